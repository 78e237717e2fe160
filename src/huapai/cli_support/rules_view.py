"""``huapai rules``: every rule option of a game with its value, 中文 term, meaning, source."""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from rich.console import Console
from rich.text import Text

from huapai.core.protocol import Game
from huapai.core.rules import RulesBase

from .i18n import Lang, colon, tr
from .setup import Table, emit_json, preset_title


@dataclass(frozen=True, slots=True)
class OptionRow:
    name: str
    value: Any
    default: Any
    zh: str
    doc: str
    source: str
    #: what a player reads for each choice: value -> (中文, English)
    labels: Mapping[Any, tuple[str, str]] = field(default_factory=dict)
    #: the meaning and the source in Chinese ("" where the option has none)
    doc_zh: str = ""
    source_zh: str = ""
    #: its short English name ("" where the option has none: a plug-in's)
    en: str = ""

    def label(self, lang: Lang) -> str:
        """The option's name for a player: its 中文 term; in English its English name with
        the 中文 term after it, as the sources call it (``card deck (牌具)``)."""
        if lang == "zh" or not self.en:
            return self.zh
        return self.en if not self.zh or self.zh in self.en else f"{self.en} ({self.zh})"

    def said(self, lang: Lang) -> tuple[str, str]:
        """The meaning and the source in ``lang``; in Chinese, nothing where the option
        was written in English only (a plug-in's)."""
        return (self.doc_zh, self.source_zh) if lang == "zh" else (self.doc, self.source)


def option_rows(table: Table) -> list[OptionRow]:
    """One row per option, from ``RulesBase.describe()``; plain values for rules of
    another kind."""
    values = table.game.rules_to_dict(table.rules)
    if not isinstance(table.rules, RulesBase):
        return [OptionRow(k, v, "—", "", "", "") for k, v in values.items()]
    defaults = _defaults(table)
    rows = []
    for name, default, zh, doc, source in table.rules.describe():
        value = defaults.get(name, default)
        info = type(table.rules).info(name)
        rows.append(OptionRow(name, values.get(name), value, zh, doc, source,
                              info.labels or {}, info.doc_zh, info.source_zh, info.en))
    return rows


def _defaults(table: Table) -> dict[str, Any]:
    """The rules' own defaults (every option at its default), where they can be built."""
    try:
        return table.game.rules_to_dict(type(table.rules)())
    except (TypeError, ValueError):  # Rules that cannot be built without arguments
        return {}


def preset_diffs(table: Table) -> dict[str, dict[str, Any]]:
    """Each preset's options that differ from the rules' defaults."""
    defaults = {row.name: row.default for row in option_rows(table)}
    out: dict[str, dict[str, Any]] = {}
    for name, rules in table.game.presets().items():
        values = table.game.rules_to_dict(rules)
        out[name] = {k: v for k, v in values.items() if k not in defaults or v != defaults[k]}
    return out


def house_rules(table: Table, lang: Lang) -> str | None:
    """Where the table's rules differ from its preset, as a player reads it (``够牌 5（玩法默认
    6），紧牌 关（玩法默认 开）``), or None: as the browser's 本房规则."""
    if not isinstance(table.rules, RulesBase):
        return None
    return rules_changed(table.game, table.preset, table.game.rules_to_dict(table.rules), lang)


def rules_changed(game: Game[Any, Any], preset: str, values: Mapping[str, Any],
                  lang: Lang) -> str | None:
    """Where ``values`` (rules as a record writes them) differ from ``preset``'s, or None
    (none differ, or the game has no such preset)."""
    base = game.presets().get(preset)
    if not isinstance(base, RulesBase):
        return None
    defaults = game.rules_to_dict(base)
    parts = []
    for name, value in values.items():
        if name not in defaults or value == defaults[name]:
            continue
        info = type(base).info(name)
        was = _said(info.labels or {}, defaults[name], lang)
        now = _said(info.labels or {}, value, lang)
        parts.append(f"{info.zh} {now}（玩法默认 {was}）" if lang == "zh"
                     else f"{info.en or f'{name} ({info.zh})'} {now} (the preset: {was})")
    if not parts:
        return None
    return tr("house_rules", lang, rules=("，" if lang == "zh" else "; ").join(parts))


