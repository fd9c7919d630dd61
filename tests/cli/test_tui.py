"""The full-screen table, driven with Textual's own test pilot at the sizes it must fit."""

from __future__ import annotations

import asyncio

import pytest

pytest.importorskip("textual")

from textual.widgets import Static

import relicbox
from relicbox.cli.tui import GameApp, HelpScreen, OptionGrid
from relicbox.play.match import Match, parse_seats

SIZES = {"diamant": (80, 24), "tschak": (80, 24), "relic-runners": (120, 40)}


def make_app(game: str, seats: str, seed: int = 4, lang: str = "en") -> GameApp:
    state = relicbox.new_game(game, len(seats.split(",")), seed)
    return GameApp(Match(state, parse_seats(seats, state.game), seed=seed), lang)


async def wait_for(pilot, condition, tries: int = 600) -> None:
    for _ in range(tries):
        if condition():
            await pilot.pause(0.1)  # let the screen lay itself out
            return
        await pilot.pause(0.05)
    raise AssertionError("the screen never reached the expected state")


def text_of(app: GameApp, selector: str) -> str:
    return str(app.query_one(selector, Static).content)


def inside(region, size) -> bool:
    return region.x >= 0 and region.y >= 0 and region.right <= size[0] and region.bottom <= size[1]


@pytest.mark.parametrize("game", list(SIZES))
def test_the_screen_fits_its_size_and_a_move_can_be_made(game):
    size = SIZES[game]
    others = ",".join(["rule"] * (2 if game != "relic-runners" else 1))

    async def scenario():
        app = make_app(game, "human," + others)
        async with app.run_test(size=size) as pilot:
            await wait_for(pilot, lambda: app.decision is not None)
            options = app.query_one("#option-grid", OptionGrid)
            assert options.option_count >= 1
            for selector in ("#status", "#board-pane", "#options", "#answer", "#log"):
                region = app.query_one(selector).region
                assert region.height > 0 and inside(region, size), (selector, region)
            assert "your decision" in text_of(app, "#status")
            if game == "relic-runners":
                # the whole map and its legend are visible without scrolling
                pane = app.query_one("#board-pane").region
                assert (
                    pane.height
                    >= 2 + len(relicbox.get_game(game).text.draw_map(app.match.state.view(0))) + 4
                )
                assert "Player 1[/] (you)" in text_of(app, "#own")
            before = len(app.match.state.record["events"])
            await pilot.press("1", "enter")
            await wait_for(pilot, lambda: len(app.match.state.record["events"]) > before)
            await pilot.press("ctrl+c")
        assert app.return_value == "interrupted"

    asyncio.run(scenario())


def test_arrows_and_enter_choose_the_highlighted_option():
    async def scenario():
        app = make_app("diamant", "human,rule,rule")
        async with app.run_test(size=(80, 24)) as pilot:
            await wait_for(pilot, lambda: app.decision is not None)
            await pilot.press("down", "enter")
            await wait_for(
                pilot,
                lambda: (
                    app.match.state.record["events"][-1].get("seat") == 0
                    or any(e.get("seat") == 0 for e in app.match.state.record["events"])
                ),
            )
            mine = [e for e in app.match.state.record["events"] if e.get("seat") == 0]
            assert mine[0]["action"] == "leave"
            await pilot.press("ctrl+c")

    asyncio.run(scenario())


def test_question_mark_opens_the_rules_and_escape_closes_them():
    async def scenario():
        app = make_app("tschak", "human,rule,rule", lang="cs")
        async with app.run_test(size=(80, 24)) as pilot:
            await wait_for(pilot, lambda: app.decision is not None)
            await pilot.press("question_mark")
            await wait_for(pilot, lambda: isinstance(app.screen, HelpScreen))
            shown = str(app.screen.query_one("#help-text", Static).content)
            assert "Kódy karet" in shown and "Klávesy" in shown
            await pilot.press("escape")
            await wait_for(pilot, lambda: not isinstance(app.screen, HelpScreen))
            await pilot.press("ctrl+c")

    asyncio.run(scenario())


def test_a_refused_answer_shows_the_reason_and_exit_quits():
    async def scenario():
        app = make_app("tschak", "human,rule,rule")
        async with app.run_test(size=(80, 24)) as pilot:
            await wait_for(pilot, lambda: app.decision is not None)
            await pilot.press(*"play W2", "enter")
            await wait_for(pilot, lambda: "Not allowed" in text_of(app, "#message"))
            assert "W2 is not in your hand" in text_of(app, "#message")
            await pilot.press(*"exit", "enter")
        assert app.return_value == "quit"
        assert not [e for e in app.match.state.record["events"] if e.get("seat") == 0]

    asyncio.run(scenario())


def test_hot_seat_covers_the_table_until_enter_and_q_quits_at_the_hand_off():
    async def scenario():
        app = make_app("diamant", "human,human,rule")
        async with app.run_test(size=(80, 24)) as pilot:
            await wait_for(pilot, lambda: app.decision is not None)
            main = app.query_one("#main")
            assert not main.display  # covered: nobody's hand is on the screen
            assert "Pass the keyboard to Player 1" in text_of(app, "#cover")
            await pilot.press("enter")
            await wait_for(pilot, lambda: main.display)
            await pilot.press("1", "enter")  # player 1 continues
            await wait_for(pilot, lambda: app.decision is not None and app.decision.seat == 1)
            assert not main.display
            assert "Pass the keyboard to Player 2" in text_of(app, "#cover")
            await pilot.press("enter")
            await wait_for(pilot, lambda: main.display)
            await pilot.press("1", "enter")  # player 2 continues: the reveal follows
            await wait_for(pilot, lambda: app.decision is not None and app.decision.seat == 0)
            assert not main.display
            shown = text_of(app, "#cover")  # the reveal, or the round's end when a trap ended it
            assert "Everybody has chosen" in shown or "The round is over" in shown
            await pilot.press("enter")
            assert "Pass the keyboard to Player 1" in text_of(app, "#cover")
            await pilot.press("q")
            await wait_for(pilot, lambda: app.return_value == "quit")
        assert app.match.state.record["events"][-1].get("seat") != 0

    asyncio.run(scenario())


def test_a_stray_enter_never_chooses_for_anyone():
    async def scenario():
        app = make_app("diamant", "human,human,rule")
        async with app.run_test(size=(80, 24)) as pilot:
            await wait_for(pilot, lambda: app.decision is not None)
            await pilot.press("enter", "enter", "enter")  # past the hand-off, then two extra
            await pilot.pause(0.3)
            assert app.decision is not None and app.decision.seat == 0
            assert not [e for e in app.match.state.record["events"] if e.get("seat") == 0]
            assert "is not one of the options" in text_of(app, "#message")
            await pilot.press("ctrl+c")

    asyncio.run(scenario())


def test_earlier_answers_come_back_with_ctrl_p():
    async def scenario():
        app = make_app("tschak", "human,rule,rule")
        async with app.run_test(size=(80, 24)) as pilot:
            await wait_for(pilot, lambda: app.decision is not None)
            await pilot.press(*"play W2", "enter")
            await wait_for(pilot, lambda: "Not allowed" in text_of(app, "#message"))
            await pilot.press("ctrl+p")
            assert app.query_one("#answer").value == "play W2"
            await pilot.press("ctrl+n")
            assert app.query_one("#answer").value == ""
            await pilot.press("ctrl+c")

    asyncio.run(scenario())
