"""Stage 2: the question stem and the four options, with a reproducible answer position.

Seed 002 (section 3.3): "The question stem is generated from Effect alone, so Feature
and Mechanism cannot leak into the wording of the stem. The correct option restates the
Feature and Mechanism fields. Each distractor pairs another visible structural feature
with a chemically plausible mechanism for the same effect." and "Answer positions are
randomized."

Every option is written in one frame that depends only on how the effect reads
(`chemx.generation.extract.EffectForm`), so options differ only in the feature–mechanism
pair (checked by `chemx.qc.anti_shortcut`). The answer is the paper's Feature and
Mechanism less what points at it (`chemx.generation.register`); nothing is added.

The answer position comes from a random generator seeded with the candidate id, so the
same candidate always gets the same letter, and over many candidates the letters are
uniform (checked by `chemx validate` with a chi-square test).

Long module: the stem's subject rules and the option frame read best beside each other.
"""

from __future__ import annotations

import random
import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

from chemx.generation.clauses import Tag, predicate_start, text_of, tokenise
from chemx.generation.extract import EffectForm
from chemx.generation.features import is_plural
from chemx.generation.label_free import POINTING_ADVERB
from chemx.generation.lexicon import making_verbs
from chemx.generation.pairs import named_as_reference
from chemx.generation.register import inflect
from chemx.generation.stem_wording import (
    AMOUNT_DETERMINERS,
    CHANGE,
    CONDITION_OUTCOME_QUESTION,
    DESIGN_PREDICATE,
    FEATURE,
    OWNER_POINTER,
    PART_OF_LABEL,
    PRECURSOR,
    PRODUCT_CLAUSE,
    REACTION_OUTCOME,
    REQUIREMENT,
    SHOWN,
    adverbial_lead,
    names_group,
    owner_named,
    predicate_after_shown,
    process_subject,
    property_of_shown,
    reaction_subject,
)
from chemx.generation.text import (
    capitalise,
    decapitalise,
    distinctive_stems,
)
from chemx.provenance.ids import digest
from chemx.records import Option, ReasoningType, SpareOption

Letter = Literal["A", "B", "C", "D"]
LETTERS: tuple[Letter, ...] = ("A", "B", "C", "D")
DISTRACTORS = 3
ANSWER_SEED_SALT = "answer-position"

QUESTIONS: dict[ReasoningType, str] = {
    ReasoningType.MECHANISTIC: (
        "Which structural feature of the {noun} shown most directly explains this effect?"
    ),
    ReasoningType.DESIGN: (
        "Which structural feature of the {noun} shown most directly explains this outcome?"
    ),
    ReasoningType.CONDITION: (
        "Which structural feature of the {noun} shown most directly explains why these "
        "conditions are required?"
    ),
}
"""The question sentence that ends every stem, by reasoning type."""

PAIR_QUESTIONS: dict[ReasoningType, str] = {
    ReasoningType.MECHANISTIC: (
        "Which structural difference between {first} and {second} (both shown) most "
        "directly explains this effect?"
    ),
    ReasoningType.DESIGN: (
        "Which structural difference between {first} and {second} (both shown) most "
        "directly explains this outcome?"
    ),
    ReasoningType.CONDITION: (
        "Which structural difference between {first} and {second} (both shown) most "
        "directly explains why the conditions differ?"
    ),
}
"""The question sentence of a matched-pair item (`chemx.generation.pairs`): the image
shows both compounds over their labels, so the stem names them as the paper does."""


@dataclass(frozen=True)
class OptionDraft:
    """One option before lettering: its feature, mechanism and what backs them."""

    feature: str
    mechanism: str
    correct: bool
    key: str | None = None
    """The feature's catalogue entry, when one names it."""
    in_structure: bool = False
    """Whether the catalogue found the feature on the structure's SMILES."""
    specific: bool = True
    """False when the mechanism is a generic fallback, not a feature-specific one."""


