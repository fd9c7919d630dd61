"""The WebSocket protocol (version 2) and the messages people's browsers send, validated
with pydantic. docs/protocol.md says the same with examples.

Every message is a JSON object with a ``type``.

From a client:

* ``join`` (``token`` of a seat, or none to watch; ``lang``): the first message.
* ``act`` (``action``: an action's text form; ``seq``: the table's seq the decision was
  taken at, required: an ``act`` without it is refused as ``bad-message``). The seq must
  lie within the seat's current decision, from the seq at which the seat was last asked
  up to the newest; anything else (an old decision, a seq from the future) is refused
  with code ``stale`` and nothing changes.
* ``chat`` (``text``), ``resync`` (send me the full state again) and ``ping``.

From the server:

* ``welcome`` (``seat``: the connection's seat, ``null`` for a spectator).
* ``state``, the full state, only after ``join`` and ``resync``: ``seq`` (how many
  record events the table has), ``seat``, ``view`` (exactly ``state.view(seat)``, or
  ``null`` before the game starts), ``legal`` (the seat's legal actions when it must
  decide: ``text``, ``label`` in the reader's language, ``index``, ``args``), ``to_act``,
  ``over``, ``result`` (the result table at the end), ``table`` (public table
  information, ``watchers`` included) and ``clocks``.
* ``event``, one per decision (with the chance events it set off): ``seq``, ``since``
  (the seq the connection was told before: a page that is elsewhere asks for ``resync``),
  ``history`` (the entries appended to ``view.history``, as this seat's view shows them),
  ``view`` (the top-level view keys whose values changed: each *replaces* that key of
  the view; a ``history`` key there replaces the whole history, which happens only when
  an earlier entry changed), ``to_act``, ``over``, ``legal`` (for a seat: its legal
  actions, empty when it need not decide), ``clocks`` (on tables with a clock) and
  ``result`` at the end. The page keeps the view, applies the event, and writes the log
  from the history entries itself, through the games' catalogs.
* ``presence``: a seat's ``connected``/``away`` changed (``seat``, ``connected``,
  ``away``, and ``clocks`` on clocked tables), or the count of spectators
  (``watchers``), told at most once a second.
* ``table``: the public table information changed (a seat taken, the status, a rematch).
* ``chat``, ``pong``, and ``error`` (``code`` for programs, ``message`` for people in the
  language given at ``join``, and ``reason`` ``{"id", "args"}`` naming the catalog
  message when there is one; sent to that connection only).

Close codes: :data:`SLOW_READER_CLOSE` (4008) when a connection's outbox overflowed (the
page reconnects at once and its ``join`` resyncs it), :data:`REFUSED_CLOSE` (4429)
after a refusal of the connection itself (``table-crowded``: the table's spectators are
at the server's cap; ``too-many-connections``: the address holds the most sockets it
may), 4404 for a table that does not exist, and :data:`UNREACHABLE_CLOSE` (1012) from a
process of several that lost its Redis or its database (the page reconnects, through the
load balancer, to a process that reaches both).
"""

from __future__ import annotations

import re
import unicodedata
from typing import Annotated, Any, Literal

from pydantic import AfterValidator, BaseModel, ConfigDict, Field, TypeAdapter

NAME_LIMIT = 32
PROTOCOL_VERSION = 2
SLOW_READER_CLOSE = 4008
"""The close code of a connection too slow to read its frames: reconnect and resync."""
UNREACHABLE_CLOSE = 1012
"""The close code of a process that can no longer serve its tables (it lost Redis or the
database): reconnect, to another process."""
REFUSED_CLOSE = 4429
"""The close code after a connection was refused (too many connections): do not retry."""


def _visible(value: str) -> str:
    """Text without control, format (bidi overrides, zero-width), private-use or unassigned
    characters, its runs of whitespace made one space: what names and chat may show."""
    cleaned = "".join(ch for ch in value if unicodedata.category(ch)[0] != "C")
    return re.sub(r"\s+", " ", cleaned).strip()


def _display_name(value: str) -> str:
    cleaned = _visible(value)
    if not cleaned:
        raise ValueError("a name needs at least one visible character")
    return cleaned[:NAME_LIMIT]


def _chat_text(value: str) -> str:
    cleaned = _visible(value)
    if not cleaned:
        raise ValueError("a chat message needs at least one visible character")
    return cleaned


DisplayName = Annotated[str, Field(min_length=1, max_length=64), AfterValidator(_display_name)]
Token = Annotated[str, Field(min_length=8, max_length=64)]


class Strict(BaseModel):
    """No unknown fields, and no value of another type read as this one (``true`` is no seq,
    ``"6"`` no player count)."""

    model_config = ConfigDict(extra="forbid", strict=True)


class SeatChoice(Strict):
    kind: Literal["me", "open", "bot"]
    bot: Annotated[str, Field(min_length=1, max_length=64)] | None = None


class Clock(Strict):
    mode: Literal["none", "move", "game"] = "none"
    seconds: Annotated[int, Field(ge=5, le=86_400)] = 60
    increment: Annotated[int, Field(ge=0, le=3_600)] = 0


class CreateTable(Strict):
    game: Annotated[str, Field(max_length=64)]
    players: Annotated[int, Field(ge=1, le=16)]
    options: Annotated[dict[str, str | int | bool | None], Field(max_length=20)] = {}
    seats: Annotated[list[SeatChoice], Field(min_length=1, max_length=16)]
    name: DisplayName | None = None
    clock: Clock = Clock()
    grace: Annotated[int, Field(ge=0, le=3_600)] = 60
    takeover_bot: Annotated[str, Field(max_length=64)] | None = None
    reveal_after: bool = True


class JoinTable(Strict):
    name: DisplayName
    seat: Annotated[int, Field(ge=0, le=15)] | None = None


class StartTable(Strict):
    token: Token


class Rematch(Strict):
    token: Token
    name: DisplayName | None = None


class JoinMessage(Strict):
    type: Literal["join"]
    token: Token | None = None
    lang: Literal["en", "cs"] = "en"


class ActMessage(Strict):
    type: Literal["act"]
    action: Annotated[str, Field(min_length=1, max_length=200)]
    seq: Annotated[int, Field(ge=0, le=2**31)]


class ChatMessage(Strict):
    type: Literal["chat"]
    text: Annotated[str, Field(min_length=1, max_length=300), AfterValidator(_chat_text)]


class ResyncMessage(Strict):
    type: Literal["resync"]


class PingMessage(Strict):
    type: Literal["ping"]


AnyClientMessage = JoinMessage | ActMessage | ChatMessage | ResyncMessage | PingMessage
_CLIENT: TypeAdapter[AnyClientMessage] = TypeAdapter(
    Annotated[AnyClientMessage, Field(discriminator="type")]
)


def client_message(data: Any) -> AnyClientMessage:
    """Validate one decoded client message (raises pydantic's ``ValidationError``)."""
    return _CLIENT.validate_python(data)
