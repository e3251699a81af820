"""GROWL's table, positions and rules, section by section as in docs/games/growl.md: Set-up, the Day, Checks and
death, the End.

The Night Phase lives in night.py, the Spells in spells.py, resampling in resample.py; they are mixins of the one
state class defined here, and with it the leaf of the game: the observation (views.py) and everything above it
import this module, which imports none of them; game.py joins them. Rule ids (R…) and design ids (D…) refer to
docs/games/growl.md.

Every move goes through core's gate (``State.apply``): the kind's check in ``RULES`` (or the legal list), then
its handler inside ``logged``, the game's move step, which keeps the move's events in the state's log for the
observation and works out who acts next (``actors``: a plain attribute, read after every move by every playout
loop and once more by the gate; set once a move, it saved 3.1k of 79.6k CPU instructions an action of a random
6-player playout as a property, valgrind, 300 games).

Representation: seats are identities and positions are places (D1); seat s sits at ``pos_of[s]`` and
position p holds ``seat_at[p]``. Left = the next position clockwise (D2). Hands are 11 counts per seat
(hand-card indices, D16). Face-up cards (Spells, Séance, Silver Bullet) lie in ``front[position]``.
The deck is a list of card indices whose last element is the face-up top card.
"""

from __future__ import annotations

from functools import cache, lru_cache
from typing import Any

from hexbox.core import Event, Game, IllegalAction, Result, Rng, State, next_seat, round_from

from . import actions as A
from .cards import (
    BITE,
    BITE_ICONS,
    BRACELET_CHARM,
    BULLET_WOLF_WOUND,
    BULLET_WOUND,
    CANCELLED_BY,
    CARDS,
    CHARM_BRACELET,
    CHARM_ICONS,
    CURSED_GOLD,
    DEATH_RATTLE,
    FINAL,
    GOLD,
    GOLD_ICON,
    HAND,
    HOLY_ICONS,
    IDS,
    NIGHT,
    OMEN_CROW,
    SALVE_ICONS,
    SEANCE,
    SILVER_BULLET,
    SPELLS,
    STARTER,
    THE_ACCUSED,
    WOLFSBANE,
    WOUND_ICONS,
    clamp_cuts,
    curses_cards,
    deck_from,
    hand_json,
    main_cards,
)
from .knowledge import KnowledgeMixin
from .night import ONLY, NightMixin
from .phases import (
    GIVE,
    HALLOWS,
    NIGHT_CARD,
    OVER,
    PASSING,
    PHASES,
    PICK,
    POINT,
    PURGE,
    RATTLE,
    SAVE,
    SHOW,
    SIMULTANEOUS,
    SPELL_STEP,
    VOTE,
)
from .resample import ResampleMixin
from .spells import SpellsMixin


class GrowlGame(Game):
    name = "growl"
    action_space = A.SPACE

    def __init__(self, players: int, options: dict[str, Any]):
        super().__init__(players, options)
        self.curses: bool = options["curses"]
        self.spells: bool = options["spells"]
        self.holy_water: int = options["holy_water"]
        self.die_if_stuck = options["cant_pass"] == "die"
        bites, golds = STARTER[players]
        if players == 10 and options["starter_bites_10p"] == 4:
            bites, golds = 4, 6  # D3
        self.starter = (bites, golds)
        self.sniff = players >= 8  # R14
        # S2-S4, R6-R8: the pile the hands are dealt from is the same for every game of this set-up
        main = main_cards(players)
        for c in (BITE,) * bites + (GOLD,) * golds:
            main.remove(c)
        self.deal_pile = tuple(main + curses_cards()) if self.curses else tuple(main)
        # D26: Hypnosis names Curses ids only when Curses are in the game
        self.hypnosis_cards = tuple(c for c in A.HYPNOSIS_CARDS if self.curses or CARDS[c].set == "base")
        self.shown_options: dict[str, Any] | None = None  # the observation's options, made by views.py on first use

    def new_state(self, seed: int) -> GrowlState:
        return GrowlState.setup(self, seed)


