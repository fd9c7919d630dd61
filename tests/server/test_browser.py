"""People in a real browser (Debian's chromium through Playwright): make a table in the
lobby, play whole games against bots by clicking, and play each other through an invite."""

from __future__ import annotations

from typing import Any

import pytest

import relicbox
from relicbox.i18n import tr
from relicbox.server.snapshots import plain
from support.server import LiveServer

TARGETS = "#board [data-action]:not([disabled]), #actions button:not([disabled]):not([hidden])"
CLICKABLE = "#board [data-action]:not([disabled]):visible, #actions button:not([disabled]):visible"
"""Where a person acts: the board's targets, and the buttons for actions the board has none for."""

DONE = (
    "!document.querySelector('#result-box').hidden || "
    f"(!document.querySelector('.busy') && document.querySelectorAll('{TARGETS}').length > 0)"
)


def _play_by_clicking(page: Any, pick: str = "first", limit: int = 800) -> None:
    for _ in range(limit):
        page.wait_for_function(DONE, timeout=60_000)
        if page.locator("#result-box").is_visible():
            return
        buttons = page.locator(CLICKABLE)
        (buttons.first if pick == "first" else buttons.last).click()
    raise AssertionError("the game did not end")


def _create(
    page: Any, server: LiveServer, game: str, players: int, lang: str = "en", **options: str
) -> None:
    page.goto(server.url + f"/?lang={lang}")
    page.wait_for_selector("body[data-ready]")
    page.fill("#name", "Ann")
    page.select_option("#game", game)
    page.fill("#players", str(players))
    page.dispatch_event("#players", "change")
    for name, value in options.items():
        page.fill(f"[data-option={name}]", value)
    page.click("#create-button")
    try:
        page.wait_for_url("**/t/*")
    except Exception as error:
        problem = page.locator("#create-error").inner_text()
        raise AssertionError(
            f"no table was made: {problem!r}; seats {page.locator('#seats').inner_text()!r}"
        ) from error


def _expected_log(server: LiveServer, table: str, seat: int, lang: str) -> list[str]:
    """The log the terminal writes for ``seat``'s view of the finished game, with the
    page's names for the seats (a person's name, ``Bot 2 (rule)``)."""
    record = server.get(f"/api/tables/{table}/record").json()
    state = relicbox.replay(record)
    info = server.get(f"/api/tables/{table}").json()
    names = []
    for entry in info["seats"]:
        player = tr(lang, "web-player", seat=entry["seat"] + 1)
        if entry["kind"] == "bot":
            names.append(tr(lang, "web-bot-name", seat=entry["seat"] + 1, bot=entry["bot"]))
        else:
            names.append(entry["name"] or player)
    lines = state.game.renderer.transcript(state.view(seat), lang, names=names)
    return [plain(line) for line in lines][-60:]


@pytest.mark.slow
@pytest.mark.parametrize(
    ("game", "players", "options", "pick", "lang"),
    [
        ("diamant", 4, {}, "last", "en"),
        ("diamant", 5, {}, "first", "cs"),
        ("tschak", 3, {}, "first", "en"),
        ("tschak", 4, {}, "first", "cs"),
        ("relic-runners", 3, {"max_turns": "6"}, "first", "en"),
    ],
)
def test_a_person_plays_a_whole_game_against_bots_by_clicking(
    server: LiveServer,
    browser: Any,
    game: str,
    players: int,
    options: dict[str, str],
    pick: str,
    lang: str,
) -> None:
    context = browser.new_context(viewport={"width": 1000, "height": 800}, bypass_csp=True)
    context.set_default_timeout(60_000)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    _create(page, server, game, players, lang, **options)
    _play_by_clicking(page, pick)
    # one result table: the board's final scores, naming every seat
    assert page.locator("#result table").count() == 0
    final = page.locator("#board table").last
    assert final.is_visible()
    assert final.locator("tbody tr").count() >= players
    assert tr(lang, "web-status-over") in page.locator("#status").inner_text()
    # the page writes the log itself, from the history entries, in its own language
    table = page.url.split("/t/")[1].split("#")[0].split("?")[0]
    expected = _expected_log(server, table, 0, lang)
    assert expected and page.locator("#log li").all_inner_texts() == expected
    assert errors == []
    context.close()


