"""Tschak!'s components as data (spec §1.1 and §3): one card table, replaceable by the user.

The rulebook does not print the card values, so the default table holds the
spec's **proposed** distribution (section 3), marked ``"status": "proposed"``.
A user may supply their own table (``new_game("tschak", cards=PATH)``) in the
same shape; :func:`parse_card_table` validates it (counts per group, card
types, value ranges) and raises :class:`ConfigurationError` naming the fault.

Text forms of the cards (also used in actions, views and records):

* adventurers: ``W2``..``W5`` (``W4*`` has the wand), ``W?`` (chameleon),
  ``R1``..``R6`` (``R5+`` has the bigger axe), ``D1``..``D6`` (``D3a`` has an
  axe, ``D3`` fights bare-handed), ``A`` (artifact);
* monsters: ``M1``..``M6`` (skulls printed on the card), ``Trog`` (troglodyte);
* treasures: ``C2``..``C5`` (chest of that many coins), ``C-1``/``C-2``
  (cursed chest), ``Ring``, ``Trophy``, ``Elixir``.

Every *kind* of adventurer card (one text form) has a fixed index: the action
space is "play <kind>", so it does not depend on the table in use. Cards of
the same text form are identical in play, so the rules keep hands as sorted
lists of kind indexes; each card still has a stable id (its position in the
normalised table) for listings.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass
from enum import Enum
from functools import cached_property
from typing import Any

from relicbox.core.errors import ConfigurationError

TOWERS = 4
FLOORS = 3
POSITIONS = 4
"""Seats around the table including on-the-road boards: hands always rotate among four."""

WIZARD_VALUES = range(2, 6)
"""Printed values of valued wizards (the rulebook says 2-5)."""
WARRIOR_VALUES = range(1, 7)
DWARF_VALUES = range(1, 7)
"""Warriors 1-6 per the reviews; dwarves are allowed the same range, so printed tables fit."""
MONSTER_SKULLS = range(1, 7)
CHEST_VALUES = range(2, 6)
"""The rulebook: chests are worth between 2 and 5."""
CURSED_SKULLS = range(1, 3)
"""The rulebook: cursed chests cost 1 or 2."""

GROUP_SIZES = {"wizards": 12, "warriors": 12, "dwarves": 12, "artifacts": 4}
PER_HAND = {"wizards": 3, "warriors": 3, "dwarves": 3, "artifacts": 1}


class Kind(Enum):
    """The four card backgrounds: a party holds at most one of each."""

    WIZARD = 0
    WARRIOR = 1
    DWARF = 2
    ARTIFACT = 3


GROUP_KIND = {
    "wizards": Kind.WIZARD,
    "warriors": Kind.WARRIOR,
    "dwarves": Kind.DWARF,
    "artifacts": Kind.ARTIFACT,
}


@dataclass(frozen=True, slots=True)
class CardKind:
    """One text form of an adventurer card, e.g. ``W4*``: its type, value and tie icon."""

    index: int
    code: str
    kind: Kind
    value: int | None
    """Printed value; ``None`` for the chameleon and the artifact."""
    icon: bool
    """Wand (wizard), bigger axe (warrior), axe (dwarf)."""

    @property
    def chameleon(self) -> bool:
        return self.kind is Kind.WIZARD and self.value is None


def _build_kinds() -> tuple[CardKind, ...]:
    kinds: list[CardKind] = []

    def add(code: str, kind: Kind, value: int | None, icon: bool) -> None:
        kinds.append(CardKind(len(kinds), code, kind, value, icon))

    for v in WIZARD_VALUES:
        add(f"W{v}", Kind.WIZARD, v, False)
        add(f"W{v}*", Kind.WIZARD, v, True)
    add("W?", Kind.WIZARD, None, False)
    for v in WARRIOR_VALUES:
        add(f"R{v}", Kind.WARRIOR, v, False)
        add(f"R{v}+", Kind.WARRIOR, v, True)
    for v in DWARF_VALUES:
        add(f"D{v}", Kind.DWARF, v, False)
        add(f"D{v}a", Kind.DWARF, v, True)
    add("A", Kind.ARTIFACT, None, False)
    return tuple(kinds)


KINDS: tuple[CardKind, ...] = _build_kinds()
"""Every possible adventurer text form, in action-space order (by type, then value)."""
KIND_BY_CODE: dict[str, CardKind] = {k.code: k for k in KINDS}


class TowerKind(Enum):
    MONSTER = "monster"
    TROGLODYTE = "troglodyte"
    CHEST = "chest"
    RING = "ring"
    CURSED = "cursed"
    TROPHY = "trophy"
    ELIXIR = "elixir"


@dataclass(frozen=True, slots=True)
class TowerCard:
    """A monster or treasure text form with its printed number (skulls or coins)."""

    code: str
    kind: TowerKind
    value: int = 0
    """Skulls of a monster or cursed chest, coins of a chest; 0 otherwise."""

    @property
    def is_monster(self) -> bool:
        return self.kind in (TowerKind.MONSTER, TowerKind.TROGLODYTE)


def tower_card(code: str) -> TowerCard | None:
    """The tower card a text form names, or ``None`` if it names none.

    Only the canonical forms count (``M3``, not ``M03``): scoring and views
    look cards up by their text form.
    """
    return TOWER_CARDS.get(code)


def _parse_tower_card(code: str) -> TowerCard | None:
    fixed = {
        "Trog": TowerKind.TROGLODYTE,
        "Ring": TowerKind.RING,
        "Trophy": TowerKind.TROPHY,
        "Elixir": TowerKind.ELIXIR,
    }
    if code in fixed:
        return TowerCard(code, fixed[code])
    if code.startswith("M") and code[1:].isdigit() and int(code[1:]) in MONSTER_SKULLS:
        return TowerCard(code, TowerKind.MONSTER, int(code[1:]))
    if code.startswith("C-") and code[2:].isdigit() and int(code[2:]) in CURSED_SKULLS:
        return TowerCard(code, TowerKind.CURSED, int(code[2:]))
    if code.startswith("C") and code[1:].isdigit() and int(code[1:]) in CHEST_VALUES:
        return TowerCard(code, TowerKind.CHEST, int(code[1:]))
    return None


TOWER_CARDS: dict[str, TowerCard] = {}
"""Every valid monster and treasure text form and its card."""
for _code in (
    "Trog",
    "Ring",
    "Trophy",
    "Elixir",
    *(f"M{v}" for v in MONSTER_SKULLS),
    *(f"C-{v}" for v in CURSED_SKULLS),
    *(f"C{v}" for v in CHEST_VALUES),
):
    TOWER_CARDS[_code] = _parse_tower_card(_code)  # type: ignore[assignment]

MONSTER_COUNTS = {TowerKind.MONSTER: 8, TowerKind.TROGLODYTE: 6}
TREASURE_COUNTS = {
    TowerKind.CHEST: 4,
    TowerKind.RING: 6,
    TowerKind.CURSED: 2,
    TowerKind.TROPHY: 1,
    TowerKind.ELIXIR: 1,
}
REMOVED_PER_DECK = 2
"""Monsters and treasures put back in the box unseen at set-up."""


PROPOSED_TABLE: dict[str, Any] = {
    "status": "proposed",
    "note": "Values proposed by the relicbox rules spec (section 3); the rulebook does not "
    "print them. Replace this table with the printed values when known.",
    "wizards": ["W?", "W?", "W?", "W?", "W2", "W2*", "W3", "W3*", "W4", "W4*", "W5", "W5*"],
    "warriors": [f"R{v}{icon}" for v in range(1, 7) for icon in ("", "+")],
    "dwarves": [f"D{v}{icon}" for v in range(1, 5) for icon in ("a", "a", "")],
    "artifacts": ["A", "A", "A", "A"],
    "monsters": ["M1", "M1", "M2", "M2", "M3", "M3", "M4", "M4", *["Trog"] * 6],
    "treasures": [
        "C2",
        "C3",
        "C4",
        "C5",
        *["Ring"] * 6,
        "C-1",
        "C-2",
        "Trophy",
        "Elixir",
    ],
}
"""The spec's proposed distribution. One of the two ``M3`` monsters is the Golem."""


