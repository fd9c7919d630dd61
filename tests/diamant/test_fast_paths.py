"""Diamant's fast paths give exactly what the readable rule path gives.

``act_joint`` with actions or their exact texts skips the general parser,
``commit_leavers`` commits a whole step at once, reveals run in one loop with the
generator's step inlined, and the views' public part is patched event by event: each is
compared here with the readable way to the same position (one ``act`` per seat, each card
revealed by ``sample_chance``), over seeded games of every player count and option.
"""

from __future__ import annotations

import json
import random
from types import MappingProxyType

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


def _mask(seats: object) -> int:
    return sum(1 << seat for seat in seats)  # type: ignore[attr-defined]


@pytest.mark.parametrize("options", OPTIONS)
@pytest.mark.parametrize("players", [3, 4, 8])
def test_commit_leavers_plays_the_games_act_joint_plays(options, players):
    """Same positions, records and chests at every step, over many seeded games; the mask
    it returns is always ``to_act`` as a mask."""
    steps = 0
    for seed in range(12):
        rng = random.Random(seed)
        joint = relicbox.new_game("diamant", players, seed, **options)
        leavers = relicbox.new_game("diamant", players, seed, **options)
        quick = relicbox.new_game("diamant", players, seed, record=False, **options)
        while not joint.is_over:
            bits = rng.getrandbits(8)  # the bits of seats at camp or past the last go unused
            joint.act_joint({s: LEAVE if bits >> s & 1 else CONTINUE for s in joint.to_act})
            returned = leavers.commit_leavers(bits)
            assert returned == _mask(leavers.to_act) == quick.commit_leavers(bits)
            assert _body(leavers) == _body(joint)
            steps += 1
        assert leavers.is_over and quick.is_over
        assert leavers.record == joint.record
        assert leavers.scores() == joint.scores() == quick.scores()
        without_record = leavers.to_dict()
        without_record["events"] = None
        assert canonical(without_record) == _body(quick)
    assert steps > 12 * 10


def test_commit_leavers_logs_each_open_seat_in_seat_order():
    state = relicbox.new_game("diamant", 5, 5)  # the next card does not end the round
    start = state.record_length
    assert state.commit_leavers(0b10100) == 0b01011
    events = state.record_events(start)
    assert events[:5] == [
        {"seat": 0, "action": "continue"},
        {"seat": 1, "action": "continue"},
        {"seat": 2, "action": "leave"},
        {"seat": 3, "action": "continue"},
        {"seat": 4, "action": "leave"},
    ]
    assert all("chance" in event for event in events[5:]) and len(events) > 5
    assert state.round == 1 and state.to_act == (0, 1, 3)
    assert state.view(None)["history"][-2] == {
        "type": "leave",
        "seats": [2, 4],
        "path_share": 0,
        "relics": [],
    }
    # Seats at camp may not choose: their bits are ignored.
    start = state.record_length
    state.commit_leavers(0b10101)
    assert [e for e in state.record_events(start) if "seat" in e] == [
        {"seat": 0, "action": "leave"},
        {"seat": 1, "action": "continue"},
        {"seat": 3, "action": "continue"},
    ]


def test_commit_leavers_completes_a_step_some_seats_began_with_act():
    for seed in range(20):
        rng = random.Random(seed)
        by_act = relicbox.new_game("diamant", 4, seed)
        mixed = relicbox.new_game("diamant", 4, seed)
        while not by_act.is_over:
            bits = rng.getrandbits(4)
            first, *others = by_act.to_act
            for state in (by_act, mixed):
                state.act(first, LEAVE if bits >> first & 1 else CONTINUE)
            if not others:  # the first seat was the only one inside: its step is over
                continue
            for seat in others:
                by_act.act(seat, LEAVE if bits >> seat & 1 else CONTINUE)
            # The first seat's own bit says the opposite: it has chosen and is ignored.
            mixed.commit_leavers(bits ^ 1 << first)
            assert _body(mixed) == _body(by_act)
        assert mixed.record == by_act.record


@pytest.mark.parametrize("options", OPTIONS[:2])
def test_commit_leavers_without_auto_chance_waits_for_the_reveal(options):
    rng = random.Random(5)
    manual = relicbox.new_game("diamant", 4, 9, auto_chance=False, **options)
    auto = relicbox.new_game("diamant", 4, 9, **options)
    manual.sample_chance()
    refusals = 0
    while not auto.is_over:
        bits = rng.getrandbits(4)
        expected = auto.commit_leavers(bits)
        assert manual.commit_leavers(bits) == 0
        refusals += not manual.is_over
        if not manual.is_over:
            with pytest.raises(IllegalActionError, match="revealed first") as refused:
                manual.commit_leavers(bits)
            assert refused.value.reason is not None
            assert refused.value.reason.id == "diamant-error-reveal-first"
        while manual.is_chance:
            manual.sample_chance()
        assert _mask(manual.to_act) == expected
    assert manual.is_over and manual.scores() == auto.scores() and refusals > 10
    assert manual.record["events"] == auto.record["events"]


@pytest.mark.parametrize("bad", [1.0, "3", None, True, -1, -(1 << 70), [1, 0], LEAVE])
def test_commit_leavers_refuses_what_is_not_a_mask_and_changes_nothing(bad):
    state = relicbox.new_game("diamant", 4, 2)
    before = _body(state)
    with pytest.raises(relicbox.InvalidActionError) as refused:
        state.commit_leavers(bad)
    message = str(refused.value)
    assert repr(bad)[:20] in message and "bit mask" in message
    assert refused.value.reason is not None
    assert refused.value.reason.id == "diamant-error-leavers"
    assert repr(bad)[:20] in refused.value.localized("cs")
    assert refused.value.localized("cs") != message
    assert _body(state) == before


