"""Room settings as sent by a client: validated field by field with a clear complaint."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, fields
from typing import Any

from .errors import ServerError

LIMITS: dict[str, tuple[float, float]] = {
    "deals": (1, 64),
    "multiplier": (1, 100),
    "turn_clock": (0, 600),
    "tuoguan_after": (0, 3600),
    "bot_delay": (0, 5),
}


@dataclass(frozen=True, slots=True)
class RoomSettings:
    """How a room plays, beside the game's own rules."""

    deals: int = 1
    multiplier: int = 1
    private: bool = False
    turn_clock: int = 0
    tuoguan_after: int = 30
    bot_delay: float = 0.8

    def to_json(self) -> dict[str, Any]:
        return {f.name: getattr(self, f.name) for f in fields(self)}

    @classmethod
    def parse(cls, data: Mapping[str, Any]) -> RoomSettings:
        """Settings from request fields; unknown keys are ignored by the caller."""
        values: dict[str, Any] = {}
        for f in fields(cls):
            if f.name in data:
                values[f.name] = _check(f.name, data[f.name])
        return cls(**values)


def _check(name: str, value: Any) -> Any:
    if name == "private":
        if not isinstance(value, bool):
            raise ServerError("bad_settings", f"private: expected true or false, got {value!r}")
        return value
    if name == "bot_delay":
        ok = isinstance(value, int | float) and not isinstance(value, bool)
    else:
        ok = isinstance(value, int) and not isinstance(value, bool)
    if not ok:
        kind = "a number" if name == "bot_delay" else "an integer"
        raise ServerError("bad_settings", f"{name}: expected {kind}, got {value!r}")
    low, high = LIMITS[name]
    if not low <= value <= high:
        raise ServerError("bad_settings", f"{name}: {value} is outside {low:g}..{high:g}")
    return float(value) if name == "bot_delay" else value
