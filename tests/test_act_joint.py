"""``act_joint`` is one ``act`` per part, in order, all or nothing; chance calls refuse odd input.

Every part of a joint commit is checked against the state it will meet (the parts before it
applied), so a seat's second card, a seat acting twice or a call that runs into the next step
is judged as :meth:`State.act` would judge it. A refusal raises a relicbox error and leaves
the position, the record and the history exactly as they were. Keys must be seats, each seat
must choose something, and a call that chooses nothing at all is refused.
"""

from __future__ import annotations

import functools
import json
import random
from collections.abc import Mapping
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import relicbox
from relicbox import (
    ConfigurationError,
    IllegalActionError,
    InvalidActionError,
    RelicboxError,
    SeatError,
    State,
)
from relicbox.core.conformance import canonical

GAMES = relicbox.list_games()
ODD_KEYS: list[object] = ["x", 10**20, True, -1, 1.5, None, (0,), "0"]
"""Keys that are no seat (``False`` is left out: a dict takes it for the key ``0``)."""


def snapshot(state: State) -> tuple[str, str]:
    """Everything a refusal must leave as it was: the full JSON form and the record."""
    record = state.record if state.has_record else None
    return canonical(state.to_dict()), canonical(record)


def assert_refused(
    state: State, choices: object, error: type[Exception], match: str | None = None
) -> None:
    before = snapshot(state)
    with pytest.raises(error, match=match):
        state.act_joint(choices)  # type: ignore[arg-type]
    assert snapshot(state) == before


def assert_loads_and_replays(state: State) -> None:
    data = json.loads(json.dumps(state.to_dict()))
    assert canonical(relicbox.state_from_dict(data).to_dict()) == canonical(state.to_dict())
    if state.has_record:
        # A replay resolves chance as it goes, as a state with auto_chance on does.
        settled = state.clone()
        while settled.is_chance:
            settled.sample_chance()
        settled.auto_chance = True
        again = relicbox.replay(json.loads(json.dumps(state.record)))
        assert canonical(again.to_dict()) == canonical(settled.to_dict())


def acted_in_order(state: State, choices: Mapping[Any, Any]) -> State:
    """A copy of ``state`` after one ``act`` per part, in the mapping's order."""
    copy = state.clone()
    for seat, choice in choices.items():
        for part in choice if isinstance(choice, (list, tuple)) else [choice]:
            copy.act(seat, part)
    return copy


def finished(name: str, players: int, seed: int, **options: Any) -> State:
    state = relicbox.new_game(name, players, seed, **options)
    rng = random.Random(seed)
    while not state.is_over:
        seat = state.to_act[0]
        legal = state.legal_actions(seat)
        state.act(seat, legal[rng.randrange(len(legal))])
    return state


# -- Diamant ---------------------------------------------------------------------------


def diamant_finished() -> State:
    state = relicbox.new_game("diamant", 3, 1)
    while not state.is_over:
        state.act_joint({seat: "leave" for seat in state.to_act})
    return state


@pytest.mark.parametrize("choices", [{}, {0: []}, {0: "leave"}, {0: ["leave"]}, {"x": []}])
def test_diamant_a_finished_game_refuses_every_joint_commit_and_stays_over(choices):
    state = diamant_finished()
    winners = state.winners()
    assert_refused(state, choices, IllegalActionError, "the game is over")
    assert state.is_over and state.winners() == winners and state.to_act == ()
    assert_loads_and_replays(state)


def test_diamant_an_empty_commit_on_a_finished_game_says_the_game_is_over():
    state = diamant_finished()
    with pytest.raises(IllegalActionError, match=r"act_joint\(\{\}\).*the game is over"):
        state.act_joint({})
    with pytest.raises(IllegalActionError, match="the game is over"):
        state.act_joint({})  # a second call neither divides by zero nor changes anything


