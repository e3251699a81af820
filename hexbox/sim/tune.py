"""`hexbox tune GAME --space FILE.toml`: search the knobs a designer names for the fairest variant with the fewest,
smallest changes.

The space file::

    game = "growl"
    players = 6
    agents = "heuristic"
    games = 400                    # games per candidate, the same seeds for every candidate
    seed = 0
    base = "my-variant.toml"       # optional: start from a variant instead of the game as printed

    [target]                       # what "fair" means: measure -> the value it should have
    seats = "even"                 # every seat counted from the first player at 1 / players
    "team:humans" = 0.5            # any measure of `hexbox compare` (its --json shows their keys)

    [[knob]]                       # an option
    path = "options.holy_water"
    low = 1
    high = 3

    [[knob]]                       # a value of cards.toml, by the overlay's path; choices for anything not a number
    path = "overlay.setup.starter.6"
    choices = [[1, 5], [2, 4], [3, 3]]

Two objectives, both minimised: **unfairness**, the largest distance of a target measure from its target (in
points of win rate), and **change**, the number of knobs moved from their printed value plus how far each moved (its
share of its range, so one small change beats one large change beats two changes). The answer is their Pareto front:
for each amount of change, the fairest variant found.

Why Optuna's multi-objective TPE sampler rather than NSGA-II: a candidate costs hundreds of games, so a search
has tens of trials, not the thousands of a genetic algorithm's generations; TPE models where good trials lie from
the first dozen and keeps sampling near them, and its density estimate averages over the noise of neighbouring
trials instead of selecting on single noisy elites. Every candidate is played on the same seeds (common random
numbers), so the differences between candidates are not differences of luck. And because the front is chosen on
noisy numbers, its best candidates are played again on fresh seeds (``recheck``): a fix must survive that.

Resumable: the trials are kept in an Optuna storage (an SQLite file); the same command goes on where it stopped.
"""

from __future__ import annotations

import json
import math
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from hexbox.core import ConfigError, game_info
from hexbox.core.data import entry_name
from hexbox.core.loading import catalogue_of

from .measures import COUNTED, per_game
from .variant import Variant, as_printed, read_toml_file, read_variant

#: the seeds of the re-check: far from any seed a designer types, so its deals are fresh
RECHECK_SEED_OFFSET = 1_000_003


@dataclass(frozen=True)
class Knob:
    path: str  # "options.NAME" or "overlay.a.b.c"
    default: Any
    low: float | None = None
    high: float | None = None
    step: float | None = None
    choices: tuple[Any, ...] | None = None

    @property
    def kind(self) -> str:
        return self.path.partition(".")[0]

    def distance(self, value: Any) -> float:
        """0 for the printed value; else 1 plus how far it moved, as a share of the knob's range (at most 2).

        Choices are read in the order given: one step from the printed value is a smaller change than two (a
        third Wolf Zero before a fourth). A printed value that is not among them makes every choice 1.5."""
        if value == self.default:
            return 0.0
        if self.choices is not None:
            if self.default not in self.choices or value not in self.choices:
                return 1.5
            steps = abs(self.choices.index(value) - self.choices.index(self.default))
            return 1.0 + steps / (len(self.choices) - 1)
        if self.low is None or self.high is None or self.high == self.low:
            return 1.5
        if not isinstance(self.default, (int, float)) or isinstance(self.default, bool):
            return 1.5
        return 1.0 + min(1.0, abs(value - self.default) / (self.high - self.low))


@dataclass(frozen=True)
class Space:
    base: Variant
    players: int
    agents: list[str]
    games: int
    seed: int
    targets: dict[str, float]
    knobs: list[Knob]
    source: Path | None = None
    extra: dict[str, Any] = field(default_factory=dict)

    def variant(self, values: dict[str, Any], name: str) -> Variant:
        """The base with the knobs' values; ConfigError if the game refuses it."""
        options: dict[str, Any] = {}
        over: dict[str, Any] = {}
        for knob in self.knobs:
            value = values[knob.path]
            if knob.kind == "options":
                options[knob.path.partition(".")[2]] = value
            else:
                node = over
                *parents, last = knob.path.split(".")[1:]
                for p in parents:
                    node = node.setdefault(p, {})
                node[last] = value
        return self.base.with_changes(name, options, over)


