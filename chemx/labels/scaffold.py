"""Group labels printed inside a structure drawing: R, R¹, Ar, X mark a scaffold.

A drawing with R-group attachment points stands for a series of compounds. QC 1 rejects
it as a compound (`chemx.qc.structure_check.scaffold_verdict`) and the visual stage's
series reader (`chemx.visual.sar_tables`) looks under it for the rows that resolve it;
both read the labels here, from the PDF text layer.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from chemx.records import Box, PrintedWord

R_GROUP = re.compile(r"^(?:R|R\d{1,2}|R['′″]{1,2}|R[¹²³⁴⁵⁶⁷⁸⁹]|Ar|Ar\d|Ar['′]|X|Y|Het|EWG|EDG|FG)$")
"""Atom labels that stand for a group, not an atom: the drawing is a generic scaffold."""


OSRA_ARYL = re.compile(r"\[AlH2?\]")
"""How OSRA spells a drawn 'Ar' label: its spelling correction reads 'Ar' as aluminium,
giving an [AlH2] on the ring ('Ar' rendered with RDKit reads 'c1ccc(cc1)[AlH2]'). A drawn
'R' comes back as '*', but so does any label OSRA cannot read in a whole compound (55 of
the matched compounds of the 13 journal PDFs), so only the 'Ar' spelling is a sign."""


def reading_group_labels(smiles: str | None) -> list[str]:
    """The R-group labels an OCSR reading shows for raster figures with no text layer."""
    return ["Ar"] * len(OSRA_ARYL.findall(smiles)) if smiles else []


def scaffold_labels(crop: Box, words: Sequence[PrintedWord]) -> list[str]:
    """The R-group labels printed inside a structure crop (PDF text layer).

    A drawing with R, R¹, Ar or X attachment points is a scaffold: it stands for a series
    of compounds, and no single compound can be asked about until a table or caption
    resolves its groups.
    """
    found = []
    for word in words:
        text = word.text.replace(" ", "")
        x = (word.box[0] + word.box[2]) / 2
        y = (word.box[1] + word.box[3]) / 2
        inside = crop[0] - 3 <= x <= crop[2] + 3 and crop[1] - 3 <= y <= crop[3] + 3
        if inside and R_GROUP.match(text):
            found.append(text)
    return found


__all__ = ["OSRA_ARYL", "R_GROUP", "reading_group_labels", "scaffold_labels"]
