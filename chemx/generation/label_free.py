"""Answer options without what points at the answer: labels, locants and the paper's data.

Only the correct option's mechanism comes from the paper, so whatever the paper's
sentence says about *which* compound it means marks that option as surely as the
structure's label would: the compound's own label ("was placed at C5 in 4 to block ..."
becomes "was placed to block ..."), another compound's ("than 21", "seen for 8"), an atom
locant ("at C5"), a bracketed measurement ("(3.46 Å versus 3.55 Å for 5a by GIWAXS)")
and a pointer back into the paper ("restores that hydrogen bond" becomes "restores the
hydrogen bond"). `without_labels` takes them out without leaving a dangling participle
("the para-hydroxylation seen for 8" loses "seen" too). Split from
`chemx.generation.register`, which builds the options' shared register.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import TYPE_CHECKING

from chemx.generation.extract import LABEL_CLASS_NOUNS
from chemx.generation.lexicon import lexicon_verb, making_verbs
from chemx.generation.text import squash, wordlist

if TYPE_CHECKING:
    from chemx.generation.clauses import Token
from chemx.labels import find_mentions

_LOCANT_PHRASE = re.compile(
    r"\s+(?:at|on|in)\s+(?:the\s+)?(?:[CNOS]\d{1,2}[a-z]?['′]*|position\s+\d+|"
    r"\d+-position)(?:\s+position)?\b"
    r"(?=\s*(?:[,;.)]|$)|\s+(?:and|or|of|to|in|with|by|for|through|via|which|that|than|as)\b)"
)
"""'at C5', 'on the N1 position': an atom locant phrase that ends there. 'on the C2452
base' names a residue (a locant has one or two digits, and a noun would follow it)."""


_OBJECT_VERB = re.compile(
    r"\b(?:makes?|made|renders?|rendered|leaves?|left|keeps?|kept|turns?|turned)\s+$", re.I
)
"""Verbs whose object a label may be, with a complement after it ('makes 10a lipophilic')."""
_PRODUCT_VERB = re.compile(
    r"\b(?:releases?|released|liberates?|liberated|regenerates?|regenerated|forms?|formed|"
    rf"{making_verbs('base', 'third', 'past')})\s+$",
    re.I,
)
"""Verbs whose object is what a reaction makes ('hydrolyses to release 1'): without its
label the verb still needs an object ("releases within seconds" is no English)."""


def _verb_before(before: str) -> bool:
    """Whether the word before a label is a verb only (never a noun): the label is its object."""
    words = before.split()
    found = lexicon_verb(words[-1].lower()) if words and words[-1].isalpha() else None
    return found is not None and not found.noun_too


def without_labels(text: str, labels: Sequence[str]) -> str:
    """A mechanism without compound labels or atom locants ("at C5 in 4" -> "")."""
    text = _RELATIVE_NAMING_LABEL.sub("", text)  # the whole clause, before its label goes
    for label in labels:
        if not label:
            continue
        for mention in reversed(find_mentions(label, text)):
            before = text[: mention.start]
            clause = _CLAUSE_ON_LABEL.search(before)
            if clause:  # ", where 2b is 98.6% bound": a clause about another compound
                end = re.search(r"[,;]", text[mention.end :])
                rest = text[mention.end + end.start() :] if end else ""
                text = f"{before[: clause.start()]}{rest}"
                continue
            cut = _PREPOSITION_BEFORE_LABEL.search(before)
            modified = _MODIFIED_LABEL.search(before)
            if _OBJECT_VERB.search(before):  # "makes 10a more lipophilic": still an object
                text = f"{before}the compound{text[mention.end :]}"
                continue
            if _PRODUCT_VERB.search(before):  # "releases 1 within seconds"
                text = f"{before}the product{text[mention.end :]}"
                continue
            if _verb_before(before):  # "hydroxylates to detoxify 1, leaving ..."
                text = f"{before}the compound{text[mention.end :]}"
                continue
            if cut:
                start = _participle_start(text, cut.start())
            elif modified:  # "oxidised by excited 4": the phrase goes with its label
                start = modified.start()
            else:
                start = mention.start
            stop = mention.end
            relative = _RELATIVE_ON_LABEL.match(text[stop:])
            if cut and relative:  # "than 1, which needed 128 µg/mL": the clause is 1's
                stop += relative.end()
            text = f"{text[:start]}{text[stop:]}"
    without_locants = _LOCANT_PHRASE.sub("", text)
    if without_locants != text:  # "is electron-rich at C10 and is protonated there"
        without_locants = re.sub(r"\s+there\b(?!\s+(?:is|are|was|were)\b)", "", without_locants)
    text = _other_labels(_DATA_ASIDE.sub("", without_locants))
    text = _POINTING_DETERMINER.sub(_pointing_replaced, text)
    text = POINTING_ADVERB.sub("", text)  # "also raised log D": also beside what?
    return squash(re.sub(r"\(\s*\)", "", text)).strip(" ,")


