"""``--plot FILE``: the running paired difference of each bot with its 95% band, as SVG.

A small hand-written SVG (it is output, not a library): one line per bot over the deals
played, its 95% interval shaded, the zero line dashed, a legend.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from xml.sax.saxutils import escape

from huapai.cli_support.i18n import Lang, bot_label

from .tally import Entrant

WIDTH, HEIGHT = 720, 400
LEFT, RIGHT, TOP, BOTTOM = 60, 20, 30, 40
COLOURS = ("#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#ff7f0e")


class Frame:
    """Maps (deal, value) to SVG coordinates."""

    def __init__(self, deals: int, low: float, high: float) -> None:
        self.deals = max(deals, 2)
        pad = (high - low) * 0.05 or 1.0
        self.low, self.high = low - pad, high + pad

    def x(self, n: int) -> float:
        return LEFT + (n - 1) / (self.deals - 1) * (WIDTH - LEFT - RIGHT)

    def y(self, v: float) -> float:
        return TOP + (self.high - v) / (self.high - self.low) * (HEIGHT - TOP - BOTTOM)


def _band(e: Entrant) -> list[tuple[int, float, float]]:
    return [(n, m - h, m + h) for n, m, h in zip(e.curve.n, e.curve.mean, e.curve.half95,
                                                 strict=True) if h is not None]


def svg(entrants: Sequence[Entrant], title: str, lang: Lang = "en") -> str:
    """The plot as an SVG document, its words (the axis, the bots) in ``lang``."""
    deals = max((len(e.curve.n) for e in entrants), default=0)
    values = [v for e in entrants for _, lo, hi in _band(e) for v in (lo, hi)]
    values += [v for e in entrants for v in e.curve.mean] + [0.0]
    frame = Frame(deals, min(values), max(values))
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{WIDTH}" height="{HEIGHT}" '
             f'font-family="sans-serif" font-size="12">',
             f'<rect width="{WIDTH}" height="{HEIGHT}" fill="white"/>',
             f'<text x="{LEFT}" y="18" font-size="14">{escape(title)}</text>',
             *_axes(frame, "副牌" if lang == "zh" else "deals")]
    for i, e in enumerate(entrants):
        parts += _series(e, frame, COLOURS[i % len(COLOURS)], i, bot_label(e.name, lang))
    parts.append("</svg>")
    return "\n".join(parts) + "\n"


def _axes(frame: Frame, deals: str) -> list[str]:
    x0, x1 = LEFT, WIDTH - RIGHT
    y0 = frame.y(0.0)
    out = [f'<line x1="{x0}" y1="{y0:.1f}" x2="{x1}" y2="{y0:.1f}" stroke="#888" '
           'stroke-dasharray="4 3"/>',
           f'<line x1="{x0}" y1="{TOP}" x2="{x0}" y2="{HEIGHT - BOTTOM}" stroke="#000"/>',
           f'<line x1="{x0}" y1="{HEIGHT - BOTTOM}" x2="{x1}" y2="{HEIGHT - BOTTOM}" '
           'stroke="#000"/>',
           f'<text x="{(x0 + x1) / 2}" y="{HEIGHT - 8}" text-anchor="middle">{deals}</text>']
    for k in range(5):
        v = frame.low + (frame.high - frame.low) * k / 4
        out.append(f'<text x="{x0 - 6}" y="{frame.y(v) + 4:.1f}" text-anchor="end">'
                   f'{v:+.2f}</text>')
    for n in sorted({1, frame.deals // 2, frame.deals}):
        out.append(f'<text x="{frame.x(max(n, 1)):.1f}" y="{HEIGHT - BOTTOM + 16}" '
                   f'text-anchor="middle">{n}</text>')
    return out


def _series(e: Entrant, frame: Frame, colour: str, index: int, name: str) -> list[str]:
    band = _band(e)
    out = []
    if band:
        upper = " ".join(f"{frame.x(n):.1f},{frame.y(hi):.1f}" for n, _, hi in band)
        lower = " ".join(f"{frame.x(n):.1f},{frame.y(lo):.1f}" for n, lo, _ in reversed(band))
        out.append(f'<polygon points="{upper} {lower}" fill="{colour}" fill-opacity="0.15"/>')
    line = " ".join(f"{frame.x(n):.1f},{frame.y(m):.1f}"
                    for n, m in zip(e.curve.n, e.curve.mean, strict=True))
    out.append(f'<polyline points="{line}" fill="none" stroke="{colour}" stroke-width="1.5"/>')
    y = TOP + 16 * index + 8
    out.append(f'<text x="{WIDTH - RIGHT - 4}" y="{y}" text-anchor="end" fill="{colour}">'
               f'{escape(name)}</text>')
    return out


def write_svg(path: Path, entrants: Sequence[Entrant], title: str, lang: Lang = "en") -> None:
    path.write_text(svg(entrants, title, lang), encoding="utf-8")
