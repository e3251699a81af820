"""A calibrated P(werewolf) for every other seat, from one seat's observation only (never the true state).

``posterior(obs)`` gives one probability per seat. Facts that fix a seat stay exact: the seat itself, a Séance,
a team the seat was told (Truth Serum, Omen Crow), the Sniff's Wolf Zeroes, a Night Bite whose sender the seat
learnt (R26: a human never passes a Bite at Night) and a hand seen holding three net Bites. Every other seat gets
a logistic model over a few counts of what the seat saw (``features``), fitted on heuristic self-play with the
true teams as labels by benchmarks/fit_growl_belief.py; the weights are data (belief.toml next to this file), one
set for a human viewer and one for a werewolf viewer, checked at load.

The heuristic's own ``Mind._beliefs`` is not this: the bot's decisions do not read it. ISMCTS reads it through
``determinizer`` (worlds drawn from view.sample, then resampled so that each seat is a werewolf about as often
as this belief says).
"""

from __future__ import annotations

import math
import random
import tomllib
from functools import lru_cache
from pathlib import Path
from typing import Any

from hexbox.core import View, next_seat

from .cards import STARTER
from .views import merged_log

HARMFUL = frozenset({"bite", "wound", "cursed_charm", "cursed_gold", "holy_water", "hex", "infection",
                     "tanglevine"})
HELPFUL = frozenset({"salve", "super_salve", "charm", "gold"})

FEATURES = ("bias", "prior", "nights", "dead", "harm_to_me", "help_to_me", "bites_out", "harm_out", "help_out",
            "bites_in", "harm_in", "night_bites", "seen_bites", "hypno_bites", "alive_share", "not_sniffed",
            "charms_in", "mind", "net_in_2", "net_in_3",
            "curses", "spells", "p4", "p5", "p6", "p7", "p8", "p9", "p10")
VIEWERS = ("human", "wolf")
PATH = Path(__file__).with_name("belief.toml")


@lru_cache(maxsize=1)
def weights() -> dict[str, tuple[float, ...]]:
    """The fitted weights per viewer, checked against FEATURES."""
    data = tomllib.loads(PATH.read_text())
    if tuple(data.get("features", ())) != FEATURES:
        raise ValueError(f"{PATH.name}: features {data.get('features')} are not {FEATURES}")
    out = {}
    for v in VIEWERS:
        w = data.get(v)
        if not isinstance(w, list) or len(w) != len(FEATURES) or not all(
                isinstance(x, (int, float)) and math.isfinite(x) for x in w):
            raise ValueError(f"{PATH.name}: [{v}] must be {len(FEATURES)} finite numbers")
        out[v] = tuple(float(x) for x in w)
    return out


def _neighbours(pub: dict[str, Any], seat: int) -> tuple[int, int]:
    n = pub["players"]
    pos = [p["position"] for p in pub["seats"]]
    alive = [p["alive"] for p in pub["seats"]]
    at = {p: s for s, p in enumerate(pos)}
    return tuple(at[next_seat(pos[seat], n, lambda p: not alive[at[p]], step)] for step in (1, -1))


def evidence(obs: dict[str, Any]) -> tuple[list[list[float]], dict[int, float]]:
    """Per seat, its feature row (FEATURES), and the seats whose team the viewer knows for certain."""
    pub, mine, me = obs["public"], obs["private"], obs["seat"]
    n = pub["players"]
    zeroes = STARTER[n][0] if not (n == 10 and pub["options"]["starter_bites_10p"] == 4) else 4
    prior = (zeroes - (1 if mine["wolf_zero"] else 0)) / max(1, n - 1)
    alive = [p["alive"] for p in pub["seats"]]
    share = sum(alive) / n
    rows = [[1.0, prior, float(pub["nights"]), float(not alive[s])] + [0.0] * 16
            + [float(pub["options"]["curses"]), float(pub["options"]["spells"])]
            + [float(n == k) for k in range(4, 11)] for s in range(n)]
    fixed: dict[int, float] = {me: 1.0 if mine["werewolf"] else 0.0}
    sniffed = mine["sniffed"]
    for s in sniffed:
        fixed[s] = 1.0  # a Wolf Zero stays a werewolf
    for s, w in mine["told"].items():
        fixed[int(s)] = 1.0 if w else 0.0
    for x in pub["seance"]:
        fixed[x["seat"]] = 1.0 if x["werewolf"] else 0.0
    night_bites = 0
    for e in merged_log(obs):
        kind, d = e["kind"], e["data"]
        if kind == "gave":
            s, t, card = d["seat"], d["to"], d["card"]
            harm, help_ = card in HARMFUL, card in HELPFUL
            if t == me:
                rows[s][4] += harm
                rows[s][5] += help_
            else:
                rows[s][6] += card == "bite"
                rows[s][7] += harm
                rows[s][8] += help_
            if t is not None and t != s:
                rows[t][9] += card == "bite"
                rows[t][10] += harm and card != "bite"
                rows[t][16] += card == "charm"
        elif kind == "received":
            if d["senders"] is not None:
                for c in d["senders"]:
                    if c["card"] == "bite" and c["from"] != me:
                        fixed[c["from"]] = 1.0  # R26
            else:
                night_bites += d["cards"].count("bite")
        elif kind == "hand_seen":
            hand = d["hand"]
            bites = hand.get("bite", 0)
            rows[d["seat"]][12] = bites
            if bites - hand.get("charm", 0) - hand.get("cursed_charm", 0) >= 3:
                fixed[d["seat"]] = 1.0
        elif kind == "hypnosis" and d["card"] == "bite":
            for s, k in d["counts"].items():
                rows[int(s)][13] = k
    if night_bites and alive[me]:
        for s in set(_neighbours(pub, me)):
            rows[s][11] += night_bites
    from .heuristic import Mind  # the bot's own suspicions, as one input (it reads the same observation)

    mind = Mind(obs).p
    for s in range(n):
        rows[s][17] = mind[s]
        net = rows[s][9] - rows[s][16]  # the Day Bites and Charms the table saw it receive
        rows[s][18] = float(net >= 2)
        rows[s][19] = float(net >= 3)
        rows[s][14] = share
        rows[s][15] = float(bool(sniffed) and s not in sniffed)
    return rows, fixed


