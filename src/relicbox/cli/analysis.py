"""``relicbox simulate`` and ``relicbox tournament``: many bot games, statistics, ratings.

Both print a rich table by default (``--lang cs`` for Czech), or machine output
with ``--json`` / ``--csv``, and draw plots with ``--plot FILE.png``. Progress
goes to stderr, so the machine output on stdout stays clean.
"""

from __future__ import annotations

import csv
import io
import json
import math
import sys
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console
from rich.markup import escape
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    TextColumn,
    TimeElapsedColumn,
    TimeRemainingColumn,
)
from rich.table import Table

from relicbox.cli.common import MESSAGE_LIMIT, short_localized, shown
from relicbox.cli.options import GAME_OPTIONS_HELP, PASS_GAME_OPTIONS, game_options, untangle
from relicbox.core.errors import ConfigurationError, RelicboxError, clip, quote
from relicbox.core.registry import get_game
from relicbox.i18n import LANGUAGES, tr

out = Console(highlight=False)
err = Console(stderr=True, highlight=False)

GameArg = Annotated[str, typer.Argument(help="Game name (see relicbox games).")]
PlayersOpt = Annotated[int | None, typer.Option("--players", "-p", help="Players per table.")]
BotsOpt = Annotated[
    str,
    typer.Option(
        "--bots",
        "-b",
        help="Comma-separated bot specs: random, rule, cautious, ismcts:ms=200, "
        "ismcts:iters=2000,rollout=rule, threshold:5, module:callable, stdio:COMMAND.",
    ),
]
SeedOpt = Annotated[int, typer.Option("--seed", "-s", help="Seed of the whole run.")]
JobsOpt = Annotated[int, typer.Option("--jobs", "-j", help="Worker processes (or Ray CPUs).")]
BackendOpt = Annotated[str, typer.Option("--backend", help="local (processes) or ray.")]
AddressOpt = Annotated[
    str | None, typer.Option("--address", help="Ray cluster address (default: a local Ray).")
]
OptionOpt = Annotated[
    list[str] | None, typer.Option("--option", "-o", help="Game option name=value (repeatable).")
]
JsonOpt = Annotated[bool, typer.Option("--json", help="Print the results as JSON.")]
CsvOpt = Annotated[bool, typer.Option("--csv", help="Print one CSV row per bot.")]
PlotOpt = Annotated[Path | None, typer.Option("--plot", help="Write a PNG plot to this file.")]
LangOpt = Annotated[str, typer.Option("--lang", "-l", help="Language: en or cs.")]

CSV_FIELDS = (
    "bot",
    "seat_games",
    "win_rate",
    "win_low",
    "win_high",
    "mean_score",
    "score_low",
    "score_high",
    "score_sd",
    "independent_units",
    "mean_length",
    "length_low",
    "length_high",
)


def _fail(lang: str, message: str) -> typer.Exit:
    """Print ``message`` as one line (shortened, markup in it shown as typed, nothing the
    terminal would obey: it may quote a record file); exit code 2."""
    one_line = clip(" ".join(message.split()), MESSAGE_LIMIT)
    line = escape(tr(lang, "error", message=shown(one_line, MESSAGE_LIMIT, markup=False)))
    err.print(f"[bold red]{line}[/]", soft_wrap=True)
    return typer.Exit(code=2)


class _Bar:
    """A rich progress bar with ETA on stderr, fed by ``progress(done, total)`` calls."""

    def __init__(self, lang: str, quiet: bool) -> None:
        self.progress = Progress(
            TextColumn(tr(lang, "progress")),
            BarColumn(),
            MofNCompleteColumn(),
            TimeElapsedColumn(),
            TimeRemainingColumn(),
            console=err,
            disable=quiet,
            transient=False,
        )
        self.task = self.progress.add_task("games", total=None)

    def __enter__(self) -> _Bar:
        return self

    def __exit__(self, *exc: object) -> None:
        self.progress.stop()

    def __call__(self, done: int, total: int) -> None:
        # Shown from the first report on: a run refused before any game prints only its error.
        self.progress.start()
        self.progress.update(self.task, completed=done, total=total)


def _interval(value: float, low: float, high: float, percent: bool = False) -> str:
    if math.isnan(value):
        return "-"
    if percent:
        return f"{100 * value:.1f}% [{100 * low:.1f}, {100 * high:.1f}]"
    return f"{value:.2f} [{low:.2f}, {high:.2f}]"


