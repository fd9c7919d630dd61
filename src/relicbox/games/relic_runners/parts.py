"""Parts of a Relic Runners state: the stage, each seat's player board with its toolbox
table, and the record of the turn being played.

Both are plain mutable records with slots; the state owns one :class:`PlayerBoard` per
seat and one :class:`TurnRecord`, and its ``clone`` copies them with their ``copy``.
:data:`FIELDS` declares every field of the state and of both records once: it gives the
slots, the copies and the JSON body's keys, in the body's historical order (one list per
board field with an entry per seat, one key per turn field).
"""

from __future__ import annotations

from enum import Enum
from typing import Any, NamedTuple, Self

from relicbox.core.actions import Action
from relicbox.core.fields import Copy, Field, Fields
from relicbox.games.relic_runners import actions
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


SHARE, LIST, NESTED = Copy.SHARE, Copy.LIST, Copy.NESTED

MAX_SEATS = 5
"""The most players a game may have (the box holds five explorers)."""
ALL_SEATS = (1 << MAX_SEATS) - 1
"""A bit per seat: sets of seats as one number."""
_BOARDS, _TURN = "_boards", "_this_turn"

FIELDS = Fields(
    # plain values
    Field("_collected", SHARE, "collected", plain=True, doc="relics collected in all"),
    Field("_supply", SHARE, "supply", plain=True, doc="rations in the camp"),
    Field("_final_seat", SHARE, "final_seat", plain=True, doc="who triggered the final round"),
    Field("_final_left", SHARE, "final_left", plain=True, doc="turns left in the final round"),
    Field("_extra", SHARE, "extra", plain=True, doc="the I1-f extra turn is being played"),
    Field("_truncated", SHARE, "truncated", plain=True, doc="ended by a cap or the backstop"),
    Field("_turn", SHARE, "turn", plain=True),
    Field("_progress_turn", SHARE, "progress_turn", plain=True, doc="the last turn with progress"),
    Field("_seat", SHARE, "seat", plain=True),
    Field("_start", SHARE, "start", plain=True, doc="where the turn began"),
    Field("_start_relic", SHARE, "start_relic", plain=True, doc="the relic there, if any"),
    Field("_stage", SHARE, "stage", doc="a Stage; written as its value"),
    # flat lists
    Field("_colour", LIST, "colour", plain=True, doc="per space, its temple colour"),
    Field("_relic_on", LIST, "relic_on", plain=True, doc="per space, a relic on its shrine"),
    Field("_tokens", LIST, "tokens", plain=True, doc="the toolbox tokens, face up or not"),
    Field("_discard", LIST, "discard", plain=True, doc="tiles out of the game"),
    Field("_shown", LIST, "shown", plain=True, doc="blue tiles shown by Shovel level 3"),
    # each player board's plain values: one body list each, an entry per seat
    Field("pos", SHARE, "pos", plain=True, within=_BOARDS, doc="where the explorer stands"),
    Field("rations", SHARE, "rations", plain=True, within=_BOARDS),
    Field("paths", SHARE, "paths", plain=True, within=_BOARDS, doc="bit mask of pathways"),
    Field("path_supply", SHARE, "path_supply", plain=True, within=_BOARDS),
    Field("reserve", SHARE, "reserve", plain=True, within=_BOARDS, doc="toolboxes held back"),
    Field("start_row", SHARE, "start_row", plain=True, within=_BOARDS),
    Field("coins", SHARE, "coins", plain=True, within=_BOARDS),
    Field("ability", SHARE, "ability", plain=True, within=_BOARDS),
    # the turn record's fields, one body key each
    Field("moves", SHARE, "moves", plain=True, within=_TURN),
    Field("jumped", SHARE, "jumped", plain=True, within=_TURN),
    Field("used", SHARE, "used", plain=True, within=_TURN),
    Field("unexp", SHARE, "unexp", plain=True, within=_TURN),
    Field("fam_before", SHARE, "fam_before", plain=True, within=_TURN),
    Field("free_order", SHARE, "free_order", plain=True, within=_TURN),
    Field("bonus_steps", SHARE, "bonus_steps", plain=True, within=_TURN),
    Field("explored", SHARE, "explored", plain=True, within=_TURN),
    Field("tool_used", SHARE, "tool_used", plain=True, within=_TURN),
    Field("double", SHARE, "double", plain=True, within=_TURN),
    Field("turn_gain", SHARE, "turn_gain", plain=True, within=_TURN),
    Field("end_after", SHARE, "end_after", plain=True, within=_TURN),
    Field("new_tile", SHARE, "new_tile", plain=True, within=_TURN),
    Field("lifted", SHARE, "lifted", plain=True, within=_TURN),
    Field("moved_to", SHARE, "moved_to", plain=True, within=_TURN),
    Field("vacated", SHARE, "vacated", plain=True, within=_TURN),
    Field("route", LIST, "route", plain=True, within=_TURN),
    Field("turn_blue", LIST, "turn_blue", plain=True, within=_TURN),
    # stacks, drawn tiles and pools hold immutable items (replaced, never changed in place)
    Field("_levels", LIST, "levels", doc="per space, its stack's levels (tuples)"),
    Field("_fixed", LIST, "fixed", doc="per space, its drawn tiles (read-only dicts)"),
    Field("_pools", LIST, "pools", doc="per colour and level, the unseen tiles (tuples)"),
    # each player board's containers: one body list each, an entry per seat
    Field("tools", LIST, "tools", plain=True, within=_BOARDS, doc="toolboxes per slot"),
    Field("ivory", LIST, "ivory", within=_BOARDS, doc="ivory tile per level; keys as text"),
    Field("blue", LIST, "blue", plain=True, within=_BOARDS, doc="blue tiles, in order taken"),
    Field("blue_seen", LIST, "blue_seen", plain=True, within=_BOARDS, doc="who saw each"),
    Field("relics", LIST, "relics", plain=True, within=_BOARDS, doc="relics per colour"),
    Field("_agenda", LIST, "agenda", doc="immutable tasks, as [kind, *fields]"),
    Field("_chance", LIST, "chance", doc="pending chance events (tuples)"),
    Field("_history", LIST, "history", doc="a History: its copy shares every full chunk"),
    # the records, each copied by its own generated copy (their fields are above)
    Field(_TURN, LIST, doc="the TurnRecord"),
    Field(_BOARDS, NESTED, doc="a PlayerBoard per seat"),
    # derived when a body is loaded
    Field("_map", SHARE, doc="the compiled map: the board's lookups (option board)"),
    Field("_height", SHARE, doc="the stacks' height (player count)"),
    Field("_legal", SHARE, doc="the cached legal actions; replaced, never changed in place"),
)
"""Every field of the state and of its records: the slots, the generated ``clone`` and
``copy`` methods, and the JSON body's keys in the body's order."""


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
    for (branch, level, choice), action in actions.USE_TOOL.items()
}
"""Every toolbox use by its action's index."""

