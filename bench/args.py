"""The benchmarks' command lines: every option says what it counts and its default
(``--help``), and a count below 1 is refused by name — ``--hands 0`` ended in a traceback
deep in the run (``StatisticsError: no median for empty data``: a researcher's play-test)."""

from __future__ import annotations

import argparse


def parser(doc: str | None) -> argparse.ArgumentParser:
    """A benchmark's parser: its module docstring's first line, defaults in ``--help``."""
    return argparse.ArgumentParser(description=(doc or "").strip().splitlines()[0],
                                   formatter_class=argparse.ArgumentDefaultsHelpFormatter)


def count(text: str) -> int:
    """A whole number of at least 1 (decisions, hands, repeats …)."""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a whole number, got {text!r}") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"must be at least 1, got {value}")
    return value


def seconds(text: str) -> float:
    """A number of seconds above 0."""
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a number, got {text!r}") from None
    if not value > 0:
        raise argparse.ArgumentTypeError(f"must be above 0, got {value:g}")
    return value
