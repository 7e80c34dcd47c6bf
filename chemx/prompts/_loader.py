"""Load versioned prompt templates shipped as files, and render them strictly.

A template's id names a file, `templates/<id>.txt` (e.g. `identifier.v1`); its SHA-256
goes into every model call's provenance, so an edited prompt is visible in the store and
invalidates cached answers. Edit a released template only by adding `<name>.v<n+1>`.

Templates use `string.Template` syntax (`$field` / `${field}`, `$$` for a dollar sign)
so that JSON examples with braces need no escaping.
"""

from __future__ import annotations

import hashlib
import re
import string
from dataclasses import dataclass
from functools import cache
from importlib import resources

TEMPLATE_ID = re.compile(r"^[a-z][a-z0-9_]*\.v[0-9]+$")
"""`name.vN`; also keeps ids from naming paths outside the templates folder."""


class PromptError(ValueError):
    """A template is missing, malformed, or rendered with the wrong fields."""


@dataclass(frozen=True)
class PromptTemplate:
    """A template's id, exact text and the SHA-256 of that text."""

    id: str
    text: str
    sha256: str

    @classmethod
    def from_text(cls, template_id: str, text: str) -> PromptTemplate:
        """Build a template from text (tests, ad-hoc prompts); validates its syntax."""
        template = string.Template(text)
        if not template.is_valid():
            raise PromptError(
                f"prompt template {template_id!r} has an invalid placeholder "
                "(use $name or ${name}; write $$ for a literal dollar sign)"
            )
        return cls(template_id, text, hashlib.sha256(text.encode("utf-8")).hexdigest())

    @property
    def fields(self) -> frozenset[str]:
        """The placeholder names the template needs."""
        return frozenset(string.Template(self.text).get_identifiers())

    def render(self, **fields: object) -> str:
        """Fill every placeholder; missing or unexpected fields are an error.

        Unexpected fields are refused too: they mean the caller and the template
        disagree about what the prompt contains.
        """
        missing = sorted(self.fields - fields.keys())
        unexpected = sorted(fields.keys() - self.fields)
        if missing or unexpected:
            parts = []
            if missing:
                parts.append(f"missing {missing}")
            if unexpected:
                parts.append(f"unexpected {unexpected}")
            raise PromptError(f"prompt template {self.id!r}: {'; '.join(parts)}")
        return string.Template(self.text).substitute({k: str(v) for k, v in fields.items()})


@cache
def load_template(template_id: str) -> PromptTemplate:
    """Load `chemx/prompts/templates/<template_id>.txt`.

    Raises:
        PromptError: If the id is malformed or no such template ships with chemx.
    """
    if not TEMPLATE_ID.match(template_id):
        raise PromptError(f"prompt template id {template_id!r} must look like 'name.v1'")
    resource = resources.files("chemx.prompts").joinpath("templates", f"{template_id}.txt")
    if not resource.is_file():
        known = ", ".join(available_templates()) or "none"
        raise PromptError(f"no prompt template {template_id!r} (available: {known})")
    return PromptTemplate.from_text(template_id, resource.read_text(encoding="utf-8"))


def available_templates() -> list[str]:
    """Ids of the templates that ship with chemx, sorted."""
    folder = resources.files("chemx.prompts").joinpath("templates")
    return sorted(
        entry.name.removesuffix(".txt")
        for entry in folder.iterdir()
        if entry.name.endswith(".txt") and TEMPLATE_ID.match(entry.name.removesuffix(".txt"))
    )
