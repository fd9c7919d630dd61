"""The JSON API of the lobby and of each table: the games and their bots, making,
joining, starting and rematching tables, and a finished table's record and replay."""

from __future__ import annotations

import asyncio
import json
import math
from collections import OrderedDict
from collections.abc import Awaitable, Callable
from functools import partial
from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import JSONResponse

import relicbox
from relicbox.i18n import tr
from relicbox.server.analysis import too_much
from relicbox.server.botpool import OverBudget, bot_words, offered_bots
from relicbox.server.guard import RateLimiter, client_address
from relicbox.server.live import LiveTable, TableError, TableSettings
from relicbox.server.protocol import CreateTable, JoinTable, Rematch, StartTable
from relicbox.server.quotas import bots_alone, lobby_choice, stored_tables
from relicbox.server.store import StoredTable
from relicbox.server.tables import TableService
from relicbox.server.web import language, quotas_of, refused, service_of
from relicbox.server.webcatalog import option_words, words_or

router = APIRouter(prefix="/api")
RECORDS_KEPT = 64
"""Records of finished tables kept per process for their replays, as text (the oldest go
first): the states they pass through are kept by the bot pool's workers."""
REPLAY_SECONDS = 10.0
"""Seconds within which a replay's step is made, waiting for a worker included."""


@router.get("/games")
async def games(request: Request) -> list[dict[str, Any]]:
    """Every game with its options and the bots this server offers, in the asked language."""
    lang = language(request)
    bots = service_of(request).bots
    out = []
    for game in relicbox.list_games():
        info = game.info()
        info["options"] = [
            {**o, "integer": opt.integer, **option_words(lang, game.name, o)}
            for o, opt in zip(info["options"], game.options, strict=True)
            if not opt.data_file
        ]
        offered = await offered_bots(bots, game)
        info["bots"] = offered
        info["bot_labels"] = {spec: bot_words(spec, lang) for spec in offered}
        info["default_players"] = game.default_players or game.min_players
        info["summary"] = words_or(lang, f"web-summary-{game.name}", game.summary)
        out.append(info)
    return out


@router.get("/tables")
async def tables(request: Request, status: str = "open") -> list[dict[str, Any]]:
    """The lobby's list: a fair sample of the tables of these statuses (a few of each
    address that made them, those with people waiting at them first, then the newest:
    see :func:`relicbox.server.quotas.lobby_choice`)."""
    statuses = [s for s in status.split(",") if s in ("open", "playing", "finished")]
    service = service_of(request)
    waiting = [
        table.id
        for table in service.tables.values()
        if any(not conn.closed.is_set() and conn.seat is not None for conn in table.connections)
    ]
    chosen = await asyncio.to_thread(lobby_choice, service.store, statuses or ["open"], waiting)
    missing = [table_id for table_id in chosen if table_id not in service.tables]
    rows = await asyncio.to_thread(stored_tables, service.store, missing) if missing else {}
    listed = []
    for table_id in chosen:
        live = service.tables.get(table_id)
        if live is not None:
            listed.append(live.info())
        elif table_id in rows:
            listed.append(stored_info(rows[table_id]))
    return listed


@router.post("/tables")
async def create(request: Request, body: CreateTable) -> JSONResponse:
    settings = TableSettings(body.clock, body.grace, body.takeover_bot, body.reveal_after)
    kinds = {seat.kind for seat in body.seats}
    service = service_of(request)
    return await within_quota(
        request,
        lambda: service.create(
            body.game, body.players, dict(body.options), body.seats, settings, body.name
        ),
        all_bots=kinds == {"bot"},
        waits="open" in kinds,
        may_be_alone=kinds == {"me", "bot"},
    )


@router.get("/tables/{table_id}")
async def table(request: Request, table_id: str) -> JSONResponse:
    try:
        found = await service_of(request).get(table_id)
    except TableError as error:
        return refused(error, request)
    return JSONResponse(found.info())


@router.post("/tables/{table_id}/join")
async def join(request: Request, table_id: str, body: JoinTable) -> JSONResponse:
    try:
        seat, token = await service_of(request).join(table_id, body.name, body.seat)
    except TableError as error:
        return refused(error, request)
    return JSONResponse({"table": table_id, "seat": seat, "token": token})


@router.post("/tables/{table_id}/start")
async def start(request: Request, table_id: str, body: StartTable) -> JSONResponse:
    try:
        await service_of(request).start(table_id, body.token)
    except TableError as error:
        return refused(error, request)
    return JSONResponse({"table": table_id, "status": "playing"})


@router.post("/tables/{table_id}/rematch")
async def rematch(request: Request, table_id: str, body: Rematch) -> JSONResponse:
    service = service_of(request)
    return await within_quota(
        request, lambda: service.rematch(table_id, body.token, body.name), waits=True
    )


