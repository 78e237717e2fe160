"""The REST half of the platform protocol (docs/platform-protocol.md §2).

Every route that changes a room is ``async`` so it runs on the event loop, in turn with
WebSocket messages and timers: a room is never touched from two threads.
"""

from __future__ import annotations

import asyncio
import dataclasses
from typing import Any

from fastapi import APIRouter, Request, Response

from huapai.bots.registry import bot_names
from huapai.core.registry import game_names, get_game, get_manifest

from .errors import ServerError, json_object, not_found
from .fairness import verify_text
from .lobby import Platform, PlayerInfo
from .replays import parse_viewer, record_text, replay, require_finished, summary
from .rooms import Room

router = APIRouter(prefix="/api")
MAX_BODY = 16384


def platform_of(request: Request) -> Platform:
    platform: Platform = request.app.state.platform
    return platform


async def player_of(request: Request) -> PlayerInfo:
    header = request.headers.get("authorization", "")
    scheme, _, token = header.partition(" ")
    if scheme.lower() != "bearer" or not token.strip():
        raise ServerError("unauthorized", status=401)
    player = await platform_of(request).authenticate(token.strip())
    if player is None:
        raise ServerError("bad_token", status=401)
    return player


async def body_of(request: Request) -> dict[str, Any]:
    raw = await request.body()
    if len(raw) > MAX_BODY:
        raise ServerError("too_large", f"at most {MAX_BODY} bytes", status=413)
    if not raw.strip():
        return {}
    return json_object(raw)


# ----------------------------------------------------------------------------- players
@router.post("/players", status_code=201)
async def create_player(request: Request) -> dict[str, Any]:
    body = await body_of(request)
    player, token = await platform_of(request).new_player(body.get("nickname"))
    return {"player": player.to_json(), "token": token}


@router.get("/me")
async def me(request: Request) -> dict[str, Any]:
    player = await player_of(request)
    rows = await asyncio.to_thread(platform_of(request).reader.results_of, player.id)
    points = sum(r.scaled for r, _g in rows)
    return {"player": player.to_json(), "totals": {"games": len(rows), "points": points}}


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
    matches: dict[tuple[str, int], dict[str, Any]] = {}
    for result, game in rows:
        entry = matches.setdefault((game.room_id, game.match_no), {
            "room": game.room_id, "match": game.match_no, "game": game.game,
            "preset": game.preset, "seat": result.seat, "deals": [], "total": 0,
            "finished": _match_finished(platform, game.room_id, game.match_no)})
        entry["deals"].append({"game_id": game.id, "deal": game.deal_index,
                               "delta": result.scaled})
        entry["total"] += result.scaled
    return {"matches": list(matches.values())}


def _match_finished(platform: Platform, room_id: str, match_no: int) -> bool:
    room = platform.rooms.get(room_id)
    return room is None or room.match_no > match_no or room.status == "finished"


# ----------------------------------------------------------------------------- games
def _option_rows(rules: Any) -> list[dict[str, Any]]:
    rows = []
    for name, default, zh, doc, source in type(rules).describe():
        info = next(f for f in dataclasses.fields(rules) if f.name == name).metadata["huapai"]
        choices = getattr(info, "choices", None)
        rows.append({"name": name, "default": getattr(rules, name), "default_text": default,
                     "zh": zh, "doc": doc, "source": source,
                     "choices": None if choices is None else list(choices),
                     "low": getattr(info, "low", None), "high": getattr(info, "high", None)})
    return rows


def _presets(name: str) -> list[dict[str, Any]]:
    game = get_game(name)
    return [{"name": preset, "seats": game.num_seats(rules), "rules": game.rules_to_dict(rules)}
            for preset, rules in game.presets().items()]


@router.get("/health")
async def health(request: Request, response: Response) -> dict[str, Any]:
    """Whether storage takes writes: ``degraded`` (503) from a write that failed for
    good until the next one that succeeds."""
    platform = platform_of(request)
    writer = platform.writer
    degraded = writer is not None and writer.degraded
    if degraded:
        response.status_code = 503
    return {"ok": not degraded, "storage": "degraded" if degraded else "ok",
            "failed_writes": 0 if writer is None else writer.failures,
            "rooms": len(platform.rooms)}


def _game_json(name: str) -> dict[str, Any]:
    """The family's manifest as a client reads it, with its presets (and ``title``, the
    engine's one-line title, for older clients)."""
    return {**get_manifest(name).to_json(), "title": get_game(name).title,
            "presets": _presets(name)}


@router.get("/games")
async def list_games() -> dict[str, Any]:
    return {"games": [_game_json(n) for n in game_names()]}


@router.get("/games/{name}")
async def show_game(name: str) -> dict[str, Any]:
    if name not in game_names():
        raise not_found("game_not_found", f"{name[:40]!r}; known: {', '.join(game_names())}")
    first = next(iter(get_game(name).presets().values()))
    return {**_game_json(name), "options": _option_rows(first), "bots": bot_names(name)}


