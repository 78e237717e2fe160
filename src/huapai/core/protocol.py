"""The game protocol every huapai engine implements.

One pure engine per family; the CLI, bots, RL environments, replayer and server are thin
drivers around these few functions. States are values: ``apply`` returns a new state and
never touches the one it was given, so a rejected action changes nothing by construction.

Actions are small non-negative ints from a fixed, per-rules action space
(``num_actions``), so the same id means the same move in every state: that is what an RL
action mask needs and what keeps legality a set-membership test. Each game gives them a
text notation (``format_action`` / ``parse_action``).

Several seats may be asked at once (a claim window after a discard: 对 / 碰 / 招 / 胡).
``to_act`` lists them; each answers with ``apply(state, seat, action)`` and the window
(:mod:`huapai.core.claim`, the family's priority table as data) resolves once the
answers it needs are in.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, ClassVar, Protocol, Self, TypeVar

from .present import ActionInfo, Msg, SettlementItem, WorthUnit

if TYPE_CHECKING:
    from .claim import ClaimWindow

__all__ = ["ActionInfo", "Event", "Game", "IllegalAction", "Msg", "NotationError", "Payment",
           "RulesError", "Settlement", "SettlementItem"]


class _Refusal:
    """What :class:`IllegalAction`, :class:`RulesError` and :class:`NotationError` share:
    a :class:`~huapai.core.present.Msg` (``exc.msg``) that front ends show in their
    language, with ``code`` (stable snake_case) and ``message`` (``"中文 / English"``, for
    drivers that predate messages) read from it."""

    default_code: ClassVar[str] = "error"
    msg: Msg

    @property
    def code(self) -> str:
        return self.msg.code

    @property
    def message(self) -> str:
        return str(self.msg)

    def __reduce__(self) -> tuple[type, tuple[Msg]]:
        return (type(self), (self.msg,))  # pickled and copied with their message


def _as_msg(default_code: str, code: str | Msg, message: str | Msg | None) -> Msg:
    """The message of an exception built the new way (``Exc(msg)``) or the old one
    (``Exc(code, message)``; or ``Exc(text)`` for the ValueErrors)."""
    if isinstance(code, Msg) and message is None:
        return code
    if isinstance(message, Msg):
        return Msg(str(code), message.zh, message.en, message.params)
    if message is None:
        return Msg.plain(default_code, str(code))
    return Msg.plain(str(code), message)


class IllegalAction(_Refusal, Exception):
    """An action that the engine refuses. The state it was offered to is unchanged.

    ``msg`` says why (:class:`~huapai.core.present.Msg`); ``code`` is its stable
    snake_case code (drivers and clients switch on it) and ``message`` its
    ``"中文 / English"`` text. ``IllegalAction(code, "text")`` still works. A seat outside
    ``range(num_seats)`` or an action outside ``range(num_actions)`` is refused this way
    too, never with an IndexError (Python would read seat -1 as the last seat).
    """

    default_code = "illegal_action"

    def __init__(self, code: str | Msg, message: str | Msg | None = None) -> None:
        self.msg = _as_msg(self.default_code, code, message)
        super().__init__(f"{self.msg.code}: {self.msg}")

    @classmethod
    def of(cls, code: str, zh: str, en: str, /, **params: Any) -> IllegalAction:
        """A refusal from message templates (see :meth:`Msg.of`)."""
        return cls(Msg.of(code, zh, en, **params))


class _SaidValueError(_Refusal, ValueError):
    """A ValueError whose ``str()`` is its message's two-language text."""

    def __init__(self, msg: str | Msg) -> None:
        self.msg = _as_msg(self.default_code, msg, None)
        super().__init__(str(self.msg))

    @classmethod
    def of(cls, code: str, zh: str, en: str, /, **params: Any) -> Self:
        return cls(Msg.of(code, zh, en, **params))


class RulesError(_SaidValueError):
    """Rules that cannot be built: unknown preset, unknown option, or a bad value."""

    default_code = "bad_rules"


class NotationError(_SaidValueError):
    """Text in a card, deal or action notation that does not parse; names the culprit."""

    default_code = "bad_notation"


class NotOver(_SaidValueError):
    """``settlement`` / ``worth`` asked of a deal still going (a ValueError, as before;
    it said so in English only: a researcher's check)."""

    default_code = "not_over"

    def __init__(self, msg: str | Msg | None = None) -> None:
        super().__init__(msg if msg is not None else
                         Msg("not_over", "这局还没打完", "the deal is not over"))


def unknown_action(action: object) -> Msg:
    """What an action that is no id is told: by :func:`action_id` and by the engines'
    refusals of a move (``explain``)."""
    return Msg.of("unknown_action", "没有编号 {action!r} 的动作", "no action has id {action!r}",
                  action=action)


def action_id(action: object, count: int) -> int:
    """``action`` checked as an action id below ``count`` (``format_action``'s and
    ``describe_action``'s door): one :class:`NotationError` naming it in every family —
    they raised a bare ``KeyError``, ``IndexError``, ``TypeError`` or ``ValueError``, each
    its own (a researcher's check)."""
    if isinstance(action, bool) or not isinstance(action, int) or not 0 <= action < count:
        raise NotationError(unknown_action(action))
    return action


