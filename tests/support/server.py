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
        values = {"bot_workers": 0, "bot_delay": 0.0, "bot_table_delay": 0.0, **settings}
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


def apply_frame(current: dict[str, Any] | None, frame: dict[str, Any]) -> dict[str, Any] | None:
    """The page's picture of the table after ``frame`` (protocol v2), as a ``state`` message:
    a ``state`` replaces it, an ``event`` is applied to the view (new history entries
    appended, changed top-level keys replaced), ``presence`` and ``table`` update the
    table information. Other frames leave it as it was (``None`` before the first state)."""
    kind = frame["type"]
    if kind == "state":
        return frame
    if current is None:
        return None
    if kind == "event":
        view = dict(current["view"] or {})
        view.update(frame["view"])
        if frame["history"]:
            view["history"] = [*view.get("history", []), *frame["history"]]
        return {
            **current,
            "seq": frame["seq"],
            "view": view,
            "to_act": frame["to_act"],
            "over": frame["over"],
            "legal": frame.get("legal", []),
            "result": frame.get("result", current["result"]),
            "clocks": frame.get("clocks", current["clocks"]),
            "via": "event",
        }
    if kind == "table":
        return {**current, "table": frame["table"], "via": "table"}
    if kind == "presence":
        table = dict(current["table"])
        if "watchers" in frame:
            table["watchers"] = frame["watchers"]
        else:
            seats = [dict(info) for info in table["seats"]]
            seats[frame["seat"]].update(connected=frame["connected"], away=frame["away"])
            table["seats"] = seats
        clocks = frame.get("clocks", current["clocks"])
        return {**current, "table": table, "clocks": clocks, "via": "presence"}
    return current


class Player:
    """One WebSocket connection, keeping every frame it receives (``raw``) and, in
    ``frames``, the same with each ``event``, ``presence`` and ``table`` message turned
    into the ``state`` it leaves the page with (marked ``via``)."""

    def __init__(self, server: LiveServer, table: str, token: str | None, lang: str = "en"):
        self._connection = connect(server.ws_url(table), max_size=2**24)
        self.ws: ClientConnection = self._connection.__enter__()
        self.raw: list[dict[str, Any]] = []
        self.frames: list[dict[str, Any]] = []
        self.current: dict[str, Any] | None = None
        self.mark = 0
        self.send({"type": "join", "token": token, "lang": lang})

    def send(self, message: dict[str, Any]) -> None:
        """Send a message; later waits look only at frames that arrive after it."""
        self.mark = len(self.frames)
        self.ws.send(json.dumps(message))

    def act(self, action: str, seq: int | None = None) -> None:
        """Send a decision taken at ``seq`` (by default the newest seq this page knows)."""
        if seq is None:
            seq = self.current["seq"] if self.current else 0
        self.send({"type": "act", "action": action, "seq": seq})

    def receive(self, timeout: float = 10.0) -> dict[str, Any]:
        frame: dict[str, Any] = json.loads(self.ws.recv(timeout=timeout))
        self.raw.append(frame)
        if frame["type"] in ("state", "event", "presence", "table"):
            self.current = apply_frame(self.current, frame)
            if self.current is not None:
                frame = self.current
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
        """The page's newest picture of the table."""
        assert self.current is not None, "no state received yet"
        return self.current

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
