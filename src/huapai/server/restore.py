"""Rebuild rooms after a restart: each room's match replayed from its stored records.

The stored games of a room's current match are core deal records; ``Match.resume``
replays them through the one record replayer (``core.record.replay_deal``), so a
restored room stands exactly where its durable moves left it.
"""

from __future__ import annotations

import json
import logging

from huapai.core.match import Match
from huapai.core.record import ReplayError, replay_deal
from huapai.core.registry import get_game

from . import rulefiles
from .fairness import banpai_seed
from .replays import deal_record
from .rooms import Room
from .seats import BETWEEN, FINISHED, PLAYING, WAITING, LiveDeal, RoomServices, Shuffle
from .settings import RoomSettings
from .store import ActionRow, GameRow, RoomBundle, op_delete_actions

log = logging.getLogger("huapai.server")

# a restored room's per-viewer counters start at ``epoch * EPOCH_SPAN``: no viewer's
# counter moves 2**32 times in one run, and counters stay exact in JavaScript (< 2**53)
EPOCH_SPAN = 2**32


def restore_room(services: RoomServices, bundle: RoomBundle) -> Room:
    row = bundle.room
    game = get_game(row.game)
    rulefiles.recover(row.rules)  # a club table's kept copy, if this machine lost it
    rules = game.rules_from_dict(row.rules)
    room = Room(services, room_id=row.id, owner=row.owner_id, game=row.game,
                preset=row.preset, rules=rules, settings=RoomSettings.parse(row.settings),
                bot_seed=row.bot_seed, code=row.code)
    room.created_at = row.created_at
    room.members = set(bundle.members) | {row.owner_id}
    room.sent_away = set(bundle.sent_away)
    for seat_row in bundle.seats:
        seat = room.seats[seat_row.seat]
        seat.player, seat.bot = seat_row.player_id, seat_row.bot
        seat.nickname = bundle.nicknames.get(seat_row.player_id or "")
        seat.tuoguan = seat_row.tuoguan if seat.player is not None else None
        seat.ready = bool(seat_row.ready)
        held = seat_row.held_player_id
        if held is not None and held in bundle.nicknames:
            seat.held = (held, bundle.nicknames[held])
    room.match_no = row.match_no
    room.status = row.status
    room.feed.start_at(row.epoch * EPOCH_SPAN)
    _restore_match(room, bundle)
    if room.status != PLAYING:  # a held seat is free once its deal is over
        for seat in room.seats:
            seat.held = None
    if room.status != BETWEEN:
        for seat in room.seats:
            seat.ready = False
    return room


def _restore_match(room: Room, bundle: RoomBundle) -> None:
    if room.status == WAITING:  # before its first match, or after 再来一场 freed a seat
        return
    if not bundle.games:
        if room.status in (PLAYING, BETWEEN):
            room.status = WAITING
        return
    last = bundle.games[-1]
    if last.status != "finished":
        bundle.actions[last.id] = _durable_prefix(room, last, bundle.actions.get(last.id, []))
    records = [deal_record(g, bundle.actions.get(g.id, [])) for g in bundle.games]
    # the match seed draws the first dealer (扳牌; every stored deal names its own dealer):
    # the same seed again, from the first deal's parts, so the match's opening events are
    # the ones played (a window opened later logs them); 0 for games stored before them
    first = bundle.games[0]
    seed = 0 if first.banpai_server_seed is None else banpai_seed(
        first.banpai_server_seed, list(first.nonces or []))
    match = Match.resume(room.game, room.rules, room.settings.deals, seed, records, log=False)
    deal = match.current or match.last
    assert deal is not None
    room.match = match
    parts = None if last.server_seed is None else Shuffle(
        last.server_seed, list(last.nonces or []), last.banpai_server_seed,
        last.banpai_commitment)
    room.deal_seats = [[(x["player"], x.get("nickname") or "") if x.get("player") else None
                        for x in g.seats or []] for g in bundle.games]
    room.dealt_bots = [x.get("bot") for x in bundle.games[-1].seats or []]
    room.deal = LiveDeal(last.id, last.deal_index, last.seed, last.commitment, deal, parts)
    room.feed.update(deal.state, [], spectators=False)
    if match.current is None:
        room.status = FINISHED if match.finished else BETWEEN
        room.turns.ended_at = last.finished_at
    else:
        room.status = PLAYING
        _restore_clocks(room, bundle.actions.get(last.id, []))


def _restore_clocks(room: Room, actions: list[ActionRow]) -> None:
    """Each running turn clock resumes with what it had left at the deal's last durable
    move, plus the grace (full time before the first move)."""
    stored = actions[-1].clocks if actions else None
    if stored is not None:
        room.clock.resume(json.loads(stored), room.services.clock_grace)


def _durable_prefix(room: Room, row: GameRow, actions: list[ActionRow]) -> list[ActionRow]:
    """The moves of an unfinished game that replay without a gap. A record with a gap (a
    move missing, later ones stored: written by an older server after a failed write)
    is repaired: the room continues from the last move before the gap, and the rows
    after it, which were played on a state that was never stored, are deleted."""
    kept = 0
    while kept < len(actions) and actions[kept].idx == kept:
        kept += 1
    try:
        replay_deal(deal_record(row, actions[:kept]), room.game)
    except ReplayError as exc:
        kept = max(0, exc.index)
    if kept < len(actions):
        log.warning("room %s: game %s has a gap in its moves; kept the %d before it, "
                    "dropped %d", room.id, row.id, kept, len(actions) - kept)
        room.services.writer.submit(op_delete_actions(row.id, kept))
    return actions[:kept]


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
