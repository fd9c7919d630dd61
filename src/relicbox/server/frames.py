"""What connections are told: the frames built from a table's views (each audience's
built once, serialised once per language it needs) and the small messages sent to every
connection of a table in this process.

These functions read a table and write only to its connections and its remembered views,
so any process holding a copy of a table's state (its owner, or a follower, see
:mod:`relicbox.server.cluster`) tells its own connections through them.
"""

from __future__ import annotations

import time
from collections import OrderedDict
from typing import Any

from relicbox.core.game import State
from relicbox.server.live import Connection, LiveTable, TableError, encode
from relicbox.server.snapshots import legal_entries, result_table, seat_names


def deadlines(table: LiveTable) -> dict[int, float]:
    """When each clocked seat that must decide runs out (monotonic time)."""
    clock = table.settings.running_clock
    if clock is None or table.state is None or table.status != "playing":
        return {}
    found = {}
    for seat in table.state.to_act:
        if table.controller(seat) is not None or seat not in table.turn_started:
            continue
        if clock.mode == "move":
            allowed = float(clock.seconds)
        else:
            allowed = (table.seats[seat].clock_ms or 0) / 1000
        found[seat] = table.turn_started[seat] + allowed
    return found


def table_clocks(table: LiveTable) -> dict[str, Any] | None:
    """Seconds left for each seat (running ones marked), for the pages' clocks."""
    clock = table.settings.running_clock
    if clock is None:
        return None
    now = time.monotonic()
    running = deadlines(table)
    left = {}
    for info in table.seats:
        if info.seat in running:
            left[str(info.seat)] = max(0.0, running[info.seat] - now)
        elif clock.mode == "game":
            left[str(info.seat)] = (info.clock_ms or 0) / 1000
    return {"mode": clock.mode, "left": left, "running": sorted(running)}


def view_delta(before: dict[str, Any] | None, after: dict[str, Any]) -> dict[str, Any]:
    """What turns the view ``before`` into ``after``: ``history``, the entries appended to
    the view's history, and ``view``, the top-level keys whose values changed (each
    replaces the key as a whole; a ``history`` there replaces the whole history, which
    happens only when an earlier entry changed)."""
    before = before or {}
    changed: dict[str, Any] = {}
    appended: list[Any] = []
    for key, value in after.items():
        old = before.get(key, _ABSENT)
        if old is value:
            continue
        if key == "history" and _extends(value, old):
            appended = value[len(old) :]
            continue
        if old != value:
            changed[key] = value
    return {"history": appended, "view": changed}


_ABSENT = object()


def _extends(after: Any, before: Any) -> bool:
    """Whether the list ``after`` is the list ``before`` with entries appended."""
    return (
        isinstance(after, list)
        and isinstance(before, list)
        and len(before) <= len(after)
        and after[: len(before)] == before
    )


def _language_fields(
    table: LiveTable, state: State, seat: int | None, view: dict[str, Any], lang: str
) -> dict[str, Any]:
    """The parts of a frame written in the reader's language: the labels of the seat's
    legal actions, and the result table at the end."""
    fields: dict[str, Any] = {}
    if seat is not None:
        fields["legal"] = legal_entries(state, seat, view, lang)
    if state.is_over:
        fields["result"] = result_table(state, view, lang, seat_names(table.bots(), lang))
    return fields


def _speaks(state: State, seat: int | None) -> bool:
    """Whether the frames of ``seat`` carry text in the reader's language."""
    return state.is_over or (seat is not None and seat in state.to_act)


def view_of(table: LiveTable, seat: int | None) -> dict[str, Any]:
    """The view of ``seat`` at the table's newest seq, the one its connections were told
    when they have been (so a bot and the pages read the very same object)."""
    state = table.state
    if state is None:
        raise TableError.said("not-started", "error-table-not-started")
    view = table.views.get(seat)
    if view is None or table.published_seq != table.seq:
        view = state.view(seat)
    return view


def state_message(table: LiveTable, seat: int | None, lang: str) -> dict[str, Any]:
    """The full ``state`` message for one connection (on ``join`` and ``resync``).

    The audience's view is remembered, so the next ``event`` is the difference from what
    this connection was just told."""
    body: dict[str, Any] = {"type": "state", "seq": table.seq, "seat": seat}
    body.update(_state_body(table, seat, lang))
    body["table"] = table.info()
    body["clocks"] = table_clocks(table)
    return body


