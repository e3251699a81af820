"""Werebeasts actions and their fixed encoding (docs/games/werebeasts.md): 303 ids, the same for every player
count."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from hexbox.core import Action, ActionSpace

from .cards import CARDS

MAX_SEATS = 10
GOALS = len(CARDS.goals)
MAX_CANS = CARDS.cans_total


@dataclass(frozen=True, slots=True)
class Accuse(Action):
    kind: ClassVar[str] = "accuse"
    target: int
    goal: str

    def __str__(self) -> str:
        name = next(g.name for g in CARDS.goals if g.id == self.goal)
        return f"accuse seat {self.target} of collecting {name}"


@dataclass(frozen=True, slots=True)
class Sell(Action):
    kind: ClassVar[str] = "sell"

    def __str__(self) -> str:
        return "sell the top card"


@dataclass(frozen=True, slots=True)
class Take(Action):
    kind: ClassVar[str] = "take"
    pile: str  # "cards" | "cans"

    def __str__(self) -> str:
        return f"take the {self.pile}"


@dataclass(frozen=True, slots=True)
class OfferCans(Action):
    kind: ClassVar[str] = "offer_cans"
    cans: int

    def __str__(self) -> str:
        return f"bid {self.cans} can{'s' if self.cans != 1 else ''}"


@dataclass(frozen=True, slots=True)
class OfferCard(Action):
    kind: ClassVar[str] = "offer_card"
    card: str

    def __str__(self) -> str:
        return f"add {_card_name(self.card)} to the bid"


@dataclass(frozen=True, slots=True)
class RetractCard(Action):
    kind: ClassVar[str] = "retract_card"
    card: str

    def __str__(self) -> str:
        return f"take {_card_name(self.card)} back from the bid"


@dataclass(frozen=True, slots=True)
class Pass(Action):
    kind: ClassVar[str] = "pass"

    def __str__(self) -> str:
        return "pass"


@dataclass(frozen=True, slots=True)
class Accept(Action):
    kind: ClassVar[str] = "accept"
    bidder: int

    def __str__(self) -> str:
        return f"accept seat {self.bidder}'s bid"


def _card_name(card_id: str) -> str:
    return next(CARDS.card_name(a.index) for a in CARDS.auction if a.id == card_id)


# id layout: the ranges below are part of the public encoding
ACCUSE = [Accuse(t, g.id) for t in range(MAX_SEATS) for g in CARDS.goals]  # 0..119 = 12 * target + goal
ACCUSE_BY_TARGET = [ACCUSE[GOALS * t: GOALS * (t + 1)] for t in range(MAX_SEATS)]  # [target][goal]
SELL = Sell()  # 120
TAKE_CARDS, TAKE_CANS = Take("cards"), Take("cans")  # 121, 122
OFFER_CANS = [OfferCans(k) for k in range(MAX_CANS + 1)]  # 123..203
OFFER_CARD = [OfferCard(a.id) for a in CARDS.auction]  # 204..247
RETRACT_CARD = [RetractCard(a.id) for a in CARDS.auction]  # 248..291
PASS = Pass()  # 292
ACCEPT = [Accept(s) for s in range(MAX_SEATS)]  # 293..302

SPACE = ActionSpace([*ACCUSE, SELL, TAKE_CARDS, TAKE_CANS, *OFFER_CANS, *OFFER_CARD, *RETRACT_CARD, PASS, *ACCEPT])
assert len(SPACE) == 303 and SPACE.id(PASS) == 292 and SPACE.id(OFFER_CARD[0]) == 204
