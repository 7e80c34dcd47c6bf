"""Images QC 1 must accept or reject, drawn here deterministically (fixed seeds).

Accept: RDKit drawings (black-and-white and colour, several sizes and line widths, PNG
and JPEG), fused-ring ladders and chains (periodic, but single molecules). Reject:
ball-and-stick and space-filling renderings (shaded spheres with highlights), lattices
(repeated motifs, frameworks, layered chains with a unit cell), noise and photo-like
pictures, box-and-arrow schematics, blank images. Real images come from the shared
realworld folder when it is there.
"""

from __future__ import annotations

import io
import json
import math
import random
from pathlib import Path
from typing import Any

import matplotlib
import numpy as np
from PIL import Image, ImageDraw, ImageFilter, ImageFont

REPO = Path(__file__).resolve().parents[2]
SAMPLE = REPO / "chemx" / "data" / "sample"
FONT = Path(matplotlib.get_data_path()) / "fonts" / "ttf" / "DejaVuSans.ttf"

DRUGS = (
    "CC(=O)Oc1ccccc1C(=O)O",
    "CC(C)Cc1ccc(cc1)C(C)C(=O)O",
    "CN1C=NC2=C1C(=O)N(C(=O)N2C)C",
    "CC(=O)Nc1ccc(O)cc1",
    "O=C(O)c1ccccc1O",
    "CN1CCC[C@H]1c1cccnc1",
    "COc1ccc2[nH]cc(CCN)c2c1",
    "C[C@H](N)C(=O)N[C@@H](Cc1ccccc1)C(=O)O",
    "O=C1CCC(=O)N1Br",
    "CC1(C)SC2C(NC(=O)Cc3ccccc3)C(=O)N2C1C(=O)O",
    "FC(F)(F)c1ccc(Oc2ccccc2)cc1",
    "C#CCN(C)C",
)
LADDERS = (
    "c1ccc2cc3ccccc3cc2c1",
    "c1ccc2cc3cc4cc5ccccc5cc4cc3cc2c1",
    "c1cc2ccc3ccc4ccc5ccc6ccc1c7c2c3c4c5c67",
    "CCCCCCCCCCCCCCCC",
    "COCCOCCOCCOCCOCCOC",
    "CC(N)C(=O)NC(C)C(=O)NC(C)C(=O)NC(C)C(=O)O",
    "C1CCC1",
    "C1CC2CC3CC1CC(C2)C3",
)


def trim(image: Image.Image, pad: int = 4) -> Image.Image:
    dark = np.asarray(image.convert("L")) < 235
    rows, cols = np.flatnonzero(dark.any(axis=1)), np.flatnonzero(dark.any(axis=0))
    if rows.size == 0:
        return image
    return image.crop(
        (
            max(0, int(cols[0]) - pad),
            max(0, int(rows[0]) - pad),
            min(image.width, int(cols[-1]) + pad + 1),
            min(image.height, int(rows[-1]) + pad + 1),
        )
    )


def rdkit_drawing(
    smiles: str, size: tuple[int, int] = (300, 300), *, colour: bool = False, width: int = 2
) -> Image.Image:
    from rdkit import Chem
    from rdkit.Chem.Draw import rdMolDraw2D

    drawer = rdMolDraw2D.MolDraw2DCairo(*size)
    options: Any = drawer.drawOptions()
    if not colour:
        options.useBWAtomPalette()
    options.bondLineWidth = width
    rdMolDraw2D.PrepareAndDrawMolecule(drawer, Chem.MolFromSmiles(smiles))
    drawer.FinishDrawing()
    return trim(Image.open(io.BytesIO(drawer.GetDrawingText())).convert("RGB"))


def jpeg(image: Image.Image, quality: int = 55) -> Image.Image:
    buffer = io.BytesIO()
    image.save(buffer, "JPEG", quality=quality)
    buffer.seek(0)
    return Image.open(buffer).convert("RGB")


