"""Leaderboards fitted on all games at once, blocs, the pointer to simulate, shared plot bins."""

from __future__ import annotations

import json
import random

import pytest
from typer.testing import CliRunner

from relicbox.cli.main import app
from relicbox.core.errors import ConfigurationError
from relicbox.play.plots import score_bins
from relicbox.play.ratings import fit_bradley_terry, leaderboard
from relicbox.play.tournament import bloc_tables, make_tournament, tables_for


def test_the_leaderboard_does_not_depend_on_the_order_of_the_games(tmp_path):
    tournament = make_tournament(
        "diamant", 3, "rule,random,cautious,threshold:6", 96, tmp_path / "t.jsonl", seed=2
    )
    results = tournament.run()
    first = tournament.ratings(results)
    for shuffle in range(5):
        shuffled = list(results)
        random.Random(shuffle).shuffle(shuffled)
        assert tournament.ratings(shuffled) == first
    by_name = {row.name: row for row in first}
    assert by_name["rule"].rating > by_name["random"].rating
    for row in first:
        assert row.low <= row.rating <= row.high and row.games == 72


def test_bradley_terry_recovers_known_odds():
    # a finished ahead of b three times in four, b ahead of c three times in four
    wins = [[0.0, 300.0, 0.0], [100.0, 0.0, 300.0], [0.0, 100.0, 0.0]]
    a, b, c = fit_bradley_terry(wins, prior=0.0)
    assert a - b == pytest.approx(b - c, abs=1e-6)
    assert a - b == pytest.approx(1.0986, abs=1e-3)  # log 3
    assert a + b + c == pytest.approx(0.0, abs=1e-9)


def test_resampling_deals_gives_an_interval_that_narrows_with_more_deals():
    def games(deals: int) -> list[tuple[int, list[str], list[int]]]:
        draw = random.Random(deals)
        rows = []
        for deal in range(deals):
            ranks = [0, 1] if draw.random() < 0.6 else [1, 0]
            rows += [(deal, ["a", "b"], ranks), (deal, ["b", "a"], ranks[::-1])]
        return rows

    few = {row.name: row for row in leaderboard(["a", "b"], games(40))}
    many = {row.name: row for row in leaderboard(["a", "b"], games(640))}
    assert many["a"].high - many["a"].low < few["a"].high - few["a"].low
    assert many["a"].low > 0 > many["b"].high


def test_blocs_seat_half_the_table_each_and_alternate_the_odd_split():
    assert tables_for(2, 4, "blocs") == ((0, 0, 1, 1),)
    assert bloc_tables(5) == ((0, 0, 0, 1, 1), (0, 0, 1, 1, 1))
    with pytest.raises(ConfigurationError, match="exactly two bots"):
        tables_for(3, 4, "blocs")


def test_a_blocs_tournament_reports_each_blocs_share(tmp_path):
    tournament = make_tournament(
        "diamant", 5, "expert,threshold:5", 40, tmp_path / "b.jsonl", pairing="blocs", seed=3
    )
    results = tournament.run()
    counts = [sum(1 for entry in r.seating if entry == 0) for r in results]
    assert counts == [3] * 5 + [2] * 5 + [3] * 5 + [2] * 5 + [3] * 5 + [2] * 5 + [3] * 5 + [2] * 5
    report = tournament.report(results)
    blocs = {row["bot"]: row for row in report["blocs"]}
    assert blocs["expert"]["fair_share"] == pytest.approx(0.5)
    assert blocs["expert"]["bloc_share"] + blocs["threshold:5"]["bloc_share"] == pytest.approx(1)
    assert blocs["expert"]["deals"] == 8


def test_too_few_bots_for_a_tournament_points_to_simulate(tmp_path):
    with pytest.raises(ConfigurationError, match="use simulate to seat copies"):
        make_tournament("diamant", 4, "rule,expert", 8, tmp_path / "x.jsonl")


def test_cli_format_blocs(tmp_path):
    args = ["tournament", "diamant", "-p", "4", "--bots", "expert,threshold:6", "-n", "16"]
    args += ["--format", "blocs", "--store", str(tmp_path / "c.jsonl"), "--json"]
    result = CliRunner().invoke(app, args)
    assert result.exit_code == 0, result.output
    report = json.loads(result.stdout[result.stdout.index("{") :])
    assert report["pairing"] == "blocs" and len(report["blocs"]) == 2
    table = CliRunner().invoke(app, args[:-1])
    assert "Blocs: each bot holds half the table" in table.output


def test_score_plots_share_their_bins_and_show_shares():
    bots = [
        {"bot": "a", "score_histogram": {"0": 2, "10": 2}},
        {"bot": "b", "score_histogram": {"5": 30, "95": 10}},
    ]
    edges, shares = score_bins(bots)
    assert edges[0] == 0 and edges[-1] >= 96
    assert all(len(row) == len(edges) - 1 for row in shares.values())
    assert sum(shares["a"]) == pytest.approx(1) and sum(shares["b"]) == pytest.approx(1)
    assert max(shares["b"]) == pytest.approx(0.75)
