"""Bot decisions off the event loop, each within a hard budget.

A bot receives only the seat's view and legal action texts (as any bot does), so
the work can go to another process: the event loop stays free to serve every
other table while bots think. A bot that answers late, or fails, is replaced for
that decision by the game's default action, and the caller is told why. A decision is
due a fixed time after it is asked, however much of that time it spent waiting for a
worker: once due, its table gets the default action at once, and a worker still on it
is stopped.

Bots are a shared resource, so no table may hold on to it, and its budgets count cost,
not requests: seconds of CPU, measured in the worker that spent them.

* a search bot seated online always carries a time budget (``ms``), at most the
  server's ``think_ms``; the worker running it is stopped when it overruns that
  budget (or the decision's deadline): cancelled by a signal, or killed, and a spare
  process, started in advance, takes its place at once;
* quick bots (the rule-based ones and ``random``) have a worker of their own that never
  runs a search, and go first on the search workers too, so no search makes a quick bot
  wait;
* searches take turns by cost: each comes from an owner (the address that made its
  table, :meth:`BotPool.own`, else the table itself), and the next search to run is the
  earliest due of the owner that has spent least of its CPU budget lately
  (:class:`Ledger`), so five tables of one stranger take the turns of one owner;
* a search never makes its table late: one that would not finish before its decision
  is due is cut to the time left, and when that is too short for a useful search (fewer
  than :data:`MIN_SEARCH_ITERATIONS` iterations), when its owner's budget is spent, or
  when it is still waiting for a worker shortly before it is due
  (:data:`STAND_IN_RESERVE`), its seat is played by the game's *stand-in*, the quick
  bot its search plays its futures out with (``rule`` or ``expert``);
* reviews of finished games and the steps of replays (:meth:`BotPool.run`) have two
  background workers of their own at the lowest CPU priority, so they never hold back a
  table's bot (nor a review a replay: one of the two takes replays only); they take
  turns by client address, each address with a budget of CPU seconds for each, and a
  task nobody waits for any more is stopped in its worker;
* the lobby offers a search for a game only when enough of its iterations fit in the
  budget (measured once per process: :meth:`BotPool.iteration_seconds`).
"""

from __future__ import annotations

import asyncio
import contextlib
import copy
import logging
import math
import multiprocessing
import os
import signal
import threading
import time
from collections import OrderedDict
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from functools import cache
from multiprocessing.connection import Connection
from multiprocessing.context import SpawnContext, SpawnProcess
from typing import Any

import relicbox
from relicbox.bots import Origin, bot_names, make_bot, parse_bot
from relicbox.bots.ismcts import IsmctsAgent
from relicbox.bots.specs import DATA_LIMITS, MAX_SETTING
from relicbox.core.agents import Agent
from relicbox.core.game import Game
from relicbox.core.registry import get_game
from relicbox.core.rng import Rng
from relicbox.i18n import tr
from relicbox.play.analysis import analyse_json, playout_bot_name
from relicbox.server.replays import replay_step

log = logging.getLogger("relicbox.server")
SEARCH_SLACK = 0.5
"""Seconds a search may run past its own ``ms`` (or half its ``ms``, if more) before its
worker is stopped: it checks its clock only between iterations, and one iteration of a
long game can take a few tenths of a second on a busy machine."""
REPLY_SECONDS = 0.1
"""Seconds kept, when a search is cut to fit its deadline, for its answer to come back
and be played."""
STAND_IN_RESERVE = 1.0
"""Seconds before its deadline (at most a quarter of the deadline's budget) at which a
search still waiting for a worker is handed to its stand-in, which answers on the quick
bots' worker in a few milliseconds."""
OVER_BUDGET = "over-budget"
"""What a job refused at its turn, its owner's budget spent, is answered."""
OWNERS_KEPT = 10_000
"""Tables whose owner the pool remembers (the oldest are forgotten first)."""
CALIBRATION_ITERATIONS = 3
_iteration_seconds: dict[str, float] = {}


