"""The HTTP and websocket API of ``hexbox serve`` (docs/server.md): FastAPI routes over a :class:`Hub`.

Every refusal is a 4xx with ``{"detail": reason}`` and changes nothing; request bodies are checked by their
models, and what the models cannot say (is this an action of the game, is it this seat's turn) by the hub.
"""

from __future__ import annotations

import asyncio
import base64
import gc
import hashlib
import json
import re
import time
from collections import OrderedDict
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Annotated, Any

from fastapi import FastAPI, Header, Query, Request, WebSocket, WebSocketDisconnect
from fastapi import Path as PathParam
from fastapi.exceptions import RequestValidationError
from fastapi.responses import FileResponse, JSONResponse, Response
from fastapi.staticfiles import StaticFiles
from pydantic import BaseModel, ConfigDict, Field, StrictBool, StrictInt
from starlette.exceptions import HTTPException as StarletteHTTPException
from starlette.types import ASGIApp, Receive, Scope, Send

from .hub import ApiError, Hub, Settings, game_catalog, games_list

WEB = Path(__file__).resolve().parent.parent / "web"

TableId = Annotated[str, PathParam(max_length=16, description="the table's id")]
SeatNo = Annotated[int, PathParam(ge=0, le=99, description="a seat number, from 0")]


class CreateTable(BaseModel):
    model_config = ConfigDict(extra="forbid")
    game: str = Field(max_length=40)
    players: StrictInt | None = Field(default=None, ge=1, le=99)
    options: dict[str, Any] = Field(default_factory=dict)
    bots: dict[str, str] = Field(default_factory=dict, description='seat -> agent spec, e.g. {"1": "heuristic"}')
    open: list[StrictInt] = Field(default_factory=list, max_length=99,
                                  description="human seats left for anyone to claim from the lobby")
    seed: StrictInt | None = None
    spectators: StrictBool = True


class Move(BaseModel):
    model_config = ConfigDict(extra="forbid")
    seq: StrictInt = Field(description="the seq of the state the sender saw")
    action: dict[str, Any] = Field(description='an action\'s JSON, e.g. {"kind": "pass"}')


class Say(BaseModel):
    model_config = ConfigDict(extra="forbid")
    text: str | None = Field(default=None, max_length=2000)
    reaction: str | None = Field(default=None, max_length=16)


class FillSeat(BaseModel):
    model_config = ConfigDict(extra="forbid")
    bot: str = Field(max_length=120, description="an agent spec: random, heuristic, ismcts:seconds=2 …")


class TableSettings(BaseModel):
    model_config = ConfigDict(extra="forbid")
    spectators: StrictBool


def _token(authorization: str | None) -> str | None:
    if authorization is None:
        return None
    scheme, _, token = authorization.partition(" ")
    if scheme.lower() != "bearer" or not token.strip():
        raise ApiError(401, "send the token as 'Authorization: Bearer TOKEN'")
    return token.strip()


class Limits:
    """Pure ASGI middleware: a body larger than ``max_body`` gets 413, a client over its rate gets 429.

    The rate is a token bucket per client address (``burst`` at once, ``rate`` per second after that). Behind a
    load balancer, run uvicorn with ``--forwarded-allow-ips`` so that the address is the client's, not the proxy's.
    """

    def __init__(self, app: ASGIApp, settings: Settings):
        self.app, self.settings = app, settings
        self.buckets: OrderedDict[str, list[float]] = OrderedDict()

    def _allow(self, client: str) -> bool:
        now = time.monotonic()
        bucket = self.buckets.pop(client, None) or [float(self.settings.burst), now]
        tokens = min(self.settings.burst, bucket[0] + (now - bucket[1]) * self.settings.rate)
        allowed = tokens >= 1
        self.buckets[client] = [tokens - 1 if allowed else tokens, now]
        while len(self.buckets) > 10_000:  # forget the clients seen longest ago
            self.buckets.popitem(last=False)
        return allowed

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] not in ("http", "websocket"):
            return await self.app(scope, receive, send)
        client = (scope.get("client") or ("?", 0))[0]
        if not self._allow(client):
            if scope["type"] == "websocket":
                await send({"type": "websocket.close", "code": 4429})
                return
            return await _reply(send, 429, "too many requests: slow down")
        if scope["type"] == "http" and scope["method"] in ("POST", "PUT", "PATCH", "DELETE"):
            limit = self.settings.max_body
            declared = dict(scope["headers"]).get(b"content-length")
            if declared is not None and (not declared.isdigit() or int(declared) > limit):
                return await _reply(send, 413, f"the body is larger than {limit} bytes")
            chunks, size = [], 0
            while True:
                message = await receive()
                if message["type"] == "http.disconnect":
                    return
                chunk = message.get("body", b"")
                size += len(chunk)
                if size > limit:
                    return await _reply(send, 413, f"the body is larger than {limit} bytes")
                chunks.append(chunk)
                if not message.get("more_body"):
                    break
            body = b"".join(chunks)
            sent = False

            async def replay() -> dict[str, Any]:
                nonlocal sent
                if sent:
                    return await receive()
                sent = True
                return {"type": "http.request", "body": body, "more_body": False}

            return await self.app(scope, replay, send)
        return await self.app(scope, receive, send)


