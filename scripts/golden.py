"""Regenerate the golden playthroughs in tests/golden/: one seeded bot game per registered game.

For each game it writes two files:

* ``<game>.txt``: the narrative a player reads (``relicbox replay`` prints the same);
* ``<game>.steps.txt``: one line per record event. A decision line gives the step, who acts,
  every seat's legal actions, a digest of every seat's view and of the spectator view, and
  the action taken; a chance line gives the outcome. Any change in legality, in what a seat
  may see, or in the order of play shows up on the exact step where it happens.

Run it after a deliberate change of behaviour and review the diff:

    python3 scripts/golden.py            # every game
    python3 scripts/golden.py diamant    # one game
"""

from __future__ import annotations

import hashlib
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import relicbox
from relicbox.core.conformance import canonical
from relicbox.core.game import State
from relicbox.play.transcript import bot_game, transcript

GOLDEN = Path(__file__).resolve().parent.parent / "tests" / "golden"


@dataclass(frozen=True)
class Playthrough:
    """The seeded bot game that stands for one game in the golden files."""

    game: str
    seats: str
    seed: int
    options: dict[str, Any] = field(default_factory=dict)

    @property
    def stem(self) -> str:
        return self.game.replace("-", "_")


PLAYTHROUGHS = (
    Playthrough("diamant", "rule,cautious,random,rule,random", 2016),
    Playthrough("tschak", "rule,random,rule", 2011),
    Playthrough("relic-runners", "rule,rule,rule", 2013, {"setup": "standard"}),
)


def digest(view: object) -> str:
    """A short, stable fingerprint of a JSON-ready view."""
    return hashlib.sha256(canonical(view).encode()).hexdigest()[:12]


def step_lines(final: State) -> list[str]:
    """Replay ``final``'s record event by event and describe the position before each one."""
    record = final.record
    state = relicbox.new_game(
        record["game"], record["players"], record["seed"], auto_chance=False, **record["options"]
    )
    seats = range(state.players)
    lines = [f"{record['game']} ({record['rules_version']}) seed={record['seed']}"]
    for number, event in enumerate(record["events"]):
        if "chance" in event:
            lines.append(f"{number:4d} chance {event['chance']}")
            if event["sampled"]:
                state.sample_chance()
            else:
                state.apply_chance(event["chance"])
            continue
        legal = "; ".join(
            f"{seat}:" + ",".join(a.text for a in state.legal_actions(seat))
            for seat in state.to_act
        )
        views = " ".join(digest(state.view(seat)) for seat in seats)
        lines.append(
            f"{number:4d} seat {event['seat']} plays {event['action']!r} | legal {legal} "
            f"| views {views} spectator {digest(state.view(None))}"
        )
        state.act(event["seat"], event["action"])
    lines.append(f"over={state.is_over} scores={state.scores()} winners={state.winners()}")
    return lines


def golden_files(playthrough: Playthrough) -> dict[Path, str]:
    """The golden files of one playthrough, by path, as they should read now."""
    final = bot_game(playthrough.game, playthrough.seats, playthrough.seed, **playthrough.options)
    return {
        GOLDEN / f"{playthrough.stem}.txt": transcript(final),
        GOLDEN / f"{playthrough.stem}.steps.txt": "\n".join(step_lines(final)) + "\n",
    }


def main(names: list[str]) -> None:
    chosen = [p for p in PLAYTHROUGHS if not names or p.game in names or p.stem in names]
    unknown = set(names) - {p.game for p in PLAYTHROUGHS} - {p.stem for p in PLAYTHROUGHS}
    if unknown:
        sys.exit(f"no golden playthrough for {', '.join(sorted(unknown))}")
    for playthrough in chosen:
        for path, text in golden_files(playthrough).items():
            path.write_text(text, encoding="utf-8")
            print(f"wrote {path}")


if __name__ == "__main__":
    main(sys.argv[1:])
