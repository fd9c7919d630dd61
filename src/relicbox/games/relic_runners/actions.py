"""Relic Runners' fixed action space.

Spaces and trails are named by the fixed ids of every board (``CAMP``, ``R1``..``R8``,
``T1``..``T12``); a trail is the pair of its spaces, lower id first (``move R1-T4``), and
the reversed pair is accepted as input. The space holds every pair of spaces, so custom
boards share one action space and RL masks keep their size.

Each action carries its arguments as ``args``, one of the small tuples below, in the
words the views use (space, trail, token and tile ids, branch names), so bots and texts
compare them with a view directly. Actions with no argument (``stop``, ``explore``,
``end``, ``done``) carry ``()``.
"""

from __future__ import annotations

from typing import NamedTuple

from relicbox.core.actions import Action, ActionSpace
from relicbox.games.relic_runners.board import NODE_IDS, TEMPLE_IDS, TOKEN_IDS
from relicbox.games.relic_runners.data import (
    BRANCHES,
    DOUBLE_PATHWAY_TILE,
    FREE_ORDER_TILE,
    IVORY_CODES,
    LOOK_THROUGH_TILE,
    PATHWAY_ANYWHERE_TILE,
    RATION_REFILL_TILE,
)


class Pair(NamedTuple):
    """The two ends of a trail, lower id first."""

    a: str
    b: str

    @property
    def trail(self) -> str:
        """The trail's id as views name it (``R1-T4``)."""
        return f"{self.a}-{self.b}"


class Move(Pair):
    """``move a-b``: walk that trail, from whichever end you are on."""

    __slots__ = ()


class Path(Pair):
    """``path a-b``: put a pathway on that trail."""

    __slots__ = ()


class Lift(Pair):
    """``lift a-b``: pick up your pathway from that trail to relocate it."""

    __slots__ = ()


class Space(NamedTuple):
    space: str


class Jump(Space):
    """``jump T3``: the I2-f jump to a temple."""

    __slots__ = ()


class Start(Space):
    """``start R2``: where the expedition starts."""

    __slots__ = ()


class Target(Space):
    """``target R2``: the space a search explores."""

    __slots__ = ()


class Flip(NamedTuple):
    token: str


class Keep(NamedTuple):
    code: str


class Pick(NamedTuple):
    level: int


class Step(NamedTuple):
    """A toolbox goes one step up ``branch``: from ``level`` (0: from the start row)."""

    branch: str
    level: int

    @property
    def toolbox(self) -> str:
        """The words after ``step``, as the history records them (``start shovel``)."""
        return f"start {self.branch}" if self.level == 0 else f"{self.branch} {self.level}"


class UseTool(NamedTuple):
    """Use the toolbox at (branch, level); ``choice`` only for Shovel level 1."""

    branch: str
    level: int
    choice: str

    @property
    def toolbox(self) -> str:
        """The words after ``use``, as the history records them (``shovel 1 vp``)."""
        return f"{self.branch} {self.level}" + (f" {self.choice}" if self.choice else "")


class UseIvory(NamedTuple):
    code: str


_actions: list[Action] = []
_aliases: dict[str, Action] = {}


def _add(text: str, args: tuple[object, ...] = ()) -> Action:
    action = Action(text, len(_actions), args)
    _actions.append(action)
    return action


_N = len(NODE_IDS)


def _pair_table(verb: str, kind: type[Pair]) -> list[list[Action | None]]:
    table: list[list[Action | None]] = [[None] * _N for _ in range(_N)]
    for a in range(_N):
        for b in range(a + 1, _N):
            action = _add(f"{verb} {NODE_IDS[a]}-{NODE_IDS[b]}", kind(NODE_IDS[a], NODE_IDS[b]))
            table[a][b] = table[b][a] = action
            _aliases[f"{verb} {NODE_IDS[b]}-{NODE_IDS[a]}"] = action
    return table


def _use_tool(branch: str, level: int, choice: str) -> Action:
    args = UseTool(branch, level, choice)
    return _add(f"use {args.toolbox}", args)


def _step(branch: str, level: int) -> Action:
    args = Step(branch, level)
    return _add(f"step {args.toolbox}", args)


STOP = _add("stop")
EXPLORE = _add("explore")
END = _add("end")
DONE = _add("done")
MOVE = _pair_table("move", Move)
"""``MOVE[a][b]``: walk the trail between spaces ``a`` and ``b`` (from whichever end you are on)."""
PATH = _pair_table("path", Path)
"""``PATH[a][b]``: put a pathway on that trail."""
LIFT = _pair_table("lift", Lift)
"""``LIFT[a][b]``: pick up your pathway from that trail to relocate it."""
JUMP = {NODE_IDS.index(t): _add(f"jump {t}", Jump(t)) for t in TEMPLE_IDS}
START = [_add(f"start {node}", Start(node)) for node in NODE_IDS]
TARGET = [_add(f"target {node}", Target(node)) for node in NODE_IDS]
FLIP = [_add(f"flip {token}", Flip(token)) for token in TOKEN_IDS]
KEEP = {code: _add(f"keep {code}", Keep(code)) for code in IVORY_CODES}
PICK = {level: _add(f"pick {level}", Pick(level)) for level in (1, 2, 3)}
STEP_START = [_step(branch, 0) for branch in BRANCHES]
"""A toolbox on the start row enters level 1 of a branch."""
STEP_UP = [[_step(branch, level) for level in (1, 2)] for branch in BRANCHES]
"""``STEP_UP[branch][level - 1]``: a toolbox at that level goes one level up."""
USE_TOOL = {
    (branch, level, choice): _use_tool(branch, level, choice)
    for branch in BRANCHES
    for level in (1, 2, 3)
    for choice in (("toolbox", "vp") if (branch, level) == ("shovel", 1) else ("",))
}
"""Use a toolbox at (branch, level); Shovel level 1 offers its two choices as two actions."""
USE_IVORY = {
    code: _add(f"use {code}", UseIvory(code))
    for code in (
        FREE_ORDER_TILE,
        LOOK_THROUGH_TILE,
        RATION_REFILL_TILE,
        DOUBLE_PATHWAY_TILE,
        PATHWAY_ANYWHERE_TILE,
    )
}
"""Use a one-use ivory tile that has an action of its own (``use I2-c``); the jump tile's
actions are :data:`JUMP`."""
USE_FREE_ORDER = USE_IVORY[FREE_ORDER_TILE]
USE_LOOK_THROUGH = USE_IVORY[LOOK_THROUGH_TILE]
USE_RATION_REFILL = USE_IVORY[RATION_REFILL_TILE]
USE_DOUBLE_PATHWAY = USE_IVORY[DOUBLE_PATHWAY_TILE]
USE_PATHWAY_ANYWHERE = USE_IVORY[PATHWAY_ANYWHERE_TILE]

ACTION_SPACE = ActionSpace(_actions, game="relic-runners", aliases=_aliases)
