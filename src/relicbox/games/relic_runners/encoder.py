"""Relic Runners observation encoding: ``view(seat)`` as a flat float32 vector in [0, 1].

The board is read from the configuration's spectator view at construction, so
a custom board (the ``board`` option) gets its own fixed length. With ``S``
spaces and ``E`` trails (21 and 42 on the default map) and ``n`` players the
length is ``31 + n + S * (17 + n) + E * (3 + n) + 22 * n`` (514 + 86 * n on the
default map: 686 for 2 players, 944 for 5 players). Per-seat values are relative
(block 0 = the observing seat). Slices, in order:

===============  ===========  ==========================================================
field            length       meaning
===============  ===========  ==========================================================
``phase``        12           one-hot: setup, move, post, over, keep, place, lift,
                              steps, flip, target, pick, start
``current``      n            one-hot relative seat whose turn it is
``turn``         1            turn number / 200
``flags``        6            final round, extra turn, truncated, decision may place
                              anywhere, decision relocates, decision count / 3
``supply``       3            rations at the camp / 15, relics collected / 10,
                              relics needed to end / 10
``this_turn``    9            trails moved / 10, unexplored trail used, pathways
                              before, free order, jumped, explored, toolbox used,
                              double VP, a start relic is due
``spaces``       S * (17+n)   per space in board order: type (camp, ruin, temple),
                              colour (ivory, blue, purple), tiles left / 3, face-up
                              top tile's colour (3) and level / 3, shrine, relic
                              colour (toad, skull, bird, juju), tiles of it this seat
                              has looked at / 3, then which relative seats' explorers
                              stand there (n)
``trails``       E * (3+n)    per trail in board order: river, has a token, token face
                              up, then which relative seats have a pathway on it (n)
``seats``        22 * n       per relative seat: rations / 5, pathways left / 10,
                              toolbox reserve / 3, start / 3, machete, compass and
                              shovel levels (3 each, / 3), ivory tiles held / 6,
                              blue tiles taken / 12, relics of each colour / 4 (4),
                              victory coins / 60 (own only; 0 for the others, whose
                              coins are secret), coins known, is the decision-maker
===============  ===========  ==========================================================

Action space: the game's fixed space of 743 actions (``GAME.action_space``:
``move R1-T4``, ``explore``, ``end``, ``use machete 2``, ...); one seat decides
at a time (a sequential game), in runs of small decisions per turn.

Rewards (from the adapters): at the end only; by default 1 shared among the
winners, 0 otherwise (``reward="win"``); or ``reward="margin"``, own score minus
the best score among the other seats.
"""

from __future__ import annotations

from array import array
from collections.abc import Mapping
from itertools import compress
from operator import is_not
from typing import Any

from relicbox.core.encoding import READ_ONLY, Encoder, Shared, Slate, frac, rotate, zeros
from relicbox.core.game import Game
from relicbox.games.relic_runners.data import BRANCHES, COLOURS, RELIC_COLOURS

PHASES = (
    "setup",
    "move",
    "post",
    "over",
    "keep",
    "place",
    "lift",
    "steps",
    "flip",
    "target",
    "pick",
    "start",
)
_PHASE = {name: position for position, name in enumerate(PHASES)}
SPACE_TYPES = ("camp", "ruin", "temple")
_SPACE_TYPE = {name: position for position, name in enumerate(SPACE_TYPES)}
_COLOUR = {name: position for position, name in enumerate(COLOURS)}
_RELIC = {name: position for position, name in enumerate(RELIC_COLOURS)}
_TILE_COLOUR = {"I": 0, "B": 1, "P": 2}
_TURN_FLAGS = (
    "unexplored_used",
    "pathways_before",
    "free_order",
    "jumped",
    "explored",
    "toolbox_used",
    "double_vp",
    "start_relic",
)


_RANGE = range(1 << 16)
"""Entry numbers, for picking out the changed entries of a list."""


def _tile_level(code: str | None) -> int:
    if not code or len(code) < 2 or not code[1].isdigit():
        return 0
    return int(code[1])


