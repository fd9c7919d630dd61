"""The server against strangers: budgets for bots, quotas for tables and requests, limits
on what a request may hold, security headers, origins and chat text. Each test runs a real
server on a real socket, with settings small enough to reach every limit quickly."""

from __future__ import annotations

import asyncio
import json
import logging
import re
import time
from typing import Any

import httpx
import pytest
from websockets.exceptions import InvalidStatus
from websockets.sync.client import connect

from relicbox.server import botpool
from relicbox.server.botpool import BotPool
from relicbox.server.routes import api as api_routes
from relicbox.server.store import Store
from relicbox.server.tables import TableService
from support.server import LiveServer, Player


def _seats(*kinds: str) -> list[dict[str, str]]:
    return [{"kind": k} if k in ("me", "open") else {"kind": "bot", "bot": k} for k in kinds]


def _make(
    server: LiveServer, game: str, *kinds: str, client: httpx.Client | None = None
) -> httpx.Response:
    body = {"game": game, "players": len(kinds), "seats": _seats(*kinds), "name": "Ann"}
    if client is not None:
        return client.post(server.url + "/api/tables", json=body)
    return server.post("/api/tables", body)


def _from(address: str) -> httpx.Client:
    """A client whose requests come from another loopback address: another person."""
    return httpx.Client(transport=httpx.HTTPTransport(local_address=address), timeout=20)


# -- bots as a budgeted resource -------------------------------------------------------


