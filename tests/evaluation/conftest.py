"""Fixtures of the evaluation tests: small synthetic releases and run settings."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from chemx.evaluation.backends import EvalSettings
from chemx.evaluation.records import SamplingParams
from tests.evaluation._release import synthetic_rows, write_release
from tests.fakes.fixtures import FAST, KEY_ENV
from tests.fakes.openai_server import FakeOpenAIServer


@pytest.fixture(scope="session")
def small_release(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Eight items (answers A-D twice), read-only."""
    folder = tmp_path_factory.mktemp("release") / "r8"
    write_release(folder, synthetic_rows(8))
    return folder


@pytest.fixture
def settings_for(
    small_release: Path, tmp_path: Path, fake_server: FakeOpenAIServer, key_env: dict[str, str]
) -> Callable[..., EvalSettings]:
    """`settings_for(**fields)`: an openai run of the small release against the fake server."""

    def make(**fields: Any) -> EvalSettings:
        values: dict[str, Any] = {
            "release": small_release,
            "model": "fake-vlm",
            "backend": "openai",
            "trials": 3,
            "sampling": SamplingParams(temperature=0.6, top_p=0.9, max_tokens=256, seed=11),
            "out": tmp_path / "run",
            "base_url": fake_server.url,
            "api_key_env": KEY_ENV,
            "concurrency": 4,
            "timeout_s": FAST["timeout_s"],
            "max_retries": 1,
            **fields,
        }
        return EvalSettings.model_validate(values)

    return make
