"""What each viewer of a table is shown (its answer, as JSON text, cached per version) and the websockets that
are pushed it. A viewer sees its seat's observation and nothing more: ``observe(seat)`` is the only door."""

from __future__ import annotations

import asyncio
import math
import time
from collections.abc import Callable
from typing import Any

import msgspec

from hexbox.core.choices import steps
from hexbox.core.people import named

from .bots import level
from .patch import diff
from .people import chat_of, choices_of, ending, log_of, names_of, waiting
from .presence import Presence
from .table import Table, Viewer


class Watcher:
    """One open websocket: it is sent the newest answer, and answers that it had no time to send are dropped."""

    def __init__(self, viewer: Viewer, send: Callable[[str], Any], hang_up: Callable[[], Any],
                 took: Callable[[float], Any] | None = None, patches: bool = False):
        self.viewer, self._send, self.hang_up, self._took = viewer, send, hang_up, took
        # a client that asked for patches is sent the whole answer first, then what changed since the answer it was
        # sent last (patch.py): a push it missed is in the next one, since each is counted from what it has
        self.patches = patches
        self._sent: Any = None
        self._latest: str | None = None
        self._since: float | None = None  # when the oldest change not yet sent was pushed
        self._ready = asyncio.Event()
        self.task = asyncio.create_task(self._run())

    def push(self, text: str) -> None:
        self._latest = text
        if self._since is None:
            self._since = time.perf_counter()
        self._ready.set()

    async def _run(self) -> None:
        try:
            while True:
                await self._ready.wait()
                self._ready.clear()
                text, self._latest, since, self._since = self._latest, None, self._since, None
                if text is not None:
                    if self.patches:
                        text = self._patch(text)
                    try:
                        await self._send(text)
                    except Exception:  # the socket closed; its handler removes the watcher
                        return
                    if self._took is not None and since is not None:
                        self._took(time.perf_counter() - since)
        except asyncio.CancelledError:
            # closed: the task ends without an exception. A cancelled task keeps its CancelledError, whose traceback
            # holds this frame and so this watcher, which holds the task: a cycle that took the whole connection
            # with it into the garbage only a full collection frees (100-200 ms pauses at 200 live tables)
            return

    def _patch(self, text: str) -> str:
        """``{"patch": [...]}`` from the answer sent last to this one, or the answer itself (the first one, or
        when the patch would be no shorter)."""
        view = msgspec.json.decode(text)
        sent, self._sent = self._sent, view
        if sent is None:
            return text
        patched = msgspec.json.encode({"patch": diff(sent, view)}).decode()
        return patched if len(patched) < len(text) else text

    def close(self) -> None:
        self.task.cancel()


class Answers:
    """The viewers' answers of every table: built from the table, serialised once per viewer and version."""

    def __init__(self, presence: Presence):
        self.presence = presence

    def answer(self, table: Table, viewer: Viewer) -> dict[str, Any]:
        """The viewer's state: its observation, legal actions, log, the clocks, the result and the table."""
        state, seat, now = table.state, viewer.seat, time.time()
        names = names_of(table)  # the server's words name people: clients show them as they are
        legal, labels, choices = [], [], None
        if seat is not None and table.started and not table.over:
            actions = state.legal_actions(seat)
            legal = [a.to_json() for a in actions]
            info = table.game.info
            label = info.hook("label") if info else None
            # the seat's own choices, in its own words (another seat's moves reach it only through "log")
            labels = [named(label(state, seat, a) if label else str(a), names) for a in actions]
            # a long list in steps, grouped here once for every client (the terminal walks the same groups)
            choices = choices_of(steps(actions, labels, (info.hook("menu") if info else None) or {}), names)
        running = table.started and not table.over
        out = table.out.get(seat) if seat is not None else None
        return {
            "id": table.id, "game": table.game.name, "players": table.players, "seq": table.seq,
            "seat": seat, "host": viewer.host, "started": table.started, "seeded": table.seeded,
            "observation": state.observe(seat), "legal": legal, "labels": labels,
            "choices": choices, "log": log_of(table, seat), "waiting": waiting(table, seat, names),
            "out": None if out is None else {"how": out[0], "because": out[1],
                                             "why": [named(line, names) for line in out[2]]},
            "deadline": table.deadline_at if running else None,
            "clocks": table.clocks.view() if running else [],
            "result": None if state.result is None else state.result.to_json(),
            "ending": ending(table, seat, names),
            "seats": [{"seat": s.seat, "kind": s.kind, "name": s.name, "called": names[s.seat], "bot": s.bot,
                       "level": level(s.bot) if s.bot else None,
                       "present": self.presence.here(s, now) if s.kind == "human" else None}
                      for s in table.seats],
            "chat": chat_of(table.chat[viewer.channel], seat, names), "spectators": table.spectators,
            "rematch": table.rematch_id,
        }

    def text(self, table: Table, viewer: Viewer) -> str:
        key = viewer.seat
        cached = table.answers.get(key)
        now = time.time()
        if cached is not None and cached[0] == table.version and now < cached[2] and not viewer.host:
            return cached[1]
        # msgspec: 27 us against json.dumps 260 us for a Voodoo answer with 300 lines of log
        text = msgspec.json.encode(self.answer(table, viewer)).decode()
        if not viewer.host:
            # kept until the table changes, or until a player shown present without a socket is no longer
            grace = [s.last_seen + self.presence.grace for s in table.seats
                     if s.kind == "human" and s.sockets == 0 and self.presence.here(s, now)]
            table.answers[key] = (table.version, text, min(grace, default=math.inf))
        return text

    def push(self, table: Table, channel: str | None = None) -> None:
        for w in list(table.watchers):
            if channel is None or w.viewer.channel == channel:
                w.push(self.text(table, w.viewer))
