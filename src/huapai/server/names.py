"""Nicknames: something a person can see and read on one line.

A nickname is 1–24 code points after trimming white space (NFC), on one line, with at
least one visible character. Refused: control, private-use, unassigned and surrogate code
points; line and paragraph separators; format characters (zero-width spaces, direction
marks, …) except the joiners that emoji sequences are made of; a combining mark with no
base; and names made only of characters that draw nothing (white space, U+3164 HANGUL
FILLER, U+2800 BRAILLE PATTERN BLANK, combining marks, …). ZWJ emoji such as 👨‍👩‍👧 or
🏳️‍🌈 are fine.
"""

from __future__ import annotations

import unicodedata
from typing import Any

from huapai.core.present import Msg

from .errors import ServerError

MAX_NICKNAME = 24
ZWJ = "\u200d"
# letters and symbols that render as nothing at all
INVISIBLE = frozenset("\u115f\u1160\u3164\uffa0\u2800\u17b4\u17b5\u034f\u180b\u180c\u180d"
                      "\u180f\U0001d159")
# tag characters, only inside a flag sequence that starts with U+1F3F4 WAVING BLACK FLAG
TAGS = range(0xE0020, 0xE0080)
BLACK_FLAG = "\U0001f3f4"


def check_nickname(value: Any) -> str:
    if not isinstance(value, str):
        raise _bad("not_text", "应为文字", f"expected a string, got {type(value).__name__}")
    name = unicodedata.normalize("NFC", value.strip())
    if not 1 <= len(name) <= MAX_NICKNAME:
        raise _bad("length", f"要 1 到 {MAX_NICKNAME} 个字，这个是 {len(name)} 个",
                   f"1 to {MAX_NICKNAME} characters, got {len(name)}")
    for index, ch in enumerate(name):
        problem = _problem(name, index, ch)
        if problem is not None:
            code, zh, en = problem
            where = f"U+{ord(ch):04X}"
            raise _bad(code, f"{zh}（第 {index + 1} 个字 {where}）",
                       f"{en} ({where} at {index + 1})")
    if not any(_visible(ch) for ch in name):
        raise _bad("invisible", "名字里没有看得见的字", "the name shows nothing visible")
    return name


def _bad(code: str, zh: str, en: str) -> ServerError:
    """``bad_nickname`` saying why in each language."""
    return ServerError("bad_nickname", Msg(f"nickname_{code}", zh, en))


def _problem(name: str, index: int, ch: str) -> tuple[str, str, str] | None:
    """(code, 中文, English) of what is wrong with ``ch`` at ``index``, or None."""
    category = unicodedata.category(ch)
    if category in ("Zl", "Zp"):
        return "separator", "不能有换行符", "line and paragraph separators are not allowed"
    if category in ("Cc", "Cs", "Co", "Cn"):
        return ("control", "不能有控制字符、私用或未分配的字符",
                "control, private-use and unassigned characters are not allowed")
    if category == "Cf" and not _joiner(name, index, ch):
        return "format", "不能有看不见的格式字符", "invisible format characters are not allowed"
    if category.startswith("M") and (index == 0 or name[index - 1].isspace()):
        return "mark", "组合符号前面要有字", "a combining mark needs a character before it"
    return None


def _joiner(name: str, index: int, ch: str) -> bool:
    """A ZWJ between two visible characters, or a tag inside a 🏴 flag sequence."""
    if ch == ZWJ:
        return 0 < index < len(name) - 1 and all(
            unicodedata.category(c) not in ("Cf", "Zs") for c in (name[index - 1],
                                                                  name[index + 1]))
    if ord(ch) in TAGS:
        start = index
        while start > 0 and ord(name[start - 1]) in TAGS:
            start -= 1
        return start > 0 and name[start - 1] == BLACK_FLAG
    return False


def _visible(ch: str) -> bool:
    category = unicodedata.category(ch)
    return not (ch in INVISIBLE or category[0] in "ZCM")
