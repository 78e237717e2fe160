"""The renderers: how each game draws its table in a terminal.

A renderer turns a seat's ``observe()`` dict, the events it may see and the end-of-deal
facts into rich renderables. The generic code never looks inside a game's observation:
it asks the game's renderer. Lookup, in order:

1. a renderer given to :func:`register_renderer` (tests, notebooks);
2. the ``terminal_renderer`` the family's manifest names (``"module:attr"``, e.g.
   ``huapai.cli_support.families.xianniu:RENDERER``); one that does not load is an error;
3. :class:`GenericRenderer`, which shows any observation dict as it is, for a family
   that declares none.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol, runtime_checkable

from rich.console import Console, ConsoleOptions, Group, RenderableType, RenderResult
from rich.rule import Rule
from rich.table import Table
from rich.text import Text

from huapai.core.protocol import Game
from huapai.core.registry import check_target, manifests

from .i18n import Lang, bracketed, seat_name, tr
from .tables import Units as Units  # re-exported: the renderers build their tables here
from .tables import public_table as public_table


@dataclass(frozen=True, slots=True)
class RenderContext:
    """What a renderer may know besides the view: rules, language, whose screen it is."""

    game: Game[Any, Any]
    rules: Any
    lang: Lang
    me: int | None = None
    players: Mapping[int, str] = field(default_factory=dict)

    def name(self, seat: int) -> str:
        return seat_name(seat, self.lang, self.me)

    def pick(self, zh: str, en: str) -> str:
        return zh if self.lang == "zh" else en

    def owner(self, seat: int) -> str:
        """A seat as an owner: 你的 / 座位2 的 in Chinese, your / seat 2's in English."""
        if seat == self.me:
            return self.pick("你的", "your")
        return self.pick(f"{self.name(seat)} 的", f"{self.name(seat)}'s")

    def won(self, verb_zh: str, how: str) -> str:
        """After a winner's name: `` 和了（自摸）`` / `` won (self-drawn) `` — the verb
        (``verb_zh`` in Chinese, "won" in English) and how, as an aside."""
        return self.pick(f" {verb_zh}", " won") + bracketed(how, self.lang) + self.pick("", " ")

    def who_plays(self, seat: int) -> str:
        """Who plays ``seat`` in brackets (``（搜索 · 普通）``), "" for the human's seat."""
        player = self.players.get(seat)
        return "" if player is None else bracketed(player, self.lang)


@dataclass(frozen=True, slots=True)
class DealFacts:
    """Yes/no facts about a finished deal, for ``simulate``'s rates.

    ``per_seat[key][seat]`` is None where the fact does not apply (a seat that sat out).
    """

    per_seat: Mapping[str, Sequence[bool | None]] = field(default_factory=dict)
    per_deal: Mapping[str, bool] = field(default_factory=dict)


EventText = Callable[[Mapping[str, Any], str, "RenderContext"], str]
"""How a renderer words one kind of event: (event, acting seat's name, context) → line."""


def event_line(handlers: Mapping[str, EventText], event: Mapping[str, Any],
               ctx: RenderContext) -> str | None:
    """An event as one line, by the handler for its kind (None: not shown)."""
    handler = handlers.get(str(event.get("kind")))
    if handler is None:
        return None
    seat = event.get("seat")
    who = ctx.name(seat) if isinstance(seat, int) else ""
    line = handler(event, who, ctx)
    if ctx.lang == "en" and seat == ctx.me and line.startswith(who + " "):
        verb, _, rest = line[len(who) + 1:].partition(" ")
        return f"{who} {base_form(verb)}{' ' if rest else ''}{rest}"
    return line


_IRREGULAR = {"is": "are", "has": "have", "does": "do", "goes": "go", "was": "were"}


def base_form(word: str) -> str:
    """The verb after "you": the handlers word an event for a seat in the third person
    ("seat 2 takes 天"), which after "you" reads "you takes". Anything not a
    third-person -s form (past tenses, "may", "cannot", a colon) is left as it is."""
    if word in _IRREGULAR:
        return _IRREGULAR[word]
    plain = word.isascii() and word.isalpha()
    if not plain or not word.endswith("s") or word.endswith(("ss", "us")):
        return word
    if word.endswith("ies") and len(word) > 4:
        return word[:-3] + "y"
    if word.endswith(("sses", "shes", "ches", "xes", "zes")):
        return word[:-2]
    return word[:-1]


