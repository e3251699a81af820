"""A Werebeasts bot that a person finds a fair opponent.

It reads only its View: it bids by what the card is worth to its own goals (with budgets drawn so that a bid's
size does not give its goals away), pays with what it needs least, accepts the bid worth most to it, and accuses
when its belief over the others' goals (belief.py: the public bids, payments and denials) makes the accusation
worth its risk: P(right) x P(I win | right) above P(I win | I only sell), with a margin.
"""

from __future__ import annotations

import math
import random
import types
from typing import Any

from hexbox.core import Action, View

from . import actions as A
from . import belief
from .cards import CARD_INDEX, CARDS, GOAL_INDEX
from .state import BEAST, BIDDING

BEAST_OF = {a.id: CARDS.goals[a.beast].id for a in CARDS.auction}
ICONS = {a.id: a.icons for a in CARDS.auction}


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
    """What ISMCTS considers: no accusations, and no raise of a bid that already leads (:func:`bid_moves`).
    Sampled worlds weigh every deal the public facts allow alike, so an accusation looks right far more often
    than it is; the heuristic's evidence-based accusations are what a searching bot cannot reproduce from
    uniform worlds."""
    if state.phase == BIDDING:
        cans, cards = state.offer_cans, state.offer_cards
        rival = max([cans[s] + len(cards[s]) for s in range(state.n) if s != seat], default=0)
        return bid_moves(legal, cans[seat], len(cards[seat]), rival)
    keep = [a for a in legal if type(a) is not A.Accuse]
    return keep or legal


def bid_moves(legal: list[Action], cans: int, cards: int, rival: int) -> list[Action]:
    """The bidding moves worth making for a seat whose standing bid has ``cans`` cans and ``cards`` cards, against
    a best rival bid of ``rival`` items: when its bid has more items than any other (the measure of the default
    acceptance, W4), it does not raise it against nobody (more cans, another card); it may pass or lower it.

    A person never bids against themselves, and the others read every bid (belief.py): a search that raises a
    leading bid pays more for nothing and tells the table a story that is not true. The rules allow it, so this
    is advice to the bots, not a rule."""
    if cans + cards <= rival:
        return legal
    keep = [a for a in legal if not (type(a) is A.OfferCard or (type(a) is A.OfferCans and a.cans > cans))]
    return keep or legal


