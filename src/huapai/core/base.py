"""Shared, game-independent parts of the protocol, for engines to inherit."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any, Generic, TypeVar, cast

from . import view
from .claim import ClaimWindow
from .present import POINTS, ActionInfo, Msg, WorthUnit
from .protocol import Event, Game, RulesError, Settlement
from .rules import RulesBase

R = TypeVar("R", bound=RulesBase)
S = TypeVar("S")


class GameBase(Generic[R, S]):
    """What every engine shares: presets by name with overrides, the dict round trip of
    its ``rules_type`` (a :class:`~huapai.core.rules.RulesBase`), and ``observe`` as the
    core view envelope (:mod:`huapai.core.view`) around the engine's ``table_view``."""

    name: str = ""
    title: str = ""
    rules_type: type[R]

    def presets(self) -> Mapping[str, R]:
        raise NotImplementedError

    def rules(self, preset: str, **overrides: Any) -> R:
        table = self.presets()
        if preset not in table:
            raise self._unknown_preset(preset)
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

    def _unknown_preset(self, preset: str) -> RulesError:
        """The refusal of a preset this game does not have — naming the preset's id where
        ``preset`` is its Chinese name (rules("凤翔"): the command line takes it, this
        takes the id)."""
        from .naming import resolve_preset  # it reads the manifests, which load engines

        try:
            alias = resolve_preset(cast("Game[Any, Any]", self), preset, strict=False)
        except RulesError:  # a piece of several presets' names: every preset is listed
            alias = preset
        if alias != preset:
            return RulesError.of(
                "unknown_preset", "「{preset}」是 {game} 的玩法 {alias} 的中文名：这里要玩法的 id，"
                "写 {alias!r}（按中文名找玩法：huapai.core.naming.resolve_preset）",
                "{preset!r} is the Chinese name of {game}'s preset {alias}: this takes the "
                "preset's id, {alias!r} (to find a preset by its Chinese name: "
                "huapai.core.naming.resolve_preset)", game=self.name, preset=preset, alias=alias)
        return RulesError.of("unknown_preset", "{game} 没有玩法 {preset!r}；可选：{known}",
                             "unknown preset {preset!r} for {game}; known: {known}",
                             game=self.name, preset=preset, known=", ".join(sorted(self.presets())))

    def dealt_cards(self, rules: R, deal: Sequence[int] | str | None) -> Sequence[int] | None:
        """``new_game``'s ``deal``: ints as they are, text in the game's deal notation
        read by its ``parse_deal`` (a string counted as characters read "48 cards, got
        107": a researcher's report)."""
        if isinstance(deal, str):
            parse = cast(Any, self).parse_deal
            cards: tuple[int, ...] = parse(rules, deal)
            return cards
        return deal

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

    def rules_of(self, state: S) -> R:
        raise NotImplementedError

    # --- views ---------------------------------------------------------------------
    def observe(self, state: S, seat: int | None) -> Mapping[str, Any]:
        """The core envelope (to_act, legal, hand …) with the engine's table view."""
        return view.observe(cast(view.Viewable, self), state, seat)

    def table_view(self, state: S, seat: int | None) -> view.TableView:
        raise NotImplementedError

    # --- play ----------------------------------------------------------------------
    def automatic(self, state: S, seat: int) -> int | None:
        """Nothing is answered for a person unless the family says so (see the protocol)."""
        return None

    def paced(self, state: S, seat: int) -> bool:
        """Answers are applied at once unless the family says so (see the protocol)."""
        return False

    # --- claim windows and sampling ------------------------------------------------
    def claim_window(self, state: S) -> ClaimWindow | None:
        """The open claim window of ``state`` (answers included: omniscient), or None.
        A family without claim windows keeps this default."""
        return None

    def resample(self, state: S, seat: int, rng: random.Random) -> S:
        """A state consistent with what ``seat`` has seen (see the protocol); every
        family gives its own."""
        raise NotImplementedError(f"{self.name} has no resample")

    def settlement(self, state: S) -> Settlement:
        raise NotImplementedError

    def worth(self, state: S) -> tuple[float, ...]:
        """What the finished deal is worth to each seat: its money, unless the family
        says more."""
        return tuple(float(delta) for delta in self.settlement(state).deltas)

    def worth_unit(self, rules: R) -> WorthUnit:
        """The settlement's points, unless the family says otherwise."""
        return POINTS

    def asked(self, state: S, seat: int) -> Msg | None:
        """Nothing beyond the actions, unless the family says so."""
        return None

    # --- the deal's opening and what carries over to the next deal ---------------------
    def opening_events(self, state: S) -> list[Event]:
        """What the deal showed as it was dealt (none, unless the family says so)."""
        return []

    def carry(self, state: S) -> Any:
        """What a finished deal hands to the next (none, unless the family says so)."""
        return None

    def match_over(self, state: S) -> bool:
        """Whether this finished deal ends the match before its last deal (钵福's 得一钵);
        never, unless the family says so."""
        return False

    def default_deals(self, rules: R) -> int | None:
        """Deals a match has when nobody says (a family whose match ends itself gives its
        cap); None: the front end's default."""
        return None
