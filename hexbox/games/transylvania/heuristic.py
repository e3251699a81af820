"""A Transylvania bot that plays both sides sensibly, from its View only (docs: Notes for a bot).

As an adventurer it collects Knowledge (tokens first, then corpses and challenges), walks home once it holds a
set, keeps clear of Monsters unless it can kill one, and rests on the Church when hurt. A qualifying player
plays on as an adventurer and reveals when a victim is within reach; in a window it decides by the public
position alone, in the same way whether it qualifies or not. As a Monster it hunts the nearest adventurer off
the Church; the Zombie raises and sends its minions.
"""

from __future__ import annotations

import math
import random
from functools import cache, lru_cache
from typing import Any

from hexbox.core import Action, View

from . import actions as A
from .board import Board
from .cards import CARDS, MONSTERS, TRAITS

SLOT = CARDS.node_by_name
TILE = {t.id: t.index for t in CARDS.tiles}
KIND = {k.id: k for k in CARDS.kinds}
FACES = CARDS.faces
ADVENTURER = {a.id: a for a in CARDS.adventurers}
REACH = {m.id: m.movement for m in CARDS.monsters}  # a Monster's steps a turn, by its name
NO_GATES: frozenset[int] = frozenset()


@lru_cache(maxsize=64)
def board_of(tiles: tuple[tuple[str, int, int, int], ...]) -> Board:
    b = Board()
    for tile, x, y, r in tiles:
        b.place(TILE[tile], x, y, r)
    return b


class Walks:
    """A board's breadth-first walks, kept while the board stands: a turn is a chain of steps, each a decision, and
    each asks again the walks of the one before (to the same targets, from the same Monsters). Read them, never
    change them. A board's edges go both ways (Board.place), so the steps from a space are also the steps to it."""

    __slots__ = ("tiles", "board", "exits", "_from", "_to")

    def __init__(self, tiles: tuple[tuple[str, int, int, int], ...], board: Board, exits: frozenset[int] | None = None):
        self.tiles, self.board = tiles, board
        if exits is None:
            exits = frozenset(x for x in board.slots() if board.open_exit(x))
        self.exits = exits  # where a walk could lay a tile
        self._from: dict[int, dict[int, int]] = {}
        self._to: dict[tuple[frozenset[int], frozenset[int]], dict[int, int]] = {}

    def start(self, start: int) -> dict[int, int]:
        """Steps from ``start`` to every space it reaches (and so from every one of those to ``start``)."""
        got = self._from.get(start)
        if got is None:
            got = self._from[start] = self.board.distances(start)
        return got

    def to(self, targets: frozenset[int], blocked: frozenset[int]) -> dict[int, int]:
        """Each space's steps to the nearest of ``targets``, on a walk that passes through no space of ``blocked``
        (the space it starts from aside): one breadth-first pass from all the targets, where every candidate step
        asked a pass of its own (the same numbers: a blocked space ends a walk, as it would have started one)."""
        key = (targets, blocked)
        got = self._to.get(key)
        if got is None:
            got = self._to[key] = _distances_from(self.board, targets, blocked)
        return got

    def grown(self, tiles: tuple[tuple[str, int, int, int], ...]) -> Walks | None:
        """The walks of this board with one tile more, if ``tiles`` lists that board: the board copied and one tile
        laid, not every tile laid again (about 1.5 µs a decision: a tile is laid every 14 decisions). The same board
        whatever the order: a space's neighbours are kept sorted, and a tile has at most one exit a side, so a join
        is the same pair of exits from either tile (tests/transylvania/test_transylvania_board.py)."""
        if len(tiles) != len(self.tiles) + 1:
            return None
        new = set(tiles).difference(self.tiles)
        if len(new) != 1:
            return None
        ((name, x, y, r),) = new
        tile = TILE[name]
        board = self.board.clone()
        board.place(tile, x, y, r)
        # an exit that was open stays open unless it faces the new tile; the new tile's own exits are asked
        exits = [e for e in self.exits if board.open_exit(e)]
        exits += [e for e in CARDS.tiles[tile].nodes if board.open_exit(e)]
        return Walks(tiles, board, frozenset(exits))


