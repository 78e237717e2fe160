"""The 掀牛 heuristic bot: legality everywhere, sensible declarations and plays, strength.

Explicit deals: a deal is 48 face indexes dealt round-robin to the three active seats
from the dealer (card i to active seat i % 3), built here from three hand texts.
"""

from __future__ import annotations

import time
from collections import Counter
from collections.abc import Sequence
from typing import Any

import pytest

from huapai.bots.registry import bot_names, make_bot
from huapai.core.protocol import IllegalAction
from huapai.core.random_bot import RandomBot
from huapai.core.registry import get_game
from huapai.core.session import Agent, Deal
from huapai.games.xianniu import bot as heuristic
from huapai.games.xianniu.bot import HeuristicBot, measure, parse_cards, read_view
from huapai.games.xianniu.cards import CODES, COPIES, NUM_FACES, parse_faces
from huapai.games.xianniu.rules import XianniuRules
from huapai.games.xianniu.state import DECLINE, PLAY0, XIAN, State

GAME = get_game("xianniu")
LANZHOU: XianniuRules = GAME.rules("lanzhou")

CONFIGS = [
    ("lanzhou", 3),
    ("lanzhou", 4),
    ("lanzhou", 5),
    ("lanzhou-app", 3),
    ("fengxiang", 3),
    ("fengxiang", 4),
    ("fengxiang", 5),
]

WEAK = "A A 2 2 6 6 3 3 7 7 7 8 5b J 10 J"  # no sure play, nothing high
STRONG = "K K K K Q Q Q Q 9r 9r 9b 9b 5b 5r 8 10"  # 好牛 ×2, 喜, two top 亮子, 摆 pieces


