"""A PettingZoo AEC environment for any huapai game, generic over the protocol.

The reference for researchers is docs/env.md (observation layouts, action ids, the
global state, rendering, records); this docstring is its summary.

One deal is one episode. Agents are ``"seat_0" … "seat_{n-1}"``; ``agent_selection`` is
the first seat of the engine's ``to_act``, so when several seats are asked at once (a
claim window) they act one after another in the order ``to_act`` gives, each seeing its
own observation (the engine decides what an answer reveals to those still to answer).

Observations are ``{"observation": float32[observation_size], "action_mask":
int8[num_actions]}``: the vector is the game's ``encode_observation(state, seat)`` (what
that seat may know, nothing more; each game's layout is in docs/env.md) and the mask is
all zeros for a seat that is not to act. An action is an integer id; the game's notation
for it is ``env.unwrapped.game.format_action(env.unwrapped.rules, a)`` (``describe_action``
gives its kind, cards and label).

Rewards are 0 until the deal ends, then each seat's settlement delta; every agent is
terminated at the end (no truncation: deals are finite). ``infos[agent]`` is ``{}``
during play and ``{"settlement": …, "worth": …}`` (the itemised settlement, and the
seat's ``game.worth``) on the agent's terminal step: read it from ``last()`` when that
agent comes up terminated, as the reward is — after the ``agent_iter()`` loop the agent
is removed and ``infos`` is empty (standard PettingZoo). Rewards are sparse: most deals
between weak agents end 黄庄 (nobody wins, nothing paid — 97 % of random 双别杆 deals).

``reward="worth"`` rewards each seat with ``game.worth(state)`` instead of the money:
the same everywhere but 钵福 (``xiushan`` preset ``bofu``), whose money moves only at
得一钵 — most deals pay 0 to everyone, a win included — while ``worth`` adds the standing
on each seat's 算盘 (the search bot's own reward; docs/bots.md).

``state()`` is the global state for centralised *training* (a MAPPO or QMIX critic):
every seat's observation vector, concatenated in seat order, so it holds every hand.
Never give it to an acting policy; ``state_space`` is its Box.

``reset(seed=s)`` deals exactly what ``new_game(rules, seed=s)`` deals — the deal of any
match deal whose *deal* seed is ``s`` (a match with ``--seed m`` deals its ``i``-th deal
from ``derive_seed(m, "deal", i)``, docs/records.md, so ``simulate --seed 9`` does not
start with ``reset(seed=9)``'s deal) — with the dealer from the game's own
``first_dealer(rules, s)`` unless ``options={"dealer": d}`` says otherwise;
``options={"deal": …}`` (ints or the game's deal notation) replays a given deal. A deal
that is over as it is dealt (a big hand shown at once) gives no agent a decision and
would break PettingZoo's "nobody is terminated after reset"; from a seed such deals are
skipped — re-dealt from ``derive_seed(seed, "redeal", k)`` — and counted in
``skipped_deals`` (a running total); an explicit such ``deal`` is refused with
ValueError. Without a seed, the next deal's seed is drawn from a generator seeded by the
last explicit seed, so a run started with ``reset(seed=s)`` is reproducible. A
``dealer`` option that is not a seat number is refused with ValueError; option keys
other than ``dealer`` and ``deal`` are ignored (PettingZoo's ``api_test`` passes one of
its own and expects that).

Illegal actions follow PettingZoo's classic-environment convention (what its
``TerminateIllegalWrapper`` does), handled natively here so the engine's own stable
``IllegalAction`` code is kept: the offending agent gets ``illegal_reward`` (default
-1), every other agent 0, the episode terminates for all, and
``infos[offender]["illegal_action"]`` holds ``{"code", "message", "msg"}`` (``msg``: the
refusal as ``{code, zh, en, params}``). Pass ``illegal_action="raise"`` to get the
:class:`IllegalAction` instead (the env is then unchanged and the same agent may try
again).

Rendering (``render_mode``, ``metadata["render_modes"]``): ``"ansi"`` makes ``render()``
return the text, ``"human"`` prints it after every step (and ``render()`` prints it);
without a mode ``render()`` warns and returns None, as gymnasium and PettingZoo do. The
text is a researcher's view, never an agent's: the game, preset, dealer and the deal as
dealt (every hand, in the game's deal notation), the last actions in the game's
notation, who is to act (or the settlement), and the table as the game's terminal
renderer draws it for a spectator (hand sizes, not hands).

``env.deal`` is the :class:`~huapai.core.session.Deal` being played; ``write_record(path)``
saves its record (JSON lines, its header naming the preset), which ``huapai replay`` and
``huapai review`` read.

``api_test`` warns "Observation space … should be Box" and "Observation is not a NumPy
array": expected for a Dict observation with an action mask (PettingZoo's own classic
environments look the same; its test only whitelists them by name).
"""

