"""The one drive loop and the one seed rule: matches, simulations and resumed games agree."""

from __future__ import annotations

import pytest

import relicbox
from relicbox.bots import bot_rng, bot_seed, make_bot
from relicbox.core.errors import ConfigurationError
from relicbox.core.registry import replay
from relicbox.play.drive import Driver
from relicbox.play.match import Match, parse_seats
from relicbox.play.simulate import make_job, run_games, seating

GAMES = [
    ("diamant", 4, "random,rule,cautious,random"),
    ("tschak", 3, "random,rule,random"),
    ("relic-runners", 3, "rule,random,rule"),
]


def small_options(game: str) -> dict[str, object]:
    return dict(relicbox.get_game(game).test_options)


@pytest.mark.parametrize(("game", "players", "bots"), GAMES, ids=[g[0] for g in GAMES])
def test_a_simulated_game_is_the_match_of_its_seed_and_seating(game, players, bots):
    job = make_job(game, players, bots, seed=41, options=small_options(game))
    results = run_games(job, range(players + 1))
    assert len({result.seed for result in results}) == 2  # two deals, one rotated
    for result in results:
        entries, seed = seating(job, result.index)
        specs = ",".join(job.specs[entry] for entry in entries)
        state = relicbox.new_game(game, players, seed, **dict(job.options))
        Match(state, parse_seats(specs, state.game)).play()
        decisions = [event for event in state.record["events"] if "seat" in event]
        assert (result.scores, result.length) == (state.scores(), len(decisions))


@pytest.mark.parametrize(("game", "players", "bots"), GAMES, ids=[g[0] for g in GAMES])
def test_a_match_resumed_from_its_record_plays_on_as_one_played_straight_through(
    game, players, bots
):
    options = small_options(game)
    straight = relicbox.new_game(game, players, 7, **options)
    Match(straight, parse_seats(bots, straight.game)).play()
    events = straight.record["events"]
    cut = next(i for i in range(len(events) // 2, len(events)) if "seat" in events[i])
    resumed = replay({**straight.record, "events": events[:cut]})
    assert not resumed.is_over
    Match(resumed, parse_seats(bots, resumed.game)).play()
    assert resumed.record == straight.record


class Witness:
    """A random bot that notes the first number of each generator it is handed."""

    name = "witness"

    def __init__(self, state, seen):
        self.state, self.seen = state, seen

    def choose(self, view, legal, rng):
        seat = view["seat"]
        self.seen.append((self.state.record_length, seat, rng.clone().next64()))
        return legal[rng.below(len(legal))]


def test_each_decision_gets_the_generator_of_where_it_is_taken():
    state = relicbox.new_game("tschak", 3, 1234)
    seen: list[tuple[int, int, int]] = []
    Driver(state, {seat: Witness(state, seen) for seat in range(3)}).play()
    assert len(seen) == sum("seat" in event for event in state.record["events"]) > 10
    for seq, seat, first in seen:
        assert first == bot_rng(1234, seq, seat).next64()
    assert len({first for _, _, first in seen}) == len(seen)


def test_the_seed_rule_is_the_one_server_tables_have_always_used():
    for seed, seq, seat in [(0, 0, 0), (2016, 37, 4), (2**62 + 5, 9_900, 100), (-3, 1, 2)]:
        assert bot_seed(seed, seq, seat) == (seed * 1_000_003 + seq * 101 + seat) % 2**63
    assert bot_seed(5, 0, 1) != bot_seed(5, 1, 0) != bot_seed(6, 0, 0)


def test_a_state_without_a_record_must_leave_chance_to_the_driver():
    game = relicbox.get_game("diamant")
    bots = {seat: make_bot("random", game) for seat in range(3)}
    with pytest.raises(ConfigurationError, match="auto_chance=False"):
        Driver(game.new_state(3, 1, record=False), bots)
    state = game.new_state(3, 1, record=False, auto_chance=False)
    driver = Driver(state, bots)
    driver.play()
    kept = game.new_state(3, 1)
    Driver(kept, bots).play()
    assert state.scores() == kept.scores()
    assert driver.seq == kept.record_length


def test_a_forced_move_is_played_unasked_only_where_the_driver_says_so():
    state = relicbox.new_game("tschak", 2, 3)
    asked: list[int] = []

    class Counting:
        name = "counting"

        def choose(self, view, legal, rng):
            asked.append(len(legal))
            return legal[rng.below(len(legal))]

    driver = Driver(state, {0: Counting(), 1: Counting()}, ask_forced=False)
    driver.play()
    assert 1 not in asked and len(asked) < driver.decisions
    again = relicbox.new_game("tschak", 2, 3)
    asked.clear()
    Driver(again, {0: Counting(), 1: Counting()}).play()
    assert 1 in asked and again.record == state.record


def test_a_game_that_does_not_end_is_refused_after_the_limit():
    state = relicbox.new_game("diamant", 3, 2)
    bots = {seat: make_bot("random", state.game) for seat in range(3)}
    with pytest.raises(ConfigurationError, match="did not end after 4 decisions"):
        Driver(state, bots).play(max_decisions=4)
    assert sum("seat" in event for event in state.record["events"]) == 4


def test_a_seat_with_neither_a_bot_nor_a_person_is_refused():
    state = relicbox.new_game("diamant", 3, 2)
    with pytest.raises(ConfigurationError, match="neither a bot nor someone to ask"):
        Driver(state, {}).play()