def deal_from(first: str, second: str, third: str | None = None) -> list[int]:
    """A deal giving the 头家, 二家, 底家 these hands (the 底家 gets the rest if None)."""
    hands = [list(parse_faces(first)), list(parse_faces(second))]
    left = list(COPIES)
    for hand in hands:
        for face in hand:
            left[face] -= 1
    rest = [f for f in range(NUM_FACES) for _ in range(left[f])]
    hands.append(list(parse_faces(third)) if third is not None else rest)
    assert [len(h) for h in hands] == [16, 16, 16]
    return [hands[i % 3][i // 3] for i in range(48)]


def bot_action(state: State, seed: int = 0) -> int:
    seat = GAME.to_act(state)[0]
    bot = HeuristicBot(state.rules, seat, seed)
    return bot.act(GAME.observe(state, seat), GAME.legal_actions(state, seat))


def play(state: State, seat: int, text: str) -> State:
    after: State = GAME.apply(state, seat, GAME.parse_action(state.rules, text))[0]
    return after


def rules_for(preset: str, players: int) -> XianniuRules:
    rules: XianniuRules = GAME.rules(preset, players=players)
    return rules


# ------------------------------------------------------------------------ legality
class Checked:
    """Wraps the bot: its own decision (not the legal[0] safety net) must be legal."""

    def __init__(self, bot: HeuristicBot, phases: Counter[str]) -> None:
        self.bot = bot
        self.phases = phases

    def act(self, observation: Any, legal: Sequence[int]) -> int:
        view = read_view(observation, self.bot.rules)
        choice = self.bot.decide(view, legal)
        assert choice in legal, (observation, legal, choice)
        self.phases[view.phase] += 1
        return self.bot.act(observation, legal)


@pytest.mark.parametrize(("preset", "players"), CONFIGS)
def test_only_legal_actions(preset: str, players: int) -> None:
    rules = rules_for(preset, players)
    phases: Counter[str] = Counter()
    for seed in range(80):
        agents: list[Agent] = []
        for seat in range(players):
            bot = HeuristicBot(rules, seat, seed * 10 + seat)
            mixed = seed % 2 and seat % 2
            agents.append(RandomBot(seed * 10 + seat) if mixed else Checked(bot, phases))
        deal = Deal.start(GAME, rules, seed=seed, dealer=seed % players)
        deal.play_out(agents)  # the engine raises IllegalAction on any illegal action
        assert deal.over
    # every kind of decision was exercised, so the test can fail in each
    assert {"declare", "lead", "follow"} <= set(phases)
    if rules.jinpai:
        assert phases["jinpai"] > 0


def test_decisions_are_deterministic_given_the_seed() -> None:
    def transcript(seed: int) -> list[str]:
        out: list[str] = []
        for number in range(6):
            agents: list[Agent] = [HeuristicBot(LANZHOU, seat, seed) for seat in range(2)]
            agents.append(RandomBot(seed))
            deal = Deal.start(GAME, LANZHOU, seed=number, dealer=number % 3)
            deal.play_out(agents)
            out.extend(f"{a.seat}:{a.action}" for a in deal.record.actions)
        return out

    first = transcript(5)
    assert len(first) > 40  # deals really played, not declined at once
    assert transcript(5) == first


def test_odds_kept_from_the_last_decision_decide_as_fresh_ones() -> None:
    """A seat that sees no new card between two decisions (its own 紧牌 discards) keeps
    its odds; every move is the one a bot working them out afresh would make."""
    class Fresh(HeuristicBot):
        def _odds_for(self, unseen: tuple[int, ...]) -> heuristic.Odds:
            return heuristic.Odds(self.cat, unseen)

    kept = decisions = 0
    for number in range(12):
        state = GAME.new_game(LANZHOU, seed=number, dealer=number % 3)
        bots = [HeuristicBot(LANZHOU, seat, number) for seat in range(3)]
        fresh = [Fresh(LANZHOU, seat, number) for seat in range(3)]
        while not GAME.is_over(state):
            seat = GAME.to_act(state)[0]
            legal = GAME.legal_actions(state, seat)
            before = bots[seat]._odds
            action = bots[seat].act(GAME.observe(state, seat), legal)
            assert fresh[seat].act(GAME.observe(state, seat), legal) == action
            if len(legal) > 1:
                decisions += 1
                kept += before is not None and bots[seat]._odds is before
            state, _ = GAME.apply(state, seat, action)
    assert decisions > 100 and kept > 10


# ---------------------------------------------------------------------- declaring
def test_leader_declines_a_hopeless_hand() -> None:
    state = GAME.new_game(LANZHOU, deal=deal_from(WEAK, STRONG), dealer=0)
    assert GAME.to_act(state) == (0,)
    assert bot_action(state) == DECLINE


def test_non_leader_declines_a_hopeless_hand() -> None:
    # 头家 strong-ish but declines by hand here; the weak 二家 must not 掀 (a failed 掀 costs)
    state = GAME.new_game(LANZHOU, deal=deal_from(STRONG, WEAK), dealer=0)
    state = play(state, 0, "扣了")
    assert GAME.to_act(state) == (1,)
    assert bot_action(state) == DECLINE


def test_leader_leads_a_strong_hand_with_a_sure_point_play() -> None:
    state = GAME.new_game(LANZHOU, deal=deal_from(STRONG, WEAK), dealer=0)
    action = bot_action(state)
    assert action >= PLAY0, GAME.format_action(LANZHOU, action)
    combo = state.cat.combos[action - PLAY0]
    others = [state.hands[1], state.hands[2]]
    assert not any(state.cat.follows(hand, combo.index) for hand in others)  # unbeatable
    assert heuristic._play_points(LANZHOU, combo) > 0  # 牛 / 喜 / 亮子 first


def test_strong_hand_keeps_the_lead_to_a_ci() -> None:
    deal = Deal.start(GAME, LANZHOU, deal=deal_from(STRONG, WEAK), dealer=0)
    deal.play_out([HeuristicBot(LANZHOU, seat, seat) for seat in range(3)])
    assert deal.state.table_count(0) >= LANZHOU.ci  # sure leads, one after another: 刺
    assert GAME.settlement(deal.state).deltas[0] > 0


def test_non_leader_xians_with_a_strong_hand() -> None:
    state = GAME.new_game(LANZHOU, deal=deal_from(WEAK, STRONG), dealer=0)
    state = play(state, 0, "扣了")
    assert GAME.to_act(state) == (1,)
    assert bot_action(state) == XIAN


def test_fengxiang_xians_with_a_strong_hand() -> None:
    rules = rules_for("fengxiang", 3)
    state = GAME.new_game(rules, deal=deal_from(WEAK, STRONG), dealer=0)
    assert bot_action(state) == DECLINE
    state = GAME.apply(state, 0, DECLINE)[0]
    assert bot_action(state) == XIAN


# ---------------------------------------------------------------------- following
FOLLOWER_LAST = "8 8 8 9r 9b Q Q 6 6 7 10 J K K 5r 5r"  # beats 66 with 88, QQ, KK or 好牛
NO_PAIRS_OVER_66 = "A A A A 2 2 2 2 3 3 3 3 5b 5b 7 8"


def test_last_follower_wins_with_the_cheapest_beater_and_keeps_the_niu() -> None:
    leader = _rest(NO_PAIRS_OVER_66, FOLLOWER_LAST)
    state = GAME.new_game(LANZHOU, deal=deal_from(leader, NO_PAIRS_OVER_66, FOLLOWER_LAST))
    state = play(state, 0, "6 6")
    assert GAME.to_act(state) == (2,)  # 二家 has nothing over 66 and passed
    assert GAME.format_action(LANZHOU, bot_action(state)) == "8 8"


def test_middle_follower_secures_the_trick_with_a_sure_beater() -> None:
    # 二家 holds 88 and KK; 88 would likely be beaten by the 底家, KK cannot be
    second = "8 8 K K A A A 2 2 2 3 3 3 5b 7 6"
    third = "Q Q J J 10 10 7 7 9r 9b 5r 5r 2 A 3 6"
    state = GAME.new_game(LANZHOU, deal=deal_from(_rest(second, third), second, third), dealer=0)
    state = play(state, 0, "6 6")
    assert GAME.to_act(state) == (1,)
    assert GAME.format_action(LANZHOU, bot_action(state)) == "K K"


def _rest(*hands: str) -> str:
    left = list(COPIES)
    for hand in hands:
        for face in parse_faces(hand):
            left[face] -= 1
    return " ".join(CODES[f] for f in range(NUM_FACES) for _ in range(left[f]))


# ------------------------------------------------------------------ bad input, registry
def test_bad_input_gets_clear_errors() -> None:
    bot = HeuristicBot(LANZHOU, 0, 1)
    state = GAME.new_game(LANZHOU, seed=3, dealer=0)
    obs = dict(GAME.observe(state, 0))
    legal = list(GAME.legal_actions(state, 0))
    with pytest.raises(ValueError, match="no legal action"):
        bot.act(obs, [])
    with pytest.raises(ValueError, match="must be a mapping"):
        bot.act("hand", legal)
    with pytest.raises(ValueError, match="malformed"):
        bot.act({k: v for k, v in obs.items() if k != "hand"}, legal)
    with pytest.raises(ValueError, match="more cards than the deck"):
        bot.act(obs | {"waste": "K K K K"}, legal)
    with pytest.raises(TypeError, match="XianniuRules"):
        HeuristicBot({"players": 3}, 0, 1)  # type: ignore[arg-type]
    assert obs == GAME.observe(state, 0)  # nothing the bot was given was changed


def test_parse_cards_reads_both_notations() -> None:
    assert parse_cards("9r 9b K") == parse_cards("牛九 牛八 天")
    assert parse_cards("9r9bK") == parse_cards("9r 9b K")  # slow path: any notation
    assert parse_cards("") == (0,) * NUM_FACES


def test_offered_as_heuristic_for_xianniu() -> None:
    assert "heuristic" in bot_names("xianniu")
    bot = make_bot("heuristic", GAME, LANZHOU, 1, 7)
    assert isinstance(bot, HeuristicBot) and bot.seat == 1
    state = GAME.new_game(LANZHOU, seed=9, dealer=1)
    legal = GAME.legal_actions(state, 1)
    assert bot.act(GAME.observe(state, 1), legal) in legal


def test_illegal_bot_moves_would_be_caught() -> None:
    # the engine is the referee of test_only_legal_actions: prove it rejects
    state = GAME.new_game(LANZHOU, seed=4, dealer=0)
    with pytest.raises(IllegalAction):
        GAME.apply(state, 0, XIAN)


# ------------------------------------------------------------------------ speed, strength
def test_decisions_are_fast() -> None:
    bots = [HeuristicBot(LANZHOU, seat, seat) for seat in range(3)]
    spent, count = 0.0, 0
    for seed in range(40):
        state = GAME.new_game(LANZHOU, seed=seed, dealer=seed % 3)
        while not GAME.is_over(state):
            seat = GAME.to_act(state)[0]
            obs, legal = GAME.observe(state, seat), GAME.legal_actions(state, seat)
            start = time.perf_counter()
            action = bots[seat].act(obs, legal)
            spent += time.perf_counter() - start
            count += 1
            state = GAME.apply(state, seat, action)[0]
    assert spent / count < 0.003  # aim < 1 ms; generous for a shared machine


@pytest.mark.parametrize(
    ("preset", "players", "deals"), [("lanzhou", 3, 1500), ("fengxiang", 4, 800)]
)
def test_beats_the_random_bot(preset: str, players: int, deals: int) -> None:
    result = measure(preset, players, deals, seed=2024)
    assert result.heuristic > result.random
    assert result.diff - result.half_width > 0, result.text()  # 95% interval above zero
