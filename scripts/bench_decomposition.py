"""Measure the offline decomposition (`chemx.generation.extract.decompose`) on real prose.

Two gold sets:

- `tests/fixtures/generation/decomposition_real.jsonl`: hand-checked sentences from
  open-licence papers (CC BY journal articles and PMC JATS files) and sentences written
  for chemx in the register of real papers, including medicinal-chemistry matched pairs.
  Each row expects a decomposition (effect, feature with its head noun, mechanism, and
  for a matched pair the comparison) or a `Vague` reason.
- the sample corpus gold (`chemx.devkit.generation_gold`), the embedded sample's own
  phrasing, which must not get worse.
- `tests/fixtures/generation/decomposition_blind.jsonl` (``blind_gold``): the explanatory
  sentences of sixty-two corpora written by authors who never saw the decomposition
  (blind-9 to blind-70); no test holds them, so their score says how the grammar meets
  prose it was not written for. A corpus is unseen only until its misses guide a fix:
  blind-11 was scored unseen at 9/45 (session 41), blind-12 at 20/56 and blind-13 at
  11/46 (session 42), blind-21 at 23/53 and blind-22 at 28/53 (session 44, with the
  hyphenated-head scoring), blind-27 at 24/52 and blind-28 at 18/53 (session 45),
  blind-29 at 26/47, blind-30 at 19/51 and blind-31 at 23/52 (session 46), and blind-32
  at 22/47, blind-33 at 19/51, blind-34 at 26/48 and blind-35 at 27/54 (session 47) before
  their readings were looked at; blind-34 and blind-35 guided no change of session 47,
  whose code reads them at 28/48 and 29/54; blind-36 (19/52) and blind-37 (28/50) were
  scored unseen in session 48, whose changes to the decomposition left both unchanged;
  blind-38 (22/49), blind-39 (20/52) and blind-40 (27/53) were scored unseen in session
  49 (blind-39 also after that session's first changes, 21/52; blind-40 also at its last
  code commit, 27/53); blind-41 (25/50), blind-42 (25/46) and blind-43 (26/48) in session
  50, and blind-44 (22/50), blind-45 (22/47, also at that session's first frozen
  commit) and blind-46 (20/51, also at its second) in session 51, whose changes left
  blind-44 at 22/50 and blind-46 at 20/51 and read blind-45 at 23/47. blind-53 (29/46)
  and blind-54 (21/45) were scored unseen in session 54; the rules their misses led to read
  them at 30/46 and 30/45 and the forty-four corpora before them at 1016/2186 (from 984).
  blind-55 (29/51), blind-56 (26/49), blind-57 (20/45) and blind-58 (28/51) were scored
  unseen in session 55 (blind-57 and blind-58 also at its first frozen commit, unchanged);
  its rules read them at 31/51, 29/49, 21/45 and 28/51, and the forty-six corpora before
  them at 1083/2277 (from 1077). blind-59 (18/44) and blind-60 (29/46) were scored unseen
  in session 56, then blind-61 (30/53) and blind-62 (32/50) unseen at base and at its
  frozen commit (unchanged); its rules read them at 22/44, 31/46, 32/53 and 33/50, and the
  fifty corpora before them at 1199/2473 (from 1192). blind-63 (28/49) and blind-64
  (28/48) were scored unseen in session 57, then blind-65 (21/46) and blind-66 (22/50)
  unseen at base and at its frozen commit (21/46 and 23/50); its rules read them at
  37/49, 28/48, 20/46 and 24/50 (blind-65 loses one row to `reads_as_predicate`, which
  does not know 'interdigitate' as a verb), and the fifty-four corpora before them at
  1335/2666 (from 1317). blind-67 (18/50) and blind-68 (23/51) were scored unseen in
  session 58, then blind-69 (20/51) and blind-70 (17/50) unseen at base and at its
  frozen commit (20/51 and 17/50); its rules read the four at 18/50, 24/51, 20/51 and
  18/50, and the fifty-eight corpora before them at 1445/2859 (unchanged).

A field counts as right when:

- effect: content-stem overlap with the gold effect >= 0.5 (`chemx.generation.text.overlap`);
- feature: the gold head noun is one of the feature's words (hyphenated parts count);
- mechanism: overlap with the gold mechanism >= 0.5 and it reads as a predicate (its
  first word, after adverbs, is a verb form), so "<Feature> <Mechanism>" is a sentence;
- comparison (matched pairs): both compound labels and the change agree.

Usage: ``.venv/bin/python scripts/bench_decomposition.py [--json OUT] [--misses] [--gold ROWS]``
(``--gold`` scores another set of rows in the same format, e.g. a blind corpus's sentences).
"""

