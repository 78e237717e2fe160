"""Perft data: hand-picked positions as a record prefix with the known number of legal
actions (:func:`load_perft`, :func:`run_perft_case`)."""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from .record import ActionEntry, DealRecord, replay_deal
from .registry import get_game


@dataclass(frozen=True, slots=True)
class PerftCase:
    """A position given as a record prefix, with its known number of legal actions.

    ``rules`` is a preset name plus overrides, or a full rules dict (as in records);
    ``actions`` are ``[seat, "action text"]`` pairs in the game's notation; ``seat``
    defaults to the first seat in ``to_act``; ``legal`` is the expected count and
    ``legal_actions`` (optional) the expected texts in action-id order.
    """

    id: str
    game: str
    rules: Any
    dealer: int
    deal: str
    actions: tuple[tuple[int, str], ...]
    legal: int
    seat: int | None = None
    to_act: tuple[int, ...] | None = None
    legal_actions: tuple[str, ...] | None = None
    note: str = ""
    source: str = ""


_CASE_KEYS = {"id", "game", "preset", "overrides", "rules", "dealer", "deal", "actions",
              "seat", "to_act", "legal", "legal_actions", "note"}


def load_perft(path: Path) -> list[PerftCase]:
    """The cases of one perft file.

    Layout (JSON)::

        {"format": 1, "about": "…",
         "cases": [{"id": "…", "game": "xianniu", "preset": "lanzhou",
                    "overrides": {…}, "dealer": 0, "deal": "<deal notation>",
                    "actions": [[0, "扣了"], [1, "掀"]], "seat": 0, "to_act": [0],
                    "legal": 17, "legal_actions": ["…"], "note": "how 17 was counted"}]}

    ``rules`` (a full rules dict) may replace ``preset`` + ``overrides``; ``seat``,
    ``to_act``, ``legal_actions``, ``actions`` and ``dealer`` are optional.
    """
    data = json.loads(path.read_text(encoding="utf-8"))
    if not isinstance(data, dict) or data.get("format") != 1:
        raise ValueError(f"{path}: a perft file is an object with \"format\": 1")
    cases = data.get("cases")
    if not isinstance(cases, list) or not cases:
        raise ValueError(f"{path}: \"cases\" must be a non-empty list")
    return [_perft_case(path, i, c) for i, c in enumerate(cases)]


def _perft_case(path: Path, index: int, raw: Any) -> PerftCase:
    where = f"{path.name} case {index}"
    if not isinstance(raw, dict):
        raise ValueError(f"{where}: a case is an object")
    unknown = sorted(set(raw) - _CASE_KEYS)
    missing = sorted({"game", "deal", "legal"} - set(raw))
    if unknown or missing or ("rules" in raw) == ("preset" in raw):
        raise ValueError(f"{where}: unknown key(s) {unknown}, missing key(s) {missing}; "
                         "give exactly one of \"rules\" and \"preset\"")
    game = get_game(str(raw["game"]))
    if "rules" in raw:
        rules = game.rules_from_dict(raw["rules"])
    else:
        rules = game.rules(str(raw["preset"]), **raw.get("overrides", {}))
    to_act, texts = raw.get("to_act"), raw.get("legal_actions")
    return PerftCase(
        id=str(raw.get("id", f"{path.stem}-{index}")), game=game.name, rules=rules,
        dealer=int(raw.get("dealer", 0)), deal=str(raw["deal"]),
        actions=tuple((int(s), str(a)) for s, a in raw.get("actions", [])),
        legal=int(raw["legal"]), seat=raw.get("seat"),
        to_act=None if to_act is None else tuple(to_act),
        legal_actions=None if texts is None else tuple(texts),
        note=str(raw.get("note", "")), source=path.name,
    )


def run_perft_case(case: PerftCase) -> list[str]:
    """Replay ``case`` and compare; returns the problems found (empty when it passes)."""
    game = get_game(case.game)
    record = DealRecord(game.name, game.rules_to_dict(case.rules), case.dealer, case.deal,
                        actions=[ActionEntry(s, a) for s, a in case.actions])
    state = replay_deal(record).final
    to_act = tuple(game.to_act(state))
    problems = []
    if case.to_act is not None and to_act != case.to_act:
        problems.append(f"to_act is {to_act}, expected {case.to_act}")
    seat = case.seat if case.seat is not None else (to_act[0] if to_act else None)
    if seat is None:
        return [*problems, "nobody is to act (the deal is over)"]
    legal = list(game.legal_actions(state, seat))
    texts = " / ".join(game.format_action(case.rules, a) for a in legal)
    if len(legal) != case.legal:
        problems.append(f"seat {seat} has {len(legal)} legal actions, expected {case.legal}: "
                        + texts)
    if case.legal_actions is not None:
        expected = sorted(game.parse_action(case.rules, t) for t in case.legal_actions)
        if legal != expected:
            problems.append(f"legal actions are {texts}; expected "
                            + " / ".join(case.legal_actions))
    return problems
