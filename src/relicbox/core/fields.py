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
codec's checking loader for its key. A field without a key (other than a slot holding
records, see below) is derived from the others when a body is loaded (caches, values
that follow from the options).

A state may keep records (a player board per seat, the record of a turn) in a slot. Their
fields are listed in the same declaration with ``within`` naming that slot: they become
the record class's slots (:meth:`Fields.record_slots`), its ``copy`` (:meth:`Fields.copier`)
and body keys of their own, one value each for a record held alone, one list with an entry
per record for a slot that holds a list of records (``Copy.NESTED``).

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
    within: str | None = None
    """The slot holding the record this field belongs to; ``None`` for the state's own."""

    def __post_init__(self) -> None:
        if not self.name.isidentifier():
            raise ValueError(f"field name {self.name!r} is not an identifier")
        if self.plain and self.key is None:
            raise ValueError(f"plain field {self.name!r} needs a body key")
        if self.within is not None and self.key is None:
            raise ValueError(f"record field {self.name!r} needs a body key")


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
        owned = [(f.within, f.name) for f in fields]
        if len(set(owned)) != len(owned):
            raise ValueError(f"a field is listed twice: {sorted(f.name for f in fields)}")
        keys = [f.key for f in fields if f.key is not None]
        if len(set(keys)) != len(keys):
            raise ValueError(f"a body key is used twice: {sorted(keys)}")
        own = [f for f in fields if f.within is None]
        holders = {f.name: f for f in own}
        for f in fields:
            if f.within is not None and (f.within not in holders or holders[f.within].key):
                raise ValueError(f"field {f.name!r} is within {f.within!r}, not an unkeyed slot")
        self.fields = fields
        self.own: tuple[Field, ...] = tuple(own)
        """The state's own fields (its slots), without the fields of the records it holds."""
        self.slots: tuple[str, ...] = tuple(sorted(f.name for f in own))
        self.keyed: tuple[Field, ...] = tuple(f for f in fields if f.key is not None)
        self.mutable: frozenset[str] = frozenset(f.name for f in own if f.copy is not Copy.SHARE)
        self.records: dict[str, tuple[Field, ...]] = {
            holder: tuple(f for f in fields if f.within == holder)
            for holder in holders
            if any(f.within == holder for f in fields)
        }
        """Per slot that holds records, the records' fields."""
        self._per_item = {name for name in self.records if holders[name].copy is Copy.NESTED}
        self.derived: tuple[str, ...] = tuple(
            f.name for f in own if f.key is None and f.name not in self.records
        )
        """The state's slots the body leaves out: rebuilt from the others on loading."""

    def __iter__(self) -> Any:
        """The state's own fields (its slots); ``fields`` also has its records' fields."""
        return iter(self.own)

    def cloner(self, cls: type[Any]) -> Callable[[Any], Any]:
        """A ``clone`` method for ``cls``: the base fields, then every field by its rule."""
        from relicbox.core.rng import Rng

        lines = [
            "def clone(self):",
            "    other = _new(_cls)",
            *(f"    {line}" for line in _BASE_CLONE),
            *(f"    other.{f.name} = {_COPY_EXPR[f.copy].format(f.name)}" for f in self.own),
            "    return other",
        ]
        namespace: dict[str, Any] = {"_new": object.__new__, "_cls": cls, "_Rng": Rng}
        # The source is built from checked identifiers only, as dataclasses builds __init__.
        exec("\n".join(lines), namespace)
        clone: Callable[[Any], Any] = namespace["clone"]
        clone.__qualname__ = f"{cls.__qualname__}.clone"
        clone.__doc__ = "An independent copy: every field copied as its declaration says."
        return clone

    def record_slots(self, holder: str) -> tuple[str, ...]:
        """The slots of the record class kept in ``holder``: its fields' names."""
        return tuple(sorted(f.name for f in self.records[holder]))

    def copier(self, cls: type[Any], holder: str) -> Callable[[Any], Any]:
        """A ``copy`` method for the record class kept in ``holder``: every field by its rule."""
        lines = [
            "def copy(self):",
            "    other = _new(_cls)",
            *(
                f"    other.{f.name} = {_COPY_EXPR[f.copy].format(f.name)}"
                for f in self.records[holder]
            ),
            "    return other",
        ]
        namespace: dict[str, Any] = {"_new": object.__new__, "_cls": cls}
        exec("\n".join(lines), namespace)  # checked identifiers only, as in cloner
        copy: Callable[[Any], Any] = namespace["copy"]
        copy.__qualname__ = f"{cls.__qualname__}.copy"
        copy.__doc__ = "An independent copy: every field copied as its declaration says."
        return copy

    def write(self, state: object, encode: Mapping[str, Encoder]) -> dict[str, Any]:
        """The body: every field with a key, in declaration order.

        A plain field is written as it is (lists copied, so the body shares nothing with
        the state), a record's field once per record when its slot holds a list of them;
        any other keyed field by ``encode[key](state)``.
        """
        body: dict[str, Any] = {}
        for f in self.keyed:
            key: str = f.key  # type: ignore[assignment]  # keyed fields have one
            if not f.plain:
                body[key] = encode[key](state)
            elif f.within is None:
                body[key] = _plain(f.copy, getattr(state, f.name))
            elif f.within in self._per_item:
                items = getattr(state, f.within)
                body[key] = [_plain(f.copy, getattr(item, f.name)) for item in items]
            else:
                body[key] = _plain(f.copy, getattr(getattr(state, f.within), f.name))
        return body

    def read(self, state: object, body: Mapping[str, Any], load: Mapping[str, Loader]) -> None:
        """Set every keyed field, in declaration order, from ``load[key](body, key)``.

        The loaders check what they read; a later field's loader may rely on the
        fields before it. A record's field is set on the records the state already
        holds (the loader gives one value per record where the slot holds a list).
        Fields without a key are left to the codec to derive.
        """
        for f in self.keyed:
            key: str = f.key  # type: ignore[assignment]  # keyed fields have one
            value = load[key](body, key)
            if f.within is None:
                setattr(state, f.name, value)
            elif f.within in self._per_item:
                for item, item_value in zip(getattr(state, f.within), value, strict=True):
                    setattr(item, f.name, item_value)
            else:
                setattr(getattr(state, f.within), f.name, value)


def _plain(copy: Copy, value: Any) -> Any:
    """A plain field's body entry: its value, with its lists copied."""
    if copy is Copy.NESTED:
        return [list(item) for item in value]
    if copy is Copy.LIST:
        return list(value)
    return value


__all__ = ["Copy", "Encoder", "Field", "Fields", "Loader"]
