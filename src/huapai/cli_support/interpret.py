"""What a line the player types at a decision means (``huapai play``).

A number from the legal list, the action in the game's notation, a listed label as shown
(or its part outside or inside the brackets: ``pass`` or ``过`` for ``pass (过)``), or a
command (``?``/``帮助``/``help``, ``牌桌``/``show``, ``听``/``waits``, ``q``/``退出``).
``#3`` is always the list's third choice and ``=3`` always the notation ``3`` (a poker
card such as ``2`` looks like a number; where only 弃 3 is listed, it is that). A bare
number that may also mean another listed action — the one its notation names, or one
whose label shows the number (报 6, 9r), or cards the player holds that cannot be played
now, or cards the player does not hold (a player who misreads the hand types the card
it thinks it holds: a 兰州 play-tester typed 7 with no 7 and threw the list's seventh
card) — is refused, naming every reading, so a number is never taken the way the player
did not mean. Where no listed action plays cards (掀 / 不掀, 过, 报数) a number is only
the list's.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from huapai.core.protocol import NotationError

from .i18n import Lang, comma, tr

_HELP = frozenset({"?", "？", "help", "帮助"})
_QUIT = frozenset({"q", "quit", "exit", "退出"})
_SHOW = frozenset({"show", "牌桌"})
_WAITS = frozenset({"waits", "听", "听牌", "ting"})
_HINT = frozenset({"hint", "提示", "tishi"})
_LOG = frozenset({"log", "记录", "牌局记录", "jilu"})
_SETTLEMENT = frozenset({"明细", "结算", "settlement", "details", "mingxi"})
_CHOICE_MARKS = ("#", "＃")


@dataclass(frozen=True, slots=True)
class Reply:
    """What one line of input means: an action, a command, or a reason to ask again."""

    action: int | None = None
    command: str | None = None
    problem: str | None = None


def interpret(text: str, legal: Sequence[int], texts: Sequence[str],
              parse: Callable[[str], int], lang: Lang, *,
              notations: Sequence[str] | None = None, number_cards: bool = True,
              held: Callable[[int], bool] | None = None) -> Reply:
    """The meaning of ``text`` at a decision with ``legal`` actions listed as ``texts`` (their
    labels in ``lang``) and written as ``notations`` in the game's notation (default: the
    labels); ``number_cards``: whether the game writes any card as a number (双别杆's and
    秀山's cards are 汉字: a number past the list is then said to be one, with no word of
    why it is no card); ``held``: whether the player holds the cards of an action (a
    list number whose cards, held, cannot be played now is refused as the cards the player
    may have meant; None: never)."""
    word = text.strip()
    if not word:
        return Reply(problem=tr("empty_input", lang))
    command = command_of(word)
    if command is not None:
        return Reply(command=command)
    choices = _Choices(legal, texts, texts if notations is None else notations, parse, lang,
                       number_cards, held)
    if word.startswith(_CHOICE_MARKS):
        return _by_choice(word[1:].strip(), legal, lang)
    if word.startswith("="):
        return _by_notation(word[1:].strip(), choices)
    if word.isdecimal():
        return _by_number(word, choices)
    reply = _by_text(word, choices)
    lower = word.lower()
    if reply.problem is not None and len(word) == 1 and lower != word \
            and command_of(lower) is not None:  # Q in 秀山: it quits written q (a play-test)
        return Reply(problem=reply.problem + tr("lowercase_command", lang, word=lower))
    return reply


@dataclass(frozen=True, slots=True)
class _Choices:
    """A decision as the player sees it: the legal actions, listed by ``labels`` and written
    as ``notations``, the game's parser and the player's language."""

    legal: Sequence[int]
    labels: Sequence[str]
    notations: Sequence[str]
    parse: Callable[[str], int]
    lang: Lang
    number_cards: bool
    held: Callable[[int], bool] | None

    def index(self, reading: int | NotationError) -> int | None:
        """Where ``reading`` is in the list (None: no action, or not a legal one)."""
        if isinstance(reading, NotationError) or reading not in self.legal:
            return None
        return list(self.legal).index(reading)


def command_of(word: str) -> str | None:
    """The command ``word`` names: a word in any case (``QUIT``, ``Hint``), a single letter
    exactly as written (``Q`` is a card, ``q`` quits)."""
    key = word if len(word) == 1 else word.casefold()
    for command, words in (("help", _HELP), ("quit", _QUIT), ("show", _SHOW),
                           ("waits", _WAITS), ("hint", _HINT), ("log", _LOG),
                           ("settlement", _SETTLEMENT)):
        if key in words:
            return command
    return None


def _by_choice(word: str, legal: Sequence[int], lang: Lang) -> Reply:
    """``#n``: the n-th choice of the list, and nothing else."""
    if not word.strip():  # a bare # named "choice 「」"
        return Reply(problem=tr("no_choice", lang, last=len(legal)))
    if not word.isdecimal() or not 1 <= int(word) <= len(legal):
        return Reply(problem=tr("bad_choice", lang, text=word, last=len(legal)))
    return Reply(action=legal[int(word) - 1])


