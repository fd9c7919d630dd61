"""Persistent storage of tables, seats and game events (SQLAlchemy 2, Alembic migrations).

A table's events are exactly its game record's events, in order, so the record
(and ``relicbox replay``) needs no translation; each event also carries when it
happened and why (a bot, a clock, a takeover). Seat tokens are stored only as
SHA-256 hashes. Every write is one transaction: a decision is on disk before the
server tells anyone about it.

On PostgreSQL every wait is bounded (:class:`Timeouts`): the server ends a statement, a
lock wait or a transaction left idle past its limit, and this side cuts a connection
that a call holds past its own limit, since a silent network partition delivers neither
an answer nor the server's timeout. Several processes rely on it (see cluster.py): an
owner whose database hangs learns it within its lease.
"""

from __future__ import annotations

import contextlib
import hashlib
import hmac
import json
import os
import socket
import threading
import time
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, cast

from sqlalchemy import (
    JSON,
    BigInteger,
    Boolean,
    DateTime,
    ForeignKey,
    Index,
    Integer,
    String,
    Table,
    Text,
    bindparam,
    create_engine,
    event,
    func,
    insert,
    select,
    text,
    update,
)
from sqlalchemy.engine import Connection, Engine, make_url
from sqlalchemy.exc import DisconnectionError
from sqlalchemy.orm import DeclarativeBase, Mapped, Session, mapped_column

from relicbox.core.game import RECORD_FORMAT

MIGRATIONS = Path(__file__).parent / "migrations"
MIGRATION_LOCK = 0x72656C6963
"""The PostgreSQL advisory lock held while the schema is brought up to date."""


def now() -> datetime:
    return datetime.now(UTC)


def hash_token(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


def token_matches(token: str, stored_hash: str | None) -> bool:
    """Constant-time comparison of a presented token with a stored hash."""
    if not stored_hash:
        return False
    return hmac.compare_digest(hash_token(token), stored_hash)


class Base(DeclarativeBase):
    pass


class TableRow(Base):
    __tablename__ = "tables"
    __table_args__ = (Index("ix_tables_created_by", "created_by", "created_at"),)

    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    game: Mapped[str] = mapped_column(String(64))
    players: Mapped[int] = mapped_column(Integer)
    seed: Mapped[int] = mapped_column(BigInteger)
    options: Mapped[dict[str, Any]] = mapped_column(JSON)
    rules_version: Mapped[str] = mapped_column(String(64))
    status: Mapped[str] = mapped_column(String(16), index=True)
    settings: Mapped[dict[str, Any]] = mapped_column(JSON)
    rematch_of: Mapped[str | None] = mapped_column(String(32), nullable=True)
    rematch_id: Mapped[str | None] = mapped_column(String(32), nullable=True)
    created_by: Mapped[str | None] = mapped_column(String(64), nullable=True)
    """The client address that made the table, for the quotas per address."""
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    updated_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    owner_epoch: Mapped[int] = mapped_column(BigInteger, default=0, server_default="0")
    """The epoch of the process that owns the table now (several processes, see cluster.py):
    an append fenced by an older epoch is refused."""


class SeatRow(Base):
    __tablename__ = "seats"

    table_id: Mapped[str] = mapped_column(ForeignKey("tables.id"), primary_key=True)
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)
    kind: Mapped[str] = mapped_column(String(16))
    """``open`` (nobody yet), ``human`` or ``bot``."""
    bot: Mapped[str | None] = mapped_column(String(64), nullable=True)
    name: Mapped[str | None] = mapped_column(String(64), nullable=True)
    token_hash: Mapped[str | None] = mapped_column(String(64), nullable=True)
    is_host: Mapped[bool] = mapped_column(Boolean, default=False)
    clock_ms: Mapped[int | None] = mapped_column(Integer, nullable=True)
    abandoned: Mapped[bool] = mapped_column(Boolean, default=False)