@dataclass(frozen=True, slots=True)
class Event:
    """One change to a game, as drivers and logs see it.

    ``seat`` is the seat the event concerns (None for table-wide events). ``private``
    events carry information only their ``seat`` may see; ``redacted()`` is what every
    other seat gets (the same event with the hidden fields replaced by counts or ``?``).
    """

    kind: ClassVar[str] = "event"
    seat: int | None

    @property
    def private(self) -> bool:
        return False

    def visible_to(self, viewer: int | None) -> bool:
        """Whether ``viewer`` (a seat, or None for a spectator) may see it unredacted."""
        return not self.private or viewer == self.seat

    def redacted(self) -> Event:
        return self

    def for_viewer(self, viewer: int | None) -> Event:
        return self if self.visible_to(viewer) else self.redacted()

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"kind": self.kind}
        for name in self.__dataclass_fields__:
            out[name] = _jsonable(getattr(self, name))
        return out


def _jsonable(value: Any) -> Any:
    if isinstance(value, tuple | list):
        return [_jsonable(v) for v in value]
    if isinstance(value, Mapping):
        return {str(k): _jsonable(v) for k, v in value.items()}
    return value


@dataclass(frozen=True, slots=True)
class Payment:
    """One line of a settlement: ``payer`` gives ``amount`` (≥ 0) to another seat
    ``payee`` for ``reason``.

    ``reason`` is a stable code (``"xian"``, ``"ci"``, ``"xingzi"``, ``"hu"`` …); ``label``
    says it for people (a :class:`Msg`, e.g. ``掀 未够牌 ×2`` / ``failed 掀 (2)``; a plain
    string is taken as a one-wording message). ``to_json`` writes ``label`` as the old
    ``"中文 / English"`` text and the message itself as ``msg``.
    """

    payer: int
    payee: int
    amount: int
    reason: str
    label: Msg

    def __post_init__(self) -> None:
        if not isinstance(self.label, Msg):
            object.__setattr__(self, "label", Msg.plain(self.reason, str(self.label)))

    def to_json(self) -> dict[str, Any]:
        return {
            "payer": self.payer,
            "payee": self.payee,
            "amount": self.amount,
            "reason": self.reason,
            "label": str(self.label),
            "msg": self.label.to_json(),
        }


@dataclass(frozen=True, slots=True)
class Settlement:
    """Per-seat score changes of one finished deal, itemised so a player sees why.

    ``deltas`` are derived from ``payments`` (so the sum is zero whenever the game is
    zero-sum); ``items`` are the breakdown a front end draws as a table (per seat: 占牌
    counts, 胡, 分, 行子 … as values with units). ``notes`` are the older free-text form
    of the same facts, kept for the records and clients that show them; nothing parses
    them.
    """

    num_seats: int
    payments: tuple[Payment, ...]
    notes: tuple[str, ...] = ()
    items: tuple[SettlementItem, ...] = ()
    deltas: tuple[int, ...] = field(init=False)

    def __post_init__(self) -> None:
        deltas = [0] * self.num_seats
        for p in self.payments:
            deltas[p.payer] -= p.amount
            deltas[p.payee] += p.amount
        object.__setattr__(self, "deltas", tuple(deltas))

    def to_json(self) -> dict[str, Any]:
        return {
            "deltas": list(self.deltas),
            "payments": [p.to_json() for p in self.payments],
            "notes": list(self.notes),
            "items": [i.to_json() for i in self.items],
        }


RulesT = TypeVar("RulesT")
StateT = TypeVar("StateT")


