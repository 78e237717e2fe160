"""Game records: rules + deal + actions as JSON lines, which replay a game exactly.

A record is the replay file, the server's log and a test fixture at once. Layout::

    {"type": "deal", "format": 1, "game": "xianniu", "rules": {...}, "dealer": 0,
     "seed": 17, "deal": "<deal notation>"}           (+ "carry": ... when the family
                                                        carries state between deals)
    {"type": "action", "seat": 0, "action": "掀"}
    ...
    {"type": "end", "deltas": [...], "settlement": {...}}      (optional, checked)

A match record starts with ``{"type": "match", ...}`` and holds one such block per deal.
Actions are written in the game's own notation, so a record reads like a score sheet.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .present import Msg, said
from .protocol import Event, Game, IllegalAction
from .recordfiles import carried, checked_files, replayed
from .registry import get_game

FORMAT = 1


class RecordError(ValueError):
    """A record that does not replay: says which line and why (``message`` in English,
    ``msg`` in both languages)."""

    def __init__(self, line: int, message: str | Msg, zh: str | None = None) -> None:
        self.msg = message if isinstance(message, Msg) else Msg(
            "record", message if zh is None else zh, message)
        super().__init__(f"line {line}: {self.msg.en}")
        self.line = line
        self.message = self.msg.en


STAND_INS = ("tuoguan", "house", "deadline")
"""Who may have acted for a seat's player (an action line's ``by``): 托管, the house for a
seat nobody holds, or a room's 答话限时 (the player had not answered when the pause ended).
Such a move was not the player's choice (an AI review skips it)."""


@dataclass(frozen=True, slots=True)
class ActionEntry:
    seat: int
    action: str
    by: str | None = None  # one of STAND_INS when the player did not choose it


@dataclass(slots=True)
class DealRecord:
    game: str
    rules: dict[str, Any]
    dealer: int
    deal: str
    seed: int | None = None
    actions: list[ActionEntry] = field(default_factory=list)
    end: dict[str, Any] | None = None
    carry: Any = None
    preset: str | None = None  # the preset the rules started from (what a house changed)
    files: dict[str, str] = field(default_factory=dict)  # the texts of files rules name
    players: list[str] | None = None  # who sat where (an arena's bots), where it is known

    def header(self) -> dict[str, Any]:
        rules, files = carried(self.game, self.rules, self.files)
        header = {
            "type": "deal",
            "format": FORMAT,
            "game": self.game,
            "rules": rules,
            "dealer": self.dealer,
            "seed": self.seed,
            "deal": self.deal,
        }
        if self.carry is not None:  # only families that carry write it: old records stay
            header["carry"] = self.carry
        if self.preset is not None:  # (the same: only where it is known)
            header["preset"] = self.preset
        if files or self.files:  # a club's 名堂表 travels with the record (recordfiles)
            header["files"] = {**self.files, **files}
        if self.players is not None:
            header["players"] = self.players
        return header

    def rules_dict(self) -> dict[str, Any]:
        """The rules as the game reads them: a file the record carries, by its path."""
        return replayed(self.game, self.rules, self.files)

    def lines(self) -> Iterator[dict[str, Any]]:
        yield self.header()
        for entry in self.actions:
            line: dict[str, Any] = {"type": "action", "seat": entry.seat, "action": entry.action}
            if entry.by is not None:
                line["by"] = entry.by
            yield line
        if self.end is not None:
            yield {"type": "end", **self.end}


@dataclass(slots=True)
class MatchRecord:
    game: str
    rules: dict[str, Any]
    seed: int | None
    deals_planned: int
    deals: list[DealRecord] = field(default_factory=list)
    preset: str | None = None
    #: who sat where, for ``huapai play --resume``: ``"you"`` or a bot's name per seat
    players: list[str] | None = None

    def lines(self) -> Iterator[dict[str, Any]]:
        header = {
            "type": "match",
            "format": FORMAT,
            "game": self.game,
            "rules": carried(self.game, self.rules)[0],  # a file by its name (deals carry it)
            "seed": self.seed,
            "deals": self.deals_planned,
        }
        if self.preset is not None:
            header["preset"] = self.preset
        if self.players is not None:
            header["players"] = self.players
        yield header
        for deal in self.deals:
            yield from deal.lines()


def dumps(lines: Iterable[Mapping[str, Any]]) -> str:
    return "".join(json.dumps(line, ensure_ascii=False) + "\n" for line in lines)


def write(path: Path, lines: Iterable[Mapping[str, Any]]) -> None:
    """The whole record, replacing the file at once: a match stopped while it was written
    (a closed terminal) keeps the last whole record, never half of one."""
    part = path.with_name(path.name + ".part")
    part.write_text(dumps(lines), encoding="utf-8")
    part.replace(path)


