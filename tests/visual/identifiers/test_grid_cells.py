"""A grid of drawings in equal cells, labels on each row's baseline (RDKit's grid layout).

In such a grid a small drawing sits high in a tall cell, so its label is farther below it
than half its height; on the eighth blind corpus 29 of 84 compound labels were lost so
(BODIPY cores, electrolyte additives, MOF linkers). Ethylene sulfate, drawn as short
bonds between its atom symbols, was also taken for text.
"""

from __future__ import annotations

from rdkit import Chem
from rdkit.Chem import Draw, rdDepictor

from chemx.visual.classes import FigureClass
from chemx.visual.identifiers._ocr_candidates import free_below
from chemx.visual.identifiers.ocr import OcrIdentifierExtractor
from chemx.visual.segmentation.classical import ClassicalSegmenter

GRID = {
    "1": "COS(=O)(=O)OC",  # dimethyl sulfate: all its bonds short and slanted
    "2": "c1ccccc1C(=O)O",
    "3": "CC(C)(C)c1ccc(cc1)C(=O)NCCN1CCOCC1",  # long: fills its cell
    "4": "O=C1OCCO1",
    "5": "Cc1ccc(O)cc1",
    "6": "CN1CCN(CC1)c1ccc(cc1)C(=O)Nc1ccccc1",
}


def _grid():  # type: ignore[no-untyped-def]
    # CoordGen depictions, as the blind corpus drew them (dimethyl sulfate as a zigzag);
    # RDKit's preference is process-wide, so it is set here and put back
    before = rdDepictor.GetPreferCoordGen()
    rdDepictor.SetPreferCoordGen(True)
    try:
        molecules = [Chem.MolFromSmiles(smiles) for smiles in GRID.values()]
        for molecule in molecules:
            rdDepictor.Compute2DCoords(molecule)
        return Draw.MolsToGridImage(
            molecules, molsPerRow=3, subImgSize=(320, 280), legends=list(GRID)
        ).convert("RGB")
    finally:
        rdDepictor.SetPreferCoordGen(before)


def test_every_cell_of_a_grid_reads_its_own_label() -> None:
    image = _grid()
    segmentation = ClassicalSegmenter().segment(image, FigureClass.MULTIPLE_MOLECULES)
    assert len(segmentation.crops) == len(GRID)
    results = OcrIdentifierExtractor().identify(image, segmentation.crops, segmentation)
    read = {result.identifier for result in results}
    assert read == set(GRID), [
        (c.box, r.identifier, r.reason) for c, r in zip(segmentation.crops, results, strict=True)
    ]


def test_the_free_space_below_a_drawing_ends_at_the_next_drawing_in_its_column() -> None:
    crop = (10, 10, 60, 50)
    below = (20, 120, 80, 160)
    beside = (200, 60, 260, 90)  # not in the column
    assert free_below(crop, [crop, below, beside], 400) == 70
    assert free_below(crop, [crop], 400) == 150  # capped
    assert free_below(crop, [crop], 90) == 40  # the figure's edge
