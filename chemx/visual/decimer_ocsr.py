"""DECIMER Image Transformer (Rajan et al. 2023) as the `ocsr` backend, run out of process.

OSRA, the default, is a rule-based reader built for scanned pages: on the small RDKit
renders of the blind corpora it misreads charged atoms, heavy halogens and crowded ring
systems (MEASURED below), and every misreading costs an item downstream, because the
distractor features are the structure's own groups. DECIMER is a trained
image-to-SMILES model: its weights install from the package index
(`unp-decimer-weights-part0..3`), so it runs offline, but it needs TensorFlow, which
clashes with chemx's torch stack. It therefore lives in its own environment, made by
`scripts/install_decimer.sh`, and one worker process (`_decimer_ocsr_worker.py`) is
started per build and kept up, so that the model loads once (about 30 s) rather than
once per crop.

A crop DECIMER reads into SMILES that RDKit cannot parse is given to OSRA when OSRA is
installed: each result names the reader that produced it (`SmilesResult.backend`).

MEASURED (`scripts/bench_ocsr.py`): see `DECIMER_EXACT`.
"""

from __future__ import annotations

import json
import logging
import os
import selectors
import subprocess
import tempfile
import threading
import time
from collections import Counter
from dataclasses import dataclass
from pathlib import Path
from typing import IO, Any

from PIL import Image, ImageOps

from chemx.errors import BackendUnavailable
from chemx.ink import black_ink
from chemx.visual.drawn_structures import DrawnStructures
from chemx.visual.ocsr import (
    MIN_SIDE_PX,
    OsraReader,
    SmilesResult,
    canonical_smiles,
    osra_path,
)

log = logging.getLogger(__name__)

DECIMER_BACKEND = "decimer"
PYTHON_ENV = "CHEMX_DECIMER_OCSR_PYTHON"
"""Interpreter of the DECIMER environment; unset, `DEFAULT_PYTHON` is used if present."""
DISABLED = "none"
"""`CHEMX_DECIMER_OCSR_PYTHON=none` turns DECIMER off even where it is installed (the test
suite does, so that its expectations are OSRA's)."""
DEFAULT_PYTHON = Path(__file__).resolve().parents[2] / ".venv-decimer" / "bin" / "python"
"""Where `scripts/install_decimer.sh` puts the environment: beside `.venv` in the
checkout chemx is installed from (`make install` installs it editable)."""
WORKER = Path(__file__).with_name("_decimer_ocsr_worker.py")
CHECK_TIMEOUT_S = 60.0
LOAD_TIMEOUT_S = 300.0
"""TensorFlow and the model load in 25-40 s on two cores; a cold disk can take longer."""
READ_TIMEOUT_S = 120.0
"""One crop takes 1-4 s on two cores; a worker silent this long is stalled."""
PAD_PX = 10
"""White margin around the crop: DECIMER pads to a square itself, but strokes that
touch the border are read as cut bonds."""
INK_DISTANCE = 60
"""A pixel whose darkest channel is this far below white is ink, drawn black; the rest
is white. Journal and RDKit drawings colour their heteroatom labels, and DECIMER's own
greyscale conversion leaves a cyan "F" so faint that it was read as iodine or methyl:
exact readings of the 95 eighth-blind-corpus drawings went from 75 to 84 with this, and
stayed 69 of 72 on the sample's drawings."""
MIN_CONFIDENCE = 0.5
"""The least token confidence a reading may have. On those 167 drawings the readings
below it were 10 wrong against 3 right (a crop holding two structures decodes into
repeated fragments with confidences of 0.2-0.48)."""
MAX_REPEATS = 2
"""A component repeated more often than this ("[F-].[F-].[F-]...") is a degenerate
decoding, not a salt."""

ENABLE_HELP = f"""\
DECIMER (image to SMILES) is not available. To enable it:
  bash scripts/install_decimer.sh          # makes .venv-decimer, joins the weights
or point chemx at an existing environment: export {PYTHON_ENV}=/path/to/python
(it needs the `decimer` package and the model under $PYSTOW_HOME/DECIMER-V2/DECIMER_model)."""


@dataclass(frozen=True)
class DecimerStatus:
    """What the availability check found."""

    available: bool
    reason: str
    python: str | None
    model: str | None = None


def decimer_python(python: str | os.PathLike[str] | None = None) -> str | None:
    """The DECIMER interpreter: the argument, `$CHEMX_DECIMER_OCSR_PYTHON`, `.venv-decimer`.

    None when none is given or installed, or the variable says 'none'.
    """
    if python is not None:
        return str(python)
    chosen = os.environ.get(PYTHON_ENV, "")
    if chosen.lower() == DISABLED:
        return None
    if chosen:
        return chosen
    return str(DEFAULT_PYTHON) if DEFAULT_PYTHON.is_file() else None


