"""A group the 将 raised says so in the settlement (a play-test: 落地碰 十十十 3 油子 beside
落地碰 柒柒柒 3 油子 — a small 碰 is 1 — with nothing saying the 十 was the 将)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from huapai.core.match import Match
from huapai.games.xiushan.bot import HeuristicBot
from huapai.games.xiushan.cards import RANKS, card_name, parse_card
from huapai.games.xiushan.game import GAME
from huapai.games.xiushan.groups import Group, Kind, same_card_youzi, sequence_youzi


def _plain(item_params: Mapping[str, Any], youzi: int) -> bool:
    """Whether ``youzi`` is more than the group would be worth with no 将."""
    kind, cards = Kind(str(item_params["kind"])), str(item_params["cards"])
    codes = tuple(parse_card(c) for c in cards)
    if kind in (Kind.PAIR, Kind.JIAO):
        return False
    if kind in (Kind.LIANZI, Kind.ERQISHI):
        return youzi > sequence_youzi(codes)
    as_peng = bool(item_params["as_peng"])
    return youzi > same_card_youzi(Kind.PENG if as_peng else kind, codes[0], None)


def test_every_group_the_jiang_raised_says_jiang() -> None:
    said = 0
    for preset in ("shibafu", "huangliufu", "bofu"):
        rules = GAME.rules(preset)
        bots = [HeuristicBot(rules, s, 40 + s) for s in range(GAME.num_seats(rules))]
        match = Match(GAME, rules, deals=12, seed=3)
        match.play(bots)
        for settlement in match.settlements:
            for item in (i for i in settlement.items if i.code == "group"):
                raised = _plain(item.label.params, item.value)
                assert item.label.params["jiang"] is raised, item.label
                assert ("（将）" in item.label.zh) is raised and ("将" in item.label.en) is raised
                said += raised
    assert said, "no deal had a group the 将 raised"


def test_a_group_knows_whether_the_jiang_raised_it() -> None:
    ten, qi = parse_card("十"), parse_card("柒")
    assert Group(Kind.PENG, (ten,) * 3, same_card_youzi(Kind.PENG, ten, 9)).raised_by_jiang()
    assert not Group(Kind.PENG, (qi,) * 3, same_card_youzi(Kind.PENG, qi, 9)).raised_by_jiang()
    assert not Group(Kind.PAIR, (ten,) * 2, 0).raised_by_jiang()


def test_a_win_says_what_the_jiang_was_and_the_card_flipped() -> None:
    """The settlement marked groups （将） but never named the 将: a 开召 worth 9 could not
    be checked against it (a 秀山 player's audit) — a win's lines name it and the flipped
    card; 麻雀福 and 黄六福 (no 将 flipped) have no such line."""
    for preset in ("shibafu", "huangliufu", "bofu", "maquefu"):
        rules = GAME.rules(preset)
        bots = [HeuristicBot(rules, s, 40 + s) for s in range(GAME.num_seats(rules))]
        match = Match(GAME, rules, deals=6, seed=5)
        match.play(bots)
        record = match.record.deals
        won = 0
        for settlement, deal in zip(match.settlements, record, strict=True):
            lines = [i for i in settlement.items if i.code == "jiang"]
            if not rules.flips or not any(i.code == "youzi" for i in settlement.items):
                assert not lines  # no 将 flipped, or 黄庄
                continue
            won += 1
            (line,) = lines
            flipped = parse_card(deal.deal[-1])  # the record's deal: cards in 汉字, flip last
            assert line.label.params["flipped"] == card_name(flipped)
            rank = rules.jiang_of_flip(flipped)
            assert rank is not None
            assert line.label.params["jiang"] == card_name(rank + RANKS) + card_name(rank)
            assert line.label.zh.startswith("将：") and line.seat == settlement.items[0].seat
        assert won or not rules.flips, preset
