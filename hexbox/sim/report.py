"""`hexbox report`: one HTML page (no external assets) and PNG plots from a results file of `hexbox simulate`.

General sections: win rate by agent and by seat with 95% Wilson intervals, and the distribution of game
lengths. Per-game sections read the ``stats`` field that a game's ``views.game_stats`` puts in each line; add a
game by adding a function to :data:`SECTIONS` (``results, plotter -> list[Section]``).
"""

from __future__ import annotations

import html
import json
import math
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from hexbox.core import ConfigError

from .stats import Z95, quantiles, rate, summarize

REQUIRED = ("index", "game", "players", "agents", "winners", "actions", "turns")


@dataclass
class Section:
    """A heading, some HTML (tables, text) and the PNG files shown under it."""

    title: str
    body: str = ""
    images: list[str] = field(default_factory=list)


def load_results(path: Path) -> list[dict[str, Any]]:
    """The lines of a results file, sorted by game index; ConfigError (one line) for anything unusable."""
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as exc:
        raise ConfigError(f"cannot read {path}: {exc.strerror}") from None
    except UnicodeDecodeError:
        raise ConfigError(f"{path} is not a text file of results") from None
    out = []
    for number, raw in enumerate(text.splitlines(), 1):
        if not raw.strip():
            continue
        try:
            line = json.loads(raw)
        except ValueError:
            raise ConfigError(f"{path}:{number} is not JSON (expected one result line per game from "
                              "`hexbox simulate --out`)") from None
        missing = [k for k in REQUIRED if not isinstance(line, dict) or k not in line]
        if missing:
            raise ConfigError(f"{path}:{number} is not a result line: no {', '.join(missing)}")
        out.append(line)
    if not out:
        raise ConfigError(f"{path} holds no results")
    names = sorted({r["game"] for r in out})
    if len(names) > 1:
        raise ConfigError(f"{path} mixes games ({', '.join(names)}); report one run at a time")
    return sorted(out, key=lambda r: r["index"])


class Plotter:
    """Writes PNG files into the report folder with matplotlib's Agg backend (no display needed)."""

    def __init__(self, folder: Path):
        try:
            import matplotlib
        except ImportError:
            raise ConfigError("hexbox report needs matplotlib: pip install -e '.[sim]'") from None
        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
        from matplotlib import ticker

        self.plt, self.ticker = plt, ticker
        self.folder = folder

    def figure(self, width: float = 7.0, height: float = 3.6):
        fig, ax = self.plt.subplots(figsize=(width, height), dpi=100)
        return fig, ax

    def save(self, fig, name: str) -> str:
        fig.tight_layout()
        fig.savefig(self.folder / name)
        self.plt.close(fig)
        return name

    def rates(self, name: str, title: str, labels: list[str], rates: list[dict[str, Any]],
              baseline: float | None = None, ylabel: str = "win rate") -> str:
        """Bars of proportions with their 95% Wilson intervals as error bars."""
        fig, ax = self.figure(width=max(5.0, 1.0 + 0.9 * len(labels)))
        values = [r["rate"] for r in rates]
        errors = [[r["rate"] - r["low"] for r in rates], [r["high"] - r["rate"] for r in rates]]
        ax.bar(range(len(labels)), values, yerr=errors, capsize=4, color="#4C72B0")
        ax.set_xticks(range(len(labels)), labels, rotation=20 if max(map(len, labels)) > 10 else 0, ha="right"
                      if max(map(len, labels)) > 10 else "center")
        if baseline is not None:
            ax.axhline(baseline, color="#C44E52", linestyle="--", linewidth=1, label=f"1/players = {baseline:.2f}")
            ax.legend(loc="upper right", fontsize=8)
        ax.set_ylim(0, min(1.0, max(r["high"] for r in rates) * 1.15 + 0.02))
        ax.set_ylabel(f"{ylabel} (95% interval)")
        ax.set_title(title)
        return self.save(fig, name)

    def histogram(self, name: str, title: str, values: list[float], xlabel: str, discrete: bool = True,
                  of: str = "games") -> str:
        fig, ax = self.figure()
        if discrete:
            counts = Counter(values)
            xs = sorted(counts)
            ax.bar(xs, [counts[x] / len(values) for x in xs], width=0.8, color="#55A868")
            ax.xaxis.set_major_locator(self.ticker.MaxNLocator(integer=True))
            ax.set_ylabel(f"share of {of}")
        else:
            ax.hist(values, bins=min(40, max(5, len(set(values)))), color="#55A868")
            ax.set_ylabel(of)
        ax.set_xlabel(xlabel)
        ax.set_title(title)
        return self.save(fig, name)


