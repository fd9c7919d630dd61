"""The server's defences, measured: ordinary tables keep playing while strangers attack.

    python3 benchmarks/abuse_server.py [--tables 10] [--seconds 30] [--only deep-json,...]

Starts ``relicbox serve`` as a child process on 127.0.0.1 with its default limits (a fresh
SQLite file); each attack runs in a process of its own at the lowest CPU priority, as if
it came from another machine. Ten ordinary tables play throughout (each a person,
answering at once with a random legal action, against three rule bots; a new table
whenever a game ends). First a quiet phase, then each attack for ``--seconds``, one after
another, then quiet again:

* ``watcher-flood``: 300 spectators on one ordinary table, from one address and from 15;
* ``expensive-bot``: tables of Relic Runners searches (``ismcts:iters=5000``) and specs
  past the limits (``ismcts:iters=10000000``, ``ismcts:ms=60000``);
* ``review-flood``: review requests (``/analysis``) of the bots' seats of every finished
  ordinary table, in both languages, ten at a time, each given up after 5 s, while a
  person asks for the review of their own seat (a third into the phase) and waits for it;
* ``expensive-bot-lobby``: five tables of bots alone, each seat the lobby's own search
  (``ismcts:ms=1000`` by default), while one more ordinary person plays against two of
  them (the lateness of those two is reported on its own); last, as its tables play on;
* ``table-spam``: as many tables as one address can make, open and all-bot;
* ``slow-reader``: spectators that never read, asking for pongs;
* ``deep-json``: ``"[" * 4000`` over the WebSocket and a deeply nested HTTP body;
* ``huge-body``: 20 MB bodies, with a length and streamed without one;
* ``odd-headers``: foreign ``Origin`` on WebSockets, forged ``X-Forwarded-For`` to
  escape the rate limit, a 64 KB header, a length that is not a number.

and the second round, each from several 127.x addresses:

* ``state-hoarders``: spectators asking for full states (Relic Runners' among them) five
  times a second and never reading;
* ``replay-requests``: replay steps of the ordinary tables, under the per-address rate;
* ``chat-amplification``: a seat chatting from 10 connections to 150 spectators;
* ``table-spam-20``: open and all-bot tables from 20 addresses;
* ``resync-flood``: spectators asking for the full state every 10 ms, reading it all;
* ``idle-slowloris``: 1,100 idle sockets (opened again when closed), trickled request
  heads and trickled bodies;
* ``mixed``: all of the second round at once, at half their counts.

For each phase it prints the ordinary people's decision latency (act sent to the event
that carries it: median and p95, beside the quiet phase's p95), ``bot-late`` notes on ordinary
tables, the lobby's response time (``/`` and ``/api/tables``, max and p95), the server's
memory (RSS of it and its bot workers: the most, and at the phase's end), the people's
refused decisions, and what the attacker was answered (status codes
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
from functools import partial
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
    "review-flood",
    "expensive-bot-lobby",
)
DEFENCE_ATTACKS = (
    "state-hoarders",
    "replay-requests",
    "chat-amplification",
    "table-spam-20",
    "resync-flood",
    "idle-slowloris",
    "mixed",
)
"""The second round: connections, amplification and fairness (:class:`DefenceAttacks`)."""
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
        self.search_tables: set[str] = set()
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
            beside = asyncio.create_task(ordinary_beside(self, name, until))
            if not name.startswith("quiet"):
                await self.attack_from_outside(name, until)
            await asyncio.sleep(max(0.0, until - time.monotonic()))
            await beside
            self.phase.ended_utc = datetime.now(UTC)
            self.phases.append(self.phase)
        self.phase = Phase("after")
        self.stopping = True
        for task in [*people, visitor]:
            task.cancel()
        await asyncio.gather(*people, visitor, return_exceptions=True)


class DefenceAttacks:
    """The attacks of the second round (connections, amplification, fairness), each from
    several 127.x addresses, every loop bounded in count and by the phase's end; mixed into
    :class:`Attacker`. ``scale`` shrinks their counts (the mixed phase runs them all)."""

    base: str
    ordinary: list[str]
    answers: Counter[str]
    count: Callable[[str], None]
    http: Callable[..., httpx.AsyncClient]
    ws: Callable[..., Any]
    refusal: Callable[[httpx.Response], Awaitable[None]]

    def defence_attacks(self) -> dict[str, Callable[[float], Awaitable[None]]]:
        return {
            "state-hoarders": self.state_hoarders,
            "replay-requests": self.replay_requests,
            "chat-amplification": self.chat_amplification,
            "table-spam-20": self.table_spam_20,
            "resync-flood": self.resync_flood,
            "idle-slowloris": self.idle_slowloris,
            "mixed": self.mixed,
        }

    async def _relic_runners_table(self, address: str) -> str | None:
        """A table of Relic Runners bots (the largest states), made by the attacker."""
        seats = [{"kind": "bot", "bot": "rule"}] * 3
        body = {"game": "relic-runners", "players": 3, "seats": seats}
        async with self.http(address, timeout=HANG) as http:
            with contextlib.suppress(httpx.HTTPError):
                made = await http.post("/api/tables", json=body)
                if made.status_code == 201:
                    table: str = made.json()["table"]
                    return table
                self.count(f"relic-runners table: {made.status_code}")
        return None

    async def _closed(self, what: str, error: BaseException) -> None:
        code = getattr(getattr(error, "rcvd", None), "code", None)
        if isinstance(error, InvalidStatus):
            self.count(f"{what}: handshake {error.response.status_code}")
        else:
            self.count(f"{what}: closed {code}" if code else f"{what}: closed")

    async def state_hoarders(self, until: float, scale: float = 1.0) -> None:
        """Spectators asking for full states (of Relic Runners and the ordinary tables)
        five times a second and never reading: 8 addresses, 10 sockets each."""
        big = await self._relic_runners_table("127.0.70.200")
        targets = [big] if big else []
        targets += self.ordinary[:3]

        async def hoard(table: str, address: str) -> None:
            try:
                async with self.ws(table, address, max_queue=1) as ws:
                    await ws.send(json.dumps({"type": "join"}))
                    for _ in range(1000):
                        if time.monotonic() >= until:
                            self.count("hoarder: open at the end")
                            return
                        await ws.send(json.dumps({"type": "resync"}))
                        await asyncio.sleep(0.2)
            except (WebSocketException, OSError) as error:
                await self._closed("hoarder", error)

        sockets = [
            hoard(targets[n % len(targets)], f"127.0.70.{1 + n % 8}")
            for n in range(int(80 * scale))
        ]
        await asyncio.gather(*sockets)

    async def replay_requests(self, until: float, scale: float = 1.0) -> None:
        """Steps of the ordinary tables' replays (each rebuilt from the record), from 10
        addresses at 15 requests a second each: under the per-address rate."""
        rng = random.Random(7)

        async def ask(address: str) -> None:
            async with self.http(address, timeout=HANG) as http:
                for _ in range(2000):
                    if time.monotonic() >= until:
                        return
                    table = rng.choice(self.ordinary)
                    try:
                        path = f"/api/tables/{table}/replay?step={rng.randrange(200)}"
                        self.count(f"replay: {(await http.get(path)).status_code}")
                    except httpx.TimeoutException:
                        self.count("hang")
                    except httpx.TransportError:
                        self.count("replay: connection closed")
                    await asyncio.sleep(1 / 15)

        await asyncio.gather(*(ask(f"127.0.71.{1 + n}") for n in range(int(10 * scale))))

    async def chat_amplification(self, until: float, scale: float = 1.0) -> None:
        """A table with 150 spectators (10 addresses) whose seat chats from 10 connections
        on 5 addresses as fast as it may: every line goes to every connection."""
        seats = [{"kind": "me"}, {"kind": "open"}, {"kind": "open"}]
        body = {"game": "diamant", "players": 3, "seats": seats, "name": "loud"}
        async with self.http("127.0.72.200", timeout=HANG) as http:
            try:
                made = (await http.post("/api/tables", json=body)).json()
                table, token = made["table"], made["token"]
            except (httpx.HTTPError, KeyError, ValueError):
                self.count("chat: no table")
                return
        heard = Counter[str]()

        async def listen(address: str) -> None:
            try:
                async with self.ws(table, address) as ws:
                    await ws.send(json.dumps({"type": "join"}))
                    while time.monotonic() < until:
                        with contextlib.suppress(TimeoutError):
                            raw = await asyncio.wait_for(ws.recv(), until - time.monotonic())
                            heard[json.loads(raw)["type"]] += 1
            except (WebSocketException, OSError) as error:
                await self._closed("listener", error)

        async def shout(address: str) -> None:
            try:
                async with self.ws(table, address) as ws:
                    await ws.send(json.dumps({"type": "join", "token": token}))
                    for number in range(5000):
                        if time.monotonic() >= until:
                            return
                        await ws.send(json.dumps({"type": "chat", "text": f"spam {number}"}))
                        with contextlib.suppress(TimeoutError):
                            while True:  # read what came, without waiting
                                frame = json.loads(await asyncio.wait_for(ws.recv(), 0.001))
                                if frame["type"] == "error":
                                    self.count(f"chat: {frame['code']}")
                        await asyncio.sleep(0.2)
            except (WebSocketException, OSError) as error:
                await self._closed("chatter", error)

        listeners = [listen(f"127.0.72.{1 + n % 10}") for n in range(int(150 * scale))]
        shouters = [shout(f"127.0.73.{1 + n % 5}") for n in range(int(10 * scale))]
        await asyncio.gather(*listeners, *shouters)
        self.count(f"chat lines heard by the spectators: {heard['chat']}")

    async def table_spam_20(self, until: float, scale: float = 1.0) -> None:
        """As many tables as 20 addresses can make, open and all-bot, for the lobby list."""

        async def spam(address: str) -> None:
            async with self.http(address, timeout=HANG) as http:
                for number in range(200):
                    if time.monotonic() >= until:
                        return
                    kinds = ["me", "open", "open"] if number % 2 else ["rule", "rule", "random"]
                    seats = [
                        {"kind": k} if k in ("me", "open") else {"kind": "bot", "bot": k}
                        for k in kinds
                    ]
                    body = {"game": "diamant", "players": 3, "seats": seats, "name": "spam"}
                    try:
                        await self.refusal(await http.post("/api/tables", json=body))
                    except httpx.TimeoutException:
                        self.count("hang")
                    except httpx.TransportError:
                        self.count("connection closed by server")
                    await asyncio.sleep(0.05)

        await asyncio.gather(*(spam(f"127.0.74.{1 + n}") for n in range(int(20 * scale))))

    async def resync_flood(self, until: float, scale: float = 1.0) -> None:
        """Spectators of the ordinary tables, 8 addresses with 5 sockets each, asking for
        the full state every 10 ms and reading every answer."""

        async def flood(table: str, address: str) -> None:
            try:
                async with self.ws(table, address) as ws:
                    await ws.send(json.dumps({"type": "join"}))
                    for _ in range(10_000):
                        if time.monotonic() >= until:
                            return
                        await ws.send(json.dumps({"type": "resync"}))
                        with contextlib.suppress(TimeoutError):
                            while True:
                                frame = json.loads(await asyncio.wait_for(ws.recv(), 0.01))
                                code = frame.get("code", frame["type"])
                                if frame["type"] in ("state", "error"):
                                    self.count(f"resync: {code}")
            except (WebSocketException, OSError) as error:
                await self._closed("resync", error)

        await asyncio.gather(
            *(
                flood(self.ordinary[n % len(self.ordinary)], f"127.0.75.{1 + n % 8}")
                for n in range(int(40 * scale))
            )
        )

    async def idle_slowloris(self, until: float, scale: float = 1.0) -> None:
        """1,100 idle sockets from 11 addresses, each opened again when the server closes
        it; 100 request heads trickled a header a second; 50 bodies trickled a byte a
        second. Each socket's loop ends with the phase."""
        host, port = self.base.removeprefix("http://").split(":")

        async def hold(address: str, head: bytes, drip: bytes) -> None:
            for _ in range(50):  # reconnections of this socket, at most
                if time.monotonic() >= until:
                    return
                try:
                    reader, writer = await asyncio.wait_for(
                        asyncio.open_connection(host, int(port), local_addr=(address, 0)), HANG
                    )
                except (OSError, TimeoutError):
                    self.count("idle: could not connect")
                    await asyncio.sleep(1)
                    continue
                try:
                    writer.write(head)
                    while True:
                        if time.monotonic() >= until:
                            self.count("idle: held to the end")
                            return
                        try:
                            answer = await asyncio.wait_for(reader.read(4096), 1.0)
                        except TimeoutError:
                            writer.write(drip)  # nothing for an idle socket
                            continue
                        if not answer:
                            self.count("idle: closed by server")
                        else:
                            self.count(f"idle: answered {answer.split(b' ', 2)[1].decode()}")
                        break
                except OSError:
                    self.count("idle: reset by server")
                finally:
                    writer.close()
                await asyncio.sleep(0.5)

        async def hold_until(address: str, head: bytes, drip: bytes) -> None:
            # a socket waiting to connect or to read when the phase ends is let go
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(hold(address, head, drip), until - time.monotonic() + 2)

        slow_head = f"GET / HTTP/1.1\r\nHost: {host}:{port}\r\n".encode()
        slow_body = (
            f"POST /api/tables HTTP/1.1\r\nHost: {host}:{port}\r\n"
            "Content-Type: application/json\r\nContent-Length: 5000\r\n\r\n{"
        ).encode()
        idle = [hold_until(f"127.0.76.{1 + n % 11}", b"", b"") for n in range(int(1100 * scale))]
        heads = [
            hold_until(f"127.0.77.{1 + n % 5}", slow_head, b"x-a: b\r\n")
            for n in range(int(100 * scale))
        ]
        bodies = [
            hold_until(f"127.0.78.{1 + n % 5}", slow_body, b" ") for n in range(int(50 * scale))
        ]
        await asyncio.gather(*idle, *heads, *bodies)

    async def mixed(self, until: float) -> None:
        """Every attack of this round at once, at half their counts."""
        await asyncio.gather(
            self.state_hoarders(until, 0.5),
            self.replay_requests(until, 0.5),
            self.chat_amplification(until, 0.5),
            self.table_spam_20(until, 0.5),
            self.resync_flood(until, 0.5),
            self.idle_slowloris(until, 0.5),
        )


