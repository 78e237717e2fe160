"""``huapai score biegan`` and ``huapai waits biegan``: the 双别杆 calculator on the command line.

Found by :mod:`huapai.cli_support.calculators` by convention (functions :func:`score` and
:func:`waits`); each is called with the words after the game name::

    huapai score biegan "HAND" [--meld KIND:CARDS]… [--option NAME=VALUE]… [--discard CARD]
    huapai waits biegan "HAND" [--meld KIND:CARDS]… [--option NAME=VALUE]…
    (both: [--seen CARDS]… [--json] [--lang en])

A hand counts 26 when complete (8 units + 听头; a declared meld counts 3 whatever its
size), 25 when it waits for one card. ``score`` scores a complete hand as self-drawn
(自摸), or as won on ``--discard``; given 25 it says so and lists the waits. Every
mistake ends in one :class:`~huapai.cli_support.setup.CliError` line naming it.
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any, Literal

from rich.console import Console
from rich.table import Table

from huapai.cli_support.i18n import Lang
from huapai.cli_support.setup import CliError
from huapai.core.protocol import NotationError

from .calculator import UNITS_PER_HAND, HandResult, best_hand
from .cards import (
    COPIES_PER_FACE,
    FACES,
    FLOWER_FACES,
    JING_FACES,
    JOKER,
    NUM_CODES,
    card,
    card_name,
    copies_of,
    face_name,
    face_of,
    format_cards,
    parse_cards,
)
from .search import fen_for
from .units import DEFAULT_SCORING, MELD_SIZES, Meld, Unit
from .waits import Wait
from .waits import waits as find_waits

Command = Literal["score", "waits"]
COMPLETE = 3 * UNITS_PER_HAND + 2
"""Positions of a complete hand: 26 (a declared meld counts 3, like the unit it is)."""
WAITING = COMPLETE - 1

# --- labels ---------------------------------------------------------------------------

_TEXT: dict[str, tuple[str, str]] = {
    "no_hand": ("缺少手牌：huapai {cmd} biegan \"手牌\"，例如 \"上大人可知礼…\"",
                "no hand given: huapai {cmd} biegan \"HAND\", e.g. \"上大人可知礼…\""),
    "unknown_flag": ("{cmd} 不认识 {flag}；可用：{known}",
                     "{cmd} has no option {flag}; known: {known}"),
    "flag_value": ("{flag} 后面缺少值", "{flag} needs a value"),
    "flag_twice": ("{flag} 只能给一次", "{flag} may be given only once"),
    "bad_cards": ("{where}「{text}」看不懂：{reason}", "cannot read {where} {text!r}: {reason}"),
    "where_hand": ("手牌", "the hand"),
    "plain": ("素{face}", "plain {face}"),
    "meld_form": ("--meld「{raw}」要写成 种类:牌，例如 对:孔孔孔",
                  "--meld {raw!r} must be KIND:CARDS, e.g. 对:孔孔孔"),
    "meld_kind": ("--meld「{raw}」：没有「{kind}」这种副露；可用 对 招 紮 泛（dui zhao zha fan）",
                  "--meld {raw!r}: no meld kind {kind!r}; use 对 招 紮 泛 (dui zhao zha fan)"),
    "meld_size": ("--meld「{raw}」：{kind} 是 {size} 张，这里有 {got} 张",
                  "--meld {raw!r}: a {kind} has {size} cards, got {got}"),
    "meld_face": ("--meld「{raw}」：{kind} 必须是同一个字", "--meld {raw!r}: a {kind} is one face"),
    "meld_joker": ("--meld「{raw}」：赖子只能在 三/五/七 的 紮 或 泛 里",
                   "--meld {raw!r}: a 赖子 may only be in a 紮 or 泛 of 三/五/七"),
    "meld_bad": ("--meld「{raw}」不成立：{reason}", "--meld {raw!r} is not a meld: {reason}"),
    "copies": ("{where}里共有 {n} 张{card}，一副牌只有 {have} 张",
               "{n} × {card} in {where}: the deck has only {have}"),
    "copies_own": ("手牌和副露", "the hand and melds"),
    "copies_seen": ("手牌、副露和 --seen", "the hand, melds and --seen"),
    "size": ("手牌算 {n} 张（暗牌 {c} 张 + 副露 {m} 组 × 3）：{need}",
             "the hand counts {n} ({c} concealed + {m} meld(s) × 3): {need}"),
    "need_score": ("算分要 26 张（完整的牌），25 张则列出听牌",
                   "score takes 26 (a complete hand), or 25 to list its waits"),
    "need_waits": ("查听要 25 张（差一张成牌）",
                   "waits takes 25 (one card short of a complete hand)"),
    "need_waits_26": ("查听要 25 张；26 张是完整的牌，请用 huapai score biegan",
                      "waits takes 25; 26 is a complete hand: use huapai score biegan"),
    "discard_one": ("--discard 只能是一张牌，这里是「{text}」",
                    "--discard is one card, got {text!r}"),
    "discard_absent": ("--discard {card} 不在暗牌里", "--discard {card} is not in the hand"),
    "discard_short": ("--discard 只用于 26 张的完整牌", "--discard needs a complete hand (26)"),
    "option_form": ("--option 要写成 名=值，这里是「{raw}」",
                    "--option takes NAME=VALUE, got {raw!r}"),
    "option_name": ("没有选项「{name}」；可用：{known}", "no option {name!r}; known: {known}"),
    "option_twice": ("选项 {name} 给了两次", "option {name} given twice"),
    "option_bool": ("选项 {name} 要 true 或 false，这里是「{value}」",
                    "option {name} takes true or false, got {value!r}"),
    "option_choice": ("选项 {name} 可取 {choices}，这里是「{value}」",
                      "option {name} takes {choices}, got {value!r}"),
    "option_int": ("选项 {name} 要 0–{high} 的整数，这里是「{value}」",
                   "option {name} takes a whole number 0–{high}, got {value!r}"),
    # output
    "score_title": ("双别杆算分 · {how} · {n} 张", "双别杆 score · {how} · {n} cards"),
    "self_drawn": ("自摸", "self-drawn (自摸)"),
    "on_discard": ("捉铳（{card}）", "won on the discard {card} (吃胡)"),
    "options": ("规则选项：{items}", "rule options: {items}"),
    "score_cols": ("组|牌|胡|说明", "unit|cards|胡|note"),
    "tingtou": ("听头", "听头 (pair)"),
    "exposed": ("明", "exposed"),
    "concealed": ("暗", "concealed"),
    "joker_as": ("赖作 {faces}", "赖 as {faces}"),
    "has_main": ("主精翻倍", "主精 doubled"),
    "zhujing": ("主精：{face}", "主精 (main 精): {face}"),
    "no_zhujing": ("无", "none"),
    "total_row": ("合计", "total"),
    "wins": ("胡牌 ✓  {fen} 分（{threshold} 胡 1 分，逢 5 进 1）",
             "wins ✓  {fen} 分 (points: 1 at {threshold} 胡, +1 every 5)"),
    "below": ("不能胡：最好的组法只有 {hu} 胡，至少要 {threshold} 胡",
              "does not win: the best reading has {hu} 胡, {threshold} needed"),
    "incomplete": ("不能胡：凑不成 8 组（句 坎 紮 泛 对 招）加一个听头",
                   "does not win: no way to make 8 units (句 坎 紮 泛 对 招) plus a 听头"),
    "short_one": ("这手牌算 25 张，差一张成牌，没有分；下面是它的听牌（即 huapai waits biegan）",
                  "this hand counts 25, one card short of complete, so it has no score; its "
                  "waits follow (as huapai waits biegan shows them)"),
    "waits_title": ("听牌 · {n} 张 · 起胡 {threshold}",
                    "waits · {n} cards · {threshold} 胡 to win"),
    "waits_cols": ("牌|自摸胡|分|捉铳胡|未见", "card|胡 self-drawn|分|胡 on a discard|unseen"),
    "joker_note": ("（作花精）", " (as a flowered 精)"),
    "below_on_discard": ("（捉铳不够 {threshold} 胡）", "(under {threshold} on a discard)"),
    "waits_summary": ("听 {kinds} 种牌，还有 {unseen} 张未见", "waits on {kinds} card(s), {unseen} "
                      "copies unseen"),
    "no_waits_shape": ("不听牌：没有一张牌能凑成 8 组加听头",
                       "no waits: no card makes 8 units plus a 听头"),
    "no_waits_hu": ("不听牌：最好是摸到 {card}，也只有 {hu} 胡，至少要 {threshold} 胡",
                    "no waits: the best card, {card}, gives only {hu} 胡; {threshold} needed"),
}

_KIND_GLOSS = {"句": "sequence", "坎": "triplet", "紮": "four, declared", "泛": "five",
               "对": "claimed triplet", "招": "claimed four"}


def _t(key: str, lang: Lang, **values: object) -> str:
    zh, en = _TEXT[key]
    return (zh if lang == "zh" else en).format(**values)


def _fail(key: str, lang: Lang, **values: object) -> CliError:
    return CliError(_t(key, lang, **values))


# --- the command line -----------------------------------------------------------------

_FLAG_FIELDS = {
    "--meld": "melds", "-m": "melds", "--json": "as_json",
    "--option": "options", "-o": "options", "--rule": "options", "-r": "options",
    "--seen": "seen", "--discard": "discard",
}  # fmt: skip
"""Each flag by the :class:`Request` field it fills (``--rule`` as in the other commands)."""
_FLAGS_OF: dict[Command, tuple[str, ...]] = {
    "score": ("--meld", "--option", "--discard", "--seen", "--json"),
    "waits": ("--meld", "--option", "--seen", "--json"),
}


@dataclass
class Request:
    """The words of one calculator command, sorted by what they are."""

    words: list[str] = field(default_factory=list)
    melds: list[str] = field(default_factory=list)
    options: list[str] = field(default_factory=list)
    seen: list[str] = field(default_factory=list)
    discard: str | None = None
    as_json: bool = False


def parse_request(args: Sequence[str], command: Command, lang: Lang) -> Request:
    """Split ``args`` into the hand's words and the options (``--flag value`` or ``=``)."""
    request = Request()
    items = iter(args)
    for word in items:
        if not word.startswith("-") or word == "-":
            request.words.append(word)
            continue
        flag, eq, inline = word.partition("=")
        target = _target(word if flag == "--json" else flag, command, lang)
        if target == "as_json":
            request.as_json = True
            continue
        value = inline if eq else next(items, None)
        if value is None:
            raise _fail("flag_value", lang, flag=flag)
        if target in ("melds", "options", "seen"):
            getattr(request, target).append(value)
        elif getattr(request, target) is not None:
            raise _fail("flag_twice", lang, flag=flag)
        else:
            setattr(request, target, value)
    if not "".join(request.words).strip():
        raise _fail("no_hand", lang, cmd=command)
    return request


