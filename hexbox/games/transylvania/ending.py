"""What the end reveals (the ``reveal`` hook): every seat's role (its Adventurer, or the Monster it rose as), its
hand and set-aside cards, shown to all after the game (R1)."""

from __future__ import annotations

from typing import Any

from .views import reveal as hands
from .words import card, who


def reveal(state: Any) -> list[dict[str, Any]]:
    shown = []
    for s, h in enumerate(hands(state)):
        role = who(state.role_name(s))
        monster = state.role[s] >= 0
        cards = ", ".join(card(c) for c in h["hand"] + h["set_aside"]) or "no cards"
        shown.append({"role": f"{'Monster: ' if monster else 'Adventurer: '}{role}"
                              f"{'' if state.alive[s] else ' · slain'}",
                      "hidden": f"hand: {cards}", "why": None})
    return shown
