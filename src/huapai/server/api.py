"""The REST half of the platform protocol (docs/platform-protocol.md §2).

Every route that changes a room is ``async`` so it runs on the event loop, in turn with
WebSocket messages and timers: a room is never touched from two threads.
"""

from __future__ import annotations

import asyncio
from typing import Any

from fastapi import APIRouter, Request, Response

from huapai.bots.registry import bot_names
from huapai.core.base import GameBase
from huapai.core.howto import load_howto
from huapai.core.registry import game_names, get_game, get_manifest
from huapai.core.rules import SOURCE_KINDS

from . import access, rulefiles
from .calls import room_op
from .errors import ServerError, json_object, not_found
from .fairness import verify_text
from .lobby import Platform, PlayerInfo
from .replays import (
    match_totals,
    parse_viewer,
    record_text,
    replay,
    require_finished,
    summary,
    verify_json,
)
from .reviews import checked_level, checked_seat, reviews_of

router = APIRouter(prefix="/api")
MAX_BODY = 16384


def platform_of(request: Request) -> Platform:
    platform: Platform = request.app.state.platform
    return platform


def address_of(request: Request) -> str:
    return request.client.host if request.client is not None else "?"


async def player_of(request: Request) -> PlayerInfo:
    player = await maybe_player(request)
    if player is None:
        raise ServerError("unauthorized", status=401)
    return player


async def maybe_player(request: Request) -> PlayerInfo | None:
    """The caller if it sent a token (a wrong token is ``bad_token``), else None."""
    header = request.headers.get("authorization", "")
    scheme, _, token = header.partition(" ")
    if scheme.lower() != "bearer" or not token.strip():
        return None
    player = await platform_of(request).authenticate(token.strip())
    if player is None:
        raise ServerError("bad_token", status=401)
    return player


async def body_of(request: Request) -> dict[str, Any]:
    """The JSON object body, read no further than ``MAX_BODY`` bytes (a bigger body is
    refused as soon as its declared length or its first chunks say so)."""
    declared = request.headers.get("content-length", "")
    too_large = ServerError("too_large", f"at most {MAX_BODY} bytes", status=413)
    if declared and (len(declared) > 12 or not (declared.isascii() and declared.isdigit())
                     or int(declared) > MAX_BODY):
        raise too_large
    chunks, size = [], 0
    async for chunk in request.stream():
        size += len(chunk)
        if size > MAX_BODY:
            raise too_large
        chunks.append(chunk)
    raw = b"".join(chunks)
    if not raw.strip():
        return {}
    return json_object(raw)


def _number(request: Request, name: str, default: int, most: int) -> int:
    """A small non-negative integer query parameter, else ``bad_message``."""
    value = request.query_params.get(name)
    if value is None:
        return default
    if not (value.isascii() and value.isdigit() and len(value) <= 9) or int(value) > most:
        raise ServerError("bad_message", f"{name}: expected a whole number 0..{most}, "
                                         f"got {value[:20]!r}")
    return int(value)


# ----------------------------------------------------------------------------- players
@router.post("/players", status_code=201)
async def create_player(request: Request) -> dict[str, Any]:
    body = await body_of(request)
    player, token = await platform_of(request).new_player(body.get("nickname"),
                                                          address_of(request))
    return {"player": player.to_json(), "token": token}


@router.post("/me/revoke")
async def revoke(request: Request) -> dict[str, Any]:
    """Log out everywhere: the old token stops working; the answer holds the new one."""
    player = await player_of(request)
    token = await platform_of(request).revoke(player)
    return {"player": player.to_json(), "token": token}


@router.get("/me")
async def me(request: Request) -> dict[str, Any]:
    player = await player_of(request)
    rows = await asyncio.to_thread(platform_of(request).reader.results_of, player.id)
    points = sum(r.scaled for r, _g in rows)
    return {"player": player.to_json(), "totals": {"games": len(rows), "points": points}}


