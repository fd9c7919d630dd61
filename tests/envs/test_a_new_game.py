"""A game registered by nobody the adapters know gets every adapter without editing one."""

from __future__ import annotations

import json
import subprocess
import sys

SCRIPT = """
import dataclasses, json
import pyspiel
import relicbox
from relicbox.bots import make_bot
from relicbox.core.registry import register
from relicbox.envs import openspiel
from relicbox.envs.encoding import encoder_for
from relicbox.games import tschak
from relicbox.play.simulate import simulate

game = register(dataclasses.replace(tschak.GAME, name="toy", title="Toy Box!", aliases=()))
names = openspiel.register()
seen = {"forms": sorted(n for n in names if "toy" in n)}
for short in seen["forms"]:
    loaded = pyspiel.load_game(short, {"players": 3})
    pyspiel.random_sim_test(loaded, num_sims=1, serialize=False, verbose=False)
    seen[short] = [loaded.max_game_length(), str(loaded.get_type().dynamics)]
from relicbox.envs.gymnasium import ENV_IDS
seen["gymnasium"] = [env_id for env_id, name in ENV_IDS.items() if name == "toy"]
seen["encoding"] = encoder_for(game, 3).size == encoder_for(tschak.GAME, 3).size
seen["bot"] = make_bot("rule", game).__class__.__name__
summary, _ = simulate("toy", 3, "rule,random", 3, seed=1)
seen["simulator"] = summary["simulator"]
print(json.dumps(seen))
"""


def test_a_game_new_to_the_adapters_gets_every_one_of_them():
    done = subprocess.run([sys.executable, "-c", SCRIPT], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    seen = json.loads(done.stdout)
    assert seen["forms"] == ["relicbox_toy", "relicbox_toy_sequential"]
    bound = 4 * (9 * 3 + 5)  # Tschak!'s max_length at three players
    assert seen["relicbox_toy"] == [bound, "Dynamics.SIMULTANEOUS"]
    assert seen["relicbox_toy_sequential"] == [bound, "Dynamics.SEQUENTIAL"]
    assert seen["gymnasium"] == ["relicbox/ToyBox-v0"]
    assert seen["encoding"] is True
    assert seen["bot"] == "TschakRuleBot"
    assert seen["simulator"] == "engine"
