"""Display items to figure records: the picture, the caption, the text inside.

Each captioned region becomes a figure labelled as printed ("Scheme 2", "Table 1"),
with its caption, its picture and the text printed inside it (a table's cells by row,
so that a SAR table's compound numbers and substituents stay with it). A caption with
no artwork beside it is kept and rejected as `image_missing`. Embedded pictures that no
caption claims (a graphical abstract, an uncaptioned photograph) are kept unlabelled, as
before; logos and repeated images are not.
"""

from __future__ import annotations

import io
from dataclasses import dataclass, field

import pymupdf
from PIL import Image

from chemx.images import MAX_PIXELS, ImageProblem, inspect_image
from chemx.records import Figure, PrintedWord
from chemx.sources._assemble import attach_image, new_figure, reject, sha256_hex
from chemx.sources._base import ParsedPaper
from chemx.sources._pdf_captions import Caption
from chemx.sources._pdf_figures import NotAPicture, image_png, render_region, visible
from chemx.sources._pdf_pages import Box, Line, Page, area, inside
from chemx.sources._pdf_regions import Region
from chemx.text.figure_mentions import split_caption_label

_MIN_PLACED_SIDE = 30.0
"""Points: an uncaptioned picture smaller than this on the page is an icon."""


@dataclass
class ItemOptions:
    """How pictures are taken: minimum image side (pixels) and render resolution."""

    min_image_side: int = 50
    render_dpi: int = 150


@dataclass
class PageItems:
    """What one page contributed: boxes that are display items (not text)."""

    boxes: list[Box] = field(default_factory=list)
    notes: list[Box] = field(default_factory=list)
    """Lines of the items' small print (footnotes): not running text either."""


def add_items(
    pdf: pymupdf.Document,
    page: Page,
    regions: list[Region],
    orphans: list[Caption],
    parsed: ParsedPaper,
    seen: set[str],
    options: ItemOptions,
) -> PageItems:
    """Add the page's display items (and unclaimed pictures) to `parsed` as figures."""
    result = PageItems()
    prefix = f"{parsed.paper.source_path}: page {page.number}"
    mupdf_page = pdf[page.number - 1]
    claimed_images: set[int] = set()
    entries: list[
        tuple[
            Box, Caption | None, bytes | None, tuple[str, str] | None, str, tuple[PrintedWord, ...]
        ]
    ] = []
    for number, region in enumerate(regions, start=1):
        name = f"{prefix} {region.caption.label}"
        claimed_images.update(region.image_indices)
        for index in region.image_indices:  # a logo repeated on later pages is no figure
            seen.add(f"xref:{page.images[index][0]}")
        data, problem, covered = _picture(pdf, mupdf_page, page, region, options, name)
        words: tuple[PrintedWord, ...] = ()
        if data is not None:
            try:
                with Image.open(io.BytesIO(data)) as picture:
                    words = printed_words(region.text_lines, covered, picture.size)
            except (OSError, ValueError, Image.DecompressionBombError):
                words = ()  # attach_image records why the picture is unusable
        entries.append((region.box, region.caption, data, problem, _region_text(region), words))
        result.boxes.append(region.box)
        result.notes.extend(note.box for note in region.notes)
        del number
    for index, (xref, box, width, height) in enumerate(page.images):
        if index in claimed_images or min(width, height) < options.min_image_side:
            continue
        if min(box[2] - box[0], box[3] - box[1]) < _MIN_PLACED_SIDE:
            continue  # an icon or badge, however many pixels it has
        if any(inside(box, taken, 0.5) for taken in result.boxes):
            continue
        if xref and f"xref:{xref}" in seen:
            continue
        seen.add(f"xref:{xref}")
        name = f"{prefix} image {index + 1}"
        data, problem = _single_image(pdf, mupdf_page, xref, box, (width, height), name, options)
        if data is not None:
            digest = sha256_hex(data)
            if digest in seen or not _shows_something(data, name):
                continue
            seen.add(digest)
        entries.append((box, None, data, problem, "", ()))
        result.boxes.append(box)
    entries.sort(key=lambda entry: (entry[0][1], entry[0][0]))
    for position, (box, caption, data, problem, text, words) in enumerate(entries, start=1):
        figure = _figure(parsed, page, f"item{position}", caption).model_copy(
            update={
                "region_text": text,
                "printed_words": words,
                "page_box": tuple(round(v, 2) for v in box),
            }
        )
        if data is not None:
            figure = attach_image(parsed, figure, data, f"{prefix} item {position}")
        elif problem is not None:
            reject(parsed, figure, *problem)
        parsed.figures.append(figure)
    for index, caption in enumerate(orphans, start=1):
        figure = _figure(parsed, page, f"caption{index}", caption)
        label = figure.label
        reject(
            parsed,
            figure,
            "image_missing",
            f"{prefix}: caption {label!r} has no image or drawing next to it",
        )
        parsed.figures.append(figure)
    return result


