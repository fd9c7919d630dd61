"""The server against strangers, round two: the names it answers to, idle and trickled
connections, slow readers, amplified messages, tables nobody plays at, and a fair lobby.
Each test runs a real server on a real socket (served as ``relicbox serve`` serves it),
with settings small enough to reach every limit quickly."""

from __future__ import annotations

import asyncio
import base64
import json
import os
import select
import socket
import threading
import time
from typing import Any

import httpx
import pytest
import uvicorn
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect

from relicbox.server.app import server_options
from relicbox.server.guard import ConnectionGate
from support.server import LiveServer, Player, players


class GatedServer(LiveServer):
    """A live server served as ``relicbox serve`` serves it: uvicorn with
    :func:`server_options` (the connection gate, its timeouts)."""

    def __init__(self, db_url: str, **settings: Any) -> None:
        super().__init__(db_url, **settings)
        app = self.server.config.app
        config = uvicorn.Config(
            app, host="127.0.0.1", port=self.port, log_level="warning", **server_options(app)
        )
        self.server = uvicorn.Server(config)
        self.thread = threading.Thread(target=self.server.run, daemon=True)
        self.gate: ConnectionGate = app.state.gate


def _closed_by_server(sock: socket.socket, wait: float = 15.0) -> bool:
    """Whether the server closes ``sock`` within ``wait`` seconds (reading what it says)."""
    sock.settimeout(wait)
    try:
        while sock.recv(4096):
            pass
    except TimeoutError:
        return False
    except ConnectionError:
        pass
    return True


def _socket_from(address: str, port: int) -> socket.socket:
    return socket.create_connection(("127.0.0.1", port), timeout=10, source_address=(address, 0))


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


# -- idle, trickled and too many connections --------------------------------------------


def test_a_connection_that_sends_nothing_is_closed(sqlite_url: str) -> None:
    with GatedServer(sqlite_url, header_timeout=1.0) as server:
        with socket.create_connection(("127.0.0.1", server.port), timeout=10) as idle:
            assert _closed_by_server(idle)
        assert server.gate.timed_out >= 1
        assert server.get("/api/games").status_code == 200


def test_a_request_head_trickled_byte_by_byte_is_cut_off(sqlite_url: str) -> None:
    """Slowloris: each byte comes before any idle timeout would fire, the head never ends."""
    with (
        GatedServer(sqlite_url, header_timeout=1.0) as server,
        socket.create_connection(("127.0.0.1", server.port), timeout=10) as slow,
    ):
        slow.sendall(f"GET /api/games HTTP/1.1\r\nHost: 127.0.0.1:{server.port}\r\n".encode())
        closed = False
        for number in range(60):
            try:
                slow.sendall(f"x-{number}: y\r\n".encode())
            except ConnectionError:
                closed = True
                break
            readable, _, _ = select.select([slow], [], [], 0.25)
            if readable and _closed_by_server(slow, 1.0):
                closed = True
                break
        assert closed, "the trickled head was held for 15 seconds"


def test_a_trickled_body_is_refused_with_408(sqlite_url: str) -> None:
    with GatedServer(sqlite_url, header_timeout=1.0) as server:
        with socket.create_connection(("127.0.0.1", server.port), timeout=15) as slow:
            slow.sendall(
                (
                    f"POST /api/tables HTTP/1.1\r\nHost: 127.0.0.1:{server.port}\r\n"
                    "Content-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"
                ).encode()
            )
            answer = slow.recv(4096)
        assert answer.startswith(b"HTTP/1.1 408") and b"too-slow" in answer


def test_a_websocket_that_never_joins_is_closed(sqlite_url: str) -> None:
    with GatedServer(sqlite_url, header_timeout=1.0) as server:
        table = server.create("diamant", ["me", "rule", "rule"])
        with (
            connect(server.ws_url(table["table"])) as ws,
            pytest.raises(ConnectionClosed) as closed,
        ):
            ws.recv(timeout=15)
        assert closed.value.rcvd is not None and closed.value.rcvd.code == 4408
        ann = Player(server, table["table"], table["token"])  # a page joins at once
        try:
            assert ann.wait_for(lambda f: f["type"] == "state")["seat"] == 0
        finally:
            ann.close()


