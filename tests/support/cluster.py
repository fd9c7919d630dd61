"""Several real ``relicbox serve`` processes on one PostgreSQL and one Redis, and a
protocol-v2 player that keeps its view from the ``state`` and ``event`` frames it is told.
"""

from __future__ import annotations

import contextlib
import json
import os
import signal
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import httpx
from websockets.sync.client import ClientConnection, connect

from support.server import free_port


class ServerProcess:
    """One ``relicbox serve --redis`` subprocess, its output in a file to read back."""

    def __init__(self, db_url: str, redis_url: str, prefix: str, log: Path, **options: Any):
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.log = log
        command = [
            sys.executable,
            "-m",
            "relicbox.cli.main",
            "serve",
            "--port",
            str(self.port),
            "--db",
            db_url,
            "--redis",
            redis_url,
            "--bot-workers",
            "0",
            "--bot-delay",
            str(options.get("bot_delay", 0.0)),
        ]
        env = {**os.environ, "RELICBOX_REDIS_PREFIX": prefix}
        self.output = log.open("wb")
        self.process = subprocess.Popen(
            command, stdout=self.output, stderr=subprocess.STDOUT, env=env
        )

    @property
    def pid(self) -> int:
        return self.process.pid

    def wait_ready(self, timeout: float = 60) -> None:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"the server stopped: {self.log.read_text()[-2000:]}")
            try:
                if httpx.get(self.url + "/api/games", timeout=2).status_code == 200:
                    return
            except httpx.HTTPError:
                pass
            time.sleep(0.1)
        raise RuntimeError(f"the server did not start: {self.log.read_text()[-2000:]}")

    def post(self, path: str, body: dict[str, Any]) -> httpx.Response:
        return httpx.post(self.url + path, json=body, timeout=20)

    def get(self, path: str) -> httpx.Response:
        return httpx.get(self.url + path, timeout=20)

    def ws_url(self, table: str) -> str:
        return f"ws://127.0.0.1:{self.port}/ws/{table}"

    def signal(self, number: int) -> None:
        if self.process.poll() is None:
            os.kill(self.process.pid, number)

    def stop(self) -> None:
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGCONT)
            self.process.terminate()
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait(timeout=10)
        self.output.close()

    def text(self) -> str:
        return self.log.read_text(errors="replace")


class Player:
    """One WebSocket speaking protocol v2: the view is the join's ``state`` with every
    ``event`` delta applied, as the page does."""

    def __init__(self, server: ServerProcess, table: str, token: str | None):
        self.server, self.table, self.token = server, table, token
        self.ws: ClientConnection = _open(server.ws_url(table))
        self.seq = -1
        self.seat: int | None = None
        self.view: dict[str, Any] | None = None
        self.legal: list[dict[str, Any]] = []
        self.to_act: list[int] = []
        self.over = False
        self.errors: list[dict[str, Any]] = []
        self.chats: list[dict[str, Any]] = []
        self.states: list[int] = []
        """The seq of every full state the page was sent, in order."""
        self.sent = 0
        """Decisions sent; each is answered by its event or by a refusal (an error)."""
        self.unknown = 0
        """Decisions sent whose answer never came: the connection went first (they may or
        may not have been stored)."""
        self.ws.send(json.dumps({"type": "join", "token": token, "lang": "en"}))

    def reconnect(self, server: ServerProcess) -> None:
        """Connect again (to any process), as the page does when its socket goes."""
        self.close()
        self.server = server
        self.ws = _open(server.ws_url(self.table))
        self.ws.send(json.dumps({"type": "join", "token": self.token, "lang": "en"}))

    def take(self, frame: dict[str, Any]) -> None:
        kind = frame.get("type")
        if kind == "state":
            self.states.append(frame["seq"])
            self.seq, self.view, self.seat = frame["seq"], frame["view"], frame["seat"]
            self.legal, self.to_act, self.over = frame["legal"], frame["to_act"], frame["over"]
        elif kind == "event":
            if frame["since"] != self.seq or self.view is None:
                self.ws.send(json.dumps({"type": "resync"}))
                return
            self.view.update(frame["view"])
            if frame["history"]:
                self.view["history"] = [*self.view["history"], *frame["history"]]
            self.seq, self.to_act, self.over = frame["seq"], frame["to_act"], frame["over"]
            self.legal = frame.get("legal", [])
        elif kind == "error":
            self.errors.append(frame)
        elif kind == "chat":
            self.chats.append(frame)

    def pump(self, timeout: float = 0.01) -> bool:
        """Read what has arrived; False if nothing came within ``timeout``."""
        try:
            self.take(json.loads(self.ws.recv(timeout=timeout)))
        except TimeoutError:
            return False
        while True:
            try:
                self.take(json.loads(self.ws.recv(timeout=0)))
            except TimeoutError:
                return True

    def wait(self, predicate: Any, timeout: float = 15) -> None:
        deadline = time.monotonic() + timeout
        while not predicate(self):
            if time.monotonic() > deadline:
                raise TimeoutError(f"waited in vain at seq {self.seq} ({self.errors[-1:]})")
            self.pump(0.05)

    def act(self, action: str, seq: int | None = None) -> None:
        at = self.seq if seq is None else seq
        self.ws.send(json.dumps({"type": "act", "action": action, "seq": at}))
        self.sent += 1

    def history_length(self) -> int:
        return 0 if self.view is None else len(self.view["history"])

    def act_and_wait(self, action: str) -> None:
        """Decide, and wait for the answer: a refusal, or the event that shows the seat no
        longer asked what it was asked (it waits for the others, or the step resolved)."""
        self.wait(self.send_act(action), timeout=20)

    def send_act(self, action: str, seq: int | None = None) -> Callable[[Player], bool]:
        """Decide (at ``seq``, or the newest seq the page has); returns whether the answer
        has come (see :meth:`act_and_wait`)."""
        seq, errors, heard = self.seq, len(self.errors), self.history_length()
        self.act(action, seq)

        def answered(player: Player) -> bool:
            if len(player.errors) > errors:
                return True
            # the history grew: a step resolved, though the seat may be asked again at once
            # (several events read in one go: the last alone does not say whether one did)
            resolved = player.history_length() > heard
            moved_on = player.seat not in player.to_act or resolved or player.over
            return player.seq > seq and moved_on

        return answered

    def close(self) -> None:
        with contextlib.suppress(Exception):
            self.ws.close()


def _open(url: str) -> ClientConnection:
    connection = connect(url, max_size=2**24)
    opened: ClientConnection = connection.__enter__()
    return opened


def play(seated: list[Player], choose: Any, *, until: Any = None, limit: float = 60) -> None:
    """Each player acts when its view offers actions, until the game ends (or ``until``)."""
    deadline = time.monotonic() + limit
    while time.monotonic() < deadline:
        for player in seated:
            player.pump(0.005)
        if any(p.over for p in seated) or (until is not None and until()):
            return
        movers = [p for p in seated if p.legal and not p.over]
        if not movers:
            time.sleep(0.01)
            continue
        mover = movers[0]
        mover.act_and_wait(choose(mover))
    raise TimeoutError("the game did not end in time")
