"""The HTTP routes, one router per area. Each route is a few lines: its lookups are dependencies (deps.py), its
work is the hub's, its refusals are documented (models.refusals) and mapped to statuses by the app."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Query, Request, Response
from fastapi import Path as PathParam

from .. import catalogue
from ..errors import Invalid
from ..play import record, replay_step
from ..tables import client_key
from .deps import HostTableDep, HubDep, MemberTableDep, PlayerDep, SeatParam, TableDep, ViewerDep
from .models import (
    ChatLine,
    Claim,
    Created,
    CreateTable,
    FillSeat,
    GameEntry,
    Health,
    LobbyTable,
    Move,
    Moved,
    Ok,
    ReplayStep,
    Say,
    TableId,
    TableSettings,
    TableView,
    Token,
    refusals,
)

server = APIRouter(tags=["server"])
games = APIRouter(prefix="/api/games", tags=["games"])
tables = APIRouter(prefix="/api/tables", tags=["tables"])
seats = APIRouter(prefix="/api/tables/{table_id}", tags=["seats"])
host = APIRouter(prefix="/api/tables/{table_id}", tags=["host"])
play = APIRouter(prefix="/api/tables/{table_id}", tags=["play"])
chat = APIRouter(prefix="/api/tables/{table_id}", tags=["chat"])


# ---- the server ------------------------------------------------------------------------------------------


@server.get("/healthz", responses={503: {"model": Ok, "description": "the bot workers are down"}, **refusals()})
async def healthz(hub: HubDep, response: Response) -> Ok:
    """For a load balancer: 200 ``{"ok": true}`` while this process can serve tables, bots included; 503 while
    its bot workers are down (``/api/health`` tells more)."""
    ok = hub.health()["ok"]
    if not ok:
        response.status_code = 503
    return Ok(ok=ok)


@server.get("/api/health", responses=refusals())
async def health(hub: HubDep) -> Health:
    """This process's health: its bot workers (alive, replaced, queued, running) and the tables it holds."""
    return Health.model_validate(hub.health())


@server.get("/metrics", include_in_schema=False)
async def metrics(hub: HubDep) -> Response:
    """This process's metrics in Prometheus' text format (docs/server.md, "Watching a server")."""
    from prometheus_client import CONTENT_TYPE_LATEST

    return Response(hub.metrics.text(), media_type=CONTENT_TYPE_LATEST)


# ---- games -------------------------------------------------------------------------------------------------


@games.get("", responses=refusals())
async def list_games() -> list[GameEntry]:
    """The games, their player ranges and their options with defaults and bounds."""
    return [GameEntry.model_validate(g) for g in catalogue.games_list()]


@games.get("/{name}/catalog", responses=refusals(404, 422))
async def game_catalog(name: Annotated[str, PathParam(max_length=40)]) -> dict[str, Any]:
    """The game's components as printed in the box (cards, texts, counts): public data for clients."""
    return catalogue.game_catalog(name)


# ---- tables ---------------------------------------------------------------------------------------------------


def _seat_keys(mapping: dict[str, Any], what: str) -> dict[int, Any]:
    out = {}
    for key, value in mapping.items():
        if not key.isdigit() or len(key) > 3:
            raise Invalid(f"{what}: {key[:20]!r} is not a seat number (seats are counted from 0)")
        out[int(key)] = value
    return out


def _client(request: Request) -> str:
    """Who asks, for the caps per client: its address (api/limits.py believes a proxy's only if configured)."""
    return client_key(request.client.host if request.client else "?")


@tables.post("", status_code=201, responses=refusals(401, body=True))
async def create_table(body: CreateTable, hub: HubDep, request: Request) -> Created:
    """A new table: a token for every human seat that is not left open, and the host's token. A client may have
    ``max_tables_per_client`` unfinished tables (429 beyond)."""
    bots = {seat: hub.check_bot(spec, body.game) for seat, spec in _seat_keys(body.bots, "bots").items()}
    names = {seat: hub.seats.name(text) for seat, text in _seat_keys(body.names, "names").items()}
    table, tokens, host_token = await hub.tables.create(
        body.game, body.players, body.options, bots, body.open, body.seed, body.spectators,
        {seat: name for seat, name in names.items() if name}, client=_client(request))
    return Created(id=table.id, host_token=host_token,
                   seats=[{"seat": s.seat, "token": tokens.get(s.seat), "bot": s.bot} for s in table.seats])


@tables.get("", responses=refusals())
async def lobby(hub: HubDep) -> list[LobbyTable]:
    """Tables with open seats, newest first; tables made with a chosen seed after the others, marked seeded. Each
    says when it expires if nobody moves there (the server's ``expire_after``)."""
    return [LobbyTable.model_validate(t)
            for t in await catalogue.lobby(hub.store, hub.db, hub.settings.expire_after)]


