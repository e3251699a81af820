"""The 32 card effects (docs/games/prowl.md 'Every card') and their decision prompts ('A turn', windows P3 and P4).

A card's effect starts with ``start``; each choice it needs is a prompt ``(card, step, a, b)`` on the state, with
``a`` a chosen seat or clan and ``b`` a chosen card (private). ``STEPS`` maps each prompt to its legal values,
whether it may be skipped, and what an answer does. A prompt with no legal value is passed over (R18), except
the Bribed Official's, which opens whenever the peek happened so that its presence tells nobody else what was
seen.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import NamedTuple

from hexbox.core import Event, IllegalAction

from . import actions as A
from .cards import (
    AUTUMN,
    AVALANCHE,
    BLIZZARD,
    BRAMBLE_SNARE,
    BRIBED_OFFICIAL,
    BURNING_BANNER,
    CARD_CLAN,
    CARD_IDS,
    CARD_INDEX,
    CARDS,
    CHANGELING,
    CLAN_IDS,
    CLAN_INDEX,
    CURSED_EFFIGY,
    DRILLMASTER,
    DUELIST,
    ECLIPSE_RITE,
    EXILED_PRINCE,
    FIELD_MARSHAL,
    FIREBRAND,
    FROST_VEIL,
    GARRISON,
    GRAND_CHANCELLOR,
    HEADSTRONG_SCOUT,
    HIGH_MAGE,
    HOODED_FIGURE,
    HUNTER,
    ICE_WALL,
    LONG_NIGHT,
    MAGISTRATE,
    MIST_WEAVER,
    PEACE_ENVOY,
    SPRING,
    STANDARD_BEARER,
    SUMMER,
    TACTICIAN,
    VICTORY_MARCH,
    WANDERER,
    WAR_HORN,
    WARLORD,
    WHISPERER,
    WINTER,
)
from .state import MUST_CHANGE, MUST_PLAY, NO_PLAY, ProwlState

Values = Callable[["ProwlState", int, int, int], list[A.Action]]
Handler = Callable[["ProwlState", int, int, int, A.Action], None]

ALL_CLANS = A.CHOOSE_CLAN
ACCUSE_REWARD = -1


class Step(NamedTuple):
    values: Values
    may_skip: bool
    handler: Handler
    always: bool = False  # shown even with no value (only skip)


STEPS: dict[tuple[int, str], Step] = {}


def step(card: int | tuple[int, ...], name: str, values: Values, may_skip: bool = False,
         always: bool = False) -> Callable[[Handler], Handler]:
    def register(handler: Handler) -> Handler:
        for c in card if isinstance(card, tuple) else (card,):
            STEPS[(c, name)] = Step(values, may_skip, handler, always)
        return handler
    return register


# ---- the prompt machinery (P3, P4) ------------------------------------------------------------------

def ask(st: ProwlState, card: int, name: str, a: int = -1, b: int = -1) -> None:
    """Open a prompt for the active player, or pass it over if it has no legal value (R18).

    The legal answers are kept with the prompt (``st.answers``): nothing changes the state while a prompt is open,
    so they stay right until it is answered; ``resample`` recomputes them in the world it deals. Kept for speed: the
    legal list and the check read them instead of asking the card twice more, 3.5% of a random playout's
    instructions."""
    spec = STEPS[(card, name)]
    values = spec.values(st, st.active, a, b)
    if values or spec.always:
        st.prompt = (card, name, a, b)
        st.answers = (*values, A.SKIP) if spec.may_skip else tuple(values)
    else:
        spec.handler(st, st.active, a, b, A.SKIP)


def open_answers(st: ProwlState) -> tuple[A.Action, ...]:
    """The legal answers to the open prompt, asked of its card afresh (ascending ids)."""
    card, name, a, b = st.prompt
    spec = STEPS[(card, name)]
    values = spec.values(st, st.active, a, b)
    return (*values, A.SKIP) if spec.may_skip else tuple(values)


def check_answer(st: ProwlState, seat: int, action: A.Action) -> None:
    """The check of every prompt answer: one of the open prompt's legal answers."""
    if id(action) not in map(id, st.answers):  # by identity: the gate hands over the shared instance
        if st.prompt is None:
            raise IllegalAction(f"there is no question to answer now: '{action}' is not possible")
        card, name = st.prompt[:2]
        what = CARDS[card].name if card >= 0 else "the accusation reward"
        raise IllegalAction(f"'{action}' is not a legal answer to {what} ({name})")


