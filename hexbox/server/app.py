"""The HTTP and websocket API of ``hexbox serve`` (docs/server.md): FastAPI routers over a :class:`Hub`.

Every refusal is a 4xx with ``{"detail": reason}`` and changes nothing. Request bodies are checked by their
models; what the models cannot say (is this an action of the game, is it this seat's turn) the hub's parts
refuse with the kinds of errors.py, and this is the one place those become statuses (api/status.py).
"""

from __future__ import annotations

import asyncio
import base64
import gc
import hashlib
import math
import re
from contextlib import asynccontextmanager
from html import escape
from pathlib import Path
from typing import Annotated, Any

from fastapi import FastAPI, Request
from fastapi import Path as PathParam
from fastapi.exceptions import RequestValidationError
from fastapi.middleware.gzip import GZipMiddleware
from fastapi.responses import FileResponse, HTMLResponse, JSONResponse, Response
from fastapi.staticfiles import StaticFiles
from starlette.exceptions import HTTPException as StarletteHTTPException
from starlette.routing import Match, Mount

from hexbox.core import games

from .api.limits import Limits
from .api.routes import ROUTERS
from .api.socket import socket
from .api.status import status_of
from .errors import Refused, TooMany
from .hub import Hub
from .settings import Settings

WEB = Path(__file__).resolve().parent.parent / "web"


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

    @app.exception_handler(Refused)
    async def _refused(_request: Request, exc: Refused) -> JSONResponse:
        headers = {"Retry-After": str(max(1, math.ceil(exc.retry_after)))} if isinstance(exc, TooMany) else None
        return JSONResponse({"detail": exc.detail}, status_code=status_of(exc), headers=headers)

    @app.exception_handler(RequestValidationError)
    async def _invalid(_request: Request, exc: RequestValidationError) -> JSONResponse:
        return JSONResponse({"detail": _validation_text(exc)}, status_code=422)

    @app.exception_handler(StarletteHTTPException)
    async def _http(request: Request, exc: StarletteHTTPException) -> JSONResponse:
        headers = exc.headers
        if exc.status_code == 405:  # every method of the path, not only those of the first route that matched it
            headers = {**(headers or {}), "Allow": ", ".join(_allowed(request))}
        return JSONResponse({"detail": str(exc.detail)}, status_code=exc.status_code, headers=headers)

    for router in (*ROUTERS, socket):
        app.include_router(router)

    # the browser client: one page, which reads its address (lobby, table, replay) itself
    app.mount("/static", CachedStatic(directory=WEB / "static"), name="static")
    # static files and API answers compressed for browsers that ask (a table's view: 2-12 KB -> a fifth of it)
    app.add_middleware(GZipMiddleware, minimum_size=512, compresslevel=6)

    @app.get("/rules/{game}", include_in_schema=False)
    async def rules_page(game: Annotated[str, PathParam(max_length=40)]) -> Any:
        """The game's rules reference as a page: the same text as ``hexbox rules GAME``, every card's text too."""
        return HTMLResponse(rules_html(game), headers={"Cache-Control": "no-cache", "Content-Security-Policy": CSP,
                                                       "Referrer-Policy": "no-referrer"})

    @app.get("/", include_in_schema=False)
    @app.get("/tables/{table_id}", include_in_schema=False)
    @app.get("/tables/{table_id}/replay", include_in_schema=False)
    async def page(table_id: str | None = None) -> Any:
        return FileResponse(WEB / "index.html", headers={"Cache-Control": "no-cache", "Content-Security-Policy": CSP,
                                                         "Referrer-Policy": "no-referrer"})

    return app


class CachedStatic(StaticFiles):
    """The client's files with cache headers: the vendored libraries change only with their version (an hour without
    asking), the client's own files are asked again each time and answered 304 while unchanged (ETag)."""

    def file_response(self, full_path: Any, stat_result: Any, scope: Any, status_code: int = 200) -> Response:
        response = super().file_response(full_path, stat_result, scope, status_code)
        vendored = "/vendor/" in str(full_path).replace("\\", "/")
        response.headers["Cache-Control"] = "public, max-age=3600" if vendored else "no-cache"
        return response


def rules_html(game: str) -> str:
    """The rules page of ``game``: its reference rendered from Markdown, markup in the text shown as text."""
    from markdown_it import MarkdownIt

    from hexbox.core import game_info
    from hexbox.core.errors import ConfigError
    from hexbox.core.texts import reference

    try:
        info = game_info(game)
    except (KeyError, ConfigError) as exc:
        raise StarletteHTTPException(404, f"no game {game!r}") from exc
    body = MarkdownIt("commonmark", {"html": False}).enable("table").render(reference(game))
    return (f'<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" '
            f'content="width=device-width, initial-scale=1"><title>Rules of {escape(info.title)} · hexbox</title>'
            f'<link rel="stylesheet" href="/static/style.css"></head><body><main class="rules">'
            f'<p><a href="/">← hexbox</a></p>{body}</main></body></html>')


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


def _allowed(request: Request) -> list[str]:
    """The methods some route of the app answers at the request's path (each method tried on every route: the
    included routers answer for their own routes)."""
    allowed = []
    for method in ("GET", "HEAD", "POST", "PUT", "PATCH", "DELETE"):
        scope = {**request.scope, "method": method}
        if any(not isinstance(route, Mount) and route.matches(scope)[0] is Match.FULL
               for route in request.app.router.routes):
            allowed.append(method)
    return allowed


def _validation_text(exc: RequestValidationError) -> str:
    parts = []
    if any(err.get("type") == "json_invalid" for err in exc.errors()):
        return "the body is not valid JSON"
    for err in exc.errors()[:3]:
        loc = [str(p) for p in err.get("loc", ()) if p != "body"]
        where = ".".join(p for p in loc if p != "[key]") or "body"
        shown = repr(err.get("input"))[:40]
        if loc == ["game"] and err.get("type") == "literal_error":
            parts.append(f"unknown game {shown}; available: {', '.join(games())}")
        elif loc[-1:] == ["[key]"]:
            parts.append(f"{where}: {shown} is not a seat number (seats are counted from 0)")
        else:
            parts.append(f"{where}: {err.get('msg', 'invalid')}")
    return "; ".join(parts) or "the request is not valid"
