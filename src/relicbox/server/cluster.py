"""Several server processes on one PostgreSQL database, coordinated through Redis.

Any process accepts any connection and any lobby request. One process at a time *owns*
a live table: it holds the table's Redis lease (``SET NX PX``, renewed every
:data:`RENEW_EVERY` seconds, lost after :data:`LEASE_MS` without renewal), and only it
decides: it checks and commits every decision, runs the bots, the clocks and the grace
timers. Each time a process becomes owner it claims a new *epoch* from the table's row
(``owner_epoch + 1``, written before it acts), and every append it makes is fenced by
that epoch in the same transaction (:class:`relicbox.server.store.Fenced`): a process
that was paused past its lease, or cut off from Redis, can never write again, and the
``(table, seq)`` key refuses a second copy of any event.

Other processes with connections at the table *follow* it: they keep a copy of the
state (replayed from the store, then moved on by the owner's published record events
in ``seq`` order) and build their own connections' frames from it, each through
``view(seat)``. They forward decisions and presence to the owner over Redis pub/sub.
Pub/sub may drop messages (a reconnect, a slow reader), which is enough here: every
batch names the ``seq`` it starts at, a follower that sees a gap reloads the table
from the store, and the store, written before anything is published, is the truth.

When an owner dies (kill -9, or its Redis or database connection goes), its leases run
out; a process with connections at the table notices within :data:`RENEW_EVERY`, and
every process scans the store's playing tables each :data:`SCAN_EVERY` seconds, so
another takes the lease, rebuilds the table from the store and carries on.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import contextlib
import json
import logging
import math
import os
import random
import secrets
import socket
import time
from collections.abc import Awaitable, Callable, Collection
from dataclasses import dataclass, field, replace
from typing import Any

from redis.asyncio import Redis
from redis.asyncio.client import PubSub
from redis.asyncio.retry import Retry
from redis.backoff import ExponentialBackoff
from redis.exceptions import RedisError

from relicbox.core.errors import Reason
from relicbox.core.game import State
from relicbox.core.registry import replay
from relicbox.server.commits import GroupCommit
from relicbox.server.frames import presence_message, publish, tell_all
from relicbox.server.live import Connection, LiveTable, TableError, _live
from relicbox.server.protocol import UNREACHABLE_CLOSE
from relicbox.server.store import Append, Fenced, Store
from relicbox.server.tables import TableService

log = logging.getLogger("relicbox.server.cluster")

LEASE_MS = 1500
"""How long a lease lasts without renewal: an owner's death is noticed after this."""
RENEW_EVERY = 0.3
"""Seconds between renewals of every lease a process holds (and between followers'
checks for a table whose owner is gone)."""
SCAN_EVERY = 1.0
"""Seconds between scans of the store for playing tables that nobody owns."""
CATCH_UP_EVERY = 2.0
"""Seconds between a follower's checks that the store has no record event its copies of
followed tables lack (a batch lost while the table then waits for someone)."""
PRESENCE_EVERY = 1.0
"""Seconds between a follower's reports of the seats connected to it."""
PRESENCE_KEPT = 3.5
"""Seconds an owner trusts a follower's report: a dead follower's seats count as gone."""
REDIS_TIMEOUT = LEASE_MS / 1000 / 4
"""Seconds one Redis call may take (connecting included) before it counts as failed."""
PROBE_EVERY = 0.5
"""Seconds between an owner's checks that its database answers."""
PROBE_LIMIT = 1.0
"""Seconds a check of the database may take before the owner gives its tables up."""
WRITE_LIMIT = LEASE_MS / 1000
"""Seconds an owner waits for a write (queued and committed) before it gives the table up."""
FORWARD_TIMEOUT = 6.0
"""Seconds a forwarded decision may wait for an owner (one failover fits in it)."""
READ_FAILURE_EVERY = 30.0
"""Seconds between two lines of the log about reading from Redis failing (it is tried
again every fifth of a second)."""
IDLE_FORGET = 30.0
"""Seconds after which a followed table with no connections here is forgotten."""

_RENEW = """
local holder = redis.call('get', KEYS[1])
if holder == ARGV[1] then
  return redis.call('pexpire', KEYS[1], ARGV[2])
end
if not holder then
  redis.call('set', KEYS[1], ARGV[1], 'PX', ARGV[2])
  return 1
end
return 0
"""
"""Extend the lease if it is this process's, or take it back if it ran out and nobody
took it (a process starved of CPU for a moment keeps its tables). Taking it back is safe
because of the fence: had another process owned the table meanwhile, it claimed a newer
epoch, and this process's next append is refused."""
_RELEASE = """
if redis.call('get', KEYS[1]) == ARGV[1] then
  return redis.call('del', KEYS[1])
end
return 0
"""


@dataclass
class Ownership:
    """What the owner keeps about a table it owns."""

    epoch: int
    published: int
    """The ``seq`` up to which its record events have been published."""
    remote: dict[str, tuple[frozenset[int], float]] = field(default_factory=dict)
    """Each follower process's connected seats, with when its report runs out."""


class Undecided(TableError):
    """This process did not decide the decision: it does not own the table, or its write
    failed, and a failed write may or may not have been stored. Never told to a person as
    it is: the decision goes to the table's owner (this process again after a new claim,
    or another), who finds it in the record or decides it, so that a person told
    ``unavailable`` is told so only of a decision that is not stored and never will be."""

    def __init__(self) -> None:
        reason = Reason.of("error-table-unavailable")
        super().__init__("unavailable", reason.text("en"), reason)


