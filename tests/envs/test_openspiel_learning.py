"""OpenSpiel's rl_environment and one of its learners train on Diamant's information states."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import pyspiel

from relicbox.envs import openspiel

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "openspiel_qlearning.py"


def _example():
    spec = importlib.util.spec_from_file_location("openspiel_qlearning", EXAMPLE)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up there
    spec.loader.exec_module(module)
    return module


def test_q_learner_trains_on_information_state_tensors_through_rl_environment():
    result = _example().run(players=3, episodes=250, evaluation=40, seed=1)
    openspiel.register()
    game = pyspiel.load_game("relicbox_diamant_sequential", {"players": 3})
    assert result.tensor_size == game.information_state_tensor_size() > 76
    assert result.steps >= 2000  # a few thousand learner decisions
    assert result.states > 100  # the Q-table grew from the tensors it was given
    assert 0.0 <= result.random <= 1.0 and 0.0 <= result.trained <= 1.0
