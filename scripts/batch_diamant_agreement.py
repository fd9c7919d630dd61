"""Check the Diamant batch simulator against the engine on large samples.

For every player count (3-8), variant (base, relics) and split (pooled, per-card), the same
mix of leave policies plays independent engine games and batch games; for each policy the
script prints both mean scores and win rates with the difference in standard errors (z).
It exits with status 1 when any |z| exceeds ``--limit`` (4 by default: with 24 settings and
about 100 comparisons, a correct simulator passes nearly always).

Usage: python3 scripts/batch_diamant_agreement.py [--engine-games 20000] [--batch-games 200000]
       [--players 3,4,5,6,7,8] [--seed 1]
"""

from __future__ import annotations

import argparse
import math
import sys
import time

import numpy as np

from relicbox.games.diamant.batch import LeavePolicy, play_batch, play_engine
from relicbox.play.batch import seatings
from relicbox.play.simulate import Job, deal_seed

POLICIES = (
    LeavePolicy.random(0.5, "random"),
    LeavePolicy.threshold(6),
    LeavePolicy.per_round((3, 12, 7, 0, 20)),
    LeavePolicy.random(0.2),
    LeavePolicy.threshold(11),
)


def table(players: int, games: int) -> np.ndarray:
    job = Job("diamant", players, tuple(p.name for p in POLICIES), (), 0)
    return seatings(job, np.arange(games))


def per_game(scores: np.ndarray, seats: np.ndarray, entry: int) -> tuple[np.ndarray, np.ndarray]:
    """Each game's mean score and win share of the seats ``entry`` played."""
    mine = seats == entry
    best = scores == scores.max(axis=1, keepdims=True)
    share = best / best.sum(axis=1, keepdims=True)
    return (scores * mine).sum(axis=1) / mine.sum(axis=1), (share * mine).sum(axis=1)


def z(a: np.ndarray, b: np.ndarray) -> float:
    se = math.hypot(a.std(ddof=1) / math.sqrt(a.size), b.std(ddof=1) / math.sqrt(b.size))
    return (a.mean() - b.mean()) / se if se else 0.0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--engine-games",
        type=int,
        default=20_000,
        help="games played by the engine per cell (default %(default)s)",
    )
    parser.add_argument(
        "--batch-games",
        type=int,
        default=200_000,
        help="games played by the batch simulator per cell (default %(default)s)",
    )
    parser.add_argument(
        "--players",
        default="3,4,5,6,7,8",
        help="comma-separated player counts (default %(default)s)",
    )
    parser.add_argument("--seed", type=int, default=1, help="first seed (default %(default)s)")
    parser.add_argument("--limit", type=float, default=4.0, help="largest |z| accepted")
    args = parser.parse_args()
    worst = 0.0
    print(
        f"{'setting':<22} {'policy':<22} {'engine score':>12} {'batch score':>12} {'z':>6} "
        f"{'engine win':>10} {'batch win':>10} {'z':>6}"
    )
    for players in (int(p) for p in args.players.split(",")):
        for variant in ("base", "relics"):
            for split in ("pooled", "per-card"):
                start = time.process_time()
                engine_seats = table(players, args.engine_games)
                engine = play_engine(
                    POLICIES,
                    engine_seats,
                    seed=args.seed * 1000 + players,
                    options={"variant": variant, "split": split},
                    deal_seed=deal_seed,
                )
                batch_seats = table(players, args.batch_games)
                batch, _ = play_batch(
                    np.array([p.thresholds for p in POLICIES])[batch_seats],
                    np.array([p.leave_p for p in POLICIES])[batch_seats],
                    variant=variant == "relics",
                    per_card=split == "per-card",
                    rng=np.random.default_rng([args.seed, players, len(variant), len(split)]),
                )
                setting = f"{players}p {variant} {split}"
                for entry in range(min(players, len(POLICIES))):
                    e_score, e_win = per_game(engine, engine_seats, entry)
                    b_score, b_win = per_game(batch, batch_seats, entry)
                    z_score, z_win = z(e_score, b_score), z(e_win, b_win)
                    worst = max(worst, abs(z_score), abs(z_win))
                    print(
                        f"{setting:<22} {POLICIES[entry].name:<22} {e_score.mean():>12.3f} "
                        f"{b_score.mean():>12.3f} {z_score:>6.2f} {e_win.mean():>10.4f} "
                        f"{b_win.mean():>10.4f} {z_win:>6.2f}"
                    )
                print(f"{setting}: {time.process_time() - start:.1f} s CPU", file=sys.stderr)
    verdict = "agree" if worst <= args.limit else "DISAGREE"
    print(f"largest |z| = {worst:.2f} (limit {args.limit}): batch and engine {verdict}")
    return 0 if worst <= args.limit else 1


if __name__ == "__main__":
    sys.exit(main())
