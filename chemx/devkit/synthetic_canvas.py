"""The drawing surface and fonts that the synthetic figure generators share.

`synthetic_figures` (molecules, reactions, negatives) and `synthetic_layouts` (energy
profiles, structure tables, panels) both paste parts onto a `Canvas` and write text in
a `random_font`; they live here so neither generator reaches into the other's privates.
"""

from __future__ import annotations

import math
import random
from functools import cache
from pathlib import Path

from PIL import Image, ImageDraw, ImageFont

from chemx.records import Box


@cache
def font_paths() -> tuple[str, ...]:
    """TrueType fonts that ship with matplotlib, so renders are the same on every machine."""
    import matplotlib

    folder = Path(matplotlib.get_data_path()) / "fonts" / "ttf"
    names = [
        "DejaVuSans.ttf",
        "DejaVuSans-Bold.ttf",
        "DejaVuSans-Oblique.ttf",
        "DejaVuSerif.ttf",
        "DejaVuSerif-Bold.ttf",
        "DejaVuSerif-Italic.ttf",
        "DejaVuSansMono.ttf",
        "STIXGeneral.ttf",
        "STIXGeneralBol.ttf",
        "cmr10.ttf",
    ]
    return tuple(str(folder / name) for name in names if (folder / name).exists())


def random_font(rng: random.Random, size: int) -> ImageFont.FreeTypeFont:
    """One of `font_paths()` at `size` points, chosen by `rng`."""
    return ImageFont.truetype(rng.choice(font_paths()), size)


class Canvas:
    """A white page onto which parts are pasted, keeping the structure boxes."""

    def __init__(self, width: int, height: int) -> None:
        self.image = Image.new("RGB", (max(width, 8), max(height, 8)), "white")
        self.draw = ImageDraw.Draw(self.image)
        self.boxes: list[Box] = []

    def paste(self, part: Image.Image, x: int, y: int, structure: bool = True) -> Box:
        """Paste `part` with its top left at (x, y); a structure's box is kept as gold."""
        self.image.paste(part, (x, y))
        box = (x, y, x + part.width, y + part.height)
        if structure:
            self.boxes.append(box)
        return box

    def text(self, xy: tuple[int, int], text: str, font: ImageFont.FreeTypeFont) -> Box:
        """Write black text at `xy` and return the box its glyphs cover."""
        self.draw.text(xy, text, fill="black", font=font)
        left, top, right, bottom = self.draw.textbbox(xy, text, font=font)
        return int(left), int(top), int(right), int(bottom)

    def arrow(self, x0: int, y0: int, x1: int, y1: int, width: int, head: int) -> None:
        """A straight reaction arrow from (x0, y0) with a filled head at (x1, y1)."""
        self.draw.line((x0, y0, x1, y1), fill="black", width=width)
        angle = math.atan2(y1 - y0, x1 - x0)
        left = (x1 - head * math.cos(angle - 0.4), y1 - head * math.sin(angle - 0.4))
        right = (x1 - head * math.cos(angle + 0.4), y1 - head * math.sin(angle + 0.4))
        self.draw.polygon([(x1, y1), left, right], fill="black")
