"""The ``relicbox`` command: ``games``, ``rules``, ``play`` and ``replay``.

Bad input never ends in a traceback: unknown games, options, seats and save
files exit with a one-line message (exit code 2) before a game starts; a wrong
answer at a prompt is explained and asked again; Ctrl-C stops cleanly and
offers to save the game. Saves never replace a file that is not this game's
own save (unless ``--force``) and never anything but a regular file.

A person at a real terminal plays on one fixed screen (:mod:`relicbox.cli.tui`);
elsewhere, or with ``--plain``, the game runs as a transcript with prompts.
Games and message catalogs load only when a command needs them, so ``--help``
stays quick.
"""

from __future__ import annotations

import contextlib
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any, NoReturn

import typer
from typer.core import TyperCommand, TyperGroup

from relicbox.cli.common import (
    MESSAGE_LIMIT,
    PATH_LIMIT,
    QuitGame,
    alias_hint,
    console,
    error_text,
    read_answer,
    rules_summary,
    seat_label,
    seat_labels,
    seating_at,
    shown,
    shown_action,
    t,
    transcript_lines,
)
from relicbox.cli.options import GAME_OPTIONS_HELP, PASS_GAME_OPTIONS, game_options, untangle
from relicbox.core.errors import ConfigurationError, RelicboxError, clip, quote
from relicbox.core.i18n import LANGUAGES

if TYPE_CHECKING:
    from collections.abc import Sequence

    from rich.table import Table

    from relicbox.bots.specs import SeatSpec
    from relicbox.core.game import Option, State
    from relicbox.play.match import EarlierSeating, Match

LAZY_COMMANDS = {
    "serve": "server_commands",
    "export": "server_commands",
    "simulate": "analysis",
    "tournament": "analysis",
    "analyze": "analyze",
}
"""Commands whose module (in ``relicbox.cli``) loads only when they run, so ``--help`` stays
quick: the analysis commands parse every message catalog just to register, and the server
commands bring in the rich console."""


class _LazyCommands(TyperGroup):
    """The ``relicbox`` command; the analysis commands are imported only when named."""

    def list_commands(self, ctx: Any) -> list[str]:
        names = super().list_commands(ctx)
        return names + [name for name in LAZY_COMMANDS if name not in names]

    listing = False

    def format_commands(self, ctx: Any, formatter: Any) -> None:
        self.listing = True  # the list of commands needs each one's help, not its module
        try:
            super().format_commands(ctx, formatter)
        finally:
            self.listing = False

    def get_command(self, ctx: Any, cmd_name: str) -> Any:
        module = LAZY_COMMANDS.get(cmd_name)
        if module is not None and cmd_name not in self.commands:
            if self.listing:
                return TyperCommand(cmd_name, help=_short_help(module, cmd_name))
            self._load(module)
        command = super().get_command(ctx, cmd_name)
        if command is not None:
            _pass_through(command, ctx)
        return command

    def parse_args(self, ctx: Any, args: list[str]) -> list[str]:
        _pass_through(self, ctx)
        rest: list[str] = super().parse_args(ctx, args)
        return rest

    def _load(self, module: str) -> None:
        commands = typer.Typer(rich_markup_mode=None, pretty_exceptions_enable=False)
        if module == "analysis":
            from relicbox.cli.analysis import register

            register(commands)
        elif module == "analyze":
            from relicbox.cli.analyze import register as register_analyze

            register_analyze(commands)
        else:
            from relicbox.cli import server_commands

            commands.command("serve")(server_commands.serve_command)
            commands.command("export")(server_commands.export_command)
        for name, command in typer.main.get_group(commands).commands.items():
            self.add_command(command, name)


