"""What every request passes before the application sees it: host, size, depth, rate,
origin, and the security headers on every answer.

A pure ASGI middleware (no request object is built for a refused request):

* a request (HTTP or WebSocket) whose ``Host`` is not one of the server's names is
  refused with 400 ``bad-host``: a page of another site whose name was pointed at this
  server's address (DNS rebinding) sends its own name as the host, so it can neither
  read the API nor open a WebSocket;
* a request body over the limit is refused with 413 before it is parsed, whether it
  says its length or streams it, and the refusal never repeats what was sent; a body
  that takes longer than ``body_timeout`` to arrive (trickled) is refused with 408;
* a JSON body nested deeper than the limit is refused with 400 ``bad-message`` before
  any parser recurses into it;
* each client address has a token bucket for the HTTP API; past it, 429 with a
  ``Retry-After``;
* a WebSocket handshake from a page of another origin is refused (403) unless the
  server's settings list that origin (for a proxy that rewrites the host);
* every HTTP answer carries a strict Content-Security-Policy (scripts only from the
  server's own files), ``X-Content-Type-Options: nosniff``, framing denied and a
  referrer policy.

Below the application, :class:`ConnectionGate` (with :func:`gated_protocols`, uvicorn's
own protocols) admits each TCP connection under the process's cap, fairly between client
addresses, and closes connections that do not send a request's head in time.
"""

from __future__ import annotations

import asyncio
import json
import math
import re
import time
from collections import OrderedDict
from collections.abc import Awaitable, Callable, MutableMapping
from typing import Any, cast
from urllib.parse import urlsplit

from relicbox.i18n import pick_language, tr

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
App = Callable[[Scope, Receive, Send], Awaitable[None]]

CONTENT_SECURITY_POLICY = (
    "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; "
    "img-src 'self' data:; connect-src 'self'; font-src 'self'; object-src 'none'; "
    "base-uri 'none'; form-action 'self'; frame-ancestors 'none'"
)
"""Scripts come only from the server's own files (no inline script, no eval); styles may
be set inline, as boards position pieces with them; no page may frame these pages."""

SECURITY_HEADERS = (
    (b"content-security-policy", CONTENT_SECURITY_POLICY.encode()),
    (b"x-content-type-options", b"nosniff"),
    (b"x-frame-options", b"DENY"),
    (b"referrer-policy", b"same-origin"),
)

_STRINGS = re.compile(rb'"(?:[^"\\]|\\.)*"', re.DOTALL)
_NOT_BRACKETS = bytes(b for b in range(256) if b not in b"[]{}")
_ONE_KIND = bytes.maketrans(b"{}", b"[]")
BUCKETS_KEPT = 10_000
"""Client addresses whose request buckets are remembered (the least recent are forgotten:
a forgotten bucket starts full again, which only ever favours the client)."""


def too_deep(raw: bytes | str, limit: int) -> bool:
    """Whether the arrays and objects of a JSON text nest deeper than ``limit``, found
    without parsing it and without a Python step per character: brackets inside strings
    are dropped, the rest made one kind, and each pass removes the innermost pairs, so a
    text nested ``limit`` deep is empty after ``limit`` passes. A run of more than
    ``limit`` opening brackets ends it at once. (Brackets that never pair up count as too
    deep: such a text is not JSON anyway.)"""
    data = raw.encode("utf-8") if isinstance(raw, str) else raw
    if data.count(b"[") + data.count(b"{") <= limit:
        return False  # most texts: too few brackets to nest that deep
    brackets = _STRINGS.sub(b"", data).translate(_ONE_KIND, _NOT_BRACKETS)
    run = b"[" * (limit + 1)
    for _ in range(limit):
        if run in brackets:
            return True
        inner = brackets.replace(b"[]", b"")
        if not inner:
            return False
        if inner == brackets:
            return True
        brackets = inner
    return True