@router.get("/me/rooms")
async def my_rooms(request: Request) -> dict[str, Any]:
    """The caller's open rooms, private or public (owned, sat in, or a seat kept for them),
    newest first: the lobby lists them above the public rooms."""
    player = await player_of(request)
    rows = await asyncio.to_thread(platform_of(request).reader.rooms_to_return_to, player.id)
    return {"rooms": [{"id": r.id, "game": r.game, "preset": r.preset, "status": r.status,
                       "code": r.code, "owner": r.owner_id == player.id,
                       "private": bool((r.settings or {}).get("private")),
                       "deals": (r.settings or {}).get("deals", 1),
                       # the stakes and the clock, as the public list's rows say them
                       "multiplier": (r.settings or {}).get("multiplier", 1),
                       "turn_clock": (r.settings or {}).get("turn_clock", 0),
                       "created": round(r.created_at)}
                      for r in rows]}


@router.patch("/me")
async def rename(request: Request) -> dict[str, Any]:
    player = await player_of(request)
    body = await body_of(request)
    renamed = await platform_of(request).rename(player, body.get("nickname"))
    return {"player": renamed.to_json()}


@router.get("/me/history")
async def history(request: Request) -> dict[str, Any]:
    player = await player_of(request)
    platform = platform_of(request)
    rows = await asyncio.to_thread(platform.reader.results_of, player.id)
    elsewhere: dict[str, tuple[str, int]] = {}
    if platform.cluster is not None:  # rooms other workers own: their stored progress
        away = {game.room_id for _result, game in rows} - set(platform.rooms)
        elsewhere = await asyncio.to_thread(platform.reader.room_progress, away)
    matches: dict[tuple[str, int], dict[str, Any]] = {}
    for result, game in rows:
        entry = matches.setdefault((game.room_id, game.match_no), {
            "room": game.room_id, "match": game.match_no, "game": game.game,
            "preset": game.preset, "seat": result.seat, "deals": [], "total": 0,
            "finished": _match_finished(platform, elsewhere, game.room_id, game.match_no),
            # when, and with whom: two rows "兰州掀牛 +10" could not be told apart (a
            # play-test); the first deal's table, as everyone at it saw it
            "started": game.started_at, "table": _table_of(game.seats)})
        entry["deals"].append({"game_id": game.id, "deal": game.deal_index,
                               "delta": result.scaled})
        entry["total"] += result.scaled
    return {"matches": list(matches.values())}


