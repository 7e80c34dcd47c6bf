"""A salt drawn as two ions is one compound: its counter-ion joins the labelled ion."""

from __future__ import annotations

import pytest

from chemx.geometry import gap
from chemx.records import StructureRole
from chemx.visual.ion_pairs import (
    IonPair,
    counter_ion_candidates,
    find_salts,
    ion_pairs,
    net_charge,
)
from chemx.visual.segmentation._base import Crop

CATION = "CCCC[n+]1ccn(C)c1"
BF4 = "F[B-](F)(F)F"
TFSI = "O=S(=O)([N-]S(=O)(=O)C(F)(F)F)C(F)(F)F"
NEUTRAL = "c1ccccc1"


def test_gap_is_edge_to_edge() -> None:
    assert gap((0, 0, 10, 10), (5, 5, 20, 20)) == 0
    assert gap((0, 0, 10, 10), (10, 30, 20, 40)) == 20
    assert gap((0, 0, 10, 10), (13, 14, 20, 20)) == 5


def test_an_anion_just_above_its_cation_belongs_to_it() -> None:
    # an ionic-liquid grid: anion over cation, the label under the cation, two columns
    boxes = [(100, 0, 260, 110), (40, 120, 200, 170), (480, 0, 640, 110), (420, 120, 580, 170)]
    labelled = [False, True, False, True]
    assert counter_ion_candidates(boxes, labelled) == {0: 1, 2: 3}


def test_a_drawing_far_from_every_label_or_between_two_is_no_ones() -> None:
    far = [(0, 0, 100, 50), (0, 300, 100, 350)]
    assert counter_ion_candidates(far, [True, False]) == {}
    between = [(0, 0, 100, 50), (120, 0, 220, 50), (240, 0, 340, 50)]
    assert counter_ion_candidates(between, [True, False, True]) == {}


def test_ions_of_different_reaction_steps_stay_apart() -> None:
    boxes = [(0, 0, 100, 50), (0, 60, 100, 110)]
    assert counter_ion_candidates(boxes, [True, False], [0, 1]) == {}


@pytest.mark.parametrize(
    ("smiles", "charge"), [(CATION, 1), (BF4, -1), (NEUTRAL, 0), ("[Cl-]", -1), ("C1C(", None)]
)
def test_net_charge(smiles: str, charge: int | None) -> None:
    assert net_charge(smiles) == charge


def test_only_opposite_charges_join_and_only_towards_neutral() -> None:
    owners = {1: 0, 2: 0, 4: 3, 6: 5}
    charges = {0: 1, 1: -1, 2: -1, 3: 0, 4: -1, 5: 2, 6: -1}
    # the monocation takes one anion, not two; a neutral compound takes none; a dication
    # takes its one candidate anion
    assert ion_pairs(owners, charges) == [IonPair(0, (1,)), IonPair(5, (6,))]
    assert ion_pairs({1: 0}, {0: 1, 1: 1}) == []  # two cations are no salt
    assert ion_pairs({1: 0}, {0: 1, 1: None}) == []  # an unread neighbour is left alone


def _crop(box: tuple[int, int, int, int]) -> Crop:
    return Crop(box, StructureRole.MOLECULE, "classical-cc")


def test_find_salts_joins_the_boxes_and_the_readings() -> None:
    crops = {
        0: _crop((100, 0, 260, 110)),
        1: _crop((40, 120, 200, 170)),
        2: _crop((0, 400, 50, 450)),
    }
    readings = {0: TFSI, 1: CATION, 2: NEUTRAL}
    asked: list[int] = []

    def read(index: int) -> str | None:
        asked.append(index)
        return readings[index]

    salts = find_salts(crops, {1, 2}, read)
    assert set(salts) == {1} and sorted(asked) == [0, 1]  # the lone drawing is not read
    salt = salts[1]
    assert salt.counter_ions == (0,)
    assert salt.crop.box == (40, 0, 260, 170) and salt.crop.role is StructureRole.MOLECULE
    assert salt.reading.source == "osra-ion-pair"
    assert sorted(salt.reading.text.split(".")) == sorted(
        [net_charge_canonical(CATION), net_charge_canonical(TFSI)]
    )


def test_find_salts_leaves_a_neutral_neighbour_as_it_was() -> None:
    crops = {0: _crop((100, 0, 260, 110)), 1: _crop((40, 120, 200, 170))}
    assert find_salts(crops, {1}, {0: NEUTRAL, 1: CATION}.get) == {}


def net_charge_canonical(smiles: str) -> str:
    from chemx.visual.ocsr import canonical_smiles

    canonical = canonical_smiles(smiles)
    assert canonical is not None
    return canonical