def _bot_table(bots: list[dict[str, Any]], lang: str, title: str) -> Table:
    table = Table(title=title)
    table.add_column(tr(lang, "col-bot"), overflow="fold")
    for key in ("col-seat-games", "col-win-rate", "col-mean-score", "col-length"):
        table.add_column(tr(lang, key))
    for bot in bots:
        table.add_row(
            bot["bot"],
            str(bot["seat_games"]),
            _interval(bot["win_rate"], bot["win_low"], bot["win_high"], percent=True),
            _interval(bot["mean_score"], bot["score_low"], bot["score_high"]),
            _interval(bot["mean_length"], bot["length_low"], bot["length_high"]),
        )
    return table


def _csv(bots: list[dict[str, Any]]) -> str:
    buffer = io.StringIO()
    writer = csv.DictWriter(buffer, fieldnames=CSV_FIELDS, extrasaction="ignore")
    writer.writeheader()
    for bot in bots:
        writer.writerow(bot)
    return buffer.getvalue()


def _game_and_options(
    context: typer.Context, game: str, items: list[str] | None, lang: str
) -> tuple[str, dict[str, object]]:
    """The game's registered name and its options, or a one-line error before any work starts."""
    try:
        named, flags = untangle(game, context.args)
        if named is None:
            raise ConfigurationError(f"name a game: relicbox {context.info_name} GAME ...")
        return get_game(named).name, game_options(flags, items)
    except RelicboxError as error:
        raise _fail(lang, short_localized(error, lang)) from None


def _wrote_data(
    everything: dict[str, Any], rows: list[dict[str, Any]], as_json: bool, as_csv: bool
) -> bool:
    """Print the results for a program (all of them as JSON, or one CSV row per bot) if
    asked; ``True`` when that was the output."""
    if as_json:
        sys.stdout.write(json.dumps(everything, indent=1) + "\n")
    elif as_csv:
        sys.stdout.write(_csv(rows))
    return as_json or as_csv


def _check_lang(lang: str) -> str:
    if lang not in LANGUAGES:
        message = f"{quote(lang)} is not available: choose one of {', '.join(LANGUAGES)}"
        raise _fail("en", message)
    return lang


def simulate_command(
    context: typer.Context,
    game: GameArg,
    bots: BotsOpt = "rule",
    players: PlayersOpt = None,
    games: Annotated[int, typer.Option("--games", "-n", help="How many games.")] = 100,
    seed: SeedOpt = 0,
    jobs: JobsOpt = 1,
    backend: BackendOpt = "local",
    address: AddressOpt = None,
    option: OptionOpt = None,
    as_json: JsonOpt = False,
    as_csv: CsvOpt = False,
    plot: PlotOpt = None,
    lang: LangOpt = "en",
    engine: Annotated[
        bool,
        typer.Option(
            "--engine",
            help="Play every game on the rules engine, even when the batch simulator could "
            "(Diamant with random and threshold:N bots only).",
        ),
    ] = False,
) -> None:
    from relicbox.bots.specs import Origin
    from relicbox.play.simulate import simulate

    _check_lang(lang)
    game, options = _game_and_options(context, game, option, lang)
    try:
        with _Bar(lang, quiet=False) as bar:
            summary, _ = simulate(
                game,
                players,
                bots,
                games,
                seed,
                jobs=jobs,
                backend=backend,
                address=address,
                options=options,
                progress=bar,
                engine=engine,
                origin=Origin.COMMAND_LINE,
            )
    except RelicboxError as error:
        raise _fail(lang, short_localized(error, lang)) from None
    if summary["simulator"] == "batch":
        err.print(tr(lang, "simulator-batch"))
    if plot is not None:
        from relicbox.play.plots import plot_simulation

        plot_simulation(summary, plot)
        err.print(tr(lang, "plot-written", path=str(plot)), soft_wrap=True)
    if _wrote_data(summary, summary["bots"], as_json, as_csv):
        return
    title = tr(
        lang,
        "simulate-title",
        game=get_game(game).title,
        games=summary["games"],
        players=summary["players"],
        seed=seed,
    )
    out.print(_bot_table(summary["bots"], lang, title))
    units = max((bot["independent_units"] for bot in summary["bots"]), default=0)
    out.print(tr(lang, "intervals-by-deal", deals=units))
    seats = Table(title=tr(lang, "seats-title"))
    seats.add_column(tr(lang, "col-seat"))
    seats.add_column(tr(lang, "col-win-rate"))
    for row in summary["seats"]:
        seats.add_row(
            tr(lang, "seat-name", seat=row["seat"] + 1),
            _interval(row["win_rate"], row["win_low"], row["win_high"], percent=True),
        )
    out.print(seats)


