"""Search and simulation speed: ISMCTS iterations per second, and simulate with 1 vs 2 jobs.

For every game that can sample a state from a view, at 4 players, from the
first decision of a seeded game:

* ``ismcts``: iterations per second of a whole search (random rollouts), at the
  first decision and at the first real choice after 100 decisions of a rule-bot
  game; for Relic Runners also the guided searches tried against its rule bot
  (``GUIDED``: the rule bot as prior, paired comparison at the root, and rule
  playouts to the end of the game, of the searching seat's turn, or of 40 decisions
  judged by the game's evaluation);
* where an iteration's time goes, measured part by part: ``sample_state``
  from the view, one random playout from a sampled state, and one information
  set key (the seat's view as canonical JSON), per call;

then ``simulate`` throughput (games per second, rule bots, Diamant at 4 players)
with ``--jobs 1`` and ``--jobs 2`` in wall time (``bench_simulate.py`` gives the CPU
times behind it). Search figures count this process's CPU time, so other load on a
shared machine disturbs them little; a search rate is the best of several searches.

Usage: python3 benchmarks/bench_search.py [--seconds 3] [--games 400]
"""

from __future__ import annotations

import argparse
import random
import time

from harness import calibration

import relicbox
from relicbox.bots import make_bot
from relicbox.bots.ismcts import IsmctsAgent, _key
from relicbox.bots.specs import ISMCTS_SETTINGS
from relicbox.core.rng import Rng
from relicbox.play.simulate import make_job, run_games

PLAYERS = 4
GUIDED = {
    "relic-runners": [
        "ismcts:iters=12,rollout=rule,prior=rule,paired=1",
        "ismcts:iters=40,rollout=rule,horizon=turn,prior=rule,paired=1",
        "ismcts:iters=70,rollout=rule,horizon=40,prior=rule,paired=1,margin=2",
        "ismcts:iters=70,rollout=rule,horizon=40,prior=rule,depth=1,paired=1,margin=2,candidates=3",
    ]
}


def _first_decision(name: str) -> tuple[relicbox.State, int]:
    state = relicbox.new_game(name, PLAYERS, 3, record=False)
    return state, state.to_act[0]


def _later_decision(name: str, after: int = 100) -> tuple[relicbox.State, int]:
    """The first real choice after ``after`` decisions of a rule-bot game (or its last)."""
    state = relicbox.new_game(name, PLAYERS, 3, record=False)
    rule = make_bot("rule", state.game)
    rng = Rng(3)
    decisions = 0
    last = state.clone()
    while not state.is_over:
        seat = state.to_act[0]
        legal = state.legal_actions(seat)
        if len(legal) > 1:
            last = state.clone()
            if decisions >= after:
                break
        state.act(seat, rule.choose(state.view(seat), legal, rng) if len(legal) > 1 else legal[0])
        decisions += 1
    return last, last.to_act[0]


def search_rate(
    name: str, seconds: float, spec: str = "ismcts:iters=50", later: bool = False
) -> float:
    state, seat = _later_decision(name) if later else _first_decision(name)
    view, legal = state.view(seat), state.legal_actions(seat)
    bot = make_bot(spec, state.game)
    if not isinstance(bot, IsmctsAgent):
        raise SystemExit(f"{spec} is not an ISMCTS spec")
    if spec == "ismcts:iters=50":  # the plain search: random playouts to the end
        bot = IsmctsAgent(state.game, iters=50)
    best = 0.0
    clock = time.process_time
    deadline = clock() + seconds
    calls = 0
    while clock() < deadline or calls < 3:
        start = clock()
        bot.choose(view, legal, Rng(calls))
        best = max(best, bot.last_iterations / max(clock() - start, 1e-6))
        calls += 1
    return best


def part_rates(name: str, seconds: float) -> dict[str, float]:
    state, seat = _first_decision(name)
    game = state.game
    view = state.view(seat)
    rng = Rng(1)

    def sample(_: int, __: random.Random) -> int:
        game.sample_state(view, rng)
        return 1

    def playout(_: int, coin: random.Random) -> int:
        sampled = game.sample_state(view, rng)
        while not sampled.is_over:
            actor = sampled.to_act[0]
            legal = sampled.legal_actions(actor)
            sampled.act(actor, legal[coin.randrange(len(legal))])
        return 1

    def key(_: int, __: random.Random) -> int:
        _key(state.view(seat))
        return 1

    rates = {}
    coin = random.Random(12345)
    for label, play in (("sample_state", sample), ("sample+playout", playout), ("view key", key)):
        calls = 0
        start = time.process_time()
        while time.process_time() < start + seconds / 3 or calls < 3:
            play(calls, coin)
            calls += 1
        rates[label] = calls / (time.process_time() - start)
    return rates


def simulate_rate(jobs: int, games: int) -> float:
    """Games per second of wall clock: with --jobs the work is in worker processes."""
    job = make_job("diamant", PLAYERS, "rule,rule,cautious,random", seed=1)
    start = time.perf_counter()
    run_games(job, range(games), jobs=jobs)
    return games / (time.perf_counter() - start)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument(
        "--seconds", type=float, default=3.0, help="CPU time per measurement (default %(default)s)"
    )
    parser.add_argument(
        "--games",
        type=int,
        default=400,
        help="games of the simulation measurement (default %(default)s)",
    )
    args = parser.parse_args()
    print(calibration())
    for game in relicbox.list_games():
        if game.sampler is None or PLAYERS not in game.players:
            print(f"{game.name:>14}: no sample_state yet, no ISMCTS figure")
            continue
        rate = search_rate(game.name, args.seconds)
        later = search_rate(game.name, args.seconds, later=True)
        parts = part_rates(game.name, args.seconds)
        print(f"{game.name:>14}: ISMCTS {rate:8.0f} iterations/s (4 players, first decision)")
        print(f"{'':>16}{later:8.0f} iterations/s after 100 decisions of a rule game")
        for guided in GUIDED.get(game.name, []) if "prior" in ISMCTS_SETTINGS else []:
            first = search_rate(game.name, args.seconds, guided)
            mid = search_rate(game.name, args.seconds, guided, later=True)
            print(f"{'':>16}{guided}: {first:5.0f} / {mid:5.0f} iterations/s (first / later)")
        for label, per_second in parts.items():
            print(f"{'':>16}{label:<15} {1e6 / per_second:9.1f} us per call")
    for jobs in (1, 2):
        print(
            f"simulate diamant 4p rule bots, --jobs {jobs}: "
            f"{simulate_rate(jobs, args.games):7.1f} games/s wall clock ({args.games} games; "
            "see bench_simulate.py for CPU times)"
        )


if __name__ == "__main__":
    main()
