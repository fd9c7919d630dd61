"""What a seat gets from a bot's answer: the legal action it names, or the game's default."""

from __future__ import annotations

import relicbox
from relicbox.bots import default_action
from relicbox.bots.answers import match_answer


def test_the_default_is_the_games_own_when_legal_and_else_the_first_legal_action():
    state = relicbox.new_game("diamant", 3, 4)
    legal = state.legal_actions(state.to_act[0])
    assert [a.text for a in legal] == ["continue", "leave"]
    assert default_action(state.game, legal).text == "leave"
    assert default_action(state.game, legal[:1]).text == "continue"
    tschak = relicbox.new_game("tschak", 3, 4)
    legal = tschak.legal_actions(tschak.to_act[0])
    assert tschak.game.default_action is None
    assert default_action(tschak.game, legal) is legal[0]


def test_an_answer_names_a_legal_action_by_itself_its_text_or_its_index():
    state = relicbox.new_game("diamant", 3, 4)
    cont, leave = state.legal_actions(state.to_act[0])
    assert match_answer(leave, [cont, leave]) is leave
    assert match_answer(" LEAVE ", [cont, leave]) is leave
    assert match_answer(cont.index, [cont, leave]) is cont
    assert match_answer(leave.index, [cont]) is None
    assert match_answer(True, [cont, leave]) is None  # a bool is not an index
    assert match_answer("stay", [cont, leave]) is None
