"""The types of a Hunch observation's two halves."""

from __future__ import annotations

from typing import Literal

from hexbox.core.schema import Struct

from .cards import CARDS

CardId = Literal[tuple(c.id for c in CARDS)]  # type: ignore[valid-type]


class Miss(Struct):
    seat: int  # the seat named
    card: CardId  # the card it was wrongly said to hold


class Public(Struct):
    turn: int  # turns begun
    active: int  # the seat whose turn it is
    rounds: int  # rounds before the highest card wins (R5)
    misses: list[Miss]  # named wrongly: that seat does not hold that card (R4)
    hands: list[CardId] | None  # every seat's card, once the game is over; None before


class Private(Struct):
    card: CardId  # the seat's own card


TYPES = (Public, Private)
