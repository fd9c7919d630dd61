"""States, records and options from anyone load into a playable game or are refused cleanly.

Each test closes a class of fault found by fuzzing the loaders: a loaded state with a
chance step pending and nobody to act, whole-number options given as odd text or huge
numbers, record options that collide with the header, a state whose events do not lead
to its position (or are millions long), data-file options nested thousands deep, an
unknown game in a state, and Diamant rubies that do not add up. Every refusal is the
documented error class, with a short message that quotes the input.
"""

from __future__ import annotations

import json
import random
import time
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import relicbox
from relicbox import (
    ConfigurationError,
    RecordError,
    RelicboxError,
    SeatError,
    StateFormatError,
)
from relicbox.core.checks import MAX_EVENTS, MAX_OPTION_WHOLE
from relicbox.core.errors import quote

GAMES = relicbox.list_games()
HUGE = 10**5000
"""More digits than Python turns into text (4,300): quoting it must not fail."""
MESSAGE_LIMIT = 600
"""A refusal quotes a shortened input: its message stays short whatever was given."""


def deep_list(depth: int) -> list[Any]:
    value: list[Any] = []
    for _ in range(depth):
        value = [value]
    return value


def deep_dict(depth: int) -> dict[str, Any]:
    value: dict[str, Any] = {}
    for _ in range(depth):
        value = {"a": value}
    return value


def played(name: str, steps: int, seed: int = 0, **options: Any) -> relicbox.State:
    state = relicbox.new_game(name, seed=seed, **options)
    rng = random.Random(seed)
    for _ in range(steps):
        if state.is_over:
            break
        seat = state.to_act[0]
        state.act(seat, rng.choice(list(state.legal_actions(seat))))
    return state


def refused(error: type[Exception], call: Any) -> str:
    """The message of the refusal ``call()`` raises: ``error``, and short."""
    with pytest.raises(error) as caught:
        call()
    text = str(caught.value)
    assert len(text) < MESSAGE_LIMIT, text[:200]
    return text


# -- 6. a loaded state always has someone to act or is over ------------------------------


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.name)
@pytest.mark.parametrize("record", [True, False])
def test_a_loaded_state_with_chance_pending_and_auto_chance_is_settled(game, record):
    state = relicbox.new_game(game.name, seed=5, auto_chance=False, record=record)
    assert state.is_chance and not state.to_act
    data = state.to_dict()
    data["auto_chance"] = True
    loaded = relicbox.state_from_dict(json.loads(json.dumps(data)))
    assert not loaded.is_chance
    assert loaded.is_over or loaded.to_act
    if record:  # settled as replay settles: the same draws from the same generator
        assert loaded.to_dict() == relicbox.replay(state.record).to_dict()


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.name)
def test_a_loaded_state_without_auto_chance_keeps_its_chance_step(game):
    state = relicbox.new_game(game.name, seed=5, auto_chance=False)
    loaded = relicbox.state_from_dict(state.to_dict())
    assert loaded.is_chance and loaded.to_dict() == state.to_dict()


# -- 7. whole-number options given as text ---------------------------------------------


ODD_WHOLE_TEXT = ["²", "①", "٣", "9" * 5000, "1" * 30, "1_000", "0x10", "", " ", "1e3"]


@pytest.mark.parametrize("value", ODD_WHOLE_TEXT, ids=lambda v: repr(v[:8]))
def test_whole_number_options_refuse_text_that_is_not_ascii_digits(value):
    text = refused(ConfigurationError, lambda: relicbox.new_game("relic-runners", max_turns=value))
    assert "max_turns" in text
    record = relicbox.new_game("relic-runners").record
    record["options"]["max_turns"] = value
    refused(RecordError, lambda: relicbox.replay(record))
    data = relicbox.new_game("relic-runners").to_dict()
    data["options"]["no_progress_rounds"] = value
    refused(StateFormatError, lambda: relicbox.state_from_dict(data))


def test_whole_number_options_still_read_plain_digits():
    state = relicbox.new_game("relic-runners", max_turns=" 12 ", no_progress_rounds="7")
    assert state.options["max_turns"] == 12 and state.options["no_progress_rounds"] == 7


# -- 8. huge numbers -----------------------------------------------------------------------


def test_quote_names_a_number_too_long_to_print_by_its_digits():
    assert quote(HUGE) == "a 5001-digit number"
    assert quote(-HUGE) == "a 5001-digit negative number"
    assert quote(10**4000 - 1) == "a 4000-digit number"
    assert quote([HUGE]).startswith("[a 5001-digit number")
    assert quote(12345) == "12345"


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.name)
def test_huge_player_counts_and_seats_are_refused_with_a_short_message(game):
    text = refused(ConfigurationError, lambda: relicbox.new_game(game.name, players=HUGE))
    assert "5001-digit number" in text
    refused(ConfigurationError, lambda: relicbox.new_game(game.name, players=-HUGE))
    state = relicbox.new_game(game.name)
    action = state.legal_actions(state.to_act[0])[0]
    assert "5001-digit number" in refused(SeatError, lambda: state.act(HUGE, action))
    refused(SeatError, lambda: state.legal_actions(HUGE))
    refused(SeatError, lambda: state.view(-HUGE))
    data = state.to_dict()
    data["players"] = HUGE
    refused(StateFormatError, lambda: relicbox.state_from_dict(data))
    record = state.record
    record["players"] = HUGE
    refused(RecordError, lambda: relicbox.replay(record))


