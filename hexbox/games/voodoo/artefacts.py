"""The 13 artefacts (docs/games/voodoo.md 'Every card', R17, R36, R37, R48): when each may be used, and what it does.

Using an artefact is free: the card goes face up to the bottom of the Artefact deck and its effect applies.
"""

from __future__ import annotations

from hexbox.core import Event, IllegalAction

from . import actions as A
from .cards import ARTEFACT_INDEX, ARTEFACTS, CURSE_INDEX, CURSES
from .phases import BAG_WINDOW, CANDLE, PHASE1, PHASE2, RESPONSE
from .state import VoodooState

(SMELLIN_DOLL, RABBITS_FOOT, WITCHS_LADLE, TWIN_BONE, GRAVE_DUST, BONE_AMULET, MIRROR_GOURD, GRIS_GRIS,
 JUMPING_BEAN, BLACK_CANDLE, WOLF_TOTEM, WAR_MASK, SPIRIT_WARD) = range(13)


def legal(state: VoodooState, seat: int) -> list[A.Action]:
    """The artefact uses open to ``seat`` now, ascending by id."""
    held = state.arts[seat]
    if not held:
        return []
    has = set(held)
    phase = state.phase
    out: list[A.Action] = []
    if phase == BAG_WINDOW:
        if SMELLIN_DOLL in has:
            out += state.casts(seat, tuple(state.bag), True)
        return out
    if phase == RESPONSE:
        if BONE_AMULET in has:
            out.append(A.AMULET)
        if MIRROR_GOURD in has:
            out.append(A.MIRROR)
        return out
    if seat != state.active:
        return out
    bag = state.bag
    if phase == PHASE1:
        if state.rolled and RABBITS_FOOT in has:
            out += [A.RABBIT[m] for m in A.submultisets(tuple(bag))]
    elif phase == PHASE2:
        if WITCHS_LADLE in has:
            out += [A.LADLE[f, g] for f in range(6) if bag[f] for g in range(6) if g != f]
        if TWIN_BONE in has:
            out += [A.TWIN[f] for f in range(6) if bag[f]]
        if GRAVE_DUST in has:
            out += [A.DUST[f] for f in range(6) if state.aside[f]]
    else:
        return out
    if GRIS_GRIS in has:
        out += [A.GRIS[c] for c in sorted(state.inplay) if state.inplay[c][1] == seat]
    if phase == PHASE2:
        if JUMPING_BEAN in has and state.cdeck:
            out.append(A.BEAN)
        if BLACK_CANDLE in has and state.cdeck:
            out.append(A.CANDLE)
        if WOLF_TOTEM in has:
            out += [A.WOLF[t] for t in range(state.n) if t != seat]
        if WAR_MASK in has:
            out.append(A.MASK)
    if SPIRIT_WARD in has:
        out.append(A.WARD)
    return out


def check(state: VoodooState, seat: int, action: A.UseArtefact) -> None:
    """Refuse a use that is not allowed now, changing nothing."""
    a = ARTEFACT_INDEX[action.artefact]
    name = ARTEFACTS[a].name
    if a not in state.arts[seat]:
        raise IllegalAction(f"you do not hold {name}")
    phase = state.phase
    when = ARTEFACTS[a].when
    if when == "bag_complete":  # R37
        if phase != BAG_WINDOW or not state.open >> seat & 1:
            raise IllegalAction(f"{name} is used when an adversary completes their bag")
        c = CURSE_INDEX[action.curse]
        if c not in state.hand[seat]:
            raise IllegalAction(f"{action.curse} is not in your hand")
        if any(x > y for x, y in zip(A.KEY_OF_TEXT[action.dice], state.bag)):
            raise IllegalAction(f"seat {state.active}'s bag does not hold {action.dice}")
        state.check_target(seat, c, action.target)
        return
    if when == "targeted":
        if phase != RESPONSE or state.pending[2] != seat:
            raise IllegalAction(f"{name} is used when a curse is cast on you")
        return
    own = seat == state.active and (phase == PHASE2 or (phase == PHASE1 and (when == "own_turn" or state.rolled)))
    if not own or (when == "phase1" and phase != PHASE1) or (when == "phase2" and phase != PHASE2):
        raise IllegalAction(f"{name} cannot be used now ({when.replace('_', ' ')})")
    bag = state.bag
    if a == RABBITS_FOOT and any(x > y for x, y in zip(A.KEY_OF_TEXT[action.dice], bag)):
        raise IllegalAction(f"your bag does not hold {action.dice}")
    if a in (WITCHS_LADLE, TWIN_BONE) and not bag[A.CODES.index(action.face)]:
        raise IllegalAction(f"your bag holds no {action.face}")
    if a == GRAVE_DUST and not state.aside[A.CODES.index(action.face)]:
        raise IllegalAction(f"you set no {action.face} aside this turn")
    if a == GRIS_GRIS and state.inplay.get(CURSE_INDEX[action.curse], (-1, -1))[1] != seat:
        raise IllegalAction(f"you are not the single victim of {action.curse} (D23)")
    if a in (JUMPING_BEAN, BLACK_CANDLE) and not state.cdeck:
        raise IllegalAction("the Curse deck is empty")
    if a == WOLF_TOTEM and not (0 <= action.target < state.n and action.target != seat):
        raise IllegalAction("name an adversary at the table")


