"""What a seat gets from a bot's answer: the legal action it names, or the game's default.

Bots that run outside relicbox's own code (a Python entry point, a program over stdio)
answer with an action, its text or its index; :func:`match_answer` finds the legal action
that names, and a seat whose bot fails gets :func:`default_action`. The server gives the
same default to a seat whose clock runs out.
"""

from __future__ import annotations

from collections.abc import Sequence

from relicbox.core.actions import Action
from relicbox.core.game import Game


def default_action(game: Game, legal: Sequence[Action]) -> Action:
    """What a seat gets when its bot fails or its clock runs out: the game's documented
    default (``Game.default_action``, Diamant's ``leave``) when legal, else the first legal
    action."""
    preferred = game.default_action
    for action in legal:
        if action.text == preferred:
            return action
    return legal[0]


def match_answer(answer: object, legal: Sequence[Action]) -> Action | None:
    """The legal action an answer names (an Action, its text or its index), or None."""
    for action in legal:
        if answer is action:
            return action
    if isinstance(answer, Action):
        answer = answer.text
    if isinstance(answer, bool):
        return None
    for action in legal:
        if isinstance(answer, int) and answer == action.index:
            return action
        if isinstance(answer, str) and answer.strip().lower() == action.text.lower():
            return action
    return None
