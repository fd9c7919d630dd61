"""Play over WebSocket: errors, secrecy at simultaneous steps, reconnects, takeovers, clocks."""

from __future__ import annotations

import json
import time
from typing import Any

import pytest

import relicbox
from relicbox.server import connections, lobby
from support.server import LiveServer, Player, players


def _state(frame: dict[str, object]) -> bool:
    return frame["type"] == "state"


def _started(frame: dict[str, object]) -> bool:
    return frame["type"] == "state" and frame["view"] is not None


def test_every_refusal_has_a_code_and_reaches_only_its_connection(server: LiveServer) -> None:
    made = server.create("diamant", ["me", "open", "open"])
    table = made["table"]
    bob = server.join(table, "Bob")
    cy = server.join(table, "Cy")
    with players(server, table, [made["token"], bob["token"], cy["token"], None]) as conns:
        ann, bob_conn, cy_conn, watcher = conns
        for conn in conns:
            conn.wait_for(_started)
        ann.act("dance")
        assert ann.wait_for(lambda f: f["type"] == "error")["code"] == "invalid-action"
        ann.act("continue")
        ann.wait_for(lambda f: _state(f) and f["seq"] > 0 and 0 not in f["to_act"])
        ann.act("leave")
        error = ann.wait_for(lambda f: f["type"] == "error")
        assert error["code"] == "illegal-action" and "seat 0" in error["message"]
        watcher.act("continue")
        assert watcher.wait_for(lambda f: f["type"] == "error")["code"] == "spectator"
        watcher.send({"type": "chat", "text": "hi"})
        ann.send({"type": "mystery"})
        assert ann.wait_for(lambda f: f.get("code") == "bad-message")
        ann.ws.send("{not json")
        ann.wait_for(lambda f: f.get("code") == "bad-message" and "JSON" in f["message"])
        ann.ws.send(json.dumps({"type": "chat", "text": "x" * 5000}))
        assert ann.wait_for(lambda f: f.get("code") == "too-large")
        ann.send({"type": "join", "token": made["token"]})
        assert ann.wait_for(lambda f: f.get("code") == "already-joined")
        watcher.wait_for(lambda f: f.get("code") == "spectator")
        time.sleep(0.3)
        for other in (bob_conn, cy_conn):
            other.drain()
            assert other.errors() == []
        watcher.drain()
        assert [f["code"] for f in watcher.errors()] == ["spectator", "spectator"]


def test_bad_tokens_and_messages_before_join_are_refused(server: LiveServer) -> None:
    table = server.create("diamant", ["me", "rule", "rule"])["table"]
    stranger = Player(server, table, "forged-token-123")
    try:
        assert stranger.wait_for(lambda f: f["type"] == "error")["code"] == "bad-token"
    finally:
        stranger.close()
    early = Player.__new__(Player)
    early._connection = __import__("websockets.sync.client").sync.client.connect(
        server.ws_url(table)
    )
    early.ws = early._connection.__enter__()
    early.frames, early.raw, early.current = [], [], None
    early.mark = 0
    try:
        early.send({"type": "act", "action": "leave", "seq": 0})
        assert early.wait_for(lambda f: f["type"] == "error")["code"] == "not-joined"
    finally:
        early.close()
    from websockets.sync.client import connect

    with connect(server.ws_url("missing")) as nowhere:
        assert json.loads(nowhere.recv(timeout=10))["code"] == "no-table"


@pytest.mark.slow
def test_rate_limit_refuses_floods(server: LiveServer) -> None:
    made = server.create("diamant", ["me", "rule", "rule"])
    with players(server, made["table"], [made["token"]]) as (ann,):
        for _ in range(60):
            ann.send({"type": "ping"})
        ann.wait_for(lambda f: f.get("code") == "rate-limited")


