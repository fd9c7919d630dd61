"""The JSON API of the lobby and of each table: the games and their bots, making,
joining, starting and rematching tables, and a finished table's record and replay."""

from __future__ import annotations

import asyncio
import math
from collections import OrderedDict
from collections.abc import Awaitable, Callable
from functools import partial
from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import JSONResponse

import relicbox
from relicbox.core.game import State
from relicbox.i18n import tr
from relicbox.server.botpool import bot_words, offered_bots
from relicbox.server.guard import RateLimiter, client_address
from relicbox.server.live import TableError, TableSettings
from relicbox.server.protocol import CreateTable, JoinTable, Rematch, StartTable
from relicbox.server.quotas import bots_alone, lobby_choice, stored_tables
from relicbox.server.snapshots import snapshot
from relicbox.server.store import StoredTable
from relicbox.server.tables import TableService
from relicbox.server.web import language, quotas_of, refused, service_of
from relicbox.server.webcatalog import option_words, words_or

router = APIRouter(prefix="/api")
REPLAYS_KEPT = 8
"""Replayed records kept per process (the oldest go first)."""


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
    address; one address's requests take turns, so two at once cannot both pass the check."""
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
    reveals the players' views) or as a spectator.

    A step's snapshot (with its text board) takes tens of milliseconds to render, so it is
    rendered in a worker thread, one at a time, and kept (:data:`STEPS_KEPT`); each client
    address may ask ``replay_rate`` a second (429 past it), and a step not kept is refused
    with 503 and a ``Retry-After`` rather than queued while :data:`RENDERS_WAITING` renders
    wait or past the process's ``replay_renders_rate`` (a render holds the interpreter
    even in its worker thread, so more would slow every table's moves)."""
    service = service_of(request)
    replays: OrderedDict[str, tuple[int, list[tuple[int, State]]]] = request.app.state.replays
    limiter: RateLimiter = request.app.state.address_limits["replay"]
    wait = limiter.wait(client_address(request.scope))
    if wait > 0:
        return _busy(request, "rate-limited", "error-http-rate-limited", wait)
    try:
        found = await service.get(table_id)
        if found.status == "open":
            raise TableError.said("not-started", "error-table-not-started")
        points = await replay_points(service, replays, table_id, found.seq)
    except TableError as error:
        return refused(error, request)
    if seat is not None and not (
        found.status == "finished" and found.settings.reveal_after and 0 <= seat < found.players
    ):
        seat = None
    index = len(points) - 1 if step < 0 else min(step, len(points) - 1)
    seq, state = points[index]
    lang = language(request)
    key = (table_id, len(points), index, seat, lang)
    steps: OrderedDict[tuple[Any, ...], dict[str, Any]] = request.app.state.replay_steps
    body = steps.get(key)
    if body is None:
        renders: Renders = request.app.state.replay_renders
        budget = renders.budget.wait("*")
        if renders.waiting >= RENDERS_WAITING or budget > 0:
            return _busy(request, "server-busy", "error-http-busy", max(1.0, budget))
        renders.waiting += 1
        try:
            async with renders.one_at_a_time:
                body = steps.get(key)
                if body is None:
                    render = partial(snapshot, state, seat, lang, seq, found.bots())
                    body = await asyncio.to_thread(render)
        finally:
            renders.waiting -= 1
        steps[key] = body
        while len(steps) > STEPS_KEPT:
            steps.popitem(last=False)
    else:
        steps.move_to_end(key)
    return JSONResponse({"step": index, "steps": len(points), **body, "table": found.info()})


class Renders:
    """The replay steps being rendered: one at a time, at most ``rate`` a second (in
    bursts of ``burst``) over the whole process, and how many wait."""

    def __init__(self, rate: float, burst: float) -> None:
        self.one_at_a_time = asyncio.Lock()
        self.waiting = 0
        self.budget = RateLimiter(rate, burst)


RENDERS_WAITING = 4
"""Replay steps that may wait for their render before more are refused."""
STEPS_KEPT = 256
"""Rendered replay steps kept per process (the least recently asked go first)."""


def _busy(request: Request, code: str, message_id: str, wait: float) -> JSONResponse:
    return JSONResponse(
        {"error": code, "message": tr(language(request), message_id)},
        status_code=429 if code == "rate-limited" else 503,
        headers={"Retry-After": str(max(1, math.ceil(wait)))},
    )


async def replay_points(
    service: TableService,
    replays: OrderedDict[str, tuple[int, list[tuple[int, State]]]],
    table_id: str,
    seq: int,
) -> list[tuple[int, State]]:
    """The states a table's record passes through, kept while its seq is ``seq``."""
    kept = replays.get(table_id)
    if kept is not None and kept[0] == seq:
        replays.move_to_end(table_id)
        return kept[1]
    stored = await asyncio.to_thread(service.store.record, table_id)
    if stored is None:
        raise TableError.said("no-table", "error-table-none", table=repr(table_id))
    points = await asyncio.to_thread(record_points, stored)
    replays[table_id] = (seq, points)
    replays.move_to_end(table_id)
    while len(replays) > REPLAYS_KEPT:
        replays.popitem(last=False)
    return points


def record_points(record: dict[str, Any]) -> list[tuple[int, State]]:
    """The states a record passes through, one per decision (after the chance it set off)."""
    game = relicbox.get_game(record["game"])
    state = game.new_state(
        record["players"], record["seed"], auto_chance=False, **record["options"]
    )
    points: list[tuple[int, State]] = []
    events = record["events"]
    for seq, event in enumerate(events):
        if "chance" in event:
            if event.get("sampled"):
                state.sample_chance()
            else:
                state.apply_chance(event["chance"])
        else:
            if not points or points[-1][0] != seq:
                points.append((seq, state.clone()))
            state.act(event["seat"], event["action"])
    points.append((len(events), state.clone()))
    return points


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