def default_bot_workers() -> int:
    """One bot process per core but one (the server's own), at least one."""
    return max(1, (os.cpu_count() or 2) - 1)


@cache
def _bot(game_name: str, bot_name: str) -> Agent:
    """A table's bot from its spec, read as data: relicbox's own bots only, within a file's
    budgets but for time and iterations, which the pool cuts short itself (a table's seats
    reach the pool already cut to the online budgets: ``botspecs.seated_bot``)."""
    game = get_game(game_name)
    limits = {**DATA_LIMITS, "ms": MAX_SETTING, "iters": MAX_SETTING}
    return make_bot(parse_bot(bot_name, game, Origin.DATA, limits), game)


def choose_action(
    game_name: str,
    bot_name: str,
    view: dict[str, Any],
    legal: list[str],
    seed: int,
    ms: float | None = None,
) -> str:
    """One bot decision, as text; runs in a worker process or thread. ``ms`` cuts a
    search's own time budget to what is left before the decision is due."""
    game = get_game(game_name)
    actions = [game.action_space.parse(text) for text in legal]
    bot = _bot(game_name, bot_name)
    if ms is not None and isinstance(bot, IsmctsAgent) and bot.ms is not None and ms < bot.ms:
        bot = copy.copy(bot)  # the cached bot keeps its own budget for later decisions
        bot.ms = ms
    return bot.choose(view, actions, Rng(seed)).text


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
    "replay": replay_step,
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


def _timed(task: Callable[..., str], args: tuple[Any, ...]) -> tuple[str, float]:
    """A task's answer and the seconds of CPU its thread spent on it."""
    started = time.thread_time()
    return task(*args), time.thread_time() - started


def search_slack(seconds: float) -> float:
    """How long a search of ``seconds`` may run past them before its worker is stopped."""
    return max(SEARCH_SLACK, seconds / 2)


def fitting_search(seconds_left: float) -> float:
    """The longest search whose overrun (:func:`search_slack`) still ends within
    ``seconds_left``."""
    if seconds_left >= 3 * SEARCH_SLACK:
        return seconds_left / 1.5
    return seconds_left - SEARCH_SLACK


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


def _send(conn: Connection, answer: tuple[Any, ...]) -> None:
    """Send whole: a cancel arriving meanwhile waits until the message is out."""
    if CANCEL is None:
        conn.send(answer)
        return
    signal.pthread_sigmask(signal.SIG_BLOCK, {CANCEL})
    try:
        conn.send(answer)
    finally:
        signal.pthread_sigmask(signal.SIG_UNBLOCK, {CANCEL})


def _receive(conn: Connection) -> Any:
    """Receive whole: a cancel arriving meanwhile (sent for the task being received, which
    the server stopped waiting for before it was read) takes effect once it is read, so
    it stops that task, never a later one, and never leaves half a message in the pipe."""
    if CANCEL is None:
        return conn.recv()
    signal.pthread_sigmask(signal.SIG_BLOCK, {CANCEL})
    try:
        return conn.recv()
    finally:
        signal.pthread_sigmask(signal.SIG_UNBLOCK, {CANCEL})


def _serve(conn: Connection, parent: int, measure: bool) -> None:
    """A worker process: answer one decision at a time until the pipe closes, each answer
    with the seconds of CPU it cost. Every cancel is answered ``cancelled`` once, whether
    it stopped a decision or came after one."""
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
        started = time.process_time()
        try:
            try:
                task, args = _receive(conn)
                started = time.process_time()
                answer: tuple[str, Any] = ("ok", TASKS[task](*args))
            except _Cancelled:
                answer = ("cancelled", None)
            except (EOFError, OSError):
                return
            except Exception as error:  # the server hears "failed"; the worker lives on
                answer = ("failed", type(error).__name__)
            _send(conn, (*answer, time.process_time() - started))
        except _Cancelled:  # the cancel came while the answer was going out
            _send(conn, ("cancelled", None, time.process_time() - started))


@dataclass(frozen=True)
class BotAnswer:
    action: str
    late_or_failed: str | None = None
    """``None`` when the bot answered in time; else ``"late"`` or ``"failed"``."""


