"""Whether the store being released holds a finished build, and how a release says so.

A store whose last build did not finish (still running, killed, interrupted, failed, or
left with retryable failures) holds only part of what that build was asked for: a
release of it would publish a benchmark with papers silently missing. `write_release`
refuses such a store unless the user passes ``--allow-partial``; then the release
manifest, the dataset card and every provenance record say the release is partial and
why. A store with no build record at all (written before chemx recorded builds) is not
known to be complete, so it is treated the same way.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from chemx.provenance.builds import BuildStatus, last_build
from chemx.provenance.store import ProvenanceStore
from chemx.release.rows import ReleaseError

UNKNOWN = "unknown"
"""The status of a store with no build record."""

WHAT_HAPPENED = {
    BuildStatus.RUNNING.value: "is still running, or was killed before it could end",
    BuildStatus.INCOMPLETE.value: "ended incomplete (some documents hit a failure a retry "
    "can change)",
    BuildStatus.INTERRUPTED.value: "was interrupted",
    BuildStatus.FAILED.value: "failed",
}
"""How each unfinished status reads in the refusal and on the card."""


class PartialStore(ReleaseError):
    """The store's last build did not finish and ``--allow-partial`` was not given."""


@dataclass(frozen=True)
class BuildState:
    """What the store's build record says about its completeness."""

    status: str
    """A `BuildStatus` value, or `UNKNOWN` when the store has no build record."""
    build_id: int | None = None
    corpus: str | None = None
    detail: str = ""
    """The build's own account of how it ended (one line; empty when it gave none)."""

    @property
    def complete(self) -> bool:
        """Whether the last build finished: the only state released without a flag."""
        return self.status == BuildStatus.FINISHED.value

    def describe(self) -> str:
        """One line: 'build 3 (corpus sample) was interrupted: SIGTERM'."""
        if self.status == UNKNOWN:
            return (
                "the store has no build record (written before chemx recorded builds, "
                "or not by `chemx build`), so it is not known to be complete"
            )
        what = WHAT_HAPPENED.get(self.status, f"ended {self.status}")
        corpus = f" (corpus {self.corpus})" if self.corpus else ""
        detail = f": {self.detail}" if self.detail else ""
        return f"build {self.build_id}{corpus} {what}{detail}"

    def manifest(self) -> dict[str, Any]:
        """The ``build`` entry of release.json.

        A complete release records only that it is complete, so rebuilding an unchanged
        store (a new build id) does not change the release's bytes.
        """
        if self.complete:
            return {"complete": True, "status": self.status}
        return {
            "complete": False,
            "status": self.status,
            "build_id": self.build_id,
            "detail": self.detail,
            "why": self.describe(),
        }

    def refusal(self, store_dir: Path) -> str:
        """The one-line error `chemx release` prints, with the two ways out."""
        if self.status == UNKNOWN:
            finish = f"build it again with `chemx build --out {store_dir}` and the same corpus"
        else:
            finish = f"re-run the same `chemx build ... --out {store_dir}` to finish it"
        return (
            f"store {store_dir}: {self.describe()}; {finish}, or pass --allow-partial to "
            "release what is there (the card and release.json will say it is partial)"
        )


def build_state(store: ProvenanceStore) -> BuildState:
    """The completeness of `store` according to its most recent build record."""
    record = last_build(store)
    if record is None:
        return BuildState(status=UNKNOWN)
    return BuildState(
        status=record.status.value,
        build_id=record.id,
        corpus=record.corpus,
        detail=" ".join(record.detail.split()),
    )
