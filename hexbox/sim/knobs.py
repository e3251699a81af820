"""Every knob of a game, and whether the game reads it: a designer's "no difference" means something only when
the value changed is one the rules look at.

A game's knobs are its options and every value of its ``cards.toml`` that a variant may overlay. Each is one of:

- **text**: words (names, card texts, how an ending reads): not a rule parameter, refused as an overlay;
- **refused**: a value the game cannot play otherwise, refused with its reason, either declared (``FIXED`` in the
  game's cards.py: an index that is a card's place in the action encoding, a server's clock) or by the game's own
  checks of its data for every change tried (the rulebook's counts);
- **live**: a change of it, accepted by the game, changes some game within a bounded number of seeds: the rules
  read it. A rule parameter that no game shows a change for is **dead**: the rules never look at it, and every
  comparison of it would say "no difference" for a reason that has nothing to do with balance (the check in
  tests/test_knobs.py fails on it).

The check plays the printed game and the changed one on the same seeds, in a fresh process per change (a game
reads its data once, at import), and calls the knob live at the first game whose moves differ; a change that shows
nothing is followed by the game's second accepted one (the step the other way), since a value at a cap the rules clip
to changes nothing upwards. The seeds cycle
through the game's conformance set-ups (its expansions and player counts) and two tables of bots: the heuristic
bots, then random players, who try what the heuristic bots never do; a knob only some set-up reaches names it in
``EXERCISE`` (in the game's cards.py): pattern -> the players, options and agents that reach it.
"""

from __future__ import annotations

import hashlib
import json
import multiprocessing
import random
from collections.abc import Callable, Iterable, Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from typing import Any

from hexbox.core import ConfigError, DataError, game_info
from hexbox.core.data import ART, NAME, TEXT, entry_name, fixed_reason
from hexbox.core.loading import catalogue_of
from hexbox.core.registry import import_packages, packages

from .variant import fixed_keys, validate_overlay

#: how many seeds the check plays before it calls a rule parameter dead
SEEDS = 24
TEXT_STATUS, REFUSED, LIVE, DEAD, UNTESTED = "text", "refused", "live", "dead", "untested"


@dataclass
class Knob:
    """One key a designer might turn: ``options.NAME`` or ``overlay.a.b.c`` (entries of a list by id)."""

    path: str
    printed: Any
    status: str = ""  # text | refused | live | dead | untested; "" until checked
    reason: str = ""  # why it is text or refused; for a live knob, the change that showed it
    change: dict[str, Any] = field(default_factory=dict)  # the accepted change: {"options": …, "overlay": …}
    seeds: int = 0  # seeds played until a game differed (live) or in all (dead)
    agents: str = ""  # the bots of the first game that differed

    @property
    def kind(self) -> str:
        return self.path.partition(".")[0]

    @property
    def key(self) -> str:
        return self.path.partition(".")[2]

    def as_dict(self) -> dict[str, Any]:
        return {"path": self.path, "printed": self.printed, "status": self.status, "reason": self.reason,
                "change": self.change, "seeds": self.seeds, "agents": self.agents}


# ---- the inventory ---------------------------------------------------------------------------------------------


def data_leaves(data: Any, where: tuple[str, ...] = ()) -> Iterator[tuple[tuple[str, ...], Any]]:
    """(path, value) of every value of a cards.toml that an overlay can set, a list of tables entry by entry."""
    if isinstance(data, dict):
        for k, v in data.items():
            yield from data_leaves(v, (*where, str(k)))
    elif isinstance(data, list) and data and all(isinstance(x, dict) for x in data):
        for i, entry in enumerate(data):
            name = entry_name(entry, i)
            for k, v in entry.items():
                yield from data_leaves(v, (*where, name, str(k)))
    else:
        yield where, data


def inventory(game: str) -> list[Knob]:
    """Every option and every value of the game's cards.toml, text and declared-fixed ones marked (unchecked)."""
    info = game_info(game)
    knobs = []
    for o in info.options:
        knob = Knob(f"options.{o.name}", o.default)
        if o.server_only:
            knob.status, knob.reason = REFUSED, "a server's clock: no rule of a game played out reads it"
        knobs.append(knob)
    fixed = fixed_keys(game)
    for path, value in data_leaves(catalogue_of(info.package)()):
        knob = Knob("overlay." + ".".join(path), value)
        reason = fixed_reason(".".join(path), fixed)
        if reason is not None:
            knob.status, knob.reason = (TEXT_STATUS if reason in (TEXT, NAME, ART) else REFUSED), reason
        knobs.append(knob)
    return knobs


# ---- changes to try -------------------------------------------------------------------------------------------


