"""ISMCTS guides: a prior bot, a game's evaluation at the horizon, reused worlds, a CPU clock."""

from __future__ import annotations

import dataclasses

import pytest

import relicbox
from relicbox.bots import make_bot
from relicbox.bots.ismcts import IsmctsAgent, game_evaluator, playout_values
from relicbox.core.errors import ConfigurationError
from relicbox.core.rng import Rng
from relicbox.games.relic_runners import bots as relic_runners_bots

RELIC_RUNNERS = relicbox.get_game("relic-runners")


def _rule_positions(name: str, players: int, seed: int, count: int) -> list[relicbox.State]:
    """Positions of a rule-bot game where the seat to act has a real choice."""
    game = relicbox.get_game(name)
    state = relicbox.new_game(name, players, seed, record=False)
    rule = make_bot("rule", game)
    rng = Rng(seed)
    found: list[relicbox.State] = []
    while not state.is_over and len(found) < count:
        seat = state.to_act[0]
        legal = state.legal_actions(seat)
        if len(legal) > 2:
            found.append(state.clone())
        state.act(seat, rule.choose(state.view(seat), legal, rng) if len(legal) > 1 else legal[0])
        for _ in range(7):  # spread the positions over the game
            if state.is_over:
                break
            seat = state.to_act[0]
            legal = state.legal_actions(seat)
            state.act(seat, rule.choose(state.view(seat), legal, rng))
    return found


def test_settings_are_read_from_the_spec_and_checked():
    bot = make_bot(
        "ismcts:iters=5,rollout=rule,horizon=4,prior=rule,bias=0.3,worlds=3,clock=cpu",
        RELIC_RUNNERS,
    )
    assert isinstance(bot, IsmctsAgent)
    assert (bot.iters, bot.horizon, bot.bias, bot.worlds) == (5, 4, 0.3, 3)
    assert bot.name == (
        "ismcts:iters=5,rollout=rule,horizon=4,prior=rule,worlds=3,depth=1,clock=cpu,paired=1,"
        "margin=2,candidates=3"
    )
    for spec, message in (
        ("ismcts:clock=sundial", "clock='sundial' is not known"),
        ("ismcts:worlds=0", "worlds=0 must be at least 1"),
        ("ismcts:bias=-1", "bias=-1.0 must not be negative"),
        ("ismcts:prior=oracle", "prior='oracle': choose a built-in bot"),
        ("ismcts:rollout=stdio:python3 -c 1", "rollout='stdio:python3 -c 1': choose a built-in"),
        ("ismcts:prior=os:getcwd", "prior='os:getcwd': choose a built-in bot"),
    ):
        with pytest.raises(ConfigurationError, match=message):
            make_bot(spec, RELIC_RUNNERS)


def test_a_game_names_its_search_defaults_and_a_spec_overrides_them():
    guided = make_bot("ismcts:ms=200", RELIC_RUNNERS)
    assert guided.name == (
        "ismcts:ms=200,rollout=rule,horizon=40,prior=rule,depth=1,paired=1,margin=2,candidates=3"
    )
    assert guided.evaluate is relic_runners_bots.evaluate
    plain = make_bot(
        "ismcts:ms=200,rollout=random,horizon=0,prior=none,paired=0,depth=0,candidates=0",
        RELIC_RUNNERS,
    )
    assert plain.name == "ismcts:ms=200,rollout=random"
    assert make_bot("ismcts:ms=200", relicbox.get_game("diamant")).name == (
        "ismcts:ms=200,rollout=random"
    )


@pytest.mark.parametrize("name", ["relic-runners", "tschak"])
def test_one_iteration_with_a_prior_plays_the_prior_bots_move(name):
    """The prior's choice is tried first, so the shortest search is the prior bot."""
    positions = _rule_positions(name, 4, 11, 6)
    assert len(positions) >= 4
    game = positions[0].game
    rule = make_bot("rule", game)
    searched = IsmctsAgent(game, iters=1, prior="rule")
    unguided = IsmctsAgent(game, iters=1)
    differs = 0
    for state in positions:
        seat = state.to_act[0]
        view, legal = state.view(seat), state.legal_actions(seat)
        # The rule bot breaks ties with its generator: any of its choices is the prior's.
        expected = {rule.choose(view, legal, Rng(k)).text for k in range(16)}
        assert searched.choose(view, legal, Rng(5)).text in expected
        differs += unguided.choose(view, legal, Rng(5)).text not in expected
    assert differs > 0, "without a prior the first try is random, so some moves must differ"