class FencedCommits(GroupCommit):
    """The group commit, with each append fenced by its table's owner epoch."""

    def __init__(self, store: Store, service: ClusterService) -> None:
        super().__init__(store)
        self.service = service

    async def append(self, append: Append, timeout: float | None = WRITE_LIMIT) -> None:
        owned = self.service.owned.get(append.table_id)
        if owned is None:
            raise Undecided()
        try:
            await super().append(replace(append, epoch=owned.epoch), timeout)
        except Fenced:
            self.service.step_down_soon(append.table_id)
            raise Undecided() from None
        except TimeoutError:
            # a write that cannot end within a lease: the lease goes to a process that
            # can write (this one's may still land: the next owner's claim settles it)
            log.warning("a write for table %s did not end within a lease", append.table_id)
            self.service.database_answers = False  # until the next check says otherwise
            self.service.step_down_soon(append.table_id, send_pages_elsewhere=True)
            raise Undecided() from None
        except Exception as error:
            # the database is out of reach: let a process that reaches it take over, and
            # send the table's pages there; whether the write landed is settled by the
            # next owner, whose claim fences it (see ClusterService._act_anywhere)
            log.warning("a write for table %s failed: %r", append.table_id, error)
            self.service.database_answers = False
            self.service.step_down_soon(append.table_id, send_pages_elsewhere=True)
            raise Undecided() from None


