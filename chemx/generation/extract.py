"""Effect, Feature and Mechanism from one explanatory sentence, read with a clause grammar.

The offline stand-in for the Stage 1 decomposition call (seed 002, appendix C.3). An
explanatory sentence states how a structural feature produces an observed effect. The
sentence is read in three steps:

1. `chemx.generation.clauses` normalises and tags it (word classes from a closed-class
   lexicon, the verb list and suffix rules).
2. `chemx.generation.causal` finds its causal construction, a table of token patterns
   (because / since / as / when ..., due to / owing to / attributed to / caused by / the
   result of / arises from, which / which is why / so / thus / therefore / hence, leading
   to / allowing / enabling and other result participles, 'by V-ing' means adjuncts,
   'X makes / renders / lowers Y', an observation followed by ', reflecting / consistent
   with / in line with <cause>', a 'so that' result (a purpose 'so that' has a modal),
   and medicinal-chemistry matched pairs), which cuts it into a *cause* and an *effect*.
3. The cause is read as a clause (the Feature is its subject, the Mechanism its
   predicate, so that "<Feature> <Mechanism>" reads as a sentence) or, when it is a noun
   phrase, through its nominalisation: "the small size of the ortho-substituent" ->
   feature "ortho-substituent", mechanism "has a small size"; "steric shielding by the
   mesityl group" -> "provides steric shielding"; "the ability of the amine to attack
   the ester" -> "attacks the ester"; "the electron-withdrawing nitro group" ->
   "withdraws electron density".

A matched-pair sentence ("Replacing the 6-fluoro of 24 by methyl gave 28, 60-fold less
potent, likely due to a steric clash with ...") also records the two compounds and the
structural difference (`MatchedPair`). Anything that does not read cleanly is discarded
with a reason, never completed: the seed discards evidence "too vague to yield all three
fields".

Reason codes (stable; they go into the generation gate's `Decision.reason` as
``too_vague:<code>``):

==================  ===============================================================
``no_connective``   no causal construction: the sentence does not say what produces
                    what
``no_effect``       the effect part is empty, a single word or only a pronoun
``no_feature``      the cause names no structure ("H2O2 converts ...", "due to the
                    steric hindrance"), is a bare pronoun, or points back to an
                    earlier sentence
``no_mechanism``    the cause names a feature but not how it acts (a predicate shorter
                    than three words, "because it bears a nitro group", "due to the
                    nitro group")
==================  ===============================================================

Long module: tagging and the construction table already live in `clauses` and
`causal`; what stays here is the reading of one matched construction (clause, nominal
and matched-pair causes and the cleaning they share), which reads best in one place.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from itertools import pairwise
from typing import Literal

from chemx.generation.catalogue import groups_named_in, parent_of
from chemx.generation.causal import EffectForm, Reading, phrases, readings
from chemx.generation.clauses import (
    ATE_BASES,
    ATE_VERBS,
    FLOATING_QUANTIFIERS,
    ISE_VERB,
    Tag,
    Token,
    is_plural,
    normalise,
    predicate_start,
    text_of,
    tokenise,
)
from chemx.generation.effect_checks import not_an_observation, without_evaluation
from chemx.generation.lexicon import (
    BARE_POSITION_WORDS,
    BASE_OF,
    COMPOUND_HEADS,
    DETERMINERS,
    NON_FEATURE_HEADS,
    PRONOUN_SUBJECTS,
    ROLE_HEADS,
    STRUCTURAL_NOUNS,
    SUBORDINATORS,
    VERB_BASES,
    lexicon_verb,
    making_verbs,
    third_person,
)
from chemx.generation.nomenclature import names_group
from chemx.generation.subject_cause import (
    NOMINAL_CAUSE_CONSTRUCTIONS,
    mechanism_of,
    subject_reading,
)
from chemx.generation.text import (
    BOND_NAME,
    article_for,
    capitalise,
    content_stems,
    distinctive_stems,
    wordlist,
    words,
)
from chemx.generation.word_forms import is_gerund
from chemx.labels import is_label
from chemx.labels.codes import read_code
from chemx.records import ReasoningType

__all__ = [
    "Decomposition",
    "EffectForm",
    "MatchedPair",
    "Vague",
    "decompose",
    "is_structural",
    "reasoning_type",
]

MIN_MECHANISM_WORDS = 3
MIN_EFFECT_WORDS = 2
MIN_EFFECT_CONTENT_WORDS = 2
"""A verb-phrase effect becomes the stem "One structural feature <effect>."; with one
content word ("is not tolerated", "was inactive") it does not say in what, and a chemist
cannot tell what is being explained."""
MAX_FEATURE_WORDS = 10

ABSTRACT_HEAD = re.compile(r"[a-z]{3,}(?:ity|ness)$")
"""A property noun heads the nominal ("the acid lability of the oxetane"): the group
word before it ('acid') modifies the property, and the feature is after 'of'."""
LIGHT_HEADS = wordlist(
    """
    presence introduction installation incorporation use attachment placement
    """
)
"""'the presence of X' names X: the head adds nothing to the feature."""
EVENT_NOUNS = wordlist(
    "attack cleavage oxidation uptake release transport efflux exchange transfer insertion"
)
"""Event nouns without an event suffix."""
EVENT_SUFFIXES = ("ation", "ition", "ysis", "ment", "sion", "age")
INFLUENCE_NOUNS = wordlist(
    """
    effect effects hindrance shielding repulsion clash interaction interactions donation
    withdrawal conjugation resonance stabilisation stabilization destabilisation
    destabilization induction polarisation polarization strain bias influence
    """
)
"""Nominals of what a feature does to something else: 'the X of F' -> 'F exerts X'."""
LOSS_NOUNS = wordlist(
    """
    loss absence removal lack deletion
    """
)
CONTACT_NOUNS = wordlist(
    """
    bond bonds interaction interactions contact contacts stacking bridge
    """
)
CLASH_NOUNS = wordlist(
    """
    clash clashes repulsion strain hindrance
    """
)
POSSESSION_VERBS = wordlist(
    """
    bears bear has have had contains contain contained carries carry possesses possess
    """
)
"""A predicate 'bears a nitro group' names a feature the subject has, not how it acts."""
PLACEMENT_VERBS = wordlist("exists exist lies lie sits sit resides reside")
"""Finite verbs of place: "when the nitro group exists on the meta position"."""
CHANGE_PARTICIPLES = wordlist(
    """
    changed replaced used employed switched exchanged varied modified swapped removed
    omitted added tested applied
    """
)
"""Passives of making or using: "when the cyclohexyl moiety was changed to cyclobutyl"
says what the chemists did to a feature, not what the feature does."""
PLACEMENT_PARTICIPLES = wordlist(
    """
    located situated positioned embedded attached appended tethered anchored placed
    present found lying sitting
    """
)
"""A bare participle that says where the feature is: "the substituents located at the two
carbons" is one noun phrase, and what follows "located" is no mechanism."""
CAPACITY_NOUNS = wordlist(
    """
    ability capacity tendency propensity power
    """
)
PERSONAL_PRONOUNS = wordlist(
    """
    it they
    """
)
COMPARATIVE = re.compile(
    r"\b(?:more|less|weaker|stronger|higher|lower|better|worse|equipotent|inactive|"
    r"potent|selective|active|soluble|stable)\b",
    re.I,
)
PAIR_HEADS = wordlist(
    """
    analogue analog derivative congener compound variant
    """
)
"""'the N-methyl analogue 12c': the head names the relation, the modifier the change."""


@dataclass(frozen=True)
class MatchedPair:
    """Two drawn compounds that differ in one structural change, and what it did."""

    from_label: str
    """The reference compound ('24')."""
    to_label: str
    """The compound with the change ('28')."""
    change: str
    """The structural difference, 'old → new' ('6-fluoro → methyl'; 'H → methyl group at
    C2' for an added group, 'C5 hydroxyl → H' for a removed one)."""
    effect: str
    """What the change did, as written ('60-fold less potent')."""
    mechanism: str
    """Why, as written ('a steric clash with the gatekeeper residue Thr106')."""


@dataclass(frozen=True)
class Decomposition:
    """The three fields of an explanatory sentence, with the reasoning type."""

    effect: str
    effect_form: EffectForm
    feature: str
    mechanism: str
    reasoning_type: ReasoningType
    connective: str
    """Which construction read the sentence ('because_lead', 'due_to', 'pair_replace', ...;
    see `chemx.generation.causal.CONSTRUCTIONS`)."""
    comparison: MatchedPair | None = None
    """For a matched-pair sentence: both compounds and the structural difference."""
    effect_from_previous: bool = False
    """The effect is the previous sentence, which the basis only points back to ("This
    might be due to ..."): provenance must name that sentence too."""


@dataclass(frozen=True)
class Vague:
    """Why a sentence could not be decomposed (see the module's reason table)."""

    reason: Literal["no_connective", "no_effect", "no_feature", "no_mechanism"]
    detail: str


ANAPHORIC_CAUSE = re.compile(
    r"\b(?:in this way|in doing so|by doing so|doing so|this (?:modification|change|strategy|"
    r"design|choice|substitution|protection)|it is (?:this|these|that|those) \w+)\b",
    re.I,
)
"""A cause that only points back ("Capping the hydroxyl in this way ...", the cleft "...,
and it is this contact, absent from the C6 pathway, that accounts for ...") is named
elsewhere; offline we cannot resolve it, so the sentence is vague, never guessed."""


ANAPHORIC_EFFECT = re.compile(
    r"^(?:(?:this|these|that)(?:\s+[a-z-]+)?|it)"
    r"(?:\s+(?:is|was|are|were)(?:\s+not)?\s+(?:un)?(?:expected|surprising|noteworthy|notable|"
    r"remarkable|striking|reasonable|understandable|intriguing|interesting|plausible))?$",
    re.I,
)
"""An effect that is only a pointer back ("This might be due to ...", "These results can
be attributed to ...", "This selectivity is expected, since ..."): real papers state the
observation in one sentence and explain it in the next, so the effect is the sentence
before. An evaluation of it ('is expected', 'is not surprising') adds no observation."""


DEMONSTRATIVE_PHRASE = re.compile(r"^(?:this|these|those|the same)(?:\s+[\w-]+){1,5}$", re.I)
"""'this loss of activity', 'these higher yields': a noun phrase that names the observation
of the sentence before rather than stating it."""


PREVIOUS_CLAUSES = re.compile(r",\s+(?:and|but|whereas|while)\s+|;\s+")
POINTER_STEMS = frozenset(
    content_stems("this these that those such same loss gain change effect increase drop")
)
"""What a pointer says besides naming its observation ('This loss of hERG activity')."""


def _pointed_clause(pointer: str, previous: str) -> str:
    """The clause of the sentence before that a pointer names, else that whole sentence.

    "This loss of hERG activity is attributed to ..." after "2 was only twofold weaker
    than 1, and its hERG IC50 exceeded 30 µM": the pointer's own words ('hERG') pick
    the second clause; the first is another observation.
    """
    wanted = content_stems(pointer) - POINTER_STEMS
    clauses = [c for c in PREVIOUS_CLAUSES.split(previous) if _has_verb(c)]
    if not wanted or len(clauses) < 2:
        return previous
    shared = [len(wanted & content_stems(clause)) for clause in clauses]
    best = max(shared)
    if best == 0 or shared.count(best) > 1:
        return previous
    return capitalise(clauses[shared.index(best)].strip())


def _points_back(effect: str) -> bool:
    """Whether the effect only points back to the sentence before (`ANAPHORIC_EFFECT`)."""
    if ANAPHORIC_EFFECT.match(effect):
        return True
    return bool(DEMONSTRATIVE_PHRASE.match(effect)) and not _has_verb(effect)


CHANGE_NOUNS = wordlist(
    "change changes modification modifications substitution substitutions replacement "
    "replacements switch swap exchange alteration alterations"
)
_BACK_DETERMINER = re.compile(r"^(?:the same|this|these|that|such an?|such)\s", re.I)


def _change_pointed_back(effect: str) -> bool:
    """Whether a clause effect's subject is a change the sentence before made.

    "The same change lowered aqueous solubility from 3.1 to 0.6 mg/mL": which change is
    said only in the sentence before, so the stem would ask about an unnamed change.
    """
    opener = _BACK_DETERMINER.match(effect)
    if opener is None:
        return False
    head = words(effect[opener.end() :])[:2]
    if head and head[0] in CHANGE_NOUNS:
        return True  # "the same change lowered ..."; not "these waters exchange ..."
    return len(head) == 2 and head[0].endswith(MODIFIER_ENDINGS) and head[1] in CHANGE_NOUNS


MODIFIER_ENDINGS = ("al", "ic", "ed", "ous", "le", "ar")
"""Endings of the adjectives before a change noun ('structural change', 'single swap')."""


METHOD_ASIDE = re.compile(
    r",?\s+as\s+(?:judged|determined|shown|measured|assessed|confirmed|established|monitored"
    r"|evidenced|indicated|revealed|seen)\s+(?:by|from|in)\b.*$",
    re.I,
)
"""How an effect was measured, after it: '..., as judged by dialysis and by intact-protein
mass spectrometry' (blind-59) says how the authors know, not what the compound did."""
TRAILING_AS = re.compile(
    r"(?:,?\s+(?:most\s+)?(?:presumably|probably|likely|possibly|perhaps|largely|mainly))?"
    r"\s+as$",
    re.I,
)
"""The 'as' of 'as a result of' / 'as a consequence of' left on the effect when the
attribution matched 'a result of' (with the hedge before it)."""
OWN_VALUE_CHANGE = re.compile(
    r"^(?:shifts?|shifted|rises?|rose|drops?|dropped|falls?|fell|increases?|increased|"
    r"decreases?|decreased|moves?|moved|climbs?|climbed|goes|went)\s+(?:from|to|by)\s+[\d−-]",
    re.I,
)
"""A mechanism that is the subject's own value changing ('shifts from 498 nm to 552
nm'): an observation; a transitive change ('lowers the pKa from 7.9') is an action."""
PRO_VERBS = frozenset({"do", "does", "did"})
"""Auxiliaries that stand for a whole predicate at a clause's end ('which 12d cannot do')."""
INNER_CAUSE = re.compile(
    r",?\s+(?:as a (?:consequence|result) of|due to|owing to|because of|because|since|"
    r"and (?:its|their|the|these) [^,;]{1,60}? (?:accounts?|accounted) for)\s",
    re.I,
)
"""A cause marker left inside an effect: the cause read elsewhere starts there."""
CONTRAST_LEAD = re.compile(
    r"^(?:whereas|while|although|though)\s[^,]{3,120},\s+(?P<main>\S.*)$", re.I
)
"""An observation opened by the one it contrasts with; the main clause follows the comma."""
EXPECTED_THEN_OBSERVED = re.compile(
    r"^(?P<subject>.+?)\s+(?:should|would|might|could|(?:was|were)\s+expected\s+to)\s"
    r"[^;]{3,160}?,\s+(?:yet|but)\s+(?P<pronoun>(?:it|they)\s+)?(?P<observed>\S.*)$",
    re.I,
)
"""'X should twist the ring equally well, yet it gave only a threefold gain' (blind-68): the
expectation is not what was measured; the clause after 'yet' or 'but' is."""
STEP_THEN_WHY = re.compile(
    r"^(?P<step>\S.{5,200}?),\s+which\s+(?:(?:also|partly)\s+)?(?:helps?\s+(?:to\s+)?)?"
    r"(?:explains?|accounts?\s+for)\s+why\s+(?P<why>\S.+)$",
    re.I | re.S,
)
"""'<step>, which helps explain why <observation>': the observation is the effect."""
REPORTING_FRAME = re.compile(
    r"^(?:we|(?:the\s+)?[a-z0-9–-]+(?:\s+[a-z0-9–-]+){0,2}\s+(?:profiles|experiments|"
    r"measurements|data|studies|assays|analyses|analysis|calculations|spectra|titrations|"
    r"structures?))\s+(?:\w+ly\s+)?(?:show|showed|shown|find|found|observe|observed|"
    r"demonstrate|demonstrated|note|noted|report|reported|establish|established|confirm|"
    r"confirmed|reveal|revealed|indicate|indicated)\s+that\s+",
    re.I,
)
"""'We show that ...', 'Kinetic profiles showed that ...' frame the observation; what
follows is the effect (blind-49: the frame stayed in the stem)."""
CONCESSION = re.compile(r",?\s+albeit\s+(?:in\s+|with\s+)?(?P<effect>.+)$", re.I)
"""'X was also successful, albeit in lower yields': the cause that follows explains the
concession, not the success."""


def decompose(sentence: str, previous: str | None = None) -> Decomposition | Vague:
    """Split one explanatory sentence into Effect / Feature / Mechanism, or say why not.

    The constructions are tried in table order; the first that yields all three fields
    wins. When none does, the reason is the first construction's (the strongest reading
    of the sentence), or ``no_connective`` when no construction matched.

    Args:
        sentence: the explanatory sentence.
        previous: the sentence before it in the paper; when the effect is only a pointer
            back ("This might be due to X"), that sentence is the effect
            (`ANAPHORIC_EFFECT`). Without it such a sentence is ``no_effect``.
    """
    text = normalise(sentence)
    before = normalise(previous).rstrip(" .") if previous else None
    why = WHY_FRAME.match(text)
    if why is not None:
        # "Docking suggests why 3a is less active: from the 5-aminophthalimide the linker
        # projects ..., so the contacts ... cannot form" (blind-67): the why-clause is the
        # observation, and the clause after the colon explains it
        inner = _decompose_text(capitalise(why["explanation"]), None)
        if isinstance(inner, Decomposition):
            return replace(inner, effect=why["effect"].strip(), effect_form="clause")
    whole = _decompose_text(text, before)
    if isinstance(whole, Decomposition):
        return _observation_before_colon(text, _last_statement(text, whole))
    for clause in _joined_clauses(text):
        # "Metabolite identification showed X, and the para-fluorobenzyl group of 12d,
        # whose C–F bond occupies the site of attack, lowered CLint": the explanation is
        # one of two joined statements
        found = _decompose_text(capitalise(clause), None)
        if isinstance(found, Decomposition):
            return found
    return whole


WHY_FRAME = re.compile(
    r"^[^:;]{0,100}?\b(?:suggests?|suggested|shows?|showed|explains?|explained|reveals?|"
    r"revealed|indicates?|indicated|illustrates?|rationalises?|rationalizes?)\s+why\s+"
    r"(?P<effect>[^:;]{5,160}):\s+(?P<explanation>\S.+)$",
    re.I,
)
"""'<evidence> suggests why <observation>: <explanation>'."""


def _observation_before_colon(text: str, whole: Decomposition) -> Decomposition:
    """The observation before a colon, when the reading found a result after it.

    "Dye 3 fluoresced weakly (ΦF = 0.04): its open polymethine chain ... can twist about
    the C–C bonds in the excited state and so decays nonradiatively by photoisomerisation"
    (blind-70): the clause after the colon explains the one before it, and its own 'and so'
    result is the last step of that explanation, not what was measured.
    """
    head, colon, tail = text.partition(": ")
    if not colon or whole.effect_form != "vp" or whole.connective not in ("consequence", "so"):
        return whole
    if whole.effect not in tail or not _has_verb(head) or ";" in head:
        return whole
    mechanism = f"{whole.mechanism} and so {whole.effect}"
    return replace(whole, effect=head.strip(), effect_form="clause", mechanism=mechanism)


def _last_statement(text: str, whole: Decomposition) -> Decomposition:
    """The reading of the statement after a semicolon inside the effect, when it has one.

    "Terminal fluorination left potency unchanged; the 3,3,3-trifluoropropyl group of 5c
    did, however, halve microsomal clearance, presumably by blocking ω-oxidation ..."
    (blind-68): the means explains the second statement, whose own subject is the cause;
    read whole, the first subject became the feature and the stem named the answer.
    """
    if whole.effect_form not in ("vp", "clause") or "; " not in whole.effect:
        return whole
    second = whole.effect.rsplit("; ", 1)[1]
    start = predicate_start(tokenise(second))
    if not start:  # no subject of its own: "...; 3b was inactive" has one, "...; and" not
        return whole
    at = text.rfind("; ")
    found = _decompose_text(capitalise(text[at + 2 :]), None) if at >= 0 else None
    return found if isinstance(found, Decomposition) else whole


def _decompose_text(text: str, before: str | None) -> Decomposition | Vague:
    """The first construction's decomposition of a normalised sentence, or why none."""
    tokens = tokenise(text)
    first: Vague | None = None
    for reading in readings(tokens):
        result = _interpret(text, tokens, reading, before)
        if isinstance(result, Decomposition):
            return result
        if result is not None and first is None:
            first = result
    return first or Vague("no_connective", f"no cause/effect construction in: {_short(text)}")


def _joined_clauses(text: str) -> list[str]:
    """The statements after ', and the/a/its ...' that have a subject and verb of their own."""
    return [text[end:] for _, end in _clause_joins(text)]


# -- reading one construction ----------------------------------------------------------


REDUCED_PARTICIPLE_ORIGIN = re.compile(
    r"\b(?:products?|metabolites?|species|signals?|peaks?|fragments?|material|adducts?|"
    r"by-?products?|impurit(?:y|ies))$",
    re.I,
)
"""A noun that 'derived from' / 'resulting from' describes rather than explains."""


