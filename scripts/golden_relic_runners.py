"""Regenerate tests/golden/relic_runners.txt, the transcript of one seeded Relic Runners game.

Three rule-based bots play a standard set-up. Run it after a deliberate change of
behaviour and review the diff.
"""

from __future__ import annotations

from pathlib import Path

from relicbox.play.transcript import bot_game, transcript

GOLDEN = Path(__file__).resolve().parent.parent / "tests" / "golden" / "relic_runners.txt"
SEATS = "rule,rule,rule"
SEED = 2013


def golden_text() -> str:
    return transcript(bot_game("relic-runners", SEATS, SEED, setup="standard"))


if __name__ == "__main__":
    GOLDEN.write_text(golden_text(), encoding="utf-8")
    print(f"wrote {GOLDEN}")
