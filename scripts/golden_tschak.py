"""Regenerate tests/golden/tschak.txt, the transcript of one seeded Tschak! game between bots.

Run it after a deliberate change of behaviour and review the diff.
"""

from __future__ import annotations

from pathlib import Path

from relicbox.play.transcript import bot_game, transcript

GOLDEN = Path(__file__).resolve().parent.parent / "tests" / "golden" / "tschak.txt"
SEATS = "rule,random,rule"
SEED = 2011


def golden_text() -> str:
    return transcript(bot_game("tschak", SEATS, SEED))


if __name__ == "__main__":
    GOLDEN.write_text(golden_text(), encoding="utf-8")
    print(f"wrote {GOLDEN}")