@play.get("", responses={200: {"model": TableView}, **refusals(401, 403, 404, 422)})
async def get_table(table: TableDep, viewer: ViewerDep, hub: HubDep) -> Response:
    """Exactly what this viewer may know: observation, legal actions, log, clocks, result, seats, chat."""
    # serialised once per viewer and change (viewers.Answers), not again by FastAPI
    return Response(hub.answers.text(table, viewer), media_type="application/json")


# ---- seats and the host --------------------------------------------------------------------------------------


@seats.post("/seats/{seat}/claim", responses=refusals(401, 404, 409, body=True))
async def claim(table: TableDep, seat: SeatParam, hub: HubDep, request: Request, body: Claim | None = None) -> Token:
    """Take an open seat, with the name the others will see: its token, to keep secret (409 if taken). A client
    may hold ``max_seats_per_client`` claimed seats at unfinished tables (429 beyond)."""
    return Token(token=await hub.seats.claim(table, seat, body.name if body else None, _client(request)))


@seats.post("/name", responses=refusals(401, 403, 404, body=True))
async def rename(table: TableDep, seat: PlayerDep, body: Claim, hub: HubDep) -> Ok:
    """The name the others see for the token's seat, set or changed at any time (the log and the end follow)."""
    if body.name is None:
        raise Invalid("send the name: {\"name\": \"Mia\"}")
    await hub.seats.rename(table, seat, body.name)
    return Ok(ok=True)


@host.post("/seats/{seat}/bot", responses=refusals(401, 403, 404, 409, body=True))
async def fill_seat(table: HostTableDep, seat: SeatParam, body: FillSeat, hub: HubDep) -> Ok:
    """The host puts a bot in an open seat."""
    await hub.seats.fill(table, seat, body.bot)
    return Ok(ok=True)


@host.delete("/seats/{seat}", responses=refusals(401, 403, 404, 409, body=True))
async def vacate(table: HostTableDep, seat: SeatParam, hub: HubDep) -> Ok:
    """The host removes a player or a bot before the game starts; the seat is open again."""
    await hub.seats.vacate(table, seat)
    return Ok(ok=True)


@host.patch("", responses=refusals(401, 403, 404, body=True))
async def patch_table(table: HostTableDep, body: TableSettings, hub: HubDep) -> Ok:
    """The host allows or refuses spectators."""
    await hub.seats.allow_spectators(table, body.spectators)
    return Ok(ok=True)


@host.post("/rematch", responses=refusals(401, 403, 404, 409, body=True))
async def rematch(table: MemberTableDep, hub: HubDep) -> TableId:
    """After the end, any player (or the host) proposes a rematch: one new table with the same game, options and
    seats, where every seat's token works too; the others see it in the table's ``rematch`` and accept by going."""
    return TableId(id=await hub.seats.rematch(table))


# ---- play -----------------------------------------------------------------------------------------------------


@play.post("/actions", responses=refusals(401, 403, 404, 409, body=True))
async def post_action(table: TableDep, seat: PlayerDep, body: Move, hub: HubDep) -> Moved:
    """Make a move for the token's seat, with the seq of the state it was chosen in."""
    return Moved(seq=await hub.play.act(table, seat, body.seq, body.action))


@play.get("/record", responses=refusals(401, 403, 404, 422))
async def get_record(table: TableDep, viewer: ViewerDep) -> dict[str, Any]:
    """After the end, the whole record (seed included) for every viewer; before it, 403."""
    return record(table)


@play.get("/replay", responses=refusals(403, 404, 422))
async def get_replay(table: TableDep, step: Annotated[int, Query(ge=0, le=10**6)] = 0,
                     seat: Annotated[int | None, Query(ge=0, le=99)] = None) -> ReplayStep:
    """After the end: the game after ``step`` moves, as ``seat`` saw it (no seat: a spectator)."""
    return ReplayStep.model_validate(replay_step(table, step, seat))


# ---- chat -----------------------------------------------------------------------------------------------------


@chat.post("/chat", responses=refusals(401, 403, 404, 409, body=True))
async def post_chat(table: TableDep, viewer: ViewerDep, body: Say, request: Request, hub: HubDep) -> ChatLine:
    """Say something to the players (with a seat's token) or to the other spectators (without)."""
    client = request.client.host if request.client else "?"
    return ChatLine.model_validate(await hub.chat.say(table, viewer, client, body.text, body.reaction))


ROUTERS = (server, games, tables, seats, host, play, chat)