from __future__ import annotations

import io
import operator
import random
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any, Literal

import numpy as np
from gymnasium import logger, spaces
from pettingzoo import AECEnv
from pettingzoo.utils.wrappers import OrderEnforcingWrapper
from rich.console import Console

from huapai.cli_support.render import RenderContext, renderer_for
from huapai.core import record
from huapai.core.naming import default_preset, load_game_preset, named_overrides
from huapai.core.protocol import Game, IllegalAction
from huapai.core.rng import derive_seed
from huapai.core.session import Deal

Observation = dict[str, np.ndarray[Any, Any]]
IllegalPolicy = Literal["terminate", "raise"]
Reward = Literal["money", "worth"]
RENDER_MODES = ("human", "ansi")


class HuapaiAECEnv(AECEnv):  # type: ignore[misc]  # pettingzoo ships no type hints
    """One deal of ``game`` under ``preset`` (+ ``rules_overrides``) per episode.

    ``preset`` defaults to the game's first preset. ``game`` may also be a game
    object (tests use games that are not registered). ``render_mode`` is None,
    ``"ansi"`` (``render()`` returns the text) or ``"human"`` (printed after each step);
    the text is a researcher's view that shows the deal as dealt — every hand — so it is
    never an agent's input (module docstring, docs/env.md).
    """

    def __init__(
        self,
        game: str | Game[Any, Any],
        preset: str | None = None,
        rules_overrides: Mapping[str, Any] | None = None,
        render_mode: str | None = None,
        *,
        illegal_action: IllegalPolicy = "terminate",
        illegal_reward: float = -1.0,
        reward: Reward = "money",
    ) -> None:
        super().__init__()
        game, preset = _game_and_preset(game, preset)
        if render_mode is not None and render_mode not in RENDER_MODES:
            raise ValueError(f"render_mode must be one of {RENDER_MODES}, got {render_mode!r}")
        if illegal_action not in ("terminate", "raise"):
            raise ValueError(f"illegal_action must be 'terminate' or 'raise', "
                             f"got {illegal_action!r}")
        if reward not in ("money", "worth"):
            raise ValueError(f"reward must be 'money' or 'worth', got {reward!r}")
        self.game, self.preset = game, preset
        self.rules = game.rules(preset, **named_overrides(game, preset, rules_overrides or {}))
        self.render_mode = render_mode
        self.illegal_action, self.illegal_reward = illegal_action, float(illegal_reward)
        self.reward = reward
        self.metadata = {"render_modes": list(RENDER_MODES), "name": f"huapai_{game.name}_v0",
                         "is_parallelizable": False}
        self.possible_agents = [f"seat_{i}" for i in range(game.num_seats(self.rules))]
        self._seat = {agent: i for i, agent in enumerate(self.possible_agents)}
        self._make_spaces()
        self._seeder = random.Random()
        self.deal: Deal | None = None
        self.skipped_deals = 0

    def _make_spaces(self) -> None:
        size, n = self.game.observation_size(self.rules), self.game.num_actions(self.rules)
        obs = spaces.Dict({
            "observation": spaces.Box(-np.inf, np.inf, shape=(size,), dtype=np.float32),
            "action_mask": spaces.Box(0, 1, shape=(n,), dtype=np.int8),
        })
        self.observation_spaces = {a: obs for a in self.possible_agents}
        self.action_spaces = {a: spaces.Discrete(n) for a in self.possible_agents}
        seats = len(self.possible_agents)
        self.state_space = spaces.Box(-np.inf, np.inf, shape=(seats * size,), dtype=np.float32)

    # --- spaces ----------------------------------------------------------------------
    def observation_space(self, agent: str) -> spaces.Dict:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Discrete:
        return self.action_spaces[agent]

    # --- episode ---------------------------------------------------------------------
    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        if seed is not None:
            self._seeder = random.Random(seed)
            deal_seed = seed
        else:
            deal_seed = self._seeder.getrandbits(63)
        self.deal = self._start(deal_seed, self._checked(options or {}))
        self.agents = list(self.possible_agents)
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self._skip_agent_selection = None
        self.agent_selection = self._next_agent()

    def _checked(self, options: Mapping[str, Any]) -> Mapping[str, Any]:
        """``reset``'s options, a dealer that is not a seat refused (ValueError)."""
        dealer, seats = options.get("dealer"), len(self.possible_agents)
        if dealer is not None and (isinstance(dealer, bool) or not isinstance(
                dealer, (int, np.integer)) or not 0 <= int(dealer) < seats):
            raise ValueError(f"dealer must be a seat number 0…{seats - 1}, got {dealer!r}")
        return options

    def _start(self, seed: int, options: Mapping[str, Any]) -> Deal:
        dealer = options.get("dealer")
        deal = options.get("deal")
        if isinstance(deal, str):
            deal = self.game.parse_deal(self.rules, deal)
        if deal is not None:
            d = self.game.first_dealer(self.rules, seed)[0] if dealer is None else int(dealer)
            started = Deal.start(self.game, self.rules, deal=deal, dealer=d)
            if self.game.is_over(started.state):
                raise ValueError("that deal is over as it is dealt: no agent has a decision")
            return self._named(started)
        for attempt in range(1000):
            s = seed if attempt == 0 else derive_seed(seed, "redeal", attempt)
            d = self.game.first_dealer(self.rules, s)[0] if dealer is None else int(dealer)
            started = Deal.start(self.game, self.rules, seed=s, dealer=d)
            if not self.game.is_over(started.state):
                return self._named(started)
            self.skipped_deals += 1
        raise RuntimeError(f"every deal from seed {seed} is over as it is dealt")

    def _named(self, deal: Deal) -> Deal:
        """The deal, its record's header naming the preset (``huapai replay`` titles a
        deal by it; the record module writes and reads it)."""
        deal.record.preset = self.preset
        return deal

    def _next_agent(self) -> str:
        to_act = self.game.to_act(self._state)
        return self.possible_agents[to_act[0]] if to_act else self.agents[0]

    @property
    def _state(self) -> Any:
        if self.deal is None:
            raise RuntimeError("call reset() before using the environment")
        return self.deal.state

    def step(self, action: Any) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        assert self.deal is not None
        chosen = _action_id(action, int(self.action_spaces[agent].n))  # raises: nothing changed
        try:
            self.deal.act(self._seat[agent], chosen)
        except IllegalAction as exc:
            if self.illegal_action == "raise":
                raise
            self._start_step(agent)
            self._end_illegal(agent, exc)
        else:
            self._start_step(agent)
            if self.game.is_over(self.deal.state):
                self._end_deal()
            else:
                self.agent_selection = self._next_agent()
        self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    def _start_step(self, agent: str) -> None:
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards[agent] = 0.0

    def _end_deal(self) -> None:
        settlement = self.game.settlement(self._state)
        worth = self.game.worth(self._state)
        paid = worth if self.reward == "worth" else settlement.deltas
        for seat, agent in enumerate(self.possible_agents):
            self.rewards[agent] = float(paid[seat])
            self.terminations[agent] = True
            self.infos[agent] = {"settlement": settlement.to_json(), "worth": float(worth[seat])}

    def _end_illegal(self, offender: str, exc: IllegalAction) -> None:
        for agent in self.agents:
            self.rewards[agent] = self.illegal_reward if agent == offender else 0.0
            self.terminations[agent] = True
        self.infos[offender] = {"illegal_action": {"code": exc.code, "message": exc.message,
                                                   "msg": exc.msg.to_json()}}

    # --- views -----------------------------------------------------------------------
    def observe(self, agent: str) -> Observation:
        state, seat = self._state, self._seat[agent]
        vector = np.asarray(self.game.encode_observation(state, seat), dtype=np.float32)
        mask = np.zeros(self.game.num_actions(self.rules), dtype=np.int8)
        if seat in self.game.to_act(state):
            mask[list(self.game.legal_actions(state, seat))] = 1
        return {"observation": vector, "action_mask": mask}

    def state(self) -> np.ndarray[Any, Any]:
        """The global state, for centralised TRAINING only (a MAPPO or QMIX critic), never
        for acting: every seat's own observation vector (``observe(agent)["observation"]``)
        concatenated in seat order — what all seats know together, so it holds EVERY
        hand. A policy that acts on it sees other seats' hidden cards. Shape
        ``state_space.shape``: seats × ``observation_size``, float32."""
        state = self._state
        return np.concatenate([
            np.asarray(self.game.encode_observation(state, seat), dtype=np.float32)
            for seat in range(len(self.possible_agents))])

    def legal_actions(self, agent: str) -> Sequence[int]:
        """The engine's legal action ids for ``agent`` now (empty when it is not asked)."""
        return self.game.legal_actions(self._state, self._seat[agent])

    def render(self) -> str | None:
        """The researcher's view of the table (module docstring): returned for ``"ansi"``,
        printed for ``"human"``; without a render mode, a warning and None."""
        if self.render_mode is None:
            logger.warn("You are calling render method without specifying any render mode. "
                        "You can specify the render_mode at initialization, e.g. "
                        f'huapai.env.pettingzoo_env.env("{self.game.name}", '
                        'render_mode="ansi")')
            return None
        text = self._render_text()
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def _render_text(self) -> str:
        state, deal = self._state, self.deal
        assert deal is not None
        lines = [f"{self.game.title} [{self.preset}] — dealer seat_{deal.record.dealer}",
                 f"  deal (every hand, as dealt): {deal.record.deal}"]
        if deal.record.actions:
            lines.append(f"  last actions ({len(deal.record.actions)} in all):")
            lines += [f"    seat_{e.seat}: {e.action}" for e in deal.record.actions[-8:]]
        if self.game.is_over(state):
            paid = self.game.settlement(state).deltas
            lines.append("  over — paid: " + ", ".join(
                f"seat_{seat} {delta:+d}" for seat, delta in enumerate(paid)))
        else:
            asked = ", ".join(f"seat_{s}" for s in self.game.to_act(state))
            lines.append(f"  to act: {asked}")
        lines.append("  table (a spectator's view):")
        lines += [f"    {line}" for line in self._table_text().splitlines()]
        return "\n".join(lines)

    def _table_text(self) -> str:
        """The table as the game's terminal renderer draws it for a spectator (no hand),
        plain text."""
        buffer = io.StringIO()
        console = Console(file=buffer, width=100, color_system=None, force_terminal=False,
                          highlight=False, emoji=False)
        view = self.game.observe(self._state, None)
        console.print(renderer_for(self.game).table(view, RenderContext(self.game, self.rules,
                                                                       "en")))
        return "\n".join(line.rstrip() for line in buffer.getvalue().splitlines())

    def write_record(self, path: str | Path) -> None:
        """Save the episode's record (JSON lines; its header names the preset) for
        ``huapai replay`` / ``huapai review``."""
        if self.deal is None:
            raise RuntimeError("call reset() before using the environment")
        record.write(Path(path), self.deal.record.lines())

    def close(self) -> None:
        pass


