"""The corpus folder is a boundary: a source opens only files really inside it.

A path under the corpus folder can name a file anywhere: a figure that is a symbolic
link to a private image, a document linked to ``/etc/passwd``, a folder linked to a
home directory. So every source resolves a path (following every link) before it opens
it and checks that the real path lies inside the real path of the corpus folder; links
that stay inside keep working. The rule is the same for JATS, PDF, MinerU output and
mirror folders, so it lives here once, as `resolve_inside`.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

OUTSIDE_CORPUS = "outside_corpus"
"""Reason code: the path resolves to a file outside the corpus folder."""
UNRESOLVABLE = "unresolvable_path"
"""Reason code: the path cannot be resolved (a symbolic link loop, say)."""


@dataclass(frozen=True)
class PathRefused:
    """Why a path may not be opened: a reason code and a sentence about the path."""

    reason: str
    """`OUTSIDE_CORPUS` or `UNRESOLVABLE`."""
    detail: str
    """Says what the path is and where it points, e.g. "fig1.png is a symbolic link to
    /home/me/photo.png, outside the corpus folder /data/papers"; callers add what it was for."""


def resolve_inside(root: Path, path: Path) -> Path | PathRefused:
    """The real path of `path` when it lies inside `root`'s real path, else why not.

    Open the returned path, not `path`: it is what was checked. A path that does not
    exist resolves as far as it can and is returned when inside (opening it then fails
    as any missing file does).

    >>> resolve_inside(Path("/srv/corpus"), Path("/srv/corpus/papers/a.nxml"))
    PosixPath('/srv/corpus/papers/a.nxml')
    >>> resolve_inside(Path("/srv/corpus"), Path("/srv/corpus/../secret.txt")).reason
    'outside_corpus'
    """
    try:
        real_root = root.resolve()
        real = path.resolve()
    except (OSError, RuntimeError) as exc:  # RuntimeError: a link loop, before Python 3.13
        return PathRefused(UNRESOLVABLE, f"{path} cannot be resolved ({exc})")
    if real == real_root or real.is_relative_to(real_root):
        return real
    return PathRefused(
        OUTSIDE_CORPUS,
        f"{path} {_how_it_points(root, path)} {real}, outside the corpus folder {real_root}; "
        "only files inside it are read (copy the file in if it belongs to the corpus)",
    )


def _how_it_points(root: Path, path: Path) -> str:
    """How the path leads out: a link, a `..`, an absolute path, or a linked folder."""
    if path.is_symlink():
        return "is a symbolic link to"
    if ".." in path.parts:
        return "leads up and out to"
    if not Path(os.path.abspath(path)).is_relative_to(os.path.abspath(root)):
        return "is"
    return "lies, through a linked folder, at"
