"""openskill ratings on a scripted set of results."""

from __future__ import annotations

import math

import pytest

from relicbox.play.ratings import Ratings, result_ranks

MU, SIGMA = 25.0, 25.0 / 3
BETA, TAU = SIGMA / 2, 25.0 / 300


def test_ranks_put_winners_first_and_share_ties():
    assert result_ranks([10, 30, 20], [0.0, 1.0, 0.0]) == [2, 0, 1]
    assert result_ranks([5, 5, 1], [0.5, 0.5, 0.0]) == [0, 0, 1]
    # The game's tie-break made seat 0 the winner on equal scores.
    assert result_ranks([9, 9], [1.0, 0.0]) == [0, 1]


def test_first_game_matches_the_plackett_luce_formula():
    ratings = Ratings(["a", "b"])
    ratings.update(["a", "b"], [0, 1])
    variance = SIGMA**2 + TAU**2
    c = math.sqrt(2 * variance + 2 * BETA**2)
    step = variance / c * 0.5  # both start equal: the winner's probability was 1/2
    a, b = {s.name: s for s in ratings.standings()}.values()
    assert a.name == "a" and a.mu == pytest.approx(MU + step, abs=1e-9)
    assert b.mu == pytest.approx(MU - step, abs=1e-9)
    assert a.sigma < SIGMA and a.ordinal == pytest.approx(a.mu - 3 * a.sigma)


def test_a_scripted_season():
    ratings = Ratings(["alpha", "beta", "gamma", "delta"])
    script = [
        (["alpha", "beta", "gamma"], [0, 1, 2]),
        (["beta", "gamma", "delta"], [0, 1, 2]),
        (["alpha", "gamma", "delta"], [0, 1, 2]),
        (["alpha", "beta", "delta"], [0, 1, 2]),
        (["gamma", "delta", "alpha"], [1, 2, 0]),
        (["beta", "delta", "gamma"], [0, 1, 1]),
    ]
    for seated, ranks in script:
        ratings.update(seated, ranks)
    standings = {s.name: s for s in ratings.standings()}
    assert [s.name for s in ratings.standings()] == ["alpha", "beta", "gamma", "delta"]
    assert {name: s.games for name, s in standings.items()} == {
        "alpha": 4,
        "beta": 4,
        "gamma": 5,
        "delta": 5,
    }
    assert all(s.sigma < SIGMA for s in standings.values())
    assert len(ratings.history) == len(script)
    # Symmetry: renaming the bots renames the ratings and nothing else.
    renamed = Ratings(["w", "x", "y", "z"])
    names = dict(zip(["alpha", "beta", "gamma", "delta"], "wxyz", strict=True))
    for seated, ranks in script:
        renamed.update([names[n] for n in seated], ranks)
    assert [round(s.mu, 9) for s in renamed.standings()] == [
        round(s.mu, 9) for s in ratings.standings()
    ]


def test_a_bot_cannot_sit_twice_at_a_rated_table():
    with pytest.raises(ValueError, match="only once"):
        Ratings(["a", "b"]).update(["a", "a"], [0, 1])
