"""Who is out, and what the end reveals (the ``out`` and ``reveal`` hooks): a dead seat is told at once (R44), and
at the Growl (R71) every seat's side, its hand and its gold are shown, with why its side won or lost."""

from __future__ import annotations

from typing import Any

from .cards import hand_json
from .words import cards


def out(state: Any, seat: int) -> tuple[str, str | None] | None:
    """A dead player is out (they may still send a card at All Hallows' Eve, R50); where the cards in hand killed
    them (R31: Wounds outnumber Salves by three), that is said too."""
    if not state.dead[seat]:
        return None
    if state.net_wounds(seat) >= 3:
        return "dead", "your Wounds outnumber what heals them by three or more"
    return "dead", None


def reveal(state: Any) -> list[dict[str, Any]]:
    """R71, R72: each seat's side and role, alive or dead, its hand, and why its side won or lost."""
    result = state.result
    humans_won = any(not state.wolf[s] and s in result.winners for s in range(state.n)) if result else False
    out_ = []
    for s in range(state.n):
        if state.zero[s]:
            role = "werewolves · Wolf Zero"
        elif state.wolf[s]:
            role = "werewolves · bitten, turned"
        else:
            role = "humans"
        role += " · died" if state.dead[s] else " · alive"
        side = "werewolves" if state.wolf[s] else "humans"
        if humans_won:
            why = f"the {side} {'win' if side == 'humans' else 'lose'}: a human is still alive at the Growl"
        else:
            why = f"the {side} {'win' if side == 'werewolves' else 'lose'}: no human is left alive at the Growl"
        out_.append({"role": role, "hidden": f"hand: {cards(hand_json(state.hands[s]))}", "why": why})
    return out_
