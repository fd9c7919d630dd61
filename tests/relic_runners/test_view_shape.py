"""The view's TypedDicts (its documentation) name exactly the keys a view has."""

from __future__ import annotations

from typing import Any

from relicbox.core.rng import Rng
from relicbox.games.relic_runners import views as V
from support.relic_runners import new

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
