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

from collections.abc import Mapping
from typing import Any

from relicbox.core.encoding import Encoder, counts, frac, one_hot, rotate
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

    def values(self, view: Mapping[str, Any]) -> list[float]:
        seat = view["seat"]
        n = view["players"]
        kinds = self.kinds
        out: list[float] = list(one_hot(None if view["tower"] is None else view["tower"] - 1, 4))
        out += one_hot(None if view["floor"] is None else view["floor"] - 1, 3)
        out.append(1.0 if view["phase"] == "over" else 0.0)
        out.append(frac(view["need"], 3))
        out += [frac(view["decks"]["monsters"], 14), frac(view["decks"]["treasures"], 14)]
        loot = list(view["loot"])[:3]
        out += [frac(v, 3) for v in loot] + [0.0] * (3 - len(loot))
        floors = list(view["floors"])[:3]
        for floor in floors:
            out += counts([floor["monster"]], _TOWER, 1)
            out += counts([floor["treasure"]], _TOWER, 1)
        out += [0.0] * (2 * len(TOWER_CODES) * (3 - len(floors)))
        for floor in floors:
            for key in ("monster_to", "treasure_to"):
                taker = floor[key]
                out += one_hot(None if taker is None else (taker - seat) % n, FLOOR_SEATS)
        out += [0.0] * (2 * FLOOR_SEATS * (3 - len(floors)))
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
