"""Relic Runners' rules (documented in ``docs/rules/relic_runners.md``) on the core contract.

A turn is a sequence of small decisions by one seat: ``move`` along trails one at a
time, then ``stop`` (entering the camp stops at once); then ``explore`` or ``end``;
toolboxes (``use compass 1``) before moving or after it. Effects that need choices
push *tasks* on an agenda (place a pathway, keep an ivory tile, advance toolboxes,
flip tokens, ...); the top task decides what is asked next, and tasks that need no
choice run by themselves. A turn whose only remaining choice would be ``end`` (or a
move whose only choice is ``stop``) ends by itself.

Chance is explicit and lazy. Temple colours are dealt one temple at a time (standard
and random setups), and a temple tile's identity is drawn only when it is turned face
up or taken: from the unseen tiles of its colour and level. That is the same as
drawing 4 tiles per level at random, stacking them face down and boxing the rest,
and it makes every draw a chance event a driver can choose.
"""

from __future__ import annotations

import json
from collections.abc import Container, Mapping, Sequence
from typing import Any, cast

from relicbox.core.actions import Action
from relicbox.core.errors import Reason
from relicbox.core.game import State
from relicbox.core.history import History
from relicbox.core.rng import Rng, as_rng
from relicbox.games.relic_runners import actions as A
from relicbox.games.relic_runners.actions import ACTION_SPACE
from relicbox.games.relic_runners.board import CAMP, NODE_IDS, Board, default_board, load_board
from relicbox.games.relic_runners.data import (
    ABILITIES,
    BLUE,
    CAMP_RATIONS_PER_PLAYER,
    CAMP_REFILL,
    COLOURS,
    EXPLORER_COLOURS,
    IVORY,
    PATHWAYS,
    PURPLE,
    RATION_CAP,
    RELICS_TO_END,
    RUIN_RELIC,
    STACK_HEIGHT,
    START_RATIONS,
    TEMPLE_RELIC,
    TILE_BY_CODE,
    TILES,
    TOOLBOXES,
    pool_key,
)

_ACTION_IDS = ACTION_SPACE.ids
_NONE: tuple[Action, ...] = ()

# Agenda tasks that wait for a decision; every other task runs by itself.
DECISIONS = frozenset({"place", "lift", "keep", "pick", "target", "flip", "steps", "start"})

_TILE_CODE = tuple(tile.code for tile in TILES)
_TILE_COLOUR = tuple(tile.colour for tile in TILES)
_TILE_LEVEL = tuple(tile.level for tile in TILES)
_TILE_EFFECT = tuple(tile.effect for tile in TILES)
_TILE_VALUE = tuple(tile.value for tile in TILES)


def trail_allowed(familiar: bool, unexplored: bool, before: bool, free_order: bool) -> bool:
    """May a move take one more trail (§1.4)? The one source of the movement rule.

    ``familiar``: the trail carries the mover's pathway; ``unexplored``: this move
    already used its one unexplored trail; ``before``: it walked pathways before that
    unexplored trail; ``free_order``: ivory I2-a lifts the before-or-after rule. So a
    move is ``U``, ``P..P``, ``P..P U`` or ``U P..P``, never ``P U P``.
    """
    if familiar:
        return not unexplored or free_order or not before
    return not unexplored


def after_trail(familiar: bool, unexplored: bool, before: bool) -> tuple[bool, bool]:
    """The move's (``unexplored``, ``before``) flags after taking one more trail."""
    if familiar:
        return unexplored, before or not unexplored
    return True, before


def move_routes(
    adjacent: Mapping[Any, Sequence[tuple[Any, Any]]],
    familiar: Container[Any],
    start: Any,
    position: Any,
    camp: Any,
    used: frozenset[Any] = frozenset(),
    unexplored: bool = False,
    before: bool = False,
    free_order: bool = False,
    moved: int = 0,
) -> list[tuple[Any, list[Any]]]:
    """Every way a move may go on from ``position``: (end space, trails still to walk).

    Works on any labelling of the board (``adjacent[space]`` lists ``(trail, other
    space)``), so a bot reading a view plans with the rules' own :func:`trail_allowed`
    and :func:`after_trail`. A move may not end where the turn began, and entering
    ``camp`` ends it; the empty route (stop here) is listed when stopping is allowed.
    """
    out: list[tuple[Any, list[Any]]] = []

    def walk(
        node: Any, used: frozenset[Any], unexp: bool, fam_before: bool, trail: list[Any]
    ) -> None:
        if node != start and (trail or moved):
            out.append((node, list(trail)))
        if node == camp and (trail or moved):
            return
        for tid, other in adjacent[node]:
            if tid in used:
                continue
            known = tid in familiar
            if not trail_allowed(known, unexp, fam_before, free_order):
                continue
            flags = after_trail(known, unexp, fam_before)
            walk(other, used | {tid}, flags[0], flags[1], [*trail, tid])

    walk(position, used, unexplored, before, [])
    return out


def line_length(
    adjacent: Mapping[Any, Sequence[tuple[Any, Any]]], familiar: Container[Any], camp: Any
) -> int:
    """Trails in the longest trail-simple line of ``familiar`` trails, not through ``camp``.

    Compass level 3 scores it (§4.11); any labelling of the board, like :func:`move_routes`.
    """
    best = 0

    def walk(node: Any, used: frozenset[Any], length: int) -> None:
        nonlocal best
        best = max(best, length)
        if node == camp and length:
            return
        for tid, other in adjacent[node]:
            if tid in familiar and tid not in used:
                walk(other, used | {tid}, length + 1)

    for node in adjacent:
        walk(node, frozenset(), 0)
    return best


class Geo:
    """Per-board lookups for the hot path: adjacency with actions and trail bits."""

    __slots__ = ("adj", "board", "ends", "kind", "lift", "path", "river_mask", "token", "trails")

    def __init__(self, board: Board) -> None:
        self.board = board
        self.trails = board.trails
        self.ends = board.ends
        self.kind = board.node_type
        self.token = board.token
        self.river_mask = sum(1 << t for t in range(board.trails) if board.river[t])
        self.adj = tuple(
            tuple((t, other, 1 << t, cast(Action, A.MOVE[node][other])) for t, other in links)
            for node, links in enumerate(board.adjacent)
        )
        self.path = tuple(cast(Action, A.PATH[a][b]) for a, b in board.ends)
        self.lift = tuple(cast(Action, A.LIFT[a][b]) for a, b in board.ends)


_GEO: dict[str, Geo] = {}


def geo_for(board_option: object) -> Geo:
    """The compiled board for the ``board`` option (``None`` = the default map)."""
    key = "" if board_option is None else json.dumps(board_option, sort_keys=True)
    geo = _GEO.get(key)
    if geo is None:
        board = default_board() if board_option is None else load_board(board_option)
        if len(_GEO) >= 64:
            _GEO.clear()  # a bounded memo: boards sent by many users must not pile up
        geo = _GEO[key] = Geo(board)
    return geo


