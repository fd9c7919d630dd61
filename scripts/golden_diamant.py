"""Regenerate tests/golden/diamant.txt, the transcript of one seeded game between bots.

Run it after a deliberate change of behaviour and review the diff.
"""

from __future__ import annotations

from pathlib import Path

from relicbox.play.transcript import bot_game, transcript

GOLDEN = Path(__file__).resolve().parent.parent / "tests" / "golden" / "diamant.txt"
SEATS = "rule,cautious,random,rule,random"
SEED = 2016


def golden_text() -> str:
    return transcript(bot_game("diamant", SEATS, SEED))


if __name__ == "__main__":
    GOLDEN.write_text(golden_text(), encoding="utf-8")
    print(f"wrote {GOLDEN}")
