"""Win rates with 95% confidence intervals (Wilson score), by seat and by agent."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable
from typing import Any

from hexbox.core.report import Z95, mcnemar, quantiles, rate, wilson

__all__ = ["Z95", "mcnemar", "quantiles", "rate", "summarize", "wilson"]

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
