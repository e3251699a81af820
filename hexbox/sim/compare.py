"""`hexbox compare A B`: two variants (or two results files) played on the same seeds, measure by measure.

Two runs on different seeds cannot be paired: they are compared unpaired (Welch's test on the two means), and
every row and the page say so; such a comparison needs many more games to show the same change.

Paired: game i of A and game i of B are dealt from the same seed, so most of the luck of the deal cancels in their
difference. For every measure of ``hexbox.sim.measures`` (win rate per seat counted from the first player, per
role, game length, endings, each card's holder's edge) the per-game differences B − A give a mean with a 95%
interval and a two-sided paired z-test (normal approximation of the mean of the differences; a compare needs
at least ``MIN_PAIRS`` games per measure, where it holds well). A measure that fewer pairs define on both sides
(a rarely used card's edge is defined only in the games where someone used it) is tested unpaired, A's games that
define it against B's, when each side has ``MIN_PAIRS`` of them, and marked so.

Many measures are tested at once, so the p-values are corrected with Holm's step-down method, which bounds the
chance of calling *any* unchanged measure different at 5% (the family-wise error rate), under any dependence between
measures. We prefer it to Benjamini–Hochberg, which bounds only the expected share of false calls among the calls:
a designer acts on each call separately ("Wolfsbane got stronger"), and a comparison of a variant that changes
nothing must come out with no call at all, however many cards the game has.
"""

from __future__ import annotations

import html
import io
import math
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from statistics import NormalDist
from typing import Any

from hexbox.core import ConfigError

from .measures import COUNTED, label, measure_keys, per_game

#: fewer paired games than this and a measure is shown without a test
MIN_PAIRS = 30
ALPHA = 0.05
Z = NormalDist().inv_cdf(1 - ALPHA / 2)  # a 95% interval's half-width in standard errors


@dataclass(frozen=True)
class Row:
    key: str
    label: str
    pairs: int
    a: float
    b: float
    diff: float  # mean of B - A over the pairs
    low: float
    high: float
    p: float | None  # paired test, two-sided; None below MIN_PAIRS
    p_holm: float | None = None
    paired: bool = True  # False: Welch's test on the two means (A and B share no seed, or too few pairs define it)

    @property
    def significant(self) -> bool:
        return self.p_holm is not None and self.p_holm < ALPHA


def pair(a: Sequence[dict[str, Any]], b: Sequence[dict[str, Any]]) -> list[tuple[dict[str, Any], dict[str, Any]]]:
    """The games of A and B played from the same seed, by game index ([] if none are); ConfigError if A and B are
    not of one game at one player count."""
    _same_game(a, b)
    by_index = {line["index"]: line for line in b}
    pairs = [(x, by_index[x["index"]]) for x in a if x["index"] in by_index]
    return [(x, y) for x, y in pairs if x.get("seed") == y.get("seed")]


def _same_game(a: Sequence[dict[str, Any]], b: Sequence[dict[str, Any]]) -> None:
    if not a or not b:
        raise ConfigError("A and B must each hold games")
    games = {x["game"] for x in a} | {y["game"] for y in b}
    if len(games) > 1:
        raise ConfigError(f"A and B are different games ({', '.join(sorted(games))})")
    players = {x["players"] for x in a} | {y["players"] for y in b}
    if len(players) > 1:
        raise ConfigError(f"A and B are played at different player counts ({sorted(players)}): nothing to compare")


def compare(a: Sequence[dict[str, Any]], b: Sequence[dict[str, Any]]) -> list[Row]:
    """Every measure, B − A, with Holm-corrected p-values: over the games dealt from the same seed (paired), or, when
    A and B share no seed, A's games against B's (unpaired: ``Row.paired`` is False)."""
    pairs = pair(a, b)
    if not pairs:
        return _unpaired(a, b)
    values = [(per_game(x), per_game(y)) for x, y in pairs]
    keys = measure_keys([x for x, _ in pairs] + [y for _, y in pairs])
    rows = []
    for key in keys:
        zero = 0.0 if key.startswith(COUNTED) else None  # a game that did not end so has 0 for that ending
        d, xs, ys = [], [], []
        for va, vb in values:
            x, y = va.get(key, zero), vb.get(key, zero)
            if x is None or y is None:
                continue
            xs.append(x)
            ys.append(y)
            d.append(y - x)
        if len(d) < MIN_PAIRS:
            # a measure that few games of both define (a rare card's user's edge): A's games where it is defined
            # against B's, unpaired, rather than no test at all
            wa = [v for va, _ in values if (v := va.get(key, zero)) is not None]
            wb = [v for _, vb in values if (v := vb.get(key, zero)) is not None]
            if min(len(wa), len(wb)) >= MIN_PAIRS:
                rows.append(_welch(key, wa, wb))
                continue
        if not d:
            continue
        rows.append(_row(key, xs, ys, d))
    return holm(rows)


