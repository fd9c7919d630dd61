"""Checks every registered game must pass, usable from any test runner.

Each check plays seeded random games through the public contract only and
raises :class:`ConformanceError` naming the game, seed, step and fault. The
pytest suite in ``tests/conformance/`` runs them over every game in the
registry and every allowed player count; a new game gets them for free.

A game may declare ``Game.test_options`` (for example a turn cap so random games
stay short).
"""

from __future__ import annotations

import dataclasses
import json
import pickle
from collections.abc import Callable, Iterator, Mapping
from typing import Any

from relicbox.core.actions import Action
from relicbox.core.errors import IllegalActionError, RelicboxError
from relicbox.core.fields import Fields
from relicbox.core.game import Game, State
from relicbox.core.history import FrozenDict, FrozenList, History
from relicbox.core.registry import replay, state_from_dict
from relicbox.core.rng import Rng

MAX_DECISIONS = 20_000


class ConformanceError(AssertionError):
    """A game broke the contract."""


def _fail(game: Game, seed: int, step: int, message: str) -> ConformanceError:
    return ConformanceError(f"{game.name} seed={seed} step={step}: {message}")


def fresh(game: Game, players: int, seed: int, **extra: Any) -> State:
    options: dict[str, Any] = dict(game.test_options)
    options.update(extra)
    return game.new_state(players, seed, **options)


def random_steps(state: State, rng: Rng) -> Iterator[tuple[int, Action]]:
    """Play random legal actions to the end, yielding each ``(seat, action)`` before it applies."""
    for _ in range(MAX_DECISIONS):
        if state.is_over:
            return
        seats = state.to_act
        if not seats:
            raise ConformanceError(f"{state!r}: no seat to act, no chance pending, not over")
        seat = seats[rng.below(len(seats))]
        legal = state.legal_actions(seat)
        if not legal:
            raise ConformanceError(f"{state!r}: seat {seat} is in to_act but has no legal action")
        action = legal[rng.below(len(legal))]
        yield seat, action
        state.act(seat, action)
    raise ConformanceError(f"{state!r}: no end after {MAX_DECISIONS} decisions")


def canonical(data: object) -> str:
    return json.dumps(data, sort_keys=True, separators=(",", ":"))


def check_game_finishes(game: Game, players: int, seed: int) -> State:
    """A seeded random game ends, with scores and winners for every seat."""
    state = fresh(game, players, seed)
    for _ in random_steps(state, Rng(seed)):
        pass
    if len(state.scores()) != players or not state.winners():
        raise ConformanceError(
            f"{game.name} seed={seed}: bad results {state.scores()} {state.winners()}"
        )
    if state.to_act or state.legal_actions(0):
        raise ConformanceError(f"{game.name} seed={seed}: decisions offered after the end")
    return state


def check_length(game: Game, players: int, seed: int) -> None:
    """A random game stays within ``Game.max_length``, played one seat at a time and with
    every due seat deciding at each step (where each step counts once per seat at the
    table); a game where several seats are due at once declares itself ``simultaneous``."""
    state = fresh(game, players, seed)
    bound = None if game.max_length is None else game.max_length(players, state.settings)
    rng = Rng(seed)
    steps = several = 0
    while not state.is_over:
        if steps >= MAX_DECISIONS:
            raise ConformanceError(f"{game.name} seed={seed}: no end after {steps} steps")
        seats = state.to_act
        if not seats:
            raise ConformanceError(f"{state!r}: no seat to act, no chance pending, not over")
        several += len(seats) > 1
        for seat in seats:
            legal = state.legal_actions(seat)
            state.act(seat, legal[rng.below(len(legal))])
        steps += 1
    chance = sum(1 for event in state.record["events"] if "chance" in event)
    if several and not game.simultaneous:
        raise ConformanceError(
            f"{game.name} seed={seed}: {several} steps with several seats due, but the game "
            "does not declare itself simultaneous"
        )
    sequential = check_game_finishes(game, players, seed)
    # A step of a simultaneous game counts once per seat at the table, as OpenSpiel's
    # simultaneous nodes do; a sequential game has one decision a step.
    lengths = {
        "all due seats at once": steps * (players if game.simultaneous else 1) + chance,
        "one seat at a time": len(sequential.record["events"]),
    }
    for form, length in lengths.items():
        if bound is not None and length > bound:
            raise ConformanceError(
                f"{game.name} seed={seed} players={players}: {length} steps played "
                f"{form}, beyond the declared max_length {bound}"
            )


