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
from relicbox.play.analysis import analyse_json, summary
from relicbox.server.analysis import Review, Reviews, make_review
from relicbox.server.botpool import BotAnswer, BotPool, Budgets, CpuBudget, OverBudget
from relicbox.server.replays import record_points, replay_step
from relicbox.server.snapshots import snapshot


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


async def _with_reviewer(pool: BotPool, record: str) -> BotPool:
    """``pool`` started, its background worker too (it is waited for by its first task):
    a review asked next starts at once."""
    await pool.start()
    part = (record, 0, 0.01, None, "en", 0, 1)  # one decision, two worlds
    assert await pool.run("analyse", part, 120.0, key="warming up") is not None
    return pool


def test_a_decision_waiting_behind_a_review_is_answered_by_its_deadline() -> None:
    """A table's decision never waits longer than its deadline, wherever the time goes: a
    review that takes a second a decision holds the pool much longer than that."""

    async def run() -> tuple[BotAnswer, bool, list[str]]:
        pool = await _with_reviewer(BotPool(1), _finished_record())
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


def test_one_owners_searches_do_not_make_another_owners_search_late() -> None:
    """Five tables of one stranger, each asking a search at once, and then one table of
    someone else: searches take turns by owner, and a search that cannot end in time is
    cut or played by its stand-in, so every decision is answered by its deadline."""

    async def run() -> tuple[BotAnswer, list[BotAnswer], BotPool]:
        pool = BotPool(1)
        await pool.start()
        try:
            for table in range(5):
                pool.own(f"stranger-{table}", "127.0.0.66")
            pool.own("person", "127.0.0.7")
            view, legal = _decision()
            spec = "ismcts:ms=800"
            strangers = [
                asyncio.ensure_future(
                    pool.choose("diamant", spec, view, legal, n, "leave", 3.0, key=f"stranger-{n}")
                )
                for n in range(5)
            ]
            await asyncio.sleep(0.1)  # all of them wait before the person's table asks
            mine = await pool.choose("diamant", spec, view, legal, 9, "leave", 3.0, key="person")
            return mine, list(await asyncio.gather(*strangers)), pool
        finally:
            pool.close()

    mine, strangers, pool = asyncio.run(run())
    assert mine.late_or_failed is None
    assert [answer.late_or_failed for answer in strangers] == [None] * 5
    assert pool.stood_in + pool.cut >= 3  # five searches of 0.8 s do not fit in 3 s


def test_an_owner_whose_budget_is_spent_gets_its_searches_played_by_the_stand_in() -> None:
    async def run() -> tuple[list[int], list[BotAnswer]]:
        pool = BotPool(1, budgets=Budgets(bots=CpuBudget(burst=0.01, rate=0.0001)))
        await pool.start()
        try:
            pool.own("a", "127.0.0.5")
            pool.own("b", "127.0.0.6")
            view, legal = _decision()
            answers, stood_in = [], []
            for key in ("a", "a", "b"):
                spec = "ismcts:ms=400"
                answers.append(
                    await pool.choose("diamant", spec, view, legal, 1, "leave", 3.0, key=key)
                )
                stood_in.append(pool.stood_in)
            return stood_in, answers
        finally:
            pool.close()

    stood_in, answers = asyncio.run(run())
    # the first search spends more than the budget of 0.01 s: the owner's next is the
    # stand-in's, while another owner's search still searches
    assert stood_in == [0, 1, 1]
    assert [answer.late_or_failed for answer in answers] == [None] * 3


def test_a_review_never_holds_back_a_tables_search() -> None:
    """Reviews have a worker of their own: a table's search, asked while a long review
    runs, gets its whole time budget on its own worker (neither cut nor stood in for)."""

    async def run() -> tuple[BotAnswer, bool, BotPool]:
        pool = await _with_reviewer(BotPool(1), _finished_record())
        try:
            args = (_finished_record(), 0, 1.0, None, "en")
            review = asyncio.ensure_future(pool.run("analyse", args, 120.0, key="reviewer"))
            await asyncio.sleep(0.3)  # the review has started
            view, legal = _decision()
            answer = await pool.choose(
                "diamant", "ismcts:ms=300", view, legal, 1, "leave", 3.0, key="table"
            )
            return answer, review.done(), pool
        finally:
            pool.close()

    answer, review_done, pool = asyncio.run(run())
    assert answer.late_or_failed is None and not review_done
    assert (pool.cut, pool.stood_in) == (0, 0)


