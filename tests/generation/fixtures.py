"""Session fixtures for the generation, trace and release tests: one default sample build.

Registered for the whole suite in `tests/conftest.py` (`pytest_plugins`). The build of
`chemx build --corpus sample` is the slow part (OSRA reads ~45 crops), so it runs once
per session, into pytest's own temporary folder, and only when a test asks for it.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, NamedTuple

import pytest

if TYPE_CHECKING:
    from chemx.grounding.encoder import SentenceEncoder
    from chemx.pipeline.report import BuildReport


class SampleBuild(NamedTuple):
    """The default build of the sample corpus (read-only: copy it before writing)."""

    out: Path
    """The build folder (store, blobs, report)."""
    report: BuildReport


@pytest.fixture(scope="session")
def sample_build(tmp_path_factory: pytest.TempPathFactory) -> SampleBuild:
    """The default build of the sample corpus, made once per session.

    Skips the requesting test when OSRA is missing: without its SMILES the template
    generator finds three visible features for almost no structure (2 items instead of
    30 on the sample), so what these tests measure would not be there.
    """
    from chemx.pipeline import BuildSettings, run_build
    from chemx.visual.ocsr import osra_path

    if osra_path() is None:
        pytest.skip("osra is not installed (Debian/Ubuntu: apt install osra)")
    out = tmp_path_factory.mktemp("sample-build") / "out"
    report = run_build(BuildSettings(corpus="sample", out=out, workers=4))
    return SampleBuild(out, report)


@pytest.fixture(scope="session")
def encoder() -> SentenceEncoder:
    """MiniLM, loaded once for the validation tests."""
    from chemx.grounding.encoder import load_encoder

    return load_encoder("cpu")
