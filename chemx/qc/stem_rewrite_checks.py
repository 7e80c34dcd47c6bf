"""Checks on what the stem writer's rewrite of a sentence can break.

The stem writer puts its own subject ("The compound shown", "One structural change") and
frame ("The observed outcome is ...") where the paper had a label or a clause. Each check
here reads one way that rewrite goes wrong on unseen prose (blind-41 to blind-44, issue
13); `chemx.qc.stem_grammar` names the problems and holds their table.
"""

from __future__ import annotations

import re

from chemx.english import adjective_only
from chemx.generation.clauses import Tag, Token, normalise, tokenise
from chemx.generation.lexicon import own_past_tense, past_or_third_person
from chemx.generation.stem_wording import CHANGE, FEATURE
from chemx.generation.text import wordlist
from chemx.generation.word_forms import is_gerund

OWN_SUBJECT = re.compile(
    r"^(?:The (?:[\w-]+ )?(?:compound|analogue|molecule|catalyst|ligand) shown|"
    rf"(?:{FEATURE}|{CHANGE})(?: of [\w()-]+)?)\s+(?P<rest>.*)$",
    re.IGNORECASE,
)
"""The subjects the stem writer puts in place of the sentence's own ("the compound shown"
and its class-noun forms, `chemx.generation.shown`; `FEATURE` and `CHANGE`)."""
_LISTED_LABEL = r"(?:\(?[RSEZ]?\)?-?\d+[a-z]{0,2}['′]*)"
SHOWN_AMONG_LABELS = re.compile(
    rf"\bthe compound shown(?:,\s*|\s+and\s+|\s+or\s+){_LISTED_LABEL}"
    r"(?=\s*(?:,|\)|\band\b|\bor\b|$))"
    rf"|(?<![\w.]){_LISTED_LABEL},?\s+(?:and|or)\s+the compound shown\b"
    r"|\b(?:all|both|each\s+of\s+the)\s+(?:\w+\s+){0,2}?\w+s\s+\(the compound shown\)",
    re.IGNORECASE,
)
"""'the compound shown' beside another label in a list ("1a, the compound shown and 1d"),
or in brackets after a counted plural ("All three pleuromutilins (the compound shown)",
a range of labels rewritten as one, blind-66);
a label before it joins the list only by 'and' or 'or' ("Lacking the methyl groups of 2a,
the compound shown was attacked" ends a phrase with the label)."""
OWN_WORDS = wordlist(
    "one structural feature change the compound shown gave give gives afforded made was "
    "is it of a an this"
)
"""The stem writer's own words: a statement with nothing else observes nothing."""
SUBJECT_FOLLOWERS = frozenset(
    {Tag.VERB, Tag.AUX, Tag.NEG, Tag.VBN, Tag.PUNCT, Tag.PREP, Tag.REL, Tag.THAT, Tag.CONJ}
    | {Tag.TO, Tag.SUB}
)
"""What may follow the stem's subject: its verb, or a modifier that opens before it."""


def noun_after_subject(sentence: str) -> str | None:
    """The stem's own subject followed by a noun or number where its verb should be."""
    match = OWN_SUBJECT.match(sentence)
    if match is None:
        return None
    tokens = tokenise(normalise(f"It {match['rest']}"))[1:]
    index = 0
    while index < len(tokens) and tokens[index].tag is Tag.ADV:
        index += 1
    if index >= len(tokens):
        return None
    token = tokens[index]
    if token.tag is Tag.SUB and not match.group(0).lower().startswith("the "):
        # "One structural change as its tosyl group was necessary": a feature is no role
        # ("the compound shown as a ligand" is one), so 'as' opened what was the subject
        return f"{token.text!r} after the subject"
    if token.tag in SUBJECT_FOLLOWERS or _verb_reading(token.lower):
        return None
    return f"{token.text!r} after the subject"


def _verb_reading(word: str) -> bool:
    """Whether `word` can be a verb that agrees with a singular subject ('photolyzes').

    A past or -s form, or a verb that is its own past tense ('cut'); a bare base form
    ('group') does not agree with "One structural change".
    """
    return past_or_third_person(word) or own_past_tense(word)


def mixed_coordination(tokens: list[Token], start: int) -> Token | None:
    """An '-ing' form after 'and' coordinated with the finite verb at `start`."""
    depth = 0
    for index in range(start + 1, len(tokens) - 1):
        token = tokens[index]
        if token.text in "([":
            depth += 1
        elif token.text in ")]":
            depth = max(0, depth - 1)
        elif depth == 0 and token.tag in (Tag.VBG, Tag.SUB, Tag.REL, Tag.THAT):
            return None  # "by lowering X and raising Y", or a clause of its own
        elif depth == 0 and token.text == ",":
            return None
        elif depth == 0 and token.lower == "and" and _gerund(tokens[index + 1]):
            return tokens[index + 1]
    return None


def _gerund(token: Token) -> bool:
    """An '-ing' form, prefixed ones included ('blue-shifting')."""
    return token.tag is Tag.VBG or is_gerund(token.lower.rsplit("-", 1)[-1])


def frame_adjective(tokens: list[Token]) -> Token | None:
    """An adjective-only word opening the framed complement, with a preposition after it."""
    index = next((i for i, t in enumerate(tokens) if t.lower == "is"), None)
    if index is None or index + 2 >= len(tokens):
        return None
    word, following = tokens[index + 1], tokens[index + 2]
    return word if adjective_only(word.lower) and following.tag is Tag.PREP else None
