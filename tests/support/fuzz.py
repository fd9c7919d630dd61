"""Mutating real states and records, and checking what the engine makes of them.

The conformance fuzz test (``tests/conformance/test_fuzz.py``) and the long campaign
script (``scripts/fuzz_campaign.py``) share these helpers. A *mutation* edits a JSON
tree at a random place: another value of another type, a number nudged or made
negative, an entry dropped, duplicated or swapped, a key deleted. The checks then
demand that the engine either refuses the input with a :class:`RelicboxError` or
accepts it and the game plays to its end within a bound, with every view, copy and
JSON form working on the way.
"""

from __future__ import annotations

import contextlib
import copy
import json
import math
import random
from collections.abc import Callable
from typing import Any

import relicbox
from relicbox import RelicboxError
from relicbox.core.game import Game, State

STEP_CAP = 100_000
"""Decisions and chance events a loaded game may take to finish.

Relic Runners has no turn limit unless ``max_turns`` is set, and uniformly random
explorers seldom explore: one 5-player game in a campaign took 21,254 decisions
(12,596 turns) before it ended normally. The fast suite caps turns instead.
"""

ODD_VALUES: tuple[Any, ...] = (
    None,
    True,
    False,
    0,
    1,
    -1,
    2,
    3,
    7,
    -(10**6),
    10**6,
    2**64,
    -(2**70),
    0.5,
    1.0,
    -0.0,
    math.inf,
    -math.inf,
    math.nan,
    "",
    "x",
    "over",
    "play",
    "move",
    "reveal",
    "choice",
    "setup",
    "post",
    "T5",
    "R",
    "W1",
    "A",
    [],
    [0],
    [-1],
    [None],
    [[]],
    {},
    {"a": 1},
    {"1": [0, 0]},
    [[[[[[[[[[[]]]]]]]]]]],
)


def short_options(game: Game) -> dict[str, Any]:
    """Options that keep random games short where a game has a turn cap (the fast suite)."""
    names = {option.name for option in game.options}
    return {"max_turns": 40} if "max_turns" in names else {}


def snapshots(game: Game, seed: int, count: int = 6, **options: Any) -> list[dict[str, Any]]:
    """JSON forms of real positions of one random game, some taken before a chance event."""
    rng = random.Random(seed)
    players = rng.choice(list(game.players))
    state = relicbox.new_game(game.name, players, seed=seed, auto_chance=False, **options)
    out = []
    steps = 0
    while not state.is_over and steps < STEP_CAP:
        if rng.random() < 0.08 or not out:
            out.append(state.to_dict())
        if state.is_chance:
            state.sample_chance()
        else:
            seat = rng.choice(state.to_act)
            state.act(seat, rng.choice(list(state.legal_actions(seat))))
        steps += 1
    out.append(state.to_dict())
    rng.shuffle(out)
    return [*out[:count], state.to_dict()]


def recorded(game: Game, seed: int, **options: Any) -> dict[str, Any]:
    """The record of a random game, cut at a random point (sometimes before a chance event)."""
    rng = random.Random(seed)
    players = rng.choice(list(game.players))
    state = relicbox.new_game(
        game.name, players, seed=seed, auto_chance=rng.random() < 0.5, **options
    )
    stop = rng.randrange(1, 400)
    steps = 0
    while not state.is_over and steps < stop:
        if state.is_chance:
            state.sample_chance()
        else:
            seat = rng.choice(state.to_act)
            state.act(seat, rng.choice(list(state.legal_actions(seat))))
        steps += 1
    return state.record


def _pick_path(tree: Any, rng: random.Random) -> tuple[Any, ...]:
    """A random place in a JSON tree, each level's keys equally likely (not each leaf)."""
    path: tuple[Any, ...] = ()
    node = tree
    while isinstance(node, (dict, list)) and node:
        if path and rng.random() < 0.3:
            break
        key = rng.choice(list(node)) if isinstance(node, dict) else rng.randrange(len(node))
        path = (*path, key)
        node = node[key]
    return path


def _get(tree: Any, path: tuple[Any, ...]) -> Any:
    for part in path:
        tree = tree[part]
    return tree


def mutate(tree: dict[str, Any], rng: random.Random, edits: int) -> dict[str, Any]:
    """A deep copy of ``tree`` with ``edits`` random edits."""
    tree = copy.deepcopy(tree)
    for _ in range(edits):
        path = _pick_path(tree, rng)
        if not path:
            break
        parent = _get(tree, path[:-1])
        key = path[-1]
        value = parent[key]
        roll = rng.random()
        if roll < 0.1:
            # a value from elsewhere in the tree: the right kind of thing in the wrong place
            parent[key] = copy.deepcopy(_get(tree, _pick_path(tree, rng)))
        elif roll < 0.35:
            parent[key] = copy.deepcopy(rng.choice(ODD_VALUES))
        elif roll < 0.55 and type(value) is int:
            parent[key] = value + rng.choice((-2, -1, 1, 2, -value - 1, value * 3 + 1))
        elif roll < 0.65 and isinstance(parent, dict):
            del parent[key]
        elif roll < 0.75 and isinstance(value, list) and value:
            del value[rng.randrange(len(value))]
        elif roll < 0.85 and isinstance(value, list) and value:
            value.append(copy.deepcopy(rng.choice(value)))
        elif roll < 0.92 and isinstance(value, list) and len(value) > 1:
            i, j = rng.randrange(len(value)), rng.randrange(len(value))
            value[i], value[j] = value[j], value[i]
        elif isinstance(parent, list) and len(parent) > 1:
            other = rng.randrange(len(parent))
            parent[key], parent[other] = parent[other], parent[key]
        else:
            parent[key] = copy.deepcopy(rng.choice(ODD_VALUES))
    return tree


