"""Small text helpers shared by extraction, the anti-shortcut checks and the judges.

Everything here is deliberately crude and deterministic: content words are lower-cased
word tokens minus stop words, reduced to a rough stem, so that "fluorine" and
"fluorines", or "stabilises" and "stabilise", compare equal. They are used to ask
"does text A name the words of text B" (stem leakage, evidence support, same effect),
never to understand chemistry.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from chemx.labels import find_mentions

WORD = re.compile(r"[A-Za-z][A-Za-z0-9′'\-]*[A-Za-z0-9]|[A-Za-z]")
"""A word token: letters first, then letters, digits, primes and inner hyphens."""


def wordlist(text: str) -> frozenset[str]:
    """The whitespace-separated words of a block of text (for the word lists below)."""
    return frozenset(text.split())


STOP_WORDS = wordlist(
    """
    a an the of in on at to for from by with without into onto over under than then and or
    but nor so as is are was were be been being it its this that these those their there
    which who whom whose what when where why how not no only also very more most less least
    both each other such same own single one two three four five six has have had do does did can
    cannot could may might must shall should will would we our they them he she his her i
    you your
    """
)
"""Function words that carry no content."""

GENERIC_STRUCTURE_WORDS = wordlist(
    """
    group groups ring rings moiety moieties unit units substituent substituents atom atoms
    structure structures compound compounds molecule molecules fragment fragments position
    positions site sites part feature features
    """
)
"""Structural head nouns too generic to count as naming a feature: a stem that says
"ring" does not leak which ring. Used only by the stem-leak check (see
`chemx.qc.anti_shortcut`)."""

_SUFFIXES = (
    "ations",
    "ation",
    "ising",
    "izing",
    "ised",
    "ized",
    "ises",
    "izes",
    "ise",
    "ize",
    "ing",
    "ies",
    "es",
    "ed",
    "s",
    "e",
)
_MIN_STEM = 4


def words(text: str) -> list[str]:
    """The word tokens of `text`, lower-cased, in order."""
    return [match.group(0).lower() for match in WORD.finditer(text)]


ROOT_MIN_LENGTH = 6
"""A feature stem this long is named by a word that starts with all of it but its last
letter ('hydroxyl' by 'hydroxyacetyl', 'methyl' by 'methylene')."""


def named_by_root(stems: Iterable[str], parts: Iterable[str]) -> set[str]:
    """The `stems` that one of the word `parts` begins with, all but its last letter.

    A substituent prefix inside a longer name: "hydroxyacetyl" names the hydroxyl group.
    """
    lowered = [part.lower() for part in parts]
    return {
        s
        for s in stems
        if len(s) >= ROOT_MIN_LENGTH and any(part.startswith(s[:-1]) for part in lowered)
    }


def stem(word: str) -> str:
    """A rough stem: the longest listed suffix is cut while at least 4 letters remain.

    British and American spellings meet ("stabilise"/"stabilize" -> "stabil"), and
    plural/verb endings disappear ("fluorines" -> "fluorin", "fluorine" -> "fluorin").
    """
    word = word.lower().replace("′", "'")
    for suffix in _SUFFIXES:
        if word.endswith(suffix) and len(word) - len(suffix) >= _MIN_STEM:
            return word[: -len(suffix)]
    return word


def content_stems(text: str, *, drop: Iterable[str] = ()) -> set[str]:
    """Stems of the content words of `text` (stop words and `drop` words removed)."""
    dropped = STOP_WORDS | frozenset(drop)
    return {stem(w) for w in words(text) if w not in dropped and len(w) > 1}


def coverage(part: str, whole: str, *, drop: Iterable[str] = ()) -> float:
    """Share of `part`'s content stems that occur in `whole` (1.0 when `part` has none)."""
    mine = content_stems(part, drop=drop)
    if not mine:
        return 1.0
    return len(mine & content_stems(whole, drop=drop)) / len(mine)


def overlap(a: str, b: str, *, drop: Iterable[str] = ()) -> float:
    """Overlap coefficient of two texts' content stems: |A & B| / min(|A|, |B|)."""
    first, second = content_stems(a, drop=drop), content_stems(b, drop=drop)
    if not first or not second:
        return 0.0
    return len(first & second) / min(len(first), len(second))


def jaccard(a: str, b: str, *, drop: Iterable[str] = ()) -> float:
    """Jaccard similarity of two texts' content stems."""
    first, second = content_stems(a, drop=drop), content_stems(b, drop=drop)
    if not first and not second:
        return 1.0
    return len(first & second) / len(first | second)


def squash(text: str) -> str:
    """Whitespace collapsed and stripped."""
    return " ".join(text.split())


def capitalise(text: str) -> str:
    """First character upper-cased (the rest untouched: 'pKa', 'N-methyl' stay)."""
    return text[:1].upper() + text[1:] if text else text


