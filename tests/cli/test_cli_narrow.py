"""The terminal tables at 100 columns: a cell too long for its column wraps (folds), and
never ends in "…" — a 占牌 cell of 12 cards had hidden one of them until the deal ended."""

from __future__ import annotations

import re
from collections import Counter
from typing import Any

import pytest
from cli_helpers import invoke
from rich.cells import cell_len
from rich.console import Console

from huapai.bots.registry import make_bot
from huapai.cli_support.i18n import Lang
from huapai.cli_support.render import Heading, RenderContext, legal_list, renderer_for
from huapai.cli_support.runtime import console
from huapai.core.registry import get_game
from huapai.core.session import decide


def _long_zhan_view() -> dict[str, object]:
    """A 5-player 凤翔 position, one action before its end, whose 占牌 row is the longest of
    the first 30 seeds (heuristic bots)."""
    game = get_game("xianniu")
    rules = game.rules("fengxiang", players=5)
    bots = [make_bot("heuristic", game, rules, s, s) for s in range(5)]
    best: tuple[int, dict[str, object]] | None = None
    for seed in range(30):
        state = game.new_game(rules, seed=seed)
        while True:
            seat = game.to_act(state)[0]
            legal = game.legal_actions(state, seat)
            choice = legal[0] if len(legal) == 1 else decide(bots[seat], game, state, seat, legal)
            after, _ = game.apply(state, seat, choice)
            if game.is_over(after):
                break
            state = after
        view = dict(game.observe(state, 0))
        size = max(len(" ".join(str(p["cards"]) for p in plays)) for plays in view["table"])
        if best is None or size > best[0]:
            best = (size, view)
    assert best is not None
    return best[1]


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_a_long_zhan_row_wraps_and_shows_every_card(lang: Lang) -> None:
    game = get_game("xianniu")
    rules = game.rules("fengxiang", players=5)
    view = _long_zhan_view()
    console = Console(width=100, record=True, force_terminal=False)
    console.print(renderer_for(game).table(view, RenderContext(game, rules, lang, me=0)))
    shown = console.export_text()
    assert "…" not in shown, shown
    table = view["table"]
    assert isinstance(table, list)
    cards = Counter(c for plays in table for p in plays for c in str(p["cards"]).split())
    assert sum(cards.values()) >= 10, cards  # long enough to need two lines at 100 columns
    words = Counter(shown.split())
    for card, n in cards.items():
        assert words[card] >= n, (card, n, shown)


@pytest.mark.parametrize("width", [100, 40])
def test_a_heading_never_cuts_its_title(width: int) -> None:
    """A deal's heading (``─── 第 1 局 · … · 种子 … ───``) keeps its whole title: on its rule
    where it fits, else wrapped above a plain rule (rich's Rule cut the seed with "…")."""
    title = "第 1 局 · 双别杆花牌 / 赖子花牌 · 公安 · 头家 座位1 · 种子 5332040386977114452"
    console = Console(width=width, record=True, force_terminal=False)
    console.print(Heading(title))
    shown = console.export_text()
    assert "…" not in shown and "5332040386977114452" in shown, shown
    lines = shown.splitlines()
    assert (len(lines) == 1) == (width == 100) and lines[-1].startswith("─"), shown


@pytest.mark.parametrize("width", [80, 60, 40])
def test_the_numbered_choices_fit_the_width(width: int) -> None:
    """The numbered list of choices lays out as many to a line as the width takes: at 60
    columns it assumed 76, and each line's last choice wrapped onto the next line's start
    ("6 打" / "捌")."""
    texts = ["打 捌", "打 柒", "打 陆", "碰 三三三", "过", "打 二", "打 贰", "打 八",
             "吃 一二三 拐", "打 十"]
    console = Console(width=width, record=True, force_terminal=False)
    console.print(legal_list(texts, "zh"))
    lines = console.export_text().splitlines()[1:]
    starts = [int(n) for line in lines for n in re.findall(r"(?:^|\s{2})\s?(\d+) ", line)]
    assert starts == list(range(1, 11)), lines  # every choice whole, in order
    assert all(cell_len(line.rstrip()) <= width for line in lines), lines
    assert len(lines) == {80: 3, 60: 4, 40: 5}[width], lines


def test_the_match_heading_keeps_the_seed_and_the_seat() -> None:
    """``huapai play biegan --lang en`` at 100 columns cut its first line at "you sit at
    s…"; the heading now wraps instead (the test runner's console is 80 wide)."""
    result = invoke(["play", "biegan", "--preset", "gongan-app", "--lang", "en", "--seed",
                     "5332040386977114452", "--deals", "1"], "q\n")
    head = "\n".join(result.output.splitlines()[:3])
    assert "…" not in head and "5332040386977114452" in head, head
    assert "you sit at seat 0" in head, head


def test_a_terminal_wraps_long_lines_between_words() -> None:
    """On a terminal the console wraps a long line at a space (it left the wrapping to the
    terminal, which cut words: "(annou" / "nce N 钱)"); piped, a line stays whole."""
    line = "钵福 报数 training: 报 N (announce N 钱), 不报 (no announcement). " * 3
    term = console(force_terminal=True)
    term.width = 100
    with term.capture() as captured:
        term.print(line)
    rows = captured.get().rstrip("\n").split("\n")
    assert len(rows) > 1, rows
    words = set(line.split())
    assert all(set(row.split()) <= words for row in rows), rows  # no word cut in two
    assert console(force_terminal=False).soft_wrap


