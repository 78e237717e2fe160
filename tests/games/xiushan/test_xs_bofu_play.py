"""钵福 at the table: 报子 onto the 算盘 (auto and the 报数 training mode), 吃包子, the 钵's
win limits, 得一钵, and the 钵 carried across deals, replayed and resumed from records."""

from __future__ import annotations

import itertools
import random
from collections.abc import Sequence
from typing import Any

import pytest

from huapai.core.match import Match
from huapai.core.protocol import Event, NotationError
from huapai.core.record import ReplayError, dumps, parse, replay_deal
from huapai.games.xiushan.abacus import Bo, Seat, announce_value
from huapai.games.xiushan.bo_play import BAO0, BAO_MAX, NO_BAO, AbacusWin, Announced
from huapai.games.xiushan.bot import HeuristicBot
from huapai.games.xiushan.game import GAME
from huapai.games.xiushan.groups import MELD_KINDS, Kind
from huapai.games.xiushan.state import Laid, State

TRAIN = GAME.rules("bofu", baoshu="train")


def _bots(rules: Any) -> list[HeuristicBot]:
    return [HeuristicBot(rules, s, 100 + s) for s in range(GAME.num_seats(rules))]


def _play(state: State, rules: Any) -> tuple[State, list[Event]]:
    bots, events = _bots(rules), list(GAME.opening_events(state))
    while not GAME.is_over(state):
        seat = GAME.to_act(state)[0]
        action = bots[seat].act(GAME.observe(state, seat), GAME.legal_actions(state, seat))
        state, new = GAME.apply(state, seat, action)
        events.extend(new)
    return state, events


def _owing_deal(rules: Any = TRAIN) -> State:
    """A training deal whose 庄家 must announce a dealt 哨 / 龙灯 before his first discard."""
    for seed in range(200):
        state = GAME.new_game(rules, seed=seed)
        if state.owed:
            return state
    raise AssertionError("no deal with a dealt 哨 in 200 seeds")


def _match(rules: Any, seed: int) -> Match:
    match = Match(GAME, rules, deals=GAME.default_deals(rules) or 1, seed=seed)
    match.play(_bots(rules))
    return match


def test_auto_announces_every_laid_group_at_its_value() -> None:
    rules = GAME.rules("bofu")
    total = 0
    for seed in range(6):
        state, events = _play(GAME.new_game(rules, seed=seed), rules)
        laid = sorted((e.seat, e.group) for e in events
                      if isinstance(e, Laid) and Kind(e.group) in MELD_KINDS)
        said = sorted((e.seat, e.group) for e in events if isinstance(e, Announced))
        assert laid == said  # every 哨 碰 开召 鸡 龙灯, once
        for ev in events:
            if isinstance(ev, Announced):
                assert ev.outcome == "announce" and ev.said is not None
                assert ev.said == ev.correct
                assert 0 <= ev.after - ev.before <= ev.said  # a grown group adds the rest
        assert not state.owed and GAME.is_over(state)
        total += len(laid)
    assert total > 10


def test_dealt_groups_are_announced_in_the_order_of_their_values() -> None:
    rules = GAME.rules("bofu")
    for seed in range(40):
        events = GAME.opening_events(GAME.new_game(rules, seed=seed))
        values = [e.said for e in events if isinstance(e, Announced)]
        assert values == sorted(values)  # type: ignore[type-var]


def test_training_asks_every_number_and_a_wrong_one_is_baozi() -> None:
    state = _owing_deal()
    owed = state.owed[0]
    seat = owed.seat
    assert GAME.to_act(state) == (seat,)
    legal = list(GAME.legal_actions(state, seat))
    assert legal == list(range(BAO0, NO_BAO + 1))  # the right value is not singled out
    view = GAME.observe(state, seat)
    assert view["phase"] == "announce" and view["my_owed"]["group"] == owed.kind.value
    assert "correct" not in str(view["my_owed"])
    right = announce_value(owed.kind, owed.card, state.jiang)
    wrong = BAO0 + (right + 1 if right < BAO_MAX else right - 1)
    after, events = GAME.apply(state, seat, wrong)
    ev = next(e for e in events if isinstance(e, Announced))
    assert ev.outcome == "baozi" and ev.correct == right
    assert after.bo is not None and after.bo.seats[seat].abacus == -TRAIN.hat_at
    assert after.bo.seats[seat].hat(TRAIN) and after.bo.seats[seat].baozi == 1
    good, events = GAME.apply(state, seat, BAO0 + right)
    assert good.bo is not None and good.bo.seats[seat].abacus == right
    none, _ = GAME.apply(state, seat, NO_BAO)
    assert none.bo is not None and none.bo.seats[seat].abacus == 0  # 不报子，不上算盘
    assert state.bo is not None and state.bo.seats[seat].abacus == 0  # apply copied


