"""The question generation agent: accepted evidence in, candidates and accepted items out.

Per paper (seed 002, section 3.3 and appendix C.3): every evidence block QC 2 accepted
becomes one `Candidate` (parent: the Evidence). Its basis is one of the explanatory
sentences QC 2 credited (the ids its accept decision names), preferring a sentence that
names the structure's own label; within a paper a sentence is the basis of at most one
candidate, so a reaction and its reactant never become two copies of one question
(``duplicate_basis``). The generator decomposes it (discarded as ``too_vague`` or
``too_few_features`` when it cannot), writes the stem and options, the anti-shortcut
checks run (`chemx.qc.anti_shortcut`), and QC 3 judges what passes
(`chemx.qc.judge`). Accepted candidates get an `Item` (parent: the Candidate) with the
paper's licence and publication date. Every rejection is a stored Decision; every model
call is stored with the candidate. One `store.write` per paper.

Visible features need a SMILES: the structure's own (visual stage, ``--ocsr osra``) or,
when it has none, one read here by OSRA from the crop (``--generation-ocsr osra``, the
default). A partial OSRA reading (an unresolved atom, several structures for a reaction
crop) still shows most drawn groups and is used as such ("osra-partial"). Readings are
cached in the store's response cache by crop hash, so a rebuild does not run OSRA again.
"""

from __future__ import annotations

import json
import logging
import re
import threading
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Literal

from chemx.generation.backends import (
    DecomposeResult,
    GenerationContext,
    Generator,
    LlmGenerator,
    TemplateGenerator,
)
from chemx.generation.catalogue import UNRELIABLE_IN_PARTIAL, matched_keys
from chemx.generation.features import VisibleFeature, structure_features, text_features
from chemx.generation.schemas import GENERATOR_ROLE
from chemx.generation.text import names_label
from chemx.grounding.retrieval import sentences_in_reading_order
from chemx.provenance.ids import digest, node_id
from chemx.provenance.store import ProvenanceStore, WriteBatch
from chemx.qc.anti_shortcut import check
from chemx.qc.decisions import accept, reject
from chemx.qc.judge import (
    DEFAULT_ROUNDS,
    DEFAULT_THRESHOLD,
    JUDGE_ROLE,
    HeuristicJudge,
    JudgeInput,
    LlmJudge,
)
from chemx.records import (
    Candidate,
    Decision,
    Evidence,
    ExplanatoryLabel,
    Gate,
    Item,
    NodeKind,
    Paper,
    ReasoningType,
    Structure,
    StructureRole,
    Verdict,
)

GeneratorMode = Literal["template", "llm"]
JudgeMode = Literal["heuristic", "llm"]
OcsrMode = Literal["auto", "osra", "none"]
GENERATION_BACKEND = "generation-agent"
OSRA_CACHE_PREFIX = "osra-generation:v1:"
log = logging.getLogger(__name__)
SENTENCE_ID = re.compile(r"\bsen_[0-9a-f]{16}\b")


@dataclass(frozen=True)
class GenerationSettings:
    """Which backend does each generation step; part of the build's graph signature."""

    generator: GeneratorMode = "template"
    judge: JudgeMode = "heuristic"
    judge_threshold: float = DEFAULT_THRESHOLD
    judge_rounds: int = DEFAULT_ROUNDS
    ocsr: OcsrMode = "auto"

    def signature(self) -> dict[str, str]:
        """The settings as strings, for the checkpoint thread id."""
        return {
            "generator": self.generator,
            "judge": self.judge,
            "judge_threshold": f"{self.judge_threshold:g}",
            "judge_rounds": str(self.judge_rounds),
            "generation_ocsr": self.ocsr,
        }


