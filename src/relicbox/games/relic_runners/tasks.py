"""The agenda and its tasks: what a turn still has to do, one small immutable value each.

Effects that need choices push tasks on the state's :class:`Agenda`; the top task decides
what is asked next. A *decision* task waits for the seat to play: it offers the legal
actions (:meth:`Task.choices`) and carries out the one chosen (:meth:`Task.decide`);
every other task runs by itself (:meth:`Task.run`). So each task class says what it does,
and the rules' loop only asks the task on top.

The work itself stays in the state's layers, beside the rest of its rule: a task calls the
state's method for it (its choices are in ``legal``, its decision in ``decisions``, the
steps that run by themselves where each belongs). This module sits below those layers and
imports none of them; :class:`TaskState` names what the tasks call, and the finished state
class, which the rules hand to the tasks, is checked against it.

Two more questions go to the task itself, answered the same way by the module that knows
the rest: what a loaded state must hold for the task (:meth:`Task.check_needs`, which
calls the field checks' :class:`TaskNeeds`), and how a seat's view shows the decision it
waits for (:meth:`Task.view_part`, which calls the views' :class:`DecisionParts`).

Tasks never change once made (a clone shares them), and each is written to JSON as
``[kind, *fields]`` (``["place", 0, 0, 1, 0]``), the form the state body has always used.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any, ClassVar, Protocol, TypeVar

from relicbox.core.actions import Action


class TaskState(Protocol):
    """What the tasks ask of the state. The state's layers implement each method (see
    ``base.py``); only the whole state class, which runs the agenda, has them all."""

    _seat: int

    # the steps that run by themselves (rules, base, exploring, travel, endgame)
    def _begin(self) -> None: ...
    def _setup_purples(self) -> None: ...
    def _start_turn(self, seat: int) -> None: ...
    def _take(self, node: int, level: int, origin: int, forbidden: int) -> None: ...
    def _turn_up(self, node: int) -> None: ...
    def _after_move(self) -> None: ...
    def _end_turn(self) -> None: ...

    # the decisions' legal actions (legal.py)
    def _place_choices(self, task: Place) -> list[Action]: ...
    def _lift_choices(self, task: Lift) -> list[Action]: ...
    def _keep_choices(self, task: Keep) -> list[Action]: ...
    def _pick_choices(self, task: Pick) -> list[Action]: ...
    def _target_choices(self, task: Target) -> list[Action]: ...
    def _flip_choices(self, task: Flip) -> list[Action]: ...
    def _step_actions(self, seat: int) -> list[Action]: ...
    def _start_choices(self) -> list[Action]: ...

    # what the decisions do (decisions.py)
    def _decide_place(self, task: Place, action: Action) -> None: ...
    def _decide_lift(self, task: Lift, action: Action) -> None: ...
    def _decide_keep(self, task: Keep, action: Action) -> None: ...
    def _decide_pick(self, task: Pick, action: Action) -> None: ...
    def _decide_target(self, task: Target, action: Action) -> None: ...
    def _decide_flip(self, task: Flip, action: Action) -> None: ...
    def _decide_steps(self, task: Steps, action: Action) -> None: ...
    def _decide_start(self, action: Action) -> None: ...
    def _flush_effect_steps(self) -> None: ...  # a dropped flip's steps


StateT = TypeVar("StateT")
StateT_contra = TypeVar("StateT_contra", contravariant=True)
PartT_co = TypeVar("PartT_co", covariant=True)
PartT = TypeVar("PartT")


class TaskNeeds(Protocol[StateT_contra]):
    """What a loaded state must hold for a task to be carried out: one check per task that
    needs something of the position (``checks.py``), each refusing with the field's name.
    A task calls its own (:meth:`Task.check_needs`); the others need nothing."""

    def place(self, state: StateT_contra, task: Place, field: str) -> None: ...
    def pick(self, state: StateT_contra, task: Pick, field: str) -> None: ...
    def take(self, state: StateT_contra, task: Take, field: str) -> None: ...
    def keep(self, state: StateT_contra, task: Keep, field: str) -> None: ...
    def turn_up(self, state: StateT_contra, task: TurnUp, field: str) -> None: ...


class DecisionParts(Protocol[StateT_contra, PartT_co]):
    """A seat's view of the decision waited for: one part per decision task (``views.py``).
    A decision task calls its own (:meth:`Task.view_part`)."""

    def keep(self, state: StateT_contra, task: Keep) -> PartT_co: ...
    def place(self, state: StateT_contra, task: Place) -> PartT_co: ...
    def counted(self, state: StateT_contra, task: Lift | Steps) -> PartT_co: ...
    def flip(self, state: StateT_contra, task: Flip) -> PartT_co: ...
    def target(self, state: StateT_contra, task: Target) -> PartT_co: ...
    def pick(self, state: StateT_contra, task: Pick) -> PartT_co: ...
    def start(self, state: StateT_contra, task: Start) -> PartT_co: ...


class Task:
    """One agenda entry. Subclasses name their ``KIND`` and ``FIELDS`` (ints, or text) and
    override :meth:`run` (a task that runs by itself) or, for a :class:`Decision`,
    :meth:`choices` and :meth:`decide`."""

    __slots__ = ()
    KIND: ClassVar[str]
    DECISION: ClassVar[bool] = False
    """Does it wait for a decision (else it runs by itself)? The rules' loop asks this
    flag, not ``isinstance``: it is asked at every step of every game."""
    FIELDS: ClassVar[tuple[str, ...]] = ()

    def run(self, state: TaskState) -> None:
        """Carry out a task that runs by itself (the rules take it off the agenda first)."""
        raise TypeError(f"a {self.KIND!r} task waits for a decision; it does not run by itself")

    def choices(self, state: TaskState) -> list[Action]:
        """A decision task's legal actions now; none, and the rules drop the task."""
        raise TypeError(f"a {self.KIND!r} task runs by itself; it offers no choices")

    def decide(self, state: TaskState, action: Action) -> None:
        """Carry out the seat's decision (one of :meth:`choices`; the task is off the agenda)."""
        raise TypeError(f"a {self.KIND!r} task runs by itself; it takes no decision")

    def dropped(self, state: TaskState) -> None:
        """Tidy up after the rules dropped a decision task that had no choice to offer."""

    def check_needs(self, needs: TaskNeeds[StateT], state: StateT, field: str) -> None:
        """Refuse a loaded ``state`` that lacks what this task needs (most need nothing)."""

    def view_part(self, parts: DecisionParts[StateT, PartT], state: StateT) -> PartT | None:
        """This decision's part of a seat's view; ``None`` for a task that runs by itself."""
        return None

    def to_list(self) -> list[Any]:
        return [self.KIND, *(getattr(self, name) for name in self.FIELDS)]

    def __eq__(self, other: object) -> bool:
        return type(other) is type(self) and self.to_list() == other.to_list()

    def __hash__(self) -> int:
        return hash(tuple(self.to_list()))

    def __repr__(self) -> str:
        return f"{type(self).__name__}{tuple(self.to_list()[1:])!r}"


