"""QA at 40–80 columns: the seat tables broke a seat's name (``(heuristic`` / ``)``,
``（启`` / ``发式`` / ``）``), a play (``Q Q`` over two lines), a meld (``招[化化`` /
``化化]``) and an English heading (``discard`` / ``s``). Only whole pieces wrap now."""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest
from cli_helpers import runner
from rich.cells import cell_len
from rich.console import Console
from rich.text import Text

from huapai.cli import app
from huapai.cli_support.i18n import Lang, bot_label
from huapai.cli_support.render import RenderContext, Units, public_table, renderer_for
from huapai.core.registry import get_game
from huapai.games.biegan.cards import said_zh

_CASES = [  # (game, preset, players, seed, lang, width)
    ("xianniu", "lanzhou-app", None, 5, "en", 60),
    ("xianniu", "fengxiang", 5, 3, "zh", 80),
    ("xianniu", "fengxiang", 5, 3, "zh", 40),
    # 64: an English row with a flowered 对 (对[花五 五 花五], 16 cells, since English says
    # 花五 as Chinese does) is one column over 60 with every word whole; there the group folds
    # at a space, as FittedTable does where nothing else is left
    ("biegan", "gongan-app", None, 3, "en", 64),
    ("biegan", "gongan-app", None, 3, "zh", 60),
    ("xiushan", "bofu", None, 3, "en", 60),
    ("xiushan", "bofu", None, 3, "zh", 40),
]


def _views(game_name: str, preset: str, players: int | None, seed: int) -> list[dict[str, Any]]:
    """Seat 0's view every few actions of a deal played out by simple choices."""
    game = get_game(game_name)
    rules = game.rules(preset) if players is None else game.rules(preset, players=players)
    state = game.new_game(rules, seed=seed)
    views, step = [], 0
    while not game.is_over(state):
        seat = game.to_act(state)[0]
        legal = game.legal_actions(state, seat)
        state, _ = game.apply(state, seat, legal[-1] if step % 3 else legal[0])
        step += 1
        if step % 6 == 0:
            views.append(dict(game.observe(state, 0)))
    return [*views, dict(game.observe(state, 0))]


def _pieces(view: dict[str, Any], lang: Lang) -> Counter[str]:
    """Every play of several cards (掀牛's 占牌) and every laid group, as the table writes
    them (a flowered 双别杆 card: 花三, in either language)."""
    plays = [str(p["cards"]) for seat in view.get("table", []) for p in seat]
    melds = [m for s, seat in enumerate(view.get("melds", []))
             for m in (view.get("my_melds") or seat if s == 0 else seat)]
    groups = [f"{m['kind']}[{said_zh(m['cards']) if m['cards'] else '?' * int(m['size'])}]"
              for m in melds]
    return Counter([p for p in plays if " " in p] + groups)


@pytest.mark.parametrize("case", _CASES, ids=lambda c: f"{c[0]}-{c[1]}-{c[4]}-{c[5]}")
def test_names_plays_melds_and_headings_stay_whole(
        case: tuple[str, str, int | None, int, Lang, int]) -> None:
    game_name, preset, players, seed, lang, width = case
    game = get_game(game_name)
    rules = game.rules(preset) if players is None else game.rules(preset, players=players)
    for view in _views(game_name, preset, players, seed):
        seats = int(view["num_seats"])
        label = bot_label("heuristic", lang)
        ctx = RenderContext(game, rules, lang, me=0, players={s: label for s in range(1, seats)})
        out = Console(width=width, record=True, force_terminal=False)
        out.print(renderer_for(game).table(view, ctx))
        shown = out.export_text()
        assert max(cell_len(line) for line in shown.splitlines()) <= width, shown
        assert shown.count(label) == seats - 1, shown  # 座位1（经验型）: never （经 / 验型）
        for piece, n in _pieces(view, lang).items():
            assert shown.count(piece) >= n, (piece, shown)
        if lang == "en":  # every heading whole, on the line above the rule
            lines = shown.splitlines()
            heads = lines[next(i for i, line in enumerate(lines) if "━" in line) - 1]
            words = {w.strip() for w in heads.split("┃")}
            assert words <= _HEADINGS, (words, shown)


_HEADINGS = {"seat", "role", "hand", "won", "掀s", "status", "melds", "对", "discards",
             "groups"}


