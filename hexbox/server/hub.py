"""The tables a server process holds: their states, seats, clocks, bots and viewers.

A table in memory is its stored record replayed. Every change follows one path (:meth:`Hub._commit`): the move
is tried on a clone, appended to the database in one transaction (guarded by the table's ``seq``), and only then
does the table in memory move on and its viewers hear of it. Nothing in this module knows a game's rules: it
asks the state (``actors``, ``legal_actions``, ``default_action``, ``observe``, ``describe``) and the game's
``timer`` hook.

Life of a table: created with its seats (human, bot or open); it starts when no seat is open; bots and clocks run
only while the table is *awake*, that is while one of its human players is present (a websocket open, or a request
seen within the grace period), or, at a table of bots alone, while someone watches. A human player gone past the
grace period has a stand-in bot play their seat until they are back.
"""

from __future__ import annotations

import asyncio
import hashlib
import json
import logging
import secrets
import time
import unicodedata
from collections import deque
from collections.abc import Callable
from concurrent.futures import Executor, ThreadPoolExecutor
from dataclasses import dataclass, field
from typing import Any

import msgspec

from hexbox.core import ConfigError, Event, Game, IllegalAction, Record, State, game_info, load

from . import bots
from .bus import LocalBus, RedisBus
from .store import Conflict, Store, default_url

log = logging.getLogger("hexbox.server")

REACTIONS = ("👍", "👎", "😂", "😮", "🤔", "🐺", "🧛", "💀", "🙏", "👏")
MAX_SEED = 2**63 - 1


class ApiError(Exception):
    """A refusal with an HTTP status and a reason for the client; nothing was changed."""

    def __init__(self, status: int, detail: str):
        super().__init__(detail)
        self.status, self.detail = status, detail


@dataclass
class Settings:
    db_url: str | None = None  # None: SQLite in the user's data folder
    redis_url: str | None = None
    workers: int = 1  # bot processes; 0 = one thread in this process
    grace: float = 60.0  # seconds before a gone player's seat is played by a stand-in bot
    bot_delay: float = 0.0  # seconds a bot waits before its move, so that people can follow
    max_bot_seconds: float = 10.0  # the largest ISMCTS time budget a table may ask for
    rate: float = 20.0  # requests per second per client, sustained
    burst: int = 60  # ... and in a burst
    max_body: int = 16 * 1024  # bytes
    chat_length: int = 280
    chat_burst: int = 5  # messages per speaker ...
    chat_window: float = 10.0  # ... per this many seconds
    chat_keep: int = 50  # messages of each channel shown in a table's state
    full_gc_every: float = 600.0  # seconds between the garbage collector's full passes (see app.collector)


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


@dataclass
class Seat:
    seat: int
    bot: str | None = None  # agent spec of a bot seat
    token_hash: str | None = None  # a human's; None and no bot: the seat is open
    last_seen: float = 0.0
    sockets: int = 0

    @property
    def open(self) -> bool:
        return self.bot is None and self.token_hash is None

    def to_json(self, present: bool) -> dict[str, Any]:
        kind = "bot" if self.bot else "open" if self.open else "human"
        return {"seat": self.seat, "kind": kind, "bot": self.bot, "present": present if kind == "human" else None}


class Watcher:
    """One open websocket: it is sent the newest answer, and answers that it had no time to send are dropped."""

    def __init__(self, viewer: Viewer, send: Callable[[str], Any], hang_up: Callable[[], Any]):
        self.viewer, self._send, self.hang_up = viewer, send, hang_up
        self._latest: str | None = None
        self._ready = asyncio.Event()
        self.task = asyncio.create_task(self._run())

    def push(self, text: str) -> None:
        self._latest = text
        self._ready.set()

    async def _run(self) -> None:
        try:
            while True:
                await self._ready.wait()
                self._ready.clear()
                text, self._latest = self._latest, None
                if text is not None:
                    try:
                        await self._send(text)
                    except Exception:  # the socket closed; its handler removes the watcher
                        return
        except asyncio.CancelledError:
            # closed: the task ends without an exception. A cancelled task keeps its CancelledError, whose traceback
            # holds this frame and so this watcher, which holds the task: a cycle that took the whole connection
            # with it into the garbage only a full collection frees (100-200 ms pauses at 200 live tables)
            return

    def close(self) -> None:
        self.task.cancel()


