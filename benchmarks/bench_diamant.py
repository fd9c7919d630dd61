"""Random-playout throughput of Diamant, on one core, in CPU time, with ratios of one run.

4 players; at every choice each explorer leaves with probability 0.5; full games.

* fast path: ``new_game(record=False)``, then one ``commit_leavers`` per simultaneous step
  with the step's coin passed in as the leavers' bit mask (bits of seats at camp are
  ignored); it returns who chooses next, so the loop needs nothing else;
* act_joint path: the same games with one ``act_joint`` per step, every explorer's Action in
  a dict (what PettingZoo's Parallel API and the server do);
* per-seat act path: the same games through ``legal_actions`` + ``act`` for each seat;
* clone path: every game is a ``determinize`` of one fresh state that has not revealed its
  first card yet, as a search bot's playouts start from a copy, then played like the
  act_joint path;
* full-record path: ``record=True``, played like the fast path, the JSON record built at
  the end;
* full-record act_joint path: ``record=True``, one ``act_joint`` per step with the actions'
  texts (what a server receives), the JSON record built at the end;
* batch: the NumPy lock-step simulator ``relicbox.games.diamant.batch`` (what ``simulate``
  uses for such policies), whole chunks of games at a time;
* peer: the Katze2664/Incan_Gold Python simulator, run only when the environment variable
  ``RELICBOX_PEER_INCAN_GOLD`` names a checkout of it (it is never part of this repository).
  Its relics enter one per round, like the relic variant, and score 5 or 10 like the base
  game; the work per game is the same.

The drivers draw one coin per step (a bit per seat) and keep everything they use in
locals: their own cost counts in every figure. The fast, act_joint and both full-record
paths play the same games from the same seeds and coins.

Usage: python3 benchmarks/bench_diamant.py [--seconds 3]
"""

from __future__ import annotations

import argparse
import os
import random
import sys
from collections.abc import Callable
from typing import Any

import harness
import numpy as np
from harness import best_rates, calibration, ratio

import relicbox
from relicbox.core.game import State
from relicbox.games.diamant.batch import NEVER, play_batch
from relicbox.play.batch import CHUNK

PLAYERS = 4
PEER_VARIABLE = "RELICBOX_PEER_INCAN_GOLD"


GAME = relicbox.get_game("diamant")
CONTINUE = GAME.action_space.parse("continue")
LEAVE = GAME.action_space.parse("leave")


def _playout(state: State, rng: random.Random) -> State:
    """One ``act_joint`` per step; ``to_act`` is empty only once the game is over."""
    act_joint = state.act_joint
    coins = rng.getrandbits
    while to_act := state.to_act:
        coin = coins(PLAYERS)
        act_joint({seat: LEAVE if coin >> seat & 1 else CONTINUE for seat in to_act})
    return state


def _playout_leavers(state: State, rng: random.Random) -> State:
    """One ``commit_leavers`` per step: the coin's bits are the leavers, passed as they are;
    it returns who chooses next, 0 once the game is over."""
    commit = state.commit_leavers  # type: ignore[attr-defined]
    coins = rng.getrandbits
    while commit(coins(PLAYERS)):
        pass
    return state


def _playout_per_seat(state: State, rng: random.Random) -> State:
    while not state.is_over:
        for seat in state.to_act:
            legal = state.legal_actions(seat)
            state.act(seat, legal[1] if rng.random() < 0.5 else legal[0])
    return state


def fast_game(seed: int, rng: random.Random) -> int:
    _playout_leavers(relicbox.new_game("diamant", PLAYERS, seed, record=False), rng)
    return 1


def act_joint_game(seed: int, rng: random.Random) -> int:
    _playout(relicbox.new_game("diamant", PLAYERS, seed, record=False), rng)
    return 1


def per_seat_game(seed: int, rng: random.Random) -> int:
    _playout_per_seat(relicbox.new_game("diamant", PLAYERS, seed, record=False), rng)
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
    _playout_leavers(state, rng)
    _ = state.record
    return 1


def full_record_act_joint_game(seed: int, rng: random.Random) -> int:
    state = relicbox.new_game("diamant", PLAYERS, seed)
    act_joint = state.act_joint
    coins = rng.getrandbits
    while to_act := state.to_act:
        coin = coins(PLAYERS)
        act_joint({seat: "leave" if coin >> seat & 1 else "continue" for seat in to_act})
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
    """The same threshold bot through view() and through the raw accessors, in CPU time."""
    label = f"diamant {PLAYERS}p threshold bot"
    return harness.view_bot_ratio(label, threshold_raw_game, threshold_view_game, rounds, games)


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
        sum(_playout_leavers(relicbox.new_game("diamant", PLAYERS, s), rng).scores())
        for s in range(games)
    )
    act_joint = sum(
        sum(_playout(relicbox.new_game("diamant", PLAYERS, s), rng).scores()) for s in range(games)
    )
    per_seat = sum(
        sum(_playout_per_seat(relicbox.new_game("diamant", PLAYERS, s), rng).scores())
        for s in range(games)
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
        f"mean points per seat: fast path {fast / seats:.2f}, act_joint path "
        f"{act_joint / seats:.2f}, per-seat act path {per_seat / seats:.2f} and clone path "
        f"{clone / seats:.2f} over {games} games, batch {batch:.2f} over at least ten times "
        "as many"
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
    paths: list[tuple[str, Callable[[int, random.Random], int]]] = [
        ("fast path (commit_leavers)", fast_game),
        ("act_joint path", act_joint_game),
        ("per-seat act path", per_seat_game),
        ("clone path (determinize)", clone_game),
        ("full-record path", full_record_game),
        ("full-record act_joint path", full_record_act_joint_game),
        ("batch (NumPy lock-step)", batch_chunk),
    ]
    peer = peer_game()
    if peer is None:
        print(f"peer: set {PEER_VARIABLE} to a Katze2664/Incan_Gold checkout to compare")
    else:
        paths.append(("peer (Katze2664/Incan_Gold)", peer))
    rates = best_rates(dict(paths), args.seconds)
    for name, rate in rates.items():
        print(f"diamant {PLAYERS}p {name:<29} {rate:>11,.0f} games/s CPU")
    fast = rates["fast path (commit_leavers)"]
    print(f"batch / fast path: {ratio(rates['batch (NumPy lock-step)'], fast)}")
    if peer is not None:
        peer_rate = rates["peer (Katze2664/Incan_Gold)"]
        print(f"fast path / peer: {ratio(fast, peer_rate)}")
        print(f"per-seat act path / peer: {ratio(rates['per-seat act path'], peer_rate)}")
        print(f"full-record path / peer: {ratio(rates['full-record path'], peer_rate)}")
        print(f"act_joint path / peer: {ratio(rates['act_joint path'], peer_rate)}")
        full_act_joint = rates["full-record act_joint path"]
        print(f"full-record act_joint path / peer: {ratio(full_act_joint, peer_rate)}")
    print(view_bot_ratio())


if __name__ == "__main__":
    main()