def _interpret(
    text: str,
    tokens: list[Token],
    reading: Reading,
    previous: str | None = None,
    *,
    on_subject: bool = True,
) -> Decomposition | Vague | None:
    """The decomposition a reading gives, why it gives none, or None if it does not apply.

    `on_subject=False` reads an absolute clause by its own subject only (see
    `_labelled_compound`).
    """
    family = reading.construction.family
    pointed_back = False
    if family == "pair":
        return _read_pair(text, tokens, reading)
    means = ""  # a step of the mechanism found in the effect span
    cause = DISCOURSE_OPENER.sub("", _span(text, tokens, reading, "cause"))
    effect = INNER_DISCOURSE.sub(
        "", DISCOURSE_OPENER.sub("", _span(text, tokens, reading, "effect"))
    )
    if (
        reading.construction.name == "arises_from"
        and REDUCED_PARTICIPLE_ORIGIN.search(effect)
        and predicate_start(tokenise(effect)) is not None
    ):
        # "4a gave no products derived from its amine" (blind-67): after a finite verb and
        # its object, 'derived from' is a reduced relative on the noun, no origin verb
        return None
    if CONDITIONS_ASIDE.search(cause) or (
        PRODUCT_YIELD.search(effect) and INLINE_CONDITIONS.search(cause)
    ):
        # "(n-BuLi, THF, −78 °C)"; or conditions written inline with a product's yield as
        # the effect: "Mills coupling of 5 with 6 in acetic acid at 50 °C for 48 h gave 7
        # in 41% yield" (blind-44)
        return Vague(
            "no_feature", f"the cause is a synthetic step with its conditions: {_short(cause)}"
        )
    if ANAPHORIC_CAUSE.search(cause):
        return Vague("no_feature", f"the cause refers back to an earlier sentence: {_short(cause)}")
    if family == "gerund_lead":
        return _read_gerund_lead(text, tokens, reading)
    if family == "means":
        return _read_means(text, cause, effect, reading)
    if family == "evidential":
        return _read_evidential(text, cause, effect, reading)
    if reading.construction.name == "so" and effect.lower().startswith("that "):
        if PURPOSE_MODAL.search(effect):
            return None  # "so that it can bind" states a purpose, not a result
        effect = effect[len("that ") :]  # "..., so that its excited state is a stronger oxidant"
    fronted = ""
    clause: tuple[str, str] | None = None
    if reading.construction.name == "absolute":
        if not _has_verb(effect):
            return None  # "In 4b, the two tert-butyl groups ... shield it": a fronted place
        fronted, effect = _fronted_group(effect)
        clause = _absolute_clause(cause)
        if clause is None:
            return None  # an apposition ("..., the highest yield of the series")
        split = None if fronted else _subject_predicate(effect)
        # a subject that is a change made ("Replacing the benzene node by the triazine of
        # 4 raised ..., the triazine nitrogens providing ..."): the clause names the feature
        changed = split is not None and _opens_on_replacement(split[0])
        if on_subject and split is not None and is_structural(split[0]) and not changed:
            subject_read = _absolute_on_subject(text, *split, clause, reading)
            if not _labelled_compound(split[0]):
                return subject_read
            # "The (R)-tetrahydrofuran-3-yl ether 8 lost only fourfold, its ring oxygen
            # adding polarity ...": the subject is a compound; the clause names the feature
            by_clause = _interpret(text, tokens, reading, previous, on_subject=False)
            return by_clause if isinstance(by_clause, Decomposition) else subject_read
        cause = " ".join(clause)
    form = reading.construction.effect_form
    if reading.construction.name == "due_to_lead":
        cause, effect = _relative_on_lead_cause(cause, effect)
    if family == "effect_first":
        effect = _strip_trailing(effect)
        cause = RESULT_CLAUSE.split(cause, 1)[0]  # "a bond that pairs ..., so 13 is diamagnetic"
        subordinate = SUBORDINATE_AFTER_COMMA.search(cause)
        if subordinate and not is_structural(cause[: subordinate.start()]):
            return None  # "reflects less quenching, since its bulky ligand keeps ...": 'since'
        if previous and _points_back(effect) and _has_verb(previous):
            effect, pointed_back = _pointed_clause(effect, previous), True
        conceded = CONCESSION.search(effect)
        if conceded:  # "X worked, albeit in lower yields": the lower yields are explained
            effect = conceded["effect"].strip(" ,;")
        contrasted = CONTRASTED_CLAUSE.search(effect)
        if contrasted and (POSSESSIVE_OPENER.match(cause) or PRONOUN_OPENER.match(cause)):
            # "1 was hydrolysed, whereas 2a survived intact, because its C–C bond ...": the
            # cause's pronoun is the nearest subject's, and so is the effect (blind-58)
            effect = contrasted["clause"].strip(" ,;")
        form = "np" if conceded or not _has_verb(effect) else "clause"
    else:
        if reading.construction.name in (*CLAUSE_FINAL, "causal_verb") and (
            _subordinate_cause(cause) or _absolute_inside(cause)
        ):
            return None  # the effect verb belongs to the subordinate clause: read 'because'
        if reading.construction.name == "effect_verb" and RESULT_CLAUSE_SUBJECT.search(cause):
            # "F suppresses self-metathesis, so that internal olefins accounted for only
            # 6% of the products" (blind-64): the verb is the result clause's
            return None
        if reading.construction.name == "effect_verb" and RESTRICTIVE_END.search(cause):
            # "... blocking the channel that leads to the active site": the verb is the
            # relative clause's, which says what the channel is, not what it caused
            return None
        if (
            reading.construction.name == "which_effect"
            and _joined_by_that(tokens, reading)
            and MEANS_CLAUSE.search(cause)
        ):
            # "X raises the yield ... by locking the dihedral and so suppressing the torsional
            # motion that drives non-radiative decay": the sentence's effect comes before
            # 'by'; the 'that' clause says what the motion does (blind-45)
            return None
        if reading.construction.name == "causal_verb" and _own_predicate(cause):
            # "The analogue 2c bleached within 3 h and gave only 52% ..., as ...": the
            # subject is a compound with a verb of its own, not a feature that caused
            return None
        if reading.construction.name == "causal_verb" and ";" in cause:
            # "the α-fluorine of 3 lengthened ...; we propose that π-donation ... lowers X":
            # no subject runs over a semicolon; the second clause is the cause
            return None
        if reading.construction.name == "participle" and STATED_CAUSE.search(effect):
            # "X gave the best balance, raising Papp ... because it leaves ...": the
            # participle is part of the effect; the 'because' clause gives the cause
            return None
        if reading.construction.name == "consequence" and ATTRIBUTED_INSIDE.search(cause):
            # "X increased affinity ..., which we attribute to the fluorine twisting the
            # ring ... and so matching ...": the 'so' is a step of the attributed cause
            return None
        if (
            reading.construction.name == "thereby"
            and MEANS_CLAUSE.search(cause)
            and tokenise(effect)[:1]
            and tokenise(effect)[0].tag is Tag.VBG
        ):
            # "F shifts E by withdrawing ... and thereby stabilising ...": the second
            # gerund is the means adjunct's second step; the effect comes before 'by'
            return None
        if reading.construction.name == "as" and MANNER_AS.search(cause):
            # "..., as the flexible acetamidomethyl group of 1 is thought to do" (blind-66):
            # 'as' compares what another compound does; it gives no cause
            return None
        if reading.construction.name == "so" and _subordinate_cause(cause):
            # "X raised tLi+, because the vinyl group copolymerises, so its anion cannot
            # migrate": the 'so' clause follows from the 'because' clause; X is the effect
            return None
        effect = _clean_effect(effect)
        cause = HEDGED_POINTER.sub("", cause)  # "..., which presumably explains why ..."
        if reading.construction.name == "effect_verb" and WHY_EFFECT.match(effect):
            effect, form = WHY_EFFECT.sub("", effect), "clause"  # "explains why X is Y"
        cause = _adjacent_clause(cause, after_colon=reading.construction.name in COLON_CAUSES)
        if form == "clause" and _verb_first(effect):
            form = "vp"  # "... and thus places the indole deeper": the cause's subject acts
        if previous and _points_back(effect) and _has_verb(previous):
            # "We attribute this loss": the sentence before, or its clause the pointer names
            effect, pointed_back, form = _pointed_clause(effect, previous), True, "clause"
        result = SO_THAT_RESULT.search(effect) if form == "vp" else None
        if result is not None and _has_verb(result["clause"]):
            # "..., rendering the gold centre more electrophilic, so that the reaction was
            # complete within 15 min": the participle is a step of the mechanism; what
            # was seen is the result clause (blind-58)
            means = effect[: result.start()].strip(" ,")
            effect, form = result["clause"].strip(" ,;"), "clause"
    if form == "vp":
        effect = _next_clause_cut(_finite_start(effect))
    if len(words(effect)) < MIN_EFFECT_WORDS or effect.lower() in PRONOUN_SUBJECTS:
        return Vague(
            "no_effect", f"effect part {effect!r} is too short ({reading.construction.name})"
        )
    if reading.construction.name == "with_lead":
        held = _absolute_clause(cause, passive=True)
        if held is None:
            return None  # "With 5 mol% of catalyst, ...": a condition, not a clause
        cause_fields = _read_absolute(*held)
    elif reading.construction.name == "participle_lead":
        cause_fields = _read_possession(cause)
    elif reading.construction.name == "absolute" and clause is not None:
        # the clause's subject, and its predicate as the cause was cut above (a result
        # clause after it is not the mechanism)
        subject = clause[0]
        cause_fields = _read_absolute(subject, cause[len(subject) :].strip())
    elif family == "effect_first" and (renamed := _renamed_after_colon(cause)) is not None:
        cause_fields = renamed
    else:
        cause_fields = _read_cause(cause, nominal_adjective=True)
        added = _added_group_feature(text, effect, cause, reading, cause_fields, pointed_back)
        if added is not None:
            return added
    if family == "effect_first" and not pointed_back:
        possessor = _possessed_property(effect, cause)
        if possessor is not None:  # "..., because its steric clash with X twists Y"
            owner, owner_effect, property_mechanism = possessor
            return _finish(
                text, owner_effect, "vp", owner, property_mechanism, reading, parsed=False
            )
    if isinstance(cause_fields, Vague) and reading.construction.name == "due_to_lead":
        stepped = _lead_cause_result(text, cause, effect, reading)
        if stepped is not None:
            return stepped
    if isinstance(cause_fields, Vague):
        return _subject_as_feature(text, effect, cause, reading, pointed_back) or cause_fields
    feature, mechanism, parsed = cause_fields
    if means:
        mechanism = _with_means(mechanism, means, plural=is_plural(_head_word(feature)))
    if fronted:  # "With X, E, the bulky groups occupying ...": the clause renames X
        feature = fronted
    if feature.lower() in PERSONAL_PRONOUNS and family == "effect_first":
        resolved = _resolve_pronoun(effect)  # "X is essential because it donates ..."
        if resolved is not None:
            feature, effect = resolved
            form = "vp"
    if family == "effect_first" and form == "clause" and _process_head(_head_word(feature)):
        owned = (
            _process_of_subject(effect, feature)
            if reading.construction.name == "colon"  # its own clause: "...; we propose that"
            else None
        )
        undergone = _undergone(feature) if _predicates(mechanism) else None
        if owned is not None:  # "the α-fluorine of 3 lengthened ...; π-donation from ..."
            mechanism = f"{mechanism} through {_strip_determiners(feature)}"
            feature, effect, form = (*owned, "vp")
        elif undergone is not None:  # "since cleavage of the methyl aryl ether releases ..."
            feature, mechanism = undergone[0], f"undergoes {undergone[1]}, which {mechanism}"
    finished = _finish(text, effect, form, feature, mechanism, reading, parsed=parsed)
    if pointed_back and isinstance(finished, Decomposition):
        return replace(finished, effect_from_previous=True)
    if isinstance(finished, Vague) and finished.reason == "no_feature":
        return _subject_as_feature(text, effect, cause, reading, pointed_back) or finished
    return finished


def _added_group_feature(
    text: str,
    effect: str,
    cause: str,
    reading: Reading,
    cause_fields: tuple[str, str, bool] | Vague,
    pointed_back: bool,
) -> Decomposition | None:
    """The group a change adds, as the feature of a noun-phrase cause about other parts.

    "Introduction of the dicyanovinyl acceptor in 2c moves the emission to 585 nm as a
    result of intramolecular charge transfer from the electron-rich TPE core to the
    electron-poor vinyl group" (blind-49): the core is in every compound of the series;
    what 2c differs by, and so what explains its effect, is the group introduced. The
    noun phrase becomes the mechanism said of that group. None when the subject adds no
    group or the cause's own feature is the added group.
    """
    if reading.construction.name not in NOMINAL_CAUSE_CONSTRUCTIONS:
        return None
    if not ADDING_GERUND.match(effect):
        return None
    tokens = tokenise(effect)
    verb = predicate_start(tokens)
    if not verb:
        return None
    subject = effect[: tokens[verb].start]
    if isinstance(cause_fields, tuple) and distinctive_stems(cause_fields[0]) & distinctive_stems(
        subject
    ):
        return None  # "Introducing a fluorine ..., owing to the fluorine's ...": the same group
    return _subject_as_feature(text, effect, cause, reading, pointed_back, any_verb=True)


def _relative_on_lead_cause(cause: str, effect: str) -> tuple[str, str]:
    """A relative clause on a fronted cause, moved from the effect back to the cause.

    "Thanks to its bulky tert-butyl group, which shields the α-proton ... and thereby
    slows the deprotonation ..., 3a still occupied 72% of BTK" (blind-50): the lead's
    comma ends the noun phrase, not the cause; the effect is the first clause after a
    later comma that has a subject of its own.
    """
    if not re.match(r"(?:which|that|whose)\s", effect, re.I):
        return cause, effect
    for comma in re.finditer(r",\s+", effect):
        tail = effect[comma.end() :]
        tokens = tokenise(tail)
        verb = predicate_start(tokens)
        if verb and tokens[0].tag not in (Tag.VERB, Tag.AUX, Tag.CONJ, Tag.REL, Tag.PREP):
            return f"{cause}, {effect[: comma.start()]}", tail
    return cause, effect


LEAD_RESULT = re.compile(
    r",\s+(?:thereby\s+|thus\s+)?(?:giving rise to|giving|affording|leading to|resulting in"
    r"|producing|causing)\s+(?P<effect>.+)$"
)
"""A result participle closing the clause after a fronted cause: '..., giving a t1/2 of 7 min'."""


def _lead_cause_result(
    text: str, cause: str, effect: str, reading: Reading
) -> Decomposition | None:
    """'Thanks to X, S V-s ..., giving E': X the feature, S's predicate the mechanism, E the effect.

    "Thanks to its methyl propanoate side chain, 4b is hydrolysed by carboxylesterase 1
    to an inactive carboxylic acid, giving a half-life of only 7 min" (blind-60): the
    fronted cause names the group only; the clause after it says what the group
    undergoes, and the participle what was measured. None without that participle or a
    subject-predicate clause before it.
    """
    result = LEAD_RESULT.search(effect)
    if result is None:
        return None
    split = _subject_predicate(effect[: result.start()])
    if split is None or not split[0].strip() or not is_structural(cause):
        return None
    mechanism = _clean_mechanism(split[1])
    return _as_decomposition(
        _finish(text, result["effect"], "np", cause, mechanism, reading, parsed=False)
    )


def _opens_on_replacement(subject: str) -> bool:
    """Whether a subject is a replacement the authors made (`causal` class ``replace``).

    It names two groups, the old and the new, and the sentence's clause says which of them
    acts; "Introducing a gem-dimethyl group" names one group, which is the feature.
    """
    lead = tuple(words(subject)[:2])
    return any(lead[: len(phrase)] == phrase for phrase in phrases("replace"))


def _subject_as_feature(
    text: str,
    effect: str,
    cause: str,
    reading: Reading,
    pointed_back: bool,
    *,
    any_verb: bool = False,
) -> Decomposition | None:
    """The observation's subject as the feature of a noun-phrase cause (`subject_cause`).

    `any_verb`: the subject is a change made, so its predicate is the effect whatever its
    verb ("Introduction of X moves the emission to 585 nm").
    """
    if pointed_back or reading.construction.name not in NOMINAL_CAUSE_CONSTRUCTIONS:
        return None
    if _clause_breaks(effect):
        return None  # "X increased affinity, none of ... was selective, and half-lives were
        # governed by ...": a list of findings; the cause is the last one's (blind-58)
    found = subject_reading(effect, cause, any_verb=any_verb)
    if found is None:
        return None
    feature = _clean_feature(found.subject)
    if any_verb:  # "Introducing trifluoromethyl groups at ... (1c)": the groups introduced
        feature = ADDING_GERUND.sub("", feature) or feature
    if _feature_problem(feature):
        return None
    plural = is_plural(_head_word(feature)) or " and " in feature
    mechanism = _clean_mechanism(LABEL.sub("", mechanism_of(found.noun_phrase, plural)))
    result = _finish(text, found.predicate, "vp", feature, mechanism, reading, parsed=False)
    return result if isinstance(result, Decomposition) else None


PRODUCT_ONLY = re.compile(
    rf"\b(?:{making_verbs('past', 'third')})\s+"
    r"(?:compound\s+)?(?:\([RSEZ]\)-)?\d+[a-z]{0,2}['′]*\s*(?:\([^()]*\))?\s*$"
)
"""An effect that only names what a change made ('Extending the methyl to ethyl gave 3b')."""
PRODUCT_YIELD = re.compile(
    rf"\b(?:{making_verbs('past', 'third')})\b"
    r".*\b\d+(?:\.\d+)?\s*%\s*(?:isolated\s+)?yield\b",
    re.I,
)
"""An effect that is a product made and its yield ('gave the azobenzene 7 in 41% yield'):
with conditions in the cause, the sentence is a procedure (`INLINE_CONDITIONS`)."""
ACCOUNTED_FOR = re.compile(
    r",\s*which\s+(?:accounts\s+for|explains|is\s+responsible\s+for)\s+(?P<effect>\S.*)$",
    re.I,
)


MANNER_AS = re.compile(r"\b(?:do|does|did|done)$", re.I)
"""An 'as' clause that ends on a pro-verb ('as the acetamide of 1 is thought to do'):
it compares manners, it does not give a cause."""
RESULT_CLAUSE_SUBJECT = re.compile(r"\b(?:so|such)\s+that\s+(?:[\w′'–-]+\s+){0,4}[\w′'–-]+$", re.I)
"""A cause that ends on the subject of a 'so that' clause: the verb after it is that
clause's, not the cause's."""
MEANS_CLAUSE = re.compile(r"\bby\s+[a-z]+ing\b", re.I)
"""'by locking ...': the cause's verb acts by a means, so it is the sentence's main verb."""


def _joined_by_that(tokens: list[Token], reading: Reading) -> bool:
    """Whether the cause ends where a bare 'that' (no comma) opens the effect."""
    end = reading.spans.get("cause", (0, 0))[1]
    return end < len(tokens) and tokens[end].lower == "that"


RESTRICTIVE_END = re.compile(r"[^\W\d_]\s+that\s*$", re.I)
"""A cause that ends in a restrictive 'that' (no comma): the noun's own clause; a bare
'which' is too often a clause's pointer in papers ("lowers the LUMO which leads to")."""


def _process_of_subject(effect: str, process: str) -> tuple[str, str] | None:
    """(feature, predicate) when a process cause is what the effect's subject does.

    "In contrast, the α-fluorine of 3 lengthened the glutathione half-life ...; we propose
    that π-donation from fluorine into the alkene lowers the electrophilicity ...": the
    cause's subject is a process, not a feature, but it names the element of the
    observation's structural subject, which is then the feature; the cause's predicate,
    through the process, is its mechanism. None when the two share no content word.
    """
    split = _subject_predicate(effect)
    if split is None or not split[0] or not split[1]:
        return None
    subject = _drawn_group(split[0])
    if subject is None:
        return None
    named = {part for word in words(subject) for part in word.split("-") if len(part) > 3}
    said = {part for word in words(process) for part in word.split("-") if len(part) > 3}
    return (subject, split[1]) if named & said else None


UNDERGONE = re.compile(r"^(?:the\s+)?(?P<event>[a-z-]+)\s+of\s+(?P<group>\S.*)$", re.I)


def _undergone(process: str) -> tuple[str, str] | None:
    """(group, event) of a process a drawn group undergoes ('cleavage of the methyl ether').

    The group is the feature and the event what it undergoes; None when the phrase is no
    event of a structural group ('oxidation at this carbon', 'loss of the NH').
    """
    found = UNDERGONE.match(process.strip())
    if found is None or not _process_head(found["event"].lower()):
        return None
    group = _drawn_group(found["group"])
    return (group, found["event"].lower()) if group is not None else None


def _drawn_group(phrase: str) -> str | None:
    """The phrase as a feature of the drawing, labels cut; None when it names none.

    `_feature_problem` refuses processes, properties, interactions and compound names;
    a compound named by class and label ('the methyl ester 5b') is the compound.
    """
    group = LABEL.sub("", _clean_feature(phrase)).strip()
    if not group or not is_structural(group) or _labelled_compound(group):
        return None
    return None if _feature_problem(group) else group


_OWNER_CUT = re.compile(r"\s+(?:of|in)$")
"""'the ether-linked acid chains of' (its label read apart): the group ends before 'of'."""

TRAILING_POINTER = re.compile(r"[;:,]\s*(?:this|that|it|which)\s*$", re.I)
HEDGED_POINTER = re.compile(
    r"[;:,]\s*(?:this|which)\s+(?:presumably|probably|likely|possibly|perhaps|also|"
    r"in turn|[a-z]+ly)\s*$",
    re.I,
)
"""'..., which presumably' before the effect verb: the pointer and its hedge, no cause."""
ANNOUNCED_EXPLANATION = re.compile(
    r",?\s+(?:and|while)\s+[^,;:]{3,120}?\s(?:suggests?|suggested|shows?|showed|reveals?|"
    r"revealed|explains?|indicates?|indicated|illustrates?)\s+(?:why|how)\s*$",
    re.I,
)
"""'..., and its co-crystal structure suggests why' before the colon that gives the cause:
what announces the explanation is not part of what was observed (blind-47)."""
WHY_EFFECT = re.compile(r"^(?:why|how)\s+(?=\S+\s+\S)", re.I)
"""'explains why the triphosphate is incorporated ...': the effect is the clause after it."""
"""What is left of "...; this may be because" once the cue and its hedge are cut off."""


FRONTED_WITH = re.compile(
    r"^(?:with|bearing|carrying|having|featuring)\s+(?P<group>(?:[^,;:()]|,(?=\S)){3,80}?),\s+"
    r"(?P<rest>\S.*)$",
    re.I | re.S,
)
"""An observation opened by the group it is about: "With tert-butyl groups at C3 and C6,
2b survived more than 48 h of irradiation", "Bearing an N1-2,4-difluorophenyl group, 4g
was the least soluble" (blind-69)."""


