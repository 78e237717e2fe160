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

from huapai.core.present import Msg, said
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


_PROBLEMS = {
    "unparsed": ("记录读不出来", "record does not parse"),
    "unpaired": ("牌局头和承诺对不上", "cannot pair deal headers with their commitments"),
    "no_seed": ("牌局头没有公开种子", "the deal header reveals no seed"),
    "no_commitment": ("牌局头没有承诺（只有在服务器上打的牌局才有：本机 huapai play 的记录"
                      "验证不了）",
                      "the deal header carries no commitment (only games played on a server "
                      "have one: a local huapai play record cannot be verified)"),
    "seed_mismatch": ("公开的种子与承诺不符", "the revealed seed does not match the commitment"),
    "parts_malformed": ("牌局头的服务器种子或随机数写法不对",
                        "the deal header's server_seed or nonces are malformed"),
    "server_mismatch": ("公开的服务器种子与承诺不符",
                        "the revealed server seed does not match the commitment"),
    "seed_not_derived": ("发牌种子不是由服务器种子和各家的随机数算出来的",
                         "the deal seed does not follow from the server seed and the nonces"),
    "banpai_malformed": ("牌局头的扳牌种子或承诺写法不对",
                         "the deal header's 扳牌 seed or commitment is malformed"),
    "banpai_mismatch": ("公开的扳牌服务器种子与承诺不符",
                        "the revealed 扳牌 server seed does not match its commitment"),
    "no_dealer": ("抽不出首家", "cannot draw the first dealer"),
    "wrong_dealer": ("首家不是扳牌种子抽出的那一家",
                     "the first dealer is not the one the 扳牌 seed draws"),
    "cannot_deal": ("按牌局头发不了牌", "cannot deal from the header"),
    "other_deal": ("用公开的种子发出的牌和记录里的不一样",
                   "dealing with the revealed seed does not give the recorded deal"),
    "no_replay": ("记录里的动作重放不下去", "the actions do not replay"),
}


def _problem(code: str, exc: BaseException | None = None) -> Msg:
    """A verification problem in both languages (with what the engine said, if any)."""
    msg = Msg(code, *_PROBLEMS[code])
    return msg if exc is None else msg.with_detail(said(exc))


@dataclass(slots=True)
class DealCheck:
    index: int
    seed: int | None
    commitment: str | None
    problems: list[Msg] = field(default_factory=list)
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
                "ok": self.ok, "problems": [p.en for p in self.problems]}


@dataclass(slots=True)
class VerifyReport:
    deals: list[DealCheck]
    problems: list[Msg] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return not self.problems and bool(self.deals) and all(d.ok for d in self.deals)

    def to_json(self) -> dict[str, Any]:
        return {"ok": self.ok, "problems": [p.en for p in self.problems],
                "deals": [d.to_json() for d in self.deals]}


def verify_text(text: str) -> VerifyReport:
    """Check every deal of a record (single deal or match) for a kept commitment."""
    try:
        _header, deals = parse(text)
    except RecordError as exc:  # which line, as replay and review say it
        at = Msg.of("record_line", "第 {line} 行", "line {line}", line=exc.line)
        return VerifyReport([], [_problem("unparsed").with_detail(at, "（", " (").with_detail(
            said(exc), "）：", "): ")])
    headers = _deal_headers(text)
    if len(headers) != len(deals):
        return VerifyReport([], [_problem("unpaired")])
    return VerifyReport([_check(i, d, h) for i, (d, h) in enumerate(zip(deals, headers,
                                                                       strict=True))])


def _deal_headers(text: str) -> list[dict[str, Any]]:
    return [line for line in (json.loads(raw) for raw in text.splitlines() if raw.strip())
            if isinstance(line, dict) and line.get("type") == "deal"]


def _check(index: int, deal: DealRecord, header: dict[str, Any]) -> DealCheck:
    promised = header.get("commitment")
    check = DealCheck(index, deal.seed, promised if isinstance(promised, str) else None)
    if deal.seed is None:
        check.problems.append(_problem("no_seed"))
    if check.commitment is None:
        check.problems.append(_problem("no_commitment"))
        if deal.seed is not None:  # a local game's seed: it still must deal the record
            check.problems.extend(_deal_problems(deal, deal.seed))
    if check.problems:
        return check
    assert deal.seed is not None and check.commitment is not None
    if "server_seed" in header:
        check.problems.extend(_parts_problems(check, deal, header))
    elif seed_commitment(deal.seed) != check.commitment:
        check.problems.append(_problem("seed_mismatch"))
    check.problems.extend(_deal_problems(deal, deal.seed))
    return check


def _parts_problems(check: DealCheck, deal: DealRecord, header: dict[str, Any]) -> list[Msg]:
    """The server seed opens the commitment, and the deal seed (and the 扳牌 seed) follow
    from it and the players' nonces."""
    server, nonces = header.get("server_seed"), header.get("nonces")
    if not isinstance(server, int) or not isinstance(nonces, list) or not all(
            n is None or isinstance(n, str) for n in nonces):
        return [_problem("parts_malformed")]
    check.server_seed, check.nonces = server, nonces
    problems: list[Msg] = []
    if seed_commitment(server) != check.commitment:
        problems.append(_problem("server_mismatch"))
    if deal_seed(server, nonces) != deal.seed:
        problems.append(_problem("seed_not_derived"))
    if "banpai_server_seed" in header:
        problems.extend(_banpai_problems(deal, header, nonces))
    return problems


def _banpai_problems(deal: DealRecord, header: dict[str, Any],
                     nonces: list[str | None]) -> list[Msg]:
    server, promised = header.get("banpai_server_seed"), header.get("banpai_commitment")
    if not isinstance(server, int) or not isinstance(promised, str):
        return [_problem("banpai_malformed")]
    if seed_commitment(server) != promised:
        return [_problem("banpai_mismatch")]
    seed = banpai_seed(server, nonces)
    try:
        game = get_game(deal.game)
        dealer = game.first_dealer(game.rules_from_dict(deal.rules_dict()), seed)[0]
    except RulesError as exc:
        return [_problem("no_dealer", exc)]
    if dealer != deal.dealer:
        return [_problem("wrong_dealer")]
    return []


def _deal_problems(deal: DealRecord, seed: int) -> list[Msg]:
    try:
        game = get_game(deal.game)
        rules = game.rules_from_dict(deal.rules_dict())
        state = game.new_game(rules, seed=seed, dealer=deal.dealer)
        recorded = game.parse_deal(rules, deal.deal)
    except (RulesError, NotationError, IllegalAction) as exc:
        return [_problem("cannot_deal", exc)]
    problems: list[Msg] = []
    if tuple(game.deal_of(state)) != tuple(recorded):
        problems.append(_problem("other_deal"))
    try:
        replay_deal(deal)
    except ReplayError as exc:
        problems.append(_problem("no_replay", exc))
    return problems
