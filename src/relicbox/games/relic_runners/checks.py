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

from collections.abc import Container, Mapping, Sequence
from itertools import pairwise
from typing import Any, cast

from relicbox.core import checks
from relicbox.core.errors import StateFormatError, quote
from relicbox.core.fields import Copy
from relicbox.games.relic_runners import tasks
from relicbox.games.relic_runners.board import CAMP, NODE_IDS, TOKEN_IDS
from relicbox.games.relic_runners.data import (
    ABILITIES,
    BLUE,
    COLOURS,
    EXPLORER_COLOURS,
    IVORY,
    LEVELS,
    LOOK_THROUGH_TILE,
    PATHWAYS,
    PURPLE,
    RATION_CAP,
    TEMPLES_PER_COLOUR,
    TILES,
    TOOLBOXES,
    pool_key,
)
from relicbox.games.relic_runners.lookups import MOVE, OVER, POST, SETUP
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
        self.trails = state._map.trails
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


def _scalar(ranges: _Ranges, name: str, value: object) -> None:
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
        ranges.optional(value, field, args[0])
    else:
        getattr(ranges, kind)(value, field)


def check_fields(state: RelicRunnersState, body: Mapping[str, Any]) -> None:
    """Refuse a body whose fields have the wrong type, length or range."""
    ranges = _Ranges(state)
    n = state.players
    for key in BODY_SCALARS:
        if key == "progress_turn" and key not in body:
            continue  # a body written before the no-progress rule: the loader starts it anew
        _scalar(ranges, key, checks.need(body, key, f"body.{key}"))
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
        if colour is not None and state._map.kind[i] != "temple":
            raise checks.fail(f"body.colour[{i}]", "is set, but only temples have a colour")
    checks.flags(lists["relic_on"], "body.relic_on", _NODES)
    checks.flags(lists["tokens"], "body.tokens", len(TOKEN_IDS))
    for name in ("discard", "shown"):
        for i, tile in enumerate(checks.seq(lists[name], f"body.{name}", max_length=len(TILES))):
            ranges.tile(tile, f"body.{name}[{i}]")
    for s in range(n):
        ranges.node(lists["pos"][s], f"body.pos[{s}]")
        checks.whole(lists["rations"][s], f"body.rations[{s}]", 0, RATION_CAP)
        ranges.trail_mask(lists["paths"][s], f"body.paths[{s}]")
        checks.whole(lists["path_supply"][s], f"body.path_supply[{s}]", 0, PATHWAYS)
        checks.whole(lists["reserve"][s], f"body.reserve[{s}]", 0, TOOLBOXES)
        checks.whole(lists["start_row"][s], f"body.start_row[{s}]", 0, TOOLBOXES)
        checks.whole(lists["coins"][s], f"body.coins[{s}]", 0, BIG)
        expected = ABILITIES[EXPLORER_COLOURS[s]] if state.settings.abilities else None
        if lists["ability"][s] != expected:
            raise checks.fail(f"body.ability[{s}]", f"must be {expected!r} with these options")
    for i, node in enumerate(checks.seq(lists["route"], "body.route", max_length=1000)):
        ranges.node(node, f"body.route[{i}]")
    checks.wholes(lists["turn_blue"], "body.turn_blue", 0, 100, max_length=100)
    _check_stacks(ranges, body)
    _check_boards(ranges, body)
    agenda = checks.seq(checks.need(body, "agenda", "body.agenda"), "body.agenda", max_length=100)
    for i, task in enumerate(agenda):
        _check_task(ranges, task, f"body.agenda[{i}]")
    events = checks.seq(checks.need(body, "chance", "body.chance"), "body.chance", max_length=100)
    for i, event in enumerate(events):
        _check_chance(ranges, event, f"body.chance[{i}]")
    history = checks.seq(body.get("history", []), "body.history")
    for i, event in enumerate(history):
        _check_history(ranges, event, f"body.history[{i}]")


