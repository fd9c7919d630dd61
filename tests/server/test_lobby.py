"""The lobby's HTTP API and pages: every flow and every refusal, against a real server."""

from __future__ import annotations

import relicbox
from support.server import LiveServer, Player, play_to_end


def test_games_list_every_registered_game_with_its_options_and_bots(server: LiveServer) -> None:
    games = {g["name"]: g for g in server.get("/api/games").json()}
    assert set(games) == {g.name for g in relicbox.list_games()}
    assert "rule" in games["diamant"]["bots"] and "random" in games["tschak"]["bots"]
    diamant_options = {o["name"]: o for o in games["diamant"]["options"]}
    assert diamant_options["variant"]["choices"] == ["base", "relics"]
    # options that take a data file cannot be given from a browser
    assert "cards" not in {o["name"] for o in games["tschak"]["options"]}


def test_pages_render_in_both_languages(server: LiveServer) -> None:
    english = server.get("/?lang=en").text
    czech = server.get("/?lang=cs").text
    assert "New table" in english and "Nový stůl" in czech
    assert "unofficial" in english
    table = server.create("diamant", ["me", "rule", "random"])["table"]
    page = server.get(f"/t/{table}?lang=cs").text
    assert "Diamant" in page and "Co se stalo" in page
    assert server.get("/t/nope").status_code == 404
    catalog = server.get("/i18n/cs.json").json()
    assert catalog["web-join"] == ["Přisednout"]
    assert server.get("/i18n/xx.json").status_code == 404


def test_create_refuses_bad_tables_with_a_reason(server: LiveServer) -> None:
    def refused(body: dict[str, object]) -> tuple[int, dict[str, str]]:
        response = server.post("/api/tables", body)
        return response.status_code, response.json()

    seats = [{"kind": "me"}, {"kind": "open"}, {"kind": "open"}]
    status, body = refused({"game": "chess", "players": 3, "seats": seats})
    assert status == 400 and body["error"] == "bad-table" and "available games" in body["message"]
    status, body = refused({"game": "diamant", "players": 2, "seats": seats[:2]})
    assert status == 400 and "3-8 players" in body["message"]
    status, body = refused({"game": "diamant", "players": 4, "seats": seats})
    assert "3 seats given for 4 players" in body["message"]
    status, body = refused(
        {"game": "diamant", "players": 3, "seats": seats, "options": {"variant": "gold"}}
    )
    assert "variant='gold'" in body["message"]
    status, body = refused(
        {"game": "diamant", "players": 3, "seats": [{"kind": "bot", "bot": "genius"}] * 3}
    )
    assert "unknown bot 'genius'" in body["message"]
    status, body = refused({"game": "diamant", "players": 3, "seats": [{"kind": "me"}] * 3})
    assert "only one seat can be yours" in body["message"]
    status, body = refused(
        {"game": "tschak", "players": 2, "seats": seats[:2], "options": {"cards": "/etc/passwd"}}
    )
    assert status == 400
    # malformed bodies are refused by validation, never reach the engine
    assert server.post("/api/tables", {"game": "diamant"}).status_code == 422
    bad_name = {"game": "diamant", "players": 3, "seats": seats, "name": "\u0000\u0007"}
    assert server.post("/api/tables", bad_name).status_code == 422


def test_join_start_and_the_open_table_list(server: LiveServer) -> None:
    made = server.create("diamant", ["me", "open", "open", "rule"], name="Ann")
    table = made["table"]
    listed = server.get("/api/tables?status=open").json()
    assert [t["id"] for t in listed] == [table]
    assert all("token" not in str(seat) for seat in listed[0]["seats"])
    bob = server.join(table, "  Bob \n")
    assert bob["seat"] == 1
    info = server.get(f"/api/tables/{table}").json()
    assert info["seats"][1]["name"] == "Bob" and info["status"] == "open"
    # only the host may start; starting fills open seats with bots
    assert server.post(f"/api/tables/{table}/start", {"token": bob["token"]}).status_code == 403
    assert server.post(f"/api/tables/{table}/start", {"token": made["token"]}).status_code == 200
    info = server.get(f"/api/tables/{table}").json()
    assert info["status"] == "playing" and info["seats"][2]["kind"] == "bot"
    late = server.post(f"/api/tables/{table}/join", {"name": "Cy"})
    assert late.status_code == 409 and late.json()["error"] == "table-closed"
    assert server.get("/api/tables?status=open").json() == []
    assert [t["id"] for t in server.get("/api/tables?status=playing").json()] == [table]


def test_a_table_starts_itself_when_the_last_seat_is_taken(server: LiveServer) -> None:
    table = server.create("tschak", ["me", "open", "rule"])["table"]
    server.join(table, "Bob")
    assert server.get(f"/api/tables/{table}").json()["status"] == "playing"
    full = server.post(f"/api/tables/{table}/join", {"name": "Cy"})
    assert full.status_code == 409


