"""What the browser receives to present a game without parsing text: each action's
description beside the legal ids, refusals as messages ({code, zh, en, params}) beside the
older one-string message, settlement items, and each replay step's label."""

from __future__ import annotations

import re
from typing import Any

from server_helpers import Message, Peer, act, to_act
from starlette.testclient import TestClient
from test_play import step, table

from huapai.core.registry import get_game

ENGLISH_WORD = re.compile(r"[A-Za-z]{2,}")


def _check_legal_info(state: Message, game: str, preset: str) -> None:
    g = get_game(game)
    rules = g.rules(preset)
    infos = state["legal_info"]
    assert [i["id"] for i in infos] == state["legal"]
    assert infos == [g.describe_action(rules, a).to_json() for a in state["legal"]]
    assert [i["label"]["zh"] for i in infos] == state["legal_text"] or game == "xianniu"


def _check_msg(error: Message, code: str) -> dict[str, Any]:
    msg: dict[str, Any] = error["msg"]
    assert error["code"] == msg["code"] == code
    assert msg["zh"] and msg["en"] and isinstance(msg["params"], dict)
    return msg


def test_state_frames_describe_the_legal_actions(client: TestClient) -> None:
    with table(client) as (room, _people, peers, spectator):
        moved = 0
        while to_act(peers[0].state[room]):
            assert [p for p in peers if p.state[room]["legal_info"]]
            for p in peers:
                _check_legal_info(p.state[room], "xianniu", "lanzhou")
            assert spectator.state[room]["legal_info"] == []
            step(peers, room)
            moved += 1
        assert moved and all(p.state[room]["legal_info"] == [] for p in peers)


def test_engine_and_server_refusals_carry_messages(client: TestClient) -> None:
    with table(client) as (room, people, peers, _spectator):
        first = peers[0].state[room]
        seat = to_act(first)[0]
        mover, other = peers[seat], peers[(seat + 1) % 3]
        other.send({"type": "act", "room": room, "counter": other.state[room]["counter"],
                    "action": mover.state[room]["legal"][0]})
        error = other.next_of("error")
        msg = _check_msg(error, "not_your_turn")
        assert error["message"] == f"{msg['zh']} / {msg['en']}"  # what old clients read
        assert not ENGLISH_WORD.search(msg["zh"]) and msg["params"]["turn"] == seat
        old = mover.state[room]["counter"]
        mover.send({"type": "act", "room": room, "counter": old, "action": "弃 K K"})
        msg = _check_msg(mover.next_of("error"), "bad_action")
        assert msg["zh"] == "看不懂这个动作：弃只能弃一张，收到「K K」"
        assert msg["en"] == "the action does not parse: 弃 takes exactly one card, got 'K K'"
        assert msg["params"]["detail_code"] == "one_discard"
        mover.send({"type": "act", "room": room, "counter": old - 1,
                    "action": mover.state[room]["legal"][0]})
        error = mover.next_of("error")
        msg = _check_msg(error, "stale")
        assert msg["zh"] == "状态已更新，请按最新局面出牌"
        # the counters are for programs (params), not words a player reads ("expected
        # counter 4294967297, got 11" on an English page)
        assert msg["en"] == "the table has moved on: choose again on the latest state"
        assert msg["params"]["got"] == old - 1 and msg["params"]["expected"] == old
    answer = client.get("/api/replays/nope", headers=people[0].headers)
    rest = answer.json()["error"]
    assert answer.status_code == 404 and _check_msg(rest, "replay_not_found")
    assert rest["msg"]["zh"].startswith("没有这局记录，或者这是私人房间的牌局")
    missing = client.get("/api/no-such-route").json()["error"]
    assert missing["message"] == "Not Found" and missing["msg"]["zh"] == "没有这个地址"


def _until_my_window(peers: list[Peer], room: str) -> int:
    """Play first legal actions until a claim window asks a seat; return that seat."""
    for _ in range(300):
        state = peers[0].state[room]
        if state["view"]["phase"] == "window":
            return to_act(state)[0]
        step(peers, room)
    raise AssertionError("no claim window came")


def test_a_biegan_claim_window_refusal_arrives_whole(client: TestClient) -> None:
    """The refusal the old client cut at its first " / " ("先对桌上的 七 表态：过") comes as
    a message with the whole text in each language."""
    with table(client, game="biegan", preset="gongan") as (room, _people, peers, _spectator):
        seat = _until_my_window(peers, room)
        asked = peers[seat]
        _check_legal_info(asked.state[room], "biegan", "gongan")
        kinds = {i["kind"] for i in asked.state[room]["legal_info"]}
        assert "pass" in kinds and kinds <= {"pass", "hu", "zhao", "dui", "fan"}
        card = asked.state[room]["view"]["pending"]["card"]
        act(asked, room, 5)  # a discard id (打 上): not an answer to the discard
        msg = _check_msg(asked.next_of("error"), "must_answer")
        # the seat's own answers, in the order its legal actions give them (it offered
        # 过 / 胡 / 招 / 对 whatever the seat could do)
        names = {"pass": "过", "hu": "胡", "zhao": "招", "dui": "对", "fan": "泛"}
        answers = " / ".join(names[i["kind"]] for i in asked.state[room]["legal_info"])
        assert msg["zh"] == f"先对桌上的 {card} 表态：{answers}"
        assert msg["en"] == f"answer the discard {card} first: {answers}"


def test_settlements_and_replay_steps_carry_presentation_values(client: TestClient) -> None:
    with table(client) as (room, people, peers, spectator):
        while not peers[0].state[room]["view"].get("settlement"):
            step(peers, room)
        end = spectator.next_of("deal_end")
    items = end["settlement"]["items"]
    assert {i["code"] for i in items} >= {"zhan"}
    assert all(set(i) == {"seat", "code", "label", "value", "unit"} for i in items)
    for p in end["settlement"]["payments"]:
        assert p["label"] == f"{p['msg']['zh']} / {p['msg']['en']}"
    replay = people[0].call("GET", f"/api/replays/{end['game_id']}?seat=0")
    game = get_game("xianniu")
    rules = game.rules("lanzhou")
    for s in replay["steps"]:
        action = game.parse_action(rules, s["action"])
        assert s["label"] == game.describe_action(rules, action).label.to_json()
    assert replay["settlement"]["items"] == items
