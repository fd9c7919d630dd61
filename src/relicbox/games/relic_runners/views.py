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

import sys
from collections.abc import Callable, Sequence
from itertools import chain, compress
from operator import attrgetter, is_not, ne
from typing import Any, Literal, Required, TypedDict, TypeVar, cast

from relicbox.core.history import FrozenDict, FrozenList, History, frozen
from relicbox.games.relic_runners import tasks
from relicbox.games.relic_runners.board import NODE_IDS, TOKEN_IDS
from relicbox.games.relic_runners.data import (
    COLOURS,
    EXPLORER_COLOURS,
    RELIC_COLOURS,
    RELICS_TO_END,
    TILES,
)
from relicbox.games.relic_runners.lookups import CompiledBoard
from relicbox.games.relic_runners.movement import bits
from relicbox.games.relic_runners.parts import (
    ALL_SEATS,
    MAX_SEATS,
    PlayerBoard,
    Stage,
    tool_slot,
)
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
    """Toolboxes in the reserve, on the start row, and per branch at levels 1, 2 and 3."""

    reserve: int
    start: int
    machete: list[int]
    compass: list[int]
    shovel: list[int]


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
    rations: list[int]
    """Each seat's rations."""
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
    """The view of ``seat`` (``None``: a spectator), at a cost that does not grow with the game.

    It writes nothing to the state. Spaces, trails, players' boards and the history
    change with few decisions, so their read-only entries
    (:class:`~relicbox.core.history.FrozenDict`, :class:`~relicbox.core.history.FrozenList`)
    are kept beside the state, in a :class:`ViewCache` (see :data:`_OWN`), with copies of
    what they were built from; the rest is worked out anew each time. The events added
    to the history since the last view tell which boards, explorers and trails to compare
    with those copies (see :func:`changes`); the spaces are compared every time. A seat's
    secrets (its coins, its blue tiles, the tiles it looked at) go only into entries kept
    for that seat.
    """
    if seat is not None and not (type(seat) is int and 0 <= seat < state.players):
        state._require_seat(seat, "view")
    history = state._history
    cache = _OWN.get(id(history))
    if cache is not None and cache.history is history:
        changes = cache.catch_up(history)
    else:
        cache, changes = _new_cache(state), _EVERYTHING
    over = state._stage is _OVER
    if over is not cache.over:
        cache.reset_boards(over)
        changes = -1
    # The seat whose turn it is moves, pays rations and lifts pathways before any event
    # tells, or with none: its explorer, rations and pathways are looked at in every
    # view, and once more at the next (its turn may have ended since); other seats' when
    # an event names them (a seat's turn begins with one).
    current = 1 << state._seat
    looked_at = (changes >> _NAMED_SHIFT | current | cache.current) & cache.seat_mask
    cache.current = current
    # one name a line: four names at once would build and unpack a tuple at every view
    boards = state._boards
    positions = cache.positions
    explorer_ids = cache.explorer_ids
    rations = cache.ration_counts
    paths = cache.paths
    moved = fed = False
    paths_changed = 0
    for s in _SEATS_IN[looked_at]:
        board = boards[s]
        if board.pos != positions[s]:
            positions[s] = board.pos
            explorer_ids[s] = NODE_IDS[board.pos]
            moved = True
        if board.rations != rations[s]:
            rations[s] = board.rations
            fed = True
        if board.paths != paths[s]:
            paths_changed |= 1 << s
    if moved:
        cache.explorers = FrozenList(explorer_ids)
    if fed:
        cache.rations = FrozenList(rations)
    if paths_changed or (changes & _TOKENS and state._tokens != cache.tokens):
        cache.new_trails(state, paths_changed)
    if (
        state._levels != cache.levels
        or state._fixed != cache.fixed
        or state._colour != cache.colour
        or state._relic_on != cache.relic_on
    ):
        cache.new_spaces(state)
    view = cache.head.copy()  # all the view's keys, in order
    view["seat"] = seat
    view["turn"] = state._turn
    view["current"] = state._seat
    view["to_act"] = list(state.to_act)
    view["phase"] = state.phase
    view["decision"] = _decision(state, seat)
    spaces = cache.spaces_by_seat.get(seat)
    view["spaces"] = cache.spaces_for(seat) if spaces is None else spaces
    view["trails"] = cache.trail_list
    view["tokens_up"] = cache.tokens_up
    view["seats"] = cache.seats(state, seat, (changes | paths_changed) & cache.seat_mask)
    view["explorers"] = cache.explorers
    view["rations"] = cache.rations
    view["camp_rations"] = state._supply
    view["relics_collected"] = state._collected
    view["final_round"] = state._final_seat is not None
    view["final_seat"] = state._final_seat
    view["extra_turn"] = state._extra
    view["truncated"] = state._truncated
    view["this_turn"] = _this_turn(state, cache.geometry)
    view["history"] = cache.history_list
    if over:
        view["ended_by"] = _ended_by(state)
        view["scores"] = state.scores()
        view["score_parts"] = [
            cast(ScorePartsView, state.score_parts(s)) for s in range(state.players)
        ]
        view["winners"] = state.winners()
    return view


_OVER = Stage.OVER
_SEATS_IN = tuple(tuple(bits(mask)) for mask in range(ALL_SEATS + 1))
"""The seats of each mask of seat bits, worked out once."""


