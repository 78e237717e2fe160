"""The help pages are bilingual, each line 中文 / English — typer's own words on them too:
the usage line, the panel titles and ``--help`` itself; a flag shows no ``<bool>`` (it
takes no value)."""

from __future__ import annotations

import json

import pytest
from cli_helpers import assert_clean, invoke

COMMANDS = [[], ["play"], ["simulate"], ["replay"], ["drill"], ["rules"], ["serve"],
            ["verify"], ["arena"], ["review"], ["score"], ["score", "biegan"],
            ["waits", "xiushan"]]


@pytest.mark.parametrize("words", COMMANDS, ids=lambda w: " ".join(w) or "huapai")
def test_every_help_page_speaks_both_languages(words: list[str]) -> None:
    result = invoke([*words, "--help"])
    assert_clean(result, 0)
    out = result.output
    assert "用法 / Usage: huapai" in out and "╭─ 选项 / Options" in out
    assert "显示本帮助 / show this help" in out and "Show this message" not in out
    assert "<bool>" not in out
    assert "╭─ Options" not in out and "╭─ Arguments" not in out and "╭─ Commands" not in out


def test_a_flag_still_takes_no_value() -> None:
    """--json is a flag: the help no longer says <bool>, and the flag works as before."""
    hand = "上大人上大人可知礼可知礼三*三*三化化化千千千七七七二二"
    for words in (["rules", "xianniu"], ["score", "biegan", hand]):
        result = invoke([*words, "--json"])
        assert_clean(result, 0)
        assert isinstance(json.loads(result.stdout), dict)


@pytest.mark.parametrize("columns", ["80", "100"])
def test_help_lines_mixing_hanzi_and_english_are_folded_not_cut(
        columns: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """rich cut such a line one cell short with “…” (“数据目录 / where the SQLit…”): every
    word of every option's help is on the page, whatever the width."""
    monkeypatch.setenv("COLUMNS", columns)
    for words in (["serve"], ["arena"], ["play"], []):
        out = invoke([*words, "--help"]).output
        text = " ".join(line.strip("│ ") for line in out.splitlines())
        assert "SQLit…" not in text and "aren…" not in text and "同一种 …" not in text
    out = invoke(["serve", "--help"]).output
    assert "where the SQLite" in out.replace("│", " ").replace("\n", " ")
