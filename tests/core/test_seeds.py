"""A deal's seed, the same in every family: an integer, any sign. ``random.Random`` drops
the sign, so −5 dealt what 5 does (a researcher's sweep over ``range(-N, N)`` got every
deal twice); one family refused ``"abc"``, ``1.5`` and ``True`` while two dealt them."""

from __future__ import annotations

import random

import pytest
from registered import SAMPLE_PRESETS

from huapai.core.protocol import IllegalAction
from huapai.core.registry import get_game
from huapai.core.rng import seeded

PRESETS = SAMPLE_PRESETS


@pytest.mark.parametrize(("game", "preset"), PRESETS)
def test_a_negative_seed_deals_its_own_cards(game: str, preset: str) -> None:
    g = get_game(game)
    rules = g.rules(preset)
    deals = {k: g.deal_of(g.new_game(rules, seed=k)) for k in range(-6, 7)}
    assert len(set(deals.values())) == len(deals)  # 13 seeds, 13 deals
    assert deals[-3] == g.deal_of(g.new_game(rules, seed=-3))  # and reproducible


@pytest.mark.parametrize(("game", "preset"), PRESETS)
@pytest.mark.parametrize("seed", ["abc", "1", 1.5, True, None, [1]])
def test_every_family_refuses_a_seed_that_is_no_integer(game: str, preset: str,
                                                        seed: object) -> None:
    g = get_game(game)
    with pytest.raises(IllegalAction) as caught:
        g.new_game(g.rules(preset), seed=seed)  # type: ignore[arg-type]
    assert caught.value.code == ("no_deal" if seed is None else "bad_seed")
    if seed is not None:
        assert repr(seed) in str(caught.value)


def test_a_positive_seed_deals_as_it_always_did() -> None:
    """Records of seed ≥ 0 (all the server, simulate and the arena make: derived seeds are
    63-bit positives) replay unchanged: the stream is ``random.Random(seed)``'s."""
    for seed in (0, 1, 2**62 + 7):
        assert seeded(seed).random() == random.Random(seed).random()
