"""Tournaments: a pool of bots, many tables, ratings, resumable storage.

Pairings (``round-robin`` by default): every set of ``players`` bots from the
pool forms a table, and each table is played in every rotation of its seats
before the next deal; ``gauntlet`` seats the first bot at every table with
each set of ``players - 1`` others; ``blocs`` sets two bots against each other,
half the seats each (see :func:`bloc_tables`). Game ``i`` plays table ``(i // players) %
tables`` in rotation ``i % players``, with the seed of deal ``i // players``.

The leaderboard is a Bradley-Terry fit of all games at once with intervals from
resampling deals (:func:`relicbox.play.ratings.leaderboard`), so the order of the
games changes nothing. In Diamant a result depends on the field: copies of one bot
leave together and split the path, so any lone bot beats a table of copies; compare
bots in balanced ``blocs`` or mixed fields.

Results go to a JSON-lines file as they arrive (one header line, then one line
per finished game, flushed and synced), so a tournament killed at any moment
resumes from the file: every finished game is kept, none is played twice, and
a half-written last line is dropped.
"""

from __future__ import annotations

import json
import os
from collections.abc import Sequence
from dataclasses import dataclass
from itertools import combinations
from pathlib import Path
from typing import Any

from relicbox.bots import Origin, parse_bot, split_specs
from relicbox.core.errors import ConfigurationError
from relicbox.core.registry import get_game
from relicbox.play.jobs import GameResult, Job, Progress, summarize
from relicbox.play.ratings import Rated, leaderboard, result_ranks
from relicbox.play.simulate import run_games
from relicbox.play.stats import clustered_wilson

STORE_FORMAT = "relicbox-tournament/1"
PAIRINGS = ("round-robin", "gauntlet", "blocs")


def _result(line: bytes) -> GameResult | None:
    try:
        return GameResult.from_json(json.loads(line))
    except (ValueError, KeyError, TypeError):
        return None


def bloc_tables(players: int) -> tuple[tuple[int, ...], ...]:
    """Two blocs, entry 0 and entry 1, half the table each: ``(0, 0, 1, 1)`` for four.

    With an odd number of seats the deals alternate between the two splits (0 holds
    the larger half, then 1 does), so neither bot is the majority more often; each
    table is played in every rotation of its seats, like every other pairing.
    """
    if players < 2:
        raise ConfigurationError(f"blocs need at least two seats, not {players}")
    small = players // 2
    first = (0,) * (players - small) + (1,) * small
    if players % 2 == 0:
        return (first,)
    return (first, (0,) * small + (1,) * (players - small))


def _use_simulate(entries: int, players: int) -> str:
    return (
        f"{entries} bots cannot fill a {players}-player table: a tournament seats each bot "
        "at most once a table; use simulate to seat copies of one bot, or --pairing blocs "
        "to set two bots against each other half a table each"
    )


def tables_for(entries: int, players: int, pairing: str) -> tuple[tuple[int, ...], ...]:
    """The seatings (entry numbers) of a tournament, in a fixed order."""
    if pairing == "round-robin":
        if entries < players:
            raise ConfigurationError(_use_simulate(entries, players))
        return tuple(combinations(range(entries), players))
    if pairing == "gauntlet":
        if entries < players:
            raise ConfigurationError(
                f"a gauntlet needs the challenger and at least {players - 1} others; "
                + _use_simulate(entries, players)
            )
        return tuple((0, *rest) for rest in combinations(range(1, entries), players - 1))
    if pairing == "blocs":
        if entries != 2:
            raise ConfigurationError(
                f"blocs set exactly two bots against each other, got {entries}"
            )
        return bloc_tables(players)
    raise ConfigurationError(f"pairing {pairing!r} is not known: use {', '.join(PAIRINGS)}")


