"""Live tables: one owner per table, one serialised path for its decisions.

Every decision of a table passes through :meth:`TableService.act` under the
table's lock: the engine checks it on a copy of the state, the new record events
are committed to the store, and only then does the live state move on and every
connection hear of it (each through its own seat's view). Bots, clocks and
takeovers of seats whose people have gone all enter through the same path.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import math
import secrets
import time
from collections import Counter, deque
from collections.abc import Awaitable, Callable, Collection, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from relicbox.bots import bot_names, bot_seed, default_action, is_bot_spec
from relicbox.core.errors import (
    ConfigurationError,
    InvalidActionError,
    Reason,
    RelicboxError,
    Scalar,
)
from relicbox.core.game import Game, State
from relicbox.core.registry import get_game, replay
from relicbox.server.botpool import BotAnswer, BotPool
from relicbox.server.protocol import SLOW_READER_CLOSE, Clock, SeatChoice
from relicbox.server.snapshots import legal_entries, result_table, seat_names
from relicbox.server.store import Append, Store, StoredTable, hash_token, token_matches

log = logging.getLogger("relicbox.server")

SEED_LIMIT = 2**31
CHAT_KEPT = 50
QUEUE_LIMIT = 512
WATCHERS_EVERY = 1.0
"""Seconds between two counts of a table's spectators told to its connections."""


class TableError(Exception):
    """A refused request: ``code`` for programs, ``message`` (the reason) for people.

    ``reason`` (when the refusal has one in the catalogs) says it in the person's language.
    """

    def __init__(self, code: str, message: str, reason: Reason | None = None) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        self.reason = reason

    @classmethod
    def of(cls, code: str, error: RelicboxError) -> TableError:
        """The refusal for an engine error, keeping its reason."""
        return cls(code, str(error), error.reason)

    @classmethod
    def said(cls, code: str, message_id: str, **args: Scalar) -> TableError:
        """A refusal whose sentence is the catalog message ``message_id``."""
        reason = Reason.of(message_id, **args)
        return cls(code, reason.text("en"), reason)

    def text(self, lang: str) -> str:
        """The sentence for a person reading ``lang``."""
        return self.message if self.reason is None else self.reason.text(lang)

    def frame(self, lang: str) -> dict[str, Any]:
        """The WebSocket ``error`` message; ``reason`` names the catalog message, if any."""
        frame: dict[str, Any] = {"type": "error", "code": self.code, "message": self.text(lang)}
        if self.reason is not None:
            frame["reason"] = self.reason.to_json()
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
    ``close_with`` closes the socket with a code (a slow reader's, or a refusal's).
    """

    def __init__(
        self,
        send: Callable[[str], Awaitable[None]],
        lang: str = "en",
        *,
        close_with: Callable[[int], Awaitable[None]] | None = None,
        outbox_limit: int = QUEUE_LIMIT,
    ) -> None:
        self.send = send
        self.close_with = close_with
        self.lang = lang
        self.seat: int | None = None
        self.table_id: str | None = None
        self.closed = asyncio.Event()
        self.outbox: asyncio.Queue[str] = asyncio.Queue(maxsize=outbox_limit)
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
            self.outbox.put_nowait(text)
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


ONLINE_SEARCH_LIMITS = {"iters": 5_000, "ms": 1_000}
"""The largest search budgets a table may ask of its bots, so no seat can tie a worker up:
``iters`` always, ``ms`` unless the server's ``bot_think_ms`` setting says otherwise."""


def online_bot_problem(
    spec: str, game: Game, think_ms: int = ONLINE_SEARCH_LIMITS["ms"]
) -> Reason | None:
    """Why ``spec`` cannot sit at an online table, or ``None``.

    Only the built-in bots (plain names, ``ismcts:...`` within limits, and the bot
    families the game registers, such as Diamant's ``threshold:N``) may be asked for over
    the network: never a program (``stdio:``) or a Python callable (``module:callable``),
    which would run the requester's choice of code on the server. A search may think at
    most ``think_ms`` milliseconds a decision.
    """
    base, _, params = spec.partition(":")
    allowed = [*bot_names(game), *game.bot_families]
    if base not in allowed or not is_bot_spec(spec, game):
        bots = ", ".join(
            [*bot_names(game), "ismcts:iters=N", "ismcts:ms=N"]
            + [family.usage for family in game.bot_families.values()]
        )
        return Reason.of("error-table-unknown-bot", bot=repr(spec), game=game.name, bots=bots)
    limits = {**ONLINE_SEARCH_LIMITS, "ms": think_ms}
    for part in params.split(",") if base == "ismcts" and params else []:
        key, _, value = part.partition("=")
        limit = limits.get(key.strip())
        if limit is not None and value.strip().isdigit() and int(value) > limit:
            return Reason.of(
                "error-table-bot-limit", bot=repr(spec), setting=key.strip(), limit=limit
            )
    return None