@pytest.mark.parametrize("stop", ["cancel", "replace"])
def test_a_search_that_overruns_is_stopped_so_the_next_decision_is_on_time(
    stop: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    if stop == "replace":  # a worker that cannot be cancelled: a warm spare takes its place
        monkeypatch.setattr(botpool, "CANCEL", None)

    async def run() -> tuple[Any, Any, float, int]:
        pool = BotPool(1)
        await pool.start()
        try:
            view, legal = _first_decision("diamant")
            endless = pool.choose(
                "diamant", "ismcts:iters=100000000", view, legal, 1, "leave", 0.5, key="a"
            )
            overrun = await endless
            started = time.monotonic()
            search = "ismcts:iters=5"  # on the search worker, which the endless one held
            after = await pool.choose("diamant", search, view, legal, 2, "leave", 1.0, key="b")
            return overrun, after, time.monotonic() - started, pool.replaced
        finally:
            pool.close()

    overrun, after, took, replaced = asyncio.run(run())
    assert overrun.late_or_failed == "late" and replaced == (stop == "replace")
    assert after.late_or_failed is None and took < 1.0


def _first_decision(game_name: str) -> tuple[dict[str, Any], list[str]]:
    from relicbox.core.registry import get_game

    state = get_game(game_name).new_state(3, 5)
    seat = state.to_act[0]
    return state.view(seat), [a.text for a in state.legal_actions(seat)]


def test_an_expensive_bot_does_not_make_another_tables_bot_late(sqlite_url: str) -> None:
    settings = {"bot_workers": 1, "bot_think_ms": 200, "bot_budget": 1.5}
    with LiveServer(sqlite_url, **settings) as server:
        heavy = _make(server, "relic-runners", *["ismcts:iters=5000"] * 3)
        assert heavy.status_code == 201, heavy.text
        seated = server.get(f"/api/tables/{heavy.json()['table']}").json()["seats"]
        assert all("ms=200" in seat["bot"] for seat in seated)  # the budget it carries
        light = _make(server, "diamant", "rule", "rule", "rule").json()["table"]
        watcher = Player(server, light, None)
        try:
            watcher.wait_for(
                lambda f: f["type"] == "state" and (f["seq"] >= 25 or f["over"]), timeout=60
            )
        finally:
            watcher.close()
    store = Store(sqlite_url)
    try:
        assert [note for note in store.notes(light) if note[0].startswith("bot-")] == []
    finally:
        store.close()


def test_the_lobby_offers_only_bots_that_fit_the_budget_named_in_words(
    sqlite_url: str,
) -> None:
    with LiveServer(sqlite_url, bot_think_ms=1000) as server:
        games = {g["name"]: g for g in server.get("/api/games?lang=cs").json()}
        refused = _make(server, "diamant", "me", "rule", "ismcts:ms=5000")
    diamant = games["diamant"]
    assert "ismcts:ms=1000" in diamant["bots"] and "rule" in diamant["bots"]
    labels = diamant["bot_labels"]
    assert labels["rule"] != "rule" and "1" in labels["ismcts:ms=1000"]
    assert all(label != spec for spec, label in labels.items())
    assert "Bot" in labels["rule"] or "bot" in labels["rule"]
    assert refused.status_code == 400 and "1000" in refused.json()["message"]


@pytest.mark.parametrize("iteration_ms", [0.1, 0.4])
def test_a_search_is_offered_only_when_fifty_iterations_fit_the_budget(
    iteration_ms: float, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The rule itself, on fixed iteration times: a real pool measures them on the machine
    it runs on, so a live server's offer depends on how fast that machine is."""
    from relicbox.core.registry import get_game

    async def measured(self: BotPool, game_name: str) -> float:
        return iteration_ms / 1000

    monkeypatch.setattr(BotPool, "iteration_seconds", measured)
    pool = BotPool(1, think_ms=10)
    game = get_game("diamant")
    offered = asyncio.run(botpool.offered_bots(pool, game))
    fits = iteration_ms * botpool.MIN_SEARCH_ITERATIONS <= 10
    assert ("ismcts:ms=10" in offered) is fits, offered
    assert "rule" in offered and "expert" in offered


# -- quotas ---------------------------------------------------------------------------


def test_tables_per_address_are_limited_by_the_hour_and_while_open(sqlite_url: str) -> None:
    with LiveServer(sqlite_url, tables_per_hour=3, open_tables_per_address=2) as server:
        assert _make(server, "diamant", "me", "open", "open").status_code == 201
        assert _make(server, "diamant", "me", "open", "open").status_code == 201
        third_open = _make(server, "diamant", "me", "open", "open")
        assert third_open.status_code == 429
        assert third_open.json()["error"] == "too-many-open-tables"
        assert _make(server, "diamant", "me", "rule", "rule").status_code == 201
        fourth = _make(server, "diamant", "me", "rule", "rule")
        assert fourth.status_code == 429 and fourth.json()["error"] == "too-many-tables"
        assert int(fourth.headers["retry-after"]) > 0
        with _from("127.0.0.2") as other:
            assert _make(server, "diamant", "me", "rule", "rule", client=other).status_code == 201


def test_all_bot_tables_are_allowed_but_counted(sqlite_url: str) -> None:
    with LiveServer(sqlite_url, bot_tables_per_hour=1) as server:
        assert _make(server, "diamant", "rule", "rule", "random").status_code == 201
        again = _make(server, "diamant", "rule", "rule", "random")
        assert again.status_code == 429 and again.json()["error"] == "too-many-bot-tables"
        assert _make(server, "diamant", "me", "rule", "rule").status_code == 201


def test_tables_of_bots_alone_play_at_a_slower_pace(sqlite_url: str) -> None:
    with LiveServer(sqlite_url, bot_table_delay=0.5) as server:
        alone = server.create("diamant", ["rule", "rule", "rule"])["table"]
        watcher = Player(server, alone, None)
        try:
            time.sleep(2.0)
            watcher.drain()
            seq = max(f.get("seq", 0) for f in watcher.frames)
        finally:
            watcher.close()
    # nobody waits for a table of bots alone: each seat moves at most every 0.5 s, so in
    # 2 s its record holds a few steps (and their cards), not a whole game
    assert 0 < seq <= 40


def test_the_http_api_is_rate_limited_per_address(sqlite_url: str) -> None:
    with LiveServer(sqlite_url, http_rate=1.0, http_burst=3.0) as server:
        answers = [server.get("/api/tables") for _ in range(6)]
        limited = [a for a in answers if a.status_code == 429]
        assert limited and [a.status_code for a in answers[:3]] == [200, 200, 200]
        assert limited[0].json()["error"] == "rate-limited"
        wait = int(limited[0].headers["retry-after"])
        assert 1 <= wait <= 2
        assert server.get("/").status_code == 200  # pages are not the API
        with _from("127.0.0.3") as other:
            assert other.get(server.url + "/api/tables").status_code == 200
        time.sleep(wait)
        assert server.get("/api/tables").status_code == 200


def test_idle_open_tables_expire(sqlite_url: str) -> None:
    with LiveServer(sqlite_url, open_table_ttl=1.0) as server:
        idle = server.create("diamant", ["me", "open", "open"])["table"]
        waiting = server.create("diamant", ["me", "open", "open"])
        host = Player(server, waiting["table"], waiting["token"])
        try:
            host.wait_for(lambda f: f["type"] == "welcome")
            time.sleep(3.0)
            assert server.get(f"/api/tables/{idle}").status_code == 404
            listed = [t["id"] for t in server.get("/api/tables?status=open").json()]
            assert idle not in listed and waiting["table"] in listed
            host.send({"type": "ping"})
            host.wait_for(lambda f: f["type"] == "pong")
        finally:
            host.close()


# -- input ----------------------------------------------------------------------------


def test_deep_json_is_a_bad_message_and_the_server_stays_healthy(server: LiveServer) -> None:
    made = server.create("diamant", ["me", "rule", "rule"])
    ann = Player(server, made["table"], made["token"])
    try:
        ann.wait_for(lambda f: f["type"] == "welcome")
        nested: object = 1
        for _ in range(40):
            nested = [nested]  # deeper than the limit, yet short: the depth is refused
        for deep in ("[" * 4000, '{"a":' * 800, json.dumps({"type": "chat", "text": nested})):
            ann.mark = len(ann.frames)
            ann.ws.send(deep)
            assert ann.wait_for(lambda f: f["type"] == "error")["code"] == "bad-message"
        ann.send({"type": "ping"})
        ann.wait_for(lambda f: f["type"] == "pong")
    finally:
        ann.close()
    deep_body = '{"game": "diamant", "players": 3, "seats": ' + "[" * 5000 + "]" * 5000 + "}"
    answer = httpx.post(
        server.url + "/api/tables",
        content=deep_body,
        headers={"content-type": "application/json"},
        timeout=20,
    )
    assert answer.status_code == 400 and answer.json()["error"] == "bad-message"
    assert server.get("/api/games").status_code == 200


def test_a_failing_handler_answers_bad_message_and_the_connection_lives(
    server: LiveServer, monkeypatch: pytest.MonkeyPatch
) -> None:
    async def broken(*args: object) -> None:
        raise RuntimeError("a fault inside the handler")

    monkeypatch.setattr(TableService, "chat", broken)
    made = server.create("diamant", ["me", "rule", "rule"])
    ann = Player(server, made["table"], made["token"])
    try:
        ann.wait_for(lambda f: f["type"] == "welcome")
        ann.send({"type": "chat", "text": "hello"})
        error = ann.wait_for(lambda f: f["type"] == "error")
        assert error["code"] == "bad-message" and "fault" not in error["message"]
        ann.send({"type": "ping"})
        ann.wait_for(lambda f: f["type"] == "pong")
    finally:
        ann.close()


def test_a_binary_frame_is_a_bad_message_logged_nowhere_and_the_connection_lives(
    server: LiveServer, caplog: pytest.LogCaptureFixture, monkeypatch: pytest.MonkeyPatch
) -> None:
    # uvicorn's own logger keeps its records from the root logger, where caplog listens
    monkeypatch.setattr(logging.getLogger("uvicorn"), "propagate", True)
    made = server.create("diamant", ["me", "rule", "rule"])
    ann = Player(server, made["table"], made["token"])
    try:
        ann.wait_for(lambda f: f["type"] == "welcome")
        with caplog.at_level(logging.ERROR):
            for frame in (b'{"type": "ping"}', b"\xff\x00"):
                ann.mark = len(ann.frames)
                ann.ws.send(frame)
                error = ann.wait_for(lambda f: f["type"] == "error")
                assert error["code"] == "bad-message"
                assert error["message"] == "messages are JSON text: a binary frame was refused"
            ann.send({"type": "ping"})
            ann.wait_for(lambda f: f["type"] == "pong")
        assert [r for r in caplog.records if r.levelno >= logging.ERROR] == []
    finally:
        ann.close()


def test_a_failing_http_handler_answers_bad_message_without_details(
    server: LiveServer, monkeypatch: pytest.MonkeyPatch
) -> None:
    async def broken(*args: object) -> list[str]:
        raise RuntimeError("a fault inside the handler")

    monkeypatch.setattr(api_routes, "offered_bots", broken)
    failed = server.get("/api/games")
    assert failed.status_code == 500 and failed.json()["error"] == "bad-message"
    assert "fault" not in failed.text
    assert server.get("/api/tables").status_code == 200


def test_a_huge_body_is_refused_with_413_without_echoing_it(sqlite_url: str) -> None:
    with LiveServer(sqlite_url, max_body_bytes=64 * 1024) as server:
        filler = "x" * 2_000_000
        body = {"game": "diamant", "players": 3, "seats": _seats("me", "rule", "rule")}
        huge = server.post("/api/tables", {**body, "name": filler})
        assert huge.status_code == 413 and huge.json()["error"] == "too-large"
        assert len(huge.content) < 1000

        def stream() -> Any:
            for _ in range(40):
                yield b"x" * 50_000

        streamed = httpx.post(server.url + "/api/tables", content=stream(), timeout=20)
        assert streamed.status_code == 413 and len(streamed.content) < 1000
        secret = "SECRET-" + "y" * 30_000
        invalid = server.post("/api/tables", {**body, "players": secret})
        assert invalid.status_code == 422 and invalid.json()["error"] == "bad-message"
        assert "SECRET" not in invalid.text and len(invalid.content) < 1000
        assert server.get("/api/games").status_code == 200


# -- headers, origins, chat -------------------------------------------------------------


def _script_src(policy: str) -> str:
    for directive in policy.split(";"):
        if directive.strip().startswith("script-src"):
            return directive
    raise AssertionError(f"no script-src in {policy!r}")


def test_security_headers_are_on_every_page(server: LiveServer) -> None:
    table = server.create("diamant", ["me", "rule", "rule"])["table"]
    paths = [
        "/",
        "/?lang=cs",
        f"/t/{table}",
        f"/t/{table}/replay",
        "/api/games",
        f"/api/tables/{table}",
        "/static/lobby.js",
        "/i18n/en.json",
        "/no-such-page",
    ]
    for path in paths:
        headers = server.get(path).headers
        policy = headers["content-security-policy"]
        assert "'unsafe-inline'" not in _script_src(policy) and "'unsafe-eval'" not in policy
        assert "frame-ancestors 'none'" in policy and "default-src 'self'" in policy
        assert headers["x-frame-options"] == "DENY"
        assert headers["x-content-type-options"] == "nosniff"
        assert headers["referrer-policy"]


def test_pages_hold_no_inline_script(server: LiveServer) -> None:
    table = server.create("diamant", ["me", "rule", "rule"])["table"]
    for path in ("/", "/?lang=cs", f"/t/{table}", f"/t/{table}/replay"):
        html = server.get(path).text
        assert not re.search(r"<script(?![^>]*\bsrc=)[^>]*>", html), path
        assert not re.search(r"\son[a-z]+\s*=", html), path
        assert not re.search(r"javascript:", html, re.IGNORECASE), path


def test_a_websocket_from_another_origin_is_refused(sqlite_url: str) -> None:
    with LiveServer(sqlite_url, allowed_origins=("https://play.example",)) as server:
        table = server.create("diamant", ["me", "rule", "rule"])["table"]
        url = server.ws_url(table)
        with pytest.raises(InvalidStatus) as refused:
            connect(url, origin="http://evil.example")  # type: ignore[arg-type]
        assert refused.value.response.status_code == 403
        for origin in (f"http://127.0.0.1:{server.port}", "https://play.example"):
            with connect(url, origin=origin) as ws:  # type: ignore[arg-type]
                ws.send(json.dumps({"type": "join"}))
                assert json.loads(ws.recv(timeout=10))["type"] == "welcome"


def test_chat_strips_the_control_characters_names_lose(server: LiveServer) -> None:
    made = server.create("diamant", ["me", "rule", "rule"])
    ann = Player(server, made["table"], made["token"])
    try:
        ann.wait_for(lambda f: f["type"] == "welcome")
        ann.send({"type": "chat", "text": "Hi\u202e the\u200bre\x07!\u2066"})
        assert ann.wait_for(lambda f: f["type"] == "chat")["text"] == "Hi there!"
        ann.send({"type": "chat", "text": "\u200b\u202e"})
        assert ann.wait_for(lambda f: f["type"] == "error")["code"] == "bad-message"
    finally:
        ann.close()


# -- budgets by cost --------------------------------------------------------------------


@pytest.mark.slow
def test_five_tables_of_the_lobbys_own_search_do_not_make_another_tables_search_late(
    sqlite_url: str,
) -> None:
    """On one search worker, a stranger's five tables of bots alone, each seat the lobby's
    own search, and a person's table with two searches: the person's searches take their
    turns by owner, and none of them is late."""
    settings = {"bot_workers": 1, "bot_delay": 0.2, "bot_table_delay": 1.0}
    with LiveServer(sqlite_url, **settings) as server:
        search = "ismcts:ms=1000"  # what the lobby offers with the default --bot-think-ms
        for _ in range(5):
            assert _make(server, "diamant", search, search, search).status_code == 201
        with _from("127.0.0.2") as other:
            made = _make(server, "diamant", "me", search, search, client=other).json()
        ann = Player(server, made["table"], made["token"])
        try:
            frame = ann.wait_for(lambda f: f["type"] == "state")
            acted, deadline = -1, time.monotonic() + 90
            while not (frame["over"] or frame["seq"] >= 30):  # thirty steps of the game
                assert time.monotonic() < deadline, "the table stood still"
                if frame["legal"] and frame["seq"] > acted:
                    acted = frame["seq"]
                    ann.act(frame["legal"][0]["text"], acted)
                time.sleep(0.05)
                ann.drain()
                frame = ann.state()
        finally:
            ann.close()
    store = Store(sqlite_url)
    try:
        notes = store.notes(made["table"])
    finally:
        store.close()
    assert [note for note in notes if note[0].startswith("bot-")] == []


def _finished_table(server: LiveServer, game: str = "diamant") -> str:
    table: str = server.create(game, ["rule", "rule", "rule"])["table"]
    deadline = time.monotonic() + 60
    while server.get(f"/api/tables/{table}").json()["status"] != "finished":
        assert time.monotonic() < deadline, f"table {table} did not finish"
        time.sleep(0.1)
    return table


@pytest.mark.slow
def test_reviews_are_paid_for_by_the_address_asking(sqlite_url: str) -> None:
    budget = {"review_cpu_burst": 0.01, "review_cpu_rate": 0.0001}
    with LiveServer(sqlite_url, **budget) as server:
        table = _finished_table(server)
        assert server.post(f"/api/tables/{table}/analysis?seat=0", {}).status_code == 200
        again = server.post(f"/api/tables/{table}/analysis?seat=1&lang=cs", {})
        with _from("127.0.0.2") as other:
            elsewhere = other.post(f"{server.url}/api/tables/{table}/analysis?seat=1", json={})
        made = server.get(f"/api/tables/{table}/analysis?seat=0")
    assert again.status_code == 429 and again.json()["error"] == "analysis-budget"
    assert int(again.headers["retry-after"]) > 60 and "min" in again.json()["message"]
    assert elsewhere.status_code == 200 and elsewhere.json()["seat"] == 1
    assert made.status_code == 200  # what was made is kept, whatever the budget


@pytest.mark.slow
def test_a_review_whose_asker_has_gone_is_stopped(sqlite_url: str) -> None:
    with LiveServer(sqlite_url, bot_workers=1) as server:
        table = _finished_table(server, "relic-runners")  # a long review: many decisions
        path = f"/api/tables/{table}/analysis?seat=0"
        with pytest.raises(httpx.ReadTimeout):
            httpx.post(server.url + path, json={}, timeout=2.0)
        deadline = time.monotonic() + 30
        while server.get(path).json()["running"]:
            assert time.monotonic() < deadline, "the review nobody waits for still runs"
            time.sleep(0.2)
        left = server.get(path)
    assert left.status_code == 404 and left.json() == {"error": "not-analysed", "running": False}


def test_replays_are_paid_for_by_the_address_asking(sqlite_url: str) -> None:
    budget = {"replay_cpu_burst": 0.001, "replay_cpu_rate": 0.00001}
    with LiveServer(sqlite_url, **budget) as server:
        table = _finished_table(server)
        first = server.get(f"/api/tables/{table}/replay?step=0")
        again = server.get(f"/api/tables/{table}/replay?step=1&lang=cs")
        with _from("127.0.0.2") as other:
            elsewhere = other.get(f"{server.url}/api/tables/{table}/replay?step=1")
    assert first.status_code == 200 and first.json()["step"] == 0
    assert again.status_code == 429 and again.json()["error"] == "replay-budget"
    assert int(again.headers["retry-after"]) > 60 and "min" in again.json()["message"]
    assert elsewhere.status_code == 200 and elsewhere.json()["step"] == 1


def test_the_replay_of_a_table_still_playing_follows_its_game(server: LiveServer) -> None:
    made = server.create("diamant", ["me", "rule", "rule"])
    path = f"/api/tables/{made['table']}/replay"
    replays = [server.get(path).json()]
    for _ in range(2):
        # a fresh page each time: its state is the table's as it is now
        ann = Player(server, made["table"], made["token"])
        try:
            frame = ann.wait_for(lambda f: f["type"] == "state" and bool(f["legal"]))
            ann.act(frame["legal"][0]["text"], frame["seq"])
            # the replay follows the table: its steps grow once the decision is stored
            deadline = time.monotonic() + 15
            while (latest := server.get(path).json())["steps"] == replays[-1]["steps"]:
                assert time.monotonic() < deadline, "the replay did not follow the game"
                time.sleep(0.05)
            replays.append(latest)
        finally:
            ann.close()
    assert replays[0]["steps"] < replays[1]["steps"] < replays[2]["steps"]
    earlier = server.get(f"{path}?step={replays[0]['steps'] - 1}").json()
    assert {**earlier, "steps": 0, "table": None} == {**replays[0], "steps": 0, "table": None}


@pytest.mark.slow
def test_replays_are_made_in_a_worker_not_in_the_servers_process(sqlite_url: str) -> None:
    from relicbox.server import replays

    with LiveServer(sqlite_url, bot_workers=1) as server:
        table = _finished_table(server)
        steps = [server.get(f"/api/tables/{table}/replay?step={n}") for n in range(3)]
    assert [s.json()["step"] for s in steps] == [0, 1, 2]
    assert table not in replays._built  # the server (this process) replayed nothing itself
