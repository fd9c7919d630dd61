"""Random faults against a local cluster for a bounded time, then every stored record
checked against what every page was told.

Usage::

    PYTHONPATH=src:tests python3 scripts/fault_campaign.py --minutes 5 \\
        [--processes 3] [--tables 4] [--seed 1] [--redis redis://127.0.0.1:6379/15] \\
        [--postgres postgresql+psycopg://postgres@127.0.0.1:5432/test] [--keep]

Starts ``--processes`` server processes on a new PostgreSQL database (dropped at the end
unless ``--keep``) and a Redis key prefix of their own, each process talking to both
through relays of its own (``support.faults``), and keeps ``--tables`` Diamant tables
playing: two people (pages that answer after a moment's thought, each joined through a
random live process) and a bot, and a spectator. Every few seconds one fault, chosen at
random, hits one process for a few seconds: killed (and started again), paused (SIGSTOP,
then SIGCONT), its link to PostgreSQL or to Redis dropped, hung silently or slowed; or
six spectators join a table at once, or every page reconnects, one after another.

At the end the faults stop, every process is running again, the pages stop deciding and
wait for their tables, and then for every table: every decision a page was told was
answered (its ping came back after it with no refusal) is stored; no decision a page
was told was refused is stored (unless another attempt at the same question, answered or
unknown, explains it); every person's stored decision was sent by their page; every page
ends at the stored record's seq with ``view(seat)`` of it. Also: no decision waited more
than 10 s for its answer on an open connection (a frozen page), every spectator of a
simultaneous join heard the game, and after each fault that must move the tables of a
process elsewhere, how long each took (the promise: 3 s). The figures go to stdout.
Everything stays on 127.0.0.1.
"""

from __future__ import annotations

import argparse
import contextlib
import dataclasses
import math
import random
import secrets
import statistics
import sys
import tempfile
import threading
import time
from collections import Counter
from pathlib import Path
from typing import Any

import httpx
import redis
from sqlalchemy import create_engine, text
from sqlalchemy.engine import make_url

from relicbox.core.registry import replay
from relicbox.server.store import Store
from support.faults import (
    FAULTS,
    TAKES_OVER,
    Attempt,
    Node,
    Page,
    check_table,
    rolling_reconnects,
    simultaneous_joins,
)

LIFTED = {
    "connections_per_address": 1_000_000,
    "connections_per_table": 1_000_000,
    "tables_per_hour": 1_000_000,
    "open_tables_per_address": 1_000_000,
    "bot_tables_per_hour": 1_000_000,
    "bot_tables_playing": 1_000_000,
    "http_rate": 1_000_000.0,
    "http_burst": 1_000_000.0,
    "message_rate": 1_000.0,
    "message_burst": 1_000.0,
}
"""Every client here is 127.0.0.1: the limits per address are lifted."""
TAKEOVER_PROMISE = 3.0
WATCH_TAKEOVER = 15.0
DURATIONS = {
    "kill": (1.0, 3.0),
    "pause": (2.0, 4.0),
    "db-drop": (1.0, 4.0),
    "db-hang": (2.0, 5.0),
    "db-slow": (2.0, 5.0),
    "redis-drop": (1.0, 4.0),
    "redis-hang": (2.0, 5.0),
    "redis-slow": (2.0, 5.0),
}


def serve(port: int, db: str, redis_url: str, prefix: str) -> None:
    """One server process, as ``relicbox serve --redis`` runs it, with the limits per
    address lifted and bots that take a fifth of a second."""
    import uvicorn

    from relicbox.server.app import Settings, create_app

    settings = Settings(
        db_url=db,
        bot_delay=0.2,
        bot_workers=0,
        redis_url=redis_url,
        redis_prefix=prefix,
        **LIFTED,
    )
    uvicorn.run(
        create_app(settings),
        host="127.0.0.1",
        port=port,
        ws_max_size=64 * 1024,
        log_level="warning",
        access_log=False,
    )


@dataclasses.dataclass
class Table:
    id: str
    pages: list[Page]
    made: float
    retired: bool = False


