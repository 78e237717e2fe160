"""Rule options as frozen, keyword-only, self-documenting dataclass fields.

A game's ``Rules`` is a frozen dataclass whose fields are made with :func:`option`. Each
option carries its Chinese term, its source (a seed, a regional reference, or PROPOSAL)
and, where it is a choice, the allowed values; construction validates every field, so a
``Rules`` value that exists is a valid one. ``to_dict`` / ``from_dict`` are the record
format, and :func:`describe` is what ``huapai rules`` and the docs print.
"""

from __future__ import annotations

import dataclasses
import json
import re
import types
import typing
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Self, TypeVar

from .protocol import RulesError

#: what may stay in Latin letters in an option's Chinese meaning or source: the references'
#: source codes ([S002], [C:R3,R5], [P], [?]), sections (§2.3), gap codes (G13, A3.5,
#: BG14), reference files (xiushan.md) and poker card letters (A, K, AAAA+2+3)
CITATION = re.compile(r"\[[A-Z0-9:,?]+\]|§[\d.–]+|(?<![A-Za-z])[A-Z]{1,2}\d+(?:\.\d+)?"
                      r"|[a-z]+\.md|(?<![A-Za-z])[AKQJ][AKQJ0-9+]*(?![A-Za-z])")


@dataclass(frozen=True, slots=True)
class OptionInfo:
    zh: str
    doc: str
    source: str
    #: its short name for a player reading English (``five 精``); a plug-in's option may go
    #: without: front ends then show its name and 中文 term (``five_jing (五精)``)
    en: str = ""
    #: the meaning and the source in Chinese, for a player reading in 中文 (a plug-in's
    #: option may go without: front ends then show its 中文 term alone)
    doc_zh: str = ""
    source_zh: str = ""
    choices: tuple[Any, ...] | None = None
    low: int | None = None
    high: int | None = None
    #: what a player reads for each choice: value -> (中文, English); required for text
    #: choices (a front end never shows a raw value such as ``kanniutui`` to a player)
    labels: Mapping[Any, tuple[str, str]] | None = None
    #: the value names a file on the machine that runs the engine (a table it reads): the
    #: command line and the library take it, the platform's server never takes it from a
    #: client (a player could make it open any path) and its lobby does not offer it
    local: bool = False
    #: the option is used only when each named option has one of the given values (钵福's
    #: 一钵 only where ``hand_value`` is ``fan``): a lobby offers it only then
    applies: Mapping[str, tuple[Any, ...]] | None = None

    def source_kinds(self) -> tuple[str, ...]:
        """What kinds of source the option's ``source_zh`` cites (:data:`SOURCE_KINDS`),
        for a front end that says them in words of the player's language instead of the
        research's citations (``[S002]``, ``xiushan.md §2.4``)."""
        return source_kinds(self.source_zh or self.source)

    def choice_labels(self) -> list[dict[str, Any]] | None:
        """Each choice with its 中文 and English label (numbers stand for themselves)."""
        if self.choices is None:
            return None
        labels = self.labels or {}
        return [{"value": c, "zh": labels.get(c, (str(c), str(c)))[0],
                 "en": labels.get(c, (str(c), str(c)))[1]} for c in self.choices]


SOURCE_KINDS: Mapping[str, tuple[str, str]] = {
    # said for a player: 原文 alone read as jargon (a play-tester asked which text)
    "seed": ("这个玩法依据的原始规则", "the source text"),
    "regional": ("地方玩法", "a regional rule"),
    "app": ("手机软件的做法", "an app's habit"),
    "proposal": ("整理规则时的推断（原始规则没写）", "a proposal of the rules research"),
    "ours": ("本站自定", "our own choice"),
    "unsettled": ("原始规则没说清", "not settled by the sources"),
}
"""The kinds of source an option's citation may name, each as (中文, English)."""

