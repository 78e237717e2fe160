"""The family-neutral calibration driver (:mod:`huapai.core.calibration`) on a toy
family: a "state" is the set of cards that feed a win, so the figures can be worked out
by hand. Real families run it in tests/games/biegan/test_informed_biegan.py and
tests/games/xiushan/test_xs_belief.py."""

from __future__ import annotations

import json
import math
import random
from collections.abc import Iterable, Sequence

import pytest

from huapai.core.calibration import (
    CLAMP,
    Decision,
    Extra,
    Report,
    Sampler,
    calibrate,
    render,
    table,
)
from huapai.core.rng import derive_seed

World = frozenset[int]
LABELS = ("early", "late")
DECISIONS: list[Decision[World]] = [
    Decision(frozenset({1}), 0, (1, 2), "early", ("deal", 0)),
    Decision(frozenset(), 1, (1, 2, 3), "late", ("deal", 0)),
    Decision(frozenset({3}), 0, (3,), "late", ("deal", 1)),
]


def _feeds(world: World, seat: int, card: int) -> bool:
    return card in world


def _oracle(state: World, seat: int, rng: random.Random) -> World:
    return state


class _Alternate:
    """Worlds {1}, {}, {1}, {}, … whatever the state: card 1 at 0.5 with two worlds."""

    def __init__(self) -> None:
        self.calls = 0

    def __call__(self, state: World, seat: int, rng: random.Random) -> World:
        self.calls += 1
        return frozenset({1}) if self.calls % 2 else frozenset()


def _run(extra: Extra[World] | None = None) -> Report:
    samplers: dict[str, Sampler[World]] = {"oracle": _oracle, "half": _Alternate()}
    return calibrate(DECISIONS, _feeds, samplers, 2, 7, LABELS, extra)


def test_a_sampler_that_knows_the_truth_is_perfect() -> None:
    t = _run().overall["oracle"]
    assert (t.n, t.actual, t.predicted, t.brier) == (6, 2, 2.0, 0.0)
    assert t.log_loss / t.n == pytest.approx(-math.log(1 - CLAMP))
    j = t.to_json()
    assert (j["on_feeds"], j["elsewhere"], j["actual"]) == (1.0, 0.0, 0.3333)
    assert t.worlds == 6


def test_the_figures_of_a_half_blind_sampler_by_hand() -> None:
    report = _run()
    assert report.decisions == 3
    t = report.overall["half"]
    # pairs (estimate, truth): (.5, 1) (0, 0) | (.5, 0) (0, 0) (0, 0) | (0, 1)
    assert (t.n, t.actual, t.predicted) == (6, 2, 1.0)
    assert t.brier == pytest.approx(0.25 + 0.25 + 1.0)
    assert t.log_loss == pytest.approx(
        -(2 * math.log(0.5) + 3 * math.log(1 - CLAMP) + math.log(CLAMP)))
    j = t.to_json()
    assert (j["predicted"], j["brier"], j["on_feeds"], j["elsewhere"]) == (
        0.1667, 0.25, 0.25, 0.125)
    early, late = report.buckets["early"]["half"], report.buckets["late"]["half"]
    assert (early.n, early.actual, early.predicted) == (2, 1, 0.5)
    assert (late.n, late.actual, late.predicted) == (4, 1, 0.5)
    assert late.worlds == 4 and early.worlds == 2


def test_each_sampler_has_its_own_rng_reseeded_when_the_key_changes() -> None:
    drawn: dict[str, list[float]] = {"a": [], "b": []}

    def recorder(name: str) -> Sampler[World]:
        def sample(state: World, seat: int, rng: random.Random) -> World:
            drawn[name].append(rng.random())
            return state
        return sample

    calibrate(DECISIONS, _feeds, {"a": recorder("a"), "b": recorder("b")}, 2, 7, LABELS)
    first, second = random.Random(derive_seed(7, "deal", 0)), random.Random(
        derive_seed(7, "deal", 1))
    expected = [first.random() for _ in range(4)] + [second.random() for _ in range(2)]
    assert drawn["a"] == drawn["b"] == expected


def test_the_hook_s_rates_are_summed_per_bucket() -> None:
    def extra(state: World, seat: int, worlds: Sequence[World]) -> Iterable[tuple[str, int, int]]:
        yield "empty", sum(not w for w in worlds), len(worlds)

    report = _run(extra)
    assert report.overall["oracle"].rates["empty"] == [2, 6]
    assert report.buckets["late"]["half"].rates["empty"] == [2, 4]
    assert report.overall["half"].to_json()["empty"] == 0.5


def test_the_table_and_the_json() -> None:
    report = _run()
    lines = table(report, "toy").splitlines()
    assert lines[0] == "toy: 3 discard decisions, 2 worlds each"
    assert [line.split()[:3] for line in lines[2:]] == [
        ["oracle", "all", "6"], ["oracle", "early", "2"], ["oracle", "late", "4"],
        ["half", "all", "6"], ["half", "early", "2"], ["half", "late", "4"]]
    out = json.loads(render(report, "toy", {"preset": "x"}, as_json=True))
    assert out["preset"] == "x" and out["decisions"] == 3 and out["worlds"] == 2
    assert list(out["samplers"]["half"]["buckets"]) == ["early", "late"]
    assert out["samplers"]["half"]["all"]["brier"] == 0.25


def test_refuses_an_unknown_bucket_and_no_worlds() -> None:
    bad: list[Decision[World]] = [Decision(frozenset(), 0, (1,), "middle", ("deal", 0))]
    with pytest.raises(ValueError, match="unknown bucket"):
        calibrate(bad, _feeds, {"oracle": _oracle}, 2, 7, LABELS)
    with pytest.raises(ValueError, match="worlds"):
        calibrate(DECISIONS, _feeds, {"oracle": _oracle}, 0, 7, LABELS)
