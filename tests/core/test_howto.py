"""玩法说明 (how to play): every built-in family ships one that reads — both languages,
no Latin letter in the Chinese, its presets exactly — and a bad file is refused naming the
place and the fault."""

from __future__ import annotations

import copy
import re
from typing import Any

import pytest

from huapai.core.howto import _read, load_howto
from huapai.core.manifest import GameManifest, ManifestError, Text
from huapai.core.registry import get_manifest


@pytest.mark.parametrize("game", ["xianniu", "biegan", "xiushan"])
def test_every_family_has_a_guide_in_both_languages(game: str) -> None:
    howto = load_howto(game)
    assert howto is not None
    assert 5 <= len(howto.sections) <= 8
    assert list(howto.presets) == list(get_manifest(game).preset_titles)  # in its order
    texts = [howto.title, *(s.title for s in howto.sections),
             *(p for s in howto.sections for p in s.paragraphs),
             *(p for ps in howto.presets.values() for p in ps)]
    assert all(t.zh and t.en and not re.search(r"[A-Za-z]", t.zh) for t in texts)
    assert all(not re.search(r"[\u4e00-\u9fff]{12,}", t.en) for t in texts)  # English reads


@pytest.mark.parametrize("game", ["xianniu", "biegan", "xiushan"])
def test_the_guide_points_to_sections_by_name_not_by_place(game: str) -> None:
    """The browser shows the chosen preset's notes first, the terminal last: 见上文, 前面的
    油子表, "see the presets below" pointed the wrong way in one of them (two play-tests)."""
    howto = load_howto(game)
    assert howto is not None
    texts = [*(p for s in howto.sections for p in s.paragraphs),
             *(p for ps in howto.presets.values() for p in ps)]
    zh = re.compile(r"上文|下文|见下面|见上面|写在最后|写在下面|前面的.{0,4}表")
    en = re.compile(r"see (?:the \w+ |it |them )?(?:below|above)"
                    r"|(?:described|given) (?:above|below)|come at the end|table above")
    assert not [t.zh for t in texts if zh.search(t.zh)]
    assert not [t.en for t in texts if en.search(t.en)]


def test_a_manifest_names_no_guide_by_default() -> None:
    assert GameManifest("toy", Text("玩具", "toy"), "m:GAME").howto is None


GOOD: dict[str, Any] = {
    "title": {"zh": "怎么玩", "en": "How to play"},
    "sections": [{"title": {"zh": "牌", "en": "The cards"},
                  "paragraphs": [{"zh": "四十八张。", "en": "48 cards."}]}],
    "presets": {"a": {"paragraphs": [{"zh": "三家。", "en": "Three players."}]}},
}


def _broken(path: tuple[Any, ...], value: Any) -> dict[str, Any]:
    data = copy.deepcopy(GOOD)
    node: Any = data
    for key in path[:-1]:
        node = node[key]
    if value is KeyError:
        del node[path[-1]]
    else:
        node[path[-1]] = value
    return data


@pytest.mark.parametrize(("path", "value", "said"), [
    (("title", "en"), KeyError, "title: expected the keys ['en', 'zh'], found ['zh']"),
    (("sections", 0, "paragraphs", 0, "zh"), "共 48 张 cards", "section 1, paragraph 1: "
                                                              "the Chinese has Latin letters"),
    (("sections", 0, "paragraphs", 0, "en"), "  ", "section 1, paragraph 1: zh and en must"),
    (("sections", 0, "paragraphs"), [], "section 1: no paragraph"),
    (("sections",), [], ": no section"),
    (("sections",), {"title": 1}, "sections: expected a list, found dict"),
    (("presets", "b"), {"paragraphs": [{"zh": "两家。", "en": "Two."}]},
     "presets ['a', 'b'] are not the family's ['a']"),
    (("presets", "a", "rules"), "x", "preset a: expected the keys ['paragraphs']"),
    (("extra",), 1, "expected the keys ['presets', 'sections', 'title']"),
    (("sections", 0, "paragraphs", 0, "front"), "phone",
     "section 1, paragraph 1: front must be one of ['browser', 'terminal'], found 'phone'"),
])
def test_a_bad_guide_is_refused_naming_where(path: tuple[Any, ...], value: Any,
                                             said: str) -> None:
    assert _read(GOOD, ["a"], "toy").presets["a"][0].en == "Three players."
    with pytest.raises(ManifestError) as caught:
        _read(_broken(path, value), ["a"], "toy")
    assert said in str(caught.value) and str(caught.value).startswith("toy")


@pytest.mark.parametrize("game", ["xianniu", "biegan", "xiushan"])
def test_each_front_end_shows_its_own_paragraphs(game: str) -> None:
    """终端里：输入编号… is the terminal's alone, 网页里：点… the browser's: each front end's
    guide leaves out the other's (a browser reader met the terminal's typing rules)."""
    howto = load_howto(game)
    assert howto is not None
    every = [p for s in howto.sections for p in s.paragraphs]
    assert any(p.front == "terminal" for p in every) and any(p.front == "browser" for p in every)
    for front, other in (("browser", "terminal"), ("terminal", "browser")):
        shown = [p for s in howto.shown(front).sections for p in s.paragraphs]
        assert not any(p.front == other for p in shown)
        assert len(shown) == sum(p.front != other for p in every)
