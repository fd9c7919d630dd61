"""What each seat of a Relic Runners game may know, and the state's JSON body.

A seat sees what a player at the table sees: the map with temple colours, stack
heights and the face-up purple tiles, shrines and relics, every trail's pathways and
toolbox token, every explorer, each player's board (rations, pathways, toolboxes,
ivory tiles, relics, how many blue tiles of which size) and the public history, in
which coin gains are events the table watches. Added for a seat only: its own coin
total, its own blue tiles' values and the tiles it looked at with I2-b (blue ones
stay known after another seat takes them). Nobody sees
the face-down tiles, the boxed tiles or the generator. At the end everything is shown.
"""

from __future__ import annotations

from collections.abc import Mapping
from enum import Enum
from typing import TYPE_CHECKING, Any, cast

from relicbox.core.errors import StateFormatError
from relicbox.core.history import History, frozen
from relicbox.games.relic_runners import tasks as T
from relicbox.games.relic_runners.board import NODE_IDS, TOKEN_IDS
from relicbox.games.relic_runners.checks import check_fields, check_position
from relicbox.games.relic_runners.data import (
    BRANCHES,
    COLOURS,
    EXPLORER_COLOURS,
    PATHWAYS,
    RATION_CAP,
    RELIC_COLOURS,
    RELICS_TO_END,
    TILES,
    TOOLBOXES,
)
from relicbox.games.relic_runners.rules import ENUM_FIELDS, LIST_FIELDS, SCALAR_FIELDS
from relicbox.games.relic_runners.tasks import task_from_list

if TYPE_CHECKING:
    from relicbox.games.relic_runners.rules import RelicRunnersState


def build_view(state: RelicRunnersState, seat: int | None) -> dict[str, Any]:
    if seat is not None:
        state._require_seat(seat, "view")
    over = state.is_over
    g = state._g
    view: dict[str, Any] = {
        "game": "relic-runners",
        "seat": seat,
        "players": state.players,
        "setup": state.options.get("setup"),
        "shovel3": state.options.get("shovel3"),
        "abilities": bool(state.options.get("abilities")),
        "board": g.board.name,
        "turn": state._turn,
        "current": state._seat,
        "to_act": list(state.to_act),
        "phase": state.phase,
        "decision": _decision(state, seat),
        "spaces": [_space(state, node, seat) for node in range(len(NODE_IDS))],
        "trails": [_trail(state, t) for t in range(g.trails)],
        "tokens_up": [TOKEN_IDS[k] for k in range(10) if state._tokens[k]],
        "explorers": [NODE_IDS[p] for p in state._pos],
        "camp_rations": state._supply,
        "seats": [_seat_view(state, s, seat) for s in range(state.players)],
        "relics_collected": state._collected,
        "relics_to_end": RELICS_TO_END[state.players],
        "final_round": state._final_seat is not None,
        "final_seat": state._final_seat,
        "extra_turn": state._extra,
        "truncated": state._truncated,
        "ended_by": _ended_by(state),
        "this_turn": _this_turn(state),
        "history": _history(state),
        "scores": state.scores() if over else None,
        "score_parts": [state.score_parts(s) for s in range(state.players)] if over else None,
        "winners": state.winners() if over else None,
    }
    return view


def _ended_by(state: RelicRunnersState) -> str | None:
    """How a finished game ended: ``relics`` (the final round), ``stall``, ``no-progress``
    (the backstop) or ``max-turns`` (the cap); ``None`` while it goes on."""
    if not state.is_over:
        return None
    for event in state._history[-4:]:
        if event[0] in ("stall", "no-progress"):
            return str(event[0])
        if event[0] == "truncated":
            return "max-turns"
    return "relics"


def _history(state: RelicRunnersState) -> list[dict[str, Any]]:
    # Events never change once written and are public, so each is converted to JSON once
    # (clones share full chunks of the history and their JSON) and handed out read-only.
    return state._history.converted(_frozen_event)


def _frozen_event(event: tuple[Any, ...]) -> dict[str, Any]:
    return cast(dict[str, Any], frozen(event_json(event)))


