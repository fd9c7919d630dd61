"""A newcomer can learn from the screen: rules, reasons for refusals, words in their language."""

from __future__ import annotations

import pytest
from typer.testing import CliRunner

import relicbox
from relicbox.cli.main import app

runner = CliRunner()


def run(*args: str, input: str | None = None):
    return runner.invoke(app, list(args), input=input)


def flat(result) -> str:
    return " ".join(result.output.split())


def test_version_and_short_help():
    version = run("--version")
    assert version.exit_code == 0 and version.output.strip() == f"relicbox {relicbox.__version__}"
    for args in (("-h",), ("play", "-h"), ("rules", "-h")):
        result = run(*args)
        assert result.exit_code == 0 and "Usage" in result.output


def test_zero_players_is_an_error_not_the_default():
    result = run("play", "diamant", "-p", "0", "-s", "rule,rule,rule")
    assert result.exit_code == 2
    assert "diamant is for 3-8 players, not 0" in flat(result)


@pytest.mark.parametrize("game", ["diamant", "tschak", "relic-runners"])
@pytest.mark.parametrize("lang", ["en", "cs"])
def test_rules_command_explains_every_game(game, lang):
    result = run("rules", game, "--lang", lang)
    assert result.exit_code == 0, result.output
    info = relicbox.get_game(game)
    assert info.title in result.output
    assert len(result.output.splitlines()) >= 12
    word = {"en": "Ties", "cs": "Remíza"}[lang]
    assert word in result.output


def test_rules_of_an_unknown_game_is_a_clean_error():
    result = run("rules", "chess")
    assert result.exit_code == 2 and "unknown game 'chess'" in flat(result)


def test_exit_quits_and_is_never_a_move(tmp_path):
    save = tmp_path / "g.json"
    result = run(
        "play",
        "diamant",
        "-s",
        "human,rule,rule",
        "--seed",
        "3",
        "--save",
        str(save),
        input="exit\n",
    )
    assert result.exit_code == 0
    assert "Game interrupted" in result.output
    events = relicbox.replay(__import__("json").loads(save.read_text())["record"]).record["events"]
    assert not [e for e in events if e.get("seat") == 0]


def test_czech_action_words_are_accepted():
    answers = "pokračovat\nodejít\n" + "p\n" * 300
    result = run(
        "play", "diamant", "-s", "human,rule,rule", "--seed", "11", "--lang", "cs", input=answers
    )
    assert result.exit_code == 0, result.output
    assert "není mezi možnostmi" not in result.output
    assert "Zkratky: p = pokračovat, o = odejít" in result.output


def test_a_refused_action_shows_the_engines_reason():
    answers = "play W2\n" + "1\n" * 400
    result = run("play", "tschak", "-s", "human,rule,rule", "--seed", "4", input=answers)
    assert result.exit_code == 0, result.output
    assert "Not allowed: W2 is not in your hand" in result.output


def test_enter_accepts_a_single_forced_option_and_only_then():
    from relicbox.cli.common import read_answer

    state = relicbox.new_game("diamant", 3, seed=1)
    legal = list(state.legal_actions(0))
    assert read_answer(state, 0, legal[:1], "", "en").action == legal[0]
    refused = read_answer(state, 0, legal, "", "en")
    assert refused.action is None and "is not one of the options" in refused.refusal


def test_results_name_each_bot():
    result = run("play", "diamant", "-s", "rule,random,cautious", "--seed", "5")
    assert result.exit_code == 0
    tail = result.output[result.output.index("Game over") :]
    assert "Player 2 (bot:random)" in tail and "Player 3 (bot:cautious)" in tail
