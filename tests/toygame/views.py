"""What each seat sees: the misses and whose turn it is (public), its own card (private); every card at the end."""

from __future__ import annotations

from typing import Any

from .cards import CARDS
from .state import HunchState


def public(state: HunchState) -> dict[str, Any]:
    return {
        "turn": state.turns,
        "active": state.active,
        "rounds": state.game.rounds,
        "misses": [{"seat": s, "card": CARDS[c].id} for s, c in state.misses],
        "hands": [CARDS[c].id for c in state.hand] if state.is_over else None,
    }


def private(state: HunchState, seat: int) -> dict[str, Any]:
    return {"card": CARDS[state.hand[seat]].id}
