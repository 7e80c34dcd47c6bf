"""Turn OCR text into a compound label ("3c", "12a", "(S)-7") or refuse it.

Compound labels are what the paper's text uses to talk about a drawn structure, so the
identifier stage must return exactly the form the text prints. OCR output around a
structure is noisy in two ways: it carries decoration (bold markers, brackets, the word
"compound", a yield after a comma) and it confuses glyphs that look alike in bold sans
fonts ("5b" read as "Sb", "21a" as "2la", "1c" as "lc"). The first is stripped; the
second is repaired only where the position makes the reading unambiguous: the number
part of a label is all digits, so a letter that looks like a digit standing there is
taken as that digit. Everything that is not a label (reagents, temperatures, solvents,
words, several labels, a range) is refused, because a wrong label silently attaches the
wrong paragraphs to a structure, while a missing one is only reported.

What a label is (core, stereo prefixes, primes, dashes, decoration) is defined once in
`chemx.labels.grammar`, which also has the last word: every label returned here is one
that `chemx.labels.grammar.read_label` accepts, in its canonical spelling. What is added
here is OCR's part: look-alike repair and the text OCR reads around a label.

Accepted forms (input -> output):

=============================  ===========  ===========================================
OCR text                       label        rule
=============================  ===========  ===========================================
``3c``, ``12``, ``3aa``        same         digits (1-3) + up to 2 lowercase letters
``compound 3c``, ``cpd. 3c``   ``3c``       a leading "compound"/"cpd."/"no."/"#"
``**3c**``, ``<b>3c</b>``      ``3c``       bold markers
``(3c)``, ``[3c]``, ``3c.``    ``3c``       one layer of brackets, trailing punctuation
``3c, 85%``, ``3c (92% ee)``   ``3c``       a yield/ee/dr/time tail after the label
``3c; –``, ``3c; n.d.``        ``3c``       ... or a dash or "n.d." for no product
``Sb``, ``Za``, ``lc``         ``5b`` ...   digit look-alikes in the number part
``l2a``, ``I2a``, ``2la``      ``12a``...   "l"/"I" before a digit or another letter
``1O``, ``lO``                 ``10``       "O"/"o" inside the number part
``(S)-7``, ``(5)-7``, ``(S)7``  ``(S)-7``   stereo prefix (R, S, R,S, E, Z, P, M, ±, ...)
``(R)-14d``, ``rac-3``         same         ... and rac-/ent-/cis-/trans-/meso-
``3c'``, ``3c′``, ``3c''``     ``3c'``      primes, written as ASCII apostrophes
``II``, ``IV``, ``II'``        same         Roman numerals (catalytic cycles)
``naamidine A (6)``            ``6``        a name followed by a bracketed label
``6, naamidine A``             ``6``        a label, a comma, then a name or R groups
``12 (R = CH3)``, ``8, X = Cl``  ``12``...  a label, then a substituent note (kept as
                                            `LabelParse.note`)
``RTI-13951-33 (1b)``          ``1b``       an alias, then the label in brackets (the
                                            alias is kept as the note)
``compound 12 (GSK123)``       ``12``       a label, then an alias in brackets
=============================  ===========  ===========================================

Refused (None): ranges such as ``12a-c``, ``3a–3x`` or ``1-3`` (several compounds: see
`parse_label(..., allow_ranges=True)` for the opt-in policy that returns them as
``12a-c``), lists ``3a, 3b``, reagents ``Pd(OAc)2``, ``Et3N``, quantities ``80 °C``,
``12 h``, ``10 mol%``, ``2 equiv``, a bare ``85%``, solvents and words ``THF``, ``rt``,
``trace``, substituent notes alone (``(R = CH3)``, ``R1 = Me``, ``X = Cl``: kind
``note``), labels with an uppercase suffix (``4A``) or a letter prefix (``S1``, read as
``51``: OCR turns "5" into "S" far more often than papers print SI labels under
drawings), salts (``4·HBr``).

A lone ``I`` is kept as the Roman numeral (bold sans "1" has a foot, and EasyOCR reads it
as "1"), but ``I`` or ``l`` followed by a letter or digit is a "1".

>>> [normalise_label(t) for t in ("3c, 85%", "Sb", "l2a", "(S)-7", "THF", "12a-c")]
['3c', '5b', '12a', '(S)-7', None, None]
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Literal

from chemx.labels.grammar import (
    LETTERS,
    MAX_NUMBER_DIGITS,
    MAX_SUFFIX_LETTERS,
    NUMBER,
    RANGE,
    ROMAN,
    ROMAN_LOWER,
    STEREO_DESCRIPTORS,
    STEREO_WORDS,
    TRAILING_PUNCTUATION,
    read_label,
    strip_decoration,
    strip_outer_brackets,
)

LabelKind = Literal["label", "range", "empty", "not_label", "several", "note"]
"""What a text was: one label, a range, nothing, no label, a list, or a substituent note."""

DIGIT_LOOKALIKES: dict[str, str] = {
    "O": "0",
    "o": "0",
    "D": "0",
    "Q": "0",
    "l": "1",
    "I": "1",
    "i": "1",
    "|": "1",
    "!": "1",
    "Z": "2",
    "z": "2",
    "S": "5",
    "s": "5",
    "B": "8",
    "G": "6",
    "g": "9",
    "q": "9",
}
"""Glyphs that OCR returns for digits in bold sans fonts, and the digit they stand for."""

LOWERCASE_DIGIT_LOOKALIKES = frozenset(k for k in DIGIT_LOOKALIKES if k.islower())
"""Lowercase look-alikes are also real suffix letters ('3l', '3o'), so they become digits
only where a suffix letter cannot stand: first in a token of at most two characters
('lc'; 'ipr' is a word), before a digit ('l2a'), or first of two suffix letters ('2la'
is '21a': no paper runs its letters past 'z' into 'la')."""

SUFFIX_LOOKALIKES = str.maketrans({"0": "o", "O": "o"})
"""A digit cannot follow a suffix letter, so a round glyph there is the letter 'o'."""

DESCRIPTOR_LOOKALIKES = str.maketrans({"5": "S", "$": "S"})
"""OCR readings of an 'S' inside stereo-prefix brackets ('(5)-7' is '(S)-7')."""

YIELD_TOKEN = re.compile(
    r"""^(?:
        [<>≥≤~]?\d+(?:\.\d+)?\s*%          # 85%, >99%
      | [<>≥≤~]?\d+(?:\.\d+)?\s*%?\s*(?:ee|de|er|dr|rr|yield|brsm)
      | [<>≥≤]?\d+(?:\.\d+)?\s*:\s*\d+(?:\.\d+)?(?:\s*(?:dr|er|rr|e/?z|z/?e))?  # 92:8 dr
      | \d+(?:\.\d+)?\s*(?:h|hr|hrs|min|d|days?)  # a time in a scope table
      | yields?|ee|de|dr|er|rr|brsm|trace|n\.?d\.?|nr|isolated|nmr|gc|hplc|e/z|z/e
      | [-‐‑‒–—―−]                       # a dash: the substrate gave no product
    )$""",
    re.IGNORECASE | re.VERBOSE,
)
"""What may follow a label after a comma or in brackets: yields and selectivities."""

SUBSTITUENT = r"(?:R|X|Y|Z|Ar|Het|Hal|M|L|Nu|E|G)\s?(?:\d{1,2}|[a-z])?'*"
"""A substituent symbol of a generic drawing: R, R1, R', X, Ar, Het ..."""
SUBSTITUENT_NOTE = re.compile(
    rf"{SUBSTITUENT}\s?=\s?[^=,;]+(?:\s?[,;]\s?{SUBSTITUENT}\s?=\s?[^=,;]+)*"
)
"""A substituent note ('R = CH3', 'R1 = Me, R2 = H', 'X = Cl'): it says which group a
drawn symbol stands for, it is never a label (match with `fullmatch`)."""
ALIAS = re.compile(r"[A-Za-z][A-Za-z0-9]*(?:[-\s][A-Za-z0-9]+)*")
"""Another name printed with a label: a code ('RTI-13951-33', 'GSK123') or a name
('naamidine A'); it starts with a letter, so a quantity ('5 mol %') is none."""
GARBLED_PERCENT = re.compile(r"[1-9]\d?(?:96|9)")
"""A yield whose '%' OCR read as '96' or '9' ('9796' for '97%'), alone after a label."""
GARBLED_PERCENT_96 = re.compile(r"[1-9]\d?96")
"""The same after a comma ('20, 5996'), where a bare '19' would be a second label."""
SCOPE_TAIL = re.compile(
    r"%|\b(?:yields?|ee|dr|er|combined|isolated|purified|trace|n\.?d)\b", re.IGNORECASE
)
"""What marks the text after a label and a separator as its scope-table entry (a yield,
a selectivity, 'not purified'), however garbled the numbers are ('58%6', '5996 ee')."""
YIELD_WORD = re.compile(r"\byields?\b", re.IGNORECASE)
"""A scope entry that says 'yield': the numbers in it are yields, however garbled."""
FOOTNOTE_SUFFIX = re.compile(rf"(?P<label>{NUMBER}[a-z]{{{MAX_SUFFIX_LETTERS}}})(?P<mark>[a-z])")
"""A label with one letter more than a suffix may have: the last is a footnote mark
('3arb' is '3ar' with footnote b)."""
PANEL_MARKER = re.compile(r"^\(?[a-hA-H]\)\s+")
"""A panel marker before a name ('(a) glyclauxin A (2)')."""
_CORE = re.compile(rf"(?P<number>{NUMBER})(?P<suffix>{LETTERS})")
_ROMAN = re.compile(f"{ROMAN}|{ROMAN_LOWER}")
_WORDS = "|".join(STEREO_WORDS)
_TOKEN = re.compile(
    rf"^(?P<label>(?i:{_WORDS})\s?-\s?[^\s,;:(\[]+"
    rf"|\([^()]{{1,8}}\)\s?-?\s?[^\s,;:(\[]+|[^\s,;:(\[]+)(?P<rest>.*)$"
)
"""One label-like token at the start of the text (a stereo prefix may hold a space),
then the rest."""


