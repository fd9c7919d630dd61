"""Multi-player skill ratings with openskill's Plackett-Luce model.

Each game is one update: every seat is a one-player team, ranked by the game's
result (winners first, then by score; equal results share a rank). A bot's
``ordinal`` (mu - 3 sigma) is the conservative figure the leaderboard sorts by.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any


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
