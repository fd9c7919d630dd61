"""The board modules in headless Chromium: full games played by clicking only on the board,
a phone-sized layout with nothing out of reach, and nothing hidden reaching the page.

Each test drives the real engine: the person's seat follows a rule bot's advice but acts
only by clicking the board element that carries the chosen action; the other seats are
rule bots. Skipped (with the reason) when Playwright or Chromium is missing.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest

from boards.harness_driver import BoardGame, browser, chromium_available
from relicbox.games.diamant.data import CARDS

REASON = chromium_available()
pytestmark = [
    pytest.mark.skipif(REASON is not None, reason=REASON or ""),
    pytest.mark.timeout(240),
]

GAMES = [("diamant", 4, 11), ("tschak", 3, 5), ("relic-runners", 3, 7)]

MISSING_TARGETS = """
() => {
  const board = document.querySelector('.board');
  const present = new Set([...board.querySelectorAll('[data-action]')].map(n => n.dataset.action));
  return window.__lastLegal.filter(text => !present.has(text));
}
"""

PAGE_STATE = """
() => ({
  html: document.documentElement.outerHTML,
  local: JSON.stringify(Object.assign({}, localStorage)),
  session: JSON.stringify(Object.assign({}, sessionStorage)),
  cookies: document.cookie,
  globals: Object.keys(window).filter(k => !k.startsWith('__')),
})
"""


BLANK_GLOBALS: set[str] = set()


@pytest.fixture(scope="module")
def chrome() -> Iterator[Any]:
    with browser() as instance:
        blank = instance.new_page()
        BLANK_GLOBALS.update(blank.evaluate("Object.keys(window)"))
        blank.close()
        yield instance


def _strings(value: Any) -> set[str]:
    found: set[str] = set()
    if isinstance(value, str):
        found.add(value)
    elif isinstance(value, dict):
        for key, item in value.items():
            found.add(str(key))
            found |= _strings(item)
    elif isinstance(value, list):
        for item in value:
            found |= _strings(item)
    return found


def hidden_strings(game: BoardGame) -> set[str]:
    """Strings other seats know that this seat's view does not hold anywhere."""
    mine = json.dumps(game.state.view(game.seat))
    secret: set[str] = set()
    for other in range(game.state.players):
        if other == game.seat:
            continue
        for text in _strings(game.state.view(other)):
            # Codes of hidden things (tiles, cards, coins) carry a digit; plain words such
            # as another seat's pending "leave" are checked on the board's own elements.
            if len(text) >= 2 and any(ch.isdigit() for ch in text) and text not in mine:
                secret.add(text)
    return secret


def check_page_holds_nothing_hidden(game: BoardGame) -> None:
    page = game.page
    held = page.evaluate(PAGE_STATE)
    assert held["local"] == "{}" and held["session"] == "{}" and held["cookies"] == ""
    extra = sorted(set(held["globals"]) - BLANK_GLOBALS)
    assert extra == [], f"the board left globals behind: {extra}"
    html = held["html"]
    for text in hidden_strings(game):
        assert text not in html, f"{text!r} is hidden from seat {game.seat} but is in the page"
    view = game.state.view(game.seat)
    if view["game"] == "diamant":
        for seat in range(view["players"]):
            chest = page.locator(f'.dm-explorer[data-seat="{seat}"] .dm-chest')
            if seat != game.seat and view["scores"] is None:
                assert "dm-hidden" in (chest.get_attribute("class") or "")
            row = page.locator(f'.dm-explorer[data-seat="{seat}"]').inner_text()
            if seat != game.seat and view["committed"][seat]:
                assert "has chosen" in row and "leav" not in row and "continu" not in row
    if view["game"] == "relic-runners":
        for seat in range(view["players"]):
            coins = page.locator(f'.rr-board[data-seat="{seat}"] p').nth(1).get_attribute("class")
            if seat != game.seat and view["scores"] is None:
                assert coins == "rr-hidden"
    if view["game"] == "tschak":
        shown = sorted(page.locator(".tk-hand .tk-cap").all_inner_texts())
        assert shown == sorted(view["hand"] or [])


def play_by_clicking(game: BoardGame, leak_every: int = 0) -> int:
    """Play the person's seat to the end by clicking board targets; returns the clicks."""
    advisor = game.game.bots["rule"]()
    clicks = 0
    while not game.state.is_over:
        state = game.state
        legal = state.legal_actions(game.seat)
        assert legal, "the bots stopped although the person cannot act"
        texts = [a.text for a in legal]
        game.page.evaluate("t => { window.__lastLegal = t; }", texts)
        missing = game.page.evaluate(MISSING_TARGETS)
        assert missing == [], f"legal actions with no target on the board: {missing}"
        choice = advisor.choose(state.view(game.seat), legal, game.rng).text
        target = game.page.locator(f'.board [data-action="{choice}"]').first
        target.click()
        sent = game.take_action()
        assert sent == choice
        clicks += 1
        if leak_every and clicks % leak_every == 0:
            check_page_holds_nothing_hidden(game)
    return clicks


@pytest.mark.parametrize(("name", "players", "seed"), GAMES)
def test_a_person_plays_a_full_game_by_clicking_the_board(
    chrome: Any, name: str, players: int, seed: int
) -> None:
    page = chrome.new_page(viewport={"width": 1100, "height": 900})
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    game = BoardGame(page, name, players=players, seed=seed, lang="en")
    clicks = play_by_clicking(game, leak_every=5)
    assert clicks > 3
    assert game.state.is_over
    # The final result is drawn by the board itself.
    final = {"diamant": ".dm-final", "tschak": ".tk-final", "relic-runners": ".rr-final"}[name]
    text = page.locator(final).inner_text()
    for seat in game.state.winners():
        assert f"Player {seat + 1}" in text
    check_page_holds_nothing_hidden(game)
    assert errors == []
    assert page.evaluate("[...window.__missing]") == []
    page.close()


@pytest.mark.parametrize(("name", "players", "seed"), GAMES)
def test_phone_layout_has_no_horizontal_scroll_and_every_action_in_reach(
    chrome: Any, name: str, players: int, seed: int
) -> None:
    page = chrome.new_page(viewport={"width": 375, "height": 812})
    game = BoardGame(page, name, players=players, seed=seed + 1, lang="cs")
    advisor = game.game.bots["rule"]()
    checked = 0
    for _ in range(12):
        if game.state.is_over:
            break
        legal = game.state.legal_actions(game.seat)
        width = page.evaluate("innerWidth")
        assert page.evaluate("document.scrollingElement.scrollWidth") <= width
        boxes = page.evaluate(
            """() => [...document.querySelectorAll('.board [data-action]')].map(n => {
                 const r = n.getBoundingClientRect();
                 return [n.dataset.action, r.left, r.right, r.width, r.height];
               })"""
        )
        assert {a.text for a in legal} <= {b[0] for b in boxes}
        for action, left, right, w, h in boxes:
            assert left >= -0.5 and right <= width + 0.5, f"{action} is out of reach: {left}..{right}"
            assert w >= 10 and h >= 10, f"{action} is too small to touch: {w}x{h}"
        checked += 1
        choice = advisor.choose(game.state.view(game.seat), legal, game.rng).text
        page.locator(f'.board [data-action="{choice}"]').first.click()
        game.take_action()
    assert checked >= 3
    assert page.evaluate("[...window.__missing]") == []
    page.close()


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
