"""Many games at once: pure jobs (game, options, agents, seed) -> one JSON line each, and their statistics."""

from .runner import GameJob, play_game, run
from .stats import summarize, wilson

__all__ = ["GameJob", "play_game", "run", "summarize", "wilson"]