class _Geometry:
    """A board's spaces' and trails' fixed view entries, worked out once per board."""

    __slots__ = (
        "bare_trails",
        "compiled_board",
        "space_heads",
        "space_memo",
        "token_trails",
        "trail_heads",
        "trail_lists",
        "trail_memo",
    )

    def __init__(self, compiled: CompiledBoard) -> None:
        self.compiled_board = compiled  # kept so that its id is not reused while this is cached
        board = compiled.board
        self.space_heads = tuple(
            (
                NODE_IDS[node],
                compiled.kind[node],
                board.quadrant[node],
                FrozenList(board.xy[node]),
            )
            for node in range(len(NODE_IDS))
        )
        self.trail_heads = tuple(
            (
                board.trail_name(t),
                board.trail_ids[t],
                NODE_IDS[compiled.ends[t][0]],
                NODE_IDS[compiled.ends[t][1]],
                compiled.token[t],
            )
            for t in range(compiled.trails)
        )
        self.trail_lists: dict[int, FrozenList] = {0: FrozenList()}
        """The ids of the trails of a bit mask, as the masks come up (see :func:`_trail_list`)."""
        self.token_trails = tuple(
            tuple(t for t in range(compiled.trails) if compiled.token[t] == k) for k in range(10)
        )
        """Per toolbox token, the trails it lies on."""
        self.trail_memo: dict[int, FrozenDict] = {}
        """Trail entries by :func:`_trail_key`: a trail's few states recur from game to game
        (at most trails x 3 token states x 32 seat sets)."""
        self.bare_trails: dict[tuple[bool, ...], list[FrozenDict]] = {}
        """Every trail's entry before any pathway is placed, by the tokens' faces."""
        self.space_memo: dict[tuple[Any, ...], FrozenDict] = {}
        """Spaces' public entries by what they show (see :func:`_space_key`)."""


_GEOMETRIES: dict[int, _Geometry] = {}


def _geometry(compiled: CompiledBoard) -> _Geometry:
    found = _GEOMETRIES.get(id(compiled))
    if found is None or found.compiled_board is not compiled:
        if len(_GEOMETRIES) >= 64:
            _GEOMETRIES.clear()  # a bounded memo, as the compiled boards are
        found = _GEOMETRIES[id(compiled)] = _Geometry(compiled)
    return found


_NOTHING_SEEN = FrozenDict()
_NODES = range(len(NODE_IDS))


# -- where each state's cache is kept ----------------------------------------------------

_OWN: dict[int, ViewCache] = {}
"""Each viewed state's cache, by the identity of the state's history: every state has a
History of its own, only ever appended to, and the cache keeps it (so its id is not
reused while the entry lasts)."""
_LAST_SEEN: dict[int, tuple[tuple[Any, ...], int, ViewCache]] = {}
"""By the identity of the event a cache had last converted: (that event, its place in
the history, the cache). A clone's history holds its original's very events, so a clone
finds the cache of its original there and starts from a copy of it."""
_EVERYTHING = -1
"""Every seat's board, as :func:`changes` says for an event it does not know."""
_OWN_LIMIT = 64
_LAST_SEEN_LIMIT = 512
"""Bounds, as for the memos: a search's thousands of short-lived clones must not pile
up caches (a state whose cache was dropped finds it again through its own events)."""
_MARK_EVERY = 3
"""A cache notes its last event in :data:`_LAST_SEEN` once every 2**3 events (and when
it is made): a note at every view would cost a tenth of the view."""
_REACH = 64
"""How many of its latest events a state without a cache looks through for a cache of
its original: a clone is usually viewed within a few decisions of being made, and its
original noted an event at most 2**:data:`_MARK_EVERY` before."""


def _new_cache(state: RelicRunnersState) -> ViewCache:
    """A cache for a state that has none: a copy of its original's if it is a clone of a
    state viewed lately, else a new one; its history brought up to date."""
    history = state._history
    found = _original(history)
    if found is not None and found[0].fits(state):
        cache = ViewCache(state, *found)
    else:
        cache = ViewCache(state)
    _forget_gone()
    if len(_OWN) >= _OWN_LIMIT:
        _OWN.clear()
    _OWN[id(history)] = cache
    cache.catch_up(history)
    if cache.history_list is _STALE:
        cache.history_list = FrozenList(cache.history_plain)
    cache.mark()
    return cache


def _forget_gone() -> None:
    """Drop the caches of the states that are gone (a finished game, a search's spent
    clone): a cache holds the only other reference to its state's history, so once the
    state is gone that history is held by the cache alone. Kept, a gone state's history
    and entries would stay in memory, and the collector would walk them, until the
    bounds below were reached."""
    if _GETREFCOUNT is None:
        return
    held_once = _HELD_ONCE
    # A snapshot, and pops that tolerate a key already gone: threads (a server's bots,
    # a review) make views of their own states side by side and share these tables.
    caches = list(_OWN.items())
    gone = [key for key, cache in caches if _GETREFCOUNT(cache.history) <= held_once]
    for key in gone:
        cache = _OWN.pop(key, None)
        if cache is None:
            continue
        for event_id in cache.marks:
            noted = _LAST_SEEN.get(event_id)
            if noted is not None and noted[2] is cache:
                _LAST_SEEN.pop(event_id, None)


_GETREFCOUNT: Callable[[Any], int] | None = getattr(sys, "getrefcount", None)
"""Counts references where the interpreter does (CPython); elsewhere gone states' caches
wait for the bounds."""


class _Holder:
    __slots__ = ("held",)

    def __init__(self) -> None:
        self.held = object()


def _held_once() -> int:
    """What :data:`_GETREFCOUNT` says of an object that one slot holds, read from that slot
    as :func:`_forget_gone` reads a cache's history (interpreters differ in whether the
    reference being passed counts)."""
    if _GETREFCOUNT is None:
        return 0
    holder = _Holder()
    return _GETREFCOUNT(holder.held)


_HELD_ONCE = _held_once()