def test_zero_mode_puts_the_abacus_at_zero() -> None:
    rules = GAME.rules("bofu", baoshu="train", baozi="zero")
    state = _owing_deal(rules)
    seat = state.owed[0].seat
    right = announce_value(state.owed[0].kind, state.owed[0].card, state.jiang)
    carried = Bo((Seat(30), Seat(5), Seat(7))).to_json()
    state = GAME.new_game(rules, deal=state.deal, dealer=state.dealer, carry=carried)
    after, _ = GAME.apply(state, seat, BAO0 + (right + 1) % (BAO_MAX + 1))
    assert after.bo is not None and after.bo.seats[seat].abacus == 0


def test_announcing_is_refused_when_nothing_is_owed_and_owed_comes_first() -> None:
    state = _owing_deal()
    seat = state.owed[0].seat
    discard = 7 + next(c for c in range(20) if state.hands[seat][c])
    with pytest.raises(Exception, match="先报子") as caught:
        GAME.apply(state, seat, discard)
    assert getattr(caught.value, "code", None) == "must_announce"
    plain = GAME.new_game(GAME.rules("bofu"), deal=state.deal, dealer=state.dealer)
    with pytest.raises(Exception, match="没有要报的子") as caught:
        GAME.apply(plain, plain.turn, BAO0 + 3)
    assert getattr(caught.value, "code", None) == "nothing_to_announce"


def test_a_hidden_groups_value_reaches_only_its_seat() -> None:
    _state, events = _play(_owing_deal(), TRAIN)
    hidden = [e for e in events if isinstance(e, Announced) and e.hidden]
    assert hidden
    for ev in hidden:
        other = ev.for_viewer((ev.seat or 0) + 1)
        assert isinstance(other, Announced) and other.correct is None and other.card is None
        assert other.said == ev.said and ev.for_viewer(ev.seat) == ev


def test_notation_of_announcements() -> None:
    assert GAME.parse_action(TRAIN, "报 12") == BAO0 + 12
    assert GAME.parse_action(TRAIN, "报0") == BAO0
    assert GAME.parse_action(TRAIN, "不报") == NO_BAO
    assert GAME.format_action(TRAIN, BAO0 + 7) == "报 7"
    assert GAME.format_action(TRAIN, NO_BAO) == "不报"
    # said as a 秀山 player says it (a play-test typed 报 三 and was not understood)
    for said, n in (("报 三", 3), ("报三", 3), ("报 十二", 12), ("报 二十一", 21), ("报 叁拾", 30),
                    ("报 拾贰", 12), ("报 两", 2), ("报 零", 0), ("报 十", 10)):
        assert GAME.parse_action(TRAIN, said) == BAO0 + n, said
    for bad, why in (("报 31", "最多报 30"), ("报 x", "报一个数"), ("报 -1", "报一个数"),
                     ("报 三十一", "最多报 30"), ("报 十十", "如 报 3、报 十二"),
                     ("报", "报一个数")):
        with pytest.raises(NotationError, match=why):
            GAME.parse_action(TRAIN, bad)
    assert GAME.num_actions(GAME.rules("shibafu")) == 27  # the 豆 games are unchanged
    assert GAME.num_actions(TRAIN) == NO_BAO + 1
    assert str(GAME.describe_action(TRAIN, BAO0 + 5).label).startswith("报 5")