_SOURCE_MARKS: tuple[tuple[str, re.Pattern[str]], ...] = (
    ("seed", re.compile(r"\[S\d*\]|原文(?!没|未)")),
    ("regional", re.compile(r"\[(?:HY|GZ|H\d*|Z\d*)\]|(?<![A-Za-z:,])R\d"
                            r"|地区|地方|跑胡子|大冶|常德|长阳|荆州|同类")),
    ("app", re.compile(r"\[C(?::[^\]]*)?\]|\[CPP\]|客户端|软件|房间选项")),
    ("proposal", re.compile(r"\[P\]|提议")),
    ("ours", re.compile(r"本游戏自定|议题")),
    ("unsettled", re.compile(r"\[\?\]|未说明|没有说|没说|没有提|未定|不清楚")),
)


def source_kinds(citation: str) -> tuple[str, ...]:
    """The kinds of source (:data:`SOURCE_KINDS`) a citation names, in that order."""
    return tuple(kind for kind, mark in _SOURCE_MARKS if mark.search(citation))


def option(
    default: Any,
    *,
    zh: str,
    doc: str,
    source: str,
    en: str = "",
    doc_zh: str = "",
    source_zh: str = "",
    choices: tuple[Any, ...] | None = None,
    low: int | None = None,
    high: int | None = None,
    labels: Mapping[Any, tuple[str, str]] | None = None,
    local: bool = False,
    applies: Mapping[str, tuple[Any, ...]] | None = None,
) -> Any:
    """A rule option: a dataclass field with its documentation attached.

    A choice among words needs ``labels`` for every choice (its 中文 and English), so no
    front end shows a player the raw value; numeric choices may go without."""
    if choices is not None:
        wanted = {c for c in choices if isinstance(c, str)}
        missing = sorted(wanted - set(labels or {}))
        extra = sorted(map(str, set(labels or {}) - set(choices)))
        if missing or extra:
            raise TypeError(f"option labels: missing {missing}, unknown {extra}")
    elif labels is not None:
        raise TypeError("option labels need choices")
    info = OptionInfo(zh=zh, doc=doc, source=source, en=en, doc_zh=doc_zh, source_zh=source_zh,
                      choices=choices, low=low, high=high, labels=labels, local=local,
                      applies=applies)
    return dataclasses.field(default=default, metadata={"huapai": info})


@dataclass(frozen=True, slots=True, kw_only=True)
class RulesBase:
    """Base for every game's ``Rules``: validation, dict round trip, description."""

    def __post_init__(self) -> None:
        hints = typing.get_type_hints(type(self))
        for f in dataclasses.fields(self):
            _check(f.name, getattr(self, f.name), hints[f.name], _info(f))
        self.validate()

    def validate(self) -> None:
        """Cross-field checks; games override and raise :class:`RulesError`."""

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {}
        for f in dataclasses.fields(self):
            value = getattr(self, f.name)
            out[f.name] = list(value) if isinstance(value, tuple) else value
        return out

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Self:
        if not isinstance(data, Mapping):
            raise RulesError.of("bad_rules", "规则要写成对象，不是 {got}",
                                "rules must be an object, got {got}", got=type(data).__name__)
        names = {f.name for f in dataclasses.fields(cls)}
        unknown = sorted(set(data) - names)
        if unknown:
            raise RulesError.of("unknown_option", "没有这些规则选项：{names}",
                                "unknown rule option(s): {names}", names=", ".join(unknown))
        values = {k: tuple(v) if isinstance(v, list) else v for k, v in data.items()}
        return cls(**values)

    @classmethod
    def describe(cls) -> list[tuple[str, str, str, str, str]]:
        """(name, default, 中文, doc, source) for every option, in declaration order."""
        rows = []
        for f in dataclasses.fields(cls):
            info = _info(f)
            default = f.default if f.default is not dataclasses.MISSING else "—"
            rows.append((f.name, repr(default), info.zh, info.doc, info.source))
        return rows

    @classmethod
    def info(cls, name: str) -> OptionInfo:
        """How option ``name`` was declared (its 中文, doc, source, choices and labels)."""
        found = next((f for f in dataclasses.fields(cls) if f.name == name), None)
        if found is None:
            raise KeyError(name)
        return _info(found)


