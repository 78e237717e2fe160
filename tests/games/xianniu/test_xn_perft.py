"""Perft-style legal-action counts (tests/data/xianniu/perft.json).

Each count was derived by hand in its ``note`` from the rules reference; this test checks
the engine against it, and also the per-kind breakdown, so a compensating pair of errors
(one play too many here, one too few there) still fails.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from xn_support import GAME, deal_of_hands, play, rules

from huapai.games.xianniu.state import DECLINE, DISCARD0, JIN, PLAY0, XIAN, State

DATA = Path(__file__).resolve().parents[2] / "data" / "xianniu" / "perft.json"
POSITIONS: list[dict[str, Any]] = json.loads(DATA.read_text(encoding="utf-8"))["positions"]


def _kind(state: State, action: int) -> str:
    if action >= PLAY0:
        return state.cat.combos[action - PLAY0].group
    if action >= DISCARD0:
        return "discard"
    return {DECLINE: "decline", XIAN: "xian", JIN: "jinpai"}[action]


def _position(entry: dict[str, Any]) -> State:
    r = rules(entry["preset"], **entry.get("options", {}))
    state: State = GAME.new_game(r, deal=deal_of_hands(*entry["hands"]), dealer=0)
    return play(state, [(seat, text) for seat, text in entry["actions"]])


def test_perft_file_is_well_formed() -> None:
    ids = [p["id"] for p in POSITIONS]
    assert len(ids) == len(set(ids)) >= 10
    for entry in POSITIONS:
        assert entry["note"] and sum(entry["breakdown"].values()) == entry["count"]


@pytest.mark.parametrize("entry", POSITIONS, ids=[p["id"] for p in POSITIONS])
def test_perft_count(entry: dict[str, Any]) -> None:
    state = _position(entry)
    assert GAME.to_act(state) == (entry["seat"],)
    legal = list(GAME.legal_actions(state, entry["seat"]))
    breakdown: dict[str, int] = {}
    for action in legal:
        kind = _kind(state, action)
        breakdown[kind] = breakdown.get(kind, 0) + 1
    assert (len(legal), breakdown) == (entry["count"], entry["breakdown"])
    assert legal == sorted(set(legal))
