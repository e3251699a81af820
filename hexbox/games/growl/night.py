"""The Night Phase: Night and Final Night card effects (R53-R68) and Night passing (R24-R29).

A mixin of GrowlState (rules.py). Every effect ends by letting Night fall (R25); the Final Night's
passing ends the game (R69).
"""

from __future__ import annotations

from collections import Counter
from functools import lru_cache
from typing import Any

from hexbox.core import Event

from . import actions as A
from .cards import (
    ALL_HALLOWS_EVE,
    BITE,
    BLOOD_HOUND,
    CAGED,
    FINAL,
    HAND,
    HYPNOSIS,
    IDS,
    INDEX,
    INSOMNIA,
    MOON_WATCHER,
    OWL_FEATHER,
    SEANCE,
    SILVER_BULLET,
    TANGLEVINE,
    THE_ACCUSED,
    THE_GIFT,
    THE_PURGE,
    THE_SLEEPWALKERS,
    THE_TEMPEST,
    THE_TRUSTED,
    THE_UNSAVED,
    THE_UNWANTED,
    TRUTH_SERUM,
    WOLFSBANE,
    hand_json,
)
from .phases import CONTRIBUTE, HALLOWS, PASSING, PICK, POINT, PURGE, SAVE, SHOW, VOTE

# The audience of a private event, shared, and given to Event positionally on hot paths: calling a class
# with a keyword argument takes a slow path in CPython (1.1k more CPU instructions per event, 2.9k against
# 3.9k, valgrind), and events are created on every action.
ONLY = tuple(frozenset((s,)) for s in range(A.MAX_SEATS))

PASS_NONE_ONLY = (A.PASS_NONE,)


# the table's news that a seat has chosen its Night pass is always the same, and no event is changed once made:
# one a seat, made once (benchmarks/instructions.py: 74,337 -> 73,589 a decision)
_READY_TO_PASS = tuple(Event("ready", {"seat": s, "window": "passing"}) for s in range(A.MAX_SEATS))

STAYS = (SEANCE, SILVER_BULLET)  # Night cards that lie face up in front of a player once resolved (R57, R58)
TARGET_OTHER = (BLOOD_HOUND, TRUTH_SERUM)  # R53, R60
TARGET_ANY_LIVING = (CAGED, INSOMNIA, SILVER_BULLET)  # R54, R56, R58


def _pairs(seats: list[int]) -> list[A.Action]:
    return list(_pair_actions(tuple(seats)))


@lru_cache(maxsize=4096)
def _pair_actions(seats: tuple[int, ...]) -> tuple[A.Action, ...]:
    return tuple(A.TARGET2[A.PAIR_INDEX[(a, b)]] for i, a in enumerate(seats) for b in seats[i + 1:])


@lru_cache(maxsize=4096)
def _hypnosis_actions(cards: tuple[int, ...], seats: tuple[int, ...]) -> tuple[A.Action, ...]:
    pairs = [(a, b) for i, a in enumerate(seats) for b in seats[i + 1:]]
    return tuple(A.HYPNOSIS[(c, a, b)] for c in cards for a, b in pairs)


def _pair(a: int, b: int) -> tuple[int, int]:
    return (a, b) if a < b else (b, a)


@lru_cache(maxsize=1 << 16)
def _pass_pairs(hand: tuple[int, ...], no_bite_left: bool, no_bite_right: bool) -> tuple[A.Action, ...]:
    """The two cards a hand may pass (R26, D11): a pure function of the hand, so one computation serves all
    the positions (and worlds) where that hand meets the same Bite restrictions."""
    # most hands of a playout are new to the cache: the held cards are found once, and a list is built rather
    # than a generator run (benchmarks/instructions.py: 79,190 -> 78,160 a decision)
    held = [c for c in range(HAND) if hand[c]]
    no_bite = [c for c in held if c != BITE]
    ok_left = no_bite if no_bite_left else held
    ok_right = no_bite if no_bite_right else held
    return tuple([A.NIGHT_PASS[a][b] for a in ok_left for b in ok_right if a != b or hand[a] >= 2])