from __future__ import annotations

import argparse
import json
import time
from collections import Counter, defaultdict
from pathlib import Path
from typing import Any

from chemx.devkit.generation_gold import score_extraction
from chemx.devkit.sample_gold import load_gold
from chemx.generation.extract import Decomposition, decompose
from chemx.generation.lexicon import VERB_FORMS
from chemx.generation.text import overlap, words

GOLD = Path(__file__).resolve().parents[1] / "tests/fixtures/generation/decomposition_real.jsonl"
BLIND = GOLD.with_name("decomposition_blind.jsonl")
"""Explanatory sentences of the blind corpora whose authors never saw the decomposition,
with their gold fields: a measure only (no test asserts them), so that the shipped gold's
score, which the tests hold at 100%, is not the only figure."""
AGREEMENT = 0.5
SPEED_REPEATS = 20
"""Passes over the gold sentences when timing (the whole set takes milliseconds)."""


def load_rows(path: Path = GOLD) -> list[dict[str, Any]]:
    """The gold rows, in file order."""
    return [json.loads(line) for line in path.read_text().splitlines() if line.strip()]


def reads_as_predicate(mechanism: str) -> bool:
    """Whether the first word after adverbs is a verb form ('sterically shields', 'is', ...)."""
    tokens = [w for w in words(mechanism) if not (w.endswith("ly") or w in {"not", "also"})]
    if tokens[:2] == ["no", "longer"]:
        tokens = tokens[2:]  # "no longer prefers the near-orthogonal torsion"
    if not tokens:
        return False
    first = tokens[0]
    return first in VERB_FORMS or first.endswith(("es", "ed")) or first.endswith("s")


def head_found(feature: str, head: str) -> bool:
    """Whether the gold head noun is one of the feature's words or hyphenated parts.

    A part is any run of a word's hyphen-joined pieces, so a hyphenated head ("tert-butyl")
    is found in "ortho-tert-butyl group" as a plain one ("butyl") is; a head of several
    words once split ("C–H") is found as the same run of the feature's words.
    """
    parts = set()
    for word in words(feature):
        pieces = word.split("-")
        parts.update(
            "-".join(pieces[start:end])
            for start in range(len(pieces))
            for end in range(start + 1, len(pieces) + 1)
        )
    if head.lower() in parts:
        return True
    # a head that `words` splits ("C–H" -> c, h) is found as the same run of words
    wanted, found = words(head), words(feature)
    return len(wanted) > 1 and any(
        found[start : start + len(wanted)] == wanted for start in range(len(found))
    )


def score_row(row: dict[str, Any]) -> dict[str, Any]:
    """One row's outcome: what came back and which checks passed."""
    result = decompose(row["text"], row.get("previous"))
    decomposed = isinstance(result, Decomposition)
    out: dict[str, Any] = {"id": row["id"], "construction": row["construction"]}
    if row["expect"] == "vague":
        out["ok"] = not decomposed
        out["reason_ok"] = not decomposed and result.reason == row["reason"]  # type: ignore[union-attr]
        out["got"] = repr(result)
        return out
    out["decomposed"] = decomposed
    if not decomposed:
        out.update(ok=False, got=repr(result))
        return out
    assert isinstance(result, Decomposition)
    checks = {
        "effect": overlap(result.effect, row["effect"]) >= AGREEMENT,
        "feature": head_found(result.feature, row["feature_head"]),
        "mechanism": overlap(result.mechanism, row["mechanism"]) >= AGREEMENT
        and reads_as_predicate(result.mechanism),
    }
    expected_pair = row.get("comparison")
    if expected_pair:
        got = getattr(result, "comparison", None)
        checks["comparison"] = bool(
            got
            and got.from_label == expected_pair["from_label"]
            and got.to_label == expected_pair["to_label"]
            and overlap(got.change, expected_pair["change"]) >= AGREEMENT
        )
    out.update(checks)
    out["ok"] = all(checks.values())
    out["got"] = (
        f"effect={result.effect!r} feature={result.feature!r} mechanism={result.mechanism!r}"
        f" via {result.connective}"
    )
    return out


