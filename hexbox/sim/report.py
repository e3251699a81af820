"""`hexbox report`: one HTML page (no external assets) and PNG plots from a results file of `hexbox simulate`.

General sections: win rate by agent and by seat with 95% Wilson intervals, and the distribution of game
lengths. Per-game sections come from the game's ``report`` hook
(``sections(results, plot) -> list[Section]``), which reads the ``stats`` field its ``stats`` hook put in each line.
"""

from __future__ import annotations

import html
import json
from collections import Counter
from pathlib import Path
from typing import Any

from hexbox.core import ConfigError, game_info, games
from hexbox.core.report import Section, pct, quantiles, table

from .measures import fairness, label, untested
from .stats import summarize

REQUIRED = ("index", "game", "players", "agents", "winners", "actions", "turns")


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


def fairness_sections(results: list[dict[str, Any]], plot: Plotter) -> list[Section]:
    """Seats counted from the first player, roles, card strength: the questions of a designer."""
    f = fairness(results)
    out = []
    if f["from_first"]:
        rows = [[label(f"first+{k}").removesuffix(" wins"), *pct(r)] for k, r in enumerate(f["from_first"])]
        out.append(Section(
            "Win rate by seat, counted from the first player",
            f"<p>Fair: {f['fair']:.1%} each (the mean seat's win rate: 1 / players where one player wins). "
            "The first player is the one who takes the first turn "
            "(recorded in each result line as <code>first</code>).</p>"
            + table(["seat from the first player", "win rate", "95% interval", "wins / games"], rows),
            [plot.rates("win_rate_from_first.png", "Win rate by seat from the first player",
                        [str(k + 1) for k in range(len(f["from_first"]))], f["from_first"], f["fair"])]))
    if f["teams"]:
        out.append(Section(
            "Win rate by team",
            "<p>Per game: the share of the games each team won (a team that has no seat left at the end has "
            "still lost).</p>" + table(["team", "win rate", "95% interval", "wins / games"],
                                       [[t, *pct(v)] for t, v in f["teams"].items()])))
    if f["roles"]:
        roles = f["roles"]
        out.append(Section(
            "Win rate by role",
            "<p>Per seat-game: of the seats that played a role (team, clan, Monster, goal) at the end, the share "
            "that won.</p>" + table(["role", "win rate", "95% interval", "wins / seat-games"],
                                    [[r, *pct(v)] for r, v in roles.items()]),
            [plot.rates("win_rate_by_role.png", "Win rate by role", list(roles), list(roles.values()))]))
    game = results[0]["game"]
    if f["cards"] or f["used"]:
        body = (f"<p>Per card (tile, curse, spell, ability, …), measured two ways against the seats that did not: "
                f"<b>by holding</b> it at the end, and <b>by using</b> it during the game (played, cast, activated, "
                f"drawn: who did, how often, and when). The edge is the difference of win rates with its 95% Newcombe "
                f"interval, strongest first; <i>games to say so</i> is how many games it would take at this edge for "
                f"the interval to leave zero. A card needs {f['min_card_games']} seat-games on each side to be shown. "
                "Holding a card at the end is not always good: a card players keep because they cannot use it "
                "shows as weak. Read both as what goes with winning, not as cause.</p>")
        shown = [c for c in f["cards"] if c["enough"]]
        if shown:
            body += "<h3>By holding it at the end</h3>" + table(
                ["card", "holder wins", "held (seat-games)", "others win", "edge", "95% interval", "games to say so"],
                [[_card_name(game, c["card"]), f"{c['held']['rate']:.1%}", c["held"]["games"],
                  f"{c['not_held']['rate']:.1%}", f"{c['edge']:+.1%}",
                  f"{c['edge_low']:+.1%} – {c['edge_high']:+.1%}", _needed(c)] for c in shown])
        shown = [c for c in f["used"] if c["enough"]]
        if shown:
            body += "<h3>By using it</h3>" + table(
                ["card", "uses per game", "median turn", "user wins", "used (seat-games)", "others win", "edge",
                 "95% interval", "games to say so"],
                [[_card_name(game, c["card"]), f"{c['uses_per_game']:.2f}",
                  "—" if c["median_turn"] is None else f"{c['median_turn']:g}", f"{c['held']['rate']:.1%}",
                  c["held"]["games"], f"{c['not_held']['rate']:.1%}", f"{c['edge']:+.1%}",
                  f"{c['edge_low']:+.1%} – {c['edge_high']:+.1%}", _needed(c)] for c in shown])
        if f["unmeasured"]:
            body += (f"<h3>Not measured ({len(f['unmeasured'])})</h3><p>These cards could not be measured by holding "
                     "or by using in these games:</p>"
                     + table(["card", "why"], [[_card_name(game, c), why] for c, why in f["unmeasured"]]))
        out.append(Section("Card strength", body, []))
    return out


