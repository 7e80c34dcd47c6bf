"""Small real inputs written on the fly (JATS articles, PNG images) and shared paths.

Plain functions, imported by the tests that need them; fixtures live in conftest.py.
"""

from __future__ import annotations

import io
import struct
import zlib
from pathlib import Path

from PIL import Image, ImageDraw

from chemx.devkit.pdf_gold import shared_realworld as shared_realworld  # re-exported
from chemx.generation import GenerationContext
from chemx.generation.backends import McqResult, TemplateGenerator
from chemx.generation.catalogue import matched_keys
from chemx.generation.extract import Decomposition, decompose
from chemx.generation.features import VisibleFeature, structure_features
from chemx.generation.mcq import Mcq
from chemx.records import (
    Evidence,
    EvidenceSentence,
    ExplanatoryLabel,
    Option,
    SmilesReading,
    Structure,
    StructureRole,
)

REPO = Path(__file__).resolve().parents[1]


def png_bytes(width: int = 120, height: int = 80, text: str = "1") -> bytes:
    image = Image.new("RGB", (width, height), "white")
    draw = ImageDraw.Draw(image)
    draw.line((10, 10, width - 10, height - 20), fill="black", width=3)
    draw.text((width // 2, height - 15), text, fill="black")
    buffer = io.BytesIO()
    image.save(buffer, format="PNG")
    return buffer.getvalue()


def bomb_png_bytes(width: int = 10_000, height: int = 10_000) -> bytes:
    """A valid PNG header declaring a huge 1-bit image, a few KB on disk."""

    def chunk(tag: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + tag + data + struct.pack(">I", zlib.crc32(tag + data))

    header = struct.pack(">IIBBBBB", width, height, 1, 0, 0, 0, 0)
    row = b"\x00" + b"\xff" * ((width + 7) // 8)
    pixels = zlib.compress(row * height, 9)
    return (
        b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", pixels) + chunk(b"IEND", b"")
    )


def jats_text(
    doi: str,
    title: str = "Ring strain in a sample lactam",
    figures: tuple[tuple[str, str], ...] = (("f1", "img1.png"),),
    sentences: tuple[str, ...] = (
        'Compound <bold>1</bold> was prepared as shown in <xref ref-type="fig" rid="f1">Fig. 1</xref>.',
        "Its strained ring opens readily because the amide bond is twisted.",
    ),
) -> str:
    figs = "".join(
        f'<fig id="{key}"><label>Figure {i + 1}</label><caption><p>Structure of '
        f'<bold>{i + 1}</bold>.</p></caption><graphic xlink:href="{href}"/></fig>'
        for i, (key, href) in enumerate(figures)
    )
    return (
        '<?xml version="1.0" encoding="UTF-8"?>\n'
        '<article xmlns:xlink="http://www.w3.org/1999/xlink"><front><journal-meta>'
        "<journal-title-group><journal-title>Test Journal</journal-title></journal-title-group>"
        '<issn pub-type="epub">1234-5679</issn></journal-meta><article-meta>'
        f'<article-id pub-id-type="doi">{doi}</article-id>'
        f"<title-group><article-title>{title}</article-title></title-group>"
        '<pub-date pub-type="epub"><day>2</day><month>3</month><year>2024</year></pub-date>'
        '<permissions><license xlink:href="https://creativecommons.org/licenses/by/4.0/">'
        "<license-p>CC BY</license-p></license></permissions></article-meta></front>"
        f"<body><sec><title>Results</title><p>{' '.join(sentences)}</p>{figs}</sec></body></article>"
    )


def write_paper(folder: Path, name: str, doi: str, *, image: bytes | None = None) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"{name}.nxml"
    path.write_text(jats_text(doi, figures=(("f1", f"{name}_f1.png"),)), encoding="utf-8")
    (folder / f"{name}_f1.png").write_bytes(image if image is not None else png_bytes(text=name))
    return path


def molecule_structure(
    tag: str, identifier: str, reading: SmilesReading | None = None
) -> Structure:
    """A labelled molecule crop record for generation tests (ids end in `tag`, 2 hex)."""
    return Structure(
        id=f"str_00000000000000{tag}",
        parent_id=f"fig_00000000000000{tag}",
        backend="test",
        paper_id=f"pap_00000000000000{tag}",
        figure_id=f"fig_00000000000000{tag}",
        box=(0, 0, 10, 10),
        role=StructureRole.MOLECULE,
        image_sha256="0" * 64,
        identifier=identifier,
        reading=reading,
    )


def evidence_for(
    structure: Structure, sentences: tuple[EvidenceSentence, ...], credited: tuple[str, ...] = ()
) -> Evidence:
    """The evidence block of `structure` (its id takes the structure's tag)."""
    return Evidence(
        id=f"evi_{structure.id.removeprefix('str_')}",
        parent_id=structure.id,
        backend="test",
        paper_id=structure.paper_id,
        structure_id=structure.id,
        sentences=sentences,
        credited_sentence_ids=credited,
    )


def one_sentence_context(
    structure: Structure,
    sentence: str,
    *,
    visible: tuple[VisibleFeature, ...] = (),
    keys: frozenset[str] | None = None,
) -> GenerationContext:
    """A generation context whose evidence is one explanatory sentence about `structure`."""
    tag = structure.id[-2:]
    evidence = evidence_for(
        structure,
        (
            EvidenceSentence(
                sentence_id=f"sen_00000000000000{tag}",
                text=sentence,
                origin="identifier",
                label=ExplanatoryLabel.EXPLANATORY,
            ),
        ),
    )
    return GenerationContext(
        candidate_id=f"can_00000000000000{tag}",
        structure=structure,
        evidence=evidence,
        basis_index=0,
        entry_type="molecule",
        image=png_bytes(),
        visible=visible,
        structure_keys=keys,
    )


def template_context(label: str, smiles: str, sentence: str) -> GenerationContext:
    """One sentence about a structure read as `smiles` (features and keys from it).

    The reading is the structure's SMILES too, as the visual stage records a reading that
    parses: the generator compares distractors with the answer on its atoms.
    """
    structure = molecule_structure("ee", label, SmilesReading(text=smiles, source="osra"))
    structure = structure.model_copy(update={"smiles": smiles})
    return one_sentence_context(
        structure,
        sentence,
        visible=tuple(structure_features(smiles)),
        keys=frozenset(matched_keys(smiles)),
    )


def template_reason(label: str, smiles: str, sentence: str) -> str | None:
    """Why the offline template generator discards one sentence about `smiles`, or ''."""
    return TemplateGenerator().decompose(template_context(label, smiles, sentence)).reason


def template_written(label: str, smiles: str, sentence: str) -> McqResult:
    """What the offline template generator writes for one sentence about `smiles`.

    The structure is read as `smiles` (its features and catalogue keys from it); the test
    fails with the generator's reason when it does not decompose the sentence.
    """
    return context_written(template_context(label, smiles, sentence))


def context_written(context: GenerationContext) -> McqResult:
    """What the offline template generator writes for `context` (it must decompose it)."""
    generator = TemplateGenerator()
    decomposed = generator.decompose(context)
    assert decomposed.fields is not None, decomposed
    return generator.write_mcq(context, decomposed.fields)


def template_mcq(label: str, smiles: str, sentence: str) -> Mcq:
    """The item the offline template generator writes for one sentence (it must write one)."""
    written = template_written(label, smiles, sentence)
    assert written.mcq is not None, written
    return written.mcq


def template_answer(label: str, smiles: str, sentence: str) -> Option:
    """The correct option the offline template generator writes for one sentence."""
    mcq = template_mcq(label, smiles, sentence)
    return next(o for o in mcq.options if o.letter == mcq.answer)


def decomposed(sentence: str, previous: str | None = None) -> Decomposition:
    """The offline decomposition of `sentence`; the test fails with the reason if it has none."""
    found = decompose(sentence, previous)
    assert isinstance(found, Decomposition), found
    return found