def parse_json(raw: str, max_depth: int) -> Any:
    """``json.loads`` for text from a stranger: refused (``ValueError``) when it nests deeper
    than ``max_depth``, so no parser or validator recurses without bound."""
    if too_deep(raw, max_depth):
        raise ValueError(f"JSON nested deeper than {max_depth} levels")
    return json.loads(raw)


class RateLimiter:
    """Token buckets by key: ``rate`` requests a second, bursts of up to ``burst``."""

    def __init__(self, rate: float, burst: float) -> None:
        self.rate = rate
        self.burst = burst
        self.buckets: OrderedDict[str, tuple[float, float]] = OrderedDict()

    def wait(self, key: str, now: float | None = None) -> float:
        """Seconds until ``key`` may ask again: ``0`` (and a token is taken) if it may now."""
        now = time.monotonic() if now is None else now
        tokens, then = self.buckets.pop(key, (self.burst, now))
        tokens = min(self.burst, tokens + (now - then) * self.rate)
        waited = 0.0
        if tokens >= 1:
            tokens -= 1
        else:
            waited = (1 - tokens) / self.rate
        self.buckets[key] = (tokens, now)
        while len(self.buckets) > BUCKETS_KEPT:
            self.buckets.popitem(last=False)
        return waited


def client_address(scope: Scope) -> str:
    """The address a request came from (after the proxy headers the server trusts)."""
    client = scope.get("client")
    return str(client[0]) if client else "unknown"


LOCAL_HOSTS = ("localhost", "127.0.0.1", "::1")
"""The names a server answers to by default: the loopback ones (and every ``*.localhost``)."""


def host_name(host: str) -> str:
    """The name in a ``Host`` header, without its port and brackets, in lower case."""
    host = host.strip().lower()
    if host.startswith("["):
        return host[1 : host.find("]")] if "]" in host else host
    if host.count(":") == 1:
        return host.split(":", 1)[0]
    return host


def host_allowed(host: str | None, allowed: tuple[str, ...]) -> bool:
    """Whether a request's ``Host`` header names this server: one of ``allowed`` (``*``
    allows any), a loopback name if ``localhost`` is allowed, never a missing host."""
    if "*" in allowed:
        return True
    if not host:
        return False
    name = host_name(host).rstrip(".")
    return name in allowed or ("localhost" in allowed and name.endswith(".localhost"))


def _header(scope: Scope, name: bytes) -> str | None:
    for key, value in scope.get("headers", []):
        if key == name:
            return bytes(value).decode("latin-1")
    return None


def origin_allowed(origin: str | None, host: str | None, allowed: tuple[str, ...]) -> bool:
    """Whether a WebSocket handshake's ``Origin`` is the server's own page (its host and port
    are the ones the request was sent to) or one the settings list. Programs that send no
    ``Origin`` are not browsers acting for another site, and may connect."""
    if origin is None:
        return True
    if origin.rstrip("/") in allowed:
        return True
    parts = urlsplit(origin)
    return parts.scheme in ("http", "https") and bool(host) and parts.netloc == host


