"""Template extraction: Effect, Feature and Mechanism from one explanatory sentence.

The offline stand-in for the Stage 1 decomposition call (seed 002, appendix C.3). An
explanatory sentence states how a structural feature produces an observed effect, and
chemistry papers say it with a small set of connectives. The extractor splits the
sentence at one of them into a *cause* (the feature and its mechanism) and an *effect*:

- effect after the cause: "..., which accounts for / explains / leads to / results in
  E", "... and thereby E", "..., which raised / keeps / enables ... E", "..., giving E",
  "...; as a result, E";
- effect before the cause: "Because / Since / As C, E", "E due to / owing to /
  because of C", "E arises from / stems from / is caused by C";
- a means clause: "S <effect verb> ... by <gerund> ..." (the gerund is the mechanism).

The cause is then split into its subject (the Feature: the words before the first
finite verb, without determiners and compound labels) and its predicate (the
Mechanism, a verb phrase whose subject is the feature, so that "<Feature> <Mechanism>"
reads as a sentence). Anything that does not split cleanly is discarded with a reason,
never completed: the seed discards evidence "too vague to yield all three fields".

Reason codes (stable; they go into the generation gate's `Decision.reason` as
``too_vague:<code>``):

==================  ===============================================================
``no_connective``   no cause/effect connective: the sentence does not say what
                    produces what
``no_effect``       the effect part is empty or a single word
``no_feature``      the subject is missing, a bare pronoun, or names no structure
                    ("H2O2 converts ...", "Oxidation turns ...")
``no_mechanism``    the predicate is shorter than three words
==================  ===============================================================
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Literal

from chemx.generation.catalogue import groups_named_in
from chemx.generation.lexicon import (
    BASE_OF,
    DETERMINERS,
    PRONOUN_SUBJECTS,
    STRUCTURAL_NOUNS,
    VERB_BASES,
    VERB_FORMS,
    third_person,
)
from chemx.generation.text import squash, words
from chemx.records import ReasoningType

EffectForm = Literal["np", "vp", "clause"]
"""How the effect reads: a noun phrase ("a 7-fold gain"), a verb phrase whose subject is
the feature ("improves potency 7-fold"), or a clause with its own subject ("no product
formed without base"). The stem and option frames depend on it."""

MIN_MECHANISM_WORDS = 3
MIN_EFFECT_WORDS = 2
MAX_FEATURE_WORDS = 10

_TIER1 = (
    r"accounts? for|accounted for|explains?|explained|leads? to|led to|results? in|resulted in"
    r"|gives? rise to|gave rise to|(?:is|are|was|were) responsible for|underlies|underlie"
)
"""Verbs that only ever introduce an effect."""
_TIER2 = (
    r"raised?|raises|keeps?|kept|extends?|extended|ensures?|ensured|enables?|enabled"
    r"|allows?|allowed|improves?|improved|accelerates?|accelerated|increases?|increased"
    r"|reduces?|reduced|shifts?|shifted|switches on|switched on|speeds? up|sped up"
    r"|prevents?|prevented|suppresses|suppressed|makes?|made|causes?|caused|produces?"
    r"|produced|affords?|afforded|gives?|gave|lowers?|lowered|shortens?|shortened"
    r"|favours?|favoured|favors?|favored|boosts?|boosted|drives?|drove|slows?|slowed"
    r"|leaves|left"
)
"""Verbs that introduce an effect when they follow 'which' / 'and thereby'."""
_GERUND = r"giving|producing|affording|yielding|leading to|resulting in|causing"

TIER1 = re.compile(rf"(?<![\w-])(?:{_TIER1})(?![\w-])", re.IGNORECASE)
_OUTCOME = (
    r"shifts|shifted|raises|raised|improves|improved|increases|increased|accelerates"
    r"|accelerated|extends|extended|enables|enabled|allows|allowed|keeps|kept|switches on"
    r"|switched on|affords|afforded"
)
"""Outcome verbs that introduce an effect even after a plain 'and'."""
TIER2 = re.compile(
    rf"(?:,\s*which|\bwhich|,\s*and thereby|\band thereby|,\s*thereby|\bthereby|,\s*and\s+this)"
    rf"\s+(?:in turn\s+|also\s+|further\s+)?(?P<verb>{_TIER2})(?![\w-])"
    rf"|(?:,\s*and|\band)\s+(?P<verb2>{_OUTCOME})(?![\w-])",
    re.IGNORECASE,
)
THEREBY = re.compile(r"(?:,\s*and\s+thereby|\band\s+thereby|,\s*thereby|\bthereby)\s+", re.I)
GERUND = re.compile(rf"(?:,\s*and\s+|\band\s+|,\s*|\s)(?P<g>{_GERUND})\s+", re.IGNORECASE)
AS_A_RESULT = re.compile(
    r"(?:[;,]\s*(?:and\s+)?|\s+and\s+)(?:as a result|consequently|hence|therefore),?\s+"
    r"|[;,]?\s+as a result,?\s+",
    re.I,
)
LEADING_CAUSE = re.compile(r"^(?:because|since|as)\s+(?P<cause>.+?),\s+(?P<effect>.+)$", re.I)
TRAILING_CAUSE = re.compile(
    r"^(?P<effect>.+?)\s+(?:due to|owing to|because of|on account of)\s+(?P<cause>.+)$", re.I
)
ORIGIN = re.compile(
    r"^(?P<effect>.+?)\s+(?:arises?|arose|stems?|stemmed|originates?|results?|resulted)"
    r"\s+from\s+(?P<cause>.+)$"
    r"|^(?P<effect2>.+?)\s+(?:is|are|was|were)\s+(?:caused|driven|governed|controlled|"
    r"dictated|determined)\s+by\s+(?P<cause2>.+)$"
    r"|^(?P<effect3>.+?)\s+(?:is|are|was|were)\s+(?:due|attributed|ascribed|attributable)"
    r"\s+to\s+(?P<cause3>.+)$",
    re.I,
)
MEANS = re.compile(r"^(?P<head>.+?)\s+by\s+(?P<gerund>[a-z]+ing)\s+(?P<rest>.+)$", re.I)
CAPACITY = re.compile(
    r"^(?:the\s+)?(?:ability|capacity|tendency|propensity|power)\s+of\s+(?P<feature>.+?)"
    r"\s+to\s+(?P<verb>[a-z-]+)\s+(?P<rest>.+)$",
    re.I,
)
NOMINAL = re.compile(
    r"^(?:the\s+)?(?P<mech>[\w\s′'()-]+?)\s+(?:of|by|from|at|in)\s+(?P<feature>(?:the|its|a|an|"
    r"these|two|three|four)\s+.+)$",
    re.I,
)
CONDITION_WORDS = re.compile(
    r"\b(?:had to|has to|have to|must|could not|cannot|can't|was run|were run|was used|were "
    r"used|was added|were added|was chosen|was weighed|was tested|were kept|was kept|was "
    r"reduced|were handled|was handled|was required|were required|required|needed|"
    r"in the absence|in the presence|without|no product|only in|at high dilution|"
    r"buffer|solvent|equiv|°C|reflux|atmosphere|argon|nitrogen atmosphere|salt)\b",
    re.I,
)
DESIGN_WORDS = re.compile(
    r"\b(?:was|were)\s+(?:\w+\s+)?(?:introduced|chosen|designed|installed|placed|attached|kept|"
    r"incorporated|selected|appended|added|used|retained|built in)\b|\bin order to\b|\bso that\b"
    r"|\bwas chosen\b|\bto achieve\b|\bdesigned to\b",
    re.I,
)
LABEL = re.compile(
    r"\s+(?:of|in|on|for)\s+(?:(?:compound|aldehyde|ligand|catalyst|host|monomer|probe|emitter|"
    r"tetrazine|substrate|complex|analogue|analog|benzamide|nitroalkene|acid|ester|amide|"
    r"lead|salt|dye|polymer|guest|ketone|amine|alcohol|product|reagent)s?\s+)?"
    r"(?:\([RSEZ]\)-)?\d+[a-z]?[′']*(?:\s*(?:[–-]|,|and)\s*\d*[a-z]?[′']*)*(?=$|[\s,;])",
    re.I,
)
TRAILING_JUNK = re.compile(
    r"(?:[\s,;]+(?:which|and|this|thereby|so|in turn|that|thus|then|also|"
    r"and this|and it|and they|and its [\w\s-]+?|and their [\w\s-]+?))+\s*$|[\s,;:]+$",
    re.I,
)
LEADING_ADVERB = re.compile(
    r"^(?:therefore|thus|also|however|in turn|indeed|moreover|instead|further|furthermore|then"
    r")\b,?\s*",
    re.I,
)
INTRO_PHRASE = re.compile(r"^[A-Z][a-z]+ing\b[^,]{0,80},\s+(?=[A-Za-z])")
"""'Lacking a substituent to shield it, this ring carbon ...': a participial opener."""
ADVERB = re.compile(r"^[a-z]+ly$")
PRESPLIT = "\x00"
"""Joins a feature and a mechanism the splitter already separated (noun-phrase causes)."""


@dataclass(frozen=True)
class Decomposition:
    """The three fields of an explanatory sentence, with the reasoning type."""

    effect: str
    effect_form: EffectForm
    feature: str
    mechanism: str
    reasoning_type: ReasoningType
    connective: str
    """Which pattern split the sentence ('tier1', 'because', 'means', ...)."""


@dataclass(frozen=True)
class Vague:
    """Why a sentence could not be decomposed (see the module's reason table)."""

    reason: Literal["no_connective", "no_effect", "no_feature", "no_mechanism"]
    detail: str


ANAPHORIC_CAUSE = re.compile(
    r"\b(?:in this way|in doing so|by doing so|doing so|this (?:modification|change|strategy|"
    r"design|choice|substitution|protection))\b",
    re.I,
)
"""A cause that only points back ("Capping the hydroxyl in this way ...") is named in an
earlier sentence; offline we cannot resolve it, so the sentence is vague, never guessed."""


def decompose(sentence: str) -> Decomposition | Vague:
    """Split one explanatory sentence into Effect / Feature / Mechanism, or say why not."""
    text = squash(sentence).rstrip(".").strip()
    split = _split(text)
    if split is None:
        return Vague("no_connective", f"no cause/effect connective in: {_short(text)}")
    cause, effect, form, connective = split
    if ANAPHORIC_CAUSE.search(cause):
        return Vague("no_feature", f"the cause refers back to an earlier sentence: {_short(cause)}")
    effect = _clean_effect(effect)
    if len(words(effect)) < MIN_EFFECT_WORDS:
        return Vague("no_effect", f"effect part {effect!r} is too short ({connective})")
    feature_part, presplit, mechanism_part = cause.partition(PRESPLIT)
    subject = (
        (_clean_feature(feature_part), _clean_mechanism(mechanism_part))
        if presplit
        else _subject_predicate(cause)
    )
    if subject is None:
        return Vague("no_feature", f"no subject before a verb in the cause: {_short(cause)}")
    feature, mechanism = subject
    problem = _feature_problem(feature)
    if problem:
        return Vague("no_feature", problem)
    if len(words(mechanism)) < MIN_MECHANISM_WORDS:
        return Vague("no_mechanism", f"mechanism {mechanism!r} is too short")
    return Decomposition(
        effect=effect,
        effect_form=form,
        feature=feature,
        mechanism=mechanism,
        reasoning_type=reasoning_type(text, effect, mechanism, connective),
        connective=connective,
    )


# -- splitting -------------------------------------------------------------------------


def _split(text: str) -> tuple[str, str, EffectForm, str] | None:
    """(cause, effect, effect form, connective) or None."""
    leading = LEADING_CAUSE.match(text)
    if leading:
        return leading["cause"], leading["effect"], "clause", "because"
    result = AS_A_RESULT.search(text)
    if result and result.start() > 0:
        return text[: result.start()], text[result.end() :], "clause", "as_a_result"
    last = None
    for match in TIER1.finditer(text):
        last = match
    if last is not None and last.start() > 0:
        cause, effect = text[: last.start()], text[last.end() :].strip()
        verb = last.group(0).lower()
        form: EffectForm = "np"
        if verb.startswith("explain") and re.match(r"(?:why|how|that)\b", effect, re.I):
            effect = re.sub(r"^(?:why|how|that)\s+", "", effect, flags=re.I)
            form = "clause"
        return cause, effect, form, "tier1"
    gerund = _last(GERUND, text)
    tier2 = _last(TIER2, text)
    if tier2 is not None and (gerund is None or tier2.start() > gerund.start()):
        verb_start = tier2.start("verb") if tier2["verb"] else tier2.start("verb2")
        return text[: tier2.start()], text[verb_start:], "vp", "tier2"
    if gerund is not None and gerund.start() > 0:
        head = text[: gerund.start()]
        thereby = _last(THEREBY, head)
        if thereby is not None:  # "... thereby directing X and giving E": X is mechanism
            head = head[: thereby.start()] + ", " + head[thereby.end() :]
        return head, text[gerund.end() :], "np", "gerund"
    thereby = _last(THEREBY, text)
    if thereby is not None and thereby.start() > 0:
        return text[: thereby.start()], text[thereby.end() :], "vp", "thereby"
    return _split_cause_after(text)


def _split_cause_after(text: str) -> tuple[str, str, EffectForm, str] | None:
    """Effect first, cause after: 'E due to C', 'E arises from C', 'S <effect> by V-ing M'."""
    for pattern, name in ((TRAILING_CAUSE, "due_to"), (ORIGIN, "origin")):
        match = pattern.match(text)
        if match:
            groups = {k: v for k, v in match.groupdict().items() if v}
            effect = groups.get("effect") or groups.get("effect2") or groups.get("effect3", "")
            cause = groups.get("cause") or groups.get("cause2") or groups.get("cause3", "")
            clause = _nominal_cause(cause)
            if clause is None:
                return None
            return clause, effect, "clause" if _has_verb(effect) else "np", name
    means = MEANS.match(text)
    if means:
        head = _subject_predicate(means["head"])
        if head is None:
            return None
        feature, effect_vp = head
        mechanism = f"{_gerund_to_finite(means['gerund'])} {means['rest']}"
        return f"{feature}{PRESPLIT}{mechanism}", effect_vp, "vp", "means"
    return None


def _nominal_cause(cause: str) -> str | None:
    """Turn a noun-phrase cause into 'feature mechanism-VP' text, or None.

    'the capacity of the CF2H group to serve as a hydrogen-bond donor' -> 'the CF2H group
    serves as a hydrogen-bond donor'; 'steric shielding by the tert-butyl groups' -> 'the
    tert-butyl groups provide steric shielding'; a cause that already is a clause is
    returned as it is.
    """
    cause = cause.strip().rstrip(",")
    if _first_verb(cause.split()) is not None:
        return cause
    capacity = CAPACITY.match(cause)
    if capacity:
        finite = third_person(capacity["verb"].lower())
        return f"{capacity['feature']}{PRESPLIT}{finite} {capacity['rest']}"
    nominal = NOMINAL.match(cause)
    if nominal:
        return f"{nominal['feature']}{PRESPLIT}provides {nominal['mech'].strip()}"
    return None


def _last(pattern: re.Pattern[str], text: str) -> re.Match[str] | None:
    last = None
    for match in pattern.finditer(text):
        last = match
    return last


# -- subject / predicate ---------------------------------------------------------------


def _token_word(token: str) -> str:
    return token.strip(",;:()").lower()


def _first_verb(tokens: list[str]) -> int | None:
    """Index of the first finite verb (not an infinitive after 'to'), skipping index 0."""
    for index in range(1, len(tokens)):
        word = _token_word(tokens[index])
        previous = _token_word(tokens[index - 1])
        if word in VERB_FORMS and previous != "to":
            plural = any(_plural(_token_word(t)) for t in tokens[:index])
            if word in VERB_BASES and not plural and not ADVERB.match(previous):
                continue  # "the gem-dimethyl bridge": a bare base form after a singular is a noun
            if index >= 2 and ADVERB.match(_token_word(tokens[index - 1])):
                return index - 1  # "sterically shields": the adverb belongs to the predicate
            return index
    return None


def _plural(word: str) -> bool:
    """A rough plural-noun test: 'rings', 'oxygens' yes; 'this', 'gas', 'bis' no."""
    return (
        len(word) > 3
        and word.endswith("s")
        and not word.endswith(("ss", "us", "is", "ys"))
        and word not in DETERMINERS
    )


def _has_verb(text: str) -> bool:
    return _first_verb(text.split()) is not None


def _subject_predicate(cause: str) -> tuple[str, str] | None:
    """(feature, mechanism) from a cause clause, or None when it has no finite verb."""
    cause = INTRO_PHRASE.sub("", cause.strip())
    cause = TRAILING_JUNK.sub("", cause)
    tokens = cause.split()
    index = _first_verb(tokens)
    if index is None:
        return None
    subject = " ".join(tokens[:index])
    predicate = " ".join(tokens[index:])
    return _clean_feature(subject), _clean_mechanism(predicate)


def _clean_feature(subject: str) -> str:
    subject = subject.strip(" ,;:")
    subject = re.sub(
        r",\s*(?:however|therefore|thus|in turn|indeed)\s*,?$", "", subject, flags=re.I
    )
    subject = re.sub(r"\s+in this way$", "", subject, flags=re.I)
    for _ in range(2):
        subject = LABEL.sub("", subject).strip(" ,")
    tokens = subject.split()
    while tokens and tokens[0].lower() in DETERMINERS:
        tokens = tokens[1:]
    return " ".join(tokens)


def _clean_mechanism(predicate: str) -> str:
    predicate = TRAILING_JUNK.sub("", predicate.strip())
    tokens = predicate.split()
    if len(tokens) > 1:  # "was therefore placed" -> "was placed"
        tokens = [tokens[0], *(t for t in tokens[1:2] if not LEADING_ADVERB.match(t)), *tokens[2:]]
    return TRAILING_JUNK.sub("", " ".join(tokens)).strip()


def _clean_effect(effect: str) -> str:
    effect = LEADING_ADVERB.sub("", effect.strip())
    effect = re.sub(r"^(?:thereby|thus|so)\s+", "", effect, flags=re.I)
    return effect.strip(" ,;:.")


def _feature_problem(feature: str) -> str | None:
    tokens = words(feature)
    if not tokens:
        return "the cause has no subject"
    if len(tokens) == 1 and tokens[0] in PRONOUN_SUBJECTS:
        return f"the subject is only the pronoun {feature!r}"
    if len(tokens) > MAX_FEATURE_WORDS:
        return f"the subject {feature!r} is too long to be one feature"
    if not is_structural(feature):
        return f"the subject {feature!r} names no structural feature"
    return None


def is_structural(phrase: str) -> bool:
    """Whether a phrase names a structural feature (head noun or catalogue alias)."""
    tokens = set(words(phrase))
    return bool(tokens & STRUCTURAL_NOUNS) or bool(groups_named_in(phrase))


def _gerund_to_finite(gerund: str) -> str:
    """'donating' -> 'donates', 'shielding' -> 'shields', 'stopping' -> 'stops'."""
    stem = gerund.lower()[:-3]
    for base in (stem + "e", stem, stem[:-1] if len(stem) > 2 and stem[-1] == stem[-2] else ""):
        if base and base in BASE_OF:
            return third_person(BASE_OF[base])
    return third_person(stem + "e" if stem.endswith(("at", "is", "iz", "ur", "uc")) else stem)


# -- reasoning type --------------------------------------------------------------------


def reasoning_type(text: str, effect: str, mechanism: str, connective: str) -> ReasoningType:
    """Mechanistic, Design or Condition from cue words (seed 002, section 4.2).

    Condition: the sentence gives a cause first (because/since) and its effect is a
    requirement on conditions ("had to", "was run at high dilution", "without",
    reagents and temperatures). Design: the feature "was introduced / chosen / placed
    ... to / so that / because". Everything else explains how a feature produces an
    effect: Mechanistic.
    """
    if connective in ("because", "as_a_result", "due_to") and CONDITION_WORDS.search(effect):
        return ReasoningType.CONDITION
    if DESIGN_WORDS.search(mechanism) or DESIGN_WORDS.search(text[: len(text) // 2 + 1]):
        return ReasoningType.DESIGN
    return ReasoningType.MECHANISTIC


def _short(text: str, width: int = 90) -> str:
    return text if len(text) <= width else text[: width - 1] + "…"