def test_bots_err_at_the_set_rate_and_errors_are_baozi() -> None:
    rules = GAME.rules("bofu", baoshu="train", bot_errors=50)
    outcomes = {"announce": 0, "baozi": 0}
    for seed in range(5):
        _, events = _play(GAME.new_game(rules, seed=seed), rules)
        for ev in events:
            if isinstance(ev, Announced):
                outcomes[ev.outcome] += 1
                assert (ev.said == ev.correct) == (ev.outcome == "announce")
    total = sum(outcomes.values())
    assert total > 20 and 0.25 < outcomes["baozi"] / total < 0.75
    _, events = _play(GAME.new_game(TRAIN, seed=1), TRAIN)
    assert all(e.outcome == "announce" for e in events if isinstance(e, Announced))


def test_the_last_win_must_reach_the_target_and_no_third() -> None:
    rules = GAME.rules("bofu")
    done = Bo(tuple(Seat(0, 2) for _ in range(3))).to_json()
    last = Bo(tuple(Seat(0, 1) for _ in range(3))).to_json()
    wins_last = 0
    for seed in range(12):
        state, events = _play(GAME.new_game(rules, seed=seed, carry=done), rules)
        assert state.win is None  # nobody may win a third time: every deal is 黄
        state, events = _play(GAME.new_game(rules, seed=seed, carry=last), rules)
        for ev in events:
            if isinstance(ev, AbacusWin):
                wins_last += 1
                assert ev.after >= rules.bo_target and ev.debo
    assert wins_last >= 1


def test_a_bo_plays_to_debo_and_is_settled_by_the_differences() -> None:
    match = _match(TRAIN, 3)
    assert match.ended and len(match.settlements) < GAME.default_deals(TRAIN)  # type: ignore[operator]
    last = match.settlements[-1]
    done = Bo.from_json(match.carry).history[-1]
    assert sum(last.deltas) == 0 and list(last.deltas) == list(done.settlement)
    winner = done.winner
    assert done.totals[winner] >= TRAIN.bo_target
    assert all(d == done.totals[p] - done.totals[winner] for p, d in enumerate(last.deltas)
               if p != winner)
    assert all(not any(s.deltas) for s in match.settlements[:-1])  # only 得一钵 pays
    fresh = Bo.from_json(match.carry)
    assert all(s == Seat() for s in fresh.seats) and fresh.number == 2


def test_the_view_after_debo_shows_the_bo_taken_as_it_ended() -> None:
    """After 得一钵 the table showed the next 钵 alone (第 2 钵, every abacus at 0) — read
    as the win lost; the view's ``taken`` is the 钵 just won, on the deal's end only."""
    match = _match(TRAIN, 3)
    _header, deals = parse(dumps(match.record.lines()))
    for deal in deals:
        replayed = replay_deal(deal, GAME)
        states = [replayed.initial, *(x.state for x in replayed.steps[:-1])]
        assert all(GAME.observe(s, None)["bo"]["taken"] is None for s in states)
        last = GAME.observe(replayed.final, 0)["bo"]
        if deal is not deals[-1]:
            assert last["taken"] is None
    done = Bo.from_json(match.carry).history[-1]
    assert last["taken"] == done.to_json() and last["taken"]["number"] == 1
    assert last["taken"]["totals"][done.winner] >= TRAIN.bo_target and last["number"] == 2


def test_each_deal_replays_from_its_record_and_a_match_resumes() -> None:
    rules = GAME.rules("bofu", baoshu="train", bot_errors=20)
    whole = _match(rules, 8)
    _header, deals = parse(dumps(whole.record.lines()))
    assert deals[0].carry is None and all(d.carry is not None for d in deals[1:])
    for deal, nxt in itertools.pairwise(deals):
        replayed = replay_deal(deal, GAME)
        assert GAME.carry(replayed.final) == nxt.carry
    debo = deals[-1]  # the 得一钵 deal: its stated payments need the carried abacus
    assert debo.carry is not None and any(s["abacus"] for s in debo.carry["seats"])
    debo.carry = Bo.new(3).to_json()
    with pytest.raises(ReplayError):
        replay_deal(debo, GAME)
    _header, deals = parse(dumps(whole.record.lines()))
    resumed = Match.resume(GAME, rules, GAME.default_deals(rules) or 1, 8, deals)
    assert resumed.finished and resumed.ended and resumed.carry == whole.carry
    assert resumed.totals == whole.totals


