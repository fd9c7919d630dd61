"""What is written in words from a seat's view: the labels of its legal actions, the
result table, and the replay page's snapshot.

Every field here is a function of ``state.view(seat)`` (or ``view(None)`` for
spectators and replays) and that seat's legal actions, rendered in the reader's
language by the game's own text module. Live tables send these words only where a page
cannot make them (``legal`` labels, ``result``): see ``docs/protocol.md``. The replay
API still sends the whole :func:`snapshot` of a step (with the text board and the log),
one step at a time, on request.
"""

from __future__ import annotations

import html
import re
from collections.abc import Sequence
from functools import lru_cache
from typing import Any

from rich.style import Style
from rich.terminal_theme import DEFAULT_TERMINAL_THEME

from relicbox.core.game import State
from relicbox.i18n import tr

LOG_LINES = 120


_TAG = re.compile(r"(\\*)\[([a-zA-Z#/@][^\[\]]*?)\]")
"""A rich markup tag (``[bold red]``, ``[/]``), with the backslashes that may escape it."""
HISTORY_SHOWN = 80
"""How many of the view's latest history entries the log is written from."""


def _walk(markup: str) -> list[tuple[str, str | None]]:
    """Markup as ``(text, None)`` pieces and ``("", tag)`` tags, escapes resolved."""
    pieces: list[tuple[str, str | None]] = []
    position = 0
    for match in _TAG.finditer(markup):
        slashes, tag = match.group(1), match.group(2)
        pieces.append((markup[position : match.start()] + "\\" * (len(slashes) // 2), None))
        if len(slashes) % 2:
            pieces.append((f"[{tag}]", None))
        else:
            pieces.append(("", tag))
        position = match.end()
    pieces.append((markup[position:], None))
    return pieces


def plain(markup: str) -> str:
    """Rich markup as plain text."""
    return "".join(text for text, tag in _walk(markup) if tag is None)


@lru_cache(maxsize=128)
def _css(tag: str) -> str:
    try:
        return Style.parse(tag).get_html_style(DEFAULT_TERMINAL_THEME)
    except Exception:
        return ""


def markup_html(markup: str) -> str:
    """Rich markup as HTML with inline colours (the game's terminal board, in a page)."""
    parts = ["<pre>"]
    depth = 0
    for text, tag in _walk(markup):
        if tag is None:
            parts.append(html.escape(text))
        elif tag.startswith("/"):
            if depth:
                parts.append("</span>")
                depth -= 1
        else:
            parts.append(f'<span style="{html.escape(_css(tag))}">')
            depth += 1
    parts.append("</span>" * depth + "</pre>")
    return "".join(parts)


def legal_entries(
    state: State, seat: int | None, view: dict[str, Any], lang: str
) -> list[dict[str, Any]]:
    if seat is None or state.is_over or seat not in state.to_act:
        return []
    describe = state.game.renderer.describe_action
    return [
        {
            "text": a.text,
            "label": plain(describe(a.text, view, lang)),
            "index": a.index,
            "args": a.args_json(),
        }
        for a in state.legal_actions(seat)
    ]


def seat_names(bots: Sequence[str | None], lang: str) -> list[str]:
    """Each seat's name in the log and results: ``Player 3 (bot:rule)`` for a bot's seat."""
    return [
        tr(lang, "web-player", seat=seat + 1)
        if bot is None
        else tr(lang, "web-player-bot", seat=seat + 1, bot=bot)
        for seat, bot in enumerate(bots)
    ]


def result_table(
    state: State, view: dict[str, Any], lang: str, names: Sequence[str] | None = None
) -> dict[str, Any] | None:
    if not state.is_over:
        return None
    headers, rows = state.game.renderer.result_rows(view, lang)
    if names is not None:  # the first cell names the seat
        rows = [[names[seat], *row[1:]] for seat, row in enumerate(rows)]
    scores = state.scores()  # public once the game is over
    best = max(scores)
    return {
        "headers": [plain(h) for h in headers],
        "rows": [[plain(cell) for cell in row] for row in rows],
        "winners": list(view.get("winners") or state.winners()),
        "scores": scores,
        "tied": [seat for seat, score in enumerate(scores) if score == best],
    }


def _log(
    text: Any, view: dict[str, Any], lang: str, names: Sequence[str] | None = None
) -> list[str]:
    """The latest events as readable lines, written from the end of the view's history only
    (a long game's whole transcript would cost more with every decision)."""
    recent = view
    history = view.get("history")
    if isinstance(history, list) and len(history) > HISTORY_SHOWN:
        recent = {**view, "history": history[-HISTORY_SHOWN:]}
    lines = text.transcript(recent, lang, names=names)
    return [plain(line) for line in lines[-LOG_LINES:]]


def snapshot(
    state: State,
    seat: int | None,
    lang: str,
    seq: int,
    bots: Sequence[str | None] | None = None,
) -> dict[str, Any]:
    """The ``state`` message body for ``seat`` (``None``: the public view).

    ``bots`` names the bot playing each seat (``None`` for a person's seat), so the log and
    the results say ``Player 3 (bot:rule)`` as the terminal does."""
    view = state.view(seat)
    names = None if bots is None else seat_names(bots, lang)
    text = state.game.renderer
    to_act = list(state.to_act)
    return {
        "seq": seq,
        "seat": seat,
        "view": view,
        "legal": legal_entries(state, seat, view, lang),
        "to_act": to_act,
        "over": state.is_over,
        "board_html": markup_html(text.render(view, lang)),
        "log": _log(text, view, lang, names),
        "result": result_table(state, view, lang, names),
    }
