"""Hostile inputs at relicbox's trust boundary (``docs/trust.md``), for the fuzz campaign.

``scripts/fuzz_campaign.py`` builds its ``seat``, ``save``, ``store``, ``adapter`` and
``websocket`` cases from these helpers. Each ``*_case`` function makes one case from a
seeded generator and returns ``(run, parts, describe)``: ``run(parts)`` checks the input
made of ``parts`` (seat texts, edits, actions, messages; fewer of them when shrinking) and
returns what became of it, or raises. What it raises is a finding:

* :class:`TrustFinding`, whose ``klass`` is ``names-code`` (a file, a request or a message
  made relicbox accept, import or start code: a planted program or module left its marker,
  a module named by the input appeared, a typed spec from data names code), ``terminal``
  (a control character reached the terminal), ``partial-apply`` (a refused action changed
  the state), ``loose-action`` (an adapter took a value that is not a legal whole number
  as a move), ``crash`` (the server stopped answering) or ``exception`` (a traceback
  printed, an odd exit code, an ERROR logged by the server, a socket closed as failed);
* any other exception that is not a :class:`RelicboxError`: an ``exception`` finding.

Every hostile program or module is planted in a private folder (:func:`sandbox`): the
program and the module only create the marker file, which must never exist.
"""

from __future__ import annotations

import atexit
import base64
import contextlib
import copy
import functools
import json
import logging
import math
import operator
import os
import pickle
import random
import re
import shutil
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from decimal import Decimal
from fractions import Fraction
from pathlib import Path
from typing import Any

import relicbox
from relicbox import RelicboxError
from relicbox.core.game import Game, State
from relicbox.core.rng import Rng
from support import fuzz

Run = Callable[[list[Any]], str]
Built = tuple[Run, list[Any], Callable[[list[Any]], str]]
"""A case: how to run it on some of its parts, its parts, and its text for a person."""


class TrustFinding(AssertionError):
    """A fault at the trust boundary that is not simply an exception."""

    def __init__(self, klass: str, what: str, detail: str = "") -> None:
        super().__init__(what + (f": {detail}" if detail else ""))
        self.klass = klass
        self.what = what


def short(value: Any, limit: int = 120) -> str:
    """A short text for any value (long texts, deep lists and 5,000-digit numbers too)."""
    if isinstance(value, Raw):
        text = str(value)
        return f"Raw({text[:40]!r}{'...' if len(text) > 40 else ''}, {len(text)} chars)"
    if isinstance(value, str) and len(value) > limit:
        return f"{value[:30]!r}... (text of {len(value)} characters)"
    if isinstance(value, bytes) and len(value) > limit:
        return f"{value[:30]!r}... ({len(value)} bytes)"
    try:
        text = repr(value)
    except (ValueError, RecursionError):
        text = f"<{type(value).__name__}>"
    return text if len(text) <= limit else text[: limit - 3] + "..."


# -- the sandbox: a marker that must never exist ------------------------------------------


@dataclass(frozen=True)
class Sandbox:
    folder: Path
    marker: Path
    plant: str
    """A module on ``sys.path`` whose import creates the marker (``plant:choose`` names it)."""
    program: Path
    """An executable that creates the marker."""
    commands: tuple[str, ...]
    """Commands that create the marker, for ``stdio:`` specs."""


@functools.cache
def sandbox() -> Sandbox:
    folder = Path(tempfile.mkdtemp(prefix="rbfz-"))
    atexit.register(shutil.rmtree, folder, True)
    marker = folder / "MARKER"
    plant = "rbfz_plant"
    (folder / f"{plant}.py").write_text(
        f"open({str(marker)!r}, 'w').close()\n\n\ndef choose(view, legal):\n    return legal[0]\n"
    )
    program = folder / "plant.sh"
    program.write_text(f"#!/bin/sh\ntouch {marker}\n")
    program.chmod(0o755)
    sys.path.insert(0, str(folder))
    commands = (
        str(program),
        f"sh {program}",
        f"touch {marker}",
        f"python3 -c \"open('{marker}','w')\"",
        f"{sys.executable} -m {plant}",
    )
    return Sandbox(folder, marker, plant, program, commands)


def case_folder() -> Path:
    """An empty folder for one case's files."""
    folder = sandbox().folder / "case"
    if folder.is_symlink() or folder.is_file():
        folder.unlink()
    elif folder.exists():
        shutil.rmtree(folder)
    folder.mkdir()
    return folder


_IDENTIFIER = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")


def guarded(body: Callable[[], str], hostile: Any = "") -> str:
    """``body()``, then the checks that it ran no planted code: the marker does not exist,
    and no module named by the ``hostile`` input (nor the planted one) was imported."""
    box = sandbox()
    box.marker.unlink(missing_ok=True)
    sys.modules.pop(box.plant, None)
    before = set(sys.modules)
    try:
        outcome = body()
    except BaseException:
        _ran_no_code(box, before, hostile)
        raise
    _ran_no_code(box, before, hostile)
    return outcome


def _ran_no_code(box: Sandbox, before: set[str], hostile: Any) -> None:
    if box.marker.exists():
        box.marker.unlink()
        raise TrustFinding("names-code", "a planted program or module ran (its marker exists)")
    named = set(_IDENTIFIER.findall(repr(hostile))) | {box.plant}
    imported = sorted(
        name
        for name in set(sys.modules) - before
        if name.split(".")[0] in named and not name.startswith("relicbox")
    )
    if imported:
        raise TrustFinding("names-code", "a module named by the input was imported", imported[0])


def no_code(spec: Any, how: str) -> None:
    """A spec made from data must not name code."""
    from relicbox.bots import ProgramBot, PythonBot

    if isinstance(spec, (ProgramBot, PythonBot)) or getattr(spec, "names_code", False):
        raise TrustFinding("names-code", f"{how} accepted {type(spec).__name__}", short(spec))


# -- seat and bot texts -----------------------------------------------------------------

MODULES = (
    "os", "_os", "subprocess", "builtins", "importlib", "pickle", "this", "shutil", "ctypes",
    "relicbox", "relicbox.bots.specs", "rbfz_plant",
)  # fmt: skip
ATTRIBUTES = (
    "getcwd", "system", "_os.getcwd", "choose", "__import__", "call", "loads", "rmtree",
    "path.join", "make_bot", "",
)  # fmt: skip
NUMBERS = (
    "0", "1", "2", "5", "20", "50", "-1", "1.5", "1e3", "64", "65", "100", "101", "1000",
    "1001", "5000", "5001", "1e9", "1000000001", "9" * 40, "9" * 5000, "nan", "inf", "-inf",
    "1e309", "0x10", "1_0", "٣", "²", " 7 ", "+3", "1e-300", "-0", "007", "",
)  # fmt: skip
ODD_CHARS = (
    "\x00", "\n", "\t", "\r", "\x1b[31m", "\x07", "\x9b", "\u202e", "\u200b", "\ud800", "ｒｕｌｅ",
    "İ", "ß", "💎", "\x85", "\u2028", " ", ",", ":", "=", "@", ";", "|", "$(id)", "`id`", "../",
    "%s", "{}", "\\", "bot:",
)  # fmt: skip
SETTINGS = (
    "iters", "ms", "rollout", "c", "horizon", "prior", "bias", "worlds", "clock", "paired",
    "margin", "depth", "candidates", "stdio", "module", "", "__class__",
)  # fmt: skip
NOT_TEXT: tuple[Any, ...] = (None, 5, 1.5, True, ["rule"], {"bot": "rule"}, b"rule", ("rule",))


