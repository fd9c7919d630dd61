"""The rules' effect tables cover every effect the data lists, each once."""

from __future__ import annotations

from relicbox.games.relic_runners import actions as A
from relicbox.games.relic_runners import checks, data, tasks
from relicbox.games.relic_runners.effects import IVORY_USES, TOOL_EFFECTS
from relicbox.games.relic_runners.exploring import PURPLE_EFFECTS
from relicbox.games.relic_runners.parts import STEPS, TOOL_USES


def test_every_purple_effect_has_its_rule() -> None:
    assert set(PURPLE_EFFECTS) == set(data.PURPLE_EFFECTS)


def test_one_use_ivory_tiles_with_an_action_of_their_own_have_a_rule() -> None:
    own_action = {code for code in A.USE_IVORY if code not in ("I2-d", "I2-e")}
    assert set(IVORY_USES) == own_action


def test_toolbox_uses_cover_every_action_and_slot() -> None:
    assert {use.action for use in TOOL_USES.values()} == set(A.USE_TOOL.values())
    assert sorted({use.slot for use in TOOL_USES.values()}) == list(range(9))
    for use in TOOL_USES.values():
        assert use.action.text.startswith(f"use {data.BRANCHES[use.branch]} {use.level}")


def test_every_toolbox_use_has_its_effect() -> None:
    uses = {(use.branch, use.level, use.choice) for use in TOOL_USES.values()}
    assert set(TOOL_EFFECTS) == uses
    assert {(data.BRANCHES[b], level) for b, level, _ in uses} == set(data.TOOL_ACTIONS)


def test_steps_move_one_toolbox_one_level_up() -> None:
    for source, target in STEPS.values():
        assert target % 3 == (0 if source is None else source % 3 + 1)


def test_tasks_round_trip_through_their_json_form() -> None:
    for cls in tasks.TASK_TYPES.values():
        values = [3 if name != "context" else tasks.FLIP_EFFECT for name in cls.FIELDS]
        entry = [cls.KIND, *values]
        assert tasks.task_from_list(entry).to_list() == entry


def test_body_checks_know_every_task_with_its_fields() -> None:
    shapes = {kind: len(shape) for kind, shape in checks._TASKS.items()}
    assert shapes == {kind: len(cls.FIELDS) for kind, cls in tasks.TASK_TYPES.items()}


def test_every_task_says_what_it_does() -> None:
    """A decision task offers its choices and carries one out; any other task runs by
    itself. The rules' loop asks the task on top, so a task without its part would fail
    only when a game reached it."""
    for cls in tasks.TASK_TYPES.values():
        own = {name for klass in cls.__mro__[:-2] for name in vars(klass)}
        wanted = {"choices", "decide"} if cls.DECISION else {"run"}
        assert wanted <= own, cls.KIND
        assert not (own & {"run", "choices", "decide"}) - wanted, cls.KIND
    agenda = tasks.Agenda.from_lists([["end-turn"], ["steps", 2]])
    assert agenda.top() == tasks.Steps(2) == agenda.pending_decision()
    assert type(agenda.copy()) is tasks.Agenda and agenda.copy() == agenda
    assert agenda.to_lists() == [["end-turn"], ["steps", 2]]
    agenda.pop()
    assert agenda.top() is tasks.END_TURN and agenda.pending_decision() is None
