"""The fair shuffle: commitments, seeds and ``huapai verify RECORD``."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from huapai.core.random_bot import RandomBot
from huapai.core.record import dumps
from huapai.core.registry import get_game
from huapai.core.rng import seed_commitment
from huapai.core.session import Deal
from huapai.server.fairness import SeedSource, verify_text
from huapai.server.serve import verify


def _record(seed: int, preset: str = "lanzhou") -> list[dict[str, Any]]:
    game = get_game("xianniu")
    rules = game.rules(preset)
    deal = Deal.start(game, rules, seed=seed, dealer=1)
    deal.play_out([RandomBot(seed + i) for i in range(game.num_seats(rules))])
    lines = list(deal.record.lines())
    lines[0]["commitment"] = seed_commitment(seed)
    return lines


def test_a_kept_commitment_verifies() -> None:
    report = verify_text(dumps(_record(41)))
    assert report.ok and report.deals[0].seed == 41


@pytest.mark.parametrize(("change", "problem"), [
    (lambda h: h.update(seed=h["seed"] + 1), "does not match the commitment"),
    (lambda h: h.update(commitment=seed_commitment(7)), "does not match the commitment"),
    (lambda h: h.pop("commitment"), "no commitment"),
    (lambda h: h.update(seed=None), "reveals no seed"),
])
def test_a_broken_promise_is_caught(change: object, problem: str) -> None:
    lines = _record(42)
    assert callable(change)
    change(lines[0])
    report = verify_text(dumps(lines))
    assert not report.ok
    assert any(problem in p for p in report.deals[0].problems)


def test_a_seed_that_deals_something_else_is_caught() -> None:
    lines = _record(43)
    other = _record(44)
    lines[0]["deal"] = other[0]["deal"]
    report = verify_text(dumps(lines))
    assert any("does not give the recorded deal" in p for p in report.deals[0].problems)


def test_a_match_record_checks_every_deal() -> None:
    lines = [{"type": "match", "format": 1, "game": "xianniu", "rules": {}, "seed": None,
              "deals": 2}, *_record(45), *_record(46, "fengxiang")]
    assert verify_text(dumps(lines)).ok
    assert not verify_text("not json\n").ok


def test_verify_command_exit_codes(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    good = tmp_path / "good.jsonl"
    good.write_text(dumps(_record(47)), encoding="utf-8")
    verify(str(good))
    assert "verified" in capsys.readouterr().out
    lines = _record(47)
    lines[0]["seed"] = 1
    bad = tmp_path / "bad.jsonl"
    bad.write_text(dumps(lines), encoding="utf-8")
    with pytest.raises(SystemExit) as failed:
        verify(str(bad))
    assert failed.value.code == 1
    with pytest.raises(SystemExit) as missing:
        verify(str(tmp_path / "missing.jsonl"))
    assert missing.value.code == 2


def test_seed_source_is_reproducible_only_when_seeded() -> None:
    a, b = SeedSource(3), SeedSource(3)
    assert [a.deal_seed(), a.token(), a.code()] == [b.deal_seed(), b.token(), b.code()]
    assert 0 <= a.deal_seed() < 2**63 and len(a.code()) == 6
    fresh = {SeedSource().deal_seed() for _ in range(5)}
    assert len(fresh) == 5
