"""钵福 in the terminal, from the engine's own views and events: the 听 line counts every
card the seat sees (the card on the table too, never another seat's face-down group), is
gone once the deal is over, and says which waits the 钵 does not let it win on and why;
the win's abacus line adds up (what the deal's 报子 already put on is said)."""

from __future__ import annotations

from collections import Counter
from typing import Any

from rich.console import Console

from huapai.cli_support.families.xiushan_bo import _abacus_win, refusal_text
from huapai.cli_support.i18n import Lang
from huapai.cli_support.render import RenderContext, renderer_for
from huapai.games.xiushan.abacus import Bo, Seat
from huapai.games.xiushan.cards import DECK, parse_card, parse_cards
from huapai.games.xiushan.game import GAME
from huapai.games.xiushan.state import State

BOFU = GAME.rules("bofu")
DEALER = "一一三四四五五七七八八九九十壹壹肆肆玖玖拾"
WAITING = "壹贰叁贰柒拾一二三二七十伍陆柒四五捌捌捌"  # 哨 捌 laid; waits 三 六, 48 钱
THIRD = "六六六七九十十肆伍伍陆陆柒柒捌玖拾拾贰叁"  # 哨 六 laid face down
PAIR = "一二三二七十贰柒拾四五六伍陆柒叁叁捌玖拾"  # waits 叁 self-drawn only (18 钱)
OTHER = "二二三三四五六六七八八九九壹壹贰贰肆肆伍"


def _start(hands: list[str], stock: str = "", carry: Any = None) -> State:
    """A 钵福 deal: the hands from the 庄家 (seat 0) on, then ``stock`` at the 堂子头, the
    rest of the deck after it, 伍 flipped (将 陆六)."""
    head = [c for h in hands for c in parse_cards(h)] + list(parse_cards(stock))
    rest = Counter(DECK)
    rest.subtract([*head, parse_card("伍")])
    filler = [c for c in sorted(rest) for _ in range(rest[c])]
    return GAME.new_game(BOFU, deal=(*head, *filler, parse_card("伍")), dealer=0, carry=carry)


def _act(s: State, seat: int, text: str) -> tuple[State, list[Any]]:
    return GAME.apply(s, seat, GAME.parse_action(BOFU, text))


def _screen(s: State, seat: int, lang: Lang = "zh") -> str:
    console = Console(width=200, record=True, color_system=None)
    ctx = RenderContext(GAME, BOFU, lang, me=seat)
    console.print(renderer_for(GAME).table(GAME.observe(s, seat), ctx))
    return console.export_text()


def _waits_line(text: str) -> str:
    return next(line for line in text.splitlines() if line.startswith(("听：", "waits: ")))


def test_the_waits_count_a_discard_on_the_table_and_no_hidden_group() -> None:
    s, _ = _act(_start([DEALER, WAITING, THIRD]), 0, "打 三")
    line = _waits_line(_screen(s, 1))
    # 三: one in the hand, one on the table; 六: seat 2's face-down 哨 六 is not seen
    assert line.split() == ["听：三（48", "钱，剩", "2）", "六（48", "钱，剩", "4）"], line


def test_the_waits_count_ones_own_draw_on_the_table_and_end_with_the_deal() -> None:
    s, _ = _act(_start([DEALER, PAIR, OTHER], stock="叁"), 0, "打 十")
    for seat in GAME.to_act(s):
        s, _ = _act(s, seat, "过")
    assert GAME.legal_actions(s, 1) == [GAME.parse_action(BOFU, a) for a in ("胡", "哨")]
    assert "叁（自摸 18 钱，剩 1）" in _waits_line(_screen(s, 1))  # 叁叁 held, 叁 turned up
    s, _ = _act(s, 1, "胡")
    assert "听：" not in _screen(s, 1)  # the deal is over: no stale waits


def test_a_wait_the_bo_refuses_says_why_in_each_language() -> None:
    carry = Bo((Seat(), Seat(10, 1), Seat())).to_json()  # 10 + 6 (哨 捌) + 48 − 6 = 58
    s = _start([DEALER, WAITING, THIRD], carry=carry)
    zh = _waits_line(_screen(s, 1))
    assert "三（48 钱，剩 3，还不能和：第二回和须满 100，这回只到 58）" in zh
    assert ("三 (48 钱, 3 left, cannot win yet: win 2 must reach 100, this one reaches 58)"
            in _waits_line(_screen(s, 1, "en")))
    third = _start([DEALER, WAITING, THIRD], carry=Bo((Seat(), Seat(10, 2), Seat())).to_json())
    assert "三（48 钱，剩 3，不能和：每钵最多和 2 回）" in _waits_line(_screen(third, 1))
    free = _start([DEALER, WAITING, THIRD], carry=Bo((Seat(), Seat(60, 1), Seat())).to_json())
    assert "不能和" not in _waits_line(_screen(free, 1))


