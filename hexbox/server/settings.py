"""What a server process is told at start: where its tables live, and the limits it holds every table to."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass
class Settings:
    db_url: str | None = None  # None: SQLite in the user's data folder
    redis_url: str | None = None
    workers: int = 1  # bot search processes; 0 = every bot on one thread in this process
    grace: float = 60.0  # seconds before a gone player's seat is played by a stand-in bot
    bot_delay: float = 0.0  # seconds a bot waits after the table's last move, so that people can follow
    # the most a table's bot may ask of the server (a spec over them is refused with 422; a search stops at them)
    max_bot_seconds: float = 5.0
    max_bot_iterations: int = 20_000
    max_bot_rollout: int = 300
    bot_think: float = 1.0  # seconds a searching bot (the hard level) thinks when its spec names none
    rate: float = 20.0  # requests per second per verified seat token (or per client address without one), sustained
    burst: int = 60  # ... and in a burst
    # the peers whose X-Forwarded-For is believed (addresses, networks such as 10.0.0.0/8, or "*"): none by default,
    # so that a client cannot name itself anew in every request; a server behind a proxy names the proxy
    forwarded_allow_ips: tuple[str, ...] = ()
    max_tables_per_client: int = 20  # unfinished tables made from one client address
    max_seats_per_client: int = 20  # open seats claimed from one client address at unfinished tables
    # a table nobody watches, asks for or plays at for this many seconds leaves memory (the database keeps it, and the
    # next request loads it again); checked every ``sweep_every`` seconds
    unload_after: float = 120.0
    # an unfinished table with no move (and, before its first move, no creation) for this many seconds is abandoned:
    # it is deleted with its moves, seats and chat; the lobby shows each table's ``expires_at``. 0: never
    expire_after: float = 86_400.0
    sweep_every: float = 30.0
    max_body: int = 16 * 1024  # bytes
    chat_length: int = 280
    chat_burst: int = 5  # messages per speaker ...
    chat_window: float = 10.0  # ... per this many seconds
    chat_keep: int = 50  # messages of each channel shown in a table's state
    name_length: int = 24  # a seat's name, in characters
    heartbeat: float = 1.0  # seconds between a process's "still alive" in the database (see Store.resume)
    full_gc_every: float = 600.0  # seconds between the garbage collector's full passes (see app.collector)