@dataclass(frozen=True)
class CpuBudget:
    """Seconds of CPU one owner may spend: ``burst`` at once, earned back at ``rate``
    seconds a second (a bucket of CPU time, filled again as time passes)."""

    burst: float
    rate: float


@dataclass(frozen=True)
class Budgets:
    """The pool's budgets of CPU time, per owner: for bots, the address that made the
    table (else the table)."""

    bots: CpuBudget = CpuBudget(60.0, 0.5)
    """A table owner's searches: a minute at once, then half a worker."""
    reviews: CpuBudget = CpuBudget(120.0, 0.2)
    """A client address's reviews: two minutes at once, then twelve seconds a minute."""
    replays: CpuBudget = CpuBudget(10.0, 0.2)
    """A client address's replay steps (a few milliseconds each, tens for a long game's
    first): ten seconds at once, then twelve seconds a minute."""


class OverBudget(Exception):
    """Refused: the owner has spent its budget of this work; it may ask again in
    ``retry_after`` seconds."""

    def __init__(self, retry_after: float) -> None:
        super().__init__(f"over budget: try again in {retry_after:.0f} s")
        self.retry_after = retry_after


class Ledger:
    """What each owner has left of a :class:`CpuBudget`. Spending may run past zero (a
    task's cost is known only once it is done); the owner then waits until the debt is
    earned back. Owners at a full budget are forgotten first when ``kept`` is reached."""

    def __init__(self, budget: CpuBudget, kept: int = 10_000) -> None:
        self.budget = budget
        self.kept = kept
        self.spent: OrderedDict[str, tuple[float, float]] = OrderedDict()
        """Per owner: seconds spent not yet earned back, and when that was counted."""

    def _spent(self, owner: str, now: float) -> float:
        spent, then = self.spent.get(owner, (0.0, now))
        return max(0.0, spent - (now - then) * self.budget.rate)

    def left(self, owner: str, now: float | None = None) -> float:
        """Seconds of CPU ``owner`` may still spend now (negative: in debt)."""
        now = time.monotonic() if now is None else now
        return self.budget.burst - self._spent(owner, now)

    def charge(self, owner: str, seconds: float, now: float | None = None) -> None:
        """Count ``seconds`` of CPU against ``owner`` (negative: give back an estimate)."""
        now = time.monotonic() if now is None else now
        self.spent[owner] = (max(0.0, self._spent(owner, now) + seconds), now)
        self.spent.move_to_end(owner)
        while len(self.spent) > self.kept:
            self.spent.popitem(last=False)

    def wait(self, owner: str, now: float | None = None) -> float:
        """Seconds until ``owner`` may spend again (``0``: now)."""
        left = self.left(owner, now)
        if left > 0:
            return 0.0
        return math.inf if self.budget.rate <= 0 else (1e-3 - left) / self.budget.rate


@dataclass
class _Job:
    kind: str
    """The queue it waits in: ``quick`` (quick bots), ``search``, ``review`` or ``replay``."""
    task: str
    """A name in :data:`TASKS`."""
    args: tuple[Any, ...]
    default: str
    due: float
    """When the answer is due (monotonic time): after it, the default action is played."""
    limit: float | None
    """Seconds of computing the bot may have once it starts (a search's own budget)."""
    owner: str = ""
    """Whose budget pays for it."""
    answer: asyncio.Future[BotAnswer] = field(
        default_factory=lambda: asyncio.get_running_loop().create_future()
    )
    queued: float = field(default_factory=time.monotonic)
    started: bool = False
    """Whether a worker has been given the job (until then it waits in the queue)."""
    charged: float = 0.0
    """Seconds of CPU counted against the owner so far (an estimate until it is done)."""
    continuing: bool = False
    """A later part of work already let in: charged, never refused for its budget."""

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