def _check_stacks(ranges: _Ranges, body: Mapping[str, Any]) -> None:
    levels = checks.seq(checks.need(body, "levels", "body.levels"), "body.levels", _NODES)
    for node, stack in enumerate(levels):
        field = f"body.levels[{node}]"
        values = checks.wholes(stack, field, 1, ranges.height, max_length=ranges.height)
        if values != sorted(set(values)):
            raise checks.fail(field, f"must list distinct levels from the bottom up, got {values}")
    fixed = checks.seq(checks.need(body, "fixed", "body.fixed"), "body.fixed", _NODES)
    for node, known in enumerate(fixed):
        field = f"body.fixed[{node}]"
        for key, pair in checks.obj(known, field).items():
            if not isinstance(key, str) or not key.isdigit() or int(key) not in levels[node]:
                raise checks.fail(field, f"names level {key!r}, which is not in the stack")
            items = checks.seq(pair, f"{field}[{key!r}]", 2)
            ranges.tile(items[0], f"{field}[{key!r}][0]")
            ranges.seat_mask(items[1], f"{field}[{key!r}][1]")
    pools = checks.seq(checks.need(body, "pools", "body.pools"), "body.pools", 9)
    for index, pool in enumerate(pools):
        field = f"body.pools[{index}]"
        for i, tile in enumerate(checks.seq(pool, field, max_length=len(TILES))):
            ranges.tile(tile, f"{field}[{i}]")
            if pool_key(TILES[tile].colour, TILES[tile].level) != index:
                raise checks.fail(f"{field}[{i}]", f"tile {TILES[tile].code} is not of this pool")


def _check_boards(ranges: _Ranges, body: Mapping[str, Any]) -> None:
    n = ranges.players
    tools = checks.seq(checks.need(body, "tools", "body.tools"), "body.tools", n)
    for s, row in enumerate(tools):
        checks.wholes(row, f"body.tools[{s}]", 0, TOOLBOXES, length=9)
    ivory = checks.seq(checks.need(body, "ivory", "body.ivory"), "body.ivory", n)
    for s, held in enumerate(ivory):
        for key, tile in checks.obj(held, f"body.ivory[{s}]").items():
            if key not in ("1", "2", "3"):
                raise checks.fail(f"body.ivory[{s}]", f"names level {key!r}; levels are 1-3")
            ranges.tile(tile, f"body.ivory[{s}][{key!r}]")
    blue = checks.seq(checks.need(body, "blue", "body.blue"), "body.blue", n)
    for s, held in enumerate(blue):
        for i, tile in enumerate(checks.seq(held, f"body.blue[{s}]", max_length=len(TILES))):
            ranges.tile(tile, f"body.blue[{s}][{i}]")
            if TILES[tile].colour != BLUE:
                raise checks.fail(f"body.blue[{s}][{i}]", f"tile {TILES[tile].code} is not blue")
    seen = body.get("blue_seen")
    if seen is not None:
        seen = checks.seq(seen, "body.blue_seen", n)
        for s, knowers in enumerate(seen):
            for i, mask in enumerate(checks.seq(knowers, f"body.blue_seen[{s}]")):
                ranges.seat_mask(mask, f"body.blue_seen[{s}][{i}]")
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


def _check_task(ranges: _Ranges, task: object, field: str) -> None:
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
            getattr(ranges, part)(value, where)


def _check_chance(ranges: _Ranges, event: object, field: str) -> None:
    items = checks.seq(event, field, max_length=4)
    kind = checks.text(items[0] if items else None, f"{field}[0]", ("colour", "reveal"))
    if kind == "colour":
        if len(items) != 2:
            raise checks.fail(field, "a 'colour' event names one temple")
        ranges.node(items[1], f"{field}[1]")
        return
    if len(items) != 4:
        raise checks.fail(field, "a 'reveal' event names a space, a level and who learns it")
    ranges.node(items[1], f"{field}[1]")
    ranges.level(items[2], f"{field}[2]")
    checks.whole(items[3], f"{field}[3]", 1, ranges.everyone)


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


