"""The tables a server process holds, and the one path by which any of them changes.

Every change of a table — a move by a person, a bot, a stand-in or a clock; a claim; a bot put in a seat; a
setting; a chat line; a player coming back — happens inside :meth:`Tables.change`: under the table's lock, after
catching up with whatever other processes did, and on its way out it always does the same two things: if the
table changed, one call (:meth:`publish`) bumps the version of the viewers' answers, pushes them and tells the
other processes; and in every case it wakes the table's runner, which looks at the new state and arranges what
happens next. No path can end without it, because none can leave the ``async with``.

A move is committed by :meth:`commit` alone: tried on a clone, appended to the database in one transaction
(guarded by the table's ``seq``), and only then does the table in memory move on.
"""

from __future__ import annotations

import asyncio
import hashlib
import json
import secrets
import time
from collections import OrderedDict, deque
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import asynccontextmanager
from typing import Any

from hexbox.core import Action, ConfigError, IllegalAction, State, load_with

from .bus import LocalBus, RedisBus
from .clock import Clocks
from .errors import Conflict, Invalid, NotFound, TooMany
from .metrics import Metrics
from .settings import Settings
from .store import StaleSeq, Store, TableData
from .table import Seat, Table, token_hash
from .viewers import Answers

MAX_SEED = 2**63 - 1
#: the token hashes a process remembers as verified (the rest are looked up in the database when they come)
KNOWN_TOKENS = 100_000

Db = Callable[..., Awaitable[Any]]  # runs a Store method off (or on) the event loop


def client_key(address: str) -> str:
    """How the database knows a client (for its caps): a hash of its address, not the address itself."""
    return hashlib.sha256(f"hexbox-client:{address}".encode()).hexdigest()[:32]


