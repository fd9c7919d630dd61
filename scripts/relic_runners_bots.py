"""Does the ``rule`` Relic Runners bot beat ``rule-v1``? Seat-rotated seeded games.

At each player count every table seats one ``rule`` bot among ``rule-v1`` bots; the
new bot's seat turns round the table from game to game (seed = game number, standard
setup, default options). Its win share (shared wins split) is compared with 1/players,
what two equal bots would get, with a 95% Wilson interval; the mean score margin over
the table's best old bot is shown too.

Usage: nice -n 15 python3 scripts/relic_runners_bots.py [--games 400] [--players 2 3 4]
"""

from __future__ import annotations

import argparse
import math
import statistics
import time

import relicbox
from relicbox.bots import make_bot
from relicbox.core.rng import Rng


def play(players: int, seed: int, new_seat: int, new: str, old: str) -> tuple[float, int]:
    state = relicbox.new_game("relic-runners", players, seed, record=False, setup="standard")
    names = [new if seat == new_seat else old for seat in range(players)]
    bots = [make_bot(name, state.game) for name in names]
    rngs = [Rng(seed * 1_000_003 + seat) for seat in range(players)]
    while not state.is_over:
        seat = state.to_act[0]
        action = bots[seat].choose(state.view(seat), state.legal_actions(seat), rngs[seat])
        state.act(seat, action)
    winners = state.winners()
    scores = state.scores()
    share = 1.0 / len(winners) if new_seat in winners else 0.0
    best_old = max(score for seat, score in enumerate(scores) if seat != new_seat)
    return share, scores[new_seat] - best_old


def wilson(successes: float, n: int, z: float = 1.96) -> tuple[float, float]:
    p = successes / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return centre - half, centre + half


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=400, help="games per player count")
    parser.add_argument("--players", type=int, nargs="+", default=[2, 3, 4])
    parser.add_argument("--new", default="rule")
    parser.add_argument("--old", default="rule-v1")
    args = parser.parse_args()
    for players in args.players:
        begun = time.time()
        shares, margins = [], []
        for seed in range(args.games):
            share, margin = play(players, seed, seed % players, args.new, args.old)
            shares.append(share)
            margins.append(margin)
        wins = sum(shares)
        low, high = wilson(wins, len(shares))
        verdict = "better" if low > 1 / players else "worse" if high < 1 / players else "no clear"
        print(
            f"{players} players: {args.new} wins {wins:.1f} of {len(shares)} = "
            f"{wins / len(shares):.3f} (95% {low:.3f}-{high:.3f}; equal bots {1 / players:.3f}: "
            f"{verdict}); margin over the best {args.old} {statistics.mean(margins):+.1f} "
            f"± {1.96 * statistics.stdev(margins) / math.sqrt(len(margins)):.1f} VP; "
            f"{time.time() - begun:.0f} s",
            flush=True,
        )


if __name__ == "__main__":
    main()
