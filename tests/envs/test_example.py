"""The worked example runs end to end (a few games) and writes its plot."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

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


@pytest.mark.skipif(
    not os.environ.get("RELICBOX_SLOW_TESTS"),
    reason="loads PyTorch (about 10 s of CPU); set RELICBOX_SLOW_TESTS=1 to run it",
)
def test_maskable_ppo_example_trains_and_evaluates_where_sb3_is_installed():
    pytest.importorskip("sb3_contrib", reason="the optional training-library example needs it")
    example = EXAMPLE.with_name("pettingzoo_maskable_ppo.py")
    result = subprocess.run(
        [
            sys.executable,
            str(example),
            "--game",
            "tschak",
            "--players",
            "3",
            "--steps",
            "64",
            "--n-steps",
            "64",
            "--eval-games",
            "2",
        ],
        capture_output=True,
        text=True,
    )
    assert result.returncode == 0, result.stderr
    assert "MaskablePPO  win share" in result.stdout and "random       win share" in result.stdout