@dataclass(frozen=True)
class Mcq:
    """A finished question: stem, lettered options, answer, and the drafts behind them."""

    stem: str
    options: tuple[Option, ...]
    answer: Letter
    drafts: tuple[OptionDraft, ...]
    """In letter order."""
    spares: tuple[SpareOption, ...] = ()
    """Wrong answers written and not lettered, preferred first (`Candidate.spare_options`)."""


def entry_noun(entry_type: str) -> str:
    """'molecule' or 'reaction', as the stem names the image."""
    return "reaction" if entry_type == "reaction" else "molecule"


ADDING_CHANGE = re.compile(
    r"(?:[A-Za-z0-9,′']+-)?[a-z]*(?:ylation|ination)(?:\s+(?:of|at|on)\s+(?!the compound)[^,;]+)?",
    re.I,
)
"""A change adding a group ('N-Methylation', 'Fluorination', 'N-Methylation of the amide')."""


MAKES_SHOWN = re.compile(rf"\b(?:{making_verbs('base', 'third', 'past', 'gerund')})\s+{SHOWN}")
"""A predicate that makes the compound shown ('gave the compound shown'), not one that
says what happened to it ('shifts the film absorption of the compound shown', blind-60)."""


SHARE_VERBS = frozenset({"accounted", "accounts", "account", "constituted", "comprised"})
"""Verbs that give a subject's share of a mixture ('accounted for only 6% of the products')."""