class EventRow(Base):
    __tablename__ = "events"

    table_id: Mapped[str] = mapped_column(ForeignKey("tables.id"), primary_key=True)
    seq: Mapped[int] = mapped_column(Integer, primary_key=True)
    seat: Mapped[int | None] = mapped_column(Integer, nullable=True)
    action: Mapped[str | None] = mapped_column(Text, nullable=True)
    chance: Mapped[str | None] = mapped_column(Text, nullable=True)
    sampled: Mapped[bool] = mapped_column(Boolean, default=False)
    reason: Mapped[str | None] = mapped_column(String(32), nullable=True)
    at: Mapped[datetime] = mapped_column(DateTime(timezone=True))


class NoteRow(Base):
    """What happened around the game: takeovers, returns, abandonment, clock expiries."""

    __tablename__ = "notes"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    table_id: Mapped[str] = mapped_column(ForeignKey("tables.id"), index=True)
    seat: Mapped[int | None] = mapped_column(Integer, nullable=True)
    kind: Mapped[str] = mapped_column(String(32))
    detail: Mapped[str | None] = mapped_column(Text, nullable=True)
    at: Mapped[datetime] = mapped_column(DateTime(timezone=True))


@dataclass(frozen=True)
class Append:
    """One decision's record events for one table, with what changes beside them."""

    table_id: str
    first_seq: int
    events: tuple[dict[str, Any], ...]
    reason: str | None = None
    status: str | None = None
    clocks: dict[int, int] | None = None
    epoch: int | None = None
    """The writer's owner epoch: the append is refused (:class:`Fenced`) once a newer owner
    has claimed the table. ``None`` for a single process, which needs no fence."""


class Fenced(Exception):
    """A write by a process whose ownership of the table has passed to another."""

    def __init__(self, table_id: str, epoch: int) -> None:
        super().__init__(f"table {table_id!r}: owner epoch {epoch} is no longer the newest")
        self.table_id = table_id
        self.epoch = epoch


@dataclass(frozen=True)
class StoredEvent:
    seq: int
    seat: int | None
    action: str | None
    chance: str | None
    sampled: bool
    reason: str | None = None

    def record_json(self) -> dict[str, Any]:
        if self.seat is None:
            return {"chance": self.chance, "sampled": self.sampled}
        return {"seat": self.seat, "action": self.action}


@dataclass(frozen=True)
class StoredSeat:
    seat: int
    kind: str
    bot: str | None
    name: str | None
    token_hash: str | None
    is_host: bool
    clock_ms: int | None
    abandoned: bool


@dataclass(frozen=True)
class StoredTable:
    id: str
    game: str
    players: int
    seed: int
    options: dict[str, Any]
    rules_version: str
    status: str
    settings: dict[str, Any]
    rematch_of: str | None
    rematch_id: str | None
    created_at: datetime
    seats: tuple[StoredSeat, ...]


def _table(row: TableRow, seats: Sequence[SeatRow]) -> StoredTable:
    return StoredTable(
        id=row.id,
        game=row.game,
        players=row.players,
        seed=row.seed,
        options=dict(row.options),
        rules_version=row.rules_version,
        status=row.status,
        settings=dict(row.settings),
        rematch_of=row.rematch_of,
        rematch_id=row.rematch_id,
        created_at=row.created_at,
        seats=tuple(
            StoredSeat(
                s.seat, s.kind, s.bot, s.name, s.token_hash, s.is_host, s.clock_ms, s.abandoned
            )
            for s in sorted(seats, key=lambda s: s.seat)
        ),
    )


