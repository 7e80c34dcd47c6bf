"""Rule-based sentence splitting tuned for chemistry papers.

Evidence sentences are located by character offsets into their paragraph, so the
splitter returns offsets rather than strings and never changes the text. Chemistry
prose is full of periods that do not end a sentence ("Fig. 2", "ca. 5 mg",
"J. Am. Chem. Soc.", "δ 7.26") and of sentences that start with something other than a
capital letter (a compound label "3c", a digit, "(", "n-BuLi"); a general-purpose
splitter gets both wrong, and every wrong break cuts a piece of evidence in two.

The rules, in order, for a candidate break (``.``, ``?``, ``!`` or ``…`` followed by
optional closing quotes/brackets and whitespace):

1. ``?`` and ``!`` end a sentence unless the next word starts in lower case.
2. A period after a word in `NEVER_FINAL` ("Fig.", "e.g.", "ca.") never ends one.
3. A period after a word in `MAYBE_FINAL` ("et al.", "equiv.", "min.") ends one when
   the next word is a typical sentence opener from `SENTENCE_OPENERS` ("The",
   "However", ...) or an ordinary capitalised word ("Stock", "Solubility"); after an
   upper-case initial ("J.") or a dotted acronym ("U.S.A.") only before an opener,
   because names and journal titles follow those ("J. Smith", "J. Am. Chem. Soc."); a
   capital after a number is a unit ("2.25 V.", "77 K."), not an initial.
4. A caption label at the start of a sentence ("Scheme 1. Synthesis of 3a") does not
   end one.
5. Any other period ends a sentence when the next text starts with an upper-case or
   Greek letter, a digit, an opening bracket or quote, or a lower-case chemical
   prefix ("n-BuLi", "tBuOK", "pH").

All word lists live in this module, in one place, so that a new abbreviation is a
one-line change.
"""

from __future__ import annotations

import re

NEVER_FINAL: frozenset[str] = frozenset(
    {
        # references to figures, equations, literature and pages
        "fig.",
        "figs.",
        "eq.",
        "eqs.",
        "eqn.",
        "eqns.",
        "ref.",
        "refs.",
        "no.",
        "nos.",
        "p.",
        "pp.",
        "vol.",
        "vols.",
        "sect.",
        "sec.",
        "ch.",
        "chap.",
        "tab.",
        "suppl.",
        "cat.",
        "fr.",
        "frs.",
        # Latin and comparison
        "e.g.",
        "i.e.",
        "cf.",
        "ca.",
        "vs.",
        "viz.",
        "approx.",
        "appr.",
        "calcd.",
        "calc.",
        "anal.",
        # titles
        "dr.",
        "prof.",
        "mr.",
        "mrs.",
        "ms.",
        "st.",
    }
)
"""Abbreviations that are always followed by more of the same sentence."""

MAYBE_FINAL: frozenset[str] = frozenset(
    {
        "al.",  # only as "et al.", see _is_et_al
        "etc.",
        "equiv.",
        "equivs.",
        "resp.",
        "mol.",
        "wt.",
        "conc.",
        "aq.",
        "sat.",
        "soln.",
        "anhyd.",
        "temp.",
        "min.",
        "exp.",
        "expt.",
        "sp.",
        "spp.",
        "var.",
        "jr.",
        "inc.",
        "ltd.",
        "co.",
        "corp.",
        "ed.",
        "eds.",
        # journal-title words, met in running text as "J. Am. Chem. Soc. 2010"
        "am.",
        "chem.",
        "soc.",
        "lett.",
        "commun.",
        "org.",
        "phys.",
        "angew.",
        "int.",
        "sci.",
        "rev.",
        "acc.",
        "res.",
        "eur.",
        "adv.",
        "mater.",
        "biol.",
        "med.",
        "pharm.",
        "nat.",
        "proc.",
        "acad.",
        "natl.",
    }
)
"""Abbreviations that usually continue the sentence but can also end it."""

