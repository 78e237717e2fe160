"""Games, presets and rule options by the names people give them: an id, or the 中文 of
``huapai rules`` and the lobby (秀山, 十八福, 黄十八, ``报数=自己报数``). The command line and
the reinforcement-learning environment read names the same way; a name that fits
nothing, or several things, is a :class:`~huapai.core.protocol.RulesError` that lists
what it could be, in both languages."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .present import Msg
from .protocol import Game, RulesError
from .registry import get_game, manifests
from .rules import RulesBase, choice_named, option_named, title_matches


def _refused(zh: str, en: str) -> RulesError:
    return RulesError(Msg("bad_rules", zh, en))


def game_named(name: str) -> str | None:
    """The id of the game ``name`` names (its id, or a piece of its Chinese name met in
    one game only), or None."""
    if name in manifests():
        return name
    matches = title_matches(name, {n: m.title.zh for n, m in manifests().items()})
    return matches[0] if len(matches) == 1 else None


def load_game(name: str) -> Game[Any, Any]:
    """A game by its id, or by a piece of its Chinese name met once (秀山, 掀牛, 双别杆)."""
    return get_game(game_named(name) or name)


def load_game_preset(name: str, preset: str | None) -> tuple[Game[Any, Any], str | None]:
    """A game and a preset as people name them: ``name`` names a game (then ``preset``,
    when given, is resolved in it), or, without ``preset``, one preset of one game
    (十八福, 黄十八, bofu, 凤翔) and picks both; None: no preset was named."""
    if game_named(name) is None:
        found = preset_named(name)
        if found is not None and preset is not None:
            raise _preset_and_preset(name, found, preset)
        if found is not None:
            return get_game(found[0]), found[1]
    game = load_game(name)
    return game, resolve_preset(game, preset) if preset is not None else None


def preset_named(name: str) -> tuple[str, str] | None:
    """(game, preset) of the one preset ``name`` names among every game's: its id or its
    Chinese name (whole, without its bracketed note, or a piece met once); None if it
    names none. A name several presets answer to is refused, naming each."""
    titles = {(game, p): manifest.preset_title(p).zh for game, manifest in manifests().items()
              for p in get_game(game).presets()}
    found = [key for key in titles if key[1] == name.strip()] or title_matches(name, titles)
    if len(found) > 1:
        zh = "、".join(f"{_full_title(g, p)}（{g} --preset {p}）" for g, p in found)
        en = ", ".join(f"{g} --preset {p} ({titles[g, p]})" for g, p in found)
        raise _refused(f"「{name}」可以是几种玩法：{zh}，请写其中一个",
                       f"{name!r} could be any of these presets: {en}; give one")
    return found[0] if found else None


def _full_title(game: str, preset: str) -> str:
    manifest = manifests()[game]
    return f"{manifest.title.zh} · {manifest.preset_title(preset).zh}"


def _preset_and_preset(name: str, found: tuple[str, str], preset: str) -> RulesError:
    """GAME names a preset (十八福) and ``preset`` another word: which one is meant?"""
    game, named = found
    return _refused(f"「{name}」是{_full_title(game, named)}（{game} --preset {named}），不是游戏；"
                    f"又写了 --preset {preset}：只写其中一个",
                    f"{name!r} is a preset ({game} --preset {named}), not a game, and "
                    f"--preset {preset} names one too: give only one")


def resolve_preset(game: Game[Any, Any], name: str, strict: bool = True) -> str:
    """A preset by its id, or by a piece of its Chinese name met in one preset only
    (凤翔, 黄十八, 单别杆: a play-test typed -p 凤翔); a piece in several (兰州, 公安) is
    refused naming them, any other name listing every preset with its name (``strict``;
    else it is returned for the caller to refuse: a calculator has bases of its own)."""
    manifest = manifests().get(game.name)
    if manifest is None or name in game.presets():
        return name
    titles = {p: manifest.preset_title(p).zh for p in game.presets()}
    matches = title_matches(name, titles)
    if len(matches) > 1:
        listed = "、".join(f"{p}（{titles[p]}）" for p in matches)
        raise _refused(f"「{name}」可以是几种玩法：{listed}，请写其中一个",
                       f"{name!r} could be any of: {', '.join(matches)}; give one")
    if not matches and strict:  # each by id and name (the ids said nothing of 黄六福)
        zh = "、".join(f"{p}（{titles[p]}）" for p in game.presets())
        en = ", ".join(f"{p} = {manifest.preset_title(p).en}" for p in game.presets())
        raise _refused(f"{game.name} 没有玩法「{name}」；可选：{zh}",
                       f"unknown preset {name!r} for {game.name}; known: {en}")
    return matches[0] if matches else name


def default_preset(game: Game[Any, Any]) -> str:
    """The first preset a game lists is its main one (掀牛: lanzhou)."""
    return next(iter(game.presets()))


def named_overrides(game: Game[Any, Any], preset: str,
                    overrides: Mapping[str, Any]) -> dict[str, Any]:
    """Rule overrides as the rules name them: an option by its id, English name or 中文
    term, a choice by its label, as ``huapai rules`` and the lobby show them
    (``报数=自己报数`` is ``baoshu=train``); a RulesError names what each could be."""
    rules = game.presets().get(preset)
    if not isinstance(rules, RulesBase):  # an unknown preset is refused by the game
        return dict(overrides)
    out: dict[str, Any] = {}
    for key, value in overrides.items():
        name = option_named(type(rules), key, game.name)
        out[name] = choice_named(type(rules), name, value)
    return out