def test_diamant_empty_commits_with_a_reveal_pending_add_nothing_to_the_history():
    state = relicbox.new_game("diamant", 3, 1, auto_chance=False)
    assert state.is_chance
    for _ in range(3):
        assert_refused(state, {}, IllegalActionError, r"act_joint\(\{\}\)")
    assert ["choices", []] not in state.to_dict()["body"]["history"]
    state.sample_chance()
    state.act_joint({0: "leave", 1: "continue", 2: "continue"})
    assert state.is_chance
    assert_refused(state, {}, IllegalActionError, "revealed first|chance")
    assert_loads_and_replays(state)


def test_diamant_an_empty_commit_while_seats_may_choose_is_refused():
    state = relicbox.new_game("diamant", 4, 2)
    assert state.to_act == (0, 1, 2, 3)
    assert_refused(state, {}, IllegalActionError, r"act_joint\(\{\}\).*nothing")


@pytest.mark.parametrize("empty", [[], ()])
def test_diamant_a_seat_given_no_part_is_refused(empty):
    state = relicbox.new_game("diamant", 4, 2)
    assert_refused(state, {0: "leave", 1: empty}, IllegalActionError, "seat 1")


@pytest.mark.parametrize("key", ODD_KEYS)
def test_diamant_a_seat_cannot_choose_twice_behind_an_odd_key(key):
    state = relicbox.new_game("diamant", 3, 1)
    assert_refused(state, {0: ["continue", "leave"], key: []}, InvalidActionError)
    assert_refused(state, {0: ["continue", "leave"]}, IllegalActionError, "already chosen")
    assert_refused(state, {0: ["leave", "leave"], 1: "continue"}, IllegalActionError)
    assert_loads_and_replays(state)


@pytest.mark.parametrize("key", ODD_KEYS)
def test_diamant_odd_keys_are_refused_as_invalid_quoting_the_key(key):
    state = relicbox.new_game("diamant", 3, 1)
    before = snapshot(state)
    with pytest.raises(InvalidActionError) as caught:
        state.act_joint({0: "leave", key: "leave"})  # type: ignore[dict-item]
    assert isinstance(caught.value, SeatError)
    assert repr(key)[:20] in str(caught.value)
    assert snapshot(state) == before


@pytest.mark.parametrize("choices", [[0, 1], "leave", None, 3, [(0, "leave")], {0, 1}])
@pytest.mark.parametrize("name", ["diamant", "tschak", "relic-runners"])
def test_a_joint_commit_that_is_not_a_mapping_is_invalid(name, choices):
    state = relicbox.new_game(name, 3, 4)
    before = snapshot(state)
    with pytest.raises(InvalidActionError) as caught:
        state.act_joint(choices)
    assert repr(choices)[:10] in str(caught.value)
    assert snapshot(state) == before


def test_diamant_a_commit_running_into_the_next_step_is_accepted_like_act_in_order():
    state = relicbox.new_game("diamant", 3, 5)
    state.act_joint({0: "continue", 1: "leave", 2: "leave"})
    assert state.to_act == (0,)
    choices = {0: ["continue", "continue", "leave"]}
    expected = acted_in_order(state, choices)
    state.act_joint(choices)
    assert canonical(state.to_dict()) == canonical(expected.to_dict())
    assert_loads_and_replays(state)


def test_diamant_a_commit_running_into_a_pending_reveal_is_refused_like_act():
    state = relicbox.new_game("diamant", 3, 5, auto_chance=False)
    state.sample_chance()
    state.act_joint({1: "leave", 2: "leave"})
    assert state.to_act == (0,)
    assert_refused(state, {0: ["continue", "leave"]}, IllegalActionError, "revealed first")


# -- Tschak! ---------------------------------------------------------------------------


def tschak_single_card_step() -> State:
    state = relicbox.new_game("tschak", 3, 1)
    assert state.to_act == (0, 1, 2) and state._need == 1  # type: ignore[attr-defined]
    return state