def test_commit_leavers_after_the_end_says_the_game_is_over():
    state = relicbox.new_game("diamant", 3, 1)
    while state.commit_leavers(0b111):
        pass
    assert state.is_over
    before = _body(state)
    with pytest.raises(IllegalActionError, match="the game is over") as refused:
        state.commit_leavers(0)
    assert refused.value.reason is not None and refused.value.reason.id == "error-game-over"
    assert "0" in str(refused.value)
    with pytest.raises(relicbox.InvalidActionError):
        state.commit_leavers(-3)  # a malformed mask is named first, even at the end
    assert _body(state) == before


def test_commit_leavers_with_every_seat_leaving_ends_rounds_and_splits_the_path():
    """Whole rounds where everyone leaves at once, in both splits: each gets the same."""
    for split in ("pooled", "per-card"):
        state = relicbox.new_game("diamant", 4, 11, split=split)
        rounds = 0
        while not state.is_over:
            before = state.round
            state.commit_leavers(0b1111)
            rounds += state.round != before or state.is_over
            chests = [state.chest(seat) for seat in range(4)]
            assert len(set(chests)) == 1, (split, chests)
        assert rounds == 5


# -- every fast path against the readable rule path ------------------------------------


def test_the_inlined_generator_step_is_rng_below():
    """The reveal loop inlines ``Rng.below`` with ``core.rng``'s constants: if the generator
    or ``below`` ever changes, this fails before any seeded game quietly diverges."""
    from relicbox.core import rng as core_rng
    from relicbox.games.diamant import rules

    assert (rules.STEP_MULTIPLIER, rules.STEP_INCREMENT, rules.MASK64) == (
        core_rng.STEP_MULTIPLIER,
        core_rng.STEP_INCREMENT,
        core_rng.MASK64,
    )
    draws = random.Random(7)
    for _ in range(2000):
        state = draws.getrandbits(64)
        size = draws.randint(1, 40)
        generator = core_rng.Rng.from_state(state)
        expected = generator.below(size)
        # The two lines of DiamantState._reveal_on, as written there.
        step = (state * rules.STEP_MULTIPLIER + rules.STEP_INCREMENT) & rules.MASK64
        assert (((step >> 32) * size) >> 32, step) == (expected, generator.state)


def _readable_settle(state: relicbox.State) -> None:
    """The readable reveal: ``sample_chance`` draws with ``Rng.below`` and calls ``_reveal``."""
    while state.is_chance:
        state.sample_chance()


def _position(state: relicbox.State) -> str:
    """Everything a state is, but whether it settles chance by itself."""
    data = state.to_dict()
    del data["auto_chance"]
    return canonical(data)


def _views(state: relicbox.State) -> str:
    return canonical([state.view(seat) for seat in [None, *range(state.players)]])


@pytest.mark.parametrize("options", OPTIONS)
@pytest.mark.parametrize("players", range(3, 9))
def test_every_fast_path_plays_the_readable_path_step_by_step(options, players):
    """Over seeded games: the readable path (one ``act`` per seat, no automatic chance, each
    card revealed by ``sample_chance``) against per-seat ``act`` with the reveal loop,
    ``act_joint`` (the fast dict path and the general path, through a mapping that is no
    dict) and ``commit_leavers``. The same position, generator state, record and views
    after every step."""
    steps = 0
    for seed in range(5):
        coins = random.Random(seed * 10 + players)
        leave_p = (0.15, 0.35, 0.6)[seed % 3]
        readable = relicbox.new_game("diamant", players, seed, auto_chance=False, **options)
        _readable_settle(readable)
        fast = {
            form: relicbox.new_game("diamant", players, seed, **options)
            for form in ("act", "act_joint", "general act_joint", "commit_leavers")
        }
        while not readable.is_over:
            leaving = {seat for seat in readable.to_act if coins.random() < leave_p}
            choices = {seat: LEAVE if seat in leaving else CONTINUE for seat in readable.to_act}
            for seat, action in choices.items():
                readable.act(seat, action)
            _readable_settle(readable)
            for seat, action in choices.items():
                fast["act"].act(seat, action)
            fast["act_joint"].act_joint(choices)
            fast["general act_joint"].act_joint(MappingProxyType(choices))
            returned = fast["commit_leavers"].commit_leavers(_mask(leaving))
            assert returned == _mask(readable.to_act)
            expected = _position(readable)
            for form, state in fast.items():
                assert _position(state) == expected, (form, seed, steps)
            if steps % 3 == 0:
                assert _views(fast["commit_leavers"]) == _views(readable), (seed, steps)
            steps += 1
        assert all(state.is_over for state in fast.values())
        for state in fast.values():
            assert state.scores() == readable.scores()
            assert state.record == readable.record
            assert _views(state) == _views(readable)
    assert steps > 5 * 8


@pytest.mark.parametrize("options", OPTIONS[:2])
def test_the_reveal_loop_matches_the_readable_reveal_after_loading_and_cloning(options):
    """The reveal loop meets positions built every way: loaded from JSON and cloned."""
    for seed in range(8):
        coins = random.Random(seed)
        readable = relicbox.new_game("diamant", 5, seed, auto_chance=False, **options)
        _readable_settle(readable)
        fast = relicbox.new_game("diamant", 5, seed, **options)
        while not readable.is_over:
            bits = coins.getrandbits(5)
            fast = relicbox.state_from_dict(json.loads(json.dumps(fast.to_dict()))).clone()
            for seat in readable.to_act:
                readable.act(seat, LEAVE if bits >> seat & 1 else CONTINUE)
            _readable_settle(readable)
            fast.commit_leavers(bits)
            assert _position(fast) == _position(readable)
