"""Tschak! bots play legally and sensibly; the text module reads well in English and Czech."""

from __future__ import annotations

import pytest

import relicbox
from relicbox.core.agents import RandomAgent
from relicbox.core.rng import Rng
from relicbox.games.tschak import text
from relicbox.games.tschak.bots import TschakRuleBot


def play(players, bots, seed):
    state = relicbox.new_game("tschak", players, seed=seed)
    rng = Rng(seed)
    while not state.is_over:
        for seat in state.to_act:
            legal = state.legal_actions(seat)
            action = bots[seat].choose(state.view(seat), legal, rng)
            assert action in legal
            state.act(seat, action)
    return state


def test_the_game_registers_its_rule_bot_and_text_module():
    game = relicbox.get_game("Tschak!")
    assert game.bots["rule"]().name == "rule"
    assert game.text is text


def test_rule_bot_beats_random_bots():
    wins = 0.0
    games = 24
    for seed in range(games):
        seat = seed % 4
        bots = [TschakRuleBot() if s == seat else RandomAgent() for s in range(4)]
        winners = play(4, bots, seed).winners()
        wins += 1 / len(winners) if seat in winners else 0
    assert wins / games > 0.45  # a random seat wins a quarter of the games


@pytest.mark.parametrize("players", [2, 3])
def test_rule_bots_finish_small_games(players):
    state = play(players, [TschakRuleBot() for _ in range(players)], 11)
    assert state.is_over and len(state.scores()) == players


@pytest.mark.parametrize("lang", ["en", "cs"])
def test_render_shows_tower_hand_floor_and_results(lang):
    state = relicbox.new_game("tschak", 3, seed=4)
    for _ in range(4):
        for seat in state.to_act:
            state.act(seat, state.legal_actions(seat)[0])
    view = state.view(0)
    board = text.render(view, lang)
    for code in view["hand"]:
        assert code in board
    assert ("Tower 1/4" if lang == "en" else "Věž 1/4") in board
    assert ("Floor 3" if lang == "en" else "Patro 3") in board
    assert "[blue]" in board
    assert all(code in board for code in view["revealed"][1])
    assert "= " in board  # the last floor's party strengths
    label = text.describe_action("play W4*", view, lang)
    assert ("wizard 4 with wand" if lang == "en" else "čaroděj 4 s hůlkou") in label
    while not state.is_over:
        for seat in state.to_act:
            state.act(seat, state.legal_actions(seat)[0])
    headers, rows = text.result_rows(state.view(None), lang)
    assert len(rows) == 3 and all(len(row) == len(headers) for row in rows)
    assert [row[-2] for row in rows] == [str(s) for s in state.scores()]
    assert text.render(state.view(None), lang)
    assert len(text.transcript(state.view(None), lang)) == 4 + 12 + 4


def test_card_names_cover_every_code():
    assert text.card_name("D3", "en") == "dwarf 3, bare-handed"
    assert text.card_name("D3a", "cs") == "trpaslík 3 se sekerou"
    assert text.card_name("W?", "en") == "chameleon wizard"
    assert text.card_name("Trog", "cs") == "troglodyt"
    assert text.card_name("C-2", "en") == "cursed chest ☠2"
