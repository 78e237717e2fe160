"""双别杆 presentation values: describe_action for every action, refusals as messages in
both languages (whole: the old client cut "先对桌上的 七 表态：过 / 胡 / 招 / 对" at its
first " / "), payment labels, and the breakdown items for every settlement code."""

from __future__ import annotations

import random
import re

import pytest
from test_flow_biegan import GAME, HAND17, E, M, Z, play, qingtong_pass, rules, start
from test_scoring_biegan import _liable, _self_drawn, _won_on_discard

from huapai.core.protocol import IllegalAction, Settlement
from huapai.games.biegan.cards import said_zh
from huapai.games.biegan.rules import fen_of
from huapai.games.biegan.state import NUM_ACTIONS, State

ENGLISH_WORD = re.compile(r"[A-Za-z]{2,}")
WORDS = {"pass": ("过", "neutral"), "hu": ("胡", "hot"), "zhao": ("招", "gold"),
         "dui": ("对", "gold"), "fan": ("泛", "gold")}


def test_every_action_is_described() -> None:
    r = rules()
    infos = [GAME.describe_action(r, a) for a in range(NUM_ACTIONS)]
    kinds = {i.kind for i in infos}
    assert kinds == {*WORDS, "discard", "zha", "kaifan"}
    for a, info in enumerate(infos):
        text = GAME.format_action(r, a)
        # the label says a flowered card as Chinese does (打 花三); the notation keeps 三*
        assert info.action == a and info.label.zh == said_zh(text) and "*" not in info.label.zh
        assert not ENGLISH_WORD.search(info.label.zh) and ENGLISH_WORD.search(info.label.en)
        if info.kind in WORDS:
            assert (info.label.zh, info.style) == WORDS[info.kind] and info.cards == ()
        elif info.kind == "discard":
            assert text == "打 " + info.cards[0] and info.group == "cards"
        else:  # 紮 / 开泛 a face: a button that shows the face
            assert text.endswith(" " + info.cards[0]) and info.group == "button"
            assert info.style == "gold"
    assert GAME.describe_action(r, GAME.parse_action(r, "打 三*")).cards == ("三*",)
    assert GAME.describe_action(r, GAME.parse_action(r, "打 赖")).label.en == "discard 赖"
    with pytest.raises(ValueError, match="no action"):
        GAME.describe_action(r, NUM_ACTIONS)


def _in_window() -> State:
    """The dealer has thrown 二; 二家 and 末家 are asked."""
    state = start(rules(), zhuang="二", erjia=HAND17)
    return play(state, [*qingtong_pass(), (Z, "打 二")])


def test_the_claim_window_refusal_is_whole_in_both_languages() -> None:
    state = _in_window()
    with pytest.raises(IllegalAction) as info:
        GAME.apply(state, M, GAME.parse_action(state.rules, "打 上"))
    msg = info.value.msg
    assert msg.code == info.value.code == "must_answer"
    # the seat's own answers (过 and 对 here: it offered 胡 and 招 as well, which it had not)
    assert msg.zh == "先对桌上的 二 表态：过 / 对"
    assert msg.en == "answer the discard 二 first: 过 / 对"
    assert dict(msg.params) == {"name": "二", "answers": "过 / 对"}
    assert info.value.message == f"{msg.zh} / {msg.en}"  # the old text, for old clients


def test_every_refusal_is_said_in_each_language() -> None:
    """Random deals: each action not in a seat's legal list is refused with a message whose
    Chinese has no English words and whose English has words."""
    codes: set[str] = set()
    for seed in range(3):
        rng = random.Random(seed)
        state = GAME.new_game(rules(), seed=seed)
        for step in range(400):
            if GAME.is_over(state):
                break
            for seat in GAME.to_act(state) if step % 3 == 0 else ():
                legal = set(GAME.legal_actions(state, seat))
                for action in sorted(set(range(NUM_ACTIONS)) - legal)[::3]:
                    with pytest.raises(IllegalAction) as info:
                        GAME.apply(state, seat, action)
                    msg = info.value.msg
                    codes.add(msg.code)
                    assert not ENGLISH_WORD.search(msg.zh), msg
                    assert ENGLISH_WORD.search(msg.en), msg
            seat = GAME.to_act(state)[0]
            state, _ = GAME.apply(state, seat, rng.choice(list(GAME.legal_actions(state, seat))))
    assert {"must_answer", "not_in_hand", "no_discard_to_claim"} <= codes, codes


