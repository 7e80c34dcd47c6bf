"""SAR and substrate tables: one compound per row over a scaffold drawn once.

Medicinal-chemistry and methodology papers put the compounds their discussion is
about in rows: a table under a drawn scaffold (compound number, R1, R2, IC50 ...), or a
list printed under each scaffold of a scope grid ("2a: R = H (91%)", "10, R = Me, 60%",
"R = p-Me : 30, 83%"). A visual stage that only keeps drawings with their own label
drops them, and with them the sentences "24 was 60-fold less potent" that explain them.

This module reads such rows (the grammar is below) and places them on their scaffold:

- `parse_row_line`: one printed line -> label, substituents ({'R1': 'Me'}) and the rest
  (yields, ee, activities) kept as text; lines that merge two cells of a grid are split
  first (`split_row_line`);
- `parse_table`: a table's cells from the PDF text layer (`Figure.region_text`, rows by
  line, cells by tab) -> rows, with the label column found by what the paper's text
  names and the R-group columns by their headers (R, R1, R², R', X, Ar ...);
- `assign_to_scaffolds`: which structure crop each row belongs to (the nearest drawing
  above it or to its left; a list sits under or beside its scaffold).

The visual stage (`chemx.agents.visual`) turns each row into a `Structure` that points
at the scaffold crop, and `chemx.visual.rgroups` builds its SMILES where it can.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace

from chemx.labels import parse_label, read_label
from chemx.records import Box, PrintedWord

R_NAME = r"(?:R\s?\d{1,2}|R[¹²³⁴⁵⁶⁷⁸⁹]|R[?*]|R['′″\"]{0,2}|Ar\d?['′]?|X|Y|\[Si\]|n)"
"""A group name in a row or a header cell (OCR reads a superscript 2 as '?' or '*')."""
_ASSIGNMENT = re.compile(rf"(?<![A-Za-z0-9])(?P<names>{R_NAME}(?:\s*,\s*{R_NAME})*)\s*=\s*")
_VALUE_END = re.compile(r"\s*\(|,\s+|\s*[:;|]\s*|\s+(?=\d)|\s+and\s+")
"""Where the last value of a row ends: its yield '(91%)', ', 60%', ': 30', '; 5 h'."""
_FOOTNOTE = "'′″”“\"®°*?ᵃᵇᶜᵈ"
_ROW_START = re.compile(
    rf"\s(?=(?:ent-)?\d{{1,3}}[a-z]{{0,3}}[{_FOOTNOTE}]{{0,2}}"
    r"(?:[,;:]\s*(?:R|Ar|X|Y)\S{0,2}\s*=|[;:]\s*(?:\d|not|trace)))"
)
"""A second row's label inside one merged line ('... 2g: R = CN', '... 3da; 82%')."""
_SUPERSCRIPT_DIGITS = str.maketrans("¹²³⁴⁵⁶⁷⁸⁹", "123456789")
_ROW_FIXES: tuple[tuple[re.Pattern[str], str], ...] = (
    (re.compile(r"[‘'`(ᵗ]Bu\b"), "tBu"),
    (re.compile(r"\bCI(?=[a-zA-Z0-9,\s)]|$)"), "Cl"),
    (re.compile(r"\bCO,(?=Me|Et|H)"), "CO2"),
)
"""OCR slips inside row text fixed before parsing (a superscript t read as a quote)."""
LABEL_HEADERS = frozenset({"compd", "compound", "cmpd", "cpd", "no", "no.", "product", "#", "id"})
NOT_LABEL_HEADERS = frozenset({"entry", "run"})
"""An 'entry' column numbers experiments (conditions), not compounds."""
MIN_LABEL_SHARE = 0.6
"""A column is the label column when this share of its cells read as compound labels."""
MAX_PREFIX_CHARS = 14
"""A label before the first assignment is short ('ent-3ar', 'N-Me-X1'): longer is prose."""
MAX_REACH_FACTOR = 8.0
"""A row belongs to a drawing at most this many row heights away."""


def canonical_name(name: str) -> str:
    """'R¹' and 'R 1' -> 'R1'; 'R′' -> "R'"; 'R?' and 'R*' (OCR's superscript 2) -> 'R2'."""
    text = name.translate(_SUPERSCRIPT_DIGITS).replace(" ", "")
    text = text.replace("′", "'").replace("″", "''").replace('"', "''")
    if text in ("R?", "R*"):
        return "R2"
    return text


@dataclass(frozen=True)
class SeriesRow:
    """One compound of a series: its label, its groups and the rest of its row."""

    label: str
    """As read (before it is squared with the paper's text)."""
    substituents: dict[str, str]
    """Group name -> value as printed, in row order: {'R': 'Ph', 'R2': 'OMe'}."""
    activity: str
    """The rest of the row as text: yields, ee, dr, IC50 ('42%, 95% ee')."""
    text: str
    """The whole row as read."""
    box: Box | None = None
    """Where the row is in the figure (pixels), when known."""
    source: str = "text-layer"
    """'text-layer' or 'ocr:<engine>'."""
    confidence: float = 1.0


