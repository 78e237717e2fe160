"""How ``huapai score xiushan`` and ``huapai waits xiushan`` show their results in a
terminal (without ``--json``): rich tables, in Chinese or English.

The commands are built from the typed specs in the family's manifest
(``huapai.cli_support.calculators``); the calculation and every input check live in the
engine (``huapai.games.xiushan.calcinput``). Here: only the tables. Game terms (the group
kinds, 油子, 豆, the reasons of each 豆) keep their 汉字 in both languages.
"""

from __future__ import annotations

from rich.console import Console
from rich.table import Table

from huapai.cli_support.families.common import family_name
from huapai.cli_support.i18n import Lang
from huapai.core.present import count_en
from huapai.games.xiushan.calculator import Result
from huapai.games.xiushan.cards import card_name, format_cards
from huapai.games.xiushan.describe import jiang_name
from huapai.games.xiushan.groups import Group
from huapai.games.xiushan.waits import Wait, Waits

_TEXT: dict[str, tuple[str, str]] = {
    "score_title": ("秀山字牌算分 · 起胡 {threshold} 胡",
                    "{family} score · {threshold} 油子 to win"),
    "score_title_plain": ("秀山字牌算分 · 不计油子", "{family} score · 油子 not counted"),
    "jiang": ("将：{jiang}", "将: {jiang}"),
    "score_cols": ("组|牌|油子|说明", "group|cards|油子|note"),
    "laid": ("落地", "laid down"),
    "face_down": ("撲（扣着）", "face down (撲)"),
    "in_hand": ("手里", "in hand"),
    "by_jiang": ("，将", ", 将 (worth more)"),
    "as_peng": ("手里，和的别家打的牌：按碰算", "in hand, won on a discard: counted as a 碰"),
    "total_row": ("合计", "total"),
    "dou_cols": ("豆|为什么", "豆|why"),
    "dou_total": ("共 {dou} 豆", "{dou} 豆 in all"),
    "zhuaque": ("啄雀：和的那张凑成麻雀", "啄雀: the winning card made the pair"),
    "fan": ("翻：{fan}", "翻: {fan}"),
    "mingtang_cols": ("名堂|值|是什么", "名堂|value|what it is"),
    "value": ("得分：{value}", "score: {value}"),
    "wins": ("和牌 ✓  {youzi} 胡油子，{dou} 豆", "wins ✓  {youzi} 油子, {dou} 豆"),
    "wins_plain": ("和牌 ✓  {dou} 豆", "wins ✓  {dou} 豆"),
    "wins_fan": ("和牌 ✓  {youzi} 胡油子，得分 {value}",
                 "wins ✓  {youzi} 油子, score {value}"),
    "below": ("不能和：最好的拆法只有 {youzi} 胡油子，至少要 {threshold} 胡",
              "does not win: the best cut has {youzi} 油子, {threshold} needed"),
    "incomplete": ("不能和：拆不成整副（每组三张或四张，张数需要时再加一个麻雀）",
                   "does not win: the cards make no complete set of groups (threes and "
                   "fours, plus a pair when the count needs one)"),
    "waits_title": ("听牌 · {n} 种牌", "waits · {cards}"),
    "waits_cols": ("牌|别人打：得分|油子|自摸：得分|油子|未见",
                   "card|on a discard: score|油子|self-drawn: score|油子|unseen"),
    "waits_cols_plain": ("牌|别人打：得分|自摸：得分|未见",
                         "card|on a discard: score|self-drawn: score|unseen"),
    "no_win": ("不和", "no"),
    "waits_summary": ("听 {kinds} 种牌，还有 {unseen} 张未见",
                      "waits on {cards}, {copies} unseen"),
    "no_waits": ("不听牌：没有一张牌能和（凑不成整副或油子不够）",
                 "no waits: no card wins (no complete cut, or too few 油子)"),
    "score_note": ("得分 = 豆（钵福为 油子×翻，三六福为名堂豆）",
                   "score = 豆 (钵福: 油子 × 翻; 三六福: the 名堂 豆)"),
}


_UNITS = {"fan": "翻", "dou": "豆"}


def _t(key: str, lang: Lang, **values: object) -> str:
    zh, en = _TEXT[key]
    return (zh if lang == "zh" else en).format(**values)