def _fronted_group(effect: str) -> tuple[str, str]:
    """A fronted "With <group>," and the observation after it; ("", effect) if none.

    The absolute clause that follows ("..., the bulky groups occupying the positions
    where the radical couples") renames that group, so the group is the feature and the
    clause's predicate its mechanism.
    """
    found = FRONTED_WITH.match(effect.strip())
    if found is None or not is_structural(found["group"]):
        return "", effect
    return _clean_feature(found["group"]), found["rest"]


PASSIVE_PARTICIPLES = wordlist("bound held placed fixed locked positioned oriented set kept")
"""Listed verb forms that are participles in 'with its X bound to Y' (the clause grammar
tags them as verbs)."""
ABSOLUTE_MAX_SUBJECT_WORDS = 5
"""Most words of the noun phrase before an absolute clause's participle."""


def _absolute_clause(cause: str, *, passive: bool = False) -> tuple[str, str] | None:
    """An absolute clause made finite, as (subject, predicate); None when it is no such clause.

    "the extra acceptor withdrawing X" -> ("the extra acceptor", "withdraws X"), "the
    phenolate oxygen being Y" -> ("the phenolate oxygen", "is Y"); with `passive` (after
    'with') also "its thiazole nitrogen bound to Arg155" -> ("its thiazole nitrogen", "is
    bound to Arg155").
    """
    tokens = tokenise(cause)
    head = next(
        (i for i, t in enumerate(tokens) if t.lower == "being" or t.tag is not Tag.WORD), None
    )
    if passive and tokens and tokens[0].lower in ("its", "their", "the"):
        head = next(
            (
                i
                for i, t in enumerate(tokens)
                if i and (t.lower == "being" or t.tag is not Tag.WORD)
            ),
            None,
        )
    if not head or head > ABSOLUTE_MAX_SUBJECT_WORDS:
        return None
    token = tokens[head]
    participle = passive and (token.tag is Tag.VBN or token.lower in PASSIVE_PARTICIPLES)
    if token.lower != "being" and token.tag is not Tag.VBG and not participle:
        return None
    after = tokens[head + 1 : head + 3]
    if (
        token.tag is Tag.VBG
        and len(after) == 2
        and after[0].tag is Tag.WORD
        and after[1].tag in (Tag.VERB, Tag.VBN)
    ):
        return None  # "the fructose binding constant doubled" (blind-67): 'binding' modifies
    subject = cause[: token.start].strip()
    if token.lower == "being" or participle:
        finite = "are" if is_plural(_head_word(subject)) else "is"
        if participle:
            finite = f"{finite} {token.text}"
    else:
        finite = _finite(token.text, subject)
    # "... extending the conjugation and thereby raising ...": the second participle is
    # made finite with the first ("extends ... and thereby raises")
    return subject, f"{finite}{_coordinated_finite(cause[token.end :], subject)}"


def _read_absolute(subject: str, predicate: str) -> tuple[str, str, bool] | Vague:
    """(feature, mechanism, parsed) of an absolute clause made finite.

    The clause's verb is known (the participle just made finite), so the subject ends
    there even where a later verb looks likelier to the clause grammar: "the N-acetyl
    group serves as an internal base that removes the proton" is read at "serves".
    """
    fields = _read_cause(f"{subject} {predicate}", nominal_adjective=True)
    if isinstance(fields, Vague):
        return fields
    feature = _clean_feature(subject)
    if fields[0] != feature and is_structural(_head_phrase(feature)):
        return feature, _clean_mechanism(predicate), True
    return fields


def _renamed_after_colon(cause: str) -> tuple[str, str, bool] | None:
    """'its allylic CH2 groups: these hydrogens are abstracted by ...' as one cause.

    The clause after the colon explains the group named before it through a pointer
    ('these hydrogens'); read alone, the pointer would be the feature. The feature is
    the group, and what the pointer names is the group's: "have hydrogens that are
    abstracted ...". None when the cause is not so built.
    """
    match = COLON_POINTER.match(cause)
    if match is None or not is_structural(match["group"]):
        return None
    rest = match["rest"]
    tokens = tokenise(rest)
    if predicate_start(tokenise(f"it {rest}")) != 1 or not tokens:
        return None  # the pointer's noun phrase goes on: no verb right after it
    feature = _clean_feature(match["group"])
    noun = match["noun"]
    if noun.lower() in feature.lower().split():
        return feature, _clean_mechanism(rest), True  # "these groups": the group itself
    owner = "have" if is_plural(_head_word(feature)) else "has"
    return feature, _clean_mechanism(f"{owner} {noun} that {rest}"), True


COLON_POINTER = re.compile(
    r"^(?:its\s+|their\s+|the\s+)?(?P<group>[^:;,()]{3,60}):\s+(?:these|those|this|such)\s+"
    r"(?P<noun>[A-Za-z][\w–-]*)\s+(?P<rest>\S.*)$",
    re.I,
)
"""'X: these <noun> <predicate>': a group, then what its parts do."""


EXEMPLIFIED = re.compile(r"\bsuch as\s+(?:compounds?\s+)?\d{1,3}[a-z]?\s*$", re.I)
"""A class of compounds named by a drawn member: 'aryl bromides such as 2'."""


TRAILING_LINK = re.compile(
    r",\s*(?:however|therefore|thus|in turn|indeed|in contrast|by contrast)\s*,?\s*$", re.I
)
"""A linking adverb set off at the end of a subject ('Pyrazolynate (7), in contrast,')."""


def _labelled_compound(subject: str) -> bool:
    """Whether a subject names a compound by class noun and label ('The (R)-THF ether 8').

    Or by its systematic name alone ('2-Chloropyrazine'). Such a subject is the compound,
    not its feature; 'the X of sulfonamide 6d' names a part of it.
    """
    if len(words(subject)) == 1 and COMPOUND_NAME.fullmatch(subject.strip()):
        return True  # "2-Chloropyrazine was the fastest electrophile, the pyrazine ring ..."
    if EXEMPLIFIED.search(subject):
        return True  # "Electron-poor aryl bromides such as 2": compounds, by a member
    tagged = tokenise(TRAILING_LINK.sub("", subject))
    if (
        len(tagged) == 2
        and tagged[0].text[:1].isupper()
        and tagged[1].tag is Tag.LABEL
        and not groups_named_in(tagged[0].text)
    ):
        return True  # "Pyrazolynate (7), in contrast, ...": a named compound and its label
    return (
        len(tagged) >= 2
        and tagged[-1].tag is Tag.LABEL
        and not tagged[-1].text.startswith("(")  # 'a second nitro group (7)': the group
        and tagged[-2].tag is Tag.WORD
        and not any(token.tag is Tag.PREP for token in tagged)
    )


def _absolute_on_subject(
    text: str, subject: str, predicate: str, clause: tuple[str, str], reading: Reading
) -> Decomposition | Vague | None:
    """An absolute clause that renames the observation's structural subject.

    "A second nitro group (7) gave a further 38 nm shift, the extra acceptor withdrawing
    more electron density ...", "Adding a thiophene at C5 (6b) made the compound 40-fold
    selective, the thienyl group reaching ...": the clause's subject points back to the
    subject, so the subject is the feature, its predicate the effect and the clause's
    predicate the mechanism. Read alone, the clause would make a second answer of the
    group it renames. A subject that names a compound ("The acetate 5a") stays Vague.
    """
    fields = _read_absolute(*clause)
    if isinstance(fields, Vague):
        return None
    feature = _clean_feature(subject)
    return _finish(text, _finite_start(predicate), "vp", feature, fields[1], reading, parsed=False)


COMPARED_EFFECT = re.compile(
    r"^[^:;]{3,80}?\b(?:had|has|have|showed|shows) (?:the|an?) "
    r"(?:opposite|same|reverse|inverse|similar|contrary) effect\s*:\s*(?P<rest>\S.*)$",
    re.I | re.S,
)
"""An effect named by comparison with the one before, then stated after a colon."""
LOCATIVE_POINTER = re.compile(r"(?<=\w)\s+there\b(?!\s+(?:is|are|was|were)\b)", re.I)
"""'so water adds there': an effect placed by the cause ('leaves C9 exposed'), which a
stem cannot state alone. Existential 'there is' and a sentence-initial 'There' are not it."""
RELATIVE_EFFECT = re.compile(r"^which\s+(?P<rest>\S.*)$", re.I | re.S)
LABEL_BEFORE_COMMA = re.compile(r"(?:^|\s)(?P<label>\d{1,3}[a-z]?),\s*$")
MADE_THEN_WHICH = re.compile(
    r"^\S.*?\b(?:gave|afforded|provided|furnished|yielded|delivered)\s+(?:analogue\s+|compound\s+)?"
    r"(?P<label>\d{1,3}[a-z]{0,2}),\s+which\s+(?P<rest>(?:was|were|is|are|had|has|showed|"
    r"retained|lost|gained|no\s+longer|proved|became|bound|inhibited|remained)\b.*)$",
    re.I | re.S,
)
"""An effect that makes a compound and then says, in a relative clause, what it did."""


def _relative_effect(text: str, effect: str, form: EffectForm) -> tuple[str, EffectForm]:
    """'... gave 6a, which no longer inhibited HDAC6' -> '6a no longer inhibited HDAC6'.

    A relative pronoun cannot open a stem ("The observed outcome is which no longer
    inhibited ..."): the compound it refers to becomes the clause's subject.
    """
    made = MADE_THEN_WHICH.match(effect.strip())
    if made is not None and form in ("clause", "vp"):
        # "Replacing the triethylene glycol of 2b by an octamethylene linker gave 2d, which
        # was twice as potent" (blind-67): what was measured is the relative's, about 2d
        return f"{made['label']} {made['rest']}", "clause"
    found = RELATIVE_EFFECT.match(effect.strip())
    at = text.find(effect.strip())
    if found is None or at < 0:
        return effect, form
    label = LABEL_BEFORE_COMMA.search(text[:at])
    if label is None:
        return effect, form
    return f"{label['label']} {found['rest']}", "clause"


ABSENT_BEFORE_CAUSE = re.compile(
    r"\bwithout\s+(?:an?|any|the|its|their)\s+[\w′'–-]+(?:\s+[\w′'–-]+){0,5}?,?\s+"
    r"(?:the|its|their)\s",
    re.I,
)
"""'because without an electron-withdrawing substituent the triketone is less acidic'
(blind-68): the cause is what the compound lacks, and the group after it only undergoes
the change; no drawn feature answers it."""


ABSENT_HYDROGEN = re.compile(r"[NOSC][′']*[–-]H\b|\bhydrogens?\b|\bprotons?\b")
"""A lost hydrogen names the group that replaced it (an N-methyl), which the drawing shows."""


EMPHATIC_DO = re.compile(r"^(?P<aux>did|does)\s+(?P<base>[a-z]+)\b(?P<rest>.*)$", re.S)


def _without_emphatic_do(effect: str) -> str:
    """'did halve microsomal clearance' -> 'halved microsomal clearance'.

    The emphasis answers a contrast in the sentence ("left potency unchanged; the
    trifluoropropyl group did, however, halve clearance", blind-68) that the item drops;
    an option joining it ("and thereby did halve") reads wrong. 'did not' is a negation.
    """
    from lemminflect import getInflection

    found = EMPHATIC_DO.match(effect)
    if found is None or found["base"] in ("not", "so", "this", "that", "it"):
        return effect
    tag = "VBD" if found["aux"] == "did" else "VBZ"
    forms = getInflection(found["base"], tag=tag)
    return f"{forms[0]}{found['rest']}" if forms else effect


def _finish(
    text: str,
    effect: str,
    form: EffectForm,
    feature: str,
    mechanism: str,
    reading: Reading,
    *,
    parsed: bool,
    comparison: MatchedPair | None = None,
) -> Decomposition | Vague:
    absent = ABSENT_BEFORE_CAUSE.search(text)
    if absent and ABSENT_HYDROGEN.search(absent.group(0)):
        absent = None  # "without the N′–H the urea carbonyl ...": the methylated group is drawn
    if absent and feature and text[absent.end() :].lstrip().lower().startswith(feature.lower()):
        return Vague("no_feature", f"the cause is an absence: {absent.group(0).strip()!r}")
    effect = TRAILING_POINTER.sub("", _without_open_bracket(effect))
    if form == "vp":
        effect = _after_appositive(_without_emphatic_do(effect))
    effect = TRAILING_AS.sub("", effect)  # "... (+1.56 V) as a consequence of X": 'as' is X's
    effect = METHOD_ASIDE.sub("", effect) or effect
    effect = INNER_CAUSE.split(effect, maxsplit=1)[0]  # "... (61% ee), as a consequence of"
    effect = without_evaluation(effect)  # "..., which is unsurprising": the authors' verdict
    effect = ANNOUNCED_EXPLANATION.sub("", effect)  # "..., and its X-ray structure suggests why"
    if form == "clause" and ": " in effect:
        # "N-Methylation of the pyrrole was not tolerated: 1c inhibited gyrase only at
        # micromolar concentrations": the clause after the colon is what was measured
        after = effect.split(": ", 1)[1]
        if _has_verb(after) and predicate_start(tokenise(after)):
            effect = after
    explained = STEP_THEN_WHY.match(effect) if form == "clause" else None
    if explained is not None and _has_verb(explained["why"]):
        # "..., only two competing approaches need to be discriminated, which helps explain
        # why such a simple ligand reaches high ee" (blind-70): the why-clause was observed,
        # and the step before it is the last step of the mechanism
        effect = explained["why"]
        mechanism = f"{mechanism}, so {explained['step']}"
    expected = EXPECTED_THEN_OBSERVED.match(effect) if form == "clause" else None
    if expected:
        observed = expected["observed"]
        if predicate_start(tokenise(f"it {observed}")) == 1:  # "..., yet it gave only ..."
            effect = f"{expected['subject']} {observed}"
        elif not expected["pronoun"] and predicate_start(tokenise(observed)) is not None:
            effect = observed  # "..., but 1e gave only ...": the clause has its own subject
    contrast = CONTRAST_LEAD.match(effect)
    if contrast and _has_verb(contrast["main"]) and not POINTER.match(contrast["main"]):
        # "Whereas 3a fluoresces only weakly, the naphthyl group of 3b raises ΦF": the main
        # clause is the observation the cause explains, and its compound owns it
        effect = contrast["main"]
    effect, form = _relative_effect(text, effect, form)
    if PRODUCT_ONLY.search(effect):
        accounted = ACCOUNTED_FOR.search(mechanism)
        if accounted is None:
            return Vague("no_effect", f"{effect!r} names the compound made, not what it did")
        # "Extending the methyl to ethyl gave 3b (...): the 3-ethyl group packs into ...,
        # which accounts for the 550-fold selectivity": the pointer's object is the effect
        effect, form = accounted["effect"].strip(" ."), "np"
        mechanism = mechanism[: accounted.start()].strip(" ,")
    circumstance = FRONTED_WITH.match(effect.strip())
    # "With 10a and L2, arylation occurs at C6": the compounds used, not what was observed;
    # a stem that kept them would name the drawing beside 'the reaction shown'. A condition
    # ("With 5 mol% of catalyst, ...") stays part of the effect.
    if (
        form == "clause"
        and circumstance
        and _has_verb(circumstance["rest"])
        and any(t.tag is Tag.LABEL or read_code(t.text) for t in tokenise(circumstance["group"]))
    ):
        effect = circumstance["rest"]
    compared_effect = COMPARED_EFFECT.match(effect)
    if compared_effect:  # "Methoxy end groups had the opposite effect: 5d showed ..."
        effect, form = compared_effect["rest"], "clause"
    if comparison is not None:
        compared = TRAILING_POINTER.sub("", comparison.effect)
        comparison = replace(comparison, effect=_relative_effect(text, compared, form)[0])
    if _points_back(effect) or _change_pointed_back(effect):
        return Vague("no_effect", f"the effect {effect!r} only points back to another sentence")
    if LOCATIVE_POINTER.search(effect):
        return Vague("no_effect", f"the effect {effect!r} happens at a place the cause names")
    not_observed = not_an_observation(effect)
    if not_observed:
        return Vague("no_effect", not_observed)
    subject_clause = SUBJECT_CLAUSE.match(effect)
    if subject_clause and _has_verb(subject_clause["rest"]):
        # "That 1b is still moderately selective is consistent with ...": the clause that
        # is the sentence's subject is the observation (blind-48)
        effect, form = subject_clause["rest"], "clause"
    framed = REPORTING_FRAME.match(effect)  # "We show that the half-life of 3b ..."
    if framed:
        effect = effect[framed.end() :]
        form = form if _has_verb(effect) else "np"
    owned = OWNER_WHOSE.match(feature)
    if owned and is_structural(owned["owner"]) and _predicates(mechanism):
        # "its carbon-bridged bithiophene whose sp3 bridge | holds the two rings coplanar"
        # (blind-61): the owner is the feature and has the part that acts
        feature, part = owned["owner"], owned["part"]
        verb = "have" if is_plural(_head_word(feature)) else "has"
        mechanism = f"{verb} {_indefinite(part)}{part} that {mechanism}"
    feature = _nominal_operation(feature)
    problem = _feature_problem(feature) or _generic_class(text, feature)
    if problem:
        return Vague("no_feature", problem)
    if form == "vp" and len(content_stems(effect)) < MIN_EFFECT_CONTENT_WORDS:
        return Vague(
            "no_effect",
            f"effect {effect!r} says too little to stand as a question "
            "(One structural feature ...)",
        )
    if len(words(mechanism)) < MIN_MECHANISM_WORDS:
        return Vague("no_mechanism", f"mechanism {mechanism!r} is too short")
    if parsed and _only_possession(mechanism):
        return Vague("no_mechanism", f"{mechanism!r} names what {feature!r} bears, not how it acts")
    if _only_placement(mechanism):
        return Vague("no_mechanism", f"{mechanism!r} says where {feature!r} is, not how it acts")
    if _only_outcome(mechanism):
        return Vague("no_mechanism", f"{mechanism!r} says how it fared, not how it acts")
    if OWN_VALUE_CHANGE.match(mechanism):
        # "its emission maximum shifting from 498 nm in toluene to 552 nm": a measurement
        return Vague("no_mechanism", f"{mechanism!r} is a measured change, not how it acts")
    if _only_change_made(mechanism):
        return Vague("no_mechanism", f"{mechanism!r} says what was done to {feature!r}")
    if DENIED.match(mechanism):
        # "As this H-bond is not feasible for 2-6, ...": the cause is what 2-6 lack
        return Vague("no_feature", f"{mechanism!r} says {feature!r} is not there")
    if IDENTITY.match(mechanism):
        return Vague("no_mechanism", f"{mechanism!r} says what the compound is, not how it acts")
    if not _predicates(mechanism, plural=is_plural(_head_word(feature)) or " and " in feature):
        return Vague(
            "no_mechanism", f"{mechanism!r} is a noun phrase: it says nothing {feature!r} does"
        )
    if _unfinished_question(mechanism):
        return Vague("no_mechanism", f"{mechanism!r} breaks off inside a 'how'/'why' clause")
    if reading.construction.family == "effect_first":  # its cause is one clause
        mechanism = _participle_aside_joined(feature, mechanism)
    malformed = _malformed_option(feature, mechanism)
    if malformed:
        return Vague("no_feature", malformed)
    if form == "clause" and effect.split()[:1] in (["we"], ["We"]):
        # "..., we are now evaluating the combination of 14d and 15d": a plan, not a result
        return Vague("no_effect", f"{effect!r} says what the authors do, not what was observed")
    name = reading.construction.name
    return Decomposition(
        effect=effect,
        effect_form=form,
        feature=feature,
        mechanism=mechanism,
        reasoning_type=reasoning_type(text, effect, mechanism, name),
        connective=name,
        comparison=comparison,
    )


def _span(text: str, tokens: list[Token], reading: Reading, name: str) -> str:
    start, end = reading.spans.get(name, (0, 0))
    return text_of(text, tokens, start, end).strip(" ,;:")


def _subject_predicate(clause: str) -> tuple[str, str] | None:
    """A clause cut where its predicate starts: (subject, predicate); None without a verb.

    The subject is "" when the clause opens on its verb.
    """
    tokens = tokenise(clause)
    index = predicate_start(tokens)
    if index is None:
        return None
    return text_of(clause, tokens, 0, index), text_of(clause, tokens, index, len(tokens))


def _read_gerund_lead(text: str, tokens: list[Token], reading: Reading) -> Decomposition | None:
    """'V-ing X, S V2 E': S the feature, 'V-s X' its mechanism, 'V2 E' the effect.

    None unless the clause after the comma opens on a structural subject that is not a
    compound, with a verb of its own ("Raising the HOMO ..., the para-methoxy groups of
    5a shift the closed-isomer band to 592 nm").
    """
    start = reading.spans["gerund"][0]
    gerund_phrase = text_of(text, tokens, start, reading.spans["cause"][1])
    split = _subject_predicate(_span(text, tokens, reading, "effect"))
    if split is None or not split[0].strip():
        return None
    subject, predicate = split
    feature = _clean_feature(subject)
    adjunct = tokenise(gerund_phrase)
    if (
        predicate_start(adjunct) is not None  # "Placing X ortho to Y reduced ...": a subject
        or any(token.tag is Tag.LABEL for token in adjunct)
        or not DEFINITE_OPENER.match(subject)
        or _labelled_compound(subject)
        or not is_structural(feature)
    ):
        return None
    mechanism = _finite(tokens[start].text, feature)
    rest = gerund_phrase[len(tokens[start].text) :].strip()
    return _as_decomposition(
        _finish(text, predicate, "vp", feature, f"{mechanism} {rest}", reading, parsed=False)
    )


DEFINITE_OPENER = re.compile(r"^(?:the|its|their|these|this|both)\s", re.I)
"""A subject that names a part of the compound ('the para-methoxy groups of 5a')."""


def _as_decomposition(found: Decomposition | Vague) -> Decomposition | None:
    return found if isinstance(found, Decomposition) else None


