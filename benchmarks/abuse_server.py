"""The server's defences, measured: ordinary tables keep playing while strangers attack.

    python3 benchmarks/abuse_server.py [--tables 10] [--seconds 12] [--only deep-json,...]

Starts ``relicbox serve`` as a child process on 127.0.0.1 with its default limits (a fresh
SQLite file); each attack runs in a process of its own at the lowest CPU priority, as if
it came from another machine. Ten ordinary tables play throughout (each a person,
answering at once with a random legal action, against three rule bots; a new table
whenever a game ends). First a quiet phase, then each attack for ``--seconds``, one after
another, then quiet again:

* ``watcher-flood``: 300 spectators on one ordinary table, from one address and from 15;
* ``expensive-bot``: tables of Relic Runners searches (``ismcts:iters=5000``) and specs
  past the limits (``ismcts:iters=10000000``, ``ismcts:ms=60000``);
* ``table-spam``: as many tables as one address can make, open and all-bot;
* ``slow-reader``: spectators that never read, asking for pongs;
* ``deep-json``: ``"[" * 4000`` over the WebSocket and a deeply nested HTTP body;
* ``huge-body``: 20 MB bodies, with a length and streamed without one;
* ``odd-headers``: foreign ``Origin`` on WebSockets, forged ``X-Forwarded-For`` to
  escape the rate limit, a 64 KB header, a length that is not a number.

For each phase it prints the ordinary people's decision latency (act sent to the
``state`` or ``event`` whose seq grew: median and p95), ``bot-late`` notes on ordinary
tables, the lobby's response time (``/`` and ``/api/tables``, max and p95), the server's
memory (RSS of it and its bot workers) and what the attacker was answered (status codes
and error codes; a request that timed out counts as a hang). Every count and every phase
is bounded; the script stops the server and itself at the end. Traffic stays on loopback:
each person, the attacker and the lobby visitor speak from their own 127.x.y.z address.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import random
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import httpx
from load_server import free_port
from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import InvalidStatus, WebSocketException

ATTACKS = (
    "watcher-flood",
    "expensive-bot",
    "table-spam",
    "slow-reader",
    "deep-json",
    "huge-body",
    "odd-headers",
)
HANG = 10.0
"""Seconds after which an attacker's request counts as a hang."""


def start_server(db: str, port: int) -> subprocess.Popen[bytes]:
    command = [
        sys.executable,
        "-m",
        "relicbox.cli.main",
        "serve",
        "--port",
        str(port),
        "--db",
        db,
        "--bot-delay",
        "0.2",
    ]
    log = open(os.environ.get("RELICBOX_ABUSE_LOG", os.devnull), "wb")  # noqa: SIM115
    process = subprocess.Popen(command, stdout=log, stderr=log)
    deadline = time.monotonic() + 90
    while time.monotonic() < deadline:
        try:
            if httpx.get(f"http://127.0.0.1:{port}/api/games", timeout=30).status_code == 200:
                return process
        except httpx.HTTPError:
            time.sleep(0.3)
    process.kill()
    raise SystemExit("the server did not start")


def rss_mb(pid: int) -> float:
    """Resident memory of ``pid`` and its children (the bot workers), in MB."""
    total = 0
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            status = (entry / "status").read_text()
        except OSError:
            continue
        fields = dict(line.split(":", 1) for line in status.splitlines() if ":" in line)
        if entry.name == str(pid) or fields.get("PPid", "").strip() == str(pid):
            total += int(fields.get("VmRSS", "0 kB").split()[0])
    return total / 1024


@dataclass
class Phase:
    name: str
    started: float = field(default_factory=time.monotonic)
    started_utc: datetime = field(default_factory=lambda: datetime.now(UTC))
    ended_utc: datetime | None = None
    latencies: list[float] = field(default_factory=list)
    lobby: list[float] = field(default_factory=list)
    rss: list[float] = field(default_factory=list)
    answers: Counter[str] = field(default_factory=Counter)
    person_errors: Counter[str] = field(default_factory=Counter)
    bot_late: int = 0


