"""``Game.sample_state``: a full state from one seat's view, hidden parts drawn correctly."""

from __future__ import annotations

import functools
import json
import random
import time
from collections import Counter

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import relicbox
from relicbox.core import conformance
from relicbox.core.errors import ConfigurationError, StateFormatError
from relicbox.core.rng import Rng
from support import fuzz

CASES = [
    pytest.param(game, players, id=f"{game.name}-{players}p")
    for game in relicbox.list_games()
    for players in game.players
]


@pytest.mark.parametrize(("game", "players"), CASES)
def test_a_sampled_state_shows_the_same_view_at_every_decision(game, players):
    assert game.sampler is not None, f"{game.name} must build states from views"
    # Relic Runners' games are long and its views large: every 15th decision is plenty.
    every = 15 if game.name == "relic-runners" else 2
    conformance.check_sample_state(game, players, seed=players, every=every)


def _chi_square(observed: Counter, expected: dict, total: int) -> float:
    return sum((observed[k] - total * p) ** 2 / (total * p) for k, p in expected.items())


def test_diamant_next_card_follows_the_unseen_deck():
    game = relicbox.get_game("diamant")
    state = next(s for s in map(_four_cards_in_round_one, range(100)) if s is not None)
    view = state.view(0)
    truth = _next_card_chances(state)
    rng = Rng(1)
    draws = 3000
    seen: Counter[str] = Counter()
    for _ in range(draws):
        sampled = game.sample_state(view, rng)
        sampled.auto_chance = False
        for seat in sampled.to_act:
            sampled.act(seat, "continue")
        assert dict(sampled.chance_outcomes()) == truth, "the unseen deck is known exactly"
        seen[sampled.sample_chance()] += 1
    statistic = _chi_square(seen, truth, draws)
    degrees = len(truth) - 1
    assert statistic < degrees + 6 * (2 * degrees) ** 0.5, (statistic, degrees)


def _four_cards_in_round_one(seed):
    """The first seeded game where everyone goes on until round 1 shows 4 cards, if it does."""
    state = relicbox.new_game("diamant", players=4, seed=seed)
    while len(state.view(0)["path"]) < 4 and state.view(0)["round"] == 1:
        for seat in state.to_act:
            state.act(seat, "continue")
    return state if state.view(0)["round"] == 1 else None


def _next_card_chances(state):
    trial = state.clone()
    trial.auto_chance = False
    for seat in trial.to_act:
        trial.act(seat, "continue")
    return dict(trial.chance_outcomes())


def test_tschak_unseen_cards_are_dealt_to_the_hands_the_seat_never_held():
    game = relicbox.get_game("tschak")
    state = relicbox.new_game("tschak", players=4, seed=3)
    for _ in range(4):  # one reveal step: everybody has shown one card
        state.act(state.to_act[0], state.legal_actions(state.to_act[0])[0])
    view = state.view(0)
    truth = state.to_dict()["body"]["hands"]
    known = [h for h in view["known_hands"] if h is not None]
    assert len(known) == 1, "at the start seat 0 knows only its own hand"
    samples = 1500
    counts = [Counter() for _ in range(4)]
    rng = Rng(5)
    for _ in range(samples):
        hands = game.sample_state(view, rng).to_dict()["body"]["hands"]
        for h, hand in enumerate(hands):
            counts[h].update(hand)
        assert hands[0] == truth[0], "seat 0's own hand is never resampled"
    # Each unknown hand's expected count of a card: its free slots of that background,
    # shared in proportion among the unknown hands (three per background, minus what showed).
    from relicbox.games.tschak.data import KIND_BY_CODE

    unseen = Counter(code for h in (1, 2, 3) for code in truth[h])
    for h in (1, 2, 3):
        shown = view["revealed"][h]
        shown_codes = set(shown)
        for code, number in unseen.items():
            if code in shown_codes or code == "A":
                continue
            background = KIND_BY_CODE[code].kind
            free = {
                other: 3
                - sum(1 for c in view["revealed"][other] if KIND_BY_CODE[c].kind == background)
                for other in (1, 2, 3)
            }
            left = number - sum(view["revealed"][o].count(code) for o in (1, 2, 3))
            expected = left * free[h] / sum(free.values())
            mean = counts[h][code] / samples - shown.count(code)
            assert mean == pytest.approx(expected, abs=0.08), (h, code, mean, expected)


