"""The Diamant ``expert`` bot: chests counted from the history, and a last round played to win."""

from __future__ import annotations

import pytest

from relicbox.bots import make_bot
from relicbox.core.registry import get_game
from relicbox.core.rng import Rng
from relicbox.games.diamant.bots import DiamantExpertBot, standings


def finished(players: int, seed: int, variant: str) -> object:
    game = get_game("diamant")
    state = game.new_state(players, seed, record=False, variant=variant)
    bots = [make_bot(spec, game) for spec in ("expert", "rule", "threshold:4", "random")]
    rng = Rng(seed)
    while not state.is_over:
        seat = state.to_act[0]
        bot = bots[seat % len(bots)]
        state.act(seat, bot.choose(state.view(seat), state.legal_actions(seat), rng))
    return state


@pytest.mark.parametrize("variant", ["base", "relics"])
def test_the_history_gives_every_chest(variant):
    for seed in range(40):
        state = finished(5, seed, variant)
        for seat in range(5):
            assert standings(state.view(seat)) == list(state.scores()), (seed, seat)


def last_round_alone(chests: list[int], pocket: int) -> dict[str, object]:
    """Seat 0 alone inside in round 5 with ``pocket``; seats 1 and 2 banked ``chests[1:]``
    this round (so the history alone shows them)."""
    history: list[dict[str, object]] = [
        {"type": "round", "round": 5},
        {"type": "reveal", "card": "T5", "share": 1},
        {"type": "choices", "leavers": []},
        {"type": "leave", "seats": [1], "path_share": chests[1] - 1, "relics": []},
        {"type": "leave", "seats": [2], "path_share": chests[2] - 1, "relics": []},
        {"type": "reveal", "card": "T14", "share": pocket - 1},
        {"type": "reveal", "card": "snakes", "share": 0},
    ]
    return {
        "seat": 0,
        "players": 3,
        "variant": "base",
        "round": 5,
        "rounds": 5,
        "path": [
            {"card": "T5", "gems": 0},
            {"card": "T14", "gems": 0},
            {"card": "snakes", "gems": 0},
        ],
        "path_gems": 0,
        "inside": [True, False, False],
        "explorers_inside": 1,
        "pockets": [pocket, 0, 0],
        "traps_on_path": ["snakes"],
        "removed": [],
        "relics": [[], [], []],
        "relics_rescued": 0,
        "relic_pile": [],
        "history": history,
        "chest": chests[0],
    }


def test_alone_in_the_last_round_it_leaves_as_soon_as_it_is_ahead():
    bot = DiamantExpertBot()
    assert bot.wants_to_leave(last_round_alone([20, 24, 10], pocket=6))
    # 20 + 3 would lose to 24 for certain: only going on can still win
    assert not bot.wants_to_leave(last_round_alone([20, 24, 10], pocket=3))
    assert standings(last_round_alone([20, 24, 10], pocket=3)) == [20, 24, 10]


def test_expert_is_a_diamant_bot():
    assert make_bot("expert", get_game("diamant")).name == "expert"