def bot_names(game: Game) -> list[str]:
    from relicbox.bots import spec_names

    return [*spec_names(game), "random", "rule", "expert", "cautious", "human", "ismcts"]


def seat_text(rng: random.Random, game: Game) -> Any:
    """A random seat or bot text, mostly hostile: code named behind built-in names, programs,
    callables, search settings out of range or naming code, odd characters and numbers."""
    box = sandbox()
    names = bot_names(game)
    families = list(game.bot_families) or ["threshold"]
    command = rng.choice(box.commands)
    number = rng.choice(NUMBERS)

    def inner() -> str:
        return rng.choice(
            (
                f"stdio:{command}",
                f"{box.plant}:choose",
                f"random:{rng.choice(MODULES)}.{rng.choice(ATTRIBUTES)}",
                "ismcts",
                "rule",
                "random",
                f"{rng.choice(families)}:{number}",
                "none",
                rng.choice(ODD_CHARS),
            )
        )

    def settings() -> str:
        pieces = []
        for _ in range(rng.randint(1, 4)):
            key = rng.choice(SETTINGS)
            value = inner() if key in ("rollout", "prior") else rng.choice(NUMBERS)
            if key == "clock":
                value = rng.choice(("cpu", "wall", "", command))
            pieces.append(f"{key}={value}")
        return ",".join(pieces)

    roll = rng.random()
    if roll < 0.03:
        return copy.deepcopy(rng.choice(NOT_TEXT))
    templates: tuple[Callable[[], str], ...] = (
        lambda: f"{rng.choice(names)}:{rng.choice(MODULES)}.{rng.choice(ATTRIBUTES)}",
        lambda: f"{rng.choice(names)}:{rng.choice(ATTRIBUTES)}",
        lambda: f"stdio:{command}",
        lambda: f"stdio@{number}:{command}",
        lambda: f"{rng.choice(MODULES)}:{rng.choice(ATTRIBUTES)}",
        lambda: f"{box.plant}:choose",
        lambda: f"ismcts:{settings()}",
        lambda: f"ismcts:iters={number},stdio:{command}",
        lambda: f"ismcts:{settings()},{inner()}",
        lambda: f"{rng.choice(families)}:{number}",
        lambda: f"{rng.choice(families)}:{number},stdio:{command}",
        lambda: f"bot:{inner()}",
        lambda: rng.choice(("human", "HUMAN", " human ", "human:x", "humаn", "bot:human", "Human")),
        lambda: rng.choice(names),
        lambda: rng.choice(names).upper(),
        lambda: "".join(
            rng.choice((*names, *ODD_CHARS, *MODULES, number, command, ":", ",", "="))
            for _ in range(rng.randint(1, 6))
        ),
        lambda: _insert(rng.choice(names) + rng.choice(("", f":{settings()}")), rng),
        lambda: rng.choice(names) + " " * rng.choice((1, 300, 5000)),
        lambda: "ismcts:" + "iters=1," * rng.choice((2, 40, 400)),
        lambda: "bot:" * rng.randint(2, 5) + rng.choice(names),
    )
    return rng.choice(templates)()


def _insert(text: str, rng: random.Random) -> str:
    at = rng.randrange(len(text) + 1)
    return text[:at] + rng.choice(ODD_CHARS) + text[at:]


def seat_case(game: Game, case: int, rng: random.Random, position: dict[str, Any]) -> Built:
    """Seat texts through ``parse_seat`` (as data) and ``online_bot``, and any accepted bot
    made and asked for one move on a real position."""
    texts = [seat_text(rng, game) for _ in range(rng.choice((1, 1, 2, 3)))]

    def run(parts: list[Any]) -> str:
        outcomes = [
            guarded(lambda text=text: check_seat(game, text, position), text) for text in parts
        ]
        return "accepted" if "accepted" in outcomes else "refused"

    def describe(parts: list[Any]) -> str:
        return "\n".join(
            f"trust_fuzz.check_seat(get_game({game.name!r}), {short(text, 400)}, position)"
            for text in parts
        )

    return run, texts, describe


def settled(data: dict[str, Any]) -> tuple[State, int] | None:
    """The position ``data`` with its chance events drawn, and a seat to act (None at the end)."""
    state = relicbox.state_from_dict(data)
    while state.is_chance and not state.is_over:
        state.sample_chance()
    if state.is_over or not state.to_act:
        return None
    return state, state.to_act[0]


def check_seat(game: Game, text: Any, position: dict[str, Any]) -> str:
    from relicbox.bots import Human, Origin, SearchBot, make_bot, parse_seat
    from relicbox.server.botspecs import online_bot, online_bot_problem, online_bot_spec

    accepted = False
    readers: tuple[tuple[str, Callable[[], Any]], ...] = (
        ("parse_seat(text, game, Origin.DATA)", lambda: parse_seat(text, game, Origin.DATA)),
        ("online_bot(text, game, 1000)", lambda: online_bot(text, game, 1000)),
    )
    for how, read in readers:
        try:
            spec = read()
        except RelicboxError:
            continue
        accepted = True
        no_code(spec, how)
        if isinstance(spec, Human):
            continue
        agent = make_bot(spec, game)
        if isinstance(spec, SearchBot):
            # The search as made from the spec; its move within 20 ms (a file may seat a
            # search of 5,000 iterations, which would take a Relic Runners case minutes).
            settings = [(key, value) for key, value in spec.settings if key != "ms"]
            agent = make_bot(SearchBot((*settings, ("ms", "20"))), game)
        found = settled(position)
        if found is not None:
            state, seat = found
            legal = state.legal_actions(seat)
            chosen = agent.choose(state.view(seat), legal, Rng(7))
            if chosen not in legal:
                raise TrustFinding("exception", f"the bot {how} made chose an illegal action")
    online_bot_problem(text, game, 1000)
    if accepted and isinstance(text, str):
        with contextlib.suppress(RelicboxError):
            online_bot_spec(text, 1000, game)
    return "accepted" if accepted else "refused"


# -- JSON with raw pieces ----------------------------------------------------------------


def _text_of(value: Any) -> str:
    """Bytes (and anything else JSON cannot write) as text, as a careless writer would."""
    return value.decode("latin-1") if isinstance(value, bytes) else repr(value)


class Raw(str):
    """Text written into a JSON file as it is: 5,000-digit numbers, NaN, deep nesting."""


def dump(value: Any, ascii_only: bool = True) -> str:
    """JSON text of ``value``, each :class:`Raw` written as its own text."""
    raws: list[str] = []

    def swap(node: Any) -> Any:
        if isinstance(node, Raw):
            raws.append(str(node))
            return f"\x00raw{len(raws) - 1}\x00"
        if isinstance(node, dict):
            return {key: swap(item) for key, item in node.items()}
        if isinstance(node, list):
            return [swap(item) for item in node]
        return node

    text = json.dumps(swap(value), ensure_ascii=ascii_only, default=_text_of)
    for number, raw in enumerate(raws):
        text = text.replace(json.dumps(f"\x00raw{number}\x00"), raw, 1)
    return text


RAW_VALUES = (
    Raw("9" * 5000), Raw("-" + "9" * 5000), Raw("1e5000"), Raw("0." + "0" * 4000 + "1"),
    Raw("NaN"), Raw("Infinity"), Raw("-Infinity"), Raw("1" + "0" * 25),
    Raw("[" * 5000 + "]" * 5000), Raw('{"a":' * 3000 + "1" + "}" * 3000), Raw('"\\ud800"'),
    Raw('"\\u0000"'), Raw("-0"), Raw("1E2"),
)  # fmt: skip