def _state_body(table: LiveTable, seat: int | None, lang: str) -> dict[str, Any]:
    """The part of a ``state`` message that changes only with the seq: the view, the
    legal actions, ``to_act``, ``over`` and the result."""
    state = table.state
    body: dict[str, Any] = {"view": None, "legal": [], "to_act": [], "over": False, "result": None}
    if state is not None:
        view = table.views.get(seat)
        if view is None:
            view = state.view(seat)
            table.views[seat] = view
        body.update(view=view, to_act=list(state.to_act), over=state.is_over)
        if _speaks(state, seat):
            body.update(_language_fields(table, state, seat, view, lang))
    return body


TABLES_CACHED = 1000
"""Tables whose full-state texts are kept (the least recently asked are dropped)."""
_STATE_TEXTS: OrderedDict[str, tuple[tuple[int, int, int], dict[tuple[int | None, str], str]]] = (
    OrderedDict()
)


def state_text(table: LiveTable, seat: int | None, lang: str) -> str:
    """:func:`state_message` as the text sent, its costly part (the view, the legal actions,
    the result) built and serialised once per seq for each audience (a seat, or the
    spectators) and language, however many connections join or ask to resync: a crowd
    asking for full states costs one view per seq, and the text of the small parts."""
    state = table.state
    key = (table.seq, table.published_seq, id(state))
    cached = _STATE_TEXTS.pop(table.id, None)
    texts = cached[1] if cached is not None and cached[0] == key else {}
    _STATE_TEXTS[table.id] = (key, texts)
    while len(_STATE_TEXTS) > TABLES_CACHED:
        _STATE_TEXTS.popitem(last=False)
    speaks = state is not None and _speaks(state, seat)
    audience = (seat, lang if speaks else "")
    body = texts.get(audience)
    if body is None:
        body = encode(_state_body(table, seat, lang))[1:-1]
        texts[audience] = body
    elif state is not None and seat not in table.views:
        table.views[seat] = state.view(seat)  # the audience's view is remembered again
    head = encode({"type": "state", "seq": table.seq, "seat": seat})[:-1]
    tail = encode({"table": table.info(), "clocks": table_clocks(table)})[1:]
    return f"{head},{body},{tail}"


def forget_texts(table_id: str) -> None:
    """Drop the table's remembered full-state texts (the table left memory)."""
    _STATE_TEXTS.pop(table_id, None)


def publish(table: LiveTable, start_seq: int) -> None:
    """Tell this process's connections of ``table`` what the record events from
    ``start_seq`` on changed, one ``event`` message each.

    Each audience's frame (a seat's, the spectators') is built once, from one view, and
    serialised once per language it needs (only a frame with legal actions or the
    result carries text): every connection sharing it gets the same text. The function
    reads the table and writes only to connections and the table's remembered views, so
    any process holding a copy of the table's state can call it for its own connections.

    ``start_seq`` is where the new events begin; the frames say ``since``, the seq the
    connections were last told (the same, unless a caller skipped a publication), so a
    page that is not there resyncs.
    """
    state = table.state
    if state is None:
        return
    audiences: dict[int | None, list[Connection]] = {}
    for conn in table.connections:
        if not conn.closed.is_set():
            audiences.setdefault(conn.seat, []).append(conn)
    for gone in [seat for seat in table.views if seat not in audiences]:
        del table.views[gone]
    common: dict[str, Any] = {
        "type": "event",
        "seq": table.seq,
        "since": table.published_seq,
        "to_act": list(state.to_act),
        "over": state.is_over,
    }
    clocks = table_clocks(table)
    if clocks is not None:
        common["clocks"] = clocks
    for seat, listeners in audiences.items():
        view = state.view(seat)
        frame = {**common, **view_delta(table.views.get(seat), view)}
        table.views[seat] = view
        if seat is not None and not _speaks(state, seat):
            frame["legal"] = []
        texts: dict[str, str] = {}
        for conn in listeners:
            lang = conn.lang if _speaks(state, seat) else ""
            text = texts.get(lang)
            if text is None:
                if lang:
                    text = encode({**frame, **_language_fields(table, state, seat, view, lang)})
                else:
                    text = encode(frame)
                texts[lang] = text
            conn.push_text(text)
    table.published_seq = table.seq


def tell_all(table: LiveTable, message: dict[str, Any]) -> None:
    """One small message (``presence``, ``table``, ``chat``), serialised once, to every
    connection of the table in this process."""
    text = encode(message)
    for conn in table.connections:
        conn.push_text(text)


def presence_message(table: LiveTable, seat: int) -> dict[str, Any]:
    """A seat's coming, going or being played by a bot, as a small ``presence`` event."""
    message: dict[str, Any] = {
        "type": "presence",
        "seat": seat,
        "connected": table.connected(seat),
        "away": seat in table.away,
    }
    clocks = table_clocks(table)
    if clocks is not None:
        message["clocks"] = clocks
    return message
