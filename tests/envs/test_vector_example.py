"""The REINFORCE example on the vector environment runs end to end and plots its curve."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "diamant_vector_reinforce.py"


def test_vector_reinforce_example_runs_and_writes_the_plot(tmp_path):
    plot = tmp_path / "curve.png"
    arguments = ["--envs", "64", "--updates", "2", "--steps", "16", "--eval-every", "1"]
    arguments += ["--eval-games", "400", "--final-games", "800"]
    result = subprocess.run(
        [sys.executable, str(EXAMPLE), str(plot), *arguments], capture_output=True, text=True
    )
    assert result.returncode == 0, result.stderr
    assert "final: learned pair vs two threshold:5, seat-rotated, 800 games" in result.stdout
    assert plot.read_bytes().startswith(b"\x89PNG")
