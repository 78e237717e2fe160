"""掀牛 / 花花牌 on the huapai game protocol."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from huapai.core.base import GameBase
from huapai.core.present import ActionInfo, Msg
from huapai.core.protocol import (
    Event,
    NotationError,
    NotOver,
    RulesError,
    Settlement,
    action_id,
)
from huapai.core.rng import derive_seed, reshuffled, shuffled
from huapai.core.view import TableView, check_seat

from . import flow
from .cards import (
    DECK,
    NUM_FACES,
    face_text,
    format_counts,
    format_faces,
    parse_counts,
    said_zh,
)
from .cards import parse_faces as _parse_faces
from .combos import catalogue
from .describe import describe_action
from .events import BanPaiDrawn
from .observe import encode, observation_size, omniscient, table_view
from .rules import PRESETS, XianniuRules
from .sample import resample, resample_informed
from .scoring import settle
from .state import DECLINE, DISCARD0, JIN, OVER, PLAY0, XIAN, State

_DECLINE_WORDS = {"不掀", "扣", "扣了", "放弃", "pass", "decline", "fold", "no", "n"}
_XIAN_WORDS = {"掀", "掀牌", "xian", "x"}
_JIN_WORDS = {"紧牌", "紧", "jin", "jinpai"}
_DISCARD_PREFIXES = ("弃", "discard", "d:")


class XianniuGame(GameBase[XianniuRules, State]):
    """The 掀牛 / 花花牌 family: presets ``lanzhou``, ``lanzhou-app``, ``fengxiang``."""

    name = "xianniu"
    title = "掀牛 / 花花牌"
    rules_type = XianniuRules

    # --- rules -------------------------------------------------------------------------
    def presets(self) -> Mapping[str, XianniuRules]:
        return PRESETS

    def num_seats(self, rules: XianniuRules) -> int:
        return rules.players

    # --- dealing -----------------------------------------------------------------------
    def new_game(self, rules: XianniuRules, *, seed: int | None = None,
                 deal: Sequence[int] | str | None = None, dealer: int = 0) -> State:
        cards = self.dealt_cards(rules, deal)
        return flow.new_state(rules, seed=seed, deal=cards, dealer=dealer)[0]

    def opening_events(self, state: State) -> list[Event]:
        """What happened at the deal itself (a big hand shown), for logs and clients."""
        again = flow.new_state(state.rules, seed=None, deal=state.deal, dealer=state.dealer)
        return again[1]

    def deal_of(self, state: State) -> tuple[int, ...]:
        return state.deal

    def format_deal(self, rules: XianniuRules, deal: Sequence[int]) -> str:
        return format_faces(deal, rules.style)

    def parse_deal(self, rules: XianniuRules, text: str) -> tuple[int, ...]:
        return _parse_faces(text)

    def first_dealer(self, rules: XianniuRules, seed: int) -> tuple[int, list[Event]]:
        """扳牌定序 [S000]: each draws; the highest card leads; ties redraw (PROPOSAL G19).
        With ``dealer_rule`` lot / random the first 头家 is drawn by lot (seeded)."""
        from .ranks import TABLES

        if rules.dealer_rule != "banpai":
            return derive_seed(seed, "xianniu-dealer") % rules.players, []

        level = TABLES[rules.rank_table].single
        drawing = list(range(rules.players))
        events: list[Event] = []
        for attempt in range(100):
            cards = shuffled(DECK, derive_seed(seed, "banpai", attempt))
            draws = dict(zip(drawing, cards, strict=False))
            events.extend(BanPaiDrawn(p, face_text(f, rules.style)) for p, f in draws.items())
            best = max(level[f] for f in draws.values())
            drawing = [p for p, f in draws.items() if level[f] == best]
            if len(drawing) == 1:
                return drawing[0], events
        return drawing[0], events

    def next_dealer(self, state: State) -> int:
        """The deal's 二家 is the next 揭牌头家 (counterclockwise rotation, [S000]); with
        ``dealer_rule = random`` a lot drawn from the deal just played (so a record replays)."""
        rules = state.rules
        if rules.dealer_rule == "random":
            return derive_seed(0, "xianniu-next-dealer", *state.deal) % rules.players
        return (state.dealer + 1) % rules.players

    # --- play --------------------------------------------------------------------------
    def to_act(self, state: State) -> tuple[int, ...]:
        return () if state.phase == OVER else (state.turn,)

    def legal_actions(self, state: State, seat: int) -> Sequence[int]:
        found = flow.legal(state, seat)
        if not found:  # a seat the table lacks is refused, not "not asked"
            check_seat(seat, state.rules.players)
        return found

    def apply(self, state: State, seat: int, action: int) -> tuple[State, list[Event]]:
        return flow.apply(state, seat, action)

    def is_over(self, state: State) -> bool:
        return state.phase == OVER

    def settlement(self, state: State) -> Settlement:
        if state.phase != OVER:
            raise NotOver()
        if state._settlement is None:  # once per finished state: every view carries it
            state._settlement = settle(state)
        return state._settlement

    def worth(self, state: State) -> tuple[float, ...]:
        """The deal's money, as the search asks it at the end of every rollout: the
        payments alone, not the breakdown a front end draws (itemising each scoring play
        doubled the time of a 兰州 settlement)."""
        if state.phase != OVER:
            raise NotOver()
        settled = state._settlement or settle(state, itemised=False)
        return tuple(float(delta) for delta in settled.deltas)

    # --- views -------------------------------------------------------------------------
    def rules_of(self, state: State) -> XianniuRules:
        return state.rules

    def table_view(self, state: State, seat: int | None) -> TableView:
        return table_view(state, seat)

    def resample(self, state: State, seat: int, rng: random.Random) -> State:
        """The other hands and 紧牌 discards redealt as ``seat`` cannot tell them apart
        (:mod:`.sample`)."""
        check_seat(seat, state.rules.players)
        return resample(state, seat, rng)

    def resample_informed(self, state: State, seat: int, rng: random.Random) -> State:
        """:meth:`resample`, whose other hands also cannot beat the plays they passed on
        (:func:`.sample.resample_informed`): the search's worlds."""
        check_seat(seat, state.rules.players)
        return resample_informed(state, seat, rng)

    def omniscient(self, state: State) -> Mapping[str, Any]:
        return omniscient(state, self)

    def observation_size(self, rules: XianniuRules) -> int:
        return observation_size(rules)

    def encode_observation(self, state: State, seat: int) -> Sequence[float]:
        check_seat(seat, state.rules.players)  # -1 read as seat 2's (a researcher)
        return encode(state, seat)

    # --- notation ----------------------------------------------------------------------
    def num_actions(self, rules: XianniuRules) -> int:
        return PLAY0 + len(catalogue(rules.catalogue_key).combos)

    def format_action(self, rules: XianniuRules, action: int) -> str:
        action_id(action, self.num_actions(rules))
        if action >= PLAY0:
            combo = catalogue(rules.catalogue_key).combos[action - PLAY0]
            return format_counts(combo.counts, rules.style)
        if action >= DISCARD0:
            return "弃 " + face_text(action - DISCARD0, rules.style)
        return {DECLINE: "不掀" if rules.deck == "huapai" else "扣了", XIAN: "掀",
                JIN: "紧牌"}[action]

    def describe_action(self, rules: XianniuRules, action: int) -> ActionInfo:
        # checked before the memo: True hashes as 1 and read 1's description from it
        return describe_action(rules, action_id(action, self.num_actions(rules)))

    def parse_action(self, rules: XianniuRules, text: str) -> int:
        word = text.strip()
        if not word:
            raise NotationError.of("empty_action", "没有输入：出牌、掀、不掀/扣了、紧牌或弃 <牌>",
                                   "empty action: type cards, 掀, 不掀/扣了, 紧牌 or 弃 <card>")
        low = word.lower()
        if low in _DECLINE_WORDS:
            return DECLINE
        if low in _XIAN_WORDS:
            return XIAN
        if low in _JIN_WORDS:
            return JIN
        for prefix in _DISCARD_PREFIXES:
            if low.startswith(prefix):
                return _parse_discard(word[len(prefix):])
        return _parse_play(rules, word)

    # --- conformance hooks --------------------------------------------------------------
    def check_invariants(self, state: State) -> None:
        """Card conservation and table bookkeeping; raises AssertionError on a breach."""
        flow.check_invariants(state)

    def permute_hidden(self, deal: Sequence[int], seat: int, rng: random.Random,
                       rules: XianniuRules, dealer: int) -> tuple[int, ...]:
        """A deal where the cards of every seat but ``seat`` are shuffled among them —
        except a big hand shown at the deal (public from the start: its cards stay with
        their holder, and a shuffle that would show another big hand is drawn again)."""
        active = flow.active_seats(rules.players, dealer)
        shown = _shown_big(rules, deal, dealer)
        fixed = _big_positions(deal, active, shown)
        movable = [i for i in range(len(deal))
                   if active[i % 3] != seat and i not in fixed]
        out = reshuffled(deal, movable, rng, lambda d: _shown_big(rules, d, dealer) == shown, 50)
        return out if out is not None else tuple(deal)


