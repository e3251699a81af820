"""A Werebeasts bot that a person finds a fair opponent.

It reads only its View: it bids by what the card is worth to its own goals, pays with what it needs least,
accepts the bid worth most to it, and accuses only on strong public evidence (what others bought, bid on, kept
and paid away, and the public denials).
"""

from __future__ import annotations

import itertools
import math
import random
import types
from collections import defaultdict
from typing import Any

from hexbox.core import Action, View

from . import actions as A
from .cards import CARD_INDEX, CARDS
from .state import BEAST

BEAST_OF = {a.id: CARDS.goals[a.beast].id for a in CARDS.auction}
ICONS = {a.id: a.icons for a in CARDS.auction}
BID_CLUE = math.log(3.0)  # likelihood ratio of a bid on a beast: collectors bid, others mostly do not
HOLD_CLUE = math.log(1.3)  # per icon held: collections grow, but deals and spoils are random


# ISMCTS here: random players accuse each other out within three turns, which says little about a real
# game: rollouts follow the heuristic for a few actions (an auction settles) and `win_chances` judges the rest.
ISMCTS_DEFAULTS = {"rollout": 15, "policy": "heuristic"}
EVAL_SHARPNESS = 0.8  # how much one point of lead is worth, in log-odds of winning
CAN_WORTH = 0.15  # a can buys about a sixth of an icon later on
CHIP_WORTH = 0.25  # an off-goal card is still a payment chip and tie-break weight


def win_chances(state) -> list[float]:
    """Each seat's chance of winning from a full (sampled) position: a softmax of what it has — points if the
    game ended now, cans and off-goal cards as buying power; the eliminated have none."""
    weights = []
    for s in range(state.n):
        if state.out[s]:
            weights.append(0.0)
            continue
        goals = state.goals_of(s)
        chips = sum([1 for c in state.cards[s] if BEAST[c] not in goals])
        weights.append(math.exp(EVAL_SHARPNESS * (state.points(s) + CAN_WORTH * state.cans[s] + CHIP_WORTH * chips)))
    total = sum(weights)
    return [w / total for w in weights]


def search_actions(state, seat: int, legal: list[Action]) -> list[Action]:
    """What ISMCTS considers: no accusations. Sampled worlds weigh every deal the public facts allow alike,
    so an accusation looks right far more often than it is; the heuristic's evidence-based accusations
    are what a searching bot cannot reproduce from uniform worlds."""
    keep = [a for a in legal if type(a) is not A.Accuse]
    return keep or legal


