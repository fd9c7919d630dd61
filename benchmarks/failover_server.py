"""Several ``relicbox serve --redis`` processes on one PostgreSQL, under load, with a failover.

    python3 benchmarks/failover_server.py --processes 2 --tables 40 --seconds 30 [--failover]
        [--redis redis://127.0.0.1:6379/14] [--db postgresql+psycopg://postgres@127.0.0.1/test]

Starts N server processes (one Redis key prefix of their own, a new PostgreSQL database
unless ``--db`` is given), makes each table at a random process and connects its person
to another random process, so most people play through a process that does not own
their table. Every person answers their seat's decisions at once with a random legal
action, with the ``seq`` they decided at, and starts a new table when a game ends.

With ``--failover``, halfway through the run the process that owns the most tables is
killed with SIGKILL; its people reconnect to a random survivor (as the page does).

Prints stored record events per second, people's decision latency (``act`` sent to the
answer: their own event, or a refusal) p50/p95/p99/max, the takeover time of every
table the killed process owned and the longest wait any person had across it, and then
checks every table against what its person was told: the record replays, the person's
decisions that were answered are each stored exactly once (an ``act`` in flight when its
process died may or may not have been committed: it was never acknowledged), and the
person's final view equals ``view(seat)`` of the replayed record.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import dataclasses
import json
import os
import random
import secrets
import signal
import subprocess
import sys
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
import redis
import websockets
from load_server import add_load_options, free_port
from sqlalchemy import create_engine, text
from sqlalchemy.engine import make_url

from relicbox.core.registry import replay
from relicbox.server.store import Store


@dataclass
class Server:
    port: int
    process: subprocess.Popen[bytes]
    alive: bool = True
    cpu: float = 0.0
    """CPU seconds the process had used when last looked at (Linux: /proc)."""

    def look(self) -> None:
        with contextlib.suppress(OSError, ValueError, IndexError):
            fields = Path(f"/proc/{self.process.pid}/stat").read_text().rsplit(")", 1)[1].split()
            self.cpu = (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")

    @property
    def base(self) -> str:
        return f"http://127.0.0.1:{self.port}"


def serve(port: int, db: str, redis_url: str, prefix: str) -> None:
    """One server process, as ``relicbox serve --redis`` runs it, with bot delay 0 and the
    per-address limits lifted (every client here comes from 127.0.0.1)."""
    import uvicorn
    from load_server import LIFTED_LIMITS

    from relicbox.server.app import Settings, create_app

    known = {field.name for field in dataclasses.fields(Settings)}
    lifted = {name: value for name, value in LIFTED_LIMITS.items() if name in known}
    settings = Settings(
        db_url=db,
        bot_delay=0.0,
        bot_workers=0,
        redis_url=redis_url,
        redis_prefix=prefix,
        **lifted,
    )
    uvicorn.run(
        create_app(settings),
        host="127.0.0.1",
        port=port,
        ws_max_size=64 * 1024,
        log_level="warning",
        access_log=False,
    )


def start_servers(count: int, db: str, redis_url: str, prefix: str) -> list[Server]:
    servers = []
    for _ in range(count):
        port = free_port()
        command = [sys.executable, __file__, "serve", str(port), db, redis_url, prefix]
        process = subprocess.Popen(command, stdout=subprocess.DEVNULL)
        servers.append(Server(port, process))
    deadline = time.monotonic() + 120
    for server in servers:
        while True:
            try:
                httpx.get(server.base + "/api/games", timeout=1)
                break
            except httpx.HTTPError:
                if time.monotonic() > deadline:
                    raise SystemExit("a server did not start") from None
                time.sleep(0.2)
    return servers


@dataclass
class Person:
    """One person's table, and everything they were told and did there."""

    table: str
    token: str
    seat: int = 0
    seq: int = -1
    view: dict[str, Any] | None = None
    to_act: list[int] = field(default_factory=list)
    legal: list[dict[str, Any]] = field(default_factory=list)
    over: bool = False
    answered: int = 0
    refused: int = 0
    unanswered: int = 0
    """Decisions in flight when the person's process died or the run ended: never
    acknowledged, so they may or may not be stored."""


