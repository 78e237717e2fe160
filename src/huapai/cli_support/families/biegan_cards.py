"""双别杆 cards in the terminal: the notation coloured (red faces red, 精 bold, 花
underlined, 赖子 magenta)."""

from __future__ import annotations

from rich.text import Text

from huapai.games.biegan.cards import FACES, JING_FACES, RED_FACES

_RED_CHARS = frozenset(FACES[f] for f in RED_FACES)
_JING_CHARS = frozenset(FACES[f] for f in JING_FACES)


def cards_text(cards: str | None) -> Text:
    """Card notation coloured: red faces red, 精 bold, 花 underlined, 赖子 magenta."""
    out = Text()
    if cards is None:
        return Text("????", style="dim")
    for i, ch in enumerate(cards):
        if ch == "*":
            continue
        flowered = i + 1 < len(cards) and cards[i + 1] == "*"
        style = "bold magenta" if ch == "赖" else "red" if ch in _RED_CHARS else ""
        if ch in _JING_CHARS:
            style += " bold"
        if flowered:
            style += " underline"
        out.append(ch + ("*" if flowered else ""), style=style.strip())
    return out
