"""Views (spec §5): each seat sees only what it may know, determinize keeps that, and the
view's TypedDicts name exactly the keys a view has."""

from __future__ import annotations

import copy
import enum
import json
import pickle
from typing import Any

import pytest

import relicbox
from relicbox.core import conformance
from relicbox.core.conformance import random_steps
from relicbox.core.rng import Rng
from relicbox.games.relic_runners import tasks
from relicbox.games.relic_runners import views as V
from relicbox.games.relic_runners.base import RelicRunnersSettings as Settings
from relicbox.games.relic_runners.board import NODE_IDS
from relicbox.games.relic_runners.scenario import Scenario
from support.relic_runners import new, node, play


def blue_game():
    """Seat 0 took a blue tile; seat 1 holds I2-b; T6's top tile is rigged."""
    scenario = (
        Scenario(players=3, seed=5)
        .tokens("TB5")
        .top("T1", "B3-4")
        .top("T6", "B3-2")
        .ivory(1, "I2-b")
    )
    return play(scenario.build(), "move CAMP-T1", "explore")


def i2b_game() -> Scenario:
    """Seat 1, on R3 beside T6, holds I2-b (look through a stack) and plays now; T6's
    level 2 is the blue tile B2-5, and seat 2 stands on R3 too."""
    return (
        Scenario(players=3, seed=5)
        .tokens("TB5")
        .ivory(1, "I2-b")
        .level("T6", 2, "B2-5")
        .explorer(1, "R3")
        .explorer(2, "R3")
        .turn(1)
    )


def hidden(state):
    """The saved form's body: the one public place hidden facts can be read from."""
    return state.to_dict()["body"]


def test_coins_and_blue_values_are_shown_to_their_owner_only():
    state = Scenario.from_state(blue_game()).coins(0, 7).build()
    mine, theirs, public = state.view(0), state.view(1), state.view(None)
    assert mine["seats"][0]["coins"] == 7 and mine["seats"][0]["blue"] == ["B3-4"]
    for view in (theirs, public):
        assert view["seats"][0]["coins"] is None
        assert view["seats"][0]["blue"] == [] and view["seats"][0]["blue_levels"] == [3]
    assert "B3-4" not in json.dumps(theirs) and "B3-4" not in json.dumps(public)


def test_face_down_tiles_never_appear_in_a_view():
    state = blue_game()
    for seat in (None, 0, 1, 2):
        assert "B3-2" not in json.dumps(state.view(seat))  # T6's rigged top, face down


def test_determinize_keeps_the_seats_view_and_redraws_what_it_cannot_see():
    state = blue_game()
    seen_values = set()
    for seed in range(30):
        det = state.determinize(1, Rng(seed))
        assert json.dumps(det.view(1), sort_keys=True) == json.dumps(state.view(1), sort_keys=True)
        assert not det.has_record
        seen_values.add(hidden(det)["blue"][0][0])
        assert det.view(0)["seats"][0]["blue"][0].startswith("B3-")
    assert len(seen_values) > 1  # seat 0's blue tile is resampled for seat 1
    own = state.determinize(0, Rng(3))
    assert own.view(0)["seats"][0]["blue"] == ["B3-4"]  # a seat's own tile stays


def test_determinize_redraws_a_face_down_tile_nobody_has_seen():
    state = blue_game()
    t6 = node("T6")
    tops = {hidden(state.determinize(2, Rng(seed)))["fixed"][t6]["3"][0] for seed in range(30)}
    assert len(tops) > 1


def test_tiles_seen_with_i2b_stay_known_to_that_seat_only():
    state = blue_game()
    assert state.to_act == (1,)  # seat 0 had nothing left to do after exploring
    state = Scenario.from_state(state).explorer(1, "R3").build()
    play(state, "move R3-T6", "use I2-b")
    seen = state.view(1)["spaces"][t6 := node("T6")]["seen"]
    assert seen["3"] == "B3-2" and len(seen) == 3
    assert state.view(2)["spaces"][t6]["seen"] == {}
    det = state.determinize(1, Rng(9))
    assert det.view(1)["spaces"][t6]["seen"] == seen
    other = state.determinize(2, Rng(9))
    assert json.dumps(other.view(2), sort_keys=True) == json.dumps(state.view(2), sort_keys=True)