@dataclass(frozen=True)
class Timeouts:
    """How long a PostgreSQL session waits for anything. Each is below an owner's lease
    (1.5 s, see cluster.py), so that a process whose database does not answer knows it
    while its tables are still its own, and gives them up."""

    statement: float = 1.0
    """Seconds a statement may run (``statement_timeout``)."""
    lock: float = 1.0
    """Seconds a statement may wait for a lock (``lock_timeout``): a claim waiting for the
    row lock of an owner paused inside its transaction gives up, and is tried again."""
    idle_in_transaction: float = 1.0
    """Seconds a transaction may wait for its client's next statement before the server
    ends the session (``idle_in_transaction_session_timeout``): the row lock of a paused
    or cut-off owner is freed, and its transaction never commits."""
    write: float = 1.25
    """Seconds a call that writes may hold its connection (checked out, statements,
    commit) before this side cuts it."""
    read: float = 5.0
    """The same for a call that only reads (a long record takes longer to read)."""
    connect: int = 2
    """Seconds to open a connection (``connect_timeout``: the driver's least)."""

    def options(self) -> str:
        """The session settings, as libpq's ``options`` connection parameter."""
        settings = {
            "statement_timeout": self.statement,
            "lock_timeout": self.lock,
            "idle_in_transaction_session_timeout": self.idle_in_transaction,
        }
        return " ".join(f"-c {name}={round(value * 1000)}" for name, value in settings.items())


class DatabaseTimeout(Exception):
    """A call of the store held its connection past its limit and the connection was cut:
    the database, or the way to it, did not answer."""


def make_engine(url: str, timeouts: Timeouts | None = None) -> Engine:
    """An engine for ``url``; SQLite files get WAL, full sync and a busy timeout, and every
    PostgreSQL session gets the server-side limits of ``timeouts``."""
    if url.startswith("sqlite"):
        engine = create_engine(url, connect_args={"check_same_thread": False, "timeout": 30})

        @event.listens_for(engine, "connect")
        def _sqlite_pragmas(connection: Any, _record: Any) -> None:
            cursor = connection.cursor()
            cursor.execute("PRAGMA journal_mode=WAL")
            cursor.execute("PRAGMA synchronous=FULL")
            cursor.execute("PRAGMA foreign_keys=ON")
            cursor.close()

        return engine
    if make_url(url).get_backend_name() != "postgresql":
        return create_engine(url, pool_pre_ping=True)
    timeouts = timeouts or Timeouts()
    given = make_url(url).query.get("options")
    options = " ".join([*([given] if isinstance(given, str) else []), timeouts.options()])
    # no pool_pre_ping: the store pings a connection itself when it is checked out, once
    # its call's limit is armed (a ping through a hung link would wait for ever)
    return create_engine(
        url, connect_args={"options": options, "connect_timeout": timeouts.connect}
    )


class _Call:
    """One call of the store in one thread: its limit, and whether its connection was cut."""

    def __init__(self, limit: float | None) -> None:
        self.limit = limit
        self.cut = False