def use(state: VoodooState, seat: int, action: A.UseArtefact) -> list[Event]:
    a = ARTEFACT_INDEX[action.artefact]
    state.arts[seat].remove(a)
    state.adeck.insert(0, a)  # R17: face up to the bottom
    state.aseen[a] = (1 << state.n) - 1
    used = action.to_json()
    del used["kind"]
    events = [Event("artefact_used", {"seat": seat, **used})]  # public: the card goes face up (R17)
    if a == SMELLIN_DOLL:  # R36: the dice stay in the adversary's bag; D27
        state.open &= ~(1 << seat)
        events += state.declare(seat, CURSE_INDEX[action.curse], action.target, action.dice, BAG_WINDOW)
        if state.phase == BAG_WINDOW and not state.open:
            state.phase = PHASE2
    elif a == RABBITS_FOOT:
        dice = A.KEY_OF_TEXT[action.dice]
        for f in range(6):
            state.bag[f] -= dice[f]
        state.roll_into(sum(dice))
        events.append(Event("rerolled", {"seat": seat, "dice": action.dice, "bag": A.dice_text(state.bag)}))
    elif a == WITCHS_LADLE:
        state.bag[A.CODES.index(action.face)] -= 1
        state.bag[A.CODES.index(action.face_to)] += 1
    elif a == TWIN_BONE:
        state.bag[A.CODES.index(action.face)] += 1
    elif a == GRAVE_DUST:
        f = A.CODES.index(action.face)
        state.aside[f] -= 1
        state.bag[f] += 1
    elif a == BONE_AMULET:  # cancelled: back to the caster's hand, dice stay spent, nobody scores
        caster, curse, _ = state.pending
        state.pending = None
        state.hand[caster].append(curse)
        state.return_from_response()
    elif a == MIRROR_GOURD:  # R64, D28
        caster, curse, _ = state.pending
        state.pending = None
        state.inplay[curse] = (seat, caster)
        state._rebind()
        state.holder = caster
        events.append(state.in_play_event(curse, seat, caster))
        state.return_from_response()
    elif a == GRIS_GRIS:
        events += state._discard_from_play(CURSE_INDEX[action.curse])
    elif a == JUMPING_BEAN:
        events += state.draw_curses(seat, 2)
    elif a == BLACK_CANDLE:
        k = min(3, len(state.cdeck))
        state.candle = tuple(state.cdeck.pop() for _ in range(k))
        for c in state.candle:
            state.cseen[c] = 1 << seat
        state.phase = CANDLE
        events.append(Event("candle", {"seat": seat, "cards": [CURSES[c].id for c in state.candle]}, to=(seat,)))
    elif a == WOLF_TOTEM:
        t = action.target
        taken = bool(state.hand[t])  # D29: an empty hand gives nothing
        events.append(Event("curse_stolen", {"thief": seat, "from": t, "taken": taken}))  # which card: secret
        if taken:
            c = state.hand[t].pop(state.rng.randrange(len(state.hand[t])))
            state.hand[seat].append(c)
            pair = (1 << seat) | (1 << t)
            for other in state.hand[t]:
                state.cseen[other] &= pair  # the others no longer know which card left
            state.cseen[c] = pair
            events.append(Event("stolen", {"thief": seat, "from": t, "curse": CURSES[c].id}, to=(seat, t)))
    elif a == WAR_MASK:
        state.holder = -1
    elif a == SPIRIT_WARD:
        state.ward |= 1 << seat
    return events


def candle_choices(state: VoodooState) -> list[A.Action]:
    cards = state.candle
    if len(cards) == 1:
        return [A.KEEP_CARD[cards[0], -1]]
    out = []
    for k in sorted(cards):
        for b in sorted(cards):
            if b != k:
                out.append(A.KEEP_CARD[k, b])
    return out


def check_keep_card(state: VoodooState, seat: int, action: A.KeepCard) -> None:
    if state.phase != CANDLE or seat != state.active:
        raise IllegalAction("there is no Black Candle choice to make now")
    if action not in candle_choices(state):
        raise IllegalAction("keep one of the three cards you looked at and name one of the others for the bottom")


def keep_card(state: VoodooState, seat: int, action: A.KeepCard) -> list[Event]:
    keep = CURSE_INDEX[action.keep]
    state.hand[seat].append(keep)
    rest = [c for c in state.candle if c != keep]
    order: list[int] = []  # very bottom first
    if rest:
        bottom = CURSE_INDEX[action.bottom]
        order = [bottom] + [c for c in rest if c != bottom]
        for c in reversed(order):
            state.cdeck.insert(0, c)  # the named card ends at the very bottom (D29)
    state.candle = ()
    state.phase = PHASE2
    # the others learn only how many cards went under the deck; the choice is the user's secret
    return [Event("candle_done", {"seat": seat, "bottom": len(rest)}),
            Event("candle_kept", {"seat": seat, "keep": action.keep, "bottom": [CURSES[c].id for c in order]},
                  to=(seat,))]
