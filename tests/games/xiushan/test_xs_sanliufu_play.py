"""三六福 at the table: 坎 kept in the hand, 名堂 in 豆 from the data table (replaceable
by a club's file), the threshold option."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from huapai.core.protocol import RulesError
from huapai.games.xiushan.bot import HeuristicBot
from huapai.games.xiushan.game import GAME
from huapai.games.xiushan.mingtang import builtin_table
from huapai.games.xiushan.state import Laid, State

DATA = Path(__file__).parents[3] / "src/huapai/games/xiushan/data/sanliufu_mingtang.toml"


def _play(rules: Any, seed: int) -> tuple[State, list[Any]]:
    state = GAME.new_game(rules, seed=seed)
    bots = [HeuristicBot(rules, s, seed + s) for s in range(GAME.num_seats(rules))]
    events = list(GAME.opening_events(state))
    while not GAME.is_over(state):
        seat = GAME.to_act(state)[0]
        action = bots[seat].act(GAME.observe(state, seat), GAME.legal_actions(state, seat))
        state, new = GAME.apply(state, seat, action)
        events.extend(new)
    return state, events


def _wins(rules: Any, need: int = 2, tries: int = 80) -> list[State]:
    found = []
    for seed in range(tries):
        state, _ = _play(rules, seed)
        if state.win is not None:
            found.append(state)
            if len(found) >= need:
                return found
    raise AssertionError(f"fewer than {need} wins in {tries} deals")


def test_kan_stay_in_the_hand() -> None:
    rules = GAME.rules("sanliufu")
    assert not rules.lay_shao and not rules.kan_split and rules.hu_threshold == 36
    for seed in range(4):
        _state, events = _play(rules, seed)
        assert not any(isinstance(e, Laid) and e.group == "哨"
                       for e in events)  # a 坎 is never laid as a 哨


def test_wins_are_scored_in_dou_from_the_table() -> None:
    rules = GAME.rules("sanliufu", hu_threshold=18)
    table = builtin_table("sanliufu")
    ids = {m.id for m in table.entries}
    for state in _wins(rules):
        w = state.win
        assert w is not None and w.result.youzi >= 18
        assert {m.id for m in w.result.mingtang} <= ids
        assert w.result.dou == table.base + sum(m.value for m in w.result.mingtang)
        settlement = GAME.settlement(state)
        assert sum(settlement.deltas) == 0 and settlement.deltas[w.seat] > 0
        codes = [i.code for i in settlement.items]
        assert "dou" in codes and "youzi" in codes
        # the built-in table's 豆 are placeholders, and the settlement says so (it showed
        # them as the rule: a 秀山 player's audit)
        assert codes[-1] == "provisional" and "暂定" in settlement.items[-1].label.zh


def test_a_clubs_table_changes_the_dou(tmp_path: Path) -> None:
    text = DATA.read_text(encoding="utf-8").replace("hu_dou = 1", "hu_dou = 5", 1)
    club = tmp_path / "club.toml"
    club.write_text(text, encoding="utf-8")
    base = GAME.rules("sanliufu", hu_threshold=18)
    rules = GAME.rules("sanliufu", hu_threshold=18, mingtang_table=str(club))
    for plain, clubbed in zip(_wins(base), _wins(rules), strict=True):
        assert plain.deal == clubbed.deal and plain.win and clubbed.win
        assert clubbed.win.result.dou == (plain.win.result.dou or 0) + 4
        codes = [i.code for i in GAME.settlement(clubbed).items]
        assert "provisional" not in codes  # the club's own table: not ours to doubt
    club.write_text(text.replace('format = "huapai-xiushan-mingtang/1"', 'format = "x"'),
                    encoding="utf-8")
    with pytest.raises(RulesError, match="format"):
        GAME.rules("sanliufu", mingtang_table=str(club))