def test_relic_runners_evaluation_is_found_and_judges_by_score_and_time_left():
    assert game_evaluator(RELIC_RUNNERS) is relic_runners_bots.evaluate
    assert game_evaluator(relicbox.get_game("diamant")) is None
    early, late = _rule_positions("relic-runners", 4, 3, 40)[0], None
    for state in _rule_positions("relic-runners", 4, 3, 40):
        if state.view(None)["relics_collected"] >= 6 and len(set(state.scores())) == 4:
            late = state
            break
    assert late is not None
    for state in (early, late):
        shares = relic_runners_bots.evaluate(state)
        assert sum(shares) == pytest.approx(1.0)
        totals = [
            score + relic_runners_bots.standing(state, seat)
            for seat, score in enumerate(state.scores())
        ]
        ranked = sorted(range(4), key=lambda seat: totals[seat])
        assert [shares[seat] for seat in ranked] == sorted(shares)
    # The same lead counts for more when fewer relics are left to collect.
    shares = relic_runners_bots.evaluate(late)
    assert max(shares) > 0.25
    values = playout_values(late, relic_runners_bots.evaluate)
    assert values.index(max(values)) == shares.index(max(shares))


def test_worlds_limits_the_sampled_states_and_keeps_decisions_reproducible():
    calls = []
    sampler = RELIC_RUNNERS.sampler
    assert sampler is not None

    def counting(view, rng):
        calls.append(1)
        return sampler(view, rng)

    game = dataclasses.replace(RELIC_RUNNERS, sampler=counting)
    state = _rule_positions("relic-runners", 3, 5, 3)[2]
    seat = state.to_act[0]
    view, legal = state.view(seat), state.legal_actions(seat)
    bot = IsmctsAgent(game, iters=9, worlds=2, horizon=6)
    first = bot.choose(view, legal, Rng(4))
    assert len(calls) == 2 and bot.last_iterations == 9
    assert bot.choose(view, legal, Rng(4)) is first


def test_a_cpu_clock_budget_is_kept():
    state = _rule_positions("relic-runners", 4, 2, 2)[1]
    seat = state.to_act[0]
    bot = make_bot("ismcts:ms=20,clock=cpu,horizon=4,prior=rule", RELIC_RUNNERS)
    bot.choose(state.view(seat), state.legal_actions(seat), Rng(1))
    assert bot.last_iterations >= 1


def _first_pick(seed):
    """The first pick (an I2-b look through a stack) in a seeded rule game, if one comes."""
    state = relicbox.new_game("relic-runners", 4, seed, record=False)
    rule = make_bot("rule", RELIC_RUNNERS)
    rng = Rng(seed)
    while not state.is_over:
        seat = state.to_act[0]
        view, legal = state.view(seat), state.legal_actions(seat)
        if (view["decision"] or {}).get("type") == "pick":
            return seat, view, legal
        state.act(seat, rule.choose(view, legal, rng) if len(legal) > 1 else legal[0])
    return None


def test_a_state_sampled_at_a_pick_gives_back_the_view_and_the_choices():
    """Rule bots often look through a stack (I2-b); search samples states right there."""
    picks = [pick for pick in map(_first_pick, range(1, 9)) if pick is not None][:2]
    assert len(picks) == 2, "rule games should reach picks"
    for seat, view, legal in picks:
        for draw in range(3):
            sampled = RELIC_RUNNERS.sample_state(view, draw)
            assert sampled.view(seat) == view
            assert [a.text for a in sampled.legal_actions(seat)] == [a.text for a in legal]