_WALKS: dict[tuple[tuple[str, int, int, int], ...], Walks] = {}
_LAST: list[Any] = [None, None]  # the tiles' listing read last (held, so its id is not reused) and its walks


def walks_for(tiles: list[dict]) -> Walks:
    """The walks of the board an observation lists. An observation's nested parts are read-only and may be shared
    (views.py): the listing of an unchanged board is the very same list (views.tiles_view), so it is known by its
    identity, without reading it into a key again (about 2 µs of a decision's 18 of the bot's own work)."""
    if tiles is _LAST[0]:
        return _LAST[1]
    key = tuple((t["tile"], t["at"][0], t["at"][1], t["rotation"]) for t in tiles)
    walks = _WALKS.get(key)
    if walks is None:
        last = _LAST[1]
        walks = last.grown(key) if last is not None else None
        if walks is None:
            walks = Walks(key, board_of(key))
        if len(_WALKS) >= 64:  # a bound on what a long run keeps
            _WALKS.clear()
        _WALKS[key] = walks
    _LAST[0], _LAST[1] = tiles, walks
    return walks


@cache
def p_at_least(n: int, t: int) -> float:
    """P(sum of n dice >= t) with our faces (R118)."""
    dist = {0: 1.0}
    for _ in range(n):
        nxt: dict[int, float] = {}
        for s, p in dist.items():
            for f in FACES:
                nxt[s + f] = nxt.get(s + f, 0.0) + p / 6
        dist = nxt
    return sum(p for s, p in dist.items() if s >= t)


@cache
def kind_of(name: str) -> Any:
    return KIND[name.split("#")[0]]


@cache
def knowledge_of(name: str) -> int:
    """A card's kind of Knowledge (0..3: zombie, vampire, werewolf, general), or -1 for a card that is none."""
    k = kind_of(name)
    return ("zombie", "vampire", "werewolf", "general").index(k.monster) if k.kind == "knowledge" else -1


@cache
def card_value(name: str) -> float:
    """What a Discovery card is worth to an adventurer: Knowledge most, then dice it adds."""
    k = kind_of(name)
    if k.kind == "knowledge":
        return 3.0
    if k.kind == "transformation":
        return -1.0
    m = k.mods
    v = m.get("attack", 0) + m.get("mind", 0) + m.get("spirit", 0) + 0.5 * m.get("movement", 0)
    v += 0.5 * m.get("total_attack", 0) + 0.3 * sum(m.get("vs_" + x, 0) for x in MONSTERS)
    if k.cursed:
        v -= 2
    return v


#: each card's worth and whether it is an item worth examining, by card number (the names' values, looked up once)
VALUE = tuple(card_value(name) for name in CARDS.card_names)
GOOD_ITEM = tuple(card_value(name) > 0 and kind_of(name).kind == "item" for name in CARDS.card_names)
#: the kinds of action ability() looks at: without one of them it has nothing to choose
ABILITY_KINDS = frozenset({"use_ability", "augury", "sleight", "divine"})


#: the token targets last found, and what they follow from (Context.token_targets): replaced whole
_TARGETS: tuple[Any, frozenset[int]] = (None, frozenset())
#: the Knowledge still needed last counted, and the hand's and row's listings it was counted from (knowledge_need)
_NEED: tuple[Any, Any, int] = (None, None, 0)
#: the locked gates last found, and the locks' listing they were found in (Context.gates)
_GATES: tuple[Any, frozenset[int]] = (None, NO_GATES)