class Renderer(Protocol):
    """A game's terminal view. Every method gets only what the viewer may see."""

    def table(self, view: Mapping[str, Any], ctx: RenderContext) -> RenderableType: ...
    def event(self, event: Mapping[str, Any], ctx: RenderContext) -> str | None: ...
    def notation_help(self, ctx: RenderContext) -> str: ...
    def deal_facts(self, view: Mapping[str, Any], ctx: RenderContext) -> DealFacts: ...
    def fact_label(self, key: str, lang: Lang) -> str: ...


@runtime_checkable
class DealerRenderer(Protocol):
    """A renderer whose game calls the seat a deal starts from something else than 头家
    (双别杆's 庄家, 秀山's 庄)."""

    def dealer_word(self, lang: Lang) -> str: ...


def dealer_word(renderer: Renderer, lang: Lang) -> str:
    """What the game calls the seat a deal starts from (a replay's heading)."""
    if isinstance(renderer, DealerRenderer):
        return renderer.dealer_word(lang)
    return tr("first_player", lang)


@runtime_checkable
class OpeningRenderer(Protocol):
    """A renderer whose deal starts with public facts besides the hands (秀山's flipped
    card and 将): a replay says them under the dealt hands."""

    def opening(self, view: Mapping[str, Any], ctx: RenderContext) -> str | None: ...


@runtime_checkable
class WaitsRenderer(Protocol):
    """A renderer of a game that has waits (听牌): the ``waits`` command at the prompt."""

    def waits(self, view: Mapping[str, Any], ctx: RenderContext) -> RenderableType: ...


@runtime_checkable
class StandingWaitsRenderer(Protocol):
    """A renderer that says a seat's waits as soon as its own move leaves it one card
    short (秀山: after a discard the bots play on, and the next prompt comes with a card
    drawn — the waits were never shown without asking)."""

    def standing_waits(self, view: Mapping[str, Any],
                       ctx: RenderContext) -> RenderableType | None: ...


def standing_waits_view(renderer: Renderer, view: Mapping[str, Any],
                        ctx: RenderContext) -> RenderableType | None:
    """The seat's waits right after its move, where the game says them (None: not)."""
    if isinstance(renderer, StandingWaitsRenderer):
        return renderer.standing_waits(view, ctx)
    return None


@runtime_checkable
class HintRenderer(Protocol):
    """A renderer that adds advice to a decision (say, the value of an offered 胡)."""

    def hints(self, view: Mapping[str, Any], ctx: RenderContext) -> RenderableType | None: ...


@runtime_checkable
class EchoRenderer(Protocol):
    """A renderer whose line for a move's own first event may say more than the move (a
    wrong 报子's 吃包子): a replay keeps that line under the move instead of dropping it as
    the move said again."""

    def says_more(self, event: Mapping[str, Any]) -> bool: ...


def says_more(renderer: Renderer, event: Mapping[str, Any]) -> bool:
    return isinstance(renderer, EchoRenderer) and renderer.says_more(event)


@runtime_checkable
class StatusRenderer(Protocol):
    """A renderer whose table opens with a status line (【阶段】… while a deal runs,
    【结束】 and why once it is over), which it says on its own too."""

    def status(self, view: Mapping[str, Any], ctx: RenderContext) -> RenderableType: ...


def ended_view(renderer: Renderer, view: Mapping[str, Any],
               ctx: RenderContext) -> RenderableType | None:
    """Why a finished deal ended (【结束】堂子摸完了，黄庄), as its table's first line says."""
    if not view.get("end") or not isinstance(renderer, StatusRenderer):
        return None
    return renderer.status(view, ctx)


@runtime_checkable
class ChoicesRenderer(Protocol):
    """A renderer that says a decision's choices in fewer lines than the numbered list
    (钵福's 32 报子 numbers as one line), or None for the list."""

    def choices(self, view: Mapping[str, Any], shown: Sequence[str],
                ctx: RenderContext) -> RenderableType | None: ...


@runtime_checkable
class FoldingRenderer(Protocol):
    """A renderer that words several identical events of one seat in a row as one line
    (掀牛's 紧牌: ``座位1 扣弃 9 张牌``, not 9 lines of ``座位1 扣弃一张牌``)."""

    def folded(self, event: Mapping[str, Any], count: int, ctx: RenderContext) -> str | None: ...


