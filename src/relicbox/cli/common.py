"""What every part of the terminal program shares: messages, seat labels, the console."""

from __future__ import annotations

import inspect
import re
from typing import TYPE_CHECKING, Any, cast

if TYPE_CHECKING:
    from collections.abc import Sequence

    from rich.console import Console

    from relicbox.bots.specs import SeatSpec
    from relicbox.core.game import State
    from relicbox.play.match import EarlierSeating


class _LazyConsole:
    """The terminal's rich console, made at its first use: ``--help`` never needs rich."""

    made: Console | None = None

    def __getattr__(self, name: str) -> Any:
        if _LazyConsole.made is None:
            from rich.console import Console

            _LazyConsole.made = Console(highlight=False, emoji=False)
        return getattr(_LazyConsole.made, name)


console = cast("Console", _LazyConsole())

QUIT_WORDS = frozenset({"q", "quit", "exit", "konec", "odejít z hry"})
BOARD_WORDS = frozenset({"b", "board", "stůl", "stul"})
HELP_WORDS = frozenset({"?", "h", "help", "nápověda", "napoveda"})


class QuitGame(Exception):
    """The player asked to stop at a prompt."""


def t(lang: str, message_id: str, **args: Any) -> str:
    """A terminal message (``cli-`` is added to the id)."""
    from relicbox.i18n import tr

    return tr(lang, "cli-" + message_id, **args)


MESSAGE_LIMIT = 500
"""The longest error sentence shown: a refusal is one line, however long the input was."""


def error_text(error: Exception, lang: str) -> str:
    """An error's sentence in ``lang``: the engine's reason, translated where it has one.

    A save file that exists but cannot be used is explained inside a sentence of the
    user's language: in that language when the engine gives a reason (a file that is not a
    record, or one from other rules), otherwise in English detail naming the field. Quoted
    input is shortened, so an argument thousands of characters long still gives one line.
    """
    from relicbox.core.errors import RecordError, StateFormatError

    if isinstance(error, RecordError | StateFormatError):
        missing = error.reason is not None and error.reason.id == "error-no-save"
        if not missing:
            return t(lang, "bad-record", detail=short_localized(error, lang))
    return short_localized(error, lang)


_LONG_QUOTE = re.compile(r"""'([^'\n]{80,}?)'(?=[\s:;,.)]|$)|"([^"\n]{80,}?)"(?=[\s:;,.)]|$)""")
"""A quoted input of 80 characters or more inside an English sentence (a ``repr``)."""


def short_localized(error: BaseException, lang: str) -> str:
    """The error's sentence in ``lang``, its quoted arguments and its length cut short."""
    from relicbox.core.errors import RelicboxError, clip, shortened

    if isinstance(error, RelicboxError) and error.reason is not None:
        text = shortened(error.reason).text(lang)
    else:  # a sentence for developers: cut the inputs it quotes whole
        text = _LONG_QUOTE.sub(lambda m: f"{m[0][:76]}...", str(error))
    return clip(" ".join(text.split()), MESSAGE_LIMIT)


SHOWN_LIMIT = 80
"""The most characters of a piece of untrusted text (a seat's label from a save) shown."""

PATH_LIMIT = 4096
"""A file's path is shown whole, to be copied, up to the longest one a system takes."""


def shown(text: str, limit: int = SHOWN_LIMIT, *, markup: bool = True) -> str:
    """Text from a file or the network made fit to print on the terminal.

    Control characters (C0 and C1, so no escape sequence reaches the terminal), format,
    private-use and unassigned characters are dropped; any other whitespace becomes a plain
    space; a lone surrogate, which no terminal encoding can write, becomes U+FFFD. The
    result is cut to ``limit`` characters ending in ``…``, and only the first few times
    ``limit`` characters are ever looked at, so a label megabytes long costs no more than a
    short one. With ``markup`` (for text printed through rich markup, as the console's
    lines are) square brackets are escaped so the text shows as written.
    """
    window = text[: limit * 4 + 1]
    kept: list[str] = []
    for char in window:
        if char.isprintable():
            kept.append(char)
        elif char.isspace():
            kept.append(" ")
        elif "\ud800" <= char <= "\udfff":
            kept.append("\ufffd")
        if len(kept) > limit:
            break
    if len(kept) > limit or len(window) < len(text):
        kept[limit - 1 :] = ["…"]
    result = "".join(kept)
    if markup:
        from rich.markup import escape

        result = escape(result)
    return result


