"""What one seat can believe about everybody's hidden goals, from the public history alone.

The hidden facts are one assignment of the goal types nobody has shown to the goal positions the seat cannot see
(the other seats' slots or private goals, and the two box positions). The prior is uniform over the assignments
that obey the public facts: a type named by an accuser is not one of the accuser's goals (R14), a denied type is
not one of the accused's (R18). Each public act of a seat is then weighed by how likely it is when a beast is one
of that seat's goals, against when it is not (the likelihood ratios of ``belief.toml``, fitted on self-play):

- the size of its final bid on each card sold while it was alive and not the seller (no bid at all included);
- each card it offered as payment (collectors keep their own beasts);
- whether its bids paid with cans (a Werechow collector pays with cards first).

A seat's acts depend on its own goals only, so the likelihood of an assignment is a product over positions of
``W[p][g]``, the product of the ratios of the seats that see position p for type g. The posterior marginals
P(position p holds g) are then exact sums over assignments, computed by a forward-backward pass over the
subsets of types used (at most 2^10 subsets, 10 players), not by sampling.
"""

from __future__ import annotations

import math
from collections import defaultdict
from typing import Any

from hexbox.core import read_toml

from .cards import CARDS

BEAST_OF = {a.id: CARDS.goals[a.beast].id for a in CARDS.auction}
CHOW = CARDS.goals[CARDS.chow].id


def _params() -> dict[str, Any]:
    raw = read_toml(__package__, "belief.toml")
    floor, ceiling = raw["clamp"]["low"], raw["clamp"]["high"]

    def ratio(goal: float, other: float) -> float:
        # a person may play against the bots' habits: no single act is ever taken as proof
        return math.log(min(ceiling, max(floor, goal / other)))

    bid = raw["bid"]
    pay = raw["pay"]
    cans = raw["cans"]
    return {
        "bid": [ratio(g, o) for g, o in zip(bid["goal"], bid["other"])],
        "offered": ratio(pay["goal"], pay["other"]),
        "cans": (ratio(cans["chow"], cans["other"]), ratio(1 - cans["chow"], 1 - cans["other"])),
    }


PARAMS = _params()


def bid_bucket(bid: dict[str, Any] | None) -> int:
    """0 for no bid, else the items offered (cans + cards), the last bucket holding every larger bid."""
    if not bid:
        return 0
    return min(len(PARAMS["bid"]) - 1, bid["cans"] + len(bid["cards"]))


def evidence(pub: dict[str, Any]) -> dict[int, dict[str, float]]:
    """seat -> goal type -> log-likelihood ratio of its public acts: "g is one of its goals" over "it is not".

    A seat is counted as a possible bidder of every sale while it is alive now (an eliminated seat's silences
    are left out: the record does not say when it left)."""
    alive = {p["seat"] for p in pub["players_info"] if not p["eliminated"]}
    out: dict[int, dict[str, float]] = defaultdict(lambda: defaultdict(float))
    bid_lr = PARAMS["bid"]
    with_cans, without_cans = PARAMS["cans"]
    for sale in pub["sales"]:
        beast = BEAST_OF[sale["card"]]
        bids = {int(s): b for s, b in sale["bids"].items()}
        for s in alive | set(bids):
            if s == sale["seller"]:
                continue
            bid = bids.get(s)
            out[s][beast] += bid_lr[bid_bucket(bid)]
            if bid:
                for c in bid["cards"]:
                    out[s][BEAST_OF[c]] += PARAMS["offered"]
                out[s][CHOW] += with_cans if bid["cans"] else without_cans
    return out


def constraints(pub: dict[str, Any]) -> set[tuple[int, str]]:
    """(seat, goal) pairs the public facts rule out: denials (R18), and every type a seat has named (R14)."""
    out = {(s, g) for s, g in pub["denials"]}
    out |= {(a["accuser"], a["goal"]) for a in pub["accusations"]}
    return out


def _problem(seat: int, pub: dict[str, Any], my_goals: list[dict[str, Any]], use_evidence: bool = True
             ) -> tuple[list[int], list[str], list[list[float]]]:
    """The hidden positions, the types to deal them, and ``W[p][g]`` (0 where a public fact forbids it)."""
    positions = pub["goal_positions"]
    mine = {g["position"]: g["goal"] for g in my_goals}
    shown = {p["position"]: p["goal"] for p in positions if p["goal"]}
    hidden = [p["position"] for p in positions if p["position"] not in mine and p["position"] not in shown]
    types = [g for g in pub["goals_in_play"] if g not in mine.values() and g not in shown.values()]
    seers = {p["position"]: p["seats"] for p in positions}
    ruled_out = constraints(pub)
    ev = evidence(pub) if use_evidence else {}
    weights = []
    for p in hidden:
        who = seers[p]
        banned = {g for s, g in ruled_out if s in who}
        # at most two seats see a hidden position (never me): their evidence added as ``sum`` over them would,
        # without a generator per cell (bot_speed.py, 20 games: _problem 19 -> 14 ms, loaded machine)
        books = [ev[s] for s in who if s != seat and s in ev]
        if len(books) == 2:
            a, b = books
            logs = [None if g in banned else a[g] + b[g] for g in types]
        elif books:
            a = books[0]
            logs = [None if g in banned else a[g] for g in types]
        else:
            logs = [None if g in banned else 0.0 for g in types]
        top = max((x for x in logs if x is not None), default=0.0)  # a row's scale does not change the marginals
        weights.append([0.0 if x is None else math.exp(max(-60.0, x - top)) for x in logs])
    return hidden, types, weights


