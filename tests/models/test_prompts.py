from __future__ import annotations

import hashlib

import pytest
from pydantic import ValidationError

from chemx.prompts import (
    IdentifierAnswer,
    PromptError,
    PromptTemplate,
    available_templates,
    load_template,
)


def test_identifier_template_loads_with_id_text_and_hash():
    template = load_template("identifier.v1")
    assert template.id == "identifier.v1"
    assert template.sha256 == hashlib.sha256(template.text.encode("utf-8")).hexdigest()
    assert template.fields == {"caption"}
    assert "identifier.v1" in available_templates()
    assert load_template("identifier.v1") is template  # loaded once


def test_identifier_template_says_what_the_design_asks():
    text = load_template("identifier.v1").text.lower()
    assert "red box" in text
    assert "label" in text and "printed" in text
    assert '{"identifier": null}' in text
    assert "json" in text


def test_render_fills_every_placeholder():
    template = load_template("identifier.v1")
    prompt = template.render(caption="Figure 2. Synthesis of lactams 3a–3f.")
    assert "Synthesis of lactams 3a–3f." in prompt
    assert "$" not in prompt.replace("$$", "")
    assert '{"identifier": "<the label as printed>"}' in prompt  # JSON braces survive


def test_render_refuses_missing_or_unexpected_fields():
    template = load_template("identifier.v1")
    with pytest.raises(PromptError, match=r"missing \['caption'\]"):
        template.render()
    with pytest.raises(PromptError, match=r"unexpected \['label'\]"):
        template.render(caption="c", label="3a")


def test_from_text_checks_syntax_and_escapes():
    template = PromptTemplate.from_text("t.v1", "Cost $$5 for ${what} and $who.")
    assert template.fields == {"what", "who"}
    assert template.render(what="x", who="y") == "Cost $5 for x and y."
    with pytest.raises(PromptError, match="invalid placeholder"):
        PromptTemplate.from_text("t.v1", "broken $ sign")


@pytest.mark.parametrize("bad", ["identifier", "../identifier.v1", "Identifier.v1", "x.v1/.."])
def test_template_ids_are_checked(bad):
    with pytest.raises(PromptError, match=r"must look like 'name\.v1'"):
        load_template(bad)


def test_unknown_template_lists_available_ones():
    with pytest.raises(PromptError, match=r"no prompt template 'judge.v9'.*identifier.v1"):
        load_template("judge.v9")


def test_identifier_answer_schema():
    assert IdentifierAnswer.model_validate_json('{"identifier": "3a"}').identifier == "3a"
    assert IdentifierAnswer.model_validate_json('{"identifier": null}').identifier is None
    with pytest.raises(ValidationError):
        IdentifierAnswer.model_validate_json("{}")
    with pytest.raises(ValidationError):
        IdentifierAnswer.model_validate_json('{"identifier": "3a", "smiles": "CCO"}')
