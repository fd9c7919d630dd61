"""Views of different Relic Runners states may be made on several threads at once (a
server's bots and a review run side by side): the caches they share never break."""

from __future__ import annotations

import sys
import threading

import relicbox
from relicbox.bots import make_bot
from relicbox.core.rng import Rng


def _views_of_fresh_games(seed: int, errors: list[BaseException]) -> None:
    try:
        bot = make_bot("random", relicbox.get_game("relic-runners"))
        for game in range(12):
            state = relicbox.new_game("relic-runners", players=3, seed=seed * 100 + game)
            for step in range(25):
                seat = state.to_act[0]
                state.clone().view(seat)  # a clone gone at once leaves a cache to forget
                state.act(seat, bot.choose(state.view(seat), state.legal_actions(seat), Rng(step)))
    except BaseException as error:  # reported by the test, not lost in the thread
        errors.append(error)


def test_views_made_on_several_threads_at_once_never_break_the_shared_caches() -> None:
    errors: list[BaseException] = []
    interval = sys.getswitchinterval()
    sys.setswitchinterval(1e-6)  # switch threads as often as the interpreter can
    try:
        threads = [
            threading.Thread(target=_views_of_fresh_games, args=(seed, errors)) for seed in range(4)
        ]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
    finally:
        sys.setswitchinterval(interval)
    assert errors == []
