"""What each decision of Relic Runners does: outside tasks (move, stop, explore, end, a
toolbox or an ivory tile) and inside each decision task (each task's ``decide`` calls its
method here). The seat deciding is always the seat to act."""

from __future__ import annotations

from typing import cast

from relicbox.core.actions import Action
from relicbox.games.relic_runners import actions, tasks
from relicbox.games.relic_runners.base import PATHWAY_PLACED, RIVAL_RELOCATED
from relicbox.games.relic_runners.data import (
    DOUBLE_PATHWAY_TILE,
    JUMP_TILE,
    LOOK_THROUGH_TILE,
    PATHWAY_ANYWHERE_TILE,
)
from relicbox.games.relic_runners.effects import EffectsState
from relicbox.games.relic_runners.lookups import TILE_CODE, TILE_EFFECT
from relicbox.games.relic_runners.parts import STEPS, TOOL_USES

# What a decision outside any task does, by action index.
_DO_MOVE, _DO_STOP, _DO_EXPLORE, _DO_END, _DO_JUMP, _DO_IVORY, _DO_TOOL = range(7)
_BASE_KIND: dict[int, int] = {
    actions.STOP.index: _DO_STOP,
    actions.EXPLORE.index: _DO_EXPLORE,
    actions.END.index: _DO_END,
    **{action.index: _DO_MOVE for row in actions.MOVE for action in row if action is not None},
    **{action.index: _DO_JUMP for action in actions.JUMP.values()},
    **{action.index: _DO_IVORY for action in actions.USE_IVORY.values()},
    **{index: _DO_TOOL for index in TOOL_USES},
}
_JUMP_NODE = {action.index: node for node, action in actions.JUMP.items()}
_NODE_OF = {
    action.index: node
    for table in (actions.TARGET, actions.START)
    for node, action in enumerate(table)
}
"""A ``target`` or ``start`` action's index -> its space."""
_FLIP_TOKEN = {action.index: k for k, action in enumerate(actions.FLIP)}
_PICK_LEVEL = {action.index: level for level, action in actions.PICK.items()}
_KEEP_CODE = {action.index: code for code, action in actions.KEEP.items()}
_IVORY_CODE = {action.index: code for code, action in actions.USE_IVORY.items()}


class DecisionsState(EffectsState):
    """Applying decisions."""

    __slots__ = ()

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
            self._agenda.push(tasks.END_TURN)
        elif kind == _DO_JUMP:
            self._jump(seat, _JUMP_NODE[action.index])
        elif kind == _DO_IVORY:
            self._use_ivory_action(seat, _IVORY_CODE[action.index])
        else:
            self._use_tool(seat, TOOL_USES[action.index])

    def _decide_place(self, task: tasks.Place, action: Action) -> None:
        seat = self._seat
        node, anywhere, count, relocate = task.node, task.anywhere, task.count, task.relocate
        if action is actions.USE_DOUBLE_PATHWAY:
            self._use_ivory(seat, DOUBLE_PATHWAY_TILE)
            self._agenda.push(tasks.Place(node, anywhere, count + 1, relocate))
            return
        if action is actions.USE_PATHWAY_ANYWHERE:
            self._use_ivory(seat, PATHWAY_ANYWHERE_TILE)
            self._agenda.push(tasks.Place(node, 1, count, relocate))
            return
        if action is actions.DONE:
            return  # nowhere to place near by, and the I2-e tile is kept
        trail = self._map.path_trail[action.index]
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
            self._agenda.push(tasks.Place(node, anywhere, count - 1, relocate))

    def _decide_lift(self, task: tasks.Lift, action: Action) -> None:
        seat = self._seat
        trail = self._map.lift_trail[action.index]
        self._boards[seat].paths &= ~(1 << trail)
        self._this_turn.lifted = trail
        self._this_turn.vacated |= 1 << trail
        if task.count > 1:
            self._agenda.push(tasks.Lift(task.count - 1))
        self._agenda.push(tasks.Place(self._boards[seat].pos, 1, 1, 1))

    def _decide_keep(self, task: tasks.Keep, action: Action) -> None:
        seat = self._seat
        code = _KEEP_CODE.get(action.index)
        if code is not None:
            self._keep(seat, task.level, code)
        else:
            self._use_before_discard(seat, task.level, action)

    def _keep(self, seat: int, level: int, code: str) -> None:
        old = self._boards[seat].ivory[level]
        new = cast(int, self._this_turn.new_tile)
        keep, drop = (old, new) if TILE_CODE[old] == code else (new, old)
        self._boards[seat].ivory[level] = keep
        self._discard.append(drop)
        self._this_turn.new_tile = None
        self._history.append(("keep", seat, keep, drop))

    def _use_before_discard(self, seat: int, level: int, action: Action) -> None:
        """Keep one tile of the pair and use the other's effect as it is discarded."""
        jump_to = _JUMP_NODE.get(action.index)
        code = JUMP_TILE if jump_to is not None else _IVORY_CODE[action.index]
        old = self._boards[seat].ivory[level]
        other = cast(int, self._this_turn.new_tile) if TILE_EFFECT[old] == code else old
        self._keep(seat, level, TILE_CODE[other])
        self._history.append(("use-ivory", seat, code))
        if jump_to is not None:
            self._jump_to(seat, jump_to)
        else:
            self._ivory_effect(seat, code)

    def _decide_pick(self, task: tasks.Pick, action: Action) -> None:
        seat = self._seat
        if action is actions.USE_LOOK_THROUGH:
            self._use_ivory(seat, LOOK_THROUGH_TILE)
            self._look_through(seat, task.node, task.origin, task.forbidden)
            return
        level = _PICK_LEVEL[action.index]
        self._agenda.push(tasks.Take(task.node, level, task.origin, task.forbidden))
        self._reveal(task.node, level, seat)

    def _decide_target(self, task: tasks.Target, action: Action) -> None:
        node = _NODE_OF[action.index]
        self._history.append(("target", self._seat, node))
        self._explore(node, task.origin, task.forbidden, search=True)

    def _decide_steps(self, task: tasks.Steps, action: Action) -> None:
        self._advance(self._seat, action)
        if task.count > 1:
            self._push_steps(task.count - 1)

    def _decide_start(self, action: Action) -> None:
        seat = self._seat
        node = _NODE_OF[action.index]
        self._boards[seat].pos = node
        self._history.append(("start", seat, node))

    def _decide_flip(self, task: tasks.Flip, action: Action) -> None:
        seat = self._seat
        remaining, mandatory, mask, context = task.left, task.must, task.mask, task.context
        if action is actions.DONE:
            self._end_flips(context)
            return
        k = _FLIP_TOKEN[action.index]
        self._tokens[k] = not self._tokens[k]
        self._history.append(("flip", seat, k, self._tokens[k]))
        if not any(self._tokens):
            self._this_turn.bonus_steps += self._reset_tokens(seat)
        if remaining > 1:
            self._agenda.push(tasks.Flip(remaining - 1, mandatory, mask | 1 << k, context))
        else:
            self._end_flips(context)

    def _end_flips(self, context: str) -> None:
        if context == tasks.FLIP_EFFECT:
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
        self._history.append(("step", seat, action.args_as(actions.Step).toolbox))