@pytest.mark.parametrize(
    ("seed", "round_ends"),
    [(5, False), (4, True)],
    ids=["round-goes-on", "second-trap-ends-the-round"],
)
def test_simultaneous_choices_stay_secret_until_everyone_has_chosen(
    server: LiveServer, monkeypatch: pytest.MonkeyPatch, seed: int, round_ends: bool
) -> None:
    # with seed 4 the card revealed after Ann leaves repeats the first trap, so Bob and Cy flee
    # and the next round starts at once: nobody ever sees Ann outside in that round
    monkeypatch.setattr(lobby.secrets, "randbelow", lambda limit: seed)
    made = server.create("diamant", ["me", "open", "open"])
    table = made["table"]
    tokens = [made["token"], server.join(table, "Bob")["token"], server.join(table, "Cy")["token"]]
    with players(server, table, [*tokens, None]) as conns:
        for conn in conns:
            conn.wait_for(_started)
        start = conns[0].state()["seq"]
        conns[0].act("leave")
        frames = [c.wait_for(lambda f: _state(f) and f["seq"] > start) for c in conns]
        # the others learn only that Ann has chosen: who is still to act, never what
        for frame in frames[1:]:
            assert frame["to_act"] == [1, 2]
            assert "leave" not in json.dumps(frame["view"]["history"][-1:])
            assert frame["view"]["inside"] == [True, True, True]
        assert frames[0]["view"]["my_choice"] == "leave"
        assert all(f["view"].get("my_choice") is None for f in frames[1:])
        conns[1].act("continue")
        conns[2].act("continue")
        # once everyone has chosen, Ann's leaving is told to all; the revealed card may be a
        # second trap that ends the round and sends everyone back inside, so read the history
        after = conns[3].wait_for(lambda f: _state(f) and _left(f["view"]["history"]))
        assert _left(after["view"]["history"]) == [0]
        assert after["view"]["round"] == (2 if round_ends else 1)
        assert after["view"]["inside"] == [round_ends, True, True]


def _left(history: list[dict[str, Any]]) -> list[int] | None:
    """The seats of the first leave event in ``history``, if there is one."""
    leaves: list[list[int]] = [event["seats"] for event in history if event["type"] == "leave"]
    return leaves[0] if leaves else None


def test_reconnecting_with_the_token_resyncs_fully(server: LiveServer) -> None:
    made = server.create("tschak", ["me", "rule", "rule"], grace=60)
    table = made["table"]
    first = Player(server, table, made["token"])
    frame = first.wait_for(lambda f: _state(f) and f["legal"])
    first.act(frame["legal"][0]["text"])
    first.wait_for(lambda f: _state(f) and f["seq"] > frame["seq"])
    first.close()
    # another device: same token, full state of that seat
    second = Player(server, table, made["token"])
    try:
        welcome = second.wait_for(lambda f: f["type"] == "welcome")
        assert welcome["seat"] == 0
        state = second.wait_for(_state)
        record = server.get(f"/api/tables/{table}").json()
        assert record["seats"][0]["connected"] is True
        assert state["view"]["seat"] == 0 and state["view"]["hand"]
        second.send({"type": "resync"})
        again = second.wait_for(lambda f: _state(f) and f is not state)
        assert again["view"] == second.state()["view"]
    finally:
        second.close()


def test_a_seat_left_empty_is_played_by_a_bot_and_given_back(sqlite_url: str) -> None:
    with LiveServer(sqlite_url) as live:
        made = live.create("diamant", ["me", "open", "rule"], grace=1)
        table = made["table"]
        bob = live.join(table, "Bob")
        ann = Player(live, table, made["token"])
        ann.wait_for(_started)
        ann.close()  # Ann leaves; grace is 1 s
        with players(live, table, [bob["token"]]) as (bob_conn,):
            bob_conn.wait_for(lambda f: _state(f) and f["table"]["seats"][0]["away"], timeout=20)
            # while Ann is away, a bot makes her choices
            while not bob_conn.state()["over"]:
                frame = bob_conn.state()
                if frame["legal"]:
                    bob_conn.act("continue")
                bob_conn.wait_for(lambda f, s=frame["seq"]: _state(f) and f["seq"] > s)
                if frame["seq"] > 12:
                    break
            back = Player(live, table, made["token"])
            try:
                back.wait_for(lambda f: _state(f) and not f["table"]["seats"][0]["away"])
            finally:
                back.close()
        notes = live_notes(live, table)
        assert ("takeover", 0) in notes and ("return", 0) in notes
        events = live_events(live, table)
        assert any(e.reason == "takeover" and e.seat == 0 for e in events)


