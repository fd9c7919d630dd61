"""Each class of fault an untrusted state, record, seat or data file once caused, closed.

The classes come from a fuzzing pass over the public API: replay leaving a state
nobody can move, look-alike seats, states that load and then hang or crash, raw
exceptions instead of the documented errors, hostile data files, and costs that
grow with the game. Every refusal must be the documented error class with a
message that names the field.
"""

from __future__ import annotations

import copy
import json
import os
import pickle
import random

import pytest

import relicbox
from relicbox import (
    Action,
    ConfigurationError,
    IllegalActionError,
    InvalidActionError,
    RecordError,
    RelicboxError,
    SeatError,
    StateFormatError,
)
from relicbox.bots import BuiltinBot, SeatSpec
from relicbox.core.history import CHUNK, FrozenDict, History
from relicbox.datafiles import read_data_file, read_json_lines
from relicbox.play.match import Match, load_saved

GAMES = relicbox.list_games()


def random_steps(state: relicbox.State, steps: int, seed: int = 0) -> relicbox.State:
    rng = random.Random(seed)
    for _ in range(steps):
        if state.is_over:
            break
        if state.is_chance:
            state.sample_chance()
            continue
        seat = state.to_act[0]
        state.act(seat, rng.choice(list(state.legal_actions(seat))))
    return state


def bots(state: relicbox.State) -> list[SeatSpec]:
    return [BuiltinBot("random")] * state.players


# -- 1. replay never leaves a state nobody can move ---------------------------------------


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.name)
def test_a_record_cut_before_a_chance_event_replays_to_a_movable_state(game):
    state = relicbox.new_game(game.name, game.min_players, seed=4, auto_chance=False)
    state = random_steps(state, 5)
    while not state.is_chance:
        seat = state.to_act[0]
        state.act(seat, state.legal_actions(seat)[0])
    assert state.to_act == ()
    replayed = relicbox.replay(state.record)
    assert replayed.to_act and not replayed.is_chance
    assert replayed.record["events"][: len(state.record["events"])] == state.record["events"]
    assert replayed.record["events"][len(state.record["events"])]["sampled"] is True
    Match(replayed, bots(replayed)).play()
    assert replayed.is_over


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.name)
def test_the_match_loop_draws_a_pending_chance_event_instead_of_spinning(game):
    state = relicbox.new_game(game.name, game.min_players, seed=5, auto_chance=False)
    assert state.is_chance and state.to_act == ()
    match = Match(state, bots(state))
    assert match.next_seat() in range(state.players)
    match.play()
    assert state.is_over


# -- 2. look-alike seats and hand-built actions ------------------------------------------------


LOOK_ALIKES = (1.0, True, 0j, "1", None, -1, 99)


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.name)
@pytest.mark.parametrize("seat", LOOK_ALIKES, ids=repr)
def test_a_seat_must_be_a_plain_int_in_range(game, seat):
    state = random_steps(relicbox.new_game(game.name, game.max_players, seed=2), 3)
    before = state.to_dict()
    real = state.to_act[0]
    action = state.legal_actions(real)[0]
    with pytest.raises(SeatError, match="no seat"):
        state.act(seat, action)
    with pytest.raises(IllegalActionError):  # the old class still catches it
        state.act(seat, action)
    if seat is not None:  # None is the spectator's view
        with pytest.raises(SeatError, match="view"):
            state.view(seat)
    with pytest.raises(SeatError, match="determinize"):
        state.determinize(seat, 1)
    assert state.to_dict() == before


def test_relic_runners_refuses_a_float_seat_during_a_pending_choice_and_changes_nothing():
    state = relicbox.new_game("relic-runners", 3, seed=1)
    rng = random.Random(3)
    while state.phase in ("move", "post"):
        seat = state.to_act[0]
        state.act(seat, rng.choice(list(state.legal_actions(seat))))
    before = state.to_dict()
    seat = state.to_act[0]
    with pytest.raises(SeatError):
        state.act(float(seat), state.legal_actions(seat)[0])
    assert state.to_dict() == before
    state.act(seat, state.legal_actions(seat)[0])  # the real seat still moves on
    json.dumps(state.record)


def test_a_numpy_integer_is_not_a_seat():
    numpy = pytest.importorskip("numpy")
    state = relicbox.new_game("diamant", 3, seed=1)
    with pytest.raises(SeatError):
        state.act(numpy.int64(0), "continue")
    assert state.record["events"] == relicbox.new_game("diamant", 3, seed=1).record["events"]


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.name)
@pytest.mark.parametrize("index", [0.0, -1, "0", 10**6, None], ids=repr)
def test_a_hand_built_action_with_a_bad_index_is_invalid(game, index):
    state = relicbox.new_game(game.name, game.min_players, seed=1)
    seat = state.to_act[0]
    text = state.legal_actions(seat)[0].text
    with pytest.raises(InvalidActionError, match="index"):
        state.act(seat, Action(text, index))  # type: ignore[arg-type]


