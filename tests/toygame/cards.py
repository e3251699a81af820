"""Hunch's cards, read from cards.toml and checked."""

from __future__ import annotations

from dataclasses import dataclass

from hexbox.core import require
from hexbox.core.data import NAME, TEXT
from hexbox.core.loading import cards_toml, catalogue_of

#: what a variant's overlay may not change, and why: words and ids (a card's value is refused by the check below)
FIXED = {"ending": TEXT, "*.*.name": TEXT, "*.*.text": TEXT, "*.*.id": NAME}


@dataclass(frozen=True)
class Card:
    id: str
    name: str
    value: int


def load() -> tuple[Card, ...]:
    raw = cards_toml(__package__)
    cards = tuple(Card(c["id"], c["name"], c["value"]) for c in raw.get("card", []))
    require(len(cards) == 5, "hunch/cards.toml", f"expected 5 cards, found {len(cards)}")
    require([c.value for c in cards] == [1, 2, 3, 4, 5], "hunch/cards.toml", "the values are 1 to 5, in order")
    return cards


CARDS = load()
INDEX = {c.id: i for i, c in enumerate(CARDS)}
catalogue = catalogue_of(__package__)
