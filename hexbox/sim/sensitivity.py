"""`hexbox sensitivity GAME`: which of a game's numbers matter, ranked — a screening of every live knob.

The design is Morris's elementary effects (SALib draws it): r trajectories through the space of the knobs, each a
walk that moves one knob at a time by a fixed step, so that every step measures one knob's effect at a different
point of the space. k knobs cost r·(k+1) variants, where a full factorial would cost 2^k: the method for ranking
many factors with few runs, which is what a designer with a hundred numbers needs before tuning two of them.

Each variant plays the same seeds (common random numbers), so an elementary effect is the change of a measure
over the same deals. The measures:

- ``first``: the first player's win rate less the mean seat's (seat fairness from the first player);
- ``balance``: the largest gap between two roles' (teams', clans') win rates (team balance), where the game has roles;
- ``length``: the mean length in turns;
- ``ending``: the share of games that end the way the printed game most often does.

Per knob and measure: μ* (the mean absolute elementary effect, in the measure's unit for a move across the knob's
whole range) with its 95% bootstrap interval over the trajectories, and σ (their spread: a large σ against μ* says
the knob acts through others or not linearly). A candidate the game refuses (an overlay its checks do not pass)
is counted, and the effects that needed it are left out, never fatal.
"""

from __future__ import annotations

import html
import io
import json
import random
import statistics
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from hexbox.core import ConfigError

from .knobs import LIVE, Knob
from .measures import per_game, roles_of

MEASURES = ("first", "balance", "length", "ending")
LABELS = {"first": "first player's edge (points)", "balance": "gap between roles (points)",
          "length": "game length (turns)", "ending": "usual ending (points of share)"}


@dataclass(frozen=True)
class Factor:
    """One knob as a factor of the design: where it sits, and the values its range maps to."""

    path: str  # options.NAME or overlay.a.b.c
    printed: Any
    low: float | None = None  # numeric: the range
    high: float | None = None
    integer: bool = True
    choices: tuple[Any, ...] = ()  # discrete: the printed value and the alternatives, in order
    partner: str = ""  # a sibling moved the other way (a deck whose size the rules fix)
    partner_printed: Any = None

    def value(self, x: float) -> Any:
        """The knob's value at the design's level x in [0, 1]."""
        if self.choices:
            return self.choices[min(len(self.choices) - 1, int(x * len(self.choices)))]
        v = self.low + x * (self.high - self.low)
        return round(v) if self.integer else v

    def share(self, x: float) -> float:
        """Where the value at level x lies in the knob's range, from 0 to 1: a whole number rounds the level, and
        an effect is measured over the move the game really saw."""
        if self.choices:
            return self.choices.index(self.value(x)) / max(1, len(self.choices) - 1)
        return (self.value(x) - self.low) / (self.high - self.low)

    def set(self, x: float, options: dict[str, Any], overlay: dict[str, Any],
            moved: dict[str, Any] | None = None) -> None:
        """Lay the value at level x. A number moves by its step from the printed value, added to what other factors
        moved at the same place (``moved``: path -> value so far), so that two factors that share a partner (two
        cards that each trade copies with Gold) keep the deck's size together."""
        value = self.value(x)
        if moved is None or self.choices or not isinstance(value, (int, float)):
            _put(self.path, value, options, overlay)
            if self.partner:
                _put(self.partner, self.partner_printed - (value - self.printed), options, overlay)
            return
        step = value - self.printed
        moved[self.path] = moved.get(self.path, self.printed) + step
        _put(self.path, moved[self.path], options, overlay)
        if self.partner:
            moved[self.partner] = moved.get(self.partner, self.partner_printed) - step
            _put(self.partner, moved[self.partner], options, overlay)


def _put(path: str, value: Any, options: dict[str, Any], overlay: dict[str, Any]) -> None:
    kind, _, rest = path.partition(".")
    if kind == "options":
        options[rest] = value
        return
    node = overlay
    *parents, last = rest.split(".")
    for p in parents:
        node = node.setdefault(p, {})
    node[last] = value