def _by_notation(word: str, c: _Choices) -> Reply:
    """``=x``: the game's notation (or the one listed action written as a verb and ``x``)."""
    reading = _notation_reading(word, c)
    if isinstance(reading, NotationError):
        return Reply(problem=tr("bad_notation", c.lang, text=word,
                                reason=reading.msg.text(c.lang)))
    return Reply(action=reading)


def _by_number(word: str, c: _Choices) -> Reply:
    """A bare number: a list number, refused (every reading named) when it may also mean
    another listed action — the one its notation names, else every other one whose label
    shows the number (报 6, 9r); its notation naming no listed action (cards the player
    does not hold) does not count. Past the list: its notation, else the one listed action
    whose label shows it."""
    n = int(word)
    reading = _notation_reading(word, c)
    if 1 <= n <= len(c.legal):
        return _list_number(word, n, reading, c)
    if not isinstance(reading, NotationError):
        return Reply(action=reading)  # a legal action, or the engine says why not
    shown = _showing_number(n, c, skip=None)
    if len(shown) == 1:
        return Reply(action=c.legal[shown[0]])
    if shown:
        return Reply(problem=_ambiguous(word, None, shown, None, c, None))
    if not c.number_cards:
        return Reply(problem=tr("no_number", c.lang, n=n, last=len(c.legal)))
    return Reply(problem=tr("bad_number", c.lang, n=n, last=len(c.legal),
                            reason=reading.msg.text(c.lang)))


def _list_number(word: str, n: int, reading: int | NotationError, c: _Choices) -> Reply:
    """``n`` is a list number: that choice, unless ``word`` may also mean another listed
    action (cards it writes that are no listed action are not another reading)."""
    written = c.index(reading)
    if written == n - 1:
        return Reply(action=c.legal[n - 1])  # the choice and the notation agree
    others = [written] if written is not None else _showing_number(n, c, skip=n - 1)
    card: bool | None = None  # cards it writes that are no listed action: held or not
    if not isinstance(reading, NotationError) and written is None and c.held is not None:
        card = c.held(reading)
    if not others and card is None:
        return Reply(action=c.legal[n - 1])
    said = c.index(_parsed(word, c))  # =word advised only for the cards it writes
    return Reply(problem=_ambiguous(word, n, others, card, c, said))


def _by_text(word: str, c: _Choices) -> Reply:
    """Anything else: the game's notation, or the one listed label it matches (``pass`` for
    ``pass (过)``); refused when the two name different listed actions, or when it matches
    several labels and no notation."""
    reading = _notation_reading(word, c)
    written = c.index(reading)
    listed = _matching_labels(word, c)
    if written is not None:
        others = [i for i in listed if i != written]
        if not others:
            return Reply(action=c.legal[written])
        return Reply(problem=_ambiguous(word, None, [written, *others], None, c, written))
    if len(listed) == 1:
        return Reply(action=c.legal[listed[0]])
    if len(listed) > 1:  # 对子 where two pairs are listed: which one, never a guess
        return Reply(problem=_ambiguous(word, None, listed, None, c, None))
    if isinstance(reading, NotationError):
        return Reply(problem=tr("bad_notation", c.lang, text=word,
                                reason=reading.msg.text(c.lang)) + _near(word, c))
    return Reply(action=reading)  # not legal: the engine says why


def _near(word: str, c: _Choices) -> str:
    """The listed actions whose label (or its part) stands inside ``word``, a word that
    names none (``掀掀``: 掀), as a question; "" when none does."""
    target = _normal(word)
    found = [c.labels[i] for i, label in enumerate(c.labels)
             if any(len(form) < len(target) and _inside(form, target)
                    for form in _label_forms(label) if not form.isdecimal())]
    if not found or len(found) > 3:
        return ""
    labels = tr("mean_or", c.lang).join(
        f"「{label}」" if c.lang == "zh" else repr(label) for label in found)
    return tr("did_you_mean", c.lang, labels=labels)


def _inside(form: str, target: str) -> bool:
    """Whether ``form`` stands in ``target`` whole: a number in it not as part of a longer
    one (``报 3`` is not in ``报 31``: 最多报 30 … 是要「报 3」吗？ — a terminal play-test)."""
    return any(not (form[-1].isdigit() and target[at + len(form):at + len(form) + 1].isdigit())
               and not (form[0].isdigit() and at and target[at - 1].isdigit())
               for at in (m.start() for m in re.finditer(re.escape(form), target)))


def _notation_reading(word: str, c: _Choices) -> int | NotationError:
    """``word`` in the game's notation: the action it names, or — when that is no legal
    action, or no action at all — the one listed action written as a verb and ``word``
    (``弃 3`` for ``3`` among 紧牌's discards)."""
    reading = _parsed(word, c)
    if c.index(reading) is not None:
        return reading
    verbed = _verb_and(word, c)
    if len(verbed) == 1:
        return c.legal[verbed[0]]
    alone = _one_verb_reading(word, c)
    return reading if alone is None else alone


