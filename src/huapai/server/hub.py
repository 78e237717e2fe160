"""WebSocket connections and the one place where game information leaves the server.

:class:`Feed` is the chokepoint: it is the only code in the server that calls
``game.observe`` or ``Event.for_viewer`` for anything sent out, and everything a seat,
a spectator or a bot learns about a deal is a value it produced for that viewer. It keeps
each viewer's last view and a per-viewer counter that moves only when something that
viewer may see changed, so neither the content nor the timing of messages tells a seat
about another seat's private change.

:class:`Hub` fans messages out. A room hands it only what is already durable and
committed (so nothing a client has seen can be lost by a crash); it never waits, and
each connection has its own bounded send queue so one slow client never holds up the
others.
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import json
import logging
import time
from collections import deque
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, Literal

import orjson
from starlette.websockets import WebSocket

from huapai.core.claim import Answered
from huapai.core.protocol import Event, Game

from .coalesce import Coalescer

if TYPE_CHECKING:
    from .rooms import Room

log = logging.getLogger("huapai.server")

Viewer = int | None
Message = dict[str, Any]


# the standard library's encoder, compact with UTF-8 text as is, for what orjson refuses
_encode = json.JSONEncoder(ensure_ascii=False, separators=(",", ":"),
                           check_circular=False).encode
_ORJSON = orjson.OPT_NON_STR_KEYS  # int keys become strings, as the standard library does


def dumps(message: Any) -> str:
    """``message`` as compact JSON text, UTF-8 as is. orjson does it (several times faster
    than the standard library, and the same text but for a float's exponent: ``1e-7``
    for ``1e-07``); what it refuses — an integer past 64 bits, a float subclass, a
    nesting deeper than 254 — the standard library encodes (or refuses) as before."""
    try:
        return orjson.dumps(message, option=_ORJSON).decode()
    except TypeError:  # orjson.JSONEncodeError
        return _encode(message)


def told(event: Event, viewer: Viewer) -> bool:
    """Whether ``viewer`` is told of ``event`` live: another seat's answer in a claim
    window (an ``answered`` event, :class:`huapai.core.claim.Answered` or a family's own)
    is not — it says only that the seat answered, and when (the views' ``to_act`` keep every
    asked seat until the window closes: :func:`huapai.core.view.shown_to_act`)."""
    return not (event.kind == Answered.kind and event.seat != viewer)


def stood_in(events: Sequence[Event], seat: int | None, by_tuoguan: bool) -> Event | None:
    """The event a move 托管 made is marked on (``"tuoguan": true`` in its JSON): the
    mover's own first event, the move itself — not another seat's that came first (a claim
    the move's 过 closed is that seat's). ``by_tuoguan``: the house bot made the move for a
    player (live: the seat is on 托管, a public flag; a record: its ``by``)."""
    if not by_tuoguan or not events or events[0].seat != seat:
        return None
    return events[0]


def marked_to(by: str | None, seat: int, viewer: Viewer) -> bool:
    """Whether ``viewer`` is shown, while the deal runs, that a move was made for ``seat``'s
    player: 托管's (a public flag) to everyone; 答话限时's (``deadline``) to that player
    alone — to the others it would say the seat was still thinking, so it had a choice."""
    return by == "tuoguan" or (by == "deadline" and viewer == seat)


def event_json(event: Event, viewer: Viewer, marked: Event | None = None,
               by: str | None = "tuoguan") -> dict[str, Any]:
    """``event`` as ``viewer`` sees it, marked (:func:`with_mark`) where it is ``marked``."""
    return with_mark(event.for_viewer(viewer).to_json(), event is marked, by)


def with_mark(shown: dict[str, Any], stood: bool, by: str | None = "tuoguan") -> dict[str, Any]:
    """An event's JSON, with ``"tuoguan": true`` where a move was made for the player
    (``stood_in``), and ``"deadline": true`` too where 答话限时 made it (``by``, the
    record's value): the log called that answer 托管's, and 托管 never came on."""
    if not stood:
        return shown
    return {**shown, "tuoguan": True, **({"deadline": True} if by == "deadline" else {})}


def seen_by(game: Game[Any, Any], state: Any, viewer: Viewer,
            events: Iterable[Event],
            marked: Event | None = None,
            by: str | None = "tuoguan") -> tuple[Mapping[str, Any], list[dict[str, Any]]]:
    """What ``viewer`` (a seat, or None for a spectator) may see of ``state`` and of
    ``events``: its ``observe()`` view and each event as ``for_viewer`` gives it (``marked``
    as made ``by`` a stand-in). Seat replays get their information here; live play and bots
    get the same from :class:`Feed` (which encodes each event object once for the viewers
    who share it)."""
    return game.observe(state, viewer), [event_json(e, viewer, marked, by) for e in events]


class Feed:
    """Per-viewer filtered views of one room's current deal, and their counters.

    Seats' views are kept current after every change (their players and bots act on
    them). The spectator view is computed only while someone watches as a spectator:
    otherwise it is marked behind and brought up to date by :meth:`refresh` the moment a
    spectator arrives (its counter moves then, if the view changed).
    """

    __slots__ = ("behind", "counters", "game", "infos", "legal", "legal_at", "legal_json",
                 "rules", "seats", "state", "texts", "to_act", "views", "window")

    def __init__(self, game: Game[Any, Any], rules: Any, seats: int) -> None:
        self.game, self.rules, self.seats = game, rules, seats
        # views are kept as their JSON text: compared, sent and stored without re-encoding,
        # and strings are no work for the garbage collector (a dict per view would be)
        self.views: dict[Viewer, str] = {}
        self.to_act: dict[Viewer, list[int] | None] = {}
        self.legal: dict[Viewer, tuple[list[int], list[str]]] = {}
        # the state message's "legal", "legal_text" and "legal_info" members, encoded when
        # they change
        self.legal_json: dict[Viewer, str] = {}
        self.infos: dict[int, str] = {}
        self.counters: dict[Viewer, int] = dict.fromkeys(self.viewers(), 0)
        # the counter at which each viewer's legal actions last changed
        self.legal_at: dict[Viewer, int] = dict.fromkeys(self.viewers(), 0)
        self.texts: dict[int, str] = {}
        self.state: Any = None
        self.behind = False

    def viewers(self) -> list[Viewer]:
        return [*range(self.seats), None]

    def start_at(self, base: int) -> None:
        """Every counter starts at ``base`` (a restored room: above every counter of the
        run before, so that no frame sent before a restart is accepted after it)."""
        self.counters = dict.fromkeys(self.viewers(), base)
        self.legal_at = dict.fromkeys(self.viewers(), base)

    @property
    def live(self) -> bool:
        return bool(self.views)

    def view(self, viewer: Viewer) -> dict[str, Any]:
        """The viewer's view as a fresh dict (for bots; clients get the text)."""
        view: dict[str, Any] = json.loads(self.views[viewer])
        return view

    def view_text(self, viewer: Viewer) -> str:
        return self.views[viewer]

    def counter(self, viewer: Viewer) -> int:
        return self.counters[viewer]

    def same_options_since(self, viewer: Viewer, counter: int) -> bool:
        """Whether ``viewer`` has neither moved nor had its legal actions change since
        ``counter``: then an answer sent from that view is still an answer to the same
        choice (in a claim window another seat's answer moves every counter but changes
        nobody's options), and a frame sent twice is still refused once the first moved."""
        return self.legal_at[viewer] <= counter <= self.counters[viewer]

    def update(self, state: Any, events: Iterable[Event], actor: Viewer = None,
               spectators: bool = True, marked: Event | None = None,
               marked_for: Viewer | Literal["all"] = "all",
               marked_by: str = "tuoguan") -> dict[Viewer, list[str]]:
        """Recompute the views after a change; return, for each viewer whose view or legal
        actions changed or who may see an event (and always for ``actor``), the events as
        that viewer may see them (JSON texts), ``marked`` marked as a move made for its
        player to ``marked_for`` (a viewer, or all) by ``marked_by`` (the record's ``by``).
        Those viewers' counters move on; nobody else's does."""
        events = list(events)
        self.state = state
        encoded: dict[int, tuple[Event, str]] = {}
        changed: dict[Viewer, list[str]] = {}
        for viewer in self.viewers():
            if viewer is None and not spectators:
                self.behind = True
                continue
            mark = marked if marked_for in ("all", viewer) else None
            seen = self._recompute(viewer, events, encoded,
                                   force=actor is not None and viewer == actor, marked=mark,
                                   by=marked_by)
            if seen is not None:
                changed[viewer] = seen
        if spectators:
            self.behind = False
        return changed

    def refresh(self, viewer: Viewer) -> None:
        """Bring a view that was left behind up to date (before it is served)."""
        if viewer is None and self.behind and self.state is not None:
            self._recompute(None, [], {}, force=False)
            self.behind = False

    def _recompute(self, viewer: Viewer, events: list[Event],
                   encoded: dict[int, tuple[Event, str]], force: bool,
                   marked: Event | None = None, by: str = "tuoguan") -> list[str] | None:
        view = self.game.observe(self.state, viewer)
        seen = [dumps(event_json(e, viewer, marked, by)) if e is marked
                else self._event_text(e.for_viewer(viewer), encoded)
                for e in events if told(e, viewer)]
        text = dumps(view)
        legal = self._legal(viewer, view)
        if seen or force or text != self.views.get(viewer) or legal != self.legal.get(viewer):
            self.views[viewer] = text
            self.counters[viewer] += 1
            if force or legal != self.legal.get(viewer):  # its own move, or new options
                self.legal_at[viewer] = self.counters[viewer]
            if legal != self.legal.get(viewer):
                self.legal[viewer] = legal
                self.legal_json[viewer] = (f'"legal":{dumps(legal[0])},'
                                           f'"legal_text":{dumps(legal[1])},'
                                           f'"legal_info":[{",".join(map(self.info, legal[0]))}]')
            shown = view.get("to_act")
            self.to_act[viewer] = list(shown) if isinstance(shown, list | tuple) else None
            return seen
        return None

    @staticmethod
    def _event_text(shown: Event, encoded: dict[int, tuple[Event, str]]) -> str:
        """``shown`` (an event as one viewer may see it) as JSON text. An event object
        that several viewers see unchanged is encoded once per update; ``encoded`` keeps
        each object alive with its text, so an id is never reused within the update."""
        hit = encoded.get(id(shown))
        if hit is not None:
            return hit[1]
        text = dumps(shown.to_json())
        encoded[id(shown)] = (shown, text)
        return text

    def _legal(self, viewer: Viewer,
               view: Mapping[str, Any] | None = None) -> tuple[list[int], list[str]]:
        """The actions ``viewer`` may take now, as ids and in the game's notation: the
        ``legal`` and ``legal_text`` of its view when given (the protocol's envelope
        holds exactly these, core.view.check_envelope), else asked of the game."""
        if viewer is None or self.game.is_over(self.state):
            return [], []
        if view is not None:
            ids, texts = view.get("legal"), view.get("legal_text")
            if isinstance(ids, list) and isinstance(texts, list) and len(ids) == len(texts):
                return ids, texts
        legal = list(self.game.legal_actions(self.state, viewer))
        return legal, [self.action_text(a) for a in legal]

    def info(self, action: int) -> str:
        """``describe_action`` of an action as JSON text (each id once per room)."""
        text = self.infos.get(action)
        if text is None:
            text = self.infos[action] = dumps(
                self.game.describe_action(self.rules, action).to_json())
        return text

    def action_text(self, action: int) -> str:
        """An action in the game's notation (each id formatted once per room)."""
        text = self.texts.get(action)
        if text is None:
            text = self.texts[action] = self.game.format_action(self.rules, action)
        return text


class TokenBucket:
    __slots__ = ("burst", "rate", "stamp", "tokens")

    def __init__(self, rate: float, burst: int) -> None:
        self.rate, self.burst = rate, burst
        self.tokens = float(burst)
        self.stamp = time.monotonic()

    def take(self) -> bool:
        now = time.monotonic()
        self.tokens = min(self.burst, self.tokens + (now - self.stamp) * self.rate)
        self.stamp = now
        if self.tokens < 1:
            return False
        self.tokens -= 1
        return True


_KEYS = itertools.count(1)


class Connection:
    """One client's WebSocket: who it is, what it watches, and its send queue (a deque the
    sender task drains, woken by one future when it ran dry: no asyncio.Queue per frame)."""

    __slots__ = ("_wake", "bucket", "close_code", "close_reason", "closed", "key",
                 "nickname", "player", "queue", "queue_size", "rooms", "routes", "ws")

    def __init__(self, ws: WebSocket, bucket: TokenBucket, queue_size: int) -> None:
        self.ws = ws
        self.bucket = bucket
        self.player: str | None = None
        self.nickname: str | None = None
        self.rooms: dict[str, Viewer] = {}
        # several workers: the rooms this connection watches on other workers (room id →
        # the owner worker its frames go to; bus.py), and its id on the bus
        self.routes: dict[str, str] = {}
        self.key = next(_KEYS)
        self.queue: deque[str | None] = deque()
        self.queue_size = queue_size
        self._wake: asyncio.Future[None] | None = None
        self.closed = False
        self.close_code, self.close_reason = 1000, ""

    def _put(self, item: str | None) -> None:
        self.queue.append(item)
        wake, self._wake = self._wake, None
        if wake is not None and not wake.done():
            wake.set_result(None)

    def post(self, text: str) -> None:
        if self.closed:
            return
        if len(self.queue) >= self.queue_size:  # a client that cannot keep up is cut loose
            log.warning("closing a connection whose send queue is full")
            self.close(1008, "too many messages waiting: the connection cannot keep up")
            return
        self._put(text)

    def close(self, code: int = 1000, reason: str = "") -> None:
        """Stop sending: what is queued goes out, then a close frame with ``code`` and
        ``reason`` (a full queue is dropped first, so the close frame always gets out)."""
        if not self.closed:
            self.closed = True
            self.close_code, self.close_reason = code, reason
            if len(self.queue) >= self.queue_size:
                self.queue.clear()
            self._put(None)

    async def _next(self) -> str | None:
        while not self.queue:
            self._wake = asyncio.get_running_loop().create_future()
            await self._wake
        return self.queue.popleft()

    async def pump(self) -> None:
        """Send queued frames until closed (runs as the connection's sender task)."""
        while True:
            text = await self._next()
            if text is None:
                with contextlib.suppress(Exception):  # the peer may be gone already
                    await self.ws.close(self.close_code, self.close_reason)
                return
            try:
                await self.ws.send_text(text)
            except UnicodeEncodeError:  # a bug (inputs are checked): lose one frame only
                log.error("a frame that is not valid UTF-8 was not sent")
            except Exception:  # the peer went away; the receive loop cleans up
                self.closed = True
                return


class Hub:
    """Subscriptions of connections to rooms, and the filtered fan-out.

    The hub only delivers: a room hands it messages once their change is durable and
    committed (see :mod:`huapai.server.rooms`), and the hub puts each on the send queue
    of the connections that may see it, at once, in the order given. Nothing here waits
    for storage, so a stalled database never holds up another room's output or a pong.
    """

    def __init__(self, summary_every: float = 0.25) -> None:
        self.summaries = Coalescer(summary_every)
        self.subs: dict[str, dict[Viewer, set[Connection]]] = {}
        # several workers: told of every room whose summary changed (the shared lobby)
        self.on_summary: Callable[[Room], None] | None = None
        # per room, the players whose seat the owner freed while they had no window on it:
        # told when they come back (seat_freed)
        self.unseated: dict[str, set[str]] = {}

    # --- lifecycle -------------------------------------------------------------------
    def start(self) -> None:
        """Nothing to start: delivery is synchronous (kept for the platform's lifecycle)."""

    async def stop(self) -> None:
        """Nothing to stop (see :meth:`start`)."""

    @staticmethod
    def _post(items: list[tuple[Connection, str]]) -> None:
        for conn, text in items:
            conn.post(text)

    # --- direct messages -------------------------------------------------------------
    def send(self, conn: Connection, message: Message) -> None:
        conn.post(dumps(message))

    # --- subscriptions ---------------------------------------------------------------
    def subscribe(self, conn: Connection, room: Room) -> None:
        viewer = room.viewer_of(conn.player)
        conn.rooms[room.id] = viewer
        self.subs.setdefault(room.id, {}).setdefault(viewer, set()).add(conn)
        if viewer is not None:
            room.presence(viewer, +1)
        else:
            room.publish_room()  # one more watching: the seats see the count
        conn.post(dumps(room.room_message()))
        self._send_state(conn, room, viewer)
        told = self.unseated.get(room.id)
        if told is not None and conn.player in told and viewer is None:
            told.discard(conn.player)
            conn.post(dumps({"type": "seat_freed", "room": room.id, "seat": None}))

    def tell_unseated(self, room: Room, player: str, seat: int) -> None:
        """The owner freed ``player``'s ``seat`` (请离座): said to the player's windows on
        the room now, or when the player next opens it (a player freed while away came
        back to an empty seat and no word)."""
        message = dumps({"type": "seat_freed", "room": room.id, "seat": seat})
        here = [c for c in self.watchers(room.id) if c.player == player]
        for conn in here:
            conn.post(message)
        if not here:
            self.unseated.setdefault(room.id, set()).add(player)

    def unsubscribe(self, conn: Connection, room: Room) -> None:
        viewer = conn.rooms.pop(room.id, None)
        group = self.subs.get(room.id, {}).get(viewer)
        if group is not None:
            group.discard(conn)
        # the owner's going is noted first: the presence change's summary said the owner
        # was gone before the grace began, and offered the seats the owner's buttons,
        # which then refused for the whole grace (a play-test)
        if conn.player == room.owner and not self.watching(room.id, room.owner):
            room.owner_went()
        if viewer is not None:
            room.presence(viewer, -1)
        elif group is not None:
            room.publish_room()

    def resync(self, conn: Connection, room: Room) -> None:
        conn.post(dumps(room.room_message()))
        self._send_state(conn, room, conn.rooms.get(room.id))

    def _send_state(self, conn: Connection, room: Room, viewer: Viewer) -> None:
        """The full view on subscribe and sync, with the deal's events so far."""
        room.feed.refresh(viewer)
        if room.feed.live:
            conn.post(room.state_text(viewer, [], history=True))
        wait = room.turns.next_deal_in_ms()
        if wait is not None:  # the deal_end's countdown came before a restart (or never)
            conn.post(dumps({"type": "next_deal", "room": room.id, "in_ms": wait}))

    def reseat(self, room: Room) -> None:
        """After seats changed, move each watcher to the viewer it now is."""
        for viewer, group in list(self.subs.get(room.id, {}).items()):
            for conn in list(group):
                now = room.viewer_of(conn.player)
                if now != viewer:
                    self.unsubscribe(conn, room)
                    self.subscribe(conn, room)

    def watcher_list(self, room_id: str) -> list[dict[str, str]]:
        """Who watches without a seat — people, not windows — once each by nickname
        (``{id, nickname}``): a count alone left the players asking who it was (a
        play-test)."""
        seen: dict[str, str] = {}
        for conn in self.subs.get(room_id, {}).get(None, ()):
            if conn.player is not None:
                seen.setdefault(conn.player, conn.nickname or "")
        return [{"id": p, "nickname": n} for p, n in sorted(seen.items(), key=lambda x: x[::-1])]

    def spectator_windows(self, room_id: str, player: str) -> list[Connection]:
        """``player``'s windows on the room without a seat (none: not watching it so)."""
        return [c for c in self.subs.get(room_id, {}).get(None, ()) if c.player == player]

    def send_away(self, room: Room, player: str) -> None:
        """Each of ``player``'s spectator windows on ``room`` told (``sent_away``) and
        unsubscribed."""
        message = dumps({"type": "sent_away", "room": room.id})
        for conn in self.spectator_windows(room.id, player):
            conn.post(message)
            self.unsubscribe(conn, room)

    def watching(self, room_id: str, player: str) -> bool:
        """Whether ``player`` has a window on the room (as a seat or a spectator)."""
        return any(c.player == player for group in self.subs.get(room_id, {}).values()
                   for c in group)

    def watched_by(self, room_id: str, viewer: Viewer) -> bool:
        return bool(self.subs.get(room_id, {}).get(viewer))

    def watchers(self, room_id: str) -> list[Connection]:
        return [c for group in self.subs.get(room_id, {}).values() for c in group]

    def forget(self, room_id: str) -> None:
        self.subs.pop(room_id, None)
        self.unseated.pop(room_id, None)
        self.summaries.forget(room_id)

    def close_room(self, room: Room, message: Message) -> None:
        """A room closed for good while people watch (解散房间): ``message`` to every
        watcher, who then watches it no longer."""
        self.broadcast(room, message)
        for conn in self.watchers(room.id):
            conn.rooms.pop(room.id, None)
        self.forget(room.id)

    # --- fan-out (rooms call these) --------------------------------------------------
    def states(self, room: Room, changed: Mapping[Viewer, list[str]]) -> None:
        """Each changed viewer's own state message, to that viewer's connections only."""
        self.summaries.flush(room.id)
        items: list[tuple[Connection, str]] = []
        groups = self.subs.get(room.id, {})
        for viewer, events in changed.items():
            group = groups.get(viewer)
            if group:
                text = room.state_text(viewer, events)
                items.extend((conn, text) for conn in group)
        self._post(items)

    def to_seat(self, room: Room, seat: int, message: Message) -> None:
        """``message`` to the connections of ``seat``'s own viewer alone, without flushing
        the room's waiting summary (a note to one player that need not come after it: a
        flood of 托管 toggles must stay coalesced for the watchers)."""
        text = dumps(message)
        self._post([(conn, text) for conn in self.subs.get(room.id, {}).get(seat, ())])

    def summary(self, room: Room) -> None:
        """The room summary to every watcher, coalesced with the other small changes of
        the moment (coalesce.py); a waiting one always goes out before the room's next
        other message. Rooms call this only once the change is durable."""
        if self.on_summary is not None:
            self.on_summary(room)
        self.summaries.publish(room.id, lambda: self.broadcast(room, room.room_message()))

    def broadcast(self, room: Room, message: Message) -> None:
        """A public message (room summary, deal end, match end) to every watcher."""
        self.summaries.flush(room.id)
        text = dumps(message)
        self._post([(conn, text) for conn in self.watchers(room.id)])

    def per_viewer(self, room: Room, build: Any) -> None:
        """``build(viewer)`` → message or None, sent to that viewer's connections."""
        self.summaries.flush(room.id)
        items: list[tuple[Connection, str]] = []
        for viewer, group in self.subs.get(room.id, {}).items():
            message = build(viewer) if group else None
            if message is not None:
                text = dumps(message)
                items.extend((conn, text) for conn in group)
        self._post(items)
