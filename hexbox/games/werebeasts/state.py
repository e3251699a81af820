"""Werebeasts' table and positions: the set-up (R1-R10), what a position holds, who may do what in it.

The leaf of the game: every other module of the package may import it, and it imports none of them but the
actions and the cards. The moves are in rules.py, the observation in views.py; game.py joins them. Rule ids (R1…)
refer to docs/games/werebeasts.md; the tests cite the same ids.

Representation: cards are auction indices (0..43), goals are goal indices (0..11). Goal cards lie at
*positions*: with 5-10 players, slot i sits between seat i and seat i+1; with 3-4 players, seat s owns
positions 2s and 2s+1. The last two positions are the box. Seat s+1 is on seat s's left.
"""

from __future__ import annotations

import random
from typing import Any

from hexbox.core import Game, Rng, State, next_seat, round_from

from . import actions as A
from .cards import BEASTS, CARDS

CHOW = CARDS.chow
AUCTION = CARDS.auction
ICONS = tuple(a.icons for a in AUCTION)  # plain tuples: scoring reads them for every card
BEAST = tuple(a.beast for a in AUCTION)

TURN, SPOILS, BIDDING, ACCEPT, OVER = range(5)
PHASES = ("turn", "spoils", "bidding", "accept", "over")
NOT_BIDDING, OPEN, PASSED, DONE = range(4)
STATUS = ("none", "open", "passed", "done")


class WerebeastsGame(Game):
    name = "werebeasts"
    action_space = A.SPACE

    def __init__(self, players: int, options: dict[str, Any]):
        super().__init__(players, options)
        n = players
        self.private_goals = n <= 4  # R8: the special 3-4 player setup
        if self.private_goals:
            self.seat_positions = tuple((2 * s, 2 * s + 1) for s in range(n))
            self.beasts_in_play = 2 * n + 1  # R4, D1
        else:
            # R7: seat s sees the slot on its right (s-1, shared with its right neighbour) and on its left (s)
            self.seat_positions = tuple(((s - 1) % n, s) for s in range(n))
            self.beasts_in_play = n + 1  # R3
        self.table_positions = 2 * n if self.private_goals else n
        self.positions = self.table_positions + 2  # + the box
        # who may look at each position (R7, R8); the box: nobody
        seers: list[list[int]] = [[] for _ in range(self.positions)]
        for s, ps in enumerate(self.seat_positions):
            for p in ps:
                seers[p].append(s)
        self.position_seers = tuple(tuple(sorted(x)) for x in seers)
        self.max_bid_changes: int = options["max_bid_changes"]

    def new_state(self, seed: int) -> WerebeastsState:
        return WerebeastsState.setup(self, seed)