def play_out(
    state: State, rng: random.Random, cap: int = STEP_CAP, must_finish: bool = True
) -> int:
    """Drive ``state`` to its end with random legal actions; every view and copy must work.

    With ``must_finish`` false, a game still running after ``cap`` steps is fine (a
    sampled Relic Runners game has no turn limit, and the fast suite plays a part of it).
    """
    players = state.players
    next_check = 0
    for step in range(cap):
        if step == next_check:  # at steps 0, 1, 3, 7, 15, ...: cheap enough for long games
            _exercise(state, rng)
            next_check = 2 * step + 1
        if state.is_over:
            state.scores()
            state.winners()
            return step
        if state.is_chance:
            assert not state.to_act, "seats to act while a chance event is pending"
            state.sample_chance()
            continue
        to_act = state.to_act
        assert to_act, f"{state!r}: not over, no chance pending, nobody to act"
        seat = rng.choice(to_act)
        assert type(seat) is int and 0 <= seat < players
        legal = list(state.legal_actions(seat))
        assert legal, f"{state!r}: seat {seat} is to act but has no legal action"
        state.act(seat, rng.choice(legal))
    if must_finish:
        raise AssertionError(f"{state!r} did not finish within {cap} steps")
    return cap


def _exercise(state: State, rng: random.Random) -> None:
    for seat in (None, *range(state.players)):
        json.dumps(state.view(seat), allow_nan=False)
    data = state.to_dict()
    json.dumps(data, allow_nan=False)
    again = relicbox.state_from_dict(json.loads(json.dumps(data)))
    assert again.to_dict() == data, "to_dict/from_dict does not round-trip"
    state.clone().view(None)
    state.determinize(rng.randrange(state.players), rng.randrange(1 << 30)).view(None)
    if state.has_record:
        json.dumps(state.record, allow_nan=False)


def outcome_of(load: Callable[[], State], rng: random.Random) -> str:
    """``refused`` or ``played``; anything else (another exception, a hang) fails the caller."""
    try:
        state = load()
    except RelicboxError:
        return "refused"
    auto = state.auto_chance
    state.auto_chance = True
    if auto is False and state.is_chance:
        state.sample_chance()
    play_out(state, rng)
    return "played"


def check_state(data: dict[str, Any], rng: random.Random) -> str:
    return outcome_of(lambda: relicbox.state_from_dict(data), rng)


def check_record(record: dict[str, Any], rng: random.Random) -> str:
    def load() -> State:
        state = relicbox.replay(record)
        assert state.is_over or state.to_act, "replay returned a state nobody can move"
        return state

    return outcome_of(load, rng)


SEAT_VALUES: tuple[Any, ...] = (
    -1,
    8,
    None,
    True,
    False,
    1.0,
    0.0,
    0j,
    "0",
    "1",
    [0],
    10**30,
)


def check_odd_acts(state: State, rng: random.Random) -> None:
    """Odd seats and hand-built actions are refused with RelicboxError and change nothing."""
    from relicbox import Action

    before = state.to_dict()
    space = state.game.action_space
    real = rng.choice(list(space))
    actions: list[Any] = [
        real,
        Action(real.text, 0.0),  # type: ignore[arg-type]
        Action(real.text, -1),
        Action(real.text, len(space)),
        Action(real.text, "0"),  # type: ignore[arg-type]
        Action(None, real.index),  # type: ignore[arg-type]
        real.text,
        real.index,
        float(real.index),
        {"index": real.index},
        {"index": True},
        {"action": 5},
        None,
        "x" * 10_000,
    ]
    seats = [*SEAT_VALUES, *state.to_act]
    for seat in seats:
        for action in actions:
            try:
                state.act(seat, action)
            except RelicboxError:
                assert state.to_dict() == before, f"a refused act({seat!r}, {action!r}) changed"
                continue
            # accepted: only a real seat with a real action may get here
            assert type(seat) is int, f"act accepted seat {seat!r}"
            return
    for seat in SEAT_VALUES:
        for call in (state.view, state.legal_actions, state.action_mask, state.determinize):
            with contextlib.suppress(RelicboxError):
                call(seat)


def views(game: Game, seed: int, count: int = 6, **options: Any) -> list[dict[str, Any]]:
    """JSON views (a seat's or a spectator's) of real positions of one random game."""
    out = []
    for data in snapshots(game, seed, count, **options):
        state = relicbox.state_from_dict(data)
        if state.is_chance:
            state.sample_chance()
        looker = random.Random(seed).choice([None, *range(state.players)])
        out.append(json.loads(json.dumps(state.view(looker))))
    return out


def check_sampled_view(
    game: Game, view: Any, rng: random.Random, cap: int = STEP_CAP, must_finish: bool = True
) -> str:
    """``refused`` (a RelicboxError), or ``played``: ``sample_state`` built a state whose
    view for the view's seat is that view, and the state plays to its end."""
    try:
        state = game.sample_state(view, rng.randrange(1 << 30))
    except RelicboxError:
        return "refused"
    seat = view["seat"]
    assert state.view(seat) == view, "sample_state accepted a view its state does not show"
    assert not state.has_record, "a sampled state carries a record"
    play_out(state, rng, cap, must_finish)
    return "played"
