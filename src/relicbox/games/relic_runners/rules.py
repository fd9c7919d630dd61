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
from collections.abc import Callable, Mapping, Sequence
from typing import Any, cast

from relicbox.core.actions import Action
from relicbox.core.errors import Reason
from relicbox.core.game import Game, Option, State
from relicbox.core.history import FrozenDict, History
from relicbox.core.rng import Rng, as_rng
from relicbox.games.relic_runners import actions as A
from relicbox.games.relic_runners import tasks as T
from relicbox.games.relic_runners.actions import ACTION_SPACE
from relicbox.games.relic_runners.board import CAMP, NODE_IDS, Board, default_board, load_board
from relicbox.games.relic_runners.data import (
    ABILITIES,
    BLUE,
    CAMP_RATIONS_PER_PLAYER,
    CAMP_REFILL,
    COLOURS,
    COMPASS,
    EXPLORER_COLOURS,
    IVORY,
    IVORY_EFFECTS,
    MACHETE,
    PURPLE,
    RATION_CAP,
    RELICS_TO_END,
    RUIN_RELIC,
    SHOVEL,
    STACK_HEIGHT,
    TEMPLE_RELIC,
    TILE_BY_CODE,
    TILES,
    TOOLBOXES,
    pool_key,
)
from relicbox.games.relic_runners.movement import after_trail, bits, trail_allowed
from relicbox.games.relic_runners.movement import line_length as line_length  # bots use these
from relicbox.games.relic_runners.movement import move_routes as move_routes
from relicbox.games.relic_runners.parts import (
    CAN_GO_UP,
    FIELDS,
    NEED_PATHWAYS,
    NEED_PLACE,
    NEED_RESERVE,
    NEED_TEMPLE_TILE,
    STEPS,
    TOOL_USES,
    USES_BY_SLOT,
    PlayerBoard,
    Stage,
    ToolUse,
    TurnRecord,
    tool_slot,
)

_ACTION_IDS = ACTION_SPACE.ids
_NONE: tuple[Action, ...] = ()
_NO_TILES: Mapping[int, tuple[int, int]] = cast(Mapping[int, tuple[int, int]], FrozenDict())
"""A stack with no drawn tile. Stacks' drawn tiles (and stack levels, and the boxed pools) are
never changed in place but replaced, so clones share them (copy on write)."""


# Module aliases: looking a member up on an Enum class costs five times a global lookup.
_SETUP, _MOVE, _POST, _OVER = Stage.SETUP, Stage.MOVE, Stage.POST, Stage.OVER
_NO_FLIPS: list[int] = []
_ONE_SEAT = tuple((seat,) for seat in range(8))


_TILE_CODE = tuple(tile.code for tile in TILES)
_TILE_COLOUR = tuple(tile.colour for tile in TILES)
_TILE_LEVEL = tuple(tile.level for tile in TILES)
_TILE_EFFECT = tuple(tile.effect for tile in TILES)
_TILE_VALUE = tuple(tile.value for tile in TILES)
_IVORY_LEVEL = {code: int(code[1]) for code in IVORY_EFFECTS}

# When a held ivory tile acts (IVORY_PASSIVES): an event, or an amount it adds to.
PATHWAY_PLACED, FIRST_EXPLORER, RIVAL_RELOCATED, CAMP_LEFT, AFTER_LAST_TURN = (
    "pathway-placed",
    "first-explorer",
    "rival-relocated",
    "camp-left",
    "after-last-turn",
)
TEMPLE_GAIN, CAMP_ARRIVAL, FINAL_SCORING = "temple-gain", "camp-arrival", "final-scoring"


# What a decision outside any task does, by action index.
_DO_MOVE, _DO_STOP, _DO_EXPLORE, _DO_END, _DO_JUMP, _DO_IVORY, _DO_TOOL = range(7)
_BASE_KIND: dict[int, int] = {
    A.STOP.index: _DO_STOP,
    A.EXPLORE.index: _DO_EXPLORE,
    A.END.index: _DO_END,
    **{action.index: _DO_MOVE for row in A.MOVE for action in row if action is not None},
    **{action.index: _DO_JUMP for action in A.JUMP.values()},
    **{action.index: _DO_IVORY for action in A.USE_IVORY.values()},
    **{index: _DO_TOOL for index in TOOL_USES},
}
_END_ACTION, _STOP_ACTION = A.END, A.STOP
_JUMP_NODE = {action.index: node for node, action in A.JUMP.items()}
_NODE_OF = {
    action.index: node for table in (A.TARGET, A.START) for node, action in enumerate(table)
}
"""A ``target`` or ``start`` action's index -> its space."""
_FLIP_TOKEN = {action.index: k for k, action in enumerate(A.FLIP)}
_PICK_LEVEL = {action.index: level for level, action in A.PICK.items()}
_KEEP_CODE = {action.index: code for code, action in A.KEEP.items()}
_IVORY_CODE = {action.index: code for code, action in A.USE_IVORY.items()}


class Geo:
    """Per-board lookups for the hot path: adjacency with actions and trail bits."""

    __slots__ = (
        "adj",
        "board",
        "ends",
        "kind",
        "lift",
        "lift_trail",
        "path",
        "path_trail",
        "river_mask",
        "step",
        "token",
        "trails",
    )

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
        self.step: tuple[dict[int, tuple[int, int]], ...] = tuple(
            {action.index: (other, bit) for _, other, bit, action in links} for links in self.adj
        )
        """Per space, a move action's index -> (the space it leads to, its trail's bit)."""
        self.path_trail = {action.index: t for t, action in enumerate(self.path)}
        self.lift_trail = {action.index: t for t, action in enumerate(self.lift)}


_GEO: dict[str, Geo] = {}


def read_only(tiles: dict[int, tuple[int, int]]) -> Mapping[int, tuple[int, int]]:
    """A stack's drawn tiles as a read-only dict: clones share them (copy on write)."""
    return cast(Mapping[int, tuple[int, int]], FrozenDict(tiles))  # type: ignore[arg-type]


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


