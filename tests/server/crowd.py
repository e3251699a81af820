"""People and bots racing at live tables of a real ``hexbox serve``: scripted people, each at their own socket, a
watchdog per table that notes every wait for a bot, and the tallies of a run.

tests/server/test_live_tables.py plays a fixed set of tables to their ends; benchmarks/live_tables.py keeps N
tables going for minutes. A table is a :class:`Setup`: a game, its options, and who sits in each seat, a kind of
person (a key of :data:`PEOPLE`) or a bot's agent spec. A new kind of person (one who walks away, one who reloads
the page) is one more coroutine in :data:`PEOPLE`.
"""

from __future__ import annotations

import asyncio
import collections
import json
import random
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any

from .live import Live, connect, pushes_until

#: seconds a table may show a bot to act with no newer push before the wait is noted as a stall. The bots here
#: answer in milliseconds (plus the server's bot delay); on an idle machine a wait past this is rare, on a busy one
#: it is the machine, not the table: such a stall is *late*, reported, never a failure
STALL = 3.0
#: seconds of waiting after which the next push will never come by itself: the table is *frozen* (the defect people
#: met: nothing due happens until someone reloads the page). Not a speed to meet but a bound on "never": a bot late
#: by a minute on this kind of machine would be a defect of its own, and a frozen table waits for ever
FROZEN = 60.0
#: a scripted person answers after uniform(0, THINK) seconds: faster than people, so that they race the bots
THINK = 0.7


@dataclass(frozen=True)
class Setup:
    """One table: the game, who sits in each seat (a kind of person from :data:`PEOPLE`, or a bot's agent spec
    such as ``random`` or ``heuristic``), and the game's options."""

    game: str
    seats: tuple[str, ...]
    options: dict[str, Any] = field(default_factory=dict)
    copies: int = 1  # tables of this setup in a run (each with its own seed)

    @property
    def label(self) -> str:
        return f"{self.game}[{','.join(self.seats)}]"


@dataclass
class Stall:
    """A table that showed a bot to act (or a clock run out) and then nothing newer for :data:`STALL` seconds:
    *late* if the next push came by itself within :data:`FROZEN` seconds, *frozen* if it took a reload."""

    game: str
    table: str
    seq: int
    seats: list[int]  # the bot seats that had to act
    late: float | None = None  # seconds to the next push, if it came by itself (a slow bot, not a frozen table)
    reloads: int = 0  # page reloads (new sockets) it took to get the table moving again

    @property
    def frozen(self) -> bool:
        """Nothing came by itself for :data:`FROZEN` seconds: the watchdog had to reload the page."""
        return self.reloads > 0

    def __str__(self) -> str:
        how = (f"frozen: nothing for {FROZEN:g} s, then {self.reloads} reload(s)" if self.frozen else
               f"late, the next move after {self.late:.1f} s" if self.late is not None else
               "still waiting when the run stopped")
        return f"{self.game} table {self.table} at seq {self.seq}, waiting for bot seat(s) {self.seats}: {how}"


@dataclass
class Tally:
    """What a run saw, over all its tables."""

    started: float = field(default_factory=time.perf_counter)
    tables: int = 0
    ended: int = 0
    moves: int = 0  # every seq increment the watchdogs saw: people's, bots' and clocks' moves
    latencies: list[float] = field(default_factory=list)  # a person's POST to the push carrying its move
    races: int = 0  # people's moves answered 409: someone moved first
    stalls: list[Stall] = field(default_factory=list)
    refused: list[str] = field(default_factory=list)  # people's moves answered with anything but 200 or 409
    unfinished: list[str] = field(default_factory=list)  # tables that did not end within their bound
    games: collections.Counter[str] = field(default_factory=collections.Counter)  # tables ended, per game
    longest: tuple[float, str] = (0.0, "")  # the table that took longest to end, and its seconds

    def line(self, title: str, elapsed: float | None = None) -> str:
        elapsed = time.perf_counter() - self.started if elapsed is None else elapsed
        lat = sorted(self.latencies)
        by_game = collections.Counter(s.game for s in self.stalls)
        late = sorted(s.late for s in self.stalls if s.late is not None)
        stalls = (f"{len(self.stalls)} stalls" + (f" ({', '.join(f'{g} {n}' for g, n in by_game.items())})"
                                                  if by_game else "")
                  + f": {len(self.frozen)} frozen, {len(late)} late"
                  + (f" (by {late[len(late) // 2]:.1f} s in the median, {late[-1]:.1f} s at most)" if late else ""))
        return (f"{title}: {self.tables} tables ({self.ended} ended), {self.moves} moves in {elapsed:.0f} s "
                f"({self.moves / elapsed:.1f} moves/s), {stalls}; people's moves p50 {_ms(lat, 0.5):.0f} ms, "
                f"p99 {_ms(lat, 0.99):.0f} ms over {len(lat)} (and {self.races} lost races); the longest table "
                f"{self.longest[1]} {self.longest[0]:.0f} s")

    @property
    def frozen(self) -> list[Stall]:
        return [s for s in self.stalls if s.frozen]


