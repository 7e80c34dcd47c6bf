"""A build's temporary files live in its own folder, removed on every exit path.

External tools (OSRA, MinerU) write into temporary folders. Inside ``OUT/tmp`` they are
removed when the build ends, however it ends; after a SIGKILL, which no code survives,
the next build into the same folder removes them before it starts.
"""

from __future__ import annotations

import contextlib
import shutil
import tempfile
from collections.abc import Iterator
from pathlib import Path

SCRATCH_DIR = "tmp"


@contextlib.contextmanager
def scratch_folder(out: Path) -> Iterator[Path]:
    """``out/tmp``, emptied now and removed at the end; the process's temp root meanwhile."""
    folder = out / SCRATCH_DIR
    shutil.rmtree(folder, ignore_errors=True)  # what a killed build left behind
    folder.mkdir(parents=True)
    previous = tempfile.tempdir
    tempfile.tempdir = str(folder)
    try:
        yield folder
    finally:
        tempfile.tempdir = previous
        shutil.rmtree(folder, ignore_errors=True)
