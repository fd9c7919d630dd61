"""The review of a finished table (``/api/tables/{id}/analysis``), computed in the bot pool.

The review is :func:`relicbox.play.analysis.analyse`, the same JSON as ``relicbox
analyze --json`` (see ``docs/analysis.md``). It never holds the event loop nor a table's
bot: it is made in parts of a few decisions (:data:`PART`), each a task of the bot pool's
background worker, which runs at the lowest CPU priority and nothing else; the parts of
different client addresses take turns there by the CPU each address has spent, and each
address has a budget of CPU seconds (``Budgets.reviews``: past it, 429 with a
``Retry-After``). Each (table, seat, language) is made once and kept (:data:`KEPT` per
process); a review nobody waits for any more (every request for it gone, or dropped
from the kept ones) is stopped, in its worker if a part is running.

A review shows the seat's own options, which reveal its hidden hand, so it is offered
only for finished tables that reveal the players' views after the game.
"""

from __future__ import annotations

import asyncio
import json
import math
import time
from collections import OrderedDict
from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import JSONResponse

from relicbox.i18n import tr
from relicbox.play.analysis import summary
from relicbox.server.botpool import BotPool, OverBudget
from relicbox.server.guard import client_address
from relicbox.server.live import TableError
from relicbox.server.web import language, refused, service_of

SECONDS_PER_DECISION = 0.2
"""Time a decision of a table is studied for, at most (the bot budget's share)."""
WORLDS_PER_DECISION = 24
"""Sampled worlds a decision is studied on, at most."""
ANALYSIS_LIMIT = 300.0
"""Seconds a whole review may take, waiting for the worker included, before it is stopped."""
PART = 4
"""Decisions studied by one task of the pool: a review of another address waits at most
one part (about a second) for the worker."""
KEPT = 32
"""Reviews kept per server process (the oldest go first: finished ones before any that
is still being made, which is stopped)."""
MAKING_PER_ADDRESS = 2
"""Reviews one client address may have in the making at once (429 past it)."""
DISCONNECT_POLL = 0.5
"""Seconds between two looks at whether a request waiting for a review is still there."""

router = APIRouter(prefix="/api")


class Review:
    """One review in the making (or made): the task putting its parts together, the
    address paying for it, and how many requests wait for it."""

    def __init__(self, owner: str, task: asyncio.Task[str | None]) -> None:
        self.owner = owner
        self.task = task
        self.waiters = 0

    def made(self) -> str | None:
        """The review's JSON text if it is made, else ``None``."""
        if not self.task.done() or self.task.cancelled() or self.task.exception():
            return None
        return self.task.result()


class Reviews:
    """The reviews of one process, by (table, seat, language), the newest last."""

    def __init__(self, kept: int = KEPT, per_address: int = MAKING_PER_ADDRESS) -> None:
        self.kept = kept
        self.per_address = per_address
        self.entries: OrderedDict[tuple[str, int, str], Review] = OrderedDict()

    def get(self, key: tuple[str, int, str]) -> Review | None:
        return self.entries.get(key)

    def making(self, owner: str) -> int:
        """How many reviews ``owner`` has in the making."""
        return sum(1 for r in self.entries.values() if r.owner == owner and not r.task.done())

    def add(self, key: tuple[str, int, str], review: Review) -> None:
        """Keep ``review``; past :attr:`kept`, drop the oldest made one, else the oldest
        (whose work is stopped)."""
        self.entries[key] = review
        while len(self.entries) > self.kept:
            made = [k for k, r in self.entries.items() if r.task.done()]
            self.drop(made[0] if made else next(iter(self.entries)))

    def drop(self, key: tuple[str, int, str]) -> None:
        """Forget a review; if it is still being made, stop its work."""
        review = self.entries.pop(key, None)
        if review is not None and not review.task.done():
            review.task.cancel()

    def forget(self, key: tuple[str, int, str], review: Review) -> None:
        """Drop ``review`` if it is still the one kept under ``key``."""
        if self.entries.get(key) is review:
            self.drop(key)

    def touch(self, key: tuple[str, int, str]) -> None:
        self.entries.move_to_end(key)


def reviews_of(request: Request) -> Reviews:
    reviews: Reviews = request.app.state.reviews
    return reviews


