"""The live server's models: a table held in memory, its seats, its settings and the
connections at it (each with its own ordered outbox), and the refusal every part raises.

Nothing here decides anything: :class:`relicbox.server.tables.TableService` owns the tables
and changes them through its one serialised path.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import math
import time
from collections import Counter, deque
from collections.abc import Awaitable, Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from relicbox.core.errors import Reason, RelicboxError, Scalar
from relicbox.core.game import Game, State
from relicbox.core.registry import get_game
from relicbox.server.botpool import BotAnswer
from relicbox.server.protocol import SLOW_READER_CLOSE, Clock
from relicbox.server.store import StoredTable, token_matches

CHAT_KEPT = 50
QUEUE_LIMIT = 512
OUTBOX_BYTES = 1 << 20
"""The most text (in characters, about bytes) waiting for one reader: some thirty full
states of the largest game, thousands of events."""


class TableError(Exception):
    """A refused request: ``code`` for programs, ``message`` (the reason) for people.

    ``reason`` (when the refusal has one in the catalogs) says it in the person's language.
    """

    def __init__(self, code: str, message: str, reason: Reason | None = None) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        self.reason = reason
        self.act: dict[str, Any] | None = None
        """The ``act`` this refuses (its ``seq`` and ``action``), named in the frame."""

    @classmethod
    def of(cls, code: str, error: RelicboxError) -> TableError:
        """The refusal for an engine error, keeping its reason."""
        return cls(code, str(error), error.reason)

    @classmethod
    def said(cls, code: str, message_id: str, **args: Scalar) -> TableError:
        """A refusal whose sentence is the catalog message ``message_id``."""
        reason = Reason.of(message_id, **args)
        return cls(code, reason.text("en"), reason)

    def answering(self, action: str, seq: int | None) -> TableError:
        """This refusal, as the answer to the ``act`` of ``action`` at ``seq``."""
        if self.act is None:
            self.act = {"seq": seq, "action": action}
        return self

    def text(self, lang: str) -> str:
        """The sentence for a person reading ``lang``."""
        return self.message if self.reason is None else self.reason.text(lang)

    def frame(self, lang: str) -> dict[str, Any]:
        """The WebSocket ``error`` message; ``reason`` names the catalog message, if any."""
        frame: dict[str, Any] = {"type": "error", "code": self.code, "message": self.text(lang)}
        if self.reason is not None:
            frame["reason"] = self.reason.to_json()
        if self.act is not None:
            frame["act"] = self.act
        return frame


@dataclass
class Seat:
    seat: int
    kind: str
    """``open``, ``human`` or ``bot``."""
    bot: str | None = None
    name: str | None = None
    token_hash: str | None = None
    is_host: bool = False
    clock_ms: int | None = None
    abandoned: bool = False


class Connection:
    """One WebSocket (or test client): a seat or a spectator, with its own ordered outbox.

    The outbox holds frames already serialised, so one text built for a seat or for the
    spectators is shared by every connection it goes to. ``send`` writes one text;
    ``close_with`` closes the socket with a code (a slow reader's, or a refusal's). The
    outbox is bounded both in frames (``outbox_limit``) and in size (``outbox_bytes``, the
    text queued or being sent): a reader that falls further behind is closed.
    """

    def __init__(
        self,
        send: Callable[[str], Awaitable[None]],
        lang: str = "en",
        *,
        close_with: Callable[[int], Awaitable[None]] | None = None,
        outbox_limit: int = QUEUE_LIMIT,
        outbox_bytes: int = OUTBOX_BYTES,
    ) -> None:
        self.send = send
        self.close_with = close_with
        self.lang = lang
        self.seat: int | None = None
        self.table_id: str | None = None
        self.closed = asyncio.Event()
        self.outbox: asyncio.Queue[str] = asyncio.Queue(maxsize=outbox_limit)
        self.outbox_bytes = outbox_bytes
        self.queued = 0
        """Characters of text queued or being sent (one frame always fits)."""
        self.writer = asyncio.create_task(self._write())
        self.closer: asyncio.Task[None] | None = None
        self.tokens = math.inf  # a full bucket: the first allow() caps it at the burst
        self.last_refill = time.monotonic()

    def push(self, message: dict[str, Any]) -> None:
        """Send one message of this connection's own (an error, a pong, its state)."""
        self.push_text(encode(message))

    def push_text(self, text: str) -> None:
        """Queue a serialised frame; a reader too slow to keep up is closed with
        :data:`SLOW_READER_CLOSE` (its page reconnects and gets the full state)."""
        if self.closed.is_set():
            return
        try:
            if self.queued and self.queued + len(text) > self.outbox_bytes:
                raise asyncio.QueueFull
            self.outbox.put_nowait(text)
            self.queued += len(text)
        except asyncio.QueueFull:
            self.closed.set()
            self.writer.cancel()
            if self.close_with is not None:
                self.closer = asyncio.create_task(self._close_slow(self.close_with))

    @staticmethod
    async def _close_slow(close_with: Callable[[int], Awaitable[None]]) -> None:
        with contextlib.suppress(Exception):
            await close_with(SLOW_READER_CLOSE)

    async def _write(self) -> None:
        with contextlib.suppress(Exception):
            while not self.closed.is_set():
                text = await self.outbox.get()
                await self.send(text)
                self.queued -= len(text)
        self.closed.set()

    def allow(self, rate: float, burst: float) -> bool:
        """A token bucket: ``rate`` messages a second, bursts of ``burst`` (the server's
        settings say how many)."""
        now = time.monotonic()
        self.tokens = min(burst, self.tokens + (now - self.last_refill) * rate)
        self.last_refill = now
        if self.tokens < 1:
            return False
        self.tokens -= 1
        return True

    async def close(self) -> None:
        self.closed.set()
        self.writer.cancel()
        with contextlib.suppress(BaseException):
            await self.writer


