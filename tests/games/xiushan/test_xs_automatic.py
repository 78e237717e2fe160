"""``automatic``: a seat's only answer to a shown card — 过 on a discard or on its own
堂子头 card that it can do nothing with, a forced 碰 / 开召 / 鸡 / 哨 / 龙灯 — is made for a
person by a driver; a choice (胡 or not, which card to discard, 钵福's 报子) stays the
seat's. ``paced``: every answer to a shown card (a claim window, the drawer's own card), and
only there, waits for the same pause."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from huapai.core.registry import get_game

GAME = get_game("xiushan")


@pytest.mark.parametrize("preset", ["maquefu", "shibafu", "bofu"])
def test_automatic_is_the_only_answer_to_a_shown_card(preset: str) -> None:
    rules = GAME.rules(preset)
    seen: Counter[str] = Counter()
    for seed in range(12):
        state = GAME.new_game(rules, seed=seed)
        rng = random.Random(seed)
        while not GAME.is_over(state):
            asked = GAME.to_act(state)
            for seat in range(GAME.num_seats(rules)):
                legal = list(GAME.legal_actions(state, seat))
                view = GAME.observe(state, seat)
                shown = view["phase"] in ("window", "drawn") and seat in asked
                owed = bool(view.get("owed"))
                auto = GAME.automatic(state, seat)
                sole = legal[0] if shown and not owed and len(legal) == 1 else None
                assert auto == sole, (seed, view["phase"], legal)
                assert GAME.paced(state, seat) == shown
                if shown:
                    name = "asked" if auto is None else GAME.format_action(rules, auto)
                    seen[f"{view['phase']} {name}"] += 1
            seat = asked[0]
            choice = GAME.automatic(state, seat)
            state, _ = GAME.apply(state, seat, choice if choice is not None
                                  else rng.choice(list(GAME.legal_actions(state, seat))))
    assert seen["window 过"] and seen["drawn 过"] and seen["window asked"], seen
    assert seen["window 碰"], seen  # forced_claims is on in every preset
    if preset == "shibafu":
        assert seen["drawn 哨"], seen  # one's own draw always makes its 哨 [S]