def posterior(obs: dict[str, Any]) -> list[float]:
    """P(seat s is a werewolf now) for every seat, from the viewer's observation."""
    rows, fixed = evidence(obs)
    w = weights()["wolf" if obs["private"]["werewolf"] else "human"]
    out = []
    for s, x in enumerate(rows):
        if s in fixed:
            out.append(fixed[s])
            continue
        z = sum(a * b for a, b in zip(w, x))
        out.append(1.0 / (1.0 + math.exp(-max(-30.0, min(30.0, z)))))
    return out


# ---- worlds drawn from the belief (the ISMCTS advice) -----------------------------------------------------------

TRIES = 16  # uniform worlds drawn at most per kept world
CLAMP = (0.02, 0.98)  # the belief's share of a seat in the drawn worlds is kept off 0 and 1 where it is not a fact
WARMUP = 64  # uniform worlds drawn first to learn how often view.sample makes each seat a werewolf


def determinizer(view: View, tries: int = TRIES, warmup: int = WARMUP):
    """``draw(rng)``: worlds re-dealt by ``view.sample`` (uniform over what the seat knows), then kept by rejection
    with probability w / max w, where w = prod over seats of p/q (a werewolf there) or (1-p)/(1-q) (a human), p the
    belief and q the share of werewolves at that seat among ``warmup`` uniform worlds drawn first. The kept worlds
    make each seat a werewolf about as often as the belief says (exactly so for independent seats). After
    ``tries`` rejections the world is picked among those drawn with weight w (sampling-importance-resampling), so
    a draw costs at most ``tries`` uniform worlds."""
    me = view.seat
    p = posterior(view.observation)
    low, high = CLAMP
    seats = [s for s in range(len(p)) if s != me and 0.0 < p[s] < 1.0]
    state: dict[str, Any] = {}

    def prepare(rng: random.Random) -> None:
        counts = dict.fromkeys(seats, 0)
        for _ in range(warmup):
            w = view.sample(rng)
            for s in seats:
                counts[s] += w.wolf[s]
        up, down = {}, {}
        for s in seats:
            q = min(high, max(low, (counts[s] + 0.5) / (warmup + 1)))
            ps = min(high, max(low, p[s]))
            up[s], down[s] = ps / q, (1 - ps) / (1 - q)
        state["up"], state["down"] = up, down
        state["top"] = math.prod(max(up[s], down[s]) for s in seats) if seats else 1.0

    def draw(rng: random.Random):
        if not seats:
            return view.sample(rng)
        if "top" not in state:
            prepare(rng)
        up, down, top = state["up"], state["down"], state["top"]
        worlds, ws = [], []
        for _ in range(tries):
            world = view.sample(rng)
            wolf = world.wolf
            x = 1.0
            for s in seats:
                x *= up[s] if wolf[s] else down[s]
            if rng.random() * top < x:
                return world
            worlds.append(world)
            ws.append(x)
        return rng.choices(worlds, ws)[0]

    return draw


def root_actions(view: View, legal: list) -> list:
    """Every legal move is searched (GROWL prunes nothing at the root)."""
    return legal