SENTENCE_OPENERS: frozenset[str] = frozenset(
    {
        "A",
        "Accordingly",
        "Additionally",
        "After",
        "All",
        "Also",
        "Although",
        "Among",
        "An",
        "Another",
        "As",
        "At",
        "Based",
        "Because",
        "Before",
        "Both",
        "But",
        "By",
        "Compound",
        "Compounds",
        "Consequently",
        "Despite",
        "During",
        "Each",
        "Fig",
        "Figure",
        "Finally",
        "First",
        "Following",
        "For",
        "Further",
        "Furthermore",
        "Given",
        "Hence",
        "Here",
        "However",
        "If",
        "Importantly",
        "In",
        "Indeed",
        "Instead",
        "Interestingly",
        "It",
        "Its",
        "Lastly",
        "Likewise",
        "Moreover",
        "Most",
        "Nevertheless",
        "Next",
        "No",
        "Nonetheless",
        "Notably",
        "Of",
        "On",
        "One",
        "Only",
        "Other",
        "Our",
        "Overall",
        "Previously",
        "Recently",
        "Scheme",
        "Second",
        "Several",
        "Similarly",
        "Since",
        "Some",
        "Such",
        "Table",
        "Taken",
        "That",
        "The",
        "Their",
        "Then",
        "There",
        "Therefore",
        "These",
        "They",
        "Third",
        "This",
        "Those",
        "Thus",
        "To",
        "Together",
        "Two",
        "Under",
        "Unlike",
        "Upon",
        "Using",
        "We",
        "When",
        "Whereas",
        "Which",
        "While",
        "With",
        "Without",
    }
)
"""Words that start a new sentence after an ambiguous abbreviation ("et al. The")."""

LABEL_WORDS: frozenset[str] = frozenset(
    {
        "fig.",
        "fig",
        "figs.",
        "figure",
        "figures",
        "scheme",
        "schemes",
        "table",
        "tables",
        "chart",
        "charts",
        "eq.",
        "equation",
        "plate",
    }
)
"""Words that, followed by a number at the start of a sentence, form a caption label."""

_CANDIDATE = re.compile(
    r"(?P<punct>[.?!…]+)(?P<close>[\"'”’»)\]}]*)(?P<space>\s+)(?=\S)",
)
_CITED_END = re.compile(
    r"(?<=[a-z]{3})\.(?P<cite>\d{1,3}(?:[,–-]\d{1,3})*|\[\d{1,3}(?:[,–-]\s?\d{1,3})*\])"
    r"(?P<space>\s+)(?=[A-Z][a-z])",
)
"""A sentence ending in a citation printed as a superscript after its period
("... transition-metal dissolution.7 By contrast, ..."): JATS ``<sup><xref
ref-type="bibr">`` markers flatten to digits glued to the period, which the ordinary
candidate (punctuation then space) never sees; so do bracketed numbers after the period
("... a threefold response.[7] Probe 3 did not ...", blind-51). The word before the period
is a lower-case word (a decimal has digits there) and the next one a capitalised word."""
_OPENERS = "([{\"'“‘«"
_CHEM_LOWER_START = re.compile(
    r"(?:[a-z]{1,5}-[A-Za-z0-9(\[]|[a-z][A-Z]|p[HK])",
)
"""Lower-case sentence starts that are chemistry: n-BuLi, tert-butyl, mCPBA, tBuOK, pH."""
_LABEL_NUMBER = re.compile(r"^[A-Z]?\d+[a-zA-Z]?$")
_INITIAL = re.compile(r"^[A-Z]$")
"""An upper-case initial; a lower-case letter before a period is a unit ("2 h.")."""
_NUMBER_BEFORE = re.compile(r"\d\s*$")
"""A number before an upper-case letter makes the letter a unit ("at 2.25 V.", "300 K."),
which ends a sentence like any word; an initial follows a word or nothing ("J. Smith")."""
_ORDINARY_CAPITALISED = re.compile(r"^[A-Z][a-z]{2,}[,;:]?$")
"""A capitalised word that is not itself an abbreviation ("Stock", not "Chem.")."""
TITLES: frozenset[str] = frozenset({"dr.", "prof.", "mr.", "mrs.", "ms.", "st."})
"""Titles are never final; written in capitals ("MS.") they are acronyms instead."""
_DOTTED_ACRONYM = re.compile(r"^(?:[A-Za-z]\.)+[A-Za-z]$")