class Heuristic:
    """act(view, rng) -> action."""

    def act(self, view: View, rng: random.Random) -> Action:
        legal = view.legal_actions
        if len(legal) == 1:
            return legal[0]
        obs = view.observation
        pub, me = obs["public"], obs["private"]
        seat = view.seat
        ctx = Context(seat, pub, me, legal)
        pending = pub["pending"]
        if pending is not None and pending["seat"] == seat:
            return ctx.decide(pending["kind"])
        if pub["window"] is not None:
            return ctx.window()
        phase = obs["phase"]
        if phase == "determination":
            return ctx.determination()
        if phase == "cleanup":
            return ctx.cleanup()
        if phase == "monster":
            return ctx.monster()
        if phase == "exploration":
            return ctx.explore(rng)
        return legal[0]


class Context:
    __slots__ = ("seat", "pub", "me", "legal", "by_kind", "walks", "seats", "mine", "here", "_dice", "_monsters",
                 "_gates")  # fmt: skip

    def __init__(self, seat: int, pub: dict, me: dict, legal: list[Action]):
        self.seat, self.pub, self.me, self.legal = seat, pub, me, legal
        by_kind: dict[str, list[Action]] = {}
        for a in legal:
            got = by_kind.get(a.kind)
            if got is None:
                by_kind[a.kind] = [a]
            else:
                got.append(a)
        self.by_kind = by_kind
        self.walks = walks_for(pub["board"]["tiles"])
        self.seats = pub["seats"]
        self.mine = self.seats[seat]
        self.here = SLOT[self.mine["node"]] if self.mine["node"] else -1
        self._dice: dict[int, int] = {}
        self._monsters: list[tuple[int, int, dict[int, int]]] | None = None
        self._gates: frozenset[int] | None = None

    def first(self, kind: str) -> Action | None:
        got = self.by_kind.get(kind)
        return got[0] if got else None

    # ---- counting ---------------------------------------------------------------------------------------

    def knowledge_need(self) -> int:
        """The Knowledge cards still missing from a set. The hand's and the row's listings are kept by what they
        list (views.listed, views.row_view), so the same cards are the very same lists: counted once for them (2.2 ->
        1.3 µs a call, the timer's cost included, in a bot_speed run, 7 December)."""
        global _NEED
        hand, row = self.me["hand"], self.mine["examined"]
        was_hand, was_row, need = _NEED
        # held here, so neither id is reused by another list; an empty row is listed afresh each time
        if hand is not was_hand or (row is not was_row and (row or was_row)):
            need = self._knowledge_need(hand, row)
            _NEED = (hand, row, need)
        return need

    def _knowledge_need(self, hand: list[str], row: list[dict]) -> int:
        counts = [0, 0, 0, 0]  # Knowledge cards held (hand and row) by kind: zombie, vampire, werewolf, general
        for n in hand:
            k = knowledge_of(n)
            if k >= 0:
                counts[k] += 1
        for e in row:
            k = knowledge_of(e["card"])
            if k >= 0:
                counts[k] += 1
        missing = (counts[0] == 0) + (counts[1] == 0) + (counts[2] == 0)
        return max(max(0, 5 - sum(counts)), missing - counts[3])

    def dice(self, trait: int) -> int:
        got = self._dice.get(trait)
        if got is None:
            got = self._dice[trait] = self._count_dice(trait)
        return got

    def _count_dice(self, trait: int) -> int:
        mine, name = self.mine, TRAITS[trait]
        n = ADVENTURER[mine["adventurer"]].traits[trait] + mine["trait_tokens"][trait]
        for e in mine["examined"]:  # the examined cards, their attachments and the Church card (R14)
            n += kind_of(e["card"]).mods.get(name, 0)
            for a in e["attached"]:
                n += kind_of(a).mods.get(name, 0)
        if self.pub["church_card"]:
            n += kind_of(self.pub["church_card"]).mods.get(name, 0)
        return max(0, min(CARDS.max_dice, n))

    def monsters_near(self, within: int, at: int | None = None) -> list[int]:
        """The Monsters that could reach the piece (or space ``at``) within ``within`` steps."""
        here = self.here if at is None else at
        if here < 0:
            return []
        return [seat for seat, reach, dist in self.monsters() if dist.get(here, 99) <= min(within, reach)]

    def monsters(self) -> list[tuple[int, int, dict[int, int]]]:
        """The other Monsters on the board: (seat, its reach, its steps to every space)."""
        if self._monsters is None:
            self._monsters = [
                (s["seat"], CARDS.surge_movement if s["surge"] else REACH[s["role"]], self.walks.start(SLOT[s["node"]]))
                for s in self.seats
                if s["role"] != "adventurer" and s["node"] and s["seat"] != self.seat
            ]
        return self._monsters

    # ---- walking ----------------------------------------------------------------------------------------

    def step_toward(self, targets: set[int], avoid: set[int] = frozenset()) -> Action | None:
        """The legal move that starts a shortest walk to one of ``targets``, if it brings the piece closer: when
        the next space of the way is full (R29), a step aside and back would only come back to where it stood."""
        moves = self.by_kind.get("move", [])
        if not moves or not targets:
            return None
        to = self.walks.to(frozenset(targets), self.gates())
        best, score = None, 99
        for a in moves:
            if a.node in avoid:
                continue
            d = to.get(a.node, 99)
            if d < score:
                best, score = a, d
        if best is not None and self.here >= 0 and score >= to.get(self.here, 99):
            return None
        return best

    def blocked(self, targets: set[int]) -> bool:
        """Whether one of ``targets`` can be reached but no step brings the piece closer (the next space of the way
        is full, R29): a walk elsewhere would come back this way."""
        if not targets or self.here < 0:
            return False
        return self.here in self.walks.to(frozenset(targets), self.gates())

    def gates(self) -> frozenset[int]:
        """The spaces a walk of this piece may not pass: for an adventurer, the locked gates (R83)."""
        if self._gates is None:
            locks = self.pub["board"]["locks"]
            if self.mine["role"] != "adventurer" or not locks:
                self._gates = NO_GATES
            else:  # the locks' listing is the very list while the board is unchanged (views.board_view): the same
                # frozenset for it, whose hash the walks' look-up (Walks.to) then finds kept in it
                global _GATES
                was, gates = _GATES
                if locks is not was:  # held here, so its id is not reused by another list
                    gates = frozenset(x for x in map(SLOT.__getitem__, locks) if CARDS.nodes[x].feature == "gate")
                    _GATES = (locks, gates)
                self._gates = gates
        return self._gates

    # ---- pending decisions ------------------------------------------------------------------------------

    def decide(self, kind: str) -> Action:
        legal = self.legal
        if kind == "make_room":
            bumps = self.by_kind.get("bump", [])
            if bumps:
                return min(bumps, key=lambda a: card_value(CARDS.card_names[a.card]))
            return min(
                self.by_kind["discard"],
                key=lambda a: card_value(CARDS.card_names[a.card]) if a.card < CARDS.ndisc else 0,
            )
        if kind == "attach":
            return min(legal, key=lambda a: card_value(CARDS.card_names[a.card]) if a.card < CARDS.ndisc else 0)
        if kind == "spoils":
            exam = self.by_kind.get("take_examined", [])
            if exam:
                best = max(exam, key=lambda a: card_value(CARDS.card_names[a.card]))
                if card_value(CARDS.card_names[best.card]) >= 2:
                    return best
            return self.first("take_hand") or (exam[0] if exam else A.PASS)
        if kind == "rampart":
            card = self.pub["pending"]["cards"][0]
            k = kind_of(card)
            worst = sum(n for e, n in k.rows[0].effects if e == "damage")
            return A.RAMPART if worst >= 2 else A.ROLL
        if kind == "tinker":
            return A.KEEP_ROLL
        if kind == "chase":
            return self.first("minion_attack") or self.first("minion_move") or A.PASS
        if kind == "regen_examine":
            ex = self.by_kind.get("examine", [])
            items = [a for a in ex if kind_of(CARDS.card_names[a.card]).kind == "item"]
            return max(items, key=lambda a: card_value(CARDS.card_names[a.card])) if items else A.PASS
        if kind == "experiment":
            return max(legal, key=lambda a: card_value(self.pub["pending"]["cards"][a.take]))
        if kind == "templar":
            return A.PASS
        if kind in ("orient", "rise_orient", "order_tiles", "become", "keep"):
            if kind == "keep":
                return max(legal, key=lambda a: card_value(CARDS.card_names[a.card]))
            return legal[0]
        if kind in (
            "to_church",
            "unlock",
            "token",
            "mirror",
            "regen_space",
            "start_space",
            "monster_site",
            "church_exit",
        ):
            return legal[0]
        return legal[0]

    # ---- windows: decided from the public position only (information hygiene) ---------------------------------

    def window(self) -> Action:
        w = self.pub["window"]
        mover = w["mover"]
        amb = self.by_kind.get("ambush", [])
        if amb:
            if self.mine["role"] != "adventurer" or mover >= 6:
                return amb[0]
            monster = self.seats[mover]
            if monster["health"] <= 3 or self.dice(0) >= 7:
                return amb[0]
        reveal = self.by_kind.get("reveal_ambush")
        if reveal and mover < 6 and self.seats[mover]["health"] <= 3:
            return reveal[0]
        return A.PASS

    # ---- Exploration ------------------------------------------------------------------------------------

    def explore(self, rng: random.Random) -> Action:
        first, by_kind = self.first, self.by_kind
        for kind in ("bible_discard", "swap_transformations", "pilfer"):
            if kind in by_kind:
                return by_kind[kind][0]
        reveal = self.by_kind.get("reveal")
        if reveal and self.victim_near():
            return reveal[0]
        attempt = first("attempt")
        if attempt is not None:
            return attempt
        attacks = self.by_kind.get("attack", [])
        for a in attacks:
            target = self.seats[a.piece] if a.piece < 6 else None
            if target is None or target["health"] <= 4 or self.dice(0) >= 6:
                stealthy = [b for b in attacks if b.piece == a.piece and b.stealthy]
                return stealthy[0] if stealthy else a
        ch = self.by_kind.get("challenge", [])
        if ch:
            best_trait = max(range(3), key=self.dice)
            for a in ch:
                if a.trait == best_trait and self.seats[a.seat]["hand_size"] + len(self.seats[a.seat]["examined"]):
                    return a
        ex = self.by_kind.get("examine", [])
        if ex:
            items = [a for a in ex if GOOD_ITEM[a.card]]
            if items:
                return max(items, key=lambda a: VALUE[a.card])
            if len(self.me["hand"]) > 4:
                return ex[0]
        cure = first("cure")
        if cure is not None:
            return cure
        ability = self.ability() if not ABILITY_KINDS.isdisjoint(by_kind) else None
        if ability is not None:
            return ability
        need = self.knowledge_need()
        church = CHURCH
        danger = self.monsters_near(6)
        if need == 0 or self.mine["health"] <= 3 or danger:
            # On the Church with the set and no win: it qualifies for a Monster (R2, R66), as the curse check runs
            # after every action (R3); off the Church and back would not win either, so it stays
            if self.here in church and (need == 0 or not danger):
                return A.END_EXPLORATION
            go = self.step_toward(church)
            if go is not None:
                return go
            if self.blocked(church):  # the way home is full (R29): wait there, not off toward something else
                return A.END_EXPLORATION
        target = self.token_targets()
        # no step into a Monster's reach: the next decision would turn back to the Church, where it came from
        # (monsters_near(6, a.node) for each move, written out: the Monsters' reaches found once, not once a move)
        near = [(6 if reach > 6 else reach, dist) for _, reach, dist in self.monsters()]
        unsafe = (
            {a.node for a in by_kind.get("move", ()) if any(d.get(a.node, 99) <= r for r, d in near)} if near else ()
        )
        go = self.step_toward(target, unsafe) if target else None
        if go is None and first("explore") is not None:
            return first("explore")
        if go is None and not self.blocked(target):  # a full way on (R29) is waited out, not walked around
            go = self.step_toward(self.walks.exits, unsafe)
        if go is not None:
            return go
        return A.END_EXPLORATION

    def victim_near(self) -> bool:
        if self.here < 0:
            return False
        for s in self.seats:
            if s["seat"] != self.seat and s["role"] == "adventurer" and s["node"] and s["health"] <= 4:
                node = SLOT[s["node"]]
                if CARDS.nodes[node].tile != 0 and self.walks.start(node).get(self.here, 99) <= 5:
                    return True
        return False

    def token_targets(self) -> frozenset[int]:
        """The token and corpse spaces worth walking to. They follow from the board, the tokens failed this turn and
        the seat's dice, which stay the same over most of a turn's decisions (the board part is the very dict while
        unchanged, views.board_view): kept with what they follow from and handed out again, the same frozenset, so
        the walks to them are found by a hash kept in it. 3.2 -> 2.1 µs a call (timer's cost included, in a bot_speed
        run, 7 December)."""
        global _TARGETS
        pub, mine = self.pub, self.mine
        board, failed = pub["board"], pub["this_turn"]["failed_tokens"]
        key = (board, failed, mine["adventurer"], mine["trait_tokens"], mine["examined"], pub["church_card"])
        was, got = _TARGETS
        if key != was:  # read-only parts: held here, compared by identity first, then by value
            got = frozenset(self._token_targets(board, failed))
            _TARGETS = (key, got)
        here = self.here
        return got - {here} if here in got else got

    def _token_targets(self, board: dict, failed: list[str]) -> set[int]:
        locks = board["locks"]
        locked = {SLOT[x] for x in locks} if locks else ()
        tried = {SLOT[x] for x in failed} if failed else ()
        out = set()
        for t in board["tokens"]:
            x = SLOT[t["node"]]
            if x in tried or (x in locked and CARDS.nodes[x].feature == "locked_token"):
                continue
            trait = t["trait"]
            if trait is not None and trait != "locked":
                if p_at_least(self.dice(TRAITS.index(trait)), t["target"]) < 0.3:
                    continue
            out.add(x)
        for c in board["corpses"]:
            if c["cards"]:
                out.add(SLOT[c["node"]])
        return out

    def ability(self) -> Action | None:
        use = self.first("use_ability")
        adv = self.mine["adventurer"]
        if use is not None and adv in ("explorer", "scientist"):
            return use
        aug = self.by_kind.get("augury")
        if aug:
            return max(aug, key=lambda a: self.seats[a.seat]["hand_size"])
        sl = self.by_kind.get("sleight")
        if sl:
            best = max(sl, key=lambda a: card_value(CARDS.card_names[a.card]) if a.card < CARDS.ndisc else -5)
            if best.card < CARDS.ndisc and card_value(CARDS.card_names[best.card]) >= 2:
                return best
        div = [
            a
            for a in self.by_kind.get("divine", [])
            if a.card < CARDS.ncards
            and CARDS.card_names[a.card].split("#")[0] in ("i_raven", "i_locket", "hex_mark", "whispering_dead")
        ]
        if div:
            return div[0]
        return None

    # ---- Determination and Cleanup ----------------------------------------------------------------------

    def determination(self) -> Action:
        trait = min(range(3), key=self.dice)
        return A.DETERMINE[trait] if p_at_least(self.dice(trait), 3) < 0.9 else A.PASS

    def cleanup(self) -> Action:
        ds = self.by_kind.get("discard", [])
        if A.END_TURN in self.legal:
            return A.END_TURN
        return min(ds, key=lambda a: card_value(CARDS.card_names[a.card]))

    # ---- the Monster ------------------------------------------------------------------------------------

    def monster(self) -> Action:
        first = self.first
        for kind in ("attack", "minion_attack"):
            a = first(kind)
            if a is not None:
                return a
        victims = {
            SLOT[s["node"]]
            for s in self.seats
            if s["role"] == "adventurer" and s["node"] and CARDS.nodes[SLOT[s["node"]]].tile != 0
        }
        spawn = self.by_kind.get("spawn", [])
        if spawn and victims:
            return min(spawn, key=lambda a: self.distance(a.node, victims))
        for a in self.by_kind.get("minion_move", []):
            here = self.pub["board"]["minions"][a.minion]
            if here and self.distance(a.node, victims) < self.distance(SLOT[here], victims):
                return a
        church = set(CARDS.tiles[0].nodes)
        moves = [a for a in self.by_kind.get("move", []) if a.node not in church]
        if victims and moves:
            best = min(moves, key=lambda a: self.distance(a.node, victims))
            if self.distance(best.node, victims) < self.distance(self.here, victims):
                return best
        if A.END_TURN in self.legal:
            return A.END_TURN
        return self.by_kind.get("move", self.legal)[0]

    def distance(self, node: int, targets: set[int]) -> int:
        if not targets or node < 0:
            return 99
        return self.walks.to(frozenset(targets), NO_GATES).get(node, 99)


