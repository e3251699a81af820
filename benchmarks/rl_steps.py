"""Agent steps per second of hexbox's PettingZoo environments beside PettingZoo's own classic ones, in one run.

    python benchmarks/rl_steps.py [--rounds 5] [--steps 4000] [GAME ...]

A step is one turn of the standard AEC loop — ``last()`` (the observation: observe, encode, mask), a uniform
random choice among the unmasked actions, ``step()`` — the loop a learner runs. Every environment is measured
``--rounds`` times for ``--steps`` steps, interleaved round by round so that drift of the machine hits all alike,
in CPU time (``time.process_time``). It prints min / median / max steps/s and the median's ratio to each
reference: ``connect_four_v3`` and ``texas_holdem_v4`` (rlcard), through the same loop and the same wrappers.
Needs the ``[rl]`` and ``[bench]`` extras.

It also measures the loop's ceiling: ``null``, an environment of the same shapes as hexbox's largest (an
observation of 7,005 numbers and a mask of 4,471 ids) under the same wrapper, which does no work at all — its
observation is a fixed vector, its mask four fixed ids, its step hands the turn on and ends a game every 200
steps. No environment can run faster under this loop, so ``null``'s ratio bounds everybody's: whatever a game
costs is added to the loop's own time per step.
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


def null_env(size: int = 7005, ids: int = 4471, players: int = 4, length: int = 200):
    """The loop's ceiling: an AECEnv that does nothing, wrapped as the others are (see the module's docstring)."""
    from gymnasium import spaces
    from pettingzoo import AECEnv
    from pettingzoo.utils import wrappers

    class Null(AECEnv):
        metadata = {"render_modes": [], "name": "null", "is_parallelizable": False}

        def __init__(self) -> None:
            super().__init__()
            self.possible_agents = [f"seat_{s}" for s in range(players)]
            space = spaces.Dict({"observation": spaces.Box(0.0, 1.0, (size,), np.float32),
                                 "action_mask": spaces.Box(0, 1, (ids,), np.int8)})
            self.observation_spaces = {a: space for a in self.possible_agents}
            self.action_spaces = {a: spaces.Discrete(ids) for a in self.possible_agents}

        def observation_space(self, agent):
            return self.observation_spaces[agent]

        def action_space(self, agent):
            return self.action_spaces[agent]

        def reset(self, seed=None, options=None):
            self.agents = self.possible_agents[:]
            self.rewards = {a: 0.0 for a in self.agents}
            self._cumulative_rewards = {a: 0.0 for a in self.agents}
            self.terminations = {a: False for a in self.agents}
            self.truncations = {a: False for a in self.agents}
            self.infos = {a: {} for a in self.agents}
            self.agent_selection = self.agents[0]
            self.t = 0

        def observe(self, agent):
            observation = np.zeros(size, np.float32)
            observation[[1, 5, 9]] = 1.0
            mask = np.zeros(ids, np.int8)
            mask[[3, 7, 20, 100]] = 1
            return {"observation": observation, "action_mask": mask}

        def step(self, action):
            agent = self.agent_selection
            if self.terminations[agent]:
                self._was_dead_step(action)
                return
            self.t += 1
            self._cumulative_rewards[agent] = 0.0
            if self.t >= length:
                for a in self.agents:
                    self.terminations[a] = True
            self._accumulate_rewards()
            self.agent_selection = self.agents[(self.agents.index(agent) + 1) % len(self.agents)]

    return wrappers.OrderEnforcingWrapper(Null())


def environments(names: list[str]) -> dict[str, object]:
    from pettingzoo.classic import connect_four_v3, texas_holdem_v4

    envs: dict[str, object] = {"connect_four_v3": connect_four_v3.env(), "texas_holdem_v4": texas_holdem_v4.env(),
                               "null (ceiling)": null_env()}
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
