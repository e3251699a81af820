"""GROWL's sections of `hexbox report`, read from the ``stats`` of each result line (its ``stats`` hook)."""

from __future__ import annotations

from collections import Counter
from typing import Any

from hexbox.core.report import Section, pct, rate, shares, table


def sections(results: list[dict[str, Any]], plot: Any) -> list[Section]:
    stats = [(r, r["stats"]) for r in results if "stats" in r]
    if not stats:
        return []

    def expansions(r: dict[str, Any]) -> str:
        options = r.get("options") or {}
        return "+".join(k for k in ("curses", "spells") if options.get(k)) or "base"

    by_players: dict[str, list[int]] = {}
    by_set: dict[str, list[int]] = {}
    for r, s in sorted(stats, key=lambda x: x[0]["players"]):
        for key, bucket in ((f"{r['players']} players", by_players), (expansions(r), by_set)):
            b = bucket.setdefault(key, [0, 0])
            b[0] += s["winning_team"] == "humans"
            b[1] += 1
    order = ["base", "curses", "spells", "curses+spells"]
    by_set = {k: by_set[k] for k in order if k in by_set}
    players_rates = {k: rate(*v) for k, v in by_players.items()}
    set_rates = {k: rate(*v) for k, v in by_set.items()}
    overall = rate(sum(s["winning_team"] == "humans" for _, s in stats), len(stats))
    teams = Section(
        "GROWL: humans vs werewolves",
        f"<p>Humans win {overall['rate']:.1%} of games (95% interval {overall['low']:.1%} – "
        f"{overall['high']:.1%}); werewolves the rest.</p>"
        + table(["player count", "humans win", "95% interval", "human wins / games"],
                [[k, *pct(v)] for k, v in players_rates.items()])
        + table(["expansions", "humans win", "95% interval", "human wins / games"],
                [[k, *pct(v)] for k, v in set_rates.items()])
        + table(["the game ended by", "games", "share"],
                shares(Counter(s["end"] for _, s in stats), len(stats))),
        [plot.rates("growl_humans_by_players.png", "Human win rate by player count", list(players_rates),
                    list(players_rates.values()), ylabel="human win rate"),
         plot.rates("growl_humans_by_expansions.png", "Human win rate by expansion set", list(set_rates),
                    list(set_rates.values()), ylabel="human win rate")])
    deaths = [s["deaths"] for _, s in stats]
    turned = [s["turned"] for _, s in stats]
    rows = []
    for players in sorted({r["players"] for r, _ in stats}):
        mine = [s for r, s in stats if r["players"] == players]
        rows.append([players, len(mine), f"{sum(s['deaths'] for s in mine) / len(mine):.2f}",
                     f"{sum(s['turned'] for s in mine) / len(mine):.2f}",
                     f"{sum(s['turned'] for s in mine) / max(1, sum(s['humans_at_start'] for s in mine)):.1%}"])
    change = Section(
        "GROWL: deaths and turned humans",
        table(["players", "games", "deaths per game", "humans turned per game", "share of humans turned"], rows),
        [plot.histogram("growl_deaths.png", "Deaths per game", deaths, "dead players"),
         plot.histogram("growl_turned.png", "Humans turned into werewolves per game", turned, "humans turned")])
    return [teams, change]