def parse(text: str) -> tuple[dict[str, Any] | None, list[DealRecord]]:
    """Split record text into an optional match header and its deal blocks."""
    match_header: dict[str, Any] | None = None
    deals: list[DealRecord] = []
    for number, raw in enumerate(text.splitlines(), start=1):
        if not raw.strip():
            continue
        line = _load_line(number, raw)
        kind = line.get("type")
        if kind == "match":
            if number != 1 and (match_header is not None or deals):
                raise RecordError(number, "a match header must be the first line",
                                  "对局头（match）只能是第一行")
            _preset(number, line)
            match_header = line
        elif kind == "deal":
            deals.append(_deal_header(number, line))
        elif kind == "action":
            _current(number, deals).actions.append(_action_entry(number, line))
        elif kind == "end":
            _current(number, deals).end = {k: v for k, v in line.items() if k != "type"}
        else:
            raise RecordError(number, f"unknown line type {kind!r}",
                              f"不认识的行类型 {kind!r}")
    if not deals:
        raise RecordError(0, "the record holds no deal", "记录里没有牌局")
    return match_header, deals


def _load_line(number: int, raw: str) -> dict[str, Any]:
    try:
        line = json.loads(raw)
    except json.JSONDecodeError as exc:
        raise RecordError(number, f"not JSON: {exc.msg}",
                          f"不是 JSON（第 {exc.colno} 个字符出错）") from None
    if not isinstance(line, dict):
        raise RecordError(number, "each line must be a JSON object",
                          "每一行都要是一个 JSON 对象 {…}")
    return line


def _current(number: int, deals: list[DealRecord]) -> DealRecord:
    if not deals:
        raise RecordError(number, "an action or end line before any deal header",
                          "动作行或结束行出现在第一个开局行（deal）之前")
    return deals[-1]


def _deal_header(number: int, line: dict[str, Any]) -> DealRecord:
    if line.get("format") != FORMAT:
        raise RecordError(number, f"unsupported record format {line.get('format')!r}",
                          f"不支持的记录格式 {line.get('format')!r}")
    game, rules, dealer, deal = (line.get(k) for k in ("game", "rules", "dealer", "deal"))
    if not isinstance(game, str):
        raise RecordError(number, "deal header: 'game' must be a string",
                          "开局行的 'game' 要是字符串")
    if not isinstance(rules, dict):
        raise RecordError(number, "deal header: 'rules' must be an object",
                          "开局行的 'rules' 要是一个对象 {…}")
    if not isinstance(dealer, int) or isinstance(dealer, bool):
        raise RecordError(number, "deal header: 'dealer' must be an integer",
                          "开局行的 'dealer' 要是整数")
    if not isinstance(deal, str):
        raise RecordError(number, "deal header: 'deal' must be a string in deal notation",
                          "开局行的 'deal' 要是按发牌写法写的字符串")
    seed = line.get("seed")
    if seed is not None and (not isinstance(seed, int) or isinstance(seed, bool)):
        raise RecordError(number, "deal header: 'seed' must be an integer or null",
                          "开局行的 'seed' 要是整数或 null")
    files, refused = checked_files(line.get("files"))
    if refused is not None:
        raise RecordError(number, refused)
    return DealRecord(game=game, rules=rules, dealer=dealer, deal=deal, seed=seed,
                      carry=line.get("carry"), preset=_preset(number, line), files=files,
                      players=_players(number, line))


def _preset(number: int, line: dict[str, Any]) -> str | None:
    """A header's optional ``preset``: the preset its rules started from."""
    preset = line.get("preset")
    if preset is not None and not isinstance(preset, str):
        raise RecordError(number, "'preset' must be a string (a preset's name) or absent",
                          "'preset' 要是字符串（玩法名），或者不写")
    return preset


def _players(number: int, line: dict[str, Any]) -> list[str] | None:
    """A deal header's optional ``players``: who sat at each seat (an arena's bots)."""
    players = line.get("players")
    if players is not None and not (isinstance(players, list)
                                    and all(isinstance(p, str) for p in players)):
        raise RecordError(number, "deal header: 'players' must be a list of strings (who sat "
                          "at each seat) or absent",
                          "开局行的 'players' 要是字符串列表（各座位是谁），或者不写")
    return players


def _action_entry(number: int, line: dict[str, Any]) -> ActionEntry:
    seat, action = line.get("seat"), line.get("action")
    if not isinstance(seat, int) or isinstance(seat, bool):
        raise RecordError(number, "action line: 'seat' must be an integer",
                          "动作行的 'seat' 要是整数")
    if not isinstance(action, str):
        raise RecordError(number, "action line: 'action' must be a string",
                          "动作行的 'action' 要是字符串")
    by = line.get("by")
    if by is not None and by not in STAND_INS:
        raise RecordError(number, f"action line: 'by' must be one of {', '.join(STAND_INS)} "
                          "or absent", f"动作行的 'by' 只能是 {'、'.join(STAND_INS)}，或者不写")
    return ActionEntry(seat, action, by)