def test_a_review_nobody_waits_for_is_stopped_in_its_worker() -> None:
    async def run() -> tuple[str | None, BotPool]:
        record = _finished_record()
        pool = await _with_reviewer(BotPool(1), record)
        try:
            review = asyncio.ensure_future(
                pool.run("analyse", (record, 0, 1.0, None, "en"), 120.0, key="reviewer")
            )
            await asyncio.sleep(0.3)  # the review has started
            review.cancel()  # the person asking for it has gone
            part = (record, 0, 0.01, None, "en", 0, 1)  # one decision, two worlds
            return await pool.run("analyse", part, 60.0, key="reviewer"), pool
        finally:
            pool.close()

    text, pool = asyncio.run(run())
    assert text is not None and len(json.loads(text)["decisions"]) == 1
    assert pool.stopped == 1  # the long review was stopped, not finished first


def test_a_review_dropped_from_the_kept_ones_is_stopped() -> None:
    async def run() -> tuple[bool, BotPool]:
        record = _finished_record()
        pool = await _with_reviewer(BotPool(1), record)
        try:
            reviews = Reviews(kept=1)
            for seat in (0, 1):
                work = make_review(pool, record, seat, "en", "127.0.0.9")
                reviews.add(("t", seat, "en"), Review("127.0.0.9", asyncio.ensure_future(work)))
                await asyncio.sleep(0.3)  # its first part has started
            first_kept = reviews.get(("t", 0, "en")) is not None
            while pool.stopped == 0 and reviews.making("127.0.0.9"):
                await asyncio.sleep(0.05)
            return first_kept, pool
        finally:
            pool.close()

    first_kept, pool = asyncio.run(run())
    assert not first_kept and pool.stopped == 1


def test_reviews_are_paid_for_by_the_address_asking() -> None:
    async def run() -> list[str]:
        pool = BotPool(1, budgets=Budgets(reviews=CpuBudget(burst=0.01, rate=0.0001)))
        await pool.start()
        try:
            part = (_finished_record(), 0, 0.05, None, "en", 0, 1)
            outcomes = []
            for key in ("127.0.0.5", "127.0.0.5", "127.0.0.6"):
                try:
                    text = await pool.run("analyse", part, 60.0, key=key)
                    outcomes.append("made" if text else "failed")
                except OverBudget as spent:
                    outcomes.append(f"over budget for {spent.retry_after:.0f} s")
            return outcomes
        finally:
            pool.close()

    made, refused, other = asyncio.run(run())
    assert made == "made" and other == "made"
    assert refused.startswith("over budget") and not refused.endswith(" 0 s")


def test_a_review_made_in_parts_is_the_whole_review() -> None:
    record = _finished_record()
    whole = json.loads(analyse_json(record, 1, 60.0, 4))
    parts: list[Any] = []
    while True:
        part = json.loads(analyse_json(record, 1, 60.0, 4, "en", len(parts), 3))
        parts += part["decisions"]
        if len(part["decisions"]) < 3:
            break
    assert len(whole["decisions"]) > 3 and parts == whole["decisions"]
    assert summary(parts, 3, 1) == whole["summary"]


def test_a_replay_follows_its_growing_record_and_equals_a_fresh_one() -> None:
    record = json.loads(_finished_record())
    events = record["events"]
    seen = []
    for length in (10, 40, len(events)):  # a table still playing, then finished
        part = json.dumps({**record, "events": events[:length]})
        seen.append(json.loads(replay_step("t", part, -1, None, "en", [None] * 3)))
    fresh = record_points(record)
    assert [s["steps"] for s in seen][-1] == len(fresh)
    assert seen[0]["steps"] < seen[1]["steps"] < seen[2]["steps"]
    for step in (0, len(fresh) // 2, len(fresh) - 1):
        made = json.loads(replay_step("t", json.dumps(record), step, 1, "cs", [None] * 3))
        seq, state = fresh[step]
        assert made == {
            "step": step,
            "steps": len(fresh),
            **snapshot(state, 1, "cs", seq, [None] * 3),
        }
    other = {**record, "seed": record["seed"] + 1, "events": []}  # not this table's record
    assert json.loads(replay_step("t", json.dumps(other), -1, None, "en", [None] * 3))["steps"] == 1


def test_a_decision_nobody_waits_for_is_stopped_in_its_worker() -> None:
    async def run() -> tuple[BotAnswer, BotPool]:
        pool = BotPool(1)
        await pool.start()
        try:
            view, legal = _decision()
            long = pool.choose("diamant", "ismcts:ms=3000", view, legal, 1, "leave", 5.0, key="a")
            search = asyncio.ensure_future(long)
            await asyncio.sleep(0.3)  # the search has started
            search.cancel()  # its table's game ended meanwhile
            after = "ismcts:ms=200"
            return await pool.choose("diamant", after, view, legal, 2, "leave", 5.0, key="b"), pool
        finally:
            pool.close()

    answer, pool = asyncio.run(run())
    assert answer.late_or_failed is None and pool.stopped == 1
