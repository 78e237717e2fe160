"""Every rejection the server makes: a stable code and a message in both languages.

A refusal travels as ``{"code", "message", "msg"}``: ``message`` is the older
``"中文 / English: detail"`` text, ``msg`` the same as a value (``{code, zh, en,
params}``, the detail in each language when it has one) that front ends render in their
language.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from typing import Any

from huapai.core.present import Msg

MESSAGES: dict[str, tuple[str, str]] = {
    "bad_json": ("消息不是 JSON 对象", "the message is not a JSON object"),
    "bad_message": ("消息格式不对", "malformed message"),
    "unknown_type": ("未知的消息类型", "unknown message type"),
    "too_large": ("消息太长", "message too large"),
    "rate_limited": ("消息太频繁", "too many messages"),
    "not_authenticated": ("请先登录 (hello)", "send hello with your token first"),
    "bad_token": ("令牌无效", "unknown token"),
    "unauthorized": ("需要令牌", "a bearer token is required"),
    "room_not_found": ("没有这个房间", "no such room"),
    "game_not_found": ("没有这个游戏", "no such game"),
    "howto_not_found": ("这个游戏没有玩法说明", "this game has no how-to-play guide"),
    "player_not_found": ("没有这个玩家", "no such player"),
    "not_subscribed": ("你没有进入这个房间", "you are not watching this room"),
    "too_many_rooms": ("同时观看的房间太多", "watching too many rooms"),
    "not_seated": ("你没有座位", "you have no seat in this room"),
    "unknown_phrase": ("没有这句快捷语", "no such quick phrase"),
    "not_playing": ("现在不在牌局中", "no deal is in progress"),
    "no_choice": ("现在没有轮到你选", "you have nothing to choose now"),
    "not_between": ("现在不在两局之间", "not between deals"),
    "stale": ("状态已更新，请按最新局面出牌",
              "the table has moved on: choose again on the latest state"),
    "bad_action": ("看不懂这个动作", "the action does not parse"),
    "rules_invalid": ("规则设置不对", "invalid rules"),
    "bad_settings": ("房间设置不对", "invalid room settings"),
    "bad_idempotency_key": ("请求标识不对", "invalid Idempotency-Key"),
    "mid_deal": ("牌局进行中，不能入座；本局结束后再坐", "a deal is under way: sit down after it"),
    "seat_held": ("这个座位为离座的玩家保留到本局结束",
                  "this seat is kept for the player who left it until the deal ends"),
    "bad_nickname": ("昵称不对", "invalid nickname"),
    "seat_out_of_range": ("没有这个座位", "no such seat"),
    "seat_taken": ("座位已被占用", "that seat is taken"),
    "already_seated": ("你已经有座位了", "you already have a seat here"),
    "not_owner": ("只有房主可以这样做", "only the room owner may do that"),
    "no_seat_change": ("一场打完之前不能换座", "seats change only before a match or after it"),
    "not_at_table": ("房主只能转给坐在桌上的玩家", "the room can go only to a player seated at it"),
    "already_owner": ("这位玩家已经是房主了", "that player owns the room already"),
    "mid_match": ("这一场还没打完，不能解散房间", "the match is not over: the room cannot be "
                                          "closed now"),
    "wrong_status": ("房间状态不对", "the room is not in the right state for that"),
    "nonce_taken": ("这一局你座位的随机数已经收到了（另一个窗口先发的）",
                    "this seat's randomness for the deal is already in (another window sent it)"),
    "nonce_late": ("现在没有在洗牌，这个随机数没有用上",
                   "no shuffle is waiting: this randomness came too late"),
    "seats_empty": ("还有空座位", "some seats are still empty"),
    "unknown_bot": ("没有这个机器人", "no such bot"),
    "bad_code": ("房间码不对", "no room has that code"),
    "sent_away": ("房主请你离开了这个房间", "the room's owner asked you to leave this room"),
    "not_watching": ("这个人没有在观战", "that person does not watch this room without a seat"),
    "closed_room": ("这个房间已经关了（房主解散了它，或者很久没人用）：打过的牌局在「我的牌局」里",
                    "that room is closed (its owner closed it, or it stood idle): the games "
                    "played are in My games"),
    "replay_not_found": ("没有这局记录，或者这是私人房间的牌局：请同桌的玩家发「分享链接」给你",
                         "no such game record, or it is a private room's game: ask one of its "
                         "players for a share link"),
    "replay_not_finished": ("这局还没结束", "the game is not over yet"),
    # the detail says what the request may name (a review takes one seat, not 'all': a
    # play-test read 'all' offered and then refused)
    "bad_seat": ("没有这个座位", "no such seat"),
    "bad_level": ("没有这个机器人水平", "no such bot level"),
    "review_not_found": ("没有这个复盘", "no such review"),
    "review_busy": ("复盘排队的太多，请稍候", "too many reviews are queued: try again shortly"),
    "drill_not_found": ("没有这个练习", "no such drill"),
    "drill_finished": ("这个练习已经做完了", "the drill is over"),
    "bad_answer": ("要报一个 0 到 30 的整数", "expected a whole number of 钱, 0 to 30"),
    "not_found": ("没有这个地址", "not found"),
    "room_moved": ("房间正在换服务器，请稍候重连", "the room moved to another worker: reconnect"),
    "bad_request": ("请求不对", "bad request"),
    "storage_unavailable": ("服务器存储暂时不可用，请稍候",
                            "storage is unavailable for now: nothing was changed, "
                            "try again shortly"),
    "bus_unavailable": ("服务器内部的消息服务暂时连不上，这次操作没有生效，请稍后再试",
                        "the server cannot reach Redis for a moment: nothing was changed, "
                        "try again"),
    "internal_error": ("服务器出错了，这次操作没有生效", "internal error: nothing was changed"),
    "room_limit": ("你开的房间太多了", "you have too many open rooms"),
    "too_many_connections": ("连接太多", "too many connections"),
}


class ServerError(Exception):
    """A refused request. ``detail`` (may name the culprit) follows the message: an
    English text, or an engine's :class:`Msg` (a notation or rules error) that has its own
    wording per language. ``params``: values for programs (a stale move's counters), in
    the message's params but not in its words (a player read "expected counter
    4294967297, got 11")."""

    def __init__(self, code: str, detail: str | Msg | None = None, status: int = 400,
                 params: Mapping[str, Any] | None = None) -> None:
        zh, en = MESSAGES.get(code, (code, code))
        base = Msg(code, zh, en, params or {})
        self.code = code
        self.status = status
        self.msg = _with_detail(base, detail)
        self.message = f"{base}: {detail}" if detail else str(base)
        super().__init__(f"{code}: {self.message}")

    def to_json(self) -> dict[str, Any]:
        return {"code": self.code, "message": self.message, "msg": self.msg.to_json()}


def _with_detail(base: Msg, detail: str | Msg | None) -> Msg:
    """``base`` followed by ``detail``. An English-only text detail goes into the English
    wording (and ``params["detail"]``) only, so the Chinese one stays all Chinese."""
    if isinstance(detail, Msg):
        return base.with_detail(detail)
    if not detail:
        return base
    return Msg(base.code, base.zh, f"{base.en}: {detail}", {**base.params, "detail": detail})


def not_found(code: str, detail: str | None = None) -> ServerError:
    return ServerError(code, detail, status=404)


def forbidden(code: str, detail: str | None = None) -> ServerError:
    return ServerError(code, detail, status=403)


def conflict(code: str, detail: str | None = None,
             params: Mapping[str, Any] | None = None) -> ServerError:
    return ServerError(code, detail, status=409, params=params)


# a \\uD800–\\uDFFF escape: the only way a lone surrogate gets into a parsed string
_SURROGATE_ESCAPE = re.compile(r"\\u[dD][89a-fA-F]")


def json_object(text: str | bytes) -> dict[str, Any]:
    """A JSON object from a client (REST body or WebSocket message), else ``bad_json``:
    not JSON, not an object, an integer longer than Python converts (4,300 digits), or a
    string holding a lone surrogate (it could never be sent back or stored as UTF-8)."""
    try:
        data = json.loads(text)
    except (json.JSONDecodeError, UnicodeDecodeError, RecursionError):
        raise ServerError("bad_json") from None
    except ValueError as exc:  # int(): "Exceeds the limit (4300 digits) …"
        raise ServerError("bad_json", str(exc).split(";")[0]) from None
    if not isinstance(data, dict):
        raise ServerError("bad_json", f"expected an object, got {type(data).__name__}")
    if _SURROGATE_ESCAPE.search(text if isinstance(text, str) else text.decode("utf-8", "replace")):
        _no_lone_surrogates(data)
    return data


def _no_lone_surrogates(data: Any) -> None:
    try:
        json.dumps(data, ensure_ascii=False).encode("utf-8")
    except UnicodeEncodeError:
        raise ServerError("bad_json", "a string holds a lone surrogate") from None