_RELATIVE_ON_LABEL = re.compile(r",\s*(?:which|who)\b[^,;]*")
"""A relative clause set off after a label ("a poorer substrate than 1, which needed 128
µg/mL", blind-63): it says something of that compound, so it leaves with the label."""
_CLAUSE_ON_LABEL = re.compile(r",?\s+(?:where|whereas|while)\s+(?:compound\s+)?$", re.I)
"""A subordinate clause whose subject is the label: the clause goes, not just the label."""
_POINTING_DETERMINER = re.compile(
    r"(?P<before>\b(?:to|of|with|at|on|in|from|restores?|breaks?|blocks?|forms?|makes?|"
    r"weakens?|strengthens?|removes?)\s+)(?P<determiner>this|that|these|those)\s+"
    r"(?=(?P<next>[a-z][\w-]*)\b)"
)
"""'restores that hydrogen bond', 'ortho to this bond': a determiner that points back into
the paper, which an option read alone cannot follow; 'the' says as much without it."""


def _pointing_replaced(match: re.Match[str]) -> str:
    """'the' for a pointing determiner; a relative 'that' before its verb stays.

    In "the monoligated form that undergoes oxidative addition" (blind-53) 'form' is a
    noun and 'that' opens a relative clause: the word after it is a verb, not a noun.
    """
    if match["next"].lower() in ("of", "in", "on", "at", "from", "with"):
        # "interdigitate with those of neighbouring backbones" (blind-65): a pronoun,
        # which 'the' cannot stand for ("with the of neighbouring backbones")
        return match.group(0)
    following = lexicon_verb(match["next"].lower())
    if match["determiner"] == "that" and following is not None and not following.noun_too:
        return match.group(0)
    return f"{match['before']}the "


_PREPOSITION_BEFORE_LABEL = re.compile(
    rf"\s+(?:in|of|for|from|on|to|as in|than)\s*"
    rf"(?:(?:the\s+)?(?:{LABEL_CLASS_NOUNS}|linker|inhibitor|framework)\s+)?\(?\s*$"
)
"""'of 4', 'in compound 12', 'of linker 13': the phrase that goes with a label."""
_DATA_ASIDE = re.compile(r"\s+\([^()]*\d[^()]*\)")
"""A spaced parenthetical with a number: the paper's data ("(3.46 Å versus 3.55 Å for 5a
by GIWAXS)"), which only the answer would carry; a name's own brackets are unspaced."""


POINTING_ADVERB = re.compile(r"^(?:also|likewise|similarly|again)\s+(?=[a-z])", re.I)


def _number(token: Token | None) -> bool:
    """Whether a token is a number, signed or not ('−1.9', '2.8')."""
    return token is not None and bool(re.fullmatch(r"[−–+-]?\d+(?:\.\d+)?", token.text))