class _Watchdog:
    """Cuts (shuts down the socket of) a PostgreSQL connection that a call holds past its
    limit, so the thread waiting on it gets an error at once and the pool drops it.

    The limit is armed when the connection is checked out, before the connection is
    pinged, and disarmed when it is checked in, invalidated or closed (always before the
    driver closes its socket, so a cut never reaches another connection's descriptor)."""

    def __init__(self, engine: Engine, default: float) -> None:
        self.engine = engine
        self.default = default
        self.local = threading.local()
        self.changed = threading.Condition()
        self.watched: dict[int, tuple[float, int, _Call]] = {}
        self.fresh: set[int] = set()
        self.thread: threading.Thread | None = None
        self.stopped = False
        event.listen(engine, "connect", self._connected)
        event.listen(engine, "checkout", self._checkout)
        for name in ("checkin", "invalidate", "soft_invalidate", "close", "detach"):
            event.listen(engine, name, self._disarm)

    @contextmanager
    def call(self, limit: float | None) -> Iterator[None]:
        """The calls made inside run under ``limit`` seconds (``None``: no limit); a call
        whose connection was cut raises :class:`DatabaseTimeout`."""
        outer = getattr(self.local, "call", None)
        self.local.call = current = _Call(limit)
        try:
            yield
        except Exception as error:
            if current.cut:
                raise DatabaseTimeout(f"the database did not answer within {limit} s") from error
            raise
        finally:
            self.local.call = outer

    def _connected(self, dbapi_connection: Any, _record: Any) -> None:
        with self.changed:
            self.fresh.add(id(dbapi_connection))

    def _checkout(self, dbapi_connection: Any, _record: Any, _proxy: Any) -> None:
        current = getattr(self.local, "call", None) or _Call(self.default)
        if current.limit is not None:
            with self.changed:
                deadline = time.monotonic() + current.limit
                self.watched[id(dbapi_connection)] = (
                    deadline,
                    dbapi_connection.pgconn.socket,
                    current,
                )
                self.changed.notify()
                if self.thread is None:
                    self.thread = threading.Thread(
                        target=self._watch, daemon=True, name="store-watchdog"
                    )
                    self.thread.start()
        with self.changed:
            fresh = id(dbapi_connection) in self.fresh
            self.fresh.discard(id(dbapi_connection))
        if not fresh:
            try:
                self.engine.dialect.do_ping(dbapi_connection)
            except Exception as error:
                self._disarm(dbapi_connection)
                raise DisconnectionError(f"the connection failed its ping: {error}") from error

    def _disarm(self, dbapi_connection: Any, *_: Any) -> None:
        with self.changed:
            self.watched.pop(id(dbapi_connection), None)
            if dbapi_connection is not None:
                self.fresh.discard(id(dbapi_connection))

    def _watch(self) -> None:
        with self.changed:
            while not self.stopped:
                now = time.monotonic()
                for key, (deadline, descriptor, current) in list(self.watched.items()):
                    if deadline <= now:
                        del self.watched[key]
                        current.cut = True
                        _shut(descriptor)
                earliest = min((d for d, _, _ in self.watched.values()), default=now + 60)
                self.changed.wait(max(0.0, earliest - now))

    def stop(self) -> None:
        with self.changed:
            self.stopped = True
            self.changed.notify()


def _shut(descriptor: int) -> None:
    """Shut a socket down both ways through a copy of its descriptor (the driver keeps its
    own, and finds the connection closed at its next read or write)."""
    with contextlib.suppress(OSError):
        copy = socket.socket(fileno=os.dup(descriptor))
        with contextlib.suppress(OSError):
            copy.shutdown(socket.SHUT_RDWR)
        copy.close()


def migrate(engine: Engine) -> None:
    """Bring the schema up to date with the packaged Alembic migrations."""
    from alembic import command
    from alembic.config import Config

    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    with engine.begin() as connection:
        if connection.dialect.name == "postgresql":
            # a migration, or the wait for another process's, may take its time
            for name in (
                "statement_timeout",
                "lock_timeout",
                "idle_in_transaction_session_timeout",
            ):
                connection.execute(text(f"SET LOCAL {name} = 0"))
            # several server processes may start at once on a new database: one migrates,
            # the others wait for it and find nothing left to do
            connection.execute(text("SELECT pg_advisory_xact_lock(:key)"), {"key": MIGRATION_LOCK})
        config.attributes["connection"] = connection
        command.upgrade(config, "head")


_TABLES = cast(Table, TableRow.__table__)
_SEATS = cast(Table, SeatRow.__table__)
_TOUCH_TABLE = (
    update(_TABLES)
    .where(_TABLES.c.id == bindparam("b_table"))
    .values(
        updated_at=bindparam("b_at"),
        status=func.coalesce(bindparam("b_status", type_=String), _TABLES.c.status),
    )
)
_FENCE_TABLE = _TOUCH_TABLE.where(_TABLES.c.owner_epoch <= bindparam("b_epoch")).values(
    owner_epoch=bindparam("b_epoch")
)
_SET_CLOCK = (
    update(_SEATS)
    .where(_SEATS.c.table_id == bindparam("b_table"), _SEATS.c.seat == bindparam("b_seat"))
    .values(clock_ms=bindparam("b_clock"))
)


