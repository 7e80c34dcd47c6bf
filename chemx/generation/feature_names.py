"""Feature phrases compared: one feature or two, explained through, singular or plural.

Whether two phrases name one feature, whether a mechanism explains through one, whether
a feature phrase is plural, and which name the drawing gives the paper's feature. Split
from `chemx.generation.features` (which re-exports these names): the distractor
selector, the offline generator and the anti-shortcut gate all ask these questions and
must answer them alike.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import TYPE_CHECKING

from chemx.english import adjective_only
from chemx.generation.catalogue import (
    group_for_feature,
    groups_inside_name,
    groups_named_in,
    related,
    subclasses_named,
)
from chemx.generation.extract import HEAD_BREAKS
from chemx.generation.nomenclature import MULTIPLIERS
from chemx.generation.text import content_stems, distinctive_stems

if TYPE_CHECKING:
    from chemx.generation.catalogue import Group
    from chemx.generation.features import VisibleFeature

SAME_FEATURE_OVERLAP = 0.5
"""Two feature phrases sharing this share of the shorter one's distinctive stems are the
same feature."""


def same_feature(first: str, second: str) -> bool:
    """Whether two phrases name the same feature (by words or by catalogue entry)."""
    a, b = distinctive_stems(first), distinctive_stems(second)
    shared = sum(any(_same_word(x, y) for y in b) for x in a)
    if a and b and shared / min(len(a), len(b)) >= SAME_FEATURE_OVERLAP:
        return True
    group_a, group_b = group_for_feature(first), group_for_feature(second)
    return group_a is not None and group_b is not None and related(group_a, group_b)


ALKYL_PREFIX = re.compile(r"^(?:di|tri)?(?:alkyl|methyl|ethyl|propyl|butyl)?$")
"""What may stand before 'amino' or 'hydroxy' in one word of the same group
('dialkylamino', 'dimethylamino', 'amino')."""


def _same_word(first: str, second: str) -> bool:
    """Whether two stems name one thing.

    Equal, one letter longer ('hydroxy', 'hydroxyl'), or the same group with its alkyl
    count spelled out ('amino', 'dialkylamino'); never 'methyl' and 'trifluoromethyl'.
    """
    if first == second:
        return True
    short, long_ = sorted((first, second), key=len)
    if len(short) < 5:
        return False
    if long_.startswith(short) and len(long_) - len(short) == 1:
        return True  # not 'benzyl' and 'benzylic': the benzylic CH2 is a feature of its own
    return long_.endswith(short) and bool(ALKYL_PREFIX.match(long_[: -len(short)]))


def names_cause(mechanism: str, cause: str) -> bool:
    """Whether a wrong answer's mechanism explains through the cause itself.

    "The Boc group masks the nitrogen lone pair ..." beside the correct "The nitrogen lone
    pair stabilises the radical ..." gives the item two defensible answers.
    """
    wanted = distinctive_stems(cause)
    return bool(wanted) and wanted <= distinctive_stems(mechanism)


def restates_name(name: str, reading: str) -> bool:
    """Whether a mechanism reading says only what the feature's name already says.

    "The aryl ring conjugated to a C=C bond conjugates the aryl ring" (blind-48): every
    content word of the reading is in the name, so the option explains nothing.
    """
    said = content_stems(reading)
    return bool(said) and said <= content_stems(name)


def is_plural(phrase: str) -> bool:
    """Whether a feature phrase is plural ('two methoxy groups', 'the OMe and the ring')."""
    tokens = phrase.lower().split()
    if not tokens:
        return False
    cut = [i for i, token in enumerate(tokens[1:], 1) if token in HEAD_BREAKS]
    tokens = tokens[: cut[0]] if cut else tokens  # "halogens in the para position": halogens
    numbered = tokens[0] in ("two", "three", "four", "five", "six", "both", "multiple", "several")
    joined = [i for i, token in enumerate(tokens[1:-1], 1) if token == "and"]
    if numbered or any(not adjective_only(tokens[i - 1]) for i in joined):
        return True  # coordinated heads: "the OMe and the ring crowd"; not "larger and more"
    head = re.sub(r"[^a-z]", "", tokens[-1])
    return len(head) > 3 and head.endswith("s") and not head.endswith(("ss", "us", "is", "ys"))


def drawn_name(feature: str, group: Group | None, visible: Sequence[VisibleFeature]) -> str | None:
    """The name the structure's own reading gives the paper's feature, if it gives one.

    Distractors are named from the drawing ("anilide N–H", "2,4,6-trifluorophenyl
    ring"); the answer named in the paper's words ("the ring nitrogen", "methylation of
    the bridging nitrogen") would be the one option in another register, and across a
    release the only feature never seen elsewhere (the ``rarest-feature`` shortcut).
    So when exactly one feature read from the structure is the cause's catalogue entry,
    the answer takes that feature's name; otherwise it keeps the paper's (matching by
    shared words instead renames "two geminal phenyl rings" as "unsubstituted phenyl
    ring").
    """
    if group is None:
        return None
    drawn = [f for f in visible if f.source.startswith("smarts:")]
    family = {member.key for member in subclasses_named(feature)}
    if len({f.key for f in drawn if f.key in family}) > 1:
        return None  # "the C-terminal amide" of a peptide: which of its amides, not said
    by_key = list(dict.fromkeys(f.name for f in drawn if f.key == group.key))
    if len(by_key) != 1:
        return None  # two drawn: the paper's words say which
    return by_key[0] if renames_as_one(feature, by_key[0]) else None


def renames_as_one(feature: str, name: str) -> bool:
    """Whether `name` may stand for the paper's `feature`: one group, no part left out.

    "urea N–H bonds" are no "urea carbonyl" (the paper names an atom or bond of the
    group), "the unsubstituted pyridine ring" is no "4-pyridyl nitrogen" (the drawing's
    name narrows it to an atom), and "the 8-fluoro substituent and the 6-chloro group"
    are two features.
    """
    if _WHOLE_HEAD.search(feature) and _named_parts(name):
        return False  # "the unsubstituted pyridine ring" is no "4-pyridyl nitrogen"
    degrees = {m.lower() for m in _SUBSTITUTION_DEGREE.findall(feature)}
    if degrees - {m.lower() for m in _SUBSTITUTION_DEGREE.findall(name)}:
        return False  # "the tertiary urea" is no "urea carbonyl": its N–H is what went
    return not (_named_parts(feature) - _named_parts(name)) and " and " not in feature


_SUBSTITUTION_DEGREE = re.compile(
    r"\b(?:primary|secondary|tertiary|quaternary|N-(?:methylated|alkylated|acylated))"
    r"(?=\s+(?:[\w-]+\s+)?(?:amines?|amides?|ureas?|sulfonamides?|carbamates?|ammonium"
    r"|anilides?|anilines?|nitrogens?)\b)",
    re.I,
)
"""How substituted a nitrogen group is ("the tertiary urea", "the secondary sulfonamide",
blind-64): the difference a paper names, which a catalogue name without it loses. (A
"primary hydroxyl" is still the catalogue's aliphatic hydroxyl.)"""
_WHOLE_HEAD = re.compile(
    r"\b(?:ring|rings|core|scaffold|system|heterocycle|arene)$|\b(?:unsubstituted|parent)\s"
    r"|\b(?:bi|tri|tetra|poly)cyclic\s|\b(?:fused|bridged|spirocyclic)\s",
    re.I,
)
"""Heads that name a whole ring or framework, which the name of one of its atoms narrows;
so does a ring said to bear nothing ("the unsubstituted pyridine" is no "3-pyridyl
nitrogen", though "the pyridine" may be its nitrogen), and a ring system by its rings
("the bicyclic amine" is no "basic aliphatic amine nitrogen", blind-55)."""


def _named_parts(name: str) -> set[str]:
    """The atoms and bonds a feature name singles out of its group ('N–H', 'nitrogen')."""
    parts = {m.group(0).replace("-", "–").upper() for m in _BOND.finditer(name)}
    return parts | {w.rstrip("s") for w in name.lower().split() if w.rstrip("s") in _PART_WORDS}


_BOND = re.compile(r"\b[CNOS][–-]H\b")
_PART_WORDS = frozenset(
    {"nitrogen", "oxygen", "sulfur", "proton", "hydrogen", "dipole", "carbonyl"}
)
"""Words for one atom or bond of a group, which a name of the whole group does not say."""


def groups_inside_words(text: str) -> set[str]:
    """Catalogue keys spelled inside the long words of `text` ('dichlorobenzyl').

    A word that says a group was put on ('the dicyanated core', 'N-methylation') names
    that group too (`SUBSTITUTED_WITH`).
    """
    keys: set[str] = set()
    for word in re.findall(r"[A-Za-z][\w,′'-]*", text):
        substituted = SUBSTITUTED_WITH.search(word)
        if substituted:
            keys |= groups_inside_name(_PREFIX_OF_VERB.get(substituted["stem"].lower(), ""))
        if len(word) > INSIDE_NAME_MIN or MULTIPLIED_PREFIX.fullmatch(word):
            keys |= groups_inside_name(word)
    return keys


INSIDE_NAME_MIN = 8
"""A shorter word is read whole, not by its parts ('methyl', 'phenol')."""
MULTIPLIED_PREFIX = re.compile(
    rf"(?:{'|'.join(MULTIPLIERS)})(?:fluoro|chloro|bromo|iodo|methyl|methoxy|nitro|cyano|amino)",
    re.I,
)
"""A short word that is a multiplied substituent prefix ('difluoro' in "the 2',3'-difluoro
substitution", blind-51) names its group whatever its length."""
_PREFIX_OF_VERB = {
    "cyan": "cyano", "fluor": "fluoro", "chlor": "chloro", "brom": "bromo", "iod": "iodo",
    "nitr": "nitro", "methyl": "methyl", "trifluoromethyl": "trifluoromethyl",
    "amin": "amino", "sulfon": "sulfonyl",
}  # fmt: skip
SUBSTITUTED_WITH = re.compile(
    rf"(?:^|[-–])(?:{'|'.join(MULTIPLIERS)}|per)?(?P<stem>{'|'.join(_PREFIX_OF_VERB)})"
    r"(?:in)?at(?:ed|ion|ing)$",
    re.I,
)
"""A participle or noun of the verb that puts a group on ('dicyanated', 'perfluorinated',
'N-methylation', 'trifluoromethylated'): the word names the group it put there (the core
'dicyanated' carries two cyano groups, blind-50)."""


def spelled_out(name: str, key: str | None) -> tuple[str, ...]:
    """Catalogue keys of the groups a paper's feature name spells out, besides its own.

    "aminoethoxy side chain" spells out an amine and an ether, so "terminal primary
    amine" offered beside it would name one group twice.
    """
    spelled = groups_inside_words(name) | {group.key for group in groups_named_in(name)}
    return tuple(sorted(spelled - {key}))