def test_the_win_line_adds_up() -> None:
    s, _ = _act(_start([DEALER, WAITING, THIRD]), 0, "打 三")
    _, events = _act(s, 1, "胡")
    ev = next(e.for_viewer(1).to_json() for e in events if e.kind == "abacus_win")
    assert ev["before"] + ev["value"] - ev["earlier"] == ev["after"] and ev["earlier"] == 6
    zh = _abacus_win(ev, "你", RenderContext(GAME, BOFU, "zh", me=1))
    assert zh == f"你 和牌 {ev['value']}（先前已上 6），上算盘：6 → {ev['after']}"
    en = _abacus_win(ev, "you", RenderContext(GAME, BOFU, "en", me=1))
    assert en == (f"your win goes on the abacus ({ev['value']}, 6 of it already on from "
                  f"before): 6 → {ev['after']}")
    fresh = dict(ev, before=0, after=ev["value"], earlier=0)
    assert "先前" not in _abacus_win(fresh, "你", RenderContext(GAME, BOFU, "zh", me=1))


def test_the_baoshu_practice_refusal_leaves_the_abacus_number_out() -> None:
    """In the 报数 practice the learner reads the abacus from its beads: a refused wait
    says what the 钵 asks, not what this win would bring the abacus to (its number)."""
    refused = {"code": "target", "win": 2, "max_wins": 2, "target": 100, "reaches": 58}
    train = RenderContext(GAME, GAME.rules("bofu", baoshu="train"), "zh")
    assert refusal_text(refused, train) == "还不能和：第二回和须满 100"
    auto = RenderContext(GAME, BOFU, "en")
    assert refusal_text(refused, auto).endswith("this one reaches 58")


def test_the_bo_rule_is_said_under_the_abacus_table() -> None:
    """As the table's title the 钵's rule wrapped over two or three lines at 80 columns
    (算盘（第 1 钵，和牌后满 100 胡得一钵，每人最多和 / 2 回）, a play-test): the line under
    the table says which 钵 and its rule (as a title above it, a line more on a screen that
    a late 钵福 deal fills — a later terminal play-test)."""
    from rich.console import Console

    from huapai.cli_support.families.xiushan_bo import bo_table
    from huapai.cli_support.render import RenderContext
    from huapai.core.registry import get_game
    game = get_game("xiushan")
    bo = {"number": 1, "target": 100, "max_wins": 2, "training": False,
          "seats": [{"abacus": 9, "wins": 0, "baozi": 0}] * 3}
    out = Console(width=80, record=True, force_terminal=False)
    out.print(bo_table(bo, RenderContext(game, game.rules("bofu"), "zh", 0)))
    lines = out.export_text().splitlines()
    assert lines[0].split()[:3] == ["座位", "┃", "算盘"]
    assert lines[-1].strip() == "算盘（第 1 钵）：和牌后满 100 胡得一钵，每人最多和 2 回"


def test_after_debo_the_abacus_table_shows_the_bo_taken() -> None:
    """After 得一钵 the table showed 算盘（第 2 钵） with every abacus at 0 — the 钵 just won,
    as it ended, is shown instead, its winner named."""
    from huapai.cli_support.families.xiushan_bo import bo_table
    bo = {"number": 2, "target": 100, "max_wins": 2, "training": False,
          "seats": [{"abacus": 0, "wins": 0, "baozi": 0}] * 3,
          "taken": {"number": 1, "winner": 1, "totals": [40, 112, -6],
                    "settlement": [-72, 190, -118]}}
    langs = (("zh", "算盘（第 1 钵，", " 得一钵"), ("en", "abacus (钵 1, taken by ", " took it"))
    for lang, title, mark in langs:
        out = Console(width=80, record=True, color_system=None)
        out.print(bo_table(bo, RenderContext(GAME, BOFU, lang, me=0)))  # type: ignore[arg-type]
        text = out.export_text()
        assert text.splitlines()[0].strip().startswith(title), text
        assert "112" in text and "-6" in text and mark in text and "第 2" not in text, text
