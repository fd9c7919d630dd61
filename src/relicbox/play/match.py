"""A match: one state, one agent per seat, driven to the end.

Agents only ever receive ``state.view(seat)`` and the seat's legal actions.
People are agents too: the terminal supplies one that asks at a prompt.
"""

from __future__ import annotations

import contextlib
import json
import os
import stat
import tempfile
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from relicbox.bots import (
    BuiltinBot,
    Human,
    Origin,
    OverLimitError,
    SeatLabel,
    SeatSpec,
    bot_names,
    make_bot,
    parse_seat,
    split_specs,
)
from relicbox.core.agents import Agent
from relicbox.core.errors import (
    ConfigurationError,
    RecordError,
    RelicboxError,
    reason_error,
)
from relicbox.core.game import RECORD_FORMAT, Game, State
from relicbox.core.registry import replay
from relicbox.datafiles import read_json_file
from relicbox.play.drive import Driver

HUMAN = "human"
MAX_LABEL = 200
"""The longest seat label kept from a file (a longer one is clipped)."""
SAVE_FORMAT = "relicbox-save/1"


@dataclass(frozen=True)
class EarlierSeating:
    """A seating that played the record's first ``events`` events (before a reseat)."""

    events: int
    seats: tuple[SeatSpec, ...]

    def to_json(self) -> dict[str, Any]:
        return {"events": self.events, "seats": [str(spec) for spec in self.seats]}


def parse_seats(text: str, game: Game, origin: Origin = Origin.CALLER) -> list[SeatSpec]:
    """``"human,bot:rule,random"`` -> typed seat specs, with an error that lists what exists.

    The list is split once, here; ``origin`` says who wrote it (only
    ``Origin.COMMAND_LINE`` may name a program or Python code)."""
    specs: list[SeatSpec] = []
    for raw in split_specs(text):
        try:
            specs.append(parse_seat(raw, game, origin))
        except ConfigurationError as error:
            if ":" in raw:
                raise
            allowed = ", ".join([HUMAN] + [f"bot:{b}" for b in bot_names(game)])
            raise reason_error(
                ConfigurationError, "error-unknown-seat", seat=repr(raw.strip()), seats=allowed
            ) from error
    return specs


def default_seats(players: int) -> list[SeatSpec]:
    rule: list[SeatSpec] = [BuiltinBot("rule")]
    return [Human(), *rule * (players - 1)]


class Match(Driver):
    """Drives a state with one agent per seat; ``human`` seats use ``ask_human``.

    The loop and the bots' seeds are :class:`~relicbox.play.drive.Driver`'s, the same as a
    simulation's: ``seed`` (the state's own by default) is the game seed they come from.
    """

    def __init__(
        self,
        state: State,
        seats: Sequence[SeatSpec],
        ask_human: Callable[[State, int], Any] | None = None,
        seed: int | None = None,
    ) -> None:
        if len(seats) != state.players:
            raise ConfigurationError(f"{len(seats)} seats given for a {state.players}-player game")
        bots = {}
        for seat, spec in enumerate(seats):
            if isinstance(spec, SeatLabel):
                raise ConfigurationError(
                    f"seat {seat + 1} is only a label ({spec}): it cannot play"
                )
            if not isinstance(spec, Human):
                bots[seat] = make_bot(spec, state.game)
        super().__init__(state, bots, ask_human, seed=seed)
        self.seats = list(seats)
        self.earlier_seats: list[EarlierSeating] = []
        """The seatings before each ``--reseat``, oldest first, so a replay names who
        played each decision rather than relabelling the whole game."""

    @property
    def bots(self) -> dict[int, Agent]:
        """The agent of each bot's seat."""
        return self.agents

    @bots.setter
    def bots(self, agents: dict[int, Agent]) -> None:
        self.agents = agents

    @property
    def ask_human(self) -> Callable[[State, int], Any] | None:
        """Who asks a human seat for its decision (the terminal's prompt)."""
        return self.ask

    @ask_human.setter
    def ask_human(self, ask: Callable[[State, int], Any] | None) -> None:
        self.ask = ask

    def play_one(self) -> int | None:
        """Ask one seat for one decision and apply it; returns the seat, or None at the end."""
        return self.step()


class SaveError(RelicboxError):
    """A save file that must not or cannot be written."""


