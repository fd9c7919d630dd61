"""A long fuzz campaign over every game, reporting each kind of finding once, shrunk.

Usage::

    PYTHONPATH=src:tests nice -n 10 python3 scripts/fuzz_campaign.py --seconds 600 \\
        [--count N] [--seed 1] [--game diamant] [--kinds state,joint,...] [--summary FILE]
    PYTHONPATH=src:tests python3 scripts/fuzz_campaign.py --repro KIND GAME CASE

Each case is one input, rebuilt from ``(kind, game, case number)`` alone:

* ``state``: a real position's JSON form with 1-3 random edits, loaded;
* ``nudge``: the same with gentle edits (numbers moved by one or two, entries swapped,
  flags flipped), which pass the loader's checks more often;
* ``record``: a random game's record with 0-2 edits (some gentle), replayed;
* ``acts``: odd seats and hand-built actions on a real position;
* ``joint``: random ``act_joint`` calls (legal, illegal and empty parts, a seat twice,
  keys like ``'x'`` or ``10**20``, non-mappings), checked against ``act`` part by part;
* ``view``: a real view with 0-3 edits (some gentle), through ``sample_state``;
* ``scenario``: random Relic Runners ``Scenario`` builder calls, some wrongly typed;
* ``options``: odd option values (``"²"``, 5,000-digit numbers, lists nested 5,000
  deep) through ``new_game``, ``state_from_dict`` or ``replay``.

Five more kinds attack the trust boundary (``docs/trust.md``: no file, request or
message may make relicbox run code), with the helpers of ``support.trust_fuzz``:

* ``seat``: random seat and bot texts (built-in names before ``:`` and an attribute path,
  ``stdio:``, ``module:callable``, search settings out of range or naming code, odd
  characters and numbers, non-text) through ``parse_seat(text, game, Origin.DATA)`` and
  the lobby's ``online_bot``; an accepted bot is made and chooses a move on a real
  position;
* ``save``: a real save with 1-3 hostile edits (seats naming programs and planted
  modules, labels with control characters, escapes and lone surrogates, long labels,
  deep nesting, 5,000-digit numbers, NaN, wrong types, ``earlier_seats``, the file
  itself a FIFO, a folder, a link to ``/dev/zero``, not UTF-8...) through
  ``load_saved`` (plain, ``seats_as_labels``, ``seats_replaced``) and the CLI's
  ``replay``, ``analyze`` (``--budget 1ms --worlds 2 --seat 1``, on saves of a few
  decisions, to stay quick) and ``play --resume`` (when the save seats quick bots only);
* ``store``: a real tournament store with 1-3 hostile edits (fields, lines dropped,
  doubled, cut or inserted, the file's bytes or kind) through
  ``make_tournament(...).load()`` and the report;
* ``adapter``: hostile actions (floats, NaN, bools, texts, None, huge numbers, NumPy
  values and arrays of odd shapes and types, partial or extra joint actions) through
  PettingZoo's AEC and Parallel environments, Gymnasium (direct and through
  ``gymnasium.make``), OpenSpiel (``apply_action``, ``apply_actions``) and Diamant's
  vector environment, after a few random legal steps; and hostile texts (a real state's
  ``serialize()`` edited, a pickle that creates the marker) through OpenSpiel's
  ``deserialize_state``;
* ``websocket``: hostile frames (binary, invalid or deep JSON, huge strings, every
  message type with fields of wrong types) on one connection to a server started once
  per campaign on 127.0.0.1, then a join and a ping that must be answered, a fresh
  connection and an HTTP request that must be too. These cases depend on the server's
  tables as the campaign left them, so a rerun gives the same frames, not always the
  same answers.

Whatever is accepted is played to its end with random legal moves under a decision
bound, with every view, copy and JSON form checked on the way and someone to act
whenever the game is not over (``support.fuzz``). Findings are classed as

* ``exception``: an exception other than RelicboxError while the input was refused;
* ``loads-then-fails``: an accepted input whose state then crashed, stalled (no
  end within the bound, nobody to act, a case over ``--case-seconds``) or lost a
  round trip;
* ``act-joint``: ``act_joint`` accepted what ``act`` in order refuses, changed a state
  it refused, or ended elsewhere;
* ``sample-view``: ``sample_state`` accepted a view its state does not show;
* ``names-code`` (the trust kinds): data made relicbox accept, import or start code: a
  program or module planted by the campaign left its marker file, a module named by the
  input was imported, or a spec read as data is a program or Python code;
* ``terminal``: a control character (other than newline and tab) reached the CLI's output;
* ``partial-apply``: an adapter refused an action but the state changed;
* ``loose-action``: an adapter took a value that is not a legal whole number as a move;
* ``crash``: the server stopped answering (no pong, or no answer to a fresh
  connection or an HTTP request after the attack);
* ``stall``: a trust case ran over its time budget (at most ``TRUST_CASE_SECONDS``).

For the trust kinds, ``exception`` also covers a CLI exit code other than 0, 1 or 2, a
traceback in the CLI's output, a record the server logged at ERROR and a socket the
server closed as failed.

Each distinct finding (class, kind, game, exception and where it was raised) is shown
once, shrunk to a minimal reproduction: the fewest edits, calls or options that still
give it. Progress goes to stdout every ``--progress`` seconds; the summary, by class,
to stdout and (as Markdown) to ``--summary``.
"""