@pytest.mark.parametrize("key", ODD_KEYS)
def test_tschak_takes_no_second_card_where_one_is_asked_behind_an_odd_key(key):
    state = tschak_single_card_step()
    first, second = state.legal_actions(0)[:2]
    assert_refused(state, {0: [first, second], key: []}, InvalidActionError)
    assert_refused(state, {0: [first, second]}, IllegalActionError, "seat 0")
    assert_refused(state, {0: [first.text, second.text], 1: []}, IllegalActionError)
    assert_loads_and_replays(state)


def test_tschak_empty_and_finished_commits_are_refused():
    state = tschak_single_card_step()
    assert_refused(state, {}, IllegalActionError, "nothing")
    assert_refused(state, {0: []}, IllegalActionError, "seat 0")
    over = finished("tschak", 3, 2)
    for choices in ({}, {0: []}, {0: "play W2"}, {"x": "play W2"}):
        assert_refused(over, choices, IllegalActionError, "the game is over")
    assert over.is_over and over.winners()


def test_tschak_a_whole_step_and_the_next_one_in_one_call_is_act_in_order():
    state = tschak_single_card_step()
    copy = state.clone()
    choices: dict[int, list[Any]] = {}
    for seat in (1, 2, 0):  # seat 0 closes the step, then plays its card of the next one
        choices[seat] = [copy.legal_actions(seat)[0]]
        copy.act(seat, choices[seat][0])
    assert 0 in copy.to_act
    choices[0].append(copy.legal_actions(0)[0])
    copy.act(0, choices[0][-1])
    state.act_joint(choices)
    assert canonical(state.to_dict()) == canonical(copy.to_dict())
    assert_loads_and_replays(state)


# -- Relic Runners ---------------------------------------------------------------------


def relic_runners_start() -> State:
    return relicbox.new_game("relic-runners", 3, 0)


@pytest.mark.parametrize("key", ODD_KEYS)
def test_relic_runners_two_moves_behind_an_odd_key_are_refused_and_change_nothing(key):
    state = relic_runners_start()
    seat = state.to_act[0]
    moves = [a for a in state.legal_actions(seat) if a.text.startswith("move CAMP")][:2]
    assert len(moves) == 2
    assert_refused(state, {seat: moves, key: []}, InvalidActionError)
    assert_refused(state, {seat: moves}, IllegalActionError)
    assert_loads_and_replays(state)


def test_relic_runners_seats_in_turn_order_in_one_call_are_act_in_order():
    state = relic_runners_start()
    copy = state.clone()
    first = copy.to_act[0]
    choices: dict[int, list[Any]] = {first: []}
    while copy.to_act[0] == first:  # the first seat's whole turn, then the next seat's move
        choices[first].append(copy.legal_actions(first)[0])
        copy.act(first, choices[first][-1])
    after = copy.to_act[0]
    choices[after] = [copy.legal_actions(after)[0]]
    copy.act(after, choices[after][0])
    state.act_joint(choices)
    assert canonical(state.to_dict()) == canonical(copy.to_dict())
    assert_loads_and_replays(state)


def test_relic_runners_one_part_per_seat_across_a_turn_is_act_in_order():
    state = relic_runners_start()
    seat = state.to_act[0]
    state.act(seat, state.legal_actions(seat)[0])
    assert state.legal_actions(seat)[-1].text == "end"
    copy = state.clone()
    copy.act(seat, "end")
    after = copy.to_act[0]
    assert after != seat
    choices = {seat: "end", after: copy.legal_actions(after)[0]}
    copy.act(after, choices[after])
    state.act_joint(choices)
    assert canonical(state.to_dict()) == canonical(copy.to_dict())
    assert_loads_and_replays(state)


def test_relic_runners_a_finished_game_refuses_an_empty_commit():
    over = finished("relic-runners", 2, 3, max_turns=6)
    assert_refused(over, {}, IllegalActionError, "the game is over")


# -- chance API --------------------------------------------------------------------------