def save_problem(path: Path) -> str | None:
    """Why ``path`` cannot take a save (``None`` if it can): only regular files or new names.

    Checked before a game starts and again at every save, so a device node, a folder or a
    path that cannot be created is refused with a sentence instead of being replaced.
    """
    text = str(path)
    if not text.strip():
        return "the file name is empty"
    if "\0" in text:
        return f"{text!r} contains a NUL character"
    try:
        info = os.stat(path)
    except FileNotFoundError:
        if os.path.islink(path):  # a save would create the file the link points to
            return f"{text!r} is a symbolic link to a file that does not exist"
        info = None
    except NotADirectoryError:
        return f"{text!r} is under something that is not a folder"
    except OSError as error:
        return f"{text!r} cannot be used: {error.strerror or error}"
    if info is not None:
        if stat.S_ISDIR(info.st_mode):
            return f"{text!r} is a folder, not a file"
        if not stat.S_ISREG(info.st_mode):
            return f"{text!r} is not a regular file (a device, pipe or socket is never replaced)"
    folder = path.parent
    if not folder.is_dir():
        return f"the folder {str(folder)!r} does not exist"
    try:
        handle, probe = tempfile.mkstemp(prefix=".relicbox-", suffix=".tmp", dir=folder)
    except OSError as error:
        return f"cannot write in the folder {str(folder)!r}: {error.strerror or error}"
    os.close(handle)
    os.unlink(probe)
    return None


def save_match(path: Path, match: Match, extra: dict[str, Any] | None = None) -> None:
    """Write the record and the seating, atomically, so a crash never leaves half a file.

    The data goes to a temporary file with a unique name in the same folder, is flushed to
    disk, and then renamed over ``path`` (and the folder is flushed too), so two processes
    saving to one file never trip over each other's temporary file and a crash leaves
    either the old save or the new one. A target that is not a regular file is refused.
    """
    data = {
        "format": SAVE_FORMAT,
        "seats": [str(spec) for spec in match.seats],
        **(
            {"earlier_seats": [seating.to_json() for seating in match.earlier_seats]}
            if match.earlier_seats
            else {}
        ),
        **(extra or {}),
        "record": match.state.record,
    }
    target = Path(os.path.realpath(path))
    problem = (save_problem(path) if os.path.islink(path) else None) or save_problem(target)
    if problem is not None:
        raise SaveError(f"cannot save to {str(path)!r}: {problem}")
    payload = json.dumps(data, indent=1, ensure_ascii=False).encode("utf-8")
    handle, temporary = tempfile.mkstemp(prefix=".relicbox-", suffix=".tmp", dir=target.parent)
    try:
        with os.fdopen(handle, "wb") as stream:
            stream.write(payload)
            stream.flush()
            os.fsync(stream.fileno())
        os.replace(temporary, target)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temporary)
        raise
    _fsync_folder(target.parent)


def _fsync_folder(folder: Path) -> None:
    try:
        descriptor = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(descriptor)
    except OSError:
        pass  # some file systems cannot flush a folder; the rename itself is still atomic
    finally:
        os.close(descriptor)


MAX_SAVE_BYTES = 16 * 1024 * 1024
"""The largest save or record read: a record of the most events a state may hold (100,000)
is about 6 MB, and parsing a file of this size already takes seconds."""


def read_save(path: Path) -> dict[str, Any]:
    """The JSON object in a save or record file, refused with a sentence when it is not one
    (read by the one hardened reader: a regular file, size, depth and number caps)."""
    try:
        os.stat(path)
    except FileNotFoundError:
        raise reason_error(RecordError, "error-no-save", path=repr(str(path))) from None
    except (OSError, ValueError):
        pass  # the reader says why
    data = read_json_file(path, "saved game", RecordError, MAX_SAVE_BYTES, toml=False)
    if not isinstance(data, dict) or data.get("format") not in (SAVE_FORMAT, RECORD_FORMAT):
        raise RecordError(
            f"{str(path)!r} is not a relicbox save or record (its format is not "
            f"{SAVE_FORMAT} or {RECORD_FORMAT})"
        )
    if "seats" in data and not isinstance(data["seats"], list):
        raise RecordError(f"{str(path)!r}: 'seats' must be a list of seats, one a player")
    return data


