"""The 秀山 calculator commands' inputs: ``huapai score xiushan`` and ``huapai waits
xiushan``, built from the manifest's typed specs. Text in, the calculator's result out
(its ``to_json()`` is the command's JSON); bad input is a :class:`CalculatorError` that
names what was wrong."""

from __future__ import annotations

from collections.abc import Sequence

from huapai.core.manifest import CalculatorError, Text
from huapai.core.present import Msg
from huapai.core.protocol import NotationError, RulesError
from huapai.core.rules import option_named, yes_no

from .calculator import HandError, Result
from .calculator import score as score_hand
from .rules import PRESETS, XiushanRules
from .waits import Waits
from .waits import waits as find_waits


def _rules(preset: str | None, options: Sequence[str] | None) -> XiushanRules:
    preset = preset or "shibafu"
    if preset not in PRESETS:
        known = ", ".join(PRESETS)
        raise CalculatorError(Text(f"没有预设 {preset!r}；可用：{known}",
                                   f"no preset {preset!r}; known: {known}"))
    data = PRESETS[preset].to_dict()
    for item in options or ():
        key, sep, value = item.partition("=")
        if not sep:
            raise CalculatorError(Text(f"规则选项写成 名=值，{item!r} 不认得",
                                       f"a rule option is NAME=VALUE; {item!r} is not one"))
        try:
            name = option_named(XiushanRules, key, "xiushan")
        except RulesError as exc:  # names every option the calculator takes
            raise CalculatorError(Text(exc.msg.zh, exc.msg.en)) from None
        data[name] = _value(name, value, data[name])
    try:
        return XiushanRules.from_dict(data)
    except RulesError as exc:
        raise CalculatorError(Text(f"规则不成立：{exc}", f"bad rules: {exc}")) from exc


def _value(name: str, text: str, like: object) -> object:
    if isinstance(like, bool):
        said = yes_no(text)
        if said is None:
            raise CalculatorError(Text(f"规则选项 {name} 要写 是 或 否（开 / 关、true / false），"
                                       f"不是「{text}」",
                                       f"rule option {name} takes yes or no (true / false), "
                                       f"not {text!r}"))
        return said
    if isinstance(like, int):
        try:
            return int(text)
        except ValueError:
            raise CalculatorError(Text(f"{text!r} 不是整数", f"{text!r} is not a number")) from None
    return text


def _calc_error(exc: Exception) -> CalculatorError:
    msg = getattr(exc, "msg", None)
    zh, en = (msg.zh, msg.en) if isinstance(msg, Msg) else (str(exc), str(exc))
    return CalculatorError(Text(f"算不了：{zh}", f"cannot compute: {en}"))


def score(hand: Sequence[str], melds: Sequence[str] | None = (), preset: str | None = None,
          win: str | None = None, self_drawn: bool | None = False, jiang: str | None = None,
          options: Sequence[str] | None = ()) -> Result:
    """``huapai score xiushan``: the best reading of a complete hand."""
    rules = _rules(preset, options)
    try:
        return score_hand(rules, "".join(hand), list(melds or ()), win_card=win,
                          self_drawn=bool(self_drawn), jiang=jiang)
    except (HandError, NotationError) as exc:
        raise _calc_error(exc) from exc


_CONTEXT = {"天胡": "tianhu", "地胡": "dihu", "海底": "haidi", "tianhu": "tianhu",
            "dihu": "dihu", "haidi": "haidi"}


def _context(items: Sequence[str] | None) -> list[str]:
    out = []
    for item in items or ():
        flag = _CONTEXT.get(item.strip())
        if flag is None:
            known = "、".join(k for k in _CONTEXT if not k.isascii())
            raise CalculatorError(Text(f"不认得的和牌情形 {item!r}；可用：{known}",
                                       f"unknown win context {item!r}; known: tianhu, dihu, "
                                       "haidi"))
        out.append(flag)
    return out


def score_named(preset: str, hand: Sequence[str], melds: Sequence[str] | None = (),
                win: str | None = None, self_drawn: bool | None = False,
                jiang: str | None = None, context: Sequence[str] | None = (),
                options: Sequence[str] | None = ()) -> Result:
    """A hand of a 名堂 game (钵福, 三六福): 名堂 and 翻 / 豆 itemised (``"fan"``,
    ``"mingtang"`` and ``"value"`` in the JSON)."""
    rules = _rules(preset, options)
    try:
        return score_hand(rules, "".join(hand), list(melds or ()), win_card=win,
                          self_drawn=bool(self_drawn), jiang=jiang, context=_context(context))
    except (HandError, NotationError) as exc:
        raise _calc_error(exc) from exc


def score_bofu(hand: Sequence[str], melds: Sequence[str] | None = (), win: str | None = None,
               self_drawn: bool | None = False, jiang: str | None = None,
               context: Sequence[str] | None = (), options: Sequence[str] | None = ()) -> Result:
    """``huapai score bofu``: 油子 × 翻 with the 名堂 of the 钵福 table."""
    return score_named("bofu", hand, melds, win, self_drawn, jiang, context, options)


def score_sanliufu(hand: Sequence[str], melds: Sequence[str] | None = (),
                   win: str | None = None, self_drawn: bool | None = False,
                   jiang: str | None = None, context: Sequence[str] | None = (),
                   options: Sequence[str] | None = ()) -> Result:
    """``huapai score sanliufu``: 名堂 in 豆 from the 三六福 table."""
    return score_named("sanliufu", hand, melds, win, self_drawn, jiang, context, options)


def waits(hand: Sequence[str], melds: Sequence[str] | None = (), preset: str | None = None,
          seen: Sequence[str] | None = (), jiang: str | None = None,
          options: Sequence[str] | None = ()) -> Waits:
    """``huapai waits xiushan``: every card that wins a hand one short, with its score."""
    rules = _rules(preset, options)
    try:
        return find_waits(rules, "".join(hand), list(melds or ()),
                          visible="".join(seen or ()), jiang=jiang)
    except (HandError, NotationError) as exc:
        raise _calc_error(exc) from exc