def _figure(parsed: ParsedPaper, page: Page, key: str, caption: Caption | None) -> Figure:
    """A new figure of the page, labelled and captioned as printed."""
    label, caption_text = _label(caption)
    return new_figure(
        parsed.paper.id,
        f"p{page.number}-{key}",
        "pymupdf",
        label=label,
        caption=caption_text,
        page=page.number,
    )


def _label(caption: Caption | None) -> tuple[str | None, str]:
    if caption is None:
        return None, ""
    split = split_caption_label(caption.text)
    if split is None:
        return caption.label, caption.text
    return split


def _picture(
    pdf: pymupdf.Document,
    mupdf_page: pymupdf.Page,
    page: Page,
    region: Region,
    options: ItemOptions,
    name: str,
) -> tuple[bytes | None, tuple[str, str] | None, Box]:
    """The region's picture, and the part of the page it covers.

    The picture is its one image at full resolution, or a render of the region.
    """
    images = region.image_indices
    if len(images) == 1:
        xref, box, width, height = page.images[images[0]]
        if area(box) >= 0.85 * area(region.box):
            data, problem = _single_image(
                pdf, mupdf_page, xref, region.box, (width, height), name, options
            )
            if data is not None or problem is not None:
                return data, problem, region.box
    x0, y0, x1, y1 = region.box
    covered = (max(x0 - 2, page.box[0]), max(y0 - 2, page.box[1]), min(x1 + 2, page.box[2]),
               min(y1 + 2, page.box[3]))  # fmt: skip
    return render_region(mupdf_page, region.box, options.render_dpi), None, covered


def printed_words(
    lines: list[Line], covered: Box, size: tuple[int, int]
) -> tuple[PrintedWord, ...]:
    """The item's text lines in the picture's pixels (`covered` is the page area it shows)."""
    sx = size[0] / max(covered[2] - covered[0], 1e-6)
    sy = size[1] / max(covered[3] - covered[1], 1e-6)
    words = []
    for line in lines:
        text = " ".join(line.text.split())
        if text:
            box = line.box
            words.append(
                PrintedWord(
                    text=text,
                    box=(
                        round((box[0] - covered[0]) * sx), round((box[1] - covered[1]) * sy),
                        round((box[2] - covered[0]) * sx), round((box[3] - covered[1]) * sy),
                    ),
                )
            )  # fmt: skip
    return tuple(words)


def _single_image(
    pdf: pymupdf.Document,
    mupdf_page: pymupdf.Page,
    xref: int,
    box: Box,
    size: tuple[int, int],
    name: str,
    options: ItemOptions,
) -> tuple[bytes | None, tuple[str, str] | None]:
    """One embedded image as PNG; a stencil mask is rendered from the page instead."""
    if size[0] * size[1] > MAX_PIXELS:
        return None, (
            "image_too_large",
            f"{name}: {size[0]}x{size[1]} pixels, over the {MAX_PIXELS / 1e6:.0f} MP limit",
        )
    try:
        return image_png(pdf, mupdf_page, xref, box), None
    except NotAPicture:
        return render_region(mupdf_page, box, options.render_dpi), None
    except (RuntimeError, ValueError) as exc:
        return None, ("image_corrupt", f"{name}: cannot decode the image ({exc})")


def _shows_something(data: bytes, name: str) -> bool:
    try:
        inspect_image(data, name)
    except ImageProblem:
        return True  # kept: attach_image records the problem
    return visible(data, name)


def _region_text(region: Region) -> str:
    """The region's text: rows (same baseline) of tab-separated cells, then notes."""
    text = _rows(region.text_lines)
    notes = [note.line for note in region.notes if note.line is not None]
    if notes:
        text += "\n\n" + " ".join(" ".join(line.text.split()) for line in notes)
    return text


def _rows(lines: list[Line]) -> str:
    rows: list[list[Line]] = []
    for line in lines:
        if rows and abs(rows[-1][0].box[1] - line.box[1]) <= 3:
            rows[-1].append(line)
        else:
            rows.append([line])
    return "\n".join(
        "\t".join(" ".join(line.text.split()) for line in sorted(row, key=lambda x: x.box[0]))
        for row in rows
    )
