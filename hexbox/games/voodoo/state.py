"""Voodoo rules, in the rulebook's order: Setup, the turn (1. the ingredients bag, 2. casting curses and
other actions, 3. passing the doll), the Big Skulls, interrupting curses, winning.

Rule ids (R…) refer to docs/games/voodoo.md; the tests cite the same ids. Artefact effects live in
artefacts.py, the six checkable curse rules in curses.py, what each seat sees in views.py.

Every action goes through core's gate and then ``RULES``: a check that refuses without changing anything, and
a handler. The handler of every non-free action runs the curse machinery of R56 around the move itself
(``_before``: find and record its violations, count it; ``_after``: automatic awards); emotes and says are
free actions with handlers of their own (R65-R68).

Representation: dice are six counts (bag, set-aside dice). Decks are lists with the bottom first, so the
top card is ``deck[-1]`` and "put at the bottom" is ``insert(0, card)``. Who knows where a card lies is a
bitmask of seats per card (``cseen``/``aseen``); its holder always knows it, and a card every seat knows
(all bits) is public. Curses in play map curse -> (caster, victim), victim -1 for the all-adversary curses.

Moments: a counter ``moment`` is bumped at every public happening that echo duties depend on (R54) — a
seat's non-free action, a first roll, a cast, a gain of points, a say, a rule card beginning to bind — and the
last moment of each is public (``last_act``, ``last_echo``, ``since``), so an observer judges echo duties
exactly as the engine does (R71) without a to-do list (R70).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from hexbox.core import ConfigError, Event, Game, IllegalAction, Result, Rng, State, next_seat, seats_text

from . import actions as A
from .cards import CARDS, CURSE_INDEX, CURSES, EMOTE_INDEX, NCURSES, PERMANENTS, STARTING_CURSES, dice_text
from .curses import ECHO_CARDS, ECHO_SLOT, NRULES, SAY_SLOT, counted, eligible, find_violations
from .phases import BAG_WINDOW, CANDLE, CLAIMS, OVER, PHASE1, PHASE2, PHASES, RESPONSE

DICE = CARDS.dice
SKULLS = CARDS.skulls
START_POINTS = CARDS.start_points
FIRST_ROLL_FEWER_DICE = CARDS.first_roll_fewer_dice
#: the codes of Result.kind (registered as the game's result_kinds)
RESULT_KINDS = ("reached_target", "turn_cap")


class VoodooGame(Game):
    name = "voodoo"
    action_space = A.SPACE

    def __init__(self, players: int, options: dict[str, Any]):
        super().__init__(players, options)
        self.automatic = options["claim_mode"] == "automatic"
        self.target_score: int = options["target_score"]
        self.false_claim_penalty: int = options["false_claim_penalty"]
        self.max_turns: int = options["max_turns"]
        self.finish_round = options["finish_round"] != "no"
        self.ties_to_later = options["finish_round"] == "ties_to_later"
        head = max(START_POINTS[players], default=0)
        if head >= self.target_score:  # reachable only without Big Skulls, which cap a head start (cards.py)
            raise ConfigError(f"a head start of {head} points reaches target_score {self.target_score}: "
                              "the game would be won before its first turn (game.start_points, R6, R38)")

    def new_state(self, seed: int) -> VoodooState:
        return VoodooState.setup(self, seed)


class VoodooState(State):
    __slots__ = (
        "n", "turn", "active", "phase", "rolled", "bag", "aside", "counts", "scores", "struck", "penalty",
        "powner", "hand", "arts", "cdeck", "adeck", "pdeck", "cseen", "aseen", "inplay", "holder", "ward",
        "last_target", "blocks", "said", "duties", "bound", "broken", "claimable", "claimed", "open", "pending",
        "back", "candle", "perm_hit", "log", "prev_log", "violations", "steps", "main", "bag_complete",
        "score_history", "curses_cast", "curse_claims", "false_claims", "moment", "last_act", "last_echo", "since",
        "_pending_breaks", "closing", "play_json",
    )

    game: VoodooGame

    # ---- Setup (S1-S4, R1-R8) -------------------------------------------------------------------------

    @classmethod
    def setup(cls, game: VoodooGame, seed: int) -> VoodooState:
        self = cls.__new__(cls)
        n = game.players
        rng = Rng(seed)
        self.game, self.rng, self.n = game, rng, n
        starting = list(STARTING_CURSES)
        rng.shuffle(starting)  # R4, D5: one random cost-2 curse each, kept secret
        self.hand = [[starting[s]] for s in range(n)]
        dealt = set(starting[:n])
        self.cdeck = [c for c in range(NCURSES) if c not in dealt]  # R3
        rng.shuffle(self.cdeck)  # R5
        self.adeck = list(range(len(CARDS.artefacts)))
        rng.shuffle(self.adeck)
        self.pdeck = list(range(len(PERMANENTS)))
        rng.shuffle(self.pdeck)
        self.cseen = [0] * NCURSES
        self.aseen = [0] * len(CARDS.artefacts)
        self.arts = [[] for _ in range(n)]
        self.scores = [0] * n  # R6
        # public tallies for reports: a tuple of score tuples, never mutated in place, so clones share it
        self.score_history: tuple[tuple[int, ...], ...] = ()
        self.curses_cast = self.curse_claims = self.false_claims = 0
        self.struck = [0] * n
        self.penalty = [0] * n
        self.powner = [-1] * len(PERMANENTS)
        self.inplay: dict[int, tuple[int, int]] = {}
        self.holder = -1  # R40, D7: the Target card starts in the centre
        self.ward = 0
        self.last_target = [-1] * n
        self.blocks = [0] * n
        self.said = [False] * n
        self.duties = 0
        self.bound = [() for _ in range(n)]
        self.play_json = None
        self.broken = self.claimable = self.claimed = self.open = 0
        self.pending: tuple[int, int, int] | None = None
        self.back = PHASE2
        self.candle: tuple[int, ...] = ()
        self.perm_hit = 0
        self.log: list[dict[str, Any]] = []
        self.prev_log: list[dict[str, Any]] = []
        self.violations: list[dict[str, Any]] = []
        self.steps = 0
        self.moment = 0  # moments count from 1; 0 means "not yet"
        self.last_act = [0] * n
        self.last_echo = [0] * (4 * n)  # [slot * n + seat], slots roll, cast, points, say (curses.ECHO_SLOT)
        self.since = [0] * NRULES  # per rule card, the moment it last began to bind
        self.main = self.bag_complete = False
        self._pending_breaks: list[int] = []
        self.closing = False  # finish_round: someone reached the target; the round is being played out
        self._result, self.is_over = None, False
        first = game.options["first_seat"]
        first = rng.randrange(n) if first < 0 else first  # R7, D6
        for i, points in enumerate(START_POINTS[n]):  # R6: 0 as printed, or a variant's head start
            self.scores[(first + i) % n] = points
        for i, fewer in enumerate(FIRST_ROLL_FEWER_DICE[n]):  # R10, R61: a variant's slower first roll
            self.penalty[(first + i) % n] = fewer
        self.turn = 0
        self._start_turn(first)
        self.actors = self.who_acts()
        return self

    def clone(self) -> VoodooState:
        c = VoodooState.__new__(VoodooState)
        c.game, c.rng, c.n = self.game, self.rng.clone(), self.n
        c.turn, c.active, c.phase, c.rolled = self.turn, self.active, self.phase, self.rolled
        c.bag, c.aside, c.counts = self.bag[:], self.aside[:], self.counts[:]
        c.scores, c.struck, c.penalty, c.powner = self.scores[:], self.struck[:], self.penalty[:], self.powner[:]
        c.score_history, c.curses_cast = self.score_history, self.curses_cast
        c.curse_claims, c.false_claims = self.curse_claims, self.false_claims
        c.hand = [h[:] for h in self.hand]
        c.arts = [h[:] for h in self.arts]
        c.cdeck, c.adeck, c.pdeck = self.cdeck[:], self.adeck[:], self.pdeck[:]
        c.cseen, c.aseen = self.cseen[:], self.aseen[:]
        c.inplay = dict(self.inplay)
        c.holder, c.ward, c.last_target = self.holder, self.ward, self.last_target[:]
        c.blocks, c.said, c.duties, c.bound = self.blocks[:], self.said[:], self.duties, self.bound[:]
        c.broken, c.claimable, c.claimed, c.open = self.broken, self.claimable, self.claimed, self.open
        c.pending, c.back, c.candle, c.perm_hit = self.pending, self.back, self.candle, self.perm_hit
        c.log, c.prev_log, c.violations = self.log[:], self.prev_log, self.violations[:]
        c.moment, c.last_act, c.last_echo, c.since = self.moment, self.last_act[:], self.last_echo[:], self.since[:]
        c.steps, c.main, c.bag_complete, c._result = self.steps, self.main, self.bag_complete, self._result
        c.is_over, c.actors = self.is_over, self.actors
        c._pending_breaks = []
        c.closing = self.closing
        c.play_json = self.play_json
        return c

    # ---- queries ----------------------------------------------------------------------------------------

    def who_acts(self) -> tuple[int, ...]:
        """The seats that may act now: kept in ``actors`` after every move (r56) and set-up."""
        phase = self.phase
        if phase == PHASE1 or phase == PHASE2 or phase == CANDLE:
            return _SEATS_IN[1 << self.active]
        if phase == BAG_WINDOW or phase == CLAIMS:
            return _SEATS_IN[self.open]
        if phase == RESPONSE:
            return (self.pending[2],)
        return ()

    def update_actors(self) -> None:
        """Work out ``actors`` again: after every move (r56), and after any change made by hand."""
        self.actors = self.who_acts()

    @property
    def phase_name(self) -> str:
        return PHASES[self.phase]

    @property
    def turns(self) -> int:
        """The turns begun (core's envelope ``turn``, a game's length in ``hexbox simulate``): ``turn`` counts the
        turns over, and a game that ends in a turn has played it (R38: the target ends it at once), as
        ``score_history`` has it: an entry at the start of each turn, and one more for the final scores."""
        return len(self.score_history) - (self._result is not None)

    def victims(self, curse: int) -> list[int]:
        caster, victim = self.inplay[curse]
        return [victim] if victim >= 0 else [s for s in range(self.n) if s != caster]

    def _rebind(self) -> None:
        """Which rule cards bind each seat (R52); recomputed whenever curses enter or leave play."""
        bound: list[list[tuple[int, int]]] = [[] for _ in range(self.n)]
        for c in sorted(self.inplay):
            caster = self.inplay[c][0]
            for v in self.victims(c):
                bound[v].append((c, caster))
        for p, owner in enumerate(self.powner):
            if owner >= 0:
                bound[owner].append((NCURSES + p, -1))
        self.bound = [tuple(b) for b in bound]
        # the public JSON of the curses in play and the permanents (views.public), built again on the next look: the
        # moments they began to bind are set just after this, and change with nothing else
        self.play_json = None

    # ---- legal actions (ascending ids) ------------------------------------------------------------------

    def casts(self, seat: int, bag: tuple[int, ...], smell: bool) -> list[A.Action]:
        """Casts of ``seat``'s curses paid from ``bag`` (R18-R22, R39, R41, R42); Smellin' Doll's if ``smell``."""
        out: list[A.Action] = []
        targets = None
        for c in sorted(self.hand[seat]):
            by_target = A.casts_by_target(c, bag, smell)
            if not by_target:
                continue
            if -1 in by_target:
                out += by_target[-1]
                continue
            if targets is None:
                targets = sorted(eligible(self, seat))
            for t in targets:
                out += by_target[t]
        return out

    # ---- the curse machinery around every non-free action (R56) -----------------------------------------

    def _before(self, seat: int, action: A.Action) -> list[Event]:
        """Steps (1) and (2) of R56: find the violations, apply permanent consequences; then count and log."""
        self.main = main = seat == self.active and self.phase in (PHASE1, PHASE2, CANDLE)
        self.bag_complete = self.phase in (PHASE2, CANDLE)
        broken = find_violations(self, seat, action)
        self.steps += 1
        self.moment += 1
        self.last_act[seat] = self.moment  # R54: the seat's echo duties end with this act
        entry = {"i": self.steps, "seat": seat, **_public_json(action)}
        if action.kind == "cast" or (action.kind == "use_artefact" and action.artefact == "A01"):
            allowed = eligible(self, seat)  # public context that lets a player judge target rules later
            entry["left"] = allowed[0] if allowed else None
            best = max((self.scores[t] for t in allowed), default=0)
            entry["leaders"] = [t for t in allowed if self.scores[t] == best]
        self.log.append(entry)
        events: list[Event] = []
        self._pending_breaks = broken
        if broken:
            events += self._record(seat, broken, action)
        if main:
            for k in counted(action, self.bag_complete):
                self.counts[k] += 1
        # the ritual block and the echo duties of this seat end with this non-free action (R51, R54)
        self.blocks[seat] = 0
        self.said[seat] = False
        if self.duties:
            self.duties &= ~_SEAT_DUTIES[seat]
        return events

    def _after(self, seat: int) -> list[Event]:
        """Step (4) of R56: in automatic mode the casters of the broken curses score at once."""
        broken = self._pending_breaks
        self._pending_breaks = []
        if not broken or not self.game.automatic or self._result is not None:
            return []
        n = self.n
        awards = sorted((c for c in broken if c < NCURSES and c in self.inplay),
                        key=lambda c: ((self.inplay[c][0] - seat - 1) % n, c))  # D19
        events: list[Event] = []
        for c in awards:
            if c not in self.inplay or self._result is not None:
                continue
            caster = self.inplay[c][0]
            events.append(Event("curse_interrupted", {"curse": CURSES[c].id, "caster": caster, "by": seat,
                                                      "points": CURSES[c].interrupt}))
            self.curse_claims += 1  # R58: the automatic award is the claim
            events += self._discard_from_play(c)
            events += self._gain(caster, CURSES[c].interrupt)
        return events

    def _record(self, seat: int, broken: list[int], action: A.Action) -> list[Event]:
        events: list[Event] = []
        automatic = self.game.automatic
        for card in broken:
            if card < NCURSES:
                caster = self.inplay[card][0]
                self.violations.append({"curse": CURSES[card].id, "victim": seat, "caster": caster,
                                        "action": self.steps, "period": self.turn})
                if not automatic:
                    self.broken |= 1 << card  # R57: not announced
                else:
                    events.append(Event("violation", {"curse": CURSES[card].id, "victim": seat, "caster": caster}))
            else:
                p = card - NCURSES
                self.violations.append({"curse": PERMANENTS[p].id, "victim": seat, "caster": None,
                                        "action": self.steps, "period": self.turn})
                if not self.perm_hit >> p & 1:  # R60
                    self.perm_hit |= 1 << p
                    events += self._consequence(seat, p, action)
        return events

    def _consequence(self, seat: int, p: int, action: A.Action) -> list[Event]:
        """R31, R59-R61: a permanent curse's consequence applies at once, to its owner only."""
        perm = PERMANENTS[p]
        data: dict[str, Any] = {"seat": seat, "permanent": perm.id, "consequence": perm.consequence}
        if perm.consequence == "lose_points":
            self.scores[seat] = max(0, self.scores[seat] - perm.n)  # R45
        elif perm.consequence == "fewer_dice":
            self.penalty[seat] += perm.n
        else:  # discard_curse: never the card being cast
            casting = CURSE_INDEX.get(getattr(action, "curse", ""), -1)
            choices = sorted(c for c in self.hand[seat] if c != casting)
            if choices:
                c = choices[self.rng.randrange(len(choices))]
                self.hand[seat].remove(c)
                self._to_curse_bottom(c)  # face up: public (docs/games/voodoo.md 'Hidden information')
                data["curse"] = CURSES[c].id
        self.log.append({"kind": "consequence", "fact": True, **data})
        return [Event("consequence", data)]

    # ---- free actions: emotes and says (R65-R68) --------------------------------------------------------

    def _check_emote(self, seat: int, action: A.Emote) -> None:
        if self.blocks[seat] >> EMOTE_INDEX[action.emote] & 1:
            raise IllegalAction(f"you already did '{action.emote}' since your last action (D24)")

    def _emote(self, seat: int, action: A.Emote) -> list[Event]:
        self.blocks[seat] |= 1 << EMOTE_INDEX[action.emote]
        self.steps += 1
        self.log.append({"i": self.steps, "seat": seat, "kind": "emote", "emote": action.emote})
        return [Event("emote", {"seat": seat, "emote": action.emote})]

    def _check_say(self, seat: int, action: A.Say) -> None:
        if self.said[seat]:
            raise IllegalAction("you already spoke since your last action (D24)")

    def _say(self, seat: int, action: A.Say) -> list[Event]:
        self.main = False
        broken = find_violations(self, seat, action)
        self.steps += 1
        self.log.append({"i": self.steps, "seat": seat, "kind": "say", "phrase": action.phrase,
                         "voice": action.voice})
        events = [Event("say", {"seat": seat, "phrase": action.phrase, "voice": action.voice})]
        self._pending_breaks = broken
        if broken:
            events += self._record(seat, broken, action)
        self.said[seat] = True
        self.moment += 1
        self.last_echo[SAY_SLOT * self.n + seat] = self.moment
        for card in ECHO_CARDS["caster_says"]:  # R54: Loa Rider
            if card in self.inplay and self.inplay[card][0] == seat:
                for v in self.victims(card):
                    self.duties |= 1 << (8 * card + v)
        return events + self._after(seat)

    def _echo(self, event: str, by: int) -> None:
        """R54: an event by ``by`` gives every other victim of a matching echo rule a duty."""
        self.moment += 1
        self.last_echo[ECHO_SLOT[event] * self.n + by] = self.moment
        for card in ECHO_CARDS[event]:
            if card < NCURSES:
                if card in self.inplay:
                    for v in self.victims(card):
                        if v != by:
                            self.duties |= 1 << (8 * card + v)
            else:
                owner = self.powner[card - NCURSES]
                if owner >= 0 and owner != by:
                    self.duties |= 1 << (8 * card + owner)

    # ---- 1. Preparing the ingredients bag (R10-R13) -----------------------------------------------------

    def _my_turn(self, seat: int, phase: int, what: str) -> None:
        if self.phase != phase or seat != self.active:
            raise IllegalAction(f"cannot {what} now: it is not that moment of your turn ({PHASES[self.phase]})")

    def _check_roll(self, seat: int, action: A.Roll) -> None:
        self._my_turn(seat, PHASE1, "roll")
        if self.rolled:
            raise IllegalAction("you rolled already; re-roll or keep")

    def _roll(self, seat: int, action: A.Roll) -> list[Event]:
        k = max(1, DICE - self.penalty[seat])  # R10, R61
        self.penalty[seat] = 0
        self.rolled = True
        self.roll_into(k)
        self._echo("roll", seat)
        return [Event("rolled", {"seat": seat, "dice": k, "bag": dice_text(self.bag)})]

    def roll_into(self, k: int) -> None:
        bag = self.bag
        for _ in range(k):
            bag[self.rng.randrange(6)] += 1

    def _check_reroll(self, seat: int, action: A.Reroll) -> None:
        self._my_turn(seat, PHASE1, "re-roll")
        if not self.rolled:
            raise IllegalAction("roll first")
        bag = self.bag[:]
        if sum(bag) < 2:
            raise IllegalAction("one die left: keep it (R12)")
        drop = A.CODES.index(action.drop)
        if not bag[drop]:
            raise IllegalAction(f"no {action.drop} in the bag to discard")
        bag[drop] -= 1
        if any(a > b for a, b in zip(A.KEY_OF_TEXT[action.dice], bag)):
            raise IllegalAction(f"the bag has no {action.dice} left to re-roll after discarding {action.drop}")

    def _reroll(self, seat: int, action: A.Reroll) -> list[Event]:
        drop = A.CODES.index(action.drop)  # R11: set one die aside, re-roll any of the others
        self.bag[drop] -= 1
        self.aside[drop] += 1
        dice = A.KEY_OF_TEXT[action.dice]
        for f in range(6):
            self.bag[f] -= dice[f]
        self.roll_into(sum(dice))
        return [Event("rerolled", {"seat": seat, "drop": action.drop, "dice": action.dice, "bag": dice_text(self.bag)})]

    def _check_keep(self, seat: int, action: A.Keep) -> None:
        self._my_turn(seat, PHASE1, "keep the bag")
        if not self.rolled:
            raise IllegalAction("roll first")

    def _keep(self, seat: int, action: A.Keep) -> list[Event]:
        # R12, R37: the bag is complete; adversaries with artefacts may react (V2)
        self.open = sum(1 << s for s in range(self.n) if s != seat and self.arts[s])
        self.phase = BAG_WINDOW if self.open else PHASE2
        return [Event("bag_complete", {"seat": seat, "bag": dice_text(self.bag)})]

    # ---- 2. Casting curses and other actions (R14-R22, R39-R49) ----------------------------------------

    def _check_pay(self, seat: int, pay_text: str, what: str) -> None:
        self._my_turn(seat, PHASE2, what)
        if any(a > b for a, b in zip(A.KEY_OF_TEXT[pay_text], self.bag)):
            raise IllegalAction(f"your bag does not hold {pay_text}")

    def _spend(self, pay_text: str) -> None:
        pay = A.KEY_OF_TEXT[pay_text]
        for f in range(6):
            self.bag[f] -= pay[f]

    def _check_draw_curse(self, seat: int, action: A.DrawCurse) -> None:
        self._check_pay(seat, action.pay, "draw a curse")
        if not self.cdeck:
            raise IllegalAction("the Curse deck is empty (R44)")

    def _draw_curse(self, seat: int, action: A.DrawCurse) -> list[Event]:
        self._spend(action.pay)  # R15
        return self.draw_curses(seat, 1)

    def draw_curses(self, seat: int, k: int) -> list[Event]:
        events = [Event("drew_curse", {"seat": seat, "count": min(k, len(self.cdeck))})]
        for _ in range(min(k, len(self.cdeck))):
            c = self.cdeck.pop()
            self.hand[seat].append(c)
            events.append(Event("card", {"seat": seat, "curse": CURSES[c].id}, to=(seat,)))
        return events

    def _check_draw_artefact(self, seat: int, action: A.DrawArtefact) -> None:
        self._check_pay(seat, action.pay, "draw an artefact")
        if not self.adeck:
            raise IllegalAction("the Artefact deck is empty (R44)")

    def _draw_artefact(self, seat: int, action: A.DrawArtefact) -> list[Event]:
        self._spend(action.pay)  # R16
        a = self.adeck.pop()
        self.arts[seat].append(a)
        return [Event("drew_artefact", {"seat": seat}),
                Event("card", {"seat": seat, "artefact": CARDS.artefacts[a].id}, to=(seat,))]

    def check_target(self, seat: int, curse: int, target: int) -> None:
        if CURSES[curse].all_adversaries:
            return  # R41: no target, whoever holds the Target card
        if not 0 <= target < self.n or target == seat:
            raise IllegalAction("curse an adversary at the table (R39)")
        if target == self.holder:
            raise IllegalAction(f"seat {target} holds the Target card and cannot be cursed (R20)")
        if self.ward >> target & 1:
            raise IllegalAction(f"seat {target} is under Spirit Ward")

    def _check_cast(self, seat: int, action: A.Cast) -> None:
        self._check_pay(seat, action.pay, "cast")
        c = CURSE_INDEX[action.curse]
        if c not in self.hand[seat]:
            raise IllegalAction(f"{action.curse} is not in your hand")
        self.check_target(seat, c, action.target)

    def _cast(self, seat: int, action: A.Cast) -> list[Event]:
        self._spend(action.pay)
        return self.declare(seat, CURSE_INDEX[action.curse], action.target, action.pay, PHASE2)

    def declare(self, caster: int, curse: int, target: int, pay: str, back: int) -> list[Event]:
        """R18, R49: the cast is announced; a single target holding an artefact may respond (V4)."""
        self.hand[caster].remove(curse)
        self.cseen[curse] = (1 << self.n) - 1
        if target >= 0:
            self.last_target[caster] = target
        self._echo("cast", caster)
        c = CURSES[curse]
        events = [Event("cast", {"caster": caster, "curse": c.id, "name": c.name, "text": c.effect,
                                 "target": target, "pay": pay})]
        if target >= 0 and self.arts[target]:
            self.pending = (caster, curse, target)
            self.back = back
            self.phase = RESPONSE
            return events
        return events + self.resolve(caster, curse, target)

    def resolve(self, caster: int, curse: int, target: int) -> list[Event]:
        """The card lies before its caster, marked with its victim; Cast points; the Target card moves."""
        self.inplay[curse] = (caster, target)
        self._rebind()
        if target >= 0:
            self.holder = target  # R18; R41: all-adversary curses leave it alone
        events = [self.in_play_event(curse, caster, target)]
        return events + self._gain(caster, CURSES[curse].cast)

    def in_play_event(self, curse: int, caster: int, victim: int) -> Event:
        """The public fact that a curse now binds its victims; bots read breaks only after it (R69)."""
        data = {"curse": CURSES[curse].id, "caster": caster, "victim": victim}
        # every cast that ends in play passes here (own cast, Smellin' Doll, Mirror Gourd's reflection) and only
        # those (Bone Amulet's cancelled cast does not)
        self.curses_cast += 1
        self.moment += 1
        self.since[curse] = self.moment
        self.log.append({"kind": "in_play", "fact": True, **data})
        return Event("curse_in_play", data)

    # ---- 3. Passing the doll (R24, R25) -----------------------------------------------------------------

    def _check_pass_doll(self, seat: int, action: A.PassDoll) -> None:
        self._my_turn(seat, PHASE2, "pass the doll")

    def _pass_doll(self, seat: int, action: A.PassDoll) -> list[Event]:
        self.bag = [0] * 6  # D10
        self.aside = [0] * 6
        self.turn += 1
        self.perm_hit = 0  # R60: V5 already belongs to the next turn
        self.prev_log = self.log
        self.log = []
        events = [Event("doll_passed", {"seat": seat, "to": next_seat(seat, self.n)})]
        if not self.game.automatic:
            owners = {caster for caster, _ in self.inplay.values()}
            self.claimable, self.broken, self.claimed = self.broken, 0, 0
            self.open = sum(1 << s for s in owners)
            if self.open:
                self.phase = CLAIMS  # R57: V5 opens for every curse owner, violation or not (D15)
                return events
        return events + self._next_turn()

    def _next_turn(self) -> list[Event]:
        self.claimable = 0  # R57: unclaimed violations of the period expire
        if self.closing and self.turn % self.n == 0:  # finish_round: the last player's turn ended the round
            return self._end_of_round()
        if self.turn >= self.game.max_turns:  # R46
            return self._end_by_cap()
        return self._start_turn(next_seat(self.active, self.n))

    def _start_turn(self, seat: int) -> list[Event]:
        self.active = seat
        self.phase = PHASE1
        self.rolled = False
        self.bag = [0] * 6
        self.aside = [0] * 6
        self.counts = [0] * 5
        self.score_history += (tuple(self.scores),)  # after the turns played so far, claims included
        self.ward &= ~(1 << seat)  # A13 lasts until its user's next turn starts
        self.open = 0
        return [Event("turn", {"active": seat, "turn": self.turn})]

    # ---- windows: done and claims (V2, V4, V5; R57) -----------------------------------------------------

    def _check_done(self, seat: int, action: A.Done) -> None:
        if self.phase not in (BAG_WINDOW, RESPONSE, CLAIMS):
            raise IllegalAction("there is no window to close now")

    def _done(self, seat: int, action: A.Done) -> list[Event]:
        events = [Event("done", {"seat": seat, "window": PHASES[self.phase]})]  # public: the slot closes
        if self.phase == RESPONSE:
            caster, curse, target = self.pending
            self.pending = None
            events += self.resolve(caster, curse, target)
            if self._result is None:
                self.return_from_response()
            return events
        self.open &= ~(1 << seat)
        if self.open:
            return events
        if self.phase == BAG_WINDOW:
            self.phase = PHASE2
            return events
        return events + self._next_turn()

    def return_from_response(self) -> None:
        self.phase = self.back
        if self.phase == BAG_WINDOW and not self.open:
            self.phase = PHASE2

    def _check_claim(self, seat: int, action: A.Claim) -> None:
        c = CURSE_INDEX[action.curse]
        if self.phase != CLAIMS:
            raise IllegalAction("claims are made in the claim window after the doll is passed (R57)")
        if self.inplay.get(c, (-1,))[0] != seat:
            raise IllegalAction(f"{action.curse} is not a curse you cast that is in play")
        if self.claimed >> c & 1:
            raise IllegalAction(f"you claimed {action.curse} already in this window")

    def _claim(self, seat: int, action: A.Claim) -> list[Event]:
        c = CURSE_INDEX[action.curse]
        self.claimed |= 1 << c
        if self.claimable >> c & 1:  # R30, R57: a true claim
            self.curse_claims += 1
            events = [Event("claim", {"seat": seat, "curse": action.curse, "true": True,
                                      "points": CURSES[c].interrupt})]
            events += self._discard_from_play(c)
            return events + self._gain(seat, CURSES[c].interrupt)
        lost = min(self.scores[seat], self.game.false_claim_penalty)  # R57: a false claim
        self.false_claims += 1
        self.scores[seat] -= lost
        return [Event("claim", {"seat": seat, "curse": action.curse, "true": False, "lost": lost})]

    def _discard_from_play(self, c: int) -> list[Event]:
        """R30, R63: the curse goes face up to the bottom of the Curse deck, with its violations and duties."""
        del self.inplay[c]
        self._rebind()
        mask = ~(1 << c)
        self.broken &= mask
        self.claimable &= mask
        self.duties &= ~(0xFF << (8 * c))
        self._to_curse_bottom(c)
        return [Event("curse_discarded", {"curse": CURSES[c].id})]

    def _to_curse_bottom(self, c: int) -> None:
        self.cdeck.insert(0, c)
        self.cseen[c] = (1 << self.n) - 1  # face up: every seat, and so every spectator, knows its place

    # ---- points, the Big Skulls and winning (R26-R28, R38, R45, R46) ------------------------------------

    def _gain(self, seat: int, points: int) -> list[Event]:
        old = self.scores[seat]
        new = old + points
        self.scores[seat] = new
        self.log.append({"kind": "points", "fact": True, "seat": seat, "gain": points})
        events = [Event("points", {"seat": seat, "gain": points, "score": new})]
        self._echo("points", seat)
        if new >= self.game.target_score and self.game.finish_round and (self.turn + 1) % self.n:
            self.closing = True  # the catch-up option: the round is played to its end first
        elif new >= self.game.target_score and self.game.finish_round:
            return events + self._end_of_round()  # in the round's last turn: at once, the highest score wins
        elif new >= self.game.target_score:  # R38, D19: at once, even mid-action
            self.finish(Result(frozenset((seat,)), dict(enumerate(self.scores)),
                               f"seat {seat} reached {self.game.target_score} points", kind="reached_target"))
            self.phase = OVER
            self.open = 0
            self.score_history += (tuple(self.scores),)  # the turn that reached the target counts as played
            return events + [Event("game_over", self._result.to_json())]
        for i, skull in enumerate(SKULLS):
            if old < skull <= new and not self.struck[seat] >> i & 1:  # R26, R28, D13
                self.struck[seat] |= 1 << i
                if self.pdeck:  # R27
                    p = self.pdeck.pop()
                    self.powner[p] = seat
                    self._rebind()
                    self.moment += 1
                    self.since[NCURSES + p] = self.moment
                    self.log.append({"kind": "permanent", "fact": True, "seat": seat, "permanent": PERMANENTS[p].id})
                    events.append(Event("permanent_curse", {"seat": seat, "skull": skull,
                                                            "permanent": PERMANENTS[p].id}))
        return events

    def _end_of_round(self) -> list[Event]:
        top = max(self.scores)
        winners = frozenset(s for s in range(self.n) if self.scores[s] == top)
        if self.game.ties_to_later:  # the active player ends the round: the later in turn order, the nearer it
            winners = frozenset((min(winners, key=lambda s: (self.active - s) % self.n),))
        return self._game_over(winners, f"{seats_text(sorted(winners))} led with {top} points when the round ended",
                               "reached_target")

    def _end_by_cap(self) -> list[Event]:
        top = max(self.scores)
        winners = frozenset(s for s in range(self.n) if self.scores[s] == top)
        return self._game_over(
            winners, f"{self.game.max_turns} turns played; highest score {top} ({seats_text(sorted(winners))})",
            "turn_cap")

    def _game_over(self, winners: frozenset[int], reason: str, kind: str) -> list[Event]:
        self.finish(Result(winners, dict(enumerate(self.scores)), reason, kind=kind))
        self.phase = OVER
        self.open = 0
        self.score_history += (tuple(self.scores),)
        return [Event("game_over", self._result.to_json())]

    # ---- resampling -----------------------------------------------------------------------------------------

    def _resample(self, seat: int, rng: random.Random) -> VoodooState:
        """A world consistent with what ``seat`` knows (docs/games/voodoo.md): unseen cards re-dealt, decks
        re-shuffled.

        A card whose place ``seat`` knows keeps it: its own hand, the public bottom of each deck (face-up
        discards and used artefacts), its own Black Candle cards, a card it took with Wolf Totem or lost to one.
        """
        world = self.clone()
        world.rng = self.reseeded(rng)
        if self._result is not None:
            return world
        bit = 1 << seat
        candle = list(world.candle) if world.phase == CANDLE and world.active != seat else []
        for hands, deck, seen, extra in ((world.hand, world.cdeck, world.cseen, candle),
                                         (world.arts, world.adeck, world.aseen, [])):
            slots: list[tuple[list[int], int]] = []
            for s in range(self.n):
                if s != seat:
                    slots += [(hands[s], i) for i, c in enumerate(hands[s]) if not seen[c] & bit]
            slots += [(deck, i) for i, c in enumerate(deck) if not seen[c] & bit]
            slots += [(extra, i) for i in range(len(extra))]
            cards = [where[i] for where, i in slots]
            masks = [seen[c] for c in cards]  # what others know follows the slot, not the card
            rng.shuffle(cards)
            for (where, i), c, m in zip(slots, cards, masks):
                where[i] = c
                seen[c] = m
        if candle:
            world.candle = tuple(candle)
        rng.shuffle(world.pdeck)
        return world


