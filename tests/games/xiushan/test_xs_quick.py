"""The fast cut pre-test never refuses a hand the calculator can cut."""

from __future__ import annotations

import random

from huapai.games.xiushan.calculator import Hand, youzi_of
from huapai.games.xiushan.cards import DECK
from huapai.games.xiushan.quick import may_cut, may_cut_with
from huapai.games.xiushan.rules import PRESETS


def _counts(cards: list[int]) -> tuple[int, ...]:
    return tuple(cards.count(c) for c in range(20))


def test_may_cut_is_a_necessary_condition() -> None:
    rng = random.Random(11)
    refused = cut = 0
    for _ in range(4000):
        size = rng.choice((5, 6, 8, 9, 12, 14, 20, 21))
        counts = _counts(rng.sample(DECK, size))
        rules = PRESETS[rng.choice(("maquefu", "shibafu"))]
        for jiao in (True, False):
            r = rules if rules.jiao == jiao else type(rules).from_dict(
                {**rules.to_dict(), "jiao": jiao})
            cuts = youzi_of(r, Hand(counts, (), None, False, None)) is not None
            cut += cuts
            if not may_cut(counts, jiao):
                refused += 1
                assert not cuts, counts
    assert refused > 1000 and cut > 0


def test_complete_hands_pass() -> None:
    hand = [0, 1, 2, 10, 11, 12, 1, 6, 9, 11, 16, 19, 3, 4, 5, 13, 13, 13, 7, 7]
    assert may_cut(_counts(hand), True)
    assert not may_cut(_counts([*hand[:-1], 18]), True)  # a lone 玖


def test_may_cut_with_a_card_is_may_cut_of_the_grown_hand() -> None:
    """The engine's form (the hand one short plus the offered card, without building that
    hand) answers as the plain test on the grown hand, for both sizes of card."""
    rng = random.Random(12)
    agree = {True: 0, False: 0}
    for _ in range(3000):
        counts = _counts(rng.sample(DECK, rng.choice((4, 7, 13, 19, 20))))
        card = rng.choice([c for c in range(20) if counts[c] < 4])
        grown = tuple(n + (c == card) for c, n in enumerate(counts))
        for jiao in (True, False):
            answer = may_cut_with(counts, card, jiao)
            assert answer == may_cut(grown, jiao), (counts, card, jiao)
            agree[answer] += 1
    assert agree[True] > 100 and agree[False] > 100
