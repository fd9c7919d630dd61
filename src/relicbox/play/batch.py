"""The batch path of simulations: many games at once on a game's registered accelerator.

A game may register a :class:`~relicbox.core.game.BatchSimulator` (``Game.batch``, such
as Diamant's NumPy lock-step for bots that are leave policies). :func:`batch_plan` asks
it whether it can play a job's bots with the job's options; :func:`run_batch` then plays
the job's games on it in chunks, seated exactly as the engine path seats them, and
:func:`summarize_batch` gives the summary :func:`relicbox.play.jobs.summarize` would.

The accelerator draws its own random numbers (a NumPy generator seeded from the run's
seed and the chunk number), so its games are not the engine's games of the same seed:
they agree in distribution. The same seed and the same number of games give the same
numbers.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any, overload

import numpy as np
from numpy.typing import NDArray

from relicbox.core.game import BatchSimulator
from relicbox.core.registry import get_game
from relicbox.play.jobs import BotSummary, GameResult, Job, deal_seed
from relicbox.play.stats import clustered_wilson

CHUNK = 1 << 14
"""Games per lock-step chunk (each chunk has its own generator)."""

Ints = NDArray[np.int64]
Progress = Callable[[int, int], None]


@dataclass(frozen=True)
class BatchPlan:
    """A job's games as its game's accelerator plays them."""

    simulator: BatchSimulator
    plan: Any


def batch_plan(job: Job) -> BatchPlan | None:
    """How the job's game's accelerator plays the job, or ``None`` where the game has none
    or it cannot play these bots with these options."""
    part = get_game(job.game).batch
    if part is None:
        return None
    simulator: BatchSimulator = part.load()
    plan = simulator.plan(job.specs, dict(job.options))
    return None if plan is None else BatchPlan(simulator, plan)


def outcomes(scores: Ints) -> NDArray[np.float64]:
    """Win shares: 1 split among the seats with the highest score (ties are not broken)."""
    best = scores == scores.max(axis=1, keepdims=True)
    shares: NDArray[np.float64] = best / best.sum(axis=1, keepdims=True)
    return shares


def seatings(job: Job, indices: Ints) -> Ints:
    """The entry in each seat for games ``indices``, exactly as
    :func:`relicbox.play.jobs.seating` seats them."""
    n = job.players
    tables = np.array(job.tables or (tuple(i % len(job.specs) for i in range(n)),))
    deal, rotation = np.divmod(indices, n)
    table = tables[deal % len(tables)]
    columns = (np.arange(n)[None, :] + rotation[:, None]) % n
    result: Ints = np.take_along_axis(table, columns, axis=1).astype(np.int64)
    return result


@dataclass
class BatchGames(Sequence[GameResult]):
    """Games played by the batch path, held as arrays; indexing gives a :class:`GameResult`.

    ``seed`` in those results is the deal's engine seed, for reference only: a batch game
    is not the engine's game of that seed.
    """

    job: Job
    indices: Ints
    seating: Ints
    scores: Ints
    returns: NDArray[np.float64]
    lengths: Ints

    def __len__(self) -> int:
        return int(self.indices.size)

    @overload
    def __getitem__(self, item: int) -> GameResult: ...
    @overload
    def __getitem__(self, item: slice) -> list[GameResult]: ...
    def __getitem__(self, item: int | slice) -> GameResult | list[GameResult]:
        if isinstance(item, slice):
            return [self[i] for i in range(*item.indices(len(self)))]
        index = int(self.indices[item])
        return GameResult(
            index,
            deal_seed(self.job.seed, index // self.job.players),
            self.seating[item].tolist(),
            self.scores[item].tolist(),
            self.returns[item].tolist(),
            int(self.lengths[item]),
        )

    def __iter__(self) -> Iterator[GameResult]:
        for i in range(len(self)):
            yield self[i]


def run_batch(
    job: Job,
    indices: Sequence[int],
    plan: BatchPlan,
    progress: Progress | None = None,
) -> BatchGames:
    """Play games ``indices`` of ``job`` on the batch path, as ``plan`` says.

    Games are played in chunks of up to :data:`CHUNK` indices; chunk ``c`` (indices
    ``c * CHUNK`` and on) draws from a generator seeded with (the run's seed, ``c``), so
    the same seed and the same games give the same numbers.
    """
    wanted = np.asarray(indices, dtype=np.int64)
    seat_of = seatings(job, wanted)
    scores = np.zeros((wanted.size, job.players), dtype=np.int64)
    lengths = np.zeros(wanted.size, dtype=np.int64)
    total = int(wanted.size)
    if progress is not None:
        progress(0, total)
    chunk_of = wanted // CHUNK
    done = 0
    for chunk in np.unique(chunk_of).tolist():
        members = np.flatnonzero(chunk_of == chunk)
        rng = np.random.default_rng([job.seed & (1 << 64) - 1, chunk, 0xD1A3A47])
        scores[members], lengths[members] = plan.simulator.play(plan.plan, seat_of[members], rng)
        done += int(members.size)
        if progress is not None:
            progress(done, total)
    return BatchGames(job, wanted, seat_of, scores, outcomes(scores), lengths)


def summarize_batch(job: Job, games: BatchGames) -> dict[str, Any]:
    """The summary :func:`relicbox.play.jobs.summarize` gives for the same games, built
    from arrays."""
    bots: dict[str, BotSummary] = {}
    for spec in job.specs:
        bots.setdefault(spec, BotSummary(spec))
    entry_spec = np.array([list(bots).index(spec) for spec in job.specs], dtype=np.int64)
    bot_of = entry_spec[games.seating]
    deals = games.indices // job.players
    for number, summary in enumerate(bots.values()):
        mine = bot_of == number
        summary.seat_games = int(mine.sum())
        summary.wins = float(games.returns[mine].sum())
        # Row-major order: game by game, seat by seat, as summarize appends them.
        summary.scores = games.scores[mine].tolist()
        summary.lengths = np.broadcast_to(games.lengths[:, None], mine.shape)[mine].tolist()
        # Clustered by deal, as the engine path is (the same games give the same numbers).
        summary.returns = games.returns[mine].tolist()
        summary.clusters = np.broadcast_to(deals[:, None], mine.shape)[mine].tolist()
    count = len(games)
    seat_wins = games.returns.sum(axis=0)
    seats = []
    for seat in range(job.players):
        wins = float(seat_wins[seat])
        low, high = clustered_wilson(games.returns[:, seat].tolist(), deals.tolist())
        seats.append(
            {
                "seat": seat,
                "win_rate": wins / count if count else math.nan,
                "win_low": low,
                "win_high": high,
            }
        )
    return {
        "game": job.game,
        "players": job.players,
        "games": count,
        "seed": job.seed,
        "options": dict(job.options),
        "bots": [summary.to_json() for summary in bots.values()],
        "seats": seats,
    }