def _by(settled: Settlement) -> dict[tuple[int | None, str], list[int]]:
    out: dict[tuple[int | None, str], list[int]] = {}
    for item in settled.items:
        out.setdefault((item.seat, item.code), []).append(item.value)
    return out


def _check_win_items(state: State, settled: Settlement) -> None:
    """Each win: its units and 听头 add up to its 胡, and 分 follow from the 胡."""
    items = _by(settled)
    for win in state.wins:
        r = win.result
        units = items[(win.seat, "unit")]
        assert units == [u.hu for u in r.units]
        assert sum(units) + items[(win.seat, "tingtou")][0] == r.hu == items[(win.seat, "hu")][0]
        assert items[(win.seat, "fen")] == [fen_of(state.rules, r.hu)]
    for item in settled.items:
        assert item.label.zh and item.label.en
        assert not ENGLISH_WORD.search(item.label.zh), item.label


def test_a_win_on_a_discard_itemised() -> None:
    """[S] 二家 wins 17 胡 on the dealer's 二: its units, 听头, 主精 三, total and 1 分;
    the dealer pays 2 × 1 分 × 10, labelled 捉铳 as the winner's 明细 says it."""
    state = _won_on_discard()
    settled = GAME.settlement(state)
    _check_win_items(state, settled)
    items = _by(settled)
    assert items[(E, "hu")] == [17] and items[(E, "fen")] == [1]
    how = next(i for i in settled.items if i.code == "hu")
    assert how.label.code == "zhuochong" and how.label.params["from_seat"] == Z
    won_on = settled.items[0]  # the card it won on, first: which discard won was not said
    assert (won_on.seat, won_on.code, won_on.label.zh, won_on.label.en) == (
        E, "won_on", "胡的那张：二（别家打出）", "won on 二 (a discard)")
    main = next(i for i in settled.items if i.code == "zhujing")
    assert (main.label.zh, main.unit.code) == ("主精 三", "none")
    (pay,) = settled.payments
    assert (pay.payer, pay.payee, pay.amount, pay.label.code) == (Z, E, 20, "dianpao")
    # 2 shares × 1 分 × 10 = 20: the × 2 said (53分 beside 106 read as a mistake)
    assert pay.label.zh == "捉铳 17胡 1分 × 10倍，放铳包两家（替两家付，× 2）"
    assert pay.label.en == ("won on a discard: 17 胡 (hand value), 1 分 (points) × 10, the "
                            "discarder pays both shares (× 2)")


def test_flowered_cards_said_in_chinese_words_in_the_settlement() -> None:
    """A win on a discarded 乙*: the Chinese says 花乙 / 花三 (no notation mark on a Chinese
    screen), in English too; the params keep the notation."""
    hand = "三*三三上大人可知礼人人人知知知孔乙己八九子十十十乙*"
    state = start(rules("gongan", multiplier=10), zhuang="乙*", erjia=hand)
    state = play(state, [*qingtong_pass(), (Z, "打 花乙"), (E, "胡"), (M, "过")])
    settled = GAME.settlement(state)
    _check_win_items(state, settled)
    won_on = settled.items[0]
    assert (won_on.label.zh, won_on.label.en, won_on.label.params["card"]) == (
        "胡的那张：花乙（别家打出）", "won on 花乙 (a discard)", "乙*")
    san = next(i for i in settled.items if "三*" in i.label.params.get("cards", ""))
    assert san.label.zh == "坎 " + said_zh(san.label.params["cards"]) + "（主精翻倍）"
    assert "花三" in san.label.zh and "花三" in san.label.en
    for item in settled.items:
        cards = item.label.params.get("cards", "")
        assert said_zh(cards) in item.label.zh and said_zh(cards) in item.label.en
        assert "*" not in item.label.zh and "*" not in item.label.en