def _original(history: History[tuple[Any, ...]]) -> tuple[ViewCache, int] | None:
    """A cache that converted the first events of ``history`` (those up to a point a
    clone shares with its original), and how many."""
    size = len(history)
    start = max(0, size - _REACH)
    recent = history.since(start)
    for at in range(len(recent) - 1, -1, -1):
        event = recent[at]
        found = _LAST_SEEN.get(id(event))
        if found is not None and found[0] is event and found[1] == start + at:
            return found[2], start + at + 1
    return None


_STALE = FrozenList()
"""A history list still to be made (see :meth:`ViewCache.__init__`)."""
_HISTORY_SLOTS = frozenset({"history", "history_plain", "history_list", "marks"})


class ViewCache:
    """The read-only parts of one state's views and what each was built from.

    Kept beside the state (see :data:`_OWN`), never in it: a view compares with the
    copies kept here the spaces, and the boards, explorers, rations, pathways and tokens
    that the new events may have changed (see :func:`build_view`), and rebuilds only the
    entries that differ.
    """

    __slots__ = (
        "coins",
        "colour",
        "current",
        "explorer_ids",
        "explorers",
        "fixed",
        "geometry",
        "head",
        "held",
        "history",
        "history_list",
        "history_plain",
        "levels",
        "marks",
        "node_secrets",
        "over",
        "paths",
        "positions",
        "public_spaces",
        "ration_counts",
        "rations",
        "relic_on",
        "seat_entries",
        "seat_lists",
        "seat_mask",
        "seat_parts",
        "secrets",
        "shown",
        "spaces_by_seat",
        "tokens",
        "tokens_up",
        "trail_entries",
        "trail_list",
        "versions",
    )

    history: History[tuple[Any, ...]]
    """The history of the state this cache belongs to."""
    history_plain: list[FrozenDict]
    """Its events converted so far, in a plain list of the cache's own: a list is copied
    into a new read-only one at memory speed, a read-only one item by item."""
    history_list: FrozenList
    marks: list[int]
    """The events this cache noted in :data:`_LAST_SEEN`, by identity (see :meth:`mark`)."""
    geometry: _Geometry
    head: RelicRunnersView
    """The view's keys in order, with the values that stay for the whole game."""
    # what the spaces were built from, the spectator's entries, the tiles some seats
    # looked at (space, level, tile, who knows it) and the entries by seat
    colour: list[Any]
    levels: list[Any]
    fixed: list[Any]
    relic_on: list[Any]
    public_spaces: list[FrozenDict]
    node_secrets: list[tuple[tuple[int, int, int, int], ...]]
    secrets: tuple[tuple[int, int, int, int], ...]
    spaces_by_seat: dict[int | None, FrozenList]
    # what the trails were built from, and their entries
    tokens: list[bool | None]
    seat_mask: int
    """A bit for each seat of the game."""
    paths: list[int]
    trail_entries: list[FrozenDict]
    """The trails' entries in a plain list of the cache's own (copied at memory speed)."""
    trail_list: FrozenList
    tokens_up: FrozenList
    current: int
    """The bit of the seat whose turn it was at the last view."""
    # each explorer's space and each seat's rations, as read and as shown
    positions: list[int]
    explorer_ids: list[str | None]
    ration_counts: list[int]
    explorers: FrozenList
    rations: FrozenList
    # the players' boards (see reset_boards)
    over: bool
    shown: list[int] | None
    held: list[tuple[Any, ...] | None]
    """Per seat, a copy of its board's holdings that its entries were built from."""
    coins: list[int]
    """Per seat, its coins when its entries were built."""
    versions: list[int]
    """Per seat, how many times its entries were dropped."""
    seat_parts: list[SeatParts | None]
    seat_entries: list[dict[int | None, FrozenDict]]
    """Per seat, its entry by the seat looking (-1: any seat that saw none of its blue
    tiles)."""
    seat_lists: dict[int | None, tuple[list[int], FrozenList, list[FrozenDict]]]
    """Per looker, every seat's entry, at the versions given."""

    def __init__(
        self, state: RelicRunnersState, original: ViewCache | None = None, shared: int = 0
    ) -> None:
        """A cache for ``state``: empty, or a copy of its original's with the first
        ``shared`` events (those the two histories share)."""
        self.marks = []
        if original is not None:
            self._copy(original)
            self.history = state._history
            self.history_plain = original.history_plain[:shared]
            same = shared == len(original.history_plain)
            # a long history is copied once, by catch_up, if it has new events
            self.history_list = original.history_list if same else _STALE
            return
        self.history = state._history
        self.history_plain = []
        self.history_list = FrozenList()
        self.geometry = _geometry(state._map)
        settings = state.settings
        head: dict[str, Any] = dict.fromkeys(RelicRunnersView.__annotations__)
        self.head = cast(RelicRunnersView, head)
        head.update(
            game="relic-runners",
            players=state.players,
            setup=settings.setup,
            shovel3=settings.shovel3,
            abilities=settings.abilities,
            board=state._map.board.name,
            relics_to_end=RELICS_TO_END[state.players],
        )
        nodes = len(NODE_IDS)
        self.colour = [-1] * nodes  # no colour: every space is built at the first view
        self.levels = [None] * nodes
        self.fixed = [None] * nodes
        self.relic_on = [None] * nodes
        self.public_spaces = [_NOTHING_SEEN] * nodes
        self.node_secrets = [()] * nodes
        self.secrets = ()
        self.spaces_by_seat = {}
        self.tokens = [None] * 10
        players = state.players
        self.paths = [-1] * players
        self.seat_mask = (1 << players) - 1
        self.trail_entries = []
        self.trail_list = FrozenList()
        self.tokens_up = FrozenList()
        self.positions = [-1] * players  # on no space: the first view builds both lists
        self.explorer_ids = [None] * players
        self.ration_counts = [-1] * players
        self.current = 0
        self.explorers = self.rations = FrozenList()
        self.reset_boards(state._stage is _OVER)

    def _copy(self, original: ViewCache) -> None:
        for name in ViewCache.__slots__:
            if name not in _HISTORY_SLOTS:
                value = getattr(original, name)
                setattr(self, name, value.copy() if type(value) in (list, dict) else value)
        self.seat_entries = [dict(entries) for entries in original.seat_entries]
        self.seat_lists = {
            looker: (versions.copy(), seat_list, entries.copy())
            for looker, (versions, seat_list, entries) in original.seat_lists.items()
        }

    def fits(self, state: RelicRunnersState) -> bool:
        """Whether this cache was made for a state of the same game and board."""
        return (
            self.geometry.compiled_board is state._map
            and len(self.paths) == state.players
            and self.head["setup"] == state.settings.setup
            and self.head["shovel3"] == state.settings.shovel3
            and self.head["abilities"] == state.settings.abilities
        )

    def reset_boards(self, over: bool) -> None:
        """Forget every board's entries: the end of the game shows every secret."""
        self.over = over
        players = len(self.paths)
        self.shown = None
        self.held = [None] * players
        self.coins = [-1] * players
        self.versions = [0] * players
        self.seat_parts = [None] * players
        self.seat_entries = [{} for _ in range(players)]
        self.seat_lists = {}

    # -- history -----------------------------------------------------------------------

    def catch_up(self, history: History[tuple[Any, ...]]) -> int:
        """Convert the events added since the last view; what they may have changed
        (see :func:`changes`)."""
        plain = self.history_plain
        new = history.since(len(plain))
        if not new:
            return 0
        before = len(plain)
        found = 0  # changes(new), inlined in the same loop: a view asks at almost every decision
        for event in new:  # a call from a loop costs less than one from map()
            plain.append(_frozen_event(event))
            try:
                found |= _CHANGED[event[0]].get(event[1], -1)
            except (KeyError, IndexError, TypeError):  # as changes() says: every bit
                found = -1
        self.history_list = FrozenList(plain)
        if (before - 1) >> _MARK_EVERY != (before + len(new) - 1) >> _MARK_EVERY:
            self.mark(new[-1])
        return found

    def mark(self, last: tuple[Any, ...] | None = None) -> None:
        """Note the history's last event (``last``, when the caller has it at hand) as
        converted here, for the state's clones (see :data:`_LAST_SEEN`)."""
        plain = self.history_plain
        if plain:
            if last is None:
                last = self.history[len(plain) - 1]
            # An event of one field is the same constant tuple in every game: no mark of
            # a history of its own.
            if len(last) > 1:
                if len(_LAST_SEEN) >= _LAST_SEEN_LIMIT:
                    _LAST_SEEN.clear()
                _LAST_SEEN[id(last)] = (last, len(plain) - 1, self)
                self.marks.append(id(last))

    # -- spaces ------------------------------------------------------------------------

    def new_spaces(self, state: RelicRunnersState) -> None:
        """Rebuild the entries of the spaces that changed."""
        levels = state._levels
        fixed = state._fixed
        colour = state._colour
        relic_on = state._relic_on
        tiles: set[int] = set()
        if levels != self.levels:
            tiles.update(compress(_NODES, map(is_not, levels, self.levels)))
            self.levels = levels.copy()
        if fixed != self.fixed:
            tiles.update(compress(_NODES, map(is_not, fixed, self.fixed)))
            self.fixed = fixed.copy()
        elif tiles:
            # A stack that lost a tile gets a new table of drawn tiles, often equal to
            # the old: kept, it lets later views compare the same objects, not two dicts.
            self.fixed = fixed.copy()
        faces: set[int] = set()
        if colour != self.colour:
            faces.update(compress(_NODES, map(ne, colour, self.colour)))
            self.colour = colour.copy()
        if relic_on != self.relic_on:
            faces.update(compress(_NODES, map(ne, relic_on, self.relic_on)))
            self.relic_on = relic_on.copy()
        if tiles or faces:
            self._new_spaces(state, tiles, faces)

    def _new_spaces(self, state: RelicRunnersState, tiles: set[int], faces: set[int]) -> None:
        """Rebuild the entries of the spaces whose stacks or drawn tiles (``tiles``) or
        colour or relic (``faces``) changed."""
        heads, memo = self.geometry.space_heads, self.geometry.space_memo
        everyone = (1 << state.players) - 1
        entries = self.public_spaces
        secrets_changed = False
        for node in tiles:
            fixed = state._fixed[node]
            if fixed or self.node_secrets[node]:  # most stacks hold no known tile
                levels = state._levels[node]
                self.node_secrets[node] = tuple(
                    (node, level, tile, knower)
                    for level, (tile, knower) in fixed.items()
                    if not (knower == everyone and levels and level == levels[-1])
                )
                secrets_changed = True
        for node in tiles | faces:
            key = _space_key(state, node, everyone)
            entries[node] = _memoized(memo, key, _space, heads[node])
        if secrets_changed:
            self.secrets = tuple(chain.from_iterable(self.node_secrets))
        self.spaces_by_seat = {}

    def spaces_for(self, seat: int | None) -> FrozenList:
        """The spaces with what ``seat`` looked at (none for a spectator)."""
        found = self.spaces_by_seat[seat] = self._spaces_for(seat)
        return found

    def _spaces_for(self, seat: int | None) -> FrozenList:
        entries = self.public_spaces
        if seat is None or not self.secrets:
            return FrozenList(entries)
        seen: dict[int, dict[str, str]] = {}
        for node, level, tile, knower in self.secrets:
            if knower >> seat & 1:
                seen.setdefault(node, {})[str(level)] = TILES[tile].code
        if not seen:
            return FrozenList(entries)
        own = list(entries)
        for node, tiles in seen.items():
            own[node] = FrozenDict({**entries[node], "seen": FrozenDict(tiles)})
        return FrozenList(own)

    # -- trails ------------------------------------------------------------------------

    def new_trails(self, state: RelicRunnersState, seats: int) -> None:
        """Rebuild the entries of the trails whose pathways (those of ``seats``, bits) or
        toolbox token changed."""
        paths = self.paths.copy()
        for s in _SEATS_IN[seats]:
            paths[s] = state._boards[s].paths
        self._new_trails(state, paths)

    def _new_trails(self, state: RelicRunnersState, paths: list[int]) -> None:
        tokens = state._tokens
        geometry = self.geometry
        trails = range(len(geometry.trail_heads))
        entries = self.trail_entries
        if len(entries) != len(trails):
            if not any(paths):
                self._bare_trails(tokens)
                self.paths = paths
                return
            changed: Any = trails
            entries = self.trail_entries = [_NOTHING_SEEN] * len(trails)
        else:
            mask = 0
            for old, new in zip(self.paths, paths, strict=True):
                mask |= old ^ new
            changed = set(bits(mask))
        if tokens != self.tokens:
            for k in range(10):
                if tokens[k] != self.tokens[k]:
                    changed = {*changed, *geometry.token_trails[k]}
            self._note_tokens(tokens)
        for t in changed:
            entries[t] = _trail_entry(geometry, t, tokens, paths)
        self.trail_list = FrozenList(entries)
        self.paths = paths

    def _bare_trails(self, tokens: list[bool]) -> None:
        """Every trail's entry while no pathway lies anywhere, as at the start of a game."""
        geometry = self.geometry
        entries = _memoized(geometry.bare_trails, tuple(tokens), _bare_row, geometry)
        self.trail_entries = entries.copy()
        self.trail_list = FrozenList(entries)
        self._note_tokens(tokens)

    def _note_tokens(self, tokens: list[bool]) -> None:
        self.tokens_up = FrozenList([TOKEN_IDS[k] for k in range(10) if tokens[k]])
        self.tokens = list(tokens)

    # -- explorers and rations ---------------------------------------------------------

    # -- players' boards ---------------------------------------------------------------

    def seats(self, state: RelicRunnersState, looker: int | None, check: int) -> FrozenList:
        """Every board's entry for ``looker``, after comparing the boards of ``check``
        (bits of seats) with what their entries were built from."""
        if check:
            self._check_boards(state, check)
        versions = self.versions
        found = self.seat_lists.get(looker)
        if found is not None and found[0] == versions:
            return found[1]
        if found is None:
            entries = [self._seat_entry(state, s, looker) for s in range(len(versions))]
        else:
            built_at, _, entries = found
            for s, version in enumerate(versions):
                if built_at[s] != version:
                    entries[s] = self._seat_entry(state, s, looker)
        seat_list = FrozenList(entries)
        self.seat_lists[looker] = (versions.copy(), seat_list, entries)
        return seat_list

    def _check_boards(self, state: RelicRunnersState, check: int) -> None:
        """Drop the entries of the boards of ``check`` whose holdings or coins changed,
        keeping every part whose holdings did not change."""
        if state._shown != self.shown:  # a shown blue tile is in every seat's entries
            self.reset_boards(self.over)
            self.shown = state._shown.copy()
            check = self.seat_mask
        boards = state._boards
        for s in _SEATS_IN[check]:
            board = boards[s]
            now = _HOLDINGS(board)
            before = self.held[s]
            if now != before:
                parts = self.seat_parts[s]
                if parts is not None and before is not None:
                    self.seat_parts[s] = _seat_parts(state, s, self.geometry, (parts, before))
                self.held[s] = (
                    *now[:_CONTAINERS],
                    *(container.copy() for container in now[_CONTAINERS:]),
                )
            elif board.coins == self.coins[s]:
                continue
            self.coins[s] = board.coins
            self.seat_entries[s] = {}
            self.versions[s] += 1

    def _seat_entry(self, state: RelicRunnersState, s: int, looker: int | None) -> FrozenDict:
        sees_all = self.over or looker == s
        parts = self.seat_parts[s]
        if parts is None:
            parts = self.seat_parts[s] = _seat_parts(state, s, self.geometry)
        # Every other seat sees the same entry unless it looked at one of the blue tiles.
        saw_blue = looker is not None and parts[0] >> looker & 1
        key = looker if sees_all or saw_blue else -1
        entries = self.seat_entries[s]
        found = entries.get(key)
        if found is None:
            found = entries[key] = _seat_entry(state, s, looker, sees_all, parts)
        return found


