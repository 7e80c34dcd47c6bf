"""Scoring the template decomposition against gold fields (chemx.devkit.generation_gold)."""

from __future__ import annotations

from chemx.devkit.generation_gold import score_extraction

SENTENCE = (
    "The pyridine nitrogen of 5 accepts a hydrogen bond from Lys12 and thereby raises "
    "potency 20-fold."
)


def annotation(feature: str, reasoning_type: str) -> dict[str, str]:
    return {
        "label": "explanatory",
        "text": SENTENCE,
        "effect": "a 20-fold gain in potency",
        "feature": feature,
        "mechanism": "a hydrogen bond accepted from Lys12",
        "reasoning_type": reasoning_type,
    }


def test_paraphrased_fields_count_and_each_miss_names_its_field() -> None:
    gold = {
        "papers": [
            {
                "sentences": [
                    annotation("the pyridine nitrogen", "Mechanistic"),
                    annotation("the methyl ester", "Design"),
                    {"label": "partial", "text": "Ester 9c reacted faster.", "feature": "ester"},
                    {
                        "label": "explanatory",
                        "text": "Compound 4b was obtained in 85% yield.",
                        "effect": "e",
                        "feature": "f",
                        "mechanism": "m",
                        "reasoning_type": "Mechanistic",
                    },
                ]
            }
        ]
    }
    scores = score_extraction(gold)
    assert (scores.sentences, scores.decomposed) == (3, 2)
    assert (scores.effect, scores.feature, scores.mechanism) == (2, 1, 2)
    assert (scores.all_three, scores.reasoning_type) == (1, 1)
    assert [miss.split(":")[0] for miss in scores.misses] == ["feature", "no_connective"]
    assert scores.summary() == {
        "sentences": 3,
        "decomposed": 0.667,
        "effect": 0.667,
        "feature": 0.333,
        "mechanism": 0.667,
        "all_three": 0.333,
        "reasoning_type": 0.333,
    }