def _needed(row: dict[str, Any]) -> str:
    n = row["games_needed"]
    if n is None:
        return "—"
    return "shown" if row["edge_low"] > 0 or row["edge_high"] < 0 else f"{n:,}"


def _card_name(game: str, ident: str) -> str:
    """A card as printed ("Wereshark (double)"), with its id for the designer who edits cards.toml."""
    from hexbox.core.texts import texts

    try:
        found = texts(game).of(ident) if game in games() else None
    except ConfigError:
        found = None
    return f"{found.name} ({ident})" if found and found.name != ident else ident


def warning_section(results: list[dict[str, Any]]) -> Section | None:
    found = fairness(results)["warnings"] + [u["message"] for u in untested(results)]
    if not found:
        return None
    items = "".join(f"<li>{html.escape(w)}</li>" for w in found)
    return Section("Warnings: the bots may be deciding these numbers",
                   f"<ul class='warn'>{items}</ul><p>Numbers from bots that play one line are about the bots; "
                   "check them with other or stronger bots (<code>--agents heuristic</code>, "
                   "<code>ismcts:iters=…</code>) before changing the rules.</p>")


def length_section(results: list[dict[str, Any]], plot: Plotter) -> Section:
    turns = [r["turns"] for r in results]
    actions = [r["actions"] for r in results]
    rows = [["turns", *(f"{v:g}" for v in quantiles(turns).values()), f"{sum(turns) / len(turns):.1f}"],
            ["actions", *(f"{v:g}" for v in quantiles(actions).values()), f"{sum(actions) / len(actions):.1f}"]]
    # ``kind`` is the result's code; lines written before results had one fall back on the start of the reason
    reasons = Counter(r.get("kind") or r.get("reason", "").split(";")[0] for r in results)
    body = (table(["length", "min", "10%", "25%", "median", "75%", "90%", "max", "mean"], rows)
            + table(["how the game ended", "games", "share"],
                    [[_ending(results, k), v, f"{v / len(results):.1%}"] for k, v in reasons.most_common()]))
    images = [plot.histogram("length_turns.png", "Game length", turns, "turns", discrete=len(set(turns)) <= 60),
              plot.histogram("length_actions.png", "Game length in actions", actions, "actions", discrete=False)]
    return Section("Game length", body, images)


def _ending(results: list[dict[str, Any]], kind: str) -> str:
    """A way of ending in the game's own words (its cards.toml's [ending]), never the code people cannot read."""
    from hexbox.core.texts import ending

    return ending(results[0].get("game", ""), kind) or kind.replace("_", " ") or "—"


# ---- the page ----------------------------------------------------------------------------------------------

STYLE = """
body { font-family: system-ui, sans-serif; max-width: 60rem; margin: 2rem auto; padding: 0 1rem; color: #222; }
h1 { font-size: 1.6rem; } h2 { font-size: 1.2rem; margin-top: 2rem; border-bottom: 1px solid #ddd; }
table { border-collapse: collapse; margin: 0.8rem 0; } td, th { padding: 0.25rem 0.7rem; text-align: right; }
th { background: #f3f3f3; } td:first-child, th:first-child { text-align: left; }
tr:nth-child(even) td { background: #fafafa; } img { max-width: 100%; display: block; margin: 0.5rem 0; }
.meta { color: #666; } .warn { color: #a33; font-weight: 600; }
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
    warned = warning_section(results)
    sections = [*([warned] if warned else []), *win_rate_sections(results, plot), *fairness_sections(results, plot),
                length_section(results, plot)]
    extra = game_info(game).hook("report") if game in games() else None
    if extra is not None:
        sections += extra(results, plot)
    agents = sorted({a for r in results for a in r["agents"]})
    players = sorted({r["players"] for r in results})
    variants = sorted({r.get("variant") or "as printed" for r in results})
    parts = [
        "<!doctype html><html lang='en'><head><meta charset='utf-8'>",
        f"<title>hexbox report: {html.escape(game)}</title><style>{STYLE}</style></head><body>",
        f"<h1>{html.escape(game)}: {len(results)} games</h1>",
        f"<p class='meta'>From {html.escape(results_path.name)}; players: {', '.join(map(str, players))}; "
        f"agents: {html.escape(', '.join(agents))}; variant: {html.escape(', '.join(variants))}. "
        "Intervals are 95% Wilson score intervals.</p>",
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