def odd_value(rng: random.Random) -> Any:
    roll = rng.random()
    if roll < 0.3:
        return rng.choice(RAW_VALUES)
    if roll < 0.5:
        return label(rng)
    return copy.deepcopy(rng.choice(fuzz.ODD_VALUES))


LABELS = (
    "bot:rule\x1b[2J\x1b[31mred", "\x07bell", "a\rb", "\x9b31mcsi", "\u202eevil", "human\ud800",
    "\x00nul", "line\nbreak", "\x1b]0;title\x07", "\x7fdel", "\u0085next", "\x1bc", "tab\there",
    "\x1b[6n",
)  # fmt: skip


def label(rng: random.Random) -> str:
    """A seat label made to trouble a terminal: control characters, escapes, lone surrogates,
    or a very long text."""
    roll = rng.random()
    if roll < 0.15:
        return rng.choice(("x" * rng.choice((201, 5000, 100_000)), "\x1b[31m" * 1000))
    if roll < 0.3:
        return "bot:" + "".join(rng.choice(LABELS) for _ in range(rng.randint(1, 4)))
    return rng.choice(LABELS)


def _set(tree: Any, path: tuple[Any, ...], value: Any) -> None:
    node = tree
    for part in path[:-1]:
        if isinstance(node, list):
            node = node[part % len(node)] if isinstance(part, int) and node else node[part]
        else:
            node = node[part]
    last = path[-1]
    if isinstance(node, list):
        if not node:
            node.append(value)
            return
        last = last % len(node) if isinstance(last, int) else last
    node[last] = copy.deepcopy(value)


def _delete(tree: Any, path: tuple[Any, ...]) -> None:
    node = tree
    for part in path[:-1]:
        node = node[part % len(node)] if isinstance(node, list) and node else node[part]
    last = path[-1]
    if isinstance(node, list) and node:
        last %= len(node)
    del node[last]


def edit_tree(tree: Any, edits: list[tuple[Any, ...]]) -> Any:
    """A copy of ``tree`` with ``("set", path, value)`` and ``("del", path)`` edits made;
    an edit that no longer fits (an earlier one left out) is skipped."""
    tree = copy.deepcopy(tree)
    for edit in edits:
        with contextlib.suppress(LookupError, TypeError, ZeroDivisionError, AttributeError):
            if edit[0] == "set":
                _set(tree, edit[1], edit[2])
            elif edit[0] == "del":
                _delete(tree, edit[1])
    return tree


def place(path: Path, payload: bytes, how: str | None) -> None:
    """Put the case's file at ``path``: ``payload`` as a regular file, or something else
    (``fifo``, ``folder``, a link to ``/dev/zero``, ``/dev/null`` or nowhere)."""
    if path.is_symlink() or path.is_file():
        path.unlink()
    elif path.is_dir():
        shutil.rmtree(path)
    elif path.exists():
        path.unlink()
    if how == "fifo":
        os.mkfifo(path)
    elif how == "folder":
        path.mkdir()
    elif how in ("/dev/zero", "/dev/null", "/dev/urandom"):
        path.symlink_to(how)
    elif how == "dangling":
        path.symlink_to(path.parent / "nowhere")
    else:
        path.write_bytes(payload)


FILE_KINDS = ("fifo", "folder", "/dev/zero", "/dev/null", "/dev/urandom", "dangling")
BYTE_EDITS = ("bom", "latin1", "nul", "truncate", "empty", "pad", "crlf", "surrogate-bytes")


def edit_bytes(payload: bytes, how: str, rng_value: float) -> bytes:
    if how == "bom":
        return b"\xef\xbb\xbf" + payload
    if how == "latin1":
        at = int(len(payload) * rng_value)
        return payload[:at] + b"\xff\xfe" + payload[at:]
    if how == "nul":
        at = int(len(payload) * rng_value)
        return payload[:at] + b"\x00" + payload[at:]
    if how == "truncate":
        return payload[: int(len(payload) * rng_value)]
    if how == "empty":
        return b""
    if how == "pad":
        return payload + b" " * 2_000_000
    if how == "crlf":
        return payload.replace(b"\n", b"\r\n")
    if how == "surrogate-bytes":
        return payload.replace(b"\\ud800", b"\xed\xa0\x80")
    return payload


# -- saves -------------------------------------------------------------------------------

SAVE_SEEDS = 20
DECISIONS = {"relic-runners": 2, "tschak": 5}
"""At most this many decisions in a base save (analysis plays each one out); 30 elsewhere."""


@functools.cache
def base_save(name: str, seed: int) -> dict[str, Any]:
    """A real save of a short bot game, as ``save_match`` writes it, read back."""
    from relicbox.bots import BuiltinBot, Origin, parse_seat
    from relicbox.play.match import EarlierSeating, Match, save_match

    game = relicbox.get_game(name)
    rng = random.Random(seed)
    players = rng.choice(list(game.players))
    state = relicbox.new_game(name, players, seed=seed, **fuzz.short_options(game))
    match = Match(state, [BuiltinBot("random")] * players)
    for _ in range(rng.randrange(DECISIONS.get(name, 30) + 1)):
        if match.play_one() is None:
            break
    offered = ["human", "bot:random", "bot:rule", "bot:ismcts:iters=20", "bot:threshold:5"]
    seats = []
    for _ in range(players):
        try:
            seats.append(parse_seat(rng.choice(offered), game, Origin.CALLER))
        except RelicboxError:
            seats.append(BuiltinBot("random"))
    match.seats = seats
    events = len(state.record["events"])
    if events and rng.random() < 0.4:
        match.earlier_seats = [EarlierSeating(rng.randrange(events + 1), tuple(seats))]
    path = sandbox().folder / f"base-{name}-{seed}.json"
    save_match(path, match, {"lang": "en"} if rng.random() < 0.5 else None)
    data: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    path.unlink()
    return data


def save_edit(rng: random.Random, game: Game, base: dict[str, Any]) -> tuple[Any, ...]:
    """One hostile edit of a save: ``("set"|"del", path, value)`` or ``("file", how, x)``."""
    seats = len(base.get("seats", [])) or 1
    roll = rng.random()
    if roll < 0.3:
        return ("set", ("seats", rng.randrange(seats)), seat_text(rng, game))
    if roll < 0.45:
        return ("set", ("seats", rng.randrange(seats)), label(rng))
    if roll < 0.52:
        value = rng.choice(
            (
                [seat_text(rng, game) for _ in range(seats)],
                [label(rng)] * rng.choice((seats, seats + 1, 1000)),
                ",".join(str(seat_text(rng, game)) for _ in range(seats)),
                odd_value(rng),
            )
        )
        return ("set", ("seats",), value)
    if roll < 0.65:
        entry = {
            "events": rng.choice((0, 1, 2, -1, 10**6, "1", None, 1.5, True, Raw("9" * 5000))),
            "seats": rng.choice(
                (
                    [label(rng) for _ in range(seats)],
                    [seat_text(rng, game) for _ in range(seats)],
                    odd_value(rng),
                )
            ),
        }
        many = 500 if len(dump(entry)) < 2000 else 2  # the file stays a few MB at most
        value = rng.choice(([entry], [entry] * many, entry, odd_value(rng)))
        return ("set", ("earlier_seats",), value)
    if roll < 0.72:
        return ("file", rng.choice((*FILE_KINDS, *BYTE_EDITS)), rng.random())
    if roll < 0.8:
        key = rng.choice(("format", "lang", "record", "seats", "earlier_seats", "extra"))
        return ("set", (key,), odd_value(rng))
    record = base.get("record", {})
    key = rng.choice(list(record) or ["events"])
    if key == "events" and record.get("events") and rng.random() < 0.6:
        path: tuple[Any, ...] = ("record", "events", rng.randrange(len(record["events"])))
    elif key == "options" and rng.random() < 0.6:
        option = rng.choice([o.name for o in game.options] or ["x"])
        value = rng.choice(("/dev/zero", "/etc/passwd", str(sandbox().folder), odd_value(rng)))
        return ("set", ("record", "options", option), value)
    else:
        path = ("record", key)
    if rng.random() < 0.15:
        return ("del", path)
    return ("set", path, odd_value(rng))


