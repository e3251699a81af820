"""Prowl's table and positions: the set-up (R1-R9), the track and its movement, Dominance, attachments and
constraints, what each seat knows, the end (R43-R51).

The leaf of the game: the moves (rules.py), the card effects (effects.py), the observation (views.py) and
resampling (hidden.py) import it, and it imports none of them; game.py joins them. Rule ids (R…) refer to
docs/games/prowl.md; the tests cite the same ids.

Representation: cards are indices 0..31 (clan = index // 8), clans 0..3. ``track[0]`` is the highest clan.
Seat s+1 sits on seat s's left; turns pass to the left. An attachment is ``att_by[card]`` (its player, or -1)
with up to two parameters ``att_a``/``att_b`` (a named clan, a chosen seat): every card exists once.
"""

from __future__ import annotations

from bisect import insort
from itertools import product
from typing import Any

from hexbox.core import Action, ConfigError, Event, Game, Rng, State

from . import actions as A
from .cards import (
    BLIZZARD,
    BRAMBLE_SNARE,
    CARD_CLAN,
    CARD_IDS,
    CARDS,
    CLAN_IDS,
    CLANS,
    CURSED_EFFIGY,
    FROST_VEIL,
    GARRISON,
    HIGH_MAGE,
    ICE_WALL,
    LONG_NIGHT,
    WINTER,
)
from .scoring import decide

SETUP, TURN, PROMPT, OVER = range(4)
PHASES = ("setup", "turn", "prompt", "over")
NO_CONSTRAINT, MUST_CHANGE, MUST_PLAY, NO_PLAY = range(4)
CONSTRAINTS = (None, "must_change", "must_play", "may_not_play")
# R39: which turn actions each constraint leaves (indexed by constraint)
MAY_PLAY = (True, False, True, False)
MAY_CHANGE = (True, True, False, True)
MAY_ACCUSE = (True, False, False, True)
MOVED, EDGE, BLOCKED = range(3)

_SET_CLAN = A.SET_CLAN
_copy = list.copy
ONLY = tuple((s,) for s in range(A.MAX_SEATS))  # one seat: the actors of a turn, a private event's audience


class ProwlGame(Game):
    name = "prowl"
    action_space = A.SPACE

    def __init__(self, players: int, options: dict[str, Any]):
        super().__init__(players, options)
        self.leaders: bool = options["leaders"]
        self.hand_size: int = options["hand_size"]
        self.deck_cards = tuple(c.index for c in CARDS if self.leaders or not c.leader)
        if players * self.hand_size > len(self.deck_cards):
            raise ConfigError(
                f"option hand_size={self.hand_size} is not allowed with {players} players: "
                f"{players} x {self.hand_size} > {len(self.deck_cards)} cards"
                + ("" if self.leaders else " (leaders removed)"))
        self.strengthening_deck = players == 2 and options["two_player_deck"]  # R37
        self.first_player: int = options["first_player"]
        self.last_round_reversed = options["last_round"] == "counter_clockwise"
        self.dominance_to_last = options["dominance_to"] == "last_player"

    def new_state(self, seed: int) -> ProwlState:
        return ProwlState.setup(self, seed)