def test_a_narrow_table_wraps_between_pieces_only() -> None:
    """At 24 columns a cell of plays wraps between plays, never inside one."""
    table = public_table((("seat", False), ("占牌", False)))
    plays = (Text("8"), Text("Q Q"), Text("9r 9b"), Text("天 天 天"), Text("K"))
    table.add_row("seat 2", Units(plays))
    out = Console(width=24, record=True, force_terminal=False)
    out.print(table)
    lines = out.export_text().splitlines()
    cells = [line.split("│")[-1].strip() for line in lines[2:]]
    assert [p for cell in cells for p in cell.split("  ")] == ["8", "Q Q", "9r 9b", "天 天 天",
                                                               "K"], lines
    assert all(cell_len(line) <= 24 for line in lines), lines


def test_a_seats_name_stays_on_its_line_while_others_have_room() -> None:
    """凤翔 for 5 at 80 columns: a 占牌 cell with a six-card play (29 cells) kept its column
    wide, and every seat's name wrapped (座位1 / （经验型）, a terminal play-test); the name
    is kept on one line while the other columns can narrow to their longest piece."""
    name = Units((Text("座位1"), Text("（经验型）")), gap="", whole=True)
    table = public_table((("座位", False), ("身份", False), ("手牌", True), ("占牌", False),
                          ("掀", True), ("状态", False)))
    table.add_row(Units((Text("你"),), gap="", whole=True), "头家", "6",
                  Units((Text("10"), Text("牛九 牛八 牛八"), Text("天"),
                         Text("地眼 地眼 地眼 地眼 板凳 串六"))), "0",
                  Units((Text("▶ 轮到"), Text("领出"), Text("座位4抱")), gap=" · "))
    for k in range(1, 5):
        table.add_row(name, "歇家" if k > 2 else "二家", "16", "0", "0", "")
    out = Console(width=80, record=True, force_terminal=False)
    out.print(table)
    lines = out.export_text().splitlines()
    assert sum("座位1（经验型）" in line for line in lines) == 4, lines
    assert not any(line.lstrip().startswith("（经验型）") for line in lines), lines
    narrow = Console(width=40, record=True, force_terminal=False)  # no room: pieces apart
    narrow.print(table)
    assert all(cell_len(line) <= 40 for line in narrow.export_text().splitlines())


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_simulate_at_60_columns_cuts_no_heading_and_no_name(lang: Lang) -> None:
    """``simulate xiushan -p bofu -n 5 --lang en`` at 60 columns cut ``self-d…`` and
    ``(heuristi…``; its table folds and wraps now, a seat's name and player each whole."""
    args = ["simulate", "xiushan", "-p", "bofu", "-n", "2", "--lang", lang]
    result = runner.invoke(app, args, env={"COLUMNS": "60"})
    assert result.exit_code == 0, result.output
    assert "…" not in result.output, result.output
    label = bot_label("heuristic", lang)
    assert result.output.count(label) == 3, result.output
    rows = [line for line in result.output.splitlines() if "│" in line or "┃" in line]
    assert rows and max(cell_len(line) for line in rows) <= 60, result.output


def test_a_figure_wraps_before_its_interval_only() -> None:
    """``+54.667 ± 107.145`` in a narrow column wrapped as ``+54.667 ±`` / ``107.145``; it
    wraps before ``±`` only now (simulate's and the arena's tables)."""
    from huapai.cli_support.tables import figure

    table = public_table([("bot", False), ("mean / deal", True)])
    table.add_row("seat 0 (heuristic)", figure("+54.667 ± 107.145"))
    console = Console(width=24, record=True, force_terminal=False)
    console.print(table)
    shown = console.export_text()
    assert "± 107.145" in shown and not any(line.rstrip().endswith("±")
                                             for line in shown.splitlines()), shown
    assert figure("12.5%") == "12.5%"


def test_a_seats_status_marks_stay_whole() -> None:
    """兰州's status column at 40 columns split ``threw`` / ``9`` (a lone 9 looked a card):
    each mark is one piece now (a view with every mark on: to act, leads, may not 掀,
    threw 9)."""
    game = get_game("xianniu")
    view = _views("xianniu", "lanzhou", None, 5)[0]
    view.update(discard_counts=[9, 10, 1], lost_xian=[0, 1, 2], to_act=[0], leader=0)
    ctx = RenderContext(game=game, rules=game.rules("lanzhou"), lang="en", me=0)
    console = Console(width=40, record=True, force_terminal=False)
    console.print(renderer_for(game).table(view, ctx))
    shown = console.export_text()
    assert "threw 9" in shown and "threw 10" in shown and "threw 1" in shown, shown
