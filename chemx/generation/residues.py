"""Amino-acid residue names as names of the side-chain group they carry.

Peptide and protein-ligand papers name a drawn group by its residue: "the lysine side
chains carry a positive charge" is about the side chain's primary amine, "the
diphenylalanine segment" about two phenyl rings, "the valine pair" about two isopropyl
groups. Without this table a distractor could name the same group in catalogue words
("basic aliphatic amine nitrogen" beside "lysine side chains"), and a reader would find
two right answers. Only residues whose side chain is a catalogue entry are listed; glycine,
alanine, leucine and isoleucine carry plain alkyl and name no entry.
"""

from __future__ import annotations

from types import MappingProxyType

SIDE_CHAIN_KEYS = MappingProxyType(
    {
        "lysine": "basic_amine",
        "lysyl": "basic_amine",
        "ornithine": "basic_amine",
        "arginine": "guanidine",
        "arginyl": "guanidine",
        "phenylalanine": "phenyl",
        "phenylalanyl": "phenyl",
        "tyrosine": "phenol",
        "tyrosyl": "phenol",
        "tryptophan": "indole",
        "tryptophyl": "indole",
        "histidine": "imidazole",
        "histidyl": "imidazole",
        "serine": "alcohol",
        "seryl": "alcohol",
        "threonine": "alcohol",
        "threonyl": "alcohol",
        "cysteine": "thiol",
        "cysteinyl": "thiol",
        "methionine": "thioether",
        "aspartate": "carboxylic_acid",
        "aspartic": "carboxylic_acid",
        "aspartyl": "carboxylic_acid",
        "glutamate": "carboxylic_acid",
        "glutamic": "carboxylic_acid",
        "glutamyl": "carboxylic_acid",
        "asparagine": "primary_amide",
        "glutamine": "primary_amide",
        "valine": "isopropyl",
        "valyl": "isopropyl",
    }
)
"""Residue name (lower case) -> catalogue key of its side chain's group."""


def residue_aliases(key: str) -> tuple[str, ...]:
    """The residue names that name catalogue entry `key` ('basic_amine' -> 'lysine', ...)."""
    return tuple(name for name, side_chain in SIDE_CHAIN_KEYS.items() if side_chain == key)
