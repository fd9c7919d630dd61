"""The ``relicbox`` command: ``games``, ``play`` and ``replay``.

Bad input never ends in a traceback: unknown games, options and seats exit
with a message that lists what is allowed; a wrong answer at a prompt is
explained and asked again; Ctrl-C stops cleanly and offers to save the game.
"""

from __future__ import annotations

import secrets
from pathlib import Path
from typing import Annotated, Any

import typer
from rich import box
from rich.console import Console
from rich.panel import Panel
from rich.table import Table

import relicbox
from relicbox.bots import bot_names
from relicbox.cli import server_commands
from relicbox.cli.analysis import register as register_analysis
from relicbox.cli.messages import MESSAGES
from relicbox.core.errors import RelicboxError
from relicbox.core.game import Game, Option, State
from relicbox.core.i18n import LANGUAGES, translate
from relicbox.play.match import Match, SeatSpec, default_seats, load_saved, parse_seats, save_match

console = Console(highlight=False)
app = typer.Typer(
    help=MESSAGES["en"]["app_help"],
    no_args_is_help=True,
    add_completion=False,
    rich_markup_mode=None,
    pretty_exceptions_enable=False,
)

LangOption = Annotated[str, typer.Option("--lang", "-l", help="Language: en or cs.")]


class QuitGame(Exception):
    """The player asked to stop at a prompt."""


def _t(lang: str, key: str, **params: Any) -> str:
    return translate(MESSAGES, lang, key, **params)


def _check_lang(lang: str) -> str:
    if lang not in LANGUAGES:
        raise typer.BadParameter(f"{lang!r} is not available: choose one of {', '.join(LANGUAGES)}")
    return lang


def _fail(lang: str, message: str) -> typer.Exit:
    console.print(f"[bold red]{_t(lang, 'error', message=message)}[/]")
    return typer.Exit(code=2)


def _player(state: State, seat: int, lang: str) -> str:
    return str(
        translate({"en": {"p": "Player {n}"}, "cs": {"p": "Hráč {n}"}}, lang, "p", n=seat + 1)
    )


@app.command("games", help=MESSAGES["en"]["games_help"])
def games_command(lang: LangOption = "en") -> None:
    _check_lang(lang)
    table = Table(title="relicbox")
    for key in ("col_game", "col_players", "col_options", "col_bots"):
        table.add_column(_t(lang, key))
    for game in relicbox.games():
        options = "\n".join(_option_summary(o) for o in game.options)
        names = ", ".join([game.name, *game.aliases])
        players = f"{game.min_players}-{game.max_players}"
        table.add_row(
            f"{game.title}\n[dim]{names}[/]", players, options, ", ".join(bot_names(game))
        )
    console.print(table)


def _option_summary(option: Option) -> str:
    if option.choices:
        allowed = "|".join(str(choice) for choice in option.choices)
    else:
        allowed = "N" if option.integer else "FILE"
    default = "" if option.default is None else f" (default {option.default})"
    return f"{option.name}: {allowed}{default}"


def _parse_option_value(text: str) -> object:
    lowered = text.strip().lower()
    if lowered in ("true", "yes", "on"):
        return True
    if lowered in ("false", "no", "off"):
        return False
    if lowered.lstrip("-").isdigit():
        return int(lowered)
    return text


def _collect_options(
    named: dict[str, object | None], extra: list[str], lang: str
) -> dict[str, object]:
    options = {key: value for key, value in named.items() if value is not None}
    for item in extra:
        key, sep, value = item.partition("=")
        if not sep or not key.strip():
            raise _fail(lang, f"option {item!r} must look like name=value")
        options[key.strip().replace("-", "_")] = _parse_option_value(value)
    return options


@app.command("play", help=MESSAGES["en"]["play_help"])
def play_command(
    game: Annotated[str | None, typer.Argument(help="diamant, tschak or relic-runners")] = None,
    players: Annotated[
        int | None, typer.Option("--players", "-p", help="Number of players.")
    ] = None,
    seats: Annotated[
        str | None,
        typer.Option("--seats", "-s", help="Comma-separated: human, bot:rule, bot:random, ..."),
    ] = None,
    seed: Annotated[
        int | None, typer.Option(help="Seed: the same seed deals the same game.")
    ] = None,
    variant: Annotated[str | None, typer.Option(help="Diamant: base or relics.")] = None,
    split: Annotated[str | None, typer.Option(help="Diamant: pooled or per-card.")] = None,
    setup: Annotated[
        str | None, typer.Option(help="Relic Runners: first, standard or random.")
    ] = None,
    option: Annotated[
        list[str] | None, typer.Option("--option", "-o", help="Any game option as name=value.")
    ] = None,
    save: Annotated[
        Path | None, typer.Option(help="Save the game to FILE after every decision.")
    ] = None,
    resume: Annotated[Path | None, typer.Option(help="Continue a game saved with --save.")] = None,
    lang: LangOption = "en",
) -> None:
    _check_lang(lang)
    try:
        match, game_info = _build_match(
            game, players, seats, seed, variant, split, setup, option, resume, lang
        )
    except RelicboxError as error:
        raise _fail(lang, str(error)) from None
    save_path = save or resume
    _run(match, game_info, save_path, lang)


