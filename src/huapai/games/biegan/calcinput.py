"""The 双别杆 calculators as the manifest declares them: ``score`` and ``waits``.

Each takes the typed parameters of its :class:`~huapai.core.manifest.CalculatorSpec`
(the hand's words, ``--meld KIND:CARDS``…, ``--option NAME=VALUE``…, ``--seen CARDS``…,
and for ``score`` one ``--discard CARD``), checks every part and returns a report with
``to_json()``; a front end shows it (the terminal: ``cli_support.families.biegan_calc``).
Every mistake raises one :class:`~huapai.core.manifest.CalculatorError` naming it, in
both languages.

The readings are the ``gongan`` preset's (the seed's) unless ``--preset`` names another
preset, or ``reference`` (the reference's PROPOSALs, the pure API's defaults);
``--option`` changes single ones.

A hand counts 26 when complete (8 units + 听头; a declared meld counts 3 whatever its
size), 25 when it waits for one card. ``score`` scores a complete hand as self-drawn
(自摸), or as won on ``discard``; given 25 it says so and lists the waits.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field, replace
from typing import Any, Literal

from huapai.core.manifest import CalculatorError, Text
from huapai.core.present import Msg
from huapai.core.protocol import NotationError
from huapai.core.rules import yes_no

from .calculator import UNITS_PER_HAND, HandResult, best_hand
from .cards import (
    COPIES_PER_FACE,
    FACES,
    FLOWER_FACES,
    JING_FACES,
    JOKER,
    NUM_CODES,
    NUM_JOKERS,
    card,
    card_name,
    deck_copies,
    face_name,
    face_of,
    jing_of,
    parse_cards,
    said_zh,
)
from .rules import PRESETS, BieganRules, fen_in, scoring_of
from .units import DEFAULT_SCORING, MELD_SIZES, Meld, Scoring
from .waits import Wait
from .waits import waits as find_waits

Command = Literal["score", "waits"]
COMPLETE = 3 * UNITS_PER_HAND + 2
"""Positions of a complete hand: 26 (a declared meld counts 3, like the unit it is)."""
WAITING = COMPLETE - 1

_TEXT: dict[str, tuple[str, str]] = {
    "no_hand": ("缺少手牌：huapai {cmd} biegan \"手牌\"，例如 \"上大人可知礼…\"",
                "no hand given: huapai {cmd} biegan \"HAND\", e.g. \"上大人可知礼…\""),
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
    "meld_joker": ("--meld「{raw}」：赖子只能在 {faces} 的 紮 或 泛 里",
                   "--meld {raw!r}: a 赖子 may only be in a 紮 or 泛 of {faces}"),
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
    "option_bool": ("选项 {name} 要写 是 或 否（开 / 关、true / false），这里是「{value}」",
                    "option {name} takes yes or no (true / false), got {value!r}"),
    "option_choice": ("选项 {name} 可取 {choices}，这里是「{value}」",
                      "option {name} takes {choices}, got {value!r}"),
    "preset": ("没有预设「{name}」；可用：{known}", "no preset {name!r}; known: {known}"),
    "option_int": ("选项 {name} 要 0–{high} 的整数，这里是「{value}」",
                   "option {name} takes a whole number 0–{high}, got {value!r}"),
}


def _t(key: str, **values: object) -> Text:
    return Text(*_TEXT[key]).format(**values)


def said(exc: Exception) -> Text:
    """An error's own words in each language (its Msg when it has one)."""
    msg = getattr(exc, "msg", None)
    return Text(msg.zh, msg.en) if isinstance(msg, Msg) else Text(str(exc), str(exc))


def _fail(key: str, **values: object) -> CalculatorError:
    return CalculatorError(_t(key, **values))


# --- rule options ---------------------------------------------------------------------

DEFAULT_PRESET = "gongan"
"""Whose readings the calculator uses unless ``--preset`` names another."""


@dataclass(frozen=True, slots=True)
class CalcOption:
    """A keyword option of the calculator, as ``--option NAME=VALUE`` takes it."""

    name: str
    zh: str
    choices: tuple[str, ...] = ()
    aliases: tuple[str, ...] = ()

    @property
    def default(self) -> Any:
        """The value when neither ``--preset`` nor ``--option`` says otherwise (``gongan``'s)."""
        return getattr(scoring_of(PRESETS[DEFAULT_PRESET]), self.name)


CALC_OPTIONS = (
    CalcOption("zhujing_reading", "主精", ("most_cards", "max_hu")),
    CalcOption("tingtou_scores", "听头计胡"),
    CalcOption("dui_value", "对的胡数", ("peng", "kan")),
    CalcOption("black_flower_bonus", "黑花"),
    CalcOption("black_flower_in_sets", "黑花进坎"),
    CalcOption("yi_er_san", "乙二三"),
    CalcOption("discard_kan_as_dui", "捉铳成对"),
    CalcOption("threshold", "起胡", aliases=("hu_threshold",)),
    CalcOption("desk_jing_not_main", "桌面精不算主精"),
    CalcOption("five_jing", "五精"),
)
"""The calculator's rule choices (see ``docs/biegan-calculator.md``); defaults from it."""

