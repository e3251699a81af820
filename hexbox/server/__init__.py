"""``hexbox serve``: tables that friends and bots share over the network (extra ``[server]``; docs/server.md).

    from hexbox.server import Settings, create_app
    app = create_app(Settings(db_url="sqlite:///tables.db"))
"""

from typing import Any

from .app import create_app
from .settings import Settings

__all__ = ["Settings", "create_app", "serve"]


def serve(settings: Settings, host: str = "127.0.0.1", port: int = 8000, access_log: bool = False) -> None:
    import uvicorn

    shown = f"[{host}]" if ":" in host else host
    print(f"hexbox serve: http://{shown}:{port}/ (Ctrl+C stops it)", flush=True)
    # warnings only, and no access log unless asked: a log line per request or websocket cost the server more
    # than a move
    uvicorn.run(create_app(settings), host=host, port=port, log_level="info" if access_log else "warning",
                access_log=access_log, ws_max_size=64 * 1024, http=_http_protocol(),
                # the client's address is found by the app itself (api/limits.py), believing X-Forwarded-For only
                # from --forwarded-allow-ips: uvicorn's own default believes any client on this host
                proxy_headers=False)


def _http_protocol() -> Any:
    """uvicorn's httptools protocol, minus a cycle: a connection that becomes a websocket hands its transport on
    and is dropped, still holding its parser, which holds it (uvicorn lets go of the parser only in
    ``connection_lost``, which an upgraded connection never reaches). Every websocket then left garbage that only
    a full collection frees (app.collector runs those rarely)."""
    try:
        from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol
    except ImportError:  # no httptools: uvicorn's h11 protocol
        return "auto"

    class Protocol(HttpToolsProtocol):
        def handle_websocket_upgrade(self) -> None:
            super().handle_websocket_upgrade()
            self.parser = None  # type: ignore[assignment]

    return Protocol
