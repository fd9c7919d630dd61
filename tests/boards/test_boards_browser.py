"""The board modules in headless Chromium against the engine, without the server (the
harness in ``harness_driver``): the keys and the chance figure of Diamant, and keyboard-only
play on the Relic Runners map. Full games, the phone layout, the page leak check and the
replay (the public view) run on the real table page in ``tests/server/test_boards.py``.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from boards.harness_driver import BoardGame, chromium_available
from relicbox.games.diamant.data import CARDS
from relicbox.games.relic_runners.actions import Move, Start

REASON = chromium_available()
pytestmark = [
    pytest.mark.skipif(REASON is not None, reason=REASON or ""),
    pytest.mark.timeout(120),
]


@pytest.fixture(scope="module")
def chrome(browser: Any) -> Iterator[Any]:
    yield browser


def test_diamant_keys_and_the_chance_of_ending_the_round(chrome: Any) -> None:
    page = chrome.new_page(viewport={"width": 800, "height": 900})
    game = BoardGame(page, "diamant", players=3, seed=2, lang="en")
    # Press C until a hazard is on the path, then ask for the chance.
    for _ in range(30):
        view = game.state.view(game.seat)
        if view["traps_on_path"] and game.seat in game.state.to_act:
            break
        page.keyboard.press("c")
        game.take_action()
    view = game.state.view(game.seat)
    assert view["traps_on_path"]
    page.get_by_role("button", name="Chance that the next card ends the round").click()
    figure = page.locator(".dm-chance-figure").inner_text()
    # The board works from the view alone; the engine's real deck must give the same figure.
    deck = [CARDS[card] for card in game.state.to_dict()["body"]["deck"]]
    ending = sum(1 for card in deck if card.trap in view["traps_on_path"])
    assert ending > 0
    assert figure.startswith(f"{round(ending / len(deck) * 1000) / 10:g} %")
    assert f"{ending} of the {len(deck)} cards" in figure
    page.keyboard.press("l")
    assert game.take_action() == "leave"
    page.close()


MAP_TARGETS = "[...document.querySelectorAll('svg [data-action]')].map(e => e.dataset.action)"
WALKS = (Move, Start)
"""Actions whose target is a space on the map (each space at most once)."""


def test_relic_runners_map_plays_by_keyboard_alone(chrome: Any) -> None:
    page = chrome.new_page(viewport={"width": 900, "height": 900})
    game = BoardGame(page, "relic-runners", players=2, seed=4, lang="en")
    for _ in range(6):
        legal = {a.text for a in game.state.legal_actions(game.seat)}
        # Tab from the top of the page to the first board target, then press Enter.
        page.locator("body").focus()
        for _ in range(80):
            page.keyboard.press("Tab")
            focused = page.evaluate("document.activeElement.dataset.action || null")
            if focused:
                break
        assert focused in legal
        on_map = set(page.evaluate(MAP_TARGETS))
        walks = {a.text for a in game.state.legal_actions(game.seat) if isinstance(a.args, WALKS)}
        assert walks <= on_map, f"{walks - on_map} are not targets on the map"
        label = page.evaluate("document.activeElement.getAttribute('aria-label')")
        assert label
        page.keyboard.press("Enter")
        assert game.take_action() == focused
    page.close()
