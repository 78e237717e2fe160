"""The arena's result as JSON (documented in docs/bots.md) and as a terminal table."""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

from rich.console import Console
from rich.table import Table as RichTable
from rich.text import Text

from huapai.cli_support.i18n import Lang, bot_label
from huapai.cli_support.render import renderer_for
from huapai.cli_support.setup import family_title, preset_title, worth_notes
from huapai.cli_support.stats import SMALL_SAMPLE, Z95, estimate
from huapai.cli_support.tables import figure, public_table
from huapai.core.present import count_en

from .tally import AHEAD, Z99, Entrant, Tally

CURVE_POINTS = 100
"""The JSON keeps at most this many points of each running curve (evenly spaced, the
last deal always included); ``--plot`` draws every point."""


def _num(value: float | None) -> float | None:
    if value is None or math.isnan(value):
        return None
    return round(value, 6)


def _pair(interval: tuple[float, float] | None) -> list[float | None] | None:
    return None if interval is None else [_num(interval[0]), _num(interval[1])]


def _excludes_zero(interval: tuple[float, float] | None) -> bool:
    return interval is not None and (interval[0] > 0 or interval[1] < 0)


def entrant_json(e: Entrant, seats: int) -> dict[str, Any]:
    ci95, ci99 = e.interval(e.diffs, Z95), e.interval(e.diffs, Z99)
    claims = len(e.diffs) >= SMALL_SAMPLE
    keep = _thin(len(e.curve.n))
    return {
        "bot": e.name,
        "seats": seats,
        "mean": _num(estimate(e.scores).mean),
        "ci95": _pair(e.interval(e.scores, Z95)),
        "diff": {"mean": _num(estimate(e.diffs).mean), "ci95": _pair(ci95),
                 "ci99": _pair(ci99), "significant95": claims and _excludes_zero(ci95),
                 "significant99": claims and _excludes_zero(ci99)},
        "rates": {k: _num(r.value) for k, r in e.rates.items()},
        "rating": {"mu": _num(e.rating.mu), "sigma": _num(e.rating.sigma),
                   "ordinal": _num(e.rating.ordinal())},
        "curve": {"deals": [e.curve.n[i] for i in keep],
                  "mean": [_num(e.curve.mean[i]) for i in keep],
                  "half95": [_num(e.curve.half95[i]) for i in keep]},
    }


def _thin(n: int) -> list[int]:
    if n <= CURVE_POINTS:
        return list(range(n))
    step = n / CURVE_POINTS
    return sorted({min(n - 1, int(step * (k + 1)) - 1) for k in range(CURVE_POINTS)})


def report_json(tally: Tally, preset: str) -> dict[str, Any]:
    setup = tally.setup
    game = setup.game
    names = setup.entrants
    return {
        "game": game.name,
        "preset": preset,
        "rules": dict(setup.rules),
        "seed": setup.seed,
        "bots": list(setup.specs),
        "format": "duplicate: every deal played once per distinct seat arrangement",
        "deals": tally.deals,
        "small_sample": tally.deals < SMALL_SAMPLE,
        "score": setup.score,
        "arrangements": [[names[k] for k in seating] for seating in setup.seating],
        "games": tally.games,
        "mean_decisions": _num(tally.decisions / tally.games if tally.games else math.nan),
        "entrants": [entrant_json(e, _seats(setup.seating[0], k))
                     for k, e in enumerate(tally.entrants)],
    }


def _seats(seating: Sequence[int], entrant: int) -> int:
    return sum(1 for k in seating if k == entrant)


def table_title(tally: Tally, preset: str, lang: Lang) -> str:
    """The family and the preset by their names in ``lang`` (秀山字牌 · 麻雀福)."""
    game = tally.setup.game
    return f"{family_title(game, lang)} · {preset_title(game, preset, lang)}"


