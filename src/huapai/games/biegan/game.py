"""双别杆花牌 (赖子花牌) on the huapai game protocol."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from itertools import pairwise
from typing import Any

from huapai.core.base import GameBase
from huapai.core.claim import ClaimWindow
from huapai.core.present import ActionInfo
from huapai.core.protocol import (
    Event,
    IllegalAction,
    NotationError,
    NotOver,
    Settlement,
    action_id,
)
from huapai.core.rng import derive_seed
from huapai.core.view import TableView, check_seat

from . import actions, flow
from .cards import format_cards, parse_cards
from .dealing import checked_deal, new_state
from .describe import describe_action
from .informed import resample_informed
from .observe import encode, observation_size, omniscient, table_view
from .rules import PRESETS, BieganRules
from .sample import resample
from .scoring import settle
from .state import (
    AFTER_DUI,
    NUM_ACTIONS,
    OVER,
    PASS,
    QINGTONG,
    TURN,
    WINDOW,
    State,
    hand_sizes,
)
from .turn import counts_of
from .window import table_of
from .winning import packed_of


class BieganGame(GameBase[BieganRules, State]):
    """双别杆花牌: presets ``gongan`` (the seed), ``danbiegan`` (one 赖子), ``gongan-app``."""

    name = "biegan"
    title = "双别杆花牌 / 赖子花牌"
    rules_type = BieganRules

    # --- rules -------------------------------------------------------------------------
    def presets(self) -> Mapping[str, BieganRules]:
        return PRESETS

    def num_seats(self, rules: BieganRules) -> int:
        return rules.players

    # --- dealing -----------------------------------------------------------------------
    def new_game(self, rules: BieganRules, *, seed: int | None = None,
                 deal: Sequence[int] | str | None = None, dealer: int = 0) -> State:
        return new_state(rules, seed=seed, deal=self.dealt_cards(rules, deal), dealer=dealer)

    def deal_of(self, state: State) -> tuple[int, ...]:
        return state.deal

    def format_deal(self, rules: BieganRules, deal: Sequence[int]) -> str:
        """庄家's 26 | 二家's 25 | 末家's 25 | the stock from 牌面 to 牌底 (no 末家 with two)."""
        cards = checked_deal(rules, deal)
        sizes = hand_sizes(rules.players)
        cuts = [0, *(sum(sizes[:i + 1]) for i in range(len(sizes))), len(cards)]
        return " | ".join(format_cards(cards[a:b]) for a, b in pairwise(cuts))

    def parse_deal(self, rules: BieganRules, text: str) -> tuple[int, ...]:
        if not isinstance(text, str):
            raise NotationError.of("deal_not_text", "牌局要写成文字",
                                   "a deal is text, got {got}", got=type(text).__name__)
        cards: list[int] = []
        for part in text.split("|"):
            cards.extend(parse_cards(part, check_counts=False))
        return checked_deal(rules, cards)

    def first_dealer(self, rules: BieganRules, seed: int) -> tuple[int, list[Event]]:
        """The first 庄家 is drawn by lot (seeded); the seed names no ritual."""
        return derive_seed(seed, "biegan-dealer") % rules.players, []

    def next_dealer(self, state: State) -> int:
        """The winner deals next (G2; 一炮双响: the first in turn order); after 黄庄 the
        same dealer (or the next, by ``huang_dealer``)."""
        if state.wins:
            return state.wins[0].seat
        if state.rules.huang_dealer == "next":
            return (state.dealer + 1) % state.rules.players
        return state.dealer

    # --- play --------------------------------------------------------------------------
    def to_act(self, state: State) -> tuple[int, ...]:
        return flow.to_act(state)

    def legal_actions(self, state: State, seat: int) -> Sequence[int]:
        found = flow.legal(state, seat)
        if not found:  # a seat the table lacks is refused, not "not asked"
            check_seat(seat, self.num_seats(state.rules))
        return found

    def apply(self, state: State, seat: int, action: int) -> tuple[State, list[Event]]:
        return flow.apply(state, seat, action)

    def automatic(self, state: State, seat: int) -> int | None:
        """The seat's only choice, where a person need not click it: 请统 with nothing to
        紮 (不紮) and a claim window with nothing to claim (过). Under ``ask="always"``
        every seat is asked there and every answer comes after the same pause
        (:meth:`paced`), so answering it for the seat tells nobody it holds no four or
        nothing to claim (a person's immediate 过 would say as much); under
        ``ask="eligible"`` such a seat is never asked at all."""
        if state.phase not in (QINGTONG, WINDOW):
            return None
        legal = flow.legal(state, seat)
        return PASS if tuple(legal) == (PASS,) else None

    def paced(self, state: State, seat: int) -> bool:
        """At 请统 and in a claim window every answer (clicked or automatic) comes after
        the same pause: an immediate 过 from a seat that could claim looks like the
        automatic one."""
        return state.phase in (QINGTONG, WINDOW) and seat in flow.to_act(state)

    def explain(self, state: State, seat: int, action: int) -> IllegalAction:
        """Why ``action`` is not legal for ``seat`` now (code + message)."""
        return flow.explain(state, seat, action)

    def is_over(self, state: State) -> bool:
        return state.phase == OVER

    def settlement(self, state: State) -> Settlement:
        if state.phase != OVER:
            raise NotOver()
        return settle(state)

    # --- views -------------------------------------------------------------------------
    def rules_of(self, state: State) -> BieganRules:
        return state.rules

    def table_view(self, state: State, seat: int | None) -> TableView:
        return table_view(state, seat)

    def resample(self, state: State, seat: int, rng: random.Random) -> State:
        """What ``seat`` cannot see redealt (other hands, the stock, face-down melds),
        consistent with everything it has seen (:mod:`.sample`)."""
        _check_seat(seat, state)
        return resample(state, seat, rng)

    informed_by_default = False
    """The search deals uniform worlds unless told ``informed`` (``search:普通:informed``):
    the informed ones measured no better in the arena (docs/bots.md)."""

    def resample_informed(self, state: State, seat: int, rng: random.Random) -> State:
        """:meth:`resample` with the other seats made waiting (听牌) as often as real ones
        are (:mod:`.informed`); for the search's A/B runs, not its default."""
        _check_seat(seat, state)
        return resample_informed(state, seat, rng)

    def claim_window(self, state: State) -> ClaimWindow | None:
        """The window on a discard, while it is open (its answers are private)."""
        if state.phase != WINDOW:
            return None
        return table_of(state).window(state.window(), state.answers)

    def omniscient(self, state: State) -> Mapping[str, Any]:
        return omniscient(state, self)

    def observation_size(self, rules: BieganRules) -> int:
        return observation_size()

    def encode_observation(self, state: State, seat: int) -> Sequence[float]:
        _check_seat(seat, state)
        return encode(state, seat)

    # --- notation ----------------------------------------------------------------------
    def num_actions(self, rules: BieganRules) -> int:
        return NUM_ACTIONS

    def format_action(self, rules: BieganRules, action: int) -> str:
        return actions.format_action(action)

    def describe_action(self, rules: BieganRules, action: int) -> ActionInfo:
        # checked before the memo: True hashes as 1 and read 1's description from it
        return describe_action(action_id(action, NUM_ACTIONS))

    def parse_action(self, rules: BieganRules, text: str) -> int:
        if not isinstance(text, str):
            raise NotationError.of("action_not_text", "动作要写成文字",
                                   "an action is text, got {got}", got=type(text).__name__)
        return actions.parse_action(text)

    # --- conformance hook: hidden cards of other seats ---------------------------------
    def permute_hidden(self, deal: Sequence[int], seat: int, rng: random.Random,
                       rules: BieganRules, dealer: int) -> tuple[int, ...]:
        """A deal where every card ``seat`` cannot see (the other hands and the stock)
        is shuffled among those places."""
        sizes, n = hand_sizes(rules.players), rules.players
        start = sum(sizes[:(seat - dealer) % n])
        mine = range(start, start + sizes[(seat - dealer) % n])
        others = [i for i in range(len(deal)) if i not in mine]
        cards = [deal[i] for i in others]
        rng.shuffle(cards)
        out = list(deal)
        for i, c in zip(others, cards, strict=True):
            out[i] = c
        return tuple(out)


    def check_invariants(self, state: State) -> None:
        """Card conservation, hand sizes, the packed counts in step with the hands."""
        check_invariants(state)


