"""The real server, killed with SIGKILL mid-game, loses no accepted decision."""

from __future__ import annotations

import contextlib
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import httpx
import pytest

import relicbox
from support.server import Player, free_port, play_to_end

pytestmark = pytest.mark.slow  # a long test: run by .ci/run after the quick suite


class ServerProcess:
    """``relicbox serve`` as a child process on a free port."""

    def __init__(self, db_url: str, port: int) -> None:
        self.port = port
        self.url = f"http://127.0.0.1:{port}"
        command = [
            sys.executable,
            "-m",
            "relicbox.cli.main",
            "serve",
            "--port",
            str(port),
            "--db",
            db_url,
            "--bot-workers",
            "1",
            "--bot-delay",
            "0",
        ]
        self.process = subprocess.Popen(
            command, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, env={**os.environ}
        )
        deadline = time.monotonic() + 60
        while True:
            try:
                if httpx.get(self.url + "/api/games", timeout=2).status_code == 200:
                    return
            except httpx.HTTPError:
                pass
            if self.process.poll() is not None or time.monotonic() > deadline:
                output = self.process.stdout.read().decode() if self.process.stdout else ""
                raise RuntimeError(f"the server did not start:\n{output}")
            time.sleep(0.1)

    def ws_url(self, table: str) -> str:
        return f"ws://127.0.0.1:{self.port}/ws/{table}"

    def kill(self) -> None:
        self.process.send_signal(signal.SIGKILL)
        self.process.wait(timeout=20)

    def stop(self) -> None:
        self.process.terminate()
        try:
            self.process.wait(timeout=20)
        except subprocess.TimeoutExpired:
            self.kill()


def _children(pid: int) -> list[int]:
    found = []
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if int(fields[1]) == pid:
            found.append(int(stat.parent.name))
    return found


def test_kill_9_mid_game_then_the_same_seats_finish_it(tmp_path: Path) -> None:
    db_url = f"sqlite:///{tmp_path / 'crash.sqlite'}"
    port = free_port()
    first = ServerProcess(db_url, port)
    try:
        made = httpx.post(
            first.url + "/api/tables",
            json={
                "game": "tschak",
                "players": 3,
                "name": "Ann",
                "seats": [{"kind": "me"}, {"kind": "open"}, {"kind": "bot", "bot": "rule"}],
            },
        ).json()
        table = made["table"]
        bob = httpx.post(f"{first.url}/api/tables/{table}/join", json={"name": "Bob"}).json()
        seated = [Player(first, table, made["token"]), Player(first, table, bob["token"])]
        for player in seated:
            player.wait_for(lambda f: f["type"] == "state" and f["view"] is not None)
        accepted = 0
        deadline = time.monotonic() + 60
        while accepted < 8 and time.monotonic() < deadline:  # part of the game
            for player in seated:
                player.drain()
            frame = max((p.state() for p in seated), key=lambda f: f["seq"])
            mover = next(
                (p for p in seated if p.state()["seq"] == frame["seq"] and p.state()["legal"]), None
            )
            if mover is None:
                time.sleep(0.05)
                continue
            mover.act(mover.state()["legal"][0]["text"])
            answer = mover.wait_for(
                lambda f, s=frame["seq"]: (
                    f["type"] == "error" or (f["type"] == "state" and f["seq"] > s)
                )
            )
            assert answer["type"] == "state"
            accepted += 1
        told = max(p.state()["seq"] for p in seated)
        workers = _children(first.process.pid)
        assert workers, "bots run in a worker process"
        first.kill()
        for player in seated:
            with contextlib.suppress(Exception):
                player.close()
    finally:
        if first.process.poll() is None:
            first.kill()
    assert accepted >= 6
    deadline = time.monotonic() + 15  # the killed server's bot worker does not linger
    while any(Path(f"/proc/{pid}").exists() for pid in workers):
        assert time.monotonic() < deadline, "an orphaned bot worker is still running"
        time.sleep(0.2)
    second = ServerProcess(db_url, port)
    try:
        record = httpx.get(f"{second.url}/api/tables/{table}").json()
        assert record["status"] == "playing"
        seated = [Player(second, table, made["token"]), Player(second, table, bob["token"])]
        resumed = [
            p.wait_for(lambda f: f["type"] == "state" and f["view"] is not None) for p in seated
        ]
        # everything anyone was told about is still there, and the seats are theirs
        assert min(f["seq"] for f in resumed) >= told
        assert [f["seat"] for f in resumed] == [0, 1]
        final = play_to_end(seated, lambda frame: frame["legal"][0]["text"])
        assert final["over"]
        for player in seated:
            player.close()
        finished = httpx.get(f"{second.url}/api/tables/{table}/record").json()
    finally:
        second.stop()
    state = relicbox.replay(finished)
    assert state.is_over
    assert final["view"] in (state.view(0), state.view(1))