class Bench:
    def __init__(self, base: str, server_pid: int, seed: int) -> None:
        self.base = base
        self.ws_base = base.replace("http", "ws")
        self.server_pid = server_pid
        self.phase = Phase("quiet")
        self.phases: list[Phase] = []
        self.stopping = False
        self.ordinary: set[str] = set()
        self.addresses = 0
        self.rng = random.Random(seed)

    def next_person_address(self) -> str:
        self.addresses += 1
        return f"127.0.{1 + self.addresses // 250}.{1 + self.addresses % 250}"

    def http(self, address: str, timeout: float = 30) -> httpx.AsyncClient:
        transport = httpx.AsyncHTTPTransport(local_address=address)
        return httpx.AsyncClient(base_url=self.base, transport=transport, timeout=timeout)

    def ws(self, table: str, address: str, **options: Any) -> Any:
        return connect(
            f"{self.ws_base}/ws/{table}",
            local_addr=(address, 0),
            max_size=2**24,
            open_timeout=HANG,
            **options,
        )

    # -- the ordinary tables ------------------------------------------------------------

    async def person(self, number: int) -> None:
        rng = random.Random(number)
        while not self.stopping:
            address = self.next_person_address()
            async with self.http(address) as http:
                seats = [{"kind": "me"}] + [{"kind": "bot", "bot": "rule"}] * 3
                made = await http.post(
                    "/api/tables",
                    json={"game": "diamant", "players": 4, "seats": seats, "name": f"P{number}"},
                )
            if made.status_code != 201:
                await asyncio.sleep(1)
                continue
            table, token = made.json()["table"], made.json()["token"]
            self.ordinary.add(table)
            with contextlib.suppress(WebSocketException, OSError, TimeoutError):
                async with self.ws(table, address) as ws:
                    await self.play(ws, token, rng)

    async def play(self, ws: ClientConnection, token: str, rng: random.Random) -> None:
        """Answer at once with a random legal action, one decision per question: a sent
        act is answered by an error or by the event that carries it (the seat alone was
        asked: the next one; at a simultaneous step: the one where the seat has chosen, its
        choices changed or the step resolved). Another seat's choice raises the seq while
        this seat's act is on its way, and its frame still offers the question this act
        answers: choosing again from it would be a second answer to one question."""
        await ws.send(json.dumps({"type": "join", "token": token}))
        seq, seat = 0, None
        sent: tuple[float, int, Phase] | None = None
        alone, offered = False, []
        while not self.stopping:
            frame = json.loads(await asyncio.wait_for(ws.recv(), 60))
            if frame["type"] == "welcome":
                seat = frame["seat"]
            if frame["type"] == "error":
                self.phase.person_errors[frame["code"]] += 1
                sent = None  # refused: choose again on the next frame
                continue
            if frame["type"] not in ("state", "event"):
                continue
            seq = max(seq, frame.get("seq", 0))
            legal = frame.get("legal") or []
            if sent is not None:
                answered = frame["type"] == "state" or alone or seat not in frame["to_act"]
                answered = answered or bool(frame.get("history")) or legal != offered
                if not answered:
                    continue
                sent[2].latencies.append(time.monotonic() - sent[0])
                sent = None
            if frame.get("over"):
                return
            if legal:
                choice = rng.choice(legal)["text"]
                sent, alone, offered = (
                    (time.monotonic(), seq, self.phase),
                    frame["to_act"] == [seat],
                    legal,
                )
                await ws.send(json.dumps({"type": "act", "action": choice, "seq": seq}))

    # -- what everyone else sees -----------------------------------------------------------

    async def lobby_visitor(self) -> None:
        async with self.http("127.0.99.1", timeout=HANG) as http:
            while not self.stopping:
                for path in ("/", "/api/tables?status=open"):
                    started = time.monotonic()
                    try:
                        await http.get(path)
                        self.phase.lobby.append(time.monotonic() - started)
                    except httpx.HTTPError:
                        self.phase.lobby.append(HANG)
                self.phase.rss.append(rss_mb(self.server_pid))
                await asyncio.sleep(0.5)

    async def attack_from_outside(self, name: str, until: float) -> None:
        command = [
            sys.executable,
            __file__,
            "--attack",
            name,
            "--base",
            self.base,
            "--seconds",
            str(until - time.monotonic()),
            "--ordinary=" + ",".join(sorted(self.ordinary)),
        ]
        # the attacker's own CPU is not the server's: on a real network it is elsewhere,
        # so here it gets only what nothing else wants
        process = await asyncio.create_subprocess_exec(
            *command, stdout=subprocess.PIPE, preexec_fn=lambda: os.nice(19)
        )
        try:
            out, _ = await asyncio.wait_for(process.communicate(), until - time.monotonic() + 30)
            self.phase.answers.update(json.loads(out or b"{}"))
        except TimeoutError:
            process.kill()
            self.phase.answers["attacker did not stop"] += 1

    # -- the run ----------------------------------------------------------------------------

    async def run(self, attacks: list[str], seconds: float, tables: int) -> None:
        people = [asyncio.create_task(self.person(n)) for n in range(tables)]
        visitor = asyncio.create_task(self.lobby_visitor())
        await asyncio.sleep(3)  # the tables get going
        for name in ["quiet", *attacks, "quiet-again"]:
            self.phase = Phase(name)
            until = time.monotonic() + seconds
            if not name.startswith("quiet"):
                await self.attack_from_outside(name, until)
            await asyncio.sleep(max(0.0, until - time.monotonic()))
            self.phase.ended_utc = datetime.now(UTC)
            self.phases.append(self.phase)
        self.phase = Phase("after")
        self.stopping = True
        for task in [*people, visitor]:
            task.cancel()
        await asyncio.gather(*people, visitor, return_exceptions=True)