def _one_verb_reading(word: str, c: _Choices) -> int | None:
    """Where every listed action is one verb and cards (紧牌's 弃 …), ``word`` read after
    that verb: a card not held is then the engine's "no such card to discard", not the
    rule that no play is allowed now (a play-test: ``=3`` after the 3 was thrown)."""
    verbs = {_normal(n).partition(" ")[0] for n in c.notations}
    if len(verbs) != 1 or any(" " not in _normal(n) for n in c.notations):
        return None
    verb = verbs.pop()
    if not _is_verb(verb, c):
        return None
    reading = _parsed(f"{verb} {word}", c)
    return None if isinstance(reading, NotationError) else reading


def _parsed(word: str, c: _Choices) -> int | NotationError:
    try:
        return c.parse(word)
    except NotationError as exc:
        return exc


def _verb_and(word: str, c: _Choices) -> list[int]:
    """The listed actions whose notation or label is one verb word and then ``word``."""
    target = _normal(word)
    if not target:
        return []
    found = []
    for i, (label, notation) in enumerate(zip(c.labels, c.notations, strict=True)):
        for form in {_normal(notation), *_label_forms(label)}:
            verb, _, rest = form.partition(" ")
            if rest and _is_verb(verb, c) and (
                    rest == target or _parsed(f"{verb} {word}", c) == c.legal[i]):
                found.append(i)  # the card by another of its names too (天 for 弃 K)
                break
    return found


def _is_verb(word: str, c: _Choices) -> bool:
    """A word that is no number and no cards (弃, throw; not K in ``K K K``)."""
    if not word or any(ch.isdigit() for ch in word):
        return False
    try:
        c.parse(word)
    except NotationError:
        return True
    return False


def _matching_labels(word: str, c: _Choices) -> list[int]:
    """The listed actions whose label is ``word`` (any case and spacing), or whose label's
    part outside or inside its brackets is (``pass`` or ``过`` for ``pass (过)``)."""
    target = _normal(word)
    return [i for i, label in enumerate(c.labels) if target in _label_forms(label)]


_BRACKETED = re.compile(r"(.*?)\s*[（(]([^（）()]*)[）)]\s*(.*)")
_NUMBER = re.compile(r"\d+")


def _label_forms(label: str) -> set[str]:
    """How ``label`` may be typed: whole, or the part outside or inside its first brackets,
    the cards after them kept with either (``紮 (zha) 士``: ``紮 士``, ``zha 士``, and ``zha``
    alone — refused for ``zha needs a card`` with one 紮 listed: an English play-test)."""
    forms = {_normal(label)}
    bracketed = _BRACKETED.fullmatch(label.strip())
    if bracketed is not None:
        before, inside, after = bracketed[1], bracketed[2], bracketed[3]
        forms |= {_normal(f"{before} {after}"), _normal(inside), _normal(f"{inside} {after}")}
    return forms - {""}


def _normal(text: str) -> str:
    return " ".join(text.split()).casefold()


def choice_word(n: int, texts: Sequence[str], number_cards: bool) -> str:
    """How to type the list's ``n``-th choice (1-based) so it cannot be read otherwise:
    the bare number where no card is written as a number and no listed label shows it,
    else ``#n`` (钵福's 报 1 is the second choice, and 2 would also read as 报 2)."""
    shows = any(n in {int(run) for run in _NUMBER.findall(label)} for label in texts)
    return f"#{n}" if number_cards or shows else str(n)


def _showing_number(n: int, c: _Choices, skip: int | None) -> list[int]:
    """The listed actions (but ``skip``) whose label shows the number ``n`` (报 6, 9r)."""
    return [i for i, label in enumerate(c.labels)
            if i != skip and n in {int(run) for run in _NUMBER.findall(label)}]


def _ambiguous(raw: str, n: int | None, items: Sequence[int], card: bool | None,
               c: _Choices, written: int | None) -> str:
    """``raw`` read every way it can be: choice ``n``, the listed ``items`` (``written``:
    the one the notation ``=raw`` writes) and cards it writes that are no listed action
    (``card``: True held, that cannot be played now; False not held; None no such
    reading); how to say each."""
    lang = c.lang
    readings, hows = [], []
    if n is not None:
        readings.append(tr("amb_choice", lang, n=n, item=c.labels[n - 1]))
        hows.append(tr("amb_how_choice", lang, n=n))
    for i in items:
        readings.append(tr("amb_listed", lang, j=i + 1, label=c.labels[i]))
        also = tr("amb_or_written", lang, raw=raw) if i == written else ""
        hows.append(tr("amb_how_listed", lang, j=i + 1, label=c.labels[i], also=also))
    if card is not None:
        readings.append(tr("amb_card" if card else "amb_card_missing", lang, raw=raw))
    ways = tr(f"ways_{len(readings)}" if len(readings) <= 4 else "ways_many", lang)
    return tr("ambiguous", lang, raw=raw, ways=ways, readings=tr("amb_or", lang).join(readings),
              hows=comma(lang).join(hows))
