"""Nothing but a seat's own view ever reaches its connection.

Full games of every game, at the smallest and the largest player count, are played over
WebSockets, one connection per seat plus a spectator. Each connection's picture of the
table is rebuilt as its page does it (protocol v2: the ``state`` of the join, then every
``event`` applied to it), and at every seq it must be exactly that seat's view at that
point of the record, with that seat's legal actions; the raw frames may carry nothing
else, and the table information no token or hidden state. Relic Runners games are capped
with ``max_turns`` (the game ends, flagged truncated) to keep the suite fast.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

import relicbox
from relicbox.core.rng import Rng
from relicbox.server.snapshots import legal_entries
from support.server import LiveServer, play_to_end, players

TABLE_KEYS = {
    "id",
    "game",
    "title",
    "players",
    "options",
    "status",
    "settings",
    "rematch_id",
    "rematch_of",
    "watchers",
    "seats",
}
SEAT_KEYS = {"seat", "kind", "bot", "name", "host", "connected", "away", "abandoned"}
STATE_KEYS = {"type", "seq", "seat", "view", "legal", "to_act", "over", "result", "table", "clocks"}
EVENT_KEYS = {"type", "seq", "since", "history", "view", "to_act", "over", "legal", "result"}
FRAME_TYPES = {"welcome", "state", "event", "presence", "table", "error"}
CASES = [
    # the largest tables take longest: they run with -m slow
    pytest.param(game.name, count, marks=[pytest.mark.slow] if count > min(game.players) else [])
    for game in relicbox.list_games()
    for count in sorted({min(game.players), max(game.players)})
]


def _states_by_seq(record: dict[str, Any]) -> dict[int, relicbox.State]:
    """The state after each prefix of the record's events."""
    game = relicbox.get_game(record["game"])
    state = game.new_state(
        record["players"], record["seed"], auto_chance=False, **record["options"]
    )
    states = {0: state.clone()}
    for seq, event in enumerate(record["events"], start=1):
        if "chance" in event:
            state.sample_chance() if event["sampled"] else state.apply_chance(event["chance"])
        else:
            state.act(event["seat"], event["action"])
        states[seq] = state.clone()
    return states


def _check_raw(frame: dict[str, Any]) -> None:
    """A raw frame has only the protocol's keys, and table information without secrets."""
    assert frame["type"] in FRAME_TYPES, frame["type"]
    if frame["type"] == "state":
        assert set(frame) == STATE_KEYS
    if frame["type"] == "event":
        assert set(frame) <= EVENT_KEYS and "board_html" not in frame and "log" not in frame
    table = frame.get("table") or {}
    assert set(table) <= TABLE_KEYS
    for info in table.get("seats", []):
        assert set(info) == SEAT_KEYS


@pytest.mark.parametrize(("game", "count"), CASES)
def test_join_state_plus_every_event_is_the_seats_view(
    server: LiveServer, game: str, count: int
) -> None:
    options = {"max_turns": 8} if game == "relic-runners" else {}
    made = server.create(game, ["me"] + ["open"] * (count - 1), options=options)
    table = made["table"]
    tokens = [made["token"]] + [server.join(table, f"P{n}")["token"] for n in range(1, count)]
    rng = Rng(count)
    with players(server, table, [*tokens, None]) as conns:
        seated, watcher = conns[:-1], conns[-1]
        for conn in conns:
            conn.wait_for(lambda f: f["type"] == "state" and f["view"] is not None)
        play_to_end(seated, lambda frame: frame["legal"][rng.below(len(frame["legal"]))]["text"])
        for conn in conns:
            conn.wait_for(lambda f: f["type"] == "state" and f["over"])
    record = server.get(f"/api/tables/{table}/record").json()
    states = _states_by_seq(record)
    checked = 0
    for seat, conn in [*enumerate(seated), (None, watcher)]:
        for frame in conn.raw:
            _check_raw(frame)
        for frame in conn.frames:
            # the join's state, and the picture after each event (presence and table
            # messages leave the view as it was)
            told = frame["type"] == "state" and frame.get("via") in (None, "event")
            if not told or frame["view"] is None:
                continue
            state = states[frame["seq"]]
            view = json.loads(json.dumps(state.view(seat)))
            assert frame["view"] == view, (seat, frame["seq"])
            assert frame["to_act"] == list(state.to_act)
            assert frame["over"] == state.is_over
            if seat is not None:
                legal = json.loads(json.dumps(legal_entries(state, seat, view, "en")))
                assert frame["legal"] == legal, (seat, frame["seq"])
            checked += 1
    assert checked >= len(record["events"]) // 2
    text = json.dumps([c.raw for c in conns])
    for token in tokens:
        assert token not in text
