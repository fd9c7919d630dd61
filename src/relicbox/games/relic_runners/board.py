"""The Relic Runners map: its data-file schema, loader and validator.

A board is a JSON/TOML object (the default map, §2.2, is ``BOARD`` in
:mod:`.board_data`, which says how to write it out as a template for your own)::

    {
      "name": "my printed board",          # optional, free text
      "nodes": {                           # exactly the 21 spaces below, by id
        "CAMP": {"type": "camp", "quadrant": "C", "xy": [50, 50]},
        "R1":   {"type": "ruin", "quadrant": "NE", "xy": [68, 40]},
        "T1":   {"type": "temple", "quadrant": "NE", "xy": [60, 31], "first": "blue"},
        ...
      },
      "trails": [                          # undirected: each pair of spaces at most once
        {"id": "E1", "a": "CAMP", "b": "R1", "kind": "jungle"},
        {"id": "E8", "a": "R1", "b": "T1", "kind": "river", "token": "TB1"},
        ...
      ]
    }

Rules of the schema, checked by :func:`load_board` with a message naming the fault:

* space ids are ``CAMP``, ``R1``..``R8`` (ruins) and ``T1``..``T12`` (temples): the
  fixed action space names spaces and trails by these ids, so any board can be
  played by the same bots and interfaces;
* ``type`` is ``camp``, ``ruin`` or ``temple`` and must match the id's letter;
* ``quadrant`` is any short text (the standard setup spreads temple colours over
  quadrants); ``xy`` are drawing coordinates, two numbers from 0 to 100 (x to the
  right, y downwards);
* every temple has a ``first`` colour (``ivory``, ``blue`` or ``purple``) for the
  first-game setup, four of each;
* trail ids are unique; a trail joins two different existing spaces; no pair of
  spaces is joined twice (in either direction), so trails are symmetric;
* ``kind`` is ``jungle`` or ``river``; exactly ten rivers, each with a toolbox
  ``token`` spot named ``TB1``..``TB10`` (each once); jungle trails have none;
* every space can be reached from the camp.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from relicbox.core.errors import ConfigurationError
from relicbox.games.relic_runners.board_data import BOARD

CAMP_ID = "CAMP"
RUIN_IDS = tuple(f"R{i}" for i in range(1, 9))
TEMPLE_IDS = tuple(f"T{i}" for i in range(1, 13))
NODE_IDS = (CAMP_ID, *RUIN_IDS, *TEMPLE_IDS)
"""Every space id in its fixed order; a space's index in this tuple is its number."""
TOKEN_IDS = tuple(f"TB{i}" for i in range(1, 11))
TEMPLE_COLOURS = ("ivory", "blue", "purple")
NODE_INDEX = {node: i for i, node in enumerate(NODE_IDS)}
CAMP = 0


def pair_name(a: int, b: int) -> str:
    """The canonical text of the trail between spaces ``a`` and ``b`` (lower number first)."""
    low, high = (a, b) if a < b else (b, a)
    return f"{NODE_IDS[low]}-{NODE_IDS[high]}"


@dataclass(frozen=True)
class Board:
    """A validated map, compiled to integer indices for the rules engine."""

    name: str
    node_type: tuple[str, ...]
    """``camp``, ``ruin`` or ``temple`` per space index."""
    quadrant: tuple[str, ...]
    xy: tuple[tuple[float, float], ...]
    first_colour: tuple[str | None, ...]
    trail_ids: tuple[str, ...]
    ends: tuple[tuple[int, int], ...]
    """Per trail index, its two spaces (lower index first)."""
    river: tuple[bool, ...]
    token: tuple[int | None, ...]
    """Per trail index, the toolbox token spot on it (0..9), if it is a river."""
    adjacent: tuple[tuple[tuple[int, int], ...], ...]
    """Per space, ``(trail, other space)`` pairs."""
    trail_of_pair: Mapping[tuple[int, int], int]

    @property
    def trails(self) -> int:
        return len(self.ends)

    def trail_name(self, trail: int) -> str:
        a, b = self.ends[trail]
        return pair_name(a, b)

    def neighbours(self, node: int) -> tuple[int, ...]:
        return tuple(other for _, other in self.adjacent[node])


def _fail(message: str) -> ConfigurationError:
    return ConfigurationError(f"invalid Relic Runners board: {message}")


def load_board(data: object) -> Board:
    """Validate a parsed board file and compile it; raises :class:`ConfigurationError`."""
    if not isinstance(data, Mapping):
        raise _fail("the top level must be an object with 'nodes' and 'trails'")
    nodes = data.get("nodes")
    trails = data.get("trails")
    if not isinstance(nodes, Mapping):
        raise _fail("'nodes' must be an object mapping space ids to spaces")
    if not isinstance(trails, list):
        raise _fail("'trails' must be a list of trails")
    types, quadrants, xys, firsts = _nodes(nodes)
    ids, ends, river, token = _trails(trails)
    adjacent: list[list[tuple[int, int]]] = [[] for _ in NODE_IDS]
    for trail, (a, b) in enumerate(ends):
        adjacent[a].append((trail, b))
        adjacent[b].append((trail, a))
    _check_connected(adjacent)
    name = data.get("name", "custom board")
    return Board(
        name=str(name),
        node_type=types,
        quadrant=quadrants,
        xy=xys,
        first_colour=firsts,
        trail_ids=ids,
        ends=ends,
        river=river,
        token=token,
        adjacent=tuple(tuple(sorted(links, key=lambda link: link[1])) for links in adjacent),
        trail_of_pair={pair: t for t, pair in enumerate(ends)},
    )


