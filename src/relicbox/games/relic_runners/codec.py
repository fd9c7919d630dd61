"""Relic Runners' state body: the JSON form of a state, written and loaded with checks.

The body keeps the shape it has always had, one key per field: per-seat lists for the
player boards (``pos``, ``rations``, ``tools``, ...), one key per field of the turn record
(``moves``, ``route``, ...), ``agenda`` tasks as ``[kind, *fields]``. Loading checks every
field's type and range (:mod:`.checks`), then that the position is complete, conserved and
one the rules can go on from; anything wrong raises :class:`StateFormatError` naming it.
"""

from __future__ import annotations

from collections.abc import Mapping
from enum import Enum
from typing import Any

from relicbox.core.errors import StateFormatError
from relicbox.core.history import History
from relicbox.games.relic_runners.board import NODE_IDS
from relicbox.games.relic_runners.checks import check_fields, check_position
from relicbox.games.relic_runners.data import PATHWAYS, RATION_CAP, TILES, TOOLBOXES
from relicbox.games.relic_runners.parts import PlayerBoard, TurnRecord
from relicbox.games.relic_runners.rules import (
    ENUM_FIELDS,
    LIST_FIELDS,
    SCALAR_FIELDS,
    SEAT_FIELDS,
    RelicRunnersState,
    geo_for,
    read_only,
)
from relicbox.games.relic_runners.tasks import task_from_list


def body_to_dict(state: RelicRunnersState) -> dict[str, Any]:
    body: dict[str, Any] = {name[1:]: getattr(state, name) for name in SCALAR_FIELDS}
    body.update({name[1:]: getattr(state, name).value for name, _ in ENUM_FIELDS})
    body.update({name[1:]: list(getattr(state, name)) for name in LIST_FIELDS})
    boards = state._boards
    body.update({name: [getattr(board, name) for board in boards] for name in SEAT_FIELDS})
    turn = state._this_turn
    body.update({name: getattr(turn, name) for name in TurnRecord.SCALARS})
    body.update({name: list(getattr(turn, name)) for name in TurnRecord.LISTS})
    body["levels"] = [list(levels) for levels in state._levels]
    body["fixed"] = [
        {str(level): [tile, knower] for level, (tile, knower) in sorted(fixed.items())}
        for fixed in state._fixed
    ]
    body["pools"] = [sorted(pool) for pool in state._pools]
    body["tools"] = [list(board.tools) for board in boards]
    body["ivory"] = [{str(k): v for k, v in sorted(board.ivory.items())} for board in boards]
    body["blue"] = [list(board.blue) for board in boards]
    body["blue_seen"] = [list(board.blue_seen) for board in boards]
    body["relics"] = [list(board.relics) for board in boards]
    body["agenda"] = [task.to_list() for task in state._agenda]
    body["chance"] = [list(event) for event in state._chance]
    body["history"] = [[_plain(part) for part in event] for event in state._history]
    return body


def _plain(part: Any) -> Any:
    return list(part) if isinstance(part, tuple) else part


def load_body(state: RelicRunnersState, body: Mapping[str, Any]) -> None:
    """Load and check a body; raises :class:`StateFormatError` naming the fault."""
    n = state.players
    try:
        state._g = geo_for(state.options.get("board"))
    except ValueError as error:
        raise StateFormatError(str(error)) from error
    state._height = 2 if n == 2 else 3
    check_fields(state, body)
    for name in SCALAR_FIELDS:
        if name == "_progress_turn" and name[1:] not in body:
            state._progress_turn = int(body["turn"])  # a body written before the backstop
            continue
        setattr(state, name, body[name[1:]])
    for name, kind in ENUM_FIELDS:
        try:
            setattr(state, name, kind(body[name[1:]]))
        except ValueError as error:
            wrong = body[name[1:]]
            message = f"{name[1:]} {wrong!r} must be one of {_values(kind)}"
            raise StateFormatError(message) from error
    for name in LIST_FIELDS:
        value = body[name[1:]]
        if not isinstance(value, list):
            raise StateFormatError(f"{name[1:]} must be a list")
        setattr(state, name, list(value))
    turn = TurnRecord()
    for name in TurnRecord.SCALARS:
        setattr(turn, name, body[name])
    for name in TurnRecord.LISTS:
        setattr(turn, name, list(body[name]))
    state._this_turn = turn
    state._boards = _boards(n, body)
    state._levels = [tuple(int(level) for level in levels) for levels in body["levels"]]
    state._fixed = [
        read_only({int(level): (int(pair[0]), int(pair[1])) for level, pair in fixed.items()})
        for fixed in body["fixed"]
    ]
    state._pools = [tuple(int(t) for t in pool) for pool in body["pools"]]
    try:
        state._agenda = [task_from_list(task) for task in body["agenda"]]
    except (TypeError, ValueError) as error:
        raise StateFormatError(str(error)) from error
    state._chance = [tuple(event) for event in body["chance"]]
    state._history = History(
        tuple(tuple(part) if isinstance(part, list) else part for part in event)
        for event in body.get("history", [])
    )
    check_body(state)
    check_position(state)
    state._legal = ()
    state._run()