class Decision(Task):
    """A task that waits for the seat to act: it offers choices and carries one out."""

    __slots__ = ()
    DECISION = True


# -- tasks that run by themselves ------------------------------------------------------


class Begin(Task):
    """Set-up is over: queue the abilities' first choices, then the first turn."""

    __slots__ = ()
    KIND = "begin"

    def run(self, state: TaskState) -> None:
        state._begin()


class SetupPurples(Task):
    """Turn up the top tile of every purple temple (set-up)."""

    __slots__ = ()
    KIND = "setup-purples"

    def run(self, state: TaskState) -> None:
        state._setup_purples()


class FirstTurn(Task):
    """Start seat 0's first turn."""

    __slots__ = ()
    KIND = "first-turn"

    def run(self, state: TaskState) -> None:
        state._start_turn(0)


class SetSeat(Task):
    """Hand the decisions to ``seat`` (set-up choices of the abilities)."""

    __slots__ = ("seat",)
    KIND = "seat"
    FIELDS = ("seat",)

    def __init__(self, seat: int) -> None:
        self.seat = seat

    def run(self, state: TaskState) -> None:
        state._seat = self.seat


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

    def run(self, state: TaskState) -> None:
        state._take(self.node, self.level, self.origin, self.forbidden)

    def check_needs(self, needs: TaskNeeds[StateT], state: StateT, field: str) -> None:
        needs.take(state, self, field)


