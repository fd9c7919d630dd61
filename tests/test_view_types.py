"""Each game's view matches the TypedDict that documents it, field by field, at every step."""

from __future__ import annotations

import types
import typing
from typing import Any, Literal, Union, get_args, get_origin, get_type_hints

import pytest

import relicbox
from relicbox.core.conformance import random_steps
from relicbox.core.rng import Rng
from relicbox.games.diamant.views import DiamantView
from relicbox.games.tschak.views import TschakView

TYPED = {"diamant": DiamantView, "tschak": TschakView}


def problems(value: Any, hint: Any, where: str) -> list[str]:
    """Where ``value`` does not fit the type ``hint`` (TypedDicts checked key by key)."""
    origin = get_origin(hint)
    if hint is Any:
        return []
    if hint is type(None):
        return [] if value is None else [f"{where}: {value!r} is not None"]
    if origin in (Union, types.UnionType):
        options = [problems(value, option, where) for option in get_args(hint)]
        return [] if any(not found for found in options) else options[0]
    if origin is Literal:
        return [] if value in get_args(hint) else [f"{where}: {value!r} not in {get_args(hint)}"]
    if typing.is_typeddict(hint):
        if not isinstance(value, dict):
            return [f"{where}: {value!r} is not an object"]
        fields = get_type_hints(hint)
        if set(value) != set(fields):
            return [f"{where}: keys {sorted(value)} are not {sorted(fields)}"]
        return [
            p for key, kind in fields.items() for p in problems(value[key], kind, f"{where}.{key}")
        ]
    if origin is list:
        if not isinstance(value, list):
            return [f"{where}: {value!r} is not a list"]
        (item,) = get_args(hint)
        return [p for i, v in enumerate(value) for p in problems(v, item, f"{where}[{i}]")]
    if origin is dict:
        return [] if isinstance(value, dict) else [f"{where}: {value!r} is not an object"]
    if hint is int:
        ok = isinstance(value, int) and not isinstance(value, bool)
        return [] if ok else [f"{where}: {value!r} is not a whole number"]
    return [] if isinstance(value, hint) else [f"{where}: {value!r} is not {hint.__name__}"]


@pytest.mark.parametrize(
    ("name", "players"),
    [
        (name, players)
        for name in sorted(TYPED)
        for players in (2, 3, 4)
        if players in relicbox.get_game(name).players
    ],
)
def test_every_view_fits_its_typed_dict(name, players):
    game = relicbox.get_game(name)
    state = game.new_state(players, 5)
    found: list[str] = []
    for step, _ in enumerate(random_steps(state, Rng(5))):
        if step % 4 == 0:
            for seat in [None, *range(players)]:
                found += problems(state.view(seat), TYPED[name], f"step {step} seat {seat}")
    for seat in [None, *range(players)]:
        found += problems(state.view(seat), TYPED[name], f"end seat {seat}")
    assert not found, "\n".join(found[:10])


def test_the_checker_finds_a_wrong_field():
    view = relicbox.new_game("diamant", 3, 1).view(0)
    assert not problems(view, DiamantView, "view")
    broken = dict(view, pockets=["3", 0, 0])
    assert problems(broken, DiamantView, "view") == ["view.pockets[0]: '3' is not a whole number"]
    assert problems(dict(view, extra=1), DiamantView, "view")