def _nodes(
    nodes: Mapping[str, Any],
) -> tuple[
    tuple[str, ...], tuple[str, ...], tuple[tuple[float, float], ...], tuple[str | None, ...]
]:
    unknown = sorted(set(nodes) - set(NODE_IDS))
    if unknown:
        raise _fail(
            f"unknown space id(s) {', '.join(map(str, unknown))}: ids are CAMP, R1..R8, T1..T12"
        )
    missing = [node for node in NODE_IDS if node not in nodes]
    if missing:
        raise _fail(
            f"space(s) {', '.join(missing)} missing: a board has the camp, 8 ruins and 12 temples"
        )
    types, quadrants, xys, firsts = [], [], [], []
    for node in NODE_IDS:
        space = nodes[node]
        if not isinstance(space, Mapping):
            raise _fail(f"space {node} must be an object")
        expected = "camp" if node == CAMP_ID else ("ruin" if node.startswith("R") else "temple")
        if space.get("type") != expected:
            raise _fail(f"space {node} must have type {expected!r}, got {space.get('type')!r}")
        quadrant = space.get("quadrant")
        if not isinstance(quadrant, str) or not quadrant:
            raise _fail(f"space {node} needs a 'quadrant' (text)")
        types.append(expected)
        quadrants.append(quadrant)
        xys.append(_xy(node, space.get("xy")))
        firsts.append(_first(node, expected, space.get("first")))
    for colour in TEMPLE_COLOURS:
        count = firsts.count(colour)
        if count != 4:
            raise _fail(f"the first-game layout needs 4 {colour} temples, got {count}")
    return tuple(types), tuple(quadrants), tuple(xys), tuple(firsts)


def _xy(node: str, value: object) -> tuple[float, float]:
    if (
        not isinstance(value, list | tuple)
        or len(value) != 2
        or not all(isinstance(v, int | float) and not isinstance(v, bool) for v in value)
    ):
        raise _fail(f"space {node} needs coordinates 'xy': [x, y] for drawing, got {value!r}")
    x, y = float(value[0]), float(value[1])
    if not (0 <= x <= 100 and 0 <= y <= 100):
        raise _fail(f"space {node} coordinates {value!r} must lie between 0 and 100")
    return (x, y)


def _first(node: str, kind: str, value: object) -> str | None:
    if kind != "temple":
        if value is not None:
            raise _fail(f"space {node} is not a temple and cannot have a first-game colour")
        return None
    if value not in TEMPLE_COLOURS:
        raise _fail(
            f"temple {node} needs a first-game colour 'first' (ivory, blue or purple), "
            f"got {value!r}"
        )
    return str(value)


def _trails(
    trails: list[Any],
) -> tuple[tuple[str, ...], tuple[tuple[int, int], ...], tuple[bool, ...], tuple[int | None, ...]]:
    ids: list[str] = []
    ends: list[tuple[int, int]] = []
    river: list[bool] = []
    token: list[int | None] = []
    seen_pairs: dict[tuple[int, int], str] = {}
    seen_tokens: dict[str, str] = {}
    for position, trail in enumerate(trails):
        if not isinstance(trail, Mapping):
            raise _fail(f"trail number {position + 1} must be an object")
        tid = trail.get("id")
        if not isinstance(tid, str) or not tid:
            raise _fail(f"trail number {position + 1} needs an 'id' (text)")
        if tid in ids:
            raise _fail(f"trail id {tid} is used twice")
        a, b = trail.get("a"), trail.get("b")
        for end in (a, b):
            if not isinstance(end, str) or end not in NODE_INDEX:
                raise _fail(f"trail {tid} joins unknown space {end!r}")
        ia, ib = NODE_INDEX[str(a)], NODE_INDEX[str(b)]
        if ia == ib:
            raise _fail(f"trail {tid} must join two different spaces, not {a} to itself")
        pair = (min(ia, ib), max(ia, ib))
        if pair in seen_pairs:
            raise _fail(
                f"trail {tid} joins {a} and {b}, which trail {seen_pairs[pair]} already joins "
                "(trails are two-way: list each pair once)"
            )
        seen_pairs[pair] = tid
        kind = trail.get("kind")
        if kind not in ("jungle", "river"):
            raise _fail(f"trail {tid} must be of kind 'jungle' or 'river', got {kind!r}")
        spot = trail.get("token")
        if kind == "river":
            if spot not in TOKEN_IDS:
                raise _fail(f"river {tid} needs a toolbox 'token' spot TB1..TB10, got {spot!r}")
            if spot in seen_tokens:
                raise _fail(f"toolbox spot {spot} is on both {seen_tokens[spot]} and {tid}")
            seen_tokens[str(spot)] = tid
        elif spot is not None:
            raise _fail(f"jungle trail {tid} cannot carry a toolbox token (only rivers do)")
        ids.append(tid)
        ends.append(pair)
        river.append(kind == "river")
        token.append(TOKEN_IDS.index(spot) if kind == "river" else None)
    if len(seen_tokens) != len(TOKEN_IDS):
        raise _fail(
            f"a board has 10 river trails with a toolbox spot, this one has {len(seen_tokens)}"
        )
    return tuple(ids), tuple(ends), tuple(river), tuple(token)


def _check_connected(adjacent: list[list[tuple[int, int]]]) -> None:
    reached = {0}
    frontier = [0]
    while frontier:
        node = frontier.pop()
        for _, other in adjacent[node]:
            if other not in reached:
                reached.add(other)
                frontier.append(other)
    cut_off = [NODE_IDS[i] for i in range(len(NODE_IDS)) if i not in reached]
    if cut_off:
        raise _fail(f"space(s) {', '.join(cut_off)} cannot be reached from the camp by any trail")


_DEFAULT: Board | None = None


def default_board() -> Board:
    """The spec's map, compiled once."""
    global _DEFAULT
    if _DEFAULT is None:
        _DEFAULT = load_board(BOARD)
    return _DEFAULT
