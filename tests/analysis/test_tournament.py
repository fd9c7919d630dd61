"""Tournaments: pairings, ratings from stored results, resuming after a kill, one per game."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time

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