def _pass_through(command: Any, ctx: Any) -> None:
    """Let a command's text and yes/no parameters (``--lang``, a game's name, ``--version``)
    through as click read them.

    Typer checks every parameter's value with a pydantic adapter, and building the first one
    imports pydantic, a large part of the start of ``relicbox games``. A value click already
    read as ``str`` or ``bool`` for a parameter of that type needs no checking; anything else
    keeps Typer's own, and so does every parameter of a Typer whose internals differ.
    """
    if _PassThrough is None:
        return
    for param in command.get_params(ctx):  # with --help, which click adds
        try:
            descriptor = param.type_descriptor
            if (
                param._runtime_param is None
                and descriptor.annotation in (str, bool)
                and descriptor.file_annotation is None
                and not descriptor.is_path
                and not descriptor.is_choice
            ):
                param._runtime_param = _PassThrough(
                    parameter_info=descriptor.parameter_info, annotation=descriptor.annotation
                )
        except (AttributeError, TypeError):  # another Typer's internals: its own checks run
            continue


def _pass_through_class() -> type | None:
    """The pass-through coercion, on a Typer whose parameters coerce through ``RuntimeParam``."""
    try:
        from typer._coercion import RuntimeParam, build_runtime_param
    except ImportError:  # a Typer that checks values without pydantic: nothing to spare
        return None

    class PassThrough(RuntimeParam):
        def _coerce_value(self, value: Any, param: Any, ctx: Any) -> Any:
            if type(value) is self.annotation:
                return value
            checked = build_runtime_param(param.type_descriptor)
            return checked._coerce_value(value, param=param, ctx=ctx)

    return dataclass(frozen=True)(PassThrough)


_PassThrough = _pass_through_class()


def _short_help(module: str, command: str) -> str:
    """A lazy command's help without importing it: the analysis commands' from the English
    catalog (read as text, no Fluent parser), the server commands' from their docstrings."""
    if module == "analysis":
        path = Path(__file__).resolve().parents[1] / "locales" / "en" / "analysis.ftl"
        prefix = f"{command}-help = "
        for line in path.read_text(encoding="utf-8").splitlines():
            if line.startswith(prefix):
                return line[len(prefix) :]
        return ""
    import ast

    source = Path(__file__).with_name(f"{module}.py").read_text(encoding="utf-8")
    for node in ast.parse(source).body:
        if isinstance(node, ast.FunctionDef) and node.name == f"{command}_command":
            return (ast.get_docstring(node) or "").split("\n\n")[0]
    return ""


app = typer.Typer(
    cls=_LazyCommands,
    help="relicbox: play Diamant, Tschak! and Relic Runners in the terminal.",
    no_args_is_help=True,
    add_completion=False,
    rich_markup_mode=None,
    pretty_exceptions_enable=False,
    context_settings={"help_option_names": ["-h", "--help"]},
)

LangOption = Annotated[
    str | None, typer.Option("--lang", "-l", help="Language: en or cs (default en).")
]


def _version(value: bool) -> None:
    if value:
        from relicbox import __version__

        console.print(f"relicbox {__version__}")
        raise typer.Exit()


@app.callback()
def _root(
    version: Annotated[
        bool,
        typer.Option("--version", callback=_version, is_eager=True, help="Show the version."),
    ] = False,
) -> None:
    """relicbox: play Diamant, Tschak! and Relic Runners in the terminal."""


def _check_lang(lang: str | None) -> str:
    if lang is not None and lang not in LANGUAGES:
        raise _fail("en", t("en", "unknown-lang", language=quote(lang), langs=", ".join(LANGUAGES)))
    return lang or "en"


def _fail(lang: str, message: str) -> typer.Exit:
    """Print ``message`` as one line (shortened, markup in it shown as typed, nothing the
    terminal would obey: it may quote a file); exit code 2."""
    from rich.markup import escape

    one_line = clip(" ".join(message.split()), MESSAGE_LIMIT)
    line = escape(t(lang, "error", message=shown(one_line, MESSAGE_LIMIT, markup=False)))
    console.print(f"[bold red]{line}[/]", soft_wrap=True)
    return typer.Exit(code=2)


