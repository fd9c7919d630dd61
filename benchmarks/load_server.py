"""Load on a real relicbox server: people at tables with bots, or a crowd of idle sockets.

    python3 benchmarks/load_server.py --tables 50 --seconds 30 [--game diamant] [--db URL]
    python3 benchmarks/load_server.py --idle 2000

Starts the server as a child process (this script's ``serve`` mode: ``create_app`` under
uvicorn as ``relicbox serve`` runs it, with bot delay 0 and the per-address limits
lifted, since every client here comes from 127.0.0.1), on a fresh SQLite file unless
``--db`` is given.

Play mode: each client sits at its own table with bots and answers its seat's decisions at
once with a random legal action (protocol v2: it keeps the view and applies each event),
starting a new table whenever a game ends. Reports stored record events per second, the
people's decision latency (``act`` sent until the event that carries the decision)
p50/p95/p99/max, the bytes of the frames received (median and p95, events and states),
and the server's CPU seconds per stored event (user + system time of the server process:
the fair figure on a shared machine).

Idle mode: opens ``--idle`` WebSockets that join tables as spectators and stay silent;
reports the server's resident memory before and after, per connection.

``RELICBOX_LOAD_DEFLATE=1`` serves with permessage-deflate (``relicbox serve`` has it
off), to measure what compressing every small frame costs.

Traffic stays on 127.0.0.1; every run is bounded in time and stops by itself.
"""

from __future__ import annotations

import argparse
import asyncio
import dataclasses
import json
import os
import random
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import httpx
import websockets

LIFTED_LIMITS: dict[str, Any] = {
    "connections_per_address": 1_000_000,
    "connections_per_table": 1_000_000,
    "tables_per_hour": 1_000_000,
    "open_tables_per_address": 1_000_000,
    "bot_tables_per_hour": 1_000_000,
    "bot_tables_playing": 1_000_000,
    "http_rate": 1_000_000.0,
    "http_burst": 1_000_000.0,
}
"""Settings this benchmark lifts (those the server has), so 127.0.0.1 is not throttled."""


def serve(port: int, db: str, bot_workers: int) -> None:
    """The server, as ``relicbox serve`` runs it, with the limits above lifted."""
    import uvicorn

    from relicbox.server.app import Settings, create_app

    known = {field.name for field in dataclasses.fields(Settings)}
    lifted = {name: value for name, value in LIFTED_LIMITS.items() if name in known}
    settings = Settings(db_url=db, bot_delay=0.0, bot_workers=bot_workers, **lifted)
    uvicorn.run(
        create_app(settings),
        host="127.0.0.1",
        port=port,
        ws_max_size=64 * 1024,
        ws_per_message_deflate=os.environ.get("RELICBOX_LOAD_DEFLATE", "0") == "1",
        log_level="warning",
        access_log=False,
    )


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def start_server(db: str, port: int, bot_workers: int, log: Path) -> subprocess.Popen[bytes]:
    command = [sys.executable, __file__, "serve", str(port), db, str(bot_workers)]
    with log.open("wb") as output:
        process = subprocess.Popen(command, stdout=output, stderr=subprocess.STDOUT)
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        try:
            httpx.get(f"http://127.0.0.1:{port}/api/games", timeout=1)
            return process
        except httpx.HTTPError:
            time.sleep(0.2)
    process.kill()
    raise SystemExit("the server did not start")


def cpu_seconds(pid: int) -> tuple[float, float]:
    """User + system CPU time of a process alone, and with every process under it (bot
    workers included), from Linux ``/proc``."""
    ticks = 0
    parents: dict[int, int] = {}
    times: dict[int, int] = {}
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        number = int(stat.parent.name)
        parents[number] = int(fields[1])
        times[number] = sum(int(value) for value in fields[11:15])  # utime stime cutime cstime
    for number, spent in times.items():
        ancestor = number
        while ancestor > 1 and ancestor != pid:
            ancestor = parents.get(ancestor, 1)
        if ancestor == pid:
            ticks += spent
    hertz = os.sysconf("SC_CLK_TCK")
    return times.get(pid, 0) / hertz, ticks / hertz


