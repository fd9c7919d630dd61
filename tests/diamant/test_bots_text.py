"""Diamant's rule bot decides from its view alone, and the text screens say what happened."""

from __future__ import annotations

import pytest

import relicbox
from relicbox.core.rng import Rng
from relicbox.games.diamant import text
from relicbox.games.diamant.bots import DiamantRuleBot
from support.diamant import choose


def walk(players: int, *cards: str) -> relicbox.State:
    """A round whose path is ``cards``, in order, with everybody continuing in between."""
    state = relicbox.new_game("diamant", players, seed=0, auto_chance=False)
    for step, card in enumerate(cards):
        if step:
            choose(state, set())
        state.apply_chance(card)
    return state


def decide(bot: DiamantRuleBot, state: relicbox.State, seat: int = 0) -> str:
    return bot.choose(state.view(seat), state.legal_actions(seat), Rng(0)).text


def test_the_rule_bot_stays_with_nothing_at_risk_and_leaves_a_rich_dangerous_cave():
    bot = DiamantRuleBot()
    assert decide(bot, walk(3, "T1")) == "continue"
    risky = walk(3, "T17", "spiders", "snakes", "lava")
    assert risky.view(0)["pockets"][0] == 5
    assert decide(bot, risky) == "leave"


def test_caution_moves_the_point_where_the_bot_leaves():
    state = walk(3, "T9", "spiders", "T4")
    assert state.view(0)["pockets"][0] == 4
    decisions = [decide(DiamantRuleBot(caution), state) for caution in (0.2, 1.0, 5.0)]
    assert decisions == ["continue", "continue", "leave"]


def test_every_choice_of_the_bot_is_legal_for_every_seat():
    state = walk(4, "T5", "spiders")
    choose(state, {1})
    state.apply_chance("T7")
    for seat in state.to_act:
        legal = state.legal_actions(seat)
        assert DiamantRuleBot().choose(state.view(seat), legal, Rng(1)) in legal


@pytest.mark.parametrize("lang", ["en", "cs"])
def test_the_board_names_the_cards_on_the_path_and_the_result_table_the_winner(lang):
    state = walk(3, "T9", "spiders")
    screen = text.render(state.view(0), lang)
    assert ("spiders" if lang == "en" else "pavouci").lower() in screen.lower()
    finished = relicbox.new_game("diamant", 3, 5)
    while not finished.is_over:
        for seat in finished.to_act:
            finished.act(seat, "leave" if seat else "continue")
    headers, rows = text.result_rows(finished.view(None), lang)
    assert len(headers) == 4 and len(rows) == 3
    assert [row[1] for row in rows] == [str(score) for score in finished.scores()]
    winners = [seat for seat, row in enumerate(rows) if row[3]]
    assert winners == finished.winners() == [1, 2]
    lines = text.transcript(finished.view(None), lang, names=["Ann", "Bob", "Cy"])
    assert any("Bob" in line and "Cy" in line for line in lines)
