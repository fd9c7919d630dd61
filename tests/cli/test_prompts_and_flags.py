"""Prompts and flags say what they do.

Czech takes [A/n], --reseat needs --resume, and replay keeps the save's language.
"""

from __future__ import annotations

import pytest
from typer.testing import CliRunner

from relicbox.cli.main import app

runner = CliRunner()


@pytest.mark.parametrize("yes", ["a", "ano", "A", ""])
def test_the_czech_save_question_takes_a_czech_yes(tmp_path, monkeypatch, yes):
    monkeypatch.chdir(tmp_path)
    args = ["play", "diamant", "-s", "human,rule,rule", "--seed", "3", "--lang", "cs"]
    result = runner.invoke(app, args, input=f"q\n{yes}\nhra.json\n")
    assert "[A/n]" in result.output and "[Y/n]" not in result.output
    assert "Error" not in result.output
    assert (tmp_path / "hra.json").exists(), result.output


def test_a_czech_no_keeps_the_game_unsaved(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    args = ["play", "diamant", "-s", "human,rule,rule", "--seed", "3", "--lang", "cs"]
    result = runner.invoke(app, args, input="q\nne\n")
    assert "Hra nebyla uložena" in result.output, result.output
    assert not list(tmp_path.iterdir())


def test_reseat_without_resume_is_refused_not_ignored():
    result = runner.invoke(app, ["play", "diamant", "-s", "rule,rule,rule", "--reseat"])
    assert result.exit_code == 2
    assert "--reseat" in result.output and "--resume" in result.output


def test_replay_help_says_the_save_chooses_the_language():
    result = runner.invoke(app, ["replay", "--help"])
    assert "the save's language" in " ".join(result.output.split())
