"""QC 3: the judge scores every generated question on four dimensions; mean >= 4.0 passes.

Seed 002 (section 4.3): the judge uses "explanation-first prompting, so that the model
first analyzes each dimension before assigning a numeric score", on a 1-5 Likert scale,
along four dimensions: **Distractor Quality** (incorrect options remain plausible without
careful analysis of the depicted structure), **Question Meaningfulness** (the question
probes an explanatory relationship rather than superficial recall), **Correct-Answer
Unambiguity** (the labeled answer is the best-supported explanation and no competing
option is equally defensible) and **Structure Necessity** (solving it requires the
depicted structure rather than the question text alone). "To reduce answer-order
effects, each question is scored three times with shuffled option order, and the
scores are averaged." A candidate is accepted when the overall average is at least 4.0.

Two backends, named in every Decision and in the build report:

- ``llm:<model>`` (`LlmJudge`, the ``judge`` role, template ``judge.v1``): three calls,
  each with the options in a different order drawn from a generator seeded by the
  candidate id (reproducible); the answer letter shown is moved with its option, and
  every letter the judge names (``competing_options``) is mapped back to the stored
  order. Scores are averaged per dimension, then over dimensions. Any failed call
  rejects the candidate (``model_failed``): an item is never accepted on fewer scorings
  than configured.
- ``heuristic-judge-v1`` (`HeuristicJudge`, offline): the four dimensions computed from
  measurable signals of the question (`HeuristicJudge.signals`), each in [0, 1]:

  =====================  ==========================================================
  ``visible``            per distractor: 1 if the catalogue finds its feature on the
                         structure's SMILES, 0.75 if the paper names it for this
                         structure, 0.5 otherwise; mean over distractors
  ``specific``           share of distractors whose mechanism is feature-specific
                         (not a generic fallback of `chemx.generation.mechanisms`)
  ``distinct``           1 - the largest word overlap between two options' features
  ``balance``            option length balance: (min/max - 0.5) / 0.3, clipped
  ``feature_support``    share of the Feature's words found in the evidence
  ``mechanism_support``  share of the Mechanism's content words found in the evidence
  ``separation``         1 - the largest overlap of a distractor with the Feature
  ``effect_specific``    1 for a quantitative effect (a number), 0.7 for a
                         comparative/qualitative outcome word, 0.4 otherwise
  ``depth``              content words of the Mechanism / 8, clipped (causal depth)
  ``lexical``            1 - 4 x (how much more the correct option echoes the stem
                         than the distractors do), clipped: a text-only shortcut
  ``correct_visible``    1 if the catalogue finds the Feature on the SMILES, 0.5 if
                         it cannot tell (no SMILES or no catalogue entry), 0.25 if it
                         looked and did not find it
  =====================  ==========================================================

  and each dimension is ``1 + 4 x`` a weighted mean of its signals:

  - Distractor Quality = 0.4 visible + 0.4 specific + 0.2 distinct
  - Question Meaningfulness = 0.6 depth + 0.4 effect_specific
  - Correct-Answer Unambiguity = 0.35 feature_support + 0.25 mechanism_support
    + 0.4 separation
  - Structure Necessity = 0.35 mean(visible per distractor, correct_visible)
    + 0.35 lexical + 0.3 balance

  The signals are independent of option order, so one scoring equals three shuffled
  ones (tested); it runs once.
"""

from __future__ import annotations

import itertools
import json
import random
import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, Literal, Protocol, runtime_checkable

from pydantic import BaseModel, ConfigDict, Field

from chemx.generation.catalogue import group_for_feature
from chemx.generation.mechanisms import GENERIC
from chemx.generation.text import content_stems, coverage, distinctive_stems
from chemx.models import JUDGE_ROLE, ModelCaller
from chemx.provenance.decisions import decide
from chemx.provenance.ids import digest
from chemx.records import Candidate, Decision, Gate, ModelCall, Option, Verdict
from chemx.registry import BackendContext

DIMENSIONS: tuple[str, ...] = (
    "distractor_quality",
    "question_meaningfulness",
    "answer_unambiguity",
    "structure_necessity",
)
"""The four QC 3 dimensions, in the seed's order."""
DEFAULT_THRESHOLD = 4.0
"""Accept when the overall mean is at least this (seed 002, section 4.3)."""
DEFAULT_ROUNDS = 3
JUDGE_TEMPLATE = "judge.v1"
HEURISTIC_BACKEND = "heuristic-judge-v1"
SHUFFLE_SALT = "judge-shuffle"
LETTERS = ("A", "B", "C", "D")

