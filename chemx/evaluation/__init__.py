"""Model evaluation on a release: runs (`chemx eval`) and their analysis (`chemx report`).

Running (seed 002, section 5.1: zero-shot, reasoning first, three trials, majority vote):

- `records`: the run's typed records: `EvalItem`, `SamplingParams`, `TrialRecord`,
  `RunManifest`, the `Condition`s (image, text-only, ega, context).
- `items`: the verified release's items, and per-item extra context files.
- `prompts`: the versioned template of each condition, and the chat sent per item.
- `backends`: `openai` (any OpenAI-compatible server), `vllm` (offline engine),
  `baseline` (random, always-A, the shortcut battery); registry kind ``evaluation``.
- `extract`: the answer-extraction chain, declared as data.
- `vote`: `majority_vote` over an item's trials.
- `run_folder`: run.json, trials.jsonl (resume, refusal of another run's folder).
- `runner`: `run_eval`, the whole run.

Analysis (seed 002, section 5 and appendices D, E.8; seed 003):

- `results`: a run folder read back, every record with its trials.jsonl line number.
- `metrics`: majority-vote accuracy overall and by reasoning type, entry type and year;
  unbiased pass@k, mean reliability, first-trial accuracy.
- `stats`: paper-level bootstrap CIs, one question per paper, paired run comparison,
  exact McNemar, Wilson intervals; `agreement`: Gwet's AC1/AC2 between annotators.
- `fidelity`: reasoning-path fidelity, the judge role scoring each checkpoint.
- `report`, `report_table`, `report_json`, `report_html`, `charts`: `chemx report`.
- `taxonomy`, `errors_export`: the error taxonomy (`chemx errors export/import`).
- `chempro`, `chempro_extract`: ChemPro-format text benchmarks (MCQ and numerical).

Only the light modules are imported here; import the others by their path (they read
parquet files, talk to servers or draw charts).
"""

from chemx.evaluation.extract import EXTRACTION_CHAIN, Extraction, extract_answer
from chemx.evaluation.records import (
    LETTERS,
    Condition,
    EvalItem,
    Letter,
    RunManifest,
    SamplingParams,
    TrialRecord,
)
from chemx.evaluation.vote import item_votes, majority_vote

__all__ = [
    "EXTRACTION_CHAIN",
    "LETTERS",
    "Condition",
    "EvalItem",
    "Extraction",
    "Letter",
    "RunManifest",
    "SamplingParams",
    "TrialRecord",
    "extract_answer",
    "item_votes",
    "majority_vote",
]
