"""Word-form tests the clause grammar and the decomposition share.

An -ing word may be a participle ('flanking') or a noun ('ring', 'coupling'); a hyphenated
participle may modify the noun after it ('hydrogen-bonded amides') rather than be a verb.
Both the tagger (`chemx.generation.clauses`) and the feature's head phrase
(`chemx.generation.extract`) ask these questions, so they have one answer here.
"""

from __future__ import annotations

from chemx.generation.lexicon import ADVERBS, DETERMINERS, NOT_GERUNDS, PREPOSITIONS


def is_gerund(lower: str) -> bool:
    """Whether a lower-case word is an -ing form ('flanking'), not a noun ('ring')."""
    return lower.endswith("ing") and len(lower) > 5 and lower not in NOT_GERUNDS and lower.isalpha()


def attributive_compound(lower: str, following: str) -> bool:
    """Whether a hyphenated participle modifies the word after it ('hydrogen-bonded amides')."""
    after = following.lower()
    closed = after in DETERMINERS or after in PREPOSITIONS or after in ADVERBS
    plain = after.isalpha() and not closed and not after.endswith("ly")
    return "-" in lower and lower.endswith(("ed", "wn", "ound")) and plain


__all__ = ["attributive_compound", "is_gerund"]
