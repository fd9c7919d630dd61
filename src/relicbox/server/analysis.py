"""The review of a finished table (``/api/tables/{id}/analysis``), computed in the bot pool.

The review is :func:`relicbox.play.analysis.analyse`, the same JSON as ``relicbox
analyze --json`` (see ``docs/analysis.md``). It runs as a task of the bot pool, taking
turns with the tables' searches, so it is counted against the same bot budget and never
holds the event loop; each (table, seat, language) is computed once and kept.

A review shows the seat's own options, which reveal its hidden hand, so it is offered
only for finished tables that reveal the players' views after the game.
"""

from __future__ import annotations

import asyncio
import json
from collections import OrderedDict
from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import JSONResponse

from relicbox.server.live import TableError
from relicbox.server.web import language, refused, service_of

SECONDS_PER_DECISION = 0.2
"""Time a decision of a table is studied for, at most (the bot budget's share)."""
WORLDS_PER_DECISION = 24
"""Sampled worlds a decision is studied on, at most."""
ANALYSIS_LIMIT = 300.0
"""Seconds a whole review may take before it is stopped."""
KEPT = 32
"""Reviews kept per server process (the oldest go first)."""

router = APIRouter(prefix="/api")
Reviews = OrderedDict[tuple[str, int, str], asyncio.Task[str | None]]


async def table_record(request: Request, table_id: str, seat: int) -> dict[str, Any]:
    service = service_of(request)
    table = await service.get(table_id)
    if table.status != "finished":
        raise TableError.said("not-finished", "web-analysis-early")
    if not table.settings.reveal_after:
        raise TableError.said("hidden", "web-analysis-hidden")
    if not 0 <= seat < table.players:
        raise TableError.said("bad-seat", "web-analysis-seat", last=table.players - 1)
    record = await asyncio.to_thread(service.store.record, table_id)
    if record is None:
        raise TableError.said("no-table", "error-table-none", table=repr(table_id))
    return dict(record)


def answer(text: str) -> JSONResponse:
    return JSONResponse(json.loads(text))


@router.get("/tables/{table_id}/analysis")
async def get_analysis(request: Request, table_id: str, seat: int = 0) -> JSONResponse:
    try:
        await table_record(request, table_id, seat)
    except TableError as error:
        return refused(error, request)
    reviews: Reviews = request.app.state.reviews
    task = reviews.get((table_id, seat, language(request)))
    if task is None or not task.done() or task.result() is None:
        return JSONResponse({"error": "not-analysed", "running": task is not None}, 404)
    return answer(str(task.result()))


@router.post("/tables/{table_id}/analysis")
async def post_analysis(request: Request, table_id: str, seat: int = 0) -> JSONResponse:
    lang = language(request)
    try:
        record = await table_record(request, table_id, seat)
    except TableError as error:
        return refused(error, request)
    key = (table_id, seat, lang)
    reviews: Reviews = request.app.state.reviews
    task = reviews.get(key)
    if task is None:
        pool = request.app.state.service.bots
        args = (json.dumps(record), seat, SECONDS_PER_DECISION, WORLDS_PER_DECISION, lang)
        work = pool.run("analyse", args, ANALYSIS_LIMIT, key=f"analysis:{table_id}")
        task = reviews[key] = asyncio.ensure_future(work)
        while len(reviews) > KEPT:
            reviews.popitem(last=False)
    reviews.move_to_end(key)
    text = await asyncio.shield(task)
    if text is None:
        reviews.pop(key, None)  # a later request may try again
        return refused(TableError.said("analysis-failed", "web-analysis-failed"), request)
    return answer(text)


__all__ = ["router"]
