"""Checks every registered game must pass, usable from any test runner.

Each check plays seeded random games through the public contract only and
raises :class:`ConformanceError` naming the game, seed, step and fault. The
pytest suite in ``tests/conformance/`` runs them over every game in the
registry and every allowed player count; a new game gets them for free.

A game may put ``"test_options"`` in ``Game.extra`` (for example a turn cap so
random games stay short).
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

from relicbox.core.actions import Action
from relicbox.core.errors import IllegalActionError, RelicboxError
from relicbox.core.game import Game, State
from relicbox.core.registry import replay, state_from_dict
from relicbox.core.rng import Rng

MAX_DECISIONS = 20_000


class ConformanceError(AssertionError):
    """A game broke the contract."""


def _fail(game: Game, seed: int, step: int, message: str) -> ConformanceError:
    return ConformanceError(f"{game.name} seed={seed} step={step}: {message}")


def fresh(game: Game, players: int, seed: int, **extra: Any) -> State:
    options = dict(game.extra.get("test_options", {}))
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


def check_views(game: Game, players: int, seed: int, every: int = 3) -> None:
    """Views are JSON; determinize keeps the seat's view; hidden commitments never show.

    For a simultaneous decision, every choice another seat could commit must
    leave this seat's view, and the spectator's, byte for byte the same.
    """
    state = fresh(game, players, seed)
    rng = Rng(seed + 1)
    for step, (seat, _) in enumerate(random_steps(state, Rng(seed))):
        if step % every:
            continue
        for looker in [None, *range(players)]:
            view = canonical(state.view(looker))
            if looker is None:
                continue
            det = state.determinize(looker, rng)
            if canonical(det.view(looker)) != view:
                raise _fail(game, seed, step, f"determinize({looker}) changed seat {looker}'s view")
            if det.has_record:
                raise _fail(game, seed, step, "a determinized state carries the true record")
        _check_commit_secrecy(game, seed, step, state, seat)


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


def check_all(game: Game, players: int, seed: int) -> None:
    """Every check above, for one game, player count and seed."""
    checks = [
        check_same_seed_same_game,
        check_actions,
        check_legality_hooks,
        check_roundtrips,
        check_views,
    ]
    if game.sampler is not None:
        checks.append(check_sample_state)
    for check in checks:
        try:
            check(game, players, seed)
        except RelicboxError as error:
            raise ConformanceError(f"{game.name} seed={seed}: {error}") from error