@dataclass
class Tournament:
    """A tournament's settings; :meth:`run` plays what the store does not hold yet."""

    job: Job
    games: int
    pairing: str
    store: Path

    def header(self) -> dict[str, Any]:
        return {
            "format": STORE_FORMAT,
            "game": self.job.game,
            "players": self.job.players,
            "bots": list(self.job.specs),
            "games": self.games,
            "pairing": self.pairing,
            "seed": self.job.seed,
            "options": dict(self.job.options),
        }

    def load(self) -> dict[int, GameResult]:
        """Finished games in the store (checked against this tournament's settings)."""
        if not self.store.exists():
            return {}
        lines = self.store.read_bytes().split(b"\n")
        if not lines or not lines[0].strip():
            return {}
        try:
            header = json.loads(lines[0])
        except ValueError:
            raise ConfigurationError(f"{str(self.store)!r} is not a tournament file") from None
        mine = self.header()
        if header != {**mine, "games": header.get("games")} or header.get("format") != (
            STORE_FORMAT
        ):
            raise ConfigurationError(
                f"{str(self.store)!r} holds another tournament ({header.get('game')}, "
                f"bots {header.get('bots')}, seed {header.get('seed')}): choose another file"
            )
        results: dict[int, GameResult] = {}
        good_bytes = len(lines[0]) + 1
        *whole, tail = lines[1:] if len(lines) > 1 else [b""]
        for line in whole:
            result = _result(line)
            if result is None and line.strip():
                break  # a damaged line: drop it and whatever follows
            if result is not None:
                results.setdefault(result.index, result)
            good_bytes += len(line) + 1
        else:
            last = _result(tail) if tail.strip() else None
            if last is not None:
                results.setdefault(last.index, last)
                with self.store.open("ab") as handle:
                    handle.write(b"\n")  # the last line was whole but its newline was not
                return results
        if good_bytes < self.store.stat().st_size:
            with self.store.open("r+b") as handle:
                handle.truncate(good_bytes)  # a line cut short by a kill
        return results

    def run(
        self,
        *,
        jobs: int = 1,
        backend: str = "local",
        address: str | None = None,
        progress: Progress | None = None,
        stop_after: int | None = None,
    ) -> list[GameResult]:
        """Play the games the store lacks and return all results in game order.

        ``stop_after`` plays at most that many new games (for tests of resuming).
        """
        done = self.load()
        todo = [i for i in range(self.games) if i not in done]
        if stop_after is not None:
            todo = todo[:stop_after]
        self.store.parent.mkdir(parents=True, exist_ok=True)
        fresh = not self.store.exists() or self.store.stat().st_size == 0
        with self.store.open("a", encoding="utf-8") as handle:
            if fresh:
                handle.write(json.dumps(self.header()) + "\n")
                handle.flush()

            def store(result: GameResult) -> None:
                handle.write(json.dumps(result.to_json()) + "\n")
                handle.flush()
                os.fsync(handle.fileno())
                done[result.index] = result

            if todo:
                run_games(
                    self.job,
                    todo,
                    jobs=jobs,
                    backend=backend,
                    address=address,
                    progress=progress,
                    on_result=store,
                )
        return [done[i] for i in sorted(done)]

    def ratings(self, results: Sequence[GameResult]) -> list[Rated]:
        """The leaderboard: all games fitted at once, intervals by resampling deals."""
        games = [
            (
                result.index // self.job.players,
                [self.job.specs[entry] for entry in result.seating],
                result_ranks(result.scores, result.returns),
            )
            for result in results
        ]
        return leaderboard(self.job.specs, games, seed=self.job.seed)

    def blocs(self, results: Sequence[GameResult]) -> list[dict[str, Any]]:
        """Each bot's bloc: its share of the wins of a game (all its seats together), with
        the 95% interval clustered by deal, and the share equal bots would get."""
        players = self.job.players
        deals = [result.index // players for result in results]
        rows = []
        for entry, spec in enumerate(self.job.specs):
            shares = [
                sum(r.returns[s] for s, e in enumerate(r.seating) if e == entry) for r in results
            ]
            seats = [sum(1 for e in r.seating if e == entry) for r in results]
            low, high = clustered_wilson(shares, deals)
            count = len(results)
            rows.append(
                {
                    "bot": spec,
                    "bloc_share": sum(shares) / count if count else float("nan"),
                    "bloc_low": low,
                    "bloc_high": high,
                    "fair_share": sum(seats) / (players * count) if count else float("nan"),
                    "deals": len(set(deals)),
                }
            )
        return rows

    def report(self, results: Sequence[GameResult]) -> dict[str, Any]:
        report = {
            **self.header(),
            "played": len(results),
            "leaderboard": [row.to_json() for row in self.ratings(results)],
            "results": summarize(self.job, results)["bots"],
        }
        if self.pairing == "blocs":
            report["blocs"] = self.blocs(results)
        return report


def make_tournament(
    game: str,
    players: int | None,
    bots: str | Sequence[str],
    games: int,
    store: Path,
    *,
    seed: int = 0,
    pairing: str = "round-robin",
    options: dict[str, Any] | None = None,
    origin: Origin = Origin.CALLER,
) -> Tournament:
    """A tournament of ``bots``; ``origin`` says who wrote them (only a command line may
    name a program or Python code)."""
    info = get_game(game)
    count = info.check_players(info.default_players if players is None else players)
    texts = split_specs(bots) if isinstance(bots, str) else [s.strip() for s in bots]
    parsed = tuple(parse_bot(text, info, origin) for text in texts)
    specs = tuple(bot.text for bot in parsed)
    if len(set(specs)) != len(specs):
        raise ConfigurationError(f"each bot may enter a tournament once, got {list(specs)}")
    if games < 1:
        raise ConfigurationError(f"games={games} must be at least 1")
    tables = tables_for(len(specs), count, pairing)
    resolved = info.resolve_options(options or {})
    job = Job(info.name, count, specs, tuple(sorted(resolved.items())), seed, tables, parsed)
    return Tournament(job, games, pairing, store)
