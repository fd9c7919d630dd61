"""Diamant observation encoding: ``view(seat)`` as a flat float32 vector in [0, 1].

Length ``64 + 4 * players`` (76 for 3 players, 96 for 8 players). Card codes are the
23 codes of the base game and the relic variant, in this order: the treasures
``T1 T2 T3 T4 T5 T7 T9 T11 T13 T14 T15 T17``, the traps ``spiders snakes lava
boulders rams``, the base relic ``R`` and the variant relics ``R5 R7 R8 R10
R12``. Slices, in order:

=====================  ==========  =====================================================
field                  length      meaning
=====================  ==========  =====================================================
``round``              5           one-hot round 1..5
``over``               1           1 when the game has ended
``variant``            1           1 for the relic variant
``per_card_split``     1           1 when path gems are split per card
``deck_size``          1           cards left in the deck / 35
``path_gems``          1           rubies lying on the path / 60
``path_length``        1           cards on the path / 35
``path``               23          cards of each code on the path / copies of that code
``removed``            23          cards of each code removed from the game / copies
``relic_pile``         1           variant relics not yet shuffled in / 5
``relics_rescued``     1           relics rescued so far / 5
``next_relic_value``   1           base game: value of the next rescued relic / 10
``inside_count``       1           explorers still in the cave / players
``seats``              4 * players per relative seat: inside, committed a choice this
                                   reveal, pocket / 50, relics held / 5
``my_choice``          2           own pending choice: ``continue``, ``leave``
``chest``              1           own chest total / 250
=====================  ==========  =====================================================

The chest of other seats is not in the view, so it is not here either (a
policy with memory may rebuild it from the public history).

Action space: 2 actions, ``0 = continue``, ``1 = leave``. Every explorer in the
cave chooses at once after each reveal (a simultaneous step).

Rewards (from the adapters): at the end only; by default 1 shared among the
winners, 0 otherwise (``reward="win"``); or ``reward="margin"``, own score minus
the best score among the other seats.
"""

from __future__ import annotations

from array import array
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from struct import Struct
from typing import Any

from relicbox.core.encoding import Encoder, Shared, Slate, frac, one_hot, rotate
from relicbox.core.game import Game
from relicbox.core.history import FrozenList
from relicbox.games.diamant.data import CARDS, ROUNDS, variant_code

_BASE = Counter(card.code for card in CARDS)
_VARIANT = Counter(variant_code(card) for card in CARDS)
COPIES: dict[str, int] = {**_BASE, **_VARIANT}
CODES: tuple[str, ...] = tuple(COPIES)
_INDEX = {code: position for position, code in enumerate(CODES)}
_SHARE = tuple(1.0 / COPIES[code] for code in CODES)
_PATH = 11
"""Where the ``path`` field starts (``removed`` follows it, then the scalars and seats)."""
_TAIL = _PATH + 2 * len(CODES)
"""Where the fields after ``removed`` start."""
_ROUND_LISTS = ((0.0,) * ROUNDS, *(one_hot(r, ROUNDS) for r in range(ROUNDS)))
"""The ``round`` field of round 1..5 (index 0: none)."""


_MEMO = 4096
"""Memos of the encoder start afresh past this size."""


def _code_shares(codes: Iterable[str]) -> array[float]:
    """Each code's share of its copies, as :meth:`GameEncoder.values` counts them."""
    found = [0] * len(CODES)
    for code in codes:
        found[_INDEX[code]] += 1
    return array("f", [number * share for number, share in zip(found, _SHARE, strict=True)])


_BY_CARDS: dict[tuple[str, ...], array[float]] = {}
"""Counts by the cards themselves: a path is rebuilt as a new list when rubies on it
move, its cards unchanged."""


def _path_shares(path: Iterable[Mapping[str, Any]]) -> array[float]:
    cards = tuple([entry["card"] for entry in path])
    found = _BY_CARDS.get(cards)
    if found is None:
        if len(_BY_CARDS) >= _MEMO:
            _BY_CARDS.clear()
        found = _BY_CARDS[cards] = _code_shares(cards)
    return found


def _numbers(key: tuple[Any, ...]) -> tuple[array[float], list[float]]:
    """The fields before ``path``, and those between ``removed`` and ``seats``, from
    the view's numbers (in the order :meth:`GameEncoder.refresh` lists them)."""
    round_number, phase, variant, split, deck, gems, length, pile, rescued, value, inside, n = key
    head = [
        *_ROUND_LISTS[round_number if 1 <= round_number <= ROUNDS else 0],
        1.0 if phase == "over" else 0.0,
        1.0 if variant == "relics" else 0.0,
        1.0 if split == "per-card" else 0.0,
        frac(deck, 35),
        frac(gems, 60),
        frac(length, 35),
    ]
    middle = [frac(pile, 5), frac(rescued, 5), frac(value, 10), frac(inside, n)]
    return array("f", head), middle


def _seat_block(
    inside: Sequence[bool],
    committed: Sequence[bool],
    pockets: Sequence[int],
    relics: Sequence[Sequence[str]],
) -> list[float]:
    """The ``seats`` field seen from seat 0 (a seat's own view starts at its block)."""
    block: list[float] = []
    for other, pocket in enumerate(pockets):
        key = (inside[other], committed[other], pocket, len(relics[other]))
        row = _ROWS.get(key)
        if row is None:
            if len(_ROWS) >= _MEMO:
                _ROWS.clear()
            held = key[3]
            row = _ROWS[key] = (
                1.0 if key[0] else 0.0,
                1.0 if key[1] else 0.0,
                (pocket / 50 if pocket < 50 else 1.0) if pocket else 0.0,
                (held / 5 if held < 5 else 1.0) if held else 0.0,
            )
        block += row
    return block


