"""How strong is Relic Runners search? One ``ismcts`` bot against three ``rule`` bots.

Each deal (standard setup, default options, seed = deal number) is played once with the
search in every seat (seat-rotated), so seat advantage cancels out; the games run in a
pool of worker processes (``--jobs``, default 1: on a shared machine one worker keeps
the CPU budget fair). The search's budget should be CPU time (``clock=cpu``), which other
load on the machine does not eat.

Printed: the search's win share (shared wins split) against 1/players, what equal bots
would get, with a 95% Wilson interval over games and a 95% interval clustered by deal
(the rule bots play the same in a deal's rotations, so games of one deal are not
independent); its score minus the mean of the rule bots at its table; and the search's
mean iterations per decision it searched. Figures are printed every ``--every`` games
and at the end (also after Ctrl-C or SIGTERM).

Usage: nice -n 15 python3 scripts/relic_runners_search_strength.py --games 64 \\
    --search ismcts:ms=200,clock=cpu [--jobs 1] [--first-deal 0] [--out games.csv]
    [--add earlier.csv ...]  (``--add`` counts an earlier run's games in the figures)
"""

from __future__ import annotations

import argparse
import csv
import math
import multiprocessing
import signal
import statistics
import sys
import time
from typing import NamedTuple

import relicbox
from relicbox.bots import make_bot
from relicbox.bots.ismcts import IsmctsAgent
from relicbox.core.rng import Rng

PLAYERS = 4


class Result(NamedTuple):
    deal: int
    seat: int
    share: float
    margin: float
    searched: int
    iterations: int
    seconds: float


def play(job: tuple[int, int, str, str]) -> Result:
    deal, seat_of_search, search, rule = job
    begun = time.process_time()
    state = relicbox.new_game("relic-runners", PLAYERS, deal, record=False, setup="standard")
    bots = [make_bot(search if s == seat_of_search else rule, state.game) for s in range(PLAYERS)]
    rngs = [Rng(deal * 1_000_003 + s) for s in range(PLAYERS)]
    searched = iterations = 0
    while not state.is_over:
        seat = state.to_act[0]
        legal = state.legal_actions(seat)
        bot = bots[seat]
        action = bot.choose(state.view(seat), legal, rngs[seat])
        if isinstance(bot, IsmctsAgent) and len(legal) > 1:
            searched += 1
            iterations += bot.last_iterations
        state.act(seat, action)
    scores = state.scores()
    winners = state.winners()
    share = 1.0 / len(winners) if seat_of_search in winners else 0.0
    others = [score for s, score in enumerate(scores) if s != seat_of_search]
    margin = scores[seat_of_search] - sum(others) / len(others)
    spent = time.process_time() - begun
    return Result(deal, seat_of_search, share, margin, searched, iterations, spent)


def read_rows(path: str) -> list[Result]:
    """Games written by an earlier run's ``--out``."""
    with open(path, newline="") as handle:
        return [
            Result(int(d), int(s), float(w), float(m), int(n), int(i), float(t))
            for d, s, w, m, n, i, t in csv.reader(handle)
        ]


def wilson(successes: float, n: int, z: float = 1.96) -> tuple[float, float]:
    p = successes / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return centre - half, centre + half


def clustered(rows: list[Result], z: float = 1.96) -> tuple[float, float]:
    """A 95% interval of the mean win share with the deals as clusters (sandwich variance)."""
    mean = sum(r.share for r in rows) / len(rows)
    by_deal: dict[int, float] = {}
    for r in rows:
        by_deal[r.deal] = by_deal.get(r.deal, 0.0) + r.share - mean
    clusters = len(by_deal)
    if clusters < 2:
        return 0.0, 1.0
    variance = sum(s * s for s in by_deal.values()) / len(rows) ** 2 * clusters / (clusters - 1)
    half = z * math.sqrt(variance)
    return max(0.0, mean - half), min(1.0, mean + half)


def report(rows: list[Result], search: str) -> None:
    if len(rows) < 2:
        return
    wins = sum(r.share for r in rows)
    low, high = wilson(wins, len(rows))
    c_low, c_high = clustered(rows)
    margins = [r.margin for r in rows]
    spread = 1.96 * statistics.stdev(margins) / math.sqrt(len(margins))
    searched = sum(r.searched for r in rows)
    per_decision = sum(r.iterations for r in rows) / max(searched, 1)
    print(
        f"{search} vs rule x{PLAYERS - 1}: wins {wins:.1f} of {len(rows)} games "
        f"({len({r.deal for r in rows})} deals) = {wins / len(rows):.3f}; "
        f"95% Wilson [{low:.3f}, {high:.3f}], clustered by deal [{c_low:.3f}, {c_high:.3f}] "
        f"(equal bots {1 / PLAYERS:.3f}); score minus the rule bots' mean "
        f"{statistics.mean(margins):+.1f} ± {spread:.1f} VP; "
        f"{per_decision:.1f} iterations a searched decision ({searched} decisions); "
        f"{statistics.mean(r.seconds for r in rows):.0f} s CPU a game",
        flush=True,
    )


def _interrupt(signum: int, frame: object) -> None:
    raise KeyboardInterrupt


def _worker_signals() -> None:
    """Workers leave Ctrl-C to the parent, which stops the pool and reports."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)


def main() -> None:
    signal.signal(signal.SIGTERM, _interrupt)
    signal.signal(signal.SIGINT, _interrupt)
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=64, help="games (deals x 4 seats)")
    parser.add_argument(
        "--search",
        default="ismcts:ms=200,clock=cpu",
        help="the search bot measured (default %(default)s)",
    )
    parser.add_argument(
        "--rule", default="rule", help="the bot in the other seats (default %(default)s)"
    )
    parser.add_argument(
        "--jobs",
        type=int,
        default=1,
        help="games played at once, one process each (default %(default)s)",
    )
    parser.add_argument("--every", type=int, default=8, help="print figures this often")
    parser.add_argument(
        "--first-deal", type=int, default=0, help="seed of the first deal (default %(default)s)"
    )
    parser.add_argument("--out", help="also write each game's figures to this CSV file")
    parser.add_argument(
        "--add", nargs="*", default=[], help="CSV files of earlier runs to count in"
    )
    args = parser.parse_args()
    jobs = [
        (args.first_deal + number // PLAYERS, number % PLAYERS, args.search, args.rule)
        for number in range(args.games)
    ]
    rows: list[Result] = [row for path in args.add for row in read_rows(path)]
    out = open(args.out, "a", newline="") if args.out else None  # noqa: SIM115
    begun = time.time()
    pool = multiprocessing.Pool(args.jobs, initializer=_worker_signals)
    try:
        for result in pool.imap(play, jobs):
            rows.append(result)
            if out is not None:
                csv.writer(out).writerow(result)
                out.flush()
            if len(rows) % args.every == 0:
                print(f"-- {len(rows)} games, {time.time() - begun:.0f} s wall", flush=True)
                report(rows, args.search)
    except KeyboardInterrupt:  # an interrupted run still reports the games it finished
        print("interrupted", file=sys.stderr)
        pool.terminate()
    else:
        pool.close()
    pool.join()
    if out is not None:
        out.close()
    print(f"== {len(rows)} games, {time.time() - begun:.0f} s wall")
    report(rows, args.search)


if __name__ == "__main__":
    main()
