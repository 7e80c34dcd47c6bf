"""A folder that refuses writes, for the read-only error tests (cli and release)."""

from __future__ import annotations

import contextlib
import os
import shutil
import stat
import subprocess
from collections.abc import Iterator
from pathlib import Path

import pytest


def _refuses_writes(folder: Path) -> bool:
    try:
        (folder / ".probe").write_bytes(b"")
    except OSError:
        return True
    (folder / ".probe").unlink()
    return False


@contextlib.contextmanager
def read_only(folder: Path) -> Iterator[Path]:
    """`folder` made unwritable for the test's duration, or the test skipped.

    A normal user gets a 0o555 folder; root ignores permission bits, so for root the
    folder is made immutable (`chattr +i`) where the filesystem and capabilities allow.
    """
    folder.mkdir(parents=True, exist_ok=True)
    if os.geteuid() != 0:
        folder.chmod(stat.S_IRUSR | stat.S_IXUSR | stat.S_IRGRP | stat.S_IXGRP)
        undo = ["chmod", "u+w", str(folder)]
    else:
        chattr = shutil.which("chattr")
        if chattr is None or subprocess.run([chattr, "+i", str(folder)], check=False).returncode:
            pytest.skip("cannot make a folder read-only here (root without chattr +i)")
        undo = [chattr, "-i", str(folder)]
    try:
        if not _refuses_writes(folder):
            pytest.skip(f"{folder} still accepts writes; cannot test a read-only folder here")
        yield folder
    finally:
        subprocess.run(undo, check=False)