_HOLDINGS = attrgetter(
    "paths",
    "path_supply",
    "reserve",
    "start_row",
    "ability",
    "tools",
    "relics",
    "blue",
    "blue_seen",
    "ivory",
)
"""What a player board's view entries are built from, but its explorer's place, rations
and coins."""
_CONTAINERS = 5
"""The holdings from this one on are lists and dicts, changed in place."""


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


def _frozen_event(event: tuple[Any, ...]) -> FrozenDict:
    """``frozen(event_json(event))``, built in one pass: every event is converted once.

    Most events are a few small numbers (a turn begins, a turn ends, a toolbox steps up)
    that recur from game to game, so their read-only entries are kept and handed out
    again; the entries are public and cannot be changed, so any view may share them.
    """
    if type(event) is tuple:
        try:
            found = _RECURRING.get(event)
        except TypeError:  # a list inside, as a hand-written body may hold
            return _any_frozen_event(event)
        if found is not None:
            return found
        convert = _EVENT_CONVERTERS.get(event[0])
        if convert is not None:
            found = convert(event)
            if event[0] in _RECURRING_KINDS:
                if len(_RECURRING) >= _RECURRING_LIMIT:
                    _RECURRING.clear()
                _RECURRING[event] = found
            return found
    return _any_frozen_event(event)