def report_table(tally: Tally, preset: str, lang: Lang, console: Console) -> None:
    setup = tally.setup
    zh = lang == "zh"
    table = table_title(tally, preset, lang)
    title = (f"复式对战：{table}，{tally.deals} 副牌 × "
             f"{len(setup.seating)} 种座次，种子 {setup.seed}" if zh else
             f"duplicate arena: {table}, {count_en(tally.deals, 'deal', 'deals')} × "
             f"{len(setup.seating)} seatings, seed {setup.seed}")
    console.print(Text(title, style="bold"))
    console.print(_table(tally, lang))
    console.print(_rates(tally, lang))
    console.print("差 = 该机器人每座每副平均分 − 同桌其余座位的平均分（对手不同，所以差的高低"
                  "不一定跟每局平均一样）；区间按副牌配对。\n"
                  "评分 = OpenSkill（Plackett–Luce）评分 μ ± σ：只看每局的名次，不看分差。"
                  if zh else
                  "diff = the bot's mean per seat and deal minus the other seats' at its table "
                  "(each bot meets other opponents, so diffs need not rank as the means do); "
                  "intervals from the per-deal paired differences.\n"
                  "rating = OpenSkill (Plackett–Luce) μ ± σ: from each deal's order of "
                  "finish only, not by how much.")
    for line in _notes(tally, lang):
        console.print(Text(line, style="yellow"))


def _notes(tally: Tally, lang: Lang) -> list[str]:
    """What the figures do not say: too few deals to call a difference, and a game whose
    money leaves something out (钵福) scored by its money."""
    zh, setup, out = lang == "zh", tally.setup, []
    if tally.deals < SMALL_SAMPLE:
        out.append(f"不到 {SMALL_SAMPLE} 副牌：区间是正态近似，偏窄，不标显著（*）" if zh else
                   f"fewer than {SMALL_SAMPLE} deals: the intervals are a normal "
                   "approximation, too narrow here; nothing is starred significant")
    return out + worth_notes(setup.game.worth_unit(setup.parsed_rules), setup.score, lang)



_HEAD = {"zh": ("机器人", "每局平均", "差（95%）", "差（99%）", "评分 μ ± σ", "得分局"),
         "en": ("bot", "mean / deal", "diff (95%)", "diff (99%)", "rating μ ± σ", "ahead")}


def _table(tally: Tally, lang: Lang) -> RichTable:
    head = _HEAD[lang]
    table = _grid(head[:5])
    claims = tally.deals >= SMALL_SAMPLE
    for e in tally.entrants:
        diff = estimate(e.diffs)
        table.add_row(bot_label(e.name, lang), f"{estimate(e.scores).mean:+.3f}",
                      figure(_interval(diff.mean, diff.half_width, 1.0, claims)),
                      figure(_interval(diff.mean, diff.half_width, Z99 / Z95, claims)),
                      figure(f"{e.rating.mu:.2f} ± {e.rating.sigma:.2f}"))
    return table


def _rates(tally: Tally, lang: Lang) -> RichTable:
    """The rates (of the seat-deals where each applies), one column per fact."""
    renderer = renderer_for(tally.setup.game)
    keys = list(dict.fromkeys(k for e in tally.entrants for k in e.rates))
    labels = [_HEAD[lang][5] if k == AHEAD else renderer.fact_label(k, lang) for k in keys]
    table = _grid((_HEAD[lang][0], *labels))
    for e in tally.entrants:
        table.add_row(bot_label(e.name, lang), *(_pct(e.rates[k].value if k in e.rates else None)
                                for k in keys))
    return table


def _grid(head: Sequence[str]) -> RichTable:
    """The report's table: the terminal's fitted table (a narrow terminal wraps a heading
    or a bot's name between words and folds what is left, never cuts it with "…")."""
    return public_table([(head[0], False), *((text, True) for text in head[1:])])


def _interval(mean: float, half95: float | None, widen: float, claims: bool) -> str:
    """``mean ± half`` (the 95% half width times ``widen``), starred when it excludes 0
    (and there are deals enough to say so: ``claims``)."""
    if half95 is None:
        return f"{mean:+.3f}"
    half = half95 * widen
    mark = " *" if claims and abs(mean) > half else ""
    return f"{mean:+.3f} ± {half:.3f}{mark}"


def _pct(value: float | None) -> str:
    return "—" if value is None else f"{100 * value:.1f}%"
