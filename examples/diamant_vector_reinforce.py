"""REINFORCE in NumPy on the vectorised Diamant environment, against ``threshold:5`` in blocs.

The yardstick is balanced blocs: two seats play the learned policy, two play
``threshold:5`` (leave once the pocket holds 5 rubies, the best fixed threshold
against itself), and the bloc's win share is the sum of its two seats' shares,
0.5 for equal strength. Training plays that same table: the learner's seat and
its partner (the current policy, sampled) against two ``threshold:5`` seats,
rewarded with the bloc's win share at the end of each game.

The policy is a small multilayer perceptron on the observation
(:mod:`relicbox.games.diamant.encoder`'s layout) giving the probability of
leaving; REINFORCE with a batch baseline and Adam, all in NumPy on the CPU.
Every ``--eval-every`` updates the greedy policy plays seat-rotated evaluation
blocs (the learned pair in seats s and s+1, for every s), and the best policy
so far is kept (plain REINFORCE wanders; the checkpoint is chosen on those
games and judged afresh). The curve is plotted to the PNG given on the command
line; the kept policy then plays ``--final-games`` new seat-rotated games, and
their mean with its 95% confidence interval is printed.

Usage::

    python3 examples/diamant_vector_reinforce.py curve.png [--updates 60] [--envs 4096]
"""

from __future__ import annotations

import argparse
import math
import time
from collections.abc import Callable
from dataclasses import dataclass, field

import numpy as np
from numpy.typing import NDArray

from relicbox.envs.vector import DiamantVectorEnv

PLAYERS = 4
OPPONENT = "threshold:5"
Floats = NDArray[np.float64]


@dataclass
class Policy:
    """Probability of leaving: sigmoid(w2 . tanh(W1 x + b1) + b2)."""

    inputs: int
    hidden: int = 32
    rng: np.random.Generator = field(default_factory=np.random.default_rng)

    def __post_init__(self) -> None:
        scale = 1.0 / math.sqrt(self.inputs)
        self.params: dict[str, Floats] = {
            "W1": self.rng.normal(0.0, scale, (self.inputs, self.hidden)),
            "b1": np.zeros(self.hidden),
            "w2": self.rng.normal(0.0, 0.1, self.hidden),
            # Start cautious rather than at a coin flip: leaving at every reveal with
            # probability 1/2 ends most rounds at once and teaches little.
            "b2": np.full(1, -2.0),
        }
        self.moments = {k: (np.zeros_like(v), np.zeros_like(v)) for k, v in self.params.items()}
        self.steps = 0

    def forward(self, x: Floats) -> tuple[Floats, Floats]:
        hidden = np.tanh(x @ self.params["W1"] + self.params["b1"])
        logits = hidden @ self.params["w2"] + self.params["b2"][0]
        return 1.0 / (1.0 + np.exp(-logits)), hidden

    def sample(self, x: Floats, rng: np.random.Generator) -> NDArray[np.int64]:
        leave_p, _ = self.forward(x)
        return (rng.random(len(x)) < leave_p).astype(np.int64)

    def greedy(self, x: Floats) -> NDArray[np.int64]:
        return (self.forward(x)[0] >= 0.5).astype(np.int64)

    def update(self, x: Floats, actions: Floats, weights: Floats, rate: float) -> None:
        """One Adam step up the gradient of mean(weights * log pi(action | x))."""
        leave_p, hidden = self.forward(x)
        dz = (actions - leave_p) * weights / len(x)
        grads = {
            "w2": hidden.T @ dz,
            "b2": np.array([dz.sum()]),
        }
        dh = np.outer(dz, self.params["w2"]) * (1.0 - hidden**2)
        grads["W1"] = x.T @ dh
        grads["b1"] = dh.sum(axis=0)
        self.steps += 1
        for name, grad in grads.items():
            m, v = self.moments[name]
            m *= 0.9
            m += 0.1 * grad
            v *= 0.999
            v += 0.001 * grad**2
            m_hat = m / (1 - 0.9**self.steps)
            v_hat = v / (1 - 0.999**self.steps)
            self.params[name] += rate * m_hat / (np.sqrt(v_hat) + 1e-8)


def bloc_shares(scores: NDArray[np.int64], seats: tuple[int, int]) -> Floats:
    best = scores == scores.max(axis=1, keepdims=True)
    shares: Floats = best / best.sum(axis=1, keepdims=True)
    return shares[:, seats[0]] + shares[:, seats[1]]