CAN_GO_UP = tuple(tool_slot(b, level) for b in range(3) for level in (1, 2))
"""The slots whose toolboxes can still go up a level."""

USES_BY_SLOT = tuple(
    (slot, tuple(use for use in TOOL_USES.values() if use.slot == slot)) for slot in range(9)
)

STEPS: dict[int, tuple[int | None, int]] = {
    **{action.index: (None, tool_slot(b, 1)) for b, action in enumerate(actions.STEP_START)},
    **{
        action.index: (tool_slot(b, level), tool_slot(b, level + 1))
        for b, ups in enumerate(actions.STEP_UP)
        for level, action in enumerate(ups, start=1)
    },
}
"""A step action's index -> (the slot a toolbox leaves, ``None`` for the start row; the slot it
enters)."""


class _SlotRecord:
    """Equality and a readable repr from the slots, so a clone or a reloaded state can be
    compared with the original field by field; ``copy`` generated from :data:`FIELDS`
    for the slot named by the class keyword ``holder``."""

    __slots__ = ()

    def __init_subclass__(cls, holder: str = "", **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        cls.copy = FIELDS.copier(cls, holder)  # type: ignore[method-assign,assignment]

    def copy(self) -> Self:
        """An independent copy (generated for each record class)."""
        raise NotImplementedError

    def _names(self) -> tuple[str, ...]:
        return type(self).__slots__

    def __eq__(self, other: object) -> bool:
        return type(other) is type(self) and all(
            getattr(self, name) == getattr(other, name) for name in self._names()
        )

    def __repr__(self) -> str:
        fields = ", ".join(f"{name}={getattr(self, name)!r}" for name in self._names())
        return f"{type(self).__name__}({fields})"


class PlayerBoard(_SlotRecord, holder=_BOARDS):
    """What one seat has: its explorer, supplies, pathways, toolboxes, tiles and relics."""

    __slots__ = FIELDS.record_slots(_BOARDS)

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
        """Toolboxes per slot of the table: see :func:`tool_slot`."""
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


class TurnRecord(_SlotRecord, holder=_TURN):
    """What the turn being played has done so far; a new one starts with each turn."""

    __slots__ = FIELDS.record_slots(_TURN)

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