def factor_of(knob: Knob, game: str | None = None, players: int | None = None) -> Factor | None:
    """A live knob as a factor: an option over the range it declares; a number of cards.toml half its printed value
    either way (at least one step), against the sibling its check paired it with where the game keeps a total;
    anything else takes the printed value or the alternative the check found accepted."""
    from hexbox.core.data import leaves

    if knob.status != LIVE or not knob.change:
        return None
    if knob.kind == "options" and game is not None:
        from hexbox.core import game_info

        o = game_info(game).option(knob.key)
        if o.choices:
            return Factor(knob.path, o.default, choices=(o.default, *(c for c in o.choices if c != o.default)))
        low, high = (b(players or 0) if callable(b) else b for b in (o.low, o.high))
        if isinstance(o.default, (int, float)) and not isinstance(o.default, bool) and low is not None \
                and high is not None and low < high:
            return Factor(knob.path, o.default, low, high, isinstance(o.default, int))
    changed = dict(leaves(knob.change.get("overlay", {})))
    changed.update({f"{k}": v for k, v in knob.change.get("options", {}).items()})
    v = knob.printed
    if isinstance(v, bool) or not isinstance(v, (int, float)):
        alternative = changed.get(knob.key)
        return Factor(knob.path, v, choices=(v, alternative)) if alternative is not None else None
    d = max(1, round(abs(v) / 2)) if isinstance(v, int) else abs(v) / 2 or 0.5
    others = [k for k in changed if k != knob.key]
    if others:  # moved against a sibling: a range that keeps the sibling's total, neither going below zero
        partner = others[0]
        partner_printed = _printed_at(knob, partner, changed)
        d = max(1, min(d, v, partner_printed))
        return Factor(knob.path, v, v - d, v + d, isinstance(v, int), partner=f"overlay.{partner}",
                      partner_printed=partner_printed)
    low = v - d
    if isinstance(v, int) and v >= 0:
        low = max(0, low)
    return Factor(knob.path, v, low, v + d, isinstance(v, int))


def fit_range(game: str, factor: Factor, players: int | None = None) -> Factor | None:
    """The factor with a range the game accepts at both ends, each tried alone: a range whose low end the game
    refuses (an icon count of 0) is moved up to start at the printed value; None if neither fits."""
    from dataclasses import replace

    from .variant import Variant

    def accepted(value: Any) -> bool:
        options: dict[str, Any] = {}
        overlay: dict[str, Any] = {}
        replace(factor, choices=(value,)).set(0.0, options, overlay)  # that value alone
        try:
            Variant(game, "range", options, overlay, players).check()
        except ConfigError:
            return False
        return True

    if factor.choices:
        return factor if all(accepted(c) for c in factor.choices[1:]) else None
    low_ok, high_ok = accepted(factor.low), accepted(factor.high)
    if low_ok and high_ok:
        return factor
    span = factor.high - factor.low
    for low, high in ((factor.printed, factor.printed + span / 2), (factor.printed - span / 2, factor.printed)):
        low, high = (round(low), round(high)) if factor.integer else (low, high)
        if low < high and accepted(low) and accepted(high):
            return replace(factor, low=low, high=high)
    return None


def _printed_at(knob: Knob, partner: str, changed: dict[str, Any]) -> Any:
    # the check moved the partner one step against the knob: its printed value is one step back
    step = changed[knob.key] - knob.printed
    return changed[partner] + step


# ---- the screening ---------------------------------------------------------------------------------------------


@dataclass
class Effect:
    path: str
    mu_star: dict[str, float] = field(default_factory=dict)
    low: dict[str, float] = field(default_factory=dict)
    high: dict[str, float] = field(default_factory=dict)
    sigma: dict[str, float] = field(default_factory=dict)
    effects: int = 0  # elementary effects measured (trajectories whose step was played)


Evaluate = Callable[[dict[str, Any], dict[str, Any]], dict[str, float] | None]


