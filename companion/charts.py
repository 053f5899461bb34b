"""Charts drawn as SVG on the server: no chart script on the phone, and nothing inline to allow."""

from __future__ import annotations

from markupsafe import Markup, escape

PALETTE = {"red": "#d73a49", "blue": "#2f81f7", "green": "#2ea043", "yellow": "#e3b341", "purple": "#8957e5",
           "black": "#6e7681", "white": "#f5f5f5", "orange": "#f0883e", "brown": "#8b5a2b", "grey": "#8b949e"}


def bar_chart(bars: list[tuple[str, int]], title: str, width: int = 360, bar_height: int = 20) -> Markup:
    """Horizontal bars, one per label, each label written above its bar and the value after it.

    Labels above the bars get the chart's whole width: a long name ("Dominique-Alexandra")
    is read in full on a phone instead of being cut off at a label column's left edge. A name
    longer than even that is shortened with an ellipsis; its <title> keeps it whole.
    """
    pad, font, label_gap, gap, value_room = 4, 14, 4, 8, 40
    row = font + label_gap + bar_height + gap
    height = len(bars) * row + 20
    top = max((value for _, value in bars), default=0) or 1
    usable = width - 2 * pad - value_room
    parts = [f'<svg class="chart" viewBox="0 0 {width} {height}" role="img" aria-label="{escape(title)}" '
             f'xmlns="http://www.w3.org/2000/svg"><title>{escape(title)}</title>']
    for i, (label, value) in enumerate(bars):
        y = 10 + i * row
        bar_y = y + font + label_gap
        length = max(2, round(usable * value / top))
        parts.append(f'<g><title>{escape(label)}: {value}</title>'
                     f'<text x="{pad}" y="{y + font - 2}" fill="currentColor" font-size="{font}">'
                     f'{escape(fit_label(label, width - 2 * pad, font))}</text>')
        parts.append(f'<rect x="{pad}" y="{bar_y}" width="{length}" height="{bar_height}" rx="4" fill="#f0b429"/>')
        parts.append(f'<text x="{pad + length + 6}" y="{bar_y + bar_height * 0.75:.0f}" fill="currentColor" '
                     f'font-size="{font}">{value}</text></g>')
    parts.append("</svg>")
    return Markup("".join(parts))


def fit_label(label: str, room: float, font_size: float) -> str:
    """The label, or its start and "…" if it might not fit ``room`` user units.

    Counts every character as wide as an "M" in a sans-serif face (about 0.9 em), so even a
    name of capitals fits; an average name of 40 characters is shortened by a few.
    """
    most = max(1, int(room / (0.9 * font_size)))
    return label if len(label) <= most else label[:most - 1].rstrip() + "…"


def line_chart(series: list[tuple[str, str, list[int]]], title: str, width: int = 360, height: int = 200) -> Markup:
    """One line per player (name, colour, values at each step), e.g. score after each round."""
    steps = max((len(values) for _, _, values in series), default=0)
    lows = [min(values) for _, _, values in series if values]
    highs = [max(values) for _, _, values in series if values]
    low, high = min(lows + [0]), max(highs + [1])
    left, bottom, top_pad = 30, 24, 10
    def x(i: int) -> float:
        return left + (width - left - 10) * (i / max(steps - 1, 1))
    def y(v: int) -> float:
        return top_pad + (height - bottom - top_pad) * (1 - (v - low) / ((high - low) or 1))
    parts = [f'<svg class="chart" viewBox="0 0 {width} {height}" role="img" aria-label="{escape(title)}" '
             f'xmlns="http://www.w3.org/2000/svg"><title>{escape(title)}</title>',
             f'<line x1="{left}" y1="{y(0):.1f}" x2="{width - 10}" y2="{y(0):.1f}" stroke="#8b949e" stroke-width="1"/>',
             f'<text x="2" y="{top_pad + 10}" fill="currentColor" font-size="11">{high}</text>',
             f'<text x="2" y="{height - bottom}" fill="currentColor" font-size="11">{low}</text>']
    for name, colour, values in series:
        points = " ".join(f"{x(i):.1f},{y(v):.1f}" for i, v in enumerate(values))
        parts.append(f'<polyline points="{points}" fill="none" stroke="{PALETTE.get(colour, "#f0b429")}" '
                     f'stroke-width="3"><title>{escape(name)}</title></polyline>')
    parts.append("</svg>")
    return Markup("".join(parts))