def changed_games(a: Sequence[dict[str, Any]], b: Sequence[dict[str, Any]]) -> tuple[int, int]:
    """(paired games whose play differs at all, paired games): a change that touched nothing the games met leaves
    every game the same game, and no measure can show anything."""
    pairs = pair(a, b)
    skip = ("index", "variant", "options")
    same = sum({k: v for k, v in x.items() if k not in skip} == {k: v for k, v in y.items() if k not in skip}
               for x, y in pairs)
    return len(pairs) - same, len(pairs)


def _unpaired(a: Sequence[dict[str, Any]], b: Sequence[dict[str, Any]]) -> list[Row]:
    """Welch's test on the two means of each measure, for runs that share no seed."""
    va, vb = [per_game(x) for x in a], [per_game(y) for y in b]
    rows = []
    for key in measure_keys([*a, *b]):
        zero = 0.0 if key.startswith(COUNTED) else None
        xs = [v for p in va if (v := p.get(key, zero)) is not None]
        ys = [v for p in vb if (v := p.get(key, zero)) is not None]
        if len(xs) >= 2 and len(ys) >= 2:
            rows.append(_welch(key, xs, ys))
    return holm(rows)


def _welch(key: str, xs: list[float], ys: list[float]) -> Row:
    """B's mean against A's, unpaired (Welch): ``Row.pairs`` is the smaller side's count."""
    mx, my = sum(xs) / len(xs), sum(ys) / len(ys)
    var = (sum((v - mx) ** 2 for v in xs) / (len(xs) - 1) / len(xs)
           + sum((v - my) ** 2 for v in ys) / (len(ys) - 1) / len(ys))
    se, diff, n = math.sqrt(var), my - mx, min(len(xs), len(ys))
    return Row(key, label(key), n, mx, my, diff, diff - Z * se, diff + Z * se, _p(n, diff, se), paired=False)


def _row(key: str, xs: list[float], ys: list[float], d: list[float]) -> Row:
    n = len(d)
    mean = sum(d) / n
    sd = math.sqrt(sum((v - mean) ** 2 for v in d) / (n - 1)) if n > 1 else 0.0
    se = sd / math.sqrt(n)
    return Row(key, label(key), n, sum(xs) / n, sum(ys) / n, mean, mean - Z * se, mean + Z * se, _p(n, mean, se))


def _p(n: int, diff: float, se: float) -> float | None:
    """The two-sided z-test of a difference against none; no test below MIN_PAIRS games."""
    if n < MIN_PAIRS:
        return None
    if se == 0:
        return 1.0 if diff == 0 else 0.0
    return 2 * (1 - NormalDist().cdf(abs(diff / se)))


def holm(rows: list[Row]) -> list[Row]:
    """Holm's step-down adjustment of the rows' p-values (rows without a test keep none)."""
    tested = sorted((r.p, i) for i, r in enumerate(rows) if r.p is not None)
    m = len(tested)
    adjusted: dict[int, float] = {}
    running = 0.0
    for rank, (p, i) in enumerate(tested):
        running = max(running, min(1.0, (m - rank) * p))
        adjusted[i] = running
    return [Row(**{**r.__dict__, "p_holm": adjusted.get(i)}) for i, r in enumerate(rows)]


def fmt(key: str, value: float, signed: bool = False) -> str:
    """A value as its measure reads: lengths in turns or actions, everything else in percentage points."""
    if key.startswith(("length:", "uses:")):
        return f"{value:+.2f}" if signed else f"{value:.2f}"
    return f"{100 * value:+.1f} pt" if signed else f"{value:.1%}"


# ---- two sides, played or read ----------------------------------------------------------------------------


@dataclass
class Side:
    """A side of a comparison: a variant to play, or a results file's lines (``label`` names it)."""

    label: str
    variant: Any = None  # hexbox.sim.variant.Variant
    lines: list[dict[str, Any]] | None = None

    @property
    def game(self) -> str:
        return self.variant.game if self.variant is not None else self.lines[0]["game"]