def test_a_full_table_refuses_and_a_taken_seat_is_not_given_twice(server: LiveServer) -> None:
    table = server.create("diamant", ["open", "open", "rule"], name="Ann")["table"]
    first = server.post(f"/api/tables/{table}/join", {"name": "Bob", "seat": 1})
    again = server.post(f"/api/tables/{table}/join", {"name": "Cy", "seat": 1})
    assert first.status_code == 200 and again.status_code == 409
    assert again.json()["error"] == "seat-taken"
    assert server.post("/api/tables/nope/join", {"name": "Cy"}).status_code == 404


def test_finished_games_give_their_record_replay_and_a_rematch(server: LiveServer) -> None:
    made = server.create("diamant", ["me", "rule", "random"], grace=30)
    table = made["table"]
    assert server.get(f"/api/tables/{table}/record").status_code == 409
    ann = Player(server, table, made["token"])
    try:
        ann.wait_for(lambda f: f["type"] == "state" and f["view"] is not None)
        final = play_to_end([ann], lambda frame: "leave")
    finally:
        ann.close()
    assert final["over"] and final["result"]["winners"]
    record = server.get(f"/api/tables/{table}/record").json()
    state = relicbox.replay(record)
    assert state.is_over and state.scores() == [int(r[1]) for r in final["result"]["rows"]]
    assert final["result"]["scores"] == state.scores()
    top = max(state.scores())
    assert final["result"]["tied"] == [s for s, v in enumerate(state.scores()) if v == top]
    first = server.get(f"/api/tables/{table}/replay?step=0").json()
    last = server.get(f"/api/tables/{table}/replay").json()
    assert first["step"] == 0 and last["step"] == last["steps"] - 1 and last["over"]
    opening = next(n for n, event in enumerate(record["events"]) if "seat" in event)
    assert first["seq"] == opening
    assert first["view"] == relicbox.replay({**record, "events": record["events"][:opening]}).view(
        None
    )
    assert last["view"] == state.view(None)
    revealed = server.get(f"/api/tables/{table}/replay?seat=1").json()
    assert revealed["view"] == state.view(1)
    # a rematch keeps bots, gives the asker a seat, and is linked from the old table
    refused = server.post(f"/api/tables/{table}/rematch", {"token": "not-a-real-token"})
    assert refused.status_code == 403
    again = server.post(f"/api/tables/{table}/rematch", {"token": made["token"]})
    assert again.status_code == 201
    new = again.json()
    info = server.get(f"/api/tables/{new['table']}").json()
    assert [s["kind"] for s in info["seats"]] == ["human", "bot", "bot"]
    assert info["rematch_of"] == table
    assert server.get(f"/api/tables/{table}").json()["rematch_id"] == new["table"]
    twice = server.post(f"/api/tables/{table}/rematch", {"token": made["token"]})
    assert twice.status_code == 409
    finished = server.get("/api/tables?status=finished").json()
    assert [t["id"] for t in finished] == [table]


def test_replays_of_unfinished_games_show_only_the_public_view(server: LiveServer) -> None:
    made = server.create("tschak", ["me", "rule", "rule"])
    table = made["table"]
    ann = Player(server, table, made["token"])
    try:
        frame = ann.wait_for(lambda f: f["type"] == "state" and f["legal"])
        ann.act(frame["legal"][0]["text"])
        ann.wait_for(lambda f: f["type"] == "state" and f["seq"] > frame["seq"])
    finally:
        ann.close()
    step = server.get(f"/api/tables/{table}/replay?seat=0").json()
    assert step["seat"] is None and step["view"]["seat"] is None
    assert "hand" not in step["view"] or step["view"]["hand"] is None


def test_online_tables_take_search_bots_but_never_code_of_the_requesters_choice(
    server: LiveServer,
) -> None:
    def seats(bot: str) -> dict[str, object]:
        return {"game": "diamant", "players": 3, "seats": [{"kind": "bot", "bot": bot}] * 3}

    assert server.post("/api/tables", seats("ismcts:iters=20")).status_code == 201
    assert server.post("/api/tables", seats("threshold:6")).status_code == 201
    for code in (
        "os:system",
        "stdio:sh -c 'touch /tmp/x'",
        "subprocess:run",
        "builtins:eval",
        "random:_os.getcwd",  # a built-in bot's name is never a module to look into
        "random:_accumulate",
        "random:_os.sys.breakpointhook",
        "threshold:5,stdio:sh",
        "ismcts:iters=1,os:getcwd",
    ):
        response = server.post("/api/tables", seats(code))
        assert response.status_code == 400 and response.json()["error"] == "bad-table", code
    greedy = server.post("/api/tables", seats("ismcts:iters=10000000"))
    assert greedy.status_code == 400 and "at most 5000" in greedy.json()["message"]
