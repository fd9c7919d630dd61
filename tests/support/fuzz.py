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
from collections.abc import Callable, Iterator, Mapping
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


Edit = tuple[Any, ...]
"""One edit of a JSON tree: ``("set", path, value)``, ``("del", path)``,
``("append", path, value)`` (to the list at ``path``) or ``("swap", path, i, j)``."""


def mutate(tree: dict[str, Any], rng: random.Random, edits: int) -> dict[str, Any]:
    """A deep copy of ``tree`` with ``edits`` random edits."""
    return mutate_logged(tree, rng, edits)[0]


def mutate_logged(
    tree: dict[str, Any], rng: random.Random, edits: int, gentle: bool = False
) -> tuple[dict[str, Any], list[Edit]]:
    """:func:`mutate`, and the edits it made (for :func:`apply_edits` and shrinking).

    ``gentle`` edits only whole numbers, by one or two, and swaps list entries: inputs
    that often pass the loader's checks, to try what loaded states do later.
    """
    tree = copy.deepcopy(tree)
    log: list[Edit] = []
    for _ in range(edits):
        path = _pick_path(tree, rng)
        if not path:
            break
        edit = _gentle_edit(tree, path, rng) if gentle else _random_edit(tree, path, rng)
        _apply_edit(tree, edit)
        log.append(edit)
    return tree, log


def _random_edit(tree: Any, path: tuple[Any, ...], rng: random.Random) -> Edit:
    parent = _get(tree, path[:-1])
    key = path[-1]
    value = parent[key]
    roll = rng.random()
    if roll < 0.1:
        # a value from elsewhere in the tree: the right kind of thing in the wrong place
        return ("set", path, copy.deepcopy(_get(tree, _pick_path(tree, rng))))
    if roll < 0.35:
        return ("set", path, copy.deepcopy(rng.choice(ODD_VALUES)))
    if roll < 0.55 and type(value) is int:
        return ("set", path, value + rng.choice((-2, -1, 1, 2, -value - 1, value * 3 + 1)))
    if roll < 0.65 and isinstance(parent, dict):
        return ("del", path)
    if roll < 0.75 and isinstance(value, list) and value:
        return ("del", (*path, rng.randrange(len(value))))
    if roll < 0.85 and isinstance(value, list) and value:
        return ("append", path, copy.deepcopy(rng.choice(value)))
    if roll < 0.92 and isinstance(value, list) and len(value) > 1:
        return ("swap", path, rng.randrange(len(value)), rng.randrange(len(value)))
    if isinstance(parent, list) and len(parent) > 1:
        return ("swap", path[:-1], key, rng.randrange(len(parent)))
    return ("set", path, copy.deepcopy(rng.choice(ODD_VALUES)))


def _gentle_edit(tree: Any, path: tuple[Any, ...], rng: random.Random) -> Edit:
    value = _get(tree, path)
    if type(value) is int:
        return ("set", path, max(0, value + rng.choice((-2, -1, 1, 2))))
    if isinstance(value, list) and len(value) > 1:
        return ("swap", path, rng.randrange(len(value)), rng.randrange(len(value)))
    if type(value) is bool:
        return ("set", path, not value)
    return ("set", path, copy.deepcopy(value))  # no change


def _apply_edit(tree: Any, edit: Edit) -> None:
    kind, path = edit[0], edit[1]
    if kind == "set":
        _get(tree, path[:-1])[path[-1]] = copy.deepcopy(edit[2])
    elif kind == "del":
        del _get(tree, path[:-1])[path[-1]]
    elif kind == "append":
        _get(tree, path).append(copy.deepcopy(edit[2]))
    else:
        items = _get(tree, path)
        i, j = edit[2], edit[3]
        items[i], items[j] = items[j], items[i]


def apply_edits(tree: dict[str, Any], edits: list[Edit]) -> dict[str, Any]:
    """A deep copy of ``tree`` with ``edits`` made in order (a ``LookupError`` or
    ``TypeError`` if one no longer fits, as when an earlier one was left out)."""
    tree = copy.deepcopy(tree)
    for edit in edits:
        _apply_edit(tree, edit)
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


