"""``automatic``: 请统 with nothing to 紮 is the only choice the engine lets a driver make
for a person (不紮); everywhere else, and for a seat holding a four, nobody but the seat
answers. It is an ordinary action: games that take it replay unchanged. ``paced``: every
请统 answer (and only those) waits for the same pause."""

from __future__ import annotations

import random

from huapai.core.registry import get_game
from huapai.games.biegan.state import PASS

GAME = get_game("biegan")


def test_automatic_is_pass_exactly_at_a_qingtong_with_pass_alone() -> None:
    seen = {"auto": 0, "asked": 0}
    for preset in ("gongan", "danbiegan", "gongan-app"):
        rules = GAME.rules(preset)
        for seed in range(60):
            state = GAME.new_game(rules, seed=seed)
            rng = random.Random(seed)
            while not GAME.is_over(state):
                seat = GAME.to_act(state)[0]
                legal = list(GAME.legal_actions(state, seat))
                auto = GAME.automatic(state, seat)
                qingtong = GAME.observe(state, seat)["phase"] == "qingtong"
                if qingtong and legal == [PASS]:
                    assert auto == PASS
                    seen["auto"] += 1
                else:
                    assert auto is None, (preset, seed, legal)
                    seen["asked" if qingtong else "other"] = 1
                assert GAME.paced(state, seat) == qingtong  # every 请统 answer waits
                for other in range(3):  # nobody else is answered for, or paced
                    if other not in GAME.to_act(state):
                        assert GAME.automatic(state, other) is None
                        assert not GAME.paced(state, other)
                state, _ = GAME.apply(state, seat, auto if auto is not None else rng.choice(legal))
    assert seen["auto"] and seen["asked"]
