"""The schema of a Relic Runners state body: every field's type and range, and consistency.

:func:`check_fields` runs before the body is loaded: it checks each field as JSON
(whole numbers, flags, node, trail, tile and seat indexes in range, bit masks that
fit the board, agenda tasks, chance events and history events of known shapes).
:func:`check_position` runs after: what the fields must agree on for the rules to
go on (pending chance events match the stacks and colours, tasks point at tiles and
stacks that exist, relic counts add up). Every refusal is a :class:`StateFormatError`
naming the field.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, cast

from relicbox.core import checks
from relicbox.core.errors import StateFormatError
from relicbox.core.fields import Copy
from relicbox.games.relic_runners import tasks as T
from relicbox.games.relic_runners.board import NODE_IDS, TOKEN_IDS
from relicbox.games.relic_runners.data import (
    ABILITIES,
    BLUE,
    EXPLORER_COLOURS,
    IVORY,
    PATHWAYS,
    RATION_CAP,
    TILES,
    TOOLBOXES,
    pool_key,
)
from relicbox.games.relic_runners.parts import FIELDS
from relicbox.games.relic_runners.rules import RelicRunnersState

BIG = 10**6
"""A generous bound for counters (coins, turns), so a state always writes as JSON."""

_NODES = len(NODE_IDS)
_TILE_MAX = len(TILES) - 1
_STAGES = ("setup", "move", "post", "over")

PER_SEAT = frozenset(cast(str, f.key) for f in FIELDS.records["_boards"])
"""The body keys holding a list with an entry per seat (the player boards' fields)."""
BODY_SCALARS = tuple(
    cast(str, f.key) for f in FIELDS.keyed if f.copy is Copy.SHARE and f.key not in PER_SEAT
)
"""Every body key holding one value (plain, or an enum's value)."""
BODY_LISTS = tuple(
    cast(str, f.key)
    for f in FIELDS.keyed
    if f.plain and (f.copy is Copy.LIST) is (f.key not in PER_SEAT)
)
"""Every body key holding a flat list of plain values: the state's and the turn's lists,
and the player boards' plain values (seat by seat)."""


class _Ranges:
    """The bounds of one game: seats, board trails, stack height."""

    def __init__(self, state: RelicRunnersState) -> None:
        self.players = state.players
        self.trails = state._g.trails
        self.height = state._height
        self.everyone = (1 << state.players) - 1

    def seat(self, value: object, field: str) -> int:
        return checks.whole(value, field, 0, self.players - 1)

    def node(self, value: object, field: str) -> int:
        return checks.whole(value, field, 0, _NODES - 1)

    def trail(self, value: object, field: str) -> int:
        return checks.whole(value, field, 0, self.trails - 1)

    def trail_mask(self, value: object, field: str) -> int:
        return checks.whole(value, field, 0, (1 << self.trails) - 1)

    def node_mask(self, value: object, field: str) -> int:
        return checks.whole(value, field, 0, (1 << _NODES) - 1)

    def seat_mask(self, value: object, field: str) -> int:
        return checks.whole(value, field, 0, self.everyone)

    def level(self, value: object, field: str) -> int:
        return checks.whole(value, field, 1, self.height)

    def tile(self, value: object, field: str) -> int:
        return checks.whole(value, field, 0, _TILE_MAX)

    def optional(self, value: object, field: str, kind: str) -> None:
        if value is not None:
            getattr(self, kind)(value, field)

    def zero_one(self, value: object, field: str) -> int:
        # tasks keep their switches as 0/1 (or a bool where the code wrote one)
        if type(value) is bool:
            return int(value)
        return checks.whole(value, field, 0, 1)


_SCALARS: dict[str, tuple[str, ...]] = {
    # field: (checker, arguments...)
    "collected": ("whole", "0", str(_NODES)),
    "supply": ("whole", "0", "25"),
    "final_seat": ("optional", "seat"),
    "final_left": ("whole", "0", "4"),
    "extra": ("flag",),
    "truncated": ("flag",),
    "turn": ("whole", "0", str(BIG)),
    "progress_turn": ("whole", "0", str(BIG)),
    "seat": ("seat",),
    "stage": ("stage",),
    "start": ("node",),
    "start_relic": ("optional_whole", "0", "3"),
    "moves": ("whole", "0", "1000"),
    "jumped": ("flag",),
    "used": ("trail_mask",),
    "unexp": ("flag",),
    "fam_before": ("flag",),
    "free_order": ("flag",),
    "bonus_steps": ("whole", "0", "100"),
    "explored": ("flag",),
    "tool_used": ("flag",),
    "double": ("flag",),
    "turn_gain": ("whole", "0", str(BIG)),
    "end_after": ("flag",),
    "new_tile": ("optional", "tile"),
    "lifted": ("optional", "trail"),
    "moved_to": ("trail_mask",),
    "vacated": ("trail_mask",),
}


def _scalar(r: _Ranges, name: str, value: object) -> None:
    field = f"body.{name}"
    kind, *args = _SCALARS[name]
    if kind == "whole":
        checks.whole(value, field, int(args[0]), int(args[1]))
    elif kind == "optional_whole":
        checks.optional_whole(value, field, int(args[0]), int(args[1]))
    elif kind == "flag":
        checks.flag(value, field)
    elif kind == "stage":
        checks.text(value, field, _STAGES)
    elif kind == "optional":
        r.optional(value, field, args[0])
    else:
        getattr(r, kind)(value, field)


def check_fields(state: RelicRunnersState, body: Mapping[str, Any]) -> None:
    """Refuse a body whose fields have the wrong type, length or range."""
    r = _Ranges(state)
    n = state.players
    for key in BODY_SCALARS:
        if key == "progress_turn" and key not in body:
            continue  # a body written before the no-progress rule: the loader starts it anew
        _scalar(r, key, checks.need(body, key, f"body.{key}"))
    if body.get("progress_turn", 0) > body["turn"]:
        raise checks.fail("body.progress_turn", "is later than the current turn")
    lists = {
        key: checks.seq(checks.need(body, key, f"body.{key}"), f"body.{key}") for key in BODY_LISTS
    }
    per_node = {"colour", "relic_on"}
    for name, items in lists.items():
        field = f"body.{name}"
        if name in per_node:
            checks.seq(items, field, _NODES)
        elif name in PER_SEAT:
            checks.seq(items, field, n)
    for i, colour in enumerate(lists["colour"]):
        checks.optional_whole(colour, f"body.colour[{i}]", 0, 2)
        if colour is not None and state._g.kind[i] != "temple":
            raise checks.fail(f"body.colour[{i}]", "is set, but only temples have a colour")
    checks.flags(lists["relic_on"], "body.relic_on", _NODES)
    checks.flags(lists["tokens"], "body.tokens", len(TOKEN_IDS))
    for name in ("discard", "shown"):
        for i, tile in enumerate(checks.seq(lists[name], f"body.{name}", max_length=len(TILES))):
            r.tile(tile, f"body.{name}[{i}]")
    for s in range(n):
        r.node(lists["pos"][s], f"body.pos[{s}]")
        checks.whole(lists["rations"][s], f"body.rations[{s}]", 0, RATION_CAP)
        r.trail_mask(lists["paths"][s], f"body.paths[{s}]")
        checks.whole(lists["path_supply"][s], f"body.path_supply[{s}]", 0, PATHWAYS)
        checks.whole(lists["reserve"][s], f"body.reserve[{s}]", 0, TOOLBOXES)
        checks.whole(lists["start_row"][s], f"body.start_row[{s}]", 0, TOOLBOXES)
        checks.whole(lists["coins"][s], f"body.coins[{s}]", 0, BIG)
        expected = ABILITIES[EXPLORER_COLOURS[s]] if state.settings.abilities else None
        if lists["ability"][s] != expected:
            raise checks.fail(f"body.ability[{s}]", f"must be {expected!r} with these options")
    for i, node in enumerate(checks.seq(lists["route"], "body.route", max_length=1000)):
        r.node(node, f"body.route[{i}]")
    checks.wholes(lists["turn_blue"], "body.turn_blue", 0, 100, max_length=100)
    _check_stacks(r, body)
    _check_boards(r, body)
    tasks = checks.seq(checks.need(body, "agenda", "body.agenda"), "body.agenda", max_length=100)
    for i, task in enumerate(tasks):
        _check_task(r, task, f"body.agenda[{i}]")
    events = checks.seq(checks.need(body, "chance", "body.chance"), "body.chance", max_length=100)
    for i, event in enumerate(events):
        _check_chance(r, event, f"body.chance[{i}]")
    history = checks.seq(body.get("history", []), "body.history")
    for i, event in enumerate(history):
        _check_history(r, event, f"body.history[{i}]")


def _check_stacks(r: _Ranges, body: Mapping[str, Any]) -> None:
    levels = checks.seq(checks.need(body, "levels", "body.levels"), "body.levels", _NODES)
    for node, stack in enumerate(levels):
        field = f"body.levels[{node}]"
        values = checks.wholes(stack, field, 1, r.height, max_length=r.height)
        if values != sorted(set(values)):
            raise checks.fail(field, f"must list distinct levels from the bottom up, got {values}")
    fixed = checks.seq(checks.need(body, "fixed", "body.fixed"), "body.fixed", _NODES)
    for node, known in enumerate(fixed):
        field = f"body.fixed[{node}]"
        for key, pair in checks.obj(known, field).items():
            if not isinstance(key, str) or not key.isdigit() or int(key) not in levels[node]:
                raise checks.fail(field, f"names level {key!r}, which is not in the stack")
            items = checks.seq(pair, f"{field}[{key!r}]", 2)
            r.tile(items[0], f"{field}[{key!r}][0]")
            r.seat_mask(items[1], f"{field}[{key!r}][1]")
    pools = checks.seq(checks.need(body, "pools", "body.pools"), "body.pools", 9)
    for index, pool in enumerate(pools):
        field = f"body.pools[{index}]"
        for i, tile in enumerate(checks.seq(pool, field, max_length=len(TILES))):
            r.tile(tile, f"{field}[{i}]")
            if pool_key(TILES[tile].colour, TILES[tile].level) != index:
                raise checks.fail(f"{field}[{i}]", f"tile {TILES[tile].code} is not of this pool")


def _check_boards(r: _Ranges, body: Mapping[str, Any]) -> None:
    n = r.players
    tools = checks.seq(checks.need(body, "tools", "body.tools"), "body.tools", n)
    for s, row in enumerate(tools):
        checks.wholes(row, f"body.tools[{s}]", 0, TOOLBOXES, length=9)
    ivory = checks.seq(checks.need(body, "ivory", "body.ivory"), "body.ivory", n)
    for s, held in enumerate(ivory):
        for key, tile in checks.obj(held, f"body.ivory[{s}]").items():
            if key not in ("1", "2", "3"):
                raise checks.fail(f"body.ivory[{s}]", f"names level {key!r}; levels are 1-3")
            r.tile(tile, f"body.ivory[{s}][{key!r}]")
    blue = checks.seq(checks.need(body, "blue", "body.blue"), "body.blue", n)
    for s, held in enumerate(blue):
        for i, tile in enumerate(checks.seq(held, f"body.blue[{s}]", max_length=len(TILES))):
            r.tile(tile, f"body.blue[{s}][{i}]")
            if TILES[tile].colour != BLUE:
                raise checks.fail(f"body.blue[{s}][{i}]", f"tile {TILES[tile].code} is not blue")
    seen = body.get("blue_seen")
    if seen is not None:
        seen = checks.seq(seen, "body.blue_seen", n)
        for s, knowers in enumerate(seen):
            for i, mask in enumerate(checks.seq(knowers, f"body.blue_seen[{s}]")):
                r.seat_mask(mask, f"body.blue_seen[{s}][{i}]")
    relics = checks.seq(checks.need(body, "relics", "body.relics"), "body.relics", n)
    for s, counts in enumerate(relics):
        checks.wholes(counts, f"body.relics[{s}]", 0, _NODES, length=4)


_TASKS: dict[str, tuple[str, ...]] = {
    "begin": (),
    "first-turn": (),
    "setup-purples": (),
    "after-move": (),
    "end-turn": (),
    "start": (),
    "seat": ("seat",),
    "turnup": ("node",),
    "pick": ("node", "node", "node_mask", "zero_one"),
    "keep": ("level",),
    "lift": ("count",),
    "steps": ("count",),
    "target": ("node", "node_mask"),
    "take": ("node", "level", "node", "node_mask"),
    "place": ("node", "zero_one", "count", "zero_one"),
    "flip": ("count", "zero_one", "token_mask", "context"),
}


def _tagged(
    raw: object, field: str, shapes: Mapping[str, tuple[str, ...]], noun: str, parts: str
) -> tuple[tuple[str, ...], list[Any]]:
    """A ``[kind, *values]`` list checked for a known kind and its number of values:
    the kind's shape and the values, to be checked part by part."""
    items = checks.seq(raw, field, max_length=5)
    kind = checks.text(items[0] if items else None, f"{field}[0]", shapes)
    shape = shapes[kind]
    if len(items) != 1 + len(shape):
        raise checks.fail(field, f"a {kind!r} {noun} has {len(shape)} {parts}")
    return shape, list(items[1:])


def _check_task(r: _Ranges, task: object, field: str) -> None:
    shape, items = _tagged(task, field, _TASKS, "task", "arguments")
    for i, (part, value) in enumerate(zip(shape, items, strict=True), start=1):
        where = f"{field}[{i}]"
        if part == "count":
            checks.whole(value, where, 1, 100)
        elif part == "token_mask":
            checks.whole(value, where, 0, (1 << len(TOKEN_IDS)) - 1)
        elif part == "context":
            checks.text(value, where, ("move", "effect"))
        else:
            getattr(r, part)(value, where)


def _check_chance(r: _Ranges, event: object, field: str) -> None:
    items = checks.seq(event, field, max_length=4)
    kind = checks.text(items[0] if items else None, f"{field}[0]", ("colour", "reveal"))
    if kind == "colour":
        if len(items) != 2:
            raise checks.fail(field, "a 'colour' event names one temple")
        r.node(items[1], f"{field}[1]")
        return
    if len(items) != 4:
        raise checks.fail(field, "a 'reveal' event names a space, a level and who learns it")
    r.node(items[1], f"{field}[1]")
    r.level(items[2], f"{field}[2]")
    checks.whole(items[3], f"{field}[3]", 1, r.everyone)


_HISTORY: dict[str, tuple[str, ...]] = {
    "turn": ("seat", "big"),
    "end": ("seat",),
    "move": ("seat", "route", "trail_mask"),
    "jump": ("seat", "node", "node"),
    "tokens": ("seat", "tokens"),
    "reset": ("seat",),
    "relic": ("seat", "node", "relic", "big"),
    "coins": ("seat", "big", "text"),
    "rations": ("seat", "big", "text"),
    "shrine": ("node", "relic", "seat"),
    "final-round": ("seat",),
    "ruin": ("seat", "node"),
    "ivory": ("seat", "node", "tile"),
    "blue": ("seat", "node", "level"),
    "show": ("seat", "tile"),
    "purple": ("seat", "node", "tile"),
    "teleport": ("seat",),
    "toolbox": ("seat",),
    "target": ("seat", "node"),
    "relocate": ("seat", "optional_trail", "trail"),
    "pathway": ("seat", "trail"),
    "keep": ("seat", "tile", "tile"),
    "flip": ("seat", "token", "flag"),
    "step": ("seat", "text"),
    "use-ivory": ("seat", "text"),
    "tool": ("seat", "text"),
    "start": ("seat", "node"),
    "extra": ("seat",),
    "truncated": ("big",),
    "stall": (),
    "no-progress": ("big",),
    "over": (),
}


def _check_history(r: _Ranges, event: object, field: str) -> None:
    shape, items = _tagged(event, field, _HISTORY, "event", "parts")
    for i, (part, value) in enumerate(zip(shape, items, strict=True), start=1):
        where = f"{field}[{i}]"
        if part == "big":
            checks.whole(value, where, 0, BIG)
        elif part == "text":
            checks.text(value, where)
            if len(value) > 40:
                raise checks.fail(where, "is too long")
        elif part == "flag":
            checks.flag(value, where)
        elif part == "relic":
            checks.whole(value, where, 0, 3)
        elif part == "token":
            checks.whole(value, where, 0, len(TOKEN_IDS) - 1)
        elif part == "tokens":
            checks.wholes(value, where, 0, len(TOKEN_IDS) - 1, max_length=len(TOKEN_IDS))
        elif part == "route":
            for j, node in enumerate(checks.seq(value, where, max_length=1000)):
                r.node(node, f"{where}[{j}]")
        elif part == "optional_trail":
            r.optional(value, where, "trail")
        else:
            getattr(r, part)(value, where)


def check_position(state: RelicRunnersState) -> None:
    """Refuse a loaded position whose parts disagree in a way the rules cannot go on from."""
    g = state._g
    n = state.players
    if state._seat >= n or (state._final_seat is None and state._final_left):
        raise StateFormatError("final_left counts turns of a final round that has not begun")
    for s, board in enumerate(state._boards):
        for level, tile in board.ivory.items():
            if TILES[tile].colour != IVORY or TILES[tile].level != level:
                raise StateFormatError(
                    f"ivory[{s}]: tile {tile} is not an ivory tile of level {level}"
                )
    for s, indexes in [(state._seat, state._this_turn.turn_blue)]:
        if any(i >= len(state._boards[s].blue) for i in indexes):
            raise StateFormatError("turn_blue points past the current seat's blue tiles")
    if state._this_turn.new_tile is not None and TILES[state._this_turn.new_tile].colour != IVORY:
        raise StateFormatError("new_tile must be an ivory tile waiting for a keep choice")
    pending_colours = {event[1] for event in state._chance if event[0] == "colour"}
    for node in range(_NODES):
        colour = state._colour[node]
        temple = g.kind[node] == "temple"
        if temple and (colour is None) != (node in pending_colours):
            raise StateFormatError(
                f"temple {NODE_IDS[node]} must have a colour, or a pending colour event, not both"
            )
        if g.kind[node] == "camp" and state._levels[node]:
            raise StateFormatError("the camp has no stack")
        if g.kind[node] != "camp" and len(state._levels[node]) > state._height:
            raise StateFormatError(f"levels[{node}] is higher than a stack")
        if state._relic_on[node] and (g.kind[node] == "camp" or state._levels[node]):
            raise StateFormatError(f"relic_on[{node}]: a relic lies only on an emptied shrine")
        for level, (tile, _) in state._fixed[node].items():
            if colour is None or TILES[tile].colour != colour or TILES[tile].level != level:
                raise StateFormatError(
                    f"fixed[{node}]: tile {TILES[tile].code} cannot lie at level {level} of a "
                    f"{'colourless' if colour is None else 'different'} temple"
                )
    hidden: dict[int, int] = {}
    for node in range(_NODES):
        colour = state._colour[node]
        if colour is None:
            continue
        for level in state._levels[node]:
            if level not in state._fixed[node]:
                key = pool_key(colour, level)
                hidden[key] = hidden.get(key, 0) + 1
    for key, count in hidden.items():
        # Scenarios may take the tiles they hand out from the pools, so a pool may hold
        # fewer tiles than the places that draw from it; an empty one cannot be drawn from.
        if not state._pools[key]:
            raise StateFormatError(
                f"pools[{key}] is empty, but {count} face-down stack places still draw from it"
            )
    reveals: dict[int, int] = {}
    for event in state._chance:
        if event[0] == "colour":
            if g.kind[event[1]] != "temple":
                raise StateFormatError(f"a colour event names {NODE_IDS[event[1]]}, not a temple")
            continue
        _, node, level, _ = event
        colour = state._colour[node]
        if colour is None or level not in state._levels[node] or level in state._fixed[node]:
            raise StateFormatError(
                f"a reveal event names level {level} of {NODE_IDS[node]}, which has no hidden "
                "tile there"
            )
        key = pool_key(colour, level)
        reveals[key] = reveals.get(key, 0) + 1
        if len(state._pools[key]) < reveals[key]:
            raise StateFormatError(f"a reveal event draws from pools[{key}], which is empty")
    pending_reveals = {(e[1], e[2]) for e in state._chance if e[0] == "reveal"}
    for task in state._agenda:
        if isinstance(task, T.Take):
            node, level = task.node, task.level
            known = level in state._fixed[node] or (node, level) in pending_reveals
            if level not in state._levels[node] or not known or g.kind[node] != "temple":
                raise StateFormatError(
                    f"a take task names level {level} of {NODE_IDS[node]}, which holds no tile"
                )
        elif isinstance(task, T.Keep):
            new = state._this_turn.new_tile
            if new is None or task.level not in state._boards[state._seat].ivory:
                raise StateFormatError("a keep task needs an ivory tile held and a new one")
            if TILES[new].level != task.level:
                raise StateFormatError("a keep task's new tile must be of the task's level")
        elif isinstance(task, T.Pick | T.TurnUp) and g.kind[task.node] == "camp":
            raise StateFormatError(f"a {task.KIND} task names the camp")
    if state.is_over and (state._agenda or state._chance):
        raise StateFormatError("a finished game has no tasks or chance events left")
