"""Rooms: seats, the match and its deals, bots, turn clocks and 托管 — one state machine.

Status: ``waiting`` (seats filling) → ``playing`` (a deal in progress) → ``between``
(deal over, next one when the people are ready) → … → ``finished`` (match over; the owner
may play again). Every method runs on the event loop; a method either raises a
:class:`ServerError` / ``IllegalAction`` having changed nothing, or makes its change,
writes it (through the writer thread) and tells the hub, which sends each viewer what it
may see once the write is durable.

Nothing here knows any game: engines come from ``core.registry`` and are driven only
through the protocol (``to_act`` may name several seats at once).
"""

from __future__ import annotations

import asyncio
import functools
import logging
import time
from collections.abc import Callable
from concurrent.futures import Future
from typing import Any

from huapai.bots.registry import bot_names, make_bot
from huapai.core.protocol import Event, Game, NotationError
from huapai.core.registry import get_game
from huapai.core.rng import derive_seed

from .errors import ServerError, conflict, forbidden
from .fairness import commitment
from .hub import Feed, Hub, Message, Viewer, dumps
from .seats import LiveDeal, MatchScore, RoomServices, Seat, house_bot
from .settings import RoomSettings
from .store import (
    ActionRow,
    GameRow,
    MemberRow,
    Op,
    RoomRow,
    op_add_member,
    op_finish_game,
    op_insert,
    op_update,
    op_upsert_seat,
)

log = logging.getLogger("huapai.server")

WAITING, PLAYING, BETWEEN, FINISHED = "waiting", "playing", "between", "finished"
MAX_ACTION_TEXT = 128


