"""huapai.bots.gain on a tiny scale: departures counted and checked, the report, bad input."""

from __future__ import annotations

import json
from collections.abc import Callable

import pytest

from huapai.bots.gain import Gain, main, measure, tables
from huapai.bots.search import InfoSet, Searcher
from huapai.core.registry import get_game


def test_a_departure_is_checked_on_paired_worlds() -> None:
    g = measure(get_game("biegan"), "gongan", "入门", 6, 8, 1)
    assert (g.table, g.level, g.decisions, g.check_worlds) == ("biegan/gongan", "入门", 6, 8)
    assert 1 <= g.departures <= g.decisions and 0 <= g.worse <= g.departures
    assert g.mean_gain is not None and g.half_width is not None and g.half_width > 0
    assert g.decisions_per_deal >= 1


def test_against_another_level() -> None:
    g = measure(get_game("xianniu"), "fengxiang", "普通", 4, 4, 1, versus="入门")
    assert (g.level, g.versus, g.decisions) == ("普通", "入门", 4)
    assert 0 <= g.departures <= 4


def test_no_departure_no_gain() -> None:
    g = measure(get_game("xiushan"), "maquefu", "入门", 6, 8, 1)
    assert g.departures == 0 and g.mean_gain is None and g.half_width is None
    assert g.per_deal is None and g.to_json()["per_deal"] is None


def test_the_gain_per_deal_is_per_decision_times_decisions_per_deal() -> None:
    g = Gain("t/p", "普通", "heuristic", decisions=40, departures=10, check_worlds=300,
             mean_gain=0.2, half_width=0.1, worse=3, decisions_per_deal=8.0)
    assert g.per_deal == pytest.approx(0.2 * 10 / 40 * 8)


def test_the_report_and_json(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--tables", "biegan/gongan", "--level", "beginner", "--decisions", "3",
                 "--check", "4"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0].startswith("table") and out[1].startswith("biegan/gongan") and "入门" in out[1]
    assert main(["--tables", "biegan/gongan", "--level", "入门", "--decisions", "3",
                 "--check", "4", "--json"]) == 0
    rows = json.loads(capsys.readouterr().out)
    assert rows[0]["table"] == "biegan/gongan" and rows[0]["decisions"] == 3


Panel = Callable[[Searcher, InfoSet, list[int], int], list[list[float]]]


def _panel(first_half: list[float], second_half: list[float], rest: list[float]) -> Panel:
    """A ``Searcher.panel`` stand-in: the first alternative's differences as given, every
    other alternative's ``rest``."""
    def panel(self: Searcher, info: InfoSet, candidates: list[int],
              worlds: int) -> list[list[float]]:
        assert worlds == len(first_half) + len(second_half) and len(candidates) >= 2
        return [first_half + second_half] + [rest] * (len(candidates) - 2)
    return panel


def test_the_ceiling_picks_on_one_half_and_measures_on_the_other(
        monkeypatch: pytest.MonkeyPatch) -> None:
    # the first alternative looks best on the first half (+1, no spread) and is −2 on the
    # second: every decision departs, each measured at −2
    monkeypatch.setattr(Searcher, "panel", _panel([1.0, 1.0], [-2.0, -2.0], [0.5, 0.5, 5.0, 5.0]))
    g = measure(get_game("xiushan"), "maquefu", "普通", 5, 4, 1, ceiling=True)
    assert (g.picker, g.versus, g.departures, g.worse) == ("ceiling", "heuristic", 5, 5)
    assert g.mean_gain == pytest.approx(-2.0) and g.half_width == pytest.approx(0.0)


def test_the_ceilings_caution(monkeypatch: pytest.MonkeyPatch) -> None:
    # first half +2 and 0: mean +1, standard error 1 — picked at caution 0.5, not at 2
    monkeypatch.setattr(Searcher, "panel", _panel([2.0, 0.0], [3.0, 1.0], [-1.0] * 4))
    bold = measure(get_game("xiushan"), "maquefu", "普通", 3, 4, 1, ceiling=True, caution=0.5)
    assert bold.departures == 3 and bold.mean_gain == pytest.approx(2.0)
    assert bold.half_width == pytest.approx(2.576 * 1.0 * 3 ** 0.5 / 3)
    careful = measure(get_game("xiushan"), "maquefu", "普通", 3, 4, 1, ceiling=True, caution=2)
    assert careful.departures == 0 and careful.per_deal is None


def test_the_ceiling_on_real_rollouts(capsys: pytest.CaptureFixture[str]) -> None:
    g = measure(get_game("xiushan"), "huangliufu", "普通", 3, 6, 1, ceiling=True)
    assert g.picker == "ceiling" and g.check_worlds == 6 and 0 <= g.departures <= 3
    assert main(["--tables", "xiushan/huangliufu", "--ceiling", "--decisions", "2",
                 "--check", "4"]) == 0
    assert "ceiling" in capsys.readouterr().out.splitlines()[1]
    with pytest.raises(ValueError, match="give no --versus"):
        measure(get_game("xiushan"), "huangliufu", "普通", 1, 4, 1, versus="高手", ceiling=True)


@pytest.mark.parametrize(("args", "message"), [
    (["--tables", "mahjong/x"], "no game 'mahjong'"),
    (["--tables", "biegan/nope"], "biegan has no preset 'nope'"),
    (["--level", "grandmaster"], "unknown level 'grandmaster'"),
    (["--versus", "nope"], "unknown level 'nope'"),
    (["--check", "0"], "--check must be at least 1"),
    (["--ceiling", "--versus", "高手"], "--ceiling checks against the prior"),
    (["--ceiling", "--check", "1"], "--ceiling needs --check of at least 2"),
    (["--ceiling", "--caution", "-1"], "--caution must be a number of at least 0"),
    (["--caution", "nan"], "--caution must be a number"),
])
def test_bad_options_are_refused_by_name(args: list[str], message: str) -> None:
    with pytest.raises(SystemExit, match=message):
        main(args)


def test_every_preset() -> None:
    """``all``: every preset of the built-in families (and of any installed family the
    search can play)."""
    builtin = {g: get_game(g).presets() for g in ("xianniu", "biegan", "xiushan")}
    assert {(g, p) for g, ps in builtin.items() for p in ps} <= set(tables("all"))
    assert sum(len(ps) for ps in builtin.values()) == 11


def test_a_bare_game_is_its_first_preset() -> None:
    """``--tables xianniu`` said “xianniu has no preset ''”; it is the game's main preset,
    as everywhere else."""
    assert tables("xianniu, biegan/danbiegan") == [("xianniu", "lanzhou"),
                                                   ("biegan", "danbiegan")]