def rss_mb(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return float("nan")


class Totals:
    def __init__(self) -> None:
        self.latencies: list[float] = []
        self.events = 0
        self.games = 0
        self.event_bytes: list[int] = []
        self.state_bytes: list[int] = []
        self.stale = 0


def apply(current: dict[str, Any], event: dict[str, Any]) -> dict[str, Any]:
    """The page's picture after one ``event`` (protocol v2)."""
    view = {**(current["view"] or {}), **event["view"]}
    if event["history"]:
        view["history"] = [*view.get("history", []), *event["history"]]
    return {**current, "seq": event["seq"], "view": view, "to_act": event["to_act"],
            "over": event["over"], "legal": event.get("legal", [])}  # fmt: skip


async def create(http: httpx.AsyncClient, body: dict[str, Any]) -> dict[str, Any]:
    """A new table; a keep-alive connection the server closed meanwhile is tried again."""
    for attempt in range(3):
        try:
            response = await http.post("/api/tables", json=body)
            made: dict[str, Any] = response.json()
            return made
        except httpx.TransportError:
            if attempt == 2:
                raise
    raise AssertionError("unreachable")


async def person(
    base: str, game: str, players: int, bot: str, until: float, seed: int, totals: Totals
) -> None:
    rng = random.Random(seed)
    async with httpx.AsyncClient(base_url=base, timeout=30) as http:
        while time.monotonic() < until:
            seats = [{"kind": "me"}] + [{"kind": "bot", "bot": bot}] * (players - 1)
            body = {"game": game, "players": players, "seats": seats, "name": f"load{seed}"}
            made = await create(http, body)
            uri = base.replace("http", "ws") + f"/ws/{made['table']}"
            async with websockets.connect(uri, max_size=2**24) as ws:
                await ws.send(json.dumps({"type": "join", "token": made["token"]}))
                await play(ws, made["seat"], rng, until, totals)


async def play(ws: Any, seat: int, rng: random.Random, until: float, totals: Totals) -> None:
    current: dict[str, Any] | None = None
    sent_at: float | None = None
    alone = False  # whether the seat was the only one asked when it acted
    offered: list[Any] = []  # the legal actions it chose from
    while time.monotonic() < until:
        try:
            raw = await asyncio.wait_for(ws.recv(), timeout=max(0.1, until - time.monotonic()))
        except TimeoutError:
            break
        frame = json.loads(raw)
        if frame["type"] == "state":
            totals.state_bytes.append(len(raw.encode()))
            current = frame
        elif frame["type"] == "event" and current is not None:
            totals.event_bytes.append(len(raw.encode()))
            # the event carrying the decision: the next one when the seat alone was asked;
            # at a simultaneous step, the one where the seat has chosen or the step resolved
            mine = alone or seat not in frame["to_act"] or bool(frame["history"])
            mine = mine or frame.get("legal") != offered
            if sent_at is not None and mine:
                totals.latencies.append(time.monotonic() - sent_at)
                sent_at = None
            current = apply(current, frame)
        elif frame["type"] == "error":
            totals.stale += frame["code"] == "stale"
            sent_at = None  # refused: decide again below
        else:
            continue
        if current is None or current["view"] is None:
            continue
        if current["over"]:
            totals.games += 1
            totals.events += current["seq"]
            return
        if current["legal"] and sent_at is None:
            choice = rng.choice(current["legal"])["text"]
            sent_at, alone = time.monotonic(), current["to_act"] == [seat]
            offered = current["legal"]
            await ws.send(json.dumps({"type": "act", "action": choice, "seq": current["seq"]}))
    if current is not None:
        totals.events += current["seq"]


def percentile(values: Sequence[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[int(share * (len(ordered) - 1))] if ordered else float("nan")


def report_play(
    args: argparse.Namespace,
    db: str,
    totals: Totals,
    elapsed: float,
    cpu: tuple[float, float],
) -> None:
    lat = [v * 1000 for v in totals.latencies]
    print(
        f"{args.tables} tables of {args.game} ({args.players} players, 1 person + bots: "
        f"{args.bot}), {elapsed:.0f} s, database {db.split(':')[0]}"
    )
    print(
        f"record events stored: {totals.events / elapsed:.0f}/s "
        f"({totals.events} in all); games finished: {totals.games}"
    )
    print(
        f"people's decisions: {len(lat)} ({len(lat) / elapsed:.0f}/s), {totals.stale} stale; "
        f"latency p50 {percentile(lat, 0.5):.0f} ms, p95 {percentile(lat, 0.95):.0f} ms, "
        f"p99 {percentile(lat, 0.99):.0f} ms, max {max(lat, default=float('nan')):.0f} ms"
    )
    events, states = totals.event_bytes, totals.state_bytes
    print(
        f"frames: {len(events)} events, median {statistics.median(events or [0]):.0f} B, "
        f"p95 {percentile(events, 0.95):.0f} B; {len(states)} states, median "
        f"{statistics.median(states or [0]):.0f} B"
    )
    alone, tree = cpu
    stored = max(totals.events, 1)
    print(
        f"server CPU: {tree:.1f} s with its bot workers ({tree / elapsed:.0%} of one core), "
        f"{tree / stored * 1000:.2f} ms per event; the server process alone "
        f"{alone / stored * 1000:.2f} ms per event"
    )


async def idle(base: str, count: int, per_table: int, hold: float, pid: int) -> None:
    async with httpx.AsyncClient(base_url=base, timeout=30) as http:
        tables = []
        for n in range(max(1, -(-count // per_table))):
            seats = [{"kind": "me"}, {"kind": "bot", "bot": "rule"}, {"kind": "bot", "bot": "rule"}]
            made = await http.post(
                "/api/tables",
                json={"game": "diamant", "players": 3, "seats": seats, "name": f"idle{n}"},
            )
            tables.append(made.json()["table"])
    before = rss_mb(pid)
    sockets = []
    try:
        for n in range(count):
            uri = base.replace("http", "ws") + f"/ws/{tables[n // per_table]}"
            ws = await websockets.connect(uri, max_size=2**24)
            await ws.send(json.dumps({"type": "join", "lang": "en"}))
            sockets.append(ws)
        await asyncio.sleep(hold)
        after = rss_mb(pid)
        print(
            f"{count} idle spectators' WebSockets ({per_table} a table): server RSS "
            f"{before:.0f} MB before, {after:.0f} MB with them open, "
            f"{(after - before) * 1024 / count:.1f} KB per connection"
        )
    finally:
        await asyncio.gather(*(ws.close() for ws in sockets), return_exceptions=True)


async def run_play(args: argparse.Namespace, base: str) -> Totals:
    totals = Totals()
    until = time.monotonic() + args.seconds
    await asyncio.gather(
        *(
            person(base, args.game, args.players, args.bot, until, n, totals)
            for n in range(args.tables)
        )
    )
    return totals


def add_load_options(parser: argparse.ArgumentParser, *, tables: int) -> None:
    """The options that say what load is played (this benchmark's and the failover's)."""
    parser.add_argument(
        "--tables", type=int, default=tables, help="tables played at once (default %(default)s)"
    )
    parser.add_argument(
        "--seconds", type=float, default=30, help="length of the load (default %(default)s)"
    )
    parser.add_argument(
        "--game", default="diamant", help="game played at every table (default %(default)s)"
    )
    parser.add_argument(
        "--players", type=int, default=4, help="players per table (default %(default)s)"
    )
    parser.add_argument(
        "--bot", default="rule", help="bot in the seats people do not take (default %(default)s)"
    )


def main() -> None:
    if sys.argv[1:2] == ["serve"]:
        serve(int(sys.argv[2]), sys.argv[3], int(sys.argv[4]))
        return
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    add_load_options(parser, tables=50)
    parser.add_argument(
        "--bot-workers",
        type=int,
        default=1,
        help="the server's bot worker processes (default %(default)s)",
    )
    parser.add_argument("--db", help="database URL (default: a new SQLite file)")
    parser.add_argument("--idle", type=int, default=0, help="open this many idle sockets")
    parser.add_argument("--per-table", type=int, default=100, help="idle sockets a table")
    args = parser.parse_args()
    port = free_port()
    folder = tempfile.mkdtemp(prefix="relicbox-load-")
    db = args.db or f"sqlite:///{Path(folder) / 'load.sqlite'}"
    server = start_server(db, port, args.bot_workers, Path(folder) / "server.log")
    print(f"server log: {Path(folder) / 'server.log'}")
    base = f"http://127.0.0.1:{port}"
    try:
        if args.idle:
            asyncio.run(idle(base, args.idle, args.per_table, 3.0, server.pid))
            return
        cpu_before = cpu_seconds(server.pid)
        started = time.monotonic()
        totals = asyncio.run(run_play(args, base))
        elapsed = time.monotonic() - started
        cpu_after = cpu_seconds(server.pid)
        cpu = (cpu_after[0] - cpu_before[0], cpu_after[1] - cpu_before[1])
    finally:
        server.send_signal(signal.SIGINT)  # uvicorn stops gracefully
        try:
            server.wait(timeout=30)
        except subprocess.TimeoutExpired:
            server.kill()
    report_play(args, db, totals, elapsed, cpu)


if __name__ == "__main__":
    main()