class GameEncoder(Encoder):
    def __init__(self, game: Game, players: int, template: Mapping[str, Any]) -> None:
        super().__init__(game, players, template)
        n = players
        self.space_ids = [space["id"] for space in template["spaces"]]
        self.trail_ids = [trail["id"] for trail in template["trails"]]
        self._space_index = {sid: i for i, sid in enumerate(self.space_ids)}
        self.fields = [
            ("phase", len(PHASES)),
            ("current", n),
            ("turn", 1),
            ("flags", 6),
            ("supply", 3),
            ("this_turn", 9),
            ("spaces", len(self.space_ids) * (17 + n)),
            ("trails", len(self.trail_ids) * (3 + n)),
            ("seats", 22 * n),
        ]
        self._head_size = len(PHASES) + n + 19
        self._spaces_at = self._head_size
        self._trails_at = self._spaces_at + len(self.space_ids) * (17 + n)
        self._seats_at = self._trails_at + len(self.trail_ids) * (3 + n)
        self._shared = Shared(1024)
        """Each read-only space entry's 17 numbers (they do not depend on the seat)."""
        self._boards = Shared(256)
        """Each read-only player board entry's numbers (the same for every seat)."""

    def _head(self, view: Mapping[str, Any]) -> array[float]:
        """The fields before ``spaces``, as :meth:`values` writes them."""
        seat = view["seat"]
        n = view["players"]
        out = [0.0] * self._head_size
        phase = _PHASE.get(view["phase"])
        if phase is not None:
            out[phase] = 1.0
        position = len(PHASES)
        current = view["current"]
        if current is not None:
            out[position + (current - seat) % n] = 1.0
        position += n
        out[position] = frac(view["turn"], 200)
        position += 1
        decision = view["decision"] or {}
        flags = (
            view["final_round"],
            view["extra_turn"],
            view["truncated"],
            decision.get("anywhere"),
            decision.get("relocate"),
        )
        for offset, flag in enumerate(flags):
            if flag:
                out[position + offset] = 1.0
        out[position + 5] = frac(decision.get("count"), 3)
        position += 6
        out[position] = frac(view["camp_rations"], 15)
        out[position + 1] = frac(view["relics_collected"], 10)
        out[position + 2] = frac(view["relics_to_end"], 10)
        position += 3
        turn = view["this_turn"] or {}
        out[position] = frac(turn.get("trails_moved"), 10)
        for offset, key in enumerate(_TURN_FLAGS, 1):
            if turn.get(key):
                out[position + offset] = 1.0
        return array("f", out)

    def _write_head(self, view: Mapping[str, Any], out: array[float], last: list[Any]) -> None:
        """The fields before ``spaces`` into ``out``, each group only when what it is
        made of differs from ``last`` (which is brought up to date)."""
        seat = view["seat"]
        n = view["players"]
        phase = _PHASE.get(view["phase"])
        if phase != last[0]:
            if last[0] is not None:
                out[last[0]] = 0.0
            if phase is not None:
                out[phase] = 1.0
            last[0] = phase
        current = view["current"]
        place = None if current is None else len(PHASES) + (current - seat) % n
        if place != last[1]:
            if last[1] is not None:
                out[last[1]] = 0.0
            if place is not None:
                out[place] = 1.0
            last[1] = place
        position = len(PHASES) + n
        decision = view["decision"] or {}
        numbers = (
            view["turn"],
            view["final_round"],
            view["extra_turn"],
            view["truncated"],
            decision.get("anywhere"),
            decision.get("relocate"),
            decision.get("count"),
            view["camp_rations"],
            view["relics_collected"],
            view["relics_to_end"],
        )
        if numbers != last[2]:
            last[2] = numbers
            turn, final, extra, truncated, anywhere, relocate, count, camp, got, needed = numbers
            out[position : position + 10] = array(
                "f",
                (
                    frac(turn, 200),
                    1.0 if final else 0.0,
                    1.0 if extra else 0.0,
                    1.0 if truncated else 0.0,
                    1.0 if anywhere else 0.0,
                    1.0 if relocate else 0.0,
                    frac(count, 3),
                    frac(camp, 15),
                    frac(got, 10),
                    frac(needed, 10),
                ),
            )
        turn = view["this_turn"] or {}
        if turn != last[3]:
            last[3] = dict(turn)
            moved = [frac(turn.get("trails_moved"), 10)]
            moved += [1.0 if turn.get(key) else 0.0 for key in _TURN_FLAGS]
            out[position + 10 : position + 19] = array("f", moved)

    def refresh(self, view: Mapping[str, Any], slate: Slate) -> None:
        """:meth:`values` written into the slate: the few numbers of the head every
        time; each space, trail and player board only when its read-only entry changed
        (spaces' numbers are made once for every seat); explorers where they moved."""
        out = slate.values
        seat = view["seat"]
        n = view["players"]
        memo = slate.memo
        last = memo.get("relic-runners")
        if last is None or last[0] != seat:
            spaces, trails = len(self.space_ids), len(self.trail_ids)
            last = memo["relic-runners"] = [seat, None, [None] * spaces, None, [None] * trails]
            last += [None, [None] * n, None, [], [None] * 6]
            out[:] = zeros(self.size)
        self._write_head(view, out, last[9])
        stride = 17 + n
        spaces = view["spaces"]
        if spaces is not last[1]:
            last[1] = spaces if type(spaces) in READ_ONLY else None
            seen = last[2]
            make = _space_numbers
            # Compared in one pass at C speed: most entries are those met last time.
            for index in compress(_RANGE, map(is_not, spaces, seen)):
                space = spaces[index]
                seen[index] = space if type(space) in READ_ONLY else None
                start = self._spaces_at + index * stride
                out[start : start + 17] = self._shared.get(space, make)
        explorers = view["explorers"]
        if explorers is not last[7]:
            last[7] = explorers if type(explorers) in READ_ONLY else None
            for slot in last[8]:
                out[slot] = 0.0
            slots = []
            for r, where in enumerate(rotate(explorers, seat)):
                place = self._space_index.get(where)
                if place is not None:
                    slots.append(self._spaces_at + place * stride + 17 + r)
            for slot in slots:
                out[slot] = 1.0
            last[8] = slots
        trails = view["trails"]
        if trails is not last[3]:
            last[3] = trails if type(trails) in READ_ONLY else None
            seen = last[4]
            stride = 3 + n
            for index in compress(_RANGE, map(is_not, trails, seen)):
                trail = trails[index]
                seen[index] = trail if type(trail) in READ_ONLY else None
                position = self._trails_at + index * stride
                numbers = [0.0] * stride
                if trail["river"]:
                    numbers[0] = 1.0
                if trail["token"] is not None:
                    numbers[1] = 1.0
                if trail["token_up"]:
                    numbers[2] = 1.0
                for owner in trail["pathways"]:
                    numbers[3 + (owner - seat) % n] = 1.0
                out[position : position + stride] = array("f", numbers)
        to_act = view["to_act"]
        rations_by_seat = view["rations"]
        seats, seen = view["seats"], last[6]
        for r, info in enumerate(rotate(seats, seat)):
            other = (seat + r) % n
            key = (info, rations_by_seat[other], other in to_act)
            found = seen[r]
            if found is not None and found[0] is info and found[1:] == key[1:]:
                continue
            position = self._seats_at + 22 * r
            if found is None or found[0] is not info:
                out[position : position + 22] = self._boards.get(info, _board_numbers)
            out[position] = frac(key[1], 5)
            out[position + 21] = 1.0 if key[2] else 0.0
            seen[r] = key if type(info) in READ_ONLY else None

    def values(self, view: Mapping[str, Any]) -> list[float]:
        # Most entries are zero: start from zeros and write only the others.
        seat = view["seat"]
        n = view["players"]
        out = [0.0] * self.size
        out[: self._head_size] = self._head(view)
        position = self._head_size
        stride = 17 + n
        for space in view["spaces"]:
            kind = _SPACE_TYPE.get(space["type"])
            if kind is not None:
                out[position + kind] = 1.0
            colour = _COLOUR.get(space["colour"])
            if colour is not None:
                out[position + 3 + colour] = 1.0
            out[position + 6] = frac(len(space["levels"]), 3)
            top = space["top"]
            if top:
                top_colour = _TILE_COLOUR.get(top[0])
                if top_colour is not None:
                    out[position + 7 + top_colour] = 1.0
                out[position + 10] = frac(_tile_level(top), 3)
            if space["shrine"]:
                out[position + 11] = 1.0
            relic = _RELIC.get(space["relic"])
            if relic is not None:
                out[position + 12 + relic] = 1.0
            seen = space["seen"]
            if seen:
                out[position + 16] = frac(len(seen), 3)
            position += stride
        spaces_start = position - stride * len(view["spaces"])
        for r, where in enumerate(rotate(view["explorers"], seat)):
            index = self._space_index.get(where)
            if index is not None:
                out[spaces_start + index * stride + 17 + r] = 1.0
        stride = 3 + n
        for trail in view["trails"]:
            if trail["river"]:
                out[position] = 1.0
            if trail["token"] is not None:
                out[position + 1] = 1.0
            if trail["token_up"]:
                out[position + 2] = 1.0
            for owner in trail["pathways"]:
                out[position + 3 + (owner - seat) % n] = 1.0
            position += stride
        to_act = view["to_act"]
        rations_by_seat = view["rations"]
        for r, info in enumerate(rotate(view["seats"], seat)):
            rations = rations_by_seat[(seat + r) % n]
            boxes = info["toolboxes"]
            out[position] = frac(rations, 5)
            out[position + 1] = frac(info["pathways_left"], 10)
            out[position + 2] = frac(boxes["reserve"], 3)
            out[position + 3] = frac(boxes["start"], 3)
            offset = position + 4
            for branch in BRANCHES:
                for level in boxes[branch]:
                    out[offset] = frac(level, 3)
                    offset += 1
            out[position + 13] = frac(len(info["ivory"]), 6)
            out[position + 14] = frac(len(info["blue"]), 12)
            for k, colour_name in enumerate(RELIC_COLOURS):
                out[position + 15 + k] = frac(info["relics"][colour_name], 4)
            coins = info["coins"]
            if coins is not None:
                out[position + 19] = frac(coins, 60)
                out[position + 20] = 1.0
            if (seat + r) % n in to_act:
                out[position + 21] = 1.0
            position += 22
        return out


