"""The terminal program, driven as a user would: commands, prompts, errors, saves."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

import relicbox
from relicbox.cli.main import app

runner = CliRunner()


def run(*args: str, input: str | None = None):
    return runner.invoke(app, list(args), input=input)


def test_games_lists_every_registered_game():
    result = run("games")
    assert result.exit_code == 0
    for game in relicbox.list_games():
        assert game.title in result.output


def test_every_command_has_help():
    for command in ("games", "play", "replay"):
        result = run(command, "--help")
        assert result.exit_code == 0 and "Usage" in result.output


def test_bots_play_a_whole_game_and_the_winner_is_announced():
    result = run("play", "diamant", "--seats", "bot:rule,bot:random,bot:cautious", "--seed", "5")
    assert result.exit_code == 0, result.output
    assert "Game over" in result.output and "Winner: Player" in result.output


def test_czech_output():
    result = run("play", "diamant", "-s", "rule,rule,random", "--seed", "5", "--lang", "cs")
    assert result.exit_code == 0
    assert "Konec hry" in result.output and "Vítěz" in result.output


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("play", "chess"), "unknown game 'chess': available games are"),
        (("play", "diamant", "--variant", "gold"), "choose one of base, relics"),
        (
            ("play", "diamant", "-o", "speed=3"),
            "unknown option 'speed' for diamant: its options are",
        ),
        (
            ("play", "diamant", "-s", "human,robot,rule"),
            "unknown seat 'robot': each seat is one of human",
        ),
        (("play", "diamant", "-p", "2"), "diamant is for 3-8 players, not 2"),
        (
            ("play", "diamant", "-p", "4", "-s", "rule,rule,rule"),
            "3 seats given, but the game has 4",
        ),
        (("play", "diamant", "--bogus", "3"), "unknown option 'bogus' for diamant"),
        (("play", "diamant", "--variant"), "option --variant needs a value"),
        (("play", "diamant", "stray"), "unexpected argument 'stray'"),
        (("simulate", "tschak", "-n", "2", "--variant", "relics"), "unknown option 'variant'"),
        (("tournament", "chess"), "unknown game 'chess'"),
        (("play", "diamant", "--lang", "xx"), "'xx' is not available: choose one of en, cs"),
        (("simulate", "--variant", "relics"), "name a game"),
        (("play",), "Name a game to play"),
        (("replay", "/nonexistent/game.json"), "does not exist"),
    ],
)
def test_bad_input_exits_with_a_message_listing_what_is_allowed(args, message):
    result = run(*args)
    assert result.exit_code == 2
    assert message in " ".join(result.output.split())
    assert "Traceback" not in result.output


def test_a_person_is_asked_again_after_a_wrong_answer():
    answers = "\n".join(["7", "dance", "b", "leave"] + ["1"] * 200) + "\n"
    result = run("play", "diamant", "-s", "human,rule,rule", "--seed", "11", input=answers)
    assert result.exit_code == 0, result.output
    assert "'7' is not one of the options" in result.output
    assert "'dance' is not one of the options" in result.output
    assert "Game over" in result.output


def test_interrupted_game_is_saved_and_resumes(tmp_path):
    save = tmp_path / "game.json"
    result = run(
        "play",
        "diamant",
        "-s",
        "human,rule,rule",
        "--seed",
        "3",
        "--save",
        str(save),
        input="1\n1\n",
    )
    assert result.exit_code == 130
    assert "Game interrupted" in result.output and str(save) in result.output
    saved = json.loads(save.read_text())
    assert saved["seats"] == ["human", "bot:rule", "bot:rule"]
    decisions = [e for e in saved["record"]["events"] if "seat" in e and e["seat"] == 0]
    assert len(decisions) == 2
    resumed = run("play", "--resume", str(save), input="2\n" * 200)
    assert resumed.exit_code == 0, resumed.output
    assert "Resumed a Diamant game" in resumed.output and "Game over" in resumed.output
    state = relicbox.replay(json.loads(save.read_text())["record"])
    assert state.is_over


def test_interrupt_without_save_offers_to_save(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    result = run(
        "play", "diamant", "-s", "human,rule,rule", "--seed", "3", input="q\ny\nmine.json\n"
    )
    assert result.exit_code == 0  # q is a stop the player asked for, not an interruption
    assert (tmp_path / "mine.json").exists()
    assert "relicbox play --resume mine.json" in result.output


def test_replay_prints_the_transcript(tmp_path):
    save = tmp_path / "game.json"
    assert (
        run("play", "diamant", "-s", "rule,rule,rule", "--seed", "8", "--save", str(save)).exit_code
        == 0
    )
    result = run("replay", str(save), "--events")
    assert result.exit_code == 0
    assert (
        "Round 1" in result.output and "chance: " in result.output and "Game over" in result.output
    )


def test_hot_seat_hides_each_choice(tmp_path):
    answers = ("\n" + "2\n" + "\n") * 200
    result = run("play", "diamant", "-s", "human,human,rule", "--seed", "4", input=answers)
    assert result.exit_code == 0, result.output
    assert "Pass the keyboard to Player 2" in result.output
    assert "Choice made" in result.output


@pytest.mark.parametrize(
    ("args", "expected"),
    [
        (("diamant", "--variant", "relics", "--split=per-card"), {"variant": "relics"}),
        (("relic-runners", "--setup", "first", "--no-progress-rounds", "7"), {"setup": "first"}),
        (("relic-runners", "-o", "no_progress_rounds=7"), {"no_progress_rounds": 7}),
    ],
)
def test_every_game_option_is_a_flag_read_from_the_game(tmp_path, args, expected):
    """No command names a game's options: each comes from Game.options, as --NAME VALUE."""
    save = tmp_path / "game.json"
    seats = "rule,rule,rule"
    result = run("play", *args, "-s", seats, "--seed", "3", "--save", str(save), "--plain")
    assert result.exit_code == 0, result.output
    options = json.loads(save.read_text())["record"]["options"]
    for name, value in expected.items():
        assert options[name] == value
    if "--split=per-card" in args:
        assert options["split"] == "per-card"
    if "7" in args:
        assert options["no_progress_rounds"] == 7


def test_simulate_takes_game_options_as_flags():
    result = run("simulate", "diamant", "-n", "4", "--variant", "relics", "--json")
    assert result.exit_code == 0, result.output
    assert json.loads(result.output[result.output.index("{") :])["options"]["variant"] == "relics"


@pytest.mark.parametrize(
    ("typed", "game", "flags"),
    [
        (("diamant", "--variant", "relics"), "diamant", ["--variant", "relics"]),
        (("--variant", "relics", "diamant"), "diamant", ["--variant", "relics"]),
        (("--variant=relics", "diamant"), "diamant", ["--variant=relics"]),
        (("--variant", "relics"), None, ["--variant", "relics"]),
        (("--variant", "relics", "diamant", "stray"), "diamant", ["--variant", "relics", "stray"]),
    ],
)
def test_the_game_name_and_its_option_flags_come_apart_in_any_order(typed, game, flags):
    from relicbox.cli.options import untangle

    # What the parser hands over: the first word goes to the game argument, the rest are left.
    assert untangle(typed[0], list(typed[1:])) == (game, flags)
