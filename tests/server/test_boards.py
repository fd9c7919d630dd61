"""The game boards on the real table page: a person plays a full game of each game against
bots by clicking only on the board, a phone-sized page has no horizontal scroll and every
action in reach, nothing hidden from the seat is anywhere in the page, and the replay page
steps through the finished game with the board.

The person follows a rule bot's advice, read from the frames the page itself receives, but
acts only by clicking the board element that carries the chosen action.
"""

from __future__ import annotations

import json
import time
from collections.abc import Iterator
from typing import Any

import pytest

import relicbox
from relicbox.core.game import State
from relicbox.core.rng import Rng
from support.server import LiveServer, apply_frame

pytestmark = pytest.mark.timeout(300)

GAMES = [("diamant", 4), ("tschak", 3), ("relic-runners", 2)]

PAGE_HOLDINGS = """
() => ({
  html: document.documentElement.outerHTML,
  local: Object.assign({}, localStorage),
  session: Object.assign({}, sessionStorage),
  globals: Object.keys(window),
})
"""

BOARD_HAS = """
texts => {
  const board = document.getElementById('board');
  if (!board || board.hidden) return false;
  const present = new Set([...board.querySelectorAll('[data-action]')].map(n => n.dataset.action));
  return texts.every(text => present.has(text));
}
"""