def test_paired_comparison_keeps_the_prior_without_clear_evidence_and_is_reproducible():
    state = _rule_positions("relic-runners", 4, 6, 4)[3]
    seat = state.to_act[0]
    view, legal = state.view(seat), state.legal_actions(seat)
    rule_move = make_bot("rule", RELIC_RUNNERS).choose(view, legal, Rng(0))
    # One world per action: no evidence against the prior, so its move stands.
    one_round = IsmctsAgent(RELIC_RUNNERS, iters=len(legal), prior="rule", paired=True)
    assert one_round.choose(view, legal, Rng(3)) is rule_move
    settings = dict(iters=3 * len(legal), rollout="rule", horizon=6, paired=True)
    first = IsmctsAgent(RELIC_RUNNERS, **settings).choose(view, legal, Rng(8))
    assert IsmctsAgent(RELIC_RUNNERS, **settings).choose(view, legal, Rng(8)) is first


def test_a_turn_horizon_judges_playouts_when_the_searching_seat_has_finished_its_turn():
    judged: list[tuple[int, ...]] = []

    def judge(state):
        judged.append(tuple(state.to_act))
        return relic_runners_bots.evaluate(state)

    game = dataclasses.replace(RELIC_RUNNERS, evaluate=judge)
    state = _rule_positions("relic-runners", 4, 9, 3)[2]
    seat = state.to_act[0]
    bot = IsmctsAgent(game, iters=12, rollout="rule", horizon="turn", prior="rule", paired=True)
    assert bot.name.endswith("horizon=turn,prior=rule,paired=1")
    bot.choose(state.view(seat), state.legal_actions(seat), Rng(1))
    assert len(judged) == 12
    assert all(to_act and seat not in to_act for to_act in judged)
    with pytest.raises(ConfigurationError, match="must be a number"):
        make_bot("ismcts:horizon=soon", RELIC_RUNNERS)


def test_standing_counts_unspent_toolboxes():
    for state in _rule_positions("relic-runners", 4, 12, 30):
        for seat in range(4):
            tools = state.view(seat)["seats"][seat]["toolboxes"]
            floor = sum(
                tools[branch][0] * relic_runners_bots.TOOLBOX_WORTH[0]
                + tools[branch][1] * relic_runners_bots.TOOLBOX_WORTH[1]
                for branch in ("machete", "compass", "shovel")
            )
            assert relic_runners_bots.standing(state, seat) >= floor


def test_a_diamant_path_whose_last_treasure_keeps_the_pooled_rest_loads_and_samples():
    """Pooled splitting leaves what cannot be split on the last treasure card, which can
    then hold more than it brought; such states must load, and search must sample them."""
    from relicbox.core.registry import state_from_dict

    state = relicbox.get_game("diamant").new_state(4, 3, auto_chance=False)
    state.apply_chance("T9")  # 9 rubies for 4: 2 each, 1 left on T9
    for seat in range(4):
        state.act(seat, "continue")
    state.apply_chance("T1")  # 1 ruby for 4: it stays on T1
    state.act(0, "continue")
    for seat in (1, 2, 3):
        state.act(seat, "leave")  # 2 rubies for 3 leavers: both stay, on the last treasure
    state.apply_chance("snakes")
    assert [step["gems"] for step in state.view(None)["path"]] == [0, 2, 0]
    data = state.to_dict()
    assert state_from_dict(data).to_dict() == data
    view = state.view(0)
    assert state.game.sample_state(view, 1).view(0) == view
    bot = IsmctsAgent(state.game, iters=30)
    assert bot.choose(view, state.legal_actions(0), Rng(2)).text in ("continue", "leave")


def test_a_paired_search_names_its_margin_when_it_is_not_the_default():
    named = make_bot("ismcts:iters=5,paired=1,margin=2", RELIC_RUNNERS)
    assert ",paired=1,margin=2" in named.name
    assert make_bot(named.name, RELIC_RUNNERS).margin == 2.0
    assert "margin" not in make_bot("ismcts:iters=5,paired=1,margin=1.5", RELIC_RUNNERS).name


