"""The Diamant batch simulator: game-by-game replays on the engine, statistical agreement with
independent engine games, and simulate's switch to it."""

from __future__ import annotations

import json
import math

import numpy as np
import pytest
from typer.testing import CliRunner

from relicbox.cli.main import app
from relicbox.core.registry import get_game
from relicbox.games.diamant.batch import (
    LeavePolicy,
    Step,
    play_batch,
    play_engine,
    policy_for_spec,
)
from relicbox.games.diamant.data import CARDS, variant_code
from relicbox.games.diamant.rules import CONTINUE, LEAVE
from relicbox.play.batch import CHUNK, batch_plan, run_batch, seatings, summarize_batch
from relicbox.play.simulate import Job, deal_seed, make_job, seating, simulate, summarize

POLICIES = (
    LeavePolicy.random(0.5, "random"),
    LeavePolicy.threshold(6),
    LeavePolicy.per_round((3, 12, 7, 0, 20)),
    LeavePolicy.random(0.2),
    LeavePolicy.threshold(11),
)
"""A mix of every kind: a coin of 1/2, pocket thresholds, thresholds per round (0 = leave at
once), another coin."""

SETTINGS = [
    (players, variant, split)
    for players in range(3, 9)
    for variant in ("base", "relics")
    for split in ("pooled", "per-card")
]


def _table(players: int, games: int) -> np.ndarray:
    job = Job("diamant", players, tuple(p.name for p in POLICIES), (), 0)
    return seatings(job, np.arange(games))


def _replay(steps: list[tuple[int, int]], players: int, variant: str, split: str) -> list[int]:
    """The engine's scores for a traced batch game: the same cards, the same choices."""
    state = get_game("diamant").new_state(
        players, 0, record=False, auto_chance=False, variant=variant, split=split
    )
    codes = [variant_code(card) if variant == "relics" else card.code for card in CARDS]
    for card, leave in steps:
        state.apply_chance(codes[card])
        if state.is_chance or state.is_over:
            assert leave == 0  # a second trap: the round ended without a choice
            continue
        for seat in state.to_act:
            state.act(seat, LEAVE if leave >> seat & 1 else CONTINUE)
    assert state.is_over
    return state.scores()


def _by_game(trace: list[Step], games: int) -> list[list[tuple[int, int]]]:
    """Each game's (card, seats that left) steps, in order."""
    by_game: list[list[tuple[int, int]]] = [[] for _ in range(games)]
    for step in trace:
        for game, card, leave in zip(
            step.games.tolist(), step.cards.tolist(), step.leave.tolist(), strict=True
        ):
            by_game[game].append((card, leave))
    return by_game


@pytest.mark.parametrize(("players", "variant", "split"), SETTINGS)
def test_every_batch_game_replays_to_the_same_scores_on_the_engine(players, variant, split):
    games = 60
    table = _table(players, games)
    thresholds = np.array([p.thresholds for p in POLICIES])[table]
    leave_p = np.array([p.leave_p for p in POLICIES])[table]
    trace: list[Step] = []
    rng = np.random.default_rng(players * 10 + len(variant) + len(split))
    scores, lengths = play_batch(
        thresholds,
        leave_p,
        variant=variant == "relics",
        per_card=split == "per-card",
        rng=rng,
        trace=trace,
    )
    by_game = _by_game(trace, games)
    for game in range(games):
        assert _replay(by_game[game], players, variant, split) == scores[game].tolist(), game
    assert (lengths >= 5 * 1).all() and scores.sum() > 0


def _per_game_means(scores: np.ndarray, table: np.ndarray, entry: int) -> np.ndarray:
    """Each game's mean score of the seats played by ``entry`` (one number per game)."""
    mine = table == entry
    return (scores * mine).sum(axis=1) / mine.sum(axis=1)


def _win_shares(scores: np.ndarray, table: np.ndarray, entry: int) -> np.ndarray:
    best = scores == scores.max(axis=1, keepdims=True)
    share = best / best.sum(axis=1, keepdims=True)
    return (share * (table == entry)).sum(axis=1)


def _z(a: np.ndarray, b: np.ndarray) -> float:
    se = math.hypot(a.std(ddof=1) / math.sqrt(a.size), b.std(ddof=1) / math.sqrt(b.size))
    return abs(a.mean() - b.mean()) / se if se else abs(a.mean() - b.mean())


