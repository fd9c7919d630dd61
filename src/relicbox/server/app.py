"""The web application: lobby and table pages, a small JSON API, and the WebSocket.

Pages are rendered on the server (Jinja2) and brought to life by small plain ES
modules; the WebSocket speaks JSON messages with a ``type`` (see
:mod:`relicbox.server.protocol`). CORS stays closed: no cross-origin headers are sent.
"""

from __future__ import annotations

import asyncio
import logging
import resource
from collections import Counter, OrderedDict
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from functools import partial
from typing import Any

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from fastapi.staticfiles import StaticFiles

from relicbox.i18n import tr
from relicbox.server import analysis
from relicbox.server.botpool import BotPool, default_bot_workers
from relicbox.server.guard import (
    LOCAL_HOSTS,
    ConnectionGate,
    Guard,
    RateLimiter,
    gated_protocols,
)
from relicbox.server.quotas import Limits, Quotas, sweep_idle_tables
from relicbox.server.routes import api, live, pages
from relicbox.server.store import Store
from relicbox.server.tables import TableService
from relicbox.server.web import HERE, language

log = logging.getLogger("relicbox.server")


def default_max_connections() -> int:
    """1,000 connections, or fewer where the process may not open that many files (the
    database, the bot workers and the log need some besides the sockets)."""
    soft, _ = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft == resource.RLIM_INFINITY:
        return 1000
    return max(16, min(1000, soft - 128))


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
    resync_rate: float = 1.0
    """Full states (``resync``) a second one connection may ask for, in bursts of up to
    ``resync_burst``; one client address may ask ``address_resync_rate`` a second, in
    bursts of ``address_resync_burst``, over all its connections (``rate-limited``)."""
    resync_burst: float = 3.0
    address_resync_rate: float = 4.0
    address_resync_burst: float = 12.0
    chat_rate: float = 1.0
    """Chat lines a second from one connection (bursts of ``chat_burst``) and from one
    client address over all its connections (``address_chat_*``): each is sent to every
    connection of the table."""
    chat_burst: float = 5.0
    address_chat_rate: float = 2.0
    address_chat_burst: float = 10.0
    join_rate: float = 2.0
    """Joins a second from one client address, in bursts of ``join_burst``: each costs a
    full state and tells the table; past it the socket is refused and closed with 1013
    (try again later)."""
    join_burst: float = 30.0
    replay_rate: float = 4.0
    """Replay steps a second one client address may ask for, in bursts of ``replay_burst``:
    each may cost a render of tens of milliseconds (429 past it)."""
    replay_burst: float = 20.0
    replay_renders_rate: float = 10.0
    """Replay steps (not already kept) the whole process renders a second, in bursts of
    ``replay_renders_burst``: past it, 503 with a ``Retry-After``."""
    replay_renders_burst: float = 20.0
    connections_per_table: int = 200
    """Connections a table takes in this process before refusing spectators
    (``table-crowded``); a seat's own link always gets in."""
    connections_per_address: int = 20
    """WebSockets one client address may hold open at once (``too-many-connections``)."""
    outbox_limit: int = 512
    """Frames waiting for a slow reader before its socket is closed with code 4008."""
    outbox_bytes: int = 1 << 20
    """Text (characters, about bytes) waiting for a slow reader before its socket is closed
    with code 4008: a reader of a large game's states falls behind in size long before
    it does in frames."""
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
    table_memory_ttl: float = 600.0
    """Seconds a finished table, or a playing one waiting for a person who never came,
    stays in memory with nobody connected and nothing changing; then only the store keeps
    it, and the next request for it loads it again."""
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
    allowed_hosts: tuple[str, ...] = LOCAL_HOSTS
    """The names (``Host`` headers) the server answers to; any other is refused with 400,
    so a page of another site cannot reach it by pointing its own name at the server's
    address (DNS rebinding). ``*`` answers to any name."""
    openapi: bool = False
    """Whether ``/openapi.json`` (the API's description) is served."""
    max_connections: int = field(default_factory=default_max_connections)
    """TCP connections (HTTP and WebSocket) the process holds at once; at the cap a new
    address still gets in, in place of a connection of the address that holds the most
    (see :class:`relicbox.server.guard.ConnectionGate`), and the rest are refused with 503."""
    header_timeout: float = 10.0
    """Seconds a connection may take to send a request's head (from its opening, or from
    its previous answer), a request's body, or a WebSocket's ``join``; then it is closed."""
    keep_alive_timeout: int = 5
    """Seconds an HTTP connection may stay open, idle, after an answer."""


