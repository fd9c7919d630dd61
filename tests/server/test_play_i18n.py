"""Refusals and the log in the connection's language: Czech errors, bots named in the log."""

from __future__ import annotations

import pytest

import relicbox
from relicbox.i18n import tr
from relicbox.server.snapshots import snapshot
from support.server import LiveServer, Player


def _started(frame: dict[str, object]) -> bool:
    return frame["type"] == "state" and frame["view"] is not None


def _error(frame: dict[str, object]) -> bool:
    return frame["type"] == "error"


def _czech(frame: dict[str, object], english: str) -> str:
    """The frame's message, checked to be its catalog reason in Czech (not the English)."""
    reason = frame["reason"]
    assert isinstance(reason, dict)
    message = frame["message"]
    assert message == tr("cs", reason["id"], **reason["args"])
    assert message != tr("en", reason["id"], **reason["args"]) and english not in message
    return str(message)


def test_a_czech_seat_is_refused_in_czech_in_diamant(server: LiveServer) -> None:
    made = server.create("diamant", ["me", "open", "open"])
    table = made["table"]
    tokens = [made["token"], server.join(table, "Bob")["token"], server.join(table, "Cy")["token"]]
    ann, bob, cy = (Player(server, table, token, lang="cs") for token in tokens)
    try:
        ann.wait_for(_started)
        ann.act("tancovat")
        unknown = ann.wait_for(_error)
        assert unknown["code"] == "invalid-action"
        assert "neznámý tah 'tancovat' ve hře diamant" in _czech(unknown, "unknown action")
        ann.act("continue")
        ann.wait_for(lambda f: f["type"] == "state" and f["seq"] > 0 and 0 not in f["to_act"])
        ann.act("leave")
        refused = ann.wait_for(_error)
        assert refused["code"] == "illegal-action"
        assert _czech(refused, "already chosen") == "Hráč 1 už v tomto kroku zvolil"
    finally:
        for conn in (ann, bob, cy):
            conn.close()


def test_a_czech_seat_is_refused_in_czech_in_tschak(server: LiveServer) -> None:
    made = server.create("tschak", ["me", "rule", "rule"])
    me = Player(server, made["table"], made["token"], lang="cs")
    try:
        frame = me.wait_for(lambda f: _started(f) and f["legal"])
        hand = set(frame["view"]["hand"])
        codes = [a.text[5:] for a in relicbox.get_game("tschak").action_space]
        missing = next(code for code in codes if code not in hand)
        me.act(f"play {missing}")
        refused = me.wait_for(_error)
        assert refused["code"] == "illegal-action"
        assert _czech(refused, "not in your hand") == f"{missing} nemáte v ruce"
        assert refused["reason"] == {"id": "tschak-error-not-in-hand", "args": {"card": missing}}
    finally:
        me.close()


def test_a_czech_seat_is_refused_in_czech_in_relic_runners(server: LiveServer) -> None:
    made = server.create("relic-runners", ["me", "rule"])
    me = Player(server, made["table"], made["token"], lang="cs")
    try:
        me.wait_for(_started)
        me.act("end")  # never the first thing a seat may do: a move or a choice comes first
        refused = me.wait_for(_error)
        assert refused["code"] == "illegal-action"
        assert refused["reason"]["id"].startswith(("rr-error-", "error-"))
        _czech(refused, "first")
    finally:
        me.close()


def test_the_lobby_refuses_a_czech_request_in_czech(server: LiveServer) -> None:
    response = server.post(
        "/api/tables?lang=cs",
        {"game": "diamant", "players": 9, "seats": [{"kind": "me"}] * 9, "name": "Ann"},
    )
    assert response.status_code == 400
    assert response.json()["message"] == "diamant: počet hráčů musí být od 3 do 8, ne 9"


@pytest.mark.parametrize(("lang", "label"), [("en", "Player 2 (bot:rule)"), ("cs", "Hráč 2")])
def test_the_log_and_results_name_bot_seats(lang: str, label: str) -> None:
    state = relicbox.new_game("diamant", 3, seed=3)
    while not state.is_over:
        for seat in state.to_act:
            state.act(seat, "leave" if state.view(seat)["pockets"][seat] > 6 else "continue")
    body = snapshot(state, None, lang, state.record_length, ["rule", "rule", None])
    bot_name = tr(lang, "web-player-bot", seat=2, bot="rule")
    assert bot_name.startswith(label)
    assert any(bot_name in line for line in body["log"])
    assert [row[0] for row in body["result"]["rows"]] == [
        tr(lang, "web-player-bot", seat=1, bot="rule"),
        bot_name,
        tr(lang, "web-player", seat=3),
    ]
    plain = snapshot(state, None, lang, state.record_length)
    assert not any("(bot:" in line for line in plain["log"])


@pytest.mark.parametrize(
    ("request_", "english", "czech"),
    [
        (
            lambda server, table, lang: server.post(
                f"/api/tables/{table}/join?lang={lang}", {"name": "Cy"}
            ),
            "this table has already started",  # a full table starts at once
            "hra u tohoto stolu už začala",
        ),
        (
            lambda server, table, lang: server.post(
                f"/api/tables/{table}/start?lang={lang}", {"token": "not-a-token"}
            ),
            "only the person who made the table can start it",
            "hru může spustit jen ten, kdo stůl založil",
        ),
        (
            lambda server, table, lang: server.get(f"/api/tables/{table}/record?lang={lang}"),
            "the record is public once the game is over",
            "záznam je veřejný až po konci hry",
        ),
        (
            lambda server, table, lang: server.get(f"/api/tables/nope/record?lang={lang}"),
            "there is no table 'nope'",
            "stůl 'nope' neexistuje",
        ),
    ],
)
def test_every_lobby_refusal_speaks_the_page_language(
    server: LiveServer, request_, english: str, czech: str
) -> None:
    made = server.create("diamant", ["me", "open", "rule"])
    server.join(made["table"], "Bob")
    for lang, expected in (("cs", czech), ("en", english)):
        refused = request_(server, made["table"], lang)
        assert refused.status_code >= 400 and refused.json()["message"] == expected


def test_a_table_with_too_many_seats_is_refused_with_czech_plurals(server: LiveServer) -> None:
    response = server.post(
        "/api/tables?lang=cs",
        {"game": "diamant", "players": 3, "seats": [{"kind": "open"}] * 2, "name": "Ann"},
    )
    assert response.status_code == 400
    assert response.json()["message"] == "zadána 2 místa, ale hráčů je 3"