class GrowlState(NightMixin, SpellsMixin, KnowledgeMixin, ResampleMixin, State):
    __slots__ = (
        "n", "hands", "wolf", "zero", "dead", "pos_of", "seat_at", "front", "deck", "discards", "revealed_night",
        "night_cards", "cuts", "spells_in", "start_pos", "active", "phase", "night_card", "caged", "insomniac",
        "gift", "window", "pending", "waiting", "step", "votes", "unsaved", "candidates", "rounds", "pick_kind",
        "picker", "pick_options", "show_seat", "sides", "pass_opts", "rattles", "resume", "used", "pub_known",
        "priv_known", "exact",
        "intel", "clues", "seance", "sniffed", "log", "turns", "nights", "log_json", "seats_json",
        "own_json", "ver",
    )

    game: GrowlGame

    # ---- Setup (R5-R15, S1-S9) ----------------------------------------------------------------------------

    @classmethod
    def setup(cls, game: GrowlGame, seed: int) -> GrowlState:
        self = cls.__new__(cls)
        n = game.players
        rng = Rng(seed)
        self.game, self.rng, self.n = game, rng, n
        nights = rng.sample(NIGHT, 2)  # S1, R5: the rest stays in the box, unseen
        final = rng.choice(FINAL)
        self.night_cards = (nights[0], nights[1], final)
        main = list(game.deal_pile)  # S2, R6, S4, R8
        bites, golds = game.starter
        starters = [BITE] * bites + [GOLD] * golds  # S3, R7
        rng.shuffle(starters)
        self.hands = [[0] * HAND for _ in range(n)]
        for s, c in enumerate(starters):
            self.hands[s][c] += 1
        self.zero = [c == BITE for c in starters]
        self.wolf = self.zero[:]
        self.dead = [False] * n
        self.pos_of = list(range(n))
        self.seat_at = list(range(n))
        self.front = [[] for _ in range(n)]
        rng.shuffle(main)  # S5, R9
        for s in range(n):
            for _ in range(3):
                self.hands[s][main.pop()] += 1
        for s in range(n):  # R10, D4: only the 3 dealt cards go back
            while self.net_wounds(s) >= 3:
                h = self.hands[s]
                dealt = [c for c in range(HAND) for _ in range(h[c])]
                dealt.remove(starters[s])
                for c in dealt:
                    h[c] -= 1
                main += dealt
                rng.shuffle(main)
                for _ in range(3):
                    h[main.pop()] += 1
        for s in range(n):  # R11
            if not self.wolf[s] and self.net_bites(s) >= 3:
                self.wolf[s] = True
        spells = rng.sample(SPELLS, game.options["spells_count"]) if game.spells else []
        self.spells_in = tuple(sorted(spells))  # S6, R12
        main += spells
        rng.shuffle(main)
        self.deck, self.cuts = place_night_cards(main, self.night_cards, game.options["night_jitter"], rng)  # S7
        self.sniffed = tuple(s for s in range(n) if self.wolf[s]) if game.sniff else ()  # S8, R14
        start = game.options["start_seat"]
        start = rng.randrange(n) if start < 0 else start  # S9, R15
        self.start_pos = start
        self.discards, self.revealed_night = [], []
        self.night_card, self.caged, self.insomniac, self.gift = -1, -1, -1, ()
        self.window, self.pending, self.waiting, self.step, self.votes = (), {}, (), 0, {}
        self.unsaved, self.candidates, self.rounds = (), (), 0
        self.pick_kind, self.picker, self.pick_options, self.show_seat = "", -1, (), -1
        self.sides, self.pass_opts = {}, {}
        self.rattles, self.resume, self.used = [], "", 0
        self.pub_known = [[0] * HAND for _ in range(n)]
        self.priv_known = [{} for _ in range(n)]
        self.exact = {}
        self.intel, self.clues, self.seance = (), (), ()
        self.log, self.turns, self.nights, self._result, self.is_over = [], 0, 0, None, False
        self.log_json = self.seats_json = self.own_json = None
        # a count per seat, bumped by every writer of what the seat's public entry and own hand list (its hand,
        # pins, position, death, team, the cards in front of it): views.py makes those again only where it moved,
        # instead of comparing copies of them (bot_speed's 20 games: the observation 104k -> 92k CPU instructions
        # a decision, valgrind). A writer that forgets leaves a stale observation:
        # tests/growl/test_growl_observe.py holds every observation to a memo-free clone's after every move
        self.ver = [0] * n
        self.active = start
        events = [Event("setup", {"players": n, "start_seat": start, "wolf_zeroes": bites})]
        events += [_TEAM[s, self.wolf[s], self.zero[s]] for s in range(n)]
        if game.sniff:
            events += [Event("sniff", {"werewolves": list(self.sniffed)}, to=self.sniffed)]
        self.log += events
        self.log += self._begin_turn(start)
        self.update_actors()
        return self

    def clone(self) -> GrowlState:
        c = self.twin()
        c.priv_known = [{v: k[:] for v, k in d.items()} if d else {} for d in self.priv_known]
        c.log = self.log[:]
        return c

    def twin(self) -> GrowlState:
        """A copy of everything but the log and the private knowledge, which resample filters instead."""
        c = GrowlState.__new__(GrowlState)
        c.game, c.rng, c.n = self.game, self.rng.clone(), self.n
        c.hands = [h[:] for h in self.hands]
        c.wolf, c.zero, c.dead = self.wolf[:], self.zero[:], self.dead[:]
        c.pos_of, c.seat_at = self.pos_of[:], self.seat_at[:]
        c.front = [f[:] for f in self.front]
        c.deck, c.discards, c.revealed_night = self.deck[:], self.discards[:], self.revealed_night[:]
        c.night_cards, c.cuts, c.spells_in, c.start_pos = self.night_cards, self.cuts, self.spells_in, self.start_pos
        c.active, c.phase, c.night_card, c.caged, c.insomniac = (
            self.active, self.phase, self.night_card, self.caged, self.insomniac)
        c.gift, c.window, c.pending, c.waiting = self.gift, self.window, dict(self.pending), self.waiting
        c.step, c.votes = self.step, dict(self.votes)
        c.unsaved, c.candidates, c.rounds = self.unsaved, self.candidates, self.rounds
        c.pick_kind, c.picker, c.pick_options, c.show_seat = self.pick_kind, self.picker, self.pick_options, \
            self.show_seat
        c.sides, c.pass_opts = self.sides, self.pass_opts  # never mutated: replaced at each Night
        c.rattles, c.resume, c.used = self.rattles[:], self.resume, self.used
        c.pub_known = [k[:] for k in self.pub_known]
        c.exact = dict(self.exact)
        c.intel, c.clues, c.seance, c.sniffed = self.intel, self.clues, self.seance, self.sniffed
        c.turns, c.nights, c._result, c.is_over = self.turns, self.nights, self._result, self.is_over
        c.actors = self.actors
        c.log_json = c.seats_json = c.own_json = None  # the views' JSON of the log, seats, own hand: made anew
        c.ver = [0] * self.n
        return c

    # ---- Queries --------------------------------------------------------------------------------------------

    @property
    def phase_name(self) -> str:
        return PHASES[self.phase]

    def living(self) -> list[int]:
        dead = self.dead
        if True not in dead:  # nobody has died yet, as for most of a game: no need to look seat by seat
            return list(range(self.n))
        return [s for s in range(self.n) if not dead[s]]

    def owns(self, seat: int, spell: int) -> bool:
        """Spells act for the living seat at their position only (R49, R50)."""
        return not self.dead[seat] and spell in self.front[self.pos_of[seat]]

    def owners(self, spell: int) -> list[int]:
        """The living seats that own ``spell`` (R49, R50), by position."""
        if not self.game.spells:  # Spells reach the table only from a deck that holds them (R12)
            return []
        dead, seat_at = self.dead, self.seat_at
        return [seat_at[p] for p, f in enumerate(self.front) if f and spell in f and not dead[seat_at[p]]]

    def holder(self, card: int) -> int:
        """The position a face-up card lies at, or -1."""
        for p, f in enumerate(self.front):
            if card in f:
                return p
        return -1

    def neighbour(self, seat: int, step: int, among: Any = None) -> int:
        """The closest living seat (or member of ``among``) from ``seat`` going left (+1) or right (-1); R2.

        Neighbours are found among positions (D1): the seat at the next position that is not skipped. The two
        shortcuts save CPU instructions of a random 6-player playout: while nobody has died, the next position
        (0.4k of 77k an action, valgrind, 300 games); once somebody has, the positions in order from a table, with
        no function called at each step (benchmarks/instructions.py: 77,496 -> 76,352 a decision)."""
        seat_at, dead, n = self.seat_at, self.dead, self.n
        if among is not None:
            skip = lambda p: seat_at[p] not in among  # noqa: E731
            return seat_at[next_seat(self.pos_of[seat], n, skip, step)]
        if True not in dead:  # as for most of a game: the next position
            return seat_at[(self.pos_of[seat] + step) % n]
        for p in _GOING[step][n][self.pos_of[seat]]:
            if not dead[seat_at[p]]:
                return seat_at[p]
        return seat

    def clockwise(self, seats: Any, first_pos: int | None = None) -> list[int]:
        """Seats ordered clockwise from a position (default: the Start Player's tile, R51)."""
        chosen = set(seats)
        if len(chosen) == 1:  # one dying seat, one spell owner: no order to find
            return list(chosen)
        seat_at = self.seat_at
        return [seat_at[p] for p in round_from(self.start_pos if first_pos is None else first_pos, self.n)
                if seat_at[p] in chosen]

    # ---- Icons (R34-R38) -----------------------------------------------------------------------------------

    def net_bites(self, s: int) -> int:
        """Bite icons less Charm icons (R34), a Charm cancelled by an Infinity card in the hand (R35): icons as
        cards.toml prints them, counted over the few hand cards that show each."""
        h = self.hands[s]
        bites = charm = 0
        for c, k in BITE_ICONS:
            bites += k * h[c]
        for c in _CANCEL_CHARM:
            if h[c]:
                break
        else:
            for c, k in CHARM_ICONS:
                charm += k * h[c]
            if CHARM_BRACELET in self.front[self.pos_of[s]]:
                charm += BRACELET_CHARM
        return bites - charm

    def net_wounds(self, s: int) -> int:
        """Wound icons less Salve icons (R36-R38): Silver Bullet's wounds (R58, D19), Holy Water's for a werewolf
        (R36, D6), a Salve cancelled by an Infinity card in the hand (R35)."""
        h = self.hands[s]
        wound = salve = 0
        for c, k in WOUND_ICONS:
            wound += k * h[c]
        if SILVER_BULLET in self.front[self.pos_of[s]]:
            wound += BULLET_WOUND + (BULLET_WOLF_WOUND if self.wolf[s] else 0)
        if self.wolf[s]:
            for c, k in HOLY_ICONS:
                wound += self.game.holy_water * k * h[c]
        for c in _CANCEL_SALVE:
            if h[c]:
                break
        else:
            for c, k in SALVE_ICONS:
                salve += k * h[c]
        return wound - salve

    def gold(self, s: int) -> int:
        h = self.hands[s]
        return _GOLDS * h[GOLD] + _CURSED_GOLDS * h[CURSED_GOLD]

    # ---- Actors and legal actions ------------------------------------------------------------------------

    def update_actors(self) -> None:
        """Work out ``actors`` again: after every move (see logged), and after any change made by hand."""
        self.actors = self._who_acts()

    def _who_acts(self) -> tuple[int, ...]:
        phase = self.phase
        if phase <= NIGHT_CARD:  # the spell step, the Day gift and the Night card: the active player alone
            return (self.active,)
        if phase in SIMULTANEOUS:  # the members of the window who have not chosen yet
            return self.waiting
        if phase == VOTE:
            return (self.window[self.step],)
        if phase == SAVE or phase == PICK:
            return (self.picker,)
        if phase == SHOW:
            return (self.show_seat,)
        if phase == HALLOWS:
            return (self.picker,)
        if phase == RATTLE:
            return (self.rattles[0],)
        return ()

    def _legal_actions(self, seat: int) -> list[A.Action]:
        phase = self.phase
        if phase == GIVE:  # the window holds the allowed receivers while the card waits to be given
            return list(_gives(self.window)) if seat == self.active else []
        if phase == PASSING:  # before the generic actor test: it is every Night's hot path
            return self.pass_options(seat) if seat in self.waiting else []
        if phase == OVER or seat not in self.actors:
            return []
        if phase == SPELL_STEP:
            return [A.END_SPELLS, *self.activations(seat)]
        if phase == NIGHT_CARD:
            return self.night_card_options()
        if phase == RATTLE:
            return self.rattle_options(seat)
        return self.window_options(seat)

    def _default_action(self, seat: int) -> A.Action:
        phase = self.phase
        legal = self._legal_actions(seat)
        if phase in (GIVE, SAVE, PICK, PURGE) or (phase == VOTE and self.night_card == THE_ACCUSED):
            return self._first_clockwise(seat, legal)
        if phase == RATTLE:  # G9: the first card in canonical order, to the first receiver clockwise
            first = legal[0]
            if first.kind == "decline":
                return first
            return self._first_clockwise(seat, [a for a in legal if a.kind == first.kind and a.card == first.card])
        if phase == NIGHT_CARD:
            return self.night_card_default(legal)
        if phase == POINT:
            return A.POINT_LEFT
        if phase == VOTE:  # The Trusted: self
            return A.VOTE[seat]
        if phase == SPELL_STEP:
            return A.END_SPELLS
        return legal[0]  # the canonical card order (cards.CANONICAL): action ids follow it

    def _first_clockwise(self, seat: int, legal: list[A.Action]) -> A.Action:
        n, p = self.n, self.pos_of[seat]
        return min(legal, key=lambda a: (self.pos_of[a.target] - p - 1) % n)

    # ---- the end's log (views.py builds the observation; game.py joins it) ------------------------------------

    def _reveal_at_end(self, over: Event) -> None:
        """At the end the log reveals when each human turned and every Night pass, the Gift's too (R71)."""
        over.data["turned"] = [e.data for e in self.log if e.kind == "turned"]
        over.data["night_passes"] = [e.data for e in self.log if e.kind == "sent"]

    # ---- The Day (R16-R23) ---------------------------------------------------------------------------------

    def _begin_turn(self, seat: int) -> list[Event]:
        self.active = seat
        self.used = 0
        self.turns += 1
        events = [_TURN[seat]]
        if self.game.spells and self.activations(seat):  # R17
            self.phase = SPELL_STEP
            return events
        events += self._take_top()
        return events

    def _take_top(self) -> list[Event]:
        card = self.deck[-1]
        if card in NIGHT_OR_FINAL:  # R22
            self.deck.pop()
            self.night_card = card
            self.revealed_night.append(card)
            self.phase = NIGHT_CARD
            return [Event("night_card", {"seat": self.active, "card": IDS[card], "final": KIND[card] == "final"})]
        receivers = self.receivers(card, self.active)
        if not receivers:  # R23, D17
            self.deck.pop()
            self.discards.append(card)
            return [Event("discarded", {"card": IDS[card], "why": "no living player may receive it"})] + \
                self._end_turn()
        self.phase = GIVE
        self.window = receivers
        return []

    def receivers(self, card: int, giver: int) -> tuple[int, ...]:
        """R18, D11: another living player; not a Wolfsbane owner for a bite card."""
        dead = self.dead
        if card == BITE and self.game.spells:
            return tuple([t for t in range(self.n) if t != giver and not dead[t] and not self.owns(t, WOLFSBANE)])
        others = _OTHERS[self.n][giver]
        if True not in dead:  # as for most of a game: every other seat, a tuple made once (1.6k of 78k CPU
            return others  # instructions an action of a random 6-player playout, valgrind)
        return _living_among(others, tuple(dead))

    def _give(self, seat: int, action: A.Give) -> list[Event]:
        card = self.deck.pop()
        t = action.target
        self.window = ()
        spell = card >= FIRST_SPELL
        if spell:  # R19
            self.front[self.pos_of[t]].append(card)
        else:
            self.hands[t][card] += 1
            self.know_public_add(t, card)
        self.ver[t] += 1
        events = [_gave(seat, card, t)]
        events += self.settle("_end_turn", who=(t,))  # R20: only the receiver's icons changed
        return events

    def _end_turn(self) -> list[Event]:
        """R21, R22: the deck passes to the next living player clockwise."""
        return self._begin_turn(self.neighbour(self.active, 1))

    # ---- Turning, death and triggers (R30-R33, R38, R44, R49, R51) ---------------------------------------

    def settle(self, resume: str, killed: Any = (), who: Any = None) -> list[Event]:
        """R38: after a card movement (or a kill) turn, then kill, then death triggers, then the end check.

        ``who`` narrows the check to the seats whose icons may have changed (all by default).
        """
        dead, wolf = self.dead, self.wolf
        if who is not None and not killed and len(who) == 1:  # the common case: one receiver, nothing happens
            s = who[0]
            if dead[s] or ((wolf[s] or self.net_bites(s) < 3) and self.net_wounds(s) < 3):
                # nobody died: no Death Rattle to open and no end of the game, so on without proceed's checks
                # (benchmarks/instructions.py: 81,607 -> 81,161 a decision)
                self.resume = resume
                return getattr(self, resume)()
        events: list[Event] = []
        dying = [s for s in killed if not dead[s]]
        seats = range(self.n) if who is None else who
        for s in seats:  # R30, R32: turning first
            if not dead[s] and not wolf[s] and self.net_bites(s) >= 3:
                wolf[s] = True
                self.ver[s] += 1
                events.append(Event("turned", {"seat": s, "turn": self.turns}, ONLY[s]))
        dying += [s for s in seats if not dead[s] and s not in dying and self.net_wounds(s) >= 3]  # R31
        if dying:
            for s in dying:
                dead[s] = True
                self.ver[s] += 1
            order = self.clockwise(dying)
            events += [Event("died", {"seat": s}) for s in order]  # R33: no team
            events += self._death_triggers(order)
        self.resume = resume
        return events + self.proceed()

    def _death_triggers(self, order: list[int]) -> list[Event]:
        """R44, R51: Séance, Omen Crow and Death Rattle for the seats dying now, in clockwise ``order`` from the
        Start Player."""
        events = []
        for s in order:
            if SEANCE in self.front[self.pos_of[s]]:  # R57
                events.append(self.reveal_team(s))
        crows = self.owners(OMEN_CROW)  # R49, D23: the living owners; one dying in the same moment learns nothing
        for o in self.clockwise(crows) if crows else ():
            for s in order:
                self.intel += ((o, s, self.wolf[s]),)
                events.append(Event("omen_crow", {"seat": s, "werewolf": self.wolf[s]}, to=(o,)))
        for s in order:
            if DEATH_RATTLE in self.front[self.pos_of[s]] and sum(self.hands[s]):
                self.rattles.append(s)
        return events

    def reveal_team(self, s: int) -> Event:
        self.seance += ((s, self.wolf[s]),)
        return Event("seance", {"seat": s, "werewolf": self.wolf[s]})

    def proceed(self) -> list[Event]:
        """Continue after a settle: open a Death Rattle, end the game (R70, D13), or go on with ``resume``."""
        if self.rattles:
            self.phase = RATTLE
            return []
        if self.dead.count(False) <= 2:
            return self.end("two_or_fewer_alive")
        return getattr(self, self.resume)()

    def rattle_options(self, seat: int) -> list[A.Action]:
        h = self.hands[seat]
        living = self.living()
        out = []
        for c in range(HAND):
            if h[c]:
                row = A.DEATH_RATTLE[c]
                out += [row[t] for t in living if not (c == BITE and self.owns(t, WOLFSBANE))]  # D22
        out.append(A.DECLINE)
        return out

    def _death_rattle(self, seat: int, action: A.DeathRattle) -> list[Event]:
        c, t = IDS.index(action.card), action.target
        self.rattles.pop(0)
        self.hands[seat][c] -= 1
        self.hands[t][c] += 1
        self.ver[seat] += 1
        self.ver[t] += 1
        self.know_reset(seat)
        self.know_private_add(seat, t, c)
        events = [Event("death_rattle", {"seat": seat, "to": t}),
                  Event("death_rattle_card", {"seat": seat, "to": t, "card": action.card}, to=(seat, t))]
        return events + self.settle(self.resume)

    def _decline(self, seat: int, action: A.Decline) -> list[Event]:
        self.rattles.pop(0)
        return [Event("death_rattle_declined", {"seat": seat})] + self.proceed()

    # ---- The end: the Growl and gold (R69-R72) ----------------------------------------------------------

    def end(self, why: str) -> list[Event]:
        """The Growl (R71) and the gold (R72); ``why`` is the result's kind: final_night or two_or_fewer_alive."""
        # no card leaves the game (R47): Gift cards still on their way arrive, a Night card in play is discarded
        events = self.gift_arrives() if self.gift else []
        self.discard_night_card()
        self.phase = OVER
        self.rattles = []
        n = self.n
        humans_win = any(not self.dead[s] and not self.wolf[s] for s in range(n))  # R71, D24
        winners = frozenset(s for s in range(n) if self.wolf[s] != humans_win)
        scores = {s: (1 + self.gold(s) if s in winners else 0) for s in range(n)}  # R72
        self.finish(Result(winners, scores, _reason(why, self.dead.count(False), humans_win), kind=why))
        events.append(Event("game_over", {
            "end": why, "reason": self._result.reason, "winners": sorted(winners),
            "werewolves": [s for s in range(n) if self.wolf[s]],
            "wolf_zeroes": [s for s in range(n) if self.zero[s]],
            "hands": [hand_json(h) for h in self.hands],
            "night_cards": [IDS[c] for c in self.night_cards],  # the rest was set aside (R5)
            "spells_in": [IDS[c] for c in self.spells_in],
            "deck": [IDS[c] for c in reversed(self.deck)],
            "scores": {str(s): v for s, v in scores.items()},
        }))
        return events


