"""Werebeasts rules, section by section as in the rulebook: Setup, Accuse, Selling, End of the Game, Scoring.

Rule ids (R1…) refer to docs/games/werebeasts.md; the tests cite the same ids.

Representation: cards are auction indices (0..43), goals are goal indices (0..11). Goal cards lie at
*positions*: with 5-10 players, slot i sits between seat i and seat i+1; with 3-4 players, seat s owns
positions 2s and 2s+1. The last two positions are the box. Seat s+1 is on seat s's left.
"""

from __future__ import annotations

import random
from typing import Any

from hexbox.core import Event, Game, IllegalAction, Result, Rng, State, next_seat, round_from

from . import actions as A
from . import views
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
        "changes", "turns", "_result", "actors",
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
        c.turns, c._result, c.actors = self.turns, self._result, self.actors
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

    # ``actors`` is a plain attribute (a slot), set wherever the phase, the Active Player or a bidder's status
    # changes: the Active Player in `turn` and `accept`, the spoils chooser, the open bidders, () at the end.
    # It is read twice per action (by the caller and by core's gate): as a property it cost 5-6% of the time of
    # a random 5-player playout.

    def _open_bidders(self) -> tuple[int, ...]:
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

    # ---- checks: core has made sure the game goes on and ``seat`` is one of the actors ------------------
    # Each check refuses exactly what _legal_actions leaves out, and changes nothing. The actors of a phase are
    # the only seats that act in it (the Active Player, the spoils chooser, the open bidders, the seller), so
    # the phase is all that is left to check for most kinds.

    def _not_now(self, what: str) -> IllegalAction:
        return IllegalAction(f"cannot {what} now: the game is in the {PHASES[self.phase]} phase")

    def _check_take(self, seat: int, action: A.Take) -> None:
        if self.phase != SPOILS:  # W2: both piles, even an empty one
            raise self._not_now("take spoils")

    def _check_sell(self, seat: int, action: A.Sell) -> None:
        if self.phase != TURN:  # R12, D2: always possible on one's turn
            raise self._not_now("sell")

    def _check_accuse(self, seat: int, action: A.Accuse) -> None:
        if self.phase != TURN:  # R12, R13: only the Active Player, before selling
            raise self._not_now("accuse")
        target, goal = action.target, GOAL_INDEX[action.goal]
        if target >= self.n:
            raise IllegalAction(f"seat {target} cannot be accused: there is no seat {target} at this table "
                                f"(seats 0 to {self.n - 1})")
        if target == seat or self.out[target]:  # R13, R21
            raise IllegalAction(f"seat {target} cannot be accused: name another player still in the game")
        if goal not in self.in_play:  # D3
            raise IllegalAction(f"{action.goal} is not a goal in play")
        if goal in self.goals_of(seat):  # R14
            raise IllegalAction(f"you may not name your own goal {action.goal}")
        if goal in self.face_up_goals():  # R14, X3
            raise IllegalAction(f"{action.goal} is face up already")

    def _check_offer_cans(self, seat: int, action: A.OfferCans) -> None:
        if self.phase != BIDDING:  # W3: the actors of the window are its open bidders
            raise self._not_now("bid")
        k = action.cans
        if k > self.cans[seat]:  # R24
            raise IllegalAction(f"you have only {self.cans[seat]} cans")
        if k == self.offer_cans[seat]:  # W3: a change, or nothing
            raise IllegalAction(f"your bid already has {k} cans")

    def _check_offer_card(self, seat: int, action: A.OfferCard) -> None:
        if self.phase != BIDDING:
            raise self._not_now("bid")
        card = CARD_INDEX[action.card]
        if card not in self.cards[seat]:  # R24: one's own cards
            raise IllegalAction(f"you do not own {action.card}")
        if card in self.offer_cards[seat]:
            raise IllegalAction(f"{action.card} is in your bid already")

    def _check_retract_card(self, seat: int, action: A.RetractCard) -> None:
        if self.phase != BIDDING:
            raise self._not_now("change a bid")
        if CARD_INDEX[action.card] not in self.offer_cards[seat]:  # R25
            raise IllegalAction(f"{action.card} is not in your bid")

    def _check_pass(self, seat: int, action: A.Pass) -> None:
        if self.phase != BIDDING:  # D6: the seller may not pass instead of accepting
            raise self._not_now("pass")

    def _check_accept(self, seat: int, action: A.Accept) -> None:
        if self.phase != ACCEPT:  # D7: only once the window has closed
            raise self._not_now("accept a bid")
        b = action.bidder
        if b >= self.n:  # R26: a standing bid of a seat of this table; never an index past the end
            raise IllegalAction(f"seat {b} has no standing bid: there is no seat {b} at this table "
                                f"(seats 0 to {self.n - 1})")
        if not (self.offer_cans[b] or self.offer_cards[b]):  # R26
            raise IllegalAction(f"seat {b} has no standing bid")

    # ---- Accuse (R13-R21) ---------------------------------------------------------------------------

    def _accuse(self, seat: int, action: A.Accuse) -> list[Event]:
        target, goal = action.target, GOAL_INDEX[action.goal]
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
        self.actors = (self.spoils[0],)
        return events

    def _take(self, seat: int, action: A.Take) -> list[Event]:
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
            return events + self._end("two_left")
        self.phase = TURN
        if not correct:  # R20, X5: the turn passes to the left of the eliminated accuser
            self.active = self.next_alive(victim)
            self.turns += 1
            events.append(Event("turn", {"active": self.active}))
        self.actors = (self.active,)
        return events  # R17: after a correct accusation the same player goes on

    # ---- Selling (R22-R29) --------------------------------------------------------------------------

    def _sell(self, seat: int, action: A.Sell) -> list[Event]:
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
        self.actors = self._open_bidders()
        return events

    def _change_offer(self, seat: int) -> None:
        """Bookkeeping after an offer change (W3): count it, and let bidders who passed react again."""
        status = self.status
        self.changes[seat] += 1
        if self.changes[seat] >= self.game.max_bid_changes:
            status[seat] = DONE
        for s in range(self.n):
            if s != seat and status[s] == PASSED:
                status[s] = OPEN

    def _offer_cans(self, seat: int, action: A.OfferCans) -> list[Event]:
        self._change_offer(seat)
        self.offer_cans[seat] = action.cans
        return self._bid_event(seat)

    def _offer_card(self, seat: int, action: A.OfferCard) -> list[Event]:
        self._change_offer(seat)
        self.offer_cards[seat].append(CARD_INDEX[action.card])
        return self._bid_event(seat)

    def _retract_card(self, seat: int, action: A.RetractCard) -> list[Event]:
        self._change_offer(seat)
        self.offer_cards[seat].remove(CARD_INDEX[action.card])
        return self._bid_event(seat)

    def _bid_event(self, seat: int) -> list[Event]:
        events = [Event("bid", {"seat": seat, "cans": self.offer_cans[seat],
                                "cards": [AUCTION[c].id for c in self.offer_cards[seat]]})]
        return events + self._maybe_close_window()

    def _pass(self, seat: int, action: A.Pass) -> list[Event]:
        self.status[seat] = PASSED
        return [Event("passed", {"seat": seat})] + self._maybe_close_window()

    def _maybe_close_window(self) -> list[Event]:
        if OPEN in self.status:
            self.actors = self._open_bidders()
            return []
        if any(self.offer_cans[s] or self.offer_cards[s] for s in range(self.n)):
            self.phase = ACCEPT  # W4
            self.actors = (self.active,)
            return [Event("window_closed", {})]
        return self._finish_sale(self.active)  # R27, X7

    def _accept(self, seat: int, action: A.Accept) -> list[Event]:
        # R28: the whole bid goes to the seller, the card to the bidder
        b = action.bidder
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
            return events + self._end("deck")
        self.phase = TURN  # R29
        self.active = self.next_alive(seller)
        self.actors = (self.active,)
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

    def _end(self, ending: str) -> list[Event]:
        """R30: ``ending`` is "deck" (the last card was sold) or "two_left" (only two players are left)."""
        why = ENDINGS[ending]
        self.phase = OVER
        self.actors = ()
        self.status = [NOT_BIDDING] * self.n
        scores = {s: self.points(s) for s in range(self.n)}
        self._result = decide_winners(self, scores, why)
        self.face_up = [True] * self.game.positions  # R31, D12
        goals = [CARDS.goals[g].id for g in self.goal_at]
        return [Event("game_over", {"why": why, "goals": goals, **self._result.to_json()})]

    # ---- views and resampling ------------------------------------------------------------------------

    def _public(self) -> dict[str, Any]:
        return views.public(self)

    def _private(self, seat: int) -> dict[str, Any]:
        return views.private(self, seat)

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


