"""The golden playthrough: any change of behaviour shows up as a diff of this transcript."""

from __future__ import annotations

import importlib.util
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_golden_playthrough_is_unchanged():
    spec = importlib.util.spec_from_file_location(
        "golden_diamant", ROOT / "scripts" / "golden_diamant.py"
    )
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    expected = (ROOT / "tests" / "golden" / "diamant.txt").read_text(encoding="utf-8")
    assert module.golden_text() == expected, (
        "behaviour changed: run scripts/golden_diamant.py and review"
    )
