"""The golden playthrough: any change of behaviour shows up as a diff of this transcript."""

from __future__ import annotations

import importlib.util
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_golden_playthrough_is_unchanged():
    spec = importlib.util.spec_from_file_location(
        "golden_relic_runners", ROOT / "scripts" / "golden_relic_runners.py"
    )
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    expected = (ROOT / "tests" / "golden" / "relic_runners.txt").read_text(encoding="utf-8")
    assert module.golden_text() == expected, (
        "behaviour changed: run scripts/golden_relic_runners.py and review"
    )
