"""What a room tells its watchers: the room summary, the per-viewer ``state`` message
(assembled from parts the feed keeps encoded) and the ``deal_end`` message."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from huapai.core.protocol import Game
from huapai.core.record import replay_deal

from .botplay import SEARCH, bot_choices, has_windows, search_pace
from .hub import Message, Viewer, dumps, event_json, marked_to, stood_in, told
from .rulefiles import shown
from .seats import BETWEEN, FINISHED, LiveDeal, match_deals

if TYPE_CHECKING:
    from .rooms import Room


def summary(room: Room) -> dict[str, Any]:
    deal = room.deal
    rules, choices = _fixed(room.game, room.rules)
    rules = shown(room.game, rules)  # a file-naming option by its name, not the folder
    watchers = room.hub.watcher_list(room.id)
    return {
        "id": room.id, "game": room.game.name, "title": room.game.title,
        "preset": room.preset, "rules": rules,
        **room.settings.to_json(), "code": room.code, "owner": room.owner,
        # the owner has no window on the room: a seated player may act as the owner (and
        # becomes it), or a room whose host left stayed stuck
        "owner_here": room.owner_here(),
        # the owner a seated player took the room over from while they were away, and the
        # nickname of who took it (they may have left the table since)
        "owner_before": room.taken_from,
        "owner_nickname": room.owner_nickname,
        "status": room.status, "match": room.match_no,
        "created": round(room.created_at),  # epoch seconds: two alike rooms differ by it
        "deal": None if deal is None else deal.index, "dealer": room.dealer,
        "seats": [s.to_json() for s in room.seats], "totals": room.totals(),
        "left": _left(room),
        "dealt": _dealt(room),
        # people watching without a seat (the players could not tell anyone watched)
        "spectators": len(watchers),
        "watchers": watchers,
        "commitment": None if deal is None else deal.commitment,
        "bot_choices": list(choices),
        # how long each search level takes over every move here (its pace): the picker says it
        "bot_paces": _paces(room, choices, window=False),
        # and over its answers in a claim window, where the family has them
        "bot_window_paces": _paces(room, choices, window=True) if has_windows(room.game) else {},
    }


def _dealt(room: Room) -> list[dict[str, str | None]] | None:
    """Between deals and after the match, who sat each seat when the deal on the table was
    dealt (``{"bot": spec}`` for a bot) — where somebody else sits there now (换座, a
    latecomer): the deal showed the seat's new occupant as its player ("大刘 对 1" of a deal
    大刘 never played, a play-test). None while a deal is played, or when every seat is as
    dealt."""
    if room.status not in (BETWEEN, FINISHED) or not room.deal_seats:
        return None
    dealt = room.deal_seats[-1]
    now = [s.player for s in room.seats]
    if all((d[0] if d else None) == p for d, p in zip(dealt, now, strict=True)):
        return None
    bots = room.dealt_bots
    return [{"bot": bots[i] if i < len(bots) else None} if d is None
            else {"id": d[0], "nickname": d[1]} for i, d in enumerate(dealt)]


def _paces(room: Room, choices: tuple[str, ...], window: bool) -> dict[str, float]:
    return {c: search_pace(room.game, c, room.settings.bot_delay, room.services.search_pace,
                           window) for c in choices if c.startswith(f"{SEARCH}:")}


_FIXED: dict[tuple[str, Any], tuple[dict[str, Any], tuple[str, ...]]] = {}


def _fixed(game: Game[Any, Any], rules: Any) -> tuple[dict[str, Any], tuple[str, ...]]:
    """The parts of a room's summary that its rules fix (its rules as a dict, the bots
    one may seat): worked out once per game and rules (rules are frozen), not at every
    summary; each summary gets its own copy of the dict."""
    try:
        key = (game.name, rules)
        found = _FIXED.get(key)
    except TypeError:  # rules that cannot be hashed: worked out each time
        return game.rules_to_dict(rules), tuple(bot_choices(game, rules))
    if found is None:
        if len(_FIXED) >= 1024:
            _FIXED.clear()
        found = _FIXED[key] = (game.rules_to_dict(rules), tuple(bot_choices(game, rules)))
    return dict(found[0]), found[1]


LISTED = ("id", "game", "title", "preset", "deals", "multiplier", "turn_clock", "answer_pause",
          "answer_deadline", "owner", "owner_here", "status", "match", "deal", "spectators",
          "created")


def listing(room: Room) -> dict[str, Any]:
    """A lobby row: the summary without the rules, totals and commitment."""
    full = summary(room)
    seats = [{"seat": s["seat"], "player": s["player"], "bot": s["bot"], "online": s["online"]}
             for s in full["seats"]]
    return {**{key: full[key] for key in LISTED}, "seats": seats}


def history_text(room: Room, viewer: Viewer) -> str:
    """The deal's events so far as ``viewer`` saw them, as a JSON list: a window opened
    mid-deal (a reload, another tab, the way back after a restart) logs the deal from its
    start (the first deal of a match: from the match's 扳牌). Rebuilt from the deal's
    record as a replay is (the live room keeps no events), each event as
    ``Event.for_viewer`` gives it to that viewer, a move 托管 made marked as it was live
    (``hub.stood_in``: a reload lost every mark, a play-test)."""
    live = room.deal
    if live is None:
        return "[]"
    replayed = replay_deal(live.deal.record, room.game)
    match = room.match  # the first deal: the match's 扳牌 came before its own opening
    before = list(match.opening) if match is not None and live.index == 0 else []
    events = [*before, *replayed.opening, *(e for step in replayed.steps for e in step.events)]
    marked = {id(m): step.by for step in replayed.steps
              if (m := stood_in(step.events, step.seat,
                                marked_to(step.by, step.seat, viewer))) is not None}
    return dumps([event_json(e, viewer, e if id(e) in marked else None, marked.get(id(e)))
                  for e in events if told(e, viewer)])


def state_text(room: Room, viewer: Viewer, events: list[str], history: bool = False) -> str:
    """The ``state`` message for ``viewer`` as JSON text, assembled from parts kept
    encoded (the view, the legal actions, the events: never re-encoded per
    connection); ``history``: with the deal's events so far (on subscribe and sync)."""
    feed, deal = room.feed, room.deal
    clocks = room.turns.clocks_for(viewer)
    tuoguan = [s.index for s in room.seats if s.tuoguan is not None]
    # the action the server makes for this seat after its fixed pause (Game.automatic)
    auto = None if viewer is None else room.turns.automatic(viewer)
    shown = room.shown_as(viewer)  # a seat's later occupant: the over deal as a spectator
    if shown != viewer:
        feed.refresh(shown)
    past = f'"history":{history_text(room, shown)},' if history else ""
    return (f'{{"type":"state","room":{dumps(room.id)},'
            f'"seat":{"null" if viewer is None else viewer},'
            f'"counter":{feed.counter(viewer)},"match":{room.match_no},'
            f'{_deal_json(deal)},{feed.legal_json[shown]},'
            f'"events":[{",".join(events) if shown == viewer else ""}],{past}'
            f'"clocks":{dumps(clocks) if clocks else "[]"},'
            f'"tuoguan":{dumps(tuoguan) if tuoguan else "[]"},'
            f'"automatic":{"null" if auto is None else auto},'
            f'"commitment":{dumps(None if deal is None else deal.commitment)},'
            f'"view":{feed.view_text(shown)}}}')


def _left(room: Room) -> list[dict[str, Any]]:
    """The people who played deals of this match in a seat they no longer hold, with those
    deals' points (a seat's total goes to whoever holds it at the end: a player who left
    after deal 1 saw their −5 under the bot that took the seat — a play-test)."""
    out: dict[tuple[int, str], dict[str, Any]] = {}
    for sat, paid in zip(room.deal_seats, match_deals(room.match, room.settings.multiplier),
                         strict=False):
        for index, who in enumerate(sat):
            if who is None or index >= len(room.seats) or who[0] == room.seats[index].player:
                continue
            entry = out.setdefault((index, who[0]), {
                "seat": index, "player": {"id": who[0], "nickname": who[1]},
                "deals": 0, "points": 0})
            entry["deals"] += 1
            entry["points"] += paid[index]
    return list(out.values())


def _deal_json(deal: LiveDeal | None) -> str:
    if deal is None:
        return '"deal":null,"game_id":null'
    return f'"deal":{deal.index},"game_id":{dumps(deal.game_id)}'


def deal_end(room: Room, deal: LiveDeal, settlement: dict[str, Any], last: bool) -> Message:
    pause = room.turns.next_wait()  # nobody to wait for (bots, 托管): sooner than that
    longest = room.services.between_deals
    wait = None if last else int((longest if pause is None else min(pause, longest)) * 1000)
    scaled = match_deals(room.match, room.settings.multiplier)[-1]
    return {"type": "deal_end", "room": room.id, "match": room.match_no,
            "deal": deal.index, "game_id": deal.game_id, "settlement": settlement,
            "scaled": scaled, "totals": room.totals(), "seed": deal.seed,
            "commitment": deal.commitment, "next_deal_in_ms": wait,
            **(deal.shuffle.to_json() if deal.shuffle is not None else {})}
