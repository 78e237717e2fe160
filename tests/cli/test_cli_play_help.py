"""The ``?`` help of ``huapai play`` says only what applies to the game, and in Chinese
speaks Chinese: QA found 秀山's help on poker cards (扑克的 2、3、10) and 「报 3」「弃 3」,
掀牛's offering 听 (a game without waits), 双别杆's English help on poker and ``=3``, and
English words in the Chinese help and prompts (pass、过, waits 或 听, show 或 牌桌, q 退出)."""

from __future__ import annotations

import re
from typing import Any

import pytest
from cli_helpers import assert_clean, invoke
from rich.console import Console

from huapai.cli_support.i18n import Lang, tr
from huapai.cli_support.play_help import help_view
from huapai.cli_support.render import RenderContext, number_readings, renderer_for
from huapai.core.registry import get_game


def _help(game_name: str, preset: str, lang: Lang, **overrides: Any) -> str:
    game = get_game(game_name)
    ctx = RenderContext(game, game.rules(preset, **overrides), lang, me=0)
    out = Console(width=200, record=True, force_terminal=False)
    out.print(help_view(renderer_for(game), ctx))
    return out.export_text()


_CASES: list[tuple[str, str, dict[str, Any], tuple[str, ...], tuple[str, ...]]] = [
    # (game, preset, rule overrides, shown, not shown) in Chinese
    ("xianniu", "lanzhou", {}, ("#3 永远是列表第 3 项", "=3 永远是", "扑克的 2、3、10"),
     ("听", "报 3")),
    ("xiushan", "shibafu", {}, ("只写数字就是列表里的编号", "「听」：查听牌"),
     ("扑克", "=3", "报 3", "弃 3")),
    ("xiushan", "bofu", {"baoshu": "train"}, ("#3 永远是列表第 3 项", "「报 3」这样写着 3 的一项",
                                              "「听」：查听牌"), ("扑克", "=3", "弃 3")),
    ("biegan", "gongan", {}, ("只写数字就是列表里的编号", "「听」：查听牌"),
     ("扑克", "=3", "报 3", "弃 3")),
]


@pytest.mark.parametrize(("game", "preset", "overrides", "shown", "hidden"), _CASES,
                         ids=[f"{c[0]}-{c[1]}" for c in _CASES])
def test_each_familys_help_says_only_what_applies(
        game: str, preset: str, overrides: dict[str, Any], shown: tuple[str, ...],
        hidden: tuple[str, ...]) -> None:
    text = _help(game, preset, "zh", **overrides)
    assert all(word in text for word in shown), text
    assert not any(word in text for word in hidden), text


def test_biegans_english_help_has_no_poker_and_xianniu_has_no_waits() -> None:
    biegan = _help("biegan", "gongan", "en")
    assert "poker" not in biegan and "=3" not in biegan and "waits (or 听)" in biegan
    xianniu = _help("xianniu", "lanzhou", "en")
    assert "poker 2, 3, 10" in xianniu and "=3" in xianniu and "waits" not in xianniu


_ENGLISH = re.compile(r"(?<![-A-Za-z])[A-Za-z]{2,}")
"""An English word; ``--record`` (an option's name) and single keys (q, ?, 9r) aside."""


@pytest.mark.parametrize(("game", "preset", "overrides"), [c[:3] for c in _CASES],
                         ids=[f"{c[0]}-{c[1]}" for c in _CASES])
def test_the_chinese_help_speaks_chinese(game: str, preset: str,
                                         overrides: dict[str, Any]) -> None:
    text = _help(game, preset, "zh", **overrides).replace("--record", "")
    assert not _ENGLISH.findall(text), (_ENGLISH.findall(text), text)


@pytest.mark.parametrize(("key", "command"), [("prompt", "「?」"), ("prompt", "「退出」"),
                                              ("quit_confirm", "「退出」"),
                                              ("empty_input", "「?」")])
def test_the_chinese_prompts_name_the_chinese_commands(key: str, command: str) -> None:
    text = tr(key, "zh")
    assert not _ENGLISH.findall(text) and command in text, text


