"""Train a small NumPy policy on Diamant against the rule bots, and plot its learning curve.

The learning seat plays a 4-player game against three of relicbox's rule bots
through the Gymnasium adapter (``relicbox.envs.gymnasium``). The policy is a
logistic model on the encoded view: P(leave) = sigmoid(w . x + b). It learns
with REINFORCE (a policy gradient with a running-mean baseline) from the final
score margin (own score minus the best other score, scaled), and is judged by
its win share on a fixed set of evaluation games (1 for an outright win, 1/k
for a k-way tie for first, else 0: the engine's ``returns()``), beside a
uniformly random policy on the same games. A fair share is 1/4.

Usage::

    python3 examples/diamant_policy_gradient.py curve.png [--episodes 1500] [--seed 0]

Prints the win shares (with 95% intervals) and writes the learning curve to
the given path (PNG, SVG or PDF, by its suffix). Needs ``pip install 'relicbox[rl]'``.
"""

from __future__ import annotations

import argparse
import math
import time
from pathlib import Path

import numpy as np

from relicbox.envs.gymnasium import RelicboxEnv

PLAYERS = 4
CONTINUE, LEAVE = 0, 1
MARGIN_SCALE = 20.0


class LogisticPolicy:
    """P(leave | x) = sigmoid(w . x + b), trained with Adam on REINFORCE gradients."""

    def __init__(self, size: int, rng: np.random.Generator, learning_rate: float = 0.02) -> None:
        self.weights = rng.normal(0.0, 0.01, size + 1)
        self.rate = learning_rate
        self._m = np.zeros_like(self.weights)
        self._v = np.zeros_like(self.weights)
        self._t = 0

    @staticmethod
    def features(observation: np.ndarray) -> np.ndarray:
        return np.append(observation.astype(np.float64), 1.0)

    def leave_probability(self, x: np.ndarray) -> float:
        return 1.0 / (1.0 + math.exp(-float(np.clip(self.weights @ x, -30, 30))))

    def update(self, gradient: np.ndarray) -> None:
        """One Adam step in the direction of ``gradient`` (gradient ascent)."""
        self._t += 1
        self._m = 0.9 * self._m + 0.1 * gradient
        self._v = 0.999 * self._v + 0.001 * gradient**2
        m_hat = self._m / (1 - 0.9**self._t)
        v_hat = self._v / (1 - 0.999**self._t)
        self.weights += self.rate * m_hat / (np.sqrt(v_hat) + 1e-8)


def play(env: RelicboxEnv, seed: int, choose) -> tuple[float, float, list[tuple[np.ndarray, int]]]:
    """One game; returns (win share, scaled margin, the learner's decisions)."""
    observation, info = env.reset(seed=seed)
    decisions: list[tuple[np.ndarray, int]] = []
    done = False
    while not done:
        mask = info["action_mask"]
        action = choose(observation, mask)
        decisions.append((observation, action))
        observation, _, terminated, truncated, info = env.step(action)
        done = terminated or truncated
    state = env.state
    assert state is not None
    share = state.returns()[0]
    scores = state.scores()
    margin = (scores[0] - max(scores[1:])) / MARGIN_SCALE
    return share, margin, decisions


def win_rate(env: RelicboxEnv, seeds: range, choose) -> float:
    return sum(play(env, seed, choose)[0] for seed in seeds) / len(seeds)


def interval(rate: float, games: int) -> float:
    """Half-width of a 95% normal interval for a mean win share (a Bernoulli bound)."""
    return 1.96 * math.sqrt(max(rate * (1 - rate), 1e-9) / games)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("plot", type=Path, help="where to write the learning curve")
    parser.add_argument("--episodes", type=int, default=1500)
    parser.add_argument("--eval-every", type=int, default=250)
    parser.add_argument("--eval-games", type=int, default=200)
    parser.add_argument("--final-games", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()

    rng = np.random.default_rng(args.seed)
    env = RelicboxEnv("diamant", PLAYERS, seat=0, opponents="rule", reward="margin")
    policy = LogisticPolicy(env.observation_space.shape[0], rng)
    eval_seeds = range(10**6, 10**6 + args.eval_games)
    final_seeds = range(2 * 10**6, 2 * 10**6 + args.final_games)

    def sample(observation: np.ndarray, mask: np.ndarray) -> int:
        if not mask[LEAVE]:
            return CONTINUE
        if not mask[CONTINUE]:
            return LEAVE
        p = policy.leave_probability(policy.features(observation))
        return LEAVE if rng.random() < p else CONTINUE

    def greedy(observation: np.ndarray, mask: np.ndarray) -> int:
        if not (mask[LEAVE] and mask[CONTINUE]):
            return LEAVE if mask[LEAVE] else CONTINUE
        p = policy.leave_probability(policy.features(observation))
        return LEAVE if p > 0.5 else CONTINUE

    def uniform(observation: np.ndarray, mask: np.ndarray) -> int:
        return int(rng.choice(np.flatnonzero(mask)))

    started = time.perf_counter()
    curve: list[tuple[int, float]] = [(0, win_rate(env, eval_seeds, greedy))]
    baseline = 0.0
    for episode in range(1, args.episodes + 1):
        _, margin, decisions = play(env, args.seed * 10**7 + episode, sample)
        advantage = margin - baseline
        baseline += 0.02 * (margin - baseline)
        gradient = np.zeros_like(policy.weights)
        for observation, action in decisions:
            x = policy.features(observation)
            p = policy.leave_probability(x)
            gradient += ((1.0 if action == LEAVE else 0.0) - p) * x
        policy.update(advantage * gradient / max(1, len(decisions)))
        if episode % args.eval_every == 0:
            rate = win_rate(env, eval_seeds, greedy)
            curve.append((episode, rate))
            print(f"episode {episode:>6}: win share {rate:.3f} on {len(eval_seeds)} games")
    trained = win_rate(env, final_seeds, greedy)
    random_rate = win_rate(env, final_seeds, uniform)
    elapsed = time.perf_counter() - started
    games = len(final_seeds)
    print(
        f"trained policy: {trained:.3f} ± {interval(trained, games):.3f} win share "
        f"against 3 rule bots ({games} games)"
    )
    print(f"random policy:  {random_rate:.3f} ± {interval(random_rate, games):.3f}")
    print(f"fair share: {1 / PLAYERS:.3f}; took {elapsed:.0f} s")

    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    figure, axes = plt.subplots(figsize=(6, 4))
    episodes, rates = zip(*curve, strict=True)
    axes.plot(episodes, rates, marker="o", label="trained policy (greedy)")
    axes.axhline(random_rate, color="grey", linestyle="--", label="random policy")
    axes.axhline(1 / PLAYERS, color="grey", linestyle=":", label="fair share")
    axes.set_xlabel("training games")
    axes.set_ylabel(f"win share vs 3 rule bots ({len(eval_seeds)} games)")
    axes.set_title("Diamant: logistic policy, REINFORCE")
    axes.legend()
    figure.tight_layout()
    figure.savefig(args.plot)
    print(f"learning curve written to {args.plot}")


if __name__ == "__main__":
    main()
