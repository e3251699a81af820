"""The lookups most routes share, as FastAPI dependencies: the hub, the bearer token, the table, its viewer, its
player and its host. Each raises the server's own refusals (errors.py); the app maps them to statuses.

Every one is ``async def``: FastAPI runs a plain ``def`` dependency on a worker thread, and that hop, on every
request, doubled a move's median latency at 200 live tables (benchmarks/serve_load.py: 28 against 11 ms)."""

from __future__ import annotations

from typing import Annotated

from fastapi import Depends, Header, Request
from fastapi import Path as PathParam

from ..errors import Forbidden, Unauthenticated
from ..hub import Hub
from ..table import Table, Viewer, token_hash

TableIdParam = Annotated[str, PathParam(max_length=16, description="the table's id")]
SeatParam = Annotated[int, PathParam(ge=0, le=99, description="a seat number, from 0")]


async def hub_of(request: Request) -> Hub:
    return request.app.state.hub


HubDep = Annotated[Hub, Depends(hub_of)]


async def bearer(authorization: Annotated[str | None, Header(description="Bearer TOKEN: a seat's or the host's")]
           = None) -> str | None:
    if authorization is None:
        return None
    scheme, _, token = authorization.partition(" ")
    if scheme.lower() != "bearer" or not token.strip():
        raise Unauthenticated("send the token as 'Authorization: Bearer TOKEN'")
    return token.strip()


TokenDep = Annotated[str | None, Depends(bearer)]


async def table_of(table_id: TableIdParam, hub: HubDep) -> Table:
    return await hub.tables.get(table_id)


TableDep = Annotated[Table, Depends(table_of)]


async def viewer_of(table: TableDep, token: TokenDep, hub: HubDep) -> Viewer:
    """A seat, the host or a spectator (if the table takes them)."""
    return await hub.seats.viewer(table, token)


ViewerDep = Annotated[Viewer, Depends(viewer_of)]


async def player_of(table: TableDep, token: TokenDep, hub: HubDep) -> int:
    """The seat whose token this is."""
    if token is None:
        raise Unauthenticated("a move needs the seat's token: 'Authorization: Bearer TOKEN'")
    viewer = await hub.seats.viewer(table, token, watching=False)
    if viewer.seat is None:
        raise Forbidden("the host's token plays no seat")
    return viewer.seat


PlayerDep = Annotated[int, Depends(player_of)]


async def host_of(table: TableDep, token: TokenDep, hub: HubDep) -> Table:
    """The table, if the token is its host's."""
    hub.seats.host(table, token)
    return table


HostTableDep = Annotated[Table, Depends(host_of)]


async def member_of(table: TableDep, token: TokenDep, hub: HubDep) -> Table:
    """The table, if the token is its host's or a seat's: what any player at the table may do (a rematch)."""
    if token is not None and token_hash(token) == table.host_hash:
        return table
    if token is None:
        raise Unauthenticated("a player's or the host's token is needed: 'Authorization: Bearer TOKEN'")
    viewer = await hub.seats.viewer(table, token, watching=False)
    if viewer.seat is None:
        raise Forbidden("only a player or the host may do this")
    return table


MemberTableDep = Annotated[Table, Depends(member_of)]