@app.command("games", help="List the games, their player counts and options.")
def games_command(lang: LangOption = None) -> None:
    import relicbox
    from relicbox.bots import bot_names

    lang = _check_lang(lang)
    lines: list[tuple[str, str]] = []  # (bold start, rest): only a game's title stands out
    for number, game in enumerate(relicbox.list_games()):
        names = ", ".join([game.name, *game.aliases])
        players = t(lang, "games-players", low=game.min_players, high=game.max_players)
        lines += [("", "")] if number else []
        lines.append((game.title, f" ({names}) · {players}"))
        lines += [("", "  " + _option_summary(option, lang)) for option in game.options]
        bots = bot_names(game) + [family.usage for family in game.bot_families.values()]
        lines.append(("", "  " + t(lang, "games-bots", bots=", ".join(bots))))
    lines += [("", ""), ("", t(lang, "games-hint"))]
    _print_styled(lines)


def _print_styled(lines: list[tuple[str, str]]) -> None:
    """Lines whose first part is bold on a terminal. Into a pipe or a file they are the same
    words without styles, which is all rich would write there, so rich is not loaded."""
    if not sys.stdout.isatty():
        sys.stdout.write("".join(bold + rest + "\n" for bold, rest in lines))
        return
    from rich.markup import escape

    for bold, rest in lines:
        console.print((f"[bold]{escape(bold)}[/]" if bold else "") + escape(rest))


def _option_summary(option: Option, lang: str) -> str:
    """An option as it is typed: ``--no-progress-rounds N  (default: 30)``."""
    flag = "--" + option.name.replace("_", "-")
    if option.choices:
        allowed = "|".join(_typed(choice) for choice in option.choices)
    else:
        allowed = "N" if option.integer else "FILE"
    if option.default is None:
        return f"{flag} {allowed}"
    return f"{flag} {allowed}  " + t(lang, "games-default", value=_typed(option.default))


def _typed(value: object) -> str:
    """A value as a person types it: ``true``, not ``True``."""
    return str(value).lower() if isinstance(value, bool) else str(value)


@app.command("rules", help="Explain a game's rules in brief: goal, turn, scoring, ties.")
def rules_command(
    game: Annotated[str, typer.Argument(help="diamant, tschak or relic-runners")],
    lang: LangOption = None,
) -> None:
    import relicbox

    lang = _check_lang(lang)
    try:
        info = relicbox.get_game(game)
    except RelicboxError as error:
        raise _fail(lang, error_text(error, lang)) from None
    console.print(f"[bold]{t(lang, 'rules-title', game=info.title)}[/]\n")
    console.print(rules_summary(info, lang))


@app.command(
    "play",
    help="Play a game in the terminal against bots or friends (hot-seat).",
    epilog=GAME_OPTIONS_HELP,
    context_settings=PASS_GAME_OPTIONS,
)
def play_command(
    context: typer.Context,
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
    option: Annotated[
        list[str] | None, typer.Option("--option", "-o", help="Any game option as name=value.")
    ] = None,
    save: Annotated[
        str | None, typer.Option(help="Save the game to FILE after every decision.")
    ] = None,
    resume: Annotated[str | None, typer.Option(help="Continue a game saved with --save.")] = None,
    force: Annotated[
        bool, typer.Option("--force", help="Allow --save to replace a file of another game.")
    ] = False,
    reseat: Annotated[
        bool, typer.Option("--reseat", help="With --resume: play with the seats given by -s.")
    ] = False,
    plain: Annotated[
        bool, typer.Option("--plain", help="Prompts and a transcript instead of the full screen.")
    ] = False,
    lang: LangOption = None,
) -> None:
    from relicbox.play.match import load_saved

    chosen_lang = _check_lang(lang)
    resume_path = None if resume is None else Path(resume)
    save_path = None if save is None else Path(save)
    try:
        game, flags = untangle(game, context.args)
        options = game_options(flags, option)
        if reseat and resume is None:
            raise ConfigurationError(t(chosen_lang, "reseat-needs-resume"))
        if save == "" or resume == "":
            raise ConfigurationError(
                t(chosen_lang, "bad-save-path", path="''", reason=t(chosen_lang, "empty-name"))
            )
        if resume_path is not None:
            replaced = reseat and bool(seats)
            state, saved_seats, data = load_saved(resume_path, seats_replaced=replaced)
            saved_lang = data.get("lang")
            if lang is None and saved_lang in LANGUAGES:
                chosen_lang = str(saved_lang)
            _check_resume(
                state,
                saved_seats,
                resume_path,
                chosen_lang,
                game,
                players,
                seed,
                seats,
                reseat,
                options,
            )
            if state.is_over:
                _show_results(state, saved_seats, chosen_lang)
                console.print(t(chosen_lang, "finished", path=str(resume)), soft_wrap=True)
                return
            match = _resumed_match(state, saved_seats, seats, reseat, chosen_lang)
            match.earlier_seats = _seatings_after_resume(resume_path, data, state, match)
            console.print(
                t(chosen_lang, "resumed", game=state.game.title, events=len(state.record["events"]))
            )
        else:
            match = _new_match(game, players, seats, seed, options, chosen_lang)
        if save_path is not None:
            _check_save_target(save_path, match, force, chosen_lang)
        elif resume_path is not None:
            save_path = resume_path  # the file we resumed from is this game's own save
    except RelicboxError as error:
        raise _fail(chosen_lang, error_text(error, chosen_lang)) from None
    _run(match, save_path, chosen_lang, plain)