async def make_review(pool: BotPool, record: str, seat: int, lang: str, owner: str) -> str | None:
    """A review made part by part in the pool, paid for by ``owner``; ``None`` if it did
    not finish within :data:`ANALYSIS_LIMIT`; :class:`OverBudget` if ``owner`` has spent
    its budget before the first part. Once started, a review is finished whatever it
    costs (a few minutes of CPU at most): its cost is charged, and ``owner`` waits longer
    before its next one."""
    due = time.monotonic() + ANALYSIS_LIMIT
    decisions: list[Any] = []
    while True:
        args = (record, seat, SECONDS_PER_DECISION, WORLDS_PER_DECISION, lang)
        left = due - time.monotonic()
        part_args = (*args, len(decisions), PART)
        started = bool(decisions)
        text = await pool.run("analyse", part_args, left, key=owner, continuing=started)
        if text is None:
            return None
        part = json.loads(text)
        decisions += part["decisions"]
        if len(part["decisions"]) < PART:
            part["decisions"] = decisions
            part["summary"] = summary(decisions, part["players"], seat)
            return json.dumps(part)


async def check_table(request: Request, table_id: str, seat: int) -> None:
    """Refuse (:class:`TableError`) a review of a table unfinished, hiding the hands after
    the game, or without that seat."""
    table = await service_of(request).get(table_id)
    if table.status != "finished":
        raise TableError.said("not-finished", "web-analysis-early")
    if not table.settings.reveal_after:
        raise TableError.said("hidden", "web-analysis-hidden")
    if not 0 <= seat < table.players:
        raise TableError.said("bad-seat", "web-analysis-seat", last=table.players - 1)


async def record_text(request: Request, table_id: str) -> str:
    """The table's record, read from the store, as JSON text."""
    record = await asyncio.to_thread(service_of(request).store.record, table_id)
    if record is None:
        raise TableError.said("no-table", "error-table-none", table=repr(table_id))
    return json.dumps(record)


def answer(text: str) -> JSONResponse:
    return JSONResponse(json.loads(text))


def too_much(request: Request, code: str, message_id: str, wait: float) -> JSONResponse:
    """429: this address has spent its budget (or has enough in the making)."""
    seconds = max(1, math.ceil(wait))
    message = tr(language(request), message_id, minutes=max(1, math.ceil(seconds / 60)))
    return JSONResponse(
        {"error": code, "message": message}, status_code=429, headers={"Retry-After": str(seconds)}
    )


@router.get("/tables/{table_id}/analysis")
async def get_analysis(request: Request, table_id: str, seat: int = 0) -> JSONResponse:
    try:
        await check_table(request, table_id, seat)
    except TableError as error:
        return refused(error, request)
    review = reviews_of(request).get((table_id, seat, language(request)))
    text = None if review is None else review.made()
    if review is None or text is None:
        running = review is not None and not review.task.done()
        return JSONResponse({"error": "not-analysed", "running": running}, 404)
    return answer(text)


@router.post("/tables/{table_id}/analysis")
async def post_analysis(request: Request, table_id: str, seat: int = 0) -> JSONResponse:
    lang = language(request)
    try:
        await check_table(request, table_id, seat)
    except TableError as error:
        return refused(error, request)
    key = (table_id, seat, lang)
    reviews = reviews_of(request)
    review = reviews.get(key)
    if review is None or (review.task.done() and review.made() is None):
        address = client_address(request.scope)  # refused before any more work is done
        pool: BotPool = request.app.state.service.bots
        wait = pool.budget_wait("reviews", address)
        if wait > 0:
            return too_much(request, "analysis-budget", "web-analysis-budget", wait)
        if reviews.making(address) >= reviews.per_address:
            return too_much(request, "analysis-busy", "web-analysis-busy", DISCONNECT_POLL * 4)
        try:
            record = await record_text(request, table_id)
        except TableError as error:
            return refused(error, request)
        review = reviews.get(key) or review  # another request may have made it meanwhile
        if review is None or (review.task.done() and review.made() is None):
            work = make_review(pool, record, seat, lang, address)
            review = Review(address, asyncio.ensure_future(work))
            reviews.add(key, review)
    reviews.touch(key)
    try:
        text = await wait_for_review(request, reviews, key, review)
    except OverBudget as spent:
        reviews.forget(key, review)  # a later request may try again
        return too_much(request, "analysis-budget", "web-analysis-budget", spent.retry_after)
    if text is None:
        reviews.forget(key, review)  # a later request may try again
        return refused(TableError.said("analysis-failed", "web-analysis-failed"), request)
    return answer(text)


async def wait_for_review(
    request: Request, reviews: Reviews, key: tuple[str, int, str], review: Review
) -> str | None:
    """The review's text once it is made (``None`` if it failed or was stopped). A request
    that leaves stops waiting, and when the last one has left, the review is dropped and
    its work stopped: nobody waits for it any more."""
    review.waiters += 1
    try:
        while True:
            done, _ = await asyncio.wait({review.task}, timeout=DISCONNECT_POLL)
            if done:
                return None if review.task.cancelled() else review.task.result()
            if await request.is_disconnected():
                return None
    finally:
        review.waiters -= 1
        if review.waiters == 0 and not review.task.done():
            reviews.forget(key, review)


__all__ = ["Review", "Reviews", "router"]
