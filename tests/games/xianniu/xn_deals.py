"""Explicit deals and action scripts shared by the 掀牛 tests (A = seat 0 = 头家, B, C).

Each hand is 16 cards in card notation; xn_support.deal_of_hands checks that the three
make one deck. The comments say which test or source example each deal serves.
"""

from __future__ import annotations

from xn_support import A, B, C

Script = tuple[tuple[int, str], ...]

# [S002] 刺 example (reference §4.2 ex. 4): A takes 13 with 999 and two red-black 55.
CI_HANDS = (
    "9r 9r 9b 5r 5r 5b 5b K K K Q Q Q 7 8 2",
    "K 9b Q 7 7 7 8 8 8 2 2 J A A 3 3",
    "J J J 2 10 10 10 10 6 6 6 6 A A 3 3",
)
CI_SCRIPT: Script = (
    (A, "5r 5b"), (A, "5r 5b"), (A, "K K K"),
    (A, "扣了"), (B, "掀"), (A, "9r 9r 9b"), (A, "Q Q Q"),
    (A, "扣了"), (B, "扣了"), (C, "扣了"),
)

# Reference §4.2 ex. 1 and 2: 33 / 77 / 88, then red-black 55 and 鱼 answered by 摆.
TRICK_HANDS = (
    "3 3 6 A 2 3 5r 7 8 9b J J 10 Q Q K",
    "6 6 7 7 K K A 2 3 A 2 J 10 Q 5b 9r",
    "8 8 8 9r 9b 5r 5b K 10 2 J Q 7 A 10 6",
)

# Reference §4.2 ex. 3 (settlement without 刺), with leader_fold_forfeits_xian=False.
EX3_HANDS = (
    "8 8 8 8 Q Q 9r 9b 3 3 3 7 6 K J 10",
    "7 7 7 5r 5r 5b 6 6 9r Q K J J 10 A 3",
    "K K 2 2 2 2 5b 6 9b Q A A A J 10 10",
)
EX3_SCRIPT: Script = (
    (A, "3 3 3"), (B, "7 7 7"),           # B beats; C cannot answer 777
    (B, "5r 5r 5b"),                      # 555: incomparable, B has 6
    (B, "6 6"), (C, "K K"),               # A cannot beat KK
    (C, "扣了"), (A, "扣了"), (B, "掀"),   # B 掀 C (free: B reached 6)
    (C, "2 2 2 2"), (A, "8 8 8 8"),       # A takes 8888
    (A, "扣了"), (B, "扣了"), (C, "掀"),   # C 掀 A, 1st
    (A, "Q Q"),
    (A, "扣了"), (C, "掀"),               # B lost the right (auto 扣); C 掀 A, 2nd
    (A, "9r 9b"),                         # 16 on the table
)

# Reference §4.2 ex. 6: A leads KKKK, QQQ, red-black 55 → 9 on the table, then 紧牌.
JIN_HANDS = (
    "K K K K Q Q Q 5r 5b A 2 3 6 7 8 J",
    "Q 9r 9b 5r 5b A A 2 2 3 3 6 6 7 7 8",
    "A 2 3 6 7 8 8 9r 9b J J J 10 10 10 10",
)

# Table limit (G15) and the 16-card end: 14 on the table with A to lead.
CAP_HANDS = (
    "2 2 2 7 7 7 7 8 8 8 8 9b 9b 10 10 10",
    "K K K K Q Q Q Q J J J J 6 6 9r 10",
    "A A A A 3 3 3 3 5b 5b 5r 5r 6 6 2 9r",
)
CAP_SCRIPT: Script = (
    (A, "8 8 8 8"), (B, "K K K K"),       # B must beat; KKKK stands
    (B, "Q Q Q Q"), (B, "J J J J"),       # B 12
    (B, "6 6"), (A, "7 7"),               # C holds no pair over 66; A takes 77: 14
)
