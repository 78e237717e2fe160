"""The words the family terminal renderers share (cli_support/families/common.py), as each
family's renderer says them: the same discard / answer / deal-end lines, each family's
own end reasons, and an unknown code shown as itself."""

from __future__ import annotations

import pytest

from huapai.cli_support.families.biegan import _PHASES as biegan_phases
from huapai.cli_support.families.common import phase_head
from huapai.cli_support.render import RenderContext, base_form, renderer_for
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
    # a claim-window answer has no line: another seat's is hidden, and the viewer's own
    # (or in a replay any seat's) is the move's line already ("你选了：过", "#2 座位0：过")
    renderer = renderer_for(get_game(name))
    for answer in (None, "过"):
        said = {"kind": "answered", "seat": 1, "answer": answer}
        assert renderer.event(said, _ctx(name, preset, "zh")) is None
        assert renderer.event(said, _ctx(name, preset, "en")) is None


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


def _win_line(name: str, lang: str, from_seat: int | None) -> str:
    from rich.console import Console

    renderer = renderer_for(get_game(name))
    if name == "xiushan":
        win = {"seat": 1, "from_seat": from_seat, "youzi": 8, "dou": 2, "card": "十",
               "groups": [{"kind": "碰", "cards": "十十十", "youzi": 1}]}  # (no card: 天胡)
        shown = renderer._win(win, _ctx(name, "shibafu", lang))  # type: ignore[attr-defined]
    else:
        view = {"wins": [{"seat": 1, "from_seat": from_seat, "hu": 31, "fen": 3,
                          "units": [{"kind": "坎", "cards": "七七七", "hu": 3}],
                          "tingtou": ["八", "八"]}]}
        shown = renderer._wins(view, _ctx(name, "gongan", lang))[0]  # type: ignore[attr-defined]
    console = Console(width=120, record=True)
    console.print(shown)
    return console.export_text().splitlines()[0]


@pytest.mark.parametrize(("name", "won"), [("xiushan", "和了"), ("biegan", "胡了")])
def test_a_win_says_how_in_the_players_brackets(name: str, won: str) -> None:
    """How a deal was won is an aside in Chinese brackets in Chinese mode (座位1 和了（自摸）),
    in round ones in English; no ASCII bracket is left in a Chinese line."""
    assert f"座位1 {won}（自摸）" in _win_line(name, "zh", None)
    on_discard = _win_line(name, "zh", 2)
    assert f"座位1 {won}（" in on_discard and "座位2" in on_discard
    assert "(" not in on_discard and ")" not in on_discard
    assert "seat 1 won (self-drawn) " in _win_line(name, "en", None)


@pytest.mark.parametrize("name", ["xiushan", "biegan"])
def test_a_win_on_the_players_own_discard_says_yours(name: str) -> None:
    """Won on the player's discard: 捉你的铳 / (你 放炮) and "on your discard" — never
    "你 的" or "you's"; another seat's is 座位2 的 / seat 2's."""
    zh, en = _win_line(name, "zh", 0), _win_line(name, "en", 0)
    assert "you's" not in en and "on your discard" in en
    assert "你 的" not in zh and ("捉你的铳" in zh if name == "biegan" else "你 放炮" in zh)
    assert "on seat 2's discard" in _win_line(name, "en", 2)


@pytest.mark.parametrize(("name", "preset", "event", "zh"), [
    ("xiushan", "maquefu", {"kind": "laid", "seat": 1, "group": "碰", "size": 3,
                            "card": "八", "from_seat": 0}, "座位1 碰 八八八（你的）"),
    ("xiushan", "shibafu", {"kind": "won", "seat": 1, "from_seat": 0, "youzi": 8, "dou": 2,
                            "groups": "碰:八八八"},
     "座位1 和了（你 放炮）：8 油子，2 豆。碰[八八八]"),
    ("biegan", "gongan", {"kind": "claimed", "seat": 1, "claim": "对", "cards": "八八八",
                          "card": "八", "from_seat": 0}, "座位1 对 你的 八：八八八"),
])
def test_a_claim_on_the_players_discard_says_yours(name: str, preset: str,
                                                   event: dict[str, object], zh: str) -> None:
    assert _line(name, preset, "zh", event) == zh
    assert "你 的" not in _line(name, preset, "zh", {**event, "from_seat": 2})


@pytest.mark.parametrize(("event", "zh", "en"), [
    ({"kind": "discarded", "seat": 1, "card": "三*"}, "座位1 打出 花三", "seat 1 discarded 花三"),
    ({"kind": "drew", "seat": 0, "source": "top", "card": "乙*"}, "你 从牌面摸到 花乙",
     "you drew 花乙 from the top (牌面)"),
    ({"kind": "claimed", "seat": 1, "claim": "招", "cards": "七七七*七", "card": "七",
      "from_seat": 2}, "座位1 招 座位2 的 七：七 七 花七 七", "七 七 花七 七"),
    ({"kind": "zha", "seat": 1, "cards": "五五五*五*"}, "座位1 紮 五 五 花五 花五",
     "五 五 花五 花五"),
])
def test_biegan_lines_say_a_flowered_card_in_chinese_words(event: dict[str, object], zh: str,
                                                           en: str) -> None:
    """双别杆's flowered cards: 花三 (the notation's 三* is no word), in English too (an
    English review's "discard 乙*" read as a stray mark: a play-test), as the labels and the
    browser's log say them."""
    assert _line("biegan", "gongan", "zh", event) == zh
    line = _line("biegan", "gongan", "en", event)
    assert en in line and "*" not in line