#: the codes of Result.kind (R69, R70)
RESULT_KINDS = ("final_night", "two_or_fewer_alive")


def _reason(why: str, alive: int, humans_win: bool) -> str:
    if why == "final_night":
        how = "a human is still alive" if humans_win else "no human is left alive"
        head = f"The Final Night is over, and {how}"
    elif alive == 0:
        head = "Nobody is left alive"
    else:
        left = "one player is" if alive == 1 else f"{alive} players are"
        how = ("a human" if alive == 1 else "a human among them") if humans_win else \
            ("a werewolf" if alive == 1 else "no human among them")
        head = f"Only {left} left alive, {how}"
    return f"{head}: the {'humans' if humans_win else 'werewolves'} win."


def place_night_cards(cards: list[int], night: tuple[int, int, int], jitter: int,
                      rng: Rng) -> tuple[list[int], tuple[int, int, int]]:
    """R13, D7: piles of about a third, cut points shifted by up to ``jitter``; returns (deck, cuts)."""
    d = len(cards)
    s1 = d // 3 + (d % 3 >= 1)
    s2 = d // 3 + (d % 3 == 2)
    cut1 = s1 + rng.randint(-jitter, jitter)
    cut2 = s1 + s2 + rng.randint(-jitter, jitter)
    cut1, cut2 = clamp_cuts(d, cut1, cut2)
    return deck_from(cards, night, cut1, cut2), (d, cut1, cut2)