def read_space(path: Path, game: str) -> Space:
    """A space file, checked: ConfigError (one line, naming the file and the key) for anything unusable."""
    raw = read_toml_file(path)
    known = {"game", "players", "agents", "games", "seed", "base", "target", "knob"}
    unknown = sorted(set(raw) - known)
    if unknown:
        raise ConfigError(f"{path}: unknown key {unknown[0]!r}; a space has {', '.join(sorted(known))}")
    if raw.get("game", game) != game:
        raise ConfigError(f"{path} is a space of {raw['game']}, not of {game}")
    info = game_info(game)
    base = read_variant(path.parent / raw["base"], game) if "base" in raw else as_printed(game)
    players = int(raw.get("players") or base.players or info.default_players or info.min_players)
    from .batch import agents_for

    agents = agents_for(game, players, raw.get("agents"))
    games, seed = raw.get("games", 400), raw.get("seed", 0)
    if not isinstance(games, int) or games < 10 or not isinstance(seed, int):
        raise ConfigError(f"{path}: games is a whole number of at least 10, seed a whole number")
    targets = _targets(path, raw.get("target", {}), players)
    knobs = [_knob(path, k, base, i) for i, k in enumerate(raw.get("knob", []))]
    if not knobs:
        raise ConfigError(f"{path}: name at least one [[knob]] to search")
    return Space(base, players, agents, games, seed, targets, knobs, path)


def _targets(path: Path, raw: Any, players: int) -> dict[str, float]:
    if not isinstance(raw, dict) or not raw:
        raise ConfigError(f"{path}: say what fair is in [target], e.g. seats = \"even\" or \"team:humans\" = 0.5")
    out: dict[str, float] = {}
    for key, value in raw.items():
        if key == "seats":
            if value != "even":
                raise ConfigError(f"{path}: target seats = \"even\" (every seat from the first player at 1/players)")
            # NaN: the mean of the seats' measured win rates (1 / players where one player wins, more in teams)
            out.update({f"first+{k}": math.nan for k in range(players)})
        elif (isinstance(value, (int, float)) and not isinstance(value, bool)
              and (key.startswith("first+") or key.partition(":")[0] in ("role", "team", "ending", "card", "length"))):
            out[key] = float(value)
        else:
            raise ConfigError(f"{path}: target {key!r} = {value!r}: a measure key (first+K, role:NAME, team:NAME, "
                              "ending:KIND, card:ID, length:turns) and a number")
    return out


def _knob(path: Path, raw: Any, base: Variant, i: int) -> Knob:
    where = f"{path}: knob {i + 1}"
    if not isinstance(raw, dict) or not isinstance(raw.get("path"), str):
        raise ConfigError(f"{where}: give its path, e.g. path = \"options.holy_water\"")
    kpath = raw["path"]
    kind, _, rest = kpath.partition(".")
    if kind == "options":
        default = base.options.get(rest, game_info(base.game).option(rest).default) if rest else None
        if not rest:
            raise ConfigError(f"{where}: options.NAME")
        game_info(base.game).option(rest)
    elif kind == "overlay":
        default = _printed(base, rest.split("."), where)
    else:
        raise ConfigError(f"{where}: a path starts with options. or overlay., not {kpath!r}")
    choices = raw.get("choices")
    if choices is not None:
        if not isinstance(choices, list) or len(choices) < 2:
            raise ConfigError(f"{where}: choices is a list of at least two values")
        return Knob(kpath, default, choices=tuple(choices))
    low, high = raw.get("low"), raw.get("high")
    if not all(isinstance(x, (int, float)) and not isinstance(x, bool) for x in (low, high)) or low >= high:
        raise ConfigError(f"{where}: give low < high (numbers) or choices")
    if isinstance(default, bool) or not isinstance(default, (int, float)):
        raise ConfigError(f"{where}: {kpath} is {default!r}, not a number: give choices")
    return Knob(kpath, default, low, high, raw.get("step"))