def seat_label(seat: int, seats: list[SeatSpec] | None, lang: str) -> str:
    """``Player 3`` for a person, ``Player 3 (bot:random)`` for a bot.

    A bot's name is :func:`shown`: a save's seats are labels anyone may have written.
    """
    if seats is not None and seat < len(seats) and not seats[seat].is_human:
        return t(lang, "player-bot", n=seat + 1, bot=shown(seats[seat].text))
    return t(lang, "player", n=seat + 1)


def seat_labels(
    players: int,
    seats: list[SeatSpec] | None,
    lang: str,
    earlier: Sequence[EarlierSeating] = (),
) -> list[str]:
    """Every seat's label, in seat order; a seat reseated during the game names who
    played it before the last change and who after."""
    return [history_label(seat, seats, earlier, lang) for seat in range(players)]


def history_label(
    seat: int, seats: list[SeatSpec] | None, earlier: Sequence[EarlierSeating], lang: str
) -> str:
    """``Player 2 (human until event 14, then bot:rule)`` for a reseated seat, else
    :func:`seat_label`."""
    if seats is None or not earlier:
        return seat_label(seat, seats, lang)
    kinds = [seating.seats[seat] for seating in earlier] + [seats[seat]]
    changes = [i for i in range(len(kinds) - 1) if kinds[i] != kinds[i + 1]]
    if not changes:
        return seat_label(seat, seats, lang)
    last = changes[-1]
    return t(
        lang,
        "player-reseated",
        n=seat + 1,
        before=shown(str(kinds[last])),
        events=earlier[last].events,
        after=shown(str(kinds[-1])),
    )


def seating_at(
    event: int, seats: list[SeatSpec] | None, earlier: Sequence[EarlierSeating]
) -> list[SeatSpec] | None:
    """The seating that played the record's event number ``event`` (counted from 0)."""
    for seating in earlier:
        if event < seating.events:
            return list(seating.seats)
    return seats


def transcript_lines(
    state: State,
    seats: list[SeatSpec] | None,
    lang: str,
    earlier: Sequence[EarlierSeating] = (),
) -> list[str]:
    """The game's public history as sentences, each seat named by its label (bots shown)."""
    text = state.game.text
    if text is None or not hasattr(text, "transcript"):
        return []
    names = seat_labels(state.players, seats, lang, earlier)
    lines: list[str] = text.transcript(state.view(None), lang, names=names)
    return lines


def prompt_aliases(state: State, lang: str) -> dict[str, str]:
    """Extra words a person may type for an action in ``lang`` (``pokračovat`` -> ``continue``)."""
    text = state.game.text
    if text is None or not hasattr(text, "prompt_aliases"):
        return {}
    aliases: dict[str, str] = text.prompt_aliases(lang)
    return aliases


def rules_summary(state_or_game: Any, lang: str) -> str:
    """The game's rules in brief, with paragraphs joined so any width can wrap them."""
    game = getattr(state_or_game, "game", state_or_game)
    text = game.text
    if text is None or not hasattr(text, "rules_summary"):
        return str(game.summary or game.title)
    options = getattr(state_or_game, "options", None)  # a game in play: its variant's rules
    in_play = isinstance(options, dict)
    if in_play and "options" in inspect.signature(text.rules_summary).parameters:
        return reflow(text.rules_summary(lang, options=options))
    return reflow(text.rules_summary(lang))


def reflow(text: str) -> str:
    """Join a catalog's hard-wrapped lines: blank lines part paragraphs, ``•`` starts an item."""
    out: list[str] = []
    joining = False
    for line in text.splitlines():
        stripped = line.strip()
        if not stripped:
            out.append("")
            joining = False
        elif joining and not stripped.startswith("•"):
            out[-1] += " " + stripped
        else:
            out.append(stripped)
            joining = True
    return "\n".join(out)


class Answer:
    """What a typed answer means: an action, a command (quit, board, help) or a refusal."""

    def __init__(
        self, action: Any = None, command: str | None = None, refusal: str | None = None
    ) -> None:
        self.action = action
        self.command = command
        self.refusal = refusal


