"""The winning hand's three alike under the names of its game: seed 004 §三 4 [S] "哨牌在
三六福中叫坎，在黄十八和钵福中叫哨" — in 钵福 / 黄十八 (``lay_shao``) the winning card's
three alike read 哨 (self-drawn: "摸牌时三个相同的牌形成一组，叫哨") or 碰 (completed by a
discard, scored as a 碰), never 坎, in the won event, the view and the settlement; their
value is unchanged. 三六福 and 麻雀福 / 黄六福 keep 坎."""

from __future__ import annotations

from xs_deals import act, rules, start

from huapai.games.xiushan.calculator import score
from huapai.games.xiushan.cards import parse_card
from huapai.games.xiushan.game import GAME
from huapai.games.xiushan.moves import table_names
from huapai.games.xiushan.state import State, Won

DEALER = "一一三四四五五七七八八九九十壹壹肆肆玖玖拾"
PAIR = "一二三二七十贰柒拾四五六伍陆柒叁叁捌玖拾"  # wins on 叁 self-drawn only
OTHER = "二二三三四五六六七八八九九壹壹贰贰肆肆伍"
DEALER_8 = "一一三四四五五七七八八九九十壹壹肆肆玖玖捌"
PAIR_8 = "一二三二七十贰柒拾壹贰叁伍陆柒四五六捌捌"  # wins on the dealer's 捌
OTHER_8 = "二二三三四五六六七八九十十叁叁肆肆陆陆柒"


def _self_drawn_win(preset: str) -> tuple[State, Won]:
    s = start(rules(preset), [DEALER, PAIR, OTHER], stock="叁", flip="伍")
    s, _ = act(s, 0, "打 十")
    for seat in GAME.to_act(s):
        s, _ = act(s, seat, "过")
    s, events = act(s, 1, "胡")
    return s, next(e for e in events if isinstance(e, Won))


def _the_triple(s: State) -> dict[str, object]:
    return next(g for g in GAME.observe(s, 1)["win"]["groups"] if len(set(g["cards"])) == 1)


def test_a_self_drawn_three_alike_is_a_shao_in_bofu_and_shibafu() -> None:
    for preset in ("bofu", "shibafu"):
        s, won = _self_drawn_win(preset)
        assert "哨:叁叁叁" in won.groups and "坎" not in won.groups, preset
        assert _the_triple(s) == {"kind": "哨", "cards": "叁叁叁", "youzi": 6, "laid": False,
                                  "face_down": False, "as_peng": False}  # 大哨 6 胡, as before
        labels = [i["label"]["zh"] for i in GAME.settlement(s).to_json()["items"]]
        assert "手里哨 叁叁叁" in labels and not any("坎" in x for x in labels), labels


def test_three_alike_completed_by_a_discard_is_a_peng_in_bofu() -> None:
    s = start(rules("bofu"), [DEALER_8, PAIR_8, OTHER_8], flip="伍")
    s, _ = act(s, 0, "打 捌")
    s, events = act(s, 1, "胡")
    won = next(e for e in events if isinstance(e, Won))
    assert "碰:捌捌捌" in won.groups
    assert _the_triple(s) == {"kind": "碰", "cards": "捌捌捌", "youzi": 3, "laid": False,
                              "face_down": False, "as_peng": False}  # 大碰 3 胡 (peng)


def test_the_games_that_keep_three_alike_in_the_hand_call_it_kan() -> None:
    found = score(rules("bofu"), PAIR + "叁", win_card="叁", self_drawn=True)
    assert "坎" in [g.kind.value for g in found.groups]  # the calculator's own name
    for preset in ("sanliufu", "maquefu", "huangliufu"):
        assert table_names(rules(preset), found, parse_card("叁"), True) is found, preset