KIND = tuple(c.kind for c in CARDS)
# the icons' tables read at every icon count, as plain numbers rather than through a generator each (the seat's
# icons, made for its observation whenever its hand changed: 24k -> 16k CPU instructions a decision, bot_speed's
# 20 games, valgrind); the cancelling cards (one each) by a loop rather than any(map(...)), which makes a map and
# a bound method at each count (the observation 107.4k -> 105.8k a decision)
_CANCEL_CHARM, _CANCEL_SALVE = CANCELLED_BY["charm"], CANCELLED_BY["salve"]
_GOLDS, _CURSED_GOLDS = GOLD_ICON[GOLD], GOLD_ICON[CURSED_GOLD]
NIGHT_OR_FINAL = frozenset(NIGHT + FINAL)
FIRST_SPELL = SPELLS[0]  # card indices: hand cards, Night, Final Night, then the Spells

# _GOING[step][n][p]: the other positions of a table of n from p on, to the left (step 1) or to the right (-1)
_GOING = {step: [[tuple((p + step * i) % n for i in range(1, n)) for p in range(n)] for n in range(A.MAX_SEATS + 1)]
          for step in (1, -1)}
# the event that begins a seat's turn is always the same, and no event is changed once made: one a seat, made
# once (benchmarks/instructions.py: 75,849 -> 74,337 a decision; fewer objects made, less for the collector)
_TURN = tuple(Event("turn", {"seat": s}) for s in range(A.MAX_SEATS))
# a seat's team as set up (S3, R11): one of four events, made once like _TURN (72,125 -> 71,759 a decision)
_TEAM = {(s, w, z): Event("team", {"werewolf": w, "wolf_zero": z}, ONLY[s])
         for s in range(A.MAX_SEATS) for w in (False, True) for z in (False, True)}