@dataclass
class Totals:
    latencies: list[float] = field(default_factory=list)
    people: list[Person] = field(default_factory=list)
    longest_wait_after_kill: float = 0.0
    killed_at: float | None = None


def answered(person: Person, frame: dict[str, Any], sent_seq: int) -> bool:
    """Whether an event answers the person's decision sent at ``sent_seq``: the table moved
    on and the seat is no longer asked what it was asked (it waits for the others, the
    step resolved, or the game ended)."""
    if frame["seq"] <= sent_seq:
        return False
    return person.seat not in frame["to_act"] or bool(frame["history"]) or frame["over"]


def take(person: Person, frame: dict[str, Any]) -> bool:
    """Apply a frame to the person's view; False when it does not follow (resync)."""
    if frame["type"] == "state":
        person.seq, person.view = frame["seq"], frame["view"]
        person.to_act, person.legal, person.over = frame["to_act"], frame["legal"], frame["over"]
        return True
    if frame["since"] != person.seq or person.view is None:
        return False
    person.view.update(frame["view"])
    if frame["history"]:
        person.view["history"] = [*person.view["history"], *frame["history"]]
    person.seq, person.to_act, person.over = frame["seq"], frame["to_act"], frame["over"]
    person.legal = frame.get("legal", [])
    return True


async def play_table(
    servers: list[Server], person: Person, rng: random.Random, until: float, totals: Totals
) -> None:
    sent_at: float | None = None
    sent_seq = -1
    while time.monotonic() < until and not person.over:
        server = rng.choice([s for s in servers if s.alive])
        uri = f"ws://127.0.0.1:{server.port}/ws/{person.table}"
        try:
            async with websockets.connect(uri, max_size=2**24) as ws:
                await ws.send(json.dumps({"type": "join", "token": person.token}))
                while time.monotonic() < until and not person.over:
                    try:
                        raw = await asyncio.wait_for(ws.recv(), timeout=until - time.monotonic())
                    except TimeoutError:
                        break
                    frame = json.loads(raw)
                    kind = frame["type"]
                    if kind == "error":
                        if sent_at is not None and frame.get("code") not in ("rate-limited",):
                            person.refused += 1
                            totals.latencies.append(time.monotonic() - sent_at)
                            sent_at = None
                        continue
                    if kind not in ("state", "event"):
                        continue
                    if (
                        kind == "event"
                        and sent_at is not None
                        and answered(person, frame, sent_seq)
                    ):
                        wait = time.monotonic() - sent_at
                        totals.latencies.append(wait)
                        killed = totals.killed_at
                        if killed is not None and killed - 1 <= sent_at < killed + 10:
                            totals.longest_wait_after_kill = max(
                                totals.longest_wait_after_kill, wait
                            )
                        person.answered += 1
                        sent_at = None
                    if not take(person, frame):
                        await ws.send(json.dumps({"type": "resync"}))
                        continue
                    if kind == "state" and sent_at is not None and person.seat in person.to_act:
                        # the join after a reconnect: the decision may or may not be in
                        person.unanswered += 1
                        sent_at = None
                    if person.legal and sent_at is None and not person.over:
                        choice = rng.choice(person.legal)["text"]
                        sent_at, sent_seq = time.monotonic(), person.seq
                        await ws.send(
                            json.dumps({"type": "act", "action": choice, "seq": person.seq})
                        )
        except (OSError, websockets.ConnectionClosed):
            if sent_at is not None:
                person.unanswered += 1
                sent_at = None
            await asyncio.sleep(0.1)
    if sent_at is not None:
        person.unanswered += 1  # still in flight when the run ended


async def person_loop(
    servers: list[Server], args: argparse.Namespace, seed: int, until: float, totals: Totals
) -> None:
    rng = random.Random(seed)
    async with httpx.AsyncClient(timeout=30) as http:
        while time.monotonic() < until:
            maker = rng.choice([s for s in servers if s.alive])
            seats = [{"kind": "me"}] + [{"kind": "bot", "bot": args.bot}] * (args.players - 1)
            try:
                made = (
                    await http.post(
                        maker.base + "/api/tables",
                        json={
                            "game": args.game,
                            "players": args.players,
                            "seats": seats,
                            "name": f"p{seed}",
                        },
                    )
                ).json()
            except httpx.HTTPError:
                await asyncio.sleep(0.2)
                continue
            person = Person(made["table"], made["token"], made["seat"])
            totals.people.append(person)
            await play_table(servers, person, rng, until, totals)