def test_a_self_drawn_win_itemised() -> None:
    state = _self_drawn()
    settled = GAME.settlement(state)
    _check_win_items(state, settled)
    how = next(i for i in settled.items if i.code == "hu")
    assert (how.seat, how.label.code) == (E, "zimo")
    assert all(i.code != "won_on" for i in settled.items)  # drawn: 自摸 says it (no card kept)
    assert {p.label.code for p in settled.payments} == {"zimo"}
    assert all(p.label.en.startswith("self-drawn") for p in settled.payments)


def test_bao_itemised_and_labelled() -> None:
    base = _won_on_discard()
    state = _liable(base, [0, 0, 3], base.wins[0])
    settled = GAME.settlement(state)
    assert _by(settled)[(M, "bao")] == [3]
    bao = next(i for i in settled.items if i.code == "bao")
    assert bao.unit.code == "dui"
    (pay,) = settled.payments
    assert pay.label.code == "bao"
    # the 包 seat pays for the discarder, and says so (放铳包两家 beside a payer who threw
    # nothing: neither player could tell why the other paid — a play-test)
    assert pay.payer != base.wins[0].from_seat
    assert pay.label.zh == "包（3 对）：捉铳 17胡 1分 × 10倍，包家替放铳的那家付两家的份（× 2）"
    assert pay.label.en == ("liable (包: 3 对, over the limit): won on a discard: 17 胡 (hand "
                            "value), 1 分 (points) × 10, paid by the liable seat instead of the "
                            "discarder (both shares, × 2)")
    _check_win_items(state, settled)


def _over_limit_items(state: State) -> dict[int, tuple[str, str, str]]:
    settled = GAME.settlement(state)
    return {i.seat: (i.code, i.label.zh, i.label.en) for i in settled.items
            if i.code in ("bao", "over_dui_limit") and i.seat is not None}


def test_over_the_dui_limit_says_bao_only_where_it_applies() -> None:
    """包 binds only when another seat wins (and, with bao_on_discard="discarder", only the
    discarder): a seat over the limit that won itself, or a deal nobody won, said
    "对超过限数，包" though nothing was owed (a random 黄庄 on a phone showed it)."""
    base = _won_on_discard()  # 二家 (E) won on the dealer's (Z) discard
    win = base.wins[0]
    items = _over_limit_items(_liable(base, [3, 3, 3], win))
    assert items[M] == ("bao", "对超过限数，包", "over the 对 limit: liable (包)")
    assert items[Z][0] == "bao"
    assert items[E] == ("over_dui_limit", "对超过限数（自己胡了，不包）",
                        "over the 对 limit (won this deal: not liable)")
    drawn = _liable(base, [0, 3, 0], win)
    drawn.wins = ()
    assert _over_limit_items(drawn)[E] == ("over_dui_limit", "对超过限数（没人胡，不包）",
                                           "over the 对 limit (nobody won: not liable)")
    by_discarder = _liable(_won_on_discard(bao_on_discard="discarder"), [0, 0, 3], win)
    assert _over_limit_items(by_discarder)[M] == (
        "over_dui_limit", "对超过限数（放铳者照付，不包）",
        "over the 对 limit (the discarder pays: not liable)")
    assert not any(p.reason == "bao" for p in GAME.settlement(by_discarder).payments)


def test_a_drawn_deal_has_one_table_wide_item() -> None:
    state = GAME.new_game(rules(), seed=0)
    rng = random.Random(0)
    while not GAME.is_over(state):
        seat = GAME.to_act(state)[0]
        state, _ = GAME.apply(state, seat, rng.choice(list(GAME.legal_actions(state, seat))))
    assert state.end == "huang"
    settled = GAME.settlement(state)
    huang = [i for i in settled.items if i.code == "huangzhuang"]
    assert len(huang) == 1 and huang[0].seat is None and huang[0].label.zh.startswith("黄庄")
    assert not settled.payments


