"""The core claim window alone (huapai.core.claim), with a 秀山-like table: three
claimants, forced claims, one kind that several seats may win at once."""

from __future__ import annotations

import itertools

import pytest

from huapai.core.claim import Answered, ClaimTable, ClaimWindow, Resolution, seats_after

# action ids of a made-up family: 过, 胡, 开召, 碰, 鸡 (胡 may be won by several seats)
PASS, HU, KAIZHAO, PENG, JI = 0, 1, 2, 3, 4
TABLE = ClaimTable({HU: 3, KAIZHAO: 2, PENG: 2, JI: 1}, pass_action=PASS, multi=(HU,),
                   forced=(PENG, KAIZHAO, JI))
ORDER = (1, 2, 3)  # seat 0 offered the card; its 下家 first


def window(*answers: tuple[int, int]) -> ClaimWindow:
    return TABLE.window(ORDER, tuple(answers))


def test_forced_claims_leave_no_pass() -> None:
    assert TABLE.legal([PENG]) == [PENG]
    assert TABLE.legal([HU, JI]) == [HU, JI]  # 鸡 is forced, so 胡 or 鸡, no 过
    assert TABLE.legal([]) == [PASS]
    free = ClaimTable({HU: 2, PENG: 1}, pass_action=PASS)
    assert free.legal([PENG, HU]) == [PASS, HU, PENG]


def test_the_window_asks_in_seat_order_and_stays_open_while_a_claim_could_come() -> None:
    w = window()
    assert w.asked() == ORDER and not w.closed()
    w = w.answer(2, PENG)
    assert w.asked() == (1, 3) and w.answer_of(2) == PENG and w.answer_of(1) is None
    assert not w.closed()  # seats 1 and 3 could still 胡
    w = w.answer(1, PASS).answer(3, JI)
    assert w.closed() and w.resolve() == Resolution(PENG, (2,))


def test_equal_ranks_go_by_seat_order_from_the_offering_seat() -> None:
    assert window((3, PENG), (2, KAIZHAO), (1, PASS)).resolve() == Resolution(KAIZHAO, (2,))
    assert window((3, KAIZHAO), (2, PENG), (1, JI)).resolve() == Resolution(PENG, (2,))
    assert window((1, PASS), (2, PASS), (3, PASS)).resolve() == Resolution(None, ())


def test_several_seats_may_win_a_multi_kind() -> None:
    w = window((3, HU), (1, HU))
    assert not w.closed()  # seat 2 could join the 胡
    assert w.answer(2, PASS).resolve() == Resolution(HU, (1, 3))
    assert window((1, HU), (2, HU), (3, PENG)).resolve() == Resolution(HU, (1, 2))


def test_early_close_when_no_answer_to_come_can_beat_or_join() -> None:
    single = ClaimTable({HU: 3, PENG: 2, JI: 1}, pass_action=PASS)
    assert single.closed(ORDER, ((1, HU),))  # 下家's 胡: nobody can beat it
    assert not single.closed(ORDER, ((2, HU),))  # seat 1 could still 胡 first
    assert not single.closed(ORDER, ((1, PENG),))  # seats 2, 3 could 胡
    # where what a seat may still answer is public, the engine says so
    assert single.closed(ORDER, ((1, PENG),), possible={2: [PASS, JI], 3: [PASS]})
    assert not single.closed(ORDER, ((2, PENG),), possible={1: [PASS, PENG], 3: [PASS]})
    assert single.closed(ORDER, ((2, PASS),), possible={1: [PASS], 3: [PASS]})


def test_early_close_never_depends_on_a_hand_by_default() -> None:
    """Closed or not is a function of the answers in and the table only."""
    answers = [PASS, HU, KAIZHAO, PENG, JI]
    for given in itertools.product(answers, repeat=2):
        for seats in itertools.permutations(ORDER, 2):
            w = window(*zip(seats, given, strict=True))
            closed = w.closed()
            rest = next(p for p in ORDER if p not in seats)
            # the result is final exactly when no answer of the last seat changes it
            finals = {w.answer(rest, a).resolve() for a in answers}
            assert closed == (len(finals) == 1), (seats, given)


def test_bad_tables_and_answers_are_refused() -> None:
    with pytest.raises(ValueError, match="ranks ≥ 1"):
        ClaimTable({HU: 0}, pass_action=PASS)
    with pytest.raises(ValueError, match="outside the claim table"):
        ClaimTable({HU: 1}, pass_action=HU)
    with pytest.raises(ValueError, match="not in the claim table"):
        ClaimTable({HU: 1}, pass_action=PASS, forced=(PENG,))
    with pytest.raises(ValueError, match="not asked"):
        window((1, PASS)).answer(1, HU)


def test_seat_order_and_the_private_answer_event() -> None:
    assert seats_after(0, 4) == (1, 2, 3) and seats_after(2, 3) == (0, 1)
    event = Answered(2, "碰")
    assert event.for_viewer(2) == event
    assert event.for_viewer(1).to_json() == {"kind": "answered", "seat": 2, "answer": None}
    assert event.for_viewer(None).to_json()["answer"] is None