_OPTION_BY_NAME = {
    key: opt for opt in CALC_OPTIONS for key in (opt.name, opt.zh, *opt.aliases)
}
THRESHOLD_MAX = 999


REFERENCE = "reference"
"""The calculator's own base besides the game's presets: the reference's PROPOSALs (the
pure API's keyword defaults, :data:`.units.DEFAULT_SCORING`)."""


def preset_options(name: str | None) -> dict[str, Any]:
    """Every calculator option as the preset ``name`` reads it (None: ``gongan``)."""
    name = DEFAULT_PRESET if name is None else name.strip()
    if name == REFERENCE:
        base: Scoring = DEFAULT_SCORING
    elif name in PRESETS:
        base = scoring_of(PRESETS[name])
    else:
        raise _fail("preset", name=name, known=", ".join([*PRESETS, REFERENCE]))
    return {opt.name: getattr(base, opt.name) for opt in CALC_OPTIONS}


def _preset_rules(name: str | None) -> BieganRules | None:
    """The rules of the preset ``name`` (None: ``gongan``); None for ``reference``."""
    return PRESETS.get(DEFAULT_PRESET if name is None else name.strip())


def fen_mode_of(name: str | None) -> str:
    """How the preset ``name`` (None: ``gongan``) turns 胡 into 分; ``reference``: 按坡."""
    rules = _preset_rules(name)
    return "po" if rules is None else rules.fen_mode


def jokers_of(name: str | None) -> int:
    """赖子 in the preset's deck (单别杆 1; ``reference``: 2)."""
    rules = _preset_rules(name)
    return NUM_JOKERS if rules is None else rules.jokers


def overrides(items: Iterable[str]) -> dict[str, Any]:
    """``NAME=VALUE`` items as keyword arguments (names in English or 中文), each checked."""
    out: dict[str, Any] = {}
    for raw in items:
        name, sep, value = raw.partition("=")
        name, value = name.strip(), value.strip()
        if not sep or not name:
            raise _fail("option_form", raw=raw)
        opt = _OPTION_BY_NAME.get(name.lower().replace("-", "_")) or _OPTION_BY_NAME.get(name)
        if opt is None:
            known = ", ".join(f"{o.name} ({o.zh})" for o in CALC_OPTIONS)
            raise _fail("option_name", name=name, known=known)
        if opt.name in out:
            raise _fail("option_twice", name=opt.name)
        out[opt.name] = _option_value(opt, value)
    return out


def _option_value(opt: CalcOption, value: str) -> Any:
    if isinstance(opt.default, bool):
        said = yes_no(value)
        if said is None:
            raise _fail("option_bool", name=opt.name, value=value)
        return said
    if opt.choices:
        if value not in opt.choices:
            raise _fail("option_choice", name=opt.name, value=value,
                        choices=" / ".join(opt.choices))
        return value
    if not value.isdecimal() or int(value) > THRESHOLD_MAX:
        raise _fail("option_int", name=opt.name, value=value, high=THRESHOLD_MAX)
    return int(value)


# --- the hand -------------------------------------------------------------------------

@dataclass(frozen=True, slots=True)
class Hand:
    """A checked calculator input: concealed cards, melds, cards seen and the options."""

    concealed: tuple[int, ...]
    melds: tuple[Meld, ...]
    seen: tuple[int, ...]
    options: dict[str, Any]
    discard: int | None = None
    preset: str = DEFAULT_PRESET
    changed: dict[str, Any] = field(default_factory=dict)
    """The options given with ``--option`` (the rest are the preset's)."""
    fen_mode: str = "po"
    """How the preset turns 胡 into 分 (its ``fen_mode``; 按坡 for ``reference``)."""

    @property
    def positions(self) -> int:
        return len(self.concealed) + 3 * len(self.melds)

    @property
    def own(self) -> tuple[int, ...]:
        return self.concealed + tuple(c for m in self.melds for c in m.cards)

    @property
    def threshold(self) -> int:
        return int(self.options["threshold"])

    def fen(self, hu: int) -> int | None:
        """分 of a hand of ``hu`` 胡 as the preset pays it (None below 起胡)."""
        return fen_in(self.fen_mode, hu, self.threshold) if hu >= self.threshold else None

    def options_json(self) -> dict[str, Any]:
        return {opt.name: self.options.get(opt.name, opt.default) for opt in CALC_OPTIONS}


