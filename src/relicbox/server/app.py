"""The web application: lobby and table pages, a small JSON API, and the WebSocket.

Pages are rendered on the server (Jinja2) and brought to life by small plain ES
modules; the WebSocket speaks JSON messages with a ``type`` (see
:mod:`relicbox.server.protocol`). CORS stays closed: no cross-origin headers are sent.
"""

from __future__ import annotations

import asyncio
import logging
from collections import Counter, OrderedDict
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path
from typing import Any

from fastapi import FastAPI, HTTPException, Request, WebSocket, WebSocketDisconnect
from fastapi.exceptions import RequestValidationError
from fastapi.responses import FileResponse, HTMLResponse, JSONResponse, RedirectResponse
from fastapi.staticfiles import StaticFiles
from fastapi.templating import Jinja2Templates
from pydantic import ValidationError
from starlette.websockets import WebSocketState

import relicbox
from relicbox.core.game import State
from relicbox.i18n import LANGUAGES, pick_language, tr
from relicbox.server.analysis import add_analysis_routes
from relicbox.server.botpool import BotPool, bot_words, default_bot_workers, offered_bots
from relicbox.server.guard import Guard, client_address, parse_json
from relicbox.server.protocol import (
    REFUSED_CLOSE,
    ActMessage,
    ChatMessage,
    CreateTable,
    JoinMessage,
    JoinTable,
    PingMessage,
    Rematch,
    ResyncMessage,
    StartTable,
    client_message,
)
from relicbox.server.quotas import Limits, QuotaError, Quotas, sweep_idle_tables
from relicbox.server.snapshots import snapshot
from relicbox.server.store import Store
from relicbox.server.tables import Connection, TableError, TableService, encode
from relicbox.server.webcatalog import option_words, web_catalog, words_or

log = logging.getLogger("relicbox.server")
HERE = Path(__file__).parent
STATUS_CODES = {
    "no-table": 404,
    "bad-token": 403,
    "not-host": 403,
    "table-full": 409,
    "table-closed": 409,
    "seat-taken": 409,
    "rematch-exists": 409,
    "not-finished": 409,
    "too-many-open-tables": 429,
    "too-many-tables": 429,
    "too-many-bot-tables": 429,
}


@dataclass(frozen=True)
class Settings:
    db_url: str
    bot_workers: int = field(default_factory=default_bot_workers)
    """Processes that run bot decisions (``0``: threads); by default one per core but one."""
    bot_delay: float = 0.6
    bot_budget: float = 5.0
    """Seconds within which every bot decision is due; then the default action is played."""
    bot_think_ms: int = 1000
    """The longest a search bot may think a decision, in milliseconds; every search seated
    online carries this budget (or a smaller one), and its worker is stopped past it."""
    max_message_bytes: int = 4096
    message_rate: float = 10.0
    """Messages a second each connection may send, in bursts of up to ``message_burst``."""
    message_burst: float = 20.0
    connections_per_table: int = 200
    """Connections a table takes in this process before refusing spectators
    (``table-crowded``); a seat's own link always gets in."""
    connections_per_address: int = 20
    """WebSockets one client address may hold open at once (``too-many-connections``)."""
    outbox_limit: int = 512
    """Frames waiting for a slow reader before its socket is closed with code 4008."""
    redis_url: str | None = None
    """With a Redis URL (and a PostgreSQL ``db_url``), this process is one of several that
    share the tables: see :mod:`relicbox.server.cluster`."""
    redis_prefix: str = "relicbox:"
    """The prefix of every Redis key and channel, so several clusters can share a Redis."""
    tables_per_hour: int = 30
    """Tables one client address may make in an hour."""
    open_tables_per_address: int = 5
    """Tables one client address may have waiting for players at once."""
    bot_tables_per_hour: int = 5
    """Tables of bots alone one client address may make in an hour."""
    bot_tables_playing: int = 20
    """Tables of bots alone that may play at once on the whole server."""
    bot_table_delay: float = 1.0
    """Seconds each bot of a table of bots alone waits before it moves (at least
    ``bot_delay``): a slower pace for the tables nobody plays at."""
    open_table_ttl: float = 1800.0
    """Seconds an open table may wait with nobody connected before it is removed."""
    http_rate: float = 20.0
    """Requests a second to the HTTP API from one client address, in bursts of up to
    ``http_burst``; past it, 429 with a ``Retry-After``."""
    http_burst: float = 60.0
    max_body_bytes: int = 64 * 1024
    """The largest HTTP request body; a larger one is refused with 413 before it is read."""
    max_json_depth: int = 32
    """How deeply a JSON message (HTTP or WebSocket) may nest before it is refused."""
    allowed_origins: tuple[str, ...] = ()
    """Page origins (``https://host``) whose WebSockets are accepted besides the server's
    own, for a proxy that changes the host the server sees."""