class TurnUp(Task):
    """Turn up the top tile of the stack at ``node`` (after a purple tile left it)."""

    __slots__ = ("node",)
    KIND = "turnup"
    FIELDS = ("node",)

    def __init__(self, node: int) -> None:
        self.node = node

    def run(self, state: TaskState) -> None:
        state._turn_up(self.node)

    def check_needs(self, needs: TaskNeeds[StateT], state: StateT, field: str) -> None:
        needs.turn_up(state, self, field)


class AfterMove(Task):
    """The move is over: expedition, toolbox tokens, arrival at the camp."""

    __slots__ = ()
    KIND = "after-move"

    def run(self, state: TaskState) -> None:
        state._after_move()


class EndTurn(Task):
    """End the turn and start the next one (or end the game)."""

    __slots__ = ()
    KIND = "end-turn"

    def run(self, state: TaskState) -> None:
        state._end_turn()


# -- tasks that wait for a decision ----------------------------------------------------


class Place(Decision):
    """Place ``count`` pathways on trails touching ``node`` (``anywhere``: on any trail);
    ``relocate``: the pathway is one being moved (compass, purple P-f)."""

    __slots__ = ("anywhere", "count", "node", "relocate")
    KIND = "place"
    FIELDS = ("node", "anywhere", "count", "relocate")

    def __init__(self, node: int, anywhere: int, count: int, relocate: int) -> None:
        self.node = node
        self.anywhere = anywhere
        self.count = count
        self.relocate = relocate

    def choices(self, state: TaskState) -> list[Action]:
        return state._place_choices(self)

    def decide(self, state: TaskState, action: Action) -> None:
        state._decide_place(self, action)

    def check_needs(self, needs: TaskNeeds[StateT], state: StateT, field: str) -> None:
        needs.place(state, self, field)

    def view_part(self, parts: DecisionParts[StateT, PartT], state: StateT) -> PartT:
        return parts.place(state, self)


class Lift(Decision):
    """Lift one of ``count`` pathways to move (each then placed anywhere)."""

    __slots__ = ("count",)
    KIND = "lift"
    FIELDS = ("count",)

    def __init__(self, count: int) -> None:
        self.count = count

    def choices(self, state: TaskState) -> list[Action]:
        return state._lift_choices(self)

    def decide(self, state: TaskState, action: Action) -> None:
        state._decide_lift(self, action)

    def view_part(self, parts: DecisionParts[StateT, PartT], state: StateT) -> PartT:
        return parts.counted(state, self)


class Keep(Decision):
    """Keep one of two ivory tiles of ``level``: the one held or the one just taken."""

    __slots__ = ("level",)
    KIND = "keep"
    FIELDS = ("level",)

    def __init__(self, level: int) -> None:
        self.level = level

    def choices(self, state: TaskState) -> list[Action]:
        return state._keep_choices(self)

    def decide(self, state: TaskState, action: Action) -> None:
        state._decide_keep(self, action)

    def check_needs(self, needs: TaskNeeds[StateT], state: StateT, field: str) -> None:
        needs.keep(state, self, field)

    def view_part(self, parts: DecisionParts[StateT, PartT], state: StateT) -> PartT:
        return parts.keep(state, self)


class Pick(Decision):
    """Take a tile of the stack at ``node``: any level after looking through it with I2-b,
    or (``offer_look``) the top one or I2-b first."""

    __slots__ = ("forbidden", "node", "offer_look", "origin")
    KIND = "pick"
    FIELDS = ("node", "origin", "forbidden", "offer_look")

    def __init__(self, node: int, origin: int, forbidden: int, offer_look: int) -> None:
        self.node = node
        self.origin = origin
        self.forbidden = forbidden
        self.offer_look = offer_look

    def choices(self, state: TaskState) -> list[Action]:
        return state._pick_choices(self)

    def decide(self, state: TaskState, action: Action) -> None:
        state._decide_pick(self, action)

    def check_needs(self, needs: TaskNeeds[StateT], state: StateT, field: str) -> None:
        needs.pick(state, self, field)

    def view_part(self, parts: DecisionParts[StateT, PartT], state: StateT) -> PartT:
        return parts.pick(state, self)


