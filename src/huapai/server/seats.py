"""The plain values a room is made of: its services, seats, the live deal and the score."""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from huapai.bots.registry import house_bot as family_house_bot
from huapai.core.match import Match
from huapai.core.protocol import Game
from huapai.core.session import Deal

from .fairness import SeedSource
from .hub import Hub
from .leases import Leases
from .writer import Writer

WAITING, PLAYING, BETWEEN, FINISHED = "waiting", "playing", "between", "finished"


def house_bot(game: Game[Any, Any]) -> str:
    """The bot that plays 托管 and vacant seats: the family's declared house bot."""
    return family_house_bot(game.name)


def stand_in_rules(rules: Any) -> Any:
    """The rules a person's stand-in (托管, 提示) plays by: without the bots' deliberate
    mistakes (钵福 报数 practice's ``bot_errors``: 托管 said wrong 报子 for a person, who
    paid 吃包子 for them — a club-night play-test)."""
    if getattr(rules, "bot_errors", 0) and dataclasses.is_dataclass(rules):
        return dataclasses.replace(rules, bot_errors=0)  # type: ignore[type-var]
    return rules


@dataclass(slots=True)
class RoomServices:
    hub: Hub
    writer: Writer
    source: SeedSource
    between_deals: float
    retry_after: float = 1.0  # a bot's move or a deal's start that storage refused
    # the pause before a person's only, uninformative choice is made for them
    # (Game.automatic: 请统 with nothing to 紮), the same for every seat
    auto_answer: float = 1.0
    # how long after it is asked a search bot answers, forced or not (huapai.bots.pace);
    # None: its level's time
    search_pace: float | None = None
    # seconds added to a turn clock restored after a restart (the downtime is not charged)
    clock_grace: float = 5.0
    # how long a deal waits for the seated players' nonces (shuffle.py); 0: not at all
    nonce_window: float = 1.5
    # how long an owner is away (no window on the room) before a seated player may act for
    # them (Room.owner_here)
    owner_grace: float = 60.0
    # several workers: this worker's room leases (every write carries the fence); None
    # for the embedded single process
    leases: Leases | None = None


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
    # the player's turn clock ran out on their last decision, the house bot making that
    # one move; another in a row puts the seat on 托管 (one slow answer did: a play-test)
    missed: bool = False
    # the moves 托管 has made for the player since it last went on: said when the player
    # takes the seat back (``tuoguan_back``; memory only), and the deals they were in
    # ((match, deal): a drop's count ran on into the next deals, said as one number)
    stood_in: int = 0
    stood_deals: set[tuple[int, int]] = field(default_factory=set)

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
class Shuffle:
    """The parts of a deal's seed (fairness.py): the server's committed seed, each seat's
    nonce (None: it sent none in the window) and, for a match's first deal, the server
    seed of its 扳牌 (first-dealer draw) with its commitment."""

    server_seed: int
    nonces: list[str | None]
    banpai_server_seed: int | None = None
    banpai_commitment: str | None = None

    def to_json(self) -> dict[str, Any]:
        return {"server_seed": self.server_seed, "nonces": self.nonces,
                "banpai_server_seed": self.banpai_server_seed,
                "banpai_commitment": self.banpai_commitment}


@dataclass(slots=True)
class LiveDeal:
    """The deal a room plays: the match driver's :class:`Deal` and its stored identity."""

    game_id: str
    index: int
    seed: int
    commitment: str
    deal: Deal
    shuffle: Shuffle | None = None  # None for a game from before nonces

    @property
    def state(self) -> Any:
        return self.deal.state

    @property
    def dealer(self) -> int:
        return self.deal.record.dealer

    @property
    def actions(self) -> int:
        return len(self.deal.record.actions)


def scaled(deltas: Sequence[int], multiplier: int) -> list[int]:
    return [d * multiplier for d in deltas]


def match_totals(match: Match | None, seats: int, multiplier: int) -> list[int]:
    return [0] * seats if match is None else scaled(match.totals, multiplier)


def match_deals(match: Match | None, multiplier: int) -> list[list[int]]:
    return [] if match is None else [scaled(s.deltas, multiplier) for s in match.settlements]