@pytest.mark.parametrize(
    ("players", "variant", "split"),
    [
        (3, "base", "pooled"),
        (4, "relics", "per-card"),
        (6, "base", "per-card"),
        (8, "relics", "pooled"),
    ],
)
def test_mean_scores_and_win_rates_agree_with_independent_engine_games(players, variant, split):
    options = {"variant": variant, "split": split}
    engine_table = _table(players, 1500)
    engine = play_engine(POLICIES, engine_table, players, options, deal_seed=deal_seed)
    batch_table = _table(players, 16000)
    thresholds = np.array([p.thresholds for p in POLICIES])[batch_table]
    leave_p = np.array([p.leave_p for p in POLICIES])[batch_table]
    batch, _ = play_batch(
        thresholds,
        leave_p,
        variant=variant == "relics",
        per_card=split == "per-card",
        rng=np.random.default_rng(players),
    )
    for entry in range(min(players, len(POLICIES))):
        e_mean = _per_game_means(engine, engine_table, entry)
        b_mean = _per_game_means(batch, batch_table, entry)
        assert _z(e_mean, b_mean) < 4.0, (POLICIES[entry].name, e_mean.mean(), b_mean.mean())
        e_win = _win_shares(engine, engine_table, entry)
        b_win = _win_shares(batch, batch_table, entry)
        assert _z(e_win, b_win) < 4.0, (POLICIES[entry].name, e_win.mean(), b_win.mean())


@pytest.mark.parametrize("variant", ["base", "relics"])
def test_games_that_finished_early_wait_harmlessly_for_the_rest(variant):
    # One game in five leaves at once (five short rounds), the others never leave by their
    # pocket (every round ends on a second trap): the short games idle for many steps before
    # they are dropped, and nothing of theirs, nor of anybody's deck, may change meanwhile.
    players, games = 3, 5000
    thresholds = np.full((games, players, 5), 255, dtype=np.int64)
    thresholds[::5] = 0
    trace: list[Step] = []
    scores, lengths = play_batch(
        thresholds,
        np.zeros((games, players)),
        variant=variant == "relics",
        per_card=True,
        rng=np.random.default_rng(0),
        trace=trace,
    )
    assert len(trace) > 40
    assert (lengths[::5] == 5 * players).all() and (scores[1::5] == 0).all()
    by_game = _by_game(trace, games)
    for game in range(0, games, 7):
        assert _replay(by_game[game], players, variant, "per-card") == scores[game].tolist()


def test_every_card_is_as_likely_to_come_first():
    games = 3 * CHUNK // 4
    trace: list[Step] = []
    play_batch(
        np.zeros((games, 3, 5), dtype=np.int64),
        np.zeros((games, 3)),
        variant=False,
        per_card=False,
        rng=np.random.default_rng(3),
        trace=trace,
    )
    first = np.bincount(trace[0].cards, minlength=len(CARDS))
    expected = games / len(CARDS)
    chi2 = float(((first - expected) ** 2 / expected).sum())
    assert chi2 < 75.0  # 34 degrees of freedom: far beyond the 99.99th percentile (~72)
    # Leaving at once: every round is one reveal and one choice for each of 3 seats.
    assert [step.rounds.tolist() for step in trace] == [[r] * games for r in range(1, 6)]


def test_seatings_rotate_like_the_engine_path():
    for job in (
        make_job("diamant", 5, "random,threshold:4", 3),
        Job("diamant", 4, ("a", "b", "c", "d"), (), 1, tables=((0, 1, 2, 3), (3, 1, 0, 2))),
    ):
        table = seatings(job, np.arange(40))
        assert [table[i].tolist() for i in range(40)] == [seating(job, i)[0] for i in range(40)]


def test_specs_that_are_leave_policies():
    assert policy_for_spec("random") == LeavePolicy.random(0.5, "random")
    assert policy_for_spec(" threshold: 7 ") == LeavePolicy.threshold(7)
    assert policy_for_spec("threshold:x") is None
    assert policy_for_spec("rule") is None
    assert policy_for_spec("ismcts:iters=5") is None
    assert LeavePolicy.per_round((1, 2, 3, 4, 5)).leaves(3, 3, 0.99)
    assert not LeavePolicy.per_round((1, 2, 3, 4, 5)).leaves(4, 3, 0.0)
    assert LeavePolicy.random(0.25).leaves(1, 0, 0.2) and not LeavePolicy.random(0.25).leaves(
        1, 100, 0.3
    )
    with pytest.raises(ValueError, match="thresholds"):
        LeavePolicy.per_round((1, 2, 3))