def drawings() -> list[Image.Image]:
    """RDKit drawings in the styles journals use: BW and colour, 1-3 px lines, 200-600 px."""
    rng = random.Random(3)
    images = []
    for index, smiles in enumerate(DRUGS):
        side = rng.randint(200, 600)
        image = rdkit_drawing(smiles, (side, side), colour=index % 2 == 1, width=1 + index % 3)
        images.append(jpeg(image) if index % 4 == 3 else image)
    return images


def ladders() -> list[Image.Image]:
    """Acenes, coronene, long chains, a peptide, cyclobutane: periodic, still molecules."""
    return [rdkit_drawing(smiles, (400, 300)) for smiles in LADDERS]


def _sphere(canvas: np.ndarray, cx: float, cy: float, r: float, colour: tuple[int, ...]) -> None:
    """A Lambert-shaded sphere with a specular highlight, painted into `canvas`."""
    height, width, _ = canvas.shape
    y0, y1 = max(0, int(cy - r)), min(height, int(cy + r) + 1)
    x0, x1 = max(0, int(cx - r)), min(width, int(cx + r) + 1)
    yy, xx = np.mgrid[y0:y1, x0:x1]
    dx, dy = (xx - cx) / r, (yy - cy) / r
    inside = dx * dx + dy * dy <= 1
    nz = np.sqrt(np.clip(1 - dx * dx - dy * dy, 0, 1))
    light = np.array([-0.5, -0.6, 0.62]) / np.linalg.norm([-0.5, -0.6, 0.62])
    lambert = np.clip(dx * light[0] + dy * light[1] + nz * light[2], 0, 1)
    highlight = np.clip(2 * lambert * nz - light[2], 0, 1) ** 30
    shaded = (
        np.array(colour, float) * (0.25 + 0.75 * lambert)[..., None] + 255 * highlight[..., None]
    )
    region = canvas[y0:y1, x0:x1]
    region[inside] = np.clip(shaded[inside], 0, 255)


def rendering_3d(seed: int, size: int = 320) -> Image.Image:
    """Ball-and-stick (even seeds) or space-filling (odd) model, colour or grey."""
    rng = random.Random(seed)
    atoms = [(size / 2, size / 2, 0.0)]
    for _ in range(rng.randint(6, 14)):
        px, py, pz = rng.choice(atoms)
        angle, distance = rng.uniform(0, 2 * math.pi), rng.uniform(40, 55)
        atoms.append(
            (
                min(size - 30, max(30, px + distance * math.cos(angle))),
                min(size - 30, max(30, py + distance * math.sin(angle))),
                pz + rng.uniform(-1, 1),
            )
        )
    image = Image.new("RGB", (size, size), "white")
    ball_and_stick = seed % 2 == 0
    if ball_and_stick:
        draw = ImageDraw.Draw(image)
        for i in range(1, len(atoms)):
            j = rng.randrange(0, i)
            for thickness, grey in ((12, 90), (8, 150), (4, 200)):  # a shaded cylinder
                draw.line((*atoms[i][:2], *atoms[j][:2]), fill=(grey,) * 3, width=thickness)
    canvas = np.asarray(image).astype(float).copy()
    colours = [(140, 140, 140), (220, 30, 30), (40, 60, 220), (240, 240, 240), (60, 180, 60)]
    radius = (14, 22) if ball_and_stick else (28, 40)
    for x, y, _ in sorted(atoms, key=lambda atom: atom[2]):
        _sphere(canvas, x, y, rng.uniform(*radius), rng.choice(colours))
    out = Image.fromarray(canvas.astype(np.uint8))
    return trim(out.convert("L").convert("RGB") if rng.random() < 0.5 else out)


