"""五家抱 in the view: who backs whom is public table data (the settlement uses the same)."""

from __future__ import annotations

from xn_support import GAME, rules

from huapai.games.xianniu.scoring import backers


def test_five_players_view_names_the_backers() -> None:
    r = rules("fengxiang", players=5)
    for dealer in range(5):
        state = GAME.new_game(r, seed=dealer, dealer=dealer)
        view = GAME.observe(state, None)
        head, _, tail = state.active
        assert backers(state) == {head: (head - 1) % 5, tail: (tail + 1) % 5}
        assert view["backed_by"][head] == (head - 1) % 5 and view["backs"][(head - 1) % 5] == head
        assert view["backed_by"][tail] == (tail + 1) % 5 and view["backs"][(tail + 1) % 5] == tail
        assert sum(b is not None for b in view["backs"]) == 2


def test_three_and_four_players_have_no_backers() -> None:
    for players in (3, 4):
        view = GAME.observe(GAME.new_game(rules("fengxiang", players=players), seed=1), 0)
        assert all(b is None for b in view["backs"]) and all(b is None for b in view["backed_by"])