class LoadedThenFailed(AssertionError):
    """An input was accepted, and the state it gave then crashed, stalled or lost its seats."""


def outcome_of(load: Callable[[], State], rng: random.Random, cap: int = STEP_CAP) -> str:
    """``refused`` or ``played``; anything else (another exception, a hang) fails the caller.

    A failure after the input was accepted is a :class:`LoadedThenFailed`, its cause chained.
    """
    try:
        state = load()
    except RelicboxError:
        return "refused"
    try:
        # Automatic chance from here on, and none left pending: what a loaded state with
        # auto_chance on looks like (the engine settles chance events as it goes).
        state.auto_chance = True
        while state.is_chance:
            state.sample_chance()
        play_out(state, rng, cap)
    except Exception as error:
        raise LoadedThenFailed(f"{type(error).__name__}: {error}") from error
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
    if state.view(seat) != view:
        raise SampledViewDiffers(f"sample_state accepted a view its state does not show: {seat=}")
    assert not state.has_record, "a sampled state carries a record"
    try:
        play_out(state, rng, cap, must_finish)
    except Exception as error:
        raise LoadedThenFailed(f"{type(error).__name__}: {error}") from error
    return "played"


class SampledViewDiffers(AssertionError):
    """``sample_state`` returned a state whose view is not the input view."""


# -- act_joint: random mixes of parts, checked against act in order -------------------------


class Pairs(Mapping[Any, Any]):
    """A mapping whose ``items()`` may name a key twice (a seat given two entries)."""

    def __init__(self, pairs: list[tuple[Any, Any]]) -> None:
        self.pairs = pairs

    def __getitem__(self, key: Any) -> Any:
        return next(value for k, value in self.pairs if k == key)

    def __iter__(self) -> Iterator[Any]:
        return iter([k for k, _ in self.pairs])

    def __len__(self) -> int:
        return len(self.pairs)

    def items(self) -> Any:
        return list(self.pairs)

    def __repr__(self) -> str:
        return f"Pairs({self.pairs!r})"


ODD_KEYS: tuple[Any, ...] = ("x", 10**20, -1, 99, None, 0.0, True, "0", (0,))
ODD_PARTS: tuple[Any, ...] = (None, "x", 10**20, -1, 1.5, {}, [None], [[]], "", b"0")


def random_joint(state: State, rng: random.Random) -> Any:
    """A random ``act_joint`` argument: mostly plausible (each seat's legal parts, found by
    playing them on a copy), with illegal parts, empty entries, odd keys and duplicate
    seats mixed in, and sometimes not a mapping at all."""
    roll = rng.random()
    if roll < 0.04:
        return rng.choice((None, [], "x", 0, [(0, "continue")], {0, 1}))
    trial = state.clone()
    seats = list(state.to_act) or list(range(state.players))
    rng.shuffle(seats)
    pairs: list[tuple[Any, Any]] = []
    for seat in seats[: rng.randint(1, len(seats))]:
        parts: list[Any] = []
        # A seat's legal parts while it is still to act (Tschak!'s several cards), now
        # and then one part too many or an illegal one.
        while seat in trial.to_act and (not parts or rng.random() < 0.9):
            legal = list(trial.legal_actions(seat))
            if not legal or rng.random() < 0.08:
                break
            action = rng.choice(legal)
            with contextlib.suppress(RelicboxError):
                trial.act(seat, action)
            parts.append(rng.choice((action, action.text, action.index)))
        if not parts or rng.random() < 0.1:
            parts.append(rng.choice(list(state.game.action_space)).text)
        value: Any = parts if len(parts) > 1 or rng.random() < 0.3 else parts[0]
        pairs.append((seat, value))
    noise = rng.random()
    if noise < 0.1:
        pairs.insert(rng.randrange(len(pairs) + 1), (rng.choice(ODD_KEYS), []))
    elif noise < 0.2:
        pairs.append((rng.choice(ODD_KEYS), rng.choice(pairs)[1]))
    elif noise < 0.3:
        i = rng.randrange(len(pairs))
        pairs[i] = (pairs[i][0], rng.choice(ODD_PARTS))
    elif noise < 0.4:
        pairs.append(rng.choice(pairs))  # a seat twice
    elif noise < 0.45:
        pairs = []
    if len({repr(k) for k, _ in pairs}) < len(pairs):
        return Pairs(pairs)
    return dict(pairs)


