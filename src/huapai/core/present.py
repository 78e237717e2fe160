"""Presentation values: what a front end shows, as data rather than text to parse.

* :class:`Msg` — a message for people: a stable ``code``, the text in Chinese (``zh``) and
  English (``en``), and the ``params`` its variable parts were filled from. Every front end
  picks the language it speaks; nobody splits ``"中文 / English"`` strings.
* :class:`ActionInfo` — one action as a client draws it (``describe_action``): its
  ``kind`` (a stable code), the ``cards`` it shows or takes from the hand (tokens in the
  notation the game's ``observe`` writes hands in), its ``label`` and how to group and
  style its button.
* :class:`SettlementItem` — one line of a settlement's breakdown table: a seat, a stable
  code, a label, a value and its unit (胡, 分, 行子, 点 …).

:func:`said` is what an error says in both languages (its ``msg``, else its text).

All of them are frozen values with ``to_json()``; :class:`Msg` round-trips through
``Msg.from_json``.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any, Literal

Lang = Literal["zh", "en"]

JSONScalar = str | int | float | bool | None
"""What a message parameter is kept as (lists of these too); anything else is kept as its
``repr`` (a refusal may name a bad input of any type)."""


def _frozen_param(value: Any) -> Any:
    if isinstance(value, list | tuple):
        return tuple(_frozen_param(v) for v in value)
    if value is None or isinstance(value, str | int | float | bool):
        return value
    return repr(value)  # bad input named in a refusal (a seat given as an object …)


def _json_param(value: Any) -> Any:
    return [_json_param(v) for v in value] if isinstance(value, tuple) else value


_ZH_QUOTED = re.compile(r" ?\{([^{}!:]+)!r\} ?")
"""A ``{name!r}`` field in a Chinese template: quoted 「name」 instead, without the spaces
around it (the brackets set it off)."""


@dataclass(frozen=True, slots=True)
class Msg:
    """A message for people, in both languages, with the values it was made from.

    ``str(msg)`` is the old two-language text ``"中文 / English"`` (what drivers that
    predate messages printed); :meth:`text` gives one language.
    """

    code: str
    zh: str
    en: str
    params: Mapping[str, Any] = field(default_factory=dict, hash=False)

    def __post_init__(self) -> None:
        frozen = {str(k): _frozen_param(v) for k, v in self.params.items()}
        object.__setattr__(self, "params", MappingProxyType(frozen))

    @classmethod
    def of(cls, code: str, zh: str, en: str, /, **params: Any) -> Msg:
        """A message from templates: ``{name}`` in ``zh`` and ``en`` is filled from
        ``params`` (``str.format`` rules, so ``{name!r}`` works — in ``zh`` it quotes with
        「」: Python's 'fengxian' read as code in a Chinese sentence, a play-test)."""
        return cls(code, _ZH_QUOTED.sub(r"「{\1}」", zh).format(**params), en.format(**params),
                   params)

    @classmethod
    def plain(cls, code: str, text: str) -> Msg:
        """A text that exists in one wording only (an old caller's string): both
        languages show it as it is."""
        return cls(code, text, text)

    def __reduce__(self) -> tuple[type[Msg], tuple[str, str, str, dict[str, Any]]]:
        return (Msg, (self.code, self.zh, self.en, dict(self.params)))  # copy and pickle

    def text(self, lang: Lang) -> str:
        return self.en if lang == "en" else self.zh

    def __str__(self) -> str:
        return self.zh if self.zh == self.en else f"{self.zh} / {self.en}"

    def with_detail(self, detail: Msg, zh_sep: str = "：", en_sep: str = ": ") -> Msg:
        """This message followed by ``detail`` (which names the culprit), keeping this
        message's code; ``detail``'s code and params join the params."""
        params = {**self.params, **detail.params, "detail_code": detail.code}
        return Msg(self.code, f"{self.zh}{zh_sep}{detail.zh}", f"{self.en}{en_sep}{detail.en}",
                   params)

    def to_json(self) -> dict[str, Any]:
        return {"code": self.code, "zh": self.zh, "en": self.en,
                "params": {k: _json_param(v) for k, v in self.params.items()}}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Msg:
        params = data.get("params") or {}
        return cls(str(data["code"]), str(data["zh"]), str(data["en"]), dict(params))


class SaidError(Exception):
    """An error that says itself in both languages: ``SaidError(zh, en)`` or
    ``SaidError(msg)``. ``msg`` (a :class:`Msg`) is for a front end that speaks one (the
    CLI prints the one ``--lang`` names); ``str(exc)`` is its English, which the server
    quotes in its own messages (the browser translates those by their codes)."""

    code: str = "error"
    msg: Msg

    def __init__(self, zh: str | Msg, en: str | None = None) -> None:
        if isinstance(zh, Msg):
            self.msg = zh
        elif en is None:
            raise TypeError(f"{type(self).__name__}(zh, en): an error is said in both languages")
        else:
            self.msg = Msg(self.code, zh, en)
        super().__init__(self.msg.en)

    def __reduce__(self) -> tuple[type, tuple[Msg]]:
        return (type(self), (self.msg,))  # pickled and copied with both languages


def said(exc: BaseException) -> Msg:
    """What an error says in both languages: its own :class:`Msg` (``exc.msg``: rules,
    notation, illegal actions, bot specs …), else its one text for both."""
    msg = getattr(exc, "msg", None)
    return msg if isinstance(msg, Msg) else Msg.plain(type(exc).__name__, str(exc))


ActionGroup = Literal["cards", "button"]
"""``cards``: made by choosing cards from the hand (a play, a discard); ``button``: a word."""

ActionStyle = Literal["hot", "gold", "neutral"]
"""How strongly a button stands out: ``hot`` (掀, 胡), ``gold`` (claims), ``neutral``."""


@dataclass(frozen=True, slots=True)
class ActionInfo:
    """One action as a front end shows it (see the module docstring)."""

    action: int
    kind: str
    cards: tuple[str, ...]
    label: Msg
    group: ActionGroup = "button"
    style: ActionStyle = "neutral"

    def to_json(self) -> dict[str, Any]:
        return {"id": self.action, "kind": self.kind, "cards": list(self.cards),
                "label": self.label.to_json(), "group": self.group, "style": self.style}


@dataclass(frozen=True, slots=True)
class SettlementItem:
    """One line of a settlement's breakdown: ``seat`` (None: the whole table) has
    ``value`` ``unit`` for ``code`` (e.g. seat 0, ``"zhan"``, 13 张 占牌)."""

    seat: int | None
    code: str
    label: Msg
    value: int
    unit: Msg

    def to_json(self) -> dict[str, Any]:
        return {"seat": self.seat, "code": self.code, "label": self.label.to_json(),
                "value": self.value, "unit": self.unit.to_json()}


@dataclass(frozen=True, slots=True)
class WorthUnit:
    """What a game's ``worth`` counts in, for people reading a search's figures (the AI
    review's costs): the ``unit`` (分, 豆 …) and, where it is more than the money, a
    ``note`` saying what it is made of."""

    unit: Msg
    note: Msg | None = None

    def to_json(self) -> dict[str, Any]:
        return {"unit": self.unit.to_json(),
                "note": None if self.note is None else self.note.to_json()}


POINTS = WorthUnit(Msg("points", "分", "points"))
"""The default :class:`WorthUnit`: the settlement's points."""


UNITS: Mapping[str, Msg] = MappingProxyType({
    "hu": Msg("hu", "胡", "胡"),
    "fen": Msg("fen", "分", "分"),
    "dian": Msg("dian", "点", "points", {"one": "point"}),
    "xingzi": Msg("xingzi", "行子", "xingzi"),
    "zhang": Msg("zhang", "张", "cards", {"one": "card"}),
    "ci": Msg("ci", "次", "times", {"one": "time"}),
    "dui": Msg("dui", "对", "对 (dui)"),
    "none": Msg("none", "", ""),
})
"""The units settlement items are counted in (a family may use its own :class:`Msg`). An
English unit with a singular has it as the ``one`` parameter ("1 card", "2 cards")."""


def unit(code: str) -> Msg:
    """The unit ``code`` from :data:`UNITS`; an unknown code is a programming error."""
    return UNITS[code]


def count_en(n: int, one: str, many: str) -> str:
    """A number and its English noun, singular for 1: ``1 card``, ``2 cards``."""
    return f"{n} {one if n == 1 else many}"


__all__ = ["POINTS", "UNITS", "ActionGroup", "ActionInfo", "ActionStyle", "JSONScalar", "Lang",
           "Msg", "SaidError", "SettlementItem", "WorthUnit", "count_en", "said", "unit"]
