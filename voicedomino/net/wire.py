"""Engine values as JSON and back: views, events, actions and refusals on the wire.

The codec follows the engine's dataclasses by their fields and type hints, so a field the engine
gains travels without a change here. A tile is the string "low-high" ("3-5"): on the wire a tile
can never be mistaken for a pair of scores or counts, which lets a test find every tile a
message names. Rules travel as their settings. Decoding checks every value against its type and
raises WireError on anything else.
"""

from __future__ import annotations

import dataclasses
import functools
import types
import typing
from enum import Enum
from typing import Any

from voicedomino.engine import (
    Action,
    Draw,
    Event,
    Pass,
    Play,
    Refusal,
    Rules,
    SeatView,
    Settings,
    Side,
    Tile,
    make_rules,
)

MAX_DEPTH = 12  # engine values nest a few levels; anything deeper is not one of them


class WireError(ValueError):
    """A value that is not what its type says."""


# --- encoding ----------------------------------------------------------------------------------


def encode(value: object) -> Any:
    """A JSON-ready form of an engine value (dataclass, tile, enum, rules, tuple, scalar)."""
    if value is None or isinstance(value, bool | int | float | str):
        return value
    if isinstance(value, Tile):
        return f"{value.low}-{value.high}"
    if isinstance(value, Enum):
        return value.value
    if isinstance(value, Rules):
        return value.settings.to_dict()
    if isinstance(value, tuple | list):
        return [encode(item) for item in value]
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        out: dict[str, Any] = {"kind": type(value).__name__}
        for field in dataclasses.fields(value):
            out[field.name] = encode(getattr(value, field.name))
        return out
    raise TypeError(f"cannot encode {type(value).__name__}")


def encode_view(view: SeatView, *, with_history: bool = True) -> dict[str, Any]:
    """The view as JSON; without the history it is what an update carries."""
    out: dict[str, Any] = encode(view)
    if not with_history:
        del out["history"]
    return out


def encode_action(action: Action) -> dict[str, Any]:
    if isinstance(action, Play):
        return {
            "type": "play",
            "tile": encode(action.tile),
            "side": None if action.side is None else action.side.value,
            "outer": action.outer,
        }
    return {"type": "draw" if isinstance(action, Draw) else "pass"}


# --- decoding ----------------------------------------------------------------------------------


def decode_view(data: object, history: tuple[Event, ...] | None = None) -> SeatView:
    """A view from JSON; *history* stands in for a view sent without its history."""
    if history is not None and isinstance(data, dict) and "history" not in data:
        data = {**data, "history": []}
        view: SeatView = decode(data, SeatView)
        return dataclasses.replace(view, history=history)
    decoded: SeatView = decode(data, SeatView)
    return decoded


def decode_event(data: object) -> Event:
    event: Event = decode(data, Event)
    return event


def decode_refusal(data: object) -> Refusal:
    refusal: Refusal = decode(data, Refusal)
    return refusal


def decode_action(data: object) -> Action:
    """An action as a client sends it: {"type": "play", "tile": "3-5", "side": "head"|"tail"|
    null, "outer": 5|null}, {"type": "draw"} or {"type": "pass"}. Strict: nothing else."""
    if not isinstance(data, dict):
        raise WireError("an action is an object")
    kind = data.get("type")
    if kind in ("draw", "pass"):
        if set(data) != {"type"}:
            raise WireError("draw and pass take nothing else")
        return Draw() if kind == "draw" else Pass()
    if kind != "play" or not set(data) <= {"type", "tile", "side", "outer"}:
        raise WireError("unknown action")
    tile = decode_tile(data.get("tile"))
    side_value = data.get("side")
    side = None if side_value is None else _enum(Side, side_value)
    outer = data.get("outer")
    if outer is not None and type(outer) is not int:
        raise WireError("outer is a number")
    return Play(tile, side, outer)


def decode_tile(data: object) -> Tile:
    if not isinstance(data, str) or len(data) > 5:
        raise WireError("a tile is a string like 3-5")
    low, sep, high = data.partition("-")
    if not sep or not data.isascii() or not low.isdigit() or not high.isdigit():
        raise WireError("a tile is a string like 3-5")
    try:
        tile = Tile(int(low), int(high))
    except ValueError as error:
        raise WireError(str(error)) from None
    return tile


