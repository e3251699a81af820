"""What an agent is given: its seat, its observation, its legal actions, and a way to sample worlds."""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass

from .actions import JSON, Action
from .game import Game, State


@dataclass(frozen=True)
class View:
    seat: int
    observation: JSON
    legal_actions: list[Action]
    game: Game
    _sampler: Callable[[random.Random], State]

    def sample(self, rng: random.Random) -> State:
        """A full state consistent with this seat's observation; hidden parts re-dealt from ``rng``."""
        return self._sampler(rng)

    @classmethod
    def of(cls, state: State, seat: int) -> View:
        return cls(seat, state.observe(seat), state.legal_actions(seat), state.game,
                   lambda rng: state.resample(seat, rng))