def write_edited(path: Path, base: Any, edits: list[tuple[Any, ...]], lines: bool = False) -> None:
    """Write ``base`` with the tree edits made and the file edits done, at ``path``."""
    tree = edit_tree(base, [e for e in edits if e[0] != "file"])
    if lines:
        payload = "".join(dump(line) + "\n" for line in tree).encode("utf-8")
    else:
        payload = dump(tree).encode("utf-8")
    kind = None
    for edit in edits:
        if edit[0] == "file" and edit[1] in FILE_KINDS:
            kind = edit[1]
        elif edit[0] == "file":
            payload = edit_bytes(payload, edit[1], edit[2])
    place(path, payload, kind)


def save_case(game: Game, case: int, rng: random.Random) -> Built:
    """A real save with 1-3 hostile edits, through ``load_saved`` and the CLI's ``replay``,
    ``analyze`` and (for saves seating relicbox's quick bots only) ``play --resume``."""
    seed = rng.randrange(SAVE_SEEDS)
    base = base_save(game.name, seed)
    edits = [save_edit(rng, game, base) for _ in range(rng.choice((1, 1, 2, 3)))]
    commands = ["replay"]
    if rng.random() < 0.5:
        commands.append("analyze")
    if rng.random() < 0.3:
        commands.append("play")

    def run(parts: list[Any]) -> str:
        return guarded(lambda: check_save(base, parts, commands), parts)

    def describe(parts: list[Any]) -> str:
        shown = "".join(f"\n    {short(edit, 300)}," for edit in parts)
        return (
            f"base = trust_fuzz.base_save({game.name!r}, {seed})\nedits = [{shown}\n]\n"
            f"trust_fuzz.check_save(base, edits, {commands!r})"
        )

    return run, edits, describe


def check_save(base: dict[str, Any], edits: list[tuple[Any, ...]], commands: list[str]) -> str:
    from relicbox.bots import BuiltinBot, FamilyBot, Human
    from relicbox.play.match import earlier_seatings, load_saved

    path = case_folder() / "save.json"
    write_edited(path, base, edits)
    outcome = "refused"
    quick = True  # play --resume only what plays out quickly: a refusal, or quick bots
    for how in ("", "seats_as_labels", "seats_replaced"):
        try:
            state, seats, data = load_saved(path, **({how: True} if how else {}))
        except RelicboxError:
            continue
        outcome = "accepted"
        for seat in seats or []:
            no_code(seat, f"load_saved({how or 'path'})")
        if not how:
            quick = all(isinstance(s, (Human, BuiltinBot, FamilyBot)) for s in seats or [])
        if how == "seats_as_labels" and seats is not None:
            with contextlib.suppress(RelicboxError):
                earlier_seatings(path, data, state)
    for command in commands:
        if command == "play" and not quick:
            continue
        write_edited(path, base, edits)
        cli(command, str(path))
    return outcome


CLI_ARGS = {
    "replay": ["replay"],
    "analyze": ["analyze", "--budget", "1ms", "--worlds", "2", "--seat", "1"],
    "play": ["play", "--resume"],
}


def cli(command: str, path: str) -> None:
    """``relicbox COMMAND path``: exit 0, 1 or 2, no traceback, no control character."""
    from typer.testing import CliRunner

    from relicbox.cli.main import app

    words = CLI_ARGS[command]
    args = [*words[:1], path, *words[1:]] if command != "play" else [*words, path]
    try:
        result = CliRunner().invoke(app, args, input="")
    finally:
        _empty_consoles()
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        raise result.exception
    # 130: play stopped by an interrupt; the end of its input (no person here) is one
    if result.exit_code not in (0, 1, 2, *((130,) if command == "play" else ())):
        raise TrustFinding("exception", f"{command} exited with code {result.exit_code}")
    try:
        text = result.output + result.stderr
    except ValueError:
        text = result.output
    if "Traceback" in text:
        raise TrustFinding("exception", f"{command} printed a traceback", text[-300:])
    shown = sorted({f"U+{ord(c):04X}" for c in text if is_control(c)})
    if shown:
        raise TrustFinding("terminal", f"{command} printed control characters", " ".join(shown))


def _empty_consoles() -> None:
    """Empty the buffers of the CLI's rich consoles: a write that failed (a lone surrogate)
    leaves its text there, which the next command of this process would print again; a
    real command is a process of its own."""
    from rich.console import Console

    consoles: list[Any] = []
    for name, module in list(sys.modules.items()):
        if name.startswith("relicbox.cli"):
            consoles += vars(module).values()
            made = getattr(vars(module).get("_LazyConsole"), "made", None)
            consoles.append(made)  # the lazily made console of relicbox.cli.common
    for console in consoles:
        if isinstance(console, Console):
            del console._buffer[:]


def is_control(char: str) -> bool:
    code = ord(char)
    return (code < 32 and char not in "\n\t") or 127 <= code <= 159


# -- tournament stores -------------------------------------------------------------------

STORE_SEEDS = 8


@dataclass(frozen=True)
class StoreBase:
    settings: tuple[tuple[str, Any], ...]
    lines: tuple[Any, ...] = field(default=())

    def tournament(self, path: Path) -> Any:
        from relicbox.play.tournament import make_tournament

        return make_tournament(store=path, **copy.deepcopy(dict(self.settings)))


@functools.cache
def base_store(name: str, seed: int) -> StoreBase:
    """A real store of a few short games, each line parsed."""
    from relicbox.bots import spec_names

    game = relicbox.get_game(name)
    rng = random.Random(seed)
    players = game.min_players
    plain = [bot for bot in spec_names(game) if bot != "ismcts"]
    if len(plain) >= players and rng.random() < 0.5:
        bots, pairing = plain[: players + rng.randrange(len(plain) - players + 1)], "round-robin"
    else:
        bots, pairing = ["random", "rule"], "blocs"
    settings = {
        "game": name,
        "players": players,
        "bots": bots,
        "games": rng.randint(2, 6),
        "seed": seed,
        "pairing": pairing,
        "options": fuzz.short_options(game),
    }
    base = StoreBase(tuple(settings.items()))
    path = sandbox().folder / f"base-{name}-{seed}.jsonl"
    base.tournament(path).run(stop_after=rng.randint(1, settings["games"]))
    lines = tuple(json.loads(line) for line in path.read_text().splitlines() if line.strip())
    path.unlink()
    return StoreBase(base.settings, lines)