def decimer_status(python: str | os.PathLike[str] | None = None) -> DecimerStatus:
    """Check the interpreter, the package and the model without loading it."""
    interpreter = decimer_python(python)
    if interpreter is None:
        return DecimerStatus(
            False, f"${PYTHON_ENV} is not set and {DEFAULT_PYTHON} does not exist", None
        )
    if not Path(interpreter).is_file():
        return DecimerStatus(False, f"interpreter {interpreter} does not exist", interpreter)
    try:
        done = subprocess.run(
            [interpreter, str(WORKER), "--check"],
            capture_output=True,
            text=True,
            timeout=CHECK_TIMEOUT_S,
            check=False,
        )
        answer: dict[str, Any] = json.loads(done.stdout.strip().splitlines()[-1])
    except (OSError, subprocess.TimeoutExpired, IndexError, json.JSONDecodeError) as error:
        return DecimerStatus(False, f"interpreter {interpreter} failed: {error}", interpreter)
    model = str(answer.get("model"))
    if not answer.get("package"):
        return DecimerStatus(False, f"decimer is not installed for {interpreter}", interpreter)
    if not answer.get("model_present"):
        return DecimerStatus(False, f"DECIMER model not found at {model}", interpreter, model)
    return DecimerStatus(True, "ready", interpreter, model)


class WorkerFailed(RuntimeError):
    """The worker died, stalled or answered nonsense; the next read starts a new one."""


class DecimerWorker:
    """One long-lived worker process: requests and answers are JSON lines."""

    def __init__(self, python: str) -> None:
        self.python = python
        self._process: subprocess.Popen[str] | None = None
        self._log: IO[str] | None = None
        self.version = "unknown"
        self._lock = threading.Lock()

    def ask(self, image_path: Path) -> dict[str, Any]:
        """DECIMER's answer for one image; starts the worker on first use."""
        with self._lock:
            process = self._process if self._process and self._process.poll() is None else None
            if process is None:
                process = self._start()
            assert process.stdin is not None
            try:
                process.stdin.write(json.dumps({"image": str(image_path)}) + "\n")
                process.stdin.flush()
            except OSError as error:
                self._stop()
                raise WorkerFailed(f"DECIMER worker closed its input: {error}") from error
            return self._read_line(process, READ_TIMEOUT_S)

    def _start(self) -> subprocess.Popen[str]:
        self._log = tempfile.NamedTemporaryFile(  # noqa: SIM115  # kept open for the worker
            "w+", prefix="chemx-decimer-ocsr-", suffix=".log", delete=False
        )
        environment = {**os.environ, "TF_CPP_MIN_LOG_LEVEL": "2"}
        process = subprocess.Popen(
            [self.python, str(WORKER)],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=self._log,
            text=True,
            env=environment,
            start_new_session=True,  # Ctrl-C to the build is the build's to handle
        )
        self._process = process
        ready = self._read_line(process, LOAD_TIMEOUT_S)
        if not ready.get("ready"):
            self._stop()
            raise WorkerFailed(f"DECIMER worker did not start: {ready}")
        self.version = str(ready.get("version", "unknown"))
        log.info("DECIMER %s loaded (worker log %s)", self.version, self._log.name)
        return process

    def _read_line(self, process: subprocess.Popen[str], timeout_s: float) -> dict[str, Any]:
        assert process.stdout is not None
        with selectors.DefaultSelector() as selector:
            selector.register(process.stdout, selectors.EVENT_READ)
            if not selector.select(timeout_s):
                self._stop()
                raise WorkerFailed(f"DECIMER worker gave no answer in {timeout_s:g} s")
        line = process.stdout.readline()
        if not line:
            tail = self._log_tail()
            self._stop()
            raise WorkerFailed(f"DECIMER worker exited: {tail}")
        try:
            answer: dict[str, Any] = json.loads(line)
        except json.JSONDecodeError as error:
            self._stop()
            raise WorkerFailed(f"DECIMER worker wrote {line[:200]!r}") from error
        return answer

    def _log_tail(self) -> str:
        if self._log is None:
            return ""
        self._log.flush()
        lines = Path(self._log.name).read_text(errors="replace").strip().splitlines()
        return " | ".join(lines[-3:])

    def _stop(self) -> None:
        if self._process is not None and self._process.poll() is None:
            self._process.kill()
            self._process.wait()
        self._process = None

    def close(self) -> None:
        """End the worker (closing its input lets it exit on its own)."""
        with self._lock:
            process, self._process = self._process, None
            if process is not None and process.poll() is None:
                assert process.stdin is not None
                process.stdin.close()
                try:
                    process.wait(timeout=10)
                except subprocess.TimeoutExpired:
                    process.kill()
            if self._log is not None:
                self._log.close()
                Path(self._log.name).unlink(missing_ok=True)
                self._log = None


def prepare(crop: Image.Image) -> Image.Image:
    """Black ink on white with a margin (`INK_DISTANCE`); DECIMER resizes it itself."""
    return ImageOps.expand(black_ink(crop, INK_DISTANCE), border=PAD_PX, fill="white")


