"""Many seeded games between bots, with seat rotation, on all cores or a Ray cluster.

Game ``i`` belongs to deal ``i // players`` and rotation ``i % players``: the
games of one deal share a seed (the same cards, the same chance draws as long
as the decisions agree) and rotate the bots round the table, so every bot plays
every seat equally often and luck of the deal is shared out. A game's numbers
depend only on the seed, the game's index and the bot specs, never on which
worker played it, so ``--jobs`` and ``--backend`` cannot change the results.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from multiprocessing import get_context
from typing import Any

from relicbox.bots import Origin, parse_bot, split_specs
from relicbox.core.agents import Agent
from relicbox.core.errors import ConfigurationError
from relicbox.core.game import Game
from relicbox.core.registry import get_game
from relicbox.datafiles import load_file_options
from relicbox.play.drive import Driver
from relicbox.play.jobs import (
    BotSummary,
    GameResult,
    Job,
    Progress,
    deal_seed,
    seating,
    summarize,
)

__all__ = [
    "MAX_CHUNK",
    "MAX_DECISIONS",
    "BotSummary",
    "GameResult",
    "Job",
    "Progress",
    "Table",
    "chunk_size",
    "deal_seed",
    "make_job",
    "play_games",
    "run_games",
    "seating",
    "simulate",
    "summarize",
]

MAX_DECISIONS = 100_000


class Table:
    """A game and one agent per entry, made once and reused for every game a process plays."""

    def __init__(self, job: Job) -> None:
        self.job = job
        self.game = get_game(job.game)
        self.options = dict(job.options)
        self.agents = job.agents(self.game)

    def play(self, indices: Sequence[int]) -> list[GameResult]:
        return [_play_one(self.game, self.job, i, self.agents, self.options) for i in indices]

    def close(self) -> None:
        for agent in self.agents:
            close = getattr(agent, "close", None)
            if callable(close):
                close()

    def __enter__(self) -> Table:
        return self

    def __exit__(self, *_: object) -> None:
        self.close()


def play_games(job: Job, indices: Sequence[int]) -> list[GameResult]:
    """Play the games ``indices`` of ``job`` (in any process) and return their results."""
    with Table(job) as table:
        return table.play(indices)


Row = tuple[int, int, tuple[int, ...], tuple[int, ...], tuple[float, ...], int]
"""A result as plain tuples: what a worker sends back (small to pickle)."""


def _row(result: GameResult) -> Row:
    return (
        result.index,
        result.seed,
        tuple(result.seating),
        tuple(result.scores),
        tuple(result.returns),
        result.length,
    )


def _from_row(row: Row) -> GameResult:
    index, seed, seats, scores, returns, length = row
    return GameResult(index, seed, list(seats), list(scores), list(returns), length)


_WORKER_TABLE: Table | None = None
"""The table of a worker process, made once by :func:`_start_worker`."""


def _start_worker(job: Job) -> None:
    global _WORKER_TABLE
    _WORKER_TABLE = Table(job)
    # Close the agents (programs over stdio) when the worker process ends.
    from multiprocessing.util import Finalize

    Finalize(_WORKER_TABLE, _WORKER_TABLE.close, exitpriority=10)


def _play_chunk(indices: Sequence[int]) -> list[Row]:
    if _WORKER_TABLE is None:  # pragma: no cover - only if the initializer did not run
        raise ConfigurationError("a simulate worker was started without its job")
    return [_row(result) for result in _WORKER_TABLE.play(indices)]


def _play_one(
    game: Game, job: Job, index: int, agents: Sequence[Agent], options: dict[str, Any]
) -> GameResult:
    """Game ``index`` of ``job``, played by :class:`~relicbox.play.drive.Driver` as a match
    of the same seed and seating is (a seat with one legal action plays it unasked)."""
    seats, seed = seating(job, index)
    state = game.new_state(job.players, seed, record=False, auto_chance=False, **options)
    driver = Driver(
        state, {seat: agents[entry] for seat, entry in enumerate(seats)}, ask_forced=False
    )
    driver.play(max_decisions=MAX_DECISIONS)
    return GameResult(index, seed, seats, state.scores(), state.returns(), driver.decisions)


CHUNKS_PER_JOB = 16
"""Chunks per process: enough to keep every process busy to the end and the bar moving."""

MAX_CHUNK = 500
"""Games per chunk at most, so progress and a resumable tournament's store keep up."""


def chunk_size(total: int, jobs: int) -> int:
    """Games per chunk: large, since each chunk costs a round trip to a worker."""
    return max(1, min(MAX_CHUNK, math.ceil(total / max(1, jobs * CHUNKS_PER_JOB))))


def _chunks(indices: Sequence[int], size: int) -> list[list[int]]:
    return [list(indices[i : i + size]) for i in range(0, len(indices), size)]


