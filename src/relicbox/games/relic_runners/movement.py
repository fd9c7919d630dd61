"""Relic Runners' movement rule (§1.4), on any labelling of the board.

The rules engine walks the board with :func:`trail_allowed` and :func:`after_trail`;
:func:`move_routes` and :func:`line_length` walk a board given as a mapping, so bots that
read only a view plan with the same functions, and explanations name the rule they apply.
"""

from __future__ import annotations

from collections.abc import Container, Mapping, Sequence
from typing import Any


def trail_allowed(familiar: bool, unexplored: bool, before: bool, free_order: bool) -> bool:
    """May a move take one more trail (§1.4)? The one source of the movement rule.

    ``familiar``: the trail carries the mover's pathway; ``unexplored``: this move
    already used its one unexplored trail; ``before``: it walked pathways before that
    unexplored trail; ``free_order``: ivory I2-a lifts the before-or-after rule. So a
    move is ``U``, ``P..P``, ``P..P U`` or ``U P..P``, never ``P U P``.
    """
    if familiar:
        return not unexplored or free_order or not before
    return not unexplored


def after_trail(familiar: bool, unexplored: bool, before: bool) -> tuple[bool, bool]:
    """The move's (``unexplored``, ``before``) flags after taking one more trail."""
    if familiar:
        return unexplored, before or not unexplored
    return True, before


def move_routes(
    adjacent: Mapping[Any, Sequence[tuple[Any, Any]]],
    familiar: Container[Any],
    start: Any,
    position: Any,
    camp: Any,
    used: frozenset[Any] = frozenset(),
    unexplored: bool = False,
    before: bool = False,
    free_order: bool = False,
    moved: int = 0,
) -> list[tuple[Any, list[Any]]]:
    """Every way a move may go on from ``position``: (end space, trails still to walk).

    Works on any labelling of the board (``adjacent[space]`` lists ``(trail, other
    space)``), so a bot reading a view plans with the rules' own :func:`trail_allowed`
    and :func:`after_trail`. A move may not end where the turn began, and entering
    ``camp`` ends it; the empty route (stop here) is listed when stopping is allowed.
    """
    out: list[tuple[Any, list[Any]]] = []

    def walk(
        node: Any, used: frozenset[Any], unexp: bool, fam_before: bool, trail: list[Any]
    ) -> None:
        if node != start and (trail or moved):
            out.append((node, list(trail)))
        if node == camp and (trail or moved):
            return
        for tid, other in adjacent[node]:
            if tid in used:
                continue
            known = tid in familiar
            if not trail_allowed(known, unexp, fam_before, free_order):
                continue
            flags = after_trail(known, unexp, fam_before)
            walk(other, used | {tid}, flags[0], flags[1], [*trail, tid])

    walk(position, used, unexplored, before, [])
    return out


def line_length(
    adjacent: Mapping[Any, Sequence[tuple[Any, Any]]], familiar: Container[Any], camp: Any
) -> int:
    """Trails in the longest trail-simple line of ``familiar`` trails, not through ``camp``.

    Compass level 3 scores it (§4.11); any labelling of the board, like :func:`move_routes`.
    """
    best = 0

    def walk(node: Any, used: frozenset[Any], length: int) -> None:
        nonlocal best
        best = max(best, length)
        if node == camp and length:
            return
        for tid, other in adjacent[node]:
            if tid in familiar and tid not in used:
                walk(other, used | {tid}, length + 1)

    for node in adjacent:
        walk(node, frozenset(), 0)
    return best


def bits(mask: int) -> list[int]:
    """The positions of the set bits of ``mask`` (>= 0), lowest first."""
    if mask < 0:
        raise ValueError(f"a bit mask is never negative, got {mask}")
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out