# ---- HTML helpers --------------------------------------------------------------------------------------


def table(header: list[str], rows: list[list[Any]]) -> str:
    head = "".join(f"<th>{html.escape(str(h))}</th>" for h in header)
    body = "".join("<tr>" + "".join(f"<td>{html.escape(str(c))}</td>" for c in row) + "</tr>" for row in rows)
    return f"<table><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>"


def pct(r: dict[str, Any]) -> list[str]:
    return [f"{r['rate']:.1%}", f"{r['low']:.1%} – {r['high']:.1%}", f"{r['wins']:g} / {r['games']}"]


# ---- general sections ----------------------------------------------------------------------------------


def win_rate_sections(results: list[dict[str, Any]], plot: Plotter) -> list[Section]:
    summary = summarize(results)
    players = {r["players"] for r in results}
    baseline = 1 / players.pop() if len(players) == 1 else None
    agents = summary["agents"]
    seats = summary["seats"]
    out = [
        Section("Win rate by agent",
                "<p>Per seat-game: an agent playing two seats of a game counts twice.</p>"
                + table(["agent", "win rate", "95% interval", "wins / seat-games"],
                        [[a, *pct(r)] for a, r in agents.items()]),
                [plot.rates("win_rate_by_agent.png", "Win rate by agent", list(agents), list(agents.values()),
                            baseline)]),
        Section("Win rate by seat",
                table(["seat", "win rate", "95% interval", "wins / games"], [[s, *pct(r)] for s, r in seats.items()]),
                [plot.rates("win_rate_by_seat.png", "Win rate by seat", [f"seat {s}" for s in seats],
                            list(seats.values()), baseline)]),
    ]
    return out


def length_section(results: list[dict[str, Any]], plot: Plotter) -> Section:
    turns = [r["turns"] for r in results]
    actions = [r["actions"] for r in results]
    rows = [["turns", *(f"{v:g}" for v in quantiles(turns).values()), f"{sum(turns) / len(turns):.1f}"],
            ["actions", *(f"{v:g}" for v in quantiles(actions).values()), f"{sum(actions) / len(actions):.1f}"]]
    reasons = Counter(r.get("reason", "").split(";")[0] for r in results)
    body = (table(["length", "min", "10%", "25%", "median", "75%", "90%", "max", "mean"], rows)
            + table(["how the game ended", "games", "share"],
                    [[k or "—", v, f"{v / len(results):.1%}"] for k, v in reasons.most_common()]))
    images = [plot.histogram("length_turns.png", "Game length", turns, "turns", discrete=len(set(turns)) <= 60),
              plot.histogram("length_actions.png", "Game length in actions", actions, "actions", discrete=False)]
    return Section("Game length", body, images)


# ---- per-game sections (the extension point) -----------------------------------------------------------


def werebeasts_sections(results: list[dict[str, Any]], plot: Plotter) -> list[Section]:
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
    elimination = Section(
        "Werebeasts: eliminations and the end",
        table(["seat", "eliminated", "95% interval", "count"], [[k, *pct(r)] for k, r in enumerate(out_by_seat)])
        + table(["the game ended by", "games", "share"],
                [[{"deck": "the deck (last card sold)", "two_left": "two players left"}.get(k, k), v,
                  f"{v / len(stats):.1%}"] for k, v in ends.most_common()]),
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


def _shares(counts: Counter, total: int, names: dict[str, str] | None = None) -> list[list[Any]]:
    names = names or {}
    return [[names.get(k, k), v, f"{v / total:.1%}"] for k, v in counts.most_common()]


PROWL_CLANS = ("spring", "summer", "autumn", "winter")
PROWL_DECIDED = {
    "sole_control": "ladder: one player alone controls the clan",
    "dominance_tiebreak": "ladder: tied clan, Dominance breaks the tie",
    "leader_claim": "a leader's claim",
    "leader_claims_dominance": "several leader claims, Dominance decides",
    "no_winner_ties": "no winner: every controlled clan tied or lost",
    "no_winner_contract": "no winner: High Mage contract broken",
    "other": "other",
}


def prowl_sections(results: list[dict[str, Any]], plot: Plotter) -> list[Section]:
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
        + table(["the winner's clan", "games", "share"], _shares(won_by, len(stats)))
        + table(["the winner's clan started at", "games", "share"], _shares(won_from, len(stats))),
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
        + table(["decided by", "games", "share"], _shares(decided, games, PROWL_DECIDED))
        + table(["ladder step (final track position of the deciding clan)", "games", "share"],
                [[k, v, f"{v / games:.1%}"] for k, v in sorted(steps.items())]),
        [plot.rates("prowl_decided_by.png", "How games were decided", [k.replace("_", " ") for k in kinds],
                    [rate(decided[k], games) for k in kinds], ylabel="share of games")])
    return [clans, decision]


