"""秀山's 听 at a discard says what each discard would wait on (it said only 现在不听牌 at
every discard: a terminal play-test) — worked out from the seat's view alone, and the
same waits, worth and copies left as the engine's own ``my_waits`` once that discard is
made; and a claim of the player's that another seat's outranked is said not made."""

from __future__ import annotations

from pathlib import Path

import pytest
from cli_helpers import invoke
from rich.cells import cell_len

from huapai.bots.registry import make_bot
from huapai.cli_support.families.xiushan_advice import discard_waits
from huapai.cli_support.render import RenderContext, renderer_for, waits_view
from huapai.core.registry import get_game

_KEYS = ("card", "score", "score_self_drawn", "remaining")


@pytest.mark.parametrize("preset", ["maquefu", "shibafu", "bofu", "sanliufu"])
def test_each_discards_waits_are_the_engines_once_it_is_made(preset: str) -> None:
    game = get_game("xiushan")
    rules = game.rules(preset)
    checked = waiting = 0
    for seed in range(3):
        state = game.new_game(rules, seed=seed)
        bots = {s: make_bot("heuristic", game, rules, s, seed)
                for s in range(game.num_seats(rules))}
        while not game.is_over(state):
            seat = game.to_act(state)[0]
            view = game.observe(state, seat)
            action = bots[seat].act(view, game.legal_actions(state, seat))
            options = dict(discard_waits(view, RenderContext(game, rules, "zh", seat)))
            text = str(game.format_action(rules, action))
            state = game.apply(state, seat, action)[0]
            if not text.startswith("打 "):
                assert not options
                continue
            said = [{k: w.to_json()[k] for k in _KEYS} for w in options.get(text[2:], [])]
            engine = [{k: w[k] for k in _KEYS}
                      for w in game.observe(state, seat).get("my_waits") or []]
            assert said == engine, (preset, seed, view["hand"], text)
            checked += 1
            waiting += bool(engine)
    assert checked > 20 and waiting > 0, (checked, waiting)


def test_the_prompt_says_them_in_either_language() -> None:
    game = get_game("xiushan")
    rules = game.rules("maquefu")
    renderer = renderer_for(game)
    for seed in range(6):
        state = game.new_game(rules, seed=seed)
        bots = {s: make_bot("heuristic", game, rules, s, seed) for s in range(4)}
        while not game.is_over(state):
            seat = game.to_act(state)[0]
            view = game.observe(state, seat)
            options = discard_waits(view, RenderContext(game, rules, "zh", seat))
            if options and not view.get("my_waits"):
                card, found = options[0]
                zh = _plain(waits_view(renderer, view, RenderContext(game, rules, "zh", seat)))
                en = _plain(waits_view(renderer, view, RenderContext(game, rules, "en", seat)))
                assert f"打 {card} → 听 {found[0].to_json()['card']}" in zh, zh
                assert f"discard {card} → waits on {found[0].to_json()['card']}" in en, en
                return
            action = bots[seat].act(view, game.legal_actions(state, seat))
            state = game.apply(state, seat, action)[0]
    pytest.fail("no discard left a wait in six deals")


def _plain(renderable: object) -> str:
    from rich.console import Console

    console = Console(width=200, record=True)
    console.print(renderable)
    return console.export_text()


def test_a_claim_another_outranked_is_said_not_made() -> None:
    """已替你选：碰, then the other seat's 和 and no word of the 碰 (a terminal play-test)."""
    args = ["play", "xiushan", "--preset", "shibafu", "--seed", "18", "--deals", "1",
            "--bots", "heuristic"]
    zh = invoke(args, "1\n" * 400)
    assert zh.exit_code == 0, zh.output
    said = zh.output.index("你的碰没有成：座位1在先")
    assert zh.output.rindex("只有一种走法，已替你选：碰", 0, said) < \
        zh.output.rindex("座位1 和了", 0, said)
    en = invoke([*args, "--lang", "en"], "1\n" * 400)
    assert "was not made: seat 1 came first" in en.output, en.output[-2000:]


def test_a_long_line_of_the_replay_keeps_its_indent(tmp_path: Path) -> None:
    """A 和 line of 121 columns broke at the terminal's edge and went on at column 0 (a
    terminal play-test): each part is indented under its move, within the width."""
    path = tmp_path / "m.jsonl"
    args = ["play", "xiushan", "--preset", "shibafu", "--seed", "18", "--deals", "1",
            "--bots", "heuristic", "--record", str(path)]
    assert invoke(args, "1\n" * 400).exit_code == 0
    shown = invoke(["replay", str(path)])
    assert shown.exit_code == 0, shown.output
    lines = shown.output.splitlines()
    at = next(i for i, line in enumerate(lines) if "和了" in line)
    assert cell_len(lines[at]) > 60 and lines[at + 1].startswith("      "), lines[at:at + 2]
    assert all(cell_len(line) <= 80 for line in lines[at:at + 3]), lines[at:at + 3]
