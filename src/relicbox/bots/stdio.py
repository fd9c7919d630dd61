"""Bots in any language: a program that reads and writes JSON lines on stdin/stdout.

For each decision relicbox writes one line to the program's stdin::

    {"type": "decide", "id": 7, "game": "diamant", "seat": 2,
     "view": {...}, "legal": ["continue", "leave"], "limit_ms": 2000}

and the program answers with one line on its stdout::

    {"id": 7, "action": "leave"}

``action`` is the text of one of ``legal`` (its index in the game's action
space also works). When the game ends relicbox writes ``{"type": "end"}`` and
closes the pipe. The program sees only its seat's view, exactly what a person
at that seat would see.

The time limit is per decision. A late answer, a line that is not such an
object, an action that is not legal, or a program that has exited all give the
game's **default action** (``Game.default_action`` when it is legal,
such as Diamant's ``leave``, else the first legal action), and are reported in
:attr:`StdioAgent.faults` (answers arriving after their limit are recognised by
their ``id`` and dropped). A program that has exited is
not restarted: its seat plays default actions to the end.
"""

from __future__ import annotations

import json
import os
import select
import shlex
import subprocess
import time
from collections.abc import Sequence
from typing import Any

from relicbox.bots.answers import default_action, match_answer
from relicbox.core.actions import Action
from relicbox.core.errors import ConfigurationError
from relicbox.core.game import Game
from relicbox.core.rng import Rng


class StdioAgent:
    """Runs ``command`` once and asks it for every decision; see the module doc."""

    def __init__(self, command: str, game: Game, *, limit_ms: float = 2000) -> None:
        if limit_ms <= 0:
            raise ConfigurationError(f"stdio bot limit {limit_ms!r} ms must be more than 0")
        self.command = command
        self.game = game
        self.limit_ms = limit_ms
        self.name = f"stdio:{command}"
        self.faults: list[dict[str, Any]] = []
        self._process: subprocess.Popen[bytes] | None = None
        self._buffer = b""
        self._next_id = 0
        self._dead = False

    # -- the process ---------------------------------------------------------------------

    def _start(self) -> subprocess.Popen[bytes]:
        if self._process is None:
            try:
                self._process = subprocess.Popen(
                    shlex.split(self.command),
                    stdin=subprocess.PIPE,
                    stdout=subprocess.PIPE,
                    stderr=subprocess.DEVNULL,
                )
            except OSError as error:
                raise ConfigurationError(
                    f"cannot start stdio bot {self.command!r}: {error}"
                ) from None
        return self._process

    def close(self) -> None:
        process = self._process
        if process is None:
            return
        self._process = None
        try:
            if process.poll() is None and process.stdin is not None:
                process.stdin.write(b'{"type": "end"}\n')
                process.stdin.flush()
                process.stdin.close()
            process.wait(timeout=1)
        except (OSError, subprocess.TimeoutExpired):
            process.kill()
            process.wait()

    def __del__(self) -> None:
        process = self._process
        if process is not None and process.poll() is None:
            process.kill()

    # -- decisions -----------------------------------------------------------------------

    def choose(self, view: dict[str, Any], legal: Sequence[Action], rng: Rng) -> Action:
        default = default_action(self.game, legal)
        self._next_id += 1
        number = self._next_id
        if self._dead:
            self._fault(number, "crash", "the program has exited")
            return default
        process = self._start()
        request = {
            "type": "decide",
            "id": number,
            "game": self.game.name,
            "seat": view.get("seat"),
            "view": view,
            "legal": [action.text for action in legal],
            "limit_ms": self.limit_ms,
        }
        try:
            assert process.stdin is not None
            process.stdin.write(json.dumps(request).encode() + b"\n")
            process.stdin.flush()
        except OSError as error:
            return self._crashed(number, f"cannot write to it: {error}", default)
        deadline = time.monotonic() + self.limit_ms / 1000.0
        while True:
            line = self._read_line(process, deadline)
            if line is None:
                if self._dead:
                    return self._crashed(number, "it exited", default)
                self._fault(number, "late", f"no answer within {self.limit_ms:g} ms")
                return default
            try:
                answer = json.loads(line)
            except ValueError:
                self._fault(number, "garbage", line[:200].decode(errors="replace"))
                return default
            stale = isinstance(answer, dict) and isinstance(answer.get("id"), int)
            if stale and answer["id"] < number:
                continue  # a late answer to an earlier decision
            if not isinstance(answer, dict) or "action" not in answer:
                self._fault(number, "garbage", line[:200].decode(errors="replace"))
                return default
            chosen = match_answer(answer["action"], legal)
            if chosen is None:
                self._fault(number, "illegal", repr(answer["action"]))
                return default
            return chosen

    def _read_line(self, process: subprocess.Popen[bytes], deadline: float) -> bytes | None:
        stdout = process.stdout
        assert stdout is not None
        fd = stdout.fileno()
        while b"\n" not in self._buffer:
            left = deadline - time.monotonic()
            if left <= 0:
                return None
            ready, _, _ = select.select([fd], [], [], left)
            if not ready:
                return None
            chunk = os.read(fd, 65536)
            if not chunk:
                self._dead = True
                return None
            self._buffer += chunk
        line, _, self._buffer = self._buffer.partition(b"\n")
        return line.strip() or self._read_line(process, deadline)

    def _crashed(self, number: int, detail: str, default: Action) -> Action:
        self._dead = True
        code = None
        if self._process is not None:
            try:
                code = self._process.wait(timeout=1)
            except subprocess.TimeoutExpired:
                code = None
        self._fault(number, "crash", detail if code is None else f"{detail} (exit code {code})")
        return default

    def _fault(self, number: int, kind: str, detail: str) -> None:
        self.faults.append({"decision": number, "kind": kind, "detail": detail})