def _space_numbers(space: Mapping[str, Any]) -> array[float]:
    """A space's 17 numbers before its explorers, as :meth:`GameEncoder.values` writes them."""
    out = [0.0] * 17
    kind = _SPACE_TYPE.get(space["type"])
    if kind is not None:
        out[kind] = 1.0
    colour = _COLOUR.get(space["colour"])
    if colour is not None:
        out[3 + colour] = 1.0
    out[6] = frac(len(space["levels"]), 3)
    top = space["top"]
    if top:
        top_colour = _TILE_COLOUR.get(top[0])
        if top_colour is not None:
            out[7 + top_colour] = 1.0
        out[10] = frac(_tile_level(top), 3)
    if space["shrine"]:
        out[11] = 1.0
    relic = _RELIC.get(space["relic"])
    if relic is not None:
        out[12 + relic] = 1.0
    seen = space["seen"]
    if seen:
        out[16] = frac(len(seen), 3)
    return array("f", out)


def _board_numbers(info: Mapping[str, Any]) -> array[float]:
    """A player board's 22 numbers, as :meth:`GameEncoder.values` writes them, but its
    rations and whether it decides (0 here: they are not in the entry)."""
    out = [0.0] * 22
    boxes = info["toolboxes"]
    out[1] = frac(info["pathways_left"], 10)
    out[2] = frac(boxes["reserve"], 3)
    out[3] = frac(boxes["start"], 3)
    offset = 4
    for branch in BRANCHES:
        for level in boxes[branch]:
            out[offset] = frac(level, 3)
            offset += 1
    out[13] = frac(len(info["ivory"]), 6)
    out[14] = frac(len(info["blue"]), 12)
    for k, colour_name in enumerate(RELIC_COLOURS):
        out[15 + k] = frac(info["relics"][colour_name], 4)
    coins = info["coins"]
    if coins is not None:
        out[19] = frac(coins, 60)
        out[20] = 1.0
    return array("f", out)


def _index(names: tuple[str, ...], value: object) -> int | None:
    return names.index(value) if value in names else None
