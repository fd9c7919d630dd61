"""Relic Runners' state body: the JSON form of a state, written and loaded with checks.

The body's keys and their order come from :data:`.parts.FIELDS`, in the shape the body
has always had: per-seat lists for the player boards (``pos``, ``rations``, ``tools``, ...),
one key per field of the turn record (``moves``, ``route``, ...), ``agenda`` tasks as
``[kind, *fields]``; this module holds only the encoders and loaders of the fields that
are not written as they are. Loading checks every
field's type and range (:mod:`.checks`), then that the position is complete, conserved and
one the rules can go on from; anything wrong raises :class:`StateFormatError` naming it.
"""

from __future__ import annotations

from collections.abc import Mapping
from enum import Enum
from typing import Any, cast

from relicbox.core.errors import StateFormatError
from relicbox.core.fields import Copy, Encoder, Field, Loader
from relicbox.core.game import Codec
from relicbox.core.history import History
from relicbox.games.relic_runners.board import NODE_IDS
from relicbox.games.relic_runners.checks import PER_SEAT, check_fields, check_position
from relicbox.games.relic_runners.data import PATHWAYS, RATION_CAP, TILES, TOOLBOXES
from relicbox.games.relic_runners.lookups import compiled_board, read_only
from relicbox.games.relic_runners.parts import (
    FIELDS,
    PlayerBoard,
    Stage,
    TurnRecord,
)
from relicbox.games.relic_runners.rules import RelicRunnersState
from relicbox.games.relic_runners.tasks import Agenda

_ENCODE: dict[str, Encoder] = {
    "stage": lambda state: state._stage.value,
    "levels": lambda state: [list(levels) for levels in state._levels],
    "fixed": lambda state: [
        {str(level): [tile, knower] for level, (tile, knower) in sorted(fixed.items())}
        for fixed in state._fixed
    ],
    "pools": lambda state: [sorted(pool) for pool in state._pools],
    "ivory": lambda state: [
        {str(k): v for k, v in sorted(board.ivory.items())} for board in state._boards
    ],
    "agenda": lambda state: state._agenda.to_lists(),
    "chance": lambda state: [list(event) for event in state._chance],
    "history": lambda state: [[_plain(part) for part in event] for event in state._history],
}
"""How each field that is not written as it is goes into the body (see ``parts.FIELDS``)."""


def body_to_dict(state: RelicRunnersState) -> dict[str, Any]:
    return FIELDS.write(state, _ENCODE)


def _plain(part: Any) -> Any:
    return list(part) if isinstance(part, tuple) else part


def load_body(state: RelicRunnersState, body: Mapping[str, Any]) -> None:
    """Load and check a body; raises :class:`StateFormatError` naming the fault."""
    players = state.players
    try:
        state._map = compiled_board(state.settings.board)
    except ValueError as error:
        raise StateFormatError(str(error)) from error
    state._height = 2 if players == 2 else 3
    check_fields(state, body)
    _check_seat_lengths(players, body)
    state._boards = [PlayerBoard() for _ in range(players)]
    state._this_turn = TurnRecord()
    FIELDS.read(state, body, _LOAD)
    check_body(state)
    check_position(state)
    state._legal = ()
    state._run()


def _check_seat_lengths(players: int, body: Mapping[str, Any]) -> None:
    for name in PER_SEAT:
        if name == "blue_seen" and not body.get(name):
            continue  # a body written before blue_seen: nobody else has seen a blue tile
        if len(body[name]) != players:
            raise StateFormatError(f"{name} must have one entry per seat ({players})")


def _as_is(body: Mapping[str, Any], key: str) -> Any:
    return body[key]


def _a_list(body: Mapping[str, Any], key: str) -> list[Any]:
    value = body[key]
    if not isinstance(value, list):
        raise StateFormatError(f"{key} must be a list")
    return list(value)


def _lists_of_whole(body: Mapping[str, Any], key: str) -> list[list[int]]:
    return [[int(v) for v in row] for row in body[key]]


def _stage(body: Mapping[str, Any], key: str) -> Stage:
    try:
        return Stage(body[key])
    except ValueError as error:
        message = f"{key} {body[key]!r} must be one of {_values(Stage)}"
        raise StateFormatError(message) from error