def _target(flag: str, command: Command, lang: Lang) -> str:
    """The :class:`Request` field ``flag`` fills, if ``command`` takes it."""
    known = _FLAGS_OF[command]
    target = _FLAG_FIELDS.get(flag)
    if target is None or not any(_FLAG_FIELDS[k] == target for k in known):
        raise _fail("unknown_flag", lang, cmd=command, flag=flag, known=" ".join(known))
    return target


# --- rule options ---------------------------------------------------------------------

@dataclass(frozen=True, slots=True)
class CalcOption:
    """A keyword option of the calculator, as ``--option NAME=VALUE`` takes it."""

    name: str
    zh: str
    choices: tuple[str, ...] = ()
    aliases: tuple[str, ...] = ()

    @property
    def default(self) -> Any:
        return getattr(DEFAULT_SCORING, self.name)


CALC_OPTIONS = (
    CalcOption("zhujing_reading", "主精", ("most_cards", "max_hu")),
    CalcOption("tingtou_scores", "听头计胡"),
    CalcOption("dui_value", "对的胡数", ("peng", "kan")),
    CalcOption("black_flower_bonus", "黑花"),
    CalcOption("black_flower_in_sets", "黑花进坎"),
    CalcOption("yi_er_san", "乙二三"),
    CalcOption("discard_kan_as_dui", "捉铳成对"),
    CalcOption("threshold", "起胡", aliases=("hu_threshold",)),
)
"""The calculator's rule choices (see ``docs/biegan-calculator.md``); defaults from it."""

