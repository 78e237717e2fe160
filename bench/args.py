"""The benchmarks' command lines: every option says what it counts and its default
(``--help``), and a count below 1 is refused by name — ``--hands 0`` ended in a traceback
deep in the run (``StatisticsError: no median for empty data``: a researcher's play-test)."""

from __future__ import annotations

import argparse
from collections.abc import Callable
from typing import TypeVar

T = TypeVar("T", int, float)


def parser(doc: str | None) -> argparse.ArgumentParser:
    """A benchmark's parser: its module docstring's first line, defaults in ``--help``."""
    return argparse.ArgumentParser(description=(doc or "").strip().splitlines()[0],
                                   formatter_class=argparse.ArgumentDefaultsHelpFormatter)


def selfplay(doc: str | None, *, peer: bool = False) -> argparse.ArgumentParser:
    """A self-play benchmark's parser: --decisions, --repeats, --seed (and, with ``peer``,
    the peer's own --peer-decisions)."""
    out = parser(doc)
    out.add_argument("--decisions", type=count, default=60_000,
                     help="decisions of self-play per measurement")
    if peer:
        out.add_argument("--peer-decisions", type=count, default=20_000,
                         help="decisions of the peer's self-play per measurement")
    out.add_argument("--repeats", type=count, default=3,
                     help="measurements per engine (fresh interpreter each)")
    out.add_argument("--seed", type=int, default=0, help="seed of the deals")
    return out


def count(text: str) -> int:
    """A whole number of at least 1 (decisions, hands, repeats …)."""
    return _checked(text, int, "a whole number", lambda v: v >= 1, "at least 1")


def seconds(text: str) -> float:
    """A number of seconds above 0."""
    return _checked(text, float, "a number", lambda v: v > 0, "above 0")


def _checked(text: str, convert: Callable[[str], T], expected: str,
             ok: Callable[[T], bool], bound: str) -> T:
    try:
        value = convert(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected {expected}, got {text!r}") from None
    if not ok(value):
        raise argparse.ArgumentTypeError(f"must be {bound}, got {value:g}")
    return value
