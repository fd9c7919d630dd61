"""``relicbox export`` and ``serve`` from the command line, the pages' catalogs, and CORS."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import relicbox
from relicbox.i18n import LOCALES_DIR, tr
from relicbox.server.webcatalog import web_catalog
from support.server import LiveServer, Player, play_to_end


def _relicbox(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "relicbox.cli.main", *args],
        capture_output=True,
        text=True,
        timeout=120,
    )


def test_export_writes_a_record_that_replay_reads(server: LiveServer, tmp_path: Path) -> None:
    made = server.create("diamant", ["me", "rule", "random"])
    ann = Player(server, made["table"], made["token"])
    try:
        ann.wait_for(lambda f: f["type"] == "state" and f["view"] is not None)
        final = play_to_end([ann], lambda frame: "continue" if frame["seq"] < 40 else "leave")
    finally:
        ann.close()
    out = tmp_path / "game.json"
    done = _relicbox("export", made["table"], "--db", server.db_url, "-o", str(out))
    assert done.returncode == 0, done.stderr
    record = json.loads(out.read_text(encoding="utf-8"))
    assert relicbox.replay(record).view(0) == final["view"]
    shown = _relicbox("replay", str(out))
    assert shown.returncode == 0 and "Player 1" in shown.stdout
    missing = _relicbox("export", "nope", "--db", server.db_url)
    assert missing.returncode == 2 and "There is no table 'nope'" in missing.stderr


def test_serve_refuses_a_database_it_cannot_open(tmp_path: Path) -> None:
    done = _relicbox("serve", "--db", f"sqlite:///{tmp_path}/no/such/folder/x.sqlite")
    assert done.returncode == 2
    assert "Cannot open the database" in done.stderr
    assert "Traceback" not in done.stderr
    bad = _relicbox("serve", "--db", "nosuchdriver://x")
    assert bad.returncode == 2 and "Traceback" not in bad.stderr


def _own_web_ids(lang: str) -> set[str]:
    from fluent.syntax import FluentParser, ast

    ids: set[str] = set()
    for path in sorted((LOCALES_DIR / lang).glob("web*.ftl")):
        body = FluentParser().parse(path.read_text(encoding="utf-8")).body
        ids.update(entry.id.name for entry in body if isinstance(entry, ast.Message))
    return ids


def test_every_page_message_exists_in_both_languages_and_formats() -> None:
    assert _own_web_ids("en") and _own_web_ids("en") == _own_web_ids("cs")
    assert set(web_catalog("cs")) == set(web_catalog("en"))
    own = {key for key in web_catalog("en") if not key.startswith("game:")}
    assert own == _own_web_ids("en")
    # the games' own sentences come along for the log the page writes
    assert "game:diamant-ev_leave_plain" in web_catalog("cs")
    assert tr("cs", "web-clock-left", seconds=3) == "zbývají 3 sekundy"
    assert tr("cs", "web-clock-left", seconds=21) == "zbývá 21 sekund"
    plural = web_catalog("cs")["web-open-seats"][0]
    assert set(plural["variants"]) == {"0", "one", "few", "other"}


def test_cross_origin_requests_get_no_cors_permission(server: LiveServer) -> None:
    import httpx

    response = httpx.options(
        server.url + "/api/tables",
        headers={"Origin": "https://evil.example", "Access-Control-Request-Method": "POST"},
    )
    assert "access-control-allow-origin" not in response.headers
    plain = httpx.get(server.url + "/api/games", headers={"Origin": "https://evil.example"})
    assert "access-control-allow-origin" not in plain.headers
