"""A label read from a drawing, checked against the labels the paper's text names.

The paper's own text is the best evidence of what its compounds are called: a label
that no sentence names is more likely an atom number, a footnote mark or a misread than
a compound ("6c" read as "1", "1b" with its footnote "a" read as "1ba", "5" read as
"S"). OCR candidates are therefore reconciled with the text:

1. a label the text names is kept as read;
2. otherwise, the look-alike and footnote variants of the reading ("1ba" -> "1b",
   "3l" -> "31", "1O" -> "10", a stereo prefix added or dropped) are tried, and one
   that the text names, if exactly one does, replaces it (the reading is kept as the raw
   text, and the change is said); a second suffix letter is no footnote where the
   figure's other labels have two ('9da' beside '9aa');
3. otherwise the label is kept with its confidence lowered, and the reason is said: the
   text never names it.

`PaperLabels` answers "does the text name this label?" with the boundary-aware
`find_mentions` over every sentence (bold runs included), cached per label.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass

from chemx.labels.codes import read_code
from chemx.labels.grammar import DASH, MAX_RANGE, is_lowercase_roman, read_label
from chemx.labels.mentions import find_mentions
from chemx.records import Sentence

UNNAMED_FACTOR = 0.5
"""Confidence multiplier for a label no sentence of the paper names."""
RECONCILED_FACTOR = 0.9
"""Confidence multiplier for a reading replaced by the variant the text names."""
_LOOK_ALIKES: dict[str, tuple[str, ...]] = {
    "l": ("1",), "I": ("1",), "i": ("1",), "|": ("1",), "o": ("0",), "O": ("0",),
    "S": ("5",), "s": ("5",), "5": ("S",), "B": ("8",), "Z": ("2",), "z": ("2",),
    "g": ("9",), "q": ("9",), "G": ("6",), "1": ("l", "L"), "0": ("o",), "9": ("q", "g"),
    "6": ("b",), "V": ("v",),
}  # fmt: skip
"""Glyphs OCR confuses in bold sans labels, and what each may really be ('V' is how EasyOCR
reads the lowercase Roman numeral 'v'; for '1v' see `variants`)."""


@dataclass(frozen=True)
class Reconciled:
    """What the text says of a label read from a drawing."""

    identifier: str
    factor: float
    """Multiply the reading's confidence by this."""
    note: str | None
    """Why the label changed or is doubtful; None when the text names it as read."""


class PaperLabels:
    """The paper's sentences, asked whether they name a label."""

    def __init__(self, sentences: Iterable[Sentence]) -> None:
        self.sentences = [s for s in sentences if s.text]
        self._named: dict[str, bool] = {}

    def __bool__(self) -> bool:
        return bool(self.sentences)

    def names(self, label: str) -> bool:
        """Whether some sentence names `label` (as a compound, not a number or unit).

        A numbered code is also named by a range of its series ('L3' by "ligands
        L1−L7", `code_in_range`).
        """
        if label not in self._named:
            core = "".join(char for char in label if char.isalnum())
            in_range = code_in_range(label)
            self._named[label] = any(
                find_mentions(label, sentence.text, sentence.bold_spans)
                for sentence in self.sentences
                if core and _has_core(sentence.text, core)
            ) or (in_range is not None and any(in_range(s.text) for s in self.sentences))
        return self._named[label]


_NUMBERED_CODE = re.compile(r"(?P<prefix>[A-Za-z][A-Za-z-]*?)(?P<number>\d{1,3})")


def code_in_range(label: str) -> Callable[[str], bool] | None:
    """For a numbered code, a test of whether a text names it inside a range of its series.

    None for a label that is no numbered code (`chemx.labels.codes.read_code`).

    >>> in_range = code_in_range("L3")
    >>> in_range("we screened the ligands L1−L7"), in_range("L4–L7"), code_in_range("3")
    (True, False, None)
    >>> code_in_range("N-Me-TY4")("N-Me-TY1−N-Me-TY8")
    True
    """
    code = _NUMBERED_CODE.fullmatch(label)
    if code is None or read_code(label) != label:
        return None
    prefix = re.escape(code["prefix"])
    span = re.compile(
        rf"(?<![A-Za-z0-9-]){prefix}(?P<first>\d{{1,3}})\s*{DASH}\s*(?:{prefix})?"
        rf"(?P<last>\d{{1,3}})(?![0-9])"
    )
    number = int(code["number"])

    def names_it(text: str) -> bool:
        return any(
            int(found["first"]) <= number <= int(found["last"])
            and int(found["last"]) - int(found["first"]) < MAX_RANGE
            for found in span.finditer(text)
        )

    return names_it


def _has_core(text: str, core: str) -> bool:
    """A cheap filter before the full mention search: the label's characters occur.

    With no digit, `core` is the label's letters run together, which a hyphenated code
    is not where it is printed ('L-Arg' is 'LArg'): each of its letters must occur.
    """
    digits = "".join(char for char in core if char.isdigit())
    if digits:
        return digits in text
    return all(char in text for char in set(core))


def variants(label: str, *, series: bool = False) -> list[str]:
    """Readings the same glyphs could also be: look-alikes, a footnote mark dropped.

    A variant is a label of the grammar or a code (`chemx.labels.codes`: ligand 'L3'
    read as '13').

    With `series` (the figure labels its compounds with two letters, '9aa'-'9al'), a
    second letter is the label's own, not a footnote mark.
    """
    found: list[str] = []
    parsed = read_label(label)
    numbered = parsed is not None and parsed.number is not None
    if numbered and label[-1].isalpha() and label[-2].isalpha() and not series:
        found.append(label[:-1])  # "1ba": "1b" with a footnote "a"
    if label.endswith("'"):
        found.append(label.rstrip("'"))
    for position, char in enumerate(label):
        for other in _LOOK_ALIKES.get(char, ()):
            found.append(label[:position] + other + label[position + 1 :])
    if label.startswith("(") and ")-" in label:
        found.append(label.split(")-", 1)[1])  # "(S)-7" printed as "7"
    as_roman = label.replace("1", "i")
    if as_roman != label and is_lowercase_roman(as_roman):
        found.append(as_roman)  # "1v" for "iv"; never "3i" for "31" ("3i" may be drawn too)
    kept: list[str] = []
    for variant in found:
        readable = read_label(variant) is not None or read_code(variant) == variant
        if readable and variant != label and variant not in kept:
            kept.append(variant)
    return kept


def reconcile(label: str, paper: PaperLabels, siblings: Iterable[str] = ()) -> Reconciled:
    """Check `label` against the paper's text (see the module docstring).

    `siblings` are the other labels read in the same figure: where one of them has the
    same number and two suffix letters, the figure numbers a series that way ('9aa',
    '9ab'), and '9da' is not '9d' with a footnote 'a'.
    """
    if not paper or paper.names(label):
        return Reconciled(label, 1.0, None)
    parsed = read_label(label)
    series = parsed is not None and any(
        (other := read_label(sibling)) is not None
        and other.number == parsed.number
        and len(other.letters) == 2
        and sibling != label
        for sibling in siblings
    )
    named = [variant for variant in variants(label, series=series) if paper.names(variant)]
    if len(named) == 1:
        return Reconciled(
            named[0],
            RECONCILED_FACTOR,
            f"read {label!r}; the text names {named[0]!r}, not {label!r}",
        )
    return Reconciled(label, UNNAMED_FACTOR, f"no sentence of the paper names {label!r}")
