"""Word-form tests the clause grammar and the decomposition share.

An -ing word may be a participle ('flanking') or a noun ('ring', 'coupling'); a hyphenated
participle may modify the noun after it ('hydrogen-bonded amides') rather than be a verb.
Both the tagger (`chemx.generation.clauses`) and the feature's head phrase
(`chemx.generation.extract`) ask these questions, so they have one answer here.
"""

from __future__ import annotations

import re

from chemx.generation.lexicon import ADVERBS, DETERMINERS, NOT_GERUNDS, PREPOSITIONS, VERB_FORMS


def is_gerund(lower: str) -> bool:
    """Whether a lower-case word is an -ing form ('flanking'), not a noun ('ring')."""
    return lower.endswith("ing") and len(lower) > 5 and lower not in NOT_GERUNDS and lower.isalpha()


def attributive_compound(lower: str, following: str) -> bool:
    """Whether a hyphenated participle modifies the word after it ('hydrogen-bonded amides')."""
    after = following.lower()
    closed = after in DETERMINERS or after in PREPOSITIONS or after in ADVERBS
    plain = after.isalpha() and not closed and not after.endswith("ly")
    return "-" in lower and lower.endswith(("ed", "wn", "ound")) and plain


ISE_VERB = re.compile(r"[a-z]{5,}(?:is|iz)es")
"""An -ise/-ize verb the lexicon lacks ('copolymerises', 'oligomerizes', 'aromatises'):
chemistry coins them freely, and after a noun head such a word is the verb (the few nouns
of this shape, 'compromises', 'franchises', are in the lexicon and tagged by it)."""
LYSE_VERB = re.compile(r"[a-z]*(?:catal|hydrol|photol|thermol|solvol|aminol|electrol)y[sz]es")
"""'catalyses', 'hydrolyses': -yse verbs the lexicon lacks (their nouns end in -ysis)."""
PREFIXED_VERB = re.compile(r"(?:red|blue|up|down|co|over|under)-(?P<verb>[a-z]+)")
"""A verb with a hyphenated prefix ('red-shifts', 'down-regulated'), which no word list
holds whole: it is the verb its last part is."""


def coined_verb(lower: str) -> bool:
    """Whether a word the lexicon lacks is a verb form by its shape (after a noun head)."""
    if ISE_VERB.fullmatch(lower) or LYSE_VERB.fullmatch(lower):
        return True
    prefixed = PREFIXED_VERB.fullmatch(lower)
    return prefixed is not None and prefixed["verb"] in VERB_FORMS


__all__ = ["ISE_VERB", "attributive_compound", "coined_verb", "is_gerund"]
