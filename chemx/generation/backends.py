"""The two generator backends: offline templates (``template-v1``) and the generator role.

Both run the seed's two stages (section 3.3, appendix C.3) and return the same results,
so the agent, the anti-shortcut checks and the judge do not care which one ran:

1. `decompose`: Effect / Feature / Mechanism / reasoning type from the structure's
   evidence block (its designated explanatory sentence), plus 3-5 other visible
   features; a sentence too vague for all three fields is discarded, never completed.
2. `write_mcq`: the stem from the Effect alone, and three distractors pairing other
   visible features with mechanisms for the same effect; the options are lettered by
   `chemx.generation.mcq.assemble` (correct option = Feature + Mechanism verbatim,
   seeded answer position).

``template-v1`` splits the sentence at its connective (`chemx.generation.extract`),
takes other features from the SMARTS catalogue and the paper's text
(`chemx.generation.features`) and distractor mechanisms from the curated table
(`chemx.generation.mechanisms`). ``llm:<model>`` asks the ``generator`` role with the
structure image: `decomposition.v1`, then `mcq.v1`, which is sent the Effect, the entry
and reasoning type and the other features only — never the Feature or the Mechanism.

Long module: the two backends share one contract (the context and result records and
the answer draft); kept together so that a change to it is made to both.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Literal, Protocol, runtime_checkable

from chemx.generation.catalogue import (
    BARE_WORD_ENTRIES,
    BY_KEY,
    attachment_siblings,
    group_for_feature,
    groups_named_in,
    has_alkyl_methyl,
    head_phrase,
    loosely_matched,
    matched_keys,
    related,
    ungraded_entries,
    valence_problems,
)
from chemx.generation.elements import (
    acts_on_same_bond,
    atom_only_in,
    missing_elements,
    missing_hydrogens,
    on_named_ring,
)
from chemx.generation.explanations import PaperExplanation, lend_mechanisms
from chemx.generation.extract import Decomposition, EffectForm, decompose
from chemx.generation.feature_names import names_cause, restates_name, same_feature
from chemx.generation.features import (
    MAX_OTHER_FEATURES,
    MIN_OTHER_FEATURES,
    SKELETAL_KEYS,
    SPARE_FEATURES,
    VisibleFeature,
    cause_keys_named,
    drawn_name,
    groups_inside_words,
    is_plural,
    renames_as_one,
    select_other_features,
)
from chemx.generation.lexicon import (
    BENZENOID_WORDS,
    FACE_DESCRIPTOR,
    HEDGING_TERMS,
    LINKER_HEADS,
    RECIPROCAL,
    STEREO_WORDS,
)
from chemx.generation.mcq import (
    DISTRACTORS,
    Mcq,
    OptionDraft,
    assemble,
    distractor_draft,
    option_text,
    pair_stem_text,
    pair_subject_named,
    stem_text,
    subject_free_effect,
)
from chemx.generation.mechanism_classes import mechanism_classes, rival_actions, rivals
from chemx.generation.mechanisms import effect_readings, mechanism_for
from chemx.generation.overlap import RING_SUBSTITUENT_KEYS, placed_rings
from chemx.generation.owners import (
    change_subject,
    compound_subject,
    effect_subject,
    feature_at,
    foreign_cause_owners,
    foreign_effect_owners,
    made_compounds,
    outcome_compounds,
)
from chemx.generation.pairs import Pair, compared_region, find_pair, shared_features
from chemx.generation.register import (
    MechanismParts,
    agree_chain,
    inflect,
    length_rank,
    pick_distractors,
    plain_feature,
    readings,
    renumber,
    split_chain,
    without_labels,
)
from chemx.generation.schemas import (
    DECOMPOSITION_TEMPLATE,
    MCQ_TEMPLATE,
    DecompositionAnswer,
    McqAnswer,
)
from chemx.generation.shown import neutral_effect, without_unseen_references
from chemx.generation.stem_leak import cause_named_in_stem
from chemx.generation.stem_wording import (
    unnamed_precursors,
    without_lacking_clause,
    without_structural_lead,
)
from chemx.generation.text import stem, words
from chemx.labels import canonical_text, labels_after_class_nouns
from chemx.models import GENERATOR_ROLE, ModelCaller
from chemx.records import Evidence, ModelCall, PartialDecomposition, ReasoningType, Structure
from chemx.registry import BackendContext

TEMPLATE_BACKEND = "template-v1"


@dataclass(frozen=True)
class GenerationContext:
    """Everything a generator may read about one structure–evidence pair."""

    candidate_id: str
    structure: Structure
    evidence: Evidence
    basis_index: int
    """Index into `evidence.sentences` of the explanatory sentence to decompose."""
    entry_type: Literal["molecule", "reaction"]
    image: bytes
    visible: tuple[VisibleFeature, ...] = ()
    """Features found on the structure (catalogue) and named for it in the paper."""
    structure_keys: frozenset[str] | None = None
    explanations: tuple[PaperExplanation, ...] = ()
    """The paper's other explanations (`chemx.generation.explanations`): the offline
    generator lends their mechanisms to its wrong answers."""
    previous_sentence: str | None = None
    """The sentence before the basis in the paper's reading order: the effect of "This
    might be due to ..." (`chemx.generation.extract.decompose`)."""
    previous_sentence_id: str | None = None
    """Its id, recorded on the candidate when the effect is read from it."""
    distractor_uses: Mapping[str, int] = field(default_factory=dict)
    """How often this paper's earlier questions offered each feature as a wrong answer
    (by `chemx.generation.features.usage_key`); the offline generator spreads them."""
    partners: Mapping[str, Structure] = field(default_factory=dict)
    """The paper's other labelled structures with a SMILES reading, by label: the
    partner of a matched pair (`chemx.generation.pairs`)."""
    paper_labels: frozenset[str] = frozenset()
    """Every compound label of the paper, drawn or bolded in its text
    (`chemx.agents.generation.paper_labels`): none of them may stay in the answer."""

    @property
    def labels(self) -> tuple[str, ...]:
        """The structure's label and, for a reaction, its components' labels."""
        own = (self.structure.identifier,) if self.structure.identifier else ()
        return (*own, *self.structure.related_identifiers)

    @property
    def basis_text(self) -> str:
        """The explanatory sentence."""
        return self.evidence.sentences[self.basis_index].text

    @property
    def evidence_text(self) -> str:
        """The whole evidence block as one text (the paper's support)."""
        return " ".join(sentence.text for sentence in self.evidence.sentences)


