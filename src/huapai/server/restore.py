"""Rebuild rooms after a restart: each room's match replayed from its stored records.

The stored games of a room's current match are core deal records; ``Match.resume``
replays them through the one record replayer (``core.record.replay_deal``), so a
restored room stands exactly where its durable moves left it.
"""

from __future__ import annotations

import logging

from huapai.core.match import Match
from huapai.core.registry import get_game

from .replays import deal_record
from .rooms import Room
from .seats import BETWEEN, FINISHED, PLAYING, WAITING, LiveDeal, RoomServices
from .settings import RoomSettings
from .store import RoomBundle

log = logging.getLogger("huapai.server")


def restore_room(services: RoomServices, bundle: RoomBundle) -> Room:
    row = bundle.room
    game = get_game(row.game)
    rules = game.rules_from_dict(row.rules)
    room = Room(services, room_id=row.id, owner=row.owner_id, game=row.game,
                preset=row.preset, rules=rules, settings=RoomSettings.parse(row.settings),
                bot_seed=row.bot_seed, code=row.code)
    room.members = set(bundle.members) | {row.owner_id}
    for seat_row in bundle.seats:
        seat = room.seats[seat_row.seat]
        seat.player, seat.bot = seat_row.player_id, seat_row.bot
        seat.nickname = bundle.nicknames.get(seat_row.player_id or "")
    room.match_no = row.match_no
    room.status = row.status
    _restore_match(room, bundle)
    return room


def _restore_match(room: Room, bundle: RoomBundle) -> None:
    if not bundle.games:
        if room.status in (PLAYING, BETWEEN):
            room.status = WAITING
        return
    records = [deal_record(g, bundle.actions.get(g.id, [])) for g in bundle.games]
    # the match seed only draws a first dealer, and every stored deal names its own
    match = Match.resume(room.game, room.rules, room.settings.deals, 0, records)
    deal = match.current or match.last
    assert deal is not None
    last = bundle.games[-1]
    room.match = match
    room.deal = LiveDeal(last.id, last.deal_index, last.seed, last.commitment, deal)
    room.feed.update(deal.state, [], spectators=False)
    if match.current is None:
        room.status = FINISHED if match.finished else BETWEEN
    else:
        room.status = PLAYING


def resume(room: Room) -> None:
    """Start what a live room runs: drop graces (nobody is connected yet), bots, clocks."""
    turns = room.turns
    for seat in room.seats:
        turns.start_drop_grace(seat)
    if room.status == PLAYING and room.deal is not None and room.game.is_over(room.deal.state):
        log.warning("room %s: settling a deal whose settlement was not written", room.id)
        turns.settle_pending()
    elif room.status == PLAYING:
        turns.resume_play()
    elif room.status == BETWEEN:
        turns.resume_between()
