"""Every rule option that is a choice among words names each choice for a player, in 中文
and English (issue 9 §2: the lobby shows no raw value such as ``kanniutui`` in Chinese mode),
and a declaration that leaves one out fails when the family is imported."""

from __future__ import annotations

import dataclasses
import re
from typing import Literal

import pytest

from huapai.core.registry import game_names, get_game
from huapai.core.rules import CITATION, OptionInfo, RulesBase, option, source_kinds

LATIN = re.compile(r"[A-Za-z]")


def _options() -> list[tuple[str, str, OptionInfo]]:
    rows = []
    for name in game_names():
        rules_type = type(next(iter(get_game(name).presets().values())))
        for f in dataclasses.fields(rules_type):
            rows.append((name, f.name, f.metadata["huapai"]))
    return rows


def test_every_word_choice_has_a_chinese_and_an_english_label() -> None:
    checked = 0
    for game, name, info in _options():
        labels = info.choice_labels()
        if labels is None:
            continue
        for row in labels:
            if isinstance(row["value"], str):
                checked += 1
                assert row["zh"] and not LATIN.search(row["zh"]), (game, name, row)
                assert row["en"] and row["en"] != row["zh"], (game, name, row)
    assert checked >= 40


def test_a_word_choice_without_its_label_is_refused_at_declaration() -> None:
    with pytest.raises(TypeError, match="missing"):
        @dataclasses.dataclass(frozen=True, slots=True, kw_only=True)
        class Broken(RulesBase):
            mode: Literal["a", "b"] = option("a", zh="模式", doc="", source="", choices=("a", "b"),
                                             labels={"a": ("甲", "A")})
    with pytest.raises(TypeError, match="unknown"):
        option("a", zh="模式", doc="", source="", choices=("a",),
               labels={"a": ("甲", "A"), "c": ("丙", "C")})


def test_numeric_choices_stand_for_themselves() -> None:
    info = OptionInfo(zh="亮子行子", doc="", source="", choices=(4, 2))
    assert info.choice_labels() == [{"value": 4, "zh": "4", "en": "4"},
                                    {"value": 2, "zh": "2", "en": "2"}]


BUILT_IN = ("xianniu", "biegan", "xiushan")


def test_every_option_of_our_families_has_its_meaning_and_source_in_chinese() -> None:
    """Each option's meaning (``doc_zh``) and source (``source_zh``) are written in Chinese
    too, so a player reading in 中文 (`huapai rules`, the lobby's tips) reads no English."""
    checked = 0
    for game, name, info in _options():
        if game not in BUILT_IN:
            continue  # a plug-in's options may be written in English only
        for text in (info.doc_zh, info.source_zh):
            assert text.strip(), (game, name)
            assert not LATIN.search(CITATION.sub("", text)), (game, name, text)
        checked += 1
    assert checked >= 90


def test_the_citation_filter_keeps_english_words() -> None:
    cited = "[S002] 占够6张；[C:R3,R5]、G5、A3.5、§2.3（xiushan.md）AAAA+2+3、地眼（A）"
    assert not LATIN.search(CITATION.sub("", cited))
    for english in ("[S002] PROPOSAL top", "凤翔 off", "按 app 算", "R3 的 engine"):
        assert LATIN.search(CITATION.sub("", english)), english


def test_every_option_of_our_families_has_a_short_english_name() -> None:
    """In English the lobby, the room's rules and `huapai rules` named each option by its
    key (``black_flower_in_sets (黑花进坎)``, cut off in the lobby's grid): each now has a
    short English name (game terms keep their 汉字), distinct within its game."""
    names: dict[str, set[str]] = {}
    for game, name, info in _options():
        if game not in BUILT_IN:
            continue
        assert info.en and "_" not in info.en and len(info.en) <= 32, (game, name, info.en)
        assert info.en not in names.setdefault(game, set()), (game, name, info.en)
        names[game].add(info.en)
    assert sum(map(len, names.values())) >= 80


def test_every_option_of_our_families_names_its_kinds_of_source() -> None:
    """The lobby says an option's source in Chinese as kinds in words (原文、规则研究的提议),
    not as the research's citations: every option of ours must name at least one."""
    for game, name, info in _options():
        if game in BUILT_IN:
            assert info.source_kinds(), (game, name, info.source_zh)


@pytest.mark.parametrize(("citation", "kinds"), [
    ("[S002] 占够6张；G5、G11（6张及以上）", ("seed",)),
    ("[S] 三人玩牌（3人）；[C:R4] 房间选项 2人 / 3人（2人）", ("seed", "app")),
    ("[?] 原文没有说；[P] 同类玩法：放炮的人包赔", ("regional", "proposal", "unsettled")),
    ("G5 的可选项（R5：黑坎 = 1 + 花数）", ("regional",)),
    ("本游戏自定：不能泄露别人看不到的牌", ("ours",)),
])
def test_source_kinds_read_the_citation_marks(citation: str, kinds: tuple[str, ...]) -> None:
    assert source_kinds(citation) == kinds


def test_an_english_meaning_names_other_options_as_a_player_reads_them() -> None:
    """The lobby shows an option's English meaning to a player: another option is named by
    its English name in quotes (“戴帽子 at”), never by its key (``hat_at``, ``jiang=next``:
    an English play-test read them as a developer's notes), as the Chinese says 「一钵」."""
    by_game: dict[str, dict[str, OptionInfo]] = {}
    for game, name, info in _options():
        by_game.setdefault(game, {})[name] = info
    named = 0
    for game, options in by_game.items():
        for name, info in options.items():
            for other in options:
                if other == name or ("_" not in other and len(other) < 6):
                    continue  # a key that is also a word (deck, players, seats, jiang)
                key = re.compile(rf"(?<![\w`]){re.escape(other)}(?![\w`])")
                assert not key.search(info.doc), (game, name, other, info.doc)
            named += info.doc.count("“")
    assert named >= 10