class WerebeastsState(State):
    __slots__ = (
        "n", "in_play", "goal_at", "face_up", "deck", "cards", "cans", "out", "denials", "accusations",
        "sales", "dealer", "active", "phase", "spoils", "sale", "status", "offer_cans", "offer_cards",
        "changes", "turns",
    )

    game: WerebeastsGame

    # ---- Setup (R1-R10) ---------------------------------------------------------------------------------

    @classmethod
    def setup(cls, game: WerebeastsGame, seed: int) -> WerebeastsState:
        self = cls.__new__(cls)
        n = game.players
        rng = Rng(seed)
        self.game, self.rng, self.n = game, rng, n
        beasts = sorted(rng.sample(range(BEASTS), game.beasts_in_play))  # R3, R4
        self.in_play = (*beasts, CHOW)
        deck = [4 * b + k for b in beasts for k in range(4)]  # R2, R5
        rng.shuffle(deck)
        self.deck = deck  # the top card is the last one
        goals = list(self.in_play)
        rng.shuffle(goals)  # R6, R8: the last two go to the box
        self.goal_at = goals
        self.face_up = [False] * game.positions
        self.cans = [CARDS.cans_per_player] * n  # R9
        self.cards = [[] for _ in range(n)]
        self.out = [False] * n
        self.denials: tuple[tuple[int, int], ...] = ()
        self.accusations: tuple[dict[str, Any], ...] = ()
        self.sales: tuple[dict[str, Any], ...] = ()
        dealer = game.options["dealer"]
        self.dealer = rng.randrange(n) if dealer < 0 else dealer  # R10
        for i in range(1, n + 1):
            self.cards[(self.dealer + i) % n].append(self.deck.pop())
        self.active = (self.dealer + 1) % n
        self.phase = TURN
        self.spoils: tuple[int, int, bool] | None = None  # (chooser, eliminated, accusation was correct)
        self.sale = -1
        self.status = [NOT_BIDDING] * n
        self.offer_cans = [0] * n
        self.offer_cards = [[] for _ in range(n)]
        self.changes = [0] * n
        self.turns = 1
        self._result, self.is_over = None, False
        self.actors = (self.active,)
        return self

    def clone(self) -> WerebeastsState:
        c = WerebeastsState.__new__(WerebeastsState)
        c.game, c.rng, c.n = self.game, self.rng.clone(), self.n
        c.in_play, c.denials, c.accusations, c.sales = self.in_play, self.denials, self.accusations, self.sales
        c.goal_at, c.face_up, c.deck, c.cans, c.out = (
            self.goal_at[:], self.face_up[:], self.deck[:], self.cans[:], self.out[:])
        c.cards = [x[:] for x in self.cards]
        c.dealer, c.active, c.phase, c.spoils, c.sale = self.dealer, self.active, self.phase, self.spoils, self.sale
        c.status, c.offer_cans, c.changes = self.status[:], self.offer_cans[:], self.changes[:]
        c.offer_cards = [x[:] for x in self.offer_cards]
        c.turns, c._result, c.is_over, c.actors = self.turns, self._result, self.is_over, self.actors
        return c

    # ---- queries --------------------------------------------------------------------------------------

    def goals_of(self, seat: int) -> tuple[int, int]:
        a, b = self.game.seat_positions[seat]
        return self.goal_at[a], self.goal_at[b]

    def face_up_goals(self) -> set[int]:
        if True not in self.face_up:  # the common case, and legal_actions asks every turn
            return set()
        return {g for g, up in zip(self.goal_at, self.face_up) if up}

    def alive(self) -> list[int]:
        return [s for s in range(self.n) if not self.out[s]]

    def next_alive(self, seat: int) -> int:
        """The first non-eliminated player to the left of ``seat`` (R11)."""
        return next_seat(seat, self.n, skip=self.out.__getitem__)

    # ``actors`` (core's plain attribute) is set wherever the phase, the Active Player or a bidder's status
    # changes: the Active Player in `turn` and `accept`, the spoils chooser, the open bidders, () at the end.
    # It is read twice per action (by the caller and by core's gate): as a property it cost 5-6% of the time of
    # a random 5-player playout.

    def open_bidders(self) -> tuple[int, ...]:
        status = self.status
        return tuple([s for s in range(self.n) if status[s] == OPEN])

    @property
    def phase_name(self) -> str:
        return PHASES[self.phase]

    # ---- legal actions (D14: ascending by id) -------------------------------------------------------

    def _legal_actions(self, seat: int) -> list[A.Action]:
        phase = self.phase
        if phase == BIDDING:
            if self.status[seat] != OPEN:
                return []
            out = A.OFFER_CANS[: self.cans[seat] + 1]
            del out[self.offer_cans[seat]]  # offering what is already offered is no change
            offered = self.offer_cards[seat]
            out += [A.OFFER_CARD[c] for c in sorted(self.cards[seat]) if c not in offered]
            out += [A.RETRACT_CARD[c] for c in sorted(offered)]
            out.append(A.PASS)
            return out
        if phase == TURN:
            if seat != self.active:
                return []
            out = self._accusations(seat)
            out.append(A.SELL)
            return out
        if phase == SPOILS:
            return [A.TAKE_CARDS, A.TAKE_CANS] if seat == self.spoils[0] else []
        if phase == ACCEPT:
            if seat != self.active:
                return []
            return [A.ACCEPT[b] for b in range(self.n) if self.offer_cans[b] or self.offer_cards[b]]
        return []

    def _accusations(self, seat: int) -> list[A.Action]:
        # R13, R14, D3: another living player; a goal type in play, not one of mine, not face up
        barred = set(self.goals_of(seat)) | self.face_up_goals()
        names = [g for g in self.in_play if g not in barred]
        out: list[A.Action] = []
        dead = self.out
        for t, row in enumerate(A.ACCUSE_BY_TARGET[: self.n]):
            if t != seat and not dead[t]:
                out += [row[g] for g in names]
        return out

    def _default_action(self, seat: int) -> A.Action:
        phase = self.phase
        if phase == TURN:
            return A.SELL
        if phase == SPOILS:
            return A.TAKE_CARDS if self.cards[self.spoils[1]] else A.TAKE_CANS
        if phase == BIDDING:
            return A.PASS
        # W4: the bid with the most items; ties to the bidder nearest the seller's left
        n, seller = self.n, self.active
        order = round_from((seller + 1) % n, n)[:-1]  # clockwise from the seller's left, the seller left out
        best = max(order, key=lambda b: (self.offer_cans[b] + len(self.offer_cards[b]), -order.index(b)))
        return A.ACCEPT[best]

    # ---- scoring (R32, R33) -------------------------------------------------------------------------

    def points(self, seat: int) -> int:
        """R32, R33 (R38: the eliminated score nothing)."""
        if self.out[seat]:
            return 0
        goals = self.goals_of(seat)
        pts = sum([ICONS[c] for c in self.cards[seat] if BEAST[c] in goals])
        if CHOW in goals:
            pts += self.cans[seat] // CARDS.chow_cans_per_point
        return pts

    # ---- resampling ------------------------------------------------------------------------------

    def _resample(self, seat: int, rng: random.Random) -> WerebeastsState:
        """A world consistent with what ``seat`` knows: unseen goals and the deck order re-dealt ("Hidden
        information" in docs/games/werebeasts.md)."""
        world = self.clone()
        world.rng = self.reseeded(rng)
        if self._result is None:
            mine = set(self.game.seat_positions[seat])
            hidden = [p for p in range(self.game.positions) if p not in mine and not self.face_up[p]]
            types = [self.goal_at[p] for p in hidden]
            for p, g in zip(hidden, deal_constrained(hidden, types, self._forbidden(), rng)):
                world.goal_at[p] = g
        rng.shuffle(world.deck)
        return world

    def _forbidden(self) -> dict[int, set[int]]:
        """position -> goal types that a public denial rules out there."""
        out: dict[int, set[int]] = {}
        for seat, goal in self.denials:
            for p in self.game.seat_positions[seat]:
                out.setdefault(p, set()).add(goal)
        return out