async def _reply(send: Send, status: int, detail: str) -> None:
    body = json.dumps({"detail": detail}).encode()
    await send({"type": "http.response.start", "status": status,
                "headers": [(b"content-type", b"application/json"), (b"content-length", str(len(body)).encode())]})
    await send({"type": "http.response.body", "body": body})


# a full pass is never due by count: the server runs it on its clock (the largest value the threshold holds)
_NEVER = 2**31 - 1


@asynccontextmanager
async def collector(every: float):
    """The garbage collector while the server runs: full passes on a clock, every ``every`` seconds.

    Everything imported and built before the first request lives as long as the process, so it is frozen out of
    the collector's sight (gc.freeze, as long-running Python servers do). What is left are the tables, and at
    200 live tables a full pass over them takes about 100 ms of CPU, with every table waiting. Python runs one
    whenever a quarter of the old objects are new, which at that load was every 10-20 seconds: those pauses were
    the 99th percentile of move latency. The server frees its garbage by reference counting (a move, a push or a
    closed socket leaves no cycles: tests/server/test_server_gc.py), so a full pass is only a safety net for
    cycles made elsewhere, and it runs on a clock instead. The young generations are collected as usual.
    ``every`` <= 0 leaves Python's own schedule.
    """
    old = gc.get_threshold()
    gc.collect()
    gc.freeze()
    task = None
    if every > 0:
        gc.set_threshold(old[0], old[1], _NEVER)

        async def full_passes() -> None:
            while True:
                await asyncio.sleep(every)
                gc.collect()

        task = asyncio.create_task(full_passes())
    try:
        yield
    finally:
        if task is not None:
            task.cancel()
        gc.set_threshold(*old)
        gc.unfreeze()


