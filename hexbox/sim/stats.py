"""Win rates with 95% confidence intervals (Wilson score), by seat and by agent."""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Iterable
from typing import Any

from hexbox.core.report import Z95, mcnemar, quantiles, rate, wilson

from .measures import ending_of, seat_from_first, warnings_of

__all__ = ["Z95", "Summary", "mcnemar", "quantiles", "rate", "summarize", "wilson"]



class Summary:
    """Win rates and lengths, kept as running counts: add the lines one by one, in any order, and drop them."""

    def __init__(self) -> None:
        self.games = self.players = self.actions = self.turns = self.no_winner = 0
        self.by_seat: dict[int, int] = defaultdict(int)
        self.by_agent_wins: dict[str, int] = defaultdict(int)
        self.by_agent_games: dict[str, int] = defaultdict(int)
        self.from_first: dict[int, int] = defaultdict(int)
        self.with_first = 0
        # what the warnings read, as counts: the lines themselves are not kept
        self.game = ""
        self.endings: Counter[str] = Counter()
        self.lengths: Counter[int] = Counter()

    def add(self, r: dict[str, Any]) -> None:
        self.games += 1
        self.players = max(self.players, r["players"])
        self.actions += r["actions"]
        self.turns += r["turns"]
        winners = r["winners"]
        self.no_winner += not winners
        for s in winners:
            self.by_seat[s] += 1
        first = r.get("first")
        if isinstance(first, int):
            self.with_first += 1
            for s in winners:
                self.from_first[seat_from_first(s, first, r["players"])] += 1
        self.game = r["game"]
        self.endings[ending_of(r)] += 1
        self.lengths[r["turns"]] += 1
        for s, agent in enumerate(r["agents"]):
            self.by_agent_games[agent] += 1
            self.by_agent_wins[agent] += s in winners

    def result(self) -> dict[str, Any]:
        games = self.games
        return {
            "games": games,
            "players": self.players,
            "seats": {s: rate(self.by_seat[s], games) for s in range(self.players)},
            "agents": {a: rate(self.by_agent_wins[a], self.by_agent_games[a]) for a in sorted(self.by_agent_games)},
            "mean_actions": self.actions / games if games else 0.0,
            "mean_turns": self.turns / games if games else 0.0,
            "no_winner": self.no_winner / games if games else 0.0,
            "from_first": ({k: rate(self.from_first[k], self.with_first) for k in range(self.players)}
                           if self.with_first else {}),
            "endings": dict(self.endings.most_common()),
            "warnings": warnings_of(self.game, self.endings, self.lengths, self.players,
                                    Counter(self.from_first), self.with_first) if games else [],
        }


def summarize(results: Iterable[dict[str, Any]]) -> dict[str, Any]:
    summary = Summary()
    for r in results:
        summary.add(r)
    return summary.result()