def online_bot_spec(spec: str, think_ms: int) -> str:
    """The spec as seated online (``spec`` has passed :func:`online_bot_problem`): a search
    always carries a time budget, ``think_ms`` unless it asked for less, beside any
    iteration budget, so it stops at whichever comes first."""
    base, _, params = spec.partition(":")
    if base != "ismcts":
        return spec
    parts = [p.strip() for p in params.split(",") if p.strip()]
    keys = {p.partition("=")[0].strip() for p in parts}
    if "iters" not in keys and "ms" not in keys:
        parts.insert(0, "iters=1000")  # what a plain ``ismcts`` means
    if "ms" not in keys:
        parts.append(f"ms={think_ms}")
    return "ismcts:" + ",".join(parts)


# -- what connections are told ------------------------------------------------------


def deadlines(table: LiveTable) -> dict[int, float]:
    """When each clocked seat that must decide runs out (monotonic time)."""
    clock = table.settings.running_clock
    if clock is None or table.state is None or table.status != "playing":
        return {}
    found = {}
    for seat in table.state.to_act:
        if table.controller(seat) is not None or seat not in table.turn_started:
            continue
        if clock.mode == "move":
            allowed = float(clock.seconds)
        else:
            allowed = (table.seats[seat].clock_ms or 0) / 1000
        found[seat] = table.turn_started[seat] + allowed
    return found


def table_clocks(table: LiveTable) -> dict[str, Any] | None:
    """Seconds left for each seat (running ones marked), for the pages' clocks."""
    clock = table.settings.running_clock
    if clock is None:
        return None
    now = time.monotonic()
    running = deadlines(table)
    left = {}
    for info in table.seats:
        if info.seat in running:
            left[str(info.seat)] = max(0.0, running[info.seat] - now)
        elif clock.mode == "game":
            left[str(info.seat)] = (info.clock_ms or 0) / 1000
    return {"mode": clock.mode, "left": left, "running": sorted(running)}


def view_delta(before: dict[str, Any] | None, after: dict[str, Any]) -> dict[str, Any]:
    """What turns the view ``before`` into ``after``: ``history``, the entries appended to
    the view's history, and ``view``, the top-level keys whose values changed (each
    replaces the key as a whole; a ``history`` there replaces the whole history, which
    happens only when an earlier entry changed)."""
    before = before or {}
    changed: dict[str, Any] = {}
    appended: list[Any] = []
    for key, value in after.items():
        old = before.get(key, _ABSENT)
        if old is value:
            continue
        if key == "history" and _extends(value, old):
            appended = value[len(old) :]
            continue
        if old != value:
            changed[key] = value
    return {"history": appended, "view": changed}


_ABSENT = object()


def _extends(after: Any, before: Any) -> bool:
    """Whether the list ``after`` is the list ``before`` with entries appended."""
    return (
        isinstance(after, list)
        and isinstance(before, list)
        and len(before) <= len(after)
        and after[: len(before)] == before
    )


def _language_fields(
    table: LiveTable, state: State, seat: int | None, view: dict[str, Any], lang: str
) -> dict[str, Any]:
    """The parts of a frame written in the reader's language: the labels of the seat's
    legal actions, and the result table at the end."""
    fields: dict[str, Any] = {}
    if seat is not None:
        fields["legal"] = legal_entries(state, seat, view, lang)
    if state.is_over:
        fields["result"] = result_table(state, view, lang, seat_names(table.bots(), lang))
    return fields


def _speaks(state: State, seat: int | None) -> bool:
    """Whether the frames of ``seat`` carry text in the reader's language."""
    return state.is_over or (seat is not None and seat in state.to_act)


def view_of(table: LiveTable, seat: int | None) -> dict[str, Any]:
    """The view of ``seat`` at the table's newest seq, the one its connections were told
    when they have been (so a bot and the pages read the very same object)."""
    state = table.state
    if state is None:
        raise TableError.said("not-started", "error-table-not-started")
    view = table.views.get(seat)
    if view is None or table.published_seq != table.seq:
        view = state.view(seat)
    return view