def show_score(result: Result, console: Console, lang: Lang) -> None:
    """The best reading: each group with its 油子, the total, then each 豆 and why."""
    title = "score_title" if result.counts_youzi else "score_title_plain"
    console.print(_t(title, lang, threshold=result.threshold,
                     family=family_name("xiushan", lang)), style="bold")
    if result.jiang is not None:
        console.print(_t("jiang", lang, jiang=jiang_name(result.jiang)))
    if not result.complete:
        console.print(_t("incomplete", lang), style="red")
        return
    console.print(groups_table(result.groups, result.youzi if result.counts_youzi else None,
                               lang))
    if not result.wins:
        console.print(_t("below", lang, youzi=result.youzi, threshold=result.threshold),
                      style="red")
        return
    if result.dou_items:
        console.print(dou_table(result, lang))
    if result.zhuaque:
        console.print(_t("zhuaque", lang))
    _show_named(result, console, lang)
    if result.fan is not None:
        console.print(_t("wins_fan", lang, youzi=result.youzi, value=result.value),
                      style="bold green")
        return
    console.print(_t("wins" if result.counts_youzi else "wins_plain", lang,
                     youzi=result.youzi, dou=result.dou or 0), style="bold green")


def groups_table(groups: tuple[Group, ...], youzi: int | None, lang: Lang) -> Table:
    """Each group with its 油子 and the total; ``youzi`` None where the preset 不计油子:
    the groups and where they lie only."""
    counted = youzi is not None
    table = Table()
    for i, name in enumerate(_t("score_cols", lang).split("|")):
        if counted or i != 2:
            table.add_column(name, justify="right" if i == 2 else "left")
    for group in groups:
        cells = [group.kind.value, format_cards(group.cards), str(group.youzi),
                 _where(group, lang)]
        table.add_row(*(cells if counted else cells[:2] + cells[3:]))
    if counted:
        table.add_section()
        table.add_row(_t("total_row", lang), "", str(youzi), "")
    return table


def _where(group: Group, lang: Lang) -> str:
    if not group.laid:
        where = _t("as_peng" if group.as_peng else "in_hand", lang)
    else:
        where = _t("face_down" if group.to_json()["face_down"] else "laid", lang)
    return where + (_t("by_jiang", lang) if group.raised_by_jiang() else "")


def dou_table(result: Result, lang: Lang) -> Table:
    table = Table()
    for i, name in enumerate(_t("dou_cols", lang).split("|")):
        table.add_column(name, justify="left" if i else "right")
    for item in result.dou_items:
        table.add_row(str(item.dou), item.why)
    table.add_section()
    table.add_row(str(result.dou or 0), _t("dou_total", lang, dou=result.dou or 0))
    return table


def _show_named(result: Result, console: Console, lang: Lang) -> None:
    """钵福 / 三六福: the 翻, the 名堂 and the value, when the preset has them."""
    if result.fan is not None:
        console.print(_t("fan", lang, fan=result.fan))
    if result.mingtang:
        table = Table()
        for name in _t("mingtang_cols", lang).split("|"):
            table.add_column(name)
        for hit in result.mingtang:
            table.add_row(hit.name, f"{hit.value} {_UNITS.get(hit.unit, hit.unit)}",
                          hit.meaning[0 if lang == "zh" else 1])
        console.print(table)
    if result.named and result.value is not None and result.fan is None:
        console.print(_t("value", lang, value=result.value))


def show_waits(found: Waits, console: Console, lang: Lang) -> None:
    """Every card that wins, with its score on a discard and self-drawn and the copies
    unseen; or why there is none."""
    if not found.waits:
        console.print(_t("no_waits", lang), style="red")
        return
    n = len(found.waits)
    console.print(_t("waits_title", lang, n=n, cards=count_en(n, "card", "cards")), style="bold")
    console.print(waits_table(found.waits, lang, found.counts_youzi))
    unseen = sum(w.remaining for w in found.waits)
    console.print(_t("waits_summary", lang, kinds=n, unseen=unseen,
                     cards=count_en(n, "card", "cards"),
                     copies=count_en(unseen, "copy", "copies")))
    console.print(_t("score_note", lang), style="dim")


def waits_table(waits: tuple[Wait, ...], lang: Lang, counts_youzi: bool = True) -> Table:
    """Each wait's score (and 油子, where the preset counts them) on a discard and
    self-drawn, and the copies unseen."""
    table = Table()
    for i, name in enumerate(_t("waits_cols" if counts_youzi else "waits_cols_plain",
                                lang).split("|")):
        table.add_column(name, justify="right" if i else "left")
    for w in waits:
        values = [w.score, w.youzi, w.score_self_drawn, w.youzi_self_drawn]
        if not counts_youzi:
            values = values[::2]  # the two scores
        table.add_row(card_name(w.card), *(_num(v, lang) for v in values), str(w.remaining))
    return table


def _num(value: int | None, lang: Lang) -> str:
    return _t("no_win", lang) if value is None else str(value)
