"""A long fuzz campaign over every game: mutated states, records and odd acts.

Usage: ``PYTHONPATH=src:tests nice -n 10 python3 scripts/fuzz_campaign.py SECONDS [SEED [GAME]]``.
Prints what it tried and every failure (an exception other than RelicboxError, a game
that does not finish, a broken round trip), with the input that caused it.
"""

from __future__ import annotations

import json
import random
import sys
import time
import traceback
from collections import Counter

import relicbox
from support import fuzz


def main() -> None:
    seconds = float(sys.argv[1]) if len(sys.argv) > 1 else 60.0
    seed = int(sys.argv[2]) if len(sys.argv) > 2 else 1
    rng = random.Random(seed)
    tried: Counter[str] = Counter()
    failures: Counter[str] = Counter()
    shown: set[str] = set()
    deadline = time.monotonic() + seconds
    games = [relicbox.get_game(sys.argv[3])] if len(sys.argv) > 3 else relicbox.games()

    # Most cases use options that keep games short (Relic Runners' turn cap), so a
    # campaign tries many cases; some use full-length games.
    def options(game: relicbox.Game, rng: random.Random) -> dict[str, object]:
        return fuzz.short_options(game) if rng.random() < 0.8 else {}

    pools = {game.name: fuzz.snapshots(game, seed, **options(game, rng)) for game in games}
    while time.monotonic() < deadline:
        game = rng.choice(games)
        kind = rng.choice(("state", "record", "acts"))
        case = rng.randrange(1 << 30)
        case_rng = random.Random(case)
        try:
            if kind == "state":
                if case_rng.random() < 0.03:
                    pools[game.name] = fuzz.snapshots(game, case, **options(game, case_rng))
                base = case_rng.choice(pools[game.name])
                data = fuzz.mutate(base, case_rng, case_rng.choice((1, 1, 1, 2, 3)))
                outcome = fuzz.check_state(data, case_rng)
            elif kind == "record":
                record = fuzz.recorded(game, case, **options(game, case_rng))
                data = fuzz.mutate(record, case_rng, case_rng.choice((0, 1, 1, 2)))
                outcome = fuzz.check_record(data, case_rng)
            else:
                state = relicbox.state_from_dict(case_rng.choice(pools[game.name]))
                fuzz.check_odd_acts(state, case_rng)
                outcome = "checked"
            tried[f"{game.name} {kind} {outcome}"] += 1
        except Exception as error:  # the campaign reports every failure
            where = traceback.extract_tb(error.__traceback__)[-1]
            key = (
                f"{type(error).__name__} at {where.filename.split('relicbox/')[-1]}:{where.lineno}"
            )
            failures[f"{game.name} {kind}: {key}"] += 1
            if key not in shown:
                shown.add(key)
                print(f"FAIL {game.name} {kind} case {case}: {key}: {str(error)[:300]}")
    print(json.dumps({"tried": dict(sorted(tried.items())), "failures": dict(failures)}, indent=1))


if __name__ == "__main__":
    main()