def store_edit(rng: random.Random, game: Game, base: StoreBase) -> tuple[Any, ...]:
    count = len(base.lines)
    line = rng.randrange(count)
    roll = rng.random()
    if roll < 0.45:
        tree = base.lines[line]
        key = rng.choice(list(tree)) if isinstance(tree, dict) and tree else "index"
        path: tuple[Any, ...] = (line, key)
        value = tree.get(key) if isinstance(tree, dict) else None
        if isinstance(value, list) and value and rng.random() < 0.5:
            path = (*path, rng.randrange(len(value)))
        if key == "bots" and rng.random() < 0.5:
            return ("set", path, [seat_text(rng, game) for _ in range(2)])
        if rng.random() < 0.1:
            return ("del", path)
        return ("set", path, odd_value(rng))
    if roll < 0.6:
        return ("set", (line,), odd_value(rng))
    if roll < 0.75:
        return ("line", rng.choice(("drop", "dup", "swap", "blank", "cut")), line, rng.random())
    if roll < 0.85:
        junk = rng.choice(
            (
                "garbage",
                "{",
                "[" * 5000,
                "null",
                "\x00",
                '{"index": ' + "9" * 5000 + "}",
                json.dumps(base.lines[0]),
                "x" * 5_000_000,
            )
        )
        return ("line", "insert", line, junk)
    return ("file", rng.choice((*FILE_KINDS, *BYTE_EDITS)), rng.random())


def write_store(path: Path, base: StoreBase, edits: list[tuple[Any, ...]]) -> None:
    lines: list[Any] = edit_tree(list(base.lines), [e for e in edits if e[0] in ("set", "del")])
    texts = [dump(line) for line in lines]
    for edit in edits:
        if edit[0] != "line" or not texts:
            continue
        op, at = edit[1], edit[2] % len(texts)
        if op == "drop":
            del texts[at]
        elif op == "dup":
            texts.insert(at, texts[at])
        elif op == "swap":
            texts[at], texts[-1] = texts[-1], texts[at]
        elif op == "blank":
            texts.insert(at, "   ")
        elif op == "cut":
            texts[at] = texts[at][: int(len(texts[at]) * edit[3])]
        elif op == "insert":
            texts.insert(at, edit[3])
    payload = "".join(text + "\n" for text in texts).encode("utf-8", "surrogatepass")
    kind = None
    for edit in edits:
        if edit[0] == "file" and edit[1] in FILE_KINDS:
            kind = edit[1]
        elif edit[0] == "file":
            payload = edit_bytes(payload, edit[1], edit[2])
    place(path, payload, kind)


def store_case(game: Game, case: int, rng: random.Random) -> Built:
    """A real tournament store with 1-3 hostile edits, loaded by its tournament."""
    seed = rng.randrange(STORE_SEEDS)
    base = base_store(game.name, seed)
    edits = [store_edit(rng, game, base) for _ in range(rng.choice((1, 1, 2, 3)))]

    def run(parts: list[Any]) -> str:
        return guarded(lambda: check_store(base, parts), parts)

    def describe(parts: list[Any]) -> str:
        shown = "".join(f"\n    {short(edit, 300)}," for edit in parts)
        return (
            f"base = trust_fuzz.base_store({game.name!r}, {seed})\nedits = [{shown}\n]\n"
            "trust_fuzz.check_store(base, edits)  # make_tournament(...).load()"
        )

    return run, edits, describe


def check_store(base: StoreBase, edits: list[tuple[Any, ...]]) -> str:
    path = case_folder() / "store.jsonl"
    write_store(path, base, edits)
    tournament = base.tournament(path)
    try:
        results = tournament.load()
    except RelicboxError:
        return "refused"
    tournament.report([results[index] for index in sorted(results)])
    return "accepted"


# -- RL adapters -------------------------------------------------------------------------

APIS = ("aec", "parallel", "gym", "gym-make", "openspiel", "deserialize", "vector")


class _Index:
    """An object that is a whole number to Python (``__index__``)."""

    def __init__(self, value: int) -> None:
        self.value = value

    def __index__(self) -> int:
        return self.value

    def __repr__(self) -> str:
        return f"_Index({self.value})"


class _Int:
    """An object with ``__int__`` only: not a whole number."""

    def __init__(self, value: int) -> None:
        self.value = value

    def __int__(self) -> int:
        return self.value

    def __repr__(self) -> str:
        return f"_Int({self.value})"


def odd_action(rng: random.Random, legal: int, size: int) -> Any:
    """A value offered as an action: sometimes ``legal`` itself, mostly not a legal index."""
    import numpy as np

    choices: tuple[Callable[[], Any], ...] = (
        lambda: legal,
        lambda: float(legal),
        lambda: legal + 0.5,
        lambda: legal - 0.5,
        lambda: -0.0,
        lambda: math.nan,
        lambda: math.inf,
        lambda: -math.inf,
        lambda: True,
        lambda: False,
        lambda: str(legal),
        lambda: f" {legal} ",
        lambda: "leave",
        lambda: None,
        lambda: -1,
        lambda: -2,
        lambda: size,
        lambda: size + 1,
        lambda: 2**63,
        lambda: 2**64 + legal,
        lambda: -(2**64),
        lambda: np.int64(legal),
        lambda: np.int32(legal),
        lambda: np.uint32(legal),
        lambda: np.float32(legal),
        lambda: np.float64(legal + 0.3),
        lambda: np.bool_(True),
        lambda: np.array(legal),
        lambda: np.array([legal]),
        lambda: np.array([[legal]]),
        lambda: np.array([legal, legal]),
        lambda: np.array(float(legal)),
        lambda: np.array([]),
        lambda: [legal],
        lambda: (legal,),
        lambda: {legal},
        lambda: {"a": legal},
        lambda: b"1",
        lambda: complex(legal),
        lambda: Fraction(legal * 2, 2),
        lambda: Decimal(legal),
        lambda: _Int(legal),
        lambda: _Index(legal),
    )
    return rng.choice(choices)()


def whole(value: Any) -> bool:
    """Whether ``value`` is a whole number an adapter may take (not a bool, a float, a
    text or an array of one)."""
    import numpy as np

    if isinstance(value, (bool, np.bool_)):
        return False
    if isinstance(value, np.ndarray):
        return value.shape == () and np.issubdtype(value.dtype, np.integer)
    try:
        operator.index(value)
    except TypeError:
        return False
    return True


def _taken(value: Any, legal: list[int]) -> bool:
    """Whether an adapter that took ``value`` took a legal whole number."""
    return whole(value) and operator.index(value) in legal


@functools.cache
def environment(api: str, name: str, players: int, mode: str) -> Any:
    """The adapter ``api`` for a game; ``mode`` is the ``illegal=`` setting, or for OpenSpiel
    ``sequential`` or ``simultaneous`` (the form of a simultaneous game)."""
    game = relicbox.get_game(name)
    illegal = mode if mode in ("terminate", "raise") else "terminate"
    options = fuzz.short_options(game)
    if api == "aec":
        from relicbox.envs.pettingzoo import env

        return env(name, players, illegal=illegal, **options)
    if api == "parallel":
        from relicbox.envs.pettingzoo import parallel_env

        return parallel_env(name, players, illegal=illegal, **options)
    if api == "gym":
        from relicbox.envs.gymnasium import RelicboxEnv

        return RelicboxEnv(name, players, illegal=illegal, opponents="random", **options)
    if api == "gym-make":
        import gymnasium

        from relicbox.envs.gymnasium import env_id

        return gymnasium.make(env_id(game), players=players, illegal=illegal, **options)
    if api == "vector":
        from relicbox.envs.vector import DiamantVectorEnv

        return DiamantVectorEnv(4, players=players, opponents="random")
    import pyspiel

    from relicbox.envs import openspiel

    openspiel.register()
    sequential = mode == "sequential" and game.simultaneous
    params = {"players": players, **options}
    return pyspiel.load_game(openspiel.short_name(game, sequential), params)


