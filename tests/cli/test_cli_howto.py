"""``huapai howto GAME``: the family's 玩法说明 in the terminal, the same data the browser
shows; Chinese without English, English with the 汉字 terms; bad input refused."""

from __future__ import annotations

import json
import re

import pytest
from cli_helpers import assert_clean, invoke

from huapai.core.howto import load_howto


@pytest.mark.parametrize("game", ["xianniu", "biegan", "xiushan"])
def test_every_section_and_preset_is_shown(game: str) -> None:
    guide = load_howto(game)
    assert guide is not None
    howto = guide.shown("terminal")
    zh = invoke(["howto", game])
    assert_clean(zh, 0)
    flat = "".join(zh.output.split())
    assert "".join(howto.title.zh.split()) in flat
    for section in howto.sections:
        assert "".join(section.title.zh.split()) in flat
        assert all("".join(p.zh.split()) in flat for p in section.paragraphs)
    assert len(re.findall("─ 玩法：", zh.output)) == len(howto.presets)  # each under its title
    assert not re.search(r"[A-Za-z]", zh.output), zh.output  # Chinese mode: no English
    browser = [p.zh for s in guide.sections for p in s.paragraphs if p.front == "browser"]
    assert browser and not any("".join(p.split()) in flat for p in browser)  # (网页里：点…)
    en = invoke(["howto", game, "--lang", "en"])
    assert_clean(en, 0)
    assert " ".join(howto.sections[0].paragraphs[0].en.split()) in " ".join(en.output.split())


def test_one_preset_and_json() -> None:
    result = invoke(["howto", "xiushan", "--preset", "bofu", "--json"])
    assert_clean(result, 0)
    data = json.loads(result.stdout)
    assert list(data["presets"]) == ["bofu"]
    assert data["presets"]["bofu"]["title"]["zh"] == "钵福"
    assert data["sections"][0]["paragraphs"][0]["zh"]
    text = invoke(["howto", "xiushan", "-p", "bofu"]).output
    assert "玩法：钵福" in text and "玩法：麻雀福" not in text


@pytest.mark.parametrize(("args", "said"), [
    (["howto", "nosuch"], "nosuch"), (["howto", "xiushan", "-p", "nosuch"], "nosuch")])
def test_bad_input_is_refused(args: list[str], said: str) -> None:
    result = invoke(args)
    assert_clean(result, 1)  # as every command refuses a game or preset it does not know
    assert said in result.output


def test_chinese_folds_between_characters_on_a_terminal() -> None:
    """A terminal's word wrap broke the Chinese only at its few spaces (ragged lines: "共
    111 张，发完牌牌堆剩 35" / "张。其余…"); folded by characters, every line fits, no
    number is cut, no line starts with a closing mark or ends with an opening one, and
    nothing is lost."""
    from rich.cells import cell_len

    from huapai.cli_support.fold import fold_zh

    closing, opening = "，。、；：？！）」』”’》…·", "（「『“‘《"
    for game in ("xianniu", "biegan", "xiushan"):
        howto = load_howto(game)
        assert howto is not None
        texts = [p.zh for s in howto.sections for p in s.paragraphs]
        texts += [p.zh for ps in howto.presets.values() for p in ps]
        for width in (40, 80, 100):
            for text in texts:
                lines = fold_zh(text, width)
                assert "".join(lines).replace(" ", "") == text.replace(" ", "")
                assert all(cell_len(line) <= width for line in lines)
                assert not any(line[0] in closing for line in lines[1:] if line)
                assert not any(line[-1] in opening for line in lines if line)
    assert fold_zh("如「紮 七」、「开泛 七」", 12) == ["如「紮", "七」、「开泛", "七」"]
    assert fold_zh("共 111 张，剩 35 张", 12) == ["共 111 张，", "剩 35 张"]


def test_one_preset_says_where_the_others_notes_are() -> None:
    """With --preset only its notes are shown, and the guide names other sections (“see
    钵福”): the end says how to read each of the others (an English newcomer looked for them);
    the cards read as numbers in English."""
    english = invoke(["howto", "xiushan", "--preset", "maquefu", "--lang", "en"])
    assert english.exit_code == 0, english.output
    assert "The other presets' notes:" in english.output
    assert "huapai howto xiushan --preset bofu" in english.output
    assert "huapai howto xiushan --preset maquefu" not in english.output
    assert "肆 4" in english.output and "玖 9" in english.output
    whole = invoke(["howto", "xiushan"])
    assert "其他玩法的说明" not in whole.output  # every preset shown: nothing to point to
