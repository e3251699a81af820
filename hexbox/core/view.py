"""What an agent is given: its seat, its observation, its legal actions, and a way to sample worlds."""

from __future__ import annotations

import random
from collections.abc import Callable
from functools import partial
from typing import Any

from .actions import JSON, Action
from .game import Game, State


class View:
    """One seat's view of a game at one moment; agents see this, never the state.

    ``observation`` and ``legal_actions`` may be given as values or as functions of no arguments, called on first
    use: a random agent never reads the observation, and building it would cost more than its whole decision.
    A View built with :meth:`of` is therefore valid until its state moves on; use it before applying an action.
    """

    __slots__ = ("seat", "game", "_observation", "_legal_actions", "_sampler")

    def __init__(self, seat: int, observation: JSON | Callable[[], JSON],
                 legal_actions: list[Action] | Callable[[], list[Action]], game: Game,
                 sampler: Callable[[random.Random], State]):
        self.seat = seat
        self.game = game
        self._observation: Any = observation
        self._legal_actions: Any = legal_actions
        self._sampler = sampler

    @property
    def observation(self) -> JSON:
        if callable(self._observation):
            self._observation = self._observation()
        return self._observation

    @property
    def legal_actions(self) -> list[Action]:
        if callable(self._legal_actions):
            self._legal_actions = self._legal_actions()
        return self._legal_actions

    def sample(self, rng: random.Random) -> State:
        """A full state consistent with this seat's observation; hidden parts re-dealt from ``rng``."""
        return self._sampler(rng)

    @classmethod
    def of(cls, state: State, seat: int) -> View:
        return cls(seat, partial(state.observe, seat), partial(state.legal_actions, seat), state.game,
                   partial(state.resample, seat))

    def __repr__(self) -> str:
        return f"View(seat={self.seat}, game={self.game!r})"
