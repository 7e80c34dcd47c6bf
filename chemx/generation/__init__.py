"""Question generation (seed 002, section 3.3): decomposition, then the question and options.

- `extract`: the offline template decomposition of an explanatory sentence.
- `catalogue`, `mechanisms`, `features`: visible features and distractor mechanisms.
- `mcq`: stem and option frames, seeded answer position.
- `backends`: the ``template-v1`` and ``llm:<model>`` generators.

The per-paper stage that writes candidates, decisions and items is the generation
agent, `chemx.agents.generation`.
"""

from chemx.generation.backends import (
    TEMPLATE_BACKEND,
    GenerationContext,
    LlmGenerator,
    TemplateGenerator,
)
from chemx.generation.extract import Decomposition, Vague, decompose
from chemx.generation.mcq import Mcq, answer_rng, stem_text

__all__ = [
    "TEMPLATE_BACKEND",
    "Decomposition",
    "GenerationContext",
    "LlmGenerator",
    "Mcq",
    "TemplateGenerator",
    "Vague",
    "answer_rng",
    "decompose",
    "stem_text",
]