class Attacker:
    """One attack, run in a process of its own (so its work never slows the people's
    clients); prints what it was answered as JSON."""

    def __init__(self, base: str, ordinary: list[str]) -> None:
        self.base = base
        self.ws_base = base.replace("http", "ws")
        self.ordinary = ordinary
        self.answers: Counter[str] = Counter()

    http = Bench.http
    ws = Bench.ws

    def count(self, answer: str) -> None:
        self.answers[answer] += 1

    async def refusal(self, response: httpx.Response) -> None:
        code = ""
        with contextlib.suppress(ValueError, KeyError, TypeError):
            code = response.json()["error"]
        self.count(f"{response.status_code} {code}".strip())

    async def attack(self, name: str, until: float) -> None:
        attacks: dict[str, Callable[[float], Awaitable[None]]] = {
            "watcher-flood": self.watcher_flood,
            "expensive-bot": self.expensive_bot,
            "table-spam": self.table_spam,
            "slow-reader": self.slow_reader,
            "deep-json": self.deep_json,
            "huge-body": self.huge_body,
            "odd-headers": self.odd_headers,
        }
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(attacks[name](until), until - time.monotonic() + HANG)

    async def watcher(self, table: str, address: str, until: float) -> None:
        try:
            async with self.ws(table, address) as ws:
                await ws.send(json.dumps({"type": "join"}))
                first = json.loads(await asyncio.wait_for(ws.recv(), HANG))
                self.count("watching" if first["type"] != "error" else f"ws {first['code']}")
                while time.monotonic() < until:
                    with contextlib.suppress(TimeoutError):
                        await asyncio.wait_for(ws.recv(), max(0.1, until - time.monotonic()))
        except InvalidStatus as refused:
            self.count(f"ws handshake {refused.response.status_code}")
        except TimeoutError:
            self.count("hang")
        except (WebSocketException, OSError):
            self.count("ws closed by server")

    async def watcher_flood(self, until: float) -> None:
        target = self.ordinary[0]
        one = [self.watcher(target, "127.0.66.1", until) for _ in range(60)]
        many = [self.watcher(target, f"127.0.67.{1 + n % 15}", until) for n in range(240)]
        await asyncio.gather(*one, *many)

    async def expensive_bot(self, until: float) -> None:
        async with self.http("127.0.66.2", timeout=HANG) as http:
            for spec, players in (
                ("ismcts:iters=10000000", 3),
                ("ismcts:ms=60000", 3),
                ("ismcts:iters=5000", 3),
                ("ismcts:iters=5000", 3),
                ("ismcts:iters=5000", 3),
                ("ismcts", 3),
            ):
                seats = [{"kind": "bot", "bot": spec}] * players
                body = {"game": "relic-runners", "players": players, "seats": seats}
                try:
                    await self.refusal(await http.post("/api/tables", json=body))
                except httpx.TimeoutException:
                    self.count("hang")
                except httpx.TransportError:  # closed unanswered: count it, attack on
                    self.count("connection closed by server")
        await asyncio.sleep(max(0.0, until - time.monotonic()))

    async def table_spam(self, until: float) -> None:
        async with self.http("127.0.66.3", timeout=HANG) as http:
            for number in range(2000):
                if time.monotonic() >= until:
                    return
                kinds = ["me", "open", "open"] if number % 2 else ["rule", "rule", "random"]
                seats = [
                    {"kind": k} if k in ("me", "open") else {"kind": "bot", "bot": k} for k in kinds
                ]
                body = {"game": "diamant", "players": 3, "seats": seats, "name": "spam"}
                try:
                    await self.refusal(await http.post("/api/tables", json=body))
                except httpx.TimeoutException:
                    self.count("hang")
                except httpx.TransportError:  # closed unanswered: count it, attack on
                    self.count("connection closed by server")

    async def slow_reader(self, until: float) -> None:
        tables = self.ordinary[:4]

        async def never_reads(table: str) -> None:
            try:
                async with self.ws(table, "127.0.66.4", max_queue=1) as ws:
                    await ws.send(json.dumps({"type": "join"}))
                    for _ in range(3000):
                        if time.monotonic() >= until:
                            self.count("still open at the end")
                            return
                        await ws.send(json.dumps({"type": "ping"}))
                        await asyncio.sleep(0.1)
            except InvalidStatus as refused:
                self.count(f"ws handshake {refused.response.status_code}")
            except (WebSocketException, OSError) as closed:
                code = getattr(getattr(closed, "rcvd", None), "code", None)
                self.count(f"closed by server {code}" if code else "closed by server")

        await asyncio.gather(*(never_reads(tables[n % len(tables)]) for n in range(24)))

    async def deep_json(self, until: float) -> None:
        table = self.ordinary[0]
        deep_body = '{"game": "diamant", "players": 3, "seats": ' + "[" * 20000 + "]" * 20000 + "}"

        async def over_websocket() -> None:
            try:
                async with self.ws(table, "127.0.66.5") as ws:
                    while time.monotonic() < until:
                        await ws.send("[" * 4000)
                        frame = json.loads(await asyncio.wait_for(ws.recv(), HANG))
                        self.count(f"ws {frame.get('code', frame['type'])}")
                        await asyncio.sleep(0.15)
            except TimeoutError:
                self.count("hang")
            except (WebSocketException, OSError):
                self.count("ws closed by server")

        async def over_http() -> None:
            async with self.http("127.0.66.6", timeout=HANG) as http:
                while time.monotonic() < until:
                    try:
                        response = await http.post(
                            "/api/tables",
                            content=deep_body,
                            headers={"content-type": "application/json"},
                        )
                        await self.refusal(response)
                    except httpx.TimeoutException:
                        self.count("hang")
                    except httpx.TransportError:  # closed unanswered: count it, attack on
                        self.count("connection closed by server")
                    await asyncio.sleep(0.05)

        await asyncio.gather(*(over_websocket() for _ in range(4)), over_http())

    async def huge_body(self, until: float) -> None:
        """20 MB bodies, over a plain socket, so the answer is read while the body is still
        being sent (as a browser or curl does): with a length, and streamed without one."""
        host, port = self.base.removeprefix("http://").split(":")
        for number in range(40):
            if time.monotonic() >= until:
                return
            with_length = number % 2 == 0
            framing = "Content-Length: 20000000" if with_length else "Transfer-Encoding: chunked"
            head = (
                f"POST /api/tables HTTP/1.1\r\nHost: {host}:{port}\r\n"
                f"Content-Type: application/json\r\n{framing}\r\n\r\n"
            )
            chunk = b"x" * 50_000
            if not with_length:
                chunk = f"{len(chunk):x}\r\n".encode() + chunk + b"\r\n"
            try:
                reader, writer = await asyncio.wait_for(
                    asyncio.open_connection(host, int(port), local_addr=("127.0.66.7", 0)), HANG
                )
                writer.write(head.encode())
                answer = asyncio.create_task(reader.read(4096))
                sent = 0
                while not answer.done() and sent < 20_000_000:
                    writer.write(chunk)
                    sent += len(chunk)
                    with contextlib.suppress(ConnectionError):
                        await asyncio.wait_for(writer.drain(), HANG)
                    await asyncio.sleep(0)
                raw = await asyncio.wait_for(answer, HANG)
                with contextlib.suppress(TimeoutError, ConnectionError):
                    while b"\r\n\r\n" not in raw or raw.endswith(b"\r\n\r\n"):
                        more = await asyncio.wait_for(reader.read(4096), 1)
                        if not more:
                            break
                        raw += more
                status = raw.split(b"\r\n", 1)[0].decode(errors="replace")
                body = raw.split(b"\r\n\r\n", 1)[-1]
                code = json.loads(body).get("error", "") if body.startswith(b"{") else ""
                self.count(f"{status.split(' ')[1] if ' ' in status else status} {code}")
                self.answers["bytes sent before the answer (max)"] = max(
                    self.answers["bytes sent before the answer (max)"], sent
                )
                self.answers["largest answer (bytes)"] = max(
                    self.answers["largest answer (bytes)"], len(raw)
                )
                writer.close()
            except TimeoutError:
                self.count("hang")
            except (ConnectionError, OSError, ValueError):
                self.count("connection closed by server without an answer")
            await asyncio.sleep(0.2)

    async def odd_headers(self, until: float) -> None:
        table = self.ordinary[0]
        for origin in ("http://evil.example", "null", "http://127.0.0.1.evil.example"):
            try:
                async with self.ws(table, "127.0.66.8", origin=origin):
                    self.count("foreign origin accepted")
            except InvalidStatus as refused:
                self.count(f"foreign origin: ws handshake {refused.response.status_code}")
        async with self.http("127.0.66.9", timeout=HANG) as http:
            for headers in ({"cookie": "a=" + "b" * 65_536}, {"content-length": "lots"}):
                try:
                    response = await http.post("/api/tables", headers=headers, content=b"{}")
                    self.count(f"odd header: {response.status_code}")
                except httpx.TimeoutException:
                    self.count("hang")
                except httpx.TransportError:
                    self.count("odd header: connection closed by server")

            async def forged(number: int) -> None:
                claimed = {"x-forwarded-for": f"10.0.{number // 250}.{number % 250}"}
                try:
                    response = await http.get("/api/tables", headers=claimed)
                    self.count(f"forged address: {response.status_code}")
                except httpx.TimeoutException:
                    self.count("hang")
                except httpx.TransportError:  # closed unanswered: count it, attack on
                    self.count("connection closed by server")

            for burst in range(3):  # bursts past the rate, each under another claimed address
                if time.monotonic() >= until:
                    break
                await asyncio.gather(*(forged(burst * 100 + n) for n in range(100)))
                await asyncio.sleep(1)
        await asyncio.sleep(max(0.0, until - time.monotonic()))


