"""Teams that agree with the hands: which of a world's seats hold a werewolf's cards.

resample deals the other seats' unseen cards uniformly from the unknown pool, and the belief's worlds then deal
the teams from the seat's belief without looking at those hands: a Wolf Zero's starting Bite (R7) lies anywhere,
mostly in a human's hand, where the evaluator reads it as a human about to turn. In the games of the normal bots
the hands and the teams go together: a Wolf Zero starts with a Bite and every other seat with a Gold; at Night a
human never passes a Bite (R26) and keeps its Charms, a werewolf passes its Wounds. So a world's team deal is
weighed by ``ratio``: per werewolf seat, exp(sum over the cards it holds that the deciding seat has not seen of
the card's weight), the log-likelihood ratio wolf : human of those cards, fitted per number of Night passings
so far on normal bots' games (hands.toml, by benchmarks/fit_growl_hands.py). The worlds' hands stay uniform,
so they say nothing new about who is a werewolf at the real table: the belief's tilt is fitted over the weighed
deals and keeps each seat's share of werewolf worlds at the belief's. Within a world, the werewolves are the
seats whose hands look like a werewolf's.

Read only from the worlds resample drew for the seat: their hands less what the seat knows of them.
"""

from __future__ import annotations

import math
import tomllib
from functools import lru_cache
from pathlib import Path
from typing import Any

from .cards import CARDS, HAND

PATH = Path(__file__).with_name("hands.toml")


@lru_cache(maxsize=1)
def weights() -> tuple[tuple[float, ...], ...]:
    """Per stage (Night passings so far: 0, 1, 2+), one weight per hand card, checked at load."""
    data = tomllib.loads(PATH.read_text())
    if tuple(data.get("cards", ())) != tuple(c.id for c in CARDS[:HAND]):
        raise ValueError(f"{PATH.name}: cards {data.get('cards')} are not the hand cards in order")
    out = []
    for k in range(3):
        w = data.get(f"stage{k}")
        if not isinstance(w, list) or len(w) != HAND or not all(
                isinstance(x, (int, float)) and math.isfinite(x) for x in w):
            raise ValueError(f"{PATH.name}: stage{k} must be {HAND} finite numbers")
        out.append(tuple(float(x) for x in w))
    return tuple(out)


def ratios(world: Any, me: int, seats: list[int]) -> list[float]:
    """Per seat, the likelihood ratio wolf : human of the cards it holds in ``world`` that ``me`` has not seen."""
    w = weights()[min(2, world.nights)]
    out = []
    for s in seats:
        h, known = world.hands[s], world.known_hand(me, s)
        out.append(math.exp(sum(w[c] * (h[c] - known[c]) for c in range(HAND) if h[c] > known[c])))
    return out