def service_kind(settings: Settings) -> Callable[..., TableService]:
    """The table service for ``settings``: this process alone, or one of a cluster."""
    if not settings.redis_url:
        return TableService
    from relicbox.server.cluster import ClusterService

    return partial(ClusterService, redis_url=settings.redis_url, prefix=settings.redis_prefix)


def create_app(settings: Settings) -> FastAPI:
    """The server for ``settings``; the store is opened (and migrated) at start-up. The
    routes live in :mod:`relicbox.server.routes` and :mod:`relicbox.server.analysis`, and
    reach the service, quotas and settings through ``app.state``."""

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
            table_memory_ttl=settings.table_memory_ttl,
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

    app = FastAPI(
        title="relicbox",
        lifespan=lifespan,
        docs_url=None,
        redoc_url=None,
        openapi_url="/openapi.json" if settings.openapi else None,
    )
    app.state.settings = settings
    app.state.replays = OrderedDict()
    app.state.replay_steps = OrderedDict()
    app.state.replay_renders = api.Renders(
        settings.replay_renders_rate, settings.replay_renders_burst
    )
    app.state.reviews = OrderedDict()
    app.state.open_sockets = Counter()
    app.state.address_limits = {
        "resync": RateLimiter(settings.address_resync_rate, settings.address_resync_burst),
        "chat": RateLimiter(settings.address_chat_rate, settings.address_chat_burst),
        "join": RateLimiter(settings.join_rate, settings.join_burst),
        "replay": RateLimiter(settings.replay_rate, settings.replay_burst),
    }
    app.add_middleware(
        Guard,
        max_body=settings.max_body_bytes,
        max_depth=settings.max_json_depth,
        rate=settings.http_rate,
        burst=settings.http_burst,
        allowed_origins=settings.allowed_origins,
        allowed_hosts=settings.allowed_hosts,
        body_timeout=settings.header_timeout,
    )
    app.add_exception_handler(RequestValidationError, _invalid_request)
    app.add_exception_handler(Exception, _failed)
    app.mount("/static", StaticFiles(directory=HERE / "static"), name="static")
    for router in (pages.router, api.router, analysis.router, live.router):
        app.include_router(router)
    return app


def server_options(app: FastAPI, trusted_proxies: tuple[str, ...] = ()) -> dict[str, Any]:
    """The settings of uvicorn serving ``app`` (made by :func:`create_app`): its connections
    admitted by a :class:`ConnectionGate` (kept as ``app.state.gate``), request heads and
    idle connections timed, WebSocket frames bounded. Forwarded addresses are believed
    only from ``trusted_proxies``: any client could otherwise claim another address and
    escape its limits."""
    settings: Settings = app.state.settings
    gate = ConnectionGate(settings.max_connections, settings.header_timeout, trusted_proxies)
    app.state.gate = gate
    http, ws = gated_protocols(gate)
    return {
        "http": http,
        "ws": ws,
        "timeout_keep_alive": settings.keep_alive_timeout,
        "ws_max_size": 64 * 1024,
        # frames are a few hundred bytes: compressing each costs more CPU than it saves,
        # and its buffers cost tens of KB per open socket
        "ws_per_message_deflate": False,
        "proxy_headers": bool(trusted_proxies),
        "forwarded_allow_ips": ",".join(trusted_proxies) if trusted_proxies else None,
    }


async def _invalid_request(request: Request, error: Exception) -> JSONResponse:
    """What was wrong and where, never the request itself (which may be large)."""
    problems = error.errors() if isinstance(error, RequestValidationError) else []
    problem = problems[0] if problems else {"loc": (), "msg": "invalid"}
    where = ".".join(str(p) for p in problem["loc"])
    message = f"{where}: {problem['msg']}" if where else str(problem["msg"])
    return JSONResponse({"error": "bad-message", "message": message[:300]}, status_code=422)


async def _failed(request: Request, error: Exception) -> JSONResponse:
    log.exception("request %s %s failed", request.method, request.url.path)
    return JSONResponse(
        {"error": "bad-message", "message": tr(language(request), "error-bad-message")},
        status_code=500,
    )
