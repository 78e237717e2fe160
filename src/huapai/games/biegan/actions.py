"""The text notation of 双别杆 actions, paired: ``parse_action(format_action(a)) == a``.

========  =============================  ==========================================
id        written                        also accepted
========  =============================  ==========================================
0         ``过``                         不要 不对 不紮 pass p
1         ``胡``                         hu h 和
2         ``招``                         zhao
3         ``对``                         對 dui
4         ``泛``                         fan (a 泛 from a discard, rule option)
5..32     ``打 三*`` (a discard; ids in   出 三*, discard 三*, d 三*, or the card alone
          display order, 上 … 六, 赖)
33..54    ``紮 七``                      扎 七, zha 七
55..76    ``开泛 七``                    開泛 七, kaifan 七
========  =============================  ==========================================
"""

from __future__ import annotations

from huapai.core.notation import CardlessWords
from huapai.core.protocol import Msg, NotationError, action_id

from .cards import FACES, NUM_CODES, card_name, face_of, parse_cards, said_msg
from .state import (
    DISCARD0,
    DISCARD_OF,
    DUI,
    FAN,
    HU,
    KAIFAN0,
    NUM_ACTIONS,
    PASS,
    ZHA0,
    ZHAO,
    discard_code,
)

_WORDS: dict[str, int] = {
    "过": PASS, "過": PASS, "不要": PASS, "不对": PASS, "不對": PASS, "不紮": PASS,
    "不扎": PASS, "pass": PASS, "p": PASS,
    "胡": HU, "和": HU, "hu": HU, "h": HU, "win": HU,
    "招": ZHAO, "zhao": ZHAO,
    "对": DUI, "對": DUI, "dui": DUI,
    "泛": FAN, "fan": FAN,
}
_CARDLESS = CardlessWords(_WORDS)
_DISCARD = ("打", "出", "discard", "d")
_ZHA = ("紮", "扎", "zha")
_KAIFAN = ("开泛", "開泛", "kaifan")
_NAMES = {PASS: "过", HU: "胡", ZHAO: "招", DUI: "对", FAN: "泛"}
HELP = ("过 pass / 胡 hu (win) / 招 zhao / 对 dui / 泛 fan / 打 <card> / 紮 <face> / "
        "开泛 <face>; a card is its 汉字, e.g. 上")
HELP_ZH = "过 / 胡 / 招 / 对 / 泛 / 打 某张牌 / 紮 某个字 / 开泛 某个字；牌写汉字，如 上"


def format_action(action: int) -> str:
    action_id(action, NUM_ACTIONS)
    if action < DISCARD0:
        return _NAMES[action]
    if action < ZHA0:
        return "打 " + card_name(discard_code(action))
    if action < KAIFAN0:
        return "紮 " + FACES[action - ZHA0]
    return "开泛 " + FACES[action - KAIFAN0]


def parse_action(text: str) -> int:
    word = text.strip()
    if not word:
        raise NotationError.of("empty_action", "没有输入动作：请写 {forms_zh}",
                               "empty action: type {forms}", forms=HELP, forms_zh=HELP_ZH)
    found = _WORDS.get(word.lower())
    if found is not None:
        return found
    _CARDLESS.refuse_a_card(word)
    for prefixes, base in ((_KAIFAN, KAIFAN0), (_ZHA, ZHA0), (_DISCARD, DISCARD0)):
        for prefix in prefixes:
            rest = _after(word, prefix)
            if rest is not None:
                return _with_card(rest, base, prefix)
    return _with_card(word, DISCARD0, None)


def _after(word: str, prefix: str) -> str | None:
    if not word.lower().startswith(prefix):
        return None
    rest = word[len(prefix):]
    if prefix.isascii() and rest[:1].isascii() and rest[:1].isalpha():
        return None  # "discardX" / "hu…" are not this prefix
    return rest


def _with_card(rest: str, base: int, what: str | None) -> int:
    """The action ``what`` (None: a card alone, its 打) with the card ``rest``."""
    said_what = "打" if what is None else what
    if not rest.strip():
        raise NotationError.of("no_card_given", "{what}后面要写一张牌", "{what} needs a card",
                               what=said_what)
    try:
        cards = parse_cards(rest.strip(), check_counts=False)  # "打 x": x is the 1st
    except NotationError as exc:
        said = exc.msg
        # a word alone was read as a card to discard: "打：" before the reason read as if
        # the player had typed 打
        zh_what, en_what = ("", "") if what is None else (f"{what}：", f"{what}: ")
        raise NotationError(Msg(said.code, f"{zh_what}{said.zh}（{HELP_ZH}）",
                                f"{en_what}{said.en} ({HELP})", said.params)) from None
    if len(cards) != 1 and what is None:
        raise NotationError.of("one_card", "一次只打一张牌，{got!r} 是 {n} 张",
                               "one card at a time: {got!r} is {n} cards",
                               got=rest.strip(), n=len(cards))
    if len(cards) != 1:
        raise NotationError.of("one_card", "{what}后面只写一张牌，不是 {got!r}",
                               "{what} takes exactly one card, got {got!r}",
                               what=what, got=rest.strip())
    code = cards[0]
    if base == DISCARD0:
        return DISCARD_OF[code]
    if code >= NUM_CODES or face_of(code) >= len(FACES):
        raise NotationError(said_msg("face_only", "{what}后面写一个字（上 … 六），不是 {card}",
                                     "{what} takes a face (上 … 六), not {card}",
                                     what=what, card=card_name(code)))
    return base + face_of(code)