def state_message(table: LiveTable, seat: int | None, lang: str) -> dict[str, Any]:
    """The full ``state`` message for one connection (on ``join`` and ``resync``).

    The audience's view is remembered, so the next ``event`` is the difference from what
    this connection was just told."""
    state = table.state
    body: dict[str, Any] = {
        "type": "state",
        "seq": table.seq,
        "seat": seat,
        "view": None,
        "legal": [],
        "to_act": [],
        "over": False,
        "result": None,
    }
    if state is not None:
        view = table.views.get(seat)
        if view is None:
            view = state.view(seat)
            table.views[seat] = view
        body.update(view=view, to_act=list(state.to_act), over=state.is_over)
        if _speaks(state, seat):
            body.update(_language_fields(table, state, seat, view, lang))
    body["table"] = table.info()
    body["clocks"] = table_clocks(table)
    return body


def publish(table: LiveTable, start_seq: int) -> None:
    """Tell this process's connections of ``table`` what the record events from
    ``start_seq`` on changed, one ``event`` message each.

    Each audience's frame (a seat's, the spectators') is built once, from one view, and
    serialised once per language it needs (only a frame with legal actions or the
    result carries text): every connection sharing it gets the same text. The function
    reads the table and writes only to connections and the table's remembered views, so
    any process holding a copy of the table's state can call it for its own connections.

    ``start_seq`` is where the new events begin; the frames say ``since``, the seq the
    connections were last told (the same, unless a caller skipped a publication), so a
    page that is not there resyncs.
    """
    state = table.state
    if state is None:
        return
    audiences: dict[int | None, list[Connection]] = {}
    for conn in table.connections:
        if not conn.closed.is_set():
            audiences.setdefault(conn.seat, []).append(conn)
    for gone in [seat for seat in table.views if seat not in audiences]:
        del table.views[gone]
    common: dict[str, Any] = {
        "type": "event",
        "seq": table.seq,
        "since": table.published_seq,
        "to_act": list(state.to_act),
        "over": state.is_over,
    }
    clocks = table_clocks(table)
    if clocks is not None:
        common["clocks"] = clocks
    for seat, listeners in audiences.items():
        view = state.view(seat)
        frame = {**common, **view_delta(table.views.get(seat), view)}
        table.views[seat] = view
        if seat is not None and not _speaks(state, seat):
            frame["legal"] = []
        texts: dict[str, str] = {}
        for conn in listeners:
            lang = conn.lang if _speaks(state, seat) else ""
            text = texts.get(lang)
            if text is None:
                if lang:
                    text = encode({**frame, **_language_fields(table, state, seat, view, lang)})
                else:
                    text = encode(frame)
                texts[lang] = text
            conn.push_text(text)
    table.published_seq = table.seq


def tell_all(table: LiveTable, message: dict[str, Any]) -> None:
    """One small message (``presence``, ``table``, ``chat``), serialised once, to every
    connection of the table in this process."""
    text = encode(message)
    for conn in table.connections:
        conn.push_text(text)


def presence_message(table: LiveTable, seat: int) -> dict[str, Any]:
    """A seat's coming, going or being played by a bot, as a small ``presence`` event."""
    message: dict[str, Any] = {
        "type": "presence",
        "seat": seat,
        "connected": table.connected(seat),
        "away": seat in table.away,
    }
    clocks = table_clocks(table)
    if clocks is not None:
        message["clocks"] = clocks
    return message


class GroupCommit:
    """Decisions of many tables committed together: while one transaction is on its way to
    disk, the decisions that arrive meanwhile queue up and go in the next one. Each caller
    still returns only once its own decision is committed."""

    def __init__(self, store: Store) -> None:
        self.store = store
        self.queue: asyncio.Queue[tuple[Append, asyncio.Future[None]]] = asyncio.Queue()
        self.writer: asyncio.Task[None] | None = None

    async def append(self, append: Append) -> None:
        if self.writer is None or self.writer.done():
            self.writer = asyncio.create_task(self._write())
        done: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self.queue.put_nowait((append, done))
        # shielded: memory must never fall behind what is on disk, even if the caller
        # is cancelled while it waits
        await asyncio.shield(done)

    async def _write(self) -> None:
        while True:
            batch = [await self.queue.get()]
            while not self.queue.empty():
                batch.append(self.queue.get_nowait())
            try:
                await asyncio.to_thread(self.store.append_many, [a for a, _ in batch])
                results: list[BaseException | None] = [None] * len(batch)
            except Exception:
                results = [await self._alone(append) for append, _ in batch]
            for (_, done), error in zip(batch, results, strict=True):
                if done.done():
                    continue
                if error is None:
                    done.set_result(None)
                else:
                    done.set_exception(error)

    async def _alone(self, append: Append) -> BaseException | None:
        """One decision retried by itself, so a faulty one cannot sink its neighbours."""
        try:
            await asyncio.to_thread(self.store.append_many, [append])
        except Exception as error:
            return error
        return None

    def close(self) -> None:
        if self.writer is not None:
            self.writer.cancel()


