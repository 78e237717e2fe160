"""``huapai play``: a whole match in the terminal, one human against bots.

The loop is generic over the protocol. Whoever is in ``to_act`` answers, one at a time;
when several seats may act at once (a claim window), the human answers first, so no
bot's answer can tell the human anything. The human sees only ``observe(state, seat)``
and events passed through ``for_viewer(seat)``.

Input is read by :mod:`.interpret` (a list number, the notation, a label, a command).
Anything wrong is explained and asked again; ``q`` asks once more and ends the match
cleanly when it is typed again (掀牛's 虎 is a capital ``Q``: a slip must not lose the
match); end of input ends it at once, and so does Ctrl-C while the bots play or pressed
twice at a prompt (exit status 130).
"""

from __future__ import annotations

import sys
import unicodedata
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from contextlib import AbstractContextManager, nullcontext
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from rich.console import Console, RenderableType
from rich.text import Text

from huapai.bots.pace import play_out_paced
from huapai.bots.registry import house_bot, make_bot
from huapai.core.match import Match
from huapai.core.protocol import Event, IllegalAction
from huapai.core.rng import derive_seed
from huapai.core.session import Agent, AgentError, Deal, decide

from .fold import folded
from .i18n import Lang, bot_label, comma, tr
from .interpret import Reply, choice_word, command_of, interpret
from .play_help import help_view
from .render import (
    Heading,
    RenderContext,
    Renderer,
    breakdown_view,
    choices_view,
    ended_view,
    event_lines,
    foldable,
    hints_view,
    number_readings,
    payments_view,
    renderer_for,
    signed,
    standing_waits_view,
    waits_view,
)
from .resume import players_of
from .rules_view import house_rules
from .setup import Table, bot_failure, match_file, save_record
from .typeahead import drop_typed_ahead

MAX_LINE = 60
"""The longest line read as one action (掀牛's longest play is ≈ 20 characters)."""

LineReader = Callable[[str], str]
"""Reads one line after showing a prompt; raises EOFError at the end of input."""

_INTERRUPTED = 130
"""The exit status after Ctrl-C (128 + SIGINT), as a shell reports an interrupted command."""
_RECALLED = 6  # a resumed deal's latest log lines said again before play goes on


_NO = frozenset({"n", "no", "不", "不了", "否"})
"""Answers to 再来一场？ that stop, beside the quit words."""
_PRACTICE = frozenset({"bao", "bubao"})
"""Kinds of the 报数 practice's own question (钵福's 自己报数): the hint does not answer it
(it said the number, and one word emptied the practice: a play-test)."""
_AGAIN = frozenset({"", "y", "yes", "是", "好", "再来", "再来一场", "again"})
"""Answers to 再来一场？ that play another: anything else asks again (a 听 typed ahead of
the match's end started a new match: a play-test)."""


_GO_ON = frozenset({"继续", "下一局", "go", "next", "continue"})
"""Answers to the next deal's prompt that play on, beside Enter and _AGAIN's words:
anything else is refused and asked again."""