Letter = Literal["A", "B", "C", "D"]


class DimensionScore(BaseModel):
    """One dimension: the analysis first, then the score (explanation-first prompting)."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    explanation: str = Field(description="Your analysis of this dimension, before scoring.")
    score: int = Field(ge=1, le=5, description="1 (poor) to 5 (excellent).")


class JudgeAnswer(BaseModel):
    """What `judge.v1` asks the judge role for."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    distractor_quality: DimensionScore
    question_meaningfulness: DimensionScore
    answer_unambiguity: DimensionScore
    structure_necessity: DimensionScore
    competing_options: list[Letter] = Field(
        default_factory=list,
        description="Letters of incorrect options that are as defensible as the marked answer.",
    )


@dataclass(frozen=True)
class JudgeInput:
    """What the judge reads about one candidate question."""

    candidate: Candidate
    evidence_text: str
    image: bytes | None = None
    structure_keys: frozenset[str] | None = None
    """Catalogue keys found on the structure's SMILES; None when there is no SMILES."""


@dataclass(frozen=True)
class JudgeResult:
    """QC 3's verdict on one candidate."""

    accepted: bool
    reason: str
    scores: dict[str, float]
    explanations: dict[str, Any]
    backend: str
    calls: tuple[ModelCall, ...] = ()

    def decision(self, node_id: str) -> Decision:
        """The qc3 Decision: scores in `scores`, explanations as compact JSON in `detail`."""
        detail = json.dumps(
            self.explanations, sort_keys=True, ensure_ascii=False, separators=(",", ":")
        )
        verdict = Verdict.ACCEPT if self.accepted else Verdict.REJECT
        return decide(node_id, Gate.QC3, verdict, self.reason, detail, self.backend, self.scores)


def summarise(
    rounds: Sequence[dict[str, float]], threshold: float
) -> tuple[bool, str, dict[str, float]]:
    """Per-dimension means over rounds, their overall mean and the verdict."""
    means = {d: round(sum(r[d] for r in rounds) / len(rounds), 3) for d in DIMENSIONS}
    overall = round(sum(means.values()) / len(DIMENSIONS), 3)
    accepted = overall >= threshold
    scores = {**means, "overall": overall, "threshold": threshold, "rounds": float(len(rounds))}
    return accepted, "judge_accept" if accepted else "judge_below_threshold", scores


def weakest(scores: dict[str, float]) -> str:
    """The dimension with the lowest mean: the rejection cause (seed 002, appendix E.5)."""
    return min(DIMENSIONS, key=lambda d: (scores[d], DIMENSIONS.index(d)))


# -- heuristic -------------------------------------------------------------------------


_QUANTITY = re.compile(r"\d")
_OUTCOME_WORDS = re.compile(
    r"\b(?:higher|lower|faster|slower|only|exclusive|exclusively|no|without|more|less|"
    r"increase|increased|decrease|decreased|shift|loss|gain|stable|selective|selectivity|"
    r"inactive|active|complete|narrow|small|large|blue|red|high|low)\b",
    re.I,
)
_GENERIC_TAILS = tuple(
    phrase.split(" ", 1)[1] for m in GENERIC.values() for phrase in (m.effect, m.condition)
)


def _clip(value: float) -> float:
    return max(0.0, min(1.0, value))


def _mean(values: Sequence[float], default: float = 0.0) -> float:
    return sum(values) / len(values) if values else default


def _overlap_stems(a: set[str], b: set[str]) -> float:
    return len(a & b) / min(len(a), len(b)) if a and b else 0.0


@runtime_checkable
class Judge(Protocol):
    """QC 3: scores a candidate question on the four dimensions (kind ``judge``)."""

    backend: str

    def judge(self, item: JudgeInput) -> JudgeResult:
        """The scores and the verdict."""
        ...


