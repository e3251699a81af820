"""Players at a table: their moves, and the websockets that show them the table after every change."""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from typing import Any

from hexbox.core import IllegalAction
from hexbox.core.people import named

from .errors import Conflict, Forbidden, Invalid, NotFound
from .people import names_of
from .presence import Presence
from .table import Table, Viewer
from .tables import Tables
from .viewers import Answers, Watcher


class Play:
    def __init__(self, tables: Tables, answers: Answers, presence: Presence):
        self.tables, self.answers, self.presence = tables, answers, presence

    async def act(self, table: Table, seat: int, seq: Any, action: Any) -> int:
        """A player's move, made in the state of ``seq``; the table's new seq."""
        start = time.perf_counter()
        async with self.tables.change(table):
            if seq != table.seq:
                raise Conflict(f"stale seq {str(seq)[:20]}: the table is at seq {table.seq}")
            if not table.started:
                waiting = ", ".join(str(s.seat) for s in table.seats if s.open)
                raise Conflict(f"the table has not started: seat(s) {waiting} still open")
            if table.over:
                raise Conflict("the game is over")
            try:
                parsed = table.game.parse_action(action)
            except (ValueError, IllegalAction) as exc:
                raise Invalid(f"not an action of {table.game.name}: {exc}") from None
            await self.tables.commit(table, seat, parsed, "player")
        if self.tables.metrics is not None:
            self.tables.metrics.move_seconds.observe(time.perf_counter() - start)
        return table.seq

    async def watch(self, table: Table, viewer: Viewer, send: Callable[[str], Any],
                    hang_up: Callable[[], Any], patches: bool = False) -> Watcher:
        metrics = self.tables.metrics
        w = Watcher(viewer, send, hang_up, None if metrics is None else metrics.push_seconds.observe, patches)
        table.watchers.add(w)
        # the change pushes the newest answer to every watcher, this one included
        async with self.tables.change(table, "presence"):  # a player is here, or someone watches a table of bots
            if viewer.seat is not None:
                s = table.seats[viewer.seat]
                s.sockets += 1
                if s.left_at is not None:  # stored: here now (a restart gives them their grace afresh)
                    s.left_at = None
                    await self.tables.db(self.tables.store.set_left, table.id, s.seat, None)
        return w

    async def unwatch(self, table: Table, w: Watcher) -> None:
        table.watchers.discard(w)
        w.close()
        async with self.tables.change(table, "presence"):
            if w.viewer.seat is not None:
                s = table.seats[w.viewer.seat]
                s.sockets -= 1
                s.last_seen = time.time()
                if s.sockets == 0:  # stored: after a restart, their grace runs on from now
                    s.left_at = s.last_seen
                    await self.tables.db(self.tables.store.set_left, table.id, s.seat, s.left_at)


def record(table: Table) -> dict[str, Any]:
    """After the end, the whole record, seed included, for every viewer."""
    if not table.over:
        raise Forbidden("the record is shown once the game is over")
    return table.record().to_json()


#: moves between two checkpoints of a replay: a step back re-applies at most this many moves
CHECKPOINT = 32


def replay_step(table: Table, step: int, seat: int | None) -> dict[str, Any]:
    """A finished game as ``seat`` (None: a spectator) saw it after ``step`` moves: its observation and its
    sentences so far. The whole record is public after the end, but each step shows only that viewer's view."""
    if not table.spectators:
        raise Forbidden("this table takes no spectators")
    if not table.over:
        raise Forbidden("a game can be replayed once it is over")
    if seat is not None and not 0 <= seat < table.players:
        raise NotFound(f"no seat {seat} at this table of {table.players}")
    steps = len(table.moves)
    if not 0 <= step <= steps:
        raise NotFound(f"step must be from 0 to {steps}")
    marks = table.checkpoints
    if 0 not in marks:
        marks[0] = table.game.new_state(table.seed)
    mark = max(m for m in marks if m <= step)
    if table.replay and mark <= table.replay[0] <= step:
        at, state = table.replay  # stepping forward: on from the step shown last
    else:
        at, state = mark, marks[mark].clone()  # a checkpoint is never moved itself
    for index in range(at, step):
        seat_moved, action = table.moves[index]
        state.apply(seat_moved, table.game.parse_action(json.loads(action)))
        if (index + 1) % CHECKPOINT == 0 and index + 1 not in marks:
            marks[index + 1] = state.clone()
    table.replay = (step, state)
    ends = table.log_ends.get(seat, [])
    names = names_of(table)
    log = [named(line, names) for line in table.logs.get(seat, [])[:ends[step - 1] if step else 0]]
    return {"id": table.id, "game": table.game.name, "players": table.players, "step": step, "steps": steps,
            "seat": seat, "observation": state.observe(seat), "log": log,
            "moved": None if step == 0 else table.moves[step - 1][0]}