def create_app(settings: Settings | None = None) -> FastAPI:
    settings = settings or Settings()
    hub = Hub(settings)

    @asynccontextmanager
    async def lifespan(app: FastAPI):
        await hub.start()
        async with collector(settings.full_gc_every):
            yield
        await hub.close()

    app = FastAPI(title="hexbox", version="0.1.0", lifespan=lifespan,
                  description="Tables of hexbox games shared by people and bots. See docs/server.md.")
    app.state.hub = hub
    app.add_middleware(Limits, settings=settings)

    @app.exception_handler(ApiError)
    async def _api_error(_request: Request, exc: ApiError) -> JSONResponse:
        return JSONResponse({"detail": exc.detail}, status_code=exc.status)

    @app.exception_handler(RequestValidationError)
    async def _invalid(_request: Request, exc: RequestValidationError) -> JSONResponse:
        return JSONResponse({"detail": _validation_text(exc)}, status_code=422)

    @app.exception_handler(StarletteHTTPException)
    async def _http(_request: Request, exc: StarletteHTTPException) -> JSONResponse:
        return JSONResponse({"detail": str(exc.detail)}, status_code=exc.status_code, headers=exc.headers)

    @app.get("/healthz", tags=["server"])
    async def healthz() -> dict[str, bool]:
        return {"ok": True}

    @app.get("/api/games", tags=["games"])
    async def api_games() -> list[dict[str, Any]]:
        """The games, their player ranges and their options with defaults and bounds."""
        return games_list()

    @app.post("/api/tables", status_code=201, tags=["tables"])
    async def create_table(body: CreateTable) -> dict[str, Any]:
        """A new table: a token for every human seat that is not left open, and the host's token."""
        return await hub.create(body.game, body.players, body.options, body.bots, body.open, body.seed,
                                body.spectators)

    @app.get("/api/tables", tags=["tables"])
    async def list_tables() -> list[dict[str, Any]]:
        """Tables with open seats, newest first."""
        return await hub.lobby()

    @app.post("/api/tables/{table_id}/seats/{seat}/claim", tags=["seats"])
    async def claim(table_id: TableId, seat: SeatNo) -> dict[str, str]:
        """Take an open seat: its token, to keep secret (409 if the seat is taken)."""
        return {"token": await hub.claim(await hub.table(table_id), seat)}

    @app.post("/api/tables/{table_id}/seats/{seat}/bot", tags=["host"])
    async def fill_seat(table_id: TableId, seat: SeatNo, body: FillSeat,
                        authorization: Annotated[str | None, Header()] = None) -> dict[str, bool]:
        """The host puts a bot in an open seat."""
        table = await hub.table(table_id)
        hub.host(table, _token(authorization))
        await hub.fill(table, seat, body.bot)
        return {"ok": True}

    @app.delete("/api/tables/{table_id}/seats/{seat}", tags=["host"])
    async def vacate(table_id: TableId, seat: SeatNo,
                     authorization: Annotated[str | None, Header()] = None) -> dict[str, bool]:
        """The host removes a player or a bot before the game starts; the seat is open again."""
        table = await hub.table(table_id)
        hub.host(table, _token(authorization))
        await hub.vacate(table, seat)
        return {"ok": True}

    @app.patch("/api/tables/{table_id}", tags=["host"])
    async def patch_table(table_id: TableId, body: TableSettings,
                          authorization: Annotated[str | None, Header()] = None) -> dict[str, bool]:
        """The host allows or refuses spectators."""
        table = await hub.table(table_id)
        hub.host(table, _token(authorization))
        await hub.settings_of(table, body.spectators)
        return {"ok": True}

    @app.post("/api/tables/{table_id}/rematch", tags=["host"])
    async def rematch(table_id: TableId, authorization: Annotated[str | None, Header()] = None) -> dict[str, str]:
        """After the end, the host opens a new table with the same seats; every seat's token works there too."""
        table = await hub.table(table_id)
        hub.host(table, _token(authorization))
        return {"id": await hub.rematch(table)}

    @app.get("/api/tables/{table_id}", tags=["play"])
    async def get_table(table_id: TableId, authorization: Annotated[str | None, Header()] = None) -> Any:
        """Exactly what this viewer may know: observation, legal actions, log, deadline, result, seats, chat."""
        table = await hub.table(table_id)
        viewer = hub.viewer(table, _token(authorization))
        return _raw(hub.answer_text(table, viewer))

    @app.post("/api/tables/{table_id}/actions", tags=["play"])
    async def post_action(table_id: TableId, body: Move,
                          authorization: Annotated[str | None, Header()] = None) -> dict[str, int]:
        """Make a move for the token's seat, with the seq of the state it was chosen in."""
        table = await hub.table(table_id)
        token = _token(authorization)
        if token is None:
            raise ApiError(401, "a move needs the seat's token: 'Authorization: Bearer TOKEN'")
        viewer = hub.viewer(table, token, watching=False)
        if viewer.seat is None:
            raise ApiError(403, "the host's token plays no seat")
        return {"seq": await hub.act(table, viewer.seat, body.seq, body.action)}

    @app.post("/api/tables/{table_id}/chat", tags=["chat"])
    async def post_chat(table_id: TableId, body: Say, request: Request,
                        authorization: Annotated[str | None, Header()] = None) -> dict[str, Any]:
        """Say something to the players (with a seat's token) or to the other spectators (without)."""
        table = await hub.table(table_id)
        viewer = hub.viewer(table, _token(authorization))
        client = request.client.host if request.client else "?"
        return await hub.say(table, viewer, client, body.text, body.reaction)

    @app.get("/api/tables/{table_id}/record", tags=["play"])
    async def get_record(table_id: TableId, authorization: Annotated[str | None, Header()] = None) -> Any:
        """After the end, the whole record (seed included) for every viewer; before it, 403."""
        table = await hub.table(table_id)
        hub.viewer(table, _token(authorization))
        if not table.over:
            raise ApiError(403, "the record is shown once the game is over")
        return table.record().to_json()

    @app.get("/api/tables/{table_id}/replay", tags=["play"])
    async def get_replay(table_id: TableId, step: Annotated[int, Query(ge=0, le=10**6)] = 0,
                         seat: Annotated[int | None, Query(ge=0, le=99)] = None) -> dict[str, Any]:
        """After the end: the game after ``step`` moves, as ``seat`` saw it (no seat: a spectator)."""
        table = await hub.table(table_id)
        if not table.spectators:
            raise ApiError(403, "this table takes no spectators")
        return hub.replay_step(table, step, seat)

    @app.get("/api/games/{name}/catalog", tags=["games"])
    async def catalog(name: Annotated[str, PathParam(max_length=40)]) -> dict[str, Any]:
        """The game's components as printed in the box (cards, texts, counts): public data for clients."""
        return game_catalog(name)

    @app.websocket("/api/tables/{table_id}/ws")
    async def ws(websocket: WebSocket, table_id: str, token: Annotated[str | None, Query()] = None) -> None:
        """Pushes the viewer's GET answer now and after every change; reconnect by opening it again."""
        try:
            table = await hub.table(table_id)
            viewer = hub.viewer(table, token)
        except ApiError as exc:
            # accepted first, so that the client reads why (4404, 4401, 4403: the HTTP status plus 4000)
            await websocket.accept()
            await websocket.close(code=4000 + exc.status, reason=exc.detail[:120])
            return
        await websocket.accept()
        watcher = hub.watch(table, viewer, websocket.send_text, websocket.close)
        try:
            while True:
                await websocket.receive_text()  # clients have nothing to say here; this notices them leave
        except (WebSocketDisconnect, RuntimeError):
            pass
        finally:
            hub.unwatch(table, watcher)

    # the browser client: one page, which reads its address (lobby, table, replay) itself
    app.mount("/static", StaticFiles(directory=WEB / "static"), name="static")

    @app.get("/", include_in_schema=False)
    @app.get("/tables/{table_id}", include_in_schema=False)
    @app.get("/tables/{table_id}/replay", include_in_schema=False)
    async def page(table_id: str | None = None) -> Any:
        return FileResponse(WEB / "index.html", headers={"Cache-Control": "no-cache", "Content-Security-Policy": CSP,
                                                         "Referrer-Policy": "no-referrer"})

    return app


