"""Throughput of the RL adapters against the bare engine, in decisions per second, on one core.

Every line plays whole random games (uniform among the legal actions, chance
resolved by the seed) of one game at its default player count:

* engine: ``legal_actions`` + ``act`` on ``new_game(record=False)`` (no observations);
* engine+view: the same, asking for the acting seat's ``view`` before each decision: what
  any adapter that observes a seat per decision pays before it encodes anything, so the
  ceiling of the PettingZoo lines;
* pettingzoo-aec: ``agent_iter``/``last``/``step``, encoding an observation per step;
* pettingzoo-parallel: one ``step`` per simultaneous round, observations for every seat;
* gymnasium: seat 0 learning against random bots; counts the learning seat's steps
  only (the bots' decisions run inside them), so it is not comparable line for line;
* openspiel: ``apply_action``/``apply_actions`` with ``legal_actions`` per node, no
  observations (chance nodes are counted as decisions too);
* openspiel-tensors: the same, reading every acting seat's information-state tensor
  (the observation tensor and its own past decisions) at each decision node, as
  ``rl_environment`` does;
* vector (Diamant only): :class:`relicbox.envs.vector.DiamantVectorEnv` with 4,096
  games, the learner playing ``threshold:5`` from its observation against three
  ``threshold:5`` seats; counts the learner's env steps (the other seats' decisions run
  inside them), so it is not comparable line for line either.

The plays' timing windows are taken in turn (:func:`harness.best_rates`), so the
ratios to the engine come from the same run under the same load; rates are in CPU time.
Relic Runners games are capped with ``max_turns=80``.

Usage: python3 benchmarks/bench_envs.py [--seconds 3] [--players 4]
       [--games diamant,tschak,relic-runners]
"""

from __future__ import annotations

import argparse
import random
from collections.abc import Callable

import numpy as np
import pyspiel
from harness import best_rates, calibration

import relicbox
from relicbox.envs import openspiel
from relicbox.envs.gymnasium import RelicboxEnv
from relicbox.envs.pettingzoo import env as aec_env
from relicbox.envs.pettingzoo import parallel_env
from relicbox.envs.vector import DiamantVectorEnv

Play = Callable[[int, random.Random], int]


def options(name: str) -> dict[str, object]:
    return dict(relicbox.get_game(name).test_options)


def engine(name: str, players: int) -> Play:
    def play(seed: int, rng: random.Random) -> int:
        state = relicbox.new_game(name, players, seed, record=False, **options(name))
        count = 0
        while not state.is_over:
            seat = state.to_act[0]
            legal = state.legal_actions(seat)
            state.act(seat, legal[rng.randrange(len(legal))])
            count += 1
        return count

    return play


def engine_view(name: str, players: int) -> Play:
    def play(seed: int, rng: random.Random) -> int:
        state = relicbox.new_game(name, players, seed, record=False, **options(name))
        count = 0
        while not state.is_over:
            seat = state.to_act[0]
            state.view(seat)
            legal = state.legal_actions(seat)
            state.act(seat, legal[rng.randrange(len(legal))])
            count += 1
        return count

    return play


def aec(name: str, players: int) -> Play:
    environment = aec_env(name, players, **options(name))

    def play(seed: int, rng: random.Random) -> int:
        environment.reset(seed=seed)
        count = 0
        for _ in environment.agent_iter():
            observation, _, terminated, truncated, _ = environment.last()
            if terminated or truncated:
                environment.step(None)
                continue
            legal = np.flatnonzero(observation["action_mask"])
            environment.step(int(legal[rng.randrange(len(legal))]))
            count += 1
        return count

    return play


def parallel(name: str, players: int) -> Play:
    environment = parallel_env(name, players, **options(name))

    def play(seed: int, rng: random.Random) -> int:
        observations, _ = environment.reset(seed=seed)
        count = 0
        while environment.agents:
            actions = {}
            for agent, observation in observations.items():
                legal = np.flatnonzero(observation["action_mask"])
                if len(legal):
                    actions[agent] = int(legal[rng.randrange(len(legal))])
                    count += 1
            observations, *_ = environment.step(actions)
        return count

    return play


def gymnasium(name: str, players: int) -> Play:
    environment = RelicboxEnv(name, players, opponents="random", **options(name))

    def play(seed: int, rng: random.Random) -> int:
        _, info = environment.reset(seed=seed)
        done = False
        count = 0
        while not done:
            count += 1
            legal = np.flatnonzero(info["action_mask"])
            _, _, terminated, truncated, info = environment.step(
                int(legal[rng.randrange(len(legal))])
            )
            done = terminated or truncated
        return count

    return play


def spiel(name: str, players: int, tensors: bool = False) -> Play:
    short = openspiel.short_name(relicbox.get_game(name))
    params: dict[str, object] = {"players": players}
    if name == "relic-runners":
        params["max_turns"] = 80
    game = pyspiel.load_game(short, params)

    def play(seed: int, rng: random.Random) -> int:
        state = game.new_initial_state()
        count = 0
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                state.apply_action(outcomes[rng.randrange(len(outcomes))][0])
            elif state.is_simultaneous_node():
                joint = []
                for seat in range(players):
                    legal = state.legal_actions(seat)
                    if tensors and len(legal) > 1:
                        state.information_state_tensor(seat)
                    joint.append(legal[rng.randrange(len(legal))])
                state.apply_actions(joint)
            else:
                legal = state.legal_actions()
                if tensors:
                    state.information_state_tensor(state.current_player())
                state.apply_action(legal[rng.randrange(len(legal))])
            count += 1
        return count

    return play


def spiel_tensors(name: str, players: int) -> Play:
    return spiel(name, players, tensors=True)


def vector(name: str, players: int) -> Play:
    envs = DiamantVectorEnv(4096, players, opponents="threshold:5")
    observation, _ = envs.reset(seed=0)
    pocket = 61 + 2  # the learner's pocket / 50

    def play(seed: int, rng: random.Random) -> int:
        nonlocal observation
        for _ in range(8):
            action = (observation[:, pocket] * 50.0 >= 4.5).astype(np.int64)
            observation, *_ = envs.step(action)
        return 8 * envs.num_envs

    return play


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=3.0, help="time per measurement")
    parser.add_argument(
        "--games",
        default="diamant,tschak,relic-runners",
        help="comma-separated games to measure (default %(default)s)",
    )
    parser.add_argument("--players", type=int, default=4, help="clamped to each game's range")
    args = parser.parse_args()
    openspiel.register()
    print(calibration())
    for name in args.games.split(","):
        game = relicbox.get_game(name)
        players = min(max(args.players, game.min_players), game.max_players)
        builds: dict[str, Callable[[str, int], Play]] = {
            "engine": engine,
            "engine+view": engine_view,
            "pettingzoo-aec": aec,
            "pettingzoo-parallel": parallel,
            "openspiel": spiel,
            "openspiel-tensors": spiel_tensors,
            "gymnasium": gymnasium,
        }
        if name == "diamant":
            builds["vector-4096"] = vector
        rates = best_rates(
            {label: build(name, players) for label, build in builds.items()}, args.seconds
        )
        base = rates["engine"]
        for label, rate in rates.items():
            print(
                f"{name:<14} {players}p {label:<20} {rate:>10,.0f} steps/s "
                f"({rate / base:4.0%} of engine)"
            )


if __name__ == "__main__":
    main()