def _build_match(
    game: str | None,
    players: int | None,
    seats: str | None,
    seed: int | None,
    variant: str | None,
    split: str | None,
    setup: str | None,
    option: list[str] | None,
    resume: Path | None,
    lang: str,
) -> tuple[Match, Game]:
    if resume is not None:
        state, saved_seats, _ = load_saved(resume)
        info = state.game
        specs = parse_seats(seats, info) if seats else saved_seats or default_seats(state.players)
        console.print(_t(lang, "resumed", game=info.title, events=len(state.record["events"])))
        return _match(state, specs, state.seed, lang), info
    if game is None:
        raise typer.Exit(code=_usage(lang))
    info = relicbox.get_game(game)
    specs = parse_seats(seats, info) if seats else None
    count = players or (len(specs) if specs else None) or info.default_players or info.min_players
    if specs is not None and len(specs) != count:
        raise RelicboxError(_t(lang, "seat_count", seats=len(specs), players=count))
    options = _collect_options(
        {"variant": variant, "split": split, "setup": setup}, option or [], lang
    )
    chosen_seed = seed if seed is not None else secrets.randbelow(1_000_000)
    state = relicbox.new_game(info.name, count, chosen_seed, **options)
    return _match(state, specs or default_seats(count), chosen_seed, lang), info


def _usage(lang: str) -> int:
    names = ", ".join(g.name for g in relicbox.games())
    console.print(f"[bold red]{_t(lang, 'no_game', games=names)}[/]")
    return 2


def _match(state: State, specs: list[SeatSpec], seed: int, lang: str) -> Match:
    humans = sum(spec.is_human for spec in specs)
    return Match(state, specs, ask_human=_HumanPrompt(lang, hotseat=humans > 1), seed=seed)


class _HumanPrompt:
    """Asks a person at the keyboard; in hot-seat games hides each choice from the others."""

    def __init__(self, lang: str, hotseat: bool) -> None:
        self.lang = lang
        self.hotseat = hotseat

    def __call__(self, state: State, seat: int) -> Any:
        lang = self.lang
        if self.hotseat:
            console.clear()
            _read(_t(lang, "hotseat_pass", player=_player(state, seat, lang)) + " ")
        view = state.view(seat)
        _show_board(state, view, seat, lang)
        legal = list(state.legal_actions(seat))
        text = state.game.text
        for number, action in enumerate(legal, start=1):
            label = text.describe_action(action.text, view, lang) if text else action.text
            console.print(f"  [bold]{number:>2}[/]. {action.text}  [dim]{label}[/]")
        action = self._ask_until_valid(state, seat, legal)
        if self.hotseat:
            _read(_t(lang, "hotseat_hide") + " ")
            console.clear()
        return action

    def _ask_until_valid(self, state: State, seat: int, legal: list[Any]) -> Any:
        lang = self.lang
        while True:
            answer = _read(f"{_t(lang, 'prompt')} [1-{len(legal)}]: ").strip()
            if answer.isdigit() and 1 <= int(answer) <= len(legal):
                return legal[int(answer) - 1]
            if answer.lower() in ("q", "quit", "konec"):
                raise QuitGame
            if answer.lower() in ("b", "board", "?", "help", "h"):
                _show_board(state, state.view(seat), seat, lang)
                console.print(_t(lang, "help_hint"))
                continue
            try:
                action = state.parse_action(answer)
            except RelicboxError:
                console.print(
                    f"[yellow]{_t(lang, 'bad_answer', answer=answer, count=len(legal))}[/]"
                )
                continue
            if action in legal:
                return action
            console.print(f"[yellow]{_t(lang, 'bad_answer', answer=answer, count=len(legal))}[/]")


def _read(prompt: str) -> str:
    try:
        return console.input(prompt)
    except EOFError:
        raise KeyboardInterrupt from None


def _show_board(state: State, view: dict[str, Any], seat: int | None, lang: str) -> None:
    text = state.game.text
    body = text.render(view, lang) if text else str(view)
    title = (
        state.game.title
        if seat is None
        else _t(lang, "your_turn", player=_player(state, seat, lang))
    )
    console.print(Panel(body, title=title, expand=False))


