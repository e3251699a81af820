"""Who is out, and what the end reveals (the ``out`` and ``reveal`` hooks): an eliminated player is told at once
(R38), and at the end every goal card is turned face up, so each seat's two goals and points are shown."""

from __future__ import annotations

from typing import Any

from .cards import CARDS


def out(state: Any, seat: int) -> str | None:
    """R38: an eliminated player takes no further part and scores nothing."""
    return "eliminated" if state.out[seat] else None


def reveal(state: Any) -> list[dict[str, Any]]:
    """Each seat's two goal cards (face up at the end), its cans, and its points (R32, R33, R38)."""
    shown = []
    for s in range(state.n):
        goals = " and ".join(CARDS.goals[g].name for g in state.goals_of(s))
        points = state.points(s)
        # the points decide (R32, R33); a tie is broken as the result's reason says
        why = "eliminated: scores nothing" if state.out[s] else f"{points} point{'s' if points != 1 else ''}"
        cans, cards = state.cans[s], len(state.cards[s])
        hidden = f"{cans} can{'s' if cans != 1 else ''}, {cards} card{'s' if cards != 1 else ''}"
        shown.append({"role": f"goals: {goals}", "hidden": hidden, "why": why})
    return shown
