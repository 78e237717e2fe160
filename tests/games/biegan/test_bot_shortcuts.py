"""The heuristic bot's shortcuts change no decision: on hands and views met along bot
deals of every preset, each is compared with the full computation it replaces."""

from __future__ import annotations

from typing import Any

import pytest

from huapai.bots import make_bot
from huapai.core.registry import get_game
from huapai.games.biegan.bot import (
    _SENTENCES_OF,
    BOT_NAME,
    DEFAULT_PARAMS,
    ROLLOUT_PARAMS,
    HeuristicBot,
    _face_counts,
    _View,
    has_wait,
    wait_weights,
)
from huapai.games.biegan.bot_rollout import view_of
from huapai.games.biegan.cards import (
    FLOWER_FACES,
    JOKER,
    NUM_CODES,
    NUM_FACES,
    RED_FACES,
    copies_of,
    deck_copies,
    face_of,
    is_flowered,
    jing_of,
)
from huapai.games.biegan.facevalues import structure
from huapai.games.biegan.rules import BieganRules, fen_of, scoring_of
from huapai.games.biegan.shapes import POSITION
from huapai.games.biegan.state import DISCARD0, DUI, ZHA0
from huapai.games.biegan.turn import NATURALS
from huapai.games.biegan.units import Meld
from huapai.games.biegan.winning import (
    _JOKER_DELTAS,
    ONE,
    Completion,
    decomposes,
    packed_of,
    reading,
)

PRESETS = ["gongan", "danbiegan", "gongan-app"]
_PAIR_VALUE = (0.0, 0.0, 1.5, 3.5, 4.0, 4.0, 4.0, 4.0)


def _views(preset: str, seeds: range) -> list[tuple[_View, int, bool]]:
    """(view, seat, 对 legal; else it discards) of every seat asked to discard or to 对
    along heuristic deals of ``preset``."""
    game = get_game("biegan")
    table = game.rules(preset)
    out: list[tuple[_View, int, bool]] = []
    for seed in seeds:
        bots = [make_bot(BOT_NAME, game, table, p, seed) for p in range(game.num_seats(table))]
        state = game.new_game(table, seed=seed)
        while not game.is_over(state):
            seat = game.to_act(state)[0]
            legal = game.legal_actions(state, seat)
            if DUI in legal or any(DISCARD0 <= a < ZHA0 for a in legal):
                out.append((view_of(state, seat, deck_copies(table.jokers)), seat, DUI in legal))
            state, _ = game.apply(state, seat, bots[seat].act(game.observe(state, seat), legal))
    return out


def _short_hands(preset: str, limit: int) -> list[tuple[list[int], tuple[Meld, ...]]]:
    """Each discarding seat's hand less each code it holds, as met along bot deals."""
    hands: list[tuple[list[int], tuple[Meld, ...]]] = []
    for view, _, dui in _views(preset, range(6)):
        if dui:
            continue
        for c in range(NUM_CODES):
            if view.hand[c] and len(hands) < limit:
                hand = list(view.hand)
                hand[c] -= 1
                hands.append((hand, view.melds))
    return hands


def _held(hand: list[int], melds: tuple[Meld, ...]) -> list[int]:
    held = list(hand)
    for m in melds:
        for c in m.cards:
            held[c] += 1
    return held


def _full_weights(rules: BieganRules, hand: list[int], melds: tuple[Meld, ...],
                  codes: list[int]) -> list[tuple[int, int]]:
    """What ``wait_weights`` stands for, with no shortcut: every code scored in full."""
    out = []
    for code in codes:
        hand[code] += 1
        result = reading(rules, tuple(hand), melds, None)
        hand[code] -= 1
        if result.wins:
            out.append((code, 1 + fen_of(rules, result.hu)))
    return out


@pytest.mark.parametrize("preset", PRESETS)
def test_the_wait_shortcuts_change_no_wait(preset: str) -> None:
    """``wait_weights`` / ``has_wait`` (mending faces, residue classes per 赖子 reading,
    the 胡 without the layout) find what scoring every card in full finds."""
    table = get_game("biegan").rules(preset)
    hands = _short_hands(preset, 1500)
    found = 0
    for hand, melds in hands:
        codes = [c for c in range(NUM_CODES) if _held(hand, melds)[c] < copies_of(c)]
        expected = _full_weights(table, hand, melds, codes)
        assert wait_weights(table, hand, melds, codes) == expected
        assert has_wait(table, hand, melds, codes) == bool(expected)
        found += bool(expected)
    assert len(hands) == 1500 and found > 10


