"""Storage: SQLAlchemy 2 over SQLite (the embedded default) or PostgreSQL. The record is the truth.

A table row holds what is needed to rebuild a table (game, players, options, seed) plus a few denormalised
facts for listing and for restarts (``seq``, the pending deadline, the result). Moves are appended with their
``seq``; the append and the table's new ``seq`` are one transaction guarded by the old ``seq``, so two server
processes racing for the same move cannot both win. Chat lives in its own table and never enters a record.

Every method is synchronous and short; the server runs them on a thread of its own, off the event loop.

``rev`` counts every change of a table that a viewer may see (a move, a seat, a setting, a chat line): a process
that reads a table another process may have changed compares it first (``rev_of``) and catches up if it moved,
so that a client reading through one process right after writing through another sees its own write.
"""

from __future__ import annotations

import json
import os
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from sqlalchemy import (
    BigInteger,
    Boolean,
    Float,
    ForeignKey,
    Index,
    Integer,
    String,
    Text,
    create_engine,
    delete,
    event,
    func,
    insert,
    select,
    text,
    update,
)
from sqlalchemy.engine import Engine, make_url
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column


class Base(DeclarativeBase):
    pass


class TableRow(Base):
    __tablename__ = "tables"
    id: Mapped[str] = mapped_column(String(16), primary_key=True)
    game: Mapped[str] = mapped_column(String(32))
    players: Mapped[int] = mapped_column(Integer)
    options: Mapped[str] = mapped_column(Text)  # JSON object
    seed: Mapped[int] = mapped_column(BigInteger)
    host_hash: Mapped[str] = mapped_column(String(64))
    spectators: Mapped[bool] = mapped_column(Boolean, default=True)
    created_at: Mapped[float] = mapped_column(Float)
    seq: Mapped[int] = mapped_column(Integer, default=0)
    # the clock on the decision now open: when it runs out, and the window it belongs to (JSON)
    deadline_at: Mapped[float | None] = mapped_column(Float, nullable=True)
    deadline_window: Mapped[str | None] = mapped_column(Text, nullable=True)
    over: Mapped[bool] = mapped_column(Boolean, default=False)
    result: Mapped[str | None] = mapped_column(Text, nullable=True)  # JSON of Result.to_json()
    rematch_of: Mapped[str | None] = mapped_column(String(16), nullable=True)
    rematch_id: Mapped[str | None] = mapped_column(String(16), nullable=True)
    seeded: Mapped[bool] = mapped_column(Boolean, default=False)  # made with a seed its creator chose
    rev: Mapped[int] = mapped_column(Integer, default=0)  # +1 at every change a viewer may see
    clocks: Mapped[str | None] = mapped_column(Text, nullable=True)  # JSON of clock.Clocks: turns and time banks
    client: Mapped[str | None] = mapped_column(String(64), nullable=True)  # who made it (a hash of its address)


class SeatRow(Base):
    __tablename__ = "seats"
    table_id: Mapped[str] = mapped_column(String(16), ForeignKey("tables.id"), primary_key=True)
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)
    bot: Mapped[str | None] = mapped_column(String(120), nullable=True)  # an agent spec; None for a human seat
    token_hash: Mapped[str | None] = mapped_column(String(64), nullable=True)  # None: open (or a bot)
    name: Mapped[str | None] = mapped_column(String(40), nullable=True)  # what the player asked to be called
    client: Mapped[str | None] = mapped_column(String(64), nullable=True)  # who claimed it (a hash of its address)
    # when the player's last socket closed (None: a socket was open when this was written, or none ever was):
    # after a restart their grace runs on from here, not from the restart
    left_at: Mapped[float | None] = mapped_column(Float, nullable=True)


class MoveRow(Base):
    __tablename__ = "moves"
    table_id: Mapped[str] = mapped_column(String(16), ForeignKey("tables.id"), primary_key=True)
    seq: Mapped[int] = mapped_column(Integer, primary_key=True)  # 1 for the first move
    seat: Mapped[int] = mapped_column(Integer)
    action: Mapped[str] = mapped_column(Text)  # the action's JSON
    cause: Mapped[str] = mapped_column(String(16))  # player, bot, timeout, stand-in
    at: Mapped[float] = mapped_column(Float)


