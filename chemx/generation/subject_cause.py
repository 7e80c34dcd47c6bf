"""The observation's own subject as the feature when the stated cause is a noun phrase.

Medicinal-chemistry and methodology papers often name the structural change as the
subject of the observation and the mechanism as a noun phrase after a cause marker:

    "The ortho-methoxy group of 3b lowered the ee to 84%, likely due to competing
    hydrogen bonding of the methoxy oxygen to the squaramide NH groups, which ..."

    "N-Methylation of the pyrrole nitrogen abolished activity, which we attribute to the
    loss of the hydrogen bond that the pyrrole NH of 1 donates to Ala107."

The cause marker's noun phrase is no feature ("competing hydrogen bonding", "the loss of
the hydrogen bond"): it is what the subject does. So when reading the noun phrase as
"nominal of F" fails, the sentence is read as feature = the observation's subject,
effect = its predicate (an effect verb: lowered, abolished, gave ...), mechanism =
"leads to" + the noun phrase. `chemx.generation.extract` checks the subject like any other
feature (it must name a structural feature, not a compound, a reagent or a pronoun).

Only constructions whose cause is a noun phrase take part: a 'because' clause has a
subject of its own, which is the feature when there is one.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from chemx.generation.causal import opens_with
from chemx.generation.clauses import Tag, Token, predicate_start, tokenise

NOMINAL_CAUSE_CONSTRUCTIONS = frozenset(
    {"due_to", "due_to_lead", "attributed_to", "we_attribute", "arises_from", "reflecting"}
)
"""Constructions that introduce the cause as a noun phrase ('due to N', 'attributed to N')."""
MECHANISM_VERB = ("leads", "lead")
"""How a noun-phrase mechanism is said of a feature (singular, plural): neutral on purpose,
so that the option adds no claim the paper does not make."""


@dataclass(frozen=True)
class SubjectCause:
    """The observation's subject, its predicate and the mechanism said of the subject."""

    subject: str
    predicate: str
    """The effect as a verb phrase ('lowered the ee to 84%')."""
    noun_phrase: str
    """The cause, said of the feature by `mechanism_of` once the feature is known."""


def subject_reading(effect: str, cause: str, *, any_verb: bool = False) -> SubjectCause | None:
    """Read `effect` as '<subject> <effect verb> ...' and `cause` as its mechanism, or None.

    None when the effect has no subject before an effect verb (any finite verb with
    `any_verb`), or when the cause is a clause (a finite verb outside a relative clause):
    then its subject is the feature.
    """
    tokens = tokenise(effect)
    verb = predicate_start(tokens)
    if not verb or not (any_verb or _effect_verb_at(tokens, verb)):
        return None
    cause = cause.strip(" ,;:")
    if not cause or not _noun_phrase(tokenise(cause)):
        return None
    subject = effect[: tokens[verb].start].strip(" ,")
    noun_phrase = cause[0].lower() + cause[1:] if cause[:2].istitle() else cause
    return SubjectCause(subject, effect[tokens[verb].start :], noun_phrase)


def mechanism_of(noun_phrase: str, plural: bool) -> str:
    """The cause's noun phrase said of the feature: 'leads to <noun phrase>'.

    A noun phrase the feature owns ('its lower oxidation potential, which raises the
    HOMO') is what the feature has: 'has a lower oxidation potential, which ...'.
    """
    owned = OWNED.match(noun_phrase)
    if owned:
        head = owned["rest"].split(",")[0].split()[-1] if owned["rest"].split() else ""
        article = "" if plural or head.endswith("s") else _article(owned["rest"])
        return f"{'have' if plural else 'has'} {article}{owned['rest']}"
    return f"{MECHANISM_VERB[1] if plural else MECHANISM_VERB[0]} to {noun_phrase}"


OWNED = re.compile(r"^(?:its|their)\s+(?P<rest>\S.*)$", re.I)


def _article(noun_phrase: str) -> str:
    return "an " if noun_phrase[:1].lower() in "aeiou" else "a "


def _effect_verb_at(tokens: list[Token], index: int) -> bool:
    """Whether an effect verb ('lowered', 'gave', 'abolished') opens the predicate."""
    while index < len(tokens) and tokens[index].tag in (Tag.ADV, Tag.NEG):
        index += 1
    return opens_with("vp_effect_verb", [token.lower for token in tokens], index)


def _noun_phrase(tokens: list[Token]) -> bool:
    """Whether the cause is a noun phrase: any finite verb sits in a relative clause."""
    if not tokens or tokens[0].tag in (Tag.VERB, Tag.AUX, Tag.PRON):
        return False
    if tokens[0].tag is Tag.VBG and (len(tokens) < 2 or tokens[1].tag is not Tag.WORD):
        return False  # "raising the basicity of X" is a change made; "competing binding" a noun
    verb = next((i for i, t in enumerate(tokens) if t.tag in (Tag.VERB, Tag.AUX)), None)
    if verb is None:
        return True  # ("competing hydrogen bonding of ...": a gerund noun, no clause)
    return any(token.tag in (Tag.REL, Tag.THAT) for token in tokens[:verb])


__all__ = ["NOMINAL_CAUSE_CONSTRUCTIONS", "SubjectCause", "mechanism_of", "subject_reading"]
