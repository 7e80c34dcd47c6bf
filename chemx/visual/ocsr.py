"""Optional structure recognition (image -> SMILES) with Debian's OSRA.

The benchmark never needs a SMILES: questions are about the drawing and the paper's
text. A SMILES is a cross-check when it is cheap (OSRA is a small native binary, CPU
only), so this module must never fail a build: when `osra` is not installed, when it
times out, crashes, or returns something RDKit cannot parse, the result is a SMILES of
None with the reason.

Install: `apt-get install -y osra` (Debian bookworm ships 2.1.3).
"""

from __future__ import annotations

import json
import logging
import os
import shutil
import subprocess
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from typing import Any, Protocol, runtime_checkable

from PIL import Image, ImageOps

from chemx.errors import BackendUnavailable
from chemx.images import on_white
from chemx.models.cache import ResponseCache
from chemx.records import SmilesReading
from chemx.visual.drawn_structures import DrawnStructures, count_with_osra
from chemx.visual.osra_process import run_osra

log = logging.getLogger(__name__)

OSRA_BACKEND = "osra"
OSRA_CPU_LIMIT_S = 30
"""CPU seconds OSRA may spend on one crop (0.5-2 s on one structure; more means it is lost
in a noisy crop). A limit on work, not on time: a crop that uses it up gets the same
verdict on a loaded machine, so the verdict is final and cached. On a real paper one
835x660 crop took OSRA over 30 s on every try; under a wall-clock limit that was a
"timeout", retried by three builds before it counted."""
OSRA_TIMEOUT_S = 120.0
"""Wall-clock limit, well above the CPU limit: only a stalled or starved process (a
machine far too loaded) reaches it, so reaching it is transient and retried."""
PAD_PX = 20
"""White margin around the crop (before upscaling): OSRA drops strokes that touch the
image border."""
MIN_SIDE_PX = 10
"""Smaller crops cannot hold a structure; OSRA is not called for them."""
UPSCALE = 3
"""Crops are enlarged this much (Lanczos) before OSRA reads them. OSRA was built for
scanned pages: on screen-resolution drawings (bonds of 20-40 px) it misreads atom
labels. On the 72 distinct sample-corpus drawings the exact canonical-SMILES rate was
23 at x1, 28 at x2, 35 at x3 and 29 at x4 (OSRA 2.1.3, resolution auto)."""
RETRY_UPSCALE = 4
"""A crop OSRA cannot read at `UPSCALE` (no structure, an unresolved atom, SMILES RDKit
refuses) is read once more at this scale, and the second reading is kept only when it
is a full SMILES. Exact readings on the 95 labelled drawings of the eighth blind corpus
(small RDKit renders with coloured atom labels): 40 without the retry, 43 with it; on
the 72 distinct sample-corpus drawings 36 and 37. The second run on the crops the first
could not read costs 1.4-1.5x OSRA's time on those sets (scripts/bench_visual.py)."""
MAX_SIDE_PX = 3000
"""... but never past this side: OSRA's time grows with the pixel count."""
OSRA_RESOLUTION_DPI: int | None = None
"""Passed to OSRA as `-r`; None keeps its own guess, which was best (fixed 150 or 300
dpi did no better on the upscaled crops, 72 dpi found nothing)."""


@dataclass(frozen=True)
class SmilesResult:
    """The SMILES recognised in one crop, or None with the reason."""

    smiles: str | None
    backend: str = OSRA_BACKEND
    reason: str | None = None
    """Why there is no SMILES ('osra not installed', 'osra timed out after 30 s', ...)."""
    raw: str | None = None
    """OSRA's own output line, before RDKit canonicalised it."""
    seconds: float = 0.0
    transient: bool = False
    """The attempt failed for a reason a retry can change (timeout, killed, not started):
    such a result must never be cached as the crop's reading."""


def osra_path() -> str | None:
    """The `osra` executable on PATH, or None."""
    return shutil.which("osra")


def osra_version() -> str | None:
    """OSRA's version string ('2.1.3'), or None when it is not installed."""
    path = osra_path()
    if path is None:
        return None
    try:
        done = subprocess.run(
            [path, "--version"], capture_output=True, text=True, timeout=10, check=False
        )
    except (OSError, subprocess.TimeoutExpired):
        return None
    for word in (done.stdout + done.stderr).split():
        if word[:1].isdigit():
            return word
    return None


