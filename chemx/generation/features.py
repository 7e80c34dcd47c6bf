"""Other visible features of a structure: the distractor pool.

Seed 002 (appendix C.3): the decomposition also returns "three to five other structural
features that are visible in the image but are not the cause given in the source
text". Offline they come from two places:

1. the structure itself: the functional-group catalogue (`chemx.generation.catalogue`)
   run on a SMILES read by OSRA (exact, or a partial reading; see
   `chemx.agents.generation`), so every such feature is genuinely drawn;
2. the paper: features it names for this structure elsewhere ("nitroalkene 2, with its
   para-methoxy group, ...", "the NHS ester of 1", the feature of another explanatory
   sentence about the same compound), which are visible by the paper's own account.

A feature is never offered if it is the cause under another name: it is dropped when
it shares half of its distinctive words with the cause (`same_feature`) or when both
name related catalogue entries (the cause "three-membered ring" is the entry
"cyclopropyl", so the catalogue's "cyclopropyl ring" is not a distractor).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from chemx.generation.catalogue import (
    UNRELIABLE_IN_PARTIAL,
    Group,
    parse_smiles,
    related,
    visible_groups,
)
from chemx.generation.feature_names import drawn_name as drawn_name
from chemx.generation.feature_names import groups_inside_words as groups_inside_words
from chemx.generation.feature_names import is_plural as is_plural
from chemx.generation.feature_names import renames_as_one as renames_as_one
from chemx.generation.feature_names import same_feature
from chemx.generation.lexicon import (
    BENZENOID_WORDS,
    LINKER_HEADS,
    groups_in_classes,
)
from chemx.generation.mechanism_classes import mechanism_classes
from chemx.generation.naming import SpecificName, only_phenylenes
from chemx.generation.naming_links import ALL_NAMED_KEYS, context_names
from chemx.generation.overlap import (
    described_ring_atoms,
    fused_system_atoms,
    inside_region,
    named_ring_atoms,
    names_cause_atoms,
    places_the_cause,
    ring_of_assembly,
    stereocentre_at_cause,
    turns_the_cause,
)
from chemx.generation.text import (
    distinctive_stems,
    wordlist,
)
from chemx.provenance.ids import digest

MIN_OTHER_FEATURES = 3
MAX_OTHER_FEATURES = 5
"""The seed asks for three to five other visible features; three become distractors."""
SPARE_FEATURES = 5
"""Further features written as spare wrong answers only: a release letters one in place
of a lettered wrong answer where that stops a wording shortcut (`chemx.release.balance`)."""
SKELETAL_KEYS = wordlist(
    """
    para_phenylene meta_phenylene ortho_phenylene biaryl n_aryl benzylic_ch2 ethylene_linker phenyl
    fused_arene quaternary_carbon
    """
)
"""Catalogue entries for the skeleton (rings, linkers) rather than a functional group:
present in most drawings and seldom a paper's cause, so weak distractors; used last."""
COMMON_KEYS = wordlist(
    """
    amide_nh amide_tertiary ester alcohol alkyl_ether ketone carboxylic_acid methoxy_aryl
    aryl_methyl n_methyl alkene stereocentre basic_amine
    """
)
"""Functional groups found in most drug-like and synthetic molecules (amides, esters,
ethers, alcohols, ketones, acids: the commonest groups of bioactive compounds, Ertl et
al., J. Med. Chem. 2020): offered after the rarer, more specific ones, so that the same
few groups are not the wrong answer of every item."""
DRAW_SALT = "distractor-draw"
LABEL_TOKEN = re.compile(r"\(?[rs]?\)?-?\d{1,3}[a-z]?(?:[–-]\d{0,3}[a-z]?)?")
"""A compound label as a token ('4', '12a', '(s)-7'): not part of a feature's name."""


