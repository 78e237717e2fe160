"""The 秀山 heuristic bot: registered, plays only from its observation, beats random."""

from __future__ import annotations

import pytest

from huapai.bots.registry import bot_names, make_bot
from huapai.games.xiushan.bot import HeuristicBot, make_heuristic
from huapai.games.xiushan.game import GAME
from huapai.games.xiushan.state import HU


def _match(preset: str, deals: int) -> list[int]:
    rules = GAME.rules(preset)
    n = rules.num_seats
    totals = [0] * n
    for seed in range(deals):
        s = GAME.new_game(rules, seed=seed, dealer=seed % n)
        bots = [make_bot("heuristic" if p % 2 == 0 else "random", GAME, rules, p, seed)
                for p in range(n)]
        while not GAME.is_over(s):
            seat = GAME.to_act(s)[0]
            legal = GAME.legal_actions(s, seat)
            action = bots[seat].act(GAME.observe(s, seat), legal)
            assert action in legal
            s, _ = GAME.apply(s, seat, action)
        for p, d in enumerate(GAME.settlement(s).deltas):
            totals[p] += d
    return totals


def test_registered_for_xiushan() -> None:
    assert "heuristic" in bot_names("xiushan")
    bot = make_bot("heuristic", GAME, GAME.rules("shibafu"), 0, 1)
    assert isinstance(bot, HeuristicBot)
    with pytest.raises(ValueError, match="秀山"):
        make_heuristic(GAME, object(), 0, 1)


@pytest.mark.parametrize(("preset", "deals"), [("maquefu", 16), ("shibafu", 16)])
def test_heuristic_beats_random(preset: str, deals: int) -> None:
    totals = _match(preset, deals)
    heuristic = sum(t for p, t in enumerate(totals) if p % 2 == 0)
    assert heuristic > 0 > sum(t for p, t in enumerate(totals) if p % 2 == 1)


def test_takes_a_win_and_makes_the_forced_claim() -> None:
    bot = HeuristicBot(GAME.rules("shibafu"), 0, 0)
    assert bot.act({}, [HU, 2]) == HU
    assert bot.act({}, [2]) == 2
    assert bot.act({}, [0]) == 0


def test_keeps_er_and_pairs() -> None:
    bot = HeuristicBot(GAME.rules("shibafu"), 0, 0)
    def value(card: int) -> float:  # of 贰, a pair of 五 and a lone 九, one taken out
        hand = [0] * 20
        for c in (11, 4, 4, 8):
            hand[c] += 1
        hand[card] -= 1
        return bot.keep_value(hand, card)

    assert value(11) > value(8) and value(4) > value(8)
