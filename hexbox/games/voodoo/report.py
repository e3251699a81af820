"""Voodoo's sections of `hexbox report`, read from the ``stats`` of each result line (its ``stats`` hook)."""

from __future__ import annotations

import math
from collections import Counter
from typing import Any

from hexbox.core.report import Z95, Section, quantiles, shares, table

VOODOO_MODES = {"call_out": "call-out claims", "automatic": "automatic claims"}
VOODOO_TALLIES = (("curses_cast", "cast"), ("curse_breaks", "broken"), ("curse_claims", "claimed"),
                  ("false_claims", "false claims"))


def _mean_ci(xs: list[float]) -> tuple[float, float]:
    """Mean and the half width of its 95% interval (normal approximation; 0 for fewer than two values)."""
    m = sum(xs) / len(xs)
    if len(xs) < 2:
        return m, 0.0
    var = sum((x - m) ** 2 for x in xs) / (len(xs) - 1)
    return m, Z95 * math.sqrt(var / len(xs))


def voodoo_score_over_turns(stats: list[tuple[dict[str, Any], dict[str, Any]]], plot: Any) -> Section:
    """Mean score of the eventual winner(s), of the other seats and of the leader, turn by turn.

    A game counts at turn k while it has an entry k (k turns played; its last entry is its final score). Turns
    that fewer than a tenth of the games reached are not drawn: there the mean follows a few long games.
    """
    games = [(r, s["score_history"]) for r, s in stats if s.get("score_history")]
    if not games:
        return Section("Voodoo: score over turns", "<p>These results hold no score history (written before "
                       "Voodoo kept one); rerun `hexbox simulate` to see it.</p>")
    floor = max(1, math.ceil(len(games) / 10))
    reached = Counter(k for _, h in games for k in range(len(h)))
    last = max(k for k, n in reached.items() if n >= floor)
    winner: list[list[float]] = [[] for _ in range(last + 1)]
    others: list[list[float]] = [[] for _ in range(last + 1)]
    leader: list[list[float]] = [[] for _ in range(last + 1)]
    for r, history in games:
        won = set(r["winners"])
        for k, row in enumerate(history[:last + 1]):
            mine = [x for seat, x in enumerate(row) if seat in won]
            rest = [x for seat, x in enumerate(row) if seat not in won]
            if mine:
                winner[k].append(sum(mine) / len(mine))
            if rest:
                others[k].append(sum(rest) / len(rest))
            leader[k].append(max(row))
    turns = list(range(last + 1))

    def mean(xs: list[float]) -> float:
        return sum(xs) / len(xs) if xs else float("nan")

    def q(xs: list[float], p: float) -> float:
        return quantiles(xs, (p,))[f"{p:g}"] if xs else float("nan")

    fig, (ax, share) = plot.plt.subplots(2, 1, figsize=(7.0, 5.2), dpi=100, sharex=True,
                                         gridspec_kw={"height_ratios": [3, 1]})
    ax.fill_between(turns, [q(w, 0.25) for w in winner], [q(w, 0.75) for w in winner], color="#C44E52",
                    alpha=0.18, linewidth=0, label="eventual winner, 25–75%")
    ax.plot(turns, [mean(w) for w in winner], color="#C44E52", label="eventual winner (mean)")
    ax.plot(turns, [mean(x) for x in leader], color="#8172B2", linestyle="--", linewidth=1,
            label="leader at that turn (mean)")
    ax.plot(turns, [mean(o) for o in others], color="#4C72B0", label="the other seats (mean)")
    targets = {(r.get("options") or {}).get("target_score", 11) for r, _ in games}
    if len(targets) == 1:
        ax.axhline(targets.pop(), color="#999", linestyle=":", linewidth=1, label="target score")
    ax.set_ylabel("score")
    ax.set_title("Score over turns (games still running)")
    ax.legend(loc="upper left", fontsize=8)
    share.plot(turns, [reached[k] / len(games) for k in turns], color="#55A868")
    share.set_ylim(0, 1.05)
    share.set_ylabel("games running")
    share.set_xlabel("turns played")
    share.yaxis.set_major_formatter(plot.ticker.PercentFormatter(1.0))
    image = plot.save(fig, "voodoo_score_over_turns.png")
    step = max(1, last // 10)
    rows = [[k, reached[k], f"{mean(winner[k]):.2f}", f"{mean(leader[k]):.2f}", f"{mean(others[k]):.2f}"]
            for k in range(0, last + 1, step)]
    body = (f"<p>Entry k of a game is every seat's score after k turns (a turn ends when its claim window "
            f"closes); the last entry is the final score. A game counts at turn k only while it is still running "
            f"there, so late turns show the long games; turns reached by fewer than {floor} of the "
            f"{len(games)} games (a tenth) are left out. The eventual winner is the seat that won at the end "
            f"(the mean of the winners when several tied at the turn cap); the leader is whoever leads at that "
            f"turn.</p>"
            + table(["turns played", "games running", "eventual winner", "leader", "other seats"], rows))
    return Section("Voodoo: score over turns", body, [image])


def voodoo_curses(stats: list[tuple[dict[str, Any], dict[str, Any]]], plot: Any) -> Section:
    """Curses cast, broken and claimed per game, by claim mode: a table of means, bars and histograms."""
    tallied = [s for _, s in stats if "curses_cast" in s]
    modes = [m for m in VOODOO_MODES if any(s["claim_mode"] == m for s in tallied)]
    groups = {m: [s for s in tallied if s["claim_mode"] == m] for m in modes}
    rows = []
    for m, group in groups.items():
        row: list[Any] = [VOODOO_MODES[m], len(group)]
        for key, _ in VOODOO_TALLIES:
            mean, half = _mean_ci([s[key] for s in group])
            row.append(f"{mean:.2f} ± {half:.2f}")
        claimed, cast = sum(s["curse_claims"] for s in group), sum(s["curses_cast"] for s in group)
        row.append(f"{claimed / cast:.1%}" if cast else "—")
        rows.append(row)

    def mean(xs: list[int]) -> str:
        return f"{sum(xs) / len(xs):.2f}" if xs else "—"

    other = [["permanent curses broken", mean([s["permanent_breaks"] for _, s in stats])],
             ["permanent curses drawn", mean([s["permanents_drawn"] for _, s in stats])],
             ["curses in play at the end", mean([s["curses_in_play_at_end"] for _, s in stats])]]
    body = ("<p>Per game. <i>Cast</i>: curses put in play (own casts, Smellin' Doll, a cast turned back by Mirror "
            "Gourd; not one cancelled by Bone Amulet). <i>Broken</i>: breaks of cast curses (an all-adversary "
            "curse counts once per victim who breaks it). <i>Claimed</i>: claims that scored — true claims in "
            "call-out mode, automatic awards in automatic mode (one per curse, however many broke it at once). "
            "<i>False claims</i> exist only in call-out mode. Means with their 95% intervals.</p>")
    images = []
    if groups:
        body += table(["claims", "games", *(label for _, label in VOODOO_TALLIES), "share of casts claimed"], rows)
        images += [_voodoo_tally_bars(groups, plot), _voodoo_tally_histograms(groups, plot)]
    else:
        body += ("<p>These results hold no tallies of casts and claims (written before Voodoo kept them); rerun "
                 "`hexbox simulate` to see them.</p>")
    drawn = [s["permanents_drawn"] for _, s in stats]
    body += table(["per game", "mean"], other)
    images.append(plot.histogram("voodoo_permanents_drawn.png", "Permanent curses drawn per game", drawn,
                                 "permanent curses"))
    return Section("Voodoo: curses cast, broken and claimed", body, images)


_MODE_COLOURS = {"call_out": "#4C72B0", "automatic": "#DD8452"}


def _voodoo_tally_bars(groups: dict[str, list[dict[str, Any]]], plot: Any) -> str:
    fig, ax = plot.figure()
    width = 0.8 / len(groups)
    for i, (m, group) in enumerate(groups.items()):
        cis = [_mean_ci([s[key] for s in group]) for key, _ in VOODOO_TALLIES]
        xs = [j + (i - (len(groups) - 1) / 2) * width for j in range(len(VOODOO_TALLIES))]
        ax.bar(xs, [c[0] for c in cis], width=width, yerr=[c[1] for c in cis], capsize=4,
               color=_MODE_COLOURS[m], label=f"{VOODOO_MODES[m]} ({len(group)} games)")
    ax.set_xticks(range(len(VOODOO_TALLIES)), [label for _, label in VOODOO_TALLIES])
    ax.set_ylabel("per game (mean, 95% interval)")
    ax.set_title("Curses cast, broken and claimed")
    ax.legend(loc="upper right", fontsize=8)
    return plot.save(fig, "voodoo_curses_per_game.png")


def _voodoo_tally_histograms(groups: dict[str, list[dict[str, Any]]], plot: Any) -> str:
    keys = VOODOO_TALLIES[:3]
    fig, axes = plot.plt.subplots(1, len(keys), figsize=(10.0, 3.4), dpi=100, sharey=True)
    width = 0.8 / len(groups)
    for ax, (key, label) in zip(axes, keys):
        for i, (m, group) in enumerate(groups.items()):
            counts = Counter(s[key] for s in group)
            xs = sorted(counts)
            ax.bar([x + (i - (len(groups) - 1) / 2) * width for x in xs], [counts[x] / len(group) for x in xs],
                   width=width, color=_MODE_COLOURS[m], label=VOODOO_MODES[m])
        ax.set_title(f"curses {label}" if key != "curse_breaks" else "breaks of cast curses")
        ax.set_xlabel("per game")
        ax.xaxis.set_major_locator(plot.ticker.MaxNLocator(integer=True))
    axes[0].set_ylabel("share of games")
    axes[0].legend(loc="upper right", fontsize=8)
    return plot.save(fig, "voodoo_curses_histograms.png")


def sections(results: list[dict[str, Any]], plot: Any) -> list[Section]:
    stats = [(r, r["stats"]) for r in results if "stats" in r]
    if not stats:
        return []
    scores = [x for _, s in stats for x in s["scores"]]
    winners = [s["winner_score"] for _, s in stats if s["winner_score"] is not None]
    turns = [s["turns"] for _, s in stats]
    ends = Counter(s["end"] for _, s in stats)
    score = Section(
        "Voodoo: scores and length",
        f"<p>Final scores. Mean winning score {sum(winners) / max(1, len(winners)):.2f}; mean length "
        f"{sum(turns) / len(turns):.1f} turns.</p>"
        + table(["the game ended by", "games", "share"],
                shares(ends, len(stats), {"reached_target": "a player reached the target score",
                                           "turn_cap": "the turn cap"})),
        [plot.histogram("voodoo_scores.png", "Final scores, every seat", scores, "points", of="seat-games"),
         plot.histogram("voodoo_winner_scores.png", "Winners' scores", winners, "points"),
         plot.histogram("voodoo_turns.png", "Game length", turns, "turns", discrete=len(set(turns)) <= 60)])
    return [score, voodoo_score_over_turns(stats, plot), voodoo_curses(stats, plot)]