@dataclass(frozen=True)
class VisibleFeature:
    """A feature the structure shows, and how we know.

    Attributes:
        name: the phrase an option uses.
        key: its catalogue entry, when one names it.
        source: 'smarts:<key>' (read from the structure) or 'text:<sentence id>'
            (named by the paper) or 'model' (returned by the generator role).
        in_structure: whether the catalogue matched it on the structure's SMILES.
        covers: catalogue keys of the other groups its name spells out ("4-fluorophenyl
            ring" covers the aryl fluoride), see `chemx.generation.naming`.
        mechanism: how the paper itself explains this feature elsewhere (another
            question's answer), lent by the offline generator to this question's wrong
            answer (`chemx.generation.explanations`); None otherwise.
        mechanism_sentence_id: the sentence that explanation came from.
    """

    name: str
    key: str | None
    source: str
    in_structure: bool
    covers: tuple[str, ...] = ()
    mechanism: str | None = None
    mechanism_sentence_id: str | None = None


def structure_features(smiles: str | None, *, partial: bool = False) -> list[VisibleFeature]:
    """Catalogue features found on a SMILES (none without one).

    On a partial OCSR reading the entries that misread rings produce are left out
    (`chemx.generation.catalogue.UNRELIABLE_IN_PARTIAL`).

    Entries of `chemx.generation.naming_links.ALL_NAMED_KEYS` are named from where they
    sit ("4-fluorophenyl ring", "anilide N–H", "pyridine–benzene biaryl bond"), one
    feature per distinct name; the others keep their catalogue name, and so does a named
    entry no instance of which could be named, except "phenyl ring" where every benzene
    ring is a phenylene (its own entry names it: two options would name one ring).
    """
    if not smiles:
        return []
    features = []
    for group in visible_groups(smiles):
        if partial and group.key in UNRELIABLE_IN_PARTIAL:
            continue
        source = f"smarts:{group.key}"
        named = _specific_names(smiles, group.key) if group.key in ALL_NAMED_KEYS else []
        if not named and not (group.key == "phenyl" and _components_all(smiles, only_phenylenes)):
            features.append(VisibleFeature(group.name, group.key, source, True))
        features.extend(
            VisibleFeature(name.name, group.key, source, True, name.covers) for name in named
        )
    return features


def _components(smiles: str) -> list[Any]:
    """The RDKit molecules of the components of `smiles` that parse."""
    parts = (parse_smiles(part) for part in re.split(r"[\s.]+", smiles.strip()) if part)
    return [molecule for molecule in parts if molecule is not None]


def _components_all(smiles: str, test: Callable[[Any], bool]) -> bool:
    """Whether `test` holds for every component of `smiles` that parses (and one does)."""
    parsed = _components(smiles)
    try:
        return bool(parsed) and all(test(molecule) for molecule in parsed)
    except RuntimeError:  # a partial reading without ring information
        return False


def _specific_names(smiles: str, key: str) -> list[SpecificName]:
    """Context names of entry `key` over every component of `smiles`, distinct, in order."""
    names: list[SpecificName] = []
    for molecule in _components(smiles):
        try:
            found = context_names(molecule, key)
        except RuntimeError:  # a partial reading without ring information: catalogue name
            continue
        names.extend(name for name in found if name not in names)
    return names


def _group_conflicts(candidate: VisibleFeature, cause_groups: Sequence[Group]) -> bool:
    """Whether the candidate (or a group its name spells out) is the cause's group."""
    from chemx.generation.catalogue import BY_KEY

    keys = [key for key in (candidate.key, *candidate.covers) if key is not None]
    return any(related(BY_KEY[key], cause) for key in keys for cause in cause_groups)


def _keys(feature: VisibleFeature) -> set[str]:
    return {key for key in (feature.key, *feature.covers) if key is not None}


def _ubiquity(key: str | None) -> int:
    """0 for a specific group, 1 for a common one, 2 for the skeleton."""
    return 2 if key in SKELETAL_KEYS else 1 if key in COMMON_KEYS else 0


