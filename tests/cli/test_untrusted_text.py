"""Text from a file reaches the terminal as text: a save's seat labels never clear the screen,
set the window's title, ring the bell, crash the printer or take minutes to lay out."""

from __future__ import annotations

import json
import re
import unicodedata
from collections.abc import Callable
from pathlib import Path

import pytest
from typer.testing import CliRunner

from relicbox.bots import SeatLabel
from relicbox.cli import analysis, server_commands
from relicbox.cli import main as cli
from relicbox.cli.common import SHOWN_LIMIT, seat_label, shown
from relicbox.cli.main import app

runner = CliRunner()

HOSTILE = [
    "bot:\x1b[2J\x1b[H\x1b]0;PWNED\x07cleared",  # clear the screen, set the title
    "bot:\x07\x07bell\x1b[2K\x9b1Kerased",  # bells, erase the line (ESC [ and C1 CSI)
    "bot:[bold red]red[/] \\[b] [/]",  # markup, an escaped tag, a tag that closes nothing
]


def _finished_save(tmp_path: Path, seats: list[str], **extra: object) -> Path:
    """A finished Diamant game whose seating someone else wrote."""
    save = tmp_path / "game.json"
    command = ["play", "diamant", "-s", "rule,rule,rule", "--seed", "2", "--save", str(save)]
    played = runner.invoke(app, command)
    assert played.exit_code == 0, played.output
    data = json.loads(save.read_text())
    data.update(seats=seats, **extra)
    save.write_text(json.dumps(data))  # ensure_ascii: a lone surrogate is valid JSON text
    return save


def _unprintable(text: str) -> list[str]:
    """Every character of ``text`` a terminal would obey or could not write, but newlines."""
    return [c for c in text if c != "\n" and unicodedata.category(c)[0] == "C"]


def test_replay_shows_hostile_seat_labels_as_plain_text(tmp_path: Path) -> None:
    before = [HOSTILE[0], "bot:\x1b]2;TITLE\x1b\\\x07old", HOSTILE[2]]
    earlier = [{"events": 3, "seats": before}]  # seat 2 was played by another bot until then
    save = _finished_save(tmp_path, HOSTILE, earlier_seats=earlier)
    result = runner.invoke(app, ["replay", str(save), "--events"])
    assert result.exit_code == 0, result.output
    assert _unprintable(result.output) == []
    text = " ".join(result.output.split())
    assert "Player 1 (bot:[2J[H]0;PWNEDcleared)" in text
    assert "Player 2 (bot:]2;TITLE\\old until event 3, then bot:bell[2K1Kerased)" in text
    assert "Player 3 (bot:[bold red]red[/] \\[b] [/])" in text  # as written, not as styles
    assert "Winners: Player 1 (bot:[2J[H]0;PWNEDcleared)" in text  # the end screen too


def test_replay_of_a_lone_surrogate_label_shows_a_replacement_character(tmp_path: Path) -> None:
    save = _finished_save(tmp_path, ["bot:\ud800", "rule", "rule"])
    assert "\\ud800" in save.read_text()
    result = runner.invoke(app, ["replay", str(save), "--events"])
    assert result.exit_code == 0, result.output
    assert "Player 1 (bot:\ufffd)" in result.output
    assert _unprintable(result.output) == []


def test_replay_of_a_ten_megabyte_label_clips_it(tmp_path: Path) -> None:
    huge = "bot:" + "A" * 10_000_000
    # first the label alone: printed whole, it would keep the replay below busy for minutes
    assert len(seat_label(0, [SeatLabel(huge)], "en")) < 2 * SHOWN_LIMIT
    save = _finished_save(tmp_path, [huge, "rule", "rule"])
    result = runner.invoke(app, ["replay", str(save), "--events"])
    assert result.exit_code == 0, result.output
    runs = re.findall(r"A+", result.output.replace("\n", ""))
    assert runs and max(len(run) for run in runs) < SHOWN_LIMIT
    assert "A…)" in result.output.replace("\n", "")


def test_replay_names_an_unfinished_games_file_as_plain_text(tmp_path: Path) -> None:
    played = tmp_path / "game.json"
    command = ["play", "diamant", "-s", "human,rule,rule", "--seed", "3", "--save", str(played)]
    runner.invoke(app, command, input="1\n")  # one decision, then the input ends: saved
    save = played.rename(tmp_path / "game\x1b[2J\x07[bold].json")  # a name someone else chose
    result = runner.invoke(app, ["replay", str(save)])
    assert result.exit_code == 0, result.output
    assert _unprintable(result.output) == []
    assert "--resume " + str(tmp_path / "game[2J[bold].json") in result.output.replace("\n", "")


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("plain words", "plain words"),
        ("\x1b[2Jclear", "[2Jclear"),
        ("bell\x07 and \x9b31m C1", "bell and 31m C1"),
        ("tab\tnew\nline\u2028sep\u00a0nbsp", "tab new line sep nbsp"),
        ("bidi \u202eevil\u200b", "bidi evil"),
        ("lone \ud800 surrogate", "lone \ufffd surrogate"),
        ("Hráč 2 — 🂡", "Hráč 2 — 🂡"),
    ],
)
def test_shown_keeps_only_what_prints(text: str, expected: str) -> None:
    assert shown(text, markup=False) == expected


def test_shown_escapes_markup_only_when_asked() -> None:
    assert shown("[bold]x[/]") == "\\[bold]x\\[/]"
    assert shown("[bold]x[/]", markup=False) == "[bold]x[/]"


def test_shown_clips_long_text_with_an_ellipsis() -> None:
    assert shown("x" * 10, limit=10) == "x" * 10
    assert shown("x" * 11, limit=10) == "x" * 9 + "…"
    assert shown("x" * 5 + "\x1b" * 5, limit=10) == "x" * 5  # what is dropped is not counted
    assert shown("\x1b" * 10_000_000, limit=10) == "…"  # looked at no further than needed
    assert shown("y" + "\x07" * 10_000_000 + "z", limit=10) == "y…"


@pytest.mark.parametrize(
    ("fail", "stream"),
    [
        (lambda message: cli._fail("en", message), "out"),
        (lambda message: analysis._fail("en", message), "err"),
        (server_commands._print_error, "err"),
    ],
    ids=["main", "analysis", "server"],
)
def test_error_lines_quoting_a_file_print_no_control_characters(
    fail: Callable[[str], object], stream: str, capsys: pytest.CaptureFixture[str]
) -> None:
    fail("cannot use 'seat \x1b[2J\x1b]0;title\x07 \ud800 [/]': unknown")
    printed = getattr(capsys.readouterr(), stream)
    assert _unprintable(printed) == []
    assert "seat [2J]0;title \ufffd [/]': unknown" in printed
