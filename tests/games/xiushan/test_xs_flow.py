"""The 秀山 flow pinned to the seed (``004_1284c002b6627dc7.txt``): each test names the
sentence it checks ([P]: a reference's proposal, see docs/xiushan.md §7)."""

from __future__ import annotations

import random
import re

import pytest
from xs_deals import act, kinds, legal_text, rules, start

from huapai.core.protocol import IllegalAction
from huapai.core.session import Deal
from huapai.games.xiushan.game import GAME
from huapai.games.xiushan.state import DRAWN, HU, Bakuai, Drew, Laid, State

TWO_MAQUE = rules("maquefu", seats=2)
TWO_SHIBA = rules("shibafu", seats=2)


def test_deal_sizes_maquefu_and_shibafu() -> None:
    """麻雀福: "庄家摸十四张牌，闲家摸十三张", 四家人习玩; 十八福 [P] 庄 21 / 闲 20 and
    "底牌剩18张" with 翻将."""
    s = GAME.new_game(rules("maquefu"), seed=1, dealer=2)
    assert GAME.observe(s, 0)["hand_sizes"] == [13, 13, 14, 13]
    assert s.stock == 80 - 14 - 3 * 13
    s = GAME.new_game(rules("shibafu", jiang="off"), seed=1, dealer=1)
    assert s.total(1) == 21 and s.total(0) == s.total(2) == 20
    s = GAME.new_game(rules("shibafu"), seed=1)
    assert s.stock == 18


def test_laoye_draws_two_cards_and_sits_out() -> None:
    """"若五家人玩，则由一人摸两张牌，称为'老爷'" (the role otherwise unknown: option)."""
    r = rules("maquefu", idle="laoye")
    s = GAME.new_game(r, seed=3, dealer=1)
    assert GAME.num_seats(r) == 5 and s.stock == 80 - 14 - 39 - 2
    assert sum(s.hands[0]) == 2 and 0 not in s.active
    rng = random.Random(3)
    while not GAME.is_over(s):
        assert 0 not in GAME.to_act(s)
        seat = rng.choice(GAME.to_act(s))
        s, _ = GAME.apply(s, seat, rng.choice(list(GAME.legal_actions(s, seat))))
    assert GAME.settlement(s).deltas[0] == 0


def test_win_on_a_discard_zhuaque_and_dou() -> None:
    """"组牌完成即可和牌" … "用一张牌去找另一张相同的牌…叫做啄雀"; "有多少个贰算多少豆，
    再加上和牌的1豆"; 放炮 pays for all [P]."""
    s = start(TWO_MAQUE, ["拾一四七壹肆柒二五八贰伍捌三", "一二三四五六七八九壹贰叁拾"])
    assert "和" not in legal_text(s, 0)
    s, _ = act(s, 0, "打 拾")
    assert legal_text(s, 1) == ["过", "和"]
    s, events = act(s, 1, "胡")
    assert s.end == "hu" and "won" in kinds(events)
    win = GAME.observe(s, 0)["win"]
    assert win["zhuaque"] and win["dou"] == 3 and win["from_seat"] == 0
    assert [d["why"] for d in win["dou_items"]] == ["和", "二×1", "贰×1"]
    result = GAME.settlement(s)
    assert result.deltas == (-3, 3) and result.payments[0].reason == "fangpao"
    assert GAME.next_dealer(s) == 1
    # the breakdown opens with the card it won on (a newcomer's play-test: none was named)
    first = result.items[0]
    assert (first.seat, first.code, first.value, first.unit.code) == (1, "won_on", 0, "none")
    assert first.label.zh == "和的那张：拾（别家打出）"
    assert first.label.en == "won on 拾 (a discard)"
    assert first.label.params == {"card": "拾", "self_drawn": False}
    # and the discarder's line says it fed the win (放炮): 钵福's named neither
    fed = result.items[1]
    assert (fed.seat, fed.code, fed.label.zh, fed.label.en) == (
        0, "fed", "放炮：打出了和的那张 拾", "fed the win: discarded 拾")


