"""Find figure and scheme references written in running text.

Many sentences point at a figure without markup: PDFs have none at all, and JATS
often tags only the number ("Fig. <xref>2</xref>b"). Grounding needs every such
pointer, with its exact offsets, panel and figure number, so that "Scheme 1b" in a
sentence can be tied to the scheme image whose label is "Scheme 1".

Recognised forms: "Fig. 2", "Figure 2b", "Figs. 2 and 3", "Figures 2–4" (en dash,
hyphen or "to"), "Figure 2a,b", "Figure 3A–C", "Figure 2(a)", "Scheme 1b",
"Schemes 1 and 2", "(Fig. 2c)", and supplementary ones ("Fig. S3",
"Supplementary Fig. 3"), which are reported with ``supplementary=True`` so callers
can skip them: they point outside the article.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Literal

FigureKind = Literal["figure", "scheme", "chart", "table"]
FigureKey = tuple[FigureKind, str]
"""(kind, number) as used to match a mention to a figure label; number is "2" or "S3"."""

MAX_RANGE = 20
"""Ranges wider than this ("Figures 1–99") are taken as a typo and not expanded."""

_KEYWORD = re.compile(
    r"(?<![A-Za-z])"
    r"(?:(?P<supp>(?i:supplementary|supporting|suppl\.|extended\s+data))\s+)?"
    r"(?P<kw>(?i:fig(?:ure)?s?\.?|schemes?|charts?|tables?))(?![A-Za-z])\s*"
)
_NUMBER = re.compile(r"(?P<prefix>S)?(?P<digits>\d+)(?![\d])(?!\.\d)")
_LETTER_PANEL = re.compile(r"[a-zA-Z](?![a-zA-Z0-9])")
_PAREN_PANEL = re.compile(r"\s?\((?P<panel>[a-zA-Z](?:\s*(?:[,–—\-−]|and)\s*[a-zA-Z])*)\)")
_PANEL_MORE = re.compile(r"(?:\s*[,–—\-−]\s*|\s+and\s+)(?P<letter>[a-zA-Z])(?![a-zA-Z0-9])")
_RANGE_SEP = re.compile(r"\s*[–—\-−‒]\s*|\s+to\s+")
_LIST_SEP = re.compile(r"\s*,\s*(?:and\s+)?|\s+and\s+|\s*&\s*")
_LABEL = re.compile(
    r"^\s*(?:(?P<supp>(?i:supplementary|supporting|suppl\.|extended\s+data))\s+)?"
    r"(?P<kw>(?i:fig(?:ure)?s?\.?|schemes?|charts?|tables?))\s*"
    r"(?P<number>[A-Z]?\d+)(?![\d])"
)
_BARE_LABEL = re.compile(r"^\s*(?P<number>\d+)\s*[.:]?\s*$")
_CAPTION = re.compile(
    r"^\s*(?P<label>(?:(?i:supplementary|supporting)\s+)?"
    r"(?:Fig(?:ure)?\.?|FIG(?:URE)?\.?|Scheme|SCHEME|Chart|CHART|Table|TABLE)\s*S?\d+[a-z]?)"
    r"(?:\s*[.:|]\s*|\s+[-–—]\s+|\s+(?=[A-Z(\[])|\s*$)"
)


@dataclass(frozen=True)
class FigureMention:
    """One figure number referred to in a piece of text.

    `start`/`end` index into the text given to `find_figure_mentions`; the first
    number of a group ("Figs. 2 and 3") includes the keyword, the others cover only
    their own number, so every mention of a group has a distinct start.
    """

    start: int
    end: int
    kind: FigureKind
    number: str
    """"2", or "S3" for a supplementary figure."""
    panel: str | None
    """"b" in "Fig. 2b", "a,b" in "Figure 2a,b", "A–C" in "Figure 3A–C"."""
    text: str
    supplementary: bool

    @property
    def key(self) -> FigureKey:
        """The (kind, number) pair that a figure label must have to match."""
        return (self.kind, self.number)


def find_figure_mentions(text: str) -> list[FigureMention]:
    """Return every figure/scheme number that `text` refers to, in order.

    Args:
        text: A sentence or paragraph.

    Returns:
        One mention per figure number; a range "Figures 2–4" yields 2, 3 and 4.
    """
    mentions: list[FigureMention] = []
    position = 0
    while True:
        match = _KEYWORD.search(text, position)
        if match is None:
            return mentions
        found = _parse_numbers(text, match)
        mentions.extend(found)
        position = max([match.end(), *(mention.end for mention in found)])


def parse_figure_label(label: str) -> FigureKey | None:
    """Map a printed label to its (kind, number) key, or None if it names no figure.

    "Figure 2", "Fig. 2.", "FIG. 2" -> ("figure", "2"); "Scheme 1" -> ("scheme", "1");
    "Figure S1" and "Supplementary Figure 1" -> ("figure", "S1"); a bare "3" (some
    JATS labels carry only the number) -> ("figure", "3"); "Chart 1" -> ("chart", "1"),
    "Table 2" -> ("table", "2"): charts and tables that draw structures are display
    items too (a SAR table holds a paper's compounds).
    """
    match = _LABEL.match(label)
    if match is None:
        bare = _BARE_LABEL.match(label)
        return ("figure", _normalise_number("", bare.group("number"))) if bare else None
    number = match.group("number")
    prefix, digits = (number[0], number[1:]) if number[0].isalpha() else ("", number)
    if match.group("supp"):
        prefix = "S"
    return (_kind(match.group("kw")), _normalise_number(prefix, digits))


def split_caption_label(text: str) -> tuple[str, str] | None:
    """Split "Figure 1. Synthesis of 3a" into ("Figure 1", "Synthesis of 3a").

    Used on PDF text blocks and MinerU captions, where the label and the caption are
    one string. Returns None when `text` does not open with a label, and also for
    running text such as "Figure 2 shows ...", which is a reference, not a caption.
    """
    match = _CAPTION.match(text)
    if match is None:
        return None
    return match.group("label"), text[match.end() :].strip()


def _kind(keyword: str) -> FigureKind:
    lowered = keyword.lower()
    for kind in ("scheme", "chart", "table"):
        if lowered.startswith(kind):
            return kind
    return "figure"


def _normalise_number(prefix: str, digits: str) -> str:
    return f"{prefix.upper()}{int(digits)}"


def _parse_numbers(text: str, keyword: re.Match[str]) -> list[FigureMention]:
    kind = _kind(keyword.group("kw"))
    plural = keyword.group("kw").lower().rstrip(".").endswith("s")
    supplementary_word = keyword.group("supp") is not None
    found: list[FigureMention] = []
    position = keyword.end()
    token = _number_token(text, position)
    if token is None:
        return found
    group_start = keyword.start()
    while token is not None:
        number_start, number_end, prefix, value, panel = token
        supplementary = supplementary_word or prefix == "S"
        number = _normalise_number("S" if supplementary else "", str(value))
        start = group_start if not found else number_start
        found.append(
            FigureMention(
                start, number_end, kind, number, panel, text[start:number_end], supplementary
            )
        )
        position = number_end
        token = None
        range_sep = _RANGE_SEP.match(text, position)
        if range_sep is not None:
            upper = _number_token(text, range_sep.end())
            if upper is not None and upper[2] == prefix and 0 < upper[3] - value <= MAX_RANGE:
                for middle in range(value + 1, upper[3]):
                    middle_number = _normalise_number("S" if supplementary else "", str(middle))
                    found.append(
                        FigureMention(
                            number_start,
                            upper[1],
                            kind,
                            middle_number,
                            None,
                            text[number_start : upper[1]],
                            supplementary,
                        )
                    )
                token = upper
                continue
        list_sep = _LIST_SEP.match(text, position) if plural else None
        if list_sep is not None:
            token = _number_token(text, list_sep.end())
    return found


def _number_token(text: str, position: int) -> tuple[int, int, str, int, str | None] | None:
    """Parse "2", "S3", "2b", "2a,b", "3A–C" or "2(a)" at `position`.

    Returns (start, end, prefix, value, panel) or None when no number starts there.
    """
    number = _NUMBER.match(text, position)
    if number is None:
        return None
    end = number.end()
    panel: str | None = None
    paren = _PAREN_PANEL.match(text, end)
    letter = _LETTER_PANEL.match(text, end)
    if paren is not None:
        panel, end = paren.group("panel"), paren.end()
    elif letter is not None:
        panel_start, end = letter.start(), letter.end()
        last = letter.group()
        while (more := _PANEL_MORE.match(text, end)) is not None:
            following = more.group("letter")
            if following.islower() != last.islower() or following.lower() <= last.lower():
                break
            end, last = more.end(), following
        panel = text[panel_start:end]
    return position, end, number.group("prefix") or "", int(number.group("digits")), panel
