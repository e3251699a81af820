"""``hexbox serve``: tables that friends and bots share over the network (extra ``[server]``; docs/server.md).

    from hexbox.server import Settings, create_app
    app = create_app(Settings(db_url="sqlite:///tables.db"))
"""

from .app import create_app
from .hub import Settings

__all__ = ["Settings", "create_app", "serve"]


def serve(settings: Settings, host: str = "127.0.0.1", port: int = 8000, log_level: str = "info",
          access_log: bool = False) -> None:
    import uvicorn

    # no access log by default: a line per request costs the server more than a move (and logs no secrets anyway)
    uvicorn.run(create_app(settings), host=host, port=port, log_level=log_level, access_log=access_log,
                ws_max_size=64 * 1024)