class HeuristicJudge:
    """The offline judge: four dimensions from measurable signals (module docstring)."""

    backend = HEURISTIC_BACKEND

    def __init__(self, threshold: float = DEFAULT_THRESHOLD) -> None:
        """Accept at `threshold` (overall mean)."""
        self.threshold = threshold

    def signals(self, item: JudgeInput) -> dict[str, float]:
        """Every signal in [0, 1] (see the module table)."""
        candidate = item.candidate
        correct, distractors = _split(candidate.options, candidate.answer)
        visible = [self._visible(option.feature, item) for option in distractors]
        generic = [any(t in option.mechanism for t in _GENERIC_TAILS) for option in distractors]
        feature_sets = [distinctive_stems(option.feature) for option in candidate.options]
        pair_overlaps = [_overlap_stems(a, b) for a, b in itertools.combinations(feature_sets, 2)]
        lengths = [len(option.text) for option in candidate.options]
        correct_stems = distinctive_stems(candidate.feature)
        separation = [
            _overlap_stems(distinctive_stems(f"{o.feature} {o.mechanism}"), correct_stems)
            for o in distractors
        ]
        stem_words = content_stems(candidate.stem or "") - content_stems(candidate.effect)

        def echo(option: Option) -> float:
            mine = content_stems(f"{option.feature} {option.mechanism}")
            return len(mine & stem_words) / len(mine) if mine else 0.0

        excess = echo(correct) - _mean([echo(o) for o in distractors])
        effect = candidate.effect
        if _QUANTITY.search(effect):
            effect_specific = 1.0
        elif _OUTCOME_WORDS.search(effect):
            effect_specific = 0.7
        else:
            effect_specific = 0.4
        return {
            "visible": round(_mean(visible), 4),
            "specific": round(1.0 - _mean([float(g) for g in generic]), 4),
            "distinct": round(1.0 - max(pair_overlaps, default=0.0), 4),
            "balance": round(_clip((min(lengths) / max(lengths) - 0.5) / 0.3), 4),
            "feature_support": round(coverage(candidate.feature, item.evidence_text), 4),
            "mechanism_support": round(coverage(candidate.mechanism, item.evidence_text), 4),
            "separation": round(1.0 - max(separation, default=0.0), 4),
            "effect_specific": effect_specific,
            "depth": round(_clip(len(content_stems(candidate.mechanism)) / 8), 4),
            "lexical": round(_clip(1.0 - 4 * max(0.0, excess)), 4),
            "correct_visible": self._correct_visible(candidate.feature, item),
        }

    @staticmethod
    def _visible(feature: str, item: JudgeInput) -> float:
        group = group_for_feature(feature)
        if (
            item.structure_keys is not None
            and group is not None
            and group.key in item.structure_keys
        ):
            return 1.0
        source = item.candidate.feature_sources.get(feature, "")
        if source.startswith("smarts:"):
            return 1.0
        if source.startswith("text:"):
            return 0.75
        return 0.5

    @staticmethod
    def _correct_visible(feature: str, item: JudgeInput) -> float:
        group = group_for_feature(feature)
        if item.structure_keys is None or group is None:
            return 0.5
        return 1.0 if group.key in item.structure_keys else 0.25

    def dimensions(self, signals: dict[str, float]) -> dict[str, float]:
        """The four 1-5 scores from the signals (weights in the module docstring)."""
        s = signals
        necessity_visible = (s["visible"] * 3 + s["correct_visible"]) / 4
        raw = {
            "distractor_quality": 0.4 * s["visible"] + 0.4 * s["specific"] + 0.2 * s["distinct"],
            "question_meaningfulness": 0.6 * s["depth"] + 0.4 * s["effect_specific"],
            "answer_unambiguity": 0.35 * s["feature_support"]
            + 0.25 * s["mechanism_support"]
            + 0.4 * s["separation"],
            "structure_necessity": 0.35 * necessity_visible
            + 0.35 * s["lexical"]
            + 0.3 * s["balance"],
        }
        return {name: round(1 + 4 * value, 3) for name, value in raw.items()}

    def judge(self, item: JudgeInput) -> JudgeResult:
        """Score once (the signals do not depend on option order)."""
        signals = self.signals(item)
        accepted, reason, scores = summarise([self.dimensions(signals)], self.threshold)
        explanations = {"signals": signals, "weakest": weakest(scores)}
        return JudgeResult(accepted, reason, scores, explanations, self.backend)