def adapter_case(game: Game, case: int, rng: random.Random) -> Built:
    """Hostile actions through one adapter, after a few random legal steps from a seeded
    reset; each refused action must leave the state as it was, and each accepted one must
    have been a legal whole number."""
    apis = [api for api in APIS if api != "vector" or game.name == "diamant"]
    api = rng.choice(apis)
    players = rng.choice(list(game.players)[:3])
    if api == "vector":
        players = max(players, 3)
    forms = ("sequential", "simultaneous") if api in ("openspiel", "deserialize") else None
    mode = rng.choice(forms or ("terminate", "raise"))
    steps = rng.randrange(12)
    seed = rng.randrange(1000)
    count = rng.choice((1, 2, 3, 5))
    hostile = [rng.random() for _ in range(count)]

    def run(parts: list[Any]) -> str:
        env = environment(api, game.name, players, mode)
        check = ADAPTER_CHECKS[api]
        return guarded(lambda: check(env, seed, steps, parts), parts)

    def describe(parts: list[Any]) -> str:
        return (
            f"env = trust_fuzz.environment({api!r}, {game.name!r}, {players}, {mode!r})\n"
            f"trust_fuzz.ADAPTER_CHECKS[{api!r}](env, seed={seed}, steps={steps}, "
            f"hostile={parts!r})  # each float picks the values offered"
        )

    return run, hostile, describe


def _refused(what: str, before: Any, after: Any, value: Any) -> None:
    if before != after:
        raise TrustFinding(
            "partial-apply", f"{what}: a refused action changed the state", short(value)
        )


def _loose(what: str, value: Any, legal: list[int]) -> None:
    if not _taken(value, legal):
        raise TrustFinding("loose-action", f"{what}: {family(value)} taken as a move", short(value))


def family(value: Any) -> str:
    """What kind of value an action is, for naming a finding once per kind."""
    import numpy as np

    if isinstance(value, (bool, np.bool_)):
        return "a bool"
    if isinstance(value, (str, bytes)):
        return "a text"
    if isinstance(value, (np.ndarray, list, tuple, set, dict)) and not whole(value):
        return "an array or a container"
    if isinstance(value, (float, complex, Decimal, Fraction, np.floating, np.complexfloating)):
        return "a number that is not an int"
    if whole(value):
        return "an illegal whole number"
    return "an object that converts to int"


def _mask_indices(mask: Any) -> list[int]:
    import numpy as np

    return [int(i) for i in np.flatnonzero(mask)]


def check_aec(env: Any, seed: int, steps: int, hostile: list[float]) -> str:
    def prepare() -> None:
        env.reset(seed=seed)
        walk = random.Random(seed)
        for _ in range(steps):
            if all(env.terminations.values()) or all(env.truncations.values()):
                break
            legal = _mask_indices(env.observe(env.agent_selection)["action_mask"])
            env.step(walk.choice(legal))

    prepare()
    outcome = "refused"
    for pick in hostile:
        if all(env.terminations.values()) or all(env.truncations.values()):
            prepare()
            if all(env.terminations.values()):
                return outcome
        agent = env.agent_selection
        legal = _mask_indices(env.observe(agent)["action_mask"])
        value = odd_action(random.Random(pick), random.Random(pick).choice(legal), 10**3)
        before = env.unwrapped.engine_state.to_dict()
        try:
            env.step(value)
        except RelicboxError:
            _refused("AEC step", before, env.unwrapped.engine_state.to_dict(), value)
            continue
        if env.infos[agent].get("illegal_action"):
            _refused("AEC step", before, env.unwrapped.engine_state.to_dict(), value)
            continue
        _loose("AEC step", value, legal)
        outcome = "accepted"
    return outcome


def check_parallel(env: Any, seed: int, steps: int, hostile: list[float]) -> str:
    def prepare() -> None:
        env.reset(seed=seed)
        walk = random.Random(seed)
        for _ in range(steps):
            if not env.agents:
                break
            env.step(_legal_joint(env, walk))

    prepare()
    outcome = "refused"
    for pick in hostile:
        if not env.agents:
            prepare()
            if not env.agents:
                return outcome
        rng = random.Random(pick)
        joint = _odd_joint(env, rng)
        state = env._table.state
        legal = {seat: [a.index for a in state.legal_actions(seat)] for seat in state.to_act}
        before = state.to_dict()
        try:
            *_, infos = env.step(joint)
        except RelicboxError:
            _refused("Parallel step", before, env._table.state.to_dict(), joint)
            continue
        if any(info.get("illegal_action") for info in infos.values()):
            _refused("Parallel step", before, env._table.state.to_dict(), joint)
            continue
        for seat, options in legal.items():
            _loose("Parallel step", joint[f"player_{seat}"], options)
        outcome = "accepted"
    return outcome


def _legal_joint(env: Any, rng: random.Random) -> dict[str, int]:
    state = env._table.state
    return {f"player_{seat}": rng.choice(state.legal_actions(seat)).index for seat in state.to_act}


def _odd_joint(env: Any, rng: random.Random) -> Any:
    joint: dict[Any, Any] = dict(_legal_joint(env, rng))
    roll = rng.random()
    if roll < 0.08:
        return rng.choice((None, "player_0", list(joint.values()), tuple(joint.items())))
    if roll < 0.25 and joint:
        del joint[rng.choice(list(joint))]
    elif roll < 0.35:
        joint[rng.choice(("player_99", 5, None, "player_-1", "PLAYER_0"))] = 0
    if joint and rng.random() < 0.8:
        agent = rng.choice(list(joint))
        joint[agent] = odd_action(rng, joint[agent], 10**3)
    return joint


def check_gym(env: Any, seed: int, steps: int, hostile: list[float]) -> str:
    inner = env.unwrapped

    def prepare() -> None:
        env.reset(seed=seed)
        walk = random.Random(seed)
        for _ in range(steps):
            if inner.state.is_over:
                break
            env.step(walk.choice(_mask_indices(inner.action_masks())))

    prepare()
    outcome = "refused"
    for pick in hostile:
        if inner.state.is_over:
            prepare()
            if inner.state.is_over:
                return outcome
        legal = _mask_indices(inner.action_masks())
        value = odd_action(random.Random(pick), random.Random(pick).choice(legal), 10**3)
        before = inner.state.to_dict()
        try:
            _, _, _, _, info = env.step(value)
        except RelicboxError:
            _refused("Gymnasium step", before, inner.state.to_dict(), value)
            continue
        if info.get("illegal_action"):
            _refused("Gymnasium step", before, inner.state.to_dict(), value)
            prepare()
            continue
        _loose("Gymnasium step", value, legal)
        outcome = "accepted"
    return outcome


def _vector_snapshot(env: Any) -> Any:
    import numpy as np

    arrays = {k: v.copy() for k, v in vars(env).items() if isinstance(v, np.ndarray)}
    return (
        {k: v.tolist() for k, v in arrays.items()},
        json.dumps(env._rng.bit_generator.state, default=str),
    )


def _odd_actions(rng: random.Random, size: int) -> Any:
    """A value offered as the vector environment's actions (``size`` games)."""
    import numpy as np

    good = [rng.randrange(2) for _ in range(size)]
    return rng.choice(
        (
            lambda: np.array(good),
            lambda: np.array(good, dtype=np.float64) + 0.4,
            lambda: np.array(good, dtype=bool),
            lambda: np.array(good[:-1]),
            lambda: np.array([good]),
            lambda: np.array(good).reshape(2, -1),
            lambda: [*good[:-1], odd_action(rng, good[-1], 2)],
            lambda: [float(g) for g in good],
            lambda: [str(g) for g in good],
            lambda: np.array([*good[:-1], 2]),
            lambda: np.array([*good[:-1], -1]),
            lambda: np.array([math.nan] * size),
            lambda: odd_action(rng, good[0], 2),
            lambda: None,
        )
    )()


