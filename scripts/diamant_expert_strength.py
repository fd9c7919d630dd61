"""How strong is the Diamant ``expert`` bot? Balanced blocs and mixed fields, 3-8 players.

Lone-against-copies says nothing in Diamant (copies of one bot leave together and split
the path, so any lone bot beats them), so two measurements that mean something:

* **Blocs**: half the seats ``expert``, half T*, the best fixed pocket threshold for the
  table size (``threshold:9, 6, 5, 4, 3, 2`` for 3-8 players), the same seating as
  ``relicbox tournament --pairing blocs``: every deal is played in every rotation of the
  seats, and with an odd table the deals alternate the two splits. The figure is the
  expert bloc's share of the wins (shared wins split), fair share 1/2.
* **Mixed fields**: one ``expert`` among ``players - 1`` bots drawn (seeded, with
  repeats) from rule, cautious, T*, T*-1 and T*+1; fair share 1/players.

The 95% intervals are clustered by deal: with deterministic bots the rotations of a deal
replay one game, so a deal, not a game, is the independent unit.

``--cpu-games N`` also prints each bloc's CPU time per decision, measured over N games of
the same bloc seating, so a comparison with a search (``--against ismcts:iters=100``) says
how much more time the search was given: the expert decides in tens of microseconds, while
one ``ismcts`` iteration alone costs hundreds.

Usage: nice -n 15 python3 scripts/diamant_expert_strength.py [--deals 400] [--players 3 4]
       [--bot expert] [--against T*|rule|...] [--mixed-deals 200] [--seed 1] [--cpu-games 8]
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Sequence
from typing import Any

from relicbox.bots import make_bot
from relicbox.core.actions import Action
from relicbox.core.agents import Agent
from relicbox.core.registry import get_game
from relicbox.core.rng import Rng
from relicbox.play.drive import Driver
from relicbox.play.simulate import GameResult, Job, run_games
from relicbox.play.stats import clustered_wilson
from relicbox.play.tournament import bloc_tables

BEST_THRESHOLD = {3: 9, 4: 6, 5: 5, 6: 4, 7: 3, 8: 2}
"""T*: the best fixed pocket threshold for 3-8 players."""


def share_of(results: list[GameResult], players: int) -> tuple[float, float, float, int]:
    """Entry 0's share of the wins per game, its 95% interval clustered by deal, games."""
    shares = [sum(r.returns[s] for s, entry in enumerate(r.seating) if entry == 0) for r in results]
    deals = [r.index // players for r in results]
    low, high = clustered_wilson(shares, deals)
    return sum(shares) / len(shares), low, high, len(results)


def blocs(bot: str, against: str, players: int, deals: int, seed: int) -> str:
    tables = bloc_tables(players)
    job = Job("diamant", players, (bot, against), (), seed, tables)
    results = run_games(job, range(deals * players))
    share, low, high, games = share_of(results, players)
    verdict = "better" if low > 0.5 else "worse" if high < 0.5 else "not separated"
    return (
        f"| {players} | {bot} vs {against} | {share:.3f} [{low:.3f}, {high:.3f}] | 0.500 | "
        f"{verdict} | {games} games, {games // players} deals |"
    )


class Timed:
    """An agent that adds up the CPU time of its decisions (this thread's, not wall time)."""

    def __init__(self, agent: Agent) -> None:
        self.agent = agent
        self.name = agent.name
        self.seconds = 0.0
        self.decisions = 0

    def choose(self, view: dict[str, Any], legal: Sequence[Action], rng: Rng) -> Action:
        started = time.thread_time()
        action = self.agent.choose(view, legal, rng)
        self.seconds += time.thread_time() - started
        self.decisions += 1
        return action


def cpu_per_decision(bot: str, against: str, players: int, games: int, seed: int) -> str:
    """Each bloc's mean CPU time per decision it was asked, over ``games`` bloc games."""
    game = get_game("diamant")
    timed = (Timed(make_bot(bot, game)), Timed(make_bot(against, game)))
    tables = bloc_tables(players)
    for index in range(games):
        seats = tables[index % len(tables)]
        state = game.new_state(players, seed + index, record=False, auto_chance=False)
        agents = {seat: timed[entry] for seat, entry in enumerate(seats)}
        Driver(state, agents, ask_forced=False).play()
    each = [f"{side.name} {side.seconds / max(1, side.decisions) * 1e6:,.0f} us" for side in timed]
    return f"<!-- {players} players, CPU per decision ({games} games): {'; '.join(each)} -->"


def mixed(bot: str, players: int, deals: int, seed: int) -> str:
    best = BEST_THRESHOLD[players]
    thresholds = (f"threshold:{best}", f"threshold:{best - 1}", f"threshold:{best + 1}")
    pool = (bot, "rule", "cautious", *thresholds)
    draw = Rng(seed * 7919 + players)
    tables = tuple(
        (0, *(1 + draw.below(len(pool) - 1) for _ in range(players - 1))) for _ in range(deals)
    )
    job = Job("diamant", players, pool, (), seed, tables)
    results = run_games(job, range(deals * players))
    share, low, high, games = share_of(results, players)
    fair = 1 / players
    verdict = "better" if low > fair else "worse" if high < fair else "not separated"
    return (
        f"| {players} | one {bot} in a mixed field | {share:.3f} [{low:.3f}, {high:.3f}] | "
        f"{fair:.3f} | {verdict} | {games} games, {deals} deals |"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=400, help="bloc deals per player count")
    parser.add_argument("--mixed-deals", type=int, default=200, help="mixed-field deals")
    parser.add_argument(
        "--players",
        type=int,
        nargs="+",
        default=[3, 4, 5, 6, 7, 8],
        help="player counts to measure (default %(default)s)",
    )
    parser.add_argument("--bot", default="expert", help="the bot measured (default %(default)s)")
    parser.add_argument("--against", default="T*", help="the other bloc (T* = best threshold)")
    parser.add_argument("--seed", type=int, default=1, help="first seed (default %(default)s)")
    parser.add_argument(
        "--cpu-games",
        type=int,
        default=0,
        help="also time each bloc's decisions over this many games (default 0: not timed)",
    )
    args = parser.parse_args()
    print("| players | table | share of wins [95% CI by deal] | fair | verdict | games |")
    print("|---|---|---|---|---|---|")
    for players in args.players:
        started = time.process_time()
        against = args.against
        if against == "T*":
            against = f"threshold:{BEST_THRESHOLD[players]}"
        print(blocs(args.bot, against, players, args.deals, args.seed), flush=True)
        if args.cpu_games:
            timing = cpu_per_decision(args.bot, against, players, args.cpu_games, args.seed)
            print(timing, flush=True)
        if args.mixed_deals:
            print(mixed(args.bot, players, args.mixed_deals, args.seed), flush=True)
        print(f"<!-- {players} players: {time.process_time() - started:.0f} s CPU -->", flush=True)


if __name__ == "__main__":
    main()
