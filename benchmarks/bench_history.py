"""How the cost of ``view()`` and ``clone()`` grows with the length of a game.

Plays one long random game per game (records on, Relic Runners without a turn cap
until the game ends or the step budget runs out) and, at a few points, measures one
``view(seat)`` and one ``clone()`` (best of several repeats, milliseconds) and the
memory one clone allocates (KiB, tracemalloc). Flat figures mean the cost does not
grow with the history; figures proportional to the decisions mean it does.

Usage: python3 benchmarks/bench_history.py [--steps 6000]
"""

from __future__ import annotations

import argparse
import random
import time
import tracemalloc
from collections.abc import Callable
from functools import partial

from harness import calibration

import relicbox
from relicbox.core.game import State


def best_ms(call: Callable[[], object], repeats: int = 7) -> float:
    best = float("inf")
    for _ in range(repeats):
        start = time.process_time()
        call()
        best = min(best, time.process_time() - start)
    return best * 1000


def clone_kib(state: State) -> float:
    tracemalloc.start()
    before = tracemalloc.get_traced_memory()[0]
    copy = state.clone()
    after = tracemalloc.get_traced_memory()[0]
    tracemalloc.stop()
    del copy
    return (after - before) / 1024


def measure(name: str, players: int, checkpoints: tuple[int, ...]) -> None:
    """Measure at each checkpoint of one game (a game that ends early is replaced)."""
    rng = random.Random(7)
    seed = 0
    state = relicbox.new_game(name, players, seed=seed)
    done = 0
    points = list(checkpoints)
    while points:
        if state.is_over:
            seed += 1
            if seed > 200:
                print(f"{name:14} no game reached {points[0]} decisions")
                return
            state = relicbox.new_game(name, players, seed=seed)
            done = 0
            points = list(checkpoints)
            continue
        if done == points[0]:
            points.pop(0)
            view = best_ms(partial(state.view, state.to_act[0]))
            clone = best_ms(state.clone)
            print(
                f"{name:14} {done:>6} decisions: view {view:7.3f} ms   clone {clone:7.3f} ms   "
                f"clone {clone_kib(state):8.1f} KiB"
            )
        seat = state.to_act[0]
        legal = state.legal_actions(seat)
        state.act(seat, legal[int(rng.random() * len(legal))])
        done += 1


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--steps", type=int, default=6000, help="longest game measured")
    args = parser.parse_args()
    print(calibration())
    measure("relic-runners", 4, tuple(c for c in (100, 1000, 3000, 6000) if c <= args.steps))
    measure("tschak", 4, (1, 20, 40))
    measure("diamant", 4, (1, 20, 40))


if __name__ == "__main__":
    main()
