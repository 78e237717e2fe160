"""Fair shuffle: commit to each deal's seed before play, reveal it after, verify offline.

Every deal gets a fresh 63-bit seed (never derived from another, so one revealed seed says
nothing about the next deal). The room publishes ``seed_commitment(seed)`` when the deal
starts and the seed when it ends; the downloaded record carries both in the deal header,
and :func:`verify_text` (``huapai verify RECORD``) checks that the seed hashes to the
commitment, that dealing with it gives exactly the recorded deal, and that the recorded
actions replay to the recorded result.
"""

from __future__ import annotations

import base64
import json
import random
import secrets
from dataclasses import dataclass, field
from typing import Any

from huapai.core.protocol import IllegalAction, NotationError, RulesError
from huapai.core.record import DealRecord, RecordError, ReplayError, parse, replay_deal
from huapai.core.registry import get_game
from huapai.core.rng import seed_commitment

_CODE_LETTERS = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"


class SeedSource:
    """Where the server's randomness comes from: the OS, or a seed (tests only)."""

    def __init__(self, seed: int | None = None) -> None:
        self._rng: random.Random = (
            secrets.SystemRandom() if seed is None else random.Random(seed)
        )

    def deal_seed(self) -> int:
        return self._rng.getrandbits(63)

    def token(self, nbytes: int = 24) -> str:
        raw = self._rng.getrandbits(nbytes * 8).to_bytes(nbytes, "big")
        return base64.urlsafe_b64encode(raw).decode().rstrip("=")

    def code(self, length: int = 6) -> str:
        return "".join(self._rng.choice(_CODE_LETTERS) for _ in range(length))


def commitment(seed: int) -> str:
    return seed_commitment(seed)


@dataclass(slots=True)
class DealCheck:
    index: int
    seed: int | None
    commitment: str | None
    problems: list[str] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return not self.problems


@dataclass(slots=True)
class VerifyReport:
    deals: list[DealCheck]
    problems: list[str] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return not self.problems and bool(self.deals) and all(d.ok for d in self.deals)

    def to_json(self) -> dict[str, Any]:
        return {
            "ok": self.ok,
            "problems": self.problems,
            "deals": [{"index": d.index, "seed": d.seed, "commitment": d.commitment,
                       "ok": d.ok, "problems": d.problems} for d in self.deals],
        }


def verify_text(text: str) -> VerifyReport:
    """Check every deal of a record (single deal or match) for a kept commitment."""
    try:
        _header, deals = parse(text)
    except RecordError as exc:
        return VerifyReport([], [f"record does not parse: {exc}"])
    commitments = _header_commitments(text)
    if len(commitments) != len(deals):
        return VerifyReport([], ["cannot pair deal headers with their commitments"])
    return VerifyReport([_check(i, d, c) for i, (d, c) in enumerate(zip(deals, commitments,
                                                                       strict=True))])


def _header_commitments(text: str) -> list[str | None]:
    out: list[str | None] = []
    for raw in text.splitlines():
        if not raw.strip():
            continue
        line = json.loads(raw)
        if line.get("type") == "deal":
            value = line.get("commitment")
            out.append(value if isinstance(value, str) else None)
    return out


def _check(index: int, deal: DealRecord, promised: str | None) -> DealCheck:
    check = DealCheck(index, deal.seed, promised)
    if deal.seed is None:
        check.problems.append("the deal header reveals no seed")
    if promised is None:
        check.problems.append("the deal header carries no commitment")
    if check.problems:
        return check
    assert deal.seed is not None and promised is not None
    if seed_commitment(deal.seed) != promised:
        check.problems.append("the revealed seed does not match the commitment")
    check.problems.extend(_deal_problems(deal, deal.seed))
    return check


def _deal_problems(deal: DealRecord, seed: int) -> list[str]:
    try:
        game = get_game(deal.game)
        rules = game.rules_from_dict(deal.rules)
        state = game.new_game(rules, seed=seed, dealer=deal.dealer)
        recorded = game.parse_deal(rules, deal.deal)
    except (RulesError, NotationError, IllegalAction) as exc:
        return [f"cannot deal from the header: {exc}"]
    problems = []
    if tuple(game.deal_of(state)) != tuple(recorded):
        problems.append("dealing with the revealed seed does not give the recorded deal")
    try:
        replay_deal(deal)
    except ReplayError as exc:
        problems.append(f"the actions do not replay: {exc}")
    return problems
