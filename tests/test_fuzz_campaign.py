"""The fuzz campaign's trust kinds (``scripts/fuzz_campaign.py``, ``support.trust_fuzz``):
the script runs cases of each and reports them, and its checks catch what they look for."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

import relicbox
from relicbox.bots import Origin, make_bot, parse_seat
from relicbox.core.rng import Rng
from support import trust_fuzz

ROOT = Path(__file__).resolve().parents[1]
TRUST_KINDS = ("seat", "save", "store", "adapter", "websocket")


def _campaign(folder: Path, *args: str) -> tuple[str, dict[str, int]]:
    """Run the script on this checkout's code; its summary and closing figures."""
    summary = folder / "summary.md"
    paths = [str(ROOT / "src"), str(ROOT / "tests"), os.environ.get("PYTHONPATH", "")]
    done = subprocess.run(
        [sys.executable, str(ROOT / "scripts" / "fuzz_campaign.py"), *args],
        capture_output=True,
        text=True,
        env={**os.environ, "PYTHONPATH": os.pathsep.join(p for p in paths if p)},
        timeout=600,
        check=False,
    )
    assert done.returncode == 0, done.stderr[-3000:]
    figures: dict[str, int] = json.loads(done.stdout.strip().splitlines()[-1])
    return (summary.read_text(encoding="utf-8") if summary.exists() else ""), figures


@pytest.mark.parametrize("kind", TRUST_KINDS)
def test_each_trust_kind_runs_a_few_cases_and_reports_them(kind: str, tmp_path: Path) -> None:
    # one game for the server's cases: each game's first table takes a second to set up
    games = ["--game", "diamant"] if kind == "websocket" else []
    summary, figures = _campaign(
        tmp_path, "--kinds", kind, "--count", "3", *games, "--summary", str(tmp_path / "summary.md")
    )
    assert figures["cases"] == 3
    assert figures["findings"] == 0, summary  # every fault these kinds found is fixed
    lines = [line for line in summary.splitlines() if line.startswith(f"* {kind} ")]
    assert sum(int(line.rsplit(": ", 1)[1]) for line in lines) == 3
    for klass in ("names-code", "terminal", "partial-apply", "loose-action", "crash", "stall"):
        assert f"## {klass}: " in summary


def test_an_unknown_kind_is_refused(tmp_path: Path) -> None:
    done = subprocess.run(
        [sys.executable, str(ROOT / "scripts" / "fuzz_campaign.py"), "--kinds", "seats"],
        capture_output=True,
        text=True,
        env={**os.environ, "PYTHONPATH": os.pathsep.join([str(ROOT / "src"), str(ROOT / "tests")])},
        check=False,
    )
    assert done.returncode != 0 and "websocket" in done.stderr


def test_a_planted_program_that_runs_is_a_names_code_finding() -> None:
    game = relicbox.get_game("diamant")
    program = parse_seat(f"stdio:{trust_fuzz.sandbox().program}", game, Origin.COMMAND_LINE)
    state = relicbox.new_game("diamant", 3, seed=1)
    seat = state.to_act[0]

    def start() -> str:
        agent = make_bot(program, game)
        try:
            agent.choose(state.view(seat), state.legal_actions(seat), Rng(1))
        finally:
            getattr(agent, "close", lambda: None)()
        return "played"

    with pytest.raises(trust_fuzz.TrustFinding) as found:
        trust_fuzz.guarded(start)
    assert found.value.klass == "names-code"
    assert not trust_fuzz.sandbox().marker.exists()
    assert trust_fuzz.guarded(lambda: "nothing ran") == "nothing ran"


def test_a_planted_module_imported_is_a_names_code_finding() -> None:
    game = relicbox.get_game("tschak")
    spec = parse_seat(f"{trust_fuzz.sandbox().plant}:choose", game, Origin.COMMAND_LINE)
    with pytest.raises(trust_fuzz.TrustFinding) as named:
        trust_fuzz.no_code(spec, "a command line's spec")
    assert named.value.klass == "names-code"
    with pytest.raises(trust_fuzz.TrustFinding) as ran:
        trust_fuzz.guarded(lambda: str(make_bot(spec, game)), spec.text)
    assert ran.value.klass == "names-code"


def test_control_characters_are_told_from_newlines_and_tabs() -> None:
    found = [c for c in "a\nb\tc\x1b[31m\x9b\x7f\x07é💎" if trust_fuzz.is_control(c)]
    assert found == ["\x1b", "\x9b", "\x7f", "\x07"]


def test_an_adapter_value_is_whole_only_if_python_says_so() -> None:
    import numpy as np

    assert all(trust_fuzz.whole(v) for v in (3, np.int64(3), np.array(3), -1))
    assert not any(
        trust_fuzz.whole(v) for v in (True, 3.0, "3", np.float32(3), np.array([3]), None)
    )


@pytest.mark.slow
def test_a_minute_of_every_trust_kind_reports_each(tmp_path: Path) -> None:
    kinds = ",".join(TRUST_KINDS)
    summary, figures = _campaign(
        tmp_path, "--kinds", kinds, "--seconds", "60", "--summary", str(tmp_path / "summary.md")
    )
    assert figures["cases"] > 50
    for kind in TRUST_KINDS:
        assert f"* {kind} " in summary