def _table_of(seats: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """A stored deal's seats as the history names them: nickname or bot, by seat."""
    return [{"seat": i, "nickname": s.get("nickname"), "bot": s.get("bot")}
            for i, s in enumerate(seats)]


def _match_finished(platform: Platform, elsewhere: dict[str, tuple[str, int]],
                    room_id: str, match_no: int) -> bool:
    room = platform.rooms.get(room_id)
    if room is not None:
        return room.match_no > match_no or room.status == "finished"
    stored = elsewhere.get(room_id)  # owned by another worker (or closed: not there)
    return stored is None or stored[0] in ("finished", "closed") or stored[1] > match_no


# ----------------------------------------------------------------------------- games
def _option_rows(rules: Any) -> list[dict[str, Any]]:
    rows = []
    for name, default, zh, doc, source in type(rules).describe():
        info = type(rules).info(name)
        choices = info.choices
        rows.append({"name": name, "default": getattr(rules, name), "default_text": default,
                     "zh": zh, "en": info.en, "doc": doc, "source": source,
                     "doc_zh": info.doc_zh, "source_zh": info.source_zh,
                     "source_kinds": [{"kind": k, "zh": SOURCE_KINDS[k][0],
                                       "en": SOURCE_KINDS[k][1]} for k in info.source_kinds()],
                     "choices": None if choices is None else list(choices),
                     "choice_labels": info.choice_labels(),
                     "low": info.low, "high": info.high, "local": info.local,
                     "applies": None if info.applies is None else {
                         k: list(v) for k, v in info.applies.items()}})
    return rows


def _presets(name: str) -> list[dict[str, Any]]:
    game = get_game(name)
    # ends_itself: the match ends itself (钵福 at 得一钵); its deals are only a limit
    return [{"name": preset, "seats": game.num_seats(rules), "rules": game.rules_to_dict(rules),
             "ends_itself": game.default_deals(rules) is not None}
            for preset, rules in game.presets().items()]


@router.get("/health")
async def health(request: Request, response: Response) -> dict[str, Any]:
    """The readiness probe (docs/deploy.md): 503 when storage is ``degraded`` (a write
    that failed for good, until the next one that succeeds) or, with several workers,
    when the bus is ``down`` (Redis does not answer a PING within ``BUS_PING`` seconds).
    ``rooms`` counts this worker's rooms; ``worker`` names it (several workers)."""
    platform = platform_of(request)
    writer = platform.writer
    degraded = writer is not None and writer.degraded
    body: dict[str, Any] = {"storage": "degraded" if degraded else "ok",
                            "failed_writes": 0 if writer is None else writer.failures,
                            "rooms": len(platform.rooms)}
    bus_down = False
    if platform.cluster is not None:
        bus_down = not await bus_answers(platform.cluster.bus.redis)
        body.update(bus="down" if bus_down else "ok", worker=platform.cluster.worker)
    if degraded or bus_down:
        response.status_code = 503
    return {"ok": not (degraded or bus_down), **body}


BUS_PING = 1.0  # seconds a health check waits for Redis's PONG


async def bus_answers(redis: Any) -> bool:
    try:
        await asyncio.wait_for(redis.ping(), BUS_PING)
    except Exception:  # refused, reset, timed out: down, whatever the reason
        return False
    return True


def _game_json(name: str) -> dict[str, Any]:
    """The family's manifest as a client reads it, with its presets (and ``title``, the
    engine's one-line title, for older clients)."""
    return {**get_manifest(name).to_json(), "title": get_game(name).title,
            "presets": _presets(name)}


@router.get("/games")
async def list_games() -> dict[str, Any]:
    return {"games": [_game_json(n) for n in game_names()]}


def _known_game(name: str) -> None:
    if name not in game_names():
        raise not_found("game_not_found", f"{name[:40]!r}; known: {', '.join(game_names())}")


@router.get("/games/{name}/howto")
async def show_howto(name: str) -> dict[str, Any]:
    """The family's 玩法说明 (docs/architecture-manifest.md)."""
    _known_game(name)
    howto = load_howto(name)
    if howto is None:
        raise not_found("howto_not_found", f"{name!r} has no 玩法说明")
    return {"howto": howto.shown("browser").to_json(get_manifest(name).preset_titles)}


@router.get("/games/{name}")
async def show_game(name: str, request: Request) -> dict[str, Any]:
    _known_game(name)
    first = next(iter(get_game(name).presets().values()))
    folder = platform_of(request).config.rule_files
    files = rulefiles.offered(folder)
    return {**_game_json(name),
            "options": [_with_files(name, row, folder, files) for row in _option_rows(first)],
            "bots": bot_names(name),
            # whether some answers wait out a pause (Game.paced): the lobby offers 答话等待
            "paced_answers": getattr(type(get_game(name)), "paced", GameBase.paced)
            is not GameBase.paced}


def _with_files(game: str, row: dict[str, Any], folder: str | None,
                files: list[str]) -> dict[str, Any]:
    """An option that names a file: the files this server offers (``rulefiles``) that
    some preset of ``game`` takes, as its choices, "" (none: the built-in) first, each
    label with the ``presets`` that take it as they are, ``when`` (the values of the
    options the file option depends on under which it is taken: the lobby offers it only
    then) and the ``rows`` it holds as a player reads them (a room's rules show them); no
    choices when it offers none."""
    taking = {f: rulefiles.taking(game, row["name"], folder, f)
              for f in files} if row["local"] and folder is not None else {}
    usable = [f for f, where in taking.items() if where.presets]
    if not usable:
        return row
    return {**row, "choices": ["", *usable], "choice_labels": [
        {"value": "", "zh": "内置", "en": "built-in"},
        *({"value": f, "zh": f, "en": f, "presets": list(taking[f].presets),
           "when": taking[f].when, "rows": list(taking[f].rows)} for f in usable)]}


# ----------------------------------------------------------------------------- rooms
@router.get("/rooms")
async def list_rooms(request: Request) -> dict[str, Any]:
    platform = platform_of(request)
    page = platform.config.limits.room_page
    offset = _number(request, "offset", 0, 10**9)
    limit = _number(request, "limit", page, page)
    try:  # who reads it (not the rooms they were sent away from); anyone may
        reader = await maybe_player(request)
    except ServerError:  # a stale token reads the list as anyone does
        reader = None
    rooms, total = await platform.lobby_page(offset, limit,
                                             None if reader is None else reader.id)
    after = offset + len(rooms)
    return {"rooms": rooms, "total": total,
            "next": after if after < total else None}


@router.post("/rooms", status_code=201)
async def create_room(request: Request) -> dict[str, Any]:
    player = await player_of(request)
    body = await body_of(request)
    key = request.headers.get("idempotency-key")
    room = await platform_of(request).create_room(player, body, address_of(request), key=key)
    return {"room": room.summary()}


@router.post("/rooms/join")
async def join_by_code(request: Request) -> dict[str, Any]:
    player = await player_of(request)
    code = (await body_of(request)).get("code")
    platform = platform_of(request)
    room_id, wanted = await platform.room_id_by_code(code, player.id, address_of(request))
    return {"room": await room_op(platform, room_id, player, "join", code=wanted)}


async def _op(request: Request, room_id: str, op: str, **args: Any) -> dict[str, Any]:
    """The room's summary after ``op`` (calls.py: run at the worker that owns it)."""
    player = await player_of(request)
    return {"room": await room_op(platform_of(request), room_id, player, op, **args)}


@router.get("/rooms/{room_id}")
async def show_room(request: Request, room_id: str) -> dict[str, Any]:
    return await _op(request, room_id, "show")


@router.post("/rooms/{room_id}/seats/{seat}")
async def take_seat(request: Request, room_id: str, seat: int) -> dict[str, Any]:
    return await _op(request, room_id, "take_seat", seat=seat)


@router.delete("/rooms/{room_id}/seats/{seat}")
async def free_seat(request: Request, room_id: str, seat: int) -> dict[str, Any]:
    return await _op(request, room_id, "free_seat", seat=seat)


async def _room_body(request: Request, room_id: str) -> tuple[PlayerInfo, Platform,
                                                              dict[str, Any]]:
    """The caller, the platform and the request's body — an unknown room (where this
    worker can tell) said before a bad body."""
    player = await player_of(request)
    platform = platform_of(request)
    if room_id in platform.rooms or platform.cluster is None:
        platform.room(room_id, player.id)
    return player, platform, await body_of(request)


@router.patch("/rooms/{room_id}/seats/{seat}")
async def set_bot(request: Request, room_id: str, seat: int) -> dict[str, Any]:
    player, platform, body = await _room_body(request, room_id)
    bot = body.get("bot")
    if not isinstance(bot, str):
        raise ServerError("bad_message", f"bot: expected a bot spec such as 'search:高手', "
                                         f"got {bot!r}")
    return {"room": await room_op(platform, room_id, player, "set_bot", seat=seat, bot=bot)}


@router.post("/rooms/{room_id}/owner")
async def give_owner(request: Request, room_id: str) -> dict[str, Any]:
    """转让房主: body ``{"player": id}`` of a player seated at the table."""
    player, platform, body = await _room_body(request, room_id)
    to = body.get("player")
    if not isinstance(to, str):
        raise ServerError("bad_message", f"player: expected a player id, got {to!r}")
    return {"room": await room_op(platform, room_id, player, "give_owner", to=to)}


@router.delete("/rooms/{room_id}/spectators/{player_id}")
async def send_away(request: Request, room_id: str, player_id: str) -> dict[str, Any]:
    """请出: the owner sends away a spectator (a player id from the summary's
    ``watchers``)."""
    return await _op(request, room_id, "send_away", target=player_id)


@router.delete("/rooms/{room_id}")
async def dissolve(request: Request, room_id: str) -> dict[str, Any]:
    """解散房间: closed for good (before a match or after one)."""
    return await _op(request, room_id, "dissolve")


@router.post("/rooms/{room_id}/leave")
async def leave(request: Request, room_id: str) -> dict[str, Any]:
    return await _op(request, room_id, "leave")


@router.post("/rooms/{room_id}/bots")
async def fill_bots(request: Request, room_id: str) -> dict[str, Any]:
    player, platform, body = await _room_body(request, room_id)
    seats, bot = body.get("seats"), body.get("bot")
    if seats is not None and not (isinstance(seats, list) and all(
            isinstance(s, int) and not isinstance(s, bool) for s in seats)):
        raise ServerError("bad_message", "seats: expected a list of seat numbers")
    if bot is not None and not isinstance(bot, str):
        raise ServerError("bad_message", f"bot: expected a string, got {bot!r}")
    return {"room": await room_op(platform, room_id, player, "fill_bots", seats=seats,
                                  bot=bot)}


@router.post("/rooms/{room_id}/start")
async def start(request: Request, room_id: str) -> dict[str, Any]:
    return await _op(request, room_id, "start")


@router.post("/rooms/{room_id}/again")
async def again(request: Request, room_id: str) -> dict[str, Any]:
    return await _op(request, room_id, "again")


@router.get("/replays")
async def list_replays(request: Request) -> dict[str, Any]:
    platform = platform_of(request)
    room = request.query_params.get("room")
    mine = request.query_params.get("mine") in ("1", "true")
    caller = await player_of(request) if mine else await maybe_player(request)
    player = None if caller is None else caller.id

    def rows() -> list[Any]:
        found = platform.reader.finished_games(room=room, player=player if mine else None)
        return access.listed(platform, found, player)

    return {"replays": [summary(r) for r in await asyncio.to_thread(rows)]}


@router.get("/replays/{game_id}")
async def show_replay(request: Request, game_id: str) -> dict[str, Any]:
    row, actions = await _readable(request, game_id)
    viewer = parse_viewer(request.query_params.get("seat"), len(row.seats))
    shown = await asyncio.to_thread(replay, row, actions, viewer)
    totals = await asyncio.to_thread(match_totals, platform_of(request).engine, row)
    caller = await maybe_player(request)  # only who sat in the game may share it
    return {**shown, "match_totals": totals,
            "can_share": caller is not None and caller.id in access.players_of(row)}


@router.get("/replays/{game_id}/record")
async def download_record(request: Request, game_id: str) -> Response:
    row, actions = await _readable(request, game_id)
    headers = {"Content-Disposition": f'attachment; filename="huapai-{row.id}.jsonl"'}
    return Response(record_text(row, actions), media_type="application/x-ndjson",
                    headers=headers)


@router.post("/replays/{game_id}/share", status_code=201)
async def share_replay(request: Request, game_id: str) -> dict[str, Any]:
    """A share token for a finished game the caller played: whoever holds it may read
    the game (``?share=TOKEN`` on the replay, record and verify calls)."""
    player = await player_of(request)
    row, _actions = await _readable(request, game_id)
    token = await access.new_share(platform_of(request), row, player.id)
    return {"game_id": row.id, "share": token}


@router.post("/replays/{game_id}/review", status_code=202)
async def start_review(request: Request, game_id: str) -> dict[str, Any]:
    """复盘分析 of one seat of a finished game the caller may read, in the background
    (see :mod:`.reviews`); poll ``/api/reviews/{job}``."""
    row, actions = await _readable(request, game_id)
    body = await body_of(request)
    seat = checked_seat(body.get("seat"), len(row.seats))
    level = checked_level(body.get("level"))
    job = reviews_of(platform_of(request)).start(row, actions, seat, level)
    return {"review": job.to_json()}


@router.get("/reviews/{job_id}")
async def show_review(request: Request, job_id: str) -> dict[str, Any]:
    """A review job, to whoever may read its game (its id alone let anyone read a private
    room's seat's every choice: a play-test); one who may not is told it is not found."""
    job = reviews_of(platform_of(request)).find(job_id)
    try:
        await _readable(request, job.game_id)
    except ServerError:
        raise not_found("review_not_found") from None
    return {"review": job.to_json()}


@router.get("/verify/{game_id}")
async def verify(request: Request, game_id: str) -> dict[str, Any]:
    row, actions = await _readable(request, game_id)
    report = await asyncio.to_thread(verify_text, record_text(row, actions))
    return verify_json(row, report)


async def _readable(request: Request, game_id: str) -> Any:
    """A finished game the caller may read (private rooms: its players, or a share)."""
    found = await _game(request, game_id)
    if found is None:
        raise not_found("replay_not_found")
    player = await maybe_player(request)
    share = request.query_params.get("share")
    await asyncio.to_thread(access.require_readable, platform_of(request), found[0],
                            None if player is None else player.id, share)
    return require_finished(found)


async def _game(request: Request, game_id: str) -> Any:
    if len(game_id) > 64:
        raise not_found("replay_not_found")
    return await asyncio.to_thread(platform_of(request).reader.game, game_id)
