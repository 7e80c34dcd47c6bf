"""Group labels printed inside a structure drawing: R, R¹, Ar, X mark a scaffold.

A drawing with R-group attachment points stands for a series of compounds. QC 1 rejects
it as a compound (`chemx.qc.structure_check.scaffold_verdict`) and the visual stage's
series reader (`chemx.visual.sar_tables`) looks under it for the rows that resolve it;
both read the labels here, from the PDF text layer.

A drawing labelled with a bare number where the paper draws lettered members of that
number ("5" beside "5a"-"5s") is the series' general structure too, whatever OSRA made
of its R groups (`series_members`).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence

from chemx.records import Box, PrintedWord

R_GROUP = re.compile(
    r"^(?:R|R\d{1,2}|R['′″]{1,2}|R[¹²³⁴⁵⁶⁷⁸⁹]|Ar|Ar\d|Ar['′]|X|Y|Het|EWG|EDG|FG|LG|PG|Nu)$"
)
"""Atom labels that stand for a group, not an atom: the drawing is a generic scaffold
(LG a leaving group, PG a protecting group, Nu a nucleophile)."""


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


MIN_SERIES_MEMBERS = 2
"""Lettered labels of one number that make a bare-number label their series' head."""


def series_members(label: str, labels: Iterable[str]) -> list[str]:
    """The lettered labels of `label`'s series when `label` is a bare number heading one.

    Papers label a series' members "5a", "5b", ...; a drawing labelled "5" where at least
    `MIN_SERIES_MEMBERS` of them are drawn is the general structure with its R groups,
    not a compound. On the 13 journal PDFs this marks 7 of the 28 scaffolds QC 1 had
    accepted and no gold compound (OSRA often reads such a drawing whole, dropping the
    R groups, so nothing in the reading shows it).

    >>> series_members("5", ["5a", "5b", "6", "15a"])
    ['5a', '5b']
    >>> series_members("5a", ["5a", "5b"]), series_members("5", ["5a"])
    ([], [])
    """
    if not label.isdigit():
        return []
    member = re.compile(rf"{re.escape(label)}[a-z]{{1,2}}'*")
    found = sorted({other for other in labels if member.fullmatch(other)})
    return found if len(found) >= MIN_SERIES_MEMBERS else []
