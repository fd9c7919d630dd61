"""Lookups built once for the hot path of Relic Runners' rules: the compiled board
(:class:`CompiledBoard`), tile attributes by tile id, the stages as module names, and the read-only
dicts that stacks' drawn tiles are kept in."""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import cast

from relicbox.core.actions import Action
from relicbox.core.history import FrozenDict
from relicbox.games.relic_runners import actions
from relicbox.games.relic_runners.board import Board, default_board, load_board
from relicbox.games.relic_runners.data import IVORY_EFFECTS, TILES
from relicbox.games.relic_runners.parts import Stage

NONE: tuple[Action, ...] = ()
"""No legal action (the cached list while chance is pending or the game is over)."""

# Module aliases: looking a member up on an Enum class costs five times a global lookup.
SETUP, MOVE, POST, OVER = Stage.SETUP, Stage.MOVE, Stage.POST, Stage.OVER

TILE_CODE = tuple(tile.code for tile in TILES)
TILE_COLOUR = tuple(tile.colour for tile in TILES)
TILE_LEVEL = tuple(tile.level for tile in TILES)
TILE_EFFECT = tuple(tile.effect for tile in TILES)
TILE_VALUE = tuple(tile.value for tile in TILES)
IVORY_LEVEL = {code: int(code[1]) for code in IVORY_EFFECTS}


class CompiledBoard:
    """A board compiled for the hot path: adjacency with actions and trail bits."""

    __slots__ = (
        "adj",
        "board",
        "ends",
        "kind",
        "lift",
        "lift_trail",
        "path",
        "path_trail",
        "river_mask",
        "step",
        "token",
        "trails",
    )

    def __init__(self, board: Board) -> None:
        self.board = board
        self.trails = board.trails
        self.ends = board.ends
        self.kind = board.node_type
        self.token = board.token
        self.river_mask = sum(1 << t for t in range(board.trails) if board.river[t])
        self.adj = tuple(
            tuple((t, other, 1 << t, cast(Action, actions.MOVE[node][other])) for t, other in links)
            for node, links in enumerate(board.adjacent)
        )
        self.path = tuple(cast(Action, actions.PATH[a][b]) for a, b in board.ends)
        self.lift = tuple(cast(Action, actions.LIFT[a][b]) for a, b in board.ends)
        self.step: tuple[dict[int, tuple[int, int]], ...] = tuple(
            {action.index: (other, bit) for _, other, bit, action in links} for links in self.adj
        )
        """Per space, a move action's index -> (the space it leads to, its trail's bit)."""
        self.path_trail = {action.index: t for t, action in enumerate(self.path)}
        self.lift_trail = {action.index: t for t, action in enumerate(self.lift)}


_COMPILED_BOARDS: dict[str, CompiledBoard] = {}


def read_only(tiles: dict[int, tuple[int, int]]) -> Mapping[int, tuple[int, int]]:
    """A stack's drawn tiles as a read-only dict: clones share them (copy on write)."""
    return cast(Mapping[int, tuple[int, int]], FrozenDict(tiles))  # type: ignore[arg-type]


def compiled_board(board_option: object) -> CompiledBoard:
    """The compiled board for the ``board`` option (``None`` = the default map)."""
    key = "" if board_option is None else json.dumps(board_option, sort_keys=True)
    found = _COMPILED_BOARDS.get(key)
    if found is None:
        board = default_board() if board_option is None else load_board(board_option)
        if len(_COMPILED_BOARDS) >= 64:
            _COMPILED_BOARDS.clear()  # a bounded memo: boards sent by many users must not pile up
        found = _COMPILED_BOARDS[key] = CompiledBoard(board)
    return found