def test_over_the_cap_a_new_address_gets_in_and_the_crowding_one_is_refused(
    sqlite_url: str,
) -> None:
    """One address holds every connection the server allows: another address still gets
    in (one of the crowd is closed to make room), and the crowd's next one is refused
    cleanly, with 503 and a Retry-After."""
    settings = {"max_connections": 16, "header_timeout": 30.0, "keep_alive_timeout": 30}
    with GatedServer(sqlite_url, **settings) as server:
        crowd = [_socket_from("127.0.0.2", server.port) for _ in range(16)]
        try:
            deadline = time.monotonic() + 15
            while server.gate.open < 16:
                assert time.monotonic() < deadline, "the crowd's connections were not seen"
                time.sleep(0.05)
            transport = httpx.HTTPTransport(local_address="127.0.0.3")
            with httpx.Client(transport=transport, timeout=15) as newcomer:
                assert newcomer.get(server.url + "/api/games").status_code == 200
                assert server.gate.evicted == 1
                with _socket_from("127.0.0.2", server.port) as one_more:
                    answer = one_more.recv(4096)
                    assert answer.startswith(b"HTTP/1.1 503")
                    assert b"retry-after: 5" in answer and b"server-busy" in answer
                    assert _closed_by_server(one_more)
            assert sum(_closed_by_server(sock, 0.2) for sock in crowd) == 1
        finally:
            for sock in crowd:
                sock.close()


# -- slow readers -------------------------------------------------------------------------


def test_a_slow_reader_of_large_states_is_closed_by_size_not_by_frame_count() -> None:
    """A reader that never reads: eight states of 100,000 characters (a few frames, far
    below the frame limit) outgrow its outbox, and it is closed with 4008, the page's cue
    to reconnect and be resynced."""
    from relicbox.server.live import Connection
    from relicbox.server.protocol import SLOW_READER_CLOSE

    async def run() -> tuple[bool, list[int], int]:
        never_read = asyncio.Event()
        closed_with: list[int] = []

        async def send(text: str) -> None:
            await never_read.wait()

        async def close(code: int) -> None:
            closed_with.append(code)

        conn = Connection(send, close_with=close, outbox_limit=512, outbox_bytes=256_000)
        state = '{"type":"state","view":"' + "x" * 100_000 + '"}'
        for _ in range(8):
            conn.push_text(state)
            await asyncio.sleep(0)
        if conn.closer is not None:
            await conn.closer
        queued = conn.outbox.qsize()
        await conn.close()
        return conn.closed.is_set(), closed_with, queued

    closed, codes, queued = asyncio.run(run())
    assert closed and codes == [SLOW_READER_CLOSE]
    assert queued <= 2  # one being sent, one or two waiting: never the eight


# -- amplification: resync, chat, join churn ---------------------------------------------


