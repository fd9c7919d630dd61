"""Actions and the fixed, per-game action space.

Every decision a game can ever ask for is an :class:`Action` with three forms:
its readable text (``"leave"``, ``"play W4*"``), a JSON form, and an integer
index in the game's :class:`ActionSpace`. Actions are created once per game and
shared, so passing them around allocates nothing.

An action may also carry ``args``: its arguments already parsed, as a small immutable
tuple (usually a per-game ``NamedTuple`` such as ``Play(code="W4*")``) set when the
game builds its action table, so rules, bots and texts never split the text again.
Code that reads them narrows the type first (``isinstance`` or ``match``).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping, Sequence
from functools import cache
from typing import Any, TypeVar

from relicbox.core.errors import InvalidActionError, quote, reason_error

_Args = TypeVar("_Args", bound=tuple[object, ...])


class Action:
    """One decision. Immutable; equal when the text and index are.

    ``args`` is derived from the text, so it takes no part in equality or hashing.
    """

    __slots__ = ("args", "index", "text")

    text: str
    index: int
    args: tuple[object, ...]

    def __init__(self, text: str, index: int, args: tuple[object, ...] = ()) -> None:
        object.__setattr__(self, "text", text)
        object.__setattr__(self, "index", index)
        object.__setattr__(self, "args", args)

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError(f"actions are immutable: cannot set {name!r}")

    def args_as(self, kind: type[_Args]) -> _Args:
        """``args`` as the given kind; a TypeError names the action if they are another kind."""
        args = self.args
        if not isinstance(args, kind):
            raise TypeError(f"action {self.text!r} has no {kind.__name__} arguments")
        return args

    def to_json(self) -> dict[str, Any]:
        return {"action": self.text, "index": self.index}

    def args_json(self) -> dict[str, Any] | None:
        """The arguments as JSON for clients: ``{"kind": "move", "a": "R1", "b": "T4"}``.

        ``kind`` is the arguments' class name in kebab case (``UseTool`` -> ``use-tool``);
        ``None`` for an action without named arguments.
        """
        as_dict = getattr(self.args, "_asdict", None)
        if as_dict is None:
            return None
        return {"kind": _kind_name(type(self.args)), **as_dict()}

    def __str__(self) -> str:
        return self.text

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.text!r})"

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Action):
            return NotImplemented
        return self.index == other.index and self.text == other.text

    def __hash__(self) -> int:
        return hash((self.index, self.text))

    def __reduce__(self) -> tuple[Any, ...]:
        return (type(self), (self.text, self.index, self.args))


class ActionSpace:
    """The ordered list of all actions of one game; ``space[i].index == i``."""

    def __init__(
        self,
        actions: Iterable[Action],
        *,
        game: str,
        aliases: Mapping[str, Action] | None = None,
    ) -> None:
        self._actions: tuple[Action, ...] = tuple(actions)
        self.game = game
        self._by_text: dict[str, Action] = {}
        self._by_folded: dict[str, Action] = {}
        self.ids: frozenset[int] = frozenset(id(action) for action in self._actions)
        for position, action in enumerate(self._actions):
            if action.index != position:
                raise ValueError(
                    f"action {action.text!r} has index {action.index}, expected {position}"
                )
            if action.text in self._by_text:
                raise ValueError(f"duplicate action text {action.text!r}")
            self._by_text[action.text] = action
            self._by_folded.setdefault(_fold(action.text), action)
        for alias, action in (aliases or {}).items():
            self._by_folded.setdefault(_fold(alias), action)

    def __len__(self) -> int:
        return len(self._actions)

    def __iter__(self) -> Iterator[Action]:
        return iter(self._actions)

    def __getitem__(self, index: int) -> Action:
        return self._actions[index]

    def from_text(self, text: str) -> Action:
        action = self._by_text.get(text)
        if action is None:
            action = self._by_folded.get(_fold(text))
        if action is None:
            raise reason_error(
                InvalidActionError,
                "error-unknown-action",
                action=quote(text),
                game=self.game,
                examples=self._examples(),
            )
        return action

    def from_index(self, index: int) -> Action:
        if type(index) is not int or not 0 <= index < len(self._actions):
            raise reason_error(
                InvalidActionError,
                "error-action-index",
                index=quote(index),
                game=self.game,
                last=len(self._actions) - 1,
            )
        return self._actions[index]

    def from_json(self, data: object) -> Action:
        if isinstance(data, dict) and isinstance(data.get("action"), str):
            return self.from_text(data["action"])
        if isinstance(data, dict) and isinstance(data.get("index"), int):
            return self.from_index(data["index"])
        raise reason_error(
            InvalidActionError,
            "error-action-form",
            action=quote(data),
            by_text="{'action': text}",
            by_index="{'index': n}",
        )

    def parse(self, value: object) -> Action:
        """An action from any of its forms: an Action, text, index or JSON dict."""
        if isinstance(value, Action):
            index = value.index
            if (
                type(index) is int
                and 0 <= index < len(self._actions)
                and self._actions[index].text == value.text
            ):
                return self._actions[index]
            raise reason_error(
                InvalidActionError,
                "error-foreign-action",
                action=quote(value.text),
                index=quote(index),
                game=self.game,
                last=len(self._actions) - 1,
            )
        if isinstance(value, str):
            return self.from_text(value)
        if isinstance(value, int) and not isinstance(value, bool):
            return self.from_index(value)
        if isinstance(value, dict):
            return self.from_json(value)
        raise reason_error(
            InvalidActionError, "error-action-type", action=quote(value), game=self.game
        )

    def _examples(self) -> str:
        shown: Sequence[Action] = self._actions[:8]
        listed = ", ".join(repr(a.text) for a in shown)
        return listed + (", ..." if len(self._actions) > len(shown) else "")


@cache
def _kind_name(kind: type) -> str:
    """``UseTool`` -> ``use-tool``: worked out once per arguments class."""
    return "".join(f"-{c.lower()}" if c.isupper() else c for c in kind.__name__).lstrip("-")


def _fold(text: str) -> str:
    return " ".join(text.split()).casefold()