def test_the_help_at_the_prompt_is_the_games_own() -> None:
    """The same through ``huapai play``: 秀山 and 双别杆 (English) type ``?``; the part
    after the help's title speaks of no poker card and no 报 3 / 弃 3, the Chinese prompt
    of no English command."""
    xiushan = invoke(["play", "xiushan", "--seed", "1", "--deals", "1"], "?\nq\nq\n")
    assert_clean(xiushan, 0)
    helped = xiushan.output.partition("）> 帮助\n")[2]
    assert helped and not any(w in helped for w in ("扑克", "报 3", "弃 3", "=3")), helped
    assert "你的选择（「?」看帮助，「q」或「退出」离开对局）> " in xiushan.output
    biegan = invoke(["play", "biegan", "--seed", "1", "--deals", "1", "--lang", "en"],
                    "?\nq\nq\n")
    assert_clean(biegan, 0)
    helped = biegan.output.partition(")> help\n")[2]
    assert helped and "poker" not in helped and "=3" not in helped, helped
    assert "waits (or 听)" in helped


@pytest.mark.parametrize(("game", "preset", "overrides"), [c[:3] for c in _CASES],
                         ids=[f"{c[0]}-{c[1]}" for c in _CASES])
@pytest.mark.parametrize("lang", ["zh", "en"])
@pytest.mark.parametrize("width", [80, 60])
def test_no_bullet_stands_alone_on_a_line(game: str, preset: str, overrides: dict[str, Any],
                                          lang: Lang, width: int) -> None:
    """QA at 80 columns: ``·`` alone, then 「?」或「帮助」：本帮助；… on the next line (the
    text after ``· `` had no space to wrap at). Each bullet's text now hangs beside it."""
    game_ = get_game(game)
    ctx = RenderContext(game_, game_.rules(preset, **overrides), lang, me=0)
    out = Console(width=width, record=True, force_terminal=False)
    out.print(help_view(renderer_for(game_), ctx))
    lines = out.export_text().splitlines()
    assert not [line for line in lines if line.strip() == "·"], lines
    assert sum(line.startswith("· ") for line in lines) >= 4, lines


def test_xianniu_help_examples_show_the_number_they_explain() -> None:
    """The help said "an item showing 3 such as '9r 9b'" (9r 9b shows no 3): every example
    of an item showing 3 shows a 3, with and without 紧牌, in both languages."""
    game = get_game("xianniu")
    for jinpai in (False, True):
        for lang in ("zh", "en"):
            ctx = RenderContext(game, game.rules("lanzhou", jinpai=jinpai), lang, me=0)
            items = number_readings(renderer_for(game), ctx).items
            assert items is not None
            examples = [a or b for a, b in re.findall(r"「([^」]*)」|'([^']*)'", items)]
            assert len(examples) == 1 + jinpai, items
            assert all("3" in re.findall(r"\d+", x) for x in examples), items
            assert "3" in _help("xianniu", "lanzhou", lang, jinpai=jinpai)


def test_the_chinese_help_folds_by_characters_not_at_its_spaces() -> None:
    """At 80 columns the help broke its Chinese lines at their few spaces, leaving lines
    half empty ("…只写 3" / "时：它若…", a terminal play-test): it folds by characters now,
    so every line but a paragraph's last is nearly full."""
    game = get_game("xianniu")
    ctx = RenderContext(game, game.rules("lanzhou"), "zh", me=0)
    out = Console(width=80, record=True, force_terminal=False)
    out.print(help_view(renderer_for(game), ctx))
    lines = [line.rstrip() for line in out.export_text().splitlines()]
    from rich.cells import cell_len
    starts = [i for i, line in enumerate(lines) if line.startswith(("·", "牌：", "动作："))]
    for i, line in enumerate(lines[:-1]):
        if i + 1 not in starts and i in range(min(starts), len(lines) - 1):
            assert cell_len(line) >= 74, (line, lines)


def test_a_long_log_line_keeps_its_indent_when_it_wraps() -> None:
    """A log line longer than the terminal lost its indent on the lines it wrapped onto,
    and Chinese broke only at its spaces ("34 胡，4" / "分。")."""
    from huapai.cli_support.fold import folded

    out = Console(width=30, record=True, force_terminal=False)
    line = "座位1 胡了：上大人 可知礼 化三千，34 胡，4 分。"
    assert folded(line, 28, "zh", out) == ["座位1 胡了：上大人 可知礼 化", "三千，34 胡，4 分。"]
    english = folded("seat 1 wins: a long English line that wraps around", 28, "en", out)
    assert english == ["seat 1 wins: a long English", "line that wraps around"]