class _Queue:
    """The jobs of one kind waiting for a worker, by owner. The next is the earliest due
    of the owner with the most budget left: whoever has spent least lately goes first,
    however many tables or requests it has waiting."""

    def __init__(self, ledger: Ledger) -> None:
        self.ledger = ledger
        self.jobs: dict[str, list[_Job]] = {}

    def put(self, job: _Job) -> None:
        self.jobs.setdefault(job.owner, []).append(job)

    def remove(self, job: _Job) -> None:
        waiting = self.jobs.get(job.owner, [])
        if job in waiting:
            waiting.remove(job)

    def pop(self) -> _Job | None:
        now = time.monotonic()
        best: tuple[float, float] | None = None
        chosen: _Job | None = None
        for owner in list(self.jobs):
            waiting = [job for job in self.jobs[owner] if not job.answer.done()]
            if not waiting:
                del self.jobs[owner]
                continue
            self.jobs[owner] = waiting
            head = min(waiting, key=lambda job: (job.due, job.queued))
            rank = (-self.ledger.left(owner, now), head.queued)
            if best is None or rank < best:
                best, chosen = rank, head
        if chosen is not None:
            self.jobs[chosen.owner].remove(chosen)
        return chosen

    def __iter__(self) -> Iterator[_Job]:
        return iter([job for waiting in self.jobs.values() for job in waiting])


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

    async def receive(
        self, timeout: float | None, abandoned: asyncio.Future[Any] | None = None
    ) -> Any:
        """The next message from the worker, or ``TimeoutError``; ``EOFError`` if it died;
        ``None`` if ``abandoned`` is done first (nobody waits for the answer any more)."""
        if not self.conn.poll():
            loop = asyncio.get_running_loop()
            readable: asyncio.Future[None] = loop.create_future()
            fd = self.conn.fileno()

            def wake() -> None:
                if not readable.done():
                    readable.set_result(None)

            loop.add_reader(fd, wake)
            try:
                waits: set[asyncio.Future[Any]] = {readable}
                if abandoned is not None:
                    waits.add(abandoned)
                await asyncio.wait(waits, timeout=timeout, return_when=asyncio.FIRST_COMPLETED)
            finally:
                loop.remove_reader(fd)
            if not readable.done():
                readable.cancel()
                if abandoned is not None and abandoned.done():
                    return None
                raise TimeoutError
        return self.conn.recv()

    async def wait_ready(self, timeout: float | None) -> None:
        while not self.ready:
            kind, value, *_ = await self.receive(timeout)
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
QUICK_LANE = ("quick",)
"""What the quick bots' worker takes: quick bots only, so no search ever holds it."""
SEARCH_LANE = ("quick", "search")
"""What a search worker takes, in this order: a quick bot waiting goes first."""
REVIEW_LANE = ("replay", "review")
"""What the first background worker takes: a replay's step first, then a review's part."""
REPLAY_LANE = ("replay",)
"""What the second background worker takes: replay steps only, so no review holds them."""
BACKGROUND = (REVIEW_LANE, REPLAY_LANE)
LEDGER_OF = {"quick": "bots", "search": "bots", "review": "reviews", "replay": "replays"}
"""Which budget each kind of job spends."""
SEARCH_NICENESS = 10
BACKGROUND_NICENESS = 19
"""The lowest priority: the background worker has the CPU only when nothing else wants it."""


CANCEL_GRACE = 1.0
"""Seconds a worker has to answer a cancel before it is killed and replaced."""


def _lower_priority(worker: _Worker, niceness: int = SEARCH_NICENESS) -> None:
    """Let a search process have the CPU only when the server and quick bots leave it (and
    a background process only when the searches leave it too)."""
    with contextlib.suppress(OSError, AttributeError):
        os.setpriority(os.PRIO_PROCESS, worker.process.pid or 0, niceness)


def _new_spare(context: SpawnContext) -> _Worker:
    """A spare for the search workers, started (and warmed up) at their lower priority."""
    worker = _Worker(context)
    _lower_priority(worker)
    return worker


