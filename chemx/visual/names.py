"""SMILES from the paper's own systematic names: "… methyl 4-methylbenzenesulfonate (2d)".

An experimental section names every compound it characterises and gives its label in
brackets; the discussion often does the same ("coupling with 2-bromophenyl acetate
(3a)"). OPSIN (Lowe et al., J. Chem. Inf. Model. 2011; MIT licence, shipped as a jar in
the `py2opsin` package, run with Java) parses such IUPAC names into structures. A name
the authors wrote is a surer source of a labelled compound's SMILES than OCSR on a
journal's drawing: on the 5 CC BY papers of `realworld/papers`, OSRA read a SMILES for
109 of 396 accepted structures.

`paper_names` finds every bracketed label that follows a phrase, asks the reader for
each trailing run of words before it (longest first) in one batch, and keeps the longest
run that parses into a molecule of `MIN_HEAVY_ATOMS` or more: so "between organozinc 2a
and 2-bromophenyl acetate (3a)" gives 3a = 2-bromophenyl acetate, and "White solid
(56 mg)" gives nothing. A label named as two different molecules is left out.
"""

from __future__ import annotations

import hashlib
import logging
import re
import shutil
import subprocess
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol, runtime_checkable

from chemx.errors import BackendUnavailable, RetryableFailure
from chemx.labels.grammar import read_label
from chemx.records import Sentence, SmilesReading
from chemx.visual.ocsr import canonical_smiles

log = logging.getLogger(__name__)

OPSIN_BACKEND = "opsin"
OPSIN_TIMEOUT_S = 120.0
"""For one paper's names (about 1 s: the Java start and a few hundred names)."""
MAX_NAME_WORDS = 8
"""Words before a bracketed label tried as its name ("2-bromophenyl acetate" is 2,
"(2-(4-isopropylphenyl)-4,5-dihydrooxazol-5-yl)methyl 4-methylbenzenesulfonate" is 2,
"tert-butyl N-[(1S)-1-phenylethyl] carbamate" is 3)."""
MIN_HEAVY_ATOMS = 5
"""Smaller molecules are reagents and solvents ("ethanol (3)" is rare; "acetate" parsed
alone as an ion is wrong), not the compounds a question is about."""

_BRACKETED = re.compile(r"\(([^()]{1,24})\)")
_CLAUSE_BREAK = re.compile(r"[.;:]\s")
_WORD_TRAIL = ",;:"


@runtime_checkable
class NameReader(Protocol):
    """Systematic names to SMILES (the `names` backend kind)."""

    @property
    def backend(self) -> str:
        """'opsin' or 'none': what the report and each structure name."""
        ...

    @property
    def note(self) -> str:
        """Why this reader was chosen ('' or 'java not installed')."""
        ...

    def read(self, names: Sequence[str]) -> list[str | None]:
        """One SMILES or None per name, in order."""
        ...


@dataclass(frozen=True)
class NamedCompound:
    """A label the paper gives a parsed systematic name."""

    label: str
    name: str
    smiles: str
    sentence_id: str


@dataclass(frozen=True)
class OpsinReader:
    """OPSIN's command line (the jar shipped in `py2opsin`): one Java process per batch.

    Names go in on stdin, one per line, and SMILES come out one line each, empty for a
    name OPSIN cannot parse. (`py2opsin`'s own wrapper writes its input to a fixed file
    name in the working directory, which concurrent papers would overwrite.)
    """

    backend: str = OPSIN_BACKEND
    note: str = ""
    timeout_s: float = OPSIN_TIMEOUT_S

    def read(self, names: Sequence[str]) -> list[str | None]:
        """See `NameReader.read`."""
        if not names:
            return []
        lines = [" ".join(name.split()) for name in names]  # one name, one line
        try:
            done = subprocess.run(
                ["java", "-jar", str(opsin_jar()), "-osmi"],
                input="\n".join(lines) + "\n",
                capture_output=True,
                text=True,
                timeout=self.timeout_s,
                check=False,
            )
        except subprocess.TimeoutExpired as error:
            key = "opsin:" + hashlib.sha256("\n".join(lines).encode()).hexdigest()[:16]
            raise RetryableFailure(
                key, f"OPSIN did not finish {len(lines)} names in {self.timeout_s:.0f} s"
            ) from error
        smiles = done.stdout.split("\n")[: len(lines)]
        if done.returncode != 0 or len(smiles) != len(lines):
            raise RuntimeError(
                f"OPSIN failed on {len(lines)} names (exit {done.returncode}, "
                f"{len(smiles)} lines out): {done.stderr.strip()[-300:]}"
            )
        return [line.strip() or None for line in smiles]