def _any_frozen_event(event: tuple[Any, ...]) -> FrozenDict:
    """:func:`_frozen_event` for any event: a list (as a loaded body may hold), one of an
    unknown kind, or one with fewer or more fields than its kind lists."""
    kind = event[0]
    if type(event) is tuple:  # as the rules write it: numbers and text, route and tokens
        keys, translated = _EVENT_KEYS.get(kind, _JUST_TYPE)
        out: dict[str, Any] = dict(zip(keys, event, strict=False))
        for name in translated:
            if name in out:
                out[name] = _FROZEN_FIELDS[name](out[name])
        return FrozenDict(out)
    out = {"type": kind}
    for name, value in zip(_EVENT_FIELDS.get(kind, ()), event[1:], strict=False):
        convert = _FROZEN_FIELDS.get(name)
        if convert is not None:
            out[name] = convert(value)
        elif type(value) is list or type(value) is dict:  # as a loaded body may hold
            out[name] = frozen(value)
        else:
            out[name] = value
    return FrozenDict(out)


SpaceKey = tuple[int, int | None, tuple[int, ...], int | None, int | None]
"""What a space's public entry shows: the space, its colour, its stack's levels, the
face-up top tile and the relic on it."""


def _space_key(state: RelicRunnersState, node: int, everyone: int) -> SpaceKey:
    levels = state._levels[node]
    top = None
    if levels:
        drawn = state._fixed[node].get(levels[-1])
        if drawn is not None and drawn[1] == everyone:
            top = drawn[0]
    relic = state._relic_colour(node) if state._relic_on[node] else None
    return node, state._colour[node], levels, top, relic