def owners(client: redis.Redis, prefix: str) -> Counter[int]:
    """How many tables each process id owns now."""
    counts: Counter[int] = Counter()
    for key in client.scan_iter(match=f"{prefix}lease:*", count=1000):
        holder = client.get(key)
        if holder is not None:
            counts[int(str(holder).split(":")[1])] += 1
    return counts


async def failover(
    servers: list[Server],
    client: redis.Redis,
    prefix: str,
    store: Store,
    at: float,
    totals: Totals,
) -> dict[str, Any]:
    await asyncio.sleep(max(0.0, at - time.monotonic()))
    counts = owners(client, prefix)
    victim_pid, _ = counts.most_common(1)[0]
    victim = next(s for s in servers if s.process.pid == victim_pid)
    owned = [
        str(key).removeprefix(f"{prefix}lease:")
        for key in client.scan_iter(match=f"{prefix}lease:*", count=1000)
        if str(client.get(key) or "").split(":")[1:2] == [str(victim_pid)]
    ]
    victim.process.send_signal(signal.SIGKILL)
    killed = time.monotonic()
    totals.killed_at = killed
    victim.alive = False
    taken: dict[str, float] = {}
    while len(taken) < len(owned) and time.monotonic() - killed < 30:
        for table in owned:
            if table in taken:
                continue
            holder = client.get(f"{prefix}lease:{table}")
            if holder is not None and str(holder).split(":")[1] != str(victim_pid):
                taken[table] = time.monotonic() - killed
            elif holder is None and await asyncio.to_thread(finished, store, table):
                taken[table] = 0.0  # it ended just before the kill: nothing to take over
        await asyncio.sleep(0.02)
    return {"owned": len(owned), "taken": taken}


def finished(store: Store, table: str) -> bool:
    row = store.table(table)
    return row is None or row.status != "playing"


def check(db: str, people: list[Person]) -> dict[str, int]:
    store = Store(db)
    result = Counter[str]()
    try:
        for person in people:
            record = store.record(person.table)
            events = store.events(person.table)
            if record is None or person.view is None:
                result["not started"] += 1
                continue
            assert [e.seq for e in events] == list(range(len(events))), person.table
            state = replay(record)
            stored = sum(1 for e in events if e.seat == person.seat and e.reason is None)
            if stored < person.answered:
                result["lost"] += person.answered - stored
            if stored > person.answered + person.unanswered:
                result["doubled"] += stored - person.answered - person.unanswered
                print(f"  table {person.table}: {stored} stored, {person}", file=sys.stderr)
            result["in flight, stored"] += min(person.unanswered, max(0, stored - person.answered))
            if person.seq == state.record_length and person.view == state.view(person.seat):
                result["views equal"] += 1
            else:
                result["views differ"] += 1
            result["tables"] += 1
            result["events"] += len(events)
    finally:
        store.close()
    return dict(result)


async def settle(servers: list[Server], people: list[Person]) -> None:
    """Let every person's page catch up with its table (a fresh join, then quiet)."""

    async def catch_up(person: Person) -> None:
        server = random.choice([s for s in servers if s.alive])
        uri = f"ws://127.0.0.1:{server.port}/ws/{person.table}"
        with contextlib.suppress(OSError, websockets.ConnectionClosed, TimeoutError):
            async with websockets.connect(uri, max_size=2**24) as ws:
                await ws.send(json.dumps({"type": "join", "token": person.token}))
                while True:
                    frame = json.loads(await asyncio.wait_for(ws.recv(), timeout=1.5))
                    if frame["type"] in ("state", "event"):
                        take(person, frame)

    await asyncio.gather(*(catch_up(p) for p in people if not p.over))


