"""`hexbox serve`: the game server and the browser client."""

from __future__ import annotations

from typing import Annotated

import typer

from .base import BadInput


def default_workers() -> int:
    """Search workers for this machine: one per core the server's own process leaves (a light-bot worker runs
    beside them, and searches are capped in time), at least one."""
    import os

    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else (os.cpu_count() or 1)
    return max(1, cores - 1)


def serve_cmd(
    host: Annotated[str, typer.Option(help="address to listen on")] = "127.0.0.1",
    port: Annotated[int, typer.Option(help="port to listen on")] = 8000,
    db: Annotated[str | None, typer.Option(help="database URL (default: SQLite in the user's data folder); "
                                                "postgresql+psycopg://… for real deployments")] = None,
    redis: Annotated[str | None, typer.Option(help="Redis URL: several processes then serve the same tables")] = None,
    workers: Annotated[int | None, typer.Option(
        help="bot search processes (0: one thread in the server); default: the cores less one for the server, "
             "at least 1")] = None,
    grace: Annotated[float, typer.Option(help="seconds before a gone player's seat is played by a bot")] = 60.0,
    bot_delay: Annotated[float, typer.Option(help="seconds a bot waits before its move")] = 0.6,
    rate: Annotated[float, typer.Option(help="requests per second per seat token, or per address without one "
                                             "(bursts of 3 seconds' worth)")] = 20.0,
    burst: Annotated[int | None, typer.Option(help="requests a seat token or an address may make at once, refilled "
                                                   "at --rate (default: 3 seconds' worth of --rate)")] = None,
    forwarded_allow_ips: Annotated[str, typer.Option(
        envvar="FORWARDED_ALLOW_IPS",
        help="comma-separated addresses or networks of the proxies whose X-Forwarded-For is believed ('*': any); "
             "none by default, so that no client can name its own address")] = "",
    max_tables_per_client: Annotated[int, typer.Option(help="unfinished tables one client address may make")] = 20,
    max_seats_per_client: Annotated[int, typer.Option(help="seats one client address may claim at unfinished "
                                                           "tables")] = 20,
    unload_after: Annotated[float, typer.Option(help="seconds after which a table nobody watches or asks for leaves "
                                                     "memory (loaded again on the next request)")] = 120.0,
    expire_after: Annotated[float, typer.Option(help="seconds without a move after which an unfinished table is "
                                                     "abandoned and deleted (0: never)")] = 86_400.0,
    max_bot_seconds: Annotated[float, typer.Option(help="the longest a table's bot may think per move")] = 5.0,
    max_bot_iterations: Annotated[int, typer.Option(help="the most search iterations a table's bot may ask for")]
    = 20_000,
    max_bot_rollout: Annotated[int, typer.Option(help="the longest rollout a table's bot may ask for")] = 300,
    bot_think: Annotated[float, typer.Option(help="seconds a searching bot (hard) thinks per move when its spec "
                                                  "names none; at most --max-bot-seconds")] = 1.0,
    access_log: Annotated[bool, typer.Option("--access-log", help="log every request (tokens are never in a URL)")]
    = False,
) -> None:
    """Serve tables over HTTP and websockets, with the browser client at / (needs the \\[server] extra)."""
    try:
        from hexbox.server import Settings, serve
    except ImportError as exc:
        missing = f"{exc.name} is missing"
        raise BadInput(f"hexbox serve needs the server extra: pip install -e '.[server]' ({missing})") from None
    if workers is None:
        workers = default_workers()
    if burst is None:
        burst = max(1, int(3 * rate))
    if not 0 < port < 65536 or workers < 0 or grace <= 0 or bot_delay < 0 or rate <= 0 or burst < 1:
        raise BadInput("--port must be 1-65535, --workers at least 0, --grace and --rate positive, "
                       "--bot-delay not negative, --burst at least 1")
    if unload_after < 0 or expire_after < 0:
        raise BadInput("--unload-after and --expire-after must not be negative")
    if max_tables_per_client < 1 or max_seats_per_client < 1:
        raise BadInput("--max-tables-per-client and --max-seats-per-client must be at least 1")
    if max_bot_seconds <= 0 or max_bot_iterations < 1 or max_bot_rollout < 0 or not 0 < bot_think <= max_bot_seconds:
        raise BadInput("--max-bot-seconds must be positive, --max-bot-iterations at least 1, "
                       "--max-bot-rollout not negative, --bot-think positive and at most --max-bot-seconds")
    serve(Settings(db_url=db, redis_url=redis, workers=workers, grace=grace, bot_delay=bot_delay, rate=rate,
                   burst=burst, max_bot_seconds=max_bot_seconds,
                   max_bot_iterations=max_bot_iterations, max_bot_rollout=max_bot_rollout, bot_think=bot_think,
                   forwarded_allow_ips=tuple(a.strip() for a in forwarded_allow_ips.split(",") if a.strip()),
                   max_tables_per_client=max_tables_per_client, max_seats_per_client=max_seats_per_client,
                   unload_after=unload_after, expire_after=expire_after),
          host=host, port=port, access_log=access_log)