@pytest.mark.slow
def test_clock_expiry_applies_the_documented_default_and_records_why(server: LiveServer) -> None:
    made = server.create("diamant", ["me", "rule", "rule"], clock={"mode": "move", "seconds": 5})
    table = made["table"]
    with players(server, table, [made["token"]]) as (ann,):
        frame = ann.wait_for(_started)
        assert frame["clocks"]["mode"] == "move" and frame["clocks"]["running"] == [0]
        from relicbox.server.store import Store

        store = Store(server.db_url)  # one reader, opened once, polling the stored record
        try:
            deadline = time.monotonic() + 40
            while not any(e.reason == "timeout" for e in store.events(table)):
                assert time.monotonic() < deadline, (
                    f"the clock never ran out: {store.events(table)}"
                )
                time.sleep(0.5)
        finally:
            store.close()
        # Ann's choice made by the clock is then part of what she is shown
        ann.wait_for(lambda f: _state(f) and f["seq"] > frame["seq"])
    events = live_events(server, table)
    timed_out = [e for e in events if e.reason == "timeout"]
    assert timed_out and timed_out[0].seat == 0 and timed_out[0].action == "leave"
    assert ("timeout", 0) in live_notes(server, table)


def test_a_whole_game_clock_runs_down_only_while_the_seat_decides(server: LiveServer) -> None:
    clock = {"mode": "game", "seconds": 30, "increment": 0}
    made = server.create("diamant", ["me", "open", "open"], clock=clock)
    table = made["table"]
    server.join(table, "Bob")
    server.join(table, "Cy")
    with players(server, table, [made["token"]]) as (ann,):
        frame = ann.wait_for(_started)
        assert frame["clocks"]["left"]["0"] == pytest.approx(30, abs=1)
        assert frame["clocks"]["running"] == [0, 1, 2]
        time.sleep(1.2)
        ann.act("continue")
        after = ann.wait_for(lambda f: _state(f) and 0 not in f["to_act"])
        assert 0 not in after["clocks"]["running"]
        assert 27 < after["clocks"]["left"]["0"] < 29.5
        assert after["clocks"]["left"]["1"] < after["clocks"]["left"]["0"]


def test_chat_reaches_everyone_at_the_table(server: LiveServer) -> None:
    made = server.create("diamant", ["me", "open", "rule"])
    table = made["table"]
    bob = server.join(table, "Bob")
    with players(server, table, [made["token"], bob["token"], None]) as conns:
        conns[0].send({"type": "chat", "text": "good luck"})
        for conn in conns:
            line = conn.wait_for(lambda f: f["type"] == "chat")
            assert line["name"] == "Ann" and line["text"] == "good luck"


def live_events(server: LiveServer, table: str) -> list[object]:
    from relicbox.server.store import Store

    store = Store(server.db_url)
    try:
        return list(store.events(table))
    finally:
        store.close()


def live_notes(server: LiveServer, table: str) -> list[tuple[str, int | None]]:
    from relicbox.server.store import Store

    store = Store(server.db_url)
    try:
        return [(kind, seat) for kind, seat, _ in store.notes(table)]
    finally:
        store.close()


def test_a_game_played_online_replays_to_the_same_state(server: LiveServer) -> None:
    made = server.create("relic-runners", ["me", "rule"], options={"max_turns": 6})
    with players(server, made["table"], [made["token"]]) as (ann,):
        from support.server import play_to_end

        ann.wait_for(_started)
        final = play_to_end([ann], lambda frame: frame["legal"][-1]["text"])
    record = server.get(f"/api/tables/{made['table']}/record").json()
    assert relicbox.replay(record).view(0) == final["view"]


def test_acting_before_the_start_or_after_the_end_is_refused(server: LiveServer) -> None:
    made = server.create("diamant", ["me", "open", "rule"])
    with players(server, made["table"], [made["token"]]) as (ann,):
        ann.wait_for(_state)
        ann.act("continue")
        assert ann.wait_for(lambda f: f["type"] == "error")["code"] == "not-started"
        started = server.post(f"/api/tables/{made['table']}/start", {"token": made["token"]})
        assert started.status_code == 200
        ann.wait_for(_started)
        from support.server import play_to_end

        play_to_end([ann], lambda frame: "leave")
        ann.act("leave")
        assert ann.wait_for(lambda f: f["type"] == "error")["code"] == "game-over"


def test_a_player_who_never_comes_back_is_recorded_as_having_abandoned(
    server: LiveServer,
) -> None:
    made = server.create("diamant", ["me", "rule", "rule"], grace=0)
    table = made["table"]
    ann = Player(server, table, made["token"])
    ann.wait_for(_started)
    ann.close()
    deadline = time.monotonic() + 60
    while server.get(f"/api/tables/{table}").json()["status"] != "finished":
        assert time.monotonic() < deadline, "the bots did not finish the game"
        time.sleep(0.1)
    info = server.get(f"/api/tables/{table}").json()
    assert info["seats"][0]["abandoned"] is True
    assert [s["abandoned"] for s in info["seats"][1:]] == [False, False]
    assert ("abandoned", 0) in live_notes(server, table)
    assert relicbox.replay(server.get(f"/api/tables/{table}/record").json()).is_over


