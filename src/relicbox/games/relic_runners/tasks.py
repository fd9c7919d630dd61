"""The agenda's tasks: what a turn still has to do, one small immutable value each.

Effects that need choices push tasks on the state's agenda; the top task decides what is
asked next. A *decision* task waits for the seat to play (its legal actions come from the
rules); every other task runs by itself. Tasks never change once made (a clone shares
them), and each is written to JSON as ``[kind, *fields]`` (``["place", 0, 0, 1, 0]``), the
form the state body has always used.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar


class Task:
    """One agenda entry. Subclasses name their ``KIND`` and ``FIELDS`` (ints, or text)."""

    __slots__ = ()
    KIND: ClassVar[str]
    DECISION: ClassVar[bool] = False
    """Does it wait for a decision (else it runs by itself)?"""
    FIELDS: ClassVar[tuple[str, ...]] = ()

    def to_list(self) -> list[Any]:
        return [self.KIND, *(getattr(self, name) for name in self.FIELDS)]

    def __eq__(self, other: object) -> bool:
        return type(other) is type(self) and self.to_list() == other.to_list()

    def __hash__(self) -> int:
        return hash(tuple(self.to_list()))

    def __repr__(self) -> str:
        return f"{type(self).__name__}{tuple(self.to_list()[1:])!r}"


# -- tasks that run by themselves ------------------------------------------------------


class Begin(Task):
    """Set-up is over: queue the abilities' first choices, then the first turn."""

    __slots__ = ()
    KIND = "begin"


class SetupPurples(Task):
    """Turn up the top tile of every purple temple (set-up)."""

    __slots__ = ()
    KIND = "setup-purples"


class FirstTurn(Task):
    """Start seat 0's first turn."""

    __slots__ = ()
    KIND = "first-turn"


class SetSeat(Task):
    """Hand the decisions to ``seat`` (set-up choices of the abilities)."""

    __slots__ = ("seat",)
    KIND = "seat"
    FIELDS = ("seat",)

    def __init__(self, seat: int) -> None:
        self.seat = seat


class Take(Task):
    """Take the drawn tile at ``node``/``level`` for the seat standing on ``origin``.

    ``forbidden``: a mask of spaces purple P-g may no longer target in this chain.
    """

    __slots__ = ("forbidden", "level", "node", "origin")
    KIND = "take"
    FIELDS = ("node", "level", "origin", "forbidden")

    def __init__(self, node: int, level: int, origin: int, forbidden: int) -> None:
        self.node = node
        self.level = level
        self.origin = origin
        self.forbidden = forbidden


class TurnUp(Task):
    """Turn up the top tile of the stack at ``node`` (after a purple tile left it)."""

    __slots__ = ("node",)
    KIND = "turnup"
    FIELDS = ("node",)

    def __init__(self, node: int) -> None:
        self.node = node


class AfterMove(Task):
    """The move is over: expedition, toolbox tokens, arrival at the camp."""

    __slots__ = ()
    KIND = "after-move"


class EndTurn(Task):
    """End the turn and start the next one (or end the game)."""

    __slots__ = ()
    KIND = "end-turn"


# -- tasks that wait for a decision ----------------------------------------------------


class Place(Task):
    """Place ``count`` pathways on trails touching ``node`` (``anywhere``: on any trail);
    ``relocate``: the pathway is one being moved (compass, purple P-f)."""

    __slots__ = ("anywhere", "count", "node", "relocate")
    KIND = "place"
    DECISION = True
    FIELDS = ("node", "anywhere", "count", "relocate")

    def __init__(self, node: int, anywhere: int, count: int, relocate: int) -> None:
        self.node = node
        self.anywhere = anywhere
        self.count = count
        self.relocate = relocate


class Lift(Task):
    """Lift one of ``count`` pathways to move (each then placed anywhere)."""

    __slots__ = ("count",)
    KIND = "lift"
    DECISION = True
    FIELDS = ("count",)

    def __init__(self, count: int) -> None:
        self.count = count


class Keep(Task):
    """Keep one of two ivory tiles of ``level``: the one held or the one just taken."""

    __slots__ = ("level",)
    KIND = "keep"
    DECISION = True
    FIELDS = ("level",)

    def __init__(self, level: int) -> None:
        self.level = level


class Pick(Task):
    """Take a tile of the stack at ``node``: any level after looking through it with I2-b,
    or (``offer_look``) the top one or I2-b first."""

    __slots__ = ("forbidden", "node", "offer_look", "origin")
    KIND = "pick"
    DECISION = True
    FIELDS = ("node", "origin", "forbidden", "offer_look")

    def __init__(self, node: int, origin: int, forbidden: int, offer_look: int) -> None:
        self.node = node
        self.origin = origin
        self.forbidden = forbidden
        self.offer_look = offer_look


class Target(Task):
    """Purple P-g: choose a ruin or temple one trail from ``origin`` (not in ``forbidden``)."""

    __slots__ = ("forbidden", "origin")
    KIND = "target"
    DECISION = True
    FIELDS = ("origin", "forbidden")

    def __init__(self, origin: int, forbidden: int) -> None:
        self.origin = origin
        self.forbidden = forbidden


FLIP_AFTER_MOVE = "move"
FLIP_EFFECT = "effect"


class Flip(Task):
    """Flip up to ``left`` toolbox tokens not in ``mask`` (``must``: no stopping early).

    ``context``: ``effect`` (purple P-h; the steps earned wait until the flips are done)
    or ``move`` (ivory I3-f on leaving the camp).
    """

    __slots__ = ("context", "left", "mask", "must")
    KIND = "flip"
    DECISION = True
    FIELDS = ("left", "must", "mask", "context")

    def __init__(self, left: int, must: int, mask: int, context: str) -> None:
        self.left = left
        self.must = must
        self.mask = mask
        self.context = context


class Steps(Task):
    """Advance toolboxes ``count`` steps, one at a time."""

    __slots__ = ("count",)
    KIND = "steps"
    DECISION = True
    FIELDS = ("count",)

    def __init__(self, count: int) -> None:
        self.count = count


class Start(Task):
    """The head-start ability: choose the camp or a space one trail from it."""

    __slots__ = ()
    KIND = "start"
    DECISION = True


BEGIN = Begin()
SETUP_PURPLES = SetupPurples()
FIRST_TURN = FirstTurn()
AFTER_MOVE = AfterMove()
END_TURN = EndTurn()
START = Start()

TASK_TYPES: dict[str, type[Task]] = {
    cls.KIND: cls
    for cls in (
        Begin,
        SetupPurples,
        FirstTurn,
        SetSeat,
        Take,
        TurnUp,
        AfterMove,
        EndTurn,
        Place,
        Lift,
        Keep,
        Pick,
        Target,
        Flip,
        Steps,
        Start,
    )
}
"""Every task by its JSON kind."""


def task_from_list(entry: Sequence[Any]) -> Task:
    """A task from its JSON form ``[kind, *fields]``; raises ``ValueError`` if unknown."""
    if not entry or entry[0] not in TASK_TYPES:
        raise ValueError(f"unknown agenda task {list(entry)!r}")
    cls = TASK_TYPES[entry[0]]
    if len(entry) != len(cls.FIELDS) + 1:
        raise ValueError(f"agenda task {list(entry)!r} needs the fields {list(cls.FIELDS)}")
    if not cls.FIELDS:
        return _SINGLETONS[cls]
    return cls(*entry[1:])


_SINGLETONS: dict[type[Task], Task] = {
    type(task): task for task in (BEGIN, SETUP_PURPLES, FIRST_TURN, AFTER_MOVE, END_TURN, START)
}