class Target(Decision):
    """Purple P-g: choose a ruin or temple one trail from ``origin`` (not in ``forbidden``)."""

    __slots__ = ("forbidden", "origin")
    KIND = "target"
    FIELDS = ("origin", "forbidden")

    def __init__(self, origin: int, forbidden: int) -> None:
        self.origin = origin
        self.forbidden = forbidden

    def choices(self, state: TaskState) -> list[Action]:
        return state._target_choices(self)

    def decide(self, state: TaskState, action: Action) -> None:
        state._decide_target(self, action)

    def view_part(self, parts: DecisionParts[StateT, PartT], state: StateT) -> PartT:
        return parts.target(state, self)


FLIP_AFTER_MOVE = "move"
FLIP_EFFECT = "effect"


class Flip(Decision):
    """Flip up to ``left`` toolbox tokens not in ``mask`` (``must``: no stopping early).

    ``context``: ``effect`` (purple P-h; the steps earned wait until the flips are done)
    or ``move`` (ivory I3-f on leaving the camp).
    """

    __slots__ = ("context", "left", "mask", "must")
    KIND = "flip"
    FIELDS = ("left", "must", "mask", "context")

    def __init__(self, left: int, must: int, mask: int, context: str) -> None:
        self.left = left
        self.must = must
        self.mask = mask
        self.context = context

    def choices(self, state: TaskState) -> list[Action]:
        return state._flip_choices(self)

    def decide(self, state: TaskState, action: Action) -> None:
        state._decide_flip(self, action)

    def view_part(self, parts: DecisionParts[StateT, PartT], state: StateT) -> PartT:
        return parts.flip(state, self)

    def dropped(self, state: TaskState) -> None:
        # No token left to flip: the steps a purple tile earned are still due.
        if self.context == FLIP_EFFECT:
            state._flush_effect_steps()


class Steps(Decision):
    """Advance toolboxes ``count`` steps, one at a time."""

    __slots__ = ("count",)
    KIND = "steps"
    FIELDS = ("count",)

    def __init__(self, count: int) -> None:
        self.count = count

    def choices(self, state: TaskState) -> list[Action]:
        return state._step_actions(state._seat)

    def decide(self, state: TaskState, action: Action) -> None:
        state._decide_steps(self, action)

    def view_part(self, parts: DecisionParts[StateT, PartT], state: StateT) -> PartT:
        return parts.counted(state, self)


class Start(Decision):
    """The head-start ability: choose the camp or a space one trail from it."""

    __slots__ = ()
    KIND = "start"

    def choices(self, state: TaskState) -> list[Action]:
        return state._start_choices()

    def decide(self, state: TaskState, action: Action) -> None:
        state._decide_start(action)

    def view_part(self, parts: DecisionParts[StateT, PartT], state: StateT) -> PartT:
        return parts.start(state, self)


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


class Agenda(list[Task]):
    """The tasks still to do, the last pushed on top: the top one is done first.

    A list, so that the rules' loop, which looks at the top at every step of every game,
    reads it at list speed, and a clone of the state copies only the list (the tasks are
    shared). Push with :meth:`push`, take the top off with ``pop``.
    """

    __slots__ = ()

    push = list.append
    """Put a task on top (the list's own ``append``: effects push at every turn)."""

    def top(self) -> Task | None:
        """The task done next, if any."""
        return self[-1] if self else None

    def pending_decision(self) -> Task | None:
        """The task on top if it waits for the seat's decision, else ``None``."""
        return self[-1] if self and self[-1].DECISION else None

    def copy(self) -> Agenda:
        """Another agenda with the same tasks (they never change, so they are shared)."""
        return Agenda(self)

    def to_lists(self) -> list[list[Any]]:
        """The JSON form: each task as ``[kind, *fields]``, bottom first."""
        return [task.to_list() for task in self]

    @classmethod
    def from_lists(cls, entries: Iterable[Sequence[Any]]) -> Agenda:
        """An agenda from its JSON form; raises ``ValueError`` for an unknown task."""
        return cls(task_from_list(entry) for entry in entries)