def _info(f: dataclasses.Field[Any]) -> OptionInfo:
    info = f.metadata.get("huapai")
    if not isinstance(info, OptionInfo):
        raise TypeError(f"rule field {f.name} must be declared with option()")
    return info


def _refusal(name: str, info: OptionInfo, zh: str, en: str, **params: Any) -> RulesError:
    """A bad value of option ``name``, named by its 中文 label and its name."""
    return RulesError.of("bad_option", "规则选项「{label}」（{name}）：" + zh,
                         "rule option {name}: " + en, name=name, label=info.zh, **params)


def _check(name: str, value: Any, hint: Any, info: OptionInfo) -> None:
    if not _type_ok(value, hint):
        # its JSON form: "3" (text) where a number is wanted must read as text
        raise _refusal(name, info, "应为{want_zh}，不是 {shown}",
                       "expected {want}, got {value!r}", want=_hint_name(hint),
                       want_zh=_hint_name(hint, zh=True), value=value,
                       shown=json.dumps(value, ensure_ascii=False, default=repr))
    if info.choices is not None and value not in info.choices:
        allowed = ", ".join(repr(c) for c in info.choices)
        raise _refusal(name, info, "「{value}」不是可选的值（{allowed_zh}）",
                       "{value!r} is not one of {allowed}", value=value, allowed=allowed,
                       allowed_zh="、".join(str(c) for c in info.choices))
    if info.low is not None and isinstance(value, int) and value < info.low:
        raise _refusal(name, info, "{value} 小于最小值 {low}", "{value} is below the minimum {low}",
                       value=value, low=info.low)
    if info.high is not None and isinstance(value, int) and value > info.high:
        raise _refusal(name, info, "{value} 大于最大值 {high}",
                       "{value} is above the maximum {high}", value=value, high=info.high)


def _type_ok(value: Any, hint: Any) -> bool:
    origin = typing.get_origin(hint)
    if origin is typing.Literal:
        return value in typing.get_args(hint)
    if origin in (typing.Union, types.UnionType):
        return any(_type_ok(value, h) for h in typing.get_args(hint))
    if origin is tuple:
        args = typing.get_args(hint)
        item = args[0] if args else Any
        return isinstance(value, tuple) and all(_type_ok(v, item) for v in value)
    if hint is Any:
        return True
    if hint is bool:
        return isinstance(value, bool)
    if hint is int:
        return isinstance(value, int) and not isinstance(value, bool)
    if hint is type(None):
        return value is None
    return isinstance(value, hint)


_HINTS_ZH = {"int": "整数", "bool": "是或否（true / false）", "str": "文字", "float": "数",
             "tuple": "一组值（列表）", "NoneType": "空（null）"}


def _hint_name(hint: Any, zh: bool = False) -> str:
    """What an option's type asks for, said in English (``int | None``) or Chinese."""
    origin = typing.get_origin(hint)
    if origin is typing.Literal:
        if zh:
            return "其中之一：" + "、".join(str(a) for a in typing.get_args(hint))
        return "one of " + ", ".join(repr(a) for a in typing.get_args(hint))
    if zh and origin in (typing.Union, types.UnionType):
        return "或".join(_hint_name(a, zh=True) for a in typing.get_args(hint))
    name = getattr(hint, "__name__", str(hint))
    return _HINTS_ZH.get(name, name) if zh else name


K = TypeVar("K")


def title_matches(name: str, titles: Mapping[K, str]) -> list[K]:
    """The keys whose Chinese title holds ``name`` (汉字 only: an id is never matched so);
    a title that is ``name`` itself but for its bracketed note (公安双别杆 for
    公安双别杆（两张赖子）, 自己报数 for 自己报数（练习）) is the one meant, not one of several
    (公安双别杆 · 客户端计分 too holds it: a play-tester typing the preset's own name was
    told to pick)."""
    text = name.strip()
    if not text or text.isascii():
        return []
    held = [key for key, title in titles.items() if text in title]
    exact = [key for key in held if _BRACKETED.sub("", titles[key]).strip() == text]
    return exact if len(exact) == 1 else held