class RelicRunnersState(State):
    """One moment of a game of Relic Runners. Build it with ``relicbox.new_game``."""

    fields = FIELDS
    __slots__ = FIELDS.slots

    # -- set-up -----------------------------------------------------------------

    def _setup(self) -> None:
        n = self.players
        self._g = geo_for(self.options.get("board"))
        nodes = len(NODE_IDS)
        kind = self._g.kind
        self._height = STACK_HEIGHT[n]
        self._colour: list[int | None] = [None] * nodes
        self._levels: list[tuple[int, ...]] = [
            tuple(range(1, self._height + 1)) if kind[i] != "camp" else () for i in range(nodes)
        ]
        self._fixed: list[Mapping[int, tuple[int, int]]] = [_NO_TILES] * nodes
        self._relic_on = [False] * nodes
        self._tokens = [True] * 10
        first = self.options.get("setup") == "first"
        self._pools = [
            tuple(
                t.id
                for t in TILES
                if pool_key(t.colour, t.level) == key and not (first and t.red_gem)
            )
            for key in range(9)
        ]
        self._discard: list[int] = []
        self._shown: list[int] = []
        self._supply = CAMP_RATIONS_PER_PLAYER * n
        self._boards = [
            PlayerBoard(ABILITIES[EXPLORER_COLOURS[s]] if self.options.get("abilities") else None)
            for s in range(n)
        ]
        self._collected = 0
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
        self._stage = _SETUP
        self._clear_turn()
        self._start = CAMP
        self._start_relic: int | None = None
        self._chance: list[tuple[Any, ...]] = []
        self._agenda: list[T.Task] = [T.BEGIN, T.SETUP_PURPLES]
        self._legal: Sequence[Action] = _NONE
        self._deal_colours(first)
        self._run()

    def _apply_setup_ability(self, seat: int) -> None:
        ability = self._boards[seat].ability
        if ability == "extra-toolbox":
            self._boards[seat].reserve -= 1
            self._boards[seat].start_row += 1
        elif ability == "full-pack":
            extra = min(RATION_CAP - self._boards[seat].rations, self._supply)
            self._boards[seat].rations += extra
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
        self._this_turn = TurnRecord()

    # -- whose turn ---------------------------------------------------------------

    @property
    def to_act(self) -> tuple[int, ...]:
        if self._stage is _OVER or self._chance:
            return ()
        return _ONE_SEAT[self._seat]

    @property
    def is_over(self) -> bool:
        return self._stage is _OVER

    @property
    def is_chance(self) -> bool:
        return bool(self._chance) and self._stage is not _OVER

    @property
    def current_seat(self) -> int:
        return self._seat

    @property
    def phase(self) -> str:
        """What is being decided: a task name, or ``setup``/``move``/``post``/``over``."""
        if self._stage is _OVER:
            return "over"
        if self._agenda and self._agenda[-1].DECISION:
            return self._agenda[-1].KIND
        return str(self._stage.value)

    # -- the agenda ----------------------------------------------------------------

    def _run(self) -> None:
        """Run automatic tasks until a decision or a chance event is due; cache legal actions."""
        while True:
            if self._stage is _OVER:
                self._legal = _NONE
                return
            if self._chance:
                self._legal = _NONE
                return
            agenda = self._agenda
            if agenda:
                task = agenda[-1]
                if task.DECISION:
                    legal = _CHOICES[type(task)](self, task)
                    if not legal:
                        agenda.pop()
                        self._task_skipped(task)
                        continue
                    self._legal = legal
                    return
                agenda.pop()
                _AUTO[type(task)](self, task)
                continue
            if self._stage is _SETUP:
                self._stage = _OVER
                continue
            if self._this_turn.end_after:
                # Purple P-e (teleport to camp) ends the turn like walking into camp (§4.7).
                self._end_turn()
                continue
            legal = self._move_actions() if self._stage is _MOVE else self._post_actions()
            if len(legal) == 1:
                if legal[0] is _END_ACTION:
                    self._end_turn()  # the agenda is empty: as if END_TURN were run from it
                    continue
                if legal[0] is _STOP_ACTION:
                    self._stop()
                    continue
            self._legal = legal
            return

    def _task_skipped(self, task: T.Task) -> None:
        """A decision with no possible choice is dropped; some leave something to tidy."""
        if isinstance(task, T.Flip) and task.context == T.FLIP_EFFECT:
            self._flush_effect_steps()

    def _setup_purples(self) -> None:
        for node in range(len(NODE_IDS)):
            if self._colour[node] == PURPLE:
                self._turn_up(node)

    def _begin(self) -> None:
        self._agenda.append(T.FIRST_TURN)
        for seat in reversed(range(self.players)):
            ability = self._boards[seat].ability
            if ability == "head-start":
                self._agenda.extend([T.START, T.SetSeat(seat)])
            elif ability == "camp-pathway":
                self._agenda.extend([T.Place(CAMP, 0, 1, 0), T.SetSeat(seat)])

    # -- turns ------------------------------------------------------------------------

    def _start_turn(self, seat: int) -> None:
        self._seat = seat
        self._turn += 1
        self._stage = _MOVE
        self._clear_turn()
        pos = self._boards[seat].pos
        self._start = pos
        self._start_relic = self._relic_colour(pos) if self._relic_on[pos] else None
        self._this_turn.route = [pos]
        self._history.append(("turn", seat, self._turn))

    def _end_turn(self, task: object = None) -> None:
        # ``task``: the EndTurn task when run from the agenda (_AUTO calls it directly).
        seat = self._seat
        self._history.append(("end", seat))
        n = self.players
        if self._extra:
            self._finish()
            return
        if self._final_seat is not None:
            if self._final_left == 0:
                for holder in range(n):
                    if self._ivory_fires(holder, AFTER_LAST_TURN):
                        return  # the first holder of I1-f plays an extra turn
                self._finish()
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

    def _extra_turn(self, seat: int) -> None:
        """Ivory I1-f: the tile goes and ``seat`` plays once more after the last turn."""
        self._discard.append(self._boards[seat].ivory.pop(1))
        self._extra = True
        self._history.append(("extra", seat))
        self._start_turn(seat)

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
        self._clear_turn()
        self._stage = _OVER
        self._agenda = []
        self._chance = []
        self._history.append(("over",))

    # -- small helpers -------------------------------------------------------------

    def _relic_colour(self, node: int) -> int:
        if self._g.kind[node] == "ruin":
            return RUIN_RELIC
        return TEMPLE_RELIC[cast(int, self._colour[node])]

    def _has(self, seat: int, code: str) -> bool:
        tile = self._boards[seat].ivory.get(_IVORY_LEVEL[code])
        return tile is not None and _TILE_EFFECT[tile] == code

    def _ivory_fires(self, seat: int, when: str) -> bool:
        """Run the effect of ``seat``'s ivory tile that acts ``when`` (see IVORY_PASSIVES)."""
        level, effects = _PASSIVE[when]
        tile = self._boards[seat].ivory.get(level)
        effect = None if tile is None else effects.get(tile)
        if effect is None:
            return False
        effect(self, seat)
        return True

    def _ivory_adds(self, seat: int, when: str) -> int:
        """What ``seat``'s ivory tile that counts ``when`` adds to the amount (else 0)."""
        level, effects = _PASSIVE[when]
        tile = self._boards[seat].ivory.get(level)
        effect = None if tile is None else effects.get(tile)
        return 0 if effect is None else effect(self, seat) or 0

    def _level2(self, seat: int) -> str:
        """The effect of ``seat``'s level 2 ivory tile (one at most), or ``""``."""
        tile = self._boards[seat].ivory.get(2)
        return "" if tile is None else _TILE_EFFECT[tile]

    def _use_ivory(self, seat: int, code: str) -> None:
        tile = self._boards[seat].ivory.pop(int(code[1]))
        self._discard.append(tile)
        self._history.append(("use-ivory", seat, code))

    def _gain(self, seat: int, amount: int, reason: str, temple: bool = False) -> None:
        if temple:
            amount += self._ivory_adds(seat, TEMPLE_GAIN)
        if seat == self._seat:
            if self._this_turn.double:
                amount *= 2
            else:
                self._this_turn.turn_gain += amount  # for the whole-turn reading of Shovel level 3
        if amount:
            self._boards[seat].coins += amount
            self._history.append(("coins", seat, amount, reason))

    def _take_rations(self, seat: int, wanted: int, reason: str) -> None:
        got = min(wanted, RATION_CAP - self._boards[seat].rations, self._supply)
        if got > 0:
            self._boards[seat].rations += got
            self._supply -= got
        self._history.append(("rations", seat, max(got, 0), reason))

    def _arrive_camp(self, seat: int) -> None:
        wanted = 4 if self._boards[seat].ability == "big-refill" else CAMP_REFILL
        wanted += self._ivory_adds(seat, CAMP_ARRIVAL)
        self._take_rations(seat, wanted, "camp")

    def _movable_toolboxes(self, seat: int) -> bool:
        tools = self._boards[seat].tools
        return self._boards[seat].start_row > 0 or any(tools[slot] for slot in CAN_GO_UP)

    def _push_steps(self, count: int) -> None:
        if count > 0 and self._movable_toolboxes(self._seat):
            self._agenda.append(T.Steps(count))

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
        if type(seat) is int and seat == self._seat:
            return self._legal  # empty while chance is pending or the game is over (see _run)
        self._require_seat(seat, "legal_actions")
        return _NONE

    def _move_actions(self) -> list[Action]:
        seat = self._seat
        board = self._boards[seat]
        turn = self._this_turn
        pos = board.pos
        paths = board.paths
        unexp, before, free = turn.unexp, turn.fam_before, turn.free_order
        # trail_allowed() for all trails at once: the familiar ones and the unexplored ones
        open_ = (paths if trail_allowed(True, unexp, before, free) else 0) | (
            ~paths if trail_allowed(False, unexp, False, False) else 0
        )
        open_ &= ~turn.used
        start = self._start
        legal: list[Action] = []
        for t, other, bit, action in self._g.adj[pos]:
            if open_ & bit and (other != start or self._can_continue(t, bool(paths & bit))):
                legal.append(action)
        if turn.moves:
            if unexp and before and not free and self._level2(seat) == "I2-a":
                legal.append(A.USE_IVORY["I2-a"])
            if pos != start:
                legal.append(A.STOP)
            return legal
        legal.extend(self._start_of_turn_actions(seat, pos))
        return legal

    def _can_continue(self, t: int, familiar: bool) -> bool:
        """After stepping back onto the start space along ``t``, can the move still go on?"""
        start = self._start
        if start == CAMP:
            return False
        used = self._this_turn.used | (1 << t)
        unexp, before = after_trail(familiar, self._this_turn.unexp, self._this_turn.fam_before)
        paths = self._boards[self._seat].paths
        return any(
            not used & bit
            and trail_allowed(bool(paths & bit), unexp, before, self._this_turn.free_order)
            for _, _, bit, _ in self._g.adj[start]
        )

    def _start_of_turn_actions(self, seat: int, pos: int) -> list[Action]:
        legal: list[Action] = []
        ivory = self._level2(seat)
        if ivory == "I2-f":
            legal.extend(self._jump_actions(pos))
        elif ivory == "I2-a" and not self._this_turn.free_order:
            legal.append(A.USE_IVORY["I2-a"])
        elif ivory == "I2-c":
            legal.append(A.USE_IVORY["I2-c"])
        if not self._this_turn.tool_used:
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
        board = self._boards[seat]
        pos = board.pos
        turn = self._this_turn
        legal: list[Action] = []
        if self._explore_blocker(seat) is None:
            legal.append(A.EXPLORE)
            if self._colour[pos] is not None and self._level2(seat) == "I2-b":
                legal.append(A.USE_IVORY["I2-b"])
        if not turn.tool_used:
            legal.extend(self._tool_actions(seat, pos))
        legal.append(A.END)
        return legal

    def _tool_actions(self, seat: int, pos: int) -> Sequence[Action]:
        tools = self._boards[seat].tools
        if not any(tools):
            return _NONE
        legal: list[Action] = []
        for slot, uses in USES_BY_SLOT:
            if tools[slot]:
                for use in uses:
                    if not use.need or self._tool_feasible(seat, pos, use):
                        legal.append(use.action)
        return legal

    def _tool_feasible(self, seat: int, pos: int, use: ToolUse) -> bool:
        """Can ``use`` be carried out in full here (its toolbox aside)?"""
        need = use.need
        if need == NEED_TEMPLE_TILE:
            return self._colour[pos] is not None and bool(self._levels[pos])
        if need == NEED_PATHWAYS:
            return self._boards[seat].paths.bit_count() >= use.level
        if need == NEED_RESERVE:
            return self._boards[seat].reserve > 0
        if need == NEED_PLACE:
            return self._boards[seat].path_supply > 0 and bool(
                self._place_targets(seat, pos, False, False)
            )
        return True

    def _lift_choices(self, task: T.Lift) -> list[Action]:
        return [
            self._g.lift[t]
            for t in bits(self._boards[self._seat].paths & ~self._this_turn.moved_to)
        ]

    def _keep_choices(self, task: T.Keep) -> list[Action]:
        seat = self._seat
        old = self._boards[seat].ivory[task.level]
        new = cast(int, self._this_turn.new_tile)
        legal = [A.KEEP[_TILE_CODE[old]], A.KEEP[_TILE_CODE[new]]]
        for tile in (old, new):
            legal.extend(self._uses_before_discard(seat, _TILE_EFFECT[tile]))
        return sorted(legal, key=lambda a: a.index)

    def _pick_choices(self, task: T.Pick) -> list[Action]:
        levels = self._levels[task.node]
        if task.offer_look:
            return [A.PICK[levels[-1]], A.USE_IVORY["I2-b"]]
        return [A.PICK[level] for level in levels]

    def _target_choices(self, task: T.Target) -> list[Action]:
        return [A.TARGET[node] for node in self._targets(task.origin, task.forbidden)]

    def _flip_choices(self, task: T.Flip) -> list[Action]:
        legal = [A.FLIP[k] for k in range(10) if not task.mask >> k & 1]
        if not task.must:
            legal.append(A.DONE)
        return legal

    def _steps_choices(self, task: T.Steps) -> list[Action]:
        return self._step_actions(self._seat)

    def _start_choices(self, task: T.Start) -> list[Action]:
        return [A.START[CAMP]] + [A.START[other] for other in self._g.board.neighbours(CAMP)]

    def _uses_before_discard(self, seat: int, code: str) -> list[Action]:
        """A level 2 tile about to be discarded may be used first, where its effect applies now.

        Only the tiles that act at the start of a turn (before moving) or on a temple not
        yet explored can apply while a choice between two tiles is pending (§1.5).
        """
        pos = self._boards[seat].pos
        before_move = self._stage is _MOVE and not self._this_turn.moves
        if code == "I2-a" and before_move and not self._this_turn.free_order:
            return [A.USE_IVORY[code]]
        if code == "I2-c" and before_move:
            return [A.USE_IVORY[code]]
        if code == "I2-f" and before_move:
            return self._jump_actions(pos)
        if code == "I2-b" and self._explore_blocker(seat) is None and self._colour[pos] is not None:
            return [A.USE_IVORY[code]]
        return []

    def _explore_blocker(self, seat: int) -> str | None:
        """What keeps ``seat`` from exploring now (``None``: nothing): ``moving``,
        ``explored``, ``no-ration`` or ``no-stack``. The legal actions and their explanations
        both ask it."""
        if self._stage is not _POST:
            return "moving"
        if self._this_turn.explored:
            return "explored"
        board = self._boards[seat]
        if board.rations <= 0:
            return "no-ration"
        if not self._levels[board.pos]:
            return "no-stack"
        return None

    def _place_targets(self, seat: int, node: int, anywhere: bool, relocate: bool) -> list[int]:
        own = self._boards[seat].paths
        if relocate:
            own |= self._this_turn.vacated
        if anywhere:
            return [t for t in range(self._g.trails) if not own >> t & 1]
        return [t for t, _, bit, _ in self._g.adj[node] if not own & bit]

    def _place_choices(self, task: T.Place) -> list[Action]:
        seat = self._seat
        node, anywhere, count, relocate = task.node, task.anywhere, task.count, task.relocate
        targets = self._place_targets(seat, node, bool(anywhere), bool(relocate))
        legal = [self._g.path[t] for t in targets]
        if not relocate:
            # The one-use tiles stay optional: I2-d only where two pathways fit, and
            # I2-e with nowhere to place near by comes with ``done`` (place nothing).
            if (
                count == 1
                and len(targets) >= 2
                and self._boards[seat].path_supply >= 2
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
        if self._boards[seat].start_row:
            legal.extend(A.STEP_START)
        tools = self._boards[seat].tools
        for b in range(3):
            for level in (1, 2):
                if tools[tool_slot(b, level)]:
                    legal.append(A.STEP_UP[b][level - 1])
        return legal

    # -- applying decisions ------------------------------------------------------------

    def _why_illegal(self, seat: int, action: Action) -> Reason | None:
        not_a_seat = self._not_a_seat(seat)
        if not_a_seat is not None:
            return not_a_seat
        if self._stage is _OVER:
            return Reason.of("error-game-over")
        if self._chance:
            return Reason.of("rr-error-chance")
        if seat != self._seat:
            return Reason.of("rr-error-turn", seat=self._seat, player=self._seat + 1)
        for legal in self._legal:
            if legal is action:
                return None
        return _BOUND.explain(self, action)

    def _is_legal(self, seat: int, action: Action) -> bool:
        # A look-up in the cached legal list (empty while chance is pending or the game is
        # over): simulations spend most of their time in act.
        if type(seat) is not int or seat != self._seat:
            return False
        for legal in self._legal:  # noqa: SIM110 - a plain loop beats any() with a generator
            if legal is action:
                return True
        return False

    def _apply(self, seat: int, action: Action) -> None:
        agenda = self._agenda
        if agenda and agenda[-1].DECISION:
            task = agenda.pop()
            _DECIDE[type(task)](self, seat, task, action)
        else:
            self._base_decide(seat, action)
        self._run()

    def _base_decide(self, seat: int, action: Action) -> None:
        kind = _BASE_KIND[action.index]
        if kind == _DO_MOVE:
            self._step(seat, action)
        elif kind == _DO_STOP:
            self._stop()
        elif kind == _DO_EXPLORE:
            self._pay_ration(seat)
            self._this_turn.explored = True
            self._explore(self._boards[seat].pos, self._boards[seat].pos, 0)
        elif kind == _DO_END:
            self._agenda.append(T.END_TURN)
        elif kind == _DO_JUMP:
            self._jump(seat, _JUMP_NODE[action.index])
        elif kind == _DO_IVORY:
            self._use_ivory_action(seat, _IVORY_CODE[action.index])
        else:
            self._use_tool(seat, TOOL_USES[action.index])

    def _pay_ration(self, seat: int) -> None:
        self._boards[seat].rations -= 1
        self._supply += 1

    # -- movement ---------------------------------------------------------------------

    def _step(self, seat: int, action: Action) -> None:
        board = self._boards[seat]
        turn = self._this_turn
        pos = board.pos
        other, bit = self._g.step[pos][action.index]
        turn.unexp, turn.fam_before = after_trail(
            bool(board.paths & bit), turn.unexp, turn.fam_before
        )
        turn.used |= bit
        turn.moves += 1
        board.pos = other
        turn.route.append(other)
        if other == CAMP:
            self._stop()
        if pos == CAMP:
            self._ivory_fires(seat, CAMP_LEFT)

    def _stop(self) -> None:
        turn = self._this_turn
        self._history.append(
            ("move", self._seat, tuple(turn.route), turn.used & self._g.river_mask)
        )
        self._stage = _POST
        self._agenda.append(T.AFTER_MOVE)

    def _jump(self, seat: int, node: int) -> None:
        self._use_ivory(seat, "I2-f")
        self._jump_to(seat, node)

    def _jump_to(self, seat: int, node: int) -> None:
        self._boards[seat].pos = node
        self._this_turn.jumped = True
        self._history.append(("jump", seat, self._start, node))
        self._stage = _POST

    def _after_move(self, task: object = None) -> None:
        # ``task``: the AfterMove task (_AUTO calls it directly).
        seat = self._seat
        pos = self._boards[seat].pos
        if (
            self._start_relic is not None
            and self._relic_on[pos]
            and pos != self._start
            and self._relic_colour(pos) == self._start_relic
        ):
            self._expedition(seat, pos)
        turn = self._this_turn
        steps = turn.bonus_steps
        turn.bonus_steps = 0
        rivers = turn.used & self._g.river_mask
        flipped = (
            [k for t in bits(rivers) if self._tokens[k := cast(int, self._g.token[t])]]
            if rivers
            else _NO_FLIPS
        )
        for k in flipped:
            self._tokens[k] = False
        steps += len(flipped)
        if flipped:
            self._history.append(("tokens", seat, tuple(flipped)))
            if not any(self._tokens):
                steps += self._reset_tokens(seat)
        if pos == CAMP:
            self._arrive_camp(seat)
            self._agenda.append(T.END_TURN)
        if steps:
            self._push_steps(steps)

    def _reset_tokens(self, seat: int) -> int:
        self._tokens = [True] * 10
        self._history.append(("reset", seat))
        return 1

    def _expedition(self, seat: int, node: int) -> None:
        colour = self._relic_colour(node)
        self._relic_on[node] = False
        self._boards[seat].relics[colour] += 1
        self._collected += 1
        self._progress_turn = self._turn
        self._history.append(("relic", seat, node, colour, self._this_turn.moves))
        self._gain(seat, 2 * self._this_turn.moves, "expedition")
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
            self._levels[node] = levels[:-1]
            self._progress_turn = self._turn
            self._history.append(("ruin", seat, node))
            if first:
                self._ivory_fires(seat, FIRST_EXPLORER)
            self._shrine_check(node)
            if self._boards[seat].path_supply:
                self._agenda.append(T.Place(origin, 0, 1, 0))
            return
        level = levels[-1]
        if (
            search
            and len(levels) > 1
            and self._has(seat, "I2-b")
            and self.options.get("i2b") != "explore-only"
        ):
            self._agenda.append(T.Pick(node, origin, forbidden, 1))
            return
        self._agenda.append(T.Take(node, level, origin, forbidden))
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
            self._fix(node, level, fixed[0], fixed[1] | knower)

    def _fix(self, node: int, level: int, tile: int, knower: int) -> None:
        """Record the tile at ``node``/``level`` and who knows it (copy on write)."""
        fixed = dict(self._fixed[node])
        fixed[level] = (tile, knower)
        self._fixed[node] = read_only(fixed)

    def _take(self, node: int, level: int, origin: int, forbidden: int) -> None:
        seat = self._seat
        levels = self._levels[node]
        first = len(levels) == self._height
        fixed = dict(self._fixed[node])
        tile, knower = fixed.pop(level)
        self._fixed[node] = read_only(fixed)
        self._levels[node] = tuple(other for other in levels if other != level)
        self._progress_turn = self._turn
        if first:
            self._ivory_fires(seat, FIRST_EXPLORER)
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
        if level in self._boards[seat].ivory:
            self._this_turn.new_tile = tile
            self._agenda.append(T.Keep(level))
            self._gain(seat, 2, "compensation", temple=True)
        else:
            self._boards[seat].ivory[level] = tile

    def _take_blue(self, seat: int, node: int, tile: int, knower: int) -> None:
        self._boards[seat].blue.append(tile)
        self._boards[seat].blue_seen.append(knower)
        self._history.append(("blue", seat, node, _TILE_LEVEL[tile]))
        self._gain(seat, 0, "blue", temple=True)
        if self._this_turn.double:
            self._show_blue(seat, tile)
        elif seat == self._seat:
            # by position in the seat's blue tiles, which determinize keeps in place
            self._this_turn.turn_blue.append(len(self._boards[seat].blue) - 1)

    def _show_blue(self, seat: int, tile: int) -> None:
        """Shovel level 3 on a blue tile: show it and take its value in coins now as well."""
        self._shown.append(tile)
        self._history.append(("show", seat, tile))
        self._boards[seat].coins += _TILE_VALUE[tile]
        self._history.append(("coins", seat, _TILE_VALUE[tile], "shown"))

    def _take_purple(self, seat: int, node: int, tile: int, origin: int, forbidden: int) -> None:
        self._discard.append(tile)
        effect = _TILE_EFFECT[tile]
        self._history.append(("purple", seat, node, tile))
        self._agenda.append(T.TurnUp(node))
        PURPLE_EFFECTS[effect](self, seat, node, origin, forbidden)

    def _teleport(self, seat: int) -> None:
        """Purple P-e: to the camp, with its rations; the turn ends (or the move is owed)."""
        self._boards[seat].pos = CAMP
        self._history.append(("teleport", seat))
        self._arrive_camp(seat)
        if self._stage is _MOVE:
            # Taken before moving (Machete 1): the move is still owed, and it starts
            # from the camp; it may not end where the turn began (§1.4).
            self._this_turn.route = [CAMP]
        else:
            self._this_turn.end_after = self.options.get("teleport_ends_turn", True) is not False

    def _turn_up(self, node: int) -> None:
        levels = self._levels[node]
        if levels and levels[-1] not in self._fixed[node]:
            self._chance.append(("reveal", node, levels[-1], (1 << self.players) - 1))
        elif levels:
            tile, _ = self._fixed[node][levels[-1]]
            self._fix(node, levels[-1], tile, (1 << self.players) - 1)

    def _bring_toolbox(self, seat: int) -> None:
        if self._boards[seat].reserve:
            self._boards[seat].reserve -= 1
            self._boards[seat].start_row += 1
            self._history.append(("toolbox", seat))

    def _begin_relocation(self, count: int) -> None:
        self._this_turn.moved_to = 0
        self._this_turn.vacated = 0
        if self._boards[self._seat].paths:
            self._agenda.append(T.Lift(count))

    # -- decisions inside tasks ------------------------------------------------------------

    def _decide_keep(self, seat: int, task: T.Keep, action: Action) -> None:
        code = _KEEP_CODE.get(action.index)
        if code is not None:
            self._keep(seat, task.level, code)
        else:
            self._use_before_discard(seat, task.level, action)

    def _decide_pick(self, seat: int, task: T.Pick, action: Action) -> None:
        if action is A.USE_IVORY["I2-b"]:
            self._use_ivory(seat, "I2-b")
            self._look_through(seat, task.node, task.origin, task.forbidden)
            return
        level = _PICK_LEVEL[action.index]
        self._agenda.append(T.Take(task.node, level, task.origin, task.forbidden))
        self._reveal(task.node, level, seat)

    def _decide_target(self, seat: int, task: T.Target, action: Action) -> None:
        node = _NODE_OF[action.index]
        self._history.append(("target", seat, node))
        self._explore(node, task.origin, task.forbidden, search=True)

    def _decide_steps(self, seat: int, task: T.Steps, action: Action) -> None:
        self._advance(seat, action)
        if task.count > 1:
            self._push_steps(task.count - 1)

    def _decide_start(self, seat: int, task: T.Start, action: Action) -> None:
        node = _NODE_OF[action.index]
        self._boards[seat].pos = node
        self._history.append(("start", seat, node))

    def _decide_place(self, seat: int, task: T.Place, action: Action) -> None:
        node, anywhere, count, relocate = task.node, task.anywhere, task.count, task.relocate
        if action is A.USE_IVORY["I2-d"]:
            self._use_ivory(seat, "I2-d")
            self._agenda.append(T.Place(node, anywhere, count + 1, relocate))
            return
        if action is A.USE_IVORY["I2-e"]:
            self._use_ivory(seat, "I2-e")
            self._agenda.append(T.Place(node, 1, count, relocate))
            return
        if action is A.DONE:
            return  # nowhere to place near by, and the I2-e tile is kept
        trail = self._g.path_trail[action.index]
        bit = 1 << trail
        self._boards[seat].paths |= bit
        if relocate:
            self._history.append(("relocate", seat, self._this_turn.lifted, trail))
            self._this_turn.lifted = None
            self._this_turn.moved_to |= bit
            for other in range(self.players):
                if other != seat:
                    self._ivory_fires(other, RIVAL_RELOCATED)
            return
        self._boards[seat].path_supply -= 1
        self._progress_turn = self._turn
        self._history.append(("pathway", seat, trail))
        self._ivory_fires(seat, PATHWAY_PLACED)
        if count > 1 and self._boards[seat].path_supply:
            self._agenda.append(T.Place(node, anywhere, count - 1, relocate))

    def _lift(self, seat: int, task: T.Lift, action: Action) -> None:
        trail = self._g.lift_trail[action.index]
        self._boards[seat].paths &= ~(1 << trail)
        self._this_turn.lifted = trail
        self._this_turn.vacated |= 1 << trail
        if task.count > 1:
            self._agenda.append(T.Lift(task.count - 1))
        self._agenda.append(T.Place(self._boards[seat].pos, 1, 1, 1))

    def _keep(self, seat: int, level: int, code: str) -> None:
        old = self._boards[seat].ivory[level]
        new = cast(int, self._this_turn.new_tile)
        keep, drop = (old, new) if _TILE_CODE[old] == code else (new, old)
        self._boards[seat].ivory[level] = keep
        self._discard.append(drop)
        self._this_turn.new_tile = None
        self._history.append(("keep", seat, keep, drop))

    def _use_before_discard(self, seat: int, level: int, action: Action) -> None:
        """Keep one tile of the pair and use the other's effect as it is discarded."""
        jump_to = _JUMP_NODE.get(action.index)
        code = "I2-f" if jump_to is not None else _IVORY_CODE[action.index]
        old = self._boards[seat].ivory[level]
        other = cast(int, self._this_turn.new_tile) if _TILE_EFFECT[old] == code else old
        self._keep(seat, level, _TILE_CODE[other])
        self._history.append(("use-ivory", seat, code))
        if jump_to is not None:
            self._jump_to(seat, jump_to)
        else:
            self._ivory_effect(seat, code)

    def _decide_flip(self, seat: int, task: T.Flip, action: Action) -> None:
        remaining, mandatory, mask, context = task.left, task.must, task.mask, task.context
        if action is A.DONE:
            self._end_flips(context)
            return
        k = _FLIP_TOKEN[action.index]
        self._tokens[k] = not self._tokens[k]
        self._history.append(("flip", seat, k, self._tokens[k]))
        if not any(self._tokens):
            self._this_turn.bonus_steps += self._reset_tokens(seat)
        if remaining > 1:
            self._agenda.append(T.Flip(remaining - 1, mandatory, mask | 1 << k, context))
        else:
            self._end_flips(context)

    def _end_flips(self, context: str) -> None:
        if context == T.FLIP_EFFECT:
            self._flush_effect_steps()

    def _flush_effect_steps(self) -> None:
        turn = self._this_turn
        steps, turn.bonus_steps = turn.bonus_steps, 0
        self._push_steps(steps)

    def _advance(self, seat: int, action: Action) -> None:
        source, target = STEPS[action.index]
        tools = self._boards[seat].tools
        if source is None:
            self._boards[seat].start_row -= 1
        else:
            tools[source] -= 1
        tools[target] += 1
        self._history.append(("step", seat, action.text[5:]))

    # -- one-use ivory tiles and toolboxes --------------------------------------------------

    def _use_ivory_action(self, seat: int, code: str) -> None:
        self._use_ivory(seat, code)
        self._ivory_effect(seat, code)

    def _ivory_effect(self, seat: int, code: str) -> None:
        IVORY_USES[code](self, seat)

    def _free_the_order(self, seat: int) -> None:
        self._this_turn.free_order = True

    def _look_here(self, seat: int) -> None:
        self._pay_ration(seat)
        self._this_turn.explored = True
        node = self._boards[seat].pos
        self._look_through(seat, node, node, 0)

    def _look_through(self, seat: int, node: int, origin: int, forbidden: int) -> None:
        """I2-b: see every tile left in the stack at ``node`` and choose which to take."""
        self._agenda.append(T.Pick(node, origin, forbidden, 0))
        for level in reversed(self._levels[node]):
            self._reveal(node, level, seat, private=True)

    def _use_tool(self, seat: int, use: ToolUse) -> None:
        board = self._boards[seat]
        board.tools[use.slot] -= 1
        board.start_row += 1
        self._this_turn.tool_used = True
        self._history.append(("tool", seat, use.action.text[4:]))
        TOOL_EFFECTS[use.branch, use.level, use.choice](self, seat, board.pos)

    def _machete_explore(self, seat: int, pos: int) -> None:
        self._explore(pos, pos, 0, search=True)

    def _double_gains(self, seat: int, pos: int) -> None:
        self._this_turn.double = True
        if self.options.get("shovel3") != "after":
            self._double_earlier_gains(seat)

    def _double_earlier_gains(self, seat: int) -> None:
        """The retroactive reading (§4.14): what this turn already earned counts twice too."""
        if self._this_turn.turn_gain:
            self._boards[seat].coins += self._this_turn.turn_gain
            self._history.append(("coins", seat, self._this_turn.turn_gain, "shovel"))
        for index in self._this_turn.turn_blue:
            self._show_blue(seat, self._boards[seat].blue[index])
        self._this_turn.turn_gain = 0
        self._this_turn.turn_blue = []

    def longest_line(self, seat: int) -> int:
        """Trails in ``seat``'s longest trail-simple line of pathways, not passing through camp."""
        adjacent = {
            node: [(t, other) for t, other, _, _ in links] for node, links in enumerate(self._g.adj)
        }
        return line_length(adjacent, set(bits(self._boards[seat].paths)), CAMP)

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
        if not self._chance or not self.auto_chance:
            return
        log = self._log
        while self._chance and self._stage is not _OVER:
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
            key = pool_key(cast(int, self._colour[node]), level)
            pool = self._pools[key]
            at = next(i for i, t in enumerate(pool) if _TILE_CODE[t] == outcome)
            self._pools[key] = pool[:at] + pool[at + 1 :]
            self._fix(node, level, pool[at], knower)
        self._run()

    # -- results ----------------------------------------------------------------------

    def score_parts(self, seat: int) -> dict[str, int]:
        """The final-scoring breakdown for ``seat`` (provisional before the end)."""
        relics = self._boards[seat].relics
        distinct = sum(1 for count in relics if count)
        return {
            "coins": self._boards[seat].coins,
            "blue": sum(_TILE_VALUE[t] for t in self._boards[seat].blue),
            "relics": 5 * distinct,
            "ivory": self._ivory_adds(seat, FINAL_SCORING),
        }

    def scores(self) -> list[int]:
        return [sum(self.score_parts(seat).values()) for seat in range(self.players)]

    def winners(self) -> list[int]:
        """Highest score; ties go to most relics, then most different relics; then shared."""
        if not self.is_over:
            return []
        scores = self.scores()
        keys = [
            (scores[s], sum(self._boards[s].relics), sum(1 for c in self._boards[s].relics if c))
            for s in range(self.players)
        ]
        best = max(keys)
        return [seat for seat in range(self.players) if keys[seat] == best]

    @property
    def truncated(self) -> bool:
        return self._truncated

    # -- copies -----------------------------------------------------------------------

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
        if self._stage is _OVER:
            return other  # every tile and coin is turned face up at the end
        me = 1 << seat
        hidden: list[tuple[str, int, int]] = []
        shown = set(self._shown)
        pools = [list(pool) for pool in other._pools]
        for s in range(self.players):
            if s == seat:
                continue
            for i, tile in enumerate(other._boards[s].blue):
                if tile not in shown and not other._boards[s].blue_seen[i] & me:
                    hidden.append(("blue", s, i))
                    pools[pool_key(BLUE, _TILE_LEVEL[tile])].append(tile)
        for node, fixed in enumerate(other._fixed):
            for level, (tile, knower) in fixed.items():
                if not knower & me:
                    hidden.append(("stack", node, level))
                    pools[pool_key(_TILE_COLOUR[tile], level)].append(tile)
        for pool in pools:
            pool.sort()
        for kind, a, b in hidden:
            if kind == "blue":
                tile = other._boards[a].blue[b]
                pool = pools[pool_key(BLUE, _TILE_LEVEL[tile])]
                other._boards[a].blue[b] = pool.pop(source.below(len(pool)))
            else:
                tile, knower = other._fixed[a][b]
                pool = pools[pool_key(_TILE_COLOUR[tile], b)]
                other._fix(a, b, pool.pop(source.below(len(pool))), knower)
        other._pools = [tuple(pool) for pool in pools]
        return other


# -- metadata ---------------------------------------------------------------------------

NO_PROGRESS_ROUNDS = 30
"""Rounds without progress after which a game ends by the backstop (see the docstring)."""

GAME = Game(
    name="relic-runners",
    title="Relic Runners",
    min_players=2,
    max_players=5,
    default_players=3,
    rules_version="relic-runners/3",
    action_space=ACTION_SPACE,
    state_class=RelicRunnersState,
    aliases=("relic_runners", "relicrunners"),
    options=(
        Option(
            "setup",
            "standard",
            "temple layout: first (fixed colours, no red-gem tiles), standard (one of each "
            "colour per quadrant where possible) or random",
            ("first", "standard", "random"),
        ),
        Option(
            "abilities",
            False,
            "play the explorer boards' ability sides (three of the five are placeholders)",
            (False, True),
        ),
        Option(
            "board",
            None,
            "a board file (JSON or TOML) instead of the default map",
            data_file=True,
        ),
        Option(
            "teleport_ends_turn",
            True,
            "purple P-e (teleport to camp) ends the turn, as walking into camp does",
            (True, False),
        ),
        Option(
            "shovel3",
            "whole-turn",
            "Shovel level 3 doubles every VP gained in that turn (whole-turn) or only "
            "the VP gained after it is used (after)",
            ("whole-turn", "after"),
        ),
        Option(
            "i2b",
            "any-exploration",
            "ivory I2-b (look through a stack) also works when Machete 1 or purple P-g "
            "explores a temple (any-exploration), or only on a normal explore "
            "(explore-only)",
            ("any-exploration", "explore-only"),
        ),
        Option(
            "no_progress_rounds",
            NO_PROGRESS_ROUNDS,
            "end the game, flagged truncated, after this many rounds in which nobody "
            "explored, placed a pathway or took a relic (0 = never)",
            integer=True,
        ),
        Option(
            "max_turns",
            None,
            "end the game after this many turns, flagged truncated (for simulations)",
            integer=True,
        ),
    ),
    summary="Explore the jungle, build pathways and race for relics between shrines.",
    extra={"test_options": {"max_turns": 80}},
)
"""Relic Runners' metadata; the package registers it with its views, codec, text, bots and
sampler (see ``relicbox.games.relic_runners``)."""


def _unbound(*args: object) -> Any:
    raise NotImplementedError("import relicbox.games.relic_runners: it binds views and codec")


class _Bound:
    """The words of a refusal: ``explain`` imports these rules, so the package binds it here
    (see :func:`bind`) and the imports run one way."""

    __slots__ = ("explain",)

    def __init__(self) -> None:
        self.explain: Callable[[RelicRunnersState, Action], Reason] = _unbound


_BOUND = _Bound()


def bind(explain: Callable[[RelicRunnersState, Action], Reason]) -> None:
    """Give the state the reason for a refused action (asked only on refusal)."""
    _BOUND.explain = explain


_S = RelicRunnersState
_AUTO: dict[type[T.Task], Callable[[_S, Any], None]] = {
    T.Begin: lambda state, task: state._begin(),
    T.SetupPurples: lambda state, task: state._setup_purples(),
    T.FirstTurn: lambda state, task: state._start_turn(0),
    T.SetSeat: lambda state, task: setattr(state, "_seat", task.seat),
    T.Take: lambda state, task: state._take(task.node, task.level, task.origin, task.forbidden),
    T.TurnUp: lambda state, task: state._turn_up(task.node),
    T.AfterMove: _S._after_move,
    T.EndTurn: _S._end_turn,
}
"""What each task that runs by itself does."""

_CHOICES: dict[type[T.Task], Callable[[_S, Any], list[Action]]] = {
    T.Place: _S._place_choices,
    T.Lift: _S._lift_choices,
    T.Keep: _S._keep_choices,
    T.Pick: _S._pick_choices,
    T.Target: _S._target_choices,
    T.Flip: _S._flip_choices,
    T.Steps: _S._steps_choices,
    T.Start: _S._start_choices,
}
"""The legal actions of each decision task."""

_DECIDE: dict[type[T.Task], Callable[[_S, int, Any, Action], None]] = {
    T.Place: _S._decide_place,
    T.Lift: _S._lift,
    T.Keep: _S._decide_keep,
    T.Pick: _S._decide_pick,
    T.Target: _S._decide_target,
    T.Flip: _S._decide_flip,
    T.Steps: _S._decide_steps,
    T.Start: _S._decide_start,
}
"""What a decision does to its task."""

# -- the effects tables -----------------------------------------------------------------
# What each toolbox use needs is in parts.TOOL_USES (for the legal actions).

_Tool = Callable[[_S, int, int], None]
TOOL_EFFECTS: dict[tuple[int, int, str], _Tool] = {
    (MACHETE, 1, ""): _S._machete_explore,
    (MACHETE, 2, ""): lambda state, seat, pos: state._take_rations(seat, 2, "machete"),
    (MACHETE, 3, ""): lambda state, seat, pos: state._gain(
        seat, 4 * sum(state._boards[seat].relics), "machete"
    ),
    (COMPASS, 1, ""): lambda state, seat, pos: state._begin_relocation(1),
    (COMPASS, 2, ""): lambda state, seat, pos: state._begin_relocation(2),
    (COMPASS, 3, ""): lambda state, seat, pos: state._gain(
        seat, 2 * state.longest_line(seat), "compass"
    ),
    (SHOVEL, 1, "toolbox"): lambda state, seat, pos: state._bring_toolbox(seat),
    (SHOVEL, 1, "vp"): lambda state, seat, pos: state._gain(seat, 2, "shovel"),
    (SHOVEL, 2, ""): lambda state, seat, pos: state._agenda.append(T.Place(pos, 0, 1, 0)),
    (SHOVEL, 3, ""): _S._double_gains,
}
"""What using a toolbox does, by (branch, level, choice) (``data.TOOL_ACTIONS`` says it in
words); called with the state, the seat and the space it stands on."""

_Purple = Callable[[_S, int, int, int, int], None]
PURPLE_EFFECTS: dict[str, _Purple] = {
    "a": lambda state, seat, node, origin, forbidden: state._gain(seat, 3, "purple", temple=True),
    "b": lambda state, seat, node, origin, forbidden: state._push_steps(1),
    "c": lambda state, seat, node, origin, forbidden: state._take_rations(seat, 2, "purple"),
    "d": lambda state, seat, node, origin, forbidden: state._bring_toolbox(seat),
    "e": lambda state, seat, node, origin, forbidden: state._teleport(seat),
    "f": lambda state, seat, node, origin, forbidden: state._begin_relocation(1),
    "g": lambda state, seat, node, origin, forbidden: state._agenda.append(
        T.Target(origin, forbidden | 1 << node)
    ),
    "h": lambda state, seat, node, origin, forbidden: state._agenda.append(
        T.Flip(2, 0, 0, T.FLIP_EFFECT)
    ),
}
"""What each purple tile does when taken (``data.PURPLE_EFFECTS`` says it in words):
called with the state, the seat, the tile's space, the space explored from and the spaces
purple P-g may no longer target."""

IVORY_USES: dict[str, Callable[[_S, int], None]] = {
    "I2-a": _S._free_the_order,
    "I2-b": _S._look_here,
    "I2-c": lambda state, seat: state._take_rations(seat, RATION_CAP, "I2-c"),
}
"""The one-use ivory tiles used as an action of their own (I2-d and I2-e change a pathway
placement, I2-f replaces the move: see _decide_place and _jump)."""

_Passive = Callable[[_S, int], int | None]
IVORY_PASSIVES: dict[str, tuple[str, _Passive]] = {
    "I3-a": (PATHWAY_PLACED, lambda state, seat: state._gain(seat, 1, "pathway")),
    "I3-b": (FIRST_EXPLORER, lambda state, seat: state._gain(seat, 1, "first")),
    "I3-c": (TEMPLE_GAIN, lambda state, seat: 1),
    "I3-d": (RIVAL_RELOCATED, lambda state, seat: state._take_rations(seat, 1, "I3-d")),
    "I3-e": (CAMP_ARRIVAL, lambda state, seat: 1),
    "I3-f": (
        CAMP_LEFT,
        lambda state, seat: state._agenda.append(T.Flip(1, 1, 0, T.FLIP_AFTER_MOVE)),
    ),
    "I1-a": (FINAL_SCORING, lambda state, seat: 3 * len(state._boards[seat].ivory)),
    "I1-b": (FINAL_SCORING, lambda state, seat: 2 * state._boards[seat].rations),
    "I1-c": (
        FINAL_SCORING,
        lambda state, seat: 5 * sum(count - 1 for count in state._boards[seat].relics if count),
    ),
    "I1-d": (FINAL_SCORING, lambda state, seat: state._boards[seat].paths.bit_count()),
    "I1-e": (FINAL_SCORING, lambda state, seat: 4 * (TOOLBOXES - state._boards[seat].reserve)),
    "I1-f": (AFTER_LAST_TURN, _S._extra_turn),
}
"""The ivory tiles that act while held (``data.IVORY_EFFECTS`` says it in words): when each
triggers and what it does, called with the state and the holder's seat. A tile that counts
towards an amount (VP gained at a temple, camp rations, final scoring) returns what it adds;
the others act and return ``None``."""


def _passive_by_trigger() -> dict[str, tuple[int, dict[int, _Passive]]]:
    """Per trigger, the ivory level that holds its tiles and their effects by tile id."""
    table: dict[str, tuple[int, dict[int, _Passive]]] = {}
    for code, (when, effect) in IVORY_PASSIVES.items():
        level, effects = table.setdefault(when, (_IVORY_LEVEL[code], {}))
        if level != _IVORY_LEVEL[code]:
            raise ValueError(f"{code}: the tiles that act {when!r} must share one level")
        effects.update({tile: effect for tile in TILE_BY_CODE[code]})
    return table


_PASSIVE = _passive_by_trigger()
