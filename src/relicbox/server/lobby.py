"""The lobby: making tables, taking their seats, starting them and their rematches, and
loading tables from the store.

:class:`LobbyPart` owns ``create``, ``join``, ``start``, ``rematch`` and the start of a
table whose seats are all taken, and the loading of tables (``restore`` after a restart,
``get`` of one not in memory yet). It relies on the service's shared ``store``, ``bots``
(whose limits the seated bots must keep within) and ``tables``; on the connections part
to tell a table's connections of its public information (``_tell_table``); on the table
master to note who must decide once a table starts and set its bots and clocks going
(``_after_change``); and on the timers to start the grace of the people of a table
restored while they are away (``_start_grace``).
"""

from __future__ import annotations

import asyncio
import secrets
from collections.abc import Collection, Sequence
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from relicbox.core.errors import ConfigurationError
from relicbox.core.registry import get_game, replay
from relicbox.server.botpool import BotPool
from relicbox.server.botspecs import online_bot_problem, online_bot_spec
from relicbox.server.live import LiveTable, TableError, TableSettings, _live
from relicbox.server.protocol import SeatChoice
from relicbox.server.store import Store, StoredTable, hash_token

SEED_LIMIT = 2**31


class LobbyPart:
    """Making, joining, starting and loading tables (see the module's docstring for what
    this part relies on from the others)."""

    store: Store
    bots: BotPool
    tables: dict[str, LiveTable]
    loading: dict[str, asyncio.Task[LiveTable]]
    """The loads of tables on their way from the store, one per table."""

    if TYPE_CHECKING:
        # the other parts' methods this one calls, declared for the type checker only:
        # never defined here, so the service's own (and its subclass's) are the ones run
        def _tell_table(self, table: LiveTable) -> None: ...
        def _after_change(
            self, table: LiveTable, acted: Collection[int] = (), start_seq: int | None = None
        ) -> None: ...
        def _start_grace(self, table: LiveTable, seat: int) -> None: ...

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
        """The table, loaded from the store if it is not in memory. Requests for a table
        being loaded wait for that one load: a second copy would replace the first in
        ``tables``, and the connections attached to the first would hear nothing more."""
        table = self.tables.get(table_id)
        if table is not None:
            return table
        loading = self.loading.get(table_id)
        if loading is None:
            loading = asyncio.create_task(self._load_new(table_id))
            self.loading[table_id] = loading
            loading.add_done_callback(lambda done: self._loaded(table_id, done))
        # shielded: a caller that goes away does not stop the load the others wait for
        return await asyncio.shield(loading)

    def _loaded(self, table_id: str, done: asyncio.Task[LiveTable]) -> None:
        if self.loading.get(table_id) is done:
            del self.loading[table_id]
        if not done.cancelled():
            done.exception()  # retrieved here too: every caller may have gone

    async def _load_new(self, table_id: str) -> LiveTable:
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
                bot = online_bot_spec(bot, self.bots.think_ms, game)
                rows.append({"kind": "bot", "bot": bot, "name": None})
            elif kind == "open":
                rows.append({"kind": "open"})
            else:
                raise TableError.said("bad-table", "error-table-seat-kind", seat=number + 1)
        takeover = settings.takeover_bot
        if takeover is not None:
            if online_bot_problem(takeover, game, self.bots.think_ms) is not None:
                raise TableError.said("bad-table", "error-table-takeover-bot", bot=repr(takeover))
            seated = online_bot_spec(takeover, self.bots.think_ms, game)
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
