"""The timing loop shared by the benchmark scripts (run them as ``python3 benchmarks/X.py``)."""

from __future__ import annotations

import random
import time
from collections.abc import Callable

Play = Callable[[int, random.Random], int]
"""Plays one game from a seed with the harness's coin; returns what it counts (games, decisions)."""


def best_rate(play: Play, seconds: float, windows: int = 10) -> tuple[float, int]:
    """Best rate over several windows: the machine's other load only ever slows a window down.

    Returns the best count per second and the number of games played in all.
    """
    rng = random.Random(12345)  # the harness's own coin, not the engine's
    games = 0
    warm_up = time.perf_counter() + min(0.5, seconds / windows)
    while time.perf_counter() < warm_up:
        play(games, rng)
        games += 1
    best = 0.0
    for _ in range(windows):
        start = time.perf_counter()
        deadline = start + seconds / windows
        counted = 0
        while time.perf_counter() < deadline:
            counted += play(games, rng)
            games += 1
        best = max(best, counted / (time.perf_counter() - start))
    return best, games


def calibration() -> str:
    """A line telling how fast this machine runs Python now, to compare figures across runs."""
    start = time.process_time()
    for _ in range(10_000_000):
        pass
    return f"machine: 10M empty loop iterations take {time.process_time() - start:.2f} s of CPU"
