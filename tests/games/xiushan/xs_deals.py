"""Hand-built 秀山 deals for the flow tests: the hands in deal order, the first stock
cards and the flipped 将 card; every other card goes to the stock in card order."""

from __future__ import annotations

from collections import Counter
from typing import Any

from huapai.core.protocol import Event
from huapai.games.xiushan.cards import DECK, parse_card, parse_cards
from huapai.games.xiushan.game import GAME
from huapai.games.xiushan.state import State
from huapai.games.xiushan.table_rules import XiushanGameRules


def rules(preset: str, **overrides: Any) -> XiushanGameRules:
    return GAME.rules(preset, **overrides)


def build_deal(r: XiushanGameRules, hands: list[str], stock: str = "",
               flip: str | None = None) -> tuple[int, ...]:
    """``hands``: the 庄家's, then each other seat's in turn (then the 老爷's)."""
    dealt = [parse_cards(h) for h in hands]
    head = [c for h in dealt for c in h] + list(parse_cards(stock))
    tail = [] if flip is None else [parse_card(flip)]
    rest = Counter(DECK)
    rest.subtract(head + tail)
    if min(rest.values()) < 0:
        raise ValueError("more than four of a card")
    filler = [c for c in sorted(rest) for _ in range(rest[c])]
    if r.flips and flip is None:
        tail, filler = [filler[-1]], filler[:-1]
    return (*head, *filler, *tail)


def start(r: XiushanGameRules, hands: list[str], stock: str = "", flip: str | None = None,
          dealer: int = 0) -> State:
    return GAME.new_game(r, deal=build_deal(r, hands, stock, flip), dealer=dealer)


def act(s: State, seat: int, text: str) -> tuple[State, list[Event]]:
    return GAME.apply(s, seat, GAME.parse_action(s.rules, text))


def legal_text(s: State, seat: int) -> list[str]:
    return [GAME.format_action(s.rules, a) for a in GAME.legal_actions(s, seat)]


def kinds(events: list[Event]) -> list[str]:
    return [e.kind for e in events]
