"""One OSRA process under a CPU and a wall-clock limit (crops and whole figures).

OSRA is a native binary that can run for minutes on a busy figure; the soft CPU limit
makes the kernel stop it (a final verdict on that image), the wall-clock limit catches
a starved process (transient: a retry may read it).
"""

from __future__ import annotations

import signal
import subprocess
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

from PIL import Image


@dataclass(frozen=True)
class OsraRun:
    """What one OSRA process printed, or why it printed nothing usable."""

    stdout: str
    seconds: float
    failure: str | None = None
    """'osra timed out after 120 s', 'osra used up its 30 s of CPU ...', or None."""
    transient: bool = False
    """A retry can change it (timeout, killed, not started)."""


def run_osra(
    image: Image.Image,
    *,
    path: str,
    timeout_s: float,
    cpu_limit_s: int,
    resolution_dpi: int | None = None,
    what: str = "this crop",
) -> OsraRun:
    """Run OSRA (canonical SMILES output) on an image under a CPU and a wall-clock limit."""
    start = time.perf_counter()
    with tempfile.TemporaryDirectory(prefix="chemx-osra-") as folder:
        image_path = Path(folder) / "image.png"
        # Without the colour profile: OSRA's image library cannot open a PNG that carries
        # the HP sRGB one ("Cannot open file", exit 252). Figures taken from journal PDFs
        # carry it (30 of the 126 figures of the 13 journal PDFs, in 9 of them), so OSRA
        # read none of those whole figures.
        image.save(image_path, icc_profile=None)
        osra = [path, "-f", "can"]
        if resolution_dpi is not None:
            osra += ["-r", str(resolution_dpi)]
        osra.append(str(image_path))
        # The soft CPU limit makes the kernel send SIGXCPU once OSRA has used it up.
        command = ["/bin/sh", "-c", 'ulimit -S -t "$0" && exec "$@"', str(cpu_limit_s), *osra]
        try:
            # Its own session: a Ctrl-C to the build's process group must not reach OSRA,
            # whose exit on SIGINT (status 2, no message) reads like a failure on the crop
            # and would be cached as one. The build stops itself; OSRA finishes or times out.
            done = subprocess.run(
                command,
                capture_output=True,
                text=True,
                timeout=timeout_s,
                check=False,
                start_new_session=True,
            )
        except subprocess.TimeoutExpired:
            seconds = time.perf_counter() - start
            return OsraRun("", seconds, f"osra timed out after {timeout_s:g} s", transient=True)
        except OSError as error:
            return OsraRun("", 0.0, f"osra could not run: {error}", transient=True)
    seconds = time.perf_counter() - start
    # OSRA handles SIGXCPU and exits with the signal's number and no message (exit 24
    # on a 2039 x 2220 px figure under a 2 s limit, measured), so both forms mean it.
    if done.returncode in (-signal.SIGXCPU, signal.SIGXCPU) and not done.stderr.strip():
        return OsraRun("", seconds, f"osra used up its {cpu_limit_s} s of CPU on {what}")
    if done.returncode != 0:
        message = (done.stderr or done.stdout).strip().splitlines()[-1:] or ["no message"]
        return OsraRun(
            "",
            seconds,
            f"osra failed (exit {done.returncode}): {message[0]}",
            transient=done.returncode < 0,  # killed by a signal (Ctrl-C, OOM): not its answer
        )
    return OsraRun(done.stdout, seconds)


__all__ = ["OsraRun", "run_osra"]
