"""Test helpers for Transylvania: fixed set-ups and direct state surgery (fine in tests)."""

from __future__ import annotations

from typing import Any

import hexbox
from hexbox.core import Rng
from hexbox.games.transylvania import actions as A
from hexbox.games.transylvania.cards import CARDS
from hexbox.games.transylvania.play import lay
from hexbox.games.transylvania.state import TransylvaniaState

SLOT = CARDS.node_by_name
TILE = {t.id: t.index for t in CARDS.tiles}
FACE = {0: 0, 1: 1, 2: 3, 3: 5}  # die value -> a face showing it (0 = the Werewolf icon)


class ScriptedRng(Rng):
    """Dice (randrange(6)) come from a script of values 0..3; everything else (and a spent script) from the seed."""

    def __init__(self, values: list[int] | None = None, seed: int = 0):
        super().__init__(seed)
        self.script = [FACE[v] for v in (values or [])]

    def randrange(self, *args: Any, **kw: Any) -> int:
        if self.script and args == (6,):
            return self.script.pop(0)
        return super().randrange(*args, **kw)

    def clone(self) -> ScriptedRng:
        return self


def new(players: int = 4, seed: int = 0, **options: Any) -> TransylvaniaState:
    options.setdefault("first_player", "seat0")
    return hexbox.load("transylvania", players=players, **options).new_state(seed=seed)


def ready(players: int = 4, seed: int = 0, **options: Any) -> TransylvaniaState:
    """Set up and play the set-up decisions by their defaults: seat 0's first turn, Exploration."""
    s = new(players, seed, **options)
    while s.phase.startswith("setup"):
        seat = s.actors[0]
        s.apply(seat, s.default_action(seat))
    return s


def dice(s: TransylvaniaState, *values: int) -> None:
    s.rng = ScriptedRng(list(values), seed=1)


def card(name: str) -> int:
    """A card copy by "<id>#<k>" or the first copy of an id."""
    return CARDS.card_index[name if "#" in name else name + "#0"]


def take_out(s: TransylvaniaState, c: int) -> None:
    """Remove a card from wherever it is (deck, hands, rows, discards)."""
    for z in (s.deck, s.discards, s.events, s.event_discards, *s.hand, *s.aside):
        if c in z:
            z.remove(c)
    for r in s.row:
        for i, (x, att) in enumerate(r):
            if x == c:
                r.pop(i)
                break
            if c in att:
                r[i] = (x, tuple(a for a in att if a != c))
    if s.church == c:
        s.church = -1


def give(s: TransylvaniaState, seat: int, *names: str) -> list[int]:
    out = []
    for n in names:
        c = card(n)
        take_out(s, c)
        s.hand[seat].append(c)
        s.known[c] = 1 << seat if c < CARDS.ndisc else s.known[c]
        out.append(c)
    return out


def examined(s: TransylvaniaState, seat: int, *names: str) -> list[int]:
    out = []
    for n in names:
        c = card(n)
        take_out(s, c)
        s.row[seat].append((c, ()))
        if c < CARDS.ndisc:
            s.known[c] = (1 << 6) - 1
        out.append(c)
    return out


def on_top(s: TransylvaniaState, *names: str) -> None:
    """Put Discovery cards on top of the deck, the first named on the very top."""
    for n in reversed(names):
        c = card(n)
        take_out(s, c)
        s.deck.append(c)


def event_on_top(s: TransylvaniaState, name: str) -> None:
    c = card(name)
    take_out(s, c)
    s.events.append(c)


def tile_on_top(s: TransylvaniaState, tile: str) -> None:
    t = TILE[tile]
    s.tiles.remove(t)
    s.tiles.append(t)


def lay_tile(s: TransylvaniaState, tile: str, x: int, y: int, rotation: int = 0) -> None:
    t = TILE[tile]
    if t in s.tiles:
        s.tiles.remove(t)
    lay(s, t, (x, y), rotation)


def put(s: TransylvaniaState, seat: int, node: str) -> None:
    s.pos[seat] = SLOT[node]


def bare(players: int = 4, **options: Any) -> TransylvaniaState:
    """A ready table (seat 0's first turn) where nobody holds or has examined a card: tests deal what they need."""
    s = ready(players, **options)
    clear_hands(s)
    for seat in range(players):
        s.row[seat] = []
    return s


def clear_hands(s: TransylvaniaState) -> None:
    for seat in range(s.n):
        for c in s.hand[seat]:
            s.deck.insert(0, c)
        s.hand[seat] = []


def act(s: TransylvaniaState, seat: int, action: Any) -> list:
    if isinstance(action, dict):
        action = s.game.parse_action(action)
    s.forget_legal()  # the tests set positions up by hand, after asking for legal actions (core/game.py),
    s.update_actors()  # and who acts (a plain attribute, set by every move)
    return s.apply(seat, action)


def kinds(s: TransylvaniaState, seat: int) -> set[str]:
    return {a.kind for a in s.legal_actions(seat)}


def move(node: str) -> A.Move:
    return A.MOVE[SLOT[node]]


def choose(node: str) -> A.ChooseSpace:
    return A.CHOOSE[SLOT[node]]


def graveyard_table(players: int = 4) -> TransylvaniaState:
    """Seat 0's turn; the Graveyard laid north of the Church (graveyard.k meets church.n); nobody holds a card."""
    s = bare(players)
    lay_tile(s, "graveyard", 0, -1, 0)
    return s


def kill(s: TransylvaniaState, seat: int, node: str = "graveyard.b") -> None:
    """``seat`` on ``node``, wounded past its Health and taken out (R71, R72)."""
    put(s, seat, node)
    s._wound(seat, 20)
    s._take_out()


def to_monster(s: TransylvaniaState, seat: int, monster: int, node: str) -> None:
    s.role[seat] = monster
    s.health[seat] = 10
    s.hand[seat] = []
    s.row[seat] = []
    put(s, seat, node)


def start_turn(s: TransylvaniaState, seat: int) -> list:
    """Begin ``seat``'s turn now (the previous seat's turn is simply over)."""
    s.active = (seat - 1) % s.n
    s.turn_done = True
    s.pending.clear()
    s.todo.clear()
    s._run()
    s.update_actors()
    return s._take_out()
