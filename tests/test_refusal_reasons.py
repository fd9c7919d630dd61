"""Every refusal a person can cause has a catalog reason, in English and in Czech."""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest

import relicbox
from relicbox.core.errors import (
    ConfigurationError,
    IllegalActionError,
    InvalidActionError,
    Reason,
    SeatError,
    localized,
)
from relicbox.i18n import catalog_ids, format_message

SOURCE = Path(relicbox.__file__).parent
REASON_ID = re.compile(r"\"((?:diamant-|tschak-|rr-)?error-[a-z0-9-]+)\"")


def _formats_cleanly(reason: Reason) -> dict[str, str]:
    texts = {}
    for lang in ("en", "cs"):
        text, errors = format_message(lang, reason.id, reason.args)
        assert not errors, (reason, lang, errors)
        texts[lang] = text
    assert texts["en"] != texts["cs"], reason
    return texts


def test_every_reason_id_in_the_code_is_in_both_catalogs():
    english, czech = catalog_ids("en"), catalog_ids("cs")
    found = set()
    for path in SOURCE.rglob("*.py"):
        found.update(REASON_ID.findall(path.read_text(encoding="utf-8")))
    exact = {name for name in found if not name.endswith("-")}
    prefixes = found - exact
    assert {"error-game-over", "diamant-error-left", "tschak-error-clash", "rr-error-turn"} <= exact
    assert exact - english == set() and exact - czech == set()
    # the one id built from a prefix: a pending choice named by its task
    assert prefixes == {"rr-error-first-"}
    from relicbox.games.relic_runners.explain import _TASK_ARGS

    for task in _TASK_ARGS:
        assert f"rr-error-first-{task}" in english & czech


GAMES = {"diamant": 4, "tschak": 3, "relic-runners": 2}


@pytest.mark.parametrize("game", list(GAMES))
def test_random_refusals_in_random_games_all_read_in_both_languages(game):
    """Random seats try random actions (most refused) all through random games."""
    rng = random.Random(game)
    space = list(relicbox.get_game(game).action_space)
    seen: set[str] = set()
    for seed in range(3):
        state = relicbox.new_game(game, GAMES[game], seed=seed)
        decisions = 0
        while not state.is_over and decisions < 400:
            for _ in range(3):
                seat = rng.choice([*state.to_act, rng.randrange(state.players)])
                tried = rng.choice(space)
                try:
                    state.clone().act(seat, tried)
                except IllegalActionError as error:
                    assert error.reason is not None, error
                    texts = _formats_cleanly(error.reason)
                    assert str(error) == (
                        f"illegal action {tried.text!r} for seat {seat}: {texts['en']}"
                    )
                    assert localized(error, "cs") == texts["cs"]
                    seen.add(error.reason.id)
            seat = state.to_act[0]
            state.act(seat, rng.choice(state.legal_actions(seat)))
            decisions += 1
        while not state.is_over:  # the rest of a long game, without trying refusals
            seat = state.to_act[0]
            state.act(seat, rng.choice(state.legal_actions(seat)))
        try:  # a finished game refuses everything, saying so
            state.act(0, space[0])
        except IllegalActionError as error:
            assert error.reason is not None and _formats_cleanly(error.reason)
            seen.add(error.reason.id)
    assert "error-game-over" in seen
    assert len(seen) >= {"diamant": 2, "tschak": 3, "relic-runners": 8}[game], seen


def test_parse_seat_and_option_errors_read_in_both_languages():
    state = relicbox.new_game("tschak", 3, seed=1)
    attempts = [
        lambda: state.act(0, "dance"),
        lambda: state.act(0, 10_000),
        lambda: state.act(0, {"what": 1}),
        lambda: state.act(0, 2.5),
        lambda: state.act(7, state.legal_actions(0)[0]),
        lambda: state.act(True, state.legal_actions(0)[0]),
        lambda: state.legal_actions(9),
        lambda: relicbox.new_game("chess"),
        lambda: relicbox.new_game("tschak", players=9),
        lambda: relicbox.new_game("tschak", players="three"),
        lambda: relicbox.new_game("diamant", colour="red"),
        lambda: relicbox.new_game("diamant", variant="gold"),
        lambda: relicbox.new_game("diamant", seed="x"),
        lambda: relicbox.new_game("relic-runners", max_turns="many"),
    ]
    kinds = set()
    for attempt in attempts:
        with pytest.raises((InvalidActionError, ConfigurationError)) as caught:
            attempt()
        error = caught.value
        assert error.reason is not None, error
        texts = _formats_cleanly(error.reason)
        assert texts["en"] in str(error)
        kinds.add(type(error))
    assert kinds == {InvalidActionError, SeatError, ConfigurationError}


def test_the_czech_sentences_read_naturally():
    cases = {
        ("tschak-error-chosen", 1): "pro toto odkrytí už máte kartu vybranou",
        ("tschak-error-chosen", 2): "pro toto odkrytí už máte vybrané 2 karty",
        ("tschak-error-chosen", 5): "pro toto odkrytí už máte vybraných 5 karet",
    }
    for (message_id, need), expected in cases.items():
        assert Reason.of(message_id, need=need).text("cs") == expected
    clash = Reason.of("tschak-error-clash", kind="wizard", card="W2")
    assert clash.text("cs") == "vaše družina už má čaroděje (W2)"
    assert clash.text("en") == "your party already has a wizard (W2)"
    artifact = Reason.of("tschak-error-clash", kind="artifact", card="A")
    assert artifact.text("en") == "your party already has an artifact (A)"
    tool = Reason.of("rr-error-toolbox-missing", branch="compass", level=2)
    assert tool.text("cs") == "na větvi kompas nemáte na 2. stupni žádnou bednu"
    late = Reason.of("rr-error-move-over-rule", rule="no-trail", a="R1", b="T4")
    assert late.text("en") == (
        "your movement is over for this turn: there is no trail between R1 and T4 on this board"
    )
    assert late.text("cs") == (
        "váš pohyb v tomto tahu už skončil: mezi R1 a T4 na tomto plánu žádná cesta nevede"
    )