def subject_free_effect(effect: str, form: EffectForm, feature: str, entry_type: str) -> str | None:
    """A clause effect whose subject names the feature, with that subject made neutral.

    "ortho-Substituted anilines gave the products in lower yields" explained by "the less
    planar o-substituted aniline" would hand the answer to the stem; the image shows the
    compound, so the stem says "The compound shown gave the products in lower yields".
    When the predicate already names the compound shown ("4-chlorobenzonitrile reacted
    within 1 h to give the compound shown"), the subject is what it was made from and
    becomes "the starting material", not a second "the compound shown". Other effects are
    returned unchanged. A reaction question names the subject as `reaction_subject` does
    ("the reaction shown", "the substrate shown"); None when a reaction's compound is
    named only by its group ("Aldehyde 7 is only weakly emissive"), which no stem can
    say without the answer. A change that names the feature ("Locking the amine into a
    julolidine raised ...") becomes "One structural change raised ..."; a property
    subject keeps its property ("The CAC of the compound shown ...", `property_of_shown`).
    """
    if form != "clause":
        return effect
    in_shown = SHOWN_LEAD.match(effect)
    if in_shown:
        return _feature_in_shown(effect, in_shown["lead"], in_shown["rest"])
    tokens = tokenise(effect)
    start = predicate_start(tokens)
    if not start:
        return effect
    subject = text_of(effect, tokens, 0, start)
    if tokens[start].lower in SHARE_VERBS and "%" in effect:
        # "internal olefins accounted for only 6% of the products" (blind-64): a share of a
        # product mixture, whose class noun is no name of the catalyst shown
        return effect
    made_shown = tokens[0].tag is Tag.VBG and SHOWN in subject and entry_type != "reaction"
    shares_feature = bool(distinctive_stems(subject) & distinctive_stems(feature))
    if not (made_shown or shares_feature or names_group(subject)):
        return effect
    if tokens[0].tag is Tag.VBG:
        if entry_type == "reaction" or not (names_group(subject) or made_shown):
            # "Replacing PCy3 with PPh3 lowered the yield": a condition; a change that made
            # the compound shown ("Saturating the warhead (the compound shown)") is not
            return effect
        # "Locking the amine into a julolidine (1b) raised the quantum yield": the change
        # names a group of the answer, so the stem says only that a change was made
        changed = predicate_after_shown(text_of(effect, tokens, start, len(tokens)).strip())
        changed = POINTING_ADVERB.sub("", changed)  # "also deepens": beside what change?
        return capitalise(f"{CHANGE} {changed}")
    if process_subject(tokens[:start]):
        return effect  # "N-Demethylation to M1 accounted for 60%": a process, no compound
    if tokens[0].lower in AMOUNT_DETERMINERS:
        # "little monophosphate is released": an amount of a substance, not the drawing;
        # "the compound shown is released" would drop the amount and change the claim
        return None if distinctive_stems(subject) & distinctive_stems(feature) else effect
    predicate_text = text_of(effect, tokens, start, len(tokens)).strip()
    made_by_change = SHOWN in predicate_text and MAKES_SHOWN.search(predicate_text)
    if ADDING_CHANGE.fullmatch(subject.strip()) and not made_by_change:
        return capitalise(f"{CHANGE} {predicate_text}")  # "N-Methylation abolished activity"
    noun = property_of_shown(subject) or SHOWN
    if noun == SHOWN and PART_OF_LABEL.search(subject) and OWNER_POINTER.match(predicate_text):
        # "The PEG linker of 3a was its main metabolic soft spot": said of the compound
        # shown, the compound would be its own soft spot
        return None
    acted = predicate_after_shown(predicate_text)  # "The X of 3b raises its solubility":
    if noun == SHOWN and PART_OF_LABEL.search(subject) and re.search(r"\bits\b", acted):
        return capitalise(f"{FEATURE} {owner_named(acted, 'vp', entry_type)}")
    predicate = predicate_text
    # "(the compound shown, EC50 = 11 nM)" is an aside, not the product the subject made
    makes_shown = SHOWN in re.sub(r"\([^()]*\)", "", predicate)
    if entry_type == "reaction" and not makes_shown:
        named = reaction_subject(tokens[:start])
        if named is None and REACTION_OUTCOME.match(predicate):
            named = "the reaction shown"  # "Ortho-substituted anilines gave ... lower yields"
        if named is None or not named:
            return None if named is None else effect  # "Aldehyde 7"; "amine–HF reagents"
        noun = named
    if makes_shown and SHOWN not in subject and COMPARED_WITH_SHOWN.search(predicate):
        # "phenylacetylene reacted twice as slowly as 8" (blind-68): the subject is the
        # compound compared with the one shown, not what it was made from; named by a
        # group, no stem can say which compound it was
        return None
    if makes_shown and SHOWN not in subject:
        about_product = PRODUCT_CLAUSE.match(predicate)
        if about_product:  # "N-Benzylation ... gave the compound shown, for which ..."
            lead, rest = about_product["lead"], about_product["rest"]
            return capitalise(f"{lead} {SHOWN}, {rest}" if lead else f"{SHOWN} {rest}")
        noun = PRECURSOR  # "4-chlorobenzonitrile reacted ... to give the compound shown"
    # "the methoxy analogue shown was ...", "the FSI salt shown, with ..., gave": not a verb
    predicate = predicate_after_shown(predicate)
    if is_plural(subject):
        predicate = inflect(predicate, plural=False)
    lead = adverbial_lead(subject)
    space = "" if predicate.startswith(",") else " "
    return capitalise(f"{lead}{noun}{space}{predicate}")


COMPARED_WITH_SHOWN = re.compile(
    rf"\b(?:than|as|compared\s+(?:with|to)|relative\s+to|versus|vs\.?)\s+(?:that\s+of\s+)?{SHOWN}\b",
    re.I,
)
"""A predicate that names the compound shown as the subject's comparator ('reacted twice as
slowly as the compound shown', 'was 5-fold weaker than the compound shown')."""
SHOWN_LEAD = re.compile(rf"^(?P<lead>(?:In|For|With|Within) {SHOWN},\s+)(?P<rest>\S.*)$", re.I)
"""'In the compound shown, ...': the compound is named by the lead; the clause follows."""