def test_maquefu_counts_no_youzi_in_its_breakdown() -> None:
    """麻雀福 "不计油子": the breakdown lists the winning groups without a 油子 value and
    without an "in all (needs 0)" line — it read "laid 碰 壹壹壹 0 油子 … in all (needs 0)
    0 油子", as if the hand had scored nothing; the view says the game has no 油子."""
    s = start(TWO_MAQUE, ["拾一四七壹肆柒二五八贰伍捌三", "一二三四五六七八九壹贰叁拾"])
    s, _ = act(s, 0, "打 拾")
    s, _ = act(s, 1, "胡")
    items = GAME.settlement(s).items
    groups = [i for i in items if i.code == "group"]
    assert groups and all(i.unit.code == "none" for i in groups)
    # each kind glossed once in English (an English play-test: 坎, 麻雀 … said nothing)
    glossed = re.compile(r"^(laid|in hand) \S+ \([a-z0-9-]+[^)]*\) ")
    assert all(glossed.search(i.label.en) for i in groups), [i.label.en for i in groups]
    assert not [i for i in items if i.code == "youzi" or "油子" in i.unit.zh]
    assert [i.value for i in items if i.code == "dou"] == [3]
    assert GAME.observe(s, 0)["youzi"] is False
    assert GAME.observe(start(rules("shibafu"), ["", "", ""]), 0)["youzi"] is True


def test_peng_from_a_discard_is_forced() -> None:
    """"手中有一对牌，别人打…相同的牌，必须碰牌，碰牌放在自己门前摆好"."""
    s = start(TWO_MAQUE, ["五一四七壹肆柒二八贰伍捌三十", "五五二三四六七九壹贰叁拾玖"])
    s, _ = act(s, 0, "打 五")
    assert legal_text(s, 1) == ["碰"]
    with pytest.raises(IllegalAction) as info:
        act(s, 1, "过")
    assert info.value.code == "forced_claim"
    s, _ = act(s, 1, "碰")
    assert [h.meld.describe() for h in s.melds[1]] == ["碰 五"]
    assert GAME.observe(s, 0)["melds"][1][0]["cards"] == "五五五"
    assert GAME.to_act(s) == (1,) and all(t.startswith("打") for t in legal_text(s, 1))


def test_peng_from_a_shown_tangzitou_card_is_forced() -> None:
    """"别人打或堂子头起相同的牌，必须碰牌": the drawn card is shown to all [P]."""
    s = start(TWO_MAQUE, ["陆陆一四七壹肆柒二八贰捌三十", "五二三四六七九壹贰叁拾玖伍"], stock="陆")
    s, _ = act(s, 0, "打 十")
    s, events = act(s, 1, "过")
    drew = [e for e in events if isinstance(e, Drew)]
    assert drew and drew[0].seat == 1 and drew[0].card == "陆" and not drew[0].private
    assert GAME.observe(s, 0)["offer"] == {"seat": 1, "card": "陆", "drawn": True}
    assert legal_text(s, 1) == ["过"]
    s, events = act(s, 1, "过")
    assert [h.meld.describe() for h in s.melds[0]] == ["碰 陆"] and GAME.to_act(s) == (0,)
    assert s.melds[0][0].source == 1


SHIBA_DEALER = "叁叁叁叁陆陆陆一一四四五五六八八九九十壹肆"
SHIBA_OTHER = "柒柒柒捌捌捌捌一二三四五六七八九十壹贰伍"