def _other_labels(text: str) -> str:
    """Without '<preposition> <label>' of other compounds ('seen for 8', 'than 21').

    Only the answer's mechanism comes from the paper, so a compound number left in it
    marks the answer as surely as the structure's own label would. A number followed by
    a word ('in 3 steps') or a unit ('to 21 µL') is not a label here.
    """
    from chemx.generation.clauses import Tag, tokenise

    text = _RELATIVE_NAMING_LABEL.sub("", text)
    tokens = tokenise(text)
    cuts = []
    for index, token in enumerate(tokens):
        if token.tag is not Tag.LABEL or index == 0:
            continue
        preposition = tokens[index - 1].lower
        lettered = bool(re.fullmatch(r"\d+[a-z]", token.text))  # 'of 1b'; not 'a pKa of 7'
        if preposition not in _LABEL_PREPOSITIONS and not (preposition == "of" and lettered):
            continue
        following = tokens[index + 1] if index + 1 < len(tokens) else None
        second = tokens[index + 2] if index + 2 < len(tokens) else None
        closes = following is None or following.tag in (Tag.PUNCT, Tag.CONJ)
        ranged = following is not None and following.lower == "to" and _number(second)
        owned = (  # "protodeboronation of 1b to compete"
            preposition == "of"
            and following is not None
            and following.tag in (Tag.TO, Tag.PREP, Tag.REL, Tag.THAT)
        )
        if not (closes or ranged or owned):
            continue  # "in 3 steps": a number with its noun; but "from −3.1 for 1 to −1.9"
        cuts.append((tokens[index - 1].start, token.end))
    for start, end in reversed(cuts):
        before, after = text[: _participle_start(text, start)].rstrip(), text[end:]
        if before.endswith(",") and after.lstrip().startswith(","):
            before, after = before[:-1], after.lstrip()[1:]  # "that, in 3, pushes": an aside
            after = f" {after.lstrip()}"
        text = f"{before}{after}"
    # "as in 4b", and the parenthetical ", as in 5d," whole
    return re.sub(r",?\s+as\s*(?:,(?=\s)|(?=[;.)]|$))", "", text) if cuts else text


_MODIFIED_LABEL = re.compile(
    r"\s+(?:by|with|of|to|from|in|for|on)\s+(?:the\s+)?(?:excited|protonated|activated|"
    r"oxidised|oxidized|reduced|deprotonated|free|parent|corresponding)\s*$",
    re.I,
)
"""A preposition and the modifier of a compound label ('by excited 4', 'with the parent
1'): the phrase means nothing once the label is gone."""
_REDUCED_RELATIVE = re.compile(
    r"(?<![a-z])(?P<before>[a-z]+)\s+(?:[a-z]{3,}ed|seen|shown|found|made|given|known|drawn)\s*$",
    re.I,
)
_AUXILIARIES = wordlist("is are was were be been being has have had get gets not")


def _participle_start(text: str, start: int) -> int:
    """Where a cut before '<preposition> <label>' starts, with the participle it completes.

    "the para-hydroxylation seen for 8" and "the acetoxonium ion derived from 12" lose
    "seen" and "derived" with the label: left alone they dangle. A participle after an
    auxiliary is the predicate ("is protonated in 4") and stays.
    """
    match = dangling_participle(text[:start])
    return start if match is None else match.start() + len(match["before"])


def dangling_participle(text: str) -> re.Match[str] | None:
    """A participle modifying a noun at the end ('pocket formed'), not 'is protonated'."""
    match = _REDUCED_RELATIVE.search(text)
    return None if match is None or match["before"].lower() in _AUXILIARIES else match


_LABEL_PREPOSITIONS = wordlist("in for from than as")
"""Not 'of' or 'with': 'a pKa of 7', 'reacts with 2 equivalents' may end in a bare number."""
_RELATIVE_NAMING_LABEL = re.compile(
    r",\s*(?:which|whereas|while|unlike)\b[^,;]*?\b(?:of|in|for|from|than)\s+(?:compound\s+)?"
    r"\d+[a-z]?\b(?!\s*(?:%|°|[µmnk]?[Mm]\b|h\b|min\b|equiv))[^,;]*"
)
"""A clause contrasting another compound by label ("which the CF3 of 12d cannot do")."""
