"""Win rates with 95% confidence intervals (Wilson score), by seat and by agent."""

from __future__ import annotations

import math
from collections import defaultdict
from collections.abc import Iterable
from typing import Any

Z95 = 1.959963984540054


def wilson(wins: float, n: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval for a proportion; sound near 0 and 1, unlike the normal approximation."""
    if n == 0:
        return (0.0, 1.0)
    p = wins / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return (max(0.0, centre - half), min(1.0, centre + half))


def mcnemar(gained: int, lost: int) -> float:
    """Two-sided p-value of McNemar's exact test for paired wins: ``gained`` pairs won only with the change,
    ``lost`` pairs won only without it (pairs that agree carry no information). Exact binomial, so sound for
    small counts too."""
    n = gained + lost
    if n == 0:
        return 1.0
    k = min(gained, lost)
    tail = sum(math.comb(n, i) for i in range(k + 1)) / 2 ** n
    return min(1.0, 2 * tail)


def summarize(results: Iterable[dict[str, Any]]) -> dict[str, Any]:
    games = 0
    by_seat: dict[int, int] = defaultdict(int)
    by_agent_wins: dict[str, int] = defaultdict(int)
    by_agent_games: dict[str, int] = defaultdict(int)
    actions = turns = 0
    no_winner = 0
    players = 0
    for r in results:
        games += 1
        players = max(players, r["players"])
        actions += r["actions"]
        turns += r["turns"]
        no_winner += not r["winners"]
        for s in r["winners"]:
            by_seat[s] += 1
        for s, agent in enumerate(r["agents"]):
            by_agent_games[agent] += 1
            by_agent_wins[agent] += s in r["winners"]

    return {
        "games": games,
        "players": players,
        "seats": {s: rate(by_seat[s], games) for s in range(players)},
        "agents": {a: rate(by_agent_wins[a], by_agent_games[a]) for a in sorted(by_agent_games)},
        "mean_actions": actions / games if games else 0.0,
        "mean_turns": turns / games if games else 0.0,
        "no_winner": no_winner / games if games else 0.0,
    }


def rate(wins: float, n: int) -> dict[str, Any]:
    """A proportion with its 95% Wilson interval."""
    lo, hi = wilson(wins, n)
    return {"wins": wins, "games": n, "rate": wins / n if n else 0.0, "low": lo, "high": hi}


def quantiles(values: list[float], qs: tuple[float, ...] = (0.0, 0.1, 0.25, 0.5, 0.75, 0.9, 1.0)
              ) -> dict[str, float]:
    """Empirical quantiles (nearest rank), e.g. for game lengths; {} for no values."""
    if not values:
        return {}
    ordered = sorted(values)
    last = len(ordered) - 1
    return {f"{q:g}": ordered[round(q * last)] for q in qs}
