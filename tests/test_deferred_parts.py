"""A game may register its parts by where they are: they load at their first use, not before."""

from __future__ import annotations

import json
import subprocess
import sys
import textwrap

PARTS = """
def build_view(state, seat):
    return {"seat": seat, "round": state.round}

def describe_action(view, action, lang="en"):
    return "toy " + action

class Bot:
    pass
"""

SCRIPT = """
import dataclasses, json, sys
import relicbox
from relicbox.core.registry import register
from relicbox.games import diamant

game = register(
    dataclasses.replace(diamant.GAME, name="toy", aliases=()),
    view="toyparts:build_view",
    text="toyparts",
    bots={"rule": "toyparts:Bot"},
)
seen = {"registered": "toyparts" in sys.modules}
listed = [g.name for g in relicbox.list_games()]
seen["listed"] = "toyparts" in sys.modules
seen["bots"] = sorted(game.bots)
seen["after_bot_names"] = "toyparts" in sys.modules
kept = game.view  # a stand-in held before its module loads keeps working after
state = relicbox.new_game("toy", players=3, seed=1)
seen["view"] = state.view(2)
import toyparts
seen["in_place"] = [
    game.view is toyparts.build_view,
    game.text is toyparts,
    game.bots["rule"] is toyparts.Bot,
    state.game is game,
]
seen["text"] = game.renderer.describe_action({}, "leave")
seen["kept"] = [kept(state, 1) == {"seat": 1, "round": 1}, kept.found is toyparts.build_view]
seen["toy_listed"] = "toy" in listed
print(json.dumps(seen))
"""


def test_parts_registered_by_place_load_at_first_use_and_then_stay(tmp_path):
    (tmp_path / "toyparts.py").write_text(textwrap.dedent(PARTS), encoding="utf-8")
    done = subprocess.run(
        [sys.executable, "-c", SCRIPT],
        capture_output=True,
        text=True,
        cwd=tmp_path,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    seen = json.loads(done.stdout)
    assert seen["registered"] is seen["listed"] is seen["after_bot_names"] is False
    assert seen["bots"] == ["rule"] and seen["toy_listed"]
    assert seen["view"] == {"seat": 2, "round": 1}
    assert seen["in_place"] == [True, True, True, True]
    assert seen["text"] == "toy leave"
    assert seen["kept"] == [True, True]


BUILT_IN = """
import json, sys
import relicbox
from relicbox.core.errors import IllegalActionError

def loaded(*names):
    return sorted(name for name in names if name in sys.modules)

games = relicbox.list_games()
seen = {"parts": loaded(*(
    f"relicbox.games.{game.name.replace('-', '_')}.{part}"
    for game in games
    for part in ("views", "codec", "text", "bots", "sample", "explain")
))}
state = relicbox.new_game("relic-runners", 2, seed=1)
try:
    state.act(0, "explore")
except IllegalActionError as error:
    seen["refusal"] = error.reason.id
seen["explained"] = loaded("relicbox.games.relic_runners.explain")
diamant = relicbox.get_game("diamant")
seen["family"] = type(diamant.bot_families["threshold"].make("5")).__name__
seen["cautious"] = diamant.bots["cautious"]().caution
print(json.dumps(seen))
"""


def test_the_built_in_games_load_their_parts_only_when_used():
    done = subprocess.run([sys.executable, "-c", BUILT_IN], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    seen = json.loads(done.stdout)
    assert seen["parts"] == []
    assert seen["refusal"] == "rr-error-explore-after-move"
    assert seen["explained"] == ["relicbox.games.relic_runners.explain"]
    assert seen["family"] == "DiamantThresholdBot" and seen["cautious"] == 1.6
