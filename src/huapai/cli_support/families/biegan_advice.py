"""The 双别杆 terminal's advice: the value of a 胡 on offer, the waits, and what each
discard would leave one waiting on — shown at a decision and by the ``waits`` command.

The numbers come from :mod:`huapai.games.biegan.advice`, which reads only the viewer's own
``observe()`` dict; "unseen" copies are counted from what that seat has seen.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from rich.console import Group, RenderableType
from rich.text import Text

from huapai.cli_support.i18n import bracketed
from huapai.cli_support.render import RenderContext
from huapai.games.biegan.advice import DiscardWaits, Offer, discard_waits, offered_win, waits_now
from huapai.games.biegan.cards import JOKER, card, card_name
from huapai.games.biegan.waits import Wait

from .biegan_cards import cards_in as _cards

_SHOWN_DISCARDS = 3
"""At most this many discards are listed at a decision (``waits`` lists them all): six
filled a 30-row terminal at 60 columns (a play-test)."""


def hints(view: Mapping[str, Any], ctx: RenderContext) -> RenderableType | None:
    """What the player should know before answering: an offered 胡's value, and the waits
    (or, with a card to discard, the best discards' waits)."""
    parts: list[RenderableType] = []
    offer = offered_win(ctx.rules, view)
    if offer is not None:
        parts.append(offer_text(offer, ctx))
    parts.extend(_waits_parts(view, ctx, limit=_SHOWN_DISCARDS, quiet=True))
    return Group(*parts) if parts else None


def waits(view: Mapping[str, Any], ctx: RenderContext) -> RenderableType:
    """The ``waits`` command: the waits now, or for every discard, or why there are none."""
    if view.get("hand") is None:
        return Text(ctx.pick("你没有手牌（观战）", "you hold no hand (watching)"))
    parts = _waits_parts(view, ctx, limit=None, quiet=False)
    return Group(*parts)


def _waits_parts(view: Mapping[str, Any], ctx: RenderContext, *, limit: int | None,
                 quiet: bool) -> list[RenderableType]:
    now = waits_now(ctx.rules, view)
    if now is not None:
        if now:
            return [Text.assemble((ctx.pick("听：", "waits: "), "bold green"),
                                  waits_text(now, ctx))]
        return [] if quiet else [Text(ctx.pick("不听牌：没有一张牌能胡（够 17 胡）",
                                               "not waiting: no card wins (with 17 胡)"))]
    options = discard_waits(ctx.rules, view)
    if options:
        shown = options if limit is None else options[:limit]
        lines: list[RenderableType] = [discard_line(d, ctx) for d in shown]
        more = len(options) - len(shown)
        if more:
            lines.append(Text(ctx.pick(f"……还有 {more} 种打法也听（输入「听」看全部）",
                                       f"… {more} more discards wait (type waits)"),
                              style="dim"))
        return lines
    if quiet:
        return []
    return [Text(ctx.pick("现在不听牌：打哪一张都还差牌", "not waiting: no discard leaves a wait")
                 if view.get("legal") else ctx.pick("现在不听牌", "not waiting now"))]


def offer_text(offer: Offer, ctx: RenderContext) -> Text:
    """``胡 = 31 胡 · 3 分 (捉铳)`` and its units, as the settlement will count them."""
    result = offer.result
    how = ctx.pick("捉铳", "on the discard") if offer.on_discard else ctx.pick("自摸", "self-drawn")
    out = Text.assemble((ctx.pick("可以胡：", "胡 on offer: "), "bold green"),
                        (f"{result.hu} 胡 · {offer.fen} 分", "bold"),
                        bracketed(how, ctx.lang) + "  ")
    for unit in result.units:
        out.append(f"{unit.kind}[")
        out.append_text(_cards("".join(card_name(c) for c in unit.cards), ctx))
        out.append(f"]{unit.hu} ")
    out.append(ctx.pick("听头 ", "听头 "))
    out.append_text(_cards("".join(card_name(c) for c in result.tingtou), ctx))
    if result.tingtou_hu:
        out.append(str(result.tingtou_hu))
    return out


def waits_text(found: Sequence[Wait], ctx: RenderContext) -> Text:
    """Each winning card with its 胡 (self-drawn / on a discard) and the copies unseen."""
    out = Text()
    for w in found:
        name = "赖" if w.face == JOKER else card_name(card(w.face, w.flowered))
        out.append_text(_cards(name, ctx))
        value = _value(w, ctx)
        out.append(ctx.pick(f"（{value}，未见 {w.remaining}）  ",
                            f" ({value}, {w.remaining} unseen)  "))
    unseen = sum(w.remaining for w in found)
    out.append(ctx.pick(f"共 {unseen} 张未见", f"{unseen} unseen in all"), style="dim")
    return out


def _value(w: Wait, ctx: RenderContext) -> str:
    """``18 胡``, or ``自摸 18 / 捉铳 16 胡（不够）`` when a discard would score differently."""
    if w.hu_discard == w.hu:
        return f"{w.hu} 胡"
    short = w.hu_discard < _threshold(ctx)
    return ctx.pick(f"自摸 {w.hu} / 捉铳 {w.hu_discard} 胡" + ("（捉铳不够）" if short else ""),
                    f"{w.hu} 胡 self-drawn / {w.hu_discard} on a discard"
                    + (" (too few to win on it)" if short else ""))


def discard_line(option: DiscardWaits, ctx: RenderContext) -> Text:
    out = Text.assemble((ctx.pick("打 ", "discard "), "bold"))
    out.append_text(_cards(card_name(option.card), ctx))
    out.append(ctx.pick(" → 听 ", " → waits on "))
    out.append_text(waits_text(option.waits, ctx))
    return out


def _threshold(ctx: RenderContext) -> int:
    return int(ctx.rules.hu_threshold)