@pytest.mark.parametrize("outcome", [[1], ["T9"], {}, {"a": 1}, None, 7, b"T9"])
@pytest.mark.parametrize("name", ["diamant", "tschak", "relic-runners"])
def test_apply_chance_refuses_outcomes_that_are_not_text(name, outcome):
    pending = relicbox.new_game(name, 3, 1, auto_chance=False)
    while not pending.is_chance and not pending.is_over:
        seat = pending.to_act[0]
        pending.act(seat, pending.legal_actions(seat)[0])
    settled = relicbox.new_game(name, 3, 1)
    for state in (pending, settled):
        before = snapshot(state)
        with pytest.raises(InvalidActionError, match="chance outcome") as caught:
            state.apply_chance(outcome)  # type: ignore[arg-type]
        assert repr(outcome) in str(caught.value)
        assert snapshot(state) == before


@pytest.mark.parametrize("rng", ["abc", 1.5, [1], b"x", object()])
@pytest.mark.parametrize("name", ["diamant", "tschak", "relic-runners"])
def test_determinize_refuses_a_random_source_it_cannot_use(name, rng):
    state = relicbox.new_game(name, 3, 1)
    with pytest.raises(ConfigurationError, match="random source"):
        state.determinize(0, rng=rng)
    assert snapshot(state) == snapshot(relicbox.new_game(name, 3, 1))


@pytest.mark.parametrize("draw", ["abc", float("nan"), float("inf"), None])
def test_a_random_source_whose_draws_are_not_numbers_is_refused(draw):
    class Odd:
        def random(self) -> object:
            return draw

    state = relicbox.new_game("diamant", 3, 1)
    with pytest.raises(ConfigurationError, match="random source"):
        state.determinize(0, rng=Odd())


# -- every game: random mixes ----------------------------------------------------------


@functools.cache
def positions(name: str) -> list[dict[str, Any]]:
    """JSON forms of real positions of seeded random games, chance pending or not, and ends."""
    game = relicbox.get_game(name)
    options = {"max_turns": 30} if any(o.name == "max_turns" for o in game.options) else {}
    out: list[dict[str, Any]] = []
    for seed, auto_chance in ((1, True), (2, False), (3, True)):
        rng = random.Random(seed)
        players = rng.choice(list(game.players))
        state = relicbox.new_game(name, players, seed, auto_chance=auto_chance, **options)
        steps = 0
        while not state.is_over and steps < 400:
            if rng.random() < 0.1:
                out.append(state.to_dict())
            if state.is_chance:
                state.sample_chance()
            else:
                seat = rng.choice(state.to_act)
                legal = state.legal_actions(seat)
                state.act(seat, legal[rng.randrange(len(legal))])
            steps += 1
        out.append(state.to_dict())
    return out


def expected_outcome(state: State, choices: object) -> State | None:
    """The state one ``act`` per part in order gives, or None where ``act_joint`` must refuse."""
    if not isinstance(choices, Mapping) or not choices:
        return None
    copy = state.clone()
    for seat, choice in choices.items():
        if type(seat) is not int or not 0 <= seat < state.players:
            return None
        parts = choice if isinstance(choice, (list, tuple)) else [choice]
        if not parts:
            return None
        for part in parts:
            try:
                copy.act(seat, part)
            except RelicboxError:
                return None
    return copy


def draw_part(data: st.DataObject, state: State, seat: object) -> object:
    actions = list(state.game.action_space)
    is_seat = type(seat) is int and 0 <= seat < state.players
    legal = list(state.legal_actions(seat)) if is_seat else []
    kind = data.draw(st.sampled_from(["legal", "legal", "legal", "any", "text", "index", "junk"]))
    if kind == "legal" and legal:
        return data.draw(st.sampled_from(legal))
    if kind == "junk":
        return data.draw(st.sampled_from(["", "jump", -1, 10**6, None, True, 2.5, [[]]]))
    action = data.draw(st.sampled_from(actions))
    return {"any": action, "text": action.text}.get(kind, action.index)