def _check_seat(seat: object, state: State) -> None:
    check_seat(seat, state.rules.players)


def check_invariants(s: State) -> None:
    """Raise AssertionError if the state breaks a rule no legal play can break."""
    seen = [0] * len(s.hands[0])
    for p in range(s.rules.players):
        for c, n in enumerate(s.hands[p]):
            seen[c] += n
        for held in s.melds[p]:
            for c in held.meld.cards:
                seen[c] += 1
        for c in s.rivers[p]:
            seen[c] += 1
        if s.packed[p] != packed_of(s.hands[p]):
            raise AssertionError(f"seat {p}: packed counts out of step with the hand")
    for c in (*s.deal[s.top:s.bottom + 1], *(() if s.pending is None else (s.pending[1],))):
        seen[c] += 1
    if tuple(seen) != counts_of(s.deal):
        raise AssertionError("cards are not conserved")
    if s.phase != OVER:
        for p in range(s.rules.players):
            _check_size(s, p)


def _check_size(s: State, p: int) -> None:
    """25 positions (a meld counts 3), 26 for the seat on turn and the dealer at 请统."""
    positions = sum(s.hands[p]) + 3 * len(s.melds[p])
    on_turn = (s.phase in (TURN, AFTER_DUI) and s.turn == p) or (
        s.phase == QINGTONG and p == s.dealer)
    if positions != 25 + on_turn:
        raise AssertionError(f"seat {p} holds {positions} positions in phase {s.phase}")


GAME = BieganGame()

__all__ = ["GAME", "BieganGame"]
