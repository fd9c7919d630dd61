"""Throughput of the RL adapters against the bare engine, in decisions per second, on one core.

Every line plays whole random games (uniform among the legal actions, chance
resolved by the seed) of one game at its default player count:

* engine: ``legal_actions`` + ``act`` on ``new_game(record=False)`` (no observations);
* pettingzoo-aec: ``agent_iter``/``last``/``step``, encoding an observation per step;
* pettingzoo-parallel: one ``step`` per simultaneous round, observations for every seat;
* gymnasium: seat 0 learning against random bots; counts the learning seat's steps
  only (the bots' decisions run inside them), so it is not comparable line for line;
* openspiel: ``apply_action``/``apply_actions`` with ``legal_actions`` per node, no
  observations (chance nodes are counted as decisions too).

Relic Runners games are capped with ``max_turns=80``.

Usage: python3 benchmarks/bench_envs.py [--seconds 3] [--games diamant,tschak,relic-runners]
"""

from __future__ import annotations

import argparse
import random
from collections.abc import Callable

import numpy as np
import pyspiel
from harness import best_rate, calibration

import relicbox
from relicbox.envs import openspiel
from relicbox.envs.gymnasium import RelicboxEnv
from relicbox.envs.pettingzoo import env as aec_env
from relicbox.envs.pettingzoo import parallel_env

Play = Callable[[int, random.Random], int]


def options(name: str) -> dict[str, object]:
    return dict(relicbox.get_game(name).extra.get("test_options", {}))


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


def spiel(name: str, players: int) -> Play:
    short = {v: k for k, v in openspiel.GAMES.items()}[name]
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
                    joint.append(legal[rng.randrange(len(legal))])
                state.apply_actions(joint)
            else:
                legal = state.legal_actions()
                state.apply_action(legal[rng.randrange(len(legal))])
            count += 1
        return count

    return play


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=3.0, help="time per measurement")
    parser.add_argument("--games", default="diamant,tschak,relic-runners")
    args = parser.parse_args()
    openspiel.register()
    print(calibration())
    for name in args.games.split(","):
        game = relicbox.get_game(name)
        players = game.default_players or game.min_players
        base = None
        for label, build in (
            ("engine", engine),
            ("pettingzoo-aec", aec),
            ("pettingzoo-parallel", parallel),
            ("openspiel", spiel),
            ("gymnasium", gymnasium),
        ):
            rate, games = best_rate(build(name, players), args.seconds)
            base = base or rate
            print(
                f"{name:<14} {players}p {label:<20} {rate:>10,.0f} steps/s "
                f"({rate / base:4.0%} of engine, {games} games)"
            )


if __name__ == "__main__":
    main()