def draw_form(data: st.DataObject, action: Any) -> object:
    """An action as itself, its text or its index."""
    return data.draw(st.sampled_from([action, action.text, action.index]))


def draw_legal_run(data: st.DataObject, state: State) -> dict[Any, Any]:
    """Parts that ``act`` in order accepts, found on a copy: several per seat, sometimes
    running on into the next step (a seat's parts stay together, as in a mapping)."""
    copy = state.clone()
    choices: dict[Any, Any] = {}
    last = None
    for _ in range(data.draw(st.integers(1, 6))):
        if not copy.to_act:
            break
        seat = data.draw(st.sampled_from(copy.to_act))
        if seat in choices and seat != last:
            break
        action = data.draw(st.sampled_from(list(copy.legal_actions(seat))))
        copy.act(seat, action)
        choices.setdefault(seat, []).append(draw_form(data, action))
        last = seat
    return {k: v[0] if len(v) == 1 and data.draw(st.booleans()) else v for k, v in choices.items()}


def perturb(data: st.DataObject, state: State, choices: dict[Any, Any]) -> dict[Any, Any]:
    """``choices`` as they are, or with a part repeated, an odd key, an empty or extra part."""
    how = data.draw(st.sampled_from(["none"] * 3 + ["repeat", "odd", "empty", "extra"]))
    if how == "none" or not choices:
        return choices
    seat = data.draw(st.sampled_from(list(choices)))
    parts = choices[seat] if isinstance(choices[seat], list) else [choices[seat]]
    if how == "repeat":
        return {**choices, seat: [parts[0], *parts]}
    if how == "odd":
        return {
            **choices,
            data.draw(st.sampled_from(ODD_KEYS)): data.draw(st.sampled_from([[], parts])),
        }
    if how == "empty":
        return {**choices, data.draw(st.integers(0, state.players - 1)): []}
    return {**choices, seat: [*parts, draw_part(data, state, seat)]}


def draw_choices(data: st.DataObject, state: State) -> object:
    roll = data.draw(st.integers(0, 19))
    if roll == 0:
        return data.draw(st.sampled_from([[0, 1], "leave", None, [(0, "leave")], 5]))
    if roll < 12 and state.to_act:
        return perturb(data, state, draw_legal_run(data, state))
    seats = list(state.to_act) or list(range(state.players))
    keys = st.one_of(
        st.sampled_from(seats), st.integers(0, state.players - 1), st.sampled_from(ODD_KEYS)
    )
    choices: dict[Any, Any] = {}
    for _ in range(data.draw(st.integers(0, 4))):
        seat = data.draw(keys)
        parts = [draw_part(data, state, seat) for _ in range(data.draw(st.integers(0, 3)))]
        if parts and data.draw(st.booleans()):
            parts.insert(1, parts[0])  # a part given twice
        if len(parts) == 1 and data.draw(st.booleans()):
            choices[seat] = parts[0]
        else:
            choices[seat] = parts
    return choices


@pytest.mark.parametrize("name", ["diamant", "tschak", "relic-runners"])
@settings(
    max_examples=150,
    deadline=None,
    derandomize=True,
    database=None,
    suppress_health_check=[HealthCheck.too_slow],
)
@given(data=st.data())
def test_any_joint_commit_is_act_in_order_or_a_refusal_that_changes_nothing(name, data):
    state = relicbox.state_from_dict(data.draw(st.sampled_from(positions(name))))
    choices = draw_choices(data, state)
    expected = expected_outcome(state, choices)
    before = snapshot(state)
    try:
        state.act_joint(choices)  # type: ignore[arg-type]
    except RelicboxError:
        assert expected is None, f"act_joint({choices!r}) refused what act in order accepts"
        assert snapshot(state) == before
        return
    assert expected is not None, f"act_joint({choices!r}) accepted what act refuses"
    assert canonical(state.to_dict()) == canonical(expected.to_dict())
    assert_loads_and_replays(state)