def test_a_bad_carry_is_refused() -> None:
    rules = GAME.rules("bofu")
    for bad, why in (({"format": "x"}, "算盘记录有误"), ("bo", "对象"),
                     (Bo.new(4).to_json(), "4 家")):
        with pytest.raises(NotationError, match=why):
            GAME.new_game(rules, seed=1, carry=bad)
    with pytest.raises(NotationError, match="只有钵福"):
        GAME.new_game(GAME.rules("shibafu"), seed=1, carry=Bo.new(3).to_json())


def test_the_xun_seat_keeps_an_abacus_and_the_bo_is_shown() -> None:
    rules = GAME.rules("bofu", idle="xun")
    match = _match(rules, 2)
    assert len(Bo.from_json(match.carry).seats) == 4
    state = GAME.new_game(rules, seed=4)
    view = GAME.observe(state, None)
    bo = view["bo"]
    assert len(bo["seats"]) == 4 and bo["target"] == 100 and bo["number"] == 1


def test_training_options_belong_to_bofu() -> None:
    from huapai.core.protocol import RulesError

    with pytest.raises(RulesError, match="钵福"):
        GAME.rules("sanliufu", baoshu="train")
    with pytest.raises(RulesError, match="needs baoshu=train"):
        GAME.rules("bofu", bot_errors=10)


def test_a_win_the_bo_forbids_is_refused_with_its_reason() -> None:
    from huapai.core.protocol import IllegalAction
    from huapai.games.xiushan.moves import reading
    from huapai.games.xiushan.state import DRAWN, HU

    rules = GAME.rules("bofu")
    done = Bo(tuple(Seat(0, 2) for _ in range(3))).to_json()
    bots = _bots(rules)
    refused = 0
    for seed in range(30):
        state = GAME.new_game(rules, seed=seed, carry=done)
        while not GAME.is_over(state) and refused < 3:
            seat = GAME.to_act(state)[0]
            if state.phase == DRAWN and state.offer is not None and \
                    reading(state, seat, state.offer[1], True, False) is not None:
                assert HU not in GAME.legal_actions(state, seat)
                with pytest.raises(IllegalAction) as caught:
                    GAME.apply(state, seat, HU)
                assert caught.value.code == "bo_wins" and "不能再和" in str(caught.value)
                refused += 1
            action = bots[seat].act(GAME.observe(state, seat), GAME.legal_actions(state, seat))
            state, _ = GAME.apply(state, seat, action)
        if refused >= 3:
            break
    assert refused >= 1


def test_the_learners_numbers_hold_the_bo_and_the_owed_group() -> None:
    state = _owing_deal()
    seat = state.owed[0].seat
    mine = GAME.encode_observation(state, seat)
    other = GAME.encode_observation(state, (seat + 1) % 3)
    assert len(mine) == len(other) == GAME.observation_size(TRAIN)
    base = GAME.observation_size(GAME.rules("shibafu"))
    assert GAME.observation_size(TRAIN) == base + 3 * 3 + 1 + 5 + 20
    assert mine[base + 9] == 1.0 and other[base + 9] == 0.0  # only the owing seat knows
    assert sum(mine[base + 10:]) == 2.0 and sum(other[base + 10:]) == 0.0


def test_a_bofu_settlement_says_the_winning_card_and_who_fed_it() -> None:
    """A 钵福 settlement said only who won (a phone play-test: 机器人丙 和牌, not that it
    was on my discard of 壹): the card under the winner, and 放炮 under the discarder."""
    rules = GAME.rules("bofu")
    for seed in range(60):
        state, _ = _play(GAME.new_game(rules, seed=seed), rules)
        win = state.win
        if win is None or win.from_seat is None:
            continue
        items = {(i.seat, i.code): i.label for i in GAME.settlement(state).items}
        card = items[(win.seat, "won_on")].params["card"]
        assert items[(win.seat, "won_on")].zh == f"和的那张：{card}（别家打出）"
        assert items[(win.from_seat, "fed")].zh == f"放炮：打出了和的那张 {card}"
        return
    raise AssertionError("no 钵福 deal of 60 was won on a discard")