def foldable(renderer: Renderer, event: Mapping[str, Any], ctx: RenderContext) -> bool:
    """Whether a run of ``event`` would be said as one line (so it is worth holding)."""
    return isinstance(renderer, FoldingRenderer) and renderer.folded(event, 2, ctx) is not None


def event_lines(renderer: Renderer, event: Mapping[str, Any], count: int,
                ctx: RenderContext) -> list[str]:
    """The log lines of ``count`` identical events in a row: one folded line where the
    renderer words them so, else the event's line ``count`` times (none if not shown)."""
    if count > 1 and isinstance(renderer, FoldingRenderer):
        line = renderer.folded(event, count, ctx)
        if line is not None:
            return [line]
    one = renderer.event(event, ctx)
    return [] if not one else [one] * count


def waits_view(renderer: Renderer, view: Mapping[str, Any], ctx: RenderContext) -> RenderableType:
    """The ``waits`` command's answer: the game's own, or that the game has no waits."""
    if isinstance(renderer, WaitsRenderer):
        return renderer.waits(view, ctx)
    return Text(tr("no_waits", ctx.lang))


def choices_view(renderer: Renderer, view: Mapping[str, Any], shown: Sequence[str],
                 ctx: RenderContext) -> RenderableType:
    """A decision's choices: the renderer's own few lines, else the numbered list."""
    own = renderer.choices(view, shown, ctx) if isinstance(renderer, ChoicesRenderer) else None
    return own if own is not None else legal_list(shown, ctx.lang)


def hints_view(renderer: Renderer, view: Mapping[str, Any],
               ctx: RenderContext) -> RenderableType | None:
    """Advice the game's renderer adds to a decision (None: none)."""
    return renderer.hints(view, ctx) if isinstance(renderer, HintRenderer) else None


@dataclass(frozen=True, slots=True)
class NumberReadings:
    """Where a bare number typed at a decision may mean more than a list number, as
    examples in the player's language for the ``?`` help: ``cards``, cards written as a
    number (扑克的 2、3、10); ``items``, listed actions whose label shows a number (「报 3」);
    None where the game has none (双别杆's cards are 汉字: a number is a list number)."""

    cards: str | None
    items: str | None


@runtime_checkable
class NumbersRenderer(Protocol):
    """A renderer that says where its game's bare numbers may mean more than a list number
    (a renderer without it gets the help's general wording)."""

    def number_readings(self, ctx: RenderContext) -> NumberReadings: ...


def number_readings(renderer: Renderer, ctx: RenderContext) -> NumberReadings:
    """The game's :class:`NumberReadings`; for a game whose renderer does not say, both
    kinds, worded generally."""
    if isinstance(renderer, NumbersRenderer):
        return renderer.number_readings(ctx)
    return NumberReadings(tr("help_any_cards", ctx.lang), tr("help_any_items", ctx.lang))


def name_cell(ctx: RenderContext, seat: int, *asides: Text) -> Units:
    """A seat's name in a table (bold yellow for the viewer's), then who plays it and any
    ``asides`` (`` 庄``, `` (dealer)``), on one line while the other columns can give room,
    else each kept whole: ``座位1`` and ``（经验型）`` wrap apart, never ``（启`` / ``发式）``."""
    name = Text(ctx.name(seat), style="bold yellow" if seat == ctx.me else "")
    player = ctx.who_plays(seat)
    extra = [Text(player, style="dim")] if player else []
    return Units((name, *extra, *asides), gap="", whole=True)


class GenericRenderer:
    """Any game, shown plainly: the observation's fields, events as ``kind key=value``."""

    _HIDE = frozenset({"legal", "legal_text"})

    def table(self, view: Mapping[str, Any], ctx: RenderContext) -> RenderableType:
        grid = Table.grid(padding=(0, 2))
        grid.add_column(style="bold")
        grid.add_column()
        for key, value in view.items():
            if key not in self._HIDE:
                grid.add_row(Text(str(key)), Text(_plain(value)))
        return grid

    def event(self, event: Mapping[str, Any], ctx: RenderContext) -> str | None:
        seat = event.get("seat")
        who = ctx.name(seat) if isinstance(seat, int) else "—"
        rest = " ".join(f"{k}={_plain(v)}" for k, v in event.items() if k not in ("kind", "seat"))
        return f"{who}: {event.get('kind', '?')} {rest}".rstrip()

    def notation_help(self, ctx: RenderContext) -> str:
        return ctx.pick("动作写法见该游戏的文档。", "See the game's docs for its action notation.")

    def deal_facts(self, view: Mapping[str, Any], ctx: RenderContext) -> DealFacts:
        return DealFacts()

    def fact_label(self, key: str, lang: Lang) -> str:
        return key


