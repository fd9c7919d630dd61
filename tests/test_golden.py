"""The golden playthroughs: any change of behaviour shows up as a diff of a transcript.

Each ``scripts/golden_<game>.py`` plays one seeded game between bots and, run
directly, rewrites ``tests/golden/<game>.txt``; review that diff after a
deliberate change.
"""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
SCRIPTS = sorted((ROOT / "scripts").glob("golden_*.py"))


def test_every_registered_game_has_a_golden_playthrough():
    import relicbox

    names = {script.stem.removeprefix("golden_") for script in SCRIPTS}
    assert names == {game.name.replace("-", "_") for game in relicbox.games()}


@pytest.mark.parametrize("script", SCRIPTS, ids=lambda path: path.stem)
def test_golden_playthrough_is_unchanged(script):
    spec = importlib.util.spec_from_file_location(script.stem, script)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    expected = module.GOLDEN.read_text(encoding="utf-8")
    assert module.golden_text() == expected, f"behaviour changed: run {script.name} and review"