def _read_means(
    text: str, cause: str, effect: str, reading: Reading
) -> Decomposition | Vague | None:
    """'S <effect> by V-ing M' (and 'By V-ing M, S <effect>'): S is the feature."""
    cause_tokens = tokenise(cause)
    if not cause_tokens or cause_tokens[0].tag is not Tag.VBG:
        return None
    if _absolute_inside(effect):
        # "2 coupled fastest, the para-ester group accelerating oxidative addition by
        # lowering ...": the means is the absolute clause's; read by 'absolute'
        return None
    split = _subject_predicate(effect)
    if split is None:
        return None
    feature = _clean_feature(split[0])
    effect_vp = TRAILING_HEDGE.sub("", _clean_mechanism(split[1]))
    gerund, _, rest = cause.partition(" ")
    rest = _coordinated_finite(rest, feature)  # "by twisting X and so favouring Y"
    mechanism = _clean_mechanism(f"{_finite(gerund, feature)} {rest}")
    if len(words(effect_vp)) < MIN_EFFECT_WORDS:
        return Vague("no_effect", f"effect part {effect_vp!r} is too short (means)")
    return _finish(text, effect_vp, "vp", feature, mechanism, reading, parsed=True)


TRAILING_HEDGE = re.compile(r",?\s+(?:probably|likely|presumably|possibly|perhaps)\s*$", re.I)
"""The hedge of 'raised selectivity, probably by twisting ...' left behind the effect."""


FORMATION_VERBS = wordlist(
    """
    formed generated produced created involved built
    """
)
"""'NP is (being) formed': the inference says the feature gives rise to NP."""


def _read_evidential(
    text: str, inference: str, observation: str, reading: Reading
) -> Decomposition | Vague | None:
    """'F <effect>, suggesting that <inference>': F is the feature, the inference how it acts.

    The inference becomes a predicate of F only where that reads true: "it / this group
    V ..." gives "V ...", and "NP is (being) formed ..." gives "gives rise to NP ...";
    any other inference is ``no_mechanism`` (it is about something other than F).
    """
    split = _subject_predicate(observation)
    if split is None or not split[0]:
        return None
    feature = _clean_feature(split[0])
    if PAIR_HEADS & set(words(feature)):  # "analogue 7 was inactive": a compound, not a feature
        return Vague("no_feature", f"the subject {feature!r} is a compound, not a feature")
    effect_vp = _clean_mechanism(split[1])
    if len(words(effect_vp)) < MIN_EFFECT_WORDS:
        return Vague("no_effect", f"effect part {effect_vp!r} is too short (evidential)")
    tokens = tokenise(inference)
    start = predicate_start(tokens)
    if not start:
        return Vague("no_mechanism", f"the inference {_short(inference)!r} has no clause")
    subject = text_of(inference, tokens, 0, start).strip()
    predicate = [token.lower for token in tokens[start:]]
    if subject.lower() in PRONOUN_SUBJECTS or subject.lower() in ("this group", "these groups"):
        mechanism = _clean_mechanism(text_of(inference, tokens, start, len(tokens)))
    else:
        at = 0
        while at < len(predicate) and predicate[at] in ("is", "are", "was", "were", "being", "be"):
            at += 1
        if at == 0 or at >= len(predicate) or predicate[at] not in FORMATION_VERBS:
            return Vague(
                "no_mechanism", f"the inference {_short(inference)!r} is not about {feature!r}"
            )
        rest = text_of(inference, tokens, start + at + 1, len(tokens)).strip()
        mechanism = _clean_mechanism(f"gives rise to {_as_object(subject)} {rest}")
    return _finish(text, effect_vp, "vp", feature, mechanism, reading, parsed=True)


def _as_object(subject: str) -> str:
    """The subject as an object: lower-case first letter unless it is an acronym."""
    return subject if subject[:2].isupper() else subject[:1].lower() + subject[1:]


# -- the cause: clause or noun phrase ----------------------------------------------------


PURPOSE_MODAL = re.compile(r"\b(?:can|could|may|might|would|will|should|shall)\b", re.I)
"""A modal in a 'so that' clause makes it a purpose ("so that the amine can attack");
without one the clause states what followed ("so that its excited state is a stronger
oxidant than that of 1")."""
RESULT_CLAUSE = re.compile(r",\s+(?:so|therefore)\s+(?!\w+ing\b)(?=\S+\s+\S)", re.I)
"""A result connective after a comma: what follows is the next statement, not the cause."""


ATTRIBUTED_INSIDE = re.compile(
    r"\b(?:we\s+(?:attribute|ascribe)|(?:attributed|ascribed|attributable)\s+to"
    r"|consistent\s+with|in\s+line\s+with|in\s+keeping\s+with)\b",
    re.I,
)
"""An attribution inside the span before a consequence marker: the marker continues it
("..., consistent with the smaller FSI anion, which combines ... and therefore associates
only weakly with the cation", blind-66)."""
STATED_CAUSE = re.compile(r"\b(?:because|since|due to|owing to|as a result of)\b", re.I)
"""A subordinator that states a cause in its own words."""
INVERSION = re.compile(
    r"^(?:only\s+(?:for|when|if|in|at|with|after|by)|not\s+only|never|nowhere|rarely|seldom)\b",
    re.I,
)
"""'only for the fluorine para to the nitro group does attack place ...': after a
restrictive opener the auxiliary comes before the subject, which the clause grammar
(subject, then predicate) cannot split."""


def _complement_of_gerund(tokens: list[Token], index: int) -> bool:
    """Whether the '-ed' word at `index` completes a gerund before it (adverbs aside).

    "the strongly basic thiazine head (pKa 9.6) remaining almost fully protonated at pH
    7.4" has no finite verb: 'protonated' says how the head remains (blind-54).
    """
    while index < len(tokens) - 1 and tokens[index].tag is Tag.ADV:
        index += 1  # the predicate starts on its adverbs ("almost fully protonated")
    if not tokens[index].lower.endswith("ed"):
        return False
    at = index - 1
    while at > 0 and tokens[at].tag is Tag.ADV:
        at -= 1
    return at > 0 and tokens[at].tag is Tag.VBG and tokens[at].lower in LINKING_GERUNDS


LINKING_GERUNDS = wordlist("remaining staying becoming being getting")
"""Gerunds that take a participle as their complement ('remaining protonated')."""


PRONOUN_AFTER_COLON = re.compile(
    r"^(?P<group>[^:;,]{3,120}):\s+(?:they|it)\s+(?P<clause>\S.*)$", re.IGNORECASE
)
"""A group named, then a colon and a clause whose pronoun subject is that group."""


def _read_cause(cause: str, *, nominal_adjective: bool) -> tuple[str, str, bool] | Vague:
    """(feature, mechanism, parsed) from a cause; parsed is False for a derived mechanism.

    A result clause ("F walling off the pocket so that the ion is attacked from one
    face") is read apart: its 'that' is no relative pronoun, and it ends the mechanism.
    """
    head, so_that, result = cause.partition(" so that ")
    if so_that and len(head.split()) > 1:
        read = _read_cause(head.rstrip(" ,"), nominal_adjective=nominal_adjective)
        if isinstance(read, Vague):
            return read
        feature, mechanism, parsed = read
        return feature, f"{mechanism} so that {result}", parsed
    cause = INTRO_PHRASE.sub("", cause.strip())
    cause = cause.split(";", 1)[0]  # "...; after 7 days 78% remained": another clause
    renamed = PRONOUN_AFTER_COLON.match(cause)
    if (
        renamed
        and is_structural(renamed["group"])
        and _has_verb(f"they {renamed['clause']}")  # "they concentrate": a base verb
    ):
        # "the two methyl groups flanking the azo unit: they twist the Z isomer ..." (blind-54)
        return _clean_feature(renamed["group"]), _clean_mechanism(renamed["clause"]), True
    if INVERSION.match(cause):
        return Vague("no_feature", f"the cause {_short(cause)!r} inverts its subject and verb")
    cause = TRAILING_JUNK.sub("", cause)
    tokens = tokenise(cause)
    if not tokens:
        return Vague("no_feature", "the cause is empty")
    index = predicate_start(tokens)
    if index is not None and _participle_like(tokens, index) and _gerund_after_head(tokens, index):
        index = None  # "the substituent filling the cleft lined by Leu272": no finite verb
    if index is not None and _complement_of_gerund(tokens, index):
        index = None  # "the thiazine head remaining almost fully protonated": no finite verb
    if (
        index is not None
        and len(tokens[:index]) > MAX_FEATURE_WORDS
        and _gerund_after_head(tokens, index) is not None
    ):
        # "the more basic N3 of the imidazole coordinating the haem iron strongly,
        # irrespective of how well the rest of the scaffold fits" (blind-63): a subject
        # that long is no feature; the gerund is what the feature does, and the later
        # verb is a clause inside what follows it
        index = None
    if (
        index is not None
        and _noun_before_relative(tokens, index)
        and _gerund_after_head(tokens, index)
    ):
        index = None  # "its amino group allowing uptake through channels that favour ..."
    relative = _relative_opener(tokens, index) if index else None
    if index and relative is not None and _prepositional_relative(tokens, relative):
        # "its tetraoxane ring, in which every peroxide oxygen is flanked by ...": the verb
        # is said of the clause's own subject, not of the ring (blind-59); the noun's own
        # verb, if any, follows the clause's closing comma ("its seven-membered chelate,
        # in which the stereocentres sit ..., can flex between ...")
        index, relative = _verb_after_aside_clause(tokens, index), None
    if index is not None and index > 0:
        if relative is not None:
            head = text_of(cause, tokens, 0, relative)
            if not is_structural(_head_phrase(head)) or ABSTRACT_HEAD.search(_head_word(head)):
                # "rotation of F out of the plane, which weakens ...": the verb is the
                # relative clause's; the cause is a nominal of F, the clause says more
                nominal = _read_nominal(
                    head.rstrip(" ,"),
                    tokenise(head.rstrip(" ,")),
                    nominal_adjective=nominal_adjective,
                )
                if isinstance(nominal, Vague):
                    return nominal
                feature, mechanism, parsed = nominal
                if _describes_feature(head.rstrip(" ,"), feature, tokens[index].lower):
                    return feature, mechanism, parsed
                clause = text_of(cause, tokens, relative, len(tokens))
                joiner = ", " if tokens[relative - 1].text == "," else " "
                if _state_of_feature(head.rstrip(" ,"), feature, tokens[index]):
                    # "protonation of the distal nitrogen (pKa 7.9), which is insulated
                    # from the ring": F undergoes protonation and is insulated
                    clause, joiner = text_of(cause, tokens, index, len(tokens)), " and "
                return feature, f"{mechanism}{joiner}{clause}", parsed
            gerund = _gerund_after_head(tokens, relative)
            if gerund is not None and tokens[gerund].lower not in PLACING_PARTICIPLES:
                # "F of 1 lowering the electron density of the ring, which strengthens ...":
                # the gerund is what F does, the relative clause what that does
                feature = _drop_light_head(_clean_feature(text_of(cause, tokens, 0, gerund)))
                action = _finite_start(text_of(cause, tokens, gerund, relative).rstrip(" ,"))
                clause = text_of(cause, tokens, relative, len(tokens))
                joiner = ", " if tokens[relative - 1].text == "," else " "  # "bulk that ..."
                return feature, f"{action}{joiner}{clause}", True
            # "F, which (, unlike G,) is not cleaved": F and the relative clause's predicate
            feature = _drop_light_head(_clean_feature(head))
            predicate = _clean_mechanism(text_of(cause, tokens, index, len(tokens)))
            if tokens[relative].lower == "whose":  # "F, whose n–π* triplet lies close to"
                owned = text_of(cause, tokens, relative + 1, index)
                plural = is_plural(_head_word(_head_phrase(feature)) or _head_word(feature))
                have = "have" if plural else "has"
                aside, main = _whose_aside_and_main(predicate)
                described = f"{have} {_indefinite(owned)}{owned} that {aside}"
                owner = _property_owner(feature)
                if owner is not None:  # "the weaker σ-donor strength of the picolinate,
                    # whose pyridyl ring also accepts ...": the picolinate has both (blind-55)
                    feature, quality = owner
                    if not is_structural(feature):
                        return Vague("no_feature", f"{feature!r} names no structural feature")
                    described = f"has {_indefinite(quality)}{quality}, and its {owned} {aside}"
                # "the pyrrole rings, whose ... energy is larger ..., make the closed isomer
                # high in energy" (blind-54): the aside, then the rings' own verb
                return feature, f"{described} and {main}" if main else described, True
            return feature, predicate, True
        index = _with_adverbs(tokens, index)
        subject = text_of(cause, tokens, 0, index)
        predicate = _main_predicate(text_of(cause, tokens, index, len(tokens)))
        chained = _driven_by(subject, predicate, nominal_adjective=nominal_adjective)
        if chained is not None:
            return chained
        imposed = _imposed_by(cause, tokens, index)
        if imposed is not None:
            return imposed
        return _drop_light_head(_clean_feature(subject)), _clean_mechanism(predicate), True
    return _read_nominal(cause, tokens, nominal_adjective=nominal_adjective)


def _property_owner(feature: str) -> tuple[str, str] | None:
    """('N,O-chelating picolinate', 'weaker σ-donor strength') for a property 'of' a group."""
    quality, of, owner = feature.partition(" of ")
    head = _head_word(quality)
    if not of or not (head.lower() in PROPERTY_NOUNS or _property_head(head)):
        return None
    owner = _strip_determiners(owner)  # the whole phrase was read as the feature already
    return (owner, quality) if not _labelled_compound(owner) else None


def _whose_aside_and_main(predicate: str) -> tuple[str, str]:
    """A 'whose' clause's predicate, and the main verb phrase after its closing comma.

    ('is larger than that of thiophene', 'make the closed isomer high in energy') for
    "is larger than that of thiophene, make the closed isomer high in energy"; the main
    part is '' when no finite verb opens a part after a comma.
    """
    tokens = tokenise(predicate)
    for index in range(1, len(tokens) - 1):
        after = tokens[index + 1]
        if tokens[index].text == "," and after.tag is Tag.VERB:
            return (
                text_of(predicate, tokens, 0, index).rstrip(" ,"),
                text_of(predicate, tokens, index + 1, len(tokens)),
            )
    return predicate, ""


PLACING_PARTICIPLES = wordlist(
    "flanking bearing carrying containing adjoining surrounding neighbouring neighboring "
    "bridging spanning"
)
"""Participles that say where a group sits or what it holds, not what it does: "the two
methyl groups flanking the distal NH, which sterically prevent ..." (blind-51) names the
groups by their place, and the relative clause is the mechanism."""


def _imposed_by(cause: str, tokens: list[Token], index: int) -> tuple[str, str, bool] | None:
    """'the orthogonal geometry enforced by the ortho-methyl groups leaves S1 → S0 ...'.

    A subject that is a state a group imposes, with the group after 'by' and the main
    verb after it: the group is the feature, and it imposes the state, which does what
    the main verb says ("enforce the orthogonal geometry, which leaves ..."). None when
    the cause is not so built.
    """
    from lemminflect import getLemma

    if index + 2 >= len(tokens) or tokens[index + 1].lower != "by":
        return None
    if tokens[index].tag not in (Tag.VERB, Tag.VBN) or not tokens[index].lower.endswith("ed"):
        return None
    state = text_of(cause, tokens, 0, index)
    if is_structural(_head_phrase(state)):
        return None
    for later in range(index + 3, len(tokens)):
        if tokens[later].tag is Tag.VERB and tokens[later - 1].tag in (Tag.WORD, Tag.LABEL):
            agent = _clean_feature(text_of(cause, tokens, index + 2, later))
            if not is_structural(agent) or _feature_problem(agent):
                return None
            lemmas = getLemma(tokens[index].lower, upos="VERB")
            base = str(lemmas[0]) if lemmas else tokens[index].lower
            verb = base if is_plural(_head_word(agent)) else third_person(base)
            rest = _clean_mechanism(text_of(cause, tokens, later, len(tokens)))
            return (
                agent,
                f"{verb} {state.strip()[:1].lower()}{state.strip()[1:]}, which {rest}",
                True,
            )
        if tokens[later].tag in (Tag.PUNCT, Tag.SUB, Tag.REL, Tag.CONJ):
            return None
    return None


DRIVEN_BY = re.compile(
    r"^(?:driven|caused|governed|dictated|controlled|induced|brought about|enabled)\s+by\s+"
    r"(?P<cause>\S.*)$",
    re.I,
)


def _driven_by(
    subject: str, predicate: str, *, nominal_adjective: bool
) -> tuple[str, str, bool] | None:
    """'faster passive uptake driven by the higher lipophilicity of the branched ester'.

    A cause that is a process the structure brings about: the process is no feature, the
    'by' phrase names the feature, and the process is what its action gives ("has a
    higher lipophilicity, giving faster passive uptake"). None when the cause is not so
    built or the 'by' phrase names no structural feature.
    """
    match = DRIVEN_BY.match(predicate)
    if match is None or is_structural(_head_phrase(subject)):
        return None
    inner = _read_cause(match["cause"], nominal_adjective=nominal_adjective)
    if isinstance(inner, Vague) or not is_structural(inner[0]):
        return None
    feature, mechanism, parsed = inner
    return feature, f"{mechanism}, giving {_strip_determiners(subject.strip())}", parsed


def _indefinite(noun_phrase: str) -> str:
    """'a ' or 'an ' before a singular noun phrase, '' before a plural one."""
    first = noun_phrase.split()[0] if noun_phrase.split() else ""
    if is_plural(_head_word(noun_phrase)):
        return ""
    return f"{article_for(first)} "


def _describes_feature(nominal: str, feature: str, verb: str) -> bool:
    """Whether a relative clause after a nominal cause describes its feature, not its action.

    In "destabilisation of the HOMO by the alkyl substituents, which sit where the HOMO
    is large" the clause follows the feature and its verb agrees with the plural feature:
    it says where the feature is, so it is no part of the mechanism. A singular verb
    ("twisting of the rings by the methyl groups, which weakens conjugation") says what
    the nominal does, and stays.
    """
    plural_verb = not verb.endswith("s")
    return nominal.endswith(feature) and is_plural(_head_word(feature)) and plural_verb


def _state_of_feature(nominal: str, feature: str, verb: Token) -> bool:
    """Whether a relative clause after a nominal cause states what its feature is.

    "protonation of the distal N-methyl nitrogen (pKa 7.9), which is insulated from the
    aryl ring" ends on the feature (asides aside), and its verb is a copula: the clause
    says what the nitrogen is, so F "undergoes protonation and is insulated ...". A
    past-tense verb narrates what F did ("the oxetane in 7, which opened to the diol").
    """
    ending = _without_asides(nominal).rstrip(" ,")
    owner = re.search(r"\s+(?:in|of)\s+(\S+)$", ending)
    if owner and is_label(owner[1]):
        ending = ending[: owner.start()]  # "the acid lability of the oxetane in 7"
    narrated = verb.tag is Tag.VERB and verb.lower.endswith("ed")  # "which opened to"
    return ending.endswith(feature) and (verb.tag is Tag.AUX or narrated)


def _with_adverbs(tokens: list[Token], verb: int) -> int:
    """The predicate's start moved back over the adverbs before its verb.

    "the ortho-fluorines sterically and electronically deactivate the phenolate": the
    adverbs say how the feature acts, so they open the mechanism, not end the feature.
    """
    start = verb
    while start > 1 and (
        tokens[start - 1].tag is Tag.ADV
        or (tokens[start - 1].tag is Tag.CONJ and tokens[start - 2].tag is Tag.ADV)
    ):
        start -= 1
    return start


_RESUMED_SUBJECT = re.compile(r",\s+(?:it|they)\s+(?P<main>.+)$", re.I)


def _main_predicate(predicate: str) -> str:
    """The predicate of the main clause when a 'when'-clause's subject is resumed by 'it'.

    "when the methyl ester is exposed to the strong alkoxide, it undergoes
    transesterification": what the ester does is the main clause's ('undergoes ...'); the
    condition's predicate joined to it by a comma is no sentence.
    """
    match = _RESUMED_SUBJECT.search(predicate)
    if match is None or predicate_start(tokenise(f"it {match['main']}")) != 1:
        return predicate
    return match["main"]


def _participle_like(tokens: list[Token], index: int) -> bool:
    """Whether the verb at `index` may be a participle.

    Tagged one, or a past form the lexicon knows before a preposition ('the ring
    orientation found in the pocket').
    """
    if tokens[index].tag is Tag.VBN:
        return True
    known = lexicon_verb(tokens[index].text)
    following = tokens[index + 1] if index + 1 < len(tokens) else None
    return known is not None and known.past and following is not None and following.tag is Tag.PREP


def _gerund_after_head(tokens: list[Token], end: int) -> int | None:
    """The gerund that follows a noun head before `end` ('substituent of 1 lowering'), or None."""
    for index in range(1, end):
        if tokens[index].tag is Tag.VBG and tokens[index - 1].tag in (Tag.WORD, Tag.LABEL):
            following = tokens[index + 1] if index + 1 < end else None
            head = " ".join(t.text for t in tokens[:index])
            if following is not None and following.tag in (Tag.DET, Tag.WORD):
                # "the two flanking carbonyl groups": a modifier unless a feature precedes it
                return index if is_structural(_head_phrase(head)) else None
            if (
                following is not None
                and following.tag in (Tag.PREP, Tag.ADV)
                and following.lower != "of"
                and is_structural(_head_phrase(head))
            ):
                # "the ureido tail packing into the pocket" (blind-63): no modifier is
                # followed by a preposition; 'of' makes a noun ("ring opening of")
                return index
    return None


def _noun_before_relative(tokens: list[Token], index: int) -> bool:
    """Whether the verb form at `index` is a plural noun a relative clause follows.

    "outer-membrane channels that favour cationic solutes": 'channels' reads as a verb
    to the clause grammar, but a verb that is also a noun, right before 'that'/'which'
    after a word, is the noun the clause describes.
    """
    if index + 1 >= len(tokens) or tokens[index + 1].tag not in (Tag.REL, Tag.THAT):
        return False
    verb = lexicon_verb(tokens[index].text)
    return verb is not None and verb.noun_too and tokens[index - 1].tag is Tag.WORD


