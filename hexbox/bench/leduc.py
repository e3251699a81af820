"""Leduc poker on hexbox's Game/State contract: the game OpenSpiel's ISMCTS is timed on, so that hexbox's search
can be timed on the very same game in the same run (``hexbox bench``).

The rules are OpenSpiel's ``leduc_poker`` for two players (checked against it in tests/test_bench_leduc.py):
six cards, J J Q Q K K (card c has rank c // 2); each player antes 1 and gets one private card; two betting
rounds, player 0 first in each, bets of 2 then 4, at most two raises a round; fold only facing a bet; after
the first round one public card is turned up. A pair with the public card wins, else the higher card; equal
ranks split the pot. Not one of hexbox's games: it is not registered and has no rulebook.
"""

from __future__ import annotations

import dataclasses
import random
from typing import Any

from hexbox.core import Action, ActionSpace, Event, Game, Result, Rng, State, rules


@dataclasses.dataclass(frozen=True, slots=True)
class Fold(Action):
    kind = "fold"

    def __str__(self) -> str:
        return "fold"


@dataclasses.dataclass(frozen=True, slots=True)
class Call(Action):
    kind = "call"

    def __str__(self) -> str:
        return "call (or check)"


@dataclasses.dataclass(frozen=True, slots=True)
class Raise(Action):
    kind = "raise"

    def __str__(self) -> str:
        return "raise (or bet)"


FOLD, CALL, RAISE = Fold(), Call(), Raise()
BET = (2, 4)  # the bet of each round
RANKS = "JQK"


class LeducGame(Game):
    name = "leduc"
    action_space = ActionSpace([FOLD, CALL, RAISE])

    def __init__(self) -> None:
        super().__init__(2, {})

    def new_state(self, seed: int) -> LeducState:
        return LeducState.deal(self, seed)


class LeducState(State):
    __slots__ = ("cards", "public", "round", "raises", "in_pot", "turn", "acted", "history")

    @classmethod
    def deal(cls, game: LeducGame, seed: int) -> LeducState:
        self = cls.__new__(cls)
        self.game, self.rng = game, Rng(seed)
        deck = list(range(6))
        self.rng.shuffle(deck)
        self.cards = deck[:2]
        self.public = deck[2]  # dealt now, seen only when the second round starts
        self.round, self.raises, self.in_pot, self.turn, self.acted = 0, 0, [1, 1], 0, 0
        self.history: list[list[str]] = [[], []]
        self._result, self.is_over, self.actors = None, False, (0,)
        return self

    @property
    def phase_name(self) -> str:
        return "over" if self._result is not None else ("first round", "second round")[self.round]

    def _legal_actions(self, seat: int) -> list[Action]:
        if self._result is not None or seat != self.turn:
            return []
        out: list[Action] = [FOLD] if self.in_pot[seat] < self.in_pot[1 - seat] else []
        out.append(CALL)
        if self.raises < 2:
            out.append(RAISE)
        return out

    def _default_action(self, seat: int) -> Action:
        return CALL

    def _bet(self, seat: int, action: Action) -> list[Event]:
        other = 1 - seat
        self.history[self.round].append(action.kind)
        if action is FOLD:
            self._end((other,), "fold")
            return [Event("fold", {"seat": seat})]
        self.acted += 1
        if action is RAISE:
            self.in_pot[seat] = self.in_pot[other] + BET[self.round]
            self.raises += 1
        else:
            self.in_pot[seat] = self.in_pot[other]
        if action is CALL and self.acted >= 2:  # the bets are level and both have spoken: the round is over
            if self.round == 1:
                self._showdown()
                return [Event("showdown", {"cards": self.cards, "public": self.public})]
            self.round, self.raises, self.acted, self.turn = 1, 0, 0, 0
            self.actors = (0,)
            return [Event("public_card", {"card": self.public})]
        self.turn = other
        self.actors = (other,)
        return [Event(action.kind, {"seat": seat})]

    def _showdown(self) -> None:
        def strength(c: int) -> tuple[bool, int]:
            return c // 2 == self.public // 2, c // 2

        a, b = strength(self.cards[0]), strength(self.cards[1])
        self._end((0,) if a > b else (1,) if b > a else (0, 1), "showdown")

    def _end(self, winners: tuple[int, ...], reason: str) -> None:
        pot = sum(self.in_pot)
        scores = {s: (pot / len(winners) if s in winners else 0) - self.in_pot[s] for s in (0, 1)}
        self.finish(Result(frozenset(winners), scores, reason, reason))

    # every kind is checked against the legal list, and one handler plays them all
    RULES = rules({Fold: _bet, Call: _bet, Raise: _bet})

    def _public(self) -> dict[str, Any]:
        over = self._result is not None
        return {
            "public_card": RANKS[self.public // 2] if self.round == 1 or over else None,
            "in_pot": list(self.in_pot),
            "history": [h[:] for h in self.history],
            "cards": [RANKS[c // 2] for c in self.cards] if over else None,
        }

    def _private(self, seat: int) -> dict[str, Any]:
        return {"card": RANKS[self.cards[seat] // 2]}

    def clone(self) -> LeducState:
        c = LeducState.__new__(LeducState)
        c.game, c.rng = self.game, self.rng.clone()
        c.cards, c.public, c.round, c.raises = self.cards[:], self.public, self.round, self.raises
        c.in_pot, c.turn, c.acted = self.in_pot[:], self.turn, self.acted
        c.history, c._result = [self.history[0][:], self.history[1][:]], self._result
        c.is_over, c.actors = self.is_over, self.actors
        return c

    def _resample(self, seat: int, rng: random.Random) -> LeducState:
        """The other player's card, and the public card while it is face down, re-dealt from the rest."""
        world = self.clone()
        if self._result is not None:
            return world
        mine = self.cards[seat]
        rest = [c for c in range(6) if c != mine and (self.round == 0 or c != self.public)]
        world.cards[1 - seat] = rest.pop(rng.randrange(len(rest)))
        if self.round == 0:
            world.public = rest[rng.randrange(len(rest))]
        return world