def test_whole_number_options_have_an_upper_bound_so_records_always_write():
    state = relicbox.new_game("relic-runners", max_turns=MAX_OPTION_WHOLE)
    json.dumps(state.record)
    for value in (MAX_OPTION_WHOLE + 1, HUGE, str(MAX_OPTION_WHOLE + 1)):
        text = refused(
            ConfigurationError, lambda v=value: relicbox.new_game("relic-runners", max_turns=v)
        )
        assert str(MAX_OPTION_WHOLE) in text


def test_diamant_history_reveal_share_is_bounded_by_the_card():
    state = played("diamant", 3, seed=2)
    data = state.to_dict()
    data["events"] = None
    reveals = [e for e in data["body"]["history"] if e[0] == "reveal"]
    assert reveals
    for value in (HUGE, 10**9, 16):
        reveals[0][2] = value
        refused(StateFormatError, lambda: relicbox.state_from_dict(data))


# -- 9. record options that are not game options ------------------------------------------


@pytest.mark.parametrize("name", ["seed", "auto_chance", "players", "record", "name", "game"])
@pytest.mark.parametrize("value", [1, False, None])
def test_record_options_that_name_header_fields_are_refused(name, value):
    record = relicbox.new_game("diamant").record
    record["options"][name] = value
    text = refused(RecordError, lambda: relicbox.replay(record))
    assert name in text


# -- 11. a state's events must lead to its position ---------------------------------------


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.name)
def test_a_state_whose_events_lead_elsewhere_is_refused(game):
    state = played(game.name, 12, seed=3)
    data = state.to_dict()
    other = played(game.name, 12, seed=4, players=state.players).to_dict()
    data["events"] = other["events"]
    text = refused(StateFormatError, lambda: relicbox.state_from_dict(data))
    assert "events" in text
    data["events"] = state.to_dict()["events"][:-1]
    refused(StateFormatError, lambda: relicbox.state_from_dict(data))


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.name)
def test_a_loaded_state_always_replays_from_its_own_record(game):
    state = played(game.name, 30, seed=6)
    loaded = relicbox.state_from_dict(json.loads(json.dumps(state.to_dict())))
    assert relicbox.replay(loaded.record).to_dict() == loaded.to_dict() == state.to_dict()


def test_a_hand_made_position_loads_without_events():
    state = played("diamant", 4, seed=1)
    data = state.to_dict()
    data["body"]["chest"][0] += 1
    data["body"]["revealed"] += 1  # the rubies still add up, the events no longer lead here
    refused(StateFormatError, lambda: relicbox.state_from_dict(data))
    data["events"] = None
    assert relicbox.state_from_dict(data).to_dict()["body"]["chest"] == data["body"]["chest"]


def test_events_and_record_lengths_are_capped_before_any_is_read():
    events = [{"chance": "x", "sampled": True}] * (MAX_EVENTS + 1)
    data = relicbox.new_game("diamant").to_dict()
    data["events"] = events
    record = relicbox.new_game("diamant").record
    record["events"] = events
    started = time.process_time()
    assert str(MAX_EVENTS) in refused(StateFormatError, lambda: relicbox.state_from_dict(data))
    assert str(MAX_EVENTS) in refused(RecordError, lambda: relicbox.replay(record))
    assert time.process_time() - started < 0.2  # reading 100,001 events would take longer


# -- 12. data-file options nested thousands deep -----------------------------------------


@pytest.mark.parametrize(
    ("name", "option"), [("tschak", "cards"), ("relic-runners", "board")], ids=["cards", "board"]
)
@pytest.mark.parametrize("value", [deep_list(5000), deep_dict(5000), {"x": deep_list(5000)}])
def test_deeply_nested_data_file_options_are_refused(name, option, value):
    refused(ConfigurationError, lambda: relicbox.new_game(name, **{option: value}))
    record = relicbox.new_game(name).record
    record["options"][option] = value
    refused(RecordError, lambda: relicbox.replay(record))
    data = relicbox.new_game(name).to_dict()
    data["options"][option] = value
    refused(StateFormatError, lambda: relicbox.state_from_dict(data))


def test_quote_stays_short_and_quick_for_deep_or_huge_values():
    values = [deep_list(100_000), list(range(1_000_000)), {"k" * 10_000: "v" * 10_000}, HUGE]
    started = time.process_time()
    for value in values:
        assert len(quote(value)) <= 80
    assert time.process_time() - started < 0.1  # repr would walk a million items