def test_relic_runners_hidden_blue_tiles_are_drawn_from_the_unseen_ones():
    from relicbox.games.relic_runners.data import TILES

    game = relicbox.get_game("relic-runners")
    state = relicbox.new_game("relic-runners", players=3, seed=6, max_turns=80)
    steps = conformance.random_steps(state, Rng(6))
    view = state.view(0)
    while not any(
        len(view["seats"][s]["blue_levels"]) > len(view["seats"][s]["blue"]) for s in (1, 2)
    ):
        next(steps)
        view = state.view(0)
    owner = next(
        s for s in (1, 2) if len(view["seats"][s]["blue_levels"]) > len(view["seats"][s]["blue"])
    )
    levels = Counter(view["seats"][owner]["blue_levels"])
    levels.subtract(int(code[1]) for code in view["seats"][owner]["blue"])
    level = next(lv for lv, count in levels.items() if count > 0)
    # What seat 0 has seen of the blue tiles of that level: its own, the others' shown, the stacks.
    seen = Counter()
    for seat in view["seats"]:
        seen.update(code for code in seat["blue"] if code is not None)
    for space in view["spaces"]:
        seen.update(code for code in [space["top"], *space["seen"].values()] if code)
    unseen = Counter(t.code for t in TILES if t.colour == 1 and t.level == level)
    unseen.subtract(seen)
    unseen = +unseen
    total = sum(unseen.values())
    expected = {code: count / total for code, count in unseen.items()}
    draws = 600
    drawn: Counter[str] = Counter()
    rng = Rng(2)
    known = view["seats"][owner]["blue"]
    for _ in range(draws):
        body = game.sample_state(view, rng).to_dict()["body"]
        hidden = body["blue"][owner][len(known) :]
        drawn.update(TILES[t].code for t in hidden if TILES[t].level == level)
    count = sum(drawn.values())
    assert set(drawn) <= set(expected), "only tiles seat 0 has not seen are drawn"
    statistic = _chi_square(drawn, expected, count)
    degrees = max(1, len(expected) - 1)
    assert statistic < degrees + 6 * (2 * degrees) ** 0.5, (statistic, degrees, drawn, expected)


# -- untrusted views: checked like a loaded state ------------------------------------------


def _view(name, players=4, seed=3, steps=6, seat=0):
    state = relicbox.new_game(name, players=players, seed=seed)
    rng = Rng(seed)
    for _ in range(steps):
        seat_to_act = state.to_act[0]
        actions = state.legal_actions(seat_to_act)
        state.act(seat_to_act, actions[rng.below(len(actions))])
    return json.loads(json.dumps(state.view(seat)))


@pytest.mark.parametrize("name", ["diamant", "tschak", "relic-runners"])
@pytest.mark.parametrize(
    "players",
    [10**8, 0, -1, True, 4.0, "4", None, 10**5000],
    ids=lambda p: type(p).__name__ + (str(p)[:9] if p != 10**5000 else "-5000-digits"),
)
def test_the_player_count_is_checked_first_and_bounded(name, players):
    view = _view(name, players=4)
    view["players"] = players
    started = time.process_time()
    with pytest.raises(StateFormatError, match="view field 'players' must be one of"):
        relicbox.get_game(name).sample_state(view, 1)
    assert time.process_time() - started < 0.5, "nothing sized by the count is built"


@pytest.mark.parametrize("name", ["diamant", "tschak", "relic-runners"])
@pytest.mark.parametrize("view", [None, [], "view", 7, {"game": 1}])
def test_a_view_that_is_not_one_of_the_game_is_refused(name, view):
    with pytest.raises(StateFormatError, match="view"):
        relicbox.get_game(name).sample_state(view, 1)


