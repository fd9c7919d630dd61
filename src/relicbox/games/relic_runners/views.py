"""What each seat of a Relic Runners game may know.

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

from typing import Any, cast

from relicbox.core.history import frozen
from relicbox.games.relic_runners import tasks as T
from relicbox.games.relic_runners.board import NODE_IDS, TOKEN_IDS
from relicbox.games.relic_runners.data import (
    BRANCHES,
    COLOURS,
    EXPLORER_COLOURS,
    RELIC_COLOURS,
    RELICS_TO_END,
    TILES,
)
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
        "explorers": [NODE_IDS[board.pos] for board in state._boards],
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
        "pathways": [s for s in range(state.players) if state._boards[s].paths & bit],
    }


def _seat_view(state: RelicRunnersState, s: int, looker: int | None) -> dict[str, Any]:
    sees_all = state.is_over or looker == s
    shown = set(state._shown)
    tools = state._boards[s].tools
    g = state._g
    return {
        "colour": EXPLORER_COLOURS[s],
        "ability": state._boards[s].ability,
        "position": NODE_IDS[state._boards[s].pos],
        "rations": state._boards[s].rations,
        "pathways_left": state._boards[s].path_supply,
        "pathways": [
            g.board.trail_name(t) for t in range(g.trails) if state._boards[s].paths >> t & 1
        ],
        "toolboxes": {
            "reserve": state._boards[s].reserve,
            "start": state._boards[s].start_row,
            **{branch: tools[b * 3 : b * 3 + 3] for b, branch in enumerate(BRANCHES)},
        },
        "ivory": [
            TILES[state._boards[s].ivory[level]].code for level in sorted(state._boards[s].ivory)
        ],
        "blue_levels": sorted(TILES[t].level for t in state._boards[s].blue),
        "blue": [
            TILES[t].code if sees_all or t in shown else None
            for t in sorted(state._boards[s].blue, key=lambda t: (TILES[t].level, TILES[t].code))
        ]
        if sees_all
        else [
            TILES[t].code
            for t, knower in zip(state._boards[s].blue, state._boards[s].blue_seen, strict=True)
            if t in shown or (looker is not None and knower >> looker & 1)
        ],
        "relics": {name: state._boards[s].relics[i] for i, name in enumerate(RELIC_COLOURS)},
        "coins": state._boards[s].coins if sees_all else None,
    }


def _this_turn(state: RelicRunnersState) -> dict[str, Any]:
    g = state._g
    return {
        "start": NODE_IDS[state._start],
        "route": [NODE_IDS[n] for n in state._this_turn.route],
        "trails_moved": state._this_turn.moves,
        "trails_used": [
            g.board.trail_name(t) for t in range(g.trails) if state._this_turn.used >> t & 1
        ],
        "unexplored_used": state._this_turn.unexp,
        "pathways_before": state._this_turn.fam_before,
        "free_order": state._this_turn.free_order,
        "jumped": state._this_turn.jumped,
        "explored": state._this_turn.explored,
        "toolbox_used": state._this_turn.tool_used,
        "double_vp": state._this_turn.double,
        "start_relic": None if state._start_relic is None else RELIC_COLOURS[state._start_relic],
    }


def _decision(state: RelicRunnersState, seat: int | None) -> dict[str, Any] | None:
    if not state._agenda or state.is_over:
        return None
    task = state._agenda[-1]
    if isinstance(task, T.Keep):
        return {
            "type": "keep",
            "held": TILES[state._boards[state._seat].ivory[task.level]].code,
            "new": None
            if state._this_turn.new_tile is None
            else TILES[state._this_turn.new_tile].code,
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
