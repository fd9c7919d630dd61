"""The WebSocket of play (``/ws/{table_id}``): one connection per page, speaking the
messages of :mod:`relicbox.server.protocol`, each checked for size, rate and form before
the table service sees it."""

from __future__ import annotations

import asyncio
import logging
import time
from collections import Counter
from collections.abc import Awaitable, Callable
from typing import Any

from fastapi import APIRouter, WebSocket, WebSocketDisconnect
from pydantic import ValidationError
from starlette.websockets import WebSocketState

from relicbox.i18n import tr
from relicbox.server.guard import RateLimiter, parse_json
from relicbox.server.live import Connection, LiveTable, TableError, encode
from relicbox.server.protocol import (
    REFUSED_CLOSE,
    ActMessage,
    AnyClientMessage,
    ChatMessage,
    JoinMessage,
    PingMessage,
    ResyncMessage,
    client_message,
)
from relicbox.server.tables import TableService
from relicbox.server.web import service_of, settings_of

log = logging.getLogger("relicbox.server")
NO_TABLE_CLOSE = 4404
JOIN_TIMEOUT_CLOSE = 4408
"""The close code of a socket that did not ``join`` in time (the server's header timeout)."""
TRY_AGAIN_CLOSE = 1013
"""The close code of a socket refused for its address's joins: the page retries later."""
router = APIRouter()


@router.websocket("/ws/{table_id}")
async def play(websocket: WebSocket, table_id: str) -> None:
    await websocket.accept()
    service = service_of(websocket)
    settings = settings_of(websocket)
    try:
        table = await service.get(table_id)
    except TableError as error:
        await websocket.send_json({"type": "error", "code": error.code, "message": error.message})
        await websocket.close(code=NO_TABLE_CLOSE)
        return
    open_sockets: Counter[str] = websocket.app.state.open_sockets
    address = websocket.client.host if websocket.client else ""
    if open_sockets[address] >= settings.connections_per_address:
        limit = settings.connections_per_address
        many = TableError.said("too-many-connections", "error-too-many-connections", limit=limit)
        await refuse(websocket, many, "en")
        return
    open_sockets[address] += 1
    conn = Connection(
        websocket.send_text,
        close_with=_closer(websocket),
        outbox_limit=settings.outbox_limit,
        outbox_bytes=settings.outbox_bytes,
    )
    session = _Session(service, table, conn, websocket)
    try:
        while await session.take_next():
            pass
    except WebSocketDisconnect:
        pass
    finally:
        open_sockets[address] -= 1
        if open_sockets[address] <= 0:
            del open_sockets[address]
        if session.joined:
            await service.disconnect(conn)
        else:
            await conn.close()
        if websocket.client_state == WebSocketState.CONNECTED:
            with _quiet():
                await websocket.close()


