"""The moments of a Voodoo turn and its decision windows (docs/games/voodoo.md): V1 phase 1, V2 bag window,
V3 phase 2, V4 curse response, V5 claim window, and Black Candle's private choice."""

PHASE1, BAG_WINDOW, PHASE2, RESPONSE, CLAIMS, CANDLE, OVER = range(7)
PHASES = ("phase1", "bag_window", "phase2", "curse_response", "claim_window", "candle", "over")
