"""Werebeasts rules, section by section as in the rulebook: Setup, Accuse, Selling, End of the Game, Scoring.

Rule ids (R1…) refer to ../shared/games/werebeasts.md; the tests cite the same ids.

Representation: cards are auction indices (0..43), goals are goal indices (0..11). Goal cards lie at
*positions*: with 5-10 players, slot i sits between seat i and seat i+1; with 3-4 players, seat s owns
positions 2s and 2s+1. The last two positions are the box. Seat s+1 is on seat s's left.
"""

from __future__ import annotations

import random
from typing import Any

from hexbox.core import Event, Game, IllegalAction, Result, Rng, State

from . import actions as A
from .cards import BEASTS, CARD_INDEX, CARDS, GOAL_INDEX

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
        "changes", "turns", "_result",
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
        self._result = None
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
        c.turns, c._result = self.turns, self._result
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
        n = self.n
        s = (seat + 1) % n
        while self.out[s]:
            s = (s + 1) % n
        return s

    @property
    def actors(self) -> tuple[int, ...]:
        phase = self.phase
        if phase == TURN or phase == ACCEPT:
            return (self.active,)
        if phase == BIDDING:
            status = self.status
            return tuple(s for s in range(self.n) if status[s] == OPEN)
        if phase == SPOILS:
            return (self.spoils[0],)
        return ()

    # ---- legal actions (D14: ascending by id) -------------------------------------------------------

    def legal_actions(self, seat: int) -> list[A.Action]:
        phase = self.phase
        if not 0 <= seat < self.n:
            return []
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
            return [*self._accusations(seat), A.SELL]
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
        out = []
        for t in range(self.n):
            if t != seat and not self.out[t]:
                base = A.GOALS * t
                out += [A.ACCUSE[base + g] for g in names]
        return out

    def default_action(self, seat: int) -> A.Action:
        phase = self.phase
        if seat not in self.actors:
            raise IllegalAction(f"seat {seat} may not act now")
        if phase == TURN:
            return A.SELL
        if phase == SPOILS:
            return A.TAKE_CARDS if self.cards[self.spoils[1]] else A.TAKE_CANS
        if phase == BIDDING:
            return A.PASS
        # W4: the bid with the most items; ties to the bidder nearest the seller's left
        n, seller = self.n, self.active
        order = [(seller + i) % n for i in range(1, n)]
        best = max(order, key=lambda b: (self.offer_cans[b] + len(self.offer_cards[b]), -order.index(b)))
        return A.ACCEPT[best]

    # ---- apply ------------------------------------------------------------------------------------------

    def apply(self, seat: int, action: A.Action) -> list[Event]:
        if id(action) not in A.SHARED:  # not one of the precreated actions: vet it (seats, ids, cans, piles)
            if action not in A.SPACE.ids:
                raise IllegalAction(f"{action!r} is not a Werebeasts action")
            action = A.SPACE.actions[A.SPACE.ids[action]]
        handler = _HANDLERS[type(action)]
        if self._result is not None:
            raise IllegalAction("the game is over")
        if not 0 <= seat < self.n:  # a negative seat would index another player's bid
            raise IllegalAction(f"there is no seat {seat!r} at this table")
        return handler(self, seat, action)

    def _expect(self, phase: int, seat: int, who: int, what: str) -> None:
        if self.phase != phase:
            raise IllegalAction(f"cannot {what} now: the game is in the {PHASES[self.phase]} phase")
        if seat != who:
            raise IllegalAction(f"seat {seat} cannot {what}: it is seat {who}'s decision")

    # ---- Accuse (R13-R21) ---------------------------------------------------------------------------

    def _accuse(self, seat: int, action: A.Accuse) -> list[Event]:
        self._expect(TURN, seat, self.active, "accuse")
        target, goal = action.target, GOAL_INDEX[action.goal]
        if not (0 <= target < self.n) or target == seat or self.out[target]:
            raise IllegalAction(f"seat {target} cannot be accused: name another player still in the game")
        if goal not in self.in_play:
            raise IllegalAction(f"{action.goal} is not a goal in play")
        if goal in self.goals_of(seat):
            raise IllegalAction(f"you may not name your own goal {action.goal}")
        if goal in self.face_up_goals():
            raise IllegalAction(f"{action.goal} is face up already")
        correct = goal in self.goals_of(target)
        self.accusations += ({"accuser": seat, "target": target, "goal": action.goal, "correct": correct},)
        events = [Event("accused", {"accuser": seat, "target": target, "goal": action.goal, "correct": correct})]
        if correct:  # R15: the goal is revealed in its place and stays face up; R16: the accuser chooses
            for p in self.game.seat_positions[target]:
                if self.goal_at[p] == goal:
                    self.face_up[p] = True
                    events.append(Event("goal_revealed", {"position": p, "goal": action.goal}))
            self.out[target] = True
            self.spoils = (seat, target, True)
        else:  # R18: denied, and the accuser is out; R19: the accused chooses
            self.denials += ((target, goal),)
            self.out[seat] = True
            self.spoils = (target, seat, False)
        events.append(Event("eliminated", {"seat": self.spoils[1]}))
        self.phase = SPOILS
        return events

    def _take(self, seat: int, action: A.Take) -> list[Event]:
        self._expect(SPOILS, seat, self.spoils[0] if self.spoils else -1, "take spoils")
        chooser, victim, correct = self.spoils
        if action.pile == "cards":  # R16, R19: the other pile stays in front of the eliminated player
            moved = self.cards[victim]
            self.cards[chooser].extend(moved)
            self.cards[victim] = []
            amount: Any = [AUCTION[c].id for c in moved]
        else:
            amount = self.cans[victim]
            self.cans[chooser] += amount
            self.cans[victim] = 0
        events = [Event("took", {"seat": chooser, "from": victim, "pile": action.pile, "amount": amount})]
        self.spoils = None
        if self.out.count(False) <= 2:  # R30, D10: the spoils come first
            return events + self._end("only two players are left")
        self.phase = TURN
        if not correct:  # R20, X5: the turn passes to the left of the eliminated accuser
            self.active = self.next_alive(victim)
            self.turns += 1
            events.append(Event("turn", {"active": self.active}))
        return events  # R17: after a correct accusation the same player goes on

    # ---- Selling (R22-R29) --------------------------------------------------------------------------

    def _sell(self, seat: int, action: A.Sell) -> list[Event]:
        self._expect(TURN, seat, self.active, "sell")
        self.sale = self.deck.pop()  # R22
        events = [Event("sale", {"seller": seat, "card": AUCTION[self.sale].id, "deck": len(self.deck)})]
        status = self.status
        any_bidder = False
        for s in range(self.n):  # R23, D8
            if s != seat and not self.out[s] and (self.cards[s] or self.cans[s]):
                status[s] = OPEN
                any_bidder = True
        if not any_bidder:
            return events + self._finish_sale(seat)  # R27
        self.phase = BIDDING
        return events

    def _change_offer(self, seat: int) -> None:
        """Bookkeeping after an offer change (W3): count it, and let bidders who passed react again."""
        if self.phase != BIDDING or self.status[seat] != OPEN:
            raise IllegalAction(f"seat {seat} is not an open bidder now")
        status = self.status
        self.changes[seat] += 1
        if self.changes[seat] >= self.game.max_bid_changes:
            status[seat] = DONE
        for s in range(self.n):
            if s != seat and status[s] == PASSED:
                status[s] = OPEN

    def _offer_cans(self, seat: int, action: A.OfferCans) -> list[Event]:
        k = action.cans
        if self.phase == BIDDING and self.status[seat] == OPEN:
            if k > self.cans[seat]:
                raise IllegalAction(f"you have only {self.cans[seat]} cans")
            if k == self.offer_cans[seat]:
                raise IllegalAction(f"your bid already has {k} cans")
        self._change_offer(seat)
        self.offer_cans[seat] = k
        return self._bid_event(seat)

    def _offer_card(self, seat: int, action: A.OfferCard) -> list[Event]:
        card = CARD_INDEX[action.card]
        if self.phase == BIDDING and self.status[seat] == OPEN:
            if card not in self.cards[seat]:
                raise IllegalAction(f"you do not own {action.card}")
            if card in self.offer_cards[seat]:
                raise IllegalAction(f"{action.card} is in your bid already")
        self._change_offer(seat)
        self.offer_cards[seat].append(card)
        return self._bid_event(seat)

    def _retract_card(self, seat: int, action: A.RetractCard) -> list[Event]:
        card = CARD_INDEX[action.card]
        if self.phase == BIDDING and self.status[seat] == OPEN and card not in self.offer_cards[seat]:
            raise IllegalAction(f"{action.card} is not in your bid")
        self._change_offer(seat)
        self.offer_cards[seat].remove(card)
        return self._bid_event(seat)

    def _bid_event(self, seat: int) -> list[Event]:
        events = [Event("bid", {"seat": seat, "cans": self.offer_cans[seat],
                                "cards": [AUCTION[c].id for c in self.offer_cards[seat]]})]
        return events + self._maybe_close_window()

    def _pass(self, seat: int, action: A.Pass) -> list[Event]:
        if self.phase != BIDDING or self.status[seat] != OPEN:
            raise IllegalAction(f"seat {seat} is not an open bidder now")
        self.status[seat] = PASSED
        return [Event("passed", {"seat": seat})] + self._maybe_close_window()

    def _maybe_close_window(self) -> list[Event]:
        if OPEN in self.status:
            return []
        if any(self.offer_cans[s] or self.offer_cards[s] for s in range(self.n)):
            self.phase = ACCEPT  # W4
            return [Event("window_closed", {})]
        return self._finish_sale(self.active)  # R27, X7

    def _accept(self, seat: int, action: A.Accept) -> list[Event]:
        self._expect(ACCEPT, seat, self.active, "accept a bid")
        b = action.bidder
        if not (0 <= b < self.n) or not (self.offer_cans[b] or self.offer_cards[b]):
            raise IllegalAction(f"seat {b} has no standing bid")
        # R28: the whole bid goes to the seller, the card to the bidder
        paid = self.offer_cards[b]
        for c in paid:
            self.cards[b].remove(c)
        self.cards[seat].extend(paid)
        self.cans[b] -= self.offer_cans[b]
        self.cans[seat] += self.offer_cans[b]
        return self._finish_sale(b)

    def _finish_sale(self, buyer: int) -> list[Event]:
        seller, card = self.active, self.sale
        self.cards[buyer].append(card)
        bids = {str(s): {"cans": self.offer_cans[s], "cards": [AUCTION[c].id for c in self.offer_cards[s]]}
                for s in range(self.n) if self.offer_cans[s] or self.offer_cards[s]}
        self.sales += ({"seller": seller, "card": AUCTION[card].id, "buyer": buyer, "bids": bids},)
        events = [Event("sold", {"seller": seller, "card": AUCTION[card].id, "buyer": buyer,
                                 "paid": bids.get(str(buyer), {"cans": 0, "cards": []})})]
        self.sale = -1
        n = self.n
        self.status = [NOT_BIDDING] * n
        self.offer_cans = [0] * n
        self.offer_cards = [[] for _ in range(n)]
        self.changes = [0] * n
        if not self.deck:  # R30, X8
            return events + self._end("the last auction card was sold")
        self.phase = TURN  # R29
        self.active = self.next_alive(seller)
        self.turns += 1
        events.append(Event("turn", {"active": self.active}))
        return events

    # ---- End of the Game and Scoring (R30-R38) ------------------------------------------------------

    def points(self, seat: int) -> int:
        """R32, R33 (R38: the eliminated score nothing)."""
        if self.out[seat]:
            return 0
        goals = self.goals_of(seat)
        pts = sum([ICONS[c] for c in self.cards[seat] if BEAST[c] in goals])
        if CHOW in goals:
            pts += self.cans[seat] // CARDS.chow_cans_per_point
        return pts

    def _end(self, why: str) -> list[Event]:
        self.phase = OVER
        self.status = [NOT_BIDDING] * self.n
        scores = {s: self.points(s) for s in range(self.n)}
        self._result = decide_winners(self, scores, why)
        self.face_up = [True] * self.game.positions  # R31, D12
        goals = [CARDS.goals[g].id for g in self.goal_at]
        return [Event("game_over", {"why": why, "goals": goals, **self._result.to_json()})]

    # ---- views and resampling ------------------------------------------------------------------------

    def observe(self, seat: int | None) -> dict[str, Any]:
        from .views import observe

        return observe(self, seat)

    def resample(self, seat: int, rng: random.Random) -> WerebeastsState:
        """A world consistent with what ``seat`` knows: unseen goals and the deck order re-dealt (spec §7)."""
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


