"""Tschak! observation encoding: ``view(seat)`` as a flat float32 vector in [0, 1].

Length ``342 + 86 * players`` (514 for 2 players, 686 for 4 players).
Adventurer cards are the 34 kinds of the action space in its order (``W2 W2*
.. W5* W? R1 R1+ .. R6+ D1 D1a .. D6a A``); tower cards are the 16 codes
``Trog Ring Trophy Elixir M1..M6 C-1 C-2 C2..C5``. Per-seat blocks are
relative (block 0 = the observing seat). Slices, in order:

==================  ===============  =================================================
field               length           meaning
==================  ===============  =================================================
``tower``           4                one-hot tower 1..4
``floor``           3                one-hot floor 1..3 being fought
``over``            1                1 when the game has ended
``need``            1                cards each seat commits in this reveal / 3
``decks``           2                monster and treasure cards left in the decks / 14
``loot``            3                the loot ladder of the tower / 3
``floors``          3 * 2 * 16       per floor: its monster and its treasure, one-hot
``floors_to``       3 * 2 * 4        per floor: relative seat that took its monster,
                                     then its treasure, one-hot over 4 seats
``hand``            34               own hand, copies of each kind / 3
``picks``           34               own committed, unrevealed picks / 3
``known_hands``     4 * 34           every hand the seat has seen in full, by the
                                     table position holding it now, counted from the
                                     seat's own position (on-the-road boards hold the
                                     hands of missing players) / 3
``known``           4                1 where that hand is known
``played``          players * 34     cards each seat has shown in this tower / 3
``revealed``        players * 34     cards each seat has revealed on this floor / 3
``committed``       players          face-down cards each seat has committed / 3
``gold``            players          gold / 30
``won``             players * 16     tower cards each seat has won / 6
==================  ===============  =================================================

Action space: 34 actions, ``play <kind>`` for each adventurer kind above; a
seat picks the cards of one reveal one action at a time (it stays in
``to_act`` until it has committed ``need`` cards), all seats at once.

Rewards (from the adapters): at the end only; by default 1 shared among the
winners, 0 otherwise (``reward="win"``); or ``reward="margin"``, own score minus
the best score among the other seats.
"""

from __future__ import annotations

from array import array
from collections.abc import Iterable, Mapping
from typing import Any

from relicbox.core.encoding import (
    READ_ONLY,
    Encoder,
    Shared,
    Slate,
    counts,
    frac,
    one_hot,
    rotate,
    zeros,
)
from relicbox.core.game import Game
from relicbox.games.tschak.data import TOWER_CARDS
from relicbox.games.tschak.rules import Play

TOWER_CODES: tuple[str, ...] = tuple(TOWER_CARDS)
_TOWER = {code: position for position, code in enumerate(TOWER_CODES)}
FLOOR_SEATS = 4