class Tables:
    metrics: Metrics | None = None  # the process's (Hub sets it)

    def __init__(self, settings: Settings, store: Store, bus: LocalBus | RedisBus, answers: Answers, db: Db,
                 start_runner: Callable[[Table], None]):
        self.settings, self.store, self.bus, self.answers, self.db = settings, store, bus, answers, db
        self._start_runner = start_runner
        self.held: dict[str, Table] = {}
        self._loading: dict[str, asyncio.Lock] = {}
        self._tokens: OrderedDict[str, None] = OrderedDict()  # hashes of verified tokens, the latest used last
        self.looks = 0  # times the runners looked at their tables (runner.py): none while nothing is due

    # ---- tokens and clients ------------------------------------------------------------------------------

    def token_cached(self, hashed: str) -> bool:
        """Whether this process has verified the token with this hash (it made it, or looked it up)."""
        if hashed in self._tokens:
            self._tokens.move_to_end(hashed)
            return True
        return False

    def remember_tokens(self, *hashes: str | None) -> None:
        for hashed in hashes:
            if hashed:
                self._tokens[hashed] = None
                self._tokens.move_to_end(hashed)
        while len(self._tokens) > KNOWN_TOKENS:
            self._tokens.popitem(last=False)

    async def token_known(self, hashed: str) -> bool:
        """Whether a token with this hash holds a seat or a table anywhere (the database knows them all)."""
        if self.token_cached(hashed):
            return True
        known = bool(await self.db(self.store.token_known, hashed))
        if known:
            self.remember_tokens(hashed)
        return known

    async def check_client(self, client: str | None, *, tables: int = 0, seats: int = 0) -> None:
        """Refuse (429) a client that would hold more than its share of unfinished tables or claimed seats."""
        if client is None:
            return
        made, claimed = await self.db(self.store.held_by, client)
        if tables and made + tables > self.settings.max_tables_per_client:
            raise TooMany(f"a client may have at most {self.settings.max_tables_per_client} unfinished tables: "
                          "finish one first", retry_after=60)
        if seats and claimed + seats > self.settings.max_seats_per_client:
            raise TooMany(f"a client may hold at most {self.settings.max_seats_per_client} claimed seats at "
                          "unfinished tables: finish a game first", retry_after=60)

    # ---- finding and making tables --------------------------------------------------------------------

    async def get(self, table_id: str) -> Table:
        """The table, loaded from the database on first use. With several processes, a table another process
        changed is caught up first, so that a client reading here right after writing there sees its write."""
        table = self.held.get(table_id)
        if table is None:
            table = await self._load(table_id)
        elif self.bus.shared and await self.db(self.store.rev_of, table_id) != table.rev:
            async with self.change(table, "caught-up"):
                pass
        table.touched = time.monotonic()
        return table

    async def _load(self, table_id: str) -> Table:
        if not 0 < len(table_id) <= 16:
            raise NotFound("no such table")
        lock = self._loading.setdefault(table_id, asyncio.Lock())
        try:
            async with lock:
                table = self.held.get(table_id)
                if table is None:
                    data = await self.db(self.store.load, table_id)
                    if data is None:
                        raise NotFound("no such table")
                    table = self._build(data.row, data.seats)
                    self._replay(table, data.moves)
                    await self._load_chat(table)
                    self._hold(table)  # a table loaded after a restart picks up where it was
        finally:
            self._loading.pop(table_id, None)
        return table

    def unload_idle(self, present: Callable[[Table], bool]) -> int:
        """Let go of the tables nobody watches or has asked for in ``unload_after`` seconds, at which nobody is
        present (``present``) and nothing is under way (their lock is free): the database has them, and the next
        request or move loads them again. How many went."""
        edge = time.monotonic() - self.settings.unload_after
        idle = [t for t in self.held.values()
                if t.touched < edge and not t.watchers and not t.lock.locked() and (t.over or not present(t))
                and not getattr(t.runner, "busy", False)]
        for table in idle:
            self._drop(table)
        return len(idle)

    async def expire(self) -> list[str]:
        """Delete the abandoned tables (no move for ``expire_after`` seconds) that nobody here watches."""
        if self.settings.expire_after <= 0:
            return []
        gone = await self.db(self.store.expire, time.time() - self.settings.expire_after)
        for table_id in gone:
            table = self.held.get(table_id)
            if table is not None:
                for w in list(table.watchers):
                    w.close()
                self._drop(table)
        return gone

    def _drop(self, table: Table) -> None:
        self.held.pop(table.id, None)
        if table.runner is not None:
            table.runner.close()
            table.runner = None

    def _hold(self, table: Table) -> None:
        self._evict()
        self.held[table.id] = table
        self.remember_tokens(table.host_hash, *(s.token_hash for s in table.seats))
        self._start_runner(table)

    def _evict(self, keep: int = 64) -> None:
        """Forget finished tables that nobody watches, but the last few (the database has them all, and a record
        or a replay asked for later loads its table again). Fewer objects held, shorter pauses of the collector."""
        done = [t for t in self.held.values() if t.over and not t.watchers and not t.lock.locked()]
        for table in done[:-keep]:
            self._drop(table)

    async def create(self, game_name: str, players: int | None, options: dict[str, Any], bots: dict[int, str],
                     open_seats: list[int], seed: int | None, spectators: bool, names: dict[int, str],
                     rematch_of: Table | None = None, hashes: dict[int, str] | None = None,
                     client: str | None = None) -> tuple[Table, dict[int, str], str | None]:
        """A new table: its tokens by seat (for the human seats not left open) and the host's token (None for a
        rematch, whose host is the old table's). ``client`` (client_key) is who asks, held to its caps."""
        try:
            game = load_with(game_name, players, options)  # an option named "players" is only an unknown option
        except ConfigError as exc:
            raise Invalid(str(exc)) from None
        n = game.players
        for seat in (*bots, *open_seats, *names):
            if not 0 <= seat < n:
                raise Invalid(f"seat {seat} is not a seat of {n} players (seats are counted from 0)")
        both = sorted(set(bots) & set(open_seats))
        if both:
            raise Invalid(f"open: seat {both[0]} is a bot's")
        await self.check_client(client, tables=1)
        seeded = seed is not None
        if seed is None:
            seed = secrets.randbits(62)  # nobody may know the deal
        elif not 0 <= seed <= MAX_SEED:
            raise Invalid(f"seed must be a whole number from 0 to {MAX_SEED}")
        host = None if rematch_of else secrets.token_urlsafe(24)
        tokens: dict[int, str] = {}
        seats = []
        for seat in range(n):
            hashed = (hashes or {}).get(seat)
            if seat not in bots and hashed is None and seat not in open_seats:
                tokens[seat] = secrets.token_urlsafe(24)
                hashed = token_hash(tokens[seat])
            seats.append({"seat": seat, "bot": bots.get(seat), "token_hash": None if seat in bots else hashed,
                          "name": names.get(seat)})
        now = time.time()
        row = {"id": secrets.token_urlsafe(6), "game": game.name, "players": n, "options": dict(game.options),
               "seed": seed, "seeded": seeded, "spectators": spectators, "created_at": now, "seq": 0,
               "over": False, "host_hash": rematch_of.host_hash if rematch_of else token_hash(host or ""),
               "rematch_of": rematch_of.id if rematch_of else None, "client": client}
        table = self._build(row, seats)
        if table.started:
            row.update(self._start(table, now))
        await self.db(self.store.create_table, row, seats)
        if rematch_of is not None:
            rematch_of.rev += 1  # the same transaction named the new table in the old one's row
        self._hold(table)
        return table, tokens, host

    def _build(self, row: dict[str, Any], seats: list[dict[str, Any]]) -> Table:
        game = load_with(row["game"], row["players"], row["options"])
        now = time.time()
        table = Table(id=row["id"], game=game, seed=row["seed"], seeded=bool(row.get("seeded")),
                      host_hash=row["host_hash"], spectators=row["spectators"], created_at=row["created_at"],
                      # a player who had left before a restart is as present as they were then (grace runs on)
                      seats=[Seat(s["seat"], s["bot"], s["token_hash"], s.get("name"),
                                  last_seen=s.get("left_at") or now, left_at=s.get("left_at")) for s in seats],
                      state=game.new_state(seed=row["seed"]), rematch_of=row.get("rematch_of"),
                      rematch_id=row.get("rematch_id"), rev=row.get("rev") or 0, client=row.get("client"),
                      deadline_at=row.get("deadline_at"),
                      deadline_window=row.get("deadline_window"),
                      clocks=Clocks.from_json(json.loads(row["clocks"]) if row.get("clocks") else None), moved_at=now)
        table.chat = {"players": deque(maxlen=self.settings.chat_keep),
                      "spectators": deque(maxlen=self.settings.chat_keep)}
        return table

    def _start(self, table: Table, now: float) -> dict[str, Any]:
        """The last seat is filled: the clocks start now. The row's new facts."""
        humans = table.humans
        table.deadline_at, table.deadline_window = self._timer(table, table.state, now)
        table.clocks = Clocks.of(table.game.options, sorted(humans)).advance(
            self._clocked(table.state, table.deadline_at), humans, now)
        table.moved_at = now
        clocks = table.clocks.to_json()
        return {"deadline_at": table.deadline_at, "deadline_window": table.deadline_window,
                "clocks": None if clocks is None else json.dumps(clocks)}

    def started_now(self, table: Table) -> dict[str, Any]:
        """The row's facts to store with the seat change that starts the table (nothing if it does not)."""
        return self._start(table, time.time()) if table.started and table.seq == 0 else {}

    # ---- the one path of change -------------------------------------------------------------------------

    @asynccontextmanager
    async def change(self, table: Table, kind: str = "move", channel: str | None = None) -> AsyncIterator[Table]:
        """Change ``table`` inside this block (see the module's docstring). ``kind`` tells the other processes
        what changed; ``channel`` limits the push to one chat room's viewers."""
        rev = table.rev
        table.touched = time.monotonic()
        try:
            async with table.lock:
                await self._catch_up(table)
                yield table
            if table.rev != rev or kind == "presence":
                await self.publish(table, kind, channel)
        finally:
            if table.runner is not None:
                table.runner.poke()

    async def write(self, table: Table, fn: Callable[..., Any], /, *args: Any, **kwargs: Any) -> Any:
        """A write of the table's row, seats or chat (inside :meth:`change`): ``fn`` is a Store method taking the
        table's id first. The database counts it in the table's revision, and so does the table in memory; a
        write that changed nothing (returned False) counts nothing."""
        done = await self.db(fn, table.id, *args, **kwargs)
        if done is not False:
            table.rev += 1
        return done

    async def publish(self, table: Table, kind: str, channel: str | None = None) -> None:
        """The viewers' answers are new: bump their version, push them, tell the other processes."""
        table.version += 1
        self.answers.push(table, channel)
        if kind not in ("presence", "caught-up"):
            await self.bus.publish(table.id, kind)

    async def commit(self, table: Table, seat: int, action: Action, cause: str) -> None:
        """The one way a table moves on (inside :meth:`change`): try, store, then move the table in memory."""
        trial = table.state.clone()
        try:
            events = trial.apply(seat, action)
        except IllegalAction as exc:
            raise Invalid(str(exc)) from None
        now = time.time()
        deadline_at, window = self._timer(table, trial, now)
        clocks = table.clocks.advance(self._clocked(trial, deadline_at), table.humans, now)
        result = trial.result
        stored = clocks.to_json()
        facts = {"deadline_at": deadline_at, "deadline_window": window, "over": result is not None,
                 "result": None if result is None else json.dumps(result.to_json()),
                 "clocks": None if stored is None else json.dumps(stored)}
        action_json = action.to_json()
        try:
            await self.db(self.store.append_move, table.id, table.seq + 1, seat, action_json, cause, facts)
        except StaleSeq:
            await self._catch_up(table)
            raise Conflict(f"the table moved on: it is at seq {table.seq}") from None
        table.state, table.seq, table.rev = trial, table.seq + 1, table.rev + 1
        table.deadline_at, table.deadline_window, table.clocks, table.moved_at = deadline_at, window, clocks, now
        table.moves.append((seat, json.dumps(action_json)))
        table.note(events, trial)
        if self.metrics is not None:
            self.metrics.moves.labels(cause).inc()

    @staticmethod
    def _clocked(state: State, deadline_at: float | None) -> list[int]:
        """The seats whose turn clocks run: the actors, unless the game's own clock times the window they are in
        (a bidding window, a reaction window), which then takes the place of theirs and spends no bank."""
        return list(state.actors) if deadline_at is None else []

    def _timer(self, table: Table, state: State, now: float) -> tuple[float | None, str | None]:
        """The deadline of the window now open, from the game's ``timer`` hook: kept while the window is the
        same, restarted when it changes."""
        timer = table.game.info.hook("timer") if table.game.info else None
        found = None if timer is None or state.is_over else timer(state)
        if found is None:
            return None, None
        seconds, window = found
        key = None if window is None else json.dumps(window, default=str)
        if key is not None and key == table.deadline_window and table.deadline_at is not None:
            return table.deadline_at, key
        return now + float(seconds), key

    # ---- catching up with the database ---------------------------------------------------------------------

    def _replay(self, table: Table, moves: list[tuple[int, int, dict[str, Any], str]]) -> None:
        for seq, seat, action, _cause in moves:
            if seq != table.seq + 1:
                raise RuntimeError(f"table {table.id}: move {seq} follows move {table.seq}")
            events = table.state.apply(seat, table.game.parse_action(action))
            table.note(events, table.state)
            table.moves.append((seat, json.dumps(action)))
            table.seq = seq

    async def _catch_up(self, table: Table) -> None:
        """With several processes: whatever the others did to this table, from the database."""
        if not self.bus.shared:
            return
        data: TableData | None = await self.db(self.store.load, table.id, table.seq)
        if data is None or data.row["rev"] == table.rev:
            return
        if data.moves:
            self._replay(table, data.moves)
            table.moved_at = time.time()
        row = data.row
        table.spectators, table.rematch_id = row["spectators"], row["rematch_id"]
        table.deadline_at, table.deadline_window = row["deadline_at"], row["deadline_window"]
        table.clocks = Clocks.from_json(json.loads(row["clocks"]) if row["clocks"] else None)
        for seat, stored in zip(table.seats, data.seats):
            seat.bot, seat.token_hash, seat.name = stored["bot"], stored["token_hash"], stored["name"]
        await self._load_chat(table)
        table.rev = row["rev"]

    async def _load_chat(self, table: Table) -> None:
        for channel, lines in table.chat.items():
            lines.clear()
            lines.extend(await self.db(self.store.chat, table.id, channel, self.settings.chat_keep))

    async def on_bus(self, table_id: str, kind: str) -> None:
        """Another process changed a table: catch up, push, and let the runner look again."""
        table = self.held.get(table_id)
        if table is not None:
            async with self.change(table, "caught-up"):
                pass
