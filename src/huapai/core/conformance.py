"""The conformance suite: one contract check, run over every game and preset.

Seeded random playouts check the game protocol at every step:

* ``to_act`` lists distinct seats, is non-empty while the deal runs and empty once over;
* ``legal_actions`` is sorted, duplicate-free, deterministic, non-empty for each acting
  seat, empty for every other seat, a ValueError for a seat the table lacks, and inside
  ``range(num_actions)``;
* every legal action's ``format_action`` text parses back to the same id, and its
  ``describe_action`` is a JSON-able :class:`~huapai.core.present.ActionInfo` for that id
  with a label in both languages (a ``cards`` action names its cards);
* illegal offers (an id not in the legal list, ids out of range, a seat not asked, a
  seat out of range) raise :class:`IllegalAction` with a stable non-empty code and a
  message in both languages (``exc.msg``), and leave
  the state equal (``omniscient`` and the state's public attributes, before and after);
* ``apply`` is pure and deterministic (same state + action -> same result and events);
* views (``observe`` for every seat and a spectator, ``omniscient``, events for every
  viewer, settlements) are JSON-able; ``encode_observation`` has ``observation_size``
  finite floats;
* the record (:class:`~huapai.core.session.Deal`, dumped and re-parsed) replays through
  ``replay_deal`` to the same final ``omniscient`` view, events and settlement;
* settlements sum to zero for zero-sum games (the manifest's ``zero_sum``; a game run
  without a manifest is held to zero-sum); their items name a seat (or None), a stable
  code and a label in both languages, and a settlement with free-text notes has items too
  (front ends show its facts from the items, in the player's language);
* with the optional :class:`HiddenInfo` hook: re-dealing the other seats' hidden cards
  does not change a seat's observation or encoding as long as the events that seat has
  seen are unchanged (see :meth:`Playout.check_hidden`);
* with the optional :class:`Invariants` hook: the game's own invariants after every step.

Failures raise :class:`ConformanceError`, naming the game, rules, seed and step and
carrying the record so far, so every failure replays with ``huapai replay``.

The number of games per preset comes from ``HUAPAI_CONFORMANCE_GAMES`` (``"1000"``, or
``"1000,biegan=200"`` to give one game its own count) and the base seed from
``HUAPAI_CONFORMANCE_SEED`` (see :meth:`Config.from_env`). Half of the playouts (by
default) run with one to three rule options of the preset set to random allowed values.

Perft data (:func:`load_perft`, :func:`run_perft_case`) lives here too: hand-picked
positions as a record prefix with the known number of legal actions.
"""

from __future__ import annotations

import dataclasses
import json
import random
from dataclasses import dataclass, field
from typing import Any

from .conformance_base import (
    DEFAULT_GAMES,
    GAMES_ENV,
    MIN_RESAMPLES,
    SEED_ENV,
    Config,
    ConformanceError,
    HiddenInfo,
    Invariants,
    check_events,
    json_text,
    require,
    snapshot,
)
from .conformance_playout import Playout, PlayoutResult
from .perft import PerftCase, load_perft, run_perft_case
from .protocol import Game, RulesError
from .registry import get_game
from .rng import derive_seed
from .rules import OptionInfo
from .session import Deal

__all__ = [
    "DEFAULT_GAMES", "GAMES_ENV", "MIN_RESAMPLES", "SEED_ENV", "Config", "ConformanceError",
    "HiddenInfo", "Invariants", "PerftCase", "PlayoutResult", "Report", "check_static",
    "load_perft", "playout", "random_overrides", "run", "run_perft_case", "skipped_checks",
    "snapshot",
]


@dataclass(slots=True)
class Report:
    """What a run covered (for the test log and the CI budget)."""

    game: str
    preset: str
    games: int = 0
    varied: int = 0
    steps: int = 0
    hidden_steps: int = 0
    resamples: int = 0
    resamples_changed: int = 0
    skipped: list[str] = field(default_factory=list)

    def __str__(self) -> str:
        text = f"{self.game}/{self.preset}: {self.games} games ({self.varied} with varied "
        text += f"rule options), {self.steps} steps, "
        text += f"{self.hidden_steps} hidden-info steps, "
        text += f"{self.resamples_changed}/{self.resamples} resamples changed the state"
        return text + "".join(f"; skipped: {s}" for s in self.skipped)


def skipped_checks(game: Game[Any, Any]) -> list[str]:
    """The optional checks ``game`` does not support, each with the reason."""
    out = []
    if not isinstance(game, HiddenInfo):
        out.append("hidden-information check: the game has no permute_hidden hook")
    if not isinstance(game, Invariants):
        out.append("invariants: the game has no check_invariants hook")
    return out


