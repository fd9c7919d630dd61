"""Several ``relicbox serve --redis`` processes on one PostgreSQL: a table played from
two processes, stale decisions refused across them, a killed owner replaced, and a
paused owner fenced off.

Real subprocesses, a real Redis (``RELICBOX_TEST_REDIS``, default database 15 of the
local one, every key under a prefix of this run's own) and a database of this module's
own on the PostgreSQL server of ``RELICBOX_TEST_POSTGRES``. Without either server the
tests skip with the reason (under CI they fail).
"""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import json
import os
import random
import secrets
import signal
import time
from collections import Counter
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import create_engine, text
from sqlalchemy.engine import make_url
from websockets.exceptions import ConnectionClosed

from relicbox.core.registry import replay
from relicbox.server.store import Append, Fenced, Store
from support.cluster import Player, ServerProcess, play
from support.environment import unavailable
from support.server import LiveServer

pytestmark = pytest.mark.slow  # a long test: run by .ci/run after the quick suite

REDIS = os.environ.get("RELICBOX_TEST_REDIS", "redis://127.0.0.1:6379/15")
POSTGRES = os.environ.get(
    "RELICBOX_TEST_POSTGRES", "postgresql+psycopg://postgres@127.0.0.1:5432/test"
)
TAKEOVER_LIMIT = 3.0


@pytest.fixture(scope="module")
def redis_prefix() -> Iterator[str]:
    import redis

    client = redis.Redis.from_url(REDIS)
    try:
        client.ping()
    except Exception as error:
        unavailable(f"Redis at {REDIS} is not reachable: {type(error).__name__}")
    prefix = f"relicbox-test-{secrets.token_hex(4)}:"
    yield prefix
    for key in client.scan_iter(match=prefix + "*"):
        client.delete(key)
    client.close()


@pytest.fixture(scope="module")
def database() -> Iterator[str]:
    """A PostgreSQL database of this module's own, dropped afterwards."""
    yield from new_database()


@pytest.fixture
def own_database() -> Iterator[str]:
    """A PostgreSQL database of this test's own, dropped afterwards."""
    yield from new_database()


def new_database() -> Iterator[str]:
    base = make_url(POSTGRES)
    name = f"relicbox_cluster_{secrets.token_hex(4)}"
    try:
        admin = create_engine(base, isolation_level="AUTOCOMMIT")
        with admin.connect() as connection:
            connection.execute(text(f'CREATE DATABASE "{name}"'))
    except Exception as error:
        unavailable(f"PostgreSQL at {base.render_as_string()} is not reachable: {error!r:.200}")
    yield base.set(database=name).render_as_string(hide_password=False)
    with admin.connect() as connection:
        connection.execute(text(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))
    admin.dispose()


