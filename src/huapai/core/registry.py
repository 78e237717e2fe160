"""Games by name, found through the Python entry-point group ``huapai.games``.

Each installed family names its :class:`~huapai.core.manifest.GameManifest` there::

    [project.entry-points."huapai.games"]
    xianniu = "huapai.games.xianniu.manifest:MANIFEST"

so an installed third-party package adds a family without any change here. Manifests are
read on first use and engines imported on first :func:`get_game`, so nothing heavy
happens at import time. A family that is misdeclared (a target that does not load, a
missing field, a name used twice, an unknown house bot) raises
:class:`~huapai.core.manifest.ManifestError` naming it: never a silent fallback.
:func:`check_games` runs every check at once; ``huapai serve`` and the CLI call it at
start-up.
"""

from __future__ import annotations

from importlib.metadata import EntryPoint, entry_points
from typing import Any

from .manifest import GameManifest, ManifestError, Text, check_manifest, load_target
from .protocol import Game, RulesError

GROUP = "huapai.games"

_discovered: dict[str, GameManifest] | None = None
_registered: dict[str, GameManifest] = {}
_engines: dict[str, Game[Any, Any]] = {}


def discover() -> dict[str, GameManifest]:
    """Every manifest the installed packages declare, each checked, by name."""
    found: dict[str, GameManifest] = {}
    sources: dict[str, str] = {}
    for entry in entry_points(group=GROUP):
        source = entry.dist.name if entry.dist is not None else entry.value
        if entry.name in found:
            raise ManifestError(f"game family {entry.name!r} is declared twice (by "
                                f"{sources[entry.name]} and by {source})")
        found[entry.name] = _load_entry(entry)
        sources[entry.name] = source
    return found


def _load_entry(entry: EntryPoint) -> GameManifest:
    where = f"game family {entry.name!r} (entry point {entry.value!r})"
    try:
        manifest = entry.load()
    except Exception as exc:  # any failure to import a plug-in is its declaration's fault
        raise ManifestError(f"{where} does not load: {type(exc).__name__}: {exc}") from exc
    if not isinstance(manifest, GameManifest):
        raise ManifestError(f"{where} is a {type(manifest).__name__}, not a GameManifest")
    if manifest.name != entry.name:
        raise ManifestError(f"{where} names itself {manifest.name!r}")
    check_manifest(manifest)
    return manifest


def manifests() -> dict[str, GameManifest]:
    """Every known family's manifest by name: the installed ones, then any registered."""
    global _discovered
    if _discovered is None:
        _discovered = discover()
    return {**_discovered, **_registered}


def register_game(name: str, target: str, manifest: GameManifest | None = None) -> None:
    """Make ``"module:attribute"`` the engine called ``name`` (for tests and notebooks).

    Without a ``manifest`` the family gets a plain one (its name as title, the random
    bot, zero-sum). Installed packages declare themselves through entry points instead.
    """
    made = manifest or GameManifest(name=name, title=Text(name, name), engine=target)
    if made.name != name or made.engine != target:
        raise ManifestError(f"game family {name!r}: the manifest names {made.name!r} "
                            f"with engine {made.engine!r}")
    check_manifest(made)
    _registered[name] = made
    _engines.pop(name, None)


def unregister_game(name: str) -> None:
    """Forget a family given to :func:`register_game` (installed ones stay)."""
    _registered.pop(name, None)
    _engines.pop(name, None)


def game_names() -> list[str]:
    return sorted(manifests())


def get_manifest(name: str) -> GameManifest:
    """The manifest of family ``name``; a clear error names the known games."""
    found = manifests().get(name)
    if found is None:
        raise _by_chinese_name(name) or RulesError.of(
            "unknown_game", "没有叫 {name!r} 的游戏；有：{known_zh}",
            "unknown game {name!r}; known: {known}", name=name,
            known=", ".join(game_names()), known_zh=_titled_names())
    return found


