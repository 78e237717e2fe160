"""Who moves a room's deal when: bots, turn clocks, 托管, readiness between deals.

:class:`Turns` belongs to one room. It asks the bots that are to act (on a timer, then
through the room's own move path, under its lock), runs the clocks of the people who
are, hands a seat to the house bot (托管: asked for, after a drop, or when a clock runs
out) and starts the next deal when the people are ready. A bot's move, a settlement or a
deal that storage refused is tried again ``retry_after`` seconds later.
"""

from __future__ import annotations

import functools
import logging
import time
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, Any

from huapai.bots.registry import make_bot
from huapai.bots.search import search_time
from huapai.core.rng import derive_seed

from .botplay import is_search, search_choice, search_pace
from .errors import ServerError, conflict
from .hub import Message, Viewer, dumps
from .seats import BETWEEN, PLAYING, LiveDeal, Seat, house_bot, stand_in_rules

if TYPE_CHECKING:
    from .rooms import Room

log = logging.getLogger("huapai.server")

WATCH_PAUSE = 6.0
"""Seconds between deals for a person on 托管 who watches: time to read the settlement."""

Question = tuple[int, int, int, bool]
"""What a bot is asked (:meth:`Turns._question`): match, deal, the counter at which the
seat's options last changed, and whether its search bot answers."""