@pytest.mark.parametrize(
    ("name", "edit", "field"),
    [
        ("diamant", lambda v: v["path"][0].update(gems="A"), "path[0].gems"),
        ("diamant", lambda v: v.update(seat=9), "seat"),
        ("diamant", lambda v: v["history"].append({"type": "reveal", "card": "T99"}), "card"),
        ("diamant", lambda v: v["history"].append({"type": "leave", "seats": [7]}), "seats[0]"),
        ("diamant", lambda v: v.update(explorers_inside=9), "explorers_inside"),
        ("tschak", lambda v: v["committed"].append(1), "committed"),
        ("tschak", lambda v: v["known_hands"][0].append("Z9"), "known_hands[0]"),
        ("tschak", lambda v: v.update(loot=[0]), "loot"),
        ("relic-runners", lambda v: v["spaces"][3].update(seen={"9": "B1-a"}), "seen key"),
        ("relic-runners", lambda v: v.update(current=5), "current"),
        (
            "relic-runners",
            lambda v: v["history"].append({"type": "pathway", "trail": 10**9}),
            "trail",
        ),
        ("relic-runners", lambda v: v.update(relics_to_end=99), "relics_to_end"),
    ],
)
def test_a_refused_view_names_its_field(name, edit, field):
    view = _view(name, players=4, steps=2)
    edit(view)
    with pytest.raises(StateFormatError) as refused:
        relicbox.get_game(name).sample_state(view, 1)
    assert field in str(refused.value)


@functools.cache
def _view_pool(name):
    game = relicbox.get_game(name)
    return [v for seed in (21, 22) for v in fuzz.views(game, seed, 5, **fuzz.short_options(game))]


def _settings(examples):
    return settings(
        max_examples=examples,
        deadline=None,
        derandomize=True,
        suppress_health_check=[HealthCheck.too_slow],
        database=None,
    )


@pytest.mark.parametrize(
    ("name", "examples"), [("diamant", 150), ("tschak", 150), ("relic-runners", 40)]
)
def test_an_edited_view_is_refused_or_sampled_to_a_state_showing_it(name, examples):
    """The contract, as a property: ``view(seat)`` of the sampled state is the input view,
    the state plays on, and every other view is a StateFormatError."""
    game = relicbox.get_game(name)

    @_settings(examples)
    @given(seed=st.integers(min_value=0, max_value=2**32), edits=st.integers(0, 3))
    def check(seed, edits):
        rng = random.Random(seed)
        view = fuzz.mutate(rng.choice(_view_pool(name)), rng, edits)
        try:
            outcome = fuzz.check_sampled_view(game, view, rng, cap=300, must_finish=False)
        except ConfigurationError:
            # a custom card table or board: a valid view the sampler cannot complete
            assert (
                view["options" if name == "tschak" else "board"]
                != (_view_pool(name)[0]["options" if name == "tschak" else "board"])
            )
            return
        assert outcome in ("refused", "played")

    check()


def test_refusals_are_state_format_errors():
    view = _view("diamant")
    view["pockets"] = "many"
    with pytest.raises(StateFormatError, match="view field 'pockets' must be a list"):
        relicbox.get_game("diamant").sample_state(view, 1)


def test_a_view_with_a_chance_event_pending_samples_a_state_that_says_so():
    """The view shows the next card not yet revealed: the sampled state has that reveal
    pending, for its caller to resolve, instead of nobody to act."""
    state = relicbox.new_game("diamant", players=3, seed=4, auto_chance=False)
    while not state.is_chance:
        state.act(state.to_act[0], "continue")
    view = json.loads(json.dumps(state.view(1)))
    sampled = relicbox.get_game("diamant").sample_state(view, 2)
    assert sampled.view(1) == view
    assert sampled.is_chance and not sampled.to_act
    assert sampled.auto_chance is False
    again = relicbox.state_from_dict(json.loads(json.dumps(sampled.to_dict())))
    assert again.view(1) == view, "its saved form loads to the same position"