def test_a_seat_done_with_qingtong_after_a_zha_reads_as_done() -> None:
    """请统: a seat that 紮ed a four and then passes read "紮 五…" then "请统：不紮" — as if
    it had not; then 不紮了 read as a choice for a seat with no four (a play-test). The pass
    says 请统完了 (done), which reads right every way."""
    event = {"kind": "qingtong_passed", "seat": 1}
    assert _line("biegan", "gongan", "zh", event).endswith(" 请统完了")
    assert _line("biegan", "gongan", "en", event).endswith(" is done with 请统")


@pytest.mark.parametrize(("event", "mine", "theirs"), [
    ({"kind": "played", "lead": True, "cards": "天", "name": "单张"},
     "you lead 天 (单张)", "seat 1 leads 天 (单张)"),
    ({"kind": "played", "cards": "天", "name": "单张"},
     "you beat it with 天 (单张)", "seat 1 beats it with 天 (单张)"),
    ({"kind": "declined"}, "you decline (不掀)", "seat 1 declines (不掀)"),
    ({"kind": "passed"}, "you cannot beat it (passes)", "seat 1 cannot beat it (passes)"),
    ({"kind": "trick_won", "cards": "天", "table_count": 1, "table_total": 5},
     "you take 天 as 占牌: 1 in all (table 5)", "seat 1 takes 天 as 占牌: 1 in all (table 5)"),
])
def test_english_lines_about_you_agree_with_you(event: dict[str, object], mine: str,
                                                 theirs: str) -> None:
    """English event lines are worded for a seat ("seat 1 takes …"); about the viewer they
    read "you take …", not "you takes …"; the Chinese lines are the same for both."""
    game = get_game("xianniu")
    renderer = renderer_for(game)
    ctx = RenderContext(game, game.rules("fengxiang"), "en", me=0)
    assert renderer.event({**event, "seat": 0}, ctx) == mine
    assert renderer.event({**event, "seat": 1}, ctx) == theirs


@pytest.mark.parametrize(("word", "base"), [
    ("takes", "take"), ("passes", "pass"), ("carries", "carry"), ("reaches", "reach"),
    ("is", "are"), ("has", "have"), ("discarded", "discarded"), ("cannot", "cannot"),
    ("may", "may"), ("掀:", "掀:"), ("won", "won"), ("plays", "play")])
def test_base_form(word: str, base: str) -> None:
    assert base_form(word) == base


def test_qingtong_says_the_dealers_turn_is_his_first() -> None:
    """The 请统 header read "末家、二家、庄家依次", but the 庄家 is never asked at 请统: his
    请统 is his first turn (a 紮 shows in its list). The header says so."""
    ctx = _ctx("biegan", "gongan", "zh")
    head = phase_head({"phase": "qingtong"}, ctx, biegan_phases).plain
    assert "庄家的请统就是他的第一手" in head and "庄家依次" not in head


@pytest.mark.parametrize(("preset", "has", "lacks"), [
    ("maquefu", ("碰", "必须"), ("开召", "鸡", "哨", "龙灯", "报")),
    ("shibafu", ("开召", "鸡", "哨", "龙灯"), ("报 N",)),
    ("sanliufu", ("开召", "龙灯"), ("哨", "报 N")),
])
def test_xiushan_help_lists_the_presets_own_actions(preset: str, has: tuple[str, ...],
                                                     lacks: tuple[str, ...]) -> None:
    """The ? help listed 开召 / 鸡 / 哨 / 龙灯 and 钵福's 报数 for every 秀山 preset; 麻雀福
    and 黄六福 have no quads and lay no 哨, and only 钵福's 报数 practice asks for 报 N."""
    game = get_game("xiushan")
    text = renderer_for(game).notation_help(_ctx("xiushan", preset, "zh"))
    actions = text.split("\n")[1]
    assert all(word in actions for word in has), actions
    assert not any(word in actions for word in lacks), actions
    train = RenderContext(game, game.rules("bofu", baoshu="train"), "zh", me=0)
    assert "报 N" in renderer_for(game).notation_help(train)


def test_xiushans_english_help_says_how_to_type_a_card_without_hanzi() -> None:
    """English mode: the ? help named the cards in 汉字 only; s1…s10 / b1…b10 were said
    by the error for a word it could not read (an English play-test)."""
    game = get_game("xiushan")
    text = renderer_for(game).notation_help(_ctx("xiushan", "huangliufu", "en"))
    assert "s1…s10" in text and "b1…b10" in text, text


def test_my_forced_claim_says_it_was_forced() -> None:
    """秀山 with 必须碰: a card turned up that I could 碰 was taken for me without a
    question, and only the log's 你 碰 七七七（座位3 的） said so (a play-test): my forced
    claim says it was forced; another seat's, and a 碰 where the rules force none, do not."""
    game = get_game("xiushan")
    laid = {"kind": "laid", "seat": 0, "group": "碰", "card": "七", "size": 3, "hidden": False,
            "from_seat": 3}
    forced = _ctx("xiushan", "huangliufu", "zh")
    assert forced.rules.forced_claims
    line = renderer_for(game).event(laid, forced)
    assert line is not None and line.endswith("（必须的）"), line
    assert renderer_for(game).event({**laid, "seat": 2}, forced) == "座位2 碰 七七七（座位3 的）"
    free = RenderContext(game, game.rules("huangliufu", forced_claims=False), "zh", me=0)
    assert "必须" not in (renderer_for(game).event(laid, free) or "")