def recognise_smiles(
    crop: Image.Image,
    *,
    timeout_s: float = OSRA_TIMEOUT_S,
    cpu_limit_s: int = OSRA_CPU_LIMIT_S,
    resolution_dpi: int | None = OSRA_RESOLUTION_DPI,
) -> SmilesResult:
    """Run OSRA on a single-structure crop and return its canonical SMILES.

    Args:
        crop: One structure drawing (any PIL mode; alpha is flattened onto white).
        timeout_s: Wall-clock limit for the OSRA process (reaching it is transient).
        cpu_limit_s: CPU seconds OSRA may use on the crop (using them up is final).
        resolution_dpi: Passed to OSRA as `-r`; None lets OSRA guess.

    Returns:
        A canonical RDKit SMILES, or None with the reason: OSRA missing, timed out,
        failed, found nothing, found several structures, or wrote invalid SMILES.
    """
    path = osra_path()
    if path is None:
        return SmilesResult(None, reason="osra not installed", transient=True)
    if min(crop.size) < MIN_SIDE_PX:
        return SmilesResult(None, reason=f"crop is {crop.width}x{crop.height} px, too small")
    first: SmilesResult | None = None
    for scale in (UPSCALE, RETRY_UPSCALE):
        run = run_osra(
            _prepare(crop, scale),
            path=path,
            timeout_s=timeout_s,
            cpu_limit_s=cpu_limit_s,
            resolution_dpi=resolution_dpi,
        )
        if run.failure is not None:
            result = SmilesResult(
                None, reason=run.failure, seconds=run.seconds, transient=run.transient
            )
        else:
            result = _parse_output(run.stdout, run.seconds)
        if first is None:
            if result.smiles or result.transient or run.failure is not None:
                return result  # read, or OSRA itself failed: a larger image will not help
            first = result
        elif result.smiles:
            return replace(result, seconds=first.seconds + result.seconds)
    assert first is not None
    return replace(first, seconds=first.seconds + result.seconds)


def canonical_smiles(smiles: str, min_heavy_atoms: int = 0) -> str | None:
    """RDKit's canonical SMILES, or None when RDKit cannot parse it (or it is too small)."""
    from rdkit import Chem, RDLogger

    RDLogger.DisableLog("rdApp.*")  # type: ignore[attr-defined]  # OSRA output is often odd
    molecule = Chem.MolFromSmiles(smiles)
    if (
        molecule is None
        or molecule.GetNumAtoms() == 0
        or molecule.GetNumHeavyAtoms() < min_heavy_atoms
    ):
        return None
    return str(Chem.MolToSmiles(molecule))


CHARGE_FOR_VALENCE = {("N", 4): 1, ("P", 4): 1, ("B", 4): -1}
"""(element, bond order sum) -> the formal charge that makes it a valid atom: an ammonium
or iminium N, a phosphonium P, a borate B. An O or S with one bond too many is left
alone: on the 13 journal PDFs those were OSRA's garbage ("=[O+]/[O+](C...)"), never a
drawn oxonium."""
MAX_RESTORED = 1
"""Atoms one reading may have put right: a reading that needs more is misread elsewhere
too."""