def _said(labels: Mapping[Any, tuple[str, str]], value: Any, lang: Lang) -> str:
    """A value by its label, a switch as 开 / 关 (on / off), a number as it is; an empty
    text (a file option's none: the built-in table) as 内置, as the lobby says it."""
    if value == "":
        return "内置" if lang == "zh" else "built-in"
    if value in labels and not isinstance(value, bool):
        return labels[value][0 if lang == "zh" else 1]
    if isinstance(value, bool):
        return ("开" if value else "关") if lang == "zh" else ("on" if value else "off")
    return str(value)


def _shown(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False)


def run_rules(table: Table, *, as_json: bool, lang: Lang, console: Console) -> int:
    rows = option_rows(table)
    diffs = preset_diffs(table)
    if as_json:
        emit_json({
            "game": table.game.name,
            "preset": table.preset,
            "options": [{"name": r.name, "value": r.value, "default": r.default, "zh": r.zh,
                         "en": r.en, "doc": r.doc, "source": r.source, "doc_zh": r.doc_zh,
                         "source_zh": r.source_zh} for r in rows],
            "presets": diffs,
        })
        return 0
    console.print(Text(tr("rules_title", lang, title=table.title(lang)),
                       style="bold"))
    shown = [row for row in rows if _applies(table, row.name)]
    for row in shown:
        console.print(_option_text(row, lang))
    if len(shown) < len(rows):  # 钵福's 算盘 under 麻雀福: a newcomer read them as this game's
        n = len(rows) - len(shown)
        said = (f"\n另有 {n} 项只用于别的计分方式，这里不列（--json 全有）" if lang == "zh"
                else f"\n{n} more options apply only under another way of scoring: not "
                "listed here (--json has them all)")
        console.print(Text(said, style="dim"))
    console.print(Text("\n" + tr("presets", lang), style="bold"))
    for name, diff in diffs.items():
        console.print(_preset_text(table, name, diff, lang))
    if lang == "zh" and any(not row.doc_zh and row.doc for row in rows):
        # a plug-in's options written in English only
        console.print(Text("\n" + tr("rules_in_english", lang), style="dim"))
    return 0


def _applies(table: Table, name: str) -> bool:
    """Whether the option counts under the table's rules (``OptionInfo.applies``)."""
    if not isinstance(table.rules, RulesBase):
        return True
    applies = type(table.rules).info(name).applies or {}
    return all(getattr(table.rules, key) in values for key, values in applies.items())


def _option_text(row: OptionRow, lang: Lang) -> Text:
    changed = row.value != row.default
    text = Text()
    text.append(f"\n{row.name}", style="bold cyan")
    text.append(" = ")
    text.append(_shown(row.value), style="bold yellow" if changed else "")
    label = row.labels.get(row.value)  # what the value means, in the player's language
    if label is not None and lang == "zh":
        text.append(f"（{label[0]}）")
    elif label is not None and label[1] != str(row.value):
        text.append(f" ({label[1]})")
    default = f"{tr('opt_default', lang)} {_shown(row.default)}"
    text.append(f"  （{default}）" if lang == "zh" else f"  ({default})", style="dim")
    text.append(f"  {row.label(lang)}", style="bold")
    doc, source = row.said(lang)
    if doc:
        text.append(f"\n    {tr('opt_doc', lang)}{colon(lang)}{doc}")
    if source:
        text.append(f"\n    {tr('opt_source', lang)}{colon(lang)}{source}", style="dim")
    return text


def _preset_text(table: Table, name: str, diff: Mapping[str, Any], lang: Lang) -> Text:
    current = name == table.preset
    text = Text(("▶ " if current else "  ") + name, style="bold" if current else "")
    text.append(f" {preset_title(table.game, name, lang)}")
    if diff:
        shown = ", ".join(f"{k}={_shown(v)}" for k, v in diff.items())
        text.append(": " + tr("preset_diff", lang, diff=shown))
    else:
        text.append(": " + tr("preset_same", lang))
    return text