# ----------------------------------------------------------------------------- rooms
@router.get("/rooms")
async def list_rooms(request: Request) -> dict[str, Any]:
    return {"rooms": [r.summary() for r in platform_of(request).public_rooms()]}


@router.post("/rooms", status_code=201)
async def create_room(request: Request) -> dict[str, Any]:
    player = await player_of(request)
    key = request.headers.get("idempotency-key")
    room = await platform_of(request).create_room(player, await body_of(request), key=key)
    return {"room": room.summary()}


@router.post("/rooms/join")
async def join_by_code(request: Request) -> dict[str, Any]:
    player = await player_of(request)
    room = platform_of(request).room_by_code((await body_of(request)).get("code"))
    await room.join(player.id)
    return {"room": room.summary()}


async def _room(request: Request, room_id: str) -> tuple[Room, PlayerInfo]:
    player = await player_of(request)
    return platform_of(request).room(room_id, player.id), player


@router.get("/rooms/{room_id}")
async def show_room(request: Request, room_id: str) -> dict[str, Any]:
    room, _player = await _room(request, room_id)
    return {"room": room.summary()}


@router.post("/rooms/{room_id}/seats/{seat}")
async def take_seat(request: Request, room_id: str, seat: int) -> dict[str, Any]:
    room, player = await _room(request, room_id)
    await room.take_seat(player.id, player.nickname, seat)
    return {"room": room.summary()}


@router.delete("/rooms/{room_id}/seats/{seat}")
async def remove_bot(request: Request, room_id: str, seat: int) -> dict[str, Any]:
    room, player = await _room(request, room_id)
    await room.remove_bot(player.id, seat)
    return {"room": room.summary()}


@router.post("/rooms/{room_id}/leave")
async def leave(request: Request, room_id: str) -> dict[str, Any]:
    room, player = await _room(request, room_id)
    await room.leave(player.id)
    return {"room": room.summary()}


@router.post("/rooms/{room_id}/bots")
async def fill_bots(request: Request, room_id: str) -> dict[str, Any]:
    room, player = await _room(request, room_id)
    body = await body_of(request)
    seats, bot = body.get("seats"), body.get("bot")
    if seats is not None and not (isinstance(seats, list) and all(
            isinstance(s, int) and not isinstance(s, bool) for s in seats)):
        raise ServerError("bad_message", "seats: expected a list of seat numbers")
    if bot is not None and not isinstance(bot, str):
        raise ServerError("bad_message", f"bot: expected a string, got {bot!r}")
    await room.fill_bots(player.id, seats, bot)
    return {"room": room.summary()}


@router.post("/rooms/{room_id}/start")
async def start(request: Request, room_id: str) -> dict[str, Any]:
    room, player = await _room(request, room_id)
    await room.start(player.id)
    return {"room": room.summary()}


@router.post("/rooms/{room_id}/again")
async def again(request: Request, room_id: str) -> dict[str, Any]:
    room, player = await _room(request, room_id)
    await room.again(player.id)
    return {"room": room.summary()}


# ----------------------------------------------------------------------------- replays
@router.get("/replays")
async def list_replays(request: Request) -> dict[str, Any]:
    platform = platform_of(request)
    room = request.query_params.get("room")
    mine = request.query_params.get("mine") in ("1", "true")
    player = (await player_of(request)).id if mine else None
    rows = await asyncio.to_thread(platform.reader.finished_games, room=room, player=player)
    return {"replays": [summary(r) for r in rows
                        if _replay_listed(platform, r.room_id)]}


def _replay_listed(platform: Platform, room_id: str) -> bool:
    room = platform.rooms.get(room_id)
    return room is None or not room.settings.private


@router.get("/replays/{game_id}")
async def show_replay(request: Request, game_id: str) -> dict[str, Any]:
    row, actions = require_finished(await _game(request, game_id))
    viewer = parse_viewer(request.query_params.get("seat"), len(row.seats))
    return await asyncio.to_thread(replay, row, actions, viewer)


@router.get("/replays/{game_id}/record")
async def download_record(request: Request, game_id: str) -> Response:
    row, actions = require_finished(await _game(request, game_id))
    headers = {"Content-Disposition": f'attachment; filename="huapai-{row.id}.jsonl"'}
    return Response(record_text(row, actions), media_type="application/x-ndjson",
                    headers=headers)


@router.get("/verify/{game_id}")
async def verify(request: Request, game_id: str) -> dict[str, Any]:
    row, actions = require_finished(await _game(request, game_id))
    report = await asyncio.to_thread(verify_text, record_text(row, actions))
    return report.to_json()


async def _game(request: Request, game_id: str) -> Any:
    if len(game_id) > 64:
        raise not_found("replay_not_found")
    return await asyncio.to_thread(platform_of(request).reader.game, game_id)
