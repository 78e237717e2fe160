"""Benchmark: the 双别杆花牌 calculator against ``mahjong``'s HandCalculator, in one run.

Run: ``.venv/bin/python bench/bench_biegan_calc.py [--hands N] [--seed S]``
(``mahjong`` comes with the project's ``bench`` extra: ``pip install -e '.[bench]'``).

Measured, each as the median over N hands (all seeded):

* ``best_hand`` on random *winning-shaped* 26-card hands, made by composing 8 random
  units (句 or 坎, sometimes a 精 swapped for a 赖子) and a 听头 — the full result, units
  laid out (goal, issue 3 §5: no slower than the peer);
* ``hand_value`` on the same hands: the best 胡 only, no units (the engine's win check);
* ``best_hand`` on purely random 26-card deals (most do not decompose);
* ``waits`` on random 25-card hands (a composed hand with one card removed; goal:
  within 10× of the peer);
* the peer: ``HandCalculator.estimate_hand_value`` on random 14-tile winning hands
  (4 sets + pair), win tile drawn from the hand.

The rows are timed in interleaved rounds (each round a slice of every row's hands), so
that a change in machine load affects them alike. The wait search's structure table
(:meth:`.Structure.shapes`) memoises sub-hands across calls, as in a game; the "cold"
row clears it before every hand.
"""

from __future__ import annotations

import random
import statistics
import time
from collections.abc import Callable, Sequence
from typing import Any

from mahjong.hand_calculating.hand import HandCalculator

from bench import args as cli
from huapai.games.biegan.calculator import best_hand, hand_value
from huapai.games.biegan.cards import DECK, JING_FACES, JOKER, face_of
from huapai.games.biegan.facevalues import structure
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


Row = tuple[str, Callable[[Any], object], Sequence[Any], Callable[[], object] | None]


def interleaved_medians(rows: Sequence[Row], rounds: int) -> list[float]:
    """Median µs per call of each row, timed round-robin in ``rounds`` slices."""
    times: list[list[float]] = [[] for _ in rows]
    for r in range(rounds):
        for i, (_, run, items, before) in enumerate(rows):
            for item in items[r::rounds]:
                if before is not None:
                    before()
                start = time.perf_counter()
                run(item)
                times[i].append(time.perf_counter() - start)
    return [statistics.median(t) * 1e6 for t in times]


def main() -> None:
    parser = cli.parser(__doc__)
    parser.add_argument("--hands", type=cli.count, default=2000, help="hands per kind of input")
    parser.add_argument("--seed", type=int, default=20240601, help="seed of the deals")
    parser.add_argument("--rounds", type=cli.count, default=5,
                        help="timed rounds (the median is reported)")
    args = parser.parse_args()
    rng = random.Random(args.seed)
    composed = [composed_hand(rng) for _ in range(args.hands)]
    dealt = [rng.sample(DECK, 26) for _ in range(args.hands)]
    short = [h[:i] + h[i + 1 :] for h in composed[: args.hands // 4] for i in [rng.randrange(26)]]
    composed = composed[args.hands // 4 :]  # the waits hands stay unseen by best_hand
    mj = [mahjong_hand(rng) for _ in range(args.hands)]
    calc = HandCalculator()
    clear = structure(DEFAULT_SCORING).clear
    warm = random.Random(args.seed + 1)  # first-call set-up out of the timing, both sides
    for _ in range(50):
        calc.estimate_hand_value(*mahjong_hand(warm))
        best_hand(composed_hand(warm))

    rows: list[Row] = [
        ("mahjong estimate_hand_value, 14-tile winning hands",
         lambda h: calc.estimate_hand_value(h[0], h[1]), mj, None),
        ("best_hand, composed 26 cards (goal ≤ 1×)", best_hand, composed, None),
        ("hand_value, composed 26 cards (no units)", hand_value, composed, None),
        ("best_hand, random 26-card deals", best_hand, dealt, None),
        ("waits, composed 25 cards (goal ≤ 10×)", waits, short, None),
        ("waits, composed 25 cards, cold structure memo", waits, short, clear),
    ]  # fmt: skip
    medians = interleaved_medians(rows, args.rounds)
    wins = sum(best_hand(h).wins for h in composed)
    print(f"hands: {args.hands} (seed {args.seed}, {args.rounds} interleaved rounds); "
          f"composed hands winning (≥17 胡): {wins}/{len(composed)}")  # fmt: skip
    peer = medians[0]
    for (label, *_), us in zip(rows, medians, strict=True):
        print(f"{label:52s} {us:9.1f} µs {us / peer:6.2f}×")


if __name__ == "__main__":
    main()