# ---- ISMCTS advice -------------------------------------------------------------------------------------------

# Random play here walks in circles for 40 rounds, so rollouts are short and a position is judged by
# `win_chances`: Knowledge progress for adventurers, kills for Monsters.
ISMCTS_DEFAULTS = {"rollout": 20, "policy": "kind"}
EVAL_SHARPNESS = 0.9


def need_of(state, s: int) -> int:
    counts = {"zombie": 0, "vampire": 0, "werewolf": 0, "general": 0}
    for c in state.possessed(s):
        k = CARDS.card_kind[c]
        if k.kind == "knowledge":
            counts[k.monster] += 1
    missing = sum(1 for m in ("zombie", "vampire", "werewolf") if counts[m] == 0)
    return max(max(0, 5 - sum(counts.values())), missing - counts["general"])


DISTANCE_WEIGHT = 0.15
CHURCH = frozenset(CARDS.tiles[0].nodes)


def _steps_to_goal(state, s: int, need: int) -> int:
    """Steps from an adventurer to where it next gains: the Church once it holds the Knowledge to break the
    curse, else the nearest Knowledge token or corpse; 0 off the board. Without it a cut-off rollout cannot tell
    a step toward the goal from one away from it, and the search walks at random."""
    here = state.pos[s]
    if here < 0:
        return 0
    targets = CHURCH if need == 0 else set(state.tokens) | {c[0] for c in state.corpses if c[1]}
    if here in targets:
        return 0
    dist = state.board.distances(here)
    return min((dist[t] for t in targets if t in dist), default=10)


