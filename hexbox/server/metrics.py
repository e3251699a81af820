"""What a running server process shows of itself at ``GET /metrics``, in Prometheus' text format (the
``prometheus-client`` library; docs/server.md, "Watching a server").

Each process has its own registry (tests run several hubs in one process), and each metric says what it counts
in its help text. Counters and histograms are fed where the thing happens (a commit, a push, a bot's decision);
the gauges are read when /metrics is asked for (the tables held, the bot queue, the workers' restarts), so that
nothing is counted twice and nothing is kept up to date for nobody.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from prometheus_client import CollectorRegistry, Counter, Gauge, Histogram, ProcessCollector, generate_latest

#: seconds: from a few hundred microseconds (a move in memory and SQLite) to a bot's capped search
BUCKETS = (0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0)


class Metrics:
    def __init__(self) -> None:
        self.registry = CollectorRegistry(auto_describe=True)
        r = self.registry
        ProcessCollector(registry=r)  # process_resident_memory_bytes, process_cpu_seconds_total, open fds
        self.moves = Counter("hexbox_moves", "Moves committed by this process, by who made them "
                             "(player, bot, stand-in, clock, timeout)", ["cause"], registry=r)
        self.move_seconds = Histogram("hexbox_move_seconds", "A person's move in this process, from its request to "
                                      "its commit (the table's lock, the rules and the database)", buckets=BUCKETS,
                                      registry=r)
        self.push_seconds = Histogram("hexbox_push_seconds", "From a change of a table to its answer sent on a "
                                      "watcher's websocket", buckets=BUCKETS, registry=r)
        self.bot_seconds = Histogram("hexbox_bot_decision_seconds", "A bot's decision, from asking to the answer "
                                     "(its queue included), by the kind of bot (random, heuristic, ismcts, a level)",
                                     ["kind"], buckets=BUCKETS, registry=r)
        self.unloaded = Counter("hexbox_tables_unloaded", "Idle or finished tables let go from memory", registry=r)
        self.expired = Counter("hexbox_tables_expired", "Abandoned tables deleted", registry=r)
        self._gauges: list[tuple[Gauge, Callable[[], float]]] = []

    def gauge(self, name: str, help_text: str, read: Callable[[], float]) -> None:
        """A gauge read from ``read()`` when /metrics is asked for."""
        g = Gauge(name, help_text, registry=self.registry)
        g.set_function(read)
        self._gauges.append((g, read))

    def text(self) -> bytes:
        return generate_latest(self.registry)


def watch_hub(metrics: Metrics, hub: Any) -> None:
    """The gauges of a hub: its tables, sockets and bots."""
    metrics.gauge("hexbox_tables_live", "Tables this process holds in memory", lambda: len(hub.tables.held))
    metrics.gauge("hexbox_websockets", "Websockets open on this process",
                  lambda: sum(len(t.watchers) for t in hub.tables.held.values()))
    metrics.gauge("hexbox_runner_looks", "Times the runners have looked at their tables since the start (none "
                  "while nothing is due: a rate above zero at idle tables is a table spinning)",
                  lambda: hub.tables.looks)
    metrics.gauge("hexbox_bot_queue", "Bot decisions waiting for a worker", lambda: hub.bots.health()["queued"])
    metrics.gauge("hexbox_bot_running", "Bot decisions being made", lambda: hub.bots.health()["running"])
    metrics.gauge("hexbox_bot_workers_alive", "Bot worker processes alive", lambda: hub.bots.health()["alive"])
    metrics.gauge("hexbox_bot_worker_restarts", "Bot worker processes replaced since the start (dead or hung)",
                  lambda: hub.bots.health()["restarts"])
