"""The six checkable rule kinds (docs/games/voodoo.md 'Breaking and claiming curses'): which curses an action breaks.

A physical curse ("cluck before rolling") becomes one of six rules checked on the stream of actions:
ritual, echo, speech, limit, target, payment. Nothing a curse forbids is illegal: the engine accepts the
act and records a violation (R29). The same checker serves the engine (on the state) and bots and the UI
(on an observation, through :func:`violations_of`, R71), so both judge curses alike.

A *context* is anything with these attributes (the state has them; :class:`ObservedContext` rebuilds them
from an observation): ``n``, ``active``, ``main`` (is the acting seat's action a main-line action, R50),
``bag_complete`` (after ``keep``),
``counts`` (this turn's reroll, draw_curse, draw_artefact, cast, phase2), ``holder`` (Target card, -1
centre), ``ward`` (bitmask of Spirit Ward seats), ``scores``, ``last_target``, ``blocks`` (per seat, a
bitmask of the emotes in its ritual block), ``duties`` (bitmask, bit ``8 * card + seat``: a pending echo
duty) and ``bound`` (per seat, the (rule card, caster) pairs that bind it; caster -1 for permanents).

The engine keeps ``duties`` as events happen (R54); an observer works them out from the public moments of
the observation (who last acted when, who last rolled, cast, scored or spoke when, and since when each card
binds), which gives the same bits: tests/voodoo check the two agree along whole games.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from hexbox.core import round_from

from . import actions as A
from .cards import CARDS, CURSE_INDEX, CURSES, EMOTE_INDEX, NCURSES, PERMANENTS, RULES
from .cards import COUNTS as COUNT_NAMES

REROLLS, DRAW_CURSES, DRAW_ARTEFACTS, CASTS, PHASE2 = range(5)
COUNT_OF = {name: i for i, name in enumerate(COUNT_NAMES)}
EMOTE_BIT = tuple(1 << EMOTE_INDEX[r.emote] if r.emote else 0 for r in RULES)
KIND = tuple(r.kind for r in RULES)
ECHO_CARDS = {event: tuple(g for g, r in enumerate(RULES) if r.kind == "echo" and r.event == event)
              for event in ("roll", "cast", "points", "caster_says")}
NRULES = len(RULES)  # rule cards: 36 curses, then 10 permanent curses
# the public moments of echo events (R54), one slot per event: state.last_echo[slot * players + seat]
ECHO_NAME = {"roll": "roll", "cast": "cast", "points": "points", "caster_says": "say"}
ECHO_SLOT = {"roll": 0, "cast": 1, "points": 2}
SAY_SLOT = 3

# ritual triggers of each main-line action (R53); "any" is added for main-line actions of one's own turn
_TRIGGERS: dict[type, tuple[str, ...]] = {
    A.Roll: ("roll",), A.Reroll: ("reroll",), A.Keep: ("keep",), A.DrawCurse: ("draw",),
    A.DrawArtefact: ("draw",), A.Cast: ("cast", "score"), A.PassDoll: ("pass_doll",), A.Claim: ("score",),
}


def card_id(card: int) -> str:
    return CURSES[card].id if card < NCURSES else PERMANENTS[card - NCURSES].id


# by a dict, not a search: a bot's curse checker looks up every permanent in play at every decision (this and the
# two changes below: ObservedContext 15.0 -> 12.4 µs per observation of 20 games, timed alone)
_PERMANENT_INDEX = {p.id: p.index for p in PERMANENTS}


def card_index(cid: str) -> int:
    if cid in CURSE_INDEX:
        return CURSE_INDEX[cid]
    return NCURSES + _PERMANENT_INDEX[cid]


def _pay_of(action: A.Action) -> tuple[int, ...] | None:
    t = type(action)
    if t is A.DrawCurse or t is A.DrawArtefact or t is A.Cast:
        return A.KEY_OF_TEXT[action.pay]
    if t is A.UseArtefact and action.artefact == "A01":
        return A.KEY_OF_TEXT[action.dice]
    return None


def eligible(ctx: Any, seat: int) -> list[int]:
    """Adversaries that a single-target curse of ``seat`` may hit now: no Target card, no Spirit Ward (R20)."""
    holder, ward = ctx.holder, ctx.ward
    return [t for t in round_from(seat, ctx.n)[1:] if t != holder and not ward >> t & 1]  # clockwise from the left


def counted(action: A.Action, bag_complete: bool) -> tuple[int, ...]:
    """The turn counts (R55) a main-line action of the active player adds to."""
    t = type(action)
    if t is A.Reroll:
        return (REROLLS,)
    if t is A.DrawCurse:
        return (DRAW_CURSES, PHASE2)
    if t is A.DrawArtefact:
        return (DRAW_ARTEFACTS, PHASE2)
    if t is A.Cast:
        return (CASTS, PHASE2)
    if t is A.UseArtefact and bag_complete:
        return (PHASE2,)
    return ()


def find_violations(ctx: Any, seat: int, action: A.Action) -> list[int]:
    """The rule cards (curses 0..35, permanents 36..45) that ``seat`` breaks by taking ``action`` now."""
    bound = ctx.bound[seat]
    if not bound:
        return []
    t = type(action)
    if t is A.Emote:
        return []
    out: list[int] = []
    if t is A.Say:
        for card, _ in bound:
            r = RULES[card]
            if r.kind == "speech" and (r.voice == "silent" or r.voice != action.voice):
                out.append(card)  # R67: silence obeys every speech rule
        return out
    main = ctx.main
    block = ctx.blocks[seat]
    triggers = _TRIGGERS.get(t, ())
    smell = t is A.UseArtefact and action.artefact == "A01"
    if smell:
        triggers = ("cast", "score")  # D27: Smellin' Doll's cast is the user's own cast
    if main:
        triggers = (*triggers, "any")
    for card, caster in bound:
        kind = KIND[card]
        if kind == "ritual":
            if RULES[card].trigger in triggers and not block & EMOTE_BIT[card]:
                out.append(card)
        elif kind == "echo":
            if ctx.duties >> (8 * card + seat) & 1 and not block & EMOTE_BIT[card]:
                out.append(card)
        elif kind == "limit":
            if not main:
                continue  # R55: only the active player's main-line actions count, and only they meet a minimum
            r = RULES[card]
            k = COUNT_OF[r.count]
            if r.max >= 0:
                if k in counted(action, ctx.bag_complete) and ctx.counts[k] + 1 > r.max:
                    out.append(card)
            elif ctx.counts[k] < r.min and (t is A.Keep if k == REROLLS else t is A.PassDoll):
                out.append(card)  # D26: a minimum is checked once, at its checkpoint
        elif kind == "target":
            if (t is A.Cast or smell) and action.target >= 0 and _wrong_target(ctx, seat, action.target,
                                                                                RULES[card].target, caster):
                out.append(card)
        elif kind == "payment":
            pay = _pay_of(action)
            if pay is None:
                continue
            r = RULES[card]
            if r.payment == "no_face":
                if pay[r.face]:
                    out.append(card)
            elif t is not A.Cast and t is not A.UseArtefact and max(pay) < 2:
                out.append(card)  # pairs_for_draws: a draw paid with two different faces
    return out


def _wrong_target(ctx: Any, seat: int, target: int, rule: str, caster: int) -> bool:
    if rule == "not_caster":
        return target == caster
    if rule == "not_repeat":
        return target == ctx.last_target[seat]
    allowed = eligible(ctx, seat)
    if rule == "left":
        return bool(allowed) and target != allowed[0]
    best = max(ctx.scores[s] for s in allowed) if allowed else 0
    return ctx.scores[target] != best


# ---- the same checks from an observation (R71) -----------------------------------------------------------


class ObservedContext:
    """A checker context rebuilt from ``observe(seat)`` only: what any player at the table can work out.

    Everything it reads is in the observation's public half, so a spectator's observation serves as well.

    It is the context of ``seat``'s own acts, the only ones its checks judge: ``blocks``, ``bound`` and ``duties``
    hold that seat's part alone (the other seats' blocks and duties 0, their bindings empty; :func:`bound_from`
    and :func:`pending_duties` give every seat's), and what only some curses read is worked out when first read (a
    bot builds one at nearly every decision: 9.6 -> 3.9 µs each over the decisions of bot_speed.py's 20 games).
    """

    __slots__ = ("_pub", "n", "active", "main", "bag_complete", "holder", "ward", "scores", "blocks", "bound",
                 "_counts", "_last_target", "_duties")

    def __init__(self, obs: dict[str, Any], seat: int):
        pub = self._pub = obs["public"]
        n = self.n = pub["players"]
        self.active = pub["active"]
        self.main = seat == self.active and obs["phase"] in ("phase1", "phase2", "candle")
        self.bag_complete = obs["phase"] in ("phase2", "candle")
        self.holder = -1 if pub["target_holder"] is None else pub["target_holder"]
        self.ward = _mask(pub["spirit_ward"]) if pub["spirit_ward"] else 0
        self.scores = pub["scores"]
        # the seat's ritual block and bindings (in bound_from's order: the curses in play by card, then permanents)
        emotes = pub["blocks"][seat]["emotes"]
        self.blocks = [0] * n
        self.blocks[seat] = _mask(map(EMOTE_INDEX.__getitem__, emotes)) if emotes else 0
        mine = [(CURSE_INDEX[c["curse"]], c["caster"]) for c in pub["curses_in_play"] if seat in c["victims"]]
        for pid in pub["permanents"][seat]:
            mine.append((NCURSES + _PERMANENT_INDEX[pid], -1))
        self.bound: list[Any] = [()] * n
        self.bound[seat] = mine
        self._counts: list[int] | None = None
        self._last_target: list[int] | None = None
        self._duties: int | None = None

    # what only limit, target and echo curses read, worked out when first read

    @property
    def counts(self) -> list[int]:
        if self._counts is None:
            self._counts = list(map(self._pub["counts"].__getitem__, COUNT_NAMES))
        return self._counts

    @property
    def last_target(self) -> list[int]:
        if self._last_target is None:
            self._last_target = [-1 if t is None else t for t in self._pub["last_target"]]
        return self._last_target

    @property
    def duties(self) -> int:
        if self._duties is None:
            self._duties = pending_duties(self._pub, self.bound)
        return self._duties


def _mask(bits: Iterable[int]) -> int:
    """The bit mask of distinct bit numbers (a bot builds a context at every decision: a loop, not sum() over a
    generator)."""
    mask = 0
    for b in bits:
        mask |= 1 << b
    return mask


def bound_from(pub: dict[str, Any]) -> list[list[tuple[int, int]]]:
    """Per seat, the (rule card, caster) pairs that bind it (R52), from the public half of an observation."""
    bound: list[list[tuple[int, int]]] = [[] for _ in range(pub["players"])]
    for c in pub["curses_in_play"]:
        pair = (CURSE_INDEX[c["curse"]], c["caster"])
        for v in c["victims"]:
            bound[v].append(pair)
    for s, perms in enumerate(pub["permanents"]):
        for pid in perms:
            bound[s].append((NCURSES + _PERMANENT_INDEX[pid], -1))
    return bound


def pending_duties(pub: dict[str, Any], bound: list[list[tuple[int, int]]]) -> int:
    """Echo duties (R54) worked out from public moments, as the engine's bitmask.

    A victim owes an echo when a matching event by another player (by the caster, for ``caster_says``) came
    after both its own last non-free action and the moment the card began to bind it.
    """
    duties = 0
    last_act = pub["last_act"]
    last_echo = pub["last_echo"]
    for seat, mine in enumerate(bound):
        for card, caster in mine:
            if KIND[card] != "echo":
                continue
            if card < NCURSES:  # the moment it began to bind: a look among the few curses in play, not a table of all
                cid = CURSES[card].id
                since = next(c["since"] for c in pub["curses_in_play"] if c["curse"] == cid)
            else:
                since = pub["permanent_since"][PERMANENTS[card - NCURSES].id]
            start = max(last_act[seat], since)
            event = RULES[card].event
            if event == "caster_says":
                owed = last_echo["say"][caster] > start
            else:  # the latest such event by another player
                moments = last_echo[ECHO_NAME[event]]
                owed = max(moments[:seat] + moments[seat + 1:], default=0) > start
            if owed:
                duties |= 1 << (8 * card + seat)
    return duties


def violations_of(obs: dict[str, Any], seat: int, action: A.Action, ctx: ObservedContext | None = None
                  ) -> list[str]:
    """R71: the curses (ids) that ``seat`` would break by ``action`` now, judged from public information.

    ``ctx``: ``ObservedContext(obs, seat)`` if the caller already has it (a bot asking about several actions)."""
    return [card_id(c) for c in find_violations(ctx or ObservedContext(obs, seat), seat, action)]


def required_emotes(obs: dict[str, Any], seat: int, action: A.Action, ctx: ObservedContext | None = None
                    ) -> list[A.Emote]:
    """The emotes that would make ``action`` obey every ritual and echo duty it would otherwise break."""
    return emotes_for(find_violations(ctx or ObservedContext(obs, seat), seat, action))


def emotes_for(broken: list[int]) -> list[A.Emote]:
    """The emotes that meet the ritual and echo duties among the rule cards ``broken``, in their order."""
    out = []
    for card in broken:
        if KIND[card] in ("ritual", "echo"):
            emote = A.EMOTE[EMOTE_INDEX[RULES[card].emote]]
            if emote not in out:
                out.append(emote)
    return out


EMOTE_NAMES = CARDS.emotes