_OPTION_BY_NAME = {
    key: opt for opt in CALC_OPTIONS for key in (opt.name, opt.zh, *opt.aliases)
}
_TRUE = frozenset({"true", "yes", "on", "1", "是", "开"})
_FALSE = frozenset({"false", "no", "off", "0", "否", "关"})
THRESHOLD_MAX = 999


def parse_options(items: Iterable[str], lang: Lang) -> dict[str, Any]:
    """``NAME=VALUE`` items as the calculator's keyword arguments (names in English or 中文)."""
    out: dict[str, Any] = {}
    for raw in items:
        name, sep, value = raw.partition("=")
        name, value = name.strip(), value.strip()
        if not sep or not name:
            raise _fail("option_form", lang, raw=raw)
        opt = _OPTION_BY_NAME.get(name.lower().replace("-", "_")) or _OPTION_BY_NAME.get(name)
        if opt is None:
            known = ", ".join(f"{o.name} ({o.zh})" for o in CALC_OPTIONS)
            raise _fail("option_name", lang, name=name, known=known)
        if opt.name in out:
            raise _fail("option_twice", lang, name=opt.name)
        out[opt.name] = _option_value(opt, value, lang)
    return out


def _option_value(opt: CalcOption, value: str, lang: Lang) -> Any:
    if isinstance(opt.default, bool):
        if value.lower() in _TRUE:
            return True
        if value.lower() in _FALSE:
            return False
        raise _fail("option_bool", lang, name=opt.name, value=value)
    if opt.choices:
        if value not in opt.choices:
            raise _fail("option_choice", lang, name=opt.name, value=value,
                        choices=" / ".join(opt.choices))
        return value
    if not value.isdecimal() or int(value) > THRESHOLD_MAX:
        raise _fail("option_int", lang, name=opt.name, value=value, high=THRESHOLD_MAX)
    return int(value)


