"""Speed measured, never asserted: random playouts and clone() per game, and a reference measured in the same run.

The reference is OpenSpiel's pure-Python ``python_liars_poker`` (with the ``[bench]`` extra): the same loop of
legal actions, a uniform random choice and apply, so the ratio compares engines, not machines.

Search speed: hexbox's ISMCTS in iterations/s from the first decision of a new game (a fixed number of
iterations), and OpenSpiel's Python ``ISMCTSBot`` (one-rollout ``RandomRolloutEvaluator``, 4,000 simulations,
first decision of ``leduc_poker``) in simulations/s, measured in the same run. Our games' worlds are far bigger
than Leduc's, so hexbox's search is also timed on the reference's own game (:mod:`hexbox.bench.leduc`, the same
rules, budget and exploration constant): that ratio compares the two searches on the same work.
"""

from __future__ import annotations

import random
import statistics
import time
from typing import Any

from hexbox.agents.ismcts import ISMCTS
from hexbox.core import State, View, load
from hexbox.core.registry import game_info


def _playouts(new_game, seconds: float, rng: random.Random) -> tuple[float, float]:
    """(games/s, actions/s) of uniform random playouts for about ``seconds``."""
    games = actions = 0
    start = time.perf_counter()
    deadline = start + seconds
    while time.perf_counter() < deadline:
        a, _ = new_game(rng)
        actions += a
        games += 1
    elapsed = time.perf_counter() - start
    return games / elapsed, actions / elapsed


def hexbox_playout(name: str, players: int):
    game = load(name, players=players)
    seeds = iter(range(1 << 62))

    def one(rng: random.Random) -> tuple[int, State]:
        state = game.new_state(seed=next(seeds))
        n = 0
        while not state.is_over:
            actors = state.actors
            seat = actors[0] if len(actors) == 1 else rng.choice(actors)
            state.apply(seat, rng.choice(state.legal_actions(seat)))
            n += 1
        return n, state

    return one


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
    start = time.perf_counter()
    deadline = start + seconds
    while time.perf_counter() < deadline:
        for s in states:
            s.clone()
        n += len(states)
    return n / (time.perf_counter() - start)


def openspiel_playout():
    """None when open_spiel is not installed."""
    try:
        import pyspiel
        from open_spiel.python.games import liars_poker  # noqa: F401  (registers python_liars_poker)
    except ImportError:
        return None
    game = pyspiel.load_game("python_liars_poker")

    def one(rng: random.Random) -> tuple[int, None]:
        state = game.new_initial_state()
        n = 0
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                state.apply_action(rng.choice(outcomes)[0])
            else:
                state.apply_action(rng.choice(state.legal_actions()))
            n += 1
        return n, None

    return one


ISMCTS_ITERS = 1000
OPENSPIEL_SIMULATIONS = 4000


# the generic search without any game's advice: every legal action, uniform random rollouts of up to 200
# actions (ISMCTS's own defaults); what a new game gets for free, and the closest match to OpenSpiel's bot
PLAIN = {"rollout": "200", "policy": "uniform", "eval": "none", "prune": "none"}
VARIANTS = ("ismcts", "ismcts_plain")


def ismcts_search(name: str, players: int, iters: int = ISMCTS_ITERS, plain: bool = False):
    """A function timing one ISMCTS search of ``iters`` iterations from the first decision of a new game, with
    the game's own ISMCTS defaults (what ``--agents ismcts`` plays) or, ``plain``, the generic search."""
    game = load(name, players=players)
    seeds = iter(range(1 << 62))

    def one() -> tuple[float, int, int]:
        state = game.new_state(seed=next(seeds))
        seat = state.actors[0]
        agent = ISMCTS.from_params({"iters": str(iters), **(PLAIN if plain else {})}, name)
        view = View.of(state, seat)
        start = time.perf_counter()
        agent.search(view, random.Random(0))
        return time.perf_counter() - start, agent.last_iterations, agent.last_calls

    return one


def leduc_search(iters: int = OPENSPIEL_SIMULATIONS):
    """hexbox's plain ISMCTS on Leduc poker, set up as the reference is: first decision, uniform rollouts to the end,
    the reference's exploration constant (2.0) and number of simulations."""
    from .leduc import LeducGame

    game = LeducGame()
    seeds = iter(range(1 << 31))

    def one() -> tuple[float, int, int]:
        state = game.new_state(seed=next(seeds))
        agent = ISMCTS(iters=iters, c=2.0, rollout=200, eval="none", prune="none")
        view = View.of(state, 0)
        start = time.perf_counter()
        agent.search(view, random.Random(0))
        return time.perf_counter() - start, agent.last_iterations, agent.last_calls

    return one


