"""Parts of a Relic Runners state: the stage, each seat's player board with its toolbox
table, and the record of the turn being played.

Both are plain mutable records with slots; the state owns one :class:`PlayerBoard` per
seat and one :class:`TurnRecord`, and its ``clone`` copies them with :meth:`copy`. The
JSON body keeps its historical shape (one list per board field, one key per turn field):
the codec maps between the two.
"""

from __future__ import annotations

from enum import Enum
from typing import NamedTuple

from relicbox.core.actions import Action
from relicbox.games.relic_runners import actions as A
from relicbox.games.relic_runners.board import CAMP
from relicbox.games.relic_runners.data import (
    BRANCHES,
    COMPASS,
    MACHETE,
    PATHWAYS,
    SHOVEL,
    START_RATIONS,
    TOOLBOXES,
)


class Stage(Enum):
    """Where a game is, outside the agenda's tasks."""

    SETUP = "setup"
    """Set-up: colours dealt, abilities' first choices."""
    MOVE = "move"
    """A turn before its move ended (toolboxes and one-use ivory tiles allowed before it)."""
    POST = "post"
    """A turn after its move: explore, a toolbox, end."""
    OVER = "over"


# -- the toolbox table --------------------------------------------------------------------


def tool_slot(branch: int, level: int) -> int:
    """Where (branch, level) sits in a seat's toolbox table: 3 branches, levels 1..3.

    The one place that knows the table's layout; everything else asks it.
    """
    return branch * 3 + level - 1


# What a toolbox use needs to be carried out in full (besides a toolbox at its level).
NEED_NOTHING, NEED_TEMPLE_TILE, NEED_PATHWAYS, NEED_RESERVE, NEED_PLACE = range(5)


class ToolUse(NamedTuple):
    """One way of using a toolbox: the action, its slot and what it needs."""

    action: Action
    slot: int
    branch: int
    level: int
    choice: str
    need: int


def tool_need(branch: int, level: int, choice: str) -> int:
    if (branch, level) == (MACHETE, 1):
        return NEED_TEMPLE_TILE
    if branch == COMPASS and level < 3:
        return NEED_PATHWAYS
    if (branch, level, choice) == (SHOVEL, 1, "toolbox"):
        return NEED_RESERVE
    if (branch, level) == (SHOVEL, 2):
        return NEED_PLACE
    return NEED_NOTHING


TOOL_USES: dict[int, ToolUse] = {
    action.index: ToolUse(
        action,
        tool_slot(BRANCHES.index(branch), level),
        BRANCHES.index(branch),
        level,
        choice,
        tool_need(BRANCHES.index(branch), level, choice),
    )
    for (branch, level, choice), action in A.USE_TOOL.items()
}
"""Every toolbox use by its action's index."""

CAN_GO_UP = tuple(tool_slot(b, level) for b in range(3) for level in (1, 2))
"""The slots whose toolboxes can still go up a level."""

USES_BY_SLOT = tuple(
    (slot, tuple(use for use in TOOL_USES.values() if use.slot == slot)) for slot in range(9)
)

STEPS: dict[int, tuple[int | None, int]] = {
    **{action.index: (None, tool_slot(b, 1)) for b, action in enumerate(A.STEP_START)},
    **{
        action.index: (tool_slot(b, level), tool_slot(b, level + 1))
        for b, ups in enumerate(A.STEP_UP)
        for level, action in enumerate(ups, start=1)
    },
}
"""A step action's index -> (the slot a toolbox leaves, ``None`` for the start row; the slot it
enters)."""


class _SlotRecord:
    """Equality and a readable repr from the slots, so a clone or a reloaded state can be
    compared with the original field by field."""

    __slots__ = ()

    def _names(self) -> tuple[str, ...]:
        return type(self).__slots__

    def __eq__(self, other: object) -> bool:
        return type(other) is type(self) and all(
            getattr(self, name) == getattr(other, name) for name in self._names()
        )

    def __repr__(self) -> str:
        fields = ", ".join(f"{name}={getattr(self, name)!r}" for name in self._names())
        return f"{type(self).__name__}({fields})"