def _show_value(value: Any) -> str:
    return str(value).lower() if isinstance(value, bool) else str(value)


# --- the hand -------------------------------------------------------------------------

@dataclass(frozen=True, slots=True)
class Hand:
    """A checked calculator input: concealed cards, melds, cards seen and the options."""

    concealed: tuple[int, ...]
    melds: tuple[Meld, ...]
    seen: tuple[int, ...]
    options: dict[str, Any]
    discard: int | None = None

    @property
    def positions(self) -> int:
        return len(self.concealed) + 3 * len(self.melds)

    @property
    def own(self) -> tuple[int, ...]:
        return self.concealed + tuple(c for m in self.melds for c in m.cards)

    @property
    def threshold(self) -> int:
        return int(self.options.get("threshold", DEFAULT_SCORING.threshold))


_MELD_KINDS = {
    "对": "对", "對": "对", "dui": "对",
    "招": "招", "zhao": "招",
    "紮": "紮", "扎": "紮", "zha": "紮", "统": "紮", "統": "紮", "tong": "紮",
    "泛": "泛", "fan": "泛",
}  # fmt: skip


def read_hand(request: Request, lang: Lang) -> Hand:
    """The hand of ``request``, every part checked; raises :class:`CliError` naming a fault."""
    concealed = _cards(" ".join(request.words), _t("where_hand", lang), lang)
    melds = tuple(parse_meld(raw, lang) for raw in request.melds)
    seen = _cards(" ".join(request.seen), "--seen", lang)
    hand = Hand(concealed, melds, seen, parse_options(request.options, lang))
    _check_copies(hand.own, "copies_own", lang)
    _check_copies(hand.own + seen, "copies_seen", lang)
    if request.discard is None:
        return hand
    return Hand(concealed, melds, seen, hand.options, _discard(request.discard, concealed, lang))