def _policy() -> str:
    """The page may run only its own scripts (and its import map, allowed by its hash) and talk only to its host:
    whatever a chat line or a name holds, no markup in it can run."""
    page = (WEB / "index.html").read_text(encoding="utf-8")
    found = re.search(r'<script type="importmap">(.*?)</script>', page, re.S)
    digest = base64.b64encode(hashlib.sha256(found.group(1).encode()).digest()).decode() if found else ""
    return ("default-src 'self'; script-src 'self' " + (f"'sha256-{digest}'" if digest else "") +
            "; style-src 'self' 'unsafe-inline'; img-src 'self' data:; connect-src 'self'; object-src 'none'; "
            "base-uri 'none'; frame-ancestors 'none'")


CSP = _policy()


def _raw(text: str) -> Response:
    # the answer is serialised once per viewer and change (hub.answer_text), not again by FastAPI
    return Response(text, media_type="application/json")


def _validation_text(exc: RequestValidationError) -> str:
    parts = []
    if any(err.get("type") == "json_invalid" for err in exc.errors()):
        return "the body is not valid JSON"
    for err in exc.errors()[:3]:
        where = ".".join(str(p) for p in err.get("loc", ()) if p != "body") or "body"
        parts.append(f"{where}: {err.get('msg', 'invalid')}")
    return "; ".join(parts) or "the request is not valid"
