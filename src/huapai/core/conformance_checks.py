"""Conformance checks of the view envelope, claim-window privacy and ``resample``.

Each check looks at one state of a playout and returns the first problem it finds as a
sentence (None when the state passes); :mod:`huapai.core.conformance` runs them at every
step and turns a problem into a :class:`~huapai.core.conformance.ConformanceError` with
the record so far.

* :func:`envelope_problem`: ``observe`` carries the declared envelope
  (:mod:`huapai.core.view`) and its values agree with the protocol.
* :func:`window_problem`: while a claim window is open (``claim_window``), a seat's
  answer is invisible to everyone else. For every legal answer of an asked seat that
  leaves the window open, each other seat and a spectator must get the same view and
  the same events: nothing they receive, nor whether they receive anything (the server
  sends a viewer a message only when its view or its events change), depends on which
  answer was given. Answers that close the window are exempt: the resolution is public.
* :func:`resample_problem`: ``resample(state, seat, rng)`` keeps the seat's
  ``observe`` and encoding, conserves the deck (the deal's multiset, and the game's
  own invariants when it has them), is a new state (the original is untouched), and
  play continues from it (a few random legal moves apply).
* :func:`variation_problem`: resampling a state where something is hidden actually
  varies it (several draws do not all give the same omniscient view). The suite counts,
  over all the playouts of a run, how many resamples changed the omniscient view and
  fails a run where none did (a ``resample`` that gives the state back would let a
  search peek); ``tests/core/test_resample.py`` checks the distributions.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Mapping
from typing import Any

from .protocol import Event, Game, IllegalAction
from .view import check_envelope


def envelope_problem(game: Game[Any, Any], state: Any, viewer: int | None,
                     view: Mapping[str, Any]) -> str | None:
    problems = check_envelope(game, state, viewer, view)  # type: ignore[arg-type]
    return f"the view envelope of {viewer}: " + "; ".join(problems) if problems else None


# ------------------------------------------------------------------------ claim windows
def window_problem(game: Game[Any, Any], state: Any, seat: int) -> str | None:
    """Whether ``seat``'s possible answers in the open window leak to anyone else."""
    window = game.claim_window(state)
    if window is None:
        return None
    asked = window.asked()
    if set(asked) != set(game.to_act(state)):
        return f"the claim window asks {asked} but to_act is {tuple(game.to_act(state))}"
    legal = list(game.legal_actions(state, seat))
    if seat not in asked or len(legal) < 2:
        return None
    n = game.num_seats(game.rules_of(state))
    seen: dict[str, int] = {}
    for answer in legal:
        after, events = game.apply(state, seat, answer)
        still = game.claim_window(after)
        if still is None or still.order != window.order or (seat, answer) not in still.answers:
            continue  # the answer closed the window: the resolution is public
        others = [v for v in (*range(n), None) if v != seat]
        seen.setdefault(_seen_by(game, after, events, others), answer)
    if len(seen) > 1:
        a, b = list(seen.values())[:2]
        return (f"seat {seat}'s answer shows before the claim window closes: the other "
                f"seats see different views or events after "
                f"{game.format_action(game.rules_of(state), a)!r} and "
                f"{game.format_action(game.rules_of(state), b)!r}")
    return None


def _seen_by(game: Game[Any, Any], state: Any, events: list[Event],
             viewers: list[int | None]) -> str:
    shown = [(game.observe(state, v), [e.for_viewer(v).to_json() for e in events])
             for v in viewers]
    return json.dumps(shown, sort_keys=True, ensure_ascii=False)


# ----------------------------------------------------------------------------- resample
Check = Callable[[Any], None] | None
"""A game's ``check_invariants`` (raises on a broken state), when it has one."""


def resample_problem(game: Game[Any, Any], state: Any, seat: int, rng: random.Random,
                     invariants: Check = None, moves: int = 3) -> tuple[str | None, bool]:
    """``resample`` keeps what ``seat`` knows, conserves the deck and stays playable.
    Returns the problem (None) and whether the resampled state differs from ``state``."""
    before = game.omniscient(state)
    try:
        other = game.resample(state, seat, rng)
    except NotImplementedError:
        return ("the game has no resample(state, seat, rng): every family needs one "
                "(huapai.core.protocol.Game.resample, docs/architecture-core.md)"), False
    except Exception as exc:
        return f"resample(state, {seat}) raised {exc!r}", False
    if game.omniscient(state) != before:
        return f"resample(state, {seat}) changed the state it was given", False
    return _resampled_problem(game, state, other, seat, rng, invariants, moves), \
        game.omniscient(other) != before


def _resampled_problem(game: Game[Any, Any], state: Any, other: Any, seat: int,
                       rng: random.Random, invariants: Check, moves: int) -> str | None:
    if game.observe(other, seat) != game.observe(state, seat):
        return (f"the observation of seat {seat} changed under resample (it must depend "
                "only on what the seat has seen): " + diff(game.observe(state, seat),
                                                          game.observe(other, seat)))
    if list(game.encode_observation(other, seat)) != list(game.encode_observation(state, seat)):
        return f"the encoding of seat {seat} changed under resample"
    if sorted(game.deal_of(other)) != sorted(game.deal_of(state)):
        return f"resample(state, {seat}) does not conserve the deck (deal_of)"
    return (_invariant_problem(invariants, other, "after resample")
            or _continues(game, other, rng, invariants, moves))


def _continues(game: Game[Any, Any], state: Any, rng: random.Random, invariants: Check,
               moves: int) -> str | None:
    for step in range(moves):
        if game.is_over(state):
            return None
        to_act = list(game.to_act(state))
        if not to_act:
            return f"to_act is empty while the deal is not over ({step} move(s) after resample)"
        actor = rng.choice(to_act)
        legal = list(game.legal_actions(state, actor))
        if not legal:
            return f"in a resampled state seat {actor} is to act with no legal action"
        try:
            state, _ = game.apply(state, actor, rng.choice(legal))
        except IllegalAction as exc:
            return f"a legal action of a resampled state was refused: {exc}"
        problem = _invariant_problem(invariants, state, f"{step + 1} move(s) after resample")
        if problem:
            return problem
    return None


def _invariant_problem(invariants: Check, state: Any, when: str) -> str | None:
    if invariants is None:
        return None
    try:
        invariants(state)
    except Exception as exc:
        return f"check_invariants {when}: {exc!r}"
    return None


def variation_problem(game: Game[Any, Any], state: Any, seat: int, rng: random.Random,
                      draws: int = 8) -> str | None:
    """Several resamples of a state with hidden cards are not all the same."""
    seen = {json.dumps(game.omniscient(game.resample(state, seat, rng)), sort_keys=True,
                       ensure_ascii=False) for _ in range(draws)}
    if len(seen) < 2:
        return (f"{draws} resamples for seat {seat} all gave the same state: resample "
                "does not vary what the seat cannot see")
    return None


def diff(a: Mapping[str, Any], b: Mapping[str, Any]) -> str:
    """The first few keys where two views differ, with both values."""
    keys = sorted(k for k in set(a) | set(b) if a.get(k) != b.get(k))
    return ", ".join(f"{k}: {a.get(k)!r} vs {b.get(k)!r}" for k in keys[:3])