def _cards(text: str, where: str, lang: Lang) -> tuple[int, ...]:
    """Cards of ``text`` (copies checked later, over the whole input); ``where`` names it."""
    try:
        return parse_cards(text, check_counts=False)
    except NotationError as exc:
        raise _fail("bad_cards", lang, where=where, text=text, reason=exc) from None


def parse_meld(raw: str, lang: Lang) -> Meld:
    """``KIND:CARDS`` (对:孔孔孔, zha:七七七*七*; a full-width ： works too) as a :class:`Meld`."""
    kind_text, sep, cards_text = raw.replace("：", ":").partition(":")
    if not sep or not kind_text.strip():
        raise _fail("meld_form", lang, raw=raw)
    kind = _MELD_KINDS.get(kind_text.strip().lower())
    if kind is None:
        raise _fail("meld_kind", lang, raw=raw, kind=kind_text.strip())
    cards = _cards(cards_text, f"--meld {kind}", lang) if cards_text.strip() else ()
    if len(cards) != MELD_SIZES[kind]:
        raise _fail("meld_size", lang, raw=raw, kind=kind, size=MELD_SIZES[kind], got=len(cards))
    natural = {face_of(c) for c in cards if c != JOKER}
    if len(natural) != 1:
        raise _fail("meld_face", lang, raw=raw, kind=kind)
    if JOKER in cards and (kind not in ("紮", "泛") or not natural <= set(JING_FACES)):
        raise _fail("meld_joker", lang, raw=raw)
    try:
        return Meld(kind, cards)
    except ValueError as exc:  # a rule of Meld this module does not know yet
        raise _fail("meld_bad", lang, raw=raw, reason=exc) from None


def _check_copies(cards: Sequence[int], where: str, lang: Lang) -> None:
    """No more copies of a card (or of a face, 花 and 素 together) than the deck holds."""
    for code, n in sorted(Counter(cards).items()):
        if n > copies_of(code):
            raise _fail("copies", lang, where=_t(where, lang), n=n,
                        card=_card_label(code, lang), have=copies_of(code))
    faces = Counter(face_of(c) for c in cards if c != JOKER)
    for face, n in sorted(faces.items()):
        if n > COPIES_PER_FACE:
            raise _fail("copies", lang, where=_t(where, lang), n=n, card=FACES[face],
                        have=COPIES_PER_FACE)


def _card_label(code: int, lang: Lang) -> str:
    """A card as counted against the deck: 素五 / plain 五 where 花 copies exist apart."""
    if code in FLOWER_FACES:
        return _t("plain", lang, face=FACES[code])
    return card_name(code)


def _discard(text: str, concealed: tuple[int, ...], lang: Lang) -> int:
    codes = _cards(text, "--discard", lang)
    if len(codes) != 1:
        raise _fail("discard_one", lang, text=text)
    if codes[0] not in concealed:
        raise _fail("discard_absent", lang, card=card_name(codes[0]))
    return codes[0]


def check_size(hand: Hand, command: Command, lang: Lang) -> None:
    """26 or 25 for ``score`` (no ``--discard`` at 25), exactly 25 for ``waits``."""
    n = hand.positions
    if command == "score" and n == WAITING and hand.discard is not None:
        raise _fail("discard_short", lang)
    if command == "score" and n in (COMPLETE, WAITING):
        return
    if command == "waits" and n == WAITING:
        return
    need = "need_score" if command == "score" else "need_waits_26" if n == COMPLETE \
        else "need_waits"
    raise _fail("size", lang, n=n, c=len(hand.concealed), m=len(hand.melds),
                need=_t(need, lang))