def test_shao_and_longdeng_are_laid_face_down_in_the_seed_order() -> None:
    """"哨必须放到桌子上撲起"; "龙灯必须放下去撲起，庄家先亮龙再打第一张牌，闲家等庄家打
    第一张牌后再亮龙"."""
    s = start(TWO_SHIBA, [SHIBA_DEALER, SHIBA_OTHER], flip="一")
    assert sorted(h.meld.describe() for h in s.melds[0]) == ["哨 陆", "龙灯 叁"]
    assert s.melds[1] == () and sum(s.hands[1]) == 20
    other_view = GAME.observe(s, 1)["melds"][0]
    assert all(m["cards"] is None and m["face_down"] for m in other_view)
    assert sorted(m["size"] for m in other_view) == [3, 4]
    s, events = act(s, 0, "打 十")
    laid = [e for e in events if isinstance(e, Laid)]
    assert sorted((e.group, e.card) for e in laid) == [("哨", "柒"), ("龙灯", "捌")]
    assert all(e.redacted() == Laid(1, e.group, None, e.size, True) for e in laid)
    assert all(not e.visible_to(0) for e in laid)
    assert GAME.observe(s, 0)["melds"][1][0]["cards"] is None


def test_kaizhao_is_forced_and_a_second_four_set_says_bakuai() -> None:
    """"自己撲得有暗哨，别人打出来…相同的牌，则必须开召"; "如果有明龙暗龙两放，则称为重召，
    重召不打牌；只说'八块'…下家自行摸牌"."""
    dealer = SHIBA_DEALER.replace("十", "柒")
    s = start(TWO_SHIBA, [dealer, SHIBA_OTHER], flip="一")
    s, _ = act(s, 0, "打 柒")
    assert legal_text(s, 1) == ["开召"]
    s, events = act(s, 1, "开召")
    assert any(isinstance(e, Bakuai) and e.seat == 1 for e in events)
    assert sorted(h.meld.describe() for h in s.melds[1]) == ["开召 柒", "龙灯 捌"]
    zhao = [m for m in GAME.observe(s, 0)["melds"][1] if m["kind"] == "开召"]
    assert [m["cards"] for m in zhao] == ["柒柒柒柒"]
    assert s.phase == DRAWN and s.turn == 0  # the 下家 (the 庄家) turned up the 堂子头 card


def test_first_four_set_is_followed_by_a_discard() -> None:
    """The first 4-set discards ("重召不打牌" only from the second on)."""
    s = start(TWO_SHIBA, [SHIBA_DEALER, SHIBA_OTHER], flip="一")
    assert GAME.to_act(s) == (0,) and all(t.startswith("打") for t in legal_text(s, 0))


def _peng_then_draw(dealer: str, stock: str) -> State:
    """The 庄家 throws 玖, seat 1 must 碰 it and throws 拾, the 庄家 turns up ``stock``'s
    first card and lets it go."""
    other = "玖玖一二三四五六七八九十壹贰伍陆柒捌拾叁"
    s = start(TWO_SHIBA, [dealer, other], stock=stock, flip="三")
    for seat, text in ((0, "打 玖"), (1, "碰"), (1, "打 拾"), (0, "过")):
        s, _ = act(s, seat, text)
    assert legal_text(s, 0) == ["过"]
    s, _ = act(s, 0, "过")
    return s


def test_ji_only_from_a_tangzitou_card() -> None:
    """"自己碰得有牌，堂子头起相同的牌，则必须鸡牌…别人打出来的牌不能鸡，只能开召和碰"."""
    s = _peng_then_draw("玖玖一一四四五五六六八八十壹壹叁肆肆伍二二", "拾")
    s, _ = act(s, 0, "打 玖")
    assert legal_text(s, 1) == ["过"]  # no 鸡 on a discard
    s = _peng_then_draw("玖一一四四五五六六八八十壹壹叁肆肆伍二二七", "玖")
    assert [h.meld.describe() for h in s.melds[1]] == ["鸡 玖"] and s.melds[1][0].source == 0
    assert GAME.to_act(s) == (1,) and all(t.startswith("打") for t in legal_text(s, 1))