def _space(key: SpaceKey, head: tuple[Any, ...]) -> FrozenDict:
    """A space's entry as a spectator sees it (``seen`` is added per seat)."""
    _, colour, levels, top, relic = key
    kind = head[1]
    return FrozenDict(
        {
            "id": head[0],
            "type": kind,
            "colour": None if colour is None else COLOURS[colour],
            "quadrant": head[2],
            "xy": head[3],
            "levels": FrozenList(levels),
            "top": None if top is None else TILES[top].code,
            "seen": _NOTHING_SEEN,
            "shrine": kind != "camp" and not levels,
            "relic": None if relic is None else RELIC_COLOURS[relic],
        }
    )


def _trail_entry(geometry: _Geometry, t: int, tokens: list[bool], paths: list[int]) -> FrozenDict:
    head = geometry.trail_heads[t]
    return _memoized(geometry.trail_memo, _trail_key(t, head[4], tokens, paths), _trail, head)


def _trail_key(t: int, token: int | None, tokens: list[bool], paths: list[int]) -> int:
    """What a trail's entry shows, as one number: the trail, its token's face (none, down
    or up) and the seats with a pathway on it."""
    on = 0
    bit = 1 << t
    for s, mask in enumerate(paths):
        if mask & bit:
            on |= 1 << s
    face = 0 if token is None else 2 if tokens[token] else 1
    return (t << _SEAT_BITS | on) << 2 | face


def _bare_row(faces: tuple[bool, ...], geometry: _Geometry) -> list[FrozenDict]:
    tokens = list(faces)
    return [_trail_entry(geometry, t, tokens, [0]) for t in range(len(geometry.trail_heads))]


def _trail(key: int, head: tuple[Any, ...]) -> FrozenDict:
    name, board_name, a, b, token = head
    face = key & 3
    return FrozenDict(
        {
            "id": name,
            "name": board_name,
            "a": a,
            "b": b,
            "river": token is not None,
            "token": None if token is None else TOKEN_IDS[token],
            "token_up": None if face == 0 else face == 2,
            "pathways": _SEAT_LISTS[key >> 2 & ALL_SEATS],
        }
    )


_SEAT_BITS = ALL_SEATS.bit_length()
_SEAT_LISTS = tuple(FrozenList(bits(mask)) for mask in range(ALL_SEATS + 1))
"""The seats of each mask of seat bits as read-only lists, which entries share."""


SeatParts = tuple[
    int,
    FrozenList,
    FrozenDict,
    FrozenList,
    FrozenList,
    FrozenList,
    FrozenDict,
    dict[int | None, FrozenList],
]
"""A board's parts that no seat's view of it changes: (the seats that looked at one of its
blue tiles, pathways, toolboxes, ivory, blue levels, every blue tile, relics), and the blue
tiles known to each other seat, filled in as asked."""


def _seat_parts(
    state: RelicRunnersState,
    s: int,
    geometry: _Geometry,
    reuse: tuple[SeatParts, tuple[Any, ...]] | None = None,
) -> SeatParts:
    """A board's parts; ``reuse`` (parts and the holdings they were built from) keeps
    every part whose holdings did not change, since a change touches one or two. Parts
    are read-only and public, and boards pass through the same few states from game to
    game, so each part is also shared through a memo by the holdings it shows."""
    board = state._boards[s]
    old, held = reuse if reuse is not None else (None, _NO_HOLDINGS)
    tools, ivory = board.tools, board.ivory
    pathways = old[1] if old and held[0] == board.paths else _trail_list(geometry, board.paths)
    if old and held[2:4] == (board.reserve, board.start_row) and held[5] == tools:
        toolboxes = old[2]
    else:
        toolboxes = _shared(("toolboxes", board.reserve, board.start_row, *tools), _toolboxes)
    if old and held[9] == ivory:
        ivory_codes = old[3]
    else:
        ivory_codes = _shared(("ivory", *[ivory[level] for level in sorted(ivory)]), _codes)
    if old and held[6] == board.relics:
        relics = old[6]
    else:
        relics = _shared(("relics", *board.relics), _relics)
    if old and held[7:9] == (board.blue, board.blue_seen):
        return (old[0], pathways, toolboxes, ivory_codes, old[4], old[5], relics, old[7])
    lookers = 0
    for knower in board.blue_seen:
        lookers |= knower
    blue = sorted(board.blue, key=_BLUE_ORDER)
    return (
        lookers,
        pathways,
        toolboxes,
        ivory_codes,
        _shared(("blue-levels", *[TILES[t].level for t in blue]), _numbers),
        _shared(("blue", *blue), _codes),
        relics,
        {},
    )


