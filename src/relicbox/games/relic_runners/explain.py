"""Why a Relic Runners action is illegal now: a reason that names the rule.

Only called on the slow path, for an action that is not among the legal ones. It asks the
rules' own functions (the movement rule, the toolbox table, the state's checks) which rule
refused the action, and only words the answer. It needs only the state's layers below the
rules (:class:`.decisions.DecisionsState`), so the rules load it at their first refusal and
the imports run one way.
"""

from __future__ import annotations

from relicbox.core.actions import Action
from relicbox.core.errors import Reason
from relicbox.games.relic_runners import actions, tasks
from relicbox.games.relic_runners.board import CAMP, NODE_IDS, NODE_INDEX
from relicbox.games.relic_runners.data import BRANCHES, JUMP_TILE
from relicbox.games.relic_runners.decisions import DecisionsState
from relicbox.games.relic_runners.movement import trail_allowed
from relicbox.games.relic_runners.parts import TOOL_USES, Stage

_TASK_ARGS: dict[str, type[tuple[object, ...]]] = {
    "place": actions.Path,
    "lift": actions.Lift,
    "keep": actions.Keep,
    "pick": actions.Pick,
    "target": actions.Target,
    "flip": actions.Flip,
    "steps": actions.Step,
    "start": actions.Start,
}
"""The kind of each pending choice's actions; ``rr-error-first-<task>`` names the choice."""
_WRONG_CHOICE = {
    "lift": "rr-error-choice-lift",
    "keep": "rr-error-choice-keep",
    "target": "rr-error-choice-target",
    "flip": "rr-error-choice-flip",
    "steps": "rr-error-choice-steps",
}
"""Why a choice of the right kind is not allowed (``start``: the space is too far)."""


def explain(state: DecisionsState, action: Action) -> Reason:
    phase = state.phase
    args = action.args
    if phase in _TASK_ARGS:
        if isinstance(args, _TASK_ARGS[phase]):
            return _explain_choice(state, action)
        return Reason.of("rr-error-first-" + phase)
    if isinstance(args, actions.Move):
        return _explain_move(state, args)
    if action is actions.STOP:
        return _explain_stop(state)
    if action is actions.EXPLORE:
        return _explain_explore(state)
    if isinstance(args, actions.UseIvory):
        return _explain_ivory(state, args.code)
    if isinstance(args, actions.UseTool):
        return _explain_tool(state, action)
    if isinstance(args, actions.Jump):
        return _explain_jump(state)
    if action is actions.END:
        return Reason.of("rr-error-finish-move")
    return Reason.of("rr-error-no-choice", action=repr(action.text), phase=phase)


def _explain_move(state: DecisionsState, move: actions.Move) -> Reason:
    if state._stage is not Stage.MOVE:
        # The move may have ended by itself because no step was left: say which rule.
        reason = _move_rule(state, move) if state._this_turn.moves else None
        if reason is None:
            return Reason.of("rr-error-move-over")
        return Reason.of(
            "rr-error-move-over-rule", rule=reason.id.removeprefix("rr-error-"), **reason.args
        )
    return _move_rule(state, move) or Reason.of("rr-error-move-not-now")


def _move_rule(state: DecisionsState, move: actions.Move) -> Reason | None:
    seat = state._seat
    pos = state._boards[seat].pos
    a, b = NODE_INDEX[move.a], NODE_INDEX[move.b]
    trail = state._map.board.trail_of_pair.get((min(a, b), max(a, b)))
    if trail is None:
        return Reason.of("rr-error-no-trail", a=NODE_IDS[a], b=NODE_IDS[b])
    if pos not in (a, b):
        return Reason.of("rr-error-not-at-end", space=NODE_IDS[pos])
    bit = 1 << trail
    other = b if pos == a else a
    turn = state._this_turn
    if turn.used & bit:
        return Reason.of("rr-error-trail-used")
    # The rules' own movement functions decide; this only names the rule they applied.
    familiar = bool(state._boards[seat].paths & bit)
    if not trail_allowed(familiar, turn.unexp, turn.fam_before, turn.free_order):
        if familiar:
            return Reason.of("rr-error-own-pathways")
        return Reason.of("rr-error-one-unexplored")
    if other == state._start and not state._can_continue(trail, familiar):
        if other == CAMP:
            return Reason.of("rr-error-camp-start")
        return Reason.of("rr-error-start-end")
    return None


def _explain_stop(state: DecisionsState) -> Reason:
    if state._stage is not Stage.MOVE:
        return Reason.of("rr-error-stop-over")
    if state._this_turn.moves == 0:
        return Reason.of("rr-error-must-move")
    return Reason.of("rr-error-stop-start")


def _explain_explore(state: DecisionsState) -> Reason:
    blocker = state._explore_blocker(state._seat)
    if blocker == "moving":
        return Reason.of("rr-error-explore-after-move")
    if blocker == "explored":
        return Reason.of("rr-error-explore-once")
    if blocker == "no-ration":
        return Reason.of("rr-error-explore-ration")
    return Reason.of("rr-error-explore-nothing")


def _explain_ivory(state: DecisionsState, code: str) -> Reason:
    if not state._has(state._seat, code):
        return Reason.of("rr-error-ivory-missing", tile=code)
    return Reason.of("rr-error-ivory-not-now", tile=code)


def _explain_tool(state: DecisionsState, action: Action) -> Reason:
    if state._this_turn.tool_used:
        return Reason.of("rr-error-toolbox-once")
    if state._stage is Stage.MOVE and state._this_turn.moves:
        return Reason.of("rr-error-toolbox-mid-move")
    use = TOOL_USES[action.index]
    if not state._boards[state._seat].tools[use.slot]:
        return Reason.of("rr-error-toolbox-missing", branch=BRANCHES[use.branch], level=use.level)
    return Reason.of("rr-error-toolbox-cannot")


def _explain_choice(state: DecisionsState, action: Action) -> Reason:
    """The right kind of choice for the pending task, but not one of the allowed ones."""
    task = state._agenda.pending_decision()  # the one the phase names
    seat = state._seat
    if isinstance(task, tasks.Place):
        trail = _trail_of(state, action.args_as(actions.Path))
        if trail is None:
            return Reason.of("rr-error-no-such-trail")
        if state._boards[seat].paths >> trail & 1:
            return Reason.of("rr-error-pathway-twice")
        if task.relocate and state._this_turn.vacated >> trail & 1:
            return Reason.of("rr-error-pathway-new-trail")
        return Reason.of("rr-error-pathway-touching", space=NODE_IDS[task.node])
    if isinstance(task, tasks.Pick):
        if task.offer_look:
            return Reason.of("rr-error-pick-top", tile=state._levels[task.node][-1])
        return Reason.of("rr-error-pick-gone")
    return Reason.of(_WRONG_CHOICE.get(state.phase, "rr-error-choice-start"))


def _trail_of(state: DecisionsState, pair: actions.Pair) -> int | None:
    a, b = NODE_INDEX[pair.a], NODE_INDEX[pair.b]
    return state._map.board.trail_of_pair.get((min(a, b), max(a, b)))


def _explain_jump(state: DecisionsState) -> Reason:
    if not state._has(state._seat, JUMP_TILE):
        return Reason.of("rr-error-jump-tile")
    if state._stage is not Stage.MOVE or state._this_turn.moves:
        return Reason.of("rr-error-jump-first")
    return Reason.of("rr-error-jump-where")