class Heuristic:
    name = "heuristic"

    def __init__(self, decoy_rate: float = 0.35, shy_rate: float = 0.1, caution: float = 1.25,
                 min_belief: float = 0.5, accuse: bool = True):
        self.accuse = accuse  # False: a beginner who never dares (the easy level)
        self.decoy_rate = decoy_rate
        self.shy_rate = shy_rate
        self._budgets: dict[tuple[int, int, int, str], int] = {}
        # > 1 asks more than break-even before risking elimination: the value model below sees neither the
        # eliminations others will make for free nor the risk of being accused oneself
        self.caution = caution
        self.min_belief = min_belief  # a coin-flip accusation is a gamble people do not take
        self.noise = 0.0  # the share of decisions played at random (the easy level)

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

    # ---- W1: accuse when it pays in expectation, else sell ---------------------------------------------

    def _turn(self, seat: int, pub: dict[str, Any], mine: list[dict[str, Any]], legal: list[Action]) -> Action:
        accusations = [a for a in legal if isinstance(a, A.Accuse)]
        if accusations and self.accuse:
            choice = self.best_accusation(seat, pub, mine, accusations)
            if choice is not None:
                return next(a for a in accusations if (a.target, a.goal) == choice[0])
        return A.SELL

    def best_accusation(self, seat: int, pub: dict[str, Any], mine: list[dict[str, Any]],
                        accusations: list[Action] | None = None
                        ) -> tuple[tuple[int, str], float, float, float] | None:
        """The accusation worth making, as ``((target, goal), P(right), my chance of winning if right, my chance
        if I only sell)``, or None when none is: a wrong accusation eliminates me (R18), so one is worth making
        only when P(right) x P(win | right) > P(win | I sell). ``accusations``: the legal ones (None: any)."""
        post = belief.posterior(seat, pub, mine)
        goals = self._goals(mine)
        held = _holdings(seat, pub, goals, post)
        worth = _priced(held)
        alive = [p["seat"] for p in pub["players_info"] if not p["eliminated"]]
        played = 1 - pub["deck_size"] / (4 * (len(pub["goals_in_play"]) - 1))  # share of the auction deck sold
        now = _win_share(worth, alive, seat, played)
        best = None
        if_right: dict[int, float] = {}  # by target: it does not depend on the goal named
        bar = now * self.caution
        # the legal pairs, looked up once a belief clears the bar (none does in about 2 turns of 5)
        accusable: set[tuple[int, str]] | None = None
        for t, q in post.items():
            for g, p in q.items():
                if p <= bar or p < self.min_belief:  # not even a sure win after it would do
                    continue
                if accusations is not None:
                    if accusable is None:
                        accusable = {(a.target, a.goal) for a in accusations}
                    if (t, g) not in accusable:
                        continue
                if t not in if_right:
                    if_right[t] = self._if_right(seat, t, pub, goals, post, alive, played, held)
                right = if_right[t]
                if p * right > bar and (best is None or p * right > best[1] * best[2]):
                    best = ((t, g), p, right, now)
        return best

    def _if_right(self, seat: int, target: int, pub: dict[str, Any], goals: set[str], post: dict[int, dict[str, float]],
                  alive: list[int], played: float, held: dict[int, tuple[float, float, int]] | None = None) -> float:
        """My chance of winning after a right accusation of ``target``: it is out, I take the better pile (R16);
        with three left the game ends at once (R30) and points decide."""
        rest = [s for s in alive if s != target]
        ending = len(rest) <= 2
        victim = pub["players_info"][target]
        per_point = 1 / CARDS.chow_cans_per_point if "chow" in goals else 0.0
        if ending:
            cards = sum(ICONS[c] for c in victim["cards"] if BEAST_OF[c] in goals)
            cans = victim["cans"] * (per_point + 0.01)
        else:
            cards = sum(ICONS[c] if BEAST_OF[c] in goals else CHIP_WORTH for c in victim["cards"])
            cans = victim["cans"] * (CAN_WORTH + per_point)
        after = _priced(_holdings(seat, pub, goals, post) if held is None else held, ending)
        after[seat] += max(cards, cans)
        return _win_share(after, rest, seat, 1.0 if ending else played, ending)

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
        mine = next(b for b in pub["bids"] if b["seat"] == seat)
        budget = self._budget(seat, pub, goals, mine, rng)
        if budget == 0:
            return A.PASS if not (mine["cans"] or mine["cards"]) else self._toward(mine, 0, set(), legal)
        rival = max([b["cans"] + len(b["cards"]) for b in pub["bids"] if b["seat"] != seat], default=0)
        want = min(budget, rival + 1)
        # payment: first the cards I do not need, then cans (or the reverse when cans are my points)
        spare = sorted([c for c in me["cards"] if BEAST_OF[c] not in goals], key=ICONS.__getitem__)
        if "chow" in goals:
            cards = spare[:want]
            cans = min(me["cans"], want - len(cards))
        else:
            cans = min(me["cans"], want)
            cards = spare[: want - cans]
        return self._toward(mine, cans, set(cards), legal)

    def _budget(self, seat: int, pub: dict[str, Any], goals: set[str], mine: dict[str, Any],
                rng: random.Random) -> int:
        """The most items I will give for the card on sale, drawn once per sale and kept for its window.

        Bids are public and read by everyone (belief.py): a collector who always bids high on its own beasts
        and never on others is accused within a few turns. So the budgets of real and decoy bids overlap: a
        collector's is 2 to 2 + 3 x icons (sometimes none: the card goes, the secret stays), a decoy's 1 to
        2 + 2 x icons, now and then."""
        key = (seat, pub["turn"], len(pub["sales"]), pub["sale"])
        budget = self._budgets.get(key)
        if budget is None:
            icons = ICONS[pub["sale"]]
            if BEAST_OF[pub["sale"]] in goals:
                budget = 0 if rng.random() < self.shy_rate else rng.randint(2, 2 + 3 * icons)
            elif mine["changes"] or rng.random() >= self.decoy_rate:
                budget = 0
            else:
                budget = rng.randint(1, 2 + 2 * icons)
            if len(self._budgets) > 4096:  # one bot may sit at many tables (the server keeps it): forget old sales
                self._budgets.clear()
            self._budgets[key] = budget
        return budget

    def budget_odds(self, icons: int, collects: bool) -> dict[int, float]:
        """The law of the budget :meth:`_budget` draws for a card of ``icons`` whose beast the bot collects or
        not (for the sale's first decision): budget -> probability. A reading of this bot's bids
        (opponent.py) takes it from here; tests/werebeasts/test_werebeasts_opponent.py checks both agree."""
        if collects:
            top = 2 + 3 * icons
            return {0: self.shy_rate, **dict.fromkeys(range(2, top + 1), (1 - self.shy_rate) / (top - 1))}
        top = 2 + 2 * icons
        return {0: 1 - self.decoy_rate, **dict.fromkeys(range(1, top + 1), self.decoy_rate / top)}

    @staticmethod
    def _toward(mine: dict[str, Any], cans: int, cards: set[str], legal: list[Action]) -> Action:
        """One edit that moves my standing offer toward (cans, cards); pass when it is there."""
        retractable, offerable, biddable = _edits(legal)
        for c in mine["cards"]:
            if c not in cards and c in retractable:
                return A.RETRACT_CARD[CARD_INDEX[c]]
        for c in sorted(cards):
            if c not in mine["cards"] and c in offerable:
                return A.OFFER_CARD[CARD_INDEX[c]]
        if cans != mine["cans"] and cans in biddable:
            return A.OFFER_CANS[cans]
        return A.PASS

    # ---- W4: accept -----------------------------------------------------------------------------------

    def _accept(self, pub: dict[str, Any], mine: list[dict[str, Any]], legal: list[Action]) -> Action:
        goals = self._goals(mine)
        bids = {b["seat"]: b for b in pub["bids"]}
        return max(legal, key=lambda a: self.bid_worth(bids[a.bidder], goals))

    def bid_worth(self, bid: dict[str, Any], goals: set[str] | frozenset[str]) -> float:
        """What a bid (its cans and cards) is worth to a seller with ``goals``: the bid it accepts is the best."""
        return bid["cans"] * self._can_value(goals) + sum(self._card_value(c, goals) for c in bid["cards"])


