"""秀山 actions as a front end shows them (``describe_action``): a discard is chosen from
the hand; 过, 胡, the claims (碰 开召 鸡) and one's own 哨 / 龙灯 are buttons. Also
:func:`say`, the family's two-language message."""

from __future__ import annotations

from functools import cache

from huapai.core.present import ActionInfo, ActionStyle, Msg
from huapai.core.protocol import action_id

from .cards import RANKS, card_name
from .state import ACTION_NAMES, DISCARD0, HU, NUM_ACTIONS, PASS

PINYIN = {0: "pass", 1: "hu", 2: "peng", 3: "kaizhao", 4: "ji", 5: "shao", 6: "longdeng"}
"""Each action's kind, the word its English label shows (and the notation takes)."""


def jiang_name(rank: int) -> str:
    """The 将 of ``rank`` as the table says it, big card and small (``陆六``): both sizes
    are the 将 (the big card alone read as the big one only: a play-test)."""
    return card_name(rank + RANKS) + card_name(rank)


def say(zh: str, en: str, code: str = "xiushan") -> Msg:
    """A message in both languages (``str()`` of it is ``"中文 / English"``)."""
    return Msg(code, zh, en)


@cache
def describe_action(action: int) -> ActionInfo:
    """Kind, cards, label, group and style of an action id (one frozen value per id)."""
    action_id(action, NUM_ACTIONS)
    if action >= DISCARD0:
        card = card_name(action - DISCARD0)
        label = Msg.of("discard", "打 {card}", "discard {card}", card=card)
        return ActionInfo(action, "discard", (card,), label, "cards")
    kind, name = PINYIN[action], ACTION_NAMES[action]
    en = "pass (过)" if action == PASS else f"{name} ({kind})"
    style: ActionStyle = "hot" if action == HU else "neutral" if action == PASS else "gold"
    return ActionInfo(action, kind, (), Msg(kind, name, en), style=style)
