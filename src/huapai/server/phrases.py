"""快捷语 (quick phrases): what a seated player may say at the table, as the regional apps
offer it — a fixed list, no free text (nothing to moderate, and no room to write cards
in). A phrase is said to everyone watching the room as ``said`` and kept nowhere: not in
the deal's record, its replay or the log. Front ends show it by its key, in their own
language (the texts travel in ``welcome``)."""

from __future__ import annotations

from typing import Any

PHRASES: tuple[tuple[str, str, str], ...] = (
    ("hello", "大家好！", "Hello, everyone!"),
    ("hurry", "快点吧，等得花儿都谢了", "Hurry up, the flowers are wilting"),
    ("nice", "打得好！", "Well played!"),
    ("lucky", "这手气，没谁了", "What luck!"),
    ("oops", "哎呀，打错了", "Oops, wrong card"),
    ("think", "让我想想……", "Let me think…"),
    ("again", "再来一局！", "One more!"),
    ("thanks", "谢谢！", "Thanks!"),
    ("bye", "我先走了，下次再玩", "I have to go: next time!"),
)
"""Each phrase: its key (what clients send and receive), Chinese, English."""

KEYS = frozenset(key for key, _, _ in PHRASES)


def phrases_json() -> list[dict[str, Any]]:
    """The phrases as ``welcome`` lists them: ``[{"key", "zh", "en"}]``, in order."""
    return [{"key": key, "zh": zh, "en": en} for key, zh, en in PHRASES]