def growl_sections(results: list[dict[str, Any]], plot: Plotter) -> list[Section]:
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
                _shares(Counter(s["end"] for _, s in stats), len(stats))),
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


def voodoo_score_over_turns(stats: list[tuple[dict[str, Any], dict[str, Any]]], plot: Plotter) -> Section:
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


def voodoo_curses(stats: list[tuple[dict[str, Any], dict[str, Any]]], plot: Plotter) -> Section:
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


def _voodoo_tally_bars(groups: dict[str, list[dict[str, Any]]], plot: Plotter) -> str:
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


def _voodoo_tally_histograms(groups: dict[str, list[dict[str, Any]]], plot: Plotter) -> str:
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


def voodoo_sections(results: list[dict[str, Any]], plot: Plotter) -> list[Section]:
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
                _shares(ends, len(stats), {"reached_target": "a player reached the target score",
                                           "turn_cap": "the turn cap"})),
        [plot.histogram("voodoo_scores.png", "Final scores, every seat", scores, "points", of="seat-games"),
         plot.histogram("voodoo_winner_scores.png", "Winners' scores", winners, "points"),
         plot.histogram("voodoo_turns.png", "Game length", turns, "turns", discrete=len(set(turns)) <= 60)])
    return [score, voodoo_score_over_turns(stats, plot), voodoo_curses(stats, plot)]


SECTIONS: dict[str, Callable[[list[dict[str, Any]], Plotter], list[Section]]] = {
    "werebeasts": werebeasts_sections,
    "prowl": prowl_sections,
    "growl": growl_sections,
    "voodoo": voodoo_sections,
}


# ---- the page ----------------------------------------------------------------------------------------------

STYLE = """
body { font-family: system-ui, sans-serif; max-width: 60rem; margin: 2rem auto; padding: 0 1rem; color: #222; }
h1 { font-size: 1.6rem; } h2 { font-size: 1.2rem; margin-top: 2rem; border-bottom: 1px solid #ddd; }
table { border-collapse: collapse; margin: 0.8rem 0; } td, th { padding: 0.25rem 0.7rem; text-align: right; }
th { background: #f3f3f3; } td:first-child, th:first-child { text-align: left; }
tr:nth-child(even) td { background: #fafafa; } img { max-width: 100%; display: block; margin: 0.5rem 0; }
.meta { color: #666; }
"""


def write_report(results_path: Path, folder: Path) -> dict[str, Any]:
    """Write ``folder/index.html`` and its PNGs; returns what was written (for the CLI and tests)."""
    results = load_results(results_path)
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise ConfigError(f"cannot create {folder}: {exc.strerror}") from None
    plot = Plotter(folder)
    game = results[0]["game"]
    sections = [*win_rate_sections(results, plot), length_section(results, plot)]
    extra = SECTIONS.get(game)
    if extra is not None:
        sections += extra(results, plot)
    agents = sorted({a for r in results for a in r["agents"]})
    players = sorted({r["players"] for r in results})
    parts = [
        "<!doctype html><html lang='en'><head><meta charset='utf-8'>",
        f"<title>hexbox report: {html.escape(game)}</title><style>{STYLE}</style></head><body>",
        f"<h1>{html.escape(game)}: {len(results)} games</h1>",
        f"<p class='meta'>From {html.escape(results_path.name)}; players: {', '.join(map(str, players))}; "
        f"agents: {html.escape(', '.join(agents))}. Intervals are 95% Wilson score intervals.</p>",
    ]
    images = []
    for s in sections:
        parts.append(f"<h2>{html.escape(s.title)}</h2>{s.body}")
        for name in s.images:
            parts.append(f"<img src='{html.escape(name)}' alt='{html.escape(s.title)}'>")
            images.append(name)
    parts.append("</body></html>")
    index = folder / "index.html"
    index.write_text("\n".join(parts) + "\n", encoding="utf-8")
    return {"index": str(index), "images": images, "games": len(results), "sections": [s.title for s in sections]}