def _shown_big(rules: XianniuRules, deal: Sequence[int],
               dealer: int) -> tuple[int, str, tuple[int, ...]] | None:
    if not rules.big_hands:
        return None
    return flow.new_state(rules, seed=None, deal=deal, dealer=dealer)[0].big


def _big_positions(deal: Sequence[int], active: Sequence[int],
                   shown: tuple[int, str, tuple[int, ...]] | None) -> set[int]:
    """Positions of the holder's dealt cards that make up the shown big hand."""
    if shown is None:
        return set()
    holder, _, counts = shown
    need = list(counts)
    fixed: set[int] = set()
    for i, face in enumerate(deal):
        if active[i % 3] == holder and need[face]:
            need[face] -= 1
            fixed.add(i)
    return fixed


def _parse_discard(rest: str) -> int:
    faces = _parse_faces(rest)
    if len(faces) != 1:
        got = rest.strip()
        raise NotationError.of("one_discard", "弃只能弃一张，收到 {got!r}",
                               "弃 takes exactly one card, got {got!r}", got=got)
    return DISCARD0 + faces[0]


def _parse_play(rules: XianniuRules, text: str) -> int:
    counts = parse_counts(text)
    index = catalogue(rules.catalogue_key).by_counts.get(counts)
    if index is None:
        shown = format_counts(counts, rules.style)
        raise NotationError(Msg("no_such_play", f"{said_zh(shown)} 不是这套规则里的牌型",
                                f"{shown} is not a play type in these rules", {"shown": shown}))
    return PLAY0 + index


GAME = XianniuGame()

__all__ = ["GAME", "NUM_FACES", "RulesError", "XianniuGame"]
