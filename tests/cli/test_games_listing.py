"""``relicbox games`` fits 80 columns and shows options as they are typed."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest


def listing(lang: str) -> list[str]:
    env = {**os.environ, "COLUMNS": "80", "LINES": "24", "TERM": "dumb"}
    done = subprocess.run(
        [sys.executable, "-m", "relicbox.cli.main", "games", "--lang", lang],
        capture_output=True,
        text=True,
        env=env,
    )
    assert done.returncode == 0, done.stderr
    return done.stdout.splitlines()


@pytest.mark.parametrize("lang", ["en", "cs"])
def test_games_fits_80_columns_and_a_screen_and_a_half(lang):
    lines = listing(lang)
    assert max(len(line) for line in lines) <= 80
    assert len(lines) <= 30, len(lines)
    text = "\n".join(lines)
    assert "…" not in text and "rand…" not in text
    for typed in ("--no-progress-rounds N", "--abilities false|true", "--variant base|relics"):
        assert typed in text, typed
    assert "False|True" not in text and "no_progress_rounds" not in text
    assert "threshold:N" in text
    assert ("výchozí" in text) == (lang == "cs") and ("default" in text) == (lang == "en")
