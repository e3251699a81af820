"""One table in memory: its game and state, seats, clocks, logs, chat and viewers. Plain data with a few
questions about itself; what changes it lives in tables.py (the commit path), seats.py, chat.py and runner.py."""

from __future__ import annotations

import asyncio
import hashlib
import json
import re
from collections import deque
from dataclasses import dataclass, field
from typing import Any, Protocol

from hexbox.core import Event, Game, Record, State

from .clock import Clocks

#: a sentence about its reader
YOU = re.compile(r"\b([Yy]ou|[Yy]our)\b")


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


@dataclass
class Seat:
    seat: int
    bot: str | None = None  # agent spec of a bot seat
    token_hash: str | None = None  # a human's; None and no bot: the seat is open
    name: str | None = None
    last_seen: float = 0.0
    sockets: int = 0
    left_at: float | None = None  # as stored (Store.set_left): when the last socket closed, None while one is open

    @property
    def open(self) -> bool:
        return self.bot is None and self.token_hash is None

    @property
    def kind(self) -> str:
        return "bot" if self.bot else "open" if self.open else "human"


@dataclass
class Viewer:
    """Who is asking: a seat (with its token), the host, or a spectator."""

    seat: int | None
    host: bool = False

    @property
    def channel(self) -> str:
        return "players" if self.seat is not None else "spectators"


class Watching(Protocol):
    """An open websocket of a viewer (viewers.Watcher): it is pushed the newest answer."""

    viewer: Viewer

    def push(self, text: str) -> None: ...

    async def hang_up(self) -> None: ...

    def close(self) -> None: ...


class Woken(Protocol):
    """What arranges a table's next step (runner.Runner): told after every change."""

    def poke(self) -> None: ...

    def close(self) -> None: ...


@dataclass
class Table:
    id: str
    game: Game
    seed: int
    seeded: bool  # made with a seed its creator chose: its creator may know the deal
    host_hash: str
    spectators: bool
    created_at: float
    seats: list[Seat]
    state: State
    rematch_of: str | None = None
    rematch_id: str | None = None
    seq: int = 0  # accepted moves
    rev: int = 0  # the database's count of this table's changes, as far as this process knows
    deadline_at: float | None = None  # the game's own clock (its ``timer`` hook) on the window now open
    deadline_window: str | None = None
    clocks: Clocks = field(default_factory=Clocks)  # the turn clocks and time banks of online play
    moved_at: float = 0.0  # when the table last changed hands (a bot's pacing counts from here)
    logs: dict[int | None, list[str]] = field(default_factory=dict)
    log_ends: dict[int | None, list[int]] = field(default_factory=dict)  # each viewer's log length after each move
    replay: tuple[int, State] | None = None  # the last step a replay showed, and its state
    # the states of a replay every play.CHECKPOINT moves, made as a replay first passes them: stepping back starts
    # from the nearest one, not from the first move
    checkpoints: dict[int, State] = field(default_factory=dict)
    # (seat, the action's JSON text): text, not dicts, so that a server holding many long games does not give
    # Python's collector millions of small containers to walk (its full collections took 150-200 ms at 200 tables)
    moves: list[tuple[int, str]] = field(default_factory=list)
    chat: dict[str, deque[dict[str, Any]]] = field(default_factory=dict)
    watchers: set[Watching] = field(default_factory=set)
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    version: int = 0  # of what viewers are shown; bumped only by Tables.publish
    answers: dict[int | None, tuple[int, str, float]] = field(default_factory=dict)  # version, text, good until
    runner: Woken | None = None
    client: str | None = None  # who made it (tables.client_key): its bots' fair share is that client's
    touched: float = 0.0  # time.monotonic() of the last request or change: an untouched table may leave memory
    people: tuple[Any, dict[int, str]] | None = None  # (the seats' names and bots, the name each goes by): people.py
    named_logs: dict[int | None, tuple[Any, list[str]]] = field(default_factory=dict)  # each viewer's log in names
    # a seat that is out of the game (dead, eliminated): what it was told of the move that put it out
    out: dict[int, tuple[str, str | None, list[str]]] = field(default_factory=dict)

    @property
    def players(self) -> int:
        return self.game.players

    @property
    def started(self) -> bool:
        return not any(s.open for s in self.seats)

    @property
    def over(self) -> bool:
        return self.state.is_over

    @property
    def humans(self) -> set[int]:
        return {s.seat for s in self.seats if s.bot is None}

    def seat_of(self, hashed: str) -> int | None:
        for s in self.seats:
            if s.token_hash == hashed:
                return s.seat
        return None

    def record(self) -> Record:
        return Record(self.game.name, self.players, dict(self.game.options), self.seed,
                      [(seat, json.loads(action)) for seat, action in self.moves],
                      names=[s.name for s in self.seats] if any(s.name for s in self.seats) else None)

    def note(self, events: list[Event], state: State) -> None:
        """Each viewer's sentences about a move, from the events it may see."""
        info = self.game.info
        gone = info.hook("out") if info is not None else None
        for viewer in (*range(self.players), None):
            log = self.logs.setdefault(viewer, [])
            told = state.describe(events, viewer)
            log.extend(told)
            self.log_ends.setdefault(viewer, []).append(len(log))
            if gone is not None and viewer is not None and viewer not in self.out:
                how = gone(state, viewer)
                if how:  # told at once, and why: the game's reason, and the sentences of the move up to the last
                    # one about the seat itself ("It is Ana's turn." that follows is no part of the why)
                    how, because = (how, None) if isinstance(how, str) else how
                    mine = [i for i, line in enumerate(told) if YOU.search(line)]
                    self.out[viewer] = (how, because, told[:mine[-1] + 1] if mine else told)