def test_candidates_and_depth_are_read_from_the_spec_named_and_checked():
    bot = make_bot("ismcts:iters=5,candidates=3,depth=1", RELIC_RUNNERS)
    assert (bot.candidates, bot.max_depth) == (3, 1)
    assert bot.name.endswith(",depth=1,paired=1,margin=2,candidates=3")
    again = make_bot(bot.name, RELIC_RUNNERS)
    assert (again.name, again.candidates, again.max_depth) == (bot.name, 3, 1)
    off = make_bot("ismcts:iters=5,candidates=0,depth=0", RELIC_RUNNERS)
    assert (off.candidates, off.max_depth) == (None, None)
    assert "candidates" not in off.name and "depth" not in off.name
    for spec, message in (
        ("ismcts:candidates=1", "candidates=1 must be at least 2: the prior's move and one"),
        ("ismcts:candidates=-2", "candidates=-2 must be at least 2"),
        ("ismcts:candidates=3,paired=0", "candidates=3 chooses among .* add paired=1"),
        ("ismcts:candidates=some", "candidates='some' must be a number"),
        ("ismcts:depth=-1", "depth=-1 must be at least 1"),
        ("ismcts:depth=deep", "depth='deep' must be a number"),
    ):
        with pytest.raises(ConfigurationError, match=message):
            make_bot(spec, RELIC_RUNNERS)


def _played_root_moves(bot: IsmctsAgent, state: relicbox.State, seed: int) -> tuple[str, set[str]]:
    """The search's choice and the root moves its paired comparison played."""
    played: set[str] = set()
    iterate = bot._iterate

    def spy(state, root_seat, root_key, trees, rng, forced=None):
        if forced is not None:
            played.add(forced.text)
        return iterate(state, root_seat, root_key, trees, rng, forced)

    bot._iterate = spy  # type: ignore[method-assign]
    seat = state.to_act[0]
    choice = bot.choose(state.view(seat), state.legal_actions(seat), Rng(seed))
    return choice.text, played


def test_candidates_share_the_worlds_among_the_priors_move_and_the_best_after_one_step():
    positions = _rule_positions("relic-runners", 4, 5, 40)
    state = next(p for p in positions if len(p.legal_actions(p.to_act[0])) >= 5)
    seat = state.to_act[0]
    view, legal = state.view(seat), state.legal_actions(seat)
    rule_move = make_bot("rule", RELIC_RUNNERS).choose(view, legal, Rng(0)).text
    spec = "ismcts:iters=12,horizon=6,candidates=3"
    choice, played = _played_root_moves(make_bot(spec, RELIC_RUNNERS), state, 4)
    assert len(played) == 3 and rule_move in played and choice in played
    assert _played_root_moves(make_bot(spec, RELIC_RUNNERS), state, 4) == (choice, played)
    every = make_bot("ismcts:iters=12,horizon=6,candidates=0", RELIC_RUNNERS)
    everyone = _played_root_moves(every, state, 4)
    assert len(everyone[1]) == len(legal)


def test_depth_one_plays_out_right_after_the_roots_move():
    state = _rule_positions("relic-runners", 4, 7, 3)[2]
    seat = state.to_act[0]
    view, legal = state.view(seat), state.legal_actions(seat)
    selected: list[int] = []

    class Counting(IsmctsAgent):
        def _select(self, stats, legal, rng):
            selected.append(len(legal))
            return super()._select(stats, legal, rng)

    Counting(RELIC_RUNNERS, iters=10, horizon=6, max_depth=1).choose(view, legal, Rng(1))
    assert selected == [len(legal)] * 10  # the root's choice only, then the playout
    selected.clear()
    paired = Counting(RELIC_RUNNERS, iters=10, horizon=6, max_depth=1, paired=True)
    paired.choose(view, legal, Rng(1))
    assert selected == []  # the root's move is given, and nothing below it is chosen
    selected.clear()
    Counting(RELIC_RUNNERS, iters=10, horizon=6, paired=True).choose(view, legal, Rng(1))
    assert selected  # without a depth the trees grow below the root