class ChatRow(Base):
    __tablename__ = "chat"
    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    table_id: Mapped[str] = mapped_column(String(16), ForeignKey("tables.id"))
    channel: Mapped[str] = mapped_column(String(16))  # players | spectators
    speaker: Mapped[str] = mapped_column(String(32))
    kind: Mapped[str] = mapped_column(String(16))  # text | reaction
    text: Mapped[str] = mapped_column(Text)
    at: Mapped[float] = mapped_column(Float)
    __table_args__ = (Index("chat_by_table", "table_id", "id"),)


class HeartbeatRow(Base):
    """When a server process last said it was alive (one row for all of them): after a restart, the gap since
    then is time no clock should have run."""

    __tablename__ = "heartbeat"
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    at: Mapped[float] = mapped_column(Float)


@dataclass
class TableData:
    """One table as stored: its row, its seats and its moves."""

    row: dict[str, Any]
    seats: list[dict[str, Any]]
    moves: list[tuple[int, int, dict[str, Any], str]]  # (seq, seat, action, cause)


class StaleSeq(Exception):
    """Another writer got there first: the table's ``seq`` in the database is not the one expected."""


def default_url() -> str:
    """SQLite in a file under the user's data folder (``$XDG_DATA_HOME/hexbox``, else ``~/.local/share/hexbox``)."""
    base = Path(os.environ.get("XDG_DATA_HOME") or Path.home() / ".local" / "share") / "hexbox"
    base.mkdir(parents=True, exist_ok=True, mode=0o700)
    return f"sqlite:///{base / 'hexbox.db'}"


def _private_file(url: str) -> None:
    """Create a SQLite database file readable by its owner only: it holds every seat's hand. (SQLite gives its
    -wal and -shm files the database file's permissions.)"""
    database = make_url(url).database
    if database and database != ":memory:" and not database.startswith("file:") and not os.path.exists(database):
        os.close(os.open(database, os.O_CREAT | os.O_WRONLY, 0o600))


def make_engine(url: str) -> Engine:
    if url.startswith("sqlite"):
        _private_file(url)
        engine = create_engine(url, connect_args={"check_same_thread": False, "timeout": 30})

        @event.listens_for(engine, "connect")
        def _pragmas(conn: Any, _record: Any) -> None:
            # WAL with synchronous=NORMAL survives a killed process (only a power cut may lose the last commits)
            cur = conn.cursor()
            cur.execute("PRAGMA journal_mode=WAL")
            cur.execute("PRAGMA synchronous=NORMAL")
            cur.execute("PRAGMA foreign_keys=ON")
            cur.close()

        return engine
    return create_engine(url, pool_size=8, max_overflow=8, pool_pre_ping=True)


