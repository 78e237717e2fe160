"""The refit of 双别杆's readiness model (:mod:`huapai.games.biegan.ready_fit`,
``python -m huapai.games.biegan.belief --fit-ready``) and the calibration's buckets."""

from __future__ import annotations

import json
import math
import random

import pytest

from huapai.games.biegan import belief
from huapai.games.biegan.informed import READY_MODEL
from huapai.games.biegan.ready_fit import Row, fit_logistic, fit_rows


def _rows(coef: tuple[float, float, float], n: int, seed: int) -> list[Row]:
    rng, (a, b, c) = random.Random(seed), coef
    out: list[Row] = []
    for _ in range(n):
        melds, stock = rng.randrange(5), rng.randrange(37)
        p = 1.0 / (1.0 + math.exp(-(a + b * melds + c * stock)))
        out.append((melds, stock, rng.random() < p))
    return out


@pytest.mark.parametrize("coef", [(-2.3, 0.78, -0.042), (0.5, -0.3, 0.02)])
def test_the_fit_recovers_known_coefficients(coef: tuple[float, float, float]) -> None:
    fit = fit_rows(_rows(coef, 20_000, seed=11))
    assert fit.rows == 20_000 and fit.steps < 20
    for got, true, se in zip(fit.coef, coef, fit.stderr, strict=True):
        assert abs(got - true) < 4 * se
        assert se < 0.1


def test_the_fit_is_the_maximum_of_the_likelihood() -> None:
    data = _rows((-1.0, 0.5, -0.03), 2000, seed=5)
    fit = fit_rows(data)

    def loglik(a: float, b: float, c: float) -> float:
        total = 0.0
        for m, s, w in data:
            eta = a + b * m + c * s
            total += (eta if w else 0.0) - math.log1p(math.exp(eta))
        return total / len(data)

    assert loglik(*fit.coef) == pytest.approx(fit.log_likelihood)
    for i in range(3):
        for step in (-0.01, 0.01):
            moved = [*fit.coef]
            moved[i] += step
            assert loglik(*moved) < fit.log_likelihood


def test_no_fit_when_the_outcomes_are_all_one_way_or_the_features_collinear() -> None:
    features = [(m, s) for m in range(5) for s in range(0, 40, 10)]
    with pytest.raises(ValueError, match="did not converge"):
        fit_logistic(features, [False] * len(features))
    with pytest.raises(ValueError, match="no maximum-likelihood fit"):
        fit_logistic([(m, 10) for m, _ in features], [m > 2 for m, _ in features])


def test_the_refit_runs_from_the_command_line(capsys: pytest.CaptureFixture[str]) -> None:
    assert belief.main(["--fit-ready", "--deals", "2", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["rows"] > 50 and 0 < out["waiting"] < 1
    assert len(out["coef"]) == len(out["stderr"]) == 3
    assert out["ready_model"] == list(READY_MODEL)
    assert belief.main(["--fit-ready", "--deals", "2"]) == 0
    assert "READY_MODEL" in capsys.readouterr().out
    with pytest.raises(SystemExit):
        belief.main(["--fit-ready", "--deals", "0"])


def test_the_stock_buckets() -> None:
    assert [belief.bucket(n) for n in (0, 9, 10, 19, 20, 36)] == [
        "0-9", "0-9", "10-19", "10-19", "20-29", "30-39"]
    assert belief.LABELS[-1] == "60-119"