def test_everything_is_shown_at_the_end():
    state = relicbox.new_game("relic-runners", 2, seed=1, max_turns=30)
    for _ in random_steps(state, Rng(1)):
        pass
    view = state.view(None)
    assert all(seat["coins"] is not None for seat in view["seats"])
    assert view["scores"] == state.scores() and view["winners"] == state.winners()
    assert all(len(s["blue"]) == len(s["blue_levels"]) for s in view["seats"])


def test_a_malformed_state_is_refused_with_a_state_format_error():
    data = new(3).to_dict()
    data["body"]["stage"] = "lunch"
    with pytest.raises(relicbox.StateFormatError, match="stage"):
        relicbox.state_from_dict(data)
    data = new(3).to_dict()
    data["body"]["rations"][0] = 4
    with pytest.raises(relicbox.StateFormatError, match="rations"):
        relicbox.state_from_dict(data)
    data = new(3).to_dict()
    data["body"]["path_supply"][1] = 9
    with pytest.raises(relicbox.StateFormatError, match="pathways"):
        relicbox.state_from_dict(data)
    data = new(3).to_dict()
    del data["body"]["levels"]
    with pytest.raises(relicbox.StateFormatError):
        relicbox.state_from_dict(data)


def test_determinize_after_the_end_changes_nothing():
    state = relicbox.new_game("relic-runners", 2, seed=1, max_turns=30)
    for _ in random_steps(state, Rng(1)):
        pass
    det = state.determinize(0, Rng(5))
    assert det.to_dict()["body"] == state.to_dict()["body"]


def test_a_blue_tile_seen_with_i2b_stays_known_after_another_seat_takes_it():
    # Seat 1 looks through T6 with I2-b and takes level 3; seat 2 then takes level 2,
    # a tile seat 1 has seen: seat 1 still knows its value, seat 0 does not.
    state = play(i2b_game().build(), "move R3-T6", "use I2-b", "pick 3")
    assert state.view(1)["spaces"][node("T6")]["seen"]["2"] == "B2-5"
    play(state, "move R3-T6", "explore")
    assert state.view(2)["seats"][2]["blue"] == ["B2-5"]
    assert state.view(1)["seats"][2]["blue"] == ["B2-5"]
    assert state.view(0)["seats"][2]["blue"] == []
    for seed in range(20):
        det = state.determinize(1, Rng(seed))
        assert hidden(det)["blue"][2] == hidden(state)["blue"][2]
        assert json.dumps(det.view(1), sort_keys=True) == json.dumps(state.view(1), sort_keys=True)
    assert len({hidden(state.determinize(0, Rng(seed)))["blue"][2][0] for seed in range(30)}) > 1


# --- The view's TypedDicts (its documentation) name exactly the keys a view has -----------

DECISION_KEYS = {
    "place": ("near", "anywhere", "count", "relocate"),
    "lift": ("count",),
    "steps": ("count",),
    "keep": ("held", "new"),
    "pick": ("space",),
    "target": ("from",),
    "flip": ("left", "must"),
    "start": (),
}
"""The keys each type of decision has besides ``type``, as ``DecisionView`` documents."""


def _keys(typed: Any) -> set[str]:
    return set(typed.__required_keys__)


def _check(view: dict[str, Any]) -> None:
    assert set(view) == _keys(V.RelicRunnersView)
    for space in view["spaces"]:
        assert set(space) == _keys(V.SpaceView)
    for trail in view["trails"]:
        assert set(trail) == _keys(V.TrailView)
    for seat in view["seats"]:
        assert set(seat) == _keys(V.SeatView)
        assert set(seat["toolboxes"]) == _keys(V.ToolboxesView)
        assert set(seat["relics"]) == _keys(V.RelicsView)
    assert set(view["this_turn"]) == _keys(V.ThisTurnView)
    if view["decision"] is not None:
        assert "type" in view["decision"]
        assert set(view["decision"]) <= _keys(V.DecisionView) | set(
            V.DecisionView.__optional_keys__
        )
    for parts in view["score_parts"] or []:
        assert set(parts) == _keys(V.ScorePartsView)


def test_views_have_the_documented_keys_from_start_to_end() -> None:
    state = new(3, 2, setup="standard", abilities=True, max_turns=60)
    rng = Rng(2)
    while not state.is_over:
        if state.to_act:
            seat = state.to_act[0]
            _check(state.view(seat))
            state.act(seat, rng.choice(list(state.legal_actions(seat))))
    _check(state.view(None))
    _check(state.view(0))
    assert state.view(0)["score_parts"] is not None


