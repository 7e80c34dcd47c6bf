"""Whether a would-be wrong answer names atoms of the right answer.

Two catalogue entries can be unrelated as entries and still name the same atom of one
drawing: in 4-(piperidin-4-yl)pyrazole the "piperidine ring" and the "basic aliphatic
amine nitrogen" are the same nitrogen; in a 4-(dimethylamino)phenyl dye the "N–aryl bond"
and the "N-methyl group" share it. Offered as a wrong answer beside such a right answer,
the second is as defensible as the first (a chemist can argue that the protonated amine
is what the piperidine contributes), so the question would have two answers.

The test is on the structure itself: the candidate's every match on the SMILES shares an
atom with a match of the cause that is not an aromatic carbon. Aromatic carbons are left
out because a ring carries several groups that are distinct features ("aryl methoxy" and
"aryl methyl" on one benzene ring); a shared heteroatom or aliphatic carbon is one group
named twice. A candidate that also occurs elsewhere in the molecule is kept: it then
names a part the cause does not.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from functools import lru_cache
from typing import Any

from chemx.generation.catalogue import BY_KEY, parse_smiles


def _is_distinct_site(atom: Any) -> bool:
    """An atom that belongs to one group: a heteroatom or a non-aromatic carbon."""
    return not (atom.GetIsAromatic() and atom.GetAtomicNum() == 6)


def _is_context(query_smarts: str) -> bool:
    """A pattern atom that only anchors the group: '*' or '[!#1…]' (any attached atom).

    The phenylene entries match '*-c1ccc(-*)cc1' and the isopropyl entry '[CH]([CH3])
    ([CH3])[!#1]': the ring's or the branch's neighbours are matched, not named.
    """
    return query_smarts == "*" or query_smarts.startswith("[!#1")


@lru_cache(maxsize=4096)
def _matches(smiles: str, key: str) -> tuple[Any, Any, tuple[tuple[int, ...], ...]]:
    """The molecule, the entry's pattern and the pattern's matches (all None/() if none)."""
    from rdkit import Chem

    group = BY_KEY.get(key)
    molecule = parse_smiles(smiles)
    if group is None or group.smarts is None or molecule is None:
        return None, None, ()
    pattern = Chem.MolFromSmarts(group.smarts)
    if pattern is None:
        return None, None, ()
    return molecule, pattern, tuple(molecule.GetSubstructMatches(pattern, uniquify=True))


def _sites(smiles: str, key: str) -> tuple[frozenset[int], ...]:
    """Per match of entry `key` on `smiles`: the atoms that belong to that group alone.

    Those are the matched atoms that are neither anchors (`_is_context`) nor aromatic
    carbons (`_is_distinct_site`). None when the SMILES or the entry has no pattern.
    """
    molecule, pattern, matches = _matches(smiles, key)
    if pattern is None:
        return ()
    named = [not _is_context(atom.GetSmarts()) for atom in pattern.GetAtoms()]
    return tuple(
        frozenset(
            index
            for query, index in enumerate(match)
            if named[query] and _is_distinct_site(molecule.GetAtomWithIdx(index))
        )
        for match in matches
    )


def names_cause_atoms(
    smiles: str | None,
    cause_keys: Iterable[str],
    keys: Iterable[str],
    cause_atoms: frozenset[int] = frozenset(),
) -> bool:
    """Whether every match of each of `keys` on `smiles` shares a site with the cause.

    `cause_keys` are the catalogue entries the cause names, and `cause_atoms` atoms the
    cause names without an entry (`described_ring_atoms`); `keys` are the candidate's
    own entry and those its name spells out. False when the SMILES, or either side's
    match, is missing: without the drawing's atoms there is nothing to compare.
    """
    if not smiles:
        return False
    molecule = parse_smiles(smiles)
    described = frozenset(
        index
        for index in cause_atoms
        if molecule is not None and _is_distinct_site(molecule.GetAtomWithIdx(index))
    )
    cause_sites = described.union(*(s for key in cause_keys for s in _sites(smiles, key)))
    if not cause_sites:
        return False
    for key in keys:
        sites = _sites(smiles, key)
        if sites and all(site & cause_sites for site in sites):
            return True
    return False


def inside_region(smiles: str | None, keys: Iterable[str], region: frozenset[int]) -> bool:
    """Whether any match of any of `keys` on `smiles` has an atom in `region`.

    `region` holds the atoms of a loosely named cause ("the bulky side chain"), placed
    by what the compound has that its comparator lacks (`pairs.compared_region`). Every
    group in that part is part of the answer, so any match there counts, and a ring's
    aromatic carbons count too (a phenyl ring on the side chain is the side chain's).
    """
    if not smiles or not region:
        return False
    for key in keys:
        _, pattern, matches = _matches(smiles, key)
        if pattern is None:
            continue
        named = [not _is_context(atom.GetSmarts()) for atom in pattern.GetAtoms()]
        for match in matches:
            if any(named[query] and index in region for query, index in enumerate(match)):
                return True
    return False


def stereocentre_at_cause(
    smiles: str | None, cause_keys: Iterable[str], cause_atoms: frozenset[int] = frozenset()
) -> bool:
    """Whether a defined stereocentre of `smiles` is an atom of the cause or bonded to one.

    "the 2′-β-methyl group ... clashes with the incoming nucleotide" (blind-64): the
    methyl sits on the C2′ stereocentre, and its β orientation is that centre's; "the
    defined stereocentre fixes the orientation of the groups around it" offered beside
    it is the same answer. False without the drawing or the cause's atoms.
    """
    if not smiles:
        return False
    molecule = parse_smiles(smiles)
    if molecule is None:
        return False
    sites = set(cause_atoms).union(*(s for key in cause_keys for s in _sites(smiles, key)))
    if not sites:
        return False
    from rdkit import Chem

    unspecified = Chem.ChiralType.CHI_UNSPECIFIED
    for atom in molecule.GetAtoms():
        if atom.GetChiralTag() == unspecified:
            continue
        near = {atom.GetIdx(), *(n.GetIdx() for n in atom.GetNeighbors())}
        if near & sites:
            return True
    return False


PLACEMENT_KEYS = frozenset({"para_phenylene", "meta_phenylene", "ortho_phenylene"})
"""Entries that name a ring by where its substituents sit."""


RING_SUBSTITUENT_KEYS = frozenset(
    {
        "aryl_methyl", "aryl_fluoride", "aryl_chloride", "aryl_bromide", "aryl_iodide",
        "methoxy_aryl", "alkoxy_aryl", "trifluoromethyl", "nitro",
    }
)  # fmt: skip
"""Groups that sit on a ring as its substituents."""
PLACED_SUBSTITUENTS = RING_SUBSTITUENT_KEYS | {"nitrile", "phenol"}
"""Ring substituents whose place on the ring is what a paper's name for them says ('the
adjacent fluorines'); a bridging nitrogen or an amide is placed by what it links."""
_ARYL = r"[a-z]*(?:phenyl|phenoxy|aryl|anilin|benzyl)"
PLACE_WORDS = {
    "ortho_phenylene": re.compile(
        rf"\b(?:ortho|o-|adjacent|flanking|vicinal|neighbouring)|\b[26]-{_ARYL}", re.I
    ),
    "meta_phenylene": re.compile(rf"\b(?:meta|m-)|\b[35]-{_ARYL}", re.I),
    "para_phenylene": re.compile(rf"\b(?:para|p-)|\b4-{_ARYL}", re.I),
}
"""Words by which a cause says where on its ring it sits ('ortho', 'the adjacent
fluorines', '2-methoxyphenyl'), and the disubstituted-ring entry that place makes."""


def placed_rings(feature: str) -> set[str]:
    """The disubstituted-ring entries a cause's place names ('2-methoxyphenyl': ortho).

    The group of "the para aryloxy group" or "the 2-methoxyphenyl ring" sits on a ring
    of that pattern, so "the 1,4-phenylene ring links its substituents linearly" would
    be a second answer.
    """
    return {key for key, words in PLACE_WORDS.items() if words.search(feature)}


def places_the_cause(
    smiles: str | None,
    cause_keys: Iterable[str],
    key: str,
    cause_atoms: frozenset[int] = frozenset(),
    cause_name: str = "",
) -> bool:
    """Whether a substitution-pattern ring's every match has the cause as a substituent.

    Beside "the two adjacent C–F dipoles", "the ortho-disubstituted benzene ring" is the
    ring that holds those fluorines side by side: where the cause sits, named as a ring
    (blind-51). When the cause's name says where it sits ("ortho", "adjacent", "para"),
    only the ring of that pattern is its placement: "the ortho fluorines" do not make
    "the meta-disubstituted ring" they also sit on an answer (blind-54). A ring whose
    substituents are all other groups is its own feature. Only a ring substituent
    (`PLACED_SUBSTITUENTS`) bonded by a heteroatom counts: a carbon there (an amide's
    carbonyl) may belong to another match of the cause's entry than the paper's.
    """
    if not smiles or key not in PLACEMENT_KEYS:
        return False
    placed = placed_rings(cause_name)
    if placed and key not in placed:
        return False  # "the ortho fluorines": the meta ring they also sit on is not named
    molecule, pattern, matches = _matches(smiles, key)
    if pattern is None or not matches:
        return False
    cause_sites = frozenset(
        index for index in cause_atoms if _is_distinct_site(molecule.GetAtomWithIdx(index))
    ).union(
        *(
            site
            for cause in cause_keys
            if cause in PLACED_SUBSTITUENTS
            for site in _sites(smiles, cause)
        )
    )
    anchors = [q for q, atom in enumerate(pattern.GetAtoms()) if _is_context(atom.GetSmarts())]

    def held(index: int) -> bool:  # a heteroatom of the cause bonded to the ring itself
        return index in cause_sites and molecule.GetAtomWithIdx(index).GetAtomicNum() != 6

    return all(any(held(match[q]) for q in anchors) for match in matches)


def ring_of_assembly(smiles: str | None, key: str) -> bool:
    """Whether a match of ring entry `key` is one of the drawing's biaryl-bonded rings.

    "the extended fluorobiphenyl tail" (blind-63) names a ring assembly: its rings are the
    cause, so "the 1,4-phenylene ring" that is the biphenyl's inner ring is the answer
    again; the ring's name does not say which of the drawing's such rings it means, so one
    in the assembly is enough.
    """
    if not smiles or key not in (*PLACEMENT_KEYS, "phenyl"):
        return False
    _, pattern, matches = _matches(smiles, key)
    bonded = frozenset().union(*(frozenset(m) for m in _matches(smiles, "biaryl")[2]))
    if pattern is None or not matches or not bonded:
        return False
    named = [not _is_context(atom.GetSmarts()) for atom in pattern.GetAtoms()]
    return any(
        any(named[q] and index in bonded for q, index in enumerate(match)) for match in matches
    )


RING_COUNT_WORD = re.compile(
    r"\b(?P<count>bi|tri|tetra|penta)cyclic\s+(?:[\w-]+\s+){0,2}?"
    r"(?:core|donor|acceptor|system|scaffold|unit|framework|heterocycle|arene|moiety|"
    r"chromophore|skeleton|nucleus)s?\b|\b(?P<noun>bi|tri|tetra|penta)cycles?\b",
    re.I,
)
"""A ring system named by how many rings it has ('the electron-rich tricyclic donor', 'the
fused tricycle', blind-66)."""
_RING_COUNTS = {"bi": 2, "tri": 3, "tetra": 4, "penta": 5}


def described_ring_atoms(smiles: str | None, cause: str) -> frozenset[int]:
    """The atoms of the ring systems a cause describes by their ring count.

    "The electron-rich tricyclic donor" of a phenoxazine catalyst is the phenoxazine,
    though no catalogue entry is named: its ring nitrogen and oxygen are then the
    cause's, and "the N–aryl bond" or "the diaryl ether" on those atoms are the answer
    named again (blind-50). A ring system is a set of rings joined by shared atoms;
    every system of the named count is taken (a drawing with two such donors has both).
    """
    match = RING_COUNT_WORD.search(cause)
    molecule = parse_smiles(smiles) if smiles and match else None
    if match is None or molecule is None:
        return frozenset()
    wanted = _RING_COUNTS[(match["count"] or match["noun"]).lower()]
    return frozenset().union(*(atoms for atoms, n in _ring_systems(molecule) if n == wanted))


def _ring_systems(molecule: Any) -> list[tuple[frozenset[int], int]]:
    """Each ring system of `molecule` (rings joined by shared atoms) and its ring count."""
    systems: list[set[int]] = []
    counts: list[int] = []
    for ring in molecule.GetRingInfo().AtomRings():
        atoms, joined = set(ring), 1
        for index in reversed(range(len(systems))):
            if systems[index] & atoms:
                atoms |= systems.pop(index)
                joined += counts.pop(index)
        systems.append(atoms)
        counts.append(joined)
    return [(frozenset(atoms), n) for atoms, n in zip(systems, counts, strict=True)]


FUSION_PREFIXES = {
    "pyrrolo": "pyrrole", "furo": "furan", "thieno": "thiophene", "imidazo": "imidazole",
    "pyrazolo": "pyrazole", "pyrido": "pyridine", "pyrimido": "pyrimidine",
    "pyrazino": "pyrazine", "thiazolo": "thiazole", "oxazolo": "oxazole",
    "triazolo": "triazole", "benzo": "", "benz": "",
}  # fmt: skip
"""Fusion-nomenclature prefixes (IUPAC FR-2.2) and the catalogue entry of the ring each
names; benzo names a benzene ring, which every aromatic six-ring of carbons is."""
FUSION_PARENTS = (
    "pyrrole", "furan", "thiophene", "imidazole", "pyrazole", "pyridine", "pyrimidine",
    "pyrazine", "pyridazine", "thiazole", "oxazole", "isoxazole", "triazole", "indole",
    "quinoline", "azepine", "diazepine", "pyran", "oxazine", "thiazine",
)  # fmt: skip
FUSED_NAME = re.compile(
    rf"\b(?P<prefixes>(?:(?:{'|'.join(FUSION_PREFIXES)})(?:\[[\w,.′'-]*\])?-?)+)"
    rf"(?P<parent>{'|'.join(FUSION_PARENTS)})s?\b",
    re.I,
)
"""A fused heterocycle named by fusion nomenclature: 'pyrrolo[2,3-d]pyrimidine',
'imidazo[1,2-a]pyridine', 'benzothiazole', 'benzimidazole'."""
_FUSION_PREFIX = re.compile("|".join(sorted(FUSION_PREFIXES, key=len, reverse=True)), re.I)
_BENZENE = "c1ccccc1"


def fused_system_atoms(smiles: str | None, cause: str) -> frozenset[int]:
    """The atoms of the fused ring systems a cause names by fusion nomenclature.

    "The pyrrolo[2,3-d]pyrimidine forming a donor–acceptor pair with the hinge" names the
    whole bicycle: its pyrrole N–H and its pyrimidine nitrogens are the answer, never a
    wrong answer beside it (blind-68). A system counts when it has two rings or more and
    holds a match of each ring the name is built from.
    """
    names = list(FUSED_NAME.finditer(cause))
    molecule = parse_smiles(smiles) if smiles and names else None
    if molecule is None:
        return frozenset()
    found: set[int] = set()
    for name in names:
        parts = [
            FUSION_PREFIXES[p.group(0).lower()] for p in _FUSION_PREFIX.finditer(name["prefixes"])
        ]
        parts.append(name["parent"].lower())
        rings = [_ring_matches(molecule, part) for part in parts]
        for atoms, count in _ring_systems(molecule):
            if count >= 2 and all(
                any(m <= atoms for m in ring) for ring in rings if ring is not None
            ):
                found |= atoms
    return frozenset(found)


HW_STEMS = {
    "iridine": 3, "irane": 3, "irine": 3, "etidine": 4, "etane": 4, "ete": 4,
    "olidine": 5, "olane": 5, "oline": 5, "ole": 5, "inane": 6, "ane": 6, "ine": 6,
    "epane": 7, "epine": 7, "ocane": 8, "ocine": 8,
}  # fmt: skip
"""Hantzsch–Widman ring stems (IUPAC B-1.1) and the ring size each names."""
HW_PREFIX = re.compile(r"(?P<count>di|tri|tetra)?(?P<atom>ox|thi|az|z)")
_HW_ELEMENT = {"ox": 8, "thi": 16, "az": 7, "z": 7}
_HW_WORD = re.compile(r"[a-z]+")


def hantzsch_widman_rings(name: str) -> list[tuple[int, dict[int, int]]]:
    """(ring size, heteroatom counts by atomic number) of each Hantzsch–Widman word in `name`.

    "the 1,3,5-oxadiazinane ring" -> [(6, {8: 1, 7: 2})]; "thiazolidine" -> [(5, {16: 1,
    7: 1})]; "oxetane" -> [(4, {8: 1})]. A word counts only when it splits wholly into
    heteroatom prefixes (oxa, thia, aza, with di/tri/tetra; 'az' may lose its 'a' after a
    vowel) and one ring stem, so 'piperidine' or 'imidazole' (trivial names) are not read.
    """
    found = []
    for word in _HW_WORD.findall(name.lower()):
        counts: dict[int, int] = {}
        at = 0
        while at < len(word):
            prefix = HW_PREFIX.match(word, at)
            elided = word[: prefix.start("atom")].endswith("a") if prefix else False
            if prefix is None or (prefix["atom"] == "z" and not elided):  # "tetr|a|z|ole"
                break
            element = _HW_ELEMENT[prefix["atom"]]
            multiple = {"di": 2, "tri": 3, "tetra": 4}.get(prefix["count"] or "", 1)
            counts[element] = counts.get(element, 0) + multiple
            at = prefix.end()
            stems = [word[at:], word[at + 1 :]] if word[at : at + 1] == "a" else [word[at:]]
            size = next((HW_STEMS[stem] for stem in stems if stem in HW_STEMS), None)
            if size is not None:  # "diox|ane", "oxadiazin|ane", "ox|a|zole"
                found.append((size, counts))
                break
            at += 1 if word[at : at + 1] == "a" else 0
    return found


def named_ring_atoms(smiles: str | None, cause: str) -> frozenset[int]:
    """The atoms of rings a cause names by Hantzsch–Widman nomenclature.

    "Its oxadiazinane ring is opened metabolically" (blind-70): the ring's ether oxygen and
    its N-methyl nitrogen are that ring's, so "aliphatic ether oxygen" or "N-methyl group"
    beside it would name the answer again. A ring counts when its size and heteroatoms are
    the name's.
    """
    names = hantzsch_widman_rings(cause)
    molecule = parse_smiles(smiles) if smiles and names else None
    if molecule is None:
        return frozenset()
    found: set[int] = set()
    for ring in molecule.GetRingInfo().AtomRings():
        elements: dict[int, int] = {}
        for index in ring:
            number = molecule.GetAtomWithIdx(index).GetAtomicNum()
            if number != 6:
                elements[number] = elements.get(number, 0) + 1
        if any(size == len(ring) and counts == elements for size, counts in names):
            found |= set(ring)
    return frozenset(found)


def _ring_matches(molecule: Any, part: str) -> list[frozenset[int]] | None:
    """The atom sets of ring `part` ('' = benzene) in `molecule`; None for an unknown ring."""
    from rdkit import Chem

    group = BY_KEY.get(part) if part else None
    smarts = _BENZENE if not part else group.smarts if group is not None else None
    pattern = Chem.MolFromSmarts(smarts) if smarts else None
    if pattern is None:
        return None
    return [frozenset(m) for m in molecule.GetSubstructMatches(pattern)]


TORSION_KEYS = frozenset({"biaryl", "n_aryl"})
"""Entries that name a rotatable bond between rings: what they do is set a dihedral."""


def turns_the_cause(smiles: str | None, cause_keys: Iterable[str], key: str) -> bool:
    """Whether a bond entry's every match ends on the cause's ring.

    "The phenyl ring can rotate toward the acridine plane" is about the bond the ring
    turns on: the "biaryl bond ... that sets their dihedral angle" offered beside it is
    the same answer. The caller asks this only of a cause whose mechanism is about
    conformation; a ring that stacks or withdraws is not its bond.
    """
    if not smiles or key not in TORSION_KEYS:
        return False
    rings = frozenset().union(*(frozenset(m) for c in cause_keys for m in _matches(smiles, c)[2]))
    bonds = tuple(frozenset(match) for match in _matches(smiles, key)[2])
    return bool(rings and bonds) and all(bond & rings for bond in bonds)
