"""What the forty-fifth blind corpus showed, read after its unseen builds.

blind-45 (CDK9 inhibitors, Cu-catalysed enantioselective borylation, fluorogenic tetrazine
probes, strobilurin fungicides, TADF emitters) was written by authors who never saw
chemx, and built at session 51's frozen commit before it was read. Its invalid items asked
why "One structural feature drives non-radiative decay" (a relative clause of the means,
read as the effect), shared the answer's "that raises the LUMO" (what a missing methyl
would do) with every distractor, put the paper's "which reflects the tetrazine directly
attached at C3" (its explanation) in the stem, and let a distractor name the ligand
"L3" that the answer was about.
"""

from __future__ import annotations

from chemx.generation.extract import Vague, decompose
from chemx.generation.register import split_chain
from chemx.qc.anti_shortcut import CAUSE_IN_STEM, labels_named


def test_a_relative_clause_inside_a_means_is_not_the_effect() -> None:
    found = decompose(
        "An ortho-methyl group on the phenylene bridge of 2d raises the photoluminescence "
        "quantum yield from 81% to 94% relative to 2a by locking the acridan–phenylene "
        "dihedral near 90° and so suppressing the torsional motion that drives "
        "non-radiative decay."
    )
    assert not isinstance(found, Vague)
    assert found.effect.startswith("raises the photoluminescence quantum yield")
    assert found.mechanism.startswith("locks the acridan–phenylene dihedral")
    twist = decompose("The bulky ortho-methyl group enforces a twist that speeds up RISC.")
    assert not isinstance(twist, Vague)
    assert twist.effect == "speeds up RISC"


def test_what_a_missing_group_would_do_is_no_shared_chain() -> None:
    lacking = split_chain("lacks the electron-donating methyl that raises the LUMO")
    assert lacking.chain == ""
    assert split_chain("enforces a twist that speeds up RISC").chain == "speeds up RISC"


def test_a_stem_that_says_what_the_effect_reflects_states_its_cause() -> None:
    stem = (
        "The probe shown was almost non-emissive (Φ = 0.0013), which reflects the "
        "tetrazine directly attached at C3."
    )
    assert CAUSE_IN_STEM.search(stem)
    assert not CAUSE_IN_STEM.search("The probe shown was almost non-emissive (Φ = 0.0013).")


def test_a_ligand_label_the_label_grammar_does_not_read_is_still_the_papers() -> None:
    text = "The P-aryl ring of L3 rigidifies the scaffold"
    assert labels_named(text, {"L3", "2e"}) == ["L3"]
    assert labels_named(text, {"2e"}) == []
    assert labels_named("The C5 fluorine packs against Phe103", {"5", "2e"}) == []


def test_a_head_before_between_keeps_its_number() -> None:
    from chemx.generation.feature_names import is_plural

    assert not is_plural("steric clash between the rod-like nitrile and Phe80")
    assert is_plural("methyl and ethyl groups")


CDK9_5 = "CNc1nc(C)c(-c2nc(N(C)c3cccc(N4CCNCC4)c3)ncc2C#N)s1"
"""blind-45's 5: an aryl methyl on the thiazole and an N-methylated anilino nitrogen."""


def test_a_bare_methyl_in_a_drawing_with_two_kinds_keeps_the_papers_name() -> None:
    from chemx.generation.backends import TemplateGenerator
    from tests.generation.test_blind_corpus_seven import _context

    sentence = (
        "With an N-methylated anilino nitrogen, 5 was inactive (IC50 > 10 µM), as the methyl "
        "removes the donor that binds the Cys106 carbonyl and forces the aryl ring out of plane."
    )
    context = _context("5", CDK9_5, sentence)
    generator = TemplateGenerator()
    fields = generator.decompose(context)
    assert fields.fields is not None
    written = generator.write_mcq(context, fields.fields)
    assert written.mcq is not None
    answer = next(o for o in written.mcq.options if o.letter == written.mcq.answer)
    assert "aryl methyl" not in answer.feature
    assert answer.feature.endswith("methyl")
