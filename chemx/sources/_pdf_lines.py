"""Joining a paragraph's PDF lines into clean text: hyphens, citation markers, bold runs.

Each line is appended to a `TextBuilder`, which decides how it meets the previous one
(a space, nothing after a dash, a removed or kept line-end hyphen) and which raised
spans are citation markers. A citation marker ("assays.⁵ Recently", "piperine,³,⁴") is
not part of the sentence: it is left out of the text and recorded where it stood, so
that it neither merges two sentences ("assays.5 Recently") nor reads as a compound
number. Raised spans that are not citations stay in line: "¹H NMR", "C(sp³)", "R¹",
"Zr⁴⁺".
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from chemx.sources._assemble import map_span, normalise
from chemx.sources._pdf_hyphens import LINE_END_HYPHENS, Vocabulary, is_suspended, keep_hyphen
from chemx.sources._pdf_pages import Line, TextSpan

_CITATION = re.compile(r"^\s*\d{1,3}[a-z]?(?:\s*[,–−\-]\s*(?:\d{1,3}[a-z]?|[a-z]))*\s*$")
"""Reference numbers: "5", "12,13", "11−14", "7,11a,b"."""
_BRACKETED = re.compile(r" ?\[(\d{1,3}(?:\s*[,–−\-]\s*\d{1,3})*)\](?![\w\[])")
_WORD_END = re.compile(
    r"(?:[^\W\d_]{3,}|\b[A-Z][a-z]|[A-Za-z0-9][\w\-]*[A-Za-z]{2}|[A-Za-z][\w-]*\d|\b\d{4})$"
)
"""What a citation can follow: a word (three letters or more, or a capitalised
two-letter name such as "Li"), a code ("A3AR", "CMB-W031"), or a year ("1991")."""
_DASHES = "–—−‒"
_WHITESPACE = re.compile(r"\s+")


@dataclass(frozen=True)
class Citation:
    """A citation marker left out of the text: where it stood and what it said."""

    start: int
    marker: str


@dataclass
class TextBuilder:
    """Builds one paragraph's text from its lines."""

    vocabulary: Vocabulary
    text: str = ""
    bold: list[tuple[int, int]] = field(default_factory=list)
    citations: list[Citation] = field(default_factory=list)
    glued: bool = False
    """The next line joins without a space (after a drop cap)."""

    def start_with(self, initial: str) -> None:
        """Begin the text with a drop cap, which the first line continues directly."""
        self.text += initial
        self.glued = True

    def add_line(self, line: Line) -> None:
        """Append a line, joined to what came before as a reader would join it."""
        pieces = list(_pieces(line))
        if not pieces:
            return
        if self.text and not self.glued:
            self._join(pieces[0][0])
        self.glued = False
        for text, bold, citation in pieces:
            if citation:
                self.citations.append(Citation(start=len(self.text.rstrip()), marker=text.strip()))
                continue
            start = len(self.text)
            self.text += text
            if bold and text.strip():
                self.bold.append((start, len(self.text)))

    def _join(self, next_text: str) -> None:
        """Join the next line to the text: hyphen removed or kept, or a space."""
        stripped = self.text.rstrip()
        if stripped.endswith("\u00ad"):
            self.text = stripped[:-1]
            return
        if stripped and stripped[-1] in LINE_END_HYPHENS:
            before = stripped[:-1].rsplit(" ", 1)[-1]
            after = next_text.lstrip().split(" ", 1)[0]
            if keep_hyphen(before, after, self.vocabulary):
                self.text = stripped + (" " if is_suspended(after) else "")
            else:
                self.text = stripped[:-1]
            return
        if stripped and (stripped[-1] in _DASHES or stripped[-1] == "/"):
            self.text = stripped
            return
        self.text = stripped + " "

    def finish(self) -> tuple[str, list[tuple[int, int]], list[Citation]]:
        """The clean text, with its bold runs and citations as offsets into it.

        Whitespace is collapsed and bracketed citations ("[12]") are taken out.
        """
        raw = self.text
        marks = [(citation.start, citation.marker) for citation in self.citations]
        cuts: list[tuple[int, int, str]] = []
        for match in _BRACKETED.finditer(raw):
            cuts.append((match.start(), match.end(), match.group(1)))
        keep = [True] * len(raw)
        for start, end, _ in cuts:
            for index in range(start, end):
                keep[index] = False
        kept: list[str] = []
        to_kept: list[int] = []
        for index, char in enumerate(raw):
            to_kept.append(len(kept))
            if keep[index]:
                kept.append(char)
        to_kept.append(len(kept))
        text, to_text = normalise("".join(kept))
        mapping = [to_text[offset] for offset in to_kept]

        def position(offset: int) -> int:
            return mapping[min(offset, len(raw))]

        citations = [Citation(start=position(start), marker=marker) for start, marker in marks]
        citations += [
            Citation(start=position(start), marker=f"[{marker}]") for start, _, marker in cuts
        ]
        citations.sort(key=lambda citation: citation.start)
        bold = [
            span
            for span in (map_span(text, mapping, start, end) for start, end in self.bold)
            if span[1] > span[0]
        ]
        return text, bold, citations


def _pieces(line: Line) -> list[tuple[str, bool, bool]]:
    """(text, bold, is_citation) per run of the line.

    Consecutive raised spans form one run ("12", ",", "13" set as three spans are one
    marker "12,13"), and a space is put back between two spans set apart by more than
    a quarter of an em when the text layer has none there.
    """
    runs: list[tuple[list[TextSpan], bool]] = []
    for span in line.spans:
        raised = line.is_raised(span) and bool(span.text.strip())
        if runs and raised and runs[-1][1] and not runs[-1][0][-1].text[-1:].isspace():
            runs[-1][0].append(span)
        else:
            runs.append(([span], raised))
    pieces: list[tuple[str, bool, bool]] = []
    previous: TextSpan | None = None
    spans_before: list[TextSpan] = []
    for position, (spans, raised) in enumerate(runs):
        text = "".join(span.text for span in spans)
        first = spans[0]
        if (
            previous is not None
            and not raised
            and not previous.text[-1:].isspace()
            and not text[:1].isspace()
            and first.box[0] - previous.box[2] > 0.25 * max(first.size, 1.0)
        ):
            text = " " + text
        after = "".join(span.text for run, _ in runs[position + 1 :] for span in run)
        citation = raised and _is_citation(text, "".join(s.text for s in spans_before), after)
        pieces.append((text, all(span.bold for span in spans if span.text.strip()), citation))
        spans_before.extend(spans)
        previous = spans[-1]
    return pieces


def _is_citation(text: str, before: str, after: str) -> bool:
    """A raised run of reference numbers after a word or punctuation, before a break."""
    if not _CITATION.match(text):
        return False
    before = before.rstrip()
    if after[:1].isalnum():
        return False  # "¹H", "¹³C": an isotope or a prefix, not a citation
    if not before:
        return False
    if before[-1] in ".,;:)]\"'”’":
        return True
    return bool(_WORD_END.search(before))


def collapse(text: str) -> str:
    """Whitespace collapsed to single spaces, trimmed."""
    return _WHITESPACE.sub(" ", text).strip()