def canonical(view):
    return json.dumps(view, sort_keys=True)


def reloaded(state):
    return relicbox.state_from_dict(json.loads(json.dumps(state.to_dict())))


@pytest.mark.parametrize("players", [2, 4])
def test_changing_a_view_changes_neither_the_state_nor_any_later_view(players):
    # Views share their unchanged parts with each other and with the state's cache: a
    # reader that edits its own view must not reach the state, a clone or another seat.
    game = relicbox.get_game("relic-runners")
    conformance.check_view_isolation(
        game, players, seed=players, every=9, options={"abilities": True}
    )


def test_tiles_one_seat_looked_at_stay_out_of_the_others_views_as_the_game_goes_on():
    # The views' shared parts are kept per looker where a secret is involved: seat 1 looks
    # through T6 with I2-b, then seat 2 takes a blue tile seat 1 has seen; views asked in
    # turns, step after step, stay what each seat may know.
    state = i2b_game().build()
    steps = ["move R3-T6", "use I2-b", "pick 3", "move R3-T6", "explore"]
    for step in range(30):
        for looker in (None, 0, 1, 2):
            assert canonical(state.view(looker)) == canonical(reloaded(state).view(looker))
        if step == len(steps):
            assert state.view(1)["seats"][2]["blue"] == ["B2-5"]
            assert state.view(0)["seats"][2]["blue"] == []
        if state.is_over:
            break
        if step < len(steps):
            play(state, steps[step])
        else:
            seat = state.to_act[0]
            state.act(seat, state.legal_actions(seat)[0])


def test_a_pickled_or_deep_copied_state_still_hands_out_read_only_parts():
    state = relicbox.new_game("relic-runners", 3, seed=1)
    for _ in range(30):
        seat = state.to_act[0]
        state.act(seat, state.legal_actions(seat)[0])
    expected = canonical(state.view(0))
    for copied in (pickle.loads(pickle.dumps(state)), copy.deepcopy(state)):
        view = copied.view(0)
        assert canonical(view) == expected
        with pytest.raises(TypeError):
            view["trails"][0]["pathways"].append(2)
        assert canonical(copied.view(0)) == expected


def _inputs(state: Any) -> tuple[Any, ...]:
    """What a view is built from, per part: each board's holdings, the spaces, the
    trails, and each board's explorer's place, rations and coins."""
    boards = tuple(
        (
            b.paths,
            b.path_supply,
            b.reserve,
            b.start_row,
            b.ability,
            tuple(b.tools),
            tuple(sorted(b.ivory.items())),
            tuple(b.blue),
            tuple(b.blue_seen),
            tuple(b.relics),
            tuple(state._shown),
        )
        for b in state._boards
    )
    spaces = tuple(
        (levels, tuple(sorted(fixed.items())), colour, relic_on)
        for levels, fixed, colour, relic_on in zip(
            state._levels, state._fixed, state._colour, state._relic_on, strict=True
        )
    )
    trails = (tuple(b.paths for b in state._boards), tuple(state._tokens))
    places = tuple((b.pos, b.rations, b.coins) for b in state._boards)
    return boards, spaces, trails, places


OPTION_SETS = [
    {},
    {"abilities": True},
    {"setup": "random", "shovel3": "after", "abilities": True},
    {"setup": "first", "i2b": "explore-only", "teleport_ends_turn": False},
]


@pytest.mark.parametrize("options", OPTION_SETS)
@pytest.mark.parametrize("players", [2, 3, 5])
def test_every_change_a_view_looks_for_is_told_by_the_events(players, options):
    # Views compare a board with what its entries were built from only when a new event
    # of a kind that changes boards names its seat, a seat's explorer, rations and
    # pathways only when an event names it or it is the seat whose turn it is or was at
    # the last view, and the toolbox tokens only after an event that turns them
    # (views.changes): a change told by no such event would leave a stale view, so
    # random games compare every step's inputs before and after. (Spaces are compared at
    # every view.)
    for seed in range(6):
        state = relicbox.new_game("relic-runners", players, seed, max_turns=80, **options)
        rng = Rng(seed)
        while not state.is_over:
            before, length, current = _inputs(state), len(state._history), state._seat
            coins = [board.coins for board in state._boards]
            seat = state.to_act[0]
            legal = state.legal_actions(seat)
            state.act(seat, legal[rng.below(len(legal))])
            boards, _, trails, places = _inputs(state)
            told = V.changes(state._history[length:])
            looked_at = told >> V._NAMED_SHIFT | 1 << state._seat | 1 << current
            for s, board in enumerate(boards):
                if board[1:] != before[0][s][1:] or state._boards[s].coins != coins[s]:
                    assert told & 1 << s, f"seat {s}'s board changed untold ({seed=})"
                if board[0] != before[0][s][0]:
                    assert looked_at & 1 << s, f"seat {s}'s pathways ({seed=})"
            for s, place in enumerate(places):
                if place[:2] != before[3][s][:2]:
                    assert looked_at & 1 << s, f"seat {s}'s explorer or rations ({seed=})"
            if trails[1] != before[2][1]:
                assert told & V._TOKENS, f"tokens ({seed=})"