def _feature_in_shown(effect: str, lead: str, rest: str) -> str:
    """'In the compound shown, <group> raises ...' with the group made neutral.

    "In 3b, the 2,4-difluorophenyl group at N1 raises activity four-fold, because the aryl
    ring stacks ..." names the answer's ring by another name (blind-48): the stem says
    "In the compound shown, one structural feature raises activity four-fold".
    """
    tokens = tokenise(rest)
    start = predicate_start(tokens)
    if not start:
        return effect
    subject = text_of(rest, tokens, 0, start)
    if not names_group(subject):
        return effect
    predicate = text_of(rest, tokens, start, len(tokens)).strip()
    if is_plural(subject):
        predicate = inflect(predicate, plural=False)
    return f"{capitalise(lead)}{FEATURE} {predicate}"


def stem_text(effect: str, form: EffectForm, reasoning_type: ReasoningType, entry_type: str) -> str:
    """The stem, written from the Effect alone (plus the entry and reasoning type).

    The Feature and Mechanism are not parameters on purpose: the stem cannot leak what
    it is never given.
    """
    question = QUESTIONS[reasoning_type].format(noun=entry_noun(entry_type))
    if reasoning_type is ReasoningType.CONDITION and not REQUIREMENT.search(effect):
        question = CONDITION_OUTCOME_QUESTION.format(noun=entry_noun(entry_type))
    return f"{_observation(owner_named(effect, form, entry_type), form)} {question}"


def pair_stem_text(
    effect: str, form: EffectForm, reasoning_type: ReasoningType, labels: tuple[str, str]
) -> str:
    """The stem of a matched-pair item: the comparison, then the question about the two.

    The image labels both compounds, so the stem names the first where the effect does
    not ("One structural feature of 4b accelerates the cycloaddition 14-fold relative to
    1", "The observed outcome for 5c is a 42 nm blue shift ... relative to 5a").
    """
    first, second = labels
    question = PAIR_QUESTIONS[reasoning_type].format(first=first, second=second)
    owner = first
    if (
        form == "vp"
        and named_as_reference(first, effect)
        and not named_as_reference(second, effect)
    ):
        owner = second  # "... raised PARP1 potency 30-fold over hit 2": the feature is 3b's
    if form == "clause":
        effect = pair_subject_named(effect, owner)
    return f"{_observation(effect, form, owner)} {question}"


def pair_subject_named(effect: str, label: str) -> str:
    """A pair's clause effect whose subject points at a compound, with `label` instead.

    "the compound reacted with GSH five times faster than 1" (blind-50): a matched-pair
    item shows two compounds, so "the compound" names neither; the stem and every option
    name the one the effect is said of. A subject that is the change made, with the
    label after it ("Introducing a fluorine ortho to boron (2c) tripled ..."), names the
    answer: the label alone stands for it.
    """
    effect = effect.strip()
    changed = re.match(rf"^[^()]{{3,120}}?\(\s*{re.escape(label)}\s*\)\s+(?=[a-z])", effect)
    if changed:  # "Introducing a fluorine ortho to boron (2c) tripled ..." (blind-51)
        return f"{label} {effect[changed.end() :]}"
    return POINTING_SUBJECT.sub(label, effect, count=1)


POINTING_SUBJECT = re.compile(
    r"^(?:the|this)\s+(?:compound|molecule|analogue|derivative)\b(?!\s+shown)", re.I
)
"""A subject that points back at the compound the sentence introduced before its colon."""


def _observation(effect: str, form: EffectForm, compound: str = "") -> str:
    """The stem's first sentence: the effect, as its form reads, about `compound` if given."""
    effect = effect.rstrip(". ")
    if form == "vp":
        of = f" of {compound}" if compound else ""
        # the paper's subject may have been plural ("the ortho-methyl groups raise ...")
        return f"{capitalise(FEATURE)}{of} {decapitalise(inflect(effect, plural=False))}."
    if form == "clause":
        return f"{capitalise(effect)}."
    about = f" for {compound}" if compound else ""
    return f"The observed outcome{about} is {decapitalise(effect)}."


