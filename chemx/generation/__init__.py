"""Question generation (seed 002, section 3.3): decomposition, then the question and options.

- `extract`: the offline template decomposition of an explanatory sentence into Effect,
  Feature, Mechanism and reasoning type (or `Vague`, never completed by guessing).
- `catalogue`: RDKit SMARTS functional groups, the features a structure visibly shows.
- `features`: the other visible features of a structure, the distractor pool.
- `mechanisms`: the curated feature -> mechanism table for distractors.
- `mcq`: the stem (written from the Effect alone), option frames, seeded answer position.
- `backends`: the ``template-v1`` and ``llm:<model>`` generators behind one `Generator`
  protocol; `schemas`: the answer schemas of the LLM templates.
- `candidate`: one candidate from one accepted evidence block (basis sentence, discards
  with their reason, visible features), and the item an accepted candidate becomes.
- `lexicon`, `text`: word lists and the content-stem helpers shared with the gates.

The per-paper stage that writes candidates, decisions and items is the generation
agent, `chemx.agents.generation`; the anti-shortcut checks and the QC 3 judge are in
`chemx.qc`.
"""

from chemx.generation.backends import (
    TEMPLATE_BACKEND,
    GenerationContext,
    Generator,
    LlmGenerator,
    TemplateGenerator,
)
from chemx.generation.extract import Decomposition, Vague, decompose
from chemx.generation.features import VisibleFeature, structure_features
from chemx.generation.mcq import Mcq, answer_rng, stem_text
from chemx.generation.paper_features import text_features

__all__ = [
    "TEMPLATE_BACKEND",
    "Decomposition",
    "GenerationContext",
    "Generator",
    "LlmGenerator",
    "Mcq",
    "TemplateGenerator",
    "Vague",
    "VisibleFeature",
    "answer_rng",
    "decompose",
    "stem_text",
    "structure_features",
    "text_features",
]
