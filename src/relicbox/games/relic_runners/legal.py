"""The legal actions of Relic Runners outside tasks (the move, after it) and inside each
decision task (each task's ``choices`` asks its method here); read-only questions the
explanations of refusals ask too."""

from __future__ import annotations

from collections.abc import Sequence
from typing import cast

from relicbox.core.actions import Action
from relicbox.games.relic_runners import actions, tasks
from relicbox.games.relic_runners.board import CAMP, NODE_IDS
from relicbox.games.relic_runners.data import (
    DOUBLE_PATHWAY_TILE,
    FREE_ORDER_TILE,
    JUMP_TILE,
    LOOK_THROUGH_TILE,
    PATHWAY_ANYWHERE_TILE,
    RATION_REFILL_TILE,
)
from relicbox.games.relic_runners.endgame import EndgameState
from relicbox.games.relic_runners.lookups import MOVE, NONE, POST, TILE_CODE, TILE_EFFECT
from relicbox.games.relic_runners.movement import after_trail, bits, trail_allowed
from relicbox.games.relic_runners.parts import (
    NEED_PATHWAYS,
    NEED_PLACE,
    NEED_RESERVE,
    NEED_TEMPLE_TILE,
    USES_BY_SLOT,
    ToolUse,
    tool_slot,
)