class Game(Protocol[RulesT, StateT]):
    """What a game family provides. One instance per family, registered by ``name``."""

    name: str
    title: str

    # --- rules -----------------------------------------------------------------------
    def presets(self) -> Mapping[str, RulesT]: ...
    def rules(self, preset: str, **overrides: Any) -> RulesT: ...
    def rules_to_dict(self, rules: RulesT) -> dict[str, Any]: ...
    def rules_from_dict(self, data: Mapping[str, Any]) -> RulesT: ...
    def num_seats(self, rules: RulesT) -> int: ...
    def rules_of(self, state: StateT) -> RulesT: ...

    # --- dealing ---------------------------------------------------------------------
    def new_game(
        self,
        rules: RulesT,
        *,
        seed: int | None = None,
        deal: Sequence[int] | None = None,
        dealer: int = 0,
    ) -> StateT:
        """A fresh deal (from ``seed`` or an explicit ``deal``; the built-in families also
        take ``deal`` as text in their deal notation, :meth:`GameBase.dealt_cards`). A
        family that declares ``carry`` also takes ``carry=`` (the previous deal's value;
        absent for a first deal)."""
        ...

    def deal_of(self, state: StateT) -> tuple[int, ...]: ...
    def format_deal(self, rules: RulesT, deal: Sequence[int]) -> str: ...
    def parse_deal(self, rules: RulesT, text: str) -> tuple[int, ...]: ...
    def first_dealer(self, rules: RulesT, seed: int) -> tuple[int, list[Event]]: ...
    def next_dealer(self, state: StateT) -> int: ...

    def opening_events(self, state: StateT) -> list[Event]:
        """What the deal showed before anyone acted (a big hand shown at once, 龙灯 shown
        before the first discard): drivers show these first, to each viewer through
        ``for_viewer``. ``[]`` for a family without any (``GameBase``'s default)."""
        ...

    def carry(self, state: StateT) -> Any:
        """What a finished deal hands to the next deal of the match (连庄 count, an
        abacus, a running 豆 total) as a JSON value, or None for nothing (``GameBase``'s
        default). A match driver passes a non-None value to the next deal's ``new_game``
        as ``carry=`` (never passes ``carry`` otherwise) and the record keeps it in that
        deal's header, so a deal replays from its own record alone."""
        ...

    def match_over(self, state: StateT) -> bool:
        """Whether a finished deal ends the match early (钵福's 得一钵); ``GameBase``'s
        default never does. A match driver stops after such a deal."""
        ...

    def default_deals(self, rules: RulesT) -> int | None:
        """A match's length when nobody gives one, for a family whose match ends itself
        (:meth:`match_over`); None for the front end's default."""
        ...

    # --- play ------------------------------------------------------------------------
    def to_act(self, state: StateT) -> tuple[int, ...]:
        """The seats that must answer now (several in a claim window); () when over."""
        ...

    def legal_actions(self, state: StateT, seat: int) -> Sequence[int]:
        """Sorted, deterministic; empty for a seat not in ``to_act``; a ValueError
        (``bad_seat``, :func:`huapai.core.view.check_seat`) for a seat the table lacks.
        The single source of legality: ``apply`` accepts exactly these."""
        ...

    def apply(self, state: StateT, seat: int, action: int) -> tuple[StateT, list[Event]]: ...

    def automatic(self, state: StateT, seat: int) -> int | None:
        """The action a live driver makes for a person at ``seat`` without asking: the
        seat's only legal action, at a point where answering it for them (after the
        driver's fixed pause, the same for every such seat) tells the other seats nothing
        an immediate answer would not. None (``GameBase``'s default): ask the person.
        Records, replays and the action sequence are unchanged: it is an ordinary action."""
        ...

    def paced(self, state: StateT, seat: int) -> bool:
        """Whether a live driver applies ``seat``'s answer now no sooner than its fixed
        pause after the seat was asked (the pause ``automatic`` answers after), so that how
        soon a seat answered tells the others nothing. False (``GameBase``): at once."""
        ...

    def is_over(self, state: StateT) -> bool: ...
    def settlement(self, state: StateT) -> Settlement: ...

    def worth(self, state: StateT) -> tuple[float, ...]:
        """What a finished deal is worth to each seat, for a search's rollouts and
        evaluators: its settlement's ``deltas`` (``GameBase``'s default), or more where the
        deal's money leaves something out (钵福: the standing on the abacus besides)."""
        ...

    def worth_unit(self, rules: RulesT) -> WorthUnit:
        """What :meth:`worth` counts in, for people reading a search's figures (the AI
        review's costs): the settlement's points (``GameBase``'s default), or the family's
        own unit, with a note where it is more than the money."""
        ...

    def asked(self, state: StateT, seat: int) -> Msg | None:
        """What ``seat`` is asked to decide where its legal actions alone do not say it
        (钵福's 报子: which group the number is for), for the AI review's lines; None
        (``GameBase``'s default) where the actions say it all."""
        ...

    # --- views -----------------------------------------------------------------------
    def observe(self, state: StateT, seat: int | None) -> Mapping[str, Any]:
        """What ``seat`` may know (None: a spectator): the core envelope
        (:mod:`huapai.core.view`: to_act, legal, hand …) and the family's table view."""
        ...

    def omniscient(self, state: StateT) -> Mapping[str, Any]: ...

    # --- claim windows and sampling ------------------------------------------------------
    def claim_window(self, state: StateT) -> ClaimWindow | None:
        """The open claim window (:mod:`huapai.core.claim`), answers included, or None."""
        ...

    def resample(self, state: StateT, seat: int, rng: random.Random) -> StateT:
        """A full state consistent with everything ``seat`` has seen: its ``observe`` is
        unchanged, the deck's cards are conserved, and what it cannot see (other hands,
        the stock, face-down cards) is redistributed with ``rng``. For honest search."""
        ...

    # --- notation and the fixed action space -----------------------------------------
    def num_actions(self, rules: RulesT) -> int: ...
    def format_action(self, rules: RulesT, action: int) -> str: ...
    def parse_action(self, rules: RulesT, text: str) -> int: ...
    def describe_action(self, rules: RulesT, action: int) -> ActionInfo:
        """How a front end shows ``action``: kind, cards, label, group and style."""
        ...

    # --- numeric encoding for learning -----------------------------------------------
    def observation_size(self, rules: RulesT) -> int: ...
    def encode_observation(self, state: StateT, seat: int) -> Sequence[float]: ...
