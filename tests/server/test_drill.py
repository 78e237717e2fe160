"""The 报数 drill over REST (issue 11 §2): questions without answers, the server checks
them against :mod:`huapai.games.xiushan.drill`, and every refusal changes nothing."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from server_helpers import Api, running, sqlite_url
from starlette.testclient import TestClient

from huapai.games.xiushan.drill import Drill
from huapai.games.xiushan.rules import BOFU
from huapai.server.drills import MAX_COUNT, DrillStore


def _answers(seed: int, count: int) -> list[int]:
    """The right values, from the pure drill with the same seed."""
    drill = Drill(BOFU, seed)
    return [drill.question().answer for _ in range(count)]


def _state(client: TestClient) -> Any:
    store: DrillStore = client.app.state.drills  # type: ignore[attr-defined]
    return [d.to_json() for d in store.drills.values()]


def test_a_drill_asks_checks_and_ends(tmp_path: Path) -> None:
    with running(sqlite_url(tmp_path)) as client:
        me = Api(client, "学生")
        drill = me.call("POST", "/api/drill", {"seed": 5, "count": 3}, status=201)["drill"]
        right = _answers(5, 3)
        question = drill["question"]
        assert "answer" not in question and question["kind"] and question["tokens"]
        assert drill["abacus"]["value"] == 0 and drill["answered"] == 0
        path = f"/api/drill/{drill['id']}/answer"
        first = me.call("POST", path, {"value": right[0]})
        assert first["result"]["correct"] and first["result"]["answer"] == right[0]
        assert first["drill"]["abacus"]["value"] == right[0] and first["drill"]["right"] == 1
        wrong = (right[1] + 1) % 31
        second = me.call("POST", path, {"value": wrong})
        assert not second["result"]["correct"] and second["result"]["outcome"] == "baozi"
        assert second["result"]["answer"] == right[1]
        assert second["drill"]["abacus"]["value"] == (-BOFU.hat_at if BOFU.baozi == "hat" else 0)
        assert second["drill"]["wrong"] == 1 and second["drill"]["baozi"] == 1
        third = me.call("POST", path, {"value": None})  # 不报子
        assert third["result"]["outcome"] == "unannounced" and third["drill"]["skipped"] == 1
        assert third["drill"]["finished"] and third["drill"]["question"] is None
        assert me.error("POST", path, {"value": 1}) == "drill_finished"


def test_every_refusal_changes_nothing(tmp_path: Path) -> None:
    with running(sqlite_url(tmp_path)) as client:
        me, other = Api(client, "学生"), Api(client, "别人")
        drill = me.call("POST", "/api/drill", {"seed": 1}, status=201)["drill"]
        path = f"/api/drill/{drill['id']}/answer"
        before = _state(client)
        for body in [{"seed": -1}, {"seed": "1"}, {"seed": 2**64}, {"count": 0},
                     {"count": MAX_COUNT + 1}, {"count": 2.5}, {"count": True}]:
            assert me.error("POST", "/api/drill", body) == "bad_message", body
        for body in [{"value": -1}, {"value": 31}, {"value": "3"}, {"value": 2.0},
                     {"value": True}, {}, {"said": 3}]:
            assert me.error("POST", path, body) == "bad_answer", body
        assert me.error("POST", "/api/drill/nope/answer", {"value": 1}) == "drill_not_found"
        assert other.error("POST", path, {"value": 1}) == "drill_not_found"
        answer = client.post(path, json={"value": 1})
        assert answer.status_code == 401 and answer.json()["error"]["code"] == "unauthorized"
        bad = client.post(path, content=b"[1]", headers=me.headers)
        assert bad.status_code == 400 and bad.json()["error"]["code"] == "bad_json"
        assert _state(client) == before


def test_drills_are_bounded() -> None:
    store = DrillStore(most=3, per_player=2)
    a1, a2, a3 = (store.new("a", i, 1) for i in range(3))
    assert list(store.drills) == [a2.id, a3.id]  # a's oldest went
    b1, b2 = store.new("b", 0, 1), store.new("b", 1, 1)
    assert list(store.drills) == [a3.id, b1.id, b2.id] and a1.id not in store.drills
