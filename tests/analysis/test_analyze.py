"""``relicbox analyze`` and :mod:`relicbox.play.analysis`: a game review from a seat's view."""

from __future__ import annotations

import json
import os
import threading
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from relicbox.bots import make_bot
from relicbox.cli.main import app
from relicbox.core.game import RECORD_FORMAT, replay
from relicbox.core.registry import get_game
from relicbox.core.rng import Rng
from relicbox.play.analysis import MIN_VERDICT_WORLDS, Budget, analyse, verdict

SUITS = "WRD"
"""Tschak!'s three backgrounds, dealt in this order, one deal per hand position each."""
FIRST_DEAL = 2
"""Tschak!'s first deal event: the two tower draws come first."""
POSITIONS = 4


def _played(game: str, players: int, seed: int, bots: list[str]) -> dict[str, Any]:
    rules = get_game(game)
    state = rules.new_state(players, seed)
    agents = [make_bot(name, rules) for name in bots]
    rng = Rng(seed)
    while not state.is_over:
        seat = state.to_act[0]
        state.act(seat, agents[seat].choose(state.view(seat), state.legal_actions(seat), rng))
    return state.record


def _explicit(events: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return [{**e, "sampled": False} if "chance" in e else dict(e) for e in events]


def _other_deals(record: dict[str, Any], prefix: int, seat: int) -> dict[str, Any]:
    """The record's first ``prefix`` events with other seats' hands changed: for each
    background, a hand position other than ``seat``'s that plays none of it in the prefix
    swaps its deal with the unused position's (3 players hold 3 of the 4 hands)."""
    events = _explicit(record["events"][:prefix])
    plays = [e for e in events if "seat" in e]
    for suit_number, suit in enumerate(SUITS):
        base = FIRST_DEAL + suit_number * POSITIONS
        for other in range(record["players"]):
            if other == seat:
                continue
            if any(e["seat"] == other and e["action"].startswith(f"play {suit}") for e in plays):
                continue
            spare = base + POSITIONS - 1
            events[base + other], events[spare] = events[spare], events[base + other]
    return {**record, "events": events}


@pytest.mark.slow
def test_a_seats_review_does_not_depend_on_what_others_hid() -> None:
    record = _played("tschak", 3, 11, ["rule", "rule", "rule"])
    prefix = 26
    truth = {**record, "events": _explicit(record["events"][:prefix])}
    other = _other_deals(record, prefix, seat=1)
    assert other["events"] != truth["events"]
    game = get_game("tschak")
    assert replay(truth, game).view(1) == replay(other, game).view(1)
    assert replay(truth, game).view(2) != replay(other, game).view(2)  # seat 2's hand
    budget = Budget(None, 3)
    first = analyse(truth, seat=1, budget=budget, seed=4)
    second = analyse(other, seat=1, budget=budget, seed=4)
    assert first["decisions"], "seat 1 decides in the prefix"
    assert first["decisions"] == second["decisions"]
    assert first["summary"] == second["summary"]


def _rigged_diamant() -> dict[str, Any]:
    """Round 1 of 3 players: both others leave at once; seat 1 stays alone, gathers 50
    rubies and sees spiders and snakes, with 30 cards left, and still goes on."""
    events: list[dict[str, Any]] = [{"chance": "T17"}]
    events += [{"seat": s, "action": a} for s, a in ((0, "leave"), (1, "continue"), (2, "leave"))]
    for card in ("T15", "T13", "spiders", "snakes"):
        events += [{"chance": card}, {"seat": 1, "action": "continue"}]
    events.append({"chance": "spiders"})
    game = get_game("diamant")
    return {
        "format": RECORD_FORMAT,
        "game": "diamant",
        "rules_version": game.rules_version,
        "players": 3,
        "seed": 5,
        "options": {},
        "events": _explicit(events),
    }


def test_staying_with_a_big_pocket_between_two_traps_is_flagged() -> None:
    result = analyse(_rigged_diamant(), seat=1, budget=Budget(None, 120), seed=1)
    last = result["decisions"][-1]
    assert last["event"] == 11
    assert (last["taken"], last["best"]) == ("continue", "leave")
    assert last["verdict"] in {"mistake", "blunder"}
    assert last["loss_low"] > 0
    assert result["summary"][0]["mistakes"] + result["summary"][0]["blunders"] >= 1


def _check_schema(result: dict[str, Any]) -> None:
    keys = {
        "format": str,
        "game": str,
        "players": int,
        "seat": (int, type(None)),
        "bot": str,
        "budget": dict,
        "seed": int,
        "lang": str,
        "thresholds": dict,
        "scores": list,
        "decisions": list,
        "summary": list,
    }
    assert set(result) == set(keys)
    for key, kind in keys.items():
        assert isinstance(result[key], kind), key
    assert result["format"] == "relicbox-analysis/1"
    assert set(result["thresholds"]) == {"mistake", "blunder"}
    decision_keys = {
        "event": int,
        "seat": int,
        "options": list,
        "taken": str,
        "best": str,
        "value_taken": float,
        "value_best": float,
        "loss": float,
        "loss_low": float,
        "worlds": int,
        "verdict": str,
    }
    for decision in result["decisions"]:
        assert set(decision) == set(decision_keys)
        for key, kind in decision_keys.items():
            assert isinstance(decision[key], kind), key
        assert decision["verdict"] in {"good", "mistake", "blunder"}
        assert len(decision["options"]) >= 2
        actions = [o["action"] for o in decision["options"]]
        assert decision["taken"] in actions and decision["best"] in actions
        for option in decision["options"]:
            assert set(option) == {"action", "label", "value", "low", "high", "score"}
            assert 0.0 <= option["low"] <= option["value"] <= option["high"] <= 1.0
    for row in result["summary"]:
        assert set(row) == {"seat", "decisions", "mistakes", "blunders", "mean_loss", "total_loss"}


@pytest.mark.parametrize(("game", "players"), [("diamant", 3), ("tschak", 3), ("relic-runners", 2)])
def test_the_cli_prints_the_documented_json(tmp_path: Path, game: str, players: int) -> None:
    record = _played(game, players, 3, ["rule"] * players)
    if game != "diamant":  # a few decisions keep the test quick
        decisions = [i for i, e in enumerate(record["events"]) if "seat" in e]
        record = {**record, "events": record["events"][: decisions[6]]}
    path = tmp_path / "game.json"
    path.write_text(json.dumps(record), encoding="utf-8")
    plot = tmp_path / "plot.png"
    result = CliRunner().invoke(
        app,
        [
            "analyze",
            str(path),
            "--seat",
            "1",
            "--budget",
            "1ms",
            "--worlds",
            "2",
            "--json",
            "--plot",
            str(plot),
        ],
    )
    assert result.exit_code == 0, result.output
    body = json.loads(result.stdout)
    _check_schema(body)
    assert body["game"] == game and body["seat"] == 0
    assert body["decisions"] and all(d["seat"] == 0 for d in body["decisions"])
    assert plot.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_the_cli_table_in_czech_and_a_refused_budget(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    path.write_text(json.dumps(_rigged_diamant()), encoding="utf-8")
    shown = CliRunner().invoke(
        app, ["analyze", str(path), "--seat", "2", "--worlds", "40", "--lang", "cs"]
    )
    assert shown.exit_code == 0, shown.output
    assert "Diamant: rozebráno 5 rozhodnutí" in shown.stdout
    assert "Chyba ztrácí alespoň 0,05 výhry" in " ".join(shown.stdout.split())
    refused = CliRunner().invoke(app, ["analyze", str(path), "--budget", "soon"])
    assert refused.exit_code == 2
    assert "'soon'" in refused.output
    for seat in ("0", "4"):
        outside = CliRunner().invoke(app, ["analyze", str(path), "--seat", seat])
        assert outside.exit_code == 2
        assert f"--seat {seat}" in outside.output and "1 to 3" in outside.output


def test_a_loss_seen_on_too_few_worlds_is_no_verdict() -> None:
    # Two worlds that both lost where the best option won: no spread, yet no evidence.
    assert verdict(1.0, 1.0, 2) == "good"
    assert verdict(1.0, 0.4, MIN_VERDICT_WORLDS) == "blunder"
    assert verdict(0.08, 0.01, MIN_VERDICT_WORLDS) == "mistake"
    assert verdict(0.08, -0.01, 100) == "good"


def _refused(path: Path, fragment: str) -> None:
    result = CliRunner().invoke(app, ["analyze", str(path), "--budget", "1ms"])
    assert result.exit_code == 2, (result.output, result.exception)
    assert result.exception is None or isinstance(result.exception, SystemExit)
    lines = result.output.strip().splitlines()
    assert len(lines) == 1, result.output
    assert fragment in lines[0] and "game record file" in lines[0], result.output


@pytest.mark.parametrize(
    ("content", "fragment"),
    [
        (b"[" * 100_000 + b"]" * 100_000, "nested too deeply"),
        (b'{"game": "diamant", "seed": ' + b"7" * 5000 + b"}", "whole number of 5000 digits"),
        (b'{"game": "diamant", "seed": NaN}', "NaN is not a number JSON allows"),
        (b'{"game": "diamant"}\xff', "not UTF-8"),
    ],
    ids=["deep", "long-number", "nan", "not-utf8"],
)
def test_a_malformed_record_file_is_one_line_of_error(
    tmp_path: Path, content: bytes, fragment: str
) -> None:
    path = tmp_path / "game.json"
    path.write_bytes(content)
    _refused(path, fragment)


def test_a_record_file_beyond_the_size_cap_is_refused_unread(tmp_path: Path) -> None:
    from relicbox.cli.analyze import MAX_RECORD_BYTES

    path = tmp_path / "huge.json"
    with path.open("wb") as handle:
        handle.truncate(MAX_RECORD_BYTES + 1)  # sparse: nothing is written
    _refused(path, f"larger than {MAX_RECORD_BYTES} bytes")


@pytest.mark.skipif(not Path("/dev/zero").exists(), reason="no /dev/zero here")
def test_a_device_is_refused_unread() -> None:
    _refused(Path("/dev/zero"), "is not a regular file")


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no named pipes here")
def test_a_named_pipe_is_refused_unread(tmp_path: Path) -> None:
    fifo = tmp_path / "game.json"
    os.mkfifo(fifo)

    def feed() -> None:
        # Had the command opened the pipe to read, this writer lets it finish (with a
        # wrong record) instead of waiting forever, so the test fails rather than hangs.
        try:
            with fifo.open("w") as handle:
                handle.write("{}")
        except OSError:
            pass

    writer = threading.Thread(target=feed, daemon=True)
    writer.start()
    try:
        _refused(fifo, "is not a regular file")
    finally:
        reader = os.open(fifo, os.O_RDONLY | os.O_NONBLOCK)  # frees a writer still waiting
        writer.join()
        os.close(reader)


@pytest.mark.parametrize(
    "content",
    ["[]", "null", "5", '"x"', "{}", '{"game": ["diamant"]}', '{"record": [1]}', '{"record": "x"}'],
)
def test_a_file_that_holds_no_record_is_refused_in_words(tmp_path: Path, content: str) -> None:
    path = tmp_path / "odd.json"
    path.write_text(content)
    result = CliRunner().invoke(app, ["analyze", str(path), "--budget", "1ms"])
    assert result.exit_code == 2, result.output
    text = " ".join(result.output.split())
    assert "holds no object that names its game" in text, text
    assert "attribute" not in text and "None" not in text
