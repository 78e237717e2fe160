"""Two people claiming one discard in 双别杆 (not reached by the play-tests, which passed
where they should have claimed): the server holds each answer until the window is
resolved by the seed's order — 胡 before 招 before 对, and between two seats wanting the
same thing the discarder's 下家 first — whichever answer reached it first. The tables
ask only the seats holding a claim (``ask="eligible"``: no pause for the others) and the
server's seed makes every deal reproducible; the tests look for the window they need from
seed 0 on, so a change in the dealing finds another one rather than failing."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import ExitStack, contextmanager
from pathlib import Path

from server_helpers import Api, Message, Peer, act, running, sqlite_url, started, until_window

Want = Callable[[list[str], list[str]], bool]
"""A window wanted: the two choosing seats' legal answers (the 下家's first)."""


def _answers(peers: list[Peer], room: str, seat: int) -> list[str]:
    texts: list[str] = peers[seat].state[room]["legal_text"]
    return texts


def _pass_both(peers: list[Peer], room: str, seats: list[int]) -> None:
    for seat in seats:
        act(peers[seat], room, "过")
    for seat in seats:
        peers[seat].until(lambda m: m["type"] in ("state", "error"))


def _next_window(peers: list[Peer], room: str, want: Want) -> tuple[int, int] | None:
    """(the discarder's 下家, the other seat) at the deal's first window where both may
    claim as ``want`` says, every earlier one passed by both; None if the deal has none."""
    for _ in range(20):
        try:
            seats = until_window(peers, room, moves=200, choosing=2)[:2]
        except AssertionError:
            return None
        discarder = peers[seats[0]].state[room]["view"]["pending"]["seat"]
        xiajia = (discarder + 1) % 3
        other = 3 - discarder - xiajia
        if want(_answers(peers, room, xiajia), _answers(peers, room, other)):
            return xiajia, other
        _pass_both(peers, room, seats)
    return None


@contextmanager
def _window(tmp_path: Path, want: Want) -> Iterator[tuple[str, list[Peer], int, int]]:
    """Three people at a 公安 table, at a window ``want`` describes."""
    for seed in range(60):
        (tmp_path / str(seed)).mkdir()
        with running(sqlite_url(tmp_path / str(seed)), seed=seed, auto_answer=0.2) as client, \
                ExitStack() as stack:
            people = [Api(client, f"抢{i}") for i in range(3)]
            room, peers = started(client, people, stack, game="biegan", preset="gongan",
                                  rules={"ask": "eligible"})
            found = _next_window(peers, room, want)
            if found is not None:
                yield room, peers, *found
                return
    raise AssertionError("no seed from 0 to 59 deals such a window")


def _answer(peer: Peer, room: str, action: str) -> Message:
    act(peer, room, action)
    reply = peer.until(lambda m: m["type"] in ("state", "error"))
    assert reply["type"] == "state", reply
    return reply


def _closed(peers: list[Peer], room: str) -> list[Message]:
    """Every seat's first view after the window closed."""
    return [p.until(lambda m: m["type"] == "state" and m["view"]["phase"] != "window")
            if p.state[room]["view"]["phase"] == "window" else p.state[room] for p in peers]


def test_hu_beats_the_xiajias_dui_that_came_first(tmp_path: Path) -> None:
    with _window(tmp_path, lambda xia, other: "对" in xia and "胡" in other) as (
            room, peers, xiajia, other):
        hand = peers[xiajia].state[room]["view"]["hand"]
        mine = _answer(peers[xiajia], room, "对")
        # the window stays open: the other seat may still 胡, and nobody hears of the 对
        assert mine["view"]["phase"] == "window" and mine["view"]["my_answer"] == "对"
        assert peers[other].state[room]["legal_text"] == _answers(peers, room, other)
        assert not [m for m in peers[other].quiet() if m["type"] == "state"]
        _answer(peers[other], room, "胡")
        views = _closed(peers, room)
        for view in views:
            won = [e for e in view["events"] if e["kind"] == "won"]
            assert [e["seat"] for e in won] == [other], view["events"]
            assert not [e for e in view["events"] if e["kind"] == "claimed"]
        assert views[xiajia]["view"]["hand"] == hand  # the 对 was never made
        assert all(v["view"]["melds"][xiajia] == [] for v in views)


def test_between_two_dui_the_xiajia_takes_the_card_whoever_answered_first(
        tmp_path: Path) -> None:
    with _window(tmp_path, lambda xia, other: xia == other == ["过", "对"]) as (
            room, peers, xiajia, other):
        card = peers[other].state[room]["view"]["pending"]["card"]
        hand = peers[other].state[room]["view"]["hand"]
        mine = _answer(peers[other], room, "对")  # the far seat answers first
        assert mine["view"]["phase"] == "window"
        _answer(peers[xiajia], room, "对")
        views = _closed(peers, room)
        for view in views:
            claimed = [e for e in view["events"] if e["kind"] == "claimed"]
            assert [(e["seat"], e["claim"]) for e in claimed] == [(xiajia, "对")], claimed
            assert view["view"]["to_act"] == [xiajia]  # it discards next
        assert views[other]["view"]["hand"] == hand  # its 对 was not carried out
        for view in views:
            (meld,) = view["view"]["melds"][xiajia]
            assert meld["kind"] == "对" and card in meld["cards"], meld
            assert view["view"]["melds"][other] == []


def test_a_hu_let_go_leaves_the_dui_to_the_other_seat(tmp_path: Path) -> None:
    with _window(tmp_path, lambda xia, other: "对" in xia and "胡" in other) as (
            room, peers, xiajia, other):
        _answer(peers[xiajia], room, "对")
        after = _answer(peers[other], room, "过")
        assert after["view"]["guohu"], "a seat that lets its 胡 go is under 过胡"
        for view in _closed(peers, room):
            claimed = [e for e in view["events"] if e["kind"] == "claimed"]
            assert [(e["seat"], e["claim"]) for e in claimed] == [(xiajia, "对")], claimed
