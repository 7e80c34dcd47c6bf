"""Synthetic training figures for the figure classifier.

Pretrained weights cannot be downloaded here, so the ResNet-50 is trained from scratch
on figures rendered on the fly: RDKit drawings of real molecules (the NCI and ChEMBL
sets that ship inside RDKit) laid out as single structures, grids, irregular groups and
reaction schemes, and matplotlib plots, spectra, micrograph- and photo-like textures,
gels, schematics and tables as the non-chemistry class. Every knob a journal varies is
randomised: fonts, bond widths, sizes, rotation, label styles, arrows, condition text,
noise, blur and JPEG artefacts. The molecules of the embedded sample corpus are never
used here, so measuring on the sample gold is a fair test.

`layouts=LAYOUT_KINDS` (from `chemx.devkit.synthetic_layouts`) adds the chemistry
layouts real papers print and the classic set never drew: DFT energy profiles with drawn
intermediates, ruled structure tables, annotated panels.

`negatives=REAL_NEGATIVES` adds what real chemistry papers print beside their structures
and a classifier trained on the classic set took for chemistry: ECD/CD spectra,
dose-response and bar charts, ORTEP ellipsoids and crystal packing from RDKit 3-D
coordinates, ball-and-stick models, surfaces and density maps, protein cartoons,
photo-like textures and TOC-art collages; all procedural, from the same seeded stream.
The default (`CLASSIC_NEGATIVES`) draws exactly what the first checkpoint saw.

Long module: one `SyntheticRenderer` draws every layout from one seeded random stream,
so a training set is reproduced from its seed; split, the layouts would share that state
across modules.
"""

from __future__ import annotations

import io
import itertools
import math
import random
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any, ClassVar

import numpy as np
from PIL import Image, ImageDraw, ImageFilter

from chemx.devkit import synthetic_layouts
from chemx.devkit.synthetic_canvas import Canvas, font_paths, random_font
from chemx.ink import ink_mask
from chemx.records import Box
from chemx.visual.classes import FigureClass

_Part = tuple[Image.Image, Image.Image | None]
"""A molecule drawing and its label image (None when unlabelled)."""


@dataclass(frozen=True)
class SyntheticFigure:
    """A rendered figure, its class and the boxes of the structures drawn in it."""

    image: Image.Image
    figure_class: FigureClass
    structure_boxes: tuple[Box, ...]


@cache
def smiles_pool() -> tuple[str, ...]:
    """Real molecules shipped inside RDKit (NCI first 5K, ChEMBL actives, CDK2 ligands)."""
    from rdkit import Chem, RDConfig, RDLogger

    RDLogger.DisableLog("rdApp.*")  # type: ignore[attr-defined]  # bundled files hold bad valences

    files = [
        Path(RDConfig.RDDataDir) / "NCI" / "first_5K.smi",
        Path(RDConfig.RDContribDir) / "fraggle" / "data" / "ChEMBL_11265_actives.smi",
        Path(RDConfig.RDContribDir) / "Fastcluster" / "cdk2.smi",
    ]
    pool: list[str] = []
    for path in files:
        if not path.exists():
            continue
        for line in path.read_text().splitlines():
            for smiles in line.split()[:2]:  # some files put the name first
                molecule = Chem.MolFromSmiles(smiles)
                if molecule is not None and 6 <= molecule.GetNumHeavyAtoms() <= 45:
                    pool.append(smiles)
                    break
    if not pool:
        raise RuntimeError("RDKit's bundled SMILES files were not found; reinstall rdkit")
    return tuple(pool)


CROP_INK_LEVEL = 235
"""A drawing is cropped to pixels darker than this: the faint anti-aliasing halo around
RDKit's strokes stays outside the box."""


def _ink_box(image: Image.Image, threshold: int = CROP_INK_LEVEL) -> Box | None:
    ys, xs = np.nonzero(ink_mask(image, level=threshold))
    if len(xs) == 0:
        return None
    return int(xs.min()), int(ys.min()), int(xs.max()) + 1, int(ys.max()) + 1


def draw_molecule(smiles: str, rng: random.Random, scale: float = 1.0) -> Image.Image:
    """Draw one molecule with randomised style and return it cropped to its ink."""
    from rdkit import Chem
    from rdkit.Chem.Draw import rdMolDraw2D

    molecule = Chem.MolFromSmiles(smiles)
    atoms = molecule.GetNumHeavyAtoms()
    side = int((90 + 14 * math.sqrt(atoms) * 6) * scale * rng.uniform(0.7, 1.3))
    width, height = side, int(side * rng.uniform(0.65, 1.0))
    drawer = rdMolDraw2D.MolDraw2DCairo(width, height)
    options: Any = drawer.drawOptions()
    options.bondLineWidth = rng.choice([1, 1.5, 2, 2, 2.5, 3, 4])
    options.rotate = rng.uniform(0, 360) if rng.random() < 0.7 else 0
    options.padding = 0.05
    options.minFontSize = rng.randint(9, 14)
    options.maxFontSize = options.minFontSize + rng.randint(2, 12)
    options.fontFile = rng.choice(font_paths())
    if rng.random() < 0.55:  # journals print both black-only and coloured heteroatoms
        options.useBWAtomPalette()
    options.comicMode = rng.random() < 0.05
    options.explicitMethyl = rng.random() < 0.15
    options.addStereoAnnotation = rng.random() < 0.1
    rdMolDraw2D.PrepareAndDrawMolecule(drawer, molecule)
    drawer.FinishDrawing()
    image = Image.open(io.BytesIO(drawer.GetDrawingText())).convert("RGB")
    box = _ink_box(image)
    return image.crop(box) if box else image


def _label_text(rng: random.Random) -> str:
    number = rng.choice([str(rng.randint(1, 30)), str(rng.randint(1, 9))])
    suffix = rng.choice(["", "", "a", "b", "c", "d", "e", "f", "g", "h"])
    label = number + suffix
    roll = rng.random()
    if roll < 0.08:
        label = f"({rng.choice('RS')})-{label}"
    elif roll < 0.14:
        label = f"compound {label}"
    elif roll < 0.2:
        label = f"{label}, {rng.randint(35, 99)}%"
    return label


def _conditions_text(rng: random.Random) -> list[str]:
    reagents = [
        "Pd(OAc)2 (5 mol%)",
        "K2CO3, DMF",
        "CuI, L1",
        "NaH, THF, 0 °C",
        "TFA/DCM",
        "hv (450 nm)",
        "Ir-cat. (1 mol%)",
        "LiAlH4",
        "DIBAL-H, –78 °C",
        "Et3N, MeCN",
        "H2, Pd/C",
        "mCPBA",
        "BBr3",
        "80 °C, 12 h",
        "rt, 3 h",
        "then HCl",
        "NBS, MeCN",
        "Grubbs II",
        "KOtBu, toluene",
        "air, 24 h",
        "DMAP (10 mol%)",
        "AcOH, reflux",
        "Br2, pyridine",
        "DME/H2O",
        "0-5 °C",
        "LiBH4, THF/H2O",
        "48% aq. HBr",
        "IPA, 55 °C",
        "DIPEA",
        "pinacol (3 equiv)",
        "toluene, 100 °C",
        "(1.4 equiv)",
    ]
    lines = rng.sample(reagents, rng.randint(0, 4))
    if rng.random() < 0.4:  # yields printed on the arrow
        lines.append(f"{rng.randint(30, 99)}%")
    return lines


