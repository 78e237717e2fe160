"""The 双别杆 terminal's advice (issue 9 §2): the waits — each winning card, its value and
the copies unseen from this seat's information only — and the value of an offered 胡
before the player takes it, as ``huapai play biegan`` shows them and the ``waits``
command prints them."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rich.console import Console
from test_flow_biegan import GAME, HAND17, E, M, Z, passes, play, qingtong_pass, rules, start

from huapai.cli_support.families.biegan import RENDERER
from huapai.cli_support.render import RenderContext
from huapai.games.biegan.advice import discard_waits, known, offered_win, waits_now
from huapai.games.biegan.cards import JOKER, card_name, parse_cards
from huapai.games.biegan.state import State
from huapai.games.biegan.waits import Wait


def shown(renderable: Any, lang: str = "zh") -> str:
    console = Console(width=200, record=True, color_system=None)
    console.print(renderable)
    return console.export_text()


def ctx(state: State, seat: int, lang: Any = "zh") -> RenderContext:
    return RenderContext(GAME, state.rules, lang, seat)


def _waiting(mojia: str = "", **overrides: Any) -> State:
    """The 二家 holds HAND17 (waits on 二); the dealer has thrown 化 and the 二家 must answer."""
    state = start(rules("gongan", **overrides), zhuang="化", erjia=HAND17, mojia=mojia)
    return play(state, [*qingtong_pass(), (Z, "打 化")])


def _wait(found: Sequence[Wait], face: str) -> Wait:
    return next(w for w in found if w.face != JOKER and card_name(w.face) == face)


def test_the_waits_of_a_waiting_hand_with_values_and_unseen_copies() -> None:
    state = _waiting()
    view = GAME.observe(state, E)
    found = waits_now(state.rules, view)
    assert found is not None and {"二", "三", "乙", "四", "赖"} == {
        "赖" if w.face == JOKER else card_name(w.face) for w in found}
    er = _wait(found, "二")
    assert er.hu >= 17 and er.remaining == 5 - HAND17.count("二")
    assert all(w.hu >= 17 for w in found)
    assert er.hu_discard == er.hu  # 二 makes the 听头 pair: the same on a discard
    text = shown(RENDERER.waits(view, ctx(state, E)))
    assert f"二（{er.hu} 胡，未见 {er.remaining}）" in text
    assert f"共 {sum(w.remaining for w in found)} 张未见" in text
    english = shown(RENDERER.waits(view, ctx(state, E, "en")))
    assert f"二 ({er.hu} 胡, {er.remaining} unseen)" in english


def test_unseen_copies_come_from_this_seats_view_only() -> None:
    """Another seat holding two 二 changes nothing this seat sees, so nothing it is told;
    a 二 thrown on the table is seen, and counted."""
    plain = waits_now(rules(), GAME.observe(_waiting(), E))
    hidden = waits_now(rules(), GAME.observe(_waiting(mojia="二二"), E))
    assert plain == hidden and plain is not None
    thrown = start(rules(), zhuang="二", erjia=HAND17)
    thrown = play(thrown, [*qingtong_pass(), (Z, "打 二")])
    after = waits_now(rules(), GAME.observe(thrown, E))
    assert after is not None and _wait(after, "二").remaining == _wait(plain, "二").remaining - 1


def test_the_value_of_an_offered_hu_on_a_discard_is_what_the_settlement_pays() -> None:
    state = start(rules("gongan", multiplier=10), zhuang="二", erjia=HAND17)
    state = play(state, [*qingtong_pass(), (Z, "打 二")])
    view = GAME.observe(state, E)
    offer = offered_win(state.rules, view)
    assert offer is not None and offer.on_discard
    text = shown(RENDERER.hints(view, ctx(state, E)))
    assert f"可以胡：{offer.result.hu} 胡 · {offer.fen} 分（捉铳）" in text
    won = play(state, [(E, "胡"), (M, "过")])
    assert won.wins[0].result.hu == offer.result.hu
    assert GAME.settlement(won).deltas[E] == 2 * offer.fen * 10


def test_the_value_of_a_self_drawn_hu() -> None:
    state = start(rules(), zhuang="化", erjia=HAND17, top="二")
    state = play(state, [*qingtong_pass(), (Z, "打 化"), *passes(Z)])
    view = GAME.observe(state, E)
    offer = offered_win(state.rules, view)
    assert offer is not None and not offer.on_discard
    assert "自摸" in shown(RENDERER.hints(view, ctx(state, E)))
    english = shown(RENDERER.hints(view, ctx(state, E, "en")))
    assert f"胡 on offer: {offer.result.hu} 胡 · {offer.fen} 分 (self-drawn)" in english


def test_no_offer_without_hu_among_the_legal_actions() -> None:
    state = _waiting()
    assert offered_win(state.rules, GAME.observe(state, E)) is None
    assert offered_win(state.rules, GAME.observe(state, M)) is None


def test_each_discard_that_leaves_a_wait_is_listed() -> None:
    """With a card to throw, the advice lists what each discard would wait on."""
    state = start(rules(), zhuang="化", erjia=HAND17, top="六")
    state = play(state, [*qingtong_pass(), (Z, "打 化"), *passes(Z)])
    view = GAME.observe(state, E)
    options = discard_waits(state.rules, view)
    assert options, "throwing the 六 just drawn keeps the wait on 二"
    liu = next(o for o in options if card_name(o.card) == "六")
    assert "二" in {card_name(w.face) for w in liu.waits if w.face != JOKER}
    text = shown(RENDERER.hints(view, ctx(state, E)))
    assert "打 六 → 听 " in text and "打 六 → 听 " in shown(RENDERER.waits(view, ctx(state, E)))


def test_waits_for_a_hand_that_does_not_wait() -> None:
    state = GAME.new_game(rules(), seed=3, dealer=0)
    seat = GAME.to_act(state)[0]
    view = GAME.observe(state, seat)
    mine = known(view)
    assert mine is not None and mine.positions == 25
    assert waits_now(state.rules, view) == ()
    assert "不听牌" in shown(RENDERER.waits(view, ctx(state, seat)))
    assert RENDERER.hints(view, ctx(state, seat)) is None


def test_a_spectator_has_no_waits() -> None:
    state = _waiting()
    view = GAME.observe(state, None)
    assert known(view) is None and waits_now(state.rules, view) is None
    assert "观战" in shown(RENDERER.waits(view, ctx(state, E)))


def test_known_reads_own_melds_and_others_shown_cards() -> None:
    state = _waiting()
    mine = known(GAME.observe(state, E))
    assert mine is not None
    assert sorted(mine.concealed) == sorted(parse_cards(HAND17))
    assert mine.melds == () and card_name(mine.seen[-1]) == "化"  # the discard being answered


def test_a_wait_worth_less_on_a_discard_says_so() -> None:
    """With the apps' 捉铳成对 (and their 碰 price), 十十 + a discarded 十 is a 对 worth 0:
    17 胡 self-drawn, 16 on the discard — too few, and the player is told before it comes."""
    hand = "三三三上大人可知礼人人人知知知孔乙己八九子十十二二"
    state = start(rules(discard_kan_as_dui=True, dui_value="peng"), zhuang="化", erjia=hand)
    state = play(state, [*qingtong_pass(), (Z, "打 化")])
    view = GAME.observe(state, E)
    shi = _wait(waits_now(state.rules, view) or (), "十")
    assert (shi.hu, shi.hu_discard) == (17, 16)
    zh = shown(RENDERER.waits(view, ctx(state, E)))
    assert "十（自摸 17 / 捉铳 16 胡（捉铳不够），未见 3）" in zh
    assert "17 胡 self-drawn / 16 on a discard (too few to win on it)" in shown(
        RENDERER.waits(view, ctx(state, E, "en")))


def test_the_terminal_marks_the_readings_jing() -> None:
    """精 are bold in the terminal: 三五七, and 乙 九 too in the 5-精 reading."""
    from huapai.cli_support.families.biegan_cards import cards_text, jing_chars

    def bold(rules_: Any) -> set[str]:
        text = cards_text("乙三九子", jing_chars(rules_))
        return {text.plain[s.start:s.end] for s in text.spans if "bold" in str(s.style)}

    assert bold(rules()) == {"三"}
    assert bold(rules(five_jing=True)) == {"乙", "三", "九"}
