"""Every hexbox game as a PettingZoo ``AECEnv`` (docs/learning.md).

    from hexbox.adapters.pettingzoo import env
    e = env("prowl", players=3)
    e.reset(seed=7)
    for agent in e.agent_iter():
        obs, reward, terminated, truncated, info = e.last()
        action = None if terminated or truncated else pick(obs["observation"], obs["action_mask"])
        e.step(action)

Agents are ``seat_0`` … ``seat_{N-1}``. An observation is ``{"observation": float32 vector in [0, 1],
"action_mask": int8 vector over the game's fixed action ids}``; the vector is the game's encoder applied to
``observe(seat)``, so it holds what that seat knows and nothing more. Where several seats may act at once (a
bidding window, a night, an ambush), they are served one after another, the lowest seat first; each choice is
applied as the game applies it, so a sealed declaration stays sealed until the window closes. Rewards come only
at the end (``reward="win"``: +1 a winner, -1 the others; ``reward="score"``: the game's scores).
"""

from __future__ import annotations

import io
import random
from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers

from hexbox.core.registry import game_info, load

from . import check_reward, next_seat, rewards


def env(game: str, players: int | None = None, **kwargs: Any) -> AECEnv:
    """The game as an AECEnv, wrapped as PettingZoo's own environments are (order of calls enforced)."""
    return wrappers.OrderEnforcingWrapper(raw_env(game, players, **kwargs))


class raw_env(AECEnv):  # noqa: N801  (PettingZoo's name for the unwrapped environment)
    """One hexbox game. ``render_mode="ansi"`` draws the table as a spectator sees it (no secrets); ``reward``
    is ``"win"`` or ``"score"``; ``max_steps`` truncates a game after that many actions (None: never); every
    other keyword is one of the game's options (``hexbox games``)."""

    metadata = {"render_modes": ["ansi"], "is_parallelizable": False}

    def __init__(self, game: str, players: int | None = None, render_mode: str | None = None,
                 reward: str = "win", max_steps: int | None = None, **options: Any):
        super().__init__()
        if render_mode not in (None, "ansi"):
            raise ValueError(f"render_mode must be None or 'ansi', not {render_mode!r}")
        self.game = load(game, players, **options)
        info = game_info(game)
        self.encoder = info.need("encoder", "the PettingZoo adapter")(self.game)
        self._render = info.hook("render")
        self.render_mode = render_mode
        self.reward_kind = check_reward(reward)
        self.max_steps = max_steps
        self.metadata = {**self.metadata, "name": f"hexbox_{game}_v0"}
        n = self.game.players
        self.possible_agents = [f"seat_{s}" for s in range(n)]
        self._seat = {a: s for s, a in enumerate(self.possible_agents)}
        ids = self.game.num_action_ids
        self.observation_spaces = {a: spaces.Dict({
            "observation": spaces.Box(0.0, 1.0, (self.encoder.size,), np.float32),
            "action_mask": spaces.Box(0, 1, (ids,), np.int8),
        }) for a in self.possible_agents}
        self.action_spaces = {a: spaces.Discrete(ids) for a in self.possible_agents}
        self._seeds = random.Random()
        self.state = None

    def observation_space(self, agent: str) -> spaces.Space:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space:
        return self.action_spaces[agent]

    # ---- the AEC cycle ------------------------------------------------------------------------------------

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        # seed=N deals game N of the hexbox game itself; later resets without a seed go on from it, repeatably
        if seed is not None:
            self._seeds = random.Random(seed)
            game_seed = seed
        else:
            game_seed = self._seeds.randrange(1 << 31)
        self.state = self.game.new_state(game_seed)
        self.steps = 0
        self.agents = self.possible_agents[:]
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos = {a: {} for a in self.agents}
        self.agent_selection = self.possible_agents[next_seat(self.state.actors)]

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        seat = self._seat[agent]
        state = self.state
        vec = self.encoder.sparse(state.observe(seat))
        observation = np.zeros(self.encoder.size, np.float32)
        observation[vec.index] = vec.value
        mask = np.zeros(self.game.num_action_ids, np.int8)
        if not state.is_over and seat in state.actors:
            mask[state.legal_action_ids(seat)] = 1
        return {"observation": observation, "action_mask": mask}

    def step(self, action: Any) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        seat = self._seat[agent]
        # the game checks the action (IllegalAction with a reason, nothing changed) before anything is counted
        self.state.apply(seat, self.game.action_from_id(_action_id(action)))
        self.steps += 1
        self._cumulative_rewards[agent] = 0.0
        if self.state.is_over:
            earned = rewards(self.state.result, self.game.players, self.reward_kind)
            for a, r in zip(self.possible_agents, earned):
                self.rewards[a] = r
                self.terminations[a] = True
        elif self.max_steps is not None and self.steps >= self.max_steps:
            for a in self.agents:
                self.truncations[a] = True
        self._accumulate_rewards()
        if self.state.is_over or self.truncations[agent]:
            self.agent_selection = self.agents[0]  # now every agent steps once with None to leave, in seat order
        else:
            self.agent_selection = self.possible_agents[next_seat(self.state.actors)]

    def render(self) -> str | None:
        if self.render_mode is None:
            return None
        if self.state is None:
            return "(no game yet: call reset)"
        text = self._render(self.state.observe(None)) if self._render else str(self.state.observe(None))
        from rich.console import Console

        out = io.StringIO()
        Console(file=out, force_terminal=True, width=100, color_system="standard", highlight=False).print(text)
        return out.getvalue()

    def close(self) -> None:
        pass


def _action_id(action: Any) -> int:
    # numpy integers are what policies hand over; a bool or a float is a mistake, not an id
    if isinstance(action, bool | float) or not isinstance(action, int | np.integer):
        raise ValueError(f"an action is an integer action id, not {action!r}")
    return int(action)