@dataclass
class GenerationBackends:
    """Generator and judge shared by all papers, built once per build."""

    settings: GenerationSettings
    model_client: Any | None = None
    _lock: threading.RLock = field(default_factory=threading.RLock)
    _cache: dict[str, Any] = field(default_factory=dict)

    def _get(self, key: str, factory: Callable[[], Any]) -> Any:
        with self._lock:
            if key not in self._cache:
                self._cache[key] = factory()
            return self._cache[key]

    def _client(self, role: str, what: str) -> Any:
        if self.model_client is None or not self.model_client.config.is_configured(role):
            raise ValueError(
                f"{what} needs an endpoint for the '{role}' role "
                f"(--models FILE or --model-option {role}.base_url=...)"
            )
        return self.model_client

    @property
    def generator(self) -> Generator:
        """The generator chosen by `--generator`."""

        def build() -> Generator:
            if self.settings.generator == "llm":
                return LlmGenerator(self._client(GENERATOR_ROLE, "--generator llm"))
            return TemplateGenerator()

        generator: Generator = self._get("generator", build)
        return generator

    @property
    def judge(self) -> HeuristicJudge | LlmJudge:
        """QC 3 chosen by `--judge`."""

        def build() -> HeuristicJudge | LlmJudge:
            if self.settings.judge == "llm":
                client = self._client(JUDGE_ROLE, "--judge llm")
                return LlmJudge(client, self.settings.judge_threshold, self.settings.judge_rounds)
            return HeuristicJudge(self.settings.judge_threshold)

        judge: HeuristicJudge | LlmJudge = self._get("judge", build)
        return judge

    def preload(self) -> None:
        """Build both now, so a bad setting fails before any paper is processed."""
        if not 1.0 <= self.settings.judge_threshold <= 5.0:
            raise ValueError("--judge-threshold must be within [1, 5]")
        if self.settings.judge_rounds < 1:
            raise ValueError("--judge-rounds must be at least 1")
        _ = (self.generator, self.judge)
        if self.ocsr == "none" and self.settings.ocsr == "auto":
            log.warning(
                "osra is not installed: distractor features come from the paper's text only, "
                "so fewer candidates find enough of them (Debian/Ubuntu: apt install osra)"
            )

    @property
    def ocsr(self) -> Literal["osra", "none"]:
        """The OCSR actually used; `auto` is OSRA when it is installed, else none.

        Raises:
            ValueError: `--generation-ocsr osra` was asked for and OSRA is not installed.
        """
        from chemx.visual.ocsr import osra_path

        if self.settings.ocsr == "none":
            return "none"
        if osra_path() is not None:
            return "osra"
        if self.settings.ocsr == "osra":
            raise ValueError(
                "--generation-ocsr osra: osra is not on PATH (Debian/Ubuntu: apt install osra); "
                "--generation-ocsr none uses the paper's text only"
            )
        return "none"

    @property
    def names(self) -> dict[str, str]:
        """Generator, judge and visible-feature sources: what the report shows."""
        features = "osra+text" if self.ocsr == "osra" else "text"
        if self.ocsr == "none" and self.settings.ocsr == "auto":
            features += " (osra not installed)"
        return {
            "generator": self.generator.backend,
            "judge": self.judge.backend,
            "visible_features": features,
        }


@dataclass(frozen=True)
class PaperContext:
    """What every candidate of one paper shares: its record and its sentences."""

    record: Any
    """The `Paper` (licence and date go into each item), or None if it is missing."""
    sentences: tuple[tuple[str, str], ...]
    """(sentence id, text) in reading order: the source of text-named visible features."""


def accepted_evidence(store: ProvenanceStore, paper_id: str) -> list[tuple[Evidence, Decision]]:
    """The paper's evidence blocks with their QC 2 accept decision, in store order."""
    result = []
    for node in store.nodes(NodeKind.EVIDENCE, paper_id=paper_id, status="ok"):
        if not isinstance(node.record, Evidence):
            continue
        accepted = [
            d
            for d in store.decisions(node.id)
            if d.gate is Gate.QC2 and d.verdict is Verdict.ACCEPT
        ]
        if accepted:
            result.append((node.record, accepted[0]))
    return result


