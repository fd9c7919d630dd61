"""The prompt's hint names options the person can type now, and near misses get a guess."""

from __future__ import annotations

import re

import pytest

import relicbox
from relicbox.bots import make_bot
from relicbox.cli.common import alias_hint, read_answer
from relicbox.core.rng import Rng

QUOTED = re.compile(r"[\"„]([^\"“]+)[\"“]")


@pytest.mark.parametrize("lang", ["en", "cs"])
def test_every_example_in_the_relic_runners_hint_is_a_legal_option_now(lang: str) -> None:
    state = relicbox.new_game("relic-runners", players=3, seed=5)
    bot = make_bot("rule", state.game)
    kinds: set[str] = set()
    for step in range(160):
        if state.is_over:
            break
        seat = state.to_act[0]
        legal = state.legal_actions(seat)
        examples = QUOTED.findall(alias_hint(state, lang))
        assert examples, alias_hint(state, lang)
        for example in examples:
            answer = read_answer(state, seat, legal, example, lang)
            assert answer.action in legal, (step, example, [a.text for a in legal])
        kinds.add(legal[0].text.split()[0])
        state.act(seat, bot.choose(state.view(seat), legal, Rng(step)))
    assert {"move", "explore"} <= kinds or {"move", "end"} <= kinds, kinds


@pytest.mark.parametrize(
    ("typed", "lang", "guess"),
    [
        ("w4", "en", "'play W4*'"),
        ("r5", "cs", "'zahrát R5+'"),
        ("d2", "en", "'play D2a'"),
        ("w3", "en", None),  # a number names one card: W3 is never guessed to be W2 or R3
        ("dance", "en", None),
    ],
)
def test_a_near_miss_at_the_tschak_prompt_gets_a_guess(typed, lang, guess) -> None:
    state = relicbox.new_game("tschak", players=3, seed=1)
    seat = state.to_act[0]
    legal = state.legal_actions(seat)
    assert [a.text for a in legal][:3] == ["play W2", "play W2*", "play W4*"]
    refusal = read_answer(state, seat, legal, typed, lang).refusal
    assert refusal is not None
    if guess is None:
        assert "?" not in refusal
    else:
        assert refusal.endswith(f"{guess}?)"), refusal


def test_a_typo_in_a_diamant_word_gets_a_guess() -> None:
    state = relicbox.new_game("diamant", players=3, seed=1)
    legal = state.legal_actions(0)
    assert read_answer(state, 0, legal, "contnue", "en").refusal.endswith("'continue'?)")
    assert read_answer(state, 0, legal, "odejt", "cs").refusal.endswith("'odejít'?)")