def _edits(legal: list[Action]) -> tuple[set[str], set[str], set[int]]:
    """(the cards I may take back, the cards I may offer, the can counts I may bid) among ``legal``: what
    ``set(legal)`` would tell, without hashing each action (a bid's legal list holds a move per can count;
    bot_speed.py's 20 games: the bot's 1181 bids 8.6-9.1 -> 8.0-8.1 ms)."""
    retractable, offerable, biddable = set(), set(), set()
    for a in legal:
        kind = type(a)
        if kind is A.OfferCans:
            biddable.add(a.cans)
        elif kind is A.OfferCard:
            offerable.add(a.card)
        elif kind is A.RetractCard:
            retractable.add(a.card)
    return retractable, offerable, biddable


END_SHARPNESS = 3.0  # once the game is over, points decide: a lead of one point is nearly a win


def _worths(seat: int, pub: dict[str, Any], goals: set[str], post: dict[int, dict[str, float]],
            ending: bool = False) -> dict[int, float]:
    """What each living seat has, in points: its points if the game ended now (for the others, expected over
    my belief about their goals), cans and off-goal cards as buying power, as in :func:`win_chances`; when
    the game ends, points only (cans break ties, R35)."""
    return _priced(_holdings(seat, pub, goals, post), ending)


def _holdings(seat: int, pub: dict[str, Any], goals: set[str], post: dict[int, dict[str, float]]
              ) -> dict[int, tuple[float, float, int]]:
    """(points, off-goal cards, cans) of each living seat, as :func:`_worths` weighs them: one decision weighs them
    once, whatever the accusations it tries (bot_speed.py, 20 games: best_accusation without
    the posterior 9.3 -> 7.6 ms)."""
    out = {}
    per_point = CARDS.chow_cans_per_point
    shown_at = {g["position"]: g["goal"] for g in pub["goal_positions"] if g["goal"]}
    for p in pub["players_info"]:
        s = p["seat"]
        if p["eliminated"]:
            continue
        if s == seat:
            chance = dict.fromkeys(goals, 1.0)
        else:
            chance = dict(post.get(s, {}))
            if shown_at:
                chance.update(dict.fromkeys([shown_at[q] for q in p["positions"] if q in shown_at], 1.0))
        cards = p["cards"]
        odds = [chance.get(BEAST_OF[c], 0.0) for c in cards]
        points = sum([ICONS[c] * q for c, q in zip(cards, odds)])
        points += chance.get("chow", 0.0) * (p["cans"] // per_point)
        out[s] = (points, sum([1 - q for q in odds]), p["cans"])
    return out


def _priced(holdings: dict[int, tuple[float, float, int]], ending: bool = False) -> dict[int, float]:
    if ending:
        return {s: points + 0.01 * cans for s, (points, _, cans) in holdings.items()}
    return {s: points + CAN_WORTH * cans + CHIP_WORTH * chips for s, (points, chips, cans) in holdings.items()}


def _win_share(worth: dict[int, float], alive: list[int], seat: int, played: float, ending: bool = False) -> float:
    """My chance of winning among ``alive``: a softmax of what each has, sharper as the deck runs out (early on,
    a lead of a few points says little of the end) and sharpest when the game is over."""
    sharp = END_SHARPNESS if ending else EVAL_SHARPNESS * (0.25 + 0.75 * max(0.0, played))
    top = max(worth[s] for s in alive)
    weights = {s: math.exp(sharp * (worth[s] - top)) for s in alive}
    return weights[seat] / sum(weights.values())


def determinizer(view: View, deal=None):
    """``draw(rng)``: worlds re-dealt as ``view.sample`` does, then the hidden goals dealt again from the seat's
    belief (belief.sampler, or ``deal(rng) -> {position: goal}``): a seat that bid like a shark collector holds
    the sharks in most worlds."""
    obs = view.observation
    if deal is None:
        deal = belief.sampler(view.seat, obs["public"], obs["private"]["my_goals"])

    def draw(rng: random.Random):
        world = view.sample(rng)
        for position, goal in deal(rng).items():
            world.goal_at[position] = GOAL_INDEX[goal]
        return world

    return draw


ROOT_ACCUSATIONS = 3  # the accusations the search weighs against selling: the likeliest right ones


def root_actions(view: View, legal: list[Action], posterior=None, at_least: float = 0.5) -> list[Action]:
    """What ISMCTS weighs at its root with worlds drawn from the belief: every move but accusations, and the
    ``ROOT_ACCUSATIONS`` accusations the belief (belief.posterior, or ``posterior(view)``) gives the best chance
    of being right (at least ``at_least``); in a bidding window, no raise of a bid that already leads
    (:func:`bid_moves`)."""
    obs = view.observation
    if obs["phase"] == "bidding":
        bids = obs["public"]["bids"]
        mine = next(b for b in bids if b["seat"] == view.seat)
        rival = max([b["cans"] + len(b["cards"]) for b in bids if b["seat"] != view.seat], default=0)
        return bid_moves(legal, mine["cans"], len(mine["cards"]), rival)
    keep = [a for a in legal if type(a) is not A.Accuse]
    accusable = {(a.target, a.goal): a for a in legal if type(a) is A.Accuse}
    if not accusable:
        return keep
    if posterior is None:
        post = belief.posterior(view.seat, obs["public"], obs["private"]["my_goals"])
    else:
        post = posterior(view)
    odds = sorted(((p, pair) for t, q in post.items() for g, p in q.items() if (pair := (t, g)) in accusable),
                  reverse=True)
    return keep + [accusable[pair] for p, pair in odds[:ROOT_ACCUSATIONS] if p >= at_least]


#: the ``advice`` hook: what ISMCTS takes from this game
ADVICE = types.SimpleNamespace(win_chances=win_chances, search_actions=search_actions, ISMCTS_DEFAULTS=ISMCTS_DEFAULTS,
                               determinizer=determinizer, root_actions=root_actions)