class LegalState(EndgameState):
    """What the seat to act may do now."""

    __slots__ = ()

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
        for trail, other, bit, action in self._map.adj[pos]:
            if open_ & bit and (other != start or self._can_continue(trail, bool(paths & bit))):
                legal.append(action)
        if turn.moves:
            if unexp and before and not free and self._level2(seat) == FREE_ORDER_TILE:
                legal.append(actions.USE_FREE_ORDER)
            if pos != start:
                legal.append(actions.STOP)
            return legal
        legal.extend(self._start_of_turn_actions(seat, pos))
        return legal

    def _can_continue(self, trail: int, familiar: bool) -> bool:
        """After stepping back onto the start space along ``trail``, can the move still go on?"""
        start = self._start
        if start == CAMP:
            return False
        used = self._this_turn.used | (1 << trail)
        unexp, before = after_trail(familiar, self._this_turn.unexp, self._this_turn.fam_before)
        paths = self._boards[self._seat].paths
        return any(
            not used & bit
            and trail_allowed(bool(paths & bit), unexp, before, self._this_turn.free_order)
            for _, _, bit, _ in self._map.adj[start]
        )

    def _start_of_turn_actions(self, seat: int, pos: int) -> list[Action]:
        legal: list[Action] = []
        ivory = self._level2(seat)
        if ivory == JUMP_TILE:
            legal.extend(self._jump_actions(pos))
        elif ivory == FREE_ORDER_TILE and not self._this_turn.free_order:
            legal.append(actions.USE_FREE_ORDER)
        elif ivory == RATION_REFILL_TILE:
            legal.append(actions.USE_RATION_REFILL)
        if not self._this_turn.tool_used:
            legal.extend(self._tool_actions(seat, pos))
        return legal

    def _jump_actions(self, pos: int) -> list[Action]:
        colour = self._colour[pos]
        if colour is None or not self._levels[pos]:
            return []
        return [
            actions.JUMP[node]
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
            legal.append(actions.EXPLORE)
            if self._colour[pos] is not None and self._level2(seat) == LOOK_THROUGH_TILE:
                legal.append(actions.USE_LOOK_THROUGH)
        if not turn.tool_used:
            legal.extend(self._tool_actions(seat, pos))
        legal.append(actions.END)
        return legal

    def _tool_actions(self, seat: int, pos: int) -> Sequence[Action]:
        tools = self._boards[seat].tools
        if not any(tools):
            return NONE
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

    def _explore_blocker(self, seat: int) -> str | None:
        """What keeps ``seat`` from exploring now (``None``: nothing): ``moving``,
        ``explored``, ``no-ration`` or ``no-stack``. The legal actions and their explanations
        both ask it."""
        if self._stage is not POST:
            return "moving"
        if self._this_turn.explored:
            return "explored"
        board = self._boards[seat]
        if board.rations <= 0:
            return "no-ration"
        if not self._levels[board.pos]:
            return "no-stack"
        return None

    def _uses_before_discard(self, seat: int, code: str) -> list[Action]:
        """A level 2 tile about to be discarded may be used first, where its effect applies now.

        Only the tiles that act at the start of a turn (before moving) or on a temple not
        yet explored can apply while a choice between two tiles is pending (§1.5).
        """
        pos = self._boards[seat].pos
        before_move = self._stage is MOVE and not self._this_turn.moves
        if code == FREE_ORDER_TILE and before_move and not self._this_turn.free_order:
            return [actions.USE_IVORY[code]]
        if code == RATION_REFILL_TILE and before_move:
            return [actions.USE_IVORY[code]]
        if code == JUMP_TILE and before_move:
            return self._jump_actions(pos)
        if (
            code == LOOK_THROUGH_TILE
            and self._explore_blocker(seat) is None
            and self._colour[pos] is not None
        ):
            return [actions.USE_IVORY[code]]
        return []

    def _place_targets(self, seat: int, node: int, anywhere: bool, relocate: bool) -> list[int]:
        own = self._boards[seat].paths
        if relocate:
            own |= self._this_turn.vacated
        if anywhere:
            return [trail for trail in range(self._map.trails) if not own >> trail & 1]
        return [trail for trail, _, bit, _ in self._map.adj[node] if not own & bit]

    def _place_choices(self, task: tasks.Place) -> list[Action]:
        seat = self._seat
        node, anywhere, count, relocate = task.node, task.anywhere, task.count, task.relocate
        targets = self._place_targets(seat, node, bool(anywhere), bool(relocate))
        legal = [self._map.path[trail] for trail in targets]
        if not relocate:
            # The one-use tiles stay optional: I2-d only where two pathways fit, and
            # I2-e with nowhere to place near by comes with ``done`` (place nothing).
            if (
                count == 1
                and len(targets) >= 2
                and self._boards[seat].path_supply >= 2
                and self._has(seat, DOUBLE_PATHWAY_TILE)
            ):
                legal.append(actions.USE_DOUBLE_PATHWAY)
            if not anywhere and self._has(seat, PATHWAY_ANYWHERE_TILE):
                legal.append(actions.USE_PATHWAY_ANYWHERE)
                if not targets:
                    legal.append(actions.DONE)
        return legal

    def _targets(self, origin: int, forbidden: int) -> list[int]:
        return [
            other
            for other in self._map.board.neighbours(origin)
            if other != CAMP and self._levels[other] and not forbidden >> other & 1
        ]

    def _step_actions(self, seat: int) -> list[Action]:
        legal: list[Action] = []
        if self._boards[seat].start_row:
            legal.extend(actions.STEP_START)
        tools = self._boards[seat].tools
        for b in range(3):
            for level in (1, 2):
                if tools[tool_slot(b, level)]:
                    legal.append(actions.STEP_UP[b][level - 1])
        return legal

    def _lift_choices(self, task: tasks.Lift) -> list[Action]:
        return [
            self._map.lift[trail]
            for trail in bits(self._boards[self._seat].paths & ~self._this_turn.moved_to)
        ]

    def _keep_choices(self, task: tasks.Keep) -> list[Action]:
        seat = self._seat
        old = self._boards[seat].ivory[task.level]
        new = cast(int, self._this_turn.new_tile)
        legal = [actions.KEEP[TILE_CODE[old]], actions.KEEP[TILE_CODE[new]]]
        for tile in (old, new):
            legal.extend(self._uses_before_discard(seat, TILE_EFFECT[tile]))
        return sorted(legal, key=lambda a: a.index)

    def _pick_choices(self, task: tasks.Pick) -> list[Action]:
        levels = self._levels[task.node]
        if task.offer_look:
            return [actions.PICK[levels[-1]], actions.USE_LOOK_THROUGH]
        return [actions.PICK[level] for level in levels]

    def _target_choices(self, task: tasks.Target) -> list[Action]:
        return [actions.TARGET[node] for node in self._targets(task.origin, task.forbidden)]

    def _flip_choices(self, task: tasks.Flip) -> list[Action]:
        legal = [actions.FLIP[k] for k in range(10) if not task.mask >> k & 1]
        if not task.must:
            legal.append(actions.DONE)
        return legal

    def _start_choices(self) -> list[Action]:
        return [actions.START[CAMP]] + [
            actions.START[other] for other in self._map.board.neighbours(CAMP)
        ]