def split_sentences(text: str) -> list[tuple[int, int]]:
    """Split `text` into sentences and return their (start, end) offsets.

    Offsets index into `text` itself (end exclusive) and exclude surrounding
    whitespace, so ``text[start:end]`` is the sentence exactly as printed.

    Args:
        text: One paragraph of plain text.

    Returns:
        The sentence spans in order; empty for blank text.
    """
    spans: list[tuple[int, int]] = []
    start = 0
    ordinary = [(m.start(), m.end("close"), m) for m in _CANDIDATE.finditer(text)]
    cited = [(m.start(), m.end("cite"), m) for m in _CITED_END.finditer(text)]
    for position, sentence_end, match in sorted(ordinary + cited, key=lambda b: b[0]):
        if position < start:
            continue
        if match.re is _CANDIDATE and not _is_break(text, start, match):
            continue
        _append_stripped(spans, text, start, sentence_end)
        start = match.end()
    _append_stripped(spans, text, start, len(text))
    return spans


def _append_stripped(spans: list[tuple[int, int]], text: str, start: int, end: int) -> None:
    while start < end and text[start].isspace():
        start += 1
    while end > start and text[end - 1].isspace():
        end -= 1
    if end > start:
        spans.append((start, end))


def _is_break(text: str, sentence_start: int, match: re.Match[str]) -> bool:
    """Decide whether the candidate `match` ends the sentence that began at `sentence_start`."""
    punct = match.group("punct")
    following = text[match.end() :]
    next_word = following.split(maxsplit=1)[0] if following.strip() else ""
    next_char = following[:1]
    if "?" in punct or "!" in punct:
        return not next_char.islower()
    word_start = _word_start(text, match.start())
    word = text[word_start : match.start()].lstrip(_OPENERS)
    if not word or match.group("close") or punct != ".":
        return _starts_sentence(following)
    lowered = word.lower() + "."
    opener = next_word.strip(_OPENERS + ",;:")
    is_acronym = lowered in TITLES and word.isupper() and len(word) > 1  # "MALDI-TOF MS."
    if lowered in NEVER_FINAL and not is_acronym:
        return False
    if lowered in MAYBE_FINAL or _is_et_al(text, word_start, word):
        return opener in SENTENCE_OPENERS or bool(_ORDINARY_CAPITALISED.match(next_word))
    if _DOTTED_ACRONYM.match(word) or (
        _INITIAL.match(word) and not _NUMBER_BEFORE.search(text[:word_start])
    ):
        return opener in SENTENCE_OPENERS
    if _is_caption_label(text, sentence_start, word_start, word):
        return False
    return _starts_sentence(following)


def _word_start(text: str, end: int) -> int:
    start = end
    while start > 0 and not text[start - 1].isspace():
        start -= 1
    return start


def _is_et_al(text: str, word_start: int, word: str) -> bool:
    if word.lower() != "al":
        return False
    before = text[:word_start].rstrip()
    return before.lower().endswith("et")


def _is_caption_label(text: str, sentence_start: int, word_start: int, word: str) -> bool:
    """True for "Scheme 1." / "Figure 2." when the label opens the sentence (a caption)."""
    if not _LABEL_NUMBER.match(word):
        return False
    before = text[sentence_start:word_start].strip()
    return before.lower().lstrip(_OPENERS) in LABEL_WORDS


def _starts_sentence(following: str) -> bool:
    """True when `following` looks like the start of a new sentence."""
    if not following:
        return True
    first = following[0]
    if first.isupper() or first.isdigit() or first in _OPENERS:
        return True
    if "\u0370" <= first <= "\u03ff":  # Greek: "δ 7.26 (s, 1H)", "α-Pinene"
        return True
    return bool(_CHEM_LOWER_START.match(following))
