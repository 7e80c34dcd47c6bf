"""Content-addressed image storage beside the database.

Images live as files `<out>/blobs/ab/abcdef…` named by the SHA-256 of their bytes, so
the same figure stored twice is one file, and a blob's name proves its content.
"""

from __future__ import annotations

import hashlib
import os
import tempfile
from pathlib import Path


def sha256_hex(data: bytes) -> str:
    """Return the hex SHA-256 of `data`."""
    return hashlib.sha256(data).hexdigest()


class BlobStore:
    """A folder of immutable files addressed by their SHA-256."""

    def __init__(self, root: Path, *, create: bool = True) -> None:
        self.root = root
        if create:
            self.root.mkdir(parents=True, exist_ok=True)

    def path(self, sha256: str) -> Path:
        """Where the blob with this hash lives (it may not exist)."""
        return self.root / sha256[:2] / sha256

    def put(self, data: bytes) -> str:
        """Store bytes and return their hash; writing the same bytes again is a no-op."""
        digest = sha256_hex(data)
        target = self.path(digest)
        if target.exists():
            return digest
        target.parent.mkdir(parents=True, exist_ok=True)
        # Write to a temporary file then rename, so a crash never leaves a torn blob
        # under a name that claims to be complete.
        handle, temporary = tempfile.mkstemp(dir=target.parent, prefix=".tmp-")
        try:
            with os.fdopen(handle, "wb") as stream:
                stream.write(data)
                stream.flush()
                os.fsync(stream.fileno())
            os.replace(temporary, target)
        except BaseException:
            Path(temporary).unlink(missing_ok=True)
            raise
        return digest

    def get(self, sha256: str) -> bytes:
        """Return the bytes of a blob; raise FileNotFoundError naming the hash if absent."""
        path = self.path(sha256)
        if not path.exists():
            raise FileNotFoundError(f"blob {sha256} is not in {self.root}")
        return path.read_bytes()