class Guard:
    """The middleware; see the module doc. ``max_body`` in bytes, ``rate``/``burst`` for
    ``/api/`` requests per client address, ``allowed_origins`` beside the server's own,
    ``allowed_hosts`` the names the server answers to."""

    def __init__(
        self,
        app: App,
        *,
        max_body: int,
        max_depth: int,
        rate: float,
        burst: float,
        allowed_origins: tuple[str, ...] = (),
        allowed_hosts: tuple[str, ...] = LOCAL_HOSTS,
        body_timeout: float = 10.0,
    ) -> None:
        self.app = app
        self.allowed_hosts = tuple(
            host_name(h).rstrip(".") if h != "*" else h for h in allowed_hosts
        )
        self.max_body = max_body
        self.max_depth = max_depth
        self.limiter = RateLimiter(rate, burst)
        self.body_timeout = body_timeout
        self.allowed_origins = tuple(o.rstrip("/") for o in allowed_origins)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] in ("http", "websocket") and not host_allowed(
            _header(scope, b"host"), self.allowed_hosts
        ):
            await self._wrong_host(scope, receive, send)
        elif scope["type"] == "websocket":
            await self._websocket(scope, receive, send)
        elif scope["type"] == "http":
            await self._http(scope, receive, _with_headers(send))
        else:
            await self.app(scope, receive, send)

    async def _websocket(self, scope: Scope, receive: Receive, send: Send) -> None:
        origin = _header(scope, b"origin")
        if origin_allowed(origin, _header(scope, b"host"), self.allowed_origins):
            await self.app(scope, receive, send)
            return
        await receive()  # the handshake request; closing before accepting answers 403
        await send({"type": "websocket.close", "code": 1008, "reason": "origin not allowed"})

    async def _wrong_host(self, scope: Scope, receive: Receive, send: Send) -> None:
        """400 ``bad-host``, for a WebSocket too (as its handshake's answer where the
        server can send one, else by closing before accepting, which answers 403)."""
        lang = pick_language(_header(scope, b"accept-language"))
        message = tr(lang, "error-http-bad-host")
        if scope["type"] == "http":
            await _refuse(_with_headers(send), 400, "bad-host", message)
            return
        await receive()  # the handshake request
        if "websocket.http.response" in scope.get("extensions", {}):
            await _refuse(_as_websocket_response(send), 400, "bad-host", message)
        else:
            await send({"type": "websocket.close", "code": 1008, "reason": "host not allowed"})

    async def _http(self, scope: Scope, receive: Receive, send: Send) -> None:
        lang = pick_language(_header(scope, b"accept-language"))
        if scope["path"].startswith("/api/"):
            wait = self.limiter.wait(client_address(scope))
            if wait > 0:
                headers = {"retry-after": str(max(1, math.ceil(wait)))}
                await _refuse(
                    send, 429, "rate-limited", tr(lang, "error-http-rate-limited"), headers
                )
                return
        if scope["method"] not in ("POST", "PUT", "PATCH"):
            await self.app(scope, receive, send)
            return
        length = _header(scope, b"content-length")
        if length is not None and (not length.isdigit() or int(length) > self.max_body):
            await _refuse(
                send, 413, "too-large", tr(lang, "error-http-too-large", limit=self.max_body)
            )
            return
        try:
            body, complete = await asyncio.wait_for(self._read_body(receive), self.body_timeout)
        except TimeoutError:
            message = tr(lang, "error-http-too-slow", seconds=math.ceil(self.body_timeout))
            await _refuse(send, 408, "too-slow", message)
            return
        if not complete:
            await _refuse(
                send, 413, "too-large", tr(lang, "error-http-too-large", limit=self.max_body)
            )
            return
        if too_deep(body, self.max_depth):
            message = tr(lang, "error-http-too-deep", limit=self.max_depth)
            await _refuse(send, 400, "bad-message", message)
            return
        await self.app(scope, _replay(body, receive), send)

    async def _read_body(self, receive: Receive) -> tuple[bytes, bool]:
        """The whole body, or ``False`` as soon as it grows past the limit."""
        chunks: list[bytes] = []
        size = 0
        while True:
            message = await receive()
            if message["type"] != "http.request":
                return b"".join(chunks), True
            chunk = bytes(message.get("body", b""))
            size += len(chunk)
            if size > self.max_body:
                return b"", False
            chunks.append(chunk)
            if not message.get("more_body", False):
                return b"".join(chunks), True


def _replay(body: bytes, receive: Receive) -> Receive:
    """A ``receive`` that hands the application the body already read, then the rest."""
    sent = False

    async def replay() -> Message:
        nonlocal sent
        if not sent:
            sent = True
            return {"type": "http.request", "body": body, "more_body": False}
        return await receive()

    return replay


