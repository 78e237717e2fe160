"""掀牛 actions as a front end shows them (``describe_action``): plays and 紧牌 discards
are chosen from the hand; 掀, 不掀 / 扣了 and 紧牌 are buttons."""

from __future__ import annotations

from functools import lru_cache

from huapai.core.present import ActionInfo, Msg
from huapai.core.protocol import action_id

from .cards import expand, face_text, said_zh
from .combos import catalogue
from .rules import XianniuRules
from .state import DECLINE, DISCARD0, JIN, PLAY0, XIAN

_XIAN = Msg("xian", "掀", "掀 (xian)")
_JIN = Msg("jinpai", "紧牌", "紧牌 (limit the hands)")
_DECLINE = {"huapai": Msg("pass", "不掀", "no 掀 (pass)"),
            "poker": Msg("pass", "扣了", "扣了 (fold)")}


_GLOSS = {"单张": "single", "对子": "pair", "鞍": "three alike", "亮子": "four alike"}
_GLOSS_DECK = {
    "poker": {"好牛": "red and black 9s", "哈牛": "9s of one colour",
              "好戏": "red and black 5s", "哈戏": "5s of one colour",
              "三张好牛": "three 9s", "三张好戏": "three 5s"},
    "huapai": {"好牛": "牛九 with 牛八", "哈牛": "two of one 牛", "好戏": "大戏 with 小戏",
               "哈戏": "two of one 戏", "三张好牛": "three 牛", "三张好戏": "three 戏"},
}
"""English for the plain play types beside their 汉字 (an English play-test read 单张 and
对子 as untranslated); the named shapes (鱼, 摆 and their compounds) keep their names —
their cards stand beside them."""


@lru_cache(maxsize=8192)
def describe_action(rules: XianniuRules, action: int) -> ActionInfo:
    """Kind, cards (tokens as ``observe`` writes the hand), label, group and style
    (memoised: a description depends on the rules and the id only, and is a frozen value)."""
    combos = catalogue(rules.catalogue_key).combos
    action_id(action, PLAY0 + len(combos))
    if action >= PLAY0:
        combo = combos[action - PLAY0]
        cards = tuple(face_text(f, rules.style) for f in expand(combo.counts))
        written = " ".join(cards)
        gloss = _GLOSS.get(combo.name) or _GLOSS_DECK.get(rules.deck, {}).get(combo.name)
        label = Msg("play", f"{said_zh(written)}（{combo.name}）",
                    f"{written} ({combo.name}{', ' + gloss if gloss else ''})",
                    {"cards": written, "combo": combo.name})
        return ActionInfo(action, "play", cards, label, "cards")
    if action >= DISCARD0:
        card = face_text(action - DISCARD0, rules.style)
        label = Msg("discard", f"弃 {said_zh(card)}", f"throw {card} (弃)", {"card": card})
        return ActionInfo(action, "discard", (card,), label, "cards")
    if action == XIAN:
        return ActionInfo(action, "xian", (), _XIAN, style="hot")
    if action == JIN:
        return ActionInfo(action, "jinpai", (), _JIN, style="gold")
    assert action == DECLINE
    return ActionInfo(action, "pass", (), _DECLINE[rules.style])