def check_vector(env: Any, seed: int, steps: int, hostile: list[float]) -> str:
    import numpy as np

    env.reset(seed=seed)
    walk = np.random.default_rng(seed)
    for _ in range(steps):
        env.step(walk.integers(0, 2, env.num_envs))
    outcome = "refused"
    for pick in hostile:
        value = _odd_actions(random.Random(pick), env.num_envs)
        before = _vector_snapshot(env)
        try:
            env.step(value)
        except RelicboxError:
            _refused("vector step", before, _vector_snapshot(env), value)
            continue
        given = np.asarray(value, dtype=object if value is None else None)
        if not (np.issubdtype(given.dtype, np.integer) and given.shape == (env.num_envs,)):
            kind = "a wrong shape" if given.shape != (env.num_envs,) else family(value)
            raise TrustFinding("loose-action", f"vector step: {kind} taken", short(value))
        outcome = "accepted"
    return outcome


def _spiel_walk(state: Any, rng: random.Random) -> None:
    if state.is_chance_node():
        outcomes = [o for o, _ in state.chance_outcomes()]
        state.apply_action(rng.choice(outcomes))
    elif state.is_simultaneous_node():
        state.apply_actions(
            [rng.choice(state.legal_actions(p)) for p in range(state.num_players())]
        )
    else:
        state.apply_action(rng.choice(state.legal_actions()))


def _spiel_snapshot(state: Any) -> Any:
    engine = state._engine
    return (
        engine.state.to_dict(),
        [list(d) for d in engine.decisions],
        list(state.history()),
        state.move_number(),
    )


def check_openspiel(game: Any, seed: int, steps: int, hostile: list[float]) -> str:
    state = game.new_initial_state()
    walk = random.Random(seed)
    for _ in range(steps):
        if state.is_terminal():
            break
        _spiel_walk(state, walk)
    if state.is_terminal():
        return "refused"
    outcome = "refused"
    for pick in hostile:
        if state.is_terminal():
            break
        rng = random.Random(pick)
        before = _spiel_snapshot(state)
        if state.is_simultaneous_node():
            legal = [state.legal_actions(p) for p in range(state.num_players())]
            joint: Any = [rng.choice(options) for options in legal]
            roll = rng.random()
            if roll < 0.15:
                joint = joint[: rng.randrange(len(joint))]
            elif roll < 0.25:
                joint = [*joint, 0]
            elif roll < 0.3:
                joint = rng.choice((None, 5, "0,1", {0: 0}))
            else:
                seat = rng.randrange(len(joint))
                joint[seat] = odd_action(rng, joint[seat], 10**3)
            try:
                state.apply_actions(joint)
            except RelicboxError:
                _refused("OpenSpiel apply_actions", before, _spiel_snapshot(state), joint)
                continue
            if len(joint) != len(legal):
                what = "OpenSpiel apply_actions: a joint action of another length taken"
                raise TrustFinding("loose-action", what, short(joint))
            for seat, value in enumerate(joint):
                _loose("OpenSpiel apply_actions", value, legal[seat])
        else:
            if state.is_chance_node():
                legal_one = [o for o, _ in state.chance_outcomes()]
            else:
                legal_one = state.legal_actions()
            value = odd_action(rng, rng.choice(legal_one), 10**3)
            try:
                state.apply_action(value)
            except RelicboxError:
                _refused("OpenSpiel apply_action", before, _spiel_snapshot(state), value)
                continue
            _loose("OpenSpiel apply_action", value, legal_one)
        outcome = "accepted"
    return outcome


class _Plant:
    """Unpickled, it creates the marker."""

    def __reduce__(self) -> tuple[Any, ...]:
        return (open, (str(sandbox().marker), "w"))


def hostile_serial(rng: random.Random, text: str, game: Any) -> str:
    """A hostile text for ``deserialize_state``, made from a real state's ``serialize()``."""
    payload = pickle.dumps(_Plant())
    encoded = base64.b64encode(payload).decode()
    roll = rng.random()
    if roll < 0.25:
        return rng.choice(
            (
                f"history=\nmove_number=0\n__dict__={encoded}",
                re.sub(r"__dict__=.*", f"__dict__={encoded}", text)
                if "__dict__=" in text
                else text,
                encoded,
                payload.decode("latin-1"),
                "",
                "\n",
                "x" * 1_000_000,
                "[" * 100_000,
                "history=" + ",".join(["0"] * 10_000),
                "history=-5:99999\nmove_number=1",
                "history=0:" + "9" * 5000,
            )
        )
    try:
        data = json.loads(text)
    except ValueError:
        data = None
    if isinstance(data, dict) and roll < 0.6:
        edited, _ = fuzz.mutate_logged(data, rng, rng.randint(1, 3))
        return dump(edited)
    lines = text.split("\n")
    at = rng.randrange(len(lines))
    edit = rng.choice(("cut", "char", "drop", "dup", "nul", "b64"))
    if edit == "cut":
        return text[: rng.randrange(len(text) + 1)]
    if edit == "char" and text:
        spot = rng.randrange(len(text))
        return text[:spot] + rng.choice("=:\n0-9aZ/+{}\x00") + text[spot + 1 :]
    if edit == "drop":
        return "\n".join(lines[:at] + lines[at + 1 :])
    if edit == "dup":
        return "\n".join(lines[: at + 1] + lines[at:])
    if edit == "nul":
        return text.replace("\n", "\x00", 1)
    return "\n".join([*lines[:at], f"{lines[at].split('=')[0]}={encoded}", *lines[at + 1 :]])


def check_deserialize(game: Any, seed: int, steps: int, hostile: list[float]) -> str:
    state = game.new_initial_state()
    walk = random.Random(seed)
    for _ in range(steps):
        if state.is_terminal():
            break
        _spiel_walk(state, walk)
    real = state.serialize()
    outcome = "refused"
    for pick in hostile:
        rng = random.Random(pick)
        text = hostile_serial(rng, real, game)
        try:
            loaded = game.deserialize_state(text)
        except RelicboxError:
            continue
        outcome = "accepted"
        str(loaded)
        if not loaded.is_terminal():
            _spiel_walk(loaded, rng)
    return outcome


ADAPTER_CHECKS: dict[str, Callable[[Any, int, int, list[float]], str]] = {
    "aec": check_aec,
    "parallel": check_parallel,
    "gym": check_gym,
    "gym-make": check_gym,
    "vector": check_vector,
    "openspiel": check_openspiel,
    "deserialize": check_deserialize,
}


# -- the WebSocket -----------------------------------------------------------------------


class _Errors(logging.Handler):
    """Keeps every record at ERROR or above that a server logger writes."""

    def __init__(self) -> None:
        super().__init__(logging.ERROR)
        self.records: list[logging.LogRecord] = []

    def emit(self, record: logging.LogRecord) -> None:
        if not record.name.startswith("websockets.client"):
            self.records.append(record)


@dataclass
class Server:
    live: Any
    errors: _Errors
    tables: dict[str, tuple[str, str]] = field(default_factory=dict)

    def table(self, game: Game) -> tuple[str, str]:
        """A playing table of ``game`` (a seat for the fuzzer, bots in the others): its id
        and the seat's token; a new one once the last has ended."""
        known = self.tables.get(game.name)
        if known is not None:
            answer = self.live.get(f"/api/tables/{known[0]}")
            if answer.status_code == 200 and answer.json().get("status") == "playing":
                return known
        seats = ["me", *["random"] * (game.min_players - 1)]
        made = self.live.create(game.name, seats)
        self.tables[game.name] = (made["table"], made["token"])
        return self.tables[game.name]


