"""The messages between a client and the server: JSON objects with a "type", checked field by
field before anything acts on them (docs/protocol.md describes them for other clients).

A client's first message is ``hello`` with the protocol version it speaks. Every other request
may carry an "id", echoed in the error that refuses it.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from voicedomino.engine import Action, Settings
from voicedomino.net import wire
from voicedomino.net.events import QUICK_MESSAGES
from voicedomino.net.names import MAX_CHAT
from voicedomino.players import LEVELS, Level

PROTOCOL_VERSION = 1
MAX_CLIENT_MESSAGE = 4096  # bytes; a request never needs more
MAX_CODE_DIGITS = 8
MAX_TOKEN = 64
MAX_SEATS = 10  # more than any variant has; the table checks its own


class ProtocolError(Exception):
    """A request that cannot be read: *code* names what is wrong, for the error reply."""

    def __init__(self, code: str, request_id: object = None) -> None:
        super().__init__(code)
        self.code = code
        self.request_id = request_id


@dataclass(frozen=True)
class Hello:
    version: int


@dataclass(frozen=True)
class Create:
    name: object  # cleaned by the server
    settings: Settings
    options: dict[str, Any] | None


@dataclass(frozen=True)
class Join:
    code: str
    name: object
    player: bool
    seat: int | None


@dataclass(frozen=True)
class Resume:
    code: str
    token: str
    last_seq: int | None  # the last event the client heard: what it missed is sent


@dataclass(frozen=True)
class Leave:
    pass


@dataclass(frozen=True)
class AddComputer:
    level: Level | None
    seat: int | None


@dataclass(frozen=True)
class RemoveComputer:
    seat: int


@dataclass(frozen=True)
class Sit:
    seat: int


@dataclass(frozen=True)
class Start:
    fill: bool


@dataclass(frozen=True)
class Act:
    action: Action


@dataclass(frozen=True)
class Ready:
    pass


@dataclass(frozen=True)
class Close:
    closed: bool


@dataclass(frozen=True)
class Chat:
    text: object  # cleaned by the server
    quick: str | None


@dataclass(frozen=True)
class Sync:
    """Send me the whole table again (a client that lost track)."""


@dataclass(frozen=True)
class Ping:
    pass


Request = (
    Hello | Create | Join | Resume | Leave | AddComputer | RemoveComputer | Sit | Start | Act
    | Ready | Close | Chat | Sync | Ping
)  # fmt: skip


def parse(text: str | bytes) -> tuple[Request, object]:
    """The request in one client message, with its id; ProtocolError when it is not one."""
    if isinstance(text, bytes):
        raise ProtocolError("not_text")
    if len(text.encode("utf-8", "surrogatepass")) > MAX_CLIENT_MESSAGE:
        raise ProtocolError("too_big")
    try:
        data = json.loads(text)
    except (ValueError, RecursionError):
        raise ProtocolError("not_json") from None
    if not isinstance(data, dict):
        raise ProtocolError("not_an_object")
    request_id = data.get("id")
    if request_id is not None and not (
        (type(request_id) is int and abs(request_id) < 2**53)
        or (isinstance(request_id, str) and len(request_id) <= 40)
    ):
        raise ProtocolError("bad_field")
    try:
        return _request(data), request_id
    except ProtocolError as error:
        error.request_id = request_id
        raise
    except (wire.WireError, ValueError, KeyError, TypeError):
        raise ProtocolError("bad_field", request_id) from None


def _request(data: dict[str, Any]) -> Request:
    kind = data.get("type")
    match kind:
        case "hello":
            version = data.get("version")
            if type(version) is not int:
                raise ProtocolError("bad_field")
            return Hello(version)
        case "create":
            settings = wire.decode_settings(data.get("settings", {}))
            options = data.get("options")
            if options is not None and not isinstance(options, dict):
                raise ProtocolError("bad_field")
            return Create(data.get("name"), settings, options)
        case "join":
            role = data.get("role", "player")
            if role not in ("player", "spectator"):
                raise ProtocolError("bad_field")
            seat = data.get("seat")
            return Join(_code(data.get("code")), data.get("name"), role == "player",
                        None if seat is None else _seat(seat))  # fmt: skip
        case "resume":
            token = data.get("token")
            if not isinstance(token, str) or not 0 < len(token) <= MAX_TOKEN:
                raise ProtocolError("bad_field")
            last = data.get("last_seq")
            if last is not None and (type(last) is not int or last < 0):
                raise ProtocolError("bad_field")
            return Resume(_code(data.get("code")), token, last)
        case "leave":
            return Leave()
        case "add_computer":
            level = data.get("level")
            if level is not None and level not in LEVELS:
                raise ProtocolError("bad_field")
            seat = data.get("seat")
            return AddComputer(None if level is None else Level(level),
                               None if seat is None else _seat(seat))  # fmt: skip
        case "remove_computer":
            return RemoveComputer(_seat(data.get("seat")))
        case "sit":
            return Sit(_seat(data.get("seat")))
        case "start":
            fill = data.get("fill", False)
            if not isinstance(fill, bool):
                raise ProtocolError("bad_field")
            return Start(fill)
        case "act":
            return Act(wire.decode_action(data.get("action")))
        case "ready":
            return Ready()
        case "close":
            closed = data.get("closed", True)
            if not isinstance(closed, bool):
                raise ProtocolError("bad_field")
            return Close(closed)
        case "chat":
            quick = data.get("quick")
            text = data.get("text", "")
            if quick is not None and quick not in QUICK_MESSAGES:
                raise ProtocolError("bad_field")
            if not isinstance(text, str) or len(text) > MAX_CHAT * 4:
                raise ProtocolError("bad_field")
            return Chat(text, quick)
        case "sync":
            return Sync()
        case "ping":
            return Ping()
    raise ProtocolError("unknown_type")


def _code(value: object) -> str:
    if isinstance(value, int) and not isinstance(value, bool):
        value = str(value)
    if not isinstance(value, str):
        raise ProtocolError("bad_field")
    digits = "".join(value.split())
    if not digits.isdigit() or not digits.isascii() or not 0 < len(digits) <= MAX_CODE_DIGITS:
        raise ProtocolError("bad_code")
    return digits


def _seat(value: object) -> int:
    if type(value) is not int or not 0 <= value < MAX_SEATS:
        raise ProtocolError("bad_field")
    return value


def dumps(message: dict[str, Any]) -> str:
    return json.dumps(message, separators=(",", ":"), ensure_ascii=False)
