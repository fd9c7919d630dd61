"""The messages people's browsers send, validated with pydantic.

WebSocket messages are JSON objects with a ``type``; from a client:
``join`` (``token`` of a seat, or none to watch; ``lang``), ``act`` (``action``:
an action's text form), ``chat`` (``text``), ``resync`` and ``ping``. The server
answers with ``welcome`` (``seat``, ``table``), ``state`` (a snapshot of the
seat's view, its legal actions and the table; ``seq`` counts the table's record
events, so a client that sees a gap asks for ``resync``), ``chat``, ``pong`` and
``error`` (``code`` for programs, ``message`` for people in the language given at
``join``, and ``reason`` ``{"id", "args"}`` naming the catalog message when there is one;
sent to that connection only).
"""

from __future__ import annotations

import re
import unicodedata
from typing import Annotated, Any, Literal

from pydantic import AfterValidator, BaseModel, ConfigDict, Field, TypeAdapter

NAME_LIMIT = 32


def _display_name(value: str) -> str:
    cleaned = "".join(ch for ch in value if unicodedata.category(ch)[0] != "C")
    cleaned = re.sub(r"\s+", " ", cleaned).strip()
    if not cleaned:
        raise ValueError("a name needs at least one visible character")
    return cleaned[:NAME_LIMIT]


DisplayName = Annotated[str, Field(min_length=1, max_length=64), AfterValidator(_display_name)]
Token = Annotated[str, Field(min_length=8, max_length=64)]


class Strict(BaseModel):
    model_config = ConfigDict(extra="forbid")


class SeatChoice(Strict):
    kind: Literal["me", "open", "bot"]
    bot: Annotated[str, Field(max_length=64)] | None = None


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
    seq: int | None = None


class ChatMessage(Strict):
    type: Literal["chat"]
    text: Annotated[str, Field(min_length=1, max_length=300)]


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
