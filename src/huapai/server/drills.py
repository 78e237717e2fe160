"""钵福's 报数 practice drill over REST (issue 11 §2): the server asks and checks.

The questions and the arithmetic are :mod:`huapai.games.xiushan.drill`'s; this module
keeps the live drills in memory (at most :data:`MAX_DRILLS` for the server and
:data:`PER_PLAYER` per player, the oldest dropped) and serves them to their owner only.
A question never carries its answer: the value comes back after the learner answers.
"""

from __future__ import annotations

import secrets
from collections import OrderedDict
from dataclasses import dataclass, field
from typing import Any

from fastapi import APIRouter, Request

from huapai.games.xiushan.drill import Drill, DrillItem, DrillStep, beads
from huapai.games.xiushan.rules import BOFU

from .api import body_of, player_of
from .errors import ServerError, not_found

router = APIRouter(prefix="/api")
MAX_DRILLS = 256
PER_PLAYER = 4
MAX_COUNT = 50
DEFAULT_COUNT = 10
MAX_VALUE = 30
MAX_SEED = 2**63 - 1


@dataclass(slots=True)
class LiveDrill:
    """One learner's run: the drill, the question waiting for an answer, the tally."""

    id: str
    owner: str
    count: int
    drill: Drill
    item: DrillItem | None = None
    answered: int = 0
    skipped: int = 0
    steps: list[dict[str, Any]] = field(default_factory=list)

    @property
    def finished(self) -> bool:
        return self.answered >= self.count

    def ask(self) -> None:
        self.item = None if self.finished else self.drill.question()

    def answer(self, said: int | None) -> DrillStep:
        assert self.item is not None
        step = self.drill.answer(self.item, said)
        self.answered += 1
        self.skipped += said is None
        self.ask()
        return step

    def to_json(self) -> dict[str, Any]:
        wrong = self.answered - self.drill.right - self.skipped
        return {"id": self.id, "count": self.count, "answered": self.answered,
                "right": self.drill.right, "wrong": wrong, "skipped": self.skipped,
                "baozi": self.drill.bo.seats[0].baozi, "finished": self.finished,
                "abacus": beads(self.drill.abacus, hat_at=BOFU.hat_at).to_json(),
                "question": None if self.item is None else _question(self.item)}


def _question(item: DrillItem) -> dict[str, Any]:
    """The question as a client draws it — the group and the 将, never the answer."""
    return {**item.to_json(), "tokens": list(item.to_json()["cards"])}


class DrillStore:
    """The live drills, oldest first; creating one past a bound drops the oldest."""

    def __init__(self, most: int = MAX_DRILLS, per_player: int = PER_PLAYER) -> None:
        self.most = most
        self.per_player = per_player
        self.drills: OrderedDict[str, LiveDrill] = OrderedDict()

    def new(self, owner: str, seed: int | None, count: int) -> LiveDrill:
        mine = [d.id for d in self.drills.values() if d.owner == owner]
        for old in mine[: max(0, len(mine) - self.per_player + 1)]:
            del self.drills[old]
        while len(self.drills) >= self.most:
            self.drills.popitem(last=False)
        live = LiveDrill(secrets.token_urlsafe(9), owner, count, Drill(BOFU, seed))
        live.ask()
        self.drills[live.id] = live
        return live

    def find(self, drill_id: str, owner: str) -> LiveDrill:
        live = self.drills.get(drill_id)
        if live is None or live.owner != owner:
            raise not_found("drill_not_found")
        return live


def store_of(request: Request) -> DrillStore:
    store: DrillStore = request.app.state.drills
    return store


def _whole(body: dict[str, Any], name: str, low: int, high: int, default: int | None,
           code: str = "bad_message") -> int | None:
    """``body[name]``: a whole number low..high (absent or null: ``default``)."""
    value = body.get(name)
    if value is None:
        return default
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise ServerError(code, f"{name}: expected a whole number {low}..{high}, "
                                f"got {str(value)[:20]!r}")
    return value


@router.post("/drill", status_code=201)
async def new_drill(request: Request) -> dict[str, Any]:
    """A new 报数 drill: ``{"seed"?, "count"? (1..50, default 10)}`` → its first question."""
    player = await player_of(request)
    body = await body_of(request)
    seed = _whole(body, "seed", 0, MAX_SEED, None)
    count = _whole(body, "count", 1, MAX_COUNT, DEFAULT_COUNT)
    assert count is not None
    return {"drill": store_of(request).new(player.id, seed, count).to_json()}


@router.post("/drill/{drill_id}/answer")
async def answer_drill(request: Request, drill_id: str) -> dict[str, Any]:
    """``{"value": n}`` (0..30) or ``{"value": null}`` (不报子) for the waiting question."""
    player = await player_of(request)
    body = await body_of(request)
    live = store_of(request).find(drill_id[:64], player.id)
    if "value" not in body:
        raise ServerError("bad_answer", "value: expected a whole number 0..30 or null")
    said = _whole(body, "value", 0, MAX_VALUE, None, code="bad_answer")
    if live.finished:
        raise ServerError("drill_finished")
    step = live.answer(said)
    result = {"said": step.said, "correct": step.correct, "answer": step.item.answer,
              "outcome": step.event.kind, "before": step.event.before,
              "after": step.event.after, "group": step.item.to_json(),
              "reason": step.item.reason()}
    return {"result": result, "drill": live.to_json()}
