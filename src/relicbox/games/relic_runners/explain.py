"""Why a Relic Runners action is illegal now: a reason that names the rule.

Only called on the slow path, for an action that is not among the legal ones.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from relicbox.core.actions import Action
from relicbox.core.errors import Reason
from relicbox.games.relic_runners import actions as A
from relicbox.games.relic_runners.board import CAMP, NODE_IDS

if TYPE_CHECKING:
    from relicbox.games.relic_runners.rules import RelicRunnersState

_TASK_VERB = {
    "place": "path",
    "lift": "lift",
    "keep": "keep",
    "pick": "pick",
    "target": "target",
    "flip": "flip",
    "steps": "step",
    "start": "start",
}
"""The verb of each pending choice's actions; ``rr-error-first-<task>`` names the choice."""
_WRONG_CHOICE = {
    "lift": "rr-error-choice-lift",
    "keep": "rr-error-choice-keep",
    "target": "rr-error-choice-target",
    "flip": "rr-error-choice-flip",
    "steps": "rr-error-choice-steps",
}
"""Why a choice of the right kind is not allowed (``start``: the space is too far)."""


def explain(state: RelicRunnersState, action: Action) -> Reason:
    phase = state.phase
    if phase in _TASK_VERB:
        if action.text.split()[0] == _TASK_VERB[phase]:
            return _explain_choice(state, action)
        return Reason.of("rr-error-first-" + phase)
    text = action.text
    if text.startswith("move "):
        return _explain_move(state, action)
    if action is A.STOP:
        return _explain_stop(state)
    if action is A.EXPLORE:
        return _explain_explore(state)
    if text.startswith("use "):
        return _explain_use(state, text)
    if text.startswith("jump "):
        return _explain_jump(state)
    if action is A.END:
        return Reason.of("rr-error-finish-move")
    return Reason.of("rr-error-no-choice", action=repr(text), phase=phase)


def _explain_move(state: RelicRunnersState, action: Action) -> Reason:
    if state._stage != "move":
        # The move may have ended by itself because no step was left: say which rule.
        reason = _move_rule(state, action) if state._moves else None
        if reason is None:
            return Reason.of("rr-error-move-over")
        return Reason.of(
            "rr-error-move-over-rule", rule=reason.id.removeprefix("rr-error-"), **reason.args
        )
    return _move_rule(state, action) or Reason.of("rr-error-move-not-now")


def _move_rule(state: RelicRunnersState, action: Action) -> Reason | None:
    seat = state._seat
    pos = state._pos[seat]
    a, b = (NODE_IDS.index(x) for x in action.text[5:].split("-"))
    trail = state._g.board.trail_of_pair.get((min(a, b), max(a, b)))
    if trail is None:
        return Reason.of("rr-error-no-trail", a=NODE_IDS[a], b=NODE_IDS[b])
    if pos not in (a, b):
        return Reason.of("rr-error-not-at-end", space=NODE_IDS[pos])
    bit = 1 << trail
    other = b if pos == a else a
    if state._used & bit:
        return Reason.of("rr-error-trail-used")
    if state._paths[seat] & bit:
        if state._unexp and state._fam_before and not state._free_order:
            return Reason.of("rr-error-own-pathways")
    elif state._unexp:
        return Reason.of("rr-error-one-unexplored")
    if other == state._start:
        if other == CAMP:
            return Reason.of("rr-error-camp-start")
        return Reason.of("rr-error-start-end")
    return None


def _explain_stop(state: RelicRunnersState) -> Reason:
    if state._stage != "move":
        return Reason.of("rr-error-stop-over")
    if state._moves == 0:
        return Reason.of("rr-error-must-move")
    return Reason.of("rr-error-stop-start")


def _explain_explore(state: RelicRunnersState) -> Reason:
    seat = state._seat
    if state._stage == "move":
        return Reason.of("rr-error-explore-after-move")
    if state._explored:
        return Reason.of("rr-error-explore-once")
    if state._rations[seat] <= 0:
        return Reason.of("rr-error-explore-ration")
    return Reason.of("rr-error-explore-nothing")


def _explain_use(state: RelicRunnersState, text: str) -> Reason:
    if text.startswith("use I2-"):
        code = text[4:]
        if not state._has(state._seat, code):
            return Reason.of("rr-error-ivory-missing", tile=code)
        return Reason.of("rr-error-ivory-not-now", tile=code)
    if state._tool_used:
        return Reason.of("rr-error-toolbox-once")
    if state._stage == "move" and state._moves:
        return Reason.of("rr-error-toolbox-mid-move")
    words = text.split()
    branch = ("machete", "compass", "shovel").index(words[1])
    if not state._tools[state._seat][branch * 3 + int(words[2]) - 1]:
        return Reason.of("rr-error-toolbox-missing", branch=words[1], level=int(words[2]))
    return Reason.of("rr-error-toolbox-cannot")


def _explain_choice(state: RelicRunnersState, action: Action) -> Reason:
    """The right kind of choice for the pending task, but not one of the allowed ones."""
    task = state._agenda[-1]
    kind = task[0]
    seat = state._seat
    if kind == "place":
        trail = _trail_of(state, action.text[5:])
        if trail is None:
            return Reason.of("rr-error-no-such-trail")
        if state._paths[seat] >> trail & 1:
            return Reason.of("rr-error-pathway-twice")
        if task[4] and state._vacated >> trail & 1:
            return Reason.of("rr-error-pathway-new-trail")
        return Reason.of("rr-error-pathway-touching", space=NODE_IDS[task[1]])
    if kind == "pick":
        if task[4]:
            return Reason.of("rr-error-pick-top", tile=state._levels[task[1]][-1])
        return Reason.of("rr-error-pick-gone")
    return Reason.of(_WRONG_CHOICE.get(kind, "rr-error-choice-start"))


def _trail_of(state: RelicRunnersState, pair: str) -> int | None:
    a, b = (NODE_IDS.index(x) for x in pair.split("-"))
    return state._g.board.trail_of_pair.get((min(a, b), max(a, b)))


def _explain_jump(state: RelicRunnersState) -> Reason:
    if not state._has(state._seat, "I2-f"):
        return Reason.of("rr-error-jump-tile")
    if state._stage != "move" or state._moves:
        return Reason.of("rr-error-jump-first")
    return Reason.of("rr-error-jump-where")