def _ms(sorted_values: list[float], q: float) -> float:
    if not sorted_values:
        return float("nan")
    return sorted_values[min(len(sorted_values) - 1, int(q * len(sorted_values)))] * 1000


class Poster:
    """One keep-alive HTTP/1.1 connection that posts JSON. httpx's pool looks at every open connection on each
    request, which with hundreds of people made the client, not the server, the thing measured. The server closes
    a connection idle for 5 seconds (uvicorn's keep-alive): a request that finds it closed is sent again on a new
    one (a move twice is harmless: its seq makes the second one stale)."""

    def __init__(self, port: int):
        self.port = port
        self.reader: asyncio.StreamReader | None = None
        self.writer: asyncio.StreamWriter | None = None

    async def post(self, path: str, body: dict[str, Any], token: str | None = None,
                   timeout: float = 60.0) -> tuple[int, Any]:
        """The answer's status and JSON body (a failure, rather than a hang, after ``timeout`` seconds)."""
        async with asyncio.timeout(timeout):
            return await self._post(path, body, token)

    async def _post(self, path: str, body: dict[str, Any], token: str | None) -> tuple[int, Any]:
        data = json.dumps(body).encode()
        auth = f"Authorization: Bearer {token}\r\n" if token else ""
        request = (f"POST {path} HTTP/1.1\r\nHost: 127.0.0.1\r\n{auth}Content-Type: application/json\r\n"
                   f"Content-Length: {len(data)}\r\n\r\n").encode() + data
        for attempt in (1, 2):
            if self.writer is None:
                self.reader, self.writer = await asyncio.open_connection("127.0.0.1", self.port)
            assert self.reader is not None
            try:
                self.writer.write(request)
                head = await self.reader.readuntil(b"\r\n\r\n")
                break
            except (asyncio.IncompleteReadError, ConnectionError):
                await self.close()
                if attempt == 2:
                    raise
        status = int(head.split(b" ", 2)[1])
        length = next(int(line.split(b":")[1]) for line in head.split(b"\r\n")
                      if line.lower().startswith(b"content-length"))
        return status, json.loads(await self.reader.readexactly(length))

    async def close(self) -> None:
        if self.writer is not None:
            writer, self.reader, self.writer = self.writer, None, None
            writer.close()
            try:
                async with asyncio.timeout(5):
                    await writer.wait_closed()
            except (OSError, TimeoutError):
                pass


@dataclass
class Run:
    """One table being played: what its people and its watchdog share."""

    server: Live
    setup: Setup
    table: str
    seed: int
    tally: Tally
    stall: float = STALL


def pick(rng: random.Random, legal: list[dict[str, Any]]) -> dict[str, Any]:
    """A random legal action: a kind of action first, then one of that kind. Uniform over the actions themselves,
    a Voodoo player would mostly emote (dozens of emotes and sayings are legal in every turn, each a move) and a
    game would take thousands of moves."""
    kinds: dict[str, list[dict[str, Any]]] = collections.defaultdict(list)
    for action in legal:
        kinds[action.get("kind", "")].append(action)
    return rng.choice(rng.choice(list(kinds.values())))