def _nest(path: Sequence[str], value: Any, into: dict[str, Any] | None = None) -> dict[str, Any]:
    out = into if into is not None else {}
    node = out
    for p in path[:-1]:
        node = node.setdefault(p, {})
    node[path[-1]] = value
    return out


def _siblings(data: Any, path: tuple[str, ...]) -> list[tuple[tuple[str, ...], Any]]:
    """The same key in the other entries of the list of tables ``path`` runs through (a card's copies, another
    card's copies), nearest first; [] outside such a list."""
    node, out = data, []
    for depth, part in enumerate(path):
        if isinstance(node, list):
            rest = path[depth + 1:]
            for i, entry in enumerate(node):
                name = entry_name(entry, i)
                if name == part:
                    continue
                value: Any = entry
                for r in rest:
                    value = value.get(r) if isinstance(value, dict) else None
                if value is not None:
                    out.append(((*path[:depth], name, *rest), value))
            return out
        node = node.get(part) if isinstance(node, dict) else None
        if node is None:
            return []
        if isinstance(node, list) and node and all(isinstance(x, dict) for x in node):
            continue
    return out


def _is_int(v: Any) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


def changes(data: Any, knob: Knob) -> Iterator[dict[str, Any]]:
    """Overlays to try for a value of cards.toml, the smallest first: one step either way; then, where the game
    counts a total (copies summing to a deck size, a row summing to the seats), one step moved to a sibling."""
    path = tuple(knob.key.split("."))
    v = knob.printed
    if isinstance(v, bool):
        yield _nest(path, not v)
    elif _is_int(v):
        for step in (1, -1):
            yield _nest(path, v + step)
        for other, w in _siblings(data, path)[:6]:
            if _is_int(w):
                for step in (1, -1):
                    yield _nest(other, w - step, _nest(path, v + step))
    elif isinstance(v, float):
        for factor in (1.5, 0.5):
            yield _nest(path, v * factor)
    elif isinstance(v, str):
        seen = {v}
        for _, w in _siblings(data, path):
            if isinstance(w, str) and w not in seen:
                seen.add(w)
                yield _nest(path, w)
    elif isinstance(v, list) and v and all(_is_int(x) for x in v):
        for i in range(len(v)):
            for step in (1, -1):
                yield _nest(path, [*v[:i], v[i] + step, *v[i + 1:]])
        for i in range(len(v)):
            for j in range(len(v)):
                if i != j:
                    moved = list(v)
                    moved[i] += 1
                    moved[j] -= 1
                    yield _nest(path, moved)
    elif isinstance(v, list):
        seen_lists = [v]
        for _, w in _siblings(data, path):
            if isinstance(w, list) and w not in seen_lists:
                seen_lists.append(w)
                yield _nest(path, w)
        if v:
            yield _nest(path, v[:-1])


def option_changes(game: str, knob: Knob) -> Iterator[dict[str, Any]]:
    option = game_info(game).option(knob.key)
    v = option.default
    if option.choices:
        for c in option.choices:
            if c != v:
                yield {knob.key: c}
    elif isinstance(v, bool):
        yield {knob.key: not v}
    elif _is_int(v):
        for w in (v + 1, v - 1, v + 2):
            yield {knob.key: w}


def accepted_change(game: str, knob: Knob, data: Any | None = None, skip: int = 0
                    ) -> tuple[dict[str, Any] | None, str]:
    """The first change the game accepts (after ``skip`` accepted ones), as {"options": …, "overlay": …}; else None
    and the game's reason: that of the first change refused, a step of the knob alone (a later change also moves a
    sibling, and its refusal would name the sibling)."""
    reasons: list[str] = []
    if knob.kind == "options":
        from hexbox.core import load_with

        info = game_info(game)
        for change in option_changes(game, knob):
            try:
                load_with(game, info.default_players or info.min_players, change)
            except ConfigError as exc:
                reasons.append(str(exc))
                continue
            if skip:
                skip -= 1
                continue
            return {"options": change, "overlay": {}}, ""
        return None, reasons[0] if reasons else "no other value to try"
    data = catalogue_of(game_info(game).package)() if data is None else data
    for over in changes(data, knob):
        try:
            validate_overlay(game, over)
        except DataError as exc:
            reasons.append(str(exc))
            continue
        if skip:
            skip -= 1
            continue
        return {"options": {}, "overlay": over}, ""
    return None, reasons[0] if reasons else "no other value to try"


# ---- playing the changed game ---------------------------------------------------------------------------------


@dataclass(frozen=True)
class Probe:
    """Seeds to play with a change laid (in a fresh process): each seed's set-up, bots and seed."""

    game: str
    plan: tuple[tuple[int, tuple[tuple[str, Any], ...], tuple[str, ...], int], ...]  # players, options, agents, seed
    options: tuple[tuple[str, Any], ...] = ()
    overlay: str = ""  # JSON, so that the probe pickles simply
    baseline: tuple[str, ...] | None = None  # stop at the first seed whose digest differs from it