# _OTHERS[n][s]: every seat of a table of n but s (the receivers of a Day card while nobody has died)
_OTHERS = [[tuple(t for t in range(n) if t != s) for s in range(n)] for n in range(A.MAX_SEATS + 1)]


@lru_cache(maxsize=1 << 12)
def _living_among(seats: tuple[int, ...], dead: tuple[bool, ...]) -> tuple[int, ...]:
    """The living among ``seats``: once somebody has died, the same few answers come back turn after turn, so
    they are remembered (benchmarks/instructions.py: 77,830 -> 77,496 a decision)."""
    return tuple([t for t in seats if not dead[t]])


@lru_cache(maxsize=1 << 12)
def _gives(receivers: tuple[int, ...]) -> tuple[A.Action, ...]:
    """The Day gifts to ``receivers``: the same few windows come back turn after turn, so their actions are
    remembered (benchmarks/instructions.py: 76,362 -> 75,849 a decision)."""
    return tuple([A.GIVE[t] for t in receivers])


@cache  # at most 10 x 39 x 10 of them
def _gave(seat: int, card: int, t: int) -> Event:
    """A Day gift's event depends on the giver, the card and the receiver only, and no event is changed once made:
    each is made once (benchmarks/instructions.py: 73,589 -> 72,545 a decision; fewer objects for the collector)."""
    return Event("gave", {"seat": seat, "card": IDS[card], "to": t, "spell": card >= FIRST_SPELL})