def test_each_abacus_line_says_where_its_number_came_from() -> None:
    """A 钵福 player read 算盘 111 and could not tell what the deal had added: every
    settlement's 算盘 line names the abacus the deal began with and this deal's change,
    which add up to its value, deal after deal of a match."""
    rules = GAME.rules("bofu")
    match = _match(rules, 4)
    assert len(match.settlements) >= 2
    before = [0] * GAME.num_seats(rules)
    for settlement in match.settlements:
        items = [i for i in settlement.items if i.code == "abacus"]
        assert [i.seat for i in items] == list(range(len(before)))
        for item in items:
            params = item.label.params
            assert item.seat is not None and params["before"] == before[item.seat]
            change = 0 if params["change"] == "0" else int(params["change"])
            assert params["before"] + change == item.value
            head = f"算盘（上局 {params['before']}，本局 {params['change']}"
            assert item.label.zh.startswith(head)
        debo = any(i.code == "debo" for i in settlement.items)
        before = [0] * len(before) if debo else [i.value for i in items]


class _Careless:
    """A 报数 trainee who announces at random a third of the time (吃包子 when wrong)."""

    def __init__(self, bot: HeuristicBot, seed: int) -> None:
        self.bot, self.rng = bot, random.Random(seed)

    def act(self, observation: Any, legal: Sequence[int]) -> int:
        said = [a for a in legal if BAO0 <= a <= BAO_MAX or a == NO_BAO]
        if said and self.rng.random() < 1 / 3:
            return self.rng.choice(said)
        return self.bot.act(observation, legal)


@pytest.mark.parametrize("options", [{}, {"baozi": "zero"}, {"bo_win_add": "full"}])
def test_each_abacus_line_itemises_its_change(options: dict[str, str]) -> None:
    """本局 +73 beside a win of 93 left 20 unexplained (a 吃包子 to −20 and 9 of 报子): the
    line names the 吃包子, the 报子 and what the win added, and they add up to the abacus —
    every seat, every deal of careless trainees' matches, through 得一钵."""
    rules = GAME.rules("bofu", baoshu="train", **options)
    seen: set[str] = set()
    for seed in range(3):
        bots = [_Careless(b, seed * 10 + i) for i, b in enumerate(_bots(rules))]
        match = Match(GAME, rules, deals=8, seed=seed)
        match.play(bots)
        for settlement in match.settlements:
            for item in (i for i in settlement.items if i.code == "abacus"):
                p = item.label.params
                if p["change"] == "0" and "announced" not in p:
                    continue
                start = p["before"] if p["reset"] is None else p["reset"]
                assert start + p["announced"] + (p["win"] or 0) == item.value, item.label.zh
                seen |= {k for k in ("reset", "win") if p[k] is not None}
                seen |= {"announced"} if p["announced"] else set()
                seen |= {"netted"} if "减已报" in item.label.zh else set()
                seen |= {"debo"} if any(i.code == "debo" for i in settlement.items) else set()
    assert {"reset", "announced", "win", "debo"} <= seen
    assert ("netted" in seen) == (options.get("bo_win_add") != "full")


def test_a_bakuai_waits_for_its_owed_announcement_before_the_next_draw() -> None:
    """八块 (a 4-set after the first: no discard, the 下家 draws): the 下家 turned up its
    堂子头 card before the 报子 for the 4-set was said (a terminal play-test; the seed and
    docs/xiushan.md §16: an owed announcement comes before anything else). In training,
    every 八块 whose seat owes a 报子 is followed by that 报子, then the draw — as in auto."""
    found = 0
    for seed in range(60):
        _, events = _play(GAME.new_game(TRAIN, seed=seed), TRAIN)
        kinds = [type(e).__name__ for e in events]
        for i, kind in enumerate(kinds):
            if kind != "Bakuai":
                continue
            seat = events[i].seat
            owed = [j for j in range(i) if kinds[j] == "Laid" and events[j].seat == seat
                    and not any(kinds[k] == "Announced" and events[k].seat == seat
                                for k in range(j + 1, i))]
            nxt = next((j for j in range(i + 1, len(kinds)) if kinds[j] == "Drew"), len(kinds))
            if owed:
                found += 1
                said = [k for k in range(i + 1, nxt) if kinds[k] == "Announced"]
                assert said, (seed, kinds[i - 3:nxt + 1])
    assert found >= 1
