"""Optional OSRA structure recognition: never required, never fatal.

The subprocess handling is tested with a stand-in `osra` script on PATH, so it runs
everywhere; the tests that need the real binary skip when it is absent.
"""

from __future__ import annotations

import json
import os
import stat
import subprocess
from pathlib import Path

import pytest
from PIL import Image

from chemx.visual import ocsr
from chemx.visual.ocsr import SmilesResult, canonical_smiles, osra_version, recognise_smiles
from tests.qc._images import SAMPLE, rdkit_drawing

OSRA_ABSENT = ocsr.osra_path() is None
SAMPLE_SINGLE_MOLECULE_FLOOR = 0.2
"""Exact canonical SMILES on the sample's single-molecule crops: measured 1/5 = 0.20 with
OSRA 2.1.3 (Debian) on 2026-12-01. The other four fail on stereo, a charged aromatic N,
an N-methyl pyrazole and a boronic acid (osra reads B as S); a drop below this is a
regression in the crop preparation (padding, upscaling) or in the OSRA install."""
NEEDS_OSRA = pytest.mark.skipif(
    OSRA_ABSENT, reason="OSRA is optional and not installed (apt-get install -y osra)"
)


@pytest.fixture
def drawing() -> Image.Image:
    return rdkit_drawing("CC(=O)Oc1ccccc1C(=O)O", (300, 300))


def fake_osra(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, script: str) -> None:
    """Put an `osra` shell script first on PATH."""
    path = tmp_path / "osra"
    path.write_text(f"#!/bin/sh\n{script}\n")
    path.chmod(path.stat().st_mode | stat.S_IEXEC)
    monkeypatch.setenv("PATH", f"{tmp_path}{os.pathsep}{os.environ['PATH']}")


def test_missing_osra_is_a_reason_not_an_error(
    monkeypatch: pytest.MonkeyPatch, drawing: Image.Image
) -> None:
    monkeypatch.setenv("PATH", "/nonexistent")
    result = recognise_smiles(drawing)
    assert result == SmilesResult(None, "osra", "osra not installed", transient=True)
    assert osra_version() is None


@pytest.mark.parametrize(
    ("output", "smiles", "reason"),
    [
        ("c1ccccc1C", "Cc1ccccc1", None),
        ("c1ccccc1C 0.87", "Cc1ccccc1", None),
        ("", None, "osra found no structure"),
        ("CCO\\nCCN", None, "osra found 2 structures in one crop"),
        ("C*CC", None, "osra left an unresolved atom or abbreviation in 'C*CC'"),
        ("C1CC", None, "osra wrote SMILES RDKit cannot parse: 'C1CC'"),
        # a drawn "N+" read as a neutral N with four bonds: the imidazolium it must be
        ("CCCCN1C=C[N](=C1)C", "CCCCn1cc[n+](C)c1", None),
        ("C[N](C)(C)C", "C[N+](C)(C)C", None),
    ],
)
def test_osra_output_is_parsed_and_canonicalised(
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    drawing: Image.Image,
    output: str,
    smiles: str | None,
    reason: str | None,
) -> None:
    fake_osra(tmp_path, monkeypatch, f'printf "{output}\\n"' if output else "true")
    result = recognise_smiles(drawing)
    assert (result.smiles, result.reason) == (smiles, reason)
    assert result.backend == "osra"


@pytest.mark.parametrize(
    ("read", "restored"),
    [
        ("F[B](F)(F)F", "F[B-](F)(F)F"),  # a borate drawn "B−"
        ("C[O](C)C", None),  # an oxonium in a drawing is OSRA's garbage, not a cation
        ("C[N](C)(C)CC[N](C)(C)C", None),  # two atoms to put right: misread elsewhere too
        ("Nc1ccc(cc1)[H](=O)[O-]", "Nc1ccc([N+](=O)[O-])cc1"),  # a nitro N read as H
        ("C[N](C)C", None),  # a valid amine: nothing to restore
        ("CCCCC[N+]1(=CCCC1)C", None),  # a charged atom is not touched
        ("C1=CC=CC=C1[C](C)(C)(C)C", None),  # no charge makes a five-bond carbon valid
    ],
)
def test_only_an_impossible_atom_is_put_right(read: str, restored: str | None) -> None:
    assert ocsr.restore_misreadings(read) == restored


