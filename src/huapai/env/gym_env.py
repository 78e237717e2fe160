"""One learner against bots: a single-agent Gymnasium environment over the AEC one.

``single_agent_env(game, preset, rules_overrides, seat=0, opponents="heuristic")`` is a
``gymnasium.Env`` for the common case of one policy being trained against fixed
opponents: every other seat is played by a bot (any spec ``huapai play --bots`` takes:
``heuristic``, ``random``, ``search:入门`` …), and ``step`` returns only when the learner
is asked again — in its turn or in a claim window — or when the deal is over. One deal is
one episode, as in :mod:`.pettingzoo_env`, whose observations, action ids, rewards,
infos and illegal-action policy it keeps (docs/env.md).

* ``seat`` is the learner's seat, or ``"random"``: drawn each ``reset`` from the env's
  ``np_random``. ``opponents`` is one spec for every other seat or one per other seat,
  from the learner's 下家 on (the seat after it, and so on round the table): a list, or
  comma-separated as ``--bots`` takes them (``"heuristic,random"``).
* A deal in which the learner has no decision at all (it sits out as 歇家 / 老爷, or the
  deal ends before its first turn) is played out by the bots and dealt again from the
  next seed; ``skipped_deals`` counts them.
* ``reset(seed=s)`` deals what the AEC env's ``reset(seed=s)`` deals; the bots are seeded
  from the env's ``np_random``, so a seeded run is reproducible end to end.
* ``action_masks()`` is the learner's mask as booleans (the name MaskablePPO of
  sb3-contrib calls); ``action_space.sample(mask=obs["action_mask"])`` samples a legal id.
* Importing this module registers it with Gymnasium as ``huapai/SingleAgent-v0``:
  ``gymnasium.make("huapai.env.gym_env:huapai/SingleAgent-v0", game="biegan")`` imports
  and makes it in one call (Gymnasium adds its own checker and order wrappers).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Literal

import gymnasium
import numpy as np

from huapai.bots.levels import parse_spec
from huapai.core.rng import derive_seed
from huapai.core.session import Agent, decide

from .pettingzoo_env import RENDER_MODES, HuapaiAECEnv, Observation

Seat = int | Literal["random"]


class HuapaiSingleAgentEnv(gymnasium.Env[dict[str, Any], np.int64]):
    """See the module docstring."""

    def __init__(self, aec: HuapaiAECEnv, seat: Seat = 0,
                 opponents: str | Sequence[str] = "heuristic") -> None:
        self.aec = aec
        self.game, self.rules = aec.game, aec.rules
        seats = len(aec.possible_agents)
        if seat != "random" and (isinstance(seat, bool) or not isinstance(seat, int)
                                 or not 0 <= seat < seats):
            raise ValueError(f"seat must be a seat number 0…{seats - 1} or 'random', "
                             f"got {seat!r}")
        self.seat_rule: Seat = seat
        # parsed once: an unknown bot or level is refused here, naming it
        self.opponents = [parse_spec(spec, self.game) for spec in _specs(opponents, seats)]
        self.observation_space = aec.observation_spaces[aec.possible_agents[0]]
        self.action_space = aec.action_spaces[aec.possible_agents[0]]
        self.render_mode = aec.render_mode
        self.metadata = {"render_modes": list(RENDER_MODES)}
        self.seat = 0 if seat == "random" else seat
        self.skipped_deals = 0
        self._bots: dict[int, Agent] = {}
        self._over = True

    # --- episode ---------------------------------------------------------------------
    def reset(self, *, seed: int | None = None,
              options: dict[str, Any] | None = None) -> tuple[Observation, dict[str, Any]]:
        super().reset(seed=seed)
        options = dict(options or {})
        for attempt in range(1000):
            self.aec.reset(seed=seed if attempt == 0 else None, options=options)
            self._seat_everyone()
            if self._advance():  # the learner is asked
                self._over = False
                return self.aec.observe(self._me), {"seat": self.seat}
            if "deal" in options:
                raise ValueError("the learner has no decision in that deal: it sits out, or "
                                 "the deal ends before its first turn")
            self.skipped_deals += 1
        raise RuntimeError("the learner had no decision in 1000 deals (does it ever play?)")

    def step(self, action: Any) -> tuple[Observation, float, bool, bool, dict[str, Any]]:
        if self._over:
            raise RuntimeError("call reset() before step()" if self.aec.deal is None
                               else "the episode is over: call reset()")
        self.aec.step(action)
        asked = self._advance()
        _, reward, _, _, info = self.aec.last(observe=False)  # the learner's, up now
        self._over = not asked
        # the learner's seat in every info: with seat="random" the deltas said nothing of
        # whose the reward was (a researcher's play-test)
        return (self.aec.observe(self._me), float(reward), self._over, False,
                {"seat": self.seat, **info})

    def _seat_everyone(self) -> None:
        """The learner's seat for this deal and a fresh bot at every other seat."""
        seats = len(self.aec.possible_agents)
        if self.seat_rule == "random":
            self.seat = int(self.np_random.integers(seats))
        base = int(self.np_random.integers(2**62))
        self._bots = {}
        for k, spec in enumerate(self.opponents, start=1):
            seat = (self.seat + k) % seats
            self._bots[seat] = spec.make(self.game, self.rules, seat,
                                         derive_seed(base, "opponent", seat))

    def _advance(self) -> bool:
        """The bots play until the learner is asked (True) or the learner's deal is over
        (False: the AEC env has the learner up, terminated, with its reward)."""
        aec = self.aec
        while True:
            agent = aec.agent_selection
            if aec.terminations[agent] or aec.truncations[agent]:
                if agent == self._me:
                    return False
                aec.step(None)
                continue
            if agent == self._me:
                return True
            seat = aec.possible_agents.index(agent)
            state = aec.deal.state if aec.deal is not None else None
            aec.step(decide(self._bots[seat], self.game, state, seat, aec.legal_actions(agent)))

    @property
    def _me(self) -> str:
        return str(self.aec.possible_agents[self.seat])

    # --- views -----------------------------------------------------------------------
    def action_masks(self) -> np.ndarray[Any, Any]:
        """The learner's legal actions now as a boolean mask (all False once it is over)."""
        return np.asarray(self.aec.observe(self._me)["action_mask"], dtype=bool)

    def render(self) -> str | None:
        return self.aec.render()

    def close(self) -> None:
        self.aec.close()


