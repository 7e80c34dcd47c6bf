"""Shared fixtures for the grounding tests: the sample corpus acquired once, gold structures.

Acquiring the 14 sample papers takes about a second; MiniLM loads once per session.
"""

from __future__ import annotations

import shutil
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from chemx.agents.grounding import GroundingBackends
from chemx.devkit.grounding_gold import insert_gold_structures
from chemx.devkit.sample_gold import load_gold
from chemx.pipeline import BuildSettings, run_build
from chemx.provenance.store import ProvenanceStore
from chemx.registry import BackendContext, SharedModels
from chemx.settings import GroundingSettings


@pytest.fixture(scope="session")
def gold() -> dict[str, Any]:
    """The sample corpus gold file."""
    return load_gold()


@pytest.fixture(scope="session")
def acquired_sample(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The sample corpus built `--until acquire` (read-only template: copy before writing)."""
    out = tmp_path_factory.mktemp("sample-acquired")
    run_build(BuildSettings(corpus="sample", out=out, until="acquire", workers=2))
    return out


@pytest.fixture
def gold_store_copy(
    acquired_sample: Path, gold: dict[str, Any], tmp_path: Path
) -> Callable[..., Path]:
    """`make(papers=None)`: a fresh copy of the acquired sample with gold structures added."""

    def make(papers: set[str] | None = None) -> Path:
        out = tmp_path / f"store-{len(list(tmp_path.iterdir()))}"
        shutil.copytree(acquired_sample, out, ignore=shutil.ignore_patterns(".writer.lock"))
        with ProvenanceStore(out) as store:
            insert_gold_structures(store, gold, papers=papers)
        return out

    return make


@pytest.fixture(scope="session")
def shared_models() -> SharedModels:
    """MiniLM and the explanatory classifier, loaded once for the whole session."""
    return SharedModels()


@pytest.fixture(scope="session")
def make_backends(shared_models: SharedModels) -> Callable[..., GroundingBackends]:
    """`make(settings=GroundingSettings(), client=None)`: backends sharing the loaded models."""

    def make(settings: GroundingSettings | None = None, client: Any = None) -> GroundingBackends:
        settings = settings or GroundingSettings()
        context = BackendContext(settings, client, "cpu", shared_models)
        return GroundingBackends.build(settings, context)

    return make


@pytest.fixture(scope="session")
def offline_backends(make_backends: Callable[..., GroundingBackends]) -> GroundingBackends:
    """The default offline backends (MiniLM expansion, classifier QC 2), loaded once."""
    return make_backends()