def count_bot_late(db_file: str, bench: Bench) -> None:
    """``bot-late`` notes on ordinary tables, by the phase they fall in."""
    with contextlib.closing(sqlite3.connect(db_file)) as db:
        rows = db.execute("SELECT table_id, at FROM notes WHERE kind = 'bot-late'").fetchall()
    for table_id, at in rows:
        if table_id not in bench.ordinary:
            continue
        stamp = datetime.fromisoformat(str(at)).replace(tzinfo=UTC)
        for phase in bench.phases:
            if phase.started_utc <= stamp <= (phase.ended_utc or stamp):
                phase.bot_late += 1


def p95(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[int(0.95 * (len(ordered) - 1))] if ordered else float("nan")


def report(bench: Bench) -> None:
    quiet = bench.phases[0]
    quiet_p95 = p95(quiet.latencies)
    print(
        f"{'phase':<14} {'decisions':>9} {'median ms':>9} {'p95 ms':>7} {'x quiet':>7} "
        f"{'bot-late':>8} {'lobby max':>9} {'lobby p95':>9} {'RSS MB':>7}"
    )
    for phase in bench.phases:
        median = statistics.median(phase.latencies) * 1000 if phase.latencies else float("nan")
        ratio = p95(phase.latencies) / quiet_p95 if quiet_p95 else float("nan")
        print(
            f"{phase.name:<14} {len(phase.latencies):>9} {median:>9.0f} "
            f"{p95(phase.latencies) * 1000:>7.0f} {ratio:>7.2f} {phase.bot_late:>8} "
            f"{max(phase.lobby, default=0) * 1000:>7.0f}ms {p95(phase.lobby) * 1000:>7.0f}ms "
            f"{max(phase.rss, default=0):>7.0f}"
        )
    print()
    refused = Counter[str]()
    for phase in bench.phases:
        refused.update(phase.person_errors)
    print("the people's refused decisions:", dict(refused) or "none")
    print()
    print("what the attacker was answered:")
    for phase in bench.phases[1:]:
        answers = ", ".join(f"{key}: {value}" for key, value in sorted(phase.answers.items()))
        print(f"  {phase.name}: {answers}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument(
        "--tables",
        type=int,
        default=10,
        help="ordinary tables played during the attacks (default %(default)s)",
    )
    parser.add_argument(
        "--seconds", type=float, default=12, help="length of each attack (default %(default)s)"
    )
    parser.add_argument("--only", help="comma-separated attacks (default: all)")
    parser.add_argument(
        "--seed",
        type=int,
        default=1,
        help="seed of the ordinary tables' games (default %(default)s)",
    )
    parser.add_argument("--attack", help=argparse.SUPPRESS)
    parser.add_argument("--base", help=argparse.SUPPRESS)
    parser.add_argument("--ordinary", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.attack:
        attacker = Attacker(args.base, args.ordinary.split(","))
        until = time.monotonic() + args.seconds
        asyncio.run(attacker.attack(args.attack, until))
        print(json.dumps(attacker.answers))
        return
    attacks = args.only.split(",") if args.only else list(ATTACKS)
    unknown = set(attacks) - set(ATTACKS)
    if unknown:
        raise SystemExit(f"unknown attacks {sorted(unknown)}: choose from {', '.join(ATTACKS)}")
    args.tables = max(1, min(args.tables, 50))
    args.seconds = max(3.0, min(args.seconds, 60.0))
    port = free_port()
    folder = tempfile.mkdtemp(prefix="relicbox-abuse-")
    db_file = str(Path(folder) / "abuse.sqlite")
    server = start_server(f"sqlite:///{db_file}", port)
    try:
        bench = Bench(f"http://127.0.0.1:{port}", server.pid, args.seed)
        asyncio.run(bench.run(attacks, args.seconds, args.tables))
    finally:
        server.terminate()
        try:
            server.wait(timeout=30)
        except subprocess.TimeoutExpired:
            server.kill()
    count_bot_late(db_file, bench)
    print(
        f"{args.tables} ordinary Diamant tables (a person and three rule bots each), "
        f"{args.seconds:.0f} s a phase, {os.cpu_count()} cores"
    )
    report(bench)


if __name__ == "__main__":
    main()