def _as_websocket_response(send: Send) -> Send:
    """A ``send`` that turns an HTTP answer into a WebSocket handshake's refusal."""

    async def send_as_websocket(message: Message) -> None:
        await send({**message, "type": "websocket." + message["type"]})

    return send_as_websocket


def _with_headers(send: Send) -> Send:
    async def send_with_headers(message: Message) -> None:
        if message["type"] == "http.response.start":
            headers = list(message.get("headers", []))
            present = {bytes(key).lower() for key, _ in headers}
            headers += [(k, v) for k, v in SECURITY_HEADERS if k not in present]
            message["headers"] = headers
        await send(message)

    return send_with_headers


async def _refuse(
    send: Send, status: int, code: str, message: str, headers: dict[str, str] | None = None
) -> None:
    body = json.dumps({"error": code, "message": message}).encode("utf-8")
    raw_headers = [
        (b"content-type", b"application/json"),
        (b"content-length", str(len(body)).encode()),
        *((k.encode(), v.encode()) for k, v in (headers or {}).items()),
    ]
    if status in (408, 413):
        raw_headers.append((b"connection", b"close"))  # the rest of the body is not read
    await send({"type": "http.response.start", "status": status, "headers": raw_headers})
    await send({"type": "http.response.body", "body": body})


# -- connections ------------------------------------------------------------------------

BUSY_RETRY_AFTER = 5
"""Seconds a connection refused over the process's cap is told to wait."""


class _Held:
    """One open connection: since when, and what it is doing (``idle``: waiting for a
    request's head; ``busy``: a request is being answered; ``websocket``)."""

    __slots__ = ("opened", "state", "transport")

    def __init__(self, transport: asyncio.BaseTransport) -> None:
        self.transport = transport
        self.opened = time.monotonic()
        self.state = "idle"


_EVICT_FIRST = {"idle": 0, "websocket": 1, "busy": 2}


class ConnectionGate:
    """Every TCP connection of the process, by client address, under one cap.

    Below ``limit`` every connection is let in. At the cap, a connection from an address
    holding less than half as many connections as the address that holds the most gets
    in, and one of that address's connections (one waiting for a request first, then a
    WebSocket, the oldest first) is closed to make room: however many connections one
    address holds, a new address always gets in. Any other connection is refused at once
    with 503 and a ``Retry-After``. The addresses in ``exempt`` (trusted
    proxies, which speak for many people) are never closed to make room.

    ``head_timeout``: seconds a connection may take to send a request's head, from when
    it opens or its previous answer was sent; a connection idle or trickling its head
    past it is closed.
    """

    def __init__(self, limit: int, head_timeout: float, exempt: tuple[str, ...] = ()) -> None:
        self.limit = limit
        self.head_timeout = head_timeout
        self.exempt = frozenset(exempt)
        self.held: dict[str, dict[asyncio.BaseTransport, _Held]] = {}
        self.address_of: dict[asyncio.BaseTransport, str] = {}
        self.open = 0
        self.refused = 0
        self.evicted = 0
        self.timed_out = 0

    def admit(self, transport: asyncio.BaseTransport, address: str) -> bool:
        """Let a new connection in (``True``), making room if it must, or refuse it."""
        if self.open >= self.limit and not self._make_room(address):
            self.refused += 1
            return False
        self.held.setdefault(address, {})[transport] = _Held(transport)
        self.address_of[transport] = address
        self.open += 1
        return True

    def _make_room(self, address: str) -> bool:
        mine = len(self.held.get(address, ()))
        candidates = [a for a in self.held if a not in self.exempt]
        if not candidates:
            return False
        heaviest = max(candidates, key=lambda a: len(self.held[a]))
        if len(self.held[heaviest]) <= 2 * mine + 1:
            # this address holds half as many as anyone or more: it waits (addresses
            # holding about as many as each other would otherwise close each other's in turn)
            return False
        victim = min(self.held[heaviest].values(), key=lambda h: (_EVICT_FIRST[h.state], h.opened))
        self.release(victim.transport)
        victim.transport.close()
        self.evicted += 1
        return True

    def mark(self, transport: asyncio.BaseTransport, state: str) -> None:
        address = self.address_of.get(transport)
        if address is not None:
            self.held[address][transport].state = state

    def release(self, transport: asyncio.BaseTransport) -> None:
        """A connection closed (or closed to make room): its place is free."""
        address = self.address_of.pop(transport, None)
        if address is None:
            return
        held = self.held[address]
        del held[transport]
        self.open -= 1
        if not held:
            del self.held[address]

    def busy_answer(self) -> bytes:
        """The 503 a connection refused over the cap reads before it is closed."""
        body = json.dumps({"error": "server-busy", "message": tr("en", "error-http-busy")})
        return (
            "HTTP/1.1 503 Service Unavailable\r\ncontent-type: application/json\r\n"
            f"content-length: {len(body.encode())}\r\nretry-after: {BUSY_RETRY_AFTER}\r\n"
            f"connection: close\r\n\r\n{body}"
        ).encode()


