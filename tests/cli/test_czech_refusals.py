"""The terminal in Czech: refusals give the engine's reason in Czech, the log names bots."""

from __future__ import annotations

import asyncio
import json
import re

import pytest
from typer.testing import CliRunner

import relicbox
from relicbox.cli.common import read_answer
from relicbox.cli.main import app

runner = CliRunner()


def run(*args: str, input: str | None = None):
    return runner.invoke(app, list(args), input=input)


def flat(result) -> str:
    return " ".join(result.output.split())


# -- refusals at the line prompt -----------------------------------------------------------


def test_tschak_refuses_a_card_not_in_hand_in_czech():
    answers = "play W2\n" + "1\n" * 400
    result = run(
        "play", "tschak", "-s", "human,rule,rule", "--seed", "4", "--lang", "cs", input=answers
    )
    assert result.exit_code == 0, result.output
    assert "Nelze: W2 nemáte v ruce" in result.output
    assert "not in your hand" not in result.output


def test_relic_runners_refuses_standing_still_in_czech(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)  # quitting saves the game to the current folder
    result = run(
        "play",
        "relic-runners",
        "-s",
        "human,rule",
        "--seed",
        "4",
        "--lang",
        "cs",
        "--plain",
        input="stop\nq\n\n",
    )
    assert "Nelze: musíte se pohnout: zůstat stát není dovoleno" in flat(result), result.output
    assert "must move" not in result.output


def test_diamant_refuses_a_second_choice_in_czech():
    state = relicbox.new_game("diamant", 3, seed=1)
    state.act(0, "continue")
    refused = read_answer(state, 0, [], "odejít", "cs")
    assert refused.action is None
    assert refused.refusal == "Nelze: Hráč 1 už v tomto kroku zvolil"
    english = read_answer(state, 0, [], "leave", "en")
    assert english.refusal == "Not allowed: seat 0 has already chosen this step"


def test_configuration_errors_are_czech():
    players = run("play", "diamant", "-p", "9", "-s", "rule", "--lang", "cs")
    assert players.exit_code == 2
    assert "Chyba: diamant: počet hráčů musí být od 3 do 8, ne 9" in flat(players)
    option = run("play", "diamant", "-o", "variant=gold", "--lang", "cs")
    assert option.exit_code == 2
    assert "volba variant='gold' není pro hru diamant dovolena" in flat(option)
    game = run("rules", "chess", "--lang", "cs")
    assert game.exit_code == 2 and "neznámá hra 'chess'" in flat(game)
    seat = run("play", "diamant", "-s", "humen,rule,rule", "--lang", "cs")
    assert seat.exit_code == 2 and "neznámé místo 'humen': povolené hodnoty jsou" in flat(seat)
    form = run("play", "diamant", "-o", "variant", "--lang", "cs")
    assert "volba 'variant' musí mít tvar název=hodnota" in flat(form)
    missing = run("replay", "no-such-save.json", "--lang", "cs")
    assert flat(missing) == "Chyba: uložená hra 'no-such-save.json' neexistuje"
    english = run("replay", "no-such-save.json")
    assert flat(english) == "Error: saved game 'no-such-save.json' does not exist"


def test_a_damaged_save_is_explained_in_a_czech_sentence(tmp_path):
    path = tmp_path / "broken.json"
    path.write_text(json.dumps({"format": "relicbox-record/1"}), encoding="utf-8")
    result = run("replay", str(path), "--lang", "cs")
    assert result.exit_code == 2
    assert flat(result).startswith("Chyba: Uloženou hru nelze použít:")


def test_a_save_from_other_rules_is_explained_wholly_in_czech(tmp_path):
    state = relicbox.new_game("diamant", 3, 1)
    record = {**state.record, "rules_version": "diamant/1"}
    path = tmp_path / "old.json"
    path.write_text(json.dumps(record), encoding="utf-8")
    result = run("replay", str(path), "--lang", "cs")
    assert result.exit_code == 2
    assert flat(result) == (
        "Chyba: Uloženou hru nelze použít: záznam vznikl podle pravidel 'diamant/1'; "
        "tento relicbox hraje diamant podle pravidel 'diamant/2', takže záznam nelze "
        "přesně přehrát"
    )
    english = run("replay", str(path))
    assert "record was made with rules 'diamant/1'" in flat(english)


