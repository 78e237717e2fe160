"""The terminal tables at 100 columns: a cell too long for its column wraps (folds), and
never ends in "…" — a 占牌 cell of 12 cards had hidden one of them until the deal ended."""

from __future__ import annotations

from collections import Counter

import pytest
from cli_helpers import invoke
from rich.console import Console

from huapai.bots.registry import make_bot
from huapai.cli_support.i18n import Lang
from huapai.cli_support.render import Heading, RenderContext, renderer_for
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