@dataclass(frozen=True)
class Fields:
    """A successful decomposition."""

    effect: str
    effect_form: EffectForm
    feature: str
    mechanism: str
    reasoning_type: ReasoningType
    other_features: tuple[VisibleFeature, ...]
    effect_from_previous: bool = False
    """The effect is the sentence before the basis (an anaphoric "This might be due to")."""
    pair: Pair | None = None
    """For a matched pair: the partner compound, drawn beside this one in the item."""
    spare_features: tuple[VisibleFeature, ...] = ()
    """Further features past the decomposition's five, written as spare wrong answers
    only (`Candidate.spare_options`), never lettered by the generator."""


@dataclass(frozen=True)
class DecomposeResult:
    """Stage 1's outcome: fields, or the reason the candidate is discarded."""

    fields: Fields | None
    reason: str = ""
    """'too_vague', 'too_few_features', 'feature_not_drawn', 'no_neutral_stem' (the stem
    cannot name the effect's subject without its group), 'unseen_reference' (the stem
    would compare with a compound the item does not show), 'stem_names_cause' (the stem
    names the answer's group under another name, `chemx.generation.stem_leak`) or
    'model_failed' when `fields` is None."""
    detail: str = ""
    calls: tuple[ModelCall, ...] = ()
    partial: PartialDecomposition | None = None
    """Whatever fields were found before discarding (kept on the discarded candidate)."""


@dataclass(frozen=True)
class McqResult:
    """Stage 2's outcome."""

    mcq: Mcq | None
    reason: str = ""
    detail: str = ""
    calls: tuple[ModelCall, ...] = ()


@runtime_checkable
class Generator(Protocol):
    """What the agent needs from a generator backend."""

    backend: str

    def usable(self, sentence: str, previous: str | None = None) -> bool:
        """Whether this backend can decompose the sentence (used to pick a basis).

        `previous` is the sentence before it, which an anaphoric basis explains.
        """
        ...

    def decompose(self, context: GenerationContext) -> DecomposeResult:
        """Stage 1."""
        ...

    def write_mcq(self, context: GenerationContext, fields: Fields) -> McqResult:
        """Stage 2."""
        ...


def _too_few(other: Sequence[VisibleFeature], fields: PartialDecomposition) -> DecomposeResult:
    names = ", ".join(f.name for f in other) or "none"
    return DecomposeResult(
        None,
        "too_few_features",
        f"{len(other)} other visible feature(s) ({names}); {MIN_OTHER_FEATURES} are needed "
        "for the distractors",
        partial=fields,
    )


GENERIC_GROUP_WORDS = frozenset(
    {"group", "ring", "bond", "linkag", "aryl", "aromatic", "ortho", "meta", "para"}
)
"""Stems of catalogue-name words that say nothing of which group it is (a position on a
ring is not a group: "para-nitro group" shares "para" with a drawn "para-disubstituted
benzene ring" and is still absent from a drawing without a nitro group)."""


def _stems(phrase: str) -> set[str]:
    """Stems of a phrase's words and of their hyphenated parts ('peri-hydroxyl groups')."""
    return {stem(part) for word in words(phrase) for part in word.split("-") if part}


CAUSE_LEAD_WORDS = 8
"""How far before the cause a group the sentence names still belongs to it ("ascribed to
the geometry of the squaramide group: its two N–H bonds ...")."""


def cause_surroundings(text: str, feature: str) -> str:
    """The words just before the cause in the sentence, and the cause.

    Groups named there are part of the explanation, so no wrong answer may name them;
    groups named elsewhere in the sentence (the compound compared with, the series) may.
    A cause that names no group ("the small size of the ortho-substituent") refers to
    one the sentence names elsewhere ("the 2-fluorosubstituted product 2n"), so for it
    the whole sentence counts.
    """
    at = feature_at(text, feature)
    if at < 0:
        return ""
    if not groups_named_in(feature) and not groups_inside_words(feature):
        return text
    lead = text[:at].split()[-CAUSE_LEAD_WORDS:]
    return " ".join([*lead, text[at : at + len(feature)]])


def _cause_of_other(
    context: GenerationContext, feature: str, pair: Pair | None
) -> DecomposeResult | None:
    """A discard when the sentence gives the cause to another compound.

    "The ortho-methyl groups on the meso-aryl ring of 6c raise the quantum yield ..., and
    a dimethylaminostyryl donor shifts the emission of 6f" explains 6c: asked on 6f's
    drawing (which has aryl methyls too) it would credit 6f with 6c's explanation. The
    sentence goes back for the compound it names (`STRUCTURE_REASONS`).
    """
    allowed = (*context.labels, *((pair.partner_label,) if pair is not None else ()))
    owners = foreign_cause_owners(context.basis_text, feature, allowed)
    if not owners:
        return None
    return DecomposeResult(
        None,
        "feature_not_drawn",
        f"the sentence gives the cause {feature!r} to {' and '.join(owners)}, not to "
        f"{context.structure.identifier}",
    )


CHANGE_ARROW = re.compile(r"\(\s*(?P<from>[^\s()→]{1,12})\s*(?:→|->)\s*(?P<to>[^\s()→]{1,12})\s*\)")
"""A change written as an arrow between two labels: '(2a → 2b)', '(4a -> 4b)'."""


