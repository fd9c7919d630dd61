"""Arguments thousands of characters long get the same one-line refusal as short ones.

Fluent refuses to place an argument longer than 2,500 characters (it prints ``{???}``
instead), Python refuses to read or print whole numbers of more than 4,300 digits, and
rich wraps a long line. Whatever is typed, a refusal is one line that quotes the input
shortened, with exit code 2.
"""

from __future__ import annotations

import re

import pytest
from typer.testing import CliRunner

import relicbox
from relicbox.cli.common import read_answer
from relicbox.cli.main import app

LONG = "x" * 5000
DIGITS = "9" * 5000
LINE_LIMIT = 600
runner = CliRunner()

REFUSED = [
    ("play", "diamant", "-s", LONG),
    ("play", "diamant", "-s", "bot:" + LONG),
    ("play", "diamant", "-s", "human,bot:random,bot:" + LONG),
    ("play", "diamant", "-s", "ismcts:" + LONG),
    ("play", "diamant", "-s", "human,human,threshold:" + DIGITS),
    ("play", "diamant", "-s", "human,human,ismcts:iters=" + DIGITS),
    ("play", "diamant", "-o", LONG),
    ("play", "diamant", "-o", LONG + "=1"),
    ("play", "diamant", "-o", "variant=" + LONG),
    ("play", "diamant", "--" + LONG, "1"),
    ("play", "diamant", LONG),
    ("play", LONG),
    ("play", "relic-runners", "-o", "max_turns=" + DIGITS),
    ("play", "relic-runners", "--max-turns", "²"),
    ("play", "relic-runners", "--max-turns", "-" + DIGITS),
    ("play", "--resume", LONG),
    ("play", "diamant", "--save", LONG + "/x.json"),
    ("play", "diamant", "--lang", LONG),
    ("replay", LONG),
    ("rules", LONG),
    ("simulate", LONG),
    ("simulate", "diamant", "--bots", LONG),
    ("simulate", "diamant", "--bots", "rule," + LONG),
    ("simulate", "diamant", "-o", LONG),
    ("simulate", "diamant", "-o", "variant=" + LONG),
    ("simulate", "diamant", "--lang", LONG),
    ("tournament", "diamant", "--bots", LONG),
    ("tournament", "diamant", "--pairing", LONG),
    ("export", LONG),
]


def short_name(args: tuple[str, ...]) -> str:
    return " ".join(arg if len(arg) < 24 else f"{arg[:12]}...({len(arg)})" for arg in args)


@pytest.mark.parametrize("args", REFUSED, ids=short_name)
def test_a_very_long_argument_is_refused_on_one_short_line(args, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)  # nothing a refused command might write lands in the checkout
    monkeypatch.setenv("RELICBOX_DB", f"sqlite:///{tmp_path / 'tables.sqlite'}")
    result = runner.invoke(app, list(args))
    output = result.output.strip()
    assert result.exit_code == 2, (result.exit_code, output[:300], result.exception)
    assert "{???}" not in output
    assert "\n" not in output, output[:600]
    assert len(output) < LINE_LIMIT, output[:600]
    assert output.startswith(("Error", "Chyba", "There is no table"))
    assert not re.search("x{100}|9{100}", output), output  # the input is quoted shortened


@pytest.mark.parametrize(
    "args",
    [
        ("play", "diamant", "-p", DIGITS),
        ("play", "diamant", "--seed", DIGITS),
        ("simulate", "diamant", "-n", DIGITS),
    ],
    ids=short_name,
)
def test_a_number_too_long_to_read_is_a_short_usage_error(args):
    result = runner.invoke(app, list(args))
    assert result.exit_code == 2
    assert len(result.output) < LINE_LIMIT + 200 and "{???}" not in result.output


def test_a_long_seat_is_quoted_shortened_in_czech_too():
    result = runner.invoke(app, ["play", "diamant", "-s", "bot:" + LONG, "--lang", "cs"])
    output = result.output.strip()
    assert result.exit_code == 2 and "\n" not in output and len(output) < LINE_LIMIT
    assert output.startswith("Chyba:") and "xxx..." in output


@pytest.mark.parametrize("markup", ["[/]", "[red]x", "[bold]"])
def test_markup_in_an_argument_is_shown_as_typed(markup):
    result = runner.invoke(app, ["play", "diamant", "-s", f"human,human,{markup}"])
    assert result.exit_code == 2, result.exception
    assert markup in result.output


@pytest.mark.parametrize(
    "answer", ["²", "①", DIGITS, "0" * 30 + "1", LONG], ids=["super", "circled", "9s", "0s", "x"]
)
def test_an_odd_or_very_long_answer_at_the_prompt_is_refused_on_one_line(answer):
    state = relicbox.new_game("diamant", players=3)
    legal = list(state.legal_actions(0))
    reply = read_answer(state, 0, legal, answer, "en")
    assert reply.action is None and reply.refusal is not None
    assert "{???}" not in reply.refusal and len(reply.refusal) < LINE_LIMIT
