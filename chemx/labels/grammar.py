"""What a compound label is: the one definition that reading and finding labels share.

A compound label is how a paper names a drawn structure ("3c", "(S)-7", "12a'").
Two stages handle labels: the visual stage reads one beside each drawing from noisy OCR
or VLM text (`chemx.labels.normalise`), and text grounding finds the sentences that
name it (`chemx.labels.mentions`). Both build on the patterns here, so a printed string
is a label for one exactly when it is for the other.

A label is ``[stereo prefix] core [primes]``:

=============  ===================================================  ================
part           written                                              canonical
=============  ===================================================  ================
core           a number 1-999 and up to two lowercase letters,      ``3c``, ``3aa``,
               or a Roman numeral I-XXXIX (catalytic cycles)        ``IV``,
               or a lowercase one i-ix (biosynthetic intermediates) ``iv``
stereo prefix  a descriptor in brackets (`STEREO_DESCRIPTORS`:      ``(S)-``,
               R, S, RS, R,S, S,R, R,R, S,S, E, Z, P, M, ±, +, -)   ``(R,S)-``,
               and an optional dash, or a word (`STEREO_WORDS`,     ``rac-``
               any case) and a dash
primes         ' ′ ’ ` ´ ‘ ʹ count one, ″ ” ʺ two, ‴ three, ⁗ four  ``'`` each
=============  ===================================================  ================

Every dash in `DASHES` (hyphens, en and em dashes, the minus sign and the tilde of
East Asian typesetting, "1~3") reads as "-". Around a label, and never part of it
(`strip_decoration`): a leading word ("compound", "cpd.", "cmpd.", "no.", "nr.", "#"),
emphasis ("**", "__", "<b>", a "*" at either end), one layer of brackets and trailing
punctuation. A range ("12a-c", "3a-3f", "1-3") is a numbered label, a dash and a
numbered label or bare suffix letters: it names several compounds, never one
(`RANGE`, `range_members`).

>>> read_label("compound (S)–7′").text, read_label("Rac-3").text, read_label("IV").text
("(S)-7'", 'rac-3', 'IV')
>>> read_label("4A") is None, read_label("L1") is None, read_label("12a-c") is None
(True, True, True)
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass

MAX_NUMBER_DIGITS = 3
"""Compound numbers run to a few hundred at most; longer digit runs are years or masses."""
MAX_SUFFIX_LETTERS = 2
"""'3a'..'3z' and 'aa'-style pairs ('3aa' in RxnScribe's Rh cycle); three letters are words."""
MAX_RANGE = 20
"""A range names at most this many compounds; wider numeric ones ("65–92") are quantities."""

DASHES = "-‐‑‒–—―−~"
"""Characters that join a stereo prefix or the two ends of a range, all read as '-'."""
PRIMES: dict[str, int] = {
    **dict.fromkeys("'′’`´‘ʹ", 1),
    **dict.fromkeys("″”ʺ", 2),
    "‴": 3,
    "⁗": 4,
}
"""Prime characters and how many primes each stands for; a label writes them as "'"."""
STEREO_DESCRIPTORS = ("R,S", "S,R", "R,R", "S,S", "RS", "R", "S", "E", "Z", "P", "M", "±", "+", "-")
"""What may stand in the brackets of a stereo prefix: CIP (R/S), alkene (E/Z), axial
and helical (P/M) descriptors and optical rotation (±, +, -)."""
STEREO_WORDS = ("rac", "ent", "meso", "cis", "trans")
"""Words that prefix a label with a dash ('rac-3'); written in lowercase in a label."""
COMPOUND_WORDS = r"compounds?|cpds?\.?|cmpds?\.?"
"""The words that name a label as a compound ('compound 3c', 'cpd. 3')."""
PREFIX_WORDS = re.compile(
    rf"^(?:{COMPOUND_WORDS}|no\.?(?=\s*\d)|nr\.?(?=\s*\d)|#)\s*", re.IGNORECASE
)
"""Words before a label that name it as a compound ('compound 3c', 'no. 3', '#3')."""
EMPHASIS = re.compile(r"^\*+|\*+$|</?(?:b|bold|strong)>|\*\*|__", re.IGNORECASE)
"""Bold and italic markers around a label; a lone '*' inside ('(R*)-3') is kept."""
BRACKETS = {"(": ")", "[": "]", "{": "}"}
TRAILING_PUNCTUATION = ".,;:*"
"""Sentence punctuation and footnote marks after a label ('3c.', '3c*')."""

DASH = f"[{re.escape(DASHES)}]"
"""Pattern of one dash, for text that is not folded."""
PRIME = f"[{re.escape(''.join(PRIMES))}]"
"""Pattern of one prime character, for text that is not folded."""
NUMBER = rf"[1-9][0-9]{{0,{MAX_NUMBER_DIGITS - 1}}}"
"""The number of a label: compounds are never numbered 0."""
LETTERS = rf"[a-z]{{0,{MAX_SUFFIX_LETTERS}}}"
"""The suffix letters of a label: lowercase ('4A' is molecular sieves, '13C' a nuclide)."""
ROMAN = r"(?=[IVX])X{0,3}(?:IX|IV|V?I{0,3})"
"""A Roman numeral I-XXXIX, as catalytic cycles and intermediates are numbered."""
ROMAN_LOWER = r"(?=[iv])(?:ix|iv|v?i{0,3})"
"""A lowercase Roman numeral i-ix: natural-product papers number the intermediates of a
biosynthetic pathway so ("intermediate iv"). No 'x': it is the multiplication sign."""
_LOWERCASE_ROMAN = re.compile(ROMAN_LOWER)


def is_lowercase_roman(text: str) -> bool:
    """Whether `text` is exactly a lowercase Roman numeral label ('iv'; not 'x', not '1v')."""
    return _LOWERCASE_ROMAN.fullmatch(text) is not None


_DESCRIPTOR = "|".join(
    DASH if descriptor == "-" else re.escape(descriptor).replace(",", r"\s?,\s?")
    for descriptor in STEREO_DESCRIPTORS
)
STEREO_PREFIX = (
    rf"(?<![A-Za-z0-9])(?:\(\s*(?P<descriptor>{_DESCRIPTOR})\s*\)\s?{DASH}?\s?"
    rf"|(?P<word>(?i:{'|'.join(STEREO_WORDS)}))\s?{DASH}\s?)"
)
"""Pattern of a stereo prefix with its joining dash, as printed: groups 'descriptor' and
'word'. It starts a word: '(S)' in 'Pd(S)2' or 'ent' in 'solvent-3' is no prefix."""
LABEL = re.compile(
    rf"(?:{STEREO_PREFIX})?(?P<core>(?P<number>{NUMBER})(?P<letters>{LETTERS})|{ROMAN}|{ROMAN_LOWER})"
    r"(?P<primes>'*)"
)
"""A whole label, on text with dashes and primes folded (match it with `fullmatch`)."""
RANGE = re.compile(
    rf"(?<![0-9])(?P<first>(?P<first_number>{NUMBER})(?P<first_letters>{LETTERS}))\s*{DASH}\s*"
    rf"(?P<last>(?P<last_number>{NUMBER})?(?P<last_letters>{LETTERS}))(?![A-Za-z0-9])"
)
"""A range as printed ('2a–2f', '2a-c', '1–3', '2a – 2c'); `range_members` says which
compounds it names, if any."""

_FOLD = str.maketrans({**dict.fromkeys(DASHES, "-"), **{c: "'" * n for c, n in PRIMES.items()}})


@dataclass(frozen=True)
class CompoundLabel:
    """A label split into its stereo prefix and its core, both in canonical spelling."""

    prefix: str
    """'(S)-', 'rac-' or ''."""
    core: str
    """The rest, primes included ('3c', "3c'", 'II'): what a word of text must equal."""

    @property
    def text(self) -> str:
        """The whole label ('(S)-7')."""
        return self.prefix + self.core

    @property
    def number(self) -> int | None:
        """The number of a '12a'-style core without primes, else None."""
        found = _NUMBERED_CORE.fullmatch(self.core)
        return int(found.group("number")) if found else None

    @property
    def letters(self) -> str:
        """The suffix letters of a '12a'-style core ('' for '12' or a Roman numeral)."""
        found = _NUMBERED_CORE.fullmatch(self.core)
        return found.group("letters") if found else ""


_NUMBERED_CORE = re.compile(rf"(?P<number>{NUMBER})(?P<letters>{LETTERS})")


def fold(text: str) -> str:
    """Every dash as '-' and every prime as "'" (one per prime it stands for)."""
    return text.translate(_FOLD)


def canonical_text(text: str) -> str:
    """NFKC-normalised text with dashes and primes folded.

    Primes are folded before NFKC as well, because NFKC turns '´' into a space and a
    combining accent.
    """
    return fold(unicodedata.normalize("NFKC", fold(text)))


def strip_outer_brackets(text: str) -> str:
    """Remove one pair of brackets enclosing the whole text ('(3c)'), not '(S)-7'."""
    if len(text) >= 2 and text[0] in BRACKETS and text[-1] == BRACKETS[text[0]]:
        depth = 0
        for index, char in enumerate(text):
            if char == text[0]:
                depth += 1
            elif char == BRACKETS[text[0]]:
                depth -= 1
                if depth == 0 and index < len(text) - 1:
                    return text  # the first bracket closes early: '(S)-(7)'
        return text[1:-1].strip()
    return text


def strip_decoration(text: str) -> str:
    """Canonical text without what may surround a label (see the module docstring).

    >>> strip_decoration("  compound **3c′**. ")
    "3c'"
    """
    text = EMPHASIS.sub("", canonical_text(text).strip())
    text = re.sub(r"\s+", " ", text).strip()
    text = PREFIX_WORDS.sub("", text).strip()
    text = text.rstrip(TRAILING_PUNCTUATION + " ")
    return strip_outer_brackets(text)


def canonical_prefix(descriptor: str | None, word: str | None) -> str:
    """The prefix that a `STEREO_PREFIX` match spells: '(R,S)-', 'rac-' or ''."""
    if descriptor:
        return "(" + fold(re.sub(r"\s", "", descriptor)) + ")-"
    if word:
        return word.lower() + "-"
    return ""


def read_label(text: str) -> CompoundLabel | None:
    """The label that `text` spells once its decoration is stripped, else None."""
    found = LABEL.fullmatch(strip_decoration(text))
    if found is None:
        return None
    prefix = canonical_prefix(found.group("descriptor"), found.group("word"))
    return CompoundLabel(prefix=prefix, core=found.group("core") + found.group("primes"))


def is_label(text: str) -> bool:
    """Whether `text` is one compound label in canonical spelling (as a label is stored)."""
    parsed = read_label(text)
    return parsed is not None and parsed.text == text


def range_labels(text: str) -> list[str] | None:
    """The labels a whole-string range names ("2a-c", "1-3", "12a-12f"), or None."""
    found = RANGE.fullmatch(text.strip())
    return range_members(found) if found else None


def range_members(found: re.Match[str]) -> list[str] | None:
    """The labels a `RANGE` match names, or None when it is no plausible compound series.

    A letter range keeps its number ('2a–c', '2a–2c': 2a, 2b, 2c); a number range has no
    letters ('1–3'); either runs forwards over at most `MAX_RANGE` members.

    >>> range_members(RANGE.fullmatch("2a–c")), range_members(RANGE.fullmatch("65–92"))
    (['2a', '2b', '2c'], None)
    """
    first, first_letters = int(found.group("first_number")), found.group("first_letters")
    last_number, last_letters = found.group("last_number"), found.group("last_letters")
    if len(first_letters) > 1 or len(last_letters) > 1:
        return None
    if first_letters:
        if last_number is not None and int(last_number) != first:
            return None
        if not last_letters or last_letters <= first_letters:
            return None
        span = ord(last_letters) - ord(first_letters)
        if span > MAX_RANGE:
            return None
        return [f"{first}{chr(ord(first_letters) + i)}" for i in range(span + 1)]
    if last_number is None or last_letters:
        return None
    last = int(last_number)
    if not first < last <= first + MAX_RANGE:
        return None
    return [str(n) for n in range(first, last + 1)]
