"""The server's clock (the ``timer`` hook). The rulebook times nothing; a table of people still needs the decisions
taken out of turn to close, so the windows are timed, the same for every seat (docs: Notes for a bot, information
hygiene): the ambush window W1, the challenge spoils W2 and the minion chase W3. A turn of one's own is not."""

from __future__ import annotations

from .state import TransylvaniaState

WINDOW_SECONDS = {"ambush": 15.0, "spoils": 20.0, "chase": 20.0}


def timer(state: TransylvaniaState) -> tuple[float, object] | None:
    """Seconds for the open window, named so that a clock runs on while the same window stays open; None when no
    out-of-turn decision is open. When it runs out the server plays the defaults: pass, or W2's default take."""
    if state.window is not None:
        w = state.window
        return WINDOW_SECONDS["ambush"], ("ambush", state.turns, w["node"], w["mover"])
    if state.pending:
        p = state.pending[-1]
        if p[0] == "spoils" and p[1] != state.active:
            return WINDOW_SECONDS["spoils"], ("spoils", state.turns, p[1], p[2])
        if p[0] == "chase":
            return WINDOW_SECONDS["chase"], ("chase", state.turns, p[2])
    return None