def posterior(seat: int, pub: dict[str, Any], my_goals: list[dict[str, Any]],
              use_evidence: bool = True, problem=None) -> dict[int, dict[str, float]]:
    """For every other seat t: goal type -> P(g is one of t's goals | the public history and my own goals).

    Only types t could hold appear (not mine, not face up, not ruled out); a goal of t that I share is mine and
    is left out, as the rules forbid naming it. ``use_evidence=False`` gives the prior (the constraints only).
    ``problem`` (default ``_problem``, this module's reading of the history) lets another reading of the evidence
    share the exact sums (benchmarks/werebeasts_reading.py)."""
    problem = problem or _problem
    hidden, types, weights = problem(seat, pub, my_goals, use_evidence)
    marg = _marginals(weights)
    if marg is None and use_evidence:  # evidence and facts disagree (cannot happen with exact facts): facts only
        return posterior(seat, pub, my_goals, use_evidence=False, problem=problem)
    out: dict[int, dict[str, float]] = {}
    row_of = {p: i for i, p in enumerate(hidden)} if marg is not None else {}
    for info in pub["players_info"]:
        t = info["seat"]
        if t == seat:
            continue
        rows = [marg[row_of[p]] for p in info["positions"] if p in row_of]
        if not rows:
            out[t] = {}
            continue
        q = [0.0 + x for x in rows[0]]  # each sum from 0.0, position by position, as it always was
        for row in rows[1:]:
            q = [v + x for v, x in zip(q, row)]
        out[t] = {g: min(1.0, v) for g, v in zip(types, q) if v > 0}
    return out


def sampler(seat: int, pub: dict[str, Any], my_goals: list[dict[str, Any]], problem=None):
    """``draw(rng) -> {position: goal}``: deals of the hidden positions drawn from the posterior (exactly: the
    forward pass once, then each position backwards given the types the earlier ones used); ``problem`` as in
    ``posterior``."""
    problem = problem or _problem
    hidden, types, weights = problem(seat, pub, my_goals)
    forward = _forward(weights)
    if forward is None:
        hidden, types, weights = problem(seat, pub, my_goals, use_evidence=False)
        forward = _forward(weights)
    m = len(hidden)

    def draw(rng) -> dict[int, str]:
        used = (1 << m) - 1
        out = {}
        for i in range(m - 1, -1, -1):
            row = weights[i]
            options = [(j, forward[i].get(used & ~(1 << j), 0.0) * row[j]) for j in range(m) if used >> j & 1]
            x = rng.random() * sum(w for _, w in options)
            pick = -1
            for j, w in options:
                if w > 0:  # the last type with weight, should rounding leave x a hair above 0
                    pick = j
                    x -= w
                    if x < 0:
                        break
            out[hidden[i]] = types[pick]
            used &= ~(1 << pick)
        return out

    return draw


def _forward(weights: list[list[float]]) -> list[dict[int, float]] | None:
    """forward[i][mask]: the weight of dealing the types in ``mask`` to positions 0..i-1."""
    m = len(weights)
    forward: list[dict[int, float]] = [{0: 1.0}]
    for i in range(m):
        nxt: dict[int, float] = {}
        get = nxt.get
        # the types this position may take, as (bit, weight): the same sums in the same order as bit by bit
        row = [(1 << j, w) for j, w in enumerate(weights[i]) if w]
        for mask, f in forward[i].items():
            for bit, w in row:
                if not mask & bit:
                    key = mask | bit
                    nxt[key] = get(key, 0.0) + f * w
        forward.append(nxt)
    return forward if forward[m].get((1 << m) - 1, 0.0) > 0 else None