def encode(message: dict[str, Any]) -> str:
    """One frame as the text every connection that shares it is sent."""
    return json.dumps(message, separators=(",", ":"), ensure_ascii=False)


@dataclass(frozen=True)
class TableSettings:
    """How a table is played beside its game's options, as chosen when it was made."""

    clock: Clock = field(default_factory=Clock)
    grace: int = 60
    """Seconds a person who left keeps the seat before the takeover bot plays it."""
    takeover_bot: str | None = None
    """The bot that plays a seat whose person is away (``random`` when not chosen)."""
    reveal_after: bool = True
    """Whether everyone's views (and the reviews) are shown once the game is over."""

    @classmethod
    def stored(cls, data: Mapping[str, Any]) -> TableSettings:
        """Settings as the store keeps them (rows written before a field existed get its
        default; they were checked when the table was made, so they are not checked again)."""
        return cls(
            clock=Clock.model_construct(**dict(data.get("clock") or {})),
            grace=int(data.get("grace", 60)),
            takeover_bot=data.get("takeover_bot"),
            reveal_after=bool(data.get("reveal_after", True)),
        )

    def as_dict(self) -> dict[str, Any]:
        return {
            "clock": self.clock.model_dump(),
            "grace": self.grace,
            "takeover_bot": self.takeover_bot,
            "reveal_after": self.reveal_after,
        }

    @property
    def running_clock(self) -> Clock | None:
        """The clock when the table has one that runs (``move`` or ``game``)."""
        return self.clock if self.clock.mode in ("move", "game") else None


@dataclass
class LiveTable:
    id: str
    game: Game
    players: int
    seed: int
    options: dict[str, Any]
    settings: TableSettings
    status: str
    seats: list[Seat]
    rematch_id: str | None = None
    rematch_of: str | None = None
    state: State | None = None
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    connections: set[Connection] = field(default_factory=set)
    bot_tasks: dict[int, asyncio.Task[None]] = field(default_factory=dict)
    bot_answers: dict[int, tuple[BotAnswer, int]] = field(default_factory=dict)
    """Bots' answers not applied yet, with the seq each was asked at (see
    ``TableService._apply_bot_answers``)."""
    grace_tasks: dict[int, asyncio.Task[None]] = field(default_factory=dict)
    clock_generation: int = 0
    clock_task: asyncio.Task[None] | None = None
    away: set[int] = field(default_factory=set)
    turn_started: dict[int, float] = field(default_factory=dict)
    decision_seq: dict[int, int] = field(default_factory=dict)
    """The seq at which each seat that must decide was asked (a person's act must carry
    a seq from there on: see ``TableService.act``)."""
    chat: deque[dict[str, Any]] = field(default_factory=lambda: deque(maxlen=CHAT_KEPT))
    elsewhere: set[int] = field(default_factory=set)
    """Seats connected to other server processes (several processes, see cluster.py)."""
    views: dict[int | None, dict[str, Any] | None] = field(default_factory=dict)
    """The view each audience (a seat, ``None`` for the spectators) with connections was
    last told, at ``published_seq``: the next event is the difference from it."""
    published_seq: int = 0
    seat_connections: Counter[int] = field(default_factory=Counter)
    """How many open connections of this process each seat has."""
    watchers: int = 0
    """How many spectators' connections this process holds."""
    watchers_told: int = 0
    watchers_flush: asyncio.TimerHandle | None = None

    @property
    def seq(self) -> int:
        return 0 if self.state is None else self.state.record_length

    def connected(self, seat: int) -> bool:
        if seat in self.elsewhere:
            return True
        return self.seat_connections[seat] > 0

    def controller(self, seat: int) -> str | None:
        """The bot playing ``seat`` now, or ``None`` when a person plays it."""
        info = self.seats[seat]
        if info.kind == "bot":
            return info.bot
        if seat in self.away:
            return self.settings.takeover_bot or "random"
        return None

    def bots(self) -> list[str | None]:
        """The bot seated at each seat (``None`` for a person's or an open seat)."""
        return [info.bot if info.kind == "bot" else None for info in self.seats]

    def seat_of(self, token: str) -> int | None:
        found = None
        for info in self.seats:  # every seat compared, in constant time each
            if token_matches(token, info.token_hash):
                found = info.seat
        return found

    def info(self) -> dict[str, Any]:
        """What anyone may know about the table (no tokens, no hidden state)."""
        return {
            "id": self.id,
            "game": self.game.name,
            "title": self.game.title,
            "players": self.players,
            "options": self.options,
            "status": self.status,
            "settings": self.settings.as_dict(),
            "rematch_id": self.rematch_id,
            "rematch_of": self.rematch_of,
            "watchers": self.watchers,
            "seats": [
                {
                    "seat": s.seat,
                    "kind": s.kind,
                    "bot": s.bot,
                    "name": s.name,
                    "host": s.is_host,
                    "connected": self.connected(s.seat),
                    "away": s.seat in self.away,
                    "abandoned": s.abandoned,
                }
                for s in self.seats
            ],
        }


def _live(stored: StoredTable) -> LiveTable:
    return LiveTable(
        id=stored.id,
        game=get_game(stored.game),
        players=stored.players,
        seed=stored.seed,
        options=stored.options,
        settings=TableSettings.stored(stored.settings),
        status=stored.status,
        seats=[
            Seat(s.seat, s.kind, s.bot, s.name, s.token_hash, s.is_host, s.clock_ms, s.abandoned)
            for s in stored.seats
        ],
        rematch_id=stored.rematch_id,
        rematch_of=stored.rematch_of,
    )
