"""Connections: a page (or a spectator) coming to a table and leaving it, its chat, and
the table's small messages to its connections.

:class:`ConnectionsPart` owns ``connect``, ``disconnect``, ``resync`` and ``chat``, and
telling a table's connections of its public information (``_tell_table``) and of its
count of spectators. It relies on the service's shared ``store`` (where a seat's return
is noted) and ``tables``; on the table master to set bots and clocks going again when a
seat's person returns (``_after_change``); and on the timers to start the grace of a
seat whose person has gone (``_start_grace``).
"""

from __future__ import annotations

import asyncio
from collections.abc import Collection
from typing import TYPE_CHECKING, Any

from relicbox.server.frames import presence_message, state_text, tell_all
from relicbox.server.live import Connection, LiveTable, TableError, encode
from relicbox.server.store import Store

WATCHERS_EVERY = 1.0
"""Seconds between two counts of a table's spectators told to its connections."""


class ConnectionsPart:
    """The connections at each table (see the module's docstring for what this part
    relies on from the others)."""

    store: Store
    tables: dict[str, LiveTable]

    if TYPE_CHECKING:
        # the other parts' methods this one calls, declared for the type checker only:
        # never defined here, so the service's own (and its subclass's) are the ones run
        def _after_change(
            self, table: LiveTable, acted: Collection[int] = (), start_seq: int | None = None
        ) -> None: ...
        def _start_grace(self, table: LiveTable, seat: int) -> None: ...

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
        conn.push_text(state_text(table, seat, conn.lang))
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
        """The full state again, from the text built once per seq for the connection's
        audience (see :func:`relicbox.server.frames.state_text`)."""
        conn.push_text(state_text(table, conn.seat, conn.lang))

    async def chat(self, table: LiveTable, conn: Connection, text: str) -> None:
        message = self._chat_message(table, conn, text)
        table.chat.append(message)
        tell_all(table, message)

    def _chat_message(self, table: LiveTable, conn: Connection, text: str) -> dict[str, Any]:
        """What a seat says, as every connection at the table is told it; a spectator is
        refused (it has no seat to speak for)."""
        if conn.seat is None:
            raise TableError.said("spectator", "error-table-spectator-chat")
        return {
            "type": "chat",
            "seat": conn.seat,
            "name": table.seats[conn.seat].name,
            "text": text,
        }

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
