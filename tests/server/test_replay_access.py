"""Who may read a finished game (issue 7 §2): a private room's games only by the players
who sat in them and by holders of a share token they made, also after the room closed;
public games by everyone. And /api/verify in its documented shape."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from server_helpers import Api, played_by_tuoguan, running
from starlette.testclient import TestClient

from huapai.core.rng import seed_commitment


def _finished_game(client: TestClient, owner: Api, private: bool) -> tuple[str, str]:
    """A deal played to its end by the house bot for ``owner`` and two bots."""
    room = owner.room(private=private)
    return room, played_by_tuoguan(client, owner, room)


READS = ["/api/replays/{g}?seat=all", "/api/replays/{g}?seat=1", "/api/replays/{g}/record",
         "/api/verify/{g}"]


def _status(client: TestClient, path: str, headers: dict[str, str] | None = None,
            share: str | None = None) -> tuple[int, str | None]:
    if share is not None:
        path += ("&" if "?" in path else "?") + f"share={share}"
    answer = client.get(path, headers=headers or {})
    if answer.status_code >= 400:
        return answer.status_code, answer.json()["error"]["code"]
    return answer.status_code, None


@pytest.fixture
def client(database_url: str) -> Iterator[TestClient]:
    """On SQLite, and on PostgreSQL when HUAPAI_TEST_POSTGRES_URL is set."""
    with running(database_url) as c:
        yield c


@pytest.fixture
def games(client: TestClient) -> dict[str, Any]:
    player, outsider = Api(client, "player"), Api(client, "outsider")
    private_room, private_game = _finished_game(client, player, private=True)
    _public_room, public_game = _finished_game(client, player, private=False)
    return {"player": player, "outsider": outsider, "private": private_game,
            "public": public_game, "private_room": private_room}


def test_authorization_matrix(client: TestClient, games: dict[str, Any]) -> None:
    player, outsider = games["player"], games["outsider"]
    share = player.call("POST", f"/api/replays/{games['private']}/share", status=201)["share"]
    hidden = (404, "replay_not_found")
    callers: dict[str, tuple[dict[str, str] | None, str | None]] = {
        "anonymous": (None, None), "outsider": (outsider.headers, None),
        "player": (player.headers, None), "share": (None, share),
        "outsider+share": (outsider.headers, share), "wrong share": (None, share[:-1] + "x"),
        "long share": (None, "x" * 5000)}
    allowed = {"player", "share", "outsider+share"}
    for template in READS:
        for who, (headers, token) in callers.items():
            for kind in ("private", "public"):
                got = _status(client, template.format(g=games[kind]), headers, token)
                want = (200, None) if kind == "public" or who in allowed else hidden
                assert got == want, (template, who, kind)
    bad = _status(client, READS[0].format(g=games["private"]), {"Authorization": "Bearer x"})
    assert bad == (401, "bad_token")


def test_only_players_make_share_tokens(client: TestClient, games: dict[str, Any]) -> None:
    outsider, player = games["outsider"], games["player"]
    assert outsider.error("POST", f"/api/replays/{games['private']}/share") == \
        "replay_not_found"
    assert outsider.error("POST", f"/api/replays/{games['public']}/share") == \
        "replay_not_found"  # sharing is for the game's players, even if anyone may read it
    assert client.post(f"/api/replays/{games['private']}/share").status_code == 401
    for kind in ("private", "public"):  # the replay says who may (the browser's button)
        assert player.call("GET", f"/api/replays/{games[kind]}?seat=all")["can_share"] is True
    public = f"/api/replays/{games['public']}?seat=all"
    assert outsider.call("GET", public)["can_share"] is False
    assert client.get(public).json()["can_share"] is False  # nobody signed in
    one = player.call("POST", f"/api/replays/{games['private']}/share", status=201)["share"]
    two = player.call("POST", f"/api/replays/{games['private']}/share", status=201)["share"]
    assert one != two and len(one) >= 24
    assert _status(client, READS[2].format(g=games["public"]), share=one) == (200, None)
    assert _status(client, READS[2].format(g=games["private"]), share=two) == (200, None)


def _listed(client: TestClient, headers: dict[str, str] | None = None, query: str = "") -> set[str]:
    answer = client.get(f"/api/replays{query}", headers=headers or {})
    return {r["id"] for r in answer.json()["replays"]}


def test_listing_hides_private_games_also_after_the_room_closed(
        client: TestClient, games: dict[str, Any]) -> None:
    player, outsider = games["player"], games["outsider"]
    platform = client.app.state.platform  # type: ignore[attr-defined]
    for closed in (False, True):
        if closed:  # the idle sweep: out of memory, only the stored row says "private"
            room = platform.rooms.pop(games["private_room"])
            client.portal.call(_close, room)  # type: ignore[union-attr]
        assert _listed(client) == {games["public"]}
        assert _listed(client, outsider.headers) == {games["public"]}
        room_query = f"?room={games['private_room']}"
        assert _listed(client, outsider.headers, room_query) == set()
        assert _listed(client, player.headers) == {games["public"], games["private"]}
        assert _listed(client, player.headers, "?mine=1") == {games["public"],
                                                              games["private"]}
        assert _status(client, READS[0].format(g=games["private"])) == (404,
                                                                       "replay_not_found")
        assert _status(client, READS[0].format(g=games["private"]), player.headers) == (
            200, None)


async def _close(room: Any) -> None:
    import asyncio

    await asyncio.wrap_future(room.close())


def test_seat_parameter_is_checked(client: TestClient, games: dict[str, Any]) -> None:
    for value in ("²", "9" * 5000, "-1", "3", "٣", "1.0", " 1", "all "):
        got = _status(client, f"/api/replays/{games['public']}?seat={value}")
        assert got == (400, "bad_seat"), value


def test_verify_answers_in_its_documented_shape(client: TestClient,
                                                games: dict[str, Any]) -> None:
    report = client.get(f"/api/verify/{games['public']}").json()
    assert {"ok", "commitment", "seed", "problems"} <= set(report)
    assert report["ok"] is True and report["problems"] == []
    assert seed_commitment(report["seed"]) == report["commitment"]
    replay = client.get(f"/api/replays/{games['public']}").json()
    assert (replay["seed"], replay["commitment"]) == (report["seed"], report["commitment"])