def play_sides(a: Side, b: Side, players: int | None, agents: str | None, games: int, seed: int, workers: int = 1,
               rotate: bool = False, ray_address: str | None = None,
               save: Path | None = None) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    """Both sides' games: a variant is played on ``seed`` (both on the same deals), or, facing a results file, on
    that file's seeds, seats and agents. ``save`` keeps both as A.jsonl and B.jsonl, a results file's side too."""
    from .batch import agents_for, play_variant, players_for, replay_on, write_lines

    if a.game != b.game:
        raise ConfigError(f"A and B are different games ({', '.join(sorted({a.game, b.game}))})")
    if save is not None:
        try:
            save.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise ConfigError(f"--save {save}: {exc.strerror}") from None
    out: list[list[dict[str, Any]]] = []
    for side, other in ((a, b), (b, a)):
        if side.lines is not None:
            out.append(side.lines)
        elif other.lines is not None:
            out.append(replay_on(side.variant, other.lines, workers, ray_address))
        else:
            n = players_for(side.variant, players or other.variant.players)
            out.append(play_variant(side.variant, n, agents_for(side.game, n, agents), games, seed, workers, rotate,
                                    ray_address=ray_address))
    if save is not None:
        for name, lines in zip("AB", out, strict=True):
            write_lines(save / f"{name}.jsonl", lines)
    return out[0], out[1]


def notes(a: Side, b: Side, lines_a: list[dict[str, Any]], lines_b: list[dict[str, Any]], rows: list[Row]
          ) -> list[str]:
    """What a designer must know to read the table: unpaired runs, a change that altered no game, knobs whose
    behaviour the bots never showed."""
    from .measures import untested

    out = []
    if rows and not any(r.paired for r in rows):
        out.append("A and B share no seed: an unpaired comparison (Welch's test on the two means), which needs far "
                   "more games than a paired one to show a change; run both with the same --seed to pair them")
    else:
        differ, paired = changed_games(lines_a, lines_b)
        if paired and differ == 0:
            out.append(f"every one of the {paired} games of B is the same game as A's: nothing that the change "
                       "touches came up in them")
        few = [r.label for r in rows if not r.paired]
        if few:
            out.append(f"{len(few)} measure{'s' if len(few) != 1 else ''} that fewer than {MIN_PAIRS} pairs of games "
                       "define on both sides (a rarely used card's edge) are tested unpaired, A's games against B's: "
                       + ", ".join(few[:5]) + (", …" if len(few) > 5 else ""))
    changed = None
    if a.variant is not None and b.variant is not None:
        changed = b.variant.changed_paths(a.variant) or a.variant.changed_paths(b.variant)
    elif (a.variant or b.variant) is not None:
        changed = (a.variant or b.variant).changed_paths() or None
    seen = set()
    for u in untested([*lines_a, *lines_b], changed):
        if u["message"] not in seen:
            seen.add(u["message"])
            out.append(u["message"])
    return out


# ---- the HTML page ----------------------------------------------------------------------------------------

STYLE = """
body { font-family: system-ui, sans-serif; max-width: 64rem; margin: 2rem auto; padding: 0 1rem; color: #222; }
h1 { font-size: 1.6rem; } h2 { font-size: 1.2rem; margin-top: 2rem; border-bottom: 1px solid #ddd; }
table { border-collapse: collapse; margin: 0.8rem 0; } td, th { padding: 0.25rem 0.7rem; text-align: right; }
th { background: #f3f3f3; } td:first-child, th:first-child { text-align: left; }
tr.sig td { background: #fff3d6; font-weight: 600; } .meta { color: #666; } svg { max-width: 100%; height: auto; }
.warn { color: #a33; font-weight: 600; }
"""


def _svg(fig: Any) -> str:
    buf = io.StringIO()
    fig.savefig(buf, format="svg", bbox_inches="tight")
    text = buf.getvalue()
    return text[text.index("<svg"):]  # inline: the XML prologue and doctype are for files