def gated_protocols(gate: ConnectionGate) -> tuple[type[asyncio.Protocol], type[asyncio.Protocol]]:
    """uvicorn's own HTTP and WebSocket protocols (the ones it picks by default), each
    connection admitted by ``gate``, its request heads timed, and released when it
    closes, whichever protocol it speaks by then."""
    from uvicorn.protocols.http.auto import AutoHTTPProtocol
    from uvicorn.protocols.websockets.auto import AutoWebSocketsProtocol

    if AutoWebSocketsProtocol is None or not isinstance(AutoWebSocketsProtocol, type):
        raise RuntimeError("the server needs uvicorn's WebSocket support (the websockets package)")
    http_base: Any = AutoHTTPProtocol
    ws_base: Any = AutoWebSocketsProtocol

    class GatedHTTP(http_base):  # type: ignore[misc]
        _head_timer: asyncio.TimerHandle | None = None

        def connection_made(self, transport: asyncio.BaseTransport) -> None:
            super().connection_made(transport)
            peer = transport.get_extra_info("peername")
            address = str(peer[0]) if isinstance(peer, tuple) and peer else "unknown"
            if not gate.admit(transport, address):
                writer = cast(asyncio.WriteTransport, transport)  # uvloop's is one, unsubclassed
                writer.write(gate.busy_answer())
                writer.close()
                return
            self._time_head()

        def _time_head(self) -> None:
            self._untime_head()
            loop = asyncio.get_running_loop()
            self._head_timer = loop.call_later(gate.head_timeout, self._head_too_late)

        def _untime_head(self) -> None:
            if self._head_timer is not None:
                self._head_timer.cancel()
                self._head_timer = None

        def _head_too_late(self) -> None:
            self._head_timer = None
            gate.timed_out += 1
            self.transport.close()

        def data_received(self, data: bytes) -> None:
            cycle = self.cycle
            super().data_received(data)
            if self.cycle is not cycle and self.cycle is not None:
                self._untime_head()  # a whole request head came: it is answered now
                gate.mark(self.transport, "busy")

        def on_response_complete(self) -> None:
            super().on_response_complete()
            if not self.transport.is_closing():
                gate.mark(self.transport, "idle")
                self._time_head()  # the next request's head is timed from here

        def handle_websocket_upgrade(self, *args: Any) -> None:
            self._untime_head()
            gate.mark(self.transport, "websocket")
            super().handle_websocket_upgrade(*args)

        def connection_lost(self, exc: Exception | None) -> None:
            self._untime_head()
            gate.release(self.transport)
            super().connection_lost(exc)

    class GatedWebSocket(ws_base):  # type: ignore[misc]
        def connection_lost(self, exc: Exception | None) -> None:
            gate.release(self.transport)
            super().connection_lost(exc)

    return GatedHTTP, GatedWebSocket
