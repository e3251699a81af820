"""Many games at once: pure jobs (game, options, agents, seed) -> one JSON line each, their statistics, reports."""

from .report import write_report
from .runner import GameJob, play_game, run
from .stats import summarize, wilson

__all__ = ["GameJob", "play_game", "run", "summarize", "wilson", "write_report"]
