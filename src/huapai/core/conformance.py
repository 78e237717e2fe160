"""The conformance suite: one contract check, run over every game and preset.

Seeded random playouts check the game protocol at every step:

* ``to_act`` lists distinct seats, is non-empty while the deal runs and empty once over;
* ``legal_actions`` is sorted, duplicate-free, deterministic, non-empty for each acting
  seat, empty for every other seat, and inside ``range(num_actions)``;
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
  code and a label in both languages;
* with the optional :class:`HiddenInfo` hook: re-dealing the other seats' hidden cards
  does not change a seat's observation or encoding as long as the events that seat has
  seen are unchanged (see :meth:`_Playout.check_hidden`);
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
import itertools
import json
import math
import os
import random
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Protocol, runtime_checkable

from .conformance_checks import (
    diff,
    envelope_problem,
    resample_problem,
    window_problem,
)
from .present import ActionInfo, Msg
from .protocol import Event, Game, IllegalAction, RulesError
from .record import ActionEntry, DealRecord, ReplayError, dumps, parse, replay_deal
from .registry import get_game, manifests
from .rng import derive_seed
from .rules import OptionInfo
from .session import Deal

GAMES_ENV = "HUAPAI_CONFORMANCE_GAMES"
SEED_ENV = "HUAPAI_CONFORMANCE_SEED"
DEFAULT_GAMES = 10
CODE_PATTERN = re.compile(r"^[a-z][a-z0-9_]*$")
MIN_RESAMPLES = 10
"""A run with this many resamples, none of which changed the state, fails."""


# --------------------------------------------------------------------- optional hooks
@runtime_checkable
class HiddenInfo(Protocol):
    """A game that can re-deal what a seat cannot see (for the hidden-information check).

    ``permute_hidden`` returns a deal (same notation as ``deal_of``) in which ``seat``
    holds exactly what it held in ``deal`` and everything hidden from it (the other
    seats' hands, an undealt stock) is shuffled among the hidden places with ``rng``.
    Anything a seat sees at the start (its hand, a card turned up) must stay in place.
    """

    def permute_hidden(
        self, deal: Sequence[int], seat: int, rng: random.Random, rules: Any, dealer: int
    ) -> Sequence[int]: ...


@runtime_checkable
class Invariants(Protocol):
    """A game that can check its own state (card conservation …); raises on a violation."""

    def check_invariants(self, state: Any) -> None: ...


# -------------------------------------------------------------------------- reporting
class ConformanceError(AssertionError):
    """A contract violation, with everything needed to reproduce it."""

    def __init__(self, message: str, *, where: str = "", record: str = "") -> None:
        text = f"{where}: {message}" if where else message
        if record:
            text += "\n--- record so far ---\n" + record
        super().__init__(text)
        self.message = message
        self.where = where
        self.record = record


@dataclass(frozen=True, slots=True)
class Config:
    """How hard to look. ``games`` is per (game, preset); ``per_game`` overrides it by
    game name (a slow engine can get fewer playouts within the same CI budget)."""

    games: int = DEFAULT_GAMES
    seed: int = 0
    max_steps: int = 10_000
    probes: int = 2
    hidden_seats: int = 1
    vary_rules: float = 0.5
    per_game: tuple[tuple[str, int], ...] = ()

    def games_for(self, name: str, preset: str | None = None) -> int:
        """Playouts for a game's preset: its ``game/preset`` count, else the game's, else
        the default."""
        counts = dict(self.per_game)
        if preset is not None and f"{name}/{preset}" in counts:
            return counts[f"{name}/{preset}"]
        return counts.get(name, self.games)

    @classmethod
    def from_env(cls, environ: Mapping[str, str] | None = None, **defaults: Any) -> Config:
        """``HUAPAI_CONFORMANCE_GAMES`` / ``HUAPAI_CONFORMANCE_SEED`` override the defaults.

        ``HUAPAI_CONFORMANCE_GAMES`` is a count per preset, optionally followed by
        per-game or per-preset counts: ``"1000"``, ``"1000,biegan=200"`` or
        ``"600,xiushan=200,xiushan/bofu=100"``.
        """
        env = os.environ if environ is None else environ
        base = cls(**defaults)
        games, per_game = _parse_games(env.get(GAMES_ENV, ""), base.games)
        seed = _env_int(env, SEED_ENV, base.seed)
        return dataclasses.replace(base, games=games, seed=seed, per_game=per_game)


def _parse_games(text: str, default: int) -> tuple[int, tuple[tuple[str, int], ...]]:
    games, per_game = default, []
    for item in (t.strip() for t in text.split(",") if t.strip()):
        name, _, count = item.rpartition("=")
        try:
            n = int(count)
        except ValueError:
            raise ValueError(f"{GAMES_ENV} is a count or name=count list, got {text!r}") from None
        if n < 1:
            raise ValueError(f"{GAMES_ENV}: counts must be at least 1, got {item!r}")
        if name:
            per_game.append((name.strip(), n))
        else:
            games = n
    return games, tuple(per_game)


def _env_int(env: Mapping[str, str], name: str, default: int) -> int:
    text = env.get(name, "").strip()
    if not text:
        return default
    try:
        return int(text)
    except ValueError:
        raise ValueError(f"{name} must be an integer, got {text!r}") from None


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
        result = _Playout(game, varied, seed, config, label).run()
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
    play = _Playout(game, rules, seed, config or Config(), game.name)
    play.run()
    return play.deal


def check_static(game: Game[Any, Any]) -> None:
    """Checks that need no playout: registry, presets, rules round trip, sizes, dealer."""
    where = f"{game.name} (static)"
    _require(bool(game.name) and bool(game.title), "a game needs a name and a title", where)
    _require(_registered(game), "get_game(game.name) must return this game "
             "(records replay by looking the game up by name)", where)
    presets = game.presets()
    _require(len(presets) > 0, "a game needs at least one preset", where)
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


def _zero_sum(game: Game[Any, Any]) -> bool:
    found = manifests().get(game.name)
    return True if found is None else found.zero_sum


def _check_rules(game: Game[Any, Any], preset: str, rules: Any, where: str) -> None:
    _require(game.rules(preset) == rules, "rules(preset) differs from presets()[preset]", where)
    data = game.rules_to_dict(rules)
    again = game.rules_from_dict(json.loads(_json(data, "rules_to_dict", where)))
    _require(again == rules, "rules do not survive rules_to_dict -> JSON -> rules_from_dict",
             where)
    n = game.num_seats(rules)
    _require(n >= 1, f"num_seats must be positive, got {n}", where)
    _require(game.num_actions(rules) >= 1, "num_actions must be positive", where)
    _require(game.observation_size(rules) >= 1, "observation_size must be positive", where)
    for seed in (0, 1, 2**40 + 7):
        dealer, events = game.first_dealer(rules, seed)
        _require(0 <= dealer < n, f"first_dealer gave seat {dealer} of {n}", where)
        _require(game.first_dealer(rules, seed)[0] == dealer, "first_dealer is not "
                 "deterministic for a seed", where)
        _check_events(events, n, where)


def _expect_rules_error(call: Any, what: str, where: str) -> None:
    try:
        call()
    except RulesError:
        return
    raise ConformanceError(f"{what} must raise RulesError", where=where)


def _require(ok: bool, message: str, where: str) -> None:
    if not ok:
        raise ConformanceError(message, where=where)


def _json(value: Any, what: str, where: str) -> str:
    try:
        return json.dumps(value, ensure_ascii=False, sort_keys=True, allow_nan=False)
    except (TypeError, ValueError) as exc:
        raise ConformanceError(f"{what} is not JSON-able: {exc}", where=where) from None


def _check_events(events: Sequence[Event], n: int, where: str) -> None:
    for event in events:
        _require(isinstance(event, Event), f"{event!r} is not an Event", where)
        for viewer in (*range(n), None):
            data = event.for_viewer(viewer).to_json()
            _require(isinstance(data.get("kind"), str), f"{event!r} has no kind", where)
            _json(data, f"event {event!r} as seen by {viewer}", where)


# ------------------------------------------------------------------------ state snapshot
def snapshot(state: Any) -> Any:
    """A value that changes whenever the state's public attributes change.

    Descends into the state's own attributes (dataclass fields, ``__slots__`` or
    ``__dict__``; names starting with ``_`` are caches and are skipped) and fully into
    lists, tuples, dicts and sets; other objects inside are kept by value when they are
    frozen dataclasses and by identity otherwise (so a shared catalogue costs nothing).
    """
    return tuple((name, _freeze(value)) for name, value in _attributes(state))


def _attributes(obj: Any) -> list[tuple[str, Any]]:
    names: list[str] = []
    for klass in type(obj).__mro__:
        slots = klass.__dict__.get("__slots__", ())
        names.extend([slots] if isinstance(slots, str) else slots)
    names.extend(getattr(obj, "__dict__", {}))
    public = sorted({n for n in names if not n.startswith("_")})
    return [(n, getattr(obj, n)) for n in public if hasattr(obj, n)]


def _freeze(value: Any) -> Any:
    if value is None or isinstance(value, bool | int | float | str | bytes):
        return value
    if isinstance(value, tuple | frozenset):
        try:
            hash(value)  # hashable all the way down: immutable, compare by value
            return value
        except TypeError:
            pass
    if isinstance(value, list | tuple):
        return (type(value).__name__, tuple(_freeze(v) for v in value))
    if isinstance(value, dict):
        return ("dict", tuple((k, _freeze(v)) for k, v in value.items()))
    if isinstance(value, set | frozenset):
        return ("set", frozenset(_freeze(v) for v in value))
    params = getattr(type(value), "__dataclass_params__", None)
    if params is not None and params.frozen:
        return value
    return ("id", id(value))


# ----------------------------------------------------------------------------- playout
@dataclass(frozen=True, slots=True)
class _Step:
    """What the original playout saw at one step, for the hidden-information replay."""

    to_act: tuple[int, ...]
    views: dict[int, tuple[Mapping[str, Any], tuple[float, ...]]]


@dataclass(frozen=True, slots=True)
class PlayoutResult:
    steps: int
    hidden_steps: int
    resamples: int = 0
    resamples_changed: int = 0


class _Playout:
    """One seeded random deal, checked at every step."""

    def __init__(
        self, game: Game[Any, Any], rules: Any, seed: int, config: Config, label: str
    ) -> None:
        self.game, self.rules, self.seed, self.config = game, rules, seed, config
        self.rng = random.Random(seed)
        self.sample_rng = random.Random(derive_seed(seed, "resample"))
        self.resamples = self.resamples_changed = 0
        self.n = game.num_seats(rules)
        self.num_actions = game.num_actions(rules)
        self.dealer = self.rng.randrange(self.n)
        self.label = f"{label} seed={seed} dealer={self.dealer}"
        self.step = -1
        self.watch = self._watched_seats()
        self.deal = Deal.start(game, rules, seed=seed, dealer=self.dealer)
        self.initial = self.deal.state
        self.moves: list[tuple[int, int]] = []
        self.history: list[_Step] = []
        self.step_events: list[list[Event]] = []
        self.round_tripped: set[int] = set()
        self.omni: Mapping[str, Any] | None = None  # omniscient view of the current state

    def _watched_seats(self) -> list[int]:
        if not isinstance(self.game, HiddenInfo):
            return []
        return sorted(self.rng.sample(range(self.n), min(self.config.hidden_seats, self.n)))

    # --- failure --------------------------------------------------------------------
    @property
    def where(self) -> str:
        return f"{self.label} step={self.step}"

    def fail(self, message: str) -> ConformanceError:
        return ConformanceError(message, where=self.where, record=dumps(self.deal.record.lines()))

    def require(self, ok: bool, message: str) -> None:
        if not ok:
            raise self.fail(message)

    def problem(self, message: str | None) -> None:
        if message is not None:
            raise self.fail(message)

    # --- the loop -------------------------------------------------------------------
    def run(self) -> PlayoutResult:
        self.check_dealing()
        for step in range(self.config.max_steps + 1):
            self.step = step
            state = self.deal.state
            self.check_state(state)
            if self.game.is_over(state):
                break
            seat = self.rng.choice(self.game.to_act(state))
            action = self.rng.choice(list(self.game.legal_actions(state, seat)))
            self.probe_illegal(state, seat)
            self.check_sampling(state, seat)
            self.apply_checked(state, seat, action)
        else:
            raise self.fail(f"the deal did not end within {self.config.max_steps} actions")
        self.check_settlement(self.deal.state)
        self.check_record()
        hidden = sum(self.check_hidden(seat) for seat in self.watch)
        return PlayoutResult(len(self.moves), hidden, self.resamples, self.resamples_changed)

    # --- dealing --------------------------------------------------------------------
    def check_dealing(self) -> None:
        game, rules, state = self.game, self.rules, self.initial
        deal = tuple(game.deal_of(state))
        text = game.format_deal(rules, deal)
        self.require(tuple(game.parse_deal(rules, text)) == deal,
                     "parse_deal(format_deal(deal)) does not give the deal back")
        again = game.new_game(rules, deal=deal, dealer=self.dealer)
        self.require(game.omniscient(again) == game.omniscient(state),
                     "new_game(deal=deal_of(state)) differs from the seeded deal")
        seeded = game.new_game(rules, seed=self.seed, dealer=self.dealer)
        self.require(game.omniscient(seeded) == game.omniscient(state),
                     "new_game(seed=…) is not deterministic")

    # --- every state ----------------------------------------------------------------
    def check_state(self, state: Any) -> None:
        to_act = self.check_to_act(state)
        for seat in range(self.n):
            self.check_legal(state, seat, seat in to_act)
        views = self.check_views(state)
        self.history.append(_Step(to_act, {s: views[s] for s in self.watch}))
        if isinstance(self.game, Invariants):
            try:
                self.game.check_invariants(state)
            except Exception as exc:
                raise self.fail(f"check_invariants: {exc!r}") from exc

    def check_to_act(self, state: Any) -> tuple[int, ...]:
        to_act = tuple(self.game.to_act(state))
        over = self.game.is_over(state)
        self.require(all(isinstance(s, int) and 0 <= s < self.n for s in to_act),
                     f"to_act {to_act} holds something that is not a seat 0..{self.n - 1}")
        self.require(len(set(to_act)) == len(to_act), f"to_act {to_act} repeats a seat")
        if over:
            self.require(not to_act, f"to_act is {to_act} but the deal is over")
        else:
            self.require(bool(to_act), "to_act is empty while the deal is not over")
        return to_act

    def check_legal(self, state: Any, seat: int, acting: bool) -> None:
        legal = list(self.game.legal_actions(state, seat))
        if not acting:
            self.require(not legal, f"legal_actions gives seat {seat} {legal[:5]}… but "
                         "it is not to act (legality must be membership in legal_actions)")
            return
        self.require(bool(legal), f"seat {seat} is to act but has no legal action")
        self.require(all(isinstance(a, int) and 0 <= a < self.num_actions for a in legal),
                     f"legal_actions of seat {seat} leaves range({self.num_actions})")
        self.require(all(a < b for a, b in itertools.pairwise(legal)),
                     f"legal_actions of seat {seat} is not sorted without repeats: {legal}")
        self.require(list(self.game.legal_actions(state, seat)) == legal,
                     f"legal_actions of seat {seat} is not deterministic")
        for action in legal:
            self.check_notation(action)

    def check_notation(self, action: int) -> None:
        if action in self.round_tripped:
            return
        text = self.game.format_action(self.rules, action)
        self.require(isinstance(text, str) and bool(text.strip()),
                     f"format_action({action}) gives no text")
        back = self.game.parse_action(self.rules, text)
        self.require(back == action,
                     f"action {action} formats as {text!r}, which parses to {back}: "
                     "format_action / parse_action must round-trip")
        self.check_description(action)
        self.round_tripped.add(action)

    def check_description(self, action: int) -> None:
        info = self.game.describe_action(self.rules, action)
        self.require(isinstance(info, ActionInfo) and info.action == action,
                     f"describe_action({action}) must be an ActionInfo for that action")
        self.require(bool(CODE_PATTERN.match(info.kind)) and _said(info.label),
                     f"describe_action({action}) needs a snake_case kind and a label in "
                     f"both languages: {info}")
        self.require(info.group == "button" or bool(info.cards),
                     f"describe_action({action}) is chosen by cards but names none")
        _json(info.to_json(), f"describe_action({action})", self.where)

    def check_views(self, state: Any) -> dict[int, tuple[Mapping[str, Any], tuple[float, ...]]]:
        game, size = self.game, self.game.observation_size(self.rules)
        views = {}
        for viewer in (*range(self.n), None):
            obs = game.observe(state, viewer)
            self.require(isinstance(obs, Mapping), f"observe(state, {viewer}) is not a mapping")
            _json(obs, f"observe(state, {viewer})", self.where)
            self.problem(envelope_problem(game, state, viewer, obs))
            if viewer is not None:
                views[viewer] = (obs, self.check_encoding(state, viewer, size))
        if self.omni is None:
            self.omni = game.omniscient(state)
        _json(self.omni, "omniscient(state)", self.where)
        return views

    def check_encoding(self, state: Any, seat: int, size: int) -> tuple[float, ...]:
        vector = tuple(float(x) for x in self.game.encode_observation(state, seat))
        self.require(len(vector) == size, f"encode_observation gives {len(vector)} "
                     f"numbers but observation_size is {size}")
        self.require(all(math.isfinite(x) for x in vector),
                     "encode_observation holds a NaN or an infinity")
        return vector

    # --- claim windows and resample ----------------------------------------------------
    def check_sampling(self, state: Any, seat: int) -> None:
        """The acting seat's answers stay hidden while a window is open; ``resample``
        for a random seat keeps its view and the deck and stays playable (and whether it
        changed the state is counted: see :func:`run`)."""
        self.problem(window_problem(self.game, state, seat))
        viewer = self.sample_rng.randrange(self.n)
        invariants = self.game.check_invariants if isinstance(self.game, Invariants) else None
        problem, changed = resample_problem(self.game, state, viewer, self.sample_rng,
                                            invariants)
        self.problem(problem)
        self.resamples += 1
        self.resamples_changed += changed

    # --- illegal offers ---------------------------------------------------------------
    def probe_illegal(self, state: Any, seat: int) -> None:
        before = snapshot(state)
        probes = self.illegal_offers(state, seat)
        codes = [self.offer(state, s, a, why) for s, a, why in probes]
        s, a, why = probes[0]
        self.require(self.offer(state, s, a, why) == codes[0],
                     f"the IllegalAction code for {why} is not stable")
        self.require(snapshot(state) == before,
                     "a rejected action changed the state it was offered to")

    def illegal_offers(self, state: Any, seat: int) -> list[tuple[int, int, str]]:
        legal = list(self.game.legal_actions(state, seat))
        allowed, ok = set(legal), self.rng.choice(legal)
        out = [(seat, -1, "action -1"), (seat, self.num_actions, "action num_actions")]
        for _ in range(4 * self.config.probes):
            action = self.rng.randrange(self.num_actions)
            if action not in allowed and len(out) < 2 + self.config.probes:
                out.append((seat, action, f"action {action}, not in legal_actions"))
        idle = [s for s in range(self.n) if s not in self.game.to_act(state)]
        if idle:
            out.append((self.rng.choice(idle), ok, "a seat that is not to act"))
        out += [(-1, ok, "seat -1"), (self.n, ok, f"seat {self.n} (out of range)")]
        return out

    def offer(self, state: Any, seat: int, action: int, why: str) -> str:
        try:
            self.game.apply(state, seat, action)
        except IllegalAction as exc:
            self.require(isinstance(exc.code, str) and bool(CODE_PATTERN.match(exc.code)),
                         f"IllegalAction code {exc.code!r} for {why} is not a stable "
                         "snake_case code")
            self.require(bool(exc.message) and _said(exc.msg),
                         f"IllegalAction for {why} has no message in both languages")
            return exc.code
        except Exception as exc:
            raise self.fail(f"apply raised {exc!r} for {why}; expected IllegalAction") from exc
        raise self.fail(f"apply accepted {why} (seat {seat}, action {action})")

    # --- the chosen action ------------------------------------------------------------
    def apply_checked(self, state: Any, seat: int, action: int) -> None:
        """Apply twice (directly and through the Deal): pure, deterministic, same events.

        The omniscient view before the step was taken in :meth:`check_views`; comparing it
        after also covers the rejected offers of :meth:`probe_illegal`.
        """
        game = self.game
        before = snapshot(state)
        first, events = game.apply(state, seat, action)
        self.require(snapshot(state) == before and game.omniscient(state) == self.omni,
                     f"apply(seat {seat}, {action}) or a rejected offer changed the state "
                     "it was given")
        again = self.deal.act(seat, action)
        self.omni = game.omniscient(self.deal.state)
        self.require(game.omniscient(first) == self.omni and events == again,
                     f"apply(seat {seat}, {action}) is not deterministic")
        _check_events(again, self.n, self.where)
        self.moves.append((seat, action))
        self.step_events.append(again)

    # --- the end ----------------------------------------------------------------------
    def check_settlement(self, state: Any) -> None:
        result = self.game.settlement(state)
        self.require(len(result.deltas) == self.n == result.num_seats,
                     f"settlement has {len(result.deltas)} deltas for {self.n} seats")
        if _zero_sum(self.game):
            self.require(sum(result.deltas) == 0,
                         f"settlement deltas {list(result.deltas)} do not sum to 0")
        for p in result.payments:
            self.require(0 <= p.payer < self.n and 0 <= p.payee < self.n and p.payer != p.payee,
                         f"payment {p} is not between two different seats")
            self.require(isinstance(p.amount, int) and p.amount >= 0 and bool(p.reason),
                         f"payment {p} needs a non-negative amount and a reason code")
        for item in result.items:
            self.require((item.seat is None or 0 <= item.seat < self.n)
                         and bool(CODE_PATTERN.match(item.code)) and _said(item.label)
                         and isinstance(item.value, int),
                         f"settlement item {item} needs a seat or None, a snake_case code, "
                         "a label in both languages and an int value")
        _json(result.to_json(), "settlement", self.where)
        dealer = self.game.next_dealer(state)
        self.require(0 <= dealer < self.n, f"next_dealer gave {dealer}")

    def check_record(self) -> None:
        game, final = self.game, self.deal.state
        text = dumps(self.deal.record.lines())
        try:
            replay = replay_deal(parse(text)[1][0])
        except ReplayError as exc:
            raise self.fail(f"the record does not replay: {exc}") from exc
        self.require(game.omniscient(replay.final) == game.omniscient(final),
                     "the record's replay ends in a different state")
        self.require([(s.seat, s.action) for s in replay.steps] == self.moves,
                     "the record's replay reads back different actions")
        self.require([s.events for s in replay.steps] == self.step_events,
                     "the record's replay gives different events")
        self.require(game.settlement(replay.final).to_json() == game.settlement(final).to_json(),
                     "the record's replay gives a different settlement")

    # --- hidden information -----------------------------------------------------------
    def check_hidden(self, seat: int) -> int:
        """Replay the same actions on a deal with the other seats' hidden cards re-dealt.

        While ``seat`` has seen the same events (and the same seats are asked), its
        observation and encoding must be the same: they may depend only on what it was
        shown. The replay stops where the two deals part publicly (an action becomes
        illegal, ``to_act`` or the events ``seat`` sees differ, or the deal ends).
        Returns the number of steps compared.
        """
        game, rules = self.game, self.rules
        assert isinstance(game, HiddenInfo)
        deal = tuple(game.deal_of(self.initial))
        rng = random.Random(derive_seed(self.seed, "hidden", seat))
        other = tuple(game.permute_hidden(deal, seat, rng, rules, self.dealer))
        self.require(sorted(other) == sorted(deal), "permute_hidden must return a "
                     "permutation of the deal")
        state = self.game.new_game(rules, deal=other, dealer=self.dealer)
        for step, (actor, action) in enumerate(self.moves):
            self.step = step
            if not self.same_view(state, seat, self.history[step]):
                return step
            try:
                state, events = game.apply(state, actor, action)
            except IllegalAction:
                return step + 1
            if _seen(events, seat) != _seen(self.step_events[step], seat):
                return step + 1
        return len(self.moves)

    def same_view(self, state: Any, seat: int, seen: _Step) -> bool:
        if self.game.is_over(state) or tuple(self.game.to_act(state)) != seen.to_act:
            return False
        obs, vector = seen.views[seat]
        mine = self.game.observe(state, seat)
        self.require(mine == obs, f"the observation of seat {seat} depends on other seats' "
                     f"hidden cards: {diff(obs, mine)}")
        self.require(tuple(float(x) for x in self.game.encode_observation(state, seat))
                     == vector, f"the encoding of seat {seat} depends on other seats' "
                     "hidden cards")
        return True


def _said(msg: Msg) -> bool:
    """A message with its text in both languages."""
    return isinstance(msg, Msg) and bool(msg.zh.strip()) and bool(msg.en.strip())


def _seen(events: Sequence[Event], seat: int) -> list[Event]:
    return [e.for_viewer(seat) for e in events]


# ----------------------------------------------------------------------------- perft
@dataclass(frozen=True, slots=True)
class PerftCase:
    """A position given as a record prefix, with its known number of legal actions.

    ``rules`` is a preset name plus overrides, or a full rules dict (as in records);
    ``actions`` are ``[seat, "action text"]`` pairs in the game's notation; ``seat``
    defaults to the first seat in ``to_act``; ``legal`` is the expected count and
    ``legal_actions`` (optional) the expected texts in action-id order.
    """

    id: str
    game: str
    rules: Any
    dealer: int
    deal: str
    actions: tuple[tuple[int, str], ...]
    legal: int
    seat: int | None = None
    to_act: tuple[int, ...] | None = None
    legal_actions: tuple[str, ...] | None = None
    note: str = ""
    source: str = ""


_CASE_KEYS = {"id", "game", "preset", "overrides", "rules", "dealer", "deal", "actions",
              "seat", "to_act", "legal", "legal_actions", "note"}


def load_perft(path: Path) -> list[PerftCase]:
    """The cases of one perft file.

    Layout (JSON)::

        {"format": 1, "about": "…",
         "cases": [{"id": "…", "game": "xianniu", "preset": "lanzhou",
                    "overrides": {…}, "dealer": 0, "deal": "<deal notation>",
                    "actions": [[0, "扣了"], [1, "掀"]], "seat": 0, "to_act": [0],
                    "legal": 17, "legal_actions": ["…"], "note": "how 17 was counted"}]}

    ``rules`` (a full rules dict) may replace ``preset`` + ``overrides``; ``seat``,
    ``to_act``, ``legal_actions``, ``actions`` and ``dealer`` are optional.
    """
    data = json.loads(path.read_text(encoding="utf-8"))
    if not isinstance(data, dict) or data.get("format") != 1:
        raise ValueError(f"{path}: a perft file is an object with \"format\": 1")
    cases = data.get("cases")
    if not isinstance(cases, list) or not cases:
        raise ValueError(f"{path}: \"cases\" must be a non-empty list")
    return [_perft_case(path, i, c) for i, c in enumerate(cases)]


def _perft_case(path: Path, index: int, raw: Any) -> PerftCase:
    where = f"{path.name} case {index}"
    if not isinstance(raw, dict):
        raise ValueError(f"{where}: a case is an object")
    unknown = sorted(set(raw) - _CASE_KEYS)
    missing = sorted({"game", "deal", "legal"} - set(raw))
    if unknown or missing or ("rules" in raw) == ("preset" in raw):
        raise ValueError(f"{where}: unknown key(s) {unknown}, missing key(s) {missing}; "
                         "give exactly one of \"rules\" and \"preset\"")
    game = get_game(str(raw["game"]))
    if "rules" in raw:
        rules = game.rules_from_dict(raw["rules"])
    else:
        rules = game.rules(str(raw["preset"]), **raw.get("overrides", {}))
    to_act, texts = raw.get("to_act"), raw.get("legal_actions")
    return PerftCase(
        id=str(raw.get("id", f"{path.stem}-{index}")), game=game.name, rules=rules,
        dealer=int(raw.get("dealer", 0)), deal=str(raw["deal"]),
        actions=tuple((int(s), str(a)) for s, a in raw.get("actions", [])),
        legal=int(raw["legal"]), seat=raw.get("seat"),
        to_act=None if to_act is None else tuple(to_act),
        legal_actions=None if texts is None else tuple(texts),
        note=str(raw.get("note", "")), source=path.name,
    )


def run_perft_case(case: PerftCase) -> list[str]:
    """Replay ``case`` and compare; returns the problems found (empty when it passes)."""
    game = get_game(case.game)
    record = DealRecord(game.name, game.rules_to_dict(case.rules), case.dealer, case.deal,
                        actions=[ActionEntry(s, a) for s, a in case.actions])
    state = replay_deal(record).final
    to_act = tuple(game.to_act(state))
    problems = []
    if case.to_act is not None and to_act != case.to_act:
        problems.append(f"to_act is {to_act}, expected {case.to_act}")
    seat = case.seat if case.seat is not None else (to_act[0] if to_act else None)
    if seat is None:
        return [*problems, "nobody is to act (the deal is over)"]
    legal = list(game.legal_actions(state, seat))
    texts = " / ".join(game.format_action(case.rules, a) for a in legal)
    if len(legal) != case.legal:
        problems.append(f"seat {seat} has {len(legal)} legal actions, expected {case.legal}: "
                        + texts)
    if case.legal_actions is not None:
        expected = sorted(game.parse_action(case.rules, t) for t in case.legal_actions)
        if legal != expected:
            problems.append(f"legal actions are {texts}; expected "
                            + " / ".join(case.legal_actions))
    return problems
