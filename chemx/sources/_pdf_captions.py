"""Captions of PDF display items: "Figure 2.", "Fig. 2 |", "Scheme 1.", "Chart 1.", "Table 3.".

A caption is a line opening with a label at the start of its text block (or after a
finished sentence, so that "… as shown in Figure 2" is not one), together with the
following lines of its block.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from chemx.sources._pdf_layout import DocumentStyle, is_furniture
from chemx.sources._pdf_pages import Box, Line, Page, union_box

CAPTION = re.compile(
    r"^\s*(?P<label>(?:(?i:supplementary|extended\s+data)\s+)?"
    r"(?P<kw>Fig(?:ure)?\.?|FIG(?:URE)?\.?|Scheme|SCHEME|Chart|CHART|Table|TABLE)"
    r"\s*(?P<number>S?\d+[a-zA-Z]?))"
    r"(?:\s*[.:|]\s*|\s+[-–—]\s+|\s+(?=[A-Z(\[])|\s*$)"
)


@dataclass
class Caption:
    """A caption block: its lines, label and text."""

    lines: list[Line]
    label: str
    kind: str
    text: str
    """The whole caption as printed, label included."""

    @property
    def box(self) -> Box:
        """Where the caption is (nowhere, for an uncaptioned graphical abstract)."""
        if not self.lines:
            return (0.0, 0.0, 0.0, 0.0)
        return union_box([line.box for line in self.lines])


def caption_kind(keyword: str) -> str:
    """'figure', 'scheme', 'chart' or 'table' for a caption keyword."""
    lowered = keyword.lower()
    for kind in ("scheme", "chart", "table"):
        if lowered.startswith(kind):
            return kind
    return "figure"


def find_captions(page: Page, style: DocumentStyle) -> list[Caption]:
    """The page's caption blocks.

    A caption is a line opening with a label at the start of its text block (or after
    a finished sentence), with the lines of the same block that follow it.
    """
    captions: list[Caption] = []
    lines = [line for line in page.lines if not is_furniture(line, page, style)]
    taken: set[int] = set()
    for position, line in enumerate(lines):
        if id(line) in taken:
            continue
        match = CAPTION.match(line.text)
        if match is None:
            continue
        previous = lines[position - 1] if position else None
        if (
            previous is not None
            and previous.block == line.block
            and not previous.text.rstrip().endswith((".", ":", ")"))
        ):
            continue  # "… as shown in\nFigure 2 …": a reference in running text
        members = [line]
        for follower in lines[position + 1 :]:
            last = members[-1]
            if follower.block != line.block or CAPTION.match(follower.text):
                break
            if follower.box[1] - last.box[3] > 1.2 * max(last.size, 1.0):
                break
            members.append(follower)
        taken.update(id(member) for member in members)
        text = " ".join(" ".join(member.text for member in members).split())
        captions.append(
            Caption(
                lines=members,
                label=" ".join(match.group("label").split()),
                kind=caption_kind(match.group("kw")),
                text=text,
            )
        )
    return captions
