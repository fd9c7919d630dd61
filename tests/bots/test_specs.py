"""Bot specs: one text names a bot and its settings for play, simulate, tournament, server."""

from __future__ import annotations

import sys

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import relicbox
from relicbox.bots import (
    BuiltinBot,
    FamilyBot,
    Human,
    Origin,
    ProgramBot,
    PythonBot,
    SearchBot,
    bot_names,
    is_bot_spec,
    make_bot,
    parse_bot,
    parse_seat,
    split_specs,
)
from relicbox.bots.ismcts import IsmctsAgent
from relicbox.bots.specs import ISMCTS_SETTINGS
from relicbox.core.errors import ConfigurationError
from relicbox.core.rng import Rng
from relicbox.games.diamant.bots import DiamantThresholdBot
from relicbox.play.match import parse_seats
from relicbox.server.botspecs import online_bot, online_bot_problem

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
        make_bot(parse_bot(spec, DIAMANT, Origin.COMMAND_LINE), DIAMANT)


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
    bot = make_bot(parse_bot("my_diamant_bots:always_leave", DIAMANT, Origin.COMMAND_LINE), DIAMANT)
    assert bot.choose(state.view(1), state.legal_actions(1), Rng(0)).text == "leave"
    import my_diamant_bots

    assert my_diamant_bots.seen == [(1, ["continue", "leave"])]
    broken = make_bot(parse_bot("my_diamant_bots:nonsense", DIAMANT, Origin.COMMAND_LINE), DIAMANT)
    assert broken.choose(state.view(1), state.legal_actions(1), Rng(0)).text == "leave"
    assert broken.faults == [{"kind": "illegal", "answer": "'fly away'"}]


def test_play_seats_accept_specs():
    seats = parse_seats("human,ismcts:iters=5,rollout=rule,bot:threshold:4", DIAMANT)
    assert [s.text for s in seats] == ["human", "ismcts:iters=5,rollout=rule", "threshold:4"]
    with pytest.raises(ConfigurationError, match="unknown seat 'robot'"):
        parse_seats("human,robot", DIAMANT)


SPEC_PIECES = st.sampled_from(
    [
        "bot:", "human", "random", "rule", "expert", "cautious", "ismcts", "threshold", "stdio",
        "stdio@5", "os", "sys", "_os", "getcwd", "relicbox", "json", "iters", "ms", "rollout",
        "prior", "horizon", "turn", "worlds", "9", "5", "1e9", "10000000000", "-1", "nan",
    ]
)  # fmt: skip
SPEC_TEXT = st.lists(
    st.one_of(SPEC_PIECES, st.sampled_from(list(":,=.@ ")), st.text(max_size=3)), max_size=12
).map("".join)


@settings(max_examples=300, deadline=None)
@given(text=SPEC_TEXT, game=st.sampled_from(["diamant", "tschak", "relic-runners"]))
def test_a_spec_from_a_file_or_a_request_names_a_built_in_bot_or_nothing(text, game):
    info = relicbox.get_game(game)
    modules = set(sys.modules)
    for parse in (
        lambda: parse_seat(text, info, Origin.DATA),
        lambda: parse_bot(text, info, Origin.CALLER),
        lambda: online_bot(text, info, 1000),
    ):
        try:
            spec = parse()
        except ConfigurationError:
            continue
        assert isinstance(spec, Human | BuiltinBot | SearchBot | FamilyBot), spec
        assert not spec.names_code
        if isinstance(spec, SearchBot):
            assert all(key in ISMCTS_SETTINGS for key, _ in spec.settings)
            budget = spec.setting("iters")
            assert budget is None or float(budget) <= 5_000
        assert parse_seat(str(spec), info, Origin.DATA) == spec  # its text reads back the same
    # nothing was imported to find out but relicbox's own bots, loaded when first asked for
    assert all(name.startswith("relicbox.") for name in set(sys.modules) - modules)


@pytest.mark.parametrize(
    "text",
    ["random:_os.getcwd", "random:_accumulate", "random:_os.sys.breakpointhook", "rule:x",
     "expert:x", "cautious:json.loads", "threshold:5,stdio:sh", "ismcts:iters=1,os:getcwd"],
)  # fmt: skip
def test_a_built_in_name_before_a_colon_is_never_read_as_code(text):
    for origin in Origin:
        with pytest.raises(ConfigurationError):
            parse_bot(text, DIAMANT, origin)
    assert online_bot_problem(text, DIAMANT) is not None


def test_only_a_command_line_may_name_a_program_or_a_callable():
    assert parse_bot("json:loads", DIAMANT, Origin.COMMAND_LINE) == PythonBot("json", "loads")
    assert parse_bot("stdio@50:prog", DIAMANT, Origin.COMMAND_LINE) == ProgramBot("prog", 50)
    for origin in (Origin.CALLER, Origin.DATA):
        for text in ("json:loads", "stdio@50:prog", "stdio:prog"):
            with pytest.raises(ConfigurationError, match="command line"):
                parse_bot(text, DIAMANT, origin)
    with pytest.raises(ConfigurationError, match="over the limit of 5000"):
        parse_bot("ismcts:iters=5001", DIAMANT, Origin.DATA)
    assert parse_bot("ismcts:iters=5001", DIAMANT, Origin.CALLER).setting("iters") == "5001"


@pytest.mark.parametrize(
    ("text", "refusal"),
    [
        ("ismcts:ms=1e9", "over the limit of 1000"),
        ("ismcts:ms=1_000_000", "must be a number"),
        ("ismcts:ms=1000000000.0", "over the limit of 1000"),
        ("ismcts:ms=1000,ms=1e9", "given twice"),
        ("ismcts:ms=5e3", "over the limit of 1000"),
        ("ismcts:ms=inf", "must be a number"),
        ("ismcts:iters=５", "must be a number"),
        ("ismcts:iters=٩٩٩٩٩٩٩", "must be a number"),
        ("ismcts:iters=" + "9" * 100, "must be a number"),
        ("ismcts:iters=" + "9" * 5_000, "longer than 200 characters"),
    ],
    ids=[
        "exponent",
        "underscores",
        "decimal",
        "twice",
        "small-exponent",
        "inf",
        "full-width",
        "arabic-indic",
        "100-digits",
        "5000-digits",
    ],
)
def test_a_search_budget_is_read_as_a_number_whatever_its_spelling(text, refusal):
    with pytest.raises(ConfigurationError, match=refusal):
        parse_bot(text, DIAMANT, Origin.DATA)
    assert online_bot_problem(text, DIAMANT) is not None
