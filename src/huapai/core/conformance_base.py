"""What the conformance suite's parts share: its configuration (:class:`Config`, from
the environment), its error, the optional hooks a game may offer, and the small helpers
that check a value or freeze a state for comparison (see :mod:`huapai.core.conformance`)."""

from __future__ import annotations

import dataclasses
import json
import os
import random
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Protocol, runtime_checkable

from .protocol import Event, Game
from .registry import manifests

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



def require(ok: bool, message: str, where: str) -> None:
    if not ok:
        raise ConformanceError(message, where=where)


def json_text(value: Any, what: str, where: str) -> str:
    try:
        return json.dumps(value, ensure_ascii=False, sort_keys=True, allow_nan=False)
    except (TypeError, ValueError) as exc:
        raise ConformanceError(f"{what} is not JSON-able: {exc}", where=where) from None


def check_events(events: Sequence[Event], n: int, where: str) -> None:
    for event in events:
        require(isinstance(event, Event), f"{event!r} is not an Event", where)
        for viewer in (*range(n), None):
            data = event.for_viewer(viewer).to_json()
            require(isinstance(data.get("kind"), str), f"{event!r} has no kind", where)
            json_text(data, f"event {event!r} as seen by {viewer}", where)


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


def zero_sum(game: Game[Any, Any]) -> bool:
    """Whether settlements must sum to zero (the manifest says; no manifest: zero-sum)."""
    found = manifests().get(game.name)
    return True if found is None else found.zero_sum