class Campaign:
    def __init__(self, args: argparse.Namespace, db: str, logs: Path) -> None:
        self.args = args
        self.rng = random.Random(args.seed)
        self.db = db
        self.prefix = f"relicbox-campaign-{secrets.token_hex(4)}:"
        self.redis = redis.Redis.from_url(args.redis, decode_responses=True)
        db_port = make_url(db).port or 5432
        redis_port = make_url(args.redis).port or 6379

        def command(port: int, db_url: str, redis_url: str) -> list[str]:
            return [sys.executable, __file__, "serve", str(port), db_url, redis_url, self.prefix]

        self.nodes = [
            Node(f"node{n}", db, args.redis, db_port, redis_port, command, logs)
            for n in range(args.processes)
        ]
        self.tables: list[Table] = []
        self.faults: Counter[str] = Counter()
        self.takeovers: list[float] = []
        self.slow_takeovers: list[str] = []
        self.joins = 0
        self.deaf: list[str] = []
        self.store = Store(db)

    # -- the cluster --

    def serving(self) -> list[Node]:
        return [node for node in self.nodes if node.serving]

    def pick(self, table: str) -> Any:
        def choose() -> str | None:
            live = self.serving()
            return self.rng.choice(live).ws_url(table) if live else None

        return choose

    def owner_pid(self, table: str) -> int | None:
        with contextlib.suppress(redis.RedisError):
            holder = self.redis.get(f"{self.prefix}lease:{table}")
            return None if holder is None else int(str(holder).split(":")[1])
        return None

    def new_table(self) -> None:
        live = self.serving()
        first, second = self.rng.choice(live), self.rng.choice(live)
        seats = [{"kind": "me"}, {"kind": "open"}, {"kind": "bot", "bot": "random"}]
        body = {"game": "diamant", "players": 3, "seats": seats, "name": "Ann", "grace": 600}
        try:
            made = httpx.post(first.url + "/api/tables", json=body, timeout=20)
            table = made.json()["table"]
            joined = httpx.post(
                f"{second.url}/api/tables/{table}/join", json={"name": "Bob"}, timeout=20
            )
            tokens = [made.json()["token"], joined.json()["token"]]
        except (httpx.HTTPError, KeyError, ValueError) as error:
            print(f"  a table could not be made now: {error!r}", flush=True)
            return
        seed = self.rng.randrange(2**32)
        pages = [Page(table, token, self.pick(table), seed + n) for n, token in enumerate(tokens)]
        pages.append(Page(table, None, self.pick(table), seed + 2))
        for page in pages:
            page.start()
        self.tables.append(Table(table, pages, time.monotonic()))

    # -- faults --

    def fault(self) -> None:
        kinds = [*FAULTS, "joins", "reconnects"]
        kind = self.rng.choice(kinds)
        live = self.serving()
        if not live:
            return
        node = self.rng.choice(live)
        self.faults[kind] += 1
        playing = [t for t in self.tables if not t.retired]
        if kind == "joins":
            if playing:
                self.simultaneous_joins(node, self.rng.choice(playing))
            return
        if kind == "reconnects":
            rolling_reconnects([page for t in playing for page in t.pages], gap=0.05)
            return
        low, high = DURATIONS[kind]
        duration = self.rng.uniform(low, high)
        owned = [t.id for t in playing if self.owner_pid(t.id) == node.pid]
        print(
            f"  {kind} at {node.name} for {duration:.1f} s ({len(owned)} tables owned there)",
            flush=True,
        )
        began = time.monotonic()
        end = FAULTS[kind](node)
        if kind in TAKES_OVER:
            watcher = threading.Thread(
                target=self.watch_takeovers,
                args=(kind, node.pid, owned, began, duration),
                daemon=True,
            )
            watcher.start()
        remaining = began + duration - time.monotonic()
        if remaining > 0:
            time.sleep(remaining)
        end()

    def watch_takeovers(
        self, kind: str, faulted: int | None, owned: list[str], began: float, duration: float
    ) -> None:
        """How long each table the node owned took to be owned by another process (or to
        finish). A killed process's tables must move however soon it starts again; the
        others' must move when the fault lasts longer than the promise (a node back within
        a lease may keep its tables)."""
        must_move = kind == "kill" or duration >= TAKEOVER_PROMISE
        watch = WATCH_TAKEOVER if kind == "kill" else duration
        pending = set(owned)
        while pending and time.monotonic() < began + watch:
            for table in list(pending):
                holder = self.owner_pid(table)
                if holder is not None and holder != faulted:
                    taken = time.monotonic() - began
                    self.takeovers.append(taken)
                    if taken > TAKEOVER_PROMISE:
                        self.slow_takeovers.append(f"{kind} {table} {taken:.2f} s")
                    pending.discard(table)
                elif self.finished(table):
                    pending.discard(table)
            time.sleep(0.05)
        if must_move:
            for table in pending:
                self.slow_takeovers.append(
                    f"{kind} {table}: not owned elsewhere within {watch:.1f} s"
                )

    def simultaneous_joins(self, node: Node, table: Table) -> None:
        url = node.ws_url(table.id)
        joined = simultaneous_joins(lambda: url if node.serving else None, table.id, 6)
        self.joins += 1
        deadline = time.monotonic() + 8
        while time.monotonic() < deadline and not all(p.events for p in joined):
            if self.finished(table.id):
                break
            time.sleep(0.1)
        if not self.finished(table.id):
            deaf = sum(1 for page in joined if page.events == 0)
            if deaf:
                self.deaf.append(f"{table.id} at {node.name}: {deaf} of 6 heard nothing in 8 s")
        for page in joined:
            page.stop()

    def finished(self, table: str) -> bool:
        with contextlib.suppress(Exception):
            row = self.store.table(table)
            return row is not None and row.status == "finished"
        return False

    # -- the run --

    def run(self) -> None:
        for node in self.nodes:
            node.start()
        for node in self.nodes:
            node.wait_ready()
        ends = time.monotonic() + self.args.minutes * 60
        for _ in range(self.args.tables):
            self.new_table()
        next_fault = time.monotonic() + 3
        while time.monotonic() < ends:
            for table in self.tables:
                if not table.retired and self.finished(table.id):
                    table.retired = True
                    for page in table.pages:
                        page.acting = False
            playing = sum(1 for t in self.tables if not t.retired)
            for _ in range(self.args.tables - playing):
                self.new_table()
            if time.monotonic() >= next_fault:
                self.fault()
                next_fault = time.monotonic() + self.rng.uniform(2.0, 6.0)
            time.sleep(0.2)
        print("  faults over: every process running again, the pages stop deciding", flush=True)
        for node in self.nodes:
            node.heal_links()
            if node.paused:
                node.resume()
            if not node.alive:
                node.start()
                node.wait_ready()
        for table in self.tables:
            for page in table.pages:
                page.acting = False

    def settle(self) -> list[str]:
        """Wait until every page is at its table's stored seq (at most 40 s); the pages
        that are not."""
        deadline = time.monotonic() + 40
        behind: list[str] = []
        while time.monotonic() < deadline:
            behind = []
            for table in self.tables:
                stored = self.store.record_length(table.id)
                behind += [
                    f"{table.id} seat {p.seat}: seq {p.seq} of {stored}"
                    for p in table.pages
                    if p.seq != stored
                ]
            if not behind:
                break
            time.sleep(0.5)
        return behind

    def report(self, behind: list[str], minutes: float) -> int:
        attempts: list[Attempt] = []
        lost: list[str] = []
        refused_stored: list[str] = []
        unexplained: list[str] = []
        views: list[str] = []
        stored_events = finished = 0
        for table in self.tables:
            for page in table.pages:
                page.stop()
            record = self.store.record(table.id)
            if record is None:
                continue
            events = self.store.events(table.id)
            stored_events += len(events)
            reasons = {e.seq: e.reason for e in events if e.seat is not None}
            table_attempts = [a for page in table.pages for a in page.attempts]
            for attempt in table_attempts:
                if attempt.outcome is None:
                    attempt.outcome = "unknown"  # still waiting when the run ended
            attempts += table_attempts
            found = check_table(record, reasons, table_attempts)
            lost += found.lost
            refused_stored += found.refused_stored
            unexplained += found.unexplained
            state = replay(record)
            finished += state.is_over
            for page in table.pages:
                if page.seq == state.record_length and page.view != state.view(page.seat):
                    views.append(f"{table.id} seat {page.seat}")
        outcomes = Counter(a.outcome for a in attempts)
        codes = Counter(a.code for a in attempts if a.outcome == "refused")
        waits = sorted(a.answered - a.sent for a in attempts if a.answered is not None)
        frozen = [f"{a}" for a in attempts if a.frozen]
        takeovers = sorted(self.takeovers)
        print()
        print(
            f"fault campaign: {minutes:.1f} min, {len(self.nodes)} processes, seed {self.args.seed}"
        )
        print(f"  tables: {len(self.tables)} ({finished} finished), stored events {stored_events}")
        kinds = ", ".join(f"{kind} {n}" for kind, n in sorted(self.faults.items()))
        print(f"  faults: {sum(self.faults.values())} ({kinds})")
        print(
            f"  decisions sent {len(attempts)}: acknowledged {outcomes['acked']}, "
            f"refused {outcomes['refused']} ({dict(codes)}), unknown {outcomes['unknown']}"
        )
        if waits:
            print(
                "  answer wait p50 / p95 / max: "
                f"{_ms(statistics.median(waits))} / {_ms(waits[int(len(waits) * 0.95)])} / "
                f"{_ms(waits[-1])}"
            )
        if takeovers:
            print(
                f"  takeovers measured {len(takeovers)}: "
                f"p50 {statistics.median(takeovers):.2f} s, max {takeovers[-1]:.2f} s"
            )
        print(f"  simultaneous joins {self.joins}: spectators who heard nothing: {len(self.deaf)}")
        problems = {
            "acknowledged decisions lost": lost,
            "refused decisions stored": refused_stored,
            "stored decisions nobody sent": unexplained,
            "frozen pages (a decision unanswered over 10 s)": frozen,
            "pages not at the stored seq at the end": behind,
            "pages whose view is not view(seat)": views,
            "deaf spectators": self.deaf,
            "takeovers over 3 s or missing": self.slow_takeovers,
        }
        failed = 0
        for name, found_list in problems.items():
            print(f"  {name}: {len(found_list)}")
            for line in found_list[:5]:
                print(f"      {line}")
            failed += len(found_list)
        return 1 if failed else 0

    def close(self) -> None:
        for table in self.tables:
            for page in table.pages:
                page.stop()
        for node in self.nodes:
            node.close()
        self.store.close()
        with contextlib.suppress(redis.RedisError):
            for key in self.redis.scan_iter(match=self.prefix + "*"):
                self.redis.delete(key)
        self.redis.close()


