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

from huapai.core.present import Msg, SaidError
from huapai.core.protocol import Game
from huapai.core.session import Agent

from .registry import BotFactory, bot_names, make_bot, unknown_bot
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


class BadSpec(SaidError, ValueError):
    """A bot spec that does not parse, or a level the bot does not have (``msg`` in both
    languages, ``str(exc)`` the English)."""

    @classmethod
    def of(cls, code: str, zh: str, en: str, /, **params: Any) -> BadSpec:
        """A refusal from message templates (see :meth:`Msg.of`)."""
        return cls(Msg.of(code, zh, en, **params))


def level_name(text: str) -> str:
    """The Chinese level name for ``text`` (a level or its ASCII alias)."""
    level = ALIASES.get(text.strip().lower(), text.strip())
    if level not in LEVELS:
        known = ", ".join(f"{z} ({a})" for a, z in ALIASES.items())
        raise BadSpec.of("unknown_level", "没有 {text!r} 这个级别；可选：{known}",
                         "unknown level {text!r}; known: {known}", text=text, known=known)
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
            raise BadSpec.of("options_not_here",
                             "搜索选项（{text!r}）只能在复式对战和命令行里用，房间里不行；"
                             "这里写 name[:level]",
                             "search options ({text!r}) are for the arena and the command "
                             "line, not rooms; here give name[:level]", text=text)
        spec = parse_spec(f"{name}:{level}", game)
        if spec.level is None:
            raise _no_levels(name, text)
        return _with_options(spec, options, game, text)
    name = name.strip()
    if not name:
        raise BadSpec.of("empty_name", "{text!r} 里没有机器人的名字",
                         "empty bot name in {text!r}", text=text)
    if name not in _LEVELED and name not in bot_names(game.name):
        raise unknown_bot(name, game.name, ", ".join(sorted({*bot_names(game.name), *_LEVELED})))
    if not sep:
        return BotSpec(name, DEFAULT_LEVEL if name in _LEVELED else None)
    if name not in _LEVELED:
        raise _no_levels(name, text, ", ".join(sorted(_LEVELED)))
    return BotSpec(name, level_name(level))


def _no_levels(name: str, text: str, leveled: str | None = None) -> BadSpec:
    """Bot ``name`` was given a level (``text``); ``leveled``: the bots that have them."""
    refusal = Msg.of("no_levels", "机器人 {name!r} 没有级别（写的是 {text!r}）",
                     "bot {name!r} has no levels (got {text!r})", name=name, text=text)
    if leveled is None:
        return BadSpec(refusal)
    return BadSpec(refusal.with_detail(Msg.of("leveled", "有级别的机器人：{leveled}",
                                              "bots with levels: {leveled}", leveled=leveled),
                                       zh_sep="；", en_sep="; "))


def _with_options(spec: BotSpec, options: str, game: Game[Any, Any], text: str) -> BotSpec:
    """``spec`` with the ``+``-joined options of ``text``: at most one world sampler
    (:data:`WORLDS`) and one rollout policy."""
    rollout = worlds = None
    for option in (o.strip() for o in options.split("+")):
        if option in WORLDS:
            if option == "informed" and not hasattr(game, "resample_informed"):
                raise BadSpec.of("no_informed",
                                 "{game} 的搜索没有 informed 发牌（{text!r}），只有 uniform",
                                 "{game} has no informed worlds ({text!r}); its search deals "
                                 "uniform ones", game=game.name, text=text)
            if worlds is not None:
                raise BadSpec.of("two_samplers",
                                 "{text!r} 里有两种发牌方式：只能选一种（{known}）",
                                 "two world samplers in {text!r}: give one of {known}",
                                 text=text, known=", ".join(WORLDS))
            worlds = option
        elif rollout is not None:
            raise BadSpec.of("two_policies",
                             "{text!r} 里有两个推演策略（{first!r} 和 {second!r}），"
                             "或者一种不认识的发牌方式（可选：{known}）",
                             "two rollout policies in {text!r} ({first!r} and {second!r}), "
                             "or an unknown world sampler (known: {known})",
                             text=text, first=rollout, second=option, known=", ".join(WORLDS))
        else:
            rollout = check_policy(game, option)
    return BotSpec(spec.name, spec.level, rollout, worlds)


def default_worlds(game: Game[Any, Any]) -> str:
    """The family's world sampler when a spec names none (see :data:`WORLDS`)."""
    if hasattr(game, "resample_informed") and getattr(game, "informed_by_default", True):
        return "informed"
    return "uniform"
