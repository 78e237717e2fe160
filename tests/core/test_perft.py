"""Perft-style counts: every case in tests/data/perft/*.json replays its record prefix
and must give the stated number of legal actions (and, if listed, exactly those)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
import toygame

from huapai.core.perft import PerftCase, load_perft, run_perft_case

PERFT = Path(__file__).resolve().parent.parent / "data" / "perft"


def _cases() -> list[Any]:
    out = []
    for path in sorted(PERFT.glob("*.json")):
        cases = json.loads(path.read_text(encoding="utf-8"))["cases"]
        out += [pytest.param(path, i, id=f"{path.stem}-{c.get('id', i)}")
                for i, c in enumerate(cases)]
    return out


def test_there_are_perft_files() -> None:
    assert len(_cases()) >= 10


@pytest.mark.parametrize(("path", "index"), _cases())
def test_perft_case(toy_games: None, path: Path, index: int) -> None:
    case = load_perft(path)[index]
    assert case.note, "every perft case explains its count"
    assert run_perft_case(case) == []


def _toy_case(**changes: Any) -> PerftCase:
    case = load_perft(PERFT / "toy.json")[1]
    return PerftCase(**{**{f: getattr(case, f) for f in case.__slots__}, **changes})


def test_wrong_counts_and_lists_are_reported(toy_games: None) -> None:
    assert run_perft_case(_toy_case()) == []
    problems = run_perft_case(_toy_case(legal=3, to_act=(2, 1), legal_actions=("pass",)))
    assert problems[0] == "to_act is (1, 2), expected (2, 1)"
    assert problems[1].startswith("seat 1 has 2 legal actions, expected 3: claim / pass")
    assert problems[2] == "legal actions are claim / pass; expected pass"


def test_a_finished_position_has_nobody_to_act(toy_games: None) -> None:
    rules = toygame.ToyRules(seats=3, hand_size=1)
    case = _toy_case(rules=rules, deal="0 | 1 | 2 | 0 0 1 1 2 2 3 3 3",
                     actions=((0, "play 0"),), to_act=None, seat=None)
    assert run_perft_case(case) == ["nobody is to act (the deal is over)"]


@pytest.mark.parametrize(
    ("content", "message"),
    [
        ({"format": 2, "cases": []}, "format"),
        ({"format": 1, "cases": []}, "non-empty"),
        ({"format": 1, "cases": [[1]]}, "a case is an object"),
        ({"format": 1, "cases": [{"game": "toy", "deal": "", "legal": 1}]}, "exactly one of"),
        ({"format": 1, "cases": [{"game": "toy", "preset": "duo", "legal": 1}]}, "'deal'"),
        ({"format": 1, "cases": [{"game": "toy", "preset": "duo", "deal": "", "legal": 1,
                                   "expected": 2}]}, "'expected'"),
    ],
)
def test_malformed_perft_files_are_refused(
    toy_games: None, tmp_path: Path, content: dict[str, Any], message: str
) -> None:
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(content), encoding="utf-8")
    with pytest.raises(ValueError, match=message):
        load_perft(path)
