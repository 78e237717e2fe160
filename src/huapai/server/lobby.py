"""The running server's state: players, rooms, and the services rooms use."""

from __future__ import annotations

import asyncio
import hashlib
import logging
import re
import time
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from sqlalchemy import Engine

from huapai.core.present import Msg
from huapai.core.protocol import RulesError
from huapai.core.registry import game_names, get_game, get_manifest

from . import rulefiles
from .botplay import stop_searches
from .calls import CALL_TIMEOUT
from .cluster import Cluster
from .config import ServerConfig
from .errors import ServerError, conflict, not_found
from .fairness import SeedSource
from .hub import Hub
from .limits import Budgets
from .messages import listing
from .migrate import upgrade
from .names import check_nickname
from .restore import restore_room, resume
from .reviews import reviews_of
from .rooms import Room
from .roomstore import durable
from .seats import FINISHED, RoomServices
from .settings import RoomSettings
from .store import Op, Player, Reader, make_engine, op_insert, op_next_epoch, op_update
from .writer import Checkpointer, Writer

log = logging.getLogger("huapai.server")

REVOKED = 4401  # the WebSocket close code when its player's token is revoked
MAX_REMEMBERED_KEYS = 4096  # Idempotency-Keys of recent room creations (oldest forgotten)
ROOM_FIELDS = {"game", "preset", "rules", "deals", "multiplier", "private", "turn_clock",
               "tuoguan_after", "bot_delay", "answer_pause", "answer_deadline"}


@dataclass(slots=True)
class PlayerInfo:
    id: str
    nickname: str

    def to_json(self) -> dict[str, str]:
        return {"id": self.id, "nickname": self.nickname}


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