def _verb_after_aside_clause(tokens: list[Token], inner: int) -> int | None:
    """The finite verb that opens the words after the comma closing a clause, or None.

    A word the lexicon knows as both noun and verb counts there ("..., leaves almost
    nothing"): after a closed aside only the subject's verb can come.
    """
    for at in range(inner + 1, len(tokens) - 1):
        if tokens[at].text == ",":
            following = tokens[at + 1]
            known = lexicon_verb(following.text) if following.tag is Tag.WORD else None
            if following.tag in (Tag.AUX, Tag.VERB) or (known is not None and known.third_person):
                return at + 1
            return None
    return None


def _prepositional_relative(tokens: list[Token], relative: int) -> bool:
    """Whether the relative pronoun at `relative` opens ', in which ...' after its noun.

    Such a clause has a subject of its own ("the ring, in which every oxygen is flanked
    by ..."); its verb says nothing of the noun before the comma. Without the comma the
    clause may sit on an object inside the phrase ("walling off the quadrant from which
    the alkene would approach"), which other readings place.
    """
    return (
        relative > 1
        and tokens[relative].lower in ("which", "whom")
        and tokens[relative - 1].tag is Tag.PREP
        and tokens[relative - 2].text == ","
    )


def _relative_opener(tokens: list[Token], verb: int) -> int | None:
    """The 'which'/'that' whose clause the verb at `verb` belongs to, or None.

    A relative pronoun before the first finite verb, with no verb between them, means the
    verb is the relative clause's: the words before the pronoun are a noun phrase.
    """
    for index in range(verb - 1, 0, -1):
        if tokens[index].tag in (Tag.REL, Tag.THAT):
            return index
        if tokens[index].tag in (Tag.VERB, Tag.AUX):
            return None
    return None


HEAD_BREAKS = wordlist(
    "of in on at by with from through via for next beside near adjacent between among across"
)
"""Prepositions that end a noun phrase's head ('size of the ring', 'shielding by F')."""


def _head_phrase(phrase: str) -> str:
    """The words before the first preposition: 'rotation of the amino group' -> 'rotation'.

    A participle after a plural head starts its modifier too: 'the gem-dimethyl groups
    flanking the amine nitrogen' -> 'the gem-dimethyl groups' (they 'leave', not it).
    """
    kept: list[str] = []
    for word in phrase.split():
        lowered = word.lower().strip(",;:()")
        if lowered in HEAD_BREAKS:
            break
        if kept and _reduced_relative(lowered, kept[-1]):
            break
        kept.append(word)
    return " ".join(kept)


def _reduced_relative(word: str, before: str) -> bool:
    """Whether `word` is a participle opening a modifier of the plural noun `before`."""
    noun = before.lower().strip(",;:()")
    plural_noun = noun.endswith("s") and is_plural(noun)  # not "two flanking carbonyls"
    return is_gerund(word) and plural_noun


OWNER_WHOSE = re.compile(r"^(?P<owner>\S.*?),?\s+whose\s+(?P<part>\S.*)$", re.I)
"""A subject cut inside a 'whose' clause: the owner, then the part its verb is said of."""
ALTERNATIVE_CHANGE = re.compile(r"\bor\s+(?:its|their)\s+\w+", re.I)
"""'... or its conversion into an amide': a second change offered beside the first."""
RESEARCH_NOUNS = frozenset(
    {"discovery", "development", "design", "synthesis", "preparation", "identification"}
    | {"optimisation", "optimization", "exploration", "evaluation", "study", "studies", "use"}
)
"""Heads that name work done on a group ('the discovery of neutral P1 groups')."""
INTERACTION_BETWEEN = re.compile(
    r"^(?:an?|the)\s+(?P<kind>(?:[\w–-]+\s+){0,2}(?:interaction|clash|contact|repulsion"
    r"|stacking|overlap))\s+between\s+(?P<first>.+?)\s+and\s+(?P<second>.+)$",
    re.I,
)
"""'an edge-to-face interaction between X and Y': X, the first named, is the feature. A
hydrogen bond between two groups is not read so: it is itself the feature a paper names
("the intramolecular hydrogen bond between the phenol OH and the imine nitrogen")."""


def _owned_elsewhere(phrase: str) -> bool:
    """Whether a group phrase belongs to another species ('... of the iminium ion')."""
    return bool(
        re.search(
            r"\bof\s+(?:the|a|an)\s+(?:iminium|substrate|enzyme|protein|receptor"
            r"|ion|residue|ligand|solvent)\b",
            phrase,
            re.I,
        )
    )


def _read_nominal(
    cause: str, tokens: list[Token], *, nominal_adjective: bool
) -> tuple[str, str, bool] | Vague:
    """A noun-phrase cause through its nominalisation (module docstring, step 3)."""
    between = INTERACTION_BETWEEN.match(cause.strip())
    if between and is_structural(between["first"]) and not _owned_elsewhere(between["first"]):
        # "an edge-to-face interaction between the electron-poor aryl ring and the
        # p-methoxyphenyl group of the iminium ion that rigidifies ..." (blind-59)
        kind = between["kind"].strip()
        return (
            _clean_feature(between["first"]),
            _clean_mechanism(f"engages in {_indefinite(kind)}{kind} with {between['second']}"),
            False,
        )
    words_ = [token.lower for token in tokens]
    # "the ability of F to V ..." -> F, "Vs ..."
    for index, word in enumerate(words_[:-3]):
        if word in CAPACITY_NOUNS and words_[index + 1] == "of" and "to" in words_[index + 2 :]:
            to = words_.index("to", index + 2)
            feature = _clean_feature(text_of(cause, tokens, index + 2, to))
            if to + 1 < len(tokens):
                base = tokens[to + 1].lower
                verb = base if is_plural(_head_word(feature)) else third_person(base)
                rest = text_of(cause, tokens, to + 2, len(tokens))
                return feature, _clean_mechanism(f"{verb} {rest}"), False
    # "F V-ing ...": a noun phrase with a participle ("the isopropyl groups shielding C")
    for index in range(1, len(tokens)):
        before_gerund = tokens[index - 1]
        if tokens[index].tag is Tag.VBG and (
            before_gerund.tag in (Tag.WORD, Tag.LABEL) or before_gerund.text == ")"
        ):  # also "the strongly basic thiazine head (pKa 9.6) remaining protonated"
            if _gerund_noun(tokens, index):
                continue  # "gyrase binding and ...", "ring opening of the sulfate"
            feature = _clean_feature(text_of(cause, tokens, 0, index))
            if before_gerund.text == ")" and _head_phrase(feature) != feature:
                continue  # "the higher lipophilicity of F (log D 2.9) giving": 'N of F'
            if is_structural(feature):
                rest = _coordinated_finite(text_of(cause, tokens, index + 1, len(tokens)), feature)
                return (
                    feature,
                    _clean_mechanism(f"{_finite(tokens[index].text, feature)} {rest}"),
                    False,
                )
    # "N of / by / through F": the nominal's head says what F does or undergoes
    for index in range(1, len(tokens) - 1):
        preposition = words_[index]
        if preposition not in ("of", "by", "through", "via", "from"):
            continue
        left = text_of(cause, tokens, 0, index)
        right = text_of(cause, tokens, index + 1, len(tokens))
        right_tokens = tokenise(right)  # offsets within `right`, not the cause
        head_word = _head_word(left)
        if (
            is_structural(_head_phrase(left))
            and head_word not in LIGHT_HEADS
            and not ABSTRACT_HEAD.search(head_word)
        ):
            break  # the head itself is the feature: "the nitro group of 9"
        if _head_word(left) in LIGHT_HEADS:
            return _nominal_feature_only(right)
        if ALTERNATIVE_CHANGE.search(right):
            # "Saturation of the acrylic acid or its conversion into an amide abolished
            # degradation" (blind-62): two changes, neither of them the cause alone
            return Vague("no_feature", f"the cause {_short(cause)!r} names two alternatives")
        if _head_word(left).lower() in RESEARCH_NOUNS and is_structural(right):
            # "the later discovery of neutral P1 groups led to rivaroxaban" (blind-61): what
            # chemists did with the group, not what it does
            return Vague("no_mechanism", f"the cause {_short(cause)!r} is work done on F")
        if not is_structural(right):
            continue
        if POINTER.match(right):
            # "the known contribution of this atom to gyrase binding": F is named before
            return Vague("no_feature", f"the cause {_short(cause)!r} points back to its feature")
        if tokens[0].tag is Tag.VBG:
            # "raising the basicity of the amine": a change someone made, not what F does
            return Vague("no_mechanism", f"the cause {_short(cause)!r} is a change made to F")
        if _head_word(left) in ABSENCE_HEADS:
            # "the loss of the acetamide carbonyl, which ...": F is what the compound lacks
            return Vague("no_feature", f"the cause {_short(cause)!r} is a group's absence")
        if _head_word(left) in OPERATION_HEADS:
            # "the reaction of 2a with alkyl cyclopropanecarboxylate caused ring-opening":
            # an experiment the authors ran, not something a drawn feature does
            return Vague("no_feature", f"the cause {_short(cause)!r} is an experiment")
        if preposition == "of" and _agent_follows(right_tokens, right):
            continue  # "shielding of the carbonyl by F": F is the agent, not the carbonyl
        right, right_tokens, participle = _participle_after(right, right_tokens)
        aside_free = _without_asides(right)
        if aside_free != right:
            # "the urea group (its pKa is ...), making", "the branched ester (clogP 2.9
            # versus 1.6)": an aside gives data, and a phrase split inside it is no feature
            right, right_tokens = aside_free, tokenise(aside_free)
        feature, trailing = _split_trailing_phrase(right, right_tokens)
        if preposition == "from" and " to " in feature:  # "transfer from F to the core"
            feature, _, goal = feature.partition(" to ")
            trailing = f"to {goal} {trailing}".strip()
        trailing = LABEL.sub("", f" {trailing}").strip()  # "in 4" names the compound
        verb = _light_verb(left, preposition, feature)
        nominal = _strip_determiners(left)
        article = (
            _indefinite(nominal)
            if verb.startswith(("has", "have", "exert")) and not _starts_with_article(left)
            else ""
        )
        mechanism = " ".join(part for part in (verb, article + nominal, trailing) if part)
        if participle:
            mechanism = f"{mechanism}, {participle}"
        return feature, mechanism, False
    feature = _clean_feature(cause)
    if nominal_adjective:
        adjective = _mechanism_adjective(feature)
        if adjective is not None:
            return adjective[0], adjective[1], False
    if is_structural(feature):
        return Vague("no_mechanism", f"the cause {feature!r} names a feature but not how it acts")
    return Vague("no_feature", f"the cause {_short(cause)!r} names no structural feature")


POINTER = re.compile(r"^(?:this|these|that|those)\s+\S", re.I)


def _gerund_noun(tokens: list[Token], index: int) -> bool:
    """Whether the -ing word at `index` is a noun: nothing it acts on follows.

    A participle that says what a feature does takes an object or a complement ("the
    isopropyl groups shielding the carbonyl"); one followed by 'of', a conjunction, a
    comma or the end is a noun ("ring opening of the sulfate", "gyrase binding and").
    """
    if index + 1 >= len(tokens):
        return True
    after = tokens[index + 1]
    return after.lower == "of" or after.tag in (Tag.CONJ, Tag.PUNCT)


def _agent_follows(tokens: list[Token], text: str) -> bool:
    """Whether a 'by / through / via' phrase naming a structure follows in `tokens`."""
    for index, token in enumerate(tokens[:-1]):
        if token.lower in ("by", "through", "via"):
            return is_structural(text_of(text, tokens, index + 1, len(tokens)))
    return False


def _nominal_feature_only(right: str) -> tuple[str, str, bool] | Vague:
    """'the presence of F': only an adjective of F can say how it acts."""
    feature = _clean_feature(right)
    adjective = _mechanism_adjective(feature)
    if adjective is not None:
        return adjective[0], adjective[1], False
    if is_structural(feature):
        return Vague("no_mechanism", f"the cause {feature!r} names a feature but not how it acts")
    return Vague("no_feature", f"the cause {right!r} names no structural feature")


def _read_possession(cause: str) -> tuple[str, str, bool] | Vague:
    """'Bearing F that V ..., S ...': the possessed F is the feature, its relative the mechanism."""
    _, _, possessed = cause.partition(" ")
    tokens = tokenise(possessed)
    for index, token in enumerate(tokens):
        if token.tag in (Tag.REL, Tag.THAT) and index > 0:
            feature = _clean_feature(text_of(possessed, tokens, 0, index))
            return (
                feature,
                _clean_mechanism(text_of(possessed, tokens, index + 1, len(tokens))),
                True,
            )
    return _read_nominal(possessed, tokens, nominal_adjective=True)


ADJECTIVE_MECHANISM = re.compile(r"^(?P<object>[a-z]+)-(?P<verb>[a-z]+)ing$", re.I)
"""'electron-withdrawing', 'electron-donating': an adjective that states a mechanism."""
OBJECT_PHRASES = {"electron": "electron density", "proton": "a proton", "hydrogen": "a hydrogen"}


def _mechanism_adjective(feature: str) -> tuple[str, str] | None:
    """(feature without the adjective, mechanism) for 'strongly electron-withdrawing F'."""
    tokens = feature.split()
    head_end = next(
        (i for i, w in enumerate(tokens) if w.lower() in ("of", "in", "on", "at", "to", "with")),
        len(tokens),
    )  # only the head noun phrase: "F in addition to electron-donating G" says nothing of F
    for index, word in enumerate(tokens[: head_end - 1]):
        found = ADJECTIVE_MECHANISM.match(word)
        if not found:
            continue
        base = _base_of_gerund(found["verb"] + "ing")
        if base is None:
            continue
        adverbs: list[str] = []
        start = index
        while start > 0 and tokens[start - 1].lower().endswith("ly"):
            start -= 1
            adverbs.insert(0, tokens[start].lower())
        rest = " ".join(tokens[:start] + tokens[index + 1 :])
        verb = base if is_plural(_head_word(rest)) else third_person(base)
        obj = OBJECT_PHRASES.get(found["object"].lower(), found["object"].lower())
        return rest, " ".join([verb, obj, *adverbs])
    return None


def _light_verb(nominal: str, preposition: str, feature: str) -> str:
    """The verb that turns 'N <preposition> F' into 'F <verb> N' (semantic role of F)."""
    plural = is_plural(_head_word(_head_phrase(feature)) or _head_word(feature))
    head = _head_word(nominal)
    if preposition in ("by", "through", "via"):
        base = "provide"  # F is the agent: "shielding by F" -> "F provides shielding"
    elif head in INFLUENCE_NOUNS:
        base = "exert"
    elif head in STATE_NOUNS:
        base = "have"  # "the wider separation of its two NH groups": how they are placed
    elif (
        preposition == "from"
        or head.endswith(EVENT_SUFFIXES)
        or head in EVENT_NOUNS
        or (head.endswith("ing") and len(head) > 5)  # "π-stacking of F": F undergoes it
    ):
        # F is the patient or the source: "oxidation of F" -> "F undergoes oxidation",
        # "electron transfer from F to the core" -> "F undergoes electron transfer to ..."
        base = "undergo"
    else:
        base = "have"  # a property: "the small size of F" -> "F has a small size"
    if plural:
        return base
    return "has" if base == "have" else third_person(base)


STATE_NOUNS = wordlist(
    """
    separation orientation conformation configuration location alignment arrangement
    distribution saturation
    """
)
"""Nouns with an event's suffix that name how a group is placed or built, not something it
undergoes: "the wider separation of its two NH groups" is what the groups have
(blind-54), where "oxidation of F" is what F undergoes."""


DIRECTION_PREPOSITIONS = wordlist("out into onto toward towards")
"""Where a nominal's action goes ('rotation of F out of the ring plane', 'into a twisted
state'): what follows belongs to the mechanism even when it names a structure."""


def _split_trailing_phrase(right: str, tokens: list[Token]) -> tuple[str, str]:
    """'the basic nitrogen at physiological pH' -> ('basic nitrogen', 'at physiological pH')."""
    for index in range(1, len(tokens)):
        if tokens[index].tag is Tag.PREP and tokens[index].lower not in ("of",):
            tail = text_of(right, tokens, index, len(tokens))
            head = text_of(right, tokens, 0, index)
            directed = tokens[index].lower in DIRECTION_PREPOSITIONS
            if is_structural(head) and (directed or not is_structural(tail)):
                return _clean_feature(head), tail
    return _clean_feature(right), ""


def _with_means(mechanism: str, means: str, *, plural: bool) -> str:
    """The mechanism and the participle step after it, in the mechanism's tense and number.

    'made the carbene a weaker σ-donor' + 'rendering the gold centre more electrophilic'
    -> '... and rendered the gold centre more electrophilic'.
    """
    first, _, rest = means.partition(" ")
    base = _base_of_gerund(first) if first.lower().endswith("ing") else None
    verb = _finite_start(means) if base is None or not plural else f"{base} {rest}"
    told = lexicon_verb(mechanism.split(" ", 1)[0])
    if base is not None and told is not None and told.past:
        from lemminflect import getInflection

        past = getInflection(base, tag="VBD")
        verb = f"{past[0]} {rest}" if past else verb
    return f"{mechanism} and {verb}"


SO_THAT_RESULT = re.compile(r",\s+so\s+that\s+(?P<clause>.+)$", re.I)
"""A result clause after a participle's effect ('..., so that the reaction was complete')."""
POSSESSIVE_OPENER = re.compile(r"^(?:its|their)\s+", re.I)
PRONOUN_OPENER = re.compile(r"^(?:it|they)\s+", re.I)
CONTRASTED_CLAUSE = re.compile(r",\s+(?:whereas|while)\s+(?P<clause>[^,;]+(?:,[^,;]+)*)$", re.I)
"""A contrasting clause at the end of an effect ('..., whereas 2a survived 24 h intact')."""
PROPERTY_NOUNS = wordlist(
    """
    size bulk clash repulsion withdrawal donation character strain shape length charge
    polarity geometry flexibility rigidity basicity acidity lipophilicity strength
    """
)
"""Heads of a noun phrase that names what a group has or does, not a group: 'its small
size', 'their steric repulsion', 'its steric clash with the ortho hydrogens'."""


def _possessed_property(effect: str, cause: str) -> tuple[str, str, str] | None:
    """A cause whose subject is a property of the effect's subject: (feature, effect, mechanism).

    In "The inner-ring fluorine of 2c proved far more destructive ..., because its steric
    clash with the ortho hydrogens of the neighbouring ring twists the biphenyl" the
    clause's subject is something the fluorine has; read on its own it made the feature
    "steric clash with the ortho hydrogens" (blind-51), or none at all ("because their
    steric repulsion stretches the C–C bond"). The possessor is the effect's subject,
    which then has the property: "has a steric clash with ..., which twists the
    biphenyl". None when the cause does not open on 'its'/'their' and a property noun,
    or the effect's subject names no structural feature.
    """
    opener = POSSESSIVE_OPENER.match(cause)
    if opener is None:
        return None
    split = _subject_predicate(cause[opener.end() :])
    if split is None or not split[0].strip():
        return None
    nominal, predicate = split[0].strip(" ,"), split[1].strip()
    before_phrase = re.split(r"\s(?:with|of|to|between|and|from)\s", nominal, maxsplit=1)[0]
    head = _head_word(before_phrase)
    if not (head.lower() in PROPERTY_NOUNS or _property_head(head)):
        return None
    if is_structural(before_phrase):
        return None  # "its N–H geometry matches the nitro group": the N–H is named
    resolved = _resolve_pronoun(effect)
    if resolved is None:
        return None
    feature, predicate_of_effect = resolved
    feature = ADDING_GERUND.sub("", feature)  # "Placing isopropyl groups at C2 raised ..."
    feature = _strip_determiners(feature.rsplit(" such as ", 1)[-1])  # "amines such as the"
    if _feature_problem(feature):
        return None
    predicate = re.split(rf",\s+(?:{'|'.join(CONTRAST_WORDS)})\s", predicate, maxsplit=1)[0]
    verb = "have" if is_plural(_head_word(feature)) or " and " in feature else "has"
    return (
        feature,
        predicate_of_effect,
        f"{verb} {_indefinite(nominal)}{nominal}, which {predicate}",
    )


def _resolve_pronoun(effect: str) -> tuple[str, str] | None:
    """'it' in 'S <predicate> because it ...' is S: (feature S, effect predicate)."""
    framed = REPORTING_FRAME.match(effect)
    if framed:  # "We show that the carbamate N–H ... steers borylation ..., because it ..."
        effect = effect[framed.end() :]
    tokens = tokenise(effect)
    index = predicate_start(tokens)
    if index is None or index == 0:
        return None
    subject = _clean_feature(text_of(effect, tokens, 0, index))
    if not is_structural(subject):
        return None
    return subject, text_of(effect, tokens, index, len(tokens))


# -- matched pairs ----------------------------------------------------------------------


def _read_pair(text: str, tokens: list[Token], reading: Reading) -> Decomposition | Vague | None:
    """A comparison of two labelled compounds: the change, what it did, and why."""
    name = reading.construction.name
    from_label = _span(text, tokens, reading, "from").strip("()")
    to_label = _span(text, tokens, reading, "to").strip("()")
    from_group = _strip_determiners(_span(text, tokens, reading, "from_group"))
    to_group = _strip_determiners(_span(text, tokens, reading, "to_group"))
    from_group, to_group = (_OWNER_CUT.sub("", g) for g in (from_group, to_group))
    rest = _span(text, tokens, reading, "rest")
    setting = ""
    if (
        name == "pair_comparative"
        and to_group.split()[:1]
        and (to_group.split()[0].lower() in PREPOSITION_OPENERS)
    ):
        # "In mouse hepatocytes 3 was cleared far more slowly than 2b, owing to ...": where
        # it was measured, not the group that differs (the cause names that)
        setting, to_group = to_group.rstrip(" ,"), ""
    if name == "pair_comparative":
        to_group = " ".join(w for w in to_group.split() if w.lower() not in PAIR_HEADS)
        change = to_group
        pair_effect = _span(text, tokens, reading, "pair_effect")
        cause = _after_cause_marker(rest)
    else:
        change = {
            "pair_introduce": f"H → {to_group}",
            "pair_remove": f"{from_group} → H",
        }.get(name, f"{from_group} → {to_group}")
        pair_effect, cause = _split_pair_rest(rest)
    if not to_group and not from_group and not setting:
        return None
    if cause is None:
        return Vague("no_mechanism", f"the comparison {from_label} → {to_label} says no why")
    read = _read_cause(cause, nominal_adjective=True)
    fields = _pair_nominal(cause, from_group, to_group) if isinstance(read, Vague) else read
    if fields is None:
        return Vague("no_mechanism", f"no mechanism in {cause!r}")
    feature, mechanism, parsed = fields
    comparison = MatchedPair(from_label, to_label, change or feature, pair_effect, cause)
    form: EffectForm
    bare_effect = _LEADING_ADVERB.sub("", pair_effect)
    more_than = re.match(r"(?:more|less) than\s", pair_effect)  # "more than doubled ...": a verb
    if COMPARATIVE.search(pair_effect) and not (_has_verb(pair_effect) or more_than):
        effect, form = f"{to_label} is {pair_effect} than {from_label}", "clause"
        if setting:
            effect = f"{setting}, {effect}"
    elif _starts_with_verb(bare_effect) or _lexicon_first(pair_effect):
        # what follows "Replacing X of 1 by Y of 19" is the change's predicate: "cost
        # 30-fold in activity" starts with a verb the grammar's list does not hold, and
        # "almost abolished inhibition" with an adverb
        effect, form = pair_effect, "vp"
    else:
        effect, form = pair_effect, "np"
    if len(words(pair_effect)) < MIN_EFFECT_WORDS:
        return Vague("no_effect", f"the comparison's effect {pair_effect!r} is too short")
    return _finish(
        text, effect, form, feature, mechanism, reading, parsed=parsed, comparison=comparison
    )


