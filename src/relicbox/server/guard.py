"""What every request passes before the application sees it: host, size, depth, rate,
origin, and the security headers on every answer.

A pure ASGI middleware (no request object is built for a refused request):

* a request (HTTP or WebSocket) whose ``Host`` is not one of the server's names is
  refused with 400 ``bad-host``: a page of another site whose name was pointed at this
  server's address (DNS rebinding) sends its own name as the host, so it can neither
  read the API nor open a WebSocket;
* a request body over the limit is refused with 413 before it is parsed, whether it
  says its length or streams it, and the refusal never repeats what was sent;
* a JSON body nested deeper than the limit is refused with 400 ``bad-message`` before
  any parser recurses into it;
* each client address has a token bucket for the HTTP API; past it, 429 with a
  ``Retry-After``;
* a WebSocket handshake from a page of another origin is refused (403) unless the
  server's settings list that origin (for a proxy that rewrites the host);
* every HTTP answer carries a strict Content-Security-Policy (scripts only from the
  server's own files), ``X-Content-Type-Options: nosniff``, framing denied and a
  referrer policy.
"""

from __future__ import annotations

import json
import math
import re
import time
from collections import OrderedDict
from collections.abc import Awaitable, Callable, MutableMapping
from typing import Any
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
    ) -> None:
        self.app = app
        self.allowed_hosts = tuple(
            host_name(h).rstrip(".") if h != "*" else h for h in allowed_hosts
        )
        self.max_body = max_body
        self.max_depth = max_depth
        self.limiter = RateLimiter(rate, burst)
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
        body, complete = await self._read_body(receive)
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
    if status == 413:
        raw_headers.append((b"connection", b"close"))  # the rest of the body is not read
    await send({"type": "http.response.start", "status": status, "headers": raw_headers})
    await send({"type": "http.response.body", "body": body})
