"""The published types of a Transylvania observation's two halves (``hexbox schema transylvania``); views.py
builds them.

Spaces are written "<tile>.<node>" ("graveyard.g"); cards "<card id>#<copy>" ("wolf_pack#1"); traits are counted
in the order attack, mind, spirit. A piece is a seat's stand-up (0..5) or a minion (6..10 = minions 0..4).
"""

from __future__ import annotations

from typing import Literal

from hexbox.core.schema import Struct

Role = Literal["adventurer", "vampire", "werewolf", "zombie"]


class LaidTile(Struct):
    tile: str
    at: list[int]  # [x, y] on the tile grid; the Church is at [0, 0]
    rotation: int  # quarter turns clockwise


class Token(Struct):
    node: str
    trait: str | None  # None: face down; "locked": under a footprint lock (R29); else its trait, face up (R38)
    target: int | None


class Corpse(Struct):
    node: str
    cards: list[str]  # pilfered together (R42)


class Board(Struct):
    tiles: list[LaidTile]
    locks: list[str]
    tokens: list[Token]
    mirrors: list[str]  # [] or the two mirror spaces (R126)
    corpses: list[Corpse]  # oldest first
    minions: list[str | None]  # minions 0..4: a space, or None in the supply


class Examined(Struct):
    card: str
    attached: list[str]  # cursed cards attached to it (R128)


class Seat(Struct):
    seat: int
    role: Role
    adventurer: str | None  # the adventurer's id while an adventurer (a hidden Monster too)
    alive: bool  # False between death and regeneration (R72, R73)
    node: str | None
    health: int
    trait_tokens: list[int]
    ability_available: bool
    examined: list[Examined]
    hand_size: int
    set_aside_size: int
    kills: int
    surge: bool  # the Werewolf's Feral Surge until its next turn (R89)
    breaking: str | None  # the lock a Monster will break at the start of its next turn (R83, R90)


class Turn(Struct):
    movement_left: int
    examined: bool
    discarded: bool
    challenged: list[int]
    failed_tokens: list[str]
    attempted: bool  # R148
    received: bool
    spawns_left: int
    minion_steps: list[int]
    sleuth_picks: int


class BagToken(Struct):
    trait: str
    target: int


class Decks(Struct):
    discovery: int
    discovery_top_public: list[str]  # top first (R108)
    event: int
    tiles: int
    token_stack: int
    token_bag: list[BagToken]
    discovery_discard: list[str]
    event_discard: list[str]


class Supply(Struct):
    locks: int
    trait_tokens: list[int]
    minions: int


class Roll(Struct):
    seat: int  # whose dice
    dice: list[int]  # the faces' values, 0 being the Werewolf icon
    total: int


class Pending(Struct):
    kind: str  # the decision awaited (docs: Turn machine)
    seat: int  # who decides
    cards: list[str]  # the cards it is about, where public
    tile: str | None
    seats: list[int]
    roll: Roll | None  # the dice a Tinkering re-roll would change (R107)


class Window(Struct):
    node: str
    mover: int  # the piece that arrived
    deciding: list[int]  # who has not finished; declarations are sealed until the window closes


class Reveal(Struct):
    seat: int
    hand: list[str]
    set_aside: list[str]
    qualifies: list[str]


class Public(Struct):
    round: int
    first: int
    active: int
    board: Board
    church_card: str | None
    events_in_play: list[str]  # the Event cards drawn and not yet resolved, the first drawn first
    seats: list[Seat]
    turn: int  # turns begun so far, every seat's counted
    this_turn: Turn  # the active turn's public counters
    decks: Decks
    supply: Supply
    abilities_used: list[str]
    pending: Pending | None
    window: Window | None
    kills_to_win: int
    reveal: list[Reveal] | None  # every hand, once the game is over


class Glimpse(Struct):
    seat: int
    zone: Literal["hand", "set_aside"]
    card: str


class Private(Struct):
    hand: list[str]
    set_aside: list[str]
    qualifies: list[str]  # the Monsters this seat could reveal as (R66)
    transformation_cards: int
    known_tiles: list[str]  # the top of the tile stack, top first, as Surveillance left it (R105)
    glimpses: list[Glimpse]  # cards in other hands this seat knows and the public does not
    declared: list[int]  # this seat's sealed ambushes in the open window (pieces; -1 for a reveal)
    revealing: list[str]
    new_cards: list[str]  # the two regeneration cards, one of which may be examined for free (R74)
    drawn_this_turn: list[str]  # hand cards drawn this turn, which may not be discarded (R45)


TYPES = (Public, Private)