@dataclass
class Table:
    id: str
    game: Game
    seed: int
    host_hash: str
    spectators: bool
    created_at: float
    seats: list[Seat]
    state: State
    rematch_of: str | None = None
    rematch_id: str | None = None
    seq: int = 0
    deadline_at: float | None = None
    deadline_window: str | None = None
    logs: dict[int | None, list[str]] = field(default_factory=dict)
    log_ends: dict[int | None, list[int]] = field(default_factory=dict)  # each viewer's log length after each move
    replay: tuple[int, State] | None = None  # the last step a replay showed, and its state
    # (seat, the action's JSON text): text, not dicts, so that a server holding many long games does not give
    # Python's collector millions of small containers to walk (its full collections took 150-200 ms at 200 tables)
    moves: list[tuple[int, str]] = field(default_factory=list)
    chat: dict[str, deque[dict[str, Any]]] = field(default_factory=dict)
    watchers: set[Watcher] = field(default_factory=set)
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    version: int = 0  # bumped at every change a viewer may see (move, chat, seats, settings)
    answers: dict[int | None, tuple[int, str]] = field(default_factory=dict)
    bot_task: asyncio.Task[None] | None = None
    handles: list[asyncio.TimerHandle] = field(default_factory=list)

    @property
    def players(self) -> int:
        return self.game.players

    @property
    def started(self) -> bool:
        return not any(s.open for s in self.seats)

    @property
    def over(self) -> bool:
        return self.state.is_over

    def seat_of(self, hashed: str) -> int | None:
        for s in self.seats:
            if s.token_hash == hashed:
                return s.seat
        return None

    def record(self) -> Record:
        return Record(self.game.name, self.players, dict(self.game.options), self.seed,
                      [(seat, json.loads(action)) for seat, action in self.moves])

    def note(self, events: list[Event], state: State) -> None:
        """Each viewer's sentences about a move, from the events it may see."""
        for viewer in (*range(self.players), None):
            log = self.logs.setdefault(viewer, [])
            log.extend(state.describe(events, viewer))
            self.log_ends.setdefault(viewer, []).append(len(log))


@dataclass
class Viewer:
    """Who is asking: a seat (with its token), the host, or a spectator."""

    seat: int | None
    host: bool = False

    @property
    def channel(self) -> str:
        return "players" if self.seat is not None else "spectators"


