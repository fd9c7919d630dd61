"""The full-screen table keeps hot-seat secrets, shows the newest event and never lies about saves.

Each test drives the real Textual app with its pilot and reads what the screen shows.
"""

from __future__ import annotations

import asyncio

import pytest

pytest.importorskip("textual")

from textual.widgets import Input, Static

import relicbox
from relicbox.cli.common import seat_labels, t, transcript_lines
from relicbox.cli.tui import GameApp
from relicbox.games.diamant.text import describe_event
from relicbox.play.match import Match, parse_seats

pytestmark = pytest.mark.slow  # whole games on a terminal: run by .ci/run after the quick suite


def make_app(game, seats, seed=4, lang="en", saver=None, **options):
    state = relicbox.new_game(game, len(seats.split(",")), seed, **options)
    return GameApp(Match(state, parse_seats(seats, state.game), seed=seed), lang, saver)


async def wait_for(pilot, condition, tries: int = 600) -> None:
    for _ in range(tries):
        if condition():
            await pilot.pause(0.1)  # let the screen lay itself out
            return
        await pilot.pause(0.05)
    raise AssertionError("the screen never reached the expected state")


def screen_lines(app: GameApp) -> list[str]:
    """What the terminal shows, row by row."""
    return [strip.text.rstrip() for strip in app.screen._compositor.render_strips()]


def screen_text(app: GameApp) -> str:
    return " ".join(" ".join(screen_lines(app)).split())


def flat(text: str) -> str:
    """Markup-free text with whitespace folded, to compare with what the screen shows."""
    from rich.text import Text

    return " ".join(Text.from_markup(text).plain.split())


def cover(app: GameApp) -> str:
    return str(app.query_one("#cover", Static).content)


def answer(app: GameApp) -> Input:
    return app.query_one("#answer", Input)


async def take_the_keyboard(pilot, app: GameApp, seat: int) -> None:
    """Go through the reveal and the hand-off until ``seat``'s table is shown."""
    await wait_for(pilot, lambda: app.decision is not None and app.decision.seat == seat)
    for _ in range(3):
        if not app.covers:
            break
        await pilot.press("enter")
        await pilot.pause(0.1)
    await wait_for(pilot, lambda: app.query_one("#main").display and answer(app).has_focus)


async def choose_first(pilot, app: GameApp) -> None:
    """Take option 1 and wait until the match has moved on."""
    events = len(app.match.state.record["events"])
    await pilot.press("1", "enter")
    await wait_for(pilot, lambda: len(app.match.state.record["events"]) > events)


RECALL_KEYS = (
    "ctrl+p", "ctrl+p", "up", "up", "ctrl+n", "down", "ctrl+v", "right", "end",
    "ctrl+y", "ctrl+z", "ctrl+shift+z", "ctrl+r", "ctrl+s", "alt+p", "pageup", "tab",
    "shift+tab", "ctrl+shift+v", "insert", "f1", "escape",
)  # fmt: skip


@pytest.mark.parametrize("game", ["tschak", "diamant"])
def test_the_next_player_cannot_recall_the_previous_players_input_by_any_key(game):
    seats = "human,human,rule"

    async def scenario():
        app = make_app(game, seats, seed=9)
        async with app.run_test(size=(80, 24)) as pilot:
            await take_the_keyboard(pilot, app, 0)
            typed = "zq-secret of player one"
            await pilot.press(*typed, "enter")  # refused, but typed
            await wait_for(pilot, lambda: "zq-secret" in str(app.query_one("#message").content))
            await pilot.press("shift+home", "ctrl+x")  # nothing selected is harmless either way
            chosen = app.decision.legal[-1].text
            await pilot.press(*chosen, "enter")
            await take_the_keyboard(pilot, app, 1)
            for key in RECALL_KEYS:
                await pilot.press(key)
                await pilot.pause(0.05)
                if not app.query_one("#main").display:
                    await pilot.press("escape")
                value = answer(app).value
                assert "zq-secret" not in value and chosen not in value, (key, value)
                assert "zq-secret" not in screen_text(app), key
            # the player's own answers still come back
            await pilot.press("ctrl+u", *"zz mine", "enter")
            await pilot.press("ctrl+p")
            assert answer(app).value == "zz mine"
            await pilot.press("ctrl+c")

    asyncio.run(scenario())


def test_the_reveal_shows_every_event_since_the_last_choice():
    async def scenario():
        app = make_app("diamant", "human,human,rule", seed=9)
        async with app.run_test(size=(80, 24)) as pilot:
            await take_the_keyboard(pilot, app, 0)
            before = len(transcript_lines(app.match.state, app.match.seats, "en"))
            await pilot.press("l", "enter")  # Player 1 leaves
            await take_the_keyboard(pilot, app, 1)
            await pilot.press("c", "enter")  # Player 2 goes on
            await wait_for(pilot, lambda: app.decision is not None and bool(app.covers))
            fresh = transcript_lines(app.match.state, app.match.seats, "en")[before:]
            assert any("Player 1" in line for line in fresh)
            shown = flat(cover(app))
            for line in fresh:
                assert flat(line) in shown, (line, shown)
            # the reveal is nobody's decision yet
            assert "your decision" not in str(app.query_one("#status", Static).content)
            await pilot.press("ctrl+c")

    asyncio.run(scenario())


CASES = [
    ("relic-runners", "human,rule,rule", {"setup": "standard"}, 4),
    ("diamant", "human,rule,rule,rule,rule", {}, 3),
    ("tschak", "human,rule,rule,rule", {}, 4),
]


