"""The HTML page frame the run pages and the annotators' page share.

Pages are self-contained files: styles and scripts inline, images as data URLs, and a
Content-Security-Policy that lets nothing load from elsewhere. Every text that comes from
a model, a paper or a release goes through `esc`; nothing is inserted into a script,
which reads what it needs from ``data-`` attributes.
"""

from __future__ import annotations

import base64
import html
from collections.abc import Sequence

CSP = "default-src 'none'; img-src data:; style-src 'unsafe-inline'; script-src 'unsafe-inline'"
"""Inline styles and scripts only, images only as data URLs: the page fetches nothing."""

STYLE = """
body { font-family: system-ui, sans-serif; margin: 1.5rem auto; max-width: 72rem;
       padding: 0 1rem; color: #1b1b1b; line-height: 1.45; }
h1 { font-size: 1.4rem; } h2 { font-size: 1.15rem; margin-top: 2rem; }
table { border-collapse: collapse; margin: .5rem 0 1rem; font-size: .92rem; }
th, td { border: 1px solid #ccc; padding: .25rem .5rem; text-align: left; vertical-align: top; }
th { background: #f2f2f2; }
.meta { color: #555; font-size: .9rem; }
.controls { position: sticky; top: 0; background: #fff; padding: .5rem 0;
            border-bottom: 1px solid #ddd; z-index: 1; }
.controls label { margin-right: 1rem; }
article { border: 1px solid #ccc; border-radius: 6px; padding: .75rem 1rem; margin: 1rem 0; }
article.correct { border-left: 6px solid #2e7d32; }
article.wrong { border-left: 6px solid #c62828; }
article img { max-width: 28rem; max-height: 22rem; border: 1px solid #eee; display: block; }
ol.options { list-style: upper-alpha; }
ol.options li.answer { font-weight: 600; color: #2e7d32; }
ol.options li.chosen:not(.answer) { color: #c62828; }
pre { white-space: pre-wrap; word-break: break-word; background: #f7f7f7;
      padding: .5rem; border-radius: 4px; font-size: .85rem; }
.badge { display: inline-block; padding: 0 .4rem; border-radius: 4px; font-size: .8rem;
         background: #eee; margin-right: .3rem; }
.hidden { display: none; }
"""


def esc(value: object) -> str:
    """HTML-escape any value (quotes included, so it is safe in attributes too)."""
    return html.escape(str(value), quote=True)


def image_media_type(data: bytes) -> str:
    """The media type of PNG, JPEG, GIF or WebP bytes (PNG when unsure)."""
    if data.startswith(b"\xff\xd8\xff"):
        return "image/jpeg"
    if data[:6] in (b"GIF87a", b"GIF89a"):
        return "image/gif"
    if data[:4] == b"RIFF" and data[8:12] == b"WEBP":
        return "image/webp"
    return "image/png"


def data_url(data: bytes) -> str:
    """``data:image/...;base64,...`` for image bytes."""
    encoded = base64.b64encode(data).decode("ascii")
    return f"data:{image_media_type(data)};base64,{encoded}"


def page(title: str, body: str, script: str = "") -> str:
    """A complete HTML document; `body` and `script` are trusted markup built with `esc`."""
    script_tag = f"<script>\n{script}\n</script>\n" if script else ""
    return (
        "<!DOCTYPE html>\n"
        '<html lang="en">\n<head>\n<meta charset="utf-8">\n'
        f'<meta http-equiv="Content-Security-Policy" content="{CSP}">\n'
        '<meta name="viewport" content="width=device-width, initial-scale=1">\n'
        f"<title>{esc(title)}</title>\n<style>{STYLE}</style>\n</head>\n<body>\n"
        f"{body}\n{script_tag}</body>\n</html>\n"
    )


def percent(value: float, digits: int = 1) -> str:
    """0.786 -> '78.6' ('–' for NaN)."""
    if value != value:  # NaN
        return "–"
    return f"{100 * value:.{digits}f}"


def options_html(choices: Sequence[str], answer: str, chosen: str | None) -> str:
    """The four options as list items, the correct one and the chosen one marked."""
    return "".join(
        f'<li class="{"answer" if letter == answer else ""}'
        f'{" chosen" if letter == chosen else ""}">{esc(text)}</li>'
        for letter, text in zip("ABCD", choices, strict=True)
    )


def image_html(item_id: str, png: bytes | None, missing: str) -> str:
    """The structure image inlined as a data URL, or `missing` as a paragraph."""
    if not png:
        return f"<p>{esc(missing)}</p>"
    return f'<img alt="structure of item {esc(item_id)}" src="{data_url(png)}">'