def _check_history(ranges: _Ranges, event: object, field: str) -> None:
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
                ranges.node(node, f"{where}[{j}]")
        elif part == "optional_trail":
            ranges.optional(value, where, "trail")
        else:
            getattr(ranges, part)(value, where)


def check_position(state: RelicRunnersState) -> None:
    """Refuse a loaded position whose parts disagree in a way the rules cannot go on from."""
    kind = state._map.kind
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
        temple = kind[node] == "temple"
        if temple and (colour is None) != (node in pending_colours):
            raise StateFormatError(
                f"temple {NODE_IDS[node]} must have a colour, or a pending colour event, not both"
            )
        if kind[node] == "camp" and state._levels[node]:
            raise StateFormatError("the camp has no stack")
        if kind[node] != "camp" and len(state._levels[node]) > state._height:
            raise StateFormatError(f"levels[{node}] is higher than a stack")
        if state._relic_on[node] and (kind[node] == "camp" or state._levels[node]):
            raise StateFormatError(f"relic_on[{node}]: a relic lies only on an emptied shrine")
        for level, (tile, _) in state._fixed[node].items():
            if colour is None or TILES[tile].colour != colour or TILES[tile].level != level:
                raise StateFormatError(
                    f"fixed[{node}]: tile {TILES[tile].code} cannot lie at level {level} of a "
                    f"{'colourless' if colour is None else 'different'} temple"
                )
    _check_pools(state)
    reveals: set[tuple[int, int]] = set()
    coloured: set[int] = set()
    for event in state._chance:
        if event[0] == "colour":
            if kind[event[1]] != "temple":
                raise StateFormatError(f"a colour event names {NODE_IDS[event[1]]}, not a temple")
            if event[1] in coloured:
                raise checks.fail("body.chance", f"deals {NODE_IDS[event[1]]} a colour twice")
            coloured.add(event[1])
            continue
        _, node, level, _ = event
        colour = state._colour[node]
        if colour is None or level not in state._levels[node] or level in state._fixed[node]:
            raise StateFormatError(
                f"a reveal event names level {level} of {NODE_IDS[node]}, which has no hidden "
                "tile there"
            )
        if (node, level) in reveals:
            raise checks.fail("body.chance", f"reveals level {level} of {NODE_IDS[node]} twice")
        reveals.add((node, level))
    if state.is_over and (state._agenda or state._chance):
        raise StateFormatError("a finished game has no tasks or chance events left")
    if state._stage is SETUP:
        _check_setup_agenda(state)
    elif state._stage is not OVER:
        _check_turn_agenda(state)
        _check_route(state)
    _check_held(state)


def pool_needs(
    colours: Sequence[int | None],
    levels: Sequence[Sequence[int]],
    drawn: Sequence[Container[int]],
) -> list[int]:
    """Per pool (by ``data.pool_key``), the most face-down stack places that may draw from it.

    Those are the levels of each coloured temple whose tile is not drawn yet, and while
    the temples are still being dealt their colours, as many levels of the undealt
    temples as the colour has temples left to deal. Ruins draw no tiles.
    """
    needs = [0] * 9
    dealt = [0] * len(COLOURS)
    undealt = dict.fromkeys(LEVELS, 0)
    for node, colour in enumerate(colours):
        if node not in _TEMPLES:
            continue
        for level in levels[node]:
            if colour is None:
                undealt[level] += 1
            elif level not in drawn[node]:
                needs[pool_key(colour, level)] += 1
        if colour is not None:
            dealt[colour] += 1
    for colour, count in enumerate(dealt):
        left = max(0, TEMPLES_PER_COLOUR - count)
        for level, places in undealt.items():
            needs[pool_key(colour, level)] += min(left, places)
    return needs


_TEMPLES = frozenset(node for node, name in enumerate(NODE_IDS) if name.startswith("T"))


