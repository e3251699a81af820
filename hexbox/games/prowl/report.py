"""Prowl's sections of `hexbox report`, read from the ``stats`` of each result line (its ``stats`` hook)."""

from __future__ import annotations

from collections import Counter
from typing import Any

from hexbox.core.report import Section, pct, rate, shares, table

PROWL_CLANS = ("spring", "summer", "autumn", "winter")
# the result kinds (scoring.RESULT_KINDS, each game's ``stats["decided_by"]``), in words
PROWL_DECIDED = {
    "sole_control": "ladder: one player alone controls the clan",
    "dominance_tiebreak": "ladder: tied clan, Dominance breaks the tie",
    "leader_claim": "a leader's claim",
    "leader_claims_dominance": "several leader claims, Dominance decides",
    "no_winner_ties": "no winner: every controlled clan tied or lost",
    "no_winner_contract": "no winner: High Mage contract broken",
}


def sections(results: list[dict[str, Any]], plot: Any) -> list[Section]:
    stats = [(r, r["stats"]) for r in results if "stats" in r]
    if not stats:
        return []
    by_clan = {k: [0, 0] for k in PROWL_CLANS}
    by_rank = {k: [0, 0] for k in range(1, 5)}
    for r, s in stats:
        for seat, (clan, rank) in enumerate(zip(s["clans"], s["start_ranks"])):
            won = seat in r["winners"]
            by_clan[clan][0] += won
            by_clan[clan][1] += 1
            by_rank[rank][0] += won
            by_rank[rank][1] += 1
    clan_rates = {k: rate(*v) for k, v in by_clan.items() if v[1]}
    rank_rates = {f"start rank {k}": rate(*v) for k, v in by_rank.items() if v[1]}
    won_by = Counter(s["winner_clan"] or "no winner" for _, s in stats)
    won_from = Counter(f"start rank {s['winner_start_rank']}" if s["winner_start_rank"] else "no winner"
                       for _, s in stats)
    clans = Section(
        "Prowl: win rate by clan and by starting rank",
        "<p>Per seat-game: a seat backing a clan (its clan card at the end) and whether it won; the starting rank "
        "is that clan's place on the track when the game began (1 = top).</p>"
        + table(["clan backed", "win rate", "95% interval", "wins / seat-games"],
                [[k, *pct(v)] for k, v in clan_rates.items()])
        + table(["starting rank of the clan backed", "win rate", "95% interval", "wins / seat-games"],
                [[k, *pct(v)] for k, v in rank_rates.items()])
        + table(["the winner's clan", "games", "share"], shares(won_by, len(stats)))
        + table(["the winner's clan started at", "games", "share"], shares(won_from, len(stats))),
        [plot.rates("prowl_win_rate_by_clan.png", "Win rate by clan backed", list(clan_rates),
                    list(clan_rates.values())),
         plot.rates("prowl_win_rate_by_start_rank.png", "Win rate by the clan's starting rank", list(rank_rates),
                    list(rank_rates.values()))])
    games = len(stats)
    decided = Counter(s["decided_by"] for _, s in stats)
    kinds = [k for k in PROWL_DECIDED if decided[k]]
    steps = Counter(s["ladder_step"] for _, s in stats if s["ladder_step"])
    no_winner = rate(sum(1 for _, s in stats if s["winner"] is None), games)
    decision = Section(
        "Prowl: how the game was decided",
        f"<p>No winner in {no_winner['rate']:.1%} of games (95% interval {no_winner['low']:.1%} – "
        f"{no_winner['high']:.1%}).</p>"
        + table(["decided by", "games", "share"], shares(decided, games, PROWL_DECIDED))
        + table(["ladder step (final track position of the deciding clan)", "games", "share"],
                [[k, v, f"{v / games:.1%}"] for k, v in sorted(steps.items())]),
        [plot.rates("prowl_decided_by.png", "How games were decided", [k.replace("_", " ") for k in kinds],
                    [rate(decided[k], games) for k in kinds], ylabel="share of games")])
    return [clans, decision]
