"""Copies of a game's rule bot at one table each have their own temperament.

Three identical bots used to leave together and tie (21/21/21 over seed after seed);
each seat now weighs risk its own way, the same way at every decision of a game, and
a seed still plays the same game.
"""

from __future__ import annotations

import pytest

import relicbox
from relicbox.games.diamant.bots import temperament as diamant_temperament
from relicbox.games.tschak.bots import temperament as tschak_temperament
from relicbox.play.transcript import bot_game


def scores(game: str, seed: int) -> list[int]:
    return list(bot_game(game, "rule,rule,rule", seed).scores())


def test_three_diamant_rule_bots_do_not_play_in_lock_step():
    # identical bots tied all three ways in every one of these 30 games
    tied = [seed for seed in range(30) if len(set(scores("diamant", seed))) == 1]
    assert len(tied) <= 18, tied


def test_the_same_seed_plays_the_same_game():
    for game in ("diamant", "tschak"):
        first = bot_game(game, "rule,rule,rule", 5).record
        assert bot_game(game, "rule,rule,rule", 5).record == first


@pytest.mark.parametrize(
    ("game", "temperament"), [("diamant", diamant_temperament), ("tschak", tschak_temperament)]
)
def test_a_seat_keeps_its_temperament_for_the_whole_game(game, temperament):
    state = relicbox.new_game(game, 3, 8)
    from relicbox.play.match import Match, parse_seats

    match = Match(state, parse_seats("rule,rule,rule", state.game), seed=8)
    seen: dict[int, set[object]] = {seat: set() for seat in range(3)}
    while not state.is_over:
        seat = match.play_one()
        if seat is not None and not state.is_over:
            seen[seat].add(temperament(state.view(seat)))
    assert all(len(moods) == 1 for moods in seen.values()), seen
    assert len({next(iter(moods)) for moods in seen.values()}) == 3
