"""Relic Runners at the prompt: the hint names only forms that work, and a destination is enough."""

from __future__ import annotations

import re

import pytest

import relicbox
from relicbox.cli.common import alias_hint, read_answer


def first_decision():
    state = relicbox.new_game("relic-runners", 3, 4, setup="standard")
    seat = state.to_act[0]
    return state, seat, list(state.legal_actions(seat))


@pytest.mark.parametrize("lang", ["en", "cs"])
def test_every_form_the_hint_shows_is_understood(lang):
    state, seat, legal = first_decision()
    hint = alias_hint(state, lang)
    examples = re.findall(r'["„“]([^"„“]+)["“]', hint)
    assert len(examples) >= 2, hint  # a move, and its destination alone
    for example in examples:
        answer = read_answer(state, seat, legal, example, lang)
        assert answer.action in legal, (example, answer.refusal)


@pytest.mark.parametrize("typed", ["R1", "r1", "move r1", "move R1", "move R1-CAMP", " R1 "])
def test_the_destination_alone_chooses_the_only_move_there(typed):
    state, seat, legal = first_decision()
    answer = read_answer(state, seat, legal, typed, "en")
    assert answer.action is not None and answer.action.text == "move CAMP-R1", answer.refusal


def test_a_destination_that_no_move_reaches_is_refused_with_the_options():
    state, seat, legal = first_decision()
    answer = read_answer(state, seat, legal, "R9", "en")
    assert answer.action is None and "R9" in (answer.refusal or "")


@pytest.mark.parametrize("lang", ["en", "cs"])
def test_a_toolbox_token_is_named_with_its_river(lang):
    from relicbox.games.relic_runners import text

    state, seat, _ = first_decision()
    view = state.view(seat)
    trail = next(t for t in view["trails"] if t["token"] == "TB4")
    where = f"{trail['a']}–{trail['b']}"
    assert where in text.describe_action("flip TB4", view, lang)
    assert f"TB4 ({where})" in text.board(view, lang)


@pytest.mark.parametrize(
    ("game", "typed", "meant"),
    [("tschak", "zahrát", "play"), ("tschak", "zahrat", "play"), ("diamant", "odejít", "leave")],
)
def test_czech_action_words_are_shown_and_typed(game, typed, meant):
    from relicbox.cli.common import shown_action

    state = relicbox.new_game(game, 3, 4)
    seat = state.to_act[0]
    legal = list(state.legal_actions(seat))
    action = next(a for a in legal if a.text.split()[0] == meant)
    shown = shown_action(state, action.text, "cs")
    assert shown.split()[0] != meant
    rest = action.text.partition(" ")[2]
    answer = read_answer(state, seat, legal, f"{typed} {rest}".strip(), "cs")
    assert answer.action == action, answer.refusal