def decode(data: object, hint: Any, depth: int = 0) -> Any:
    """*data* as a value of type *hint* (an engine dataclass, union, tuple, enum or scalar)."""
    if depth > MAX_DEPTH:
        raise WireError("too deep")
    origin = typing.get_origin(hint)
    if origin in (typing.Union, types.UnionType):
        return _union(data, typing.get_args(hint), depth)
    if origin is tuple:
        items = _list(data)
        args = typing.get_args(hint)
        if len(args) == 2 and args[1] is Ellipsis:
            return tuple(decode(item, args[0], depth + 1) for item in items)
        if len(items) != len(args):
            raise WireError("wrong length")
        return tuple(decode(item, arg, depth + 1) for item, arg in zip(items, args, strict=True))
    if hint is Tile:
        return decode_tile(data)
    if hint is Rules:
        return _rules(data)
    if isinstance(hint, type) and issubclass(hint, Enum):
        return _enum(hint, data)
    if hint is bool:
        if not isinstance(data, bool):
            raise WireError("expected true or false")
        return data
    if hint is int:
        if type(data) is not int:
            raise WireError("expected a whole number")
        return data
    if hint is float:
        if type(data) not in (int, float):
            raise WireError("expected a number")
        return float(data)  # type: ignore[arg-type]
    if hint is str:
        if not isinstance(data, str):
            raise WireError("expected a string")
        return data
    if hint is type(None):
        if data is not None:
            raise WireError("expected null")
        return None
    if isinstance(hint, type) and dataclasses.is_dataclass(hint):
        return _dataclass(data, hint, depth)
    raise WireError(f"cannot decode {hint!r}")


def _union(data: object, options: tuple[Any, ...], depth: int) -> Any:
    if data is None and type(None) in options:
        return None
    kinds = [o for o in options if o is not type(None)]
    if len(kinds) == 1:
        return decode(data, kinds[0], depth + 1)
    classes = {o.__name__: o for o in kinds if isinstance(o, type) and dataclasses.is_dataclass(o)}
    if len(classes) == len(kinds):  # a union of dataclasses (an event): chosen by its kind
        if not isinstance(data, dict) or data.get("kind") not in classes:
            raise WireError("unknown kind")
        return decode(data, classes[data["kind"]], depth + 1)
    for option in kinds:  # scalars: the first that fits
        try:
            return decode(data, option, depth + 1)
        except WireError:
            continue
    raise WireError("fits no type of the union")


@functools.cache
def _hints(cls: type) -> dict[str, Any]:
    return typing.get_type_hints(cls)


def _dataclass(data: object, cls: type, depth: int) -> Any:
    if not isinstance(data, dict):
        raise WireError(f"{cls.__name__}: expected an object")
    kind = data.get("kind")
    if kind is not None and kind != cls.__name__:
        raise WireError(f"expected {cls.__name__}, got {kind}")
    hints = _hints(cls)
    values: dict[str, Any] = {}
    for field in dataclasses.fields(cls):
        if not field.init:
            continue
        if field.name not in data:
            if field.default is not dataclasses.MISSING:
                continue
            raise WireError(f"{cls.__name__}: missing {field.name}")
        values[field.name] = decode(data[field.name], hints[field.name], depth + 1)
    try:
        return cls(**values)
    except (TypeError, ValueError) as error:
        raise WireError(f"{cls.__name__}: {error}") from None


def _rules(data: object) -> Rules:
    settings = decode_settings(data)
    try:
        return make_rules(settings)
    except ValueError as error:
        raise WireError(f"rules: {error}") from None


def decode_settings(data: object) -> Settings:
    """Table settings, every field checked against its type (the rules check the rest)."""
    if not isinstance(data, dict) or not set(data) <= set(_hints(Settings)):
        raise WireError("settings: unknown setting")
    settings: Settings = _dataclass(data, Settings, 0)
    return settings


def _enum(cls: type[Enum], data: object) -> Any:
    try:
        return cls(data)
    except ValueError:
        raise WireError(f"not a {cls.__name__}") from None


def _list(data: object) -> list[Any]:
    if not isinstance(data, list):
        raise WireError("expected a list")
    return data