NEGATIVE_KINDS: dict[str, str] = {
    "plot": "_plot",
    "spectrum": "_spectrum",
    "micrograph": "_micrograph",
    "photo": "_photo",
    "gel": "_gel",
    "schematic": "_schematic",
    "table": "_table",
    "ecd_spectrum": "_ecd_spectrum",
    "dose_response": "_dose_response",
    "bar_chart": "_bar_chart",
    "ortep": "_ortep",
    "crystal_packing": "_crystal_packing",
    "ball_and_stick": "_ball_and_stick",
    "surface_map": "_surface_map",
    "protein_cartoon": "_protein_cartoon",
    "photo_texture": "_photo_texture",
    "toc_art": "_toc_art",
    "multi_panel": "_multi_panel",
}
"""Every kind of synthetic non-chemistry picture, by name."""
CLASSIC_NEGATIVES: tuple[str, ...] = (
    "plot", "plot", "plot", "spectrum", "spectrum", "micrograph", "photo", "gel", "schematic",
    "table",
)  # fmt: skip
"""The first checkpoint's negatives, drawn uniformly from this list (repeats weigh a kind);
kept as they were so that the default training set is reproduced from its seed."""
REAL_NEGATIVES: tuple[str, ...] = (
    *CLASSIC_NEGATIVES,
    "ecd_spectrum", "ecd_spectrum", "dose_response", "dose_response", "bar_chart",
    "bar_chart", "ortep", "ortep", "crystal_packing", "ball_and_stick", "ball_and_stick",
    "surface_map", "surface_map", "protein_cartoon", "protein_cartoon", "photo_texture",
    "toc_art", "toc_art", "multi_panel", "multi_panel", "multi_panel", "multi_panel",
)  # fmt: skip
"""The classic negatives plus what real chemistry papers print beside their structures
and the first checkpoint accepted as chemistry (measured on the real-PDF gold)."""
LOOKALIKE_NEGATIVES: tuple[str, ...] = (
    *CLASSIC_NEGATIVES,
    "ecd_spectrum", "ecd_spectrum", "dose_response", "dose_response", "bar_chart",
    "bar_chart", "ortep", "ortep", "crystal_packing", "ball_and_stick", "ball_and_stick",
)  # fmt: skip
"""The classic negatives plus the line-drawn pictures a 2-D structure can be mistaken for
(and the reverse): chiroptical spectra, dose-response and bar charts, ORTEP, packing and
ball-and-stick views. Without the busy panels, TOC art and textures of `REAL_NEGATIVES`,
which on the real gold also pulled coloured schemes towards non-chemistry."""


def _hue_to_rgb(hue: float) -> tuple[float, float, float]:
    import colorsys

    return colorsys.hsv_to_rgb(hue % 1.0, 0.75, 0.9)