class TablePage:
    """A browser page seated at a table, keeping every frame its WebSocket receives."""

    def __init__(self, browser: Any, server: LiveServer, game: str, players: int, **page: Any):
        seats = ["me"] + ["rule"] * (players - 1)
        created = server.create(game, seats)
        self.table = created["table"]
        self.seat = created["seat"]
        self.game = relicbox.get_game(game)
        self.server = server
        self.frames: list[dict[str, Any]] = []
        self.errors: list[str] = []
        # the tests wait on expressions, which the pages' strict CSP would refuse to evaluate
        self.context = browser.new_context(bypass_csp=True, **page)
        self.page = self.context.new_page()
        self.page.set_default_timeout(10_000)
        self.page.on("pageerror", lambda error: self.errors.append(str(error)))
        self.page.on("console", self._console)
        self.page.on("response", self._response)
        self.page.on("websocket", self._watch)
        self.page.goto(f"{server.url}/t/{self.table}#seat={created['token']}")

    def _console(self, message: Any) -> None:
        # A failed load is reported with its address by _response.
        if message.type == "error" and not message.text.startswith("Failed to load resource"):
            self.errors.append(message.text)

    def _response(self, response: Any) -> None:
        if response.status >= 400 and not response.url.endswith("/favicon.ico"):
            self.errors.append(f"{response.status} {response.url}")

    def _watch(self, socket: Any) -> None:
        """Keep the page's picture of the table after each frame, as the page builds it."""
        current: dict[str, Any] | None = None

        def received(payload: str | bytes) -> None:
            nonlocal current
            frame = json.loads(payload)
            if frame.get("type") == "error":
                self.frames.append(frame)
            elif frame.get("type") in ("state", "event"):
                current = apply_frame(current, frame)
                if current is not None:
                    self.frames.append(current)

        socket.on("framereceived", received)

    def latest(self) -> dict[str, Any] | None:
        states = [f for f in self.frames if f["type"] == "state"]
        return max(states, key=lambda f: f["seq"]) if states else None

    def wait_turn(self, after: int, timeout: float = 20.0) -> dict[str, Any]:
        """The first state after ``after`` where this seat acts or the game is over."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            errors = [f for f in self.frames if f["type"] == "error"]
            assert errors == [], errors
            frame = self.latest()
            if frame and frame["seq"] > after and (frame["legal"] or frame["over"]):
                return frame
            self.page.wait_for_timeout(5)
        raise AssertionError(f"no turn after seq {after}; last frame {self.latest()!r:.300}")

    def wait_applied(self, clicked: dict[str, Any], timeout: float = 20.0) -> dict[str, Any]:
        """The first state that shows the seat's decision taken at ``clicked``.

        In a sequential step any later state does; at a simultaneous one, other seats'
        commits arrive too, so the seat's own part of the view must have changed.
        """

        def mine(frame: dict[str, Any]) -> Any:
            view = frame["view"]
            committed = view.get("committed")
            return (
                committed[self.seat] if isinstance(committed, list) else None,
                view.get("my_choice"),
                view.get("picks"),
                view.get("hand"),
                view.get("revealed"),
                len(view.get("path") or []),
                view.get("round"),
                len(view.get("history") or []),
                frame["over"],
            )

        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            errors = [f for f in self.frames if f["type"] == "error"]
            assert errors == [], errors
            frame = self.latest()
            later = frame is not None and frame["seq"] > clicked["seq"]
            if later and (len(clicked["to_act"]) <= 1 or mine(frame) != mine(clicked)):
                return frame
            self.page.wait_for_timeout(5)
        raise AssertionError(f"the decision at seq {clicked['seq']} never showed")

    def close(self) -> None:
        self.context.close()


def _strings(value: Any) -> set[str]:
    if isinstance(value, str):
        return {value}
    if isinstance(value, dict):
        return {str(k) for k in value} | set().union(*map(_strings, value.values()), set())
    if isinstance(value, list):
        return set().union(*map(_strings, value), set())
    return set()


def hidden_from(state: State, seat: int) -> set[str]:
    """Codes other seats know that appear nowhere in ``seat``'s view (tiles, cards, picks).

    Strings with a digit only: plain words (another seat's pending "leave") are checked on
    the board's own elements instead.
    """
    mine = json.dumps(state.view(seat), ensure_ascii=False)
    hidden: set[str] = set()
    for other in range(state.players):
        if other != seat:
            hidden |= {
                s
                for s in _strings(state.view(other))
                if len(s) >= 2 and any(c.isdigit() for c in s) and s not in mine
            }
    return hidden


def states_at(record: dict[str, Any], wanted: set[int]) -> dict[int, State]:
    """The states of a finished table after its first ``n`` record events, for each ``n``."""
    game = relicbox.get_game(record["game"])
    state = game.new_state(
        record["players"], record["seed"], auto_chance=False, **record["options"]
    )
    found: dict[int, State] = {}
    for number, event in enumerate(record["events"]):
        if number in wanted:
            found[number] = state.clone()
        if "chance" in event:
            if event.get("sampled"):
                state.sample_chance()
            else:
                state.apply_chance(event["chance"])
        else:
            state.act(event["seat"], event["action"])
    if len(record["events"]) in wanted:
        found[len(record["events"])] = state.clone()
    return found


def check_structure(page: Any, view: dict[str, Any], seat: int) -> None:
    """What the board shows of others' secrets: closed chests, hidden coins, own hand only."""
    if view["game"] == "diamant" and view["scores"] is None:
        for other in range(view["players"]):
            if other == seat:
                continue
            chest = page.locator(f'.dm-explorer[data-seat="{other}"] .dm-chest')
            assert "dm-hidden" in (chest.get_attribute("class") or "")
            row = page.locator(f'.dm-explorer[data-seat="{other}"]').inner_text()
            assert "leav" not in row.lower() and "continu" not in row.lower()
    if view["game"] == "relic-runners" and view["scores"] is None:
        for other in range(view["players"]):
            if other != seat:
                coins = page.locator(f'.rr-board[data-seat="{other}"] p').nth(1)
                assert coins.get_attribute("class") == "rr-hidden"
    if view["game"] == "tschak" and view["phase"] == "play":
        shown = sorted(page.locator(".tk-hand .tk-cap").all_inner_texts())
        assert shown == sorted(view["hand"] or [])


def play_by_clicking_the_board(table: TablePage, keep_every: int) -> list[tuple[int, str]]:
    """Play the seat to the end; returns (seq, page HTML) kept every ``keep_every`` clicks."""
    advisor = table.game.bots["rule"]()
    rng = Rng(7)
    space = table.game.action_space
    kept: list[tuple[int, str]] = []
    seen = -1
    clicks = 0
    while True:
        frame = table.wait_turn(seen)
        if frame["over"]:
            break
        texts = [entry["text"] for entry in frame["legal"]]
        # Every legal action has a target on the board itself.
        table.page.wait_for_function(BOARD_HAS, arg=texts)
        if clicks % keep_every == 0:
            check_structure(table.page, frame["view"], table.seat)
            kept.append((frame["seq"], table.page.content()))
        legal = [space.from_text(text) for text in texts]
        choice = advisor.choose(frame["view"], legal, rng).text
        table.page.locator(f'#board [data-action="{choice}"]').first.click()
        clicks += 1
        seen = table.wait_applied(frame)["seq"] - 1
    assert clicks > 3
    return kept


@pytest.fixture
def quick_server(sqlite_url: str) -> Iterator[LiveServer]:
    """A server that lets a connection send far more than a person clicks: the test clicks
    as soon as the board is drawn, and would be refused as a flood on a fast machine."""
    with LiveServer(sqlite_url, message_rate=1000.0, message_burst=1000.0) as live:
        yield live


@pytest.mark.slow
@pytest.mark.parametrize(("name", "players"), GAMES)
def test_a_person_plays_a_full_game_by_clicking_the_board_then_replays_it(
    browser: Any, quick_server: LiveServer, name: str, players: int
) -> None:
    server = quick_server
    table = TablePage(browser, server, name, players, viewport={"width": 1100, "height": 900})
    try:
        blank = table.context.new_page()
        blank.goto(f"{server.url}/static/style.css")  # same origin, no script of ours
        blank_globals = set(blank.evaluate("Object.keys(window)"))
        blank.close()
        kept = play_by_clicking_the_board(table, keep_every=5)
        final = table.latest()
        assert final is not None and final["over"]
        # The board draws the result itself, naming the winners.
        box = {"diamant": ".dm-final", "tschak": ".tk-final", "relic-runners": ".rr-final"}[name]
        table.page.wait_for_selector(box)
        text = table.page.locator(box).inner_text()
        for seat in final["result"]["winners"]:
            assert f"Player {seat + 1}" in text or "Ann" in text
        # Nothing the seat may not know is in the page, at any kept moment of the game.
        record = server.get(f"/api/tables/{table.table}/record").json()
        states = states_at(record, {seq for seq, _ in kept})
        for seq, html in kept:
            for secret in hidden_from(states[seq], table.seat):
                assert secret not in html, f"{secret!r} hidden from the seat is in the page"
        held = table.page.evaluate(PAGE_HOLDINGS)
        assert set(held["local"]) <= {f"relicbox:seat:{table.table}", "relicbox:name"}
        assert held["session"] == {}
        board_globals = set(held["globals"]) - blank_globals
        assert board_globals == set(), f"globals left in the page: {board_globals}"
        assert table.errors == []

        # The replay page drives the same board, forwards and back.
        replay = table.page
        replay.goto(f"{server.url}/t/{table.table}/replay")
        replay.wait_for_selector("#board.rb-board")
        first = replay.locator("#where").inner_text()
        replay.locator("#next").click()
        replay.locator("#next").click()
        replay.wait_for_function(f"document.getElementById('where').textContent !== {first!r}")
        forward = replay.locator("#board").inner_html()
        replay.locator("#last").click()
        replay.wait_for_function("document.querySelector('#board [class$=\"final\"]') !== null")
        replay.locator("#prev").click()
        replay.locator("#first").click()
        replay.wait_for_function(f"document.getElementById('where').textContent === {first!r}")
        assert replay.locator("#board [data-action]").count() == 0
        assert forward != replay.locator("#board").inner_html()
        assert table.errors == []
    finally:
        table.close()


@pytest.mark.slow
@pytest.mark.parametrize(("name", "players"), GAMES)
def test_phone_page_has_no_horizontal_scroll_and_every_action_in_reach(
    browser: Any, server: LiveServer, name: str, players: int
) -> None:
    table = TablePage(
        browser,
        server,
        name,
        players,
        viewport={"width": 375, "height": 812},
        locale="cs-CZ",
        has_touch=True,
    )
    try:
        advisor = table.game.bots["rule"]()
        rng = Rng(3)
        seen = -1
        for _ in range(4):
            frame = table.wait_turn(seen)
            if frame["over"]:
                break
            texts = [entry["text"] for entry in frame["legal"]]
            table.page.wait_for_function(BOARD_HAS, arg=texts)
            width = table.page.evaluate("innerWidth")
            assert table.page.evaluate("document.scrollingElement.scrollWidth") <= width
            boxes = table.page.evaluate(
                """() => [...document.querySelectorAll('#board [data-action]')].map(n => {
                     const r = n.getBoundingClientRect();
                     return [n.dataset.action, r.left, r.right, r.width, r.height];
                   })"""
            )
            for action, left, right, w, h in boxes:
                assert left >= -0.5 and right <= width + 0.5, f"{action} out of reach"
                assert w >= 10 and h >= 10, f"{action} is too small to touch: {w}x{h}"
            legal = [table.game.action_space.from_text(text) for text in texts]
            choice = advisor.choose(frame["view"], legal, rng).text
            table.page.locator(f'#board [data-action="{choice}"]').first.tap()
            seen = table.wait_applied(frame)["seq"] - 1
        assert table.page.evaluate("document.documentElement.lang") == "cs"
        assert table.errors == []
    finally:
        table.close()