def _boards(n: int, body: Mapping[str, Any]) -> list[PlayerBoard]:
    for name in (*SEAT_FIELDS, *PlayerBoard.CONTAINERS):
        if name == "blue_seen" and not body.get(name):
            continue  # a body written before blue_seen: nobody else has seen a blue tile
        if len(body[name]) != n:
            raise StateFormatError(f"{name} must have one entry per seat ({n})")
    boards = []
    for s in range(n):
        board = PlayerBoard()
        for name in SEAT_FIELDS:
            setattr(board, name, body[name][s])
        board.tools = [int(v) for v in body["tools"][s]]
        board.ivory = {int(k): int(v) for k, v in body["ivory"][s].items()}
        board.blue = [int(t) for t in body["blue"][s]]
        seen = body.get("blue_seen") or [[0] * len(blue) for blue in body["blue"]]
        board.blue_seen = [int(k) for k in seen[s]]
        board.relics = [int(v) for v in body["relics"][s]]
        boards.append(board)
    return boards


def _values(kind: type[Enum]) -> str:
    return ", ".join(str(member.value) for member in kind)


def check_body(state: RelicRunnersState) -> None:
    """Raise :class:`StateFormatError` unless the position is complete and conserved."""
    n = state.players
    boards = state._boards
    if any(len(board.blue) != len(board.blue_seen) for board in boards):
        raise StateFormatError("blue_seen must have one entry per blue tile held")
    if len(state._levels) != len(NODE_IDS) or len(state._colour) != len(NODE_IDS):
        raise StateFormatError(f"levels and colour need one entry per space ({len(NODE_IDS)})")
    if len(state._tokens) != 10:
        raise StateFormatError("tokens must list the 10 toolbox tokens")
    rations = [board.rations for board in boards]
    if sum(rations) + state._supply != 5 * n:
        raise StateFormatError(
            f"rations on boards plus the camp supply must total {5 * n}, "
            f"got {sum(rations)} + {state._supply}"
        )
    if any(not 0 <= r <= RATION_CAP for r in rations):
        raise StateFormatError(f"a board holds 0..{RATION_CAP} rations, got {rations}")
    for s in range(n):
        _check_seat(state, s)
    _check_tiles(state)


def _check_seat(state: RelicRunnersState, s: int) -> None:
    placed = state._boards[s].paths.bit_count()
    held = 1 if state._this_turn.lifted is not None and s == state._seat else 0
    if placed + state._boards[s].path_supply + held != PATHWAYS:
        raise StateFormatError(
            f"seat {s}: pathways on the board ({placed}) plus in supply "
            f"({state._boards[s].path_supply}) must be {PATHWAYS}"
        )
    boxes = state._boards[s].reserve + state._boards[s].start_row + sum(state._boards[s].tools)
    if boxes != TOOLBOXES or len(state._boards[s].tools) != 9 or min(state._boards[s].tools) < 0:
        raise StateFormatError(f"seat {s}: toolboxes must number {TOOLBOXES}, got {boxes}")
    for level, tile in state._boards[s].ivory.items():
        if not 0 <= tile < len(TILES) or TILES[tile].colour != 0 or TILES[tile].level != level:
            raise StateFormatError(f"seat {s}: tile {tile} is not an ivory tile of level {level}")


def _check_tiles(state: RelicRunnersState) -> None:
    places: list[int] = [t for pool in state._pools for t in pool]
    places += [tile for fixed in state._fixed for tile, _ in fixed.values()]
    places += [t for board in state._boards for t in board.ivory.values()]
    places += [t for board in state._boards for t in board.blue]
    places += state._discard
    if state._this_turn.new_tile is not None:
        places.append(state._this_turn.new_tile)
    if len(places) != len(set(places)) or any(not 0 <= t < len(TILES) for t in places):
        raise StateFormatError("every temple tile must be in at most one place")