@dataclass(frozen=True, slots=True)
class Card:
    """One physical adventurer card of a table: stable id, text form, and its kind."""

    id: int
    code: str
    kind: CardKind
    proposed: bool


@dataclass(frozen=True)
class CardTable:
    """A validated card table: the game's adventurers, monsters and treasures."""

    cards: tuple[Card, ...]
    """The 40 adventurer cards, sorted by kind, ids 0..39."""
    monsters: tuple[str, ...]
    """The 14 monster cards' text forms."""
    treasures: tuple[str, ...]
    proposed: bool

    @property
    def adventurer_counts(self) -> Counter[int]:
        """How many cards of each kind index the table holds."""
        return Counter(card.kind.index for card in self.cards)

    def group(self, kind: Kind) -> list[int]:
        """The kind indexes of every card of one background, with repeats, sorted."""
        return list(self._groups[kind.value])

    @cached_property
    def _groups(self) -> tuple[tuple[int, ...], ...]:
        return tuple(
            tuple(card.kind.index for card in self.cards if card.kind.kind is kind) for kind in Kind
        )


def parse_card_table(data: Mapping[str, Any]) -> CardTable:
    """Validate a card table (the shape of :data:`PROPOSED_TABLE`) and build it.

    Raises :class:`ConfigurationError` naming the group and the fault: a missing
    or mistyped group, a wrong count, a card of the wrong type or a value out of
    the allowed range.
    """
    if not isinstance(data, Mapping):
        raise ConfigurationError(f"a Tschak! card table is an object, got {type(data).__name__}")
    known = {*GROUP_SIZES, "monsters", "treasures", "status", "note"}
    unknown = sorted(set(data) - known)
    if unknown:
        raise ConfigurationError(
            f"card table has unknown entries {', '.join(map(repr, unknown))}: "
            f"expected {', '.join(sorted(known))}"
        )
    cards: list[tuple[CardKind, bool]] = []
    proposed = data.get("status", "printed") == "proposed"
    for group, size in GROUP_SIZES.items():
        codes = _codes(data, group, size)
        for code in codes:
            kind = KIND_BY_CODE.get(code)
            if kind is None or kind.kind is not GROUP_KIND[group]:
                raise ConfigurationError(_bad_adventurer(group, code))
            cards.append((kind, proposed))
    cards.sort(key=lambda pair: pair[0].index)
    monsters = _tower_group(data, "monsters", MONSTER_COUNTS)
    treasures = _tower_group(data, "treasures", TREASURE_COUNTS)
    return CardTable(
        cards=tuple(Card(i, kind.code, kind, flag) for i, (kind, flag) in enumerate(cards)),
        monsters=monsters,
        treasures=treasures,
        proposed=proposed,
    )