class _Narrator:
    """Prints the public history as it grows (each line once) and saves after every decision."""

    def __init__(self, lang: str, save_path: Path | None) -> None:
        self.lang = lang
        self.save_path = save_path
        self.shown = 0

    def __call__(self, match: Match, seat: int) -> None:
        self.narrate(match.state)
        if self.save_path is not None:
            save_match(self.save_path, match)

    def narrate(self, state: State) -> None:
        text = state.game.text
        if text is None or not hasattr(text, "transcript"):
            return
        lines = text.transcript(state.view(None), self.lang)
        for line in lines[self.shown :]:
            console.print(f"[dim]·[/] {line}")
        self.shown = len(lines)


def _run(match: Match, game: Game, save_path: Path | None, lang: str) -> None:
    narrator = _Narrator(lang, save_path)
    narrator.shown = 0
    narrator.narrate(match.state)
    try:
        match.play(after_each=narrator)
    except (KeyboardInterrupt, QuitGame):
        console.print(f"\n[bold]{_t(lang, 'interrupted')}[/]")
        _offer_save(match, save_path, lang)
        raise typer.Exit(code=130) from None
    _show_results(match.state, lang)
    if save_path is not None:
        save_match(save_path, match)
        console.print(_t(lang, "saved", path=str(save_path)))


def _offer_save(match: Match, save_path: Path | None, lang: str) -> None:
    if save_path is not None:
        save_match(save_path, match)
        console.print(_t(lang, "saved", path=str(save_path)))
        console.print(_t(lang, "resume_hint", path=str(save_path)))
        return
    default = Path(f"relicbox-{match.state.game.name}-{match.state.seed}.json")
    try:
        wanted = typer.confirm(_t(lang, "save_prompt"), default=True)
        path = Path(typer.prompt(_t(lang, "save_path"), default=str(default))) if wanted else None
    except (typer.Abort, KeyboardInterrupt, EOFError):
        path = default
    if path is None:
        console.print(_t(lang, "not_saved"))
        return
    save_match(path, match)
    console.print(_t(lang, "saved", path=str(path)))
    console.print(_t(lang, "resume_hint", path=str(path)))


def _show_results(state: State, lang: str) -> None:
    view = state.view(None)
    text = state.game.text
    _show_board(state, view, None, lang)
    if text is not None:
        headers, rows = text.result_rows(view, lang)
        console.print(_results_table(headers, rows, _t(lang, "game_over"), console.width))
    winners = ", ".join(_player(state, seat, lang) for seat in state.winners())
    console.print(f"[bold green]{_t(lang, 'winners', players=winners)}[/]")


def _results_table(headers: list[str], rows: list[list[str]], title: str, width: int) -> Table:
    """One row per seat; turned on its side when a long score breakdown would not fit."""
    columns = list(zip(headers, *rows, strict=True))
    needed = sum(max(len(cell) for cell in column) + 3 for column in columns)
    if needed > width and len(rows) < len(headers):
        headers, rows = (
            [headers[0], *(row[0] for row in rows)],
            [[header, *(row[i] for row in rows)] for i, header in enumerate(headers) if i],
        )
    table = Table(title=title, box=box.SIMPLE_HEAD)
    for header in headers:
        table.add_column(header)
    for row in rows:
        table.add_row(*row)
    return table


@app.command("replay", help=MESSAGES["en"]["replay_help"])
def replay_command(
    file: Annotated[Path, typer.Argument(help="A file written by play --save, or a bare record.")],
    events: Annotated[bool, typer.Option(help="Also list every recorded event.")] = False,
    lang: LangOption = "en",
) -> None:
    _check_lang(lang)
    try:
        state, _, _ = load_saved(file)
    except RelicboxError as error:
        raise _fail(lang, str(error)) from None
    record = state.record
    title = _t(
        lang, "transcript_title", game=state.game.title, seed=state.seed, players=state.players
    )
    console.print(f"[bold]{title}[/]")
    text = state.game.text
    if text is not None and hasattr(text, "transcript"):
        for line in text.transcript(state.view(None), lang):
            console.print(line)
    if events or text is None or not hasattr(text, "transcript"):
        console.print(_t(lang, "record_events", count=len(record["events"])))
        for event in record["events"]:
            if "chance" in event:
                console.print("  " + _t(lang, "chance_event", outcome=event["chance"]))
            else:
                player = _player(state, event["seat"], lang)
                console.print(
                    "  " + _t(lang, "decision_event", player=player, action=event["action"])
                )
    if state.is_over:
        _show_results(state, lang)


app.command("serve")(server_commands.serve_command)
app.command("export")(server_commands.export_command)
register_analysis(app)


def main() -> None:
    app()


if __name__ == "__main__":
    main()