def load_saved(
    path: Path, *, seats_replaced: bool = False, seats_as_labels: bool = False
) -> tuple[State, list[SeatSpec] | None, dict[str, Any]]:
    """A saved match (or a bare record): the replayed state and the seating, if saved.

    A save may seat only people and relicbox's own bots. A seat that names a program
    (``stdio:``) or Python code (``module:callable``) is refused without being started or
    imported, since a save can come from anyone; the user passes such a bot on the command
    line instead. With ``seats_replaced`` (the caller seats the game itself) such a saved
    seating is set aside and ``None`` is returned for it.

    A record cut just before a chance event (nobody to act, game not over) is resolved by
    drawing the pending chance from the game's own seeded generator; a record that still
    leaves nobody able to move is refused.
    """
    data = read_save(path)
    record = data.get("record", data)
    if not isinstance(record, dict):
        raise RecordError(f"{str(path)!r} holds no game record")
    try:
        state = replay(record)
        for _ in range(10_000):
            if state.is_over or state.to_act or not state.is_chance:
                break
            state.sample_chance()
    except RelicboxError:
        raise
    except (TypeError, ValueError, KeyError, AttributeError, IndexError) as error:
        raise RecordError(f"{str(path)!r} holds a damaged game record: {error}") from None
    if not state.is_over and not state.to_act:
        raise RecordError(f"{str(path)!r} holds a record after which nobody can move")
    seats: list[SeatSpec] | None = None
    if isinstance(data.get("seats"), list):
        saved = data["seats"]
        if seats_as_labels or seats_replaced:
            seats = [as_label(seat) for seat in saved]
        else:
            seats = [_saved_seat(path, seat, state.game) for seat in saved]
        seats = _checked_count(path, seats, state)
    return state, seats, data


def as_label(seat: object) -> SeatLabel:
    """A saved seat as a label only (clipped: a label is shown, never parsed)."""
    text = seat if isinstance(seat, str) else repr(seat)
    return SeatLabel(text[:MAX_LABEL] + ("..." if len(text) > MAX_LABEL else ""))


def _saved_seat(path: Path, seat: object, game: Game) -> SeatSpec:
    """One saved seat, parsed on its own as data: a person or one of relicbox's own bots."""
    if not isinstance(seat, str):
        raise RecordError(f"{str(path)!r}: a seat must be text, got {as_label(seat)}")
    try:
        return parse_seat(seat, game, Origin.DATA)
    except ConfigurationError as refusal:
        shown = repr(str(as_label(seat)))
        try:
            names_code = parse_seat(seat, game, Origin.COMMAND_LINE).names_code
        except ConfigurationError:
            names_code = False
        if names_code:
            raise reason_error(
                RecordError, "error-save-runs-code", path=repr(str(path)), seat=shown
            ) from None
        if isinstance(refusal, OverLimitError):
            raise reason_error(
                RecordError,
                "error-save-bot-limit",
                path=repr(str(path)),
                seat=shown,
                setting=refusal.key,
                limit=int(refusal.limit),
            ) from None
        bots = ", ".join([HUMAN, *bot_names(game), *(f.usage for f in game.bot_families.values())])
        raise reason_error(
            RecordError, "error-save-bad-seat", path=repr(str(path)), seat=shown, bots=bots
        ) from None


def earlier_seatings(path: Path, data: dict[str, Any], state: State) -> list[EarlierSeating]:
    """The seatings a save names for its record's earlier events, as labels: never started.

    Refused unless each names every seat and they follow one another along the record."""
    given = data.get("earlier_seats", [])
    total = len(state.record["events"])
    seatings: list[EarlierSeating] = []
    if not isinstance(given, list) or len(given) > total:
        raise RecordError(f"{str(path)!r}: 'earlier_seats' must be a short list of seatings")
    for entry in given:
        events = entry.get("events") if isinstance(entry, dict) else None
        seats = entry.get("seats") if isinstance(entry, dict) else None
        last = seatings[-1].events if seatings else 0
        if (
            not isinstance(events, int)
            or isinstance(events, bool)
            or not last <= events <= total
            or not isinstance(seats, list)
            or len(seats) != state.players
            or not all(isinstance(seat, str) and len(seat) <= MAX_LABEL for seat in seats)
        ):
            raise RecordError(f"{str(path)!r}: 'earlier_seats' holds a seating that does not fit")
        labels = tuple(as_label(seat) for seat in seats)
        seatings.append(EarlierSeating(events, labels))
    return seatings


def _checked_count(path: Path, seats: list[SeatSpec], state: State) -> list[SeatSpec]:
    if len(seats) != state.players:
        raise RecordError(
            f"{str(path)!r}: the game has {state.players} players but the save seats {len(seats)}"
        )
    return seats


def is_save_of(data: dict[str, Any], state: State) -> bool:
    """True when ``data`` is a save of this very game: same game, setup and a shared past."""
    record = data.get("record", data)
    if not isinstance(record, dict):
        return False
    ours = state.record
    if any(record.get(key) != ours.get(key) for key in ("game", "players", "seed", "options")):
        return False
    events = record.get("events")
    if not isinstance(events, list):
        return False
    return bool(events == ours["events"][: len(events)])
