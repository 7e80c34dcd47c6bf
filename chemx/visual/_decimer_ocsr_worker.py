"""Read SMILES from structure images with DECIMER Image Transformer, one per line.

This script runs under DECIMER's own interpreter (TensorFlow clashes with chemx's
torch stack), started once per build by `chemx.visual.decimer_ocsr.DecimerReader`, and
stays up so the model is loaded once (about 30 s on CPU) rather than once per crop. It
imports nothing from chemx: only the standard library and `DECIMER`.

    python _decimer_ocsr_worker.py --check  -> {"package": true, "model_present": true, ...}
    python _decimer_ocsr_worker.py          -> {"ready": true, "version": "2.8.1"}, then
        for each line {"image": "/path/crop.png"} on stdin, one line on stdout:
        {"smiles": "CCO", "confidences": [0.99, ...]} or {"error": "..."}

The model is never downloaded: when its files are missing the worker says so and
exits, because DECIMER's own loader would try Zenodo, which is not reachable offline.
stdout carries the JSON lines only: anything the package prints goes to stderr.
"""

from __future__ import annotations

import contextlib
import importlib.metadata
import importlib.util
import json
import os
import sys
from pathlib import Path
from typing import Any

MODEL_KEY = "DECIMER-V2"
"""The pystow module DECIMER keeps its models under."""
MODEL_FOLDER = "DECIMER_model"
"""The printed-structure model (the hand-drawn one is not used)."""


BUNDLED_HOME = Path(sys.prefix) / "pystow"
"""Where `scripts/install_decimer.sh` puts the model: inside the environment, used when
`PYSTOW_HOME` is not set."""


def use_bundled_model() -> None:
    """Point pystow at the environment's own model folder unless told otherwise."""
    if not os.environ.get("PYSTOW_HOME") and (BUNDLED_HOME / MODEL_KEY).is_dir():
        os.environ["PYSTOW_HOME"] = str(BUNDLED_HOME)


def model_folder() -> Path:
    """Where DECIMER looks for its printed-structure model, resolved as pystow does."""
    try:
        from pystow.utils import get_base

        base = Path(get_base(MODEL_KEY, ensure_exists=False))
    except Exception:  # pystow missing or its API moved: use its documented defaults
        home = os.environ.get("PYSTOW_HOME") or str(
            Path.home() / os.environ.get("PYSTOW_NAME", ".data")
        )
        base = Path(home) / MODEL_KEY
    return base / MODEL_FOLDER


def check() -> dict[str, Any]:
    """Whether the package can be found and the model is in place (no model load)."""
    folder = model_folder()
    return {
        "python": sys.executable,
        "package": importlib.util.find_spec("DECIMER") is not None,
        "model": str(folder),
        "model_present": (folder / "saved_model.pb").is_file(),
    }


def _version() -> str:
    try:
        return importlib.metadata.version("decimer")
    except importlib.metadata.PackageNotFoundError:
        return "unknown"


def _answer(payload: dict[str, Any]) -> None:
    sys.stdout.write(json.dumps(payload) + "\n")
    sys.stdout.flush()


def serve() -> int:
    """Load the model, then answer one JSON line per request line until stdin closes."""
    status = check()
    if not status["package"] or not status["model_present"]:
        _answer({"ready": False, **status})
        return 1
    with contextlib.redirect_stdout(sys.stderr):  # TensorFlow and DECIMER print freely
        from DECIMER import decimer

        decimer.load_models(printed=True, hand_drawn=False)
    _answer({"ready": True, "version": _version()})
    for line in sys.stdin:
        if not line.strip():
            continue
        try:
            request = json.loads(line)
            with contextlib.redirect_stdout(sys.stderr):
                smiles, tokens = decimer.predict_SMILES(request["image"], confidence=True)
            confidences = [float(confidence) for _, confidence in tokens]
            _answer({"smiles": smiles, "confidences": confidences})
        except Exception as error:  # one bad crop must not end the build's worker
            _answer({"error": f"{type(error).__name__}: {error}"})
    return 0


def main(argv: list[str]) -> int:
    use_bundled_model()
    if argv[1:] == ["--check"]:
        _answer(check())
        return 0
    if argv[1:]:
        _answer({"error": f"unknown arguments {argv[1:]}"})
        return 2
    return serve()


if __name__ == "__main__":
    sys.exit(main(sys.argv))