_PUBLIC_CASES = [  # (game, preset, players, seed, answer with the last legal action)
    ("biegan", "gongan", None, 4, True),  # 3 seats: 招 / 对 groups beside 14 discards
    ("biegan", "gongan", 2, 1, True),  # 2 seats: over 30 discards a seat
    ("xiushan", "bofu", None, 3, False),  # 钵福: 龙灯 / 哨 / 碰 rows of 16-18 cards
]


def _played_out(game_name: str, preset: str, players: int | None, seed: int,
                last: bool) -> list[dict[str, Any]]:
    """Seat 0's views of a deal played out with the first (or last) legal action: the
    last one while it runs and the one at its end."""
    game = get_game(game_name)
    rules = game.rules(preset) if players is None else game.rules(preset, players=players)
    state = game.new_game(rules, seed=seed)
    running = state
    while not game.is_over(state):
        seat = game.to_act(state)[0]
        legal = game.legal_actions(state, seat)
        running = state
        state, _ = game.apply(state, seat, legal[-1] if last else legal[0])
    return [dict(game.observe(running, 0)), dict(game.observe(state, 0))]


def _public_cards(view: dict[str, Any]) -> Counter[str]:
    """Every card character of the discards, the laid groups (秀山 gives the viewer's own
    as ``my_melds``) and the viewer's hand."""
    rivers, melds, mine = view["rivers"], view["melds"], view.get("my_melds")
    assert isinstance(rivers, list) and isinstance(melds, list)
    assert mine is None or isinstance(mine, list)
    groups = [m for s, seat in enumerate(melds) for m in (mine if s == 0 and mine else seat)]
    shown = [str(r) for r in rivers] + [str(m["cards"]) for m in groups if m["cards"]]
    return Counter("".join(shown) + str(view.get("hand") or ""))


@pytest.mark.parametrize("width", [80, 60])
@pytest.mark.parametrize("lang", ["zh", "en"])
@pytest.mark.parametrize("case", _PUBLIC_CASES, ids=lambda c: f"{c[0]}-{c[1]}-{c[2]}")
def test_discards_and_groups_fold_and_show_every_card(
        case: tuple[str, str, int | None, int, bool], lang: Lang, width: int) -> None:
    """QA at 80 columns: 双别杆 discards ended in "孔人人上六 …", groups in "招[己己己 …",
    钵福's end-of-deal groups in "碰[贰贰贰…" (rich's default cut a cell of 汉字, which has
    no space to wrap at), and only a seat's last 24 (秀山: 20) discards were drawn at all.
    Every card of the public rows is shown now, the deal running and over."""
    game_name, preset, players, seed, last = case
    game = get_game(game_name)
    rules = game.rules(preset) if players is None else game.rules(preset, players=players)
    for view in _played_out(game_name, preset, players, seed, last):
        out = Console(width=width, record=True, force_terminal=False)
        out.print(renderer_for(game).table(view, RenderContext(game, rules, lang, me=0)))
        shown = out.export_text()
        assert "…" not in shown, shown
        assert max(cell_len(line) for line in shown.splitlines()) <= width, shown
        expected = _public_cards(view)
        if game_name == "biegan":  # a flowered card is 花三 on a screen, 三* in the notation
            expected["花"] += expected.pop("*", 0)
        missing = expected - Counter(shown)
        assert not missing, (missing, shown)


def test_a_group_and_a_counted_number_are_never_broken() -> None:
    """At 80 columns a 秀山 win line broke 碰[ / 伍伍伍] and 大小 / 组合[五伍伍], the status
    line 起胡 18 / 胡 (a play-test): a group with its cards and a number with the one
    character it counts stay whole."""
    from huapai.cli_support.fold import fold_zh
    line = ("你 和了：34 油子，8 豆。哨[七七七] 龙灯[贰贰贰贰] 碰[捌捌捌] 碰[九九九] "
            "开召[伍伍伍伍] 大小组合[五伍伍] 麻雀[二二]")
    group = re.compile(r"[\u4e00-\u9fff]+\[[^\]]+\]")
    groups = group.findall(line)
    for width in range(14, 60):
        folded = fold_zh(line, width)
        assert [g for x in folded for g in group.findall(x)] == groups, folded
    assert fold_zh("满 100 胡得一钵，每人最多和 2 回", 10)[0].endswith("100 胡")


def test_the_xiushan_status_line_wraps_between_its_facts() -> None:
    from huapai.cli_support.families.xiushan import XiushanRenderer
    from huapai.cli_support.render import RenderContext
    from huapai.core.registry import get_game
    game = get_game("xiushan")
    view = {"phase": "discard", "to_act": [0], "stock": 18, "jiang": "壹一", "flipped": "拾",
            "threshold": 18}
    for width in (30, 44, 60):
        out = Console(width=width, record=True, force_terminal=False)
        out.print(XiushanRenderer().status(view, RenderContext(game, game.rules("shibafu"),
                                                                "zh", 0)))
        text = out.export_text()
        assert "起胡 18 胡" in text and "翻 拾，将 壹一" in text, text