def agree(predicate: str, plural: bool) -> str:
    """Make a third-person-singular predicate agree with a plural subject.

    Only the first word changes ("donates" -> "donate", "is" -> "are"); the table phrases
    are singular and most paper features are too (`chemx.generation.register.inflect`).
    """
    return inflect(predicate, plural=True) if plural else predicate


def design_frame(mechanism: str, correct_mechanism: str, plural: bool) -> str:
    """A distractor mechanism in the correct option's Design frame, when it has one.

    When the paper's mechanism reads "was introduced to ...", a distractor reading
    "donates electron density ..." would stand out by tone alone; it becomes "was
    introduced because it donates electron density ...".
    """
    match = DESIGN_PREDICATE.match(correct_mechanism)
    if match is None:
        return mechanism
    aux = "were" if plural else "was"
    verb = match["verb"].lower()
    if _PURPOSE.match(correct_mechanism[match.end() :]):
        purpose = infinitive(mechanism)
        if purpose is not None:  # "was placed to block ..." against "was placed to fill ..."
            return f"{aux} {verb} to {purpose}"
    pronoun = "they" if plural else "it"
    return f"{aux} {verb} because {pronoun} {agree(mechanism, plural)}"


_PURPOSE = re.compile(r"^\s+to\s+[a-z]", re.I)
"""A Design mechanism that gives its purpose as an infinitive ("was placed to block ...")."""
_MODAL = frozenset({"can", "cannot", "may", "might", "must", "will", "would", "should", "could"})


def infinitive(predicate: str) -> str | None:
    """A present-tense predicate as the infinitive after "to", or None when it has none.

    A paper's purpose reads "was placed to block this oxidation"; a distractor worded
    "was placed because it withdraws electron density" would differ from it by its
    connective alone, which an option-only classifier learns (``because it`` was among
    its strongest distractor words on the sample release). Modals and past tenses have
    no infinitive.

    >>> infinitive("donates a hydrogen bond and fixes a planar amide geometry")
    'donate a hydrogen bond and fix a planar amide geometry'
    >>> infinitive("is protonated at physiological pH")
    'be protonated at physiological pH'
    >>> infinitive("can chelate the metal") is None
    True
    """
    first = predicate.split(" ", 1)[0].lower()
    if first in _MODAL:
        return None
    plural = inflect(predicate, plural=True)
    if plural == predicate and first not in _BASE_FORMS:
        return None  # a past tense or an unknown word: no infinitive to form
    return _ARE.sub(lambda m: m.group(1) + "be", plural)


_BASE_FORMS = frozenset({"are", "have", "do"})
_ARE = re.compile(r"(^|\band (?:thereby |thus |so |hence |therefore )?)are\b")
"""'are' as the predicate's own verb (first, or joined by 'and'), which an infinitive makes 'be'."""


def with_article(feature: str) -> str:
    """'The <feature>' (features are stored without determiners; Greek letters stay lower).

    A feature taken from the start of a sentence keeps that sentence's capital
    ("Methylation of the bridging nitrogen"); after "The" it is lower-cased, unless the
    word is short (an abbreviation: "Boc", "AQ"), a symbol or a name.
    """
    feature = feature.strip()
    if feature.split(" ", 1)[0].lower() in ("the", "a", "an"):
        return capitalise(feature)
    if len(feature.split(" ", 1)[0]) > 4:
        feature = decapitalise(feature)  # a name ('Mannich-base side chain') keeps its case
    return f"The {feature}"


JOINTS = {"vp": " and thereby ", "clause": "; for this reason, ", "np": ", which accounts for "}
"""Where an option's own clause meets the shared effect, by the effect's form."""


