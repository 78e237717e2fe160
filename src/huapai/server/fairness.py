"""Fair shuffle: commit to each deal's seed before play, reveal it after, verify offline.

Every deal gets a fresh 63-bit *server seed* (never derived from another, so one revealed
seed says nothing about the next deal). The room publishes ``seed_commitment(server
seed)`` before the deal (the ``shuffle`` message); each seated player's client then
sends a nonce of its own, and the deal is dealt from

    seed = deal_seed(server seed, nonces in seat order)

(:func:`deal_seed`; a seat that sent nothing in the short window contributes ``""``; when
no seat sent one the seed is the server seed itself, as before nonces), so the server,
bound by its commitment before it saw a nonce, cannot choose the deal. The first deal of
a match draws its first dealer (扳牌 for 掀牛) from a second committed server seed mixed
with the same nonces (:func:`banpai_seed`). The room reveals the server seeds and the
nonces when the deal ends; the downloaded record carries them in the deal header, and
:func:`verify_text` (``huapai verify RECORD``) checks that each server seed hashes to its
commitment, that the deal seed and the 扳牌 seed follow from the parts, that the 扳牌 seed
draws the recorded first dealer, that dealing gives exactly the recorded deal, and that
the recorded actions replay to the recorded result. Records from before nonces (no
``server_seed``) are checked as before: the seed itself hashes to the commitment.
"""

from __future__ import annotations

import base64
import hashlib
import json
import random
import re
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


NONCE = re.compile(r"[0-9a-f]{16,64}")  # what a client may contribute: 8..32 bytes as hex


def _mixed(kind: str, server_seed: int, nonces: list[str | None]) -> int:
    if not any(nonces):
        return server_seed
    text = f"huapai-{kind}:{server_seed}:" + ":".join(n or "" for n in nonces)
    return int.from_bytes(hashlib.sha256(text.encode()).digest()[:8], "big") >> 1


def deal_seed(server_seed: int, nonces: list[str | None]) -> int:
    """The deal's seed: the first 63 bits of SHA-256("huapai-deal:<server seed>:<nonce
    of seat 0>:<nonce of seat 1>…"), a missing nonce written as nothing; the server seed
    itself when no seat sent a nonce."""
    return _mixed("deal", server_seed, nonces)


def banpai_seed(server_seed: int, nonces: list[str | None]) -> int:
    """The seed of a match's first-dealer draw (扳牌) from its own server seed: as
    :func:`deal_seed`, with ``huapai-banpai:``."""
    return _mixed("banpai", server_seed, nonces)


@dataclass(slots=True)
class DealCheck:
    index: int
    seed: int | None
    commitment: str | None
    problems: list[str] = field(default_factory=list)
    server_seed: int | None = None
    nonces: list[str | None] | None = None

    @property
    def ok(self) -> bool:
        return not self.problems

    def to_json(self) -> dict[str, Any]:
        nonces = self.nonces
        return {"index": self.index, "seed": self.seed, "commitment": self.commitment,
                "server_seed": self.server_seed, "nonces": nonces,
                "contributed": None if nonces is None else [
                    i for i, n in enumerate(nonces) if n],
                "ok": self.ok, "problems": self.problems}


@dataclass(slots=True)
class VerifyReport:
    deals: list[DealCheck]
    problems: list[str] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return not self.problems and bool(self.deals) and all(d.ok for d in self.deals)

    def to_json(self) -> dict[str, Any]:
        return {"ok": self.ok, "problems": self.problems,
                "deals": [d.to_json() for d in self.deals]}


def verify_text(text: str) -> VerifyReport:
    """Check every deal of a record (single deal or match) for a kept commitment."""
    try:
        _header, deals = parse(text)
    except RecordError as exc:
        return VerifyReport([], [f"record does not parse: {exc}"])
    headers = _deal_headers(text)
    if len(headers) != len(deals):
        return VerifyReport([], ["cannot pair deal headers with their commitments"])
    return VerifyReport([_check(i, d, h) for i, (d, h) in enumerate(zip(deals, headers,
                                                                       strict=True))])


def _deal_headers(text: str) -> list[dict[str, Any]]:
    return [line for line in (json.loads(raw) for raw in text.splitlines() if raw.strip())
            if isinstance(line, dict) and line.get("type") == "deal"]


def _check(index: int, deal: DealRecord, header: dict[str, Any]) -> DealCheck:
    promised = header.get("commitment")
    check = DealCheck(index, deal.seed, promised if isinstance(promised, str) else None)
    if deal.seed is None:
        check.problems.append("the deal header reveals no seed")
    if check.commitment is None:
        check.problems.append("the deal header carries no commitment")
    if check.problems:
        return check
    assert deal.seed is not None and check.commitment is not None
    if "server_seed" in header:
        check.problems.extend(_parts_problems(check, deal, header))
    elif seed_commitment(deal.seed) != check.commitment:
        check.problems.append("the revealed seed does not match the commitment")
    check.problems.extend(_deal_problems(deal, deal.seed))
    return check


def _parts_problems(check: DealCheck, deal: DealRecord, header: dict[str, Any]) -> list[str]:
    """The server seed opens the commitment, and the deal seed (and the 扳牌 seed) follow
    from it and the players' nonces."""
    server, nonces = header.get("server_seed"), header.get("nonces")
    if not isinstance(server, int) or not isinstance(nonces, list) or not all(
            n is None or isinstance(n, str) for n in nonces):
        return ["the deal header's server_seed or nonces are malformed"]
    check.server_seed, check.nonces = server, nonces
    problems = []
    if seed_commitment(server) != check.commitment:
        problems.append("the revealed server seed does not match the commitment")
    if deal_seed(server, nonces) != deal.seed:
        problems.append("the deal seed does not follow from the server seed and the nonces")
    if "banpai_server_seed" in header:
        problems.extend(_banpai_problems(deal, header, nonces))
    return problems


def _banpai_problems(deal: DealRecord, header: dict[str, Any],
                     nonces: list[str | None]) -> list[str]:
    server, promised = header.get("banpai_server_seed"), header.get("banpai_commitment")
    if not isinstance(server, int) or not isinstance(promised, str):
        return ["the deal header's 扳牌 seed or commitment is malformed"]
    if seed_commitment(server) != promised:
        return ["the revealed 扳牌 server seed does not match its commitment"]
    seed = banpai_seed(server, nonces)
    try:
        game = get_game(deal.game)
        dealer = game.first_dealer(game.rules_from_dict(deal.rules), seed)[0]
    except RulesError as exc:
        return [f"cannot draw the first dealer: {exc}"]
    if dealer != deal.dealer:
        return ["the first dealer is not the one the 扳牌 seed draws"]
    return []


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