def start(st: ProwlState, seat: int, card: int) -> None:
    """R17: the effect of a Played card whose keyword lets it trigger (R20, R21)."""
    START[card](st, seat)


# ---- accusations and their reward (R27-R32): an accusation may open a prompt -----------------------------


def accusation(st: ProwlState, seat: int, target: int, clan: int, discarded: str | None, source: int) -> None:
    """R27-R32: the engine answers truthfully; a right guess turns the card face up and opens the reward."""
    card = st.clan_card[target]
    right = CARD_CLAN[card] == clan
    entry = {"kind": "accuse", "seat": seat, "target": target, "clan": CLAN_IDS[clan], "right": right,
             "card": discarded}
    st.history += (entry,)
    if not st.quiet:
        st.ev.append(Event("accuse", entry))  # shared with the history: neither is ever mutated
    if right:
        st.face_up[target] = True
        st.denied[target] = 0
        st.settle_held(target)
        if not st.quiet:
            st.ev.append(Event("clan_revealed", {"seat": target, "card": CARD_IDS[card]}))
        ask(st, source, "reward", target)
    else:
        st.denied[target] |= 1 << clan

def take_reward(st: ProwlState, seat: int, target: int, option: str) -> None:
    """R29, R30: (i) Dominance, or a raise if already held (the raise is a prompt); (ii) force a Change."""
    st.log({"kind": "reward", "seat": seat, "target": target, "reward": option})
    if option == "force_change":
        st.impose(target, MUST_CHANGE)
    else:
        st.take_dominance(seat)


# ---- value lists (ascending ids) ---------------------------------------------------------------------

# the choose_player actions of every set of seats (bit p for seat p), built once
_CHOOSE_SEATS = [[A.CHOOSE_PLAYER[p] for p in range(A.MAX_SEATS) if mask >> p & 1] for mask in range(1 << A.MAX_SEATS)]


def opp_face_down(st: ProwlState, seat: int, a: int, b: int) -> list[A.Action]:
    return _CHOOSE_SEATS[st.accusable_mask(seat)]


def opp_any(st: ProwlState, seat: int, a: int, b: int) -> list[A.Action]:
    return _CHOOSE_SEATS[st.eligible_mask(seat)]


def opp_with_hand(st: ProwlState, seat: int, a: int, b: int) -> list[A.Action]:
    """An opponent who has a turn left holds a card (the two are the same, R11)."""
    mask = st.eligible_mask(seat)
    for p, hand in enumerate(st.hands):
        if not hand:
            mask &= ~(1 << p)
    return _CHOOSE_SEATS[mask]


def any_clan(st: ProwlState, seat: int, a: int, b: int) -> list[A.Action]:
    return ALL_CLANS


def other_clan_of(card: int) -> Values:
    """R40: any clan other than the card's own."""
    others = [A.CHOOSE_CLAN[k] for k in range(4) if k != CARD_CLAN[card]]
    return lambda st, seat, a, b: others


def options(*names: str) -> Values:
    chosen = [A.CHOOSE_OPTION[o] for o in names]
    return lambda st, seat, a, b: chosen


def _clan(action: A.Action) -> int:
    return CLAN_INDEX[action.clan]  # type: ignore[attr-defined]


def _seat(action: A.Action) -> int:
    return action.seat  # type: ignore[attr-defined]


# ---- the accusation reward (P4: R29, R30, R32) --------------------------------------------------------

def reward_values(st: ProwlState, seat: int, target: int, b: int) -> list[A.Action]:
    if st.hands[target]:  # R30, D10: forcing a Change needs a turn left
        return [A.DOMINANCE, A.FORCE_CHANGE]
    return [A.DOMINANCE]


@step((ACCUSE_REWARD, DUELIST), "reward", reward_values)
def reward(st: ProwlState, seat: int, target: int, b: int, action: A.Action) -> None:
    if action is A.DOMINANCE and st.dominance == seat:
        ask(st, DUELIST if st.playing == DUELIST else ACCUSE_REWARD, "reward_clan", target)  # X3
        return
    take_reward(st, seat, target, "dominance" if action is A.DOMINANCE else "force_change")


@step((ACCUSE_REWARD, DUELIST), "reward_clan", any_clan)
def reward_clan(st: ProwlState, seat: int, target: int, b: int, action: A.Action) -> None:
    st.log({"kind": "reward", "seat": seat, "target": target, "reward": "raise"})
    st.move(_clan(action), 1, True)


