"""The arena's unit of work: one deal, played once per seat arrangement of the bots.

Everything a worker needs travels as plain data (:class:`Setup`: the game's name, its
rules as a dict, the bot specs as text, the seed), so the same function runs in this
process, in a :class:`~concurrent.futures.ProcessPoolExecutor` worker or on a Ray node,
and gives the same result for the same deal index wherever it runs.

Deal ``i`` is a one-deal :class:`~huapai.core.match.Match` seeded with
``derive_seed(seed, "arena", i)``: the same cards and the same first dealer (the game's
own ritual, 扳牌 for 掀牛) for every arrangement. The bot at seat ``s`` of arrangement
``a`` is seeded with ``derive_seed(seed, "bot", i, a, s)``. With ``Setup.record`` each
arrangement keeps its deal record, its header naming the bot at each seat.

Each seat scores the deal's money (``score="money"``, its settlement's delta) or
``game.worth`` (``score="worth"``: the same but under 钵福, whose money moves only at
得一钵, and whose worth adds the standing on each 算盘).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import cached_property
from itertools import permutations
from typing import Any

from huapai.bots.levels import BotSpec, parse_spec
from huapai.cli_support.render import RenderContext, renderer_for
from huapai.core.match import Match
from huapai.core.protocol import Game
from huapai.core.registry import get_game
from huapai.core.rng import derive_seed

Facts = Mapping[str, Sequence[bool | None]]


def arrangements(entrants: Sequence[int]) -> list[tuple[int, ...]]:
    """Every distinct order of ``entrants`` over the seats, sorted (3 distinct bots over
    3 seats: 6; ``a, b, b``: 3)."""
    return sorted(set(permutations(entrants)))


@dataclass(frozen=True)
class Setup:
    """One arena run as plain data: what every worker rebuilds its table from (only the
    fields travel; the game, rules and bots are rebuilt on first use)."""

    game_name: str
    rules: Mapping[str, Any]
    specs: tuple[str, ...]
    seed: int
    score: str = "money"
    #: keep each arrangement's deal record (``huapai arena --record``)
    record: bool = False

    def __getstate__(self) -> dict[str, Any]:
        return {k: self.__dict__[k]
                for k in ("game_name", "rules", "specs", "seed", "score", "record")}

    def __setstate__(self, state: dict[str, Any]) -> None:
        self.__dict__.update(state)

    @cached_property
    def game(self) -> Game[Any, Any]:
        return get_game(self.game_name)

    @cached_property
    def parsed_rules(self) -> Any:
        return self.game.rules_from_dict(self.rules)

    @cached_property
    def bots(self) -> tuple[BotSpec, ...]:
        return tuple(parse_spec(s, self.game, rollouts=True) for s in self.specs)

    @cached_property
    def entrants(self) -> tuple[str, ...]:
        """The distinct bots, in the order first named."""
        return tuple(dict.fromkeys(str(b) for b in self.bots))

    @cached_property
    def seating(self) -> list[tuple[int, ...]]:
        """Per arrangement, the entrant index at each seat."""
        return arrangements([self.entrants.index(str(b)) for b in self.bots])


@dataclass(frozen=True, slots=True)
class Played:
    """One arrangement of one deal: who sat where and what each seat got."""

    seating: tuple[int, ...]
    deltas: tuple[float, ...]
    facts: Facts
    decisions: int
    #: the deal's record lines (header, actions, end) when the setup keeps them
    record: tuple[dict[str, Any], ...] = ()


@dataclass(frozen=True, slots=True)
class DealResult:
    index: int
    played: tuple[Played, ...]


def deal_seed(seed: int, index: int) -> int:
    return derive_seed(seed, "arena", index)


def run_deal(setup: Setup, index: int) -> DealResult:
    """Deal ``index`` once per arrangement (see the module)."""
    return DealResult(index, tuple(_play(setup, index, a, seating)
                                   for a, seating in enumerate(setup.seating)))


def run_chunk(setup: Setup, indexes: Sequence[int]) -> list[DealResult]:
    return [run_deal(setup, i) for i in indexes]


def _play(setup: Setup, index: int, arrangement: int, seating: tuple[int, ...]) -> Played:
    game, rules = setup.game, setup.parsed_rules
    by_seat = [setup.bots[_first_bot(setup, e)] for e in seating]
    agents = [spec.make(game, rules, seat, derive_seed(setup.seed, "bot", index, arrangement,
                                                       seat))
              for seat, spec in enumerate(by_seat)]
    match = Match(game, rules, 1, deal_seed(setup.seed, index))
    deal = match.start_deal()
    deal.play_out(agents)
    settlement = match.finish_deal()
    ctx = RenderContext(game, rules, "en")
    facts = renderer_for(game).deal_facts(game.observe(deal.state, None), ctx).per_seat
    scores = game.worth(deal.state) if setup.score == "worth" else settlement.deltas
    lines: tuple[dict[str, Any], ...] = ()
    if setup.record:  # its header names the bot at each seat (as a play match header does)
        deal.record.players = [str(b) for b in by_seat]
        lines = tuple(deal.record.lines())
    return Played(seating, tuple(scores), dict(facts), len(deal.record.actions), lines)


def _first_bot(setup: Setup, entrant: int) -> int:
    name = setup.entrants[entrant]
    return next(i for i, b in enumerate(setup.bots) if str(b) == name)