_LEADING_ADVERB = re.compile(
    r"^(?:[a-z]+ly|almost|still|also|even|further|(?:more|less) than)\s+(?=\S)", re.I
)
"""An adverb before a comparison's verb ('almost abolished', 'more than doubled')."""


UNCLOSED_ASIDE = re.compile(r"\s*\([^()]*$")
"""An aside whose closing bracket a cut removed: '4-fold (0.05 μM'."""


def _split_pair_rest(rest: str) -> tuple[str, str | None]:
    """'60-fold less potent, likely due to a clash ...' -> (effect, cause or None)."""
    tokens = tokenise(rest)
    markers = (
        *phrases("cause_marker"),
        *phrases("attribution"),
        *(("which", "we", verb, "to") for (verb,) in phrases("attribute_verb")),
        ("because",),
        ("since",),
        ("as",),
    )
    lowered = [token.lower for token in tokens]
    for index in range(1, len(tokens)):
        for marker in markers:
            if tuple(lowered[index : index + len(marker)]) == marker:
                effect = UNCLOSED_ASIDE.sub("", _strip_trailing(text_of(rest, tokens, 0, index)))
                effect = re.sub(
                    r"^(?:which|that)\s+(?:was|were|is|are)\s+|^(?:led to|resulted in)\s+",
                    "",
                    effect,
                    flags=re.I,
                )
                return effect, text_of(rest, tokens, index + len(marker), len(tokens))
    return _strip_trailing(rest), None


def _after_cause_marker(rest: str) -> str | None:
    found = _split_pair_rest("x x " + rest)
    return found[1]


def _pair_nominal(cause: str, from_group: str, to_group: str) -> tuple[str, str, bool] | None:
    """'a steric clash with X' in a pair: the group that was added (or removed) acts.

    A loss ('the loss of the hydrogen bond to Asp86') is the removed group's doing; any
    other nominal is the new group's: a clash it causes, a contact it forms.
    """
    nominal = _strip_determiners(cause)
    head_words = [w.lower() for w in nominal.split()[:3]]
    if any(w in LOSS_NOUNS for w in head_words):
        lost = re.sub(r"^(?:loss|absence|removal|lack|deletion)\s+of\s+", "", nominal, flags=re.I)
        return (from_group, f"provides {lost}", False) if from_group else None
    if any(w in CLASH_NOUNS for w in head_words):
        verb = "causes"
    elif any(w in CONTACT_NOUNS for w in head_words):
        verb = "forms"
    else:
        verb = "provides"
    return (to_group, f"{verb} {cause.strip()}", False) if to_group else None


# -- small helpers ----------------------------------------------------------------------


SUBORDINATE_AFTER_COMMA = re.compile(r",\s+(?:since|because)\s+(?!of\b)", re.I)
"""A 'since'/'because' clause after the cause's noun phrase: that clause says why."""
CLAUSE_FINAL = frozenset({"which_effect", "and_effect", "participle", "thereby", "consequence"})
"""Constructions whose effect verb shares the subject of the clause just before it."""


def _own_predicate(cause: str) -> bool:
    """Whether a causal verb's subject span is a clause about a compound or a list of them.

    "The analogue 2c bleached within 3 h and gave ...": the span's subject is a compound,
    which has a verb of its own; "A fused C7 amine (2c) escaped efflux, 3-aminopyrrolidines
    improved ...": a list, whose last item is the verb's subject. A feature's own clause
    before 'and it', 'which' or 'and' ("the side chain fills the pocket ..., and it
    improved IC50") is the mechanism, and stays.
    """
    tokens = tokenise(cause)
    if tokens and tokens[0].lower in SUBORDINATORS:
        return False  # "Because X is the main site, introducing F there lowered ...": fronted
    if RESULT_SUBJECT.search(cause):
        return False  # "X are attacked by water, and the resulting scission causes ...": chained
    index = predicate_start(tokens)
    if index is None or any(t.tag in (Tag.REL, Tag.THAT) for t in tokens[:index]):
        return False
    if _labelled_compound(text_of(cause, tokens, 0, index)):
        return True
    tail = cause.rsplit(",", 1)[1].strip() if "," in cause else ""
    if not tail or tail.split()[0].lower() in LIST_CONTINUERS:
        return False
    return not (_has_verb(tail) or _starts_with_verb(tail) or _lexicon_first(tail))


LIST_CONTINUERS = wordlist("and or which that it they so thus thereby")
"""Words after a comma that continue the clause rather than open the next item of a list."""


RESULT_SUBJECT = re.compile(r",\s+and\s+(?:the|this|these|that|its|their)\b[^,]*$", re.I)
"""A new subject after ', and' that points back at the clause before it."""


def _subordinate_cause(cause: str) -> bool:
    """Whether the cause span holds a 'because' or 'since' clause.

    In "8 was less soluble than 1, since the thioether is a weaker acceptor and raises
    log D by 0.8" the 'and raises' continues the 'since' clause: its subject is the
    thioether, and the sentence's cause is the whole 'since' clause. Read as 'X ... and
    raises log D', the main clause would become the feature's mechanism. A clause about
    the main subject ('because it ...') is not another subject's (`SAME_SUBJECT`).
    """
    tokens = tokenise(cause)
    return any(
        index + 1 < len(tokens)
        and (
            (
                token.lower in ("because", "since")
                and tokens[index + 1].lower not in SAME_SUBJECT - POSSESSIVES
            )
            or (
                token.lower == "as"
                and tokens[index - 1].text == ","
                and tokens[index + 1].lower not in SAME_SUBJECT - POSSESSIVES
            )
        )
        for index, token in enumerate(tokens)
        if index
    )


def _absolute_inside(cause: str) -> bool:
    """Whether the cause span holds an absolute clause (', the C≡C bond extending ...').

    In "3 combines a high Δn with a high Δε, the C≡C bond extending the conjugation and
    thereby raising the polarisability" the result participle continues the absolute
    clause; the sentence is read whole by the 'absolute' construction.
    """
    if _ABSOLUTE_SUBJECT_END.search(cause):
        return True  # the participle that matched is the absolute clause's own
    tokens = tokenise(cause)
    for index, token in enumerate(tokens[:-1]):
        if token.text != "," or tokens[index + 1].lower not in ("the", "its", "their"):
            continue
        for later in tokens[index + 2 : index + 3 + ABSOLUTE_MAX_SUBJECT_WORDS]:
            if later.tag is Tag.VBG:
                return True
            if later.tag in (Tag.PUNCT, Tag.VERB, Tag.AUX, Tag.CONJ):
                break
    return False


_ABSOLUTE_SUBJECT_END = re.compile(r",\s+(?:the|its|their)(?:\s+[^\s,;:()]+){1,5}$", re.I)


POSSESSIVES = wordlist("its their")
"""', as its S–F bonds are reduced to an interphase that suppresses ...': after ', as' a
possessive opens a new subject (the S–F bonds), so the 'that' clause is the subordinate
clause's own and the sentence's cause is the whole 'as' clause."""


SAME_SUBJECT = wordlist("it they its their this these")
"""'X was chosen because it withdraws ..., which keeps ...': the 'because' clause is about
the main clause's subject, which the effect verb after it shares."""


CONTRAST_WORDS = ("whereas", "while", "although", "though", "but")
"""Connectives of a contrasting clause: what they open is not the cause."""
CONCESSIVE_LEAD = re.compile(
    rf"^(?:even though|{'|'.join(w for w in CONTRAST_WORDS if w != 'but')})\b[^,]+,\s+", re.I
)


COLON_CAUSES = frozenset({"thereby", "so", "consequence", "participle"})
"""Result connectives whose cause is only the clause after a colon ("E only when P: the
fluorines of 5b lower the pKa and thereby accelerate release"); after 'which' the clause
before the colon is the observation ("TMSP protects the cathode: its Si–O bonds react
with HF, which lowers ...") and the colon reading takes it."""


def _adjacent_clause(cause: str, *, after_colon: bool = False) -> str:
    """The clause next to the connective: '..., whereas C' -> 'C', 'A: C' -> 'C'.

    A leading concession is not the cause either: 'Although the linker spans the same
    distance, its fused benzo ring protrudes into the cages, which halves ...' -> 'its
    fused benzo ring protrudes into the cages'.
    """
    conceded = CONCESSIVE_LEAD.match(cause)
    if conceded and _has_verb(cause[conceded.end() :]):
        cause = cause[conceded.end() :]
    before, colon, after = cause.rpartition(": ")
    if after_colon and colon and before and _has_verb(after):
        cause = after  # "E only when P: the fluorines of 5b lower the pKa and thereby ..."
    tokens = tokenise(cause)
    for index in range(len(tokens) - 2, 0, -1):
        if tokens[index].lower in CONTRAST_WORDS and (tokens[index - 1].text == ","):
            return text_of(cause, tokens, index + 1, len(tokens))
    return cause


def _strip_trailing(effect: str) -> str:
    """Drop the copula, modals, hedges and commas before an effect-first cue."""
    tokens = tokenise(effect)
    hedges = {p[0] for p in phrases("hedge") if len(p) == 1}
    end = len(tokens)
    while end > 0 and (
        tokens[end - 1].tag in (Tag.AUX, Tag.PUNCT, Tag.NEG)
        or (tokens[end - 1].tag is Tag.ADV and not _manner_at(tokens, end - 1))
        or tokens[end - 1].lower in hedges
        or (tokens[end - 1].lower in ("most", "more") and end < len(tokens))  # "most likely"
    ):
        end -= 1
    return text_of(effect, tokens, 0, end).strip(" ,;:")


MANNER_ADVERBS = wordlist(
    "rapidly slowly quickly readily efficiently poorly strongly weakly selectively fully "
    "completely cleanly smoothly reversibly irreversibly tightly"
)
"""Adverbs that say how the compound behaved ('2a was cleared rapidly because ...'): part
of what was seen, unlike a hedge or focus word before the cue ('presumably', 'only')."""


def _manner_at(tokens: list[Token], index: int) -> bool:
    """Whether the adverb at `index` says how a verb acted ('cleared rapidly').

    Not how the cue is said ('is readily explained by'): after an auxiliary it is the cue's.
    """
    after_aux = index > 0 and tokens[index - 1].tag is Tag.AUX
    return tokens[index].lower in MANNER_ADVERBS and not after_aux


def _finite_start(effect: str) -> str:
    """'allowing imaging ...' -> 'allows imaging ...' (a vp effect starts with a finite verb).

    A bare base form agreed with a plural subject ("and so lower the yield"): the stem's
    subject is one feature, so the verb takes the third person ('lowers').
    """
    first, _, rest = effect.partition(" ")
    if first.lower().endswith("ing") and _base_of_gerund(first) is not None:
        # "raising the LUMO and blue-shifting the onset": both gerunds share the subject
        return f"{_finite(first, '')} {_coordinated_finite(rest, '')}".strip()
    if first.lower() in VERB_BASES and _verb_first(effect):
        return f"{third_person(first)} {rest}".strip()
    return effect


def _after_appositive(effect: str) -> str:
    """A verb-phrase effect without the participle phrase that stood before its verb.

    "The two N-methyl groups of 2a, placed on the solvent-exposed amides of 1, raised
    permeability 9-fold by ...": the subject's apposition is no part of what was seen.
    """
    tokens = tokenise(effect)
    passive = len(tokens) > 1 and tokens[0].lower.endswith("ed") and tokens[1].tag is Tag.PREP
    if not passive:  # "raised potency, lowered solubility": a finite verb has an object
        return effect
    for index, token in enumerate(tokens[:-1]):
        if token.text == "," and tokens[index + 1].tag is Tag.VERB:
            return effect[tokens[index + 1].start :]
    return effect


def _verb_first(effect: str) -> bool:
    """Whether the effect opens with a verb: a predicate whose subject is the cause's."""
    tokens = tokenise(effect)
    return bool(tokens) and tokens[0].tag is Tag.VERB


def _has_verb(text: str) -> bool:
    return predicate_start(tokenise(text)) is not None


_PREDICATE_TAGS = frozenset({Tag.VERB, Tag.AUX, Tag.VBN, Tag.VBG})


def _predicates(mechanism: str, *, plural: bool = False) -> bool:
    """Whether the mechanism starts as a predicate (after adverbs), as every reading leaves it.

    'the loss of the amide N–H, the only hydrogen-bond donor that the side chain offers'
    read as feature 'loss of the amide N–H' and mechanism 'only hydrogen-bond donor that
    ...' is an appositive: it says nothing the feature does. After a plural feature a
    base form that is also a noun is its verb ("alkoxy groups | feed electron density").
    """
    tagged = tokenise(mechanism)
    tokens = [
        t
        for i, t in enumerate(tagged)
        if t.tag not in (Tag.ADV, Tag.NEG)
        and not (t.tag is Tag.CONJ and i > 0 and tagged[i - 1].tag is Tag.ADV)
        and not (i == 1 and tagged[0].lower == "no" and t.lower in ("longer", "more"))
    ]  # "sterically and electronically deactivate ...", "no longer fills ..."
    if not tokens:
        return False
    if tokens[0].tag in _PREDICATE_TAGS:
        return True
    verb = lexicon_verb(tokens[0].text)  # 'freezes'; not 'station', a noun as often
    if verb is not None and (verb.third_person or not verb.noun_too):
        return True
    if verb is None and ISE_VERB.fullmatch(tokens[0].lower):
        return True  # 'copolymerises into the network': a coined -ise verb
    if verb is None and tokens[0].lower in ATE_VERBS and len(tokens) > 1:
        return True  # 'solvates ionic impurities': a chemistry verb the lexicon lacks
    if verb is None and plural and tokens[0].lower in ATE_BASES and len(tokens) > 1:
        return True  # 'chains | interdigitate readily with ...' (blind-65)
    following = tokens[1] if len(tokens) > 1 else None
    object_next = following is not None and following.tag in (Tag.WORD, Tag.DET)
    base = tokens[0].text.lower()
    return plural and object_next and lexicon_verb(third_person(base)) is not None


def _lexicon_first(text: str) -> bool:
    """Whether the first word is a finite verb by the English lexicon ('cost', 'halved')."""
    first = text.split(maxsplit=1)[0] if text.split() else ""
    return lexicon_verb(first) is not None


def _starts_with_verb(text: str) -> bool:
    tokens = tokenise(text)
    return bool(tokens) and tokens[0].tag in (Tag.VERB, Tag.VBN, Tag.AUX)


def _only_possession(mechanism: str) -> bool:
    """'bears a nitro group': a possession verb and a plain noun phrase, nothing more."""
    tokens = tokenise(mechanism)
    if not tokens or tokens[0].lower not in POSSESSION_VERBS:
        return False
    return not any(t.tag in (Tag.REL, Tag.THAT, Tag.VERB, Tag.VBG, Tag.AUX) for t in tokens[1:])


SPACED_ASIDE = re.compile(r"\s+\([^()]*\)(?![-‐‑–\w])")
"""A parenthetical after a space: an aside, unlike a name's own brackets
('3,5-bis(trifluoromethyl)phenyl', a name opened by them: '(2,2,2-trifluoroethoxy)methyl',
blind-52) or a stereodescriptor joined to a label or name by a hyphen ('of (S)-4',
'(E)-stilbene')."""


def _without_asides(text: str) -> str:
    return SPACED_ASIDE.sub("", text).strip()


def _participle_after(text: str, tokens: list[Token]) -> tuple[str, list[Token], str]:
    """A noun phrase and the ', V-ing ...' clause after it, kept whole.

    "the weaker acidity of the urea group (...), making it a poorer donor toward the nitro
    group": the participle says what the acidity does; read as part of the noun phrase,
    its tail ("toward the nitro group") lost the verb it belongs to.
    """
    for index in range(1, len(tokens) - 1):
        if tokens[index].text in (",", ")") and tokens[index + 1].tag is Tag.VBG:
            # "(log D 2.9 versus 0.8) giving better penetration": an aside closes the phrase
            end = index + 1 if tokens[index].text == ")" else index
            head = text_of(text, tokens, 0, end).rstrip(" ,")
            return head, tokenise(head), text_of(text, tokens, index + 1, len(tokens))
    return text, tokens, ""


def _only_placement(mechanism: str) -> bool:
    """'located at the two carbons', 'exists on the meta position': where F is, no more.

    A placement participle or verb with no verb of its own after it.
    """
    tokens = tokenise(mechanism)
    if not tokens or tokens[0].lower not in PLACEMENT_PARTICIPLES | PLACEMENT_VERBS:
        return False
    return not _verb_of_its_own(tokens[1:])


def _verb_of_its_own(tokens: list[Token]) -> bool:
    """Whether a clause, relative or verb of its own follows.

    A verb form inside a noun phrase ("the meta position") does not count.
    """
    for index, token in enumerate(tokens):
        if token.tag in (Tag.REL, Tag.THAT, Tag.AUX):
            return True
        previous = tokens[index - 1].tag if index else None
        if token.tag is Tag.VERB and previous not in (Tag.WORD, Tag.DET):
            return True
    return False


def _only_change_made(mechanism: str) -> bool:
    """'was changed to cyclobutyl', 'was used as the reactant': what was done to F.

    A passive of a verb of making or using with no verb of its own after it; "was
    introduced to block metabolism" goes on to say what F does, and stays.
    """
    tokens = [t for t in tokenise(mechanism) if t.tag is not Tag.ADV]
    if len(tokens) < 2 or tokens[0].lower not in ("was", "were", "is", "are", "been"):
        return False
    if tokens[1].lower not in CHANGE_PARTICIPLES:
        return False
    return not _verb_of_its_own(tokens[2:])


OUTCOME_VERBS = wordlist("performed worked proceeded succeeded showed exhibited displayed reacted")
"""Verbs that report how a substrate fared or what was measured ("showed efflux ratios of
2", "also reacted with 4a smoothly"), not how a feature acts ("gave", "afforded" are
left out: "gave a more stable radical" may still be a mechanism; "reacts with Cys797"
in the present states what a warhead does and is not listed)."""


def _only_outcome(mechanism: str) -> bool:
    """'also performed well under the conditions': an outcome in the mechanism's place.

    Also a measured comparison with another compound ("was 30-fold weaker than 2a"):
    that is what was observed of the feature's compound, not how the feature acts.
    """
    first = [w for w in words(mechanism) if w not in ("also", "likewise", "similarly")][:1]
    return (bool(first) and first[0] in OUTCOME_VERBS) or bool(MEASURED_COMPARISON.match(mechanism))


MEASURED_COMPARISON = re.compile(
    r"^(?:was|were|is|are)\s+(?:about\s+|roughly\s+|only\s+)?[\d.]+-fold\s+"
    r"(?:more\s+|less\s+)?[a-z]+\s+than\s+\d{1,3}[a-z]?\b(?:\s*\([^()]*\))?\s*$",
    re.I,
)
"""'was 30-fold weaker than 2a': a measured difference between two compounds."""


def _drop_light_head(feature: str) -> str:
    """'presence of the fluorine substituents' -> 'fluorine substituents'."""
    match = re.match(rf"^(?:{'|'.join(LIGHT_HEADS)})\s+of\s+(?P<rest>.+)$", feature, re.I)
    return _clean_feature(match["rest"]) if match else feature


def _head_word(phrase: str) -> str:
    """The last word before the first preposition: 'size of the ring' -> 'size'."""
    head = _head_phrase(phrase).split()
    return head[-1].lower().strip(",;:()") if head else ""


def _strip_determiners(phrase: str) -> str:
    tokens = phrase.strip(" ,;:").split()
    while tokens and tokens[0].lower() in DETERMINERS:
        tokens = tokens[1:]
    return " ".join(tokens)


def _starts_with_article(phrase: str) -> bool:
    return phrase.split()[:1] in (["a"], ["an"], ["A"], ["An"])


def _base_of_gerund(gerund: str) -> str | None:
    """'donating' -> 'donate', 'shielding' -> 'shield', 'stopping' -> 'stop', or None."""
    stem = gerund.lower()[:-3]
    for base in (stem + "e", stem, stem[:-1] if len(stem) > 2 and stem[-1] == stem[-2] else ""):
        if base and base in BASE_OF:
            return BASE_OF[base]
    return None


COORDINATED_GERUND = re.compile(
    r"\b(and|or)((?:\s+(?:thereby|thus|so|also|then|hence))?)\s+((?:[a-z]+-)?[a-z]+ing)\b"
    r"(?=(?P<object>\s+(?:it|them|the|a|an|its|their|this|these)\b)?)"
)


