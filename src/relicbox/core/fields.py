"""A state's fields declared once: the list drives ``__slots__``, ``clone`` and the JSON body.

A game lists every field of its state class with how a copy treats it and where the
field lives in the JSON body:

* :attr:`Copy.SHARE`: an immutable value (number, text, tuple, enum member) or one that is
  replaced but never changed in place; a clone shares it.
* :attr:`Copy.LIST`: a list (or dict) of immutable items; a clone gets a shallow copy.
* :attr:`Copy.NESTED`: a list of such lists; a clone copies every inner list.

``key`` names the field in the body. :meth:`Fields.write` writes a ``plain`` field as it
is (lists copied) and any other keyed field through the codec's encoder for that key (a
translation, such as card codes); :meth:`Fields.read` reads every keyed field through the
codec's checking loader for its key. A field without a key is derived from the others
when a body is loaded (caches, values that follow from the options).

A ``State`` subclass names its list in its body (``fields = FIELDS`` and
``__slots__ = FIELDS.slots``) and gets a generated ``clone`` that assigns every field
explicitly, as fast as one written by hand, and that cannot forget a field. The
conformance suite (``check_fields``) checks every game's copies and bodies against its
slots.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from enum import Enum
from typing import Any


class Copy(Enum):
    """How :meth:`Fields.cloner` copies a field."""

    SHARE = "share"
    LIST = "list"
    NESTED = "nested"


@dataclass(frozen=True)
class Field:
    """One field of a state: its slot name, its copy rule and its key in the JSON body."""

    name: str
    copy: Copy
    key: str | None = None
    plain: bool = False
    doc: str = ""
    cache: bool = False
    """Derived on demand and rebuilt when missing (a loaded state starts it empty)."""

    def __post_init__(self) -> None:
        if not self.name.isidentifier():
            raise ValueError(f"field name {self.name!r} is not an identifier")
        if self.plain and self.key is None:
            raise ValueError(f"plain field {self.name!r} needs a body key")


Loader = Callable[[Mapping[str, Any], str], Any]
"""Reads and checks one body key: ``load(body, key)`` returns the field's value."""

Encoder = Callable[[Any], Any]
"""Writes one non-plain field: ``encode(state)`` returns the body entry."""

_COPY_EXPR = {
    Copy.SHARE: "self.{0}",
    Copy.LIST: "self.{0}.copy()",
    Copy.NESTED: "[item.copy() for item in self.{0}]",
}

_BASE_CLONE = (
    "other.players = self.players",
    "other.seed = self.seed",
    "other.options = self.options",
    "other.settings = self.settings",
    "other.auto_chance = self.auto_chance",
    "other._rng = _Rng.from_state(self._rng.state)",
    "log = self._log",
    "other._log = None if log is None else log.copy()",
)
"""What ``State._copy_base_into`` does, inlined into generated clones."""


class Fields:
    """Every field of one state class, in the order the JSON body lists them."""

    def __init__(self, *fields: Field) -> None:
        names = [f.name for f in fields]
        if len(set(names)) != len(names):
            raise ValueError(f"a field is listed twice: {sorted(names)}")
        keys = [f.key for f in fields if f.key is not None]
        if len(set(keys)) != len(keys):
            raise ValueError(f"a body key is used twice: {sorted(keys)}")
        self.fields = fields
        self.slots: tuple[str, ...] = tuple(sorted(names))
        self.keyed: tuple[Field, ...] = tuple(f for f in fields if f.key is not None)
        self.mutable: frozenset[str] = frozenset(f.name for f in fields if f.copy is not Copy.SHARE)

    def __iter__(self) -> Any:
        return iter(self.fields)

    def cloner(self, cls: type[Any]) -> Callable[[Any], Any]:
        """A ``clone`` method for ``cls``: the base fields, then every field by its rule."""
        from relicbox.core.rng import Rng

        lines = [
            "def clone(self):",
            "    other = _new(_cls)",
            *(f"    {line}" for line in _BASE_CLONE),
            *(f"    other.{f.name} = {_COPY_EXPR[f.copy].format(f.name)}" for f in self.fields),
            "    return other",
        ]
        namespace: dict[str, Any] = {"_new": object.__new__, "_cls": cls, "_Rng": Rng}
        # The source is built from checked identifiers only, as dataclasses builds __init__.
        exec("\n".join(lines), namespace)
        clone: Callable[[Any], Any] = namespace["clone"]
        clone.__qualname__ = f"{cls.__qualname__}.clone"
        clone.__doc__ = "An independent copy: every field copied as its declaration says."
        return clone

    def write(self, state: object, encode: Mapping[str, Encoder]) -> dict[str, Any]:
        """The body: every field with a key, in declaration order.

        A plain field is written as it is (lists copied, so the body shares nothing with
        the state); any other keyed field by ``encode[key](state)``.
        """
        body: dict[str, Any] = {}
        for f in self.keyed:
            key: str = f.key  # type: ignore[assignment]  # keyed fields have one
            if not f.plain:
                body[key] = encode[key](state)
                continue
            value = getattr(state, f.name)
            if f.copy is Copy.NESTED:
                value = [list(item) for item in value]
            elif f.copy is Copy.LIST:
                value = list(value)
            body[key] = value
        return body

    def read(self, state: object, body: Mapping[str, Any], load: Mapping[str, Loader]) -> None:
        """Set every keyed field, in declaration order, from ``load[key](body, key)``.

        The loaders check what they read; a later field's loader may rely on the
        fields before it. Fields without a key are left to the codec to derive.
        """
        for f in self.keyed:
            key: str = f.key  # type: ignore[assignment]  # keyed fields have one
            setattr(state, f.name, load[key](body, key))


__all__ = ["Copy", "Encoder", "Field", "Fields", "Loader"]