class ClusterService(TableService):
    """A :class:`TableService` that shares its tables with other processes."""

    def __init__(
        self, store: Store, *args: Any, redis_url: str, prefix: str = "relicbox:", **kwargs: Any
    ) -> None:
        super().__init__(store, *args, **kwargs)
        # every call gives up well within a lease: the client's default retries would
        # keep an owner that lost Redis waiting seconds past its lease before it knew
        self.redis: Redis = Redis.from_url(
            redis_url,
            decode_responses=True,
            socket_timeout=REDIS_TIMEOUT,
            socket_connect_timeout=REDIS_TIMEOUT,
            retry=Retry(ExponentialBackoff(cap=0.05, base=0.01), 2),
        )
        self.prefix = prefix
        # says where it runs, for whoever reads a lease: host, process id, and a nonce
        self.process = f"{socket.gethostname()}:{os.getpid()}:{secrets.token_hex(3)}"
        self.owned: dict[str, Ownership] = {}
        self.taking: set[str] = set()
        """Tables whose lease this process holds while it reads them, before it owns them."""
        self.commits = FencedCommits(store, self)
        self.pubsub: PubSub = self.redis.pubsub()
        self.replies: dict[str, asyncio.Future[dict[str, Any] | None]] = {}
        self.reloading: dict[str, bool] = {}
        """Tables being reloaded; ``True`` when a batch came meanwhile (reload again)."""
        self.reloads: dict[str, asyncio.Future[None]] = {}
        """The end of each running reload, for whoever needs the copy it brings."""
        self.mirrors: dict[str, dict[str, Any]] = {}
        """The newest table facts each followed table's owner published."""
        self.questions_at: dict[str, int] = {}
        """The seq at which each table's ``decision_seq`` (when each seat was asked) was
        last exact: where the owner noted it, or the facts a follower took came from."""
        self.last_used: dict[str, float] = {}
        self.read_failures = 0
        """How many reads from Redis have failed (each is tried again)."""
        self.outgoing: asyncio.Queue[tuple[str, str]] = asyncio.Queue()
        self.prober = concurrent.futures.ThreadPoolExecutor(1, thread_name_prefix="db-probe")
        """Where the database is checked: one thread, never behind other calls."""
        self.database_answers = True
        """Whether the database answered the last check (or write): a process whose
        database does not answer takes no table."""
        self.background: list[asyncio.Task[None]] = []
        self.spawned: set[asyncio.Task[Any]] = set()

    # -- names ---------------------------------------------------------------------

    def lease_key(self, table_id: str) -> str:
        return f"{self.prefix}lease:{table_id}"

    def table_channel(self, table_id: str) -> str:
        return f"{self.prefix}table:{table_id}"

    def process_channel(self, process: str) -> str:
        return f"{self.prefix}process:{process}"

    # -- start and stop ------------------------------------------------------------

    async def restore(self) -> int:
        """Join the cluster; playing tables are taken by the scan, not all by one process."""
        await self.pubsub.subscribe(self.process_channel(self.process))
        self.background = [
            asyncio.create_task(self._read_messages()),
            asyncio.create_task(self._send_queued()),
            asyncio.create_task(self._renew_loop()),
            asyncio.create_task(self._scan_loop()),
            asyncio.create_task(self._presence_loop()),
            asyncio.create_task(self._probe_loop()),
            asyncio.create_task(self._catch_up_loop()),
        ]
        return 0

    async def close(self) -> None:
        for task in [*self.background, *self.spawned]:
            task.cancel()
        self.prober.shutdown(wait=False, cancel_futures=True)
        for table_id in list(self.owned):
            with contextlib.suppress(RedisError, OSError):
                await self.redis.eval(_RELEASE, 1, self.lease_key(table_id), self.process)
        await super().close()
        # Typed through a variable: redis-py annotated aclose() only in later releases.
        close_pubsub: Callable[[], Awaitable[None]] = self.pubsub.aclose
        with contextlib.suppress(RedisError, OSError):
            await close_pubsub()
        with contextlib.suppress(RedisError, OSError):
            await self.redis.aclose()

    def _spawn(self, work: Any) -> asyncio.Task[Any]:
        task = asyncio.create_task(work)
        self.spawned.add(task)
        task.add_done_callback(self.spawned.discard)
        return task

    async def _send(self, channel: str, message: dict[str, Any]) -> int:
        receivers: int = await self.redis.publish(channel, json.dumps(message))
        return receivers

    # -- loading and following -----------------------------------------------------------

    async def get(self, table_id: str) -> LiveTable:
        table = await super().get(table_id)
        self.last_used[table_id] = time.monotonic()
        return table

    async def _load_new(self, table_id: str) -> LiveTable:
        # subscribe before reading the store, so no batch falls between the two
        try:
            await self.pubsub.subscribe(self.table_channel(table_id))
        except (RedisError, OSError):
            # still served from the store; a page's resync reloads the copy
            log.warning("Redis is out of reach: table %s is not followed", table_id)
        try:
            return await super()._load_new(table_id)
        except TableError:
            with contextlib.suppress(RedisError, OSError):
                await self.pubsub.unsubscribe(self.table_channel(table_id))
            raise

    async def _fresh(self, table_id: str) -> LiveTable:
        """The table as the store has it now (seats, status and the replayed record)."""
        row = await asyncio.to_thread(self.store.table, table_id)
        if row is None:
            raise TableError.said("no-table", "error-table-none", table=repr(table_id))
        fresh = _live(row)
        if fresh.status in ("playing", "finished"):
            record = await asyncio.to_thread(self.store.record, table_id)
            if record is not None:
                fresh.state = replay(record)
        return fresh

    def _take_fresh(self, table: LiveTable, fresh: LiveTable) -> None:
        table.state, table.status, table.seats = fresh.state, fresh.status, fresh.seats
        table.rematch_id = fresh.rematch_id

    async def _reload(self, table: LiveTable) -> None:
        """Bring a followed table's copy up to the store, then tell its connections.

        A reload asked for while one runs makes the running one read the store once more,
        and returns when it ends: the caller's copy is never older than the store was
        when it asked (a seat taken at another process a moment ago is in it)."""
        running = self.reloads.get(table.id)
        if running is not None:
            self.reloading[table.id] = True
            await asyncio.shield(running)
            return
        ended: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self.reloads[table.id] = ended
        self.reloading[table.id] = False
        told = table.info()
        try:
            while True:
                fresh = await self._fresh(table.id)
                if table.id in self.owned:
                    return
                self._take_fresh(table, fresh)
                mirror = self.mirrors.get(table.id)
                if mirror is not None and mirror["seq"] == table.seq:
                    self._mirror(table, mirror)
                if not self.reloading[table.id]:
                    break
                self.reloading[table.id] = False
        except Exception as error:
            log.warning("reloading table %s failed: %r", table.id, error)
        finally:
            self.reloading.pop(table.id, None)
            self.reloads.pop(table.id, None)
            ended.set_result(None)
        self._tell_locally(table, told)

    def _tell_locally(self, table: LiveTable, told: dict[str, Any]) -> None:
        """This process's connections hear what changed since they were told ``told``."""
        if table.state is not None and table.published_seq != table.seq:
            publish(table, table.published_seq)
        if table.info() != told:
            tell_all(table, {"type": "table", "table": table.info()})

    def _mirror(self, table: LiveTable, facts: dict[str, Any]) -> None:
        """Take the owner's facts about the table: seats, who is away or connected, clocks."""
        info = facts["info"]
        table.status, table.rematch_id = info["status"], info["rematch_id"]
        for seat, given in zip(table.seats, info["seats"], strict=True):
            seat.kind, seat.bot, seat.name = given["kind"], given["bot"], given["name"]
            seat.abandoned = given["abandoned"]
        table.away = {s["seat"] for s in info["seats"] if s["away"]}
        table.elsewhere = {s["seat"] for s in info["seats"] if s["connected"]}
        for seat, remaining in zip(table.seats, facts["clock_ms"], strict=True):
            seat.clock_ms = remaining
        now = time.monotonic()
        table.turn_started = {int(seat): now - age for seat, age in facts["turn_age"].items()}
        table.decision_seq = {int(seat): asked for seat, asked in facts["asked"].items()}
        self.questions_at[table.id] = facts["seq"]

    def _facts(self, table: LiveTable, start: int) -> dict[str, Any]:
        """What followers need beside the record events to show the table as the owner does."""
        now = time.monotonic()
        return {
            "seq": table.seq,
            "start": start,
            "events": [] if table.state is None else table.state.record_events(start),
            "info": table.info(),
            "clock_ms": [s.clock_ms for s in table.seats],
            "turn_age": {str(s): now - at for s, at in table.turn_started.items()},
            "asked": {str(s): asked for s, asked in table.decision_seq.items()},
        }

    # -- publishing (owner) ------------------------------------------------------------

    def _share(self, table: LiveTable) -> None:
        """Publish the record events followers have not had yet, with the table's facts."""
        owned = self.owned.get(table.id)
        if owned is None:
            return
        start = min(owned.published, table.seq)
        owned.published = table.seq
        message = {"op": "batch", "from": self.process, "epoch": owned.epoch}
        message.update(self._facts(table, start))
        self._queue(self.table_channel(table.id), message)

    def _queue(self, channel: str, message: dict[str, Any]) -> None:
        """Publish in order, after everything queued before (a reply after its batch)."""
        self.outgoing.put_nowait((channel, json.dumps(message)))

    async def _send_queued(self) -> None:
        while True:
            batch = [await self.outgoing.get()]
            while not self.outgoing.empty():
                batch.append(self.outgoing.get_nowait())
            try:
                async with self.redis.pipeline(transaction=False) as pipe:
                    for channel, text in batch:
                        pipe.publish(channel, text)
                    await pipe.execute()
            except (RedisError, OSError):
                log.warning("publishing %d messages to Redis failed", len(batch))

    def _broadcast(self, table: LiveTable) -> None:
        self._share(table)
        super()._broadcast(table)

    def _tell_table(self, table: LiveTable) -> None:
        super()._tell_table(table)
        if table.id in self.owned:
            self._share(table)
        else:
            self._spawn(self._ask_reload(table.id))

    def _after_change(
        self, table: LiveTable, acted: Collection[int] = (), start_seq: int | None = None
    ) -> None:
        if table.id in self.owned:
            super()._after_change(table, acted, start_seq)
            self.questions_at[table.id] = table.seq
            if start_seq is None:
                self._share(table)  # a takeover or a return: the facts, if not the record
        elif start_seq is not None:
            # bots, clocks and takeovers run only at the owner
            super()._broadcast(table)

    def _start_grace(self, table: LiveTable, seat: int) -> None:
        if table.id in self.owned:
            super()._start_grace(table, seat)

    def _schedule_bots(self, table: LiveTable) -> None:
        # also reached from a bot turn ending after its process stepped down
        if table.id in self.owned:
            super()._schedule_bots(table)

    def _schedule_clock(self, table: LiveTable) -> None:
        if table.id in self.owned:
            super()._schedule_clock(table)
        else:
            table.clock_generation += 1  # any timer left from owning it stands down

    # -- reading ---------------------------------------------------------------------

    async def _read_messages(self) -> None:
        said = -math.inf
        unsaid = 0
        while True:
            try:
                message = await self.pubsub.get_message(ignore_subscribe_messages=True, timeout=1)
            except asyncio.CancelledError:
                raise
            except Exception as error:
                # tried again and again while Redis is away: one line now and then
                self.read_failures += 1
                unsaid += 1
                if time.monotonic() - said >= READ_FAILURE_EVERY:
                    log.warning(
                        "reading from Redis failed (%d times since the last line): %r",
                        unsaid,
                        error,
                    )
                    said, unsaid = time.monotonic(), 0
                await asyncio.sleep(0.2)
                continue
            if said > -math.inf:
                log.warning("reading from Redis again")
                said, unsaid = -math.inf, 0
            if message is None or message.get("type") != "message":
                continue
            try:
                self._handle(json.loads(message["data"]), str(message["channel"]))
            except Exception:
                log.exception("a message from another process could not be handled")

    def _handle(self, message: dict[str, Any], channel: str) -> None:
        op = message.get("op")
        if op == "reply":
            waiting = self.replies.pop(message["rid"], None)
            if waiting is not None and not waiting.done():
                waiting.set_result(message.get("error"))
        elif op == "act":
            self._spawn(self._serve_act(message))
        elif op == "presence":
            self._spawn(self._presence(message))
        else:
            table_id = channel.removeprefix(self.table_channel(""))
            table = self.tables.get(table_id)
            if table is None:
                return
            if op == "chat":
                table.chat.append(message["message"])
                tell_all(table, message["message"])
            elif message.get("from") == self.process or table.id in self.owned:
                return
            elif op == "batch":
                self._follow(table, message)
            elif op == "reload":
                self._spawn(self._reload(table))

    def _follow(self, table: LiveTable, batch: dict[str, Any]) -> None:
        """Move a followed table's copy on by the owner's batch, or reload it on a gap."""
        if batch["seq"] < table.seq:
            return  # an old owner's late batch: the store has moved past it
        self.mirrors[table.id] = batch
        if table.id in self.reloading:
            self.reloading[table.id] = True
            return
        state = table.state
        if state is None or batch["start"] != table.seq or table.status == "open":
            self._spawn(self._reload(table))
            return
        told = table.info()
        try:
            for event in batch["events"]:
                if "seat" in event:
                    state.act(event["seat"], event["action"])
        except Exception:
            log.warning("table %s: a published batch does not apply; reloading", table.id)
            self._spawn(self._reload(table))
            return
        if state.record_length != batch["seq"]:
            self._spawn(self._reload(table))
            return
        self._mirror(table, batch)
        self._tell_locally(table, told)

    # -- connections -------------------------------------------------------------------

    async def connect(self, table: LiveTable, conn: Connection, token: str | None) -> None:
        if table.id in self.owned:
            await super().connect(table, conn, token)
            self._share(table)
            return
        # a seat taken at another process a moment ago, or a batch lost or late: the page
        # is never sent a state older than one it may have been told elsewhere
        if (token and table.seat_of(token) is None) or await self._behind(table):
            await self._reload(table)
        seat = table.seat_of(token) if token else None
        if seat is not None:
            table.away.discard(seat)  # the owner notes the return when it hears of it
        await super().connect(table, conn, token)
        if seat is not None:
            with contextlib.suppress(RedisError, OSError):
                await self._report_presence(table)

    async def disconnect(self, conn: Connection) -> None:
        table = self.tables.get(conn.table_id or "")
        await super().disconnect(conn)
        if table is None:
            return
        if table.id in self.owned:
            self._share(table)
        elif conn.seat is not None:
            with contextlib.suppress(RedisError, OSError):
                await self._report_presence(table)

    async def chat(self, table: LiveTable, conn: Connection, text: str) -> None:
        message = self._chat_message(table, conn, text)
        # every process at the table (this one too) hears it on the table's channel
        try:
            await self._send(self.table_channel(table.id), {"op": "chat", "message": message})
        except (RedisError, OSError):
            raise TableError.said("unavailable", "error-table-unavailable") from None

    def resync(self, table: LiveTable, conn: Connection) -> None:
        if table.id in self.owned:
            super().resync(table, conn)
        else:
            # a page that asks may have seen a gap this copy has not: its state comes
            # after the copy has read the store
            self._spawn(self._resync_from_store(table, conn))

    async def _resync_from_store(self, table: LiveTable, conn: Connection) -> None:
        await self._reload(table)
        super().resync(table, conn)

    async def _catch_up_loop(self) -> None:
        """Pub/sub may lose a batch (a reconnect, a slow reader), and a follower notices
        the gap at the next batch; but a table that then waits for a decision (perhaps
        from a page of this process, which has not heard that it was asked) sends none.
        So every few seconds a follower asks the store, in one query, for the newest seq
        of the tables it follows, and reloads the copies that are behind."""
        while True:
            await asyncio.sleep(CATCH_UP_EVERY)
            followed = {
                t.id: t
                for t in self.tables.values()
                if t.id not in self.owned and t.connections and t.status == "playing"
            }
            if not followed:
                continue
            try:
                stored = await asyncio.to_thread(self.store.record_lengths, list(followed))
            except Exception as error:
                log.warning("checking the followed tables against the store failed: %r", error)
                continue
            for table_id, length in stored.items():
                table = followed[table_id]
                if length > table.seq and table_id not in self.reloads:
                    self._spawn(self._reload(table))

    async def _behind(self, table: LiveTable) -> bool:
        """Whether the store holds record events this copy lacks."""
        try:
            newest = await asyncio.to_thread(self.store.record_length, table.id)
        except Exception as error:
            log.warning("table %s: its newest seq cannot be read: %r", table.id, error)
            return False
        return newest > table.seq

    # -- presence ----------------------------------------------------------------------

    def _local_seats(self, table: LiveTable) -> list[int]:
        return sorted(seat for seat, count in table.seat_connections.items() if count > 0)

    async def _report_presence(self, table: LiveTable) -> None:
        """Tell the owner which seats are connected here."""
        owner = await self.redis.get(self.lease_key(table.id))
        if owner is None or owner == self.process:
            return
        owner = str(owner)
        message = {
            "op": "presence",
            "table": table.id,
            "from": self.process,
            "seats": self._local_seats(table),
        }
        await self._send(self.process_channel(owner), message)

    async def _presence(self, message: dict[str, Any]) -> None:
        owned = self.owned.get(message["table"])
        table = self.tables.get(message["table"])
        if owned is None or table is None:
            return
        owned.remote[message["from"]] = (
            frozenset(message["seats"]),
            time.monotonic() + PRESENCE_KEPT,
        )
        await self._settle_presence(table, owned)

    async def _settle_presence(self, table: LiveTable, owned: Ownership) -> None:
        """Seats that came back are no longer away; seats gone everywhere start their grace."""
        now = time.monotonic()
        owned.remote = {p: r for p, r in owned.remote.items() if r[1] > now}
        before = set(table.elsewhere)
        table.elsewhere = set().union(*(seats for seats, _ in owned.remote.values()))
        if table.elsewhere == before:
            return
        returned = False
        if table.status == "playing":
            for seat in table.elsewhere - before:
                grace = table.grace_tasks.pop(seat, None)
                if grace is not None:
                    grace.cancel()
                if seat in table.away:
                    table.away.discard(seat)
                    returned = True
                    await asyncio.to_thread(self.store.add_note, table.id, "return", seat)
            for seat in before - table.elsewhere:
                if table.seats[seat].kind == "human" and not table.connected(seat):
                    self._start_grace(table, seat)
        for seat in before ^ table.elsewhere:
            tell_all(table, presence_message(table, seat))
        if returned:
            self._after_change(table)
        else:
            self._share(table)

    async def _presence_loop(self) -> None:
        while True:
            await asyncio.sleep(PRESENCE_EVERY)
            for table in list(self.tables.values()):
                try:
                    owned = self.owned.get(table.id)
                    if owned is not None:
                        await self._settle_presence(table, owned)
                    elif self._local_seats(table):
                        await self._report_presence(table)
                    elif time.monotonic() - self.last_used.get(table.id, 0) > IDLE_FORGET:
                        await self._forget(table)
                except (RedisError, OSError):
                    log.warning("Redis is out of reach")
                    break
                except Exception:
                    log.exception("presence of table %s", table.id)

    async def _forget(self, table: LiveTable) -> None:
        if table.connections or table.id in self.owned:
            return
        self.tables.pop(table.id, None)
        self.mirrors.pop(table.id, None)
        self.last_used.pop(table.id, None)
        await self.pubsub.unsubscribe(self.table_channel(table.id))

    # -- decisions -----------------------------------------------------------------------

    async def act(
        self,
        table: LiveTable,
        seat: int,
        action: str,
        reason: str | None = None,
        *,
        seq: int | None = None,
    ) -> None:
        try:
            await self._act_anywhere(table, seat, action, reason, seq)
        except (RedisError, OSError):
            log.warning("Redis is out of reach: a decision at table %s waits", table.id)
            unavailable = TableError.said("unavailable", "error-table-unavailable")
            raise unavailable.answering(action, seq) from None
        except TableError as refusal:
            if refusal.code == "stale" and table.id not in self.owned:
                self._spawn(self._reload(table))  # the page was behind: so may this copy be
            raise refusal.answering(action, seq) from None

    async def _act_anywhere(
        self, table: LiveTable, seat: int, action: str, reason: str | None, seq: int | None
    ) -> None:
        """Decide at the owner: here if this process owns the table, else forwarded.

        A forwarded decision carries the ``seq`` it was made at (the person's, or else what
        this process showed them). Once an attempt may have been stored (it was forwarded,
        or this process's own write failed), every later attempt is made *again*: the
        owner looks for the decision in the record since ``seq`` and answers it as done if
        it is there, so it is neither applied twice nor refused as stale. The owner that
        answers has claimed the table after any earlier owner, so an earlier attempt that
        is not in its record can no longer be stored. No owner in time: see :meth:`_settle`."""
        shown = table.seq if seq is None else seq
        deadline = time.monotonic() + FORWARD_TIMEOUT
        again = False
        """Whether an earlier attempt may have been stored."""
        while time.monotonic() < deadline:
            if table.id in self.owned:
                try:
                    if not again:
                        await super().act(table, seat, action, reason, seq=seq)
                    else:
                        await self._decide_again(table, seat, action, shown)
                    return
                except Undecided:
                    again = True  # this process stepped down: the next owner settles it
                    continue
            try:
                answer = await self._ask_owner(table, seat, action, reason, shown, deadline, again)
            except (RedisError, OSError):
                if not again:
                    raise  # nothing was sent anywhere: the refusal is true
                await asyncio.sleep(0.1)
                continue
            if answer == "forwarded":
                again = True
                continue
            if answer != "waited":
                return
        if not again:
            raise TableError.said("unavailable", "error-table-unavailable")
        await self._settle(table, seat, action, shown)

    async def _ask_owner(
        self,
        table: LiveTable,
        seat: int,
        action: str,
        reason: str | None,
        shown: int,
        deadline: float,
        again: bool,
    ) -> str:
        """One attempt at a table this process does not own: ``"done"`` once answered (a
        refusal is raised), ``"forwarded"`` when the owner gave no answer to a forwarded
        decision, ``"waited"`` when there was nobody to ask yet (or the lease was taken
        here)."""
        holder = await self.redis.get(self.lease_key(table.id))
        owner = None if holder is None else str(holder)
        if owner is None:
            if table.status != "playing" and not again:
                await super().act(table, seat, action, reason, seq=shown)  # its refusal
                return "done"
            if not await self.take(table.id):
                await asyncio.sleep(0.05)
            return "waited"
        if owner == self.process:  # being taken over here this very moment
            await asyncio.sleep(0.05)
            return "waited"
        answer = await self._forward(owner, table, seat, action, shown, deadline, again)
        if answer == "retry":
            await asyncio.sleep(0.1)
            return "forwarded"
        if isinstance(answer, dict):
            raise TableError(answer["code"], answer["message"], _reason(answer.get("reason")))
        return "done"

    async def _settle(self, table: LiveTable, seat: int, action: str, seq: int) -> None:
        """A decision that may have been stored, and that no owner answered in time: fence
        the table (a new epoch: it waits for a write in flight, and no write of an earlier
        owner can land after it), then read the record. Done if the decision is there;
        refused as ``unavailable`` if not, and then it never will be. When the database is
        out of reach too, nothing is said: the table's pages are sent to another process,
        whose state tells them what was stored."""
        log.warning("table %s: no owner answered a decision in time: fencing the table", table.id)
        if table.id in self.owned:
            self.step_down_soon(table.id)
        try:
            await asyncio.to_thread(self.store.claim, table.id)
            record = await asyncio.to_thread(self.store.record, table.id)
        except Exception as error:
            log.warning("table %s: a decision cannot be settled: %r", table.id, error)
            # closed before this act returns, so nothing the page sent after it (a ping)
            # is answered as if the act had been
            closing = self._send_pages_elsewhere([table])
            if closing:
                await asyncio.wait(closing, timeout=1.0)
            return
        events = [] if record is None else record["events"][seq:]
        if {"seat": seat, "action": action} in events:
            self._spawn(self._reload(table))
            return
        raise TableError.said("unavailable", "error-table-unavailable")

    async def _forward(
        self,
        owner: str,
        table: LiveTable,
        seat: int,
        action: str,
        seq: int,
        deadline: float,
        again: bool,
    ) -> dict[str, Any] | str | None:
        """Ask the owner to decide: its refusal, ``None`` once it is committed, or
        ``"retry"`` when the owner did not answer (Redis failing here included: once the
        request may have gone out, the owner may have decided it)."""
        rid = secrets.token_hex(8)
        waiting: asyncio.Future[Any] = asyncio.get_running_loop().create_future()
        self.replies[rid] = waiting
        request = {
            "op": "act",
            "table": table.id,
            "seat": seat,
            "action": action,
            "seq": seq,
            "again": again,
            "from": self.process,
            "rid": rid,
        }
        try:
            if not await self._send(self.process_channel(owner), request):
                return "retry"  # the owner is gone; its lease runs out soon
            while time.monotonic() < deadline:
                try:
                    answer: dict[str, Any] | str | None = await asyncio.wait_for(
                        asyncio.shield(waiting), RENEW_EVERY
                    )
                    return answer
                except TimeoutError:
                    # no answer yet: ask again at once if the owner changed (it died with
                    # the request, or was paused), or keep waiting for a slow one
                    if await self.redis.get(self.lease_key(table.id)) != owner:
                        return "retry"
            return "retry"
        except (RedisError, OSError):
            return "retry"
        finally:
            self.replies.pop(rid, None)

    async def _serve_act(self, request: dict[str, Any]) -> None:
        """A decision forwarded by another process: decide it, then answer (after the
        commit, and after the batch that tells of it was published)."""
        table = self.tables.get(request["table"])
        answer: dict[str, Any] | str | None = None
        if table is None or table.id not in self.owned:
            answer = "retry"
        else:
            seat, action, seq = int(request["seat"]), str(request["action"]), int(request["seq"])
            try:
                if request.get("again"):
                    await self._decide_again(table, seat, action, seq)
                else:
                    await TableService.act(self, table, seat, action, seq=seq)
            except TableError as refusal:
                answer = {
                    "code": refusal.code,
                    "message": refusal.message,
                    "reason": None if refusal.reason is None else refusal.reason.to_json(),
                }
                if refusal.code == "unavailable":
                    answer = "retry"
        reply = {"op": "reply", "rid": request["rid"], "error": answer}
        self._queue(self.process_channel(request["from"]), reply)  # after the batch

    async def _decide_again(self, table: LiveTable, seat: int, action: str, seq: int) -> None:
        """A decision sent again: done already if the record has it since ``seq``."""
        async with table.lock:
            state = table.state
            if state is not None and seq <= table.seq:
                done = {"seat": seat, "action": action}
                if any(event == done for event in state.record_events(seq)):
                    return
            self._check_fresh(table, seat, seq)
            await self._act_locked(table, seat, action, None)

    # -- ownership ------------------------------------------------------------------------

    async def take(self, table_id: str) -> bool:
        """Take the table's lease if it is free; as its owner, rebuild it from the store
        under a new epoch and carry on (bots, clocks, grace timers)."""
        if not self.database_answers:
            return False  # it could not claim the table, and its lease would keep others out
        taken = await self.redis.set(self.lease_key(table_id), self.process, nx=True, px=LEASE_MS)
        if not taken:
            return False
        self.taking.add(table_id)  # renewed while the table is read, however long that takes
        try:
            # the claim comes first: once it is written no older owner can append, so
            # what is read next is the whole record
            epoch = await asyncio.to_thread(self.store.claim, table_id)
            # a copy loaded, or being loaded, before the claim may lack the last writes
            older = table_id in self.tables or table_id in self.loading
            known = self._questions_known(table_id)
            copy = self.tables.get(table_id)
            told = None if copy is None else copy.info()
            table = await self.get(table_id)
            if older:
                self._take_fresh(table, await self._fresh(table_id))
        except Exception as error:
            # the database is out of reach, or another owner's transaction still holds the
            # table's row past the lock timeout: tried again at the next check or scan
            log.warning("taking table %s failed: %r", table_id, error)
            await self._release(table_id)
            return False
        finally:
            self.taking.discard(table_id)
        self._ask_as_recorded(table, known)
        table.elsewhere = set()
        self.owned[table_id] = Ownership(epoch, table.published_seq)
        log.warning("owning table %s at epoch %d (seq %d)", table_id, epoch, table.seq)
        if table.status == "playing":
            for info in table.seats:
                if info.kind == "human" and not table.connected(info.seat):
                    self._start_grace(table, info.seat)
            self._after_change(table, start_seq=table.published_seq)
        else:
            # it ended while its owner was cut off: whoever follows it hears the end
            self._broadcast(table)
            if told is not None and table.info() != told:
                self._tell_table(table)
        return True

    def _questions_known(self, table_id: str) -> Questions | None:
        """The copy's state with when each seat was asked, if that is exact at its seq."""
        table = self.tables.get(table_id)
        if table is None or table.state is None or self.questions_at.get(table_id) != table.seq:
            return None
        return Questions(table.state.clone(), dict(table.decision_seq), dict(table.turn_started))

    def _ask_as_recorded(self, table: LiveTable, known: Questions | None) -> None:
        """Note when each seat that must decide was asked, as the record says: the events
        the copy had not heard of (an old owner may have stored some it could not
        publish) are played from ``known``, or from the start, seeing each seat's question
        begin as the owner saw it. A seat still asked the question it had keeps its clock;
        one asked anew starts now."""
        state = table.state
        if state is None or table.status != "playing":
            return
        if known is None or known.state.record_length > table.seq:
            start = table.game.new_state(table.players, table.seed, **table.options)
            known = Questions(start, {seat: start.record_length for seat in start.to_act}, {})
        asked = dict(known.asked)
        try:
            asked = _play_questions(
                known.state, state.record_events(known.state.record_length), asked
            )
            exact = known.state.record_length == table.seq
        except Exception as error:
            log.warning("table %s: the record's questions cannot be followed: %r", table.id, error)
            exact = False
        if not exact:  # asked from now on, then
            asked = {seat: table.seq for seat in state.to_act}
        now = time.monotonic()
        table.decision_seq = asked
        table.turn_started = {
            seat: known.started[seat]
            if seat in known.started and known.asked.get(seat) == asked[seat]
            else now
            for seat in asked
        }

    async def _release(self, table_id: str) -> None:
        with contextlib.suppress(RedisError, OSError):
            await self.redis.eval(_RELEASE, 1, self.lease_key(table_id), self.process)

    def step_down_soon(self, table_id: str, *, send_pages_elsewhere: bool = False) -> None:
        """Stop owning the table at once (no more bots, clocks or grace timers here, and no
        decision is taken here); give its lease up and bring its copy up to the store in
        the background."""
        if self._stop_owning(table_id):
            self._spawn(self._after_stepping_down(table_id))
        table = self.tables.get(table_id)
        if send_pages_elsewhere and table is not None:
            self._send_pages_elsewhere([table])

    def _send_pages_elsewhere(self, tables: list[LiveTable]) -> list[asyncio.Task[Any]]:
        """Close the tables' connections with :data:`UNREACHABLE_CLOSE`: this process lost
        what it needs to serve them, and their pages reconnect to one that has it."""
        return [
            self._spawn(conn.close_with(UNREACHABLE_CLOSE))
            for table in tables
            for conn in list(table.connections)
            if conn.close_with is not None and not conn.closed.is_set()
        ]

    async def step_down(self, table_id: str) -> None:
        """Stop owning the table (its lease is gone or its writes are fenced): no more
        bots, clocks or grace timers here; its connections follow the new owner."""
        if self._stop_owning(table_id):
            await self._after_stepping_down(table_id)

    def _stop_owning(self, table_id: str) -> bool:
        """Forget the table's ownership and stop its bots, clocks and grace timers here;
        ``False`` if this process did not own it."""
        owned = self.owned.pop(table_id, None)
        table = self.tables.get(table_id)
        if owned is None or table is None:
            return False
        log.warning("stepping down from table %s (epoch %d)", table_id, owned.epoch)
        table.clock_generation += 1
        for task in [*table.bot_tasks.values(), *table.grace_tasks.values()]:
            if task is not asyncio.current_task():
                task.cancel()
        table.bot_tasks.clear()
        table.bot_answers.clear()
        table.grace_tasks.clear()
        return True

    async def _after_stepping_down(self, table_id: str) -> None:
        if table_id not in self.owned:
            await self._release(table_id)
        table = self.tables.get(table_id)
        if table is not None:
            await self._reload(table)

    async def _renew_loop(self) -> None:
        """Renew every lease this process holds, and nothing else that could wait: a claim
        (a database write that may wait for another owner's row lock) or a step-down runs
        beside it, so a slow database never lets a healthy table's lease run out."""
        last_renewed = time.monotonic()
        taking: asyncio.Task[None] | None = None
        while True:
            await asyncio.sleep(RENEW_EVERY)
            started = time.monotonic()
            owned = [*self.owned, *(t for t in self.taking if t not in self.owned)]
            try:
                async with self.redis.pipeline(transaction=False) as pipe:
                    for table_id in owned:
                        pipe.eval(_RENEW, 1, self.lease_key(table_id), self.process, LEASE_MS)
                    renewing = pipe.execute() if owned else asyncio.sleep(0, [])
                    # a renewal that cannot end before the lease does is no renewal
                    results = await asyncio.wait_for(renewing, LEASE_MS / 1000 / 2)
            except (RedisError, OSError):
                if time.monotonic() - last_renewed > LEASE_MS / 1000:
                    for table_id in list(self.owned):
                        self.step_down_soon(table_id)
                    # without Redis this process hears no owner and forwards no decision
                    self._send_pages_elsewhere(list(self.tables.values()))
                continue
            last_renewed = started
            for table_id, renewed in zip(owned, results, strict=True):
                if not renewed and table_id in self.owned:
                    self.step_down_soon(table_id)
            await self._let_finished_go()
            followed = [t.id for t in self.tables.values() if self._followed(t)]
            if followed and (taking is None or taking.done()):
                taking = asyncio.create_task(self._take_orphans_quietly(followed))
                self.spawned.add(taking)
                taking.add_done_callback(self.spawned.discard)

    async def _take_orphans_quietly(self, table_ids: list[str]) -> None:
        with contextlib.suppress(RedisError, OSError):
            await self._take_orphans(table_ids)

    async def _probe_loop(self) -> None:
        """Check that the database answers: an owner whose database hangs while nobody
        decides (no write to fail) gives its tables up within a lease too, and a process
        whose database does not answer takes no table (a lease it held while its claim
        waited in vain would keep the processes that can write out)."""
        probe: asyncio.Future[None] | None = None
        while True:
            await asyncio.sleep(PROBE_EVERY)
            if probe is None or probe.done():
                probe = asyncio.get_running_loop().run_in_executor(self.prober, self.store.probe)
                probe.add_done_callback(_retrieved)
            try:
                await asyncio.wait_for(asyncio.shield(probe), PROBE_LIMIT)
            except Exception as error:
                if isinstance(error, TimeoutError):
                    error = TimeoutError(f"no answer within {PROBE_LIMIT} s")
                self._database_failed(error)
            else:
                if not self.database_answers:
                    log.warning("the database answers again")
                self.database_answers = True

    def _database_failed(self, error: BaseException) -> None:
        """The database did not answer: give every table up, and take none until it does."""
        if self.database_answers or self.owned:
            log.warning(
                "the database does not answer (%r): stepping down from %d tables",
                error,
                len(self.owned),
            )
        self.database_answers = False
        for table_id in list(self.owned):
            self.step_down_soon(table_id, send_pages_elsewhere=True)

    async def _let_finished_go(self) -> None:
        for table in list(self.tables.values()):
            if table.status == "finished" and table.id in self.owned and not table.bot_tasks:
                self.owned.pop(table.id, None)
                await self._release(table.id)

    def _followed(self, table: LiveTable) -> bool:
        return table.status == "playing" and table.id not in self.owned and bool(table.connections)

    async def _take_orphans(self, table_ids: list[str]) -> None:
        """Take every table of ``table_ids`` whose lease is free."""
        if not table_ids:
            return
        random.shuffle(table_ids)
        holders = await self.redis.mget([self.lease_key(t) for t in table_ids])
        for table_id, holder in zip(table_ids, holders, strict=True):
            if holder is None:
                await self.take(table_id)

    async def _scan_loop(self) -> None:
        while True:
            await asyncio.sleep(SCAN_EVERY * random.uniform(0.8, 1.2))
            try:
                playing = await asyncio.to_thread(self.store.table_ids, ["playing"])
                await self._take_orphans([t for t in playing if t not in self.owned])
            except asyncio.CancelledError:
                raise
            except Exception as error:
                log.warning("scanning for tables without an owner failed: %r", error)

    # -- the lobby -------------------------------------------------------------------------

    async def _start_if_full(self, table: LiveTable) -> None:
        if table.id in self.owned:
            return
        fresh = await self._fresh(table.id)
        table.seats, table.status = fresh.seats, fresh.status
        if table.status != "open" or any(s.kind == "open" for s in table.seats):
            return
        # the one process that gets the lease starts the game, as its first owner
        if not await self.redis.set(self.lease_key(table.id), self.process, nx=True, px=LEASE_MS):
            return
        epoch = await asyncio.to_thread(self.store.claim, table.id)
        self.owned[table.id] = Ownership(epoch, 0)
        self.tables.setdefault(table.id, table)
        async with table.lock:
            state = table.game.new_state(table.players, table.seed, **table.options)
            try:
                await self.commits.append(
                    Append(table.id, 0, tuple(state.record_events(0)), None, "playing")
                )
            except Exception:
                self.owned.pop(table.id, None)
                await self._release(table.id)
                raise
            table.state, table.status = state, "playing"
            self._tell_table(table)
            self._after_change(table, start_seq=0)

    async def _ask_reload(self, table_id: str) -> None:
        """Seats or status changed in the store: processes following the table reload it."""
        with contextlib.suppress(RedisError, OSError):
            await self._send(self.table_channel(table_id), {"op": "reload", "from": self.process})

    async def join(self, table_id: str, name: str, seat: int | None = None) -> tuple[int, str]:
        table = await self.get(table_id)
        if table.id not in self.owned:
            fresh = await self._fresh(table_id)
            table.seats, table.status = fresh.seats, fresh.status
        return await super().join(table_id, name, seat)

    async def rematch(self, table_id: str, token: str, name: str | None) -> tuple[str, int, str]:
        answer = await super().rematch(table_id, token, name)
        await self._ask_reload(table_id)
        return answer


