"""Finished games step by step, from one seat's view or with every hand open, and their
records in the core record format (with the fair-shuffle commitment in the header)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from sqlalchemy import Engine, select
from sqlalchemy.orm import Session

from huapai.core.present import Msg
from huapai.core.protocol import Event, Game
from huapai.core.record import STAND_INS, ActionEntry, DealRecord, dumps, replay_deal

from . import rulefiles
from .errors import ServerError, conflict, not_found
from .fairness import VerifyReport
from .hub import seen_by, stood_in, with_mark
from .rulefiles import shown
from .seats import scaled
from .store import ActionRow, GameRow

ALL = "all"


def require_finished(found: tuple[GameRow, list[ActionRow]] | None
                     ) -> tuple[GameRow, list[ActionRow]]:
    if found is None:
        raise not_found("replay_not_found")
    if found[0].status != "finished":
        raise conflict("replay_not_finished")
    return found


def parse_viewer(value: str | None, seats: int) -> int | str:
    if value is None or value == ALL:
        return ALL
    if value.isascii() and value.isdigit() and len(value) <= 3 and int(value) < seats:
        return int(value)
    raise ServerError("bad_seat", Msg.of(
        "view_seat", "看 0..{last} 中的一个座位，或者 all（全部明牌），不是 {got!r}",
        "view one of the seats 0..{last} or 'all' (every hand open), not {got!r}",
        last=seats - 1, got=value[:20]))


def verify_json(row: GameRow, report: VerifyReport) -> dict[str, Any]:
    """``/api/verify``'s answer: ``ok``, the game's ``commitment`` and revealed ``seed``,
    every ``problem`` found, and the per-deal checks (one deal per game)."""
    problems = [p.en for p in (*report.problems, *(p for d in report.deals for p in d.problems))]
    deals = report.to_json()["deals"]
    nonces = row.nonces
    return {"ok": report.ok, "game_id": row.id, "commitment": row.commitment,
            "seed": row.seed, "server_seed": row.server_seed, "nonces": nonces,
            "contributed": None if nonces is None else [i for i, n in enumerate(nonces) if n],
            "banpai_server_seed": row.banpai_server_seed,
            "banpai_commitment": row.banpai_commitment, "problems": problems, "deals": deals}


def summary(row: GameRow) -> dict[str, Any]:
    settlement = row.settlement or {}
    return {
        "id": row.id, "room": row.room_id, "match": row.match_no, "deal": row.deal_index,
        "game": row.game, "preset": row.preset, "players": _players(row),
        "deltas": settlement.get("deltas"), "multiplier": row.multiplier,
        "finished_at": row.finished_at,
    }


def match_totals(engine: Engine, row: GameRow) -> list[int] | None:
    """The match's totals by seat after this deal (each deal's deltas × its 倍数, as the
    room's 总分 said), or None when a deal before it is not stored finished (runs in a
    worker thread). A replay's settlement showed only the deal's own column."""
    query = select(GameRow.settlement, GameRow.multiplier).where(
        GameRow.room_id == row.room_id, GameRow.match_no == row.match_no,
        GameRow.deal_index <= row.deal_index, GameRow.status == "finished")
    with Session(engine) as session:
        deals = session.execute(query).all()
    totals = [0] * len(row.seats)
    for settlement, multiplier in deals:
        deltas = (settlement or {}).get("deltas")
        if not isinstance(deltas, list) or len(deltas) != len(totals):
            return None
        totals = [t + d for t, d in zip(totals, scaled(deltas, multiplier), strict=True)]
    return totals if len(deals) == row.deal_index + 1 else None


def _players(row: GameRow) -> list[dict[str, Any]]:
    # the player's id too: a replay names the reader's own seat 你, as the table did
    return [{"seat": i, "nickname": s.get("nickname"), "bot": s.get("bot"),
             "player": s.get("player")} for i, s in enumerate(row.seats)]


def deal_record(row: GameRow, actions: Sequence[ActionRow]) -> DealRecord:
    """A stored game as a core deal record (its end line once it is finished)."""
    rulefiles.recover(row.rules)  # a club table's kept copy, if this machine lost it
    settlement = row.settlement
    end = None if settlement is None else {"deltas": settlement.get("deltas"),
                                           "settlement": settlement}
    return DealRecord(game=row.game, rules=dict(row.rules), dealer=row.dealer, deal=row.deal,
                      seed=row.seed, actions=[ActionEntry(a.seat, a.action, _stand_in(a.actor))
                                                  for a in actions],
                      end=end, carry=row.carry, preset=row.preset)


def _stand_in(actor: str) -> str | None:
    """A stored actor as a record's ``by``: 托管 or the house, else none (the player or
    the seat's bot chose it)."""
    return actor if actor in STAND_INS else None


def replay(row: GameRow, actions: Sequence[ActionRow], viewer: int | str) -> dict[str, Any]:
    """Every step of a finished game as ``viewer`` may see it (``"all"``: all open)."""
    replayed = replay_deal(deal_record(row, actions))
    game = replayed.game
    initial, initial_events = _seen(game, replayed.initial, viewer, replayed.opening)
    steps = []
    for step, entry in zip(replayed.steps, actions, strict=True):
        view, seen = _seen(game, step.state, viewer, step.events,
                           stood_in(step.events, step.seat, step.by in ("tuoguan", "deadline")),
                           step.by)
        steps.append({"index": step.index, "seat": step.seat, "action": step.text,
                      "label": game.describe_action(replayed.rules, step.action)
                      .label.to_json(),
                      "actor": entry.actor, "events": seen, "view": view})
    rules = shown(game, row.rules)  # a club's 名堂表 by its name, not the operator's folder
    return {**summary(row), "rules": rules, "dealer": row.dealer, "seed": row.seed,
            "commitment": row.commitment, **shuffle_parts(row), "viewer": viewer,
            "initial": initial, "initial_events": initial_events, "steps": steps,
            "settlement": row.settlement}


def _seen(game: Game[Any, Any], state: Any, viewer: int | str, events: Sequence[Event],
          marked: Event | None = None,
          by: str | None = None) -> tuple[Any, list[dict[str, Any]]]:
    if viewer == ALL:  # only ever called for finished games (require_finished)
        return dict(game.omniscient(state)), [with_mark(e.to_json(), e is marked, by)
                                              for e in events]
    assert isinstance(viewer, int)
    view, seen = seen_by(game, state, viewer, events, marked, by)
    return dict(view), seen


def record_text(row: GameRow, actions: Sequence[ActionRow]) -> str:
    """The game as a core record (JSON lines); the header adds ``commitment``."""
    record = deal_record(row, actions)
    if record.end is None:
        record.end = {"deltas": None, "settlement": {}}
    lines = list(record.lines())
    lines[0]["commitment"] = row.commitment
    lines[0].update(shuffle_parts(row))
    return dumps(lines)


def shuffle_parts(row: GameRow) -> dict[str, Any]:
    """The revealed parts of a finished game's seed (none for older games)."""
    if row.server_seed is None:
        return {}
    parts: dict[str, Any] = {"server_seed": row.server_seed, "nonces": row.nonces}
    if row.banpai_server_seed is not None:
        parts["banpai_server_seed"] = row.banpai_server_seed
        parts["banpai_commitment"] = row.banpai_commitment
    return parts
