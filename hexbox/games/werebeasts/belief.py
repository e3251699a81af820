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
types (the state: how many of each group of alike positions are filled; at most 2^10 states, 10 players), not by
sampling.
"""

from __future__ import annotations

import math
import operator
from collections import Counter, defaultdict
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
    alive = [(p["seat"], str(p["seat"])) for p in pub["players_info"] if not p["eliminated"]]  # and as a bid's key
    out: dict[int, dict[str, float]] = defaultdict(lambda: defaultdict(float))
    silent = PARAMS["bid"][0]
    last = len(PARAMS["bid"]) - 1
    bid_lr = PARAMS["bid"]
    offered = PARAMS["offered"]
    with_cans, without_cans = PARAMS["cans"]
    # each book adds its terms sale by sale as before; the silent seats and the bidders are visited apart
    # (bot_speed.py, 20 games: evidence 3.4 -> 3.1 ms)
    for sale in pub["sales"]:
        beast = BEAST_OF[sale["card"]]
        seller = sale["seller"]
        bids = sale["bids"]
        for s, key in alive:
            if key not in bids and s != seller:
                out[s][beast] += silent
        for key, bid in bids.items():
            s = int(key)
            if s == seller:
                continue
            book = out[s]
            size = bid["cans"] + len(bid["cards"]) if bid else 0  # as bid_bucket, without a call per bid
            book[beast] += bid_lr[size if size < last else last]
            if bid:
                for c in bid["cards"]:
                    book[BEAST_OF[c]] += offered
                book[CHOW] += with_cans if bid["cans"] else without_cans
    return out


def constraints(pub: dict[str, Any]) -> set[tuple[int, str]]:
    """(seat, goal) pairs the public facts rule out: denials (R18), and every type a seat has named (R14)."""
    out = {(s, g) for s, g in pub["denials"]}
    out |= {(a["accuser"], a["goal"]) for a in pub["accusations"]}
    return out


def _problem(seat: int, pub: dict[str, Any], my_goals: list[dict[str, Any]], use_evidence: bool = True
             ) -> tuple[list[int], list[str], list[list[float]]]:
    """The hidden positions, the types to deal them, and ``W[p][g]`` (0 where a public fact forbids it)."""
    known = {g["position"]: g["goal"] for g in my_goals}  # mine, and the face-up goals
    known.update((p["position"], p["goal"]) for p in pub["goal_positions"] if p["goal"])
    hidden = [p for p in pub["goal_positions"] if p["position"] not in known]
    dealt = set(known.values())
    types = [g for g in pub["goals_in_play"] if g not in dealt]
    banned_by: dict[int, set[str]] = {}
    for s, g in constraints(pub):
        banned_by.setdefault(s, set()).add(g)
    ev = evidence(pub) if use_evidence else {}
    # each seat's book as a list by type, read for both positions it sees; at most two seats see a hidden position
    # (never me): their evidence added as ``sum`` over them would (bot_speed.py, 20 games: _problem with the
    # evidence 11.1 -> 9.7 ms)
    books = {s: [book.get(g, 0.0) for g in types] for s, book in ev.items() if s != seat}
    nothing = [0.0] * len(types)
    weights = []
    for p in hidden:
        who = [books[s] for s in p["seats"] if s in books]
        if len(who) == 2:
            logs = list(map(operator.add, *who))
        else:
            logs = who[0] if who else nothing
        banned = set().union(*[banned_by[s] for s in p["seats"] if s in banned_by]) if banned_by else ()
        if banned:
            allowed = [g not in banned for g in types]
            top = max([x for x, ok in zip(logs, allowed) if ok], default=0.0)
            low = top - 60.0
            weights.append([(math.exp(x - top) if x > low else _FLOOR) if ok else 0.0 for x, ok in zip(logs, allowed)])
        else:  # a row's scale does not change the marginals
            top = max(logs, default=0.0)
            low = top - 60.0
            weights.append([math.exp(x - top) if x > low else _FLOOR for x in logs])
    return [p["position"] for p in hidden], types, weights


# a person may play against the bots' habits: no history is ever taken as proof, a cell weighs at least e^-60 of
# its row's best (a weight 0 means a public fact forbids the cell)
_FLOOR = math.exp(-60.0)


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
        q = rows[0] if len(rows) == 1 else list(map(operator.add, *rows))  # a seat has at most two positions
        out[t] = {g: v if v < 1.0 else 1.0 for g, v in zip(types, q) if v > 0}
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
    None when no assignment has weight.

    The sums are the same read across: P(type j gets position i) for the table turned over. Alike types (the same
    column: the beasts nobody has sold or offered yet) are as common as alike positions (the same row), so the
    table is turned over when its columns make the smaller lattice (bot_speed.py, 20 games: the exact sums
    14.9 -> 8.5 ms, warm; half the tables are turned over)."""
    m = len(weights)
    if m == 0:
        return []
    columns = [list(col) for col in zip(*weights)]
    if _states(columns) < _states(weights):
        turned = _marginals_by_rows(columns)
        return None if turned is None else [list(row) for row in zip(*turned)]
    return _marginals_by_rows(weights)


