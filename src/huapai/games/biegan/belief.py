"""How well resampled worlds predict that a discard feeds a win (点炮), measured cheaply.

``python -m huapai.games.biegan.belief --deals 50`` plays seeded heuristic self-play
deals of 双别杆 (``--preset gongan`` by default) and, at every discard decision of every
seat, compares for each card X the seat could throw the *true* fact "X lets another seat
胡 now" (read from the real state) with its *estimate*: the share of ``--worlds``
resampled worlds (``--sampler uniform``: ``resample``; ``informed``:
``resample_informed``, :mod:`.informed`) in which X lets another seat 胡. No rollouts:
this is what the search's worlds believe before any play-out. The driver, the figures
and the table are :mod:`huapai.core.calibration`'s; this module has the decisions, the
stock-count buckets and one more pair of rates: how often another seat was really
waiting (听牌, ``ready``) and how often it was in the worlds (``ready_in_worlds``).
``--json`` prints the figures as one JSON object.

``--fit-ready`` refits the readiness model of :mod:`.informed` on these decisions
instead (:mod:`.ready_fit`).
"""

from __future__ import annotations

import argparse
import itertools
import sys
from collections.abc import Iterable, Iterator, Sequence

from huapai.core import calibration
from huapai.core.calibration import Decision, Report, Sampler
from huapai.core.rng import derive_seed
from huapai.core.session import decide

from . import ready_fit
from .bot import HeuristicBot
from .game import GAME
from .informed import resample_informed, waiting
from .rules import PRESETS, BieganRules
from .sample import resample
from .state import AFTER_DUI, DISCARD0, TURN, ZHA0, State, discard_code
from .window import can_hu_on

BUCKETS = (0, 10, 20, 30, 40, 50, 60, 120)
"""Stock-count buckets: [0, 10), [10, 20), … (the stock starts at 36 with three seats)."""
LABELS = tuple(f"{low}-{high - 1}" for low, high in itertools.pairwise(BUCKETS))


def feeds(s: State, seat: int, code: int) -> bool:
    """Whether ``seat`` throwing ``code`` now lets another seat 胡 on it (in ``s``)."""
    return any(can_hu_on(s, p, code) for p in range(s.rules.players) if p != seat)


def bucket(stock: int) -> str:
    """The label of the stock-count bucket of ``stock``."""
    return LABELS[max(i for i, low in enumerate(BUCKETS[:-1]) if low <= stock)]


def samplers() -> dict[str, Sampler[State]]:
    """The samplers this module compares, by name."""
    return {"uniform": resample, "informed": resample_informed}


def decisions(rules: BieganRules, deals: int, seed: int = 1) -> Iterator[Decision[State]]:
    """Every discard decision with a choice (two or more distinct cards) of ``deals``
    seeded heuristic self-play deals; the worlds of a deal share one rng stream."""
    for d in range(deals):
        state = GAME.new_game(rules, seed=derive_seed(seed, "belief-deal", d),
                              dealer=d % rules.players)
        bots = [HeuristicBot(rules, p, derive_seed(seed, "belief-bot", d, p))
                for p in range(rules.players)]
        while not GAME.is_over(state):
            seat = GAME.to_act(state)[0]
            legal = list(GAME.legal_actions(state, seat))
            codes = sorted({discard_code(a) for a in legal if DISCARD0 <= a < ZHA0})
            if state.phase in (TURN, AFTER_DUI) and len(codes) > 1:
                yield Decision(state, seat, codes, bucket(state.stock), ("belief-worlds", d))
            action = legal[0] if len(legal) == 1 else decide(bots[seat], GAME, state,
                                                             seat, legal)
            state, _ = GAME.apply(state, seat, action)


def ready_counts(s: State, seat: int,
                 worlds: Sequence[State]) -> Iterable[tuple[str, int, int]]:
    """Per other seat: whether it is waiting, and in how many of the worlds."""
    for p in range(s.rules.players):
        if p != seat:
            yield "ready", int(waiting(s, p)), 1
            yield "ready_in_worlds", sum(waiting(w, p) for w in worlds), len(worlds)


def calibrate(rules: BieganRules, deals: int, worlds: int, names: Sequence[str],
              seed: int = 1) -> Report:
    """Play ``deals`` heuristic self-play deals and measure the samplers ``names`` on
    every discard decision."""
    chosen = {name: samplers()[name] for name in names}
    return calibration.calibrate(decisions(rules, deals, seed), feeds, chosen, worlds,
                                 seed, LABELS, ready_counts)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m huapai.games.biegan.belief",
                                     description=__doc__.split("\n\n")[0])
    parser.add_argument("--preset", default="gongan", choices=sorted(PRESETS))
    parser.add_argument("--deals", type=int, default=None,
                        help="deals to play (default: 50; 300 with --fit-ready)")
    parser.add_argument("--worlds", type=int, default=32)
    parser.add_argument("--seed", type=int, default=None,
                        help="master seed (default: 1; 1000 with --fit-ready)")
    parser.add_argument("--sampler", action="append", choices=("uniform", "informed"),
                        help="which samplers to measure (repeatable; default: both)")
    parser.add_argument("--fit-ready", action="store_true",
                        help="refit informed.READY_MODEL instead (see .ready_fit)")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    fit = args.fit_ready
    deals = (300 if fit else 50) if args.deals is None else args.deals
    seed = (1000 if fit else 1) if args.seed is None else args.seed
    if deals < 1 or args.worlds < 1:
        parser.error("--deals and --worlds must be at least 1")
    if fit:
        rules = PRESETS[args.preset]
        print(ready_fit.render(ready_fit.rows(decisions(rules, deals, seed)),
                               f"{args.preset}, {deals} deals, seed {seed}", args.json))
        return 0
    report = calibrate(PRESETS[args.preset], deals, args.worlds,
                       args.sampler or ("uniform", "informed"), seed)
    meta = {"preset": args.preset, "deals": deals, "seed": seed}
    print(calibration.render(report, f"{args.preset}, {deals} deals", meta, args.json))
    return 0


if __name__ == "__main__":
    sys.exit(main())