class Hub:
    def __init__(self, settings: Settings):
        self.settings = settings
        self.store = Store(settings.db_url or default_url())
        self.bus = RedisBus(settings.redis_url) if settings.redis_url else LocalBus()
        self.tables: dict[str, Table] = {}
        self._loading: dict[str, asyncio.Lock] = {}
        # PostgreSQL is a round trip away: its calls run on threads. SQLite is a file in this process, and a move's
        # append costs 0.2 ms of CPU with no wait for a disk (WAL, synchronous=NORMAL): its calls run right here,
        # since handing them to a thread cost more than the call (13% of the server's time at 200 live tables,
        # in the GIL and the queue) and added a thread's wake-up to every move.
        self._inline = self.store.url.startswith("sqlite")
        self._db: Executor = ThreadPoolExecutor(max_workers=4, thread_name_prefix="hexbox-db")
        self.pool: Executor | None = None
        self._presence_task: asyncio.Task[None] | None = None
        self._chat_times: dict[tuple[str, str], deque[float]] = {}

    # ---- life of the process -------------------------------------------------------------------------------

    async def start(self) -> None:
        await self._run(self.store.migrate)
        self.pool = bots.pool(self.settings.workers)
        await self.bus.start(self._on_bus)
        if self.bus.shared:
            self._presence_task = asyncio.create_task(self._presence_loop())

    async def close(self) -> None:
        if self._presence_task is not None:
            self._presence_task.cancel()
        for table in self.tables.values():
            self._stop(table)
            for w in list(table.watchers):
                w.close()
        await self.bus.close()
        if self.pool is not None:
            self.pool.shutdown(wait=False, cancel_futures=True)
        self._db.shutdown(wait=True)
        self.store.close()

    async def _run(self, fn: Callable[..., Any], *args: Any, **kwargs: Any) -> Any:
        if self._inline:
            return fn(*args, **kwargs)
        return await asyncio.get_running_loop().run_in_executor(self._db, lambda: fn(*args, **kwargs))

    # ---- creating and finding tables --------------------------------------------------------------------

    async def create(self, game_name: str, players: int | None, options: dict[str, Any], bots_by_seat: dict[str, str],
                     open_seats: list[int], seed: int | None, spectators: bool,
                     rematch_of: Table | None = None, hashes: dict[int, str] | None = None) -> dict[str, Any]:
        try:
            game = load(game_name, players, **options)
        except ConfigError as exc:
            raise ApiError(422, str(exc)) from None
        n = game.players
        seat_bots: dict[int, str] = {}
        for key, spec in bots_by_seat.items():
            seat = _seat_number(key, n)
            seat_bots[seat] = self._check_bot(spec, game_name)
        for seat in open_seats:
            if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < n:
                raise ApiError(422, f"open: {str(seat)[:20]} is not a seat of {n} players")
            if seat in seat_bots:
                raise ApiError(422, f"open: seat {seat} is a bot's")
        if seed is None:
            seed = secrets.randbits(62)
        elif not 0 <= seed <= MAX_SEED:
            raise ApiError(422, f"seed must be a whole number from 0 to {MAX_SEED}")
        table_id = secrets.token_urlsafe(6)
        host = secrets.token_urlsafe(24)
        seats, answer = [], []
        for seat in range(n):
            token = None
            hashed = (hashes or {}).get(seat)
            if seat in seat_bots:
                pass
            elif hashed is None and seat not in open_seats:
                token = secrets.token_urlsafe(24)
                hashed = token_hash(token)
            seats.append({"seat": seat, "bot": seat_bots.get(seat), "token_hash": hashed})
            answer.append({"seat": seat, "token": token, "bot": seat_bots.get(seat)})
        row = {"id": table_id, "game": game.name, "players": n, "options": dict(game.options), "seed": seed,
               "host_hash": rematch_of.host_hash if rematch_of else token_hash(host), "spectators": spectators,
               "created_at": time.time(), "seq": 0, "over": False,
               "rematch_of": rematch_of.id if rematch_of else None}
        table = self._build(row, seats)
        if table.started:
            table.deadline_at, table.deadline_window = self._clock(table, table.state, time.time())
            row["deadline_at"], row["deadline_window"] = table.deadline_at, table.deadline_window
        await self._run(self.store.create_table, row, seats)
        self._evict()
        self.tables[table_id] = table  # its players are about to ask for it
        asyncio.get_running_loop().create_task(self.kick(table))  # a bot may have the first move
        return {"id": table_id, "seats": answer, "host_token": None if rematch_of else host}

    def _evict(self, keep: int = 64) -> None:
        """Forget finished tables that nobody watches, but the last few (the database has them all, and a record
        or a replay asked for later loads its table again). Fewer objects held, shorter pauses of the collector."""
        done = [t for t in self.tables.values() if t.over and not t.watchers and not t.lock.locked()]
        for table in done[:-keep]:
            del self.tables[table.id]

    def _check_bot(self, spec: Any, game_name: str) -> str:
        from hexbox.agents import make_agent, parse_spec

        if not isinstance(spec, str) or len(spec) > 120:
            raise ApiError(422, "a bot is an agent spec such as 'heuristic' or 'ismcts:seconds=2'")
        try:
            make_agent(spec, game_name)
            _, params = parse_spec(spec)
        except ConfigError as exc:
            raise ApiError(422, f"bot {spec[:40]!r}: {exc}") from None
        if "seconds" in params and not 0 < float(params["seconds"]) <= self.settings.max_bot_seconds:
            raise ApiError(422, f"bot {spec[:40]!r}: a search may think at most {self.settings.max_bot_seconds:g} s")
        for budget in ("iters", "calls"):
            if budget in params and int(params[budget]) > 10**6:
                raise ApiError(422, f"bot {spec[:40]!r}: {budget} may be at most 1000000")
        return spec.strip()

    def _build(self, row: dict[str, Any], seats: list[dict[str, Any]]) -> Table:
        game = load(row["game"], row["players"], **row["options"])
        table = Table(id=row["id"], game=game, seed=row["seed"], host_hash=row["host_hash"],
                      spectators=row["spectators"], created_at=row["created_at"],
                      seats=[Seat(s["seat"], s["bot"], s["token_hash"], last_seen=time.time()) for s in seats],
                      state=game.new_state(seed=row["seed"]), rematch_of=row.get("rematch_of"),
                      rematch_id=row.get("rematch_id"), deadline_at=row.get("deadline_at"),
                      deadline_window=row.get("deadline_window"))
        table.chat = {"players": deque(maxlen=self.settings.chat_keep),
                      "spectators": deque(maxlen=self.settings.chat_keep)}
        return table

    async def table(self, table_id: str) -> Table:
        """The table, loaded from the database on first use; 404 if there is none."""
        table = self.tables.get(table_id)
        if table is not None:
            return table
        if not isinstance(table_id, str) or not 0 < len(table_id) <= 16:
            raise ApiError(404, "no such table")
        lock = self._loading.setdefault(table_id, asyncio.Lock())
        async with lock:
            table = self.tables.get(table_id)
            if table is None:
                data = await self._run(self.store.load, table_id)
                if data is None:
                    raise ApiError(404, "no such table")
                table = self._build(data.row, data.seats)
                self._replay(table, data.moves)
                for channel in table.chat:
                    table.chat[channel].extend(
                        await self._run(self.store.chat, table_id, channel, self.settings.chat_keep))
                self.tables[table_id] = table
                # a table loaded after a restart picks up where it was: a bot to move, a clock to run
                asyncio.get_running_loop().create_task(self.kick(table))
        self._loading.pop(table_id, None)
        return table

    def _replay(self, table: Table, moves: list[tuple[int, int, dict[str, Any], str]]) -> None:
        for seq, seat, action, _cause in moves:
            if seq != table.seq + 1:
                raise RuntimeError(f"table {table.id}: move {seq} follows move {table.seq}")
            events = table.state.apply(seat, table.game.parse_action(action))
            table.note(events, table.state)
            table.moves.append((seat, json.dumps(action)))
            table.seq = seq
        table.version += 1

    async def _catch_up(self, table: Table) -> None:
        """With several processes: whatever the others did to this table, from the database."""
        if not self.bus.shared:
            return
        data = await self._run(self.store.load, table.id, table.seq)
        if data is None:
            return
        self._replay(table, data.moves)
        row = data.row
        table.spectators, table.rematch_id = row["spectators"], row["rematch_id"]
        table.deadline_at, table.deadline_window = row["deadline_at"], row["deadline_window"]
        for seat, stored in zip(table.seats, data.seats):
            seat.bot, seat.token_hash = stored["bot"], stored["token_hash"]

    async def lobby(self) -> list[dict[str, Any]]:
        rows = await self._run(self.store.list_tables)
        out = []
        for t in rows:
            open_seats = [s["seat"] for s in t["seats"] if s["bot"] is None and s["token_hash"] is None]
            if open_seats:
                out.append({"id": t["id"], "game": t["game"], "players": t["players"], "open": open_seats,
                            "bots": {str(s["seat"]): s["bot"] for s in t["seats"] if s["bot"]},
                            "created_at": t["created_at"], "spectators": t["spectators"]})
        return out

    # ---- who is asking ------------------------------------------------------------------------------------

    def viewer(self, table: Table, token: str | None, *, watching: bool = True) -> Viewer:
        """The seat a token holds (401 for a token that holds none here); no token: a spectator, if allowed."""
        if token is None:
            if watching and not table.spectators:
                raise ApiError(403, "this table takes no spectators")
            return Viewer(None)
        hashed = token_hash(token)
        seat = table.seat_of(hashed)
        if seat is not None:
            self._seen(table, seat)
            return Viewer(seat, host=hashed == table.host_hash)
        if hashed == table.host_hash:
            return Viewer(None, host=True)
        raise ApiError(401, "this token holds no seat at this table")

    def host(self, table: Table, token: str | None) -> None:
        if token is None:
            raise ApiError(401, "only the table's host may do this: send the host token")
        if token_hash(token) != table.host_hash:
            raise ApiError(403, "only the table's host may do this")

    def _seen(self, table: Table, seat: int) -> None:
        s = table.seats[seat]
        was_gone = not self._present_here(s, time.time())
        s.last_seen = time.time()
        if was_gone:
            asyncio.get_running_loop().create_task(self._wake(table, seat))

    async def _wake(self, table: Table, seat: int) -> None:
        if self.bus.shared:
            await self.bus.touch(table.id, seat, self.settings.grace)
        table.version += 1  # the seat shows as present again
        self._push(table)
        await self.kick(table)

    def _present_here(self, s: Seat, now: float) -> bool:
        return s.sockets > 0 or now - s.last_seen < self.settings.grace

    async def _present(self, table: Table, s: Seat, now: float) -> bool:
        if self._present_here(s, now):
            return True
        return self.bus.shared and await self.bus.present(table.id, s.seat)

    # ---- what a viewer is shown ---------------------------------------------------------------------------

    def answer(self, table: Table, viewer: Viewer) -> dict[str, Any]:
        """The viewer's state: its observation, legal actions, log, the clock, the result and the table."""
        state, seat, now = table.state, viewer.seat, time.time()
        legal, labels = [], []
        if seat is not None and table.started and not table.over:
            actions = state.legal_actions(seat)
            legal = [a.to_json() for a in actions]
            label = table.game.info.hook("label") if table.game.info else None
            # the seat's own choices, in its own words (another seat's moves reach it only through "log")
            labels = [label(state, seat, a) if label else str(a) for a in actions]
        result = state.result
        return {
            "id": table.id, "game": table.game.name, "players": table.players, "seq": table.seq,
            "seat": seat, "host": viewer.host, "started": table.started,
            "observation": state.observe(seat), "legal": legal, "labels": labels, "log": table.logs.get(seat, []),
            "deadline": table.deadline_at if table.started and not table.over else None,
            "result": None if result is None else result.to_json(),
            "seats": [s.to_json(s.bot is None and self._present_here(s, now)) for s in table.seats],
            "chat": list(table.chat[viewer.channel]), "spectators": table.spectators,
            "rematch": table.rematch_id,
        }

    def answer_text(self, table: Table, viewer: Viewer) -> str:
        key = viewer.seat
        cached = table.answers.get(key)
        if cached is not None and cached[0] == table.version and not viewer.host:
            return cached[1]
        # msgspec: 27 us against json.dumps 260 us for a Voodoo answer with 300 lines of log
        text = msgspec.json.encode(self.answer(table, viewer)).decode()
        if not viewer.host:
            table.answers[key] = (table.version, text)
        return text

    def watch(self, table: Table, viewer: Viewer, send: Callable[[str], Any], hang_up: Callable[[], Any]) -> Watcher:
        w = Watcher(viewer, send, hang_up)
        table.watchers.add(w)
        if viewer.seat is not None:
            table.seats[viewer.seat].sockets += 1
            self._seen(table, viewer.seat)
        w.push(self.answer_text(table, viewer))
        asyncio.get_running_loop().create_task(self.kick(table))  # a watcher may wake the table
        return w

    def unwatch(self, table: Table, w: Watcher) -> None:
        table.watchers.discard(w)
        w.close()
        if w.viewer.seat is not None:
            s = table.seats[w.viewer.seat]
            s.sockets -= 1
            s.last_seen = time.time()
        asyncio.get_running_loop().create_task(self.kick(table))

    def _push(self, table: Table, channel: str | None = None) -> None:
        for w in list(table.watchers):
            if channel is None or w.viewer.channel == channel:
                w.push(self.answer_text(table, w.viewer))

    # ---- moves ----------------------------------------------------------------------------------------------

    async def act(self, table: Table, seat: int, seq: Any, action: Any) -> int:
        async with table.lock:
            await self._catch_up(table)
            if seq != table.seq:
                raise ApiError(409, f"stale seq {str(seq)[:20]}: the table is at seq {table.seq}")
            if not table.started:
                waiting = ", ".join(str(s.seat) for s in table.seats if s.open)
                raise ApiError(409, f"the table has not started: seat(s) {waiting} still open")
            if table.over:
                raise ApiError(409, "the game is over")
            try:
                parsed = table.game.parse_action(action)
            except (ValueError, IllegalAction) as exc:
                raise ApiError(422, f"not an action of {table.game.name}: {exc}") from None
            await self._commit(table, seat, parsed, "player")
        await self._changed(table)
        return table.seq

    async def _commit(self, table: Table, seat: int, action: Any, cause: str) -> None:
        """The one way a table moves on (the caller holds its lock): try, store, then tell."""
        trial = table.state.clone()
        try:
            events = trial.apply(seat, action)
        except IllegalAction as exc:
            raise ApiError(422, str(exc)) from None
        now = time.time()
        deadline_at, window = self._clock(table, trial, now)
        result = trial.result
        facts = {"deadline_at": deadline_at, "deadline_window": window, "over": result is not None,
                 "result": None if result is None else json.dumps(result.to_json())}
        action_json = action.to_json()
        try:
            await self._run(self.store.append_move, table.id, table.seq + 1, seat, action_json, cause, facts)
        except Conflict:
            await self._catch_up(table)
            raise ApiError(409, f"the table moved on: it is at seq {table.seq}") from None
        table.state, table.seq = trial, table.seq + 1
        table.deadline_at, table.deadline_window = deadline_at, window
        table.moves.append((seat, json.dumps(action_json)))
        table.note(events, trial)
        table.version += 1

    def _clock(self, table: Table, state: State, now: float) -> tuple[float | None, str | None]:
        """The deadline of the decision now open, from the game's ``timer`` hook: kept while the window is the
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

    async def _changed(self, table: Table, kind: str = "move") -> None:
        self._push(table)
        await self.bus.publish(table.id, kind)
        await self.kick(table)

    async def _on_bus(self, table_id: str, kind: str) -> None:
        table = self.tables.get(table_id)
        if table is None:
            return
        async with table.lock:
            await self._catch_up(table)
            if kind == "chat":
                for channel in table.chat:
                    table.chat[channel].clear()
                    table.chat[channel].extend(
                        await self._run(self.store.chat, table_id, channel, self.settings.chat_keep))
            table.version += 1
        self._push(table)
        await self.kick(table)

    # ---- bots, stand-ins and clocks ------------------------------------------------------------------------

    def _stop(self, table: Table) -> None:
        for handle in table.handles:
            handle.cancel()
        table.handles.clear()

    async def kick(self, table: Table) -> None:
        """Decide what happens next at a table without waiting for anyone: a bot's move, a clock, a re-check."""
        self._stop(table)
        if table.over or not table.started:
            return
        now = time.time()
        humans = [s for s in table.seats if s.bot is None]
        present = {s.seat: await self._present(table, s, now) for s in humans}
        watched = any(w.viewer.seat is None for w in table.watchers)
        if not (any(present.values()) or (not humans and watched)):
            return  # asleep: no one to play for, so no CPU is spent
        loop = asyncio.get_running_loop()
        if table.bot_task is None:
            for seat in table.state.actors:
                s = table.seats[seat]
                spec = s.bot or (None if present[seat] else bots.STAND_IN)
                if spec is not None:
                    cause = "bot" if s.bot else "stand-in"
                    table.bot_task = loop.create_task(self._bot_move(table, seat, spec, cause, table.seq))
                    break
        # the clock matters only to humans: a bot that thinks past a deadline is waited for
        if table.deadline_at is not None and any(table.seats[s].bot is None for s in table.state.actors):
            seq = table.seq
            table.handles.append(loop.call_later(max(0.0, table.deadline_at - now) + 0.005,
                                                 lambda: loop.create_task(self._timeout(table, seq))))
        # a present player whose grace runs out while they must act: look again then
        ends = [s.last_seen + self.settings.grace for s in humans
                if present[s.seat] and s.sockets == 0 and s.seat in table.state.actors]
        if ends:
            table.handles.append(loop.call_later(max(0.0, min(ends) - now) + 0.05,
                                                 lambda: loop.create_task(self.kick(table))))

    async def _bot_move(self, table: Table, seat: int, spec: str, cause: str, seq: int) -> None:
        moved = False
        try:
            if self.settings.bot_delay > 0:
                await asyncio.sleep(self.settings.bot_delay)
            if table.seq != seq or seat not in table.state.actors:
                return
            assert self.pool is not None
            chosen = await asyncio.get_running_loop().run_in_executor(
                self.pool, bots.choose, table.state, seat, spec, bots.seed_for(table.seed, seq, seat))
            async with table.lock:
                await self._catch_up(table)
                if table.seq != seq:
                    return  # someone moved first; the next kick decides again
                await self._commit(table, seat, table.game.parse_action(chosen), cause)
                moved = True
        except ApiError as exc:
            log.info("table %s: bot move refused: %s", table.id, exc.detail)
        except asyncio.CancelledError:
            raise
        except Exception:
            log.exception("table %s: the bot at seat %d failed", table.id, seat)
        finally:
            table.bot_task = None
        if moved:
            await self._changed(table)
        else:
            await self.kick(table)

    async def _timeout(self, table: Table, seq: int) -> None:
        """The clock ran out: each human seat that must act gets its default action (bots act by themselves)."""
        moved = False
        async with table.lock:
            await self._catch_up(table)
            if table.seq != seq:
                return
            for _ in range(4 * table.players):  # a bound, in case a game's window never closes
                if table.over or table.deadline_at is None or table.deadline_at > time.time():
                    break
                late = [s for s in table.state.actors if table.seats[s].bot is None]
                if not late:
                    break
                try:
                    await self._commit(table, late[0], table.state.default_action(late[0]), "timeout")
                except ApiError as exc:
                    log.warning("table %s: default action refused: %s", table.id, exc.detail)
                    break
                moved = True
        if moved:
            await self._changed(table)
        elif table.seq == seq and table.deadline_at is not None and table.deadline_at > time.time():
            await self.kick(table)  # woken a little early (the loop's clock is not the wall clock): arm it again

    async def _presence_loop(self) -> None:
        """With several processes: keep the presence of every player connected here fresh in Redis."""
        while True:
            await asyncio.sleep(max(1.0, self.settings.grace / 3))
            for table in list(self.tables.values()):
                for s in table.seats:
                    if s.sockets > 0:
                        await self.bus.touch(table.id, s.seat, self.settings.grace)

    # ---- replays ----------------------------------------------------------------------------------------

    def replay_step(self, table: Table, step: int, seat: int | None) -> dict[str, Any]:
        """A finished game as ``seat`` (None: a spectator) saw it after ``step`` moves: its observation and its
        sentences so far. The whole record is public after the end, but each step shows only that viewer's view."""
        if not table.over:
            raise ApiError(403, "a game can be replayed once it is over")
        if seat is not None and not 0 <= seat < table.players:
            raise ApiError(404, f"no seat {seat} at this table of {table.players}")
        steps = len(table.moves)
        if not 0 <= step <= steps:
            raise ApiError(404, f"step must be from 0 to {steps}")
        at, state = table.replay if table.replay and table.replay[0] <= step else (0, table.game.new_state(table.seed))
        for seat_moved, action in table.moves[at:step]:
            state.apply(seat_moved, table.game.parse_action(json.loads(action)))
        table.replay = (step, state)  # stepping forward, the next request starts from here
        ends = table.log_ends.get(seat, [])
        log = table.logs.get(seat, [])[:ends[step - 1] if step else 0]
        return {"id": table.id, "game": table.game.name, "players": table.players, "step": step, "steps": steps,
                "seat": seat, "observation": state.observe(seat), "log": log,
                "moved": None if step == 0 else table.moves[step - 1][0]}

    # ---- seats and hosting ---------------------------------------------------------------------------------

    async def claim(self, table: Table, seat: int) -> str:
        _check_seat(table, seat)
        token = secrets.token_urlsafe(24)
        async with table.lock:
            await self._catch_up(table)
            if not table.seats[seat].open:
                raise ApiError(409, f"seat {seat} is taken")
            if not await self._run(self.store.set_seat, table.id, seat, expect_open=True, token_hash=token_hash(token)):
                raise ApiError(409, f"seat {seat} is taken")
            table.seats[seat].token_hash = token_hash(token)
            table.seats[seat].last_seen = time.time()
            await self._started(table)
        await self._changed(table, "seats")
        return token

    async def fill(self, table: Table, seat: int, spec: Any) -> None:
        """The host puts a bot in an open seat."""
        _check_seat(table, seat)
        spec = self._check_bot(spec, table.game.name)
        async with table.lock:
            await self._catch_up(table)
            if not table.seats[seat].open:
                raise ApiError(409, f"seat {seat} is not open")
            if not await self._run(self.store.set_seat, table.id, seat, expect_open=True, bot=spec):
                raise ApiError(409, f"seat {seat} is not open")
            table.seats[seat].bot = spec
            await self._started(table)
        await self._changed(table, "seats")

    async def vacate(self, table: Table, seat: int) -> None:
        """The host removes a player (or a bot) before the game starts: the seat is open again."""
        _check_seat(table, seat)
        async with table.lock:
            await self._catch_up(table)
            if table.started:
                raise ApiError(409, "the game has started: players can no longer be removed")
            await self._run(self.store.set_seat, table.id, seat, expect_open=False, bot=None, token_hash=None)
            table.seats[seat].bot = table.seats[seat].token_hash = None
            table.version += 1
        await self._changed(table, "seats")

    async def _started(self, table: Table) -> None:
        table.version += 1
        if table.started and table.seq == 0:  # the last seat is filled: the first clock starts now
            table.deadline_at, table.deadline_window = self._clock(table, table.state, time.time())
            await self._run(self.store.update_table, table.id, deadline_at=table.deadline_at,
                            deadline_window=table.deadline_window)

    async def settings_of(self, table: Table, spectators: bool) -> None:
        async with table.lock:
            await self._run(self.store.update_table, table.id, spectators=spectators)
            table.spectators = spectators
            table.version += 1
        if not spectators:
            for w in list(table.watchers):
                if w.viewer.seat is None and not w.viewer.host:
                    self.unwatch(table, w)
                    asyncio.get_running_loop().create_task(w.hang_up())
        await self._changed(table, "seats")

    async def rematch(self, table: Table) -> str:
        """A new table with the same game, options and seats: every player's token holds the same seat there."""
        async with table.lock:
            await self._catch_up(table)
            if not table.over:
                raise ApiError(409, "a rematch is offered once the game is over")
            if table.rematch_id is None:
                made = await self.create(
                    table.game.name, table.players, dict(table.game.options),
                    {str(s.seat): s.bot for s in table.seats if s.bot}, [], None, table.spectators,
                    rematch_of=table, hashes={s.seat: s.token_hash for s in table.seats if s.token_hash})
                table.rematch_id = made["id"]
                table.version += 1
        await self._changed(table, "seats")
        return table.rematch_id

    # ---- chat ------------------------------------------------------------------------------------------------

    async def say(self, table: Table, viewer: Viewer, client: str, text: Any, reaction: Any) -> dict[str, Any]:
        """A chat line or a reaction in the viewer's channel: players talk among players, spectators among
        spectators. Chat is not part of the game's record."""
        if (text is None) == (reaction is None):
            raise ApiError(422, "send either text or a reaction")
        if reaction is not None:
            if reaction not in REACTIONS:
                raise ApiError(422, f"reaction must be one of {' '.join(REACTIONS)}")
            kind, body = "reaction", reaction
        else:
            if not isinstance(text, str):
                raise ApiError(422, "text must be a string")
            body = clean_text(text)
            if not body:
                raise ApiError(422, "say something: the text is empty")
            if len(body) > self.settings.chat_length:
                raise ApiError(422, f"a message holds at most {self.settings.chat_length} characters")
            kind = "text"
        if viewer.seat is not None and not table.over:
            public = table.state.observe(None)["public"]
            if public.get("talk_allowed") is False:  # a game's observation may say that table talk is silent
                raise ApiError(409, "table talk is silent now (the rules forbid talking at this moment)")
        speaker = f"seat {viewer.seat}" if viewer.seat is not None else "host" if viewer.host else "spectator"
        who = (table.id, speaker if viewer.seat is not None else f"{speaker}@{client}")
        times = self._chat_times.setdefault(who, deque())
        now = time.monotonic()
        while times and now - times[0] > self.settings.chat_window:
            times.popleft()
        if len(times) >= self.settings.chat_burst:
            raise ApiError(429, f"slow down: at most {self.settings.chat_burst} messages in "
                                f"{self.settings.chat_window:g} seconds")
        times.append(now)
        line = await self._run(self.store.add_chat, table.id, viewer.channel, speaker, kind, body)
        table.chat[viewer.channel].append(line)
        table.version += 1
        self._push(table, viewer.channel)
        await self.bus.publish(table.id, "chat")
        return line


