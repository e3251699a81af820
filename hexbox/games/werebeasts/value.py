"""A value of a Werebeasts position fitted on self-play: each living seat's chance of winning, for the ends of
ISMCTS's rollouts (issue 47, item 1), in place of heuristic.win_chances's hand-set softmax.

The model is a conditional logit over the living seats: P(s wins) = exp(w . f(s)) / sum over living t of
exp(w . f(t)), with f(s) what a full (sampled) position says of seat s (``FEATURES``). The weights are data
(value.toml next to this file), fitted on positions of `normal` self-play with the games' winners as labels by
``benchmarks/fit_werebeasts_value.py``, and checked against ``FEATURES`` when loaded. The eliminated have no chance.
"""

from __future__ import annotations

import math
from typing import Any

from hexbox.core import DataError, read_toml

from . import belief, views
from .cards import CARDS
from .state import BEAST, CHOW, ICONS

#: what the model reads of seat s, in value.toml's order
FEATURES = (
    "points",  # its points were the game to end now (R32, R33)
    "points_late",  # the same times the share of the auction deck sold: a lead counts more as the deck runs out
    "cans",
    "chips",  # cards of no goal of its: payment and tie-break weight
    "reach",  # icons of its beasts still in the deck
    "held_by_rivals",  # icons of its beasts held by other living seats (spoils of a right accusation)
    "stack",  # the most cards of one of its beasts it holds: what the table reads at a glance
    "chow",  # 1 if Werechow is one of its goals
    "chow_cans",  # cans, for a Werechow collector
    "bids_mine",  # its final bids on cards of its beasts (items, 4 at most, in fours): what the table reads
    "bids_other",  # the same on cards of other beasts: the decoys that cover them
    "exposed",  # the most any other living seat believes (belief.py, with its own goals) in one of its goals
    "exposed_half",  # 1 if that is 0.5 or more: the `normal` bots accuse from there (heuristic.min_belief)
)
BEAST_BY_ID = {a.id: a.beast for a in CARDS.auction}


EXPOSURE = ("exposed", "exposed_half")  # the features that need the others' beliefs: most of the time


def _load(section: str = "weights") -> tuple[float, ...]:
    raw: dict[str, Any] = read_toml(__package__, "value.toml")
    weights = raw.get(section)
    if not isinstance(weights, dict) or set(weights) != set(FEATURES):
        have = sorted(weights) if isinstance(weights, dict) else weights
        raise DataError(f"werebeasts/value.toml: [{section}] must name exactly {', '.join(FEATURES)}; it has {have}")
    out = []
    for name in FEATURES:
        w = weights[name]
        if isinstance(w, bool) or not isinstance(w, int | float) or not math.isfinite(w) or abs(w) > 20:
            raise DataError(f"werebeasts/value.toml: weight {name} must be a finite number within +-20, not {w!r}")
        out.append(float(w))
    return tuple(out)


WEIGHTS = _load()
PLAIN = _load("plain")  # fitted without EXPOSURE (zero there)
HELD = _load("held")  # as PLAIN, with cans and chips held at heuristic.win_chances's worth
WITH_HARD = _load("with_hard")  # as PLAIN, fitted on games with `hard` in one seat too


def exposure(state) -> dict[int, float]:
    """For each living seat, the most any other living seat believes in one of its goals (belief.posterior read
    with that seat's own goals, from the public record of this position)."""
    pub = views.public(state)
    alive = [s for s in range(state.n) if not state.out[s]]
    goal_ids = {}
    for s in alive:
        goal_ids[s] = [views.private(state, s)["my_goals"]]
    top = dict.fromkeys(alive, 0.0)
    for r in alive:
        post = belief.posterior(r, pub, goal_ids[r][0])
        for s in alive:
            if s != r:
                q = post.get(s, {})
                top[s] = max(top[s], *(q.get(g["goal"], 0.0) for g in goal_ids[s][0]))
    return top


def table(state, exposed: bool = True) -> dict[int, list[float]]:
    """``FEATURES`` of every living seat (``exposed=False``: the exposure left at 0, for speed)."""
    seen = exposure(state) if exposed else {}
    out = {}
    for s in range(state.n):
        if not state.out[s]:
            e = seen.get(s, 0.0)
            out[s] = [*features(state, s), e, 1.0 if e >= 0.5 else 0.0]
    return out


def features(state, seat: int) -> list[float]:
    """``FEATURES`` of ``seat`` (living) in a full position, but for the exposure (:func:`table`)."""
    goals = state.goals_of(seat)
    beasts = [g for g in goals if g != CHOW]
    cards = state.cards[seat]
    points = state.points(seat)
    total = 4 * (len(state.in_play) - 1)
    late = 1 - len(state.deck) / total if total else 1.0
    chips = sum([1 for c in cards if BEAST[c] not in goals])
    reach = sum([ICONS[c] for c in state.deck if BEAST[c] in beasts])
    rivals = 0
    for t in range(state.n):
        if t != seat and not state.out[t]:
            rivals += sum([ICONS[c] for c in state.cards[t] if BEAST[c] in beasts])
    stack = max([sum([1 for c in cards if BEAST[c] == b]) for b in beasts], default=0)
    chow = 1.0 if CHOW in goals else 0.0
    cans = state.cans[seat]
    key = str(seat)
    mine = other = 0.0
    for sale in state.sales:
        bid = sale["bids"].get(key)
        if bid is not None:
            size = min(4, bid["cans"] + len(bid["cards"])) / 4
            if BEAST_BY_ID[sale["card"]] in beasts:
                mine += size
            else:
                other += size
    return [points, points * late, cans, chips, reach, rivals, stack, chow, chow * cans, mine, other]


def win_chances(state, weights: tuple[float, ...] | None = None, scale: float = 1.0) -> list[float]:
    """Each seat's chance of winning from a full (sampled) position, by the fitted model; ``scale`` multiplies
    every weight (above 1, sharper than the fit: a search tells its moves apart by these values)."""
    w = WEIGHTS if weights is None else weights
    if scale != 1.0:
        w = tuple(scale * x for x in w)
    exposed = bool(w[-1] or w[-2])
    utility = {s: sum([a * b for a, b in zip(w, f)]) for s, f in table(state, exposed).items()}
    if not utility:
        return [1.0 / state.n] * state.n
    top = max(utility.values())
    exps = {s: math.exp(u - top) for s, u in utility.items()}
    total = sum(exps.values())
    return [exps[s] / total if s in exps else 0.0 for s in range(state.n)]

