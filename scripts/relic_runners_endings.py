"""Do all-``rule`` Relic Runners games end? Plays many seeded games and counts how.

Each game: 2-5 players and a setup (first, standard, random) in turn, seed = game
number, every seat the ``rule`` bot, the default options (so the no-progress backstop
is on) and no turn cap. Prints how many games ended normally (the relic count's final
round), by the stall rule, by the no-progress backstop, and the turn counts.

Usage: nice -n 15 python3 scripts/relic_runners_endings.py [--games 10000] [--bot rule]
Slow (about a quarter of a second a game on one core); run it in the background.
"""

from __future__ import annotations

import argparse
import signal
import statistics
import sys
import time
from collections import Counter

import relicbox
from relicbox.bots import make_bot
from relicbox.core.rng import Rng

SETUPS = ("first", "standard", "random")


def play(players: int, setup: str, seed: int, bot: str) -> tuple[str, int]:
    state = relicbox.new_game("relic-runners", players, seed, record=False, setup=setup)
    bots = [make_bot(bot, state.game) for _ in range(players)]
    rngs = [Rng(seed * 1_000_003 + seat) for seat in range(players)]
    while not state.is_over:
        seat = state.to_act[0]
        action = bots[seat].choose(state.view(seat), state.legal_actions(seat), rngs[seat])
        state.act(seat, action)
    view = state.view(None)
    kinds = {event["type"] for event in view["history"]}
    if "no-progress" in kinds:
        how = "no-progress"
    elif "stall" in kinds:
        how = "stall"
    elif view["final_seat"] is not None:
        how = "relics"
    else:
        how = "other"
    return how, int(view["turn"])


def _interrupt(signum: int, frame: object) -> None:
    raise KeyboardInterrupt


def main() -> None:
    # SIGTERM (and SIGINT, even when a background shell ignores it) stops the run with
    # the figures of the games already played.
    signal.signal(signal.SIGTERM, _interrupt)
    signal.signal(signal.SIGINT, _interrupt)
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--games", type=int, default=10_000, help="games played (default %(default)s)"
    )
    parser.add_argument("--bot", default="rule", help="bot in every seat (default %(default)s)")
    parser.add_argument(
        "--first-seed", type=int, default=0, help="seed of the first game (default %(default)s)"
    )
    args = parser.parse_args()
    ends: Counter[tuple[int, str]] = Counter()
    turns: dict[int, list[int]] = {n: [] for n in range(2, 6)}
    odd: list[str] = []
    begun = time.time()
    try:
        for number in range(args.games):
            seed = args.first_seed + number
            players = 2 + number % 4
            setup = SETUPS[number // 4 % 3]
            how, count = play(players, setup, seed, args.bot)
            ends[(players, how)] += 1
            turns[players].append(count)
            if how != "relics":
                odd.append(f"{how}: players={players} setup={setup} seed={seed} turns={count}")
            if (number + 1) % 500 == 0:
                elapsed = time.time() - begun
                print(f"... {number + 1} games, {elapsed:.0f} s", file=sys.stderr, flush=True)
    except KeyboardInterrupt:  # an interrupted run still reports the games it finished
        print("interrupted", file=sys.stderr)
    total = sum(ends.values())
    last = args.first_seed + total - 1
    elapsed = time.time() - begun
    print(f"{total} all-{args.bot} games, seeds {args.first_seed}..{last}, {elapsed:.0f} s")
    for how in ("relics", "stall", "no-progress", "other"):
        count = sum(v for (_, h), v in ends.items() if h == how)
        print(f"  ended by {how:12} {count:6d}")
    print("turns per game (players: min / median / mean / p99 / max)")
    for players, counts in turns.items():
        if counts:
            ordered = sorted(counts)
            p99 = ordered[min(len(ordered) - 1, int(0.99 * len(ordered)))]
            print(
                f"  {players}: {ordered[0]} / {statistics.median(ordered):.0f} / "
                f"{statistics.mean(ordered):.1f} / {p99} / {ordered[-1]}   "
                f"({len(ordered)} games, "
                + ", ".join(f"{h} {ends[(players, h)]}" for h in ("relics", "stall", "no-progress"))
                + ")"
            )
    for line in odd:
        print("  " + line)


if __name__ == "__main__":
    main()
