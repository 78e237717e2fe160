"""The search's policies: which bot plays the rollouts, and which one is the prior.

The *prior* at the root (the move the search keeps unless an alternative is shown
better, and the order alternatives are tried in) is always the family's ``heuristic``
(``random`` where a family has none). The *rollouts* — every move after the root action,
hundreds of deals per decision — are played by a policy named here:

* ``fast`` (the default): the family's cheap rollout policy where it has one, else its
  heuristic. 双别杆 and 秀山 have one (``make_rollout`` in their ``bot_rollout`` module:
  the same heuristic with the analysis of waits only for the discards it ranks cheapest,
  which was ≈ 85 % of its time); 掀牛's (:mod:`huapai.games.xianniu.bot_rollout`) is the
  heuristic itself, move for move, reading its seat's knowledge from the state instead
  of formatting an observation and parsing it back (a third of its time).
* any registered bot name (``heuristic``, ``random``): that bot at every seat — the
  search before the cheap policies existed is ``search:高手:heuristic``.

A rollout policy is no lobby bot: it is not in the registry (rooms do not offer it), and
a spec names it only where :func:`huapai.bots.levels.parse_spec` allows it (the arena,
not rooms, ``play`` or ``simulate``).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from huapai.core.manifest import load_target
from huapai.core.present import Msg
from huapai.core.protocol import Game

from .registry import BotFactory, UnknownBot, bot_names, make_bot

FAST = "fast"
PRIOR_BOT = "heuristic"

ROLLOUT_POLICIES: Mapping[str, str] = {
    "xianniu": "huapai.games.xianniu.bot_rollout:make_rollout",
    "biegan": "huapai.games.biegan.bot_rollout:make_rollout",
    "xiushan": "huapai.games.xiushan.bot_rollout:make_rollout",
}
"""A family's cheap rollout policy (``module:attr``, a bot factory), where it has one."""


def policy_names(game: Game[Any, Any]) -> list[str]:
    """The rollout policies a spec may name for ``game``."""
    return [FAST, *bot_names(game.name)]


def check_policy(game: Game[Any, Any], name: str) -> str:
    """``name`` if it is a rollout policy for ``game``; else :class:`UnknownBot` naming
    the known ones."""
    if name not in policy_names(game):
        raise UnknownBot(Msg.of(
            "unknown_policy", "{game} 没有叫 {name!r} 的推演策略；有：{known}",
            "unknown rollout policy {name!r} for {game}; known: {known}",
            name=name, game=game.name, known=", ".join(policy_names(game))))
    return name


def prior_bot(game: Game[Any, Any]) -> str:
    """The bot whose choice is the search's prior: the heuristic, else random."""
    return PRIOR_BOT if PRIOR_BOT in bot_names(game.name) else "random"


def make_policy(name: str, game: Game[Any, Any], rules: Any, seat: int, seed: int) -> Any:
    """A rollout agent of policy ``name`` at ``seat`` (see the module)."""
    if name != FAST:
        return make_bot(check_policy(game, name), game, rules, seat, seed)
    target = ROLLOUT_POLICIES.get(game.name)
    if target is None:
        return make_bot(prior_bot(game), game, rules, seat, seed)
    factory: BotFactory = load_target(target)
    return factory(game, rules, seat, seed)
