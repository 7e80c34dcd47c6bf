"""Optional `local` backend: a llama.cpp server (llama-cpp-python) for a user's GGUF file.

It starts `python -m llama_cpp.server` on 127.0.0.1, waits until `/v1/models` answers,
and hands back a `RoleConfig` that points the ordinary `ModelClient` at it; nothing else
in chemx knows the model is local. llama.cpp's server answers 500 to OpenAI's
`json_schema` response format, so the config uses `json_object_schema`, and it serves
one request at a time, so `concurrency` is 1.

llama-cpp-python is an extra, not a dependency: it compiles llama.cpp at install time.
"""

from __future__ import annotations

import atexit
import contextlib
import importlib.util
import os
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import httpx

from chemx.errors import BackendUnavailable
from chemx.models.config import RoleConfig

INSTALL_HINT = (
    "the local model backend needs llama-cpp-python with its server extra. Install it "
    "without native CPU tuning (the native build crashes in AMX code on this CPU):\n"
    "  CMAKE_ARGS=\"-DGGML_NATIVE=OFF\" pip install --no-cache-dir 'llama-cpp-python[server]'"
)
REQUIRED_MODULES: tuple[str, ...] = (
    "llama_cpp",
    "uvicorn",
    "fastapi",
    "sse_starlette",
    "starlette_context",
    "pydantic_settings",
)
"""Top-level modules of llama-cpp-python[server]; checked without importing llama_cpp."""

_find_spec = importlib.util.find_spec


class LocalBackendUnavailable(BackendUnavailable, RuntimeError):
    """llama-cpp-python[server] is not installed."""


class LocalServerError(RuntimeError):
    """The server did not come up (bad model path, crash, timeout)."""


def missing_modules() -> list[str]:
    """The modules of llama-cpp-python[server] that cannot be found."""
    return [name for name in REQUIRED_MODULES if _find_spec(name) is None]


def require_llama_cpp() -> None:
    """Raise `LocalBackendUnavailable`, with install instructions, if the extra is missing."""
    missing = missing_modules()
    if missing:
        raise LocalBackendUnavailable(f"{INSTALL_HINT}\n(missing: {', '.join(missing)})")


def free_port(host: str = "127.0.0.1") -> int:
    """A TCP port that was free a moment ago."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        probe.bind((host, 0))
        return int(probe.getsockname()[1])


def llama_server_command(
    model_path: Path | str,
    *,
    port: int,
    chat_format: str,
    host: str = "127.0.0.1",
    n_ctx: int = 4096,
    clip_model_path: Path | str | None = None,
    python: str = sys.executable,
) -> list[str]:
    """The command line that serves `model_path` with llama-cpp-python.

    `clip_model_path` is the vision projector (mmproj GGUF) that llava-style chat
    formats need to see images.
    """
    command = [
        python,
        "-m",
        "llama_cpp.server",
        "--model",
        str(model_path),
        "--host",
        host,
        "--port",
        str(port),
        "--n_ctx",
        str(n_ctx),
        "--chat_format",
        chat_format,
    ]
    if clip_model_path is not None:
        command += ["--clip_model_path", str(clip_model_path)]
    return command


class LocalServer:
    """A llama.cpp server process for one GGUF model; use as a context manager.

    Args:
        model_path: The GGUF file.
        chat_format: llama-cpp-python's chat format, e.g. 'chatml', 'llava-1-5',
            'qwen2.5-vl'.
        port: Default: a free port.
        n_ctx: Context length.
        clip_model_path: Vision projector for VLMs.
        startup_timeout_s: How long loading the model may take.
        python: The interpreter that has llama-cpp-python installed.
        env: Extra environment for the server process.
        log_path: Where the server's output goes (default: a temporary file).
    """

    def __init__(
        self,
        model_path: Path | str,
        *,
        chat_format: str,
        port: int | None = None,
        n_ctx: int = 4096,
        clip_model_path: Path | str | None = None,
        startup_timeout_s: float = 600.0,
        python: str = sys.executable,
        env: Mapping[str, str] | None = None,
        log_path: Path | None = None,
    ) -> None:
        self.model_path = Path(model_path)
        self.port = port or free_port()
        self.host = "127.0.0.1"
        self.startup_timeout_s = startup_timeout_s
        self.env = dict(env or {})
        self.command = llama_server_command(
            self.model_path,
            port=self.port,
            chat_format=chat_format,
            host=self.host,
            n_ctx=n_ctx,
            clip_model_path=clip_model_path,
            python=python,
        )
        self.log_path = log_path
        self._process: subprocess.Popen[bytes] | None = None

    @property
    def base_url(self) -> str:
        """The OpenAI-compatible base URL of the running server."""
        return f"http://{self.host}:{self.port}/v1"

    def start(self) -> LocalServer:
        """Start the server and wait until it answers `/v1/models`.

        Raises:
            LocalBackendUnavailable: llama-cpp-python[server] is missing.
            LocalServerError: The model file is missing, or the server exited or did not
                answer in time (the message ends with its log).
        """
        require_llama_cpp()
        if not self.model_path.is_file():
            raise LocalServerError(f"GGUF model file not found: {self.model_path}")
        if self.log_path is None:
            handle, name = tempfile.mkstemp(prefix="chemx-llama-", suffix=".log")
            os.close(handle)
            self.log_path = Path(name)
        with self.log_path.open("wb") as log:
            self._process = subprocess.Popen(
                self.command,
                stdout=log,
                stderr=subprocess.STDOUT,
                stdin=subprocess.DEVNULL,
                env={**os.environ, **self.env},
            )
        atexit.register(self.stop)
        try:
            self._wait_ready()
        except BaseException:
            self.stop()
            raise
        return self

    def _wait_ready(self) -> None:
        deadline = time.monotonic() + self.startup_timeout_s
        assert self._process is not None
        while time.monotonic() < deadline:
            if self._process.poll() is not None:
                raise LocalServerError(
                    f"llama.cpp server exited with code {self._process.returncode}:\n"
                    f"{self._log_tail()}"
                )
            with contextlib.suppress(httpx.HTTPError):
                if httpx.get(f"{self.base_url}/models", timeout=2.0).status_code == 200:
                    return
            time.sleep(0.2)
        raise LocalServerError(
            f"llama.cpp server did not answer within {self.startup_timeout_s:g} s:\n"
            f"{self._log_tail()}"
        )

    def _log_tail(self, lines: int = 20) -> str:
        if self.log_path is None or not self.log_path.exists():
            return ""
        text = self.log_path.read_text(encoding="utf-8", errors="replace")
        return "\n".join(text.splitlines()[-lines:])

    def role_config(self, **overrides: Any) -> RoleConfig:
        """A `RoleConfig` pointing at this server (overrides e.g. `timeout_s=900`)."""
        fields: dict[str, Any] = {
            "base_url": self.base_url,
            "model": self.model_path.name,
            "structured_output": "json_object_schema",
            "concurrency": 1,
            "timeout_s": 600.0,
            "max_retries": 2,
        }
        return RoleConfig.model_validate({**fields, **overrides})

    @property
    def running(self) -> bool:
        """Whether the server process is alive."""
        return self._process is not None and self._process.poll() is None

    def stop(self) -> None:
        """Terminate the server (kill it if it does not exit within 10 s)."""
        process, self._process = self._process, None
        atexit.unregister(self.stop)
        if process is None or process.poll() is not None:
            return
        process.terminate()
        try:
            process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait(timeout=10)

    def __enter__(self) -> LocalServer:
        return self.start()

    def __exit__(self, *exc_info: object) -> None:
        self.stop()