# -- 3 and 4. states that load and then hang, get stuck or crash ------------------------------


def body_edit(game: str, players: int, edit, steps: int = 6, **options) -> dict:
    state = random_steps(relicbox.new_game(game, players, seed=3, **options), steps)
    data = state.to_dict()
    edit(data["body"])
    return data


@pytest.mark.parametrize(
    ("game", "edit", "field"),
    [
        ("relic-runners", lambda b: b["paths"].__setitem__(0, -1), r"body\.paths\[0\]"),
        ("relic-runners", lambda b: b["relics"][0].__setitem__(1, -2), r"body\.relics\[0\]"),
        ("relic-runners", lambda b: b["coins"].__setitem__(1, -5), r"body\.coins\[1\]"),
        ("relic-runners", lambda b: b.__setitem__("turn", float("inf")), r"body\.turn"),
        ("relic-runners", lambda b: b["levels"].__setitem__(3, [3, 1]), r"body\.levels\[3\]"),
        ("relic-runners", lambda b: b["history"].append(["move", 0]), r"body\.history"),
        ("relic-runners", lambda b: b["agenda"].append(["lift", -3]), r"body\.agenda\[0\]"),
        ("diamant", lambda b: b["chest"].__setitem__(0, -4), r"body\.chest\[0\]"),
        ("diamant", lambda b: b.__setitem__("round", 9), r"body\.round"),
        ("diamant", lambda b: b.__setitem__("deck", "T5"), r"body\.deck"),
        ("diamant", lambda b: b["history"].append(["reveal", 99, 0]), r"body\.history"),
        ("tschak", lambda b: b.__setitem__("tower", 7), r"tower"),
        ("tschak", lambda b: b["gold"].__setitem__(0, -1), r"gold"),
        ("tschak", lambda b: b["history"].append({"type": "floor"}), r"body\.history"),
    ],
)
def test_out_of_range_and_mistyped_fields_are_refused_naming_the_field(game, edit, field):
    data = body_edit(game, 3, edit)
    with pytest.raises(StateFormatError, match=field):
        relicbox.state_from_dict(json.loads(json.dumps(data)) if game != "relic-runners" else data)


def test_diamant_with_every_explorer_committed_is_refused():
    state = relicbox.new_game("diamant", 3, seed=1)
    data = state.to_dict()
    data["body"]["pending"] = ["continue", "continue", "leave"]
    with pytest.raises(StateFormatError, match="no seat is to act"):
        relicbox.state_from_dict(data)


def test_diamant_with_nobody_inside_or_an_empty_deck_is_refused():
    data = relicbox.new_game("diamant", 3, seed=1).to_dict()
    nobody = copy.deepcopy(data)
    nobody["body"]["inside"] = [False, False, False]
    with pytest.raises(StateFormatError, match="explorer inside"):
        relicbox.state_from_dict(nobody)
    empty = relicbox.new_game("diamant", 3, seed=1, auto_chance=False).to_dict()
    empty["body"]["removed"] += empty["body"]["deck"]
    empty["body"]["deck"] = []
    with pytest.raises(StateFormatError):
        relicbox.state_from_dict(empty)


def test_tschak_hands_regrouped_during_the_deal_and_swapped_pools_are_refused():
    state = relicbox.new_game("tschak", 3, seed=1, auto_chance=False)
    for _ in range(4):
        state.sample_chance()
    data = state.to_dict()
    regrouped = copy.deepcopy(data)
    hands = regrouped["body"]["hands"]
    hands[0], hands[1] = hands[0] + hands[1][:1], hands[1][1:]
    with pytest.raises(StateFormatError, match="hands"):
        relicbox.state_from_dict(regrouped)
    swapped = copy.deepcopy(data)
    pools = swapped["body"]["undealt"]
    pools[0], pools[1] = pools[1], pools[0]
    with pytest.raises(StateFormatError, match="undealt"):
        relicbox.state_from_dict(swapped)


def test_a_loaded_seat_to_act_must_have_a_legal_action():
    data = relicbox.new_game("tschak", 3, seed=1).to_dict()
    data["body"]["hand"][0] = []
    with pytest.raises(StateFormatError):
        relicbox.state_from_dict(data)