def test_osra_failure_and_timeout(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, drawing: Image.Image
) -> None:
    fake_osra(tmp_path, monkeypatch, 'echo "bad image" >&2; exit 3')
    failed = recognise_smiles(drawing)
    assert failed.smiles is None and failed.reason == "osra failed (exit 3): bad image"
    fake_osra(tmp_path, monkeypatch, "sleep 5")
    slow = recognise_smiles(drawing, timeout_s=0.5)
    assert slow.smiles is None and slow.reason == "osra timed out after 0.5 s"


def test_osra_gets_a_padded_upscaled_png(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, drawing: Image.Image
) -> None:
    seen = tmp_path / "seen.txt"
    fake_osra(
        tmp_path, monkeypatch, f'for a in "$@"; do last="$a"; done; file "$last" > {seen}; echo C'
    )
    if subprocess.run(["which", "file"], capture_output=True, check=False).returncode:
        pytest.skip("the `file` utility is not installed")
    assert recognise_smiles(drawing).smiles == "C"
    width = drawing.width + 2 * ocsr.PAD_PX
    assert f"{width * ocsr.UPSCALE} x" in seen.read_text()


def test_an_unread_crop_is_read_again_larger_and_kept_only_when_read(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, drawing: Image.Image
) -> None:
    calls = tmp_path / "calls"
    # the first run leaves an unresolved atom; the second, larger image reads
    fake_osra(
        tmp_path,
        monkeypatch,
        f'echo x >> {calls}; if [ "$(wc -l < {calls})" -eq 1 ]; then echo "C*C"; '
        'else echo "CCO"; fi',
    )
    assert recognise_smiles(drawing).smiles == "CCO"
    assert len(calls.read_text().split()) == 2
    calls.unlink()
    fake_osra(tmp_path, monkeypatch, f'echo x >> {calls}; echo "C*C"')
    unread = recognise_smiles(drawing)
    assert unread.smiles is None and unread.raw == "C*C"  # the first reading's partial raw
    assert "unresolved atom" in (unread.reason or "")
    calls.unlink()
    fake_osra(tmp_path, monkeypatch, f"echo x >> {calls}; echo CCN")
    assert recognise_smiles(drawing).smiles == "CCN"
    assert len(calls.read_text().split()) == 1  # read at once: no second run


def test_tiny_crop_is_not_sent(drawing: Image.Image) -> None:
    if OSRA_ABSENT:
        pytest.skip("OSRA is optional and not installed (apt-get install -y osra)")
    result = recognise_smiles(drawing.resize((8, 8)))
    assert result.smiles is None and "too small" in (result.reason or "")


@NEEDS_OSRA
def test_real_osra_reads_clean_drawings() -> None:
    assert osra_version()
    for smiles in ("Cc1ccccc1", "CC(=O)Oc1ccccc1C(=O)O", "CC(=O)Nc1ccc(O)cc1"):
        result = recognise_smiles(rdkit_drawing(smiles, (300, 300)))
        assert result.smiles == canonical_smiles(smiles), result


@NEEDS_OSRA
def test_real_osra_on_sample_single_molecules() -> None:
    path = SAMPLE / "gold.json"
    if not path.exists():
        pytest.skip("the sample corpus is not generated")
    gold = json.loads(path.read_text(encoding="utf-8"))
    exact = total = 0
    for paper in gold["papers"]:
        for figure in paper["figures"]:
            if figure["class"] != "single_molecule":
                continue
            image = Image.open(SAMPLE / figure["image"]).convert("RGB")
            for structure in figure["structures"]:
                result = recognise_smiles(image.crop(tuple(structure["box"])))
                assert result.smiles is not None or result.reason, result
                if result.smiles is not None:
                    assert canonical_smiles(result.smiles) == result.smiles
                total += 1
                exact += result.smiles == canonical_smiles(structure["smiles"])
    print(f"osra exact canonical SMILES on sample single molecules: {exact}/{total}")
    assert total >= 3
    assert exact / total >= SAMPLE_SINGLE_MOLECULE_FLOOR, f"{exact}/{total}"