# ---- Spring ----------------------------------------------------------------------------------------------

@step(HIGH_MAGE, "clan", any_clan)
def high_mage(st: ProwlState, seat: int, a: int, b: int, action: A.Action) -> None:
    st.attach(seat, HIGH_MAGE, _clan(action))  # R50: the contract


@step(HOODED_FIGURE, "direction", options("left", "right"))
def hooded_figure(st: ProwlState, seat: int, a: int, b: int, action: A.Action) -> None:
    st.pass_clan_cards(seat, 1 if action is A.LEFT else -1)  # seat s+1 sits on seat s's left


@step(WHISPERER, "target", opp_face_down)
def whisperer(st: ProwlState, seat: int, a: int, b: int, action: A.Action) -> None:
    if action is not A.SKIP:
        st.peek_clan(seat, _seat(action))
        ask(st, WHISPERER, "second", _seat(action))


def _second_whisper(st: ProwlState, seat: int, first: int, b: int) -> list[A.Action]:
    return _CHOOSE_SEATS[st.accusable_mask(seat) & ~(1 << first)]


@step(WHISPERER, "second", _second_whisper, may_skip=True)
def whisperer_second(st: ProwlState, seat: int, a: int, b: int, action: A.Action) -> None:
    if action is not A.SKIP:
        st.peek_clan(seat, _seat(action))


@step(CHANGELING, "target", opp_any)
def changeling(st: ProwlState, seat: int, a: int, b: int, action: A.Action) -> None:
    if action is not A.SKIP:
        st.exchange_clan_cards(seat, _seat(action))


@step(MIST_WEAVER, "target", opp_with_hand)
def mist_weaver(st: ProwlState, seat: int, a: int, b: int, action: A.Action) -> None:
    if action is not A.SKIP:
        target = _seat(action)
        st.peek_hand(seat, target)
        ask(st, MIST_WEAVER, "mine", target)


def _my_cards(st: ProwlState, seat: int, a: int, b: int) -> list[A.Action]:
    return [A.CHOOSE_CARD[c] for c in st.hands[seat]]


def _their_cards(st: ProwlState, seat: int, target: int, b: int) -> list[A.Action]:
    return [A.CHOOSE_CARD[c] for c in st.hands[target]]


@step(MIST_WEAVER, "mine", _my_cards, may_skip=True)
def mist_weaver_mine(st: ProwlState, seat: int, target: int, b: int, action: A.Action) -> None:
    if action is not A.SKIP:
        ask(st, MIST_WEAVER, "theirs", target, CARD_INDEX[action.card])  # type: ignore[attr-defined]


@step(MIST_WEAVER, "theirs", _their_cards)
def mist_weaver_theirs(st: ProwlState, seat: int, target: int, mine: int, action: A.Action) -> None:
    st.exchange_hand_cards(seat, target, mine, CARD_INDEX[action.card])  # type: ignore[attr-defined]


@step(BRAMBLE_SNARE, "clan", other_clan_of(BRAMBLE_SNARE))
def bramble_snare(st: ProwlState, seat: int, a: int, b: int, action: A.Action) -> None:
    st.attach(seat, BRAMBLE_SNARE, _clan(action))


@step(CURSED_EFFIGY, "target", opp_any)
def cursed_effigy(st: ProwlState, seat: int, a: int, b: int, action: A.Action) -> None:
    if action is not A.SKIP:  # R22: no eligible opponent, no attachment: the card is discarded
        ask(st, CURSED_EFFIGY, "clan", _seat(action))


@step(CURSED_EFFIGY, "clan", any_clan)
def cursed_effigy_clan(st: ProwlState, seat: int, target: int, b: int, action: A.Action) -> None:
    st.attach(seat, CURSED_EFFIGY, target, _clan(action))


def eclipse_rite(st: ProwlState, seat: int) -> None:
    st.swap(st.track[0], st.track[3])


# ---- Summer ----------------------------------------------------------------------------------------------

@step(WANDERER, "clan", other_clan_of(WANDERER))
def wanderer(st: ProwlState, seat: int, a: int, b: int, action: A.Action) -> None:
    st.move(_clan(action), 1, True)


def headstrong_scout(st: ProwlState, seat: int) -> None:
    st.attach(seat, HEADSTRONG_SCOUT)
    scout_check(st, seat)  # R42: with the effect first, Summer may still be lowest