def cause_keys_named(cause: str) -> set[str]:
    """The catalogue entries a cause names, in its words or inside a long word or class.

    Empty for a loosely named cause ("the bulky side chain", "the 6′-substituent"), which
    only the drawing's atoms can place (`select_other_features`'s `region`).
    """
    from chemx.generation.catalogue import groups_named_in

    inside = groups_inside_words(cause) | groups_in_classes(cause)
    return {group.key for group in groups_named_in(cause)} | inside


def select_other_features(
    cause: str,
    candidates: Iterable[VisibleFeature],
    limit: int = MAX_OTHER_FEATURES,
    *,
    mechanism: str = "",
    effect: str = "",
    seed: str = "",
    uses: Mapping[str, int] | None = None,
    sentence: str = "",
    smiles: str | None = None,
    region: frozenset[int] = frozenset(),
    stereo: bool = False,
) -> list[VisibleFeature]:
    """Up to `limit` distinct features that are not the cause, best-supported first.

    Catalogue groups named in the `mechanism` count as part of the cause: in "the
    phenethyl ring of 5 is activated by two methoxy groups" the methoxy groups are the
    real cause, so "dimethoxy-substituted arene" must not be offered as a wrong answer.
    So do groups the `effect` names (the caller passes an effect clause's subject): in "A
    C-8 chlorine raised potency 10-fold, which we attribute to poor recognition of the
    twisted C-7 piperazine" the stem's chlorine is as defensible an answer as the
    piperazine. And so do the groups and the features named in `sentence`, the words
    around the cause (`chemx.generation.backends.cause_surroundings`): "ascribed to the
    geometry of the squaramide group: its two N–H bonds ..." makes "squaramide" as good
    an answer as the N–H bonds. A group inside a long word of the cause counts too
    ("dichlorobenzyl group" is an aryl chloride), and so does one inside a long word of
    `sentence` ("the 2-fluorosubstituted product"), and so do the groups a class word of
    the cause covers ("alkyl substituents": methyls, isopropyl ...; `lexicon.CLASS_MEMBERS`).
    On the structure's `smiles`, a feature
    whose every occurrence shares an atom with the cause's group is the cause named
    again (the piperidine's nitrogen as "basic amine"; `chemx.generation.overlap`).
    A cause that names no catalogue group ("the bulky side chain") is placed by
    `region`, the atoms by which the compound differs from the one its sentence compares
    it with (`chemx.generation.pairs.compared_region`): a group with any atom there is a
    part of the answer. When the sentence is about configuration (`stereo`: "65-fold
    weaker than its enantiomer, since in the S configuration ..."), the stereocentre is
    what differs, so it is part of every answer.

    Order: features the structure shows or the paper names for it, fewest earlier uses
    as a wrong answer in this paper first (`uses`, by `usage_key`: the items of one
    paper are about one compound series, and a feature offered as the wrong answer of
    each of them while every answer differs marks the answer as the rare one, the
    ``rarest-feature`` shortcut); then those the paper explains elsewhere (they carry
    the paper's own mechanism, `chemx.generation.explanations`); then those the paper
    itself names (they are in the paper's register, as the answer is), then features
    read from the structure (specific groups, then `COMMON_KEYS`, then the skeleton's
    rings and linkers, `SKELETAL_KEYS`), then the rest; a feature equal to one already
    chosen (or to the cause) is skipped.
    Within a tier the order is a draw seeded by `seed` (the candidate id): always taking
    the catalogue's first entries would make a few ubiquitous groups ("amide N–H") the
    wrong answer of every item, and a feature's frequency across a release would then
    tell the answer (the ``rarest-feature`` shortcut).
    """
    from chemx.generation.catalogue import (
        BY_KEY,
        attachment_siblings,
        groups_named_in,
        subclasses_named,
        ungraded_entries,
    )

    named_by_cause = groups_named_in(cause)
    inside_cause = groups_inside_words(cause) | groups_in_classes(cause)
    # "the 5-fluoro substituent" on an alkyl carbon, "dimethylaminomethyl": the same group
    # under the entry for the other kind of carbon
    named_keys = cause_keys_named(cause)
    siblings = {group.key for group in attachment_siblings([BY_KEY[k] for k in named_keys])}
    siblings |= ungraded_entries(cause)  # "the amino substituent" of a drawn NMe2
    cause_groups = [
        *named_by_cause,
        *subclasses_named(cause),  # "the C-terminal amide": the primary carboxamide too
        *groups_named_in(mechanism),
        *groups_named_in(effect),
        *groups_named_in(sentence),
        *(BY_KEY[key] for key in inside_cause | siblings | groups_inside_words(sentence)),
    ]
    cause_keys = named_keys | siblings
    mechanism_groups = groups_named_in(mechanism)
    # "lowering the basicity of its diethylamino group": the amine it acts on, on any carbon
    mechanism_keys = {g.key for g in [*mechanism_groups, *attachment_siblings(mechanism_groups)]}

    used = uses or {}
    turning = "conformation" in mechanism_classes(mechanism)
    # "the tricyclic donor", "the pyrrolo[2,3-d]pyrimidine": the atoms of the named system
    described = (
        described_ring_atoms(smiles, cause)
        | fused_system_atoms(smiles, cause)
        | named_ring_atoms(smiles, cause)
    )
    sentence_stems = distinctive_stems(sentence)
    bare = _bond_of(cause) if _BARE_BOND.fullmatch(cause.strip()) or not named_keys else None
    # "the aryl ring stacks ...": a cause that names a ring but no group could be any ring
    unplaced_ring = not named_keys and bool(_RING_HEAD.search(cause))
    benzenoid = unplaced_ring and bool(_BENZENOID.search(cause))
    # "its benzylic aryl linker" (blind-64): the linker is a benzene ring, whatever group
    # the catalogue reads in its other words
    ring_linker = bool(_LINKER_HEAD.search(cause)) and bool(_BENZENOID.search(cause))

    def rank(pair: tuple[int, VisibleFeature]) -> tuple[bool, int, bool, bool, int, str | int]:
        index, feature = pair
        order: str | int = digest(DRAW_SALT, seed, feature.name) if seed else index
        named = feature.source.startswith("text:")
        seen = used.get(usage_key(feature.name), 0)
        lent = feature.mechanism is not None
        return (
            not (feature.in_structure or named),
            seen,
            not lent,
            not named,
            _ubiquity(feature.key),
            order,
        )

    ranked = sorted(enumerate(candidates), key=rank)
    chosen: list[VisibleFeature] = []
    for _, candidate in ranked:
        if same_feature(candidate.name, cause) or _group_conflicts(candidate, cause_groups):
            continue
        if bare is not None and (_bond_of(candidate.name) == bare or _has_bond(candidate, bare)):
            continue  # "its NH" against "aliphatic amide N–H": which N–H is meant?
        if ring_linker and _BENZENOID.search(candidate.name) and _RING_HEAD.search(candidate.name):
            continue  # "the 1,4-phenylene ring" beside "its benzylic aryl linker"
        if (
            unplaced_ring
            and _RING_HEAD.search(candidate.name)
            and (not benzenoid or _BENZENOID.search(candidate.name))
        ):
            continue  # "the aryl ring" against "para-disubstituted benzene ring": which?
        if "biaryl" in named_keys and any(ring_of_assembly(smiles, k) for k in _keys(candidate)):
            continue  # "the 1,4-phenylene ring" of "the extended fluorobiphenyl tail"
        if "stereocentre" in _keys(candidate) and (
            stereo or stereocentre_at_cause(smiles, cause_keys, described)
        ):
            # (S)-3b against its enantiomer, or the 2′-β-methyl on its stereocentre: the
            # stereocentre is the answer too
            continue
        if not named_keys and inside_region(smiles, _keys(candidate), region):
            continue  # "the bulky side chain" of amikacin: its hydroxyl and amine too
        if names_cause_atoms(smiles, cause_keys | mechanism_keys, _keys(candidate), described):
            continue  # "makes the carbamate N–H more acidic": the anilide N–H is that N–H
        if any(places_the_cause(smiles, cause_keys, k, described, cause) for k in _keys(candidate)):
            continue  # "the ortho-disubstituted ring" holding "the adjacent C–F dipoles"
        if turning and any(turns_the_cause(smiles, cause_keys, k) for k in _keys(candidate)):
            continue  # "the phenyl ring can rotate": the bond it turns on is the answer too
        if candidate.key == "biaryl" and _joins_named_rings(candidate.name, cause):
            continue  # "the fluorophenyl-thiophene tail": its thiophene–benzene bond too
        named = distinctive_stems(candidate.name)
        if named and named <= sentence_stems:
            continue  # a feature the explanation itself names ("the squaramide group")
        if any(same_feature(candidate.name, other.name) for other in chosen):
            continue
        if any(_keys(candidate) & _keys(other) for other in chosen):
            continue
        chosen.append(candidate)
        if len(chosen) == limit:
            break
    return chosen


