"""Faults for a local cluster of ``relicbox serve --redis`` processes, for the fault
campaign (``scripts/fault_campaign.py``) and whatever test needs them.

Every process (:class:`Node`) talks to PostgreSQL and to Redis through relays of its own
(:class:`support.proxy.CuttableLink`), so a fault reaches that process alone: a link cut
and restored, hung silently and healed, or slowed; the process itself paused (SIGSTOP,
SIGCONT) or killed and started again. :class:`Page` is a person's page: it keeps its view
from the frames it is told, answers when asked, reconnects when its socket goes, and
writes down every decision it sent and what it was told of it, so that what people were
told can be checked against what was stored (:func:`check_table`). Everything runs on
127.0.0.1, and every fault is given its duration when it starts and ends by itself.
"""

from __future__ import annotations

import contextlib
import json
import os
import random
import signal
import subprocess
import threading
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from websockets.exceptions import ConnectionClosed
from websockets.sync.client import ClientConnection, connect

from relicbox.core.registry import get_game
from support.proxy import CuttableLink
from support.server import free_port

FROZEN = 10.0
"""Seconds a decision may wait for its answer, on an open connection, before the page
counts as frozen."""


class Node:
    """One server process of a local cluster, with links of its own to PostgreSQL and Redis.

    ``command(port, db_url, redis_url)`` is the command line that serves on ``port``; the
    urls given to it lead through the node's links."""

    def __init__(
        self,
        name: str,
        db_url: str,
        redis_url: str,
        db_port: int,
        redis_port: int,
        command: Callable[[int, str, str], list[str]],
        logs: Path,
        env: dict[str, str] | None = None,
    ) -> None:
        self.name = name
        self.db_link = CuttableLink(db_port)
        self.redis_link = CuttableLink(redis_port)
        self.db_url = self.db_link.url(db_url)
        self.redis_url = self.redis_link.url(redis_url)
        self.command = command
        self.logs = logs
        self.env = {**os.environ, **(env or {})}
        self.process: subprocess.Popen[bytes] | None = None
        self.port = 0
        self.paused = False
        self.starts = 0

    def start(self) -> None:
        self.port = free_port()
        self.starts += 1
        log = (self.logs / f"{self.name}.{self.starts}.log").open("wb")
        self.process = subprocess.Popen(
            self.command(self.port, self.db_url, self.redis_url),
            stdout=log,
            stderr=subprocess.STDOUT,
            env=self.env,
        )
        log.close()
        self.paused = False

    def wait_ready(self, timeout: float = 60) -> None:
        import httpx

        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if not self.alive:
                raise RuntimeError(f"{self.name} stopped while starting")
            with contextlib.suppress(httpx.HTTPError):
                if httpx.get(self.url + "/api/games", timeout=2).status_code == 200:
                    return
            time.sleep(0.1)
        raise RuntimeError(f"{self.name} did not start")

    @property
    def alive(self) -> bool:
        return self.process is not None and self.process.poll() is None

    @property
    def serving(self) -> bool:
        """Alive and not paused: where a load balancer would send a page."""
        return self.alive and not self.paused

    @property
    def pid(self) -> int | None:
        return None if self.process is None else self.process.pid

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def ws_url(self, table: str) -> str:
        return f"ws://127.0.0.1:{self.port}/ws/{table}"

    def signal(self, number: int) -> None:
        if self.alive and self.process is not None:
            os.kill(self.process.pid, number)

    def pause(self) -> None:
        self.signal(signal.SIGSTOP)
        self.paused = True

    def resume(self) -> None:
        self.signal(signal.SIGCONT)
        self.paused = False

    def kill(self) -> None:
        if self.process is not None and self.alive:
            self.process.kill()
            self.process.wait(timeout=20)

    def heal_links(self) -> None:
        for link in (self.db_link, self.redis_link):
            link.restore()
            link.heal()

    def stop(self) -> None:
        self.heal_links()
        if self.process is not None and self.alive:
            self.resume()
            self.process.terminate()
            try:
                self.process.wait(timeout=15)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait(timeout=15)

    def close(self) -> None:
        self.stop()
        self.db_link.cut()
        self.redis_link.cut()


