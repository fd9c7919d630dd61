"""Tournaments: pairings, ratings from stored results, resuming after a kill, one per game."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

import relicbox
from relicbox.play.tournament import make_tournament, tables_for


def test_pairings():
    assert tables_for(4, 3, "round-robin") == ((0, 1, 2), (0, 1, 3), (0, 2, 3), (1, 2, 3))
    assert tables_for(4, 3, "gauntlet") == ((0, 1, 2), (0, 1, 3), (0, 2, 3))


@pytest.mark.parametrize("game", relicbox.list_games(), ids=lambda g: g.name)
def test_a_short_tournament_per_game(game, tmp_path):
    players = game.min_players
    options = dict(game.test_options)
    tournament = make_tournament(
        game.name,
        players,
        ["random", "rule", *(["cautious"] if "cautious" in game.bots else [])],
        players * 2,
        tmp_path / "t.jsonl",
        seed=1,
        options=options,
    )
    results = tournament.run()
    report = tournament.report(results)
    assert report["played"] == players * 2
    assert {row["bot"] for row in report["leaderboard"]} >= {"random", "rule"}
    lines = (tmp_path / "t.jsonl").read_text().splitlines()
    assert json.loads(lines[0])["format"] == "relicbox-tournament/1"
    assert len(lines) == 1 + players * 2


SCRIPT = """
import sys
import time
from pathlib import Path
from relicbox.play.tournament import make_tournament
t = make_tournament("diamant", 3, "rule,random,cautious,threshold:5", 40, Path(sys.argv[1]), seed=9)
# Forty Diamant games take less than the test's polling interval on a fast machine: after
# the sixth, each game waits a little so that the kill lands mid-tournament.
t.run(progress=lambda done, total: time.sleep(0.2) if done >= 6 else None)
"""


def test_a_killed_tournament_resumes_without_losing_or_repeating_a_game(tmp_path):
    store = tmp_path / "killed.jsonl"
    env = dict(os.environ)
    process = subprocess.Popen([sys.executable, "-c", SCRIPT, str(store)], env=env)
    try:
        deadline = time.monotonic() + 120
        while time.monotonic() < deadline:
            if store.exists() and store.read_text().count("\n") >= 6:
                break
            if process.poll() is not None:
                break
            time.sleep(0.05)
        process.send_signal(signal.SIGKILL)
    finally:
        process.wait()
    kept = store.read_text().count("\n") - 1
    assert 5 <= kept < 40, "the kill should land mid-tournament"
    with store.open("a") as handle:
        handle.write('{"index": 39, "seed": 1, "seat')  # a line cut short by the kill
    tournament = make_tournament(
        "diamant", 3, "rule,random,cautious,threshold:5", 40, store, seed=9
    )
    assert len(tournament.load()) >= kept
    results = tournament.run()
    indices = [json.loads(line)["index"] for line in store.read_text().splitlines()[1:]]
    assert sorted(indices) == list(range(40)), "every game exactly once"
    fresh = make_tournament(
        "diamant", 3, "rule,random,cautious,threshold:5", 40, tmp_path / "whole.jsonl", seed=9
    )
    assert results == fresh.run()
    assert tournament.report(results)["leaderboard"] == fresh.report(results)["leaderboard"]


def test_a_store_from_another_tournament_is_refused(tmp_path):
    store = tmp_path / "t.jsonl"
    make_tournament("diamant", 3, "rule,random,cautious", 3, store, seed=1).run()
    other = make_tournament("diamant", 3, "rule,random,cautious", 3, store, seed=2)
    with pytest.raises(relicbox.ConfigurationError, match="another tournament"):
        other.run()


def test_cli_tournament_stores_rates_and_plots(tmp_path):
    from typer.testing import CliRunner

    from relicbox.cli.main import app

    store, plot = tmp_path / "cli.jsonl", tmp_path / "ratings.png"
    args = ["tournament", "diamant", "-p", "3", "--bots", "rule,random,cautious,threshold:5"]
    args += ["-n", "8", "--seed", "4", "--store", str(store)]
    result = CliRunner().invoke(app, [*args, "--json", "--plot", str(plot)])
    assert result.exit_code == 0, result.output
    report = json.loads(result.stdout[result.stdout.index("{") :])
    assert report["played"] == 8 and len(report["leaderboard"]) == 4
    assert plot.stat().st_size > 1000
    again = CliRunner().invoke(app, [*args, "--lang", "cs"])
    assert "Pokračuje se: 8 partií" in again.output and "Hodnocení [95% IS]" in again.output


# -- a store is recognised by its header, and every line of it is checked --------------------

DEEP = "[" * 100_000 + "]" * 100_000


def _store(tmp_path, monkeypatch):
    """A whole store of six games, named relatively so that messages quote it whole."""
    monkeypatch.chdir(tmp_path)
    store = Path("t.jsonl")
    make_tournament("diamant", 3, "rule,random,cautious", 6, store, seed=1).run()
    return store, store.read_text().splitlines()


def _again(store):
    return make_tournament("diamant", 3, "rule,random,cautious", 6, store, seed=1)


def _edit(line: str, **fields) -> str:
    return json.dumps({**json.loads(line), **fields})


BAD_STORES = {
    # name: (line number from 1, how the line is changed, what the refusal says)
    "header-a-list": (1, lambda line: "[1, 2]", "is not a tournament store"),
    "header-nan": (1, lambda line: "NaN", "is not a tournament store"),
    "header-deep": (1, lambda line: DEEP, "is not a tournament store"),
    "deep": (4, lambda line: DEEP, "line 4, is nested too deeply"),
    "infinity": (
        4,
        lambda line: line.replace('"returns": [', '"returns": [Infinity, '),
        "line 4, is not valid: Infinity is not a number JSON allows",
    ),
    "seating-99": (
        4,
        lambda line: _edit(line, seating=[0, 1, 99]),
        "line 4, seats entries [0, 1, 99] at game 2",
    ),
    "nan-returns": (
        4,
        lambda line: line.replace('"returns": [', '"returns": [NaN, '),
        "line 4, is not valid: NaN is not a number JSON allows",
    ),
    "short-scores": (
        4,
        lambda line: _edit(line, scores=[1]),
        "line 4, field 'scores' must be 3 whole numbers",
    ),
    "returns-out-of-range": (
        4,
        lambda line: _edit(line, returns=[2.0, 0.0, 0.0]),
        "line 4, field 'returns' must be 3 win shares",
    ),
    "index-negative": (4, lambda line: _edit(line, index=-5), "line 4, holds game -5"),
    "index-huge": (4, lambda line: _edit(line, index=10**6), "line 4, holds game 1000000"),
    "index-repeated": (
        4,
        lambda line: _edit(line, index=0, seating=[0, 1, 2]),
        "line 4, repeats game 0 of line 2",
    ),
    "not-a-result": (4, lambda line: "[]", "line 4, is not a game result"),
    "cut-short-mid-file": (4, lambda line: line[:20], "line 4, is not valid"),
}


@pytest.mark.parametrize("kind", BAD_STORES, ids=list(BAD_STORES))
@pytest.mark.parametrize("newline", [True, False], ids=["", "no-final-newline"])
def test_a_bad_store_is_refused_naming_the_file_and_line_and_left_alone(
    tmp_path, monkeypatch, kind, newline
):
    store, lines = _store(tmp_path, monkeypatch)
    number, change, fragment = BAD_STORES[kind]
    lines[number - 1] = change(lines[number - 1])
    content = "\n".join(lines) + ("\n" if newline else "")
    store.write_text(content)
    with pytest.raises(relicbox.ConfigurationError) as refused:
        _again(store).run()
    assert "'t.jsonl'" in str(refused.value) and fragment in str(refused.value)
    assert store.read_text() == content, "a refused store is never written to"


@pytest.mark.parametrize(
    "change",
    [
        lambda line: _edit(line, index=-5),
        lambda line: line.replace('"returns": [', '"returns": [NaN, '),
        lambda line: DEEP,
        lambda line: _edit(line, seating=[0, 1, 99]),
    ],
    ids=["index", "nan", "deep", "seating"],
)
def test_a_bad_last_line_that_is_whole_json_is_refused_not_dropped(tmp_path, monkeypatch, change):
    store, lines = _store(tmp_path, monkeypatch)
    lines[-1] = change(lines[-1])
    store.write_text("\n".join(lines) + "\n")
    with pytest.raises(relicbox.ConfigurationError, match="line 7,"):
        _again(store).load()


def test_a_last_line_cut_short_is_dropped_and_played_again(tmp_path, monkeypatch):
    store, lines = _store(tmp_path, monkeypatch)
    store.write_text("\n".join(lines[:-1]) + "\n" + lines[-1][:25])
    assert sorted(_again(store).load()) == [0, 1, 2, 3, 4]
    assert store.read_text() == "\n".join(lines[:-1]) + "\n"
    assert len(_again(store).run()) == 6
    assert store.read_text().count("\n") == 7


@pytest.mark.parametrize(
    "last",
    ["this is the user's own diary, not a result", "\x00\x00", '{"index": 5'],
    ids=["diary", "nul", "ended"],
)
def test_a_last_line_that_is_no_result_cut_short_is_refused_not_deleted(
    tmp_path, monkeypatch, last
):
    store, lines = _store(tmp_path, monkeypatch)
    ending = "\n" if last.startswith("{") else ""  # a kill never leaves a newline after
    content = "\n".join(lines[:-1]) + "\n" + last + ending
    store.write_text(content)
    with pytest.raises(relicbox.ConfigurationError, match="line 7,"):
        _again(store).load()
    assert store.read_text() == content


@pytest.mark.parametrize(
    ("change", "named"),
    [
        (lambda header: {**header, "note": "mine"}, "note 'mine' (this one: None)"),
        (lambda header: {**header, "seed": 2}, "seed 2 (this one: 1)"),
        (lambda header: {**header, "games": "6"}, "its game count is not one"),
        (lambda header: {**header, "games": 10**18}, "its game count is not one"),
    ],
    ids=["extra-key", "seed", "games-text", "games-huge"],
)
def test_a_foreign_header_is_refused_naming_what_differs(tmp_path, monkeypatch, change, named):
    store, lines = _store(tmp_path, monkeypatch)
    lines[0] = json.dumps(change(json.loads(lines[0])))
    store.write_text("\n".join(lines) + "\n")
    with pytest.raises(relicbox.ConfigurationError, match="holds another tournament") as refused:
        _again(store).load()
    assert named in str(refused.value)


def test_a_file_whose_first_line_is_blank_is_not_taken_for_an_empty_store(tmp_path):
    store = tmp_path / "notes.jsonl"
    content = "\nmy notes, not a tournament\n"
    store.write_text(content)
    for _ in range(2):
        with pytest.raises(relicbox.ConfigurationError, match="is not a tournament store"):
            _again(store).run()
    assert store.read_text() == content


def test_an_empty_file_starts_a_store(tmp_path):
    store = tmp_path / "empty.jsonl"
    store.write_bytes(b"")
    assert len(_again(store).run()) == 6
    assert json.loads(store.read_text().splitlines()[0])["format"] == "relicbox-tournament/1"


def test_results_beyond_the_tournament_are_not_counted(tmp_path, monkeypatch):
    store, lines = _store(tmp_path, monkeypatch)
    store.write_text("\n".join([*lines, _edit(lines[-1], index=10**6)]) + "\n")
    with pytest.raises(relicbox.ConfigurationError, match="6 games are numbered 0 to 5"):
        _again(store).run()


def test_the_cli_refuses_a_bad_store_in_one_line(tmp_path, monkeypatch):
    from typer.testing import CliRunner

    from relicbox.cli.main import app

    store, lines = _store(tmp_path, monkeypatch)
    lines[2] = _edit(lines[2], seating=[0, 1, 99])
    store.write_text("\n".join(lines) + "\n")
    args = ["tournament", "diamant", "-p", "3", "--bots", "rule,random,cautious", "-n", "6"]
    result = CliRunner().invoke(app, [*args, "--seed", "1", "--store", str(store)])
    assert result.exit_code == 2, (result.output, result.exception)
    assert result.output.strip().count("\n") == 0, result.output
    assert "'t.jsonl', line 3," in result.output
