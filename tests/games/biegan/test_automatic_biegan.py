"""``automatic``: 请统 with nothing to 紮 (不紮) and a claim window with nothing to claim
(过) are the only choices the engine lets a driver make for a person; everywhere else, and
for a seat holding a four or a claim, nobody but the seat answers. It is an ordinary
action: games that take it replay unchanged. ``paced``: every answer at 请统 and in a
claim window (and only those) waits for the same pause."""

from __future__ import annotations

import random

from huapai.core.registry import get_game
from huapai.games.biegan.state import PASS

GAME = get_game("biegan")


def test_automatic_is_pass_exactly_where_pass_is_alone_at_qingtong_or_a_window() -> None:
    seen = {"auto": 0, "asked": 0, "window": 0}
    for preset in ("gongan", "danbiegan", "gongan-app"):
        rules = GAME.rules(preset)
        for seed in range(60):
            state = GAME.new_game(rules, seed=seed)
            rng = random.Random(seed)
            while not GAME.is_over(state):
                seat = GAME.to_act(state)[0]
                legal = list(GAME.legal_actions(state, seat))
                auto = GAME.automatic(state, seat)
                phase = GAME.observe(state, seat)["phase"]
                asking = phase in ("qingtong", "window")
                if asking and legal == [PASS]:
                    assert auto == PASS
                    seen["auto"] += 1
                    seen["window"] += phase == "window"
                else:
                    assert auto is None, (preset, seed, legal)
                    seen["asked" if asking else "other"] = 1
                assert GAME.paced(state, seat) == asking  # every such answer waits
                for other in range(3):  # nobody else is answered for, or paced
                    if other not in GAME.to_act(state):
                        assert GAME.automatic(state, other) is None
                        assert not GAME.paced(state, other)
                state, _ = GAME.apply(state, seat, auto if auto is not None else rng.choice(legal))
    assert seen["auto"] and seen["asked"] and seen["window"]
