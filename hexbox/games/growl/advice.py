"""GROWL's ``advice`` hook: what ISMCTS takes from this game.

It stands apart from the bot (heuristic.py) because the fitted belief that draws the worlds of ``worlds=belief``
(belief.py) reads the bot's own suspicions as one of its inputs: heuristic <- belief <- advice, no circle.
GROWL's only move pruning: no kill that hands the game to the other team at once (below).
"""

from __future__ import annotations

import types

from .belief import determinizer, root_actions
from .cards import THE_TRUSTED
from .heuristic import ISMCTS_DEFAULTS, win_chances
from .phases import PICK, SAVE


def victim(state, action) -> int | None:
    """The seat a pick or a save kills on its own, or None (R62-R68)."""
    if state.phase == PICK:
        if state.pick_kind == "victim" or (state.pick_kind == "tie" and state.night_card != THE_TRUSTED):
            return action.target
        return None
    left = [s for s in state.unsaved if s != action.target]
    return left[0] if len(left) == 1 else None


def loses_at_once(state, seat: int, action) -> bool:
    """Whether ``action``'s kill ends the game at once (2 or fewer alive, R70) with ``seat``'s team losing (R71),
    in this (sampled) world."""
    dead = victim(state, action)
    if dead is None:
        return False
    living = [s for s in state.living() if s != dead]
    if len(living) > 2:
        return False
    humans_win = any(not state.wolf[s] for s in living)
    return humans_win == state.wolf[seat]


def search_actions(state, seat: int, legal: list) -> list:
    """Every legal move but a kill that ends the game at once against the seat's own team when another choice
    does not: no person names that victim, and an easy bot's random moves are drawn from these."""
    if state.phase not in (PICK, SAVE) or len(legal) < 2:
        return legal
    return [a for a in legal if not loses_at_once(state, seat, a)] or legal


ADVICE = types.SimpleNamespace(win_chances=win_chances, ISMCTS_DEFAULTS=ISMCTS_DEFAULTS, determinizer=determinizer,
                               root_actions=root_actions, search_actions=search_actions)
