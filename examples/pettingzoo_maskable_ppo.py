"""Train sb3-contrib's MaskablePPO on seat 0 of a PettingZoo relicbox env, the other seats bots.

The PettingZoo AEC environment (``relicbox.envs.pettingzoo.env``) drives the
game. A small wrapper turns it into a single-agent Gymnasium env for
Stable-Baselines3: whenever the learning seat is selected it hands over the
observation and the action mask (``action_masks()``, as MaskablePPO expects);
every other seat is played by a relicbox bot from its own view. At the end the
trained policy and a random policy play the same evaluation games.

Needs ``pip install stable-baselines3 sb3-contrib`` besides the ``rl`` extra
(PyTorch comes with them; a CPU-only build is enough).

Usage::

    python3 examples/pettingzoo_maskable_ppo.py [--game diamant] [--players 4] [--steps 20000]
"""

from __future__ import annotations

import argparse
import math
from typing import Any

import gymnasium
import numpy as np
from sb3_contrib import MaskablePPO

import relicbox
from relicbox.bots import make_bot
from relicbox.core.rng import Rng
from relicbox.envs.pettingzoo import RelicboxAECEnv, env


class OneSeat(gymnasium.Env[np.ndarray, np.int64]):
    """Seat 0 of a PettingZoo AEC env as a Gymnasium env; the other seats are bots."""

    def __init__(self, game: str, players: int, opponents: str = "rule") -> None:
        self.aec: RelicboxAECEnv = env(game, players)
        self.learner = self.aec.possible_agents[0]
        spaces = self.aec.observation_space(self.learner)
        self.observation_space = spaces["observation"]
        self.action_space = self.aec.action_space(self.learner)
        game_meta = relicbox.get_game(game)
        self.bots = {agent: make_bot(opponents, game_meta) for agent in self.aec.possible_agents}
        self.coin = Rng(0)
        self._mask = np.ones(self.action_space.n, dtype=bool)

    def action_masks(self) -> np.ndarray:
        return self._mask

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[np.ndarray, dict[str, Any]]:
        super().reset(seed=seed)
        self.aec.reset(seed=int(self.np_random.integers(2**31 - 1)))
        self.coin = Rng(int(self.np_random.integers(2**31 - 1)))
        observation, _ = self._advance()
        return observation, {}

    def step(self, action: Any) -> tuple[np.ndarray, float, bool, bool, dict[str, Any]]:
        self.aec.step(int(action))
        observation, reward = self._advance()
        done = not self.aec.agents or self.learner not in self.aec.agents
        return observation, reward, done, False, {}

    def _advance(self) -> tuple[np.ndarray, float]:
        """Let the bots play until the learner must decide or the game is over."""
        reward = 0.0
        for agent in self.aec.agent_iter():
            observation, agent_reward, terminated, truncated, _ = self.aec.last()
            if agent == self.learner:
                reward += agent_reward
                self._mask = observation["action_mask"].astype(bool)
                if terminated or truncated:
                    self.aec.step(None)
                    continue
                return observation["observation"], reward
            if terminated or truncated:
                self.aec.step(None)
                continue
            seat = self.aec.possible_agents.index(agent)
            state = self.aec.engine_state
            choice = self.bots[agent].choose(state.view(seat), state.legal_actions(seat), self.coin)
            self.aec.step(choice.index)
        self._mask = np.ones(self.action_space.n, dtype=bool)
        return np.zeros(self.observation_space.shape, np.float32), reward


def evaluate(one_seat: OneSeat, choose, games: int) -> float:
    """Mean win share of seat 0 (1 for an outright win, 1/k for a k-way tie for first)."""
    wins = 0.0
    for number in range(games):
        observation, _ = one_seat.reset(seed=10**6 + number)
        done = False
        while not done:
            observation, _, done, _, _ = one_seat.step(choose(observation, one_seat.action_masks()))
        wins += one_seat.aec.engine_state.returns()[0]
    return wins / games


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="diamant")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--steps", type=int, default=20_000)
    parser.add_argument("--eval-games", type=int, default=500)
    parser.add_argument("--n-steps", type=int, default=512, help="PPO rollout length")
    args = parser.parse_args()

    training = OneSeat(args.game, args.players)
    model = MaskablePPO(
        "MlpPolicy",
        training,
        n_steps=args.n_steps,
        batch_size=min(128, args.n_steps),
        seed=0,
        verbose=0,
    )
    model.learn(total_timesteps=args.steps)

    judge = OneSeat(args.game, args.players)
    rng = np.random.default_rng(0)

    def trained(observation: np.ndarray, mask: np.ndarray) -> int:
        action, _ = model.predict(observation, action_masks=mask, deterministic=True)
        return int(action)

    def uniform(observation: np.ndarray, mask: np.ndarray) -> int:
        return int(rng.choice(np.flatnonzero(mask)))

    for label, choose in (("MaskablePPO", trained), ("random", uniform)):
        rate = evaluate(judge, choose, args.eval_games)
        half = 1.96 * math.sqrt(max(rate * (1 - rate), 1e-9) / args.eval_games)
        print(f"{label:<12} win share {rate:.3f} ± {half:.3f} against rule bots ({args.game})")


if __name__ == "__main__":
    main()