@pytest.mark.slow
def test_two_people_play_each_other_through_an_invite_link(
    server: LiveServer, browser: Any
) -> None:
    host = browser.new_context(bypass_csp=True)
    guest = browser.new_context(bypass_csp=True)
    for context in (host, guest):
        context.set_default_timeout(60_000)
    ann = host.new_page()
    ann.goto(server.url + "/?lang=en")
    ann.wait_for_selector("body[data-ready]")
    ann.fill("#name", "Ann")
    ann.select_option("#game", "diamant")
    ann.fill("#players", "3")
    ann.dispatch_event("#players", "change")
    ann.select_option("#seats select >> nth=1", "open")
    ann.click("#create-button")
    ann.wait_for_url("**/t/*")
    ann.wait_for_selector("#lobby-box:not([hidden])")
    invite = ann.input_value("#invite")
    bob = guest.new_page()
    bob.goto(invite + "?lang=cs")
    bob.fill("#join-name", "Bob")
    bob.click("#join-form button")
    for page in (ann, bob):
        page.wait_for_selector(TARGETS, timeout=20_000)
    assert "Ann" in bob.locator("#seats").inner_text()
    assert "Bob" in ann.locator("#seats").inner_text()
    assert "Jste na tahu" in bob.locator("#status").inner_text()
    # Ann leaves at once; Bob plays on until the end of the game
    for _ in range(200):
        for page, pick in ((ann, "last"), (bob, "first")):
            buttons = page.locator(TARGETS)
            if buttons.count() and not page.locator(".busy").count():
                (buttons.last if pick == "last" else buttons.first).click()
        if ann.locator("#result-box").is_visible() and bob.locator("#result-box").is_visible():
            break
        ann.wait_for_timeout(100)
    assert bob.locator("#board table").last.locator("tbody tr").count() >= 3
    assert "Hra skončila" in bob.locator("#status").inner_text()
    # the invite link never carries a seat: a third person can only watch now
    watcher = browser.new_context(bypass_csp=True).new_page()
    watcher.goto(invite)
    watcher.wait_for_selector("#result-box:not([hidden])")
    watcher.wait_for_selector("#board table")
    assert watcher.locator("#board table").last.locator("tbody tr").count() >= 3
    assert watcher.locator("#join-form").is_hidden()
    assert watcher.locator("#actions button").count() == 0
    assert watcher.locator("#rematch").is_hidden()
    host.close()
    guest.close()


KEEP_SOCKETS = """
(() => {
  const Native = window.WebSocket;
  window.__sockets = [];
  window.__closes = [];
  window.WebSocket = class extends Native {
    constructor(...args) {
      super(...args);
      window.__sockets.push(this);
      this.addEventListener("close", (event) => window.__closes.push(event.code));
    }
  };
})();
"""
"""Keeps the page's sockets within reach of the test: how a stalled tab is made here."""

STALL = """
() => {
  const socket = window.__sockets[window.__sockets.length - 1];
  for (let i = 0; i < 1500; i++) socket.send(JSON.stringify({ type: "resync" }));
  const end = Date.now() + 4000;
  while (Date.now() < end) {}  // the tab reads nothing meanwhile
}
"""


def test_a_page_closed_as_a_slow_reader_reconnects_and_resyncs(
    sqlite_url: str, browser: Any
) -> None:
    settings = {"outbox_limit": 8, "message_rate": 100_000.0, "message_burst": 100_000.0}
    with LiveServer(sqlite_url, **settings) as server:
        made = server.create("relic-runners", ["me", "rule"])
        context = browser.new_context(bypass_csp=True)
        context.add_init_script(KEEP_SOCKETS)
        page = context.new_page()
        page.set_default_timeout(30_000)
        page.goto(f"{server.url}/t/{made['table']}?lang=en#seat={made['token']}")
        page.wait_for_selector(TARGETS)
        page.evaluate(STALL)
        page.wait_for_function("window.__closes.includes(4008)")
        # the page came back at once on a new socket, and its join brought the state again
        page.wait_for_function(
            "window.__sockets.length === 2 && window.__sockets[1].readyState === 1"
        )
        page.wait_for_selector(TARGETS)
        assert page.locator("#status").inner_text() == tr("en", "web-status-your-turn")
        context.close()