def _answers_to(player: Player, messages: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The frames a connection receives for ``messages``, up to the pong that follows."""
    start = len(player.raw)
    for message in messages:
        player.send(message)
    player.send({"type": "ping"})
    player.wait_for(lambda f: f["type"] == "pong")
    return player.raw[start:]


def test_resyncs_are_limited_per_connection_and_per_address(sqlite_url: str) -> None:
    limits = {"resync_burst": 3.0, "resync_rate": 0.01, "address_resync_burst": 5.0}
    with LiveServer(sqlite_url, address_resync_rate=0.01, **limits) as server:
        table = server.create("relic-runners", ["me", "rule"])["table"]
        first, second = Player(server, table, None), Player(server, table, None)
        try:
            for watcher in (first, second):
                watcher.wait_for(lambda f: f["type"] == "state")
            answers = _answers_to(first, [{"type": "resync"}] * 10)
            assert sum(f["type"] == "state" for f in answers) == 3
            assert {f["code"] for f in answers if f["type"] == "error"} == {"rate-limited"}
            # the same address's other connection has only what is left of its budget
            answers = _answers_to(second, [{"type": "resync"}] * 3)
            assert sum(f["type"] == "state" for f in answers) == 2
        finally:
            first.close()
            second.close()


def test_chat_is_limited_per_connection_and_per_address(sqlite_url: str) -> None:
    limits = {"chat_burst": 2.0, "chat_rate": 0.01, "address_chat_burst": 3.0}
    with LiveServer(sqlite_url, address_chat_rate=0.01, **limits) as server:
        made = server.create("diamant", ["me", "open", "open"])
        table = made["table"]
        bob = server.join(table, "Bob")["token"]
        ann, bob_conn, watcher = (Player(server, table, t) for t in (made["token"], bob, None))
        try:
            for conn in (ann, bob_conn, watcher):
                conn.wait_for(lambda f: f["type"] == "state")
            said = _answers_to(ann, [{"type": "chat", "text": f"hi {n}"} for n in range(6)])
            assert [f["text"] for f in said if f["type"] == "chat"] == ["hi 0", "hi 1"]
            # Bob speaks from the same address: one line is left of its budget
            said = _answers_to(bob_conn, [{"type": "chat", "text": "hello"}] * 3)
            assert sum(f["type"] == "chat" and f["name"] == "Bob" for f in said) == 1
            assert sum(f.get("code") == "rate-limited" for f in said) == 2
            _answers_to(watcher, [])
            heard = [f["text"] for f in watcher.raw if f["type"] == "chat"]
            assert heard == ["hi 0", "hi 1", "hello"]
        finally:
            for conn in (ann, bob_conn, watcher):
                conn.close()


def test_join_churn_from_one_address_is_refused_for_a_while(sqlite_url: str) -> None:
    with LiveServer(sqlite_url, join_burst=4.0, join_rate=0.01) as server:
        table = server.create("diamant", ["me", "rule", "rule"])["table"]
        answers: list[tuple[str, int | None]] = []
        for _ in range(6):
            with connect(server.ws_url(table)) as ws:
                ws.send('{"type": "join"}')
                first = json.loads(ws.recv(timeout=10))
                code = None
                if first["type"] == "error":
                    with pytest.raises(ConnectionClosed) as closed:
                        ws.recv(timeout=10)
                    code = closed.value.rcvd.code if closed.value.rcvd else None
                answers.append((first.get("code", first["type"]), code))
        assert answers == [("welcome", None)] * 4 + [("rate-limited", 1013)] * 2


def test_a_full_state_is_built_once_a_seq_for_each_audience() -> None:
    """A crowd asking for full states at one seq costs one view and one serialisation per
    audience: the costly part of the text is the same object each time, and the text is
    the ``state`` message's."""
    from relicbox.core.registry import get_game
    from relicbox.server import frames
    from relicbox.server.live import LiveTable, Seat, TableSettings, encode

    game = get_game("relic-runners")
    table = LiveTable(
        id="cached",
        game=game,
        players=2,
        seed=3,
        options={},
        settings=TableSettings(),
        status="playing",
        seats=[Seat(0, "human", name="Ann"), Seat(1, "bot", bot="rule")],
        state=game.new_state(2, 3),
    )
    table.published_seq = table.seq
    seat = table.state.to_act[0]
    texts = [frames.state_text(table, audience, "en") for audience in (None, None, seat, seat)]
    assert json.loads(texts[0]) == json.loads(encode(frames.state_message(table, None, "en")))
    assert json.loads(texts[2]) == json.loads(encode(frames.state_message(table, seat, "en")))
    cached = frames._STATE_TEXTS["cached"][1]
    assert set(cached) == {(None, ""), (seat, "en")}
    spectators = cached[(None, "")]
    frames.state_text(table, None, "en")
    assert frames._STATE_TEXTS["cached"][1][(None, "")] is spectators
    table.state.act(seat, table.state.legal_actions(seat)[0].text)
    table.published_seq = table.seq
    table.views.clear()
    moved = json.loads(frames.state_text(table, None, "en"))
    assert moved["seq"] == table.seq and moved["view"] == json.loads(encode(table.state.view(None)))


# -- tables bots play alone -----------------------------------------------------------------


def _left_to_bots(server: LiveServer, client: httpx.Client | None = None) -> str:
    """A "me and bots" table with no grace, joined once and left: bots play it alone."""
    body = {
        "game": "relic-runners",
        "players": 2,
        "seats": [{"kind": "me"}, {"kind": "bot", "bot": "rule"}],
        "name": "Ann",
        "grace": 0,
    }
    made = (client or httpx.Client(timeout=20)).post(server.url + "/api/tables", json=body)
    assert made.status_code == 201, made.text
    table, token = made.json()["table"], made.json()["token"]
    ann = Player(server, table, token)
    ann.wait_for(lambda f: f["type"] == "state")
    ann.close()
    deadline = time.monotonic() + 20
    while not server.get(f"/api/tables/{table}").json()["seats"][0]["away"]:
        assert time.monotonic() < deadline, "the seat was not taken over"
        time.sleep(0.05)
    return table


def _make(server: LiveServer, *kinds: str, client: httpx.Client | None = None) -> httpx.Response:
    seats = [{"kind": k} if k in ("me", "open") else {"kind": "bot", "bot": k} for k in kinds]
    body = {"game": "diamant", "players": len(kinds), "seats": seats, "name": "Ann"}
    return (client or httpx.Client(timeout=20)).post(server.url + "/api/tables", json=body)


def test_a_table_its_person_left_to_bots_counts_as_a_table_of_bots_alone(
    sqlite_url: str,
) -> None:
    with LiveServer(sqlite_url, bot_tables_per_hour=1, bot_delay=1.0) as server:
        _left_to_bots(server)
        alone = _make(server, "rule", "rule", "rule")
        assert alone.status_code == 429 and alone.json()["error"] == "too-many-bot-tables"
        again = _make(server, "me", "rule", "rule")
        assert again.status_code == 429 and again.json()["error"] == "too-many-bot-tables"
        assert _make(server, "me", "open", "rule").status_code == 201  # someone may join
        with httpx.Client(transport=httpx.HTTPTransport(local_address="127.0.0.2")) as other:
            assert _make(server, "me", "rule", "rule", client=other).status_code == 201


def test_tables_left_to_bots_count_toward_the_bots_playing_at_once(sqlite_url: str) -> None:
    with LiveServer(sqlite_url, bot_tables_playing=1, bot_delay=1.0) as server:
        _left_to_bots(server)
        with httpx.Client(transport=httpx.HTTPTransport(local_address="127.0.0.2")) as other:
            alone = _make(server, "rule", "rule", "rule", client=other)
        assert alone.status_code == 429 and alone.json()["error"] == "too-many-bot-tables"


# -- tables nobody plays at leave memory ---------------------------------------------------


def _in_memory(server: LiveServer) -> dict[str, Any]:
    tables: dict[str, Any] = server.server.config.app.state.service.tables
    return tables


def _until_evicted(server: LiveServer, table: str) -> None:
    deadline = time.monotonic() + 20
    while table in _in_memory(server):
        assert time.monotonic() < deadline, "the table stayed in memory"
        time.sleep(0.05)


def test_a_finished_table_leaves_memory_and_loads_again_when_asked_for(
    sqlite_url: str,
) -> None:
    with LiveServer(sqlite_url, table_memory_ttl=0.5) as server:
        table = server.create("diamant", ["rule", "rule", "rule"])["table"]
        deadline = time.monotonic() + 60
        while server.get(f"/api/tables/{table}").json()["status"] != "finished":
            assert time.monotonic() < deadline, "the bots did not finish"
            time.sleep(0.1)
        _until_evicted(server, table)
        assert server.get(f"/api/tables/{table}").json()["status"] == "finished"
        assert table in _in_memory(server)  # loaded again, from the store
        assert server.get(f"/api/tables/{table}/record").status_code == 200


def test_a_table_whose_host_never_came_leaves_memory_and_plays_when_they_come(
    sqlite_url: str,
) -> None:
    with LiveServer(sqlite_url, table_memory_ttl=0.5) as server:
        made = server.create("diamant", ["me", "rule", "rule"])
        _until_evicted(server, made["table"])
        ann = Player(server, made["table"], made["token"])
        try:
            asked = ann.wait_for(lambda f: f["type"] == "state" and f["legal"])
            ann.act(asked["legal"][0]["text"])
            moved = ann.wait_for(lambda f: f["type"] == "error" or f["seq"] > asked["seq"])
            assert moved["type"] != "error", moved
        finally:
            ann.close()


# -- a fair lobby ---------------------------------------------------------------------------


def test_twenty_addresses_cannot_push_everyone_else_out_of_the_lobby(sqlite_url: str) -> None:
    with LiveServer(sqlite_url) as server:
        ordinary = []
        for number in range(3):
            local = httpx.HTTPTransport(local_address=f"127.0.2.{number + 1}")
            with httpx.Client(transport=local, timeout=20) as person:
                made = _make(server, "me", "open", "open", client=person)
                assert made.status_code == 201
                ordinary.append(made.json())
        host = Player(server, ordinary[0]["table"], ordinary[0]["token"])  # waits there
        try:
            host.wait_for(lambda f: f["type"] == "state")
            spam: dict[str, str] = {}
            for number in range(20):
                address = f"127.0.3.{number + 1}"
                local = httpx.HTTPTransport(local_address=address)
                with httpx.Client(transport=local, timeout=20) as spammer:
                    for _ in range(5):
                        made = _make(server, "me", "open", "open", client=spammer)
                        assert made.status_code == 201, made.text
                        spam[made.json()["table"]] = address
            listed = [t["id"] for t in server.get("/api/tables?status=open").json()]
        finally:
            host.close()
    assert len(listed) == 50 and listed[0] == ordinary[0]["table"]  # people wait there
    assert {made["table"] for made in ordinary} <= set(listed)
    per_address: dict[str, int] = {}
    for table in listed:
        if table in spam:
            per_address[spam[table]] = per_address.get(spam[table], 0) + 1
    assert max(per_address.values()) <= 3 and len(per_address) == 20


# -- a second answer to one question ----------------------------------------------------------


def test_a_decision_taken_before_the_page_heard_of_its_own_is_stale_not_illegal(
    server: LiveServer,
) -> None:
    """At a simultaneous step another seat's choice raises the seq while Ann's is on its
    way; the frame of that seq was built before hers was applied, so it still offers her
    the question. Choosing again from it (the latest legal list, at the latest seq) is a
    second answer to one question: ``stale``, since her page had not yet heard of her
    first, rather than ``illegal-action``; and nothing changes."""
    made = server.create("diamant", ["me", "open", "open"])
    table = made["table"]
    bob = server.join(table, "Bob")["token"]
    server.join(table, "Cy")
    with players(server, table, [made["token"], bob]) as (ann, bob_conn):
        asked = ann.wait_for(lambda f: f["type"] == "state" and f["legal"])["seq"]
        bob_conn.wait_for(lambda f: f["type"] == "state" and f["legal"])
        bob_conn.act("continue", seq=asked)
        moved = ann.wait_for(lambda f: f.get("seq") == asked + 1)
        assert 0 in moved["to_act"] and moved["legal"]  # still asked, at the newest seq
        ann.act("continue", seq=asked + 1)
        ann.act("leave", seq=asked + 1)  # before hearing of the first
        refusal = ann.wait_for(lambda f: f["type"] == "error")
        assert refusal["code"] == "stale", refusal
        ann.send({"type": "ping"})
        ann.wait_for(lambda f: f["type"] == "pong")
        assert ann.state()["seq"] == asked + 2 and 0 not in ann.state()["to_act"]
        # a decision taken once the page knows its own is the engine's to judge
        ann.act("leave")
        assert ann.wait_for(lambda f: f["type"] == "error")["code"] == "illegal-action"


# -- replays ---------------------------------------------------------------------------------


def test_replay_steps_are_rendered_once_and_limited_per_address(sqlite_url: str) -> None:
    """A replay step's render (its text board) takes tens of milliseconds: one address may
    not ask for them faster than its budget, and a step asked again is not rendered again."""
    with LiveServer(sqlite_url, replay_rate=0.01, replay_burst=3.0) as server:
        table = server.create("diamant", ["me", "rule", "rule"])["table"]
        path = f"/api/tables/{table}/replay?step=0"
        answers = [server.get(path) for _ in range(3)]
        assert [a.status_code for a in answers] == [200, 200, 200]
        assert answers[0].json() == answers[2].json()
        assert len(server.server.config.app.state.replay_steps) == 1  # rendered once
        limited = server.get(path)
        assert limited.status_code == 429 and limited.json()["error"] == "rate-limited"
        assert int(limited.headers["retry-after"]) >= 1
        with httpx.Client(transport=httpx.HTTPTransport(local_address="127.0.0.2")) as other:
            assert other.get(server.url + path).status_code == 200


def test_an_address_asking_again_past_its_quota_is_refused_without_counting_again(
    sqlite_url: str,
) -> None:
    """Table spam past a quota: each refused request counted the address's tables in the
    database; a refusal is now remembered for a few seconds."""
    from sqlalchemy import event

    with LiveServer(sqlite_url, tables_per_hour=1) as server:
        assert _make(server, "me", "rule", "rule").status_code == 201
        first = _make(server, "me", "rule", "rule")
        assert first.status_code == 429 and first.json()["error"] == "too-many-tables"
        statements: list[str] = []
        engine = server.server.config.app.state.quotas.store.engine

        def counted(*args: Any) -> None:
            statements.append(str(args[2]))

        event.listen(engine, "before_cursor_execute", counted)
        try:
            again = [_make(server, "me", "rule", "rule") for _ in range(5)]
        finally:
            event.remove(engine, "before_cursor_execute", counted)
        assert {a.json()["error"] for a in again} == {"too-many-tables"}
        assert all(1 <= int(a.headers["retry-after"]) <= 3600 for a in again)
        assert statements == []
        with httpx.Client(transport=httpx.HTTPTransport(local_address="127.0.0.2")) as other:
            assert _make(server, "me", "rule", "rule", client=other).status_code == 201


def test_over_the_cap_addresses_holding_about_as_many_do_not_close_each_others(
    sqlite_url: str,
) -> None:
    """Ten and six connections: the address of six is refused rather than closing one of
    the ten's, which would reconnect and close one of the six's in turn, and so on."""
    settings = {"max_connections": 16, "header_timeout": 30.0}
    with GatedServer(sqlite_url, **settings) as server:
        held = [_socket_from("127.0.0.2", server.port) for _ in range(10)]
        held += [_socket_from("127.0.0.3", server.port) for _ in range(6)]
        try:
            deadline = time.monotonic() + 15
            while server.gate.open < 16:
                assert time.monotonic() < deadline, "the connections were not seen"
                time.sleep(0.05)
            with _socket_from("127.0.0.3", server.port) as one_more:
                assert one_more.recv(4096).startswith(b"HTTP/1.1 503")
            assert server.gate.evicted == 0
        finally:
            for sock in held:
                sock.close()


def test_the_process_renders_few_replay_steps_a_second_and_serves_kept_ones(
    sqlite_url: str,
) -> None:
    settings = {"replay_renders_rate": 0.01, "replay_renders_burst": 3.0}
    with LiveServer(sqlite_url, **settings) as server:
        table = server.create("diamant", ["rule", "rule", "rule"])["table"]
        deadline = time.monotonic() + 60
        while server.get(f"/api/tables/{table}").json()["status"] != "finished":
            assert time.monotonic() < deadline, "the bots did not finish"
            time.sleep(0.1)
        answers = [server.get(f"/api/tables/{table}/replay?step={n}") for n in range(5)]
        assert [a.status_code for a in answers] == [200, 200, 200, 503, 503]
        assert answers[3].json()["error"] == "server-busy"
        assert int(answers[3].headers["retry-after"]) >= 1
        assert server.get(f"/api/tables/{table}/replay?step=1").status_code == 200  # kept
