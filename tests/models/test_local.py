"""The optional llama.cpp backend: install hint, command line, and the process lifecycle.

llama-cpp-python is not installed for the tests; the lifecycle test puts a stand-in
`llama_cpp.server` package (which runs the fake OpenAI server) on PYTHONPATH instead.
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from pydantic import BaseModel

from chemx.models import (
    CallOk,
    LocalBackendUnavailable,
    LocalServer,
    LocalServerError,
    Message,
    ModelClient,
    ModelsConfig,
    llama_server_command,
    local,
)

REPO = Path(__file__).resolve().parents[2]


def test_command_line():
    command = llama_server_command(
        "/models/qwen.gguf", port=8123, chat_format="chatml", python="/usr/bin/python3"
    )
    assert command == [
        "/usr/bin/python3",
        "-m",
        "llama_cpp.server",
        "--model",
        "/models/qwen.gguf",
        "--host",
        "127.0.0.1",
        "--port",
        "8123",
        "--n_ctx",
        "4096",
        "--chat_format",
        "chatml",
    ]
    vlm = llama_server_command(
        "m.gguf", port=1, chat_format="llava-1-5", n_ctx=8192, clip_model_path="mmproj.gguf"
    )
    assert vlm[0] == sys.executable
    assert vlm[vlm.index("--n_ctx") + 1] == "8192"
    assert vlm[-2:] == ["--clip_model_path", "mmproj.gguf"]


def test_missing_package_error_says_how_to_install(monkeypatch, tmp_path):
    monkeypatch.setattr(local, "_find_spec", lambda name: None)
    model = tmp_path / "m.gguf"
    model.write_bytes(b"GGUF")
    server = LocalServer(model, chat_format="chatml")
    with pytest.raises(LocalBackendUnavailable) as info:
        server.start()
    message = str(info.value)
    assert (
        "CMAKE_ARGS=\"-DGGML_NATIVE=OFF\" pip install --no-cache-dir 'llama-cpp-python[server]'"
        in message
    )
    assert "AMX" in message and "llama_cpp" in message
    assert not server.running


def test_missing_model_file(monkeypatch, tmp_path):
    monkeypatch.setattr(local, "_find_spec", lambda name: object())
    with pytest.raises(LocalServerError, match="GGUF model file not found"):
        LocalServer(tmp_path / "absent.gguf", chat_format="chatml").start()


class Anything(BaseModel):
    pass


@pytest.fixture
def stand_in_llama_cpp(tmp_path, monkeypatch) -> dict[str, str]:
    """A `llama_cpp.server` module that serves the fake OpenAI server on --port."""
    package = tmp_path / "stub" / "llama_cpp" / "server"
    package.mkdir(parents=True)
    (package.parent / "__init__.py").write_text("")
    (package / "__init__.py").write_text("")
    (package / "__main__.py").write_text(
        "from tests.fakes.openai_server import main\n\nmain()\n", encoding="utf-8"
    )
    monkeypatch.setattr(local, "_find_spec", lambda name: object())
    return {"PYTHONPATH": f"{tmp_path / 'stub'}:{REPO}"}


def test_server_lifecycle_and_role_config(stand_in_llama_cpp, tmp_path):
    model = tmp_path / "tiny.gguf"
    model.write_bytes(b"GGUF")
    server = LocalServer(model, chat_format="chatml", env=stand_in_llama_cpp, startup_timeout_s=30)
    with server:
        assert server.running
        role = server.role_config(timeout_s=10)
        assert role.base_url == f"http://127.0.0.1:{server.port}/v1"
        assert role.structured_output == "json_object_schema"
        assert role.concurrency == 1 and role.model == "tiny.gguf" and role.timeout_s == 10
        config = ModelsConfig.load(None).with_role("identifier", role)
        with ModelClient(config) as client:
            result = client.complete_sync("identifier", [Message.user("hi")], Anything)
        assert isinstance(result, CallOk)
    assert not server.running


def test_server_that_dies_reports_its_log(monkeypatch, tmp_path):
    monkeypatch.setattr(local, "_find_spec", lambda name: object())
    model = tmp_path / "tiny.gguf"
    model.write_bytes(b"GGUF")
    server = LocalServer(
        model, chat_format="chatml", env={"PYTHONPATH": str(tmp_path)}, startup_timeout_s=30
    )
    with pytest.raises(
        LocalServerError, match=r"(?s)exited with code 1:.*No module named 'llama_cpp'"
    ):
        server.start()
    assert not server.running