_SEAT_DUTIES = tuple(sum(1 << (8 * card + seat) for card in range(NRULES)) for seat in range(8))


def _public_json(action: A.Action) -> dict[str, Any]:
    if type(action) is A.KeepCard:
        return {"kind": "keep_card"}  # which card Black Candle kept is the user's secret
    return action.to_json()


ALL_FREE = list(A.FREE)
_SEATS_IN = tuple(tuple(s for s in range(8) if m >> s & 1) for m in range(256))
# the emotes still open for each 8-bit slice of a ritual block (24 emotes = three slices)
_OPEN_EMOTES = tuple(tuple([e for i, e in enumerate(A.EMOTE[8 * k:8 * k + 8]) if not m >> i & 1] for m in range(256))
                     for k in range(3))


def free_actions(block: int, said: bool) -> list[A.Action]:
    """Free actions still open in a ritual block: each emote once, one say (D24)."""
    if not block and not said:
        return ALL_FREE
    a, b, c = _OPEN_EMOTES
    out = a[block & 255] + b[block >> 8 & 255] + c[block >> 16]
    if not said:
        out += A.SAY
    return out


def r56(handler: Callable[[VoodooState, int, Any], list[Event]]) -> Callable[[VoodooState, int, Any], list[Event]]:
    """The step around every move (RULES' ``move``): for a non-free action the curse machinery of R56, steps (1)-(2)
    before the move (3) and step (4) after it; emotes and says are free (R65-R68) and run their handlers alone.
    Then the seats to act next."""

    def run(state: VoodooState, seat: int, action: Any) -> list[Event]:
        if action.__class__ is A.Emote or action.__class__ is A.Say:
            events = handler(state, seat, action)
        else:
            events = state._before(seat, action)
            events += handler(state, seat, action)
            events += state._after(seat)
        state.actors = state.who_acts()
        return events

    return run
