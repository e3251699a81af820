"""Table talk: seated players talk among players, spectators among spectators, so watchers cannot tip players.
Chat is not part of the game's record."""

from __future__ import annotations

import time
from collections import deque
from typing import Any

from .errors import Conflict, Invalid, TooMany
from .plain import clean_text
from .settings import Settings
from .table import Table, Viewer
from .tables import Tables

REACTIONS = ("👍", "👎", "😂", "😮", "🤔", "🐺", "🧛", "💀", "🙏", "👏")


class Chat:
    def __init__(self, tables: Tables, settings: Settings):
        self.tables, self.settings = tables, settings
        self._times: dict[tuple[str, str], deque[float]] = {}

    async def say(self, table: Table, viewer: Viewer, client: str, text: Any, reaction: Any) -> dict[str, Any]:
        """A chat line or a reaction in the viewer's channel."""
        if (text is None) == (reaction is None):
            raise Invalid("send either text or a reaction")
        if reaction is not None:
            if reaction not in REACTIONS:
                raise Invalid(f"reaction must be one of {' '.join(REACTIONS)}")
            kind, body = "reaction", reaction
        else:
            if not isinstance(text, str):
                raise Invalid("text must be a string")
            body = clean_text(text)
            if not body:
                raise Invalid("say something: the text is empty")
            if len(body) > self.settings.chat_length:
                raise Invalid(f"a message holds at most {self.settings.chat_length} characters")
            kind = "text"
        if viewer.seat is not None and not table.over and not table.state.talk_allowed:  # the envelope's field
            raise Conflict("table talk is silent now (the rules forbid talking at this moment)")
        speaker = f"seat {viewer.seat}" if viewer.seat is not None else "host" if viewer.host else "spectator"
        self._limit((table.id, speaker if viewer.seat is not None else f"{speaker}@{client}"))
        async with self.tables.change(table, "chat", viewer.channel):
            line = await self.tables.write(table, self.tables.store.add_chat, viewer.channel, speaker, kind, body)
            table.chat[viewer.channel].append(line)
        return line

    def _limit(self, who: tuple[str, str]) -> None:
        times = self._times.setdefault(who, deque())
        now = time.monotonic()
        while times and now - times[0] > self.settings.chat_window:
            times.popleft()
        if len(times) >= self.settings.chat_burst:
            wait = self.settings.chat_window - (now - times[0])
            raise TooMany(f"slow down: at most {self.settings.chat_burst} messages in "
                          f"{self.settings.chat_window:g} seconds", retry_after=wait)
        times.append(now)