async def racing_person(run: Run, seat: int, token: str) -> None:
    """A person at their own screen who answers every decision after a random pause with a random legal action,
    whatever the bots or the other people do meanwhile. A move chosen on a state that moved on is refused (409,
    a lost race), and the person answers the newer state instead, as a person would after the screen changed.
    The latency of an accepted move is from its POST to the push, on this person's own socket, that carries it."""
    rng = random.Random(f"{run.seed}:{seat}")
    poster = Poster(run.server.port)
    view: dict[str, Any] | None = None
    fresh = asyncio.Event()
    closed = False
    pushes: list[tuple[int, float]] = []  # (seq, when) of the pushes since the last POST
    waiting: tuple[int, float] | None = None  # an accepted move whose push has not come yet: (seq, POST time)
    ws = await connect(run.server, run.table, token, max_size=None, compression=None)

    async def listen() -> None:
        nonlocal view, waiting, closed
        try:
            async for text in ws:
                now = time.perf_counter()
                view = json.loads(text)
                # the socket is this seat's (its token, sent as the first message, was taken), else no move comes
                assert view["seat"] == seat, f"seat {seat}'s socket was answered as seat {view['seat']}"
                pushes.append((view["seq"], now))
                if waiting is not None and view["seq"] >= waiting[0]:
                    run.tally.latencies.append(now - waiting[1])
                    waiting = None
                fresh.set()
        finally:
            closed = True
            fresh.set()

    listener = asyncio.create_task(listen())
    try:
        done = -1  # the seq this person last answered
        while True:
            await fresh.wait()
            fresh.clear()
            if closed:
                await listener  # the socket closed: if the listener failed, so does this person
                return
            if view is None or view["result"] is not None:
                return
            if view["seq"] == done or not view["legal"]:
                continue
            seen = view
            await asyncio.sleep(rng.uniform(0, THINK))  # thinking (not a synchronisation: the race is the point)
            done = seen["seq"]
            pushes.clear()
            sent = time.perf_counter()
            status, reply = await poster.post(f"/api/tables/{run.table}/actions",
                                              {"seq": seen["seq"], "action": pick(rng, seen["legal"])}, token)
            if status == 200:
                seq = reply["seq"]
                arrived = next((t for s, t in pushes if s >= seq), None)
                if arrived is not None:
                    run.tally.latencies.append(arrived - sent)
                else:
                    waiting = (seq, sent)
            elif status == 409:
                run.tally.races += 1
            else:
                run.tally.refused.append(f"{run.setup.game} table {run.table} seat {seat}: {status} {reply}")
    finally:
        listener.cancel()
        await ws.close()
        await poster.close()


async def walker(run: Run, seat: int, token: str) -> None:
    """A person who opens the table and walks away with the page still open: present, and never moving. Their
    turn clock and time bank run out, and the stand-in must play each of their turns (the watchdog counts a
    spent clock that nobody answers as a stall)."""
    ws = await connect(run.server, run.table, token, max_size=None, compression=None)
    try:
        async for text in ws:
            if json.loads(text)["result"] is not None:
                return
    finally:
        await ws.close()


#: the kinds of people a Setup may seat: a coroutine (run, seat, token) that plays the seat until the end
PEOPLE: dict[str, Callable[[Run, int, str], Awaitable[None]]] = {"person": racing_person, "walker": walker}


async def watchdog(run: Run) -> dict[str, Any]:
    """A spectator's socket at the table: for each push, whether a bot must act (a bot seat among the observation's
    ``actors``), or a clock will run out (the game's own, or a seat's turn clock and bank). If a bot must act and
    no newer push comes within ``run.stall`` seconds, or none comes within ``run.stall`` seconds of a clock's
    running out, that is a stall. The watchdog then waits, without touching anything, until :data:`FROZEN`
    seconds have passed since the push was due: a push that comes by itself meanwhile makes the stall *late* (the
    machine was slow), and none makes it *frozen*; the watchdog then reloads the page (a new socket) as the people
    who met the freeze did, so that the run goes on and a later freeze is seen too.
    Returns the table's last answer, the one with its result."""
    loop = asyncio.get_running_loop()
    seq, bots, clocked, deadline, since = -1, [], False, 0.0, 0.0
    stalled: Stall | None = None
    ws = await connect(run.server, run.table, None, max_size=None, compression=None)
    try:
        while True:
            try:
                async with asyncio.timeout_at(deadline if bots or clocked else None):
                    text = await ws.recv()
            except TimeoutError:
                if stalled is None:
                    stalled = Stall(run.setup.game, run.table, seq, bots)
                    run.tally.stalls.append(stalled)
                    deadline = loop.time() + FROZEN - run.stall  # late, or frozen? only waiting tells
                else:
                    stalled.reloads += 1
                    await ws.close()
                    ws = await connect(run.server, run.table, None, max_size=None, compression=None)
                    deadline = loop.time() + run.stall
                continue
            answer = json.loads(text)
            if answer["seq"] != seq:
                run.tally.moves += answer["seq"] - max(seq, 0)
                if stalled is not None and not stalled.reloads:
                    stalled.late = loop.time() - since
                seq, since, stalled = answer["seq"], loop.time(), None
                bots = [s for s in answer["observation"]["actors"] if answer["seats"][s]["kind"] == "bot"]
                deadline = since + run.stall
                # a clock that runs out must be answered too: its seat's default action, or the stand-in's move
                clocks = [answer["deadline"]] + [c["deadline"] for c in answer["clocks"]]
                due = [loop.time() + (at - time.time()) + run.stall for at in clocks if at is not None]
                clocked = bool(due)
                if due:
                    deadline = min(due) if not bots else min(deadline, *due)
            if answer["result"] is not None:
                return answer
    finally:
        await ws.close()


