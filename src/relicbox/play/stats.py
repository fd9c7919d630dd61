"""Confidence intervals for simulation results: Wilson for rates, Student t for means.

Pure Python (no SciPy): the t quantiles come from a table for small samples and
the Cornish-Fisher expansion beyond it, accurate to about 1e-3.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

Z95 = 1.959963984540054
"""The two-sided 95% quantile of the standard normal distribution."""

_T975 = (
    12.706204736,
    4.302652730,
    3.182446305,
    2.776445105,
    2.570581836,
    2.446911851,
    2.364624252,
    2.306004135,
    2.262157163,
    2.228138852,
    2.200985160,
    2.178812830,
    2.160368656,
    2.144786688,
    2.131449546,
    2.119905299,
    2.109815578,
    2.100922040,
    2.093024054,
    2.085963447,
    2.079613845,
    2.073873068,
    2.068657610,
    2.063898562,
    2.059538553,
    2.055529439,
    2.051830516,
    2.048407142,
    2.045229642,
    2.042272456,
)
"""The 97.5% quantile of Student's t with 1..30 degrees of freedom."""


def t_quantile_975(df: int) -> float:
    """The 97.5% quantile of Student's t with ``df`` degrees of freedom (95% two-sided)."""
    if df < 1:
        raise ValueError(f"degrees of freedom must be at least 1, got {df}")
    if df <= len(_T975):
        return _T975[df - 1]
    z = Z95
    return (
        z
        + (z**3 + z) / (4 * df)
        + (5 * z**5 + 16 * z**3 + 3 * z) / (96 * df**2)
        + (3 * z**7 + 19 * z**5 + 17 * z**3 - 15 * z) / (384 * df**3)
    )


def wilson(successes: float, n: float, z: float = Z95) -> tuple[float, float]:
    """Wilson score interval for a rate of ``successes`` in ``n`` trials.

    ``successes`` may be fractional (a tie split between winners counts as a
    share of a win); the interval is then an approximation, slightly
    conservative. ``n`` may be fractional too (an effective number of trials).
    """
    if n <= 0:
        return (0.0, 1.0)
    if not 0 <= successes <= n:
        raise ValueError(f"successes={successes} must be between 0 and n={n}")
    p = successes / n
    z2 = z * z
    centre = (p + z2 / (2 * n)) / (1 + z2 / n)
    half = z * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / (1 + z2 / n)
    low = 0.0 if successes == 0 else max(0.0, centre - half)
    high = 1.0 if successes == n else min(1.0, centre + half)
    return (low, high)


@dataclass(frozen=True)
class MeanCI:
    """A sample mean with its 95% confidence interval (Student t)."""

    n: int
    mean: float
    sd: float
    low: float
    high: float


def mean_ci(values: Sequence[float]) -> MeanCI:
    """Mean and 95% interval; the interval is the mean itself for fewer than 2 values."""
    n = len(values)
    if n == 0:
        return MeanCI(0, math.nan, math.nan, math.nan, math.nan)
    mean = math.fsum(values) / n
    if n < 2:
        return MeanCI(n, mean, 0.0, mean, mean)
    variance = math.fsum((v - mean) ** 2 for v in values) / (n - 1)
    sd = math.sqrt(variance)
    half = t_quantile_975(n - 1) * sd / math.sqrt(n)
    return MeanCI(n, mean, sd, mean - half, mean + half)


def overlap(a: tuple[float, float], b: tuple[float, float]) -> bool:
    """Whether two intervals share a point."""
    return a[0] <= b[1] and b[0] <= a[1]


def _cluster_sums(
    values: Sequence[float], clusters: Sequence[int]
) -> tuple[list[float], list[int]]:
    """Per cluster, in order of first appearance: the sum of its values and how many."""
    if len(values) != len(clusters):
        raise ValueError(f"{len(values)} values but {len(clusters)} cluster labels")
    sums: dict[int, float] = {}
    counts: dict[int, int] = {}
    for value, cluster in zip(values, clusters, strict=True):
        sums[cluster] = sums.get(cluster, 0.0) + value
        counts[cluster] = counts.get(cluster, 0) + 1
    return list(sums.values()), list(counts.values())


def clustered_wilson(
    successes: Sequence[float], clusters: Sequence[int], z: float = Z95
) -> tuple[float, float]:
    """Wilson interval for the rate of ``successes`` (one 0..1 value per trial) when trials
    come in clusters that are not independent of each other, such as the seat rotations of
    one deal replayed by deterministic bots, or the seats one bot holds in one game.

    The cluster-robust (sandwich) variance of the rate, against the binomial variance,
    gives a design effect; the Wilson interval is then taken on the effective number of
    trials (trials / design effect). With every trial its own cluster the design effect
    is exactly 1 and this is :func:`wilson`; trials that repeat each other widen it.
    """
    n = len(successes)
    total = math.fsum(successes)
    if n == 0:
        return (0.0, 1.0)
    p = total / n
    binomial = p * (1 - p) / n
    sums, counts = _cluster_sums(successes, clusters)
    robust = math.fsum((s - p * c) ** 2 for s, c in zip(sums, counts, strict=True)) / n**2
    if binomial <= 0.0 or robust <= 0.0:
        return wilson(total, n, z)
    effective = binomial / robust * n
    return wilson(p * effective, effective, z)


def clustered_mean_ci(values: Sequence[float], clusters: Sequence[int]) -> MeanCI:
    """Mean and 95% interval of ``values`` whose ``clusters`` (one label per value) are
    independent of each other but whose members need not be: the cluster-robust variance
    with Student t on (clusters - 1) degrees of freedom. With every value its own cluster
    this is :func:`mean_ci`."""
    n = len(values)
    if n == 0:
        return MeanCI(0, math.nan, math.nan, math.nan, math.nan)
    mean = math.fsum(values) / n
    sums, counts = _cluster_sums(values, clusters)
    groups = len(sums)
    sd = math.sqrt(math.fsum((v - mean) ** 2 for v in values) / (n - 1)) if n > 1 else 0.0
    if groups < 2:
        return MeanCI(n, mean, sd, mean, mean)
    spread = math.fsum((s - mean * c) ** 2 for s, c in zip(sums, counts, strict=True))
    half = t_quantile_975(groups - 1) * math.sqrt(groups / (groups - 1) * spread) / n
    return MeanCI(n, mean, sd, mean - half, mean + half)
