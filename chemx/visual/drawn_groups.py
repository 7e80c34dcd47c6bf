"""R-group labels drawn inside a raster structure crop, read with EasyOCR.

A scope scheme's general structure ("1", "3" drawn with R, R¹, Ar, X) stands for a series,
not one compound (issue 12: no R-group fragment may pass as a compound). Born-digital
figures may print those labels in the PDF's text layer (`chemx.labels.scaffold`); most of
the journal figures draw them as vector paths or pixels, which need the pixels read.

Every labelled crop QC 1 would accept as a compound is read, unless the text layer already
named a group in it: OSRA's reading is no guide, since it turns a drawn 'Ar' or 'R′' into
an atom it guesses (a phenyl, 'Oc1ccccc1Br' for an 'Ar'-substituted bromophenol) as often
as it leaves an unnamed '*'. A crop whose reading left a '*', or that OSRA could not read
at all, is read again `CLOSE_FACTOR` times closer when nothing was found at first: a
superscript R³ is 5-7 px high there (and each scale reads some labels the other misses).
How much a crop is enlarged follows the height of its figure's compound label
(`upscale_for`).

Measured on the 13 journal PDFs, on the 273 accepted labelled crops that match a hand-
annotated structure: 0 of the 250 gold compounds was read with a group label (at 2x or
3x). Reading every labelled crop took the scaffolds and fragments accepted as compounds
from 21 to 12 (`scripts/bench_visual.py --pdf-store`), with crop recall and identifier
accuracy unchanged; reading only crops with a '*' reading, as before, had found none of
those 9. It costs the visual stage about 40% more time (453 s -> 636 s of CPU over the 13
papers, 257 s -> 344 s wall with 2 workers): EasyOCR's text detector takes ~0.25 s on a
journal crop. Reading glyph lines with the recogniser alone (no detector) was tried and
dropped: bond ends read as 'X', 'Y' and 'R' in 40 and more of the gold compounds.
EasyOCR's detector and recogniser run with no allowlist: with a label allowlist, 'O' and
'N' read as 'R' and 'A', and whole compounds were flagged.

A white margin round the crop (`EDGE_MARGIN_PX`) and a floor on the closer reading's scale
(`MIN_CLOSE_UPSCALE`) took the scaffolds accepted as compounds from 12 to 8 on the same
PDFs: an 'X' or 'R' at a ring's outer end touches the tight crop's border, and a figure
whose label is a block of series lines measured as if its atom labels were large. No
compound was newly flagged (275 accepted whole compounds before and after).
"""

from __future__ import annotations

import re
from typing import Any

import numpy as np
from PIL import Image, ImageOps

from chemx.ink import black_ink, coloured_ink
from chemx.labels.scaffold import R_GROUP

UPSCALE = 2.0
"""Atom labels are 8-12 px high in journal figure crops; EasyOCR's detector wants ~20."""
CLOSE_FACTOR = 1.5
"""The second, closer reading of a crop OSRA could not read whole: its labels are often
superscripted (R³)."""
LABEL_TARGET_PX = 28
"""The height the figure's compound label is brought to (its atom labels are about as
high): on the journal PDFs, whose labels are 10-21 px (median 14.5), that is about
`UPSCALE`. The detector's time grows with the pixels, so a figure drawn large is not
enlarged further (the sample's 18-px labels: 1.6x, where 2x took 1.8 s a crop)."""
MAX_UPSCALE = 3.0
MIN_CLOSE_UPSCALE = 2.0
"""The closer reading enlarges at least this much: a figure whose compound label is a
block of lines (a series list '16: R = OMe, 75%' beside the drawing) measures tall, so
`upscale_for` would leave the drawing's atom labels at their printed 8-12 px."""
INK_DISTANCE = 60
"""A crop drawn partly in colour is read twice: as it is, and as black ink
(`chemx.ink.black_ink`, the same cut as DECIMER's). A green "R-N" in a natural-product
scheme (jnatprod.2c01069 Scheme 3) read as "8-N" and "A-N" in its colours, and in its
darkest channel alone, but as "R-N" in black, so a scaffold passed as compound "2ee".
Neither reading alone is enough: on rings drawn with a coloured "R", the black ink read
the 14-px letters and lost the 18-px ones (their anti-aliasing), the colours the other
way round. Black-and-white crops are read once, as they are. The black reading counts
bare group labels only (R, Ar, X), not formulas: a ring filled in yellow or pink turns
into a black blob there, and an "H" beside one read as "Hx" (an atom bearing X) in a
natural product's graphical abstract (jnatprod biscroyunoid A)."""
MIN_COLOURED_PIXELS = 20
"""Coloured ink pixels (`chemx.ink.coloured_ink`) that make a crop 'partly in colour':
about one small glyph; JPEG fringes on black strokes give a few."""
EDGE_MARGIN_PX = 6
"""White margin added round a crop before it is read: the crop is tight round the ink, and
EasyOCR's text detector misses a glyph that touches the image border (the 'X' or 'R' at a
ring's outer end, where the drawing ends)."""