@pytest.mark.parametrize(
    "size",
    [
        pytest.param((80, 24), id="80x24"),
        # the roomier screen clips less: a long test, run with -m slow
        pytest.param((120, 40), id="120x40", marks=pytest.mark.slow),
    ],
)
@pytest.mark.parametrize("lang", ["en", "cs"])
@pytest.mark.parametrize(("game", "seats", "options", "seed"), CASES, ids=[c[0] for c in CASES])
def test_the_newest_event_is_always_visible_at_the_bottom_of_the_log(
    game, seats, options, seed, size, lang
):
    async def scenario():
        app = make_app(game, seats, seed=seed, lang=lang, **options)
        async with app.run_test(size=size) as pilot:
            for _ in range(4):
                await take_the_keyboard(pilot, app, 0)
                lines = transcript_lines(app.match.state, app.match.seats, lang)
                log = app.query_one("#log")
                shown = " ".join(
                    " ".join(row[log.region.x : log.region.right].split())
                    for row in screen_lines(app)[log.region.y : log.region.bottom]
                )
                assert flat(lines[-1]) in " ".join(shown.split()), f"{lines[-1]!r}\n{shown!r}"
                await choose_first(pilot, app)
            await pilot.press("ctrl+c")

    asyncio.run(scenario())


def test_a_failed_save_stays_on_the_screen_until_a_save_works():
    calls = []

    def saver(match):
        calls.append(1)
        return None if len(calls) == 1 else "Warning: the game could not be saved: disk full"

    async def scenario():
        app = make_app("tschak", "human,rule,rule", seed=3, saver=saver)
        async with app.run_test(size=(80, 24)) as pilot:
            for _ in range(3):
                await take_the_keyboard(pilot, app, 0)
                await choose_first(pilot, app)
            await take_the_keyboard(pilot, app, 0)
            assert "could not be saved" in screen_text(app)
            await pilot.press(*"nonsense", "enter")  # a refusal does not hide the warning
            await pilot.pause(0.2)
            assert "could not be saved" in screen_text(app)
            assert app.save_failed
            await pilot.press("ctrl+c")

    asyncio.run(scenario())


@pytest.mark.parametrize("lang", ["en", "cs"])
@pytest.mark.parametrize("players", [3, 4])
def test_tschak_fits_80x24_with_every_seat_and_every_option(players, lang):
    async def scenario():
        app = make_app("tschak", ",".join(["human"] + ["rule"] * (players - 1)), lang=lang)
        async with app.run_test(size=(80, 24)) as pilot:
            await take_the_keyboard(pilot, app, 0)
            text = screen_text(app)
            for seat in range(players):
                assert flat(t(lang, "player", n=seat + 1)) in text
            for action in app.decision.legal:
                assert action.text.split()[-1] in text
            pane = app.query_one("#board-pane")
            assert pane.max_scroll_y == 0, "the board needs scrolling"
            await pilot.press("ctrl+c")

    asyncio.run(scenario())


def test_a_finished_round_waits_to_be_seen_and_the_last_one_ends_the_game():
    async def scenario():
        app = make_app("diamant", "human,rule,rule", seed=5)
        async with app.run_test(size=(80, 24)) as pilot:
            await take_the_keyboard(pilot, app, 0)
            await pilot.press("l", "enter")  # leave at once: the bots finish the round alone
            await wait_for(pilot, lambda: app.decision is not None and bool(app.covers))
            shown = flat(cover(app))
            assert "Round 1" in shown and "round is over" in shown
            history = app.match.state.view(None)["history"]
            end = next(e for e in history if e["type"] == "round-end")
            names = seat_labels(3, app.match.seats, "en")
            assert flat(describe_event(end, "en", names)) in shown
            await pilot.press("enter")
            await wait_for(pilot, lambda: app.query_one("#main").display)
            for _ in range(200):
                if app.match.state.is_over:
                    break
                await take_the_keyboard(pilot, app, 0)
                await pilot.press("l", "enter")
                await wait_for(pilot, lambda: bool(app.covers) or app.match.state.is_over)
            await wait_for(pilot, lambda: bool(app.covers))
            assert "Round 5" in flat(cover(app))
            assert app.return_value is None  # the game waits until the last round was seen
            await pilot.press("enter")
            await wait_for(pilot, lambda: app.return_value is not None)
        assert app.return_value == "over"

    asyncio.run(scenario())


def test_tab_keeps_the_typing_line_and_the_same_player_is_not_handed_the_keyboard_again():
    async def scenario():
        app = make_app("diamant", "human,human,rule", seed=9)
        async with app.run_test(size=(80, 24)) as pilot:
            await take_the_keyboard(pilot, app, 0)
            await pilot.press("tab", "shift+tab", "tab")
            assert answer(app).has_focus
            await pilot.press("c", "enter")
            await take_the_keyboard(pilot, app, 1)
            await pilot.press("l", "enter")  # Player 2 leaves: Player 1 decides alone from now
            for turn in range(3):
                await wait_for(pilot, lambda: app.decision is not None and bool(app.covers))
                if app.match.state.view(None)["round"] > 1:
                    break
                if turn:  # after the first hand-off to Player 1, nobody else decides
                    assert not any("Pass the keyboard" in c for c in app.covers), app.covers
                while app.covers:
                    await pilot.press("enter")
                    await pilot.pause(0.1)
                await pilot.press("c", "enter")
            await pilot.press("ctrl+c")

    asyncio.run(scenario())