def openspiel_ismcts(simulations: int = OPENSPIEL_SIMULATIONS):
    """Timing OpenSpiel's Python ISMCTSBot at the first decision of leduc_poker; None without open_spiel."""
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
        evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=np.random.RandomState(seed))
        bot = ismcts.ISMCTSBot(game, evaluator, uct_c=2.0, max_simulations=simulations,
                               random_state=np.random.RandomState(seed))
        state = game.new_initial_state()
        while state.is_chance_node():  # the deal
            outcomes = state.chance_outcomes()
            state.apply_action(outcomes[seed % len(outcomes)][0])
        start = time.perf_counter()
        bot.run_search(state)
        return time.perf_counter() - start, simulations, round(simulations * per_simulation)

    return one


def _leduc_actions_to_the_end(game, random_state, playouts: int = 2000) -> float:
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


def _searches(search, seconds: float) -> tuple[float, float]:
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


def bench(names: list[str], rounds: int = 5, seconds: float = 1.0, search: bool = True) -> dict[str, Any]:
    """Medians over ``rounds`` rounds, interleaving the games and the reference so drift hits all alike."""
    rng = random.Random(1)
    runners = {}
    for name in names:
        players = game_info(name).default_players or game_info(name).min_players
        runners[name] = (players, hexbox_playout(name, players), mid_game_states(name, players))
    reference = openspiel_playout()
    searches = {(name, v): ismcts_search(name, runners[name][0], plain=v == "ismcts_plain")
                for name in names for v in VARIANTS} if search else {}
    ref_search = openspiel_ismcts() if search else None
    same_game = leduc_search() if ref_search is not None else None
    samples: dict[str, dict[str, list[float]]] = {n: {"games": [], "actions": [], "clones": [], "ismcts": [],
                                                  "ismcts_calls": [], "ismcts_plain": [], "ismcts_plain_calls": []}
                                                  for n in names}
    ref: dict[str, list[float]] = {"games": [], "actions": [], "ismcts": [], "ismcts_calls": [], "leduc": [],
                                   "leduc_calls": []}
    for _ in range(rounds):
        if reference is not None:
            g, a = _playouts(reference, seconds, rng)
            ref["games"].append(g)
            ref["actions"].append(a)
        for name, (_, playout, states) in runners.items():
            g, a = _playouts(playout, seconds, rng)
            samples[name]["games"].append(g)
            samples[name]["actions"].append(a)
            samples[name]["clones"].append(_clones_per_second(states, seconds / 2))
            for variant in VARIANTS:
                if (name, variant) in searches:
                    rate, per = _searches(searches[name, variant], seconds)
                    samples[name][variant].append(rate)
                    samples[name][variant + "_calls"].append(per)
        if ref_search is not None:
            rate, per = _searches(ref_search, seconds)
            ref["ismcts"].append(rate)
            ref["ismcts_calls"].append(per)
            rate, per = _searches(same_game, seconds)
            ref["leduc"].append(rate)
            ref["leduc_calls"].append(per)
    out: dict[str, Any] = {"rounds": rounds, "seconds_per_round": seconds, "games": {}}
    ref_actions = statistics.median(ref["actions"]) if ref["actions"] else None
    if ref_actions:
        out["reference"] = {"name": "open_spiel python_liars_poker",
                            "games_per_s": statistics.median(ref["games"]), "actions_per_s": ref_actions}
    ref_ismcts = statistics.median(ref["ismcts"]) if ref["ismcts"] else None
    if ref_ismcts:
        out["ismcts_reference"] = {"name": "open_spiel ISMCTSBot (Python), leduc_poker, 1 random rollout",
                                   "simulations": OPENSPIEL_SIMULATIONS, "simulations_per_s": ref_ismcts,
                                   "actions_per_simulation": statistics.median(ref["ismcts_calls"])}
        same = statistics.median(ref["leduc"])
        out["ismcts_same_game"] = {"name": "hexbox ISMCTS (plain), the same Leduc poker, budget and c",
                                   "iterations_per_s": same, "ratio_to_reference": same / ref_ismcts,
                                   "calls_per_iteration": statistics.median(ref["leduc_calls"])}
    for name, (players, _, _) in runners.items():
        s = samples[name]
        actions = statistics.median(s["actions"])
        ref_calls = ref_ismcts * out["ismcts_reference"]["actions_per_simulation"] if ref_ismcts else None
        out["games"][name] = {
            "players": players,
            "games_per_s": statistics.median(s["games"]),
            "actions_per_s": actions,
            "clones_per_s": statistics.median(s["clones"]),
            "ratio_to_reference": actions / ref_actions if ref_actions else None,
        }
        for variant in VARIANTS:
            rate = statistics.median(s[variant]) if s[variant] else None
            calls = statistics.median(s[variant + "_calls"]) if s[variant + "_calls"] else None
            out["games"][name].update({
                f"{variant}_iterations_per_s": rate,
                f"{variant}_ratio_to_reference": rate / ref_ismcts if rate and ref_ismcts else None,
                f"{variant}_calls_per_iteration": calls,
                # forward-model calls per second inside the search, against the reference's actions per second
                f"{variant}_calls_ratio_to_reference": rate * calls / ref_calls if rate and ref_calls else None,
            })
    return out