#: how the game ended (R30), in the words of Result.reason; the code is kept in the designer statistics
ENDINGS = {"deck": "the last auction card was sold", "two_left": "only two players are left"}

#: Result.kind: the step of R34-R37 that decided the game
RESULT_KINDS = ("most_points", "tie_most_cans", "tie_most_cards", "unbroken_tie")


def decide_winners(state: WerebeastsState, scores: dict[int, int], why: str) -> Result:
    """R34-R38: points, then cans, then auction cards (double = 2), then the tied players lose.

    ``kind`` says which step decided: "most_points" (R34), "tie_most_cans" (R35), "tie_most_cards" (R36) or
    "unbroken_tie" (R37); how the game ended (``why``) opens the reason."""
    alive = [s for s in range(state.n) if not state.out[s]]
    top = max([scores[s] for s in alive])
    tied = [s for s in alive if scores[s] == top]
    kind, reason = "most_points", f"most points ({top})"
    if len(tied) > 1:  # R35
        cans = state.cans
        most = max([cans[s] for s in tied])
        tied = [s for s in tied if cans[s] == most]
        kind, reason = "tie_most_cans", f"tie on {top} points, most cans ({most})"
    if len(tied) > 1:  # R36, X10
        size = {s: sum([ICONS[c] for c in state.cards[s]]) for s in tied}
        most = max(size.values())
        tied = [s for s in tied if size[s] == most]
        kind, reason = "tie_most_cards", f"tie on {top} points and cans, most auction cards ({most})"
    if len(tied) == 1:
        winners = frozenset(tied)
        reason = f"seat {tied[0]} wins: {reason}"
    else:  # R37, D11: the tied players lose and all the others win
        winners = frozenset([s for s in range(state.n) if s not in tied])
        kind, reason = "unbroken_tie", f"unbroken tie: seats {' and '.join(map(str, tied))} lose, everyone else wins"
    return Result(winners, scores, f"{why}; {reason}", kind)


S = WerebeastsState
S.RULES = {
    A.Accuse: (S._check_accuse, S._accuse),
    A.Take: (S._check_take, S._take),
    A.Sell: (S._check_sell, S._sell),
    A.OfferCans: (S._check_offer_cans, S._offer_cans),
    A.OfferCard: (S._check_offer_card, S._offer_card),
    A.RetractCard: (S._check_retract_card, S._retract_card),
    A.Pass: (S._check_pass, S._pass),
    A.Accept: (S._check_accept, S._accept),
}
del S
