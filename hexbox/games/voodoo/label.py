"""A legal action as its seat reads it (the ``label`` hook): the action's words, and a warning on a move that breaks
a curse binding that seat now (R52, R56), so that nobody breaks their own curse by accident."""

from __future__ import annotations

from typing import Any

from . import actions as A
from .cards import CURSES, PERMANENTS
from .curses import NCURSES, find_violations
from .phases import CANDLE, PHASE1, PHASE2


def _name(card: int) -> str:
    return CURSES[card].name if card < NCURSES else PERMANENTS[card - NCURSES].name


def label(state: Any, seat: int, action: A.Action) -> str:
    text = str(action)
    if not state.bound[seat]:
        return text
    saved = state.main, state.bag_complete
    # what R56 step (1) would set for this seat's next act, as the engine will judge it; find_violations reads them
    state.main = seat == state.active and state.phase in (PHASE1, PHASE2, CANDLE)
    state.bag_complete = state.phase in (PHASE2, CANDLE)
    try:
        broken = find_violations(state, seat, action)
    finally:
        state.main, state.bag_complete = saved
    if not broken:
        return text
    return f"{text} — ⚠ breaks your {' and '.join(_name(c) for c in broken)}"
