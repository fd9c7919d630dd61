"""Multi-player skill ratings.

A game ranks its seats by the result (winners first, then by score; equal results share
a rank). :func:`leaderboard` is what tournaments report: a Bradley-Terry fit of every
pair of seats in every game, all games at once (so their order cannot matter), on an
Elo-like scale, with 95% intervals from resampling deals. :class:`Ratings` is the
incremental openskill (Plackett-Luce) model, one update a game; its figures depend on
the order of the games and its sigma shrinks as if every game were independent, so it
is kept for following a rating game by game, not for ranking bots.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from itertools import combinations
from typing import Any

from relicbox.core.rng import Rng


@dataclass(frozen=True)
class Standing:
    name: str
    mu: float
    sigma: float
    ordinal: float
    games: int

    def to_json(self) -> dict[str, Any]:
        return {
            "bot": self.name,
            "mu": self.mu,
            "sigma": self.sigma,
            "ordinal": self.ordinal,
            "games": self.games,
        }


def result_ranks(scores: Sequence[float], returns: Sequence[float]) -> list[int]:
    """Rank of each seat (0 = best): higher win share first, then higher score; ties share."""
    keys = [(-r, -s) for r, s in zip(returns, scores, strict=True)]
    ordered = sorted(set(keys))
    return [ordered.index(key) for key in keys]


class Ratings:
    """Ratings of named bots, updated one game at a time; keeps each bot's history."""

    def __init__(self, names: Sequence[str]) -> None:
        from openskill.models import PlackettLuce

        self.model = PlackettLuce()
        self.ratings = {name: self.model.rating(name=name) for name in names}
        self.games = dict.fromkeys(names, 0)
        self.history: list[dict[str, float]] = []
        """After each game: every bot's ordinal."""

    def update(self, seated: Sequence[str], ranks: Sequence[int]) -> None:
        """One game: ``seated[i]`` finished with rank ``ranks[i]`` (0 = best)."""
        if len(set(seated)) != len(seated):
            raise ValueError(f"a bot may sit at a table only once for ratings, got {seated}")
        teams = [[self.ratings[name]] for name in seated]
        updated = self.model.rate(teams, ranks=list(ranks))
        for name, team in zip(seated, updated, strict=True):
            self.ratings[name] = team[0]
            self.games[name] += 1
        self.history.append({name: r.ordinal() for name, r in self.ratings.items()})

    def standings(self) -> list[Standing]:
        rows = [
            Standing(name, r.mu, r.sigma, r.ordinal(), self.games[name])
            for name, r in self.ratings.items()
        ]
        return sorted(rows, key=lambda s: (-s.ordinal, s.name))


# -- ratings fitted on all games at once ---------------------------------------------------

BOOTSTRAP = 200
"""Resamples of the deals behind a leaderboard's intervals."""
ELO = 400 / math.log(10)
"""Rating points per unit of log-strength: 400 points are 10:1 odds of finishing ahead."""


@dataclass(frozen=True)
class Rated:
    """A bot's fitted rating with its 95% bootstrap interval (resampling deals)."""

    name: str
    rating: float
    low: float
    high: float
    games: int
    ahead: float
    """Share of its meetings with other bots' seats in which it finished ahead (ties half)."""

    def to_json(self) -> dict[str, Any]:
        return {
            "bot": self.name,
            "rating": self.rating,
            "rating_low": self.low,
            "rating_high": self.high,
            "games": self.games,
            "ahead_share": self.ahead,
        }


Meetings = list[list[float]]
"""``wins[i][j]``: how often bot i finished ahead of bot j (ties count half to each)."""


def meetings(
    names: Sequence[str], seated: Sequence[str], ranks: Sequence[int], into: Meetings
) -> None:
    """Add one game's pairwise results to ``into``; seats of the same bot are not compared."""
    index = {name: i for i, name in enumerate(names)}
    for a, b in combinations(range(len(seated)), 2):
        i, j = index[seated[a]], index[seated[b]]
        if i == j:
            continue
        if ranks[a] < ranks[b]:
            into[i][j] += 1.0
        elif ranks[b] < ranks[a]:
            into[j][i] += 1.0
        else:
            into[i][j] += 0.5
            into[j][i] += 0.5


def fit_bradley_terry(wins: Meetings, *, prior: float = 0.5) -> list[float]:
    """Log-strengths (mean 0) maximising the Bradley-Terry likelihood of ``wins``.

    Each pair gets ``prior`` pseudo-wins each way, so a bot that never lost still has a
    finite strength. Hunter's MM iteration; it depends on the totals alone, so the order
    of the games cannot change it.
    """
    k = len(wins)
    won = [[wins[i][j] + (prior if i != j else 0.0) for j in range(k)] for i in range(k)]
    strength = [1.0] * k
    for _ in range(2000):
        fresh = []
        for i in range(k):
            total = sum(won[i])
            against = sum(
                (won[i][j] + won[j][i]) / (strength[i] + strength[j]) for j in range(k) if j != i
            )
            fresh.append(total / against if against > 0 else strength[i])
        centre = math.exp(sum(math.log(s) for s in fresh) / k)
        fresh = [s / centre for s in fresh]
        change = max(abs(math.log(a / b)) for a, b in zip(fresh, strength, strict=True))
        strength = fresh
        if change < 1e-10:
            break
    return [math.log(s) for s in strength]


def leaderboard(
    names: Sequence[str],
    games: Sequence[tuple[int, Sequence[str], Sequence[int]]],
    *,
    resamples: int = BOOTSTRAP,
    seed: int = 0,
) -> list[Rated]:
    """Ratings of ``names`` from ``games`` (deal, the bot in each seat, each seat's rank),
    fitted on all of them at once, with 95% intervals from resampling whole deals (the
    games of one deal are not independent). The games' order changes nothing."""
    k = len(names)
    by_deal: dict[int, Meetings] = {}
    played = dict.fromkeys(names, 0)
    for deal, seated, ranks in games:
        table = by_deal.setdefault(deal, [[0.0] * k for _ in range(k)])
        meetings(names, seated, ranks, table)
        for name in set(seated):
            played[name] += 1
    deals = [by_deal[deal] for deal in sorted(by_deal)]
    total = _sum(deals, k)
    fitted = fit_bradley_terry(total)
    draws: list[list[float]] = [[] for _ in range(k)]
    rng = Rng(seed ^ 0xB0075)
    for _ in range(resamples if len(deals) > 1 else 0):
        sample = [deals[rng.below(len(deals))] for _ in deals]
        for i, value in enumerate(fit_bradley_terry(_sum(sample, k))):
            draws[i].append(value)
    rows = []
    for i, name in enumerate(names):
        low, high = _percentiles(draws[i], fitted[i])
        met = sum(total[i][j] + total[j][i] for j in range(k))
        ahead = sum(total[i]) / met if met else math.nan
        rows.append(Rated(name, ELO * fitted[i], ELO * low, ELO * high, played[name], ahead))
    return sorted(rows, key=lambda r: (-r.rating, r.name))


def _sum(tables: Sequence[Meetings], k: int) -> Meetings:
    total = [[0.0] * k for _ in range(k)]
    for table in tables:
        for i in range(k):
            row, into = table[i], total[i]
            for j in range(k):
                into[j] += row[j]
    return total


def _percentiles(values: list[float], point: float) -> tuple[float, float]:
    if not values:
        return (point, point)
    ordered = sorted(values)
    last = len(ordered) - 1
    return ordered[round(0.025 * last)], ordered[round(0.975 * last)]
