"""The bot pool as a budgeted resource: deadlines that include the time a decision waits,
searches that never hold back another table's decision, and analysis that never holds
back a table's bot. Each test runs a real pool (worker processes) with tasks that are
slow for real: searches with a long time budget, reviews of a whole game."""

from __future__ import annotations

import asyncio
import json
from typing import Any

from relicbox.bots import make_bot
from relicbox.core.registry import get_game
from relicbox.core.rng import Rng
from relicbox.server.botpool import BotAnswer, BotPool


def _decision(game_name: str = "diamant") -> tuple[dict[str, Any], list[str]]:
    state = get_game(game_name).new_state(3, 5)
    seat = state.to_act[0]
    return state.view(seat), [a.text for a in state.legal_actions(seat)]


def _finished_record(game_name: str = "diamant", seed: int = 3) -> str:
    """A whole game of rule bots, as the record text the server keeps."""
    game = get_game(game_name)
    state = game.new_state(3, seed)
    bot, rng = make_bot("rule", game), Rng(1)
    while not state.is_over:
        for seat in list(state.to_act):
            if seat in state.to_act:
                state.act(seat, bot.choose(state.view(seat), state.legal_actions(seat), rng).text)
    return json.dumps(state.record)


def test_a_decision_waiting_behind_a_review_is_answered_by_its_deadline() -> None:
    """A table's decision never waits longer than its deadline, wherever the time goes: a
    review that takes a second a decision holds the pool much longer than that."""

    async def run() -> tuple[BotAnswer, bool, list[str]]:
        pool = BotPool(1)
        await pool.start()
        try:
            args = (_finished_record(), 0, 1.0, None, "en")
            review = asyncio.ensure_future(pool.run("analyse", args, 120.0, key="reviewer"))
            await asyncio.sleep(0.3)  # the review has started
            view, legal = _decision()
            answer = await pool.choose(
                "diamant", "ismcts:ms=100", view, legal, 1, "leave", 1.0, key="table"
            )
            return answer, review.done(), legal
        finally:
            pool.close()

    answer, review_done, legal = asyncio.run(run())
    assert not review_done  # answered while the review still held its worker
    assert answer.action in legal