from __future__ import annotations

import argparse
import functools
import json
import random
import signal
import sys
import time
import traceback
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import relicbox
from relicbox.core.game import Game
from support import fuzz, trust_fuzz

TRUST_KINDS = ("seat", "save", "store", "adapter", "websocket")
KINDS = ("state", "nudge", "record", "acts", "joint", "view", "scenario", "options", *TRUST_KINDS)
CLASSES = (
    "exception",
    "loads-then-fails",
    "act-joint",
    "sample-view",
    "names-code",
    "terminal",
    "partial-apply",
    "loose-action",
    "crash",
    "stall",
)
TRUST_CASE_SECONDS = 30.0
"""The time budget of a trust case (a save through the CLI, a server round trip)."""
POOL_SEEDS = 40
"""Real positions come from this many random games per game (cached), chosen by case."""


class Stall(Exception):
    """A case ran over its time budget."""


@dataclass
class Case:
    """One input, and how to run it again with fewer of its parts (for shrinking)."""

    run: Callable[[list[Any]], str]
    parts: list[Any]
    describe: Callable[[list[Any]], str]


@dataclass
class Finding:
    klass: str
    key: str
    count: int = 0
    case: int = 0
    message: str = ""
    repro: str = ""
    where: list[str] = field(default_factory=list)


# -- building cases ----------------------------------------------------------------------


def short(game: Game, rng: random.Random) -> dict[str, Any]:
    """Options keeping most games short (Relic Runners' turn cap); full games now and then."""
    return fuzz.short_options(game) if rng.random() < 0.8 else {}


@functools.cache
def snapshot_pool(name: str, seed: int, full: bool) -> list[dict[str, Any]]:
    game = relicbox.get_game(name)
    return fuzz.snapshots(game, seed, 6, **({} if full else fuzz.short_options(game)))


@functools.cache
def view_pool(name: str, seed: int) -> list[dict[str, Any]]:
    game = relicbox.get_game(name)
    return fuzz.views(game, seed, 6, **fuzz.short_options(game))


def pick_snapshot(game: Game, rng: random.Random) -> tuple[dict[str, Any], str]:
    full = rng.random() < 0.1  # full-length games are slow to make: fewer of them
    seed = rng.randrange(3 if full else POOL_SEEDS)
    pool = snapshot_pool(game.name, seed, full)
    index = rng.randrange(len(pool))
    options = "" if full else f", **fuzz.short_options(get_game({game.name!r}))"
    where = f"fuzz.snapshots(get_game({game.name!r}), {seed}, 6{options})[{index}]"
    return pool[index], where