def test_a_decision_from_an_earlier_position_is_refused_as_stale(server: LiveServer) -> None:
    made = server.create("diamant", ["me", "open", "open"])
    table = made["table"]
    bob = server.join(table, "Bob")["token"]
    server.join(table, "Cy")
    with players(server, table, [made["token"], bob]) as (ann, bob_conn):
        asked = ann.wait_for(_started)["seq"]
        bob_conn.wait_for(_started)
        for seq in (asked - 1, asked + 1_000_000):
            ann.act("leave", seq=seq)
            error = ann.wait_for(lambda f: f["type"] == "error")
            assert error["code"] == "stale" and str(seq) in error["message"]
        ann.send({"type": "act", "action": "leave"})  # no seq at all
        assert ann.wait_for(lambda f: f["type"] == "error")["code"] == "bad-message"
        time.sleep(0.2)
        assert len(live_events(server, table)) == asked  # nothing changed
        # another seat's choice in the same simultaneous step keeps Ann's question open
        bob_conn.act("continue", seq=asked)
        ann.wait_for(lambda f: _state(f) and f["seq"] == asked + 1)
        ann.act("leave", seq=asked)
        ann.wait_for(lambda f: _state(f) and f["seq"] == asked + 2)
        assert ann.errors()[-1]["code"] == "bad-message"
    actions = [(e.seat, e.action) for e in live_events(server, table) if e.action]
    assert actions[-2:] == [(1, "continue"), (0, "leave")]


def _table_with_watchers(server: LiveServer, count: int) -> tuple[dict[str, Any], list[Player]]:
    made = server.create("diamant", ["me", "open", "rule"])
    watchers = [Player(server, made["table"], None) for _ in range(count)]
    for watcher in watchers:
        watcher.wait_for(_state)
    time.sleep(connections.WATCHERS_EVERY + 0.3)  # the count of watchers goes out once a second
    for watcher in watchers:
        watcher.drain()
    return made, watchers


def test_a_join_costs_the_others_one_small_message_however_many_watch(
    server: LiveServer,
) -> None:
    made, watchers = _table_with_watchers(server, 12)
    try:
        before = [len(w.raw) for w in watchers]
        late = [Player(server, made["table"], None) for _ in range(3)]  # a crowd arrives
        seated = Player(server, made["table"], made["token"])
        for newcomer in [*late, seated]:
            newcomer.wait_for(_state)
            assert [f["type"] for f in newcomer.raw[:2]] == ["welcome", "state"]
        time.sleep(connections.WATCHERS_EVERY + 0.3)
        for watcher, seen in zip(watchers, before, strict=True):
            watcher.drain()
            told = watcher.raw[seen:]
            # Ann's presence, and one count for the three spectators together
            assert sorted(f["type"] for f in told) == ["presence", "presence"], told
            counts = [f["watchers"] for f in told if "watchers" in f]
            assert counts == [15]
            assert [(f["seat"], f["connected"]) for f in told if "seat" in f] == [(0, True)]
        for player in [*late, seated]:
            player.close()
    finally:
        for watcher in watchers:
            watcher.close()


def test_connections_over_the_caps_are_refused_with_their_codes(sqlite_url: str) -> None:
    from websockets.exceptions import ConnectionClosed
    from websockets.sync.client import connect

    def refusal(player: Player) -> tuple[str, int | None]:
        frame = player.wait_for(lambda f: f["type"] == "error")
        with pytest.raises(ConnectionClosed):
            player.ws.recv(timeout=10)
        return frame["code"], player.ws.close_code

    with LiveServer(sqlite_url, connections_per_table=3, connections_per_address=5) as live:
        made = live.create("diamant", ["me", "rule", "rule"])
        crowd = [Player(live, made["table"], None) for _ in range(3)]
        for watcher in crowd:
            watcher.wait_for(_state)
        one_more = Player(live, made["table"], None)
        assert refusal(one_more) == ("table-crowded", 4429)
        one_more.close()
        ann = Player(live, made["table"], made["token"])  # a seat's own link gets in
        assert ann.wait_for(_state)["seat"] == 0
        # four sockets open from this address now: the fifth is the last allowed
        other = live.create("tschak", ["me", "rule", "rule"])
        sixth = Player(live, other["table"], None)
        sixth.wait_for(_state)
        # refused as it opens, before it says anything
        with connect(live.ws_url(other["table"])) as seventh:
            frame = json.loads(seventh.recv(timeout=10))
            with pytest.raises(ConnectionClosed):
                seventh.recv(timeout=10)
        assert frame["code"] == "too-many-connections" and seventh.close_code == 4429
        assert "5 open connections" in frame["message"]
        for player in [*crowd, ann, sixth]:
            player.close()


