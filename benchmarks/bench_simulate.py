"""simulate throughput with ``--jobs 1`` and ``--jobs 2``, and where the time goes.

For each workload (rule bots at 4 players) it runs the same games three ways:

* ``jobs 1``: this process plays every game;
* ``jobs 2``: ``run_games`` as ``simulate`` uses it (one worker process that makes its
  game and bots once, plus this process playing chunks too);
* ``old jobs 2``: the earlier scheme kept here for comparison: two spawned workers,
  small chunks (at most 50 games), bots made again for every chunk, results sent
  back as dataclasses, and this process only waiting.

For each it prints wall time, games per second, and the CPU time of this process
and of its worker processes (reaped children), so a figure taken on a shared machine
can be judged: if the CPU time adds up to about the same in every row, the work did
not grow, and a wall time that does not halve means the second core was busy with
something else. It also prints what one worker costs to start (spawn, imports, the
game and bots) and what one chunk's results cost to pickle.

Usage: python3 benchmarks/bench_simulate.py [--games 400] [--rr-games 24] [--repeat 2]
"""

from __future__ import annotations

import argparse
import math
import pickle
import resource
import time
from collections.abc import Callable
from concurrent.futures import FIRST_COMPLETED, ProcessPoolExecutor, wait
from functools import partial
from multiprocessing import get_context

from harness import calibration

from relicbox.play.simulate import (
    GameResult,
    Job,
    _row,
    chunk_size,
    make_job,
    play_games,
    run_games,
)

PLAYERS = 4


def _children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def _old_two_jobs(job: Job, games: int) -> list[GameResult]:
    """The scheme ``run_games`` used before: see the module doc."""
    size = max(1, min(50, math.ceil(games / 16)))
    indices = list(range(games))
    chunks = [indices[i : i + size] for i in range(0, games, size)]
    results: list[GameResult] = []
    with ProcessPoolExecutor(max_workers=2, mp_context=get_context("spawn")) as pool:
        pending = {pool.submit(play_games, job, chunk) for chunk in chunks}
        while pending:
            finished, pending = wait(pending, return_when=FIRST_COMPLETED)
            for future in finished:
                results.extend(future.result())
    return sorted(results, key=lambda r: r.index)


def measure(label: str, run: Callable[[], list[GameResult]], games: int) -> list[GameResult]:
    wall, cpu, children = time.perf_counter(), time.process_time(), _children_cpu()
    results = run()
    wall = time.perf_counter() - wall
    cpu = time.process_time() - cpu
    children = _children_cpu() - children
    print(
        f"  {label:<11} {wall:6.2f} s wall {games / wall:8.1f} games/s   "
        f"CPU: this process {cpu:6.2f} s, workers {children:6.2f} s, "
        f"total {cpu + children:6.2f} s"
    )
    return results


def worker_start(job: Job) -> tuple[float, float]:
    """(wall, CPU) for one spawned worker to start, import and make the game and bots."""
    wall, children = time.perf_counter(), _children_cpu()
    with ProcessPoolExecutor(max_workers=1, mp_context=get_context("spawn")) as pool:
        pool.submit(play_games, job, []).result()
    return time.perf_counter() - wall, _children_cpu() - children


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=400, help="Diamant games per run")
    parser.add_argument("--rr-games", type=int, default=24, help="Relic Runners games per run")
    parser.add_argument(
        "--repeat",
        type=int,
        default=2,
        help="runs of each workload, each printed (default %(default)s)",
    )
    args = parser.parse_args()
    print(calibration())
    workloads = (
        ("diamant", "rule,rule,cautious,random", args.games),
        ("relic-runners", "rule,rule,rule,random", args.rr_games),
    )
    for game, bots, games in workloads:
        job = make_job(game, PLAYERS, bots, seed=1)
        print(f"{game} {PLAYERS}p, {bots}, {games} games:")
        one: list[GameResult] = []
        for _ in range(args.repeat):
            one = measure("jobs 1", partial(run_games, job, range(games), jobs=1), games)
            two = measure("jobs 2", partial(run_games, job, range(games), jobs=2), games)
            old = measure("old jobs 2", partial(_old_two_jobs, job, games), games)
            if not one == two == old:
                raise SystemExit("the job counts gave different results")
        start_wall, start_cpu = worker_start(job)
        size = chunk_size(games, 2)
        chunk = one[:size]
        print(
            f"  one worker's start (spawn, imports, game and bots): {start_wall:.2f} s wall, "
            f"{start_cpu:.2f} s CPU; a chunk of {size} games pickles to "
            f"{len(pickle.dumps([_row(r) for r in chunk]))} bytes as tuples, "
            f"{len(pickle.dumps(chunk))} as dataclasses"
        )


if __name__ == "__main__":
    main()