def _codes(data: Mapping[str, Any], group: str, size: int) -> list[str]:
    codes = data.get(group)
    if not isinstance(codes, list) or not all(isinstance(c, str) for c in codes):
        raise ConfigurationError(f"card table needs {group!r}: a list of {size} card codes")
    if len(codes) != size:
        raise ConfigurationError(
            f"card table has {len(codes)} {group}, the game has exactly {size}"
        )
    return [c.strip() for c in codes]


_GROUP_RULES = {
    "wizards": "W2..W5 (add * for the wand) or W? (chameleon)",
    "warriors": "R1..R6 (add + for the bigger axe)",
    "dwarves": "D1..D6 (add a for an axe)",
    "artifacts": "A",
}


def _bad_adventurer(group: str, code: str) -> str:
    other = KIND_BY_CODE.get(code)
    if other is not None:
        return f"card {code!r} is not one of the {group}: it is a {other.kind.name.lower()}"
    return f"card {code!r} in {group} is not valid: {group} are {_GROUP_RULES[group]}"


def _tower_group(
    data: Mapping[str, Any], group: str, counts: Mapping[TowerKind, int]
) -> tuple[str, ...]:
    size = sum(counts.values())
    codes = _codes(data, group, size)
    found: Counter[TowerKind] = Counter()
    for code in codes:
        card = tower_card(code)
        if card is None or card.kind not in counts:
            raise ConfigurationError(
                f"card {code!r} in {group} is not valid: {group} are {_tower_rules(group)}"
            )
        found[card.kind] += 1
    for kind, expected in counts.items():
        if found[kind] != expected:
            raise ConfigurationError(
                f"card table has {found[kind]} {kind.value} cards in {group}, "
                f"the game has exactly {expected}"
            )
    return tuple(codes)


def _tower_rules(group: str) -> str:
    if group == "monsters":
        return "M1..M6 (skulls) or Trog"
    return "C2..C5 (chests), C-1/C-2 (cursed chests), Ring, Trophy or Elixir"


PROPOSED: CardTable = parse_card_table(PROPOSED_TABLE)
"""The default table (spec §3, proposed values)."""
