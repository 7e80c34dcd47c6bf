"""Pytest fixtures shared by every test that talks to a model: the fake server and configs.

Registered for the whole suite in `tests/conftest.py` (`pytest_plugins`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

import pytest

from chemx.models import ModelsConfig
from tests.fakes.openai_server import FakeOpenAIServer

KEY_ENV = "CHEMX_TEST_API_KEY"
SECRET = "sk-test-7f3c9a1e5b2d4c6e8a0b1d3f5e7a9c2b"

FAST = {
    "backoff_initial_s": 0.01,
    "backoff_max_s": 0.05,
    "timeout_s": 5.0,
    "max_retries": 3,
    "output_retries": 2,
}


@pytest.fixture
def fake_server() -> Iterator[FakeOpenAIServer]:
    """A started fake server on a random free port; stopped after the test."""
    with FakeOpenAIServer() as server:
        yield server


@pytest.fixture
def key_env(monkeypatch: pytest.MonkeyPatch) -> dict[str, str]:
    """The test API key, set in the process environment."""
    monkeypatch.setenv(KEY_ENV, SECRET)
    return {KEY_ENV: SECRET}


@pytest.fixture
def make_config(
    fake_server: FakeOpenAIServer, key_env: dict[str, str]
) -> Callable[..., ModelsConfig]:
    """`make_config(role="identifier", **fields)`: a config pointing `role` at the fake server."""

    def make(role: str = "identifier", **fields: Any) -> ModelsConfig:
        table = {
            "base_url": fake_server.url,
            "model": "fake-vlm",
            "api_key_env": KEY_ENV,
            **FAST,
            **fields,
        }
        return ModelsConfig.load(None, {f"{role}.{k}": v for k, v in table.items()}, env=key_env)

    return make
