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