def _marginals(weights: list[list[float]]) -> list[list[float]] | None:
    """P(position i gets type j) over the one-to-one assignments weighted by the product of ``weights[i][j]``;
    None when no assignment has weight. Forward-backward over the sets of types used by positions < i."""
    m = len(weights)
    if m == 0:
        return []
    if all(map(all, weights)):
        if all(x == 1.0 for row in weights for x in row):  # no evidence yet (a game's first turns): a constant of m
            flat = _FLAT.get(m)
            if flat is None:
                flat = _FLAT[m] = _marginals_unforbidden(weights)
            return [row[:] for row in flat]
        return _marginals_unforbidden(weights)
    forward = _forward(weights)
    if forward is None:
        return None
    full = (1 << m) - 1
    total = forward[m][full]
    backward: list[dict[int, float]] = [{} for _ in range(m + 1)]
    backward[m] = {full: 1.0}
    rows = [[(j, 1 << j, w) for j, w in enumerate(weights[i]) if w] for i in range(m)]  # as in _forward
    out: list[list[float]] = [[]] * m
    # one pass per position for both backward[i] and position i's marginals (they read the same backward[i + 1]),
    # each sum in the order of the former separate passes; an absent backward entry added only zeros
    # (bot_speed.py --profile, 20 games: _marginals 0.35 -> 0.30 s, dict lookups 690,000 -> 353,000)
    for i in range(m - 1, -1, -1):
        row = rows[i]
        after = backward[i + 1].get
        cur: dict[int, float] = {}
        probs = [0.0] * m
        for mask, f in forward[i].items():
            acc = None
            for j, bit, w in row:
                if not mask & bit:
                    b = after(mask | bit)
                    if b:
                        acc = w * b if acc is None else acc + w * b
                        probs[j] += f * w * b
            if acc is not None:
                cur[mask] = acc
        backward[i] = cur
        out[i] = [x / total for x in probs]
    return out


# With no forbidden cell (no denial or accusation names a hidden position's type, most decisions) the sets of types
# are every subset, met in an order that depends on m alone: _lattice lays it out once per m, and
# _marginals_unforbidden reads it with one float list indexed by mask instead of a dict per level, adding the very
# same products in the very same order as _forward and _marginals (tests/werebeasts/test_werebeasts_belief.py
# compares the floats). bot_speed.py, 20 games: _marginals 62 -> 36 ms (about 6 of them laying
# out the lattices of m = 3..10, once a process); at m = 10, 1.7 -> 0.78 ms a call (process time, loaded machine).
_Pairs = list[list[tuple[tuple[int, int], ...]]]
_FLAT: dict[int, list[list[float]]] = {}  # the m x m table of ones: 20 games, _marginals 34.5 -> 31.1 ms
_LATTICES: dict[int, tuple[list[list[int]], _Pairs, _Pairs]] = {}


def _lattice(m: int) -> tuple[list[list[int]], _Pairs, _Pairs]:
    """(levels, into, out): ``levels[k]`` the k-type sets in the order _forward first meets them; ``into[k][n]`` the
    (set, type) pairs whose sum makes ``levels[k][n]``, in _forward's order of adding them; ``out[k][n]`` the types
    ``levels[k][n]`` lacks, as (type, set with it), ascending."""
    got = _LATTICES.get(m)
    if got is None:
        levels: list[list[int]] = [[0]]
        into: list[list[tuple[tuple[int, int], ...]]] = [[()]]
        for k in range(m):
            pairs: dict[int, list[tuple[int, int]]] = {}
            for mask in levels[k]:
                for j in range(m):
                    if not mask >> j & 1:
                        pairs.setdefault(mask | 1 << j, []).append((mask, j))
            levels.append(list(pairs))
            into.append([tuple(x) for x in pairs.values()])
        out = [[tuple((j, mask | 1 << j) for j in range(m) if not mask >> j & 1) for mask in lv] for lv in levels]
        got = _LATTICES[m] = (levels, into, out)
    return got


def _marginals_unforbidden(weights: list[list[float]]) -> list[list[float]]:
    """``_marginals`` of a table without a zero."""
    m = len(weights)
    levels, into, out_of = _lattice(m)
    forward = [0.0] * (1 << m)  # each set belongs to one level: one list holds every level
    forward[0] = 1.0
    for i in range(m):
        w = weights[i]
        for mask, pairs in zip(levels[i + 1], into[i + 1]):
            acc = 0.0
            for before, j in pairs:
                acc += forward[before] * w[j]
            forward[mask] = acc
    full = (1 << m) - 1
    total = forward[full]
    backward = [0.0] * (1 << m)
    backward[full] = 1.0
    out: list[list[float]] = [[]] * m
    for i in range(m - 1, -1, -1):
        w = weights[i]
        probs = [0.0] * m
        for mask, lacks in zip(levels[i], out_of[i]):
            f = forward[mask]
            acc = 0.0
            for j, after in lacks:
                b = backward[after]
                wj = w[j]
                acc += wj * b
                probs[j] += f * wj * b
            backward[mask] = acc
        out[i] = [x / total for x in probs]
    return out
