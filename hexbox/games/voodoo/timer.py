"""The server's clock (the ``timer`` hook): the three timer options of the windows V1-V5."""

from __future__ import annotations

from .phases import BAG_WINDOW, CLAIMS, OVER, RESPONSE
from .state import VoodooState


def timer(state: VoodooState) -> tuple[float, object] | None:
    """``turn_seconds`` for each decision of the active player (V1, V3, Black Candle), restarted at every move;
    ``reaction_window_seconds`` for the bag window and a curse's response (V2, V4) and ``claim_window_seconds`` for
    the claim window (V5), each for the whole window: its members' closing moves do not restart it.
    When a clock runs out the server plays the default action: keep the roll, pass, or close the window.
    """
    phase, options = state.phase, state.game.options
    if phase == OVER:
        return None
    if phase == BAG_WINDOW or phase == RESPONSE:
        return float(options["reaction_window_seconds"]), ("window", phase, state.turn)
    if phase == CLAIMS:
        return float(options["claim_window_seconds"]), ("claims", state.turn)
    return float(options["turn_seconds"]), None
