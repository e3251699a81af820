"""A belief that reads each bid against its cost, over the others' hidden Werebeasts goals: a research tool that
no bot uses (docs/strength.md, "The ceiling": as the `hard` search's worlds and accusations it won no more than
belief.py's, so it stays here, beside the scripts that fit and measure it).

belief.py (the `normal` bot's) counts a final bid by its size only. Here the size is read with what it cost and
what it came to: a bid of three items for a single-icon card says more than three for a double, and a bid that was
outbid stopped where its budget ended while one that bought the card may have had more to give. The likelihoods
are the [cost] tables of ``werebeasts_reading.toml``, beside this file (P(final bid | the card's beast is one of
the bidder's goals) and P(... | it is not), by icons, size and bought/outbid), fitted on self-play like belief.toml
(``python benchmarks/werebeasts_belief.py fit-cost``); payments and cans are read as belief.py reads them. The
posterior is the same exact sum over deals (belief._marginals, belief._forward), so only the evidence differs.
"""

from __future__ import annotations

import math
import tomllib
from collections import defaultdict
from pathlib import Path
from typing import Any

from hexbox.core import DataError, read_toml
from hexbox.games.werebeasts import belief
from hexbox.games.werebeasts.cards import CARDS

TABLE = Path(__file__).with_name("werebeasts_reading.toml")

COST_ITEMS = 6  # bids of 6 items and more share a cell: rare, and all of them say "mine"
ICONS = {a.id: a.icons for a in CARDS.auction}
BEAST_OF = belief.BEAST_OF
CHOW = belief.CHOW


def cost_cell(bid: dict[str, Any] | None, bought: bool) -> int:
    """0 for no bid; 1..COST_ITEMS for a bid of that many items that was outbid; COST_ITEMS + 1.. for one
    that bought the card."""
    if not bid:
        return 0
    items = min(COST_ITEMS, bid["cans"] + len(bid["cards"]))
    return items + (COST_ITEMS if bought else 0)


def _params() -> dict[int, list[float]]:
    raw = tomllib.loads(TABLE.read_text(encoding="utf-8"))
    clamp = read_toml("hexbox.games.werebeasts", "belief.toml")["clamp"]
    floor, ceiling = clamp["low"], clamp["high"]
    out = {}
    for icons in (1, 2):
        goal, other = raw["cost"][f"goal{icons}"], raw["cost"][f"other{icons}"]
        if len(goal) != 2 * COST_ITEMS + 1 or len(other) != len(goal) or min(goal + other) <= 0:
            raise DataError(f"werebeasts_reading.toml: [cost] goal{icons} and other{icons} must be "
                            f"{2 * COST_ITEMS + 1} positive frequencies")
        # as in belief.py: a person may play against the bots' habits, so no single bid is proof
        out[icons] = [math.log(min(ceiling, max(floor, g / o))) for g, o in zip(goal, other)]
    return out


COST = _params()


def evidence(pub: dict[str, Any]) -> dict[int, dict[str, float]]:
    """seat -> goal type -> log-likelihood ratio of its public acts, as belief.evidence but with each final bid
    read by the card's icons, its size, and whether it bought the card."""
    alive = {p["seat"] for p in pub["players_info"] if not p["eliminated"]}
    out: dict[int, dict[str, float]] = defaultdict(lambda: defaultdict(float))
    offered = belief.PARAMS["offered"]
    with_cans, without_cans = belief.PARAMS["cans"]
    for sale in pub["sales"]:
        beast = BEAST_OF[sale["card"]]
        table = COST[ICONS[sale["card"]]]
        bids = {int(s): b for s, b in sale["bids"].items()}
        for s in alive | set(bids):
            if s == sale["seller"]:
                continue
            bid = bids.get(s)
            out[s][beast] += table[cost_cell(bid, sale["buyer"] == s)]
            if bid:
                for c in bid["cards"]:
                    out[s][BEAST_OF[c]] += offered
                out[s][CHOW] += with_cans if bid["cans"] else without_cans
    return out


def _problem(seat: int, pub: dict[str, Any], my_goals: list[dict[str, Any]], use_evidence: bool = True
             ) -> tuple[list[int], list[str], list[list[float]]]:
    """As belief._problem, with this module's evidence."""
    positions = pub["goal_positions"]
    mine = {g["position"]: g["goal"] for g in my_goals}
    shown = {p["position"]: p["goal"] for p in positions if p["goal"]}
    hidden = [p["position"] for p in positions if p["position"] not in mine and p["position"] not in shown]
    types = [g for g in pub["goals_in_play"] if g not in mine.values() and g not in shown.values()]
    seers = {p["position"]: p["seats"] for p in positions}
    ruled_out = belief.constraints(pub)
    ev = evidence(pub) if use_evidence else {}
    weights = []
    for p in hidden:
        logs = [None if any((s, g) in ruled_out for s in seers[p])
                else sum(ev[s][g] for s in seers[p] if s != seat and s in ev) for g in types]
        top = max((x for x in logs if x is not None), default=0.0)
        weights.append([0.0 if x is None else math.exp(max(-60.0, x - top)) for x in logs])
    return hidden, types, weights


def posterior(seat: int, pub: dict[str, Any], my_goals: list[dict[str, Any]]) -> dict[int, dict[str, float]]:
    """For every other seat t: goal type -> P(g is one of t's goals), as belief.posterior with this evidence."""
    return belief.posterior(seat, pub, my_goals, problem=_problem)


def sampler(seat: int, pub: dict[str, Any], my_goals: list[dict[str, Any]]):
    """``draw(rng) -> {position: goal}``, deals drawn exactly from this posterior (as belief.sampler)."""
    return belief.sampler(seat, pub, my_goals, problem=_problem)