def digest(game: str, players: int, options: dict[str, Any], agents: Sequence[str], seed: int) -> str:
    """A fingerprint of one game's every move and its result: two games with the same digest were the same game."""
    from hexbox.agents import make_agent
    from hexbox.core import View, derive_seed, load_with

    g = load_with(game, players, options)
    state = g.new_state(seed=seed)
    bots = [make_agent(a, game) for a in agents]
    rng = random.Random(derive_seed(seed, 1))
    h = hashlib.blake2b(digest_size=12)
    while not state.is_over:
        actors = state.actors
        seat = actors[0] if len(actors) == 1 else rng.choice(actors)
        action = bots[seat].act(View.of(state, seat), rng)
        state.apply(seat, action)
        h.update(f"{seat}:{json.dumps(action.to_json(), sort_keys=True)};".encode())
    r = state.result
    h.update(json.dumps([sorted(r.winners), sorted(r.scores.items()), r.kind], default=str).encode())
    return h.hexdigest()


def run_probe(probe: Probe) -> list[str]:
    """The digests of the probe's seeds (in this process, whose data the probe's overlay is laid on first)."""
    from .runner import lay_overlays

    if probe.overlay:
        lay_overlays({game_info(probe.game).package: json.loads(probe.overlay)})
    out = []
    for i, (players, options, agents, seed) in enumerate(probe.plan):
        d = digest(probe.game, players, {**dict(options), **dict(probe.options)}, agents, seed)
        out.append(d)
        if probe.baseline is not None and d != probe.baseline[i]:
            break
    return out


def fresh_processes(workers: int) -> ProcessPoolExecutor:
    """One new process per probe, forked from a server that has imported hexbox but no game's rules: each probe
    imports the game after its overlay is laid, at the cost of an import, not of a Python start."""
    try:
        ctx = multiprocessing.get_context("forkserver")
        ctx.set_forkserver_preload(["hexbox.agents", "hexbox.sim.knobs"])
    except ValueError:
        ctx = multiprocessing.get_context("spawn")
    # the registered games' packages (registrations only: rules are imported by the probe, after its overlay), so
    # that a game registered from outside hexbox.games is known there too
    return ProcessPoolExecutor(max_workers=max(1, workers), mp_context=ctx, max_tasks_per_child=1,
                               initializer=import_packages, initargs=(packages(),))


