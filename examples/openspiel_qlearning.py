"""OpenSpiel's own RL loop on Diamant: ``rl_environment`` with its tabular Q-learner.

``open_spiel.python.rl_environment.Environment`` reads the information-state
tensor by default (``provides_information_state_tensor`` is declared by every
relicbox game): the seat's encoded view plus its own past decisions. One
``tabular_qlearner.QLearner`` from ``open_spiel.python`` learns seat 0 of the
sequential form (one explorer deciding at a time), the other seats are
OpenSpiel's ``RandomAgent``; afterwards the greedy learner and a random agent
play the same number of evaluation games in seat 0.

OpenSpiel's DQN and PPO need PyTorch or JAX (with flax, optax, orbax); the
tabular learner needs NumPy only, so this runs wherever the ``rl`` extra does.
For function approximation on Diamant see ``examples/diamant_vector_ppo.py``.

Usage::

    python3 examples/openspiel_qlearning.py [--players 3] [--episodes 2000] [--eval 300]
"""

from __future__ import annotations

import argparse
from dataclasses import dataclass

import numpy as np
from open_spiel.python import rl_agent, rl_environment
from open_spiel.python.algorithms import random_agent, tabular_qlearner

from relicbox.envs import openspiel


@dataclass
class Result:
    steps: int
    """Learner decisions during training."""
    states: int
    """Information states the Q-table holds."""
    trained: float
    """Seat 0's win share, greedy learner, in the evaluation games."""
    random: float
    """Seat 0's win share, random agent, in the same number of games."""
    tensor_size: int


def _episode(
    env: rl_environment.Environment, agents: list[rl_agent.AbstractAgent], learn: bool
) -> tuple[float, int]:
    time_step = env.reset()
    steps = 0
    while not time_step.last():
        seat = time_step.observations["current_player"]
        output = agents[seat].step(time_step, is_evaluation=not learn)
        steps += seat == 0
        time_step = env.step([output.action])
    for agent in agents:
        agent.step(time_step, is_evaluation=not learn)
    return float(time_step.rewards[0]), steps


def run(players: int = 3, episodes: int = 2000, evaluation: int = 300, seed: int = 0) -> Result:
    openspiel.register()
    env = rl_environment.Environment(
        "relicbox_diamant_sequential",
        chance_event_sampler=rl_environment.ChanceEventSampler(seed=seed),
        players=players,
    )
    actions = env.action_spec()["num_actions"]
    np.random.seed(seed)  # the agents' exploration draws from NumPy's global generator
    learner = tabular_qlearner.QLearner(player_id=0, num_actions=actions, step_size=0.2)
    others: list[rl_agent.AbstractAgent] = [
        random_agent.RandomAgent(player_id=seat, num_actions=actions) for seat in range(1, players)
    ]
    steps = 0
    for _ in range(episodes):
        steps += _episode(env, [learner, *others], learn=True)[1]
    trained = sum(_episode(env, [learner, *others], True)[0] for _ in range(evaluation))
    baseline = random_agent.RandomAgent(player_id=0, num_actions=actions)
    random_wins = sum(_episode(env, [baseline, *others], False)[0] for _ in range(evaluation))
    return Result(
        steps=steps,
        states=len(learner._q_values),
        trained=trained / evaluation,
        random=random_wins / evaluation,
        tensor_size=int(env.observation_spec()["info_state"][0]),
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=3)
    parser.add_argument("--episodes", type=int, default=2000)
    parser.add_argument("--eval", type=int, default=300)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    result = run(args.players, args.episodes, args.eval, args.seed)
    print(f"trained on {result.steps} decisions, {result.states} information states")
    print(f"information-state tensor: {result.tensor_size} numbers")
    print(f"Q-learner win share {result.trained:.3f}, random {result.random:.3f}")


if __name__ == "__main__":
    main()