def act_in_order(state: State, choices: Any) -> State | None:
    """What ``act_joint(choices)`` must do, by :meth:`State.act` part by part on a copy
    (``None``: it must refuse)."""
    if not isinstance(choices, Mapping) or not choices:
        return None
    trial = state.clone()
    try:
        for seat, choice in choices.items():
            parts = choice if isinstance(choice, (list, tuple)) else (choice,)
            if not parts:
                return None
            for part in parts:
                trial.act(seat, part)
    except RelicboxError:
        return None
    return trial


class ActJointFinding(AssertionError):
    """``act_joint`` broke its contract; ``what`` says how, the message with which call."""

    def __init__(self, what: str, detail: str) -> None:
        super().__init__(f"{what}: {detail}")
        self.what = what


def check_act_joint(state: State, choices: Any) -> str:
    """``refused`` or ``accepted``; an :class:`ActJointFinding` when ``act_joint`` accepts
    what ``act`` in order refuses, changes a state it refuses, ends elsewhere than ``act``
    in order, or leaves a record that does not replay."""
    before = state.to_dict()
    record = state.record if state.has_record else None
    expected = act_in_order(state, choices)
    try:
        state.act_joint(choices)
    except RelicboxError as error:
        if state.to_dict() != before or (record is not None and state.record != record):
            raise ActJointFinding("a refused call changed the state", f"{error}") from None
        if expected is not None:
            return "refused-legal"  # stricter than act in order: allowed, if documented
        return "refused"
    if expected is None:
        raise ActJointFinding("accepted what act in order refuses", f"act_joint({choices!r})")
    if state.to_dict() != expected.to_dict():
        raise ActJointFinding("ends elsewhere than act in order", f"act_joint({choices!r})")
    if state.has_record:
        replayed = relicbox.replay(json.loads(json.dumps(state.record)))
        if not state.is_chance and replayed.to_dict()["body"] != state.to_dict()["body"]:
            raise ActJointFinding("the record replays elsewhere", f"act_joint({choices!r})")
    return "accepted"


# -- the Relic Runners Scenario builder: random calls, some with wrong types ----------------


def scenario_calls(
    rng: random.Random, count: int
) -> list[tuple[str, tuple[Any, ...], dict[str, Any]]]:
    """Random builder calls ``(method, args, kwargs)``, mostly well typed."""
    from relicbox.games.relic_runners.board import NODE_IDS, TOKEN_IDS
    from relicbox.games.relic_runners.data import BRANCHES, RELIC_COLOURS, TILES
    from relicbox.games.relic_runners.scenario import _BOARD

    trails = [_BOARD.trail_name(t) for t in range(_BOARD.trails)]
    codes = [tile.code for tile in TILES]

    def odd() -> Any:
        return rng.choice((None, -1, 10**20, "x", 1.5, [], {}, True, "²", ("R1",)))

    def pick(pool: list[Any] | tuple[Any, ...]) -> Any:
        return odd() if rng.random() < 0.15 else rng.choice(pool)

    def seat() -> Any:
        return pick((0, 0, 1, 2, 3, 4))

    def number() -> Any:
        return pick((0, 1, 2, 3, 5, 10, 30))

    makers: dict[str, Callable[[], tuple[tuple[Any, ...], dict[str, Any]]]] = {
        "explorer": lambda: ((seat(), pick(NODE_IDS)), {}),
        "turn": lambda: ((seat(),), {}),
        "rations": lambda: ((seat(), number()), {}),
        "coins": lambda: ((seat(), number()), {}),
        "relics": lambda: (
            (seat(),),
            {rng.choice(RELIC_COLOURS) if rng.random() < 0.9 else "x": number()},
        ),
        "blue": lambda: (
            (seat(), *[pick([c for c in codes if c[0] == "B"]) for _ in range(rng.randint(0, 3))]),
            {},
        ),
        "ivory": lambda: (
            (seat(), *[pick([c for c in codes if c[0] == "I"]) for _ in range(rng.randint(0, 3))]),
            {},
        ),
        "paths": lambda: ((seat(), *[pick(trails) for _ in range(rng.randint(0, 4))]), {}),
        "toolboxes": lambda: (
            (seat(),),
            {f"{pick(BRANCHES)}_{rng.randint(1, 3)}": number(), "start": number()},
        ),
        "stage": lambda: ((pick(("move", "post", "setup", "over", "x")),), {}),
        "start_relic": lambda: ((pick((None, *RELIC_COLOURS)),), {}),
        "tokens": lambda: (tuple(pick(TOKEN_IDS) for _ in range(rng.randint(0, 4))), {}),
        "shrine": lambda: ((pick(NODE_IDS), pick((True, False))), {}),
        "top": lambda: ((pick(NODE_IDS), pick(codes), pick((True, False))), {}),
        "level": lambda: ((pick(NODE_IDS), pick((1, 2, 3)), pick(codes)), {}),
        "purple_top": lambda: ((pick(NODE_IDS), pick([c for c in codes if c[0] == "P"])), {}),
    }
    calls = []
    for _ in range(count):
        name = rng.choice(list(makers))
        args, kwargs = makers[name]()
        calls.append((name, args, kwargs))
    return calls


