"""The dataset card (README.md with a YAML header), written from the release's own data.

Everything on the card is computed from the released rows and the store's funnel, so
the card cannot drift from the data; nothing on it depends on when it was written. A
release that includes items of unknown licence says so under its title, with the count
and what the user must do before redistributing it.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Any

from chemx.provenance.attrition import FunnelStage, share_text
from chemx.release.licences import licence_label, paper_count
from chemx.release.rows import ReleaseRow
from chemx.release.schema import COLUMNS, DATA_FILE, SPLIT, card_features

SIZE_CATEGORIES = ((1_000, "n<1K"), (10_000, "1K<n<10K"), (100_000, "10K<n<100K"))


def _size_category(n: int) -> str:
    for limit, name in SIZE_CATEGORIES:
        if n < limit:
            return name
    return "100K<n<1M"


def _yaml_list(key: str, values: Sequence[str], indent: str = "") -> list[str]:
    return [f"{indent}{key}:", *(f"{indent}- {value}" for value in values)]


def _header(rows: Sequence[ReleaseRow], name: str, size_bytes: int) -> list[str]:
    lines = ["---", "license: other", "license_name: per-item-source-licence"]
    lines.append("license_link: LICENSES.md")
    lines.append(f"pretty_name: {name}")
    lines += _yaml_list("language", ["en"])
    lines += _yaml_list("task_categories", ["visual-question-answering", "multiple-choice"])
    lines += _yaml_list("tags", ["chemistry", "explanatory-reasoning", "multimodal", "benchmark"])
    lines += _yaml_list("size_categories", [_size_category(len(rows))])
    lines += [
        "configs:",
        "- config_name: default",
        "  data_files:",
        f"  - split: {SPLIT}",
        f"    path: {DATA_FILE}",
    ]
    lines += ["dataset_info:", "  features:"]
    for feature in card_features():
        lines.append(f"  - name: {feature['name']}")
        if "list" in feature:
            lines.append("    list: string")
        else:
            lines.append(f"    dtype: {feature['dtype']}")
    lines += [
        "  splits:",
        f"  - name: {SPLIT}",
        f"    num_bytes: {size_bytes}",
        f"    num_examples: {len(rows)}",
        "---",
    ]
    return lines


def _table(header: Sequence[str], body: Sequence[Sequence[Any]]) -> list[str]:
    lines = ["| " + " | ".join(header) + " |", "|" + "|".join("---" for _ in header) + "|"]
    lines += ["| " + " | ".join(str(cell) for cell in row) + " |" for row in body]
    return lines


def _funnel_rows(stages: Sequence[FunnelStage]) -> list[list[Any]]:
    body = []
    previous = None
    for stage in stages:
        share = share_text(stage.count, previous)
        causes = ", ".join(
            f"{reason} ({n})"
            for reason, n in sorted(stage.dropped.items(), key=lambda i: (-i[1], i[0]))[:3]
        )
        body.append([stage.name, stage.count, share, causes])
        previous = stage.count
    return body


def _partial_notice(build: dict[str, Any]) -> list[str]:
    """The warning a partial release carries under its title (nothing for a complete one)."""
    if build.get("complete"):
        return []
    return [
        "",
        f"> **Partial release.** {build['why'][0].upper()}{build['why'][1:]}. The store was "
        "released with `--allow-partial`: items from documents that build did not finish "
        "are missing, and the counts below describe a partial store "
        f"(build status `{build['status']}`).",
    ]


def _unknown_licence_notice(unknown: dict[str, Any]) -> list[str]:
    """The warning of a release that includes items of unknown licence (else nothing)."""
    if not unknown["items_included"]:
        return []
    return [
        "",
        f"> **Unknown licence.** This release includes {unknown['items_included']} items "
        f"from {paper_count(unknown['papers'])} whose licence is unknown: the source paper "
        "states neither a licence nor a licence URL, and the items were released only "
        "because `--include-unknown-licence` was given. Their rights have not been cleared. "
        "**You must clear the rights to these items with their rights holders before you "
        "redistribute this dataset**, or remove them first: their papers are listed as "
        "`unknown` in `LICENSES.md`.",
    ]


def _unknown_licence_lines(unknown: dict[str, Any]) -> list[str]:
    """The Licences section's account of the items of unknown licence (none: nothing)."""
    if unknown["items_included"]:
        return [
            "",
            f"{unknown['items_included']} items from {paper_count(unknown['papers'])} have an "
            "unknown licence (`unknown` above): clear their rights before redistribution.",
        ]
    if unknown["items_left_out"]:
        return [
            "",
            f"{unknown['items_left_out']} items from {paper_count(unknown['papers'])} whose "
            "licence is unknown were left out of this release.",
        ]
    return []


