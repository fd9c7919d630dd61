"""``Game.sample_state``: a full state from one seat's view, hidden parts drawn correctly."""

from __future__ import annotations

from collections import Counter

import pytest

import relicbox
from relicbox.core import conformance
from relicbox.core.rng import Rng

CASES = [
    pytest.param(game, players, id=f"{game.name}-{players}p")
    for game in relicbox.games()
    for players in game.players
]


@pytest.mark.parametrize(("game", "players"), CASES)
def test_a_sampled_state_shows_the_same_view_at_every_decision(game, players):
    if game.sampler is None:
        pytest.skip(f"{game.name} cannot sample a state from a view yet")
    conformance.check_sample_state(game, players, seed=players)


def _chi_square(observed: Counter, expected: dict, total: int) -> float:
    return sum((observed[k] - total * p) ** 2 / (total * p) for k, p in expected.items())


def test_diamant_next_card_follows_the_unseen_deck():
    game = relicbox.get_game("diamant")
    state = relicbox.new_game("diamant", players=4, seed=12)
    while len(state.view(0)["path"]) < 4 or state.view(0)["round"] > 1:
        state.act(state.to_act[0], "continue")
    assert state.view(0)["round"] == 1, "the scenario needs a path of 4 cards in round 1"
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
