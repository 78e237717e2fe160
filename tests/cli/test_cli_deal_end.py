"""The deal's end on an 80 × 24 terminal (a play-test: ≈ 45 lines of 双别杆's end left only
the breakdown's second half on screen — who won, on which card, had scrolled off), and the
prompts after a deal that show it again: 明细, 牌桌, 记录."""

from __future__ import annotations

import io
from collections.abc import Callable
from pathlib import Path

from rich.console import Console

from huapai.cli_support.play import HumanMatch
from huapai.cli_support.setup import load_table, make_bots

Reader = Callable[[str], str]


def _play(reader: Reader, *, terminal: bool = True, deals: int = 2) -> str:
    """A 双别杆 公安 match in Chinese at 80 columns (seed 7: the first deal is won on a
    discard); the screen as recorded."""
    table = load_table("biegan", "gongan", None, ())
    out = Console(width=80, height=24, record=True, force_terminal=terminal, file=io.StringIO())
    bots = {1: "heuristic", 2: "heuristic"}
    match = HumanMatch(table, 0, bots, make_bots(table, bots, 7), 7, deals, "zh", out, reader)
    assert match.run() == 0
    return out.export_text()


def _first_deal_end(screen: str) -> list[str]:
    """The lines of the first deal up to the settlement's last line."""
    lines = screen.splitlines()
    end = next(i for i, line in enumerate(lines) if "第 2/2 局" in line)
    return lines[:end]


def test_the_winner_and_the_result_are_the_screens_last_lines() -> None:
    """The breakdown first, then the final table with its 【结束】 line and the winner's
    units, then the payments and the results — last, by the prompt; the winner's line is
    in the 22 rows above it."""
    lines = _first_deal_end(_play(lambda prompt: "" if prompt.startswith("按回车") else "1"))
    breakdown = max(i for i, line in enumerate(lines) if line.strip() == "计分明细")
    over = max(i for i, line in enumerate(lines) if line.startswith("【结束】"))
    settled = max(i for i, line in enumerate(lines) if line.startswith("结算"))
    assert breakdown < over < settled, lines[breakdown:]
    winner = max(i for i, line in enumerate(lines) if "胡了" in line and line[0] != " ")
    assert len(lines) - winner <= 22, lines[winner:]
    assert lines[-1].startswith("座位2"), lines[-4:]  # the results table ends it


def test_after_a_deal_its_settlement_table_and_log_can_be_seen_again() -> None:
    """At 按回车开始第 2/2 局: 明细 prints the breakdown and the payments again, 牌桌 the final
    table, 记录 the deal's log (what a screen holds of its end), ? what may be typed;
    then Enter plays on. At a turn 明细 says the deal is not over, 记录 prints its log."""
    between = ["明细", "牌桌", "记录", "?", ""]
    at_turn = ["明细", "记录", "1"]

    def reader(prompt: str) -> str:
        if prompt.startswith("按回车"):
            return between.pop(0)
        return at_turn.pop(0) if at_turn else "1"

    screen = _play(reader)
    assert not between and not at_turn
    lines = _first_deal_end(screen)
    assert sum(line.strip() == "计分明细" for line in screen.splitlines()) >= 3
    assert "这一局还没打完：结算在局末" in screen
    log_at = next(i for i, line in enumerate(screen.splitlines())
                  if line.startswith("这一局最近的牌局记录"))
    shown = screen.splitlines()[log_at + 1:log_at + 21]
    assert all(line.startswith("  ") for line in shown), shown
    assert "「明细」：再看这一局的计分和结算" in screen
    assert lines  # the first deal's end came before the second


def test_piped_input_is_not_asked_between_deals() -> None:
    """Piped input plays straight on: no line of it is taken after a deal."""
    asked: list[str] = []

    def reader(prompt: str) -> str:
        asked.append(prompt)
        return "1"

    _play(reader, terminal=False)
    assert not any(p.startswith("按回车") for p in asked)


def test_a_card_or_a_hint_typed_between_deals_does_not_start_the_next() -> None:
    """A card (K) or 提示 typed at 按回车开始第 2/2 局 started the next deal unasked (a
    play-test): each is refused, naming what may be typed, and asked again; Enter plays on."""
    between = ["K", "提示", ""]
    asked: list[str] = []

    def reader(prompt: str) -> str:
        if prompt.startswith("按回车"):
            asked.append(prompt)
            return between.pop(0)
        return "1"

    screen = _play(reader)
    assert not between and len(asked) == 3 and all("第 2/2 局" in p for p in asked), asked
    assert "✗ 「K」不是回答：按回车开始下一局" in screen
    assert "✗ 「提示」不是回答" in screen


def test_the_record_is_on_disk_from_the_first_question(tmp_path: Path) -> None:
    """The record was written only at a deal's end (and on q / Ctrl-C): a terminal closed
    during the first deal left nothing to resume (a play-test). It is written before each
    question, whole (never half a file), and resumes from there."""
    from huapai.core.record import parse
    path = tmp_path / "m.jsonl"
    seen: list[int] = []

    def reader(prompt: str) -> str:
        if not prompt.startswith("按回车"):
            _, deals = parse(path.read_text(encoding="utf-8"))
            seen.append(len(deals[0].actions) if deals else -1)
        return "" if prompt.startswith("按回车") else "1"

    table = load_table("biegan", "gongan", None, ())
    out = Console(width=80, height=24, record=True, force_terminal=True, file=io.StringIO())
    bots = {1: "heuristic", 2: "heuristic"}
    match = HumanMatch(table, 0, bots, make_bots(table, bots, 7), 7, 1, "zh", out, reader,
                       record_path=path)
    assert match.run() == 0
    assert seen and seen[0] >= 0 and seen == sorted(seen), seen  # there, and growing
    assert not (tmp_path / "m.jsonl.part").exists()
