"""Stem wording that keeps the answer out of the question (split from `chemx.generation.mcq`).

A stem is the paper's effect, and the paper's effect can carry what the image should
tell: the name of the compound the product came from spells out the answer's group
(`unnamed_precursors`), an 'its' points at a compound the stem no longer names
(`owner_named`), a relative clause says the other compound lacks "them" (the answer,
`without_lacking_clause`), and the Condition question must fit an effect that is an outcome rather
than a requirement (`condition_question`).

Long module: each rule is a short function with its pattern, and they are applied together.
"""

from __future__ import annotations

import re

from chemx.generation.catalogue import group_for_feature, groups_inside_name, groups_named_in
from chemx.generation.clauses import Tag, Token, tokenise
from chemx.generation.extract import EffectForm, event_noun, is_structural
from chemx.generation.features import groups_inside_words
from chemx.generation.lexicon import DETERMINERS, VERB_FORMS, lexicon_verb, making_verbs
from chemx.generation.text import capitalise, wordlist

SYSTEMATIC_NAME = re.compile(
    r"(?<![\w-])(?:[\dNOSH,′'()]+-)*[A-Za-z](?:[A-Za-z0-9,′'()\-]|\[[\d.,]+\])*[A-Za-z]"
)
"""One compound name with its locants and bridges ('3-methylthiophene', 'bicyclo[3.2.1]octane')."""
NAME_MIN_LETTERS = 9
"""A shorter word is not read as a name built from parts ('methyl', 'phenol')."""
PRECURSOR = "the starting material"
SHOWN = "the compound shown"
"""How a stem names the item's own compound (`chemx.generation.shown.neutral_effect`)."""
PRODUCT_CLAUSE = re.compile(
    rf"^(?:{making_verbs('past')})\s+{SHOWN}\s*,\s*"
    r"(?:(?P<lead>for|in|with) which|which)\s+(?P<rest>.+)$"
)
"""A predicate that makes the shown compound and then states its effect in a relative
clause: the effect is the clause's, so the stem keeps that about the compound shown."""


def unnamed_precursors(effect: str, feature: str) -> str:
    """The effect with compound names that spell out the answer's group replaced.

    "With 3-methylthiophene, arylation took place at C5" or "2-bromopyridine gave the
    compound shown in 41% yield": the name of the compound the shown product came from
    carries the very group the answer is about (a methyl, a pyridine), so the stem would
    tell the answer without the image (`chemx.generation.catalogue.groups_inside_name`).
    The name becomes "the starting material"; the image still shows the group.

    >>> unnamed_precursors("With 3-methylthiophene, arylation took place at C5", "methyl group")
    'With the starting material, arylation took place at C5'
    >>> unnamed_precursors("Thiophene-2-carbaldehyde reacted faster", "formyl group")
    'The starting material reacted faster'
    >>> unnamed_precursors("It was 3-fold weaker than 6-fluoroquinolone 9", "C-6 fluorine")
    'It was 3-fold weaker than 6-fluoroquinolone 9'
    >>> unnamed_precursors("Replacing it by a difluoromethoxy group gave 12c", "two fluorines")
    'Replacing it by a difluoromethoxy group gave 12c'
    >>> unnamed_precursors("Exchanging a triazole for a 2-pyridylmethyl arm", "pyridine nitrogen")
    'Exchanging a triazole for a 2-pyridylmethyl arm'
    """
    group = group_for_feature(feature)
    if group is None:
        return effect

    def replace_name(match: re.Match[str]) -> str:
        name = match.group(0)
        letters = sum(ch.isalpha() for ch in name)
        if letters < NAME_MIN_LETTERS or group.key not in groups_inside_name(name):
            return name
        if PROCESS_ENDINGS.search(name):
            return name  # "Fluorination of the end groups": a change made, not a reactant
        if not _reactant_position(effect, match.start(), match.end()):
            return name  # a comparator or a class ('than ciprofloxacin'): the gate decides
        if _ATTRIBUTIVE.match(effect, match.end()):
            return name  # 'a 2-pyridylmethyl arm': a substituent's name, not a reactant's
        return PRECURSOR

    replaced = SYSTEMATIC_NAME.sub(replace_name, effect)
    replaced = re.sub(rf"\bthe\s+{PRECURSOR}", PRECURSOR, replaced, flags=re.I)
    if replaced != effect and replaced.startswith(PRECURSOR):
        replaced = capitalise(replaced)
    return replaced


