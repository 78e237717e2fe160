"""凤翔 with 5 players, 五家抱, in the terminal: the table says which sitter backs which
player, as the browser does, so the settlement's 五家抱 line does not come from nowhere."""

from __future__ import annotations

from rich.console import Console

from huapai.cli_support.i18n import Lang
from huapai.cli_support.render import RenderContext, renderer_for
from huapai.core.registry import get_game
from huapai.games.xianniu.scoring import backers


def _shown(lang: Lang, dealer: int, players: int = 5) -> tuple[str, dict[int, int]]:
    game = get_game("xianniu")
    rules = game.rules("fengxiang", players=players)
    state = game.new_game(rules, seed=dealer, dealer=dealer)
    console = Console(width=160, record=True)
    view = game.observe(state, 0)
    console.print(renderer_for(game).table(view, RenderContext(game, rules, lang, me=0)))
    return console.export_text(), backers(state)


def _row(text: str, name: str) -> str:
    return next(line for line in text.splitlines() if line.startswith(name + " "))


def test_the_table_names_who_backs_whom() -> None:
    for dealer in range(5):
        text, pairs = _shown("zh", dealer)
        assert len(pairs) == 2
        for partner, backer in pairs.items():
            p_name, b_name = (("你" if s == 0 else f"座位{s}") for s in (partner, backer))
            assert f"抱{p_name}" in _row(text, b_name), text
            assert f"{b_name}抱" in _row(text, p_name), text
        english, _ = _shown("en", dealer)
        for partner, backer in pairs.items():
            p_name, b_name = (("you" if s == 0 else f"seat {s}") for s in (partner, backer))
            assert f"backs {p_name}" in _row(english, b_name), english
            assert f"backed by {b_name}" in _row(english, p_name), english


def test_a_sitting_player_is_told_whom_it_backs() -> None:
    """With 5 players both sitters back a player; with 4 the one sitter only watches."""
    told = 0
    for dealer in range(5):
        text, pairs = _shown("zh", dealer)
        partner = next((p for p, b in pairs.items() if b == 0), None)
        if partner is not None:
            told += 1
            name = f"座位{partner}"
            assert f"你这局歇家，抱{name}（五家抱：{name} 的输赢你担一半），观看中" in text
            english, _ = _shown("en", dealer)
            assert f"you sit this deal out (歇家) and back seat {partner} (五家抱" in english
    assert told == 2
    four = [_shown("zh", dealer, players=4)[0] for dealer in range(4)]
    idle = [text for text in four if "你这局歇家" in text]
    assert len(idle) == 1 and "你这局歇家，观看中" in idle[0] and "抱" not in idle[0]