def check_scenario(
    players: Any,
    seed: int,
    calls: list[tuple[str, tuple[Any, ...], dict[str, Any]]],
    rng: random.Random,
    cap: int = STEP_CAP,
    **options: Any,
) -> str:
    """``refused`` (a RelicboxError from the builder or its ``build``) or ``played``."""
    from relicbox.games.relic_runners.scenario import Scenario

    def load() -> State:
        scenario = Scenario(players, seed, **options)
        for name, args, kwargs in calls:
            getattr(scenario, name)(*args, **kwargs)
        return scenario.build()

    return outcome_of(load, rng, cap)


# -- option values: odd texts, huge numbers, deep nesting -----------------------------------


def _nested(depth: int) -> Any:
    value: Any = 0
    for _ in range(depth):
        value = [value]
    return value


ODD_OPTION_VALUES: tuple[Callable[[], Any], ...] = (
    lambda: "²",
    lambda: "①",
    lambda: "٣",
    lambda: "5" * 5000,
    lambda: 10**5000,
    lambda: -(10**30),
    lambda: 2**64,
    lambda: -1,
    lambda: 0,
    lambda: 10**6,
    lambda: True,
    lambda: 1.5,
    lambda: math.nan,
    lambda: "",
    lambda: " 3 ",
    lambda: "x" * 100_000,
    lambda: _nested(5000),
    lambda: {"nodes": _nested(3000)},
    lambda: [{"a": _nested(50)}],
    lambda: None,
    lambda: {},
    lambda: [],
)


def odd_options(game: Game, rng: random.Random) -> dict[str, Any]:
    """Options with one or two odd values (for a declared option, now and then another name)."""
    names = [option.name for option in game.options] + ["x"]
    options = dict(short_options(game))
    for _ in range(rng.choice((1, 1, 2))):
        name = rng.choice(names)
        options[name] = rng.choice(ODD_OPTION_VALUES)()
    return options


def check_options(
    game: Game, options: dict[str, Any], how: str, rng: random.Random, cap: int = STEP_CAP
) -> str:
    """Options through ``new_game``, ``state_from_dict`` or ``replay``: refused or played."""
    players = min(game.players)

    def load() -> State:
        if how == "new_game":
            return relicbox.new_game(game.name, players, seed=1, **options)
        base = relicbox.new_game(game.name, players, seed=1, **short_options(game))
        data = base.to_dict() if how == "state_from_dict" else base.record
        data["options"] = {**data["options"], **options}
        if how == "state_from_dict":
            return relicbox.state_from_dict(data)
        return relicbox.replay(data)

    return outcome_of(load, rng, cap)
