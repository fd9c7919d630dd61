"""The timers: what a table does when nobody sends anything, its bots' turns, the grace
of a seat whose person has gone, and its clocks.

:class:`Timers` owns the bots' turns (``_schedule_bots``: each bot asked through the
shared ``bots`` pool, after ``bot_delay``, within ``bot_budget``), the grace before a
takeover bot plays an away person's seat (``_start_grace``), and the clocks (``clocks``,
``_charge_clock``, ``_schedule_clock``, a seat out of time getting the game's default
action); bot failures, takeovers and timeouts are noted in the shared ``store``. Every
decision it makes goes through the table master's path (``_apply_locked``,
``_act_locked``), and a takeover sets the bots and the clock going through
``_after_change``.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections.abc import Collection, Sequence
from typing import TYPE_CHECKING, Any

from relicbox.bots import bot_seed, default_action
from relicbox.server.botpool import BotPool
from relicbox.server.botspecs import seated_bot
from relicbox.server.frames import deadlines, presence_message, table_clocks, tell_all, view_of
from relicbox.server.live import LiveTable, TableError
from relicbox.server.store import Store

log = logging.getLogger("relicbox.server")


class Timers:
    """The bots, the graces and the clocks of every table (see the module's docstring for
    what this part relies on from the others)."""

    store: Store
    bots: BotPool
    bot_delay: float
    bot_budget: float

    if TYPE_CHECKING:
        # the other parts' methods this one calls, declared for the type checker only:
        # never defined here, so the service's own (and its subclass's) are the ones run
        def _after_change(
            self, table: LiveTable, acted: Collection[int] = (), start_seq: int | None = None
        ) -> None: ...
        async def _act_locked(
            self, table: LiveTable, seat: int, action: str, reason: str | None
        ) -> None: ...
        async def _apply_locked(
            self,
            table: LiveTable,
            decisions: Sequence[tuple[int, str]],
            reason: str | None,
            *,
            strict: bool,
        ) -> None: ...

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
                seated_bot(bot, self.bots.think_ms, table.game),
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