def basis_order(evidence: Evidence, qc2: Decision, structure: Structure) -> list[int]:
    """Indices of the explanatory sentences QC 2 credited, best basis first.

    QC 2's accept decision names the sentences it credited (explanatory and about the
    structure); captions are never among them. A sentence naming the structure's own
    label comes before one about a reaction component or a continuation.
    """
    credited = set(SENTENCE_ID.findall(qc2.detail))
    indices = [
        i
        for i, s in enumerate(evidence.sentences)
        if s.sentence_id in credited and s.label is ExplanatoryLabel.EXPLANATORY
    ]
    if not indices:
        indices = [
            i
            for i, s in enumerate(evidence.sentences)
            if s.origin != "caption" and s.label is ExplanatoryLabel.EXPLANATORY
        ]
    own = structure.identifier or ""
    return sorted(indices, key=lambda i: (not names_label(evidence.sentences[i].text, own), i))


def entry_type(structure: Structure) -> Literal["molecule", "reaction"]:
    """'reaction' for reaction crops, 'molecule' for every single-structure crop."""
    return "reaction" if structure.role is StructureRole.REACTION else "molecule"


def evidence_text(evidence: Evidence) -> str:
    """The evidence block as one text."""
    return " ".join(sentence.text for sentence in evidence.sentences)