class Platform:
    """Owns the database engine, the writer thread, the hub and every live room."""

    def __init__(self, config: ServerConfig, engine: Engine | None = None) -> None:
        self.config = config
        self.engine = engine or make_engine(config.database_url, config.write_timeout)
        self.reader = Reader(self.engine)
        self.writer: Writer | None = None
        self.checkpointer: Checkpointer | None = None
        self.hub = Hub(config.limits.summary_every)
        self.source = SeedSource(config.seed)
        self.rooms: dict[str, Room] = {}
        self._players: dict[str, PlayerInfo] = {}
        self._sweeper: asyncio.Task[None] | None = None
        self._tokens: dict[str, str] = {}
        self._revoked: set[str] = set()
        self.budgets = Budgets(config.limits)
        self._created: dict[tuple[str, str], str] = {}
        self._creating: dict[tuple[str, str], asyncio.Future[Room]] = {}
        # several workers (docs/deploy.md): leases, the bus and the take-over loop
        self.cluster = None if config.redis_url is None else Cluster(
            self, config.redis_url, config.worker_id, config.lease_ttl)

    @property
    def services(self) -> RoomServices:
        assert self.writer is not None, "the platform is not started"
        return RoomServices(self.hub, self.writer, self.source, self.config.between_deals,
                            self.config.retry_after, self.config.auto_answer,
                            search_pace=self.config.search_pace,
                            clock_grace=self.config.clock_grace,
                            nonce_window=self.config.nonce_window,
                            owner_grace=self.config.owner_grace,
                            leases=None if self.cluster is None else self.cluster.leases)

    # --- lifecycle -------------------------------------------------------------------
    async def start(self) -> None:
        await asyncio.to_thread(upgrade, self.engine)
        # the rule files no preset can use are not offered: the log says why, now
        await asyncio.to_thread(rulefiles.checked, self.config.rule_files)
        rulefiles.use_folder(self.config.rule_files)
        self.writer = Writer(self.engine, asyncio.get_running_loop(),
                             retries=self.config.write_retries,
                             backoff=self.config.write_backoff)
        if self.engine.dialect.name == "sqlite":
            self.checkpointer = Checkpointer(self.engine)
        self.hub.start()
        if self.cluster is not None:  # rooms come by lease: taken over, each restored
            await self.cluster.start()
            self._sweeper = asyncio.get_running_loop().create_task(self._sweep())
            return
        # before any room is served: its counters of this run start above the last run's
        await self.writer.write(op_next_epoch())
        bundles = await asyncio.to_thread(self.reader.open_rooms)
        services = self.services
        for bundle in bundles:
            try:
                room = restore_room(services, bundle)
            except Exception:
                log.exception("room %s could not be restored; left closed", bundle.room.id)
                continue
            self.rooms[room.id] = room
        for room in self.rooms.values():
            resume(room)
        self._sweeper = asyncio.get_running_loop().create_task(self._sweep())
        log.info("huapai server ready: %d room(s) restored", len(self.rooms))

    async def _sweep(self) -> None:
        """Close rooms left idle (waiting or finished, nobody watching) for too long."""
        while True:
            await asyncio.sleep(self.config.sweep_every)
            for room in [r for r in self.rooms.values()
                         if r.idle_for() > self.config.idle_close_after]:
                self._close_idle(room, "after being idle")

    async def stop(self) -> None:
        if self._sweeper is not None:
            self._sweeper.cancel()
        for room in self.rooms.values():
            room.close_timers()
        if self.cluster is not None:
            await self.cluster.stop()
        await self.hub.stop()
        reviews_of(self).running.stop()  # a review's process ends with its server
        await asyncio.to_thread(stop_searches)  # and the rooms' search processes
        if self.writer is not None:
            await asyncio.to_thread(self.writer.close)
        if self.checkpointer is not None:
            await asyncio.to_thread(self.checkpointer.close)
        self.engine.dispose()
        if self.cluster is None:  # a worker of several says its own (cluster.stop)
            # a stop said nothing: an operator could not tell a clean one from a hang
            log.info("huapai server stopped: %d room(s) kept in the database, restored at "
                     "the next start", len(self.rooms))

    # --- players ---------------------------------------------------------------------
    async def new_player(self, nickname: Any, address: str) -> tuple[PlayerInfo, str]:
        name = check_nickname(nickname)
        await self.budgets.players.spend(address)
        token = self.source.token(24)
        player = PlayerInfo(self.source.token(9), name)
        await durable(self._writer(), op_insert(
            Player, id=player.id, nickname=name, token_hash=token_hash(token),
            created_at=time.time()))
        self._remember(player, token_hash(token))
        return player, token

    async def authenticate(self, token: str | None) -> PlayerInfo | None:
        if not token or len(token) > 256:
            return None
        digest = token_hash(token)
        known = self._tokens.get(digest)
        if known is not None:
            return self._players[known]
        row = await asyncio.to_thread(self.reader.player_by_token_hash, digest)
        if row is None or digest in self._revoked:  # revoked while the row was read
            return None
        player = PlayerInfo(row.id, row.nickname)
        self._remember(player, digest)
        return player

    async def rename(self, player: PlayerInfo, nickname: Any) -> PlayerInfo:
        name = check_nickname(nickname)
        await durable(self._writer(), op_update(Player, {"id": player.id}, nickname=name))
        player.nickname = name
        self.renamed_elsewhere(player.id, name)
        if self.cluster is not None:  # the rooms other workers own show the new name too
            self.cluster.bus.publish_all({"t": "rename", "player": player.id, "name": name,
                                          "from": self.cluster.worker})
        return player

    def renamed_elsewhere(self, player: str, name: str) -> None:
        """``player`` is now called ``name`` (renamed here or on another worker): every
        room of this worker where the player sits shows it, and so does the player as
        this worker remembers it."""
        known = self._players.get(player)
        if known is not None:
            known.nickname = name
        for room in self.rooms.values():
            seat = room.seat_of(player)
            if seat is not None:
                seat.nickname = name
                room.publish_room()

    async def revoke(self, player: PlayerInfo) -> str:
        """Log out everywhere: a new token for ``player``; the old one stops working at
        once (REST and every open WebSocket, which is closed) and for good."""
        token = self.source.token(24)
        await self.write(op_update(Player, {"id": player.id}, token_hash=token_hash(token)))
        for digest in [d for d, who in self._tokens.items() if who == player.id]:
            del self._tokens[digest]
            self._revoked.add(digest)
        self._remember(player, token_hash(token))
        self._close_sockets(player.id)
        if self.cluster is not None:  # every other worker forgets the old token too
            self.cluster.bus.publish_all({"t": "revoke", "player": player.id,
                                          "from": self.cluster.worker})
        return token

    def revoked_elsewhere(self, player: str) -> None:
        """Another worker revoked ``player``'s tokens: forget them here and close that
        player's sockets (the new token is read from the database when it is used)."""
        for digest in [d for d, who in self._tokens.items() if who == player]:
            del self._tokens[digest]
            self._revoked.add(digest)
        self._close_sockets(player)

    def _close_sockets(self, player: str) -> None:
        for conn in self.budgets.sockets.of_player(player):
            conn.close(REVOKED, "token revoked (logged out everywhere)")

    def _remember(self, player: PlayerInfo, digest: str) -> None:
        self._players[player.id] = player
        self._tokens[digest] = player.id

    def _writer(self) -> Writer:
        assert self.writer is not None, "the platform is not started"
        return self.writer

    async def write(self, op: Op) -> Any:
        """Run one write operation through the writer thread; its result once durable."""
        return await durable(self._writer(), op)

    # --- rooms -----------------------------------------------------------------------
    async def create_room(self, player: PlayerInfo, body: Mapping[str, Any], address: str,
                          *, key: str | None = None) -> Room:
        """A new room; a request repeated with the same ``Idempotency-Key`` (a double
        click, a retry after a lost answer) gets the room the first one made."""
        if key is None:
            return await self._new_room(player, body, address)
        made = self._made_by_key(player, key)
        if made is not None:
            return made
        # the same key again while the first room is still being written: wait for it
        pending = self._creating.get((player.id, key))
        if pending is not None:
            return await asyncio.shield(pending)
        self._creating[(player.id, key)] = pending = asyncio.get_running_loop().create_future()
        try:
            room = await self._new_room(player, body, address)
        except Exception as exc:
            pending.set_exception(exc)
            pending.exception()  # retrieved here: nobody else may be waiting
            raise
        finally:
            del self._creating[(player.id, key)]
        pending.set_result(room)
        self._created[(player.id, key)] = room.id
        while len(self._created) > MAX_REMEMBERED_KEYS:
            self._created.pop(next(iter(self._created)))
        return room

    def _made_by_key(self, player: PlayerInfo, key: str) -> Room | None:
        if not 1 <= len(key) <= 64 or not key.isascii() or not key.isprintable():
            raise ServerError("bad_idempotency_key", "1–64 printable ASCII characters")
        room_id = self._created.get((player.id, key))
        return self.rooms.get(room_id) if room_id is not None else None

    async def _new_room(self, player: PlayerInfo, body: Mapping[str, Any],
                        address: str) -> Room:
        unknown = sorted(set(body) - ROOM_FIELDS)
        if unknown:
            listed = ", ".join(repr(u)[:40] for u in unknown[:8])
            raise ServerError("bad_settings", Msg.of(
                "unknown_fields", "不认识的字段：{fields_zh}", "unknown field(s): {fields}",
                fields=listed, fields_zh="、".join(f"「{u[:40]}」" for u in unknown[:8])))
        game_name = body.get("game")
        if not isinstance(game_name, str) or game_name not in game_names():
            raise not_found("game_not_found", f"{game_name!r}; known: {', '.join(game_names())}")
        game = get_game(game_name)
        preset = body.get("preset", next(iter(game.presets())))
        overrides = body.get("rules", {})
        if not isinstance(preset, str):
            raise ServerError("rules_invalid", f"preset: expected a string, got {preset!r}")
        if not isinstance(overrides, dict):
            raise ServerError("rules_invalid", "rules: expected an object of option overrides")
        folder = self.config.rule_files
        overrides = rulefiles.resolve(game, overrides, folder)
        try:
            rules = game.rules(preset, **overrides)
        except RulesError as exc:
            msg = exc.msg
            raise ServerError("rules_invalid", Msg(
                msg.code, rulefiles.hide_folder(without_keys(msg.zh), folder),
                rulefiles.hide_folder(msg.en, folder), msg.params)) from None
        except (TypeError, ValueError) as exc:
            raise ServerError("rules_invalid", str(exc)) from None
        settings = RoomSettings.parse(body)
        own = get_manifest(game_name).room_multiplier
        if own is not None and settings.multiplier != 1:
            raise ServerError("bad_settings", Msg.of(
                "own_multiplier", "倍数：{game} 房间的倍数是规则选项 {own}（rules.{own}），"
                "平台倍数请留 1", "multiplier: a {game} room's 倍数 is its rule option {own!r} "
                "(rules.{own}); leave multiplier at 1", game=game_name, own=own))
        await self._room_budget(player.id, address)
        room = await Room.create(self.services, owner=player.id, game=game_name,
                                 preset=preset, rules=rules, settings=settings)
        self.rooms[room.id] = room
        if self.cluster is not None:  # which worker a room is on (an operator's play-test)
            log.info("worker %s made room %s (%s, %s)", self.cluster.worker, room.id,
                     game_name, preset)
        return room

    async def _room_budget(self, player: str, address: str) -> None:
        """Make room for a new room of ``player``'s: within the creation rate, and at
        most ``rooms_open_per_player`` open — beyond that the player's longest-idle room
        (waiting or finished, nobody watching) is closed; if none is idle, refuse."""
        most = self.config.limits.rooms_open_per_player
        owned = [r for r in self.rooms.values() if r.owner == player]
        idle = sorted((r for r in owned if r.idle_for() > 0), key=lambda r: -r.idle_for())
        elsewhere = await self._rooms_elsewhere(player, {r.id for r in owned})
        over = len(owned) + len(elsewhere) - most + 1
        away = []  # several workers: the player's idle rooms other workers own
        if over > len(idle):
            away = [room_id for room_id in elsewhere
                    if await self._ask_elsewhere(room_id, player, "is_idle")]
        if over > len(idle) + len(away):
            raise _room_limit(most)
        await self.budgets.new_room(player, address)
        for room_id in away:  # idle rooms elsewhere go first, closed by their owners
            if over <= len(idle):
                break
            over -= await self._ask_elsewhere(room_id, player, "close_if_idle")
        if over > len(idle):  # (one of them got busy meanwhile)
            raise _room_limit(most)
        for room in idle[:max(0, over)]:
            self._close_idle(room, "to make way for its owner's new room")

    async def _rooms_elsewhere(self, player: str, here: set[str]) -> list[str]:
        """Several workers: ``player``'s open rooms that other workers own (the records
        say which are open); one process: none."""
        if self.cluster is None:
            return []
        ids = await asyncio.to_thread(self.reader.open_rooms_of, player)
        return [room_id for room_id in ids if room_id not in here]

    async def _ask_elsewhere(self, room_id: str, player: str, op: str) -> bool:
        """Ask the worker that owns ``room_id`` whether it is ``player``'s idle room
        (``is_idle``) or to close it if so (``close_if_idle``)."""
        assert self.cluster is not None
        worker = await self.cluster.owner_elsewhere(room_id)
        if worker is None:  # here after all (taken over just now), or gone
            return room_id not in self.rooms or self.idle_room(room_id, player, op)
        reply = await self.cluster.bus.call(worker, {"op": op, "room": room_id,
                                                     "player": player}, CALL_TIMEOUT)
        return bool(reply.get("ok", {}).get("yes"))

    def idle_room(self, room_id: str, player: str, op: str) -> bool:
        """Whether ``room_id`` is ``player``'s room here with nobody watching or playing;
        ``close_if_idle``: then closed too."""
        room = self.rooms.get(room_id)
        if room is None or room.owner != player or room.idle_for() <= 0:
            return False
        if op == "close_if_idle":
            self._close_idle(room, "to make way for its owner's new room (elsewhere)")
        return True

    def _close_idle(self, room: Room, why: str) -> None:
        room.close()
        self.forget_closed(room, why)

    def forget_closed(self, room: Room, why: str) -> None:
        """A room closed for good (idle, or 解散 by its owner): out of this worker and the
        lobby."""
        self.rooms.pop(room.id, None)
        if self.cluster is not None:
            self.cluster.closed(room.id)
        log.info("room %s closed %s", room.id, why)

    def room(self, room_id: Any, player: str | None) -> Room:
        """The room ``room_id`` if ``player`` may see it (private rooms: members only)."""
        room = self.rooms.get(room_id) if isinstance(room_id, str) else None
        if room is not None and player in room.sent_away:
            raise not_found("sent_away")
        if room is None or not room.visible_to(player):
            raise not_found("room_not_found", f"{str(room_id)[:40]!r}")
        return room

    async def room_id_by_code(self, code: Any, player: str,
                              address: str) -> tuple[str, str]:
        """The open room a private code opens (on any worker) and the code as stored."""
        await self.budgets.join_attempt(player, address)
        wanted = code.strip().upper() if isinstance(code, str) else ""
        found = next((r.id for r in self.rooms.values()
                      if r.code is not None and r.code == wanted), None)
        stored = 1 <= len(wanted) <= 16  # a code the records could hold
        if found is None and self.cluster is not None and stored:
            found = await asyncio.to_thread(self.reader.open_room_by_code, wanted)
        if found is None:
            # an old invitation to a room closed since: "房间码不对" read as a typo (a play-test)
            closed = stored and await asyncio.to_thread(self.reader.closed_room_by_code, wanted)
            raise not_found("closed_room" if closed else "bad_code")
        return found, wanted

    async def lobby_page(self, offset: int, limit: int, reader: str | None = None
                         ) -> tuple[list[dict[str, Any]], int]:
        """One page of the lobby's rows (every worker's public rooms), and how many; not
        the rooms ``reader`` was sent away from (请出: the list offered 观战 there, a
        play-test) — with several workers, those any worker owns (as stored, and as this
        worker knows before its write is stored)."""
        if self.cluster is None:
            rooms, total = self.public_rooms(offset, limit, reader)
            return [listing(r) for r in rooms], total
        away = {r.id for r in self.rooms.values() if reader in r.sent_away}
        if reader is not None:
            away |= await asyncio.to_thread(self.reader.rooms_sent_away_from, reader)
        rows = sorted((row for row in await self.cluster.bus.lobby() if row["id"] not in away),
                      key=lambda row: row["status"] == FINISHED)
        return rows[offset:offset + limit], len(rows)

    def public_rooms(self, offset: int, limit: int, reader: str | None = None
                     ) -> tuple[list[Room], int]:
        """One page of the public rooms ``reader`` may open, newest first, the finished
        ones after the rest (each page's finished rooms, hidden but for their players, left
        it short of rooms to sit at: a lobby play-test), and how many there are."""
        public = sorted((r for r in reversed(self.rooms.values())
                         if not r.settings.private and reader not in r.sent_away),
                        key=lambda room: room.status == FINISHED)
        return public[offset:offset + limit], len(public)


def _room_limit(most: int) -> ServerError:
    return conflict("room_limit", f"at most {most} open rooms per player, and none of yours "
                                  "is idle")


def without_keys(zh: str) -> str:
    """A rules error's Chinese without the option keys and values it names for the command
    line (报数（baoshu）→ 报数, 钵福（hand_value fan）→ 钵福): a browser in Chinese shows no
    English (the lobby names options and choices by their 中文 terms)."""
    return _KEYS.sub("", zh)


_KEYS = re.compile(r"（[!-~ ]*[A-Za-z][!-~ ]*）")  # a bracket of ASCII with a letter in it
