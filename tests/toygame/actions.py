"""Hunch's actions and their fixed encoding: 15 guesses (3 targets x 5 cards), then pass."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from hexbox.core import Action, ActionSpace

from .cards import CARDS

MAX_SEATS = 3


@dataclass(frozen=True, slots=True)
class Guess(Action):
    kind: ClassVar[str] = "guess"
    target: int
    card: str

    def __str__(self) -> str:
        return f"say seat {self.target} holds the {self.card}"


@dataclass(frozen=True, slots=True)
class Pass(Action):
    kind: ClassVar[str] = "pass"

    def __str__(self) -> str:
        return "pass"


GUESS = [[Guess(t, c.id) for c in CARDS] for t in range(MAX_SEATS)]  # [target][card]: ids 0..14
PASS = Pass()  # 15
SPACE = ActionSpace([*(g for row in GUESS for g in row), PASS])
