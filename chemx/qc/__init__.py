"""Quality-control gates. Each gate returns Decisions; rejected nodes stay in the store.

Gates, in pipeline order (see `chemx.records.Gate`): acquisition (unreadable input),
classifier, qc1 (valid 2-D structure with identifier), qc2 (entity match and
explanatory value), anti_shortcut, qc3 (judge). The acquisition gate is applied by the
source parsers; the classifier and QC 1 in the visual stage (`structure_check`), QC 2 in
grounding (`grounding_check`, its backends in `qc2_backends`); the generation gate records
candidates discarded before a question exists (too vague, too few visible features);
`anti_shortcut` and `judge` are the last two gates.

`shortcut_battery` checks a whole item set: text-only baselines (longest, shortest, stem
overlap, rarest feature and mechanism, an option-only classifier) that must stay near
chance; `chemx eval --backend baseline` runs them.
"""

from chemx.qc.anti_shortcut import HEDGING_TERMS, ShortcutReport, check
from chemx.qc.judge import DIMENSIONS, HeuristicJudge, JudgeInput, JudgeResult, LlmJudge

__all__ = [
    "DIMENSIONS",
    "HEDGING_TERMS",
    "HeuristicJudge",
    "JudgeInput",
    "JudgeResult",
    "LlmJudge",
    "ShortcutReport",
    "check",
]
