"""秀山字牌 waits: concealed waits, waits onto a laid-down 哨 / 碰, 自摸 vs discard, and
the copies unseen."""

from __future__ import annotations

import dataclasses
import itertools
import json

import pytest

from huapai.core.protocol import NotationError
from huapai.games.xiushan.calculator import HandError
from huapai.games.xiushan.cards import RANKS, card_name
from huapai.games.xiushan.groups import Meld
from huapai.games.xiushan.rules import HUANGLIUFU, MAQUEFU, SHIBAFU
from huapai.games.xiushan.waits import waits

ZERO15 = "四五六肆伍陆七八九柒捌玖四五六"


def _cards(result: object) -> list[str]:
    return [card_name(w.card) for w in result.waits]  # type: ignore[attr-defined]


def test_open_ended_wait_with_scores_and_remaining() -> None:
    result = waits(SHIBAFU, "壹贰叁贰柒拾一二三二七十伍陆柒四五", ["哨:捌捌捌"], visible="六六三")
    assert _cards(result) == ["三", "六"]
    three, six = result.waits
    assert (three.youzi, three.score, three.score_self_drawn) == (24, 5, 6)
    assert three.remaining == 4 - 1 - 1 and six.remaining == 4 - 2
    data = result.to_json()
    assert json.loads(json.dumps(data, ensure_ascii=False))["waits"][0]["card"] == "三"
    assert {"card", "score", "remaining"} <= set(data["waits"][0])


def test_below_the_threshold_is_no_wait() -> None:
    assert waits(SHIBAFU, "四五" + ZERO15 + "柒捌玖").waits == ()
    # 十 is 啄雀; 四 and 七 make the 麻雀 of another cut
    assert _cards(waits(MAQUEFU, "四五六肆伍陆七八九柒捌玖十")) == ["四", "七", "十"]


def test_kan_from_a_discard_scores_as_peng() -> None:
    """壹 makes 壹壹壹: a 大碰 (3, below 六胡) on a discard, a 大哨 (6) when self-drawn."""
    result = waits(HUANGLIUFU, "壹壹柒捌玖四五六肆伍陆七七")
    by = {card_name(w.card): w for w in result.waits}
    assert (by["壹"].youzi, by["壹"].score) == (None, None)
    assert (by["壹"].youzi_self_drawn, by["壹"].score_self_drawn) == (6, 1)


def test_fourth_card_onto_a_laid_down_shao() -> None:
    """A discard onto one's 暗哨 is 开召 (forced), one's own draw a 龙灯 (default) or 开召."""
    hand = ZERO15 + "十十"  # 20 cards with the 哨: one short
    assert "贰" not in _cards(waits(SHIBAFU, hand, ["哨:贰贰贰"]))  # 9 胡 < 18
    zhao = dataclasses.replace(SHIBAFU, hu_threshold=9)
    by = {card_name(w.card): w for w in waits(zhao, hand, ["哨:贰贰贰"]).waits}
    assert (by["贰"].youzi, by["贰"].youzi_self_drawn) == (9, 12)
    own_zhao = dataclasses.replace(zhao, own_draw_on_shao="zhao")
    by = {card_name(w.card): w for w in waits(own_zhao, hand, ["哨:贰贰贰"]).waits}
    assert (by["贰"].youzi, by["贰"].youzi_self_drawn) == (9, 9)


def test_ji_only_from_ones_own_draw() -> None:
    """鸡: a 碰 and a fourth from the 堂子头 — never from a discard [S]."""
    rules = dataclasses.replace(SHIBAFU, hu_threshold=9)
    hand = ZERO15 + "十十"
    by = {card_name(w.card): w for w in waits(rules, hand, ["碰:贰贰贰"]).waits}
    assert by["贰"].youzi is None and by["贰"].youzi_self_drawn == 9


def test_hand_not_one_short_is_an_error() -> None:
    with pytest.raises(HandError, match="one card short with these melds has 20 cards, got 21"):
        waits(SHIBAFU, ZERO15 + "柒捌玖十十十")


def test_visible_cards_beyond_the_deck_are_an_error() -> None:
    with pytest.raises(HandError, match="1 × 五 held and 4 visible"):
        waits(SHIBAFU, "壹贰叁贰柒拾一二三二七十伍陆柒四五", ["哨:捌捌捌"], visible="五五五五")
    with pytest.raises(NotationError, match="'x' at position 2"):
        waits(SHIBAFU, "壹贰叁贰柒拾一二三二七十伍陆柒四五", ["哨:捌捌捌"], visible="六x")