def design(factors: Sequence[Factor], trajectories: int, levels: int = 4, seed: int = 0) -> Any:
    """SALib's Morris sample: trajectories·(k+1) rows of levels in [0, 1], one factor moved per step."""
    try:
        from SALib.sample import morris as morris_sample
    except ImportError:
        raise ConfigError("hexbox sensitivity needs SALib: pip install -e '.[design]'") from None
    problem = {"num_vars": len(factors), "names": [f.path for f in factors], "bounds": [[0.0, 1.0]] * len(factors)}
    return morris_sample.sample(problem, trajectories, num_levels=levels, seed=seed)


def screen(factors: Sequence[Factor], evaluate: Evaluate, trajectories: int = 4, levels: int = 4, seed: int = 0,
           on_row: Callable[[int, int], None] | None = None) -> dict[str, Any]:
    """Play every row of the design (``evaluate(options, overlay)`` -> measure -> value, or None if the game
    refuses the candidate) and rank the factors by their elementary effects."""
    if not factors:
        raise ConfigError("no live knob to screen")
    x = design(factors, trajectories, levels, seed)
    k = len(factors)
    cache: dict[str, dict[str, float] | None] = {}
    outputs: list[dict[str, float] | None] = []
    refused = 0
    for i, row in enumerate(x):
        options: dict[str, Any] = {}
        overlay: dict[str, Any] = {}
        moved: dict[str, Any] = {}
        for f, level in zip(factors, row, strict=True):
            f.set(float(level), options, overlay, moved)
        key = json.dumps([options, overlay], sort_keys=True, default=str)
        if key not in cache:
            cache[key] = evaluate(options, overlay)
            refused += cache[key] is None
        outputs.append(cache[key])
        if on_row:
            on_row(i + 1, len(x))
    shares = [[f.share(float(level)) for f, level in zip(factors, row, strict=True)] for row in x]
    effects = elementary_effects(shares, outputs, k)
    rng = random.Random(seed)
    ranked = []
    for j, f in enumerate(factors):
        e = Effect(f.path, effects=len(effects[j]))
        for m in MEASURES:
            values = [ee[m] for ee in effects[j] if m in ee]
            if not values:
                continue
            e.mu_star[m], e.low[m], e.high[m] = _mu_star(values, rng)
            # statistics' exact sums: equal effects give a spread of 0, not 4e-15 (which a plot's axis would show)
            e.sigma[m] = statistics.stdev(values) if len(values) > 1 else 0.0
        ranked.append(e)
    rank(ranked)
    return {"effects": ranked, "rows": len(x), "variants": len(cache), "refused": refused,
            "trajectories": trajectories, "levels": levels}


def rank(effects: list[Effect]) -> None:
    """Most effect first: each knob by its largest μ* as a share of the largest μ* of that measure, so that a knob
    that moves the game's length most ranks with one that moves its first player's edge most."""
    top = {m: max((e.mu_star.get(m, 0.0) for e in effects), default=0.0) for m in MEASURES}
    effects.sort(key=lambda e: -max((e.mu_star.get(m, 0.0) / top[m] for m in MEASURES if top[m]), default=0.0))