def _comparison_of_other(
    context: GenerationContext, extracted: Decomposition, pair: Pair | None
) -> DecomposeResult | None:
    """A discard when a matched pair's change is asked on a drawing that is not its result.

    "Replacing the hydroxyl groups of 3 by the ether-linked acid chains of 9 cut the fade
    rate 40-fold; ... the aryl ether linkages cannot ..." explains 9: asked on a scheme
    that draws 3 (and not 9) it would credit 3 with 9's ether linkages.
    """
    arrow = CHANGE_ARROW.search(extracted.effect)
    own = {canonical_text(a) for a in context.labels}
    if arrow and pair is None and canonical_text(arrow["to"]) not in own:
        # "Adding a second cyclohexane ring (4a → 4b) raised the clearing point": 4b's
        return DecomposeResult(
            None,
            "feature_not_drawn",
            f"the sentence's change ({arrow.group(0)}) makes {arrow['to']}, not "
            f"{context.structure.identifier}",
        )
    comparison = extracted.comparison
    if comparison is None or pair is not None or not comparison.to_label:
        return None
    if canonical_text(comparison.to_label) in {canonical_text(a) for a in context.labels}:
        return None
    return DecomposeResult(
        None,
        "feature_not_drawn",
        f"the sentence's change ({comparison.change}) makes {comparison.to_label}, not "
        f"{context.structure.identifier}",
    )


def _effect_of_other(
    context: GenerationContext, extracted: Decomposition, pair: Pair | None
) -> DecomposeResult | None:
    """A discard when the effect's subject is another compound, named by its label.

    "Without its CF3 groups, the thiourea 1e gave only 35% yield: the ... aryl group of 1a
    acidifies the N–H" asked on 1a's drawing would say that 1a gave 35% yield.
    """
    if pair is not None:
        return None
    own = {canonical_text(label) for label in context.labels}
    made = made_compounds(extracted) & own if context.entry_type == "molecule" else set()
    if made:  # "(3b) reacted only at C6 to give 4b": the effect is what 3b did
        return DecomposeResult(
            None,
            "feature_not_drawn",
            f"the effect makes {sorted(made)[0]}: it is the starting compound's, not the product's",
        )
    measured = outcome_compounds(extracted) & own if context.entry_type == "molecule" else set()
    if measured:  # "the yield of 4 stalls at 34%": the cause is a ligand's or a reagent's
        return DecomposeResult(
            None,
            "feature_not_drawn",
            f"the effect measures {sorted(measured)[0]} as what a reaction made, "
            "and the cause names no owner",
        )
    others = foreign_effect_owners(extracted, context.labels, context.basis_text)
    if not others:
        return None
    subject = effect_subject(extracted.effect, extracted.effect_form)
    return DecomposeResult(
        None,
        "feature_not_drawn",
        f"the effect is {others[0]}'s ({subject!r}), not {context.structure.identifier}'s",
    )


BROKEN_READING_ATOMS = 2
"""Atoms with an impossible valence that make a reading untrustworthy: one may be a
charge or a metal bond the OCSR model wrote plainly; two or more are a misreading."""


def _feature_not_drawn(context: GenerationContext, feature: str) -> DecomposeResult | None:
    """A discard when the structure's whole reading lacks the group the cause names.

    "6 was 9 times more photostable than 5, which differs only at C4; we attribute this
    to the 4-trifluoromethyl group" explains 6: asked about 5's drawing, the answer would
    name a group the image does not show. Only a whole reading (not OSRA's partial one)
    can tell a group is absent; the sentence goes back for the compound that has it
    (`chemx.generation.candidate.STRUCTURE_REASONS`).
    """
    reading = context.structure.reading
    keys = context.structure_keys
    broken = valence_problems(reading.text) if reading is not None else 0
    if broken >= BROKEN_READING_ATOMS:
        # DECIMER's reading of an iridium complex (blind-67): "F=C", "[O]=", an iodine
        # ring atom; groups read from it (an "aryl iodide") are not in the drawing
        return DecomposeResult(
            None,
            "feature_not_drawn",
            f"the structure's reading ({reading.text if reading else ''}) breaks valence "
            f"at {broken} atoms, so its groups are no drawn features",
        )
    if reading is None or reading.partial or keys is None or context.entry_type == "reaction":
        return None  # a reaction's reading may hold only some of its components
    missing = missing_elements(feature, reading.text)
    if missing:  # "its dicyclohexylphosphino group" on a drawing with no phosphorus
        return DecomposeResult(
            None,
            "feature_not_drawn",
            f"the cause {feature!r} names {' and '.join(missing)}, which the structure's "
            f"reading ({reading.text}) has no atom of",
        )
    group = group_for_feature(feature)
    lacking = missing_hydrogens(feature, reading.text, group.smarts if group else None)
    if lacking:  # "the imide N–H" of an N-methyl glutarimide
        return DecomposeResult(
            None,
            "feature_not_drawn",
            f"the cause {feature!r} names {' and '.join(lacking)}, which the structure's "
            f"reading ({reading.text}) has no atom to carry",
        )
    if group is None or group.key in SKELETAL_KEYS:
        return None
    named = groups_named_in(head_phrase(feature)[0]) or [group]
    named += [BY_KEY[key] for key in sorted(ungraded_entries(feature))]  # "catechol": either
    drawn = [BY_KEY[key] for key in keys]
    if any(related(n, d) for n in named for d in drawn):
        return None
    if any(loosely_matched(n.key, reading.text) is not False for n in named):
        return None  # an alkyl fluoride for 'fluoride', a phenol for 'hydroxyl groups'
    # one-letter stems are the atoms of a bond's name: "polarised C–H" of a CHF2 group is
    # no "amide N–H" of the drawing (blind-32: asked on the CF3 analogue's drawing)
    head = {stem for stem in _stems(head_phrase(feature)[0]) if len(stem) > 1}
    if any(head & _stems(d.name) - GENERIC_GROUP_WORDS for d in drawn):
        return None  # "carbonyl oxygen" of a drawn "ester carbonyl": named too generally
    return DecomposeResult(
        None,
        "feature_not_drawn",
        f"the cause {feature!r} is a {group.name}, which the structure's reading "
        f"({reading.text}) does not have",
    )


