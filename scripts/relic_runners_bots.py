"""Does the ``rule`` Relic Runners bot beat ``rule-v1``? Seat-rotated seeded games.

Every table seats one ``rule`` bot among ``rule-v1`` bots; its seat turns round the
table from game to game (standard setup, default options, seed = game number). The
player counts take turns (2, 3, 4, 2, ...), so an interrupted run has figures for each.
The new bot's win share (shared wins split) is set against 1/players, what it would get
if the bots were equal, with a 95% Wilson interval; the new bot's score minus the mean
score of the old bots at its table is shown too (mean and 95% interval). Figures are
printed every ``--every`` games and at the end (also after Ctrl-C or SIGTERM).

Usage: nice -n 15 python3 scripts/relic_runners_bots.py [--games 400] [--players 2 3 4]
"""

from __future__ import annotations

import argparse
import math
import signal
import statistics
import sys
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
    old_scores = [score for seat, score in enumerate(scores) if seat != new_seat]
    return share, scores[new_seat] - sum(old_scores) / len(old_scores)


def wilson(successes: float, n: int, z: float = 1.96) -> tuple[float, float]:
    p = successes / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return centre - half, centre + half


def report(results: dict[int, list[tuple[float, int]]], new: str, old: str) -> None:
    for players, rows in results.items():
        if len(rows) < 2:
            continue
        wins = sum(share for share, _ in rows)
        margins = [margin for _, margin in rows]
        low, high = wilson(wins, len(rows))
        fair = 1 / players
        verdict = "better" if low > fair else "worse" if high < fair else "not separated"
        spread = 1.96 * statistics.stdev(margins) / math.sqrt(len(margins))
        print(
            f"{players} players: {new} wins {wins:.1f} of {len(rows)} = {wins / len(rows):.3f} "
            f"(95% {low:.3f}-{high:.3f}; equal bots {fair:.3f}: {verdict}); "
            f"score minus the {old} bots' mean {statistics.mean(margins):+.1f} ± {spread:.1f} VP",
            flush=True,
        )


def _interrupt(signum: int, frame: object) -> None:
    raise KeyboardInterrupt


def main() -> None:
    # SIGTERM (and SIGINT, even when a background shell ignores it) stops the run with
    # the figures of the games already played.
    signal.signal(signal.SIGTERM, _interrupt)
    signal.signal(signal.SIGINT, _interrupt)
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=400, help="games per player count")
    parser.add_argument(
        "--players",
        type=int,
        nargs="+",
        default=[2, 3, 4],
        help="player counts to measure (default %(default)s)",
    )
    parser.add_argument("--new", default="rule", help="the bot measured (default %(default)s)")
    parser.add_argument(
        "--old", default="rule-v1", help="the bot it is measured against (default %(default)s)"
    )
    parser.add_argument("--every", type=int, default=60, help="print figures this often")
    parser.add_argument(
        "--first-seed", type=int, default=0, help="seed of the first game (default %(default)s)"
    )
    args = parser.parse_args()
    results: dict[int, list[tuple[float, int]]] = {n: [] for n in args.players}
    begun = time.time()
    try:
        for number in range(args.games * len(args.players)):
            players = args.players[number % len(args.players)]
            seed = args.first_seed + number // len(args.players)
            results[players].append(play(players, seed, seed % players, args.new, args.old))
            if (number + 1) % args.every == 0:
                print(f"-- {number + 1} games, {time.time() - begun:.0f} s", flush=True)
                report(results, args.new, args.old)
    except KeyboardInterrupt:  # an interrupted run still reports the games it finished
        print("interrupted", file=sys.stderr)
    print(f"== {sum(map(len, results.values()))} games, {time.time() - begun:.0f} s")
    report(results, args.new, args.old)


if __name__ == "__main__":
    main()