def _printed(base: Variant, keys: list[str], where: str) -> Any:
    """The value a path of cards.toml has in the base variant (its overlay first, then the printed data)."""
    node: Any = base.overlay
    for k in keys:
        node = node.get(k) if isinstance(node, dict) else None
    if node is not None:
        return node
    node = catalogue_of(game_info(base.game).package)()
    for k in keys:
        if isinstance(node, list):
            node = next((e for i, e in enumerate(node) if entry_name(e, i) == k), None)
        elif isinstance(node, dict):
            node = node.get(k)
        if node is None:
            raise ConfigError(f"{where}: {base.game}'s cards.toml has no {'.'.join(keys)}")
    return node


# ---- evaluating a candidate --------------------------------------------------------------------------------


def mean_interval(values: list[float]) -> tuple[float, float, float]:
    """The mean with its 95% interval (normal approximation; per-game 0/1 values give the Wald interval)."""
    n = len(values)
    if not n:
        return 0.0, 0.0, 1.0
    m = sum(values) / n
    sd = math.sqrt(sum((v - m) ** 2 for v in values) / (n - 1)) if n > 1 else 0.0
    half = 1.959963984540054 * sd / math.sqrt(n)
    return m, m - half, m + half


def measure(lines: list[dict[str, Any]], keys: list[str]) -> dict[str, tuple[float, float, float]]:
    """The targets' measures over a run: key -> (mean, low, high)."""
    per = [per_game(line) for line in lines]
    out = {}
    for key in keys:
        zero = 0.0 if key.startswith(COUNTED) else None
        values = [v for p in per if (v := p.get(key, zero)) is not None]
        out[key] = mean_interval(values)
    return out


def unfairness(measured: dict[str, tuple[float, float, float]], targets: dict[str, float]) -> float:
    """The largest distance of a measure from its target, in points of win rate (of turns, for length)."""
    seats = [v[0] for k, v in measured.items() if k.startswith("first+")]
    even = sum(seats) / len(seats) if seats else 0.0
    return max(abs(measured[k][0] - (even if math.isnan(t) else t)) * (1 if k.startswith("length:") else 100)
               for k, t in targets.items())


Evaluate = Callable[[Variant, int, int], dict[str, tuple[float, float, float]]]


def games_evaluator(space: Space, workers: int, ray_address: str | None = None) -> Evaluate:
    """Play ``games`` games of a candidate from ``seed``, spread over ``workers`` processes (or Ray); its measures."""
    from .batch import play_variant

    def evaluate(variant: Variant, games: int, seed: int) -> dict[str, tuple[float, float, float]]:
        lines = play_variant(variant, space.players, space.agents, games, seed, workers, ray_address=ray_address)
        return measure(lines, list(space.targets))

    return evaluate


# ---- the search ------------------------------------------------------------------------------------------------


@dataclass
class Candidate:
    number: int
    values: dict[str, Any]
    unfairness: float
    change: float
    measured: dict[str, tuple[float, float, float]]
    recheck: dict[str, tuple[float, float, float]] | None = None
    recheck_unfairness: float | None = None

    def changes(self, knobs: list[Knob]) -> list[str]:
        return [f"{k.path.partition('.')[2]} = {_shown(self.values[k.path])} (printed {_shown(k.default)})"
                for k in knobs if self.values[k.path] != k.default]


def _shown(value: Any) -> str:
    return str(value).lower() if isinstance(value, bool) else str(value)


