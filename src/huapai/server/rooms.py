"""Rooms: the state machine of one table — its seats, its match and the path of a move.

Status: ``waiting`` (seats filling) → ``playing`` (a deal in progress) → ``between``
(deal over, next one when the people are ready) → … → ``finished`` (match over; the owner
may play again).

The room owns its state, its timers and its persistence; the hub only delivers. Every
change takes one path, under the room's lock so that changes never interleave::

    validate → compute the change on a copy (the engine is pure) → write it and wait
    until it is durable → commit it to the room → deliver what each viewer may see

A refusal (``ServerError``, ``IllegalAction``) or a write that fails
(``storage_unavailable``) leaves the room exactly as it was. The match itself is
``core.match.Match``, the driver every front end shares; clocks, 托管 and bots are in
:mod:`huapai.server.turns`, the rows in :mod:`huapai.server.roomstore`. Nothing here
knows any game.
"""

from __future__ import annotations

import asyncio
import logging
import time
from typing import Any, Literal

from huapai.core.match import Match
from huapai.core.protocol import Event, NotationError
from huapai.core.record import STAND_INS
from huapai.core.registry import get_game

from . import messages
from .botplay import checked_spec, warm
from .clock import Timers, TurnClock
from .errors import ServerError, conflict, forbidden, not_found
from .fairness import banpai_seed, commitment, deal_seed
from .hub import Feed, Hub, Message, Viewer, stood_in
from .roomstore import RoomStore
from .seats import (
    BETWEEN,
    FINISHED,
    PLAYING,
    WAITING,
    LiveDeal,
    RoomServices,
    Seat,
    Shuffle,
    house_bot,
    match_deals,
    match_totals,
)
from .settings import RoomSettings
from .shuffle import PendingShuffle, add_nonce, shuffle
from .turns import Turns

__all__ = ["BETWEEN", "FINISHED", "PLAYING", "WAITING", "Room"]

log = logging.getLogger("huapai.server")

MAX_ACTION_TEXT = 128