def option_text(feature: str, mechanism: str, effect: str, form: EffectForm) -> str:
    """One option in the shared frame (see the module docstring)."""
    plural = is_plural(feature)  # the verbs agree with the option's own feature
    head = f"{with_article(feature)} {inflect(mechanism.strip().rstrip('.,;'), plural)}"
    effect = effect.strip().rstrip(".")
    said = inflect(effect, plural) if form == "vp" else effect
    return f"{head}{JOINTS[form]}{decapitalise(said)}."


def answer_rng(candidate_id: str) -> random.Random:
    """The random generator of one candidate: seeded by its id, so reproducible."""
    return random.Random(digest(ANSWER_SEED_SALT, candidate_id))


def spare_options(
    drafts: Sequence[OptionDraft], effect: str, form: EffectForm
) -> tuple[SpareOption, ...]:
    """`drafts` as spare wrong answers, worded in the options' shared frame."""
    return tuple(
        SpareOption(
            feature=draft.feature,
            mechanism=draft.mechanism,
            text=option_text(draft.feature, draft.mechanism, effect, form),
        )
        for draft in drafts
    )


def assemble(
    candidate_id: str,
    correct: OptionDraft,
    distractors: Sequence[OptionDraft],
    stem: str,
    effect: str,
    form: EffectForm,
    spares: Sequence[OptionDraft] = (),
) -> Mcq:
    """Letter the options: the correct one at a seeded position, distractors shuffled."""
    if len(distractors) != DISTRACTORS:
        raise ValueError(f"an item needs {DISTRACTORS} distractors, got {len(distractors)}")
    rng = answer_rng(candidate_id)
    position = rng.randrange(len(LETTERS))
    order = list(distractors)
    rng.shuffle(order)
    order.insert(position, correct)
    options = tuple(
        Option(
            letter=letter,
            feature=draft.feature,
            mechanism=draft.mechanism,
            text=option_text(draft.feature, draft.mechanism, effect, form),
        )
        for letter, draft in zip(LETTERS, order, strict=True)
    )
    return Mcq(
        stem=stem,
        options=options,
        answer=LETTERS[position],
        drafts=tuple(order),
        spares=spare_options(spares, effect, form),
    )


_NAMED_PART = ("N–H", "O–H", "C–H", "C–F", "C=O", "C=N")
"""Bonds a feature's name may end on ('benzanilide N–H') that a table mechanism also
names as the feature's part ('... through its N–H')."""


def without_named_part(feature: str, mechanism: str) -> str:
    """The mechanism without the part the feature's name already is.

    "The benzanilide N–H donates a hydrogen bond through its N–H" says the N–H twice;
    "The aliphatic amide N–H has an N–H that is deprotonated ..." likewise.

    >>> without_named_part("benzanilide N–H", "donates a hydrogen bond through its N–H")
    'donates a hydrogen bond'
    >>> without_named_part("amide N–H", "has an N–H that is deprotonated by strong bases")
    'is deprotonated by strong bases'
    >>> without_named_part("secondary amide", "donates a hydrogen bond through its N–H")
    'donates a hydrogen bond through its N–H'
    """
    part = next((p for p in _NAMED_PART if feature.rstrip().endswith(p)), None)
    if part is None:
        return mechanism
    bond = re.escape(part)
    trimmed = re.sub(rf"^has an? {bond} that ", "", mechanism)
    trimmed = re.sub(rf"\s+(?:through|at|via) its {bond}\b", "", trimmed)
    return trimmed.strip() or mechanism


def distractor_draft(
    feature: str,
    mechanism: str,
    correct_mechanism: str,
    *,
    key: str | None,
    in_structure: bool,
    specific: bool,
) -> OptionDraft:
    """A distractor: plural agreement and the Design frame applied to its mechanism."""
    plural = is_plural(feature)
    mechanism = without_named_part(feature, mechanism)
    phrased = design_frame(mechanism, correct_mechanism, plural)
    if phrased == mechanism:
        phrased = agree(mechanism, plural)
    return OptionDraft(feature, phrased, False, key, in_structure, specific)