@dataclass(frozen=True)
class LabelParse:
    """The outcome of reading one OCR string as a compound label."""

    label: str | None
    """The normalised label, or None when the text is not one label."""
    kind: LabelKind
    reason: str
    """Why it was refused (empty when accepted), phrased for a report."""
    note: str | None = None
    """What was printed with the label and is not part of it: a substituent note
    ('R = CH3') or an alias ('RTI-13951-33'), for `Structure.identifier_note`."""


def normalise_label(text: str | None, *, allow_ranges: bool = False) -> str | None:
    """Return the compound label that `text` spells, or None.

    Args:
        text: raw OCR (or VLM) output for the text beside one structure.
        allow_ranges: also return ranges ('12a-c') instead of refusing them; off by
            default because a range names several compounds, not the one drawn.

    >>> normalise_label("compound 3c")
    '3c'
    >>> normalise_label("(R)-14d"), normalise_label("3c′"), normalise_label("Pd(OAc)2")
    ('(R)-14d', "3c'", None)
    """
    return parse_label(text, allow_ranges=allow_ranges).label


def parse_label(text: str | None, *, allow_ranges: bool = False) -> LabelParse:
    """Like `normalise_label`, but also say what the text was and why it was refused.

    >>> parse_label("12a-c").kind, parse_label("12a–c", allow_ranges=True).label
    ('range', '12a-c')
    >>> parse_label("80 °C").reason
    "'80 °C' is not a compound label"
    """
    if text is None or not text.strip():
        return LabelParse(None, "empty", "no text was read")
    original = text.strip()
    refused = LabelParse(None, "not_label", f"{original!r} is not a compound label")
    cleaned = strip_decoration(original)
    if not cleaned:
        return refused
    if SUBSTITUENT_NOTE.fullmatch(cleaned):
        return LabelParse(None, "note", f"{original!r} is a substituent note, not a compound label")
    noted = _with_note(cleaned)
    if noted is not None:
        return noted
    label = _single(cleaned)
    if label is not None:
        return LabelParse(label, "label", "")
    range_label = _range(cleaned)
    if range_label is not None:
        if allow_ranges:
            return LabelParse(range_label, "range", "")
        return LabelParse(
            None, "range", f"{original!r} names a range of compounds, not a single one"
        )
    head, _, tail = cleaned.partition(",")
    if tail and _single(head) is not None and _tail_kind(tail) == "labels":
        return LabelParse(None, "several", f"{original!r} names several compounds")
    return refused


