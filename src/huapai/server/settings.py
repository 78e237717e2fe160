"""Room settings as sent by a client: validated field by field with a clear complaint."""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass, fields
from typing import Any

from huapai.core.present import Msg

from .errors import ServerError

LIMITS: dict[str, tuple[float, float]] = {
    "deals": (1, 64),
    "multiplier": (1, 100),
    "turn_clock": (0, 600),
    "tuoguan_after": (0, 3600),
    "bot_delay": (0, 5),
    "answer_pause": (0, 5),
}
_SECONDS = ("bot_delay", "answer_pause")
"""The settings in seconds, any number (the rest are whole numbers)."""
_SWITCHES = ("private", "answer_deadline")
"""The settings that are on or off."""


@dataclass(frozen=True, slots=True)
class RoomSettings:
    """How a room plays, beside the game's own rules."""

    deals: int = 1
    multiplier: int = 1
    private: bool = False
    turn_clock: int = 0
    tuoguan_after: int = 30
    bot_delay: float = 0.8
    answer_pause: float = 0.0
    """How long every answer waits where how soon it came would tell (双别杆's 请统, a claim
    window; ``Game.paced``): a person who answers within it tells nothing by the time. 0: the
    server's (``ServerConfig.auto_answer``, 1 s). A longer pause hides a longer thought, and
    every such answer takes that long (答话等待, a room's choice)."""
    answer_deadline: bool = False
    """答话限时 (an app's habit, a room's choice, off unless chosen): the pause is also the
    time to answer — a person who has not answered when it ends is answered for (过 where
    they may pass, else the house bot's answer), so a window never lasts longer because a
    person could claim and thought: the timing tells nothing at all."""

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


NAMES_ZH: dict[str, str] = {
    "deals": "局数", "multiplier": "倍数", "private": "私人房间", "turn_clock": "出牌限时",
    "tuoguan_after": "掉线托管", "bot_delay": "机器人速度", "answer_pause": "答话等待",
    "answer_deadline": "答话限时",
}
"""Each setting as the lobby names it in Chinese (its field's label)."""


def _check(name: str, value: Any) -> Any:
    shown = json.dumps(value, ensure_ascii=False, default=repr)[:40]  # as the body wrote it
    if name in _SWITCHES:
        if not isinstance(value, bool):
            raise _bad(name, "应为是或否，收到 {value}", "expected true or false, got {value}",
                       shown)
        return value
    if name in _SECONDS:
        ok = isinstance(value, int | float) and not isinstance(value, bool)
    else:
        ok = isinstance(value, int) and not isinstance(value, bool)
    if not ok:
        zh, en = (("应为数字", "a number") if name in _SECONDS else ("应为整数", "an integer"))
        raise _bad(name, zh + "，收到 {value}", f"expected {en}, got {{value}}", shown)
    low, high = LIMITS[name]
    if not low <= value <= high:
        raise _bad(name, f"{{value}} 不在 {low:g} 到 {high:g} 之间",
                   f"{{value}} is outside {low:g}..{high:g}", str(value))
    return float(value) if name in _SECONDS else value


def _bad(name: str, zh: str, en: str, value: str) -> ServerError:
    """``bad_settings`` naming the field in each language (局数 / deals) and what was wrong."""
    return ServerError("bad_settings", Msg.of(
        "bad_setting", "{field}：" + zh, "{name}: " + en, field=NAMES_ZH[name], name=name,
        value=value))
