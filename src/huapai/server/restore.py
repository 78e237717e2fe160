"""Rebuild rooms after a restart: replay each stored game record through its engine."""

from __future__ import annotations

import logging
from collections.abc import Sequence
from typing import Any

from huapai.core.protocol import Game
from huapai.core.registry import get_game

from .rooms import BETWEEN, FINISHED, PLAYING, WAITING, Room
from .seats import LiveDeal, RoomServices
from .settings import RoomSettings
from .store import ActionRow, GameRow, RoomBundle

log = logging.getLogger("huapai.server")


def replay_state(game: Game[Any, Any], rules: Any, row: GameRow,
                 actions: Sequence[ActionRow]) -> Any:
    """The state a stored game stood at: its deal, then every recorded action."""
    state = game.new_game(rules, deal=game.parse_deal(rules, row.deal), dealer=row.dealer)
    for entry in actions:
        action = game.parse_action(rules, entry.action)
        state, _events = game.apply(state, entry.seat, action)
    return state


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
    _restore_score(room, bundle.games)
    _restore_deal(room, game, rules, bundle)
    return room


def _restore_score(room: Room, games: Sequence[GameRow]) -> None:
    for row in games:
        if row.status == "finished" and row.settlement is not None:
            scaled = [d * row.multiplier for d in row.settlement["deltas"]]
            room.score.totals = [t + d for t, d in zip(room.score.totals, scaled, strict=True)]
            room.score.deals.append(scaled)


def _restore_deal(room: Room, game: Game[Any, Any], rules: Any, bundle: RoomBundle) -> None:
    if not bundle.games:
        if room.status in (PLAYING, BETWEEN):
            room.status = WAITING
        return
    last = bundle.games[-1]
    state = replay_state(game, rules, last, bundle.last_actions)
    room.deal = LiveDeal(last.id, last.deal_index, last.seed, last.commitment, last.dealer,
                         state, actions=len(bundle.last_actions))
    room.feed.update(state, [], spectators=False)
    if last.status == "finished":
        room.dealer = game.next_dealer(state)
        room.status = FINISHED if last.deal_index + 1 >= room.settings.deals else BETWEEN
    else:
        room.dealer = last.dealer
        room.status = PLAYING


def resume(room: Room) -> None:
    """Start what a live room runs: drop graces (nobody is connected yet), bots, clocks."""
    for seat in room.seats:
        room.start_drop_grace(seat)
    if room.status == PLAYING and room.deal is not None and room.game.is_over(room.deal.state):
        log.warning("room %s: settling a deal whose settlement was not written", room.id)
        room.settle_pending()
    elif room.status == PLAYING:
        room.resume_play()
    elif room.status == BETWEEN:
        room.resume_between()
