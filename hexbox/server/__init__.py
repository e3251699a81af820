"""``hexbox serve``: tables that friends and bots share over the network (extra ``[server]``; docs/server.md).

    from hexbox.server import Settings, create_app
    app = create_app(Settings(db_url="sqlite:///tables.db"))
"""

from .app import create_app
from .hub import Settings

__all__ = ["Settings", "create_app", "serve"]


def serve(settings: Settings, host: str = "127.0.0.1", port: int = 8000, log_level: str = "info") -> None:
    import uvicorn

    uvicorn.run(create_app(settings), host=host, port=port, log_level=log_level, ws_max_size=64 * 1024)