@pytest.mark.parametrize("preset", PRESETS)
def test_completion_is_the_full_answer(preset: str) -> None:
    """``Completion``'s residue classes and 听头 classes (memoised per syndrome) are
    those of each 赖子 reading, ``completes`` is ``decomposes`` of the hand plus the
    card, no face outside ``faces`` decomposes, and ``hus`` and ``joker_hu`` are the
    full reading's 胡."""
    table = get_game("biegan").rules(preset)
    complete = 0
    for hand, melds in _short_hands(preset, 1500):
        packed, jokers = packed_of(tuple(hand)), hand[JOKER]
        completion = Completion(table, tuple(hand), melds, packed)
        residues = structure(scoring_of(table)).residues
        deltas = _JOKER_DELTAS[table.five_jing][jokers]
        for delta, targets in zip(deltas, completion._open, strict=True):
            assert set(targets) == residues.completing(packed + delta)
        for face in range(NUM_FACES):
            for delta, targets in zip(deltas, completion._open, strict=True):
                cls = residues.position_class[POSITION[face]]
                if cls in targets:
                    assert targets[cls] == residues.target(packed + delta + ONE[face]) >= 0
            fits = decomposes(table, packed + ONE[face], jokers)
            assert completion.completes(face) == fits
            assert fits <= (face in completion.faces)
        held = _held(hand, melds)
        for code in range(NUM_CODES):
            if held[code] < copies_of(code):
                hand[code] += 1
                result = reading(table, tuple(hand), melds, None)
                hu = result.hu if result.complete else None
                hand[code] -= 1
                if code == JOKER:
                    assert completion.joker_hu() == hu
                else:
                    assert completion.hus(face_of(code))[is_flowered(code)] == hu
                complete += result.complete
    assert complete > 20


def _keep(bot: HeuristicBot, hand: list[int], code: int) -> float:
    """The keep cost as first written (the reference for the table-driven one)."""
    p = bot.params
    if code == JOKER:
        return p.joker
    face = face_of(code)
    counts = _face_counts(hand)
    value = _PAIR_VALUE[counts[face]]
    if face in jing_of(bot.rules.five_jing):
        value += p.jing + (p.flowered_jing if is_flowered(code) else 0.0)
    elif face in FLOWER_FACES and is_flowered(code):
        value += 0.5
    if face in RED_FACES:
        value += p.red
    for sentence in _SENTENCES_OF[face]:
        partners = sum(1 for g in sentence if g != face and counts[g])
        value += p.sentence if partners == 2 else p.partner * partners
    return value


def _danger(bot: HeuristicBot, view: _View, code: int) -> float:
    if code == JOKER:
        return 0.0
    face = face_of(code)
    late = 1.0 - view.stock / bot._stock0
    unseen = sum(view.unseen(c) for c in NATURALS[face])
    risk = unseen / 5 * (2.0 if face in jing_of(bot.rules.five_jing) else 1.0)
    if face in view.opponent_discards:
        risk *= 0.5
    return bot.params.danger * late * late * risk


def _wants_dui(bot: HeuristicBot, view: _View) -> bool:
    """The 对 decision as first written: the waits of every follow-up first."""
    code = view.pending
    assert code is not None
    face = face_of(code)
    hand = list(view.hand)
    taken = [code]
    for c in NATURALS[face]:
        while hand[c] and len(taken) < 3:
            hand[c] -= 1
            taken.append(c)
    melds = (*view.melds, Meld("对", tuple(taken)))
    ready = 0.0
    for c in bot._follow_ups(hand):
        hand[c] -= 1
        ready = max(ready, bot.waits_value(view, hand, melds))
        hand[c] += 1
    if ready > 0:
        return True
    if view.duis >= bot.rules.dui_limit:
        return False
    counts = _face_counts(view.hand)
    isolated = all(sum(1 for g in s if g != face and counts[g]) == 0
                   for s in _SENTENCES_OF[face])
    return face in jing_of(bot.rules.five_jing) or (counts[face] == 2 and isolated)


@pytest.mark.parametrize("preset", PRESETS)
def test_keep_danger_and_dui_are_as_first_written(preset: str) -> None:
    """The keep cost, the danger term (bit for bit) and the 对 decision (which now
    skips the waits when it takes the 对 anyway) on every view met along bot deals."""
    table: Any = get_game("biegan").rules(preset)
    duis = 0
    for view, seat, dui in _views(preset, range(4)):
        for params in (DEFAULT_PARAMS, ROLLOUT_PARAMS):
            bot = HeuristicBot(table, seat, 0, params)
            for code in range(NUM_CODES):
                if view.hand[code]:
                    assert bot.keep(view.hand, code) == _keep(bot, view.hand, code)
                    assert bot._danger(view, code) == _danger(bot, view, code)
            if dui:
                assert bot._wants_dui(view) == _wants_dui(bot, view)
                duis += 1
    assert duis > 10