def service_kind(settings: Settings) -> Callable[..., TableService]:
    """The table service for ``settings``: this process alone, or one of a cluster."""
    if not settings.redis_url:
        return TableService
    from relicbox.server.cluster import ClusterService

    return partial(ClusterService, redis_url=settings.redis_url, prefix=settings.redis_prefix)


def create_app(settings: Settings) -> FastAPI:
    """The server for ``settings``; the store is opened (and migrated) at start-up."""

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        store = await asyncio.to_thread(Store, settings.db_url)
        bots = BotPool(
            settings.bot_workers,
            think_ms=settings.bot_think_ms,
            alone_delay=settings.bot_table_delay,
        )
        await bots.start()
        service = service_kind(settings)(
            store,
            bots,
            bot_delay=settings.bot_delay,
            bot_budget=settings.bot_budget,
        )
        app.state.service = service
        limits = Limits(
            tables_per_hour=settings.tables_per_hour,
            open_tables=settings.open_tables_per_address,
            bot_tables_per_hour=settings.bot_tables_per_hour,
            bot_tables_playing=settings.bot_tables_playing,
            open_table_ttl=settings.open_table_ttl,
        )
        app.state.quotas = Quotas(store, limits)
        sweeper = asyncio.create_task(sweep_idle_tables(service, app.state.quotas))
        restored = await service.restore()
        log.info("relicbox server ready: %d unfinished tables restored", restored)
        try:
            yield
        finally:
            sweeper.cancel()
            await service.close()
            service.bots.close()
            store.close()

    app = FastAPI(title="relicbox", lifespan=lifespan, docs_url=None, redoc_url=None)
    app.add_middleware(
        Guard,
        max_body=settings.max_body_bytes,
        max_depth=settings.max_json_depth,
        rate=settings.http_rate,
        burst=settings.http_burst,
        allowed_origins=settings.allowed_origins,
    )

    @app.exception_handler(RequestValidationError)
    async def invalid_request(request: Request, error: RequestValidationError) -> JSONResponse:
        """What was wrong and where, never the request itself (which may be large)."""
        problem = error.errors()[0] if error.errors() else {"loc": (), "msg": "invalid"}
        where = ".".join(str(p) for p in problem["loc"])
        message = f"{where}: {problem['msg']}" if where else str(problem["msg"])
        return JSONResponse({"error": "bad-message", "message": message[:300]}, status_code=422)

    @app.exception_handler(Exception)
    async def failed(request: Request, error: Exception) -> JSONResponse:
        log.exception("request %s %s failed", request.method, request.url.path)
        return JSONResponse(
            {"error": "bad-message", "message": tr(language(request), "error-bad-message")},
            status_code=500,
        )

    app.mount("/static", StaticFiles(directory=HERE / "static"), name="static")
    templates = Jinja2Templates(directory=HERE / "templates")
    replays: OrderedDict[str, list[tuple[int, State]]] = OrderedDict()

    def service_of(request: Request | WebSocket) -> TableService:
        service: TableService = request.app.state.service
        return service

    def quotas_of(request: Request) -> Quotas:
        quotas: Quotas = request.app.state.quotas
        return quotas

    def language(request: Request) -> str:
        chosen = request.query_params.get("lang") or request.cookies.get("relicbox_lang")
        if chosen in LANGUAGES:
            return str(chosen)
        return pick_language(request.headers.get("accept-language"))

    def page(request: Request, template: str, **context: Any) -> HTMLResponse:
        lang = language(request)
        response = templates.TemplateResponse(
            request,
            template,
            {
                "lang": lang,
                "t": lambda key, **args: tr(lang, key, **args),
                "languages": LANGUAGES,
                **context,
            },
        )
        if request.query_params.get("lang") in LANGUAGES:
            response.set_cookie("relicbox_lang", lang, max_age=365 * 86400, samesite="lax")
        return response

    def refused(error: TableError, request: Request | None = None) -> JSONResponse:
        lang = "en" if request is None else language(request)
        wait = {"Retry-After": str(error.retry_after)} if isinstance(error, QuotaError) else None
        return JSONResponse(
            {"error": error.code, "message": error.text(lang)},
            status_code=STATUS_CODES.get(error.code, 400),
            headers=wait,
        )

    # -- pages ------------------------------------------------------------------

    @app.get("/", response_class=HTMLResponse)
    async def lobby(request: Request) -> HTMLResponse:
        return page(request, "lobby.html")

    @app.get("/favicon.ico", include_in_schema=False)
    async def favicon() -> FileResponse:
        """Browsers ask for this path on every page, whatever the page links."""
        return FileResponse(HERE / "static" / "favicon.svg", media_type="image/svg+xml")

    async def table_view(request: Request, table_id: str, template: str) -> HTMLResponse:
        """A page about one table (play or replay), with its game's board module if any."""
        try:
            table = await service_of(request).get(table_id)
        except TableError:
            raise HTTPException(404, "no such table") from None
        board = HERE / "static" / "boards" / f"{table.game.name}.js"
        return page(
            request,
            template,
            table=table.info(),
            has_board=board.exists(),
            has_board_css=board.with_suffix(".css").exists(),
        )

    @app.get("/t/{table_id}", response_class=HTMLResponse)
    async def table_page(request: Request, table_id: str) -> HTMLResponse:
        return await table_view(request, table_id, "table.html")

    @app.get("/t/{table_id}/replay", response_class=HTMLResponse)
    async def replay_page(request: Request, table_id: str) -> HTMLResponse:
        return await table_view(request, table_id, "replay.html")

    @app.get("/i18n/{lang}.json")
    async def catalog(lang: str) -> JSONResponse:
        if lang not in LANGUAGES:
            raise HTTPException(404, "no such language")
        return JSONResponse(web_catalog(lang), headers={"Cache-Control": "max-age=300"})

    @app.get("/lang/{lang}")
    async def set_language(request: Request, lang: str) -> RedirectResponse:
        back = request.query_params.get("next") or "/"
        if not back.startswith("/") or back.startswith("//"):
            back = "/"
        response = RedirectResponse(back, status_code=303)
        if lang in LANGUAGES:
            response.set_cookie("relicbox_lang", lang, max_age=365 * 86400, samesite="lax")
        return response

    # -- the lobby's API ---------------------------------------------------------

    @app.get("/api/games")
    async def api_games(request: Request) -> list[dict[str, Any]]:
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

    @app.get("/api/tables")
    async def api_tables(request: Request, status: str = "open") -> list[dict[str, Any]]:
        statuses = [s for s in status.split(",") if s in ("open", "playing", "finished")]
        rows = await asyncio.to_thread(service_of(request).store.tables, statuses or ["open"], 50)
        service = service_of(request)
        return [
            service.tables[row.id].info() if row.id in service.tables else _stored_info(row)
            for row in rows
        ]

    @app.post("/api/tables")
    async def api_create(request: Request, body: CreateTable) -> JSONResponse:
        settings_ = {
            "clock": body.clock.model_dump(),
            "grace": body.grace,
            "takeover_bot": body.takeover_bot,
            "reveal_after": body.reveal_after,
        }
        address = client_address(request.scope)
        quotas = quotas_of(request)
        try:
            async with quotas.lock(address):
                kinds = {seat.kind for seat in body.seats}
                await asyncio.to_thread(
                    partial(quotas.check, all_bots=kinds == {"bot"}, waits="open" in kinds),
                    address,
                )
                table_id, seat, token = await service_of(request).create(
                    body.game,
                    body.players,
                    dict(body.options),
                    [s.model_dump() for s in body.seats],
                    settings_,
                    body.name,
                )
                await asyncio.to_thread(quotas.tag, table_id, address)
        except TableError as error:
            return refused(error, request)
        return JSONResponse({"table": table_id, "seat": seat, "token": token}, status_code=201)

    @app.get("/api/tables/{table_id}")
    async def api_table(request: Request, table_id: str) -> JSONResponse:
        try:
            table = await service_of(request).get(table_id)
        except TableError as error:
            return refused(error, request)
        return JSONResponse(table.info())

    @app.post("/api/tables/{table_id}/join")
    async def api_join(request: Request, table_id: str, body: JoinTable) -> JSONResponse:
        try:
            seat, token = await service_of(request).join(table_id, body.name, body.seat)
        except TableError as error:
            return refused(error, request)
        return JSONResponse({"table": table_id, "seat": seat, "token": token})

    @app.post("/api/tables/{table_id}/start")
    async def api_start(request: Request, table_id: str, body: StartTable) -> JSONResponse:
        try:
            await service_of(request).start(table_id, body.token)
        except TableError as error:
            return refused(error, request)
        return JSONResponse({"table": table_id, "status": "playing"})

    @app.post("/api/tables/{table_id}/rematch")
    async def api_rematch(request: Request, table_id: str, body: Rematch) -> JSONResponse:
        address = client_address(request.scope)
        quotas = quotas_of(request)
        try:
            async with quotas.lock(address):
                await asyncio.to_thread(partial(quotas.check, waits=True), address)
                service = service_of(request)
                new_id, seat, token = await service.rematch(table_id, body.token, body.name)
                await asyncio.to_thread(quotas.tag, new_id, address)
        except TableError as error:
            return refused(error, request)
        return JSONResponse({"table": new_id, "seat": seat, "token": token}, status_code=201)

    @app.get("/api/tables/{table_id}/record")
    async def api_record(request: Request, table_id: str) -> JSONResponse:
        service = service_of(request)
        try:
            table = await service.get(table_id)
        except TableError as error:
            return refused(error, request)
        if table.status != "finished":
            return refused(TableError.said("not-finished", "error-table-record-early"), request)
        record = await asyncio.to_thread(service.store.record, table_id)
        return JSONResponse(
            record,
            headers={"Content-Disposition": f'attachment; filename="relicbox-{table_id}.json"'},
        )

    async def replay_points(table_id: str) -> list[tuple[int, State]]:
        if table_id in replays:
            replays.move_to_end(table_id)
            return replays[table_id]
        service = service_of_app(app)
        record = await asyncio.to_thread(service.store.record, table_id)
        if record is None:
            raise TableError.said("no-table", "error-table-none", table=repr(table_id))
        points = await asyncio.to_thread(_replay_points, record)
        replays[table_id] = points
        while len(replays) > 8:
            replays.popitem(last=False)
        return points

    @app.get("/api/tables/{table_id}/replay")
    async def api_replay(
        request: Request, table_id: str, step: int = -1, seat: int | None = None
    ) -> JSONResponse:
        service = service_of(request)
        try:
            table = await service.get(table_id)
            if table.status == "open":
                raise TableError.said("not-started", "error-table-not-started")
            if table.status != "finished":
                replays.pop(table_id, None)
            points = await replay_points(table_id)
        except TableError as error:
            return refused(error, request)
        if seat is not None and not (
            table.status == "finished"
            and table.settings.get("reveal_after")
            and 0 <= seat < table.players
        ):
            seat = None
        index = len(points) - 1 if step < 0 else min(step, len(points) - 1)
        seq, state = points[index]
        body = snapshot(state, seat, language(request), seq, table.bots())
        return JSONResponse({"step": index, "steps": len(points), **body, "table": table.info()})

    add_analysis_routes(app, language, refused)

    # -- play ---------------------------------------------------------------------

    open_sockets: Counter[str] = Counter()

    async def refuse(websocket: WebSocket, error: TableError, lang: str) -> None:
        """Send the refusal, then close with :data:`REFUSED_CLOSE`: the page does not retry."""
        with _quiet():
            await websocket.send_text(encode(error.frame(lang)))
            await websocket.close(code=REFUSED_CLOSE)

    @app.websocket("/ws/{table_id}")
    async def play(websocket: WebSocket, table_id: str) -> None:
        await websocket.accept()
        service = service_of(websocket)
        try:
            table = await service.get(table_id)
        except TableError as error:
            await websocket.send_json(
                {"type": "error", "code": error.code, "message": error.message}
            )
            await websocket.close(code=4404)
            return
        address = websocket.client.host if websocket.client else ""
        if open_sockets[address] >= settings.connections_per_address:
            limit = settings.connections_per_address
            many = TableError.said(
                "too-many-connections", "error-too-many-connections", limit=limit
            )
            await refuse(websocket, many, "en")
            return
        open_sockets[address] += 1
        conn = Connection(
            websocket.send_text, close_with=_closer(websocket), outbox_limit=settings.outbox_limit
        )
        joined = False
        try:
            while True:
                try:
                    raw = await websocket.receive_text()
                except RuntimeError:  # closed by this server (a slow reader): nothing to read
                    break
                if len(raw.encode("utf-8")) > settings.max_message_bytes:
                    refusal = TableError.said("too-large", "error-table-too-large")
                    conn.push(refusal.frame(conn.lang))
                    continue
                if not conn.allow(settings.message_rate, settings.message_burst):
                    conn.push(
                        TableError.said("rate-limited", "error-table-rate-limited").frame(conn.lang)
                    )
                    continue
                try:
                    message = client_message(parse_json(raw, settings.max_json_depth))
                except (ValueError, ValidationError, RecursionError) as error:
                    conn.push(_error("bad-message", _first_problem(error)))
                    continue
                try:
                    if isinstance(message, JoinMessage):
                        if joined:
                            raise TableError.said("already-joined", "error-table-already-joined")
                        conn.lang = message.lang
                        limit = settings.connections_per_table
                        if not message.token and len(table.connections) >= limit:
                            crowded = TableError.said(
                                "table-crowded", "error-table-crowded", limit=limit
                            )
                            await conn.close()
                            await refuse(websocket, crowded, conn.lang)
                            return
                        await service.connect(table, conn, message.token)
                        joined = True
                    elif not joined:
                        raise TableError.said("not-joined", "error-table-not-joined")
                    elif isinstance(message, ActMessage):
                        if conn.seat is None:
                            raise TableError.said("spectator", "error-table-spectator-act")
                        await service.act(table, conn.seat, message.action, seq=message.seq)
                    elif isinstance(message, ChatMessage):
                        await service.chat(table, conn, message.text)
                    elif isinstance(message, ResyncMessage):
                        service.resync(table, conn)
                    elif isinstance(message, PingMessage):
                        conn.push({"type": "pong"})
                except TableError as error:
                    conn.push(error.frame(conn.lang))
                except Exception:  # a fault here must not end the connection or the server
                    log.exception("a message on table %s failed", table_id)
                    conn.push(_error("bad-message", tr(conn.lang, "error-bad-message")))
        except WebSocketDisconnect:
            pass
        finally:
            open_sockets[address] -= 1
            if open_sockets[address] <= 0:
                del open_sockets[address]
            if joined:
                await service.disconnect(conn)
            else:
                await conn.close()
            if websocket.client_state == WebSocketState.CONNECTED:
                with _quiet():
                    await websocket.close()

    return app


def _closer(websocket: WebSocket) -> Callable[[int], Awaitable[None]]:
    async def close(code: int) -> None:
        await websocket.close(code=code)

    return close


def service_of_app(app: FastAPI) -> TableService:
    service: TableService = app.state.service
    return service


class _quiet:
    def __enter__(self) -> None:
        return None

    def __exit__(self, *exc: object) -> bool:
        return True


def _error(code: str, message: str) -> dict[str, Any]:
    return {"type": "error", "code": code, "message": message}


def _first_problem(error: Exception) -> str:
    if isinstance(error, ValidationError):
        problem = error.errors()[0]
        where = ".".join(str(p) for p in problem["loc"])
        return f"{where}: {problem['msg']}" if where else str(problem["msg"])
    return f"not JSON: {error}"


def _stored_info(row: Any) -> dict[str, Any]:
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


def _replay_points(record: dict[str, Any]) -> list[tuple[int, State]]:
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
