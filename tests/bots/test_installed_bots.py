"""A researcher's bot from an installed package (entry-point group ``huapai.bots``) is a bot
of every game for every command: ``huapai arena --bots mybot,…`` knew only the families'
bots, so an agent of one's own could be measured from Python only (a researcher's
play-test). The entry points are the package's; here they are handed in as installed."""

from __future__ import annotations

import json
from importlib.metadata import EntryPoint
from pathlib import Path

import pytest
from typer.testing import CliRunner

from huapai.bots import registry
from huapai.bots.registry import BotDeclarationError, bot_names, make_bot, register_bot
from huapai.cli import app
from huapai.core.registry import get_game

_MODULE = '''
class LastLegal:
    """Plays the last legal action."""

    def __init__(self, game, rules, seat, seed):
        self.seat = seat

    def act(self, view, legal):
        return legal[-1]
'''


def _installed(monkeypatch: pytest.MonkeyPatch, tmp_path: Path, *entries: tuple[str, str]) -> None:
    (tmp_path / "mybots_for_test.py").write_text(_MODULE, encoding="utf-8")
    monkeypatch.syspath_prepend(str(tmp_path))
    points = [EntryPoint(name, value, registry.BOT_GROUP) for name, value in entries]
    monkeypatch.setattr(registry, "entry_points",
                        lambda group: points if group == registry.BOT_GROUP else [])
    monkeypatch.setattr(registry, "_installed_bots", None)


def test_an_installed_bot_plays_every_game(monkeypatch: pytest.MonkeyPatch,
                                           tmp_path: Path) -> None:
    _installed(monkeypatch, tmp_path, ("lastlegal", "mybots_for_test:LastLegal"))
    for name in ("xianniu", "biegan", "xiushan"):
        assert "lastlegal" in bot_names(name)
        game = get_game(name)
        rules = next(iter(game.presets().values()))
        state = game.new_game(rules, seed=1)
        seat = game.to_act(state)[0]
        bot = make_bot("lastlegal", game, rules, seat, 1)
        legal = game.legal_actions(state, seat)
        assert bot.act(game.observe(state, seat), legal) == legal[-1]
    with pytest.raises(ValueError, match="already registered"):
        register_bot("lastlegal", "elsewhere:Bot")


def test_the_arena_command_seats_it(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    _installed(monkeypatch, tmp_path, ("lastlegal", "mybots_for_test:LastLegal"))
    result = CliRunner().invoke(app, ["arena", "xiushan", "--preset", "shibafu", "--bots",
                                      "lastlegal,heuristic,heuristic", "--deals", "2",
                                      "--seed", "1", "--json"])
    assert result.exit_code == 0, result.output
    names = [row["bot"] for row in json.loads(result.stdout)["entrants"]]
    assert "lastlegal" in names, names


@pytest.mark.parametrize(("entry", "said"), [
    (("bad-name", "mybots_for_test:LastLegal"), "a bot is name = 'module:attr'"),
    (("lastlegal", "mybots_for_test"), "a bot is name = 'module:attr'"),
    (("heuristic", "mybots_for_test:LastLegal"), "bot 'heuristic' of .*: the name is taken"),
    (("random", "mybots_for_test:LastLegal"), "the name is taken"),
])
def test_a_bad_declaration_is_refused_naming_it(monkeypatch: pytest.MonkeyPatch,
                                                tmp_path: Path, entry: tuple[str, str],
                                                said: str) -> None:
    _installed(monkeypatch, tmp_path, entry)
    with pytest.raises(BotDeclarationError, match=said):
        bot_names("xianniu")
    # the command line says it in one line, as a misdeclared family (no traceback)
    result = CliRunner().invoke(app, ["simulate", "--games", "1", "--bots", "random"])
    assert result.exit_code == 1 and "Traceback" not in result.output, result.output
    assert f"bot {entry[0]!r} of " in result.output, result.output
