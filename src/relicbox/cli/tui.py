"""The full-screen terminal table: one fixed screen per decision, built with Textual.

The screen has a status line, the board, the deciding seat's own panel, the
last few public events, the numbered options and a typing line. ``?`` opens
a help screen with the game's rules in brief. The match runs in a worker
thread; each human decision is handed to the screen and waited for, so the
engine never runs on the interface's thread and the screen never reads a
state that is changing.

Hot-seat games keep every choice secret: the app runs on the terminal's
alternate screen (nothing stays in the scrollback), the table is covered
while the keyboard is passed, the reveal of a simultaneous choice waits for
Enter, and ``q`` works at every hand-off.
"""

from __future__ import annotations

import contextlib
import inspect
import queue
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, ClassVar

from rich.text import Text
from textual import events
from textual.app import App, ComposeResult, RenderResult
from textual.binding import Binding, BindingType
from textual.containers import Container, Vertical, VerticalScroll
from textual.geometry import Region, Size
from textual.message import Message
from textual.reactive import reactive
from textual.screen import ModalScreen
from textual.widget import Widget
from textual.widgets import Input, Static

from relicbox.cli.common import (
    QUIT_WORDS,
    QuitGame,
    alias_hint,
    read_answer,
    rules_summary,
    seat_label,
    seat_labels,
    shown_action,
    t,
    transcript_lines,
)
from relicbox.core.game import State
from relicbox.play.match import Match

_QUIT = object()
WIDE = 110
"""From this many columns the board and the seat's panel stand side by side."""
BOARD_COLUMNS = 81
"""The board pane's width beside the side column: a 78-column map and its scrollbar."""
LOG_LINES = 40
"""How many recent events the log keeps; the newest is always at its bottom edge."""
GRID_ROWS = 5
"""Up to this many options stand in one column; more spread over columns when they fit."""
WRAP_ROWS = 14
"""A single column of options wraps long ones only while all of them fit in this many rows."""
GRID_CELL = 26
"""The narrowest column of options: a number, an action and the start of its description."""
ROUND_LINES = 16
"""How many lines of a finished round (or of a reveal) its summary screen shows."""


@dataclass
class Decision:
    """Everything the screen shows for one human decision, prepared on the worker thread."""

    seat: int
    title: str
    board: str
    own: str
    options: list[str]
    hint: str
    legal: list[Any]
    state: State
    covers: list[str] = field(default_factory=list)


class HelpScreen(ModalScreen[None]):
    """The game's rules in brief and the keys; Escape, q or ? closes it."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "dismiss_help", "Close"),
        Binding("q", "dismiss_help", "Close", show=False),
        Binding("question_mark", "dismiss_help", "Close", show=False),
    ]
    DEFAULT_CSS = """
    HelpScreen { align: center middle; }
    #help-box { width: 100%; height: 100%; border: round $accent; background: $surface;
                padding: 0 1; }
    """

    def __init__(self, title: str, body: str) -> None:
        super().__init__()
        self.help_title = title
        self.body = body

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="help-box"):
            yield Static(f"[bold]{self.help_title}[/]\n\n{self.body}", id="help-text")

    def action_dismiss_help(self) -> None:
        self.dismiss(None)


class AnswerInput(Input):
    """The typing line; ``?`` on an empty line opens the help at once, ``q`` at a hand-off quits.

    Ctrl-P and Ctrl-N walk through the deciding seat's own earlier answers, as at a shell
    prompt. Each seat has its own history, and in hot-seat games nothing typed ever reaches
    a clipboard, so the next player cannot call back what the previous one typed.
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("ctrl+p", "history(-1)", "Previous answer", show=False),
        Binding("ctrl+n", "history(1)", "Next answer", show=False),
    ]

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.histories: dict[int, list[str]] = {}
        self.seat = 0
        self.position = 0
        self.private = False

    @property
    def history(self) -> list[str]:
        return self.histories.setdefault(self.seat, [])

    def use_seat(self, seat: int) -> None:
        """From now on the line belongs to ``seat``: its history, and an empty line."""
        self.seat = seat
        self.value = ""
        self.position = len(self.history)

    def remember(self, answer: str) -> None:
        history = self.history
        if answer.strip() and (not history or history[-1] != answer):
            history.append(answer)
        self.position = len(history)

    def action_history(self, step: int) -> None:
        history = self.history
        if not history:
            return
        self.position = max(0, min(len(history), self.position + step))
        self.value = history[self.position] if self.position < len(history) else ""
        self.cursor_position = len(self.value)

    def action_copy(self) -> None:
        if not self.private:
            super().action_copy()

    def action_cut(self) -> None:
        if self.private:
            self.delete_selection()  # a cut that copies nothing
        else:
            super().action_cut()

    def action_paste(self) -> None:
        if not self.private:
            super().action_paste()

    async def _on_key(self, event: Any) -> None:
        app = self.app
        if not self.value and isinstance(app, GameApp):
            if event.character == "?":
                event.stop()
                event.prevent_default()
                app.action_help()
            elif event.character == "q" and app.covers:
                event.stop()
                event.prevent_default()
                app.action_quit_game()