class Room:
    """One table. Build with :meth:`create` (new) or ``restore.restore_room`` (restart)."""

    def __init__(self, services: RoomServices, *, room_id: str, owner: str, game: str,
                 preset: str, rules: Any, settings: RoomSettings, bot_seed: int,
                 code: str | None) -> None:
        self.services = services
        self.id, self.owner, self.code = room_id, owner, code
        self.game: Game[Any, Any] = get_game(game)
        self.preset, self.rules, self.settings = preset, rules, settings
        self.bot_seed = bot_seed
        n = self.game.num_seats(rules)
        self.seats = [Seat(i) for i in range(n)]
        self.members: set[str] = {owner}
        self.status = WAITING
        self.match_no = 0
        self.dealer = 0
        self.score = MatchScore([0] * n)
        self.deal: LiveDeal | None = None
        self.feed = Feed(self.game, rules, n)
        self.step = 0
        self.timers: dict[str, asyncio.TimerHandle] = {}
        self.deadlines: dict[int, float] = {}
        self.shown: dict[int, float] = {}
        self.touched = time.monotonic()

    # ------------------------------------------------------------------ construction
    @classmethod
    def create(cls, services: RoomServices, *, owner: str, game: str, preset: str,
               rules: Any, settings: RoomSettings) -> Room:
        source = services.source
        code = source.code() if settings.private else None
        room = cls(services, room_id=source.token(9), owner=owner, game=game, preset=preset,
                   rules=rules, settings=settings, bot_seed=source.deal_seed(), code=code)
        room._write(op_insert(
            RoomRow, id=room.id, code=code, owner_id=owner, game=game, preset=preset,
            rules=room.game.rules_to_dict(rules), settings=settings.to_json(),
            bot_seed=room.bot_seed, status=WAITING, match_no=0, created_at=time.time()))
        room._write(op_insert(MemberRow, room_id=room.id, player_id=owner))
        for seat in room.seats:
            room._write(op_upsert_seat(room.id, seat.index, None, None))
        return room

    # ------------------------------------------------------------------ small helpers
    @property
    def hub(self) -> Hub:
        return self.services.hub

    def _write(self, op: Op) -> Future[Any]:
        return self.services.writer.submit(op)

    def _save_room(self) -> Future[Any]:
        return self._write(op_update(RoomRow, {"id": self.id}, status=self.status,
                                     match_no=self.match_no))

    def _save_seat(self, seat: Seat) -> Future[Any]:
        return self._write(op_upsert_seat(self.id, seat.index, seat.player, seat.bot))

    def _later(self, key: str, delay: float, fn: Callable[[], None]) -> None:
        self._cancel(key)
        self.timers[key] = asyncio.get_running_loop().call_later(delay, self._guard, key, fn)

    def _guard(self, key: str, fn: Callable[[], None]) -> None:
        self.timers.pop(key, None)
        try:
            fn()
        except Exception:  # a timer must never take the server down
            log.exception("room %s: timer %s failed", self.id, key)

    def _cancel(self, key: str) -> None:
        handle = self.timers.pop(key, None)
        if handle is not None:
            handle.cancel()

    def close_timers(self) -> None:
        for handle in self.timers.values():
            handle.cancel()
        self.timers.clear()

    def seat_of(self, player: str | None) -> Seat | None:
        if player is None:
            return None
        return next((s for s in self.seats if s.player == player), None)

    def viewer_of(self, player: str | None) -> Viewer:
        seat = self.seat_of(player)
        return None if seat is None else seat.index

    def visible_to(self, player: str | None) -> bool:
        return not self.settings.private or player in self.members

    # ------------------------------------------------------------------ messages
    def summary(self) -> dict[str, Any]:
        return {
            "id": self.id, "game": self.game.name, "title": self.game.title,
            "preset": self.preset, "rules": self.game.rules_to_dict(self.rules),
            **self.settings.to_json(), "code": self.code, "owner": self.owner,
            "status": self.status, "match": self.match_no,
            "deal": None if self.deal is None else self.deal.index, "dealer": self.dealer,
            "seats": [s.to_json() for s in self.seats], "totals": list(self.score.totals),
            "commitment": None if self.deal is None else self.deal.commitment,
        }

    def room_message(self) -> Message:
        return {"type": "room", "room": self.summary()}

    def state_text(self, viewer: Viewer, events: list[str]) -> str:
        """The ``state`` message for ``viewer`` as JSON text, assembled from parts kept
        encoded (the view, the legal actions, the events: never re-encoded per
        connection)."""
        feed, deal = self.feed, self.deal
        clocks = self.clocks_for(viewer)
        tuoguan = [s.index for s in self.seats if s.tuoguan is not None]
        return (f'{{"type":"state","room":{dumps(self.id)},'
                f'"seat":{"null" if viewer is None else viewer},'
                f'"counter":{feed.counter(viewer)},"match":{self.match_no},'
                f'{self._deal_json(deal)},{feed.legal_json[viewer]},'
                f'"events":[{",".join(events)}],'
                f'"clocks":{dumps(clocks) if clocks else "[]"},'
                f'"tuoguan":{dumps(tuoguan) if tuoguan else "[]"},'
                f'"commitment":{dumps(None if deal is None else deal.commitment)},'
                f'"view":{feed.view_text(viewer)}}}')

    @staticmethod
    def _deal_json(deal: LiveDeal | None) -> str:
        if deal is None:
            return '"deal":null,"game_id":null'
        return f'"deal":{deal.index},"game_id":{dumps(deal.game_id)}'

    def clocks_for(self, viewer: Viewer) -> list[dict[str, int]]:
        shown = self.feed.to_act.get(viewer)
        seats = shown if shown is not None else [viewer]
        now = time.monotonic()
        return [{"seat": s, "remaining_ms": max(0, int((self.shown[s] - now) * 1000))}
                for s in seats if s in self.shown]

    def publish_room(self, after: Future[Any] | None = None) -> None:
        self.touched = time.monotonic()
        self.hub.summary(self, after)

    def idle_for(self) -> float:
        """Seconds since anything happened here, or 0 while anyone watches or plays."""
        if self.status in (PLAYING, BETWEEN) or self.hub.watchers(self.id):
            return 0.0
        return time.monotonic() - self.touched

    def close(self) -> Future[Any]:
        """Close an idle room for good: out of memory and never restored (its games,
        replays and history stay)."""
        self.close_timers()
        self.status = "closed"
        self.hub.forget(self.id)
        return self._save_room()

    # ------------------------------------------------------------------ lobby
    def join(self, player: str) -> None:
        if player not in self.members:
            self.members.add(player)
            self._write(op_add_member(self.id, player))

    def take_seat(self, player: str, nickname: str, index: int) -> None:
        """Only an empty seat may be taken, and mid-deal only by the player who left it
        (nobody else ever sees a live hand, and nobody changes seats during a deal)."""
        seat = self._seat(index)
        if self.seat_of(player) is not None:
            raise conflict("already_seated")
        mine = seat.held is not None and seat.held[0] == player
        if self.status == PLAYING and not mine:
            code = "seat_held" if seat.held is not None else "mid_deal"
            raise conflict(code, f"seat {index} during deal {self.deal_number()}")
        if seat.player is not None or seat.bot is not None:
            raise conflict("seat_taken", f"seat {index} is {seat.nickname or seat.bot}'s")
        self.join(player)
        seat.player, seat.nickname, seat.bot, seat.tuoguan = player, nickname, None, None
        seat.held = None
        self.start_drop_grace(seat)  # cancelled at once if the player is watching
        self._seat_changed(seat)

    def leave(self, player: str) -> None:
        seat = self.seat_of(player)
        if seat is None:
            raise ServerError("not_seated")
        self._cancel(f"drop{seat.index}")
        if self.status == PLAYING and seat.player is not None and seat.nickname is not None:
            seat.held = (seat.player, seat.nickname)
        seat.player = seat.nickname = seat.tuoguan = None
        seat.online, seat.ready = 0, False
        self._seat_changed(seat)

    def fill_bots(self, player: str, indexes: list[int] | None, bot: str | None) -> None:
        self._require_owner(player)
        name = bot or house_bot(self.game)
        if name not in bot_names(self.game.name):
            known = ", ".join(bot_names(self.game.name))
            raise ServerError("unknown_bot", f"{name!r}; known: {known}")
        chosen = [self._seat(i) for i in indexes] if indexes is not None else [
            s for s in self.seats if s.empty and s.held is None]
        taken = [s.index for s in chosen if not s.empty or s.held is not None]
        if taken:
            raise conflict("seat_taken", f"seats {taken} are not empty")
        for seat in chosen:
            seat.bot = name
            self._seat_changed(seat)

    def remove_bot(self, player: str, index: int) -> None:
        self._require_owner(player)
        self._require_status(WAITING, FINISHED)
        seat = self._seat(index)
        if seat.bot is None:
            raise ServerError("seat_out_of_range", f"seat {index} has no bot")
        seat.bot = None
        self._seat_changed(seat)

    def start(self, player: str) -> None:
        self._require_owner(player)
        self._require_status(WAITING)
        self._start_match()

    def again(self, player: str) -> None:
        self._require_owner(player)
        self._require_status(FINISHED)
        self._start_match()

    def deal_number(self) -> int:
        return 0 if self.deal is None else self.deal.index + 1

    def _seat(self, index: int) -> Seat:
        if not 0 <= index < len(self.seats):
            raise ServerError("seat_out_of_range",
                              f"seat {index}; this room has seats 0..{len(self.seats) - 1}")
        return self.seats[index]

    def _require_owner(self, player: str) -> None:
        if player != self.owner:
            raise forbidden("not_owner")

    def _require_status(self, *allowed: str) -> None:
        if self.status not in allowed:
            raise conflict("wrong_status", f"expected {' or '.join(allowed)}, got {self.status}")

    def _seat_changed(self, seat: Seat) -> None:
        after = self._save_seat(seat)
        self.hub.reseat(self)
        self.publish_room(after)
        if self.status == PLAYING:
            self._schedule()
        elif self.status == BETWEEN:
            self._maybe_next_deal()

    # ------------------------------------------------------------------ play
    def act(self, index: int, counter: int, action: int | str) -> None:
        """A seat's move from its player; raises having changed nothing if refused."""
        if self.status != PLAYING or self.deal is None:
            raise conflict("not_playing", f"the room is {self.status}")
        if counter != self.feed.counter(index) and not self.feed.same_options_since(index, counter):
            raise conflict("stale", f"expected counter {self.feed.counter(index)}, got {counter}")
        self._apply(index, self._parse(action), "player")

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

    def _apply(self, index: int, action: int, actor: str) -> None:
        deal = self.deal
        assert deal is not None
        state, events = self.game.apply(deal.state, index, action)  # IllegalAction: no change
        seat = self.seats[index]
        back = actor == "player" and seat.tuoguan is not None
        if back:  # the player is back: the house bot lets go
            seat.tuoguan = None
        text = self.feed.action_text(action)
        after = self._write(op_insert(ActionRow, game_id=deal.game_id, idx=deal.actions,
                                      seat=index, action=text, actor=actor, at=time.time()))
        deal.state, deal.actions = state, deal.actions + 1
        self._publish_change(events, after, actor=index)
        if back:
            self.publish_room(after)

    def _publish_change(self, events: list[Event], after: Future[Any] | None,
                        actor: Viewer = None) -> None:
        """The one path after every change of the deal: views, bots and clocks, send."""
        assert self.deal is not None
        self.step += 1
        self.touched = time.monotonic()
        spectators = self.hub.watched_by(self.id, None) or self.settings.turn_clock > 0
        changed = self.feed.update(self.deal.state, events, actor=actor, spectators=spectators)
        over = self.game.is_over(self.deal.state)
        if over:
            self._stop_clocks()
        else:
            self._schedule()
        self.hub.states(self, changed, after)
        if over:
            self._finish_deal()

    def set_tuoguan(self, index: int, on: bool) -> None:
        if self.status not in (PLAYING, BETWEEN):
            raise conflict("not_playing", f"the room is {self.status}")
        seat = self.seats[index]
        seat.tuoguan = "asked" if on else None
        self.publish_room()
        if self.status == PLAYING:
            self._schedule()
        else:
            self._maybe_next_deal()

    def ready(self, index: int) -> None:
        if self.status != BETWEEN:
            raise conflict("not_between", f"the room is {self.status}")
        self.seats[index].ready = True
        self.publish_room()
        self._maybe_next_deal()

    def presence(self, index: int, delta: int) -> None:
        seat = self.seats[index]
        seat.online = max(0, seat.online + delta)
        if delta > 0 and seat.online == 1:
            self._cancel(f"drop{index}")
            if seat.tuoguan in ("drop", "clock"):  # the player is back (托管 they asked
                seat.tuoguan = None                   # for themselves stays until "off")
                self._schedule_if_playing()
            self.publish_room()
        elif delta < 0 and seat.online == 0:
            self.publish_room()
            self.start_drop_grace(seat)

    def start_drop_grace(self, seat: Seat) -> None:
        if seat.player is not None and self.status in (PLAYING, BETWEEN):
            self._later(f"drop{seat.index}", self.settings.tuoguan_after,
                        lambda: self._drop_expired(seat.index))

    def _drop_expired(self, index: int) -> None:
        seat = self.seats[index]
        if seat.online == 0 and seat.player is not None and seat.tuoguan is None:
            seat.tuoguan = "drop"
            self.publish_room()
            self._schedule_if_playing()
            if self.status == BETWEEN:
                self._maybe_next_deal()

    def _schedule_if_playing(self) -> None:
        if self.status == PLAYING:
            self._schedule()

    # ------------------------------------------------------------------ deals
    def _start_match(self) -> None:
        empty = [s.index for s in self.seats if s.empty]
        if empty:
            raise conflict("seats_empty", f"seats {empty} are empty")
        self.match_no += 1
        self.score = MatchScore([0] * len(self.seats))
        self.dealer, opening = self.game.first_dealer(self.rules, self.services.source.deal_seed())
        self.deal = None
        self._start_deal(0, opening)
        for seat in self.seats:  # people seated but not here are dropped players
            if seat.online == 0:
                self.start_drop_grace(seat)

    def _start_deal(self, index: int, events: list[Event]) -> None:
        source = self.services.source
        seed = source.deal_seed()
        state = self.game.new_game(self.rules, seed=seed, dealer=self.dealer)
        opening = getattr(self.game, "opening_events", None)
        if callable(opening):
            events = [*events, *opening(state)]
        self.deal = LiveDeal(source.token(9), index, seed, commitment(seed), self.dealer, state)
        self.status = PLAYING
        for seat in self.seats:
            seat.ready = False
        self._save_room()
        after = self._write(self._game_row(self.deal))
        self.publish_room(after)
        self._publish_change(events, after)

    def _game_row(self, deal: LiveDeal) -> Op:
        text = self.game.format_deal(self.rules, self.game.deal_of(deal.state))
        seats = [{"player": s.player, "nickname": s.nickname, "bot": s.bot} for s in self.seats]
        return op_insert(
            GameRow, id=deal.game_id, room_id=self.id, match_no=self.match_no,
            deal_index=deal.index, game=self.game.name, preset=self.preset,
            rules=self.game.rules_to_dict(self.rules), dealer=deal.dealer, seed=deal.seed,
            commitment=deal.commitment, deal=text, seats=seats,
            multiplier=self.settings.multiplier, status="playing", started_at=time.time(),
            finished_at=None, settlement=None)

    def _finish_deal(self) -> None:
        deal = self.deal
        assert deal is not None
        settlement = self.game.settlement(deal.state)
        scaled = [d * self.settings.multiplier for d in settlement.deltas]
        self.score.totals = [t + d for t, d in zip(self.score.totals, scaled, strict=True)]
        self.score.deals.append(scaled)
        results = [(s.index, s.player, d, x) for s, d, x in
                   zip(self.seats, settlement.deltas, scaled, strict=True)]
        after = self._write(op_finish_game(deal.game_id, settlement.to_json(), results))
        self.dealer = self.game.next_dealer(deal.state)
        for seat in self.seats:  # a seat left mid-deal is free once the deal is over
            seat.held = None
        last = deal.index + 1 >= self.settings.deals
        self.status = FINISHED if last else BETWEEN
        self._save_room()
        self.hub.broadcast(self, self._deal_end(deal, settlement.to_json(), scaled, last), after)
        if last:
            self.hub.broadcast(self, {"type": "match_end", "room": self.id,
                                      "match": self.match_no, "totals": self.score.totals,
                                      "deals": self.score.deals}, after)
        self.publish_room(after)
        if not last:
            self._between()

    def _deal_end(self, deal: LiveDeal, settlement: dict[str, Any], scaled: list[int],
                  last: bool) -> Message:
        wait = None if last else int(self.services.between_deals * 1000)
        return {"type": "deal_end", "room": self.id, "match": self.match_no,
                "deal": deal.index, "game_id": deal.game_id, "settlement": settlement,
                "scaled": scaled, "totals": list(self.score.totals), "seed": deal.seed,
                "commitment": deal.commitment, "next_deal_in_ms": wait}

    def _between(self) -> None:
        self._later("next", self.services.between_deals, self._next_deal)
        self._maybe_next_deal()

    def _maybe_next_deal(self) -> None:
        if self.status != BETWEEN:
            return
        # people who are away still hold the deal up until their 托管 grace runs out
        waiting = [s for s in self.seats
                   if s.player is not None and s.tuoguan is None and not s.ready]
        if waiting:
            return
        people = any(s.player is not None and s.tuoguan is None for s in self.seats)
        self._later("next", 0 if people else self.settings.bot_delay, self._next_deal)

    def resume_play(self) -> None:
        """After a restart: bots and clocks pick up where the deal stands."""
        self._schedule()

    def settle_pending(self) -> None:
        """After a restart: a deal that ended just before the crash is settled now."""
        self._finish_deal()

    def resume_between(self) -> None:
        self._between()

    def _next_deal(self) -> None:
        if self.status == BETWEEN and self.deal is not None:
            self._start_deal(self.deal.index + 1, [])

    # ------------------------------------------------------------------ bots and clocks
    def _driven_by_bot(self, seat: Seat) -> bool:
        return seat.bot is not None or seat.player is None or seat.tuoguan is not None

    def _schedule(self) -> None:
        """Ask the bots that are to act, and run the clocks of the people who are."""
        assert self.deal is not None
        for index in self.game.to_act(self.deal.state):
            seat = self.seats[index]
            if self._driven_by_bot(seat):
                step = self.step
                self._cancel(f"clock{index}")
                self.deadlines.pop(index, None)
                self._later(f"bot{index}", self.settings.bot_delay,
                            functools.partial(self._bot_turn, index, step))
            elif self.settings.turn_clock and index not in self.deadlines:
                self._start_clock(index)
        self._sync_clocks()

    def _start_clock(self, index: int) -> None:
        deadline = time.monotonic() + self.settings.turn_clock
        self.deadlines[index] = deadline
        self.shown[index] = deadline
        self._later(f"clock{index}", self.settings.turn_clock,
                    lambda: self._clock_expired(index))
        if "tick" not in self.timers:
            self._later("tick", 1.0, self._tick)

    def _sync_clocks(self) -> None:
        """Drop the clocks of seats no longer to act (display follows the public view)."""
        to_act = set(self.game.to_act(self.deal.state)) if self.deal is not None else set()
        for index in [i for i in self.deadlines if i not in to_act]:
            del self.deadlines[index]
            self._cancel(f"clock{index}")
        public = self.feed.to_act.get(None)
        keep = set(public) if isinstance(public, list) else to_act
        for index in [i for i in self.shown if i not in keep and i not in self.deadlines]:
            del self.shown[index]

    def _stop_clocks(self) -> None:
        for key in [k for k in self.timers if k.startswith(("clock", "bot", "tick"))]:
            self._cancel(key)
        self.deadlines.clear()
        self.shown.clear()

    def _clock_expired(self, index: int) -> None:
        seat = self.seats[index]
        if self.status != PLAYING or index not in self.deadlines or self._driven_by_bot(seat):
            return
        seat.tuoguan = "clock"
        del self.deadlines[index]
        self.publish_room()
        self._schedule()

    def _tick(self) -> None:
        if self.status != PLAYING or not self.shown:
            return
        self.hub.per_viewer(self, self._clock_message)
        self._later("tick", 1.0, self._tick)

    def _clock_message(self, viewer: Viewer) -> Message | None:
        if not self.feed.live:
            return None
        clocks = self.clocks_for(viewer)
        if not clocks:
            return None
        return {"type": "clock", "room": self.id, "counter": self.feed.counter(viewer),
                "clocks": clocks}

    def _bot_turn(self, index: int, step: int) -> None:
        deal = self.deal
        if step != self.step or self.status != PLAYING or deal is None:
            return
        seat = self.seats[index]
        if index not in self.game.to_act(deal.state) or not self._driven_by_bot(seat):
            return
        action = self._bot_choice(seat, deal)
        actor = "bot" if seat.bot is not None else "tuoguan" if seat.player else "house"
        self._apply(index, action, actor)

    def _bot_choice(self, seat: Seat, deal: LiveDeal) -> int:
        legal = self.feed.legal[seat.index][0]
        seed = derive_seed(self.bot_seed, self.match_no, deal.index, deal.actions, seat.index)
        name = seat.bot or house_bot(self.game)
        try:
            bot = make_bot(name, self.game, self.rules, seat.index, seed)
            choice = bot.act(self.feed.view(seat.index), legal)
        except Exception:
            log.exception("room %s: bot %s failed; playing its first legal action", self.id, name)
            return legal[0]
        return choice if choice in legal else legal[0]

