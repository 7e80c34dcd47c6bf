"""Word lists for the template extractor: verbs that start a mechanism, structural nouns.

Without a parser, the extractor finds the subject of an explanatory clause (the
Feature) as the words before its first finite verb, so it needs to know which words are
verbs. The list holds the verbs chemistry papers use to say what a feature does
(donates, shields, stabilises, ...) plus auxiliaries, inflected by rule (3rd person
singular, past) and by an irregular table. Gerunds are deliberately not included:
"Capping the hydroxyl ..." is a subject, not a predicate.

Long module: it is word lists and the two lookups over them; split, a list and the rule
that reads it would sit in different files.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from chemx.generation.text import wordlist

VERB_BASES = wordlist(
    """
    accelerate accept account act activate add adopt affect alter anchor attach attract
    avoid bear bias bind block break bridge bury cap capture carry cause change chelate
    clash cleave close confer constrain contain contribute convert coordinate couple create
    decrease delocalise delocalize deliver deprotonate design destabilise destabilize direct
    disfavour disfavor disrupt donate drive enable engage enforce enhance enlarge epimerise
    epimerize exert expose extend favour favor fill fix force form hinder hold hydrogen-bond
    hydrolyse hydrolyze impose improve increase induce inhibit install interact introduce
    ionise ionize isomerise isomerize keep lack let limit link lock lower make mask mimic
    occupy open orient oxidise oxidize place planarise planarize polarise polarize position
    preorganise preorganize present prevent promote protect protonate provide pull push
    raise react reduce release remove render replace resist restrict retain rigidify sit
    shield shift shorten shrink slow speed stabilise stabilize stack steer strengthen
    suppress switch tether tie trap tune turn twist undergo weaken withdraw occur proceed
    remain fall rise decline decompose dissolve precipitate fail succeed persist
    hamper interfere accommodate participate tolerate minimise minimize facilitate assist
    trigger deactivate abolish reach predominate survive pack rotate accelerate mediate
    explain yield afford result lead give show arise stem originate derive adopt comprise
    possess glucuronidate metabolise metabolize delay diminish elevate boost attenuate
    compete decrease disfavour overcome complement withstand allow permit ensure serve
    reside
    """
)
"""Base forms of mechanism and outcome verbs (British and American spellings). Used to
find a clause's finite verb (`chemx.generation.clauses`), so outcome verbs ("gave",
"led", "afforded") belong here too."""

AUXILIARIES = wordlist(
    """
    is are was were be been has have had can cannot could may might must will would shall
    should does do did
    """
)

IRREGULAR = {
    "bear": ("bears", "bore", "borne"),
    "bind": ("binds", "bound"),
    "break": ("breaks", "broke", "broken"),
    "hold": ("holds", "held"),
    "keep": ("keeps", "kept"),
    "let": ("lets",),
    "make": ("makes", "made"),
    "shrink": ("shrinks", "shrank", "shrunk"),
    "sit": ("sits", "sat"),
    "undergo": ("undergoes", "underwent", "undergone"),
    "withdraw": ("withdraws", "withdrew", "withdrawn"),
    "drive": ("drives", "drove", "driven"),
    "speed": ("speeds", "sped"),
    "choose": ("chooses", "chose", "chosen"),
    "cap": ("caps", "capped"),
    "trap": ("traps", "trapped"),
    "stop": ("stops", "stopped"),
    "fit": ("fits", "fitted"),
    "fall": ("falls", "fell", "fallen"),
    "rise": ("rises", "rose", "risen"),
    "occur": ("occurs", "occurred"),
    "give": ("gives", "gave", "given"),
    "lead": ("leads", "led"),
    "show": ("shows", "showed", "shown"),
    "arise": ("arises", "arose", "arisen"),
    "overcome": ("overcomes", "overcame", "overcome"),
    "withstand": ("withstands", "withstood"),
    "stem": ("stems", "stemmed"),
    "lie": ("lies", "lay", "lain"),
    "stand": ("stands", "stood"),
}


def third_person(base: str) -> str:
    """'donate' -> 'donates', 'reach' -> 'reaches', 'occupy' -> 'occupies'."""
    if base in IRREGULAR:
        return IRREGULAR[base][0]
    if base.endswith(("s", "sh", "ch", "x", "z", "o")):
        return base + "es"
    if base.endswith("y") and base[-2:-1] not in "aeiou":
        return base[:-1] + "ies"
    return base + "s"


def past(base: str) -> str:
    """'donate' -> 'donated', 'occupy' -> 'occupied', 'block' -> 'blocked'."""
    if base.endswith("e"):
        return base + "d"
    if base.endswith("y") and base[-2:-1] not in "aeiou":
        return base[:-1] + "ied"
    return base + "ed"


def _forms() -> frozenset[str]:
    forms: set[str] = set(AUXILIARIES)
    for base in VERB_BASES | set(IRREGULAR):
        forms.update((base, third_person(base), past(base)))
        forms.update(IRREGULAR.get(base, ()))
    return frozenset(forms)


VERB_FORMS = _forms()
"""Every finite form the extractor recognises as a verb."""


@dataclass(frozen=True)
class LexiconVerb:
    """What the English lexicon says of a word outside `VERB_FORMS` that can be a verb."""

    third_person: bool
    """An -s form ('absorbs', 'leaves'): finite after a singular subject."""
    noun_too: bool
    """The word is also a noun or an adjective ('leaves', 'shields', 'states'): only its
    place in the clause can tell."""
    past: bool = False
    """An irregular past form ('cost', 'cut', 'held'): finite after any subject."""


COMPOUND_HEADS = wordlist(
    "analogue analogues analog analogs derivative derivatives congener congeners homologue "
    "homologues isomer isomers compound compounds precatalyst precatalysts series"
)
"""Heads that name a whole compound ('the 2′-chloro analogue', 'the methyl analogue 2b')."""
ROLE_HEADS = wordlist("ligand ligands catalyst catalysts precatalyst complex complexes")
"""Heads that name a compound by its role when a label follows ('the electron-poor ligand
L4'), though without one they may name a part ('the bulky ancillary ligand')."""


VERB_PREFIXES = wordlist("pre re de co over under out mis un")
"""Prefixes a verb takes with a hyphen ('pre-organises', 're-forming')."""


@lru_cache(maxsize=16384)
def lexicon_verb(word: str) -> LexiconVerb | None:
    """The word as a finite or base verb form by LemmInflect's lexicon, or None.

    `VERB_BASES` lists the verbs chemistry papers use most; authors use many more
    ('absorbs', 'becomes', 'emits', 'quenches', 'relieves'), and a clause whose verb is
    unknown has no predicate, so its explanation is unread. LemmInflect (MIT) carries the
    NIH SPECIALIST Lexicon's word classes and inflections offline. Only present-tense and
    irregular past forms count: a regular '-ed' form stays a participle for the clause
    grammar to place (`chemx.generation.clauses`), and an '-ing' form a gerund.
    """
    lower = word.lower()
    prefix, hyphen, rest = lower.partition("-")
    if hyphen and prefix in VERB_PREFIXES:
        return lexicon_verb(rest)  # "pre-organises": the verb's own form
    if not lower.isalpha() or lower.endswith(("ed", "ing")) or len(lower) < 3:
        return None
    from lemminflect import getAllInflections, getAllLemmas

    classes = getAllLemmas(lower)
    lemmas = classes.get("VERB", ())
    for lemma in lemmas:
        forms = getAllInflections(lemma, upos="VERB")
        finite = {*forms.get("VBZ", ()), *forms.get("VBP", ()), *forms.get("VBD", ())}
        if lower in finite:
            return LexiconVerb(
                third_person=lower in forms.get("VBZ", ()),
                noun_too="NOUN" in classes or "ADJ" in classes,
                past=lower in forms.get("VBD", ()),
            )
    return None


@lru_cache(maxsize=4096)
def singular_verb(word: str) -> str | None:
    """The -s form of a base form the verb list lacks ('feed' -> 'feeds'), or None.

    A paper's "alkoxy groups feeding electron density" gives the mechanism "feed ...";
    lent to one group it must agree. A word that is its own past tense ('cut', 'set') may
    be a past tense, so it is left as it is (None), as is any word the lexicon does not
    know as a verb.
    """
    lower = word.lower()
    if lower.endswith("s") or own_past_tense(lower):
        return None
    verb = lexicon_verb(third_person(lower))
    return third_person(lower) if verb is not None and verb.third_person else None


@lru_cache(maxsize=4096)
def plural_verb(word: str) -> str | None:
    """The base form of an -s form the verb list lacks ('sets' -> 'set'), or None.

    A catalogue mechanism written for one group ("rigidifies the scaffold and sets the
    orientation ...") said of a plural feature must agree in every joined verb.
    """
    from lemminflect import getAllInflections, getAllLemmas

    lower = word.lower()
    if not lower.endswith("s"):
        return None
    for lemma in getAllLemmas(lower).get("VERB", ()):
        if lower in getAllInflections(lemma, upos="VERB").get("VBZ", ()):
            return str(lemma)
    return None


@lru_cache(maxsize=4096)
def own_past_tense(word: str) -> bool:
    """Whether a base form is also its own past tense by the lexicon ('cut', 'set', 'put').

    After a singular subject such a word is a past tense, not a base form that disagrees:
    "One structural feature cut the fade rate 40-fold" is a clause.
    """
    from lemminflect import getAllInflections

    lower = word.lower()
    return lower in getAllInflections(lower, upos="VERB").get("VBD", ())


@lru_cache(maxsize=4096)
def past_or_third_person(word: str) -> bool:
    """Whether the lexicon knows the word as a past-tense or -s verb form.

    Unlike a base form ('a capacity fade of'), which after a noun is a noun as often as a
    verb, such a form after a noun head is a finite verb ("hydrogenation ... stalled").
    """
    from lemminflect import getAllInflections, getAllLemmas

    lower = word.lower()
    for lemma in getAllLemmas(lower).get("VERB", ()):
        forms = getAllInflections(lemma, upos="VERB")
        if lower in (*forms.get("VBD", ()), *forms.get("VBZ", ())):
            return True
    return False


BASE_OF: dict[str, str] = {}
for _base in sorted(VERB_BASES | set(IRREGULAR)):
    BASE_OF.setdefault(third_person(_base), _base)
    BASE_OF.setdefault(_base, _base)

# -- closed classes of the clause grammar (`chemx.generation.clauses`) --------------------

PRONOUNS = wordlist("it they we this these those its their them he she one")
PREPOSITIONS = wordlist(
    """
    of in on at to for from by with without into onto over under through via between
    among across against toward towards about around upon within beneath beside near
    than like unlike despite per versus vs vs. after before during except along out below
    above beyond
    """
)
CONJUNCTIONS = wordlist("and or but nor")
SUBORDINATORS = wordlist(
    "because since as although though while whereas when whenever once if unless until"
)
RELATIVES = wordlist("which who whom whose where")
NEGATIONS = wordlist("not no never")
ADVERBS = wordlist(
    """
    also thus therefore hence consequently accordingly then so still even only just
    however indeed moreover furthermore further instead rather likely presumably
    probably possibly perhaps mostly mainly largely partly almost already well much
    far too very quite thereby again often always altogether
    """
)
"""Adverbs without the -ly suffix (the suffix rule tags the rest)."""


STRUCTURAL_NOUNS = wordlist(
    """
    group groups ring rings atom atoms bond bonds substituent substituents moiety moieties
    nitrogen nitrogens oxygen oxygens sulfur carbon carbons hydrogen hydrogens fluorine
    fluorines chlorine bromine iodine iodide phosphorus boron silicon methyl ethyl phenyl
    aryl alkyl ester esters amide amides ether ethers linkage linkages linker bridge core
    chain chains cavity pair stereocentre stereocenter centre center hydroxyl hydroxyls
    carbonyl carbonyls carboxyl acid amine amines imine alkene alkyne arene arm scaffold
    backbone auxiliary cage macrocycle heterocycle unit units donor acceptor skeleton
    halogen halogens oxide azide azides thioether thioethers nh nh2 chelate
    chelates bicycle bicycles azole azoles heteroarene heteroarenes
    """
)
"""Head nouns that make a phrase a structural feature (with the catalogue aliases); 'NH'
as papers write a bond to hydrogen ("the indole NH", "its more acidic thioamide NH")."""

DETERMINERS = wordlist(
    """
    the a an these this its their those that such
    """
)

POSTDETERMINERS = wordlist("same other corresponding respective remaining")
"""Words that follow a determiner and precede its noun: the word after "the same" is a
noun ("the same positions"), never a verb."""

BARE_POSITION_WORDS = wordlist("carbon atom position site centre center")
"""A feature of one of these words alone points at an atom only a locant names ("that
carbon sits para to the 4-oxo group"); with a modifier ("the carbonyl carbon") it is one."""
NON_FEATURE_HEADS = wordlist(
    """
    species reagent reagents catalyst catalysts solvent solvents conditions condition product
    products substrate substrates mixture mixtures intermediate intermediates reaction
    reactions protein proteins enzyme enzymes receptor receptors residue residues mutation
    mutations buffer buffers additive additives promoter promoters medium media
    salt salts atmosphere interaction interactions contact contacts pathway pathways
    class classes family families
    """
)
"""Head nouns of phrases that name a participant, not a structural feature of a drawn
compound: "the generated hypervalent iodine species" mentions iodine but is a reagent, and
"the basic K2CO3/K222 medium" is basic but no amine; "the triketone class" is the
compounds themselves (blind-68)."""

PRONOUN_SUBJECTS = wordlist(
    """
    it this these they that which we one
    """
)
"""A subject that is only a pronoun names no feature: the clause is too vague alone."""

HEDGING_TERMS: tuple[str, ...] = (
    "indirect",
    "indirectly",
    "secondary",
    "partially",
    "partly",
    "in part",
    "partial",
    "may",
    "might",
    "possibly",
    "possible",
    "perhaps",
    "somewhat",
    "minor",
    "slightly",
    "slight",
    "could",
    "likely",
    "unlikely",
    "arguably",
    "potentially",
    "presumably",
    "probably",
    "apparently",
    "seemingly",
    "marginally",
    "to some extent",
    "to a lesser extent",
    "to a degree",
    "plausibly",
    "conceivably",
    "tends to",
    "appears to",
    "seems to",
)
"""Hedges excluded from every option (seed 002, appendix H; "indirect" and "secondary"
are the seed's own examples). The one list: the MCQ prompt and the anti-shortcut check
(`chemx.qc.anti_shortcut`) read it from here."""


RECIPROCAL = re.compile(r"\b(?:each other|one another)\b", re.I)
"""A reciprocal: what several groups do together ('repel each other'), which no one group's
name can take and which is not lent to another feature (`chemx.generation.explanations`)."""
GRADING_WORDS = wordlist("more less most least very")
"""Words that grade the adjective or adverb after them ('more acidic', 'a less strongly
polarised acceptor', 'very bulky'): the clause grammar, and the option wording that drops a stating
adjective together with its grade (`chemx.generation.register`), read this one list."""
DEGREE_ADVERBS = wordlist("much far even still considerably significantly slightly")
COMPARATIVES = wordlist("lower higher greater smaller larger weaker stronger better worse")
"""After a degree adverb these are adjectives, not verbs ('the much lower LUMO')."""

OBJECT_OPENERS = wordlist(
    "the a an its their this these that his her both each no more less little enough"
)
"""Words that open an object noun phrase: 'the group leaves the acceptor weak', 'the
ortho-tolyl groups leave more room around ruthenium' (blind-64)."""
MAKING_VERBS: dict[str, tuple[str, str, str]] = {
    "give": ("gives", "gave", "giving"),
    "afford": ("affords", "afforded", "affording"),
    "provide": ("provides", "provided", "providing"),
    "yield": ("yields", "yielded", "yielding"),
    "furnish": ("furnishes", "furnished", "furnishing"),
    "deliver": ("delivers", "delivered", "delivering"),
    "produce": ("produces", "produced", "producing"),
}
"""Verbs by which a reaction or a change makes a compound ('gave 3b'): one table for all."""


def making_verbs(*forms: str) -> str:
    r"""A regex alternation of `MAKING_VERBS` in the given forms.

    Forms: 'base' ('give'), 'third' ('gives'), 'past' ('gave'), 'gerund' ('giving') and
    'to' ('to\s+give').
    """
    found: list[str] = []
    for base, (third, past, gerund) in MAKING_VERBS.items():
        by_form = {"base": base, "third": third, "past": past, "gerund": gerund}
        by_form["to"] = rf"to\s+{base}"
        found.extend(by_form[form] for form in forms)
    return "|".join(found)


DIRECTION_OPENERS = wordlist("into toward towards onto away")
"""Prepositions of direction after a verb of motion: 'the ring projects into the pocket',
'the ester points toward the solvent'. A noun is seldom followed by one ('insight into'
has no -s verb form before it)."""
NOT_ADVERBS = wordlist("family supply apply reply fly poly anomaly assembly italy")
NOT_GERUNDS = wordlist(
    """
    ring rings string thing nothing something anything during bring spring wing king
    morning building ceiling coupling bearing
    """
)
"""-ing words that are nouns or prepositions in chemistry prose."""
NOT_PARTICIPLES = wordlist("red bed seed need feed shed hundred speed bleed breed")
UNIT_WORDS = wordlist(
    """
    % equiv eq h min s ms ns ps nm mm cm m mg g kg mmol mol ml ml mL l µm μm µl μl mM µM μM
    nM pM M °C K kcal kJ mV V mA mAh Hz MHz ppm mPa cP mS days day weeks units fold mol%
    wt% equiv. bar atm
    """
)
"""Words after a number that make it a quantity, not a compound label."""


ROLE_WORDS = wordlist(
    """
    directing protecting leaving activating deactivating functional reactive key other
    remaining additional important relevant various several both these those such
    """
)
"""Modifiers that say what a group does, not what it is: "directing groups" or "the
protecting group" names no feature a reader can find in the drawing."""


SPECTRAL_WORDS = wordlist(
    """
    pattern patterns signal signals resonance resonances peak peaks band bands shift shifts
    singlet singlets doublet doublets triplet triplets multiplet multiplets spectrum spectra
    absorption absorptions
    """
)
"""Nouns of a spectrum's description: "the AA′BB′ patterns of both rings" or "the NH
signal of 4" are what an instrument recorded, not a feature a reader finds in the drawing."""


BACK_REFERENCES = wordlist("same other corresponding respective analogous remaining former latter")
"""First words of a phrase that points at a group named elsewhere, not one in the drawing."""


CLASS_MEMBERS: tuple[tuple[re.Pattern[str], frozenset[str]], ...] = (
    (
        re.compile(r"\balkyl(?:s\b| (?:groups?|substituents?|residues?|chains?)\b)", re.I),
        wordlist(
            """aryl_methyl n_methyl isopropyl tert_butyl cyclohexyl cyclopropyl alkyl_chain
            gem_dimethyl"""
        ),
    ),
    (
        re.compile(r"\b(?:halogens?|halo(?:gen)? (?:atoms?|groups?|substituents?))\b", re.I),
        wordlist("aryl_fluoride aryl_chloride aryl_bromide aryl_iodide alkyl_halide"),
    ),
)
"""Class words a cause may use for several groups at once, and the catalogue entries each
covers. The BODIPY cause "alkyl substituents" named no catalogue entry, so its own
"aryl methyl group" was offered as a wrong answer (with another mechanism): two answers.
"""


def groups_in_classes(text: str) -> set[str]:
    """Catalogue keys that a class word of `text` covers ('alkyl substituents')."""
    return {key for pattern, keys in CLASS_MEMBERS if pattern.search(text) for key in keys}


STEREO_WORDS = re.compile(
    r"\b(?:enantiomers?|enantiomeric|epimers?|epimeric|diastereomers?|diastereomeric"
    r"|stereoisomers?|configurations?|stereochemistry|[RS]-configured)\b"
    r"|\bthe\s+[RS]\s+(?:configuration|isomer|enantiomer)\b"
    r"|\([RS]\)-\d+-[a-z]"  # "The (S)-3-methylpiperazine (S)-6": a configured substituent
    r"|\b(?:cis|trans)(?:-\d|\s+(?:isomers?|diastereomers?|epimers?|configuration)\b)",
    re.IGNORECASE,
)
"""Words that make a sentence about configuration ("weaker than its enantiomer", "in the S
configuration", "the trans isomer 5b", "the trans-1,3-disubstituted cyclobutane",
blind-68): the stereocentre is then what differs, never a wrong answer."""


FACE_DESCRIPTOR = re.compile(r"\d[′']*-[αβ]-")
"""A locant with the face a group points to ('the 2′-β-methyl group', 'the 2′-α-fluoro'):
the group is named by its configuration, so the stereocentre that bears it is the answer
too (blind-64). A bare 'α-fluorine' names a position next to a carbonyl, not a face."""


LINKER_HEADS = wordlist("linker linkers spacer spacers tether tethers")
"""Head nouns of the part that joins two others ('the benzylic aryl linker', 'the PEG
spacer'): a stretch of several groups, named by what it does."""

BENZENOID_WORDS = "aryl|aromatic|benzene|phenyl|phenylene|arene"
"""Stems that name a benzene ring (a regex alternation): an unplaced 'aryl ring' may be any
such ring, and 'the aryl methyl' is a methyl on one. Shared by the wrong-answer filter
(`features`) and the aryl-methyl check (`backends`)."""