class OptionGrid(Widget):
    """The numbered options, in as many columns as the width allows without cutting any.

    A long option list (ten cards in a Tschak! hand) fits a small terminal in two or
    three columns instead of scrolling out of sight; one column wraps long options. The
    highlighted option follows the arrow keys and Enter on an empty line takes it.
    """

    DEFAULT_CSS = """
    OptionGrid { height: auto; padding: 0 1; }
    """

    class Chosen(Message):
        """An option was clicked."""

        def __init__(self, index: int) -> None:
            super().__init__()
            self.index = index

    highlighted: reactive[int] = reactive(0)

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.labels: list[Text] = []
        self.cells: list[tuple[int, int, int]] = []  # (row, first column, last column) per option

    def set_options(self, labels: list[str]) -> None:
        self.labels = [Text.from_markup(label) for label in labels]
        self.highlighted = 0
        self.refresh(layout=True)

    @property
    def option_count(self) -> int:
        return len(self.labels)

    def move(self, step: int) -> None:
        if self.labels:
            self.highlighted = max(0, min(len(self.labels) - 1, self.highlighted + step))

    def watch_highlighted(self) -> None:
        self.refresh()
        if self.cells and self.highlighted < len(self.cells):
            row = self.cells[self.highlighted][0]
            with contextlib.suppress(Exception):
                self.scroll_visible()  # keep the pane on screen
                self.screen.scroll_to_region(
                    Region(self.region.x, self.region.y + row, self.region.width, 1)
                )

    def _columns(self, width: int) -> tuple[int, int]:
        """How many columns, and each column's width, for ``width`` cells."""
        count = len(self.labels)
        if count < 2:
            return 1, width
        if count <= GRID_ROWS:
            return 1, width
        columns = min(-(-count // GRID_ROWS), max(1, width // GRID_CELL))
        if columns == 1:
            return 1, width
        rows = -(-count // columns)
        columns = -(-count // rows)
        return columns, width // columns

    def _lines(self, width: int) -> list[Text]:
        width = max(1, width)
        columns, cell = self._columns(width)
        self.cells = []
        if columns == 1:
            console = self.app.console
            wrap = sum(len(label.wrap(console, width)) for label in self.labels) <= WRAP_ROWS
            lines: list[Text] = []
            for index, label in enumerate(self.labels):
                shown = label.copy()
                if not wrap:  # a long list keeps one row per option: every option in view
                    shown.truncate(width, overflow="ellipsis")
                if index == self.highlighted:
                    shown.stylize("reverse")
                wrapped = shown.wrap(console, width)
                self.cells.append((len(lines), 0, width))
                lines.extend(wrapped)
            return lines
        rows = -(-len(self.labels) // columns)
        grid = [Text() for _ in range(rows)]
        for index, label in enumerate(self.labels):
            row, column = index % rows, index // rows
            shown = label.copy()
            shown.truncate(cell - 1, overflow="ellipsis", pad=True)
            if index == self.highlighted:
                shown.stylize("reverse")
            self.cells.append((row, column * cell, column * cell + cell - 1))
            grid[row].append_text(shown)
            grid[row].append(" ")
        return grid

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        return len(self._lines(width))

    def render(self) -> RenderResult:
        lines = self._lines(self.content_region.width or self.size.width)
        return Text("\n").join(lines)

    def on_click(self, event: events.Click) -> None:
        offset = event.get_content_offset(self)
        if offset is None:
            return
        for index, (row, first, last) in enumerate(self.cells):
            if row == offset.y and first <= offset.x < last:
                self.post_message(self.Chosen(index))
                return
            if row <= offset.y and first == 0 and last >= self.content_region.width:
                found = index  # one column: an option may wrap over several rows
                if index + 1 == len(self.cells) or self.cells[index + 1][0] > offset.y:
                    self.post_message(self.Chosen(found))
                    return


class GameApp(App[str]):
    """One match on one fixed screen. Returns ``"over"``, ``"quit"`` or ``"interrupted"``."""

    ENABLE_COMMAND_PALETTE = False  # Ctrl-P recalls earlier answers instead

    CSS = """
    Screen { layout: vertical; }
    #status { height: 1; background: $primary; color: $text; padding: 0 1; }
    #main { height: 1fr; layout: vertical; }
    #board-pane { height: 1fr; min-height: 5; }
    #side { height: auto; }
    #own { height: auto; max-height: 6; padding: 0 1; }
    #log { height: 3; padding: 0 1; background: $boost; align-vertical: bottom;
           scrollbar-size: 0 0; }
    #log-text { color: $text-muted; }
    #options { height: auto; max-height: 12; }
    #message { height: auto; max-height: 4; padding: 0 1; color: $warning; }
    #answer { height: 1; border: none; padding: 0 1; }
    #cover { display: none; height: 1fr; content-align: center middle; text-align: center;
             padding: 1 2; }
    .covered #main { display: none; }
    .covered #cover { display: block; }
    .wide #main { layout: horizontal; }
    .wide #board-pane { width: 81; height: 1fr; }  /* BOARD_COLUMNS */
    .wide #side { width: 1fr; height: 1fr; border-left: solid $panel; }
    .wide #own { max-height: 16; }
    .wide #log { height: 1fr; min-height: 4; }
    .wide #options { max-height: 16; }
    .wide #message { max-height: 4; }
    """
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("ctrl+c", "quit_game(True)", "Quit", show=False, priority=True),
        Binding("ctrl+q", "quit_game", "Quit", show=False, priority=True),
        Binding("up", "option_move(-1)", "Previous option", show=False),
        Binding("down", "option_move(1)", "Next option", show=False),
        Binding("pageup", "board_up", "Scroll the board", show=False),
        Binding("pagedown", "board_down", "Scroll the board", show=False),
        # the typing line is the only place keys go: Tab never takes them elsewhere
        Binding("tab", "focus_answer", "Typing line", show=False, priority=True),
        Binding("shift+tab", "focus_answer", "Typing line", show=False, priority=True),
    ]

    def __init__(
        self, match: Match, lang: str, after_each: Callable[[Match], str | None] | None = None
    ) -> None:
        super().__init__()
        self.match = match
        self.lang = lang
        self.saver = after_each
        self.answers: queue.Queue[object] = queue.Queue()
        self.decision: Decision | None = None
        self.covers: list[str] = []
        self.hotseat = sum(spec.is_human for spec in match.seats) > 1
        self.log_lines: list[str] = []
        self.seen_log = 0
        self.last_seat: int | None = None
        self.rounds_shown = len(self._finished_rounds(match.state))
        self.save_warning = ""
        self.save_failed = False
        self.hint = ""
        self.stopping = False
        self.interrupted = False
        self.highlight_moved = False
        self.ending = False
        match.ask_human = self._ask

    # -- layout --------------------------------------------------------------------------

    def compose(self) -> ComposeResult:
        yield Static(self.match.state.game.title, id="status")
        with Container(id="main"):
            with VerticalScroll(id="board-pane", can_focus=False):
                yield Static("", id="board")
            with Vertical(id="side"):
                yield Static("", id="own")
                with VerticalScroll(id="log", can_focus=False):
                    yield Static("", id="log-text")
                with VerticalScroll(id="options", can_focus=False):
                    yield OptionGrid(id="option-grid")
                yield Static("", id="message")
                yield AnswerInput(placeholder=t(self.lang, "tui-type"), id="answer")
        yield Static("", id="cover")

    def on_mount(self) -> None:
        self._fit(self.size.width)
        answer = self.query_one("#answer", AnswerInput)
        answer.private = self.hotseat
        answer.focus()
        self.run_worker(self._play, thread=True, exit_on_error=False)

    def on_resize(self, event: Any) -> None:
        self._fit(event.size.width)
        self.call_after_refresh(self._show_log)

    def _fit(self, width: int) -> None:
        self.screen.set_class(width >= WIDE, "wide")

    @property
    def wide(self) -> bool:
        return self.size.width >= WIDE

    # -- the match, on the worker thread -------------------------------------------------

    def _play(self) -> None:
        outcome = "over"
        try:
            self.call_from_thread(self._update_log, self._transcript(self.match.state))
            self.match.play(after_each=self._after_each)
            self._show_rounds_then_end()
        except QuitGame:
            outcome = "interrupted" if self.interrupted else "quit"
        except RuntimeError:
            if not self.stopping:  # the app closed under us; anything else is a real fault
                raise
            outcome = "interrupted" if self.interrupted else "quit"
        if not self.stopping or outcome != "over":
            with contextlib.suppress(RuntimeError):
                self.call_from_thread(self.exit, outcome)

    def _show_rounds_then_end(self) -> None:
        """At the end, the last round stays on the screen until a person dismisses it."""
        covers = self._round_covers(self.match.state)
        if not covers:
            return
        self.ending = True
        self.call_from_thread(self._show_covers, covers)
        if self.answers.get() is _QUIT and self.stopping:
            raise QuitGame

    def on_unmount(self) -> None:
        """However the app closes, the match thread stops at its next decision."""
        self.stopping = True
        self.answers.put(_QUIT)

    def _transcript(self, state: State) -> list[str]:
        return transcript_lines(state, self.match.seats, self.lang)

    def _after_each(self, match: Match, seat: int) -> None:
        lines = self._transcript(match.state)
        if self.saver is not None:
            problem = self.saver(match)
            self.call_from_thread(self.warn, problem or "")
        if self.stopping:
            raise QuitGame
        self.call_from_thread(self._update_log, lines)

    def _ask(self, state: State, seat: int) -> Any:
        if self.stopping:
            raise QuitGame
        self.call_from_thread(self._show_decision, self._prepare(state, seat))
        answer = self.answers.get()
        if answer is _QUIT:
            raise QuitGame
        return answer

    def _finished_rounds(self, state: State) -> list[list[str]]:
        text = state.game.text
        rounds_fn = getattr(text, "finished_rounds", None)
        if rounds_fn is None:
            return []
        names = seat_labels(state.players, self.match.seats, self.lang)
        rounds: list[list[str]] = rounds_fn(state.view(None), self.lang, names)
        return rounds

    def _round_covers(self, state: State) -> list[str]:
        """A summary of each round that ended since the last one shown, to be dismissed."""
        rounds = self._finished_rounds(state)
        covers = []
        for lines in rounds[self.rounds_shown :]:
            if len(lines) > ROUND_LINES:  # the round's title, then how it ended
                lines = [lines[0], "…", *lines[-(ROUND_LINES - 2) :]]
            body = "\n".join(lines)
            covers.append(f"{body}\n\n[bold]{t(self.lang, 'round-over')}[/]")
        self.rounds_shown = len(rounds)
        return covers

    def _prepare(self, state: State, seat: int) -> Decision:
        lang = self.lang
        text = state.game.text
        view = state.view(seat)
        label = seat_label(seat, self.match.seats, lang)
        legal = list(state.legal_actions(seat))
        options = []
        for number, action in enumerate(legal, start=1):
            described = text.describe_action(action.text, view, lang) if text else ""
            shown = shown_action(state, action.text, lang)
            options.append(f"[bold]{number:>2}[/] {shown}  [dim]{described}[/]")
        board = self._board(state, view)
        own = self._own(state, view)
        covers = self._round_covers(state)
        if self.hotseat:
            fresh = self.log_lines[self.seen_log :]
            if self.last_seat is not None and fresh and not covers:
                lines = "\n".join(fresh[-ROUND_LINES:])
                covers.append(f"{lines}\n\n[bold]{t(lang, 'reveal-wait')}[/]")
            if self.last_seat != seat:
                covers.append(f"[bold]{t(lang, 'hotseat-pass', player=label)}[/]")
        self.last_seat = seat
        return Decision(
            seat=seat,
            title=f"{state.game.title} — {t(lang, 'your-turn', player=label)}",
            board=board,
            own=own,
            options=options,
            hint="\n".join(filter(None, [self._size_notice(state), alias_hint(state, lang)])),
            legal=legal,
            state=state,
            covers=covers,
        )

    def _board(self, state: State, view: dict[str, Any]) -> str:
        """The board pane's text; a game that can be brief is, on a small terminal."""
        text = state.game.text
        board_fn = getattr(text, "board", None) or getattr(text, "render", None)
        if board_fn is None:
            return str(view)
        if not self.wide and "compact" in inspect.signature(board_fn).parameters:
            return str(board_fn(view, self.lang, compact=True))
        return str(board_fn(view, self.lang))

    def _own(self, state: State, view: dict[str, Any]) -> str:
        """The deciding seat's panel, laid out for the column it is shown in."""
        own_fn = getattr(state.game.text, "own_panel", None)
        if own_fn is None:
            return ""
        if "width" in inspect.signature(own_fn).parameters:
            side = self.size.width - BOARD_COLUMNS - 1 if self.wide else self.size.width
            return str(own_fn(view, self.lang, width=side - 2))
        return str(own_fn(view, self.lang))

    def _size_notice(self, state: State) -> str:
        """A game that needs a bigger terminal than this one says so."""
        needed = getattr(state.game.text, "SCREEN", None)
        if needed is None:
            return ""
        width, height = needed
        if self.size.width >= width and self.size.height >= height:
            return ""
        return t(
            self.lang,
            "tui-small",
            width=self.size.width,
            height=self.size.height,
            needed=f"{width}x{height}",
        )

    # -- the screen, on the interface thread ---------------------------------------------

    def _update_log(self, lines: list[str]) -> None:
        self.log_lines = lines
        self._show_log()

    def _show_log(self) -> None:
        lines = self.log_lines[-LOG_LINES:]
        self.query_one("#log-text", Static).update("\n".join(lines))
        log = self.query_one("#log", VerticalScroll)
        if not self.wide:
            width = max(10, self.size.width - 2)
            newest = Text.from_markup(lines[-1]) if lines else Text("")
            rows = len(newest.wrap(self.console, width))
            log.styles.height = max(2, min(rows, 6))
        else:
            log.styles.height = "1fr"
        self.call_after_refresh(log.scroll_end, animate=False)

    def _show_decision(self, decision: Decision) -> None:
        self.decision = decision
        self.covers = list(decision.covers)
        self.query_one("#board", Static).update(decision.board)
        self.query_one("#board-pane", VerticalScroll).scroll_home(animate=False)
        self.query_one("#own", Static).update(decision.own)
        self.query_one("#own", Static).display = bool(decision.own)
        grid = self.query_one("#option-grid", OptionGrid)
        grid.set_options(decision.options)
        self.highlight_moved = False
        self.hint = decision.hint
        self._show_message("")
        self.query_one("#answer", AnswerInput).use_seat(decision.seat)
        self._show_cover()

    def _show_covers(self, covers: list[str]) -> None:
        """Covers with nothing to decide after them (the end of the game)."""
        self.decision = None
        self.covers = list(covers)
        self._show_cover()

    def _show_cover(self) -> None:
        status = self.query_one("#status", Static)
        if self.covers:
            status.update(self.match.state.game.title)
            self.query_one("#cover", Static).update(self.covers[0])
            self.screen.add_class("covered")
            self.set_focus(None)
        else:
            if self.decision is not None:
                status.update(self.decision.title)
            self.screen.remove_class("covered")
            self.call_after_refresh(self.query_one("#answer", Input).focus)
            self.call_after_refresh(self._show_log)

    def _advance_cover(self, typed: str = "") -> None:
        if typed.strip().casefold() in QUIT_WORDS:
            self.action_quit_game()
            return
        self.covers.pop(0)
        if not self.covers and self.decision is None and self.ending:
            self.answers.put("seen")  # the last round was seen: the game may end
            return
        self._show_cover()

    def on_key(self, event: Any) -> None:
        """While the table is covered (the typing line is hidden): Enter goes on, q stops."""
        if not self.covers or isinstance(self.screen, HelpScreen):
            return
        if isinstance(self.focused, Input):
            return  # the typing line submits, and on_input_submitted goes on
        if event.key == "enter":
            event.stop()
            self._advance_cover()
        elif event.key == "q":
            event.stop()
            self.action_quit_game()

    def _hide_table(self, text: str) -> None:
        self.query_one("#status", Static).update(self.match.state.game.title)
        self.query_one("#cover", Static).update(text)
        self.screen.add_class("covered")
        self.set_focus(None)

    def on_input_submitted(self, event: Input.Submitted) -> None:
        decision = self.decision
        if isinstance(event.input, AnswerInput):
            event.input.remember(event.value)
        event.input.value = ""
        if self.covers:
            self._advance_cover(event.value)
            return
        if decision is None:
            return
        if not event.value.strip() and self.highlight_moved:
            # Enter alone takes the option the arrows chose; with one option read_answer takes it
            grid = self.query_one("#option-grid", OptionGrid)
            self._answer(decision.legal[grid.highlighted])
            return
        answer = read_answer(decision.state, decision.seat, decision.legal, event.value, self.lang)
        if answer.action is not None:
            self._answer(answer.action)
        elif answer.command == "quit":
            self.action_quit_game()
        elif answer.command == "help":
            self.action_help()
        elif answer.command == "board":
            self.query_one("#board-pane", VerticalScroll).scroll_home()
        else:
            self._show_message(answer.refusal or "")

    def on_option_grid_chosen(self, event: OptionGrid.Chosen) -> None:
        if self.decision is not None and not self.covers:
            self._answer(self.decision.legal[event.index])

    def _answer(self, action: Any) -> None:
        self.decision = None
        # until the next decision: nobody's turn on this screen, and the others are playing
        self.query_one("#status", Static).update(
            f"{self.match.state.game.title} — {t(self.lang, 'tui-playing')}"
        )
        self.query_one("#option-grid", OptionGrid).set_options([])
        self.hint = ""
        self._show_message("")
        if self.hotseat:
            self._hide_table(t(self.lang, "tui-chosen"))
            self.seen_log = len(self.log_lines)
        self.answers.put(action)

    def _show_message(self, text: str) -> None:
        """The message line: a save that failed first (it stays), then ``text`` or the hint."""
        parts = [f"[bold red]{self.save_warning}[/]"] if self.save_warning else []
        parts.append(text or self.hint)
        self.query_one("#message", Static).update("\n".join(part for part in parts if part))

    # -- actions -------------------------------------------------------------------------

    def action_quit_game(self, interrupted: bool = False) -> None:
        """Stop after the decision in progress; a bot's move is never cut in half."""
        self.interrupted = self.interrupted or interrupted
        self.stopping = True
        self.answers.put(_QUIT)

    def action_focus_answer(self) -> None:
        if not self.covers:
            self.query_one("#answer", Input).focus()

    def action_help(self) -> None:
        state = self.match.state
        body = rules_summary(state, self.lang) + "\n\n" + t(self.lang, "help-keys")
        self.push_screen(HelpScreen(t(self.lang, "help-title"), body))

    def action_option_move(self, step: int) -> None:
        self.highlight_moved = True
        self.query_one("#option-grid", OptionGrid).move(step)

    def warn(self, text: str) -> None:
        """A save that failed stays on the message line until a save works again."""
        self.save_warning = text
        if text:
            self.save_failed = True
        if self.decision is not None:
            self._show_message("")

    def action_board_up(self) -> None:
        self.query_one("#board-pane", VerticalScroll).scroll_page_up()

    def action_board_down(self) -> None:
        self.query_one("#board-pane", VerticalScroll).scroll_page_down()


def run_tui(match: Match, lang: str, saver: Callable[[Match], str | None]) -> str:
    """Play ``match`` on the full screen.

    ``"over"`` at the end, ``"quit"`` when a player stopped, ``"interrupted"`` on Ctrl-C.
    """
    result = GameApp(match, lang, saver).run()
    return result or "interrupted"
