"""Relic Runners throughput through the public API, on one core.

* random playouts, 4 players: ``new_game(record=False, max_turns=...)``, then
  ``legal_actions`` + ``act`` with Action objects picked at random; decisions per second
  (random explorers rarely finish a game, hence the turn cap);
* the same playouts started from ``determinize`` of a mid-game state, as search bots do;
* full games between rule-based bots (each decision builds the seat's view): games/s;
* ``clone()`` of a mid-game state (search bots clone once per simulation): µs of CPU each;
* one simple bot driven by ``view()`` against the same bot on the raw accessors.

Usage: python3 benchmarks/bench_relic_runners.py [--seconds 3]
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Sequence

import harness
from harness import best_rate, calibration

import relicbox
from relicbox.core.actions import Action
from relicbox.core.rng import Rng
from relicbox.games.relic_runners.actions import EXPLORE
from relicbox.games.relic_runners.bots import RelicRunnersRuleBot

PLAYERS = 4
TURN_CAP = 200


def random_playout(seed: int, rng: random.Random) -> int:
    state = relicbox.new_game(
        "relic-runners", PLAYERS, seed, record=False, setup="standard", max_turns=TURN_CAP
    )
    decisions = 0
    while not state.is_over:
        seat = state.to_act[0]
        legal = state.legal_actions(seat)
        state.act(seat, legal[int(rng.random() * len(legal))])
        decisions += 1
    return decisions


_MID = relicbox.new_game("relic-runners", PLAYERS, 0, record=False, max_turns=TURN_CAP)
for _ in range(150):
    _seat = _MID.to_act[0]
    _MID.act(_seat, _MID.legal_actions(_seat)[0])


def determinized_playout(seed: int, rng: random.Random) -> int:
    state = _MID.determinize(0, seed)
    decisions = 0
    while not state.is_over:
        seat = state.to_act[0]
        legal = state.legal_actions(seat)
        state.act(seat, legal[int(rng.random() * len(legal))])
        decisions += 1
    return decisions


BOT = RelicRunnersRuleBot()


def bot_game(seed: int, rng: random.Random) -> int:
    state = relicbox.new_game("relic-runners", PLAYERS, seed, record=False, setup="standard")
    bot_rng = Rng(seed)
    while not state.is_over:
        seat = state.to_act[0]
        state.act(seat, BOT.choose(state.view(seat), state.legal_actions(seat), bot_rng))
    return 1


VIEW_TURN_CAP = 60


def _explorer_choice(legal: Sequence[Action], phase: str, step: int) -> Action:
    """Explore whenever allowed, otherwise a fixed pseudo-random pick of the legal actions."""
    if phase == "move":
        for action in legal:
            if action is EXPLORE:
                return action
    return legal[step * 7919 % len(legal)]


def explorer_raw_game(seed: int) -> None:
    state = relicbox.new_game("relic-runners", PLAYERS, seed, record=False, max_turns=VIEW_TURN_CAP)
    step = seed
    while not state.is_over:
        seat = state.to_act[0]
        step += 1
        state.act(seat, _explorer_choice(state.legal_actions(seat), state.phase, step))


def explorer_view_game(seed: int) -> None:
    """The same bot reading its view each decision (as bots, the server and RL adapters do)."""
    state = relicbox.new_game("relic-runners", PLAYERS, seed, record=False, max_turns=VIEW_TURN_CAP)
    step = seed
    while not state.is_over:
        seat = state.to_act[0]
        step += 1
        view = state.view(seat)
        state.act(seat, _explorer_choice(state.legal_actions(seat), view["phase"], step))


def view_bot_ratio(rounds: int = 3, games: int = 10) -> str:
    """The same bot through view() and through the raw accessors, best round of each."""
    label = f"relic-runners {PLAYERS}p explorer bot"
    return harness.view_bot_ratio(label, explorer_raw_game, explorer_view_game, rounds, games)


def clone_micros(seconds: float) -> float:
    """CPU microseconds per ``clone()`` of the mid-game state, best of several windows."""
    best = float("inf")
    for _ in range(10):
        start = time.process_time()
        count = 0
        while time.process_time() - start < seconds / 10:
            for _ in range(1000):
                _MID.clone()
            count += 1000
        best = min(best, (time.process_time() - start) / count * 1e6)
    return best


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=3.0, help="time per measurement")
    args = parser.parse_args()
    print(calibration())
    name = f"relic-runners {PLAYERS}p"
    rate, games = best_rate(random_playout, args.seconds)
    print(f"{name} random playouts       {rate:>10,.0f} decisions/s  ({games} games)")
    rate, games = best_rate(determinized_playout, args.seconds)
    print(f"{name} determinized playouts {rate:>10,.0f} decisions/s  ({games} games)")
    print(f"{name} clone() mid-game      {clone_micros(args.seconds):>10.2f} µs CPU each")
    rate, games = best_rate(bot_game, max(args.seconds, 5.0))
    print(f"{name} rule-bot full games   {rate:>10,.2f} games/s      ({games} games)")
    print(view_bot_ratio())


if __name__ == "__main__":
    main()