class NightMixin:
    __slots__ = ()

    # ---- G3: the Night card's choice ---------------------------------------------------------------------

    def night_card_options(self) -> list[A.Action]:
        card, me = self.night_card, self.active
        living = self.living()
        if card in TARGET_OTHER:
            return [A.TARGET[t] for t in living if t != me]
        if card in TARGET_ANY_LIVING:
            return [A.TARGET[t] for t in living]
        if card == SEANCE:  # R57: living or dead
            return list(A.TARGET[:self.n])
        if card == HYPNOSIS:  # R55, D26
            return list(_hypnosis_actions(self.game.hypnosis_cards, tuple(living)))
        if card == THE_GIFT:  # R59
            rich = [t for t in living if sum(self.hands[t]) >= 5]
            return _pairs(rich) if len(rich) >= 2 else [A.NO_TARGET]
        if card == ALL_HALLOWS_EVE:  # R61
            dead = [t for t in range(self.n) if self.dead[t]]
            return [A.TARGET[t] for t in dead] if dead else [A.NO_TARGET]
        if card == THE_SLEEPWALKERS:  # R64
            return _pairs(living)
        return [A.BEGIN]

    def night_card_default(self, legal: list[A.Action]) -> A.Action:
        """The default choice of each Night card (D28): self, the left neighbour, or the first clockwise."""
        card, me = self.night_card, self.active
        if legal[0].kind in ("begin", "no_target"):
            return legal[0]
        left, right = self.neighbour(me, 1), self.neighbour(me, -1)
        if card in TARGET_OTHER:
            return A.TARGET[left]
        if card in TARGET_ANY_LIVING or card == SEANCE:
            return A.TARGET[me]
        if card == HYPNOSIS:
            return A.HYPNOSIS[(BITE, *_pair(left, right))]
        order = self.clockwise(range(self.n), self.pos_of[me] + 1)
        if card == ALL_HALLOWS_EVE:
            return next(A.TARGET[t] for t in order if self.dead[t])
        eligible = {(a.first, a.second) for a in legal}
        firsts = [t for t in order if any(t in pair for pair in eligible)]
        return A.TARGET2[A.PAIR_INDEX[_pair(firsts[0], firsts[1])]]

    def _target(self, seat: int, action: A.Target) -> list[Event]:
        card, t = self.night_card, action.target
        events = [Event("night_target", {"seat": seat, "card": IDS[card], "target": t})]
        if card == BLOOD_HOUND:  # R53
            events.append(Event("hand_seen", {"seat": t, "hand": hand_json(self.hands[t])}, to=(seat,)))
            self.know_exact(seat, t)
        elif card == CAGED:  # R54
            self.caged = t
        elif card == INSOMNIA:  # R56
            self.insomniac = t
        elif card == SEANCE:  # R57
            self.front[self.pos_of[t]].append(SEANCE)
            self.ver[t] += 1
            if self.dead[t]:
                events.append(self.reveal_team(t))
        elif card == SILVER_BULLET:  # R58: check at once
            self.front[self.pos_of[t]].append(SILVER_BULLET)
            self.ver[t] += 1
            return events + self.settle("night_fall")
        elif card == TRUTH_SERUM:  # R60
            if self.show_options(t):
                self.phase, self.show_seat = SHOW, t
                return events
            events.append(Event("shows_nothing", {"seat": t}))
        elif card == ALL_HALLOWS_EVE:  # R61
            self.picker = t
            self.window = (self.neighbour(t, 1), self.neighbour(t, -1))
            if self.hallows_options(t):
                self.phase = HALLOWS
                return events
            events.append(Event("hallows_nothing", {"seat": t}))
        return events + self.night_fall()

    def _target2(self, seat: int, action: A.Target2) -> list[Event]:
        a, b = action.first, action.second
        events = [Event("night_target", {"seat": seat, "card": IDS[self.night_card], "targets": [a, b]})]
        if self.night_card == THE_GIFT:  # R59: both choose at once (G4)
            self.phase, self.window, self.waiting, self.pending = CONTRIBUTE, (a, b), (a, b), {}
            return events
        pa, pb = self.pos_of[a], self.pos_of[b]  # R64: face-up cards stay at their positions
        self.pos_of[a], self.pos_of[b] = pb, pa
        self.ver[a] += 1
        self.ver[b] += 1
        self.seat_at[pa], self.seat_at[pb] = b, a
        return events + self.settle("night_fall")

    def _no_target(self, seat: int, action: A.NoTarget) -> list[Event]:
        return [Event("night_target", {"seat": seat, "card": IDS[self.night_card], "target": None})] + \
            self.night_fall()

    def _hypnosis(self, seat: int, action: A.Hypnosis) -> list[Event]:
        c = INDEX[action.card]  # R55: hand cards only
        counts = {}
        for t in (action.first, action.second):
            counts[str(t)] = self.hands[t][c]
            self.know_public_count(t, c, self.hands[t][c])
        return [Event("hypnosis", {"seat": seat, "card": action.card, "counts": counts})] + self.night_fall()

    def show_options(self, t: int) -> list[A.Action]:
        h = self.hands[t]
        if self.wolf[t] and h[BITE]:  # R60
            return [A.SHOW[BITE]]
        return [A.SHOW[c] for c in range(HAND) if h[c] and c != BITE]

    def _show(self, seat: int, action: A.Show) -> list[Event]:
        c, me = INDEX[action.card], self.active
        if c == BITE:
            self.intel += ((me, seat, True),)
        self.know_private_at_least(me, seat, c)
        return [Event("shown", {"seat": seat, "to": me}),
                Event("shown_card", {"seat": seat, "to": me, "card": action.card}, to=(seat, me))] + self.night_fall()

    # ---- Final Night cards that open a window -------------------------------------------------------------

    def _begin(self, seat: int, action: A.Begin) -> list[Event]:
        card = self.night_card
        living = self.living()
        events = [Event("begin", {"seat": seat, "card": IDS[card]})]
        self.pending, self.votes, self.step = {}, {}, 0
        if card in (THE_ACCUSED, THE_TRUSTED):  # R62, R66: from the active player's left, active last
            self.phase, self.window = VOTE, tuple(self.clockwise(living, self.pos_of[seat] + 1))
        elif card == THE_PURGE:  # R63
            self.phase, self.window = PURGE, tuple(living)
            self.waiting = self.window
        elif card == THE_TEMPEST:  # R65
            self.window = tuple(t for t in living if sum(self.hands[t]))
            if not self.window:
                return events + self.night_fall()
            self.phase, self.waiting = CONTRIBUTE, self.window
        elif card == THE_UNSAVED:  # R67: the active player lowers their hand first: saved, never a target
            self.phase, self.unsaved, self.picker = SAVE, tuple(t for t in living if t != seat), seat
        elif card == THE_UNWANTED:  # R68
            self.candidates, self.rounds = tuple(living), 1
            self.phase, self.window = POINT, self.candidates
            self.waiting = self.window
        return events

    def submit(self, seat: int, choice: Any) -> bool:
        """A member's hidden choice in a simultaneous window (The Gift, The Tempest, The Purge, The Unwanted, the
        Night passing); True once every member has chosen."""
        self.pending[seat] = choice
        waiting = self.waiting
        i = waiting.index(seat)
        self.waiting = waiting[:i] + waiting[i + 1:]
        return not self.waiting

    def window_options(self, seat: int) -> list[A.Action]:
        phase = self.phase
        if phase == CONTRIBUTE:
            h = self.hands[seat]
            if self.night_card == THE_GIFT:  # D18: no bite to a Wolfsbane owner
                other = self.window[0] if self.window[1] == seat else self.window[1]
                bite_ok = not self.owns(other, WOLFSBANE)
                return [A.CONTRIBUTE[c] for c in range(HAND) if h[c] and (c != BITE or bite_ok)]
            return [A.CONTRIBUTE[c] for c in range(HAND) if h[c]]
        if phase == SHOW:
            return self.show_options(seat)
        if phase == VOTE and self.night_card == THE_TRUSTED:
            return [A.VOTE[t] for t in self.living()]
        if phase == VOTE or phase == PURGE:  # D25: no self-votes
            return [A.VOTE[t] for t in self.living() if t != seat]
        if phase == POINT:
            return [A.POINT_LEFT, A.POINT_RIGHT]
        if phase == SAVE:  # R67: the saver is saved already, so never among the unsaved
            return [A.SAVE[t] for t in self.unsaved]
        if phase == PICK:
            return [A.PICK[t] for t in self.pick_options]
        if phase == HALLOWS:
            return self.hallows_options(seat)
        return []

    def _contribute(self, seat: int, action: A.Contribute) -> list[Event]:
        done = self.submit(seat, INDEX[action.card])
        events = [Event("ready", {"seat": seat, "window": "contribute"}),
                  Event("contributed", {"seat": seat, "card": action.card, "night_card": IDS[self.night_card]},
                        ONLY[seat])]
        if not done:
            return events
        hands = self.hands
        for s, c in self.pending.items():
            hands[s][c] -= 1
            self.ver[s] += 1
            self.know_reset(s)
        if self.night_card == THE_GIFT:  # R59: the cards wait on the home tiles until the passing ends
            a, b = self.window
            self.gift = ((a, b, self.pending[a]), (b, a, self.pending[b]))
            events.append(Event("gift_sent", {"seats": [a, b]}))
        else:  # R65
            pile = [self.pending[s] for s in self.window]
            self.rng.shuffle(pile)
            for s, c in zip(self.window, pile):
                hands[s][c] += 1
                self.ver[s] += 1
                events.append(Event("tempest_card", {"card": IDS[c]}, to=(s,)))
            events.append(Event("tempest_dealt", {"seats": list(self.window)}))
        self.pending, self.window = {}, ()
        return events + self.settle("night_fall")

    def _vote(self, seat: int, action: A.Vote) -> list[Event]:
        if self.phase == PURGE:  # R63: secret until all are in
            done = self.submit(seat, action.target)
            events = [Event("ready", {"seat": seat, "window": "purge"}),
                      Event("voted", {"seat": seat, "target": action.target}, ONLY[seat])]
            if not done:
                return events
            votes, self.pending = self.pending, {}
            events.append(Event("votes", {"votes": {str(s): t for s, t in sorted(votes.items())}}))
            return events + self._tally(votes)
        self.votes[seat] = action.target  # R62, R66: open
        self.step += 1
        events = [Event("voted", {"seat": seat, "target": action.target})]
        if self.step < len(self.window):
            return events
        return events + self._tally(self.votes)

    def _tally(self, votes: dict[int, int]) -> list[Event]:
        counts = Counter(votes.values())
        top = max(counts.values())
        tied = sorted(t for t, k in counts.items() if k == top)
        if len(tied) == 1:
            return self._voted(tied[0])
        self.phase, self.pick_kind, self.picker, self.pick_options = PICK, "tie", self.active, tuple(tied)
        return [Event("tie", {"seats": tied})]

    def _voted(self, t: int) -> list[Event]:
        if self.night_card == THE_TRUSTED:  # R66: the most trusted names the victim
            self.phase, self.pick_kind, self.picker = PICK, "victim", t
            self.pick_options = tuple(self.living())
            return [Event("most_trusted", {"seat": t})]
        return self.settle("night_fall", killed=(t,))

    def _pick(self, seat: int, action: A.Pick) -> list[Event]:
        events = [Event("picked", {"seat": seat, "target": action.target, "why": self.pick_kind})]
        if self.pick_kind == "tie":
            return events + self._voted(action.target)
        return events + self.settle("night_fall", killed=(action.target,))

    def _save(self, seat: int, action: A.Save) -> list[Event]:
        t = action.target  # R67
        self.unsaved = tuple(s for s in self.unsaved if s != t)
        self.picker = t
        events = [Event("saved", {"seat": seat, "target": t})]
        if len(self.unsaved) > 1:
            return events
        return events + self.settle("night_fall", killed=self.unsaved)

    def _point(self, seat: int, action: A.Point) -> list[Event]:
        done = self.submit(seat, action.side)  # R68: simultaneous
        events = [Event("ready", {"seat": seat, "window": "point"}),
                  Event("pointed", {"seat": seat, "side": action.side}, ONLY[seat])]
        if not done:
            return events
        points, self.pending = self.pending, {}
        cands = self.candidates
        unwanted = [x for x in cands if points[self.neighbour(x, 1, cands)] == "right"
                    and points[self.neighbour(x, -1, cands)] == "left"]
        events.append(Event("points", {"points": {str(s): p for s, p in sorted(points.items())},
                                       "unwanted": unwanted}))
        if not unwanted:
            if self.rounds == 1:
                return events + self.night_fall()
            self.step += 1  # D15: empty repeat rounds
            if self.step >= 3:
                self.phase, self.pick_kind, self.picker, self.pick_options = PICK, "victim", self.active, cands
                return events
        elif len(unwanted) <= 2:
            return events + self.settle("night_fall", killed=unwanted)
        else:
            self.candidates, self.step = tuple(unwanted), 0
        self.rounds += 1
        self.window = self.waiting = self.candidates
        return events

    def hallows_options(self, seat: int) -> list[A.Action]:
        h = self.hands[seat]
        left, right = self.window
        ok_left = [c for c in range(HAND) if h[c] and not (c == BITE and self.owns(left, WOLFSBANE))]
        ok_right = [c for c in range(HAND) if h[c] and not (c == BITE and self.owns(right, WOLFSBANE))]
        return [A.HALLOWS[a][b] for a in ok_left for b in ok_right if a != b or h[a] >= 2]

    def _hallows(self, seat: int, action: A.Hallows) -> list[Event]:
        a, b = INDEX[action.left], INDEX[action.right]
        left, right = self.window
        h = self.hands
        h[seat][a] -= 1
        h[seat][b] -= 1
        h[left][a] += 1
        h[right][b] += 1
        ver = self.ver
        ver[seat] += 1
        ver[left] += 1
        ver[right] += 1
        self.know_reset(seat)
        self.know_private_add(seat, left, a)
        self.know_private_add(seat, right, b)
        self.window = ()
        events = [Event("hallows", {"seat": seat, "left": left, "right": right}),
                  Event("hallows_card", {"seat": seat, "to": left, "card": action.left}, to=(seat, left)),
                  Event("hallows_card", {"seat": seat, "to": right, "card": action.right}, to=(seat, right))]
        return events + self.settle("night_fall")

    # ---- Night falls: the passing (R25-R29, G8) -----------------------------------------------------------

    def night_fall(self) -> list[Event]:
        self.discard_night_card()  # its effect is over (R47)
        out = (self.caged, *self.owners(TANGLEVINE))  # R29
        taking_part = [s for s in self.living() if s not in out]
        # each passer's closest passers to the left and right (R25): its neighbours in the circle of passers
        pos_of = self.pos_of
        circle = sorted(taking_part, key=pos_of.__getitem__)
        k = len(circle)
        self.sides = {s: (circle[(i + 1) % k], circle[i - 1]) for i, s in enumerate(circle)}
        self.pending = {}
        if len(taking_part) < 2:
            self.window = ()
            return self._close_passing()
        self.window = tuple(taking_part)
        # hands cannot change while the passing window is open, so each passer's options are known now
        self.pass_opts = self.pass_table(taking_part)
        if self.game.die_if_stuck:  # R27, D14
            stuck = [s for s in taking_part if not self.pass_opts[s]]
            if stuck:
                self.window = ()
                return [Event("cannot_pass", {"seats": stuck})] + self.settle("night_fall", killed=stuck)
        self.phase, self.waiting = PASSING, self.window
        return [Event("night_falls", {"passing": list(taking_part)})]

    def discard_night_card(self) -> None:
        """A resolved Night card goes face up to the discards (R47); Séance and Silver Bullet stay in front."""
        card = self.night_card
        if card >= 0 and card not in STAYS and card not in self.discards:
            self.discards.append(card)

    def gift_arrives(self) -> list[Event]:
        """The game ends between The Gift's exchange and the passing: each card still reaches its receiver (R59),
        since no card leaves the game."""
        events = []
        for s, t, c in self.gift:
            self.hands[t][c] += 1
            self.ver[t] += 1
            events.append(Event("sent", {"from": s, "to": t, "card": IDS[c], "side": "gift", "night": self.nights},
                                ONLY[s]))
            events.append(Event("received", {"cards": [IDS[c]], "senders": None}, ONLY[t]))
        self.gift = ()
        return events

    def pass_table(self, seats: Any) -> dict[int, tuple[A.Action, ...]]:
        """Each passer's legal pairs: humans never pass a Bite (R26), nobody passes one to Wolfsbane (D11)."""
        hands, wolf, sides = self.hands, self.wolf, self.sides
        banned = self.owners(WOLFSBANE)
        table = {}
        for s in seats:
            left, right = sides[s]
            human = not wolf[s]
            table[s] = _pass_pairs(tuple(hands[s]), human or left in banned, human or right in banned)
        return table

    def pass_options(self, s: int) -> list[A.Action]:
        return list(self.pass_opts[s] or PASS_NONE_ONLY)

    def _night_pass(self, seat: int, action: A.NightPass) -> list[Event]:
        return self._passing_submitted(seat, (INDEX[action.left], INDEX[action.right]), [action.left, action.right])

    def _pass_none(self, seat: int, action: A.PassNone) -> list[Event]:
        return self._passing_submitted(seat, None, [])

    def _passing_submitted(self, seat: int, chosen: tuple[int, int] | None, cards: list[str]) -> list[Event]:
        done = self.submit(seat, chosen)
        # the table learns only that the seat has chosen (R25); the seat is told its own two cards and their ways
        events = [_READY_TO_PASS[seat],
                  Event("pass_chosen", {"seat": seat, "cards": cards, "to": list(self.sides[seat])}, ONLY[seat])]
        if not done:
            return events
        events += self._close_passing()
        return events

    def _close_passing(self) -> list[Event]:
        """R28: every card moves at once; The Gift's cards arrive mixed in; then one check for everyone."""
        hands, pending, sides = self.hands, self.pending, self.sides
        moves = []
        passed = []
        for s in self.window:
            chosen = pending[s]
            if chosen is not None:
                left, right = sides[s]
                a, b = chosen
                moves += ((s, left, a), (s, right, b))
                h = hands[s]
                h[a] -= 1
                h[b] -= 1
                self.ver[s] += 1
                self.know_reset(s)
                passed.append(s)
        passes = len(moves)
        gift = self.gift
        moves += gift
        received: dict[int, list[tuple[int, int]]] = {}
        pub, priv = self.pub_known, self.priv_known
        bites = 0
        for s, t, c in moves:
            hands[t][c] += 1
            self.ver[t] += 1
            bites += c == BITE
            if s != t:  # know_private_add, inlined for the busiest loop of a Night
                known = priv[t].get(s)
                if known is None:
                    known = priv[t][s] = pub[t][:]
                known[c] += 1
            if t in received:
                received[t].append((s, c))
            else:
                received[t] = [(s, c)]
        if self.exact:  # the table no longer knows exact counts of a hand that received unseen cards
            for t in received:
                self._forget_counts(t)
        events = [Event("night_passing", {"passed": passed})]
        night = self.nights
        for i, (s, t, c) in enumerate(moves):
            side = "gift" if i >= passes else ("left" if i % 2 == 0 else "right")
            events.append(Event("sent", {"from": s, "to": t, "card": IDS[c], "side": side, "night": night},
                                ONLY[s]))
        told = (self.insomniac, *self.owners(OWL_FEATHER))  # R56, Owl Feather: who learns the senders
        for t in sorted(received):  # an unordered multiset (D16), with its senders only for the told (R56)
            got = received[t]
            senders = [{"from": s, "card": IDS[c]} for s, c in sorted(got)] if t in told else None
            events.append(Event("received", {"cards": sorted([IDS[c] for _, c in got]), "senders": senders}, ONLY[t]))
        if bites:
            self._bite_clues(moves[:passes], {t for _, t, _ in gift})
        self.step = bites  # kept for Moon Watcher after the checks
        self.pending, self.window, self.gift = {}, (), ()
        events += self.settle("after_night")
        return events

    def _bite_clues(self, passes: list[tuple[int, int, int]], gifted: set[int]) -> None:
        """R26: only werewolves pass Bites at Night, so a Bite received tells its receiver something."""
        for t in {t for _, t, c in passes if c == BITE}:
            if t == self.insomniac or self.owns(t, OWL_FEATHER):
                self.intel += tuple((t, s, True) for s, r, c in passes if r == t and c == BITE)
            elif t not in gifted:  # a Gift card may be a Bite from a human (R26)
                self.clues += ((t, tuple(sorted({s for s, r, _c in passes if r == t}))),)

    def after_night(self) -> list[Event]:
        self.nights += 1  # the passing is over, the Final Night's too (the public count the verdict agrees with)
        if self.night_card in FINAL:  # R69
            return self.end("final_night")
        events = []
        watchers = self.owners(MOON_WATCHER)
        for o in self.clockwise(watchers) if watchers else ():
            events.append(Event("moon_watcher", {"bites": self.step}, to=ONLY[o]))
        self.night_card, self.caged, self.insomniac, self.sides = -1, -1, -1, {}
        return events + self._begin_turn(self.neighbour(self.active, 1))  # R22, D9