class ProwlState(State):
    __slots__ = (
        "n", "track", "start_track", "hands", "clan_card", "face_up", "denied", "discards", "att_by", "att_a", "att_b",
        "dominance", "start", "active", "phase", "constraint", "deck", "deck_discards", "box", "known_clans",
        "clans_shared", "known_hand", "known_held", "hands_shared", "hands_seen", "playing", "pending_strengthen",
        "prompt", "answers", "turns", "history", "ev", "quiet",
    )

    game: ProwlGame

    # ---- Set-up (R1-R9) ----------------------------------------------------------------------------

    @classmethod
    def setup(cls, game: ProwlGame, seed: int) -> ProwlState:
        self = cls.__new__(cls)
        n = game.players
        rng = Rng(seed)
        self.game, self.rng, self.n = game, rng, n
        self.track = list(range(4))
        rng.shuffle(self.track)  # R5
        self.start_track = tuple(self.track)  # public; kept for designer statistics
        cards = list(game.deck_cards)  # R7: without leaders if asked
        rng.shuffle(cards)  # R6
        h = game.hand_size
        self.hands = [sorted(cards[h * s: h * (s + 1)]) for s in range(n)]
        rest = cards[h * n:]
        self.deck = rest if game.strengthening_deck else []  # R37: the top card is the last one
        self.box = [] if game.strengthening_deck else sorted(rest)
        self.deck_discards = []
        self.clan_card = [-1] * n
        self.face_up = [False] * n
        self.denied = [0] * n  # R31: bit k set = this clan card is publicly not of clan k
        self.discards = [[] for _ in range(n)]
        self.att_by = [-1] * 32
        self.att_a = [-1] * 32
        self.att_b = [-1] * 32
        self.dominance = -1
        self.start = -1
        self.active = -1
        self.phase = SETUP
        self.constraint = [NO_CONSTRAINT] * n
        self.known_clans = [[-1] * n for _ in range(n)]
        self.clans_shared = False
        self.known_hand = [[()] * n for _ in range(n)]
        self.known_held = [[()] * n for _ in range(n)]
        self.hands_shared = False
        self.hands_seen = False
        self.playing = -1
        self.pending_strengthen = False
        self.prompt = None
        self.answers = ()  # the open prompt's legal answers (effects.ask)
        self.turns = 0
        self.history = ()
        self._result = None
        self.ev = []
        self.quiet = False
        self.actors = tuple(range(n))  # P1: everyone places a clan card
        self.is_over = False
        return self

    @property
    def phase_name(self) -> str:
        return PHASES[self.phase]

    def clone(self) -> ProwlState:
        c = ProwlState.__new__(ProwlState)
        c.game, c.rng, c.n = self.game, self.rng.clone(), self.n
        c.start_track = self.start_track
        c.track, c.clan_card, c.face_up, c.denied = self.track[:], self.clan_card[:], self.face_up[:], self.denied[:]
        c.hands = list(map(_copy, self.hands))
        c.discards = list(map(_copy, self.discards))
        c.att_by, c.att_a, c.att_b = self.att_by[:], self.att_a[:], self.att_b[:]
        c.dominance, c.start, c.active, c.phase = self.dominance, self.start, self.active, self.phase
        c.constraint, c.deck, c.box = self.constraint[:], self.deck[:], self.box[:]
        c.deck_discards = self.deck_discards[:]
        # copy-on-write: a clone shares the two tables of known hand cards with its original until either writes
        # (own_hands); rows hold tuples, so copying the outer lists and rows then is a full copy. Most clones are
        # a bot's trial moves, which rarely show a hand (clone 8.7 -> 6.6 µs, timed alone on a 4-seat position).
        # The same for the known clan cards (own_clans), which a Change, a peek or an exchange writes (-> 4.4 µs)
        self.clans_shared = c.clans_shared = True
        c.known_clans = self.known_clans
        self.hands_shared = c.hands_shared = True
        c.known_hand, c.known_held = self.known_hand, self.known_held
        c.hands_seen = self.hands_seen
        c.playing, c.pending_strengthen, c.prompt, c.answers = (self.playing, self.pending_strengthen, self.prompt,
                                                                 self.answers)
        c.turns, c.history, c._result = self.turns, self.history, self._result
        c.ev = []
        c.quiet = self.quiet
        c.actors, c.is_over = self.actors, self.is_over
        return c

    # ---- queries -----------------------------------------------------------------------------------

    # ``actors`` and ``is_over`` are plain attributes, not properties, because every step of every playout reads
    # them: P1 narrows ``actors`` seat by seat, each turn begins with ``(active,)``, the end empties it.

    def clan_of(self, seat: int) -> int:
        return CARD_CLAN[self.clan_card[seat]]

    def position(self, clan: int) -> int:
        """0 = highest (R3)."""
        return self.track.index(clan)

    def attached(self, card: int) -> bool:
        return self.att_by[card] >= 0

    # sets of seats are bit masks (bit p for seat p): they index precomputed lists of actions

    def eligible_mask(self, seat: int) -> int:
        """Opponents an effect of ``seat`` may choose: not behind a Frost Veil (card 26)."""
        return _ALL_BUT[seat] & _ALL_BUT[self.att_by[FROST_VEIL]] & ((1 << self.n) - 1)

    def accusable_mask(self, seat: int) -> int:
        """R28: eligible opponents whose clan card is face down."""
        return _FACE_DOWN[tuple(self.face_up)] & _ALL_BUT[seat] & _ALL_BUT[self.att_by[FROST_VEIL]]

    def turns_left(self, seat: int) -> int:
        """Each turn uses exactly one hand card (R11): the cards in hand are the turns still to come."""
        return len(self.hands[seat])

    # ---- legal actions (ascending id) --------------------------------------------------------------

    def _legal_actions(self, seat: int) -> list[Action]:
        phase = self.phase
        if phase == TURN:
            if seat != self.active:
                return []
            hand = self.hands[seat]
            rule = self.constraint[seat]  # R39: the constraint decides which kinds are offered
            # P2, ascending ids: the plays of every hand card, then its changes, then its accusations
            out: list[Action] = []
            if rule == NO_CONSTRAINT or rule == MUST_PLAY:
                for c in hand:
                    out += _PLAYS[c]
            if rule != MUST_PLAY:
                out += map(_CHANGE_OF, hand)
                if rule != MUST_CHANGE:
                    # R28: accusable_mask(seat), written out because this is the hot path of every playout
                    by_card = _ACCUSATIONS[_FACE_DOWN[tuple(self.face_up)] & _ALL_BUT[seat]
                                           & _ALL_BUT[self.att_by[FROST_VEIL]]]
                    for c in hand:
                        out += by_card[c]
            return out
        if phase == PROMPT:  # P3, P4: the open prompt's answers, kept when it opened (effects.ask)
            return list(self.answers) if seat == self.active else []
        if phase == SETUP:
            return list(map(_SET_CLAN.__getitem__, self.hands[seat])) if self.clan_card[seat] < 0 else []
        return []

    def _default_action(self, seat: int) -> Action:
        if self.phase == SETUP:  # P1: a card of the clan held most, ties in clan order, lowest index
            hand = self.hands[seat]
            counts = [sum(1 for c in hand if CARD_CLAN[c] == k) for k in range(4)]
            best = max(range(4), key=lambda k: (counts[k], -k))
            return A.SET_CLAN[min(c for c in hand if CARD_CLAN[c] == best)]
        legal = self._legal_actions(seat)
        if self.phase == PROMPT and legal[-1] is A.SKIP:  # P3: skip what is optional
            return A.SKIP
        return legal[0]  # P2, P4: the lowest id (play strengthen-first, change, or take Dominance)

    # ---- events and the public history ------------------------------------------------------------

    # ``quiet``: a position nobody reads the events of (a bot's trial moves, heuristic.py) builds none; everything
    # else moves exactly as in a loud one (a test plays both side by side). The events are for people and for the
    # server. Quiet trial moves: the Prowl bot 377 -> 448 decisions/s (bot_speed.py, alternated 2x).

    def emit(self, kind: str, data: dict[str, Any], to: Any = None) -> None:
        if not self.quiet:
            self.ev.append(Event(kind, data, to))  # the hot paths below append their events directly

    def log(self, entry: dict[str, Any]) -> None:
        """Public history (docs/games/prowl.md): turn actions, accusations, peeks and exchanges, never a hidden
        card."""
        self.history += (entry,)

    # ---- Track movement (R16, R34-R36) -------------------------------------------------------------

    def _step(self, clan: int, up: bool, strengthening: bool) -> int:
        """One step of ``clan``: it exchanges places with its neighbour (R34), unless something blocks (R35)."""
        track = self.track
        i = track.index(clan)
        j = i - 1 if up else i + 1
        if j < 0 or j > 3:
            return EDGE
        other = track[j]
        falling = other if up else clan
        if self._blocked(clan, other, falling, strengthening and up):
            return BLOCKED
        track[i], track[j] = other, clan
        return MOVED

    def _blocked(self, a: int, b: int, falling: int, strengthening: bool) -> bool:
        """R35: lasting locks first, then the one-shot Snare (strengthening only), then the Ice Wall."""
        blocker = -1
        if self.att_by[BLIZZARD] >= 0 and self.att_a[BLIZZARD] in (a, b):
            blocker = BLIZZARD
        elif falling == WINTER and self.att_by[LONG_NIGHT] >= 0:
            blocker = LONG_NIGHT
        elif strengthening and self.att_by[BRAMBLE_SNARE] >= 0 and self.att_a[BRAMBLE_SNARE] == a:
            blocker = BRAMBLE_SNARE
            self.detach(BRAMBLE_SNARE)
        elif falling == WINTER and self.att_by[ICE_WALL] >= 0:
            blocker = ICE_WALL
            self.detach(ICE_WALL)
        if blocker < 0:
            return False
        self.emit("blocked", {"by": CARDS[blocker].id, "clans": [CLANS[a].id, CLANS[b].id]})
        return True

    def move(self, clan: int, steps: int, up: bool, strengthening: bool = False) -> None:
        """Raise or lower ``clan`` by ``steps``; a blocked step cancels the rest (R34, R35)."""
        moved = 0
        for _ in range(steps):
            outcome = self._step(clan, up, strengthening)
            if outcome != MOVED:
                break
            moved += 1
        if self.quiet:
            return
        how = "strengthen" if strengthening else ("raise" if up else "lower")
        self.ev.append(Event("track", {"how": how, "clan": CLAN_IDS[clan], "by": steps, "moved": moved,
                                       "track": list(map(CLAN_IDS.__getitem__, self.track))}))

    def strengthen(self, clan: int) -> None:
        """R16: raise the clan by 1 because its card was Played (or revealed, R37)."""
        self.move(clan, 1, True, strengthening=True)

    def swap(self, x: int, y: int) -> None:
        """R34: two clans exchange positions in one move; the clans between them stay."""
        track = self.track
        i, j = track.index(x), track.index(y)
        if i > j:
            i, j, x, y = j, i, y, x
        moved = 0
        if i != j and not self._blocked(x, y, x, False):
            track[i], track[j] = y, x
            moved = 1
        if not self.quiet:
            self.ev.append(Event("track", {"how": "swap", "clan": CLAN_IDS[x], "with": CLAN_IDS[y], "moved": moved,
                                           "track": list(map(CLAN_IDS.__getitem__, self.track))}))

    # ---- Dominance, attachments, constraints --------------------------------------------------------

    def take_dominance(self, seat: int) -> None:
        holder = self.dominance
        if holder == seat:
            return
        if self.att_by[GARRISON] == holder:  # card 22: the token stays, the Garrison goes
            self.detach(GARRISON)
            self.emit("dominance_kept", {"seat": holder, "by": CARDS[GARRISON].id})
            return
        self.dominance = seat
        self.emit("dominance", {"seat": seat, "from": holder})

    def attach(self, seat: int, card: int, a: int = -1, b: int = -1) -> None:
        """R19: the card stays face up in front of its player."""
        self.att_by[card], self.att_a[card], self.att_b[card] = seat, a, b
        self.emit("attach", {"seat": seat, "card": CARDS[card].id, **_att_params(card, a, b)})

    def detach(self, card: int) -> None:
        """R19: an attachment whose time is over goes to its player's discard pile."""
        seat = self.att_by[card]
        self.att_by[card] = self.att_a[card] = self.att_b[card] = -1
        self.discards[seat].append(card)
        self.emit("detach", {"seat": seat, "card": CARDS[card].id})

    def impose(self, target: int, rule: int) -> None:
        """R39: fixed now, public, for the target's next turn; the newest replaces an older one."""
        self.constraint[target] = rule
        self.emit("constraint", {"seat": target, "constraint": CONSTRAINTS[rule]})

    # ---- Knowledge (R23, R38, docs/games/prowl.md and D16) ----------------------------------------------------

    def own_clans(self) -> None:
        """Before any write to ``known_clans``: take a private copy if a clone may share it."""
        if self.clans_shared:
            self.known_clans = list(map(_copy, self.known_clans))
            self.clans_shared = False

    def own_hands(self) -> None:
        """Before any write to ``known_hand`` or ``known_held``: take private copies if a clone may share them."""
        if self.hands_shared:
            self.known_hand = list(map(_copy, self.known_hand))
            self.known_held = list(map(_copy, self.known_held))
            self.hands_shared = False

    # Only a Mist Weaver shows cards in another player's hand (peek_hand, exchange_hand_cards), and they set
    # ``hands_seen``: until then ``known_hand`` and ``known_held`` are empty and need no update (speed).

    def forget_hand_card(self, seat: int, card: int) -> None:
        """A hand card was Played or discarded face up: nobody needs to remember it in that hand any more.

        Called only once a Mist Weaver has shown a hand (``hands_seen``): until then nobody knows a hand card."""
        self.own_hands()
        for hand, held in zip(self.known_hand, self.known_held):
            if card in hand[seat]:
                hand[seat] = tuple(c for c in hand[seat] if c != card)
            if card in held[seat]:
                held[seat] = tuple(c for c in held[seat] if c != card)

    def peek_clan(self, seat: int, target: int) -> None:
        card = self.clan_card[target]
        self.own_clans()
        self.known_clans[seat][target] = card
        held = self.known_held[seat][target]
        if held:  # the other cards known to be "in hand or clan" are in the hand
            self.own_hands()
            self.known_hand[seat][target] += tuple(c for c in held if c != card)
            self.known_held[seat][target] = ()
        self.log({"kind": "peek", "seat": seat, "target": target, "what": "clan"})
        self.emit("peek", {"seat": seat, "target": target, "what": "clan"})
        self.emit("peeked", {"seat": seat, "target": target, "card": CARDS[card].id}, to=(seat,))

    def peek_hand(self, seat: int, target: int) -> None:
        hand = self.hands[target]
        self.own_hands()
        self.own_clans()
        self.hands_seen = True
        self.known_hand[seat][target] = tuple(hand)
        if any(c not in hand for c in self.known_held[seat][target]):  # not in the hand: it is the clan card
            self.known_clans[seat][target] = self.clan_card[target]
        self.known_held[seat][target] = ()
        self.log({"kind": "peek", "seat": seat, "target": target, "what": "hand"})
        self.emit("peek", {"seat": seat, "target": target, "what": "hand"})
        self.emit("peeked", {"seat": seat, "target": target, "cards": [CARDS[c].id for c in hand]}, to=(seat,))

    def exchange_hand_cards(self, a: int, b: int, mine: int, theirs: int) -> None:
        """Mist Weaver: a gives ``mine`` to b and takes ``theirs``; a saw b's whole hand, b sees what it got."""
        ha, hb = self.hands[a], self.hands[b]
        self.own_hands()
        self.hands_seen = True
        ha.remove(mine)
        hb.remove(theirs)
        insort(ha, theirs)
        insort(hb, mine)
        for o in range(self.n):
            if o != a and o != b:  # they cannot tell which cards crossed
                self.known_hand[o][a] = self.known_hand[o][b] = ()
                self.known_held[o][a] = self.known_held[o][b] = ()
        self.known_hand[a][b] = tuple(hb)
        self.known_held[a][b] = tuple(c for c in self.known_held[a][b] if c not in hb)
        self.known_hand[b][a] = tuple(c for c in self.known_hand[b][a] if c != mine) + (theirs,)
        self.known_held[b][a] = tuple(c for c in self.known_held[b][a] if c != mine and c != theirs)
        self.log({"kind": "hand_exchange", "seat": a, "target": b})
        self.emit("hand_exchange", {"seat": a, "target": b})
        self.emit("hand_exchanged", {"seat": a, "target": b, "gave": CARDS[mine].id, "took": CARDS[theirs].id},
                  to=(a, b))

    def exchange_clan_cards(self, a: int, b: int) -> None:
        """Changeling: the two clan cards change hands with their face, denials and others' knowledge (X5)."""
        self._permute_clan_cards({a: b, b: a})
        self.own_clans()
        old_a, old_b = self.clan_card[b], self.clan_card[a]
        self.known_clans[a][b] = old_a  # R38: each looks at the card received, and knew the one given
        self.known_clans[b][a] = old_b
        self.log({"kind": "clan_exchange", "seat": a, "target": b})
        self.emit("clan_exchange", {"seat": a, "target": b})
        for s in (a, b):
            self.emit("your_clan", {"seat": s, "card": CARDS[self.clan_card[s]].id}, to=(a, b))

    def pass_clan_cards(self, seat: int, direction: int) -> None:
        """Hooded Figure (R41): every clan card goes to the neighbour on one side, all at the same moment."""
        n = self.n
        self._permute_clan_cards({p: (p + direction) % n for p in range(n)})
        self.own_clans()
        for p in range(n):  # each knows the card it handed on
            receiver = (p + direction) % n
            if receiver != p:
                self.known_clans[p][receiver] = self.clan_card[receiver]
        side = "left" if direction == 1 else "right"
        self.log({"kind": "pass_clans", "seat": seat, "direction": side})
        self.emit("pass_clans", {"seat": seat, "direction": side})
        for p in range(n):
            self.emit("your_clan", {"seat": p, "card": CARDS[self.clan_card[p]].id}, to=(p,))

    def settle_held(self, target: int) -> None:
        """The clan card of ``target`` is public now: cards known "in hand or clan" are known to be in hand."""
        if not self.hands_seen:
            return
        self.own_hands()
        card = self.clan_card[target]
        for o in range(self.n):
            held = self.known_held[o][target]
            if held:
                self.known_hand[o][target] += tuple(c for c in held if c != card)
                self.known_held[o][target] = ()

    def _permute_clan_cards(self, to: dict[int, int]) -> None:
        """Move the clan card of each key to its value; face, denials and knowledge follow the card."""
        old_card, old_up, old_denied = self.clan_card[:], self.face_up[:], self.denied[:]
        old_known = [row[:] for row in self.known_clans]
        self.own_hands()
        self.own_clans()
        for src, dst in to.items():
            self.clan_card[dst], self.face_up[dst], self.denied[dst] = old_card[src], old_up[src], old_denied[src]
            for o in range(self.n):
                self.known_clans[o][dst] = old_known[o][src]
                self.known_held[o][src] = ()  # a card "in hand or clan" may have left with the clan card
        for o in range(self.n):
            self.known_clans[o][o] = -1  # one's own card is always known (R38), never "remembered"

    # ---- Ending the Game (R43-R51) -----------------------------------------------------------------

    def end(self) -> None:
        self.phase = OVER
        self.active = -1
        self.face_up = [True] * self.n  # R44
        self.finish(decide(self.track, [CARD_CLAN[c] for c in self.clan_card], self.dominance,
                           self.att_by, self.att_a, self.att_b))
        self.emit("game_over", {"clans": [CARD_IDS[c] for c in self.clan_card], **self._result.to_json()})


# ---- the turn window's legal list (P2), the hot path of every playout -------------------------------------

_FACE_DOWN = {ups: sum(1 << t for t, up in enumerate(ups) if not up)  # face_up flags -> bits of face-down seats
              for n in range(1, A.MAX_SEATS + 1) for ups in product((False, True), repeat=n)}
_ALL_BUT = tuple(~(1 << s) for s in range(A.MAX_SEATS)) + (-1,)  # seat -> every bit but its own; [-1]: no seat

# per card, the actions of each kind it allows, ascending ids
_PLAYS = A.PLAY  # [card] -> (strengthen first, effect first)
_CHANGE_OF = A.CHANGE.__getitem__  # card -> its change
_ACCUSATIONS = A.ACCUSE_BY_MASK  # [accusable seats mask][card] -> its accusations


def _att_params(card: int, a: int, b: int) -> dict[str, Any]:
    """An attachment's public parameters: the clan it names and the seat it chose."""
    if card == CURSED_EFFIGY:
        return {"target": a, "clan": CLANS[b].id if b >= 0 else None}
    if a >= 0 and card in (HIGH_MAGE, BRAMBLE_SNARE, BLIZZARD):
        return {"clan": CLANS[a].id}
    return {}