def decide_winners(state: WerebeastsState, scores: dict[int, int], why: str) -> Result:
    """R34-R38 and §6: points, then cans, then auction cards (double = 2), then the tied players lose."""
    alive = [s for s in range(state.n) if not state.out[s]]
    top = max([scores[s] for s in alive])
    tied = [s for s in alive if scores[s] == top]
    reason = f"most points ({top})"
    if len(tied) > 1:  # R35
        cans = state.cans
        most = max([cans[s] for s in tied])
        tied = [s for s in tied if cans[s] == most]
        reason = f"tie on {top} points, most cans ({most})"
    if len(tied) > 1:  # R36, X10
        size = {s: sum([ICONS[c] for c in state.cards[s]]) for s in tied}
        most = max(size.values())
        tied = [s for s in tied if size[s] == most]
        reason = f"tie on {top} points and cans, most auction cards ({most})"
    if len(tied) == 1:
        winners = frozenset(tied)
        reason = f"seat {tied[0]} wins: {reason}"
    else:  # R37, D11: the tied players lose and all the others win
        winners = frozenset([s for s in range(state.n) if s not in tied])
        reason = f"unbroken tie: seats {' and '.join(map(str, tied))} lose, everyone else wins"
    return Result(winners, scores, f"{why}; {reason}")


_HANDLERS = {
    A.Accuse: WerebeastsState._accuse,
    A.Take: WerebeastsState._take,
    A.Sell: WerebeastsState._sell,
    A.OfferCans: WerebeastsState._offer_cans,
    A.OfferCard: WerebeastsState._offer_card,
    A.RetractCard: WerebeastsState._retract_card,
    A.Pass: WerebeastsState._pass,
    A.Accept: WerebeastsState._accept,
}
