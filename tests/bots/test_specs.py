"""Bot specs: one text names a bot and its settings for play, simulate, tournament, server."""

from __future__ import annotations

import pytest

import relicbox
from relicbox.bots import bot_names, is_bot_spec, make_bot, split_specs
from relicbox.bots.ismcts import IsmctsAgent
from relicbox.core.errors import ConfigurationError
from relicbox.core.rng import Rng
from relicbox.games.diamant.bots import DiamantThresholdBot
from relicbox.play.match import parse_seats

DIAMANT = relicbox.get_game("diamant")


def test_split_keeps_settings_with_their_spec():
    assert split_specs("ismcts:iters=50,rollout=rule,random, threshold:5") == [
        "ismcts:iters=50,rollout=rule",
        "random",
        "threshold:5",
    ]
    assert split_specs("rule,cautious") == ["rule", "cautious"]


def test_every_family_is_made_from_its_spec():
    assert make_bot("rule", DIAMANT).name == "rule"
    assert make_bot("random", DIAMANT).name == "random"
    bot = make_bot("ismcts:iters=20,rollout=rule", DIAMANT)
    assert isinstance(bot, IsmctsAgent)
    assert (bot.iters, bot.ms, bot.rollout_name) == (20, None, "rule")
    timed = make_bot("ismcts:ms=200", DIAMANT)
    assert isinstance(timed, IsmctsAgent) and (timed.iters, timed.ms) == (None, 200.0)
    threshold = make_bot("threshold:5", DIAMANT)
    assert isinstance(threshold, DiamantThresholdBot) and threshold.threshold == 5
    assert bot_names(DIAMANT) == ["cautious", "expert", "random", "rule", "ismcts"]
    assert all(is_bot_spec(name, DIAMANT) for name in bot_names(DIAMANT))
    assert is_bot_spec("threshold:7", DIAMANT) and not is_bot_spec("threshold:x", DIAMANT)


@pytest.mark.parametrize(
    ("spec", "message"),
    [
        (
            "nobody",
            "unknown bot 'nobody' for diamant: choose one of cautious, expert, random, rule",
        ),
        ("ismcts:deep=3", "'deep=3' is not a setting"),
        ("ismcts:iters=lots", "iters='lots' must be a number"),
        ("threshold:high", "threshold:N with N a whole number"),
        ("no_such_module_xyz:choose", "no module 'no_such_module_xyz'"),
        ("stdio:", "stdio needs a command"),
    ],
)
def test_bad_specs_say_what_is_wrong(spec, message):
    with pytest.raises(ConfigurationError, match=message.replace("(", r"\(")):
        make_bot(spec, DIAMANT)


def test_a_bot_family_belongs_to_the_game_that_registers_it():
    tschak = relicbox.get_game("tschak")
    assert "threshold" in DIAMANT.bot_families and "threshold" not in tschak.bot_families
    with pytest.raises(ConfigurationError, match="unknown bot 'threshold:5' for tschak"):
        make_bot("threshold:5", tschak)
    with pytest.raises(ConfigurationError, match="threshold:N"):
        make_bot("nobody", DIAMANT)
    with pytest.raises(ConfigurationError) as refused:
        make_bot("nobody", tschak)
    assert "threshold" not in str(refused.value)


def test_threshold_bot_leaves_once_its_pocket_reaches_the_threshold():
    state = relicbox.new_game("diamant", players=3, seed=4)
    view = state.view(0)
    legal = state.legal_actions(0)
    pocket = view["pockets"][0]
    assert make_bot(f"threshold:{pocket}", DIAMANT).choose(view, legal, Rng(0)).text == "leave"
    assert (
        make_bot(f"threshold:{pocket + 1}", DIAMANT).choose(view, legal, Rng(0)).text == "continue"
    )


def test_python_entry_point_gets_view_and_legal_actions(tmp_path, monkeypatch):
    (tmp_path / "my_diamant_bots.py").write_text(
        "seen = []\n"
        "def always_leave(view, legal):\n"
        "    seen.append((view['seat'], [a.text for a in legal]))\n"
        "    return 'leave'\n"
        "def nonsense(view, legal):\n"
        "    return 'fly away'\n",
        encoding="utf-8",
    )
    monkeypatch.syspath_prepend(str(tmp_path))
    state = relicbox.new_game("diamant", players=3, seed=1)
    bot = make_bot("my_diamant_bots:always_leave", DIAMANT)
    assert bot.choose(state.view(1), state.legal_actions(1), Rng(0)).text == "leave"
    import my_diamant_bots

    assert my_diamant_bots.seen == [(1, ["continue", "leave"])]
    broken = make_bot("my_diamant_bots:nonsense", DIAMANT)
    assert broken.choose(state.view(1), state.legal_actions(1), Rng(0)).text == "leave"
    assert broken.faults == [{"kind": "illegal", "answer": "'fly away'"}]


def test_play_seats_accept_specs():
    seats = parse_seats("human,ismcts:iters=5,rollout=rule,bot:threshold:4", DIAMANT)
    assert [s.kind for s in seats] == ["human", "ismcts:iters=5,rollout=rule", "threshold:4"]
    with pytest.raises(ConfigurationError, match="unknown seat 'robot'"):
        parse_seats("human,robot", DIAMANT)
