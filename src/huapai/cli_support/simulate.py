"""``huapai simulate``: bots play N deals and the command reports how each seat fared.

The N deals are **one match of N deals** (``core.match.Match``): the first 头家 comes from
the game's own ritual and the lead then rotates by ``next_dealer``, so every seat leads
its share of deals and the per-seat means are not skewed by position. Deal ``i`` is
dealt from ``derive_seed(seed, "deal", i)`` and the bot at seat ``s`` is seeded with
``derive_seed(seed, "bot", s)``: the same command gives the same numbers. A match that
ends itself (钵福's 得一钵, ``game.match_over``) is followed by the next one, seeded
``derive_seed(seed, "match-K")``, until N deals are played.

``--record FILE`` writes each match's record as ``huapai play --record`` does (for
``huapai replay`` / ``review`` / ``verify``): the first match to FILE, a later one (钵福)
to FILE-2, FILE-3… beside it.

The game-specific rates (掀牛: 够牌, 刺, 首轮无掀) come from the game renderer's
``deal_facts`` over the final public view of each deal.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.table import Table as RichTable
from rich.text import Text

from huapai.core.match import Match
from huapai.core.rng import derive_seed
from huapai.core.session import Agent, AgentError, Deal

from .i18n import Lang, bot_label, bracketed, colon, seat_name, tr
from .render import RenderContext, Renderer, Units, public_table, renderer_for
from .rules_view import house_rules
from .setup import Table, bot_failure, match_file, save_record, worth_notes
from .stats import SMALL_SAMPLE, Tally, estimate
from .tables import figure


def drive(deal: Deal, agents: Mapping[int, Agent], names: Mapping[int, str]) -> int:
    """Let the agents finish ``deal`` (the match driver's loop); returns the number of
    decisions taken. A bot's illegal choice is a :class:`CliError` naming the bot."""
    try:
        return deal.play_out(agents)
    except AgentError as exc:
        raise bot_failure(exc, names) from None


@dataclass(slots=True)
class Simulation:
    table: Table
    bots: dict[int, str]
    agents: dict[int, Agent]
    deals: int
    seed: int
    record_path: Path | None = None
    score: str = "money"
    """What a seat scores: the deal's money, or by worth (``--score worth``: 钵福's money
    moves only at 得一钵, and a short run's means read 0 — a researcher's check). A deal's
    ``game.worth`` counts the 算盘's whole standing, which the deal carried in from the one
    before; its score is its worth less that carried standing (the earlier deal's worth
    beyond its money; none at a match's start), so a run's scores add up to its money plus
    the standing it ends on."""

    def run(self, tick: Callable[[], None] | None = None) -> Tally:
        game, rules = self.table.game, self.table.rules
        renderer = renderer_for(game)
        ctx = RenderContext(game, rules, "en")
        tally = Tally(self.table.seats)
        played, number = 0, 0
        while played < self.deals:  # a match that ends itself (钵福's 得一钵): the next one
            seed = self.seed if number == 0 else derive_seed(self.seed, f"match-{number}")
            match = Match(game, rules, self.deals - played, seed, preset=self.table.preset)
            carried = [0.0] * self.table.seats  # the standing a deal of this match starts on
            while not match.finished:
                deal = match.start_deal()
                decisions = drive(deal, self.agents, self.bots)
                settlement = match.finish_deal()
                facts = renderer.deal_facts(game.observe(deal.state, None), ctx)
                scores: Sequence[float] = settlement.deltas
                if self.score == "worth":
                    worth = game.worth(deal.state)
                    scores = [w - c for w, c in zip(worth, carried, strict=True)]
                    carried = [w - m for w, m in zip(worth, settlement.deltas, strict=True)]
                tally.add_deal(scores, decisions, dict(facts.per_seat), dict(facts.per_deal))
                played += 1
                if tick is not None:
                    tick()
            if self.record_path is not None:
                save_record(match_file(self.record_path, number), match.record.lines())
            number += 1
        return tally


def _num(value: float | None) -> float | None:
    if value is None or math.isnan(value):
        return None
    return round(value, 6)


def report_json(sim: Simulation, tally: Tally) -> dict[str, Any]:
    """The machine-readable result of a simulation."""
    t = sim.table
    seats = []
    for seat in range(t.seats):
        est = estimate(tally.scores[seat])
        interval = est.interval
        seats.append({
            "seat": seat,
            "bot": sim.bots[seat],
            "mean": _num(est.mean),
            "ci95": None if interval is None else [_num(interval[0]), _num(interval[1])],
            "total": sum(tally.scores[seat]) if sim.score == "money"
            else _num(sum(tally.scores[seat])),
            "rates": {k: _num(rates[seat].value) for k, rates in tally.seat_rates.items()},
        })
    return {
        "game": t.game.name,
        "preset": t.preset,
        "rules": t.game.rules_to_dict(t.rules),
        "seed": sim.seed,
        "score": sim.score,
        "deals": tally.deals,
        "format": "one match of N deals, lead rotating",
        "seats": seats,
        "rates": {k: _num(r.value) for k, r in tally.deal_rates.items()},
        "mean_decisions": _num(tally.mean_decisions()),
        # the ci95 are the normal approximation's: too narrow on a handful of deals (a
        # researcher took 5 deals' for a t interval), flagged as the arena flags them
        "small_sample": tally.deals < SMALL_SAMPLE,
    }


def report_table(sim: Simulation, tally: Tally, lang: Lang, console: Console) -> None:
    """The human-readable result: one row per seat, then the per-deal rates."""
    t = sim.table
    renderer = renderer_for(t.game)
    console.print(Text(tr("sim_title", lang, deals=tally.deals, title=t.title(lang),
                          seed=sim.seed), style="bold"))
    changed = house_rules(t, lang)
    if changed is not None:
        console.print(Text(changed))
    console.print(_seat_table(sim, tally, lang, renderer))
    for key, rate in tally.deal_rates.items():
        console.print(f"{renderer.fact_label(key, lang)}{colon(lang)}{_pct(rate.value)}")
    console.print(tr("mean_decisions", lang, value=tally.mean_decisions()))
    for line in worth_notes(t.game.worth_unit(t.rules), sim.score, lang):
        console.print(Text(line, style="dim"))


def _seat_table(sim: Simulation, tally: Tally, lang: Lang, renderer: Renderer) -> RichTable:
    """One row per seat: its player, mean score and rates; a cell too long for its column
    wraps between words (a seat's name and its player each kept whole), never ends in "…"."""
    keys = list(tally.seat_rates)
    table = public_table([(tr("bot", lang), False), (tr("mean_score", lang), True),
                          *((renderer.fact_label(key, lang), True) for key in keys)])
    for seat in range(sim.table.seats):
        est = estimate(tally.scores[seat])
        score = f"{est.mean:+.3f}"
        if est.half_width is not None:
            score += f" ± {est.half_width:.3f}"
        rates = [_pct(tally.seat_rates[k][seat].value) for k in keys]
        who = Units((Text(seat_name(seat, lang)),
                     Text(bracketed(bot_label(sim.bots[seat], lang), lang))), gap="")
        table.add_row(who, figure(score), *rates)
    return table


def _pct(value: float | None) -> str:
    return "—" if value is None else f"{100 * value:.1f}%"