_ATTRIBUTIVE = re.compile(
    r"\s+(?:arm|arms|group|groups|substituent|substituents|unit|units|ring|rings|moiety|"
    r"linker|chain|chains|side\s+chain|tail|cap|spacer|handle|bridge)\b",
    re.I,
)
"""Nouns a name may modify ('a 2-pyridylmethyl arm'): the name is then a substituent's."""


def _reactant_position(text: str, start: int, end: int) -> bool:
    """Whether the name at text[start:end] is what reacted.

    That is the subject of a verb right after it ('2-bromopyridine gave ...') or the
    object of 'with' / 'from' ('With 3-methylthiophene, ...').
    """
    before = text[:start].split()
    after = text[end:].split()
    if after and after[0].lower().rstrip(",;") in GROUP_HEADS:
        return False  # 'by a difluoromethoxy group': a group's name, not a compound's
    if before and before[-1].lower() in ("with", "from"):
        return True
    return bool(after) and (after[0] in VERB_FORMS or lexicon_verb(after[0]) is not None)


GROUP_HEADS = frozenset({"group", "groups", "substituent", "substituents", "moiety", "unit"})
"""Head nouns that make the name before them a group's ('a difluoromethoxy group')."""


REQUIREMENT = re.compile(
    r"\b(?:had to|has to|have to|must|could not|cannot|can't|(?:required|requires?|needed)"
    r"(?!\s+no\b)|"
    r"necessary|essential|only (?:in|at|under|with)|at high dilution|no product|"
    r"(?:was|were)\s+(?:\w+ly\s+)?(?:kept|run|used|chosen|added|avoided|excluded|omitted|"
    r"performed|conducted|carried out|handled|stored|protected))\b",
    re.I,
)
"""Words that make an effect a requirement on conditions ("required 150 °C", "buffers were
kept free of DTT"); "needed no separate step" is an outcome."""
CONDITION_OUTCOME_QUESTION = (
    "Which structural feature of the {noun} shown most directly explains this outcome under "
    "these conditions?"
)
"""The Condition question when the effect is what a condition led to ("Reducing the
sparteine to 1.0 equiv reversed the facial selectivity"), not a requirement: asking why
"these conditions are required" would not match it."""


_ITS = re.compile(r"\b[Ii]ts\b")


def owner_named(effect: str, form: EffectForm, entry_type: str) -> str:
    """The effect with an 'its' that has no antecedent in the stem named.

    The paper's "Its ee dropped to 82%" or "raised its solubility" pointed at a compound
    of the sentence before; in "One structural feature raised its solubility" the 'its'
    would point at the feature. A clause keeps an 'its' after its own subject ("The
    compound shown lost 40% of its emission").

    >>> owner_named("raised its solubility 10-fold", "vp", "molecule")
    "raised the compound's solubility 10-fold"
    >>> owner_named("Its ee dropped to 82%", "clause", "reaction")
    "The reaction's ee dropped to 82%"
    >>> owner_named("its solubility is low", "clause", "molecule")
    "The compound's solubility is low"
    """
    owner = f"the {'reaction' if entry_type == 'reaction' else 'compound'}'s"
    if form == "clause":
        if effect[:4].lower() == "its ":
            return capitalise(f"{owner}{effect[3:]}")
        return effect
    return _ITS.sub(owner, effect)


def systematic_name_start(effect: str, start: int) -> int:
    """Where the label at `start` begins together with a systematic name before it.

    "relative to 1,4-benzoquinone 5" names one compound twice: replacing only the label
    wrote "relative to 1,4-benzoquinone the compound shown". A name built from locants and
    parts ('1,4-benzoquinone', '3,5-dimethylphenol') goes with its label; a plain word
    ('coumarin 1') is a class noun (`chemx.generation.mcq`).
    """
    prefix = effect[:start].rstrip()
    ending = [m for m in SYSTEMATIC_NAME.finditer(prefix) if m.end() == len(prefix)]
    if not ending:
        return start
    match = ending[-1]
    name = match.group(0)
    letters = sum(ch.isalpha() for ch in name)
    if letters < NAME_MIN_LETTERS or not any(ch.isdigit() or ch == "-" for ch in name):
        return start
    return match.start()


LEAD_PREPOSITIONS = wordlist("with in under at for on using upon after")
"""Words that open an adverbial before a clause's subject ("With NaOtBu, ...")."""


