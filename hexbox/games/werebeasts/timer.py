"""The server's clock (the ``timer`` hook): only the bidding window is timed by the rulebook (R39)."""

from __future__ import annotations

from .state import BIDDING, WerebeastsState


def timer(state: WerebeastsState) -> tuple[float, object] | None:
    """``bid_window_seconds`` from the opening of a sale's bidding, restarted by every bid change but not by a pass.

    The window is named by the sale's turn and the number of changes made so far, so a pass (which changes no
    offer) keeps the running clock. When it runs out, the server plays each open bidder's default action, a pass.
    """
    if state.phase != BIDDING:
        return None
    return float(state.game.options["bid_window_seconds"]), ("bidding", state.turns, state.sale, sum(state.changes))
