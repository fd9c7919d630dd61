"""Intervals clustered by deal: rotations of a deal that replay one game count once."""

from __future__ import annotations

import random

import pytest

from relicbox.play.simulate import simulate
from relicbox.play.stats import clustered_mean_ci, clustered_wilson, mean_ci, wilson


def test_the_clustered_interval_is_wilson_when_every_trial_is_independent():
    draw = random.Random(4)
    trials = [float(draw.random() < 0.3) for _ in range(500)]
    assert clustered_wilson(trials, list(range(500))) == pytest.approx(wilson(sum(trials), 500))
    values = [draw.gauss(10, 3) for _ in range(60)]
    assert clustered_mean_ci(values, list(range(60))) == mean_ci(values)


def test_repeating_every_trial_four_times_adds_no_information():
    draw = random.Random(5)
    once = [float(draw.random() < 0.4) for _ in range(300)]
    four = [x for x in once for _ in range(4)]
    assert clustered_wilson(four, [i // 4 for i in range(1200)]) == pytest.approx(
        wilson(sum(once), 300)
    )
    naive = wilson(sum(four), 1200)
    assert naive[1] - naive[0] < 0.6 * (wilson(sum(once), 300)[1] - wilson(sum(once), 300)[0])


def test_rotations_of_deterministic_bots_widen_the_reported_interval():
    bots = "threshold:3,threshold:4,threshold:5,threshold:6"
    summary, results = simulate("diamant", 4, bots, 400, seed=2, engine=True)
    # Deterministic bots that ignore their seat replay the deal's game in every rotation.
    for deal in range(0, 400, 4):
        scores = {
            tuple(sorted(zip(r.seating, r.scores, strict=True))) for r in results[deal : deal + 4]
        }
        assert len(scores) == 1
    for bot in summary["bots"]:
        naive = wilson(bot["win_rate"] * bot["seat_games"], bot["seat_games"])
        assert bot["independent_units"] == 100
        assert bot["win_high"] - bot["win_low"] > 1.5 * (naive[1] - naive[0])


def test_batch_games_are_clustered_by_deal_like_engine_games():
    summary, _ = simulate("diamant", 4, "threshold:4,threshold:6", 2000, seed=3)
    assert summary["simulator"] == "batch"
    for bot in summary["bots"]:
        assert bot["independent_units"] == 500  # two seats of a game are one unit too
        assert bot["win_low"] <= bot["win_rate"] <= bot["win_high"]
        # a bot's two seats share one win between them (one wins, the other mostly does
        # not), so the game's total is steadier than two independent seats: narrower
        naive = wilson(bot["win_rate"] * bot["seat_games"], bot["seat_games"])
        assert bot["win_high"] - bot["win_low"] != pytest.approx(naive[1] - naive[0])


def test_the_cli_says_how_many_independent_deals_the_intervals_count():
    from typer.testing import CliRunner

    from relicbox.cli.main import app

    args = ["simulate", "diamant", "-p", "4", "--bots", "expert,threshold:6", "-n", "40"]
    english = CliRunner().invoke(app, args)
    assert "10 independent deals" in " ".join(english.stdout.split())
    czech = CliRunner().invoke(app, [*args, "--lang", "cs"])
    assert "10 nezávislých rozdání" in " ".join(czech.stdout.split())