def test_a_reader_too_slow_for_its_frames_is_closed_with_4008(sqlite_url: str) -> None:
    from websockets.exceptions import ConnectionClosed
    from websockets.sync.client import connect

    settings = {"outbox_limit": 4, "message_rate": 5000.0, "message_burst": 5000.0}
    with LiveServer(sqlite_url, **settings) as live:
        made = live.create("relic-runners", ["me", "rule"])
        # max_queue=1: this client stops reading from its socket as soon as one message
        # waits unread, like a browser tab that stalls
        with connect(live.ws_url(made["table"]), max_size=2**24, max_queue=1) as slow:
            slow.send(json.dumps({"type": "join", "token": made["token"], "lang": "en"}))
            with pytest.raises(ConnectionClosed):  # while it asks, or once it reads again
                for _ in range(1500):
                    slow.send(json.dumps({"type": "resync"}))
                deadline = time.monotonic() + 30
                while time.monotonic() < deadline:
                    slow.recv(timeout=30)
            assert slow.close_code == 4008
        # the page's way back: a new connection with the same link gets the full state
        with players(live, made["table"], [made["token"]]) as (again,):
            assert again.wait_for(_started)["view"]["seat"] == 0


def test_bots_answering_together_take_one_commit_and_a_stale_answer_is_dropped(
    sqlite_url: str,
) -> None:
    """The three bots of a simultaneous Diamant step, answering at once, are stored in one
    append; an answer given for an earlier decision than the seat's current one is not."""
    import asyncio
    import threading

    from relicbox.server.botpool import BotAnswer, BotPool
    from relicbox.server.live import TableSettings
    from relicbox.server.protocol import SeatChoice
    from relicbox.server.store import Append, Store
    from relicbox.server.tables import TableService

    store = Store(sqlite_url)
    appends: list[Append] = []

    async def run() -> tuple[list[int], list[int]]:
        service = TableService(store, BotPool(0), bot_delay=60.0)  # bots wait: answers are ours
        written = service.commits.append

        async def counted(append: Append) -> None:
            appends.append(append)
            await written(append)

        service.commits.append = counted  # type: ignore[method-assign]
        seats = [SeatChoice(kind="me")] + [SeatChoice(kind="bot", bot="rule")] * 3
        made = await service.create("diamant", 4, {}, seats, TableSettings(), "Ann", seed=5)
        table_id = made[0]
        table = await service.get(table_id)
        assert table.state is not None and table.state.to_act == (0, 1, 2, 3)
        for seat in (1, 2, 3):
            table.bot_answers[seat] = (BotAnswer("continue"), table.seq)
        async with table.lock:
            await service._apply_bot_answers(table)
        together = [e["seat"] for e in appends[-1].events] if appends else []
        asked = table.seq
        await service.act(table, 0, "continue")  # the step resolves; a new one asks everyone
        assert 1 in table.state.to_act and table.decision_seq[1] > asked
        table.bot_answers[1] = (BotAnswer("continue"), asked)  # an answer to the old step
        async with table.lock:
            await service._apply_bot_answers(table)
        chosen = [event["seat"] for event in table.state.record_events(0) if "seat" in event]
        for task in [*table.bot_tasks.values(), *table.grace_tasks.values()]:
            task.cancel()
        service.commits.close()
        return together, chosen

    outcome: list[tuple[list[int], list[int]]] = []
    # a thread of its own: another test's browser may hold this thread's event loop
    worker = threading.Thread(target=lambda: outcome.append(asyncio.run(run())))
    worker.start()
    worker.join(timeout=60)
    store.close()
    assert outcome, "the service did not finish"
    together, chosen = outcome[0]
    assert len(appends) == 2 and appends[0].reason == "bot"
    assert together == [1, 2, 3] and chosen == [1, 2, 3, 0]
