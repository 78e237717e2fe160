"""Shared, game-independent parts of the protocol, for engines to inherit."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Generic, TypeVar

from .protocol import Event, RulesError
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
            raise RulesError(f"unknown preset {preset!r} for {self.name}; known: {known}")
        if not overrides:
            return table[preset]
        data = self.rules_to_dict(table[preset])
        unknown = sorted(set(overrides) - set(data))
        if unknown:
            raise RulesError(f"unknown rule option(s) for {self.name}: {', '.join(unknown)}")
        data.update(overrides)
        return self.rules_from_dict(data)

    def rules_to_dict(self, rules: R) -> dict[str, Any]:
        return rules.to_dict()

    def rules_from_dict(self, data: Mapping[str, Any]) -> R:
        return self.rules_type.from_dict(data)

    # --- the deal's opening and what carries over to the next deal ---------------------
    def opening_events(self, state: S) -> list[Event]:
        """What the deal showed as it was dealt (none, unless the family says so)."""
        return []

    def carry(self, state: S) -> Any:
        """What a finished deal hands to the next (none, unless the family says so)."""
        return None