def adverbial_lead(subject: str) -> str:
    """The opening adverbial of a subject ("With NaOtBu, "), kept when the subject goes."""
    lead, comma, _ = subject.partition(", ")
    if comma and lead.split() and lead.split()[0].lower() in LEAD_PREPOSITIONS:
        return f"{lead}, "
    return ""


_VALUE = r"\d+(?:\.\d+)?\s*(?:%|-fold|nM|μM|µM|mM|nm)?"
_SEVERAL_VALUES = re.compile(rf"\s*[,(]\s*{_VALUE}(?:\s*(?:,|and|or)\s*{_VALUE})+\s*\)?$")
"""A closing list of measurements ("lower yields, 50 and 39%"): the sentence spoke of
several compounds, and a stem about the one shown cannot say which value is its own."""


def one_compound_effect(effect: str) -> str:
    """The effect without a closing list of several compounds' values (`_SEVERAL_VALUES`).

    For an item about one compound: its stem and every option's closing clause repeat
    the effect, and none of them can say which value is the compound's own.
    """
    return _SEVERAL_VALUES.sub("", effect.rstrip(". "))


def without_structural_modifiers(phrase: str) -> str:
    """A phrase ending in a compound's noun, without the words that describe its groups.

    "... except the 2-fluorosubstituted product" -> "... except the product": the stem
    names the drawn compound, and a modifier between the last determiner and the noun
    that spells one of its groups tells the reader what the drawing would (jo2c02309:
    "... except the 2-fluorosubstituted product shown, which lacked an axis of
    chirality", answer "the ortho-substituent has a small size").
    """
    words = phrase.split()
    determiners = [i for i, word in enumerate(words[:-1]) if word.lower() in DETERMINERS]
    if not determiners:
        return phrase
    start = determiners[-1] + 1
    kept = [
        word
        for word in words[start:-1]
        if not (groups_inside_name(word.lower()) or groups_named_in(word))
        and word.lower() not in SIZE_WORDS  # "the shortest homologue": its linker (blind-56)
    ]
    return " ".join([*words[:start], *kept, words[-1]])


SIZE_WORDS = wordlist("shortest longest smallest largest bulkiest shorter longer smaller larger")
"""Words that size a compound's groups: before its class noun they tell the answer."""


LACKING_CLAUSE = re.compile(
    r",\s*(?:which|that)\s+(?:lacks?|lacked|has|have|had|bears?|bore|carries|carried)\s+"
    r"(?:no\s+)?(?:them|it|this group|these groups|this substituent|these substituents|one)\s*,",
    re.I,
)


def without_lacking_clause(effect: str) -> str:
    """The effect without a relative clause whose pronoun is the answer.

    "1 emits strongly (Φ = 0.65), whereas 3, which lacks them, is almost dark": 'them' are
    the methyl groups the question asks for; the stem keeps the comparison, not the pointer.

    >>> without_lacking_clause("1 emits strongly, whereas 3, which lacks them, is dark")
    '1 emits strongly, whereas 3 is dark'
    >>> without_lacking_clause("3c, which lacks the α-cyano group of 3a, was less toxic")
    '3c was less toxic'
    """
    return STRUCTURE_CLAUSE.sub("", LACKING_CLAUSE.sub("", effect))


STRUCTURE_CLAUSE = re.compile(
    r",\s*(?:which|that)\s+(?:lacks?|lacked|bears?|bore|carries|carried|contains?|contained)"
    r"\s+[^,;()]{2,90}?,",
    re.I,
)
"""A relative clause that gives the compound its structure ("3c, which lacks the α-cyano
group of 3a, was 11-fold less toxic", blind-46): the group it names is the answer's other
side, as in a structural lead."""


STRUCTURAL_LEAD = re.compile(
    r"^(?P<lead>(?:Lacking|Bearing|Carrying|Having|Containing|Featuring|Possessing|Without|With)"
    r"\s+[^,;:]{3,90}?),\s+(?P<rest>\S.*)$"
)
"""An opening phrase that gives the compound its structure ("Lacking the ortho-methyl
groups of 2a, 2b was attacked ..."), then the clause that states the effect."""