def _check_resume(
    state: State,
    saved_seats: list[SeatSpec] | None,
    path: Path,
    lang: str,
    game: str | None,
    players: int | None,
    seed: int | None,
    seats: str | None,
    reseat: bool,
    options: dict[str, object],
) -> None:
    """Options given with ``--resume`` must agree with the save; seats change only by request."""
    import relicbox
    from relicbox.bots.specs import Origin
    from relicbox.play.match import default_seats, parse_seats

    def conflict(name: str, saved: object, given: object) -> ConfigurationError:
        return ConfigurationError(
            t(lang, "resume-conflict", option=name, saved=saved, given=given, path=str(path))
        )

    if game is not None and relicbox.get_game(game).name != state.game.name:
        raise conflict("the game", state.game.name, game)
    if players is not None and players != state.players:
        raise conflict("-p", state.players, players)
    if seed is not None and seed != state.seed:
        raise conflict("--seed", state.seed, seed)
    resolved = state.game.resolve_options(options) if options else {}
    for name, value in options.items():
        key = name.replace("-", "_")
        saved_value = state.options.get(key)
        if resolved.get(key, value) != saved_value:
            raise conflict(f"--{name.replace('_', '-')}", saved_value, value)
    if seats is not None:
        wanted = parse_seats(seats, state.game, Origin.COMMAND_LINE)
        current = saved_seats or default_seats(state.players)
        if wanted != current and not reseat:
            raise ConfigurationError(
                t(
                    lang,
                    "resume-seats",
                    saved=",".join(map(str, current)),
                    given=",".join(map(str, wanted)),
                )
            )
    elif reseat:
        raise ConfigurationError(t(lang, "reseat-needs-seats"))


def _resumed_match(
    state: State, saved: list[SeatSpec] | None, seats: str | None, reseat: bool, lang: str
) -> Match:
    from relicbox.bots.specs import Origin
    from relicbox.play.match import default_seats, parse_seats

    specs = parse_seats(seats, state.game, Origin.COMMAND_LINE) if seats and reseat else saved
    specs = specs or default_seats(state.players)
    if len(specs) != state.players:
        raise ConfigurationError(t(lang, "seat-count", seats=len(specs), players=state.players))
    return _match(state, specs, state.seed)


def _seatings_after_resume(
    path: Path, data: dict[str, Any], state: State, match: Match
) -> list[EarlierSeating]:
    """The save's earlier seatings, and the one a reseat just replaced, if it did."""
    from relicbox.play.match import EarlierSeating, as_label, default_seats, earlier_seatings

    seatings = earlier_seatings(path, data, state)
    saved = data.get("seats")
    before = (
        tuple(as_label(seat) for seat in saved)
        if isinstance(saved, list) and len(saved) == state.players
        else tuple(as_label(str(seat)) for seat in default_seats(state.players))
    )
    events = len(state.record["events"])
    changed = [str(seat) for seat in match.seats] != [str(seat) for seat in before]
    if changed and events > (seatings[-1].events if seatings else 0):
        seatings.append(EarlierSeating(events, before))
    return seatings


