"""Benchmark: the 秀山字牌 calculator against ``mahjong``'s HandCalculator, in one run.

Run: ``.venv/bin/python -m bench.bench_xiushan_calc [--hands N] [--seed S]``
(``mahjong`` comes with the project's ``bench`` extra: ``pip install -e '.[bench]'``).

Measured, each as the median over N hands (all seeded), 十八福 rules:

* ``score`` on random complete 21-card hands, made of 7 random groups (联子, 二七十,
  大小组合, 坎; sometimes a laid-down 碰 / 哨, or a 龙灯 with a 麻雀 instead of a group),
  with a random 将 — the full result, groups laid out (goal, issue 10 §5: ≤ 0.5× the
  peer);
* ``youzi_of`` on the same hands: the best 油子 only (the win check);
* ``waits`` on those hands with one concealed card removed (goal ≤ 3×);
* ``score`` of the same hands under 钵福 (油子 × 翻 over every cut class) and 三六福
  (名堂 豆, 坎 in the hand), the 名堂 search of issue 11 (no goal set);
* the peer: ``HandCalculator.estimate_hand_value`` on random 14-tile winning hands,
  as in ``bench_biegan_calc``.

Rows are timed in interleaved rounds so that a change in machine load affects them alike.
Untimed warm-up hands (``--warm``) fill the calculator's move table first, as a running
game or server has it.
"""

from __future__ import annotations

import random
from typing import Any

from mahjong.hand_calculating.hand import HandCalculator

from bench import args as cli
from bench.bench_biegan_calc import Row, interleaved_medians, mahjong_hand
from huapai.games.xiushan import search
from huapai.games.xiushan.calculator import read_hand, score, youzi_of
from huapai.games.xiushan.cards import COPIES, RANKS
from huapai.games.xiushan.groups import Kind, Meld
from huapai.games.xiushan.rules import BOFU, SANLIUFU, SHIBAFU
from huapai.games.xiushan.waits import waits

Position = tuple[list[int], list[Meld], int]


def _group(rng: random.Random) -> list[int]:
    big = RANKS if rng.random() < 0.5 else 0
    r, roll = rng.randrange(RANKS), rng.random()
    if roll < 0.5:
        r = rng.randrange(RANKS - 2)
        return [big + r, big + r + 1, big + r + 2]
    if roll < 0.6:
        return [big + 1, big + 6, big + 9]
    if roll < 0.85:
        return [r, r + RANKS, big + r]
    return [big + r] * 3


def composed_position(rng: random.Random) -> Position:
    """A complete 十八福 hand (concealed cards, melds, 将 rank) from random groups."""
    while True:
        melds: list[Meld] = []
        concealed: list[int] = []
        roll = rng.random()
        if roll < 0.2:
            melds.append(Meld(Kind.LONG, (rng.randrange(2 * RANKS),) * 4))
            concealed += [rng.randrange(2 * RANKS)] * 2
        elif roll < 0.4:
            melds.append(Meld(rng.choice((Kind.PENG, Kind.SHAO)), (rng.randrange(2 * RANKS),) * 3))
        while len(concealed) + 3 * len(melds) < SHIBAFU.hand_size - (1 if roll < 0.2 else 0):
            concealed += _group(rng)
        every = concealed + [c for m in melds for c in m.cards]
        if all(every.count(c) <= COPIES for c in set(every)):
            rng.shuffle(concealed)
            return concealed, melds, rng.randrange(RANKS)


def main() -> None:
    parser = cli.parser(__doc__)
    parser.add_argument("--hands", type=cli.count, default=2000, help="hands per kind of input")
    parser.add_argument("--seed", type=int, default=20261201, help="seed of the deals")
    parser.add_argument("--rounds", type=cli.count, default=5,
                        help="timed rounds (the median is reported)")
    parser.add_argument("--warm", type=int, default=500, help="warm-up hands, untimed")
    args = parser.parse_args()
    rng = random.Random(args.seed)
    positions = [composed_position(rng) for _ in range(args.hands)]
    checked = [read_hand(SHIBAFU, h, m, None, False, j, complete=True) for h, m, j in positions]
    short = [(h[1:], m, j) for h, m, j in positions[: args.hands // 4]]
    mj = [mahjong_hand(rng) for _ in range(args.hands)]
    calc = HandCalculator()
    # first-call set-up out of the timing, both sides; for the calculator that fills its
    # move table (a few thousand entries, shared by every hand for the process's life)
    warm = random.Random(args.seed + 1)
    for _ in range(args.warm):
        calc.estimate_hand_value(*mahjong_hand(warm))
        h, m, j = composed_position(warm)
        score(SHIBAFU, h, m, jiang=j)
        waits(SHIBAFU, h[1:], m, jiang=j)
        score(BOFU, h, m, jiang=j)
        score(SANLIUFU, h, m, jiang=j)

    def run_score(p: Any) -> object:
        return score(SHIBAFU, p[0], p[1], jiang=p[2])

    def run_waits(p: Any) -> object:
        return waits(SHIBAFU, p[0], p[1], jiang=p[2])

    rows: list[Row] = [
        ("mahjong estimate_hand_value, 14-tile winning hands",
         lambda h: calc.estimate_hand_value(h[0], h[1]), mj, None),
        ("score, complete 21-card hands (goal ≤ 0.5×)", run_score, positions, None),
        ("youzi_of, checked hands (win check)", lambda h: youzi_of(SHIBAFU, h), checked, None),
        ("waits, hands one short (goal ≤ 3×)", run_waits, short, None),
        ("score 钵福, 油子 × 翻 over cuts", lambda p: score(BOFU, p[0], p[1], jiang=p[2]),
         positions, None),
        ("score 三六福, 名堂 豆 over cuts", lambda p: score(SANLIUFU, p[0], p[1], jiang=p[2]),
         positions, None),
    ]  # fmt: skip
    medians = interleaved_medians(rows, args.rounds)
    wins = sum(score(SHIBAFU, h, m, jiang=j).wins for h, m, j in positions)
    print(f"hands: {args.hands} (seed {args.seed}, {args.rounds} interleaved rounds, "
          f"{args.warm} warm-up; move table {len(search._RELATIVE)} entries); "
          f"composed hands winning (≥18 胡): {wins}/{len(positions)}")  # fmt: skip
    peer = medians[0]
    for (label, *_), us in zip(rows, medians, strict=True):
        print(f"{label:52s} {us:9.1f} µs {us / peer:6.2f}×")


if __name__ == "__main__":
    main()
