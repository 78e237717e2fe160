"""How well resampled worlds predict that a discard feeds a win (放炮), no rollouts.

Seeded deals of heuristic self-play; at every discard decision of every seat, for each
card X it may throw: the *true* fact "X lets another seat 胡 now" (on the real state)
against its *estimate*, the share of ``samples`` resampled worlds (from that seat's
information only) in which X lets another seat 胡. A well-calibrated sampler has the
mean estimate equal to the true feed rate, overall and by stage of the deal (early /
middle / late). The driver, the figures and the table are
:mod:`huapai.core.calibration`'s; this module has the decisions, ``feeds`` and the
stages.

``python -m huapai.games.xiushan.calibration --preset shibafu --deals 50 --samples 32``
prints both samplers' figures (``--json`` for the numbers).
"""

from __future__ import annotations

import argparse
import random
import sys
from collections.abc import Iterator, Sequence

from huapai.core import calibration
from huapai.core.calibration import Decision, Report, Sampler
from huapai.core.rng import derive_seed
from huapai.core.session import decide

from .belief import DEFAULT_BELIEF, BeliefParams, resample_informed
from .bot import make_heuristic
from .flow import apply, legal
from .game import GAME
from .moves import dealt_sizes
from .sample import resample
from .state import DISCARD0, HU, TURN, State

BUCKETS = ((2 / 3, "early"), (1 / 3, "middle"), (0.0, "late"))
"""By the share of the dealt stock still to draw: above ⅔, above ⅓, the rest."""


def feeds(s: State, seat: int, card: int) -> bool:
    """Whether ``seat`` throwing ``card`` lets another seat 胡 on it now."""
    t, _ = apply(s, seat, DISCARD0 + card)
    return any(HU in legal(t, p) for p in t.waiting)


def decisions(preset: str, deals: int, seed: int) -> Iterator[tuple[State, int, list[int]]]:
    """Every discard decision (a real choice, no 报子 owed) of seeded heuristic deals:
    (state, seat, the distinct cards it may throw)."""
    rules = GAME.rules(preset)
    n = rules.num_seats
    for d in range(deals):
        bots = [make_heuristic(GAME, rules, p, derive_seed(seed, "bot", d, p))
                for p in range(n)]
        state = GAME.new_game(rules, seed=derive_seed(seed, "deal", d), dealer=d % n)
        while not GAME.is_over(state):
            seat = GAME.to_act(state)[0]
            actions = list(GAME.legal_actions(state, seat))
            cards = [a - DISCARD0 for a in actions if a >= DISCARD0]
            if state.phase == TURN and not state.owed and len(cards) > 1:
                yield state, seat, cards
            state, _ = GAME.apply(state, seat, decide(bots[seat], GAME, state, seat, actions))


def calibrate(preset: str, deals: int, seed: int, samples: int,
              samplers: dict[str, Sampler[State]]) -> Report:
    """Every sampler's estimates on the same decisions (:func:`decisions`), each
    decision's worlds from a fresh rng."""
    found = (Decision(state, seat, cards, stage(state), ("worlds", k))
             for k, (state, seat, cards) in enumerate(decisions(preset, deals, seed)))
    return calibration.calibrate(found, feeds, samplers, samples, seed,
                                 [label for _, label in BUCKETS])


def stage(s: State) -> str:
    """The bucket of ``s``: early, middle or late by the share of the dealt stock left."""
    left = s.stock / _dealt_stock(s)
    return next(text for low, text in BUCKETS if left > low or low == 0)


def _dealt_stock(s: State) -> int:
    return s.stock_end - sum(dealt_sizes(s.rules))


def _informed(params: BeliefParams) -> Sampler[State]:
    def sample(s: State, seat: int, rng: random.Random) -> State:
        return resample_informed(s, seat, rng, params)
    return sample


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m huapai.games.xiushan.calibration",
                                     description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--preset", default="shibafu")
    parser.add_argument("--deals", type=int, default=50)
    parser.add_argument("--samples", type=int, default=32)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--worlds", type=int, default=DEFAULT_BELIEF.worlds,
                        help="uniform worlds per informed one")
    parser.add_argument("--temperature", type=float, default=DEFAULT_BELIEF.temperature)
    parser.add_argument("--turns", type=float, default=DEFAULT_BELIEF.turns,
                        help="pseudo-turns per discard thrown (0: none; default: by the "
                             "rules' hand size)")
    parser.add_argument("--depth", type=int, default=DEFAULT_BELIEF.depth)
    parser.add_argument("--decay", type=float, default=DEFAULT_BELIEF.decay)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    if args.deals < 1 or args.samples < 1:
        parser.error("--deals and --samples must be at least 1")
    params = BeliefParams(worlds=args.worlds, temperature=args.temperature, depth=args.depth,
                          decay=args.decay, turns=args.turns)
    report = calibrate(args.preset, args.deals, args.seed, args.samples,
                       {"uniform": resample, "informed": _informed(params)})
    meta = {"preset": args.preset, "deals": args.deals, "seed": args.seed}
    print(calibration.render(report, f"{args.preset}, {args.deals} deals", meta, args.json))
    return 0


if __name__ == "__main__":
    sys.exit(main())