def tournament_command(
    context: typer.Context,
    game: GameArg,
    bots: BotsOpt = "random,rule,cautious",
    players: PlayersOpt = None,
    games: Annotated[int, typer.Option("--games", "-n", help="Total games to play.")] = 100,
    seed: SeedOpt = 0,
    pairing: Annotated[
        str,
        typer.Option(
            "--pairing",
            "--format",
            help="round-robin (every table), gauntlet (the first bot at every table) or "
            "blocs (two bots, half the seats each, both splits at an odd table).",
        ),
    ] = "round-robin",
    store: Annotated[
        Path | None,
        typer.Option("--store", help="JSON-lines file of results (resumes if it exists)."),
    ] = None,
    jobs: JobsOpt = 1,
    backend: BackendOpt = "local",
    address: AddressOpt = None,
    option: OptionOpt = None,
    as_json: JsonOpt = False,
    as_csv: CsvOpt = False,
    plot: PlotOpt = None,
    lang: LangOpt = "en",
) -> None:
    from relicbox.bots.specs import Origin
    from relicbox.play.tournament import make_tournament

    _check_lang(lang)
    game, options = _game_and_options(context, game, option, lang)
    path = store or Path(f"relicbox-tournament-{get_game(game).name}-seed{seed}.jsonl")
    try:
        tournament = make_tournament(
            game,
            players,
            bots,
            games,
            path,
            seed=seed,
            pairing=pairing,
            options=options,
            origin=Origin.COMMAND_LINE,
        )
        already = len(tournament.load())
        if already:
            err.print(tr(lang, "resuming", done=already, store=str(path)))
        else:
            err.print(tr(lang, "stored-in", store=str(path)))
        with _Bar(lang, quiet=False) as bar:
            results = tournament.run(jobs=jobs, backend=backend, address=address, progress=bar)
    except RelicboxError as error:
        raise _fail(lang, short_localized(error, lang)) from None
    report = tournament.report(results)
    if plot is not None:
        from relicbox.play.plots import plot_ratings

        plot_ratings(report["leaderboard"], plot, get_game(game).title)
        err.print(tr(lang, "plot-written", path=str(plot)), soft_wrap=True)
    if _wrote_data(report, report["results"], as_json, as_csv):
        return
    title = tr(
        lang,
        "tournament-title",
        game=get_game(game).title,
        played=report["played"],
        games=games,
        players=report["players"],
        pairing=pairing,
    )
    table = Table(title=title)
    table.add_column(tr(lang, "col-bot"), overflow="fold")
    for key in ("col-rating", "col-ahead", "col-games"):
        table.add_column(tr(lang, key))
    for row in report["leaderboard"]:
        table.add_row(
            row["bot"],
            f"{row['rating']:.0f} [{row['rating_low']:.0f}, {row['rating_high']:.0f}]",
            f"{100 * row['ahead_share']:.1f}%",
            str(row["games"]),
        )
    out.print(table)
    out.print(_bot_table(report["results"], lang, ""))
    if "blocs" in report:
        out.print(_bloc_table(report["blocs"], lang))


def _bloc_table(blocs: list[dict[str, Any]], lang: str) -> Table:
    table = Table(title=tr(lang, "blocs-title"))
    for key in ("col-bot", "col-bloc-share", "col-fair-share"):
        table.add_column(tr(lang, key))
    for row in blocs:
        table.add_row(
            row["bot"],
            _interval(row["bloc_share"], row["bloc_low"], row["bloc_high"], percent=True),
            f"{100 * row['fair_share']:.1f}%",
        )
    return table


def register(app: typer.Typer) -> None:
    """Add ``simulate`` and ``tournament`` to the ``relicbox`` command."""
    for name, command in (("simulate", simulate_command), ("tournament", tournament_command)):
        app.command(
            name,
            help=tr("en", f"{name}-help"),
            epilog=GAME_OPTIONS_HELP,
            context_settings=PASS_GAME_OPTIONS,
        )(command)
