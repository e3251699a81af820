"""Speed measured, never asserted: hexbox's games beside references measured in the same run.

Every number is CPU time (``time.process_time``) of this process, and every measurement is taken once per round
for each subject in turn (the games and the references interleaved), so that drift and load hit all alike; each
figure is given as min / median / max over the rounds.

**Playouts.** The same loop for every subject: who acts, its legal actions, a uniform random choice, apply.
OpenSpiel's games also have chance steps (a deal, a roll), which hexbox keeps inside its states' random
generator; so the loop counts decision steps and chance steps apart and times them apart, and engines are
compared *per decision step*: the CPU time of whole games, shared between the two kinds of step in the proportion
their steps took on the wall clock. The references, with the ``[bench]`` extra:

- OpenSpiel's pure-Python ``python_liars_poker``: the same language, the Python anchor. Each game is measured
  against it in alternating slices of a tenth of its time (``_paired``), and its ratio is the median over the
  rounds of those paired ratios: the ratio the goal is stated in should not depend on what the shared machine did
  between two measurements;
- OpenSpiel's C++ ``leduc_poker``, ``liars_dice`` and ``hearts`` driven through ``pyspiel`` by the same Python
  loop: the C++ anchors (what a compiled engine costs under the same loop, per step).

**Search.** hexbox's ISMCTS in iterations/s from the first decision of a new game (the game's own defaults, and
the plain search without advice), against OpenSpiel's ``ISMCTSBot`` in Python and in C++ (one random rollout,
4,000 simulations, the first decision of ``leduc_poker``). Our games' worlds are far bigger than Leduc's, so
hexbox's search is also timed on the reference's own game (:mod:`hexbox.bench.leduc`, the same rules, budget
and exploration constant): that ratio compares the searches on the same work.

**Simulation.** ``hexbox simulate``'s loop (:func:`hexbox.sim.runner.run` feeding the running summary, random
agents) against a bare playout loop over the same seeds, which plays the very same games.
"""

from __future__ import annotations

import random
import statistics
import time
from collections.abc import Callable
from typing import Any

from hexbox.agents.ismcts import ISMCTS
from hexbox.core import State, View, load
from hexbox.core.registry import game_info

ISMCTS_ITERS = 1000
OPENSPIEL_SIMULATIONS = 4000
SIMULATE_GAMES = 200  # games per simulate measurement (Voodoo: 2, its random games are ~27,000 actions long)
CPP_GAMES = ("leduc_poker", "liars_dice", "hearts")


def spread(values: list[float]) -> dict[str, float]:
    """min / median / max of one measurement over the rounds."""
    return {"min": min(values), "median": statistics.median(values), "max": max(values)}


# ---- playouts -----------------------------------------------------------------------------------------------

# One playout returns (decision steps, chance steps, ns in decision steps, ns in chance steps).
Playout = Callable[[random.Random], tuple[int, int, int, int]]


def hexbox_playout(name: str, players: int) -> Playout:
    game = load(name, players=players)
    seeds = iter(range(1 << 62))
    clock = time.perf_counter_ns

    def one(rng: random.Random) -> tuple[int, int, int, int]:
        state = game.new_state(seed=next(seeds))
        n = 0
        t = clock()
        while not state.is_over:
            actors = state.actors
            seat = actors[0] if len(actors) == 1 else rng.choice(actors)
            state.apply(seat, rng.choice(state.legal_actions(seat)))
            n += 1
        return n, 0, clock() - t, 0  # every step is a decision: chance is drawn inside apply

    return one


def openspiel_playout(name: str = "python_liars_poker") -> Playout | None:
    """The same loop on an OpenSpiel game, chance steps counted and timed apart; None without open_spiel."""
    try:
        import pyspiel
        if name.startswith("python_"):
            from open_spiel.python import games  # noqa: F401  (registers the Python games)
    except ImportError:
        return None
    game = pyspiel.load_game(name)
    clock = time.perf_counter_ns

    def one(rng: random.Random) -> tuple[int, int, int, int]:
        state = game.new_initial_state()
        decisions = chance = d_ns = c_ns = 0
        while not state.is_terminal():
            t = clock()
            if state.is_chance_node():
                state.apply_action(rng.choice(state.chance_outcomes())[0])
                c_ns += clock() - t
                chance += 1
            else:
                state.apply_action(rng.choice(state.legal_actions()))
                d_ns += clock() - t
                decisions += 1
        return decisions, chance, d_ns, c_ns

    return one