def _new_match(
    game: str | None,
    players: int | None,
    seats: str | None,
    seed: int | None,
    options: dict[str, Any],
    lang: str,
) -> Match:
    import relicbox
    from relicbox.bots.specs import Origin
    from relicbox.play.match import default_seats, parse_seats

    if game is None:
        names = ", ".join(g.name for g in relicbox.list_games())
        raise ConfigurationError(t(lang, "no-game", games=names))
    info = relicbox.get_game(game)
    specs = parse_seats(seats, info, Origin.COMMAND_LINE) if seats else None
    count: int
    if players is not None:
        count = info.check_players(players)
    elif specs:
        count = len(specs)
    else:
        count = info.default_players or info.min_players
    if specs is not None and len(specs) != count:
        raise ConfigurationError(t(lang, "seat-count", seats=len(specs), players=count))
    import secrets

    chosen_seed = seed if seed is not None else secrets.randbelow(1_000_000)
    state = relicbox.new_game(info.name, count, chosen_seed, **options)
    return _match(state, specs or default_seats(count), chosen_seed)


def _match(state: State, specs: list[SeatSpec], seed: int) -> Match:
    from relicbox.play.match import Match

    return Match(state, specs, seed=seed)


def _check_save_target(path: Path, match: Match, force: bool, lang: str) -> None:
    """Before the game starts: the save file can be written and is ours to replace."""
    from relicbox.play.match import is_save_of, read_save, save_problem

    problem = save_problem(path)
    if problem is not None:
        reason = clip(problem, MESSAGE_LIMIT)  # it may quote the whole path
        raise ConfigurationError(t(lang, "bad-save-path", path=quote(str(path)), reason=reason))
    if path.exists() and not force:
        try:
            ours = is_save_of(read_save(path), match.state)
        except RelicboxError:
            ours = False
        if not ours:
            raise ConfigurationError(t(lang, "save-exists", path=quote(str(path))))


def _is_tui_possible(plain: bool) -> bool:
    """The full screen needs a real terminal both ways, and Textual installed."""
    if plain:
        return False
    try:
        if not (sys.stdin.isatty() and sys.stdout.isatty()):
            return False
    except (AttributeError, ValueError):
        return False
    try:
        import textual  # noqa: F401
    except ImportError:
        return False
    return True


def _run(match: Match, save_path: Path | None, lang: str, plain: bool) -> None:
    saver = _Saver(save_path, lang)
    humans = sum(spec.is_human for spec in match.seats)
    if humans and _is_tui_possible(plain):
        from relicbox.cli.tui import run_tui

        outcome = run_tui(match, lang, lambda played: saver(played, quiet=True))
        if outcome != "over":
            console.print(f"[bold]{t(lang, 'interrupted')}[/]")
            _stop(match, save_path, lang, interrupted=outcome == "interrupted")
        _finish(match, save_path, lang)
        return
    narrator = _Narrator(lang, saver)
    narrator.seats = match.seats
    match.ask_human = _HumanPrompt(lang, narrator, hotseat=humans > 1)
    console.print(
        t(
            lang,
            "seating",
            seats=", ".join(seat_label(s, match.seats, lang) for s in range(match.state.players)),
        )
    )
    narrator.narrate(match.state)
    try:
        match.play(after_each=narrator)
    except (KeyboardInterrupt, QuitGame) as stop:
        narrator.leave_secret_screen()
        console.print(f"\n[bold]{t(lang, 'interrupted')}[/]")
        _stop(match, save_path, lang, interrupted=isinstance(stop, KeyboardInterrupt))
    _finish(match, save_path, lang)


SAVE_FAILED = 1
"""The exit code when the game could not be saved; 130 is kept for Ctrl-C (an interrupt)."""


def _stop(match: Match, save_path: Path | None, lang: str, interrupted: bool) -> NoReturn:
    """After a stop: offer the save, then exit (0 for q, 130 for Ctrl-C, 1 if the save failed)."""
    saved = _offer_save(match, save_path, lang)
    raise typer.Exit(code=SAVE_FAILED if not saved else 130 if interrupted else 0)