# -- faults ------------------------------------------------------------------------------

Ending = Callable[[], None]
"""What ends a fault: it heals the link, resumes or restarts the process."""


def _link_fault(link_of: Callable[[Node], CuttableLink], kind: str) -> Callable[[Node], Ending]:
    def start(node: Node) -> Ending:
        link = link_of(node)
        if kind == "drop":
            link.drop()
            return link.restore
        if kind == "hang":
            link.hang()
            return link.heal
        link.slow(random.uniform(0.05, 0.3))
        return link.heal

    return start


def _pause(node: Node) -> Ending:
    node.pause()
    return node.resume


def _kill(node: Node) -> Ending:
    node.kill()

    def restart() -> None:
        node.start()
        node.wait_ready()

    return restart


FAULTS: dict[str, Callable[[Node], Ending]] = {
    "kill": _kill,
    "pause": _pause,
    "db-drop": _link_fault(lambda node: node.db_link, "drop"),
    "db-hang": _link_fault(lambda node: node.db_link, "hang"),
    "db-slow": _link_fault(lambda node: node.db_link, "slow"),
    "redis-drop": _link_fault(lambda node: node.redis_link, "drop"),
    "redis-hang": _link_fault(lambda node: node.redis_link, "hang"),
    "redis-slow": _link_fault(lambda node: node.redis_link, "slow"),
}
"""Each fault a node can suffer, started; each returns what ends it."""
TAKES_OVER = {"kill", "pause", "db-drop", "db-hang", "redis-drop", "redis-hang"}
"""The faults after which a node's tables must be owned elsewhere (a pause longer than a
lease; the others as soon as the node notices, within a lease)."""


# -- pages --------------------------------------------------------------------------------


@dataclass
class Attempt:
    """One decision a page sent, and what it was told of it."""

    table: str
    seat: int
    seq: int
    action: str
    sent: float
    outcome: str | None = None
    """``acked`` (answered, not refused: the server read the ping sent after it),
    ``refused``, or ``unknown`` (the connection went before any answer)."""
    code: str | None = None
    answered: float | None = None
    frozen: bool = False