class PlayerBoard(_SlotRecord):
    """What one seat has: its explorer, supplies, pathways, toolboxes, tiles and relics."""

    __slots__ = (
        "ability",
        "blue",
        "blue_seen",
        "coins",
        "ivory",
        "path_supply",
        "paths",
        "pos",
        "rations",
        "relics",
        "reserve",
        "start_row",
        "tools",
    )

    SCALARS = ("pos", "rations", "paths", "path_supply", "reserve", "start_row", "coins")
    """Plain values (the body keeps one list of them per field, seat by seat)."""
    CONTAINERS = ("tools", "ivory", "blue", "blue_seen", "relics")
    """Per-seat lists and dicts, copied by :meth:`copy`."""

    def __init__(self, ability: str | None = None) -> None:
        self.ability = ability
        """The explorer's ability (option ``abilities``), else ``None``."""
        self.pos = CAMP
        """The space the explorer stands on."""
        self.rations = START_RATIONS
        self.paths = 0
        """Bit mask of the trails carrying this seat's pathways."""
        self.path_supply = PATHWAYS
        """Pathways not on the board."""
        self.reserve = TOOLBOXES - 1
        """Toolboxes in the reserve (not yet on the progression table)."""
        self.start_row = 1
        """Toolboxes on the start row of the progression table."""
        self.tools = [0] * 9
        """Toolboxes per slot of the table: see ``rules.tool_slot``."""
        self.ivory: dict[int, int] = {}
        """Ivory tile held per level (1..3)."""
        self.blue: list[int] = []
        """Blue tiles held, in the order taken."""
        self.blue_seen: list[int] = []
        """Per blue tile held, the mask of seats that have seen it (taker, I2-b lookers)."""
        self.relics = [0, 0, 0, 0]
        """Relics held per relic colour."""
        self.coins = 0
        """Victory coins (secret to the other seats)."""

    def copy(self) -> PlayerBoard:
        other = PlayerBoard.__new__(PlayerBoard)
        other.ability = self.ability
        other.pos = self.pos
        other.rations = self.rations
        other.paths = self.paths
        other.path_supply = self.path_supply
        other.reserve = self.reserve
        other.start_row = self.start_row
        other.coins = self.coins
        other.tools = self.tools.copy()
        other.ivory = self.ivory.copy()
        other.blue = self.blue.copy()
        other.blue_seen = self.blue_seen.copy()
        other.relics = self.relics.copy()
        return other


class TurnRecord(_SlotRecord):
    """What the turn being played has done so far; a new one starts with each turn."""

    __slots__ = (
        "bonus_steps",
        "double",
        "end_after",
        "explored",
        "fam_before",
        "free_order",
        "jumped",
        "lifted",
        "moved_to",
        "moves",
        "new_tile",
        "route",
        "tool_used",
        "turn_blue",
        "turn_gain",
        "unexp",
        "used",
        "vacated",
    )

    SCALARS = (
        "moves",
        "jumped",
        "used",
        "unexp",
        "fam_before",
        "free_order",
        "bonus_steps",
        "explored",
        "tool_used",
        "double",
        "turn_gain",
        "end_after",
        "new_tile",
        "lifted",
        "moved_to",
        "vacated",
    )
    """Plain values, one body key each."""
    LISTS = ("route", "turn_blue")
    """Lists of plain values, one body key each, copied by :meth:`copy`."""

    def __init__(self) -> None:
        self.moves = 0
        """Trails walked."""
        self.jumped = False
        """Moved by the I2-f jump instead of walking."""
        self.used = 0
        """Bit mask of the trails walked (each at most once a turn)."""
        self.unexp = False
        """The move has used its one unexplored trail."""
        self.fam_before = False
        """The move walked own pathways before its unexplored trail."""
        self.free_order = False
        """Ivory I2-a used: pathways may come on both sides of the unexplored trail."""
        self.route: list[int] = []
        """The spaces walked through, the start first."""
        self.bonus_steps = 0
        """Toolbox steps earned by token flips of an effect, advanced when it ends."""
        self.explored = False
        self.tool_used = False
        self.double = False
        """Shovel level 3 used: coins gained from now on count twice."""
        self.turn_gain = 0
        """Coins gained this turn before Shovel level 3 (doubled afterwards by default)."""
        self.turn_blue: list[int] = []
        """Indexes (in the seat's blue tiles) of the blue tiles taken this turn."""
        self.end_after = False
        """Purple P-e teleported the explorer: the turn ends after the current effect."""
        self.new_tile: int | None = None
        """An ivory tile just taken while one of its level is held (a keep decision)."""
        self.lifted: int | None = None
        """The trail of the pathway being relocated."""
        self.moved_to = 0
        """Bit mask of the trails that relocated pathways went to (not lifted again)."""
        self.vacated = 0
        """Bit mask of the trails relocated pathways left (not placed on again)."""

    def copy(self) -> TurnRecord:
        other = TurnRecord.__new__(TurnRecord)
        other.moves = self.moves
        other.jumped = self.jumped
        other.used = self.used
        other.unexp = self.unexp
        other.fam_before = self.fam_before
        other.free_order = self.free_order
        other.route = self.route.copy()
        other.bonus_steps = self.bonus_steps
        other.explored = self.explored
        other.tool_used = self.tool_used
        other.double = self.double
        other.turn_gain = self.turn_gain
        other.turn_blue = self.turn_blue.copy()
        other.end_after = self.end_after
        other.new_tile = self.new_tile
        other.lifted = self.lifted
        other.moved_to = self.moved_to
        other.vacated = self.vacated
        return other