def logged(handler: Any) -> Any:
    """The step around every move (RULES' ``move``): the handler, then the seats to act next, and the move's events
    kept in the state's log (the observation shows it)."""

    def run(state: GrowlState, seat: int, action: A.Action) -> list[Event]:
        events = handler(state, seat, action)
        state.actors = state._who_acts()
        state.log += events
        if state._result is not None:
            state._reveal_at_end(events[-1])
        return events

    return run


def check_give(state: GrowlState, seat: int, action: A.Give) -> None:
    """The Day gift, the commonest move: the same answer as the legal list (R18, D11), without building it.

    Measured against no check (the gate's legal-list test): 3.1k fewer CPU instructions per action of a random
    6-player playout (79.6k -> 76.5k, valgrind, 300 games), about 2.5% more actions a second."""
    if state.phase != GIVE or action.target not in state.window:
        raise IllegalAction(f"seat {action.target} may not receive a card from seat {seat} now")


def check_night_pass(state: GrowlState, seat: int, action: A.NightPass) -> None:
    """Night passing (R25, R26): the options worked out when Night fell are the legal list (the gate has checked
    that the seat is still to choose). Measured against no check: 0.55k fewer CPU instructions per action of a
    random 6-player playout (77.1k -> 76.5k, valgrind, 300 games), 1.9k per pass; the time gain is below the
    noise of a timed run."""
    if state.phase != PASSING or id(action) not in map(id, state.pass_opts[seat]):
        raise IllegalAction(f"seat {seat} cannot {action} now")