def bits(mask: int) -> list[int]:
    """The positions of the set bits of ``mask`` (>= 0), lowest first."""
    if mask < 0:
        raise ValueError(f"a bit mask is never negative, got {mask}")
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


class RelicRunnersState(State):
    """One moment of a game of Relic Runners. Build it with ``relicbox.new_game``."""

    __slots__ = (
        "_ability",
        "_agenda",
        "_blue",
        "_blue_seen",
        "_bonus_steps",
        "_chance",
        "_coins",
        "_collected",
        "_colour",
        "_discard",
        "_double",
        "_end_after",
        "_explored",
        "_extra",
        "_fam_before",
        "_final_left",
        "_final_seat",
        "_fixed",
        "_free_order",
        "_g",
        "_height",
        "_history",
        "_ivory",
        "_jumped",
        "_legal",
        "_levels",
        "_lifted",
        "_moved_to",
        "_moves",
        "_new_tile",
        "_path_supply",
        "_paths",
        "_pools",
        "_pos",
        "_progress_turn",
        "_rations",
        "_relic_on",
        "_relics",
        "_reserve",
        "_route",
        "_seat",
        "_shown",
        "_stage",
        "_start",
        "_start_relic",
        "_start_row",
        "_supply",
        "_tokens",
        "_tool_used",
        "_tools",
        "_truncated",
        "_turn",
        "_turn_blue",
        "_turn_gain",
        "_unexp",
        "_used",
        "_vacated",
    )

    # -- set-up -----------------------------------------------------------------

    def _setup(self) -> None:
        n = self.players
        self._g = geo_for(self.options.get("board"))
        nodes = len(NODE_IDS)
        kind = self._g.kind
        self._height = STACK_HEIGHT[n]
        self._colour: list[int | None] = [None] * nodes
        self._levels: list[list[int]] = [
            list(range(1, self._height + 1)) if kind[i] != "camp" else [] for i in range(nodes)
        ]
        self._fixed: list[dict[int, tuple[int, int]]] = [{} for _ in range(nodes)]
        self._relic_on = [False] * nodes
        self._tokens = [True] * 10
        first = self.options.get("setup") == "first"
        self._pools = [
            [
                t.id
                for t in TILES
                if pool_key(t.colour, t.level) == key and not (first and t.red_gem)
            ]
            for key in range(9)
        ]
        self._discard: list[int] = []
        self._shown: list[int] = []
        self._pos = [CAMP] * n
        self._rations = [START_RATIONS] * n
        self._supply = CAMP_RATIONS_PER_PLAYER * n
        self._paths = [0] * n
        self._path_supply = [PATHWAYS] * n
        self._reserve = [TOOLBOXES - 1] * n
        self._start_row = [1] * n
        self._tools = [[0] * 9 for _ in range(n)]
        self._ivory: list[dict[int, int]] = [{} for _ in range(n)]
        self._blue: list[list[int]] = [[] for _ in range(n)]
        self._blue_seen: list[list[int]] = [[] for _ in range(n)]
        """Per blue tile held, the seats that have seen it (its taker, I2-b lookers)."""
        self._relics = [[0, 0, 0, 0] for _ in range(n)]
        self._coins = [0] * n
        self._collected = 0
        self._ability: list[str | None] = [
            ABILITIES[EXPLORER_COLOURS[s]] if self.options.get("abilities") else None
            for s in range(n)
        ]
        for seat in range(n):
            self._apply_setup_ability(seat)
        self._history: History[tuple[Any, ...]] = History()
        self._final_seat: int | None = None
        self._final_left = 0
        self._extra = False
        self._truncated = False
        self._turn = 0
        self._progress_turn = 0
        self._seat = 0
        self._stage = "setup"
        self._clear_turn()
        self._start = CAMP
        self._start_relic: int | None = None
        self._chance: list[tuple[Any, ...]] = []
        self._agenda: list[tuple[Any, ...]] = [("begin",), ("setup-purples",)]
        self._legal: Sequence[Action] = _NONE
        self._deal_colours(first)
        self._run()

    def _apply_setup_ability(self, seat: int) -> None:
        ability = self._ability[seat]
        if ability == "extra-toolbox":
            self._reserve[seat] -= 1
            self._start_row[seat] += 1
        elif ability == "full-pack":
            extra = min(RATION_CAP - self._rations[seat], self._supply)
            self._rations[seat] += extra
            self._supply -= extra

    def _deal_colours(self, first: bool) -> None:
        board = self._g.board
        for node in range(len(NODE_IDS)):
            if self._g.kind[node] != "temple":
                continue
            if first:
                self._colour[node] = COLOURS.index(cast(str, board.first_colour[node]))
            else:
                self._chance.append(("colour", node))

    def _clear_turn(self) -> None:
        self._moves = 0
        self._jumped = False
        self._used = 0
        self._unexp = False
        self._fam_before = False
        self._free_order = False
        self._route: list[int] = []
        self._bonus_steps = 0
        self._explored = False
        self._tool_used = False
        self._double = False
        self._turn_gain = 0
        self._turn_blue: list[int] = []
        self._end_after = False
        self._new_tile: int | None = None
        self._lifted: int | None = None
        self._moved_to = 0
        self._vacated = 0

    # -- whose turn ---------------------------------------------------------------

    @property
    def to_act(self) -> tuple[int, ...]:
        if self._stage == "over" or self._chance:
            return ()
        return (self._seat,)

    @property
    def is_over(self) -> bool:
        return self._stage == "over"

    @property
    def is_chance(self) -> bool:
        return bool(self._chance) and self._stage != "over"

    @property
    def current_seat(self) -> int:
        return self._seat

    @property
    def phase(self) -> str:
        """What is being decided: a task name, or ``setup``/``move``/``post``/``over``."""
        if self._stage == "over":
            return "over"
        if self._agenda and self._agenda[-1][0] in DECISIONS:
            return str(self._agenda[-1][0])
        return self._stage

    # -- the agenda ----------------------------------------------------------------

    def _run(self) -> None:
        """Run automatic tasks until a decision or a chance event is due; cache legal actions."""
        while True:
            if self._stage == "over":
                self._legal = _NONE
                return
            if self._chance:
                self._legal = _NONE
                return
            agenda = self._agenda
            if agenda:
                task = agenda[-1]
                if task[0] in DECISIONS:
                    legal = self._decision_actions(task)
                    if not legal:
                        agenda.pop()
                        self._task_skipped(task)
                        continue
                    self._legal = legal
                    return
                agenda.pop()
                self._auto(task)
                continue
            if self._stage == "setup":
                self._stage = "over"
                continue
            if self._end_after:
                # Purple P-e (teleport to camp) ends the turn like walking into camp (§4.7).
                self._agenda.append(("end-turn",))
                continue
            legal = self._base_actions()
            if len(legal) == 1 and legal[0] is A.END:
                self._agenda.append(("end-turn",))
                continue
            if len(legal) == 1 and legal[0] is A.STOP:
                self._stop()
                continue
            self._legal = legal
            return

    def _task_skipped(self, task: tuple[Any, ...]) -> None:
        """A decision with no possible choice is dropped; some leave something to tidy."""
        if task[0] == "flip" and task[4] == "effect":
            self._flush_effect_steps()

    def _auto(self, task: tuple[Any, ...]) -> None:
        kind = task[0]
        if kind == "take":
            self._take(task[1], task[2], task[3], task[4])
        elif kind == "turnup":
            self._turn_up(task[1])
        elif kind == "after-move":
            self._after_move()
        elif kind == "end-turn":
            self._end_turn()
        elif kind == "seat":
            self._seat = task[1]
        elif kind == "setup-purples":
            for node in range(len(NODE_IDS)):
                if self._colour[node] == PURPLE:
                    self._turn_up(node)
        elif kind == "begin":
            self._begin()
        elif kind == "first-turn":
            self._start_turn(0)
        else:  # pragma: no cover - tasks are written by this module only
            raise ValueError(f"unknown task {kind!r}")

    def _begin(self) -> None:
        self._agenda.append(("first-turn",))
        for seat in reversed(range(self.players)):
            ability = self._ability[seat]
            if ability == "head-start":
                self._agenda.extend([("start",), ("seat", seat)])
            elif ability == "camp-pathway":
                self._agenda.extend([("place", CAMP, 0, 1, 0), ("seat", seat)])

    # -- turns ------------------------------------------------------------------------

    def _start_turn(self, seat: int) -> None:
        self._seat = seat
        self._turn += 1
        self._stage = "move"
        self._clear_turn()
        pos = self._pos[seat]
        self._start = pos
        self._start_relic = self._relic_colour(pos) if self._relic_on[pos] else None
        self._route = [pos]
        self._history.append(("turn", seat, self._turn))

    def _end_turn(self) -> None:
        seat = self._seat
        self._history.append(("end", seat))
        self._clear_turn()
        n = self.players
        if self._extra:
            self._finish()
            return
        if self._final_seat is not None:
            if self._final_left == 0:
                holder = self._extra_turn_holder()
                if holder is None:
                    self._finish()
                    return
                del self._ivory[holder][1]
                self._discard.append(TILE_BY_CODE["I1-f"][0])
                self._extra = True
                self._history.append(("extra", holder))
                self._start_turn(holder)
                return
            self._final_left -= 1
        elif self._stalled():
            self._history.append(("stall",))
            self._finish()
            return
        elif self._no_progress():
            # The backstop (no_progress_rounds): a game in which nobody explores, places a
            # pathway or takes a relic for that many rounds ends, flagged truncated.
            self._truncated = True
            self._history.append(("no-progress", self.options.get("no_progress_rounds")))
            self._finish()
            return
        limit = self.options.get("max_turns")
        if isinstance(limit, int) and limit and self._turn >= limit:
            self._truncated = True
            self._history.append(("truncated", self._turn))
            self._finish()
            return
        self._start_turn((seat + 1) % n)

    def _extra_turn_holder(self) -> int | None:
        for seat in range(self.players):
            tile = self._ivory[seat].get(1)
            if tile is not None and _TILE_EFFECT[tile] == "I1-f":
                return seat
        return None

    def _stalled(self) -> bool:
        """No stack left and no colour with two relics on the board: nothing can happen (§4.21)."""
        if any(self._levels):
            return False
        counts = [0, 0, 0, 0]
        for node, on in enumerate(self._relic_on):
            if on:
                counts[self._relic_colour(node)] += 1
        return max(counts) < 2

    def _no_progress(self) -> bool:
        """Has the game gone ``no_progress_rounds`` rounds without progress?

        Progress is a tile leaving a ruin or temple stack (explored by any means), a new
        pathway placed (relocations do not count) or a relic collected.
        """
        limit = self.options.get("no_progress_rounds")
        if not isinstance(limit, int) or isinstance(limit, bool) or limit <= 0:
            return False
        return self._turn - self._progress_turn >= limit * self.players

    def _finish(self) -> None:
        self._stage = "over"
        self._agenda = []
        self._chance = []
        self._history.append(("over",))

    # -- small helpers -------------------------------------------------------------

    def _relic_colour(self, node: int) -> int:
        if self._g.kind[node] == "ruin":
            return RUIN_RELIC
        return TEMPLE_RELIC[cast(int, self._colour[node])]

    def _has(self, seat: int, code: str) -> bool:
        tile = self._ivory[seat].get(int(code[1]))
        return tile is not None and _TILE_EFFECT[tile] == code

    def _use_ivory(self, seat: int, code: str) -> None:
        tile = self._ivory[seat].pop(int(code[1]))
        self._discard.append(tile)
        self._history.append(("use-ivory", seat, code))

    def _gain(self, seat: int, amount: int, reason: str, temple: bool = False) -> None:
        if temple and self._has(seat, "I3-c"):
            amount += 1
        if seat == self._seat:
            if self._double:
                amount *= 2
            else:
                self._turn_gain += amount  # for the whole-turn reading of Shovel level 3
        if amount:
            self._coins[seat] += amount
            self._history.append(("coins", seat, amount, reason))

    def _take_rations(self, seat: int, wanted: int, reason: str) -> None:
        got = min(wanted, RATION_CAP - self._rations[seat], self._supply)
        if got > 0:
            self._rations[seat] += got
            self._supply -= got
        self._history.append(("rations", seat, max(got, 0), reason))

    def _arrive_camp(self, seat: int) -> None:
        wanted = 4 if self._ability[seat] == "big-refill" else CAMP_REFILL
        if self._has(seat, "I3-e"):
            wanted += 1
        self._take_rations(seat, wanted, "camp")

    def _movable_toolboxes(self, seat: int) -> bool:
        tools = self._tools[seat]
        return self._start_row[seat] > 0 or any(tools[b * 3] or tools[b * 3 + 1] for b in range(3))

    def _push_steps(self, count: int) -> None:
        if count > 0 and self._movable_toolboxes(self._seat):
            self._agenda.append(("steps", count))

    def _shrine_check(self, node: int) -> None:
        if not self._levels[node]:
            self._relic_on[node] = True
            self._history.append(("shrine", node, self._relic_colour(node), self._seat))

    def _trigger_check(self) -> None:
        if self._final_seat is None and self._collected >= RELICS_TO_END[self.players]:
            self._final_seat = self._seat
            self._final_left = self.players - 1
            self._history.append(("final-round", self._seat))

    # -- legal actions -----------------------------------------------------------------

    def legal_actions(self, seat: int) -> Sequence[Action]:
        if type(seat) is not int or seat != self._seat or self._stage == "over" or self._chance:
            self._require_seat(seat, "legal_actions")
            return _NONE
        return self._legal

    def _base_actions(self) -> list[Action]:
        if self._stage == "move":
            return self._move_actions()
        return self._post_actions()

    def _move_actions(self) -> list[Action]:
        seat = self._seat
        pos = self._pos[seat]
        paths = self._paths[seat]
        used, unexp, before, free = self._used, self._unexp, self._fam_before, self._free_order
        legal: list[Action] = []
        for t, other, bit, action in self._g.adj[pos]:
            if used & bit:
                continue
            familiar = bool(paths & bit)
            if not trail_allowed(familiar, unexp, before, free):
                continue
            if other == self._start and not self._can_continue(t, familiar):
                continue
            legal.append(action)
        if self._moves:
            if unexp and self._fam_before and not self._free_order and self._has(seat, "I2-a"):
                legal.append(A.USE_IVORY["I2-a"])
            if pos != self._start:
                legal.append(A.STOP)
            return legal
        legal.extend(self._start_of_turn_actions(seat, pos))
        return legal

    def _can_continue(self, t: int, familiar: bool) -> bool:
        """After stepping back onto the start space along ``t``, can the move still go on?"""
        start = self._start
        if start == CAMP:
            return False
        used = self._used | (1 << t)
        unexp, before = after_trail(familiar, self._unexp, self._fam_before)
        paths = self._paths[self._seat]
        return any(
            not used & bit and trail_allowed(bool(paths & bit), unexp, before, self._free_order)
            for _, _, bit, _ in self._g.adj[start]
        )

    def _start_of_turn_actions(self, seat: int, pos: int) -> list[Action]:
        legal: list[Action] = []
        if self._has(seat, "I2-f"):
            legal.extend(self._jump_actions(pos))
        if not self._free_order and self._has(seat, "I2-a"):
            legal.append(A.USE_IVORY["I2-a"])
        if self._has(seat, "I2-c"):
            legal.append(A.USE_IVORY["I2-c"])
        if not self._tool_used:
            legal.extend(self._tool_actions(seat, pos))
        return legal

    def _jump_actions(self, pos: int) -> list[Action]:
        colour = self._colour[pos]
        if colour is None or not self._levels[pos]:
            return []
        return [
            A.JUMP[node]
            for node in range(len(NODE_IDS))
            if node != pos and self._colour[node] == colour and not self._relic_on[node]
        ]

    def _post_actions(self) -> list[Action]:
        seat = self._seat
        pos = self._pos[seat]
        legal: list[Action] = []
        if not self._explored and self._rations[seat] > 0 and self._levels[pos]:
            legal.append(A.EXPLORE)
            if self._colour[pos] is not None and self._has(seat, "I2-b"):
                legal.append(A.USE_IVORY["I2-b"])
        if not self._tool_used:
            legal.extend(self._tool_actions(seat, pos))
        legal.append(A.END)
        return legal

    def _tool_actions(self, seat: int, pos: int) -> list[Action]:
        tools = self._tools[seat]
        legal: list[Action] = []
        on_board = self._paths[seat].bit_count()
        for (branch, level, choice), action in A.USE_TOOL.items():
            b = ("machete", "compass", "shovel").index(branch)
            if not tools[b * 3 + level - 1]:
                continue
            if self._tool_feasible(seat, pos, b, level, choice, on_board):
                legal.append(action)
        return legal

    def _tool_feasible(
        self, seat: int, pos: int, branch: int, level: int, choice: str, on_board: int
    ) -> bool:
        if branch == 0 and level == 1:
            return self._colour[pos] is not None and bool(self._levels[pos])
        if branch == 1 and level in (1, 2):
            return on_board >= level
        if branch == 2 and level == 1 and choice == "toolbox":
            return self._reserve[seat] > 0
        if branch == 2 and level == 2:
            targets = self._place_targets(seat, pos, False, False)
            return self._path_supply[seat] > 0 and bool(targets)
        return True

    def _decision_actions(self, task: tuple[Any, ...]) -> list[Action]:
        kind = task[0]
        seat = self._seat
        if kind == "place":
            return self._place_actions(seat, task)
        if kind == "lift":
            return [self._g.lift[t] for t in bits(self._paths[seat] & ~self._moved_to)]
        if kind == "keep":
            old = self._ivory[seat][task[1]]
            new = cast(int, self._new_tile)
            legal = [A.KEEP[_TILE_CODE[old]], A.KEEP[_TILE_CODE[new]]]
            for tile in (old, new):
                legal.extend(self._uses_before_discard(seat, _TILE_EFFECT[tile]))
            return sorted(legal, key=lambda a: a.index)
        if kind == "pick":
            levels = self._levels[task[1]]
            if task[4]:
                return [A.PICK[levels[-1]], A.USE_IVORY["I2-b"]]
            return [A.PICK[level] for level in levels]
        if kind == "target":
            return [A.TARGET[node] for node in self._targets(task[1], task[2])]
        if kind == "flip":
            legal = [A.FLIP[k] for k in range(10) if not task[3] >> k & 1]
            if not task[2]:
                legal.append(A.DONE)
            return legal
        if kind == "steps":
            return self._step_actions(seat)
        if kind == "start":
            return [A.START[CAMP]] + [A.START[other] for other in self._g.board.neighbours(CAMP)]
        raise ValueError(f"unknown decision {kind!r}")  # pragma: no cover

    def _uses_before_discard(self, seat: int, code: str) -> list[Action]:
        """A level 2 tile about to be discarded may be used first, where its effect applies now.

        Only the tiles that act at the start of a turn (before moving) or on a temple not
        yet explored can apply while a choice between two tiles is pending (§1.5).
        """
        pos = self._pos[seat]
        before_move = self._stage == "move" and not self._moves
        if code == "I2-a" and before_move and not self._free_order:
            return [A.USE_IVORY[code]]
        if code == "I2-c" and before_move:
            return [A.USE_IVORY[code]]
        if code == "I2-f" and before_move:
            return self._jump_actions(pos)
        if (
            code == "I2-b"
            and self._stage == "post"
            and not self._explored
            and self._rations[seat] > 0
            and self._levels[pos]
            and self._colour[pos] is not None
        ):
            return [A.USE_IVORY[code]]
        return []

    def _place_targets(self, seat: int, node: int, anywhere: bool, relocate: bool) -> list[int]:
        own = self._paths[seat]
        if relocate:
            own |= self._vacated
        if anywhere:
            return [t for t in range(self._g.trails) if not own >> t & 1]
        return [t for t, _, bit, _ in self._g.adj[node] if not own & bit]

    def _place_actions(self, seat: int, task: tuple[Any, ...]) -> list[Action]:
        _, node, anywhere, count, relocate = task
        targets = self._place_targets(seat, node, bool(anywhere), bool(relocate))
        legal = [self._g.path[t] for t in targets]
        if not relocate:
            # The one-use tiles stay optional: I2-d only where two pathways fit, and
            # I2-e with nowhere to place near by comes with ``done`` (place nothing).
            if (
                count == 1
                and len(targets) >= 2
                and self._path_supply[seat] >= 2
                and self._has(seat, "I2-d")
            ):
                legal.append(A.USE_IVORY["I2-d"])
            if not anywhere and self._has(seat, "I2-e"):
                legal.append(A.USE_IVORY["I2-e"])
                if not targets:
                    legal.append(A.DONE)
        return legal

    def _targets(self, origin: int, forbidden: int) -> list[int]:
        return [
            other
            for other in self._g.board.neighbours(origin)
            if other != CAMP and self._levels[other] and not forbidden >> other & 1
        ]

    def _step_actions(self, seat: int) -> list[Action]:
        legal: list[Action] = []
        if self._start_row[seat]:
            legal.extend(A.STEP_START)
        tools = self._tools[seat]
        for b in range(3):
            for level in (1, 2):
                if tools[b * 3 + level - 1]:
                    legal.append(A.STEP_UP[b][level - 1])
        return legal

    # -- applying decisions ------------------------------------------------------------

    def _why_illegal(self, seat: int, action: Action) -> Reason | None:
        not_a_seat = self._not_a_seat(seat)
        if not_a_seat is not None:
            return not_a_seat
        if self._stage == "over":
            return Reason.of("error-game-over")
        if self._chance:
            return Reason.of("rr-error-chance")
        if seat != self._seat:
            return Reason.of("rr-error-turn", seat=self._seat, player=self._seat + 1)
        if any(a is action for a in self._legal):
            return None
        from relicbox.games.relic_runners.explain import explain

        return explain(self, action)

    def _is_legal(self, seat: int, action: Action) -> bool:
        # A look-up in the cached legal list: simulations spend most of their time in act.
        return (
            type(seat) is int
            and seat == self._seat
            and not self._chance
            and self._stage != "over"
            and any(a is action for a in self._legal)
        )

    def _apply(self, seat: int, action: Action) -> None:
        task = self._agenda[-1] if self._agenda and self._agenda[-1][0] in DECISIONS else None
        if task is not None:
            self._agenda.pop()
            self._decide(seat, task, action)
        else:
            self._base_decide(seat, action)
        self._run()

    def _base_decide(self, seat: int, action: Action) -> None:
        text = action.text
        if text.startswith("move "):
            self._step(seat, action)
        elif action is A.STOP:
            self._stop()
        elif action is A.EXPLORE:
            self._pay_ration(seat)
            self._explored = True
            self._explore(self._pos[seat], self._pos[seat], 0)
        elif action is A.END:
            self._agenda.append(("end-turn",))
        elif text.startswith("jump "):
            self._jump(seat, NODE_IDS.index(text[5:]))
        elif text.startswith("use I2-"):
            self._use_ivory_action(seat, text[4:])
        else:
            self._use_tool(seat, text)

    def _pay_ration(self, seat: int) -> None:
        self._rations[seat] -= 1
        self._supply += 1

    # -- movement ---------------------------------------------------------------------

    def _step(self, seat: int, action: Action) -> None:
        pos = self._pos[seat]
        link = next(link for link in self._g.adj[pos] if link[3] is action)
        other, bit = link[1], link[2]
        self._unexp, self._fam_before = after_trail(
            bool(self._paths[seat] & bit), self._unexp, self._fam_before
        )
        self._used |= bit
        self._moves += 1
        self._pos[seat] = other
        self._route.append(other)
        if other == CAMP:
            self._stop()
        if pos == CAMP and self._has(seat, "I3-f"):
            self._agenda.append(("flip", 1, 1, 0, "move"))

    def _stop(self) -> None:
        seat = self._seat
        self._history.append(("move", seat, tuple(self._route), self._used & self._g.river_mask))
        self._stage = "post"
        self._agenda.append(("after-move",))

    def _jump(self, seat: int, node: int) -> None:
        self._use_ivory(seat, "I2-f")
        self._jump_to(seat, node)

    def _jump_to(self, seat: int, node: int) -> None:
        self._pos[seat] = node
        self._jumped = True
        self._history.append(("jump", seat, self._start, node))
        self._stage = "post"

    def _after_move(self) -> None:
        seat = self._seat
        pos = self._pos[seat]
        if (
            self._start_relic is not None
            and self._relic_on[pos]
            and pos != self._start
            and self._relic_colour(pos) == self._start_relic
        ):
            self._expedition(seat, pos)
        steps = self._bonus_steps
        self._bonus_steps = 0
        flipped = [
            k
            for t in bits(self._used & self._g.river_mask)
            if self._tokens[k := cast(int, self._g.token[t])]
        ]
        for k in flipped:
            self._tokens[k] = False
        steps += len(flipped)
        if flipped:
            self._history.append(("tokens", seat, tuple(flipped)))
            if not any(self._tokens):
                steps += self._reset_tokens(seat)
        if pos == CAMP:
            self._arrive_camp(seat)
            self._agenda.append(("end-turn",))
        self._push_steps(steps)

    def _reset_tokens(self, seat: int) -> int:
        self._tokens = [True] * 10
        self._history.append(("reset", seat))
        return 1

    def _expedition(self, seat: int, node: int) -> None:
        colour = self._relic_colour(node)
        self._relic_on[node] = False
        self._relics[seat][colour] += 1
        self._collected += 1
        self._progress_turn = self._turn
        self._history.append(("relic", seat, node, colour, self._moves))
        self._gain(seat, 2 * self._moves, "expedition")
        self._trigger_check()

    # -- exploring ---------------------------------------------------------------------

    def _explore(self, node: int, origin: int, forbidden: int, search: bool = False) -> None:
        """Resolve the action of ``node`` for the current seat standing on ``origin``.

        ``search``: the exploration comes from Machete 1 or purple P-g, where the seat
        may still use I2-b (look through the stack) unless option ``i2b`` says
        ``explore-only``; a normal explore offers I2-b beside ``explore`` instead.
        """
        seat = self._seat
        levels = self._levels[node]
        if self._g.kind[node] == "ruin":
            first = len(levels) == self._height
            levels.pop()
            self._progress_turn = self._turn
            self._history.append(("ruin", seat, node))
            if first and self._has(seat, "I3-b"):
                self._gain(seat, 1, "first")
            self._shrine_check(node)
            if self._path_supply[seat]:
                self._agenda.append(("place", origin, 0, 1, 0))
            return
        level = levels[-1]
        if (
            search
            and len(levels) > 1
            and self._has(seat, "I2-b")
            and self.options.get("i2b") != "explore-only"
        ):
            self._agenda.append(("pick", node, origin, forbidden, 1))
            return
        self._agenda.append(("take", node, level, origin, forbidden))
        self._reveal(node, level, seat)

    def _reveal(self, node: int, level: int, seat: int, private: bool = False) -> None:
        """Make sure the tile at ``node``/``level`` is drawn and known to ``seat``.

        Ivory and purple tiles taken are shown to everyone; blue tiles and tiles seen
        by looking through a stack (I2-b) only to ``seat``.
        """
        fixed = self._fixed[node].get(level)
        everyone = (1 << self.players) - 1
        knower = 1 << seat if private or self._colour[node] == BLUE else everyone
        if fixed is None:
            self._chance.append(("reveal", node, level, knower))
        elif fixed[1] & knower != knower:
            self._fixed[node][level] = (fixed[0], fixed[1] | knower)

    def _take(self, node: int, level: int, origin: int, forbidden: int) -> None:
        seat = self._seat
        levels = self._levels[node]
        first = len(levels) == self._height
        tile, knower = self._fixed[node].pop(level)
        levels.remove(level)
        self._progress_turn = self._turn
        if first and self._has(seat, "I3-b"):
            self._gain(seat, 1, "first")
        colour = _TILE_COLOUR[tile]
        if colour == IVORY:
            self._take_ivory(seat, node, tile)
        elif colour == BLUE:
            self._take_blue(seat, node, tile, knower)
        else:
            self._take_purple(seat, node, tile, origin, forbidden)
        self._shrine_check(node)

    def _take_ivory(self, seat: int, node: int, tile: int) -> None:
        self._history.append(("ivory", seat, node, tile))
        level = _TILE_LEVEL[tile]
        if level in self._ivory[seat]:
            self._new_tile = tile
            self._agenda.append(("keep", level))
            self._gain(seat, 2, "compensation", temple=True)
        else:
            self._ivory[seat][level] = tile

    def _take_blue(self, seat: int, node: int, tile: int, knower: int) -> None:
        self._blue[seat].append(tile)
        self._blue_seen[seat].append(knower)
        self._history.append(("blue", seat, node, _TILE_LEVEL[tile]))
        self._gain(seat, 0, "blue", temple=True)
        if self._double:
            self._show_blue(seat, tile)
        elif seat == self._seat:
            # by position in the seat's blue tiles, which determinize keeps in place
            self._turn_blue.append(len(self._blue[seat]) - 1)

    def _show_blue(self, seat: int, tile: int) -> None:
        """Shovel level 3 on a blue tile: show it and take its value in coins now as well."""
        self._shown.append(tile)
        self._history.append(("show", seat, tile))
        self._coins[seat] += _TILE_VALUE[tile]
        self._history.append(("coins", seat, _TILE_VALUE[tile], "shown"))

    def _take_purple(self, seat: int, node: int, tile: int, origin: int, forbidden: int) -> None:
        self._discard.append(tile)
        effect = _TILE_EFFECT[tile]
        self._history.append(("purple", seat, node, tile))
        self._agenda.append(("turnup", node))
        if effect == "a":
            self._gain(seat, 3, "purple", temple=True)
        elif effect == "b":
            self._push_steps(1)
        elif effect == "c":
            self._take_rations(seat, 2, "purple")
        elif effect == "d":
            self._bring_toolbox(seat)
        elif effect == "e":
            self._pos[seat] = CAMP
            self._history.append(("teleport", seat))
            self._arrive_camp(seat)
            if self._stage == "move":
                # Taken before moving (Machete 1): the move is still owed, and it starts
                # from the camp; it may not end where the turn began (§1.4).
                self._route = [CAMP]
            else:
                self._end_after = self.options.get("teleport_ends_turn", True) is not False
        elif effect == "f":
            self._begin_relocation(1)
        elif effect == "g":
            self._agenda.append(("target", origin, forbidden | 1 << node))
        else:
            self._agenda.append(("flip", 2, 0, 0, "effect"))

    def _turn_up(self, node: int) -> None:
        levels = self._levels[node]
        if levels and levels[-1] not in self._fixed[node]:
            self._chance.append(("reveal", node, levels[-1], (1 << self.players) - 1))
        elif levels:
            tile, _ = self._fixed[node][levels[-1]]
            self._fixed[node][levels[-1]] = (tile, (1 << self.players) - 1)

    def _bring_toolbox(self, seat: int) -> None:
        if self._reserve[seat]:
            self._reserve[seat] -= 1
            self._start_row[seat] += 1
            self._history.append(("toolbox", seat))

    def _begin_relocation(self, count: int) -> None:
        self._moved_to = 0
        self._vacated = 0
        if self._paths[self._seat]:
            self._agenda.append(("lift", count))

    # -- decisions inside tasks ------------------------------------------------------------

    def _decide(self, seat: int, task: tuple[Any, ...], action: Action) -> None:
        kind = task[0]
        text = action.text
        if kind == "place":
            self._decide_place(seat, task, action)
        elif kind == "lift":
            self._lift(seat, task, action)
        elif kind == "keep":
            if text.startswith("keep "):
                self._keep(seat, task[1], text[5:])
            else:
                self._use_before_discard(seat, task[1], action)
        elif kind == "pick":
            if action is A.USE_IVORY["I2-b"]:
                self._use_ivory(seat, "I2-b")
                self._look_through(seat, task[1], task[2], task[3])
                return
            level = int(text[5:])
            self._agenda.append(("take", task[1], level, task[2], task[3]))
            self._reveal(task[1], level, seat)
        elif kind == "target":
            node = NODE_IDS.index(text[7:])
            self._history.append(("target", seat, node))
            self._explore(node, task[1], task[2], search=True)
        elif kind == "flip":
            self._decide_flip(seat, task, action)
        elif kind == "steps":
            self._advance(seat, text)
            if task[1] > 1:
                self._push_steps(task[1] - 1)
        elif kind == "start":
            node = NODE_IDS.index(text[6:])
            self._pos[seat] = node
            self._history.append(("start", seat, node))

    def _decide_place(self, seat: int, task: tuple[Any, ...], action: Action) -> None:
        _, node, anywhere, count, relocate = task
        if action is A.USE_IVORY["I2-d"]:
            self._use_ivory(seat, "I2-d")
            self._agenda.append(("place", node, anywhere, count + 1, relocate))
            return
        if action is A.USE_IVORY["I2-e"]:
            self._use_ivory(seat, "I2-e")
            self._agenda.append(("place", node, 1, count, relocate))
            return
        if action is A.DONE:
            return  # nowhere to place near by, and the I2-e tile is kept
        trail = self._g.path.index(action)
        bit = 1 << trail
        self._paths[seat] |= bit
        if relocate:
            self._history.append(("relocate", seat, self._lifted, trail))
            self._lifted = None
            self._moved_to |= bit
            for other in range(self.players):
                if other != seat and self._has(other, "I3-d"):
                    self._take_rations(other, 1, "I3-d")
            return
        self._path_supply[seat] -= 1
        self._progress_turn = self._turn
        self._history.append(("pathway", seat, trail))
        if self._has(seat, "I3-a"):
            self._gain(seat, 1, "pathway")
        if count > 1 and self._path_supply[seat]:
            self._agenda.append(("place", node, anywhere, count - 1, relocate))

    def _lift(self, seat: int, task: tuple[Any, ...], action: Action) -> None:
        trail = self._g.lift.index(action)
        self._paths[seat] &= ~(1 << trail)
        self._lifted = trail
        self._vacated |= 1 << trail
        if task[1] > 1:
            self._agenda.append(("lift", task[1] - 1))
        self._agenda.append(("place", self._pos[seat], 1, 1, 1))

    def _keep(self, seat: int, level: int, code: str) -> None:
        old = self._ivory[seat][level]
        new = cast(int, self._new_tile)
        keep, drop = (old, new) if _TILE_CODE[old] == code else (new, old)
        self._ivory[seat][level] = keep
        self._discard.append(drop)
        self._new_tile = None
        self._history.append(("keep", seat, keep, drop))

    def _use_before_discard(self, seat: int, level: int, action: Action) -> None:
        """Keep one tile of the pair and use the other's effect as it is discarded."""
        text = action.text
        code = "I2-f" if text.startswith("jump ") else text[4:]
        old = self._ivory[seat][level]
        other = cast(int, self._new_tile) if _TILE_EFFECT[old] == code else old
        self._keep(seat, level, _TILE_CODE[other])
        self._history.append(("use-ivory", seat, code))
        if code == "I2-f":
            self._jump_to(seat, NODE_IDS.index(text[5:]))
        else:
            self._ivory_effect(seat, code)

    def _decide_flip(self, seat: int, task: tuple[Any, ...], action: Action) -> None:
        _, remaining, mandatory, mask, context = task
        if action is A.DONE:
            self._end_flips(context)
            return
        k = A.FLIP.index(action)
        self._tokens[k] = not self._tokens[k]
        self._history.append(("flip", seat, k, self._tokens[k]))
        if not any(self._tokens):
            self._bonus_steps += self._reset_tokens(seat)
        if remaining > 1:
            self._agenda.append(("flip", remaining - 1, mandatory, mask | 1 << k, context))
        else:
            self._end_flips(context)

    def _end_flips(self, context: str) -> None:
        if context == "effect":
            self._flush_effect_steps()

    def _flush_effect_steps(self) -> None:
        steps, self._bonus_steps = self._bonus_steps, 0
        self._push_steps(steps)

    def _advance(self, seat: int, text: str) -> None:
        words = text.split()
        tools = self._tools[seat]
        if words[1] == "start":
            self._start_row[seat] -= 1
            tools[("machete", "compass", "shovel").index(words[2]) * 3] += 1
        else:
            slot = ("machete", "compass", "shovel").index(words[1]) * 3 + int(words[2]) - 1
            tools[slot] -= 1
            tools[slot + 1] += 1
        self._history.append(("step", seat, text[5:]))

    # -- one-use ivory tiles and toolboxes --------------------------------------------------

    def _use_ivory_action(self, seat: int, code: str) -> None:
        self._use_ivory(seat, code)
        self._ivory_effect(seat, code)

    def _ivory_effect(self, seat: int, code: str) -> None:
        if code == "I2-a":
            self._free_order = True
        elif code == "I2-b":
            self._pay_ration(seat)
            self._explored = True
            node = self._pos[seat]
            self._look_through(seat, node, node, 0)
        elif code == "I2-c":
            self._take_rations(seat, RATION_CAP, "I2-c")

    def _look_through(self, seat: int, node: int, origin: int, forbidden: int) -> None:
        """I2-b: see every tile left in the stack at ``node`` and choose which to take."""
        self._agenda.append(("pick", node, origin, forbidden, 0))
        for level in reversed(self._levels[node]):
            self._reveal(node, level, seat, private=True)

    def _use_tool(self, seat: int, text: str) -> None:
        words = text.split()
        branch = ("machete", "compass", "shovel").index(words[1])
        level = int(words[2])
        self._tools[seat][branch * 3 + level - 1] -= 1
        self._start_row[seat] += 1
        self._tool_used = True
        self._history.append(("tool", seat, text[4:]))
        pos = self._pos[seat]
        if branch == 0:
            if level == 1:
                self._explore(pos, pos, 0, search=True)
            elif level == 2:
                self._take_rations(seat, 2, "machete")
            else:
                self._gain(seat, 4 * sum(self._relics[seat]), "machete")
        elif branch == 1:
            if level < 3:
                self._begin_relocation(level)
            else:
                self._gain(seat, 2 * self.longest_line(seat), "compass")
        elif level == 1:
            if words[3] == "toolbox":
                self._bring_toolbox(seat)
            else:
                self._gain(seat, 2, "shovel")
        elif level == 2:
            self._agenda.append(("place", pos, 0, 1, 0))
        else:
            self._double = True
            if self.options.get("shovel3") != "after":
                self._double_earlier_gains(seat)

    def _double_earlier_gains(self, seat: int) -> None:
        """The retroactive reading (§4.14): what this turn already earned counts twice too."""
        if self._turn_gain:
            self._coins[seat] += self._turn_gain
            self._history.append(("coins", seat, self._turn_gain, "shovel"))
        for index in self._turn_blue:
            self._show_blue(seat, self._blue[seat][index])
        self._turn_gain = 0
        self._turn_blue = []

    def longest_line(self, seat: int) -> int:
        """Trails in ``seat``'s longest trail-simple line of pathways, not passing through camp."""
        adjacent = {
            node: [(t, other) for t, other, _, _ in links] for node, links in enumerate(self._g.adj)
        }
        return line_length(adjacent, set(bits(self._paths[seat])), CAMP)

    # -- chance -------------------------------------------------------------------------

    def chance_outcomes(self) -> list[tuple[str, float]]:
        if not self.is_chance:
            return []
        event = self._chance[0]
        if event[0] == "colour":
            allowed = self._colour_choices(event[1])
            return [(COLOURS[c], weight) for c, weight in allowed]
        pool = self._pools[pool_key(cast(int, self._colour[event[1]]), event[2])]
        counts: dict[str, int] = {}
        for tile in pool:
            counts[_TILE_CODE[tile]] = counts.get(_TILE_CODE[tile], 0) + 1
        return [(code, count / len(pool)) for code, count in counts.items()]

    def _colour_choices(self, node: int) -> list[tuple[int, float]]:
        left = [4, 4, 4]
        in_quadrant: set[int] = set()
        quadrant = self._g.board.quadrant
        for other, colour in enumerate(self._colour):
            if colour is not None:
                left[colour] -= 1
                if quadrant[other] == quadrant[node]:
                    in_quadrant.add(colour)
        if self.options.get("setup") == "random":
            total = sum(left)
            return [(c, left[c] / total) for c in range(3) if left[c]]
        allowed = [c for c in range(3) if left[c] and c not in in_quadrant]
        if not allowed:
            allowed = [c for c in range(3) if left[c]]
        return [(c, 1 / len(allowed)) for c in allowed]

    def _settle(self) -> None:
        # The base loop with is_chance inlined.
        if not self.auto_chance:
            return
        log = self._log
        while self._chance and self._stage != "over":
            outcome = self._sample_chance()
            if log is not None:
                log.append((None, outcome, True))

    def _sample_chance(self) -> str:
        event = self._chance[0]
        if event[0] == "colour":
            choices = self._colour_choices(event[1])
            roll = self._rng.random()
            colour = choices[-1][0]
            for c, weight in choices:
                if roll < weight:
                    colour = c
                    break
                roll -= weight
            outcome = COLOURS[colour]
        else:
            pool = self._pools[pool_key(cast(int, self._colour[event[1]]), event[2])]
            outcome = _TILE_CODE[pool[self._rng.below(len(pool))]]
        self._apply_chance(outcome)
        return outcome

    def _apply_chance(self, outcome: str) -> None:
        event = self._chance.pop(0)
        if event[0] == "colour":
            self._colour[event[1]] = COLOURS.index(outcome)
        else:
            _, node, level, knower = event
            pool = self._pools[pool_key(cast(int, self._colour[node]), level)]
            tile = next(t for t in pool if _TILE_CODE[t] == outcome)
            pool.remove(tile)
            self._fixed[node][level] = (tile, knower)
        self._run()

    # -- results ----------------------------------------------------------------------

    def score_parts(self, seat: int) -> dict[str, int]:
        """The final-scoring breakdown for ``seat`` (provisional before the end)."""
        relics = self._relics[seat]
        held = sum(relics)
        distinct = sum(1 for count in relics if count)
        bonus = 0
        tile = self._ivory[seat].get(1)
        effect = "" if tile is None else _TILE_EFFECT[tile]
        if effect == "I1-a":
            bonus = 3 * len(self._ivory[seat])
        elif effect == "I1-b":
            bonus = 2 * self._rations[seat]
        elif effect == "I1-c":
            bonus = 5 * (held - distinct)
        elif effect == "I1-d":
            bonus = self._paths[seat].bit_count()
        elif effect == "I1-e":
            bonus = 4 * (TOOLBOXES - self._reserve[seat])
        return {
            "coins": self._coins[seat],
            "blue": sum(_TILE_VALUE[t] for t in self._blue[seat]),
            "relics": 5 * distinct,
            "ivory": bonus,
        }

    def scores(self) -> list[int]:
        return [sum(self.score_parts(seat).values()) for seat in range(self.players)]

    def winners(self) -> list[int]:
        """Highest score; ties go to most relics, then most different relics; then shared."""
        if not self.is_over:
            return []
        scores = self.scores()
        keys = [
            (scores[s], sum(self._relics[s]), sum(1 for c in self._relics[s] if c))
            for s in range(self.players)
        ]
        best = max(keys)
        return [seat for seat in range(self.players) if keys[seat] == best]

    @property
    def truncated(self) -> bool:
        return self._truncated

    # -- copies -----------------------------------------------------------------------

    def clone(self) -> RelicRunnersState:
        other = RelicRunnersState.__new__(RelicRunnersState)
        self._copy_base_into(other)
        for name in _SHARED:
            object.__setattr__(other, name, getattr(self, name))
        for name in _FLAT_LISTS:
            object.__setattr__(other, name, getattr(self, name).copy())
        other._levels = [levels.copy() for levels in self._levels]
        other._fixed = [fixed.copy() for fixed in self._fixed]
        other._pools = [pool.copy() for pool in self._pools]
        other._tools = [tools.copy() for tools in self._tools]
        other._ivory = [ivory.copy() for ivory in self._ivory]
        other._blue = [blue.copy() for blue in self._blue]
        other._blue_seen = [seen.copy() for seen in self._blue_seen]
        other._relics = [relics.copy() for relics in self._relics]
        return other

    def determinize(self, seat: int, rng: object = None) -> RelicRunnersState:
        """Everything ``seat`` cannot see is redrawn from the tiles it has not seen.

        Hidden are: face-down stack tiles (drawn lazily, so nothing to do unless
        someone looked at them with I2-b), the other seats' blue tiles (their
        levels are public, their values are not, unless ``seat`` saw the tile in
        its stack with I2-b), and the boxed tiles (the pools).
        Coin gains are public events at the table, so coin totals stay as they are.
        """
        self._require_seat(seat, "determinize")
        source = as_rng(rng)
        other = self.clone()
        other._log = None
        other._rng = Rng(source.next64())
        if self._stage == "over":
            return other  # every tile and coin is turned face up at the end
        me = 1 << seat
        hidden: list[tuple[str, int, int]] = []
        shown = set(self._shown)
        for s in range(self.players):
            if s == seat:
                continue
            for i, tile in enumerate(other._blue[s]):
                if tile not in shown and not other._blue_seen[s][i] & me:
                    hidden.append(("blue", s, i))
                    other._pools[pool_key(BLUE, _TILE_LEVEL[tile])].append(tile)
        for node, fixed in enumerate(other._fixed):
            for level, (tile, knower) in fixed.items():
                if not knower & me:
                    hidden.append(("stack", node, level))
                    other._pools[pool_key(_TILE_COLOUR[tile], level)].append(tile)
        for pool in other._pools:
            pool.sort()
        for kind, a, b in hidden:
            if kind == "blue":
                tile = other._blue[a][b]
                pool = other._pools[pool_key(BLUE, _TILE_LEVEL[tile])]
                other._blue[a][b] = pool.pop(source.below(len(pool)))
            else:
                tile, knower = other._fixed[a][b]
                pool = other._pools[pool_key(_TILE_COLOUR[tile], b)]
                other._fixed[a][b] = (pool.pop(source.below(len(pool))), knower)
        return other

    # -- views and JSON ----------------------------------------------------------------

    def view(self, seat: int | None) -> dict[str, Any]:
        from relicbox.games.relic_runners.views import build_view

        return build_view(self, seat)

    def _body_to_dict(self) -> dict[str, Any]:
        from relicbox.games.relic_runners.views import body_to_dict

        return body_to_dict(self)

    def _body_from_dict(self, body: Mapping[str, Any]) -> None:
        from relicbox.games.relic_runners.views import load_body

        load_body(self, body)