def _snapshot(value: Any, seen: dict[int, Any] | None = None) -> Any:
    """Everything a state holds, down to the slots of its records and of its History
    (its converted events included): what a view must leave as it found it."""
    seen = {} if seen is None else seen
    if isinstance(value, (int, float, str, bytes, type(None), enum.Enum)):
        return value
    if id(value) in seen:
        return ("seen", id(value))
    seen[id(value)] = value
    if isinstance(value, dict):
        return ("dict", type(value).__name__, [(k, _snapshot(v, seen)) for k, v in value.items()])
    if isinstance(value, (list, tuple)):
        return (type(value).__name__, [_snapshot(v, seen) for v in value])
    if isinstance(value, Settings):
        return ("settings", id(value))  # frozen
    if type(value).__module__.endswith(("lookups", "board")):
        return ("shared", id(value))  # the compiled board, shared by every state
    names = [
        name
        for cls in type(value).__mro__
        for name in getattr(cls, "__slots__", ())
        if hasattr(value, name)
    ]
    return (type(value).__name__, [(name, _snapshot(getattr(value, name), seen)) for name in names])


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_a_view_changes_nothing_in_the_state(players):
    # build_view is a pure function of the state: whatever it keeps lives beside it.
    options = {"abilities": True, "max_turns": 60}
    for seed in range(2):
        state = relicbox.new_game("relic-runners", players, seed, **options)
        rng = Rng(seed)
        lookers = [None, *range(players)]
        steps = 0
        while not state.is_over:
            looker = lookers[rng.below(len(lookers))]
            body, held = state.to_dict(), _snapshot(state)
            state.view(looker)
            assert state.to_dict() == body and _snapshot(state) == held, f"{seed=} {steps=}"
            seat = state.to_act[0]
            legal = state.legal_actions(seat)
            state.act(seat, legal[rng.below(len(legal))])
            steps += 1
        body, held = state.to_dict(), _snapshot(state)
        state.view(0)
        assert state.to_dict() == body and _snapshot(state) == held


def _fresh_view(state: Any, looker: int | None) -> str:
    # Built from nothing: without the state's cache (nor its original's, which a clone
    # would start from) and without the entries that views of every game share through
    # memos keyed by what an entry shows, so that a key missing something an entry shows
    # cannot go unnoticed. The caches of the states in play are put back afterwards.
    own, last_seen = dict(V._OWN), dict(V._LAST_SEEN)
    V._OWN.clear()
    V._LAST_SEEN.clear()
    V._GEOMETRIES.clear()
    V._SHARED.clear()
    try:
        return canonical(state.clone().view(looker))
    finally:
        V._OWN.clear()
        V._OWN.update(own)
        V._LAST_SEEN.clear()
        V._LAST_SEEN.update(last_seen)


def test_games_share_the_entries_of_spaces_trails_and_boards_that_show_the_same():
    # Boards pass through the same few states from game to game: their read-only
    # entries are built once and handed out to every view that shows them.
    first = relicbox.new_game("relic-runners", 4, 1, max_turns=60).view(0)
    second = relicbox.new_game("relic-runners", 4, 2, max_turns=60).view(0)
    assert all(a is b for a, b in zip(first["trails"], second["trails"], strict=True))
    camp = NODE_IDS.index("CAMP")
    assert first["spaces"][camp] is second["spaces"][camp]
    assert first["seats"][1]["toolboxes"] is second["seats"][2]["toolboxes"]
    assert first["seats"][1]["relics"] is second["seats"][3]["relics"]
    with pytest.raises(TypeError):
        first["trails"][0]["pathways"].append(0)