def _plain(value: Any) -> str:
    if isinstance(value, list | tuple):
        return "[" + ", ".join(_plain(v) for v in value) + "]"
    if isinstance(value, Mapping):
        return "{" + ", ".join(f"{k}: {_plain(v)}" for k, v in value.items()) + "}"
    return "—" if value is None else str(value)


_REGISTERED: dict[str, Renderer] = {}


def register_renderer(game_name: str, renderer: Renderer) -> None:
    """Use ``renderer`` for ``game_name`` (overrides the manifest's ``terminal_renderer``)."""
    _REGISTERED[game_name] = renderer


def unregister_renderer(game_name: str) -> None:
    _REGISTERED.pop(game_name, None)


def renderer_for(game: Game[Any, Any]) -> Renderer:
    """The game's renderer, found as the module docstring describes."""
    if game.name in _REGISTERED:
        return _REGISTERED[game.name]
    manifest = manifests().get(game.name)
    if manifest is None or manifest.terminal_renderer is None:
        return GenericRenderer()
    found: Renderer = check_target(manifest, "terminal_renderer", manifest.terminal_renderer)
    return found


# --------------------------------------------------------------- generic, for every game
def legal_list(texts: Sequence[str], lang: Lang) -> RenderableType:
    """The numbered legal actions, as many to a line as the terminal's width takes."""
    items = [Text.assemble((f"{i:>2}", "bold cyan"), " ", text) for i, text in
             enumerate(texts, start=1)]
    return Group(Text(tr("legal", lang), style="bold"), ChoiceGrid(tuple(items)))


