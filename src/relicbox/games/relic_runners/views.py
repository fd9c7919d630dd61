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

from typing import Any, Literal, Required, TypedDict, cast

from relicbox.core.history import frozen
from relicbox.games.relic_runners import tasks as T
from relicbox.games.relic_runners.board import NODE_IDS, TOKEN_IDS
from relicbox.games.relic_runners.data import (
    COLOURS,
    EXPLORER_COLOURS,
    RELIC_COLOURS,
    RELICS_TO_END,
    TILES,
)
from relicbox.games.relic_runners.movement import bits
from relicbox.games.relic_runners.parts import tool_slot
from relicbox.games.relic_runners.rules import RelicRunnersState

# -- the view's shape (its documentation; every key below is always present) ---------------


SpaceType = Literal["camp", "ruin", "temple"]


class SpaceView(TypedDict):
    """One space of the map."""

    id: str
    """``CAMP``, ``R1``..``R8`` or ``T1``..``T12``."""
    type: SpaceType
    colour: str | None
    """A temple's colour (``ivory``, ``blue``, ``purple``) once dealt; ``None`` otherwise."""
    quadrant: str
    xy: list[float]
    """Drawing coordinates, 0..100 (x to the right, y downwards)."""
    levels: list[int]
    """The stack's levels still there, bottom first (1 is the large tile)."""
    top: str | None
    """The face-up top tile's code (purple temples, or after a purple tile left), if any."""
    seen: dict[str, str]
    """Tiles of this stack the viewing seat looked at with I2-b: level (as text) -> code."""
    shrine: bool
    """The stack is gone: a shrine (where a relic appears)."""
    relic: str | None
    """The relic on this shrine (``toad``, ``skull``, ``bird``, ``juju``), if any."""


class TrailView(TypedDict):
    """One trail between two spaces."""

    id: str
    """The trail's text in actions: its spaces, lower id first (``R1-T4``)."""
    name: str
    """The board file's name for it (``E8``)."""
    a: str
    b: str
    river: bool
    token: str | None
    """A river's toolbox token spot (``TB1``..``TB10``)."""
    token_up: bool | None
    """Whether that token is face up (``None`` on a jungle trail)."""
    pathways: list[int]
    """The seats with a pathway on it."""


class ToolboxesView(TypedDict):
    reserve: int
    start: int
    machete: list[int]
    compass: list[int]
    shovel: list[int]


"""Toolboxes in the reserve, on the start row, and per branch at levels 1, 2 and 3."""


class RelicsView(TypedDict):
    toad: int
    skull: int
    bird: int
    juju: int


class SeatView(TypedDict):
    """One player's board, as the viewing seat sees it."""

    colour: str
    """The explorer's colour (seat 0 red, then green, blue, yellow, black)."""
    ability: str | None
    position: str
    rations: int
    pathways_left: int
    pathways: list[str]
    """The trails carrying this seat's pathways."""
    toolboxes: ToolboxesView
    ivory: list[str]
    """Ivory tiles held, lowest level first."""
    blue_levels: list[int]
    """The levels of the blue tiles held (public), sorted."""
    blue: list[str | None]
    """Blue tiles whose value the viewer knows: all of them for the owner and at the end,
    else those shown (Shovel 3) or seen with I2-b."""
    relics: RelicsView
    coins: int | None
    """Victory coins: the owner's own (and everyone's at the end); ``None`` for others."""


class ThisTurnView(TypedDict):
    """What the turn being played has done so far."""

    start: str
    route: list[str]
    """The spaces walked through, the start first."""
    trails_moved: int
    trails_used: list[str]
    unexplored_used: bool
    """The move used its one unexplored trail (one without the mover's pathway)."""
    pathways_before: bool
    """It walked own pathways before that trail."""
    free_order: bool
    """Ivory I2-a was used: pathways may come on both sides of the unexplored trail."""
    jumped: bool
    explored: bool
    toolbox_used: bool
    double_vp: bool
    """Shovel level 3 was used this turn."""
    start_relic: str | None
    """The relic on the turn's starting space (an expedition needs one of its colour)."""


DecisionView = TypedDict(
    "DecisionView",
    {
        "type": Required[str],
        "held": str,
        "new": str | None,
        "near": str,
        "anywhere": bool,
        "count": int,
        "relocate": bool,
        "left": int,
        "must": bool,
        "from": str,
        "space": str,
    },
    total=False,
)
"""A pending choice; ``type`` says which, and which other keys it has:

* ``place`` (a pathway): ``near`` (the space its trail must touch, unless ``anywhere``),
  ``count`` (pathways still to place), ``relocate`` (a pathway being moved);
* ``lift`` (a pathway to move) and ``steps`` (toolbox advances): ``count``;
* ``keep`` (one of two ivory tiles of a level): ``held`` and ``new``;
* ``pick`` (a tile of a stack): ``space``;
* ``target`` (purple P-g): ``from`` (the space whose neighbours may be explored);
* ``flip`` (toolbox tokens): ``left`` and ``must`` (no stopping early);
* ``start`` (the head-start ability): no other key.
"""


class ScorePartsView(TypedDict):
    coins: int
    blue: int
    relics: int
    ivory: int


