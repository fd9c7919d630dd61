"""The terminal text in both languages, the catalogs, and the rule-based bot."""

from __future__ import annotations

import re

import pytest

import relicbox
from relicbox.core.rng import Rng
from relicbox.games.relic_runners import text
from relicbox.games.relic_runners.bots import RelicRunnersRuleBot

MARKUP = re.compile(r"\[/?[a-z_ ]*\]")


def bot_game(players: int, seed: int, labels: list | None = None, langs=("en",)):
    state = relicbox.new_game("relic-runners", players, seed, setup="standard")
    bot = RelicRunnersRuleBot()
    rng = Rng(seed)
    while not state.is_over:
        seat = state.to_act[0]
        view = state.view(seat)
        legal = state.legal_actions(seat)
        if labels is not None:
            for lang in langs:
                labels.extend(text.describe_action(a.text, view, lang) for a in legal)
        state.act(seat, bot.choose(view, legal, rng))
    return state


@pytest.mark.parametrize("lang", ["en", "cs"])
def test_render_draws_the_map_the_spaces_and_every_board(lang):
    state = relicbox.new_game("relic-runners", 4, seed=3)
    screen = text.render(state.view(1), lang)
    plain = MARKUP.sub("", screen)
    for node in ("CAMP", "R1", "R8", "T1", "T12"):
        assert node in plain
    assert plain.count("●●●○○") == 4  # four boards with three rations
    assert "◆" in plain  # toolbox tokens on the rivers
    assert text.render(state.view(None), lang)


def test_render_marks_pathways_and_explorers_in_seat_colours():
    state = relicbox.new_game("relic-runners", 3, seed=3)
    state.act(0, "move CAMP-R1")
    state.act(0, "explore")
    state.act(0, "path R1-T2")
    screen = text.render(state.view(0), "en")
    assert re.search(r"\[bold red\][^\[]*•", screen)  # seat 0's pathway
    assert re.search(r"\[bold red\][^\[]*☻", screen)  # seat 0's explorer


def test_every_action_of_a_bot_game_has_a_label_in_both_languages():
    labels: list[str] = []
    state = bot_game(3, 5, labels, langs=("en", "cs"))
    assert state.is_over and labels and all(labels)
    assert not any("{" in label for label in labels)


def test_result_rows_and_transcript_of_a_finished_game():
    state = bot_game(2, 4)
    headers, rows = text.result_rows(state.view(None), "cs")
    assert headers[0] == "Hráč" and len(rows) == 2
    assert [row[2] for row in rows] == [str(s) for s in state.scores()]
    lines = text.transcript(state.view(None), "en")
    assert lines[0].startswith("— Turn 1") and lines[-1] == "The game is over"


@pytest.mark.parametrize(("players", "seed"), [(2, 1), (3, 2), (4, 3), (5, 4)])
def test_rule_bots_play_real_games_to_the_end(players, seed):
    state = bot_game(players, seed)
    view = state.view(None)
    assert state.is_over and not view["truncated"] and view["ended_by"] == "relics"
    assert view["relics_collected"] >= view["relics_to_end"] or view["final_seat"] is None
    kinds = {event["type"] for event in view["history"]}
    # they explore, build pathways, charge and use toolboxes, and go on expeditions
    assert {"ruin", "pathway", "step", "tool", "relic", "rations"} <= kinds


def test_rule_bot_goes_for_a_reachable_expedition():
    from support.relic_runners import edit, give_paths, new, put, shrine, tokens

    def change(body):
        put(body, 0, "T1")
        tokens(body, ["TB5"])
        shrine(body, "T1")
        shrine(body, "T12")
        body["start_relic"] = 2
        give_paths(body, 0, ["R1-R7", "R7-R8", "R8-T12"])

    state = edit(new(3), change)
    bot = RelicRunnersRuleBot()
    while state.to_act == (0,) and state.phase == "move":
        state.act(0, bot.choose(state.view(0), state.legal_actions(0), Rng(1)))
    assert state.view(0)["seats"][0]["relics"]["bird"] == 1
