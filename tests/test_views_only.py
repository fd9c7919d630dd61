"""Hidden information leaves the engine only through view(seat): bots and screens get views."""

from __future__ import annotations

import re

import relicbox
from relicbox.core.agents import RandomAgent
from relicbox.play.match import Match, SeatSpec


class SpyBot(RandomAgent):
    def __init__(self, log):
        self.log = log

    def choose(self, view, legal, rng):
        self.log.append(view)
        return super().choose(view, legal, rng)


def test_bots_receive_exactly_their_seat_view(monkeypatch):
    seen = []
    state = relicbox.new_game("diamant", 4, seed=6)
    match = Match(state, [SeatSpec("random")] * 4, seed=6)
    match.bots = {seat: SpyBot(seen) for seat in range(4)}
    calls = []
    original = type(state).view

    def recording_view(self, seat):
        view = original(self, seat)
        calls.append((seat, view))
        return view

    monkeypatch.setattr(type(state), "view", recording_view)
    match.play()
    assert seen and all(any(view is given for _, given in calls) for view in seen)
    for view in seen:
        others = [s for s in range(4) if s != view["seat"]]
        assert view["chest"] is not None
        assert "chests" not in view and len(others) == 3


def test_the_terminal_shows_other_chests_as_hidden():
    from typer.testing import CliRunner

    from relicbox.cli.main import app

    answers = "2\n" * 50
    args = ["play", "diamant", "-s", "human,rule,rule", "--seed", "2"]
    result = CliRunner().invoke(app, args, input=answers)
    chests = re.findall(r"Player 2 .*?Chest: +(\S+)", result.output)
    assert len(chests) > 3 and set(chests[:-1]) == {"hidden"}
    # At the end every chest is opened and counted.
    assert chests[-1].isdigit() and "Game over" in result.output