class RelicRunnersView(TypedDict):
    """What one seat (or a spectator, ``seat`` ``None``) may know of a game."""

    game: Literal["relic-runners"]
    seat: int | None
    players: int
    setup: str
    shovel3: str
    abilities: bool
    board: str
    """The map's name."""
    turn: int
    """Turns begun so far (1 for the first)."""
    current: int
    """The seat whose turn it is."""
    to_act: list[int]
    phase: str
    """What is being decided: ``move``, ``post`` (after moving), a decision's type, ``over``."""
    decision: DecisionView | None
    """The pending choice inside an effect, or ``None`` outside one."""
    spaces: list[SpaceView]
    trails: list[TrailView]
    tokens_up: list[str]
    explorers: list[str]
    """Each seat's explorer's space."""
    camp_rations: int
    seats: list[SeatView]
    relics_collected: int
    relics_to_end: int
    """Relics collected by everyone together that start the final round."""
    final_round: bool
    final_seat: int | None
    """The seat that started the final round."""
    extra_turn: bool
    """The extra turn of ivory I1-f is being played."""
    truncated: bool
    ended_by: str | None
    """``relics``, ``stall``, ``no-progress`` or ``max-turns`` at the end; else ``None``."""
    this_turn: ThisTurnView
    history: list[dict[str, Any]]
    """Every public event so far, read-only, ``{"type": ..., ...}`` (see ``_EVENT_FIELDS``)."""
    scores: list[int] | None
    score_parts: list[ScorePartsView] | None
    winners: list[int] | None
    """At the end only."""


# -- building it -------------------------------------------------------------------------


def build_view(state: RelicRunnersState, seat: int | None) -> RelicRunnersView:
    if seat is not None:
        state._require_seat(seat, "view")
    over = state.is_over
    g = state._g
    paths = [board.paths for board in state._boards]
    view: RelicRunnersView = {
        "game": "relic-runners",
        "seat": seat,
        "players": state.players,
        "setup": state.settings.setup,
        "shovel3": state.settings.shovel3,
        "abilities": state.settings.abilities,
        "board": g.board.name,
        "turn": state._turn,
        "current": state._seat,
        "to_act": list(state.to_act),
        "phase": state.phase,
        "decision": _decision(state, seat),
        "spaces": [_space(state, node, seat) for node in range(len(NODE_IDS))],
        "trails": [_trail(state, t, paths) for t in range(g.trails)],
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
        "score_parts": (
            [cast(ScorePartsView, state.score_parts(s)) for s in range(state.players)]
            if over
            else None
        ),
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


def _space(state: RelicRunnersState, node: int, seat: int | None) -> SpaceView:
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
        "type": cast(SpaceType, g.kind[node]),
        "colour": None if colour is None else COLOURS[colour],
        "quadrant": g.board.quadrant[node],
        "xy": list(g.board.xy[node]),
        "levels": list(levels),
        "top": top,
        "seen": seen,
        "shrine": g.kind[node] != "camp" and not levels,
        "relic": RELIC_COLOURS[state._relic_colour(node)] if state._relic_on[node] else None,
    }


def _trail(state: RelicRunnersState, t: int, paths: list[int]) -> TrailView:
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
        "pathways": [s for s, mask in enumerate(paths) if mask & bit],
    }


def _seat_view(state: RelicRunnersState, s: int, looker: int | None) -> SeatView:
    sees_all = state.is_over or looker == s
    shown = set(state._shown)
    board = state._boards[s]
    tools = board.tools
    trail_name = state._g.board.trail_name
    ivory = board.ivory
    return {
        "colour": EXPLORER_COLOURS[s],
        "ability": board.ability,
        "position": NODE_IDS[board.pos],
        "rations": board.rations,
        "pathways_left": board.path_supply,
        "pathways": [trail_name(t) for t in bits(board.paths)],
        "toolboxes": {
            "reserve": board.reserve,
            "start": board.start_row,
            "machete": tools[_MACHETE_SLOTS],
            "compass": tools[_COMPASS_SLOTS],
            "shovel": tools[_SHOVEL_SLOTS],
        },
        "ivory": [TILES[ivory[level]].code for level in sorted(ivory)],
        "blue_levels": sorted(TILES[t].level for t in board.blue),
        "blue": [
            TILES[t].code if sees_all or t in shown else None
            for t in sorted(board.blue, key=lambda t: (TILES[t].level, TILES[t].code))
        ]
        if sees_all
        else [
            TILES[t].code
            for t, knower in zip(board.blue, board.blue_seen, strict=True)
            if t in shown or (looker is not None and knower >> looker & 1)
        ],
        "relics": cast(RelicsView, {name: board.relics[i] for i, name in enumerate(RELIC_COLOURS)}),
        "coins": board.coins if sees_all else None,
    }


_MACHETE_SLOTS, _COMPASS_SLOTS, _SHOVEL_SLOTS = (
    slice(tool_slot(branch, 1), tool_slot(branch, 3) + 1) for branch in range(3)
)
"""Each branch's toolboxes at levels 1, 2 and 3 in a toolbox table."""


def _this_turn(state: RelicRunnersState) -> ThisTurnView:
    turn = state._this_turn
    trail_name = state._g.board.trail_name
    return {
        "start": NODE_IDS[state._start],
        "route": [NODE_IDS[n] for n in turn.route],
        "trails_moved": turn.moves,
        "trails_used": [trail_name(t) for t in bits(turn.used)],
        "unexplored_used": turn.unexp,
        "pathways_before": turn.fam_before,
        "free_order": turn.free_order,
        "jumped": turn.jumped,
        "explored": turn.explored,
        "toolbox_used": turn.tool_used,
        "double_vp": turn.double,
        "start_relic": None if state._start_relic is None else RELIC_COLOURS[state._start_relic],
    }


def _decision(state: RelicRunnersState, seat: int | None) -> DecisionView | None:
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
