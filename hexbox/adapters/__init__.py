"""Doors into hexbox for learning agents (extra ``[rl]``): ``hexbox.adapters.pettingzoo`` and ``.openspiel``.

Both are thin: the rules stay in the game packages, observations come from ``observe(seat)`` through the game's
declared encoder (``hexbox encoding GAME``), and what is shared lives here.
"""

from __future__ import annotations

from typing import Any

from hexbox.core.game import Result

REWARDS = ("win", "score")


def rewards(result: Result, players: int, kind: str = "win") -> list[float]:
    """What each seat earns at the end of a game.

    ``"win"``: +1 for every winner, -1 for every other seat (a shared win is a win for each sharer; a game that
    nobody wins is lost by all). ``"score"``: the game's own final score of each seat (``Result.scores``).
    """
    if kind == "win":
        return [1.0 if s in result.winners else -1.0 for s in range(players)]
    if kind == "score":
        return [float(result.scores.get(s, 0.0)) for s in range(players)]
    raise ValueError(f"reward must be one of {', '.join(REWARDS)}, not {kind!r}")


def check_reward(kind: Any) -> str:
    if kind not in REWARDS:
        raise ValueError(f"reward must be one of {', '.join(REWARDS)}, not {kind!r}")
    return kind


def next_seat(actors: tuple[int, ...]) -> int:
    """The seat served next: where several may act at once, the lowest seat first, then the next, as the game's
    own window would take them (each declaration stays sealed until the window closes, as the game says)."""
    return min(actors)