SCALAR_FIELDS = (
    "_collected",
    "_supply",
    "_final_seat",
    "_final_left",
    "_extra",
    "_truncated",
    "_turn",
    "_progress_turn",
    "_seat",
    "_stage",
    "_start",
    "_start_relic",
    "_moves",
    "_jumped",
    "_used",
    "_unexp",
    "_fam_before",
    "_free_order",
    "_bonus_steps",
    "_explored",
    "_tool_used",
    "_double",
    "_turn_gain",
    "_end_after",
    "_new_tile",
    "_lifted",
    "_moved_to",
    "_vacated",
)
"""Plain values (immutable, or never mutated in place), written to JSON as they are."""

_SHARED = ("_g", "_height", "_legal", *SCALAR_FIELDS)
"""Fields shared by clones: the scalars plus the board and caches derived from it."""

LIST_FIELDS = (
    "_colour",
    "_relic_on",
    "_tokens",
    "_discard",
    "_shown",
    "_pos",
    "_rations",
    "_paths",
    "_path_supply",
    "_reserve",
    "_start_row",
    "_coins",
    "_ability",
    "_route",
    "_turn_blue",
)
"""Flat lists of plain values, written to JSON as they are."""

_FLAT_LISTS = (*LIST_FIELDS, "_history", "_chance", "_agenda")
"""Flat lists copied by clones: the plain ones plus those the JSON form writes its own way.

The history is a :class:`~relicbox.core.history.History`: its copy shares every full chunk.
"""
