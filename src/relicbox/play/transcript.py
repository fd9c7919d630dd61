"""Readable transcripts of whole games: the golden playthroughs and ``relicbox replay``."""

from __future__ import annotations

from typing import Any

from relicbox.core.game import State
from relicbox.core.registry import get_game, new_game
from relicbox.play.match import Match, parse_seats


def transcript(state: State, lang: str = "en") -> str:
    """The public story of ``state`` so far and, at the end, the results."""
    text = state.game.text
    view = state.view(None)
    options = ", ".join(
        f"{k}={v}" for k, v in sorted(state.options.items()) if not isinstance(v, dict)
    )
    header = f"{state.game.title} ({state.game.rules_version})"
    lines = [f"{header} seed={state.seed} players={state.players} {options}"]
    lines += text.transcript(view, lang)
    if state.is_over:
        headers, rows = text.result_rows(view, lang)
        lines.append(" | ".join(headers))
        lines += [" | ".join(row) for row in rows]
    return "\n".join(lines) + "\n"


def bot_game(game: str, seats: str, seed: int, **options: Any) -> State:
    """A full game between bots (``seats`` like ``"rule,random,rule"``), seeded throughout."""
    specs = parse_seats(seats, get_game(game))
    state = new_game(game, len(specs), seed, **options)
    return Match(state, specs, seed=seed).play()
