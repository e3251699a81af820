"""Hunch's table and positions (the leaf of the game): the deal (R1), whose turn it is, the end (R5).

R1: each player is dealt one of the five number cards, face down; the rest stay in the box.
R2: the first player is drawn; turns pass to the left.
R3: on your turn, name another player's card, or pass.
R4: a right guess wins at once; a wrong one is told to everybody.
R5: when every player has taken `rounds` turns, the highest card wins.
"""

from __future__ import annotations

import random
from typing import Any

from hexbox.core import Game, Rng, State, next_seat

from . import actions as A
from .cards import CARDS

PLAYING, OVER = "playing", "over"


class HunchGame(Game):
    name = "hunch"
    action_space = A.SPACE

    def __init__(self, players: int, options: dict[str, Any]):
        super().__init__(players, options)
        self.rounds: int = options["rounds"]

    def new_state(self, seed: int) -> HunchState:
        return HunchState.setup(self, seed)


class HunchState(State):
    __slots__ = ("n", "hand", "active", "turns", "misses", "phase")

    game: HunchGame

    @classmethod
    def setup(cls, game: HunchGame, seed: int) -> HunchState:
        self = cls.__new__(cls)
        self.game, self.rng, self.n = game, Rng(seed), game.players
        self.hand = self.rng.sample(range(len(CARDS)), self.n)  # R1
        self.active = self.rng.randrange(self.n)  # R2
        self.turns = 1
        self.misses: tuple[tuple[int, int], ...] = ()  # (seat, card) named wrongly: public (R4)
        self.phase = PLAYING
        self._result, self.is_over, self.actors = None, False, (self.active,)
        return self

    def clone(self) -> HunchState:
        c = HunchState.__new__(HunchState)
        c.game, c.rng, c.n, c.hand, c.active = self.game, self.rng.clone(), self.n, self.hand[:], self.active
        c.turns, c.misses, c.phase = self.turns, self.misses, self.phase
        c._result, c.is_over, c.actors = self._result, self.is_over, self.actors
        return c

    @property
    def phase_name(self) -> str:
        return self.phase

    def next_turn(self) -> None:
        self.active = next_seat(self.active, self.n)
        self.turns += 1
        self.actors = (self.active,)

    def _legal_actions(self, seat: int) -> list[A.Action]:
        if seat != self.active or self.is_over:
            return []
        out = [g for t in range(self.n) if t != seat for g in A.GUESS[t]]  # R3: another player's card
        out.append(A.PASS)
        return out

    def _default_action(self, seat: int) -> A.Action:
        return A.PASS

    def _resample(self, seat: int, rng: random.Random) -> HunchState:
        """The other hands dealt again from the cards ``seat`` has not seen, avoiding every public miss."""
        world = self.clone()
        world.rng = self.reseeded(rng)
        if self._result is None:
            others = [s for s in range(self.n) if s != seat]
            unseen = [c for c in range(len(CARDS)) if c != self.hand[seat]]
            while True:
                dealt = rng.sample(unseen, len(others))
                if all((s, c) not in self.misses for s, c in zip(others, dealt)):
                    break
            for s, c in zip(others, dealt):
                world.hand[s] = c
        return world