@pytest.mark.parametrize("options", OPTION_SETS)
@pytest.mark.parametrize("every", [1, 6])
def test_views_kept_up_step_by_step_equal_views_built_afresh(options, every):
    # The cache that views keep between steps (and share with clones) must hand out
    # exactly what a view built from nothing would, for every looker, whether views are
    # taken at every step or only now and then (several turns may pass in between).
    for seed in range(3):
        state = relicbox.new_game("relic-runners", 3, seed, max_turns=40, **options)
        rng = Rng(seed + 10)
        clones = []
        while not state.is_over:
            pick = rng.below(4)
            looker = None if pick == 3 else pick
            if rng.below(every) == 0:
                assert canonical(state.view(looker)) == _fresh_view(state, looker)
            if rng.below(8) == 0:
                clones.append(state.clone())
            seat = state.to_act[0]
            legal = state.legal_actions(seat)
            state.act(seat, legal[rng.below(len(legal))])
        for looker in (None, 0, 1, 2):
            assert canonical(state.view(looker)) == _fresh_view(state, looker)
        for copied in clones:  # clones played on after sharing the original's cache
            for _ in range(5):
                if copied.is_over:
                    break
                seat = copied.to_act[0]
                copied.act(seat, copied.legal_actions(seat)[-1])
                assert canonical(copied.view(seat)) == _fresh_view(copied, seat)


def test_history_entries_are_the_events_json_for_every_kind_the_rules_write():
    # Views convert events with one generated converter per kind; each must give what
    # the general event_json gives, read-only, and so must events written as lists.
    seen: set[str] = set()
    for seed in range(8):
        state = relicbox.new_game("relic-runners", 4, seed, max_turns=60, abilities=True)
        for _ in random_steps(state, Rng(seed)):
            pass
        for event in state._history:
            seen.add(event[0])
            expected = V.event_json(event)
            assert V._frozen_event(event) == expected
            assert V._frozen_event(list(event)) == expected
            if len(event) > 1:  # one field short, as bodies of older versions may be
                assert V._frozen_event(event[:-1]) == V.event_json(event[:-1])
    assert {"turn", "move", "coins", "rations", "blue", "pathway"} <= seen
    with pytest.raises(TypeError):
        V._frozen_event(("move", 0, (0, 3), 1))["route"].append("R1")


def test_recurring_events_share_one_entry_and_hold_no_true_that_could_pass_for_a_one():
    # Entries of recurring kinds are kept by the event's value and handed out again:
    # sound only if those kinds never carry a bool (``True == 1`` as a key).
    entries: dict[tuple[Any, ...], Any] = {}
    V._RECURRING.clear()  # so that this test's few hundred stay under the limit
    for seed in range(6):
        state = relicbox.new_game("relic-runners", 3, seed, max_turns=60, abilities=True)
        for _ in random_steps(state, Rng(seed)):
            pass
        for event in state._history:
            if event[0] not in V._RECURRING_KINDS:
                continue
            assert not any(type(field) is bool for field in event), event
            entry = V._frozen_event(event)
            assert entry == V.event_json(event)
            assert entries.setdefault(event, entry) is entry, event
    assert 50 < len(entries) < V._RECURRING_LIMIT
    inner_list = ("move", 0, [0, 3], 1)
    assert V._frozen_event(inner_list) == V.event_json(inner_list)


def test_every_decision_task_shows_itself_in_a_view_and_no_other_task_does():
    """A decision task added without its part of the view would show no decision at all."""
    for cls in tasks.TASK_TYPES.values():
        own = cls.view_part is not tasks.Task.view_part
        assert own is cls.DECISION, cls.__name__


def test_a_gone_states_view_cache_is_dropped_when_a_new_one_is_made_and_a_live_ones_kept():
    """The caches hold their states' histories: a finished game's would stay in memory (and
    in the collector's walks) until the bound, if nothing noticed the state was gone."""
    V._OWN.clear()
    kept = new(players=3, seed=1)
    gone = new(players=3, seed=2)
    for seed, state in enumerate((kept, gone)):
        for _, _action in zip(range(20), random_steps(state, Rng(seed)), strict=False):
            pass
    del state
    kept_view, gone_key = kept.view(0), id(gone._history)
    gone.view(0)
    assert {id(kept._history), gone_key} <= set(V._OWN)
    del gone
    third = new(players=3, seed=3)
    third.view(0)
    assert gone_key not in V._OWN
    assert id(kept._history) in V._OWN
    assert kept.view(0) == kept_view
