"""``relicbox analyze``: a review of a finished game record, decision by decision.

Prints a rich table of the decisions (``--lang cs`` for Czech) and a summary per seat,
or the JSON documented in ``docs/analysis.md`` with ``--json``; ``--plot FILE.png``
draws the value of each decision over the game. Progress goes to stderr.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console
from rich.markup import escape
from rich.table import Table

from relicbox.cli.analysis import _Bar, _check_lang, _fail
from relicbox.core.errors import RecordError, RelicboxError, quote
from relicbox.core.registry import get_game
from relicbox.datafiles import read_json_file
from relicbox.i18n import tr
from relicbox.play.match import MAX_SAVE_BYTES

out = Console(highlight=False)
err = Console(stderr=True, highlight=False)
VERDICT_STYLE = {"good": "", "mistake": "yellow", "blunder": "bold red"}
MAX_RECORD_BYTES = MAX_SAVE_BYTES
"""Largest game record (or save) read: the same as a save's."""


def analyze_command(
    record_path: Annotated[
        Path,
        typer.Argument(
            help="A game record (JSON), as saved or exported.", metavar="GAME_RECORD.json"
        ),
    ],
    seat: Annotated[
        int | None,
        typer.Option(
            "--seat", help="Analyse this player's decisions only: 1 for Player 1, as tables show."
        ),
    ] = None,
    budget: Annotated[
        str, typer.Option("--budget", help="Time for each decision, such as 2s or 500ms.")
    ] = "2s",
    worlds: Annotated[
        int | None,
        typer.Option(
            "--worlds", help="At most this many sampled worlds a decision (reproducible)."
        ),
    ] = None,
    seed: Annotated[int, typer.Option("--seed", help="Seed of the sampled worlds.")] = 0,
    as_json: Annotated[bool, typer.Option("--json", help="Print the review as JSON.")] = False,
    plot: Annotated[
        Path | None, typer.Option("--plot", help="Write a PNG plot to this file.")
    ] = None,
    lang: Annotated[str, typer.Option("--lang", "-l", help="Language: en or cs.")] = "en",
) -> None:
    """Review a finished game: every option of every decision valued from the seat's own
    view, the loss of each choice, mistakes and blunders, and a plot of the values."""
    from relicbox.play.analysis import Budget, analyse, parse_budget

    _check_lang(lang)
    try:
        # The one hardened reader: a regular file only (a pipe or a device would block or
        # never end), at most MAX_RECORD_BYTES, plain JSON nested at most a few levels deep.
        record = read_json_file(
            record_path, "game record", RecordError, max_bytes=MAX_RECORD_BYTES, toml=False
        )
    except RelicboxError as error:
        raise _fail(lang, str(error)) from None
    record = record.get("record", record) if isinstance(record, dict) else record
    if not isinstance(record, dict) or not isinstance(record.get("game"), str):
        raise _fail(
            lang,
            f"{quote(str(record_path))} is not a game record: it holds no object that names "
            "its game (a save or an exported record is one)",
        )
    players = record.get("players")
    if seat is not None and isinstance(players, int) and not 1 <= seat <= players:
        raise _fail(lang, f"--seat {seat} is not a player of this game: choose 1 to {players}")
    try:
        limits = Budget(parse_budget(budget), worlds)
        with _Bar(lang, quiet=False) as bar:
            index = None if seat is None else seat - 1  # the JSON counts seats from 0
            result = analyse(record, seat=index, budget=limits, seed=seed, lang=lang, progress=bar)
    except RelicboxError as error:
        raise _fail(lang, str(error)) from None
    except (AttributeError, KeyError, TypeError, ValueError) as error:
        raise _fail(lang, f"{quote(str(record_path))} is not a game record: {error}") from None
    if as_json:
        sys.stdout.write(json.dumps(result, indent=2) + "\n")
    else:
        _print(result, lang)
    if plot is not None:
        _plot(result, plot, lang)


def _seat_name(seat: int, lang: str) -> str:
    return tr(lang, "analyze-seat-name", seat=seat + 1)


def _print(result: dict[str, Any], lang: str) -> None:
    title = tr(
        lang,
        "analyze-title",
        game=get_game(result["game"]).title,
        decisions=len(result["decisions"]),
        bot=result["bot"],
    )
    table = Table(title=escape(title))
    for key in ("event", "seat", "taken", "best", "value", "best-value", "loss", "verdict"):
        table.add_column(tr(lang, f"analyze-col-{key}"))
    for d in result["decisions"]:
        taken = next(o for o in d["options"] if o["action"] == d["taken"])
        style = VERDICT_STYLE[d["verdict"]]
        table.add_row(
            str(d["event"]),
            _seat_name(d["seat"], lang),
            escape(d["taken"]),
            escape(d["best"]) if d["best"] != d["taken"] else "=",
            f"{taken['value']:.2f} ±{(taken['high'] - taken['low']) / 2:.2f}",
            f"{d['value_best']:.2f}",
            f"{max(0.0, d['loss']):.2f}",
            tr(lang, f"analyze-verdict-{d['verdict']}"),
            style=style,
        )
    out.print(table)
    totals = Table()
    for key in ("seat", "decisions", "mistakes", "blunders", "mean-loss"):
        totals.add_column(tr(lang, f"analyze-col-{key}"))
    for row in result["summary"]:
        totals.add_row(
            _seat_name(row["seat"], lang),
            str(row["decisions"]),
            str(row["mistakes"]),
            str(row["blunders"]),
            f"{row['mean_loss']:.3f}",
        )
    out.print(totals)
    limits = result["thresholds"]
    out.print(
        escape(tr(lang, "analyze-thresholds", mistake=limits["mistake"], blunder=limits["blunder"]))
    )


def _plot(result: dict[str, Any], path: Path, lang: str) -> None:
    from relicbox.play.analysis_plot import plot_analysis

    keys = {"title": "title", "x": "x", "y": "y", "taken": "taken", "best": "best"}
    labels = {name: tr(lang, f"analyze-plot-{key}") for name, key in keys.items()}
    labels["mistake"] = tr(lang, "analyze-verdict-mistake")
    labels["blunder"] = tr(lang, "analyze-verdict-blunder")
    names = [_seat_name(seat, lang) for seat in range(result["players"])]
    try:
        plot_analysis(result, path, labels, names)
    except OSError as error:
        raise _fail(lang, f"cannot write {quote(str(path))}: {error}") from None
    err.print(escape(tr(lang, "analyze-plot-written", path=str(path))), soft_wrap=True)


def register(app: typer.Typer) -> None:
    """Add ``analyze`` to the ``relicbox`` command."""
    app.command("analyze")(analyze_command)


__all__ = ["analyze_command", "register"]