def _check_pools(state: RelicRunnersState) -> None:
    """Every face-down place must find a tile in its pool when it is drawn."""
    dealt = [sum(1 for colour in state._colour if colour == c) for c in range(len(COLOURS))]
    for c, count in enumerate(dealt):
        if count > TEMPLES_PER_COLOUR:
            raise checks.fail(
                "body.colour", f"deals {count} {COLOURS[c]} temples; the board has 4 of each"
            )
    needs = pool_needs(state._colour, state._levels, state._fixed)
    for key, need in enumerate(needs):
        have = len(state._pools[key])
        if have < need:
            raise checks.fail(
                f"body.pools[{key}]",
                f"holds {have} {COLOURS[key // 3]} level {key % 3 + 1} tiles, but {need} "
                "face-down stack places may draw from it",
            )


_SETUP_ONLY = frozenset({"begin", "setup-purples", "first-turn", "seat", "start"})
_TOP_ONLY = frozenset({"place", "lift", "keep", "pick", "target", "flip", "steps", "take"})
"""Tasks carried out as soon as they are made (a decision, or a take waiting only for its
tile to be drawn): each turn has at most one, on top of the agenda."""


def _check_setup_agenda(state: RelicRunnersState) -> None:
    """Set-up tasks: colours and purple tops, then the abilities' choices, seat by seat."""
    agenda = state._agenda
    kinds = [task.KIND for task in agenda]
    if any(event[0] == "colour" for event in state._chance) and kinds != [
        "begin",
        "setup-purples",
    ]:
        raise checks.fail("body.chance", "deals colours before the set-up's begin tasks run")
    if kinds in (["begin"], ["begin", "setup-purples"]):
        return
    if kinds[:1] != ["first-turn"]:
        raise checks.fail(
            "body.agenda",
            f"in set-up must be ['begin', 'setup-purples'], ['begin'] or 'first-turn' under "
            f"the abilities' choices, got {quote(kinds)}",
        )
    for i in range(1, len(agenda)):
        field = f"body.agenda[{i}]"
        task = agenda[i]
        if i % 2 == 0:
            if not isinstance(task, tasks.SetSeat):
                raise checks.fail(field, "must be a 'seat' task handing the choice below to a seat")
            continue
        above = agenda[i + 1] if i + 1 < len(agenda) else None
        seat = above.seat if isinstance(above, tasks.SetSeat) else state._seat
        board = state._boards[seat]
        if isinstance(task, tasks.Start) and board.ability == "head-start":
            continue
        if (
            isinstance(task, tasks.Place)
            and board.ability == "camp-pathway"
            and task == tasks.Place(CAMP, 0, 1, 0)
            and board.path_supply > 0
        ):
            continue
        raise checks.fail(
            field, f"is not the set-up choice of seat {seat}'s ability {quote(board.ability)}"
        )


def _check_turn_agenda(state: RelicRunnersState) -> None:
    agenda = state._agenda
    top = len(agenda) - 1
    for i, task in enumerate(agenda):
        field = f"body.agenda[{i}]"
        kind = task.KIND
        if kind in _SETUP_ONLY:
            raise checks.fail(field, f"is a {kind!r} task, which belongs to the set-up")
        if kind in ("end-turn", "after-move") and (state._stage is not POST or i != 0):
            raise checks.fail(field, f"is a {kind!r} task: it waits after the move, at the bottom")
        if kind == "after-move" and top != 0:
            raise checks.fail(field, "is an 'after-move' task: it runs at once, alone")
        on_top = agenda[top]
        relocation = isinstance(on_top, tasks.Place) and on_top.relocate
        if kind in _TOP_ONLY and i != top and not (kind == "lift" and i == top - 1 and relocation):
            raise checks.fail(field, f"is a {kind!r} task: it is carried out at once, on top")
        task.check_needs(_TASK_NEEDS, state, field)


