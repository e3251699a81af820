"""Prowl's moves, as in the rulebook: set-up's clan cards (R8, R9), the turn (R10-R14) and its three actions,
Play (R15-R24), Change (R25, R26) and Accuse (R27-R32), and the answers to a card's prompts (P3, P4).

Every move comes through core's gate (``State.apply``): game over, seat and actor, the shared instance, then the
kind's check in ``RULES`` (game.py; it raises IllegalAction and changes nothing; it accepts exactly the actions
of ``_legal_actions`` without building that list), then its handler, which may assume the move is legal and
returns the move's events. Card effects: effects.py.
"""

from __future__ import annotations

from hexbox.core import Event, IllegalAction

from . import actions as A
from . import effects
from .cards import (
    BLIZZARD,
    CARD_CLAN,
    CARD_EARLY,
    CARD_FINAL,
    CARD_IDS,
    CARD_INDEX,
    CARDS,
    CLAN_INDEX,
    FROST_VEIL,
    HEADSTRONG_SCOUT,
    MIST_WEAVER,
)
from .effects import ACCUSE_REWARD
from .state import (
    CONSTRAINTS,
    MAY_ACCUSE,
    MAY_CHANGE,
    MAY_PLAY,
    NO_CONSTRAINT,
    ONLY,
    PHASES,
    PROMPT,
    SETUP,
    TURN,
    ProwlState,
)

# ---- the checks (P1, P2, R28, R39): they change nothing -----------------------------------------------------------
# The gate has made sure that ``seat`` may act: during set-up, a seat without a clan card; during a turn, the
# active player. Each check is one test on the way in and says why only on the way out (refuse): testing
# through refuse on every move would cost 2.6% of a random playout's instructions.

def check_set_clan(state: ProwlState, seat: int, action: A.SetClan) -> None:
    if state.phase != SETUP or CARD_INDEX[action.card] not in state.hands[seat]:
        if state.phase != SETUP:
            raise IllegalAction("clan cards are placed during set-up only")
        raise IllegalAction(f"{CARDS[CARD_INDEX[action.card]].name} is not in seat {seat}'s hand")

def check_play(state: ProwlState, seat: int, action: A.Play) -> None:
    if (state.phase != TURN or not MAY_PLAY[state.constraint[seat]]
            or CARD_INDEX[action.card] not in state.hands[seat]):
        refuse(state, seat, "Play", action.card, MAY_PLAY)

def check_change(state: ProwlState, seat: int, action: A.Change) -> None:
    if (state.phase != TURN or not MAY_CHANGE[state.constraint[seat]]
            or CARD_INDEX[action.card] not in state.hands[seat]):
        refuse(state, seat, "Change", action.card, MAY_CHANGE)

def check_accuse(state: ProwlState, seat: int, action: A.Accuse) -> None:
    target = action.target
    if (state.phase != TURN or not MAY_ACCUSE[state.constraint[seat]]
            or CARD_INDEX[action.card] not in state.hands[seat]
            # R28: the target is one of accusable_mask(seat), written out
            or target == seat or target >= state.n or state.face_up[target] or target == state.att_by[FROST_VEIL]):
        refuse(state, seat, "Accuse", action.card, MAY_ACCUSE)
        raise IllegalAction(f"seat {action.target} cannot be accused by seat {seat} (R28: yourself, no such "
                            f"seat, a face-up clan card or a Frost Veil)")

def refuse(state: ProwlState, seat: int, what: str, card_id: str, allowed: tuple[bool, ...]) -> None:
    """Why a turn action is not legal (raises), or return if it is only the Accuse target that is wrong."""
    if state.phase != TURN:
        raise IllegalAction(f"seat {seat} cannot {what} now: the game is in the {PHASES[state.phase]} phase")
    rule = state.constraint[seat]
    if not allowed[rule]:
        raise IllegalAction(f"seat {seat} may not {what} this turn ({CONSTRAINTS[rule].replace('_', ' ')})")
    if CARD_INDEX[card_id] not in state.hands[seat]:
        raise IllegalAction(f"{CARDS[CARD_INDEX[card_id]].name} is not in seat {seat}'s hand")