async def warm_up(server: Live, setups: list[Setup] | tuple[Setup, ...], timeout: float = 60.0) -> None:
    """Let the bots of every game and kind make a few moves before a run: the server's bot worker is a process
    started at the first bot move, which then imports each game and builds each agent on first use, and on this
    machine the first moves of a fresh server took 3-4 seconds. That is a cold start, not a table waiting for a
    bot that will never come, and it would read as a stall. A table of bots alone plays while someone watches."""
    async def warm(game: str, specs: list[str]) -> None:
        poster = Poster(server.port)
        try:
            status, made = await poster.post("/api/tables", {"game": game, "players": len(specs),
                                                             "bots": {str(s): spec for s, spec in enumerate(specs)}})
        finally:
            await poster.close()
        assert status == 201, made
        async with await connect(server, made["id"]) as ws:
            await pushes_until(ws, lambda a: a["seq"] >= 2 * len(specs) or a["result"] is not None, timeout)

    seats: dict[str, int] = {}  # a player count each game is played with
    kinds: dict[str, set[str]] = collections.defaultdict(set)
    for setup in setups:
        seats.setdefault(setup.game, len(setup.seats))
        kinds[setup.game].update(kind for kind in setup.seats if kind not in PEOPLE)
    await asyncio.gather(*(warm(game, [sorted(kinds[game])[s % len(kinds[game])] for s in range(n)])
                           for game, n in seats.items() if kinds[game]))


async def play(server: Live, setup: Setup, seed: int, tally: Tally, *, limit: float,
               stop: asyncio.Event | None = None, stall: float = STALL) -> Run | None:
    """One table, from its creation to its end (or to ``stop``, for a run that ends). A table that has not ended
    after ``limit`` seconds is noted as unfinished."""
    poster = Poster(server.port)
    try:
        bots = {str(s): kind for s, kind in enumerate(setup.seats) if kind not in PEOPLE}
        status, made = await poster.post("/api/tables", {"game": setup.game, "players": len(setup.seats),
                                                         "options": setup.options, "bots": bots, "seed": seed})
    finally:
        await poster.close()
    assert status == 201, (setup, made)
    tokens = {s["seat"]: s["token"] for s in made["seats"] if s["token"]}
    run = Run(server, setup, made["id"], seed, tally, stall)
    tally.tables += 1
    began = time.perf_counter()
    watch = asyncio.create_task(watchdog(run))
    people = [asyncio.create_task(PEOPLE[setup.seats[seat]](run, seat, token)) for seat, token in tokens.items()]
    waits = [watch] + ([asyncio.create_task(stop.wait())] if stop is not None else [])
    until = asyncio.get_running_loop().time() + limit
    try:
        pending = {*waits, *people}
        while watch in pending and not (stop is not None and stop.is_set()):
            finished, pending = await asyncio.wait(pending, timeout=until - asyncio.get_running_loop().time(),
                                                   return_when=asyncio.FIRST_COMPLETED)
            if not finished:
                break  # the limit
            for task in finished:
                task.result()  # a person's or the watchdog's failure is the caller's
        if watch.done():
            tally.ended += 1
            tally.games[setup.game] += 1
            tally.longest = max(tally.longest, (time.perf_counter() - began, setup.label))
            # the people see the end on their own sockets and leave; a bound in case one does not
            async with asyncio.timeout(30):
                await asyncio.gather(*people)
            return run
        if stop is None or not stop.is_set():
            tally.unfinished.append(f"{setup.label} table {run.table} after {limit:g} s")
        return None
    finally:
        await _cancel([*waits, *people])


async def _cancel(tasks: list[asyncio.Task]) -> None:
    """Cancel the tasks and wait for their end. A cancellation can be lost (Python 3.11's ``asyncio.wait_for``
    swallows one that comes as its awaitable finishes, and the task goes on): a task still running is asked again.
    This module times its waits with ``asyncio.timeout``, which loses none, but the bound is kept: a benchmark run
    of 200 tables once never ended, waiting here."""
    for task in tasks:
        task.cancel()
    pending = set(tasks)
    while pending:
        _, pending = await asyncio.wait(pending, timeout=5)
        for task in pending:
            task.cancel()
    for task in tasks:
        if not task.cancelled():
            task.exception()  # retrieved: a failure after the end (a socket closing) is not the run's
