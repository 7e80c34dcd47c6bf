"""The loopback fixture server, fast backoff, and no NCBI settings from the environment."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from chemx.sources.pmc import _http
from tests.sources.pmc._server import FixtureServer


@pytest.fixture(autouse=True)
def _fast_backoff(monkeypatch: pytest.MonkeyPatch) -> None:
    """Backoff of milliseconds (a `Retry-After` the server sends is still honoured)."""
    monkeypatch.setattr(_http, "BACKOFF_INITIAL_S", 0.01)
    monkeypatch.setattr(_http, "BACKOFF_MAX_S", 0.05)
    monkeypatch.delenv("NCBI_API_KEY", raising=False)
    monkeypatch.delenv("CHEMX_NCBI_EMAIL", raising=False)


@pytest.fixture
def pmc_server() -> Iterator[FixtureServer]:
    server = FixtureServer().start()
    try:
        yield server
    finally:
        server.stop()