# ---- Set-up 4-5: clan cards, starting player (R8, R9) -------------------------------------------------------------

def set_clan(state: ProwlState, seat: int, action: A.SetClan) -> list[Event]:
    state.ev = events = []  # what this action makes happen, appended by emit() and the hot paths
    card = CARD_INDEX[action.card]
    state.hands[seat].remove(card)
    state.clan_card[seat] = card
    waiting = list(state.actors)
    waiting.remove(seat)
    state.actors = tuple(waiting)
    if not state.quiet:
        state.ev += (Event("clan_placed", {"seat": seat}),
                     Event("your_clan", {"seat": seat, "card": action.card}, ONLY[seat]))
    if -1 not in state.clan_card:
        first = state.game.first_player
        state.start = state.rng.randrange(state.n) if first < 0 else first  # R9, D11: drawn after P1
        state.dominance = (state.start - 1) % state.n if state.game.dominance_to_last else state.start
        state.active = next_active(state)
        state.emit("start", {"seat": state.start, "dominance": state.dominance})
        begin_turn(state)
    return events

# ---- Turns (R10-R14) ----------------------------------------------------------------------------------------------

def begin_turn(state: ProwlState) -> None:
    """R12: (a) attachments lasting until this player's next turn end, (b) the two-player reveal, (c) act."""
    seat = state.active
    state.turns += 1
    state.phase = TURN
    state.actors = ONLY[seat]  # the active player alone, through the turn and its prompts (R14)
    att_by = state.att_by
    if att_by[FROST_VEIL] == seat:
        state.detach(FROST_VEIL)
    if att_by[BLIZZARD] == seat:
        state.detach(BLIZZARD)
    if state.game.strengthening_deck and state.dominance == seat:  # R37
        if state.deck:
            card = state.deck.pop()
            state.deck_discards.append(card)
            state.emit("deck_reveal", {"seat": seat, "card": CARDS[card].id})
            state.strengthen(CARD_CLAN[card])
        else:
            state.emit("deck_reveal", {"seat": seat, "card": None})
    # whose turn it is, and any constraint on it, is in the observation ("active", "constraint"): no event,
    # which keeps random playouts fast

def resolve(state: ProwlState) -> None:
    """Carry the turn on after an action or a prompt answer: the next prompt, or the rest of the Play and the
    end of the turn (R13): end-of-turn checks (Headstrong Scout), then the player on the left; R43: or the end.
    """
    if state.prompt is not None:
        state.phase = PROMPT
        return
    card = state.playing
    if card >= 0:
        seat = state.active
        if state.pending_strengthen:
            state.pending_strengthen = False
            state.strengthen(CARD_CLAN[card])
        pile = state.discards[seat]
        if state.att_by[card] != seat and card not in pile:  # R19, R22, R24
            pile.append(card)
        state.playing = -1
    scout = state.att_by[HEADSTRONG_SCOUT]
    if scout >= 0:
        effects.scout_check(state, scout)
    state.constraint[state.active] = NO_CONSTRAINT  # R39: it bound this turn only
    if not any(state.hands):
        state.end()
        return
    state.active = next_active(state)
    begin_turn(state)


def next_active(state: ProwlState) -> int:
    """R10: the next turn's player, clockwise from the starting player; with the catch-up option
    ``last_round = "counter_clockwise"`` the last round goes the other way, from the last player."""
    n = state.n
    turn = state.turns + 1  # the next turn's number, from 1
    last_round = (state.game.hand_size - 2) * n  # the turns before the last round
    if state.game.last_round_reversed and turn > last_round:
        return (state.start - (turn - last_round)) % n
    return state.start if state.turns == 0 else (state.active + 1) % n

# ---- 1. Play (R15-R24) --------------------------------------------------------------------------------------------