@pytest.mark.parametrize("fen_mode", ["po", "per_hu", "ceil5", "round5"])
def test_a_won_deals_view_says_the_fen_the_settlement_pays(fen_mode: str) -> None:
    """The view's win (the terminal's 胡了 … · N 分 line) gives 分 by the rules' fen_mode,
    as the settlement pays it — under 一胡一分 (gongan-app) a 23-胡 hand said 2 分 while each
    payer paid 23."""
    for state in (_self_drawn(fen_mode=fen_mode), _won_on_discard(fen_mode=fen_mode)):
        win = GAME.observe(state, M)["wins"][0]
        assert win["fen"] == fen_of(state.rules, win["hu"])


def test_the_view_warns_a_seat_at_the_dui_limit_only_where_one_more_binds_bao() -> None:
    """``dui_warn``: the seat has made as many 对 as the limit and the preset makes a further
    one liable (包) — not below the limit, not once over, not under
    ``dui_over_limit="forbid"``, never for a spectator, never for another seat's count."""
    base = _won_on_discard()
    for duis, warn in ((1, False), (2, True), (3, False)):
        state = base.copy()
        state.duis = [duis, 0, 0]
        assert GAME.observe(state, 0)["dui_warn"] is warn, duis
        assert GAME.observe(state, 1)["dui_warn"] is False
        assert GAME.observe(state, None)["dui_warn"] is False
    forbid = _won_on_discard(dui_over_limit="forbid")
    forbid.duis = [2, 0, 0]
    assert GAME.observe(forbid, 0)["dui_warn"] is False


def test_a_joker_in_the_settlement_says_what_it_stood_for() -> None:
    """A 赖 in a scored unit did not say what it stood for (坎 花三 赖 三 counted as three
    三 with nothing saying so, a play-test): the label says it after the cards, in both
    languages, and its param ``joker_as`` carries it; a unit without one says nothing."""
    hand = "三*三赖上大人可知礼人人人知知知孔乙己八九子十十十乙*"
    state = start(rules("gongan", multiplier=10), zhuang="乙*", erjia=hand)
    state = play(state, [*qingtong_pass(), (Z, "打 花乙"), (E, "胡"), (M, "过")])
    settled = GAME.settlement(state)
    _check_win_items(state, settled)
    (joker,) = [i for i in settled.items if "赖" in i.label.params.get("cards", "")]
    assert joker.label.zh == "坎 花三 赖 三（赖作 三）（主精翻倍）"
    assert joker.label.en == "坎 (kan) 花三 赖 三 (赖 as 三) (主精: doubled)"
    assert joker.label.params["joker_as"] == "三"
    assert all("joker_as" not in i.label.params and "赖作" not in i.label.zh
               for i in settled.items if i is not joker)


def test_a_unit_the_zhujing_doubled_says_so() -> None:
    """坎 花五 赖 五 at 14 胡 read as twice the seed's 7 with nothing on its line saying why
    (the 主精 row alone: a 公安 player's check): a unit of the 主精's face says 主精翻倍
    (and its param ``main``), every other unit nothing."""
    hand = "三*三赖上大人可知礼人人人知知知孔乙己八九子十十十乙*"
    state = start(rules("gongan", multiplier=10), zhuang="乙*", erjia=hand)
    state = play(state, [*qingtong_pass(), (Z, "打 花乙"), (E, "胡"), (M, "过")])
    settled = GAME.settlement(state)
    main = next(i for i in settled.items if i.code == "zhujing").label.params["face"]
    units = [i for i in settled.items if i.code == "unit"]
    for item in units:
        faces = item.label.params["cards"].replace("*", "")
        doubled = main in faces.replace("赖", item.label.params.get("joker_as", ""))
        assert ("主精翻倍" in item.label.zh) is doubled, item.label
        assert bool(item.label.params.get("main")) is doubled
    assert any("主精翻倍" in i.label.zh for i in units) and not all(
        "主精翻倍" in i.label.zh for i in units)