_OWNED = re.compile(r"^has an? (?P<owned>[^,;]+?) that (?P<rest>\S.*)$")


def _owned_by_name(mechanism: str, name: str) -> str:
    """The mechanism without an owned part that the option's name already is.

    The paper's "F, whose nitrogen sits syn to ..." reads "has a nitrogen that sits syn
    to ..." (`chemx.generation.extract`); once the catalogue names the answer by that
    very atom ("2-pyridyl nitrogen"), "The 2-pyridyl nitrogen has a nitrogen that sits"
    says it twice, so the option keeps the relative clause's predicate.
    """
    owned = _OWNED.match(mechanism)
    if owned is None or not name.split():
        return mechanism
    if owned["owned"].split()[-1].lower() != name.split()[-1].lower():
        return mechanism
    return owned["rest"]


UNNAMED_SUBSTITUENT = re.compile(
    r"\b(?:[omp]|ortho|meta|para|\d(?:,\d)*)-substituted\s+(?:[\w-]+\s+)?(?P<ring>anilines?|"
    r"arenes?|aryls?|phenyls?|benzenes?|rings?|pyridines?|phenols?)\b",
    re.I,
)
"""A cause that names a ring by where it is substituted, not by what with ("the less planar
o-substituted aniline"): any group on a ring may be that substituent."""


_ARYL_WORD = re.compile(rf"\b(?:{BENZENOID_WORDS}|tolyl|benzylic)|\bc\d", re.I)
"""Words that place a methyl on an aromatic ring ('the aryl methyl', 'the tolyl group')."""
_WHOLE_PART_HEAD = re.compile(
    rf"\b(?:tail|tails|arm|arms|appendage|appendages|handle|{'|'.join(sorted(LINKER_HEADS))})$",
    re.I,
)
"""Heads that name a stretch of the molecule built of several groups ('tail', 'arms', 'the
benzylic aryl linker': a CH2 and a ring, blind-64)."""


def _correct_draft(context: GenerationContext, fields: Fields) -> OptionDraft:
    """The answer: the paper's Feature and Mechanism, without what points at it.

    Locants and mechanism-stating words leave the feature's name, compound labels and
    locants leave the mechanism (`chemx.generation.register`); the paper's own fields
    stay on the candidate.
    """
    group = group_for_feature(fields.feature)
    keys = context.structure_keys or frozenset()
    drawn = bool(group and group.key in keys)
    if (
        group is not None
        and group.key in BARE_WORD_ENTRIES
        and any(s.key in keys for s in attachment_siblings([group]))
    ):
        # "the α-fluorine" of a drawing with an aryl and a vinylic fluorine, "the ether
        # oxygen" of one with a methoxy and a ring ether, "the methyl" of one with an aryl
        # and an N-methyl: which one the paper means is in its words, not in the
        # catalogue's default entry for the word
        group = None
    if (
        group is not None
        and group.key == "aryl_methyl"
        and not _ARYL_WORD.search(fields.feature)
        and has_alkyl_methyl(drawn_smiles(context.structure))
    ):
        # "the ring methyl group" of a 3-methylpiperazine whose drawing also has an aryl
        # methyl (blind-65): the catalogue has no entry for a methyl on an sp3 carbon, so
        # the default 'aryl methyl' would name the other group
        group = None
    # the catalogue names the answer only when the head names the group: "the additional
    # NH of the cyclopropyl ketoamide" is an N–H, not the cyclopropyl ring of its owner
    head = head_phrase(fields.feature)[0]
    # "the extended fluorophenyl-thiophene tail" is the whole tail, not its C–F (blind-58)
    own_head = bool(groups_named_in(head)) and not _WHOLE_PART_HEAD.search(head)
    # "the two isopropyl groups ... repel each other": no one group's name can take it
    together = bool(RECIPROCAL.search(fields.mechanism)) and is_plural(fields.feature)
    catalogue = group and drawn and own_head and renames_as_one(fields.feature, group.name)
    name = group.name if group and catalogue and not together else plain_feature(fields.feature)
    renamed = own_head and not together
    drawn_as = drawn_name(fields.feature, group, context.visible) if renamed else None
    if drawn_as is not None:
        name, drawn = drawn_as, True
    # every drawn compound's label leaves the answer: "holds the lamellar crystals of 1
    # together" (blind-50) names the reference compound, which only the answer would
    labels = (*context.labels, *context.partners, *sorted(context.paper_labels))
    name = without_labels(name, labels) or name
    mechanism = _owned_by_name(without_labels(fields.mechanism, labels), name)
    if is_plural(name) != is_plural(fields.feature):
        mechanism = renumber(mechanism, is_plural(name))
    return OptionDraft(
        name,
        mechanism,
        True,
        key=group.key if group and own_head else None,
        in_structure=drawn,
    )


def drawn_smiles(structure: Structure) -> str | None:
    """The SMILES of what the item shows: the molecule's, or a reaction's compounds.

    A reaction's structure has no SMILES of its own; its reading lists its compounds,
    whose atoms tell a distractor that is the answer's group again.
    """
    if structure.smiles or structure.role != "reaction" or structure.reading is None:
        return structure.smiles
    return structure.reading.text