class Room:
    """One table. Build with :meth:`create` (new) or ``restore.restore_room`` (restart)."""

    def __init__(self, services: RoomServices, *, room_id: str, owner: str, game: str,
                 preset: str, rules: Any, settings: RoomSettings, bot_seed: int,
                 code: str | None) -> None:
        self.services = services
        self.id, self.owner, self.code = room_id, owner, code
        self.game = get_game(game)
        self.preset, self.rules, self.settings = preset, rules, settings
        self.bot_seed = bot_seed
        n = self.game.num_seats(rules)
        self.seats = [Seat(i) for i in range(n)]
        self.members: set[str] = {owner}
        self.sent_away: set[str] = set()  # spectators the owner sent away (请出; stored)
        # the owner before a seated player took the room over (by acting for an owner with
        # no window on it): the summary says so, or the host came back to a room no longer
        # theirs and nothing said why (not kept over a restart)
        self.taken_from: str | None = None
        self.owner_nickname: str | None = None  # once a seated player took the room over
        self.owner_gone_at = time.monotonic()  # when the owner's last window closed
        self.status = WAITING
        self.match_no = 0
        self.match: Match | None = None
        # who sat each seat in each deal of the match (player id and nickname; None: a
        # bot), the last for ``deal``: a player who left keeps the points of their deals
        # in the summary's "left", and a seat's later occupant sees ``deal`` as a spectator
        self.deal_seats: list[list[tuple[str, str] | None]] = []
        self.dealt_bots: list[str | None] = []  # the bot of each seat in ``deal`` (or None)
        self.deal: LiveDeal | None = None
        self.feed = Feed(self.game, rules, n)
        self.step = 0
        self.lock = asyncio.Lock()
        self.store = RoomStore(services.writer, room_id, services.leases)
        self.timers = Timers(room_id)
        self.clock = TurnClock(settings.turn_clock)
        self.turns = Turns(self)
        self.pending: PendingShuffle | None = None  # a shuffle window waiting for nonces
        self.touched = time.monotonic()
        self.created_at = time.time()  # restore.py sets the stored time

    @classmethod
    async def create(cls, services: RoomServices, *, owner: str, game: str, preset: str,
                     rules: Any, settings: RoomSettings) -> Room:
        """A new room, answered only once its rows are written."""
        source = services.source
        code = source.code() if settings.private else None
        room = cls(services, room_id=source.token(9), owner=owner, game=game, preset=preset,
                   rules=rules, settings=settings, bot_seed=source.deal_seed(), code=code)
        await room.store.created(room)
        return room

    # ------------------------------------------------------------------ small helpers
    @property
    def hub(self) -> Hub:
        return self.services.hub

    @property
    def dealer(self) -> int:
        return 0 if self.match is None else self.match.dealer

    def close_timers(self) -> None:
        self.timers.close()

    def seat_of(self, player: str | None) -> Seat | None:
        if player is None:
            return None
        return next((s for s in self.seats if s.player == player), None)

    def viewer_of(self, player: str | None) -> Viewer:
        seat = self.seat_of(player)
        return None if seat is None else seat.index

    def shown_as(self, viewer: Viewer) -> Viewer:
        """Whose view of the deal ``viewer`` gets: its seat's, unless the deal is over and
        somebody else sat that seat when it was dealt — then a spectator's (a latecomer
        who sat down after a match got the last deal's unplayed hand of the seat, in a
        private room whose games only their players may read: a play-test)."""
        if viewer is None or self.status == PLAYING or not self.deal_seats:
            return viewer
        dealt = self.deal_seats[-1][viewer]  # the current deal's seats (start_deal, restore)
        return viewer if dealt is not None and dealt[0] == self.seats[viewer].player else None

    def visible_to(self, player: str | None) -> bool:
        return player not in self.sent_away and (not self.settings.private
                                                 or player in self.members)

    # ------------------------------------------------------------------ messages
    def totals(self) -> list[int]:
        return match_totals(self.match, len(self.seats), self.settings.multiplier)

    def summary(self) -> dict[str, Any]:
        return messages.summary(self)

    def room_message(self) -> Message:
        return {"type": "room", "room": self.summary()}

    def state_text(self, viewer: Viewer, events: list[str], history: bool = False) -> str:
        return messages.state_text(self, viewer, events, history)

    def publish_room(self) -> None:
        self.touched = time.monotonic()
        self.hub.summary(self)

    def idle_for(self) -> float:
        """Seconds since anything happened here, or 0 while anyone watches or plays."""
        if self.status in (PLAYING, BETWEEN) or self.hub.watchers(self.id):
            return 0.0
        return time.monotonic() - self.touched

    def close(self) -> Any:
        """Close an idle room for good: out of memory and never restored (its games,
        replays and history stay)."""
        self.close_timers()
        self.status = "closed"
        self.hub.forget(self.id)
        return self.store.closed(self.match_no)

    async def settled(self) -> None:
        """Return once the change in progress (if any) is committed and delivered."""
        async with self.lock:
            return

    # ------------------------------------------------------------------ lobby
    async def join(self, player: str) -> None:
        async with self.lock:
            await self._join(player)

    async def _join(self, player: str) -> None:
        if player in self.sent_away:  # by its code too
            raise not_found("sent_away")
        if player not in self.members:
            await self.store.member(player)
            self.members.add(player)

    async def take_seat(self, player: str, nickname: str, index: int) -> None:
        """Only an empty seat may be taken, and mid-deal only by the player who left it
        (nobody else ever sees a live hand, and nobody changes seats during a deal). A
        seated player takes another seat in one step (换座) before a match or after one:
        leaving first let somebody else take either seat meanwhile (a play-test)."""
        async with self.lock:
            seat = self.seat_at(index)
            now = self.seat_of(player)
            if now is not None and (now is seat or self.status not in (WAITING, FINISHED)):
                raise conflict("already_seated" if now is seat else "no_seat_change",
                               f"seat {now.index}")
            mine = seat.held is not None and seat.held[0] == player
            if self.status == PLAYING and not mine:
                code = "seat_held" if seat.held is not None else "mid_deal"
                raise conflict(code, f"seat {index} during deal {self.deal_number()}")
            if seat.player is not None or seat.bot is not None:
                raise conflict("seat_taken",
                               f"seat {index} is {seat.nickname or seat.bot}'s")
            if now is not None:
                await self._move(now, seat)
                return
            await self._join(player)
            await self.store.seats([(index, player, None)])
            seat.player, seat.nickname, seat.bot, seat.tuoguan = player, nickname, None, None
            seat.held = None
            self.turns.start_drop_grace(seat)  # cancelled at once if the player is watching
            self.seat_changed()

    async def _move(self, old: Seat, new: Seat) -> None:
        """换座: ``old``'s player into the empty ``new``, both written at once."""
        await self.store.seats([(old.index, None, None), (new.index, old.player, None)])
        new.player, new.nickname, new.held = old.player, old.nickname, None
        self.vacate(old)
        self.seat_changed()

    async def leave(self, player: str) -> None:
        async with self.lock:
            seat = self.seat_of(player)
            if seat is None:
                raise ServerError("not_seated")
            held = self.status == PLAYING and seat.player is not None \
                and seat.nickname is not None
            await self.store.seats([(seat.index, None, seat.bot)],
                                   held=seat.player if held else None)
            if held and seat.player is not None and seat.nickname is not None:
                seat.held = (seat.player, seat.nickname)
            self.vacate(seat)
            self.seat_changed()

    def vacate(self, seat: Seat) -> None:
        """The seat's player gone from it (left, freed by the owner, away at 再来一场):
        its drop timer cancelled, its player, 托管 and readiness cleared."""
        self.timers.cancel(f"drop{seat.index}")
        seat.player = seat.nickname = seat.tuoguan = None
        seat.online, seat.ready, seat.missed = 0, False, False

    async def fill_bots(self, player: str, indexes: list[int] | None, bot: str | None) -> None:
        async with self.lock:
            self.require_owner(player)
            name = checked_spec(self.game, self.rules, bot or house_bot(self.game))
            warm(name)
            chosen = [self.seat_at(i) for i in indexes] if indexes is not None else [
                s for s in self.seats if s.empty and s.held is None]
            taken = [s.index for s in chosen if not s.empty or s.held is not None]
            if taken:
                raise conflict("seat_taken", f"seats {taken} are not empty")
            if not chosen:
                return
            await self.store.seats([(s.index, s.player, name) for s in chosen])
            for seat in chosen:
                seat.bot = name
            await self.take_ownership(player)
            self.seat_changed()

    async def start(self, player: str) -> None:
        async with self.lock:
            self.require_owner(player)
            self.require_status(WAITING)
            await self._start_match()
            await self.take_ownership(player)

    async def again(self, player: str) -> None:
        """再来一场: another match with the same seats. A seated player who is not here (no
        window on the room) is not drawn into it — their seat is freed and the room waits
        again, for the owner to fill it or for them to sit down again; so does a room with
        a seat left empty (someone left after the match: 再来一场 said only 还有空座位, and
        the room stayed finished — a play-test)."""
        async with self.lock:
            self.require_owner(player)
            self.require_status(FINISHED)
            away = [s for s in self.seats  # (an owner who is away too, when another acts)
                    if s.player is not None and s.player != player and s.online == 0]
            await self.take_ownership(player)
            await self._here_again()
            if not away and not any(s.empty for s in self.seats):
                await self._start_match()
                return
            await self.store.waiting_again([s.index for s in away], self.match_no)
            for seat in away:
                self.vacate(seat)
            self.status = WAITING
            self.seat_changed()

    async def _here_again(self) -> None:
        """A new match starts with the people here on their own again: the 托管 of the last
        match (a missed clock, a drop) played the whole rematch for players sitting at
        the table (a play-test)."""
        for seat in self.seats:  # a clock run out in the last match is not one "in a row"
            seat.missed = False
        here = [s for s in self.seats if s.player is not None and s.online > 0 and s.tuoguan]
        for seat in here:
            await self.store.flags(seat.index, tuoguan=None)
            seat.tuoguan = None

    def deal_number(self) -> int:
        return 0 if self.deal is None else self.deal.index + 1

    def seat_at(self, index: int) -> Seat:
        if not 0 <= index < len(self.seats):
            raise ServerError("seat_out_of_range",
                              f"seat {index}; this room has seats 0..{len(self.seats) - 1}")
        return self.seats[index]

    def owner_here(self) -> bool:
        """Whether the owner has a window on the room (seated or watching), or had one less
        than ``owner_grace`` seconds ago: only after that may a seated player act for them
        (a passer-by who sat down in a public room took it over while its owner was on
        another of his rooms' pages: a lobby play-test)."""
        if self.hub.watching(self.id, self.owner):
            return True
        return time.monotonic() - self.owner_gone_at < self.services.owner_grace

    def owner_went(self) -> None:
        """The owner's last window on the room closed: once the grace is over a seated
        player may act for them, and the summary says so then."""
        self.owner_gone_at = time.monotonic()
        if self.services.owner_grace > 0:
            self.timers.later("owner_grace", self.services.owner_grace + 0.05,
                              self.publish_room)

    def require_owner(self, player: str) -> None:
        """The owner may; so may a seated player while the owner is away (no window on the
        room), who becomes the owner by doing it (:meth:`take_ownership`) — a host who left had the
        room stuck: nobody present could start 再来一场, fill a seat or free one (a
        play-test)."""
        if player != self.owner and (self.owner_here() or self.seat_of(player) is None):
            raise forbidden("not_owner")

    async def take_ownership(self, player: str, by: str | None = None) -> None:
        """``player`` is the owner, kept once durable: one allowed by :meth:`require_owner`
        once the change it made is kept (a refused request changes nothing, the owner
        included), or the one the owner hands the room to (:meth:`give_owner`; ``by`` the
        one who handed it, when not ``player``)."""
        if player == self.owner:
            return
        await self.store.owner(player)
        self.taken_from = None if (by or player) == self.owner else self.owner
        seat = self.seat_of(player)
        self.owner_nickname = None if seat is None else seat.nickname
        self.owner = player
        self.members.add(player)
        self.publish_room()

    def require_status(self, *allowed: str) -> None:
        if self.status not in allowed:
            raise conflict("wrong_status", f"expected {' or '.join(allowed)}, got {self.status}")

    def seat_changed(self) -> None:
        self.hub.reseat(self)
        self.publish_room()
        if self.status == PLAYING:
            self.turns.schedule()
        elif self.status == BETWEEN:
            self.turns.maybe_next_deal()

    # ------------------------------------------------------------------ 托管, readiness
    async def set_tuoguan(self, index: int, on: bool) -> None:
        async with self.lock:
            await self.turns.set_tuoguan(index, on)

    async def ready(self, index: int) -> None:
        async with self.lock:
            await self.turns.ready(index)

    def presence(self, index: int, delta: int) -> None:
        self.turns.presence(index, delta)

    def nonce(self, index: int, game_id: str, nonce: str) -> None:
        """A seated player's nonce for the deal about to be dealt (shuffle.py)."""
        add_nonce(self, index, game_id, nonce)

    # ------------------------------------------------------------------ the path of a move
    async def act(self, index: int, counter: int, action: int | str) -> None:
        """A seat's move from its player; raises having changed nothing if refused."""
        async with self.lock:
            if self.status != PLAYING or self.deal is None:
                raise conflict("not_playing", f"the room is {self.status}")
            feed = self.feed
            if counter != feed.counter(index) and not feed.same_options_since(index, counter):
                raise conflict("stale", params={"expected": feed.counter(index), "got": counter})
            chosen = self._parse(action)
            wait = self.turns.paced_wait(index)
            if wait > 0:  # (请统) no answer comes sooner than the automatic one would
                self.turns.hold(index, chosen, wait)
                if self.seats[index].tuoguan is not None:  # taken back now, not at the
                    await self.turns.set_tuoguan(index, False)  # pause's end: 托管 answered
                return  # first and the player's 过 was dropped (a play-test)
            await self.move(index, chosen, "player")

    async def advise(self, index: int) -> tuple[int, int]:
        """提示: the move 托管's house bot would make for seat ``index`` now — chosen from
        that seat's view only, as 托管 chooses — and the seat's counter it is for."""
        async with self.lock:
            if self.status != PLAYING or self.deal is None:
                raise conflict("not_playing", f"the room is {self.status}")
            if not self.feed.legal[index][0]:
                raise conflict("no_choice", f"seat {index} has nothing to choose now")
            return self.feed.counter(index), self.turns.house_choice(self.seats[index],
                                                                     self.deal)

    def _parse(self, action: int | str) -> int:
        if isinstance(action, int):
            if not 0 <= action < self.game.num_actions(self.rules):
                raise ServerError("bad_action", f"no action has id {action}")
            return action
        if len(action) > MAX_ACTION_TEXT:
            raise ServerError("bad_action", "the action text is too long")
        try:
            return self.game.parse_action(self.rules, action)
        except NotationError as exc:
            raise ServerError("bad_action", exc.msg) from None

    async def move(self, index: int, action: int, actor: str) -> None:
        """Apply a validated move (the lock held): on a copy, then durable, then kept."""
        live = self.deal
        assert live is not None
        state, events = self.game.apply(live.state, index, action)  # IllegalAction: no change
        seat = self.seats[index]
        back = actor == "player" and seat.tuoguan is not None
        await self.store.action(live, index, self.feed.action_text(action), actor,
                                self.turns.clocks_after(state, index, back), back)
        live.deal.commit(index, action, state, events,
                         by=actor if actor in STAND_INS else None)
        self.turns.next_decision(index, state)
        if actor == "player":  # in time: a clock that runs out next is the first again
            seat.missed = False
        if actor == "tuoguan" and seat.tuoguan is not None:  # counted for tuoguan_back
            seat.stood_in += 1
            seat.stood_deals.add((self.match_no, live.index))
        if back:  # the player is back: the house bot lets go
            self.turns.let_go(index)
        # marked as the record marks it (hub.marked_to): a first clock run out's move too
        # (no 托管 follows, but the house bot made it: a reload marked it, live did not);
        # 答话限时's answer to its player alone
        deadline = actor == "deadline"
        self._publish_change(events, actor=index,
                             marked=stood_in(events, index, actor == "tuoguan" or deadline),
                             marked_for=index if deadline else "all", marked_by=actor)
        if back:
            self.publish_room()
        if self.game.is_over(state):
            await self.settle()

    def _publish_change(self, events: list[Event], actor: Viewer = None,
                        marked: Event | None = None,
                        marked_for: Viewer | Literal["all"] = "all",
                        marked_by: str = "tuoguan") -> None:
        """The one path after every change of the deal: views, bots and clocks, send."""
        assert self.deal is not None
        self.step += 1
        self.touched = time.monotonic()
        spectators = self.hub.watched_by(self.id, None) or self.settings.turn_clock > 0
        changed = self.feed.update(self.deal.state, events, actor=actor, spectators=spectators,
                                   marked=marked, marked_for=marked_for,
                                   marked_by=marked_by)
        if self.game.is_over(self.deal.state):
            self.turns.stop_clocks()
        else:
            self.turns.schedule()
        self.hub.states(self, changed)

    # ------------------------------------------------------------------ deals
    async def _start_match(self) -> None:
        empty = [s.index for s in self.seats if s.empty]
        if empty:
            raise conflict("seats_empty", f"seats {empty} are empty")
        game_id, parts = await shuffle(self, first=True)
        assert parts.banpai_server_seed is not None
        match = Match(self.game, self.rules, self.settings.deals,
                      banpai_seed(parts.banpai_server_seed, parts.nonces), log=False)
        await self.start_deal(match, self.match_no + 1, list(match.opening), game_id, parts)
        for seat in self.seats:  # people seated but not here are dropped players
            if seat.online == 0:
                self.turns.start_drop_grace(seat)

    async def start_deal(self, match: Match, match_no: int, events: list[Event],
                         game_id: str, parts: Shuffle) -> None:
        """Deal the match's next deal from the shuffle's parts; kept only once its row
        is durable."""
        seed = deal_seed(parts.server_seed, parts.nonces)
        deal = match.next_deal(seed)
        live = LiveDeal(game_id, match.index, seed, commitment(parts.server_seed), deal,
                        parts)
        await self.store.deal_started(self, live, match_no)
        match.adopt(deal)
        if match_no != self.match_no:  # a new match
            self.deal_seats = []
        self.deal_seats.append([None if x.player is None else (x.player, x.nickname or "")
                                for x in self.seats])
        self.dealt_bots = [x.bot for x in self.seats]
        self.match, self.match_no, self.deal, self.status = match, match_no, live, PLAYING
        for seat in self.seats:
            seat.ready = False
        self.publish_room()
        self._publish_change([*events, *deal.opening])
        if self.game.is_over(deal.state):  # over as dealt (兰州: a big hand shown at once,
            await self.settle()             # ≈ 1 deal in 550): nobody moves, so settle now

    async def settle(self) -> None:
        """Settle the deal that just ended (the lock held); if storage refuses, the deal
        stays over-but-unsettled and settling is tried again shortly."""
        live, match = self.deal, self.match
        assert live is not None and match is not None
        settlement = self.game.settlement(live.state)
        # the match's last deal, or one that ends it early (钵福's 得一钵: game.match_over)
        last = match.index + 1 >= match.deals or self.game.match_over(live.state)
        status = FINISHED if last else BETWEEN
        try:
            await self.store.deal_finished(live, settlement, self.seats,
                                           self.settings.multiplier, status, self.match_no)
        except ServerError:
            log.warning("room %s: storage refused the settlement; trying again", self.id)
            self.turns.later_locked("settle", self.services.retry_after, self._settle_again)
            return
        match.finish_deal()
        for seat in self.seats:  # a seat left mid-deal is free once the deal is over
            seat.held = None
        self.status = status
        self.hub.broadcast(self, messages.deal_end(self, live, settlement.to_json(), last))
        if last:
            self.hub.broadcast(self, {"type": "match_end", "room": self.id,
                                      "match": self.match_no, "totals": self.totals(),
                                      "deals": match_deals(match, self.settings.multiplier)})
        self.publish_room()
        if not last:
            self.turns.between()

    async def _settle_again(self) -> None:
        live = self.deal
        if self.status == PLAYING and live is not None and self.game.is_over(live.state):
            await self.settle()

    async def next_deal(self) -> None:
        if self.status == BETWEEN and self.match is not None:
            game_id, parts = await shuffle(self, first=False)
            await self.start_deal(self.match, self.match_no, [], game_id, parts)
