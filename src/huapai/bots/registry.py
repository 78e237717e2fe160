"""Bots by name, for every game: ``random`` built in, each family's from its manifest.

A factory is called as ``factory(game, rules, seat, seed)`` and returns an
:class:`~huapai.core.session.Agent`. It gets the game (for its notation and action
space), the rules and its seat — never a state: a bot learns about a deal only
through the ``observe()`` output handed to ``act``.

A family offers its bots in its manifest (``bots={"heuristic": "module:attr"}``, see
:mod:`huapai.core.manifest`); nothing here lists families. :func:`register_bot` adds a
bot at run time (tests, notebooks), optionally for some games only::

    register_bot("first", "mybots:make_first", games=("xianniu",))

A factory may be given as ``"module:attr"`` so that nothing is imported until a bot of
that name is made.

An installed package offers a bot to every command, process and room through the entry-
point group ``huapai.bots`` (``mybot = "mypackage.bots:make"``): it serves every game, and
a name some family or another package already uses is a :class:`BotDeclarationError`.
"""

from __future__ import annotations

from collections.abc import Callable, Collection
from dataclasses import dataclass
from importlib.metadata import entry_points
from typing import Any

from huapai.core.manifest import ManifestError, load_target
from huapai.core.present import Msg, SaidError
from huapai.core.protocol import Game
from huapai.core.random_bot import RandomBot
from huapai.core.registry import manifests
from huapai.core.session import Agent

BotFactory = Callable[[Game[Any, Any], Any, int, int], Agent]


class UnknownBot(SaidError, LookupError):
    """No bot of that name is registered for that game; the message lists the known ones."""


class BotDeclarationError(ManifestError):
    """An installed package's bot (entry-point group ``huapai.bots``) that cannot be one:
    not an identifier, not ``module:attr``, or a name already taken."""


BOT_GROUP = "huapai.bots"


def unknown_bot(name: str, game: str, known: str) -> UnknownBot:
    """No bot ``name`` for ``game``; ``known``: the names it has."""
    return UnknownBot(Msg.of("unknown_bot", "{game} 没有叫 {name!r} 的机器人；有：{known}",
                             "unknown bot {name!r} for {game}; known: {known}",
                             name=name, game=game, known=known))


@dataclass(frozen=True, slots=True)
class _Entry:
    factory: BotFactory | str
    games: frozenset[str] | None

    def serves(self, game_name: str) -> bool:
        return self.games is None or game_name in self.games

    def load(self) -> BotFactory:
        if not isinstance(self.factory, str):
            return self.factory
        factory: BotFactory = load_target(self.factory)
        return factory


def _random(game: Game[Any, Any], rules: Any, seat: int, seed: int) -> Agent:
    return RandomBot(seed)


# Bots added at run time. A name may serve several games with different factories, as
# long as no two registrations of one name serve the same game.
_BOTS: dict[str, list[_Entry]] = {"random": [_Entry(_random, None)]}


def register_bot(
    name: str,
    factory: BotFactory | str,
    *,
    games: Collection[str] | None = None,
    replace: bool = False,
) -> None:
    """Make ``factory`` available as bot ``name`` (for ``games`` only, if given).

    Registering a name again for a game it already serves is an error unless ``replace``
    is set, so two packages cannot silently shadow each other's bots.
    """
    if not name or not name.isidentifier():
        raise ValueError(f"bot names are identifiers, got {name!r}")
    if isinstance(factory, str) and ":" not in factory:
        raise ValueError(f"a lazy bot factory is 'module:attr', got {factory!r}")
    entry = _Entry(factory, None if games is None else frozenset(games))
    kept = [e for e in _BOTS.get(name, []) if not _overlap(e, entry)]
    offered = name in installed_bots() or any(
        entry.serves(g) for g, m in manifests().items() if name in m.bots)
    if (offered or len(kept) != len(_BOTS.get(name, []))) and not replace:
        raise ValueError(f"a bot named {name!r} is already registered for those games")
    _BOTS[name] = [*kept, entry]


_installed_bots: dict[str, _Entry] | None = None


def installed_bots() -> dict[str, _Entry]:
    """The bots installed packages declare (``huapai.bots``), by name; read once."""
    global _installed_bots
    if _installed_bots is None:
        _installed_bots = _discover_bots()
    return _installed_bots


def _discover_bots() -> dict[str, _Entry]:
    found: dict[str, _Entry] = {}
    offered = {n for m in manifests().values() for n in m.bots} | {"random"}
    for entry in entry_points(group=BOT_GROUP):
        source = entry.dist.name if entry.dist is not None else entry.value
        if not entry.name.isidentifier() or ":" not in entry.value:
            raise BotDeclarationError(f"bot {entry.name!r} of {source}: a bot is name = "
                                      f"'module:attr' with an identifier name, got "
                                      f"{entry.name!r} = {entry.value!r}")
        if entry.name in offered or entry.name in found:
            raise BotDeclarationError(f"bot {entry.name!r} of {source}: the name is "
                                      "taken (a family's bot, or another package's)")
        found[entry.name] = _Entry(entry.value, None)
    return found


def _overlap(a: _Entry, b: _Entry) -> bool:
    return a.games is None or b.games is None or bool(a.games & b.games)


def unregister_bot(name: str, game: str | None = None) -> None:
    """Remove bot ``name`` (for ``game`` only, if given); ``random`` stays."""
    if name == "random":
        raise ValueError("the built-in random bot cannot be removed")
    kept = [e for e in _BOTS.get(name, []) if game is not None and not e.serves(game)]
    if kept:
        _BOTS[name] = kept
    else:
        _BOTS.pop(name, None)


def _entry(name: str, game: str) -> _Entry | None:
    found = next((e for e in _BOTS.get(name, []) if e.serves(game)), None)
    if found is not None:
        return found
    manifest = manifests().get(game)
    factory = None if manifest is None else manifest.bots.get(name)
    if factory is None:
        return installed_bots().get(name)
    return _Entry(factory, frozenset({game}))


def _offered(game: str | None) -> set[str]:
    if game is None:
        return {n for m in manifests().values() for n in m.bots} | set(installed_bots())
    manifest = manifests().get(game)
    return (set() if manifest is None else set(manifest.bots)) | set(installed_bots())


def house_bot(game: str) -> str:
    """The family's house bot (its manifest's ``house_bot``): 托管, vacant seats, the
    CLI's default opponents."""
    manifest = manifests().get(game)
    return "random" if manifest is None else manifest.house_bot


def bot_names(game: str | None = None) -> list[str]:
    """Names of the bots available (for ``game``, if given), sorted."""
    added = {n for n in _BOTS if game is None or _entry(n, game) is not None}
    return sorted(added | _offered(game))


def make_bot(name: str, game: Game[Any, Any], rules: Any, seat: int, seed: int) -> Agent:
    """A fresh bot ``name`` playing ``seat`` of ``game`` under ``rules``, seeded with ``seed``."""
    entry = _entry(name, game.name)
    if entry is None:
        raise unknown_bot(name, game.name, ", ".join(bot_names(game.name)))
    if not 0 <= seat < game.num_seats(rules):
        raise ValueError(f"seat {seat} is out of range for {game.num_seats(rules)} seats")
    return entry.load()(game, rules, seat, seed)
