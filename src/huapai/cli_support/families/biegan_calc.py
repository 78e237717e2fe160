"""How ``huapai score biegan`` and ``huapai waits biegan`` show their reports in a terminal.

The commands themselves are built from the typed specs in the family's manifest
(``huapai.cli_support.calculators``); the calculation and every input check live in the
engine (``huapai.games.biegan.calcinput``). Here: only the tables, in Chinese or English.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rich.console import Console
from rich.table import Table

from huapai.cli_support.families.common import family_name
from huapai.cli_support.i18n import Lang
from huapai.core.present import count_en
from huapai.games.biegan.calcinput import Hand, ScoreReport, WaitsReport, wait_card
from huapai.games.biegan.calculator import HandResult
from huapai.games.biegan.cards import JOKER, card_name, face_name, format_cards, said_zh
from huapai.games.biegan.scoring import doubled_by_main
from huapai.games.biegan.units import Unit
from huapai.games.biegan.waits import Wait

_TEXT: dict[str, tuple[str, str]] = {
    "score_title": ("双别杆算分 · {how} · {n} 张", "{family} score · {how} · {n} cards"),
    "self_drawn": ("自摸", "self-drawn (自摸)"),
    "on_discard": ("捉铳（{card}）", "won on the discard {card} (吃胡)"),
    "options": ("规则选项：{items}", "rule options: {items}"),
    "preset": ("按 {preset} 的读法（--preset 可换：gongan danbiegan gongan-app reference）",
               "read as {preset} reads it (--preset: gongan danbiegan gongan-app reference)"),
    "score_cols": ("组|牌|胡|说明", "unit|cards|胡|note"),
    "tingtou": ("听头", "听头 (two-card head)"),
    "exposed": ("明", "exposed"),
    "laid_down": ("扣着", "laid face down"),
    "by_discard": ("捉铳成对", "made by the discard: a 对"),
    "concealed": ("暗", "concealed"),
    "joker_as": ("赖作 {faces}", "赖 as {faces}"),
    "has_main": ("主精翻倍", "主精 doubled"),
    "zhujing": ("主精：{face}", "主精 (the 精 whose 胡 are doubled): {face}"),
    "no_zhujing": ("无", "none"),
    "total_row": ("合计", "total"),
    "wins": ("胡牌 ✓  {fen} 分（{how}）", "wins ✓  {fen} 分 ({how})"),
    "fen_po": ("{threshold} 胡 1 分，逢 5 进 1", "points: 1 at {threshold} 胡, +1 every 5"),
    "fen_per_hu": ("一胡一分", "one point a 胡"),
    "fen_ceil5": ("逢 1 就包：胡数往上凑成 5 的倍数", "胡 rounded up to a multiple of 5"),
    "fen_round5": ("2 舍 3 入：胡数取最近的 5 的倍数，最少 20",
                   "胡 to the nearest multiple of 5, at least 20"),
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
    "waits_summary": ("听 {kinds} 种牌，还有 {unseen} 张未见", "waits on {cards}, {copies} unseen"),
    "no_waits_shape": ("不听牌：没有一张牌能凑成 8 组加听头",
                       "no waits: no card makes 8 units plus a 听头"),
    "no_waits_hu": ("不听牌：最好是摸到 {card}，也只有 {hu} 胡，至少要 {threshold} 胡",
                    "no waits: the best card, {card}, gives only {hu} 胡; {threshold} needed"),
}

_KIND_GLOSS = {"句": "sequence", "坎": "triplet", "紮": "four, declared", "泛": "five",
               "对": "claimed triplet", "招": "claimed four"}


def _t(key: str, lang: Lang, **values: object) -> str:
    """A text in ``lang``; a ``card`` value (notation) as the play's screen says it (花三,
    in English too)."""
    zh, en = _TEXT[key]
    card = values.get("card")
    if isinstance(card, str):
        values = values | {"card": said_zh(card)}
    return (zh if lang == "zh" else en).format(**values)


def show_score(report: ScoreReport, console: Console, lang: Lang) -> None:
    """A complete hand's best reading as a table; a 25-card hand's waits instead."""
    if report.short is not None:
        console.print(_t("short_one", lang))
        show_waits(report.short, console, lang)
        return
    assert report.result is not None
    _show_score(report.hand, report.result, console, lang)


def _show_value(value: Any) -> str:
    return str(value).lower() if isinstance(value, bool) else str(value)


def _show_score(hand: Hand, result: HandResult, console: Console, lang: Lang) -> None:
    how = _t("self_drawn", lang) if hand.discard is None else _t(
        "on_discard", lang, card=card_name(hand.discard))
    console.print(_t("score_title", lang, how=how, n=hand.positions,
                     family=family_name("biegan", lang)), style="bold")
    _show_options(hand, console, lang)
    if not result.complete:
        console.print(_t("incomplete", lang), style="red")
        return
    console.print(_units_table(result, bool(hand.options.get("desk_jing_not_main")), lang))
    main = _t("no_zhujing", lang) if result.zhujing is None else face_name(result.zhujing)
    console.print(_t("zhujing", lang, face=main))
    if result.wins:
        how = _t(f"fen_{hand.fen_mode}", lang, threshold=hand.threshold)
        console.print(_t("wins", lang, fen=hand.fen(result.hu), how=how), style="bold green")
    else:
        console.print(_t("below", lang, hu=result.hu, threshold=hand.threshold), style="red")


def _show_options(hand: Hand, console: Console, lang: Lang) -> None:
    console.print(_t("preset", lang, preset=hand.preset), style="dim")
    if hand.changed:
        items = "  ".join(f"{k}={_show_value(v)}" for k, v in hand.changed.items())
        console.print(_t("options", lang, items=items))


def _units_table(result: HandResult, desk: bool, lang: Lang) -> Table:
    table = Table()
    for i, name in enumerate(_t("score_cols", lang).split("|")):
        table.add_column(name, justify="right" if i == 2 else "left")
    for unit in result.units:
        table.add_row(_kind(unit.kind, lang), said_zh(format_cards(unit.cards)), str(unit.hu),
                      _unit_note(unit, result.zhujing, desk, lang))
    jokers = _joker_note(result.tingtou_jokers, lang)
    table.add_row(_t("tingtou", lang), said_zh(format_cards(result.tingtou)),
                  str(result.tingtou_hu),
                  jokers, end_section=True)
    table.add_row(_t("total_row", lang), "", str(result.hu), "")
    return table


def _kind(kind: str, lang: Lang) -> str:
    return kind if lang == "zh" else f"{kind} ({_KIND_GLOSS[kind]})"


_EXPOSED = {"紮": "laid_down", "泛": "laid_down", "坎": "by_discard"}
"""How a declared unit lies: a 紮 (and the 泛 grown from one) face down — 明 read as face
up to a 公安 player — and a 坎 the winning discard completed, scored as a 对."""


def _unit_note(unit: Unit, main: int | None, desk: bool, lang: Lang) -> str:
    notes = [_t(_EXPOSED.get(unit.kind, "exposed") if unit.exposed else "concealed", lang)]
    if unit.jokers_as:
        notes.append(_joker_note(unit.jokers_as, lang))
    if doubled_by_main(unit, main, desk):  # as the settlement says it
        notes.append(_t("has_main", lang))
    return " · ".join(notes)


def _joker_note(faces: Sequence[int], lang: Lang) -> str:
    if not faces:
        return ""
    return _t("joker_as", lang, faces=" ".join(face_name(f) for f in faces))


def show_waits(report: WaitsReport, console: Console, lang: Lang) -> None:
    """Every wait of a 25-card hand as a table, or why there is none."""
    hand, found = report.hand, report.waits
    console.print(_t("waits_title", lang, n=hand.positions, threshold=hand.threshold),
                  style="bold")
    _show_options(hand, console, lang)
    if not found:
        console.print(_no_waits_reason(report, lang), style="red")
        return
    table = Table()
    for i, name in enumerate(_t("waits_cols", lang).split("|")):
        table.add_column(name, justify="right" if i else "left")
    for wait in found:
        table.add_row(*_wait_row(wait, hand, lang))
    console.print(table)
    kinds = len({w.face for w in found})
    unseen = sum(w.remaining for w in found)
    console.print(_t("waits_summary", lang, kinds=kinds, unseen=unseen,
                     cards=count_en(kinds, "card", "cards"),
                     copies=count_en(unseen, "copy", "copies")))


def _wait_row(wait: Wait, hand: Hand, lang: Lang) -> tuple[str, ...]:
    name = said_zh(wait_card(wait)) + (_t("joker_note", lang) if wait.face == JOKER else "")
    on_discard, threshold = str(wait.hu_discard), hand.threshold
    if wait.hu_discard < threshold:
        on_discard += _t("below_on_discard", lang, threshold=threshold)
    return name, str(wait.hu), str(hand.fen(wait.hu)), on_discard, str(wait.remaining)


def _no_waits_reason(report: WaitsReport, lang: Lang) -> str:
    """Why nothing wins: no card completes the shape, or the best completion is under 起胡."""
    if report.best_miss is None:
        return _t("no_waits_shape", lang)
    hu, code = report.best_miss
    return _t("no_waits_hu", lang, card=card_name(code), hu=hu,
              threshold=report.hand.threshold)
