"""The Game/State contract that every game implements (DESIGN §2)."""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, ClassVar

from .actions import JSON, Action, ActionSpace, Event
from .errors import IllegalAction
from .rng import Rng


@dataclass(frozen=True)
class Result:
    """How a game ended: who won, each seat's score, and why in words."""

    winners: frozenset[int]
    scores: dict[int, float] = field(default_factory=dict)
    reason: str = ""

    def to_json(self) -> JSON:
        return {
            "winners": sorted(self.winners),
            "scores": {str(k): v for k, v in sorted(self.scores.items())},
            "reason": self.reason,
        }


class Game:
    """A game set up for a number of players and options; makes states and knows the action encoding."""

    name: ClassVar[str] = ""
    action_space: ClassVar[ActionSpace]

    def __init__(self, players: int, options: Mapping[str, Any]):
        self.players = players
        self.options = dict(options)

    def new_state(self, seed: int) -> State:
        raise NotImplementedError

    def parse_action(self, obj: Any) -> Action:
        return self.action_space.parse(obj)

    def action_id(self, action: Action) -> int:
        return self.action_space.id(action)

    def action_from_id(self, i: int) -> Action:
        return self.action_space.action(i)

    @property
    def num_action_ids(self) -> int:
        return len(self.action_space)

    def __repr__(self) -> str:
        opts = "".join(f", {k}={v!r}" for k, v in self.options.items())
        return f"hexbox.load({self.name!r}, players={self.players}{opts})"


class State:
    """One position of a game. Subclasses define the methods below; see DESIGN §2 for the contract."""

    __slots__ = ("game", "rng")

    game: Game
    rng: Rng

    @property
    def actors(self) -> tuple[int, ...]:
        raise NotImplementedError

    def legal_actions(self, seat: int) -> list[Action]:
        raise NotImplementedError

    def default_action(self, seat: int) -> Action:
        raise NotImplementedError

    def apply(self, seat: int, action: Action) -> list[Event]:
        raise NotImplementedError

    def observe(self, seat: int | None) -> JSON:
        raise NotImplementedError

    # Every game keeps its outcome in a slot `_result` (None while the game goes on); a game may also keep
    # `is_over` as a plain attribute of its own when a hot loop reads it.
    @property
    def is_over(self) -> bool:
        return self._result is not None  # type: ignore[attr-defined]

    @property
    def result(self) -> Result | None:
        return self._result  # type: ignore[attr-defined]

    def clone(self) -> State:
        raise NotImplementedError

    def resample(self, seat: int, rng: random.Random) -> State:
        raise NotImplementedError

    # helpers shared by the games -------------------------------------------------------------------

    def check_actor(self, seat: int) -> None:
        """Refuse an action from a seat that may not act now."""
        if self.is_over:
            raise IllegalAction("the game is over")
        if seat not in self.actors:
            raise IllegalAction(f"seat {seat} may not act now (waiting for {_seats(self.actors)})")

    def legal_action_ids(self, seat: int) -> list[int]:
        ids = self.game.action_space.ids
        return [ids[a] for a in self.legal_actions(seat)]

    def reseeded(self, rng: random.Random) -> Rng:
        """A fresh generator for a resampled world: it must not know the real future draws."""
        return Rng(rng.getrandbits(64))


def _seats(seats: tuple[int, ...]) -> str:
    if not seats:
        return "nobody"
    return "seat " + ", ".join(str(s) for s in seats) if len(seats) == 1 else "seats " + ", ".join(map(str, seats))
