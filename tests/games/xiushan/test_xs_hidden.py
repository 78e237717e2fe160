"""``permute_hidden`` of 秀山 (the conformance suite's hidden-information check): only
what a seat cannot see moves, and every public fact of the deal stays — the flipped 将
card and how many face-down 哨 / 龙灯 each seat lays from its dealt hand."""

from __future__ import annotations

import random

import pytest
from xs_deals import rules, start

from huapai.core import conformance
from huapai.core.conformance import Config, HiddenInfo
from huapai.games.xiushan import hidden
from huapai.games.xiushan.game import GAME
from huapai.games.xiushan.moves import counts_of
from huapai.games.xiushan.state import Laid

SETUPS = [("shibafu", {}), ("shibafu", {"idle": "xun", "dealer": 2}),
          ("maquefu", {"idle": "laoye", "dealer": 4}), ("huangliufu", {})]


def _hand_at(deal: tuple[int, ...], where: range) -> tuple[int, ...]:
    return counts_of([deal[i] for i in where])


@pytest.mark.parametrize(("preset", "options"), SETUPS)
def test_only_hidden_cards_move(preset: str, options: dict[str, int | str]) -> None:
    opts = dict(options)
    dealer = int(opts.pop("dealer", 0))
    r = rules(preset, **opts)
    moved_stock = moved_hands = 0
    for seed in range(12):
        deal = GAME.deal_of(GAME.new_game(r, seed=seed, dealer=dealer))
        for seat in range(r.num_seats):
            out = GAME.permute_hidden(deal, seat, random.Random(seed), r, dealer)
            assert sorted(out) == sorted(deal)
            assert out[-1] == deal[-1] or not r.flips
            places = hidden.places(r, dealer)
            for p, where in places:
                if p == seat:
                    assert [out[i] for i in where] == [deal[i] for i in where]
            a, b = GAME.new_game(r, deal=deal, dealer=dealer), \
                GAME.new_game(r, deal=out, dealer=dealer)
            assert GAME.observe(a, seat) == GAME.observe(b, seat)
            assert GAME.encode_observation(a, seat) == GAME.encode_observation(b, seat)
            assert hidden.public_groups(r, out, dealer) == hidden.public_groups(r, deal, dealer)
            stock = places[-1][1].stop
            moved_stock += out[stock:] != deal[stock:]
            moved_hands += any(_hand_at(out, w) != _hand_at(deal, w)
                               for p, w in places if p != seat)
    assert moved_hands > 0 and moved_stock > 0


def test_a_plain_shuffle_would_show_the_dealers_groups() -> None:
    """Why the groups are kept: the 庄家's face-down 哨 / 龙灯 are on the table from the
    start, so a shuffle that changes them is a deal the others can tell apart."""
    r = rules("shibafu")
    told_apart = 0
    for seed in range(20):
        deal = GAME.deal_of(GAME.new_game(r, seed=seed))
        mine = hidden.places(r, 0)[1][1]
        movable = [i for i in range(len(deal) - 1) if i not in mine]
        cards = [deal[i] for i in movable]
        random.Random(seed).shuffle(cards)
        naive = list(deal)
        for i, c in zip(movable, cards, strict=True):
            naive[i] = c
        ours = GAME.permute_hidden(deal, 1, random.Random(seed), r, 0)
        view = GAME.observe(GAME.new_game(r, deal=deal), 1)
        told_apart += GAME.observe(GAME.new_game(r, deal=naive), 1) != view
        assert GAME.observe(GAME.new_game(r, deal=ours), 1) == view
    assert told_apart > 0


def test_the_order_of_dealt_groups_shows_no_card() -> None:
    """Every 龙灯 is laid before every 哨: a 哨 of a low card and a 龙灯 of a high one look
    the same to the others as the other way round."""
    r = rules("shibafu", seats=2)
    low_shao = start(r, ["一一一玖玖玖玖二三四五六七八九十壹贰叁肆伍", "二三四五六七八九十"
                         "壹贰叁肆伍陆柒捌捌陆柒"], flip="拾")
    high_shao = start(r, ["一一一一玖玖玖二三四五六七八九十壹贰叁肆伍", "二三四五六七八九十"
                          "壹贰叁肆伍陆柒捌捌陆柒"], flip="拾")
    seen = [[e.for_viewer(1) for e in GAME.opening_events(s) if isinstance(e, Laid)]
            for s in (low_shao, high_shao)]
    assert [e.to_json()["group"] for e in seen[0]] == ["龙灯", "哨"]
    assert seen[0] == seen[1]
    assert GAME.observe(low_shao, 1)["melds"] == GAME.observe(high_shao, 1)["melds"]


@pytest.mark.parametrize("preset", sorted(GAME.presets()))
def test_the_hidden_information_check_runs_for_every_preset(preset: str) -> None:
    assert isinstance(GAME, HiddenInfo)
    report = conformance.run(GAME, preset, Config(games=4, seed=11))
    assert report.hidden_steps >= 4
    assert not any("permute_hidden" in s for s in report.skipped)
