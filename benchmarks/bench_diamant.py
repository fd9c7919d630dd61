"""Random-playout throughput of Diamant, on one core, in CPU time, with ratios of one run.

4 players; at every choice each explorer leaves with probability 0.5; full games.

* fast path: ``new_game(record=False)``, then ``legal_actions`` + ``act`` with Action objects
  (what bots and simulations use);
* clone path: every game is a ``determinize`` of one fresh state that has not revealed its
  first card yet, as a search bot's playouts start from a copy;
* full-record path: ``record=True``, actions given as text, the JSON record built at the end;
* batch: the NumPy lock-step simulator ``relicbox.play.batch_diamant`` (what ``simulate``
  uses for such policies), whole chunks of games at a time;
* peer: the Katze2664/Incan_Gold Python simulator, run only when the environment variable
  ``RELICBOX_PEER_INCAN_GOLD`` names a checkout of it (it is never part of this repository).
  Its relics enter one per round, like the relic variant, and score 5 or 10 like the base
  game; the work per game is the same.

Usage: python3 benchmarks/bench_diamant.py [--seconds 3]
"""

from __future__ import annotations

import argparse
import os
import random
import sys
from collections.abc import Callable
from typing import Any

import numpy as np
from harness import best_rate, calibration, ratio

import relicbox
from relicbox.core.game import State
from relicbox.play.batch_diamant import CHUNK, NEVER, play_batch

PLAYERS = 4
PEER_VARIABLE = "RELICBOX_PEER_INCAN_GOLD"


def _playout(state: State, rng: random.Random) -> State:
    while not state.is_over:
        for seat in state.to_act:
            legal = state.legal_actions(seat)
            state.act(seat, legal[1] if rng.random() < 0.5 else legal[0])
    return state


def fast_game(seed: int, rng: random.Random) -> int:
    _playout(relicbox.new_game("diamant", PLAYERS, seed, record=False), rng)
    return 1


# The root has not drawn its first card: every clone draws its own from its own generator.
_ROOT = relicbox.new_game("diamant", PLAYERS, 0, record=False, auto_chance=False)


def _clone(seed: int) -> State:
    state: State = _ROOT.determinize(0, seed)
    state.auto_chance = True
    state.sample_chance()
    return state


def clone_game(seed: int, rng: random.Random) -> int:
    _playout(_clone(seed), rng)
    return 1


def full_record_game(seed: int, rng: random.Random) -> int:
    state = relicbox.new_game("diamant", PLAYERS, seed)
    while not state.is_over:
        for seat in state.to_act:
            state.legal_actions(seat)
            state.act(seat, "leave" if rng.random() < 0.5 else "continue")
    _ = state.record
    return 1


_BATCH_RNG = np.random.default_rng(12345)
_THRESHOLDS = np.full((CHUNK, PLAYERS, 5), NEVER, dtype=np.int64)
_LEAVE_P = np.full((CHUNK, PLAYERS), 0.5)


def batch_chunk(seed: int, rng: random.Random) -> int:
    play_batch(_THRESHOLDS, _LEAVE_P, variant=False, per_card=False, rng=_BATCH_RNG)
    return CHUNK


def peer_game() -> Callable[[int, random.Random], int] | None:
    """One game of the peer simulator per call, or None when it is not available."""
    folder = os.environ.get(PEER_VARIABLE)
    if not folder:
        return None
    sys.path.insert(0, folder)
    try:
        import game_mechanics  # type: ignore[import-not-found]
        import strategies  # type: ignore[import-not-found]
    except ImportError as error:
        print(f"{PEER_VARIABLE}={folder}: cannot import the peer ({error})")
        return None
    finally:
        sys.path.pop(0)
    leave = strategies.make_random_strat(0.5)
    players: list[Any] = [game_mechanics.Player(f"p{i}", leave) for i in range(PLAYERS)]
    simulator = game_mechanics.Simulator(verbosity=0, seed=1)

    def play(seed: int, rng: random.Random) -> int:
        simulator.sim(1, players)
        return 1

    return play


def mean_points(games: int) -> None:
    """Check that the paths play the same game: mean points per seat of each (the batch
    plays at least ten times as many games: they cost little)."""
    rng = random.Random(7)
    fast = sum(
        sum(_playout(relicbox.new_game("diamant", PLAYERS, s), rng).scores()) for s in range(games)
    )
    clone = sum(sum(_playout(_clone(s), rng).scores()) for s in range(games))
    batch = np.mean(
        [
            play_batch(_THRESHOLDS, _LEAVE_P, variant=False, per_card=False, rng=_BATCH_RNG)[0]
            for _ in range(-(-10 * games // CHUNK))
        ]
    )
    seats = games * PLAYERS
    print(
        f"mean points per seat: fast path {fast / seats:.2f} and clone path "
        f"{clone / seats:.2f} over {games} games, batch {batch:.2f} over at least ten times as many"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=3.0, help="CPU time per measurement")
    parser.add_argument(
        "--check", type=int, default=0, metavar="GAMES", help="first compare mean points"
    )
    args = parser.parse_args()
    print(calibration())
    if args.check:
        mean_points(args.check)
    rates: dict[str, float] = {}
    paths: list[tuple[str, Callable[[int, random.Random], int]]] = [
        ("fast path (record=False)", fast_game),
        ("clone path (determinize)", clone_game),
        ("full-record path", full_record_game),
        ("batch (NumPy lock-step)", batch_chunk),
    ]
    peer = peer_game()
    if peer is None:
        print(f"peer: set {PEER_VARIABLE} to a Katze2664/Incan_Gold checkout to compare")
    else:
        paths.append(("peer (Katze2664/Incan_Gold)", peer))
    for name, play in paths:
        rate, games = best_rate(play, args.seconds)
        rates[name] = rate
        print(f"diamant {PLAYERS}p {name:<29} {rate:>11,.0f} games/s CPU  ({games} calls)")
    fast = rates["fast path (record=False)"]
    print(f"batch / fast path: {ratio(rates['batch (NumPy lock-step)'], fast)}")
    if peer is not None:
        peer_rate = rates["peer (Katze2664/Incan_Gold)"]
        print(f"fast path / peer: {ratio(fast, peer_rate)}")
        print(f"full-record path / peer: {ratio(rates['full-record path'], peer_rate)}")


if __name__ == "__main__":
    main()
