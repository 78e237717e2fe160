"""Benchmark: the 双别杆花牌 calculator against ``mahjong``'s HandCalculator, in one run.

Run: ``.venv/bin/python bench/bench_biegan_calc.py [--hands N] [--seed S]``
(``mahjong`` comes with the project's ``bench`` extra: ``pip install -e '.[bench]'``).

Measured, each as the median over N hands (all seeded):

* ``best_hand`` on random *winning-shaped* 26-card hands, made by composing 8 random
  units (句 or 坎, sometimes a 精 swapped for a 赖子) and a 听头 — units included;
* ``best_hand`` on purely random 26-card deals (most do not decompose);
* ``waits`` on random 25-card hands (a composed hand with one card removed);
* the peer: ``HandCalculator.estimate_hand_value`` on random 14-tile winning hands
  (4 sets + pair), win tile drawn from the hand.

The shape search memoises sub-hands across calls (as a game, a bot or a wait search
does); "cold" rows clear that table before every hand.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Callable, Sequence
from typing import Any

from mahjong.hand_calculating.hand import HandCalculator

from huapai.games.biegan.calculator import best_hand
from huapai.games.biegan.cards import DECK, JING_FACES, JOKER, face_of
from huapai.games.biegan.search import structure
from huapai.games.biegan.units import DEFAULT_SCORING, SENTENCES
from huapai.games.biegan.waits import waits


def composed_hand(rng: random.Random) -> list[int]:
    """8 random units (句 or 坎) + a 听头 from one shuffled deck; retried until it fits."""
    while True:
        pool: dict[int, list[int]] = {}
        for code in rng.sample(DECK, len(DECK)):
            pool.setdefault(face_of(code), []).append(code)
        faces: list[int] = []
        for _ in range(8):
            kan = rng.random() < 0.35
            faces += [rng.randrange(22)] * 3 if kan else list(rng.choice(SENTENCES))
        pair = rng.random() < 0.4
        faces += [rng.randrange(22)] * 2 if pair else rng.sample(rng.choice(SENTENCES), 2)
        if all(len(pool.get(f, [])) >= faces.count(f) for f in set(faces)):
            hand = [pool[f].pop() for f in faces]
            return _maybe_joker(hand, pool, rng)


def _maybe_joker(hand: list[int], pool: dict[int, list[int]], rng: random.Random) -> list[int]:
    jing = [i for i, c in enumerate(hand) if face_of(c) in JING_FACES]
    if jing and rng.random() < 0.3:
        hand[rng.choice(jing)] = JOKER
    return hand


def mahjong_hand(rng: random.Random) -> tuple[list[int], int]:
    """A random 14-tile winning hand (4 sets + pair) in 136-format, and its win tile."""
    while True:
        kinds: list[int] = []
        for _ in range(4):
            if rng.random() < 0.6:
                suit, start = rng.randrange(3), rng.randrange(7)
                kinds += [suit * 9 + start + i for i in range(3)]
            else:
                kinds += [rng.randrange(34)] * 3
        kinds += [rng.randrange(34)] * 2
        if max(kinds.count(k) for k in kinds) <= 4:
            break
    used = [0] * 34
    tiles = []
    for k in kinds:
        tiles.append(k * 4 + used[k])
        used[k] += 1
    return sorted(tiles), rng.choice(tiles)


def median_us(run: Callable[[Any], object], items: Sequence[Any], before: Callable[[], object]
              | None = None) -> float:  # fmt: skip
    times = []
    for item in items:
        if before is not None:
            before()
        start = time.perf_counter()
        run(item)
        times.append(time.perf_counter() - start)
    return statistics.median(times) * 1e6


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=20240601)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    composed = [composed_hand(rng) for _ in range(args.hands)]
    dealt = [rng.sample(DECK, 26) for _ in range(args.hands)]
    short = [h[:i] + h[i + 1 :] for h in composed[: args.hands // 4] for i in [rng.randrange(26)]]
    composed = composed[args.hands // 4 :]  # the waits hands stay unseen by best_hand
    mj = [mahjong_hand(rng) for _ in range(args.hands)]
    calc = HandCalculator()
    clear = structure(DEFAULT_SCORING).clear

    peer = median_us(lambda h: calc.estimate_hand_value(h[0], h[1]), mj)
    rows = [
        ("best_hand, composed 26 cards, cold memo", median_us(best_hand, composed, clear)),
        ("best_hand, composed 26 cards (memo of other hands)", median_us(best_hand, composed)),
        ("best_hand, random 26-card deals", median_us(best_hand, dealt)),
        ("waits, composed 25 cards", median_us(waits, short)),
        ("waits, composed 25 cards, cold memo", median_us(waits, short, clear)),
    ]
    wins = sum(best_hand(h).wins for h in composed)
    print(f"hands: {args.hands} (seed {args.seed}); composed hands winning (≥17 胡): {wins}")
    print(f"{'mahjong estimate_hand_value, 14-tile winning hands':52s} {peer:9.1f} µs   1.00×")
    for label, us in rows:
        print(f"{label:52s} {us:9.1f} µs {us / peer:6.2f}×")


if __name__ == "__main__":
    main()
