"""The fair shuffle: commitments, seeds and ``huapai verify RECORD``."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from huapai.cli import app
from huapai.core.random_bot import RandomBot
from huapai.core.record import dumps
from huapai.core.registry import get_game
from huapai.core.rng import seed_commitment
from huapai.core.session import Deal
from huapai.server.fairness import SeedSource, verify_text


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
    assert any(problem in p.en for p in report.deals[0].problems)
    assert all(p.zh and p.zh != p.en for p in report.deals[0].problems)


def test_a_seed_that_deals_something_else_is_caught() -> None:
    lines = _record(43)
    other = _record(44)
    lines[0]["deal"] = other[0]["deal"]
    report = verify_text(dumps(lines))
    assert any("does not give the recorded deal" in p.en for p in report.deals[0].problems)


def test_a_match_record_checks_every_deal() -> None:
    lines = [{"type": "match", "format": 1, "game": "xianniu", "rules": {}, "seed": None,
              "deals": 2}, *_record(45), *_record(46, "fengxiang")]
    assert verify_text(dumps(lines)).ok
    assert not verify_text("not json\n").ok


def test_verify_command_exit_codes(tmp_path: Path) -> None:
    """``huapai verify`` says each deal's check in the command's language (第 1 局 / deal 1,
    the problem in words), exit 0 when kept, 1 when broken or the file is missing."""
    runner = CliRunner()
    good = tmp_path / "good.jsonl"
    good.write_text(dumps(_record(47)), encoding="utf-8")
    ok = runner.invoke(app, ["verify", str(good)])
    assert ok.exit_code == 0 and "✓ 第 1 局：发牌种子 47" in ok.output and "验证通过" in ok.output
    assert "verified: every seed" in runner.invoke(app, ["verify", str(good), "--lang",
                                                         "en"]).output
    lines = _record(47)
    lines[0]["seed"] = 1
    bad = tmp_path / "bad.jsonl"
    bad.write_text(dumps(lines), encoding="utf-8")
    failed = runner.invoke(app, ["verify", str(bad)])
    assert failed.exit_code == 1 and "公开的种子与承诺不符" in failed.output
    assert "验证失败" in failed.output and "match" not in failed.output  # no English
    english = runner.invoke(app, ["verify", str(bad), "--lang", "en"])
    assert "✗ deal 1: deal seed 1" in english.output and "verification FAILED" in english.output
    missing = runner.invoke(app, ["verify", str(tmp_path / "missing.jsonl")])
    assert missing.exit_code == 1 and "不存在" in missing.output
    folder = runner.invoke(app, ["verify", str(tmp_path)])  # as huapai replay says it
    assert folder.exit_code == 1 and "是一个文件夹" in folder.output
    text = dumps(_record(47)).splitlines()  # a line that is not JSON: which one, as
    broken = tmp_path / "broken.jsonl"  # replay and review say it (it said none)
    broken.write_text("\n".join([*text[:2], "{oops", *text[2:]]) + "\n", encoding="utf-8")
    unread = runner.invoke(app, ["verify", str(broken)])
    assert unread.exit_code == 1 and "✗ 记录读不出来（第 3 行）：不是 JSON" in unread.output
    said = runner.invoke(app, ["verify", str(broken), "--lang", "en"]).output
    assert "✗ record does not parse (line 3): not JSON" in said


def test_a_local_record_cannot_be_verified_and_is_not_said_to_fail(tmp_path: Path) -> None:
    """A record of a local game (``huapai play``: no commitment) is said to be unverifiable,
    not a failed check that suggests tampering (a terminal play-test read "验证失败");
    the exit code is 3, neither 0 (nothing was verified) nor 1 (a failed check)."""
    lines = [{k: v for k, v in line.items() if k != "commitment"} for line in _record(48)]
    local = tmp_path / "local.jsonl"
    local.write_text(dumps(lines), encoding="utf-8")
    said = CliRunner().invoke(app, ["verify", str(local)])
    assert said.exit_code == 3 and "无法验证" in said.output and "验证失败" not in said.output
    assert "– 第 1 局：发牌种子 48，开局承诺 无" in said.output and "✗" not in said.output
    english = CliRunner().invoke(app, ["verify", str(local), "--lang", "en"])
    assert "cannot verify" in english.output and "FAILED" not in english.output
    assert "种子确实发出记录里的牌" in said.output
    assert "seeds do deal its cards" in english.output


def test_a_local_record_whose_seed_does_not_deal_its_cards_fails(tmp_path: Path) -> None:
    """No commitment, but a seed: the seed must still deal the recorded cards (a
    researcher swapped two dealt cards of a local record and it was not noticed)."""
    lines = [{k: v for k, v in line.items() if k != "commitment"} for line in _record(48)]
    cards = lines[0]["deal"].split()
    first = next(i for i, c in enumerate(cards) if c != cards[0])
    cards[0], cards[first] = cards[first], cards[0]
    lines[0]["deal"] = " ".join(cards)
    report = verify_text(dumps(lines))
    assert not report.ok and "other_deal" in [p.code for p in report.deals[0].problems]
    swapped = tmp_path / "swapped.jsonl"
    swapped.write_text(dumps(lines), encoding="utf-8")
    said = CliRunner().invoke(app, ["verify", str(swapped)])
    assert said.exit_code == 1 and "验证失败" in said.output
    assert "用公开的种子发出的牌和记录里的不一样" in said.output


def test_seed_source_is_reproducible_only_when_seeded() -> None:
    a, b = SeedSource(3), SeedSource(3)
    assert [a.deal_seed(), a.token(), a.code()] == [b.deal_seed(), b.token(), b.code()]
    assert 0 <= a.deal_seed() < 2**63 and len(a.code()) == 6
    fresh = {SeedSource().deal_seed() for _ in range(5)}
    assert len(fresh) == 5
