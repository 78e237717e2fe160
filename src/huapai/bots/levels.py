"""Bot specs ``name[:level]`` and the search bot's levels (入门 / 普通 / 高手 / 大师).

A spec names a registered bot (:mod:`huapai.bots.registry`) and, for a bot that has
levels, one of them: ``search:高手``, ``search:expert`` (the ASCII aliases), ``heuristic``.
Where the caller allows it (``parse_spec(..., rollouts=True)``: the arena and the CLI's
``play`` / ``simulate``, not rooms), a third part gives the search's options, joined by
``+``: its rollout policy (:mod:`huapai.bots.rollout`) and how it deals its worlds
(:data:`WORLDS`): ``search:高手:heuristic`` is the search with the full
heuristic in its rollouts, ``search:普通:uniform`` the search on uniformly dealt worlds,
``search:普通:heuristic+uniform`` both.
A bot with levels has a *level factory* (``level -> BotFactory``) here rather than an
entry in the registry: the registry's bots answer ``act(observation, legal)`` and are
offered by the lobby, while a leveled bot (the search bot) needs ``act_state`` from a
driver that goes through :func:`huapai.core.session.decide` (the CLI's and the arena's
do; the server's rooms do not yet).
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from huapai.core.protocol import Game
from huapai.core.session import Agent

from .registry import BotFactory, UnknownBot, bot_names, make_bot
from .rollout import FAST, check_policy

LEVELS: tuple[str, ...] = ("入门", "普通", "高手", "大师")
ALIASES: dict[str, str] = {"beginner": "入门", "normal": "普通", "expert": "高手",
                           "master": "大师"}
DEFAULT_LEVEL = "普通"

LevelFactory = Callable[[str, str, str | None, bool], BotFactory]
"""``(level, rollout policy, world sampler or None for the family's, capped) -> factory``;
``capped``: with the level's wall-time cap where a person waits (rooms, ``huapai play``)."""

WORLDS: tuple[str, ...] = ("informed", "uniform")
"""How the search deals its worlds: ``informed`` uses the family's ``resample_informed``
(hands shaped by what the other seats' public moves say), ``uniform`` its ``resample``.
Unnamed, the family's default: ``informed`` where it has ``resample_informed``, unless
the game says ``informed_by_default = False`` (a sampler measured no better, kept for
A/B runs), else ``uniform``."""

_LEVELED: dict[str, str] = {"search": "huapai.bots.search:factory_for_level"}


class BadSpec(ValueError):
    """A bot spec that does not parse, or a level the bot does not have."""


def level_name(text: str) -> str:
    """The Chinese level name for ``text`` (a level or its ASCII alias)."""
    level = ALIASES.get(text.strip().lower(), text.strip())
    if level not in LEVELS:
        known = ", ".join(f"{z} ({a})" for a, z in ALIASES.items())
        raise BadSpec(f"unknown level {text!r}; known: {known}")
    return level


@dataclass(frozen=True, slots=True)
class BotSpec:
    """A bot by name, with its level for a bot that has levels (else None)."""

    name: str
    level: str | None = None
    rollout: str | None = None
    """The search's rollout policy when the spec names one (None: its default)."""
    worlds: str | None = None
    """How the search deals its worlds when the spec says (None: the family's default,
    :func:`default_worlds`)."""

    def __str__(self) -> str:
        text = self.name if self.level is None else f"{self.name}:{self.level}"
        options = [o for o in (self.rollout, self.worlds) if o is not None]
        return text if not options else f"{text}:{'+'.join(options)}"

    def factory(self, capped: bool = False) -> BotFactory | None:
        """The factory for this level (``capped``: with its wall-time cap), or None for a
        plain registered bot."""
        target = _LEVELED.get(self.name)
        if target is None:
            return None
        module, _, attr = target.partition(":")
        by_level: LevelFactory = getattr(importlib.import_module(module), attr)
        return by_level(self.level or DEFAULT_LEVEL, self.rollout or FAST, self.worlds, capped)

    def make(self, game: Game[Any, Any], rules: Any, seat: int, seed: int,
             capped: bool = False) -> Agent:
        """A fresh bot of this spec at ``seat`` (checked as :func:`make_bot` checks);
        ``capped``: a search bot with its level's wall-time cap, for a person waiting."""
        factory = self.factory(capped)
        if factory is None:
            return make_bot(self.name, game, rules, seat, seed)
        if not 0 <= seat < game.num_seats(rules):
            raise ValueError(f"seat {seat} is out of range for {game.num_seats(rules)} seats")
        return factory(game, rules, seat, seed)


def parse_spec(text: str, game: Game[Any, Any], *, rollouts: bool = False) -> BotSpec:
    """``name`` or ``name:level`` (or, with ``rollouts``, ``name:level:options``, the
    options joined by ``+``); the bot must be registered for ``game``."""
    name, sep, level = text.strip().partition(":")
    level, colon, options = level.partition(":")
    if colon:
        if not rollouts:
            raise BadSpec(f"search options ({text!r}) are for the arena and the command "
                          "line, not rooms; here give name[:level]")
        spec = parse_spec(f"{name}:{level}", game)
        if spec.level is None:
            raise BadSpec(f"bot {name!r} has no levels (got {text!r})")
        return _with_options(spec, options, game, text)
    name = name.strip()
    if not name:
        raise BadSpec(f"empty bot name in {text!r}")
    if name not in _LEVELED and name not in bot_names(game.name):
        known = ", ".join(sorted({*bot_names(game.name), *_LEVELED}))
        raise UnknownBot(f"unknown bot {name!r} for {game.name}; known: {known}")
    if not sep:
        return BotSpec(name, DEFAULT_LEVEL if name in _LEVELED else None)
    if name not in _LEVELED:
        raise BadSpec(f"bot {name!r} has no levels (got {text!r}); bots with levels: "
                      f"{', '.join(sorted(_LEVELED))}")
    return BotSpec(name, level_name(level))


def _with_options(spec: BotSpec, options: str, game: Game[Any, Any], text: str) -> BotSpec:
    """``spec`` with the ``+``-joined options of ``text``: at most one world sampler
    (:data:`WORLDS`) and one rollout policy."""
    rollout = worlds = None
    for option in (o.strip() for o in options.split("+")):
        if option in WORLDS:
            if option == "informed" and not hasattr(game, "resample_informed"):
                raise BadSpec(f"{game.name} has no informed worlds ({text!r}); "
                              "its search deals uniform ones")
            if worlds is not None:
                raise BadSpec(f"two world samplers in {text!r}: give one of {', '.join(WORLDS)}")
            worlds = option
        elif rollout is not None:
            raise BadSpec(f"two rollout policies in {text!r} ({rollout!r} and {option!r}), "
                          f"or an unknown world sampler (known: {', '.join(WORLDS)})")
        else:
            rollout = check_policy(game, option)
    return BotSpec(spec.name, spec.level, rollout, worlds)


def default_worlds(game: Game[Any, Any]) -> str:
    """The family's world sampler when a spec names none (see :data:`WORLDS`)."""
    if hasattr(game, "resample_informed") and getattr(game, "informed_by_default", True):
        return "informed"
    return "uniform"