class _Tally:
    """Whole games of one subject, possibly over several slices of time: counts, clock shares and CPU time."""

    __slots__ = ("games", "decisions", "chance", "d_ns", "c_ns", "spent")

    def __init__(self) -> None:
        self.games = self.decisions = self.chance = self.d_ns = self.c_ns = 0
        self.spent = 0.0

    def play(self, one: Playout, seconds: float, rng: random.Random) -> None:
        """Whole games for about ``seconds`` of CPU time (at least one)."""
        start = time.process_time()
        while True:
            d, c, dn, cn = one(rng)
            self.games += 1
            self.decisions, self.chance, self.d_ns, self.c_ns = (self.decisions + d, self.chance + c,
                                                                 self.d_ns + dn, self.c_ns + cn)
            if time.process_time() - start >= seconds:
                break
        self.spent += time.process_time() - start

    def rates(self) -> dict[str, float]:
        # the CPU time of whole games, shared between the two kinds of step as their timed steps shared the clock
        # (a clock read per step is cheap; a CPU-time read per step would cost as much as a step)
        spent = self.spent
        d_share = self.d_ns / max(1, self.d_ns + self.c_ns)
        return {"games_per_s": self.games / spent, "steps_per_s": (self.decisions + self.chance) / spent,
                "decisions_per_s": self.decisions / spent,
                "decision_share": self.decisions / max(1, self.decisions + self.chance),
                "us_per_decision": spent * 1e6 * d_share / max(1, self.decisions),
                "us_per_chance": spent * 1e6 * (1 - d_share) / self.chance if self.chance else 0.0}


def _playouts(one: Playout, seconds: float, rng: random.Random) -> dict[str, float]:
    """Whole games for about ``seconds`` of CPU time: their rates, and the time per step of each kind."""
    tally = _Tally()
    tally.play(one, seconds, rng)
    return tally.rates()


PAIR_SLICES = 10


def _paired(ours: Playout, ref: Playout, seconds: float, rng: random.Random) -> tuple[dict[str, float], float]:
    """A game and the Python reference in alternating slices (``PAIR_SLICES`` each, ``seconds`` in all each): the
    game's rates, and the reference's µs per decision / ours over the same stretch of time.

    On a shared machine the speed of the same code drifts by a third from one second to the next; measured a few
    seconds apart, as the rounds do, that drift is in the ratio (one game's ratio ranged 0.77–1.36 over eight
    rounds). Slices a tenth of a second long see the same machine, and the paired ratio held within ±8%."""
    mine, theirs = _Tally(), _Tally()
    for _ in range(PAIR_SLICES):
        theirs.play(ref, seconds / PAIR_SLICES, rng)
        mine.play(ours, seconds / PAIR_SLICES, rng)
    rates = mine.rates()
    return rates, theirs.rates()["us_per_decision"] / rates["us_per_decision"]


