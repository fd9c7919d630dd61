"""Whole games played in a real terminal (tmux), checking every screen for clipping.

At each of the human's decisions the test reads the save file the game writes after every
decision, and checks that the screen shows the board, the seat's own panel, the newest
event of the log and every option. Slow: a whole game takes a minute or more.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import time
import uuid
from pathlib import Path

import pytest
from rich.text import Text

import relicbox
from relicbox.cli.common import shown_action, t, transcript_lines
from relicbox.cli.tui import BOARD_COLUMNS, WIDE
from relicbox.play.match import parse_seats

pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(shutil.which("tmux") is None, reason="tmux is not installed"),
]

LIMIT = 600.0


def flat(text: str) -> str:
    return " ".join(Text.from_markup(text).plain.split())


class Terminal:
    """One tmux session of a given size running one command."""

    def __init__(self, command: list[str], width: int, height: int) -> None:
        self.name = f"relicbox-{uuid.uuid4().hex[:8]}"
        self.width = width
        env = {**os.environ, "TERM": "xterm-256color", "COLUMNS": "", "LINES": ""}
        size = ["-x", str(width), "-y", str(height)]
        subprocess.run(
            ["tmux", "new-session", "-d", "-s", self.name, *size, " ".join(command)],
            check=True,
            env=env,
        )
        subprocess.run(["tmux", "set-option", "-t", self.name, "remain-on-exit", "on"])

    def screen(self) -> list[str]:
        out = subprocess.run(
            ["tmux", "capture-pane", "-p", "-t", self.name], capture_output=True, text=True
        )
        return out.stdout.splitlines()

    def dead(self) -> bool:
        out = subprocess.run(
            ["tmux", "display-message", "-p", "-t", self.name, "#{pane_dead}"],
            capture_output=True,
            text=True,
        )
        return out.stdout.strip() in ("1", "")

    def keys(self, *keys: str) -> None:
        subprocess.run(["tmux", "send-keys", "-t", self.name, *keys], check=True)

    def close(self) -> None:
        subprocess.run(["tmux", "kill-session", "-t", self.name], capture_output=True)


def side(terminal: Terminal, rows: list[str]) -> str:
    """The text of the column with the seat's panel, the log and the options, flattened."""
    if terminal.width >= WIDE:
        rows = [row[BOARD_COLUMNS + 1 :] for row in rows]
    return " ".join(" ".join(rows).split())


def check_screen(terminal: Terminal, rows: list[str], save: Path, start, lang: str) -> None:
    """Check one decision screen against the position in the save (``start`` before one)."""
    if save.exists():
        saved = json.loads(save.read_text())
        state = relicbox.replay(saved["record"])
        seats = parse_seats(",".join(saved["seats"]), state.game)
    else:
        state, seats = start()
    game = state.game.name
    wide = terminal.width >= WIDE
    board_rows = [row[:BOARD_COLUMNS] for row in rows] if wide else rows
    whole = " ".join(" ".join(board_rows).split())
    column = side(terminal, rows)
    newest = transcript_lines(state, seats, lang)[-1]
    assert flat(newest) in column, f"newest event clipped: {newest!r}\n" + "\n".join(rows)
    text = state.game.text
    own = (
        text.own_panel(state.view(0), lang, width=terminal.width - BOARD_COLUMNS - 3)
        if wide
        else text.own_panel(state.view(0), lang)
    )
    assert flat(own) in column, "the seat's own panel is clipped\n" + "\n".join(rows)
    for number, action in enumerate(state.legal_actions(0), start=1):
        shown = shown_action(state, action.text, lang)
        assert f"{number} {shown}" in column, f"option {number} clipped\n" + "\n".join(rows)
    if game == "tschak":
        for seat in range(state.players):
            assert t(lang, "player", n=seat + 1) in whole, "\n".join(rows)
        hand = state.view(0)["hand"]
        assert all(code in column for code in hand), "\n".join(rows)
    else:
        view = state.view(0)
        legend = flat(relicbox.get_game(game).text._t(lang, "legend")).split(";")[0]
        assert legend in whole, "the map's legend is clipped\n" + "\n".join(rows)
        assert view["explorers"][0] in column, "\n".join(rows)


def play_whole_game(tmp_path: Path, game: str, seats: str, seed: int, size, lang: str, **options):
    save = tmp_path / "game.json"
    flags = [f"--{name.replace('_', '-')} {value}" for name, value in options.items()]
    args = ["-s", seats, "--seed", str(seed), *flags]
    command = ["relicbox", "play", game, *args, "--lang", lang, "--save", str(save)]

    def start():
        state = relicbox.new_game(game, len(seats.split(",")), seed, **options)
        return state, parse_seats(seats, state.game)

    terminal = Terminal(command, *size)
    decision_marker = t(lang, "your-turn", player=t(lang, "player", n=1))
    checked = 0
    try:
        deadline = time.monotonic() + LIMIT
        last: list[str] = []
        while time.monotonic() < deadline and not terminal.dead():
            time.sleep(0.4)
            rows = terminal.screen()
            if rows != last:
                last = rows
                time.sleep(0.3)  # let the screen settle
                continue
            text = " ".join(rows)
            if decision_marker in rows[0] if rows else False:
                check_screen(terminal, rows, save, start, lang)
                checked += 1
                terminal.keys("1", "Enter")
            elif "Enter" in text:
                terminal.keys("Enter")
            last = []
        assert terminal.dead(), "the game did not end in time"
        final = " ".join(" ".join(terminal.screen()).split())
        assert t(lang, "game-over") in final
    finally:
        terminal.close()
    assert checked >= 3
    return checked


@pytest.mark.parametrize("lang", ["en", "cs"])
def test_a_whole_tschak_game_for_four_fits_80x24(tmp_path, lang):
    play_whole_game(tmp_path, "tschak", "human,rule,rule,rule", 4, (80, 24), lang)


@pytest.mark.parametrize("lang", ["en", "cs"])
def test_a_whole_relic_runners_game_fits_120x40(tmp_path, lang):
    play_whole_game(
        tmp_path, "relic-runners", "human,rule", 4, (120, 40), lang, setup="standard", max_turns=8
    )
