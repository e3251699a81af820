"""A calibrated P(werewolf) for every other seat, from one seat's observation only (never the true state).

``posterior(obs)`` gives one probability per seat. Facts that fix a seat stay exact: the seat itself, a Séance,
a team the seat was told (Truth Serum, Omen Crow), the Sniff's Wolf Zeroes, a Night Bite whose sender the seat
learnt (R26: a human never passes a Bite at Night) and a hand seen holding three net Bites. Every other seat gets
a logistic model over a few counts of what the seat saw (``FEATURES``), among them whether each seat's public Day
gifts were aimed as a human's would be (``_gifts_as_a_human``), fitted on heuristic self-play with the true teams
as labels by benchmarks/fit_growl_belief.py; the weights are data (belief.toml next to this file), one set for a
human viewer and one for a werewolf viewer, checked at load.

The heuristic's own ``Mind._beliefs`` is not this: the bot's decisions do not read it. ISMCTS reads it through
``determinizer`` (worlds drawn from view.sample, their teams then dealt again and kept so that each seat is a
werewolf about as often as this belief says).
"""

from __future__ import annotations

import bisect
import math
import random
import tomllib
from functools import lru_cache
from pathlib import Path
from typing import Any

from hexbox.core import View, next_seat

from . import passes
from .cards import STARTER
from .resample import redeal_teams, redraw_submissions
from .views import merged_log

HARMFUL = frozenset({"bite", "wound", "cursed_charm", "cursed_gold", "holy_water", "hex", "infection",
                     "tanglevine"})
HELPFUL = frozenset({"salve", "super_salve", "charm", "gold"})