def plan_for(game: str, knob: Knob, seeds: int, exercise: dict[str, dict[str, Any]] | None = None
             ) -> tuple[tuple[int, tuple[tuple[str, Any], ...], tuple[str, ...], int], ...]:
    """The seeds a knob is checked on: the set-ups that reach it, heuristic bots then random players in turn."""
    info = game_info(game)
    setups = [dict(s) for s in info.conformance] or [{"players": info.default_players or info.min_players}]
    for pattern, setup in (exercise or {}).items():
        if fixed_reason(knob.path, {pattern: ""}) is not None:
            setups = [dict(setup)]
            break
    else:
        # a key named by a player count (GROWL's starter row for 10 players) is played at that count
        count = next((int(p) for p in knob.key.split(".") if p.isdigit()), None)
        if knob.kind == "overlay" and count is not None and info.min_players <= count <= info.max_players:
            setups = [{**s, "players": count} for s in setups]
    out = []
    for k in range(seeds):
        setup = dict(setups[k % len(setups)])
        players = setup.pop("players", info.default_players or info.min_players)
        agents = setup.pop("agents", None)
        if agents is None:
            agents = "heuristic" if (k // len(setups)) % 2 == 0 else "random"
        specs = tuple(agents.split(",")) if "," in agents else (agents,) * players
        out.append((players, tuple(sorted(setup.items())), specs, 1000 + k))
    return tuple(out)


def exercise_of(game: str) -> dict[str, dict[str, Any]]:
    import importlib

    try:
        module = importlib.import_module(f"{game_info(game).package}.cards")
    except ModuleNotFoundError:
        return {}
    return dict(getattr(module, "EXERCISE", {}))


def check(game: str, knobs: Iterable[Knob] | None = None, seeds: int = SEEDS, workers: int = 1,
          on_knob: Callable[[Knob], None] | None = None) -> list[Knob]:
    """Every knob (or those given) classified: text and declared-fixed ones as declared; each rule parameter
    changed (the first change the game accepts, then, if no game differed, the second) and played on ``seeds`` seeds
    against the printed game."""
    todo = list(inventory(game) if knobs is None else knobs)
    data = catalogue_of(game_info(game).package)()
    exercise = exercise_of(game)
    from .measures import _stats_attr

    behaviours = _stats_attr(game, "BEHAVIOURS") or {}
    probes: list[tuple[Knob, Probe]] = []
    for knob in todo:
        if knob.status in (TEXT_STATUS, REFUSED):
            if on_knob:
                on_knob(knob)
            continue
        change, reason = accepted_change(game, knob, data)
        if change is None:
            knob.status, knob.reason = REFUSED, reason
            if on_knob:
                on_knob(knob)
            continue
        knob.change = change
        plan = plan_for(game, knob, seeds, exercise)
        probes.append((knob, Probe(game, plan, tuple(sorted(change["options"].items())),
                                   json.dumps(change["overlay"]) if change["overlay"] else "")))
    if not probes:
        return todo
    with fresh_processes(workers) as pool:
        plans = sorted({p.plan for _, p in probes})
        baselines = dict(zip(plans, pool.map(run_probe, [Probe(game, plan) for plan in plans]), strict=True))
        tried: dict[int, list[str]] = {}
        # a knob whose first change shows nothing gets its second (the step the other way): a value at a cap that
        # the rules clip to (12 Attack dice where 12 is the most a roll has) changes nothing upwards, yet is read
        for last in (False, True):
            unchanged = _settle(pool, probes, baselines, behaviours, tried, on_knob)
            retry: list[tuple[Knob, Probe]] = []
            for knob, probe in unchanged:
                change = None if last else accepted_change(game, knob, data, skip=1)[0]
                if change is None:
                    if on_knob:
                        on_knob(knob)
                    continue
                tried[id(knob)] = [_shown_change(knob.change)]
                knob.change = change
                retry.append((knob, Probe(game, probe.plan, tuple(sorted(change["options"].items())),
                                          json.dumps(change["overlay"]) if change["overlay"] else "")))
            probes = retry
            if not probes:
                break
    return todo


def _settle(pool: ProcessPoolExecutor, probes: list[tuple[Knob, Probe]], baselines: dict[Any, list[str]],
            behaviours: dict[str, tuple[str, str, str]], tried: dict[int, list[str]],
            on_knob: Callable[[Knob], None] | None) -> list[tuple[Knob, Probe]]:
    """Each probe played against its baseline and its knob classified (live and refused ones reported); the knobs
    no game showed a change for, classified dead or untested, are returned with their probes for another try."""
    futures = [(knob, p, pool.submit(run_probe, Probe(p.game, p.plan, p.options, p.overlay,
                                                      tuple(baselines[p.plan]))))
               for knob, p in probes]
    unchanged = []
    for knob, p, future in futures:
        try:
            got = future.result()
        except Exception as exc:  # noqa: BLE001 - a value the code cannot play: what failed, as the reason
            knob.status, knob.reason = REFUSED, f"the game fails with it: {type(exc).__name__}: {exc}"
            if on_knob:
                on_knob(knob)
            continue
        base = baselines[p.plan]
        knob.seeds = len(got)
        shown = " nor ".join([*tried.get(id(knob), []), _shown_change(knob.change)])
        if got != list(base[:len(got)]) or len(got) < len(base):
            knob.status = LIVE
            knob.agents = ",".join(sorted(set(p.plan[len(got) - 1][2])))
            knob.reason = _shown_change(knob.change)
            if on_knob:
                on_knob(knob)
            continue
        if (need := _behaviour(behaviours, knob)) is not None:
            knob.status = UNTESTED  # read by a rule whose moment these bots never brought about
            knob.reason = (f"{shown} changed no game in {len(got)} seeds: it acts only when players {need[1]}, "
                           f"which the bots of the check did not (agents that would: {need[2]})")
        else:
            knob.status = DEAD
            knob.reason = f"{shown} changed no game in {len(got)} seeds: the rules never read it"
        unchanged.append((knob, p))
    return unchanged


def _behaviour(behaviours: dict[str, tuple[str, str, str]], knob: Knob) -> tuple[str, str, str] | None:
    """The declared behaviour (a game's ``BEHAVIOURS``: measure, what players do, agents) a knob needs, if any."""
    return next((b for pattern, b in behaviours.items() if fixed_reason(knob.path, {pattern: ""}) is not None), None)


def _shown_change(change: dict[str, Any]) -> str:
    from hexbox.core.data import leaves

    parts = [f"{k} = {v!r}" for k, v in change.get("options", {}).items()]
    parts += [f"{k} = {v!r}" for k, v in leaves(change.get("overlay", {}))]
    return ", ".join(parts)


def counts(knobs: Iterable[Knob]) -> dict[str, int]:
    out = {LIVE: 0, REFUSED: 0, TEXT_STATUS: 0, DEAD: 0, UNTESTED: 0}
    for k in knobs:
        out[k.status] = out.get(k.status, 0) + 1
    return out