def _balancing_lines(balancing: dict[str, Any] | None) -> list[str]:
    """What balancing the wrong answers changed, with the text-only shortcuts before/after."""
    if balancing is None:
        return ["", "Wrong answers are the generator's as written (released with --no-balance)."]
    before, after = balancing["shortcut_correct_before"], balancing["shortcut_correct_after"]
    lines = [
        "",
        f"Wrong answers balanced across the release: {balancing['options_replaced']} "
        f"replaced in {balancing['items_changed']} of {balancing['items']} items by spare "
        "wrong answers the generator wrote for the same structure, so that no wording habit "
        "across the release (rarest feature or mechanism, stem overlap) points at the answer "
        "and answers are spread evenly over the length ranks. Each replacement passed the "
        "anti-shortcut option rules again and is listed in the item's provenance "
        "(`balancing`); the QC 3 judge saw the generated options. The option-only "
        "classifier is not balanced against. Text-only shortcut answers right, out of the items:",
        "",
    ]
    return lines + _table(
        ["shortcut", "generated", "released"], [[name, before[name], after[name]] for name in after]
    )


def _holdout_lines(holdout: dict[str, Any] | None) -> list[str]:
    """Which items text alone answered and were held out, with the shortcuts before/after."""
    if holdout is None:
        return ["", "No item was held out for being answerable without the image (--no-hold-out)."]
    held = holdout["held_out"]
    before, after = holdout["shortcut_correct_before"], holdout["shortcut_correct_after"]
    if not held:
        return [
            "",
            f"No item was held out: every text-only shortcut answers at most "
            f"{holdout['limit']:.0%} of the {holdout['items_before']} items, or the release "
            f"has no more than {holdout['min_items']} items to hold any out of.",
        ]
    lines = [
        "",
        f"Held out as answerable without the image: {len(held)} of {holdout['items_before']} "
        f"items, those the most text-only shortcuts answered right while one of them was over "
        f"{holdout['limit']:.0%} (adversarial filtering, never below {holdout['min_items']} "
        "items; `holdout` in release.json names them and what answered each). Text-only "
        "shortcut answers right, out of the items:",
        "",
    ]
    return lines + _table(
        ["shortcut", f"before ({holdout['items_before']})", f"released ({holdout['items_after']})"],
        [[name, before[name], after[name]] for name in after],
    )