def _with_note(text: str) -> LabelParse | None:
    """A label printed with a substituent note or an alias, the note kept; else None.

    '12 (R = CH3)', '8, X = Cl' and 'compound 12 (GSK123)' name compound 12 and 8;
    'RTI-13951-33 (1b)' and 'naamidine A (6)' name 1b and 6 by an alias first.
    """
    bracketed = re.fullmatch(r"(?P<head>.+?)\s*\((?P<inner>[^()]+)\)", text)
    if bracketed:
        head, inner = bracketed.group("head").strip(), bracketed.group("inner").strip()
        label = _single(head)
        if label is not None and SUBSTITUENT_NOTE.fullmatch(inner):
            return LabelParse(label, "label", "", _spaced(inner))
        if label is not None and ALIAS.fullmatch(inner) and _tail_kind(inner) == "other":
            return LabelParse(label, "label", "", f"alias {inner}")
        label = _single(inner)
        head = PANEL_MARKER.sub("", head)
        if label is not None and ALIAS.fullmatch(head) and _single(head) is None:
            return LabelParse(label, "label", "", f"alias {head}")
    listed = re.fullmatch(r"(?P<head>[^,:;]+?)\s*[,:;]\s*(?P<note>.+)", text)
    if listed and SUBSTITUENT_NOTE.fullmatch(listed.group("note").strip()):
        label = _single(listed.group("head"))
        if label is not None:
            return LabelParse(label, "label", "", _spaced(listed.group("note").strip()))
    return None


