"""Hunch's moves: a guess (R3, R4), a pass, the end (R5)."""

from __future__ import annotations

from hexbox.core import Event, IllegalAction, Result

from . import actions as A
from .cards import CARDS, INDEX
from .state import OVER, HunchState


def check_guess(state: HunchState, seat: int, action: A.Guess) -> None:
    if action.target == seat or action.target >= state.n:  # R3
        raise IllegalAction(f"name the card of another player at this table, not seat {action.target}")


def guess(state: HunchState, seat: int, action: A.Guess) -> list[Event]:
    card = INDEX[action.card]
    right = state.hand[action.target] == card
    events = [Event("guess", {"seat": seat, "target": action.target, "card": action.card, "right": right})]
    if right:  # R4
        return events + end(state, {seat}, "guessed", f"seat {seat} named seat {action.target}'s {action.card}")
    state.misses += ((action.target, card),)
    return events + after_turn(state)


def pass_turn(state: HunchState, seat: int, action: A.Pass) -> list[Event]:
    return [Event("pass", {"seat": seat})] + after_turn(state)


def after_turn(state: HunchState) -> list[Event]:
    if state.turns >= state.game.rounds * state.n:  # R5
        top = max(range(state.n), key=lambda s: state.hand[s])
        return end(state, {top}, "highest_card", f"seat {top} holds the highest card")
    state.next_turn()
    return [Event("turn", {"seat": state.active})]


def end(state: HunchState, winners: set[int], kind: str, reason: str) -> list[Event]:
    state.phase = OVER
    state.finish(Result(frozenset(winners), {s: float(s in winners) for s in range(state.n)}, reason, kind))
    return [Event("game_over", {"hands": [CARDS[c].id for c in state.hand], **state._result.to_json()})]