def run_games(
    job: Job,
    indices: Sequence[int],
    *,
    jobs: int = 1,
    backend: str = "local",
    address: str | None = None,
    progress: Progress | None = None,
    on_result: Callable[[GameResult], None] | None = None,
) -> list[GameResult]:
    """Play ``indices`` in ``jobs`` processes, this one included (or on Ray); results by
    index.

    Locally, ``jobs - 1`` worker processes each make the game and its agents once and
    then play chunk after chunk, sending back plain tuples, while this process plays
    chunks from the other end of the queue (so the workers' start-up is not waited
    for) and reports progress.
    """
    total = len(indices)
    done = 0
    results: list[GameResult] = []

    def collect(batch: list[GameResult]) -> None:
        nonlocal done
        for result in batch:
            results.append(result)
            if on_result is not None:
                on_result(result)
        done += len(batch)
        if progress is not None:
            progress(done, total)

    if progress is not None:
        progress(0, total)
    chunks = _chunks(indices, chunk_size(total, jobs))
    if backend == "ray":
        _run_on_ray(job, chunks, jobs, address, collect)
    elif backend != "local":
        raise ConfigurationError(f"backend {backend!r} is not known: use local or ray")
    elif jobs <= 1 or len(chunks) <= 1:
        with Table(job) as table:
            for chunk in chunks:
                collect(table.play(chunk))
    else:
        _run_local(job, chunks, jobs, collect)
    results.sort(key=lambda r: r.index)
    return results


def _run_local(
    job: Job, chunks: list[list[int]], jobs: int, collect: Callable[[list[GameResult]], None]
) -> None:
    """Every chunk goes to the pool, whose workers take them from the front; whenever
    no result is waiting, this process takes back the last chunk no worker has started
    (a future not yet running can be cancelled) and plays it itself."""
    with (
        Table(job) as table,
        ProcessPoolExecutor(
            max_workers=jobs - 1,
            mp_context=get_context("spawn"),
            initializer=_start_worker,
            initargs=(job,),
        ) as pool,
    ):
        futures = [pool.submit(_play_chunk, chunk) for chunk in chunks]
        waiting: set[Future[list[Row]]] = set(futures)
        back = len(futures) - 1
        while waiting:
            finished, _ = wait(waiting, timeout=0, return_when=FIRST_COMPLETED)
            if finished:
                for future in finished:
                    waiting.discard(future)
                    collect([_from_row(row) for row in future.result()])
                continue
            while back >= 0 and not futures[back].cancel():
                back -= 1  # running or done: a worker has it
            if back >= 0:
                waiting.discard(futures[back])
                collect(table.play(chunks[back]))
                back -= 1
            else:
                wait(waiting, return_when=FIRST_COMPLETED)


def _run_on_ray(
    job: Job,
    chunks: list[list[int]],
    jobs: int,
    address: str | None,
    collect: Callable[[list[GameResult]], None],
) -> None:
    try:
        import ray
    except ImportError:
        raise ConfigurationError("--backend ray needs Ray: pip install 'relicbox[ray]'") from None
    if not ray.is_initialized():
        if address:
            ray.init(address=address, include_dashboard=False, log_to_driver=False)
        else:
            ray.init(num_cpus=max(1, jobs), include_dashboard=False, log_to_driver=False)
    remote = ray.remote(play_games)
    pending = [remote.remote(job, chunk) for chunk in chunks]
    while pending:
        finished, pending = ray.wait(pending, num_returns=1)
        for ref in finished:
            collect(ray.get(ref))


# -- summaries ---------------------------------------------------------------------------


def make_job(
    game: str,
    players: int | None,
    bots: str | Sequence[str],
    seed: int,
    options: dict[str, Any] | None = None,
    origin: Origin = Origin.CALLER,
) -> Job:
    """Check the game, player count, options and bot specs, and package them as a job;
    ``origin`` says who wrote the specs (only a command line may name a program)."""
    info = get_game(game)
    count = info.check_players(info.default_players if players is None else players)
    specs = split_specs(bots) if isinstance(bots, str) else [s.strip() for s in bots]
    if not specs:
        raise ConfigurationError("give at least one bot")
    if len(specs) > count:
        raise ConfigurationError(
            f"{len(specs)} bots for {count} seats: simulate seats them all at one table; "
            "use tournament for a larger pool"
        )
    parsed = tuple(parse_bot(spec, info, origin) for spec in specs)
    resolved = info.resolve_options(load_file_options(info, options or {}))
    labels = tuple(bot.text for bot in parsed)
    return Job(info.name, count, labels, tuple(sorted(resolved.items())), seed, bots=parsed)


def simulate(
    game: str,
    players: int | None,
    bots: str | Sequence[str],
    games: int,
    seed: int = 0,
    *,
    jobs: int = 1,
    backend: str = "local",
    address: str | None = None,
    options: dict[str, Any] | None = None,
    progress: Progress | None = None,
    engine: bool = False,
    origin: Origin = Origin.CALLER,
) -> tuple[dict[str, Any], Sequence[GameResult]]:
    """Run ``games`` games and summarise them; see the module doc.

    Games whose game has an accelerator that can play their bots and options (``Game.batch``:
    Diamant's NumPy lock-step, for bots that are leave policies such as ``random`` and
    ``threshold:N``) go to it (in this process, whatever ``jobs`` and ``backend`` say)
    unless ``engine`` is set; the summary's ``simulator`` says which one played
    (``"batch"`` or ``"engine"``).
    """
    if games < 1:
        raise ConfigurationError(f"games={games} must be at least 1")
    job = make_job(game, players, bots, seed, options, origin)
    if not engine and get_game(job.game).batch is not None:
        from relicbox.play.batch import batch_plan, run_batch, summarize_batch  # NumPy

        plan = batch_plan(job)
        if plan is not None:
            batch = run_batch(job, range(games), plan, progress)
            return {**summarize_batch(job, batch), "simulator": "batch"}, batch
    results = run_games(
        job, range(games), jobs=jobs, backend=backend, address=address, progress=progress
    )
    return {**summarize(job, results), "simulator": "engine"}, results