async def run(
    args: argparse.Namespace, servers: list[Server], client: redis.Redis, prefix: str, db: str
) -> tuple[Totals, dict[str, Any] | None, float]:
    totals = Totals()
    started = time.monotonic()
    until = started + args.seconds
    loops = [person_loop(servers, args, n, until, totals) for n in range(args.tables)]
    jobs: list[Any] = list(loops)
    store = Store(db)
    if args.failover:
        jobs.append(failover(servers, client, prefix, store, started + args.seconds / 2, totals))
    watching = asyncio.create_task(watch_cpu(servers))
    results = await asyncio.gather(*jobs)
    watching.cancel()
    store.close()
    elapsed = time.monotonic() - started
    await asyncio.sleep(1.0)
    await settle(servers, totals.people)
    return totals, (results[-1] if args.failover else None), elapsed


async def watch_cpu(servers: list[Server]) -> None:
    """Look at every process's CPU time twice a second (a killed one keeps its last)."""
    while True:
        for server in servers:
            if server.alive:
                server.look()
        await asyncio.sleep(0.5)


def percentile(values: list[float], share: float) -> float:
    return values[min(len(values) - 1, int(share * len(values)))] if values else float("nan")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument(
        "--processes", type=int, default=2, help="server processes (default %(default)s)"
    )
    add_load_options(parser, tables=40)
    parser.add_argument(
        "--redis",
        default="redis://127.0.0.1:6379/14",
        help="Redis URL the processes share (default %(default)s)",
    )
    parser.add_argument(
        "--db", help="PostgreSQL URL (default: a new database on the local server, dropped)"
    )
    parser.add_argument(
        "--failover",
        action="store_true",
        help="kill -9 the owner of the most tables halfway and measure the takeover",
    )
    args = parser.parse_args()

    admin = None
    db = args.db
    if db is None:
        base = make_url(
            os.environ.get(
                "RELICBOX_BENCH_POSTGRES", "postgresql+psycopg://postgres@127.0.0.1/test"
            )
        )
        name = f"relicbox_bench_{secrets.token_hex(4)}"
        admin = create_engine(base, isolation_level="AUTOCOMMIT")
        with admin.connect() as connection:
            connection.execute(text(f'CREATE DATABASE "{name}"'))
        db = base.set(database=name).render_as_string(hide_password=False)
    prefix = f"relicbox-bench-{secrets.token_hex(4)}:"
    client = redis.Redis.from_url(args.redis, decode_responses=True)
    servers = start_servers(args.processes, db, args.redis, prefix)
    try:
        totals, killed, elapsed = asyncio.run(run(args, servers, client, prefix, db))
        verdict = check(db, totals.people)
    finally:
        for server in servers:
            if server.process.poll() is None:
                server.process.terminate()
                server.process.wait(timeout=30)
        for key in client.scan_iter(match=prefix + "*"):
            client.delete(key)
        if admin is not None:
            with admin.connect() as connection:
                connection.execute(text(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))
            admin.dispose()
    latencies = sorted(totals.latencies)
    print(
        f"{args.processes} processes, {args.tables} people at once, {args.game} "
        f"({args.players} players, bots: {args.bot}), {elapsed:.0f} s, PostgreSQL + Redis"
    )
    events = verdict.get("events", 0)
    cpu = sum(server.cpu for server in servers)
    print(
        f"record events stored: {events / elapsed:.0f}/s; the servers' CPU (bots included): "
        f"{cpu:.1f} s, {1000 * cpu / max(events, 1):.2f} ms a stored event"
    )
    print(
        f"people's decisions answered: {len(latencies)} ({len(latencies) / elapsed:.0f}/s); "
        f"latency p50 {percentile(latencies, 0.5) * 1000:.0f} ms, "
        f"p95 {percentile(latencies, 0.95) * 1000:.0f} ms, "
        f"p99 {percentile(latencies, 0.99) * 1000:.0f} ms, max {latencies[-1] * 1000:.0f} ms"
    )
    if killed is not None:
        taken = sorted(killed["taken"].values())
        slowest = taken[-1] if taken else float("nan")
        print(
            f"failover: killed the owner of {killed['owned']} tables; "
            f"{len(taken)} taken over, the slowest after {slowest:.2f} s; "
            f"longest wait of a person's decision across it: "
            f"{totals.longest_wait_after_kill:.2f} s"
        )
    print(f"check: {verdict}")


if __name__ == "__main__":
    if sys.argv[1:2] == ["serve"]:
        serve(int(sys.argv[2]), sys.argv[3], sys.argv[4], sys.argv[5])
    else:
        main()
