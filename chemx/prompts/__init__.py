"""Versioned prompt templates; their id and text hash go into every model call."""

from chemx.prompts._loader import PromptError, PromptTemplate, available_templates, load_template
from chemx.prompts.outputs import IdentifierAnswer

__all__ = [
    "IdentifierAnswer",
    "PromptError",
    "PromptTemplate",
    "available_templates",
    "load_template",
]