def restore_misreadings(smiles: str) -> str | None:
    """The SMILES with OSRA's impossible atoms put right; None when none can be.

    Two misreadings leave an atom no molecule can have, and each has one valid reading:
    - a drawn "N+" or "B−" read as a neutral atom with all its bonds ("[N](=C1)C" in an
      imidazolium, with four bonds): the ion (`CHARGE_FOR_VALENCE`);
    - a drawn "N" read as "H" with two or more bonds ("c1ccc(cc1)[H](=O)[O-]", a nitro
      group): nitrogen, then charged like the first.
    Only those atoms are changed, and only when the whole molecule is then valid. On
    indep7's ionic-liquid and dye figures OSRA wrote these for three imidazolium salts
    and a nitro dye.
    """
    from rdkit import Chem

    molecule = Chem.MolFromSmiles(smiles, sanitize=False)
    if molecule is None:
        return None
    changed: set[int] = set()
    for atom in molecule.GetAtoms():
        if atom.GetAtomicNum() == 1 and atom.GetDegree() >= 2:
            atom.SetAtomicNum(7)
            changed.add(atom.GetIdx())
    for atom in molecule.GetAtoms():
        if atom.GetFormalCharge() or atom.GetIsAromatic():
            continue
        order = sum(bond.GetBondTypeAsDouble() for bond in atom.GetBonds())
        order += atom.GetNumExplicitHs()
        charge = CHARGE_FOR_VALENCE.get((atom.GetSymbol(), int(order)))
        if charge is not None and order == int(order):
            atom.SetFormalCharge(charge)
            atom.SetNoImplicit(True)
            changed.add(atom.GetIdx())
    if not changed or len(changed) > MAX_RESTORED:
        return None
    try:
        Chem.SanitizeMol(molecule)
    except Exception:  # RDKit raises several types for an invalid molecule
        return None
    return canonical_smiles(Chem.MolToSmiles(molecule))


def _parse_output(stdout: str, seconds: float) -> SmilesResult:
    """One SMILES per line (OSRA prints one per structure it found)."""
    lines = [line.split()[0] for line in stdout.splitlines() if line.strip()]
    if not lines:
        return SmilesResult(None, reason="osra found no structure", seconds=seconds)
    if len(lines) > 1:
        return SmilesResult(
            None,
            reason=f"osra found {len(lines)} structures in one crop",
            raw=" ".join(lines),
            seconds=seconds,
        )
    raw = lines[0]
    if "*" in raw:
        return SmilesResult(
            None,
            reason=f"osra left an unresolved atom or abbreviation in {raw!r}",
            raw=raw,
            seconds=seconds,
        )
    canonical = canonical_smiles(raw) or restore_misreadings(raw)
    if canonical is None:
        return SmilesResult(
            None, reason=f"osra wrote SMILES RDKit cannot parse: {raw!r}", raw=raw, seconds=seconds
        )
    return SmilesResult(canonical, raw=raw, seconds=seconds)


def _prepare(crop: Image.Image, upscale: int = UPSCALE) -> Image.Image:
    """RGB on white, enlarged `upscale` times, with a margin: a page-like image for OSRA."""
    rgb = ImageOps.expand(on_white(crop).convert("RGB"), border=PAD_PX, fill="white")
    scale = max(1.0, min(float(upscale), MAX_SIDE_PX / max(rgb.size)))
    if scale > 1.0:
        size = (round(rgb.width * scale), round(rgb.height * scale))
        rgb = rgb.resize(size, Image.Resampling.LANCZOS)
    return rgb


@runtime_checkable
class OcsrReader(Protocol):
    """Reads a SMILES from one structure crop (the `ocsr` backend kind)."""

    @property
    def backend(self) -> str:
        """'osra' or 'none': what the report names."""
        ...

    @property
    def note(self) -> str:
        """Why this reader was chosen, for the report ('' or 'osra not installed')."""
        ...

    def read(self, crop: Image.Image) -> SmilesResult:
        """The crop's SMILES, or None with the reason."""
        ...


TIMEOUT_ENV = "CHEMX_OSRA_TIMEOUT_S"
"""Overrides `OSRA_TIMEOUT_S` (a slow or loaded machine; tests make it tiny)."""


def _timeout_from_env() -> float:
    return float(os.environ.get(TIMEOUT_ENV, OSRA_TIMEOUT_S))


@dataclass(frozen=True)
class OsraReader:
    """OSRA on each crop (`recognise_smiles`)."""

    backend: str = OSRA_BACKEND
    note: str = ""
    timeout_s: float = field(default_factory=_timeout_from_env)

    def read(self, crop: Image.Image) -> SmilesResult:
        """See `recognise_smiles`."""
        return recognise_smiles(crop, timeout_s=self.timeout_s)

    def count_structures(self, figure: Image.Image) -> DrawnStructures:
        """The ring structures OSRA reads in a whole figure (`chemx.visual.drawn_structures`)."""
        path = osra_path()
        if path is None:
            return DrawnStructures(None, self.backend, "osra not installed")
        return count_with_osra(figure, path, self.backend)


