"""One default `chemx build --corpus sample` per test session, shared by generation,
trace and release tests (OSRA reads ~45 crops: the build is the slow part)."""

from __future__ import annotations

import atexit
import shutil
import tempfile
from functools import cache
from pathlib import Path

from chemx.pipeline import BuildSettings, run_build
from chemx.pipeline.report import BuildReport


def sample_build() -> tuple[Path, BuildReport]:
    """(store folder, report) of the default build of the sample corpus.

    Skips the calling test when OSRA is missing: without its SMILES the template
    generator finds three visible features for almost no structure (2 items instead of
    32 on the sample), so what these tests measure would not be there.
    """
    import pytest

    from chemx.visual.ocsr import osra_path

    if osra_path() is None:
        pytest.skip("osra is not installed (Debian/Ubuntu: apt install osra)")
    return _sample_build()


@cache
def _sample_build() -> tuple[Path, BuildReport]:
    folder = Path(tempfile.mkdtemp(prefix="chemx-sample-build-"))
    atexit.register(shutil.rmtree, folder, True)
    out = folder / "out"
    report = run_build(BuildSettings(corpus="sample", out=out, workers=4))
    return out, report


@cache
def encoder() -> object:
    """MiniLM, loaded once for the validation tests."""
    from chemx.grounding.encoder import load_encoder

    return load_encoder("cpu")
