"""The golden playthroughs: any change of behaviour shows up as a diff of a transcript.

``scripts/golden.py`` plays one seeded bot game per registered game and, run directly,
rewrites ``tests/golden/<game>.txt`` (the narrative) and ``<game>.steps.txt`` (per event:
who acts, the legal actions, a digest of every seat's view and the spectator's). Review
that diff after a deliberate change.
"""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

import pytest

import relicbox

SCRIPT = Path(__file__).resolve().parents[1] / "scripts" / "golden.py"


def _load_script() -> ModuleType:
    spec = importlib.util.spec_from_file_location("relicbox_golden_script", SCRIPT)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up there
    spec.loader.exec_module(module)
    return module


golden = _load_script()


def test_every_registered_game_has_a_golden_playthrough():
    assert {p.game for p in golden.PLAYTHROUGHS} == {game.name for game in relicbox.list_games()}


@pytest.mark.parametrize("playthrough", golden.PLAYTHROUGHS, ids=lambda p: p.game)
def test_golden_playthrough_is_unchanged(playthrough):
    for path, text in golden.golden_files(playthrough).items():
        expected = path.read_text(encoding="utf-8")
        assert text == expected, f"behaviour changed in {path.name}: run scripts/golden.py"


def test_the_step_file_pins_what_each_seat_may_see(monkeypatch):
    """A change in what one seat may see changes that seat's digest on every decision line."""
    playthrough = golden.PLAYTHROUGHS[0]
    final = relicbox.play.transcript.bot_game(
        playthrough.game, playthrough.seats, playthrough.seed, **playthrough.options
    )
    before = golden.step_lines(final)
    state_class = final.game.state_class
    true_view = state_class.view

    def leaky_view(self, seat):
        view = true_view(self, seat)
        if seat == 2:
            view = {**view, "leak": self.scores()}
        return view

    monkeypatch.setattr(state_class, "view", leaky_view)
    after = golden.step_lines(final)
    decisions = [(old, new) for old, new in zip(before, after, strict=True) if " plays " in old]
    assert decisions
    for old, new in decisions:
        old_digests = old.split("| views ")[1].split()
        new_digests = new.split("| views ")[1].split()
        assert len(old_digests) == final.players + 2  # every seat, then "spectator" and its own
        changed = [
            i for i, (a, b) in enumerate(zip(old_digests, new_digests, strict=True)) if a != b
        ]
        assert changed == [2]