# -- 15. an unknown game in a state; Diamant's rubies add up -------------------------------


def test_a_state_of_an_unknown_game_is_a_state_format_error():
    data = relicbox.new_game("diamant").to_dict()
    data["game"] = "chess"
    assert "chess" in refused(StateFormatError, lambda: relicbox.state_from_dict(data))
    data["game"] = "x" * 10_000
    refused(StateFormatError, lambda: relicbox.state_from_dict(data))


@pytest.mark.parametrize("key", ["chest", "pocket", "on_card", "bank", "revealed"])
def test_diamant_rubies_must_add_up(key):
    state = played("diamant", 6, seed=2)
    data = state.to_dict()
    data["events"] = None
    body = data["body"]
    assert body["on_card"] and any(body["inside"])
    if key == "pocket":
        pockets = zip(body["pocket"], body["inside"], strict=True)
        body["pocket"] = [pocket + 1 if inside else 0 for pocket, inside in pockets]
    elif isinstance(body[key], list):
        body[key][0] += 1
    else:
        body[key] += 1
    assert "rubies" in refused(StateFormatError, lambda: relicbox.state_from_dict(data))


# -- option values: accepted or a relicbox error, never another exception ----------------


class Huge:
    """Stands for ``HUGE`` (or ``-HUGE``) in generated values: Hypothesis cannot print it."""

    def __init__(self, sign: int) -> None:
        self.sign = sign

    def __repr__(self) -> str:
        return f"Huge({self.sign})"


JSON_LEAF = (
    st.none()
    | st.booleans()
    | st.integers()
    | st.sampled_from([Huge(1), Huge(-1), 10**20, MAX_OPTION_WHOLE, MAX_OPTION_WHOLE + 1])
    | st.floats()
    | st.text(max_size=30)
    | st.text(alphabet="0123456789²①٣ _-+", max_size=30)
    | st.sampled_from(["9" * 5000, "x" * 5000])
)
JSON_VALUE = st.recursive(
    JSON_LEAF,
    lambda inner: (
        st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=5), inner, max_size=3)
    ),
    max_leaves=12,
)
ODD_VALUE = st.one_of(
    JSON_VALUE.map(lambda value: ("json", value)),
    st.sampled_from([40, 1200, 5000]).map(lambda depth: ("deep", depth)),
)
"""A value to try, or the depth of a nested list built fresh for each call (a value nested
thousands deep is too deep for ``copy.deepcopy`` and for Hypothesis to print)."""
OPTION = st.sampled_from(
    [(game.name, option.name) for game in GAMES for option in game.options]
    + [(game.name, name) for game in GAMES for name in ("seed", "players", "record", "x")]
)


def fresh(spec: tuple[str, Any]) -> Any:
    kind, value = spec
    return deep_list(value) if kind == "deep" else unmasked(value)


def unmasked(value: Any) -> Any:
    """A copy of a generated value with every :class:`Huge` replaced by its number."""
    if isinstance(value, Huge):
        return HUGE * value.sign
    if isinstance(value, list):
        return [unmasked(item) for item in value]
    if isinstance(value, dict):
        return {key: unmasked(item) for key, item in value.items()}
    return value


def accepted_or_refused(call: Any) -> None:
    """``call()`` returns or raises a relicbox error with a short message; nothing else."""
    try:
        call()
    except RelicboxError as error:
        assert len(str(error)) < 2000


@settings(max_examples=150, deadline=None, suppress_health_check=list(HealthCheck))
@given(OPTION, ODD_VALUE)
def test_any_option_value_is_accepted_or_refused_with_a_relicbox_error(option, spec):
    name, key = option
    base = relicbox.new_game(name, seed=1)
    if key not in ("seed", "players", "record"):  # keyword arguments of new_game itself
        accepted_or_refused(lambda: relicbox.new_game(name, **{key: fresh(spec)}))
    record = base.record
    record["options"] = {key: fresh(spec)}
    accepted_or_refused(lambda: relicbox.replay(record))
    data = base.to_dict()
    data["options"] = {**data["options"], key: fresh(spec)}
    accepted_or_refused(lambda: relicbox.state_from_dict(data))


@settings(max_examples=100, deadline=None, suppress_health_check=list(HealthCheck))
@given(
    st.sampled_from([g.name for g in GAMES]),
    st.sampled_from(["players", "seed", "rng", "auto_chance", "events", "game", "options"]),
    ODD_VALUE,
)
def test_any_header_value_is_accepted_or_refused_with_a_relicbox_error(name, key, spec):
    data = relicbox.new_game(name, seed=1).to_dict()
    data[key] = fresh(spec)
    accepted_or_refused(lambda: relicbox.state_from_dict(data))
    record = relicbox.new_game(name, seed=1).record
    if key in record:
        record[key] = fresh(spec)
        accepted_or_refused(lambda: relicbox.replay(record))