_MELD_KINDS = {
    "对": "对", "對": "对", "dui": "对",
    "招": "招", "zhao": "招",
    "紮": "紮", "扎": "紮", "zha": "紮", "统": "紮", "統": "紮", "tong": "紮",
    "泛": "泛", "fan": "泛",
}  # fmt: skip


def read_hand(command: Command, hand: Sequence[str], melds: Sequence[str] = (),
              options: Sequence[str] = (), seen: Sequence[str] = (),
              discard: str | None = None, preset: str | None = None) -> Hand:
    """The hand the parameters describe, every part checked (raises CalculatorError)."""
    words = " ".join(hand)
    if not words.strip():
        raise _fail("no_hand", cmd=command)
    concealed = _cards(words, _t("where_hand"))
    base = preset_options(preset)
    changed = overrides(options)
    jing = jing_of(bool((base | changed)["five_jing"]))
    jokers = jokers_of(preset)
    read = Hand(concealed, tuple(parse_meld(raw, jing) for raw in melds),
                _cards(" ".join(seen), "--seen"), base | changed | {"jokers": jokers},
                preset=DEFAULT_PRESET if preset is None else preset.strip(), changed=changed,
                fen_mode=fen_mode_of(preset))
    _check_copies(read.own, "copies_own", jokers)
    _check_copies(read.own + read.seen, "copies_seen", jokers)
    if discard is None:
        return read
    return replace(read, discard=_discard(discard, concealed))


def _cards(text: str, where: str | Text) -> tuple[int, ...]:
    """Cards of ``text`` (copies checked later, over the whole input); ``where`` names it."""
    try:
        return parse_cards(text, check_counts=False)
    except NotationError as exc:
        raise _fail("bad_cards", where=where, text=text, reason=said(exc)) from None


def parse_meld(raw: str, jing: tuple[int, ...] = JING_FACES) -> Meld:
    """``KIND:CARDS`` (对:孔孔孔, zha:七七七*七*; a full-width ： works too) as a :class:`Meld`."""
    kind_text, sep, cards_text = raw.replace("：", ":").partition(":")
    if not sep or not kind_text.strip():
        raise _fail("meld_form", raw=raw)
    kind = _MELD_KINDS.get(kind_text.strip().lower())
    if kind is None:
        raise _fail("meld_kind", raw=raw, kind=kind_text.strip())
    cards = _cards(cards_text, f"--meld {kind}") if cards_text.strip() else ()
    if len(cards) != MELD_SIZES[kind]:
        raise _fail("meld_size", raw=raw, kind=kind, size=MELD_SIZES[kind], got=len(cards))
    natural = {face_of(c) for c in cards if c != JOKER}
    if len(natural) != 1:
        raise _fail("meld_face", raw=raw, kind=kind)
    if JOKER in cards and (kind not in ("紮", "泛") or not natural <= set(jing)):
        raise _fail("meld_joker", raw=raw, faces="/".join(FACES[f] for f in jing))
    try:
        return Meld(kind, cards)
    except ValueError as exc:  # a rule of Meld this module does not know yet
        raise _fail("meld_bad", raw=raw, reason=said(exc)) from None


def _check_copies(cards: Sequence[int], where: str, jokers: int) -> None:
    """No more copies of a card (or of a face, 花 and 素 together) than the deck of
    ``jokers`` 赖子 holds."""
    copies = deck_copies(jokers)
    for code, n in sorted(Counter(cards).items()):
        if n > copies[code]:
            raise _fail("copies", where=_t(where), n=n, card=_card_label(code),
                        have=copies[code])
    faces = Counter(face_of(c) for c in cards if c != JOKER)
    for face, n in sorted(faces.items()):
        if n > COPIES_PER_FACE:
            raise _fail("copies", where=_t(where), n=n, card=FACES[face],
                        have=COPIES_PER_FACE)


def _card_label(code: int) -> Text:
    """A card as counted against the deck: 素五 / plain 五 where 花 copies exist apart."""
    if code in FLOWER_FACES:
        return _t("plain", face=FACES[code])
    return _card_said(code)


def _card_said(code: int) -> Text:
    """A card in an error: 花三 in Chinese, the notation's 三* in English."""
    name = card_name(code)
    return Text(said_zh(name), name)


def _discard(text: str, concealed: tuple[int, ...]) -> int:
    codes = _cards(text, "--discard")
    if len(codes) != 1:
        raise _fail("discard_one", text=text)
    if codes[0] not in concealed:
        raise _fail("discard_absent", card=_card_said(codes[0]))
    return codes[0]