def split_row_line(text: str) -> list[str]:
    """A line that ran two grid cells together, cut before each further row's label."""
    parts = _ROW_START.split(" " + text.strip())
    return [part.strip() for part in parts if part.strip()]


def _fix(text: str) -> str:
    for pattern, replacement in _ROW_FIXES:
        text = pattern.sub(replacement, text)
    return text


def _label(token: str) -> str | None:
    core = token.strip().strip(",;:.|-").strip()
    primes = len(core) - len(core.rstrip("'′"))
    core = core.rstrip(_FOOTNOTE) + "'" * primes if primes == 1 else core.rstrip(_FOOTNOTE)
    strict = read_label(core)
    if strict is not None:
        # as printed: OCR's look-alike repair would turn a real '3ga' into '39a'; the
        # visual stage squares the label with the paper's text afterwards
        return strict.text
    parsed = parse_label(core)
    return parsed.label if parsed.kind == "label" else None


def parse_row_line(text: str) -> SeriesRow | None:
    """Label, substituents and the rest of one printed row; None if it is not one.

    Three layouts are read: the label first ('2a: R = H (91%)', '10, R = Me, 60%'), the
    groups first with the label after a colon ('R = p-Me : 30, 83% (4 h)'), or with the
    label in brackets at the end ('R = H, glyclauxin B (3)').

    >>> row = parse_row_line("3da, R = Ph, R2 = OMe, 42%, 95% ee")
    >>> row.label, row.substituents, row.activity
    ('3da', {'R': 'Ph', 'R2': 'OMe'}, '42%, 95% ee')
    """
    line = _fix(" ".join(text.split()))
    matches = list(_ASSIGNMENT.finditer(line))
    if not matches:
        return None
    substituents: dict[str, str] = {}
    rest = ""
    for index, match in enumerate(matches):
        names = [canonical_name(n) for n in re.split(r"\s*,\s*", match.group("names"))]
        if index + 1 < len(matches):
            value = line[match.end() : matches[index + 1].start()]
            value = re.sub(r"(?:,|\s+and)\s*$", "", value.strip())
        else:
            tail = line[match.end() :]
            end = _VALUE_END.search(tail)
            value, rest = (tail[: end.start()], tail[end.start() :]) if end else (tail, "")
        value = value.strip().strip("_.,;")
        if not value:
            return None
        for name in names:
            substituents[name] = value
    prefix = line[: matches[0].start()].strip()
    label: str | None
    if prefix:
        if len(prefix) > MAX_PREFIX_CHARS:
            return None
        label = _label(prefix.split()[-1] if " " in prefix else prefix)
    else:
        label, rest = _label_after_groups(rest)
    if label is None:
        return None
    activity = rest.strip().lstrip(",;:|").strip()
    return SeriesRow(label=label, substituents=substituents, activity=activity, text=text)


def _label_after_groups(rest: str) -> tuple[str | None, str]:
    """The label of a groups-first row, and what is left of the row."""
    colon = re.match(r"\s*:\s*(?P<label>[^\s,;]+)\s*[,;]?(?P<rest>.*)$", rest)
    if colon:
        return _label(colon.group("label")), colon.group("rest")
    bracket = re.search(r"\((?P<label>[^()\s]{1,8})\)\s*$", rest)
    if bracket:
        return _label(bracket.group("label")), rest[: bracket.start()]
    return None, rest


def parse_table(
    region_text: str, names_label: Callable[[str], bool] | None = None
) -> list[SeriesRow]:
    """The compound rows of a table given as text (rows by line, cells by tab).

    Args:
        region_text: `Figure.region_text` of a table.
        names_label: Whether the paper's text names a label (`PaperLabels.names`): the
            label column is the one whose cells the text names most. None: any column
            of labels.

    Returns:
        One row per body line whose cells line up with the header, if the header has
        R-group columns and the table has a label column; else [].
    """
    lines = [line.split("\t") for line in region_text.splitlines() if line.strip()]
    for index, cells in enumerate(lines):
        headers = [cell.strip() for cell in cells]
        groups = [i for i, h in enumerate(headers) if re.fullmatch(R_NAME, h)]
        if groups and len(headers) >= 2:
            body = [row for row in lines[index + 1 :] if len(row) == len(headers)]
            return _table_rows(headers, groups, body, names_label)
    return []


