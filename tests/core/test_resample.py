"""resample(state, seat, rng): statistics over many draws, for every family.

The conformance suite checks each resample (the seat's view unchanged, the deck
conserved, play goes on); here the draws as a whole: they vary, and a hidden card is as
likely to be in any hidden place as its share of the places says (no peeking at where
it really is).
"""

from __future__ import annotations

import json
import random
from collections.abc import Sequence
from typing import Any

import pytest
from registered import game_preset_params

from huapai.core.registry import get_game

DRAWS = 400


def _start(name: str, preset: str, seed: int = 3) -> tuple[Any, Any]:
    game = get_game(name)
    return game, game.new_game(game.rules(preset), seed=seed)


@pytest.mark.parametrize(("name", "preset"), game_preset_params())
def test_resampling_varies_what_the_seat_cannot_see(name: str, preset: str) -> None:
    game, state = _start(name, preset)
    rng = random.Random(1)
    seen = {json.dumps(game.omniscient(game.resample(state, 0, rng)), sort_keys=True)
            for _ in range(40)}
    assert len(seen) >= 35
    assert all(game.observe(game.resample(state, 0, rng), 0) == game.observe(state, 0)
               for _ in range(10))


def _hand_means(game: Any, state: Any, seat: int, other: int) -> list[float]:
    rng = random.Random(7)
    totals = [0] * len(state.hands[other])
    for _ in range(DRAWS):
        for code, n in enumerate(game.resample(state, seat, rng).hands[other]):
            totals[code] += n
    return [t / DRAWS for t in totals]


def _expected(pool: Sequence[int], share: float) -> list[float]:
    return [n * share for n in pool]


def test_xianniu_hidden_cards_are_spread_by_hand_size() -> None:
    """掀牛: seat 0's hidden cards are the other two hands of 16; each card of the pool
    lands in seat 1's hand half of the time, whatever seat 1 really holds."""
    game, state = _start("xianniu", "lanzhou")
    pool = [a + b for a, b in zip(state.hands[1], state.hands[2], strict=True)]
    means = _hand_means(game, state, 0, 1)
    assert max(abs(m - e) for m, e in zip(means, _expected(pool, 0.5), strict=True)) < 0.2
    assert means != list(state.hands[1])


def test_biegan_hidden_cards_are_spread_over_hands_and_stock() -> None:
    """双别杆 at the deal: seat 0 cannot see 25 + 25 cards in hands and 36 in the stock;
    each hidden card lands in seat 1's hand with probability 25 / 86."""
    game, state = _start("biegan", "gongan")
    stock = [0] * len(state.hands[0])
    for code in state.deal[state.top:state.bottom + 1]:
        stock[code] += 1
    others = [p for p in range(3) if p != 0]
    pool = [stock[c] + sum(state.hands[p][c] for p in others) for c in range(len(stock))]
    share = sum(state.hands[1]) / sum(pool)
    means = _hand_means(game, state, 0, 1)
    assert max(abs(m - e) for m, e in zip(means, _expected(pool, share), strict=True)) < 0.25