def opsin_jar() -> Path:
    """The OPSIN jar that the `py2opsin` package ships."""
    import py2opsin

    jars = sorted(Path(py2opsin.__file__).parent.glob("opsin-cli-*-jar-with-dependencies.jar"))
    if not jars:
        raise BackendUnavailable("py2opsin is installed without its OPSIN jar")
    return jars[-1]


@dataclass(frozen=True)
class NoNames:
    """No name parsing: SMILES come from the drawings only."""

    backend: str = "none"
    note: str = ""

    def read(self, names: Sequence[str]) -> list[str | None]:
        """Always None."""
        return [None] * len(names)


def _opsin_ready() -> str | None:
    """Why OPSIN cannot run here, or None when it can."""
    if shutil.which("java") is None:
        return "java not installed"
    try:
        import py2opsin  # noqa: F401
    except ImportError:
        return "py2opsin not installed"
    return None


def make_opsin(context: Any) -> NameReader:
    """`--names opsin`: required; without Java the build stops before any paper."""
    problem = _opsin_ready()
    if problem is not None:
        raise BackendUnavailable(
            f"--names opsin: {problem} (Debian/Ubuntu: apt install default-jre-headless); "
            "--names none reads SMILES from the drawings only"
        )
    return OpsinReader()


def make_auto(context: Any) -> NameReader:
    """`--names auto` (default): OPSIN when Java is installed, else none, said loudly."""
    problem = _opsin_ready()
    if problem is None:
        return OpsinReader()
    log.warning("%s: compound names in the text are not parsed into SMILES", problem)
    return NoNames(note=problem)


def make_none(context: Any) -> NameReader:
    """`--names none`."""
    return NoNames()


def name_candidates(text: str) -> list[tuple[str, list[str]]]:
    """(label, names to try, longest first) for each bracketed label after a phrase."""
    found: list[tuple[str, list[str]]] = []
    for match in _BRACKETED.finditer(text):
        if match.start() == 0 or not text[match.start() - 1].isspace():
            continue  # "palladium(II)", "1,3(2H)-dione": part of a word, not a label
        label = read_label(match.group(1))
        if label is None or label.text != match.group(1).strip():
            continue
        clause = _CLAUSE_BREAK.split(text[: match.start()].rstrip())[-1]
        words = [word.strip(_WORD_TRAIL) for word in clause.split()][-MAX_NAME_WORDS:]
        names = [" ".join(words[start:]) for start in range(len(words))]
        names = [name for name in names if any(char.isalpha() for char in name)]
        if names:
            found.append((label.text, names))
    return found


def name_reading(compound: NamedCompound) -> SmilesReading:
    """The compound's SMILES as a structure's reading, with the name and its sentence."""
    return SmilesReading(
        text=compound.smiles,
        source="opsin-name",
        name=compound.name,
        sentence_id=compound.sentence_id,
    )


def paper_names(sentences: Iterable[Sentence], reader: NameReader) -> dict[str, NamedCompound]:
    """Label -> the compound its paper names it as (labels named two ways left out)."""
    occurrences = [
        (sentence, label, names)
        for sentence in sentences
        if sentence.text and "(" in sentence.text
        for label, names in name_candidates(sentence.text)
    ]
    if not occurrences:
        return {}
    unique = sorted({name for _, _, names in occurrences for name in names})
    parsed = dict(zip(unique, reader.read(unique), strict=True))
    named: dict[str, NamedCompound] = {}
    conflicting: set[str] = set()
    for sentence, label, names in occurrences:
        for name in names:  # longest first: "2-bromophenyl acetate", not "acetate"
            found = parsed[name]
            smiles = canonical_smiles(found, MIN_HEAVY_ATOMS) if found else None
            if smiles is None:
                continue
            known = named.get(label)
            if known is not None and known.smiles != smiles:
                conflicting.add(label)
            elif known is None:
                named[label] = NamedCompound(label, name, smiles, sentence.id)
            break
    for label in conflicting:
        log.info("label %s is named as two different compounds; neither is used", label)
        named.pop(label, None)
    return named
