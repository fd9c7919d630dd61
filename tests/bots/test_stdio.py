"""The JSON-lines bot protocol, with a bot that answers well, late, garbage, wrongly, then dies."""

from __future__ import annotations

import sys

import relicbox
from relicbox.bots import Origin, make_bot, parse_bot
from relicbox.core.rng import Rng

MISBEHAVING = r"""
import json, sys, time
n = 0
for line in sys.stdin:
    message = json.loads(line)
    if message.get("type") == "end":
        break
    n += 1
    ident = message["id"]
    if n == 1:
        answer = {"id": ident, "action": message["legal"][0]}
    elif n == 2:
        time.sleep(3.0)          # late: the answer arrives during the next decision
        answer = {"id": ident, "action": "continue"}
    elif n == 3:
        print(json.dumps({"id": 2, "action": "continue"}), flush=True)  # stale answer, then garbage
        print("this is not json", flush=True)
        continue
    elif n == 4:
        answer = {"id": ident, "action": "jump"}
    else:
        sys.exit(3)              # crash
    print(json.dumps(answer), flush=True)
"""

ECHO = r"""
import json, sys
for line in sys.stdin:
    message = json.loads(line)
    if message.get("type") == "end":
        break
    assert set(message) == {"type", "id", "game", "seat", "view", "legal", "limit_ms"}
    print(json.dumps({"id": message["id"], "action": message["legal"][-1]}), flush=True)
"""


def _script(tmp_path, name, text):
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return f"{sys.executable} {path}"


def test_a_misbehaving_bot_gets_the_default_action_and_every_fault_is_reported(tmp_path):
    game = relicbox.get_game("diamant")
    state = relicbox.new_game("diamant", players=3, seed=2)
    view, legal = state.view(1), state.legal_actions(1)
    spec = f"stdio@2000:{_script(tmp_path, 'bad.py', MISBEHAVING)}"
    bot = make_bot(parse_bot(spec, game, Origin.COMMAND_LINE), game)
    try:
        answers = [bot.choose(view, legal, Rng(0)).text for _ in range(6)]
    finally:
        bot.close()
    # Diamant's default action is "leave"; the bot's one good answer was "continue".
    assert answers == ["continue", "leave", "leave", "leave", "leave", "leave"]
    kinds = [(fault["decision"], fault["kind"]) for fault in bot.faults]
    assert kinds == [(2, "late"), (3, "garbage"), (4, "illegal"), (5, "crash"), (6, "crash")]
    assert "not json" in bot.faults[1]["detail"]
    assert "exit code 3" in bot.faults[3]["detail"]


def test_a_well_behaved_program_plays_a_whole_game(tmp_path):
    from relicbox.play.simulate import simulate

    command = _script(tmp_path, "echo.py", ECHO)
    summary, results = simulate(
        "tschak", 3, [f"stdio:{command}", "rule", "random"], 3, seed=4, origin=Origin.COMMAND_LINE
    )
    assert len(results) == 3
    assert [bot["seat_games"] for bot in summary["bots"]] == [3, 3, 3]
