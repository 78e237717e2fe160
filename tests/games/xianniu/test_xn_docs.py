"""The examples in docs/records.md and docs/notation.md are executed, so they stay true."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from xn_support import GAME, rules

from huapai.core import record
from huapai.core.protocol import NotationError
from huapai.games.xianniu.cards import format_counts, parse_counts

DOCS = Path(__file__).resolve().parents[3] / "docs"


def _jsonl_block() -> str:
    text = (DOCS / "records.md").read_text(encoding="utf-8")
    match = re.search(r"```jsonl\n(.*?)```", text, re.S)
    assert match is not None, "docs/records.md lost its example block"
    return match.group(1)


def test_records_example_replays_to_its_stated_result() -> None:
    """docs/records.md: the [S002] 刺 example record replays and its end line checks."""
    header, deals = record.parse(_jsonl_block())
    assert header is None and len(deals) == 1
    replay = record.replay_deal(deals[0])
    assert GAME.is_over(replay.final)
    assert GAME.settlement(replay.final).deltas == (35, -28, -7)


def test_records_example_tampered_result_is_refused() -> None:
    lines = [json.loads(line) for line in _jsonl_block().splitlines()]
    lines[-1]["deltas"] = [0, 0, 0]
    _, deals = record.parse(record.dumps(lines))
    with pytest.raises(record.ReplayError, match=r"stated result \[0, 0, 0\]"):
        record.replay_deal(deals[0])


def test_records_example_wrong_seat_names_index_seat_and_reason() -> None:
    """docs/records.md quotes this message."""
    lines = [json.loads(line) for line in _jsonl_block().splitlines()]
    lines[5]["seat"] = 2
    _, deals = record.parse(record.dumps(lines))
    with pytest.raises(record.ReplayError) as info:
        record.replay_deal(deals[0])
    message = str(info.value)
    assert message.startswith("action 4 (seat 2, '掀'): ")
    assert message.endswith("it is seat 1's turn, not seat 2's")  # the English part
    assert "it is seat 1's turn, not seat 2's" in (DOCS / "records.md").read_text(encoding="utf-8")


def test_records_bad_line_names_its_number() -> None:
    block = _jsonl_block().splitlines()
    block[2] = "{not json"
    with pytest.raises(record.RecordError, match=r"^line 3: not JSON"):
        record.parse("\n".join(block))


def _table_rows(heading: str) -> list[tuple[str, str]]:
    """The two-column `input` | `output` rows of the table after ``heading`` in notation.md."""
    text = (DOCS / "notation.md").read_text(encoding="utf-8")
    section = text.split(heading, 1)[1].split("\n\n", 2)[1]
    return re.findall(r"^\| `([^`]*)` \| `([^`]*)` \|$", section, re.M)


def test_notation_doc_examples() -> None:
    rows = _table_rows("Examples (input → canonical poker form):")
    assert len(rows) == 8
    for text, shown in rows:
        assert format_counts(parse_counts(text), "poker") == shown


def test_notation_doc_errors() -> None:
    rows = _table_rows("Errors name what is wrong; the English part reads:")
    assert len(rows) == 4
    for text, message in rows:
        with pytest.raises(NotationError) as info:
            parse_counts(text)
        assert str(info.value).endswith(message)  # Chinese first, then this English part


def test_notation_doc_action_space_sizes() -> None:
    text = (DOCS / "notation.md").read_text(encoding="utf-8")
    assert f"{GAME.num_actions(rules('lanzhou'))} for `lanzhou`" in text
    assert f"{GAME.num_actions(rules('fengxiang'))} for `fengxiang`" in text