def play(state: ProwlState, seat: int, action: A.Play) -> list[Event]:
    state.ev = events = []
    card = CARD_INDEX[action.card]
    last = len(state.hands[seat]) == 1  # R20, R21: the turn began with one card in hand
    state.hands[seat].remove(card)
    if state.hands_seen:
        state.forget_hand_card(seat, card)
    live = not (CARD_EARLY[card] and last) and (last or not CARD_FINAL[card])
    state.playing = card
    entry = {"kind": "play", "seat": seat, "card": action.card, "first": action.first, "effect": live}
    state.history += (entry,)
    if not state.quiet:
        state.ev.append(Event("play", entry))
    if action.first == "strengthen":  # R15: the player orders the two parts
        state.strengthen(CARD_CLAN[card])
    else:
        state.pending_strengthen = True
    if live:
        effects.start(state, seat, card)
    resolve(state)
    return events

# ---- 2. Change (R25, R26) -----------------------------------------------------------------------------------------

def change(state: ProwlState, seat: int, action: A.Change) -> list[Event]:
    state.ev = events = []
    card = CARD_INDEX[action.card]
    old = state.clan_card[seat]
    state.hands[seat].remove(card)
    state.discards[seat].append(old)
    state.clan_card[seat] = card
    state.face_up[seat] = False
    state.denied[seat] = 0
    state.own_clans()
    for row in state.known_clans:  # D16: nobody else can tell which hand card became the clan ...
        row[seat] = -1  # (one's own clan card is never "remembered" anyway)
    if state.hands_seen:
        state.own_hands()
        for o in range(state.n):
            hand, held = state.known_hand[o], state.known_held[o]
            if o != seat and (hand[seat] or held[seat]):
                # ... but cards known to be in that hand are still in the hand or are the new clan card
                held[seat] = tuple(c for c in held[seat] + hand[seat] if c != old)
                hand[seat] = ()
    entry = {"kind": "change", "seat": seat, "old": CARD_IDS[old]}
    state.history += (entry,)
    if not state.quiet:
        events += (Event("change", entry), Event("your_clan", {"seat": seat, "card": action.card}, ONLY[seat]))
    resolve(state)
    return events

# ---- 3. Accuse (R27-R32) ------------------------------------------------------------------------------------------

def accuse(state: ProwlState, seat: int, action: A.Accuse) -> list[Event]:
    state.ev = events = []
    card = CARD_INDEX[action.card]
    state.hands[seat].remove(card)
    if state.hands_seen:
        state.forget_hand_card(seat, card)
    state.discards[seat].append(card)
    effects.accusation(state, seat, action.target, CLAN_INDEX[action.clan], action.card, ACCUSE_REWARD)
    resolve(state)
    return events


def answer(state: ProwlState, seat: int, action: A.Action) -> list[Event]:
    """The handler of every prompt answer (P3, P4): the card's step (effects.py), then the turn carries on. The gate
    has checked that it is one of ``state.answers``."""
    card, name, a, b = state.prompt
    state.prompt = None
    state.answers = ()
    state.ev = events = []
    if not state.quiet:
        if card == MIST_WEAVER and name != "target":
            shown: object = "skip" if action is A.SKIP else "card"  # the exchanged cards stay private
        else:
            shown = dict(_ANSWER_JSON[action])  # a copy: events are the caller's to keep
        events.append(Event("answer", {"seat": seat, "card": CARD_IDS[card] if card >= 0 else None, "step": name,
                                       "answer": shown}))
    effects.STEPS[(card, name)].handler(state, seat, a, b, action)
    resolve(state)
    return events


# speed: the JSON form of every possible answer, built once
_ANSWER_JSON = {a: a.to_json() for a in (*A.CHOOSE_PLAYER, *A.CHOOSE_CLAN, *A.CHOOSE_CARD, *A.CHOOSE_OPTION.values(),
                                         A.SKIP)}