class Page(threading.Thread):
    """A person's page (or a spectator's, with no token): joins through ``pick()`` (a live
    process's WebSocket url for the table, or ``None`` while there is none), keeps its view
    from ``state`` and ``event`` frames as table.js does, and when asked decides after a
    moment's thought. Each decision is followed by a ``ping``: the server reads its
    messages one at a time, so the ``pong`` comes only once the decision was dealt with,
    and a refusal names the act it answers; so each :class:`Attempt` ends acknowledged,
    refused or unknown (the socket went first)."""

    def __init__(
        self,
        table: str,
        token: str | None,
        pick: Callable[[], str | None],
        seed: int,
        think: tuple[float, float] = (0.2, 0.8),
    ) -> None:
        super().__init__(daemon=True, name=f"page-{table}-{token is not None}")
        self.table, self.token, self.pick = table, token, pick
        self.rng = random.Random(seed)
        self.think = think
        self.ws: ClientConnection | None = None
        self.seq = -1
        self.seat: int | None = None
        self.view: dict[str, Any] | None = None
        self.legal: list[dict[str, Any]] = []
        self.over = False
        self.attempts: list[Attempt] = []
        self.pending: Attempt | None = None
        self.events = 0
        self.states = 0
        self.reconnects = 0
        self.acting = True
        self.stopping = False
        self.reconnect_now = False
        self.next_act = 0.0
        self.lock = threading.Lock()

    # -- the page's loop --

    def run(self) -> None:
        while not self.stopping:
            if self.ws is None:
                self._connect()
                continue
            if self.reconnect_now:
                self.reconnect_now = False
                self._lost()
                continue
            try:
                raw = self.ws.recv(timeout=0.05)
            except TimeoutError:
                raw = None
            except (ConnectionClosed, OSError):
                self._lost()
                continue
            if raw is not None:
                with self.lock:
                    self._take(json.loads(raw))
            self._maybe_act()
            pending = self.pending
            if pending is not None and time.monotonic() - pending.sent > FROZEN:
                pending.frozen = True
        self._close()

    def _connect(self) -> None:
        url = self.pick()
        if url is None:
            time.sleep(0.2)
            return
        try:
            self.ws = connect(url, open_timeout=3, max_size=2**24)
            self.ws.send(json.dumps({"type": "join", "token": self.token, "lang": "en"}))
        except Exception:
            self._close()
            time.sleep(0.3)

    def _lost(self) -> None:
        """The socket went (or the page drops it): a decision not answered yet is unknown."""
        with self.lock:
            if self.pending is not None:
                self.pending.outcome = "unknown"
                self.pending = None
        self._close()
        self.reconnects += 1
        time.sleep(self.rng.uniform(0.05, 0.3))

    def _close(self) -> None:
        if self.ws is not None:
            with contextlib.suppress(Exception):
                self.ws.close()
        self.ws = None

    def _send(self, message: dict[str, Any]) -> None:
        if self.ws is not None:
            with contextlib.suppress(ConnectionClosed, OSError):
                self.ws.send(json.dumps(message))

    def _maybe_act(self) -> None:
        if not self.acting or self.pending is not None or self.seat is None:
            return
        if not self.legal or self.over or self.view is None:
            self.next_act = 0.0
            return
        now = time.monotonic()
        if not self.next_act:
            self.next_act = now + self.rng.uniform(*self.think)
        if now < self.next_act:
            return
        self.next_act = 0.0
        texts = [entry["text"] for entry in self.legal]
        # mostly on (Diamant's "continue"), so games last long enough to meet faults
        action = "continue" if "continue" in texts and self.rng.random() < 0.8 else None
        action = action or self.rng.choice(texts)
        attempt = Attempt(self.table, self.seat, self.seq, action, now)
        with self.lock:
            self.attempts.append(attempt)
            self.pending = attempt
        self._send({"type": "act", "action": action, "seq": self.seq})
        self._send({"type": "ping"})

    # -- what the page is told --

    def _take(self, frame: dict[str, Any]) -> None:
        kind = frame.get("type")
        if kind == "state":
            self.states += 1
            self.seq, self.view, self.seat = frame["seq"], frame["view"], frame["seat"]
            self.legal, self.over = frame["legal"], frame["over"]
        elif kind == "event":
            if frame["since"] != self.seq or self.view is None:
                if frame["seq"] > self.seq:
                    self._send({"type": "resync"})
                return
            self.events += 1
            self.view.update(frame["view"])
            if frame["history"]:
                self.view["history"] = [*self.view["history"], *frame["history"]]
            self.seq, self.over = frame["seq"], frame["over"]
            self.legal = frame.get("legal", [])
        elif kind == "error":
            pending = self.pending
            if pending is not None:
                answers = frame.get("act")
                if answers is None or answers == {"seq": pending.seq, "action": pending.action}:
                    pending.outcome, pending.code = "refused", frame.get("code")
                    pending.answered = time.monotonic()
                    self.pending = None
        elif kind == "pong":
            pending = self.pending
            if pending is not None:
                pending.outcome, pending.answered = "acked", time.monotonic()
                self.pending = None

    # -- driven from outside --

    def reconnect(self) -> None:
        """Drop the socket and join again through ``pick()`` (a rolling reconnect)."""
        self.reconnect_now = True

    def stop(self) -> None:
        self.stopping = True


