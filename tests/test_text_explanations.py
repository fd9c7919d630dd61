"""The screen explains what happened: chameleon values, tie-breaks, Relic Runners' legend."""

from __future__ import annotations

import re

import relicbox
from relicbox.games.relic_runners import text as rr_text
from relicbox.games.tschak import text as tschak_text
from relicbox.i18n import tr


def floor(parties, strengths, monster_to, treasure_to):
    return {
        "type": "floor",
        "tower": 1,
        "floor": 3,
        "parties": parties,
        "strengths": strengths,
        "monster": "M1",
        "monster_to": monster_to,
        "treasure": "C3",
        "treasure_to": treasure_to,
    }


def test_a_chameleon_shows_the_value_it_copied():
    event = floor([["W4", "R1", "D1"], ["W?", "R2", "D1"], ["W?", "R1", "D2"]], [6, 7, 7], 0, 1)
    line = tschak_text.describe_event(event, "en")
    assert "W?=4 R2 D1 = 7" in line and "W?=4 R1 D2 = 7" in line


def test_every_tie_is_explained_in_one_line():
    wand = floor([["W3*", "R1", "D1"], ["W3", "R1", "D1"], ["W2", "R1", "D1"]], [5, 5, 4], 2, 0)
    assert tschak_text.tie_lines(wand, "en") == [
        "Tie 5–5: Player 1 wins on the wizard's wand and takes the treasure."
    ]
    low = floor([["W?", "R3", "D1"], ["W2", "R1", "D1"], ["W5", "R4", "D4"]], [4, 4, 13], 0, 2)
    assert tschak_text.tie_lines(low, "cs") == [
        "Remíza 4–4: Hráč 2 vyhrává díky vyššímu čaroději; nestvůru bere Hráč 1."
    ]
    plain = floor([["W3", "R1", "D1"], ["W2", "R1", "D1"], ["W5", "R4", "D4"]], [5, 4, 13], 1, 2)
    assert tschak_text.tie_lines(plain, "en") == []


def test_the_relic_runners_legend_names_every_glyph_on_the_map():
    state = relicbox.new_game("relic-runners", 3, seed=2)
    legend = tr("en", "rr-legend")
    glyphs = set()
    for line in rr_text.draw_map(state.view(0)):
        glyphs |= set(re.sub(r"\[/?[a-z_ ]*\]", "", line))
    glyphs -= set(" 0123456789") | set("CAMP")  # space names are labelled by themselves
    glyphs |= {
        "•",
        "≈",
        "=",
        "◇",
        "*",
    }  # pathways, shared trails, grey tokens and relics appear later
    for glyph in glyphs:
        assert glyph in legend, glyph


def _rr_game(stop):
    from relicbox.core.rng import Rng
    from relicbox.games.relic_runners.bots import RelicRunnersRuleBot

    state = relicbox.new_game("relic-runners", 3, seed=2)
    bot, rng = RelicRunnersRuleBot(), Rng(1)
    while not state.is_over:
        seat = state.to_act[0]
        view = state.view(seat)
        if stop(view):
            return view
        state.act(seat, bot.choose(view, state.legal_actions(seat), rng))
    raise AssertionError("the situation never came up")


def test_relic_runners_says_why_each_turn_ended():
    camp = "walking into the base camp ends the move and the turn"
    view = _rr_game(lambda v: any(camp in line for line in rr_text.transcript(v, "en")))
    lines = rr_text.transcript(view, "en")
    turns = sum(event["type"] == "turn" for event in view["history"])
    ends = [line for line in lines if line.endswith(" ends the turn") or "turn ends" in line]
    assert len(ends) >= turns - 1  # every finished turn says how it ended


def test_the_expedition_rule_shows_when_a_turn_starts_on_a_relic():
    view = _rr_game(lambda v: bool(rr_text._expedition_hint(v, "en")))
    panel = rr_text.own_panel(view, "en")
    assert "Expedition: you began on a shrine with a" in panel
    assert "2 points per trail walked" in panel
