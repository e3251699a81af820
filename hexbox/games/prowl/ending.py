"""What the end reveals (the ``reveal`` hook): every seat's clan card, the secret that decides who wins (R3), and
the hand left, shown to all after the game."""

from __future__ import annotations

from typing import Any

from .cards import CARDS, CLANS


def reveal(state: Any) -> list[dict[str, Any]]:
    shown = []
    for s in range(state.n):
        card = state.clan_card[s]
        clan = CLANS[state.clan_of(s)].name if card >= 0 else "no clan card"
        hand = ", ".join(CARDS[c].name for c in state.hands[s])
        shown.append({"role": f"clan: {clan}" + (f" ({CARDS[card].name})" if card >= 0 else ""),
                      "hidden": f"hand: {hand}" if hand else None, "why": None})
    return shown