def show(value: Any, limit: int = 160) -> str:
    """A short text for any value, even 5,000-digit numbers and lists nested 5,000 deep."""
    depth, inner = 0, value
    while isinstance(inner, list) and len(inner) == 1 and depth < 10_000:
        depth, inner = depth + 1, inner[0]
    if depth > 20:
        return f"[...{depth} levels of lists...{show(inner, 40)}]"
    if type(value) is int and value.bit_length() > 300:
        return f"<int of about {int(value.bit_length() * 0.30103)} digits>"
    if isinstance(value, str) and len(value) > limit:
        return f"{value[:20]!r}... (text of {len(value)} characters)"
    try:
        text = repr(value)
    except (ValueError, RecursionError):
        text = f"<{type(value).__name__}>"
    return text if len(text) <= limit else text[: limit - 3] + "..."


def call_text(args: tuple[Any, ...], kwargs: dict[str, Any]) -> str:
    return ", ".join([*map(show, args), *(f"{k}={show(v)}" for k, v in kwargs.items())])


def edits_text(edits: list[Any]) -> str:
    lines = []
    for edit in edits:
        kind, path = edit[0], "".join(f"[{part!r}]" for part in edit[1])
        if kind == "set":
            lines.append(f"    data{path} = {show(edit[2])}")
        elif kind == "del":
            lines.append(f"    del data{path}")
        elif kind == "append":
            lines.append(f"    data{path}.append({show(edit[2])})")
        else:
            lines.append(f"    swap data{path}[{edit[2]}] and [{edit[3]}]")
    return "\n".join(lines) or "    (no edit)"


def edited_case(
    base: dict[str, Any], where: str, edits: list[Any], check: Callable[[Any], str], load: str
) -> Case:
    def run(parts: list[Any]) -> str:
        return check(fuzz.apply_edits(base, parts))

    def describe(parts: list[Any]) -> str:
        return f"data = {where}\n{edits_text(parts)}\n    {load}"

    return Case(run, edits, describe)


def build_case(kind: str, game: Game, case: int) -> Case:
    rng = random.Random(case)
    if kind in TRUST_KINDS:
        return trust_case(kind, game, case, rng)
    play = random.Random(case + 1)  # the random moves after loading
    if kind in ("state", "nudge"):
        base, where = pick_snapshot(game, rng)
        edits_made = rng.choice((1, 1, 1, 2, 3))
        _, edits = fuzz.mutate_logged(base, rng, edits_made, gentle=kind == "nudge")
        return edited_case(
            base,
            where,
            edits,
            lambda data: fuzz.check_state(data, play),
            f"fuzz.check_state(data, Random({case + 1}))  # state_from_dict, then played out",
        )
    if kind == "record":
        options = short(game, rng)
        seed = rng.randrange(1000)
        base = fuzz.recorded(game, seed, **options)
        gentle = rng.random() < 0.3
        _, edits = fuzz.mutate_logged(base, rng, rng.choice((0, 1, 1, 2)), gentle)
        where = f"fuzz.recorded(get_game({game.name!r}), {seed}, **{options!r})"
        return edited_case(
            base,
            where,
            edits,
            lambda data: fuzz.check_record(data, play),
            f"fuzz.check_record(data, Random({case + 1}))  # replay, then played out",
        )
    if kind == "view":
        seed = rng.randrange(POOL_SEEDS)
        pool = view_pool(game.name, seed)
        index = rng.randrange(len(pool))
        gentle = rng.random() < 0.4
        _, edits = fuzz.mutate_logged(pool[index], rng, rng.choice((0, 1, 1, 2, 3)), gentle)
        short_views = f"**fuzz.short_options(get_game({game.name!r}))"
        where = f"fuzz.views(get_game({game.name!r}), {seed}, 6, {short_views})"
        return edited_case(
            pool[index],
            f"{where}[{index}]",
            edits,
            lambda view: fuzz.check_sampled_view(game, view, play),
            f"fuzz.check_sampled_view(get_game({game.name!r}), data, Random({case + 1}))",
        )
    if kind == "acts":
        data, where = pick_snapshot(game, rng)

        def acts(_: list[Any]) -> str:
            fuzz.check_odd_acts(relicbox.state_from_dict(data), random.Random(case))
            return "checked"

        return Case(acts, [], lambda _: f"check_odd_acts(state_from_dict({where}), Random({case}))")
    if kind == "joint":
        return joint_case(game, case, rng)
    if kind == "scenario":
        players = rng.choice((2, 3, 4, 5, 1, 6, "3"))
        calls = fuzz.scenario_calls(rng, rng.randint(1, 8))
        options = {"max_turns": 40} if rng.random() < 0.8 else {}

        def scenario(parts: list[Any]) -> str:
            return fuzz.check_scenario(players, case % 100, parts, play, **options)

        def describe(parts: list[Any]) -> str:
            chain = "".join(f"\n    .{name}({call_text(args, kw)})" for name, args, kw in parts)
            return f"Scenario({players!r}, {case % 100}, **{options!r}){chain}\n    .build()"

        return Case(scenario, calls, describe)
    how = rng.choice(("new_game", "state_from_dict", "replay"))
    options = fuzz.odd_options(game, rng)

    def with_options(parts: list[Any]) -> str:
        return fuzz.check_options(game, dict(parts), how, play)

    def describe_options(parts: list[Any]) -> str:
        shown = ", ".join(f"{k}={show(v)}" for k, v in parts)
        return f"{how} of {game.name} ({min(game.players)} players, seed 1) with options {shown}"

    return Case(with_options, list(options.items()), describe_options)