# --- score ----------------------------------------------------------------------------

def score(args: Sequence[str], console: Console, lang: Lang) -> int:
    """``huapai score biegan "HAND" …``: the best reading of a complete hand, or its waits."""
    request = parse_request(args, "score", lang)
    hand = read_hand(request, lang)
    check_size(hand, "score", lang)
    if hand.positions == WAITING:
        return _score_short(hand, console, lang, request.as_json)
    result = best_hand(hand.concealed, hand.melds, won_discard=hand.discard, **hand.options)
    if request.as_json:
        _print_json(console, score_json(hand, result))
    else:
        _show_score(hand, result, console, lang)
    return 0


def _score_short(hand: Hand, console: Console, lang: Lang, as_json: bool) -> int:
    found = _waits_of(hand)
    if as_json:
        data: dict[str, Any] = {
            "wins": False, "hu": 0, "fen": None, "complete": False, "units": [],
            "tingtou": [], "tingtou_hu": 0, "zhujing": None, "reason": "one_card_short",
        }  # fmt: skip
        _print_json(console, data | waits_json(hand, found))
        return 0
    console.print(_t("short_one", lang))
    _show_waits(hand, found, console, lang)
    return 0


def score_json(hand: Hand, result: HandResult) -> dict[str, Any]:
    """The calculator's JSON plus how the hand was scored and why it does not win."""
    data = result.to_json()
    reason = None if result.wins else "below_threshold" if result.complete else "incomplete"
    data.update({
        "cards": hand.positions,
        "self_drawn": hand.discard is None,
        "won_discard": None if hand.discard is None else card_name(hand.discard),
        "threshold": hand.threshold,
        "tingtou_jokers": [face_name(f) for f in result.tingtou_jokers],
        "reason": reason,
        "options": _options_json(hand),
    })
    return data


def _options_json(hand: Hand) -> dict[str, Any]:
    return {opt.name: hand.options.get(opt.name, opt.default) for opt in CALC_OPTIONS}


def _show_score(hand: Hand, result: HandResult, console: Console, lang: Lang) -> None:
    how = _t("self_drawn", lang) if hand.discard is None else _t(
        "on_discard", lang, card=card_name(hand.discard))
    console.print(_t("score_title", lang, how=how, n=hand.positions), style="bold")
    _show_options(hand, console, lang)
    if not result.complete:
        console.print(_t("incomplete", lang), style="red")
        return
    console.print(_units_table(result, lang))
    main = _t("no_zhujing", lang) if result.zhujing is None else face_name(result.zhujing)
    console.print(_t("zhujing", lang, face=main))
    if result.wins:
        console.print(_t("wins", lang, fen=result.fen, threshold=hand.threshold),
                      style="bold green")
    else:
        console.print(_t("below", lang, hu=result.hu, threshold=hand.threshold), style="red")


def _show_options(hand: Hand, console: Console, lang: Lang) -> None:
    if hand.options:
        items = "  ".join(f"{k}={_show_value(v)}" for k, v in hand.options.items())
        console.print(_t("options", lang, items=items))


def _units_table(result: HandResult, lang: Lang) -> Table:
    table = Table()
    for i, name in enumerate(_t("score_cols", lang).split("|")):
        table.add_column(name, justify="right" if i == 2 else "left")
    for unit in result.units:
        table.add_row(_kind(unit.kind, lang), format_cards(unit.cards), str(unit.hu),
                      _unit_note(unit, result.zhujing, lang))
    jokers = _joker_note(result.tingtou_jokers, lang)
    table.add_row(_t("tingtou", lang), format_cards(result.tingtou), str(result.tingtou_hu),
                  jokers, end_section=True)
    table.add_row(_t("total_row", lang), "", str(result.hu), "")
    return table


def _kind(kind: str, lang: Lang) -> str:
    return kind if lang == "zh" else f"{kind} ({_KIND_GLOSS[kind]})"


