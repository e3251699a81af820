"""Transylvania: Curses & Traitors, in the rulebook's order: How to Win, Game Set Up, How to Play (Exploration,
Determination, Cleanup), Laying New Game Board Tiles, Acquire Discovery Cards, Resolve Events, Examine, Discard,
Attack Monsters, Monster Transformation, Hidden Transformation, Adventurer Death and Regeneration, A Guide to
Being a Monster, Monster Special Abilities, and the Adventurer Abilities of Appendix A (abilities.py).

Rule ids (R…) and design choices (D…) refer to docs/games/transylvania.md; the tests cite the same ids.

How a move runs. Effects in this game stop half way for somebody's decision (make room for a card, attach a
cursed card, pick a space, roll or Rampart, keep a roll or tinker, take spoils), so an effect is a stack of
small *steps* (``todo``, tuples, top last) run by ``_run``. A step that needs a decision pushes it on
``pending`` (top last; its owner is the only actor) and the run stops; the answer's handler resumes the run.
The ambush window W1 is ``window``: several seats declare at once, sealed, and when the last one has finished
the declared fights are pushed as steps. When nothing is left to run the phase's own decision stands.

Who knows a card. Every Discovery copy carries ``known``, a bit per seat that knows where it lies while it is in
a hidden zone (a hand, a set-aside hand, the deck); ``resample`` (hidden.py) re-deals the copies a seat does not
know and nothing else.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from hexbox.core import Event, Game, Result, Rng, State

from . import actions as A
from .board import NODES, Board
from .cards import CARDS, MONSTERS, TRAITS

ND, NC = CARDS.ndisc, CARDS.ncards
KIND = CARDS.card_kind
NAMES = CARDS.card_names
ADV = CARDS.adventurers
MON = CARDS.monsters
ALL = (1 << 6) - 1
CHURCH_TILE = 0
CHURCH = frozenset(CARDS.tiles[CHURCH_TILE].nodes)  # the Church tile's spaces
RESULT_KINDS = ("curse_broken", "monster_kills", "monster_slain", "monster_duel", "curse_endures")
PHASES = ("setup_start", "setup_keep", "exploration", "monster", "determination", "cleanup", "over")
VAMPIRE, WEREWOLF, ZOMBIE = 0, 1, 2
ADVENTURER = -1
ROOM = CARDS.max_on_space  # R26: stand-ups a space holds

BITES = frozenset(CARDS.copies("t_vampire_bite"))
WOLVES = frozenset(CARDS.copies("t_werewolf"))
AGENTS = frozenset(CARDS.copies("t_bio_agent"))
NECRO = CARDS.copies("i_necronomicon")[0]
SWORD = CARDS.copies("i_broadsword")[0]
SERUM = CARDS.copies("i_super_serum")[0]
BIBLE = CARDS.copies("gk_bible")[0]
MOONS = frozenset(CARDS.copies("full_moon"))
TRANSFORM = frozenset(BITES | WOLVES | AGENTS)
T_MONSTER = {c: MONSTERS.index(KIND[c].monster) for c in TRANSFORM}
#: each copy's Movement modifier (R19), and its Knowledge type (0..3: zombie, vampire, werewolf, general) or -1:
#: read for every list of Exploration's legal actions and every curse check, a table instead of a list of the
#: cards' modifier dicts built each time
MOVEMENT_MOD = tuple(KIND[c].mods.get("movement", 0) for c in range(NC))
KNOWLEDGE = tuple(("zombie", "vampire", "werewolf", "general").index(KIND[c].monster)
                  if KIND[c].kind == "knowledge" else -1 for c in range(NC))


def hooked(card: int, hook: str) -> bool:
    return hook in KIND[card].hooks


class TransylvaniaGame(Game):
    name = "transylvania"
    action_space = A.SPACE

    def __init__(self, players: int, options: dict[str, Any]):
        super().__init__(players, options)
        mk = options["monster_kills"]
        self.kills_to_win = -(-players // 2) if mk == "half_up" else int(mk)  # R4
        self.health_cap: int = options["health_cap"]
        self.max_rounds: int = options["max_rounds"]
        self.minion_eight = options["minion_attack"] == "eight"
        self.public_only = options["ambush_windows"] == "public_only"
        tiles = range(1, 16)
        if options["tiles"] == "compact":
            gone = {"dark_forest", "swamp", "old_mine", "windmill", "train_station"}
            tiles = [t for t in tiles if CARDS.tiles[t].id not in gone]
        self.tile_ids = tuple(tiles)

    def new_state(self, seed: int) -> TransylvaniaState:
        return TransylvaniaState.setup(self, seed)


class TransylvaniaState(State):
    __slots__ = (
        "n", "board", "tiles", "tiles_known", "locks", "lock_supply", "tokens", "faceup", "token_stack", "token_bag",
        "corpses", "mirrors", "minions", "deck", "deck_public", "discards", "events", "event_discards", "church",
        "known", "role", "adv", "last_adv", "alive", "pos", "health", "tt", "hand", "row", "aside", "kills",
        "surge", "died", "breaking", "used", "trait_supply", "codex_fired", "first", "active", "round", "phase",
        "moved", "bonus", "stopped", "examined", "discarded", "challenged", "failed", "attempted", "received",
        "drawn", "attacked", "ambushed", "chased", "visited", "spawns", "minion_steps", "keys_used",
        "sleuth_uses", "bible_ok", "turn_done", "pending", "todo", "window", "wounded", "rolls",
        "augured", "out", "turns",
    )

    game: TransylvaniaGame

    # ==== Game Set Up (R6-R12) ==============================================================================

    @classmethod
    def setup(cls, game: TransylvaniaGame, seed: int) -> TransylvaniaState:
        self = cls.__new__(cls)
        n = game.players
        rng = Rng(seed)
        self.game, self.rng, self.n = game, rng, n
        self.board = Board()
        self.board.place(0, 0, 0, 0)  # R6: the Church in the centre
        self.tiles = list(game.tile_ids)
        rng.shuffle(self.tiles)  # R6: face down; the top is the last
        self.tiles_known = [0] * n
        self.locks: set[int] = set()
        self.lock_supply = CARDS.locks
        self.tokens: dict[int, int] = {}  # D15: the Church's token spaces start empty
        self.faceup: set[int] = set()
        self.token_stack = list(range(len(CARDS.tokens)))
        self.token_bag: list[int] = []
        self.corpses: list[list] = []  # [node, [cards]] oldest first
        self.mirrors: tuple[int, int] | None = None
        self.minions = [-1] * CARDS.minions
        self.deck = list(range(ND))
        self.deck_public = 0  # how many cards on top of the deck every seat knows (R108)
        self.discards: list[int] = []
        self.events = list(range(ND, NC))
        self.event_discards: list[int] = []
        self.church = -1
        self.known = [0] * ND
        pool = list(range(len(ADV)))
        rng.shuffle(pool)  # R7
        self.adv = pool[:n]
        self.last_adv = [-1] * n
        self.role = [ADVENTURER] * n
        self.alive = [True] * n
        self.pos = [-1] * n
        self.health = [CARDS.start_health] * n  # R8
        self.tt = [[0, 0, 0] for _ in range(n)]
        self.hand: list[list[int]] = [[] for _ in range(n)]
        self.row: list[list[tuple[int, tuple[int, ...]]]] = [[] for _ in range(n)]
        self.aside: list[list[int]] = [[] for _ in range(n)]
        self.kills = [0] * n
        self.surge = [False] * n
        self.died: list[tuple[int, int] | None] = [None] * n  # (allowed monsters as bits, node)
        self.breaking = [-1] * n
        self.used = [False] * len(ADV)
        self.trait_supply = [CARDS.trait_supply] * 3
        self.codex_fired: set[int] = set()
        self.first = rng.randrange(n) if game.options["first_player"] == "random" else 0  # R9, D51
        self.active = self.first
        self.round = 0
        self.phase = "setup_start"
        self._reset_turn()
        self.pending: list[tuple] = []
        self.todo: list[tuple] = []
        self.window: dict | None = None
        self.wounded: set[int] = set()
        self.rolls: dict[str, tuple] = {}
        # public counts of Transformation cards in a hand (Augury, R111; an empty challenge pick, R149):
        # (who learned it, the hand's seat, the count, the hand then), for resample's soft constraints
        self.augured: list[tuple] = []
        self.turns = 0
        self._result, self.is_over = None, False
        self.out: list[Event] = []
        rng.shuffle(self.deck)  # R11
        rng.shuffle(self.events)
        rng.shuffle(self.token_stack)
        self.pending.append(("start_space", self.first))  # R10
        self.actors = self.who_acts()
        return self

    def _reset_turn(self) -> None:
        self.moved = self.bonus = 0
        self.stopped = self.examined = self.discarded = self.attempted = self.received = False
        self.challenged: set[int] = set()
        self.failed: set[int] = set()
        self.drawn: set[int] = set()
        self.attacked: set[tuple[int, int]] = set()
        self.ambushed: set[tuple[int, int]] = set()
        self.chased: set[int] = set()
        self.visited: set[int] = set()
        self.spawns = 0
        self.minion_steps = [0] * CARDS.minions
        self.keys_used = 0
        self.sleuth_uses = -1
        self.bible_ok = False
        self.turn_done = False

    def clone(self) -> TransylvaniaState:
        c = TransylvaniaState.__new__(TransylvaniaState)
        c.game, c.rng, c.n = self.game, self.rng.clone(), self.n
        c.board = self.board.clone()
        c.tiles, c.tiles_known = self.tiles[:], self.tiles_known[:]
        c.locks, c.lock_supply = set(self.locks), self.lock_supply
        c.tokens, c.faceup = dict(self.tokens), set(self.faceup)
        c.token_stack, c.token_bag = self.token_stack[:], self.token_bag[:]
        c.corpses = [[node, cards[:]] for node, cards in self.corpses]
        c.mirrors, c.minions = self.mirrors, self.minions[:]
        c.deck, c.deck_public, c.discards = self.deck[:], self.deck_public, self.discards[:]
        c.events, c.event_discards, c.church = self.events[:], self.event_discards[:], self.church
        c.known = self.known[:]
        c.role, c.adv, c.last_adv, c.alive = self.role[:], self.adv[:], self.last_adv[:], self.alive[:]
        c.pos, c.health, c.tt = self.pos[:], self.health[:], [t[:] for t in self.tt]
        c.hand, c.row, c.aside = [h[:] for h in self.hand], [r[:] for r in self.row], [a[:] for a in self.aside]
        c.kills, c.surge, c.died, c.breaking = self.kills[:], self.surge[:], self.died[:], self.breaking[:]
        c.used, c.trait_supply, c.codex_fired = self.used[:], self.trait_supply[:], set(self.codex_fired)
        c.first, c.active, c.round, c.phase = self.first, self.active, self.round, self.phase
        c.moved, c.bonus, c.stopped, c.examined = self.moved, self.bonus, self.stopped, self.examined
        c.discarded, c.attempted, c.received = self.discarded, self.attempted, self.received
        c.challenged, c.failed, c.drawn = set(self.challenged), set(self.failed), set(self.drawn)
        c.attacked, c.ambushed, c.chased = set(self.attacked), set(self.ambushed), set(self.chased)
        c.visited, c.spawns, c.minion_steps = set(self.visited), self.spawns, self.minion_steps[:]
        c.keys_used, c.sleuth_uses, c.bible_ok, c.turn_done = self.keys_used, self.sleuth_uses, self.bible_ok, \
            self.turn_done
        c.pending, c.todo = self.pending[:], self.todo[:]
        w = self.window
        c.window = None if w is None else {**w, "deciding": w["deciding"][:], "decl": {s: v[:] for s, v in
                                                                                        w["decl"].items()}}
        c.wounded, c.rolls = set(self.wounded), dict(self.rolls)
        c.augured, c._result, c.is_over, c.actors = self.augured[:], self._result, self.is_over, self.actors
        c.turns = self.turns
        c.out = []
        return c

    # ==== queries ===========================================================================================

    def who_acts(self) -> tuple[int, ...]:
        """The seats that may act now: kept in ``actors`` after every move (play.answer) and set-up."""
        if self._result is not None:
            return ()
        if self.pending:
            return (self.pending[-1][1],)
        if self.window is not None:
            return tuple(sorted(self.window["deciding"]))
        return (self.active,)

    def update_actors(self) -> None:
        """Work out ``actors`` again: after every move (play.answer), and after any change made by hand."""
        self.actors = self.who_acts()

    @property
    def phase_name(self) -> str:
        return "over" if self._result is not None else self.phase

    def is_adventurer(self, s: int) -> bool:
        return self.role[s] == ADVENTURER and self.alive[s]

    def is_monster(self, s: int) -> bool:
        return self.role[s] >= 0

    def on_church(self, slot: int) -> bool:
        return slot in CHURCH

    def standups(self, slot: int) -> list[int]:
        return [s for s in range(self.n) if self.pos[s] == slot and self.alive[s]]

    def room(self, slot: int, mover: int) -> bool:
        """R26: at most two stand-ups on a space; minions never count (R99)."""
        pos = self.pos
        if pos.count(slot) < ROOM:  # fewer pieces there at all than it holds, the usual case: no need to look closer
            return True
        return sum(1 for s in range(self.n) if s != mover and pos[s] == slot and self.alive[s]) < ROOM

    def monster_seat(self, m: int) -> int:
        return next((s for s in range(self.n) if self.role[s] == m), -1)

    def zombie(self) -> int:
        return self.monster_seat(ZOMBIE)

    def monsters_on_board(self) -> int:
        return sum(1 for s in range(self.n) if self.role[s] >= 0)

    def adventurers_on_board(self) -> int:
        return sum(1 for s in range(self.n) if self.role[s] == ADVENTURER and self.alive[s] and self.pos[s] >= 0)

    def possessed(self, s: int) -> list[int]:
        """R143: hand and examined row, attachments included."""
        out = list(self.hand[s])
        for card, att in self.row[s]:
            out.append(card)
            out += att
        return out

    def row_cards(self, s: int) -> list[int]:
        out = []
        for card, att in self.row[s]:
            out.append(card)
            out += att
        return out

    # ---- Adventurer Cards: traits and modifiers (R13, R14, R19, R48, R119) ---------------------------------

    def mods(self, s: int) -> list[dict[str, int]]:
        out = [KIND[c].mods for c in self.row_cards(s)]
        if self.church >= 0:
            out.append(KIND[self.church].mods)
        return out

    def dice(self, s: int, trait: int, vs: int = -1) -> int:
        """R14: printed value + trait tokens + examined cards + the Church card (+ `vs` modifiers), 0..12."""
        name = TRAITS[trait]
        n = ADV[self.adv[s]].traits[trait] + self.tt[s][trait]
        for m in self.mods(s):
            n += m.get(name, 0)
            if trait == 2:
                n += m.get("spirit_per_monster", 0) * self.monsters_on_board()
            if trait == 0 and vs >= 0:
                n += m.get("vs_" + MONSTERS[vs], 0)
        return max(0, min(CARDS.max_dice, n))

    def total_mod(self, s: int) -> int:
        return sum(KIND[c].mods.get("total_attack", 0) for c in self.row_cards(s))

    def movement(self, s: int) -> int:
        if self.role[s] >= 0:  # R81: never modified; R89: the surge
            return CARDS.surge_movement if self.surge[s] else MON[self.role[s]].movement
        n = ADV[self.adv[s]].movement  # R19: + the examined cards' modifiers (attachments too) and the Church card's
        for card, att in self.row[s]:
            n += MOVEMENT_MOD[card]
            for a in att:
                n += MOVEMENT_MOD[a]
        if self.church >= 0:
            n += MOVEMENT_MOD[self.church]
        return n if n > 1 else 1  # at least 1, without a call to max() on every list of Exploration

    def move_left(self) -> int:
        if self.stopped:
            return 0
        return max(0, self.movement(self.active) + self.bonus - self.moved)

    def hand_limit(self, s: int) -> int:
        return CARDS.hand_limit_six if any(hooked(c, "hand_limit_6") for c in self.row_cards(s)) else CARDS.hand_limit

    # ---- Monster Transformation: the recipes (R66, R67, R143) ---------------------------------------------

    def recipes(self, s: int) -> list[int]:
        """The Monsters whose recipe ``s`` possesses, available or not."""
        if self.role[s] != ADVENTURER or not self.alive[s]:
            return []
        hand = self.hand[s]
        if TRANSFORM.isdisjoint(hand):  # every recipe needs a Transformation card in hand
            return []
        have = self.possessed(s)
        necro = NECRO in have
        out = []
        count = [0, 0, 0]  # Transformation cards in hand, by Monster: Bites, Werewolf cards, Bio-Agents
        for c in hand:
            if c in TRANSFORM:
                count[T_MONSTER[c]] += 1
        sword = any(card == SWORD for card, _ in self.row[s])  # D7: only an examined Broadsword counts
        if count[VAMPIRE] + necro + sword >= 3:
            out.append(VAMPIRE)
        wolves = count[WEREWOLF]
        moon = any(card in MOONS for card, _ in self.row[s])
        if wolves >= 2 or (wolves and (moon or necro)):
            out.append(WEREWOLF)
        agents = count[ZOMBIE]
        if agents >= 2 or (agents and (SERUM in have or necro)):
            out.append(ZOMBIE)
        return out

    def qualifies(self, s: int) -> list[int]:
        """R66: a recipe for a Monster that no player is now."""
        have = self.recipes(s)
        if not have:  # the usual case (every observation asks): no need to see who is a Monster
            return have
        taken = {r for r in self.role if r >= 0}
        return [m for m in have if m not in taken]

    # ---- How to Win (R1-R5) -------------------------------------------------------------------------------

    def knowledge_set(self, s: int) -> bool:
        """R2: five Knowledge cards covering Zombie, Vampire and Werewolf, each General card filling one gap."""
        cards = self.possessed(s)
        if len(cards) < 5:  # the usual case, known without counting
            return False
        counts = [0, 0, 0, 0]  # zombie, vampire, werewolf, general (KNOWLEDGE)
        for c in cards:
            k = KNOWLEDGE[c]
            if k >= 0:
                counts[k] += 1
        missing = (counts[0] == 0) + (counts[1] == 0) + (counts[2] == 0)
        return sum(counts) >= 5 and missing <= counts[3]

    def _end(self, winners: set[int], kind: str, reason: str) -> None:
        """R1: the game ends at once; nothing further resolves."""
        self.finish(Result(frozenset(winners), {s: float(s in winners) for s in range(self.n)}, reason, kind))
        self.phase = "over"
        self.pending.clear()
        self.todo.clear()
        self.window = None
        self._emit("game_over", {"winners": sorted(winners), "kind": kind, "reason": reason, "round": self.round,
                                 "kills": self.kills[:], "roles": [self.role_name(s) for s in range(self.n)]})

    def role_name(self, s: int) -> str:
        return MONSTERS[self.role[s]] if self.role[s] >= 0 else ADV[self.adv[s]].id

    def _check_curse(self, s: int) -> None:
        """R3, D17: the active adventurer who has just stepped onto the Church with a set, and does not qualify,
        breaks the curse ("The game ends when you step onto the Church Tile")."""
        if s == self.active and self._result is None and self.role[s] == ADVENTURER and self.alive[s] \
                and self.knowledge_set(s) and not self.qualifies(s):
            self._end({s}, "curse_broken", f"seat {s} returned to the Church with the Knowledge to break the curse")

    # ==== events out ========================================================================================

    def _emit(self, kind: str, data: dict | None = None, to: set[int] | None = None) -> None:
        self.out.append(Event(kind, data, to))

    def _take_out(self) -> list[Event]:
        out, self.out = self.out, []
        return out

    # ==== the step machine ==================================================================================

    def _run(self) -> None:
        while self._result is None and not self.pending and self.window is None:
            if self.todo:
                step = self.todo.pop()
                STEPS[step[0]](self, *step[1:])
            elif self.turn_done:
                self._next_turn()
            else:
                return

    def _push(self, *steps: tuple) -> None:
        """Run ``steps`` next, in the order given."""
        self.todo.extend(reversed(steps))

    # ==== legal actions, the observation, resampling: legal.py, views.py, hidden.py (game.py joins them) =======
    # _legal_actions is legal.legal itself: a call fewer on every list (instructions.py: 0.5%)

    # ==== cards: drawing, receiving, placing ================================================================

    def _draw_card(self) -> int:
        """R131: an empty deck is refilled by shuffling its discards; -1 if both are empty."""
        if not self.deck:
            if not self.discards:
                return -1
            self.deck, self.discards = self.discards, []
            self.rng.shuffle(self.deck)
            self.deck_public = 0
            for c in self.deck:
                self.known[c] = 0
                self.codex_fired.discard(c)  # R129
            self._emit("deck_reshuffled", {"deck": "discovery", "size": len(self.deck)})
        if self.deck_public:
            self.deck_public -= 1
        return self.deck.pop()

    def _draw_event(self) -> int:
        if not self.events:
            if not self.event_discards:
                return -1
            self.events, self.event_discards = self.event_discards, []
            self.rng.shuffle(self.events)
            self._emit("deck_reshuffled", {"deck": "event", "size": len(self.events)})
        return self.events.pop()

    def _draw_to(self, s: int, n: int, why: str) -> None:
        """Draw ``n`` Discovery cards for ``s``: each is shown to its drawer only (R44), then received."""
        for _ in range(n):
            c = self._draw_card()
            if c < 0:
                self._emit("deck_empty", {"seat": s})
                return
            public_card = self.known[c] == ALL
            self.drawn.add(c)
            if s == self.active:
                self.received = True  # R148
            self._emit("drew", {"seat": s, "why": why, "card": NAMES[c] if public_card else None})
            self._emit("drew_card", {"seat": s, "card": NAMES[c]}, {s})
            self.known[c] = ALL if public_card else 1 << s
            self._receive(s, c)

    def _receive(self, s: int, c: int, known: int | None = None) -> None:
        """A Discovery card enters ``s``'s hand: must-examine cards go to the row (R54), cursed ones attach (R128)."""
        if known is not None:
            self.known[c] = known
        k = KIND[c]
        if k.cursed:
            self.known[c] = ALL
            self._emit("cursed", {"seat": s, "card": NAMES[c]})
            if not self.row[s]:
                self._discard_card(c, "nothing to attach to")
            elif s == self.active and len(self.row[s]) > 1 and self.phase in ("exploration",):
                self.pending.append(("attach", s, c))
            else:
                self._attach(s, 0, c)
            return
        if hooked(c, "must_examine"):
            self.known[c] = ALL
            self._emit("must_examine", {"seat": s, "card": NAMES[c]})
            self._place(s, (c, ()))
            return
        self.hand[s].append(c)

    def _attach(self, s: int, slot: int, c: int) -> None:
        host, att = self.row[s][slot]
        self.row[s][slot] = (host, (*att, c))
        self._emit("attached", {"seat": s, "card": NAMES[c], "host": NAMES[host]})

    def _place(self, s: int, entry: tuple[int, tuple[int, ...]]) -> None:
        """Into the examined row, making room first when it is full (R47, R54, R56)."""
        if len(self.row[s]) >= CARDS.slots:
            self.pending.append(("make_room", s, entry))
            return
        self._to_row(s, entry)

    def _to_row(self, s: int, entry: tuple[int, tuple[int, ...]]) -> None:
        self.row[s].append(entry)
        c = entry[0]
        self._emit("placed", {"seat": s, "card": NAMES[c], "attached": [NAMES[a] for a in entry[1]]})
        if c < ND:
            if hooked(c, "first_examine_draw_1") and c not in self.codex_fired:  # R129
                self.codex_fired.add(c)
                self._draw_to(s, 1, "the Codex")
            if hooked(c, "examine_heal_2_discard"):  # R129: the Tonic heals and goes
                self._heal(s, 2)
                self.row[s].remove(entry)
                self._discard_card(c, "the Tonic is used up")

    def _discard_card(self, c: int, why: str = "") -> None:
        if c < ND:
            self.known[c] = ALL
            self.discards.append(c)
        else:
            self.event_discards.append(c)
        self._emit("discarded", {"card": NAMES[c], "why": why})

    def _discard_entry(self, s: int, i: int, why: str = "") -> None:
        card, att = self.row[s].pop(i)
        self._discard_card(card, why)
        for a in att:
            self._discard_card(a, "attached")

    def _hand_discard(self, s: int, c: int, why: str = "") -> None:
        self.hand[s].remove(c)
        self._discard_card(c, why)

    # ==== Health (R71, R120, R128) ===========================================================================

    def _heal(self, s: int, n: int) -> None:
        if self.role[s] == ADVENTURER and n > 0:
            before = self.health[s]
            self.health[s] = min(self.game.health_cap, before + n)
            if self.health[s] != before:
                self._emit("healed", {"seat": s, "health": self.health[s]})

    def _wound(self, s: int, n: int, killer: int = -1) -> None:
        """An adventurer loses Health; The Raven adds one (R128); below 1 it dies (R71)."""
        if n <= 0 or not self.alive[s]:
            return
        if any(hooked(c, "extra_wound_1") for c in self.row_cards(s)):
            n += 1
        self.health[s] -= n
        self.wounded.add(s)
        self._emit("wounded", {"seat": s, "lost": n, "health": self.health[s]})
        if self.health[s] < 1:
            self._die(s, killer)

    # ==== Adventurer Death (R71, R72, R75, R85) ==============================================================

    def _die(self, s: int, killer: int) -> None:
        node = self.pos[s]
        for i in range(len(self.row[s]) - 1, -1, -1):  # 1. its Event cards, with their attachments
            if self.row[s][i][0] >= ND:
                self._discard_entry(s, i, "death")
        allowed = 0
        for c in self.hand[s]:
            if c in TRANSFORM:
                allowed |= 1 << T_MONSTER[c]
        if NECRO in self.possessed(s):
            allowed = 7  # D8: any Monster
        self.aside[s], self.hand[s] = self.hand[s], []  # 2. set aside face down
        for t in range(3):  # 3. trait tokens back
            self.trait_supply[t] += self.tt[s][t]
        self.tt[s] = [0, 0, 0]
        cards = []
        for card, att in self.row[s]:  # 5. the corpse pile
            cards.append(card)
            cards += att
        self.row[s] = []
        for c in cards:
            self.known[c] = ALL
        self.corpses.append([node, cards])  # 4. the blood splatter
        self.alive[s] = False
        self.pos[s] = -1
        self.wounded.discard(s)
        self.died[s] = (allowed, node)
        self.last_adv[s] = self.adv[s]
        self._emit("died", {"seat": s, "node": NODES[node].id, "killer": killer, "corpse": [NAMES[c] for c in cards],
                            "set_aside": len(self.aside[s])})
        if killer >= 0 and self.role[killer] >= 0:  # R85, R98, R144
            self.kills[killer] += 1
            self._emit("kill", {"seat": killer, "kills": self.kills[killer]})
            if self.kills[killer] >= self.game.kills_to_win:  # R4
                self._end({killer}, "monster_kills",
                          f"the {MONSTERS[self.role[killer]].capitalize()} (seat {killer}) made "
                          f"{self.kills[killer]} kills")
                return
        if s == self.active:
            self.turn_done = True  # R75

    # ==== the turn (R22, R80, §5 turn_start) =================================================================

    def _next_turn(self) -> None:
        self._start_turn((self.active + 1) % self.n)

    def _start_turn(self, s: int) -> None:
        if s == self.first:
            if self.round >= self.game.max_rounds:  # R147
                self._end(set(), "curse_endures", f"{self.game.max_rounds} rounds passed and the curse endures")
                return
            self.round += 1
        self.active = s
        self.turns += 1
        self._reset_turn()
        self.phase = "exploration" if self.role[s] == ADVENTURER else "monster"
        self.out.append(_turn(s, self.round))
        if self.alive[s]:
            self._s_turn_begin(s)  # at once: queued, it would be the next step to run
        else:
            self.todo.append(("turn_begin", s))
            self.todo.append(("regenerate", s))  # first, then the turn begins (the stack's top is last)

    def _s_turn_begin(self, s: int) -> None:
        if self.role[s] >= 0:
            self._monster_turn_begin(s)
            return
        self.phase = "exploration"
        self.pos_visit(s)
        if self.church >= 0:  # R124: the Church card's Health modifier, after regeneration
            hp = KIND[self.church].mods.get("health_per_turn", 0)
            if hp > 0:
                self._heal(s, hp)
            elif hp < 0:
                self._wound(s, -hp)
                self._push(("w3_check",))
        self.bible_ok = bool(self.row[s]) and any(card == BIBLE for card, _ in self.row[s])

    def pos_visit(self, s: int) -> None:
        if self.pos[s] >= 0:
            self.visited.add(self.pos[s])

    def _monster_turn_begin(self, s: int) -> None:
        """R80 steps 1-3: break the lock it stands on, the Feral Surge, reset."""
        self.phase = "monster"
        b = self.breaking[s]
        if b >= 0 and b == self.pos[s] and b in self.locks:  # R83, R90
            self.locks.discard(b)
            self.lock_supply += 1
            self._emit("lock_broken", {"seat": s, "node": NODES[b].id})
        self.breaking[s] = -1
        if self.role[s] == WEREWOLF:  # R89
            face = self.rng.randrange(6)
            self.surge[s] = face == CARDS.icon_face
            self._emit("feral_surge", {"seat": s, "value": CARDS.faces[face], "icon": self.surge[s]})
        if self.role[s] == ZOMBIE:  # R93, R95
            self.spawns = CARDS.spawns
            self.minion_steps = [CARDS.minion_movement] * CARDS.minions
        self.pos_visit(s)

    def _end_adventurer_turn(self) -> None:
        """End of Cleanup: R31 healing on the Church, then play passes on."""
        s = self.active
        if self.pos[s] in CHURCH and not any(hooked(c, "no_church_heal") for c in self.row_cards(s)):
            self._heal(s, 1)
        self.turn_done = True


STEPS: dict[str, Any] = {"turn_begin": TransylvaniaState._s_turn_begin}


@lru_cache(maxsize=1 << 12)
def _turn(seat: int, round_: int) -> Event:
    """A turn's first event, made once and shared (play.py: "The commonest events")."""
    return Event("turn", {"seat": seat, "round": round_})