class BotPool:
    """Runs bot decisions on ``workers`` search processes beside one process kept for the
    quick bots and two in the background for reviews and replays (``0``: a thread pool,
    for tests, where an overrunning bot cannot be stopped and only the budgets of reviews
    and replays are kept). ``think_ms`` is the
    largest time budget of a search seated online; ``alone_delay`` paces tables of bots
    alone; ``budgets`` are the CPU seconds each owner may spend.

    Search processes run at a lower CPU priority, so searches take only the CPU that the
    server's own loop and the quick bots leave over; they take quick bots too when one
    waits."""

    def __init__(
        self,
        workers: int = 1,
        *,
        think_ms: int = 1000,
        alone_delay: float = 0.0,
        budgets: Budgets | None = None,
    ) -> None:
        self.size = workers
        self.think_ms = think_ms
        self.alone_delay = alone_delay
        """Seconds each bot of a table of bots alone waits before it moves: nobody waits
        for such a table, so it takes a smaller share of the bots and the server."""
        self.budgets = budgets or Budgets()
        self.ledgers = {
            "bots": Ledger(self.budgets.bots),
            "reviews": Ledger(self.budgets.reviews),
            "replays": Ledger(self.budgets.replays),
        }
        self.queues = {kind: _Queue(self.ledgers[ledger]) for kind, ledger in LEDGER_OF.items()}
        self.owners: OrderedDict[str, str] = OrderedDict()
        self.threads = ThreadPoolExecutor(max_workers=2, thread_name_prefix="relicbox-bot")
        self.context = multiprocessing.get_context("spawn")
        self.workers: list[_Worker] = []
        self.lanes: list[tuple[str, ...]] = []
        """The kinds of job each worker takes, in the order it takes them."""
        self.spare: _Worker | None = None
        self.queued = asyncio.Event()
        self.runners: list[asyncio.Task[None]] = []
        self.measuring: dict[str, asyncio.Task[float]] = {}
        self.stopped = 0
        """How many decisions were stopped past their budget."""
        self.replaced = 0
        """How many overrunning workers were killed and replaced."""
        self.cut = 0
        """How many searches were cut short to end before their decision was due."""
        self.stood_in = 0
        """How many searches were played by their stand-in instead."""

    async def start(self) -> None:
        """Start the worker processes (and a spare) and wait until they can take decisions
        (the background worker may take longer: its first review waits for it)."""
        if self.size <= 0:
            return
        # the first search worker measures the searches as it starts (see iteration_seconds)
        self.lanes = [QUICK_LANE, *[SEARCH_LANE] * self.size, *BACKGROUND]
        self.workers = [_Worker(self.context, measure=n == 1) for n in range(len(self.lanes))]
        for slot in range(1, len(self.workers)):
            _lower_priority(self.workers[slot], self._niceness(slot))
        self.spare = _new_spare(self.context)
        lanes = zip(self.workers, self.lanes, strict=True)
        bots = [worker for worker, lane in lanes if lane not in BACKGROUND]
        for worker in [*bots, self.spare]:  # a background worker: waited for by its first task
            await worker.wait_ready(120)
        self.runners = [
            asyncio.create_task(self._run(slot), name=f"relicbox-bot-{slot}")
            for slot in range(len(self.workers))
        ]

    def _niceness(self, slot: int) -> int:
        return BACKGROUND_NICENESS if self.lanes[slot] in BACKGROUND else SEARCH_NICENESS

    def own(self, table_id: str, owner: str) -> None:
        """Count the bots of ``table_id`` against ``owner`` (the address that made it)."""
        self.owners[table_id] = owner
        self.owners.move_to_end(table_id)
        while len(self.owners) > OWNERS_KEPT:
            self.owners.popitem(last=False)

    def budget_wait(self, budget: str, owner: str) -> float:
        """Seconds until ``owner`` may spend from ``budget`` (``"bots"``, ``"reviews"``,
        ``"replays"``) again: ``0`` if it may now."""
        return self.ledgers[budget].wait(owner)

    def owner_of(self, key: str) -> str:
        """Whose budget a table's bots spend: its owner if known, else the table's own."""
        return self.owners.get(key, key)

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
        (the table) names whose budget it spends (:meth:`owner_of`). Cancelling the call
        (the table's bot turn ended) stops the decision, in its worker if it has started."""
        args = (game_name, bot_name, view, legal, seed)
        if not self.runners:
            return await self._in_thread(args, default, budget)
        own = search_seconds(bot_name)
        limit = None if own is None else own + search_slack(own)
        search = bot_name.startswith("ismcts")
        job = _Job(
            "search" if search else "quick",
            "choose",
            args,
            default,
            time.monotonic() + budget,
            limit,
            self.owner_of(key),
        )
        if search and self.ledgers["bots"].left(job.owner) <= 0:
            self._stand_in(job, "its owner's budget is spent")
        self._put(job)
        try:
            answer = await self._decided(job, budget)
        except asyncio.CancelledError:
            job.answer.cancel()  # nobody waits for the decision any more: its runner stops it
            raise
        return answer if answer.action in legal else BotAnswer(default, "failed")

    async def _decided(self, job: _Job, budget: float) -> BotAnswer:
        """A queued decision's answer by its deadline; a search still waiting for a worker
        shortly before (:data:`STAND_IN_RESERVE`) is handed to its stand-in."""
        if job.kind == "search":
            reserve = min(STAND_IN_RESERVE, budget / 4)
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(
                    asyncio.shield(job.answer), max(0.0, job.due - reserve - time.monotonic())
                )
            if not job.answer.done() and not job.started:
                self.queues["search"].remove(job)
                self._stand_in(job, "it waited for a worker until shortly before it was due")
                self._put(job)
        return await self._by_deadline(job)

    def _put(self, job: _Job) -> None:
        self.queues[job.kind].put(job)
        self.queued.set()

    def _stand_in(self, job: _Job, why: str) -> None:
        """Play a search's seat with its game's stand-in (a quick bot) for this decision."""
        game_name, bot_name, view, legal, seed = job.args[:5]
        stand_in = playout_bot_name(get_game(game_name))
        log.info("search %s for %s played by %s: %s", bot_name, job.owner, stand_in, why)
        job.kind, job.args, job.limit = "quick", (game_name, stand_in, view, legal, seed), None
        self.stood_in += 1

    def _fit(self, job: _Job) -> None:
        """As a search starts: cut it to end before its decision is due, or hand it to its
        stand-in when too little time is left for a useful search or its owner's budget
        is spent; either way it is charged the time it is given."""
        game_name, bot_name = job.args[0], job.args[1]
        own = search_seconds(bot_name)
        if own is None:
            return  # a search by iterations: only its deadline stops it
        if self.ledgers["bots"].left(job.owner) <= 0:
            self._stand_in(job, "its owner's budget is spent")
            return
        grant = min(own, fitting_search(job.due - time.monotonic() - REPLY_SECONDS))
        iteration = _iteration_seconds.get(game_name)
        least = own / 4 if iteration is None else MIN_SEARCH_ITERATIONS * iteration
        if grant < min(least, own):
            self._stand_in(job, f"only {max(0.0, grant):.2f} s were left for it")
            return
        if grant < own:
            self.cut += 1
            job.args = (*job.args[:5], grant * 1000)
            job.limit = grant + search_slack(grant)
        job.charged = grant
        self.ledgers["bots"].charge(job.owner, grant)

    async def run(
        self,
        task: str,
        args: tuple[Any, ...],
        budget: float,
        *,
        key: str,
        kind: str = "review",
        continuing: bool = False,
    ) -> str | None:
        """A task of :data:`TASKS` (a part of a review, ``analyse``, of ``kind``
        ``review``; a replay's step, ``replay``, of ``kind`` ``replay``) off the event
        loop, done within ``budget`` seconds from now (queueing included) or stopped, on
        the background workers (or the pool's threads without workers), paid for by
        ``key`` (a client address) from the budget of its kind: the tasks of different
        addresses take turns by what they have spent. ``None`` if it was late or failed;
        :class:`OverBudget` if ``key`` has spent its budget, when it asks or when its turn
        comes, unless the task is ``continuing`` work already let in (a review's later
        part: whatever it costs is charged, and no work is thrown away). Cancelling the
        call stops the task, in its worker if it has started."""
        ledger = self.ledgers[LEDGER_OF[kind]]
        if ledger.left(key) <= 0 and not continuing:
            raise OverBudget(ledger.wait(key))
        if not self.runners:
            loop = asyncio.get_running_loop()
            work = loop.run_in_executor(self.threads, _timed, TASKS[task], args)
            try:
                text, seconds = await asyncio.wait_for(work, timeout=budget)
            except Exception:
                return None
            ledger.charge(key, seconds)
            return text
        job = _Job(kind, task, args, "", time.monotonic() + budget, budget, key)
        job.continuing = continuing
        self._put(job)
        try:
            answer = await self._by_deadline(job)
        except asyncio.CancelledError:
            job.answer.cancel()  # nobody waits for it: its runner stops it
            raise
        if answer.late_or_failed == OVER_BUDGET:
            raise OverBudget(ledger.wait(key))
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
        job = _Job("search", task, args, "", time.monotonic() + budget, None, f"{task}:{args!r}")
        self._put(job)
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
        """The next job this slot's worker takes: of the first kind in its lane that has
        one waiting (see :class:`_Queue` for which)."""
        while True:
            for kind in self.lanes[slot]:
                job = self.queues[kind].pop()
                if job is not None:
                    return job
            self.queued.clear()
            await self.queued.wait()

    def _charge(self, job: _Job, seconds: float) -> None:
        """Count what the job cost against its owner, in place of what was counted so far."""
        self.ledgers[LEDGER_OF[job.kind]].charge(job.owner, seconds - job.charged)
        job.charged = seconds

    async def _run(self, slot: int) -> None:
        while True:
            job = await self._next(slot)
            if job.answer.done():
                continue
            if job.kind == "search" and job.task == "choose":
                self._fit(job)
            background = job.kind in ("review", "replay")
            spent = background and self.ledgers[LEDGER_OF[job.kind]].left(job.owner) <= 0
            if spent and not job.continuing:
                job.settle(BotAnswer("", OVER_BUDGET))
                continue
            if job.allowed() <= 0:
                job.late("waited in the queue")
                self._charge(job, 0.0)
                continue
            job.started = True
            started = time.monotonic()
            worker = self.workers[slot]
            try:
                await worker.wait_ready(job.allowed())  # a new worker may still be starting
                if job.answer.done():  # due, or nobody waits for it, while it was starting
                    self._charge(job, 0.0)
                    continue
            except TimeoutError:
                job.late("its worker was still starting")
                self._charge(job, 0.0)
                continue
            except (EOFError, OSError):
                job.settle(BotAnswer(job.default, "failed"))
                self._charge(job, 0.0)
                self._replace(slot)
                continue
            try:
                worker.conn.send((job.task, job.args))
                message = await worker.receive(job.allowed(), job.answer)
            except TimeoutError:
                job.late("overran its budget")
                self._charge(job, time.monotonic() - started)
                await self._stop(slot)
                continue
            except (EOFError, OSError, ValueError):
                job.settle(BotAnswer(job.default, "failed"))
                self._charge(job, time.monotonic() - started)
                self._replace(slot)
                continue
            if message is None:  # due, or nobody waits for it any more
                self._charge(job, time.monotonic() - started)
                await self._stop(slot)
                continue
            kind, value, seconds = message
            self._charge(job, seconds)
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
        """Kill the slot's worker; the spare takes its place and a new spare starts (the
        quick and background workers are started anew: their work is not searches')."""
        log.warning("a bot worker did not stop when asked and was replaced")
        self.workers[slot].kill()
        if slot == QUICK_SLOT:
            self.workers[slot] = _Worker(self.context)
        elif self.lanes[slot] in BACKGROUND:
            self.workers[slot] = _Worker(self.context)
            _lower_priority(self.workers[slot], BACKGROUND_NICENESS)
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
        for queue in self.queues.values():
            for job in queue:
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
