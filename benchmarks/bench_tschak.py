"""Random Tschak! playouts through the public API: games per second on one core.

Run: ``python benchmarks/bench_tschak.py [--games N] [--players P]``. Prints the
rate without a game record (the simulation fast path) and with one, in CPU
time of this process (steadier than wall time on a shared machine).

The playout picks among the legal actions with a local ``random.Random`` (a C
generator, seeded per game): the figure measures the engine, not the harness's
random numbers. The engine's own chance uses its seeded ``Rng`` as always.
"""

from __future__ import annotations

import argparse
import random
import time

import harness
from harness import calibration

import relicbox
from relicbox.games.tschak.data import KINDS

_VALUE = tuple(kind.value or 0 for kind in KINDS)


def playout(seed: int, players: int, record: bool) -> list[int]:
    """One game where every seat picks uniformly among its legal actions."""
    state = relicbox.new_game("tschak", players=players, seed=seed, record=record)
    pick = random.Random(seed).random
    while not state.is_over:
        for seat in state.to_act:
            legal = state.legal_actions(seat)
            state.act(seat, legal[int(pick() * len(legal))])
    return state.scores()


def rate(games: int, players: int, record: bool) -> float:
    start = time.process_time()
    for seed in range(games):
        playout(seed, players, record)
    return games / (time.process_time() - start)


def best_of(repeats: int, games: int, players: int, record: bool) -> tuple[float, float]:
    """Best and median rate over several runs: on a shared machine the best is the engine's."""
    rates = sorted(rate(games, players, record) for _ in range(repeats))
    return rates[-1], rates[len(rates) // 2]


def lowest_card_raw_game(seed: int, players: int) -> None:
    """A bot that plays its lowest-valued legal card, reading the raw state."""
    state = relicbox.new_game("tschak", players=players, seed=seed, record=False)
    while not state.is_over:
        for seat in state.to_act:
            legal = state.legal_actions(seat)
            hand = state.hand(seat)
            state.act(
                seat, min(legal, key=lambda a: (_VALUE[a.index], a.index)) if hand else legal[0]
            )


def lowest_card_view_game(seed: int, players: int) -> None:
    """The same bot reading its view (as bots, the server and the RL adapters do)."""
    state = relicbox.new_game("tschak", players=players, seed=seed, record=False)
    while not state.is_over:
        for seat in state.to_act:
            legal = state.legal_actions(seat)
            view = state.view(seat)
            state.act(
                seat,
                min(legal, key=lambda a: (_VALUE[a.index], a.index)) if view["hand"] else legal[0],
            )


def view_bot_ratio(players: int, rounds: int = 5, games: int = 60) -> str:
    """The same bot through view() and through the raw accessors, best round of each."""
    return harness.view_bot_ratio(
        f"tschak {players}p lowest-card bot",
        lambda seed: lowest_card_raw_game(seed, players),
        lambda seed: lowest_card_view_game(seed, players),
        rounds,
        games,
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=1000, help="games per run")
    parser.add_argument(
        "--repeats",
        type=int,
        default=5,
        help="runs per measurement; the best is reported (default %(default)s)",
    )
    parser.add_argument(
        "--players", type=int, default=4, help="players per game (default %(default)s)"
    )
    args = parser.parse_args()
    rate(200, args.players, False)  # warm-up
    print(calibration())
    for record in (False, True):
        best, median = best_of(args.repeats, args.games, args.players, record)
        print(
            f"tschak {args.players}p random playouts (record={record}): "
            f"{best:,.0f} games/s best of {args.repeats}, median {median:,.0f}"
        )
    print(view_bot_ratio(args.players))


if __name__ == "__main__":
    main()
