"""双别杆 actions as a front end shows them (``describe_action``): a discard is chosen
from the hand; 过, 胡, the claims (招 对 泛), 紮 and 开泛 are buttons."""

from __future__ import annotations

from functools import cache

from huapai.core.present import ActionInfo, Msg
from huapai.core.protocol import action_id

from .cards import FACES, card_name, said_msg
from .state import DISCARD0, DUI, FAN, HU, KAIFAN0, NUM_ACTIONS, PASS, ZHA0, ZHAO, discard_code

_WORDS = {
    PASS: ActionInfo(PASS, "pass", (), Msg("pass", "过", "pass (过)")),
    HU: ActionInfo(HU, "hu", (), Msg("hu", "胡", "胡 (hu)"), style="hot"),
    ZHAO: ActionInfo(ZHAO, "zhao", (), Msg("zhao", "招", "招 (zhao)"), style="gold"),
    DUI: ActionInfo(DUI, "dui", (), Msg("dui", "对", "对 (dui)"), style="gold"),
    FAN: ActionInfo(FAN, "fan", (), Msg("fan", "泛", "泛 (fan)"), style="gold"),
}


@cache
def describe_action(action: int) -> ActionInfo:
    """Kind, cards (tokens as ``observe`` writes the hand), label, group and style
    (memoised: one frozen value per id)."""
    action_id(action, NUM_ACTIONS)
    if action < DISCARD0:
        return _WORDS[action]
    if action < ZHA0:
        card = card_name(discard_code(action))
        label = said_msg("discard", "打 {card}", "discard {card}", card=card)
        return ActionInfo(action, "discard", (card,), label, "cards")
    if action < KAIFAN0:
        face = FACES[action - ZHA0]
        label = Msg.of("zha", "紮 {face}", "紮 (zha) {face}", face=face)
        return ActionInfo(action, "zha", (face,), label, style="gold")
    face = FACES[action - KAIFAN0]
    label = Msg.of("kaifan", "开泛 {face}", "开泛 (kaifan) {face}", face=face)
    return ActionInfo(action, "kaifan", (face,), label, style="gold")