# -- 5. the documented errors, never raw exceptions ----------------------------------------------


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.name)
@pytest.mark.parametrize(
    ("key", "value"),
    [
        ("players", "3"),
        ("seed", float("inf")),
        ("rng", -1),
        ("options", []),
        ("auto_chance", "yes"),
        ("events", {}),
        ("events", [{"seat": 0}]),
        ("events", [{"seat": True, "action": "x"}]),
        ("body", []),
    ],
)
def test_header_faults_are_state_format_errors_naming_the_field(game, key, value):
    data = relicbox.new_game(game.name, game.min_players, seed=1).to_dict()
    data[key] = value
    with pytest.raises(StateFormatError, match=key):
        relicbox.state_from_dict(data)


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.name)
@pytest.mark.parametrize(
    ("change", "names"),
    [
        (lambda r: r.__setitem__("options", [1]), "options"),
        (lambda r: r.__setitem__("events", "all"), "events"),
        (lambda r: r["events"].insert(0, {"action": "x"}), "event 0"),
        (lambda r: r["events"].insert(0, {"seat": 0}), "event 0"),
        (lambda r: r["events"].insert(0, {"seat": 0.0, "action": "x"}), "seat"),
        (lambda r: r["events"].insert(0, {"chance": ["T5"]}), "chance"),
        (lambda r: r["events"].insert(0, {"chance": "x", "sampled": "no"}), "sampled"),
        (lambda r: r.__setitem__("seed", 2**70), "seed"),
        (lambda r: r.__setitem__("players", 1.0), "players"),
        (lambda r: r.__setitem__("game", "chess"), "game"),
    ],
)
def test_malformed_records_are_record_errors_naming_the_field(game, change, names):
    record = relicbox.new_game(game.name, game.min_players, seed=1).record
    change(record)
    with pytest.raises(RecordError, match=names):
        relicbox.replay(record)


# -- 6. data files --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("name", "content", "fault"),
    [
        ("bad.json", b"\xff\xfe{}", "UTF-8"),
        ("deep.json", b"[" * 100 + b"]" * 100, "nested"),
        ("big.json", b'{"a": ' + b"9" * 5000 + b"}", "too long"),
        ("nan.json", b'{"a": NaN}', "NaN"),
        ("date.toml", b"when = 1979-05-27\n", "date"),
        ("list.json", b"[1, 2]", "object"),
        ("huge.json", b" " * 1_000_001 + b"{}", "larger"),
    ],
)
def test_hostile_data_files_are_configuration_errors(tmp_path, name, content, fault):
    path = tmp_path / name
    path.write_bytes(content)
    with pytest.raises(ConfigurationError, match=fault):
        read_data_file(path, "board")


def test_a_board_with_a_list_where_a_trail_end_belongs_is_refused():
    from relicbox.games.relic_runners.board_data import BOARD

    board = copy.deepcopy(BOARD)
    board["trails"][0]["a"] = ["CAMP"]
    with pytest.raises(ConfigurationError, match="unknown space"):
        relicbox.new_game("relic-runners", 2, board=board)


def test_data_options_must_be_plain_json():
    from relicbox.games.tschak.data import PROPOSED_TABLE

    table = copy.deepcopy(PROPOSED_TABLE)
    table["note"] = float("nan")
    with pytest.raises(ConfigurationError, match="plain JSON"):
        relicbox.new_game("tschak", 3, cards=table)


def test_special_files_and_bad_names_are_refused_without_reading(tmp_path):
    with pytest.raises(ConfigurationError, match="regular file"):
        read_data_file(tmp_path, "board")
    with pytest.raises(ConfigurationError, match="NUL"):
        read_data_file("a\x00b.json", "board")
    if os.path.exists("/dev/zero"):
        with pytest.raises(ConfigurationError, match="regular file"):
            read_data_file("/dev/zero", "board")
    if hasattr(os, "mkfifo"):
        fifo = tmp_path / "pipe.json"
        os.mkfifo(fifo)
        with pytest.raises(ConfigurationError, match="regular file"):
            read_data_file(fifo, "board")  # would block forever if it were opened to read
        with pytest.raises(RecordError, match="regular file"):
            load_saved(fifo)