def deal_constrained(positions: list[int], types: list[int], forbidden: dict[int, set[int]],
                     rng: random.Random) -> list[int]:
    """A uniformly shuffled assignment of ``types`` to ``positions`` avoiding forbidden pairs.

    Rejection sampling keeps the deal uniform over valid assignments; the true deal is always valid, so
    a backtracking search is the fallback when constraints are tight.
    """
    types = types[:]
    for _ in range(200):
        rng.shuffle(types)
        if all(g not in forbidden.get(p, ()) for p, g in zip(positions, types)):
            return types
    return _backtrack(positions, types, forbidden, rng)


def _backtrack(positions: list[int], types: list[int], forbidden: dict[int, set[int]],
               rng: random.Random) -> list[int]:
    order = sorted(range(len(positions)), key=lambda i: -len(forbidden.get(positions[i], ())))
    chosen: list[int | None] = [None] * len(positions)
    pool = types[:]

    def place(k: int) -> bool:
        if k == len(order):
            return True
        i = order[k]
        options = list(dict.fromkeys(pool))
        rng.shuffle(options)
        for g in options:
            if g in forbidden.get(positions[i], ()):
                continue
            pool.remove(g)
            chosen[i] = g
            if place(k + 1):
                return True
            pool.append(g)
        return False

    if not place(0):
        raise AssertionError("no deal satisfies the public denials")
    return [g for g in chosen if g is not None]
