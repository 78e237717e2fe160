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
from typing import TYPE_CHECKING, Any, ClassVar, Protocol, TypeVar

if TYPE_CHECKING:
    from .claim import ClaimWindow


def say(zh: str, en: str) -> str:
    """A message for people: Chinese first, then English (``"不是你的回合 / not your turn"``)."""
    return f"{zh} / {en}"


class IllegalAction(Exception):
    """An action that the engine refuses. The state it was offered to is unchanged.

    ``code`` is stable snake_case (drivers and clients switch on it); ``message`` is for
    people, Chinese first (see :func:`say`). A seat outside ``range(num_seats)`` or an
    action outside ``range(num_actions)`` is refused this way too, never with an
    IndexError (Python would read seat -1 as the last seat).
    """

    def __init__(self, code: str, message: str) -> None:
        super().__init__(f"{code}: {message}")
        self.code = code
        self.message = message


class RulesError(ValueError):
    """Rules that cannot be built: unknown preset, unknown option, or a bad value."""


class NotationError(ValueError):
    """Text in a card, deal or action notation that does not parse; names the culprit."""


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
    says it in Chinese and English for people, e.g. ``"掀 ×2 / 2 xian"``.
    """

    payer: int
    payee: int
    amount: int
    reason: str
    label: str

    def to_json(self) -> dict[str, Any]:
        return {
            "payer": self.payer,
            "payee": self.payee,
            "amount": self.amount,
            "reason": self.reason,
            "label": self.label,
        }


@dataclass(frozen=True, slots=True)
class Settlement:
    """Per-seat score changes of one finished deal, itemised so a player sees why.

    ``deltas`` are derived from ``payments`` (so the sum is zero whenever the game is
    zero-sum); ``notes`` hold per-seat facts that are not payments (占牌 counts, 胡 …).
    """

    num_seats: int
    payments: tuple[Payment, ...]
    notes: tuple[str, ...] = ()
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
    ) -> StateT: ...
    def deal_of(self, state: StateT) -> tuple[int, ...]: ...
    def format_deal(self, rules: RulesT, deal: Sequence[int]) -> str: ...
    def parse_deal(self, rules: RulesT, text: str) -> tuple[int, ...]: ...
    def first_dealer(self, rules: RulesT, seed: int) -> tuple[int, list[Event]]: ...
    def next_dealer(self, state: StateT) -> int: ...

    # --- play ------------------------------------------------------------------------
    def to_act(self, state: StateT) -> tuple[int, ...]:
        """The seats that must answer now (several in a claim window); () when over."""
        ...

    def legal_actions(self, state: StateT, seat: int) -> Sequence[int]:
        """Sorted, deterministic; empty for a seat not in ``to_act``. The single source
        of legality: ``apply`` accepts exactly these."""
        ...

    def apply(self, state: StateT, seat: int, action: int) -> tuple[StateT, list[Event]]: ...
    def is_over(self, state: StateT) -> bool: ...
    def settlement(self, state: StateT) -> Settlement: ...

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

    # --- numeric encoding for learning -----------------------------------------------
    def observation_size(self, rules: RulesT) -> int: ...
    def encode_observation(self, state: StateT, seat: int) -> Sequence[float]: ...