def _finish(match: Match, save_path: Path | None, lang: str) -> None:
    _show_results(match.state, match.seats, lang)
    if save_path is not None:
        if _Saver(save_path, lang)(match) is not None:
            raise typer.Exit(code=SAVE_FAILED)
        console.print(t(lang, "saved", path=str(save_path)), soft_wrap=True)


class _Saver:
    """Saves after every decision; a failed save is reported, never fatal, never silent."""

    def __init__(self, path: Path | None, lang: str) -> None:
        self.path = path
        self.lang = lang
        self.warned = False

    def __call__(self, match: Match, quiet: bool = False) -> str | None:
        """Save; returns the warning when saving failed (printed too, unless ``quiet``)."""
        from relicbox.play.match import save_match

        if self.path is None:
            return None
        try:
            save_match(self.path, match, {"lang": self.lang})
            self.warned = False
            return None
        except (OSError, RelicboxError) as error:
            warning = t(self.lang, "save-failed", reason=error_text(error, self.lang))
            if not self.warned and not quiet:
                console.print(f"[bold red]{warning}[/]")
            self.warned = True
            return warning


class _HumanPrompt:
    """Asks a person at the keyboard; in hot-seat games hides each choice from the others.

    Hot-seat choices are made on the terminal's alternate screen, which leaves nothing
    in the scrollback; the public events between two hand-offs are shown on the normal
    screen and wait for Enter, so everybody sees the reveal before the next secret choice.
    """

    def __init__(self, lang: str, narrator: _Narrator, hotseat: bool) -> None:
        self.lang = lang
        self.narrator = narrator
        self.hotseat = hotseat
        self.seen = 0
        _enable_line_editing()

    def __call__(self, state: State, seat: int) -> Any:
        lang = self.lang
        if self.hotseat:
            if self.narrator.shown > self.seen and self.seen:
                _read(t(lang, "reveal-wait") + " ")
            self.narrator.enter_secret_screen()
            answer = _read(t(lang, "hotseat-pass", player=self._label(state, seat)) + " ")
            if answer.strip().casefold() in ("q", "quit", "exit", "konec"):
                raise QuitGame
        view = state.view(seat)
        _show_board(state, view, seat, lang, self._label(state, seat))
        legal = list(state.legal_actions(seat))
        self._list(state, view, legal)
        action = self._ask_until_valid(state, seat, legal)
        if self.hotseat:
            _read(t(lang, "hotseat-hide") + " ")
            self.narrator.leave_secret_screen()
            self.seen = self.narrator.shown
        return action

    def _label(self, state: State, seat: int) -> str:
        return seat_label(seat, self.narrator.seats, self.lang)

    def _list(self, state: State, view: dict[str, Any], legal: list[Any]) -> None:
        text = state.game.text
        for number, action in enumerate(legal, start=1):
            label = text.describe_action(action.text, view, self.lang) if text else action.text
            shown = shown_action(state, action.text, self.lang)
            console.print(f"  [bold]{number:>2}[/]. {shown}  [dim]{label}[/]")
        hint = alias_hint(state, self.lang)
        if hint:
            console.print(f"[dim]{hint}[/]")

    def _ask_until_valid(self, state: State, seat: int, legal: list[Any]) -> Any:
        lang = self.lang
        while True:
            question = (
                t(lang, "prompt-forced", action=shown_action(state, legal[0].text, lang))
                if len(legal) == 1
                else f"{t(lang, 'prompt')} [1-{len(legal)}]"
            )
            answer = read_answer(state, seat, legal, _read(question + ": "), lang)
            if answer.action is not None:
                return answer.action
            if answer.command == "quit":
                raise QuitGame
            if answer.command == "board":
                _show_board(state, state.view(seat), seat, lang, self._label(state, seat))
                self._list(state, state.view(seat), legal)
            elif answer.command == "help":
                console.print(rules_summary(state, lang))
                console.print(t(lang, "help-hint"))
            else:
                console.print(f"[yellow]{answer.refusal}[/]")


