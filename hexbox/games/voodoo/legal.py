"""Voodoo's legal actions (D14: ascending ids, the free actions last) and the safe default of each moment.

Above the state and the artefacts: an adversary's artefact uses are part of most lists (artefacts.legal).
"""

from __future__ import annotations

from . import actions as A
from . import artefacts
from .phases import BAG_WINDOW, CANDLE, CLAIMS, PHASE1, PHASE2, RESPONSE
from .state import ALL_FREE, VoodooState, free_actions


def legal_actions(state: VoodooState, seat: int) -> list[A.Action]:
    phase = state.phase
    held = state.arts[seat]  # artefact uses are looked up only for a seat that holds one
    out: list[A.Action]
    if phase == PHASE1:
        if seat != state.active:
            return []
        if not state.rolled:
            out = [A.ROLL]
        else:
            out = list(A.rerolls(tuple(state.bag)))  # R11, R12, D11
            out.append(A.KEEP)
        if held:
            out += artefacts.legal(state, seat)
    elif phase == PHASE2:
        if seat != state.active:
            return []
        bag = tuple(state.bag)
        out = []
        if sum(bag) >= 2:
            curse_draws, artefact_draws = A.draws(bag)
            if state.cdeck:  # R44
                out += curse_draws
            if state.adeck:
                out += artefact_draws
        out += state.casts(seat, bag, False)
        if held:
            out += artefacts.legal(state, seat)
        out.append(A.PASS_DOLL)
    elif phase == BAG_WINDOW or phase == RESPONSE:
        if not (state.open >> seat & 1 if phase == BAG_WINDOW else seat == state.pending[2]):
            return []
        out = artefacts.legal(state, seat)
        out.append(A.DONE)
    elif phase == CLAIMS:
        if not state.open >> seat & 1:
            return []
        out = [A.CLAIM[c] for c in sorted(state.inplay)
               if state.inplay[c][0] == seat and not state.claimed >> c & 1]
        out.append(A.DONE)
    elif phase == CANDLE and seat == state.active:
        out = artefacts.candle_choices(state)
    else:  # over, or not this seat's moment
        return []
    block = state.blocks[seat]
    if not block and not state.said[seat]:
        return out + ALL_FREE  # the free actions close every list: each emote once, one say (D24)
    return out + free_actions(block, state.said[seat])


def default_action(state: VoodooState, seat: int) -> A.Action:
    phase = state.phase
    if phase == PHASE1:
        return A.KEEP if state.rolled else A.ROLL
    if phase == PHASE2:
        return A.PASS_DOLL
    if phase == CANDLE:
        return artefacts.candle_choices(state)[0]
    return A.DONE