def rollout(
    envs: DiamantVectorEnv,
    observation: NDArray[np.float32],
    act: Callable[[NDArray[np.float32]], NDArray[np.int64]],
    steps: int,
) -> tuple[list[NDArray[np.float32]], list[NDArray[np.int64]], Floats, NDArray[np.float32]]:
    """``steps`` lock-steps; returns observations, actions, each decision's final bloc share
    (NaN where its game had not ended) and the observation to go on from."""
    observations, actions, finals, ends = [], [], [], []
    for _ in range(steps):
        action = act(observation)
        observations.append(observation)
        actions.append(action)
        observation, _, terminated, _, infos = envs.step(action)
        share = np.full(envs.num_envs, np.nan)
        if terminated.any():
            share[terminated] = bloc_shares(infos["scores"][terminated], (envs.seat, 1))
        finals.append(share)
        ends.append(terminated)
    # Walk back: every decision gets the share its game ended with.
    returns = np.full((steps, envs.num_envs), np.nan)
    carry = np.full(envs.num_envs, np.nan)
    for t in range(steps - 1, -1, -1):
        carry = np.where(ends[t], finals[t], carry)
        returns[t] = carry
    return observations, actions, returns, observation


def evaluate(policy: Policy, games: int, seed: int) -> tuple[float, float]:
    """Bloc win share of the greedy policy, seat-rotated, with its 95% interval half-width."""
    values = []
    for seat in range(PLAYERS):
        partner = (seat + 1) % PLAYERS
        opponents = [policy.greedy if s == partner else OPPONENT for s in range(PLAYERS)]
        del opponents[seat]
        width = min(1024, max(64, games // PLAYERS))
        envs = DiamantVectorEnv(width, PLAYERS, seat=seat, opponents=opponents)
        observation, _ = envs.reset(seed=seed + seat)
        got: list[Floats] = []
        while sum(len(g) for g in got) < games // PLAYERS:
            observation, _, terminated, _, infos = envs.step(policy.greedy(observation))
            if terminated.any():
                got.append(bloc_shares(infos["scores"][terminated], (seat, partner)))
        values.append(np.concatenate(got)[: games // PLAYERS])
    shares = np.concatenate(values)
    return float(shares.mean()), 1.96 * float(shares.std()) / math.sqrt(len(shares))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("plot", help="PNG file for the learning curve")
    parser.add_argument("--updates", type=int, default=30)
    parser.add_argument("--envs", type=int, default=4096)
    parser.add_argument("--steps", type=int, default=48, help="lock-steps per update")
    parser.add_argument("--rate", type=float, default=0.01)
    parser.add_argument("--eval-every", type=int, default=5)
    parser.add_argument("--eval-games", type=int, default=8000)
    parser.add_argument("--final-games", type=int, default=40000)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()

    rng = np.random.default_rng(args.seed)
    policy = Policy(64 + 4 * PLAYERS, rng=rng)

    def partner(observation: NDArray[np.float32]) -> NDArray[np.int64]:
        return policy.sample(observation, rng)

    envs = DiamantVectorEnv(args.envs, PLAYERS, opponents=[partner, OPPONENT, OPPONENT])
    observation, _ = envs.reset(seed=args.seed)
    curve: list[tuple[int, float, float]] = []
    best: tuple[float, dict[str, Floats]] = (-1.0, {})
    started = time.process_time()
    decisions = 0
    for update in range(1, args.updates + 1):
        seen, taken, returns, observation = rollout(envs, observation, partner, args.steps)
        x = np.concatenate(seen).astype(np.float64)
        a = np.concatenate(taken).astype(np.float64)
        g = returns.reshape(-1)
        known = ~np.isnan(g)
        decisions += int(known.sum())
        advantage = g[known] - g[known].mean()
        policy.update(x[known], a[known], advantage / (advantage.std() + 1e-8), args.rate)
        if update % args.eval_every == 0 or update == args.updates:
            share, half = evaluate(policy, args.eval_games, seed=1000 + update)
            curve.append((update, share, half))
            if share > best[0]:
                best = (share, {name: value.copy() for name, value in policy.params.items()})
            print(
                f"update {update:4d}  {decisions:>10,} decisions  "
                f"{time.process_time() - started:6.1f} s CPU  bloc share {share:.3f} ± {half:.3f}"
            )
    policy.params = best[1]
    share, half = evaluate(policy, args.final_games, seed=99_999)
    verdict = "beats" if share - half > 0.5 else "does not beat"
    print(
        f"final: learned pair vs two {OPPONENT}, seat-rotated, {args.final_games} games: "
        f"{share:.3f}, 95% CI [{share - half:.3f}, {share + half:.3f}], {verdict} {OPPONENT}"
    )
    _plot(curve, args.plot)


def _plot(curve: list[tuple[int, float, float]], path: str) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    updates = [u for u, _, _ in curve]
    shares = np.array([s for _, s, _ in curve])
    halves = np.array([h for _, _, h in curve])
    figure, axes = plt.subplots(figsize=(6, 3.5))
    axes.plot(updates, shares, marker="o", label="learned pair")
    axes.fill_between(updates, shares - halves, shares + halves, alpha=0.3)
    axes.axhline(0.5, color="grey", linestyle="--", label=f"equal to {OPPONENT}")
    axes.set_xlabel("update")
    axes.set_ylabel("bloc win share (2 vs 2)")
    axes.legend()
    figure.tight_layout()
    figure.savefig(path)


if __name__ == "__main__":
    main()
