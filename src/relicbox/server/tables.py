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
import logging
import secrets
import time
from collections.abc import Collection, Sequence
from dataclasses import replace
from typing import Any

from relicbox.bots import bot_names, bot_seed, default_action, is_bot_spec
from relicbox.core.errors import (
    ConfigurationError,
    InvalidActionError,
    Reason,
    RelicboxError,
)
from relicbox.core.game import Game
from relicbox.core.registry import get_game, replay
from relicbox.server.botpool import BotPool
from relicbox.server.commits import GroupCommit
from relicbox.server.frames import (
    deadlines,
    presence_message,
    publish,
    state_message,
    table_clocks,
    tell_all,
    view_of,
)
from relicbox.server.live import Connection, LiveTable, TableError, TableSettings, _live, encode
from relicbox.server.protocol import SeatChoice
from relicbox.server.store import Append, Store, StoredTable, hash_token

log = logging.getLogger("relicbox.server")

SEED_LIMIT = 2**31
WATCHERS_EVERY = 1.0
"""Seconds between two counts of a table's spectators told to its connections."""


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
