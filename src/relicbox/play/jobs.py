"""A simulation's job, its games' results and their summary: the plain types the engine
path (:mod:`relicbox.play.simulate`), the batch path (:mod:`relicbox.play.batch`) and
tournaments share.

Game ``i`` of a job belongs to deal ``i // players`` and rotation ``i % players``: the
games of one deal share a seed (:func:`deal_seed`) and rotate the entries round the table
(:func:`seating`).
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass, field
from typing import Any

from relicbox.bots import BotSpec, make_bot
from relicbox.core.agents import Agent
from relicbox.core.game import Game
from relicbox.core.rng import Rng
from relicbox.play.stats import clustered_mean_ci, clustered_wilson, mean_ci, wilson

Progress = Callable[[int, int], None]
"""Called as ``progress(games_done, games_total)``."""


@dataclass(frozen=True)
class GameResult:
    """One finished game: who sat where (entry numbers), scores, win shares, decisions."""

    index: int
    seed: int
    seating: list[int]
    scores: list[int]
    returns: list[float]
    length: int

    def to_json(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> GameResult:
        return cls(
            index=int(data["index"]),
            seed=int(data["seed"]),
            seating=[int(x) for x in data["seating"]],
            scores=[int(x) for x in data["scores"]],
            returns=[float(x) for x in data["returns"]],
            length=int(data["length"]),
        )


@dataclass(frozen=True)
class Job:
    """Everything a worker needs to play some games (plain data, so it pickles)."""

    game: str
    players: int
    specs: tuple[str, ...]
    options: tuple[tuple[str, Any], ...]
    seed: int
    tables: tuple[tuple[int, ...], ...] = ()
    """Seatings to rotate through (entry numbers); empty means the specs in order."""
    bots: tuple[BotSpec, ...] = ()
    """Each entry's bot, parsed once where the job was made (the specs are their labels);
    empty: ``specs`` name relicbox's own bots (parsed as a caller's, never as code)."""

    def agents(self, game: Game) -> list[Agent]:
        """One agent per entry."""
        return [make_bot(bot, game) for bot in (self.bots or self.specs)]


def deal_seed(seed: int, deal: int) -> int:
    """The seed of one deal: a fixed mix of the run's seed and the deal number."""
    return (
        Rng((seed * 0x9E3779B97F4A7C15 + deal * 0xD1B54A32D192ED03) & ((1 << 64) - 1)).next64() >> 2
    )


def seating(job: Job, index: int) -> tuple[list[int], int]:
    """(the entry in each seat, the game's seed) for game ``index`` of ``job``."""
    n = job.players
    tables = job.tables or (tuple(i % len(job.specs) for i in range(n)),)
    deal, rotation = divmod(index, n)
    table = tables[deal % len(tables)]
    return [table[(seat + rotation) % n] for seat in range(n)], deal_seed(job.seed, deal)


@dataclass
class BotSummary:
    """One bot's results over all the seats it played.

    ``clusters`` labels each seat-game with the unit it is independent of the others
    by: the deal for engine games (deterministic bots replay one game in every rotation
    of a deal, and a bot holding several seats of a game is one unit there too). The
    intervals are clustered by it (:func:`relicbox.play.stats.clustered_wilson`), so
    2,000 games that are 500 independent deals are counted as 500, not 2,000.
    """

    name: str
    seat_games: int = 0
    wins: float = 0.0
    scores: list[int] = field(default_factory=list)
    lengths: list[int] = field(default_factory=list)
    returns: list[float] = field(default_factory=list)
    clusters: list[int] = field(default_factory=list)

    def to_json(self) -> dict[str, Any]:
        clustered = len(self.clusters) == self.seat_games == len(self.returns)
        if clustered:
            low, high = clustered_wilson(self.returns, self.clusters)
            score = clustered_mean_ci(self.scores, self.clusters)
            length = clustered_mean_ci(self.lengths, self.clusters)
        else:
            low, high = wilson(self.wins, self.seat_games)
            score = mean_ci(self.scores)
            length = mean_ci(self.lengths)
        return {
            "bot": self.name,
            "seat_games": self.seat_games,
            "independent_units": len(set(self.clusters)) if clustered else self.seat_games,
            "win_rate": self.wins / self.seat_games if self.seat_games else math.nan,
            "win_low": low,
            "win_high": high,
            "mean_score": score.mean,
            "score_low": score.low,
            "score_high": score.high,
            "score_sd": score.sd,
            "score_histogram": {str(k): v for k, v in sorted(Counter(self.scores).items())},
            "mean_length": length.mean,
            "length_low": length.low,
            "length_high": length.high,
        }


def summarize(job: Job, results: Sequence[GameResult]) -> dict[str, Any]:
    """Per bot (entries with the same spec are pooled) and per seat, as JSON-ready data;
    intervals are clustered by deal (see :class:`BotSummary`)."""
    bots: dict[str, BotSummary] = {}
    for spec in job.specs:
        bots.setdefault(spec, BotSummary(spec))
    seat_wins = [0.0] * job.players
    deals = [result.index // job.players for result in results]
    for result, deal in zip(results, deals, strict=True):
        for seat, entry in enumerate(result.seating):
            summary = bots[job.specs[entry]]
            summary.seat_games += 1
            summary.wins += result.returns[seat]
            summary.returns.append(result.returns[seat])
            summary.clusters.append(deal)
            summary.scores.append(result.scores[seat])
            summary.lengths.append(result.length)
            seat_wins[seat] += result.returns[seat]
    games = len(results)
    seats = []
    for seat in range(job.players):
        low, high = clustered_wilson([result.returns[seat] for result in results], deals)
        seats.append(
            {
                "seat": seat,
                "win_rate": seat_wins[seat] / games if games else math.nan,
                "win_low": low,
                "win_high": high,
            }
        )
    return {
        "game": job.game,
        "players": job.players,
        "games": games,
        "seed": job.seed,
        "options": dict(job.options),
        "bots": [summary.to_json() for summary in bots.values()],
        "seats": seats,
    }