def summarise(rows: list[dict[str, Any]], scored: list[dict[str, Any]]) -> dict[str, Any]:
    """Shares over the gold set, per origin and per construction."""
    positive = [s for s, r in zip(scored, rows, strict=True) if r["expect"] == "decomposition"]
    negative = [s for s, r in zip(scored, rows, strict=True) if r["expect"] == "vague"]
    pairs = [s for s, r in zip(scored, rows, strict=True) if "comparison" in r]

    def share(items: list[dict[str, Any]], key: str) -> float:
        return round(sum(bool(i.get(key)) for i in items) / len(items), 3) if items else 0.0

    constructions: dict[str, Counter[str]] = defaultdict(Counter)
    for item in scored:
        constructions[item["construction"]]["n"] += 1
        constructions[item["construction"]]["ok"] += int(item["ok"])
    by_origin: dict[str, Counter[str]] = defaultdict(Counter)
    for item, row in zip(scored, rows, strict=True):
        by_origin[f"{row['origin']}/{row['expect']}"]["n"] += 1
        by_origin[f"{row['origin']}/{row['expect']}"]["ok"] += int(item["ok"])
    return {
        "sentences": len(rows),
        "expected_decompositions": len(positive),
        "decomposed": share(positive, "decomposed"),
        "effect": share(positive, "effect"),
        "feature": share(positive, "feature"),
        "mechanism": share(positive, "mechanism"),
        "all_fields": share(positive, "ok"),
        "matched_pairs": len(pairs),
        "comparison": share(pairs, "comparison"),
        "expected_vague": len(negative),
        "vague_kept": share(negative, "ok"),
        "vague_reason": share(negative, "reason_ok"),
        "by_origin": {k: dict(v) for k, v in sorted(by_origin.items())},
        "by_construction": {k: f"{v['ok']}/{v['n']}" for k, v in sorted(constructions.items())},
    }


def speed(rows: list[dict[str, Any]]) -> float:
    """Sentences decomposed per second (gold sentences, repeated)."""
    texts = [row["text"] for row in rows] * SPEED_REPEATS
    start = time.perf_counter()
    for text in texts:
        decompose(text)
    return round(len(texts) / (time.perf_counter() - start), 1)


def blind_summary() -> dict[str, Any]:
    """The blind corpora's figures, all fields right per corpus ('blind-9', 'blind-10')."""
    rows = load_rows(BLIND)
    scored = [score_row(row) for row in rows]
    summary = summarise(rows, scored)
    return {k: summary[k] for k in ("sentences", "decomposed", "all_fields", "by_origin")}


def main() -> None:
    """Print the figures (and the misses with --misses); write JSON with --json."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--json", type=Path, help="write the figures here as JSON")
    parser.add_argument("--misses", action="store_true", help="print every wrong row")
    parser.add_argument(
        "--gold", type=Path, default=GOLD, help="gold rows, JSON lines (default: the shipped set)"
    )
    args = parser.parse_args()
    rows = load_rows(args.gold)
    scored = [score_row(row) for row in rows]
    report = {
        "real_gold": summarise(rows, scored),
        "blind_gold": blind_summary() if args.gold == GOLD else None,
        "sample_gold": score_extraction(load_gold()).summary(),
        "sentences_per_second": speed(rows),
    }
    if args.misses:
        for item, row in zip(scored, rows, strict=True):
            if not item["ok"]:
                print(f"MISS {row['id']} [{row['construction']}] {row['text'][:100]}")
                print(f"     expected {row['expect']} {row.get('reason', '')}; got {item['got']}")
    print(json.dumps(report, indent=2, ensure_ascii=False))
    if args.json:
        args.json.write_text(json.dumps(report, indent=2, ensure_ascii=False) + "\n")


if __name__ == "__main__":
    main()