def upscale_for(label_height: float | None, *, close: bool = False) -> float:
    """How much to enlarge a crop whose figure prints its labels `label_height` px high.

    >>> upscale_for(14), upscale_for(28), upscale_for(None), upscale_for(14, close=True)
    (2.0, 1.0, 2.0, 3.0)
    >>> upscale_for(54), upscale_for(54, close=True)
    (1.0, 2.0)
    """
    scale = LABEL_TARGET_PX / label_height if label_height and label_height > 0 else UPSCALE
    if close:
        scale = max(MIN_CLOSE_UPSCALE, scale * CLOSE_FACTOR)
    return round(min(MAX_UPSCALE, max(1.0, scale)), 2)


GROUP_IN_FORMULA = re.compile(
    r"^(?:O|N|S|NH|CO2|CO|OC|CH2)R(?:\d|['′])?$|^R(?:\d|['′])?(?:O|N|S)$"
    r"|^[A-Z][a-z]?(?:I{1,3}|II?V|l{1,3}|\d)?[Xx]\d?$"
    r"|^X[2-4zZ]?[A-Z][a-z]?(?:I{1,3}|l{1,3}|[\"'])?$"
)
"""A group label inside a condensed formula: 'OR', 'NR', 'CO2R', 'RO', and an atom
bearing a generic X ('PdIIX', 'MgX', 'BX2', 'X2PdII'; OCR reads the 'II' as 'll' or '"',
the 'X' as 'x' and the '2' as 'z' in small print): no element is written 'X', so the
drawing is a general structure (a mechanism's intermediate, a reagent class)."""
MISREAD_SUPERSCRIPT = re.compile(r"^(R|Ar)[?\"`^*°]$")
"""'R?' or 'R*': a group label whose superscript digit OCR could not read."""
_SPLIT = re.compile(r"[\s\-–/·()=]+")
"""Where OCR tokens split into labels: spaces, bonds drawn as dashes, brackets, and the
'=' of a definition printed in the drawing ('X = Cl')."""


def group_labels(tokens: list[str], *, formulas: bool = True) -> list[str]:
    """The R-group labels among OCR tokens ('R-N' holds 'R'; 'OR' is an alkoxy group).

    With `formulas=False` only bare group labels count (R, R¹, Ar, X: `R_GROUP`), not
    group labels inside a formula ('OR', 'PdIIX').
    """
    found = []
    for token in tokens:
        for part in _SPLIT.split(token.strip()):
            if part and (R_GROUP.match(part) or (formulas and GROUP_IN_FORMULA.match(part))):
                found.append(part)
            elif part and (misread := MISREAD_SUPERSCRIPT.match(part)):
                found.append(misread.group(1))
    return found


def drawn_group_labels(crop: Image.Image, reader: Any, *, upscale: float = UPSCALE) -> list[str]:
    """The R-group labels an EasyOCR `reader` reads inside `crop` (a structure drawing).

    The reader is the identifier backend's own (`OcrIdentifierExtractor.read_drawn_groups`):
    a build that chose another identifier backend never loads EasyOCR for this.
    """
    width, height = crop.size
    if width == 0 or height == 0:
        return []
    versions = [(crop.convert("RGB"), True)]
    if int(coloured_ink(crop, INK_DISTANCE).sum()) >= MIN_COLOURED_PIXELS:
        versions.append((black_ink(crop, INK_DISTANCE), False))
    from chemx.visual.identifiers._ocr_easyocr import ocr_threads

    found: list[str] = []
    for version, formulas in versions:
        framed = ImageOps.expand(version, border=EDGE_MARGIN_PX, fill="white")
        size = (max(1, round(framed.width * upscale)), max(1, round(framed.height * upscale)))
        image = framed.resize(size, Image.Resampling.LANCZOS)
        with ocr_threads():  # a small crop: more threads only wait
            tokens = reader.readtext(np.asarray(image), detail=0)
        read = group_labels([str(token) for token in tokens], formulas=formulas)
        found += [g for g in read if g not in found]
    return found


__all__ = [
    "CLOSE_FACTOR",
    "EDGE_MARGIN_PX",
    "GROUP_IN_FORMULA",
    "INK_DISTANCE",
    "LABEL_TARGET_PX",
    "MAX_UPSCALE",
    "MIN_CLOSE_UPSCALE",
    "MIN_COLOURED_PIXELS",
    "MISREAD_SUPERSCRIPT",
    "UPSCALE",
    "drawn_group_labels",
    "group_labels",
    "upscale_for",
]