def _coordinated_finite(rest: str, subject: str) -> str:
    """'raising X and thereby slowing Y' -> '... and thereby slows Y' (gerunds of one subject).

    A gerund the verb list lacks is a verb when an object follows it ("donating into the
    carbonyl and leaving it poorly electrophilic"); otherwise it may be a noun ("and
    bonding").
    """

    def finite(match: re.Match[str]) -> str:
        gerund = match.group(3)
        last = gerund.rpartition("-")[2]  # "blue-shifting" is a verb when "shifting" is
        # "and thereby curbing lysosomal trapping" (blind-65): after 'thereby' or 'thus'
        # an -ing word is a verb, whatever follows it
        adverb = bool(match.group(2).strip()) and _lexicon_base(last) is not None
        if (
            _base_of_gerund(last) is None
            and not adverb
            and not (match["object"] and _lexicon_base(last) is not None)
        ):
            return match.group(0)  # "and bonding": a noun, not a second verb
        return f"{match.group(1)}{match.group(2)} {_finite(gerund, subject)}"

    return COORDINATED_GERUND.sub(finite, rest)


def _finite(gerund: str, subject: str) -> str:
    """A gerund as the finite verb of `subject` ('shielding' -> 'shields' or 'shield').

    A prefixed gerund keeps its prefix ('blue-shifting' -> 'blue-shifts').
    """
    prefix, dash, last = gerund.rpartition("-")
    if dash and prefix and last.endswith("ing"):
        return f"{prefix}-{_finite(last, subject)}"
    base = _base_of_gerund(gerund) or _lexicon_base(gerund)
    if base is None:
        stem = gerund.lower()[:-3]
        base = stem + "e" if stem.endswith(("at", "is", "iz", "ur", "uc")) else stem
    return base if subject and is_plural(_head_word(subject)) else third_person(base)


def _lexicon_base(gerund: str) -> str | None:
    """The base form of an -ing form by LemmInflect's lexicon ('serving' -> 'serve').

    The verb list lacks most verbs, and no spelling rule tells 'serving' (serve) from
    'shielding' (shield) and 'stopping' (stop): "servs" is no English.
    """
    from lemminflect import getLemma

    lower = gerund.lower()
    lemmas = getLemma(lower, upos="VERB", lemmatize_oov=False) if lower.endswith("ing") else ()
    return str(lemmas[0]) if lemmas and lemmas[0] != lower else None


INTRO_PHRASE = re.compile(r"^[A-Z][a-z]+ing\b[^,]{0,80},\s+(?=[A-Za-z])")
"""'Lacking a substituent to shield it, this ring carbon ...': a participial opener."""
LABEL_CLASS_NOUNS = (
    "compound|aldehyde|ligand|catalyst|host|monomer|probe|emitter|tetrazine|substrate|complex|"
    "analogue|analog|benzamide|nitroalkene|acid|ester|amide|lead|salt|dye|polymer|guest|ketone|"
    "amine|alcohol|product|reagent"
)
"""Class nouns a compound label may follow ('of ligand 3'); the phrase goes with the label
(here and, with a few more, in `chemx.generation.label_free`)."""
SUBJECT_CLAUSE = re.compile(r"^(?:that|the fact that)\s+(?P<rest>\S.*)$", re.I | re.S)
"""'That 1b is still selective (is consistent with ...)': a clause as the subject."""
WHOLE_COMPOUNDS = re.compile(
    r"\b(?:compounds|analogues|analogs|derivatives|congeners)\s+\(?\d{1,3}[a-z]?"
    r"(?:\s*[–,-]\s*\d{0,3}[a-z]?)*\)?(?!\S)",
    re.I,
)
"""'compounds 2a–2c', 'analogues 5 and 6': compounds named by their labels, not a part. A
singular 'the P1 difluoromethyl analogue 5' names one compound by its feature, which a
pronoun cause ('as it lacks the olefin') explains (blind-27)."""
LABEL = re.compile(
    rf",?\s+(?:of|in|on|for|as in)\s+(?:(?:{LABEL_CLASS_NOUNS})s?\s+)?"
    r"(?:\([RSEZ]\)-)?\d+[a-z]?[′']*(?:\s*(?:[–-]|,|and)\s*\d*[a-z]?[′']*)*(?=$|[\s,;])",
    re.I,
)
LEADING_LABEL = re.compile(r"^(?:\([RSEZ]\)-)?\d+[a-z]{0,3}[′']*\s+(?=\S)")
TRAILING_JUNK = re.compile(
    r"(?:[\s,;]+(?:which|and|this|thereby|so|in turn|that|thus|then|also|"
    r"and this|and it|and they|and its [\w\s-]+?|and their [\w\s-]+?))+\s*$|[\s,;:]+$",
    re.I,
)
LINKING_ADVERBS = (
    "therefore|thus|also|however|in turn|indeed|moreover|instead|further|furthermore|then"
)
"""Adverbs that link a statement to the one before it."""
LEADING_ADVERB = re.compile(rf"^(?:{LINKING_ADVERBS})\b,?\s*", re.I)
DISCOURSE_OPENER = re.compile(
    rf"^(?:{LINKING_ADVERBS}|conversely|by contrast|in contrast|in addition|additionally|"
    r"similarly|likewise|notably|importantly|interestingly|consequently|overall|finally|"
    r"again|here|accordingly|first|second|secondly|third|thirdly|lastly|"
    r"(?:more|most)\s+(?:seriously|importantly|strikingly|surprisingly)),"
    r"\s+(?=\S)",
    re.I,
)
"""A sentence adverb and its comma that link the sentence to the one before ("Conversely,
the inductively withdrawing chlorine atoms of 5 stabilize ..."): not part of the
feature or the effect that follows it."""
INNER_DISCOURSE = re.compile(
    r",\s+(?:on the other hand|however|in contrast|by contrast|in turn|moreover|though|"
    r"instead|too|in comparison)\s*,(?=\s)",
    re.I,
)
"""The same between commas inside the clause ("Closed 4d, on the other hand, faded ...",
blind-54): the subject and its verb read as one clause without it."""


def _without_open_bracket(effect: str) -> str:
    """The effect without a bracket it opens and never closes.

    'less dramatically (ΦF = 0.38 in acetonitrile': the span ended inside the
    parenthesis, which adds only data.
    """
    depth_at: list[int] = []
    for index, char in enumerate(effect):
        if char in "([":
            depth_at.append(index)
        elif char in ")]" and depth_at:
            depth_at.pop()
    if not depth_at:
        return effect
    return effect[: depth_at[0]].rstrip(" ,;:")


LEADING_SCOPE = re.compile(
    r"^(?:in|for|with|of)\s+(?:(?:compound|analogue|analog)\s+)?(?:\([RSEZ]\)-)?\d+[a-z]{0,3}[′']*"
    r"\s*,\s*",
    re.I,
)
"""'In 12, the 4-fluorophenyl group ...': the compound the clause is about, not the feature."""


LEADING_PLACE_ADVERB = re.compile(r"^(?:there|here|then)\s+(?=(?:the|its|their|a|an)\s)", re.I)
"""'we propose that there the dicyanovinyl-substituted phenyl ring adopts ...': 'there'
points at a state named before; the subject starts at its determiner."""


COMPOUND_NAME = re.compile(
    r"(?i)(?=.*-\d+-|^\d+-)[\w()′',-]*(?:ine|ane|ene|yne|ole|ol|one|al|hyde|ate|ide|ium|ose)"
    r"(?<!ylene)"
)
"""One word with a locant that ends as a compound's name ('thiophene-2-carbaldehyde',
'2-bromopyridine', '4-bromoanisole'), not as a substituent's ('4-fluorophenyl',
'3-methoxy', '1,4-phenylene'): it names the compound, not one of its features."""
REAGENT_USED = re.compile(
    r"\b(?:with|using)\s+(?!(?:CF3|CH3|CH2|CD3|OMe|OH|NH2?|CN|NO2|SF5|OCF3)\b)"
    r"(?:[A-Z][a-z]?\d*){2,}(?![\w-])(?!\s+(?:groups?|substituents?|units?))"
    r"|\bin\s+(?:dioxane|THF|DMF|DMSO|"
    r"MeOH|EtOH|toluene|DCM|CH2Cl2|MeCN|pyridine)\b"
)
"""A reagent or solvent named with the subject ('with LiOH', 'in dioxane'): a procedure."""
REAGENT_CLASS = re.compile(
    r"\b(?:lewis|brønsted|bronsted)\s+(?:acids?|bases?)\b|\b[\w-]+oyl\s+(?:chloride|bromide)s?\b",
    re.I,
)
"""'Lewis acid', '2-fluoroacryloyl chloride': a reagent that acts on the compound (an acid
halide is a reagent's name), not one of its groups."""
PREPOSITION_OPENERS = wordlist(
    "with without in within inside under across for by on at upon after before from when "
    "whenever while if once using because since although though unlike like compared thanks "
    "owing due despite"
)
"""A subject that opens with one of these ('With two ortho-methyl groups, 3e ...') is an
adverbial and a clause, not a feature's name."""
DATA_PARENTHESIS = re.compile(r"\s*\((?:[^()]*[=%≈<>][^()]*|[^()]*\d\.\d[^()]*)\)")
"""A parenthesis of data after a feature ('hydroxy group (pKa = 7.8)'): not its name."""


def _clean_feature(subject: str) -> str:
    subject = subject.strip(" ,;:")
    subject = FLOATING_AFTER.sub("", subject)  # "X and Y each increased": the quantifier
    subject = LEADING_SCOPE.sub("", subject)
    subject = LEADING_PLACE_ADVERB.sub("", subject)
    subject = DATA_PARENTHESIS.sub("", subject)
    aside_free = _without_asides(subject)
    if aside_free != subject and is_structural(aside_free):
        subject = aside_free  # "the urea group (the pKa of ... is 6 units higher)": an aside
    words_in = subject.split()
    if (
        words_in
        and words_in[0].lower() in PREPOSITION_OPENERS - SUBORDINATORS
        and ", " not in subject
    ):
        # "In 6b the 1,7-dimethyl groups": an adverbial with no comma before the subject;
        # "In ... dyes such as 4 the diethylamino group": "such" opens no subject
        starts = [
            i
            for i, w in enumerate(words_in[1:], 1)
            if w.lower() in DETERMINERS and w.lower() != "such"
        ]
        # "In the C2 structure the tert-butyl side chain": the subject's determiner is the
        # one after a noun, not the adverbial's own after its preposition
        after_noun = [
            i
            for i in starts
            if words_in[i - 1].lower() not in PREPOSITION_OPENERS | HEAD_BREAKS | DETERMINERS
        ]
        if starts:
            subject = " ".join(words_in[(after_noun or starts)[0] :])
    if ": " in subject:  # "the geometry of its squaramide: the two N–H bonds"
        subject = subject.rsplit(": ", 1)[1]
    if ", " in subject and subject.split()[0].lower() in PREPOSITION_OPENERS:
        tail = subject.rsplit(", ", 1)[1]  # "With a pKa of 6.2, the morpholine nitrogen"
        if tail.split()[0].lower() in DETERMINERS:  # not "After ..., deprotection of X"
            subject = tail
    head, comma, tail = subject.partition(", ")
    if comma and _names_apposition(head, tail):
        subject = tail  # "the second electron-withdrawing group, the nitrile": the name
    elif comma and is_structural(head):
        subject = head  # "the C-8 methoxy group, like chlorine": an appositive, not the name
    subject = TRAILING_LINK.sub("", subject)
    subject = TRAILING_JUNK.sub("", subject)
    subject = re.sub(r"\s+in this way$", "", subject, flags=re.I)
    # "X both acidifies", "the polar oxetane itself helps"
    subject = re.sub(r"\s+(?:both|either|also|itself|themselves)$", "", subject, flags=re.I)
    for _ in range(2):
        subject = LABEL.sub("", subject).strip(" ,")
    tokens = subject.split()
    while tokens and tokens[0].lower() in DETERMINERS:
        tokens = tokens[1:]
    return " ".join(tokens)


def _names_apposition(head: str, apposition: str) -> bool:
    """Whether 'HEAD, the NAME' renames a group that HEAD describes without naming it.

    "the second electron-withdrawing group, the nitrile" (blind-59): the head says what the
    group does; the definite apposition is the catalogue's name of it, which the drawing
    shows. A head that names a group itself keeps its name.
    """
    opener = apposition.split(maxsplit=1)
    if len(opener) < 2 or opener[0].lower() != "the" or len(opener[1].split()) > 3:
        return False
    return not groups_named_in(head) and bool(groups_named_in(apposition))


def _clean_mechanism(predicate: str) -> str:
    predicate = TRAILING_JUNK.sub("", predicate.strip())
    # "matches the nitro group, whereas raising the basicity of the amine accelerates ...":
    # a contrast is another statement, about something else
    predicate = CONTRAST.split(predicate, maxsplit=1)[0]
    predicate = EXPLAINS_ANOTHER.split(predicate, maxsplit=1)[0]
    head, comma_and, tail = predicate.rpartition(", and ")
    if (
        comma_and
        and head
        and not _has_verb(f"it {tail}")
        and predicate_start(tokenise(tail)) is None
    ):
        predicate = head  # "is locked at 88°, and the near-zero overlap": a cut-off clause
    predicate = _own_clause(predicate)
    tokens = predicate.split()
    comparative = " than " in predicate  # "reaches further into X than Y": a degree, kept
    if len(tokens) > 1 and not comparative:  # "was therefore placed" -> "was placed"
        tokens = [tokens[0], *(t for t in tokens[1:2] if not LEADING_ADVERB.match(t)), *tokens[2:]]
        if LEADING_ADVERB.fullmatch(tokens[0]):
            tokens = tokens[1:]  # "also weaken Li+ coordination": beside what, the option lacks
    return TRAILING_JUNK.sub("", " ".join(tokens)).strip()


CONTRAST = re.compile(rf",\s+(?:{'|'.join(CONTRAST_WORDS)})\s+")
EXPLAINS_ANOTHER = re.compile(r",\s+which\s+(?:also\s+)?(?:explains|would\s+explain)\b", re.I)
"""', which explains the gradual red shift of its absorption' (blind-70): a second effect the
mechanism also explains, no part of how the feature acts."""

NEW_CLAUSE = re.compile(
    r",\s+and\s+(?:(?:as\s+a\s+result|consequently|therefore|thus|hence|so|in\s+turn),?\s+)?"
    r"(?=(?:a|an|the|this|these|its|their)\s|\d+[a-z]{0,2}\s)",
    re.I,
)
"""', and a/the ...' may open a clause with a subject of its own, also after a result
adverbial (', and as a result 3 responded to glucose ...', blind-67)."""


def _own_clause(predicate: str) -> str:
    """The mechanism up to a joined clause with its own subject; never into an open aside.

    In "... by blocking aryl rotation, and a dimethylaminostyryl donor shifts the emission
    of 6f" the second clause is another statement about another compound; in "are about
    2.7 Å apart (compared" the aside was cut off mid-way.
    """
    joins = _clause_joins(predicate)
    if joins:
        predicate = predicate[: joins[0][0]]
    return _without_open_bracket(predicate)


def _clause_joins(text: str) -> list[tuple[int, int]]:
    """Where each ', and the/a/its ...' opens a clause with its own subject and verb."""
    joins = []
    for match in NEW_CLAUSE.finditer(text):
        tokens = tokenise(text[match.end() :])
        start = predicate_start(tokens)
        labelled = start == 1 and is_label(tokens[0].text)  # "and as a result 3 responded"
        if start is not None and (start > 1 or labelled):
            joins.append((match.start(), match.end()))
    return joins


FLOATING_AFTER = re.compile(rf"\s+(?:{'|'.join(sorted(FLOATING_QUANTIFIERS))})$", re.I)
"""A quantifier after a coordinated subject ('X and Y each'), which is not the feature's."""


def _clause_breaks(effect: str) -> list[re.Match[str]]:
    """The commas of `effect` that open a clause with its own subject and verb."""
    breaks = []
    for match in re.finditer(r",\s+(?:and\s+)?", effect):
        tokens = tokenise(effect[match.end() :])
        index = predicate_start(tokens)
        if (
            index is not None
            and index > 0
            and tokens[0].tag in (Tag.WORD, Tag.DET, Tag.NUM)
            and tokens[index].tag in (Tag.AUX, Tag.VERB)
            and not any(t.tag in (Tag.REL, Tag.THAT, Tag.PUNCT, Tag.VBG) for t in tokens[:index])
        ):
            breaks.append(match)
    return breaks


def _next_clause_cut(effect: str) -> str:
    """The effect up to a comma that opens a clause with its own subject and verb.

    "increased affinity, none of the benzodiazepines was subtype-selective, zolpidem was
    α1-preferring": a list of findings, of which only the first is the feature's (blind-58).
    """
    breaks = _clause_breaks(effect)
    return effect[: breaks[0].start()] if breaks else effect


def _clean_effect(effect: str) -> str:
    """The effect after its cause: one statement, without the connective's adverbs.

    What follows a semicolon is a statement of its own ("hence the 48 h needed for the
    coupling; 8 was then isolated in 78% yield", "giving 70% ee; the larger groups
    evidently crowd the site"): a workup or a further explanation, not the effect.
    """
    effect = first_statement(effect)
    effect = LEADING_ADVERB.sub("", effect.strip())
    effect = re.sub(r"^(?:thereby|thus|so)\s+", "", effect, flags=re.I)
    return effect.strip(" ,;:.")


def first_statement(text: str) -> str:
    """`text` up to its first semicolon outside brackets."""
    depth = 0
    for index, char in enumerate(text):
        if char in "([":
            depth += 1
        elif char in ")]":
            depth = max(0, depth - 1)
        elif char == ";" and depth == 0 and index:
            return text[:index]
    return text


WH_CLAUSE = re.compile(r"\b(?:how|why|whether|what)\b(?P<rest>[^,;]*)$", re.I)


def _unfinished_question(mechanism: str) -> bool:
    """Whether the mechanism ends in a 'how'/'why' clause with no verb of its own.

    "shows how strongly lipophilicity" (the effect took "drives turnover"): the clause's
    verb went to the effect, and what is left says nothing the feature does.
    """
    match = WH_CLAUSE.search(mechanism)
    return match is not None and predicate_start(tokenise(f"it {match['rest']}")) is None


ABSENCE_HEADS = wordlist("loss lack absence removal deletion")
"""'the loss of the amide N–H': the cause is what the drawn compound no longer has."""
DENIED = re.compile(
    r"^(?:is|are)\s+(?:not\s+(?:feasible|possible|present|formed|available)|absent|missing)\b",
    re.I,
)
"""A predicate that denies the feature ('is not feasible', 'are absent'): an absence."""
IDENTITY = re.compile(
    r"^(?:corresponds?|corresponded|is identical|are identical|is equivalent|are equivalent)"
    r"\s+to\b|^(?:is|are|was|were)\s+the\s+same\s+as\b",
    re.I,
)
"""A predicate that says what the compound is ('corresponds to dapagliflozin'), not how a
feature acts (blind-58)."""
OPERATION_HEADS = wordlist("reaction reactions treatment exposure incubation use")
"""'the reaction of 2a with X', 'treatment of 5 with acid': an operation on compounds."""


NEGATED_SUBJECTS = frozenset({"no", "neither", "none", "nor", "not"})
ABSENT_MODIFIERS = frozenset({"missing", "absent", "lacking", "removed", "deleted"})
"""Adjectives that say the group is not there: 'the missing ortho fluorine'."""

CONDITIONS = r"°C|\bequiv\b|\brt\b|\breflux\b|\b(?:Pd/C|n-BuLi|NaH|LDA|DIPEA)\b"
"""Reagents and conditions of a synthetic step: a temperature, equivalents, reflux, a named
reagent. A solvent alone is no sign ('its pKa in DMSO')."""
CONDITIONS_ASIDE = re.compile(rf"\((?=[^()]*(?:{CONDITIONS}))[^()]*\)")
"""A parenthesis of reagents and conditions ('(n-BuLi, THF, −78 °C)', '(H2, Pd/C)')."""
INLINE_CONDITIONS = re.compile(
    rf"{CONDITIONS}|\broom\s+temperature\b|\bfor\s+\d+(?:\.\d+)?\s*(?:h|min|days?|hours?)\b",
    re.I,
)
"""The same written into the clause, with a duration: a sign of a procedure only beside a
product's yield (`PRODUCT_YIELD`), since 'at 25 °C' also sets an observation."""
OPERATION_GERUND = re.compile(r"^(?P<stem>[A-Za-z]+at)ing\s+(?=(?:the|a|an|its|one|both)\s)")
"""'Methylating the amide nitrogen': an operation whose noun ends in -ation."""


ADDING_GERUND = re.compile(
    r"^(?:adding|introducing|installing|incorporating|attaching|appending|placing|"
    r"(?:the\s+)?(?:introduction|installation|incorporation|addition|attachment)\s+of)\s+"
    r"(?:(?:a|an|the|one|two)\s+)?(?=\S)",
    re.I,
)
"""'Adding a thiophene at C5', 'Installing 3,5-dimethylphenyl groups on phosphorus': an
operation that puts a group on the scaffold; what the drawing shows is the group."""


UNSPECIFIC_PART_WORDS = wordlist(
    "head tail end terminal central polar group groups moiety moieties unit units part parts "
    "portion fragment fragments region"
)
"""Words that name a part of a molecule without saying which group it is ('head group')."""


def _nominal_operation(feature: str) -> str:
    """'Methylating the amide nitrogen' -> 'methylation of the amide nitrogen'.

    The option frame puts 'The' before the feature: a gerund subject would read "The
    methylating the amide nitrogen removes ...". The paper's operation as a noun
    ("methylation of the bridging nitrogen") is how a chemist names the same change. An
    operation that adds a group ("Adding a thiophene at C5") names the group it adds.
    """
    feature = ADDING_GERUND.sub("", feature)
    converted = CONVERSION.match(feature.strip())
    if converted:  # "Conversion to the sulfoxide raises ...": the drawing is the sulfoxide
        return converted["group"]
    return OPERATION_GERUND.sub(lambda m: f"{m['stem'].lower()}ion of ", feature)


CONVERSION = re.compile(
    r"^(?:the\s+)?(?:conversion|oxidation|reduction)(?:\s+of\s+[^,;]+?)?\s+(?:to|into)\s+"
    r"(?:the\s+|an?\s+)?(?P<group>[^,;()]+)$",
    re.I,
)
"""A change named by what it makes ('conversion to the sulfoxide'): the group it leaves."""