def test_a_crop_that_uses_up_the_cpu_limit_is_a_final_verdict(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, drawing: Image.Image
) -> None:
    fake_osra(tmp_path, monkeypatch, "while :; do :; done")
    result = recognise_smiles(drawing, cpu_limit_s=1, timeout_s=60)
    assert result.smiles is None and not result.transient
    assert result.reason == "osra used up its 1 s of CPU on this crop"


def test_a_wall_clock_timeout_without_cpu_use_is_transient(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, drawing: Image.Image
) -> None:
    fake_osra(tmp_path, monkeypatch, "exec sleep 30")
    result = recognise_smiles(drawing, cpu_limit_s=5, timeout_s=0.5)
    assert result.smiles is None and result.transient
    assert result.reason == "osra timed out after 0.5 s"


def test_ring_structures_counts_ring_molecules_of_seven_heavy_atoms() -> None:
    from chemx.visual.drawn_structures import ring_structures

    printed = "CCCCCCCC\nc1ccc2ccccc2c1C(=O)O\nC1CC1\nnot-a-smiles\nO=C1CCc2ccccc2N1 0.8\n"
    assert ring_structures(printed) == 2  # the acyclic chain and the small ring do not count


@NEEDS_OSRA
def test_osra_reads_the_ring_structures_of_a_whole_figure() -> None:
    panel = Image.new("RGB", (960, 320), "white")
    for index, smiles in enumerate(
        ["CC(=O)Oc1ccccc1C(=O)O", "O=C(O)c1ccc2ccccc2c1", "CN1C=NC2=C1C(=O)N(C)C(=O)N2C"]
    ):
        panel.paste(rdkit_drawing(smiles, (300, 300)), (10 + 320 * index, 10))
    found = ocsr.OsraReader().count_structures(panel)
    assert found.reason is None
    assert found.count is not None and found.count >= 2
    blank = ocsr.OsraReader().count_structures(Image.new("RGB", (600, 300), "white"))
    assert blank.count == 0


def test_a_figure_is_sent_without_its_colour_profile(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # OSRA cannot open a PNG that carries the HP sRGB profile of journal PDF figures
    # ("Cannot open file", exit 252); this stand-in fails the same way on any profile
    from PIL import ImageCms

    fake_osra(
        tmp_path,
        monkeypatch,
        'for f; do :; done; if grep -q iCCP "$f"; then echo "Cannot open file" >&2; exit 252; '
        "fi; echo c1ccc2ccccc2c1CCCC",
    )
    figure = Image.new("RGB", (300, 200), "white")
    figure.info["icc_profile"] = ImageCms.ImageCmsProfile(ImageCms.createProfile("sRGB")).tobytes()
    found = ocsr.OsraReader().count_structures(figure)
    assert found.reason is None and found.count == 1


def test_a_large_figure_is_sent_shrunk_to_the_longest_side(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from chemx.visual.drawn_structures import FIGURE_MAX_SIDE_PX

    sizes = tmp_path / "sizes"
    fake_osra(
        tmp_path,
        monkeypatch,
        f"for f; do :; done; python3 -c \"import struct,sys; b=open(sys.argv[1],'rb').read(24); "
        f'print(*struct.unpack(\'>II\', b[16:24]))" "$f" >> {sizes}; echo c1ccc2ccccc2c1CCCC',
    )
    ocsr.OsraReader().count_structures(Image.new("RGB", (2039, 2220), "white"))
    ocsr.OsraReader().count_structures(Image.new("RGB", (600, 300), "white"))
    read = [tuple(map(int, line.split())) for line in sizes.read_text().splitlines()]
    assert read[0][1] == FIGURE_MAX_SIDE_PX and read[0][0] < FIGURE_MAX_SIDE_PX
    assert read[1] == (600, 300)  # a smaller figure is never upscaled


def test_osra_exiting_with_the_cpu_signal_number_is_the_cpu_limit(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, drawing: Image.Image
) -> None:
    # the real OSRA handles SIGXCPU and exits 24 with no message
    fake_osra(tmp_path, monkeypatch, "exit 24")
    result = recognise_smiles(drawing, cpu_limit_s=3, timeout_s=60)
    assert result.reason == "osra used up its 3 s of CPU on this crop"
    assert not result.transient
