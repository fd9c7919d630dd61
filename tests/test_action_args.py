"""Actions carry their parsed arguments; equality, hashing and pickling stay as before."""

from __future__ import annotations

import pickle
from typing import NamedTuple

import pytest

import relicbox
from relicbox.core import conformance
from relicbox.core.actions import Action, ActionSpace
from relicbox.games.relic_runners import actions as A
from relicbox.games.tschak.rules import Play


class Card(NamedTuple):
    code: str


def test_args_take_no_part_in_equality_and_survive_pickling():
    action = Action("play W4*", 3, Card("W4*"))
    assert action == Action("play W4*", 3)
    assert hash(action) == hash(Action("play W4*", 3))
    copy = pickle.loads(pickle.dumps(action))
    assert copy == action
    assert copy.args == Card("W4*")
    assert type(copy.args) is Card


def test_args_as_returns_the_kind_or_names_the_action():
    action = Action("play W4*", 0, Card("W4*"))
    assert action.args_as(Card).code == "W4*"
    with pytest.raises(TypeError, match="'leave' has no Card"):
        Action("leave", 1).args_as(Card)


def test_relic_runners_actions_carry_the_views_ids():
    space = A.ACTION_SPACE
    assert space.from_text("move T4-R1").args == A.Move("R1", "T4")
    assert space.from_text("move R1-T4").args_as(A.Move).trail == "R1-T4"
    assert space.from_text("step start shovel").args == A.Step("shovel", 0)
    assert space.from_text("use shovel 1 vp").args_as(A.UseTool).toolbox == "shovel 1 vp"
    assert space.from_text("keep I1-c").args == A.Keep("I1-c")
    assert space.from_text("pick 2").args == A.Pick(2)
    assert A.STOP.args == ()


def test_tschak_actions_carry_the_card_code():
    game = relicbox.get_game("tschak")
    assert all(a.args_as(Play).code == a.text.removeprefix("play ") for a in game.action_space)


def test_the_conformance_check_refuses_actions_told_apart_only_by_text():
    game = relicbox.get_game("tschak")
    twins = ActionSpace(
        [Action("play a", 0, Card("x")), Action("play b", 1, Card("x"))], game="twins"
    )
    fake = type("Fake", (), {"name": "twins", "action_space": twins})()
    with pytest.raises(conformance.ConformanceError, match="also those of"):
        conformance.check_action_args(fake)
    conformance.check_action_args(game)


def test_args_reach_browsers_as_json_with_their_kind():
    assert A.MOVE[0][1].args_json() == {"kind": "move", "a": "CAMP", "b": "R1"}
    assert A.STEP_START[0].args_json() == {"kind": "step", "branch": "machete", "level": 0}
    use = A.USE_TOOL["shovel", 1, "vp"]
    assert use.args_json() == {"kind": "use-tool", "branch": "shovel", "level": 1, "choice": "vp"}
    assert A.STOP.args_json() is None


def test_the_table_page_gets_each_legal_actions_arguments():
    from relicbox.server.snapshots import legal_entries

    state = relicbox.new_game("relic-runners", 3, 2)
    seat = state.to_act[0]
    entries = legal_entries(state, seat, state.view(seat), "en")
    legal = state.legal_actions(seat)
    assert [entry["text"] for entry in entries] == [a.text for a in legal]
    assert [entry["args"] for entry in entries] == [a.args_json() for a in legal]
    assert any(entry["args"] is not None for entry in entries)
