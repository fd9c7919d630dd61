"""How many tables each client address may make, and the end of tables nobody waits at.

The counts are read from the database (each table keeps the address that made it), so
several server processes sharing one database keep one count between them:

* tables made in the last hour, per address;
* open tables (made, not yet started), per address;
* all-bot tables: allowed, but each address may make only so many an hour, and only so
  many play at once on the whole server. A table whose people have all left, so that
  takeover bots play every person's seat (:func:`bots_alone`), counts as one of them:
  a "me and bots" table left at once would otherwise be a table of bots alone made
  under the people's quota. A new "me and bots" table is refused while the tables its
  address left to bots this hour are at the limit;
* an open table idle longer than its time to live (nobody connected, nothing changed) is
  removed, so a forgotten invitation does not stay in the lobby for ever. Each process
  marks the open tables it has people waiting at as alive, so only idle ones go;
* a finished table, or a playing one waiting for a person who never came, leaves the
  process's memory once nobody has been connected to it and nothing has changed for
  ``table_memory_ttl`` (:func:`evict_quiet_tables`); it stays in the store, and the
  next request for it loads it again.

The lobby's list of tables is a fair sample (:func:`lobby_choice`): a few tables of each
address that made them, the tables people wait at first, so a handful of addresses
cannot push everyone else's invitations off it.
"""

from __future__ import annotations

import asyncio
import math
import time
import weakref
from collections.abc import Collection, Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta

from sqlalchemy import delete, exists, func, or_, select, update
from sqlalchemy.orm import Session

from relicbox.server.frames import forget_texts
from relicbox.server.live import LiveTable, TableError
from relicbox.server.store import (
    EventRow,
    NoteRow,
    SeatRow,
    Store,
    StoredTable,
    TableRow,
    _table,
    now,
)
from relicbox.server.tables import TableService

HOUR = timedelta(hours=1)
RECALLED = 5.0
"""Seconds a refusal is remembered (at most: never past its ``Retry-After``)."""
REFUSALS_KEPT = 10_000
LOBBY_SHOWN = 50
"""Tables the lobby lists at most."""
LOBBY_PER_ADDRESS = 3
"""Tables of one address (the one that made them) the lobby lists at most."""
LOBBY_SCANNED = 2000
"""The newest tables the lobby chooses among."""


class QuotaError(TableError):
    """A refusal because of a quota; ``retry_after`` says when asking again may succeed."""

    def __init__(
        self, code: str, message_id: str, retry_after: float, kind: str = "", **args: int
    ) -> None:
        refusal = TableError.said(code, message_id, **args)
        super().__init__(refusal.code, refusal.message, refusal.reason)
        self.retry_after = max(1, math.ceil(retry_after))
        self.message_id = message_id
        self.limit = args.get("limit", 0)
        self.kind = kind
        """Which count refused: ``hour``, ``open``, ``bots-hour``, ``left`` or ``playing``."""


@dataclass(frozen=True)
class Limits:
    tables_per_hour: int = 30
    open_tables: int = 5
    bot_tables_per_hour: int = 5
    bot_tables_playing: int = 20
    open_table_ttl: float = 1800.0
    table_memory_ttl: float = 600.0


def bots_alone(service: TableService) -> list[str]:
    """The tables of this process that bots play alone although people sat at them: every
    person's seat is played by its takeover bot (its person gone past the grace)."""
    return [
        table.id
        for table in service.tables.values()
        if table.status == "playing"
        and any(info.kind == "human" for info in table.seats)
        and all(info.seat in table.away for info in table.seats if info.kind == "human")
    ]


def _all_bots() -> object:
    """The condition that a table seats only bots."""
    return ~exists().where(SeatRow.table_id == TableRow.id, SeatRow.kind != "bot")