_ROWS: dict[tuple[bool, bool, int, int], tuple[float, ...]] = {}
"""A seat's four numbers by what they are made of (few combinations recur)."""


class GameEncoder(Encoder):
    def __init__(self, game: Game, players: int, template: Mapping[str, Any]) -> None:
        super().__init__(game, players, template)
        n = len(CODES)
        self.fields = [
            ("round", ROUNDS),
            ("over", 1),
            ("variant", 1),
            ("per_card_split", 1),
            ("deck_size", 1),
            ("path_gems", 1),
            ("path_length", 1),
            ("path", n),
            ("removed", n),
            ("relic_pile", 1),
            ("relics_rescued", 1),
            ("next_relic_value", 1),
            ("inside_count", 1),
            ("seats", 4 * players),
            ("my_choice", 2),
            ("chest", 1),
        ]
        self._shared = Shared(8)
        self._tail = Struct(f"={4 + 4 * players + 3}f")
        """The fields from ``relic_pile`` on, as float32 in the slate's memory."""
        self._numbers: dict[tuple[Any, ...], tuple[array[float], list[float]]] = {}
        self._blocks: dict[tuple[int, ...], tuple[Any, ...]] = {}

    def refresh(self, view: Mapping[str, Any], slate: Slate) -> None:
        """:meth:`values` written into the slate: the card counts only when their
        read-only lists changed (made once for every seat), the rest in two writes."""
        out = slate.values
        seat = view["seat"]
        memo = slate.memo
        last = memo.get("diamant")
        if last is None or last[0] != seat:
            last = memo["diamant"] = [seat, None, None]
        path, removed = view["path"], view["removed"]
        if path is not last[1]:
            last[1] = path if type(path) is FrozenList else None
            out[_PATH : _PATH + len(CODES)] = self._shared.get(path, _path_shares)
        if removed is not last[2]:
            last[2] = removed if type(removed) is FrozenList else None
            out[_PATH + len(CODES) : _TAIL] = self._shared.get(removed, _code_shares)
        n = view["players"]
        key = (
            view["round"],
            view["phase"],
            view["variant"],
            view["split"],
            view["deck_size"],
            view["path_gems"],
            len(path),
            len(view["relic_pile"]),
            view["relics_rescued"],
            view["next_relic_value"],
            view["explorers_inside"],
            n,
        )
        numbers = self._numbers.get(key)
        if numbers is None:
            if len(self._numbers) >= _MEMO:
                self._numbers.clear()
            numbers = self._numbers[key] = _numbers(key)
        out[0:_PATH] = numbers[0]
        inside, committed = view["inside"], view["committed"]
        pockets, relics = view["pockets"], view["relics"]
        # Every seat's view holds the very same read-only lists at one point of a game.
        ids = (id(inside), id(committed), id(pockets), id(relics))
        found = self._blocks.get(ids)
        if (
            found is None
            or found[0] is not inside
            or found[1] is not committed
            or found[2] is not pockets
            or found[3] is not relics
        ):
            found = (
                inside,
                committed,
                pockets,
                relics,
                _seat_block(inside, committed, pockets, relics),
            )
            if all(type(part) is FrozenList for part in found[:4]):
                if len(self._blocks) >= _MEMO:
                    self._blocks.clear()
                self._blocks[ids] = found
        block = found[4]
        start = 4 * (seat or 0)
        choice = view["my_choice"]
        # Packed straight into the slate's memory: no list or array made on the way.
        self._tail.pack_into(
            out,
            4 * _TAIL,
            *numbers[1],
            *block[start:],
            *block[:start],
            1.0 if choice == "continue" else 0.0,
            1.0 if choice == "leave" else 0.0,
            frac(view["chest"], 250),
        )

    @staticmethod
    def _codes(codes: list[str]) -> list[float]:
        out = [0.0] * len(CODES)
        for code in codes:
            out[_INDEX[code]] += 1.0 / COPIES[code]
        return out

    def values(self, view: Mapping[str, Any]) -> list[float]:
        seat = view["seat"]
        n = view["players"]
        out: list[float] = list(one_hot(view["round"] - 1, ROUNDS))
        out.append(1.0 if view["phase"] == "over" else 0.0)
        out.append(1.0 if view["variant"] == "relics" else 0.0)
        out.append(1.0 if view["split"] == "per-card" else 0.0)
        out.append(frac(view["deck_size"], 35))
        out.append(frac(view["path_gems"], 60))
        out.append(frac(len(view["path"]), 35))
        out += self._codes([entry["card"] for entry in view["path"]])
        out += self._codes(view["removed"])
        out.append(frac(len(view["relic_pile"]), 5))
        out.append(frac(view["relics_rescued"], 5))
        out.append(frac(view["next_relic_value"], 10))
        out.append(frac(view["explorers_inside"], n))
        inside = rotate(view["inside"], seat)
        committed = rotate(view["committed"], seat)
        pockets = rotate(view["pockets"], seat)
        relics = rotate(view["relics"], seat)
        for other in range(n):
            out += [
                1.0 if inside[other] else 0.0,
                1.0 if committed[other] else 0.0,
                frac(pockets[other], 50),
                frac(len(relics[other]), 5),
            ]
        choice = view["my_choice"]
        out += [1.0 if choice == "continue" else 0.0, 1.0 if choice == "leave" else 0.0]
        out.append(frac(view["chest"], 250))
        return out
