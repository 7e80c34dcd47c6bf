"""R-group labels drawn inside a raster structure crop, read with EasyOCR.

A scope scheme's general structure ("1", "3" drawn with R, R¹, Ar, X) stands for a series,
not one compound (issue 12: no R-group fragment may pass as a compound). Born-digital
figures print those labels in the PDF's text layer (`chemx.labels.scaffold`); raster
figures need the pixels read. Reading every crop would cost about half a second each on
the CPU, so only crops whose OCSR reading left an atom it could not name ('*' in OSRA's
SMILES) are read: a drawn 'R' is one such atom. An unread atom alone is no sign, since
OSRA leaves them in whole compounds too (55 of the matched compounds of the 13 journal
PDFs); the label read at that place decides.

Measured on the 13 journal PDFs: 61 accepted crops have such a reading and no text layer;
reading them took the scaffolds and fragments accepted as compounds from 37 to 28, and no
gold compound was taken for a scaffold (EasyOCR's detector and recogniser on the crop
upscaled twice, no allowlist: with a label allowlist, 'O' and 'N' read as 'R' and 'A',
and whole compounds were flagged).
"""

from __future__ import annotations

import re
import warnings
from typing import Any

import numpy as np
from PIL import Image

from chemx.labels.scaffold import R_GROUP

UPSCALE = 2
"""Atom labels are 8-12 px high in journal figure crops; EasyOCR's detector wants ~20."""
GROUP_IN_FORMULA = re.compile(r"^(?:O|N|S|NH|CO2|CO|OC|CH2)R(?:\d|['′])?$|^R(?:\d|['′])?(?:O|N|S)$")
"""A group label inside a condensed formula: 'OR', 'NR', 'CO2R', 'RO'."""
_SPLIT = re.compile(r"[\s\-–/·()]+")


def group_labels(tokens: list[str]) -> list[str]:
    """The R-group labels among OCR tokens ('R-N' holds 'R'; 'OR' is an alkoxy group)."""
    found = []
    for token in tokens:
        for part in _SPLIT.split(token.strip()):
            if part and (R_GROUP.match(part) or GROUP_IN_FORMULA.match(part)):
                found.append(part)
    return found


def drawn_group_labels(crop: Image.Image, reader: Any) -> list[str]:
    """The R-group labels an EasyOCR `reader` reads inside `crop` (a structure drawing).

    The reader is the identifier backend's own (`OcrIdentifierExtractor.read_drawn_groups`):
    a build that chose another identifier backend never loads EasyOCR for this.
    """
    width, height = crop.size
    if width == 0 or height == 0:
        return []
    image = crop.convert("RGB").resize(
        (width * UPSCALE, height * UPSCALE), Image.Resampling.LANCZOS
    )
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # torch's pin_memory notice on CPU-only machines
        tokens = reader.readtext(np.asarray(image), detail=0)
    return group_labels([str(token) for token in tokens])


__all__ = ["GROUP_IN_FORMULA", "UPSCALE", "drawn_group_labels", "group_labels"]