class Quotas:
    """The quota checks and the idle-table sweep for one store."""

    def __init__(self, store: Store, limits: Limits) -> None:
        self.store = store
        self.limits = limits
        self._locks: weakref.WeakValueDictionary[str, asyncio.Lock] = weakref.WeakValueDictionary()
        self.recent: dict[tuple[str, str], tuple[float, QuotaError]] = {}
        """Refusals remembered, by address (``*`` for the whole server) and count."""

    def lock(self, address: str) -> asyncio.Lock:
        """Held from the check to the tag of a new table, so one address's simultaneous
        requests cannot all pass the same check."""
        lock = self._locks.get(address)
        if lock is None:
            lock = asyncio.Lock()
            self._locks[address] = lock
        return lock

    def check(
        self,
        address: str,
        *,
        all_bots: bool = False,
        waits: bool = False,
        may_be_alone: bool = False,
        alone: Sequence[str] = (),
    ) -> None:
        """Raise :class:`QuotaError` if ``address`` may not make another table now (one of
        bots alone with ``all_bots``; one that waits for players, open, with ``waits``; a
        person's table with bots, which bots play alone once the person leaves, with
        ``may_be_alone``). ``alone``: the tables bots play alone although people sat at
        them (:func:`bots_alone`), counted as tables of bots alone.

        A refusal is remembered for a few seconds (:data:`RECALLED`, or until its
        ``Retry-After`` if sooner): an address asking again and again is refused again
        from memory, without counting its tables in the database each time."""
        kinds = ["hour"]
        kinds += ["open"] if waits else []
        kinds += ["bots-hour", "playing"] if all_bots else ["left"] if may_be_alone else []
        stamp = time.monotonic()
        for kind in kinds:
            found = self.recent.get((address if kind != "playing" else "*", kind))
            if found is not None and found[0] > stamp:
                until, refusal = found
                raise QuotaError(
                    refusal.code, refusal.message_id, until - stamp, kind, limit=refusal.limit
                )
        try:
            self._counted(address, all_bots, waits, may_be_alone, alone)
        except QuotaError as refusal:
            key = (address if refusal.kind != "playing" else "*", refusal.kind)
            self.recent[key] = (stamp + min(RECALLED, refusal.retry_after), refusal)
            if len(self.recent) > REFUSALS_KEPT:
                self.recent = {k: v for k, v in self.recent.items() if v[0] > stamp}
            raise

    def _counted(
        self,
        address: str,
        all_bots: bool,
        waits: bool,
        may_be_alone: bool,
        alone: Sequence[str],
    ) -> None:
        """:meth:`check`, counting the address's tables in the database."""
        limits = self.limits
        stamp = now()
        with Session(self.store.engine) as session:
            mine = select(TableRow.created_at).where(TableRow.created_by == address)
            open_count = session.scalar(
                select(func.count()).select_from(mine.where(TableRow.status == "open").subquery())
            )
            if waits and (open_count or 0) >= limits.open_tables:
                raise QuotaError(
                    "too-many-open-tables",
                    "error-quota-open",
                    60,
                    kind="open",
                    limit=limits.open_tables,
                )
            recent = mine.where(TableRow.created_at >= stamp - HOUR)
            self._per_hour(
                session, recent, limits.tables_per_hour, stamp, "too-many-tables", "hour"
            )
            if not (all_bots or may_be_alone):
                return
            left = TableRow.id.in_(list(alone)) if alone else None
            bots = _all_bots() if left is None else or_(_all_bots(), left)  # type: ignore[arg-type]
            if not all_bots:
                # a person's table: refused only for the tables this address left to bots
                if left is not None:
                    recent_left = recent.where(left)
                    self._per_hour(
                        session,
                        recent_left,
                        limits.bot_tables_per_hour,
                        stamp,
                        "too-many-bot-tables",
                        "left",
                    )
                return
            recent_bots = recent.where(bots)  # type: ignore[arg-type]
            self._per_hour(
                session,
                recent_bots,
                limits.bot_tables_per_hour,
                stamp,
                "too-many-bot-tables",
                "bots-hour",
            )
            playing = session.scalar(
                select(func.count()).select_from(TableRow).where(TableRow.status == "playing", bots)  # type: ignore[arg-type]
            )
            if (playing or 0) >= limits.bot_tables_playing:
                raise QuotaError(
                    "too-many-bot-tables",
                    "error-quota-bots-playing",
                    60,
                    kind="playing",
                    limit=limits.bot_tables_playing,
                )

    @staticmethod
    def _per_hour(
        session: Session, recent: object, limit: int, stamp: datetime, code: str, kind: str
    ) -> None:
        times = sorted(session.scalars(recent).all())  # type: ignore[call-overload]
        if len(times) < limit:
            return
        oldest = times[len(times) - limit]
        if oldest.tzinfo is None:  # SQLite keeps no zone: every stamp is UTC
            oldest = oldest.replace(tzinfo=stamp.tzinfo)
        message = "error-quota-hour" if code == "too-many-tables" else "error-quota-bots-hour"
        wait = (oldest + HOUR - stamp).total_seconds()
        raise QuotaError(code, message, wait, kind=kind, limit=limit)

    def tag(self, table_id: str, address: str) -> None:
        """Note who made a table (its count goes to that address)."""
        with Session(self.store.engine) as session, session.begin():
            session.execute(
                update(TableRow).where(TableRow.id == table_id).values(created_by=address)
            )

    def expire_idle(self, alive: Sequence[str]) -> list[str]:
        """Mark the open tables in ``alive`` as used now, then remove every open table idle
        longer than the time to live; returns the removed tables' ids."""
        stamp = now()
        cutoff = stamp - timedelta(seconds=self.limits.open_table_ttl)
        with Session(self.store.engine) as session, session.begin():
            if alive:
                session.execute(
                    update(TableRow)
                    .where(TableRow.id.in_(list(alive)), TableRow.status == "open")
                    .values(updated_at=stamp)
                )
            idle = list(
                session.scalars(
                    select(TableRow.id).where(
                        TableRow.status == "open", TableRow.updated_at < cutoff
                    )
                ).all()
            )
            if not idle:
                return []
            session.execute(
                update(TableRow).where(TableRow.rematch_id.in_(idle)).values(rematch_id=None)
            )
            for row in (NoteRow, EventRow, SeatRow):
                session.execute(delete(row).where(row.table_id.in_(idle)))
            session.execute(delete(TableRow).where(TableRow.id.in_(idle)))
            return idle