def _specs(opponents: str | Sequence[str], seats: int) -> list[str]:
    if isinstance(opponents, str) and "," not in opponents:
        return [opponents] * (seats - 1)
    # "heuristic,random" as --bots writes a list was one unknown bot (a researcher's try)
    specs = opponents.split(",") if isinstance(opponents, str) else list(opponents)
    if len(specs) != seats - 1 or not all(isinstance(s, str) for s in specs):
        raise ValueError(f"opponents is one bot spec or one per other seat ({seats - 1}), "
                         f"got {opponents!r}")
    return specs


def single_agent_env(
    game: str,
    preset: str | None = None,
    rules_overrides: dict[str, Any] | None = None,
    *,
    seat: Seat = 0,
    opponents: str | Sequence[str] = "heuristic",
    render_mode: str | None = None,
    **kwargs: Any,
) -> HuapaiSingleAgentEnv:
    """A :class:`HuapaiSingleAgentEnv` (the module docstring): ``game``, ``preset`` and
    ``rules_overrides`` named as :func:`~.pettingzoo_env.env` names them, other keyword
    arguments (``reward``, ``illegal_action``, ``illegal_reward``) passed to the AEC env."""
    aec = HuapaiAECEnv(game, preset, rules_overrides, render_mode, **kwargs)
    return HuapaiSingleAgentEnv(aec, seat, opponents)


ENV_ID = "huapai/SingleAgent-v0"
"""Gymnasium's id for :func:`single_agent_env` (registered on import)."""

if ENV_ID not in gymnasium.registry:
    gymnasium.register(id=ENV_ID, entry_point=f"{__name__}:single_agent_env")