class _Leave(Exception):
    """The human ends the match: ``q`` (reason ``quit``), end of input (``eof``) or Ctrl-C
    (``interrupt``, exit status 130 as a shell expects)."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


def console_reader(console: Console, lang: Lang) -> LineReader:
    def read(prompt: str) -> str:
        if drop_typed_ahead(sys.stdin):
            console.print(Text(tr("typed_ahead", lang), style="yellow"))
        return console.input(Text(prompt, style="bold"))

    return read


@dataclass
class HumanMatch:
    """One human at ``me`` against ``bots`` (seat -> bot name) for a whole match."""

    table: Table
    me: int
    bots: dict[int, str]
    agents: dict[int, Agent]
    seed: int
    deals: int
    lang: Lang
    console: Console
    reader: LineReader
    record_path: Path | None = None
    #: a match picked up from its record (``--resume``), else a new one is made
    resumed: Match | None = None
    match: Match = field(init=False)
    renderer: Renderer = field(init=False)
    ctx: RenderContext = field(init=False)
    _held: tuple[Mapping[str, Any], int] | None = field(init=False, default=None)
    _interrupted: bool = field(init=False, default=False)  # Ctrl-C at the last prompt
    #: the deal's log as printed (「记录」 prints its end again: on 24 rows a long round of
    #: the bots' moves scrolled off before the player's turn, a play-test)
    _log: list[str] = field(init=False, default_factory=list)
    _quiet: bool = field(init=False, default=False)  # a resumed deal's log, rebuilt unsaid
    _claim: str | None = field(init=False, default=None)  # my claim, its window still open

    def __post_init__(self) -> None:
        self.match = self.resumed or Match(self.table.game, self.table.rules, self.deals,
                                           self.seed, preset=self.table.preset)
        self.match.record.players = players_of(self.me, self.bots, self.table.seats)
        self.renderer = renderer_for(self.table.game)
        self.ctx = RenderContext(self.table.game, self.table.rules, self.lang, self.me,
                                 {s: bot_label(b, self.lang) for s, b in self.bots.items()})

    # ------------------------------------------------------------------- the match
    def run(self) -> int:
        self._intro()
        try:
            while not self.match.finished:
                self._one_deal()
        except KeyboardInterrupt:  # Ctrl-C while the bots play
            return self._leave(_Leave("interrupt"))
        except _Leave as leave:
            return self._leave(leave)
        self._print(Text(tr("match_over", self.lang, totals=self._totals()), style="bold"))
        self._save(announce=True)
        return 0

    def another(self) -> bool:
        """After a match played to its end, a terminal asks whether to play another (the
        program just ended there, a play-tester took it for a crash); piped input is not
        asked. Enter (or 再来 / y) plays on; ``q``, ``n``, 不 or the end of input stop."""
        if not self.console.is_terminal or not self.match.finished:
            return False
        while True:
            try:
                answer = self._after_deal("another_match")
            except _Leave:
                return False
            if command_of(answer) == "quit" or answer.casefold() in _NO:
                return False
            if answer.casefold() in _AGAIN:
                return True
            self._complain(tr("another_unclear", self.lang, text=answer))

    def _leave(self, leave: _Leave) -> int:
        self._print()
        self._print(Text(tr(leave.reason, self.lang), style="yellow"))
        self._save(announce=True)
        if self.record_path is not None and not self.match.finished:
            self._print(Text(tr("resume_hint", self.lang, path=str(self.record_path)),
                             style="dim"))
        return _INTERRUPTED if leave.reason == "interrupt" else 0

    def _intro(self) -> None:
        t = self.table
        self._print(Heading(Text(tr("match_start", self.lang, title=t.title(self.lang),
                                        deals=self._deals_word(), seed=self.seed,
                                        seat=self.me))))
        bots = comma(self.lang).join(f"{self.ctx.name(s)}={self.ctx.players[s]}"
                                     for s in sorted(self.bots))
        self._print(Text(tr("opponents", self.lang, bots=bots)))
        changed = house_rules(t, self.lang)
        if changed is not None:
            self._print(Text(changed, style="bold"))
        if self.resumed is None:
            self._show_events(self.match.opening)
            return
        self._print(Text(tr("resumed", self.lang, done=len(self.match.settlements),
                            totals=self._totals()), style="bold"))

    def _totals(self) -> str:
        return "  ".join(f"{self.ctx.name(s)} {signed(t)}" for s, t in enumerate(self.match.totals))

    def _one_deal(self) -> None:
        going = self.match.current  # a resumed deal, already under way
        deal = going or self.match.start_deal()
        self._log, self._claim = [], None
        n = len(self.match.settlements) + 1
        self._print(Heading(tr(self._open("deal_header"), self.lang, n=n, total=self.deals)
                            + (tr("deal_resumed", self.lang) if going else "")))
        if going is None:
            self._show_events(deal.opening)
        else:
            self._recall(going)
        if self.me not in self.table.game.to_act(deal.state):
            self._print(self._table_view(deal))
        agents: dict[int, Agent] = {**self.agents, self.me: _Human(self, deal)}
        try:
            play_out_paced(deal, agents, self.me, self._after, waiting=self._waiting)
        except AgentError as exc:
            raise bot_failure(exc, self.bots) from None
        settlement = self.match.finish_deal()
        self._show_end(deal, settlement.to_json())
        self._save()
        if not self.match.finished:
            self._between_deals(n + 1)

    def _show_end(self, deal: Deal, settlement: Mapping[str, Any],
                  parts: Sequence[str] = ("settlement", "show")) -> None:
        """The deal's end: the breakdown, then the final table (its 【结束】 line and the
        winner's hand by units), then the payments and each seat's result — last, by the
        prompt. Breakdown last, a 双别杆 end (≈ 45 lines) left an 80 × 24 terminal its
        second half alone: who won, on which card, had scrolled off (a play-test).
        ``parts``: the settlement and / or the table (asked again after the deal). Why the
        deal ended is said again over the payments where the table's own line is out of
        sight: a 5-seat 秀山 table is taller than 24 rows, and 本局无人收付 stood alone by the
        prompt with 【结束】黄庄 scrolled off (a terminal play-test); 明细 says it too."""
        view = self._view(deal)
        table = self.renderer.table(view, self.ctx) if "show" in parts else None
        if "settlement" in parts:
            self._print(breakdown_view(settlement, self.ctx))
        if table is not None:
            self._print(table)
        if "settlement" not in parts:
            return
        payments = payments_view(settlement, self.match.totals, self.ctx)
        ended = ended_view(self.renderer, view, self.ctx)
        if ended is not None and (table is None or self._taller(table, payments)):
            self._print(ended)
        self._print(payments)

    def _taller(self, *shown: RenderableType) -> bool:
        """Whether ``shown`` take more rows than the terminal has (24 when not a terminal)."""
        height = self.console.height if self.console.is_terminal else 24
        options = self.console.options
        rows = sum(len(self.console.render_lines(r, options, pad=False)) for r in shown)
        return rows >= height - 1

    def _after_deal(self, prompt: str, **values: object) -> str:
        """A line typed at a prompt after a deal (the next deal's, 再来一场's): 明细 shows the
        settlement again, 牌桌 the final table, 记录 the deal's log, ? says so; anything
        else is the answer."""
        while True:
            answer = self._read(prompt, **values).strip()
            command = command_of(answer)
            deal, settlements = self.match.last, self.match.settlements
            if command in ("settlement", "show") and deal is not None and settlements:
                self._show_end(deal, settlements[-1].to_json(), (command,))
            elif command == "log":
                self._show_log()
            elif command == "help":
                self._print(Text(tr("end_help", self.lang), style="cyan"))
            else:
                return answer

    def _show_log(self) -> None:
        """「记录」: the deal's log again, as much of its end as the screen holds."""
        if not self._log:
            self._print(Text(tr("log_empty", self.lang), style="dim"))
            return
        room = max(8, (self.console.height if self.console.is_terminal else 24) - 4)
        shown = self._log[-room:]
        title = "log_title" if len(shown) < len(self._log) else "log_title_all"
        self._print(Text(tr(title, self.lang, n=len(self._log), k=len(shown)), style="bold"))
        for line in shown:
            self.console.print(Text("  " + line))

    def _ends_itself(self) -> bool:
        """A match that ends itself (钵福's 得一钵), played to its family's cap of deals:
        "deal 1 of 200" read as a very long match (a play-test)."""
        return self.deals == self.table.game.default_deals(self.table.rules)

    def _open(self, key: str) -> str:
        """``key``, or its ``_open`` form for a match that ends itself."""
        return f"{key}_open" if self._ends_itself() else key

    def _deals_word(self) -> str:
        """The match's length as the intro says it."""
        if self._ends_itself():
            return tr("deals_open", self.lang, total=self.deals)
        return tr("deals_n", self.lang, n=self.deals)

    def _between_deals(self, n: int) -> None:
        """In a terminal, the settlement stays until Enter: the next deal's table pushed it
        off the screen at once (a play-tester scrolled back for it). ``q`` asks to leave,
        as at a turn. Piped input plays straight on (no line is taken from it)."""
        if not self.console.is_terminal:
            return
        while True:
            answer = self._after_deal(self._open("next_deal"), n=n, total=self.deals)
            if command_of(answer) == "quit":
                self._confirm_quit()
                return
            if answer.casefold() in _AGAIN or answer.casefold() in _GO_ON:
                return
            # a card or 提示 typed ahead started the next deal unasked (a play-test)
            self._complain(tr("next_unclear", self.lang, text=answer))

    def _waiting(self, seats: Sequence[int]) -> AbstractContextManager[object]:
        """A spinner naming the search bots a person waits for (a terminal only); what the
        log holds is said first, not after the wait."""
        self._flush()
        if not self.console.is_terminal:
            return nullcontext()
        who = self.ctx.pick("、", ", ").join(self.ctx.name(s) for s in seats)
        return self.console.status(Text(tr("thinking", self.lang, who=who), style="dim"))

    def _after(self, seat: int, action: int, events: Sequence[Event]) -> None:
        self._show_events(events)
        self._claim_outcome(seat, action, events)
        deal = self.match.current
        # my move (a discard: not each 过 that answers a discard after it) left me waiting;
        # a claim waits for the other seats' answers and changes nothing yet (a forced 碰's
        # waits were said before the 碰, as if the claimed card were still a wait: a
        # play-test), so only a move of mine that took effect says them
        took = any(e.seat == self.me and e.kind != "answered" for e in events)
        if seat == self.me and deal is not None and took \
                and self.table.game.describe_action(self.table.rules, action).kind != "pass":
            found = standing_waits_view(self.renderer, self._view(deal), self.ctx)
            if found is not None:
                self._print(found)

    def _claim_outcome(self, seat: int, action: int, events: Sequence[Event]) -> None:
        """A claim of mine that another seat's outranked (its 和 over my 碰) is said not
        made: 已替你选：碰 was followed by the other's 和 and no word of the 碰 (a play-test)."""
        if seat == self.me and any(e.seat == self.me and e.kind == "answered" for e in events):
            info = self.table.game.describe_action(self.table.rules, action)
            self._claim = None if info.kind == "pass" else info.label.text(self.lang)
        if self._claim is None:
            return
        moved = [e for e in events if e.kind != "answered" and e.seat is not None]
        if not moved:  # the window is still open
            return
        claim, self._claim, other = self._claim, None, moved[0].seat
        if other is not None and other != self.me:
            self._print(Text(tr("claim_not_made", self.lang, claim=claim,
                                who=self.ctx.name(other)), style="yellow"))

    # ------------------------------------------------------------------- the human's turn
    def choose(self, deal: Deal, legal: Sequence[int]) -> int:
        """Ask the human until a legal answer (commands and mistakes ask again)."""
        game, rules = self.table.game, self.table.rules
        notations = [game.format_action(rules, a) for a in legal]
        # listed by their labels in the player's language; typed as numbers or notation
        described = [game.describe_action(rules, a) for a in legal]
        shown = [d.label.text(self.lang) for d in described]
        if len(legal) == 1:
            # a forced move (the only beater, a forced 碰) is played and said; a forced pass
            # (过 on a discard one cannot claim, 不紮 at 请统) is the seat having nothing to
            # do: said, it was a line after nearly every discard
            if described[0].kind != "pass":
                self._print(Text(tr("forced", self.lang, text=shown[0]), style="dim"))
            return legal[0]
        self._show_decision(deal, shown)
        # the record so far, before the player is asked: it was written only at a deal's
        # end, so a terminal closed during the first deal left nothing to resume (a play-test)
        self._save()
        # where no listed action plays cards (掀 / 不掀, 过, 报数) a number cannot mean cards
        held = self._holds(deal) if any(d.cards for d in described) else None
        while True:
            reply = interpret(self._read(), legal, shown,
                              lambda w: game.parse_action(rules, w), self.lang,
                              notations=notations, number_cards=self._number_cards,
                              held=held)
            if reply.command is not None:
                self._command(reply.command, deal, shown, legal)
            elif reply.problem is not None:
                self._complain(reply.problem)
            elif reply.action is not None and self._accepts(deal, reply):
                return reply.action

    def _holds(self, deal: Deal) -> Callable[[int], bool]:
        """Whether this seat holds the cards of an action (its tokens, as the view writes
        the hand): a list number that reads as such cards is asked about, not taken."""
        hand = Counter(str(self._view(deal).get("hand", "")).split())
        game, rules = self.table.game, self.table.rules

        def held(action: int) -> bool:
            try:
                need = Counter(game.describe_action(rules, action).cards)
            except ValueError:
                return False
            return bool(need) and all(hand[tok] >= n for tok, n in need.items())
        return held

    @property
    def _number_cards(self) -> bool:
        """Whether the game writes any card as a number (掀牛's poker: yes; 汉字 cards: no)."""
        return number_readings(self.renderer, self.ctx).cards is not None

    def _accepts(self, deal: Deal, reply: Reply) -> bool:
        """Whether the engine takes the reply now (asked of the pure engine, on a copy:
        its refusal, with its reason, changes nothing)."""
        assert reply.action is not None
        try:
            self.table.game.apply(deal.state, self.me, reply.action)
        except IllegalAction as exc:
            self._complain(tr("illegal", self.lang, reason=exc.msg.text(self.lang)))
            return False
        label = self.table.game.describe_action(self.table.rules, reply.action).label
        self._print(Text(tr("chose", self.lang, text=label.text(self.lang)),
                                style="green"))
        return True

    def _read(self, prompt: str = "prompt", **values: object) -> str:
        """A line typed after the label ``prompt``; end of input leaves, and so does Ctrl-C
        pressed twice in a row: the first only says so and asks again (one slip — Ctrl-C
        is copy in many terminals — ended a match for good, a play-test)."""
        while True:
            try:
                line = self.reader(tr(prompt, self.lang, **values))
            except EOFError:
                self._print()
                raise _Leave("eof") from None
            except KeyboardInterrupt:
                self._print()
                if self._interrupted:
                    raise _Leave("interrupt") from None
                self._interrupted = True
                self._print(Text(tr("interrupt_again", self.lang), style="yellow"))
                continue
            self._interrupted = False
            # full-width letters and digits as typed with a Chinese input method on (报６,
            # ｓ９) read as their ASCII (a play-test got a generic refusal); a line longer
            # than any action is refused unquoted (300 characters echoed twice scrolled the
            # table away: a terminal play-test)
            line = unicodedata.normalize("NFKC", line)
            if len(line.strip()) > MAX_LINE:
                self._complain(tr("too_long", self.lang, n=len(line.strip()), most=MAX_LINE))
                continue
            return line

    def _command(self, command: str, deal: Deal, shown: Sequence[str],
                 legal: Sequence[int]) -> None:
        if command == "quit":
            self._confirm_quit()
        elif command == "hint":
            self._hint(deal, legal, shown)
        elif command == "waits":
            self._print(waits_view(self.renderer, self._view(deal), self.ctx))
        elif command == "help":
            self._print(help_view(self.renderer, self.ctx))
        elif command == "log":
            self._show_log()
        elif command == "settlement":
            self._complain(tr("not_over", self.lang))
        else:
            self._show_decision(deal, shown)

    def _hint(self, deal: Deal, legal: Sequence[int], shown: Sequence[str]) -> None:
        """「提示」: what the family's house bot (托管 in a room) would play here — from
        this seat's view only — as what to type for it (its number in the list, ``#n``
        where the bare number could be read otherwise) and its label."""
        game, rules = self.table.game, self.table.rules
        if all(game.describe_action(rules, a).kind in _PRACTICE for a in legal):
            self._print(Text(tr("hint_practice", self.lang), style="cyan"))
            return
        bot = make_bot(house_bot(game.name), game, rules, self.me, self.seed)
        choice = decide(bot, game, deal.state, self.me, legal)
        label = game.describe_action(rules, choice).label.text(self.lang)
        n = list(legal).index(choice) + 1
        self._print(Text(tr("hint_line", self.lang, n=choice_word(n, shown, self._number_cards),
                            text=label), style="cyan"))

    def _confirm_quit(self) -> None:
        """``q`` mid-deal asks again: a second quit word leaves, anything else plays on."""
        answer = self._read("quit_confirm").strip()
        if command_of(answer) == "quit" or answer.casefold() in ("y", "yes", "是", "确定"):
            raise _Leave("quit")
        self._print(Text(tr("quit_cancelled", self.lang), style="dim"))

    def _complain(self, problem: str) -> None:
        self._print(Text("✗ " + problem, style="red"))

    # ------------------------------------------------------------------- showing
    def _show_decision(self, deal: Deal, shown: Sequence[str]) -> None:
        """The table, what to know (an offered win, the waits), then the choices last, by
        the prompt: under the waits they scrolled off a 30-row terminal (a play-test)."""
        view = self._view(deal)
        self._print(self.renderer.table(view, self.ctx))
        hints = hints_view(self.renderer, view, self.ctx)
        if hints is not None:
            self._print(hints)
        self._print(Text("▶ " + tr("your_turn", self.lang), style="bold yellow"))
        self._print(choices_view(self.renderer, view, shown, self.ctx))

    def _view(self, deal: Deal) -> Mapping[str, Any]:
        """What the human's seat may see now (the only view this loop ever shows)."""
        return self.table.game.observe(deal.state, self.me)

    def _table_view(self, deal: Deal) -> RenderableType:
        return self.renderer.table(self._view(deal), self.ctx)

    def _show_events(self, events: Sequence[Event]) -> None:
        """The log: each event a line, said at once; identical events of one seat in a row
        that the renderer words as one line (紧牌's face-down discards) are held for it."""
        for event in events:
            if event.kind == "deal_ended":  # the table drawn next says it (【结束】…)
                continue
            seen = event.for_viewer(self.me).to_json()
            if self._held is not None and self._held[0] == seen:
                self._held = (seen, self._held[1] + 1)
                continue
            self._flush()
            self._held = (seen, 1)
            if not foldable(self.renderer, seen, self.ctx):
                self._flush()

    def _recall(self, deal: Deal) -> None:
        """A resumed deal's moves so far: into the log, its last few said again (「记录」 said
        the deal had none, and nothing showed what the bots had just done: a play-test)."""
        self._quiet = True
        try:
            self._show_events([*deal.opening, *deal.events])
            self._flush()
        finally:
            self._quiet = False
        if self._log:
            self._print(Text(tr("recalled", self.lang), style="bold"))
            for part in self._log[-_RECALLED:]:
                self.console.print(Text("  " + part))

    def _flush(self) -> None:
        """Say the held events (before anything else is printed)."""
        if self._held is None:
            return
        event, count = self._held
        self._held = None
        for line in event_lines(self.renderer, event, count, self.ctx):
            # each part indented: a long line wrapped by the terminal lost its indent, and
            # Chinese broke only at its spaces ("34 胡，4" / "分。")
            for part in folded(line, self.console.width - 2, self.ctx.lang, self.console):
                if not self._quiet:
                    self.console.print(Text("  " + part))
                self._log.append(part)

    def _print(self, *renderables: RenderableType) -> None:
        self._flush()
        self.console.print(*renderables)

    def _save(self, announce: bool = False) -> None:
        """Write the record so far (at each of the player's decisions, after every deal, and
        when the match ends)."""
        if self.record_path is None:
            return
        save_record(self.record_path, self.match.record.lines())
        if announce:
            self._print(Text(tr("record_saved", self.lang, path=str(self.record_path)),
                                style="dim"))


