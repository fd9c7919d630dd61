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

from collections import Counter
from collections.abc import Mapping, MutableSequence, Sequence
from typing import Any

from relicbox.core.encoding import Encoder, frac, one_hot, rotate
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

        self._memo: dict[str, tuple[Sequence[Any], list[float]]] = {}
        """Per list field, the last read-only list met and its counts (views share them)."""

    def _counted(self, field: str, entries: Sequence[Any], key: str | None) -> list[float]:
        """Each code's share of its copies in ``entries`` (cards, or path entries by ``key``).

        The views hand out read-only lists that stay the same object until they
        change, so the counts of the last one are kept and reused.
        """
        last = self._memo.get(field)
        if last is not None and last[0] is entries:
            return last[1]
        found = [0] * len(CODES)
        for entry in entries:
            found[_INDEX[entry[key] if key else entry]] += 1
        counts = [number * share for number, share in zip(found, _SHARE, strict=True)]
        if type(entries) is FrozenList:
            self._memo[field] = (entries, counts)
        return counts

    def fill(self, view: Mapping[str, Any], out: MutableSequence[float] | Any) -> None:
        """:meth:`values` written straight into ``out``, list counts reused while unchanged.

        The numbers are gathered in one list and written by one slice assignment.
        """
        seat = view["seat"]
        n = view["players"]
        path = view["path"]
        head = [0.0] * _PATH
        round_number = view["round"]
        if 1 <= round_number <= ROUNDS:
            head[round_number - 1] = 1.0
        head[5] = 1.0 if view["phase"] == "over" else 0.0
        head[6] = 1.0 if view["variant"] == "relics" else 0.0
        head[7] = 1.0 if view["split"] == "per-card" else 0.0
        head[8] = frac(view["deck_size"], 35)
        head[9] = frac(view["path_gems"], 60)
        head[10] = frac(len(path), 35)
        head += self._counted("path", path, "card")
        head += self._counted("removed", view["removed"], None)
        inside, committed = view["inside"], view["committed"]
        pockets, relics = view["pockets"], view["relics"]
        head += (
            frac(len(view["relic_pile"]), 5),
            frac(view["relics_rescued"], 5),
            frac(view["next_relic_value"], 10),
            frac(view["explorers_inside"], n),
        )
        for other in (*range(seat, n), *range(seat)):
            pocket = pockets[other]
            held = len(relics[other])
            head += (
                1.0 if inside[other] else 0.0,
                1.0 if committed[other] else 0.0,
                (pocket / 50 if pocket < 50 else 1.0) if pocket else 0.0,
                (held / 5 if held < 5 else 1.0) if held else 0.0,
            )
        choice = view["my_choice"]
        head += (
            1.0 if choice == "continue" else 0.0,
            1.0 if choice == "leave" else 0.0,
            frac(view["chest"], 250),
        )
        out[:] = head

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