def clean_text(text: str) -> str:
    """Plain text on one line: control and formatting characters (bidi overrides, zero-width joiners…) are dropped,
    so that a line cannot reorder or hide what others see; markup is never interpreted (clients show it as text)."""
    kept = "".join(" " if ch.isspace() else ch for ch in text if ch.isspace() or unicodedata.category(ch)[0] != "C")
    return " ".join(kept.split())


def _seat_number(key: Any, players: int) -> int:
    text = str(key)
    if not text.isdigit() or len(text) > 3 or not 0 <= int(text) < players:
        raise ApiError(422, f"bots: {text[:20]!r} is not a seat of {players} players")
    return int(text)


def _check_seat(table: Table, seat: int) -> None:
    if not 0 <= seat < table.players:
        raise ApiError(404, f"no seat {seat} at this table of {table.players}")


def games_list() -> list[dict[str, Any]]:
    from hexbox.core import games

    out = []
    for name in games():
        info = game_info(name)
        options = []
        for o in info.options:
            entry: dict[str, Any] = {"name": o.name, "default": o.default, "help": o.help}
            if o.choices is not None:
                entry["choices"] = list(o.choices)
            if callable(o.low) or callable(o.high):
                entry["bounds"] = {str(n): list(o.bounds(n)) for n in range(info.min_players, info.max_players + 1)}
            else:
                entry["low"], entry["high"] = o.low, o.high
            options.append(entry)
        out.append({"name": name, "title": info.title, "min_players": info.min_players,
                    "max_players": info.max_players, "default_players": info.default_players or info.min_players,
                    "summary": info.summary, "options": options})
    return out


def game_catalog(name: str) -> dict[str, Any]:
    """The game's ``cards.toml``: what is printed in the box is public (who holds which card is not)."""
    import importlib

    from hexbox.core.data import catalog

    try:
        info = game_info(name)
    except ConfigError as exc:
        raise ApiError(404, str(exc)) from None
    package = info.factory.partition(":")[0].rpartition(".")[0]
    importlib.import_module(package)
    return catalog(package)
