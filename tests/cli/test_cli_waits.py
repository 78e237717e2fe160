"""The ``waits`` command at the ``huapai play`` prompt (issue 9 §2), in every family that has
waits — 双别杆 and 秀山 — and the clear "no waits" of 掀牛 (in test_cli_play)."""

from __future__ import annotations

from typing import Any

from cli_helpers import assert_clean, invoke
from rich.console import Console

from huapai.cli_support.render import GenericRenderer, RenderContext, renderer_for, waits_view
from huapai.core.registry import get_game

_XS_VIEW: dict[str, Any] = {
    "num_seats": 2, "dealer": 0, "phase": "window", "stock": 30, "flipped": None,
    "jiang": None, "threshold": 0, "to_act": [1], "active": [0, 1], "end": None,
    "hand_sizes": [13, 13], "rivers": ["", ""], "offer": None,
    "melds": [[{"kind": "哨", "cards": None, "size": 3}], []], "my_melds": [],
    "hand": "一二三四五六七八九壹贰叁拾",
    # the engine's waits of that hand (games/xiushan/observe.my_waits): the renderer reads them
    "my_waits": [{"card": "拾", "score": 3, "youzi": 0, "score_self_drawn": 3,
                  "youzi_self_drawn": 0, "remaining": 3}]}


def _text(renderable: Any) -> str:
    console = Console(width=160, record=True, color_system=None)
    console.print(renderable)
    return console.export_text()


def test_xiushan_waits_command_lists_the_waits() -> None:
    game = get_game("xiushan")
    ctx = RenderContext(game, game.rules("maquefu", seats=2), "zh", me=1)
    assert "听：拾" in _text(waits_view(renderer_for(game), _XS_VIEW, ctx))
    not_waiting = dict(_XS_VIEW, hand="一三五七九壹叁伍柒玖拾二四", my_waits=[])
    assert "现在不听牌" in _text(waits_view(renderer_for(game), not_waiting, ctx))
    watching = dict(_XS_VIEW, hand=None)
    assert "观战" in _text(waits_view(renderer_for(game), watching, ctx))


def test_a_family_without_waits_says_so() -> None:
    game = get_game("xianniu")
    ctx = RenderContext(game, game.rules("lanzhou"), "en", me=0)
    assert _text(waits_view(GenericRenderer(), {}, ctx)).strip() == "no waits in this game"


def test_waits_at_the_biegan_prompt() -> None:
    result = invoke(["play", "biegan", "--seed", "4", "--deals", "1"], "waits\n听\nq\n")
    assert_clean(result, 0)
    assert "✗" not in result.output
    assert result.output.count("不听牌") + result.output.count("→ 听") >= 2


def test_waits_at_the_xiushan_prompt() -> None:
    result = invoke(["play", "xiushan", "--preset", "shibafu", "--seed", "3", "--deals", "1"],
                    "waits\nq\n")
    assert_clean(result, 0)
    assert "✗" not in result.output
    assert "不听牌" in result.output or "听：" in result.output


def test_a_forced_claim_says_no_waits_before_it_is_made() -> None:
    """A forced 碰 said the waits between 已替你选：碰 and the 碰 itself, the claimed card
    still among them (a terminal play-test, 黄六福 seed 7): a claim only answers, and the
    waits come once a move of mine took effect."""
    result = invoke(["play", "xiushan", "--preset", "huangliufu", "--seed", "7", "--deals", "1"],
                    "1\n" * 400)
    lines = result.output.splitlines()
    forced = [i for i, line in enumerate(lines) if "已替你选：碰" in line]
    assert forced, "seed 7's first choice-by-number line meets a forced 碰"
    for i in forced:
        assert lines[i + 1].strip().startswith("你 碰"), lines[i:i + 3]
    assert any(line.startswith("听：") for line in lines)  # said after my discards still
