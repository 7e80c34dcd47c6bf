"""A sentence made ready for the clause grammar: references and adverbials out.

References, citations and discourse adverbials leave, and so does the final stop.

Separate from `chemx.generation.clauses` (the word classes and the root-verb reading),
which re-exports `normalise`: what is dropped here carries no clause structure, and left
in, its commas and brackets would hide a verb from its subject.
"""

from __future__ import annotations

import re

from chemx.generation.text import wordlist

LEADING_DISCOURSE = re.compile(
    r"^(?:however|notably|interestingly|importantly|indeed|moreover|furthermore|in addition|"
    r"additionally|in contrast|by contrast|in particular|generally|overall|noteworthy|"
    r"surprisingly|gratifyingly|unfortunately|also|finally|similarly|likewise|again|"
    r"in this case|in this context|in summary|taken together|as expected|as a result|"
    r"as a consequence|consequently|accordingly|in turn|"
    r"we (?:therefore |thus )?(?:reason|propose|suggest|believe|think|speculate|postulate|"
    r"hypothesi[sz]e|surmise)(?:d)? that),?\s+",
    re.IGNORECASE,
)
REFERENCE_PARENTHESIS = re.compile(
    r"\s*\((?:see\s+)?(?:Fig(?:ure)?s?\.?|Schemes?|Tables?|entr(?:y|ies)|Supplementary|SI\b|"
    r"ESI|ref\.?|refs\.?|Chart|eq\.?|Equation)[^()]*(?:\([^()]*\)[^()]*)*\)",
    re.IGNORECASE,
)
CITATION = re.compile(r"\s*\[\s*\d+(?:\s*[,–-]\s*\d+)*\s*\]")
FINAL_CITATION = re.compile(r"(?<=[a-z]{3})\.\d{1,3}(?:[,–-]\d{1,3})*$")
"""A superscript citation after the final stop ('dissolution.7'): dropped with the stop."""

INNER_DISCOURSE = re.compile(
    r",\s*(?:however|therefore|thus|though|moreover|indeed|in turn|in contrast|by contrast|"
    r"in addition|furthermore|nevertheless|nonetheless|instead|likewise|again)\s*,\s*",
    re.IGNORECASE,
)
"""A discourse adverbial set off by commas inside a clause ('Its ee, however, dropped'):
it carries no clause structure, and its commas hide the verb from its subject."""


FRONTED_PREPOSITIONS = wordlist(
    "against in under at for with on upon after during unlike compared across within"
)
"""Words that open a fronted adverbial ('Against S. aureus, however, 1d was ...')."""


def _discourse_gap(match: re.Match[str]) -> str:
    """What a discourse adverbial leaves: a space, or a comma after a fronted adverbial.

    "Its ee, however, dropped" reads "Its ee dropped"; "Against S. aureus, however, 1d
    was more active" keeps the comma that ends its adverbial ("S. aureus 1d" would read
    as a name and its label).
    """
    before = re.split(r"[.;:]\s+(?=[A-Z])|\bthat\s+", match.string[: match.start()])[-1]
    first = before.split()[0].lower() if before.split() else ""
    return ", " if first in FRONTED_PREPOSITIONS else " "


DEGREE_IN_CAUSE_MARKER = re.compile(
    r"\b(?P<marker>due|owing|attributed|attributable|ascribed)\s+"
    r"(?:(?:at\s+least\s+)?in\s+(?:large\s+|small\s+)?part|largely|mainly|partly|"
    r"primarily|chiefly|mostly|entirely|solely)\s+to\b",
    re.IGNORECASE,
)
"""A degree phrase inside a cause marker ('owing in part to', 'due largely to', blind-63):
it grades the attribution but splits the marker the grammar reads as one."""


SUBSCRIPT_DIGITS = str.maketrans("₀₁₂₃₄₅₆₇₈₉", "0123456789")
"""Subscript digits read as digits: 'CF₃' is the catalogue's 'CF3', 'IC₅₀' is 'IC50'."""


def normalise(sentence: str) -> str:
    """The sentence without references, citations, discourse adverbials and the final stop."""
    text = " ".join(sentence.split()).translate(SUBSCRIPT_DIGITS)  # "CF₃ termini" (blind-62)
    text = REFERENCE_PARENTHESIS.sub("", text)
    text = CITATION.sub("", text)
    text = FINAL_CITATION.sub("", text)
    text = INNER_DISCOURSE.sub(_discourse_gap, text)
    text = DEGREE_IN_CAUSE_MARKER.sub(lambda m: f"{m['marker']} to", text)
    for _ in range(2):
        text = LEADING_DISCOURSE.sub("", text)
    text = text.rstrip(" .")
    return text[:1].upper() + text[1:] if text else text


__all__ = ["normalise"]
