"""Diamant's fast paths give exactly what the general ones give.

``act_joint`` with actions or their exact texts skips the general parser, reveals run
in one loop, and the views' public part is patched event by event: each is compared
here with the slow way to the same position.
"""

from __future__ import annotations

import json
import random

import pytest

import relicbox
from relicbox import IllegalActionError, SeatError
from relicbox.core.conformance import canonical
from relicbox.games.diamant import CONTINUE, LEAVE

OPTIONS = [
    {"variant": "base", "split": "pooled"},
    {"variant": "relics", "split": "pooled"},
    {"variant": "base", "split": "per-card"},
    {"variant": "relics", "split": "per-card"},
]


def _joint_choices(state: relicbox.State, rng: random.Random, form: str) -> dict[int, object]:
    picks = {seat: rng.random() < 0.4 for seat in state.to_act}
    if form == "action":
        return {seat: LEAVE if leave else CONTINUE for seat, leave in picks.items()}
    if form == "text":
        return {seat: "leave" if leave else "continue" for seat, leave in picks.items()}
    return {seat: "L" if leave else "stay" for seat, leave in picks.items()}  # aliases


def _body(state: relicbox.State) -> str:
    return canonical(state.to_dict())


@pytest.mark.parametrize("options", OPTIONS)
@pytest.mark.parametrize("seed", range(6))
def test_joint_commits_in_every_form_match_one_act_per_seat(options, seed):
    rng = random.Random(seed)
    states = {
        form: relicbox.new_game("diamant", 5, seed, **options)
        for form in ("action", "text", "alias", "act")
    }
    steps = 0
    while not states["act"].is_over:
        choices = _joint_choices(states["act"], rng, "action")
        for form, state in states.items():
            if form == "act":
                for seat, action in choices.items():
                    state.act(seat, action)
                continue
            leave = {seat for seat, action in choices.items() if action is LEAVE}
            texts = {"text": ("leave", "continue"), "alias": ("L", "stay")}.get(form)
            state.act_joint(
                choices
                if texts is None
                else {seat: texts[0] if seat in leave else texts[1] for seat in choices}
            )
        steps += 1
    expected = _body(states["act"])
    assert steps > 5
    for form, state in states.items():
        assert _body(state) == expected, form
        assert state.record == states["act"].record, form


@pytest.mark.parametrize("options", OPTIONS)
@pytest.mark.parametrize("seed", range(4))
def test_views_kept_up_to_date_at_every_step_match_fresh_ones(options, seed):
    """The cached public part, patched or rebuilt at each event, equals a fresh build."""
    rng = random.Random(seed)
    state = relicbox.new_game("diamant", 4, seed, record=False, **options)
    lookers = [None, 0, 1, 2, 3]
    while not state.is_over:
        fresh = relicbox.state_from_dict(json.loads(json.dumps(state.to_dict())))
        for looker in lookers:
            assert canonical(state.view(looker)) == canonical(fresh.view(looker))
        for seat in list(state.to_act):
            if rng.random() < 0.3:  # some views in the middle of a step too
                now = relicbox.state_from_dict(json.loads(json.dumps(state.to_dict())))
                assert canonical(state.view(seat)) == canonical(now.view(seat))
            state.act(seat, LEAVE if rng.random() < 0.3 else CONTINUE)
    fresh = relicbox.state_from_dict(json.loads(json.dumps(state.to_dict())))
    assert canonical(state.view(None)) == canonical(fresh.view(None))


def test_a_refused_joint_commit_raises_like_act_and_changes_nothing():
    state = relicbox.new_game("diamant", 4, 3)
    before = _body(state)
    with pytest.raises(SeatError):
        state.act_joint({True: LEAVE, 0: CONTINUE})  # type: ignore[dict-item]
    with pytest.raises(SeatError):
        state.act_joint({0: CONTINUE, 9: LEAVE})
    with pytest.raises(SeatError):
        state.act_joint({0: CONTINUE, -1: LEAVE})
    state.act(1, CONTINUE)
    before = _body(state)
    with pytest.raises(IllegalActionError, match="seat 1"):
        state.act_joint({0: "leave", 1: "continue"})
    with pytest.raises(relicbox.InvalidActionError):
        state.act_joint({0: "jump"})
    assert _body(state) == before
