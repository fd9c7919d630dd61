"""A real server on a free port, and a synchronous WebSocket player, for the server tests."""

from __future__ import annotations

import json
import socket
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import httpx
import uvicorn
from websockets.sync.client import ClientConnection, connect

from relicbox.server.app import Settings, create_app


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


class LiveServer:
    """``create_app`` served by uvicorn in a thread: real HTTP, real WebSockets."""

    def __init__(self, db_url: str, **settings: Any) -> None:
        self.db_url = db_url
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        values = {"bot_workers": 0, "bot_delay": 0.0, **settings}
        config = uvicorn.Config(
            create_app(Settings(db_url=db_url, **values)),
            host="127.0.0.1",
            port=self.port,
            log_level="warning",
            ws_max_size=64 * 1024,
        )
        self.server = uvicorn.Server(config)
        self.thread = threading.Thread(target=self.server.run, daemon=True)

    def __enter__(self) -> LiveServer:
        self.thread.start()
        deadline = time.monotonic() + 20
        while not self.server.started:
            if time.monotonic() > deadline or not self.thread.is_alive():
                raise RuntimeError("the test server did not start")
            time.sleep(0.02)
        return self

    def __exit__(self, *exc: object) -> None:
        self.server.should_exit = True
        self.thread.join(timeout=20)

    def post(self, path: str, body: dict[str, Any]) -> httpx.Response:
        return httpx.post(self.url + path, json=body, timeout=20)

    def get(self, path: str) -> httpx.Response:
        return httpx.get(self.url + path, timeout=20)

    def create(
        self, game: str, seats: list[str], name: str = "Ann", **extra: Any
    ) -> dict[str, Any]:
        """A table; seats are ``me``, ``open`` or a bot name."""
        specs = [{"kind": s} if s in ("me", "open") else {"kind": "bot", "bot": s} for s in seats]
        response = self.post(
            "/api/tables",
            {"game": game, "players": len(seats), "seats": specs, "name": name, **extra},
        )
        assert response.status_code == 201, response.text
        data: dict[str, Any] = response.json()
        return data

    def join(self, table: str, name: str) -> dict[str, Any]:
        response = self.post(f"/api/tables/{table}/join", {"name": name})
        assert response.status_code == 200, response.text
        data: dict[str, Any] = response.json()
        return data

    def ws_url(self, table: str) -> str:
        return f"ws://127.0.0.1:{self.port}/ws/{table}"


class Player:
    """One WebSocket connection, keeping every frame it receives."""

    def __init__(self, server: LiveServer, table: str, token: str | None, lang: str = "en"):
        self._connection = connect(server.ws_url(table), max_size=2**24)
        self.ws: ClientConnection = self._connection.__enter__()
        self.frames: list[dict[str, Any]] = []
        self.mark = 0
        self.send({"type": "join", "token": token, "lang": lang})

    def send(self, message: dict[str, Any]) -> None:
        """Send a message; later waits look only at frames that arrive after it."""
        self.mark = len(self.frames)
        self.ws.send(json.dumps(message))

    def act(self, action: str) -> None:
        self.send({"type": "act", "action": action})

    def receive(self, timeout: float = 10.0) -> dict[str, Any]:
        frame: dict[str, Any] = json.loads(self.ws.recv(timeout=timeout))
        self.frames.append(frame)
        return frame

    def drain(self) -> None:
        """Read whatever has arrived, without waiting."""
        while True:
            try:
                self.receive(timeout=0.01)
            except TimeoutError:
                return

    def wait_for(self, predicate: Any, timeout: float = 15.0) -> dict[str, Any]:
        """The first frame since the last message sent that satisfies ``predicate``."""
        for frame in self.frames[self.mark :]:
            if predicate(frame):
                return frame
        deadline = time.monotonic() + timeout
        while True:
            left = deadline - time.monotonic()
            if left <= 0:
                raise TimeoutError(f"no frame matched; last: {self.frames[-1:]!r:.500}")
            frame = self.receive(timeout=left)
            if predicate(frame):
                return frame

    def state(self) -> dict[str, Any]:
        """The newest state frame received so far."""
        return next(f for f in reversed(self.frames) if f["type"] == "state")

    def errors(self) -> list[dict[str, Any]]:
        return [f for f in self.frames if f["type"] == "error"]

    def close(self) -> None:
        self._connection.__exit__(None, None, None)


@contextmanager
def players(server: LiveServer, table: str, tokens: list[str | None]) -> Iterator[list[Player]]:
    connections = [Player(server, table, token) for token in tokens]
    try:
        yield connections
    finally:
        for connection in connections:
            connection.close()


def play_to_end(seated: list[Player], choose: Any, limit: int = 5000) -> dict[str, Any]:
    """Every connection acts whenever its newest frame offers actions, until the game ends."""
    idle_since = time.monotonic()
    for _ in range(limit * 20):
        for player in seated:
            player.drain()
        newest = max((p.state() for p in seated), key=lambda f: f["seq"])
        if newest["over"]:
            return newest
        movers = [p for p in seated if p.state()["seq"] == newest["seq"] and p.state()["legal"]]
        if not movers:  # frames still on their way, or bots thinking
            if time.monotonic() - idle_since > 20:
                raise TimeoutError(f"nobody can move at seq {newest['seq']}")
            time.sleep(0.01)
            continue
        mover = movers[0]
        frame = mover.state()
        mover.act(choose(frame))
        mover.wait_for(
            lambda f, seen=frame["seq"]: (
                f["type"] == "error" or (f["type"] == "state" and f["seq"] > seen)
            )
        )
        idle_since = time.monotonic()
    raise AssertionError("the game did not end")
