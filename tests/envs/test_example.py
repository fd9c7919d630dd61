"""The worked example runs end to end (a few games) and writes its plot."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "diamant_policy_gradient.py"


def test_policy_gradient_example_runs_and_writes_the_plot(tmp_path):
    plot = tmp_path / "curve.png"
    result = subprocess.run(
        [
            sys.executable,
            str(EXAMPLE),
            str(plot),
            "--episodes",
            "20",
            "--eval-every",
            "10",
            "--eval-games",
            "5",
            "--final-games",
            "10",
        ],
        capture_output=True,
        text=True,
    )
    assert result.returncode == 0, result.stderr
    assert "random policy:" in result.stdout
    assert plot.read_bytes().startswith(b"\x89PNG")