def test_draw_onto_a_pair_is_a_shao_and_onto_a_shao_a_longdeng() -> None:
    """"摸牌时三个相同的牌形成一组，叫哨"; "摸起四张一样的牌叫龙灯" (own draw onto an own
    暗哨 = 龙灯 by default, 开召 with ``own_draw_on_shao="zhao"``)."""
    dealer = "一一四四五五六六八八十壹壹叁肆肆伍二二七七"
    other = "陆陆陆一二三四五六七八九十壹贰伍柒捌拾叁"
    s = start(TWO_SHIBA, [dealer, other], stock="陆", flip="三")
    s, _ = act(s, 0, "打 十")
    s, _ = act(s, 1, "过")
    assert legal_text(s, 1) == ["龙灯"]
    s, _ = act(s, 1, "龙灯")
    assert [h.meld.describe() for h in s.melds[1]] == ["龙灯 陆"]
    assert GAME.observe(s, 0)["melds"][1][0]["cards"] == "陆陆陆陆"  # its card was shown
    zhao = rules("shibafu", seats=2, own_draw_on_shao="zhao")
    s = start(zhao, [dealer, other], stock="陆", flip="三")
    s, _ = act(s, 0, "打 十")
    s, _ = act(s, 1, "过")
    assert legal_text(s, 1) == ["开召"]
    s = start(TWO_SHIBA, [dealer, other], stock="拾七", flip="三")
    s, _ = act(s, 0, "打 十")
    s, _ = act(s, 1, "过")
    assert legal_text(s, 1) == ["过"]
    s, _ = act(s, 1, "过")
    s, _ = act(s, 1, "打 拾")
    s, _ = act(s, 0, "过")
    assert legal_text(s, 0) == ["哨"]
    s, _ = act(s, 0, "哨")
    assert [h.meld.describe() for h in s.melds[0]] == ["哨 七"]


def test_maquefu_lays_no_four_set() -> None:
    """麻雀福 "无龙灯和开召，如有四张的龙灯则必须折开，或者打出去一张"."""
    s = start(TWO_MAQUE, ["一一一一四七壹肆柒二八贰捌三", "五五二三四六七九壹贰叁拾玖"])
    assert s.melds[0] == () and s.hands[0][0] == 4
    assert "打 一" in legal_text(s, 0)


def test_fanjiang_bottom_card_is_dead_and_the_next_rank_is_jiang() -> None:
    """翻将 [P] (xiushan.md §2.2, 大冶 Z1): "抓牌前翻最底下一张牌（这张牌不能胡）"; the
    next rank in both sizes is 将; 拾 wraps to 壹 (``jiang_wrap``)."""
    s = GAME.new_game(rules("shibafu"), seed=5)
    flipped = s.deal[-1]
    view = GAME.observe(s, 1)
    assert view["flipped"] == "一二三四五六七八九十壹贰叁肆伍陆柒捌玖拾"[flipped]
    assert s.jiang == (flipped % 10 + 1) % 10
    s = start(TWO_SHIBA, [SHIBA_DEALER, SHIBA_OTHER], flip="拾")
    assert s.jiang == 0 and GAME.observe(s, None)["jiang"] == "壹一"
    s = start(rules("shibafu", seats=2, jiang_wrap=False), [SHIBA_DEALER, SHIBA_OTHER],
              flip="拾")
    assert s.jiang is None
    rng = random.Random(2)
    s = GAME.new_game(rules("shibafu"), seed=9)
    dead = s.deal[-1]
    drawn = 0
    while not GAME.is_over(s):
        seat = rng.choice(GAME.to_act(s))
        s, events = GAME.apply(s, seat, rng.choice(list(GAME.legal_actions(s, seat))))
        drawn += sum(isinstance(e, Drew) for e in events)
    assert drawn <= 18 and s.deal[-1] == dead and s.top <= 79


def test_huangzhuang_pays_nothing_and_the_dealer_stays() -> None:
    """黄庄 [P]: the stock runs out, nobody pays; the same 庄家 deals (``huang_dealer``)."""
    for seed in range(40):
        deal = Deal.start(GAME, rules("shibafu"), seed=seed, dealer=1)
        rng = random.Random(seed)
        while not GAME.is_over(deal.state):
            seat = rng.choice(GAME.to_act(deal.state))
            deal.act(seat, rng.choice(list(GAME.legal_actions(deal.state, seat))))
        if deal.state.end == "huang":
            break
    s = deal.state
    assert s.end == "huang" and GAME.settlement(s).payments == ()
    assert GAME.next_dealer(s) == 1