class Attacker(DefenceAttacks):
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
            "expensive-bot-lobby": partial(lobby_searches, self),
            "review-flood": partial(review_flood, self),
            **self.defence_attacks(),
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
        f"{'phase':<20} {'decisions':>9} {'median ms':>9} {'p95 ms':>7} {'quiet p95':>9} "
        f"{'x quiet':>7} {'bot-late':>8} {'lobby max':>9} {'lobby p95':>9} {'RSS MB':>7} "
        f"{'RSS end':>7}"
    )
    for phase in bench.phases:
        median = statistics.median(phase.latencies) * 1000 if phase.latencies else float("nan")
        ratio = p95(phase.latencies) / quiet_p95 if quiet_p95 else float("nan")
        print(
            f"{phase.name:<20} {len(phase.latencies):>9} {median:>9.0f} "
            f"{p95(phase.latencies) * 1000:>7.0f} {quiet_p95 * 1000:>9.0f} {ratio:>7.2f} "
            f"{phase.bot_late:>8} {max(phase.lobby, default=0) * 1000:>7.0f}ms "
            f"{p95(phase.lobby) * 1000:>7.0f}ms {max(phase.rss, default=0):>7.0f} "
            f"{(phase.rss or [0.0])[-1]:>7.0f}"
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


# -- searches of the lobby's own, and reviews -------------------------------------------


async def lobby_search_spec(http: httpx.AsyncClient) -> tuple[str, str]:
    """The game and spec of the lobby's own search: Diamant's if offered, else the first."""
    games = (await http.get("/api/games")).json()
    offered = [(g["name"], b) for g in games for b in g["bots"] if b.startswith("ismcts")]
    return next((o for o in offered if o[0] == "diamant"), offered[0] if offered else ("", ""))


async def lobby_searches(attacker: Attacker, until: float) -> None:
    """Five tables of bots alone (the hourly limit of one address), three seats each of the
    lobby's own search, kept playing through the phase."""
    async with attacker.http("127.0.66.10", timeout=HANG) as http:
        game, spec = await lobby_search_spec(http)
        if not spec:
            attacker.count("no search offered")
            return
        for _ in range(5):
            body = {"game": game, "players": 3, "seats": [{"kind": "bot", "bot": spec}] * 3}
            try:
                await attacker.refusal(await http.post("/api/tables", json=body))
            except httpx.HTTPError:
                attacker.count("hang or closed")
    await asyncio.sleep(max(0.0, until - time.monotonic()))


async def review_flood(attacker: Attacker, until: float) -> None:
    """Up to 78 review requests, ten at a time, each given up after 5 s (the work asked
    for is left behind), of the bots' seats of every finished ordinary table, in both
    languages (seat 0, the person's, is left to :func:`reviewer`)."""
    async with attacker.http("127.0.66.11", timeout=HANG) as http:
        asks = []
        for table in attacker.ordinary:
            with contextlib.suppress(httpx.HTTPError, ValueError, KeyError):
                if (await http.get(f"/api/tables/{table}")).json()["status"] == "finished":
                    asks += [(table, seat, lang) for seat in (1, 2, 3) for lang in ("en", "cs")]
        asks = asks[:78]
        attacker.answers["review requests"] = len(asks)

        async def ask(table: str, seat: int, lang: str) -> None:
            path = f"/api/tables/{table}/analysis?seat={seat}&lang={lang}"
            try:
                response = await http.post(path, json={}, timeout=5.0)
                await attacker.refusal(response)
            except httpx.TimeoutException:
                attacker.count("given up after 5 s")
            except httpx.HTTPError:
                attacker.count("connection closed by server")

        for start in range(0, len(asks), 10):
            if time.monotonic() >= until:
                break
            await asyncio.gather(*(ask(*a) for a in asks[start : start + 10]))
    await asyncio.sleep(max(0.0, until - time.monotonic()))


async def ordinary_beside(bench: Bench, name: str, until: float) -> None:
    """What ordinary people do beside an attack: one plays against the lobby's search
    during ``expensive-bot-lobby``, one asks for a review during ``review-flood``."""
    if name == "expensive-bot-lobby":
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(search_person(bench), max(0.0, until - time.monotonic()))
    elif name == "review-flood":
        await reviewer(bench, until)


async def search_person(bench: Bench) -> None:
    """A person at a table of their own against two of the lobby's own searches."""
    rng = random.Random(99)
    address = bench.next_person_address()
    async with bench.http(address) as http:
        game, spec = await lobby_search_spec(http)
        if not spec:
            return
        seats = [{"kind": "me"}] + [{"kind": "bot", "bot": spec}] * 2
        body = {"game": game, "players": 3, "seats": seats, "name": "Searching"}
        made = await http.post("/api/tables", json=body)
    if made.status_code != 201:
        bench.phase.answers[f"search table refused {made.status_code}"] += 1
        return
    table, token = made.json()["table"], made.json()["token"]
    bench.ordinary.add(table)
    bench.search_tables.add(table)
    with contextlib.suppress(WebSocketException, OSError):
        async with bench.ws(table, address) as ws:
            await bench.play(ws, token, rng)


async def reviewer(bench: Bench, until: float) -> None:
    """A person who asks for the review of their own seat at a finished ordinary table, a
    third into the phase (the flood under way), and waits for it until the phase ends."""
    await asyncio.sleep((until - time.monotonic()) / 3)
    async with bench.http("127.0.98.1", timeout=HANG) as http:
        while time.monotonic() < until:
            for table in sorted(bench.ordinary - bench.search_tables):
                with contextlib.suppress(httpx.HTTPError, ValueError, KeyError):
                    if (await http.get(f"/api/tables/{table}")).json()["status"] != "finished":
                        continue
                    started = time.monotonic()
                    path = f"/api/tables/{table}/analysis?seat=0"
                    try:
                        answer = await http.post(path, json={}, timeout=until - started)
                        took = time.monotonic() - started
                        bench.phase.answers[f"reviewer: {answer.status_code} in {took:.0f} s"] += 1
                    except httpx.TimeoutException:
                        bench.phase.answers["reviewer: not answered within the phase"] += 1
                    return
            await asyncio.sleep(0.5)
        bench.phase.answers["reviewer: no finished table to review"] += 1


def count_search_table_late(db_file: str, bench: Bench) -> None:
    """``bot-late`` notes of the table against the lobby's search, and its bots' moves,
    within the phase (reported with what the attacker was answered)."""
    with contextlib.closing(sqlite3.connect(db_file)) as db:
        notes = db.execute("SELECT table_id, at FROM notes WHERE kind = 'bot-late'").fetchall()
        seats = db.execute("SELECT table_id, seat FROM seats WHERE kind = 'bot'").fetchall()
        moves = db.execute("SELECT table_id, seat, at FROM events").fetchall()
    bots = {(table, seat) for table, seat in seats if table in bench.search_tables}

    def stamp(at: object) -> datetime:
        return datetime.fromisoformat(str(at)).replace(tzinfo=UTC)

    for phase in bench.phases:
        if phase.name != "expensive-bot-lobby":
            continue
        end = phase.ended_utc or datetime.now(UTC)

        def within(at: object, start: datetime = phase.started_utc, end: datetime = end) -> bool:
            return start <= stamp(at) <= end

        late = [t for t, at in notes if t in bench.search_tables and within(at)]
        played = [1 for t, seat, at in moves if (t, seat) in bots and within(at)]
        phase.answers["search table: bot moves"] = len(played)
        phase.answers["search table: bot-late"] = len(late)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument(
        "--tables",
        type=int,
        default=10,
        help="ordinary tables played during the attacks (default %(default)s)",
    )
    parser.add_argument(
        "--seconds", type=float, default=30, help="length of each attack (default %(default)s)"
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
    known = (*ATTACKS, *DEFENCE_ATTACKS)
    attacks = args.only.split(",") if args.only else list(known)
    unknown = set(attacks) - set(known)
    if unknown:
        raise SystemExit(f"unknown attacks {sorted(unknown)}: choose from {', '.join(known)}")
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
    count_search_table_late(db_file, bench)
    print(
        f"{args.tables} ordinary Diamant tables (a person and three rule bots each), "
        f"{args.seconds:.0f} s a phase, {os.cpu_count()} cores"
    )
    report(bench)


if __name__ == "__main__":
    main()