def win_chances(state) -> list[float]:
    """Each seat's chance of winning, guessed from a full (sampled) position."""
    target = state.game.kills_to_win
    values = []
    for s in range(state.n):
        if state.role[s] >= 0:
            v = 1.0 + 4.0 * state.kills[s] / target + 0.1 * state.health[s]
        elif not state.alive[s]:
            v = 0.5
        elif state.qualifies(s):
            v = 1.5
        else:
            need = need_of(state, s)
            v = 0.8 * (5 - need) + 0.1 * state.health[s] - DISTANCE_WEIGHT * min(10, _steps_to_goal(state, s, need))
        values.append(v)
    weights = [math.exp(EVAL_SHARPNESS * v) for v in values]
    total = sum(weights)
    return [w / total for w in weights]


# Voluntary discards and bumps in Exploration: a kind among the four or five a step offers, so a rollout that
# picks a random kind throws a card away every other step; the heuristic itself almost never does (41 of 3,669
# choices in ten games), and a forced discard (Cleanup, making room) is kept.
OPTIONAL = frozenset({"discard", "bump"})


def search_actions(state, seat: int, legal: list[Action]) -> list[Action]:
    """What ISMCTS considers: in Exploration, no voluntary discards or bumps, and of the steps only those that
    shorten the way to where the seat next gains (as the heuristic walks); every other action as it is.

    Most of a Transylvania turn is single steps, each a decision: searched among all of them, with a rollout of
    random steps after, a step toward the goal and one away from it look alike and the search walks at random
    (it won 3 of 40 games against the heuristic, which won 15 in the same seats and deals). Even so the search
    stops walking too soon; the hard level also leaves the walking to the heuristic (``focus=kinds``) and weighs
    only whether to stop, attempt, challenge, examine or fight (docs/strength.md, "Transylvania")."""
    if state.pending or state.phase not in ("exploration", "monster"):
        return legal
    kept = [a for a in legal if a.kind not in OPTIONAL] if state.phase == "exploration" else legal
    moves = [a for a in kept if a.kind == "move"]
    if len(moves) > 1 or (moves and state.pos[seat] in CHURCH):
        toward = _steps_toward_goal(state, seat, moves)
        if len(toward) < len(moves):
            kept = [a for a in kept if a.kind != "move"] + toward
    return kept or legal