def _plots(rows: list[Row], a_name: str, b_name: str) -> list[tuple[str, str]]:
    try:
        import matplotlib
    except ImportError:
        raise ConfigError("hexbox compare needs matplotlib for its page: pip install -e '.[sim]'") from None
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    out = []
    rated = [r for r in rows if not r.key.startswith(("length:", "uses:"))]
    if rated:
        shown = sorted(rated, key=lambda r: (not r.significant, -abs(r.diff)))[:30]
        fig, ax = plt.subplots(figsize=(7.5, 0.32 * len(shown) + 1.2), dpi=100)
        ys = list(range(len(shown)))[::-1]
        colours = ["#C44E52" if r.significant else "#4C72B0" for r in shown]
        for r, y, colour in zip(shown, ys, colours, strict=True):
            ax.errorbar([100 * r.diff], [y], xerr=[[100 * (r.diff - r.low)], [100 * (r.high - r.diff)]],
                        fmt="none", ecolor=colour, capsize=3)
        ax.scatter([100 * r.diff for r in shown], ys, c=colours, zorder=3)
        ax.axvline(0, color="#888", linewidth=1)
        ax.set_yticks(ys, [r.label for r in shown], fontsize=8)
        ax.set_xlabel(f"{b_name} − {a_name}, percentage points (95% interval; red: significant after Holm)")
        ax.set_title("Differences, largest first")
        out.append(("Differences with their 95% intervals", _svg(fig)))
        plt.close(fig)
    seats = [r for r in rows if r.key.startswith("first+")]
    if seats:
        fig, ax = plt.subplots(figsize=(6.5, 3.4), dpi=100)
        xs = range(len(seats))
        ax.bar([x - 0.2 for x in xs], [r.a for r in seats], width=0.4, label=a_name, color="#4C72B0")
        ax.bar([x + 0.2 for x in xs], [r.b for r in seats], width=0.4, label=b_name, color="#DD8452")
        ax.axhline(1 / len(seats), color="#C44E52", linestyle="--", linewidth=1, label="fair")
        ax.set_xticks(list(xs), [r.label.removesuffix(" wins") for r in seats], fontsize=8)
        ax.set_ylim(0, min(1.0, max(max(r.a, r.b) for r in seats) * 1.25))  # bars start at 0: no false drama
        ax.set_ylabel("win rate")
        ax.legend(fontsize=8)
        ax.set_title("Win rate by seat from the first player")
        out.append(("Seats from the first player", _svg(fig)))
        plt.close(fig)
    return out


def write_page(rows: list[Row], folder: Path, a_name: str, b_name: str, game: str, games: int,
               notes: Sequence[str] = ()) -> Path:
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise ConfigError(f"cannot create {folder}: {exc.strerror}") from None
    significant = [r for r in rows if r.significant]
    paired = any(r.paired for r in rows)
    head = ["measure", a_name, b_name, f"{b_name} − {a_name}", "95% interval", "p", "p (Holm)", "games"]
    body = []
    for r in rows:
        name = r.label + (" (unpaired)" if paired and not r.paired else "")
        cells = [name, fmt(r.key, r.a), fmt(r.key, r.b), fmt(r.key, r.diff, True),
                 f"{fmt(r.key, r.low, True)} – {fmt(r.key, r.high, True)}",
                 "—" if r.p is None else f"{r.p:.3g}", "—" if r.p_holm is None else f"{r.p_holm:.3g}", str(r.pairs)]
        body.append(f"<tr class='{'sig' if r.significant else ''}'>"
                    + "".join(f"<td>{html.escape(c)}</td>" for c in cells) + "</tr>")
    parts = [
        "<!doctype html><html lang='en'><head><meta charset='utf-8'>",
        f"<title>hexbox compare: {html.escape(game)}</title><style>{STYLE}</style></head><body>",
        f"<h1>{html.escape(game)}: {html.escape(b_name)} against {html.escape(a_name)}, {games} "
        f"{'paired ' if paired else ''}games</h1>",
        ("<p class='meta'>Game i of both is dealt from the same seed. Differences are means of the per-game "
         f"differences with 95% intervals; p: a two-sided paired z-test; p (Holm): corrected for the {len(rows)} "
         "measures (family-wise 5%). Highlighted rows differ significantly after the correction.</p>" if paired else
         "<p class='meta'><b>Unpaired:</b> A and B were played on different seeds, so no game of B can be set "
         "against a game of A. Differences are differences of the two means with 95% intervals; p: Welch's "
         f"two-sided test; p (Holm): corrected for the {len(rows)} measures (family-wise 5%). An unpaired comparison "
         "needs far more games to show a change than a paired one: run both on the same --seed to pair them.</p>"),
        f"<p><b>{len(significant)} significant difference{'s' if len(significant) != 1 else ''}</b>"
        + (": " + html.escape("; ".join(r.label for r in significant)) if significant else "") + ".</p>",
    ]
    if notes:
        parts.append("<ul class='warn'>" + "".join(f"<li>{html.escape(n)}</li>" for n in notes) + "</ul>")
    for title, svg in _plots(rows, a_name, b_name):
        parts.append(f"<h2>{html.escape(title)}</h2>{svg}")
    parts.append("<h2>Every measure</h2><table><thead><tr>" + "".join(f"<th>{html.escape(h)}</th>" for h in head)
                 + "</tr></thead><tbody>" + "".join(body) + "</tbody></table></body></html>")
    index = folder / "index.html"
    index.write_text("\n".join(parts) + "\n", encoding="utf-8")
    return index