def _feature_problem(feature: str) -> str | None:
    tokens = words(feature)
    if not tokens:
        return "the cause has no subject"
    if tokens[0] in PREPOSITION_OPENERS:
        return f"the subject {feature!r} is an adverbial, not one feature"
    if tokens[0] in ("how", "what", "whether", "why", "which", "where", "when"):
        # "three questions: how much the anomeric linkage matters, ..." (blind-58)
        return f"the subject {feature!r} is a question, not a feature"
    tagged = tokenise(feature)
    if len(tagged) > 1 and tagged[0].tag is Tag.LABEL and tagged[1].tag in (Tag.PREP, Tag.TO):
        # "(slow addition of) 3 to a 10-fold excess of ethylenediamine": a compound moved
        return f"the subject {feature!r} is a compound and where it went, not a feature"
    if tokens[0] in ("whose", "which", "that"):
        # "..., whose remaining C–H bond is stronger": a relative clause's noun, not its owner
        return f"the subject {feature!r} opens a relative clause: its owner is the feature"
    if len(tokens) == 1 and tokens[0] in PRONOUN_SUBJECTS:
        return f"the subject is only the pronoun {feature!r}"
    if len(tokens) > 1 and set(tokens) <= UNSPECIFIC_PART_WORDS:
        # "without an ionisable NH the head group cannot form the salt bridge": which group?
        return f"the subject {feature!r} names a part of the molecule but no group"
    if len(tokens) == 1 and tokens[0] in BARE_POSITION_WORDS:
        # "that carbon sits para to the 4-oxo group": the atom is named by a locant elsewhere
        return f"the subject {feature!r} is a bare atom or position, named only by a locant"
    if tokens[0] in NEGATED_SUBJECTS:
        # "No bond to the stereocentre of 11 is made or broken ...": what does not happen
        return f"the subject {feature!r} is negated: it names what is absent or not done"
    if len(tokens) > 2 and tokens[0] in ABSENCE_HEADS and tokens[1] == "of":
        return f"the cause {feature!r} is a group's absence, which no drawing shows"
    if len(tokens) > 1 and tokens[0] in ABSENT_MODIFIERS:
        # "its missing ortho fluorine" (blind-53): what the compound lacks, not a feature
        return f"the cause {feature!r} is a group's absence, which no drawing shows"
    if len(tokens) > MAX_FEATURE_WORDS:
        return f"the subject {feature!r} is too long to be one feature"
    if len(tokens) > 2 and tokens[0].endswith(("ation", "ysis")) and tokens[1] == "by":
        # "acylation by its diazabicyclooctane core is reversed ...": what the group does,
        # not the group an operation leaves ("methylation of the bridging nitrogen")
        return f"the subject {feature!r} is a process its agent performs, not a feature"
    if len(tokens) == 1 and COMPOUND_NAME.fullmatch(feature.strip()):
        return f"the subject {feature!r} names a whole compound, not one of its features"
    tagged = tokenise(feature)
    if len(tagged) == 2 and tagged[-1].tag is Tag.LABEL and tagged[-2].tag is Tag.WORD:
        # 'fluoride 3', 'phenol 3': a class noun with its label names the compound
        return f"the subject {feature!r} names a compound by its label, not one of its features"
    if _labelled_compound(feature) and tagged[-2].lower in COMPOUND_HEADS | ROLE_HEADS:
        # 'the methyl analogue 2b': a compound by its label (blind-58); 'the methyl ester
        # 5b' names the ester it is
        return f"the subject {feature!r} names a compound by its label, not one of its features"
    if WHOLE_COMPOUNDS.search(feature):
        # "The 8-methoxy compounds 2a–2c all showed ..., the methoxy group stabilising":
        # the main clause's subject is the compounds; the feature is another phrase's
        return f"the subject {feature!r} names whole compounds by their labels, not a feature"
    if REAGENT_USED.search(feature):
        # "Saponification of the methyl ester of 5 with LiOH ... afforded 2a": a step
        return f"the subject {feature!r} names a reagent or solvent: a synthesis step"
    if REAGENT_CLASS.search(feature):
        return f"the subject {feature!r} is a reagent class, not part of the compound"
    if not is_structural(feature) or _head_word(feature) in NON_FEATURE_HEADS:
        return f"the subject {feature!r} names no structural feature"
    if not_drawn_part(feature):
        # "the hydrogen bond must now close a larger ring", "the ortho C–H activation
        # transition state", "the methyl group of Ala143 pushes against ..."
        return f"the subject {feature!r} is an interaction, a transient state or a protein's"
    if _property_head(_head_word(feature)) and not OWNED_PROPERTY.search(feature):
        # "the greater electrophilicity of an iridium centre bound to ...": what a group
        # brings about, named as a quantity; the drawing shows the group
        return f"the subject {feature!r} names a property, not a feature of the drawing"
    if _process_head(_head_word(feature)):
        # "oxidation at this carbon", "hydrogen bonding of ethanol to the 4-hydroxy group"
        return f"the subject {feature!r} is a process, not a feature of the drawing"
    return None


INTERACTION = re.compile(
    r"(?:\b(?:hydrogen|halogen|chalcogen|pnictogen)[- ]bonds?|\btransition[- ]states?)\s*$", re.I
)
"""Heads that name an interaction or a transient state, which no drawing of a compound shows."""
RESIDUE_OWNER = re.compile(
    r"\b(?:of|on|in)\s+(?:the\s+)?(?:Ala|Arg|Asn|Asp|Cys|Gln|Glu|Gly|His|Ile|Leu|Lys|Met|Phe|Pro"
    r"|Ser|Thr|Trp|Tyr|Val)-?\d{1,4}\b"
)
"""A part owned by a numbered amino-acid residue ('the methyl group of Ala143')."""
PROTEIN_RESIDUE = re.compile(
    r"\b(?:loop|helix|strand|domain|subunit|pocket|site|receptor|enzyme|protein)\s+"
    r"(?:[A-Za-z0-9′'-]+\s+){0,2}residues?\s*$",
    re.I,
)
"""A residue of the protein ('the cationic loop D residue'), not a part of the ligand."""


def not_drawn_part(phrase: str) -> bool:
    """Whether a structural-sounding phrase names what no drawing of the compound shows.

    An interaction between groups ('the hydrogen bond'), a state on the way ('the C–H
    activation transition state'), or a part of a protein residue ('the methyl group of
    Ala143').
    """
    if INTERACTION.search(phrase) or PROTEIN_RESIDUE.search(phrase):
        return True
    owner = RESIDUE_OWNER.search(phrase)
    # "acylation of Ser70 by its cyclic urea carbonyl" is what the drawn group does
    return owner is not None and is_structural(phrase[: owner.start()])


COMPOUND_CLASS_PLURAL = re.compile(
    r"[a-z]*(?<!fluor)(?<!chlor)(?<!brom)(?<!iod)(?:enes|ynes|ines|oles|ols|ones|ides|ates|anes|"
    r"acids|esters|aldehydes|ketones|compounds|analogues|analogs|derivatives)$"
)
"""Plural heads that name a class of whole compounds ('nitroalkenes', 'amines', 'phenols'),
not a part of one ('groups', 'rings'); halogen atoms ('fluorines') are parts."""


def _generic_class(text: str, feature: str) -> str | None:
    """Why a bare plural compound class is no feature of the drawing; None when it is not one.

    "Aliphatic nitroalkenes are less electrophilic, so the adduct 20e required 72 h" says
    what a class of substrates does; the drawn product holds no nitroalkene, and a
    question would credit it with the class's chemistry.
    """
    head = _head_word(feature)
    if not COMPOUND_CLASS_PLURAL.fullmatch(head):
        return None
    at = text.lower().find(feature.lower())
    before = text[:at].split()[-1:] if at > 0 else []
    after = text[at + len(feature) :].split()[:2] if at >= 0 else []
    owned = len(after) == 2 and after[0] == "of" and is_label(after[1].strip(",;:."))
    if owned or (before and before[0].lower() in DETERMINERS):
        # "the amides of 3", "its phenols": the compound's own groups; "the lower
        # electrophilicity of alkyl-substituted nitroalkenes" is a class's property
        return None
    return f"the subject {feature!r} is a class of compounds, not a feature of the drawing"


NOT_NOUN_PHRASE_START = frozenset({Tag.ADV, Tag.PREP, Tag.CONJ, Tag.SUB, Tag.TO, Tag.VBG})
"""A feature that opens on one of these is no noun phrase: "together with the imine
nitrogen ... it", "extending the diamine to a 1,3-diamine backbone" (a participle before
its noun, "neighbouring isopropyl groups", is an adjective)."""
CAPITAL_INSIDE = re.compile(r"(?<=[a-z,]) (?:By|With|As|In|On|At|For|From|To|Of|And|But)\b")
"""A capitalised function word inside a span: a sentence opener cut into it ('has a By')."""


PARTICIPLE_ASIDE = re.compile(
    r"^(?P<aside>(?:\w+ly\s+)?[a-z]+(?:ed|en)\b[^,;:()]*),\s+(?P<verb>[a-z]+s?)\b(?P<rest>.*)$"
)
"""'protonated under assay conditions, donates two hydrogen bonds ...': a participle aside
between the subject and its verb, cut with the subject."""


def _participle_aside_joined(feature: str, mechanism: str) -> str:
    """A participle aside after the feature as a predicate of its own, joined to the verb.

    In "because its amidine, protonated under assay conditions, donates two hydrogen
    bonds to Asp32" (blind-54) the aside says what the amidine is while it acts: "is
    protonated under assay conditions and donates ...". The mechanism is left as it is
    unless the word after the comma is a verb of the feature.
    """
    found = PARTICIPLE_ASIDE.match(mechanism)
    if found is None:
        return mechanism
    tokens = tokenise(f"{found['verb']}{found['rest']}")
    if not tokens or tokens[0].tag not in (Tag.VERB, Tag.AUX):
        return mechanism
    copula = "are" if is_plural(_head_word(feature)) or " and " in feature else "is"
    return f"{copula} {found['aside']} and {found['verb']}{found['rest']}"


def _malformed_option(feature: str, mechanism: str) -> str | None:
    """Why "The <feature> <mechanism>" would not read as one sentence; None when it would.

    The answer option is written from these two fields; a span cut at the wrong place
    leaves a feature that is no noun phrase, holds a clause of its own or a colon, or a
    mechanism carrying a sentence opener, and the option is then no English.
    """
    tokens = tokenise(feature)
    adjectival = len(tokens) > 1 and tokens[0].tag is Tag.VBG and tokens[1].tag is Tag.WORD
    # "permanently charged piperidine", "largely neutral amidine": an adverb grading the
    # adjective before the noun (blind-54)
    adjectival = adjectival or (
        len(tokens) > 2
        and tokens[0].tag is Tag.ADV
        and tokens[0].lower.endswith("ly")
        and tokens[1].tag in (Tag.VBN, Tag.VBG, Tag.WORD)
        and (tokens[2].tag is Tag.WORD or tokens[2].text in (",", "and"))
    )  # "strongly dipolar and Lewis-basic cyano group", "strongly electron-donating, ..."
    if tokens and tokens[0].tag in NOT_NOUN_PHRASE_START and not adjectival:
        return f"the feature {feature!r} opens on {tokens[0].text!r}: no noun phrase"
    if tokens and tokens[-1].tag is Tag.PRON:  # "together with the imine nitrogen ... it"
        return f"the feature {feature!r} ends on a pronoun: the clause's subject, not a group"
    if tokens and tokens[-1].tag in (Tag.PREP, Tag.DET, Tag.TO):
        # "aryl fluoride at" (blind-70): the span was cut inside a phrase
        return f"the feature {feature!r} ends on {tokens[-1].text!r}: a cut phrase"
    if ":" in feature or ";" in feature or any(t.tag is Tag.AUX for t in tokens):
        return f"the feature {feature!r} holds a clause of its own"
    if tokens and _ends_on_verb(tokens[-1].lower):
        # "smaller hydroxymethyl group being", "the two methyl groups enforce": the span was
        # cut after the subject's verb, which a noun phrase cannot end on (a verb the
        # lexicon lacks, such as 'interdigitate', still passes)
        return f"the feature {feature!r} ends on a verb"
    if CAPITAL_INSIDE.search(mechanism) or CAPITAL_INSIDE.search(feature):
        return f"{mechanism!r} carries a sentence opener inside it"
    said = tokenise(mechanism)
    ending = said[-2:]
    if ending and (
        ending[-1].tag in (Tag.CONJ, Tag.DET, Tag.PREP, Tag.TO, Tag.SUB)
        or (ending[-1].tag is Tag.AUX and ending[-1].lower not in PRO_VERBS)
        or (len(ending) == 2 and ending[0].tag is Tag.AUX and ending[1].tag is Tag.ADV)
    ):  # "... and is readily": the span was cut before its complement ("cannot do" is whole)
        return f"{mechanism!r} breaks off"
    if said and said[-1].lower in PAIRED_OPENERS:  # "stabilise ... either": its 'or' cut off
        return f"{mechanism!r} breaks off"
    if ": " in mechanism or "; " in mechanism or _comma_splice(said) or _run_on(said):
        return f"{mechanism!r} joins two clauses: no one predicate of {feature!r}"
    opening = [t for t in said if t.tag is not Tag.ADV][:2]
    if len(opening) == 2 and opening[0].lower.endswith(("ed", "en")) and opening[1].lower == "by":
        # "normally occupied by the β-hairpin": a passive participle with its agent and no
        # auxiliary modifies a noun the span lost; it says nothing the feature does
        return f"{mechanism!r} opens on a participle, not a verb of {feature!r}"
    participle = bool(said) and (said[0].tag is Tag.VBN or said[0].lower.endswith("ed"))
    if participle and any(
        t.text == "," and n.tag in (Tag.VERB, Tag.AUX) for t, n in pairwise(said)
    ):  # "the amine delocalised into the arene, binds Zn2+": a comma before the verb
        return f"{mechanism!r} puts a comma between {feature!r} and its verb"
    return None


PAIRED_OPENERS = wordlist("either neither whether")
"""Words that open a pair ('either ... or'): an option that ends on one lost its second half."""


def _ends_on_verb(word: str) -> bool:
    """Whether a noun phrase cannot end on `word`: 'being', 'having', or a verb only.

    A word the lexicon also knows as a noun ('forms', 'projects') may end one.
    """
    if word in ("being", "having"):
        return True
    verb = lexicon_verb(word)
    return verb is not None and not verb.noun_too


def _comma_splice(tokens: list[Token]) -> bool:
    """Whether a comma joins a second clause with its own subject.

    "..., a diarylamine nitrogen gives up an electron readily": an article and a noun
    after the comma, then a finite verb with no relative pronoun between.
    """
    for index, token in enumerate(tokens[:-3]):
        if token.text != "," or tokens[index + 1].lower not in ("a", "an", "the"):
            continue
        rest = tokens[index + 1 :]
        start = predicate_start(rest)
        # "a contact the carbamate oxygen of 1 cannot make": a second determiner opens a
        # reduced relative clause of the appositive, not a clause of its own
        if start and not any(t.tag in (Tag.REL, Tag.THAT, Tag.DET) for t in rest[1:start]):
            return True
    return False


RUN_ON_SUBJECTS = frozenset({"it", "they"})


def _run_on(tokens: list[Token]) -> bool:
    """Whether a second clause follows the first with no word to join them.

    "promotes intersystem crossing it supplies a long-lived triplet": a noun, then "it"
    and a verb with its own object. "weakens binding in DMSO masks the polar NH group":
    a second finite verb ('masks', with its object) after a noun, nothing joining it to
    the first (the paper's "that" before 'weakens' was lost). A reduced relative ("the
    conformation it adopts in the pocket") has no object after its verb, and a
    causative's bare infinitive ("lets acetic acid accelerate the ...") no -s.
    """
    for before, pronoun, verb, after in zip(
        tokens, tokens[1:], tokens[2:], tokens[3:], strict=False
    ):
        if (
            pronoun.lower in RUN_ON_SUBJECTS
            and before.tag in (Tag.WORD, Tag.VBG, Tag.LABEL)
            and verb.tag is Tag.VERB
            and after.tag in (Tag.DET, Tag.WORD, Tag.VBN)
        ):
            return True
    finite = False
    for index, token in enumerate(tokens[:-1]):
        if token.tag in CLAUSE_JOINS:
            finite = False
        elif token.tag is Tag.VERB:
            second = (
                finite
                and tokens[index - 1].tag in (Tag.WORD, Tag.LABEL)
                and tokens[index + 1].tag is Tag.DET
                and token.lower.endswith("s")
                and not token.lower.endswith("ss")
            )
            if second:
                return True
            finite = True
    return False


CLAUSE_JOINS = frozenset({Tag.CONJ, Tag.REL, Tag.THAT, Tag.SUB, Tag.PUNCT, Tag.TO})
"""Tokens after which a finite verb may start a clause of its own."""


OWNED_PROPERTY = re.compile(r"\bof\s+(?:the|its|their|this|these)\s", re.I)
"""'the lower N–H acidity of the urea': a drawn group's property, read with the group."""
PROPERTY_SUFFIXES = ("ity", "ness")
STRUCTURAL_ITY = frozenset({"cavity", "moiety", "entity", "functionality", "cavities", "moieties"})


def _property_head(head: str) -> bool:
    """Whether a head noun names a property ('electrophilicity', 'planarity', 'bulkiness')."""
    lower = head.lower()
    return lower.endswith(PROPERTY_SUFFIXES) and lower not in STRUCTURAL_ITY


def _process_head(head: str) -> bool:
    """Whether a head noun names a process: an -ation/-ysis event or a gerund noun.

    A change that adds a group ('methylation', 'fluorination', 'iodination') names the
    group it leaves in the drawing, as papers use it ("methylation of the bridging
    nitrogen"); so does a structural noun ending in -ing ('ring').
    """
    if head in STRUCTURAL_NOUNS or head.endswith(("position", "positions")):
        return False  # "the 4-position of the cyclohexane ring" is a place in the drawing
    return event_noun(head) or (head.endswith("ing") and len(head) > MIN_GERUND_NOUN)


def event_noun(word: str) -> bool:
    """Whether a noun names an event that happens to a compound ('oxidation', 'hydrolysis').

    A change that adds a group ('methylation', 'iodination') names the group it leaves in
    the drawing, and the compound it made; one that removes it ('N-demethylation')
    happens to the compound.
    """
    head = word.lower().rsplit("-", 1)[-1]
    if head in EVENT_WORDS:
        return True
    if not head.endswith(("ation", "ition", "ysis")):
        return False
    return head.startswith("de") or not head.endswith(("ylation", "ination"))


EVENT_WORDS = frozenset(
    {"cleavage", "scission", "closure", "opening", "elimination", "insertion", "rearrangement"}
)
"""Event nouns without the -ation/-ysis ending that marks the others ('ring closure')."""
MIN_GERUND_NOUN = 5
"""Shorter -ing words are no gerund nouns ('ring', 'wing')."""


def is_structural(phrase: str) -> bool:
    """Whether a phrase names a structural feature (head noun or catalogue alias).

    Hyphenated words count by their parts too: "ortho-substituent" names a substituent,
    and so do prefixed parent names ("electron-poor dinitroarene", `catalogue.parent_of`)
    and systematic names (`chemx.generation.nomenclature`: "cyclopentanone",
    "2,4-difluorophenyl").
    """
    tokens = set(words(phrase))
    parts = {part for token in tokens for part in token.split("-")}
    if BOND_NAME.search(phrase):  # "the more acidic thioamide N–H"
        return True
    if (tokens | parts) & STRUCTURAL_NOUNS or groups_named_in(phrase):
        return True
    if any(parent_of(token) for token in tokens | parts):  # "dinitroarene"
        return True
    return any(names_group(token) for token in phrase.split())  # "cyclopentanone"


# -- reasoning type --------------------------------------------------------------------

CONDITION_WORDS = re.compile(
    r"\b(?:had to|has to|have to|must|could not|cannot|can't|was run|were run|was used|were "
    r"used|was added|were added|was chosen|was weighed|was tested|were kept|was kept|was "
    r"reduced|were handled|was handled|was required|were required|required|needed|"
    r"in the absence|in the presence|no product|only in|at high dilution|"
    r"without\s+(?:added\s+|any\s+|the\s+|a\s+|free\s+)?(?:base|acid|catalyst|ligand|light|"
    r"heat|heating|additive|water|oxygen|air|solvent|irradiation|reagent|protection|cooling)|"
    r"equiv|°C|reflux|atmosphere|argon|nitrogen atmosphere)\b",
    re.I,
)
DESIGN_WORDS = re.compile(
    r"\b(?:was|were)\s+(?:\w+\s+)?(?:introduced|chosen|designed|installed|placed|attached|kept|"
    r"incorporated|selected|appended|added|used|retained|built in)\b|\bin order to\b|\bso that\b"
    r"|\bwas chosen\b|\bto achieve\b|\bdesigned to\b",
    re.I,
)
CONDITION_CONSTRUCTIONS = frozenset(
    {"because_lead", "consequence", "due_to", "due_to_lead", "because", "when_lead"}
)
"""Constructions whose effect can be a requirement on conditions (cause, then what had
to be done about it)."""


def reasoning_type(text: str, effect: str, mechanism: str, connective: str) -> ReasoningType:
    """Mechanistic, Design or Condition from cue words (seed 002, section 4.2).

    Condition: the sentence gives a cause and its effect is a requirement on conditions
    ("had to", "was run at high dilution", "without", reagents and temperatures). Design:
    the feature "was introduced / chosen / placed ... to / so that / because". Everything
    else explains how a feature produces an effect: Mechanistic.
    """
    if connective in CONDITION_CONSTRUCTIONS and CONDITION_WORDS.search(effect):
        return ReasoningType.CONDITION
    if DESIGN_WORDS.search(mechanism) or DESIGN_WORDS.search(text[: len(text) // 2 + 1]):
        return ReasoningType.DESIGN
    return ReasoningType.MECHANISTIC


def _short(text: str, width: int = 90) -> str:
    return text if len(text) <= width else text[: width - 1] + "…"