_RING_WORDS = {"benzene": ("benzene", "phenyl", "phenylene", "aryl")}
"""Other words for a ring in a biaryl bond's name ('benzene' is the paper's 'phenyl')."""


def _joins_named_rings(name: str, cause: str) -> bool:
    """Whether both rings a biaryl bond's name joins are named in the cause."""
    rings = name.lower().removesuffix(" biaryl bond").split("–")
    lowered = cause.lower()
    return len(rings) == 2 and all(
        any(word in lowered for word in _RING_WORDS.get(ring.strip(), (ring.strip(),)))
        for ring in rings
    )


_BOND = r"(?P<bond>[NOSC])\s*[–−-]?\s*H"
_BARE_BOND = re.compile(rf"(?:(?:the|its|their|an?|free)\s+)*{_BOND}s?", re.I)
"""A cause that names only a bond ('its NH', 'the O–H'): any group's such bond fits it."""
_LAST_BOND = re.compile(rf"(?:^|\s){_BOND}s?$")


_RING_HEAD = re.compile(r"\b(?:ring|rings|arene|arenes)$", re.I)
"""A name whose head is a ring ('aryl ring', 'para-disubstituted benzene ring')."""
_LINKER_HEAD = re.compile(rf"\b(?:{'|'.join(sorted(LINKER_HEADS))})$", re.I)
"""A name whose head is what joins two parts ('aryl linker', 'phenylene spacer')."""
_BENZENOID = re.compile(rf"\b(?:{BENZENOID_WORDS})\b|phenyl\b", re.I)
"""A ring named as a benzene ring: an unplaced 'aryl ring' may be any such ring, not a
piperazine or a quinoline."""


def _has_bond(feature: VisibleFeature, element: str) -> bool:
    """Whether the feature's catalogue group has an H on `element` ('[NX3H1]', '[nH]').

    "The acidic N–H binds the nitro group" names no group: the aryl amide's N–H offered
    beside it may be that N–H (blind-48).
    """
    from chemx.generation.catalogue import BY_KEY

    group = BY_KEY.get(feature.key) if feature.key else None
    if group is None or not group.smarts:
        return False
    return bool(re.search(rf"\[{element}[^\]]*H[^\]]*\]", group.smarts, re.I))


def _bond_of(name: str) -> str | None:
    """The X–H bond a name ends on ('aliphatic amide N–H' -> 'N'), if it ends on one."""
    match = _LAST_BOND.search(name.strip())
    return match["bond"].upper() if match else None


def usage_key(name: str) -> str:
    """How distractor uses are counted: a feature's name, case and spacing aside."""
    return " ".join(name.lower().split())