def _enable_line_editing() -> None:
    """Arrow keys and history at the prompts, where the platform has readline."""
    if sys.stdin.isatty():
        with contextlib.suppress(ImportError):
            import readline  # noqa: F401


def _read(prompt: str) -> str:
    try:
        return console.input(prompt)
    except EOFError:
        raise KeyboardInterrupt from None


def _show_board(
    state: State, view: dict[str, Any], seat: int | None, lang: str, label: str = ""
) -> None:
    from rich.panel import Panel

    text = state.game.text
    body = text.render(view, lang) if text else str(view)
    title = state.game.title if seat is None else t(lang, "your-turn", player=label)
    console.print(Panel(body, title=title, expand=False))


class _Narrator:
    """Prints the public history as it grows (each line once) and saves after every decision."""

    def __init__(self, lang: str, saver: _Saver) -> None:
        self.lang = lang
        self.saver = saver
        self.shown = 0
        self.seats: list[SeatSpec] | None = None
        self.secret = False

    def __call__(self, match: Match, seat: int) -> None:
        self.seats = match.seats
        if not self.secret:
            self.narrate(match.state)
        self.saver(match)

    def narrate(self, state: State) -> None:
        lines = transcript_lines(state, self.seats, self.lang)
        for line in lines[self.shown :]:
            console.print(f"[dim]·[/] {line}")
        self.shown = len(lines)

    def enter_secret_screen(self) -> None:
        if not self.secret:
            self.secret = True
            console.set_alt_screen(True)
            console.clear()

    def leave_secret_screen(self) -> None:
        if self.secret:
            console.clear()
            console.set_alt_screen(False)
            self.secret = False


def _offer_save(match: Match, save_path: Path | None, lang: str) -> bool:
    """After a stop: save where asked, or ask for a file until one works or Ctrl-C says no.

    False only when a save was tried and failed (the warning is printed, never "saved").
    """
    from relicbox.play.match import save_problem

    if save_path is not None:
        return _save_and_tell(match, save_path, lang)
    default = _free_default_name(match)
    try:
        if not _confirm(t(lang, "save-prompt"), lang):
            console.print(t(lang, "not-saved"))
            return True
        while True:
            path = Path(typer.prompt(t(lang, "save-path"), default=str(default)))
            problem = save_problem(path)
            if problem is None and path.exists() and not _is_own_save(path, match):
                problem = t(lang, "save-exists", path=quote(str(path)))
            if problem is None:
                break
            console.print(f"[yellow]{t(lang, 'save-refused', reason=problem)}[/]")
    except (typer.Abort, KeyboardInterrupt):
        console.print(f"\n[bold]{t(lang, 'quit-unsaved')}[/]")
        return True
    except EOFError:
        path = default
    return _save_and_tell(match, path, lang)


def _confirm(question: str, lang: str) -> bool:
    """A yes-or-no question in ``lang`` (``[A/n]`` takes a or ano in Czech); Enter says yes."""
    yes, no = t(lang, "yes-words").split(), t(lang, "no-words").split()
    while True:
        try:
            answer = console.input(f"{question} {t(lang, 'yes-no')}: ").strip().casefold()
        except EOFError:
            raise typer.Abort from None
        if not answer or answer in yes:
            return True
        if answer in no:
            return False
        console.print(f"[yellow]{t(lang, 'yes-no-hint')}[/]")


def _save_and_tell(match: Match, path: Path, lang: str) -> bool:
    """Save once more; say where and how to resume only if it worked."""
    if _Saver(path, lang)(match) is not None:
        return False
    # soft-wrapped: a path broken over two lines by the printer could not be copied
    console.print(t(lang, "saved", path=str(path)), soft_wrap=True)
    console.print(t(lang, "resume-hint", path=str(path)), soft_wrap=True)
    return True


def _is_own_save(path: Path, match: Match) -> bool:
    from relicbox.play.match import is_save_of, read_save

    try:
        return is_save_of(read_save(path), match.state)
    except RelicboxError:
        return False


