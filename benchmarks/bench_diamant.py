"""Random-playout throughput of Diamant through the public API, on one core.

4 players; at every choice each explorer leaves with probability 0.5; full games.

* fast path: ``new_game(record=False)``, then ``legal_actions`` + ``act`` with Action objects
  (what bots and simulations use);
* clone path: every game starts as a ``clone()`` of a fresh state with a new seed
  (``determinize``), as a search bot's playouts do;
* full-record path: ``record=True``, actions given as text, the JSON record built at the end.

Usage: python3 benchmarks/bench_diamant.py [--seconds 3]
"""

from __future__ import annotations

import argparse
import random
import time

from harness import best_rate, calibration

import relicbox

PLAYERS = 4


def fast_game(seed: int, rng: random.Random) -> int:
    state = relicbox.new_game("diamant", PLAYERS, seed, record=False)
    while not state.is_over:
        for seat in state.to_act:
            legal = state.legal_actions(seat)
            state.act(seat, legal[1] if rng.random() < 0.5 else legal[0])
    return 1


_ROOT = relicbox.new_game("diamant", PLAYERS, 0, record=False)


def clone_game(seed: int, rng: random.Random) -> int:
    state = _ROOT.determinize(0, seed)
    while not state.is_over:
        for seat in state.to_act:
            legal = state.legal_actions(seat)
            state.act(seat, legal[1] if rng.random() < 0.5 else legal[0])
    return 1


def full_record_game(seed: int, rng: random.Random) -> int:
    state = relicbox.new_game("diamant", PLAYERS, seed)
    while not state.is_over:
        for seat in state.to_act:
            state.legal_actions(seat)
            state.act(seat, "leave" if rng.random() < 0.5 else "continue")
    _ = state.record
    return 1


THRESHOLD = 8
"""The threshold bot leaves once its pocket holds this many rubies."""


def threshold_raw_game(seed: int) -> None:
    state = relicbox.new_game("diamant", PLAYERS, seed, record=False)
    while not state.is_over:
        for seat in state.to_act:
            legal = state.legal_actions(seat)
            state.act(seat, legal[1] if state.pockets()[seat] >= THRESHOLD else legal[0])


def threshold_view_game(seed: int) -> None:
    state = relicbox.new_game("diamant", PLAYERS, seed, record=False)
    while not state.is_over:
        for seat in state.to_act:
            legal = state.legal_actions(seat)
            view = state.view(seat)
            state.act(seat, legal[1] if view["pockets"][seat] >= THRESHOLD else legal[0])


def view_bot_ratio(rounds: int = 7, games: int = 300) -> str:
    """The same threshold bot through view() and through the raw accessors, in CPU time.

    Rounds alternate between the two and the best of each counts: the machine's other
    load only ever slows a round down.
    """
    best = {threshold_raw_game: 0.0, threshold_view_game: 0.0}
    for _ in range(rounds):
        for play in best:
            start = time.process_time()
            for seed in range(games):
                play(seed)
            best[play] = max(best[play], games / (time.process_time() - start))
    raw, view = best[threshold_raw_game], best[threshold_view_game]
    return (
        f"diamant {PLAYERS}p threshold bot: raw accessors {raw:,.0f} games/s, "
        f"view() {view:,.0f} games/s, raw/view {raw / view:.2f}x (CPU time)"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=3.0, help="time per measurement")
    args = parser.parse_args()
    print(calibration())
    for name, play in (
        ("fast path (record=False)", fast_game),
        ("clone path (determinize)", clone_game),
        ("full-record path", full_record_game),
    ):
        rate, games = best_rate(play, args.seconds)
        print(f"diamant {PLAYERS}p {name:<26} {rate:>9,.0f} games/s  ({games} games)")
    print(view_bot_ratio())


if __name__ == "__main__":
    main()
