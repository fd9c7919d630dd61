"""The timing loop shared by the benchmark scripts (run them as ``python3 benchmarks/X.py``).

Rates are counted in CPU time of this process (``time.process_time``): the machine is
shared, and wall-clock figures swing two or three times with the load of others. Compare
figures of one run with each other (:func:`ratio`), not with another run's.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Mapping

Play = Callable[[int, random.Random], int]
"""Plays one game from a seed with the harness's coin; returns what it counts (games, decisions)."""


def best_rate(play: Play, seconds: float, windows: int = 10) -> tuple[float, int]:
    """Best rate in CPU time over several windows: what others do on the machine (caches,
    frequency) only ever slows a window down.

    Returns the best count per CPU second and the number of calls in all.
    """
    clock = time.process_time
    rng = random.Random(12345)  # the harness's own coin, not the engine's
    games = 0
    warm_up = clock() + min(0.5, seconds / windows)
    while clock() < warm_up:
        play(games, rng)
        games += 1
    best = 0.0
    for _ in range(windows):
        start = clock()
        deadline = start + seconds / windows
        counted = 0
        while clock() < deadline:
            counted += play(games, rng)
            games += 1
        best = max(best, counted / (clock() - start))
    return best, games


def best_rates(plays: Mapping[str, Play], seconds: float, windows: int = 10) -> dict[str, float]:
    """:func:`best_rate` of each play, their windows taken in turn (one of each, then again):
    a change in the machine's load then falls on every play alike, so ratios between them
    hold even when the rates themselves swing. ``seconds`` is each play's CPU time."""
    clock = time.process_time
    rngs = {name: random.Random(12345) for name in plays}
    games = dict.fromkeys(plays, 0)
    best = dict.fromkeys(plays, 0.0)
    for name, play in plays.items():
        warm_up = clock() + min(0.5, seconds / windows)
        while clock() < warm_up:
            play(games[name], rngs[name])
            games[name] += 1
    for _ in range(windows):
        for name, play in plays.items():
            rng, played = rngs[name], games[name]
            start = clock()
            deadline = start + seconds / windows
            counted = 0
            while clock() < deadline:
                counted += play(played, rng)
                played += 1
            best[name] = max(best[name], counted / (clock() - start))
            games[name] = played
    return best


def view_bot_ratio(
    label: str,
    raw: Callable[[int], object],
    view: Callable[[int], object],
    rounds: int,
    games: int,
) -> str:
    """One bot played through its view and through the raw accessors, as a report line.

    ``raw`` and ``view`` each play a whole game from a seed. Rounds alternate between the
    two and the best round of each counts: the machine's other load only ever slows a
    round down.
    """
    best = {raw: 0.0, view: 0.0}
    for _ in range(rounds):
        for play in best:
            start = time.process_time()
            for seed in range(games):
                play(seed)
            best[play] = max(best[play], games / (time.process_time() - start))
    raw_rate, view_rate = best[raw], best[view]
    return (
        f"{label}: raw accessors {raw_rate:,.0f} games/s, view() {view_rate:,.0f} games/s, "
        f"raw/view {raw_rate / view_rate:.2f}x (CPU time)"
    )


def ratio(numerator: float, denominator: float) -> str:
    """``numerator / denominator`` as ``"3.21x"``, or ``"-"`` when there is nothing to divide."""
    return f"{numerator / denominator:.2f}x" if denominator > 0 else "-"


def calibration() -> str:
    """A line telling how fast this machine runs Python now, to compare figures across runs."""
    start = time.process_time()
    for _ in range(10_000_000):
        pass
    return f"machine: 10M empty loop iterations take {time.process_time() - start:.2f} s of CPU"
