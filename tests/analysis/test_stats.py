"""Confidence intervals on cases with known answers."""

from __future__ import annotations

import math

import pytest

from relicbox.play.stats import Z95, mean_ci, overlap, t_quantile_975, wilson


def test_wilson_on_known_binomial_cases():
    # No successes in 10: the upper bound is z^2 / (n + z^2); all 10: its mirror.
    assert wilson(0, 10) == (0.0, pytest.approx(Z95**2 / (10 + Z95**2)))
    assert wilson(10, 10) == (pytest.approx(10 / (10 + Z95**2)), 1.0)
    assert wilson(0, 10)[1] == pytest.approx(0.2775, abs=1e-4)
    low, high = wilson(5, 10)
    assert (low, high) == (pytest.approx(0.2366, abs=1e-4), pytest.approx(0.7634, abs=1e-4))
    low, high = wilson(50, 100)
    assert (low, high) == (pytest.approx(0.4038, abs=1e-4), pytest.approx(0.5962, abs=1e-4))
    # Asymmetric around p when p is near 0: 1 in 100.
    low, high = wilson(1, 100)
    assert low == pytest.approx(0.0018, abs=1e-4) and high == pytest.approx(0.0545, abs=1e-4)


def test_wilson_rejects_impossible_counts_and_is_vacuous_without_trials():
    assert wilson(0, 0) == (0.0, 1.0)
    with pytest.raises(ValueError):
        wilson(11, 10)


@pytest.mark.parametrize(
    ("df", "expected"),
    [(1, 12.7062), (5, 2.5706), (30, 2.0423), (40, 2.0211), (100, 1.9840), (1000, 1.9623)],
)
def test_t_quantiles(df, expected):
    assert t_quantile_975(df) == pytest.approx(expected, abs=2e-4)


def test_mean_interval_of_a_known_sample():
    ci = mean_ci([1, 2, 3, 4, 5])
    assert ci.mean == 3 and ci.sd == pytest.approx(math.sqrt(2.5))
    half = 2.776445105 * math.sqrt(2.5) / math.sqrt(5)
    assert (ci.low, ci.high) == (pytest.approx(3 - half), pytest.approx(3 + half))
    assert mean_ci([7]).low == mean_ci([7]).high == 7
    assert math.isnan(mean_ci([]).mean)


def test_overlap():
    assert overlap((0.1, 0.3), (0.3, 0.5))
    assert not overlap((0.1, 0.29), (0.3, 0.5))
