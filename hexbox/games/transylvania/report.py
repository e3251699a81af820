"""Transylvania's sections of `hexbox report`, read from the ``stats`` of each result line (its ``stats`` hook):
who wins and how, by player count and by Monster, game length, and the first player's advantage."""

from __future__ import annotations

from collections import Counter, defaultdict
from typing import Any

from hexbox.core.report import Section, rate, shares, table

ENDS = {"curse_broken": "an adventurer broke the curse", "monster_kills": "a Monster made its kills",
        "monster_slain": "an adventurer slew a Monster", "monster_duel": "a Monster destroyed another",
        "curse_endures": "the round limit (nobody won)"}


def sections(results: list[dict[str, Any]], plot: Any) -> list[Section]:
    stats = [(r, r["stats"]) for r in results if "stats" in r]
    if not stats:
        return []
    by_players: dict[int, Counter] = defaultdict(Counter)
    for _, s in stats:
        by_players[s["players"]][s["end"]] += 1
    rows = []
    for n in sorted(by_players):
        total = sum(by_players[n].values())
        rows += [[f"{n} players", *row] for row in shares(by_players[n], total, ENDS)]
    by_monster: dict[str, Counter] = defaultdict(Counter)
    for _, s in stats:
        for m in s["monsters"] or ["none"]:
            by_monster[m][s["end"]] += 1
    mrows = [[m, *row] for m in sorted(by_monster) for row in shares(by_monster[m], sum(by_monster[m].values()),
                                                                        ENDS)]
    rounds = [s["rounds"] for _, s in stats]
    ends = Section(
        "Transylvania: how games end",
        f"<p>{len(stats)} games; mean length {sum(rounds) / len(rounds):.1f} rounds.</p>"
        + table(["players", "the game ended by", "games", "share"], rows)
        + "<p>By the Monsters in play at the end (a game with two counts under both):</p>"
        + table(["Monster", "the game ended by", "games", "share"], mrows),
        [plot.histogram("transylvania_rounds.png", "Game length", rounds, "rounds",
                        discrete=len(set(rounds)) <= 60)])
    first = [(s["first"] in s["winners"]) for _, s in stats if s["winners"]]
    seat_rows = []
    if first:
        r = rate(sum(first), len(first))
        seat_rows.append(["the first player", f"{r['rate']:.1%}", f"{r['low']:.1%} – {r['high']:.1%}", len(first)])
    roles = Counter(role for _, s in stats for role in s["winner_roles"])
    seat = Section(
        "Transylvania: who wins",
        table(["winner's role", "wins", "share"], shares(roles, max(1, sum(roles.values()))))
        + "<p>Seat advantage: how often the first player wins, of the games someone won (95% interval).</p>"
        + table(["seat", "win rate", "95% interval", "games"], seat_rows))
    return [ends, seat]