SELF_DRAW = "壹贰叁贰柒拾一二三二七十四五六七八九伍陆"
DEALER_21 = "一一三三四四五五六六八八九九十壹壹叁肆肆伍"


def test_self_drawn_win_adds_a_dou_in_shibafu() -> None:
    """"十八福只要油子达到十八胡，牌理顺，放子圆，即可和牌；然后和牌算1豆，不论大贰小二，
    一个贰算1豆，有自摸再加1豆"."""
    s = start(TWO_SHIBA, [DEALER_21, SELF_DRAW], stock="柒", flip="三")
    s, _ = act(s, 0, "打 十")
    assert legal_text(s, 1) == ["过"]
    s, _ = act(s, 1, "过")
    assert legal_text(s, 1) == ["过", "和"]
    s, _ = act(s, 1, "胡")
    win = GAME.observe(s, 0)["win"]
    assert (win["youzi"], win["dou"]) == (18, 6)
    assert [d["why"] for d in win["dou_items"]] == ["和", "二×2", "贰×2", "自摸"]
    result = GAME.settlement(s)
    assert result.deltas == (-6, 6) and result.payments[0].reason == "zimo"
    assert result.items[0].label.zh == "和的那张：柒（自摸）"
    assert any("18 油子" in n for n in result.notes)


def test_a_discard_wins_without_the_zimo_dou() -> None:
    s = start(TWO_SHIBA, [DEALER_21.replace("十", "柒"), SELF_DRAW], flip="三")
    s, _ = act(s, 0, "打 柒")
    assert legal_text(s, 1) == ["过", "和"]
    s, _ = act(s, 1, "胡")
    assert GAME.observe(s, 1)["win"]["dou"] == 5
    each = rules("shibafu", pay_discard="each")
    assert each.pay_discard == "each"


def test_under_the_threshold_no_win() -> None:
    """"十八福只要油子达到十八胡" — 17 is not enough."""
    hand = SELF_DRAW.replace("壹贰叁", "肆伍陆")  # 6 油子 fewer
    s = start(TWO_SHIBA, [DEALER_21.replace("十", "柒"), hand], flip="三")
    s, _ = act(s, 0, "打 柒")
    assert "和" not in legal_text(s, 1)


def test_refusals_change_nothing() -> None:
    s = start(TWO_MAQUE, ["五一四七壹肆柒二八贰伍捌三十", "五五二三四六七九壹贰叁拾玖"])
    for seat, text, code in ((1, "打 五", "not_your_turn"), (0, "胡", "cannot_hu"),
                             (0, "打 拾", "not_in_hand"), (0, "碰", "must_discard")):
        before = GAME.omniscient(s)
        with pytest.raises(IllegalAction) as info:
            act(s, seat, text)
        assert info.value.code == code and GAME.omniscient(s) == before


def test_action_notation() -> None:
    r = rules("shibafu")
    for a in range(GAME.num_actions(r)):
        assert GAME.parse_action(r, GAME.format_action(r, a)) == a
    assert GAME.parse_action(r, "打弍") == GAME.parse_action(r, " 打 贰 ")
    assert GAME.parse_action(r, "召") == GAME.parse_action(r, "开召")
    assert GAME.parse_action(r, " 十 ") == GAME.parse_action(r, "打 十")  # a card alone: 打
    assert GAME.parse_action(r, "弍") == GAME.parse_action(r, "打 贰")
    for wrong in ("吃", "十十", ""):
        with pytest.raises(ValueError, match="打"):
            GAME.parse_action(r, wrong)


