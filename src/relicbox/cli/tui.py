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
import queue
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, ClassVar

from textual.app import App, ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Container, Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Input, OptionList, Static
from textual.widgets.option_list import Option

from relicbox.cli.common import (
    QuitGame,
    alias_hint,
    read_answer,
    rules_summary,
    seat_label,
    t,
    transcript_lines,
)
from relicbox.core.game import State
from relicbox.play.match import Match

_QUIT = object()
WIDE = 110
"""From this many columns the board and the seat's panel stand side by side."""


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

    Ctrl-P and Ctrl-N walk through earlier answers, as at a shell prompt.
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("ctrl+p", "history(-1)", "Previous answer", show=False),
        Binding("ctrl+n", "history(1)", "Next answer", show=False),
    ]

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.history: list[str] = []
        self.position = 0

    def remember(self, answer: str) -> None:
        if answer.strip() and (not self.history or self.history[-1] != answer):
            self.history.append(answer)
        self.position = len(self.history)

    def action_history(self, step: int) -> None:
        if not self.history:
            return
        self.position = max(0, min(len(self.history), self.position + step))
        self.value = self.history[self.position] if self.position < len(self.history) else ""
        self.cursor_position = len(self.value)

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


class GameApp(App[str]):
    """One match on one fixed screen. Returns ``"over"`` or ``"quit"``."""

    ENABLE_COMMAND_PALETTE = False  # Ctrl-P recalls earlier answers instead

    CSS = """
    Screen { layout: vertical; }
    #status { height: 1; background: $primary; color: $text; padding: 0 1; }
    #main { height: 1fr; layout: vertical; }
    #board-pane { height: 1fr; min-height: 5; }
    #side { height: auto; }
    #own { height: auto; max-height: 6; padding: 0 1; }
    #log { height: 4; padding: 0 1; color: $text-muted; border-top: solid $panel; }
    #options { height: auto; max-height: 7; border: none; padding: 0; }
    #message { height: auto; max-height: 2; padding: 0 1; color: $warning; }
    #answer { height: 1; border: none; padding: 0 1; }
    #cover { display: none; height: 1fr; content-align: center middle; text-align: center;
             padding: 1 2; }
    .covered #main { display: none; }
    .covered #cover { display: block; }
    .wide #main { layout: horizontal; }
    .wide #board-pane { width: 81; height: 1fr; }
    .wide #side { width: 1fr; height: 1fr; border-left: solid $panel; }
    .wide #own { max-height: 14; }
    .wide #log { height: 1fr; min-height: 4; }
    .wide #options { max-height: 16; }
    .wide #message { max-height: 4; }
    """
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("ctrl+c", "quit_game", "Quit", show=False, priority=True),
        Binding("ctrl+q", "quit_game", "Quit", show=False, priority=True),
        Binding("up", "option_up", "Previous option", show=False),
        Binding("down", "option_down", "Next option", show=False),
        Binding("pageup", "board_up", "Scroll the board", show=False),
        Binding("pagedown", "board_down", "Scroll the board", show=False),
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
        self.first_decision = True
        self.stopping = False
        self.highlight_moved = False
        match.ask_human = self._ask

    # -- layout --------------------------------------------------------------------------

    def compose(self) -> ComposeResult:
        yield Static(self.match.state.game.title, id="status")
        with Container(id="main"):
            with VerticalScroll(id="board-pane"):
                yield Static("", id="board")
            with Vertical(id="side"):
                yield Static("", id="own")
                yield Static("", id="log")
                yield OptionList(id="options")
                yield Static("", id="message")
                yield AnswerInput(placeholder=t(self.lang, "tui-type"), id="answer")
        yield Static("", id="cover")

    def on_mount(self) -> None:
        self._fit(self.size.width)
        self.query_one("#answer", Input).focus()
        self.run_worker(self._play, thread=True, exit_on_error=False)

    def on_resize(self, event: Any) -> None:
        self._fit(event.size.width)

    def _fit(self, width: int) -> None:
        self.screen.set_class(width >= WIDE, "wide")

    # -- the match, on the worker thread -------------------------------------------------

    def _play(self) -> None:
        outcome = "over"
        try:
            self.call_from_thread(self._update_log, self._transcript(self.match.state))
            self.match.play(after_each=self._after_each)
        except QuitGame:
            outcome = "quit"
        except RuntimeError:
            if not self.stopping:  # the app closed under us; anything else is a real fault
                raise
            outcome = "quit"
        if not self.stopping or outcome == "quit":
            with contextlib.suppress(RuntimeError):
                self.call_from_thread(self.exit, outcome)

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
            if problem:
                self.call_from_thread(self.warn, problem)
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

    def _prepare(self, state: State, seat: int) -> Decision:
        lang = self.lang
        text = state.game.text
        view = state.view(seat)
        label = seat_label(seat, self.match.seats, lang)
        legal = list(state.legal_actions(seat))
        options = []
        for number, action in enumerate(legal, start=1):
            described = text.describe_action(action.text, view, lang) if text else ""
            options.append(f"[bold]{number:>2}[/] {action.text}  [dim]{described}[/]")
        board_fn = getattr(text, "board", None) or getattr(text, "render", None)
        board = board_fn(view, lang) if board_fn else str(view)
        own_fn = getattr(text, "own_panel", None)
        own = own_fn(view, lang) if own_fn else ""
        covers = []
        if self.hotseat:
            if not self.first_decision and len(self.log_lines) > self.seen_log:
                fresh = "\n".join(self.log_lines[self.seen_log :][-8:])
                covers.append(f"{fresh}\n\n[bold]{t(lang, 'reveal-wait')}[/]")
            covers.append(f"[bold]{t(lang, 'hotseat-pass', player=label)}[/]")
        self.first_decision = False
        return Decision(
            seat=seat,
            title=f"{state.game.title} — {t(lang, 'your-turn', player=label)}",
            board=board,
            own=own,
            options=options,
            hint=alias_hint(state, lang),
            legal=legal,
            state=state,
            covers=covers,
        )

    # -- the screen, on the interface thread ---------------------------------------------

    def _update_log(self, lines: list[str]) -> None:
        self.log_lines = lines
        height = 20 if self.screen.has_class("wide") else 3
        self.query_one("#log", Static).update("\n".join(lines[-height:]))

    def _show_decision(self, decision: Decision) -> None:
        self.decision = decision
        self.covers = list(decision.covers)
        self.query_one("#status", Static).update(decision.title)
        self.query_one("#board", Static).update(decision.board)
        self.query_one("#own", Static).update(decision.own)
        self.query_one("#own", Static).display = bool(decision.own)
        options = self.query_one("#options", OptionList)
        options.clear_options()
        options.add_options([Option(line) for line in decision.options])
        options.highlighted = 0
        self.highlight_moved = False
        self.query_one("#message", Static).update(decision.hint)
        answer = self.query_one("#answer", Input)
        answer.value = ""
        self._show_cover()

    def _show_cover(self) -> None:
        if self.covers:
            self.query_one("#cover", Static).update(self.covers[0])
            self.screen.add_class("covered")
            self.set_focus(None)
        else:
            self.screen.remove_class("covered")
            self.call_after_refresh(self.query_one("#answer", Input).focus)

    def _advance_cover(self, typed: str = "") -> None:
        if typed.strip().casefold() in ("q", "quit", "exit", "konec"):
            self.action_quit_game()
            return
        self.covers.pop(0)
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
        self.query_one("#cover", Static).update(text)
        self.screen.add_class("covered")
        self.set_focus(None)

    def on_input_submitted(self, event: Input.Submitted) -> None:
        decision = self.decision
        if isinstance(event.input, AnswerInput):
            event.input.remember(event.value)
        event.input.value = ""
        if decision is None:
            return
        if self.covers:
            self._advance_cover(event.value)
            return
        if not event.value.strip() and self.highlight_moved:
            # Enter alone takes the option the arrows chose; with one option read_answer takes it
            highlighted = self.query_one("#options", OptionList).highlighted
            if highlighted is not None:
                self._answer(decision.legal[highlighted])
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
            self.query_one("#message", Static).update(answer.refusal or "")

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        if self.decision is not None and not self.covers:
            self._answer(self.decision.legal[event.option_index])

    def _answer(self, action: Any) -> None:
        self.decision = None
        self.query_one("#options", OptionList).clear_options()
        self.query_one("#message", Static).update("")
        if self.hotseat:
            self._hide_table(t(self.lang, "tui-chosen"))
            self.seen_log = len(self.log_lines) + 1
        self.answers.put(action)

    # -- actions -------------------------------------------------------------------------

    def action_quit_game(self) -> None:
        """Stop after the decision in progress; a bot's move is never cut in half."""
        self.stopping = True
        self.answers.put(_QUIT)

    def action_help(self) -> None:
        state = self.match.state
        body = rules_summary(state, self.lang) + "\n\n" + t(self.lang, "help-keys")
        self.push_screen(HelpScreen(t(self.lang, "help-title"), body))

    def action_option_up(self) -> None:
        self.highlight_moved = True
        self.query_one("#options", OptionList).action_cursor_up()

    def action_option_down(self) -> None:
        self.highlight_moved = True
        self.query_one("#options", OptionList).action_cursor_down()

    def warn(self, text: str) -> None:
        """A problem worth knowing about now (a save that failed), on the message line."""
        self.query_one("#message", Static).update(text)

    def action_board_up(self) -> None:
        self.query_one("#board-pane", VerticalScroll).scroll_page_up()

    def action_board_down(self) -> None:
        self.query_one("#board-pane", VerticalScroll).scroll_page_down()


def run_tui(match: Match, lang: str, saver: Callable[[Match], str | None]) -> str:
    """Play ``match`` on the full screen; ``"over"`` at the end, ``"quit"`` when stopped."""
    result = GameApp(match, lang, saver).run()
    return result or "quit"
