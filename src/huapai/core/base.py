"""Shared, game-independent parts of the protocol, for engines to inherit."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Generic, TypeVar

from .present import ActionInfo, Msg
from .protocol import RulesError
from .rules import RulesBase

R = TypeVar("R", bound=RulesBase)
S = TypeVar("S")


class GameBase(Generic[R, S]):
    """Rules handling every engine shares: presets by name with overrides, and the dict
    round trip of its ``rules_type`` (a :class:`~huapai.core.rules.RulesBase`)."""

    name: str = ""
    title: str = ""
    rules_type: type[R]

    def presets(self) -> Mapping[str, R]:
        raise NotImplementedError

    def rules(self, preset: str, **overrides: Any) -> R:
        table = self.presets()
        if preset not in table:
            known = ", ".join(sorted(table))
            raise RulesError.of("unknown_preset", "{game} 没有玩法 {preset!r}；可选：{known}",
                                  "unknown preset {preset!r} for {game}; known: {known}",
                                  game=self.name, preset=preset, known=known)
        if not overrides:
            return table[preset]
        data = self.rules_to_dict(table[preset])
        unknown = sorted(set(overrides) - set(data))
        if unknown:
            raise RulesError.of("unknown_option", "{game} 没有这些规则选项：{names}",
                                "unknown rule option(s) for {game}: {names}",
                                game=self.name, names=", ".join(unknown))
        data.update(overrides)
        return self.rules_from_dict(data)

    def rules_to_dict(self, rules: R) -> dict[str, Any]:
        return rules.to_dict()

    def rules_from_dict(self, data: Mapping[str, Any]) -> R:
        return self.rules_type.from_dict(data)

    def format_action(self, rules: R, action: int) -> str:
        raise NotImplementedError

    def describe_action(self, rules: R, action: int) -> ActionInfo:
        """A family that says nothing more about its actions: a button labelled with the
        action's notation (the same text in both languages)."""
        return ActionInfo(action, "action", (), Msg.plain("action",
                                                          self.format_action(rules, action)))