def test_claims_may_be_declined_with_forced_claims_off() -> None:
    """``forced_claims=False`` (麻雀福's seed text is silent on it, [?] xiushan.md §3.1):
    a 碰 may be declined, and every other seat is asked about each 堂子头 card."""
    r = rules("maquefu", seats=2, forced_claims=False)
    s = start(r, ["五一四七壹肆柒二八贰伍捌三十", "五五二三四六七九壹贰叁拾玖"], stock="五")
    s, _ = act(s, 0, "打 五")
    assert legal_text(s, 1) == ["过", "碰"]
    s, _ = act(s, 1, "过")  # seat 1 turns up the last 五 itself: no 哨 in 麻雀福 (坎 in hand)
    s, _ = act(s, 1, "过")
    assert GAME.to_act(s) == (0,) and legal_text(s, 0) == ["过"]
    s, events = act(s, 0, "过")
    assert "taken" in kinds(events) and s.hands[1][4] == 3
    s = start(r, ["陆陆一四七壹肆柒二八贰捌三十", "五二三四六七九壹贰叁拾玖伍"], stock="陆")
    s, _ = act(s, 0, "打 十")
    s, _ = act(s, 1, "过")
    s, _ = act(s, 1, "过")
    assert legal_text(s, 0) == ["过", "碰"]
    s, _ = act(s, 0, "碰")
    assert [h.meld.describe() for h in s.melds[0]] == ["碰 陆"]


@pytest.mark.parametrize(("mode", "payments"), [
    ("all", [(0, 1, 10)]), ("each", [(0, 1, 5), (2, 1, 5)]), ("discarder", [(0, 1, 5)])])
def test_who_pays_a_discard(mode: str, payments: list[tuple[int, int, int]]) -> None:
    """``pay_discard``: the seed names no payer ([?] xiushan.md §3.3)."""
    r = rules("shibafu", pay_discard=mode)
    third = "一二二四五六七八九十壹贰叁肆伍陆柒捌玖拾"
    s = start(r, [DEALER_21.replace("十", "柒"), SELF_DRAW, third], flip="三")
    s, _ = act(s, 0, "打 柒")
    assert legal_text(s, 1) == ["过", "和"]
    s, _ = act(s, 1, "胡")
    assert [(p.payer, p.payee, p.amount) for p in GAME.settlement(s).payments] == payments


def test_tianhu_and_dealer_rotation() -> None:
    """天胡 (``tianhu``, engine): the 庄家 wins his dealt hand, paid like a 自摸 without its
    豆; the winner deals next; after 黄庄 ``huang_dealer="next"`` passes the deal on."""
    r = rules("maquefu", seats=2)
    s = start(r, ["一二三四五六七八九壹贰叁拾拾", "五五二三四六七九壹贰叁拾玖"])
    assert legal_text(s, 0)[0] == "和"
    s, _ = act(s, 0, "胡")
    assert GAME.settlement(s).payments[0].reason == "zimo" and GAME.next_dealer(s) == 0
    assert start(rules("maquefu", seats=2, tianhu=False),
                 ["一二三四五六七八九壹贰叁拾拾", "五五二三四六七九壹贰叁拾玖"]).phase == 0
    r = rules("maquefu", huang_dealer="next")
    for seed in range(60):
        s = GAME.new_game(r, seed=seed, dealer=3)
        rng = random.Random(seed)
        while not GAME.is_over(s):
            seat = rng.choice(GAME.to_act(s))
            s, _ = GAME.apply(s, seat, rng.choice(list(GAME.legal_actions(s, seat))))
        if s.end == "huang":
            assert GAME.next_dealer(s) == 0
            return
    raise AssertionError("no 黄庄 in 60 random deals")


def test_resample_keeps_the_view_and_moves_hidden_groups() -> None:
    """``resample``: another seat's dealt face-down 哨 may get another card; the viewer's
    view is unchanged."""
    s = start(TWO_SHIBA, [SHIBA_DEALER, SHIBA_OTHER], flip="一")
    faces = set()
    for seed in range(30):
        t = GAME.resample(s, 1, random.Random(seed))
        assert GAME.observe(t, 1) == GAME.observe(s, 1)
        faces.add(tuple(sorted(h.meld.card for h in t.melds[0])))
    assert len(faces) > 5
    assert GAME.resample(s, 0, random.Random(1)).melds[0] == s.melds[0]


