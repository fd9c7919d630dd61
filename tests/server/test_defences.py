"""The server against strangers, round two: the names it answers to, idle and trickled
connections, slow readers, amplified messages, tables nobody plays at, and a fair lobby.
Each test runs a real server on a real socket (served as ``relicbox serve`` serves it),
with settings small enough to reach every limit quickly."""

from __future__ import annotations

import base64
import os
import socket

import httpx
import pytest

from support.server import LiveServer


def _handshake(port: int, host: str) -> str:
    """The status line answering a WebSocket handshake sent with ``Host: host``."""
    key = base64.b64encode(os.urandom(16)).decode()
    request = (
        f"GET /ws/nothing HTTP/1.1\r\nHost: {host}\r\nUpgrade: websocket\r\n"
        f"Connection: Upgrade\r\nSec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n\r\n"
    )
    with socket.create_connection(("127.0.0.1", port), timeout=10) as sock:
        sock.sendall(request.encode())
        return sock.recv(4096).split(b"\r\n", 1)[0].decode()


# -- the names the server answers to ----------------------------------------------------


def test_a_request_for_another_host_name_is_refused(server: LiveServer) -> None:
    """DNS rebinding: a page of evil.example whose name now points at this server sends
    ``Host: evil.example``, and must reach neither the API nor a table's WebSocket."""
    for host in ("evil.example", "evil.example:" + str(server.port), "127.0.0.1.evil.example"):
        answer = httpx.get(server.url + "/api/tables", headers={"host": host}, timeout=20)
        assert answer.status_code == 400 and answer.json()["error"] == "bad-host", host
        assert answer.headers["x-frame-options"] == "DENY"
        assert _handshake(server.port, host).split(" ")[1] == "400", host
    for host in (f"127.0.0.1:{server.port}", f"localhost:{server.port}", f"[::1]:{server.port}"):
        answer = httpx.get(server.url + "/api/tables", headers={"host": host}, timeout=20)
        assert answer.status_code == 200, host
        assert _handshake(server.port, host).split(" ")[1] == "101", host


def test_named_hosts_are_answered_and_the_api_description_only_when_asked(
    sqlite_url: str,
) -> None:
    with LiveServer(sqlite_url, allowed_hosts=("games.example",), openapi=True) as server:
        named = httpx.get(server.url + "/api/games", headers={"host": "games.example"})
        assert named.status_code == 200
        assert server.get("/api/games").status_code == 400  # not named: 127.0.0.1 is out
        described = httpx.get(server.url + "/openapi.json", headers={"host": "games.example"})
        assert described.status_code == 200 and "/api/tables" in described.json()["paths"]


def test_the_api_description_is_not_served_by_default(server: LiveServer) -> None:
    assert server.get("/openapi.json").status_code == 404
    assert server.get("/docs").status_code == 404


@pytest.mark.parametrize(
    ("host", "given", "expected"),
    [
        ("127.0.0.1", None, ("localhost", "127.0.0.1", "::1")),
        ("0.0.0.0", None, ("localhost", "127.0.0.1", "::1")),
        ("192.0.2.7", None, ("localhost", "127.0.0.1", "::1", "192.0.2.7")),
        ("0.0.0.0", ["games.example"], ("localhost", "127.0.0.1", "::1", "games.example")),
    ],
)
def test_serve_answers_to_loopback_its_address_and_the_names_given(
    host: str, given: list[str] | None, expected: tuple[str, ...]
) -> None:
    from relicbox.cli.server_commands import allowed_hosts

    assert allowed_hosts(host, given) == expected