def _action_id(action: Any, n: int) -> int:
    """An action of the space ``Discrete(n)``: an int or a NumPy integer in 0..n-1. Anything
    else is the caller's bug, not a move: a TypeError or ValueError, the episode unchanged
    (a float from a policy's tensor ended the episode as an illegal move, with its penalty
    as a training signal — a researcher's play-test). A legal-looking id the game refuses
    now is an illegal action (``illegal_action``). A bool is no id, though Python counts it
    an int (``step(True)`` was action 1: a mask passed for an action)."""
    try:
        if isinstance(action, bool):  # True took action 1 and ended a deal as illegal
            raise TypeError
        chosen = operator.index(action)
    except TypeError:
        raise TypeError(f"an action is an integer id in 0..{n - 1} (int or a NumPy integer), "
                        f"got {action!r} of type {type(action).__name__}") from None
    if not 0 <= chosen < n:
        raise ValueError(f"action {chosen} is outside the action space Discrete({n})")
    return chosen


def _game_and_preset(game: str | Game[Any, Any],
                     preset: str | None) -> tuple[Game[Any, Any], str]:
    """The game and preset named as the command line names them (an id, or the 中文:
    秀山, 十八福, 凤翔); the game's first preset when none is named."""
    found, named = load_game_preset(game, preset) if isinstance(game, str) else (game, preset)
    return found, named if named is not None else default_preset(found)


def env(
    game: str | Game[Any, Any],
    preset: str | None = None,
    rules_overrides: Mapping[str, Any] | None = None,
    render_mode: str | None = None,
    **kwargs: Any,
) -> AECEnv:
    """A :class:`HuapaiAECEnv` for ``game`` (keyword arguments go to it), wrapped
    in PettingZoo's ``OrderEnforcingWrapper`` as PettingZoo's own environments are: using
    it before ``reset()`` is an error. ``env.unwrapped`` is the :class:`HuapaiAECEnv`."""
    raw = HuapaiAECEnv(game, preset, rules_overrides, render_mode, **kwargs)
    return OrderEnforcingWrapper(raw)