def _free_default_name(match: Match) -> Path:
    """``relicbox-<game>-<seed>.json``, or the first numbered variant not holding another game."""
    base = f"relicbox-{match.state.game.name}-{match.state.seed}"
    candidate = Path(base + ".json")
    number = 2
    while candidate.exists() and not _is_own_save(candidate, match):
        candidate = Path(f"{base}-{number}.json")
        number += 1
    return candidate


def _show_results(
    state: State,
    seats: list[SeatSpec] | None,
    lang: str,
    last_round: bool = True,
    earlier: Sequence[EarlierSeating] = (),
) -> None:
    view = state.view(None)
    text = state.game.text
    labels = seat_labels(state.players, seats, lang, earlier)
    rounds_fn = getattr(text, "finished_rounds", None)
    if last_round and rounds_fn is not None:
        rounds = rounds_fn(view, lang, labels)
        if rounds:
            console.print(f"[bold]{t(lang, 'last-round')}[/]")
            for line in rounds[-1]:
                console.print(f"[dim]·[/] {line}")
    _show_board(state, view, None, lang)
    if text is not None:
        headers, rows = text.result_rows(view, lang)
        console.print(
            _results_table(
                headers,
                [[labels[seat], *row[1:]] for seat, row in enumerate(rows)],
                t(lang, "game-over"),
                console.width,
            )
        )
    winners = state.winners()
    names = ", ".join(labels[seat] for seat in winners)
    console.print(f"[bold green]{t(lang, 'winners', players=names, count=len(winners))}[/]")


def _results_table(headers: list[str], rows: list[list[str]], title: str, width: int) -> Table:
    """One row per seat; turned on its side when a long score breakdown would not fit."""
    from rich import box
    from rich.table import Table

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


@app.command("replay", help="Print a readable transcript of a saved game or record.")
def replay_command(
    file: Annotated[Path, typer.Argument(help="A file written by play --save, or a bare record.")],
    events: Annotated[bool, typer.Option(help="Also list every recorded event.")] = False,
    lang: Annotated[
        str | None,
        typer.Option(
            "--lang", "-l", help="Language: en or cs (default: the save's language, else en)."
        ),
    ] = None,
) -> None:
    from relicbox.play.match import earlier_seatings, load_saved

    chosen = _check_lang(lang)
    try:
        state, seats, data = load_saved(file, seats_as_labels=True)
        earlier = earlier_seatings(file, data, state) if seats is not None else []
    except RelicboxError as error:
        raise _fail(chosen, error_text(error, chosen)) from None
    if lang is None and data.get("lang") in LANGUAGES:
        chosen = str(data["lang"])
    lang = chosen
    record = state.record
    title = t(
        lang, "transcript-title", game=state.game.title, seed=str(state.seed), players=state.players
    )
    console.print(f"[bold]{title}[/]")
    if seats is not None:
        labels = ", ".join(seat_labels(state.players, seats, lang, earlier))
        console.print(t(lang, "seating", seats=labels))
    text = state.game.text
    for line in transcript_lines(state, seats, lang, earlier):
        console.print(line)
    if events or text is None or not hasattr(text, "transcript"):
        console.print(t(lang, "record-events", count=len(record["events"])))
        for number, event in enumerate(record["events"]):
            if "chance" in event:
                outcome = shown(str(event["chance"]))
                console.print("  " + t(lang, "chance-event", outcome=outcome))
            else:
                player = seat_label(event["seat"], seating_at(number, seats, earlier), lang)
                action = shown(str(event["action"]))
                console.print("  " + t(lang, "decision-event", player=player, action=action))
    if state.is_over:
        _show_results(state, seats, lang, last_round=False, earlier=earlier)  # told just now
    else:
        decisions = sum(1 for event in record["events"] if "chance" not in event)
        path = shown(str(file), PATH_LIMIT)
        console.print(
            f"[bold]{t(lang, 'unfinished', count=decisions, path=path)}[/]", soft_wrap=True
        )


def main() -> None:
    app()


if __name__ == "__main__":
    main()
