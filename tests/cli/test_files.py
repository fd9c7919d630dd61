"""Save files: checked before a game starts, never lost, never replacing what is not ours."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import threading
from pathlib import Path

import pytest
from typer.testing import CliRunner

import relicbox
from relicbox.cli.main import app
from relicbox.play.match import Match, load_saved, parse_seats, save_match

runner = CliRunner()
BOTS = ("-s", "rule,rule,rule")


def run(*args: str, input: str | None = None):
    return runner.invoke(app, list(args), input=input)


def one_line_error(result, fragment: str) -> None:
    assert result.exit_code == 2, result.output
    text = " ".join(result.output.split())
    assert fragment in text, result.output
    assert "Traceback" not in result.output
    assert "Round 1" not in result.output  # refused before the game started


@pytest.mark.parametrize(
    ("make_path", "fragment"),
    [
        (lambda tmp: "/proc/relicbox-test.json", "cannot write in the folder '/proc'"),
        (lambda tmp: str(tmp), "is a folder, not a file"),
        (lambda tmp: "", "the file name is empty"),
        (lambda tmp: str(tmp / "plain.txt" / "game.json"), "not a folder"),
        (lambda tmp: str(tmp / ("x" * 300 + ".json")), "cannot be used"),
        (lambda tmp: str(tmp / "missing" / "game.json"), "does not exist"),
        (lambda tmp: "/dev/null", "not a regular file"),
    ],
    ids=["proc", "folder", "empty", "under-a-file", "too-long", "no-folder", "device"],
)
def test_unusable_save_paths_are_refused_before_the_game_starts(tmp_path, make_path, fragment):
    (tmp_path / "plain.txt").write_text("x")
    result = run("play", "diamant", *BOTS, "--seed", "1", "--save", make_path(tmp_path))
    one_line_error(result, fragment)


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="no /dev/full here")
def test_a_device_node_is_never_replaced():
    before = os.stat("/dev/full")
    result = run("play", "diamant", *BOTS, "--seed", "1", "--save", "/dev/full")
    one_line_error(result, "not a regular file")
    after = os.stat("/dev/full")
    assert (before.st_mode, before.st_rdev) == (after.st_mode, after.st_rdev)


def test_save_match_itself_refuses_a_device(tmp_path):
    state = relicbox.new_game("diamant", 3, seed=1)
    match = Match(state, parse_seats("rule,rule,rule", state.game))
    with pytest.raises(relicbox.RelicboxError, match="not a regular file"):
        save_match(Path("/dev/null"), match)


@pytest.mark.skipif(not hasattr(os, "symlink"), reason="no symbolic links here")
def test_a_link_to_a_missing_file_is_refused_and_its_target_never_created(tmp_path):
    link, target = tmp_path / "game.json", tmp_path / "elsewhere" / "made.json"
    target.parent.mkdir()
    link.symlink_to(target)
    result = run("play", "diamant", *BOTS, "--seed", "1", "--save", str(link))
    one_line_error(result, "is a symbolic link to a file that does not exist")
    state = relicbox.new_game("diamant", 3, seed=1)
    match = Match(state, parse_seats("rule,rule,rule", state.game))
    with pytest.raises(relicbox.RelicboxError, match="symbolic link to a file that does not"):
        save_match(link, match)  # as when the file goes away after the check at the start
    assert not target.exists() and link.is_symlink()
    target.write_text("{}")
    save_match(link, match)  # a link to an existing regular file is saved through
    assert link.is_symlink() and json.loads(target.read_text())["record"]["game"] == "diamant"


def test_another_games_file_is_never_overwritten_without_force(tmp_path):
    other = tmp_path / "game.json"
    assert run("play", "tschak", "-s", "rule,rule,rule", "--seed", "2", "--save", str(other))
    original = other.read_text()
    result = run("play", "diamant", *BOTS, "--seed", "1", "--save", str(other))
    one_line_error(result, "already exists and is not a save of this game")
    assert other.read_text() == original
    forced = run("play", "diamant", *BOTS, "--seed", "1", "--save", str(other), "--force")
    assert forced.exit_code == 0, forced.output
    assert json.loads(other.read_text())["record"]["game"] == "diamant"


def test_an_unrelated_file_is_never_overwritten(tmp_path):
    notes = tmp_path / "notes.txt"
    notes.write_text("my notes")
    result = run("play", "diamant", *BOTS, "--seed", "1", "--save", str(notes))
    one_line_error(result, "already exists")
    assert notes.read_text() == "my notes"


def test_the_offered_default_name_skips_another_games_file(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    taken = tmp_path / "relicbox-diamant-3.json"
    taken.write_text('{"something": "else"}')
    result = run("play", "diamant", "-s", "human,rule,rule", "--seed", "3", input="q\ny\n\n")
    assert result.exit_code == 0, result.output
    assert taken.read_text() == '{"something": "else"}'
    assert (tmp_path / "relicbox-diamant-3-2.json").exists()


def test_a_bad_answer_at_the_save_prompt_is_explained_and_asked_again(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    answers = "q\ny\n/proc/nope.json\n" + str(tmp_path) + "\nkept.json\n"
    result = run("play", "diamant", "-s", "human,rule,rule", "--seed", "3", input=answers)
    assert result.exit_code == 0, result.output
    assert result.output.count("Cannot save there") == 2
    assert "Traceback" not in result.output
    assert (tmp_path / "kept.json").exists()


def test_ctrl_c_at_the_save_prompt_quits_without_saving_and_says_so(tmp_path, monkeypatch):
    from relicbox.cli import main as cli

    monkeypatch.chdir(tmp_path)
    state = relicbox.new_game("diamant", 3, seed=3)
    match = Match(state, parse_seats("human,rule,rule", state.game))

    def interrupted(*args, **kwargs):
        raise KeyboardInterrupt

    monkeypatch.setattr(cli, "_confirm", interrupted)
    cli._offer_save(match, None, "en")
    assert list(tmp_path.iterdir()) == []


def test_resume_with_conflicting_options_is_an_error(tmp_path):
    save = tmp_path / "game.json"
    run("play", "diamant", "-s", "human,rule,rule", "--seed", "3", "--save", str(save), input="1\n")
    saved = save.read_text()
    for extra, fragment in [
        (("tschak",), "the game is diamant"),
        (("-p", "4"), "-p is 3"),
        (("--seed", "9"), "--seed is 3"),
        (("--variant", "relics"), "--variant is base"),
        (("-s", "rule,rule,rule"), "add --reseat"),
    ]:
        if extra[0] == "tschak":
            result = run("play", "tschak", "--resume", str(save))
        else:
            result = run("play", "--resume", str(save), *extra)
        assert result.exit_code == 2, (extra, result.output)
        assert fragment in " ".join(result.output.split()), result.output
        assert save.read_text() == saved


def test_reseat_changes_the_seats_on_request(tmp_path):
    save = tmp_path / "game.json"
    run("play", "diamant", "-s", "human,rule,rule", "--seed", "3", "--save", str(save), input="1\n")
    result = run("play", "--resume", str(save), "-s", "rule,rule,rule", "--reseat")
    assert result.exit_code == 0, result.output
    assert json.loads(save.read_text())["seats"] == ["bot:rule"] * 3


def test_a_finished_games_file_is_never_rewritten(tmp_path):
    save = tmp_path / "game.json"
    assert run("play", "diamant", *BOTS, "--seed", "8", "--save", str(save)).exit_code == 0
    os.utime(save, (1_000_000, 1_000_000))
    content = save.read_text()
    result = run("play", "--resume", str(save))
    assert result.exit_code == 0, result.output
    assert "already over" in result.output
    assert save.read_text() == content and save.stat().st_mtime == 1_000_000


def test_the_save_remembers_language_and_seating(tmp_path):
    save = tmp_path / "game.json"
    run(
        "play",
        "diamant",
        "-s",
        "human,random,rule",
        "--seed",
        "3",
        "--lang",
        "cs",
        "--save",
        str(save),
        input="1\n",
    )
    data = json.loads(save.read_text())
    assert data["lang"] == "cs" and data["seats"] == ["human", "bot:random", "bot:rule"]
    resumed = run("play", "--resume", str(save), input="2\n" * 100)
    assert "Pokračuje hra Diamant" in resumed.output
    assert "Hráč 2 (bot:random)" in resumed.output


def test_replay_of_an_unfinished_game_says_so(tmp_path):
    save = tmp_path / "game.json"
    run("play", "diamant", "-s", "human,rule,rule", "--seed", "3", "--save", str(save), input="1\n")
    result = run("replay", str(save))
    assert result.exit_code == 0, result.output
    assert "This game is not finished" in result.output
    assert "Player 2 (bot:rule)" in result.output


def cut_record(tmp_path: Path, events) -> Path:
    state = relicbox.new_game("diamant", 3, seed=5)
    record = dict(state.record)
    if events is _MISSING:
        record.pop("events")
    else:
        record["events"] = events
    path = tmp_path / "cut.json"
    path.write_text(json.dumps({"format": "relicbox-save/1", "record": record}))
    return path


_MISSING = object()


@pytest.mark.timeout(30)
@pytest.mark.parametrize("events", [[], None, _MISSING], ids=["empty", "null", "missing"])
def test_a_record_without_events_resumes_with_the_pending_chance_drawn(tmp_path, events):
    path = cut_record(tmp_path, events)
    state, _, _ = load_saved(path)
    assert state.to_act and not state.is_over
    result = run("play", "--resume", str(path), "-s", "rule,rule,rule", "--reseat")
    assert result.exit_code == 0, result.output
    assert "Game over" in result.output


@pytest.mark.timeout(30)
def test_a_record_cut_mid_game_before_a_reveal_resumes(tmp_path):
    state = relicbox.new_game("diamant", 3, seed=5)
    for seat in state.to_act:
        state.act(seat, "continue")
    events = state.record["events"]
    assert "chance" in events[-1]
    path = cut_record(tmp_path, events[:-1])
    resumed, _, _ = load_saved(path)
    assert resumed.to_act == (0, 1, 2)
    assert resumed.record["events"] == events


def test_two_processes_saving_to_one_file_never_crash(tmp_path):
    target = tmp_path / "shared.json"
    code = (
        "import sys, relicbox\n"
        "from pathlib import Path\n"
        "from relicbox.play.match import Match, parse_seats, save_match\n"
        "s = relicbox.new_game('diamant', 3, seed=1)\n"
        "m = Match(s, parse_seats('rule,rule,rule', s.game))\n"
        "for _ in range(150): save_match(Path(sys.argv[1]), m)\n"
    )
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(sys.path)}
    procs = [
        subprocess.Popen([sys.executable, "-c", code, str(target)], env=env, stderr=subprocess.PIPE)
        for _ in range(3)
    ]
    errors = [p.communicate(timeout=120)[1] for p in procs]
    assert [p.returncode for p in procs] == [0, 0, 0], errors
    assert json.loads(target.read_text())["record"]["game"] == "diamant"
    assert [p.name for p in tmp_path.iterdir()] == ["shared.json"]


def test_threads_saving_at_once_leave_a_whole_file(tmp_path):
    target = tmp_path / "t.json"
    state = relicbox.new_game("diamant", 3, seed=1)
    match = Match(state, parse_seats("rule,rule,rule", state.game))
    threads = [
        threading.Thread(target=lambda: [save_match(target, match) for _ in range(40)])
        for _ in range(4)
    ]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert json.loads(target.read_text())["record"]["seed"] == 1


def _save_seating(tmp_path: Path, seats: list[str]) -> Path:
    """A save of a fresh Diamant game whose seating was written by someone else."""
    save = tmp_path / "shared.json"
    run("play", "diamant", "-s", "human,rule,rule", "--seed", "3", "--save", str(save), input="1\n")
    data = json.loads(save.read_text())
    data["seats"] = seats
    save.write_text(json.dumps(data))
    return save


PLANTED_MODULE = "relicbox_planted_bot"


@pytest.mark.parametrize(
    "planted",
    [
        lambda marker: f"stdio:{sys.executable} -c \"open({str(marker)!r}, 'w')\"",
        lambda marker: f"bot:stdio@500:{sys.executable} -c \"open({str(marker)!r}, 'w')\"",
        lambda marker: f"{PLANTED_MODULE}:choose",
        lambda marker: f"bot:{PLANTED_MODULE}:choose",
    ],
    ids=["stdio", "stdio-limit", "module", "bot-module"],
)
def test_a_save_never_starts_a_program_or_imports_code(tmp_path, monkeypatch, planted):
    _never_runs(tmp_path, monkeypatch, planted, "may seat only people and relicbox's own bots")


@pytest.mark.parametrize(
    "planted",
    [
        # a comma inside one seat once became two seats when the seats were joined and split
        lambda marker: f"threshold:5,stdio:{sys.executable} -c \"open({str(marker)!r}, 'w')\"",
        lambda marker: (
            f"bot:ismcts:iters=1,stdio:{sys.executable} -c \"open({str(marker)!r}, 'w')\""
        ),
        lambda marker: f"ismcts:iters=1,{PLANTED_MODULE}:choose",
        # a built-in bot's name before a colon was once read as a module to import
        lambda marker: f"random:{PLANTED_MODULE}.choose",
        lambda marker: "random:_os.getcwd",
        lambda marker: f"rule:{PLANTED_MODULE}",
        lambda marker: f"expert:{PLANTED_MODULE}.choose",
    ],
    ids=[
        "comma-stdio",
        "comma-search",
        "comma-module",
        "random-attr",
        "random-os",
        "rule",
        "expert",
    ],
)
def test_a_seat_that_hides_code_behind_a_comma_or_a_bot_name_is_refused(
    tmp_path, monkeypatch, planted
):
    _never_runs(tmp_path, monkeypatch, planted, "--reseat")


def _never_runs(tmp_path, monkeypatch, planted, refusal: str) -> None:
    marker = tmp_path / "ran"
    module = tmp_path / f"{PLANTED_MODULE}.py"
    module.write_text(
        f"open({str(marker)!r}, 'w')\n\ndef choose(view, legal):\n    return legal[0]\n"
    )
    monkeypatch.syspath_prepend(str(tmp_path))
    save = _save_seating(tmp_path, ["human", planted(marker), "bot:rule"])
    saved = save.read_text()

    resumed = run("play", "--resume", str(save), input="2\n" * 100)
    one_line_error(resumed, refusal)
    assert "--reseat" in resumed.output
    with pytest.raises(relicbox.RecordError):
        load_saved(save)
    replayed = run("replay", str(save))
    assert replayed.exit_code == 0, replayed.output

    assert not marker.exists()
    assert PLANTED_MODULE not in sys.modules
    assert save.read_text() == saved


def test_a_program_seat_in_a_save_is_played_only_when_named_on_the_command_line(tmp_path):
    save = _save_seating(tmp_path, ["human", "stdio:no-such-program-anywhere", "bot:rule"])
    result = run("play", "--resume", str(save), "-s", "rule,rule,rule", "--reseat")
    assert result.exit_code == 0, result.output
    assert json.loads(save.read_text())["seats"] == ["bot:rule"] * 3


def test_a_saved_bot_that_does_not_exist_is_not_called_a_program(tmp_path):
    save = _save_seating(tmp_path, ["human", "bot:nonexistent", "bot:rule"])
    resumed = run("play", "--resume", str(save))
    one_line_error(resumed, "'bot:nonexistent', which is not one of relicbox's bots")
    assert "program" not in resumed.output


def test_a_save_cannot_ask_a_search_for_more_than_a_files_budget(tmp_path):
    save = _save_seating(tmp_path, ["human", "bot:ismcts:iters=1000000000", "bot:rule"])
    resumed = run("play", "--resume", str(save))
    one_line_error(resumed, "whose iters is over the 5000 a saved game may ask for")
    reseated = run("play", "--resume", str(save), "-s", "rule,rule,rule", "--reseat")
    assert reseated.exit_code == 0, reseated.output


def test_a_save_of_built_in_bots_still_resumes(tmp_path):
    save = _save_seating(tmp_path, ["human", "bot:ismcts:iters=5", "bot:threshold:4"])
    _state, seats, _ = load_saved(save)
    assert [str(seat) for seat in seats] == ["human", "bot:ismcts:iters=5", "bot:threshold:4"]


def test_a_reseated_save_replays_with_who_played_each_part(tmp_path):
    save = tmp_path / "game.json"
    run("play", "diamant", "-s", "human,rule,rule", "--seed", "3", "--save", str(save), input="1\n")
    played_by_hand = len(json.loads(save.read_text())["record"]["events"])
    assert run("play", "--resume", str(save), "-s", "rule,rule,rule", "--reseat").exit_code == 0
    data = json.loads(save.read_text())
    assert data["seats"] == ["bot:rule"] * 3
    assert data["earlier_seats"] == [
        {"events": played_by_hand, "seats": ["human", "bot:rule", "bot:rule"]}
    ]

    replayed = run("replay", str(save), "--events")
    assert replayed.exit_code == 0, replayed.output
    text = " ".join(replayed.output.split())
    assert f"Player 1 (human until event {played_by_hand}, then bot:rule)" in text
    assert "Player 2 (bot:rule)," in text  # unchanged seats keep their plain label
    seat_one = [
        line.strip()
        for line in replayed.output.splitlines()
        if re.match(r"\s+Player 1( \(bot:rule\))?: ", line)
    ]
    assert seat_one[0].startswith("Player 1: ")  # the decision typed by hand
    assert seat_one[-1].startswith("Player 1 (bot:rule): ")  # one the bot made after


def test_a_save_with_a_seating_history_that_does_not_fit_is_refused(tmp_path):
    save = tmp_path / "game.json"
    run("play", "diamant", "-s", "human,rule,rule", "--seed", "3", "--save", str(save), input="1\n")
    data = json.loads(save.read_text())
    data["earlier_seats"] = [{"events": 10**6, "seats": ["human", "bot:rule", "bot:rule"]}]
    save.write_text(json.dumps(data))
    one_line_error(run("replay", str(save)), "earlier_seats")


@pytest.mark.parametrize("command", ["play", "replay"])
@pytest.mark.parametrize(
    ("make", "fragment"),
    [
        (lambda tmp: _written(tmp, "[" * 100_000 + "]" * 100_000), "nested"),
        (lambda tmp: _written(tmp, '{"record": ' + "7" * 5_000 + "}"), "digits"),
        (lambda tmp: _written(tmp, '{"record": NaN}'), "NaN"),
        (lambda tmp: "/dev/zero", "not a regular file"),
        (lambda tmp: _fifo(tmp), "not a regular file"),
    ],
    ids=["deep", "long-number", "nan", "device", "fifo"],
)
def test_a_save_is_read_by_the_hardened_reader(tmp_path, command, make, fragment):
    path = make(tmp_path)
    args = ["play", "--resume", path] if command == "play" else ["replay", path]
    result = run(*args)
    assert result.exit_code == 2, result.output
    assert fragment in " ".join(result.output.split()), result.output
    assert "Traceback" not in result.output


def _written(tmp_path: Path, text: str) -> str:
    path = tmp_path / "odd.json"
    path.write_text(text)
    return str(path)


def _fifo(tmp_path: Path) -> str:
    path = tmp_path / "pipe.json"
    os.mkfifo(path)
    return str(path)
