"""Speed measured, never asserted: random playouts and clone() per game, and a reference measured in the same run.

The reference is OpenSpiel's pure-Python ``python_liars_poker`` (with the ``[bench]`` extra): the same loop of
legal actions, a uniform random choice and apply, so the ratio compares engines, not machines.
"""

from __future__ import annotations

import random
import statistics
import time
from typing import Any

from hexbox.core import State, load
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


def bench(names: list[str], rounds: int = 5, seconds: float = 1.0) -> dict[str, Any]:
    """Medians over ``rounds`` rounds, interleaving the games and the reference so drift hits all alike."""
    rng = random.Random(1)
    runners = {}
    for name in names:
        players = game_info(name).default_players or game_info(name).min_players
        runners[name] = (players, hexbox_playout(name, players), mid_game_states(name, players))
    reference = openspiel_playout()
    samples: dict[str, dict[str, list[float]]] = {n: {"games": [], "actions": [], "clones": []} for n in names}
    ref: dict[str, list[float]] = {"games": [], "actions": []}
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
    out: dict[str, Any] = {"rounds": rounds, "seconds_per_round": seconds, "games": {}}
    ref_actions = statistics.median(ref["actions"]) if ref["actions"] else None
    if ref_actions:
        out["reference"] = {"name": "open_spiel python_liars_poker",
                            "games_per_s": statistics.median(ref["games"]), "actions_per_s": ref_actions}
    for name, (players, _, _) in runners.items():
        s = samples[name]
        actions = statistics.median(s["actions"])
        out["games"][name] = {
            "players": players,
            "games_per_s": statistics.median(s["games"]),
            "actions_per_s": actions,
            "clones_per_s": statistics.median(s["clones"]),
            "ratio_to_reference": actions / ref_actions if ref_actions else None,
        }
    return out
