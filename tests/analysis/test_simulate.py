"""simulate: seat rotation, determinism across job counts and backends, summaries, CLI."""

from __future__ import annotations

import json
import os
from collections import Counter

import pytest
from typer.testing import CliRunner

from relicbox.cli.main import app
from relicbox.core.errors import ConfigurationError
from relicbox.play.simulate import MAX_CHUNK, chunk_size, make_job, run_games, simulate


def test_every_bot_plays_every_seat_equally_often():
    summary, results = simulate("diamant", 4, "rule,random,cautious,threshold:6", 8, seed=3)
    places = Counter((result.seating[seat], seat) for result in results for seat in range(4))
    assert set(places.values()) == {2} and len(places) == 16
    # The games of one deal share a seed; rotations differ.
    assert results[0].seed == results[3].seed != results[4].seed
    assert [r.seating for r in results[:4]] == [
        [0, 1, 2, 3],
        [1, 2, 3, 0],
        [2, 3, 0, 1],
        [3, 0, 1, 2],
    ]
    assert sum(bot["wins"] if "wins" in bot else bot["win_rate"] for bot in summary["bots"]) == (
        pytest.approx(1.0)
    )
    for bot in summary["bots"]:
        assert bot["seat_games"] == 8
        assert bot["win_low"] <= bot["win_rate"] <= bot["win_high"]
        assert sum(bot["score_histogram"].values()) == 8


def test_fewer_bots_than_seats_are_repeated_and_pooled():
    summary, _ = simulate("tschak", 3, "rule,random", 3, seed=1)
    by_bot = {bot["bot"]: bot for bot in summary["bots"]}
    assert by_bot["rule"]["seat_games"] == 6 and by_bot["random"]["seat_games"] == 3
    with pytest.raises(ConfigurationError, match="use tournament"):
        make_job("diamant", 3, "rule,random,cautious,rule", 0)


def test_the_same_seed_gives_the_same_numbers_whatever_the_job_count():
    job = make_job("diamant", 3, "rule,random,threshold:5", seed=17)
    one = run_games(job, range(12), jobs=1)
    two = run_games(job, range(12), jobs=2)
    assert one == two
    other_seed = run_games(make_job("diamant", 3, "rule,random,threshold:5", seed=18), range(12))
    assert other_seed != one


def test_chunks_are_large_but_leave_every_process_several():
    assert chunk_size(12, 2) == 1
    assert chunk_size(400, 2) == 13
    assert chunk_size(100_000, 2) == MAX_CHUNK
    assert chunk_size(5, 1) == 1


def test_two_jobs_report_every_game_once_and_match_one_job():
    job = make_job("tschak", 3, "rule,random,random", seed=2)
    seen: list[int] = []
    ticks: list[tuple[int, int]] = []
    two = run_games(
        job,
        range(10),
        jobs=2,
        on_result=lambda result: seen.append(result.index),
        progress=lambda done, total: ticks.append((done, total)),
    )
    assert sorted(seen) == list(range(10))
    assert ticks[0] == (0, 10) and ticks[-1] == (10, 10)
    assert [done for done, _ in ticks] == sorted(done for done, _ in ticks)
    assert two == run_games(job, range(10), jobs=1)
    assert [result.index for result in two] == list(range(10))


def _without_ray(reason: str) -> None:
    """Skip, saying why; under CI (``CI`` set) fail instead: CI must run the Ray test."""
    if os.environ.get("CI"):
        pytest.fail(f"{reason} (CI must run the Ray test)")
    pytest.skip(reason)


@pytest.mark.slow
def test_ray_gives_the_same_numbers_as_local_processes():
    try:
        import ray
    except ImportError:
        _without_ray("Ray is not installed (pip install 'relicbox[ray]')")
    job = make_job("tschak", 3, "rule,random,random", seed=5)
    local = run_games(job, range(6), jobs=1)
    try:
        ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
    except Exception as error:  # depends on the machine
        _without_ray(f"a local Ray instance cannot start here: {error}")
    try:
        on_ray = run_games(job, range(6), jobs=2, backend="ray")
    finally:
        ray.shutdown()
    assert on_ray == local


def test_cli_json_csv_and_plot(tmp_path):
    runner = CliRunner()
    args = ["simulate", "diamant", "-p", "3", "--bots", "rule,random", "-n", "6", "--seed", "2"]
    result = runner.invoke(app, [*args, "--json", "--plot", str(tmp_path / "sim.png")])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout[result.stdout.index("{") :])
    assert data["games"] == 6 and [b["bot"] for b in data["bots"]] == ["rule", "random"]
    assert (tmp_path / "sim.png").stat().st_size > 1000
    csv_run = runner.invoke(app, [*args, "--csv"])
    lines = [line for line in csv_run.stdout.splitlines() if "," in line]
    assert lines[0].startswith("bot,seat_games,win_rate,win_low,win_high")
    assert lines[1].startswith("rule,12,") and lines[2].startswith("random,6,")
    table = runner.invoke(app, [*args, "--lang", "cs"])
    assert "Podíl výher" in table.stdout
    bad = runner.invoke(app, ["simulate", "diamant", "--bots", "wizard"])
    assert bad.exit_code == 2 and "unknown bot 'wizard'" in bad.output


def test_simulations_and_tournaments_read_a_data_file_option(tmp_path):
    from relicbox.play.simulate import simulate
    from relicbox.play.tournament import make_tournament

    cards = {
        "wizards": ["W?"] * 4 + ["W2", "W2*", "W3", "W3*", "W4", "W4*", "W5", "W5*"],
        "warriors": ["R1", "R1+", "R2", "R2+", "R3", "R3+", "R4", "R4+", "R5", "R5+", "R6", "R6+"],
        "dwarves": [code for v in range(1, 5) for code in (f"D{v}a", f"D{v}a", f"D{v}")],
        "artifacts": ["A"] * 4,
        "monsters": ["M1", "M1", "M2", "M2", "M3", "M3", "M4", "M4"] + ["Trog"] * 6,
        "treasures": ["C2", "C3", "C4", "C5"] + ["Ring"] * 6 + ["C-1", "C-2", "Trophy", "Elixir"],
    }
    path = tmp_path / "cards.json"
    path.write_text(json.dumps(cards))
    _, results = simulate("tschak", 2, "rule,random", 2, options={"cards": str(path)})
    assert len(results) == 2
    tournament = make_tournament(
        "tschak", 2, "rule,random", 2, tmp_path / "t.jsonl", options={"cards": str(path)}
    )
    assert dict(tournament.job.options)["cards"]["monsters"] == cards["monsters"]