def lattice(seed: int, size: int = 420) -> Image.Image:
    """A packing-like picture: a motif repeated on a skewed lattice, with a unit cell."""
    rng = random.Random(seed)
    image = Image.new("RGB", (size, size), "white")
    draw = ImageDraw.Draw(image)
    kind = seed % 4
    ax, ay, skew = rng.uniform(55, 80), rng.uniform(50, 75), rng.uniform(-20, 20)
    motif = mask = None
    if kind == 1:
        smiles = rng.choice(["OC(=O)c1ccccc1", "CC(=O)Nc1ccc(O)cc1", "c1ccc2ccccc2c1"])
        motif = rdkit_drawing(smiles, (160, 160))
        motif = motif.resize((int(ax * 1.1), int(ax * 1.1 * motif.height / motif.width)))
        mask = Image.fromarray((np.asarray(motif.convert("L")) < 200).astype(np.uint8) * 255)
    for i in range(-3, int(size / ax) + 4):
        for j in range(-3, int(size / ay) + 4):
            ox, oy = i * ax + j * skew, j * ay
            if kind == 0:  # rings with a substituent
                ring = [(0, 0), (12, 7), (24, 0), (24, -14), (12, -21), (0, -14)]
                points = [(ox + x, oy + y) for x, y in ring]
                draw.line([*points, points[0]], fill="black", width=2)
                draw.line((ox + 24, oy, ox + 36, oy + 8), fill="black", width=2)
                draw.text((ox + 37, oy + 4), "O", fill="black")
            elif kind == 1 and motif is not None:  # whole molecules, tiled
                image.paste(motif, (int(ox), int(oy)), mask)
            elif kind == 2:  # a framework: nodes joined to their neighbours
                for nx, ny in ((ax, 0), (skew, ay), (ax + skew, ay)):
                    draw.line((ox, oy, ox + nx, oy + ny), fill="black", width=1)
                draw.ellipse((ox - 4, oy - 4, ox + 4, oy + 4), outline="black", fill="white")
            else:  # layers of zig-zag chains with dotted contacts
                for k in range(4):
                    draw.line(
                        (ox + k * 12, oy + (k % 2) * 7, ox + (k + 1) * 12, oy + ((k + 1) % 2) * 7),
                        fill="black",
                        width=2,
                    )
                for t in range(0, int(ay) - 20, 6):
                    draw.point((ox + 24, oy + 12 + t), fill="black")
    x0, y0 = rng.randint(20, 60), rng.randint(20, 60)
    cell = [
        (x0, y0),
        (x0 + 2 * ax, y0),
        (x0 + 2 * ax + 2 * skew, y0 + 2 * ay),
        (x0 + 2 * skew, y0 + 2 * ay),
    ]
    draw.line([*cell, cell[0]], fill="black", width=2)
    return image


def photo(seed: int) -> Image.Image:
    """Uniform noise, a blurred grey 'micrograph', or blobs on a colour gradient."""
    rng = np.random.default_rng(seed)
    kind = seed % 3
    if kind == 0:
        return Image.fromarray(rng.integers(0, 255, (200, 260, 3), dtype=np.uint8))
    if kind == 1:
        grey = rng.normal(120, 50, (220, 300)).clip(0, 255).astype(np.uint8)
        return Image.fromarray(grey).filter(ImageFilter.GaussianBlur(2)).convert("RGB")
    gradient = np.linspace(0, 1, 300)[None, :, None] * rng.uniform(0, 255, 3)
    base = np.broadcast_to(gradient, (240, 300, 3)) + rng.normal(0, 18, (240, 300, 3))
    image = Image.fromarray(np.uint8(np.clip(base, 0, 255)))
    draw = ImageDraw.Draw(image)
    for _ in range(5):
        x, y, r = (
            int(v) for v in (rng.integers(0, 300), rng.integers(0, 240), rng.integers(10, 80))
        )
        draw.ellipse(
            (x - r, y - r, x + r, y + r), fill=tuple(int(v) for v in rng.integers(0, 255, 3))
        )
    return image.filter(ImageFilter.GaussianBlur(1.5))