@pytest.fixture(scope="module")
def servers(
    database: str, redis_prefix: str, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[list[ServerProcess]]:
    """Two server processes for the whole module (started together: each takes seconds
    to import); the test that kills one runs last."""
    folder = tmp_path_factory.mktemp("cluster")
    started = [
        ServerProcess(database, REDIS, redis_prefix, folder / f"server{n}.log") for n in range(2)
    ]
    try:
        for server in started:
            server.wait_ready()
        yield started
    finally:
        for server in started:
            server.stop()


def two_alive(servers: list[ServerProcess]) -> tuple[ServerProcess, ServerProcess]:
    alive = [s for s in servers if s.process.poll() is None]
    return alive[0], alive[1]


def lease_holder(prefix: str, table: str) -> int | None:
    """The process id of the table's owner (the lease says ``host:pid:nonce``)."""
    import redis

    client = redis.Redis.from_url(REDIS, decode_responses=True)
    try:
        holder = client.get(f"{prefix}lease:{table}")
    finally:
        client.close()
    return None if holder is None else int(str(holder).split(":")[1])


def table_for_two(
    first: ServerProcess, second: ServerProcess, **settings: Any
) -> tuple[str, str, str]:
    """A 3-player Diamant table made at ``first``, its second seat taken at ``second``."""
    made = first.post(
        "/api/tables",
        {
            "game": "diamant",
            "players": 3,
            "seats": [{"kind": "me"}, {"kind": "open"}, {"kind": "bot", "bot": "random"}],
            "name": "Ann",
            **settings,
        },
    )
    assert made.status_code == 201, made.text
    table = made.json()["table"]
    joined = second.post(f"/api/tables/{table}/join", {"name": "Bob"})
    assert joined.status_code == 200, joined.text
    return table, made.json()["token"], joined.json()["token"]


def chooser(seed: int) -> Callable[[Player], str]:
    rng = random.Random(seed)

    def choose(player: Player) -> str:
        texts = [entry["text"] for entry in player.legal]
        return "continue" if "continue" in texts and rng.random() < 0.25 else texts[-1]

    return choose


def check_record(database: str, table: str, players: list[Player]) -> None:
    """The stored record replays; every decision a person sent and was not refused is in
    it exactly once (none lost, none doubled); each page's view is ``view(seat)`` of the
    replayed record."""
    store = Store(database)
    try:
        record = store.record(table)
        events = store.events(table)
    finally:
        store.close()
    assert record is not None
    state = replay(record)
    assert [e.seq for e in events] == list(range(len(events)))
    by_person = Counter(e.seat for e in events if e.seat is not None and e.reason is None)
    for seat, player in enumerate(players):
        player.wait(lambda p: p.seq == state.record_length, timeout=15)
        player.pump(0.2)  # any refusal still on its way
        accepted = player.sent - len(player.errors)
        # a decision whose answer was lost with its connection may be either
        answered = accepted - player.unknown
        assert answered <= by_person[seat] <= accepted, (
            seat,
            by_person,
            player.sent,
            player.errors,
        )
        assert player.view == state.view(seat)


def test_a_table_played_from_two_processes(
    servers: list[ServerProcess], database: str, redis_prefix: str
) -> None:
    first, second = two_alive(servers)
    table, ann_token, bob_token = table_for_two(first, second)
    ann, bob = Player(first, table, ann_token), Player(second, table, bob_token)
    try:
        for player in (ann, bob):
            player.wait(lambda p: p.view is not None)
        # each process shows both seats connected, and chat reaches the other process
        for server in (first, second):
            deadline = time.monotonic() + 5
            while not all(
                s["connected"] for s in server.get(f"/api/tables/{table}").json()["seats"][:2]
            ):
                assert time.monotonic() < deadline, "a seat never showed as connected"
                time.sleep(0.1)
        ann.ws.send(json.dumps({"type": "chat", "text": "good luck"}))
        bob.wait(lambda p: any(c["text"] == "good luck" for c in p.chats))
        # a decision taken at a seq the seat was not asked at is refused by the owner,
        # though it came through the other process, and changes nothing
        owner = lease_holder(redis_prefix, table)
        assert owner in (first.pid, second.pid)
        remote = ann if owner == second.pid else bob
        remote.wait(lambda p: bool(p.legal))
        action = remote.legal[0]["text"]
        remote.act(action, seq=10**9)
        remote.wait(lambda p: bool(p.errors))
        assert remote.errors[-1]["code"] == "stale"
        # the refusal names the act it answers, here and at the owner's own page
        assert remote.errors[-1]["act"] == {"seq": 10**9, "action": action}
        local = bob if remote is ann else ann
        local.wait(lambda p: bool(p.legal))
        local.act(local.legal[0]["text"], seq=10**9)
        local.wait(lambda p: bool(p.errors))
        assert local.errors[-1]["act"] == {"seq": 10**9, "action": local.legal[0]["text"]}
        local.errors.clear()
        local.sent = 0
        store = Store(database)
        try:  # the bot may have moved meanwhile; the refused seat has not
            assert not any(e.seat == remote.seat for e in store.events(table))
        finally:
            store.close()
        remote.errors.clear()
        remote.sent = 0
        play([ann, bob], chooser(7))
        for player in (ann, bob):
            player.wait(lambda p: p.over)
        check_record(database, table, [ann, bob])
    finally:
        ann.close()
        bob.close()


def test_a_person_gone_from_another_process_is_played_for_after_the_grace(
    servers: list[ServerProcess], database: str, redis_prefix: str
) -> None:
    first, second = two_alive(servers)
    table, ann_token, bob_token = table_for_two(first, second, grace=1)
    owner = lease_holder(redis_prefix, table)
    home, away = (first, second) if owner == first.pid else (second, first)
    # Ann at the owner, Bob at the other process: his going is news the owner only hears
    ann_token, bob_token = (ann_token, bob_token) if home is first else (bob_token, ann_token)
    ann, bob = Player(home, table, ann_token), Player(away, table, bob_token)
    try:
        for player in (ann, bob):
            player.wait(lambda p: p.view is not None)
        # connected at the other process, Bob is not played for, however long he thinks:
        # longer than the owner trusts one report of him plus the grace, so the reports
        # must keep coming
        time.sleep(5)
        store = Store(database)
        try:
            assert not any(kind == "takeover" for kind, _, _ in store.notes(table))
        finally:
            store.close()
        bob.close()
        # after the grace period the owner's bot plays his seat: Ann can play to the end
        play([ann], chooser(8))
        ann.wait(lambda p: p.over)
        store = Store(database)
        try:
            notes = store.notes(table)
            events = store.events(table)
        finally:
            store.close()
        assert ("takeover", bob.seat, None) in notes
        assert any(e.seat == bob.seat and e.reason == "takeover" for e in events)
    finally:
        ann.close()
        bob.close()


def test_a_paused_owner_is_fenced_and_steps_down(
    servers: list[ServerProcess], database: str, redis_prefix: str
) -> None:
    first, second = two_alive(servers)
    table, ann_token, bob_token = table_for_two(first, second)
    owner = second if lease_holder(redis_prefix, table) == second.pid else first
    other = first if owner is second else second
    ann, bob = Player(owner, table, ann_token), Player(other, table, bob_token)
    try:
        play([ann, bob], chooser(5), until=lambda: ann.seq >= 6)
        store = Store(database)
        stale_epoch = store.owner_epoch(table)
        assert stale_epoch is not None
        owner.signal(signal.SIGSTOP)  # past its lease: it cannot renew, nor know it
        paused = time.monotonic()
        # the new owner takes the lease, then writes its epoch before it reads the record
        while (store.owner_epoch(table) or 0) <= stale_epoch:
            assert time.monotonic() - paused < TAKEOVER_LIMIT, "nobody took the table over"
            time.sleep(0.05)
        assert lease_holder(redis_prefix, table) not in (None, owner.pid)
        # from then on, a write under the old epoch is refused
        with pytest.raises(Fenced):
            store.append_many(
                [Append(table, 10**6, ({"seat": 0, "action": "leave"},), epoch=stale_epoch)]
            )
        store.close()
        owner.signal(signal.SIGCONT)
        # Ann's page stayed on the paused process, which now only follows the table
        play([ann, bob], chooser(6))
        assert "stepping down from table" in owner.text()
        assert lease_holder(redis_prefix, table) != owner.pid
        check_record(database, table, [ann, bob])
    finally:
        owner.signal(signal.SIGCONT)  # never leave a stopped server to the next test
        ann.close()
        bob.close()


def test_a_decision_sent_to_a_paused_owner_goes_to_the_new_owner_when_it_wakes(
    servers: list[ServerProcess], database: str, redis_prefix: str
) -> None:
    """Ann decides while the process she is connected to, the owner, is paused; the table
    is taken over meanwhile. When it wakes it finds its write fenced, and forwards her
    decision to the new owner instead of refusing it."""
    first, second = two_alive(servers)
    table, ann_token, bob_token = table_for_two(first, second)
    owner = second if lease_holder(redis_prefix, table) == second.pid else first
    other = first if owner is second else second
    ann, bob = Player(owner, table, ann_token), Player(other, table, bob_token)
    store = Store(database)
    try:
        play([ann, bob], lambda p: "continue", until=lambda: ann.seq >= 4 and bool(ann.legal))
        epoch = store.owner_epoch(table) or 0
        owner.signal(signal.SIGSTOP)
        paused = time.monotonic()
        answered = ann.send_act("continue")  # waits in the paused process's socket
        while (store.owner_epoch(table) or 0) <= epoch:
            assert time.monotonic() - paused < TAKEOVER_LIMIT, "nobody took the table over"
            time.sleep(0.05)
        owner.signal(signal.SIGCONT)
        ann.wait(answered)
        assert not ann.errors, ann.errors
        play([ann, bob], chooser(23))
        check_record(database, table, [ann, bob])
    finally:
        owner.signal(signal.SIGCONT)
        store.close()
        ann.close()
        bob.close()


@pytest.mark.parametrize("lost", ["redis", "database"])
def test_an_owner_that_loses_redis_or_its_database_hands_the_table_over(
    lost: str,
    servers: list[ServerProcess],
    database: str,
    redis_prefix: str,
    tmp_path: Path,
) -> None:
    """The owner stays alive but loses one service: within the lease another process holds
    the table, the pages at the owner are sent to reconnect, and no decision is lost or
    doubled."""
    from websockets.exceptions import ConnectionClosed

    from support.proxy import CuttableLink

    survivor = two_alive(servers)[0]
    url = REDIS if lost == "redis" else database
    link = CuttableLink(make_url(url).port or (6379 if lost == "redis" else 5432))
    owner = ServerProcess(
        link.url(database) if lost == "database" else database,
        link.url(REDIS) if lost == "redis" else REDIS,
        redis_prefix,
        tmp_path / "owner.log",
    )
    ann = bob = None
    try:
        owner.wait_ready()
        # the process where the last seat is taken starts the table, and owns it
        table, ann_token, bob_token = table_for_two(survivor, owner)
        ann, bob = Player(survivor, table, ann_token), Player(owner, table, bob_token)
        assert lease_holder(redis_prefix, table) == owner.pid
        play([ann, bob], chooser(7), until=lambda: bob.seq >= 6 and bool(ann.legal))
        link.cut()
        cut = time.monotonic()
        if lost == "database":
            # the owner learns it at its next write, Ann's decision forwarded there; the
            # process that forwarded it tries again until the new owner takes it
            ann.act_and_wait(chooser(8)(ann))
            # taken over meanwhile, or refused: a decision from before a takeover may be
            # refused as stale by the new owner, and the page asks again
            assert {e["code"] for e in ann.errors} <= {"stale", "unavailable"}, ann.errors
            assert "a write for table" in owner.text()
        # any other process may take it: the survivor (Ann is there) or one scanning
        while lease_holder(redis_prefix, table) in (None, owner.pid):
            assert time.monotonic() - cut < TAKEOVER_LIMIT, "nobody took the table over"
            time.sleep(0.05)
        with pytest.raises(ConnectionClosed):  # the owner sends Bob's page elsewhere
            bob.wait(lambda p: False, timeout=5)
        bob.reconnect(survivor)
        play([ann, bob], chooser(9))
        assert "stepping down from table" in owner.text()
        check_record(database, table, [ann, bob])
    finally:
        for player in (ann, bob):
            if player is not None:
                player.close()
        owner.stop()
        link.cut()


def test_a_decision_refused_while_the_owners_database_hangs_is_never_stored(
    servers: list[ServerProcess], database: str, redis_prefix: str, tmp_path: Path
) -> None:
    """A silent partition between the owner and its database (nothing passes, nothing is
    closed): a decision Ann sends through another process is answered, stored or refused,
    and a refused one is still not stored once the partition heals and the bytes that
    waited in it arrive."""
    from support.proxy import CuttableLink

    survivor = two_alive(servers)[0]
    link = CuttableLink(make_url(database).port or 5432)
    owner = ServerProcess(link.url(database), REDIS, redis_prefix, tmp_path / "owner.log")
    ann = bob = None
    try:
        owner.wait_ready()
        table, ann_token, bob_token = table_for_two(survivor, owner)
        ann, bob = Player(survivor, table, ann_token), Player(owner, table, bob_token)
        assert lease_holder(redis_prefix, table) == owner.pid
        play([ann, bob], chooser(11), until=lambda: ann.seq >= 4 and bool(ann.legal))
        link.hang()
        ann.act_and_wait(chooser(12)(ann))  # forwarded to the owner, whose write hangs
        assert {e["code"] for e in ann.errors} <= {"stale", "unavailable"}, ann.errors
        link.heal()  # whatever waited in the link reaches the database now
        bob.reconnect(survivor)
        play([ann, bob], chooser(13))
        check_record(database, table, [ann, bob])
    finally:
        for player in (ann, bob):
            if player is not None:
                player.close()
        owner.stop()
        link.cut()


def test_a_follower_that_lost_batches_catches_up_without_another(
    servers: list[ServerProcess], database: str, redis_prefix: str, tmp_path: Path
) -> None:
    """Ann has chosen and waits at a process whose link to Redis drops; meanwhile Bob's
    choice ends the step and Ann is asked again. Those batches are lost to her process,
    and no other comes (the table waits for Ann): her process still catches up, and Ann
    sees her question."""
    from support.proxy import CuttableLink

    home = two_alive(servers)[0]
    link = CuttableLink(make_url(REDIS).port or 6379)
    follower = ServerProcess(database, link.url(REDIS), redis_prefix, tmp_path / "follower.log")
    ann = bob = None
    store = Store(database)
    try:
        follower.wait_ready()
        table, ann_token, bob_token = table_for_two(follower, home)
        ann, bob = Player(follower, table, ann_token), Player(home, table, bob_token)
        both_asked = lambda: ann.seq >= 4 and bool(ann.legal) and bool(bob.legal)  # noqa: E731
        play([ann, bob], lambda p: "continue", until=both_asked)
        ann.act_and_wait("continue")

        def only_bob_asked(player: Player) -> bool:  # the bot has chosen too
            state = replay(store.record(table) or {})
            return player.seq == state.record_length and state.to_act == (1,)

        bob.wait(only_bob_asked)
        link.drop()
        bob.act_and_wait("continue")  # the step ends; Ann is asked again
        stored = store.record_length(table)
        link.restore()
        ann.wait(lambda p: p.seq >= stored and bool(p.legal), timeout=15)
    finally:
        for player in (ann, bob):
            if player is not None:
                player.close()
        store.close()
        follower.stop()
        link.cut()


def test_a_decision_forwarded_before_the_followers_redis_went_is_not_refused(
    servers: list[ServerProcess], database: str, redis_prefix: str, tmp_path: Path
) -> None:
    """Ann's decision is forwarded to the owner (whose slow database makes its commit take
    a while), and then the link between her process and Redis hangs, so the owner's
    answer never comes back: her process cannot say the decision was not stored (it was),
    and does not refuse it; it settles it from the record."""
    from support.proxy import CuttableLink

    home = two_alive(servers)[0]
    db_link = CuttableLink(make_url(database).port or 5432)
    redis_link = CuttableLink(make_url(REDIS).port or 6379)
    owner = ServerProcess(db_link.url(database), REDIS, redis_prefix, tmp_path / "owner.log")
    follower = ServerProcess(
        database, redis_link.url(REDIS), redis_prefix, tmp_path / "follower.log"
    )
    ann = bob = None
    try:
        owner.wait_ready()
        follower.wait_ready()
        table, ann_token, bob_token = table_for_two(home, owner)
        ann, bob = Player(follower, table, ann_token), Player(home, table, bob_token)
        assert lease_holder(redis_prefix, table) == owner.pid
        play([ann, bob], chooser(29), until=lambda: ann.seq >= 4 and bool(ann.legal))
        db_link.slow(0.1)  # each commit of the owner takes most of a second
        answered = ann.send_act(chooser(30)(ann))
        time.sleep(0.15)  # forwarded by now, and not yet committed
        redis_link.hang()
        ann.wait(answered, timeout=20)
        assert not ann.errors, ann.errors
        redis_link.heal()
        db_link.heal()
        play([ann, bob], chooser(31))
        check_record(database, table, [ann, bob])
    finally:
        for player in (ann, bob):
            if player is not None:
                player.close()
        owner.stop()
        follower.stop()
        db_link.cut()
        redis_link.cut()


def test_an_owner_whose_database_hangs_gives_its_table_up_within_3_s(
    servers: list[ServerProcess], database: str, redis_prefix: str, tmp_path: Path
) -> None:
    """The owner's database link hangs silently while it still holds Redis: its next write
    gives up within the lease, it steps down, and another process takes the table within
    3 s and decides what the owner could not."""
    from support.proxy import CuttableLink

    survivor = two_alive(servers)[0]
    link = CuttableLink(make_url(database).port or 5432)
    owner = ServerProcess(link.url(database), REDIS, redis_prefix, tmp_path / "owner.log")
    ann = bob = None
    try:
        owner.wait_ready()
        table, ann_token, bob_token = table_for_two(survivor, owner)
        ann, bob = Player(survivor, table, ann_token), Player(owner, table, bob_token)
        play([ann, bob], chooser(14), until=lambda: ann.seq >= 4 and bool(ann.legal))
        assert lease_holder(redis_prefix, table) == owner.pid
        link.hang()
        hung = time.monotonic()
        answered = ann.send_act(chooser(15)(ann))  # forwarded to the owner, whose write hangs
        while lease_holder(redis_prefix, table) in (None, owner.pid):
            assert time.monotonic() - hung < TAKEOVER_LIMIT, "nobody took the table over"
            time.sleep(0.05)
        ann.wait(answered)
        assert not ann.errors, ann.errors  # decided by the new owner: neither lost nor refused
        link.heal()
        bob.reconnect(survivor)
        play([ann, bob], chooser(16))
        check_record(database, table, [ann, bob])
    finally:
        for player in (ann, bob):
            if player is not None:
                player.close()
        owner.stop()
        link.cut()


def test_a_process_whose_database_hangs_takes_no_table(
    servers: list[ServerProcess], database: str, redis_prefix: str, tmp_path: Path
) -> None:
    """Bob decides at the owner just as its database link hangs: the owner gives the table
    up, and, unable to write, does not take it back while Bob's decision waits there
    (a lease it held while its claim hung kept the other processes out); another process
    takes the table within 3 s and decides for Bob."""
    from support.proxy import CuttableLink

    survivor = two_alive(servers)[0]
    link = CuttableLink(make_url(database).port or 5432)
    owner = ServerProcess(link.url(database), REDIS, redis_prefix, tmp_path / "owner.log")
    ann = bob = None
    try:
        owner.wait_ready()
        table, ann_token, bob_token = table_for_two(survivor, owner)
        ann, bob = Player(survivor, table, ann_token), Player(owner, table, bob_token)
        play([ann, bob], chooser(26), until=lambda: bob.seq >= 4 and bool(bob.legal))
        link.hang()
        hung = time.monotonic()
        answered = bob.send_act(chooser(27)(bob))  # at the owner, whose write of it hangs
        while lease_holder(redis_prefix, table) in (None, owner.pid):
            assert time.monotonic() - hung < TAKEOVER_LIMIT, "nobody else took the table"
            time.sleep(0.05)
        with contextlib.suppress(ConnectionClosed):  # the owner sends Bob's page elsewhere
            bob.wait(lambda p: False, timeout=5)
        bob.unknown += not answered(bob)
        link.heal()
        bob.reconnect(survivor)
        play([ann, bob], chooser(28))
        check_record(database, table, [ann, bob])
    finally:
        for player in (ann, bob):
            if player is not None:
                player.close()
        owner.stop()
        link.cut()


def test_an_owner_whose_database_hangs_while_nobody_plays_gives_its_table_up(
    servers: list[ServerProcess], database: str, redis_prefix: str, tmp_path: Path
) -> None:
    """The owner's database link hangs while its table waits for people to think (no
    write to fail): it finds out by itself, steps down, and another process takes the
    table within 3 s, before anyone decides."""
    from support.proxy import CuttableLink

    survivor = two_alive(servers)[0]
    link = CuttableLink(make_url(database).port or 5432)
    owner = ServerProcess(link.url(database), REDIS, redis_prefix, tmp_path / "owner.log")
    ann = bob = None
    store = Store(database)
    try:
        owner.wait_ready()
        table, ann_token, bob_token = table_for_two(survivor, owner)
        ann, bob = Player(survivor, table, ann_token), Player(owner, table, bob_token)
        play([ann, bob], chooser(24), until=lambda: ann.seq >= 4 and bool(ann.legal))

        def only_people_asked(player: Player) -> bool:  # the bot has chosen: nothing to write
            state = replay(store.record(table) or {})
            asked = set(state.to_act)
            return player.seq == state.record_length and bool(asked) and asked <= {0, 1}

        ann.wait(only_people_asked)
        assert lease_holder(redis_prefix, table) == owner.pid
        link.hang()
        hung = time.monotonic()
        while lease_holder(redis_prefix, table) in (None, owner.pid):
            assert time.monotonic() - hung < TAKEOVER_LIMIT, "nobody took the table over"
            time.sleep(0.05)
        link.heal()
        bob.reconnect(survivor)
        play([ann, bob], chooser(25))
        check_record(database, table, [ann, bob])
    finally:
        for player in (ann, bob):
            if player is not None:
                player.close()
        store.close()
        owner.stop()
        link.cut()


def test_a_claim_waiting_for_a_row_lock_costs_no_other_table_its_lease(
    servers: list[ServerProcess], database: str, redis_prefix: str
) -> None:
    """An owner paused inside a transaction keeps its table's row locked: the process
    taking that table over waits for the lock (within the lock timeout, and again later),
    and meanwhile renews the lease of its own table on time; once the lock is free it
    takes the table."""
    first, second = two_alive(servers)
    held, _, _ = table_for_two(second, first)  # started, and owned, at ``first``
    mine, _, _ = table_for_two(first, second)  # owned by ``second``
    assert lease_holder(redis_prefix, held) == first.pid
    assert lease_holder(redis_prefix, mine) == second.pid
    watcher = Player(second, held, None)  # ``second`` follows ``held``: it takes it over
    engine = create_engine(database)
    locker = engine.connect()
    try:
        watcher.wait(lambda p: p.view is not None)
        # the row lock of a transaction that does not end, as a paused owner's would
        locker.execute(text("SELECT id FROM tables WHERE id = :id FOR UPDATE"), {"id": held})
        first.signal(signal.SIGSTOP)
        paused = time.monotonic()
        while time.monotonic() - paused < 4:  # more than two leases
            assert lease_holder(redis_prefix, mine) == second.pid, "a healthy lease ran out"
            time.sleep(0.05)
        assert lease_holder(redis_prefix, held) != first.pid
        locker.rollback()
        freed = time.monotonic()
        while lease_holder(redis_prefix, held) != second.pid:
            assert time.monotonic() - freed < TAKEOVER_LIMIT, "nobody took the table over"
            time.sleep(0.05)
    finally:
        first.signal(signal.SIGCONT)
        locker.close()
        engine.dispose()
        watcher.close()


def test_a_store_bounds_every_wait_on_postgresql(own_database: str) -> None:
    """Every PostgreSQL session of the store has a statement, lock and idle-transaction
    timeout below a lease, a claim waiting for a row lock gives up, and a call through a
    link that hangs silently (the server's timeouts never reach this side) ends."""
    from support.proxy import CuttableLink

    link = CuttableLink(make_url(own_database).port or 5432)
    store = Store(link.url(own_database))
    engine = create_engine(own_database)
    locker = engine.connect()
    try:
        with store.engine.connect() as connection:
            for name in (
                "statement_timeout",
                "lock_timeout",
                "idle_in_transaction_session_timeout",
            ):
                shown = connection.execute(text(f"SHOW {name}")).scalar_one()
                assert shown not in ("0", "0ms"), (name, shown)
        store.create_table(
            "locked",
            game="diamant",
            players=3,
            seed=1,
            options={},
            rules_version="diamant/1",
            settings={},
            seats=[{"kind": "open"}] * 3,
        )
        locker.execute(text("SELECT id FROM tables WHERE id = 'locked' FOR UPDATE"))
        claimed = ends(lambda: store.claim("locked"), release=locker.rollback)
        assert isinstance(claimed, Exception) and "lock" in str(claimed), claimed
        locker.rollback()
        assert store.claim("locked") == 1
        link.hang()
        listed = ends(lambda: store.table_ids(["playing"]), release=link.heal)
        assert isinstance(listed, Exception), listed
    finally:
        link.heal()
        locker.close()
        engine.dispose()
        store.close()
        link.cut()


def ends(call: Callable[[], object], release: Callable[[], object]) -> object:
    """What ``call`` returned or raised, run in a thread; ``"waited"`` if it had not ended
    after 15 s (long past any bound of the store), after ``release`` let it go."""
    import threading

    outcome: list[object] = []

    def run() -> None:
        try:
            outcome.append(call())
        except Exception as error:
            outcome.append(error)

    caller = threading.Thread(target=run, daemon=True)
    caller.start()
    caller.join(timeout=15)
    if caller.is_alive():
        release()
        caller.join(timeout=30)
        return "waited"
    return outcome[0]


def test_watchers_joining_a_follower_together_all_hear_the_game(
    servers: list[ServerProcess], redis_prefix: str
) -> None:
    """Six spectators open a table of bots at a process that has not loaded it, all at
    once: they share the one copy the process keeps, so each hears the game go on."""
    from concurrent.futures import ThreadPoolExecutor

    first, second = two_alive(servers)
    bots = [{"kind": "bot", "bot": "random"}] * 3
    made = first.post("/api/tables", {"game": "diamant", "players": 3, "seats": bots})
    assert made.status_code == 201, made.text
    table = made.json()["table"]
    assert lease_holder(redis_prefix, table) == first.pid
    with ThreadPoolExecutor(6) as pool:
        watchers = list(pool.map(lambda _: Player(second, table, None), range(6)))
    try:
        for watcher in watchers:
            watcher.wait(lambda p: p.view is not None)
        joined = max(w.seq for w in watchers)
        for watcher in watchers:
            watcher.wait(lambda p: p.seq > joined, timeout=20)
    finally:
        for watcher in watchers:
            watcher.close()


def test_a_seat_taken_a_moment_ago_is_recognised_at_a_follower(
    servers: list[ServerProcess], database: str, redis_prefix: str, tmp_path: Path
) -> None:
    """Bob takes the last seat at one process and opens his seat's link at another, which
    is still reading the table again from a slow database (the other process asked it to):
    his connection waits for that reading, and is seated."""
    from support.proxy import CuttableLink

    home = two_alive(servers)[0]
    link = CuttableLink(make_url(database).port or 5432)
    follower = ServerProcess(link.url(database), REDIS, redis_prefix, tmp_path / "follower.log")
    watcher = bob = None
    try:
        follower.wait_ready()
        made = home.post(
            "/api/tables",
            {
                "game": "diamant",
                "players": 3,
                "seats": [{"kind": "me"}, {"kind": "open"}, {"kind": "bot", "bot": "random"}],
                "name": "Ann",
            },
        )
        assert made.status_code == 201, made.text
        table = made.json()["table"]
        watcher = Player(follower, table, None)  # the follower holds the open table
        watcher.wait(lambda p: p.seq >= 0)
        link.slow(0.1)  # every reading of the table there now takes a while
        joined = home.post(f"/api/tables/{table}/join", {"name": "Bob"})
        assert joined.status_code == 200, joined.text
        bob = Player(follower, table, joined.json()["token"])
        bob.wait(lambda p: p.seat is not None or bool(p.errors))
        assert not bob.errors and bob.seat == 1, bob.errors
    finally:
        for player in (watcher, bob):
            if player is not None:
                player.close()
        follower.stop()
        link.cut()


def test_an_answer_at_a_simultaneous_step_stays_valid_across_a_takeover(
    servers: list[ServerProcess], database: str, redis_prefix: str, tmp_path: Path
) -> None:
    """The owner loses Redis just before Bob's choice at a simultaneous step: it stores
    the choice and cannot publish it, and the process that takes the table over reads it
    in the record. Ann, asked the same question all along, answers at the seq she was
    shown before Bob chose; her answer is still valid there."""
    from support.proxy import CuttableLink

    survivor = two_alive(servers)[0]
    link = CuttableLink(make_url(REDIS).port or 6379)
    owner = ServerProcess(database, link.url(REDIS), redis_prefix, tmp_path / "owner.log")
    ann = bob = None
    try:
        owner.wait_ready()
        table, ann_token, bob_token = table_for_two(survivor, owner)
        ann, bob = Player(survivor, table, ann_token), Player(owner, table, bob_token)
        assert lease_holder(redis_prefix, table) == owner.pid
        play(
            [ann, bob],
            chooser(17),
            until=lambda: ann.seq >= 4 and bool(ann.legal) and bool(bob.legal),
        )
        shown = ann.seq
        answer = chooser(18)(ann)
        link.cut()
        cut = time.monotonic()
        bob.act_and_wait(bob.legal[-1]["text"])  # stored by the owner, never published
        while lease_holder(redis_prefix, table) in (None, owner.pid):
            assert time.monotonic() - cut < TAKEOVER_LIMIT, "nobody took the table over"
            time.sleep(0.05)
        ann.wait(ann.send_act(answer, seq=shown))
        assert not ann.errors, ann.errors
        bob.reconnect(survivor)
        play([ann, bob], chooser(19))
        check_record(database, table, [ann, bob])
    finally:
        for player in (ann, bob):
            if player is not None:
                player.close()
        owner.stop()
        link.cut()


def test_a_game_that_ends_while_its_owner_is_cut_off_ends_for_every_page(
    servers: list[ServerProcess], database: str, redis_prefix: str, tmp_path: Path
) -> None:
    """The owner loses Redis just before the decision that ends the game: it stores the
    end and cannot publish it. The process whose spectator watches finds the table
    finished (taking it over, or checking it against the store), and tells its spectator
    the end."""
    from support.proxy import CuttableLink

    survivor = two_alive(servers)[0]
    link = CuttableLink(make_url(REDIS).port or 6379)
    owner = ServerProcess(database, link.url(REDIS), redis_prefix, tmp_path / "owner.log")
    bob = watcher = None
    store = Store(database)
    try:
        owner.wait_ready()
        bots = [{"kind": "bot", "bot": "random"}] * 2
        made = owner.post(
            "/api/tables",
            {"game": "diamant", "players": 3, "seats": [{"kind": "me"}, *bots], "name": "Bob"},
        )
        assert made.status_code == 201, made.text
        table = made.json()["table"]
        bob, watcher = Player(owner, table, made.json()["token"]), Player(survivor, table, None)
        watcher.wait(lambda p: p.seq >= 0)

        def only_bob_asked(player: Player) -> bool:
            state = replay(store.record(table) or {})
            return bool(player.legal) and state.to_act == (0,) and player.seq == state.record_length

        # Bob always goes on, after the bots have chosen: each round ends with a hazard
        # drawn after his choice, the last round's with the game
        while True:
            bob.wait(only_bob_asked)
            state = replay(store.record(table) or {})
            state.act(0, "continue")
            if state.is_over:
                break
            time.sleep(0.12)  # a person's pace: the server refuses over 10 messages a second
            bob.act_and_wait("continue")
        link.cut()
        bob.act_and_wait("continue")  # the end, stored by the owner and never published
        assert bob.over, (bob.errors, bob.seq, bob.to_act)
        # told by whichever comes first: the process taking the table over, or its check
        # of the tables it follows against the store
        watcher.wait(lambda p: p.over)
        assert watcher.view == replay(store.record(table) or {}).view(None)
    finally:
        for player in (bob, watcher):
            if player is not None:
                player.close()
        store.close()
        owner.stop()
        link.cut()


def test_a_page_never_gets_a_state_older_than_one_it_was_told(
    servers: list[ServerProcess], database: str, redis_prefix: str, tmp_path: Path
) -> None:
    """A process whose link to Redis hangs hears no batch and its copy of a table falls
    behind; a page that saw a newer seq elsewhere and reconnects to it, or asks it to
    resync, gets a state at least as new as what it saw."""
    from support.proxy import CuttableLink

    home = two_alive(servers)[0]
    link = CuttableLink(make_url(REDIS).port or 6379)
    lagging = ServerProcess(database, link.url(REDIS), redis_prefix, tmp_path / "lagging.log")
    ann = bob = watcher = None
    try:
        lagging.wait_ready()
        table, ann_token, bob_token = table_for_two(home, home)
        ann, bob = Player(home, table, ann_token), Player(home, table, bob_token)
        watcher = Player(lagging, table, None)  # the lagging process follows the table
        # both always go on, so both are asked at every step
        both_asked = lambda: ann.seq >= 4 and bool(ann.legal) and bool(bob.legal)  # noqa: E731
        play([ann, bob], lambda p: "continue", until=both_asked)
        watcher.wait(lambda p: p.seq >= ann.seq)
        link.hang()
        ann.act_and_wait("continue")  # a seq the lagging process does not hear of
        seen = ann.seq
        ann.reconnect(lagging)
        ann.wait(lambda p: len(p.states) == 2)
        assert ann.states[-1] >= seen, (ann.states, seen)
        bob.act_and_wait("continue")
        seen = bob.seq
        ann.ws.send(json.dumps({"type": "resync"}))
        ann.wait(lambda p: len(p.states) == 3)
        assert ann.states[-1] >= seen, (ann.states, seen)
    finally:
        for player in (ann, bob, watcher):
            if player is not None:
                player.close()
        lagging.stop()
        link.cut()


def test_a_killed_owner_is_replaced_and_the_game_goes_on(
    servers: list[ServerProcess], database: str, redis_prefix: str
) -> None:
    first, second = two_alive(servers)
    table, ann_token, bob_token = table_for_two(first, second)
    owner = second if lease_holder(redis_prefix, table) == second.pid else first
    survivor = first if owner is second else second
    # Ann is at the owner, Bob elsewhere; each seat's page on a different process
    ann, bob = Player(owner, table, ann_token), Player(survivor, table, bob_token)
    try:
        play([ann, bob], chooser(3), until=lambda: ann.seq >= 8)
        owner.signal(signal.SIGKILL)
        killed = time.monotonic()
        ann.reconnect(survivor)  # the page reconnects, to any process
        while lease_holder(redis_prefix, table) in (None, owner.pid):
            assert time.monotonic() - killed < TAKEOVER_LIMIT, "nobody took the table over"
            time.sleep(0.05)
        play([ann, bob], chooser(4))
        check_record(database, table, [ann, bob])
    finally:
        ann.close()
        bob.close()


def test_redis_with_a_sqlite_file_is_refused(tmp_path: Path) -> None:
    from typer.testing import CliRunner

    from relicbox.cli.main import app

    database = f"sqlite:///{tmp_path / 'games.sqlite'}"
    result = CliRunner().invoke(
        app, ["serve", "--db", database, "--redis", "redis://127.0.0.1:6379/15"]
    )
    assert result.exit_code == 2
    assert "PostgreSQL" in result.output and "SQLite" in result.output
    assert not (tmp_path / "games.sqlite").exists()  # refused before anything was opened


def test_a_process_that_steps_down_leaves_the_bots_to_the_new_owner(
    own_database: str, redis_prefix: str
) -> None:
    """Bots run only at the owner: a bot turn that ends after its process stepped down
    (cancelled, or refused at the commit) does not start another there."""
    from relicbox.server.botpool import BotPool
    from relicbox.server.cluster import ClusterService
    from relicbox.server.live import TableSettings
    from relicbox.server.protocol import SeatChoice

    async def scenario() -> None:
        store = Store(own_database)
        service = ClusterService(
            store, BotPool(0), redis_url=REDIS, prefix=redis_prefix + "unit:", bot_delay=30.0
        )
        await service.restore()
        try:
            seats = [
                SeatChoice(kind="me"),
                SeatChoice(kind="bot", bot="random"),
                SeatChoice(kind="bot"),
            ]
            made = await service.create("diamant", 3, {}, seats, TableSettings(), "Ann")
            table_id = made[0]
            table = service.tables[table_id]
            await asyncio.sleep(0.2)
            assert table_id in service.owned and table.bot_tasks  # thinking, slowly
            await service.step_down(table_id)
            await asyncio.sleep(0.2)  # the cancelled turns have ended
            assert table_id not in service.owned
            assert not table.bot_tasks
        finally:
            await service.close()
            service.bots.close()
            store.close()

    asyncio.run(scenario())


def test_a_process_cut_off_from_redis_says_so_in_one_line_now_and_then(
    own_database: str, redis_prefix: str, caplog: pytest.LogCaptureFixture
) -> None:
    """While Redis is out of reach the process keeps trying to read from it, and logs one
    line without a traceback, not one with a traceback at every try."""
    import logging

    from relicbox.server.botpool import BotPool
    from relicbox.server.cluster import ClusterService
    from support.proxy import CuttableLink

    link = CuttableLink(make_url(REDIS).port or 6379)

    async def scenario() -> None:
        store = Store(own_database)
        service = ClusterService(
            store, BotPool(0), redis_url=link.url(REDIS), prefix=redis_prefix + "quiet:"
        )
        await service.restore()
        try:
            link.cut()
            while service.read_failures < 8:  # the tries go on, a fifth of a second apart
                await asyncio.sleep(0.05)
        finally:
            await service.close()
            service.bots.close()
            store.close()

    with caplog.at_level(logging.INFO, logger="relicbox.server.cluster"):
        asyncio.run(scenario())
    said = [r for r in caplog.records if "reading from Redis failed" in r.getMessage()]
    assert len(said) == 1, [r.getMessage() for r in said]
    assert said[0].exc_info is None


def test_a_refused_write_whose_caller_went_away_leaves_no_unread_error(sqlite_url: str) -> None:
    """A decision's write is refused (fenced) after the task that made it was cancelled (a
    step-down cancels the bots' turns): nobody reads the refusal, and asyncio must not
    report it as an exception never retrieved."""
    import gc

    from relicbox.server.commits import GroupCommit

    store = Store(sqlite_url)
    store.create_table(
        "fenced",
        game="diamant",
        players=3,
        seed=1,
        options={},
        rules_version="diamant/1",
        settings={},
        seats=[{"kind": "open"}] * 3,
    )
    store.claim("fenced")
    store.claim("fenced")
    unread: list[str] = []

    async def scenario() -> None:
        asyncio.get_running_loop().set_exception_handler(
            lambda _loop, context: unread.append(str(context.get("message")))
        )
        commits = GroupCommit(store)
        stale = Append("fenced", 0, ({"seat": 0, "action": "leave"},), epoch=1)
        caller = asyncio.create_task(commits.append(stale))
        await asyncio.sleep(0)  # queued, and its writer started
        caller.cancel()
        await asyncio.sleep(0.3)  # the write has been refused by now
        commits.close()
        for _ in range(5):  # the writer ends, and lets go of the refused write
            await asyncio.sleep(0)
        del caller
        gc.collect()
        await asyncio.sleep(0)

    try:
        asyncio.run(scenario())
        gc.collect()
    finally:
        store.close()
    assert not unread, unread


def test_the_fault_campaigns_check_finds_lost_and_refused_decisions() -> None:
    """The check of the fault campaign (``support.faults.check_table``) against a record it
    knows: an acknowledged decision that is not stored is lost, a refused one that is
    stored (and that no other attempt explains) is found, and a true history is clean."""
    from relicbox.core.registry import get_game
    from support.faults import Attempt, check_table

    state = get_game("diamant").new_state(3, 5)
    attempts: list[Attempt] = []
    while not state.is_over and len(attempts) < 12:
        seat = state.to_act[0]
        action = state.legal_actions(seat)[0].text
        attempts.append(Attempt("t", seat, state.record_length, action, 0.0, "acked"))
        state.act(seat, action)
    record = state.record
    reasons = {n: None for n, e in enumerate(record["events"]) if "seat" in e}
    clean = check_table(record, reasons, attempts)
    assert not clean.lost and not clean.refused_stored and not clean.unexplained
    told = [dataclasses.replace(a) for a in attempts]
    told[3].outcome = "refused"  # told refused, yet stored
    told.append(dataclasses.replace(attempts[-1], seq=state.record_length))  # acked, not stored
    found = check_table(record, reasons, told)
    assert len(found.refused_stored) == 1 and len(found.lost) == 1, found
    missing = check_table(record, reasons, attempts[:-1])  # stored, yet nobody sent it
    assert len(missing.unexplained) == 1, missing


def test_a_page_keeps_its_seat_link_when_a_process_refuses_it(
    server: LiveServer, browser: Any
) -> None:
    """(Last in the module: the browser's driver keeps an event loop running until the
    module ends.) A process that has not heard yet that a seat was taken refuses its link as
    ``bad-token``: the page watches meanwhile, and keeps the link for its next connection
    instead of forgetting the seat for good."""
    made = server.post(
        "/api/tables",
        {
            "game": "diamant",
            "players": 3,
            "seats": [{"kind": "me"}, {"kind": "open"}, {"kind": "bot", "bot": "random"}],
            "name": "Ann",
        },
    )
    table = made.json()["table"]
    context = browser.new_context(bypass_csp=True)
    try:
        page = context.new_page()
        page.goto(f"{server.url}/t/{table}#seat=not-known-here")
        page.wait_for_selector("#toast:not([hidden])")  # refused, and said so
        page.wait_for_selector("#lobby-box:not([hidden])")  # watching the open table
        kept = page.evaluate(f"localStorage.getItem('relicbox:seat:{table}')")
        assert kept == "not-known-here"
    finally:
        context.close()