def scout_check(st: ProwlState, seat: int) -> None:
    """Card 10: Summer lowest -> the Scout is discarded and Summer rises by 2 (X12: even if blocked)."""
    if st.track[3] == SUMMER:
        st.detach(HEADSTRONG_SCOUT)
        st.move(SUMMER, 2, True)


@step(DUELIST, "target", opp_face_down)
def duelist(st: ProwlState, seat: int, a: int, b: int, action: A.Action) -> None:
    if action is not A.SKIP:
        ask(st, DUELIST, "guess", _seat(action))


@step(DUELIST, "guess", any_clan)
def duelist_guess(st: ProwlState, seat: int, target: int, b: int, action: A.Action) -> None:
    accusation(st, seat, target, _clan(action), None, DUELIST)  # R32: nothing is discarded


def war_horn(st: ProwlState, seat: int) -> None:
    st.move(SUMMER, 1, True)
    ask(st, WAR_HORN, "clan")


@step(WAR_HORN, "clan", other_clan_of(WAR_HORN))
def war_horn_clan(st: ProwlState, seat: int, a: int, b: int, action: A.Action) -> None:
    st.move(_clan(action), 1, False)


def burning_banner(st: ProwlState, seat: int) -> None:
    st.move(next(k for k in st.track if k != SUMMER), 2, False)


def hunter(st: ProwlState, seat: int) -> None:
    ask(st, HUNTER, "target")


@step(HUNTER, "target", opp_face_down)
def hunter_target(st: ProwlState, seat: int, a: int, b: int, action: A.Action) -> None:
    if action is not A.SKIP:
        st.peek_clan(seat, _seat(action))
    ask(st, HUNTER, "clan")  # X11: the lowering is offered even without a peek


@step(HUNTER, "clan", any_clan, may_skip=True)
def hunter_clan(st: ProwlState, seat: int, a: int, b: int, action: A.Action) -> None:
    if action is not A.SKIP:
        st.move(_clan(action), 1, False)


@step(FIREBRAND, "target", opp_with_hand)
def firebrand(st: ProwlState, seat: int, a: int, b: int, action: A.Action) -> None:
    if action is not A.SKIP:

        st.impose(_seat(action), MUST_PLAY)


# ---- Autumn ----------------------------------------------------------------------------------------------

def warlord(st: ProwlState, seat: int) -> None:
    st.take_dominance(seat)
    st.attach(seat, WARLORD)


def standard_bearer(st: ProwlState, seat: int) -> None:
    if st.dominance == seat:
        ask(st, STANDARD_BEARER, "clan")
    else:
        st.take_dominance(seat)


@step(STANDARD_BEARER, "clan", any_clan)
def standard_bearer_clan(st: ProwlState, seat: int, a: int, b: int, action: A.Action) -> None:
    st.move(_clan(action), 1, True)


@step(FIELD_MARSHAL, "clan", any_clan)
def field_marshal(st: ProwlState, seat: int, a: int, b: int, action: A.Action) -> None:
    ask(st, FIELD_MARSHAL, "direction", _clan(action))


@step(FIELD_MARSHAL, "direction", options("raise", "lower"))
def field_marshal_direction(st: ProwlState, seat: int, clan: int, b: int, action: A.Action) -> None:
    st.move(clan, 1, action is A.RAISE)


def tactician(st: ProwlState, seat: int) -> None:
    ask(st, TACTICIAN, "target")


@step(TACTICIAN, "target", opp_face_down)
def tactician_target(st: ProwlState, seat: int, a: int, b: int, action: A.Action) -> None:
    if action is not A.SKIP:
        st.peek_clan(seat, _seat(action))
    ask(st, TACTICIAN, "pair")


def _upper_clans(st: ProwlState, seat: int, a: int, b: int) -> list[A.Action]:
    return [A.CHOOSE_CLAN[k] for k in sorted(st.track[:3])]


@step(TACTICIAN, "pair", _upper_clans, may_skip=True)
def tactician_pair(st: ProwlState, seat: int, a: int, b: int, action: A.Action) -> None:
    if action is not A.SKIP:
        upper = _clan(action)
        st.swap(upper, st.track[st.track.index(upper) + 1])


@step(DRILLMASTER, "choice", options("raise", "dominance"))
def drillmaster(st: ProwlState, seat: int, a: int, b: int, action: A.Action) -> None:
    if action is A.RAISE:
        st.move(AUTUMN, 1, True)
    else:
        st.take_dominance(seat)