_BRACKETED = re.compile(r"（[^）]*）|\([^)]*\)")


def option_named(cls: type[RulesBase], key: str, game: str = "") -> str:
    """The option ``key`` names (``-r KEY=VALUE``): its id, its English name, or its 中文
    term as ``huapai rules`` and the lobby show it (whole, without its bracketed note, or
    a piece met in one term only). A RulesError names the options it could be, or all
    those of ``game``'s rules."""
    text = key.strip()
    infos = {f.name: _info(f) for f in dataclasses.fields(cls)}
    if text in infos:
        return text
    found = [n for n, i in infos.items() if i.en and i.en.lower() == text.lower()]
    found = found or title_matches(text, {n: i.zh for n, i in infos.items()})
    if len(found) == 1:
        return found[0]
    if found:
        zh, en = _listed({n: infos[n].zh for n in found})
        raise RulesError.of("ambiguous_option",
                            "「{key}」可以是几个规则选项：{known_zh}，请写其中一个",
                            "{key!r} could be any of these rule options: {known}; give one",
                            key=text, known_zh=zh, known=en)
    zh, en = _listed({n: i.zh for n, i in infos.items()})
    raise _no_option(text, game, zh, en)


def _no_option(key: str, game: str, zh: str, en: str) -> RulesError:
    """An unknown option refused as the games refuse it (``xianniu 没有这些规则选项：colour``),
    listing the known ones."""
    return RulesError.of("unknown_option",
                         ("{game} " if game else "") + "没有这些规则选项：{key}；可用：{known_zh}",
                         "unknown rule option(s)" + (" for {game}" if game else "")
                         + ": {key}; known: {known}",
                         game=game, key=key, known_zh=zh, known=en)


def choice_named(cls: type[RulesBase], name: str, value: Any) -> Any:
    """``value`` of option ``name`` as the rules write it: a text that is no choice is
    read as a choice's label (自己报数 for ``train``, as ``huapai rules`` and the lobby
    show it: its 中文, without its bracketed note or a piece met in one label only, or its
    English). A RulesError names every choice with its label; any other value is left
    to the rules' own checks."""
    if isinstance(value, str) and typing.get_type_hints(cls).get(name) is bool:
        said = yes_no(value)  # any other text is left to the rules' check, which names it
        return value if said is None else said
    info = cls.info(name)
    if info.choices is None or not isinstance(value, str) or value in info.choices:
        return value
    given = info.labels or {}
    labels = {c: given.get(c, (str(c), str(c))) for c in info.choices}
    text = value.strip()
    found = [c for c, (_zh, en) in labels.items() if en.lower() == text.lower()]
    found = found or title_matches(text, {c: zh for c, (zh, _en) in labels.items()})
    if len(found) == 1:
        return found[0]
    zh, en = _listed({c: zh for c, (zh, _en) in labels.items()})
    raise RulesError.of("bad_option", "规则选项「{label}」（{name}）：没有「{value}」这一项；"
                        "可选：{known_zh}",
                        "rule option {name}: {value!r} is not a choice; choose one of {known}",
                        name=name, label=info.zh, value=text, known_zh=zh, known=en)


_YES = frozenset({"是", "开", "有", "要", "yes", "y", "on", "true", "1"})
_NO = frozenset({"否", "关", "无", "不", "不要", "no", "n", "off", "false", "0"})


def yes_no(text: str) -> bool | None:
    """A yes/no option written as a word (是 / 否, 开 / 关, yes / no, on / off, true /
    false, 1 / 0) as its bool; None for any other text."""
    word = text.strip().lower()
    return True if word in _YES else False if word in _NO else None


def _listed(labels: Mapping[Any, str]) -> tuple[str, str]:
    """Ids with their 中文 labels: ``自动报数（auto）、…`` and ``auto (自动报数), …``."""
    return ("、".join(f"{zh}（{key}）" if zh != str(key) else str(key)
                     for key, zh in labels.items()),
            ", ".join(f"{key} ({zh})" if zh != str(key) else str(key)
                      for key, zh in labels.items()))