class GenerationAgent:
    """Runs question generation, anti-shortcut checks and QC 3 for one paper at a time."""

    def __init__(self, store: ProvenanceStore, backends: GenerationBackends) -> None:
        """Write to `store` with the shared `backends`."""
        self.store = store
        self.backends = backends

    def process(self, paper_id: str) -> dict[str, int]:
        """Generate and judge a candidate for every QC 2-accepted evidence block."""
        counts: Counter[str] = Counter()
        blocks = accepted_evidence(self.store, paper_id)
        if not blocks:
            return {}
        paper_node = self.store.get(paper_id)
        paper = PaperContext(
            record=paper_node.record if paper_node else None,
            sentences=tuple(
                (s.id, s.text) for s in sentences_in_reading_order(self.store, paper_id)[1]
            ),
        )
        generator = self.backends.generator
        batch = WriteBatch()
        used: dict[str, str] = {}
        planned = []
        for evidence, qc2 in blocks:
            node = self.store.get(evidence.structure_id)
            if node is None or not isinstance(node.record, Structure):
                continue
            structure = node.record
            planned.append((evidence, structure, basis_order(evidence, qc2, structure)))
        planned.sort(key=lambda entry: len(entry[2]))  # most constrained block chooses first
        for evidence, structure, order in planned:
            counts["candidates"] += 1
            self._one(evidence, structure, order, used, paper, generator, batch, counts)
        self.store.write(batch)
        return dict(counts)

    # -- one candidate ---------------------------------------------------------------

    def _choose(
        self, evidence: Evidence, order: list[int], used: dict[str, str], generator: Generator
    ) -> tuple[int | None, str | None]:
        """(basis index, or None; the sentence id already used, when that is why)."""
        free = [i for i in order if (evidence.sentences[i].sentence_id or "") not in used]
        for index in free:
            if generator.usable(evidence.sentences[index].text):
                return index, None
        if free:
            return free[0], None
        if order:
            return None, evidence.sentences[order[0]].sentence_id
        return None, None

    def _one(
        self,
        evidence: Evidence,
        structure: Structure,
        order: list[int],
        used: dict[str, str],
        paper: PaperContext,
        generator: Generator,
        batch: WriteBatch,
        counts: Counter[str],
    ) -> None:
        basis, taken = self._choose(evidence, order, used, generator)
        basis_id = evidence.sentences[basis].sentence_id if basis is not None else taken
        candidate_id = node_id(NodeKind.CANDIDATE, evidence.id, basis_id or "", generator.backend)
        image = self.store.blobs.get(structure.image_sha256)
        if basis is None:
            reason = "duplicate_basis" if taken else "no_basis"
            detail = (
                f"its explanatory sentence {taken} is the basis of {used[taken]} already"
                if taken
                else "no explanatory sentence in the block"
            )
            self._discard(candidate_id, evidence, basis_id, generator, reason, detail, batch)
            counts[reason] += 1
            return
        used[basis_id or ""] = candidate_id
        smiles: str | None = None
        smiles_source: str | None = None
        keys: frozenset[str] | None = None
        visible: tuple[VisibleFeature, ...] = ()
        if generator.usable(evidence.sentences[basis].text):  # no OSRA for a vague basis
            smiles, smiles_source = self._reading(structure, counts)
            partial = smiles_source is not None and smiles_source.endswith("partial")
            if smiles:
                keys = frozenset(matched_keys(smiles)) - (
                    UNRELIABLE_IN_PARTIAL if partial else frozenset()
                )
            block = [(s.sentence_id, s.text) for s in evidence.sentences]
            in_block = {sentence_id for sentence_id, _ in block}
            # the block first, then the rest of the paper: features it names for the compound
            sentences = [*block, *(s for s in paper.sentences if s[0] not in in_block)]
            labels = [label for label in (structure.identifier, *structure.related_identifiers)]
            visible = (
                *structure_features(smiles, partial=partial),
                *text_features(sentences, [label for label in labels if label], skip=[basis_id]),
            )
        context = GenerationContext(
            candidate_id=candidate_id,
            structure=structure,
            evidence=evidence,
            basis_index=basis,
            entry_type=entry_type(structure),
            image=image,
            visible=visible,
            structure_keys=keys,
        )
        extra = {"basis_sentence_id": basis_id, "smiles": smiles, "smiles_source": smiles_source}
        decomposed = generator.decompose(context)
        batch.model_calls.extend(decomposed.calls)
        counts["model_calls"] += len(decomposed.calls)
        if decomposed.fields is None:
            self._discard_decomposed(candidate_id, evidence, generator, decomposed, extra, batch)
            counts[decomposed.reason] += 1
            return
        fields = decomposed.fields
        written = generator.write_mcq(context, fields)
        batch.model_calls.extend(written.calls)
        counts["model_calls"] += len(written.calls)
        candidate = Candidate(
            id=candidate_id,
            parent_id=evidence.id,
            backend=generator.backend,
            paper_id=evidence.paper_id,
            evidence_id=evidence.id,
            effect=fields.effect,
            feature=fields.feature,
            mechanism=fields.mechanism,
            reasoning_type=fields.reasoning_type,
            other_features=tuple(f.name for f in fields.other_features),
            stem=written.mcq.stem if written.mcq else None,
            options=written.mcq.options if written.mcq else (),
            answer=written.mcq.answer if written.mcq else None,
            feature_sources={f.name: f.source for f in fields.other_features},
            **extra,
        )
        batch.add(candidate)
        batch.decisions.append(
            accept(
                candidate_id,
                Gate.GENERATION,
                "decomposed",
                f"basis {basis_id}; features from {smiles_source or 'text only'}",
                generator.backend,
                {"other_features": float(len(fields.other_features))},
            )
        )
        if written.mcq is None:
            batch.decisions.append(
                reject(
                    candidate_id, Gate.GENERATION, written.reason, written.detail, generator.backend
                )
            )
            counts[written.reason] += 1
            return
        counts["mcq"] += 1
        text = evidence_text(evidence)
        report = check(
            written.mcq.stem,
            written.mcq.options,
            written.mcq.answer,
            effect=fields.effect,
            feature=fields.feature,
            evidence_text=text,
        )
        batch.decisions.append(report.decision(candidate_id))
        if not report.passed:
            counts["anti_shortcut_failed"] += 1
            return
        counts["anti_shortcut_passed"] += 1
        judge = self.backends.judge
        verdict = judge.judge(JudgeInput(candidate, text, image, keys))
        batch.decisions.append(verdict.decision(candidate_id))
        batch.model_calls.extend(verdict.calls)
        counts["model_calls"] += len(verdict.calls)
        if not verdict.accepted:
            counts["qc3_rejected"] += 1
            return
        counts["qc3_accepted"] += 1
        batch.add(self._item(candidate, structure, paper.record, generator.backend, judge.backend))
        counts["items"] += 1

    def _item(
        self, candidate: Candidate, structure: Structure, paper: Any, generator: str, judge: str
    ) -> Item:
        assert candidate.stem is not None and candidate.answer is not None
        return Item(
            id=node_id(NodeKind.ITEM, candidate.id),
            parent_id=candidate.id,
            backend=f"{generator}+{judge}",
            paper_id=candidate.paper_id,
            candidate_id=candidate.id,
            structure_id=structure.id,
            image_sha256=structure.image_sha256,
            stem=candidate.stem,
            options=candidate.options,
            answer=candidate.answer,
            reasoning_type=candidate.reasoning_type,
            entry_type=entry_type(structure),
            licence_url=paper.licence_url if isinstance(paper, Paper) else None,
            published=paper.published if isinstance(paper, Paper) else None,
        )

    def _discard(
        self,
        candidate_id: str,
        evidence: Evidence,
        basis_id: str | None,
        generator: Generator,
        reason: str,
        detail: str,
        batch: WriteBatch,
        partial: dict[str, str] | None = None,
        extra: dict[str, Any] | None = None,
    ) -> None:
        """A candidate that never got its fields: kept, with the reason, for `chemx audit`."""
        partial = partial or {}
        batch.add(
            Candidate(
                id=candidate_id,
                parent_id=evidence.id,
                backend=generator.backend,
                paper_id=evidence.paper_id,
                evidence_id=evidence.id,
                effect=partial.get("effect", ""),
                feature=partial.get("feature", ""),
                mechanism=partial.get("mechanism", ""),
                reasoning_type=ReasoningType(
                    partial.get("reasoning_type", ReasoningType.MECHANISTIC.value)
                ),
                other_features=(),
                **({"basis_sentence_id": basis_id} | (extra or {})),
            )
        )
        batch.decisions.append(
            reject(candidate_id, Gate.GENERATION, reason, detail, generator.backend)
        )

    def _discard_decomposed(
        self,
        candidate_id: str,
        evidence: Evidence,
        generator: Generator,
        result: DecomposeResult,
        extra: dict[str, Any],
        batch: WriteBatch,
    ) -> None:
        basis_id = extra.get("basis_sentence_id")
        rest = {k: v for k, v in extra.items() if k != "basis_sentence_id"}
        self._discard(
            candidate_id,
            evidence,
            basis_id,
            generator,
            result.reason,
            result.detail,
            batch,
            result.partial,
            rest,
        )

    # -- SMILES for the feature catalogue ---------------------------------------------

    def _reading(self, structure: Structure, counts: Counter[str]) -> tuple[str | None, str | None]:
        """(SMILES, where it came from) for the catalogue; (None, None) without one.

        A reaction crop is read through its components (the reactant and product crops
        of the same scheme step): OSRA reads one structure per crop well and several
        poorly, and the component readings are shared with their own candidates.
        """
        if structure.smiles:
            return structure.smiles, "structure"
        if self.backends.ocsr == "none":
            return None, None
        if structure.role is StructureRole.REACTION:
            readings = [self._reading(c, counts) for c in self._components(structure)]
            found = [(s, src) for s, src in readings if s and src]
            if found:
                partial = any(src.endswith("partial") for _, src in found)
                source = "osra-components" + ("-partial" if partial else "")
                return " ".join(s for s, _ in found), source
        return self._osra(structure, counts)

    def _components(self, reaction: Structure) -> list[Structure]:
        wanted = set(reaction.related_identifiers)
        result = []
        for node in self.store.children(reaction.figure_id):
            other = node.record
            if (
                isinstance(other, Structure)
                and other.role in (StructureRole.REACTANT, StructureRole.PRODUCT)
                and other.identifier in wanted
                and other.step in (reaction.step, None)
            ):
                result.append(other)
        return result

    def _osra(self, structure: Structure, counts: Counter[str]) -> tuple[str | None, str | None]:
        key = OSRA_CACHE_PREFIX + digest(structure.image_sha256)
        cached = self.store.cache_get(key)
        if cached is not None:
            data = json.loads(cached)
        else:
            from chemx.images import to_rgb
            from chemx.visual.ocsr import recognise_smiles

            image = self.store.blobs.get(structure.image_sha256)
            result = recognise_smiles(to_rgb(image, structure.id))
            counts["osra_runs"] += 1
            data = {"smiles": result.smiles, "raw": result.raw, "reason": result.reason}
            if result.reason != "osra not installed":
                self.store.cache_put(key, json.dumps(data, sort_keys=True))
        if data.get("smiles"):
            return str(data["smiles"]), "osra"
        if data.get("raw"):
            return str(data["raw"]), "osra-partial"
        return None, None