def without_structural_lead(effect: str) -> str:
    """The effect without an opening phrase that names the compound's structure.

    "Lacking the ortho-methyl groups of 2a, 2b was attacked at C9" tells the reader what
    2b lacks, which is the answer's other side; the stem keeps "2b was attacked at C9".
    A lead that names no structure ("With 2 mol % of catalyst, the yield rose") stays.

    >>> without_structural_lead("Lacking the ortho-methyl groups of 2a, 2b decomposed")
    '2b decomposed'
    >>> without_structural_lead("With 2 mol % of catalyst, the yield rose")
    'With 2 mol % of catalyst, the yield rose'
    """
    match = STRUCTURAL_LEAD.match(effect.strip())
    if match is None:
        return effect
    lead = match["lead"].split(None, 1)[1]
    if not (groups_named_in(lead) or groups_inside_words(lead) or is_structural(lead)):
        return effect
    rest = match["rest"]
    tokens = tokenise(rest)
    if not tokens or tokens[0].tag is Tag.VBG:
        return effect  # "Bearing a CF3, increasing the dose ...": no clause of its own
    return capitalise(rest)


def process_subject(subject: list[Token]) -> bool:
    """Whether the subject's head noun (`subject_head`) is a process (`event_noun`).

    "N-Demethylation to M1 accounted for roughly 60% of turnover" shares 'methyl' with
    the feature "N-methylpiperazine"; written as "The compound shown accounted for 60% of
    turnover" the stem would say the compound did what its metabolism did.
    """
    head = subject_head(subject)
    if head in TRANSIENT_NOUNS:  # "the α-amino radical is consumed by side reactions"
        return True
    opening = [token.lower for token in subject[:2]]
    if head in PROCESS_NOUNS or (
        opening[:1] and opening[0] in PROCESS_NOUNS and opening[1:] == ["of"]
    ):
        return True  # "Release of glutamate from 2 was fast": the process, not the compound
    if len(subject) > 1 and subject[0].lower in SITE_REACTIONS and subject[1].lower in ("at", "on"):
        return True  # "Substitution at the meso position was fast" (blind-70): a reaction
    return head is not None and event_noun(head)  # not "Iodination at the same positions"


SITE_REACTIONS = frozenset({"substitution", "attack", "addition", "displacement", "exchange"})
"""Reaction nouns that, followed by 'at'/'on' a site, name a reaction there, not a group."""
PROCESS_NOUNS = frozenset(
    {"release", "uptake", "turnover", "breakdown", "uncaging", "clearance"}
    | {"loss", "escape", "efflux", "permeation"}
)
"""Process heads that `event_noun` does not see (it has the -ation/-ysis words and its own
`EVENT_WORDS`: "cleavage", "closure", ...)."""
TRANSIENT_NOUNS = frozenset(
    {"radical", "radicals", "anion", "anions", "cation", "cations", "carbocation", "carbanion"}
    | {"ylide", "carbene", "nitrene", "species", "state", "states"}
)
"""Heads of what the compound becomes on the way (a radical, a transition state), which
the drawing does not show: 'the compound shown is consumed' would be another molecule."""


def predicate_after_shown(predicate: str) -> str:
    """The predicate once the subject ends on 'shown', without a comma before its verb.

    "the methoxy analogue shown was ..." and "the FSI salt shown, with ..., gave" read
    'shown' as the subject's; "the aniline shown, was sluggish" (a parenthetical label
    "with the aniline 9," became the subject's end) keeps no comma before the verb.
    """
    predicate = re.sub(r"^shown\b\s*", "", predicate)
    tokens = tokenise(predicate)
    if len(tokens) > 1 and tokens[0].text == "," and tokens[1].tag in (Tag.VERB, Tag.AUX):
        return predicate[tokens[1].start :]
    return predicate


PROCESS_ENDINGS = re.compile(r"(?:ation|ition|ution|ysis|ing|ment)$", re.IGNORECASE)
"""Endings of nouns that name what happened ('substitution', 'coupling', 'treatment')."""
PROCESS_WORDS = frozenset({"reaction", "reactions", "step", "steps", "conversion"})
ROLE_NOUNS = frozenset(
    {"substrate", "substrates", "product", "products", "adduct", "adducts", "intermediate"}
)
"""Nouns that name a drawn compound by its part in the reaction, not by a group."""
REAGENT_NOUNS = frozenset(
    {"reagent", "reagents", "solvent", "solvents", "additive", "additives", "conditions"}
)
"""Nouns of what the scheme does not draw as its compounds ('amine–HF reagents')."""


