"""Evaluation backends (`BackendKind.EVALUATION`), one registry line each.

- `openai`: any OpenAI-compatible server (vllm serve, the OpenAI API, llama.cpp) through
  `chemx.models.ModelClient`, with bounded concurrency and the run's response cache.
- `vllm`: the vLLM offline engine, imported only when chosen (needs vLLM and a GPU).
- `baseline`: answers without a model: random, always-A and the shortcut battery.

`_base` holds what they share: the settings, the requests, the outputs, the Protocol.
"""

from chemx.evaluation.backends._base import (
    EvalBatch,
    EvalSettings,
    EvaluationBackend,
    TrialOutput,
    TrialRequest,
    TrialSink,
)

__all__ = [
    "EvalBatch",
    "EvalSettings",
    "EvaluationBackend",
    "TrialOutput",
    "TrialRequest",
    "TrialSink",
]
