"""Records (core.record): every malformed line names its line number; records replay."""

from __future__ import annotations

import json
from typing import Any

import pytest
import toygame

from huapai.core.record import (
    ActionEntry,
    DealRecord,
    MatchRecord,
    RecordError,
    ReplayError,
    dumps,
    parse,
    replay_deal,
    write,
)
from huapai.core.session import Deal

GAME = toygame.GAME
RULES = GAME.rules("duo")


def _header(**changes: Any) -> str:
    line = {"type": "deal", "format": 1, "game": "toy", "rules": RULES.to_dict(),
            "dealer": 0, "seed": None, "deal": "0 0 0 | 1 1 1 | 2 2 2 3 3 3"}
    line.update(changes)
    return json.dumps(line)


def _action(seat: Any = 0, action: Any = "play 0") -> str:
    return json.dumps({"type": "action", "seat": seat, "action": action})


def _error(text: str) -> RecordError:
    with pytest.raises(RecordError) as info:
        parse(text)
    return info.value


@pytest.mark.parametrize(
    ("lines", "line", "message"),
    [
        ([_header(), "{not json"], 2, "not JSON"),
        ([_header(), _action(), "[1, 2]"], 3, "must be a JSON object"),
        ([_header(), '"action"'], 2, "must be a JSON object"),
        ([_header(), json.dumps({"type": "chat", "text": "hi"})], 2, "unknown line type 'chat'"),
        ([_header(), json.dumps({"seat": 0})], 2, "unknown line type None"),
        ([_action()], 1, "before any deal header"),
        ([json.dumps({"type": "end", "deltas": [0, 0]})], 1, "before any deal header"),
        ([_header(format=2)], 1, "unsupported record format 2"),
        ([_header(format=None)], 1, "unsupported record format None"),
        ([_header(game=7)], 1, "'game' must be a string"),
        ([_header(rules=["seats", 2])], 1, "'rules' must be an object"),
        ([_header(dealer="0")], 1, "'dealer' must be an integer"),
        ([_header(dealer=True)], 1, "'dealer' must be an integer"),
        ([_header(deal=[0, 1, 2])], 1, "'deal' must be a string"),
        ([_header(seed="17")], 1, "'seed' must be an integer or null"),
        ([_header(seed=False)], 1, "'seed' must be an integer or null"),
        ([_header(), _action(seat="0")], 2, "'seat' must be an integer"),
        ([_header(), _action(seat=None)], 2, "'seat' must be an integer"),
        ([_header(), _action(action=3)], 2, "'action' must be a string"),
        ([_header(), json.dumps({"type": "match", "format": 1})], 2,
         "a match header must be the first line"),
    ],
)
def test_malformed_lines_name_their_line(lines: list[str], line: int, message: str) -> None:
    error = _error("\n".join(lines))
    assert error.line == line
    assert message in error.message
    assert str(error).startswith(f"line {line}: ")


def test_blank_lines_keep_their_numbers() -> None:
    error = _error(_header() + "\n\n   \n" + "{oops")
    assert error.line == 4


def test_an_empty_record_holds_no_deal() -> None:
    assert "no deal" in _error("\n\n").message
    assert "no deal" in _error(json.dumps({"type": "match", "format": 1})).message


def test_deal_blocks_and_match_header_parse() -> None:
    text = "\n".join([json.dumps({"type": "match", "format": 1, "deals": 2}), _header(),
                      _action(0, "play 0"), _header(dealer=1, seed=5), _action(1, "pass"),
                      json.dumps({"type": "end", "deltas": [1, -1]})])
    header, deals = parse(text)
    assert header is not None and header["deals"] == 2
    assert [d.dealer for d in deals] == [0, 1]
    assert deals[0].actions == [ActionEntry(0, "play 0")]
    assert deals[1].seed == 5 and deals[1].end == {"deltas": [1, -1]}
    assert deals[0].end is None


def _played(seed: int = 4) -> Deal:
    deal = Deal.start(GAME, RULES, seed=seed, dealer=1)
    while not deal.over:
        seat = GAME.to_act(deal.state)[0]
        deal.act(seat, GAME.legal_actions(deal.state, seat)[-1])
    return deal


def test_a_finished_deal_round_trips(toy_games: None, tmp_path: Any) -> None:
    deal = _played()
    path = tmp_path / "deal.jsonl"
    write(path, deal.record.lines())
    _, deals = parse(path.read_text(encoding="utf-8"))
    assert deals == [deal.record]
    replay = replay_deal(deals[0])
    assert GAME.omniscient(replay.final) == GAME.omniscient(deal.state)
    assert [s.events for s in replay.steps] == _events_by_step(deal)


def _events_by_step(deal: Deal) -> list[list[Any]]:
    # Replaying the same actions again gives the per-step event lists to compare with.
    state, out = GAME.new_game(RULES, seed=4, dealer=1), []
    for entry in deal.record.actions:
        state, events = GAME.apply(state, entry.seat, GAME.parse_action(RULES, entry.action))
        out.append(events)
    return out


def test_a_match_record_round_trips(toy_games: None) -> None:
    deals = [_played(s).record for s in (1, 2)]
    match = MatchRecord("toy", RULES.to_dict(), 9, 2, deals)
    header, parsed = parse(dumps(match.lines()))
    assert header is not None and header["seed"] == 9 and parsed == deals


def _broken(change: dict[str, Any]) -> DealRecord:
    record = _played().record
    return DealRecord(**{**{f: getattr(record, f) for f in record.__slots__}, **change})


@pytest.mark.parametrize(
    ("change", "index", "reason"),
    [
        ({"rules": {"seats": 9}}, -1, "above the maximum"),
        ({"deal": "0 1 2"}, -1, "every card"),
        ({"actions": [ActionEntry(1, "fly away")]}, 0, "malformed action"),
        ({"actions": [ActionEntry(0, "play 0")]}, 0, "not to act"),
        ({"end": {"deltas": [5, -5]}}, None, "stated result [5, -5]"),
        ({"actions": [], "end": {"deltas": [0, 0]}}, 0, "game is not over"),
    ],
)
def test_replay_errors_say_which_action(
    toy_games: None, change: dict[str, Any], index: int | None, reason: str
) -> None:
    record = _broken(change)
    with pytest.raises(ReplayError) as info:
        replay_deal(record)
    expected = len(record.actions) if index is None else index
    assert info.value.index == expected
    assert reason in str(info.value)
