"""What a bot is: something that picks a legal action from what its seat may know.

Bots receive only ``state.view(seat)`` and the seat's legal actions (plus, if
they search, states from ``state.determinize(seat, rng)``), never the state.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Protocol, runtime_checkable

from relicbox.core.actions import Action
from relicbox.core.rng import Rng


@runtime_checkable
class Agent(Protocol):
    """Chooses one of ``legal`` for the seat whose ``view`` it is given."""

    name: str

    def choose(self, view: dict[str, Any], legal: Sequence[Action], rng: Rng) -> Action: ...


class RandomAgent:
    """Picks uniformly among the legal actions. Works for every game."""

    name = "random"

    def choose(self, view: dict[str, Any], legal: Sequence[Action], rng: Rng) -> Action:
        return legal[rng.below(len(legal))]


class TextRenderer(Protocol):
    """A game's text module: how its views and actions read in a terminal.

    Strings may contain rich console markup such as ``[bold]`` (no terminal
    code is imported by games; the CLI interprets the markup).
    """

    def render(self, view: dict[str, Any], lang: str) -> str:
        """The board as seen in ``view``, in language ``lang`` ("en" or "cs")."""
        ...

    def describe_action(self, action: str, view: dict[str, Any], lang: str) -> str:
        """A short label for the legal action ``action`` (its text form)."""
        ...

    def result_rows(self, view: dict[str, Any], lang: str) -> tuple[list[str], list[list[str]]]:
        """Headers and one row per seat for the end-of-game table (view of a finished game)."""
        ...

    def transcript(
        self, view: dict[str, Any], lang: str, names: Sequence[str] | None = None
    ) -> list[str]:
        """The public history in ``view`` as sentences, seats named by ``names`` if given."""
        ...