# -- bots named in the log, the results and replay ------------------------------------------


def test_the_transcript_names_bot_seats_while_playing():
    answers = "p\n" * 300
    named = False
    for seed in range(1, 6):  # a game where the bots' names come up in the log
        result = run(
            "play",
            "diamant",
            "-s",
            "human,rule,random",
            "--seed",
            str(seed),
            "--lang",
            "cs",
            "--plain",
            input=answers,
        )
        assert result.exit_code == 0, result.output
        log = [line for line in result.output.splitlines() if line.startswith("· ")]
        assert not any(re.search(r"Hráč [23](?! \(bot:)", line) for line in log), log
        named = named or any(re.search(r"Hráč 2 \(bot:rule\)", line) for line in log)
        if named:
            break
    assert named


def test_replay_names_bot_seats_in_every_sentence(tmp_path):
    path = tmp_path / "game.json"
    played = run("play", "diamant", "-s", "rule,random,rule", "--seed", "3", "--save", str(path))
    assert played.exit_code == 0, played.output
    for lang, word in (("en", "Player"), ("cs", "Hráč")):
        result = run("replay", str(path), "--lang", lang)
        assert result.exit_code == 0, result.output
        # every sentence and the results; the board's fixed-width seat table keeps short names
        outside = " ".join(
            " ".join(line.split()) for line in result.output.splitlines() if "│" not in line
        )
        names = re.findall(rf"{word} \d( \(bot:\w+\))?", outside)
        assert names and all(label for label in names), result.output


# -- the full screen ------------------------------------------------------------------------


def _app(game: str, seats: str, seed: int, lang: str):
    pytest.importorskip("textual")
    from relicbox.cli.tui import GameApp
    from relicbox.play.match import Match, parse_seats

    state = relicbox.new_game(game, len(seats.split(",")), seed)
    return GameApp(Match(state, parse_seats(seats, state.game), seed=seed), lang)


async def _wait_for(pilot, condition, tries: int = 600) -> None:
    for _ in range(tries):
        if condition():
            await pilot.pause(0.1)
            return
        await pilot.pause(0.05)
    raise AssertionError("the screen never reached the expected state")


def _text(app, selector: str) -> str:
    from textual.widgets import Static

    return str(app.query_one(selector, Static).content)


@pytest.mark.parametrize(
    ("game", "seats", "typed", "expected", "size"),
    [
        ("tschak", "human,rule,rule", "play W2", "Nelze: W2 nemáte v ruce", (80, 24)),
        (
            "relic-runners",
            "human,rule",
            "stop",
            "Nelze: musíte se pohnout: zůstat stát není dovoleno",
            (120, 40),
        ),
    ],
)
def test_the_full_screen_refuses_in_czech(game, seats, typed, expected, size):
    async def scenario():
        app = _app(game, seats, 4, "cs")
        async with app.run_test(size=size) as pilot:
            await _wait_for(pilot, lambda: app.decision is not None)
            await pilot.press(*typed, "enter")
            await _wait_for(pilot, lambda: "Nelze" in _text(app, "#message"))
            assert " ".join(_text(app, "#message").split()) == expected
            await pilot.press(*"konec", "enter")
        assert app.return_value == "quit"

    asyncio.run(scenario())


def _mine(app) -> int:
    return sum(1 for event in app.match.state.record["events"] if event.get("seat") == 0)


def test_the_full_screen_log_names_bot_seats():
    async def scenario():
        app = _app("tschak", "human,rule,random", 4, "cs")
        async with app.run_test(size=(80, 24)) as pilot:
            await _wait_for(pilot, lambda: app.decision is not None)
            for picks in range(1, 4):  # a party of three cards, one chosen at each reveal
                await pilot.press("1", "enter")
                await _wait_for(pilot, lambda n=picks: _mine(app) == n)
            await _wait_for(pilot, lambda: any("patro 1:" in line for line in app.log_lines))
            floor = next(line for line in app.log_lines if "patro 1:" in line)
            assert "Hráč 2 (bot:rule)" in floor and "Hráč 3 (bot:random)" in floor, floor
            await pilot.press(*"konec", "enter")

    asyncio.run(scenario())