# ------------------------------------------------------------------------ entry points
def run(game: Game[Any, Any], preset: str, config: Config | None = None) -> Report:
    """Static checks, then ``config.games`` seeded random playouts of ``preset``."""
    config = config or Config.from_env()
    check_static(game)
    rules = game.rules(preset)
    report = Report(game.name, preset, skipped=skipped_checks(game))
    for index in range(config.games_for(game.name, preset)):
        seed = derive_seed(config.seed, game.name, preset, index)
        varied, overrides = _maybe_vary(game, rules, random.Random(seed), config.vary_rules)
        label = f"{game.name}/{preset}" + "".join(f" {k}={v!r}" for k, v in overrides.items())
        result = Playout(game, varied, seed, config, label).run()
        report.games += 1
        report.varied += bool(overrides)
        report.steps += result.steps
        report.hidden_steps += result.hidden_steps
        report.resamples += result.resamples
        report.resamples_changed += result.resamples_changed
    if report.resamples >= MIN_RESAMPLES and not report.resamples_changed:
        raise ConformanceError(f"none of {report.resamples} resamples changed the state: "
                               "resample does not vary what a seat cannot see",
                               where=f"{game.name}/{preset}")
    return report


def _maybe_vary(
    game: Game[Any, Any], rules: Any, rng: random.Random, chance: float
) -> tuple[Any, dict[str, Any]]:
    if rng.random() >= chance:
        return rules, {}
    for _ in range(20):
        overrides = random_overrides(rules, rng, rng.randint(1, 3))
        try:
            return game.rules_from_dict({**game.rules_to_dict(rules), **overrides}), overrides
        except RulesError:
            continue
    return rules, {}


def random_overrides(rules: Any, rng: random.Random, count: int) -> dict[str, Any]:
    """Random values for ``count`` options of a :class:`~huapai.core.rules.RulesBase`.

    Choices pick among their values, booleans flip a coin, bounded ints pick in their
    range (an int with only a minimum picks among its next five values). Rules that are
    not built from :func:`~huapai.core.rules.option` fields give nothing to vary.
    """
    if not dataclasses.is_dataclass(rules):
        return {}
    options = [(f.name, info, getattr(rules, f.name)) for f in dataclasses.fields(rules)
               if isinstance(info := f.metadata.get("huapai"), OptionInfo)]
    out: dict[str, Any] = {}
    for name, info, value in rng.sample(options, min(count, len(options))):
        if (choice := _random_value(info, value, rng)) is not None:
            out[name] = choice
    return out


def _random_value(info: OptionInfo, value: Any, rng: random.Random) -> Any:
    if info.choices is not None:
        return rng.choice(info.choices)
    if isinstance(value, bool):
        return rng.random() < 0.5
    if isinstance(value, int) and info.low is not None:
        high = info.high if info.high is not None else info.low + 5
        return rng.randint(info.low, high)
    return None


def playout(
    game: Game[Any, Any], rules: Any, seed: int, config: Config | None = None
) -> Deal:
    """One checked random playout; returns the finished deal (state and record)."""
    play = Playout(game, rules, seed, config or Config(), game.name)
    play.run()
    return play.deal


def check_static(game: Game[Any, Any]) -> None:
    """Checks that need no playout: registry, presets, rules round trip, sizes, dealer."""
    where = f"{game.name} (static)"
    require(bool(game.name) and bool(game.title), "a game needs a name and a title", where)
    require(_registered(game), "get_game(game.name) must return this game "
             "(records replay by looking the game up by name)", where)
    presets = game.presets()
    require(len(presets) > 0, "a game needs at least one preset", where)
    for preset, rules in presets.items():
        _check_rules(game, preset, rules, f"{game.name}/{preset} (static)")
    _expect_rules_error(lambda: game.rules("\u0000no-such-preset"), "an unknown preset", where)
    first = next(iter(presets))
    _expect_rules_error(lambda: game.rules(first, no_such_option_=1), "an unknown option", where)


def _registered(game: Game[Any, Any]) -> bool:
    try:
        return get_game(game.name) is game
    except RulesError:
        return False


def _check_rules(game: Game[Any, Any], preset: str, rules: Any, where: str) -> None:
    require(game.rules(preset) == rules, "rules(preset) differs from presets()[preset]", where)
    data = game.rules_to_dict(rules)
    again = game.rules_from_dict(json.loads(json_text(data, "rules_to_dict", where)))
    require(again == rules, "rules do not survive rules_to_dict -> JSON -> rules_from_dict",
             where)
    n = game.num_seats(rules)
    require(n >= 1, f"num_seats must be positive, got {n}", where)
    require(game.num_actions(rules) >= 1, "num_actions must be positive", where)
    require(game.observation_size(rules) >= 1, "observation_size must be positive", where)
    for seed in (0, 1, 2**40 + 7):
        dealer, events = game.first_dealer(rules, seed)
        require(0 <= dealer < n, f"first_dealer gave seat {dealer} of {n}", where)
        require(game.first_dealer(rules, seed)[0] == dealer, "first_dealer is not "
                 "deterministic for a seed", where)
        check_events(events, n, where)


def _expect_rules_error(call: Any, what: str, where: str) -> None:
    try:
        call()
    except RulesError:
        return
    raise ConformanceError(f"{what} must raise RulesError", where=where)
