"""What a file that should be a PDF really is, so a rejection can say what happened.

A publisher's login or error page saved as ``paper.pdf`` used to be reported as "looks
scanned, run OCR" (PyMuPDF opens nearly anything and finds no text in it). Every PDF
starts with a ``%PDF-`` header, so a file without one is named for what it is instead.
"""

from __future__ import annotations

import html
import re

from chemx.sources._base import SourceError

PDF_HEADER = b"%PDF-"
HEADER_WINDOW = 1024
"""Readers accept the header anywhere in the first 1 KB (some tools write junk before it)."""
SNIFF_BYTES = 4096
"""How much of the file is looked at to say what it is instead."""

_MAGIC: tuple[tuple[bytes, str], ...] = (
    (b"\x89PNG\r\n\x1a\n", "a PNG image"),
    (b"\xff\xd8\xff", "a JPEG image"),
    (b"GIF8", "a GIF image"),
    (b"II*\x00", "a TIFF image"),
    (b"MM\x00*", "a TIFF image"),
    (b"PK\x03\x04", "a ZIP archive (an EPUB, a Word file or a bundle of files?); unpack it"),
    (b"\x1f\x8b", "a gzip archive (a PMC OA package .tar.gz?); unpack it"),
    (b"%!PS", "a PostScript file; convert it with `ps2pdf`"),
    (b"{\\rtf", "an RTF document; print it to PDF"),
)
_HTML = re.compile(rb"<!doctype\s+html|<html[\s>]|<head[\s>]|<body[\s>]", re.IGNORECASE)
_TITLE = re.compile(rb"<title[^>]*>(?P<title>.*?)</title>", re.IGNORECASE | re.DOTALL)
_BOMS = (b"\xef\xbb\xbf", b"\xff\xfe", b"\xfe\xff")


def require_pdf(data: bytes, name: str) -> None:
    """Refuse bytes without a PDF header as "not_a_pdf", saying what they look like."""
    if PDF_HEADER in data[:HEADER_WINDOW]:
        return
    raise SourceError(
        "not_a_pdf", f"{name}: not a PDF (no %PDF- header) but {describe_content(data)}"
    )


def describe_content(data: bytes) -> str:
    """What `data` looks like, in words, with what to do about it.

    >>> describe_content(b"<!DOCTYPE html><html><title>Sign in</title></html>")[:40]
    "an HTML page titled 'Sign in': probably "
    >>> describe_content(b"Hello")
    'plain text'
    """
    head = data[:SNIFF_BYTES]
    for magic, what in _MAGIC:
        if head.startswith(magic):
            return what
    for bom in _BOMS:
        head = head.removeprefix(bom)
    head = head.lstrip()
    if _HTML.search(head):
        title = _TITLE.search(head)
        titled = ""
        if title is not None:
            text = " ".join(html.unescape(title["title"].decode("utf-8", "replace")).split())
            titled = f" titled {text[:80]!r}" if text else ""
        return (
            f"an HTML page{titled}: probably a login or error page saved instead of the PDF; "
            "download the PDF itself again"
        )
    if head.startswith(b"<"):
        return "an XML file: if it is a JATS article, give it the .nxml or .xml suffix"
    if head.startswith((b"{", b"[")):
        return "JSON data, not an article"
    text = _utf8(head)
    if text and sum(char.isprintable() or char.isspace() for char in text) >= 0.95 * len(text):
        return "plain text"
    return "unrecognised binary data (a broken download?); download the PDF again"


def _utf8(head: bytes) -> str:
    """`head` as UTF-8, allowing a character cut at its end; "" when it is not UTF-8."""
    try:
        return head.decode("utf-8")
    except UnicodeDecodeError as exc:
        if exc.start < len(head) - 3:
            return ""
        return head[: exc.start].decode("utf-8")
