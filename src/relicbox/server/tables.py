"""Live tables: one owner per table, one serialised path for its decisions.

Every decision of a table passes through :meth:`TableService.act` under the
table's lock: the engine checks it on a copy of the state, the new record events
are committed to the store, and only then does the live state move on and every
connection hear of it (each through its own seat's view). Bots, clocks and
takeovers of seats whose people have gone all enter through the same path.

:class:`TableService` is made of four parts, each in a module of its own: the lobby
(:mod:`relicbox.server.lobby`), the connections (:mod:`relicbox.server.connections`),
the table master with the serialised path (:mod:`relicbox.server.master`) and the timers
(:mod:`relicbox.server.timers`). It holds what they share (``store``, ``bots``,
``tables``, ``commits``, ``bot_delay``, ``bot_budget``), and a subclass
(:class:`relicbox.server.cluster.ClusterService`) overrides methods of any part.
"""

from __future__ import annotations

import asyncio

from relicbox.server.botpool import BotPool
from relicbox.server.commits import GroupCommit
from relicbox.server.connections import ConnectionsPart
from relicbox.server.live import LiveTable
from relicbox.server.lobby import LobbyPart
from relicbox.server.master import TableMaster
from relicbox.server.store import Store
from relicbox.server.timers import Timers


class TableService(LobbyPart, ConnectionsPart, TableMaster, Timers):
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
        self.loading: dict[str, asyncio.Task[LiveTable]] = {}
        self.commits = GroupCommit(store)

    async def close(self) -> None:
        self.commits.close()
        for table in self.tables.values():
            table.clock_generation += 1
            for task in [*table.bot_tasks.values(), *table.grace_tasks.values()]:
                task.cancel()
            for conn in list(table.connections):
                await conn.close()
