"""Figures with known labels for the identifier tests (RDKit drawings, DejaVu labels)."""

from __future__ import annotations

import io
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import matplotlib
import numpy as np
from PIL import Image, ImageDraw, ImageFont

from chemx.records import Box, StructureRole
from chemx.visual.segmentation._base import Crop

REPO = Path(__file__).resolve().parents[3]
SAMPLE = REPO / "chemx" / "data" / "sample"
FONTS = Path(matplotlib.get_data_path()) / "fonts" / "ttf"


def chemistry_figures(gold: dict[str, Any]) -> list[dict[str, Any]]:
    return [f for p in gold["papers"] for f in p["figures"] if f["class"] != "non_chemistry"]


def gold_crops(figure: dict[str, Any]) -> list[Crop]:
    return [Crop(tuple(s["box"]), StructureRole.MOLECULE, "gold") for s in figure["structures"]]


def molecule(smiles: str, bond: float = 26.0) -> Image.Image:
    """A black-and-white RDKit drawing cropped to its ink."""
    from rdkit import Chem
    from rdkit.Chem import rdDepictor
    from rdkit.Chem.Draw import rdMolDraw2D

    mol = Chem.MolFromSmiles(smiles)
    rdDepictor.Compute2DCoords(mol)
    drawer = rdMolDraw2D.MolDraw2DCairo(600, 500)
    options: Any = drawer.drawOptions()
    options.useBWAtomPalette()
    options.fixedBondLength = bond
    options.bondLineWidth = 2
    rdMolDraw2D.PrepareAndDrawMolecule(drawer, mol)
    drawer.FinishDrawing()
    return crop_to_ink(Image.open(io.BytesIO(drawer.GetDrawingText())).convert("RGB"))


def text_image(text: str, size: int = 22, *, bold: bool = True) -> Image.Image:
    face = ImageFont.truetype(
        str(FONTS / ("DejaVuSans-Bold.ttf" if bold else "DejaVuSans.ttf")), size
    )
    x0, y0, x1, y1 = face.getbbox(text)
    image = Image.new("RGB", (int(x1 - x0) + 10, int(y1 - y0) + 10), "white")
    ImageDraw.Draw(image).text((5 - x0, 5 - y0), text, font=face, fill="black")
    return crop_to_ink(image)


def crop_to_ink(image: Image.Image) -> Image.Image:
    dark = np.asarray(image.convert("L")) < 250
    rows, cols = np.flatnonzero(dark.any(axis=1)), np.flatnonzero(dark.any(axis=0))
    return image.crop((int(cols[0]), int(rows[0]), int(cols[-1]) + 1, int(rows[-1]) + 1))


@dataclass
class Placed:
    """A figure under construction: paste parts, remember where each one landed."""

    image: Image.Image

    def paste(self, part: Image.Image, x: int, y: int) -> Box:
        self.image.paste(part, (x, y))
        return (x, y, x + part.width, y + part.height)


def canvas(width: int, height: int) -> Placed:
    return Placed(Image.new("RGB", (width, height), "white"))


def crops_for(boxes: Sequence[Box]) -> list[Crop]:
    return [Crop(box, StructureRole.MOLECULE, "test") for box in boxes]