class _TaskNeeds:
    """What each task needs of the position to be carried out (see :class:`tasks.TaskNeeds`:
    a task calls its own check; the rest need nothing)."""

    __slots__ = ()

    def place(self, state: RelicRunnersState, task: tasks.Place, field: str) -> None:
        if task.relocate and state._this_turn.lifted is None:
            raise checks.fail(field, "relocates a pathway, but none is lifted (body.lifted)")
        if not task.relocate and not state._boards[state._seat].path_supply:
            raise checks.fail(field, f"places a pathway, but seat {state._seat} has none in supply")

    def pick(self, state: RelicRunnersState, task: tasks.Pick, field: str) -> None:
        node = task.node
        if state._map.kind[node] != "temple" or state._colour[node] is None:
            raise checks.fail(field, f"picks a tile of {NODE_IDS[node]}, a {state._map.kind[node]}")
        if not state._levels[node]:
            raise checks.fail(field, f"picks a tile of {NODE_IDS[node]}, whose stack is empty")
        if task.offer_look and not state._has(state._seat, LOOK_THROUGH_TILE):
            raise checks.fail(
                field, f"offers 'use I2-b', but seat {state._seat} does not hold I2-b"
            )

    def take(self, state: RelicRunnersState, task: tasks.Take, field: str) -> None:
        node, level = task.node, task.level
        pending = any(
            event[1:3] == (node, level) for event in state._chance if event[0] == "reveal"
        )
        known = level in state._fixed[node] or pending
        if level not in state._levels[node] or not known or state._map.kind[node] != "temple":
            raise checks.fail(
                field, f"is a 'take' task naming level {level} of {NODE_IDS[node]}: no tile there"
            )

    def keep(self, state: RelicRunnersState, task: tasks.Keep, field: str) -> None:
        new = state._this_turn.new_tile
        if new is None or task.level not in state._boards[state._seat].ivory:
            raise checks.fail(field, "is a 'keep' task: it needs an ivory tile held and a new one")
        if TILES[new].level != task.level:
            raise checks.fail(field, "is a 'keep' task: the new tile must be of its level")

    def turn_up(self, state: RelicRunnersState, task: tasks.TurnUp, field: str) -> None:
        if state._colour[task.node] != PURPLE:
            raise checks.fail(
                field, f"turns up a tile of {NODE_IDS[task.node]}, not a purple temple"
            )


_TASK_NEEDS = _TaskNeeds()


def _check_held(state: RelicRunnersState) -> None:
    """A lifted pathway or a second ivory tile of a level waits for its decision on top."""
    top = state._agenda.top()
    if state._this_turn.lifted is not None and not (isinstance(top, tasks.Place) and top.relocate):
        raise checks.fail("body.lifted", "holds a pathway, but no task on top relocates it")
    if state._this_turn.new_tile is not None and not isinstance(top, tasks.Keep):
        raise checks.fail("body.new_tile", "holds a second ivory tile, but no keep task is on top")


def _check_route(state: RelicRunnersState) -> None:
    """The turn so far: its route walks the trails it used, and the move can go on."""
    turn = state._this_turn
    route = turn.route
    if len(route) != turn.moves + 1:
        raise checks.fail("body.route", f"must list the {turn.moves + 1} spaces of the move")
    walked = 0
    for a, b in pairwise(route):
        trail = state._map.board.trail_of_pair.get((min(a, b), max(a, b)))
        if trail is None or walked >> trail & 1:
            raise checks.fail("body.route", f"walks from {NODE_IDS[a]} to {NODE_IDS[b]} again")
        walked |= 1 << trail
    if walked != turn.used:
        raise checks.fail("body.used", "must be the trails the route walked")
    if not turn.moves and (turn.unexp or turn.fam_before):
        raise checks.fail("body.unexp", "and fam_before describe trails walked; none were")
    pos = state._boards[state._seat].pos
    if state._stage is MOVE and (route[-1] != pos or (turn.moves and pos == CAMP)):
        raise checks.fail("body.route", "must end where the explorer stands, away from the camp")