class Heuristic:
    name = "heuristic"

    def __init__(self, accuse_threshold: float = 0.9, decoy_rate: float = 0.35):
        self.accuse_threshold = accuse_threshold
        self.decoy_rate = decoy_rate

    def act(self, view: View, rng: random.Random) -> Action:
        obs, legal = view.observation, view.legal_actions
        phase, pub, mine = obs["phase"], obs["public"], obs["private"]["my_goals"]
        if phase == "turn":
            return self._turn(view.seat, pub, mine, legal)
        if phase == "spoils":
            return self._spoils(pub, mine)
        if phase == "bidding":
            return self._bid(view.seat, pub, mine, legal, rng)
        if phase == "accept":
            return self._accept(pub, mine, legal)
        return legal[0]

    # ---- what things are worth to me --------------------------------------------------------------

    @staticmethod
    def _goals(mine: list[dict[str, Any]]) -> set[str]:
        return {g["goal"] for g in mine}

    def _card_value(self, card: str, goals: set[str]) -> float:
        # a card of my beast scores; any other card is only tie-break weight and a payment chip
        return float(ICONS[card]) if BEAST_OF[card] in goals else 0.25

    @staticmethod
    def _can_value(goals: set[str]) -> float:
        return 0.25 if "chow" in goals else 0.1

    # ---- W1: accuse on evidence, else sell ----------------------------------------------------------

    def _turn(self, seat: int, pub: dict[str, Any], mine: list[dict[str, Any]], legal: list[Action]) -> Action:
        accusable = {(a.target, a.goal): a for a in legal if isinstance(a, A.Accuse)}
        if accusable:
            beliefs = self.beliefs(seat, pub, mine)
            (target, goal), p = max(beliefs.items(), key=lambda kv: kv[1], default=((None, None), 0.0))
            alive = sum(not p["eliminated"] for p in pub["players_info"])
            threshold = self.accuse_threshold + (0.1 if alive <= 3 else 0.0)  # with three left it ends the game
            threshold -= 0.15 * (1 - pub["deck_size"] / max(1, 4 * len(pub["goals_in_play"])))
            if p >= threshold and (target, goal) in accusable:
                return accusable[(target, goal)]
        return A.SELL

    def beliefs(self, seat: int, pub: dict[str, Any], my_goals: list[dict[str, Any]]) -> dict[tuple[int, str], float]:
        """P(target holds goal) for every accusable pair: a Bayesian guess from public evidence only.

        Each clue multiplies the odds that the clue-giver collects that beast by a likelihood ratio: bidding on
        it (people bid on their own beasts, and on decoys now and then), holding it, or paying it away.
        """
        mine = self._goals(my_goals)
        up = {g["goal"] for g in pub["goal_positions"] if g["goal"]}
        denied = {(s, g) for s, g in pub["denials"]}
        log_odds: dict[int, dict[str, float]] = defaultdict(lambda: defaultdict(float))
        for sale in pub["sales"]:
            beast = BEAST_OF[sale["card"]]
            for s, bid in sale["bids"].items():
                log_odds[int(s)][beast] += BID_CLUE + 0.05 * (bid["cans"] + 2 * len(bid["cards"]))
                for c in bid["cards"]:
                    log_odds[int(s)][BEAST_OF[c]] -= BID_CLUE  # offering a card away hints it is not wanted
        for p in pub["players_info"]:
            for c in p["cards"]:
                log_odds[p["seat"]][BEAST_OF[c]] += HOLD_CLUE * ICONS[c]
            if p["cans"] >= 12:  # hoarding cans is what a Werechow collector does
                log_odds[p["seat"]]["chow"] += 0.15 * (p["cans"] - 10)
        known_neighbour = {g["shared_with"] for g in my_goals if g["shared_with"] is not None}
        out: dict[tuple[int, str], float] = {}
        for p in pub["players_info"]:
            t = p["seat"]
            if t == seat or p["eliminated"]:
                continue
            candidates = [g for g in pub["goals_in_play"] if g not in mine and g not in up and (t, g) not in denied]
            weight = {g: math.exp(min(30.0, log_odds[t][g])) for g in candidates}
            unknown = 1 if t in known_neighbour else 2  # with 5+ players I already know one of my neighbour's
            out.update({(t, g): q for g, q in _membership(weight, unknown).items()})
        return out

    # ---- W2: spoils ---------------------------------------------------------------------------------

    def _spoils(self, pub: dict[str, Any], mine: list[dict[str, Any]]) -> Action:
        goals = self._goals(mine)
        victim = pub["players_info"][pub["spoils"]["eliminated"]]
        cards = sum(self._card_value(c, goals) for c in victim["cards"])
        cans = victim["cans"] * self._can_value(goals)
        return A.TAKE_CARDS if cards >= cans and victim["cards"] else A.TAKE_CANS

    # ---- W3: bidding --------------------------------------------------------------------------------

    def _bid(self, seat: int, pub: dict[str, Any], my_goals: list[dict[str, Any]], legal: list[Action],
             rng: random.Random) -> Action:
        goals = self._goals(my_goals)
        me = pub["players_info"][seat]
        value = self._card_value(pub["sale"], goals) if BEAST_OF[pub["sale"]] in goals else 0.0
        mine = next(b for b in pub["bids"] if b["seat"] == seat)
        if value == 0 and not (mine["cans"] or mine["cards"]):
            if rng.random() >= self.decoy_rate or mine["changes"]:
                return A.PASS
            value = 0.5  # a small decoy bid now and then hides what I collect
        rival = max((b["cans"] + len(b["cards"]) for b in pub["bids"] if b["seat"] != seat), default=0)
        budget = int(2 + 3 * value)  # items I am willing to give for it
        want = min(budget, rival + 1)
        # payment: first the cards I do not need, then cans (or the reverse when cans are my points)
        spare = sorted((c for c in me["cards"] if BEAST_OF[c] not in goals), key=lambda c: ICONS[c])
        if "chow" in goals:
            cards = spare[:want]
            cans = min(me["cans"], want - len(cards))
        else:
            cans = min(me["cans"], want)
            cards = spare[: want - cans]
        return self._toward(mine, cans, set(cards), legal)

    @staticmethod
    def _toward(mine: dict[str, Any], cans: int, cards: set[str], legal: list[Action]) -> Action:
        """One edit that moves my standing offer toward (cans, cards); pass when it is there."""
        options = set(legal)
        for c in mine["cards"]:
            if c not in cards and A.RETRACT_CARD[CARD_INDEX[c]] in options:
                return A.RETRACT_CARD[CARD_INDEX[c]]
        for c in sorted(cards):
            if c not in mine["cards"] and A.OFFER_CARD[CARD_INDEX[c]] in options:
                return A.OFFER_CARD[CARD_INDEX[c]]
        if cans != mine["cans"] and A.OFFER_CANS[cans] in options:
            return A.OFFER_CANS[cans]
        return A.PASS

    # ---- W4: accept -----------------------------------------------------------------------------------

    def _accept(self, pub: dict[str, Any], mine: list[dict[str, Any]], legal: list[Action]) -> Action:
        goals = self._goals(mine)
        bids = {b["seat"]: b for b in pub["bids"]}
        can = self._can_value(goals)

        def worth(a: Action) -> float:
            b = bids[a.bidder]
            return b["cans"] * can + sum(self._card_value(c, goals) for c in b["cards"])

        return max(legal, key=worth)


def _membership(weight: dict[str, float], k: int) -> dict[str, float]:
    """P(g is one of the k hidden goals) when subsets are weighted by the product of their members' weights."""
    if len(weight) <= k:
        return {g: 1.0 for g in weight}
    total = 0.0
    mass: dict[str, float] = defaultdict(float)
    for subset in itertools.combinations(weight, k):
        w = math.prod(weight[g] for g in subset)
        total += w
        for g in subset:
            mass[g] += w
    return {g: mass[g] / total for g in weight}


#: the ``advice`` hook: what ISMCTS takes from this game
ADVICE = types.SimpleNamespace(win_chances=win_chances, search_actions=search_actions, ISMCTS_DEFAULTS=ISMCTS_DEFAULTS)