def victory_march(st: ProwlState, seat: int) -> None:
    if st.dominance == seat:
        st.move(AUTUMN, 1, True)
    else:
        st.take_dominance(seat)


def peace_envoy(st: ProwlState, seat: int) -> None:
    st.move(st.track[0], 1, False)
    st.move(st.track[3], 1, True)


# ---- Winter ----------------------------------------------------------------------------------------------

def avalanche(st: ProwlState, seat: int) -> None:
    if st.track.index(WINTER) >= 2:
        st.move(st.track[0], 3, False)  # to the bottom, one step at a time (R34)


@step(BRIBED_OFFICIAL, "target", opp_face_down)
def bribed_official(st: ProwlState, seat: int, a: int, b: int, action: A.Action) -> None:
    if action is not A.SKIP:
        st.peek_clan(seat, _seat(action))
        ask(st, BRIBED_OFFICIAL, "swap", _seat(action))


def _bribe_values(st: ProwlState, seat: int, target: int, b: int) -> list[A.Action]:
    w = st.track.index(WINTER)
    return [A.CONFIRM] if w > 0 and st.track[w - 1] == st.clan_of(target) else []


@step(BRIBED_OFFICIAL, "swap", _bribe_values, may_skip=True, always=True)
def bribed_official_swap(st: ProwlState, seat: int, target: int, b: int, action: A.Action) -> None:
    if action is A.CONFIRM:
        st.swap(WINTER, st.track[st.track.index(WINTER) - 1])


@step(BLIZZARD, "clan", any_clan)
def blizzard(st: ProwlState, seat: int, a: int, b: int, action: A.Action) -> None:
    st.attach(seat, BLIZZARD, _clan(action))


@step(MAGISTRATE, "target", opp_with_hand)
def magistrate(st: ProwlState, seat: int, a: int, b: int, action: A.Action) -> None:
    if action is not A.SKIP:

        st.impose(_seat(action), NO_PLAY)


# ---- starting each effect ----------------------------------------------------------------------------

def _prompt_first(card: int, name: str) -> Callable[[ProwlState, int], None]:
    return lambda st, seat: ask(st, card, name)


def _attach_only(card: int) -> Callable[[ProwlState, int], None]:
    return lambda st, seat: st.attach(seat, card)


START: dict[int, Callable[[ProwlState, int], None]] = {
    HIGH_MAGE: _prompt_first(HIGH_MAGE, "clan"),
    HOODED_FIGURE: _prompt_first(HOODED_FIGURE, "direction"),
    WHISPERER: _prompt_first(WHISPERER, "target"),
    CHANGELING: _prompt_first(CHANGELING, "target"),
    MIST_WEAVER: _prompt_first(MIST_WEAVER, "target"),
    BRAMBLE_SNARE: _prompt_first(BRAMBLE_SNARE, "clan"),
    CURSED_EFFIGY: _prompt_first(CURSED_EFFIGY, "target"),
    ECLIPSE_RITE: eclipse_rite,
    EXILED_PRINCE: _attach_only(EXILED_PRINCE),
    WANDERER: _prompt_first(WANDERER, "clan"),
    HEADSTRONG_SCOUT: headstrong_scout,
    DUELIST: _prompt_first(DUELIST, "target"),
    WAR_HORN: war_horn,
    BURNING_BANNER: burning_banner,
    HUNTER: hunter,
    FIREBRAND: _prompt_first(FIREBRAND, "target"),
    WARLORD: warlord,
    STANDARD_BEARER: standard_bearer,
    FIELD_MARSHAL: _prompt_first(FIELD_MARSHAL, "clan"),
    TACTICIAN: tactician,
    DRILLMASTER: _prompt_first(DRILLMASTER, "choice"),
    VICTORY_MARCH: victory_march,
    GARRISON: _attach_only(GARRISON),
    PEACE_ENVOY: peace_envoy,
    GRAND_CHANCELLOR: _attach_only(GRAND_CHANCELLOR),
    ICE_WALL: _attach_only(ICE_WALL),
    FROST_VEIL: _attach_only(FROST_VEIL),
    AVALANCHE: avalanche,
    BRIBED_OFFICIAL: _prompt_first(BRIBED_OFFICIAL, "target"),
    BLIZZARD: _prompt_first(BLIZZARD, "clan"),
    MAGISTRATE: _prompt_first(MAGISTRATE, "target"),
    LONG_NIGHT: _attach_only(LONG_NIGHT),
}
assert len(START) == 32 and SPRING == 0
