"""ISMCTS: honest (it sees only a view), reproducible, and sensible where the answer is clear."""

from __future__ import annotations

import dataclasses

import pytest

import relicbox
from relicbox.bots import make_bot
from relicbox.bots.ismcts import IsmctsAgent
from relicbox.core.errors import ConfigurationError
from relicbox.core.registry import state_from_dict
from relicbox.core.rng import Rng


def _decide(bot, state, seat, seed):
    return bot.choose(state.view(seat), state.legal_actions(seat), Rng(seed))


def _diamant_twins():
    """Two true states that differ only in what seat 0 cannot know."""
    state = relicbox.new_game("diamant", players=4, seed=21)
    for seat in (1, 2):
        state.act(seat, "continue")
    data = state.to_dict()
    twin = dict(data)
    twin["seed"] = data["seed"] + 1000
    twin["rng"] = (data["rng"] * 7 + 12345) % (1 << 64)
    body = dict(data["body"])
    body["pending"] = [None, "leave", "leave", None]  # seats 1 and 2 chose otherwise
    body["deck"] = list(reversed(body["deck"]))
    twin["body"] = body
    twin["events"] = None  # a hand-made position: its events lead elsewhere
    return state, state_from_dict(twin)


def _tschak_twins():
    """Tschak! at 4 players, tower 1: hands seat 0 never held are swapped between seats."""
    state = relicbox.new_game("tschak", players=4, seed=5)
    data = state.to_dict()
    body = dict(data["body"])
    hands = list(body["hands"])
    hands[1], hands[2] = hands[2], hands[1]
    body["hands"] = hands
    body.pop("hand")
    twin = dict(data, body=body, rng=data["rng"] ^ 0xABCDEF, events=None)  # hand-made
    return state, state_from_dict(twin)


def _relic_runners_twins():
    """Relic Runners: the stacks' face-down tiles and the box differ (another generator)."""
    state = relicbox.new_game("relic-runners", players=3, seed=4)
    data = state.to_dict()
    body = dict(data["body"])
    pools = [list(pool) for pool in body["pools"]]
    pools[0] = pools[0][:-1]  # one unseen ivory tile left the box for good
    body["pools"] = pools
    twin = dict(data, body=body, rng=data["rng"] ^ 0x5A5A5A, events=None)  # hand-made
    return state, state_from_dict(twin)


@pytest.mark.parametrize(
    "twins",
    [_diamant_twins, _tschak_twins, _relic_runners_twins],
    ids=["diamant", "tschak", "relic-runners"],
)
def test_same_seed_same_decision_whatever_the_seat_cannot_know(twins):
    first, second = twins()
    assert first.to_dict() != second.to_dict(), "the true states must differ"
    assert first.view(0) == second.view(0), "seat 0 must not be able to tell them apart"
    seat = first.to_act[0]
    assert first.view(seat) == second.view(seat)
    slow = first.game.name == "relic-runners"
    iters = 6 if slow else 60
    for seed in (1,) if slow else (1, 9):
        bot_a, bot_b = IsmctsAgent(first.game, iters=iters), IsmctsAgent(first.game, iters=iters)
        assert _decide(bot_a, first, seat, seed) is _decide(bot_b, second, seat, seed)
        assert bot_a.last_iterations == bot_b.last_iterations == iters


def test_a_guided_search_is_as_honest():
    """The prior bot, the rule playouts, the horizon's evaluation and the reused worlds
    all work from sampled states only."""
    first, second = _relic_runners_twins()
    seat = first.to_act[0]
    assert first.view(seat) == second.view(seat)
    settings = dict(iters=8, rollout="rule", horizon=6, prior="rule", worlds=3)
    bot_a, bot_b = IsmctsAgent(first.game, **settings), IsmctsAgent(first.game, **settings)
    assert _decide(bot_a, first, seat, 2) is _decide(bot_b, second, seat, 2)


def test_the_same_seed_gives_the_same_decision_and_budgets_are_kept():
    state = relicbox.new_game("tschak", players=3, seed=2)
    bot = make_bot("ismcts:iters=25", state.game)
    first = [_decide(bot, state, 0, seed).text for seed in range(4)]
    assert first == [_decide(bot, state, 0, seed).text for seed in range(4)]
    assert bot.last_iterations == 25
    timed = make_bot("ismcts:ms=30", state.game)
    _decide(timed, state, 0, 0)
    assert timed.last_iterations >= 1


def _sure_trap_state():
    state = relicbox.new_game("diamant", players=3, seed=3)
    data = state.to_dict()
    body = dict(data["body"])
    # Last round: the path holds every treasure, every relic and one card of each trap;
    # the deck holds only the other traps, so the next card is sure to be a second trap.
    from relicbox.games.diamant.data import CARDS

    first_traps: dict[str, int] = {}
    for card in CARDS:
        if card.trap is not None:
            first_traps.setdefault(card.trap, card.id)
    path = [card.id for card in CARDS if card.trap is None] + list(first_traps.values())
    deck = [card.id for card in CARDS if card.id not in path]
    body.update(
        round=5,
        deck=deck,
        path=path,
        on_card=[0] * len(path),
        pocket=[3, 3, 3],
        removed=[],
        relic_pile=[],
        history=[],
        revealed=9,
        bank=0,
    )
    rigged = state_from_dict(dict(data, body=body, events=None))  # hand-made: no record
    assert len(rigged.view(0)["traps_on_path"]) == 5
    return rigged


def test_it_leaves_a_cave_when_the_next_card_is_sure_to_be_a_second_trap():
    rigged = _sure_trap_state()
    bot = IsmctsAgent(rigged.game, iters=40)
    assert _decide(bot, rigged, 0, 0).text == "leave"


def test_a_paired_comparison_also_leaves_before_a_sure_second_trap():
    rigged = _sure_trap_state()
    bot = IsmctsAgent(rigged.game, iters=20, paired=True)
    assert _decide(bot, rigged, 0, 0).text == "leave"


def test_rule_rollouts_and_a_game_to_the_end():
    state = relicbox.new_game("diamant", players=3, seed=8)
    bots = [make_bot("ismcts:iters=8,rollout=rule", state.game), make_bot("rule", state.game)]
    rngs = [Rng(s) for s in range(3)]
    while not state.is_over:
        seat = state.to_act[0]
        bot = bots[0] if seat == 0 else bots[1]
        state.act(seat, bot.choose(state.view(seat), state.legal_actions(seat), rngs[seat]))
    assert len(state.scores()) == 3


def test_a_game_without_a_sampler_is_refused_clearly():
    game = dataclasses.replace(relicbox.get_game("diamant"), sampler=None)
    with pytest.raises(ConfigurationError, match="cannot yet"):
        IsmctsAgent(game, iters=5)
    with pytest.raises(ConfigurationError, match="cannot build a state from a view"):
        game.sample_state(relicbox.new_game("diamant", players=3).view(0), 1)