REACTION_OUTCOME = re.compile(
    r"^(?:[a-z]+ly\s+)?(?:gave|afforded|furnished|provided|delivered|proceeded|required|"
    r"needed|stalled|went to completion)\b",
    re.IGNORECASE,
)
"""Predicates a reaction itself can have ('gave the products in lower yields'), so the
reaction may stand for a subject of its compounds; 'reacted faster' and 'is emissive' are
a compound's."""


def subject_head(subject: list[Token]) -> str | None:
    """The subject's head noun: the last word of its first run of words ('reagents')."""
    head = None
    for token in subject:
        if head is not None and token.tag not in (Tag.WORD, Tag.VBG):
            break  # "reagents such as ...", "substitution, with ...", "ring of ..."
        if token.tag in (Tag.WORD, Tag.VBG):
            head = token.lower
    return head


def reaction_subject(subject: list[Token]) -> str | None:
    """How a reaction question's stem names a subject that carries the answer's group.

    "The second substitution, with the aniline 9," is the reaction ("the reaction
    shown"); "The proline substrate" is one of its compounds by role ("the substrate
    shown"); "amine–HF reagents" are no drawn compound and stay (""). "Aldehyde 7" names
    its compound only by the group: None, no stem can name it without the answer.
    """
    head = subject_head(subject)
    if head is None:
        return None
    if head in PROCESS_WORDS or PROCESS_ENDINGS.search(head):
        return "the reaction shown"
    if head in ROLE_NOUNS:
        return f"the {head} shown"
    return "" if head in REAGENT_NOUNS else None


def names_group(subject: str) -> bool:
    """Whether a clause's subject names a structural feature.

    "The 2,6-diiodo substituents of 6d", "The urea 1b": kept in the stem, it points at the
    answer or hands over part of what the image should show.
    """
    return is_structural(subject) or bool(groups_inside_words(subject))


CHANGE = "one structural change"
FEATURE = "one structural feature"
"""How a stem names a change, or the feature an effect is said of, that would name the answer."""
PROPERTY_OF = re.compile(
    r"^(?P<head>(?:the|its|their)\s+[^()]{1,40}?)\s+of\s+(?P<owner>[^()]+?)\s*(?P<aside>\([^()]*\))?$",
    re.I,
)
"""'The CAC of the decanoyl analogue 2a (0.85 mM)': a property of the compound, then
the compound, then maybe the measured value."""


def property_of_shown(subject: str) -> str | None:
    """A subject that is a property of the compound, said of the compound shown.

    "The CAC of the decanoyl analogue 2a (0.85 mM) is forty times that of 1a" is about
    the CAC: "The compound shown (0.85 mM) is forty times ..." would say the compound is
    a concentration. The property stays and only its owner becomes the compound shown.
    None when the subject is no property ("the ortho-methyl groups of 2a").

    >>> property_of_shown("The CAC of the decanoyl analogue 2a (0.85 mM)")
    'The CAC of the compound shown (0.85 mM)'
    >>> property_of_shown("The ortho-methyl groups of 2a") is None
    True
    """
    match = PROPERTY_OF.match(subject.strip())
    if match is None:
        return None
    head = match["head"]
    if names_group(head) or is_structural(head.split(None, 1)[1]):
        return None
    aside = f" {match['aside']}" if match["aside"] else ""
    return f"{head} of {SHOWN}{aside}"


PART_OF_LABEL = re.compile(
    r"\bof\s+(?:compound\s+)?(?:\(?\d{1,3}[a-z]?\)?|the compound(?: shown)?)\s*$", re.I
)
"""A subject that is a part of a labelled compound ('The PEG linker of 3a')."""
OWNER_POINTER = re.compile(
    r"^(?:shown\s+)?(?:is|was|are|were|became|becomes|remained|remains)\s+(?:\w+\s+)?"
    r"(?:its|their)\b",
    re.I,
)
"""A copular predicate that names the subject's owner ('was its main metabolic soft spot');
after a label made "the compound shown", the grammar reads 'shown' as the predicate's."""


AMOUNT_DETERMINERS = frozenset({"little", "much", "less", "more", "no", "few", "some", "most"})
"""Determiners that make a subject an amount of a substance ('little monophosphate')."""


DESIGN_PREDICATE = re.compile(
    r"^(?P<aux>was|were)\s+(?:\w+\s+)?(?P<verb>introduced|chosen|designed|installed|placed|"
    r"attached|kept|incorporated|selected|added|retained)\b",
    re.I,
)
"""A Design mechanism from a paper ("was introduced to ..."): distractors echo its frame."""