def table_readings(phrase: str, action: str, name: str = "") -> list[str]:
    """The readings of the table's `phrase` that may stand for the paper's `action`.

    No reading that only restates the feature's `name` stands for anything
    (`restates_name`).

    A reading stands for the action only when its verb head has the same mechanism
    classes as the action's:
    - all that the action says: "presents an electron-rich α-C–H bond next to a basic
      nitrogen" is no "is protonated at physiological pH", "removes the NH donor" no
      "donates electron density"; "must be deprotonated before it can be oxidised" is
      "ionises ...";
    - and first: "withdraws electron density ... and adds lipophilic bulk" is no
      "shields the neighbouring N2 from the electrophile";
    - and nothing more: "adds lipophilic bulk" is steric like "shields the ester
      carbonyl from cyanide attack", but lipophilicity is not what the paper said.
      Asking for the same verb instead kept the paper's words where the table's said
      the same, and raised the sample release's rarest-mechanism shortcut from 28% to
      40%.
    - and no class in the whole reading that the whole action lacks: "is a rigid,
      electron-rich donor that raises the HOMO" starts as "are twisted out of the plane"
      does (conformation) but goes on to donation, which the paper did not say.
    """
    wanted = mechanism_classes(_verb_head(ATTRIBUTIVE_ELECTRONICS.sub("", action)))
    if not wanted:
        return []
    said = mechanism_classes(action)
    return [
        r
        for r in readings(phrase)
        if mechanism_classes(_verb_head(r)) == wanted
        and mechanism_classes(r) <= said
        and not restates_name(name, r)
    ]


ATTRIBUTIVE_ELECTRONICS = re.compile(
    r"\belectron-(?:rich|poor|deficient)\s+(?=[A-Za-z0-9])(?!and\b|or\b)", re.I
)
"""'an electron-rich CH2 next to oxygen': what the site is, not an act of donation; read as
one, a paper's "offers an electron-rich CH2 from which the P450 abstracts a hydrogen"
became the table's "donates electron density into the ring"."""
SUBORDINATE_TAIL = re.compile(
    r",|\b(?:before|after|once|until|which|so that|because|since|while|whereas|thereby)\b"
)
"""Where an action's main clause ends: what follows says when or why, not what it does."""
VERB_HEAD_WORDS = 3


def _verb_head(action: str) -> str:
    """The action's verb and the words right after it, within its main clause.

    What the action does is said there ("withdraws electron density", "must be
    deprotonated"); words further on name what it acts on or where ("removes the NH
    donor", "next to a basic nitrogen"), which a keyword class would take for the act.
    """
    main = SUBORDINATE_TAIL.split(action, maxsplit=1)[0]
    return " ".join(main.split()[:VERB_HEAD_WORDS])


WEAKENED = re.compile(
    r"\b(?:poorer|weaker|less|lower|cannot|can't|no longer|not|unable|fails?|lacks?)\b", re.I
)
"""Words that make the paper's action the group's usual action done less or not at all
("making it a poorer hydrogen-bond donor"): the catalogue's stock phrase for the group
("donates two N–H hydrogen bonds") would then say the opposite of the paper."""


_COORDINATED = re.compile(r",|;|\band\b|\btherefore\b|\bthereby\b")


def _coordinated(reading: str) -> bool:
    """Whether a wrong answer's reading already joins two statements.

    The answer's chain is joined to each wrong answer's action ("... and thereby slows
    electron transfer to oxygen"); onto a reading that is itself two statements it makes
    a run-on ("leaves the acceptor weak and the TICT state therefore higher in energy and
    thereby slows ..."), so only its single-statement readings take the chain.
    """
    return bool(_COORDINATED.search(reading))


COMPETING_CLASSES = frozenset({"steric", "donor_count", "lipophilic_gain"})
"""Mechanism classes in which two groups of one drawing compete for the same effect.

When the answer "crowds the palladium centre and hinders coordination", a wrong answer
"adds lipophilic bulk and hinders coordination" is a second steric explanation of the
same hindrance, and which bulky group the paper meant is not in the drawing; such a
reading is not offered (`_competes`), and the mechanism table puts a bulky group's
other action first so that its short reading remains. So for a count of hydrogen-bond
donors: beside "leaves the glutarimide NH as the only donor", "the tertiary amide lacks
an N–H donor" explains the same permeability, and for a gain in lipophilicity: beside
"the C–F bonds make the film more hydrophobic", "the n-alkyl chain adds hydrophobic bulk"
keeps water away as well. Electronic classes are left out:
the class patterns cannot tell a donor that raises a HOMO from a ring that is merely
electron-rich."""


def _competes(
    answer_classes: set[str], reading: str, answer_rivals: frozenset[str] | set[str] = frozenset()
) -> bool:
    """Whether a wrong answer's reading works the way the answer's action does.

    `answer_rivals` are the answer's `RIVAL_ACTIONS`, read from its action and its
    feature's name ("the flexible linker lets the ring swing away"): a reading that
    performs one of them ("acts as a flexible spacer") explains the effect the same way.
    """
    if rivals(answer_rivals, reading):
        return True
    return bool(answer_classes & COMPETING_CLASSES & mechanism_classes(reading))


CHANGE_MADE = re.compile(
    r"^(?:\w+ly\s+)?(?:raised|lowered|increased|decreased|reduced|improved|cut|boosted|"
    r"enhanced|restored|doubled|halved|shortened|lengthened|extended|slowed|accelerated|"
    r"abolished|cost|narrowed|broadened|shifted)\b",
    re.I,
)
"""A verb-phrase effect that is a change relative to another compound ('raised ... 5-fold')."""
FROM_TO_VALUES = re.compile(r"\bfrom\s+[−–-]?\d[^;]*?\bto\s+[−–-]?\d")
"""'lowered the conversion from 98% to 41%': the change carries its own reference."""