def _by_chinese_name(name: str) -> RulesError | None:
    """The refusal of a game's or a preset's Chinese name, naming its id (get_game("掀牛")
    listed 掀牛 among the games it did not know: a researcher's play-test); None if
    ``name`` is neither."""
    from .naming import game_named, preset_named  # they read manifests through this module

    alias = game_named(name)
    if alias is not None:
        return RulesError.of(
            "unknown_game", "「{name}」是 {alias} 的中文名：这里要游戏的 id，写 {alias!r}"
            "（按中文名找游戏：huapai.core.naming.load_game）",
            "{name!r} is the Chinese name of {alias}: this takes the game's id, {alias!r} "
            "(to find a game by its Chinese name: huapai.core.naming.load_game)",
            name=name, alias=alias)
    try:
        found = preset_named(name)
    except RulesError:  # a piece of several presets' names
        return None
    if found is None:
        return None
    return RulesError.of(
        "unknown_game", "「{name}」是 {game} 的玩法 {preset}：写 get_game('{game}')"
        ".rules('{preset}')（按中文名找：huapai.core.naming.load_game_preset）",
        "{name!r} is {game}'s preset {preset}: get_game('{game}').rules('{preset}') (to "
        "find one by its Chinese name: huapai.core.naming.load_game_preset)",
        name=name, game=found[0], preset=found[1])


def _titled_names() -> str:
    """Every game as a Chinese reader knows it, its id after: ``掀牛 / 花花牌（xianniu）``."""
    return "、".join(f"{m.title.zh}（{name}）" if m.title.zh != name else name
                    for name, m in sorted(manifests().items()))


def get_game(name: str) -> Game[Any, Any]:
    """The engine of family ``name``, imported on first use."""
    manifest = get_manifest(name)
    game = _engines.get(name)
    if game is None:
        game = _load_engine(manifest)
        _engines[name] = game
    return game


def _load_engine(manifest: GameManifest) -> Game[Any, Any]:
    try:
        game: Game[Any, Any] = manifest.load_engine()
    except Exception as exc:  # the declaration is wrong, whatever the import raised
        raise ManifestError(f"game family {manifest.name!r}: engine {manifest.engine!r} "
                            f"does not load: {type(exc).__name__}: {exc}") from exc
    if getattr(game, "name", None) != manifest.name:
        raise ManifestError(f"game family {manifest.name!r}: engine {manifest.engine!r} "
                            f"is named {getattr(game, 'name', None)!r}")
    return game


def check_games() -> list[GameManifest]:
    """Load every family's manifest, engine, bot factories and 玩法说明; the first fault
    raises."""
    from .howto import load_howto  # it reads manifests through this module

    checked = []
    for name, manifest in sorted(manifests().items()):
        get_game(name)
        for bot, factory in manifest.bots.items():
            check_target(manifest, f"bot {bot!r}", factory)
        load_howto(name)
        _check_room_multiplier(manifest)
        checked.append(manifest)
    return checked


def _check_room_multiplier(manifest: GameManifest) -> None:
    """A ``room_multiplier`` names an integer rule option of every preset."""
    option = manifest.room_multiplier
    if option is None:
        return
    for preset, rules in get_game(manifest.name).presets().items():
        value = getattr(rules, option, None)
        if not isinstance(value, int) or isinstance(value, bool):
            raise ManifestError(f"game family {manifest.name!r}: room_multiplier {option!r} "
                                f"is no integer rule option of preset {preset!r}")


def check_target(manifest: GameManifest, what: str, target: str) -> Any:
    """The object ``target`` names, imported for family ``manifest`` (front ends check
    their part of a manifest with it); a ManifestError says what failed."""
    try:
        return load_target(target)
    except Exception as exc:  # whatever the import raised, the declaration is at fault
        raise ManifestError(f"game family {manifest.name!r}: {what} {target!r} does not "
                            f"load: {type(exc).__name__}: {exc}") from exc