PROPER_WORDS = wordlist(
    """
    Lewis Michael Hammett Friedel Grignard Wittig Suzuki Heck Diels Buchwald Evans Alloc
    Troc Fmoc Mannich Aldol Stille Negishi Sonogashira Curtin Thorpe Baldwin Bürgi Brønsted
    Bronsted Ingold Hünig Hunig Tröger Troger Meldrum Schiff Weinreb Wilkinson Grubbs Hoveyda
    Crabtree Noyori Sharpless Jacobsen Corey Claisen Cope Birch Swern Mitsunobu Ullmann
    Hartwig Kumada Knoevenagel Horner Wadsworth Emmons Staudinger Baeyer Villiger Pictet
    Spengler Förster Forster Dexter Marcus Hammond Bredt Hückel Huckel Kasha Lipinski Veber
    Eyring Arrhenius Stokes Ellman Davis Tsuji Trost Fischer Boc Cbz
    """
)
"""Names that keep their capital inside a sentence: reactions, rules and effects named after
chemists ('Mannich base', 'Thorpe–Ingold effect', 'Förster transfer') and protecting groups."""
_NAME_PART = re.compile(r"[-‐‑–—'’]")


def decapitalise(text: str) -> str:
    """First character lower-cased unless the first word is a symbol, formula or name.

    'NH', 'C5', 'AgOAc', 'CsF' (a capital inside the word), 'N-methyl', 'C–H' (a
    single capital before a dash: an element locant) and 'C. auris' (a genus abbreviated
    to its capital) keep their case, and so does a
    chemist's name ('Mannich-base side chain', "Tröger's base"; `PROPER_WORDS`).
    """
    if not text:
        return text
    first = text.split()[0]
    if _NAME_PART.split(first, maxsplit=1)[0] in PROPER_WORDS:
        return text
    if len(first) > 1 and (
        any(c.isupper() for c in first[1:])
        or any(c.isdigit() for c in first)
        or first[1] in "-‐‑–—."
    ):
        return text  # 'C. auris': a genus abbreviated to its capital keeps it
    return text[:1].lower() + text[1:]


def names_label(text: str, label: str) -> bool:
    """Whether `text` names the compound label `label` ('2a', '(S)-4').

    Text grounding's boundary-aware matcher (`chemx.labels.find_mentions`) decides, so
    "1" is not found in "20:1 rr", "1.5 equiv" or "Table 1" here either.
    """
    return bool(label) and bool(find_mentions(label, text))


BOND_NAME = re.compile(r"(?<![A-Za-z])(?:[CNOSP][–=≡-][HCNOSF]|[CNOSP]–[A-Z][a-z]?)(?![a-z])")
"""A bond named by its atoms ('N–H', 'C=O', 'C–F'): a structural feature."""


def _bond_token(match: re.Match[str]) -> str:
    """'N-H', 'N–H' -> 'n–h': one word, whichever dash the paper typed."""
    return match.group(0).lower().replace("-", "–")


def distinctive_stems(phrase: str) -> set[str]:
    """Stems of a feature phrase without generic words; hyphenated parts count alone.

    "N-methyl group" -> {"methyl"}, "Methylation of the bridging nitrogen" ->
    {"methyl", "bridg", "nitrogen"}: so they are recognised as the same feature. A bond
    named by its atoms is one word ("the amide N–H" -> {"amid", "n–h"}), else its
    one-letter halves would drop out and "removes an N–H donor" would not name it.
    """
    bonds = {_bond_token(match) for match in BOND_NAME.finditer(phrase)}
    parts = re.split(r"[\s\-–/()]+", BOND_NAME.sub(" ", phrase).lower())
    return bonds | {
        stem(part)
        for part in parts
        if len(part) > 1
        and part not in STOP_WORDS
        and part not in GENERIC_STRUCTURE_WORDS
        and not part.isdigit()
    }


def before_unopened_bracket(phrase: str) -> str:
    """The phrase up to a bracket it did not open: "(bearing a 7-OMe moiety) proved"."""
    depth = 0
    for index, char in enumerate(phrase):
        depth += (char in "([") - (char in ")]")
        if depth < 0:
            return phrase[:index]
    return phrase


VOWEL_SOUND_LETTERS = frozenset("aefhilmnorsx")
"""Letters whose names open on a vowel sound: 'an n–π* triplet', 'an sp3 carbon'."""
_CONSONANT_U = re.compile(r"^u[^aeiou][aeiou]", re.I)
"""A 'u' read 'you': 'urea', 'uniform', 'usual' (not 'unsubstituted', 'ultraviolet')."""


def article_for(word: str) -> str:
    """'a' or 'an' before `word`, by the sound it opens on (a symbol by its letter's name)."""
    letter = word[:1].lower()
    if len(word) == 1 or not word[1:2].isalpha():  # a symbol: 'n–π*', 'sp3'
        return "an" if letter in VOWEL_SOUND_LETTERS else "a"
    return "an" if letter in "aeiou" and not _CONSONANT_U.match(word) else "a"


_BARE_A = re.compile(r"\b([Aa]) (?=(?P<word>\w\S*))")


def articles_fixed(text: str) -> str:
    """'a' made 'an' where the next word opens on a vowel sound ('of a aminobenzothiazole').

    An edit that drops a locant leaves the 'a' the paper wrote before it.
    """
    return _BARE_A.sub(lambda m: f"{m[1]}n " if article_for(m["word"]) == "an" else m[0], text)
