"""Werebeasts's sections of `hexbox report`, read from the ``stats`` of each result line (its ``stats`` hook)."""

from __future__ import annotations

from collections import Counter
from typing import Any

from hexbox.core.report import Section, pct, rate, table

#: Result.kind -> words for the report
DECIDED = {"most_points": "the most points (R34)", "tie_most_cans": "a tie on points, the most cans (R35)",
           "tie_most_cards": "a tie on points and cans, the most auction cards (R36)",
           "unbroken_tie": "an unbroken tie: the tied lose, all others win (R37)"}


def sections(results: list[dict[str, Any]], plot: Any) -> list[Section]:
    stats = [(r, r["stats"]) for r in results if "stats" in r]
    if not stats:
        return []
    all_scores = [x for _, s in stats for x in s["scores"]]
    winner_scores = [s["scores"][w] for r, s in stats for w in r["winners"]]
    score = Section(
        "Werebeasts: scores",
        f"<p>Mean score per seat {sum(all_scores) / len(all_scores):.2f}; mean winning score "
        f"{sum(winner_scores) / max(1, len(winner_scores)):.2f}.</p>",
        [plot.histogram("werebeasts_scores.png", "Final scores, every seat", all_scores, "points", of="seat-games"),
         plot.histogram("werebeasts_winning_scores.png", "Winners' scores", winner_scores, "points", of="wins")])
    players = max(r["players"] for r, _ in stats)
    out_by_seat = [rate(sum(seat in s["eliminated"] for r, s in stats if seat < r["players"]),
                        sum(seat < r["players"] for r, _ in stats)) for seat in range(players)]
    per_game = [len(s["eliminated"]) for _, s in stats]
    ends = Counter(s["end"] for _, s in stats)
    decided = Counter(r.get("kind") or "unknown" for r, _ in stats)  # Result.kind: the tie-break step (R34-R37)
    elimination = Section(
        "Werebeasts: eliminations and the end",
        table(["seat", "eliminated", "95% interval", "count"], [[k, *pct(r)] for k, r in enumerate(out_by_seat)])
        + table(["the game ended by", "games", "share"],
                [[{"deck": "the deck (last card sold)", "two_left": "two players left"}.get(k, k), v,
                  f"{v / len(stats):.1%}"] for k, v in ends.most_common()])
        + table(["the winner was decided by", "games", "share"],
                [[DECIDED.get(k, k), v, f"{v / len(stats):.1%}"] for k, v in decided.most_common()]),
        [plot.rates("werebeasts_elimination_by_seat.png", "Elimination rate by seat",
                    [f"seat {k}" for k in range(players)], out_by_seat, ylabel="elimination rate"),
         plot.histogram("werebeasts_eliminated_per_game.png", "Players eliminated per game", per_game,
                        "eliminated players")])
    holder = [0, 0]
    other = [0, 0]
    chow_games = chow_won = beast_won = 0
    for r, s in stats:
        holders = set(s["chow_holders"])
        chow_games += bool(holders)
        chow_won += bool(s["werechow_won"])
        beast_won += bool(s["beast_won"])
        for seat in range(r["players"]):
            bucket = holder if seat in holders else other
            bucket[0] += seat in r["winners"]
            bucket[1] += 1
    kinds = {"Werechow holders": rate(*holder), "beast goals only": rate(*other)}
    chow = Section(
        "Werebeasts: Werechow goal vs beast goals",
        table(["seats holding", "win rate", "95% interval", "wins / seat-games"], [[k, *pct(v)] for k, v in
                                                                                  kinds.items()])
        + f"<p>Werechow is on the table (not in the box) in {chow_games / len(stats):.1%} of games; "
        f"a Werechow holder wins {chow_won / len(stats):.1%} of games, a seat with beast goals only "
        f"{beast_won / len(stats):.1%}.</p>",
        [plot.rates("werebeasts_chow_vs_beasts.png", "Win rate by goal kind", list(kinds), list(kinds.values()),
                    1 / players if len({r["players"] for r, _ in stats}) == 1 else None)])
    return [score, elimination, chow]