def check_same_seed_same_game(game: Game, players: int, seed: int) -> None:
    first = check_game_finishes(game, players, seed)
    second = check_game_finishes(game, players, seed)
    if canonical(first.record) != canonical(second.record):
        raise ConformanceError(f"{game.name} seed={seed}: the same seed gave two different games")


def check_actions(game: Game, players: int, seed: int, every: int = 7) -> None:
    """Legal actions round-trip through text, index and JSON; illegal ones raise, change nothing."""
    state = fresh(game, players, seed)
    space = game.action_space
    for step, (seat, action) in enumerate(random_steps(state, Rng(seed))):
        if action not in state.legal_actions(seat) or not state.action_mask(seat)[action.index]:
            raise _fail(game, seed, step, f"{action!r} missing from legal actions or mask")
        for form in (action.text, action.index, action.to_json()):
            if space.parse(form) is not action:
                raise _fail(game, seed, step, f"{action!r} does not round-trip through {form!r}")
        if step % every:
            continue
        before = canonical(state.to_dict())
        legal = set(state.legal_actions(seat))
        illegal = [a for a in space if a not in legal][:: max(1, len(space) // 40)]
        waiting = set(state.to_act)
        bystanders = [s for s in range(players) if s not in waiting][:2]
        attempts = (
            [(seat, a) for a in illegal] + [(s, action) for s in bystanders] + [(players, action)]
        )
        for who, attempt in attempts:
            try:
                state.act(who, attempt)
            except IllegalActionError as error:
                if repr(attempt.text) not in str(error):
                    raise _fail(
                        game, seed, step, f"error does not quote the action: {error}"
                    ) from None
            else:
                raise _fail(game, seed, step, f"seat {who} could play illegal {attempt!r}")
            if canonical(state.to_dict()) != before:
                raise _fail(
                    game, seed, step, f"illegal {attempt!r} by seat {who} changed the state"
                )


def check_action_args(game: Game) -> None:
    """Every action's ``args`` are immutable, found from every form and kept by pickling.

    Actions with arguments must be told apart by them alone (kind and values), so code that
    reads ``args`` instead of the text can never mistake one action for another.
    """
    space = game.action_space
    seen: dict[tuple[type, tuple[object, ...]], Action] = {}
    for action in space:
        args = action.args
        where = f"{game.name}: {action!r} args {args!r}"
        if not isinstance(args, tuple):
            raise ConformanceError(f"{where} are not a tuple")
        try:
            hash(args)
        except TypeError:
            raise ConformanceError(f"{where} are not immutable") from None
        for form in (action.text, action.index, action.to_json()):
            if space.parse(form).args != args:
                raise ConformanceError(f"{where} are lost through {form!r}")
        copy = pickle.loads(pickle.dumps(action))
        if copy != action or copy.args != args or type(copy.args) is not type(args):
            raise ConformanceError(f"{where} do not survive pickling: {copy.args!r}")
        if args:
            other = seen.setdefault((type(args), args), action)
            if other is not action:
                raise ConformanceError(f"{where} are also those of {other!r}")


def check_legality_hooks(game: Game, players: int, seed: int, every: int = 9) -> None:
    """``_is_legal`` and ``_why_illegal`` agree with ``legal_actions`` for every seat and action.

    ``act`` trusts the cheap ``_is_legal`` test and asks ``_why_illegal`` only for the reason
    of a refusal, so the three must say the same thing everywhere.
    """
    state = fresh(game, players, seed)
    space = list(game.action_space)
    for step, _ in enumerate(random_steps(state, Rng(seed))):
        if step % every:
            continue
        for who in range(players + 1):  # and one seat that does not exist
            legal = {id(a) for a in state.legal_actions(who)} if who < players else set()
            for action in space:
                expected = id(action) in legal
                if state._is_legal(who, action) is not expected:
                    raise _fail(game, seed, step, f"_is_legal({who}, {action!r}) is not {expected}")
                reason = state._why_illegal(who, action)
                if (reason is None) is not expected:
                    raise _fail(
                        game,
                        seed,
                        step,
                        f"_why_illegal({who}, {action!r}) gives {reason!r} "
                        f"but the action is {'legal' if expected else 'illegal'}",
                    )


def check_roundtrips(game: Game, players: int, seed: int, every: int = 5) -> None:
    """clone, to_dict/from_dict and replay reproduce the state exactly, and stay independent."""
    state = fresh(game, players, seed)
    rng = Rng(seed)
    for step, _ in enumerate(random_steps(state, rng)):
        if step % every:
            continue
        _check_copies(game, seed, step, state)
    _check_copies(game, seed, -1, state)


def _check_copies(game: Game, seed: int, step: int, state: State) -> None:
    expected = canonical(state.to_dict())
    json.loads(expected)
    copy = state.clone()
    if canonical(copy.to_dict()) != expected:
        raise _fail(game, seed, step, "clone() differs from the original")
    if canonical(state_from_dict(json.loads(expected)).to_dict()) != expected:
        raise _fail(game, seed, step, "from_dict(to_dict()) differs from the original")
    if canonical(replay(json.loads(canonical(state.record))).to_dict()) != expected:
        raise _fail(game, seed, step, "replay(record) differs from the original")
    if not copy.is_over:
        seat = copy.to_act[0]
        copy.act(seat, copy.legal_actions(seat)[0])
        if canonical(state.to_dict()) != expected:
            raise _fail(game, seed, step, "acting on a clone changed the original")


def state_slots(state: State) -> list[str]:
    """Every slot a state has, the base class's and the game's."""
    return [name for cls in type(state).__mro__ for name in getattr(cls, "__slots__", ())]


_MUTABLE = (list, dict, set, bytearray, History)
_READ_ONLY = (FrozenDict, FrozenList)
_NOT_COMPARED = frozenset({"_rng", "_log"})
"""Base slots compared by their own checks (generator state, record)."""


def check_fields(game: Game, players: int, seed: int, every: int = 4) -> None:
    """Every slot is covered by clone and by the JSON body; clones share nothing mutable.

    A game that declares ``State.fields`` must list exactly its slots, and no list or
    dict reachable from a field it declares copied may be shared with a clone. For every
    game: a clone and ``from_dict(to_dict())`` set every slot to an equal value (fields
    declared as caches excepted from the second), and playing a clone to its end leaves
    the original exactly as it was.
    """
    state = fresh(game, players, seed)
    declared = type(state).fields
    if declared is not None:
        # the game's classes below State: a state class may be built in layers
        own = set(state_slots(state)) - {
            name for cls in State.__mro__ for name in getattr(cls, "__slots__", ())
        }
        if set(declared.slots) != own:
            raise _fail(
                game,
                seed,
                0,
                f"fields {sorted(declared.slots)} do not match the slots {sorted(own)}",
            )
        _check_body_keys(game, seed, state, declared)
    caches = set() if declared is None else {f.name for f in declared if f.cache}
    for step, _ in enumerate(random_steps(state, Rng(seed))):
        if step % every:
            continue
        _check_field_copies(game, seed, step, state, caches, play_out=step % (every * 8) == 0)
    _check_field_copies(game, seed, -1, state, caches, play_out=False)


def _check_body_keys(game: Game, seed: int, state: State, declared: Fields) -> None:
    """The body writes exactly the declared keys, and every record a state holds has the
    fields declared within its slot: each slot is in the clone and in the body, or derived."""
    body = state.to_dict()["body"]
    keys = [f.key for f in declared.keyed]
    if list(body) != keys:
        raise _fail(game, seed, 0, f"the body's keys {list(body)} are not the declared {keys}")
    for holder, fields in declared.records.items():
        held = getattr(state, holder)
        for record in held if isinstance(held, list) else [held]:
            slots = set(getattr(type(record), "__slots__", ()))
            if slots != {f.name for f in fields}:
                raise _fail(
                    game, seed, 0, f"{holder} holds slots {sorted(slots)}, declared otherwise"
                )


def _check_field_copies(
    game: Game, seed: int, step: int, state: State, caches: set[str], *, play_out: bool
) -> None:
    copy = state.clone()
    loaded = state_from_dict(json.loads(canonical(state.to_dict())))
    copied = state.fields.mutable if state.fields is not None else frozenset()
    for name in state_slots(state):
        if name in _NOT_COMPARED:
            continue
        value = getattr(state, name)
        for other, how, skip in ((copy, "clone()", ()), (loaded, "from_dict(to_dict())", caches)):
            if name in skip:
                continue
            if not hasattr(other, name):
                raise _fail(game, seed, step, f"{how} leaves slot {name} unset")
            if getattr(other, name) != value:
                raise _fail(
                    game,
                    seed,
                    step,
                    f"{how} gives slot {name} = {getattr(other, name)!r}, not {value!r}",
                )
        if name in copied:
            shared = _shared_mutable(value, getattr(copy, name))
            if shared is not None:
                raise _fail(game, seed, step, f"clone() shares a {shared} inside slot {name}")
    if copy.is_over or not play_out:
        return
    before = canonical(state.to_dict())
    for _ in random_steps(copy, Rng(seed + step)):
        pass
    if canonical(state.to_dict()) != before:
        raise _fail(game, seed, step, "playing a clone to its end changed the original")


def _shared_mutable(a: object, b: object) -> str | None:
    """The type of a mutable container that ``a`` and ``b`` both hold (the same object)."""
    if isinstance(a, _MUTABLE) and not isinstance(a, _READ_ONLY) and a is b:
        return type(a).__name__
    if isinstance(a, (list, tuple)) and isinstance(b, (list, tuple)) and len(a) == len(b):
        for x, y in zip(a, b, strict=True):
            found = _shared_mutable(x, y)
            if found is not None:
                return found
    if isinstance(a, dict) and isinstance(b, dict):
        for key, x in a.items():
            found = _shared_mutable(x, b.get(key))
            if found is not None:
                return found
    return None


def random_joint(state: State, rng: Rng, *, text: bool = False) -> dict[int, list[Action | str]]:
    """Random legal choices for every seat in ``to_act``: each seat's parts for the step.

    A seat's parts are the actions it takes, one by one, until it leaves ``to_act``
    (found on a copy, so ``state`` is untouched).
    """
    trial = state.clone()
    trial._log = None
    trial.auto_chance = False
    choices: dict[int, list[Action | str]] = {}
    for seat in state.to_act:
        parts: list[Action | str] = []
        while seat in trial.to_act:
            legal = trial.legal_actions(seat)
            action = legal[rng.below(len(legal))]
            parts.append(action.text if text else action)
            trial.act(seat, action)
            if any(s in choices for s in trial.to_act):
                break  # the step resolved and the next one began
        choices[seat] = parts
    return choices


def check_joint(game: Game, players: int, seed: int) -> None:
    """``act_joint`` gives what one ``act`` per part gives; a refused one changes nothing.

    Plays a seeded game by joint commits of every seat in ``to_act``; at each step it
    compares with the same choices made one by one (record, body and views), and tries
    a joint commit with one illegal choice among legal ones, and ones that choose
    nothing, name a key that is no seat or give a seat no part. At the end every joint
    commit is refused.
    """
    state = fresh(game, players, seed)
    rng = Rng(seed)
    for step in range(MAX_DECISIONS):
        if state.is_over:
            before = canonical(state.to_dict())
            _check_joint_refused(game, seed, step, state, {})
            _check_joint_refused(game, seed, step, state, {0: [game.action_space[0]]})
            if canonical(state.to_dict()) != before or not state.is_over:
                raise _fail(game, seed, step, "a refused act_joint changed a finished game")
            return
        choices = random_joint(state, rng, text=step % 3 == 0)
        joint, single = state.clone(), state.clone()
        before = canonical(state.to_dict())
        _check_joint_refusal(game, seed, step, state, choices, rng)
        if canonical(state.to_dict()) != before:
            raise _fail(game, seed, step, "a refused act_joint changed the state")
        packed = {seat: parts[0] if len(parts) == 1 else parts for seat, parts in choices.items()}
        joint.act_joint(packed)
        for seat, parts in choices.items():
            for part in parts:
                single.act(seat, part)
        if canonical(joint.to_dict()) != canonical(single.to_dict()):
            raise _fail(game, seed, step, f"act_joint({choices}) differs from one act per part")
        for looker in [None, *range(players)]:
            if canonical(joint.view(looker)) != canonical(single.view(looker)):
                raise _fail(game, seed, step, f"act_joint changes seat {looker}'s view")
        state.act_joint(packed if step % 2 else choices)
    raise ConformanceError(f"{state!r}: no end after {MAX_DECISIONS} joint steps")


def _check_joint_refusal(
    game: Game,
    seed: int,
    step: int,
    state: State,
    choices: Mapping[int, list[Action | str]],
    rng: Rng,
) -> None:
    """Illegal choices among legal ones are refused like ``act`` refuses, and change nothing.

    Commits that choose nothing, give a seat no part or add a key that is no seat are
    always refused. One seat's first part is swapped for an action illegal now (always
    refused), or a seat that may not act now goes first; and a seat with several parts
    repeats its first one (refused where the game forbids it, as Tschak! forbids a
    second card of one background: then nothing may change).
    """
    seat = list(choices)[rng.below(len(choices))]
    odd: list[Mapping[Any, Any]] = [{}, {**choices, seat: []}]
    odd += [{**choices, key: []} for key in ("x", -1, state.players, True)]
    for choices_ in odd:
        _check_joint_refused(game, seed, step, state, choices_)
    legal = {a.index for a in state.legal_actions(seat)}
    illegal = [a for a in game.action_space if a.index not in legal]
    outsiders = [s for s in range(state.players) if s not in state.to_act]
    bad = dict(choices)
    if illegal:
        bad[seat] = [illegal[rng.below(len(illegal))], *choices[seat][1:]]
    elif outsiders:
        # First, before the step resolves: a later part would meet the next step.
        bad = {outsiders[0]: [game.action_space[0]], **choices}
    if bad != choices:
        try:
            state.act_joint(bad)
        except IllegalActionError:
            pass
        else:
            raise _fail(game, seed, step, f"act_joint({bad}) with an illegal choice was accepted")
    several = [s for s, parts in choices.items() if len(parts) > 1]
    if several:
        repeated = dict(choices)
        parts = choices[several[0]]
        repeated[several[0]] = [parts[0], parts[0], *parts[2:]]
        trial = state.clone()
        before = canonical(trial.to_dict())
        try:
            trial.act_joint(repeated)
        except IllegalActionError:
            if canonical(trial.to_dict()) != before:
                raise _fail(game, seed, step, "a refused act_joint changed the state") from None


def _check_joint_refused(
    game: Game, seed: int, step: int, state: State, choices: Mapping[Any, Any]
) -> None:
    """``act_joint(choices)`` must raise a relicbox error (the caller checks nothing changed)."""
    try:
        state.act_joint(choices)
    except RelicboxError:
        return
    raise _fail(game, seed, step, f"act_joint({choices}) was accepted")


def check_views(game: Game, players: int, seed: int, every: int = 3) -> None:
    """Views are JSON; determinize keeps the seat's view; hidden commitments never show.

    For a simultaneous decision, every choice another seat could commit must
    leave this seat's view, and the spectator's, byte for byte the same. A view
    kept up to date as the game went on (games may cache parts of it) equals the
    view of the same position loaded afresh from its JSON form.
    """
    state = fresh(game, players, seed)
    rng = Rng(seed + 1)
    for step, (seat, _) in enumerate(random_steps(state, Rng(seed))):
        if step % every:
            continue
        loaded = state_from_dict(json.loads(canonical(state.to_dict())))
        for looker in [None, *range(players)]:
            view = canonical(state.view(looker))
            if canonical(loaded.view(looker)) != view:
                raise _fail(game, seed, step, f"seat {looker}'s view differs once reloaded")
            if looker is None:
                continue
            det = state.determinize(looker, rng)
            if canonical(det.view(looker)) != view:
                raise _fail(game, seed, step, f"determinize({looker}) changed seat {looker}'s view")
            if det.has_record:
                raise _fail(game, seed, step, "a determinized state carries the true record")
            other = (looker + 1) % players
            fresh_det = state_from_dict(json.loads(canonical(det.to_dict())))
            if canonical(det.view(other)) != canonical(fresh_det.view(other)):
                raise _fail(
                    game, seed, step, f"determinize({looker}) shows seat {other} a stale view"
                )
        _check_commit_secrecy(game, seed, step, state, seat)


def check_view_isolation(
    game: Game,
    players: int,
    seed: int,
    every: int = 5,
    options: Mapping[str, Any] | None = None,
) -> None:
    """Editing a view reaches neither the state, a clone nor any later view.

    Games may hand out cached parts of their views, read-only. At every ``every``-th
    step every list and dict of every seat's and the spectator's view (of the state
    and of a clone) is edited where it can be: some edit must take (a view is the
    caller's own, not all frozen), the state's JSON must not change, and every view
    asked afterwards must equal the view of the position loaded afresh.
    """
    state = fresh(game, players, seed, **(options or {}))
    lookers = [None, *range(players)]
    for step, _ in enumerate(random_steps(state, Rng(seed))):
        if step % every:
            continue
        before = state.to_dict()
        clone = state.clone()
        for looker in lookers:
            for copy in (state, clone):
                if not scribble(copy.view(looker)):
                    raise _fail(game, seed, step, f"seat {looker}'s view has no part of its own")
        if state.to_dict() != before:
            raise _fail(game, seed, step, "editing a view changed the state")
        _check_views_equal_reloaded(game, seed, step, state, clone, lookers)
    for looker in lookers:
        scribble(state.view(looker))
    _check_views_equal_reloaded(game, seed, -1, state, state, lookers)


def _check_views_equal_reloaded(
    game: Game, seed: int, step: int, state: State, clone: State, lookers: list[int | None]
) -> None:
    loaded = state_from_dict(json.loads(canonical(state.to_dict())))
    for looker in lookers:
        expected = canonical(loaded.view(looker))
        if canonical(state.view(looker)) != expected or canonical(clone.view(looker)) != expected:
            raise _fail(game, seed, step, f"an edited view reached seat {looker}'s later view")


def scribble(value: object) -> int:
    """Try to change every list and dict inside ``value``; how many changes took.

    Shared read-only parts refuse (TypeError); the fresh ones a call builds accept.
    """
    if not isinstance(value, dict | list):
        return 0
    changed = 0
    for child in list(value.values() if isinstance(value, dict) else value):
        changed += scribble(child)
    edits: tuple[Callable[[], object], ...]
    if isinstance(value, dict):
        edits = (lambda: value.update(scribbled=True), lambda: value.__setitem__("scribbled", True))
    else:
        edits = (value.reverse, lambda: value.append("scribbled"))
    for edit in edits:
        try:
            edit()
            changed += 1
        except TypeError:
            pass
    return changed


def _check_commit_secrecy(game: Game, seed: int, step: int, state: State, seat: int) -> None:
    others = [s for s in state.to_act if s != seat]
    if not others:
        return
    lookers: list[int | None] = [None, *others]
    seen: dict[int | None, set[str]] = {looker: set() for looker in lookers}
    for action in state.legal_actions(seat):
        trial = state.clone()
        trial.act(seat, action)
        if not trial.is_chance and set(trial.to_act) >= set(others):
            for looker in lookers:
                seen[looker].add(canonical(trial.view(looker)))
    for looker, views in seen.items():
        if len(views) > 1:
            raise _fail(game, seed, step, f"seat {looker}'s view shows seat {seat}'s secret choice")


def check_sample_state(game: Game, players: int, seed: int, every: int = 2) -> None:
    """A state sampled from a view shows that same view, and its seat can play on.

    At every ``every``-th decision point of a random game, for every seat and
    the spectator, the view goes through JSON (as it would to a bot elsewhere),
    ``game.sample_state`` builds a state from it, and that state's view for the
    same looker must be identical; it keeps no record of the true game, and
    the looker's legal actions are the same.
    """
    if game.sampler is None:
        raise ConformanceError(f"{game.name} has no sample_state")
    state = fresh(game, players, seed)
    rng = Rng(seed + 7)
    for step, _ in enumerate(random_steps(state, Rng(seed))):
        if step % every:
            continue
        for looker in [None, *range(players)]:
            view = canonical(state.view(looker))
            sampled = game.sample_state(json.loads(view), rng)
            if canonical(sampled.view(looker)) != view:
                raise _fail(game, seed, step, f"sample_state changed seat {looker}'s view")
            if sampled.has_record:
                raise _fail(game, seed, step, "a sampled state carries a record")
            if looker is not None:
                mine = [a.text for a in state.legal_actions(looker)]
                if [a.text for a in sampled.legal_actions(looker)] != mine:
                    raise _fail(game, seed, step, f"seat {looker}'s legal actions changed")


def check_settings(game: Game, players: int, seed: int) -> None:
    """The typed options mirror the declared ones and every state carries its own parse.

    The settings class is a frozen dataclass with one field per option, in the same
    order and with the same default, so a clone may share it; each choice of each
    option reaches the state's settings unchanged.
    """
    if game.settings is None:
        return
    if not dataclasses.is_dataclass(game.settings):
        raise ConformanceError(f"{game.name}: settings must be a dataclass")
    declared = [(f.name, f.default) for f in dataclasses.fields(game.settings)]
    expected = [(option.name, option.default) for option in game.options]
    if declared != expected:
        raise ConformanceError(
            f"{game.name}: settings fields {declared} differ from the options {expected}"
        )
    for option in game.options:
        for choice in option.choices or ():
            state = fresh(game, players, seed, **{option.name: choice})
            if getattr(state.settings, option.name) != choice:
                raise _fail(game, seed, 0, f"option {option.name}={choice!r} not in settings")
            try:
                setattr(state.settings, option.name, option.default)
            except dataclasses.FrozenInstanceError:
                continue
            raise _fail(game, seed, 0, "settings can be changed after the state is built")
    copy = fresh(game, players, seed).clone()
    if copy.settings != game.parse_settings(copy.options):
        raise _fail(game, seed, 0, "a clone's settings differ from its options")


def check_all(game: Game, players: int, seed: int) -> None:
    """Every check above, for one game, player count and seed."""
    checks = [
        check_same_seed_same_game,
        check_length,
        check_actions,
        check_legality_hooks,
        check_roundtrips,
        check_fields,
        check_joint,
        check_views,
        check_view_isolation,
        check_settings,
    ]
    if game.sampler is not None:
        checks.append(check_sample_state)
    for check in checks:
        try:
            check(game, players, seed)
        except RelicboxError as error:
            raise ConformanceError(f"{game.name} seed={seed}: {error}") from error
    check_action_args(game)