def elementary_effects(x: Any, outputs: Sequence[dict[str, float] | None], k: int) -> list[list[dict[str, float]]]:
    """Per factor, its elementary effects: along each trajectory, the step that moved it, the change of every
    measure divided by the step (in shares of the range: ``x`` holds each row's shares). A step whose either end the
    game refused, or that rounding left in place, gives none."""
    per: list[list[dict[str, float]]] = [[] for _ in range(k)]
    rows = len(x)
    for t in range(rows // (k + 1)):
        for s in range(k):
            a, b = t * (k + 1) + s, t * (k + 1) + s + 1
            moved = [j for j in range(k) if x[b][j] != x[a][j]]
            if len(moved) != 1 or outputs[a] is None or outputs[b] is None:
                continue
            j = moved[0]
            delta = float(x[b][j] - x[a][j])
            per[j].append({m: (outputs[b][m] - outputs[a][m]) / delta for m in outputs[a]
                           if m in outputs[b]})
    return per


def _mu_star(values: list[float], rng: random.Random, resamples: int = 1000) -> tuple[float, float, float]:
    """The mean absolute effect with a 95% bootstrap interval (percentiles), as SALib's Morris analysis gives."""
    absolute = [abs(v) for v in values]
    mu = sum(absolute) / len(absolute)
    if len(absolute) < 2:
        return mu, mu, mu
    means = sorted(sum(rng.choices(absolute, k=len(absolute))) / len(absolute) for _ in range(resamples))
    return mu, means[int(0.025 * resamples)], means[int(0.975 * resamples) - 1]


# ---- measures of a run ----------------------------------------------------------------------------------------


def outputs_of(lines: list[dict[str, Any]], usual_ending: str) -> dict[str, float]:
    """The four measures of one candidate's games, win rates in points."""
    per = [per_game(line) for line in lines]
    n = max(line["players"] for line in lines)
    seats = [[p[f"first+{k}"] for p in per if f"first+{k}" in p] for k in range(n)]
    out: dict[str, float] = {}
    if seats[0]:
        means = [sum(s) / len(s) for s in seats if s]
        out["first"] = 100 * (means[0] - sum(means) / len(means))
    roles: dict[str, list[float]] = {}
    for line, p in zip(lines, per, strict=True):
        if roles_of(line):
            for key, v in p.items():
                if key.startswith(("role:", "team:")):
                    roles.setdefault(key, []).append(v)
    teams = {k: v for k, v in roles.items() if k.startswith("team:")}
    chosen = teams or roles
    if len(chosen) >= 2:
        if teams:  # a team game's games are won by one team: every game counts for each (0 where the other won)
            rates = [sum(p.get(k, 0.0) for p in per) / len(per) for k in chosen]
        else:
            rates = [sum(v) / len(v) for v in chosen.values()]
        out["balance"] = 100 * (max(rates) - min(rates))
    out["length"] = sum(line["turns"] for line in lines) / len(lines)
    out["ending"] = 100 * sum(p.get(f"ending:{usual_ending}", 0.0) for p in per) / len(per)
    return out


def usual_ending(lines: list[dict[str, Any]]) -> str:
    from .measures import ending_of

    return Counter(ending_of(line) for line in lines).most_common(1)[0][0]


def games_evaluate(game: str, players: int, agents: list[str], games: int, seed: int, workers: int = 1,
                   ray_address: str | None = None, base_options: dict[str, Any] | None = None
                   ) -> tuple[Evaluate, dict[str, float]]:
    """An evaluator that plays each candidate's games on the same seeds; and the printed game's measures."""
    from .batch import play_variant
    from .variant import Variant, as_printed

    printed = play_variant(as_printed(game, base_options, players), players, agents, games, seed, workers,
                           ray_address=ray_address)
    ending = usual_ending(printed)

    def evaluate(options: dict[str, Any], overlay: dict[str, Any]) -> dict[str, float] | None:
        try:
            v = Variant(game, "screen", {**(base_options or {}), **options}, overlay, players)
            v.check()
            lines = play_variant(v, players, agents, games, seed, workers, ray_address=ray_address)
        except ConfigError:
            return None
        except Exception:  # noqa: BLE001 - a value the game fails on mid-game: refused, counted, never fatal
            return None
        return outputs_of(lines, ending)

    return evaluate, outputs_of(printed, ending)


# ---- the page --------------------------------------------------------------------------------------------------

STYLE = """
body { font-family: system-ui, sans-serif; max-width: 64rem; margin: 2rem auto; padding: 0 1rem; color: #222; }
h1 { font-size: 1.6rem; } h2 { font-size: 1.2rem; margin-top: 2rem; border-bottom: 1px solid #ddd; }
table { border-collapse: collapse; margin: 0.8rem 0; } td, th { padding: 0.25rem 0.7rem; text-align: right; }
th { background: #f3f3f3; } td:first-child, th:first-child { text-align: left; } .meta { color: #666; }
svg { max-width: 100%; height: auto; }
"""


def write_page(found: dict[str, Any], folder: Path, game: str, players: int, games: int, agents: str,
               printed: dict[str, float] | None = None, top: int = 20) -> Path:
    """``folder/index.html``: the ranking table and, per measure, μ* with its interval for the top knobs and the
    μ*–σ plane, as inline SVG (the page fetches nothing)."""
    try:
        import matplotlib
    except ImportError:
        raise ConfigError("hexbox sensitivity needs matplotlib for its page: pip install -e '.[design]'") from None
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise ConfigError(f"cannot create {folder}: {exc.strerror}") from None
    effects: list[Effect] = found["effects"]
    shown = [m for m in MEASURES if any(m in e.mu_star for e in effects)]
    parts = [
        "<!doctype html><html lang='en'><head><meta charset='utf-8'>",
        f"<title>hexbox sensitivity: {html.escape(game)}</title><style>{STYLE}</style></head><body>",
        f"<h1>{html.escape(game)}: which numbers matter</h1>",
        f"<p class='meta'>Morris elementary effects (SALib): {found['trajectories']} trajectories over "
        f"{len(effects)} live knobs, {found['rows']} design points ({found['variants']} distinct variants, "
        f"{found['refused']} refused by the game and skipped), {games} games each on the same seeds, {players} "
        f"players, agents {html.escape(agents)}. μ*: the mean absolute change of a measure for a move across the "
        "knob's whole range, with its 95% bootstrap interval over the trajectories; σ: the spread of those changes "
        "(large against μ*: the knob acts through others, or not in a straight line). Knobs with few trajectories "
        "have wide intervals: screen again with more before acting on a close rank.</p>",
    ]
    if printed:
        parts.append("<p>The printed game: " + ", ".join(f"{LABELS[m]} {printed[m]:.1f}" for m in shown
                                                          if m in printed) + ".</p>")
    for m in shown:
        ranked = sorted((e for e in effects if m in e.mu_star), key=lambda e: -e.mu_star[m])[:top]
        fig, (ax, plane) = plt.subplots(1, 2, figsize=(11, 0.3 * len(ranked) + 1.6), dpi=100,
                                        gridspec_kw={"width_ratios": [3, 2]})
        ys = list(range(len(ranked)))[::-1]
        ax.errorbar([e.mu_star[m] for e in ranked], ys,
                    xerr=[[e.mu_star[m] - e.low[m] for e in ranked], [e.high[m] - e.mu_star[m] for e in ranked]],
                    fmt="o", color="#4C72B0", capsize=3)
        ax.set_yticks(ys, [_short(e.path) for e in ranked], fontsize=7)
        ax.set_xlabel(f"μ*: {LABELS[m]} (95% interval)")
        ax.set_xlim(left=0)
        every = [e for e in effects if m in e.mu_star]
        plane.scatter([e.mu_star[m] for e in every], [e.sigma.get(m, 0.0) for e in every], s=12, color="#DD8452")
        plane.set_xlabel("μ*")
        plane.set_ylabel("σ")
        plane.set_title("μ* against σ, every knob", fontsize=9)
        buf = io.StringIO()
        fig.savefig(buf, format="svg", bbox_inches="tight")
        plt.close(fig)
        svg = buf.getvalue()
        parts.append(f"<h2>{html.escape(LABELS[m])}</h2>{svg[svg.index('<svg'):]}")
    head = "".join(f"<th>{html.escape(LABELS[m])} μ*</th><th>σ</th>" for m in shown)
    body = []
    for e in effects:
        cells = "".join(
            (f"<td>{e.mu_star[m]:.2f} ({e.low[m]:.2f}–{e.high[m]:.2f})</td><td>{e.sigma[m]:.2f}</td>"
             if m in e.mu_star else "<td>—</td><td>—</td>") for m in shown)
        body.append(f"<tr><td>{html.escape(_short(e.path))}</td>{cells}<td>{e.effects}</td></tr>")
    parts.append(f"<h2>Every knob, most effect first</h2><table><thead><tr><th>knob</th>{head}<th>effects</th></tr>"
                 f"</thead><tbody>{''.join(body)}</tbody></table></body></html>")
    index = folder / "index.html"
    index.write_text("\n".join(parts) + "\n", encoding="utf-8")
    return index


def _short(path: str) -> str:
    return path.removeprefix("overlay.")
