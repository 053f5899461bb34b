"""QR codes: inline SVG for pages, text for the terminal."""

from __future__ import annotations

import io

import qrcode
import qrcode.image.svg
from markupsafe import Markup


def svg(data: str) -> Markup:
    """An inline <svg> of the QR code (path-based, scales to any size, no inline style)."""
    image = qrcode.make(data, image_factory=qrcode.image.svg.SvgPathImage, box_size=10, border=2)
    text = image.to_string(encoding="unicode")
    if text.startswith("<?xml"):
        text = text[text.index("?>") + 2:]
    return Markup(text.replace("<svg ", '<svg class="qr" role="img" aria-label="QR code" ', 1))


def terminal(data: str) -> str:
    code = qrcode.QRCode(border=1)
    code.add_data(data)
    out = io.StringIO()
    code.print_ascii(out=out, invert=True)
    return out.getvalue()