def _space(state: RelicRunnersState, node: int, seat: int | None) -> dict[str, Any]:
    g = state._g
    colour = state._colour[node]
    levels = state._levels[node]
    everyone = (1 << state.players) - 1
    top = None
    seen: dict[str, str] = {}
    for level, (tile, knower) in state._fixed[node].items():
        if knower == everyone and levels and level == levels[-1]:
            top = TILES[tile].code
        elif seat is not None and knower >> seat & 1:
            seen[str(level)] = TILES[tile].code
    return {
        "id": NODE_IDS[node],
        "type": g.kind[node],
        "colour": None if colour is None else COLOURS[colour],
        "quadrant": g.board.quadrant[node],
        "xy": list(g.board.xy[node]),
        "levels": list(levels),
        "top": top,
        "seen": seen,
        "shrine": g.kind[node] != "camp" and not levels,
        "relic": RELIC_COLOURS[state._relic_colour(node)] if state._relic_on[node] else None,
    }


def _trail(state: RelicRunnersState, t: int) -> dict[str, Any]:
    g = state._g
    a, b = g.ends[t]
    token = g.token[t]
    bit = 1 << t
    return {
        "id": g.board.trail_name(t),
        "name": g.board.trail_ids[t],
        "a": NODE_IDS[a],
        "b": NODE_IDS[b],
        "river": token is not None,
        "token": None if token is None else TOKEN_IDS[token],
        "token_up": None if token is None else state._tokens[token],
        "pathways": [s for s in range(state.players) if state._paths[s] & bit],
    }


def _seat_view(state: RelicRunnersState, s: int, looker: int | None) -> dict[str, Any]:
    sees_all = state.is_over or looker == s
    shown = set(state._shown)
    tools = state._tools[s]
    g = state._g
    return {
        "colour": EXPLORER_COLOURS[s],
        "ability": state._ability[s],
        "position": NODE_IDS[state._pos[s]],
        "rations": state._rations[s],
        "pathways_left": state._path_supply[s],
        "pathways": [g.board.trail_name(t) for t in range(g.trails) if state._paths[s] >> t & 1],
        "toolboxes": {
            "reserve": state._reserve[s],
            "start": state._start_row[s],
            **{branch: tools[b * 3 : b * 3 + 3] for b, branch in enumerate(BRANCHES)},
        },
        "ivory": [TILES[state._ivory[s][level]].code for level in sorted(state._ivory[s])],
        "blue_levels": sorted(TILES[t].level for t in state._blue[s]),
        "blue": [
            TILES[t].code if sees_all or t in shown else None
            for t in sorted(state._blue[s], key=lambda t: (TILES[t].level, TILES[t].code))
        ]
        if sees_all
        else [
            TILES[t].code
            for t, knower in zip(state._blue[s], state._blue_seen[s], strict=True)
            if t in shown or (looker is not None and knower >> looker & 1)
        ],
        "relics": {name: state._relics[s][i] for i, name in enumerate(RELIC_COLOURS)},
        "coins": state._coins[s] if sees_all else None,
    }


def _this_turn(state: RelicRunnersState) -> dict[str, Any]:
    g = state._g
    return {
        "start": NODE_IDS[state._start],
        "route": [NODE_IDS[n] for n in state._route],
        "trails_moved": state._moves,
        "trails_used": [g.board.trail_name(t) for t in range(g.trails) if state._used >> t & 1],
        "unexplored_used": state._unexp,
        "pathways_before": state._fam_before,
        "free_order": state._free_order,
        "jumped": state._jumped,
        "explored": state._explored,
        "toolbox_used": state._tool_used,
        "double_vp": state._double,
        "start_relic": None if state._start_relic is None else RELIC_COLOURS[state._start_relic],
    }


def _decision(state: RelicRunnersState, seat: int | None) -> dict[str, Any] | None:
    if not state._agenda or state.is_over:
        return None
    task = state._agenda[-1]
    if isinstance(task, T.Keep):
        return {
            "type": "keep",
            "held": TILES[state._ivory[state._seat][task.level]].code,
            "new": None if state._new_tile is None else TILES[state._new_tile].code,
        }
    if isinstance(task, T.Place):
        return {
            "type": "place",
            "near": NODE_IDS[task.node],
            "anywhere": bool(task.anywhere),
            "count": task.count,
            "relocate": bool(task.relocate),
        }
    if isinstance(task, T.Lift | T.Steps):
        return {"type": task.KIND, "count": task.count}
    if isinstance(task, T.Flip):
        return {"type": "flip", "left": task.left, "must": bool(task.must)}
    if isinstance(task, T.Target):
        return {"type": "target", "from": NODE_IDS[task.origin]}
    if isinstance(task, T.Pick):
        return {"type": "pick", "space": NODE_IDS[task.node]}
    if isinstance(task, T.Start):
        return {"type": "start"}
    return None