def test_the_batch_path_declines_what_it_cannot_play():
    assert batch_plan(make_job("diamant", 4, "random,threshold:5", 0)) is not None
    assert batch_plan(make_job("diamant", 4, "random,rule", 0)) is None
    assert batch_plan(make_job("tschak", 3, "random", 0)) is None
    unknown = Job("diamant", 4, ("random",), (("split", "pooled"), ("speed", "fast")), 0)
    assert batch_plan(unknown) is None
    odd = Job("diamant", 4, ("random",), (("split", "by-weight"),), 0)
    assert batch_plan(odd) is None


def test_simulate_uses_the_batch_when_every_bot_is_a_policy_and_says_so():
    summary, results = simulate("diamant", 4, "random,threshold:6", 400, seed=5)
    assert summary["simulator"] == "batch"
    again, _ = simulate("diamant", 4, "random,threshold:6", 400, seed=5)
    assert again == summary
    other, _ = simulate("diamant", 4, "random,threshold:6", 400, seed=6)
    assert other["bots"] != summary["bots"]
    job = make_job("diamant", 4, "random,threshold:6", 5)
    assert [r.seating for r in results[:8]] == [seating(job, i)[0] for i in range(8)]
    by_bot = {bot["bot"]: bot for bot in summary["bots"]}
    assert by_bot["random"]["seat_games"] == by_bot["threshold:6"]["seat_games"] == 800
    assert by_bot["threshold:6"]["mean_score"] > by_bot["random"]["mean_score"]
    engine, played = simulate("diamant", 4, "random,threshold:6", 8, seed=5, engine=True)
    assert engine["simulator"] == "engine" and len(played) == 8
    assert simulate("diamant", 3, "rule,random", 3, seed=1)[0]["simulator"] == "engine"


def _close(mine: object, theirs: object) -> bool:
    """Equal structures, floats equal up to rounding (the two paths sum in other orders)."""
    if isinstance(mine, float) or isinstance(theirs, float):
        return math.isclose(mine, theirs, rel_tol=1e-9, abs_tol=1e-12)  # type: ignore[arg-type]
    if isinstance(mine, dict) and isinstance(theirs, dict):
        return mine.keys() == theirs.keys() and all(_close(mine[k], theirs[k]) for k in mine)
    if isinstance(mine, list | tuple) and isinstance(theirs, list | tuple):
        return len(mine) == len(theirs) and all(map(_close, mine, theirs))
    return mine == theirs


def test_the_batch_summary_is_the_engine_paths_summary_of_the_same_games():
    job = make_job("diamant", 5, "random,threshold:4,threshold:9", 11, {"variant": "relics"})
    plan = batch_plan(job)
    assert plan is not None
    batch = run_batch(job, range(300), plan)
    mine = summarize_batch(job, batch)
    theirs = summarize(job, list(batch))
    assert _close(mine["seats"], theirs["seats"])
    assert _close(mine["bots"], theirs["bots"])
    assert {k: v for k, v in mine.items() if k not in ("bots", "seats")} == {
        k: v for k, v in theirs.items() if k not in ("bots", "seats")
    }


def test_the_cli_says_which_simulator_played():
    runner = CliRunner()
    args = ["simulate", "diamant", "-p", "3", "--bots", "random,threshold:5", "-n", "30"]
    batch = runner.invoke(app, [*args, "--json"])
    assert batch.exit_code == 0, batch.output
    assert "batch simulator" in batch.stderr
    assert json.loads(batch.stdout)["simulator"] == "batch"
    engine = runner.invoke(app, [*args, "--json", "--engine"])
    assert engine.exit_code == 0, engine.output
    assert json.loads(engine.stdout)["simulator"] == "engine"
    czech = runner.invoke(app, [*args, "--lang", "cs"])
    assert "dávkovém simulátoru" in czech.stderr
