"""A save that fails is never reported as done, and the exit code says so."""

from __future__ import annotations

import json

from typer.testing import CliRunner

import relicbox.play.match as match_module
from relicbox.cli.main import app

runner = CliRunner()


def failing_after(monkeypatch, good: int) -> None:
    """Saving works ``good`` times, then the disk is full."""
    real = match_module.save_match
    calls = []

    def save(path, match, extra=None):
        calls.append(1)
        if len(calls) > good:
            raise OSError(28, "No space left on device")
        real(path, match, extra)

    monkeypatch.setattr(match_module, "save_match", save)


def test_a_finished_game_whose_save_failed_is_not_reported_saved(tmp_path, monkeypatch):
    failing_after(monkeypatch, 3)
    save = tmp_path / "g.json"
    result = runner.invoke(
        app, ["play", "diamant", "-s", "rule,rule,rule", "--seed", "2", "--save", str(save)]
    )
    assert "could not be saved" in result.output
    assert "Game saved to" not in result.output
    assert result.exit_code == 1, result.output
    kept = json.loads(save.read_text())["record"]["events"]
    assert kept  # the last save that worked is still there


def test_a_stopped_game_whose_save_failed_is_not_reported_saved(tmp_path, monkeypatch):
    failing_after(monkeypatch, 1)
    save = tmp_path / "g.json"
    result = runner.invoke(
        app,
        ["play", "diamant", "-s", "human,rule,rule", "--seed", "3", "--save", str(save)],
        input="1\n1\nq\n",
    )
    assert "could not be saved" in result.output
    assert "Game saved to" not in result.output and "Resume with" not in result.output
    assert result.exit_code == 1, result.output


def test_q_is_a_clean_stop_and_end_of_input_an_interruption(tmp_path):
    save = tmp_path / "g.json"
    args = ["play", "diamant", "-s", "human,rule,rule", "--seed", "3", "--save", str(save)]
    stopped = runner.invoke(app, args, input="1\nq\n")
    assert stopped.exit_code == 0, stopped.output
    assert "Game saved to" in stopped.output
    cut = runner.invoke(app, [*args[:-2], "--save", str(tmp_path / "h.json")], input="1\n")
    assert cut.exit_code == 130, cut.output