def trust_case(kind: str, game: Game, case: int, rng: random.Random) -> Case:
    """A case of the trust kinds (``support.trust_fuzz``)."""
    if kind == "seat":
        seed = rng.randrange(POOL_SEEDS)  # short games only: a search plays out from here
        pool = snapshot_pool(game.name, seed, False)
        index = rng.randrange(len(pool))
        data = pool[index]
        options = f"**fuzz.short_options(get_game({game.name!r}))"
        where = f"fuzz.snapshots(get_game({game.name!r}), {seed}, 6, {options})[{index}]"
        run, parts, describe = trust_fuzz.seat_case(game, case, rng, data)
        return Case(run, parts, lambda chosen: f"position = {where}\n{describe(chosen)}")
    builders = {
        "save": trust_fuzz.save_case,
        "store": trust_fuzz.store_case,
        "adapter": trust_fuzz.adapter_case,
        "websocket": trust_fuzz.websocket_case,
    }
    return Case(*builders[kind](game, case, rng))


def case_seconds(kind: str, seconds: float) -> float:
    return min(seconds, TRUST_CASE_SECONDS) if kind in TRUST_KINDS else seconds


def joint_case(game: Game, case: int, rng: random.Random) -> Case:
    data, where = pick_snapshot(game, rng)
    auto = rng.random() < 0.8
    state = relicbox.state_from_dict(data)
    state.auto_chance = auto
    if auto:
        while state.is_chance:
            state.sample_chance()
    choices = fuzz.random_joint(state, rng)
    pairs = list(choices.items()) if isinstance(choices, (dict, fuzz.Pairs)) else None

    def fresh() -> Any:
        """The same state again (chance outcomes come from the state's own generator)."""
        again = relicbox.state_from_dict(data)
        again.auto_chance = auto
        if auto:
            while again.is_chance:
                again.sample_chance()
        return again

    def run(parts: list[Any]) -> str:
        call = choices if pairs is None else _mapping(parts)
        return fuzz.check_act_joint(fresh(), call)

    def describe(parts: list[Any]) -> str:
        call = choices if pairs is None else _mapping(parts)
        settle = "\n    while state.is_chance: state.sample_chance()" if auto else ""
        return (
            f"state = state_from_dict({where})\n    state.auto_chance = {auto}{settle}"
            f"\n    state.act_joint({show(call, 400)})"
        )

    return Case(run, pairs if pairs is not None else [], describe)