def simultaneous_joins(pick: Callable[[], str | None], table: str, count: int) -> list[Page]:
    """``count`` spectators joining ``table`` at once (each through ``pick()``)."""
    pages = [Page(table, None, pick, seed) for seed in range(count)]
    for page in pages:
        page.start()
    return pages


def rolling_reconnects(pages: Sequence[Page], gap: float = 0.1) -> None:
    """Every page drops its socket and joins again, one after another."""
    for page in pages:
        page.reconnect()
        time.sleep(gap)


# -- checking what people were told against what was stored ---------------------------------


@dataclass
class Question:
    """One question a seat was asked: from ``asked`` (a seq) until it was answered (the
    decision's seq, its action, and why it was taken: ``None`` for a person's own)."""

    seat: int
    asked: int
    answered_at: int | None = None
    action: str | None = None
    reason: str | None = None
    attempts: list[Attempt] = field(default_factory=list)


def questions(record: dict[str, Any], reasons: dict[int, str | None]) -> list[Question]:
    """Every question of the record, noted as the owner notes them live (a seat is asked
    anew when it has just decided, or was not asked before); ``reasons``: each decision
    event's reason, by seq."""
    game = get_game(record["game"])
    state = game.new_state(record["players"], record["seed"], **record["options"])
    found: list[Question] = []
    open_: dict[int, Question] = {}

    def ask(seats: dict[int, int]) -> None:
        for seat, asked in seats.items():
            current = open_.get(seat)
            if current is None or current.asked != asked:
                open_[seat] = Question(seat, asked)
                found.append(open_[seat])

    asked = {seat: state.record_length for seat in state.to_act}
    ask(asked)
    for event in record["events"]:
        if "seat" not in event:
            continue  # chance follows each decision by itself
        seat, at = int(event["seat"]), state.record_length
        question = open_.pop(seat, None)
        if question is not None:
            question.answered_at, question.action = at, event["action"]
            question.reason = reasons.get(at)
        state.act(seat, event["action"])
        now = state.record_length
        asked = {s: now if s == seat or s not in asked else asked[s] for s in state.to_act}
        for gone in [s for s in open_ if s not in asked]:
            del open_[gone]  # no longer asked without deciding (the game ended)
        ask(asked)
    return found


@dataclass
class Findings:
    """What a check found at one table."""

    lost: list[str] = field(default_factory=list)
    """Acknowledged decisions that are not stored."""
    refused_stored: list[str] = field(default_factory=list)
    """Decisions refused to the person that are stored, with no other attempt to explain them."""
    unexplained: list[str] = field(default_factory=list)
    """A person's stored decision that none of their pages sent."""


def check_table(
    record: dict[str, Any], reasons: dict[int, str | None], attempts: Sequence[Attempt]
) -> Findings:
    """Every attempt against the stored record: no acknowledged decision lost, no refused
    decision stored, no person's decision stored that nobody sent."""
    findings = Findings()
    asked = questions(record, reasons)
    by_seat: dict[int, list[Question]] = {}
    for question in asked:
        by_seat.setdefault(question.seat, []).append(question)
    for attempt in attempts:
        for question in by_seat.get(attempt.seat, []):
            end = question.answered_at
            if question.asked <= attempt.seq and (end is None or attempt.seq <= end):
                question.attempts.append(attempt)
                break
        else:
            if attempt.outcome == "acked":
                findings.lost.append(f"{attempt} answers no question")
    for question in asked:
        own = question.answered_at is not None and question.reason is None
        for attempt in question.attempts:
            if attempt.outcome == "acked" and not (own and attempt.action == question.action):
                findings.lost.append(f"{attempt} is not stored ({question})")
        if not own:
            continue
        same = [a for a in question.attempts if a.action == question.action]
        if not same:
            findings.unexplained.append(f"{question} was sent by no page")
        elif all(a.outcome == "refused" for a in same):
            findings.refused_stored.append(f"{question}: refused as {same[-1].code}, stored")
    return findings
