"""The fit of :data:`.informed.READY_MODEL`: how often another seat is waiting (听牌).

``python -m huapai.games.biegan.belief --fit-ready [--deals 300] [--seed 1000]`` takes
every other seat at every discard decision of the calibration's heuristic self-play
deals (:func:`.belief.decisions`) as one row — that seat's number of melds, the stock
count, and whether it is waiting (:func:`.informed.waiting`, read on the real state) —
and fits logit P(waiting) = a + b × melds + c × stock by maximum likelihood (Newton's
method). It prints the refit coefficients, their standard errors and the constants in
use side by side (``--json``: one JSON object).
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

import numpy as np

from huapai.core.calibration import Decision

from .informed import READY_MODEL, waiting
from .state import State

Row = tuple[int, int, bool]
"""(the seat's melds, the stock count, whether it is waiting)."""
NAMES = ("a", "b (melds)", "c (stock)")


@dataclass(frozen=True, slots=True)
class Fit:
    """A logistic maximum-likelihood fit: coefficients (intercept first), their
    standard errors, the mean log-likelihood per row, Newton steps taken, rows."""

    coef: tuple[float, ...]
    stderr: tuple[float, ...]
    log_likelihood: float
    steps: int
    rows: int


def rows(decisions: Iterable[Decision[State]]) -> list[Row]:
    """One row per other seat at each decision."""
    out: list[Row] = []
    for d in decisions:
        s = d.state
        for p in range(s.rules.players):
            if p != d.seat:
                out.append((len(s.melds[p]), s.stock, waiting(s, p)))
    return out


def fit_logistic(features: Sequence[Sequence[float]], outcomes: Sequence[bool],
                 max_steps: int = 50, tolerance: float = 1e-10) -> Fit:
    """Maximum-likelihood logistic regression of ``outcomes`` on an intercept and
    ``features`` by Newton's method from zero; ValueError when it does not converge
    (e.g. the outcomes are all one way, so the maximum is at infinity) or the features
    are collinear."""
    x = np.column_stack([np.ones(len(features)), np.asarray(features, dtype=float)])
    y = np.asarray(outcomes, dtype=float)
    beta = np.zeros(x.shape[1])
    for step in range(1, max_steps + 1):
        p = 1.0 / (1.0 + np.exp(-(x @ beta)))
        hessian = x.T @ (x * (p * (1 - p))[:, None])
        try:
            delta = np.linalg.solve(hessian, x.T @ (y - p))
        except np.linalg.LinAlgError as e:
            raise ValueError(f"no maximum-likelihood fit: {e} (collinear features?)") from e
        beta = beta + delta
        if np.max(np.abs(delta)) < tolerance:
            return _fit(x, y, beta, step)
    raise ValueError(f"Newton's method did not converge in {max_steps} steps")


def _fit(x: np.ndarray, y: np.ndarray, beta: np.ndarray, steps: int) -> Fit:
    eta = x @ beta
    p = 1.0 / (1.0 + np.exp(-eta))
    hessian = x.T @ (x * (p * (1 - p))[:, None])
    stderr = np.sqrt(np.diag(np.linalg.inv(hessian)))
    loglik = float(np.sum(y * eta - np.logaddexp(0.0, eta)) / len(y))
    return Fit(tuple(float(b) for b in beta), tuple(float(e) for e in stderr), loglik,
               steps, len(y))


def fit_rows(data: Sequence[Row]) -> Fit:
    """:func:`fit_logistic` on (melds, stock) -> waiting."""
    return fit_logistic([(m, st) for m, st, _ in data], [w for _, _, w in data])


def render(data: Sequence[Row], title: str, as_json: bool) -> str:
    """The refit next to :data:`.informed.READY_MODEL`."""
    fit = fit_rows(data)
    waiting_share = sum(w for _, _, w in data) / max(len(data), 1)
    if as_json:
        return json.dumps({"rows": fit.rows, "waiting": round(waiting_share, 4),
                           "coef": [round(c, 4) for c in fit.coef],
                           "stderr": [round(e, 4) for e in fit.stderr],
                           "ready_model": list(READY_MODEL), "steps": fit.steps,
                           "log_likelihood": round(fit.log_likelihood, 5)})
    lines = [f"{title}: {fit.rows} rows (other seats at discard decisions), "
             f"{waiting_share:.2%} waiting; {fit.steps} Newton steps, "
             f"mean log-likelihood {fit.log_likelihood:.5f}",
             f"{'':<11} {'refit':>9} {'± s.e.':>8} {'READY_MODEL':>12}"]
    for name, c, e, kept in zip(NAMES, fit.coef, fit.stderr, READY_MODEL, strict=True):
        lines.append(f"{name:<11} {c:>9.4f} {e:>8.4f} {kept:>12}")
    return "\n".join(lines)
