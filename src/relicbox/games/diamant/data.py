"""Diamant's components as data (spec §1.1), validated by tests.

Every expedition card has a stable integer id (its position in :data:`CARDS`)
and a short code used in views, records and transcripts: ``T9`` for a treasure
of 9 rubies, a trap's type name, ``R`` for a base-game relic and ``R8`` for a
relic of the variant, which scores its printed value.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

ROUNDS = 5
DIAMOND = 5
"""Points of one diamond; 5 rubies may be exchanged for one at any time."""

TREASURE_VALUES = (1, 2, 3, 4, 5, 5, 7, 7, 9, 11, 11, 13, 14, 15, 17)
TRAP_TYPES = ("spiders", "snakes", "lava", "boulders", "rams")
TRAP_COPIES = 3
RELIC_PRINTED_VALUES = (5, 7, 8, 10, 12)
"""Printed on the relic cards; only the relic variant scores them, in this order of entry."""

BASE_RELIC_VALUES = (5, 5, 5, 10, 10)
"""Base game: the value of the 1st..5th relic rescued in the whole game."""


class Kind(Enum):
    TREASURE = "treasure"
    TRAP = "trap"
    RELIC = "relic"


@dataclass(frozen=True, slots=True)
class Card:
    id: int
    kind: Kind
    code: str
    rubies: int = 0
    trap: str | None = None
    printed_value: int = 0


def _build_cards() -> tuple[Card, ...]:
    cards: list[Card] = []
    for value in TREASURE_VALUES:
        cards.append(Card(len(cards), Kind.TREASURE, f"T{value}", rubies=value))
    for trap in TRAP_TYPES:
        for _ in range(TRAP_COPIES):
            cards.append(Card(len(cards), Kind.TRAP, trap, trap=trap))
    for printed in RELIC_PRINTED_VALUES:
        cards.append(Card(len(cards), Kind.RELIC, "R", printed_value=printed))
    return tuple(cards)


CARDS: tuple[Card, ...] = _build_cards()
TREASURE_IDS = tuple(c.id for c in CARDS if c.kind is Kind.TREASURE)
TRAP_IDS = tuple(c.id for c in CARDS if c.kind is Kind.TRAP)
RELIC_IDS = tuple(c.id for c in CARDS if c.kind is Kind.RELIC)
"""Relic ids in printed-value order 5, 7, 8, 10, 12: the variant adds them in this order."""


def variant_code(card: Card) -> str:
    """A relic's code in the variant, where its printed value matters."""
    return f"R{card.printed_value}" if card.kind is Kind.RELIC else card.code
