"""The store on SQLite and on a real PostgreSQL server: migrations, seats, events, records."""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor

import pytest
from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext

import relicbox
from relicbox.server.store import Base, Store, hash_token, token_matches


def _store_with_table(url: str, seats: int = 3) -> Store:
    store = Store(url)
    store.create_table(
        "t1",
        game="diamant",
        players=seats,
        seed=2**31 - 1,
        options={"variant": "base", "split": "pooled"},
        rules_version="diamant/2",
        settings={"grace": 5},
        seats=[
            {"kind": "human", "name": "Ann", "token_hash": hash_token("secret-1"), "is_host": True}
        ]
        + [{"kind": "open"}] * (seats - 1),
    )
    return store


def _store_with_two_tables(url: str) -> Store:
    """:func:`_store_with_table`'s ``t1``, and ``t2`` with every seat open."""
    store = _store_with_table(url)
    store.create_table(
        "t2",
        game="diamant",
        players=3,
        seed=1,
        options={},
        rules_version="diamant/2",
        settings={},
        seats=[{"kind": "open"}] * 3,
    )
    return store


def test_migrations_build_exactly_the_models_schema(db_url: str) -> None:
    store = Store(db_url)
    Store(db_url).close()  # a second start finds the schema up to date
    with store.engine.connect() as connection:
        differences = compare_metadata(MigrationContext.configure(connection), Base.metadata)
    store.close()
    assert differences == []


def test_a_record_reads_back_and_replays(db_url: str) -> None:
    store = _store_with_table(db_url)
    state = relicbox.new_game("diamant", players=3, seed=2**31 - 1)
    store.append_events("t1", 0, state.record_events(0))
    written = state.record_length
    while not state.is_over:
        seat = state.to_act[0]
        state.act(seat, "leave")
        store.append_events("t1", written, state.record_events(written), "bot")
        written = state.record_length
    record = store.record("t1")
    store.close()
    assert record == state.record
    assert relicbox.replay(record).to_dict() == state.to_dict()


def test_an_open_seat_goes_to_one_person_only(db_url: str) -> None:
    store = _store_with_table(db_url)
    with ThreadPoolExecutor(4) as pool:
        results = list(
            pool.map(
                lambda n: store.claim_open_seat("t1", 1, f"P{n}", hash_token(f"token-{n}")),
                range(8),
            )
        )
    table = store.table("t1")
    store.close()
    assert results.count(True) == 1
    assert table is not None and table.seats[1].kind == "human"


def test_tokens_are_kept_only_as_hashes(db_url: str) -> None:
    store = _store_with_table(db_url)
    table = store.table("t1")
    store.close()
    assert table is not None
    stored = table.seats[0].token_hash
    assert stored is not None and "secret-1" not in stored
    assert token_matches("secret-1", stored)
    assert not token_matches("secret-2", stored)
    assert not token_matches("secret-1", None)


def test_tables_listed_by_status_and_notes_kept(db_url: str) -> None:
    store = _store_with_table(db_url)
    store.set_status("t1", "playing")
    store.add_note("t1", "takeover", 1, None)
    assert [t.id for t in store.tables(["playing"])] == ["t1"]
    assert store.tables(["open"]) == []
    assert store.notes("t1") == [("takeover", 1, None)]
    assert store.record("missing") is None
    store.close()


def test_group_commit_writes_together_and_a_bad_decision_sinks_only_itself(db_url: str) -> None:
    import asyncio
    import threading

    from relicbox.server.commits import GroupCommit
    from relicbox.server.store import Append

    store = _store_with_two_tables(db_url)
    store.append_events("t1", 0, [{"seat": 0, "action": "continue"}])

    async def run() -> list[BaseException | None]:
        commits = GroupCommit(store)
        results = await asyncio.gather(
            commits.append(Append("t2", 0, ({"seat": 1, "action": "leave"},))),
            commits.append(Append("t1", 0, ({"seat": 0, "action": "leave"},))),  # seq 0 taken
            commits.append(Append("t2", 1, ({"chance": "T5", "sampled": True},))),
            return_exceptions=True,
        )
        commits.close()
        return list(results)

    # a thread of its own: another test's browser may hold this thread's event loop
    results: list[BaseException | None] = []
    worker = threading.Thread(target=lambda: results.extend(asyncio.run(run())))
    worker.start()
    worker.join(timeout=60)
    assert results[0] is None and results[2] is None
    assert isinstance(results[1], Exception)
    assert [e.seq for e in store.events("t2")] == [0, 1]
    assert [e.action for e in store.events("t1")] == ["continue"]
    store.close()


def test_one_commit_of_several_tables_is_fenced_as_a_whole(db_url: str) -> None:
    """Several tables' decisions go in one transaction; one stale owner epoch among them
    refuses the transaction (the group commit then retries each alone), and a status or a
    clock is written only for the append that carries one."""
    from relicbox.server.store import Append, Fenced

    store = _store_with_two_tables(db_url)
    store.update_seat("t1", 0, clock_ms=9000)
    first, second = store.claim("t1"), store.claim("t2")
    store.claim("t2")  # t2 has passed to a newer owner
    move = ({"seat": 0, "action": "continue"},)
    with pytest.raises(Fenced):
        store.append_many([Append("t1", 0, move, epoch=first), Append("t2", 0, move, epoch=second)])
    assert store.events("t1") == [] and store.events("t2") == []
    store.append_many(
        [
            Append("t1", 0, move, "bot", status="finished", clocks={0: 4000}, epoch=first),
            Append("t2", 0, move, epoch=second + 1),
            Append("t2", 1, ({"chance": "T5", "sampled": True},), epoch=second + 1),
        ]
    )
    assert [(e.seq, e.action, e.reason) for e in store.events("t1")] == [(0, "continue", "bot")]
    assert [e.seq for e in store.events("t2")] == [0, 1]
    one, two = store.table("t1"), store.table("t2")
    assert one is not None and two is not None
    assert one.status == "finished" and two.status == "open"
    assert one.seats[0].clock_ms == 4000
    store.close()