async def within_quota(
    request: Request,
    make: Callable[[], Awaitable[tuple[str, int | None, str | None]]],
    *,
    all_bots: bool = False,
    waits: bool = False,
    may_be_alone: bool = False,
) -> JSONResponse:
    """A new table made by ``make`` if the asking address's quotas allow one of its kind
    (``all_bots``, ``waits``, ``may_be_alone``: see :meth:`Quotas.check`), tagged with that
    address (whose budget in the bot pool its bots spend); one address's requests take
    turns, so two at once cannot both pass the check."""
    address = client_address(request.scope)
    quotas = quotas_of(request)
    try:
        async with quotas.lock(address):
            alone = bots_alone(service_of(request))
            check = partial(
                quotas.check,
                all_bots=all_bots,
                waits=waits,
                may_be_alone=may_be_alone,
                alone=alone,
            )
            await asyncio.to_thread(check, address)
            table_id, seat, token = await make()
            await asyncio.to_thread(quotas.tag, table_id, address)
            service_of(request).bots.own(table_id, address)  # its bots spend this budget
    except TableError as error:
        return refused(error, request)
    return JSONResponse({"table": table_id, "seat": seat, "token": token}, status_code=201)


@router.get("/tables/{table_id}/record")
async def record(request: Request, table_id: str) -> JSONResponse:
    service = service_of(request)
    try:
        found = await service.get(table_id)
    except TableError as error:
        return refused(error, request)
    if found.status != "finished":
        return refused(TableError.said("not-finished", "error-table-record-early"), request)
    stored = await asyncio.to_thread(service.store.record, table_id)
    return JSONResponse(
        stored,
        headers={"Content-Disposition": f'attachment; filename="relicbox-{table_id}.json"'},
    )


@router.get("/tables/{table_id}/replay")
async def replay(
    request: Request, table_id: str, step: int = -1, seat: int | None = None
) -> JSONResponse:
    """One step of a table's replay, as a seat saw it (after the game, when the table
    reveals the players' views) or as a spectator: made by the bot pool's background
    workers (:mod:`relicbox.server.replays`), never in this process, and paid for by the
    asking address from its budget for replays (429 past it, 503 if not made in time);
    before any of that, an address may ask ``replay_rate`` a second (429 past it)."""
    service = service_of(request)
    limiter: RateLimiter = request.app.state.address_limits["replay"]
    wait = limiter.wait(client_address(request.scope))
    if wait > 0:
        return _busy(request, "rate-limited", "error-http-rate-limited", wait)
    try:
        found = await service.get(table_id)
        if found.status == "open":
            raise TableError.said("not-started", "error-table-not-started")
        text = await record_text(service, request.app.state.replays, found)
    except TableError as error:
        return refused(error, request)
    if seat is not None and not (
        found.status == "finished" and found.settings.reveal_after and 0 <= seat < found.players
    ):
        seat = None
    lang, address = language(request), client_address(request.scope)
    args = (table_id, text, step, seat, lang, found.bots())
    try:
        body = await service.bots.run("replay", args, REPLAY_SECONDS, key=address, kind="replay")
    except OverBudget as spent:
        return too_much(request, "replay-budget", "web-replay-budget", spent.retry_after)
    if body is None:
        busy = {"error": "busy", "message": tr(lang, "web-replay-busy")}
        return JSONResponse(busy, status_code=503, headers={"Retry-After": "1"})
    return JSONResponse({**json.loads(body), "table": found.info()})


async def record_text(service: TableService, kept: OrderedDict[str, str], table: LiveTable) -> str:
    """The table's record as JSON text: kept once the table is finished (its record no
    longer changes), read from the store each time while it plays."""
    if table.id in kept:
        kept.move_to_end(table.id)
        return kept[table.id]
    stored = await asyncio.to_thread(service.store.record, table.id)
    if stored is None:
        raise TableError.said("no-table", "error-table-none", table=repr(table.id))
    text = json.dumps(stored)
    if table.status == "finished":
        kept[table.id] = text
        while len(kept) > RECORDS_KEPT:
            kept.popitem(last=False)
    return text


def _busy(request: Request, code: str, message_id: str, wait: float) -> JSONResponse:
    return JSONResponse(
        {"error": code, "message": tr(language(request), message_id)},
        status_code=429 if code == "rate-limited" else 503,
        headers={"Retry-After": str(max(1, math.ceil(wait)))},
    )


def stored_info(row: StoredTable) -> dict[str, Any]:
    """What the lobby shows of a table this process does not hold in memory."""
    game = relicbox.get_game(row.game)
    return {
        "id": row.id,
        "game": game.name,
        "title": game.title,
        "players": row.players,
        "options": row.options,
        "status": row.status,
        "settings": row.settings,
        "rematch_id": row.rematch_id,
        "rematch_of": row.rematch_of,
        "seats": [
            {
                "seat": s.seat,
                "kind": s.kind,
                "bot": s.bot,
                "name": s.name,
                "host": s.is_host,
                "connected": False,
                "away": False,
                "abandoned": s.abandoned,
            }
            for s in row.seats
        ],
    }