class TemplateGenerator:
    """The offline generator (module docstring)."""

    backend = TEMPLATE_BACKEND

    def usable(self, sentence: str, previous: str | None = None) -> bool:
        """Whether the extractor splits the sentence (with the one before it)."""
        return isinstance(decompose(sentence, previous), Decomposition)

    def decompose(self, context: GenerationContext) -> DecomposeResult:
        """Split the basis sentence; pick the other features; discard when vague."""
        extracted = decompose(context.basis_text, context.previous_sentence)
        if not isinstance(extracted, Decomposition):
            return DecomposeResult(None, "too_vague", f"{extracted.reason}: {extracted.detail}")
        pair = find_pair(extracted, context.structure, context.labels, context.partners)
        compared = (
            labels_after_class_nouns(extracted.effect) - set(context.labels)
            if extracted.effect_from_previous
            else set()
        )
        if compared and pair is None:
            # "20 gave 59% against 87% for 17. This might be due to ...": the cause is one
            # compound's, and without 17 drawn beside 20 the stem names what is not shown
            return DecomposeResult(
                None,
                "too_vague",
                f"no_effect: the sentence before compares the compound with "
                f"{', '.join(sorted(compared))}, which the paper does not draw as its "
                "matched pair",
            )
        missing = (
            _comparison_of_other(context, extracted, pair)
            or _cause_of_other(context, extracted.feature, pair)
            or _effect_of_other(context, extracted, pair)
            or _feature_not_drawn(context, extracted.feature)
        )
        if missing is not None:
            return missing
        if pair is not None:
            paired = self._fields(context, extracted, pair)
            if paired.fields is not None or compared:
                return paired
            # too few features both compounds carry: asked about the compound alone
        if (
            extracted.comparison is not None
            and CHANGE_MADE.match(extracted.effect)
            and not FROM_TO_VALUES.search(extracted.effect)
        ):
            # "Replacing the PEG linker of 3a with the octamethylene linker of 3b raised
            # PAMPA permeability 5-fold": asked of 3b alone, 'raised' has no reference, and
            # any lipophilic group of 3b would explain it as well
            return DecomposeResult(
                None,
                "unseen_reference",
                f"the effect is what the change {extracted.comparison.change} did; without "
                f"{extracted.comparison.from_label} beside it the stem has no reference",
            )
        return self._fields(context, extracted, None)

    def _fields(
        self, context: GenerationContext, extracted: Decomposition, pair: Pair | None
    ) -> DecomposeResult:
        """The fields of a single-compound question, or of a matched pair's."""
        if pair is not None:
            effect = pair.effect
            partner = pair.partner.reading.text if pair.partner.reading else ""
            candidates = shared_features(context.visible, frozenset(matched_keys(partner)))
        else:
            extracted = compound_subject(extracted, context.labels)
            neutral = subject_free_effect(
                without_structural_lead(neutral_effect(extracted.effect, context.labels)),
                extracted.effect_form,
                extracted.feature,
                context.entry_type,
            )
            if neutral is None:
                return DecomposeResult(
                    None,
                    "no_neutral_stem",
                    f"the effect's subject is a compound of the reaction, which the stem "
                    f"cannot name without its group: {extracted.effect!r}",
                )
            effect = unnamed_precursors(neutral, extracted.feature)
            candidates = context.visible
            others = [label for label in context.partners if label not in context.labels]
            referenced = without_unseen_references(effect, others)
            if referenced is None:
                return DecomposeResult(
                    None,
                    "unseen_reference",
                    f"the stem would compare with a compound the item does not show: {effect!r}",
                )
            effect = referenced
        effect = without_lacking_clause(effect)
        leaked = (
            cause_named_in_stem(effect, extracted.feature, drawn_smiles(context.structure))
            if pair is None
            else None
        )
        if leaked is not None:
            return DecomposeResult(
                None,
                "stem_names_cause",
                f"the stem ({effect!r}) names the cause {extracted.feature!r} as the "
                f"{BY_KEY[leaked].name}",
            )
        found = PartialDecomposition(
            effect=effect,
            feature=extracted.feature,
            mechanism=extracted.mechanism,
            reasoning_type=extracted.reasoning_type,
        )
        visible = lend_mechanisms(
            candidates,
            context.explanations,
            basis_id=context.evidence.sentences[context.basis_index].sentence_id,
            effect=effect,
            condition=extracted.reasoning_type is ReasoningType.CONDITION,
            drawn=context.structure_keys or frozenset(),
        )
        other = select_other_features(
            extracted.feature,
            visible,
            MAX_OTHER_FEATURES + SPARE_FEATURES,
            mechanism=extracted.mechanism,
            effect=" ".join(
                (
                    effect_subject(effect, extracted.effect_form if pair is None else "np"),
                    change_subject(extracted),  # its groups are as defensible
                )
            ),
            seed=context.candidate_id,
            uses=context.distractor_uses,
            sentence=cause_surroundings(context.basis_text, extracted.feature),
            smiles=drawn_smiles(context.structure),
            stereo=bool(
                STEREO_WORDS.search(context.basis_text) or FACE_DESCRIPTOR.search(extracted.feature)
            ),
            region=frozenset()
            if cause_keys_named(extracted.feature)
            else compared_region(
                context.basis_text, context.structure, context.labels, context.partners
            ),
        )
        other, spare = other[:MAX_OTHER_FEATURES], other[MAX_OTHER_FEATURES:]
        if len(other) < MIN_OTHER_FEATURES:
            return _too_few(other, found)
        return DecomposeResult(
            Fields(
                effect=effect,
                effect_form=pair.effect_form if pair is not None else extracted.effect_form,
                feature=extracted.feature,
                mechanism=extracted.mechanism,
                reasoning_type=extracted.reasoning_type,
                other_features=tuple(other),
                effect_from_previous=extracted.effect_from_previous,
                pair=pair,
                spare_features=tuple(spare),
            )
        )

    def write_mcq(self, context: GenerationContext, fields: Fields) -> McqResult:
        """Stem from the Effect; distractors in the answer's register; seeded letters.

        Each distractor states its feature's own action (the paper's explanation of it
        elsewhere, or the mechanism table's long or short reading) followed by the chain
        the paper's mechanism leads through; three of the usable distractors, and their
        readings, are chosen so the answer's length rank is a seeded draw
        (`chemx.generation.register.pick_distractors`).
        """
        if fields.pair is not None:
            labels = (fields.pair.own_label, fields.pair.partner_label)
            if fields.effect_form == "clause":
                fields = replace(
                    fields, effect=pair_subject_named(fields.effect, fields.pair.own_label)
                )
            stem = pair_stem_text(fields.effect, fields.effect_form, fields.reasoning_type, labels)
        else:
            stem = stem_text(
                fields.effect, fields.effect_form, fields.reasoning_type, context.entry_type
            )
        condition = fields.reasoning_type is ReasoningType.CONDITION
        correct = _correct_draft(context, fields)
        parts = split_chain(correct.mechanism, correct.feature)
        # the answer's readings, preferred first: the paper's action whole, then its
        # shorter readings (a prefix of what the paper says is still what it says)
        answers = [
            replace(correct, mechanism=parts.joined(action))
            for action in readings(parts.action, keep_partner=True)
        ]
        if correct.in_structure and correct.key and not WEAKENED.search(parts.action):
            phrase, _ = mechanism_for(correct.key, correct.feature, condition=condition)
            said = table_readings(phrase, parts.action, correct.feature)
            if said:
                action = said[-1]
                correct = replace(correct, mechanism=parts.joined(action))
                parts = replace(parts, action=action)
                answers = [replace(correct, mechanism=parts.joined(a)) for a in reversed(said)]
        reading = context.structure.reading
        smiles = reading.text if reading is not None else ""
        variants = self._variants(fields.other_features, fields, correct, parts, smiles)
        if len(variants) < DISTRACTORS:
            return McqResult(
                None,
                "too_few_features",
                f"{len(variants)} distractor(s) left once those whose mechanism works "
                f"through {fields.feature!r} were dropped",
            )

        def length(draft: OptionDraft) -> int:
            return len(
                option_text(draft.feature, draft.mechanism, fields.effect, fields.effect_form)
            )

        rank = length_rank(context.candidate_id)
        lengths = [[length(draft) for draft in options] for options in variants]

        def miss(answer: OptionDraft, picks: tuple[tuple[int, int], ...]) -> int:
            shorter = sum(1 for i, r in picks if lengths[i][r] < length(answer))
            return abs(shorter - rank)

        tried = [
            (answer, pick_distractors(length(answer), lengths, rank, count=DISTRACTORS))
            for answer in answers
        ]
        correct, picks = min(tried, key=lambda pair: miss(*pair))  # the first of equals
        distractors = [variants[index][reading] for index, reading in picks]
        lettered = set(picks)
        spares = [
            draft
            for index, options in enumerate(variants)
            for reading, draft in enumerate(options)
            if (index, reading) not in lettered
        ] + [
            draft
            for options in self._variants(fields.spare_features, fields, correct, parts, smiles)
            for draft in options
        ]
        mcq = assemble(
            context.candidate_id,
            correct,
            distractors,
            stem,
            fields.effect,
            fields.effect_form,
            spares,
        )
        return McqResult(mcq)

    @staticmethod
    def _variants(
        features: Sequence[VisibleFeature],
        fields: Fields,
        correct: OptionDraft,
        parts: MechanismParts,
        smiles: str = "",
    ) -> list[list[OptionDraft]]:
        """Each usable wrong feature's drafts, one per reading of its mechanism.

        A feature whose mechanism works through the answer's feature, or which is the
        answer's catalogue entry under another name, or whose matches hold every atom of
        the element the answer names ('ring oxygen bridge' beside the diaryl ether,
        `atom_only_in`), is left out, and so is a reading that explains the effect the
        way the answer does (`COMPETING_CLASSES`).
        """
        condition = fields.reasoning_type is ReasoningType.CONDITION
        answer_classes = mechanism_classes(parts.action)
        answer_rivals = rival_actions(f"{fields.feature} {parts.action}")
        variants: list[list[OptionDraft]] = []
        for feature in features:
            mechanism, specific = mechanism_for(feature.key, feature.name, condition=condition)
            if feature.mechanism is not None:  # the paper's own explanation of it, elsewhere
                action = split_chain(feature.mechanism, feature.name).action
                mechanism, specific = inflect(action, is_plural(feature.name)), True
            if names_cause(mechanism, fields.feature):
                continue  # it would explain through the correct answer's feature
            if same_feature(feature.name, correct.feature):
                continue  # the answer's catalogue name under another wording
            group = BY_KEY.get(feature.key) if feature.key else None
            if group is not None and atom_only_in(fields.feature, group.smarts, smiles):
                continue  # the answer's atom under the group's name
            unnamed = UNNAMED_SUBSTITUENT.search(fields.feature)
            if (
                unnamed
                and feature.key in RING_SUBSTITUENT_KEYS
                and on_named_ring(unnamed["ring"], group.smarts if group else None, smiles or "")
            ):
                continue  # "the o-substituted aniline": its methyl may be the substituent
            if feature.key in placed_rings(fields.feature):
                continue  # "the para aryloxy group" sits on the 1,4-phenylene ring offered
            plural = is_plural(feature.name)
            shared = agree_chain(parts, plural)
            drafts = [
                replace(draft, mechanism=shared.joined(draft.mechanism))
                for reading in effect_readings(feature.key, mechanism)
                if not (parts.chain and _coordinated(reading))
                and not _competes(answer_classes, reading, answer_rivals)
                and not restates_name(feature.name, reading)
                and not acts_on_same_bond(reading, correct.mechanism)
                for draft in (
                    distractor_draft(
                        feature.name,
                        reading,
                        correct.mechanism,
                        key=feature.key,
                        in_structure=feature.in_structure,
                        specific=specific,
                    ),
                )
            ]
            if drafts:  # two readings may read the same once the named part is dropped
                variants.append(list({draft.mechanism: draft for draft in drafts}.values()))
        return variants


