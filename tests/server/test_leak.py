"""Nothing but a seat's own view ever reaches its connection.

Full games of every game and player count are played over WebSockets, one connection
per seat plus a spectator, and every frame each connection received is checked: its
game content must be exactly what the snapshot of that seat's view at that point of
the record gives (the view itself, the seat's legal actions, the text rendered from
the view), and the table information must hold no token or hidden state. Relic
Runners games are capped with ``max_turns`` (the game ends, flagged truncated) to
keep the suite fast.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

import relicbox
from relicbox.core.rng import Rng
from relicbox.server.snapshots import snapshot
from support.server import LiveServer, play_to_end, players

GAME_CONTENT = ("seq", "seat", "view", "legal", "to_act", "over", "board_html", "log", "result")
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
    "seats",
}
SEAT_KEYS = {"seat", "kind", "bot", "name", "host", "connected", "away", "abandoned"}
CASES = [(game.name, count) for game in relicbox.games() for count in game.players]


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


@pytest.mark.parametrize(("game", "count"), CASES)
def test_every_frame_carries_only_its_seats_view(server: LiveServer, game: str, count: int) -> None:
    options = {"max_turns": 12} if game == "relic-runners" else {}
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
        for frame in conn.frames:
            assert frame["type"] in ("welcome", "state", "error"), frame["type"]
            assert set(frame.get("table", {})) <= TABLE_KEYS
            for info in frame.get("table", {}).get("seats", []):
                assert set(info) == SEAT_KEYS
            if frame["type"] != "state" or frame["view"] is None:
                continue
            expected = snapshot(states[frame["seq"]], seat, "en", frame["seq"])
            got = {key: frame[key] for key in GAME_CONTENT}
            assert json.loads(json.dumps(expected)) == got, (seat, frame["seq"])
            assert set(frame) == {"type", *GAME_CONTENT, "table", "clocks"}
            checked += 1
    assert checked >= len(record["events"]) // 2
    text = json.dumps([c.frames for c in conns])
    for token in tokens:
        assert token not in text
