"""Drive a board module in headless Chromium against the real engine, without the server.

The page (``harness/page.html``) mounts ``static/boards/<game>.js`` with a ``ctx`` whose
``act`` queues the action text; this driver holds the engine state, lets rule bots play
the other seats, and pushes each new snapshot (built exactly as the table page's: the
seat's view and its legal actions with the game's own labels). Files are served from
disk through request interception, so no server process is needed.
"""

from __future__ import annotations

import json
import mimetypes
import os
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any
from urllib.parse import urlencode, urlparse

import relicbox
from relicbox.core.rng import Rng
from relicbox.server.snapshots import legal_entries

ROOT = Path(__file__).resolve().parents[2]
STATIC = ROOT / "src" / "relicbox" / "server" / "static"
LOCALES = ROOT / "src" / "relicbox" / "locales"
HARNESS = Path(__file__).resolve().parent / "harness"
ORIGIN = "http://relicbox.test"
CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--no-first-run",
    "--disable-sync",
]


def chromium_available() -> str | None:
    """Why the browser tests cannot run here, or None when they can."""
    try:
        import playwright.sync_api  # noqa: F401
    except ImportError:
        return "the playwright package is not installed"
    path = os.environ.get("RELICBOX_CHROMIUM", CHROMIUM)
    if not Path(path).exists():
        return f"no Chromium at {path} (set RELICBOX_CHROMIUM)"
    return None


@contextmanager
def browser() -> Iterator[Any]:
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        chrome = p.chromium.launch(
            executable_path=os.environ.get("RELICBOX_CHROMIUM", CHROMIUM),
            args=CHROMIUM_ARGS,
        )
        try:
            yield chrome
        finally:
            chrome.close()


def catalog(lang: str) -> str:
    """Every web catalog of a language as one text, as the page receives it."""
    return "\n".join(
        path.read_text(encoding="utf-8") for path in sorted((LOCALES / lang).glob("web*.ftl"))
    )


def _serve(route: Any) -> None:
    path = urlparse(route.request.url).path
    if path.startswith("/catalog/"):
        route.fulfill(body=catalog(path.rsplit("/", 1)[1]), content_type="text/plain")
        return
    if path.startswith("/static/"):
        file = STATIC / path.removeprefix("/static/")
    elif path.startswith("/harness/"):
        file = HARNESS / path.removeprefix("/harness/")
    else:
        route.fulfill(status=404, body="not found")
        return
    if not file.is_file():
        route.fulfill(status=404, body="not found")
        return
    kind = mimetypes.guess_type(file.name)[0] or "application/octet-stream"
    if file.suffix == ".js":
        kind = "text/javascript"
    route.fulfill(body=file.read_bytes(), content_type=kind)


class BoardGame:
    """One game in the harness page: seat ``seat`` is the person, the others are rule bots."""

    def __init__(
        self,
        page: Any,
        game: str,
        *,
        players: int,
        seed: int,
        seat: int | None = 0,
        lang: str = "en",
        bot: str = "rule",
        names: list[str] | None = None,
    ) -> None:
        self.page = page
        self.game = relicbox.get_game(game)
        self.state = relicbox.new_game(game, players=players, seed=seed)
        self.seat = seat
        self.lang = lang
        self.bots = {s: self.game.bots[bot]() for s in range(players) if s != seat}
        self.rng = Rng(seed)
        self.seq = 0
        self.views: list[dict[str, Any]] = []
        page.route(f"{ORIGIN}/**", _serve)
        query = {
            "game": game,
            "lang": lang,
            "players": players,
            "seat": "" if seat is None else seat,
        }
        if names:
            query["names"] = json.dumps(names)
        page.set_default_timeout(10_000)
        page.goto(f"{ORIGIN}/harness/page.html?{urlencode(query)}")
        page.wait_for_function("window.__ready === true")
        self.play_bots()
        self.push()

    def snapshot(self) -> dict[str, Any]:
        state, seat = self.state, self.seat
        view = state.view(seat)
        legal = legal_entries(state, seat, view, self.lang)  # what the table page sends
        to_act = list(state.to_act)
        return {
            "view": view,
            "legal": legal,
            "to_act": to_act,
            "waiting": to_act if len(to_act) > 1 else [],
            "over": state.is_over,
            "seq": self.seq,
            "log": [],
        }

    def push(self) -> dict[str, Any]:
        self.seq += 1
        snap = self.snapshot()
        self.views.append(snap["view"])
        self.page.evaluate("s => window.__update(s)", snap)
        return snap

    def play_bots(self) -> None:
        state = self.state
        while not state.is_over:
            movers = [s for s in state.to_act if s != self.seat]
            if not movers:
                return
            for s in movers:
                view = state.view(s)
                legal = state.legal_actions(s)
                state.act(s, self.bots[s].choose(view, legal, self.rng))

    def take_action(self) -> str:
        """Wait for the board to send one action, apply it, let the bots answer, redraw."""
        self.page.wait_for_function("window.__acts.length > 0")
        text = self.page.evaluate("window.__acts.shift()")
        self.state.act(self.seat, text)
        self.play_bots()
        self.push()
        return str(text)