def _quiet(table: LiveTable) -> bool:
    """Whether nothing can happen at ``table`` until someone comes: nobody is connected
    here and it is finished, or it plays with no bot, grace or clock running (it waits
    for a person who is not there)."""
    if any(not conn.closed.is_set() for conn in table.connections):
        return False
    if table.status == "finished":
        return True
    if table.status != "playing" or table.bot_tasks or table.grace_tasks or table.away:
        return False
    return table.clock_task is None or table.clock_task.done()


def evict_quiet_tables(
    service: TableService, seen: dict[str, tuple[int, str, float]], ttl: float
) -> list[str]:
    """Drop from the service's memory the tables quiet (see :func:`_quiet`) and unchanged
    for ``ttl`` seconds; ``seen`` remembers since when each was (its seq and status then).
    They stay in the store: the service's ``get`` loads them again when asked for. Only a
    process alone evicts: one of several forgets the tables it follows by itself, and
    hands the ones it owns over through their leases."""
    if type(service) is not TableService:
        return []
    stamp = time.monotonic()
    evicted = []
    for table_id, table in list(service.tables.items()):
        if not _quiet(table):
            seen.pop(table_id, None)
            continue
        mark = (table.seq, table.status)
        since = seen.get(table_id)
        if since is None or since[:2] != mark:
            seen[table_id] = (*mark, stamp)
            continue
        if stamp - since[2] < ttl:
            continue
        del service.tables[table_id]
        seen.pop(table_id, None)
        table.clock_generation += 1  # any armed clock stands down
        if table.watchers_flush is not None:
            table.watchers_flush.cancel()
        forget_texts(table_id)
        evicted.append(table_id)
    for gone in [table_id for table_id in seen if table_id not in service.tables]:
        del seen[gone]
    return evicted


async def sweep_idle_tables(service: TableService, quotas: Quotas) -> None:
    """Remove idle open tables, and drop quiet ones from memory, now and then, for as long
    as the server runs."""
    limits = quotas.limits
    interval = min(60.0, max(0.2, min(limits.open_table_ttl, limits.table_memory_ttl) / 4))
    seen: dict[str, tuple[int, str, float]] = {}
    while True:
        await asyncio.sleep(interval)
        evict_quiet_tables(service, seen, limits.table_memory_ttl)
        alive = [
            table.id
            for table in service.tables.values()
            if table.status == "open" and any(not c.closed.is_set() for c in table.connections)
        ]
        try:
            expired = await asyncio.to_thread(quotas.expire_idle, alive)
        except Exception:  # a database hiccup: try again next time
            continue
        for table_id in expired:  # nobody here is connected to them: they only leave memory
            service.tables.pop(table_id, None)


def lobby_choice(
    store: Store,
    statuses: Sequence[str],
    waiting: Collection[str] = (),
    *,
    shown: int = LOBBY_SHOWN,
    per_address: int = LOBBY_PER_ADDRESS,
) -> list[str]:
    """The ids of the tables the lobby lists: at most ``per_address`` of each address that
    made them, tables with people ``waiting`` at them first, then the newest; each address
    has its first table listed before any has its second, and so on."""
    with Session(store.engine) as session:
        rows = session.execute(
            select(TableRow.id, TableRow.created_by)
            .where(TableRow.status.in_(list(statuses)))
            .order_by(TableRow.created_at.desc(), TableRow.id)
            .limit(LOBBY_SCANNED)
        ).all()
    waits = set(waiting)
    ordered = sorted(
        enumerate(rows), key=lambda pair: (pair[1][0] not in waits, pair[0])
    )  # people waiting first, then newest first
    rank: dict[str, int] = {}
    ranked = []
    for newest, (table_id, address) in ordered:
        key = address or table_id  # a table nobody is noted as making counts on its own
        rank[key] = rank.get(key, -1) + 1
        if rank[key] < per_address:
            ranked.append((rank[key], table_id not in waits, newest, table_id))
    return [table_id for *_, table_id in sorted(ranked)[:shown]]


def stored_tables(store: Store, ids: Sequence[str]) -> dict[str, StoredTable]:
    """The stored tables of ``ids`` (those that exist), read at once."""
    if not ids:
        return {}
    with Session(store.engine) as session:
        rows = session.scalars(select(TableRow).where(TableRow.id.in_(list(ids)))).all()
        seats = session.scalars(select(SeatRow).where(SeatRow.table_id.in_(list(ids)))).all()
        by_table: dict[str, list[SeatRow]] = {}
        for seat in seats:
            by_table.setdefault(seat.table_id, []).append(seat)
        return {row.id: _table(row, by_table.get(row.id, [])) for row in rows}