def mid_game_states(name: str, players: int, count: int = 50) -> list[State]:
    game = load(name, players=players)
    rng = random.Random(7)
    out = []
    for seed in range(count):
        state = game.new_state(seed=seed)
        trail = [state.clone()]
        while not state.is_over:
            actors = state.actors
            seat = actors[0] if len(actors) == 1 else rng.choice(actors)
            state.apply(seat, rng.choice(state.legal_actions(seat)))
            trail.append(state.clone())
        out.append(trail[len(trail) // 2])
    return out


def _clones_per_second(states: list[State], seconds: float) -> float:
    n = 0
    start = time.process_time()
    while True:
        for s in states:
            s.clone()
        n += len(states)
        spent = time.process_time() - start
        if spent >= seconds:
            return n / spent


# ---- search -------------------------------------------------------------------------------------------------

# One search returns (CPU seconds, iterations, forward-model calls).
Search = Callable[[], tuple[float, int, int]]

# the generic search without any game's advice: every legal action, uniform random rollouts of up to 200
# actions (ISMCTS's own defaults); what a new game gets for free, and the closest match to OpenSpiel's bot
PLAIN = {"rollout": "200", "policy": "uniform", "eval": "none", "prune": "none"}
VARIANTS = ("ismcts", "ismcts_plain")


def ismcts_search(name: str, players: int, iters: int = ISMCTS_ITERS, plain: bool = False) -> Search:
    """A function timing one ISMCTS search of ``iters`` iterations from the first decision of a new game, with
    the game's own ISMCTS defaults (what ``--agents ismcts`` plays) or, ``plain``, the generic search."""
    game = load(name, players=players)
    seeds = iter(range(1 << 62))

    def one() -> tuple[float, int, int]:
        state = game.new_state(seed=next(seeds))
        seat = state.actors[0]
        agent = ISMCTS.from_params({"iters": str(iters), **(PLAIN if plain else {})}, name)
        view = View.of(state, seat)
        start = time.process_time()
        agent.search(view, random.Random(0))
        return time.process_time() - start, agent.last_iterations, agent.last_calls

    return one


def leduc_search(iters: int = OPENSPIEL_SIMULATIONS) -> Search:
    """hexbox's plain ISMCTS on Leduc poker, set up as the reference is: first decision, uniform rollouts to the end,
    the reference's exploration constant (2.0) and number of simulations."""
    from .leduc import LeducGame

    game = LeducGame()
    seeds = iter(range(1 << 31))

    def one() -> tuple[float, int, int]:
        state = game.new_state(seed=next(seeds))
        agent = ISMCTS(iters=iters, c=2.0, rollout=200, eval="none", prune="none")
        view = View.of(state, 0)
        start = time.process_time()
        agent.search(view, random.Random(0))
        return time.process_time() - start, agent.last_iterations, agent.last_calls

    return one


def openspiel_ismcts(simulations: int = OPENSPIEL_SIMULATIONS, cpp: bool = False) -> Search | None:
    """Timing OpenSpiel's ISMCTSBot (its Python one, or with ``cpp`` its C++ one) at the first decision of
    leduc_poker; None without open_spiel."""
    try:
        import numpy as np
        import pyspiel
        from open_spiel.python.algorithms import ismcts, mcts
    except ImportError:
        return None
    game = pyspiel.load_game("leduc_poker")
    seeds = iter(range(1 << 31))
    per_simulation = _leduc_actions_to_the_end(game, np.random.RandomState(0))

    def one() -> tuple[float, int, int]:
        seed = next(seeds)
        if cpp:
            evaluator = pyspiel.RandomRolloutEvaluator(1, seed)
            bot = pyspiel.ISMCTSBot(seed, evaluator, 2.0, simulations)
        else:
            evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=np.random.RandomState(seed))
            bot = ismcts.ISMCTSBot(game, evaluator, uct_c=2.0, max_simulations=simulations,
                                   random_state=np.random.RandomState(seed))
        state = game.new_initial_state()
        while state.is_chance_node():  # the deal
            outcomes = state.chance_outcomes()
            state.apply_action(outcomes[seed % len(outcomes)][0])
        start = time.process_time()
        bot.step(state) if cpp else bot.run_search(state)
        return time.process_time() - start, simulations, round(simulations * per_simulation)

    return one


def _leduc_actions_to_the_end(game: Any, random_state: Any, playouts: int = 2000) -> float:
    """Actions (chance included) from the first decision of leduc_poker to the end in random play: about what
    one ISMCTSBot simulation applies, descent and rollout together, for comparing forward-model calls."""
    total = 0
    for _ in range(playouts):
        state = game.new_initial_state()
        while state.is_chance_node():
            state.apply_action(state.chance_outcomes()[0][0])
        while not state.is_terminal():
            if state.is_chance_node():
                actions = [a for a, _ in state.chance_outcomes()]
            else:
                actions = state.legal_actions()
            state.apply_action(actions[random_state.randint(len(actions))])
            total += 1
    return total / playouts


def _searches(search: Search, seconds: float) -> tuple[float, float]:
    """(iterations/s, forward-model calls per iteration) over whole searches for about ``seconds`` (at least one)."""
    spent = 0.0
    done = calls = 0
    while True:
        dt, n, c = search()
        spent += dt
        done += n
        calls += c
        if spent >= seconds:
            return done / spent, calls / done


# ---- simulate -----------------------------------------------------------------------------------------------


def simulate_pair(name: str, players: int, games: int) -> tuple[Callable[[int], float], Callable[[int], float]]:
    """(bare, simulate): each plays the same ``games`` games from a first seed and returns its CPU seconds.

    The bare loop is the least a simulation must do: one loaded game, and per game a new state, the random
    choices (from the generator ``hexbox simulate`` gives its agents) and apply. The other is ``hexbox
    simulate``'s own loop with random agents, no --out: the jobs, the runner, the agents, the running summary.
    """
    from hexbox.core import derive_seed
    from hexbox.sim.runner import jobs_for, run
    from hexbox.sim.stats import Summary

    game = load(name, players=players)
    next(run(jobs_for(name, players, ["random"] * players, 1, 0), stats=False))  # the worker's game and agents

    def bare(first: int) -> float:
        start = time.process_time()
        for i in range(first, first + games):
            seed = derive_seed(0, i)
            state = game.new_state(seed=seed)
            rng = random.Random(derive_seed(seed, 1))
            while not state.is_over:
                actors = state.actors
                seat = actors[0] if len(actors) == 1 else rng.choice(actors)
                state.apply(seat, rng.choice(state.legal_actions(seat)))
            state.result  # noqa: B018  (what a summary reads)
        return time.process_time() - start

    def simulate(first: int) -> float:
        plan = jobs_for(name, players, ["random"] * players, first + games, 0)
        start = time.process_time()
        summary = Summary()
        for line in run(plan[first:], stats=False):
            summary.add(line)
        summary.result()
        return time.process_time() - start

    return bare, simulate


# ---- normal bots ---------------------------------------------------------------------------------------------


def normal_games(name: str, players: int) -> Callable[[int, float], dict[str, float]]:
    """``one(first, seconds)``: whole games of the game's normal bot (its heuristic) at every seat, seeds from
    ``first`` on, for at least ``seconds`` of CPU: games/s and decisions/s, what a designer's simulation costs."""
    from hexbox.agents import make_agent

    game = load(name, players=players)

    def one(first: int, seconds: float) -> dict[str, float]:
        done = decisions = 0
        start = time.process_time()
        seed = first
        while True:
            state = game.new_state(seed=seed)
            bot = make_agent("normal", name)
            rng = random.Random(seed)
            while not state.is_over:
                actors = state.actors
                seat = actors[0] if len(actors) == 1 else rng.choice(actors)
                state.apply(seat, bot.act(View.of(state, seat), rng))
                decisions += 1
            done += 1
            seed += 1
            spent = time.process_time() - start
            if spent >= seconds:
                return {"games_per_s": done / spent, "decisions_per_s": decisions / spent}

    return one


# ---- the run ------------------------------------------------------------------------------------------------


def _players(name: str) -> int:
    info = game_info(name)
    return info.default_players or info.min_players


def bench(names: list[str], rounds: int = 5, seconds: float = 1.0, search: bool = True,
          simulate: bool = True, bots: bool = True) -> dict[str, Any]:
    """Every subject measured once per round, in turn; min / median / max over the rounds."""
    rng = random.Random(1)
    playouts: dict[str, Playout] = {name: hexbox_playout(name, _players(name)) for name in names}
    states = {name: mid_game_states(name, _players(name)) for name in names}
    references: dict[str, Playout] = {}
    for ref_name in ("python_liars_poker", *CPP_GAMES):
        ref = openspiel_playout(ref_name)
        if ref is not None:
            references[ref_name] = ref
    searches: dict[tuple[str, str], Search] = {}
    if search:
        for name in names:
            for v in VARIANTS:
                searches[name, v] = ismcts_search(name, _players(name), plain=v == "ismcts_plain")
        for key, make in (("openspiel_python", lambda: openspiel_ismcts()),
                          ("openspiel_cpp", lambda: openspiel_ismcts(cpp=True))):
            found = make()
            if found is not None:
                searches["ref", key] = found
        if ("ref", "openspiel_python") in searches:
            searches["ref", "hexbox_leduc"] = leduc_search()
    sims = {name: simulate_pair(name, _players(name), 2 if name == "voodoo" else SIMULATE_GAMES)
            for name in names} if simulate else {}

    play: dict[str, list[dict[str, float]]] = {n: [] for n in [*names, *references]}
    paired: dict[str, list[float]] = {n: [] for n in names}
    clones: dict[str, list[float]] = {n: [] for n in names}
    found_search: dict[tuple[str, str], list[tuple[float, float]]] = {k: [] for k in searches}
    sim_ratio: dict[str, list[float]] = {n: [] for n in sims}
    normal = {name: normal_games(name, _players(name)) for name in names} if bots else {}
    normal_rates: dict[str, list[dict[str, float]]] = {n: [] for n in normal}
    py_one = references.get("python_liars_poker")
    for r in range(rounds):
        for ref_name, one in references.items():
            play[ref_name].append(_playouts(one, seconds, rng))
        for name in names:
            if py_one is None:
                play[name].append(_playouts(playouts[name], seconds, rng))
            else:
                rates, ratio = _paired(playouts[name], py_one, seconds, rng)
                play[name].append(rates)
                paired[name].append(ratio)
            clones[name].append(_clones_per_second(states[name], seconds / 2))
        for key, one_search in searches.items():
            found_search[key].append(_searches(one_search, seconds))
        for name, (bare, sim) in sims.items():
            first = r * 1000  # other games each round, the same games for both loops
            b = bare(first)
            s = sim(first)
            sim_ratio[name].append(s / b)
        for name, one_bots in normal.items():
            normal_rates[name].append(one_bots(r * 1000, seconds))

    def column(name: str, key: str) -> dict[str, float]:
        return spread([m[key] for m in play[name]])

    from hexbox._build import build

    out: dict[str, Any] = {"rounds": rounds, "seconds_per_round": seconds, "clock": "CPU time, interleaved",
                           "build": build(), "games": {}, "references": {}}
    for ref_name in references:
        out["references"][ref_name] = {
            "engine": "Python" if ref_name.startswith("python_") else "C++",
            **{k: column(ref_name, k) for k in ("games_per_s", "steps_per_s", "decisions_per_s", "us_per_decision",
                                                  "us_per_chance")},
            "decision_share": statistics.median(m["decision_share"] for m in play[ref_name]),
        }
    for name in names:
        us = column(name, "us_per_decision")
        row: dict[str, Any] = {
            "players": _players(name),
            "games_per_s": column(name, "games_per_s"),
            "actions_per_s": column(name, "steps_per_s"),
            "us_per_decision": us,
            "clones_per_s": spread(clones[name]),
        }
        if paired[name]:  # > 1: a decision step of ours costs less than one of the Python reference
            row["ratio_to_python_reference"] = statistics.median(paired[name])
            row["ratio_to_python_reference_spread"] = spread(paired[name])
        for ref_name, ref in out["references"].items():
            if ref["engine"] == "C++":
                row.setdefault("ratio_to_cpp", {})[ref_name] = ref["us_per_decision"]["median"] / us["median"]
        if name in sims:
            row["simulate_overhead"] = spread(sim_ratio[name])
        if name in normal:
            row["normal_games_per_s"] = spread([m["games_per_s"] for m in normal_rates[name]])
            row["normal_decisions_per_s"] = spread([m["decisions_per_s"] for m in normal_rates[name]])
        out["games"][name] = row
    if search:
        _search_report(out, names, found_search)
    return out


def _search_report(out: dict[str, Any], names: list[str],
                   found: dict[tuple[str, str], list[tuple[float, float]]]) -> None:
    def rates(key: tuple[str, str]) -> dict[str, float] | None:
        return spread([r for r, _ in found[key]]) if found.get(key) else None

    def calls(key: tuple[str, str]) -> float:
        return statistics.median(c for _, c in found[key])

    py, cpp = rates(("ref", "openspiel_python")), rates(("ref", "openspiel_cpp"))
    if py:
        out["ismcts_reference"] = {"name": "open_spiel ISMCTSBot (Python), leduc_poker, 1 random rollout",
                                   "simulations": OPENSPIEL_SIMULATIONS, "simulations_per_s": py,
                                   "actions_per_simulation": calls(("ref", "openspiel_python"))}
        same = rates(("ref", "hexbox_leduc"))
        out["ismcts_same_game"] = {"name": "hexbox ISMCTS (plain), the same Leduc poker, budget and c",
                                   "iterations_per_s": same, "ratio_to_reference": same["median"] / py["median"],
                                   "calls_per_iteration": calls(("ref", "hexbox_leduc"))}
    if cpp:
        out["ismcts_cpp_reference"] = {"name": "open_spiel ISMCTSBot (C++), leduc_poker, 1 random rollout",
                                       "simulations": OPENSPIEL_SIMULATIONS, "simulations_per_s": cpp}
        if py:
            out["ismcts_same_game"]["ratio_to_cpp"] = out["ismcts_same_game"]["iterations_per_s"]["median"] / \
                cpp["median"]
    ref_calls = py["median"] * out["ismcts_reference"]["actions_per_simulation"] if py else None
    for name in names:
        row = out["games"][name]
        for variant in VARIANTS:
            rate = rates((name, variant))
            per = calls((name, variant))
            row[f"{variant}_iterations_per_s"] = rate
            row[f"{variant}_calls_per_iteration"] = per
            row[f"{variant}_ratio_to_reference"] = rate["median"] / py["median"] if py else None
            # forward-model calls per second inside the search, against the reference's actions per second
            row[f"{variant}_calls_ratio_to_reference"] = rate["median"] * per / ref_calls if ref_calls else None