class TableService:
    """Every live table of this process, and the one path through which each changes."""

    def __init__(
        self,
        store: Store,
        bots: BotPool,
        *,
        bot_delay: float = 0.0,
        bot_budget: float = 5.0,
    ) -> None:
        self.store = store
        self.bots = bots
        self.bot_delay = bot_delay
        self.bot_budget = bot_budget
        self.tables: dict[str, LiveTable] = {}
        self.commits = GroupCommit(store)

    # -- loading -----------------------------------------------------------------

    async def restore(self) -> int:
        """Rebuild every unfinished table from the store; returns how many are playing."""
        stored = await asyncio.to_thread(self.store.tables, ["open", "playing"], 100_000)
        playing = 0
        for row in stored:
            table = await self._load(row)
            if table.status == "playing":
                playing += 1
                for info in table.seats:
                    if info.kind == "human":
                        self._start_grace(table, info.seat)
                self._after_change(table)
        return playing

    async def _load(self, row: StoredTable) -> LiveTable:
        table = _live(row)
        if table.status in ("playing", "finished"):
            record = await asyncio.to_thread(self.store.record, table.id)
            if record is None:
                raise TableError.said("no-table", "error-table-none", table=repr(table.id))
            table.state = replay(record)
        table.published_seq = table.seq
        self.tables[table.id] = table
        return table

    async def get(self, table_id: str) -> LiveTable:
        table = self.tables.get(table_id)
        if table is not None:
            return table
        row = await asyncio.to_thread(self.store.table, table_id)
        if row is None:
            raise TableError.said("no-table", "error-table-none", table=repr(table_id))
        return await self._load(row)

    # -- the lobby ------------------------------------------------------------

    async def create(
        self,
        game_name: str,
        players: int,
        options: dict[str, Any],
        seats: Sequence[SeatChoice],
        settings: TableSettings,
        host_name: str | None,
        *,
        seed: int | None = None,
        rematch_of: str | None = None,
    ) -> tuple[str, int | None, str | None]:
        """A new table; returns its id and the creator's seat and token (if they sat down)."""
        try:
            game = get_game(game_name)
            players = game.check_players(players)
            resolved = game.resolve_options(options)
        except ConfigurationError as error:
            raise TableError.of("bad-table", error) from None
        for option in game.options:
            if option.data_file and resolved.get(option.name) is not None:
                raise TableError.said("bad-table", "error-table-file-option", option=option.name)
        if len(seats) != players:
            raise TableError.said(
                "bad-table", "error-table-seat-count", seats=len(seats), players=players
            )
        token: str | None = None
        host_seat: int | None = None
        rows: list[dict[str, Any]] = []
        for number, spec in enumerate(seats):
            kind = spec.kind
            if kind == "me":
                if host_seat is not None:
                    raise TableError.said("bad-table", "error-table-one-seat-yours")
                host_seat, token = number, secrets.token_urlsafe(24)
                rows.append(
                    {
                        "kind": "human",
                        "name": host_name,
                        "token_hash": hash_token(token),
                        "is_host": True,
                    }
                )
            elif kind == "bot":
                bot = spec.bot or "random"
                problem = online_bot_problem(bot, game, self.bots.think_ms)
                if problem is not None:
                    raise TableError("bad-table", problem.text("en"), problem)
                bot = online_bot_spec(bot, self.bots.think_ms)
                rows.append({"kind": "bot", "bot": bot, "name": None})
            elif kind == "open":
                rows.append({"kind": "open"})
            else:
                raise TableError.said("bad-table", "error-table-seat-kind", seat=number + 1)
        takeover = settings.takeover_bot
        if takeover is not None:
            if online_bot_problem(takeover, game, self.bots.think_ms) is not None:
                raise TableError.said("bad-table", "error-table-takeover-bot", bot=repr(takeover))
            seated = online_bot_spec(takeover, self.bots.think_ms)
            settings = replace(settings, takeover_bot=seated)
        table_id = secrets.token_urlsafe(6)
        if settings.clock.mode == "game":
            for row in rows:
                row["clock_ms"] = settings.clock.seconds * 1000
        await asyncio.to_thread(
            self.store.create_table,
            table_id,
            game=game.name,
            players=players,
            seed=secrets.randbelow(SEED_LIMIT) if seed is None else seed,
            options=resolved,
            rules_version=game.rules_version,
            settings=settings.as_dict(),
            seats=rows,
            rematch_of=rematch_of,
        )
        if rematch_of is not None and rematch_of in self.tables:
            old = self.tables[rematch_of]
            old.rematch_id = table_id
            self._tell_table(old)
        table = await self.get(table_id)
        await self._start_if_full(table)
        return table_id, host_seat, token

    async def join(self, table_id: str, name: str, seat: int | None = None) -> tuple[int, str]:
        """Take an open seat (the first, or ``seat``); returns it with its new token."""
        table = await self.get(table_id)
        async with table.lock:
            if table.status != "open":
                raise TableError.said("table-closed", "error-table-started")
            open_seats = [s.seat for s in table.seats if s.kind == "open"]
            if seat is None:
                if not open_seats:
                    raise TableError.said("table-full", "error-table-full")
                seat = open_seats[0]
            if seat not in open_seats:
                raise TableError.said("seat-taken", "error-table-seat-taken", seat=seat + 1)
            token = secrets.token_urlsafe(24)
            taken = await asyncio.to_thread(
                self.store.claim_open_seat, table.id, seat, name, hash_token(token)
            )
            if not taken:
                raise TableError.said("seat-taken", "error-table-seat-taken", seat=seat + 1)
            info = table.seats[seat]
            info.kind, info.name, info.token_hash = "human", name, hash_token(token)
        if table.status == "open":
            self._tell_table(table)
        await self._start_if_full(table)
        return seat, token

    async def start(self, table_id: str, token: str) -> None:
        """The host starts now: open seats are filled with the takeover bot."""
        table = await self.get(table_id)
        seat = table.seat_of(token)
        if seat is None or not table.seats[seat].is_host:
            raise TableError.said("not-host", "error-table-not-host")
        if table.status != "open":
            raise TableError.said("table-closed", "error-table-started")
        bot = table.settings.takeover_bot or "random"
        for info in table.seats:
            if info.kind == "open":
                info.kind, info.bot = "bot", bot
                await asyncio.to_thread(
                    self.store.update_seat, table.id, info.seat, kind="bot", bot=bot
                )
        await self._start_if_full(table)

    async def rematch(self, table_id: str, token: str, name: str | None) -> tuple[str, int, str]:
        """A new table like this finished one; the asker keeps their seat, people's seats open."""
        table = await self.get(table_id)
        seat = table.seat_of(token)
        if seat is None:
            raise TableError.said("bad-token", "error-table-rematch-player")
        if table.status != "finished":
            raise TableError.said("not-finished", "error-table-rematch-early")
        if table.rematch_id is not None:
            raise TableError.said("rematch-exists", "error-table-rematch-exists")
        seats = [
            SeatChoice(kind="me")
            if s.seat == seat
            else SeatChoice(kind="bot", bot=s.bot)
            if s.kind == "bot"
            else SeatChoice(kind="open")
            for s in table.seats
        ]
        new_id, new_seat, new_token = await self.create(
            table.game.name,
            table.players,
            table.options,
            seats,
            table.settings,
            name or table.seats[seat].name,
            rematch_of=table.id,
        )
        assert new_seat is not None and new_token is not None  # the asker's "me" seat
        return new_id, new_seat, new_token

    async def _start_if_full(self, table: LiveTable) -> None:
        async with table.lock:
            if table.status != "open" or any(s.kind == "open" for s in table.seats):
                return
            state = table.game.new_state(table.players, table.seed, **table.options)
            await asyncio.to_thread(
                self.store.append_events,
                table.id,
                0,
                state.record_events(0),
                None,
                status="playing",
            )
            table.state, table.status = state, "playing"
            self._tell_table(table)
            self._after_change(table, start_seq=0)

    # -- connections ------------------------------------------------------------

    async def connect(self, table: LiveTable, conn: Connection, token: str | None) -> None:
        """Seat ``conn`` (or let it watch) and send it the full state.

        The others hear of it in one small ``presence`` message at most (a seat's), or in
        the next count of watchers, so a join costs the same however many are watching."""
        seat = None
        if token:
            seat = table.seat_of(token)
            if seat is None:
                raise TableError.said("bad-token", "error-table-bad-link")
        returned = False
        if seat is not None:
            grace = table.grace_tasks.pop(seat, None)
            if grace is not None:
                grace.cancel()
            if seat in table.away and table.status == "playing":
                table.away.discard(seat)
                returned = True
                await asyncio.to_thread(self.store.add_note, table.id, "return", seat)
        conn.seat, conn.table_id = seat, table.id
        was_connected = seat is not None and table.connected(seat)
        table.connections.add(conn)
        if seat is None:
            table.watchers += 1
        else:
            table.seat_connections[seat] += 1
        conn.push({"type": "welcome", "seat": seat})
        conn.push(state_message(table, seat, conn.lang))
        for line in table.chat:
            conn.push(line)
        if seat is None:
            self._count_watchers(table)
        elif returned or not was_connected:
            self._tell_others(table, conn, presence_message(table, seat))
        if returned:
            self._after_change(table)

    async def disconnect(self, conn: Connection) -> None:
        table = self.tables.get(conn.table_id or "")
        await conn.close()
        if table is None or conn not in table.connections:
            return
        table.connections.discard(conn)
        seat = conn.seat
        if seat is None:
            table.watchers -= 1
            self._count_watchers(table)
            return
        table.seat_connections[seat] -= 1
        if table.connected(seat):
            return
        if table.status == "playing" and table.seats[seat].kind == "human":
            self._start_grace(table, seat)
        tell_all(table, presence_message(table, seat))

    def resync(self, table: LiveTable, conn: Connection) -> None:
        conn.push(state_message(table, conn.seat, conn.lang))

    async def chat(self, table: LiveTable, conn: Connection, text: str) -> None:
        if conn.seat is None:
            raise TableError.said("spectator", "error-table-spectator-chat")
        message = {
            "type": "chat",
            "seat": conn.seat,
            "name": table.seats[conn.seat].name,
            "text": text,
        }
        table.chat.append(message)
        tell_all(table, message)

    def _tell_others(self, table: LiveTable, conn: Connection, message: dict[str, Any]) -> None:
        text = encode(message)
        for other in table.connections:
            if other is not conn:
                other.push_text(text)

    def _tell_table(self, table: LiveTable) -> None:
        """The table's public information changed (a seat taken, the status, a rematch)."""
        tell_all(table, {"type": "table", "table": table.info()})

    def _count_watchers(self, table: LiveTable) -> None:
        """Spectators coming and going are told as one count, at most once a
        :data:`WATCHERS_EVERY` seconds: a crowd arriving costs one message each, not one
        for every pair."""
        if table.watchers_flush is not None:
            return

        def flush() -> None:
            table.watchers_flush = None
            if table.watchers != table.watchers_told:
                table.watchers_told = table.watchers
                tell_all(table, {"type": "presence", "watchers": table.watchers})

        table.watchers_flush = asyncio.get_running_loop().call_later(WATCHERS_EVERY, flush)

    # -- decisions -----------------------------------------------------------------

    async def act(
        self,
        table: LiveTable,
        seat: int,
        action: str,
        reason: str | None = None,
        *,
        seq: int | None = None,
    ) -> None:
        """Apply a seat's decision. A person's ``seq`` is the one the decision was taken
        at: it must lie within the seat's current decision (from the seq at which the
        seat was last asked, up to now), or the act is refused as ``stale``."""
        async with table.lock:
            if seq is not None:
                self._check_fresh(table, seat, seq)
            await self._act_locked(table, seat, action, reason)

    def _check_fresh(self, table: LiveTable, seat: int, seq: int) -> None:
        """Refuse a decision from before the seat was last asked, or from beyond now (a
        seat that is not asked at all is left to the engine's ``illegal-action``)."""
        asked = table.decision_seq.get(seat, 0)
        if table.status == "playing" and not asked <= seq <= table.seq:
            raise TableError.said("stale", "error-table-stale", seq=seq, current=table.seq)

    async def _act_locked(
        self, table: LiveTable, seat: int, action: str, reason: str | None
    ) -> None:
        """One decision, refused with the engine's reason if it cannot be taken."""
        await self._apply_locked(table, [(seat, action)], reason, strict=True)

    async def _apply_locked(
        self,
        table: LiveTable,
        decisions: Sequence[tuple[int, str]],
        reason: str | None,
        *,
        strict: bool,
    ) -> None:
        """Several seats' decisions in one commit and one message to each connection (the
        bots of a simultaneous step, answering together). ``strict``: a decision that
        cannot be taken is refused (:class:`TableError`); otherwise it is left out."""
        state = table.state
        if table.status != "playing" or state is None:
            if table.status == "finished":
                raise TableError.said("game-over", "error-game-over")
            raise TableError.said("not-started", "error-table-not-started")
        trial, acted = state, []
        for seat, action in decisions:
            attempt = trial.clone()
            try:
                attempt.act(seat, action)
            except InvalidActionError as error:
                if strict:
                    raise TableError.of("invalid-action", error) from None
                continue
            except RelicboxError as error:
                if strict:
                    raise TableError.of("illegal-action", error) from None
                continue
            trial = attempt
            acted.append(seat)
        if not acted:
            return
        start = table.seq
        clocks: dict[int, int] = {}
        for seat in acted:
            clocks.update(self._charge_clock(table, seat) or {})
        status = "finished" if trial.is_over else None
        events = tuple(trial.record_events(start))
        await self.commits.append(Append(table.id, start, events, reason, status, clocks or None))
        table.state = trial
        if status is not None:
            table.status = status
        # told at once, with no wait between the new state and its publication, so every
        # page's view and the table's remembered views move together
        self._after_change(table, acted=acted, start_seq=start)
        if status is not None:
            await self._finish(table)

    async def _finish(self, table: LiveTable) -> None:
        for seat in sorted(table.away):
            table.seats[seat].abandoned = True
            await asyncio.to_thread(self.store.update_seat, table.id, seat, abandoned=True)
            await asyncio.to_thread(self.store.add_note, table.id, "abandoned", seat)
        if table.away:
            self._tell_table(table)
        for task in [*table.grace_tasks.values(), *table.bot_tasks.values()]:
            if task is not asyncio.current_task():
                task.cancel()
        table.grace_tasks.clear()

    def _after_change(
        self, table: LiveTable, acted: Collection[int] = (), start_seq: int | None = None
    ) -> None:
        """After a change: note who is now asked to decide, tell the connections about the
        record events from ``start_seq`` on (if any), and set bots and clocks going."""
        state = table.state
        if state is not None and table.status == "playing":
            now = time.monotonic()
            to_act = set(state.to_act)
            for seat in list(table.turn_started):
                if seat not in to_act:
                    del table.turn_started[seat]
                    table.decision_seq.pop(seat, None)
            for seat in to_act:
                if seat in acted or seat not in table.turn_started:
                    table.turn_started[seat] = now
                    table.decision_seq[seat] = table.seq
        if start_seq is not None:
            self._broadcast(table)
        self._schedule_bots(table)
        self._schedule_clock(table)

    def _broadcast(self, table: LiveTable) -> None:
        """Tell this process's connections the record events they have not heard of yet
        (one ``event`` message each, see :func:`publish`)."""
        publish(table, table.published_seq)

    # -- bots -------------------------------------------------------------------

    def _schedule_bots(self, table: LiveTable) -> None:
        state = table.state
        if state is None or table.status != "playing":
            return
        for seat in state.to_act:
            bot = table.controller(seat)
            if bot is not None and seat not in table.bot_tasks:
                table.bot_tasks[seat] = asyncio.create_task(self._bot_turn(table, seat, bot))

    async def _bot_turn(self, table: LiveTable, seat: int, bot: str) -> None:
        cancelled = False
        try:
            delay = self.bot_delay
            if all(info.kind == "bot" for info in table.seats):
                delay = max(delay, self.bots.alone_delay)  # nobody waits for these tables
            if delay:
                await asyncio.sleep(delay)
            state = table.state
            if state is None or seat not in state.to_act or table.controller(seat) is None:
                return
            seq = table.seq
            answer = await self.bots.choose(
                table.game.name,
                bot,
                view_of(table, seat),
                [a.text for a in state.legal_actions(seat)],
                bot_seed(table.seed, seq, seat),
                default_action(state.game, state.legal_actions(seat)).text,
                self.bot_budget,
                key=table.id,
            )
            table.bot_answers[seat] = (answer, seq)
            async with table.lock:
                await self._apply_bot_answers(table)
        except asyncio.CancelledError:
            # stopped by the game's end, a step-down or the server closing: none of them
            # wants the next bot turn started
            cancelled = True
            raise
        except Exception:
            log.exception("bot turn failed at table %s seat %s", table.id, seat)
        finally:
            if table.bot_tasks.get(seat) is asyncio.current_task():
                del table.bot_tasks[seat]
            if table.status == "playing" and not cancelled:
                self._schedule_bots(table)

    async def _apply_bot_answers(self, table: LiveTable) -> None:
        """Every bot answer that is ready, applied together: the bots of a simultaneous
        step answer at about the same moment, and one commit for them all keeps a person's
        decision from waiting behind one commit per bot. An answer is taken only while its
        seat is still asked the decision it was given (not a later one)."""
        ready, table.bot_answers = table.bot_answers, {}
        by_reason: dict[str, list[tuple[int, str]]] = {}
        for seat, (answer, asked) in ready.items():
            state = table.state
            if state is None or table.controller(seat) is None or seat not in state.to_act:
                continue
            if table.decision_seq.get(seat, 0) > asked:
                continue
            if answer.late_or_failed is not None:
                await asyncio.to_thread(
                    self.store.add_note, table.id, f"bot-{answer.late_or_failed}", seat
                )
            reason = "bot" if table.seats[seat].kind == "bot" else "takeover"
            by_reason.setdefault(reason, []).append((seat, answer.action))
        for reason, decisions in by_reason.items():
            with contextlib.suppress(TableError):
                await self._apply_locked(table, decisions, reason, strict=False)

    # -- takeovers --------------------------------------------------------------

    def _start_grace(self, table: LiveTable, seat: int) -> None:
        if seat in table.grace_tasks or seat in table.away:
            return
        grace = float(table.settings.grace)
        table.grace_tasks[seat] = asyncio.create_task(self._grace(table, seat, grace))

    async def _grace(self, table: LiveTable, seat: int, grace: float) -> None:
        await asyncio.sleep(grace)
        if table.grace_tasks.get(seat) is asyncio.current_task():
            del table.grace_tasks[seat]
        if table.status != "playing" or table.connected(seat):
            return
        table.away.add(seat)
        await asyncio.to_thread(self.store.add_note, table.id, "takeover", seat)
        self._after_change(table)
        tell_all(table, presence_message(table, seat))

    # -- clocks -----------------------------------------------------------------

    def _deadlines(self, table: LiveTable) -> dict[int, float]:
        return deadlines(table)

    def clocks(self, table: LiveTable) -> dict[str, Any] | None:
        """Seconds left for each seat (running ones marked), for the pages' clocks."""
        return table_clocks(table)

    def _charge_clock(self, table: LiveTable, seat: int) -> dict[int, int] | None:
        clock = table.settings.running_clock
        if clock is None or clock.mode != "game" or seat not in table.turn_started:
            return None
        if table.controller(seat) is not None:
            return None
        info = table.seats[seat]
        spent = int((time.monotonic() - table.turn_started[seat]) * 1000)
        info.clock_ms = max(0, (info.clock_ms or 0) - spent) + clock.increment * 1000
        return {seat: info.clock_ms}

    def _schedule_clock(self, table: LiveTable) -> None:
        """Arm one timer for the earliest deadline; older timers see a newer generation and
        stand down (they are never cancelled, so none is stopped half-way through a commit)."""
        table.clock_generation += 1
        deadlines = self._deadlines(table)
        if deadlines:
            table.clock_task = asyncio.create_task(
                self._clock_expiry(table, table.clock_generation, min(deadlines.values()))
            )

    async def _clock_expiry(self, table: LiveTable, generation: int, when: float) -> None:
        await asyncio.sleep(max(0.0, when - time.monotonic()))
        async with table.lock:
            if table.clock_generation != generation:
                return
            now = time.monotonic()
            for seat, deadline in sorted(self._deadlines(table).items()):
                state = table.state
                if deadline <= now and state is not None and seat in state.to_act:
                    await asyncio.to_thread(self.store.add_note, table.id, "timeout", seat)
                    chosen = default_action(state.game, state.legal_actions(seat)).text
                    with contextlib.suppress(TableError):
                        await self._act_locked(table, seat, chosen, "timeout")
            if table.clock_generation == generation:
                # the loop may wake a timer a hair before its deadline: arm it again
                self._schedule_clock(table)

    async def close(self) -> None:
        self.commits.close()
        for table in self.tables.values():
            table.clock_generation += 1
            for task in [*table.bot_tasks.values(), *table.grace_tasks.values()]:
                task.cancel()
            for conn in list(table.connections):
                await conn.close()
