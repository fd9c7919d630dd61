"""Relic Runners' fixed action space.

Spaces and trails are named by the fixed ids of every board (``CAMP``, ``R1``..``R8``,
``T1``..``T12``); a trail is the pair of its spaces, lower id first (``move R1-T4``), and
the reversed pair is accepted as input. The space holds every pair of spaces, so custom
boards share one action space and RL masks keep their size.
"""

from __future__ import annotations

from relicbox.core.actions import Action, ActionSpace
from relicbox.games.relic_runners.board import NODE_IDS, TEMPLE_IDS, TOKEN_IDS
from relicbox.games.relic_runners.data import BRANCHES, IVORY_CODES

_actions: list[Action] = []
_aliases: dict[str, Action] = {}


def _add(text: str) -> Action:
    action = Action(text, len(_actions))
    _actions.append(action)
    return action


_N = len(NODE_IDS)


def _pair_table(verb: str) -> list[list[Action | None]]:
    table: list[list[Action | None]] = [[None] * _N for _ in range(_N)]
    for a in range(_N):
        for b in range(a + 1, _N):
            action = _add(f"{verb} {NODE_IDS[a]}-{NODE_IDS[b]}")
            table[a][b] = table[b][a] = action
            _aliases[f"{verb} {NODE_IDS[b]}-{NODE_IDS[a]}"] = action
    return table


STOP = _add("stop")
EXPLORE = _add("explore")
END = _add("end")
DONE = _add("done")
MOVE = _pair_table("move")
"""``MOVE[a][b]``: walk the trail between spaces ``a`` and ``b`` (from whichever end you are on)."""
PATH = _pair_table("path")
"""``PATH[a][b]``: put a pathway on that trail."""
LIFT = _pair_table("lift")
"""``LIFT[a][b]``: pick up your pathway from that trail to relocate it."""
JUMP = {NODE_IDS.index(t): _add(f"jump {t}") for t in TEMPLE_IDS}
START = [_add(f"start {node}") for node in NODE_IDS]
TARGET = [_add(f"target {node}") for node in NODE_IDS]
FLIP = [_add(f"flip {token}") for token in TOKEN_IDS]
KEEP = {code: _add(f"keep {code}") for code in IVORY_CODES}
PICK = {level: _add(f"pick {level}") for level in (1, 2, 3)}
STEP_START = [_add(f"step start {branch}") for branch in BRANCHES]
"""A toolbox on the start row enters level 1 of a branch."""
STEP_UP = [[_add(f"step {branch} {level}") for level in (1, 2)] for branch in BRANCHES]
"""``STEP_UP[branch][level - 1]``: a toolbox at that level goes one level up."""
USE_TOOL = {
    (branch, level, choice): _add(f"use {branch} {level}" + (f" {choice}" if choice else ""))
    for branch in BRANCHES
    for level in (1, 2, 3)
    for choice in (("toolbox", "vp") if (branch, level) == ("shovel", 1) else ("",))
}
"""Use a toolbox at (branch, level); Shovel level 1 offers its two choices as two actions."""
USE_IVORY = {code: _add(f"use {code}") for code in ("I2-a", "I2-b", "I2-c", "I2-d", "I2-e")}

ACTION_SPACE = ActionSpace(_actions, game="relic-runners", aliases=_aliases)
