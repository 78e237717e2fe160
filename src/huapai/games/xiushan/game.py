"""秀山字牌 (麻雀福 · 黄六福 · 十八福 · 钵福 · 三六福) on the huapai game protocol."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from itertools import pairwise
from typing import Any

from huapai.core.base import GameBase
from huapai.core.claim import ClaimWindow
from huapai.core.notation import CardlessWords
from huapai.core.present import ActionInfo, Msg, WorthUnit
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

from . import bo_play, flow
from .belief import resample_informed
from .bo_settle import BO_WORTH, DOU, settle_bo, worth
from .cards import DECK, NUM_CARDS, format_cards, parse_card, parse_cards
from .dealing import checked_deal, dealt, new_state
from .describe import PINYIN, describe_action, say
from .drill import parse_said
from .hidden import permute_hidden
from .moves import dealt_sizes
from .observe import encode, observation_size, omniscient, table_view
from .sample import resample
from .settle import settle
from .state import (
    ACTION_NAMES,
    DISCARD0,
    DRAWN,
    HU,
    JI,
    LONG,
    NUM_ACTIONS,
    OVER,
    PASS,
    PENG,
    SHAO,
    WINDOW,
    ZHAO,
    State,
)
from .table_rules import PRESETS, XiushanGameRules

_BY_NAME = ({name: a for a, name in ACTION_NAMES.items()} | {"召": 3, "龙": 6, "面鸡": 4}
            | {"胡": 1, "和牌": 1, "胡牌": 1}
            | {word: a for a, word in PINYIN.items()} | {"p": 0, "h": 1})
"""Each action by its 汉字, a short form, or the pinyin the English labels show (``pass``,
``peng``, ``kaizhao``…); a discard is ``打 CARD``, ``discard CARD``, ``d CARD``. The win is
和 as the seed says it (和牌; its 胡 counts 油子: 起胡 18 胡); 胡, as the apps and the
records before 2026-12-05 write it, is read too."""
_CARDLESS = CardlessWords(_BY_NAME)
_DISCARD_WORDS = ("打", "discard", "d")


class XiushanGame(GameBase[XiushanGameRules, State]):
    """秀山字牌: presets ``maquefu`` 麻雀福, ``huangliufu`` 黄六福, ``shibafu`` 十八福,
    ``bofu`` 钵福, ``sanliufu`` 三六福."""

    name = "xiushan"
    title = "秀山字牌 / Xiushan zipai"
    rules_type = XiushanGameRules
    zero_sum = True

    def presets(self) -> Mapping[str, XiushanGameRules]:
        return PRESETS

    def num_seats(self, rules: XiushanGameRules) -> int:
        return rules.num_seats

    # --- dealing -----------------------------------------------------------------------
    def new_game(self, rules: XiushanGameRules, *, seed: int | None = None,
                 deal: Sequence[int] | str | None = None, dealer: int = 0,
                 carry: Any = None) -> State:
        """A fresh deal; 钵福 starts from the carried 钵 (``carry``, :mod:`.bo_play`)."""
        cards = self.dealt_cards(rules, deal)
        return new_state(rules, seed=seed, deal=cards, dealer=dealer, carry=carry)

    def opening_events(self, state: State) -> list[Event]:
        """The 庄家's dealt 哨 / 龙灯, laid face down before his first discard [S] (each
        viewer sees the card of its own only), and in 钵福 their 报子."""
        return dealt(state.rules, seed=None, deal=state.deal, dealer=state.dealer,
                     carry=state.carried)[1]

    def carry(self, state: State) -> Any:
        """钵福: the 钵 (every seat's 算盘) handed to the next deal; None otherwise."""
        return bo_play.carry(state)

    def match_over(self, state: State) -> bool:
        """钵福: 得一钵 ends the match."""
        return bo_play.match_over(state)

    def default_deals(self, rules: XiushanGameRules) -> int | None:
        """钵福 plays until 得一钵 (at most this many deals)."""
        return 200 if rules.hand_value == "fan" else None

    def deal_of(self, state: State) -> tuple[int, ...]:
        return state.deal

    def format_deal(self, rules: XiushanGameRules, deal: Sequence[int]) -> str:
        """庄家's | each other seat's in turn | (老爷's) | the stock from the 堂子头 down
        (with 翻将 its last card is the flipped one)."""
        cards = checked_deal(rules, deal)
        cuts = [0]
        for size in dealt_sizes(rules):
            cuts.append(cuts[-1] + size)
        cuts.append(len(cards))
        return " | ".join(format_cards(cards[a:b]) for a, b in pairwise(cuts))

    def parse_deal(self, rules: XiushanGameRules, text: str) -> tuple[int, ...]:
        if not isinstance(text, str):
            raise NotationError(say("牌局要写成文字", f"a deal is text, got {type(text).__name__}"))
        cards: list[int] = []
        for part in text.split("|"):
            cards.extend(parse_cards(part, check_counts=False))
        return checked_deal(rules, cards)

    def first_dealer(self, rules: XiushanGameRules, seed: int) -> tuple[int, list[Event]]:
        """The first 庄家 is drawn by lot (seeded); the seed names no ritual."""
        return derive_seed(seed, "xiushan-dealer") % rules.num_seats, []

    def next_dealer(self, state: State) -> int:
        """The winner deals next [P]; after 黄庄 the same 庄家 or the next (``huang_dealer``)."""
        if state.win is not None:
            return state.win.seat
        if state.rules.huang_dealer == "next":
            return state.next_seat(state.dealer)
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
        """A seat's only answer to a shown card, made for a person after the fixed pause:
        过 on a discard it can do nothing with or on its own 堂子头 card that makes nothing,
        and a forced group (碰 / 开召 / 鸡 of a discard, 哨 / 龙灯 / 鸡 of its own draw:
        ``forced_claims`` and [S] 哨必须放到桌子上撲起). Every answer there comes after the
        same pause (:meth:`paced`), so answering it for the seat tells nobody it had no
        choice (a person's immediate answer would say as much); a forced group is public
        once made, and the rules made it."""
        if state.phase not in (WINDOW, DRAWN) or state.owed:
            return None
        legal = flow.legal(state, seat)
        return legal[0] if len(legal) == 1 else None

    def paced(self, state: State, seat: int) -> bool:
        """Every answer to a shown card (a discard's claim window, the drawer's own 堂子头
        card), clicked or automatic, comes after the same pause: an immediate 过 from a seat
        that could 胡 looks like the automatic one."""
        return state.phase in (WINDOW, DRAWN) and seat in flow.to_act(state)

    def explain(self, state: State, seat: int, action: int) -> IllegalAction:
        return flow.explain(state, seat, action)

    def is_over(self, state: State) -> bool:
        return state.phase == OVER and not state.owed

    def settlement(self, state: State) -> Settlement:
        if not self.is_over(state):
            raise NotOver()
        return settle(state) if state.bo is None else settle_bo(state)

    def worth(self, state: State) -> tuple[float, ...]:
        """What the finished deal is worth to each seat, for a search's rollouts: its money,
        and under 钵福 each seat's standing on the abacus besides (:func:`.bo_settle.worth`)."""
        return worth(state, self.settlement(state))

    def worth_unit(self, rules: XiushanGameRules) -> WorthUnit:
        """豆; under 钵福 its points of worth, money and abacus (:data:`.bo_settle.BO_WORTH`)."""
        return BO_WORTH if rules.hand_value == "fan" else DOU

    def asked(self, state: State, seat: int) -> Msg | None:
        """钵福 报数 training: which group a 报 is for."""
        return bo_play.asked(state, seat)

    # --- views -------------------------------------------------------------------------
    def rules_of(self, state: State) -> XiushanGameRules:
        return state.rules

    def table_view(self, state: State, seat: int | None) -> TableView:
        return table_view(state, seat)

    def omniscient(self, state: State) -> Mapping[str, Any]:
        spectator = dict(self.observe(state, None))
        return omniscient(state, spectator)

    def claim_window(self, state: State) -> ClaimWindow | None:
        if state.phase != WINDOW or state.owed:
            return None  # an owed 报子 comes first: the window waits
        return flow.table_of(state).window(state.order, state.answers)

    def resample(self, state: State, seat: int, rng: random.Random) -> State:
        """What ``seat`` cannot see redealt (:mod:`.sample`)."""
        check_seat(seat, state.rules.num_seats)
        return resample(state, seat, rng)

    def resample_informed(self, state: State, seat: int, rng: random.Random) -> State:
        """A world like ``resample``'s whose other hands look like hands those seats would
        hold, from public information only (:mod:`.belief`); what the search deals."""
        check_seat(seat, state.rules.num_seats)
        return resample_informed(state, seat, rng)

    def observation_size(self, rules: XiushanGameRules) -> int:
        return observation_size(rules.num_seats) + bo_play.features_size(rules)

    def encode_observation(self, state: State, seat: int) -> Sequence[float]:
        check_seat(seat, state.rules.num_seats)
        return [*encode(state, seat), *bo_play.features(state, seat)]

    # --- notation ----------------------------------------------------------------------
    def num_actions(self, rules: XiushanGameRules) -> int:
        return bo_play.num_actions(rules)

    def format_action(self, rules: XiushanGameRules, action: int) -> str:
        if _bao_of(rules, action):
            said = bo_play.said_of(action)
            return "不报" if said is None else f"报 {said}"
        return format_action(action)

    def parse_action(self, rules: XiushanGameRules, text: str) -> int:
        if rules.hand_value == "fan" and isinstance(text, str):
            bao = _parse_bao(text)
            if bao is not None:
                return bao
        return parse_action(text, action_names(rules))

    def describe_action(self, rules: XiushanGameRules, action: int) -> ActionInfo:
        if _bao_of(rules, action):
            said = bo_play.said_of(action)
            if said is None:
                return ActionInfo(action, "bubao", (), say("不报", "no announcement (不报)",
                                                         "bubao"), style="neutral")
            return ActionInfo(action, "bao", (), Msg.of("bao", "报 {n}", "announce {n}", n=said),
                              style="neutral")
        # checked before the memo: True hashes as 1 and read 1's description from it
        return describe_action(action_id(action, NUM_ACTIONS))

    # --- conformance hooks ---------------------------------------------------------------
    def check_invariants(self, state: State) -> None:
        check_invariants(state)

    def permute_hidden(self, deal: Sequence[int], seat: int, rng: random.Random,
                       rules: XiushanGameRules, dealer: int) -> tuple[int, ...]:
        """The cards ``seat`` cannot see at the deal shuffled among their places, the
        public facts kept (:mod:`.hidden`)."""
        check_seat(seat, rules.num_seats)
        return permute_hidden(deal, seat, rng, rules, dealer)


def _bao_of(rules: XiushanGameRules, action: int) -> bool:
    return (rules.hand_value == "fan" and type(action) is int and bo_play.is_bao(action))


def _parse_bao(text: str) -> int | None:
    """``报 N`` (``报N``, ``bao N``; N as the drill reads it: 3, 十二, 拾贰, 6个钱) or
    ``不报``; None when the text is something else."""
    word = "".join(text.split())
    if word in ("不报", "bubao"):
        return bo_play.NO_BAO
    for head in ("报", "bao"):
        if word.startswith(head):
            rest = word[len(head):]
            try:
                n = parse_said(rest)
            except ValueError:
                raise NotationError(say("报子要报一个数，如 报 3、报 十二，或 不报",
                                        "an announcement is a number: 报 3, 报 12, or 不报"
                                        )) from None
            if n > bo_play.BAO_MAX:
                raise NotationError(say(f"最多报 {bo_play.BAO_MAX} 个钱，不是 {n}",
                                        f"announce 0 to {bo_play.BAO_MAX}, not {n}"))
            return bo_play.BAO0 + n
    return None


def format_action(action: int) -> str:
    """``过`` ``和`` ``碰`` ``开召`` ``鸡`` ``哨`` ``龙灯``, or ``打 贰`` for a discard."""
    action_id(action, NUM_ACTIONS)
    if action >= DISCARD0:
        return f"打 {format_cards((action - DISCARD0,))}"
    return ACTION_NAMES[action]


def action_names(rules: XiushanGameRules) -> tuple[int, ...]:
    """The actions (other than 打) that ``rules`` can offer: 开召 / 鸡 / 龙灯 only where
    quads count, 哨 only where three alike are laid down."""
    return (PASS, HU, PENG, *((ZHAO, JI) if rules.quads else ()),
            *((SHAO,) if rules.lay_shao else ()), *((LONG,) if rules.quads else ()))


def parse_action(text: str, names: Sequence[int] = tuple(ACTION_NAMES)) -> int:
    """An action from its notation (spaces ignored; 召 = 开召, 龙 = 龙灯, 面鸡 = 鸡; a card
    alone is its 打, as in 双别杆). ``names``: the actions an error lists (the rules')."""
    if not isinstance(text, str):
        raise NotationError(say("动作要写成文字", f"an action is text, got {type(text).__name__}"))
    word = "".join(text.split())
    lower = word.lower()
    if lower in _BY_NAME:
        return _BY_NAME[lower]
    _CARDLESS.refuse_a_card(text)
    if word == "打":
        raise NotationError(Msg("no_card_given", "打后面要写一张牌", "打 needs a card"))
    for head in _DISCARD_WORDS:
        if lower.startswith(head) and len(word) > len(head):
            try:
                return DISCARD0 + parse_card(word[len(head):])
            except NotationError:
                if head == "打":
                    raise
    try:
        return DISCARD0 + parse_card(word)
    except NotationError:
        listed = "、".join(ACTION_NAMES[a] for a in names)
        english = ", ".join(f"{PINYIN[a]} ({ACTION_NAMES[a]})" for a in names)
        raise NotationError(say(  # the text is quoted by whoever shows it (看不懂「…」：)
            f"动作可以是 {listed}，或 打 某张牌（也可以只写牌）",
            f"an action is one of {english}, or discard CARD (打 CARD; or the card alone; a "
            f"card is its 汉字, or s1…s10 for the small 一…十, b1…b10 for the big 壹…拾)"
        )) from None


def check_invariants(s: State) -> None:
    """Card conservation (hands, groups, discards, stock, the card on the table) and no
    negative count."""
    seen = [0] * NUM_CARDS
    for p in range(s.rules.num_seats):
        for c, n in enumerate(s.hands[p]):
            seen[c] += n
        for h in s.melds[p]:
            seen[h.meld.card] += len(h.meld.cards)
        for c in s.rivers[p]:
            seen[c] += 1
    for c in s.deal[s.top:]:
        seen[c] += 1
    if s.offer is not None:
        seen[s.offer[1]] += 1
    if seen != [DECK.count(c) for c in range(NUM_CARDS)]:
        raise AssertionError("cards are not conserved")
    if min(min(h) for h in s.hands) < 0:
        raise AssertionError("a hand holds a negative count")


GAME = XiushanGame()

__all__ = ["GAME", "XiushanGame", "check_invariants", "format_action", "parse_action"]