class GameEncoder(Encoder):
    def __init__(self, game: Game, players: int, template: Mapping[str, Any]) -> None:
        super().__init__(game, players, template)
        self.kinds = {action.args_as(Play).code: action.index for action in game.action_space}
        k, t, n = len(self.kinds), len(TOWER_CODES), players
        self.fields = [
            ("tower", 4),
            ("floor", 3),
            ("over", 1),
            ("need", 1),
            ("decks", 2),
            ("loot", 3),
            ("floors", 3 * 2 * t),
            ("floors_to", 3 * 2 * FLOOR_SEATS),
            ("hand", k),
            ("picks", k),
            ("known_hands", FLOOR_SEATS * k),
            ("known", FLOOR_SEATS),
            ("played", n * k),
            ("revealed", n * k),
            ("committed", n),
            ("gold", n),
            ("won", n * t),
        ]
        self._shared = Shared(4096)
        """Counts of read-only card lists, which every seat's view shares."""
        self._hands: dict[tuple[str, ...], array[float]] = {}
        start = 0
        self._at: dict[str, int] = {}
        for name, length in self.fields:
            self._at[name] = start
            start += length

    def _held(self, cards: tuple[str, ...]) -> array[float]:
        """The counts of a hand or of picks, kept by their cards (hands recur)."""
        found = self._hands.get(cards)
        if found is None:
            if len(self._hands) >= 4096:
                self._hands.clear()
            found = self._hands[cards] = self._kind_counts(cards)
        return found

    def _kind_counts(self, cards: Iterable[str]) -> array[float]:
        return array("f", counts(cards, self.kinds, 3))

    def _won_counts(self, won: Mapping[str, Any]) -> array[float]:
        return array("f", counts(won["monsters"] + won["treasures"], _TOWER, 6))

    def _head(self, view: Mapping[str, Any]) -> list[float]:
        """The numbers before ``floors`` (:meth:`values`' first fields)."""
        out: list[float] = list(one_hot(None if view["tower"] is None else view["tower"] - 1, 4))
        out += one_hot(None if view["floor"] is None else view["floor"] - 1, 3)
        out.append(1.0 if view["phase"] == "over" else 0.0)
        out.append(frac(view["need"], 3))
        out += [frac(view["decks"]["monsters"], 14), frac(view["decks"]["treasures"], 14)]
        loot = list(view["loot"])[:3]
        out += [frac(v, 3) for v in loot] + [0.0] * (3 - len(loot))
        return out

    def _floors(self, view: Mapping[str, Any]) -> list[float]:
        """The ``floors`` and ``floors_to`` fields."""
        seat = view["seat"]
        n = view["players"]
        out: list[float] = []
        floors = list(view["floors"])[:3]
        for floor in floors:
            # counts() of one card: a one-hot row, 1 where the card is.
            out += one_hot(_TOWER.get(floor["monster"]), len(TOWER_CODES))
            out += one_hot(_TOWER.get(floor["treasure"]), len(TOWER_CODES))
        out += [0.0] * (2 * len(TOWER_CODES) * (3 - len(floors)))
        for floor in floors:
            for key in ("monster_to", "treasure_to"):
                taker = floor[key]
                out += one_hot(None if taker is None else (taker - seat) % n, FLOOR_SEATS)
        out += [0.0] * (2 * FLOOR_SEATS * (3 - len(floors)))
        return out

    def refresh(self, view: Mapping[str, Any], slate: Slate) -> None:
        """:meth:`values` written into the slate, each part only when the view parts it
        is made of changed; counts of card lists every seat sees are made once for all."""
        out = slate.values
        seat = view["seat"]
        n = view["players"]
        memo = slate.memo
        last = memo.get("tschak")
        if last is None or last[0] != seat:
            last = memo["tschak"] = [seat, None, None, None, None, [None] * n, [None] * n]
            last += [None, None, [None] * n, None, None, None, None, None]
        at = self._at
        k = len(self.kinds)
        head = (view["tower"], view["floor"], view["phase"], view["need"], view["decks"])
        loot, floors = view["loot"], view["floors"]
        if head != last[1] or loot is not last[10]:
            last[1] = head
            last[10] = loot if type(loot) in READ_ONLY else None
            out[0 : at["floors"]] = array("f", self._head(view))
        if floors is not last[11]:
            last[11] = floors if type(floors) in READ_ONLY else None
            out[at["floors"] : at["hand"]] = array("f", self._floors(view))
        hand = tuple(view["hand"])
        if hand != last[2]:
            last[2] = hand
            out[at["hand"] : at["hand"] + k] = self._held(hand)
        picks = tuple(view["picks"])
        if picks != last[3]:
            last[3] = picks
            out[at["picks"] : at["picks"] + k] = self._held(picks)
        known_part = (view["known_hands"], view["hand_ids"], view["cycle"])
        if known_part != last[4]:
            last[4] = known_part
            hands, ids, cycle = known_part
            me = cycle.index(seat)
            positions = len(cycle)
            known = [hands[ids[(me + r) % positions]] for r in range(positions)]
            start = at["known_hands"]
            out[start : start + FLOOR_SEATS * k] = zeros(FLOOR_SEATS * k)
            for r, held in enumerate(known):
                if held:
                    out[start + r * k : start + (r + 1) * k] = self._shared.get(
                        held, self._kind_counts
                    )
            flags = [0.0 if held is None else 1.0 for held in known]
            flags += [0.0] * (FLOOR_SEATS - len(flags))
            out[at["known"] : at["known"] + FLOOR_SEATS] = array("f", flags)
        order = (*range(seat, n), *range(seat))
        for field, seen, whole in (("played", last[5], 12), ("revealed", last[6], 13)):
            lists = view[field]
            if lists is last[whole]:
                continue
            last[whole] = lists if type(lists) in READ_ONLY else None
            start = at[field]
            for r, other in enumerate(order):
                cards = lists[other]
                if cards is not seen[r]:
                    seen[r] = cards if type(cards) in READ_ONLY else None
                    out[start + r * k : start + (r + 1) * k] = self._shared.get(
                        cards, self._kind_counts
                    )
        committed = tuple(view["committed"])
        if committed != last[7]:
            last[7] = committed
            start = at["committed"]
            for r, other in enumerate(order):
                out[start + r] = frac(committed[other], 3)
        gold = view["gold"]
        if gold is not last[8]:
            last[8] = gold if type(gold) in READ_ONLY else None
            start = at["gold"]
            for r, other in enumerate(order):
                out[start + r] = frac(gold[other], 30)
        won, seen = view["won"], last[9]
        if won is last[14]:
            return
        last[14] = won if type(won) in READ_ONLY else None
        start, t = at["won"], len(TOWER_CODES)
        for r, other in enumerate(order):
            entry = won[other]
            if entry is not seen[r]:
                seen[r] = entry if type(entry) in READ_ONLY else None
                out[start + r * t : start + (r + 1) * t] = self._shared.get(entry, self._won_counts)

    def values(self, view: Mapping[str, Any]) -> list[float]:
        seat = view["seat"]
        kinds = self.kinds
        out = self._head(view) + self._floors(view)
        out += counts(view["hand"], kinds, 3)
        out += counts(view["picks"], kinds, 3)
        hands = view["known_hands"]
        me = view["cycle"].index(seat)
        positions = len(view["cycle"])
        known = [hands[view["hand_ids"][(me + r) % positions]] for r in range(positions)]
        for hand in known:
            out += counts(hand or [], kinds, 3)
        out += [0.0 if hand is None else 1.0 for hand in known]
        for cards in rotate(view["played"], seat):
            out += counts(cards, kinds, 3)
        for cards in rotate(view["revealed"], seat):
            out += counts(cards, kinds, 3)
        out += [frac(c, 3) for c in rotate(view["committed"], seat)]
        out += [frac(g, 30) for g in rotate(view["gold"], seat)]
        for won in rotate(view["won"], seat):
            out += counts(won["monsters"] + won["treasures"], _TOWER, 6)
        return out
