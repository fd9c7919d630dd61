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


if __name__ == "__main__":
    main()