@dataclass(slots=True)
class ReplayStep:
    index: int
    seat: int
    action: int
    text: str
    events: list[Event]
    state: Any
    by: str | None = None  # the record's stand-in for the seat's player, if any


@dataclass(slots=True)
class Replay:
    game: Game[Any, Any]
    rules: Any
    initial: Any
    steps: list[ReplayStep]
    opening: list[Event] = field(default_factory=list)

    @property
    def final(self) -> Any:
        return self.steps[-1].state if self.steps else self.initial


class ReplayError(ValueError):
    """An action in a record that does not apply: its index (0-based) and the reason
    (``reason`` as the server logs it, ``msg`` in both languages)."""

    def __init__(self, index: int, seat: int, text: str, reason: str,
                 msg: Msg | None = None) -> None:
        super().__init__(f"action {index} (seat {seat}, {text!r}): {reason}")
        self.index = index
        self.reason = reason
        self.msg = msg if msg is not None else Msg.plain("replay", reason)


def replay_deal(record: DealRecord, game: Game[Any, Any] | None = None) -> Replay:
    """Rebuild a deal from its record, checking every action and the stated result.

    The one replay loop: ``huapai replay``, the server's restore after a crash and its
    browser replays all rebuild deals here (``game`` defaults to the registered one)."""
    game = game or get_game(record.game)
    try:
        rules = game.rules_from_dict(record.rules_dict())
        state = start_state(game, rules, record.deal, record.dealer, record.carry)
    except (ValueError, IllegalAction) as exc:  # RulesError, NotationError are ValueErrors
        raise ReplayError(-1, -1, "header", str(exc), said(exc)) from None
    initial, steps = state, []
    for index, entry in enumerate(record.actions):
        state, step = _replay_one(game, rules, state, index, entry)
        steps.append(step)
    _check_end(game, record, state)
    return Replay(game, rules, initial, steps, list(game.opening_events(initial)))


def start_state(game: Game[Any, Any], rules: Any, deal: str, dealer: int,
                carry: Any = None) -> Any:
    """The state a deal header describes: its deal, dealer and (if any) carried value."""
    cards = game.parse_deal(rules, deal)
    if carry is None:
        return game.new_game(rules, deal=cards, dealer=dealer)
    return game.new_game(rules, deal=cards, dealer=dealer, carry=carry)  # type: ignore[call-arg]


def _replay_one(
    game: Game[Any, Any], rules: Any, state: Any, index: int, entry: ActionEntry
) -> tuple[Any, ReplayStep]:
    try:
        action = game.parse_action(rules, entry.action)
        new_state, events = game.apply(state, entry.seat, action)
    except ValueError as exc:  # NotationError and any parse failure
        why = Msg("malformed_action", "写法不对", "malformed action").with_detail(said(exc))
        raise ReplayError(index, entry.seat, entry.action, f"malformed action: {exc}",
                          why) from None
    except IllegalAction as exc:
        raise ReplayError(index, entry.seat, entry.action, exc.message, exc.msg) from None
    return new_state, ReplayStep(index, entry.seat, action, entry.action, events, new_state,
                                 entry.by)


def _check_end(game: Game[Any, Any], record: DealRecord, state: Any) -> None:
    if record.end is None:
        return
    n = len(record.actions)
    if not game.is_over(state):
        raise ReplayError(n, -1, "end", "the record ends the deal but the game is not over",
                          Msg("not_over", "记录说这局打完了，可牌局还没结束",
                              "the record ends the deal but the game is not over"))
    stated = record.end.get("deltas")
    actual = list(game.settlement(state).deltas)
    if stated is not None and stated != actual:
        raise ReplayError(n, -1, "end", f"stated result {stated} but replay gives {actual}",
                          Msg.of("wrong_result", "记录写的结果是 {stated}，重放得到 {actual}",
                                 "stated result {stated} but replay gives {actual}",
                                 stated=stated, actual=actual))


def end_line(game: Game[Any, Any], state: Any) -> dict[str, Any]:
    settlement = game.settlement(state)
    return {"deltas": list(settlement.deltas), "settlement": settlement.to_json()}


def new_deal_record(
    game: Game[Any, Any], rules: Any, state: Any, dealer: int, seed: int | None,
    carry: Any = None,
) -> DealRecord:
    deal = game.format_deal(rules, game.deal_of(state))
    return DealRecord(game.name, game.rules_to_dict(rules), dealer, deal, seed, carry=carry)