def event_json(event: tuple[Any, ...]) -> dict[str, Any]:
    """A history event as JSON; every history event is public at the table."""
    kind = event[0]
    out: dict[str, Any] = {"type": kind}
    for name, value in zip(_EVENT_FIELDS.get(kind, ()), event[1:], strict=False):
        out[name] = _field(name, value)
    return out


_EVENT_FIELDS: dict[str, tuple[str, ...]] = {
    "turn": ("seat", "turn"),
    "end": ("seat",),
    "move": ("seat", "route", "rivers"),
    "jump": ("seat", "from", "to"),
    "tokens": ("seat", "tokens"),
    "reset": ("seat",),
    "relic": ("seat", "space", "relic", "trails"),
    "coins": ("seat", "amount", "reason"),
    "rations": ("seat", "amount", "reason"),
    "shrine": ("space", "relic", "seat"),
    "final-round": ("seat",),
    "ruin": ("seat", "space"),
    "ivory": ("seat", "space", "tile"),
    "blue": ("seat", "space", "level"),
    "show": ("seat", "tile"),
    "purple": ("seat", "space", "tile"),
    "teleport": ("seat",),
    "toolbox": ("seat",),
    "target": ("seat", "space"),
    "relocate": ("seat", "from_trail", "trail"),
    "pathway": ("seat", "trail"),
    "keep": ("seat", "tile", "discarded"),
    "flip": ("seat", "token", "up"),
    "step": ("seat", "toolbox"),
    "use-ivory": ("seat", "code"),
    "tool": ("seat", "toolbox"),
    "start": ("seat", "space"),
    "extra": ("seat",),
    "truncated": ("turns",),
    "no-progress": ("rounds",),
}


def _field(name: str, value: Any) -> Any:
    if name in ("space", "from", "to"):
        return NODE_IDS[value]
    if name == "route":
        return [NODE_IDS[n] for n in value]
    if name in ("tile", "discarded"):
        return TILES[value].code
    if name == "relic":
        return RELIC_COLOURS[value]
    if name == "tokens":
        return [TOKEN_IDS[k] for k in value]
    if name == "token":
        return TOKEN_IDS[value]
    if name in ("trail", "from_trail"):
        return value  # trail index; text modules name it from the trails list
    return value


# -- the JSON body ------------------------------------------------------------------------


def body_to_dict(state: RelicRunnersState) -> dict[str, Any]:
    body: dict[str, Any] = {name[1:]: getattr(state, name) for name in SCALAR_FIELDS}
    body.update({name[1:]: getattr(state, name).value for name, _ in ENUM_FIELDS})
    body.update({name[1:]: list(getattr(state, name)) for name in LIST_FIELDS})
    body["levels"] = [list(levels) for levels in state._levels]
    body["fixed"] = [
        {str(level): [tile, knower] for level, (tile, knower) in sorted(fixed.items())}
        for fixed in state._fixed
    ]
    body["pools"] = [sorted(pool) for pool in state._pools]
    body["tools"] = [list(tools) for tools in state._tools]
    body["ivory"] = [{str(k): v for k, v in sorted(ivory.items())} for ivory in state._ivory]
    body["blue"] = [list(blue) for blue in state._blue]
    body["blue_seen"] = [list(seen) for seen in state._blue_seen]
    body["relics"] = [list(relics) for relics in state._relics]
    body["agenda"] = [task.to_list() for task in state._agenda]
    body["chance"] = [list(event) for event in state._chance]
    body["history"] = [[_plain(part) for part in event] for event in state._history]
    return body


def _plain(part: Any) -> Any:
    return list(part) if isinstance(part, tuple) else part


