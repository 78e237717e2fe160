"""钵福's waits and wins against the 钵: a wait the 钵 does not let the seat win on says so,
and why, in the view (``my_waits``' ``refused`` / ``refused_self_drawn``); the win's
abacus event says what the deal's 报子 already put on (``earlier``), so that its line adds
up. Seed 004 §四 [S]: "每个人只能和两回，并且第二回和牌时，算盘上的累加数，必须达到100胡油
以上，否则不能和牌"."""

from __future__ import annotations

from typing import Any

from xs_deals import act, legal_text, rules, start

from huapai.games.xiushan.abacus import Bo, Refusal, Seat
from huapai.games.xiushan.bo_play import AbacusWin
from huapai.games.xiushan.game import GAME
from huapai.games.xiushan.state import State

BOFU = rules("bofu")
DEALER = "一一三四四五五七七八八九九十壹壹肆肆玖玖拾"
WAITING = "壹贰叁贰柒拾一二三二七十伍陆柒四五捌捌捌"  # 哨 捌 (6 钱) laid; waits 三 六, 48 钱
THIRD = "六六六七九十十肆伍伍陆陆柒柒捌玖拾拾贰叁"


def _deal(abacus: int = 0, wins: int = 0, **overrides: Any) -> State:
    """Seat 1 waits on 三 / 六 after its dealt 哨 捌; its 算盘 starts at ``abacus`` with
    ``wins`` wins in this 钵."""
    r = rules("bofu", **overrides)
    carry = Bo((Seat(), Seat(abacus, wins), Seat())).to_json()
    plain = start(r, [DEALER, WAITING, THIRD], flip="伍")
    return GAME.new_game(r, deal=plain.deal, dealer=0, carry=carry)


def test_the_bo_refuses_a_win_with_its_reason() -> None:
    bo = Bo((Seat(40, 1), Seat(40, 2), Seat(40, 0)))
    assert bo.refusal(BOFU, 0, 59) == Refusal("target", 2, 2, 100, 99)  # 否则不能和牌
    assert bo.refusal(BOFU, 0, 60) is None
    assert bo.refusal(BOFU, 1, 500) == Refusal("max_wins", 3, 2, 100, 540)  # 只能和两回
    assert bo.refusal(BOFU, 2, 1) is None  # a first win needs no 100
    assert bo.can_win(BOFU, 0, 59) == (False, "the last win must reach 100 on the abacus; "
                                              "this one reaches 99")


def test_a_second_win_short_of_100_is_a_wait_the_view_marks_refused() -> None:
    s = _deal(abacus=10, wins=1)  # 10 + 6 (哨 捌) + 48 − 6 = 58 < 100
    waits = GAME.observe(s, 1)["my_waits"]
    assert [w["card"] for w in waits] == ["三", "六"]
    refused = {"code": "target", "win": 2, "max_wins": 2, "target": 100, "reaches": 58}
    assert all(w["refused"] == w["refused_self_drawn"] == refused for w in waits)
    s, _ = act(s, 0, "打 三")
    assert legal_text(s, 1) == ["过"]  # the engine agrees: no 胡 on it


def test_a_second_win_reaching_100_is_not_refused() -> None:
    s = _deal(abacus=60, wins=1)  # 60 + 6 + 42 = 108
    waits = GAME.observe(s, 1)["my_waits"]
    assert waits and all(w["refused"] is None is w["refused_self_drawn"] for w in waits)
    s, _ = act(s, 0, "打 三")
    assert "和" in legal_text(s, 1)


def test_a_third_win_is_refused_whatever_it_is_worth() -> None:
    waits = GAME.observe(_deal(abacus=90, wins=2), 1)["my_waits"]
    assert waits and all(w["refused"]["code"] == "max_wins" for w in waits)


def test_only_bofu_waits_carry_refusals() -> None:
    s = start(rules("shibafu"), [DEALER, WAITING, THIRD], flip="伍")
    waits = GAME.observe(s, 1)["my_waits"]
    assert waits and all("refused" not in w for w in waits)


def _win_event(s: State) -> AbacusWin:
    s, _ = act(s, 0, "打 三")
    _, events = act(s, 1, "胡")
    return next(e for e in events if isinstance(e, AbacusWin))


def test_the_win_event_says_what_the_deals_announcements_already_put_on() -> None:
    ev = _win_event(_deal())  # the 哨 捌 announced 6 this deal
    assert (ev.before, ev.earlier) == (6, 6)
    assert ev.before + ev.value - ev.earlier == ev.after  # bo_win_add net
    assert ev.to_json()["earlier"] == 6
    full = _win_event(_deal(bo_win_add="full"))
    assert full.earlier == 0 and full.after == full.before + full.value
