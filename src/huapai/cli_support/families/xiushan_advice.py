"""秀山's 听 at a discard: for each card the player could discard, the waits it would leave
(打 六 → 听 七（3 豆，剩 2）…). The table's own waits line is the engine's (``my_waits``,
only while the hand is one card short); this is asked for, so it is computed here from
the seat's view alone — its hand, its groups, the 将 and the open cards — with the same
calculator (a terminal play-test: 听 said only 现在不听牌 at every discard, where 双别杆's
says which discard waits on what). 钵福's note that the 钵 does not let a wait win yet is
the table's own waits line's, once the discard is made."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from huapai.cli_support.render import RenderContext
from huapai.core.protocol import NotationError
from huapai.games.xiushan.calculator import HandError
from huapai.games.xiushan.cards import parse_cards
from huapai.games.xiushan.groups import Meld
from huapai.games.xiushan.waits import Wait, waits


def discard_waits(view: Mapping[str, Any], ctx: RenderContext) -> list[tuple[str, list[Wait]]]:
    """(card, its waits) for every card the seat may discard now (its ``打`` actions) whose
    discard leaves a wait, in the hand's order; [] at any other decision."""
    offered = discards(view)
    if not offered or not view.get("hand"):
        return []
    try:
        cards = parse_cards(str(view["hand"]), check_counts=False)
        melds = [Meld.parse(f"{m['kind']}:{m['cards']}") for m in view.get("my_melds") or []
                 if m.get("cards")]
        seen = _seen(view, ctx.me)
    except NotationError:  # a view this does not read
        return []
    jiang = str(view["jiang"])[0] if view.get("jiang") else None  # 陆六: either names it
    out = []
    for name in offered:
        card = parse_cards(name)[0]
        rest = list(cards)
        rest.remove(card)
        try:  # the discard is seen too, once it is made
            found = waits(ctx.rules, rest, melds, visible=[*seen, card], jiang=jiang)
        except (HandError, NotationError):
            continue
        if found.waits:
            out.append((name, list(found.waits)))
    return out


def discards(view: Mapping[str, Any]) -> list[str]:
    """The cards the seat may discard now, from its ``打`` actions (none at any other
    decision)."""
    return [str(text).removeprefix("打 ") for text in view.get("legal_text") or []
            if str(text).startswith("打 ")]


def _seen(view: Mapping[str, Any], me: int | None) -> list[int]:
    """The cards the seat sees outside its hand and groups: discards, the others' open
    groups, the flipped card and the card on the table (what ``my_waits`` counts)."""
    texts: list[str] = [str(r) for r in view.get("rivers") or []]
    for seat, groups in enumerate(view.get("melds") or []):
        if seat != me:
            texts.extend(str(m["cards"]) for m in groups if m.get("cards"))
    if view.get("flipped"):
        texts.append(str(view["flipped"]))
    offer = view.get("offer") or {}
    if offer.get("card"):
        texts.append(str(offer["card"]))
    return [c for text in texts if text for c in parse_cards(text, check_counts=False)]