@dataclass(frozen=True)
class NoOcsr:
    """No OCSR: structures stay images and visible features come from the text."""

    backend: str = "none"
    note: str = ""

    def read(self, crop: Image.Image) -> SmilesResult:
        """Always no SMILES."""
        return SmilesResult(None, backend=self.backend, reason="ocsr off")


def make_osra(context: Any) -> OcsrReader:
    """`--ocsr osra`: OSRA is required; missing, the build stops before any paper."""
    if osra_path() is None:
        raise BackendUnavailable(
            "--ocsr osra: osra is not on PATH (Debian/Ubuntu: apt install osra); "
            "--ocsr none uses the paper's text only"
        )
    return OsraReader()


def make_auto(context: Any) -> OcsrReader:
    """`--ocsr auto` (default): DECIMER, else OSRA, else none, said loudly.

    DECIMER is used when its environment is installed (`scripts/install_decimer.sh`),
    with OSRA behind it for the readings RDKit refuses.
    """
    from chemx.visual.decimer_ocsr import DecimerReader, decimer_python

    if decimer_python() is not None:
        fallback = OsraReader() if osra_path() is not None else None
        try:  # the reader checks its environment itself, once
            return DecimerReader(fallback=fallback, note="decimer installed")
        except BackendUnavailable as error:
            log.warning("DECIMER is configured but not usable: %s", error)
    if osra_path() is not None:
        return OsraReader()
    log.warning(
        "osra is not installed: distractor features come from the paper's text only, "
        "so fewer candidates find enough of them (Debian/Ubuntu: apt install osra)"
    )
    return NoOcsr(note="osra not installed")


def make_none(context: Any) -> OcsrReader:
    """`--ocsr none`."""
    return NoOcsr()


CACHE_PREFIX = "ocsr:v3:"
"""Response-cache key prefix of a crop's reading (backend and crop hash follow); v2 since
OSRA's impossible atoms are put right (`restore_misreadings`), v3 since an unread crop is
read again at `RETRY_UPSCALE`."""


def read_cached(
    reader: OcsrReader, crop: Image.Image, crop_sha256: str, cache: ResponseCache
) -> SmilesResult:
    """`reader.read(crop)`, kept in `cache` by crop hash so a rebuild does not run it again.

    Only answers are cached: a transient failure (timeout, killed, not installed) is
    returned but not stored, so the next build tries again.
    """
    if isinstance(reader, NoOcsr):
        return reader.read(crop)
    key = f"{CACHE_PREFIX}{reader.backend}:{crop_sha256}"
    cached = cache.cache_get(key)
    if cached is not None:
        data = json.loads(cached)
        backend = data.get("backend", reader.backend)  # DECIMER's may be OSRA's fallback
        return SmilesResult(data["smiles"], backend, data["reason"], data["raw"])
    result = reader.read(crop)
    if not result.transient:
        answer = {
            "smiles": result.smiles,
            "raw": result.raw,
            "reason": result.reason,
            "backend": result.backend,
        }
        cache.cache_put(key, json.dumps(answer, sort_keys=True))
    return result


def crop_reading(result: SmilesResult) -> SmilesReading | None:
    """A crop's reading for the feature catalogue: exact, partial (raw), or None."""
    reader = "decimer" if result.backend == "decimer" else "osra"
    if result.smiles:
        return SmilesReading(text=result.smiles, source=reader)
    if result.raw:
        return SmilesReading(text=result.raw, source=f"{reader}-partial")
    return None


def components_reading(parts: Sequence[SmilesReading | None]) -> SmilesReading | None:
    """A reaction read through its reactant and product crops, or None if none was read.

    OSRA reads one structure per crop well and a whole scheme poorly.
    """
    found = [part for part in parts if part is not None]
    if not found:
        return None
    partial = any(part.partial for part in found)
    readers = {part.source.split("-")[0] for part in found}
    base = readers.pop() if len(readers) == 1 else "mixed"
    source = f"{base}-components" + ("-partial" if partial else "")
    return SmilesReading(text=" ".join(part.text for part in found), source=source)