_SERVER: list[Server] = []


def server() -> Server:
    """The campaign's one server (uvicorn on 127.0.0.1, SQLite in the sandbox), started at
    the first use; its ERROR records are kept."""
    if _SERVER:
        return _SERVER[0]
    from support.server import LiveServer

    live = LiveServer(
        f"sqlite:///{sandbox().folder / 'server.sqlite'}",
        tables_per_hour=1_000_000,
        open_tables_per_address=1_000_000,
        http_rate=10_000.0,
        http_burst=10_000.0,
        join_rate=10_000.0,  # one address opens every case's sockets
        join_burst=10_000.0,
    )
    live.__enter__()
    errors = _Errors()  # after uvicorn has set its loggers up, which drops other handlers
    for name in ("", "uvicorn", "uvicorn.error", "uvicorn.asgi"):
        logging.getLogger(name).addHandler(errors)
    _SERVER.append(Server(live, errors))
    atexit.register(close_server)
    return _SERVER[0]


def close_server() -> None:
    if _SERVER:
        _SERVER.pop().live.__exit__(None, None, None)


WS_ODD: tuple[Any, ...] = (
    None, True, 0, -1, 1.5, 2**31 + 1, 2**63, 10**30, "", "x" * 5000, [], {}, {"a": 1},
    [[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[1]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]], "\ud800",
    "\x00", "\x1b[31mred", "\u202e", "leave", "continue", "en", "cs", "xx", "act", "join",
)  # fmt: skip
WS_RAW = (
    "", " ", "{", "[" * 5000, '{"type":"ping"', "null", "1", '"ping"', "[]", "{}",
    '{"type":"ping"}x', '\ufeff{"type":"ping"}', '{"type":"ping","type":"chat"}',
    '{"type":"act","action":"leave","seq":1e999}', '{"type":"act","action":"leave","seq":NaN}',
    '{"type":"act","action":"leave","seq":' + "9" * 5000 + "}",
    '{"type":"chat","text":"\\ud800"}', '{"type":"join","lang":"\\ud800"}', "NaN", "Infinity",
    '{"type":"ping"}\x00', '{"type":"chat","text":"' + "\\u0000" * 100 + '"}',
    '{"a":' * 800 + "1" + "}" * 800, '{"type":"chat","text":"' + "y" * 5000 + '"}',
)  # fmt: skip


def ws_message(rng: random.Random, game: Game, token: str) -> tuple[str, Any]:
    """One frame to send: ``("text", str)`` or ``("bytes", bytes)``."""
    roll = rng.random()
    if roll < 0.1:
        return (
            "bytes",
            rng.choice(
                (b'{"type":"ping"}', b"", b"\x00\xff", bytes(rng.randrange(256) for _ in range(64)))
            ),
        )
    if roll < 0.3:
        return ("text", rng.choice(WS_RAW))
    texts = [action.text for action in game.action_space]
    message: dict[str, Any] = rng.choice(
        (
            {"type": "join", "token": rng.choice((token, None, "x" * 8)), "lang": "en"},
            {"type": "act", "action": rng.choice(texts), "seq": rng.randrange(60)},
            {"type": "chat", "text": "hello"},
            {"type": "resync"},
            {"type": "ping"},
        )
    )
    message = dict(message)
    for _ in range(rng.randint(1, 2)):
        what = rng.random()
        key = rng.choice([*message, "type", "extra", "seq", "token"])
        if what < 0.75:
            message[key] = copy.deepcopy(rng.choice(WS_ODD))
        elif key in message:
            del message[key]
    return ("text", json.dumps(message))


CLEAN_CLOSES = {1000, 1001, 1003, 1007, 1008, 1009, 1013, 4008, 4404, 4408, 4429}
"""Closes the protocol documents: 1013 is the per-address join budget's (try again later),
4408 a join that did not come in time."""


def websocket_case(game: Game, case: int, rng: random.Random) -> Built:
    """Hostile frames on one connection to the campaign's server, then a spectator's join
    and a ping, which must be answered; then a fresh connection and an HTTP request, which
    must be too; and nothing may be logged at ERROR."""
    frames = [ws_message(rng, game, "TOKEN") for _ in range(rng.randint(1, 8))]

    def run(parts: list[Any]) -> str:
        return check_websocket(game, parts)

    def describe(parts: list[Any]) -> str:
        shown = "".join(f"\n    {short(frame, 300)}," for frame in parts)
        return (
            f"frames = [{shown}\n]  # TOKEN: the fuzzer's seat's token\n"
            f"trust_fuzz.check_websocket(get_game({game.name!r}), frames)"
        )

    return run, frames, describe


def check_websocket(game: Game, frames: list[tuple[str, Any]]) -> str:
    from websockets.exceptions import ConnectionClosed
    from websockets.sync.client import connect

    served = server()
    table, token = served.table(game)
    served.errors.records.clear()
    url = served.live.ws_url(table)
    outcome = "answered"
    with connect(url, max_size=2**24, open_timeout=10) as ws:
        try:
            for kind, payload in frames:
                if kind == "text":
                    ws.send(payload.replace("TOKEN", token))
                else:
                    ws.send(payload)
            ws.send(json.dumps({"type": "join"}))
            ws.send(json.dumps({"type": "ping"}))
            deadline = time.monotonic() + 10
            while True:
                left = deadline - time.monotonic()
                if left <= 0:
                    raise TrustFinding("crash", "the connection stopped answering (no pong)")
                try:
                    frame = ws.recv(timeout=left)
                except TimeoutError:
                    continue
                if isinstance(frame, str) and json.loads(frame).get("type") == "pong":
                    break
        except ConnectionClosed as closed:
            code = closed.rcvd.code if closed.rcvd is not None else None
            if code not in CLEAN_CLOSES:
                raise TrustFinding(
                    "exception", f"the server closed the socket with {code}"
                ) from None
            outcome = f"closed {code}"
    _healthy(served, table)
    _logged(served)
    return outcome


def _healthy(served: Server, table: str) -> None:
    from websockets.sync.client import connect

    try:
        with connect(served.live.ws_url(table), open_timeout=10) as ws:
            ws.send(json.dumps({"type": "join"}))
            ws.send(json.dumps({"type": "ping"}))
            deadline = time.monotonic() + 10
            answer: dict[str, Any] = {}
            while answer.get("type") != "pong":
                left = max(0.01, deadline - time.monotonic())
                answer = json.loads(ws.recv(timeout=left))
        if served.live.get("/api/games").status_code != 200:
            raise TrustFinding("crash", "GET /api/games failed after the attack")
    except TrustFinding:
        raise
    except Exception as error:
        raise TrustFinding("crash", "a fresh connection was not answered", repr(error)) from None


def _logged(served: Server) -> None:
    time.sleep(0.02)  # the server's own thread may still be writing its record
    records = list(served.errors.records)
    served.errors.records.clear()
    if not records:
        return
    record = records[0]
    where = ""
    if record.exc_info and record.exc_info[1] is not None:
        error = record.exc_info[1]
        frames = []
        tb = error.__traceback__
        while tb is not None:
            frames.append(f"{tb.tb_frame.f_code.co_filename}:{tb.tb_lineno}")
            tb = tb.tb_next
        inside = [f for f in frames if "/relicbox/" in f] or frames
        where = f"{type(error).__name__} at {inside[-1].split('relicbox/')[-1] if inside else '?'}"
    raise TrustFinding(
        "exception",
        f"the server logged at {record.levelname} ({record.name}): {where or record.msg}",
        record.getMessage()[:300],
    )