_K = TypeVar("_K")
_V = TypeVar("_V")

_SHARED: dict[tuple[Any, ...], Any] = {}
"""Read-only parts of seat entries by what they show (see :func:`_seat_parts`)."""


def _shared(key: tuple[Any, ...], build: Callable[[tuple[Any, ...]], Any]) -> Any:
    """The part that ``key`` (its kind, then what it shows) stands for, built once."""
    return _memoized(_SHARED, key, build)


def _memoized(memo: dict[_K, _V], key: _K, build: Callable[..., _V], *args: Any) -> _V:
    """``memo[key]``, built as ``build(key, *args)`` the first time; a memo that reaches
    ``_RECURRING_LIMIT`` entries starts again, so that views of many boards and games do
    not pile up entries."""
    found = memo.get(key)
    if found is None:
        if len(memo) >= _RECURRING_LIMIT:
            memo.clear()
        found = memo[key] = build(key, *args)
    return found


def _toolboxes(key: tuple[Any, ...]) -> FrozenDict:
    _, reserve, start, *tools = key
    return FrozenDict(
        {
            "reserve": reserve,
            "start": start,
            "machete": FrozenList(tools[_MACHETE_SLOTS]),
            "compass": FrozenList(tools[_COMPASS_SLOTS]),
            "shovel": FrozenList(tools[_SHOVEL_SLOTS]),
        }
    )


def _codes(key: tuple[Any, ...]) -> FrozenList:
    return FrozenList([TILES[tile].code for tile in key[1:]])


def _numbers(key: tuple[Any, ...]) -> FrozenList:
    return FrozenList(key[1:])


def _relics(key: tuple[Any, ...]) -> FrozenDict:
    return FrozenDict(dict(zip(RELIC_COLOURS, key[1:], strict=True)))


def _trail_list(geometry: _Geometry, mask: int) -> FrozenList:
    """The ids of the trails of a bit mask (a turn's trails, a seat's pathways)."""
    return _memoized(geometry.trail_lists, mask, _trail_ids, geometry.trail_heads)


def _trail_ids(mask: int, heads: tuple[tuple[Any, ...], ...]) -> FrozenList:
    return FrozenList([heads[t][0] for t in bits(mask)])


_NO_HOLDINGS: tuple[Any, ...] = (None,) * len(_HOLDINGS(PlayerBoard()))
"""Holdings no board has: with it every part is built anew."""


def _seat_entry(
    state: RelicRunnersState, s: int, looker: int | None, sees_all: bool, parts: SeatParts
) -> FrozenDict:
    board = state._boards[s]
    blue: FrozenList | None
    if sees_all:
        blue = parts[5]
    elif board.blue:
        known = parts[7]
        blue = known.get(looker)
        if blue is None:
            shown = state._shown
            blue = known[looker] = FrozenList(
                [
                    TILES[t].code
                    for t, knower in zip(board.blue, board.blue_seen, strict=True)
                    if t in shown or (looker is not None and knower >> looker & 1)
                ]
            )
    else:
        blue = _NO_TILES
    return FrozenDict(
        colour=EXPLORER_COLOURS[s],
        ability=board.ability,
        pathways_left=board.path_supply,
        pathways=parts[1],
        toolboxes=parts[2],
        ivory=parts[3],
        blue_levels=parts[4],
        blue=blue,
        relics=parts[6],
        coins=board.coins if sees_all else None,
    )


_NO_TILES = FrozenList()


def _BLUE_ORDER(tile: int) -> tuple[int, str]:
    return TILES[tile].level, TILES[tile].code


_MACHETE_SLOTS, _COMPASS_SLOTS, _SHOVEL_SLOTS = (
    slice(tool_slot(branch, 1), tool_slot(branch, 3) + 1) for branch in range(3)
)
"""Each branch's toolboxes at levels 1, 2 and 3 in a toolbox table."""


_NODE_ID = NODE_IDS.__getitem__