@dataclass
class Questions:
    """A table's state, with the seq at which each seat that must decide there was asked,
    and when (monotonic time; for its clock)."""

    state: State
    asked: dict[int, int]
    started: dict[int, float]


def _play_questions(
    state: State, events: list[dict[str, Any]], asked: dict[int, int]
) -> dict[int, int]:
    """Play record ``events`` on ``state`` (its decisions: the chance events follow by
    themselves) and return the seq at which each seat that must decide afterwards was
    asked, noted as the owner notes it live (``TableMaster._after_change``): a seat's
    question begins when it has just decided, or when it was not asked before."""
    asked = {seat: seq for seat, seq in asked.items() if seat in state.to_act}
    for event in events:
        if "seat" not in event:
            continue
        decided = int(event["seat"])
        state.act(decided, event["action"])
        now = state.record_length
        asked = {
            seat: now if seat == decided or seat not in asked else asked[seat]
            for seat in state.to_act
        }
    return asked


def _retrieved(done: asyncio.Future[Any]) -> None:
    """Read a future's outcome, so one nobody awaits any more is not reported unread."""
    if not done.cancelled():
        done.exception()


def _reason(data: Any) -> Reason | None:
    if not isinstance(data, dict) or not isinstance(data.get("id"), str):
        return None
    return Reason.of(data["id"], **dict(data.get("args") or {}))
