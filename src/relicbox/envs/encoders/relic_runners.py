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

from collections.abc import Mapping
from typing import Any

from relicbox.core.game import Game
from relicbox.envs.encoding import Encoder, frac, one_hot, rotate
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
_TILE_COLOUR = {"I": 0, "B": 1, "P": 2}


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

    def values(self, view: Mapping[str, Any]) -> list[float]:
        seat = view["seat"]
        n = view["players"]
        out: list[float] = one_hot(_PHASE.get(view["phase"]), len(PHASES))
        current = view["current"]
        out += one_hot(None if current is None else (current - seat) % n, n)
        out.append(frac(view["turn"], 200))
        decision = view["decision"] or {}
        out += [
            1.0 if view["final_round"] else 0.0,
            1.0 if view["extra_turn"] else 0.0,
            1.0 if view["truncated"] else 0.0,
            1.0 if decision.get("anywhere") else 0.0,
            1.0 if decision.get("relocate") else 0.0,
            frac(decision.get("count"), 3),
        ]
        out += [
            frac(view["camp_rations"], 15),
            frac(view["relics_collected"], 10),
            frac(view["relics_to_end"], 10),
        ]
        turn = view["this_turn"] or {}
        out.append(frac(turn.get("trails_moved"), 10))
        for key in (
            "unexplored_used",
            "pathways_before",
            "free_order",
            "jumped",
            "explored",
            "toolbox_used",
            "double_vp",
            "start_relic",
        ):
            out.append(1.0 if turn.get(key) else 0.0)
        positions = rotate(view["explorers"], seat)
        for space in view["spaces"]:
            out += one_hot(_index(SPACE_TYPES, space["type"]), 3)
            out += one_hot(_index(COLOURS, space["colour"]), 3)
            out.append(frac(len(space["levels"]), 3))
            top = space["top"]
            out += one_hot(_TILE_COLOUR.get(top[0]) if top else None, 3)
            out.append(frac(_tile_level(top), 3))
            out.append(1.0 if space["shrine"] else 0.0)
            out += one_hot(_index(RELIC_COLOURS, space["relic"]), 4)
            out.append(frac(len(space["seen"] or {}), 3))
            out += [1.0 if positions[r] == space["id"] else 0.0 for r in range(n)]
        for trail in view["trails"]:
            out += [
                1.0 if trail["river"] else 0.0,
                0.0 if trail["token"] is None else 1.0,
                1.0 if trail["token_up"] else 0.0,
            ]
            owners = {(owner - seat) % n for owner in trail["pathways"]}
            out += [1.0 if r in owners else 0.0 for r in range(n)]
        for r, info in enumerate(rotate(view["seats"], seat)):
            boxes = info["toolboxes"]
            out += [frac(info["rations"], 5), frac(info["pathways_left"], 10)]
            out += [frac(boxes["reserve"], 3), frac(boxes["start"], 3)]
            for branch in BRANCHES:
                out += [frac(level, 3) for level in boxes[branch]]
            out += [frac(len(info["ivory"]), 6), frac(len(info["blue"]), 12)]
            out += [frac(info["relics"][colour], 4) for colour in RELIC_COLOURS]
            coins = info["coins"]
            out += [frac(coins, 60), 0.0 if coins is None else 1.0]
            out.append(1.0 if (seat + r) % n in view["to_act"] else 0.0)
        return out


def _index(names: tuple[str, ...], value: object) -> int | None:
    return names.index(value) if value in names else None
