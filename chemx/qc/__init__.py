"""Quality-control gates. Each gate returns Decisions; rejected nodes stay in the store.

Gates, in pipeline order (see `chemx.records.Gate`): acquisition (unreadable input),
classifier, qc1 (valid 2-D structure with identifier), qc2 (entity match and
explanatory value), anti_shortcut, qc3 (judge). The acquisition gate is applied by the
source parsers; the others arrive with their stages. The generation gate records
candidates discarded before a question exists (too vague, too few visible features);
`chemx.qc.anti_shortcut` and `chemx.qc.judge` are the last two gates.
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
