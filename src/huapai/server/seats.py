"""The plain values a room is made of: its services, seats, the live deal and the score."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from huapai.bots.registry import bot_names
from huapai.core.protocol import Game

from .fairness import SeedSource
from .hub import Hub
from .store import Writer


def house_bot(game: Game[Any, Any]) -> str:
    """The bot that plays 托管 and vacant seats: ``heuristic`` where the game has one."""
    return "heuristic" if "heuristic" in bot_names(game.name) else "random"


@dataclass(slots=True)
class RoomServices:
    hub: Hub
    writer: Writer
    source: SeedSource
    between_deals: float


@dataclass(slots=True)
class Seat:
    index: int
    player: str | None = None
    nickname: str | None = None
    bot: str | None = None
    online: int = 0
    tuoguan: str | None = None  # why the house bot plays it: "clock", "drop" or "asked"
    ready: bool = False
    # (player id, nickname) of whoever left this seat mid-deal: the house bot plays it and
    # only that player may take it back until the deal ends (then the seat is free)
    held: tuple[str, str] | None = None

    @property
    def empty(self) -> bool:
        return self.player is None and self.bot is None

    def to_json(self) -> dict[str, Any]:
        player = None if self.player is None else {"id": self.player, "nickname": self.nickname}
        held = None if self.held is None else {"id": self.held[0], "nickname": self.held[1]}
        return {"seat": self.index, "player": player, "bot": self.bot,
                "online": self.online > 0, "tuoguan": self.tuoguan is not None,
                "ready": self.ready, "held": held}


@dataclass(slots=True)
class LiveDeal:
    game_id: str
    index: int
    seed: int
    commitment: str
    dealer: int
    state: Any
    actions: int = 0


@dataclass(slots=True)
class MatchScore:
    totals: list[int]
    deals: list[list[int]] = field(default_factory=list)