def test_json_lines_are_read_one_by_one_with_the_checks_of_a_json_file(tmp_path):
    path = tmp_path / "lines.jsonl"
    path.write_bytes(b'{"a": 1}\n\n[' + b"[" * 100 + b"]" * 101 + b'\nNaN\n{"a": \n[1]')
    lines = list(read_json_lines(path, "test"))
    assert [line.number for line in lines] == [1, 2, 3, 4, 5, 6]
    assert [line.start for line in lines] == [0, 9, 10, 213, 217, 224]
    assert lines[0].value == {"a": 1} and lines[0].problem is None and lines[0].ended
    assert lines[1].blank and lines[1].problem is None
    assert "nested more than" in str(lines[2].problem) and not lines[2].malformed
    assert "NaN is not a number" in str(lines[3].problem) and not lines[3].malformed
    assert lines[4].malformed and lines[4].value is None
    assert lines[5].value == [1] and not lines[5].ended
    path.write_bytes(b"")
    assert list(read_json_lines(path, "test")) == []
    path.write_bytes(b"[1]\n" * 10)
    with pytest.raises(ConfigurationError, match="larger than 39 bytes"):
        list(read_json_lines(path, "test", max_bytes=39))
    path.write_bytes(b"[1]\n[1, 2, 3]\n")
    with pytest.raises(ConfigurationError, match="line 2, is longer than 5 bytes"):
        list(read_json_lines(path, "test", max_line=5))
    if hasattr(os, "mkfifo"):
        fifo = tmp_path / "pipe.jsonl"
        os.mkfifo(fifo)
        with pytest.raises(ConfigurationError, match="regular file"):
            list(read_json_lines(fifo, "test"))  # would block forever if opened to read


def test_a_saved_game_that_is_not_a_record_is_a_record_error(tmp_path):
    path = tmp_path / "save.json"
    for content in (b"\xff", b"[]", b'{"record": 5}', b'{"format": "relicbox-record/1"}'):
        path.write_bytes(content)
        with pytest.raises(RecordError):
            load_saved(path)


# -- 7. costs that do not grow with the game ------------------------------------------------------


def test_history_copies_share_full_chunks_and_read_like_a_list():
    history: History[int] = History(range(CHUNK * 2 + 5))
    copy_ = history.copy()
    assert copy_._chunks[0] is history._chunks[0]
    copy_.append(-1)
    assert len(history) == CHUNK * 2 + 5 and len(copy_) == CHUNK * 2 + 6
    assert list(history) == list(range(CHUNK * 2 + 5)) and copy_[-1] == -1
    assert history[CHUNK + 1] == CHUNK + 1 and history[3:6] == [3, 4, 5]
    plain = list(range(CHUNK * 2 + 5))
    for cut in (slice(CHUNK - 2, None), slice(-3, None), slice(5, CHUNK * 2 + 1), slice(1, 9, 3)):
        assert history[cut] == plain[cut]


def test_history_extend_is_appending_each_item_across_chunk_ends():
    extended: History[int] = History(range(CHUNK - 3))
    appended: History[int] = History(range(CHUNK - 3))
    for start in (CHUNK - 3, CHUNK - 1, CHUNK + 1, 2 * CHUNK - 2):
        items = list(range(start, start + 5))
        extended.extend(items)
        for item in items:
            appended.append(item)
    assert list(extended) == list(appended) and extended._chunks == appended._chunks
    assert len(extended._tail) < CHUNK


def test_history_converts_from_any_point_as_the_whole_would():
    def double(item: int) -> int:
        return item * 2

    history: History[int] = History(range(CHUNK + 3))
    plain = [item * 2 for item in range(CHUNK * 2 + 9)]
    for start in (0, 2, CHUNK - 1, CHUNK, CHUNK + 3):
        assert history.converted_since(start, double) == plain[start : CHUNK + 3]
    history.extend(list(range(CHUNK + 3, CHUNK * 2 + 9)))
    copy_ = history.copy()
    for start in (1, CHUNK + 3, CHUNK * 2, CHUNK * 2 + 9):
        assert copy_.converted_since(start, double) == plain[start:]
    assert copy_.converted(double) == plain and history.converted(double) == plain


def test_relic_runners_clones_share_history_and_views_hand_out_read_only_events():
    state = random_steps(relicbox.new_game("relic-runners", 3, seed=2), 900)
    assert len(state._history) > CHUNK
    clone = state.clone()
    assert clone._history._chunks[0] is state._history._chunks[0]
    view = state.view(0)
    again = state.view(0)
    assert view["history"] == again["history"]
    with pytest.raises(TypeError):
        view["history"].append({"type": "changed"})  # shared by the views: read-only
    event = view["history"][0]
    assert isinstance(event, FrozenDict)
    with pytest.raises(TypeError):
        event["type"] = "changed"
    assert json.loads(json.dumps(view)) == view
    plain = pickle.loads(pickle.dumps(view))
    assert type(plain["history"][0]) is dict and plain == view
    assert type(copy.deepcopy(event)) is dict


def test_every_refusal_is_a_relicbox_error():
    for error in (SeatError, StateFormatError, RecordError, ConfigurationError):
        assert issubclass(error, RelicboxError)
    assert issubclass(SeatError, InvalidActionError) and issubclass(SeatError, ValueError)