def check_size(hand: Hand, command: Command) -> None:
    """26 or 25 for ``score`` (no ``--discard`` at 25), exactly 25 for ``waits``."""
    n = hand.positions
    if command == "score" and n == WAITING and hand.discard is not None:
        raise _fail("discard_short")
    if n == WAITING or (command == "score" and n == COMPLETE):
        return
    need = "need_score" if command == "score" else "need_waits_26" if n == COMPLETE \
        else "need_waits"
    raise _fail("size", n=n, c=len(hand.concealed), m=len(hand.melds), need=_t(need))


# --- the reports ----------------------------------------------------------------------

@dataclass(frozen=True, slots=True)
class WaitsReport:
    """Every card that completes ``hand`` with enough 胡; when none does, the best miss."""

    hand: Hand
    waits: tuple[Wait, ...]
    best_miss: tuple[int, int] | None = None
    """(胡, card) of the best completion under 起胡 when nothing waits; None: no shape."""

    @property
    def unseen(self) -> int:
        return sum(w.remaining for w in self.waits)

    def to_json(self) -> dict[str, Any]:
        return {
            "waits": [wait_json(w, self.hand) for w in self.waits],
            "cards": self.hand.positions,
            "threshold": self.hand.threshold,
            "fen_mode": self.hand.fen_mode,
            "unseen": self.unseen,
            "preset": self.hand.preset,
            "options": self.hand.options_json(),
        }


@dataclass(frozen=True, slots=True)
class ScoreReport:
    """The best reading of a complete hand, or (for 25) the waits it has instead."""

    hand: Hand
    result: HandResult | None
    short: WaitsReport | None = None

    def to_json(self) -> dict[str, Any]:
        if self.short is not None:
            data: dict[str, Any] = {
                "wins": False, "hu": 0, "fen": None, "complete": False, "units": [],
                "tingtou": [], "tingtou_hu": 0, "zhujing": None, "reason": "one_card_short",
            }  # fmt: skip
            return data | self.short.to_json()
        assert self.result is not None
        return score_json(self.hand, self.result)


def score(hand: Sequence[str], melds: Sequence[str] = (), options: Sequence[str] = (),
          discard: str | None = None, seen: Sequence[str] = (),
          preset: str | None = None) -> ScoreReport:
    """``huapai score biegan``: the best reading of a complete hand, or its waits."""
    read = read_hand("score", hand, melds, options, seen, discard, preset)
    check_size(read, "score")
    if read.positions == WAITING:
        return ScoreReport(read, None, _waits_report(read))
    return ScoreReport(read, best_hand(read.concealed, read.melds, won_discard=read.discard,
                                       **read.options))


def waits(hand: Sequence[str], melds: Sequence[str] = (), options: Sequence[str] = (),
          seen: Sequence[str] = (), preset: str | None = None) -> WaitsReport:
    """``huapai waits biegan``: every card that wins, its best 胡, copies unseen."""
    read = read_hand("waits", hand, melds, options, seen, preset=preset)
    check_size(read, "waits")
    return _waits_report(read)


def _waits_report(hand: Hand) -> WaitsReport:
    found = find_waits(hand.concealed, hand.melds, hand.seen, **hand.options)
    return WaitsReport(hand, found, None if found else _best_miss(hand))


def _best_miss(hand: Hand) -> tuple[int, int] | None:
    """The completion with the most 胡 when none reaches 起胡 (None: no card completes)."""
    owned = Counter(hand.own)
    best: tuple[int, int] | None = None
    copies = deck_copies(int(hand.options.get("jokers", NUM_JOKERS)))
    for code in (c for c in range(NUM_CODES) if owned[c] < copies[c]):
        result = best_hand((*hand.concealed, code), hand.melds, **hand.options)
        if result.complete and (best is None or result.hu > best[0]):
            best = (result.hu, code)
    return best


def score_json(hand: Hand, result: HandResult) -> dict[str, Any]:
    """The calculator's JSON plus how the hand was scored and why it does not win."""
    data = result.to_json()
    reason = None if result.wins else "below_threshold" if result.complete else "incomplete"
    data.update({
        "fen": hand.fen(result.hu) if result.wins else None,  # the preset's 分 (fen_mode)
        "fen_mode": hand.fen_mode,
        "cards": hand.positions,
        "self_drawn": hand.discard is None,
        "won_discard": None if hand.discard is None else card_name(hand.discard),
        "threshold": hand.threshold,
        "tingtou_jokers": [face_name(f) for f in result.tingtou_jokers],
        "reason": reason,
        "preset": hand.preset,
        "options": hand.options_json(),
    })
    return data


def wait_card(wait: Wait) -> str:
    return card_name(card(wait.face, wait.flowered))


def wait_json(wait: Wait, hand: Hand) -> dict[str, Any]:
    """One wait: the calculator's fields plus the card as written and its 分 self-drawn
    (as the preset pays it)."""
    data = wait.to_json()
    data["card"] = wait_card(wait)
    data["fen"] = hand.fen(wait.hu)
    return data