class _Session:
    """One connection's messages, each read, checked and handed to the service."""

    def __init__(
        self, service: TableService, table: LiveTable, conn: Connection, websocket: WebSocket
    ) -> None:
        self.service, self.table, self.conn, self.websocket = service, table, conn, websocket
        self.settings = settings = settings_of(websocket)
        self.joined = False
        self.join_by = time.monotonic() + settings.header_timeout
        self.answered_at = 0
        """The table's seq once this connection's latest decision was applied: a decision
        taken at an earlier seq was taken before the page heard of it."""
        self.address = websocket.client.host if websocket.client else ""
        self.by_address: dict[str, RateLimiter] = websocket.app.state.address_limits
        self.mine = {
            "resync": RateLimiter(settings.resync_rate, settings.resync_burst),
            "chat": RateLimiter(settings.chat_rate, settings.chat_burst),
        }

    def within(self, kind: str) -> bool:
        """Whether this connection, and its address over all its connections, may send a
        message of ``kind`` (``resync``, ``chat``) now: each fans out or costs a full
        state, so each has a budget of its own beside the messages' budget."""
        if kind in self.mine and self.mine[kind].wait(kind) > 0:
            return False
        return self.by_address[kind].wait(self.address) <= 0

    async def take_next(self) -> bool:
        """Read and handle one message; ``False`` once the connection is over. A socket
        that has not joined by its deadline is closed: an idle socket holds no place."""
        try:
            if self.joined:
                received = await self.websocket.receive()
            else:
                wait = max(0.0, self.join_by - time.monotonic())
                received = await asyncio.wait_for(self.websocket.receive(), wait)
        except TimeoutError:
            with _quiet():
                await self.websocket.close(code=JOIN_TIMEOUT_CLOSE)
            return False
        except RuntimeError:  # closed by this server (a slow reader): nothing to read
            return False
        if received["type"] == "websocket.disconnect":
            raise WebSocketDisconnect(received.get("code", 1000), received.get("reason"))
        message = self.checked(received.get("text"))
        if message is None:
            return True
        try:
            return await self.handle(message)
        except TableError as error:
            self.conn.push(error.frame(self.conn.lang))
        except Exception:  # a fault here must not end the connection or the server
            log.exception("a message on table %s failed", self.table.id)
            self.conn.push(_error("bad-message", tr(self.conn.lang, "error-bad-message")))
        return True

    def checked(self, raw: str | None) -> AnyClientMessage | None:
        """The message, or ``None`` after telling the page why it was refused.

        ``raw`` is ``None`` for a binary frame: the protocol is JSON text, so it is refused
        as a bad message like malformed text is, and the connection goes on.
        """
        settings, conn = self.settings, self.conn
        if raw is not None and len(raw.encode("utf-8")) > settings.max_message_bytes:
            conn.push(TableError.said("too-large", "error-table-too-large").frame(conn.lang))
            return None
        if not conn.allow(settings.message_rate, settings.message_burst):
            refusal = TableError.said("rate-limited", "error-table-rate-limited")
            conn.push(refusal.frame(conn.lang))
            return None
        if raw is None:
            binary = TableError.said("bad-message", "error-table-binary-message")
            conn.push(binary.frame(conn.lang))
            return None
        try:
            return client_message(parse_json(raw, settings.max_json_depth))
        except (ValueError, ValidationError, RecursionError) as error:
            conn.push(_error("bad-message", _first_problem(error)))
            return None

    async def handle(self, message: AnyClientMessage) -> bool:
        service, table, conn = self.service, self.table, self.conn
        if isinstance(message, JoinMessage):
            return await self.join(message)
        if not self.joined:
            raise TableError.said("not-joined", "error-table-not-joined")
        if isinstance(message, ActMessage):
            if conn.seat is None:
                raise TableError.said("spectator", "error-table-spectator-act")
            try:
                await service.act(table, conn.seat, message.action, seq=message.seq)
            except TableError as refusal:
                if refusal.code == "illegal-action" and message.seq < self.answered_at:
                    # taken before this page heard of its own previous decision: the frame
                    # it chose from still offered the question that decision answered
                    raise TableError.said(
                        "stale", "error-table-stale", seq=message.seq, current=table.seq
                    ) from None
                raise
            self.answered_at = table.seq
        elif isinstance(message, ChatMessage):
            if conn.seat is not None and not self.within("chat"):
                raise TableError.said("rate-limited", "error-table-rate-limited")
            await service.chat(table, conn, message.text)
        elif isinstance(message, ResyncMessage):
            if not self.within("resync"):
                raise TableError.said("rate-limited", "error-table-rate-limited")
            service.resync(table, conn)
        elif isinstance(message, PingMessage):
            conn.push({"type": "pong"})
        return True

    async def join(self, message: JoinMessage) -> bool:
        if self.joined:
            raise TableError.said("already-joined", "error-table-already-joined")
        conn, limit = self.conn, self.settings.connections_per_table
        conn.lang = message.lang
        if not self.within("join"):
            refusal = TableError.said("rate-limited", "error-table-rate-limited")
            await conn.close()
            with _quiet():
                await self.websocket.send_text(encode(refusal.frame(conn.lang)))
                await self.websocket.close(code=TRY_AGAIN_CLOSE)
            return False
        if not message.token and len(self.table.connections) >= limit:
            crowded = TableError.said("table-crowded", "error-table-crowded", limit=limit)
            await conn.close()
            await refuse(self.websocket, crowded, conn.lang)
            return False
        # the table in memory now: a quiet one may have left memory since the socket opened
        self.table = await self.service.get(self.table.id)
        await self.service.connect(self.table, conn, message.token)
        self.joined = True
        return True


async def refuse(websocket: WebSocket, error: TableError, lang: str) -> None:
    """Send the refusal, then close with :data:`REFUSED_CLOSE`: the page does not retry."""
    with _quiet():
        await websocket.send_text(encode(error.frame(lang)))
        await websocket.close(code=REFUSED_CLOSE)


def _closer(websocket: WebSocket) -> Callable[[int], Awaitable[None]]:
    async def close(code: int) -> None:
        await websocket.close(code=code)

    return close


class _quiet:
    """Swallows the errors of closing a socket the other side may have closed already."""

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