def _event_rows(append: Append, stamp: datetime) -> list[dict[str, Any]]:
    """The rows of one decision's record events."""
    rows = []
    for offset, entry in enumerate(append.events):
        is_chance = "chance" in entry
        rows.append(
            {
                "table_id": append.table_id,
                "seq": append.first_seq + offset,
                "seat": None if is_chance else entry["seat"],
                "action": None if is_chance else entry["action"],
                "chance": entry["chance"] if is_chance else None,
                "sampled": bool(entry.get("sampled", False)),
                "reason": None if is_chance else append.reason,
                "at": stamp,
            }
        )
    return rows


class Store:
    """Tables, seats, events and notes. Thread-safe: every call uses its own session."""

    def __init__(self, url: str, timeouts: Timeouts | None = None) -> None:
        self.url = url
        self.timeouts = timeouts or Timeouts()
        self.engine = make_engine(url, self.timeouts)
        self.watchdog: _Watchdog | None = None
        self.prober: _Watchdog | None = None
        if self.engine.dialect.name == "postgresql":
            self.watchdog = _Watchdog(self.engine, self.timeouts.read)
        with self._limit(None):
            migrate(self.engine)

    def close(self) -> None:
        self.engine.dispose()
        if self.watchdog is not None:
            self.watchdog.stop()
        if self.prober is not None:
            self.prober.engine.dispose()
            self.prober.stop()

    def probe(self) -> None:
        """One trivial query, on a connection of its own (no queue of other calls in front
        of it), within the write limit: raises when the database does not answer."""
        if self.watchdog is None:
            with self.engine.connect() as connection:
                connection.execute(text("SELECT 1"))
            return
        if self.prober is None:
            self.prober = _Watchdog(make_engine(self.url, self.timeouts), self.timeouts.write)
        with self.prober.call(self.timeouts.write), self.prober.engine.connect() as connection:
            connection.execute(text("SELECT 1"))

    def _limit(self, seconds: float | None) -> contextlib.AbstractContextManager[None]:
        """The calls inside hold a connection at most ``seconds`` (PostgreSQL)."""
        if self.watchdog is None:
            return contextlib.nullcontext()
        return self.watchdog.call(seconds)

    @contextmanager
    def _session(self, *, writes: bool = False) -> Iterator[Session]:
        limit = self.timeouts.write if writes else self.timeouts.read
        with self._limit(limit), Session(self.engine) as session, session.begin():
            yield session

    # -- tables -----------------------------------------------------------------

    def create_table(
        self,
        table_id: str,
        *,
        game: str,
        players: int,
        seed: int,
        options: dict[str, Any],
        rules_version: str,
        settings: dict[str, Any],
        seats: Sequence[dict[str, Any]],
        rematch_of: str | None = None,
    ) -> None:
        stamp = now()
        with self._session(writes=True) as session:
            session.add(
                TableRow(
                    id=table_id,
                    game=game,
                    players=players,
                    seed=seed,
                    options=_json_safe(options),
                    rules_version=rules_version,
                    status="open",
                    settings=settings,
                    rematch_of=rematch_of,
                    created_at=stamp,
                    updated_at=stamp,
                )
            )
            session.flush()
            for number, seat in enumerate(seats):
                session.add(SeatRow(table_id=table_id, seat=number, **seat))
            if rematch_of is not None:
                session.execute(
                    update(TableRow).where(TableRow.id == rematch_of).values(rematch_id=table_id)
                )

    def table(self, table_id: str) -> StoredTable | None:
        with self._session() as session:
            row = session.get(TableRow, table_id)
            if row is None:
                return None
            seats = session.scalars(select(SeatRow).where(SeatRow.table_id == table_id)).all()
            return _table(row, seats)

    def tables(self, statuses: Sequence[str] | None = None, limit: int = 100) -> list[StoredTable]:
        with self._session() as session:
            query = select(TableRow).order_by(TableRow.updated_at.desc()).limit(limit)
            if statuses:
                query = query.where(TableRow.status.in_(list(statuses)))
            rows = session.scalars(query).all()
            ids = [row.id for row in rows]
            seats = session.scalars(select(SeatRow).where(SeatRow.table_id.in_(ids))).all()
            by_table: dict[str, list[SeatRow]] = {}
            for seat in seats:
                by_table.setdefault(seat.table_id, []).append(seat)
            return [_table(row, by_table.get(row.id, [])) for row in rows]

    def set_status(self, table_id: str, status: str) -> None:
        with self._session(writes=True) as session:
            session.execute(
                update(TableRow)
                .where(TableRow.id == table_id)
                .values(status=status, updated_at=now())
            )

    def update_seat(self, table_id: str, seat: int, **values: Any) -> None:
        with self._session(writes=True) as session:
            session.execute(
                update(SeatRow)
                .where(SeatRow.table_id == table_id, SeatRow.seat == seat)
                .values(**values)
            )

    def claim_open_seat(self, table_id: str, seat: int, name: str, token_hash: str) -> bool:
        """Take ``seat`` if it is still open (atomically: two people never get one seat)."""
        with self._session(writes=True) as session:
            result = session.execute(
                update(SeatRow)
                .where(SeatRow.table_id == table_id, SeatRow.seat == seat, SeatRow.kind == "open")
                .values(kind="human", name=name, token_hash=token_hash)
            )
            return bool(result.rowcount)  # type: ignore[attr-defined]

    # -- events -----------------------------------------------------------------

    def append_events(
        self,
        table_id: str,
        first_seq: int,
        events: Sequence[dict[str, Any]],
        reason: str | None = None,
        *,
        status: str | None = None,
        clocks: dict[int, int] | None = None,
    ) -> None:
        """Commit a decision's log entries (and the chance it set off) in one transaction."""
        self.append_many([Append(table_id, first_seq, tuple(events), reason, status, clocks)])

    def append_many(self, appends: Sequence[Append]) -> None:
        """Commit several tables' decisions in one transaction (one disk sync for them all).

        Written as three statements whatever the number of tables (their rows, the seats'
        clocks, the events), each sent with ``executemany``: this is the path every decision
        takes, and a statement per table cost more than the writes themselves. Raises
        :class:`Fenced` when any append's epoch is no longer the newest; the caller retries
        the appends one by one to find which."""
        stamp = now()
        with self._limit(self.timeouts.write), self.engine.begin() as connection:
            # the fence first: it also locks the tables' rows until this transaction ends,
            # so a takeover's claim waits for it, and every append after the claim fails
            self._touch_tables(connection, appends, stamp)
            clocks = [
                {"b_table": a.table_id, "b_seat": seat, "b_clock": remaining}
                for a in appends
                for seat, remaining in (a.clocks or {}).items()
            ]
            if clocks:
                connection.execute(_SET_CLOCK, clocks)
            events = [row for a in appends for row in _event_rows(a, stamp)]
            if events:
                connection.execute(insert(cast(Table, EventRow.__table__)), events)

    @staticmethod
    def _touch_tables(connection: Connection, appends: Sequence[Append], stamp: datetime) -> None:
        """Each table's row: its last change, its new status, and (fenced) its owner epoch."""
        plain = [a for a in appends if a.epoch is None]
        fenced = [a for a in appends if a.epoch is not None]
        if plain:
            connection.execute(
                _TOUCH_TABLE,
                [{"b_table": a.table_id, "b_status": a.status, "b_at": stamp} for a in plain],
            )
        if not fenced:
            return
        rows = [
            {"b_table": a.table_id, "b_status": a.status, "b_at": stamp, "b_epoch": a.epoch}
            for a in fenced
        ]
        if len(rows) > 1 and not connection.dialect.supports_sane_multi_rowcount:
            for row in rows:  # a driver that cannot count an executemany's rows
                Store._fence(connection, [row])
            return
        Store._fence(connection, rows)

    @staticmethod
    def _fence(connection: Connection, rows: list[dict[str, Any]]) -> None:
        result = connection.execute(_FENCE_TABLE, rows)
        if result.rowcount != len(rows):
            first = rows[0]
            raise Fenced(first["b_table"], first["b_epoch"])

    def claim(self, table_id: str) -> int:
        """A new owner epoch for the table, written to its row before the new owner acts:
        from then on only appends fenced by it (or a later one) are stored."""
        with self._session(writes=True) as session:
            epoch = session.execute(
                update(TableRow)
                .where(TableRow.id == table_id)
                .values(owner_epoch=TableRow.owner_epoch + 1)
                .returning(TableRow.owner_epoch)
            ).scalar_one()
            return int(epoch)

    def owner_epoch(self, table_id: str) -> int | None:
        with self._session() as session:
            epoch = session.scalar(select(TableRow.owner_epoch).where(TableRow.id == table_id))
            return None if epoch is None else int(epoch)

    def table_ids(self, statuses: Sequence[str]) -> list[str]:
        """Every table with one of ``statuses`` (only their ids: cheap to ask often)."""
        with self._session() as session:
            return list(
                session.scalars(select(TableRow.id).where(TableRow.status.in_(list(statuses))))
            )

    def events(self, table_id: str) -> list[StoredEvent]:
        with self._session() as session:
            rows = session.scalars(
                select(EventRow).where(EventRow.table_id == table_id).order_by(EventRow.seq)
            ).all()
            return [
                StoredEvent(r.seq, r.seat, r.action, r.chance, r.sampled, r.reason) for r in rows
            ]

    def record_length(self, table_id: str) -> int:
        """How many record events the table has stored: its newest seq (cheap to ask)."""
        with self._session() as session:
            last = session.scalar(
                select(func.max(EventRow.seq)).where(EventRow.table_id == table_id)
            )
            return 0 if last is None else int(last) + 1

    def record_lengths(self, table_ids: Sequence[str]) -> dict[str, int]:
        """:meth:`record_length` of several tables in one query (those with events)."""
        if not table_ids:
            return {}
        with self._session() as session:
            rows = session.execute(
                select(EventRow.table_id, func.max(EventRow.seq))
                .where(EventRow.table_id.in_(list(table_ids)))
                .group_by(EventRow.table_id)
            ).all()
            return {str(table_id): int(last) + 1 for table_id, last in rows}

    def record(self, table_id: str) -> dict[str, Any] | None:
        """The table's game record in the project's record format."""
        table = self.table(table_id)
        if table is None:
            return None
        return {
            "format": RECORD_FORMAT,
            "game": table.game,
            "rules_version": table.rules_version,
            "players": table.players,
            "seed": table.seed,
            "options": table.options,
            "events": [e.record_json() for e in self.events(table_id)],
        }

    # -- notes ------------------------------------------------------------------

    def add_note(
        self, table_id: str, kind: str, seat: int | None, detail: str | None = None
    ) -> None:
        with self._session(writes=True) as session:
            session.add(NoteRow(table_id=table_id, seat=seat, kind=kind, detail=detail, at=now()))

    def notes(self, table_id: str) -> list[tuple[str, int | None, str | None]]:
        with self._session() as session:
            rows = session.scalars(
                select(NoteRow).where(NoteRow.table_id == table_id).order_by(NoteRow.id)
            ).all()
            return [(r.kind, r.seat, r.detail) for r in rows]


def _json_safe(value: dict[str, Any]) -> dict[str, Any]:
    """Options as stored: a JSON round trip, so what is read back equals what was written."""
    result: dict[str, Any] = json.loads(json.dumps(value))
    return result