def dataset_card(
    rows: Sequence[ReleaseRow],
    stages: Sequence[FunnelStage],
    manifest: dict[str, Any],
    size_bytes: int,
    name: str = "chemx explanatory chemistry benchmark",
) -> str:
    """The README.md text."""
    items = [row.item for row in rows]
    papers = {row.paper.id: row.paper for row in rows}
    letters: Counter[str] = Counter(item.answer for item in items)
    types = Counter(item.reasoning_type.value for item in items)
    entries = Counter(item.entry_type for item in items)
    licences = Counter(licence_label(row.paper) for row in rows)
    dates = sorted(item.published.isoformat() for item in items if item.published)
    lines = _header(rows, name, size_bytes)
    lines += [
        "",
        f"# {name}",
        *_partial_notice(manifest["build"]),
        *_unknown_licence_notice(manifest["unknown_licence"]),
        "",
        "Multiple-choice questions that test **explanatory attribution**: each item pairs a "
        "molecule or reaction image with an observed chemical effect and four explanations, "
        "each naming a different structural feature visible in the image. The correct "
        "feature–mechanism relation is taken from the source paper's own explanatory "
        "sentence; the distractors pair other features of the same structure with "
        "plausible mechanisms for the same effect (construction after ChemExplain, "
        "arXiv:2610.17183). A `matched_pair` item shows two drawn compounds that differ "
        "by one structural change, each over its label; it asks which difference explains "
        "the effect the paper compares, and its distractors are features both compounds "
        "carry.",
        "",
        "```python",
        "from datasets import load_dataset",
        f'ds = load_dataset("parquet", data_files={{"{SPLIT}": "{DATA_FILE}"}})["{SPLIT}"]',
        "```",
        "",
        "## Contents",
        "",
        f"- {len(items)} items from {len(papers)} papers, split `{SPLIT}`",
        f"- selection: {manifest['dates']}"
        + (f" (items dated {dates[0]} to {dates[-1]})" if dates else ""),
        "- reasoning types: " + ", ".join(f"{k} {v}" for k, v in sorted(types.items())),
        "- entry types: " + ", ".join(f"{k} {v}" for k, v in sorted(entries.items())),
        "- answer letters: " + ", ".join(f"{k} {letters.get(k, 0)}" for k in "ABCD"),
        "",
        "## Construction",
        "",
        "Backends (named in every item's provenance):",
        "",
    ]
    lines += [f"- {role}: `{backend}`" for role, backend in sorted(manifest["backends"].items())]
    lines += [
        "",
        "Attrition per stage (counted over the whole build store, before the date selection):",
        "",
    ]
    lines += _table(["stage", "count", "yield", "main losses"], _funnel_rows(stages))
    lines += _balancing_lines(manifest.get("balancing"))
    lines += _holdout_lines(manifest.get("holdout"))
    lines += [
        "",
        "## Licences",
        "",
        "Every item inherits the licence of its source paper (`licence_url` column and "
        "`provenance/<id>.json`); see `LICENSES.md` for the per-paper list.",
        "",
    ]
    lines += _table(["licence", "items"], sorted(licences.items()))
    lines += _unknown_licence_lines(manifest["unknown_licence"])
    lines += ["", "## Fields", ""]
    lines += _table(["column", "type", "description"], [list(c) for c in COLUMNS])
    lines += [
        "",
        "## Provenance and integrity",
        "",
        "- `provenance/<item id>.json`: paper, figure, crop box, identifier, evidence "
        "sentences with their location in the paper, the decomposition (Effect, Feature, "
        "Mechanism, other visible features), every quality-control decision with its "
        "scores, and every model call (template id and hash).",
        "- `checksums.sha256`: SHA-256 of every file (`sha256sum -c checksums.sha256`); "
        "`combined.sha256`: SHA-256 of that list, one number for the whole release.",
        "- `chemx validate <dir>` re-checks schema, single correct answers, answer-letter "
        "balance, near-duplicate stems and provenance completeness.",
        "- The release is deterministic: rows are sorted by id, the parquet writer "
        "settings are fixed and nothing records a time, so releasing the same store twice "
        "gives byte-identical files.",
        "",
        "## Limitations",
        "",
        "- Items built with the offline backends (`template-v1`, `heuristic-judge-v1`) are "
        "rule-based: options follow one sentence frame and the judge scores measurable "
        "signals, not chemistry. Use the LLM generator and judge for a publishable set.",
        "- Structures stay images; features are read from OCSR SMILES when OSRA succeeds, "
        "which misses or misreads some groups.",
        "",
    ]
    return "\n".join(lines)


def licences_md(rows: Sequence[ReleaseRow]) -> str:
    """LICENSES.md: one line per source paper with its licence and item count."""
    per_paper: dict[str, list[ReleaseRow]] = {}
    for row in rows:
        per_paper.setdefault(row.paper.id, []).append(row)
    lines = ["# Licences of the source papers", ""]
    body = [
        [
            paper_rows[0].paper.doi or paper_rows[0].paper.pmcid or paper_id,
            paper_rows[0].paper.title.replace("|", "/"),
            licence_label(paper_rows[0].paper),
            len(paper_rows),
        ]
        for paper_id, paper_rows in sorted(per_paper.items())
    ]
    lines += _table(["paper", "title", "licence", "items"], body)
    return "\n".join(lines) + "\n"