MISREAD_PHENYL = "[Pb;D1;+0]"
"""A terminal, neutral lead atom: DECIMER's reading of a drawn "Ph" label.

Drawings abbreviate phenyl as "Ph", and DECIMER decodes the two letters as the element
Pb; on `realworld/molscribe` every "Ph" came back as a one-bonded [Pb]. Organolead
compounds are all but absent from the papers chemx reads, and a lead atom with one bond
and no charge is not a plausible drawn structure, so it is read as the phenyl it was."""


def expand_misread_phenyl(smiles: str) -> str:
    """`smiles` with each `MISREAD_PHENYL` atom replaced by a phenyl ring.

    >>> expand_misread_phenyl("Fc1ccc(-c2c[c]([Pb])[n]([Pb])c2)cc1")
    'Fc1ccc(-c2cc(-c3ccccc3)n(-c3ccccc3)c2)cc1'
    """
    from rdkit import Chem

    if "Pb" not in smiles:
        return smiles
    molecule = Chem.MolFromSmiles(smiles)
    pattern = Chem.MolFromSmarts(MISREAD_PHENYL)
    if molecule is None or not molecule.HasSubstructMatch(pattern):
        return smiles
    phenyl = Chem.MolFromSmiles("c1ccccc1")
    expanded = Chem.ReplaceSubstructs(molecule, pattern, phenyl, replaceAll=True)[0]
    try:
        Chem.SanitizeMol(expanded)
    except Exception:  # RDKit raises several types; the raw reading then stands
        return smiles
    return str(Chem.MolToSmiles(expanded))


def doubtful(smiles: str, confidences: list[float]) -> str | None:
    """Why a reading is not to be trusted, or None (`MIN_CONFIDENCE`, `MAX_REPEATS`)."""
    if confidences and min(confidences) < MIN_CONFIDENCE:
        return f"decimer's least token confidence is {min(confidences):.2f}"
    component, repeats = Counter(smiles.split(".")).most_common(1)[0]
    if repeats > MAX_REPEATS:
        return f"decimer repeated {component!r} {repeats} times (a degenerate decoding)"
    return None


class DecimerReader:
    """Reads crops with DECIMER; OSRA takes the crops whose reading RDKit refuses.

    Attributes:
        backend: 'decimer', what the cache key and the report name.
        note: Why this reader was chosen ('' when asked for by name).
    """

    backend = DECIMER_BACKEND

    def __init__(
        self,
        python: str | os.PathLike[str] | None = None,
        *,
        fallback: OsraReader | None = None,
        note: str = "",
    ) -> None:
        """Check the environment now, so a missing install fails before any paper.

        Raises:
            BackendUnavailable: The interpreter, the package or the model is missing.
        """
        status = decimer_status(python)
        if not status.available or status.python is None:
            raise BackendUnavailable(f"--ocsr decimer: {status.reason}.\n{ENABLE_HELP}")
        self.worker = DecimerWorker(status.python)
        self.fallback = fallback
        self.note = note

    def read(self, crop: Image.Image) -> SmilesResult:
        """The crop's canonical SMILES; a reading RDKit refuses goes to OSRA."""
        if min(crop.size) < MIN_SIDE_PX:
            return SmilesResult(
                None, self.backend, f"crop is {crop.width}x{crop.height} px, too small"
            )
        started = time.perf_counter()
        with tempfile.TemporaryDirectory(prefix="chemx-decimer-") as folder:
            path = Path(folder) / "crop.png"
            prepare(crop).save(path)
            try:
                answer = self.worker.ask(path)
            except WorkerFailed as error:
                seconds = time.perf_counter() - started
                return SmilesResult(None, self.backend, str(error), seconds=seconds, transient=True)
        seconds = time.perf_counter() - started
        raw = answer.get("smiles")
        if not isinstance(raw, str) or not raw:
            failure = f"decimer failed: {answer.get('error', 'no SMILES')}"
            return SmilesResult(None, self.backend, failure, seconds=seconds)
        confidences = [float(value) for value in answer.get("confidences") or []]
        canonical = canonical_smiles(expand_misread_phenyl(raw))
        reason = doubtful(raw, confidences)
        if canonical is not None and reason is None:
            return SmilesResult(canonical, self.backend, raw=raw, seconds=seconds)
        if reason is None:
            reason = f"decimer wrote SMILES RDKit cannot parse: {raw[:200]!r}"
        if self.fallback is not None:
            second = self.fallback.read(crop)
            if second.smiles or second.raw or second.transient:
                return second  # OSRA's reading, partial or whole, names its backend
        return SmilesResult(None, self.backend, reason, seconds=seconds)

    def count_structures(self, figure: Image.Image) -> DrawnStructures:
        """OSRA's count of drawn ring structures (`chemx.visual.drawn_structures`).

        The figure-level evidence stays OSRA's: it reads whole figures, DECIMER one
        structure at a time.
        """
        if self.fallback is None:
            return DrawnStructures(None, self.backend, "osra not installed")
        return self.fallback.count_structures(figure)

    def close(self) -> None:
        """End the worker process."""
        self.worker.close()


def make_decimer(context: Any) -> DecimerReader:
    """`--ocsr decimer`: DECIMER is required; missing, the build stops before any paper."""
    return DecimerReader(fallback=OsraReader() if osra_path() else None)