@dataclass(frozen=True, slots=True)
class ChoiceGrid:
    """Numbered choices in columns of one width, laid out when printed: as many to a line
    as fit ``options.max_width`` (at 60 columns an item never wraps onto the next line's
    start), one a line where even one is wider. An item far wider than the others (报子's
    ``32 no announcement (不报)`` beside ``1 announce 0``) takes a line of its own rather
    than setting every column's width (32 choices took 16 lines at 80 columns and pushed
    the table off the screen: a terminal play-test)."""

    items: tuple[Text, ...]

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        lens = sorted(item.cell_len for item in self.items) or [4]
        usual = lens[len(lens) // 2]
        widest = lens[-1] + 3
        narrow = max(n for n in lens if n <= usual * 3 // 2) + 3
        rows = self._rows(widest, options.max_width)
        if narrow < widest:  # the outliers alone, if that takes fewer lines
            fewer = self._rows(narrow, options.max_width)
            if len(fewer) < len(rows):
                rows, widest = fewer, narrow
        for row in rows:
            line = Text()
            for k, item in enumerate(row):
                line.append_text(item)
                if k < len(row) - 1:
                    line.append(" " * (widest - item.cell_len))
            yield line

    def _rows(self, width: int, max_width: int) -> list[list[Text]]:
        """The items in lines of columns ``width`` wide; a wider item alone on its line."""
        per_line = max(1, (max_width + 3) // width)
        rows: list[list[Text]] = []
        row: list[Text] = []
        for item in self.items:
            if item.cell_len + 3 > width:
                rows += [row, [item]] if row else [[item]]
                row = []
                continue
            row.append(item)
            if len(row) == per_line:
                rows.append(row)
                row = []
        return [*rows, row] if row else rows


def settlement_view(
    settlement: Mapping[str, Any], totals: Sequence[int] | None, ctx: RenderContext
) -> RenderableType:
    """A settlement: the breakdown, the itemised payments, then each seat's result and
    running total — last, by the prompt (the breakdown came after them, so the totals sat
    in the middle of the screen and the breakdown by the next deal: a play-test)."""
    return Group(breakdown_view(settlement, ctx), payments_view(settlement, totals, ctx))


def breakdown_view(settlement: Mapping[str, Any], ctx: RenderContext) -> RenderableType:
    """A settlement's 计分明细 (its notes, for one written before items existed)."""
    items = settlement.get("items", [])
    if items:
        return _items_table(items, ctx)
    return Group(*(Text("· " + str(note), style="dim") for note in settlement.get("notes", [])))


def payments_view(settlement: Mapping[str, Any], totals: Sequence[int] | None,
                  ctx: RenderContext) -> RenderableType:
    """A settlement's payments, then each seat's result (and running total)."""
    lang = ctx.lang
    payments = settlement.get("payments", [])
    return Group(Text(tr("settlement", lang), style="bold"),
                 _payments_table(payments, ctx) if payments else Text(tr("no_payments", lang)),
                 _results_table(settlement.get("deltas", []), totals, ctx))


def signed(points: int) -> str:
    """Points won or lost as the browser writes them: ``+3``, ``-2``, and ``0`` (not +0)."""
    return f"{points:+d}" if points else "0"


def unit_text(unit: Mapping[str, Any] | None, value: int, lang: Lang) -> str:
    """A settlement item's unit for ``value`` of it: English takes the unit's singular
    (its ``one`` parameter) for 1."""
    one = ((unit or {}).get("params") or {}).get("one")
    return str(one) if lang == "en" and value == 1 and one else said(unit, lang)


def said(msg: Mapping[str, Any] | None, lang: Lang, fallback: str = "") -> str:
    """A message value (``Msg.to_json()``) in ``lang``; ``fallback`` when there is none."""
    if not isinstance(msg, Mapping):
        return fallback
    return str(msg.get(lang, fallback))


def _items_table(items: Sequence[Mapping[str, Any]], ctx: RenderContext) -> Table:
    """The breakdown: per seat (table-wide lines last), each item's label and value."""
    lang = ctx.lang
    table = public_table(((tr("bot", lang), False), (tr("reason", lang), False),
                          (tr("value", lang), True)), title=tr("items", lang))
    last: object = object()
    for item in sorted(items, key=lambda i: 99 if i["seat"] is None else i["seat"]):
        seat = item["seat"]
        who = "" if seat == last else tr("table_wide", lang) if seat is None else ctx.name(seat)
        last = seat
        unit = unit_text(item.get("unit"), item["value"], lang)
        value = f"{item['value']} {unit}".strip() if unit or item["value"] else ""
        table.add_row(who, said(item.get("label"), lang), value)
    return table


def folded_payments(payments: Sequence[Mapping[str, Any]]
                    ) -> list[tuple[Mapping[str, Any], int, int]]:
    """The payments with one payer, payee and reason as one: (the first of them, their
    amounts' sum, how many), in the order they first came. 凤翔's "掀一次赔被掀的一家" came
    once a 掀, the same line three times (the browser folds them alike: settlement.js)."""
    groups: dict[str, list[Any]] = {}
    for p in payments:
        reason = json.dumps(p.get("msg") or p.get("label"), sort_keys=True, ensure_ascii=False)
        key = json.dumps([p["payer"], p["payee"], reason])
        if key in groups:
            groups[key][1] += p["amount"]
            groups[key][2] += 1
        else:
            groups[key] = [p, p["amount"], 1]
    return [(p, amount, count) for p, amount, count in groups.values()]


def _payments_table(payments: Sequence[Mapping[str, Any]], ctx: RenderContext) -> Table:
    lang = ctx.lang
    table = public_table((tr(key, lang), key == "amount")
                         for key in ("payer", "payee", "amount", "reason"))
    for p, amount, count in folded_payments(payments):
        reason = said(p.get("msg"), lang, str(p["label"]))
        table.add_row(ctx.name(p["payer"]), ctx.name(p["payee"]), str(amount),
                      Text(tr("times", lang, reason=reason, n=count) if count > 1 else reason))
    return table


def _results_table(deltas: Sequence[int], totals: Sequence[int] | None,
                   ctx: RenderContext) -> Table:
    lang = ctx.lang
    heads = [(tr("bot", lang), False), (tr("delta", lang), True)]
    if totals is not None:
        heads.append((tr("total", lang), True))
    table = public_table(heads)
    for seat, delta in enumerate(deltas):
        who = ctx.name(seat) + ctx.who_plays(seat)
        row = [who, signed(delta)]
        if totals is not None:
            row.append(signed(totals[seat]))
        table.add_row(*row)
    return table


@dataclass(frozen=True, slots=True)
class Heading:
    """A titled rule (``─── title ───``) whose title is never cut: where the line is too
    narrow for it (rich's ``Rule`` would end it in "…", dropping a seed or a seat), the
    title wraps above a plain rule."""

    title: str | Text

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        text = Text(self.title) if isinstance(self.title, str) else self.title
        if text.cell_len + 8 <= options.max_width:
            yield Rule(text)
        else:
            yield text
            yield Rule()