@dataclass(frozen=True, slots=True)
class _Human:
    """The human as an agent of the match driver: asks at the terminal."""

    match: HumanMatch
    deal: Deal

    def act(self, observation: object, legal: Sequence[int]) -> int:
        return self.match.choose(self.deal, legal)


def run_play(table: Table, *, me: int, bots: dict[int, str],
             make_agents: Callable[[int], dict[int, Agent]], seed: int, deals: int,
             lang: Lang, console: Console, reader: LineReader | None = None,
             record_path: Path | None = None, resumed: Match | None = None) -> int:
    """Play a match, and in a terminal another after it while the player asks for one
    (each seeded ``derive_seed(seed, "match-K")`` and shown, its bots made afresh by
    ``make_agents(seed)``, its record beside the first: FILE-2, FILE-3…); returns the exit
    status (0 also when the human quits or the input ends, 130 after Ctrl-C). ``resumed``:
    the first match, as a record left it (``--resume``)."""
    read = reader or console_reader(console, lang)
    number = 0
    while True:
        match_seed = seed if number == 0 else derive_seed(seed, f"match-{number}")
        path = None if record_path is None else match_file(record_path, number)
        match = HumanMatch(table, me, bots, make_agents(match_seed), match_seed, deals, lang,
                           console, read, path, resumed if number == 0 else None)
        code = match.run()
        if code != 0 or not match.another():
            return code
        number += 1