def load_body(state: RelicRunnersState, body: Mapping[str, Any]) -> None:
    """Load and check a body; raises :class:`StateFormatError` naming the fault."""
    from relicbox.games.relic_runners.rules import geo_for

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
    state._levels = [tuple(int(level) for level in levels) for levels in body["levels"]]
    state._fixed = [
        {int(level): (int(pair[0]), int(pair[1])) for level, pair in fixed.items()}
        for fixed in body["fixed"]
    ]
    state._pools = [tuple(int(t) for t in pool) for pool in body["pools"]]
    state._tools = [[int(v) for v in tools] for tools in body["tools"]]
    state._ivory = [{int(k): int(v) for k, v in ivory.items()} for ivory in body["ivory"]]
    state._blue = [[int(t) for t in blue] for blue in body["blue"]]
    seen = body.get("blue_seen") or [[0] * len(blue) for blue in state._blue]
    state._blue_seen = [[int(k) for k in knowers] for knowers in seen]
    state._relics = [[int(v) for v in relics] for relics in body["relics"]]
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


def _values(kind: type[Enum]) -> str:
    return ", ".join(str(member.value) for member in kind)


def check_body(state: RelicRunnersState) -> None:
    """Raise :class:`StateFormatError` unless the position is complete and conserved."""
    n = state.players
    for name in ("_pos", "_rations", "_paths", "_path_supply", "_reserve", "_start_row", "_coins"):
        if len(getattr(state, name)) != n:
            raise StateFormatError(f"{name[1:]} must have one entry per seat ({n})")
    for name in ("_tools", "_ivory", "_blue", "_blue_seen", "_relics", "_ability"):
        if len(getattr(state, name)) != n:
            raise StateFormatError(f"{name[1:]} must have one entry per seat ({n})")
    if any(len(b) != len(k) for b, k in zip(state._blue, state._blue_seen, strict=True)):
        raise StateFormatError("blue_seen must have one entry per blue tile held")
    if len(state._levels) != len(NODE_IDS) or len(state._colour) != len(NODE_IDS):
        raise StateFormatError(f"levels and colour need one entry per space ({len(NODE_IDS)})")
    if len(state._tokens) != 10:
        raise StateFormatError("tokens must list the 10 toolbox tokens")
    if sum(state._rations) + state._supply != 5 * n:
        raise StateFormatError(
            f"rations on boards plus the camp supply must total {5 * n}, "
            f"got {sum(state._rations)} + {state._supply}"
        )
    if any(not 0 <= r <= RATION_CAP for r in state._rations):
        raise StateFormatError(f"a board holds 0..{RATION_CAP} rations, got {state._rations}")
    for s in range(n):
        _check_seat(state, s)
    _check_tiles(state)


def _check_seat(state: RelicRunnersState, s: int) -> None:
    placed = state._paths[s].bit_count()
    held = 1 if state._lifted is not None and s == state._seat else 0
    if placed + state._path_supply[s] + held != PATHWAYS:
        raise StateFormatError(
            f"seat {s}: pathways on the board ({placed}) plus in supply "
            f"({state._path_supply[s]}) must be {PATHWAYS}"
        )
    boxes = state._reserve[s] + state._start_row[s] + sum(state._tools[s])
    if boxes != TOOLBOXES or len(state._tools[s]) != 9 or min(state._tools[s]) < 0:
        raise StateFormatError(f"seat {s}: toolboxes must number {TOOLBOXES}, got {boxes}")
    for level, tile in state._ivory[s].items():
        if not 0 <= tile < len(TILES) or TILES[tile].colour != 0 or TILES[tile].level != level:
            raise StateFormatError(f"seat {s}: tile {tile} is not an ivory tile of level {level}")


def _check_tiles(state: RelicRunnersState) -> None:
    places: list[int] = [t for pool in state._pools for t in pool]
    places += [tile for fixed in state._fixed for tile, _ in fixed.values()]
    places += [t for ivory in state._ivory for t in ivory.values()]
    places += [t for blue in state._blue for t in blue]
    places += state._discard
    if state._new_tile is not None:
        places.append(state._new_tile)
    if len(places) != len(set(places)) or any(not 0 <= t < len(TILES) for t in places):
        raise StateFormatError("every temple tile must be in at most one place")