def _mapping(pairs: list[tuple[Any, Any]]) -> Any:
    if len({repr(key) for key, _ in pairs}) < len(pairs):
        return fuzz.Pairs(pairs)
    return dict(pairs)


# -- running and classifying -------------------------------------------------------------


def classify(error: BaseException) -> tuple[str, BaseException]:
    """The finding's class, and the exception whose origin identifies it."""
    if isinstance(error, trust_fuzz.TrustFinding):
        return error.klass, error
    if isinstance(error, fuzz.ActJointFinding):
        return "act-joint", error
    if isinstance(error, fuzz.SampledViewDiffers):
        return "sample-view", error
    if isinstance(error, fuzz.LoadedThenFailed):
        return "loads-then-fails", error.__cause__ or error
    if isinstance(error, (AssertionError, Stall)):
        return "loads-then-fails", error
    return "exception", error


def origin(error: BaseException) -> str:
    """Where an exception was raised: the innermost frame in relicbox (else the last)."""
    frames = traceback.extract_tb(error.__traceback__)
    inside = [f for f in frames if "/relicbox/" in f.filename] or frames
    if not inside:
        return "?"
    frame = inside[-1]
    return f"{frame.filename.split('relicbox/')[-1]}:{frame.lineno}"


def signature(kind: str, game: Game, error: BaseException) -> tuple[str, str]:
    klass, cause = classify(error)
    if isinstance(cause, (fuzz.ActJointFinding, trust_fuzz.TrustFinding)):
        return klass, f"{klass} {kind} {game.name}: {cause.what}"
    if kind in TRUST_KINDS and isinstance(cause, Stall):
        return "stall", f"stall {kind} {game.name}"
    if klass == "sample-view":
        return klass, f"{klass} {kind} {game.name}"
    return klass, f"{klass} {kind} {game.name}: {type(cause).__name__} at {origin(cause)}"


def run_case(case: Case, parts: list[Any], seconds: float) -> BaseException | str:
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        return case.run(parts)
    except Exception as error:
        return error
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)


def shrink(case: Case, key: str, kind: str, game: Game, seconds: float) -> list[Any]:
    """The fewest parts (edits, calls, options, seats) that still give the same finding."""
    parts = list(case.parts)
    changed = True
    while changed and parts:
        changed = False
        for i in range(len(parts)):
            trial = parts[:i] + parts[i + 1 :]
            outcome = run_case(case, trial, seconds)
            # An edit that no longer fits once an earlier one is gone fails in the support
            # code, not in relicbox: a different key, so that trial is not taken.
            if isinstance(outcome, BaseException) and signature(kind, game, outcome)[1] == key:
                parts, changed = trial, True
                break
    return parts


def _alarm(signum: int, frame: Any) -> None:
    raise Stall("the case ran over its time budget")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--seconds", type=float, default=60.0, help="stop after this long")
    parser.add_argument("--count", type=int, default=None, help="stop after this many cases")
    parser.add_argument(
        "--seed", type=int, default=1, help="seed of the campaign (default %(default)s)"
    )
    parser.add_argument("--game", default=None, help="one game only")
    parser.add_argument("--kinds", default=",".join(KINDS), help="comma-separated case kinds")
    parser.add_argument("--case-seconds", type=float, default=120.0, help="a stall after this")
    parser.add_argument("--progress", type=float, default=30.0, help="seconds between reports")
    parser.add_argument("--summary", default=None, help="also write the summary (Markdown) here")
    parser.add_argument(
        "--repro",
        nargs=3,
        metavar=("KIND", "GAME", "CASE"),
        default=None,
        help="replay one finding: its kind, game and case number",
    )
    args = parser.parse_args()
    sys.setrecursionlimit(10_000)  # deep inputs must reach relicbox's own depth checks
    signal.signal(signal.SIGALRM, _alarm)
    if args.repro:
        kind, name, number = args.repro
        case = build_case(kind, relicbox.get_game(name), int(number))
        print(case.describe(case.parts))
        try:
            print(case.run(case.parts))  # raises with the full traceback
        finally:
            trust_fuzz.close_server()
        return
    try:
        campaign(args)
    finally:
        trust_fuzz.close_server()