def _states(lines: list[list[float]]) -> int:
    """The states of _marginals_by_rows's lattice for these rows."""
    return math.prod(c + 1 for c in Counter(map(tuple, lines)).values())


def _marginals_by_rows(weights: list[list[float]]) -> list[list[float]] | None:
    """``_marginals`` with alike rows grouped.

    Positions with the same row (the two box positions, a seat's two positions with 3-4 players, every position
    before the first evidence) are one group: an assignment is then which group each type goes to, up to the
    order inside a group, which only multiplies every weight by the same count. A forward-backward pass over the
    types, the state being how many of each group's positions are filled, has at most prod(size + 1) states, not
    the 2^m sets of types used: bot_speed.py's 20 games, the exact sums 30.7 -> 14.9 ms (lattices laid out). The
    sums are in another order than before, so the floats may differ in the last bits
    (tests/werebeasts/test_werebeasts_belief.py compares them with the sums over sets of types on the tables of
    real games)."""
    m = len(weights)
    group_of: dict[tuple[float, ...], int] = {}
    rows: list[list[float]] = []
    member = []
    for row in weights:
        g = group_of.setdefault(tuple(row), len(rows))
        if g == len(rows):
            rows.append(row)
        member.append(g)
    sizes = [member.count(g) for g in range(len(rows))]
    # the lattice is laid out for the sizes in descending order, a partition of m: few of them ever occur
    order = sorted(range(len(rows)), key=lambda g: -sizes[g])
    levels, out_of = _lattice(tuple(sizes[g] for g in order))
    columns = [[rows[g][j] for g in order] for j in range(m)]  # columns[j][h]: type j in the h-th group
    forward = [0.0] * len(out_of)  # by state; each state belongs to one level (the types dealt so far)
    forward[0] = 1.0
    for k in range(m):
        col = columns[k]
        for state in levels[k]:
            f = forward[state]
            if f:
                for h, step in out_of[state]:
                    forward[state + step] += f * col[h]
    total = forward[-1]
    if not total > 0:
        return None
    backward = [0.0] * len(out_of)
    backward[-1] = 1.0
    by_group = [[0.0] * m for _ in order]
    for k in range(m - 1, -1, -1):
        col = columns[k]
        probs = [0.0] * len(order)
        for state in levels[k]:
            f = forward[state]
            acc = 0.0
            for h, step in out_of[state]:
                t = col[h] * backward[state + step]
                acc += t
                probs[h] += f * t
            backward[state] = acc
        for h, p in enumerate(probs):
            by_group[h][k] = p / total
    # types with the same column are alike: the same marginals to the last bit, or a tie between them (the bot
    # names the first of equally likely goals) would be broken by the order of the sums
    first: dict[tuple[float, ...], int] = {}
    for k, col in enumerate(columns):
        j = first.setdefault(tuple(col), k)
        if j != k:
            for probs in by_group:
                probs[k] = probs[j]
    share = [[x / sizes[order[h]] for x in by_group[h]] for h in range(len(order))]
    rank = {g: h for h, g in enumerate(order)}
    return [share[rank[g]][:] for g in member]


_Lattice = tuple[list[list[int]], list[tuple[tuple[int, int], ...]]]
_LATTICES: dict[tuple[int, ...], _Lattice] = {}


def _lattice(sizes: tuple[int, ...]) -> _Lattice:
    """(levels, out_of) for groups of these sizes. A state counts the filled positions of each group h in mixed
    radix (digit h in base sizes[h] + 1, group 0's digit turning fastest); ``levels[k]`` the states with k positions
    filled; ``out_of[state]`` the (group, step) pairs leaving it: the state after is ``state + step``. The last
    state is the full one.

    Each state's filled count and steps come from list comprehensions, one group's digit at a time, not from a
    loop over the states (bot_speed.py, 20 games: laying out the 40 lattices met 18 -> 7 ms with a tuple of
    (group, state after) pairs per state built in such a loop, 3.8-4.1 -> 0.64 ms like this)."""
    got = _LATTICES.get(sizes)
    if got is None:
        strides = [1]
        for c in sizes:
            strides.append(strides[-1] * (c + 1))
        filled: list[int] = [0]
        steps: list[tuple[tuple[int, int], ...]] = [()]
        for h in reversed(range(len(sizes))):  # the digit added last turns fastest; the steps stay by group
            digits = range(sizes[h] + 1)
            room = [((h, strides[h]),)] * sizes[h] + [()]  # by digit: a step into group h while it has room
            filled = [f + d for f in filled for d in digits]
            steps = [here + rest for rest in steps for here in room]
        levels: list[list[int]] = [[] for _ in range(sum(sizes) + 1)]
        for state, k in enumerate(filled):
            levels[k].append(state)
        got = _LATTICES[sizes] = (levels, steps)
    return got
