"""The analysis of a finished table: ``/api/tables/{id}/analysis`` and the replay page's
Analyse button, in a real browser (chromium through Playwright, the page's CSP enforced)."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import pytest

from relicbox.i18n import tr
from support.server import LiveServer

SHOTS = Path(__file__).resolve().parents[2] / "build" / "screenshots"


def _finished(server: LiveServer, game: str = "diamant", **extra: Any) -> str:
    table: str = server.create(game, ["rule", "rule", "rule"], **extra)["table"]
    deadline = time.monotonic() + 60
    while server.get(f"/api/tables/{table}").json()["status"] != "finished":
        if time.monotonic() > deadline:
            raise TimeoutError(f"table {table} did not finish")
        time.sleep(0.1)
    return table


def test_the_analysis_endpoint_makes_the_review_once_and_keeps_it(server: LiveServer) -> None:
    table = _finished(server)
    assert server.get(f"/api/tables/{table}/analysis?seat=1").status_code == 404
    made = server.post(f"/api/tables/{table}/analysis?seat=1", {})
    assert made.status_code == 200, made.text
    review = made.json()
    assert review["format"] == "relicbox-analysis/1"
    assert review["seat"] == 1 and review["game"] == "diamant"
    assert review["decisions"] and {d["seat"] for d in review["decisions"]} == {1}
    assert review["budget"]["worlds"] >= 2
    assert server.get(f"/api/tables/{table}/analysis?seat=1").json() == review
    assert server.post(f"/api/tables/{table}/analysis?seat=9", {}).status_code == 400


def test_a_table_that_hides_the_hands_after_the_game_is_not_analysed(server: LiveServer) -> None:
    table = _finished(server, reveal_after=False)
    refused = server.post(f"/api/tables/{table}/analysis?seat=0", {})
    assert refused.status_code == 400
    assert "hidden" in refused.json()["message"]


@pytest.mark.slow
@pytest.mark.parametrize("lang", ["en", "cs"])
def test_the_replay_page_shows_the_analysis(server: LiveServer, browser: Any, lang: str) -> None:
    table = _finished(server)
    context = browser.new_context(viewport={"width": 1000, "height": 900})
    context.set_default_timeout(60_000)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    missing: list[str] = []
    page.on("response", lambda answer: missing.append(answer.url) if answer.status >= 400 else None)
    page.goto(f"{server.url}/t/{table}/replay?lang={lang}")
    page.wait_for_selector("#analysis-box:not([hidden])")
    assert page.locator("#analyse").inner_text() == tr(lang, "web-analysis-button")
    page.select_option("#analysis-seat", "2")
    page.click("#analyse")
    page.wait_for_selector(".analysis-table tbody tr")
    review = server.get(f"/api/tables/{table}/analysis?seat=2&lang={lang}").json()
    rows = page.locator(".analysis-table tbody tr")
    assert rows.count() == len(review["decisions"]) > 0
    first = review["decisions"][0]
    label = next(o["label"] for o in first["options"] if o["action"] == first["taken"])
    assert rows.first.locator("td").nth(1).inner_text() == label
    headers = page.locator(".analysis-table thead th").all_inner_texts()
    assert headers[-1] == tr(lang, "web-analysis-col-verdict")
    assert page.locator("svg.analysis-plot polyline").count() == 1
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.locator("#analysis-box").screenshot(path=str(SHOTS / f"analysis-{lang}.png"))
    assert errors == []
    assert [url for url in missing if not url.endswith("/favicon.ico")] == []
    context.close()