FEATURES = ("bias", "prior", "nights", "dead", "harm_to_me", "help_to_me", "bites_out", "harm_out", "help_out",
            "bites_in", "harm_in", "night_bites", "seen_bites", "hypno_bites", "alive_share", "not_sniffed",
            "charms_in", "mind", "net_in_2", "net_in_3",
            "harm_as_human", "harm_unlike_human", "help_as_human", "help_unlike_human", "harm_back", "human_llr",
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
    rows = [[1.0, prior, float(pub["nights"]), float(not alive[s])] + [0.0] * 22
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
    policy = _gifts_as_a_human(obs, n)
    for s in range(n):
        rows[s][17] = mind[s]
        net = rows[s][9] - rows[s][16]  # the Day Bites and Charms the table saw it receive
        rows[s][18] = float(net >= 2)
        rows[s][19] = float(net >= 3)
        rows[s][14] = share
        rows[s][15] = float(bool(sniffed) and s not in sniffed)
        rows[s][20:26] = policy[s]
    return rows, fixed


AS_HUMAN = 0.9  # how often a human gives a card as the model below says (fitted weights absorb the rest)


def _gifts_as_a_human(obs: dict[str, Any], n: int) -> list[list[float]]:
    """Per seat, how its Day gifts compare with what a human in its place would give, from public gifts only.

    A human who was harmed suspects the giver and hurts them back, and helps those who helped: so a seat's
    suspicion of each other seat is counted from the gifts the table saw it receive (harm +, help -), and each
    harmful gift it gives is "as a human" when it goes to the seat it most suspects, a helpful one when it goes to
    the seat it least suspects (only where those differ from the rest). A werewolf has no such reason to aim;
    its gifts fall anywhere. Counts of each, of harm given back to a seat that harmed it, and the log-likelihood
    ratio of the aims under "a human, AS_HUMAN of the time" against "anywhere".
    With these six inputs a human viewer's held-out Brier score (benchmarks/fit_growl_belief.py) fell from 0.224
    to 0.184 (a constant's: 0.246), and over 6-player tables (benchmarks/calibration.py growl --belief fitted)
    from 0.226 to 0.180 (0.248). The fit's games are heuristic self-play, whose humans aim this way (the +0.12 /
    -0.08 below are the heuristic's own nudges); a person may aim otherwise, and a refit on their games would
    weigh these inputs for them.
    """
    suspect = [[0.0] * n for _ in range(n)]
    alive = [True] * n
    out = [[0.0] * 6 for _ in range(n)]
    for e in merged_log(obs):
        kind, d = e["kind"], e["data"]
        if kind == "died":
            alive[d["seat"]] = False
        if kind != "gave":
            continue
        s, t, card = d["seat"], d["to"], d["card"]
        if t is None or t == s:
            continue
        harm, help_ = card in HARMFUL, card in HELPFUL
        if harm or help_:
            theirs = suspect[s]
            cand = [theirs[u] for u in range(n) if u != s and alive[u]]
            if max(cand) > min(cand):
                aim = max(cand) if harm else min(cand)
                hit = theirs[t] == aim
                out[s][(0 if harm else 2) + (not hit)] += 1
                p = AS_HUMAN * hit / cand.count(aim) + (1 - AS_HUMAN) / len(cand)
                out[s][5] += math.log(p * len(cand))
            if harm and theirs[t] > 0:
                out[s][4] += 1
        if harm:
            suspect[t][s] += 0.12
        elif help_:
            suspect[t][s] -= 0.08
    return out


# How much more of the gifts' likelihood ratio (``human_llr``: the aims under the normal bot's human policy,
# AS_HUMAN of the time, against "anywhere") the worlds' teams take on top of the fitted weight (about 0.4 of
# it). 0 is the calibrated belief alone; 0.6 would take the ratio whole, as Bayes would if the bots were the
# model; AS_HUMAN -> 0 makes the ratio 0 whatever this is (the prior). Left at 0: on 6-player deals against
# normal bots (benchmarks/clairvoyant.py's hard seat, 7 December) 0.6 won 56 of seeds 0-99 and 69 of
# 1000-1099 where 0 won 57 and 63: paired +0.025 (-0.06 to +0.11) over the 200 deals, no gain shown (0.3 won 27
# of seeds 0-49 where 0 won 30); on heuristic self-play its Brier score is 0.1655 against 0.1657 (0.3: 0.1628;
# 1.0: 0.1714).
# On the tuning seeds 3000-3099 and 4000-4099: 0.6 won 130 of 200 and 1.0 won 124 where 0 won 127.
LIKELIHOOD = 0.0

# Whether the worlds also weigh the neighbours' hands by the last Night's passes (passes.py). Off: on clairvoyant.py's
# seeds 3000-3099 and 4000-4099 (7 December) it won 128 of 200 where hard won 127 (+0.005, -0.067 to +0.077), at
# 0.37 s CPU a decision against 0.33; the neighbours' Wounds it reads are missed by 0.63 a seat against 0.67, and
# hard given the neighbours' true hands won no more either, 124 (docs/strength.md, "GROWL: what hard's worlds know").
READ_PASSES = False


def posterior(obs: dict[str, Any], likelihood: float = 0.0) -> list[float]:
    """P(seat s is a werewolf now) for every seat, from the viewer's observation; ``likelihood`` > 0 weighs
    the seats' gift aims (``human_llr``) more than the fitted weights do."""
    rows, fixed = evidence(obs)
    w = weights()["wolf" if obs["private"]["werewolf"] else "human"]
    llr = FEATURES.index("human_llr")
    out = []
    for s, x in enumerate(rows):
        if s in fixed:
            out.append(fixed[s])
            continue
        z = sum(a * b for a, b in zip(w, x)) - likelihood * x[llr]
        out.append(1.0 / (1.0 + math.exp(-max(-30.0, min(30.0, z)))))
    return out


# ---- worlds drawn from the belief (the ISMCTS advice) -----------------------------------------------------------

TRIES = 16  # team deals tried at most per kept world
CLAMP = (0.02, 0.98)  # the belief's share of a seat in the drawn worlds is kept off 0 and 1 where it is not a fact
WARMUP = (64, 8)  # uniform worlds x team deals in each, drawn first to fit the tilt to (~0.02 s)
FIT_ROUNDS = 25
MAX_TILT = 4.0  # |log-odds| a seat's tilt may reach (a seat the warm-up never or always deals a werewolf)


def _logit(x: float) -> float:
    return math.log(x / (1.0 - x))


def fit_tilt(worlds: list[dict[tuple[bool, ...], int]], target: list[float],
             rounds: int = FIT_ROUNDS) -> list[float]:
    """Log-odds ``theta`` per seat such that drawing a world's hands uniformly, then its teams with weight
    exp(sum of theta_s over the werewolf seats), makes seat s a werewolf with share ``target[s]``.

    ``worlds``: per warm-up world (one uniform deal of the hands), how often each team deal (werewolf or not, per
    seat) came up. Iterative scaling: each round moves each seat's theta by the log-odds it still misses.

    A tilt seat by seat (p/q for each) would be exact only if the seats were independent; they are not (the
    number of Wolf Zeroes is fixed, so one seat's werewolf makes another's less likely, and three net Bites in a
    hand make its holder one), and measured on a mid-game 6-player table it missed the belief by up to 0.15.
    """
    k = len(target)
    low, high = CLAMP
    goal = [_logit(min(high, max(low, t))) for t in target]
    theta = [0.0] * k
    groups = [list(w.items()) for w in worlds]
    for _ in range(rounds):
        share = [0.0] * k
        for rows in groups:
            mass = [n * math.exp(sum(t for t, w in zip(theta, wolf) if w)) for wolf, n in rows]
            total = sum(mass)
            for x, (wolf, _) in zip(mass, rows):
                for s in range(k):
                    if wolf[s]:
                        share[s] += x / total
        for s in range(k):
            m = min(high, max(low, share[s] / len(groups)))
            theta[s] = max(-MAX_TILT, min(MAX_TILT, theta[s] + goal[s] - _logit(m)))
    return theta


def determinizer(view: View, tries: int = TRIES, warmup: tuple[int, int] = WARMUP):
    """``draw(rng)``: a world re-dealt by ``view.sample`` (uniform over what the seat knows), whose teams are then
    dealt again (``redeal_teams``, same hands) until a deal is kept, with probability w / max w, where
    w = exp(sum of theta_s over the seats it makes werewolves) and theta is fitted (``fit_tilt``) so that the
    warm-up's uniform deals, so weighted world by world, make each seat a werewolf as often as the belief says.
    After ``tries`` rejected deals one of them is picked with weight w (sampling-importance-resampling).

    Only the teams are tilted, not the hands, because the belief is over teams and a team deal is cheap: the
    earlier way, rejecting whole uniform worlds, drew ~3 worlds per kept one and took half of a 6-player search
    (benchmarks/strength.py timing: median 0.72 s a decision against 0.41 s uniform; this way 0.51 s against
    0.41 s, docs/strength.md "GROWL"). The hands follow the uniform deal; they move a team only where a seat's
    hand holds three net Bites, which the deal keeps (R30).
    """
    me = view.seat
    p = posterior(view.observation, LIKELIHOOD)
    seats = [s for s in range(len(p)) if s != me and 0.0 < p[s] < 1.0]
    state: dict[str, Any] = {}
    read = passes.reading(view.observation) if READ_PASSES else None

    def prepare(rng: random.Random) -> None:
        worlds: list[dict[tuple[bool, ...], int]] = []
        count, per_world = warmup
        for _ in range(count):
            world = view.sample(rng)
            deals: dict[tuple[bool, ...], int] = {}
            for k in range(per_world):
                if k:
                    redeal_teams(world, me, rng)
                key = tuple(world.wolf[s] for s in seats)
                deals[key] = deals.get(key, 0) + 1
            worlds.append(deals)
        theta = fit_tilt(worlds, [p[s] for s in seats])
        state["tilt"] = [(s, math.exp(t)) for s, t in zip(seats, theta)]
        state["top"] = math.prod(max(1.0, math.exp(t)) for t in theta)

    pool: list[Any] = []  # every world drawn so far (kept apart from the search, which plays in its own copy)
    cum: list[float] = []  # their weights by the passes, summed

    def draw(rng: random.Random):
        if read is None:
            return draw_teams(rng)
        # sequential importance resampling: each call draws one new world (the cost of an unweighed draw, plus a
        # copy) and gives back one of all drawn so far by weight, so the worlds follow the weighed belief as the
        # pool grows, where rejection took up to PASS_TRIES draws a world (2.6 s for some decisions)
        world = draw_teams(rng)
        pool.append(world)
        cum.append((cum[-1] if cum else 0.0) + passes.likelihood(world, read))
        pick = bisect.bisect_right(cum, rng.random() * cum[-1])
        kept = pool[min(pick, len(pool) - 1)].clone()
        kept.rng = kept.reseeded(rng)  # a world drawn twice still meets its own dice
        return kept

    def draw_teams(rng: random.Random):
        world = view.sample(rng)
        if not seats:
            return world
        if "top" not in state:
            prepare(rng)
        tilt, top = state["tilt"], state["top"]
        dealt = (world.wolf[:], world.zero[:], world.sniffed)
        deals, ws = [], []
        for k in range(tries):
            if k:
                redeal_teams(world, me, rng)
            wolf = world.wolf
            x = 1.0
            for s, up in tilt:
                if wolf[s]:
                    x *= up
            if rng.random() * top < x:
                break
            deals.append((wolf[:], world.zero[:], world.sniffed))
            ws.append(x)
        else:
            world.wolf, world.zero, world.sniffed = rng.choices(deals, ws)[0]
        if world.wolf != dealt[0] and not redraw_submissions(world, me, rng):
            world.wolf, world.zero, world.sniffed = dealt  # the uniform deal's own submissions fit its teams
        return world

    return draw


def root_actions(view: View, legal: list) -> list:
    """Every legal move is searched, but a kill that hands the game to the other team when the seat can tell
    (the bot's ``Mind.loses_by``: the game ends at once, R70, and a survivor it knows decides it, R71)."""
    from .heuristic import KILLING, Mind

    if not any(a.kind in KILLING for a in legal):
        return legal
    mind = Mind(view.observation)
    return [a for a in legal if not (a.kind in KILLING and mind.loses_by(a))] or legal