def _spaced(note: str) -> str:
    """'R=CH3' as 'R = CH3': one spelling of a substituent note."""
    return re.sub(r"\s*=\s*", " = ", note)


def _single(text: str) -> str | None:
    """The label if `text` is exactly one label, possibly with a yield tail."""
    match = _TOKEN.match(text.strip())
    if not match:
        return None
    label = _label_token(match.group("label"))
    if label is None:
        return None
    rest = match.group("rest").strip()
    if not rest:
        return label
    if re.match(r"^,\s*(?:[A-Za-z][a-z]|R\s?[\d'!|lI]?\s?=)", rest):
        return label  # '6, naamidine A', '8, R1 = OH': the label, then a name or R groups
    separated = rest[0] in ",;:([" or rest.startswith("-")
    if not separated and GARBLED_PERCENT.fullmatch(rest):
        return label  # '17 9796': '17 97%' with the per cent sign read as '96'
    if separated and GARBLED_PERCENT_96.fullmatch(rest.lstrip(",;: ")):
        return label  # '20, 5996': after a comma only the '96' form ('12, 19' is a list)
    entry = re.match(r"^[,;:.]\s*[\w(]", rest)  # '86:,99dc' is a garbled yield, no entry
    entry = entry or re.match(r"^[<>≥≤~]?\d+(?:\.\d+)?\s*%", rest)  # '3k 97%0 yield'
    numbers_are_yields = YIELD_WORD.search(rest) is not None
    if entry and SCOPE_TAIL.search(rest) and not _holds_label(rest, numbers_are_yields):
        return label  # '7 , 58%6', '3arb , 98% , 90% ee': a scope entry, misread after the label
    if not separated and not re.match(r"^[<>≥≤~]?\d+(?:\.\d+)?\s*%", rest):
        return None  # '12 h', '80 °C': a number with a unit is a quantity, not a label
    return label if _tail_kind(rest) == "yield" else None


def _holds_label(rest: str, numbers_are_yields: bool = False) -> bool:
    """Whether a comma-separated part of the text after a label is a label too ('3b').

    With `numbers_are_yields` (the text says 'yield'), a bare number is a yield whose '%'
    OCR misread ('23; 425, combined yield' is '23; 42%'), not a second label.
    """
    return any(
        (label := _label_token(part.strip())) and not (numbers_are_yields and label.isdigit())
        for part in re.split(r"[,;]", rest)
        if part.strip()
    )


def _tail_kind(rest: str) -> Literal["yield", "labels", "other"]:
    """Classify what follows a label: yields (fine), more labels (a list), or other text."""
    separators = r"[,;()\[\]]+|(?<!\d):|:(?!\d)|\s-\s|^-|\s+(?=[<>≥≤]?\d)"
    parts = [part for part in re.split(separators, rest) if part.strip()]
    if not parts:
        return "yield"
    if all(YIELD_TOKEN.match(part.strip()) for part in parts):
        return "yield"
    if all(_label_token(part.strip()) is not None for part in parts):
        return "labels"
    return "other"