def _unit_note(unit: Unit, main: int | None, lang: Lang) -> str:
    notes = [_t("exposed" if unit.exposed else "concealed", lang)]
    if unit.jokers_as:
        notes.append(_joker_note(unit.jokers_as, lang))
    if main is not None and main in unit.faces():
        notes.append(_t("has_main", lang))
    return " · ".join(notes)


def _joker_note(faces: Sequence[int], lang: Lang) -> str:
    if not faces:
        return ""
    return _t("joker_as", lang, faces=" ".join(face_name(f) for f in faces))


# --- waits ----------------------------------------------------------------------------

def waits(args: Sequence[str], console: Console, lang: Lang) -> int:
    """``huapai waits biegan "HAND" …``: every card that wins, its best 胡, copies unseen."""
    request = parse_request(args, "waits", lang)
    hand = read_hand(request, lang)
    check_size(hand, "waits", lang)
    found = _waits_of(hand)
    if request.as_json:
        _print_json(console, waits_json(hand, found))
    else:
        _show_waits(hand, found, console, lang)
    return 0


def _waits_of(hand: Hand) -> tuple[Wait, ...]:
    return find_waits(hand.concealed, hand.melds, hand.seen, **hand.options)


def wait_json(wait: Wait, threshold: int) -> dict[str, Any]:
    """One wait: the calculator's fields plus the card as written and its 分 self-drawn."""
    data = wait.to_json()
    data["card"] = _wait_card(wait)
    data["fen"] = fen_for(wait.hu, threshold)
    return data


def waits_json(hand: Hand, found: Sequence[Wait]) -> dict[str, Any]:
    return {
        "waits": [wait_json(w, hand.threshold) for w in found],
        "cards": hand.positions,
        "threshold": hand.threshold,
        "unseen": sum(w.remaining for w in found),
        "options": _options_json(hand),
    }


def _wait_card(wait: Wait) -> str:
    return card_name(card(wait.face, wait.flowered))


def _show_waits(hand: Hand, found: Sequence[Wait], console: Console, lang: Lang) -> None:
    console.print(_t("waits_title", lang, n=hand.positions, threshold=hand.threshold),
                  style="bold")
    _show_options(hand, console, lang)
    if not found:
        console.print(_no_waits_reason(hand, lang), style="red")
        return
    table = Table()
    for i, name in enumerate(_t("waits_cols", lang).split("|")):
        table.add_column(name, justify="right" if i else "left")
    for wait in found:
        table.add_row(*_wait_row(wait, hand.threshold, lang))
    console.print(table)
    kinds = len({w.face for w in found})
    console.print(_t("waits_summary", lang, kinds=kinds, unseen=sum(w.remaining for w in found)))


def _wait_row(wait: Wait, threshold: int, lang: Lang) -> tuple[str, ...]:
    name = _wait_card(wait) + (_t("joker_note", lang) if wait.face == JOKER else "")
    on_discard = str(wait.hu_discard)
    if wait.hu_discard < threshold:
        on_discard += _t("below_on_discard", lang, threshold=threshold)
    return name, str(wait.hu), str(fen_for(wait.hu, threshold)), on_discard, str(wait.remaining)


def _no_waits_reason(hand: Hand, lang: Lang) -> str:
    """Why nothing wins: no card completes the shape, or the best completion is under 起胡."""
    owned = Counter(hand.own)
    best: tuple[int, int] | None = None
    for code in (c for c in range(NUM_CODES) if owned[c] < copies_of(c)):
        result = best_hand((*hand.concealed, code), hand.melds, **hand.options)
        if result.complete and (best is None or result.hu > best[0]):
            best = (result.hu, code)
    if best is None:
        return _t("no_waits_shape", lang)
    return _t("no_waits_hu", lang, card=card_name(best[1]), hu=best[0], threshold=hand.threshold)


def _print_json(console: Console, data: dict[str, Any]) -> None:
    """One JSON document, written raw (no markup, no wrapping)."""
    console.out(json.dumps(data, ensure_ascii=False, indent=2), highlight=False)