def search(space: Space, evaluate: Evaluate, trials: int, storage: str, study_name: str, seed: int = 0,
           recheck: int = 3, recheck_games: int | None = None,
           on_trial: Callable[[int, float, float], None] | None = None) -> dict[str, Any]:
    """Run (or go on with) the study until it has ``trials`` finished trials; the Pareto front, its best
    ``recheck`` candidates played again on fresh seeds."""
    try:
        import optuna
    except ImportError:
        raise ConfigError("hexbox tune needs Optuna: pip install -e '.[design]'") from None
    optuna.logging.set_verbosity(optuna.logging.WARNING)
    sampler = optuna.samplers.TPESampler(seed=seed, multivariate=True, n_startup_trials=min(10, max(2, trials // 3)))
    try:
        study = optuna.create_study(study_name=study_name, storage=storage, load_if_exists=True,
                                    directions=["minimize", "minimize"], sampler=sampler)
    except Exception as exc:  # noqa: BLE001 - a storage that cannot be opened: one clear line
        raise ConfigError(f"cannot open the tuning storage {storage}: {exc}") from None
    from optuna.trial import TrialState

    for t in study.get_trials(deepcopy=False, states=(TrialState.RUNNING,)):
        study.tell(t.number, state=TrialState.FAIL)  # a trial a stopped run left half-played: played again
    if space.source is not None:
        study.set_user_attr("space", str(space.source))
    if not study.trials:
        # the printed game first: it is on the front (no change) and every fix is measured against it
        study.enqueue_trial({k.path: _param(k, k.default) for k in space.knobs
                             if k.choices is None or k.default in k.choices})

    def objective(trial: Any) -> tuple[float, float]:
        values = {k.path: _suggest(trial, k) for k in space.knobs}
        # a candidate met before is the same games again (the same seeds): its numbers, not another run
        for t in study.get_trials(deepcopy=False, states=(TrialState.COMPLETE,)):
            if t.params == trial.params and "measured" in t.user_attrs:
                for key in ("values", "measured"):
                    trial.set_user_attr(key, t.user_attrs[key])
                trial.set_user_attr("same_as", t.number)
                return t.values[0], t.values[1]
        try:
            variant = space.variant(values, f"trial-{trial.number}")
        except ConfigError as exc:
            trial.set_user_attr("refused", str(exc))
            raise optuna.TrialPruned(str(exc)) from None
        try:
            measured = evaluate(variant, space.games, space.seed)
        except Exception as exc:  # noqa: BLE001 - a value the game cannot play: counted and skipped, never fatal
            first = str(exc).splitlines()[0] if str(exc) else ""
            reason = f"the game failed while playing it: {type(exc).__name__}: {first}"
            trial.set_user_attr("refused", reason)
            raise optuna.TrialPruned(reason) from None
        u = unfairness(measured, space.targets)
        change = sum(k.distance(values[k.path]) for k in space.knobs)
        trial.set_user_attr("values", values)
        trial.set_user_attr("measured", {k: list(v) for k, v in measured.items()})
        if on_trial:
            on_trial(trial.number, u, change)
        return u, change

    done = len([t for t in study.trials if t.state in (TrialState.COMPLETE, TrialState.PRUNED)])
    if trials > done:
        study.optimize(objective, n_trials=trials - done, catch=())
    front, seen = [], set()
    for c in sorted((_candidate(t) for t in study.best_trials), key=lambda c: (c.change, c.unfairness, c.number)):
        key = json.dumps(c.values, sort_keys=True)
        if key not in seen:  # the sampler may try a candidate twice: it is one variant on the front
            seen.add(key)
            front.append(c)
    best = sorted(front, key=lambda c: c.unfairness)[:recheck]
    printed = [c for c in front if c.change == 0]
    if recheck and printed and printed[0] not in best:
        best.append(printed[0])  # the printed game on the fresh seeds too: what each fix is measured against
    for c in best:
        variant = space.variant(c.values, f"trial-{c.number}")
        c.recheck = evaluate(variant, recheck_games or space.games, space.seed + RECHECK_SEED_OFFSET)
        c.recheck_unfairness = unfairness(c.recheck, space.targets)
    complete = [t for t in study.trials if t.state == TrialState.COMPLETE]
    pruned = [t for t in study.trials if t.state == TrialState.PRUNED]
    return {"front": front, "rechecked": best, "trials": len(complete), "refused": len(pruned),
            "refusals": sorted({t.user_attrs.get("refused", "") for t in pruned} - {""})}


def _candidate(trial: Any) -> Candidate:
    measured = {k: tuple(v) for k, v in trial.user_attrs["measured"].items()}
    return Candidate(trial.number, trial.user_attrs["values"], trial.values[0], trial.values[1], measured)


def _param(knob: Knob, value: Any) -> Any:
    return knob.choices.index(value) if knob.choices is not None else value


def _suggest(trial: Any, knob: Knob) -> Any:
    if knob.choices is not None:
        return knob.choices[trial.suggest_categorical(knob.path, list(range(len(knob.choices))))]
    if isinstance(knob.default, int) and isinstance(knob.low, int) and isinstance(knob.high, int):
        return trial.suggest_int(knob.path, knob.low, knob.high, step=int(knob.step or 1))
    return trial.suggest_float(knob.path, float(knob.low), float(knob.high), step=knob.step)
