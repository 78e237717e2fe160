"""The 秀山 calculator commands' inputs: ``huapai score xiushan`` and ``huapai waits
xiushan``, built from the manifest's typed specs. Text in, the calculator's result out
(its ``to_json()`` is the command's JSON); bad input is a :class:`CalculatorError` that
names what was wrong."""

from __future__ import annotations

from collections.abc import Sequence

from huapai.core.manifest import CalculatorError, Text
from huapai.core.protocol import NotationError, RulesError

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
        name, sep, value = item.partition("=")
        if not sep or name not in data:
            raise CalculatorError(Text(f"规则选项写成 名=值，{item!r} 不认得",
                                       f"a rule option is NAME=VALUE; {item!r} is not one"))
        data[name] = _value(value, data[name])
    try:
        return XiushanRules.from_dict(data)
    except RulesError as exc:
        raise CalculatorError(Text(f"规则不成立：{exc}", f"bad rules: {exc}")) from exc


def _value(text: str, like: object) -> object:
    if isinstance(like, bool):
        return text.lower() in ("1", "true", "yes", "on")
    if isinstance(like, int):
        try:
            return int(text)
        except ValueError:
            raise CalculatorError(Text(f"{text!r} 不是整数", f"{text!r} is not a number")) from None
    return text


def _calc_error(exc: Exception) -> CalculatorError:
    return CalculatorError(Text(f"算不了：{exc}", f"cannot compute: {exc}"))


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