def test_a_kept_draw_is_hidden_and_claimed_by_nobody() -> None:
    """``drawn_card="keep"`` ([?] xiushan.md §2.4 / §8.2): the drawer keeps the card
    hidden; nobody else may 碰 it."""
    r = rules("maquefu", seats=2, drawn_card="keep")
    s = start(r, ["陆陆一四七壹肆柒二八贰捌三十", "五二三四六七九壹贰叁拾玖伍"], stock="陆")
    s, _ = act(s, 0, "打 十")
    s, events = act(s, 1, "过")
    drew = next(e for e in events if isinstance(e, Drew))
    assert drew.private and drew.redacted() == Drew(1, None, False)
    assert GAME.observe(s, 0)["offer"] == {"seat": 1, "card": None, "drawn": True}
    assert GAME.observe(s, 1)["my_drawn"] == "陆"
    t = GAME.resample(s, 0, random.Random(3))
    assert GAME.observe(t, 0) == GAME.observe(s, 0)
    s, _ = act(s, 1, "过")
    assert s.melds[0] == () and s.hands[1][15] == 1 and GAME.to_act(s) == (1,)


def test_the_dealers_groups_are_opening_events() -> None:
    """"庄家先亮龙再打第一张牌": the dealt 哨 / 龙灯 of the 庄家 are the deal's opening
    events, face down for the others."""
    s = start(TWO_SHIBA, [SHIBA_DEALER, SHIBA_OTHER], flip="一")
    opening = GAME.opening_events(s)
    assert sorted((e.group, e.card) for e in opening if isinstance(e, Laid)) == [
        ("哨", "陆"), ("龙灯", "叁")]
    assert all(e.for_viewer(1) == Laid(0, e.group, None, e.size, True)
               for e in opening if isinstance(e, Laid))


@pytest.mark.parametrize("preset", ["maquefu", "shibafu", "bofu"])
def test_settlement_items_say_each_value_once(preset: str) -> None:
    """Each breakdown line is a label and its value: the label does not repeat the value
    (a 麻雀福 summary read "手里麻雀 二二：0 油子 | 0 油子"); the older free-text notes
    still carry both."""
    wins = 0
    for seed in range(60):
        deal = Deal.start(GAME, rules(preset), seed=seed, dealer=0)
        rng = random.Random(seed)
        while not GAME.is_over(deal.state):
            seat = rng.choice(GAME.to_act(deal.state))
            legal = list(GAME.legal_actions(deal.state, seat))
            deal.act(seat, HU if HU in legal else rng.choice(legal))
        settled = GAME.settlement(deal.state)
        if deal.state.win is None:
            continue
        wins += 1
        for item in settled.items:
            shown = f"{item.value} {item.unit.zh}"
            assert not item.label.zh.endswith(shown), item
            assert not item.label.en.endswith(f"{item.value} {item.unit.en}"), item
        assert any(f"{i.value} {i.unit.zh}" in n for i, n in zip(settled.items, settled.notes,
                                                                 strict=False) if i.unit.zh)
    assert wins >= 5


def test_a_refused_hu_on_ones_turn_names_the_hand() -> None:
    """胡 on one's own turn without a winning hand says so of the hand (the English had an
    empty name: "  does not win: …")."""
    for seed in range(20):
        s = GAME.new_game(rules("huangliufu"), seed=seed)
        while not GAME.is_over(s):
            seat = GAME.to_act(s)[0]
            legal = GAME.legal_actions(s, seat)
            if HU not in legal and any(a >= 7 for a in legal):  # a turn: discard a card
                with pytest.raises(IllegalAction) as info:
                    GAME.apply(s, seat, HU)
                msg = info.value.msg
                assert msg.zh.startswith("你的牌和不了：") and "6 胡" in msg.zh, msg
                assert msg.en.startswith("your hand does not win: "), msg
                return
            s, _ = GAME.apply(s, seat, legal[0])
    raise AssertionError("no turn without 胡 in 20 deals")
