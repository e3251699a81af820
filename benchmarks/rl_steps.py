"""Agent steps per second of hexbox's PettingZoo environments beside PettingZoo's own classic ones, in one run.

    python benchmarks/rl_steps.py [--rounds 5] [--steps 4000] [GAME ...]

A step is one turn of the standard AEC loop — ``last()`` (the observation: observe, encode, mask), a uniform
random choice among the unmasked actions, ``step()`` — the loop a learner runs. Every environment is measured
``--rounds`` times for ``--steps`` steps, interleaved round by round so that drift of the machine hits all alike,
in CPU time (``time.process_time``). It prints min / median / max steps/s and the median's ratio to each
reference: ``connect_four_v3`` and ``texas_holdem_v4`` (rlcard), through the same loop and the same wrappers.
Needs the ``[rl]`` and ``[bench]`` extras.
"""

from __future__ import annotations

import argparse
import statistics
import time

import numpy as np

import hexbox
from hexbox.adapters.pettingzoo import env as hexbox_env
from hexbox.core.registry import game_info


def steps_per_second(env, steps: int, seed: int) -> float:
    rng = np.random.default_rng(seed)
    env.reset(seed=seed)
    done = 0
    start = time.process_time()
    while done < steps:
        for _agent in env.agent_iter():
            obs, _, terminated, truncated, _ = env.last()
            action = None if terminated or truncated else int(rng.choice(np.flatnonzero(obs["action_mask"])))
            env.step(action)
            done += 1
            if done >= steps:
                break
        else:
            env.reset()
    return done / (time.process_time() - start)


def environments(names: list[str]) -> dict[str, object]:
    from pettingzoo.classic import connect_four_v3, texas_holdem_v4

    envs: dict[str, object] = {"connect_four_v3": connect_four_v3.env(), "texas_holdem_v4": texas_holdem_v4.env()}
    for name in names:
        info = game_info(name)
        for players in sorted({info.min_players, info.default_players or info.min_players}):
            # Voodoo's random games run for tens of thousands of free actions (emotes); a learner bounds them
            envs[f"{name} {players}p"] = hexbox_env(name, players=players, max_steps=500)
    return envs


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("games", nargs="*", help="hexbox games (default: all)")
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--steps", type=int, default=4000, help="agent steps per measurement")
    args = parser.parse_args()
    envs = environments(args.games or hexbox.games())
    results: dict[str, list[float]] = {name: [] for name in envs}
    for r in range(args.rounds):
        for name, env in envs.items():
            results[name].append(steps_per_second(env, args.steps, seed=r))
    refs = {ref: statistics.median(results[ref]) for ref in ("connect_four_v3", "texas_holdem_v4")}
    print(f"agent steps/s, CPU time, {args.rounds} interleaved rounds of {args.steps} steps")
    print(f"{'environment':<18} {'min':>8} {'median':>8} {'max':>8}  {'× connect four':>14} {'× texas holdem':>14}")
    for name, xs in results.items():
        med = statistics.median(xs)
        print(f"{name:<18} {min(xs):>8,.0f} {med:>8,.0f} {max(xs):>8,.0f}  "
              f"{med / refs['connect_four_v3']:>13.2f}× {med / refs['texas_holdem_v4']:>13.2f}×")


if __name__ == "__main__":
    main()