def campaign(args: argparse.Namespace) -> None:
    rng = random.Random(args.seed)
    games = [relicbox.get_game(args.game)] if args.game else relicbox.list_games()
    kinds = [k for k in args.kinds.split(",") if k]
    unknown = set(kinds) - set(KINDS)
    if unknown:
        raise SystemExit(f"unknown kinds {sorted(unknown)}: choose from {', '.join(KINDS)}")
    tried: Counter[str] = Counter()
    findings: dict[str, Finding] = {}
    started = time.monotonic()
    deadline = started + args.seconds
    next_report = started + args.progress
    cases = 0
    while time.monotonic() < deadline and (args.count is None or cases < args.count):
        game = rng.choice(games)
        kind = rng.choice(kinds)
        if kind == "scenario":
            game = relicbox.get_game("relic-runners")
        number = rng.randrange(1 << 30)
        cases += 1
        seconds = case_seconds(kind, args.case_seconds)
        try:
            case = build_case(kind, game, number)
        except Exception as error:  # building from real games must not fail
            outcome: BaseException | str = error
        else:
            outcome = run_case(case, case.parts, seconds)
        if isinstance(outcome, str):
            tried[f"{kind} {game.name} {outcome}"] += 1
        else:
            klass, key = signature(kind, game, outcome)
            tried[f"{kind} {game.name} finding"] += 1
            finding = findings.get(key)
            if finding is None:
                finding = findings[key] = Finding(klass, key, case=number)
                parts = shrink(case, key, kind, game, seconds)
                finding.repro = case.describe(parts).replace("\n    ", "\n")
                shrunk = run_case(case, parts, seconds)
                shown = shrunk if isinstance(shrunk, BaseException) else outcome
                finding.message = f"{type(classify(shown)[1]).__name__}: {classify(shown)[1]}"[:400]
                finding.where = [f"--repro {kind} {game.name} {number}"]
                print(f"FINDING {key}\n  {finding.message}\n  {finding.repro}", flush=True)
            finding.count += 1
        if time.monotonic() >= next_report:
            next_report += args.progress
            found = Counter(f.klass for f in findings.values())
            print(
                f"[{time.monotonic() - started:6.0f}s] {cases} cases, "
                f"{len(findings)} distinct findings {dict(found)}",
                flush=True,
            )
    report(args, tried, findings, cases, time.monotonic() - started)


def report(
    args: argparse.Namespace,
    tried: Counter[str],
    findings: dict[str, Finding],
    cases: int,
    elapsed: float,
) -> None:
    lines = [
        "# Fuzz campaign summary",
        "",
        f"{cases} cases in {elapsed:.0f} s (seed {args.seed}, kinds {args.kinds}, "
        f"game {args.game or 'all'}); {len(findings)} distinct findings.",
        "",
        "## Cases by kind, game and outcome",
        "",
        *(f"* {key}: {count}" for key, count in sorted(tried.items())),
    ]
    for klass in CLASSES:
        found = [f for f in findings.values() if f.klass == klass]
        lines += ["", f"## {klass}: {len(found)} distinct, {sum(f.count for f in found)} cases", ""]
        for finding in sorted(found, key=lambda f: f.key):
            lines += [
                f"### {finding.key} ({finding.count} cases)",
                "",
                f"{finding.message}",
                "",
                "```",
                f"{finding.repro}",
                "```",
                f"Rerun: `scripts/fuzz_campaign.py {finding.where[0]}`",
                "",
            ]
    text = "\n".join(lines)
    print(text)
    if args.summary:
        with open(args.summary, "w", encoding="utf-8") as out:
            out.write(text + "\n")
    print(json.dumps({"cases": cases, "seconds": round(elapsed), "findings": len(findings)}))


if __name__ == "__main__":
    main()