Short = tuple[list[int], tuple[Meld, ...], str | None]


def _hands_met(preset: str, limit: int) -> list[Short]:
    """Hands one card short met along 8 heuristic-bot deals of ``preset``: each discarding
    seat's hand less each card it holds, with its melds and the 将 (up to ``limit``)."""
    from huapai.bots.registry import make_bot
    from huapai.core.registry import get_game
    from huapai.games.xiushan.state import DISCARD0

    game = get_game("xiushan")
    rules = game.rules(preset)
    hands: list[Short] = []
    for seed in range(8):
        bots = [make_bot("heuristic", game, rules, p, seed) for p in range(game.num_seats(rules))]
        state = game.new_game(rules, seed=seed)
        while not game.is_over(state):
            seat = game.to_act(state)[0]
            held = [c for c, n in enumerate(state.hands[seat]) for _ in range(n)]
            legal = game.legal_actions(state, seat)
            if max(legal) >= DISCARD0 and len(hands) < limit:
                melds = tuple(h.meld for h in state.melds[seat])
                jiang = None if state.jiang is None else card_name(state.jiang + RANKS)
                for c in sorted(set(held)):
                    hand = list(held)
                    hand.remove(c)
                    hands.append((hand, melds, jiang))
            state, _ = game.apply(state, seat, bots[seat].act(game.observe(state, seat), legal))
    return hands


@pytest.mark.parametrize("preset", ["maquefu", "huangliufu", "shibafu", "bofu", "sanliufu"])
def test_the_stuck_card_shortcut_changes_no_wait(preset: str,
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    """``waits`` skips hands with three cards no group can hold and, with one or two, the
    cards that cannot give them a group; on every hand one short met along bot deals
    (each discarding seat's hand less each card it holds) it gives what the full
    analysis gives."""
    from huapai.core.registry import get_game
    from huapai.games.xiushan import waits as waits_module

    rules = get_game("xiushan").rules(preset)
    hands = _hands_met(preset, 1500)

    def analyse() -> list[object]:
        out: list[object] = []
        for hand, melds, jiang in hands:
            try:
                out.append(waits(rules, hand, melds, jiang=jiang))
            except (HandError, ValueError) as e:
                out.append(type(e))
        return out

    shortcut = analyse()
    monkeypatch.setattr(waits_module, "_stuck", lambda counts: [])
    assert shortcut == analyse()
    assert any(getattr(w, "waits", ()) for w in shortcut)  # ready hands too (and many
    # more, built from groups, in test_xs_bruteforce, which runs with the shortcut on)


@pytest.mark.parametrize("preset", ["bofu", "sanliufu"])
def test_the_value_path_is_the_scorers(preset: str) -> None:
    """``named_value`` / ``named_values`` (the wait analysis's 名堂 path, which cuts a
    completion once for a discard and a self-draw and lays no groups out) give
    ``score_named``'s value and 油子 — None where it does not win — on every completion of
    the hands met along bot deals (at the preset's threshold and at none, so that many
    completions win), the discard that makes three alike (a 碰) included."""
    from huapai.core.registry import get_game
    from huapai.games.xiushan.calculator import read_hand
    from huapai.games.xiushan.cards import NUM_CARDS
    from huapai.games.xiushan.named import named_value, named_values, score_named

    preset_rules = get_game("xiushan").rules(preset)
    wins = pengs = 0
    cases = _hands_met(preset, 400)[::4]
    for rules, (hand, melds, jiang) in itertools.product(
            (preset_rules, dataclasses.replace(preset_rules, hu_threshold=0)), cases):
        for c in range(NUM_CARDS):
            try:
                whole = read_hand(rules, [*hand, c], melds, c, False, jiang, complete=True)
            except (HandError, ValueError):
                continue
            want = []
            for drawn in (False, True):
                h = dataclasses.replace(whole, self_drawn=drawn)
                r = score_named(rules, h)
                want.append((r.value, r.youzi) if r.wins else None)
                assert named_value(rules, h) == want[-1]
            assert named_values(rules, whole) == tuple(want)
            assert named_values(rules, whole, self_drawn=False) == (want[0], None)
            wins += want[0] is not None
            pengs += want[0] is not None and whole.counts[c] == 3
    assert wins > 10 and pengs > 0
