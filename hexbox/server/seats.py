"""Seats and hosts: who a token is, claiming an open seat, and what the host may do (put a bot in a seat, remove
a player before the start, allow spectators, offer a rematch)."""

from __future__ import annotations

import asyncio
import secrets
from collections.abc import Callable
from typing import Any

from .errors import Conflict, Forbidden, Invalid, NotFound, Unauthenticated
from .plain import clean_text
from .presence import Presence
from .settings import Settings
from .table import Table, Viewer, token_hash
from .tables import Tables


class Seats:
    def __init__(self, tables: Tables, presence: Presence, settings: Settings, check_bot: Callable[[Any, str], str]):
        self.tables, self.presence, self.settings, self.check_bot = tables, presence, settings, check_bot

    # ---- who is asking --------------------------------------------------------------------------------------

    async def viewer(self, table: Table, token: str | None, *, watching: bool = True) -> Viewer:
        """The seat a token holds; no token: a spectator, if the table takes them."""
        if token is None:
            if watching and not table.spectators:
                raise Forbidden("this table takes no spectators")
            return Viewer(None)
        hashed = token_hash(token)
        seat = table.seat_of(hashed)
        if seat is not None:
            if await self.presence.seen(table, table.seats[seat]):
                async with self.tables.change(table, "presence"):  # shown present again; the stand-in stops
                    pass
            return Viewer(seat, host=hashed == table.host_hash)
        if hashed == table.host_hash:
            return Viewer(None, host=True)
        raise Unauthenticated("this token holds no seat at this table")

    def host(self, table: Table, token: str | None) -> None:
        if token is None:
            raise Unauthenticated("only the table's host may do this: send the host token")
        if token_hash(token) != table.host_hash:
            raise Forbidden("only the table's host may do this")

    def name(self, text: Any) -> str | None:
        """A seat's name as people asked for it: plain text, at most ``name_length`` characters."""
        if text is None:
            return None
        name = clean_text(str(text))
        if not name:
            raise Invalid("a name needs at least one letter")
        if len(name) > self.settings.name_length:
            raise Invalid(f"a name holds at most {self.settings.name_length} characters")
        return name

    # ---- seats ------------------------------------------------------------------------------------------

    def _seat(self, table: Table, seat: int) -> None:
        if not 0 <= seat < table.players:
            raise NotFound(f"no seat {seat} at this table of {table.players}")

    async def claim(self, table: Table, seat: int, name: str | None, client: str | None = None) -> str:
        """Take an open seat; ``client`` (tables.client_key) is who asks, held to its share of seats."""
        self._seat(table, seat)
        name = self.name(name)
        token = secrets.token_urlsafe(24)
        async with self.tables.change(table, "seats"):
            if not table.seats[seat].open:
                raise Conflict(f"seat {seat} is taken")
            await self.tables.check_client(client, seats=1)
            s = table.seats[seat]
            s.token_hash, s.name = token_hash(token), name
            facts = self.tables.started_now(table)
            if not await self.tables.write(table, self.tables.store.set_seat, seat, expect_open=True, table=facts,
                                           token_hash=s.token_hash, name=name, client=client):
                s.token_hash = s.name = None
                raise Conflict(f"seat {seat} is taken")
            self.tables.remember_tokens(s.token_hash)
            await self.presence.seen(table, s)
        return token

    async def rename(self, table: Table, seat: int, name: Any) -> None:
        """A seated person names themselves, or changes their name (kept in the seat's row)."""
        name = self.name(name)
        async with self.tables.change(table, "seats"):
            await self.tables.write(table, self.tables.store.set_seat, seat, expect_open=False, name=name)
            table.seats[seat].name = name

    async def fill(self, table: Table, seat: int, spec: Any) -> None:
        """The host puts a bot in an open seat."""
        self._seat(table, seat)
        spec = self.check_bot(spec, table.game.name)
        async with self.tables.change(table, "seats"):
            if not table.seats[seat].open:
                raise Conflict(f"seat {seat} is not open")
            table.seats[seat].bot = spec
            facts = self.tables.started_now(table)
            if not await self.tables.write(table, self.tables.store.set_seat, seat, expect_open=True, table=facts,
                                           bot=spec):
                table.seats[seat].bot = None
                raise Conflict(f"seat {seat} is not open")

    async def vacate(self, table: Table, seat: int) -> None:
        """The host removes a player (or a bot) before the game starts: the seat is open again."""
        self._seat(table, seat)
        async with self.tables.change(table, "seats"):
            if table.started:
                raise Conflict("the game has started: players can no longer be removed")
            await self.tables.write(table, self.tables.store.set_seat, seat, expect_open=False, bot=None,
                                    token_hash=None, name=None)
            s = table.seats[seat]
            s.bot = s.token_hash = s.name = None

    # ---- the host's table ---------------------------------------------------------------------------------

    async def allow_spectators(self, table: Table, spectators: bool) -> None:
        async with self.tables.change(table, "seats"):
            await self.tables.write(table, self.tables.store.update_table, spectators=spectators)
            table.spectators = spectators
        if not spectators:
            for w in list(table.watchers):
                if w.viewer.seat is None and not w.viewer.host:
                    asyncio.get_running_loop().create_task(w.hang_up())

    async def rematch(self, table: Table) -> str:
        """A new table with the same game, options and seats: every player's token holds the same seat there."""
        async with self.tables.change(table, "seats"):
            if not table.over:
                raise Conflict("a rematch is offered once the game is over")
            if table.rematch_id is None:
                made, _, _ = await self.tables.create(
                    table.game.name, table.players, dict(table.game.options),
                    {s.seat: s.bot for s in table.seats if s.bot}, [], None, table.spectators,
                    {s.seat: s.name for s in table.seats if s.name}, rematch_of=table,
                    hashes={s.seat: s.token_hash for s in table.seats if s.token_hash})
                table.rematch_id = made.id
        assert table.rematch_id is not None
        return table.rematch_id