def read_answer(state: State, seat: int, legal: list[Any], answer: str, lang: str) -> Answer:
    """Interpret one typed answer; a refused action carries the engine's own reason."""
    from relicbox.core.errors import IllegalActionError, RelicboxError, quote

    word = " ".join(answer.split()).casefold()
    if word == "" and len(legal) == 1:
        return Answer(action=legal[0])
    if word in QUIT_WORDS:
        return Answer(command="quit")
    if word in BOARD_WORDS:
        return Answer(command="board")
    if word in HELP_WORDS:
        return Answer(command="help")
    if word.isascii() and word.isdigit():  # not '²' or other scripts' digits
        if len(word) <= 9 and 1 <= int(word) <= len(legal):
            return Answer(action=legal[int(word) - 1])
        return Answer(refusal=t(lang, "bad-answer", answer=quote(answer), count=len(legal)))
    typed = prompt_aliases(state, lang).get(word, answer.strip())
    typed = _english_verb(state, typed, lang)
    typed = _short_form(state, seat, legal, typed) or typed
    refusal = t(lang, "bad-answer", answer=quote(answer), count=len(legal))
    try:
        action = state.parse_action(typed)
    except RelicboxError:
        return Answer(refusal=_with_guess(refusal, state, legal, answer, lang))
    if action in legal:
        return Answer(action=action)
    try:
        state.clone().act(seat, action)
    except IllegalActionError as error:
        refusal = t(lang, "illegal", reason=error_text(error, lang))
    return Answer(refusal=_with_guess(refusal, state, legal, answer, lang))


def _with_guess(refusal: str, state: State, legal: list[Any], answer: str, lang: str) -> str:
    """The refusal, and the legal option nearest to what was typed, if one is near."""
    import difflib

    from relicbox.core.errors import quote

    shown = {shown_action(state, action.text, lang): action for action in legal}
    typed = _fold(" ".join(answer.split()))
    # each option by its whole text and by what follows its verb (``W4*`` for ``play W4*``)
    forms: dict[str, str] = {}
    for text in shown:
        forms.setdefault(_fold(text), text)
        forms.setdefault(_fold(text.partition(" ")[2]), text)
    forms.pop("", None)
    starting = {forms[form] for form in forms if form.startswith(typed)}
    if len(starting) == 1:
        return t(lang, "did-you-mean", refusal=refusal, action=quote(starting.pop()))
    # a code with a number names one card or space: only a typo in a word is guessed at
    words = [] if any(char.isdigit() for char in typed) else list(forms)
    near = difflib.get_close_matches(typed, words, n=1, cutoff=0.7)
    if not near:
        return refusal
    return t(lang, "did-you-mean", refusal=refusal, action=quote(forms[near[0]]))


def _words(state: State, lang: str) -> dict[str, str]:
    text = state.game.text
    words_fn = getattr(text, "action_words", None)
    return {} if words_fn is None else dict(words_fn(lang))


def shown_action(state: State, action_text: str, lang: str) -> str:
    """An action as ``lang`` shows it: ``zahrát W2`` for ``play W2`` in Czech."""
    verb, space, rest = action_text.partition(" ")
    return _words(state, lang).get(verb, verb) + space + rest


def _fold(word: str) -> str:
    """A word without case or accents, so ``pokracovat`` matches ``pokračovat``."""
    import unicodedata

    split = unicodedata.normalize("NFKD", word.casefold())
    return "".join(char for char in split if not unicodedata.combining(char))


def _english_verb(state: State, typed: str, lang: str) -> str:
    """A typed action with its first word in ``lang`` turned back into the engine's word."""
    verb, space, rest = typed.strip().partition(" ")
    back = {_fold(shown): verb for verb, shown in _words(state, lang).items()}
    return back.get(_fold(verb), verb) + space + rest


def _short_form(state: State, seat: int, legal: list[Any], typed: str) -> str | None:
    """The action a game's own short form stands for (Relic Runners: ``R1`` for the move there)."""
    text = state.game.text
    resolve = getattr(text, "resolve_typed", None)
    if resolve is None:
        return None
    found: str | None = resolve(typed, [action.text for action in legal], state.view(seat))
    return found


def alias_hint(state: State, lang: str) -> str:
    """One line naming the short forms a person may type (the game's own summary if it has one)."""
    text = state.game.text
    if text is not None and hasattr(text, "alias_summary"):
        if len(state.to_act) != 1:
            return t(lang, "aliases", aliases=text.alias_summary(lang))
        seat = state.to_act[0]  # the hint's examples are the options of the seat to act
        legal = [action.text for action in state.legal_actions(seat)]
        return t(lang, "aliases", aliases=text.alias_summary(lang, legal, state.view(seat)))
    aliases = prompt_aliases(state, lang)
    if not aliases:
        return ""
    listed = ", ".join(f"{alias} = {action}" for alias, action in aliases.items())
    return t(lang, "aliases", aliases=listed)
