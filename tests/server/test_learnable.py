"""A first-time player can learn each game on the page: the lobby in words, a how-to-play
panel, a tooltip on every code a board shows, one name and colour per seat everywhere,
and one action per click (Debian's chromium through Playwright, one server per module)."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

import relicbox
from relicbox.i18n import tr
from relicbox.server.web import howto_parts
from support.server import LiveServer


@pytest.fixture(scope="module")
def live(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    folder: Path = tmp_path_factory.mktemp("learnable")
    with LiveServer(f"sqlite:///{folder / 'relicbox.sqlite'}") as server:
        yield server


@pytest.fixture
def page(browser: Any) -> Iterator[Any]:
    context = browser.new_context(viewport={"width": 1280, "height": 800}, bypass_csp=True)
    context.set_default_timeout(20_000)
    opened = context.new_page()
    errors: list[str] = []
    opened.on("pageerror", lambda error: errors.append(str(error)))
    yield opened
    context.close()
    assert errors == []


def _open_table(page: Any, live: LiveServer, made: dict[str, Any], lang: str) -> None:
    page.goto(f"{live.url}/t/{made['table']}?lang={lang}#seat={made['token']}")
    page.wait_for_selector("#board:not([hidden])")


IDENTIFIER = re.compile(r"^[a-z0-9_]+(-[a-z0-9_]+)*$")
"""What an option name or value looks like to the engine (``no_progress_rounds``, ``per-card``)."""


@pytest.mark.parametrize("lang", ["en", "cs"])
def test_the_lobby_names_every_option_and_value_in_words(
    live: LiveServer, page: Any, lang: str
) -> None:
    page.goto(f"{live.url}/?lang={lang}")
    page.wait_for_selector("body[data-ready]")
    for game in relicbox.list_games():
        page.select_option("#game", game.name)
        summary = page.inner_text("#game-summary")
        assert summary == tr(lang, f"web-summary-{game.name}")
        labels = page.eval_on_selector_all(
            "#options label.option",
            "nodes => nodes.map(n => [n.dataset.name, n.querySelector('.option-label').textContent,"
            " [...n.querySelectorAll('option')].map(o => [o.value, o.textContent]),"
            " n.nextElementSibling.textContent])",
        )
        assert labels, game.name
        for name, label, choices, help_line in labels:
            assert label != name and not IDENTIFIER.match(label), (game.name, name, label)
            assert help_line.strip() and help_line != label
            for value, text in choices:
                assert text != value and not IDENTIFIER.match(text), (game.name, name, text)
        bots = page.eval_on_selector_all(
            "#seats option[value^='bot:']", "nodes => nodes.map(n => n.textContent)"
        )
        assert bots and not any(IDENTIFIER.match(text) or ":" not in text for text in bots)
    if lang == "cs":
        assert "Push your luck" not in page.inner_text("#create")
    # the seconds of a time limit show only with a time limit
    assert page.locator("#clock-seconds").is_hidden()
    page.select_option("#clock-mode", "move")
    assert page.locator("#clock-seconds").is_visible()


@pytest.mark.parametrize("lang", ["en", "cs"])
def test_the_how_to_play_panel_opens_in_both_languages(
    live: LiveServer, page: Any, lang: str
) -> None:
    for game in ("diamant", "tschak", "relic-runners"):
        made = live.create(game, ["me", "rule", "rule"])
        _open_table(page, live, made, lang)
        panel = page.locator("#how-to-play")
        assert panel.locator("p").first.is_hidden()
        panel.locator("summary").click()
        assert panel.locator("summary").inner_text() == tr(lang, "web-how-to-play")
        text = " ".join(panel.inner_text().split())
        for key in howto_parts(game):
            assert " ".join(tr(lang, key).split()) in text


UNEXPLAINED = """
(pattern) => {
  const code = new RegExp(pattern);
  const explained = (node) => {
    for (let at = node; at && at.id !== "board"; at = at.parentNode) {
      if (at.getAttribute && at.getAttribute("title")) return true;
      if (at.querySelector && [...at.children].some((c) => c.tagName === "title")) return true;
    }
    return false;
  };
  const walker = document.createTreeWalker(document.getElementById("board"), NodeFilter.SHOW_TEXT);
  const missing = [];
  for (let text = walker.nextNode(); text; text = walker.nextNode()) {
    const parent = text.parentNode;
    if (parent.tagName === "title" || parent.closest("[hidden]")) continue;
    for (const word of text.textContent.split(/[\\s,;:()]+/)) {
      if (code.test(word) && !explained(parent)) missing.push(word);
    }
  }
  return missing;
}
"""

CODES = {
    "tschak": (
        r"^(W\d\*?|W\?|R\d\+?|D\d|D\da|M\d|C-?\d|"
        r"Trog|Troglodyt|Ring|Prsten|Trophy|Trofej|Elixir|Elixír)$"
    ),
    "relic-runners": r"^([IBP]\d-[a-h0-9]|\?\d)$",
}


@pytest.mark.parametrize("game", sorted(CODES))
@pytest.mark.parametrize("lang", ["en", "cs"])
def test_every_code_a_board_shows_has_a_tooltip(
    live: LiveServer, page: Any, game: str, lang: str
) -> None:
    made = live.create(game, ["me", "rule", "rule"])
    _open_table(page, live, made, lang)
    page.wait_for_selector("#board [data-action]")
    shown = page.evaluate(UNEXPLAINED.replace("&& !explained(parent)", ""), CODES[game])
    assert shown, "the board shows no code at all: the pattern is wrong"
    assert page.evaluate(UNEXPLAINED, CODES[game]) == []


SEAT_COLOUR = "(node) => getComputedStyle(node).color"


def test_a_seat_has_one_name_and_colour_in_chips_board_log_and_results(
    live: LiveServer, page: Any
) -> None:
    made = live.create("diamant", ["me", "rule", "cautious"], name="Clicker")
    _open_table(page, live, made, "en")
    names = page.locator("#seats .who").all_inner_texts()
    assert names == ["Clicker", "Bot 2 (rule)", "Bot 3 (cautious)"]
    for _ in range(40):  # leave at once, every round: five short rounds
        page.wait_for_function(
            "!document.querySelector('#result-box').hidden || "
            "(!document.querySelector('#table.busy') && "
            "document.querySelector('#board [data-action=leave]'))"
        )
        if page.locator("#result-box").is_visible():
            break
        page.click("#board [data-action=leave]")
    assert page.locator("#result-box").is_visible()
    log = "\n".join(page.locator("#log li").all_inner_texts())
    board = page.inner_text("#board")
    for name in names:
        assert name in log and name in board
    assert "Player 1" not in log + board
    # one result table: the board's
    assert page.locator("#result table").count() == 0
    assert page.locator("#board table").count() >= 1
    # one colour per seat: the chips' markers and the board's seat badges
    chips = [
        page.eval_on_selector(f"#seats .seat-{seat} .marker", SEAT_COLOUR) for seat in range(3)
    ]
    assert len(set(chips)) == 3


def test_relic_runners_draws_each_seat_in_the_chips_colour(live: LiveServer, page: Any) -> None:
    made = live.create("relic-runners", ["me", "rule", "rule", "rule"])
    _open_table(page, live, made, "en")
    page.wait_for_selector("#board .rr-board h4 svg")
    for seat in range(4):
        chip = page.eval_on_selector(f"#seats .seat-{seat} .marker", SEAT_COLOUR)
        badge = page.eval_on_selector(
            f"#board .rr-board[data-seat='{seat}'] h4 svg [fill]",
            "(node) => { const probe = document.createElement('span');"
            " probe.style.color = node.getAttribute('fill'); document.body.append(probe);"
            " const colour = getComputedStyle(probe).color; probe.remove(); return colour; }",
        )
        assert badge == chip, seat


COUNT_ACTS = """
(() => {
  window.__acts = 0;
  const send = WebSocket.prototype.send;
  WebSocket.prototype.send = function (data) {
    if (String(data).includes('"type":"act"')) window.__acts += 1;
    return send.call(this, data);
  };
})();
"""


def test_a_double_click_sends_one_action(live: LiveServer, browser: Any) -> None:
    context = browser.new_context(bypass_csp=True)
    context.add_init_script(COUNT_ACTS)
    page = context.new_page()
    page.set_default_timeout(20_000)
    made = live.create("diamant", ["me", "rule", "rule"])
    _open_table(page, live, made, "en")
    target = page.locator("#board [data-action=continue]")
    target.dblclick()
    page.wait_for_function("!document.querySelector('#table.busy')")
    assert page.evaluate("window.__acts") == 1
    assert page.locator("#toast").is_hidden()
    # the keyboard goes the same single way
    page.wait_for_selector("#board [data-action=continue]")
    # both presses in one task, so the server's answer cannot arrive between them and
    # make the second a new decision of its own
    page.evaluate(
        """() => {
            const press = () => new KeyboardEvent("keydown", {key: "1", bubbles: true});
            document.body.dispatchEvent(press());
            document.body.dispatchEvent(press());
        }"""
    )
    page.wait_for_function("!document.querySelector('#table.busy')")
    assert page.evaluate("window.__acts") == 2
    context.close()


def test_favicon_and_replay_controls_need_no_symbol_font(live: LiveServer) -> None:
    icon = live.get("/favicon.ico")
    assert icon.status_code == 200 and b"<svg" in icon.content
    assert 'rel="icon"' in live.get("/").text
    made = live.create("diamant", ["me", "rule", "rule"])
    replay = live.get(f"/t/{made['table']}/replay").text
    assert not any(symbol in replay for symbol in "⏮⏭")
    assert replay.count('class="icon"') == 4


def test_the_others_see_when_a_bot_will_take_over_a_person_who_left(
    live: LiveServer, page: Any, browser: Any
) -> None:
    made = live.create("diamant", ["me", "open", "rule"], name="Ann")
    page.goto(f"{live.url}/t/{made['table']}?lang=cs#seat={made['token']}")
    page.wait_for_selector("#lobby-box:not([hidden])")
    # the waiting room shows no empty log
    assert page.locator("#log-box").is_hidden()
    bob = live.join(made["table"], "Bob")
    other = browser.new_context()
    bob_page = other.new_page()
    bob_page.goto(f"{live.url}/t/{made['table']}?lang=en#seat={bob['token']}")
    bob_page.wait_for_selector("#board [data-action]")
    warning = bob_page.inner_text("#leave-warning")
    assert warning == tr("en", "web-bot-takeover-warning", seconds=60)
    page.wait_for_selector("#board [data-action]")
    other.close()
    page.wait_for_selector("#leave-notice:not([hidden])")
    notice = page.inner_text("#leave-notice")
    assert notice.startswith("Bob ") and "bot" in notice
    assert re.search(r"\b(5\d|60) sekund", notice), notice


def test_a_replay_names_seats_as_the_table_does_with_one_result_table(
    live: LiveServer, page: Any
) -> None:
    made = live.create("diamant", ["me", "rule", "cautious"], name="Clicker")
    _open_table(page, live, made, "en")
    for _ in range(40):
        page.wait_for_function(
            "!document.querySelector('#result-box').hidden || "
            "(!document.querySelector('#table.busy') && "
            "document.querySelector('#board [data-action=leave]'))"
        )
        if page.locator("#result-box").is_visible():
            break
        page.click("#board [data-action=leave]")
    page.goto(f"{live.url}/t/{made['table']}/replay?lang=en")
    page.wait_for_selector("#board:not([hidden])")
    page.click("#last")
    page.wait_for_function("document.querySelector('#where').textContent.includes('of')")
    page.wait_for_selector("#board table")
    assert page.locator("#result-box").is_hidden()
    log = "\n".join(page.locator("#log li").all_inner_texts())
    assert "Bot 2 (rule)" in log or "Bot 3 (cautious)" in log
    assert "Player 1" not in log + page.inner_text("#board")
    # the newest line is in sight
    assert page.evaluate(
        "(() => { const log = document.getElementById('log');"
        " return log.scrollTop + log.clientHeight >= log.scrollHeight - 2; })()"
    )


TSCHAK_PANEL_TERMS = {
    # every column of the final score table, the turn's rhythm, the tenth card and the loot
    "en": ["party of three cards", "floor 1 one card at a time", "floor 2 one card and then two",
           "floor 3 all three at once", "tenth", "loot", "3 gold", "hand passes",
           "on-the-road boards", "squared", "troglodytes", "trophy", "elixir", "cursed chest",
           "fewer monster cards"],
    "cs": ["družinu ze tří karet", "v 1. patře po jedné kartě", "ve 2. patře jedna karta a pak dvě",
           "ve 3. patře všechny tři najednou", "desátou", "kořist", "3 zlaté mince",
           "ruka předá", "desky na cestě", "na druhou", "troglodytů", "Trofej", "elixír",
           "prokleté truhly", "méně karet netvorů"],
}  # fmt: skip


@pytest.mark.parametrize("lang", ["en", "cs"])
def test_the_tschak_panel_tells_the_turn_every_score_term_and_the_end(lang: str) -> None:
    panel = " ".join(tr(lang, key) for key in howto_parts("tschak"))
    assert "secretly plays one card" not in panel  # the game is a party built in steps
    for term in TSCHAK_PANEL_TERMS[lang]:
        assert term.lower() in panel.lower(), term
    for word in SCORE_TABLE_WORDS[lang]:  # each column of the final score table
        assert word in panel.lower(), word


SCORE_TABLE_WORDS = {
    "en": ["gold", "chest", "rings", "cursed", "trophy", "monster", "troglodytes", "elixir"],
    "cs": ["zlat", "truhl", "prsten", "proklet", "trofej", "netvor", "troglodyt", "elixír"],
}


RELIC_RUNNERS_PANEL_TERMS = {
    # the move, rations and the camp, the expedition, the end and every part of the score
    "en": ["at most one trail that is new to you", "costs 1 ration", "3 rations", "shrine",
           "2 points for each trail", "7, 8, 9 or 10 relics", "5 points for each relic colour",
           "coins", "blue tiles", "ivory level 1", "more relics"],
    "cs": ["nejvýš jednou cestou, která je pro vás nová", "stojí 1 příděl", "3 příděly",
           "svatyně", "2 body za každou cestu", "7, 8, 9 nebo 10 relikvií",
           "5 bodů za každou barvu relikvií", "mince", "modré destičky",
           "slonovinové destičky úrovně 1", "více relikvií"],
}  # fmt: skip


@pytest.mark.parametrize("lang", ["en", "cs"])
def test_the_relic_runners_panel_tells_what_wins_the_game(lang: str) -> None:
    panel = " ".join(tr(lang, key) for key in howto_parts("relic-runners")).lower()
    for term in RELIC_RUNNERS_PANEL_TERMS[lang]:
        assert term.lower() in panel, term