def _label_token(token: str) -> str | None:
    """One token as a label: stereo prefix, number, suffix letters, primes.

    The token is already in canonical text (`chemx.labels.grammar.canonical_text`), so
    its primes are ASCII apostrophes and its dashes hyphens.
    """
    token = strip_outer_brackets(token.strip().rstrip(TRAILING_PUNCTUATION))
    if not token:
        return None
    prefix, body = _split_prefix(token)
    if prefix is None:
        return None
    stripped = body.rstrip("'")
    primes = len(body) - len(stripped)
    if not stripped:
        return None
    footnoted = FOOTNOTE_SUFFIX.fullmatch(stripped)
    if footnoted and not primes:
        stripped = footnoted.group("label")
    core = stripped if _ROMAN.fullmatch(stripped) else _repair_core(stripped)
    if core is None:
        return None
    label = read_label(prefix + core + "'" * primes)
    return label.text if label is not None else None


def _split_prefix(token: str) -> tuple[str | None, str]:
    """Split a stereo prefix off: ('(S)-', '7'); ('', token) without one; None if malformed."""
    bracketed = re.match(r"^\(\s*(?P<inner>[^()]{1,8}?)\s*\)\s*-?\s*(?P<body>.+)$", token)
    if bracketed:
        inner = re.sub(r"\s", "", bracketed.group("inner")).translate(DESCRIPTOR_LOOKALIKES)
        if inner not in STEREO_DESCRIPTORS:
            return None, token
        return f"({inner})-", bracketed.group("body")
    worded = re.match(rf"^(?P<word>{_WORDS})\s?-\s?(?P<body>.+)$", token, re.IGNORECASE)
    if worded:
        return worded.group("word").lower() + "-", worded.group("body")
    return "", token


def _repair_core(body: str) -> str | None:
    """Read '5b', 'Sb', 'l2a', '2la' as number + suffix, fixing digit look-alikes.

    The number part is the longest prefix whose characters are digits or look-alikes; a
    lowercase look-alike ends the number (it may be a real suffix letter, '3o') except
    where `LOWERCASE_DIGIT_LOOKALIKES` says a letter cannot stand.
    """
    core = _CORE.fullmatch(body)
    if core and not (
        len(core.group("suffix")) == MAX_SUFFIX_LETTERS
        and core.group("suffix")[0] in LOWERCASE_DIGIT_LOOKALIKES
    ):
        return body
    number: list[str] = []
    index = 0
    while index < len(body) and len(number) < MAX_NUMBER_DIGITS:
        char = body[index]
        following = body[index + 1] if index + 1 < len(body) else ""
        if char.isdigit():
            number.append(char)
        elif char in DIGIT_LOOKALIKES and (
            char not in LOWERCASE_DIGIT_LOOKALIKES
            or (index == 0 and len(body) <= MAX_SUFFIX_LETTERS)
            or following.isdigit()
            or (following.isalpha() and index + 2 == len(body))
        ):
            number.append(DIGIT_LOOKALIKES[char])
        else:
            break
        index += 1
    if not number:
        return None
    # Look-alikes only ('SO', 'O', 'B') are too weak to call a number, except a lone
    # 'l'/'S'/'Z' and a leading 'l'/'|' ('lO' -> '10'; numbers never start with 0).
    if (
        index == len(body)
        and not any(char.isdigit() for char in body)
        and not (len(body) == 1 and body in "lSZsz|")
        and body[0] not in "l|"
    ):
        return None
    suffix = body[index:]
    if suffix[:1].isalpha():
        suffix = suffix[0] + suffix[1:].translate(SUFFIX_LOOKALIKES)  # '3a0' is '3ao'
    candidate = "".join(number) + suffix
    return candidate if _CORE.fullmatch(candidate) else None


def _range(text: str) -> str | None:
    """'12a-c', '3a-3x', '1-3' as a normalised range, or None.

    Each end is read like a label (look-alikes repaired); together they must make a
    `chemx.labels.grammar.RANGE`, and bare suffix letters need letters to continue.
    """
    match = re.match(r"^(?P<first>\S+?)\s*-\s*(?P<last>\S+)$", text)
    if not match:
        return None
    first = _label_token(match.group("first"))
    if first is None:
        return None
    last_text = match.group("last")
    bare_letters = re.fullmatch(rf"[a-z]{{1,{MAX_SUFFIX_LETTERS}}}", last_text)
    last = last_text if bare_letters else _label_token(last_text)
    if last is None:
        return None
    found = RANGE.fullmatch(f"{first}-{last}")
    if found is None or (bare_letters and not found.group("first_letters")):
        return None
    return found.group()