def _steps_toward_goal(state, seat: int, moves: list[Action]) -> list[Action]:
    here = state.pos[seat]
    if state.role[seat] >= 0:  # a Monster: toward the nearest adventurer off the Church
        targets = {
            state.pos[s]
            for s in range(state.n)
            if state.role[s] < 0 and state.alive[s] and state.pos[s] >= 0 and state.pos[s] not in CHURCH
        }
    else:
        need = need_of(state, seat)
        if need == 0 and here in CHURCH:
            # with the set on the Church and the game still on, it qualifies for a Monster (R2, R66): no step wins,
            # and a walk off the Church and back only comes back to where it stood
            return []
        if need == 0 or state.health[seat] <= 3:
            targets = set(CHURCH)
        else:
            targets = set(state.tokens) | {c[0] for c in state.corpses if c[1]}
    if not targets:
        return moves
    dist = _distances_from(state.board, targets)
    best = min(dist.get(a.node, 99) for a in moves)
    return [a for a in moves if dist.get(a.node, 99) == best] if best < 99 else moves


def _distances_from(board, targets: set[int] | frozenset[int], blocked: frozenset[int] = frozenset()) -> dict[int, int]:
    """Steps from every node to the nearest of ``targets`` (one breadth-first pass from all of them), on walks that
    pass through no node of ``blocked``: a blocked node is reached (a walk may start there) but never passed."""
    dist = dict.fromkeys(targets, 0)
    ring = [t for t in targets if t not in blocked] if blocked else list(targets)
    adj = board.adj
    d = 0
    while ring:  # ring by ring, in the order a queue would take them
        d += 1
        out = []
        for x in ring:
            for y in adj[x]:
                if y not in dist:
                    dist[y] = d
                    if y not in blocked:
                        out.append(y)
        ring = out
    return dist


# An easy bot's random decisions (hexbox.agents.Sloppy) leave the walking to the bot: a random step toward the
# advice's goal (any token, a failed one or the one it stands on too) between the bot's steps toward its own
# walked back and forth (7,021 such walks in 1,000 games of one normal bot among easy ones, docs/strength.md)
OWN_KINDS = frozenset({"move"})


class _Advice:
    win_chances = staticmethod(win_chances)
    search_actions = staticmethod(search_actions)
    ISMCTS_DEFAULTS = ISMCTS_DEFAULTS
    OWN_KINDS = OWN_KINDS


ADVICE = _Advice()
