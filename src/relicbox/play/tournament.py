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
a half-written last line is dropped. A file is taken for a store only by its header
(the ``format`` marker and this tournament's settings), and every result line is
checked: any other file or line is refused, naming the file and the line, and a file
that is neither empty nor a store of this very tournament is never written to.
"""

from __future__ import annotations

import contextlib
import json
import os
from collections.abc import Sequence
from dataclasses import dataclass
from itertools import combinations
from pathlib import Path
from typing import Any, cast

from relicbox.bots import Origin, parse_bot, split_specs
from relicbox.core.checks import whole_problem
from relicbox.core.errors import ConfigurationError, quote
from relicbox.core.registry import get_game
from relicbox.datafiles import MAX_BYTES, JsonLine, load_file_options, read_json_lines
from relicbox.play.jobs import GameResult, Job, Progress, seating, summarize
from relicbox.play.ratings import Rated, leaderboard, result_ranks
from relicbox.play.simulate import run_games
from relicbox.play.stats import clustered_wilson

STORE_FORMAT = "relicbox-tournament/1"
MAX_GAMES = 100_000_000
"""The most games one tournament may hold (a store's header says how many)."""
_RESULT_START = b'{"index": '
"""How every result line starts (``GameResult.to_json`` puts the index first)."""
PAIRINGS = ("round-robin", "gauntlet", "blocs")


MAX_STORE_BYTES = 1 << 30
"""Largest store read: millions of games, a few hundred bytes each."""
MAX_STORE_LINE = 4 * MAX_BYTES
"""Longest line read: the header holds the options, a data file's contents among them."""
RESULT_FIELDS = frozenset(("index", "seed", "seating", "scores", "returns", "length"))


def _is_share(value: object) -> bool:
    """A win share: a number (not ``True``) from 0 to 1; NaN and infinities are neither."""
    return type(value) in (int, float) and 0 <= cast(float, value) <= 1


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
        """Finished games in the store, checked against this tournament's settings.

        A missing or empty file holds none. Any other file must start with this very
        tournament's header and hold only its games, each once, every field in range; a
        last line cut short by a kill is dropped (the file is cut before it) and a whole
        last line missing its newline gets one. Anything else is refused with a sentence
        naming the file and the line, and the file is left as it was.
        """
        if not self.store.exists():
            return {}
        name = quote(str(self.store))
        results: dict[int, GameResult] = {}
        where: dict[int, int] = {}
        damaged: JsonLine | None = None
        final: JsonLine | None = None
        lines = read_json_lines(
            self.store,
            "tournament store",
            max_bytes=MAX_STORE_BYTES,
            max_line=MAX_STORE_LINE,
        )
        with contextlib.closing(lines):
            for line in lines:
                final = line
                at = f"tournament store {name}, line {line.number},"
                if damaged is not None and not line.blank:
                    # Only the last line can be cut short by a kill: this damage is not that.
                    raise ConfigurationError(
                        f"tournament store {name}, line {damaged.number}, {damaged.problem}"
                    )
                if line.number == 1:
                    self._check_header(line, name)
                elif line.malformed:
                    damaged = line  # perhaps cut short: refused unless it is the last line
                elif line.problem is not None:
                    raise ConfigurationError(f"{at} {line.problem}")
                elif not line.blank:
                    result = self._checked_result(line.value, at)
                    if result.index in results:
                        raise ConfigurationError(
                            f"{at} repeats game {result.index} of line {where[result.index]}"
                        )
                    results[result.index] = result
                    where[result.index] = line.number
        if damaged is not None:
            with self.store.open("r+b") as handle:
                handle.seek(damaged.start)
                if damaged.ended or handle.read(len(_RESULT_START)) != _RESULT_START:
                    # a kill cuts a result short before its newline: this is something else
                    raise ConfigurationError(
                        f"tournament store {name}, line {damaged.number}, {damaged.problem}"
                    )
                handle.truncate(damaged.start)  # a result cut short by a kill
        elif final is not None and not final.ended:
            with self.store.open("ab") as handle:
                handle.write(b"\n")  # the last line was whole but its newline was not
        return results

    def _check_header(self, line: JsonLine, name: str) -> None:
        header = line.value
        if not isinstance(header, dict) or header.get("format") != STORE_FORMAT:
            raise ConfigurationError(
                f"{name} is not a tournament store: its first line is not a {STORE_FORMAT} "
                "header; choose another file (a new or empty one starts a store)"
            )
        mine = self.header()
        differs = sorted(
            key for key in {*mine, *header} - {"games"} if header.get(key) != mine.get(key)
        )
        if whole_problem(header.get("games"), 1, MAX_GAMES) is not None:
            differs.append("games")
        if differs:
            shown = ", ".join(
                f"{key} {quote(header.get(key), 80)} (this one: {quote(mine.get(key), 80)})"
                for key in differs
                if key != "games"
            )
            raise ConfigurationError(
                f"{name} holds another tournament: {shown or 'its game count is not one'}; "
                "choose another file"
            )

    def _checked_result(self, data: Any, at: str) -> GameResult:
        """The game result a line holds, refused (``at`` names the file and line) unless
        every field is one this tournament can have written."""
        if not isinstance(data, dict) or set(data) != RESULT_FIELDS:
            raise ConfigurationError(
                f"{at} is not a game result (an object of {', '.join(sorted(RESULT_FIELDS))}): "
                f"{quote(data)}"
            )
        index = data["index"]
        if whole_problem(index, 0, self.games - 1) is not None:
            raise ConfigurationError(
                f"{at} holds game {quote(index)}, but this tournament's {self.games} games are "
                f"numbered 0 to {self.games - 1}"
            )
        for key in ("seed", "length"):
            problem = whole_problem(data[key], 0)
            if problem is not None:
                raise ConfigurationError(f"{at} field {key!r} {problem}")
        expected, _ = seating(self.job, index)
        seats = data["seating"]
        if not (isinstance(seats, list) and all(type(e) is int for e in seats)) or (
            seats != expected
        ):
            raise ConfigurationError(
                f"{at} seats entries {quote(seats)} at game {index}, but this tournament "
                f"seats {expected} there"
            )
        players = self.job.players
        scores, returns = data["scores"], data["returns"]
        if not (
            isinstance(scores, list)
            and len(scores) == players
            and all(whole_problem(score, None) is None for score in scores)
        ):
            raise ConfigurationError(
                f"{at} field 'scores' must be {players} whole numbers, got {quote(scores)}"
            )
        if not (
            isinstance(returns, list)
            and len(returns) == players
            and all(_is_share(share) for share in returns)
        ):
            raise ConfigurationError(
                f"{at} field 'returns' must be {players} win shares from 0 to 1, "
                f"got {quote(returns)}"
            )
        return GameResult(
            index, data["seed"], seats, scores, [float(r) for r in returns], data["length"]
        )

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
    if not 1 <= games <= MAX_GAMES:
        raise ConfigurationError(f"games={games} must be from 1 to {MAX_GAMES}")
    tables = tables_for(len(specs), count, pairing)
    resolved = info.resolve_options(load_file_options(info, options or {}))
    job = Job(info.name, count, specs, tuple(sorted(resolved.items())), seed, tables, parsed)
    return Tournament(job, games, pairing, store)