def _table_rows(
    headers: list[str],
    groups: list[int],
    body: list[list[str]],
    names_label: Callable[[str], bool] | None,
) -> list[SeriesRow]:
    def score(column: int) -> float:
        if headers[column].lower() in NOT_LABEL_HEADERS or not body:
            return 0.0
        labels = [_label(row[column]) for row in body]
        read = [label for label in labels if label is not None]
        if len(read) < MIN_LABEL_SHARE * len(body):
            return 0.0
        named = sum(names_label(label) for label in read) if names_label else len(read)
        bonus = 0.5 if headers[column].lower() in LABEL_HEADERS else 0.0
        return named / len(body) + bonus

    candidates = [c for c in range(len(headers)) if c not in groups]
    best = max(candidates, key=score, default=None)
    if best is None or score(best) == 0.0:
        return []
    rows = []
    for cells in body:
        label = _label(cells[best])
        if label is None:
            continue
        substituents = {canonical_name(headers[c]): cells[c].strip() for c in groups}
        activity = "; ".join(
            f"{headers[c]}: {cells[c].strip()}"
            for c in range(len(headers))
            if c != best and c not in groups and cells[c].strip()
        )
        rows.append(SeriesRow(label, substituents, activity, "\t".join(cells), source="text-layer"))
    return rows


def rows_from_line(text: str, box: Box, source: str, confidence: float) -> list[SeriesRow]:
    """The rows of one printed line; a line that ran two grid cells together gives two.

    Each row of a merged line keeps the line's height and takes its share of the width
    (by characters), which is enough to place it on its drawing.
    """
    parts = split_row_line(text)
    x0, y0, x1, y1 = box
    total = max(1, sum(len(part) for part in parts))
    rows, offset = [], 0
    for part in parts:
        left = x0 + (x1 - x0) * offset // total
        offset += len(part)
        right = x0 + (x1 - x0) * offset // total
        row = parse_row_line(part)
        if row is not None:
            rows.append(
                replace(row, box=(left, y0, right, y1), source=source, confidence=confidence)
            )
    return rows


def table_scaffold(boxes: Sequence[Box], words: Sequence[PrintedWord]) -> int | None:
    """The drawing a text-layer table's rows belong to (an index into `boxes`).

    The one drawing with R labels printed in it, else the only drawing of the table's
    artwork; None when neither tells.
    """
    from chemx.labels.scaffold import scaffold_labels

    drawn = [i for i, box in enumerate(boxes) if scaffold_labels(box, words)]
    if len(drawn) == 1:
        return drawn[0]
    return 0 if len(boxes) == 1 else None


@dataclass
class ScaffoldRows:
    """The rows placed on one drawing (an index into the figure's structure crops)."""

    crop_index: int
    rows: list[SeriesRow] = field(default_factory=list)


LEFT_PENALTY = 1.5
"""Extra cost, in row heights, of a row list printed to a drawing's left instead of its right.

Scope schemes put "16: R = OMe, 75%" lines beside the drawing they resolve, on either
side; a drawing above the list at several row heights' distance is a worse owner than
the one the list sits level with, but of two drawings the list sits between, the one it
follows (on its left) is preferred."""


MAX_LEFT_GAP_FACTOR = 2.0
"""A list on a drawing's left sits right against it, level with it (at most this many
row heights away): a row farther left is the end of another drawing's list."""


def _cost(crop: Box, row: Box) -> float | None:
    """How far a row is from a drawing it may belong to, in row heights; None if not."""
    height = max(1, row[3] - row[1])
    overlap_x = min(crop[2], row[2]) - max(crop[0], row[0])
    below = row[1] - crop[3]
    if overlap_x > 0 and below >= -height:
        return max(0.0, below) / height
    centre = (row[1] + row[3]) / 2
    if not crop[1] - 2 * height <= centre <= crop[3] + 2 * height:
        return None
    right = row[0] - crop[2]
    if right >= -height:
        return 1.0 + max(0.0, right) / height
    left = crop[0] - row[2]
    level = crop[1] <= centre <= crop[3]
    if level and -height <= left <= MAX_LEFT_GAP_FACTOR * height:
        return 1.0 + LEFT_PENALTY + max(0.0, left) / height
    return None


def assign_to_scaffolds(rows: Sequence[SeriesRow], crops: Sequence[Box]) -> list[ScaffoldRows]:
    """Each row with a box goes to the nearest drawing above it or to its left.

    Rows of a list continue their first row: a row whose nearest drawing is too far
    takes the drawing of the row just above it when the two are level on the left.
    """
    placed: dict[int, ScaffoldRows] = {}
    previous: tuple[Box, int] | None = None
    for row in sorted((r for r in rows if r.box is not None), key=lambda r: (r.box or (0,) * 4)[1]):
        box = row.box
        assert box is not None
        costs = [
            (cost, i) for i, crop in enumerate(crops) if (cost := _cost(crop, box)) is not None
        ]
        choice = min(costs)[1] if costs and min(costs)[0] <= MAX_REACH_FACTOR else None
        if choice is None and previous is not None:
            above, index = previous
            if abs(above[0] - box[0]) <= (box[3] - box[1]) and 0 <= box[1] - above[3] <= 2 * (
                box[3] - box[1]
            ):
                choice = index
        if choice is None:
            continue
        placed.setdefault(choice, ScaffoldRows(choice)).rows.append(row)
        previous = (box, choice)
    return [placed[i] for i in sorted(placed)]
