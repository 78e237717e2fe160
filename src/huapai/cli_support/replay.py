"""``huapai replay``: check a record action by action and show the play-by-play.

A record (from ``play --record``, the server, a test) is rules + deal + actions in the
game's notation. Each deal is rebuilt with ``core.record.replay_deal``; the first action
that does not parse or is not legal is reported with its deal, its index (0-based, as
``ReplayError`` counts) and its line in the file, and the command exits with status 1.
A record is a full log of a finished game, so the replay shows everything: every hand
dealt and every discard.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.text import Text

from huapai.core import record as rec
from huapai.core.present import count_en, said
from huapai.core.protocol import RulesError

from .fold import folded
from .i18n import Lang, colon, seat_name, tr
from .render import (
    Heading,
    OpeningRenderer,
    RenderContext,
    Renderer,
    dealer_word,
    renderer_for,
    says_more,
    settlement_view,
    signed,
)
from .rules_view import rules_changed
from .setup import CliError, emit_json, family_title, os_problem, preset_title


@dataclass(frozen=True, slots=True)
class Problem:
    """Why a record does not replay, located in the file."""

    message: str
    data: dict[str, Any]


def read_record(path: Path) -> str:
    try:
        return path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise CliError(f"记录文件 {path} 不存在", f"record {path}: no such file") from None
    except IsADirectoryError:
        raise CliError(f"记录文件 {path} 是一个文件夹", f"record {path}: is a directory") from None
    except UnicodeDecodeError:
        raise CliError(f"记录文件 {path} 不是 UTF-8 编码的文本",
                       f"record {path}: not UTF-8 text") from None
    except OSError as exc:
        raise CliError(f"记录文件 {path} 读不出来（{os_problem(exc)}）",
                       f"record {path}: {exc.strerror or exc}") from None


def action_lines(text: str) -> list[list[int]]:
    """For each deal block, the file line number of each of its actions."""
    out: list[list[int]] = []
    for number, raw in enumerate(text.splitlines(), start=1):
        if not raw.strip():
            continue
        kind = json.loads(raw).get("type")
        if kind == "deal":
            out.append([])
        elif kind == "action" and out:
            out[-1].append(number)
    return out


def replay_all(text: str, lang: Lang) -> tuple[list[rec.Replay], list[rec.DealRecord],
                                               dict[str, Any] | None, Problem | None]:
    """Every deal of the record replayed, up to the first problem (if any)."""
    try:
        header, deals = rec.parse(text)
    except rec.RecordError as exc:
        # line 0: the file as a whole (empty: no deal), not a line of it
        key = "record_bad_line" if exc.line > 0 else "record_bad_file"
        return [], [], None, Problem(tr(key, lang, line=exc.line,
                                        reason=exc.msg.text(lang)),
                                     {"line": exc.line, "reason": exc.message})
    lines = action_lines(text)
    replays: list[rec.Replay] = []
    for k, deal in enumerate(deals):
        try:
            replays.append(rec.replay_deal(deal))
        except (rec.ReplayError, RulesError) as exc:
            return replays, deals, header, _problem(exc, k, deal, lines[k], lang)
    return replays, deals, header, None


def _problem(exc: Exception, k: int, deal: rec.DealRecord, lines: Sequence[int],
             lang: Lang) -> Problem:
    n = k + 1
    told = said(exc).text(lang)  # the reason in ``lang``; the JSON keeps the logged one
    if not isinstance(exc, rec.ReplayError) or exc.index < 0:
        reason = exc.reason if isinstance(exc, rec.ReplayError) else str(exc)
        return Problem(tr("replay_bad_header", lang, deal=n, reason=told),
                       {"deal": n, "index": None, "line": None, "reason": reason})
    if exc.index >= len(deal.actions):
        return Problem(tr("replay_bad_end", lang, deal=n, reason=told),
                       {"deal": n, "index": exc.index, "line": None, "reason": exc.reason})
    entry = deal.actions[exc.index]
    line = lines[exc.index]
    return Problem(
        tr("replay_bad", lang, deal=n, index=exc.index, line=line,
           seat=seat_name(entry.seat, lang), text=entry.action, reason=told),
        {"deal": n, "index": exc.index, "line": line, "seat": entry.seat,
         "action": entry.action, "reason": exc.reason},
    )


def deal_json(replay: rec.Replay, deal: rec.DealRecord) -> dict[str, Any]:
    game = replay.game
    over = game.is_over(replay.final)
    return {
        "game": deal.game,
        "preset": deal.preset,
        "rules": deal.rules,
        "dealer": deal.dealer,
        "seed": deal.seed,
        "deal": deal.deal,
        "opening": [e.to_json() for e in replay.opening],
        "steps": [{"index": s.index, "seat": s.seat, "action": s.text,
                   "events": [e.to_json() for e in s.events]} for s in replay.steps],
        "over": over,
        "settlement": game.settlement(replay.final).to_json() if over else None,
    }


def run_replay(path: Path, *, as_json: bool, lang: Lang, console: Console) -> int:
    replays, deals, header, problem = replay_all(read_record(path), lang)
    for deal in deals:  # a match record names its preset once, in its header
        deal.preset = deal.preset or (header or {}).get("preset")
    if as_json:
        out: dict[str, Any] = {"ok": problem is None, "match": header,
                               "deals": [deal_json(r, d) for r, d in zip(replays, deals,
                                                                         strict=False)]}
        if problem is not None:
            out["error"] = problem.data | {"message": problem.message}
        emit_json(out)
        return 0 if problem is None else 1
    if replays and deals[0].preset is not None:  # the rules a house changed, once
        changed = rules_changed(replays[0].game, deals[0].preset, deals[0].rules, lang)
        if changed is not None:
            console.print(Text(changed, style="bold"))
    match_seed = (header or {}).get("seed")
    if isinstance(match_seed, int) and not isinstance(match_seed, bool):  # play --seed S
        console.print(Text(tr("replay_match_seed", lang, seed=match_seed), style="dim"))
    for n, (replay, deal) in enumerate(zip(replays, deals, strict=False), start=1):
        show_deal(n, replay, deal, lang, console)
    totals = _totals_line(deals[:len(replays)], lang)  # the deals that replayed: a broken
    # record's unchecked end lines were summed into totals printed above its error
    if totals is not None:
        console.print(Text(totals, style="bold"))
    if problem is not None:
        console.print(Text("✗ " + problem.message, style="bold red"))
        return 1
    actions = sum(len(d.actions) for d in deals)
    console.print(Text(tr("replay_ok", lang, deals=len(deals), actions=actions,
                          deals_en=count_en(len(deals), "deal", "deals"),
                          actions_en=count_en(actions, "action", "actions")), style="green"))
    return 0


def _totals_line(deals: Sequence[rec.DealRecord], lang: Lang) -> str | None:
    """The match's totals over its finished deals (None for fewer than two: a deal's own
    settlement says it) — a replay showed each deal's and never the match's (a play-test).
    Where the deals seat their players differently (an arena's rotated seatings), by
    player: a seat's sum over them meant nothing (a researcher's play-test)."""
    ended = [(d.end["deltas"], d.players) for d in deals
             if d.end is not None and isinstance(d.end.get("deltas"), list)]
    if len(ended) < 2 or len({len(x) for x, _ in ended}) != 1:
        return None
    rotated = {tuple(who) if who else None for _, who in ended}
    if len(rotated) > 1 and None not in rotated:
        by: dict[str, int] = {}
        for deltas, who in ended:
            for name, delta in zip(who or (), deltas, strict=True):
                by[name] = by.get(name, 0) + delta
        shown = "  ".join(f"{name} {signed(t)}" for name, t in by.items())
        return tr("replay_totals_by", lang, n=len(ended), totals=shown)
    sums = [sum(column) for column in zip(*(x for x, _ in ended), strict=True)]
    shown = "  ".join(f"{seat_name(s, lang)} {signed(t)}" for s, t in enumerate(sums))
    return tr("replay_totals", lang, n=len(ended), totals=shown)


def _show_start(replay: rec.Replay, renderer: Renderer, ctx: RenderContext,
                console: Console) -> None:
    """The dealt hands, the deal's public facts (秀山's 将) and its opening events."""
    game, lang = replay.game, ctx.lang
    seen = game.omniscient(replay.initial)
    hands, melds = seen.get("hands"), seen.get("melds")
    if isinstance(hands, list):
        console.print(Text(tr("replay_hands", lang), style="bold"))
        said = getattr(renderer, "said_cards", None)  # 兰州's 红9 in Chinese, as play says it
        for seat, hand in enumerate(hands):
            if hand:
                shown = said(str(hand), ctx) if said is not None else hand
                laid = _laid(melds[seat] if isinstance(melds, list) else None)
                console.print(Text(f"  {seat_name(seat, lang)}{colon(lang)}{shown}{laid}"))
    if isinstance(renderer, OpeningRenderer):  # 秀山: the flipped card and its 将
        facts = renderer.opening(game.observe(replay.initial, None), ctx)
        if facts:
            console.print(Text(f"  {facts}"))
    for event in replay.opening:
        line = renderer.event(event.to_json(), ctx)
        if line:
            _indented(line, ctx.lang, console)


def show_deal(n: int, replay: rec.Replay, deal: rec.DealRecord, lang: Lang,
              console: Console) -> None:
    game = replay.game
    ctx = RenderContext(game, replay.rules, lang)
    renderer = renderer_for(game)
    title = family_title(game, lang)
    if deal.preset is not None and deal.preset in game.presets():
        title = f"{title} · {preset_title(game, deal.preset, lang)}"
    console.print(Heading(tr("replay_deal", lang, n=n, game=title,
                             dealer_word=dealer_word(renderer, lang),
                             dealer=seat_name(deal.dealer, lang), seed=deal.seed)))
    _show_start(replay, renderer, ctx, console)
    for step in replay.steps:  # numbered from 1, as the browser's replay and the review
        _show_step(step, replay, renderer, ctx, console)
    if game.is_over(replay.final):
        console.print(settlement_view(game.settlement(replay.final).to_json(), None, ctx))
    else:
        console.print(Text(tr("replay_unfinished", lang), style="yellow"))


def _show_step(step: rec.ReplayStep, replay: rec.Replay, renderer: Renderer, ctx: RenderContext,
               console: Console) -> None:
    """A move, numbered, by its label (as `play` and the review say it); the lines it led
    to under it — but the mover's own first line, which said the move again (#1 座位1：8 10 K
    then 座位1 出 8 10 K: every move twice, a play-test)."""
    events = [(event, renderer.event(event.to_json(), ctx)) for event in step.events]
    lines = [(event, line) for event, line in events if line]
    # (the move's own event only: a 过 says nothing, and the draw it led the same seat to
    # was taken for its echo and dropped — the replay left out the others' draws: a play-test)
    if lines and lines[0][0] is step.events[0] and getattr(lines[0][0], "seat", None) == \
            step.seat and not says_more(renderer, lines[0][0].to_json()):
        lines = lines[1:]
    label = replay.game.describe_action(replay.rules, step.action).label
    console.print(Text(f"#{step.index + 1:<3} {seat_name(step.seat, ctx.lang)}{colon(ctx.lang)}"
                       f"{label.text(ctx.lang)}", style="bold"))
    for _event, line in lines:
        _indented(str(line), ctx.lang, console)


def _indented(line: str, lang: str, console: Console) -> None:
    """An event's line under its move, each part of it indented: a long 和 line (121
    columns) broke at the terminal's edge and went on at column 0 (a terminal play-test)."""
    for part in folded(line, console.width - 6, lang, console):
        console.print(Text("      " + part))


def _laid(groups: Any) -> str:
    """The groups a seat laid as it was dealt (秀山's dealer lays its 哨 at once), after
    its hand: a 12-card hand beside 20-card ones read as a miscount (a play-test)."""
    if not isinstance(groups, list) or not groups:
        return ""
    return "".join(f" + {g['kind']}[{g['cards']}]" for g in groups
                   if isinstance(g, dict) and "kind" in g and "cards" in g)