def _split(options: Sequence[Option], answer: str | None) -> tuple[Option, list[Option]]:
    correct = [o for o in options if o.letter == answer]
    if len(correct) != 1:
        raise ValueError(f"answer {answer!r} is not one of the options")
    return correct[0], [o for o in options if o.letter != answer]


# -- LLM -------------------------------------------------------------------------------


def shuffle_orders(candidate_id: str, rounds: int) -> list[tuple[int, ...]]:
    """`rounds` distinct option orders for one candidate, reproducible from its id.

    Each order lists, for shown letters A-D, the index of the stored option shown there.
    """
    permutations = list(itertools.permutations(range(len(LETTERS))))
    rng = random.Random(digest(SHUFFLE_SALT, candidate_id))
    return rng.sample(permutations, min(rounds, len(permutations)))


def map_back(letters: Sequence[str], order: Sequence[int]) -> list[str]:
    """Shown letters -> the stored letters of the same options."""
    return [LETTERS[order[LETTERS.index(letter)]] for letter in letters if letter in LETTERS]


@dataclass
class LlmJudge:
    """QC 3 by the ``judge`` role (module docstring)."""

    client: ModelCaller
    threshold: float = DEFAULT_THRESHOLD
    rounds: int = DEFAULT_ROUNDS
    template: Any = field(default=None)

    def __post_init__(self) -> None:
        from chemx.prompts import load_template

        if self.template is None:
            self.template = load_template(JUDGE_TEMPLATE)
        self.backend = f"llm:{self.client.config.role(JUDGE_ROLE).model}"

    def prompt(self, item: JudgeInput, order: Sequence[int]) -> tuple[str, str]:
        """The rendered prompt for one shuffled order and the answer letter it shows."""
        candidate = item.candidate
        options = [candidate.options[index] for index in order]
        shown = "\n".join(
            f"{letter}. {option.text}" for letter, option in zip(LETTERS, options, strict=True)
        )
        answer_index = [str(o.letter) for o in candidate.options].index(str(candidate.answer))
        marked = LETTERS[list(order).index(answer_index)]
        text = self.template.render(
            stem=candidate.stem or "",
            options=shown,
            answer=marked,
            evidence=item.evidence_text,
        )
        return text, marked

    def judge(self, item: JudgeInput) -> JudgeResult:
        """Score `rounds` times with shuffled options; average; accept at the threshold."""
        from chemx.models import CallOk, Message

        if item.image is None:
            raise ValueError("the LLM judge needs the structure image")
        candidate = item.candidate
        calls: list[ModelCall] = []
        rounds: list[dict[str, float]] = []
        explained: list[dict[str, Any]] = []
        for order in shuffle_orders(candidate.id, self.rounds):
            text, marked = self.prompt(item, order)
            result = self.client.complete_sync(
                JUDGE_ROLE,
                [Message.user(text, item.image)],
                JudgeAnswer,
                template=self.template,
                node_id=candidate.id,
            )
            calls.append(result.call)
            if not isinstance(result, CallOk):
                detail = {"error": result.error, "order": "".join(LETTERS[i] for i in order)}
                return JudgeResult(False, "model_failed", {}, detail, self.backend, tuple(calls))
            answer: JudgeAnswer = result.output
            rounds.append({d: float(getattr(answer, d).score) for d in DIMENSIONS})
            explained.append(
                {
                    "order": "".join(LETTERS[i] for i in order),
                    "shown_answer": marked,
                    "scores": {d: getattr(answer, d).score for d in DIMENSIONS},
                    "explanations": {d: getattr(answer, d).explanation for d in DIMENSIONS},
                    "competing_options": map_back(answer.competing_options, order),
                }
            )
        accepted, reason, scores = summarise(rounds, self.threshold)
        explanations = {"rounds": explained, "weakest": weakest(scores)}
        return JudgeResult(accepted, reason, scores, explanations, self.backend, tuple(calls))


def make_heuristic_judge(context: BackendContext) -> HeuristicJudge:
    """The ``heuristic`` judge at ``settings.judge_threshold`` (registry factory)."""
    return HeuristicJudge(context.settings.judge_threshold)


def make_llm_judge(context: BackendContext) -> LlmJudge:
    """The ``llm`` judge: the judge role, ``settings.judge_rounds`` shuffled scorings."""
    client = context.client_for(JUDGE_ROLE, "--judge llm")
    return LlmJudge(client, context.settings.judge_threshold, context.settings.judge_rounds)
