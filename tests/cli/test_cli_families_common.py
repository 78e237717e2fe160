"""The words the family terminal renderers share (cli_support/families/common.py), as each
family's renderer says them: the same discard / answer / deal-end lines, each family's
own end reasons, and an unknown code shown as itself."""

from __future__ import annotations

import pytest

from huapai.cli_support.render import RenderContext, renderer_for
from huapai.core.registry import get_game

FAMILIES = (("biegan", "gongan"), ("xiushan", "maquefu"), ("xianniu", "lanzhou"))


def _ctx(name: str, preset: str, lang: str) -> RenderContext:
    game = get_game(name)
    return RenderContext(game, game.rules(preset), lang, me=0)  # type: ignore[arg-type]


def _line(name: str, preset: str, lang: str, event: dict[str, object]) -> str:
    line = renderer_for(get_game(name)).event(event, _ctx(name, preset, lang))
    assert line is not None, f"{name} shows no line for {event}"
    return line


@pytest.mark.parametrize(("name", "preset"), FAMILIES[:2])
def test_claim_families_word_discards_and_answers_alike(name: str, preset: str) -> None:
    discard = {"kind": "discarded", "seat": 1, "card": "七"}
    assert _line(name, preset, "zh", discard).endswith(" 打出 七")
    assert _line(name, preset, "en", discard).endswith(" discarded 七")
    waiting = {"kind": "answered", "seat": 1, "answer": None}
    assert _line(name, preset, "zh", waiting).endswith(" 已表态")
    said = {"kind": "answered", "seat": 1, "answer": "过"}
    assert _line(name, preset, "en", said).endswith(": 过")


@pytest.mark.parametrize(("name", "preset", "reason", "zh"), [
    ("biegan", "gongan", "huang", "牌摸完了，黄庄"),
    ("xiushan", "maquefu", "huang", "堂子摸完了，黄庄"),
    ("xianniu", "lanzhou", "table_full", "桌面占牌已满，本局结束"),
])
def test_deal_end_in_each_familys_words(name: str, preset: str, reason: str, zh: str) -> None:
    renderer = renderer_for(get_game(name))
    event = {"kind": "deal_ended", "seat": None, "reason": reason}
    assert renderer.event(event, _ctx(name, preset, "zh")) == zh
    unknown = {"kind": "deal_ended", "seat": None, "reason": "newer_reason"}
    assert renderer.event(unknown, _ctx(name, preset, "en")) == "newer_reason"


@pytest.mark.parametrize(("name", "preset"), FAMILIES)
def test_fact_labels_fall_back_to_the_key(name: str, preset: str) -> None:
    renderer = renderer_for(get_game(name))
    assert renderer.fact_label("no_such_fact", "zh") == "no_such_fact"
    assert renderer.fact_label("huang" if name != "xianniu" else "gou", "zh").endswith("率")
