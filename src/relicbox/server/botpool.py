"""Bot decisions off the event loop, each within a hard budget.

A bot receives only the seat's view and legal action texts (as any bot does), so
the work can go to another process: the event loop stays free to serve every
other table while bots think. A bot that answers late, or fails, is replaced for
that decision by the game's default action, and the caller is told why. A decision is
due a fixed time after it is asked, however much of that time it spent waiting for a
worker: once due, its table gets the default action at once, and a worker still on it
is stopped.

Bots are a shared resource, so no table may hold on to it:

* a search bot seated online always carries a time budget (``ms``), at most the
  server's ``think_ms``; the worker running it is killed when it overruns that
  budget (or the decision's deadline) and a spare process, started in advance, takes
  its place at once;
* quick bots (the rule-based ones and ``random``) go before searches, and searches of
  different tables take turns, so one table's searches never make another table's
  quick bots late;
* the lobby offers a search for a game only when enough of its iterations fit in the
  budget (measured once per process: :meth:`BotPool.iteration_seconds`).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import math
import multiprocessing
import os
import signal
import threading
import time
from collections import OrderedDict, deque
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from functools import cache
from multiprocessing.connection import Connection
from multiprocessing.context import SpawnContext, SpawnProcess
from typing import Any

import relicbox
from relicbox.bots import Origin, bot_names, make_bot, parse_bot
from relicbox.bots.specs import DATA_LIMITS, MAX_SETTING
from relicbox.core.agents import Agent
from relicbox.core.game import Game
from relicbox.core.registry import get_game
from relicbox.core.rng import Rng
from relicbox.i18n import tr
from relicbox.play.analysis import analyse_json

log = logging.getLogger("relicbox.server")
SEARCH_SLACK = 0.5
"""Seconds a search may run past its own ``ms`` (or half its ``ms``, if more) before its
worker is stopped: it checks its clock only between iterations, and one iteration of a
long game can take a few tenths of a second on a busy machine."""
CALIBRATION_ITERATIONS = 3
_iteration_seconds: dict[str, float] = {}


def default_bot_workers() -> int:
    """One bot process per core but one (the server's own), at least one."""
    return max(1, (os.cpu_count() or 2) - 1)


@cache
def _bot(game_name: str, bot_name: str) -> Agent:
    """A table's bot from its stored spec, read as data: relicbox's own bots only, within a
    file's budgets but for time and iterations, which the pool cuts short itself."""
    game = get_game(game_name)
    limits = {**DATA_LIMITS, "ms": MAX_SETTING, "iters": MAX_SETTING}
    return make_bot(parse_bot(bot_name, game, Origin.DATA, limits), game)


def choose_action(
    game_name: str, bot_name: str, view: dict[str, Any], legal: list[str], seed: int
) -> str:
    """One bot decision, as text; runs in a worker process or thread."""
    game = get_game(game_name)
    actions = [game.action_space.parse(text) for text in legal]
    return _bot(game_name, bot_name).choose(view, actions, Rng(seed)).text


def measure_search(game_name: str) -> str:
    """Seconds of CPU one search iteration takes early in a game of ``game_name`` (as text:
    a worker's answers are text), counted in the process that runs it, so neither other
    processes nor a lower priority make it look slower than it is."""
    view, legal = first_decision(game_name)
    game = get_game(game_name)
    actions = [game.action_space.parse(text) for text in legal]
    bot = make_bot(f"ismcts:iters={CALIBRATION_ITERATIONS}", game)
    bot.choose(view, actions, Rng(1))  # the first builds what later ones reuse
    started = time.process_time()
    bot.choose(view, actions, Rng(2))
    return repr((time.process_time() - started) / CALIBRATION_ITERATIONS)


TASKS: dict[str, Callable[..., str]] = {
    "choose": choose_action,
    "measure": measure_search,
    "analyse": analyse_json,
}
"""What a worker may be asked to run, by name."""


def search_seconds(spec: str) -> float | None:
    """A search spec's own time budget in seconds (``ismcts:...,ms=N``), else ``None``."""
    base, _, params = spec.partition(":")
    if base != "ismcts":
        return None
    for part in params.split(","):
        key, _, value = part.partition("=")
        if key.strip() == "ms":
            with contextlib.suppress(ValueError):
                return float(value) / 1000
    return None


def first_decision(game_name: str) -> tuple[dict[str, Any], list[str]]:
    """The view and legal actions of a new game's first decision (for measuring bots)."""
    game = get_game(game_name)
    state = game.new_state(game.default_players or game.min_players, 1)
    seat = state.to_act[0]
    return state.view(seat), [a.text for a in state.legal_actions(seat)]


def _exit_with_parent(parent: int) -> None:
    """In a worker: leave when the server is gone, even if it was killed outright."""

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(1.0)
        os._exit(0)

    threading.Thread(target=watch, daemon=True, name="relicbox-parent-watch").start()


def _warm_up() -> None:
    """Load every game and make one decision with each quick bot, so a new worker's first
    real decision takes no longer than any other (a replacement must be ready at once)."""
    for game in relicbox.list_games():
        view, legal = first_decision(game.name)
        for name in bot_names(game):
            if not name.startswith("ismcts"):
                choose_action(game.name, name, view, legal, 1)


CANCEL = getattr(signal, "SIGUSR1", None)
"""The signal that stops a worker's decision (where the system has it): the worker
answers ``cancelled`` and takes the next one, with no new process to start."""


class _Cancelled(BaseException):
    """Raised in a worker by :data:`CANCEL` (a BaseException: no bot may swallow it)."""


def _cancel_here(signum: int, frame: object) -> None:
    raise _Cancelled


def _send(conn: Connection, answer: tuple[str, Any]) -> None:
    """Send whole: a cancel arriving meanwhile waits until the message is out."""
    if CANCEL is None:
        conn.send(answer)
        return
    signal.pthread_sigmask(signal.SIG_BLOCK, {CANCEL})
    try:
        conn.send(answer)
    finally:
        signal.pthread_sigmask(signal.SIG_UNBLOCK, {CANCEL})


def _serve(conn: Connection, parent: int, measure: bool) -> None:
    """A worker process: answer one decision at a time until the pipe closes. Every cancel
    is answered ``cancelled`` once, whether it stopped a decision or came after one."""
    _exit_with_parent(parent)
    _warm_up()
    measured = {}
    for game in relicbox.list_games() if measure else []:
        if "ismcts" in bot_names(game):
            measured[game.name] = float(measure_search(game.name))
    if CANCEL is not None:
        signal.signal(CANCEL, _cancel_here)
    _send(conn, ("ready", measured))
    while True:
        try:
            try:
                task, args = conn.recv()
                answer: tuple[str, Any] = ("ok", TASKS[task](*args))
            except _Cancelled:
                answer = ("cancelled", None)
            except (EOFError, OSError):
                return
            except Exception as error:  # the server hears "failed"; the worker lives on
                answer = ("failed", type(error).__name__)
            _send(conn, answer)
        except _Cancelled:  # the cancel came while the answer was going out
            _send(conn, ("cancelled", None))


@dataclass(frozen=True)
class BotAnswer:
    action: str
    late_or_failed: str | None = None
    """``None`` when the bot answered in time; else ``"late"`` or ``"failed"``."""


@dataclass
class _Job:
    task: str
    """A name in :data:`TASKS`."""
    args: tuple[Any, ...]
    default: str
    due: float
    """When the answer is due (monotonic time): after it, the default action is played."""
    limit: float | None
    """Seconds of computing the bot may have once it starts (a search's own budget)."""
    answer: asyncio.Future[BotAnswer] = field(
        default_factory=lambda: asyncio.get_running_loop().create_future()
    )
    queued: float = field(default_factory=time.monotonic)
    started: bool = False
    """Whether a worker has been given the job (until then it waits in the queue)."""

    def late(self, why: str) -> None:
        """Play the default action; the log says where the time went."""
        if self.answer.done():
            return
        waited = time.monotonic() - self.queued
        what = self.args[1] if self.task == "choose" else self.task
        log.info("bot %s late (%s) after %.2f s", what, why, waited)
        self.settle(BotAnswer(self.default, "late"))

    def allowed(self) -> float:
        """Seconds the bot may compute if it starts now."""
        left = self.due - time.monotonic()
        return left if self.limit is None else min(left, self.limit)

    def settle(self, answer: BotAnswer) -> None:
        if not self.answer.done():
            self.answer.set_result(answer)


class _Worker:
    """One worker process and the parent's end of its pipe."""

    def __init__(self, context: SpawnContext, *, measure: bool = False) -> None:
        parent_end, child_end = context.Pipe()
        self.process: SpawnProcess = context.Process(
            target=_serve,
            args=(child_end, os.getpid(), measure),
            daemon=True,
            name="relicbox-bot",
        )
        self.process.start()
        child_end.close()
        self.conn = parent_end
        self.ready = False

    async def receive(self, timeout: float | None) -> Any:
        """The next message from the worker, or ``TimeoutError``; ``EOFError`` if it died."""
        if not self.conn.poll():
            loop = asyncio.get_running_loop()
            readable: asyncio.Future[None] = loop.create_future()
            fd = self.conn.fileno()

            def wake() -> None:
                if not readable.done():
                    readable.set_result(None)

            loop.add_reader(fd, wake)
            try:
                await asyncio.wait_for(readable, timeout)
            finally:
                loop.remove_reader(fd)
        return self.conn.recv()

    async def wait_ready(self, timeout: float | None) -> None:
        while not self.ready:
            kind, value = await self.receive(timeout)
            self.ready = kind == "ready"
            if self.ready:
                _iteration_seconds.update(value)

    def kill(self) -> None:
        with contextlib.suppress(Exception):
            self.process.kill()
        with contextlib.suppress(Exception):
            self.conn.close()
        # reaped by a thread, so a killed worker never lingers as a zombie
        threading.Thread(target=self.process.join, args=(10,), daemon=True).start()


QUICK_SLOT = 0
SEARCH_NICENESS = 10


CANCEL_GRACE = 1.0
"""Seconds a worker has to answer a cancel before it is killed and replaced."""


def _lower_priority(worker: _Worker) -> None:
    """Let a search process have the CPU only when the server and quick bots leave it."""
    with contextlib.suppress(OSError, AttributeError):
        os.setpriority(os.PRIO_PROCESS, worker.process.pid or 0, SEARCH_NICENESS)


def _new_spare(context: SpawnContext) -> _Worker:
    """A spare for the search workers, started (and warmed up) at their lower priority."""
    worker = _Worker(context)
    _lower_priority(worker)
    return worker


class BotPool:
    """Runs bot decisions on ``workers`` search processes beside one process kept for the
    quick bots (``0``: a thread pool, for tests, where an overrunning bot cannot be
    stopped). ``think_ms`` is the largest time budget of a search seated online;
    ``alone_delay`` paces tables of bots alone.

    Search processes run at a lower CPU priority, so searches take only the CPU that the
    server's own loop and the quick bots leave over; they take quick bots too when no
    search waits."""

    def __init__(self, workers: int = 1, *, think_ms: int = 1000, alone_delay: float = 0.0) -> None:
        self.size = workers
        self.think_ms = think_ms
        self.alone_delay = alone_delay
        """Seconds each bot of a table of bots alone waits before it moves: nobody waits
        for such a table, so it takes a smaller share of the bots and the server."""
        self.threads = ThreadPoolExecutor(max_workers=2, thread_name_prefix="relicbox-bot")
        self.context = multiprocessing.get_context("spawn")
        self.workers: list[_Worker] = []
        self.spare: _Worker | None = None
        self.quick: deque[_Job] = deque()
        self.searches: OrderedDict[str, deque[_Job]] = OrderedDict()
        self.queued = asyncio.Event()
        self.runners: list[asyncio.Task[None]] = []
        self.measuring: dict[str, asyncio.Task[float]] = {}
        self.stopped = 0
        """How many decisions were stopped past their budget."""
        self.replaced = 0
        """How many overrunning workers were killed and replaced."""

    async def start(self) -> None:
        """Start the worker processes (and a spare) and wait until they can take decisions."""
        if self.size <= 0:
            return
        # the first search worker measures the searches as it starts (see iteration_seconds)
        self.workers = [_Worker(self.context, measure=n == 1) for n in range(self.size + 1)]
        for slot in range(1, self.size + 1):
            _lower_priority(self.workers[slot])
        self.spare = _new_spare(self.context)
        for worker in [*self.workers, self.spare]:
            await worker.wait_ready(120)
        self.runners = [
            asyncio.create_task(self._run(slot), name=f"relicbox-bot-{slot}")
            for slot in range(self.size + 1)
        ]

    async def choose(
        self,
        game_name: str,
        bot_name: str,
        view: dict[str, Any],
        legal: list[str],
        seed: int,
        default: str,
        budget: float,
        *,
        key: str = "",
    ) -> BotAnswer:
        """One decision, due within ``budget`` seconds from now, queueing included; ``key``
        (the table) lets searches of different tables take turns."""
        args = (game_name, bot_name, view, legal, seed)
        if not self.runners:
            return await self._in_thread(args, default, budget)
        own = search_seconds(bot_name)
        limit = None if own is None else own + max(SEARCH_SLACK, own / 2)
        job = _Job("choose", args, default, time.monotonic() + budget, limit)
        if own is None and not bot_name.startswith("ismcts"):
            self.quick.append(job)
        else:
            self.searches.setdefault(key, deque()).append(job)
        self.queued.set()
        answer = await self._by_deadline(job)
        return answer if answer.action in legal else BotAnswer(default, "failed")

    async def run(self, task: str, args: tuple[Any, ...], budget: float, *, key: str) -> str | None:
        """A task of :data:`TASKS` (such as ``analyse``) off the event loop, done within
        ``budget`` seconds or stopped: on a search worker, taking turns with the tables'
        searches under ``key`` (so it counts against the bot budget like a search), or on
        the pool's threads without workers. ``None`` if it was late or failed."""
        if not self.runners:
            loop = asyncio.get_running_loop()
            work = loop.run_in_executor(self.threads, TASKS[task], *args)
            try:
                return await asyncio.wait_for(work, timeout=budget)
            except Exception:
                return None
        job = _Job(task, args, "", time.monotonic() + budget, budget)
        self.searches.setdefault(key, deque()).append(job)
        self.queued.set()
        answer = await self._by_deadline(job)
        return None if answer.late_or_failed is not None else answer.action

    @staticmethod
    async def _by_deadline(job: _Job) -> BotAnswer:
        """The job's answer, or its default once it is due, whether it is still waiting in
        the queue or running (its runner then stops the worker: see :meth:`_run`)."""
        with contextlib.suppress(TimeoutError):
            return await asyncio.wait_for(
                asyncio.shield(job.answer), max(0.0, job.due - time.monotonic())
            )
        job.late("overran its budget" if job.started else "waited in the queue")
        return job.answer.result()

    async def _search_lane(self, task: str, args: tuple[Any, ...], budget: float) -> BotAnswer:
        """Any task on a search worker, after the decisions waiting there."""
        job = _Job(task, args, "", time.monotonic() + budget, None)
        self.searches.setdefault(f"{task}:{args!r}", deque()).append(job)
        self.queued.set()
        return await job.answer

    async def _in_thread(
        self, args: tuple[str, str, dict[str, Any], list[str], int], default: str, budget: float
    ) -> BotAnswer:
        loop = asyncio.get_running_loop()
        future = loop.run_in_executor(self.threads, choose_action, *args)
        try:
            action = await asyncio.wait_for(future, timeout=budget)
        except TimeoutError:
            return BotAnswer(default, "late")
        except Exception:
            return BotAnswer(default, "failed")
        return BotAnswer(action) if action in args[3] else BotAnswer(default, "failed")

    async def _next(self, slot: int) -> _Job:
        """Quick bots first; then the searches, one table after another. Slot 0 runs only
        quick bots, so they never wait behind a search."""
        while True:
            if self.quick:
                return self.quick.popleft()
            if self.searches and slot != QUICK_SLOT:
                key, waiting = next(iter(self.searches.items()))
                job = waiting.popleft()
                del self.searches[key]
                if waiting:
                    self.searches[key] = waiting  # to the back of the turn
                return job
            self.queued.clear()
            await self.queued.wait()

    async def _run(self, slot: int) -> None:
        while True:
            job = await self._next(slot)
            if job.answer.done():
                continue
            if job.allowed() <= 0:
                job.late("waited in the queue")
                continue
            job.started = True
            worker = self.workers[slot]
            try:
                await worker.wait_ready(job.allowed())  # a new worker may still be starting
            except TimeoutError:
                job.late("its worker was still starting")
                continue
            except (EOFError, OSError):
                job.settle(BotAnswer(job.default, "failed"))
                self._replace(slot)
                continue
            try:
                worker.conn.send((job.task, job.args))
                kind, value = await worker.receive(job.allowed())
            except TimeoutError:
                job.late("overran its budget")
                await self._stop(slot)
                continue
            except (EOFError, OSError, ValueError):
                job.settle(BotAnswer(job.default, "failed"))
                self._replace(slot)
                continue
            job.settle(BotAnswer(value) if kind == "ok" else BotAnswer(job.default, "failed"))

    async def _stop(self, slot: int) -> None:
        """Stop the slot's decision: cancelled in its worker, or (if the worker does not
        answer the cancel at once) the worker killed and replaced."""
        self.stopped += 1
        worker = self.workers[slot]
        if CANCEL is not None:
            with contextlib.suppress(OSError):
                os.kill(worker.process.pid or 0, CANCEL)
                deadline = time.monotonic() + CANCEL_GRACE
                with contextlib.suppress(TimeoutError, EOFError, OSError, ValueError):
                    while (await worker.receive(deadline - time.monotonic()))[0] != "cancelled":
                        pass  # an answer that came too late
                    return
        self._replace(slot)

    def _replace(self, slot: int) -> None:
        """Kill the slot's worker; the spare takes its place and a new spare starts."""
        log.warning("a bot worker did not stop when asked and was replaced")
        self.workers[slot].kill()
        if slot == QUICK_SLOT:
            self.workers[slot] = _Worker(self.context)
        else:
            self.workers[slot] = self.spare or _new_spare(self.context)
            self.spare = _new_spare(self.context)
        self.replaced += 1

    async def iteration_seconds(self, game_name: str) -> float:
        """About how long one search iteration takes early in a game of ``game_name``
        (measured once per process: by the first search worker as it starts, or else when
        first asked, through this pool)."""
        if game_name in _iteration_seconds:
            return _iteration_seconds[game_name]
        if game_name not in self.measuring:
            self.measuring[game_name] = asyncio.create_task(self._measure(game_name))
        return await asyncio.shield(self.measuring[game_name])

    async def _measure(self, game_name: str) -> float:
        if self.runners:
            answer = await self._search_lane("measure", (game_name,), 120.0)
            text = answer.action if answer.late_or_failed is None else repr(math.inf)
        else:
            loop = asyncio.get_running_loop()
            text = await loop.run_in_executor(self.threads, measure_search, game_name)
        _iteration_seconds[game_name] = seconds = float(text)
        return seconds

    def close(self) -> None:
        for task in [*self.runners, *self.measuring.values()]:
            task.cancel()
        for job in [*self.quick, *(j for q in self.searches.values() for j in q)]:
            job.answer.cancel()
        for worker in [*self.workers, *([self.spare] if self.spare else [])]:
            worker.kill()
        self.threads.shutdown(wait=False, cancel_futures=True)


MIN_SEARCH_ITERATIONS = 50
"""A search that cannot look at this many futures within its budget plays no better than
the rule bot, so the lobby does not offer it."""
QUICK_BOT_WORDS = {
    "random": "web-bot-choice-random",
    "rule": "web-bot-choice-rule",
    "rule-v1": "web-bot-choice-rule-v1",
    "cautious": "web-bot-choice-cautious",
    "expert": "web-bot-choice-expert",
}


async def offered_bots(pool: BotPool, game: Game) -> list[str]:
    """The bot specs the lobby offers for ``game``: every quick bot, and a search within
    the pool's budget when enough iterations of this game's search fit in it."""
    quick = [name for name in bot_names(game) if not name.startswith("ismcts")]
    if "ismcts" not in bot_names(game):
        return quick
    seconds = await pool.iteration_seconds(game.name)
    if seconds * MIN_SEARCH_ITERATIONS > pool.think_ms / 1000:
        return quick
    return [*quick, f"ismcts:ms={pool.think_ms}"]


def bot_words(spec: str, lang: str) -> str:
    """A bot spec named in words, in ``lang``."""
    seconds = search_seconds(spec)
    if seconds is not None:
        return tr(lang, "web-bot-choice-search", seconds=seconds)
    if spec in QUICK_BOT_WORDS:
        return tr(lang, QUICK_BOT_WORDS[spec])
    return tr(lang, "web-seat-bot", bot=spec)
