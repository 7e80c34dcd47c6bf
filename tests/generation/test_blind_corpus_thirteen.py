"""Items found invalid on a thirteenth blind corpus (MAP4K4 inhibitors, organic
photoredox catalysts, Ru transfer hydrogenation, self-immolative linkers, metal-ion
probes), scored unseen first: their answer options were no English.

A span cut at the wrong place gave features that are no noun phrase ("together with the
imine nitrogen and the amide oxygen it", "extending the diamine ..."), hold a clause ("the
ether-linked payloads are released quickly ...: the fluorines ..."), or a mechanism with a
sentence opener inside it ("has a By virtue"); 'as a consequence of' left its 'as' on the
effect. The reading now refuses such spans, and the stem check refuses a dangling 'as'.
"""

from __future__ import annotations

import pytest

from chemx.generation.extract import Decomposition, Vague, decompose
from chemx.qc.stem_grammar import stem_problems


@pytest.mark.parametrize(
    "sentence",
    [
        "Its pyridine nitrogen is responsible for the high Cu2+ affinity (Kd = 0.8 μM): "
        "together with the imine nitrogen and the amide oxygen it completes a tridentate "
        "N,N,O pocket that holds the metal beside the spiro carbon.",
        "By virtue of the inductive pull of its ring oxygen, the N-oxetan-3-yl group lowers "
        "the pKa of the distal piperazine nitrogen from 7.9 in 1c to 6.1 in 1d.",
        "Removing the fluorine from the B-ring (15a) raised the MIC against S. aureus from 2 to "
        "8 μg/mL, presumably as a result of weaker stacking of the more electron-rich aryl "
        "ring on the U2585 base of the peptidyl transferase centre.",
    ],
)
def test_spans_that_would_write_no_english_option_are_refused(sentence: str) -> None:
    assert isinstance(decompose(sentence), Vague)


def test_as_a_consequence_of_leaves_no_as_on_the_effect() -> None:
    found = decompose(
        "Conversely, 2c is the strongest excited-state oxidant of the series (+1.56 V) as a "
        "consequence of its aryl chloride, which removes one donor and lowers the LUMO."
    )
    assert isinstance(found, Decomposition)
    assert found.effect == "2c is the strongest excited-state oxidant of the series (+1.56 V)"
    assert found.feature == "aryl chloride"


def test_an_adjectival_participle_still_opens_a_feature() -> None:
    found = decompose(
        "The low reactivity of 33 toward the Grignard reagent is due to the neighbouring "
        "isopropyl groups shielding the carbonyl from attack."
    )
    assert isinstance(found, Decomposition)
    assert found.feature == "neighbouring isopropyl groups"


def test_a_stem_ending_on_as_is_refused() -> None:
    codes = {p.code for p in stem_problems("The compound shown is the strongest oxidant as.")}
    assert "dangling_word" in codes
