"""Shared helpers of the CLI tests: invoking the app and scripting a human player."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from typer.testing import CliRunner, Result

from huapai.bots import registry as bot_registry
from huapai.cli import app
from huapai.cli_support.setup import bot_plan, load_table, make_bots
from huapai.core.match import Match
from huapai.core.session import Agent

runner = CliRunner()

Chooser = Callable[[Sequence[str]], str]


def invoke(args: Sequence[str], stdin: str | None = None) -> Result:
    return runner.invoke(app, list(args), input=stdin)


def play_against(name: str, agent: Agent) -> Result:
    """``huapai play --seed 3`` against a test bot registered as ``name`` for the call
    (every bot seat plays ``agent``); the human quits at its first prompt."""
    bot_registry.register_bot(name, lambda g, r, s, seed: agent)
    try:
        return invoke(["play", "--seed", "3", "--bots", name], "q\n")
    finally:
        bot_registry.unregister_bot(name)


def assert_clean(result: Result, code: int) -> None:
    """The command ended with ``code`` and without a traceback or an internal error."""
    assert "Traceback" not in result.output, result.output
    assert result.exit_code == code, (result.exit_code, result.output, result.exception)
    if result.exception is not None:
        assert isinstance(result.exception, SystemExit), repr(result.exception)


def first(texts: Sequence[str]) -> str:
    return texts[0]


def last(texts: Sequence[str]) -> str:
    return texts[-1]


def as_typed(text: str) -> str:
    """How a person types an action's text: ``=`` before one that looks like a number."""
    return "=" + text if text.isdecimal() else text


def script_human(
    *, preset: str, seed: int, deals: int, seat: int, bots: str,
    players: int | None = None, choose: Chooser = first,
) -> tuple[list[str], list[int]]:
    """Play the match ``huapai play`` would, answering for ``seat`` with ``choose``.

    Reads each decision's legal list from the game itself; returns the lines the human
    types and the final totals the match must reach.
    """
    table = load_table("xianniu", preset, players)
    others = [s for s in range(table.seats) if s != seat]
    agents = make_bots(table, bot_plan(table, bots, others), seed)
    game, rules = table.game, table.rules
    match = Match(game, rules, deals, seed)
    lines: list[str] = []
    while not match.finished:
        deal = match.start_deal()
        while not deal.over:
            seats = game.to_act(deal.state)
            who = seat if seat in seats else seats[0]
            legal = game.legal_actions(deal.state, who)
            if who == seat and len(legal) == 1:
                action = legal[0]  # a forced move: play does it without asking
            elif who == seat:
                text = choose([game.format_action(rules, a) for a in legal])
                lines.append(as_typed(text))
                action = game.parse_action(rules, text)
            else:
                action = agents[who].act(game.observe(deal.state, who), legal)
            deal.act(who, action)
        match.finish_deal()
    return lines, list(match.totals)


def totals_line(totals: Sequence[int]) -> str:
    """The Chinese end-of-match line for these totals, human at seat 0."""
    names = ["你"] + [f"座位{s}" for s in range(1, len(totals))]
    return "  ".join(f"{n} {t:+d}" if t else f"{n} 0" for n, t in zip(names, totals, strict=True))
