"""The 名堂 table format: the built-in tables load, a bad file names its line or field."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest

from huapai.core.protocol import RulesError
from huapai.games.xiushan.groups import Group, Kind
from huapai.games.xiushan.mingtang import (
    CONTEXT_FLAGS,
    CUT_FEATURES,
    FEATURES,
    MingtangTableError,
    builtin_table,
    load_table,
    parse_table,
)
from huapai.games.xiushan.named import unit_features
from huapai.games.xiushan.rules import BOFU, SANLIUFU, SHIBAFU

GOOD = """format = "huapai-xiushan-mingtang/1"
game = "bofu"

[[mingtang]]
id = "wufu"
name = "乌福"
fan = 3
confidence = "high"
source = "test"
when = { red = { max = 0 } }
"""


def test_builtin_tables_load_and_every_condition_uses_known_features() -> None:
    for game in ("bofu", "sanliufu"):
        table = builtin_table(game)
        for m in table.entries:
            if m.when is not None:
                assert m.when.features() <= set(FEATURES)


def test_the_scorer_computes_every_cut_feature() -> None:
    assert set(unit_features(Group(Kind.PAIR, (0, 0), 0), None)) == set(CUT_FEATURES)


def test_a_good_table_parses() -> None:
    t = parse_table(GOOD, "good.toml")
    assert t.game == "bofu" and t.unit == "fan" and [m.id for m in t.entries] == ["wufu"]
    assert t.holding({"red": 0}, frozenset()) == t.entries
    assert t.holding({"red": 1}, frozenset()) == ()


@pytest.mark.parametrize(("old", "new", "where"), [
    ('fan = 3', 'fan = "3"', "mingtang[0] (乌福).fan"),
    ('fan = 3', 'dou = 3', "mingtang[0] (乌福)"),
    ('red = { max = 0 }', 'reds = { max = 0 }', "mingtang[0] (乌福).when.reds"),
    ('red = { max = 0 }', 'red = { max = 2, min = 3 }', "mingtang[0] (乌福).when.red"),
    ('red = { max = 0 }', 'red = { most = 0 }', "mingtang[0] (乌福).when.red"),
    ('red = { max = 0 }', 'tianhu = 1', "mingtang[0] (乌福).when.tianhu"),
    ('confidence = "high"', 'confidence = "sure"', "mingtang[0] (乌福).confidence"),
    ('source = "test"\n', '', "mingtang[0] (乌福).source"),
    ('when = { red = { max = 0 } }\n', '', "mingtang[0] (乌福).when"),
    ('id = "wufu"', 'id = "乌"', "mingtang[0] (乌福).id"),
    ('game = "bofu"', 'game = "shibafu"', "game"),
    ('format = "huapai-xiushan-mingtang/1"', 'format = "v2"', "format"),
    ('name = "乌福"', 'name = "乌福"\ncolour = "black"', "mingtang[0] (乌福)"),
    ('name = "乌福"', 'name = "乌福"\nmeaning_zh = "没有红牌"', "mingtang[0] (乌福).meaning_zh"),
    ('name = "乌福"', 'name = "乌福"\nmeaning_en = 3\nmeaning_zh = "x"',
     "mingtang[0] (乌福).meaning_en"),
    ('when = { red = { max = 0 } }', 'when = { red = { max = 0 } }\nexcludes = ["x"]',
     "mingtang[0] (乌福).excludes"),
    ('when = { red = { max = 0 } }', 'when = { any = [ { red = { max = 0 } } ] }',
     "mingtang[0] (乌福).when.any"),
])  # fmt: skip
def test_a_bad_field_is_named(old: str, new: str, where: str) -> None:
    assert old in GOOD
    with pytest.raises(MingtangTableError) as err:
        parse_table(GOOD.replace(old, new), "club.toml")
    msg = str(err.value)
    assert msg.startswith("名堂 table club.toml: ") and f": {where}: " in msg


def test_a_duplicate_id_is_named() -> None:
    text = GOOD + GOOD[GOOD.index("[[mingtang]]"):]
    with pytest.raises(MingtangTableError, match=r"mingtang\[1\] \(乌福\)\.id: 'wufu' is used"):
        parse_table(text, "club.toml")


def test_a_syntax_error_names_the_line() -> None:
    text = GOOD.replace("fan = 3", "fan = = 3")
    with pytest.raises(MingtangTableError, match=r"club.toml: TOML syntax: .*line 7"):
        parse_table(text, "club.toml")


def test_a_table_for_the_other_game_is_refused() -> None:
    with pytest.raises(MingtangTableError, match="for bofu, the rules need sanliufu"):
        parse_table(GOOD, "club.toml", "sanliufu")


def test_the_rules_option_loads_a_file_and_checks_it_at_once(tmp_path: Path) -> None:
    good = tmp_path / "good.toml"
    good.write_text(GOOD, encoding="utf-8")
    rules = dataclasses.replace(BOFU, mingtang_table=str(good))
    assert [m.name for m in rules.mingtang().entries] == ["乌福"]
    bad = tmp_path / "bad.toml"
    bad.write_text(GOOD.replace("fan = 3", "fan = -1"), encoding="utf-8")
    with pytest.raises(RulesError, match=r"bad.toml: mingtang\[0\] \(乌福\)\.fan: -1 is below 0"):
        dataclasses.replace(BOFU, mingtang_table=str(bad))
    with pytest.raises(RulesError, match="cannot read it"):
        dataclasses.replace(BOFU, mingtang_table=str(tmp_path / "missing.toml"))
    with pytest.raises(RulesError, match="needs hand_value fan"):
        dataclasses.replace(SHIBAFU, mingtang_table=str(good))
    with pytest.raises(RulesError, match="the rules need sanliufu"):
        dataclasses.replace(SANLIUFU, mingtang_table=str(good))


def test_load_table_reads_a_file(tmp_path: Path) -> None:
    p = tmp_path / "t.toml"
    p.write_bytes(b"\xff\xfe")
    with pytest.raises(MingtangTableError, match="not UTF-8"):
        load_table(p)


def test_context_flags_are_checked() -> None:
    from huapai.games.xiushan.calculator import score
    from huapai.games.xiushan.named import ContextError

    with pytest.raises(ContextError, match="unknown context flag"):
        score(BOFU, "三四五三四五四五六四五六", ["哨:叁叁叁", "哨:肆肆肆", "哨:伍伍伍"],
              context=("tianfu",))  # fmt: skip
    assert set(CONTEXT_FLAGS) == {"tianhu", "dihu", "self_drawn", "haidi"}


def test_an_edited_file_is_read_again(tmp_path: Path) -> None:
    p = tmp_path / "t.toml"
    p.write_text(GOOD, encoding="utf-8")
    assert load_table(p).entries[0].value == 3
    assert load_table(p) is load_table(p)  # parsed once per version
    p.write_text(GOOD.replace("fan = 3", "fan = 2 "), encoding="utf-8")
    assert load_table(p).entries[0].value == 2


def test_every_enabled_builtin_mingtang_says_what_it_is() -> None:
    """The settlement says 名堂 清福（每组都有油子，或七组都是三张一样的）: a newcomer saw
    荤 and 甲 with no word of what they were."""
    for game in ("bofu", "sanliufu"):
        path = Path(__file__).parents[3] / f"src/huapai/games/xiushan/data/{game}_mingtang.toml"
        table = parse_table(path.read_text(encoding="utf-8"), path.name)
        for m in table.entries:
            assert not m.enabled or (m.meaning_zh and m.meaning_en), (game, m.name)


def test_a_duplicate_name_is_named() -> None:
    """Two entries called 乌福 (ids apart) both scored, and the settlement listed two 乌福
    nobody could tell apart (a club organizer's play-test)."""
    second = GOOD[GOOD.index("[[mingtang]]"):].replace('id = "wufu"', 'id = "wufu2"')
    with pytest.raises(MingtangTableError, match=r"mingtang\[1\] \(乌福\)\.name: '乌福' is used"):
        parse_table(GOOD + second, "club.toml")