class Turns:
    """The bots, clocks and 托管 of ``room``."""

    def __init__(self, room: Room) -> None:
        self.room = room
        # when each seat was asked its question (the feed's legal_at for it, loop time):
        # paced answers wait for the pause. A question lasts while the seat's options do,
        # so in a claim window another seat's answer neither restarts the pause nor drops
        # an answer held for it.
        self.asked: dict[int, tuple[int, float]] = {}
        # seat -> the question its bot answers (see _question); a bot is asked once per
        # question, so another seat's answer in a claim window does not set it back
        self.questions: dict[int, Question] = {}
        # seat -> the question (legal_at) whose answer is held for the pause: 答话限时
        # answers for a seat only if it holds none
        self.held: dict[int, int] = {}
        # after a restart between deals: when the deal on the table ended (epoch seconds)
        self.ended_at: float | None = None

    # ------------------------------------------------------------------ timers
    def later_locked(self, key: str, delay: float, work: Callable[[], Awaitable[None]]) -> None:
        """After ``delay``, run ``work`` under the room's lock (again later if storage
        refuses it)."""
        room = self.room
        room.timers.later(key, delay,
                          lambda: room.timers.spawn(lambda: self._locked(key, work), key))

    async def _locked(self, key: str, work: Callable[[], Awaitable[None]]) -> None:
        room = self.room
        async with room.lock:
            try:
                await work()
            except ServerError as exc:
                if exc.code != "storage_unavailable":
                    raise
                log.warning("room %s: storage refused %s; trying again", room.id, key)
                self.later_locked(key, room.services.retry_after, work)

    # ------------------------------------------------------------------ 托管 and presence
    async def set_tuoguan(self, index: int, on: bool) -> None:
        """A player asks for (or lets go of) 托管: kept once durable (the lock held)."""
        room = self.room
        if room.status not in (PLAYING, BETWEEN):
            raise conflict("not_playing", f"the room is {room.status}")
        value = "asked" if on else None
        await room.store.flags(index, tuoguan=value)
        if not on:  # taken back: the next run-out is a first one again
            room.seats[index].missed = False
        self._tuoguan(index, value)

    def _tuoguan(self, index: int, value: str | None) -> None:
        room = self.room
        seat = room.seats[index]
        if value is not None and seat.tuoguan is None:
            seat.stood_in = 0
            seat.stood_deals.clear()
        elif value is None and seat.tuoguan is not None:
            self.tell_back(index)
        seat.tuoguan = value
        room.publish_room()
        if room.status == PLAYING:
            self.schedule()
        else:
            self.maybe_next_deal()

    async def ready(self, index: int) -> None:
        """Ready for the next deal: kept once durable (the lock held)."""
        room = self.room
        if room.status != BETWEEN:
            raise conflict("not_between", f"the room is {room.status}")
        await room.store.flags(index, ready=True)
        room.seats[index].ready = True
        room.publish_room()
        self.maybe_next_deal()

    def presence(self, index: int, delta: int) -> None:
        room = self.room
        seat = room.seats[index]
        seat.online = max(0, seat.online + delta)
        if delta > 0 and seat.online == 1:
            room.timers.cancel(f"drop{index}")
            if seat.tuoguan in ("drop", "clock"):  # the player is back (托管 they asked
                self.let_go(index)                    # for themselves stays until "off")
                room.store.flags_soon(index, tuoguan=None)
                self._schedule_if_playing()
            room.publish_room()
        elif delta < 0 and seat.online == 0:
            room.publish_room()
            self.start_drop_grace(seat)

    def start_drop_grace(self, seat: Seat) -> None:
        room = self.room
        if seat.player is not None and room.status in (PLAYING, BETWEEN):
            self.later_locked(f"drop{seat.index}", room.settings.tuoguan_after,
                              functools.partial(self._drop_expired, seat.index))

    async def _drop_expired(self, index: int) -> None:
        room = self.room
        seat = room.seats[index]
        if seat.online == 0 and seat.player is not None and seat.tuoguan is None \
                and room.status in (PLAYING, BETWEEN):
            await room.store.flags(index, tuoguan="drop")
            self._tuoguan(index, "drop")

    def _schedule_if_playing(self) -> None:
        if self.room.status == PLAYING:
            self.schedule()

    # ------------------------------------------------------------------ between deals
    def between(self) -> None:
        self.later_locked("next", self.room.services.between_deals, self.room.next_deal)
        self.maybe_next_deal()

    def next_wait(self) -> float | None:
        """Seconds to the next deal once nobody is waited for (None: somebody is — a
        person neither on 托管 nor ready; people who are away hold the deal up until
        their 托管 grace runs out). Everyone ready: at once. Nobody but bots and 托管: at
        the bots' pace — or, while a person on 托管 watches (online, not ready), long
        enough to read the settlement (托管 through a match flashed each deal's by in
        0.8 s); their 准备 goes on at once."""
        room = self.room
        people = [s for s in room.seats if s.player is not None and s.tuoguan is None]
        if any(not s.ready for s in people):
            return None
        if people:
            return 0.0
        watching = any(s.player is not None and s.online and not s.ready for s in room.seats)
        pause = min(WATCH_PAUSE, room.services.between_deals) if watching else 0.0
        return max(room.settings.bot_delay, pause)

    def maybe_next_deal(self) -> None:
        room = self.room
        if room.status != BETWEEN:
            return
        wait = self.next_wait()
        if wait is not None:
            self.later_locked("next", wait, room.next_deal)
            return
        # a person is waited for again (托管 taken back at the settlement): the whole
        # countdown from the deal's end, not 托管's short one — the next deal came a second
        # after 取消托管 (a play-test); every window is told the new countdown
        full, left = self.full_wait(), room.timers.remaining("next")
        if left is not None and left < full - 0.5:
            self.later_locked("next", full, room.next_deal)
            room.hub.broadcast(room, {"type": "next_deal", "room": room.id,
                                      "in_ms": int(full * 1000)})

    def full_wait(self) -> float:
        """Seconds to the next deal at the latest, counted from the deal's end (at least
        the clock grace)."""
        room = self.room
        longest = room.services.between_deals
        waited = 0.0 if self.ended_at is None else max(0.0, time.time() - self.ended_at)
        return max(min(room.services.clock_grace, longest), longest - waited)

    def next_deal_in_ms(self) -> int | None:
        """Between deals, with the next deal's timer set: how long until it starts."""
        left = self.room.timers.remaining("next") if self.room.status == BETWEEN else None
        return None if left is None else int(left * 1000)

    # ------------------------------------------------------------------ after a restart
    def resume_play(self) -> None:
        """After a restart: bots and clocks pick up where the deal stands (each clock with
        what it had left, see ``TurnClock.resume``)."""
        self.schedule()
        self.room.clock.resumed.clear()

    def settle_pending(self) -> None:
        """After a restart: a deal that ended just before the crash is settled now."""
        self.later_locked("settle", 0, self.room.settle)

    def resume_between(self) -> None:
        """After a restart between deals: the next deal when it was due, counted from the
        deal's end (at least the clock grace, for the players to reconnect), not a full
        wait again — after a worker's crash the countdown went back up and the deal came
        8 s late (an operator's play-test)."""
        # not sooner for seats on 托管 (maybe_next_deal): nobody is back yet, and the deal
        # started before their pages had reconnected to count it down (a play-test); a
        # person's 准备 still starts it at once
        self.later_locked("next", self.full_wait(), self.room.next_deal)

    # ------------------------------------------------------------------ bots and clocks
    @staticmethod
    def driven_by_bot(seat: Seat) -> bool:
        return seat.bot is not None or seat.player is None or seat.tuoguan is not None

    def schedule(self) -> None:
        """Ask the bots that are to act, and run the clocks of the people who are."""
        room = self.room
        assert room.deal is not None
        for index in room.game.to_act(room.deal.state):
            seat = room.seats[index]
            at = room.feed.legal_at[index]
            if self.asked.get(index, (-1, 0.0))[0] != at:
                self.asked[index] = (at, time.monotonic())
            if self.driven_by_bot(seat):
                room.timers.cancel(f"clock{index}")
                room.clock.stop(index)
                self._ask_bot(seat)
                continue
            self.questions.pop(index, None)
            if self.automatic(index) is not None:
                key = f"auto{index}.{at}"  # one fixed pause per question, never reset
                if key not in room.timers:
                    self.later_locked(key, self.paced_wait(index, paced=True),
                                      functools.partial(self._auto_turn, index, at))
            elif self._deadline(index):
                key = f"deadline{index}.{at}"
                if key not in room.timers:
                    self.later_locked(key, self.paced_wait(index),
                                      functools.partial(self._deadline_turn, index, at))
            # its clock runs as a person's with a choice does, the answer made for it or
            # not: a clock shown only for a choice told the table who could 和 (a play-test)
            if room.settings.turn_clock and not room.clock.running(index):
                self._start_clock(index)
        self._sync_clocks()

    def _deadline(self, index: int) -> bool:
        """Whether 答话限时 answers for the person at ``index`` when the pause ends: the
        room chose it, and how soon this question is answered would tell (Game.paced)."""
        room = self.room
        return (room.settings.answer_deadline and room.deal is not None
                and room.game.paced(room.deal.state, index))

    def _deadline_clock(self, viewer: Viewer) -> list[dict[str, int]]:
        """``viewer``'s own time left to answer under 答话限时 (``total_ms``: the whole
        pause), while it is asked and holds no answer; else nothing."""
        room = self.room
        if (not room.settings.answer_deadline or not isinstance(viewer, int)
                or room.status != PLAYING or room.deal is None  # (every state, every viewer)
                or viewer not in room.game.to_act(room.deal.state)
                or self.driven_by_bot(room.seats[viewer]) or not self._deadline(viewer)
                or self.held.get(viewer) == room.feed.legal_at[viewer]
                or self.automatic(viewer) is not None):
            return []
        pause = room.settings.answer_pause or room.services.auto_answer
        return [{"seat": viewer, "remaining_ms": int(self.paced_wait(viewer) * 1000),
                 "total_ms": int(pause * 1000)}]

    async def _deadline_turn(self, index: int, at: int) -> None:
        """答话限时: the pause is over and the person at ``index`` has not answered — 过 is
        made for them where they may pass, else the house bot's answer (a move not of
        their choosing, as 托管's: a review skips it); they alone are told which."""
        room = self.room
        deal = room.deal
        if (deal is None or not self._same_question(index, at) or self.held.get(index) == at
                or self.driven_by_bot(room.seats[index])):
            return
        await self._answered_for(index, self._pass_or_house(index))

    async def _answered_for(self, index: int, action: int) -> None:
        """The answer the time to answer made for the person at ``index`` (答话限时's, or
        the clock's on a paced question): made, then said to them alone (no 托管 follows)."""
        room = self.room
        await room.move(index, action, "deadline")
        label = room.game.describe_action(room.rules, action).label.to_json()
        self._timed_out(index, tuoguan=False, label=label, deadline=True)

    def _start_clock(self, index: int) -> None:
        room = self.room
        seconds = room.clock.start(index)
        self.later_locked(f"clock{index}", seconds,
                          functools.partial(self._clock_expired, index))
        if "tick" not in room.timers:
            room.timers.later("tick", 1.0, self._tick)

    def _sync_clocks(self) -> None:
        """Drop the clocks of seats no longer to act (display follows the public view)."""
        room = self.room
        deal = room.deal
        to_act = set(room.game.to_act(deal.state)) if deal is not None else set()
        public = room.feed.to_act.get(None)
        for index in room.clock.sync(to_act, public if isinstance(public, list) else None):
            room.timers.cancel(f"clock{index}")

    def stop_clocks(self) -> None:
        self.room.timers.cancel_prefixed(("clock", "bot", "auto", "held", "deadline", "tick"))
        self.room.clock.clear()
        self.questions.clear()  # asked again when play resumes

    def clocks_for(self, viewer: Viewer) -> list[dict[str, int]]:
        """The clocks ``viewer`` is shown; a seat under 答话限时 sees its own time to
        answer in place of its turn clock (nobody else is shown it)."""
        shown = self.room.feed.to_act.get(viewer)
        clocks = self.room.clock.for_seats(shown if shown is not None else [viewer])
        own = self._deadline_clock(viewer)
        return [c for c in clocks if c["seat"] != viewer] + own if own else clocks

    async def _clock_expired(self, index: int) -> None:
        room = self.room
        seat = room.seats[index]
        if room.status != PLAYING or not room.clock.running(index) or self.driven_by_bot(seat):
            return
        if room.deal is not None and room.game.paced(room.deal.state, index):
            self._clock_answer(index)
            return
        room.clock.stop(index)
        if not seat.missed:  # the first in a row: the house bot makes this move, no 托管
            seat.missed = True
            assert room.deal is not None
            action = self._bot_choice(seat, room.deal)
            await room.move(index, action, "tuoguan")
            # said to the player alone (the others see the clock run out anyway): a move
            # made for them with nothing said read as their own; and which move (不掀 made
            # for a player on lead was said only as 这一步已经替你走了: a play-test)
            label = room.game.describe_action(room.rules, action).label.to_json()
            self._timed_out(index, tuoguan=False, label=label)
            return
        await room.store.flags(index, tuoguan="clock")
        self._tuoguan(index, "clock")
        self._timed_out(index, tuoguan=True)  # (托管 said only by a badge: a play-test)

    def _clock_answer(self, index: int) -> None:
        """The clock ran out on a paced answer (a claim window, 请统, 秀山's own 堂子头 card):
        an answer held in time stands; else the seat's automatic answer, or 过, or the
        house bot's, made when the pause ends — as every answer is, an answer of the
        player's own till then replacing it — and never 托管 nor a missed clock. With a
        clock shorter than the pause the house bot replaced answers held in time, and a
        second run-out turned 托管 on inside the window: only a seat with a choice could
        be, so the table learnt who could claim (a play-test)."""
        room = self.room
        room.clock.stop(index)
        at = room.feed.legal_at[index]
        if self.held.get(index) == at:
            return
        action = self.automatic(index)
        if action is not None:
            self.hold(index, action, self.paced_wait(index, paced=True), actor="auto")
            return
        # made as 答话限时's answer is, and marked as it is: to its player alone while the
        # deal runs (a 托管 mark on it, to all, said the seat had had a choice: pt-be)
        self.hold(index, self._pass_or_house(index), self.paced_wait(index), actor="deadline")

    def _pass_or_house(self, index: int) -> int:
        """过 where the seat at ``index`` may pass, else the house bot's answer."""
        room = self.room
        assert room.deal is not None
        legal = room.feed.legal[index][0]
        action = next((a for a in legal if room.game.describe_action(room.rules, a).kind
                       == "pass"), None)
        return self._bot_choice(room.seats[index], room.deal) if action is None else action

    def next_decision(self, index: int, state: object) -> None:
        """The seat at ``index`` moved and is to act again (秀山's own 堂子头 card, then its
        discard): its next decision has the whole clock — the pause on its own card ate
        into its discard's time, 5 of 15 s left, and a run-out there counted (a play-test)."""
        room = self.room
        if room.settings.turn_clock and index in room.game.to_act(state):
            room.clock.stop(index)
            room.timers.cancel(f"clock{index}")

    def let_go(self, index: int) -> None:
        """The house bot lets go of seat ``index``: its player is back, and told so."""
        self.room.seats[index].tuoguan = None
        self.tell_back(index)

    def tell_back(self, index: int) -> None:
        """``tuoguan_back`` to seat ``index``'s own connections: its player took the seat
        back from 托管, which made ``moves`` moves for them meanwhile (counted by the
        server: the log shows no 过, and a count from it was wrong — a play-test)."""
        room = self.room
        seat = room.seats[index]
        moves, deals, seat.stood_in = seat.stood_in, len(seat.stood_deals), 0
        seat.stood_deals.clear()
        room.hub.to_seat(room, index, {"type": "tuoguan_back", "room": room.id, "seat": index,
                                       "moves": moves, "deals": deals})

    def _timed_out(self, index: int, tuoguan: bool,
                   label: dict[str, Any] | None = None, deadline: bool = False) -> None:
        """``timed_out`` to seat ``index``'s own connections: its clock ran out, and the
        house bot made that move (``tuoguan`` false; ``label`` says which, a message) or
        now plays the seat (true); ``deadline``: 答话限时's time ran out, not the clock
        (no 托管 follows)."""
        room = self.room
        room.hub.per_viewer(room, lambda viewer: None if viewer != index else {
            "type": "timed_out", "room": room.id, "seat": index, "tuoguan": tuoguan,
            "move": label, "deadline": deadline})

    def clocks_after(self, state: object, mover: int, back: bool) -> str | None:
        """The turn clocks once a move that leads to ``state`` is applied, as the move's
        row records them (JSON text), so that a restart resumes them."""
        room = self.room
        people = [i for i in room.game.to_act(state)
                  if not self.driven_by_bot(room.seats[i]) or (back and i == mover)]
        clocks = room.clock.after(people, fresh=mover)
        return None if clocks is None else dumps(clocks)

    def _tick(self) -> None:
        room = self.room
        if room.status != PLAYING or not room.clock.shown:
            return
        room.hub.per_viewer(room, self._clock_message)
        room.timers.later("tick", 1.0, self._tick)

    def _clock_message(self, viewer: Viewer) -> Message | None:
        room = self.room
        if not room.feed.live:
            return None
        clocks = self.clocks_for(viewer)
        if not clocks:
            return None
        return {"type": "clock", "room": room.id, "counter": room.feed.counter(viewer),
                "clocks": clocks}

    def _question(self, seat: Seat) -> Question:
        """What the bot of ``seat`` is asked: the deal, the counter at which the seat's
        options last changed, and whether its search bot or a registered bot answers."""
        room = self.room
        assert room.deal is not None
        searching = is_search(seat.bot) and seat.player is None
        return (room.match_no, room.deal.index, room.feed.legal_at[seat.index], searching)

    def _still_asked(self, index: int, question: Question) -> bool:
        room = self.room
        if room.status != PLAYING or room.deal is None or self.questions.get(index) != question:
            return False
        seat = room.seats[index]
        return (index in room.game.to_act(room.deal.state) and self.driven_by_bot(seat)
                and self._question(seat) == question)

    def _ask_bot(self, seat: Seat) -> None:
        """Ask the bot at ``seat`` its question, once: a search bot thinks and answers at
        its pace (:meth:`_ask_search`), a registered bot after the room's bot pause."""
        question = self._question(seat)
        if self.questions.get(seat.index) == question:
            return
        self.questions[seat.index] = question
        if question[3]:
            self._ask_search(seat, question)
            return
        self.later_locked(f"bot{seat.index}", self.room.settings.bot_delay,
                          functools.partial(self._bot_turn, seat.index, question))

    async def _bot_turn(self, index: int, question: Question) -> None:
        room = self.room
        deal = room.deal
        if deal is None or not self._still_asked(index, question):
            return
        seat = room.seats[index]
        action = self._bot_choice(seat, deal)
        actor = "bot" if seat.bot is not None else "tuoguan" if seat.player else "house"
        await room.move(index, action, actor)

    def automatic(self, index: int) -> int | None:
        """The action made for the person at ``index`` without asking (Game.automatic),
        or None; a seat the house bot drives is the bot's."""
        room = self.room
        deal = room.deal
        if deal is None or room.status != PLAYING or self.driven_by_bot(room.seats[index]):
            return None
        return room.game.automatic(deal.state, index)

    def paced_wait(self, index: int, paced: bool = False) -> float:
        """How long a person's answer at ``index`` must still wait (Game.paced, or
        ``paced``: the automatic answer's own wait): what is left of the fixed pause since
        the seat was asked its question, or 0."""
        room = self.room
        deal = room.deal
        if deal is None or not (paced or room.game.paced(deal.state, index)):
            return 0.0
        at = room.feed.legal_at[index]
        asked, since = self.asked.get(index, (at, time.monotonic()))
        if asked != at:
            return 0.0
        pause = room.settings.answer_pause or room.services.auto_answer  # 答话等待, else 1 s
        return max(0.0, pause - (time.monotonic() - since))

    def hold(self, index: int, action: int, wait: float, actor: str = "player") -> None:
        """Apply a person's validated answer after ``wait`` (a later answer to the same
        question replaces it); refused now, changing nothing, if it is not legal.
        ``actor``: who chose it (the clock's answer, :meth:`_clock_answer`)."""
        room = self.room
        assert room.deal is not None
        room.game.apply(room.deal.state, index, action)  # IllegalAction: refused at once
        at = room.feed.legal_at[index]
        self.held[index] = at
        self.later_locked(f"held{index}.{at}", wait,
                          functools.partial(self._held_turn, index, at, action, actor))

    def _same_question(self, index: int, at: int) -> bool:
        """Whether the seat at ``index`` is still asked the question it had at ``at`` (its
        options unchanged since: another seat's answer in a claim window changes them
        not); False once it moved, or the deal moved on."""
        room = self.room
        return (room.status == PLAYING and room.deal is not None
                and room.feed.legal_at[index] == at)

    async def _held_turn(self, index: int, at: int, action: int, actor: str) -> None:
        if not self._same_question(index, at):
            return
        if actor == "deadline":  # the clock's answer (said when made: till then, the
            await self._answered_for(index, action)  # player's own answer replaces it)
        else:
            await self.room.move(index, action, actor)

    async def _auto_turn(self, index: int, at: int) -> None:
        if not self._same_question(index, at):  # the person answered first, or it moved on
            return
        action = self.automatic(index)
        if action is not None:  # (automatic: a seat to act in a live deal, no bot's)
            await self.room.move(index, action, "auto")

    def _ask_search(self, seat: Seat, question: Question) -> None:
        """The search bot of ``seat`` thinks off the event loop, and its answer is made
        under the room's lock at its pace after the question was asked
        (:func:`search_pace`), forced or not, so that how soon it answers tells the other
        seats nothing (:mod:`huapai.bots.pace`); it is dropped if the question changed."""
        room = self.room
        deal = room.deal
        assert deal is not None and seat.bot is not None
        index = seat.index
        pace = search_pace(room.game, seat.bot, room.settings.bot_delay,
                           room.services.search_pace,
                           window=room.game.claim_window(deal.state) is not None)
        asked = time.monotonic()
        due = asked + pace
        legal = room.feed.legal[index][0]
        if len(legal) == 1:
            self._answer_at(index, question, legal[0], due)
            return
        seed = derive_seed(room.bot_seed, room.match_no, deal.index, deal.actions, index)
        spec, state = seat.bot, deal.state

        async def work() -> None:
            action: int | None = None
            try:
                action = await search_choice(room.game, room.rules, spec, seed, state, index,
                                             legal, until=asked + search_time(pace))
            except Exception:
                log.exception("room %s: bot %s failed; the house bot plays", room.id, spec)
            if self.questions.get(index) != question:
                return  # asked something else meanwhile: this answer must not take its timer
            if action is None:
                action = self._bot_choice(seat, deal, house_bot(room.game))
            self._answer_at(index, question, action, due)

        room.timers.spawn(work, f"bot{index} search")

    def _answer_at(self, index: int, question: Question, action: int, due: float) -> None:
        self.later_locked(f"bot{index}", max(0.0, due - time.monotonic()),
                          functools.partial(self._search_move, index, question, action))

    async def _search_move(self, index: int, question: Question, action: int) -> None:
        room = self.room
        if self._still_asked(index, question) and action in room.feed.legal[index][0]:
            await room.move(index, action, "bot")

    def house_choice(self, seat: Seat, deal: LiveDeal) -> int:
        """What 托管 would play for ``seat`` now (提示 asks it: the same bot, the same seed,
        the seat's own view)."""
        return self._bot_choice(seat, deal, house_bot(self.room.game))

    def _bot_choice(self, seat: Seat, deal: LiveDeal, name: str | None = None) -> int:
        """A registered bot's move (the seat's, or ``name``), in the event loop."""
        room = self.room
        legal = room.feed.legal[seat.index][0]
        seed = derive_seed(room.bot_seed, room.match_no, deal.index, deal.actions, seat.index)
        name = name or seat.bot or house_bot(room.game)
        rules = room.rules if seat.bot else stand_in_rules(room.rules)  # a person's: no 错报
        try:
            bot = make_bot(name, room.game, rules, seat.index, seed)
            choice = bot.act(room.feed.view(seat.index), legal)
        except Exception:
            log.exception("room %s: bot %s failed; playing its first legal action",
                          room.id, name)
            return legal[0]
        return choice if choice in legal else legal[0]
