"""The table master: the one serialised path through which a table's decisions pass.

:class:`TableMaster` owns ``act``: under the table's lock the engine checks the decisions
on a copy of the state, the new record events are committed (through the service's
shared ``commits``), and only then does the live state move on and every connection hear
of it (``_after_change``, ``_broadcast``); the end of a game is noted in the shared
``store``. It relies on the connections part to tell the table's connections of its
public information (``_tell_table``), and on the timers to charge a seat's clock for its
decision (``_charge_clock``) and to set the bots and the clock going for the next
decisions (``_schedule_bots``, ``_schedule_clock``).
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Collection, Sequence
from typing import TYPE_CHECKING

from relicbox.core.errors import InvalidActionError, RelicboxError
from relicbox.server.commits import GroupCommit
from relicbox.server.frames import publish
from relicbox.server.live import LiveTable, TableError
from relicbox.server.store import Append, Store


class TableMaster:
    """Every decision of a table, one at a time (see the module's docstring for what this
    part relies on from the others)."""

    store: Store
    commits: GroupCommit

    if TYPE_CHECKING:
        # the other parts' methods this one calls, declared for the type checker only:
        # never defined here, so the service's own (and its subclass's) are the ones run
        def _tell_table(self, table: LiveTable) -> None: ...
        def _charge_clock(self, table: LiveTable, seat: int) -> dict[int, int] | None: ...
        def _schedule_bots(self, table: LiveTable) -> None: ...
        def _schedule_clock(self, table: LiveTable) -> None: ...

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
        seat was last asked, up to now), or the act is refused as ``stale``. A refusal
        names the act it answers."""
        try:
            async with table.lock:
                if seq is not None:
                    self._check_fresh(table, seat, seq)
                await self._act_locked(table, seat, action, reason)
        except TableError as refusal:
            raise refusal.answering(action, seq) from None

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
