"""Why a Relic Runners action is illegal now: a reason that names the rule.

Only called on the slow path, for an action that is not among the legal ones. It asks the
rules' own functions (the movement rule, the toolbox table, the state's checks) which rule
refused the action, and only words the answer. The package binds it to the state.
"""

from __future__ import annotations

from relicbox.core.actions import Action
from relicbox.games.relic_runners import actions as A
from relicbox.games.relic_runners import tasks as T
from relicbox.games.relic_runners.actions import ACTION_SPACE
from relicbox.games.relic_runners.board import CAMP, NODE_IDS
from relicbox.games.relic_runners.data import BRANCHES
from relicbox.games.relic_runners.movement import trail_allowed
from relicbox.games.relic_runners.parts import TOOL_USES, Stage
from relicbox.games.relic_runners.rules import RelicRunnersState

_TASK_NEEDS = {
    "place": "choose a trail for your pathway (path ...)",
    "lift": "choose which of your pathways to move (lift ...)",
    "keep": "choose which ivory tile of that level to keep (keep ...)",
    "pick": "choose which tile of the stack to take (pick ...)",
    "target": "choose the adjacent ruin or temple to explore (target ...)",
    "flip": "choose a toolbox token to flip (flip ...)",
    "steps": "advance your toolboxes with the steps you earned (step ...)",
    "start": "choose your starting space (start ...)",
}


def explain(state: RelicRunnersState, action: Action) -> str:
    phase = state.phase
    if phase in _TASK_NEEDS:
        verb = _TASK_NEEDS[phase].rsplit("(", 1)[1].split()[0]
        if action.text.split()[0] == verb:
            return _explain_choice(state, action)
        return f"first {_TASK_NEEDS[phase]}"
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
        return (
            "finish your move first: you must move, and stop somewhere other than where you began"
        )
    return f"{text!r} is not a choice at this point of the turn ({phase})"


def _explain_move(state: RelicRunnersState, action: Action) -> str:
    if state._stage is not Stage.MOVE:
        # The move may have ended by itself because no step was left: say which rule.
        reason = _move_rule(state, action) if state._this_turn.moves else None
        over = "your movement is over for this turn"
        return f"{over}: {reason}" if reason else over
    return _move_rule(state, action) or "that move is not allowed now"


def _move_rule(state: RelicRunnersState, action: Action) -> str | None:
    seat = state._seat
    pos = state._boards[seat].pos
    a, b = (NODE_IDS.index(x) for x in action.text[5:].split("-"))
    trail = state._g.board.trail_of_pair.get((min(a, b), max(a, b)))
    if trail is None:
        return f"there is no trail between {NODE_IDS[a]} and {NODE_IDS[b]} on this board"
    if pos not in (a, b):
        return f"your explorer is on {NODE_IDS[pos]}, not at either end of that trail"
    bit = 1 << trail
    other = b if pos == a else a
    if state._this_turn.used & bit:
        return "each trail may be used only once per turn"
    # The rules' own movement functions decide; this only names the rule they applied.
    familiar = bool(state._boards[seat].paths & bit)
    if not trail_allowed(
        familiar, state._this_turn.unexp, state._this_turn.fam_before, state._this_turn.free_order
    ):
        if familiar:
            return (
                "your own pathways may be used before or after your one unexplored trail, "
                "not on both sides of it"
            )
        return "you may use only one unexplored trail (one without your pathway) per turn"
    if other == state._start and not state._can_continue(trail, familiar):
        if other == CAMP:
            return "entering the camp stops your move, and you may not end where you began"
        return "you could not go on from there, and a move may not end where it began"
    return None


def _explain_stop(state: RelicRunnersState) -> str:
    if state._stage is not Stage.MOVE:
        return "your movement is already over"
    if state._this_turn.moves == 0:
        return "you must move: staying where you are is not allowed"
    return "you may not end your move on the space where your turn began"


def _explain_explore(state: RelicRunnersState) -> str:
    blocker = state._explore_blocker(state._seat)
    if blocker == "moving":
        return "explore after moving: stop your move first"
    if blocker == "explored":
        return "you may explore only once per turn"
    if blocker == "no-ration":
        return "exploring costs a ration and you have none"
    return (
        "there is nothing left to explore here (only ruins and temples with tiles can be explored)"
    )


def _explain_use(state: RelicRunnersState, text: str) -> str:
    if text.startswith("use I2-"):
        code = text[4:]
        if not state._has(state._seat, code):
            return f"you do not hold the ivory tile {code}"
        return f"the ivory tile {code} cannot be used at this moment"
    if state._this_turn.tool_used:
        return "you may use only one toolbox per turn"
    if state._stage is Stage.MOVE and state._this_turn.moves:
        return "a toolbox cannot be used in the middle of a move"
    use = TOOL_USES[ACTION_SPACE.parse(text).index]
    branch, level = BRANCHES[use.branch], use.level
    if not state._boards[state._seat].tools[use.slot]:
        return f"you have no toolbox at {branch} level {level}"
    return (
        "that toolbox action cannot be carried out in full here "
        "(e.g. no temple tile here, too few pathways on the board, or no toolbox in reserve)"
    )


def _explain_choice(state: RelicRunnersState, action: Action) -> str:
    """The right kind of choice for the pending task, but not one of the allowed ones."""
    task = state._agenda[-1]
    seat = state._seat
    if isinstance(task, T.Place):
        trail = _trail_of(state, action.text[5:])
        if trail is None:
            return "there is no such trail on this board"
        if state._boards[seat].paths >> trail & 1:
            return "you already have a pathway on that trail (never two of yours on one trail)"
        if task.relocate and state._this_turn.vacated >> trail & 1:
            return "a moved pathway must go to a new trail"
        return f"the pathway must go on a trail touching {NODE_IDS[task.node]}"
    if isinstance(task, T.Lift):
        return "you have no pathway there that you may move now"
    if isinstance(task, T.Keep):
        return "keep one of the two ivory tiles of this level: the one you held or the new one"
    if isinstance(task, T.Pick):
        if task.offer_look:
            return (
                f"take the top tile (pick {state._levels[task.node][-1]}) or look through "
                "the stack with I2-b (use I2-b)"
            )
        return "that level is no longer in the stack"
    if isinstance(task, T.Target):
        return (
            "the target must be a ruin or temple with tiles, one trail away "
            "(not the camp, not a stack already used by this effect)"
        )
    if isinstance(task, T.Flip):
        return "that token was already flipped by this effect"
    if isinstance(task, T.Steps):
        return "you have no toolbox there that can go up (level 3 is the top)"
    return "that space is not one trail away from the camp"


def _trail_of(state: RelicRunnersState, pair: str) -> int | None:
    a, b = (NODE_IDS.index(x) for x in pair.split("-"))
    return state._g.board.trail_of_pair.get((min(a, b), max(a, b)))


def _explain_jump(state: RelicRunnersState) -> str:
    if not state._has(state._seat, "I2-f"):
        return "jumping needs the ivory tile I2-f"
    if state._stage is not Stage.MOVE or state._this_turn.moves:
        return "the I2-f jump replaces the whole move, so it comes before any step"
    return (
        "you may jump only from a temple with tiles to another temple of the same colour "
        "that holds no relic"
    )
