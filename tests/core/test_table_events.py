"""The events the claim families share (core/table_events.py): a face-down group is
private while its cards are in the event, and the other seats get it with them as None
and every other field as it was; a face-up group and a discard are public."""

from __future__ import annotations

from huapai.core.table_events import DealEnded, Discarded
from huapai.games.biegan.state import Discarded as BieganDiscarded
from huapai.games.biegan.state import Kaifan, Zha
from huapai.games.xiushan.state import Laid


def test_a_hidden_zha_is_redacted_to_its_size_alone() -> None:
    zha = Zha(1, "七七七七", True, True)
    assert zha.private and zha.visible_to(1) and not zha.visible_to(0)
    assert zha.for_viewer(0) == Zha(1, None, True, True)
    assert zha.for_viewer(None).to_json() == {"kind": "zha", "seat": 1, "cards": None,
                                               "hidden": True, "qingtong": True}
    shown = Zha(1, "七七七七", False, False)
    assert not shown.private and shown.for_viewer(0) is shown
    assert Kaifan(2, "三三三三三", True).for_viewer(0) == Kaifan(2, None, True)


def test_a_face_down_xiushan_group_hides_its_card_only() -> None:
    laid = Laid(0, "哨", "捌", 3, True, None)
    assert laid.private
    assert laid.for_viewer(2) == Laid(0, "哨", None, 3, True, None)
    already_unknown = Laid(0, "哨", None, 3, True, None)
    assert not already_unknown.private
    assert not Laid(0, "碰", "捌", 3, False, 1).private


def test_discards_and_deal_ends_are_public_and_shared() -> None:
    assert BieganDiscarded is Discarded
    assert Discarded(0, "七").to_json() == {"kind": "discarded", "seat": 0, "card": "七"}
    ended = DealEnded(None, "huang")
    assert not ended.private and ended.to_json() == {"kind": "deal_ended", "seat": None,
                                                     "reason": "huang"}
