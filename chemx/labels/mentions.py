"""Boundary-aware finding of compound labels ("1", "3c", "(S)-7") in sentences.

Text grounding starts from the identifier the visual stage read beside a structure and
looks for every sentence of the paper that names it (seed 002, appendix C.2: identifier
"1" must match "compound 1" but not "DFA1"). Short identifiers are mostly digits, and
digits in chemistry text are mostly *not* compound labels: quantities ("1 h", "10 mol%",
"1.5 equiv."), locants ("4-nitrophenol", "1,6-elimination", "calix[4]arene"), formulae
("Pd(OAc)2", "C1", "1H NMR"), ratios ("4:1"), values ("Ka = 420") and pointers to other
things ("Table 1", "Fig. 1", "ref. 12", "entry 1", "step 1"). A false match attaches the
explanation of another compound to this structure, which is exactly the entity-mismatch
error QC 2 exists to catch (seed 002, table 5: entity match falls from 76% to 35-50%
without precise identifier retrieval), so the matcher refuses whatever is ambiguous.

What counts as a label, and how its prefix, dashes and primes are written, is
`chemx.labels.grammar` (the identifier and the text are both read with it); what is
added here is the context: which occurrences of a label in a sentence name it.

How a sentence is read:

1. It is cut into maximal alphanumeric tokens (with trailing primes), so "DFA1", "1a",
   "10", "C1", "1H", "k2" are whole tokens that simply differ from "1".
2. A token equal to the identifier's core is a mention unless its context says it is a
   quantity or a pointer. The tests, each named by the reason `explain_rejection`
   returns, are listed in `REJECTION_REASONS`; the word lists live in
   `chemx.labels.stop_lists` only (`REFERENCE_KEYWORDS`, `UNITS`, `COUNT_NOUNS`,
   `VALUE_SIGNS`).
3. Ranges are expanded: "2a–2f", "2a–c", "2a-c", "2a – 2c" name 2a, 2b, 2c, ...; "1–3"
   names 1, 2, 3 (at most `chemx.labels.grammar.MAX_RANGE` members, else it is a
   quantity such as "65–92%"). A tilde joins a range ("1~3") between two numbers but is
   "approximately" before one ("~1 h").
4. A bold run whose text is the identifier (or a range containing it) is a strong
   mention whatever its context: authors bold compound labels, and the JATS/MinerU
   parsers keep bold runs as `Sentence.bold_spans`.
5. An identifier that is not a compound label by the grammar ("L1", "S1", "4A",
   "5·HCl": gold files may hold them, the visual stage never returns them) is found as
   a `kind="literal"` mention: a one-word identifier as a whole word that passes the
   context checks, anything else verbatim with alphanumeric boundaries.

Two policy decisions, both conservative:

* **Stereodescriptors.** "(S)-7" in the text matches identifier "(S)-7" exactly. A bare
  "7" matches "(S)-7" too (authors drop the descriptor after the first mention), and
  "(S)-7" in the text matches a structure labelled "7" — but both only as *weak*
  (`kind="core"`) mentions and only when no other identifier of the paper
  (`siblings`) has the same core: if the paper draws both "(R)-7" and "(S)-7", or "7"
  and "(S)-7", a bare or differently prefixed "7" is ambiguous and is not matched.
  Different descriptors ("(R)-7" vs "(S)-7") never match.
* **Letter case.** Suffix letters are matched case-sensitively: "3C" is not "3c". An
  upper-case letter after a number is far more often something else (nuclides "1H",
  "13C"; "2D"/"3D"; "4A" sieves; panel "Fig. 3C") than a re-cased label, so the grammar
  has lowercase suffixes only and an identifier "3C" is found verbatim. The one
  exception is a bold run, where "3C" names "3c" because the bold itself marks a label.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from functools import lru_cache
from typing import Literal

from chemx.labels.grammar import (
    DASH,
    DASHES,
    PRIME,
    PRIMES,
    RANGE,
    STEREO_PREFIX,
    CompoundLabel,
    canonical_prefix,
    fold,
    is_lowercase_roman,
    range_labels,
    range_members,
    read_label,
)
from chemx.labels.stop_lists import COUNT_NOUNS, REFERENCE_KEYWORDS, UNITS, VALUE_SIGNS
from chemx.records import Span

KEYWORD_WINDOW = 80
"""Characters before a token searched for a reference keyword and its list."""
PREFIX_WINDOW = 16
"""Characters before a token searched for its stereo prefix ('( R,S )- ' is 9)."""

REJECTION_REASONS: dict[str, str] = {
    "reference_keyword": "a pointer to a table, figure, scheme, reference, entry, step, pH",
    "unit": "a quantity: a unit or count noun follows ('1 h', '10 mol%', '42 compounds')",
    "decimal": "part of a decimal or a superscript citation ('1.5', 'al.12')",
    "locant": "a locant or name part ('4-nitrophenol', '1,6-', 'crown-6', 'calix[4]')",
    "greek_name": "an index after a Greek letter ('α1β3γ2 receptors', 'Δ9', 'ERβ2')",
    "formula": "a subscript in a formula ('Pd(OAc)2')",
    "ratio": "part of a ratio ('4:1')",
    "value": "a value after a sign ('Ka = 420', '> 50', '~1 h')",
    "thousands": "part of a number with thousands separators ('42 000')",
    "range_member": "inside a range, reported by the range reading instead",
    "stereo_mismatch": "a different or ambiguous stereodescriptor",
    "abbreviation": "a letter of an abbreviation ('i.e.', 'v/v')",
    "enumeration": "a list marker before its item ('(i) glyclauxin C (4) ...')",
}
"""Why a token equal to the identifier is not a mention (see `explain_rejection`)."""

MentionKind = Literal["exact", "range", "bold", "core", "literal"]

# -- regular expressions ---------------------------------------------------------------

_TOKEN = re.compile(rf"[A-Za-z0-9]+{PRIME}*")
_STEREO_BEFORE = re.compile(rf"{STEREO_PREFIX}$")
_KEYWORD_CHAIN = re.compile(
    r"(?<![A-Za-z])(?P<keyword>"
    + "|".join(sorted(REFERENCE_KEYWORDS, key=len, reverse=True))
    + r")"
    rf"\.?\s*(?:S?\d+[A-Za-z]?\s*(?:,\s*(?:and|or)|,|;|&|and|or|to|{DASH})\s*)*\(?$",
    re.IGNORECASE,
)
_UNIT_AFTER = re.compile(
    r"^\s?(?:"
    + "|".join(re.escape(u) for u in sorted((*UNITS, *COUNT_NOUNS), key=len, reverse=True))
    + r")(?![A-Za-z0-9])"
)
_QUANTITY_RANGE_AFTER = re.compile(rf"^\s*(?:{DASH}|to)\s*\d+(?:\.\d+)?" + _UNIT_AFTER.pattern[1:])
_THOUSANDS_AFTER = re.compile(r"^[ \u2009\u202f\u00a0]\d{3}(?!\d)")
_THOUSANDS_BEFORE = re.compile(r"(?<![\d.,])\d{1,3}[ \u2009\u202f\u00a0]$")
_LOCANT_CLUSTER_AFTER = re.compile(rf"^(?:,\d+{PRIME}?)*{DASH}(?=[A-Za-z(\[])")
_RANGE_START_BEFORE = re.compile(rf"\d[a-z]?\s*{DASH}\s*$")


class Mention(Span):
    """One place in a sentence that names the identifier.

    `start`/`end`/`text` locate the matched text (for a range, the whole range); `kind`
    says how it was read and `strong` whether it is certain (exact, bold or a verbatim
    `literal` match of an identifier that is not a compound label) rather than a
    descriptor-less reading (`core`).
    """

    kind: MentionKind
    strong: bool


@lru_cache(maxsize=4096)
def parse_identifier(identifier: str) -> CompoundLabel | None:
    """Read an identifier ("(3c)", "compound 3c", "(S)‐7") as a compound label.

    Returns None for text that is not a single compound label by the grammar (the
    matcher then falls back to an exact, boundary-checked substring search).

    >>> parse_identifier("compound (S)‐7"), parse_identifier("[Cu(L1)Cl2]")
    (CompoundLabel(prefix='(S)-', core='7'), None)
    """
    return read_label(identifier)


def _token_prefix(text: str, start: int) -> re.Match[str] | None:
    """The stereo prefix printed right before a token ("(S)-", "rac-"), if any."""
    return _STEREO_BEFORE.search(text, max(0, start - PREFIX_WINDOW), start)


def explain_rejection(text: str, start: int, end: int) -> str | None:
    """Why the number-like token text[start:end] is not a compound label, or None.

    The reason is a key of `REJECTION_REASONS`. Only the context is judged here; whether
    the token equals the identifier is the caller's business.
    """
    before = text[:start]
    after = text[end:]
    previous = before[-1:] if before else ""
    if is_lowercase_roman(text[start:end]):  # a lowercase Roman numeral
        reason = _lowercase_roman_rejection(before, after)
        if reason:
            return reason
    # immediate left neighbour
    if previous == ".":
        return "decimal"
    if previous and previous in ")]":
        return "formula"
    if previous == "[" or after.startswith("]"):
        return "locant"
    if previous and previous.isalpha() and not previous.isascii():
        return "greek_name"  # "(S)-3 bound α1β3γ2 receptors": the β3 subunit (blind-60)
    if previous == ":" and before[-2:-1].isdigit():
        return "ratio"
    if (
        previous == ","
        and before[-2:-1].isdigit()
        and (_LOCANT_CLUSTER_AFTER.match(after) or (after[:1] and after[0] in DASHES))
    ):
        return "locant"
    if previous == "~" and not before[-2:-1].isalnum():
        return "value"  # '~1 h': a tilde joins a range ('1~3') but before a number is 'about'
    if previous and previous in DASHES:
        return "range_member" if _RANGE_START_BEFORE.search(before) else "locant"
    if _RANGE_START_BEFORE.search(before):
        return "range_member"
    # immediate right neighbour
    if after[:1] == "." and after[1:2].isdigit():
        return "decimal"
    if after[:1] == ":" and after[1:2].isdigit():
        return "ratio"
    if _LOCANT_CLUSTER_AFTER.match(after):
        return "locant"
    if after[:1] and after[0] in DASHES and after[1:2].isdigit():
        return "range_member"
    if after[:1] and after[0] in "%‰°":
        return "unit"
    # words around
    stripped = before.rstrip()
    if stripped[-1:] and stripped[-1] in VALUE_SIGNS:
        return "value"
    token = text[start:end]
    if (len(token) == 3 and token.isdigit() and _THOUSANDS_BEFORE.search(before)) or (
        token.isdigit() and _THOUSANDS_AFTER.match(after)
    ):
        return "thousands"
    if _KEYWORD_CHAIN.search(before[-KEYWORD_WINDOW:]):
        return "reference_keyword"
    if _UNIT_AFTER.match(after) or (token.isdigit() and _QUANTITY_RANGE_AFTER.match(after)):
        return "unit"  # "5 to 10 mg"; not "shifts the absorption of 2a to 721 nm" (blind-60)
    return None


_ENUMERATION_AFTER = re.compile(r"^\)\s+[A-Za-z]")


def _lowercase_roman_rejection(before: str, after: str) -> str | None:
    """Why a lowercase Roman numeral is no label here: 'i.e.', 'v/v', a list marker.

    "(i) glyclauxin C (4) as ..., (ii) ...": a bracketed numeral followed by words marks
    a list; "N-acetylglucosamine (i)." names compound i. Ambiguous uses ("the glucoside
    (i) was dissolved") are refused with the lists, as the module refuses what is unsure.
    """
    if after[:1] == "." and after[1:2].isalpha():
        return "abbreviation"
    if after[:1] == "/" or before[-1:] == "/":
        return "abbreviation"
    if before.rstrip()[-1:] == "(" and _ENUMERATION_AFTER.match(after):
        return "enumeration"
    return None


def _bold_label(text: str) -> CompoundLabel | None:
    """A bold run read as a label, its suffix letters in either case ('3C' is '3c')."""
    return parse_identifier(text) or parse_identifier(
        re.sub(r"(?<=[0-9])[A-Z]{1,2}(?![A-Za-z])", lambda found: found.group().lower(), text)
    )


def _bold_mentions(target: CompoundLabel, bold_spans: Sequence[Span]) -> list[Mention]:
    mentions: list[Mention] = []
    for span in bold_spans:
        parsed = _bold_label(span.text.strip())
        if parsed is not None and parsed.text.casefold() == target.text.casefold():
            mentions.append(
                Mention(start=span.start, end=span.end, text=span.text, kind="bold", strong=True)
            )
            continue
        members = range_labels(fold(span.text.strip().strip("()")))
        if members is not None and target.core in members and not target.prefix:
            mentions.append(
                Mention(start=span.start, end=span.end, text=span.text, kind="bold", strong=True)
            )
    return mentions


def _stereo_match(
    target: CompoundLabel, token_prefix: str, siblings: Sequence[CompoundLabel]
) -> MentionKind | None:
    """'exact' for the same descriptor, 'core' for an unambiguous missing one, else None."""
    if token_prefix == target.prefix:
        return "exact"
    same_core = [s for s in siblings if s.core == target.core and s.text != target.text]
    if target.prefix and token_prefix:
        return None  # (R)-7 is not (S)-7
    if same_core:
        return None  # the paper has another "7": a bare or re-prefixed 7 is ambiguous
    return "core"


def find_mentions(
    identifier: str,
    sentence_text: str,
    bold_spans: Sequence[Span] = (),
    *,
    siblings: Iterable[str] = (),
) -> list[Mention]:
    """Every place in `sentence_text` that names `identifier`, in text order.

    Args:
        identifier: the structure's label as the visual stage read it ("3c", "(S)-7").
        sentence_text: one sentence.
        bold_spans: bold runs of the sentence (offsets into it); a run that spells the
            identifier is a strong mention even where the context checks would refuse.
        siblings: the other identifiers of the same paper, used only to decide whether a
            descriptor-less "7" can safely mean "(S)-7" (see the module docstring).

    Returns:
        Mentions (non-overlapping, sorted by start). Empty when the identifier is empty.

    >>> [m.text for m in find_mentions("1", "In DFA1 cells, 1 (10 µM, 1 h) was active.")]
    ['1']
    """
    target = parse_identifier(identifier)
    if target is None:
        return _literal_mentions(identifier.strip(), sentence_text, bold_spans)
    others = [p for s in siblings if (p := parse_identifier(s)) is not None]
    mentions = _bold_mentions(target, bold_spans)
    taken = [(m.start, m.end) for m in mentions]

    def free(start: int, end: int) -> bool:
        return all(end <= s or start >= e for s, e in taken)

    for token in _TOKEN.finditer(sentence_text):
        if fold(token.group()) != target.core:
            continue
        start, end = token.start(), token.end()
        prefix_found = _token_prefix(sentence_text, start)
        prefix = (
            canonical_prefix(prefix_found.group("descriptor"), prefix_found.group("word"))
            if prefix_found
            else ""
        )
        kind = _stereo_match(target, prefix, others)
        if kind is None:
            continue
        if prefix_found is not None:
            start -= len(prefix_found.group())
        if explain_rejection(sentence_text, start, end) is not None:
            continue
        if free(start, end):
            strong = kind == "exact"
            mentions.append(
                Mention(
                    start=start, end=end, text=sentence_text[start:end], kind=kind, strong=strong
                )
            )
            taken.append((start, end))
    if not target.prefix and target.number is not None:
        for found in RANGE.finditer(sentence_text):
            members = range_members(found)
            if not members or target.core not in members:
                continue
            start, end = found.start(), found.end()
            if _token_boundary_blocked(sentence_text, start, end):
                continue
            if free(start, end):
                mentions.append(
                    Mention(
                        start=start,
                        end=end,
                        text=sentence_text[start:end],
                        kind="range",
                        strong=True,
                    )
                )
                taken.append((start, end))
    return sorted(mentions, key=lambda m: m.start)


def _token_boundary_blocked(text: str, start: int, end: int) -> bool:
    """Whether a range text[start:end] is glued to other characters or is a quantity."""
    if start > 0 and (text[start - 1].isalnum() or text[start - 1] in PRIMES):
        return True
    if end < len(text) and text[end] in PRIMES:
        return True
    reason = explain_rejection(text, start, end)
    return reason is not None and reason != "range_member"


def _literal_mentions(identifier: str, text: str, bold_spans: Sequence[Span]) -> list[Mention]:
    """Occurrences of an identifier that is not a compound label, as `literal` mentions.

    One that is a word of text ("L1", "S1", "4A") is found as a whole word whose context
    passes `explain_rejection` ("S1" is not in "Table S1"); anything else ("5·HCl",
    "[Cu(L1)Cl2]") verbatim, not glued to letters or digits.
    """
    if not identifier:
        return []
    mentions = [
        Mention(start=s.start, end=s.end, text=s.text, kind="bold", strong=True)
        for s in bold_spans
        if s.text.strip().casefold() == identifier.casefold()
    ]
    if _TOKEN.fullmatch(identifier):
        word = fold(identifier)
        found = [
            (token.start(), token.end())
            for token in _TOKEN.finditer(text)
            if fold(token.group()) == word
            and explain_rejection(text, token.start(), token.end()) is None
        ]
    else:
        found = [
            (match.start(), match.end())
            for match in re.finditer(re.escape(identifier), text)
            if not (match.start() > 0 and text[match.start() - 1].isalnum())
            and not (match.end() < len(text) and text[match.end()].isalnum())
        ]
    for start, end in found:
        if any(m.start <= start < m.end for m in mentions):
            continue
        mentions.append(
            Mention(start=start, end=end, text=text[start:end], kind="literal", strong=True)
        )
    return sorted(mentions, key=lambda m: m.start)


def mentions_any(
    identifiers: Iterable[str],
    sentence_text: str,
    bold_spans: Sequence[Span] = (),
    *,
    siblings: Iterable[str] = (),
) -> set[str]:
    """Which of `identifiers` the sentence names (used for the other compounds of a paper)."""
    pool = tuple(siblings)
    return {
        identifier
        for identifier in identifiers
        if find_mentions(identifier, sentence_text, bold_spans, siblings=pool)
    }


CLASS_NOUN_LABEL = re.compile(
    r"\b(?:compounds?|products?|substrates?|analogues?|analogs?|derivatives?|adducts?|"
    r"esters?|amides?|amines?|ketones?|alcohols?|acids?|anilines?)\s+(?P<label>[^\s,;:.]+)",
    re.IGNORECASE,
)
"""A compound label after its class noun ("product 20", "compound 17", "aniline 3c")."""


def labels_after_class_nouns(text: str) -> set[str]:
    """The compound labels `text` names after a class noun ("product 20" -> {"20"}).

    A label so introduced is a compound whatever the paper's other labels are: the
    generator uses it to see which other compound an effect compares with.
    """
    found = set()
    for match in CLASS_NOUN_LABEL.finditer(text):
        label = read_label(match["label"].strip("()[]"))  # the grammar, no OCR repairs
        if label is not None:
            found.add(label.text)
    return found
