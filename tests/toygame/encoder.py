"""Hunch's observation as a vector, for learning agents."""

from __future__ import annotations

from hexbox.core.encoding import Encoder, Field, actors_field, chair, phase_field, vocabulary

from .cards import CARDS
from .state import OVER, PLAYING

CARD = vocabulary(c.id for c in CARDS)


def encoder(game) -> Encoder:
    n = game.players

    def mine(o, v):
        if o["private"] is not None:
            v.one(CARD[o["private"]["card"]])

    def misses(o, v):
        v.ones(chair(m["seat"], o, n) * len(CARD) + CARD[m["card"]] for m in o["public"]["misses"])

    return Encoder([
        phase_field((PLAYING, OVER)),
        actors_field(n),
        Field("turn", 1, "turns begun, of rounds x players",
              lambda o, v: v.scaled(0, o["public"]["turn"], o["public"]["rounds"] * n)),
        Field("my_card", len(CARD), "my card, by card id", mine),
        Field("misses", n * len(CARD), "per chair, the cards it was wrongly said to hold", misses),
    ])