def _ms(seconds: float) -> str:
    return f"{seconds * 1000:.0f} ms" if math.isfinite(seconds) else "-"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--minutes", type=float, default=5.0)
    parser.add_argument("--processes", type=int, default=3)
    parser.add_argument("--tables", type=int, default=4)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--redis", default="redis://127.0.0.1:6379/15")
    parser.add_argument("--postgres", default="postgresql+psycopg://postgres@127.0.0.1:5432/test")
    parser.add_argument("--keep", action="store_true", help="keep the database and the logs")
    args = parser.parse_args()
    if not 0 < args.minutes <= 120 or not 2 <= args.processes <= 8 or not 1 <= args.tables <= 50:
        parser.error("--minutes 0-120, --processes 2-8, --tables 1-50")
    for url in (args.redis, args.postgres):
        if make_url(url).host not in ("127.0.0.1", "localhost"):
            parser.error(f"{url}: this campaign runs against 127.0.0.1 only")
    base = make_url(args.postgres)
    name = f"relicbox_campaign_{secrets.token_hex(4)}"
    admin = create_engine(base, isolation_level="AUTOCOMMIT")
    with admin.connect() as connection:
        connection.execute(text(f'CREATE DATABASE "{name}"'))
    db = base.set(database=name).render_as_string(hide_password=False)
    logs = Path(tempfile.mkdtemp(prefix="relicbox-campaign-"))
    print(f"fault campaign: database {name}, logs in {logs}", flush=True)
    campaign = Campaign(args, db, logs)
    started = time.monotonic()
    try:
        campaign.run()
        behind = campaign.settle()
        return campaign.report(behind, (time.monotonic() - started) / 60)
    finally:
        campaign.close()
        if not args.keep:
            with admin.connect() as connection:
                connection.execute(text(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))
        admin.dispose()


if __name__ == "__main__":
    if sys.argv[1:2] == ["serve"]:
        serve(int(sys.argv[2]), sys.argv[3], sys.argv[4], sys.argv[5])
    else:
        sys.exit(main())
