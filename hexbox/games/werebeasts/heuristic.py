"""A Werebeasts bot that a person finds a fair opponent (spec §10).

It reads only its View: it bids by what the card is worth to its own goals, pays with what it needs least,
accepts the bid worth most to it, and accuses only on strong public evidence (what others bought, bid on, kept
and paid away, and the public denials).
"""

from __future__ import annotations

import random
from collections import defaultdict
from typing import Any

from hexbox.core import Action, View

from . import actions as A
from .cards import CARD_INDEX, CARDS

BEAST_OF = {a.id: CARDS.goals[a.beast].id for a in CARDS.auction}
ICONS = {a.id: a.icons for a in CARDS.auction}


class Heuristic:
    name = "heuristic"

    def __init__(self, accuse_threshold: float = 0.8, decoy_rate: float = 0.15):
        self.accuse_threshold = accuse_threshold
        self.decoy_rate = decoy_rate

    def act(self, view: View, rng: random.Random) -> Action:
        obs, legal = view.observation, view.legal_actions
        phase = obs["phase"]
        if phase == "turn":
            return self._turn(view.seat, obs, legal)
        if phase == "spoils":
            return self._spoils(view.seat, obs)
        if phase == "bidding":
            return self._bid(view.seat, obs, legal, rng)
        if phase == "accept":
            return self._accept(view.seat, obs, legal)
        return legal[0]

    # ---- what things are worth to me --------------------------------------------------------------

    @staticmethod
    def _goals(obs: dict[str, Any]) -> set[str]:
        return {g["goal"] for g in obs["my_goals"]}

    def _card_value(self, card: str, goals: set[str]) -> float:
        # a card of my beast scores; any other card is only tie-break weight and a payment chip
        return float(ICONS[card]) if BEAST_OF[card] in goals else 0.25

    @staticmethod
    def _can_value(goals: set[str]) -> float:
        return 0.25 if "chow" in goals else 0.1

    # ---- W1: accuse on evidence, else sell ----------------------------------------------------------

    def _turn(self, seat: int, obs: dict[str, Any], legal: list[Action]) -> Action:
        accusable = {(a.target, a.goal): a for a in legal if isinstance(a, A.Accuse)}
        if accusable:
            beliefs = self.beliefs(seat, obs)
            (target, goal), p = max(beliefs.items(), key=lambda kv: kv[1], default=((None, None), 0.0))
            alive = sum(not p["eliminated"] for p in obs["players_info"])
            threshold = self.accuse_threshold + (0.1 if alive <= 3 else 0.0)  # with three left it ends the game
            threshold -= 0.15 * (1 - obs["deck_size"] / max(1, 4 * len(obs["goals_in_play"])))
            if p >= threshold and (target, goal) in accusable:
                return accusable[(target, goal)]
        return A.SELL

    def beliefs(self, seat: int, obs: dict[str, Any]) -> dict[tuple[int, str], float]:
        """P(target holds goal) for every accusable pair, from public evidence only."""
        mine = self._goals(obs)
        up = {g["goal"] for g in obs["goal_positions"] if g["goal"]}
        denied = {(s, g) for s, g in obs["denials"]}
        evidence: dict[int, dict[str, float]] = defaultdict(lambda: defaultdict(float))
        for sale in obs["sales"]:
            beast = BEAST_OF[sale["card"]]
            for s, bid in sale["bids"].items():
                size = bid["cans"] + 2 * len(bid["cards"])
                evidence[int(s)][beast] += 0.5 + 0.15 * size
                for c in bid["cards"]:
                    evidence[int(s)][BEAST_OF[c]] -= 0.5  # offering a card away hints it is not wanted
            if sale["buyer"] == sale["seller"]:
                evidence[sale["seller"]][beast] += 0.3
        for p in obs["players_info"]:
            for c in p["cards"]:
                evidence[p["seat"]][BEAST_OF[c]] += 0.6 * ICONS[c]
            if p["cans"] >= 12:
                evidence[p["seat"]]["chow"] += 0.25 * (p["cans"] - 10)
        known_neighbour = {g["shared_with"] for g in obs["my_goals"] if g["shared_with"] is not None}
        out: dict[tuple[int, str], float] = {}
        for p in obs["players_info"]:
            t = p["seat"]
            if t == seat or p["eliminated"]:
                continue
            candidates = [g for g in obs["goals_in_play"] if g not in mine and g not in up and (t, g) not in denied]
            if not candidates:
                continue
            unknown = 1 if t in known_neighbour else 2  # with 5+ players I already know one of my neighbour's
            weights = {g: 1.0 + max(0.0, evidence[t][g]) ** 1.5 for g in candidates}
            total = sum(weights.values())
            for g, w in weights.items():
                out[(t, g)] = min(1.0, unknown * w / total)
        return out

    # ---- W2: spoils ---------------------------------------------------------------------------------

    def _spoils(self, seat: int, obs: dict[str, Any]) -> Action:
        goals = self._goals(obs)
        victim = obs["players_info"][obs["spoils"]["eliminated"]]
        cards = sum(self._card_value(c, goals) for c in victim["cards"])
        cans = victim["cans"] * self._can_value(goals)
        return A.TAKE_CARDS if cards >= cans and victim["cards"] else A.TAKE_CANS

    # ---- W3: bidding --------------------------------------------------------------------------------

    def _bid(self, seat: int, obs: dict[str, Any], legal: list[Action], rng: random.Random) -> Action:
        goals = self._goals(obs)
        me = obs["players_info"][seat]
        value = self._card_value(obs["sale"], goals) if BEAST_OF[obs["sale"]] in goals else 0.0
        mine = next(b for b in obs["bids"] if b["seat"] == seat)
        if value == 0 and not (mine["cans"] or mine["cards"]):
            if rng.random() >= self.decoy_rate or mine["changes"]:
                return A.PASS
            value = 0.5  # a small decoy bid now and then hides what I collect
        rival = max((b["cans"] + len(b["cards"]) for b in obs["bids"] if b["seat"] != seat), default=0)
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

    def _accept(self, seat: int, obs: dict[str, Any], legal: list[Action]) -> Action:
        goals = self._goals(obs)
        bids = {b["seat"]: b for b in obs["bids"]}
        can = self._can_value(goals)

        def worth(a: Action) -> float:
            b = bids[a.bidder]
            return b["cans"] * can + sum(self._card_value(c, goals) for c in b["cards"])

        return max(legal, key=worth)