class LlmGenerator:
    """The ``generator`` role (module docstring)."""

    def __init__(self, client: ModelCaller) -> None:
        """Ask `client`'s generator role."""
        from chemx.prompts import load_template

        self.client = client
        self.decomposition = load_template(DECOMPOSITION_TEMPLATE)
        self.mcq = load_template(MCQ_TEMPLATE)
        self.backend = f"llm:{client.config.role(GENERATOR_ROLE).model}"

    def usable(self, sentence: str, previous: str | None = None) -> bool:
        """The model reads any sentence; vagueness is its call."""
        return True

    def decomposition_prompt(self, context: GenerationContext) -> str:
        """The rendered `decomposition.v2` prompt.

        When the sentence before the basis is not in the evidence, it is listed last as
        context: an anaphoric basis ("This might be due to ...") explains it.
        """
        sentences = context.evidence.sentences
        lines = [f"[{i}] ({s.origin}) {s.text}" for i, s in enumerate(sentences)]
        if self._previous_listed(context):
            lines.append(
                f"[{len(sentences)}] (the sentence before [{context.basis_index}] in the "
                f"paper) {context.previous_sentence}"
            )
        numbered = "\n".join(lines)
        hints = "; ".join(f.name for f in context.visible if f.in_structure) or "(none known)"
        return self.decomposition.render(
            identifier=context.structure.identifier or "(unlabelled)",
            entry_type=context.entry_type,
            sentences=numbered,
            basis=context.basis_index,
            hints=hints,
        )

    def mcq_prompt(self, context: GenerationContext, fields: Fields) -> str:
        """The rendered `mcq.v1` prompt: Effect and other features only, by construction."""
        features = "\n".join(f"- {f.name}" for f in fields.other_features)
        return self.mcq.render(
            entry_type=context.entry_type,
            reasoning_type=fields.reasoning_type.value,
            effect=fields.effect,
            features=features,
            hedging=", ".join(HEDGING_TERMS),
        )

    def decompose(self, context: GenerationContext) -> DecomposeResult:
        """One call; null fields mean too vague (the model's reason is kept)."""
        from chemx.models import CallOk, Message

        result = self.client.complete_sync(
            GENERATOR_ROLE,
            [Message.user(self.decomposition_prompt(context), context.image)],
            DecompositionAnswer,
            template=self.decomposition,
            node_id=context.candidate_id,
        )
        calls = (result.call,)
        if not isinstance(result, CallOk):
            return DecomposeResult(None, "model_failed", result.error, calls)
        answer: DecompositionAnswer = result.output
        found = PartialDecomposition(
            effect=answer.effect or None,
            feature=answer.feature or None,
            mechanism=answer.mechanism or None,
            reasoning_type=ReasoningType(answer.reasoning_type) if answer.reasoning_type else None,
        )
        missing = [n for n in ("effect", "feature", "mechanism") if not getattr(answer, n)]
        if not answer.explanation_complete or missing or answer.reasoning_type is None:
            reason = answer.vague_reason or f"no {', '.join(missing) or 'reasoning type'}"
            return DecomposeResult(None, "too_vague", f"model: {reason}", calls, found)
        assert answer.effect and answer.feature and answer.mechanism
        keys = context.structure_keys or frozenset()
        offered = [
            VisibleFeature(name, g.key if g else None, "model", bool(g and g.key in keys))
            for name in answer.other_features
            for g in (group_for_feature(name),)
        ]
        other = select_other_features(
            answer.feature,
            [*offered, *context.visible],
            mechanism=answer.mechanism,
            smiles=drawn_smiles(context.structure),
        )
        if len(other) < MIN_OTHER_FEATURES:
            return replace(_too_few(other, found), calls=calls)
        return DecomposeResult(
            Fields(
                effect=answer.effect,
                effect_form="np",
                feature=answer.feature,
                mechanism=answer.mechanism,
                reasoning_type=ReasoningType(answer.reasoning_type),
                other_features=tuple(other[:MAX_OTHER_FEATURES]),
                effect_from_previous=self._from_previous(context, answer.effect_sentence),
            ),
            calls=calls,
        )

    @staticmethod
    def _previous_listed(context: GenerationContext) -> bool:
        """Whether the prompt lists the sentence before the basis last, as its own number.

        It does when there is one and the evidence block does not already hold it.
        """
        in_block = {s.sentence_id for s in context.evidence.sentences}
        return bool(context.previous_sentence) and context.previous_sentence_id not in in_block

    @classmethod
    def _from_previous(cls, context: GenerationContext, number: int | None) -> bool:
        """Whether the sentence the model read the effect from is the one before the basis.

        It is listed last in the prompt when the block does not hold it
        (`decomposition_prompt`); inside the block it is found by its id. Any other
        number (the basis, another sentence, one out of range) is not it.
        """
        sentences = context.evidence.sentences
        if number is None or context.previous_sentence is None:
            return False
        if number == len(sentences):
            return cls._previous_listed(context)
        inside = 0 <= number < len(sentences) and number != context.basis_index
        return inside and sentences[number].sentence_id == context.previous_sentence_id

    def write_mcq(self, context: GenerationContext, fields: Fields) -> McqResult:
        """One call that sees the Effect, not the Feature or Mechanism."""
        from chemx.models import CallOk, Message

        result = self.client.complete_sync(
            GENERATOR_ROLE,
            [Message.user(self.mcq_prompt(context, fields), context.image)],
            McqAnswer,
            template=self.mcq,
            node_id=context.candidate_id,
        )
        calls = (result.call,)
        if not isinstance(result, CallOk):
            return McqResult(None, "model_failed", result.error, calls)
        answer: McqAnswer = result.output
        keys = context.structure_keys or frozenset()
        distractors = [
            distractor_draft(
                d.feature,
                d.mechanism,
                fields.mechanism,
                key=g.key if g else None,
                in_structure=bool(g and g.key in keys),
                specific=True,
            )
            for d in answer.distractors
            for g in (group_for_feature(d.feature),)
        ]
        mcq = assemble(
            context.candidate_id,
            _correct_draft(context, fields),
            distractors,
            answer.stem.strip(),
            fields.effect,
            fields.effect_form,
        )
        return McqResult(mcq, calls=calls)


def make_template_generator(context: BackendContext) -> TemplateGenerator:
    """The ``template`` generator, offline (registry factory)."""
    return TemplateGenerator()


def make_llm_generator(context: BackendContext) -> LlmGenerator:
    """The ``llm`` generator: the generator role's endpoint (registry factory)."""
    return LlmGenerator(context.client_for(GENERATOR_ROLE, "--generator llm"))
