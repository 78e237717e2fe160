"""The 双别杆 heuristic bot: registered, legal, seeded, and clearly better than random."""

from __future__ import annotations

from typing import Any

import pytest
from test_flow_biegan import GAME, HAND17, E, M, Z, legal_text, play, qingtong_pass, rules, start

from huapai.bots import RandomBot, bot_names, make_bot
from huapai.core.registry import get_game
from huapai.core.session import Agent, Deal
from huapai.games.biegan.bot import BOT_NAME, HeuristicBot
from huapai.games.biegan.state import DUI, HU, PASS


def _bot(seat: int, seed: int = 0, **overrides: Any) -> HeuristicBot:
    return HeuristicBot(rules(**overrides), seat, seed)


def test_heuristic_is_this_bot_for_biegan_and_another_for_xianniu() -> None:
    assert BOT_NAME == "heuristic" and BOT_NAME in bot_names("biegan")
    assert isinstance(make_bot(BOT_NAME, GAME, rules(), 1, 5), HeuristicBot)
    xianniu = get_game("xianniu")
    other = make_bot(BOT_NAME, xianniu, xianniu.rules("lanzhou"), 0, 5)
    assert not isinstance(other, HeuristicBot)


def test_it_always_takes_a_win() -> None:
    state = start(rules(), zhuang="二", erjia=HAND17)
    state = play(state, [*qingtong_pass(), (Z, "打 二")])
    legal = GAME.legal_actions(state, E)
    assert HU in legal and _bot(E).act(GAME.observe(state, E), legal) == HU


def test_it_declares_zha_at_qingtong() -> None:
    state = start(rules(), mojia="大大大大")
    legal = GAME.legal_actions(state, M)
    assert GAME.format_action(rules(), _bot(M).act(GAME.observe(state, M), legal)) == "紮 大"


def test_it_keeps_jing_and_jokers() -> None:
    """With junk in hand it throws junk, never a 精 or the 赖子."""
    state = start(rules(), zhuang="三*五七赖上孔化士子八二四")
    state = play(state, qingtong_pass())
    action = _bot(Z).act(GAME.observe(state, Z), GAME.legal_actions(state, Z))
    thrown = GAME.format_action(rules(), action)
    assert thrown.startswith("打") and thrown[2:] not in ("三*", "五", "七", "赖")


def test_it_does_not_dui_past_the_limit_without_a_win_in_sight() -> None:
    state = start(rules(), zhuang="七", erjia="七七", mojia="七*七*")
    state = play(state, [*qingtong_pass(), (Z, "打 七")])
    assert "对" in legal_text(state, E)
    over = state.copy()
    over.duis = [0, 2, 0]
    assert _bot(E).act(GAME.observe(over, E), GAME.legal_actions(over, E)) == PASS
    fresh = _bot(E).act(GAME.observe(state, E), GAME.legal_actions(state, E))
    assert fresh == DUI  # a 精 对 within the limit is worth 3–5 胡


def _play(agents: list[Agent], seed: int, dealer: int) -> tuple[int, ...]:
    deal = Deal.start(GAME, rules(), seed=seed, dealer=dealer)
    deal.play_out(agents)
    return tuple(GAME.settlement(deal.state).deltas)


def test_it_is_deterministic_for_a_seed() -> None:
    def agents() -> list[Agent]:
        return [HeuristicBot(rules(), s, 40 + s) for s in range(3)]

    assert _play(agents(), 77, 1) == _play(agents(), 77, 1)


@pytest.mark.parametrize("seat", [0, 1, 2])
def test_it_beats_two_random_players(seat: int) -> None:
    """Over 12 seeded deals the bot wins points from random players at every seat."""
    total = 0
    for i in range(12):
        agents: list[Agent] = [RandomBot(100 * i + s) for s in range(3)]
        agents[seat] = HeuristicBot(rules(), seat, i)
        total += _play(agents, 500 + i, i % 3)[seat]
    assert total > 0


@pytest.mark.parametrize("preset", ["gongan", "danbiegan", "gongan-app"])
def test_the_mending_shortcut_changes_no_wait(preset: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """``wait_weights`` tries only the faces that can mend the 句 out of step
    (``mending_faces``); on every hand one short met along bot deals (each discarding
    seat's hand less each card it holds, every code) it finds what trying every face
    finds."""
    from huapai.games.biegan import bot as bot_module
    from huapai.games.biegan.cards import NUM_CODES, copies_of
    from huapai.games.biegan.state import DISCARD0, ZHA0

    game = get_game("biegan")
    table = game.rules(preset)
    hands: list[tuple[list[int], tuple[Any, ...]]] = []
    for seed in range(4):
        bots = [make_bot(BOT_NAME, game, table, p, seed) for p in range(game.num_seats(table))]
        state = game.new_game(table, seed=seed)
        while not game.is_over(state):
            seat = game.to_act(state)[0]
            legal = game.legal_actions(state, seat)
            if any(DISCARD0 <= a < ZHA0 for a in legal) and len(hands) < 1500:
                melds = tuple(h.meld for h in state.melds[seat])
                for c in range(NUM_CODES):
                    if state.hands[seat][c]:
                        hand = list(state.hands[seat])
                        hand[c] -= 1
                        hands.append((hand, melds))
            state, _ = game.apply(state, seat, bots[seat].act(game.observe(state, seat), legal))

    def analyse() -> list[list[tuple[int, int]]]:
        out = []
        for hand, melds in hands:
            held = list(hand)
            for m in melds:
                for c in m.cards:
                    held[c] += 1
            codes = [c for c in range(NUM_CODES) if held[c] < copies_of(c)]
            out.append(bot_module.wait_weights(table, list(hand), melds, codes))
        return out

    shortcut = analyse()
    monkeypatch.setattr(bot_module, "mending_faces", lambda packed: None)
    assert shortcut == analyse()
    assert len(hands) > 500 and sum(bool(w) for w in shortcut) > 10