class Store:
    def __init__(self, url: str):
        self.url = url
        self.engine = make_engine(url)

    def migrate(self) -> None:
        from .migrate import upgrade

        upgrade(self.engine)

    def close(self) -> None:
        self.engine.dispose()

    # ---- tables ------------------------------------------------------------------------------------------

    def create_table(self, row: dict[str, Any], seats: list[dict[str, Any]]) -> None:
        with self.engine.begin() as conn:
            conn.execute(insert(TableRow), [{**row, "options": json.dumps(row["options"])}])
            conn.execute(insert(SeatRow), [{"table_id": row["id"], **s} for s in seats])
            if row.get("rematch_of"):
                conn.execute(update(TableRow).where(TableRow.id == row["rematch_of"])
                             .values(rematch_id=row["id"], rev=TableRow.rev + 1))

    def load(self, table_id: str, after: int = 0) -> TableData | None:
        """The table, its seats, and its moves after ``after`` (all of them by default)."""
        with self.engine.connect() as conn:
            row = conn.execute(select(TableRow).where(TableRow.id == table_id)).mappings().first()
            if row is None:
                return None
            seats = conn.execute(select(SeatRow).where(SeatRow.table_id == table_id).order_by(SeatRow.seat))
            moves = conn.execute(
                select(MoveRow.seq, MoveRow.seat, MoveRow.action, MoveRow.cause)
                .where(MoveRow.table_id == table_id, MoveRow.seq > after).order_by(MoveRow.seq))
            data = dict(row)
            data["options"] = json.loads(data["options"])
            return TableData(data, [dict(s._mapping) for s in seats],
                             [(m.seq, m.seat, json.loads(m.action), m.cause) for m in moves])

    def seq_of(self, table_id: str) -> int | None:
        with self.engine.connect() as conn:
            return conn.execute(select(TableRow.seq).where(TableRow.id == table_id)).scalar()

    def list_tables(self, limit: int = 200) -> list[dict[str, Any]]:
        """Unfinished tables, newest first, with their seats (the lobby decides which are open)."""
        with self.engine.connect() as conn:
            rows = conn.execute(select(TableRow.id, TableRow.game, TableRow.players, TableRow.created_at,
                                       TableRow.seq, TableRow.spectators, TableRow.seeded,
                                       self._active_at().label("active_at"))
                                .where(TableRow.over.is_(False)).order_by(TableRow.created_at.desc()).limit(limit))
            tables = [dict(r._mapping) for r in rows]
            if not tables:
                return []
            seats = conn.execute(select(SeatRow).where(SeatRow.table_id.in_([t["id"] for t in tables])))
            by_table: dict[str, list[dict[str, Any]]] = {}
            for s in seats:
                by_table.setdefault(s.table_id, []).append(dict(s._mapping))
        for t in tables:
            t["seats"] = sorted(by_table.get(t["id"], []), key=lambda s: s["seat"])
        return tables

    @staticmethod
    def _active_at() -> Any:
        """A table's last activity: its last move's time (found by the moves' key), else its creation."""
        last = (select(MoveRow.at).where(MoveRow.table_id == TableRow.id).order_by(MoveRow.seq.desc()).limit(1)
                .correlate(TableRow).scalar_subquery())
        return func.coalesce(last, TableRow.created_at)

    def expire(self, before: float) -> list[str]:
        """Delete the unfinished tables whose last move (or, with none, whose creation) came before ``before``:
        abandoned. Their ids."""
        with self.engine.begin() as conn:
            ids = list(conn.execute(select(TableRow.id)
                                    .where(TableRow.over.is_(False), self._active_at() < before)).scalars())
            for start in range(0, len(ids), 500):
                chunk = ids[start:start + 500]
                for table in (ChatRow, MoveRow, SeatRow):
                    conn.execute(delete(table).where(table.table_id.in_(chunk)))
                conn.execute(delete(TableRow).where(TableRow.id.in_(chunk)))
        return ids

    def live_table_ids(self) -> list[str]:
        with self.engine.connect() as conn:
            return list(conn.execute(select(TableRow.id).where(TableRow.over.is_(False))).scalars())

    def token_known(self, hashed: str) -> bool:
        """Whether a token with this hash holds a seat or a table (as its host) anywhere."""
        with self.engine.connect() as conn:
            return (conn.execute(select(SeatRow.seat).where(SeatRow.token_hash == hashed).limit(1)).first()
                    or conn.execute(select(TableRow.id).where(TableRow.host_hash == hashed).limit(1)).first()
                    ) is not None

    def held_by(self, client: str) -> tuple[int, int]:
        """The unfinished tables ``client`` made, and the seats it claimed at unfinished tables."""
        with self.engine.connect() as conn:
            made = conn.execute(select(func.count()).select_from(TableRow)
                                .where(TableRow.client == client, TableRow.over.is_(False))).scalar()
            claimed = conn.execute(select(func.count()).select_from(SeatRow).join(TableRow)
                                   .where(SeatRow.client == client, TableRow.over.is_(False))).scalar()
        return int(made or 0), int(claimed or 0)

    def set_left(self, table_id: str, seat: int, at: float | None) -> None:
        """When the seat's player left (their last socket closed), or None: they are at a socket now. Nobody is
        shown anything new by it, so the table's revision stays."""
        with self.engine.begin() as conn:
            conn.execute(update(SeatRow).where(SeatRow.table_id == table_id, SeatRow.seat == seat)
                         .values(left_at=at))

    def rev_of(self, table_id: str) -> int | None:
        with self.engine.connect() as conn:
            return conn.execute(select(TableRow.rev).where(TableRow.id == table_id)).scalar()

    def update_table(self, table_id: str, **values: Any) -> None:
        with self.engine.begin() as conn:
            conn.execute(update(TableRow).where(TableRow.id == table_id).values(rev=TableRow.rev + 1, **values))

    def set_seat(self, table_id: str, seat: int, *, expect_open: bool, table: dict[str, Any] | None = None,
                 **values: Any) -> bool:
        """Change a seat, and the table's row by ``table`` in the same transaction (a start's clocks); with
        ``expect_open`` only if it is still open (False if someone took it meanwhile)."""
        table = table or {}
        with self.engine.begin() as conn:
            cond = [SeatRow.table_id == table_id, SeatRow.seat == seat]
            if expect_open:
                cond += [SeatRow.bot.is_(None), SeatRow.token_hash.is_(None)]
            done = conn.execute(update(SeatRow).where(*cond).values(**values))
            if done.rowcount != 1:
                return False
            conn.execute(update(TableRow).where(TableRow.id == table_id).values(rev=TableRow.rev + 1, **table))
            return True

    # ---- moves -------------------------------------------------------------------------------------------

    # The hot path, as plain SQL: the ORM's statements cost four times the CPU here (0.64 against 0.17 ms a move,
    # measured with 1,000 appends to SQLite).
    _ADVANCE = text("UPDATE tables SET seq = :seq, deadline_at = :deadline_at, deadline_window = :deadline_window, "
                    "over = :over, result = :result, clocks = :clocks, rev = rev + 1 "
                    "WHERE id = :id AND seq = :previous")
    _APPEND = text("INSERT INTO moves (table_id, seq, seat, action, cause, at) "
                   "VALUES (:id, :seq, :seat, :action, :cause, :at)")
    # PostgreSQL is a round trip away, and every round trip is a hand-off between the server's threads: there the
    # two are one statement (a data-modifying WITH), on its own an atomic transaction, so that a move costs one
    # round trip instead of four (BEGIN, UPDATE, INSERT, COMMIT). SQLite has no such statement and needs none.
    _ADVANCE_AND_APPEND = text(
        "WITH advanced AS (UPDATE tables SET seq = :seq, deadline_at = :deadline_at, "
        "deadline_window = :deadline_window, over = :over, result = :result, clocks = :clocks, rev = rev + 1 "
        "WHERE id = :id AND seq = :previous RETURNING id) "
        "INSERT INTO moves (table_id, seq, seat, action, cause, at) "
        "SELECT id, :seq, :seat, :action, :cause, :at FROM advanced")

    def append_move(self, table_id: str, seq: int, seat: int, action: dict[str, Any], cause: str,
                    table: dict[str, Any]) -> None:
        """Move ``seq`` (= the table's seq + 1) and the table's new facts (deadline_at, deadline_window, over,
        result, clocks), in one transaction; ``StaleSeq`` if the table is no longer at ``seq - 1``."""
        values = {"clocks": None, **table, "id": table_id, "seq": seq, "previous": seq - 1, "seat": seat,
                  "action": json.dumps(action), "cause": cause, "at": time.time()}
        if self.engine.dialect.name == "postgresql":
            with self.engine.connect().execution_options(isolation_level="AUTOCOMMIT") as conn:
                appended = conn.execute(self._ADVANCE_AND_APPEND, values).rowcount
            if appended != 1:
                raise StaleSeq(table_id)
            return
        with self.engine.begin() as conn:
            if conn.execute(self._ADVANCE, values).rowcount != 1:
                raise StaleSeq(table_id)
            conn.execute(self._APPEND, values)

    # ---- chat --------------------------------------------------------------------------------------------

    def add_chat(self, table_id: str, channel: str, speaker: str, kind: str, text: str) -> dict[str, Any]:
        at = time.time()
        with self.engine.begin() as conn:
            new_id = conn.execute(insert(ChatRow).values(table_id=table_id, channel=channel, speaker=speaker,
                                                         kind=kind, text=text, at=at)).inserted_primary_key[0]
            conn.execute(update(TableRow).where(TableRow.id == table_id).values(rev=TableRow.rev + 1))
        return {"id": new_id, "channel": channel, "speaker": speaker, "kind": kind, "text": text, "at": at}

    def chat(self, table_id: str, channel: str, limit: int) -> list[dict[str, Any]]:
        with self.engine.connect() as conn:
            rows = conn.execute(select(ChatRow).where(ChatRow.table_id == table_id, ChatRow.channel == channel)
                                .order_by(ChatRow.id.desc()).limit(limit))
            found = [{"id": r.id, "channel": r.channel, "speaker": r.speaker, "kind": r.kind, "text": r.text,
                      "at": r.at} for r in rows]
        return found[::-1]

    # ---- the servers' heartbeat --------------------------------------------------------------------------

    def beat(self, now: float) -> None:
        """Say that a server process is alive at ``now``."""
        with self.engine.begin() as conn:
            conn.execute(update(HeartbeatRow).where(HeartbeatRow.id == 1, HeartbeatRow.at < now).values(at=now))

    def resume(self, now: float, stale_after: float) -> float:
        """At a process's start: if no process has been alive for more than ``stale_after`` seconds, the service
        was down, and every unfinished table's clocks move on by the gap (returned; 0 if there was none), so that
        nobody's time ran while nobody could move. One transaction, which writes the heartbeat first: of processes
        starting together, only the first sees the gap."""
        with self.engine.begin() as conn:
            if conn.dialect.name == "postgresql":
                conn.execute(text("SELECT pg_advisory_xact_lock(72 * 1000 + 67)"))
            else:  # SQLite: take the write lock before reading
                conn.execute(update(HeartbeatRow).where(HeartbeatRow.id == 1).values(at=HeartbeatRow.at))
            last = conn.execute(select(HeartbeatRow.at).where(HeartbeatRow.id == 1)).scalar()
            if last is None:
                conn.execute(insert(HeartbeatRow).values(id=1, at=now))
                return 0.0
            conn.execute(update(HeartbeatRow).where(HeartbeatRow.id == 1).values(at=now))
            gap = now - last
            if gap <= stale_after:
                return 0.0
            rows = conn.execute(select(TableRow.id, TableRow.deadline_at, TableRow.clocks)
                                .where(TableRow.over.is_(False))).all()
            # a player who had left has the grace they had left when the service went down
            live = select(TableRow.id).where(TableRow.over.is_(False)).scalar_subquery()
            conn.execute(update(SeatRow).where(SeatRow.left_at.is_not(None), SeatRow.table_id.in_(live))
                         .values(left_at=SeatRow.left_at + gap))
            for row in rows:
                if row.deadline_at is None and row.clocks is None:
                    continue
                clocks = None if row.clocks is None else json.dumps(shift_clocks(json.loads(row.clocks), gap))
                deadline = None if row.deadline_at is None else row.deadline_at + gap
                conn.execute(update(TableRow).where(TableRow.id == row.id)
                             .values(deadline_at=deadline, clocks=clocks, rev=TableRow.rev + 1))
            return gap


def shift_clocks(clocks: dict[str, Any], gap: float) -> dict[str, Any]:
    """The stored clocks of a table (clock.Clocks.to_json), ``gap`` seconds later: every running turn began
    ``gap`` seconds later."""
    return {**clocks, "since": {seat: at + gap for seat, at in clocks.get("since", {}).items()}}
