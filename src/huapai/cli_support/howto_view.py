"""``huapai howto GAME``: the family's 玩法说明 (how to play) in the terminal — the same
data the browser's 玩法说明 shows (:mod:`huapai.core.howto`)."""

from __future__ import annotations

from collections.abc import Mapping

from rich.console import Console
from rich.text import Text

from huapai.core import manifest
from huapai.core.howto import load_howto
from huapai.core.registry import get_manifest

from .fold import fold_zh
from .i18n import Lang
from .render import Heading
from .setup import CliError, emit_json, load_table


def run_howto(game_name: str, preset: str | None, *, as_json: bool, lang: Lang,
              console: Console) -> None:
    """Every section, then what sets each preset apart (only ``preset``'s when named)."""
    table = load_table(game_name, preset)  # refuses an unknown game or preset
    game = table.game.name
    guide = load_howto(game)
    if guide is None:
        raise CliError(f"{game} 没有玩法说明", f"{game} has no how-to-play guide")
    howto = guide.shown("terminal")
    titles = get_manifest(game).preset_titles
    data = howto.to_json(titles)
    if table.named:  # --preset, or GAME naming a preset (十八福)
        data["presets"] = {table.preset: data["presets"][table.preset]}
    if as_json:
        emit_json(data)
        return
    console.print(Text(howto.title.pick(lang), style="bold"))
    parts = [(s.title.pick(lang), s.paragraphs) for s in howto.sections]
    parts += [((f"玩法：{titles[name].pick(lang)}" if lang == "zh"
                else f"Preset: {titles[name].pick(lang)}"), howto.presets[name])
              for name in data["presets"]]
    for title, paragraphs in parts:
        console.print(Heading(title))
        for paragraph in paragraphs:
            text = paragraph.pick(lang)
            if lang == "zh" and console.is_terminal:  # folded by characters, not at spaces
                text = "\n".join(fold_zh(text, console.width))
            console.print(Text(text), soft_wrap=lang == "zh")  # words, never markup
            console.print()  # a paragraph a block, as the browser shows them
    others = [name for name in howto.presets if name not in data["presets"]]
    if others:  # the guide names their sections ("see 钵福"): say where they are
        console.print(Text(_others_line(game, others, titles, lang), style="dim"))


def _others_line(game: str, others: list[str], titles: Mapping[str, manifest.Text],
                 lang: Lang) -> str:
    """Where the presets left out are: ``huapai howto GAME --preset NAME`` each."""
    head = "其他玩法的说明：" if lang == "zh" else "The other presets' notes:"
    return "\n".join([head, *(f"  {titles[name].pick(lang)}：huapai howto {game} --preset {name}"
                             if lang == "zh" else
                             f"  {titles[name].pick(lang)}: huapai howto {game} --preset {name}"
                             for name in others)])