def _progress_turn(body: Mapping[str, Any], key: str) -> Any:
    # a body written before the no-progress backstop starts counting anew
    return body[key] if key in body else int(body["turn"])


def _blue_seen(body: Mapping[str, Any], key: str) -> list[list[int]]:
    seen = body.get(key) or [[0] * len(blue) for blue in body["blue"]]
    return [[int(k) for k in row] for row in seen]


def _agenda(body: Mapping[str, Any], key: str) -> Agenda:
    try:
        return Agenda.from_lists(body[key])
    except (TypeError, ValueError) as error:
        raise StateFormatError(str(error)) from error


def _plain_loader(field: Field) -> Loader:
    """Plain fields are loaded as they are (checked by ``check_fields``), lists copied."""
    if field.within == "_boards":
        return _lists_of_whole if field.copy is Copy.LIST else _as_is
    return _a_list if field.copy is Copy.LIST else _as_is


_LOAD: dict[str, Loader] = {
    **{cast(str, f.key): _plain_loader(f) for f in FIELDS.keyed if f.plain},
    "progress_turn": _progress_turn,
    "stage": _stage,
    "levels": lambda body, key: [tuple(int(level) for level in levels) for levels in body[key]],
    "fixed": lambda body, key: [
        read_only({int(level): (int(pair[0]), int(pair[1])) for level, pair in fixed.items()})
        for fixed in body[key]
    ],
    "pools": lambda body, key: [tuple(int(t) for t in pool) for pool in body[key]],
    "ivory": lambda body, key: [{int(k): int(v) for k, v in row.items()} for row in body[key]],
    "blue_seen": _blue_seen,
    "agenda": _agenda,
    "chance": lambda body, key: [tuple(event) for event in body[key]],
    "history": lambda body, key: History(
        tuple(tuple(part) if isinstance(part, list) else part for part in event)
        for event in body.get(key, [])
    ),
}
"""How each body key is read back; the checks (``check_fields``) have passed by then."""


def _values(kind: type[Enum]) -> str:
    return ", ".join(str(member.value) for member in kind)


def check_body(state: RelicRunnersState) -> None:
    """Raise :class:`StateFormatError` unless the position is complete and conserved."""
    players = state.players
    boards = state._boards
    if any(len(board.blue) != len(board.blue_seen) for board in boards):
        raise StateFormatError("blue_seen must have one entry per blue tile held")
    if len(state._levels) != len(NODE_IDS) or len(state._colour) != len(NODE_IDS):
        raise StateFormatError(f"levels and colour need one entry per space ({len(NODE_IDS)})")
    if len(state._tokens) != 10:
        raise StateFormatError("tokens must list the 10 toolbox tokens")
    rations = [board.rations for board in boards]
    if sum(rations) + state._supply != 5 * players:
        raise StateFormatError(
            f"rations on boards plus the camp supply must total {5 * players}, "
            f"got {sum(rations)} + {state._supply}"
        )
    if any(not 0 <= r <= RATION_CAP for r in rations):
        raise StateFormatError(f"a board holds 0..{RATION_CAP} rations, got {rations}")
    for seat in range(players):
        _check_seat(state, seat)
    _check_tiles(state)


def _check_seat(state: RelicRunnersState, seat: int) -> None:
    board = state._boards[seat]
    placed = board.paths.bit_count()
    held = 1 if state._this_turn.lifted is not None and seat == state._seat else 0
    if placed + board.path_supply + held != PATHWAYS:
        raise StateFormatError(
            f"seat {seat}: pathways on the board ({placed}) plus in supply "
            f"({board.path_supply}) must be {PATHWAYS}"
        )
    boxes = board.reserve + board.start_row + sum(board.tools)
    if boxes != TOOLBOXES or len(board.tools) != 9 or min(board.tools) < 0:
        raise StateFormatError(f"seat {seat}: toolboxes must number {TOOLBOXES}, got {boxes}")
    for level, tile in board.ivory.items():
        if not 0 <= tile < len(TILES) or TILES[tile].colour != 0 or TILES[tile].level != level:
            raise StateFormatError(
                f"seat {seat}: tile {tile} is not an ivory tile of level {level}"
            )


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


CODEC = Codec(write=body_to_dict, read=load_body)
"""The state's JSON body, as the package registers it."""