def _this_turn(state: RelicRunnersState, geometry: _Geometry) -> ThisTurnView:
    turn = state._this_turn
    # _trail_list's lookup, inlined: every view asks, and the call is 1% of a view's cost
    used = geometry.trail_lists.get(turn.used)
    if used is None:
        used = _trail_list(geometry, turn.used)
    return {
        "start": NODE_IDS[state._start],
        "route": list(map(_NODE_ID, turn.route)),
        "trails_moved": turn.moves,
        "trails_used": used,
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
    task = state._agenda.top()
    if task is None or state.is_over:
        return None
    return task.view_part(_DECISION_PARTS, state)


class _DecisionParts:
    """Each decision task's part of a view (see :class:`tasks.DecisionParts`: the task on
    top calls its own)."""

    __slots__ = ()

    def keep(self, state: RelicRunnersState, task: tasks.Keep) -> DecisionView:
        return {
            "type": "keep",
            "held": TILES[state._boards[state._seat].ivory[task.level]].code,
            "new": None
            if state._this_turn.new_tile is None
            else TILES[state._this_turn.new_tile].code,
        }

    def place(self, state: RelicRunnersState, task: tasks.Place) -> DecisionView:
        return {
            "type": "place",
            "near": NODE_IDS[task.node],
            "anywhere": bool(task.anywhere),
            "count": task.count,
            "relocate": bool(task.relocate),
        }

    def counted(self, state: RelicRunnersState, task: tasks.Lift | tasks.Steps) -> DecisionView:
        return {"type": task.KIND, "count": task.count}

    def flip(self, state: RelicRunnersState, task: tasks.Flip) -> DecisionView:
        return {"type": "flip", "left": task.left, "must": bool(task.must)}

    def target(self, state: RelicRunnersState, task: tasks.Target) -> DecisionView:
        return {"type": "target", "from": NODE_IDS[task.origin]}

    def pick(self, state: RelicRunnersState, task: tasks.Pick) -> DecisionView:
        return {"type": "pick", "space": NODE_IDS[task.node]}

    def start(self, state: RelicRunnersState, task: tasks.Start) -> DecisionView:
        return {"type": "start"}


_DECISION_PARTS = _DecisionParts()


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


_BOARD_KINDS = frozenset(
    {
        "coins",
        "pathway",
        "relocate",
        "toolbox",
        "tool",
        "step",
        "keep",
        "extra",
        "show",
        "use-ivory",
        "relic",
        "ivory",
        "blue",
    }
)
"""The kinds of event that change their seat's board (pathways, toolboxes, tiles, relics,
coins); the effects an event sets off record their own events. The spaces change with no
event of their own at times (a chance outcome, a tile turned face up): views compare them
always."""
_TOKEN_KINDS = frozenset({"tokens", "flip", "reset"})
"""The kinds of event that turn toolbox tokens."""
_NAMED_SHIFT = MAX_SEATS
_TOKENS = 1 << 2 * MAX_SEATS
_CHANGED: dict[str, dict[Any, int]] = {
    kind: {
        seat: (1 << seat if kind in _BOARD_KINDS else 0)
        | 1 << _NAMED_SHIFT + seat
        | (_TOKENS if kind in _TOKEN_KINDS else 0)
        for seat in range(MAX_SEATS)
    }
    for kind, names in _EVENT_FIELDS.items()
    if names[0] == "seat"
}
_CHANGED["shrine"] = dict.fromkeys(range(len(NODE_IDS)), 0)  # its space comes first
"""By an event's kind, then its second field (mostly its seat), what it may change (see
:func:`changes`)."""


def changes(events: Sequence[tuple[Any, ...]]) -> int:
    """What ``events`` may have changed, as bits: the seats whose boards they change (bits
    0-4: events of :data:`_BOARD_KINDS`), the seats they name (from :data:`_NAMED_SHIFT`
    on), the toolbox tokens (:data:`_TOKENS`); every bit (-1) if one is of another kind
    or has an odd seat."""
    found = 0
    try:
        for event in events:
            found |= _CHANGED[event[0]].get(event[1], -1)
    except (KeyError, IndexError, TypeError):  # another kind, no field, an odd seat
        return -1
    return found


_FROZEN_FIELDS: dict[str, Callable[[Any], Any]] = {
    "space": NODE_IDS.__getitem__,
    "from": NODE_IDS.__getitem__,
    "to": NODE_IDS.__getitem__,
    "route": lambda route: FrozenList([NODE_IDS[n] for n in route]),
    "tile": lambda tile: TILES[tile].code,
    "discarded": lambda tile: TILES[tile].code,
    "relic": RELIC_COLOURS.__getitem__,
    "tokens": lambda tokens: FrozenList([TOKEN_IDS[k] for k in tokens]),
    "token": TOKEN_IDS.__getitem__,
}
"""The fields that :func:`_field` translates, each to its read-only JSON form."""


_EVENT_KEYS = {
    kind: (("type", *names), tuple(name for name in names if name in _FROZEN_FIELDS))
    for kind, names in _EVENT_FIELDS.items()
}
"""Per event kind, the JSON keys of its entries and the ones translated."""
_JUST_TYPE: tuple[tuple[str, ...], tuple[str, ...]] = (("type",), ())


def _event_converters() -> dict[str, Callable[[tuple[Any, ...]], FrozenDict]]:
    """Per event kind as the rules write it, a converter that is a single dict display.

    Views convert an event or two at every decision; a display with each field in place
    costs a third of building the entry key by key and translating it afterwards. All
    the converters are compiled as one source, which costs less at import than one each.
    """
    namespace: dict[str, Any] = {"_FrozenDict": FrozenDict, "_other": _any_frozen_event}
    namespace.update({f"_convert_{name}": _FROZEN_FIELDS[name] for name in _FROZEN_FIELDS})
    lines = []
    for number, names in enumerate(_EVENT_FIELDS.values()):
        keys = ("type", *names)
        items = ", ".join(
            f"{key!r}: _convert_{key}(e[{i}])"
            if i and key in _FROZEN_FIELDS
            else f"{key!r}: e[{i}]"
            for i, key in enumerate(keys)
        )
        lines += [
            f"def convert{number}(e):",
            f"    if len(e) != {len(keys)}:",
            "        return _other(e)",
            f"    return _FrozenDict({{{items}}})",
        ]
    # The keys are the fixed names of _EVENT_FIELDS, quoted by repr.
    exec("\n".join(lines), namespace)
    return {kind: namespace[f"convert{i}"] for i, kind in enumerate(_EVENT_FIELDS)}


_EVENT_CONVERTERS = _event_converters()
"""Per event kind, its converter to a read-only JSON entry (see :func:`_frozen_event`)."""

_RECURRING: dict[tuple[Any, ...], FrozenDict] = {}
_RECURRING_LIMIT = 4096
_RECURRING_KINDS = frozenset(_EVENT_FIELDS) - {"flip"}
"""Event kinds whose fields are whole numbers, text and tuples of them: a ``flip``'s
``True`` would pass for a ``1`` as a key."""


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