class SyntheticRenderer:
    """Renders random figures of a requested class; the same seed gives the same figures."""

    def __init__(
        self,
        seed: int,
        pool: Sequence[str] | None = None,
        negatives: Sequence[str] = CLASSIC_NEGATIVES,
        layouts: Sequence[str] = (),
    ) -> None:
        unknown = sorted(set(negatives) - set(NEGATIVE_KINDS))
        if unknown or not negatives:
            raise ValueError(
                f"negatives {unknown or '(empty)'}: not synthetic negative kinds; "
                f"known: {', '.join(NEGATIVE_KINDS)}"
            )
        unknown = sorted(set(layouts) - set(synthetic_layouts.LAYOUT_KINDS))
        if unknown:
            raise ValueError(
                f"layouts {unknown}: not synthetic layouts; known: "
                f"{', '.join(synthetic_layouts.LAYOUT_KINDS)}"
            )
        self.layouts = tuple(layouts)
        self.rng = random.Random(seed)
        self.np_rng = np.random.default_rng(seed)
        self.pool = tuple(pool) if pool is not None else smiles_pool()
        self.negatives = tuple(negatives)

    def render(self, figure_class: FigureClass) -> SyntheticFigure:
        """One figure of the class, augmented like a journal page would be."""
        makers = {
            FigureClass.SINGLE_MOLECULE: self._single,
            FigureClass.MULTIPLE_MOLECULES: self._multiple,
            FigureClass.REACTION_SCHEME: self._reaction,
            FigureClass.NON_CHEMISTRY: self._non_chemistry,
        }
        image, boxes = self._frame(*makers[figure_class]())
        return SyntheticFigure(self._degrade(image), figure_class, tuple(boxes))

    # -- chemistry -------------------------------------------------------------------

    def _molecule(self, scale: float = 1.0) -> Image.Image:
        return draw_molecule(self.rng.choice(self.pool), self.rng, scale)

    def _labelled(self, scale: float, with_label: bool, yield_line: bool = False) -> _Part:
        molecule = self._molecule(scale)
        if not with_label:
            return molecule, None
        font = random_font(self.rng, self.rng.randint(14, 30))
        text = _label_text(self.rng)
        if yield_line:  # substrate-scope tables print time and yield under the label
            text = f"{text}\n{self.rng.randint(1, 24)} h, {self.rng.randint(0, 99)}% yield"
        probe = ImageDraw.Draw(Image.new("RGB", (1, 1)))
        left, top, right, bottom = (
            int(v) for v in probe.multiline_textbbox((0, 0), text, font=font)
        )
        label = Image.new("RGB", (right - left + 2, bottom - top + 2), "white")
        ImageDraw.Draw(label).multiline_text(
            (-left + 1, -top + 1), text, fill="black", font=font, align="center"
        )
        return molecule, label

    def _single(self) -> tuple[Image.Image, list[Box]]:
        molecule, label = self._labelled(self.rng.uniform(0.9, 2.2), self.rng.random() < 0.7)
        margin = self.rng.randint(5, 120)
        gap = self.rng.randint(4, 20)
        label_h = (label.height + gap) if label else 0
        width = max(molecule.width, label.width if label else 0) + 2 * margin
        canvas = Canvas(width, molecule.height + label_h + 2 * margin)
        canvas.paste(molecule, (width - molecule.width) // 2, margin)
        if label:
            canvas.paste(label, (width - label.width) // 2, margin + molecule.height + gap, False)
        return canvas.image, canvas.boxes

    def _multiple(self) -> tuple[Image.Image, list[Box]]:
        # opt-in layouts draw from the stream only when enabled: the default set is unchanged
        if "structure_table" in self.layouts and self.rng.random() < 0.3:
            return synthetic_layouts.structure_table(self)
        if "annotated_panels" in self.layouts and self.rng.random() < 0.2:
            return synthetic_layouts.annotated_panels(self)
        count = self.rng.randint(2, 12)
        scale = self.rng.uniform(0.6, 1.2)
        with_labels = self.rng.random() < 0.85
        parts = [
            self._labelled(scale * self.rng.uniform(0.8, 1.2), with_labels) for _ in range(count)
        ]
        gap = self.rng.randint(20, 70)
        if self.rng.random() < 0.6:
            return self._grid(parts, gap)
        return self._scatter(parts, gap)

    @staticmethod
    def _cell(part: _Part) -> tuple[int, int]:
        molecule, label = part
        width = max(molecule.width, label.width if label else 0)
        return width, molecule.height + (label.height + 10 if label else 0)

    def _place(self, canvas: Canvas, part: _Part, x: int, y: int, cell_w: int) -> None:
        molecule, label = part
        canvas.paste(molecule, x + (cell_w - molecule.width) // 2, y)
        if label:
            canvas.paste(label, x + (cell_w - label.width) // 2, y + molecule.height + 10, False)

    def _grid(self, parts: list[_Part], gap: int) -> tuple[Image.Image, list[Box]]:
        columns = self.rng.randint(2, min(4, len(parts))) if len(parts) > 2 else len(parts)
        rows = math.ceil(len(parts) / columns)
        cells = [self._cell(part) for part in parts]
        cell_w = max(w for w, _ in cells)
        cell_h = max(h for _, h in cells)
        margin = self.rng.randint(10, 40)
        canvas = Canvas(
            columns * cell_w + (columns - 1) * gap + 2 * margin,
            rows * cell_h + (rows - 1) * gap + 2 * margin,
        )
        for index, part in enumerate(parts):
            row, column = divmod(index, columns)
            self._place(
                canvas,
                part,
                margin + column * (cell_w + gap),
                margin + row * (cell_h + gap),
                cell_w,
            )
        return canvas.image, canvas.boxes

    def _scatter(self, parts: list[_Part], gap: int) -> tuple[Image.Image, list[Box]]:
        cells = [self._cell(part) for part in parts]
        area = sum((w + gap) * (h + gap) for w, h in cells) * self.rng.uniform(1.6, 2.6)
        width = int(
            max(max(w for w, _ in cells) + 2 * gap, math.sqrt(area * self.rng.uniform(1.0, 2.2)))
        )
        height = int(max(max(h for _, h in cells) + 2 * gap, area / width))
        canvas = Canvas(width, height)
        placed: list[Box] = []
        for part, (w, h) in zip(parts, cells, strict=True):
            for _ in range(200):
                x = self.rng.randint(0, max(0, width - w))
                y = self.rng.randint(0, max(0, height - h))
                box = (x - gap, y - gap, x + w + gap, y + h + gap)
                if all(
                    box[2] <= b[0] or b[2] <= box[0] or box[3] <= b[1] or b[3] <= box[1]
                    for b in placed
                ):
                    placed.append((x, y, x + w, y + h))
                    self._place(canvas, part, x, y, w)
                    break
        if len(canvas.boxes) < 2:
            return self._grid(parts, gap)
        return canvas.image, canvas.boxes

    def _reaction(self) -> tuple[Image.Image, list[Box]]:
        """A scheme as journals print them.

        Linear, wrapped over rows, a substrate-scope table under a template reaction, a
        reaction over an optimisation table, or a catalytic cycle.
        """
        if "energy_profile" in self.layouts and self.rng.random() < 0.25:
            return synthetic_layouts.energy_profile(self)
        variant = self.rng.choices(
            ["linear", "wrapped", "scope", "with_table", "cycle"], weights=[3, 3, 2, 2, 1]
        )[0]
        scale = self.rng.uniform(0.6, 1.1)
        with_labels = self.rng.random() < 0.85
        if variant == "cycle":
            return self._cycle(scale, with_labels)
        steps = self.rng.choice([1, 1, 2, 2, 3]) if variant in ("linear", "wrapped") else 1
        first = self._reaction_row(steps, scale, with_labels, starts_with_arrow=False)
        parts = [first]
        if variant == "wrapped":
            parts.append(
                self._reaction_row(
                    self.rng.choice([1, 2]), scale, with_labels, starts_with_arrow=True
                )
            )
        elif variant == "scope":
            products = [
                self._labelled(scale * 0.8, True, yield_line=True)
                for _ in range(self.rng.randint(3, 15))
            ]
            parts.append(self._grid(products, self.rng.randint(20, 50)))
        elif variant == "with_table":
            parts.append((self._table(), []))
        return self._stack(parts, rules=variant in ("scope", "with_table"))

    def _reaction_row(
        self, steps: int, scale: float, with_labels: bool, starts_with_arrow: bool
    ) -> tuple[Image.Image, list[Box]]:
        font = random_font(self.rng, self.rng.randint(12, 22))
        plus_font = random_font(self.rng, self.rng.randint(20, 34))
        line_width = self.rng.choice([1, 2, 2, 3])
        slots: list[_Part | str | list[str]] = []  # molecule, "+", or an arrow's conditions
        for step in range(steps):
            if step == 0 and not starts_with_arrow:
                for index in range(self.rng.choice([1, 1, 2])):
                    slots.extend(["+"] if index else [])
                    slots.append(self._labelled(scale, with_labels))
            slots.append(_conditions_text(self.rng))
            for index in range(self.rng.choice([1, 1, 2])):
                slots.extend(["+"] if index else [])
                slots.append(self._labelled(scale, with_labels))
        gap = self.rng.randint(18, 40)
        arrow_length = self.rng.randint(90, 220)
        sizes: list[tuple[int, int]] = []
        for slot in slots:
            if isinstance(slot, tuple):
                sizes.append(self._cell(slot))
            elif isinstance(slot, str):
                sizes.append((30, 30))
            else:
                text_w = max((int(font.getlength(text)) for text in slot), default=0)
                sizes.append((max(arrow_length, text_w + 20), 40 + 48 * max(1, len(slot))))
        margin = self.rng.randint(10, 40)
        row_h = max(h for _, h in sizes)
        width = sum(w for w, _ in sizes) + gap * (len(sizes) - 1) + 2 * margin
        canvas = Canvas(width, row_h + 2 * margin)
        x = margin
        middle = margin + row_h // 2
        for slot, (w, _) in zip(slots, sizes, strict=True):
            if isinstance(slot, tuple):
                top = middle - slot[0].height // 2
                self._place(canvas, slot, x, top, w)
                if self.rng.random() < 0.08:  # an intermediate in square brackets
                    self._brackets(canvas, x - 6, top - 6, x + w + 6, top + slot[0].height + 6)
            elif isinstance(slot, str):
                canvas.text((x + 4, middle - 18), "+", plus_font)
            else:
                canvas.arrow(x, middle, x + w, middle, line_width, self.rng.randint(8, 16))
                above = self.rng.randint(0, len(slot))
                for index, text in enumerate(slot):
                    text_x = int(x + (w - font.getlength(text)) / 2)
                    if index < above:
                        text_y = middle - 26 - 22 * (above - 1 - index)
                    else:
                        text_y = middle + 8 + 22 * (index - above)
                    canvas.text((text_x, text_y), text, font)
            x += w + gap
        return canvas.image, canvas.boxes

    @staticmethod
    def _brackets(canvas: Canvas, x0: int, y0: int, x1: int, y1: int) -> None:
        tick = 8
        for x, direction in ((x0, 1), (x1, -1)):
            canvas.draw.line((x, y0, x, y1), fill="black", width=2)
            canvas.draw.line((x, y0, x + direction * tick, y0), fill="black", width=2)
            canvas.draw.line((x, y1, x + direction * tick, y1), fill="black", width=2)

    def _cycle(self, scale: float, with_labels: bool) -> tuple[Image.Image, list[Box]]:
        """Molecules on a circle joined by curved arrows (a catalytic cycle)."""
        parts = [self._labelled(scale * 0.8, with_labels) for _ in range(self.rng.randint(3, 6))]
        cells = [self._cell(part) for part in parts]
        radius = int(max(max(w, h) for w, h in cells) * self.rng.uniform(1.1, 1.6))
        side = 2 * radius + max(max(w, h) for w, h in cells) + 60
        canvas = Canvas(side, side)
        centre = side // 2
        angles = [2 * math.pi * i / len(parts) - math.pi / 2 for i in range(len(parts))]
        for part, (w, h), angle in zip(parts, cells, angles, strict=True):
            x = int(centre + radius * math.cos(angle) - w / 2)
            y = int(centre + radius * math.sin(angle) - h / 2)
            self._place(canvas, part, x, y, w)
        arc = (
            centre - radius // 2,
            centre - radius // 2,
            centre + radius // 2,
            centre + radius // 2,
        )
        for angle in angles:
            degrees = math.degrees(angle)
            canvas.draw.arc(arc, degrees + 15, degrees + 55, fill="black", width=2)
        font = random_font(self.rng, self.rng.randint(12, 18))
        canvas.text(
            (centre - 30, centre - 8), self.rng.choice(["[M]", "Pd(0)", "Rh(III)", "cat."]), font
        )
        return canvas.image, canvas.boxes

    def _stack(
        self, parts: list[tuple[Image.Image, list[Box]]], rules: bool
    ) -> tuple[Image.Image, list[Box]]:
        """Parts one under another, centred, optionally separated by horizontal rules."""
        gap = self.rng.randint(20, 50)
        width = max(image.width for image, _ in parts)
        height = sum(image.height for image, _ in parts) + gap * (len(parts) - 1)
        canvas = Canvas(width, height)
        y = 0
        for index, (image, boxes) in enumerate(parts):
            x = (width - image.width) // 2
            canvas.paste(image, x, y, structure=False)
            canvas.boxes.extend((b[0] + x, b[1] + y, b[2] + x, b[3] + y) for b in boxes)
            y += image.height + gap
            if rules and index < len(parts) - 1:
                canvas.draw.line((0, y - gap // 2, width, y - gap // 2), fill="black", width=1)
        return canvas.image, canvas.boxes

    def _frame(self, image: Image.Image, boxes: list[Box]) -> tuple[Image.Image, list[Box]]:
        """A printed title ("Scheme 2. ...") and top/bottom rules, on any class of figure.

        Journals put these around schemes, tables and plots alike, so they must not
        become a cue for any one class.
        """
        title = self.rng.random() < 0.3
        rules = self.rng.random() < 0.3
        if not (title or rules):
            return image, boxes
        font = random_font(self.rng, self.rng.randint(14, 24))
        top = 40 if title else 8
        canvas = Canvas(image.width + 20, image.height + top + 16)
        canvas.paste(image, 10, top, structure=False)
        if title:
            words = ["Scheme", "Figure", "Table", "Chart"]
            text = f"{self.rng.choice(words)} {self.rng.randint(1, 9)}. " + self.rng.choice(
                [
                    "Synthesis of the ligands",
                    "Scope of the reaction",
                    "Proposed mechanism",
                    "Optimisation of conditions",
                    "Selected compounds",
                    "Results of the assay",
                ]
            )
            canvas.text((10, 6), text, font)
        if rules:
            canvas.draw.line((0, top - 4, canvas.image.width, top - 4), fill="black", width=1)
            bottom = canvas.image.height - 6
            canvas.draw.line((0, bottom, canvas.image.width, bottom), fill="black", width=1)
        return canvas.image, [(b[0] + 10, b[1] + top, b[2] + 10, b[3] + top) for b in boxes]

    # -- non-chemistry ---------------------------------------------------------------

    def _non_chemistry(self) -> tuple[Image.Image, list[Box]]:
        return self.render_negative(self.rng.choice(self.negatives)), []

    def _figure_to_image(self, figure: Any) -> Image.Image:
        import matplotlib.pyplot as plt

        buffer = io.BytesIO()
        figure.savefig(
            buffer, format="png", dpi=self.rng.choice([60, 80, 100]), metadata={"Software": None}
        )
        plt.close(figure)
        buffer.seek(0)
        return Image.open(buffer).convert("RGB")

    def _new_axes(self) -> tuple[Any, list[Any]]:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt

        rows, cols = self.rng.choice([(1, 1), (1, 1), (1, 2), (2, 2), (2, 1)])
        figure, axes = plt.subplots(
            rows, cols, figsize=(self.rng.uniform(3, 8), self.rng.uniform(2.5, 6))
        )
        return figure, list(np.atleast_1d(axes).ravel())

    def _plot(self) -> Image.Image:
        figure, axes = self._new_axes()
        for ax in axes:
            kind = self.rng.choice(["line", "scatter", "bar", "hist", "errorbar", "heatmap"])
            x = np.linspace(0, self.rng.uniform(5, 100), 40)
            if kind == "line":
                for _ in range(self.rng.randint(1, 4)):
                    ax.plot(
                        x,
                        self.np_rng.normal(0, 1, len(x)).cumsum(),
                        marker=self.rng.choice(["", "o", "s"]),
                    )
            elif kind == "scatter":
                ax.scatter(self.np_rng.normal(size=60), self.np_rng.normal(size=60), s=12)
            elif kind == "bar":
                n = self.rng.randint(3, 9)
                ax.bar(range(n), self.np_rng.uniform(1, 10, n), yerr=self.np_rng.uniform(0, 1, n))
            elif kind == "hist":
                ax.hist(self.np_rng.normal(size=300), bins=20)
            elif kind == "errorbar":
                ax.errorbar(x[:10], self.np_rng.uniform(0, 5, 10), yerr=0.4, fmt="o-")
            else:
                ax.imshow(
                    self.np_rng.normal(size=(12, 12)),
                    cmap=self.rng.choice(["viridis", "coolwarm", "gray"]),
                )
            ax.set_xlabel(
                self.rng.choice(["Time (h)", "Concentration (µM)", "Age", "Dose", "T (K)"])
            )
            ax.set_ylabel(self.rng.choice(["Yield (%)", "Response", "Intensity", "Rate", "Count"]))
        return self._figure_to_image(figure)

    def _spectrum(self) -> Image.Image:
        figure, axes = self._new_axes()
        for ax in axes:
            style = self.rng.choice(["ir", "nmr", "ms", "uv"])
            if style == "ir":
                x = np.linspace(4000, 500, 800)
                y = 95 - sum(
                    self.np_rng.uniform(10, 60)
                    * np.exp(-(((x - c) / self.np_rng.uniform(5, 40)) ** 2))
                    for c in self.np_rng.uniform(600, 3500, 8)
                )
                ax.plot(x, y, lw=1)
                ax.invert_xaxis()
                ax.set_xlabel("Wavenumber (cm$^{-1}$)")
            elif style == "nmr":
                x = np.linspace(0, 10, 2000)
                y = sum(
                    self.np_rng.uniform(0.2, 1) * np.exp(-(((x - c) / 0.01) ** 2))
                    for c in self.np_rng.uniform(0.5, 9.5, 12)
                )
                ax.plot(x, y, lw=0.8, color="black")
                ax.invert_xaxis()
                ax.set_xlabel("δ (ppm)")
            elif style == "ms":
                mz = self.np_rng.uniform(50, 600, 25)
                ax.vlines(mz, 0, self.np_rng.uniform(0, 100, 25))
                ax.set_xlabel("m/z")
            else:
                x = np.linspace(250, 700, 300)
                for _ in range(self.rng.randint(1, 4)):
                    ax.plot(x, np.exp(-(((x - self.np_rng.uniform(300, 600)) / 40) ** 2)))
                ax.set_xlabel("Wavelength (nm)")
        return self._figure_to_image(figure)

    def _micrograph(self) -> Image.Image:
        size = (self.rng.randint(200, 700), self.rng.randint(200, 600))
        field = self.np_rng.normal(0, 1, (size[1] // 4, size[0] // 4))
        image = Image.fromarray(np.uint8(np.clip(128 + 60 * field, 0, 255))).resize(
            size, Image.Resampling.BICUBIC
        )
        image = image.filter(ImageFilter.GaussianBlur(self.rng.uniform(1, 4)))
        tint = self.rng.choice([(0, 1, 0), (0, 0, 1), (1, 0, 0), (1, 1, 1), (1, 0, 1)])
        array = np.asarray(image, dtype=np.float32)[..., None] * np.array(tint, dtype=np.float32)
        rgb = Image.fromarray(np.uint8(np.clip(array, 0, 255)))
        draw = ImageDraw.Draw(rgb)
        draw.rectangle(
            (size[0] - 80, size[1] - 20, size[0] - 20, size[1] - 15), fill="white"
        )  # scale bar
        return rgb

    def _photo(self) -> Image.Image:
        width, height = self.rng.randint(250, 800), self.rng.randint(200, 600)
        gradient = np.linspace(0, 1, width)[None, :, None] * self.np_rng.uniform(0, 255, 3)
        base = np.broadcast_to(gradient, (height, width, 3)) + self.np_rng.normal(
            0, 18, (height, width, 3)
        )
        image = Image.fromarray(np.uint8(np.clip(base, 0, 255)))
        draw = ImageDraw.Draw(image)
        for _ in range(self.rng.randint(2, 8)):
            x, y = self.rng.randint(0, width), self.rng.randint(0, height)
            r = self.rng.randint(10, 120)
            colour = tuple(int(v) for v in self.np_rng.integers(0, 255, 3))
            draw.ellipse((x - r, y - r, x + r, y + r), fill=colour)
        return image.filter(ImageFilter.GaussianBlur(self.rng.uniform(0.5, 3)))

    def _gel(self) -> Image.Image:
        lanes, width, height = (
            self.rng.randint(4, 12),
            self.rng.randint(250, 600),
            self.rng.randint(150, 400),
        )
        image = Image.new("L", (width, height), self.rng.randint(180, 240))
        draw = ImageDraw.Draw(image)
        lane_w = width // (lanes + 1)
        for lane in range(lanes):
            for _ in range(self.rng.randint(1, 5)):
                y = self.rng.randint(10, height - 10)
                x = lane_w // 2 + lane * lane_w
                draw.rectangle(
                    (x, y, x + lane_w - 8, y + self.rng.randint(3, 8)),
                    fill=self.rng.randint(0, 120),
                )
        return image.filter(ImageFilter.GaussianBlur(1.5)).convert("RGB")

    def _schematic(self) -> Image.Image:
        canvas = Canvas(self.rng.randint(300, 900), self.rng.randint(200, 600))
        font = random_font(self.rng, self.rng.randint(12, 20))
        words = [
            "Sample",
            "Extraction",
            "LC-MS",
            "Analysis",
            "Cells",
            "Treatment",
            "Model",
            "Input",
            "Output",
            "Filter",
            "Database",
            "Screening",
            "Hit",
            "Assay",
        ]
        centres = []
        for _ in range(self.rng.randint(3, 7)):
            x, y = (
                self.rng.randint(60, canvas.image.width - 120),
                self.rng.randint(30, canvas.image.height - 60),
            )
            canvas.draw.rectangle(
                (x, y, x + 100, y + 40),
                outline="black",
                width=2,
                fill=self.rng.choice(["white", "#dde", "#ede", "#eed"]),
            )
            canvas.text((x + 8, y + 10), self.rng.choice(words), font)
            centres.append((x + 50, y + 20))
        for (x0, y0), (x1, y1) in itertools.pairwise(centres):
            canvas.arrow(x0, y0, x1, y1, 2, 10)
        return canvas.image

    def _table(self) -> Image.Image:
        rows, cols = self.rng.randint(4, 12), self.rng.randint(3, 7)
        font = random_font(self.rng, self.rng.randint(11, 16))
        canvas = Canvas(cols * 90 + 20, rows * 24 + 30)
        for row in range(rows):
            for col in range(cols):
                text = (
                    f"{self.np_rng.uniform(0, 100):.1f}"
                    if row
                    else self.rng.choice(["Entry", "Yield", "ee (%)", "Time", "Solvent", "Temp"])
                )
                canvas.text((10 + col * 90, 10 + row * 24), text, font)
        canvas.draw.line((5, 32, canvas.image.width - 5, 32), fill="black", width=1)
        return canvas.image

    # -- real-looking negatives (`negatives=REAL_NEGATIVES`) ----------------------------
    # What journals print beside their structure drawings and a classifier trained on the
    # classic set above took for chemistry: chiroptical spectra, dose-response and bar
    # charts, ORTEP and packing views, 3-D models, surfaces, protein cartoons, photos and
    # TOC art. Each is drawn from the renderer's own random stream.

    def render_negative(self, kind: str) -> Image.Image:
        """One non-chemistry picture of a named kind (a key of `NEGATIVE_KINDS`)."""
        if kind not in NEGATIVE_KINDS:
            raise ValueError(
                f"unknown synthetic negative {kind!r}; known: {', '.join(NEGATIVE_KINDS)}"
            )
        return getattr(self, NEGATIVE_KINDS[kind])()

    def _ecd_spectrum(self) -> Image.Image:
        figure, axes = self._new_axes()
        x = np.linspace(self.rng.uniform(190, 220), self.rng.uniform(350, 450), 400)
        for ax in axes:
            bands = [
                (self.np_rng.uniform(x[0] + 10, x[-1] - 20), self.np_rng.uniform(-30, 30))
                for _ in range(self.rng.randint(2, 5))
            ]
            for index in range(self.rng.randint(1, 4)):
                shift = self.np_rng.normal(0, 6)
                sign = -1 if index == 2 else 1  # an enantiomer's mirror curve
                y = sign * sum(
                    a * np.exp(-(((x - c - shift) / self.np_rng.uniform(8, 25)) ** 2))
                    for c, a in bands
                )
                ax.plot(x, y, lw=self.rng.uniform(0.8, 2), ls=self.rng.choice(["-", "--", ":"]))
            ax.axhline(0, color="black", lw=0.6)
            ax.set_xlabel("Wavelength (nm)")
            ax.set_ylabel(self.rng.choice(["Δε", "CD (mdeg)", "Δε (M$^{-1}$cm$^{-1}$)"]))
            if self.rng.random() < 0.6:
                ax.legend([self.rng.choice(["exptl", "calcd", "ECD of 1", "1", "(7S)-1a"])])
        return self._figure_to_image(figure)

    def _dose_response(self) -> Image.Image:
        figure, axes = self._new_axes()
        for ax in axes:
            log_c = np.linspace(-11, -4, self.rng.randint(7, 12))
            for _ in range(self.rng.randint(1, 4)):
                ec50 = self.np_rng.uniform(-9.5, -6)
                hill = self.np_rng.uniform(0.6, 1.8)
                top = self.np_rng.uniform(60, 120)
                y = top / (1 + 10 ** ((ec50 - log_c) * hill))
                fine = np.linspace(log_c[0], log_c[-1], 200)
                (line,) = ax.plot(fine, top / (1 + 10 ** ((ec50 - fine) * hill)))
                ax.errorbar(
                    log_c,
                    y + self.np_rng.normal(0, 4, len(y)),
                    yerr=self.np_rng.uniform(2, 9, len(y)),
                    fmt=self.rng.choice(["o", "s", "^"]),
                    color=line.get_color(),
                    capsize=2,
                )
            ax.set_xlabel(self.rng.choice(["log [agonist] (M)", "log[compound] (M)", "Log C"]))
            ax.set_ylabel(
                self.rng.choice(["% of max response", "cAMP (% forskolin)", "Inhibition (%)"])
            )
        return self._figure_to_image(figure)

    def _bar_chart(self) -> Image.Image:
        figure, axes = self._new_axes()
        for ax in axes:
            groups, series = self.rng.randint(2, 7), self.rng.randint(1, 4)
            width = 0.8 / series
            for s in range(series):
                heights = self.np_rng.uniform(0.5, 10, groups)
                ax.bar(
                    np.arange(groups) + s * width,
                    heights,
                    width,
                    yerr=self.np_rng.uniform(0, 1.2, groups),
                    capsize=2,
                    hatch=self.rng.choice(["", "", "//", ".."]),
                    edgecolor="black",
                )
                for g in range(groups):
                    if self.rng.random() < 0.3:
                        mark = self.rng.choice(["*", "**", "***", "##", "ns"])
                        ax.text(g + s * width, heights[g] + 1.3, mark, ha="center", fontsize=8)
            names = ["Ctrl", "TGFβ1", "1", "2", "SB", "Run 1", "Run 2", "Run 3", "Au/ZrO2"]
            ax.set_xticks(range(groups), [self.rng.choice(names) for _ in range(groups)])
            ax.set_ylabel(self.rng.choice(["Yield (%)", "Relative expression", "Nitrite (µM)"]))
        return self._figure_to_image(figure)

    def _coordinates_3d(
        self, hydrogens: bool
    ) -> tuple[np.ndarray, list[str], list[tuple[int, int]]]:
        """Projected 3-D coordinates of a pool molecule (x, y, depth), elements and bonds."""
        from rdkit import Chem
        from rdkit.Chem import rdDepictor, rdDistGeom

        molecule = Chem.MolFromSmiles(self.rng.choice(self.pool))
        if molecule.GetNumHeavyAtoms() > 30:  # embedding big ones costs seconds
            molecule = Chem.MolFromSmiles("c1ccc2c(c1)c(=O)c1ccccc1n2CC(O)CN")
        if hydrogens:
            molecule = Chem.AddHs(molecule)
        if rdDistGeom.EmbedMolecule(molecule, randomSeed=self.rng.randint(1, 10_000)) == 0:
            xyz = molecule.GetConformer().GetPositions()
        else:  # a flat drawing lifted into 3-D
            rdDepictor.Compute2DCoords(molecule)
            xyz = molecule.GetConformer().GetPositions()
            xyz[:, 2] = self.np_rng.normal(0, 0.6, len(xyz))
        rotation, _ = np.linalg.qr(self.np_rng.normal(size=(3, 3)))
        xyz = (xyz - xyz.mean(0)) @ rotation
        elements = [atom.GetSymbol() for atom in molecule.GetAtoms()]
        bonds = [(b.GetBeginAtomIdx(), b.GetEndAtomIdx()) for b in molecule.GetBonds()]
        return xyz, elements, bonds

    _ELEMENT_COLOURS: ClassVar[dict[str, tuple[int, int, int]]] = {
        "C": (90, 90, 90),
        "H": (235, 235, 235),
        "O": (220, 40, 40),
        "N": (60, 80, 220),
        "S": (220, 200, 40),
        "Cl": (40, 200, 40),
        "F": (120, 220, 120),
        "Br": (150, 40, 40),
    }

    def _scene(self, xyz: np.ndarray, margin: int) -> tuple[Canvas, np.ndarray, float]:
        scale = self.rng.uniform(28, 60)
        span = np.ptp(xyz[:, :2], axis=0) * scale
        canvas = Canvas(int(span[0]) + 2 * margin, int(span[1]) + 2 * margin)
        points = (xyz[:, :2] - xyz[:, :2].min(0)) * scale + margin
        return canvas, points, scale

    def _ball_and_stick(self) -> Image.Image:
        xyz, elements, bonds = self._coordinates_3d(hydrogens=self.rng.random() < 0.7)
        canvas, points, scale = self._scene(xyz, 40)
        if self.rng.random() < 0.3:  # DFT figures often sit on a tinted panel
            canvas.draw.rectangle((0, 0, *canvas.image.size), fill=(245, 245, 250))
        stick = max(2, int(scale * self.rng.uniform(0.08, 0.18)))
        for a, b in bonds:
            canvas.draw.line((*points[a], *points[b]), fill=(150, 150, 150), width=stick)
        radius = scale * self.rng.uniform(0.18, 0.4)
        for index in np.argsort(xyz[:, 2]):  # far atoms first
            colour = np.array(self._ELEMENT_COLOURS.get(elements[index], (200, 100, 200)))
            r = radius * (0.6 if elements[index] == "H" else 1.0)
            x, y = points[index]
            for step in range(6, 0, -1):  # a shaded sphere: lighter towards the highlight
                shade = tuple(int(v) for v in np.clip(colour + (6 - step) * 22, 0, 255))
                rr = r * step / 6
                off = (r - rr) * 0.35
                canvas.draw.ellipse(
                    (x - rr - off, y - rr - off, x + rr - off, y + rr - off), fill=shade
                )
        font = random_font(self.rng, self.rng.randint(10, 16))
        for _ in range(self.rng.randint(0, 4)):  # distances, as DFT figures print them
            a, b = self.np_rng.integers(0, len(points), 2)
            middle = (points[a] + points[b]) / 2
            canvas.text(
                (int(middle[0]), int(middle[1])),
                f"{self.np_rng.uniform(1.0, 2.9):.2f} Å",
                font,
            )
        return canvas.image

    def _ortep(self) -> Image.Image:
        xyz, elements, bonds = self._coordinates_3d(hydrogens=self.rng.random() < 0.4)
        canvas, points, scale = self._scene(xyz, 40)
        font = random_font(self.rng, self.rng.randint(9, 14))
        for a, b in bonds:
            canvas.draw.line(
                (*points[a], *points[b]), fill="black", width=self.rng.choice([1, 2, 3])
            )
        counters: dict[str, int] = {}
        coloured = self.rng.random() < 0.4
        for index in np.argsort(xyz[:, 2]):
            x, y = points[index]
            element = elements[index]
            if element == "H":
                canvas.draw.ellipse((x - 3, y - 3, x + 3, y + 3), outline="black", fill="white")
                continue
            rx, ry = scale * self.np_rng.uniform(0.12, 0.28, 2)
            angle = self.rng.uniform(0, 180)
            ellipse = Image.new("L", (int(2 * rx) + 4, int(2 * ry) + 4), 0)
            ImageDraw.Draw(ellipse).ellipse((1, 1, 2 * rx + 2, 2 * ry + 2), fill=255)
            ellipse = ellipse.rotate(angle, expand=True)
            colour = (
                self._ELEMENT_COLOURS.get(element, (120, 60, 160)) if coloured else (255, 255, 255)
            )
            fill = Image.new("RGB", ellipse.size, colour)
            top_left = (int(x - ellipse.width / 2), int(y - ellipse.height / 2))
            canvas.image.paste(Image.new("RGB", ellipse.size, "black"), top_left, ellipse)
            canvas.image.paste(
                fill,
                (top_left[0] + 1, top_left[1] + 1),
                ellipse.resize((max(1, ellipse.width - 2), max(1, ellipse.height - 2))).resize(
                    ellipse.size
                ),
            )
            # the principal-axis octant lines that make an ellipsoid read as ORTEP
            canvas.draw.line((x - rx * 0.9, y, x + rx * 0.9, y), fill="black", width=1)
            canvas.draw.line((x, y - ry * 0.9, x, y + ry * 0.9), fill="black", width=1)
            counters[element] = counters.get(element, 0) + 1
            if self.rng.random() < 0.6:
                canvas.text((int(x + rx), int(y - ry)), f"{element}{counters[element]}", font)
        return canvas.image

    def _crystal_packing(self) -> Image.Image:
        xyz, elements, bonds = self._coordinates_3d(hydrogens=False)
        scale = self.rng.uniform(8, 16)
        nx, ny = self.rng.randint(2, 4), self.rng.randint(2, 3)
        span = np.ptp(xyz[:, :2], axis=0) * scale
        cell = span + self.rng.uniform(5, 30)
        canvas = Canvas(int(cell[0] * nx) + 80, int(cell[1] * ny) + 80)
        shear = self.rng.uniform(-0.3, 0.3)
        for i in range(nx):
            for j in range(ny):
                flip = -1 if (i + j) % 2 and self.rng.random() < 0.7 else 1
                base = np.array([40 + i * cell[0] + j * shear * cell[1], 40 + j * cell[1]])
                points = (xyz[:, :2] * [flip, 1] - (xyz[:, :2] * [flip, 1]).min(0)) * scale + base
                for a, b in bonds:
                    colour = self._ELEMENT_COLOURS.get(elements[a], (90, 90, 90))
                    canvas.draw.line((*points[a], *points[b]), fill=colour, width=2)
                if self.rng.random() < 0.5:  # hydrogen bonds between neighbours
                    a = int(self.np_rng.integers(0, len(points)))
                    canvas.draw.line(
                        (*points[a], *(points[a] + cell * [0.5, 0.4])), fill=(40, 160, 220), width=1
                    )
        w, h = cell[0] * 2, cell[1] * 1.5  # the unit cell and its axes
        x0, y0 = 40, 40
        corners = [(x0, y0), (x0 + w, y0), (x0 + w + shear * h, y0 + h), (x0 + shear * h, y0 + h)]
        canvas.draw.polygon(corners, outline="black")
        font = random_font(self.rng, 16)
        for text, (x, y) in zip(
            "abc", [(x0 + w / 2, y0 - 18), (x0 - 15, y0 + h / 2), (x0 + 4, y0 + 4)], strict=True
        ):
            canvas.text((int(x), int(y)), text, font)
        return canvas.image

    def _surface_map(self) -> Image.Image:
        import matplotlib.pyplot as plt

        size = self.rng.randint(60, 120)
        field = self.np_rng.normal(size=(size, size))
        smooth = np.asarray(
            Image.fromarray(np.uint8(np.clip(128 + 50 * field, 0, 255))).filter(
                ImageFilter.GaussianBlur(self.rng.uniform(3, 8))
            ),
            dtype=np.float32,
        )
        yy, xx = np.mgrid[0:size, 0:size]
        blob = ((xx - size / 2) ** 2 + (yy - size / 2) ** 2) < (
            size * self.rng.uniform(0.3, 0.48)
        ) ** 2
        figure, ax = plt.subplots(figsize=(self.rng.uniform(3, 6), self.rng.uniform(3, 6)))
        style = self.rng.choice(["esp", "density", "heat"])
        if style == "density":  # a cryo-EM map's mesh of iso-contours
            ax.contour(
                smooth,
                levels=self.rng.randint(6, 16),
                colors=self.rng.choice(["#3355cc", "#888888", "#33aa66"]),
                linewidths=0.6,
            )
        else:
            masked = np.ma.masked_where(~blob, smooth) if style == "esp" else smooth
            ax.imshow(masked, cmap=self.rng.choice(["jet", "bwr", "RdBu", "viridis", "magma"]))
        ax.axis("off")
        return self._figure_to_image(figure)

    def _protein_cartoon(self) -> Image.Image:
        canvas = Canvas(self.rng.randint(300, 700), self.rng.randint(300, 700))
        if self.rng.random() < 0.3:
            canvas.draw.rectangle((0, 0, *canvas.image.size), fill=(0, 0, 0))
        w, h = canvas.image.size
        segments = self.rng.randint(4, 12)
        point = np.array([w / 2, h / 2])
        for segment in range(segments):
            hue = segment / segments
            colour = tuple(
                int(255 * v)
                for v in _hue_to_rgb(hue if self.rng.random() < 0.7 else self.rng.random())
            )
            target = np.array([self.rng.uniform(0.1, 0.9) * w, self.rng.uniform(0.1, 0.9) * h])
            t = np.linspace(0, 1, 120)
            path = point[None, :] + (target - point)[None, :] * t[:, None]
            normal = np.array([-(target - point)[1], (target - point)[0]])
            normal /= np.linalg.norm(normal) + 1e-6
            if self.rng.random() < 0.6:  # a helix: a coil seen from the side
                turns = self.rng.randint(3, 7)
                path += normal[None, :] * (14 * np.sin(t * turns * 2 * np.pi))[:, None]
                width = 9
            else:  # a strand, ending in an arrow head
                width = 12
            for a, b in itertools.pairwise(path):
                canvas.draw.line((*a, *b), fill=colour, width=width)
            if width == 12:
                (x0, y0), (x1, y1) = path[-10], path[-1]
                canvas.arrow(int(x0), int(y0), int(x1), int(y1), 3, 22)
            point = target
        if self.rng.random() < 0.5:  # a ligand in sticks, in the pocket
            xyz, elements, bonds = self._coordinates_3d(hydrogens=False)
            points = xyz[:, :2] * 14 + [w / 2, h / 2]
            for a, b in bonds:
                canvas.draw.line(
                    (*points[a], *points[b]),
                    fill=self._ELEMENT_COLOURS.get(elements[a], (255, 160, 0)),
                    width=3,
                )
        return canvas.image.filter(ImageFilter.GaussianBlur(self.rng.uniform(0, 1.2)))

    def _photo_texture(self) -> Image.Image:
        width, height = self.rng.randint(200, 700), self.rng.randint(200, 600)
        base = np.zeros((height, width, 3), dtype=np.float32)
        for octave in range(1, 6):  # fractal noise: structure at every scale, like a photo
            cells = (max(2, height // (2 ** (7 - octave))), max(2, width // (2 ** (7 - octave))))
            layer = Image.fromarray(
                np.uint8(np.clip(self.np_rng.uniform(0, 255, (*cells, 3)), 0, 255))
            )
            base += (
                np.asarray(
                    layer.resize((width, height), Image.Resampling.BICUBIC), dtype=np.float32
                )
                / octave
            )
        base = base / base.max() * 255
        tint = self.np_rng.uniform(0.5, 1.2, 3)
        return Image.fromarray(np.uint8(np.clip(base * tint, 0, 255)))

    def _toc_art(self) -> Image.Image:
        width, height = self.rng.randint(400, 800), self.rng.randint(200, 400)
        top, bottom = self.np_rng.uniform(120, 255, 3), self.np_rng.uniform(120, 255, 3)
        gradient = np.linspace(0, 1, height)[:, None, None] * (bottom - top) + top
        canvas = Canvas(width, height)
        canvas.image.paste(Image.fromarray(np.uint8(np.broadcast_to(gradient, (height, width, 3)))))
        for _ in range(self.rng.randint(1, 3)):  # pasted pictures: 3-D models, surfaces, photos
            kind = self.rng.choice(
                ["_ball_and_stick", "_surface_map", "_photo_texture", "_protein_cartoon"]
            )
            part = getattr(self, kind)()
            part.thumbnail((width // 2, height - 20))
            canvas.image.paste(
                part,
                (
                    self.rng.randint(0, width - part.width),
                    self.rng.randint(0, height - part.height),
                ),
            )
        font = random_font(self.rng, self.rng.randint(18, 34))
        words = [
            "Green synthesis",
            "Au NPs",
            "Light",
            "Selective",
            "Catalysis",
            "One pot",
            "Bioactivity",
            "E-chem",
        ]
        for _ in range(self.rng.randint(1, 3)):
            canvas.text(
                (self.rng.randint(0, width // 2), self.rng.randint(0, height - 40)),
                self.rng.choice(words),
                font,
            )
        if self.rng.random() < 0.6:
            y = self.rng.randint(20, height - 20)
            canvas.arrow(
                self.rng.randint(0, width // 3),
                y,
                self.rng.randint(width // 2, width - 10),
                y,
                6,
                24,
            )
        return canvas.image

    def _multi_panel(self) -> Image.Image:
        """A journal figure of lettered panels, without any 2-D structure.

        A binding pocket beside dose-response curves, micrographs beside bar charts: the
        busy layout real biology and materials figures share with schemes.
        """
        kinds = [kind for kind in NEGATIVE_KINDS if kind not in ("multi_panel", "toc_art")]
        count = self.rng.randint(2, 6)
        panels = [self.render_negative(self.rng.choice(kinds)) for _ in range(count)]
        cell = self.rng.randint(180, 320)
        for panel in panels:
            panel.thumbnail((cell, cell))
        columns = self.rng.choice([2, 3]) if count > 2 else count
        rows = math.ceil(count / columns)
        gap = self.rng.randint(8, 30)
        canvas = Canvas(columns * (cell + gap) + gap, rows * (cell + gap) + gap)
        font = random_font(self.rng, self.rng.randint(14, 26))
        letters = self.rng.choice(["abcdef", "ABCDEF"])
        style = self.rng.choice(["{}", "({})", "{})"])
        for index, panel in enumerate(panels):
            x = gap + (index % columns) * (cell + gap)
            y = gap + (index // columns) * (cell + gap)
            canvas.paste(
                panel, x + (cell - panel.width) // 2, y + (cell - panel.height) // 2, False
            )
            canvas.text((x - gap // 2, y - gap // 2), style.format(letters[index]), font)
        return canvas.image

    # -- page artefacts --------------------------------------------------------------

    def _degrade(self, image: Image.Image) -> Image.Image:
        rng = self.rng
        if rng.random() < 0.15:
            letter = random_font(rng, rng.randint(16, 28))
            ImageDraw.Draw(image).text(
                (4, 2), rng.choice(["a", "b", "(a)", "A", "(b)"]), fill="black", font=letter
            )
        if rng.random() < 0.3:
            factor = rng.uniform(0.4, 0.9)
            small = image.resize(
                (max(8, int(image.width * factor)), max(8, int(image.height * factor))),
                Image.Resampling.BILINEAR,
            )
            image = small.resize(image.size, Image.Resampling.BILINEAR)
        if rng.random() < 0.15:
            image = image.filter(ImageFilter.GaussianBlur(rng.uniform(0.3, 1.2)))
        if rng.random() < 0.25:
            noise = self.np_rng.normal(0, rng.uniform(3, 12), (image.height, image.width, 1))
            image = Image.fromarray(
                np.uint8(np.clip(np.asarray(image, dtype=np.float32) + noise, 0, 255))
            )
        if rng.random() < 0.1:
            tint = np.array([rng.randint(225, 255) for _ in range(3)], dtype=np.float32) / 255
            image = Image.fromarray(np.uint8(np.asarray(image, dtype=np.float32) * tint))
        if rng.random() < 0.5:
            buffer = io.BytesIO()
            image.save(buffer, format="JPEG", quality=rng.randint(30, 95))
            buffer.seek(0)
            image = Image.open(buffer).convert("RGB")
        return image