def schematic(seed: int) -> Image.Image:
    """Boxes with words joined by orthogonal arrows: a workflow, not a molecule."""
    rng = random.Random(seed)
    cols, rows = rng.randint(2, 4), rng.randint(1, 2)
    bw, bh = rng.randint(80, 120), rng.randint(30, 44)
    gx, gy = rng.randint(40, 70), rng.randint(30, 50)
    image = Image.new("RGB", (20 + cols * (bw + gx), 20 + rows * (bh + gy)), "white")
    draw = ImageDraw.Draw(image)
    font = ImageFont.truetype(str(FONT), rng.randint(11, 15))
    words = ["Sample", "Extraction", "LC-MS", "Analysis", "Cells", "Model", "Input", "Output"]
    for r in range(rows):
        for c in range(cols):
            x, y = 10 + c * (bw + gx), 10 + r * (bh + gy)
            fill = rng.choice(["white", "#eef"])
            draw.rectangle(
                (x, y, x + bw, y + bh), outline="black", width=rng.choice([1, 2]), fill=fill
            )
            draw.text((x + 8, y + bh // 2 - 7), rng.choice(words), fill="black", font=font)
            if c + 1 < cols:
                ay, ax0, ax1 = y + bh // 2, x + bw + 2, x + bw + gx - 2
                draw.line((ax0, ay, ax1 - 8, ay), fill="black", width=2)
                draw.polygon([(ax1, ay), (ax1 - 9, ay - 5), (ax1 - 9, ay + 5)], fill="black")
            if r + 1 < rows and c == cols - 1:
                ax = x + bw // 2
                draw.line((ax, y + bh + 2, ax, y + bh + gy - 10), fill="black", width=2)
                draw.polygon(
                    [(ax, y + bh + gy - 2), (ax - 5, y + bh + gy - 11), (ax + 5, y + bh + gy - 11)],
                    fill="black",
                )
    return image


def blanks() -> list[Image.Image]:
    noisy = np.random.default_rng(1).normal(250, 2, (150, 200, 3))
    return [
        Image.new("RGB", (200, 150), "white"),
        Image.fromarray(np.clip(noisy, 0, 255).astype(np.uint8)),
        Image.new("RGB", (200, 150), (128, 128, 128)),
    ]


PUBLAYNET_PHOTOS: dict[str, list[tuple[int, int, int, int]]] = {
    "PMC3654277_00006.jpg": [
        (0, 0, 495, 200),
        (18, 12, 132, 96),
        (140, 12, 255, 96),
        (258, 100, 372, 195),
    ],
    "PMC3777717_00006.jpg": [(0, 0, 205, 135)],
    "PMC4954804_00001.jpg": [(100, 10, 315, 140), (315, 5, 380, 200)],
    "PMC4972521_00010.jpg": [(50, 10, 360, 160), (300, 440, 398, 555)],
}
"""Photo-like regions inside the PubLayNet figure boxes (figure coordinates): a
fluorescence micrograph grid and single panels, brain-imaging renders, CBCT scans, a
heat map and a western blot."""


def publaynet_photos(root: Path) -> list[tuple[str, Image.Image]]:
    folder = root / "figures" / "publaynet"
    annotations = json.loads((folder / "annotations.json").read_text())
    names = {image["id"]: image["file_name"] for image in annotations["images"]}
    figures = {}
    for item in annotations["annotations"]:
        if item["category_id"] == 5:  # figure
            x, y, w, h = (int(v) for v in item["bbox"])
            page = Image.open(folder / names[item["image_id"]]).convert("RGB")
            figures[names[item["image_id"]]] = page.crop((x, y, x + w, y + h))
    return [
        (f"{name} {box}", figures[name].crop(box))
        for name, boxes in PUBLAYNET_PHOTOS.items()
        for box in boxes
    ]


def rxnscribe_structures(root: Path) -> list[tuple[str, Image.Image]]:
    folder = root / "rxnscribe"
    annotations = json.loads((folder / "annotations.json").read_text())
    crops = []
    for record in annotations["images"]:
        image = Image.open(folder / record["file_name"]).convert("RGB")
        for box in record["bboxes"]:
            if box["category_id"] == 1:  # structure
                x, y, w, h = box["bbox"]
                crops.append(
                    (record["file_name"], image.crop((int(x), int(y), int(x + w), int(y + h))))
                )
    return crops
