"""Misreadings left at stop 56 (blind-62) and found on the blind corpora of session 57.

Written by authors who never saw the decomposition. The rules below come from invalid
items; each test asserts output the code before the rule got wrong.
"""

from __future__ import annotations

from dataclasses import replace

from chemx.generation.backends import TemplateGenerator
from chemx.generation.pairs import changed_region
from chemx.records import SmilesReading
from tests._helpers import molecule_structure, template_context

AMIKACIN = (
    "NC[C@H]1O[C@H](O[C@@H]2[C@@H](N)C[C@@H](NC(=O)[C@@H](O)CCN)[C@H](O[C@H]3O[C@H](CO)"
    "[C@@H](O)[C@H](N)[C@H]3O)[C@H]2O)[C@H](O)[C@@H](O)[C@@H]1O"
)
KANAMYCIN = (
    "NC[C@H]1O[C@H](O[C@@H]2[C@@H](N)C[C@@H](N)[C@H](O[C@H]3O[C@H](CO)[C@@H](O)[C@H](N)"
    "[C@H]3O)[C@H]2O)[C@H](O)[C@@H](O)[C@@H]1O"
)


def test_the_difference_from_a_compared_compound_is_the_atoms_of_a_loose_part() -> None:
    region = changed_region(AMIKACIN, KANAMYCIN)
    # the 4-amino-2-hydroxybutanoyl chain: C(=O), its O, C(OH), the OH, CH2, CH2, NH2
    assert len(region) == 7
    assert changed_region(KANAMYCIN, KANAMYCIN) == frozenset()


def test_no_group_of_a_loosely_named_part_is_offered_as_a_wrong_answer() -> None:
    sentence = (
        "Acylation of N1 with the AHBA chain turned kanamycin A into a potent agent against "
        "the ANT(2″)-Ia strain: amikacin 3a had an MIC of 2 µg/mL, compared with 64 µg/mL "
        "for 1, because the bulky side chain prevents productive binding of ring III in the "
        "nucleotidyltransferase active site."
    )
    context = template_context("3a", AMIKACIN, sentence)
    alone = TemplateGenerator().decompose(context)
    assert alone.fields is not None  # without the comparator the chain cannot be placed
    offered = {f.name for f in alone.fields.other_features}
    assert "N–CH2CH2–alkyl linker" in offered
    kanamycin = molecule_structure("e1", "1", SmilesReading(text=KANAMYCIN, source="osra"))
    partner = kanamycin.model_copy(update={"smiles": KANAMYCIN})
    compared = TemplateGenerator().decompose(replace(context, partners={"1": partner}))
    # the chain's amide, amine and linker are the answer: too few others remain
    assert compared.reason == "too_few_features"
